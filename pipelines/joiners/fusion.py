"""Fusion of the dense and lexical result lists.

Methods:
- ``combine_and_dedup`` (default): each list's scores are scaled to 0..1 by its best score, then
  summed with the weights (normalised to sum to 1): Haystack's ``DocumentJoiner`` in ``merge`` mode on
  the scaled lists. A chunk found by both gets both parts.
- ``rrf``: reciprocal rank fusion, Haystack's ``DocumentJoiner`` in ``reciprocal_rank_fusion`` mode
  (k = 60 with ranks from 1; its scores are normalised so that a chunk ranked first by every list
  scores 1, on the same 0..1 scale as the other methods and the minimum-score knob).
- ``boost_only``: the dense list decides which chunks are candidates; lexical matches only raise the
  score of chunks already there (a lexical-only hit is not added). Haystack has no such mode.

Whatever the method, a chunk keeps the meta of both lists (``dense_score``, ``bm25_score``), and ties
are broken by chunk id, so the ranking is the same from one run to the next.
"""

from __future__ import annotations

import time
from typing import Any

from haystack import Document, component
from haystack.components.joiners import DocumentJoiner

from store.repository import contract_id_of_chunk
from pipelines.types import scope_contract_ids

from greffier.config import FUSION_METHODS

METHODS = FUSION_METHODS
RRF_K = 60  # the k of Haystack's reciprocal rank fusion (61 with ranks from 0)


@component
class HybridFusion:
    """Merge dense and lexical lists into one ranking without duplicates."""

    def __init__(self, method: str = "combine_and_dedup", dense_weight: float = 0.5, lexical_weight: float = 0.5, rrf_k: int = 60, top_k: int = 50) -> None:
        if method not in METHODS:
            raise ValueError(f"unknown fusion method {method!r}: use one of {', '.join(METHODS)}")
        if rrf_k != RRF_K:
            raise ValueError(f"rrf_k={rrf_k}: reciprocal rank fusion uses k = {RRF_K} (Haystack's DocumentJoiner); remove the setting")
        self.method = method
        self.dense_weight = dense_weight
        self.lexical_weight = lexical_weight
        self.rrf_k = rrf_k
        self.top_k = top_k
        weights = [dense_weight, lexical_weight] if dense_weight + lexical_weight > 0 else [1.0, 1.0]
        self._merge = DocumentJoiner(join_mode="merge", weights=weights, sort_by_score=False)
        self._rrf = DocumentJoiner(join_mode="reciprocal_rank_fusion", weights=weights, sort_by_score=False)

    @component.output_types(documents=list[Document], ms=float)
    def run(
        self,
        dense: list[Document] | None = None,
        lexical: list[Document] | None = None,
        method: str | None = None,
        top_k: int | None = None,
        scope: dict | None = None,
        hint: dict | None = None,
    ) -> dict[str, Any]:
        """``scope`` (the scope resolver's): an ambiguous one keeps every fused passage, so that the
        selector finds the best one of each contract; a ``hint`` (the contracts an unscoped question
        names) puts their passages first among those kept."""
        started = time.perf_counter()
        method = method or self.method
        if method not in METHODS:
            raise ValueError(f"unknown fusion method {method!r}: use one of {', '.join(METHODS)}")
        dense, lexical = dense or [], lexical or []
        meta: dict[str, dict] = {}
        for doc in (*lexical, *dense):
            meta.setdefault(doc.id, {}).update(doc.meta)
        if method == "rrf":
            joined = self._rrf.run(documents=[dense, lexical])["documents"]
        elif method == "combine_and_dedup":
            joined = self._merge.run(documents=[_scaled(dense), _scaled(lexical)])["documents"]
        else:
            joined = _boosted(_scaled(dense), _scaled(lexical), self.dense_weight, self.lexical_weight)
        keep = len(joined) if scope and scope.get("ambiguous") else top_k or self.top_k
        hinted = scope_contract_ids(hint)
        # with a hint, the passages of the hinted contracts first: they are the ones kept (and hydrated)
        ranked = sorted(joined, key=lambda doc: (bool(hinted) and _contract(doc, meta) not in hinted, -(doc.score or 0.0), doc.id))[:keep]
        documents = [Document(id=doc.id, score=doc.score, meta={**meta.get(doc.id, {}), "fusion_score": doc.score}) for doc in ranked]
        return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}


def _contract(doc: Document, meta: dict[str, dict]) -> str | None:
    """The contract of a fused passage: its metadata's, else read from its chunk id (``<contract>-<n>``)."""
    return meta.get(doc.id, {}).get("doc_id") or contract_id_of_chunk(doc.id)


def _scaled(documents: list[Document]) -> list[Document]:
    """The list with each score divided by the list's best (0..1); all 0 when the best is not positive."""
    if not documents:
        return []
    best = max((d.score or 0.0) for d in documents)
    return [Document(id=d.id, score=max(0.0, (d.score or 0.0) / best) if best > 0 else 0.0) for d in documents]


def _boosted(dense: list[Document], lexical: list[Document], dense_weight: float, lexical_weight: float) -> list[Document]:
    """``boost_only``: the dense candidates, each raised by its (weighted) lexical score."""
    lexical_scores = {d.id: d.score or 0.0 for d in lexical}
    return [Document(id=d.id, score=dense_weight * (d.score or 0.0) + lexical_weight * lexical_scores.get(d.id, 0.0)) for d in dense]
