"""Keep the final list: at most ``top_k`` chunks with a score of at least ``min_score``."""

from __future__ import annotations

from typing import Any

from haystack import Document, component


@component
class FinalSelector:
    def __init__(self, top_k: int = 5, min_score: float = 0.0) -> None:
        self.top_k = top_k
        self.min_score = min_score

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document], top_k: int | None = None, min_score: float | None = None) -> dict[str, Any]:
        k = self.top_k if top_k is None else top_k
        threshold = self.min_score if min_score is None else min_score
        kept = [d for d in documents if (d.score or 0.0) >= threshold]
        kept.sort(key=lambda d: -(d.score or 0.0))
        return {"documents": kept[:k]}
