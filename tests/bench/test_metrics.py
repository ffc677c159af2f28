"""LegalBench-RAG character-overlap metrics, article hits, MRR and percentiles on hand-made values."""

from __future__ import annotations

import math

import pytest

from devtools.bench.metrics import (
    FileSpan,
    article_precision,
    article_recall,
    hits_gold,
    mean,
    merge_spans,
    overlap,
    percentile,
    reciprocal_rank,
    span_precision,
    span_recall,
)

GOLD = [FileSpan("a.txt", 100, 200), FileSpan("a.txt", 300, 350)]  # 150 gold characters


def test_overlap_needs_the_same_file_and_shared_characters():
    assert overlap(FileSpan("a.txt", 0, 10), FileSpan("a.txt", 5, 20)) == 5
    assert overlap(FileSpan("a.txt", 0, 10), FileSpan("a.txt", 10, 20)) == 0  # half-open spans touch
    assert overlap(FileSpan("a.txt", 0, 10), FileSpan("b.txt", 0, 10)) == 0


def test_merge_spans_joins_overlapping_and_touching_spans_per_file():
    spans = [FileSpan("a.txt", 10, 20), FileSpan("b.txt", 0, 5), FileSpan("a.txt", 15, 30), FileSpan("a.txt", 30, 31), FileSpan("a.txt", 40, 40)]
    assert merge_spans(spans) == [FileSpan("a.txt", 10, 31), FileSpan("b.txt", 0, 5)]


def test_precision_is_gold_characters_over_retrieved_characters():
    retrieved = [FileSpan("a.txt", 150, 250)]  # 100 chars, 50 inside gold
    assert span_precision(retrieved, GOLD) == 0.5
    # A second snippet in another file adds 100 retrieved characters and nothing relevant.
    assert span_precision([*retrieved, FileSpan("b.txt", 100, 200)], GOLD) == 0.25
    # Spanning both gold spans: 50 + 50 relevant of 300.
    assert span_precision([FileSpan("a.txt", 150, 450)], GOLD) == pytest.approx(100 / 300)


def test_precision_counts_each_retrieved_snippet_like_the_harness():
    # Two overlapping chunks both inside gold: 60 + 60 relevant of 120 retrieved.
    assert span_precision([FileSpan("a.txt", 100, 160), FileSpan("a.txt", 130, 190)], GOLD) == 1.0
    assert span_precision([FileSpan("a.txt", 100, 160), FileSpan("a.txt", 130, 250)], GOLD) == pytest.approx((60 + 70) / 180)


def test_recall_is_covered_gold_characters_over_gold_characters():
    assert span_recall([FileSpan("a.txt", 150, 250)], GOLD) == pytest.approx(50 / 150)
    assert span_recall([FileSpan("a.txt", 0, 1000)], GOLD) == 1.0
    assert span_recall([FileSpan("b.txt", 0, 1000)], GOLD) == 0.0


def test_recall_counts_characters_covered_twice_once():
    twice = [FileSpan("a.txt", 100, 180), FileSpan("a.txt", 120, 200)]
    assert span_recall(twice, GOLD) == pytest.approx(100 / 150)


def test_empty_lists_score_zero_as_in_the_harness():
    assert span_precision([], GOLD) == 0.0
    assert span_recall([], GOLD) == 0.0
    assert span_recall([FileSpan("a.txt", 0, 10)], []) == 0.0
    assert span_precision([FileSpan("a.txt", 5, 5)], GOLD) == 0.0


def test_overlapping_gold_spans_are_merged_before_counting():
    gold = [FileSpan("a.txt", 0, 100), FileSpan("a.txt", 50, 150)]
    assert span_recall([FileSpan("a.txt", 0, 150)], gold) == 1.0
    assert span_precision([FileSpan("a.txt", 0, 300)], gold) == 0.5


def test_hits_and_reciprocal_rank():
    assert hits_gold(FileSpan("a.txt", 199, 210), GOLD)
    assert not hits_gold(FileSpan("a.txt", 200, 300), GOLD)
    assert reciprocal_rank([False, False, True, True]) == pytest.approx(1 / 3)
    assert reciprocal_rank([True]) == 1.0
    assert reciprocal_rank([False, False]) == 0.0
    assert reciprocal_rank([]) == 0.0


def test_article_recall_and_precision():
    retrieved = ["A1", "X", "A1", None, "A2"]
    assert article_recall(retrieved, ["A1", "A2", "A3"]) == pytest.approx(2 / 3)
    assert article_recall(retrieved[:1], ["A1", "A2"]) == 0.5
    assert article_precision(retrieved, ["A1", "A2"]) == pytest.approx(3 / 5)
    assert article_precision([], ["A1"]) == 0.0
    assert article_recall(retrieved, []) == 0.0


def test_mean_and_percentile():
    assert mean([1.0, 2.0, 6.0]) == 3.0
    assert math.isnan(mean([]))
    values = [10.0, 20.0, 30.0, 40.0]
    assert percentile(values, 50) == 25.0
    assert percentile(values, 95) == pytest.approx(38.5)
    assert percentile(values, 0) == 10.0 and percentile(values, 100) == 40.0
    assert percentile([7.0], 95) == 7.0
    assert math.isnan(percentile([], 50))
    with pytest.raises(ValueError, match="between 0 and 100"):
        percentile(values, 101)


def test_span_end_before_start_is_refused():
    with pytest.raises(ValueError, match="before its start"):
        FileSpan("a.txt", 10, 5)
