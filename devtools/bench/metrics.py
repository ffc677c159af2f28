"""Retrieval metrics: LegalBench-RAG's character-overlap precision / recall, article hits, MRR, percentiles.

Character-overlap metrics follow the LegalBench-RAG harness (Pipitone & Houir Alami 2024,
``legalbenchrag/run_benchmark.py``, ``QAResult.precision`` / ``QAResult.recall``):

* **precision** = characters of the retrieved snippets that fall inside a gold span, divided by the total
  length of the retrieved snippets. Each retrieved snippet counts on its own, as in the harness, so two
  overlapping chunks both count their shared characters (in numerator and denominator alike).
* **recall** = characters of the gold spans covered by at least one retrieved snippet, divided by the total
  length of the gold spans. The harness sums overlaps snippet by snippet, which equals coverage when
  retrieved snippets do not overlap; Greffier's windows repeat ``chunking.overlap`` tokens, so coverage is
  computed on the union of the retrieved snippets to keep recall within [0, 1].

Both are 0 when there is nothing to divide by (no retrieved text, no gold text), as in the harness.
Gold spans of one query are merged first (the harness assumes they never overlap).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class FileSpan:
    """A half-open character span ``[start, end)`` of one file (path as the benchmark names it)."""

    file: str
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before its start {self.start} in {self.file!r}")

    def __len__(self) -> int:
        return self.end - self.start


def merge_spans(spans: Iterable[FileSpan]) -> list[FileSpan]:
    """Sorted spans with overlapping or touching spans of the same file joined; empty spans dropped."""
    merged: list[FileSpan] = []
    for span in sorted(s for s in spans if s.end > s.start):
        last = merged[-1] if merged else None
        if last is not None and last.file == span.file and span.start <= last.end:
            merged[-1] = FileSpan(last.file, last.start, max(last.end, span.end))
        else:
            merged.append(span)
    return merged


def overlap(a: FileSpan, b: FileSpan) -> int:
    """Characters shared by two spans (0 for different files or disjoint spans)."""
    if a.file != b.file:
        return 0
    return max(0, min(a.end, b.end) - max(a.start, b.start))


def span_precision(retrieved: Sequence[FileSpan], gold: Sequence[FileSpan]) -> float:
    """LegalBench-RAG precision: retrieved characters inside gold spans / retrieved characters."""
    gold_merged = merge_spans(gold)
    total = sum(len(span) for span in retrieved)
    if total == 0:
        return 0.0
    relevant = sum(overlap(span, g) for span in retrieved for g in gold_merged)
    return relevant / total


def span_recall(retrieved: Sequence[FileSpan], gold: Sequence[FileSpan]) -> float:
    """LegalBench-RAG recall: gold characters covered by the retrieved snippets / gold characters."""
    gold_merged = merge_spans(gold)
    total = sum(len(g) for g in gold_merged)
    if total == 0:
        return 0.0
    covered_union = merge_spans(retrieved)
    covered = sum(overlap(span, g) for span in covered_union for g in gold_merged)
    return covered / total


def hits_gold(span: FileSpan, gold: Sequence[FileSpan]) -> bool:
    """True when ``span`` shares at least one character with a gold span."""
    return any(overlap(span, g) > 0 for g in gold)


def reciprocal_rank(relevant: Sequence[bool]) -> float:
    """1 / rank of the first relevant result (ranks from 1), 0.0 when none is relevant."""
    for rank, is_relevant in enumerate(relevant, start=1):
        if is_relevant:
            return 1.0 / rank
    return 0.0


def article_recall(retrieved_articles: Sequence[str | None], gold: Iterable[str]) -> float:
    """Share of the gold article ids that appear among the articles of the retrieved chunks."""
    wanted = set(gold)
    if not wanted:
        return 0.0
    return len(wanted & {a for a in retrieved_articles if a is not None}) / len(wanted)


def article_precision(retrieved_articles: Sequence[str | None], gold: Iterable[str]) -> float:
    """Share of the retrieved chunks that belong to a gold article (0.0 for an empty list)."""
    if not retrieved_articles:
        return 0.0
    wanted = set(gold)
    return sum(1 for a in retrieved_articles if a in wanted) / len(retrieved_articles)


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; NaN for an empty sequence (as the harness's ``avg``)."""
    return sum(values) / len(values) if values else math.nan


def percentile(values: Sequence[float], pct: float) -> float:
    """The ``pct``-th percentile with linear interpolation between order statistics (numpy's default).

    Raises ValueError for ``pct`` outside [0, 100]; returns NaN for an empty sequence.
    """
    if not 0 <= pct <= 100:
        raise ValueError(f"percentile must be between 0 and 100, got {pct}")
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * pct / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
