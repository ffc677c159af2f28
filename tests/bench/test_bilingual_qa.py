"""Metric functions of benchmarks/bilingual_qa.py on hand-made inputs, and the shape of the shipped fresh set (no shared data, no model)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from devtools.bench.scripts import load_script

qa = load_script("bilingual_qa.py")

LEASE = qa.Expected("demo/bail.pdf", "ARTICLE 3 — DURÉE", "pour neuf années entières")
COPY = qa.Expected("demo/copie.docx", "ARTICLE 3 — DURÉE", "pour neuf années entières")


def result(file: str, section: str | None, text: str = "") -> dict:
    return {"file": file, "section": section, "text": text}


def question(qid: str, tags: tuple[str, ...], expected: tuple = (LEASE,), lang: str = "fr") -> qa.Question:
    return qa.Question(qid, None, "Quelle est la durée du bail ?", lang, tags, expected)


def record(tags: list[str], scores: dict, lang: str = "fr", search_ms: float = 10.0, answer_ms: float = 20.0) -> dict:
    return {"tags": tags, "lang": lang, "scores": scores, "latency_ms": {"search": search_ms, "answer": answer_ms}}


def test_fold_unifies_case_accents_dashes_quotes_and_spaces():
    assert qa.fold("ARTICLE 3 — Durée\u00a0:  l’Acheteur") == "article 3 - duree : l'acheteur"
    assert qa.fold(None) == ""


def test_an_article_label_matches_whole_words_only():
    assert qa.label_matches("ARTICLE 3 — DURÉE", "ARTICLE 3 - DURÉE")  # PDF dash
    assert qa.label_matches("Article 1", "Article 1 – Definitions")
    assert not qa.label_matches("ARTICLE 1", "ARTICLE 12 - DROIT APPLICABLE")
    assert qa.label_matches("4.", "CONTRACT > 4. TERM")
    assert not qa.label_matches("ARTICLE 1", None)


def test_a_result_is_a_hit_by_file_and_section_or_fact():
    assert qa.is_hit(result("demo/bail.pdf", "ARTICLE 3 - DURÉE"), [LEASE])
    assert qa.is_hit(result("demo/bail.pdf", None, "Le bail est consenti POUR NEUF  années\nentières."), [LEASE])
    assert not qa.is_hit(result("demo/other.pdf", "ARTICLE 3 - DURÉE", "pour neuf années entières"), [LEASE])
    assert not qa.is_hit(result("demo/bail.pdf", "ARTICLE 4 - LOYER", "186 000 euros"), [LEASE])
    assert qa.is_hit(result("demo/copie.docx", "ARTICLE 3 — DURÉE"), [LEASE, COPY])  # any expected entry


def test_rank_success_and_reciprocal_rank():
    results = [result("x.pdf", None), result("demo/bail.pdf", "ARTICLE 9"), result("demo/bail.pdf", "ARTICLE 3 - DURÉE")]
    scores = qa.score_question(question("q1", ("monolingual",)), results, None)
    assert scores == {"answerable": True, "rank": 3, "success@1": False, "success@3": True, "mrr@10": pytest.approx(1 / 3)}
    assert qa.score_question(question("q2", ("monolingual",)), results[:2], None)["rank"] is None


def test_an_answer_is_correct_only_when_it_cites_an_expected_file_and_quotes_its_fact():
    good = {"abstained": False, "answer": "Le bail est consenti pour neuf années\nentières [1].", "citations": [{"file": "demo/bail.pdf"}]}
    assert qa.answer_is_correct(good, [LEASE])
    assert not qa.answer_is_correct({**good, "abstained": True}, [LEASE])
    assert not qa.answer_is_correct({**good, "citations": [{"file": "demo/other.pdf"}]}, [LEASE])
    assert not qa.answer_is_correct({**good, "answer": "Le bail dure longtemps [1]."}, [LEASE])
    # The fact must be quoted from the file cited: a quote of the copy cited as the original does not count.
    assert not qa.answer_is_correct({**good, "citations": [{"file": "demo/copie.docx"}]}, [LEASE])


def test_an_unanswerable_question_is_correct_when_abstained():
    q = qa.Question("u1", None, "Quel est le plafond ?", "fr", ("monolingual", "unanswerable"), ())
    assert qa.score_question(q, [], {"abstained": True, "answer": "The documents do not say."}) == {"answerable": False, "abstained": True, "correct": True}
    assert qa.score_question(q, [], {"abstained": False, "answer": "x"})["correct"] is False


def test_summary_by_tag_separates_answerable_and_unanswerable_questions():
    records = [
        record(["cross_lingual", "demo"], {"answerable": True, "rank": 1, "success@1": True, "success@3": True, "mrr@10": 1.0, "abstained": False, "correct": True}),
        record(["monolingual", "demo"], {"answerable": True, "rank": None, "success@1": False, "success@3": False, "mrr@10": 0.0, "abstained": True, "correct": False}, lang="en", search_ms=30.0),
        record(["monolingual", "unanswerable", "demo"], {"answerable": False, "abstained": True, "correct": True}),
    ]
    summary = qa.summarize(records)
    assert list(summary)[:1] == ["all"]
    overall = summary["all"]
    assert (overall["questions"], overall["answerable"], overall["unanswerable"]) == (3, 2, 1)
    assert overall["success@3"] == 0.5 and overall["answer_correct"] == 0.5 and overall["false_abstention"] == 0.5
    assert overall["abstention_unanswerable"] == 1.0
    assert overall["latency_ms"]["search"]["p50"] == 10.0
    assert summary["cross_lingual"]["success@3"] == 1.0
    assert summary["unanswerable"]["success@3"] is None  # no answerable question in the group
    assert summary["lang:en"]["answerable"] == 1
    assert "| cross_lingual | 1 | 100.0 | 100.0 | 1.000 |" in qa.render_table(summary)


def test_splits_are_seeded_stratified_and_one_in_three_test():
    questions = [question(f"q{i:02d}", ("cross_lingual" if i % 2 else "monolingual", "demo" if i < 12 else "cuad")) for i in range(24)]
    splits = qa.assign_splits(questions, seed=15)
    assert splits == qa.assign_splits(list(reversed(questions)), seed=15)  # the order of the file does not matter
    assert sum(s == "test" for s in splits.values()) == 8
    for source in ("demo", "cuad"):
        in_source = [q for q in questions if source in q.tags]
        assert sum(splits[q.id] == "test" for q in in_source) == 4
    assert splits != qa.assign_splits(questions, seed=16)


def test_paraphrase_check_finds_shared_content_words_only():
    clause = "Chaque partie peut y mettre fin à tout moment, moyennant un préavis de trois mois."
    assert qa.shared_content_words("Sans raison particulière, la filiale pourrait-elle quitter l'assistance ?", clause) == set()
    assert qa.shared_content_words("Quel est le préavis de résiliation ?", clause) == {"preavis"}
    assert qa.shared_content_words("Which notices apply?", "written notice") == {"notices"}


def test_override_environment_for_the_ingest_subprocess():
    overrides = qa.parse_overrides(["chunking.chunk_size=256", "search.fusion=rrf"])
    assert qa.index_shaping_overrides(overrides) == {"chunking": {"chunk_size": 256}}
    assert qa.override_environment({"chunking": {"chunk_size": 256}}) == {"GREFFIER_CHUNKING__CHUNK_SIZE": "256"}


def write_set(tmp_path: Path, expected: list[dict]) -> Path:
    data = {
        "corpus": {"example": {"path": "data/room.json"}},
        "questions": [{"id": "e1", "split": "dev", "question": "Quel loyer ?", "lang": "en", "tags": ["cross_lingual", "keyword", "names_none", "example"], "expected": expected}],
    }
    path = tmp_path / "set.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
    return path


def test_fact_spans_resolve_from_the_example_room_and_fail_clearly_without_it(tmp_path: Path):
    path = write_set(tmp_path, [{"file": "bail.pdf", "article": "ARTICLE 3", "fact_span": {"entry": "bail.pdf", "start": 10, "end": 28}}])
    with pytest.raises(qa.QASetError, match="example data room .* is needed"):
        qa.load_set(path, tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "room.json").write_text(json.dumps([{"filename": "bail.pdf", "content": "ARTICLE 3 Loyer de 58 800 euros par an."}]), encoding="utf-8")
    loaded = qa.load_set(path, tmp_path)
    assert loaded.questions[0].expected[0].fact == "Loyer de 58 800 eu"
    assert loaded.split("dev") == loaded.questions and loaded.split("test") == []


def test_a_malformed_entry_is_refused_with_its_id(tmp_path: Path):
    path = write_set(tmp_path, [{"file": "bail.pdf", "article": "ARTICLE 3"}])
    with pytest.raises(qa.QASetError, match="e1: an expected entry needs fact or fact_span"):
        qa.load_set(path, tmp_path, resolve_spans=False)


def test_dev_halves_are_fixed_by_the_question_id_and_cover_the_split():
    questions = [question(f"q{i:02d}", ("cross_lingual", "demo")) for i in range(40)]
    data = qa.QASet(corpus={}, questions=[replace(q, split="dev") for q in questions])
    halves = {half: {q.id for q in data.split("dev", half)} for half in qa.HALVES}
    assert halves["a"] and halves["b"] and not halves["a"] & halves["b"]
    assert halves["a"] | halves["b"] == {q.id for q in questions}
    assert all(qa.half_of(qid) == "a" for qid in halves["a"])  # a function of the id alone: stable across runs and files
    with pytest.raises(qa.QASetError):
        data.split("dev", "c")


def test_each_answered_question_falls_in_one_kind_of_miss():
    def record(answerable: bool, correct: bool, abstained: bool, found: bool, cited: tuple[str, ...] = ()) -> dict:
        scores = {"answerable": answerable, "correct": correct, "abstained": abstained}
        if answerable:
            scores["success@3"] = found
        return {"scores": scores, "expected": [{"file": "bail.pdf"}] if answerable else [], "answer": {"cited": list(cited)}}

    records = [
        record(True, True, False, True, ("bail.pdf",)),
        record(True, False, True, True),
        record(True, False, True, False),
        record(True, False, False, True, ("bail.pdf",)),  # the right contract, another sentence
        record(True, False, False, False, ("autre.pdf",)),
        record(False, False, False, False, ("bail.pdf",)),  # no document answers it, yet answered
        record(False, True, True, False),
    ]
    counts = qa.count_misses(records)
    assert list(counts.values()) == [2, 1, 1, 1, 1, 1]
    assert qa.count_misses([{"scores": {"answerable": True, "success@3": True}}]) == {}  # searched only
    assert "| answered from another contract | 1 |" in qa.render_misses(counts)


def test_the_fresh_split_loads_and_the_mix_table_shows_only_the_splits_used(tmp_path: Path):
    path = write_set(tmp_path, [{"file": "bail.pdf", "article": "ARTICLE 3", "fact": "Loyer de 58 800 euros"}])
    path.write_text(path.read_text(encoding="utf-8").replace('"split": "dev"', '"split": "fresh"'), encoding="utf-8")
    loaded = qa.load_set(path, tmp_path, resolve_spans=False)
    assert loaded.split("fresh") == loaded.questions and loaded.split("dev") == []
    mix = qa.render_mix(loaded)
    assert mix.splitlines()[0] == "| tag | fresh | all |"
    assert "| cross_lingual | 1 (100 %) | 1 (100 %) |" in mix
    with pytest.raises(qa.QASetError, match="unknown split 'held-out'"):
        loaded.split("held-out")
    path.write_text(path.read_text(encoding="utf-8").replace('"split": "fresh"', '"split": "holdout"'), encoding="utf-8")
    with pytest.raises(qa.QASetError, match="e1: split 'holdout' is not one of dev, test, fresh"):
        qa.load_set(path, tmp_path, resolve_spans=False)


def test_the_fresh_set_is_held_out_whole_and_has_the_mix_the_issue_asks():
    """The shipped fresh set (read without the example room: its spans are not resolved here; --check does
    that against the corpus): every question in split fresh, the first set's corpus, no id of the first set,
    and the required mix."""
    first = qa.load_set(qa.DEFAULT_SET, Path("unused"), resolve_spans=False)
    fresh = qa.load_set(qa.DEFAULT_SET.with_name("bilingual_qa_fresh.yaml"), Path("unused"), resolve_spans=False)
    questions = fresh.questions
    assert len(questions) >= 60 and all(q.split == "fresh" for q in questions)
    assert fresh.corpus == first.corpus  # the same bench workspace (and cache key)
    assert not {q.id for q in questions} & {q.id for q in first.questions}

    def count(*tags: str, lang: str | None = None) -> int:
        return sum(all(t in q.tags for t in tags) and (lang is None or q.lang == lang) for q in questions)

    assert count("cross_lingual") >= 0.4 * len(questions)
    assert count("paraphrase") >= 12
    assert count("cross_lingual", "names_by_type") >= 6
    assert count("ambiguous") >= 6 and all(len(q.expected) >= 2 for q in questions if "ambiguous" in q.tags)
    assert count("unanswerable") >= 8
    assert count("cuad", lang="fr") >= 10
