"""Keep the final list: at most ``top_k`` chunks whose fused score (the fusion's 0-1 ``fusion_score``, before a clause-type
boost or a rerank moved it past 1) is at least ``min_score``.

When the question fits several contracts of one kind and names none of them (an *ambiguous* scope,
:mod:`pipelines.routers.scoping`), the best passage of each of those contracts comes first, so that
each one can be answered, and the list holds at least one passage per contract. When a question that
is not scoped names something (the scope resolver's *hint*), the passages of the contracts that carry
its names come first. A question who signed (:class:`pipelines.retrievers.workspace_retrievers.SignatureBlocks`): the
signature blocks of the contracts it names come first.
"""

from __future__ import annotations

from typing import Any

from haystack import Document, component

from pipelines.types import scope_contract_ids


@component
class FinalSelector:
    def __init__(self, top_k: int = 5, min_score: float = 0.0) -> None:
        self.top_k = top_k
        self.min_score = min_score

    @component.output_types(documents=list[Document])
    def run(
        self, documents: list[Document], top_k: int | None = None, min_score: float | None = None, scope: dict | None = None, hint: dict | None = None,
    ) -> dict[str, Any]:
        k = self.top_k if top_k is None else top_k
        threshold = self.min_score if min_score is None else min_score
        # the threshold reads the fusion's 0-1 score (the sidebar's scale), not a score a clause-type boost or a rerank moved
        kept = [d for d in documents if _fused(d) >= threshold]
        kept.sort(key=lambda d: -(d.score or 0.0))
        hinted = scope_contract_ids(hint)
        if hinted:
            # an unscoped question that names something: the passages of the contracts carrying its
            # names first, in score order (the answer is drawn from them only), then the others
            kept = [d for d in kept if d.meta.get("doc_id") in hinted] + [d for d in kept if d.meta.get("doc_id") not in hinted]
        # a question who signed: the named contracts' signature blocks first, whatever a clause type moved (they answer it)
        signed = [d for d in kept if d.meta.get("lifted") == "signatures"]
        if signed:
            kept = signed + [d for d in kept if d not in signed]
            k = max(k, len(signed))
        if scope and scope.get("ambiguous"):
            firsts: dict[str, Document] = {}
            for doc in kept:
                firsts.setdefault(doc.meta.get("doc_id") or doc.id, doc)
            leading = list(firsts.values())
            rest = [doc for doc in kept if doc not in leading]
            return {"documents": (leading + rest)[: max(k, len(leading))]}
        return {"documents": kept[:k]}


def _fused(document: Document) -> float:
    """The passage's fused score on the 0-1 scale; its score when no fusion gave one (a single retriever)."""
    fused = document.meta.get("fusion_score")
    return float(fused) if fused is not None else (document.score or 0.0)
