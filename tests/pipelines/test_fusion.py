"""HybridFusion (Haystack's DocumentJoiner for merge and RRF) ranks as the fusion formulas say, ties
broken by chunk id, and keeps both lists' meta."""

from __future__ import annotations

import pytest
from haystack import Document
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.joiners.fusion import HybridFusion


def _reference(method: str, dense: list[Document], lexical: list[Document], dw: float, lw: float) -> list[str]:
    """The fusion formulas written out: the ranking the component must give."""
    def scaled(docs):
        best = max((d.score for d in docs), default=0.0)
        return {d.id: (d.score / best if best > 0 else 0.0) for d in docs}

    if method == "rrf":
        scores: dict[str, float] = {}
        for weight, docs in ((dw, dense), (lw, lexical)):
            for rank, d in enumerate(docs, start=1):
                scores[d.id] = scores.get(d.id, 0.0) + weight / (60 + rank)
    else:
        ds, ls = scaled(dense), scaled(lexical)
        ids = list(ds) if method == "boost_only" else list(dict.fromkeys([*ds, *ls]))
        scores = {i: dw * ds.get(i, 0.0) + lw * ls.get(i, 0.0) for i in ids}
    return [i for i, _ in sorted(scores.items(), key=lambda kv: (-round(kv[1], 12), kv[0]))]


_lists = st.lists(st.tuples(st.sampled_from([f"c{i}-{j}" for i in range(4) for j in range(5)]), st.sampled_from([0.0, 0.2, 0.5, 0.5, 0.9, 1.3])), max_size=12, unique_by=lambda t: t[0])


@settings(max_examples=150, deadline=None, derandomize=True)
@given(dense=_lists, lexical=_lists, method=st.sampled_from(["combine_and_dedup", "rrf", "boost_only"]), dw=st.sampled_from([0.3, 0.5, 1.0]))
def test_the_ranking_is_the_formulas(dense, lexical, method, dw):
    dense_docs = [Document(id=i, score=s, meta={"dense_score": s}) for i, s in sorted(dense, key=lambda t: -t[1])]
    lexical_docs = [Document(id=i, score=s, meta={"bm25_score": s}) for i, s in sorted(lexical, key=lambda t: -t[1])]
    fusion = HybridFusion(method=method, dense_weight=dw, lexical_weight=1.0 - dw if dw < 1 else 0.0, top_k=100)
    got = fusion.run(dense=dense_docs, lexical=lexical_docs)["documents"]
    # Rounding: the component's sums are computed in another order; equal scores must stay equal.
    assert [d.id for d in got] == _reference(method, dense_docs, lexical_docs, fusion.dense_weight, fusion.lexical_weight)


def test_a_chunk_found_by_both_keeps_both_scores():
    dense = [Document(id="a-1", score=0.8, meta={"dense_score": 0.8})]
    lexical = [Document(id="a-1", score=12.0, meta={"bm25_score": 12.0}), Document(id="b-1", score=6.0, meta={"bm25_score": 6.0})]
    out = HybridFusion(dense_weight=0.3, lexical_weight=0.7).run(dense=dense, lexical=lexical)["documents"]
    assert [d.id for d in out] == ["a-1", "b-1"]
    assert out[0].meta["dense_score"] == 0.8 and out[0].meta["bm25_score"] == 12.0
    assert out[0].score == pytest.approx(1.0) and out[1].score == pytest.approx(0.35)


def test_rrf_scores_are_on_the_zero_to_one_scale():
    docs = [Document(id=f"a-{n}", score=1.0 / n) for n in range(1, 4)]
    out = HybridFusion(method="rrf", dense_weight=0.5, lexical_weight=0.5).run(dense=docs, lexical=docs)["documents"]
    assert out[0].score == pytest.approx(1.0) and 0 < out[-1].score < out[0].score


def test_another_rrf_k_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="k = 60"):
        HybridFusion(method="rrf", rrf_k=10)
