"""Fusion of the dense and lexical result lists.

Methods:
- ``combine_and_dedup`` (default): each list's scores are scaled to 0..1 by its best score, then
  ``dense_weight * dense + lexical_weight * lexical``; a chunk found by both gets both parts.
- ``rrf``: reciprocal rank fusion, ``sum(weight / (k + rank))`` with k = 60.
- ``boost_only``: the dense list decides which chunks are candidates; lexical matches only raise the
  score of chunks already there (a lexical-only hit is not added).
"""

from __future__ import annotations

import time
from typing import Any

from haystack import Document, component

METHODS = ("combine_and_dedup", "rrf", "boost_only")


def _scaled(documents: list[Document]) -> dict[str, float]:
    if not documents:
        return {}
    best = max((d.score or 0.0) for d in documents)
    if best <= 0:
        return {d.id: 0.0 for d in documents}
    return {d.id: max(0.0, (d.score or 0.0) / best) for d in documents}


def _ranks(documents: list[Document]) -> dict[str, int]:
    return {d.id: rank for rank, d in enumerate(documents, start=1)}


@component
class HybridFusion:
    """Merge dense and lexical lists into one ranking without duplicates."""

    def __init__(self, method: str = "combine_and_dedup", dense_weight: float = 0.5, lexical_weight: float = 0.5, rrf_k: int = 60, top_k: int = 50) -> None:
        if method not in METHODS:
            raise ValueError(f"unknown fusion method {method!r}: use one of {', '.join(METHODS)}")
        self.method = method
        self.dense_weight = dense_weight
        self.lexical_weight = lexical_weight
        self.rrf_k = rrf_k
        self.top_k = top_k

    @component.output_types(documents=list[Document], ms=float)
    def run(
        self,
        dense: list[Document] | None = None,
        lexical: list[Document] | None = None,
        method: str | None = None,
        top_k: int | None = None,
    ) -> dict[str, Any]:
        started = time.perf_counter()
        method = method or self.method
        if method not in METHODS:
            raise ValueError(f"unknown fusion method {method!r}: use one of {', '.join(METHODS)}")
        dense, lexical = dense or [], lexical or []
        meta: dict[str, dict] = {}
        for doc in (*lexical, *dense):
            meta.setdefault(doc.id, {}).update(doc.meta)
        if method == "rrf":
            scores: dict[str, float] = {}
            for weight, ranks in ((self.dense_weight, _ranks(dense)), (self.lexical_weight, _ranks(lexical))):
                for doc_id, rank in ranks.items():
                    scores[doc_id] = scores.get(doc_id, 0.0) + weight / (self.rrf_k + rank)
        else:
            dense_scaled, lexical_scaled = _scaled(dense), _scaled(lexical)
            candidates = list(dense_scaled) if method == "boost_only" else list(dict.fromkeys([*dense_scaled, *lexical_scaled]))
            scores = {
                doc_id: self.dense_weight * dense_scaled.get(doc_id, 0.0) + self.lexical_weight * lexical_scaled.get(doc_id, 0.0)
                for doc_id in candidates
            }
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[: top_k or self.top_k]
        documents = [Document(id=doc_id, score=score, meta={**meta.get(doc_id, {}), "fusion_score": score}) for doc_id, score in ranked]
        return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}
