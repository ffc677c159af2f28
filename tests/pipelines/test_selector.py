"""The final selector's minimum score reads the fused 0-1 score the sidebar speaks of, not a boosted one."""

from __future__ import annotations

from haystack import Document

from pipelines.joiners.selector import FinalSelector


def test_the_minimum_score_reads_the_fused_score_not_a_boost_past_one():
    boosted = Document(id="c1-1", content="a", score=1.11, meta={"doc_id": "c1", "fusion_score": 0.91})
    plain = Document(id="c2-1", content="b", score=0.95, meta={"doc_id": "c2", "fusion_score": 0.95})
    kept = FinalSelector(top_k=5, min_score=1.0).run(documents=[boosted, plain])["documents"]
    assert kept == []
    kept = FinalSelector(top_k=5, min_score=0.93).run(documents=[boosted, plain])["documents"]
    assert [d.id for d in kept] == ["c2-1"]
    # the order is still the boosted score's
    kept = FinalSelector(top_k=5, min_score=0.5).run(documents=[plain, boosted])["documents"]
    assert [d.id for d in kept] == ["c1-1", "c2-1"]


def test_a_passage_without_a_fused_score_is_judged_on_its_own_score():
    single = Document(id="c3-1", content="c", score=0.4, meta={"doc_id": "c3"})
    assert FinalSelector(top_k=5, min_score=0.5).run(documents=[single])["documents"] == []
    assert [d.id for d in FinalSelector(top_k=5, min_score=0.3).run(documents=[single])["documents"]] == ["c3-1"]
