"""Readers of the evaluation data, on tiny folders written in the real formats."""

from __future__ import annotations

import json

import pytest

from devtools.bench.datasets import dataroom_entries, dataset_folder, load_cdtn, load_span_dataset
from devtools.bench.errors import EvalDataError
from devtools.bench.metrics import FileSpan
from tests.bench.fixtures import SUPPLY, write_cdtn, write_lbr


def test_span_dataset_reads_queries_spans_and_corpus(tmp_path):
    dataset = load_span_dataset(write_lbr(tmp_path))
    assert [q.qid for q in dataset.queries] == ["t-1", "t-2", "t-3"]
    first = dataset.queries[0]
    assert first.category == "Governing Law"
    (span,) = first.gold
    assert span.file == "cuad/Supply Agreement.txt"
    assert SUPPLY[span.start : span.end] == "This Agreement is governed by the laws of the State of Delaware."
    assert dataset.corpus_dir == tmp_path / "legalbenchrag_mini_cuad" / "corpus" / "cuad"
    assert [f.name for f in dataset.files] == ["Supply Agreement.txt", "nda.txt"]
    assert len(dataset.queries[2].gold) == 2 and all(isinstance(s, FileSpan) for s in dataset.queries[2].gold)


def test_span_dataset_refuses_a_snippet_outside_the_corpus(tmp_path):
    folder = write_lbr(tmp_path)
    path = folder / "benchmarks" / "cuad.json"
    data = json.loads(path.read_text())
    data["tests"][0]["snippets"][0]["file_path"] = "cuad/missing.txt"
    path.write_text(json.dumps(data))
    with pytest.raises(EvalDataError, match="missing.txt"):
        load_span_dataset(folder)


def test_span_dataset_refuses_malformed_tests(tmp_path):
    folder = write_lbr(tmp_path)
    (folder / "benchmarks" / "cuad.json").write_text(json.dumps({"tests": [{"query": "q", "snippets": [{"span": [1]}]}]}))
    with pytest.raises(EvalDataError, match="test 1"):
        load_span_dataset(folder)


def test_missing_evaldata_folder_names_the_option(tmp_path):
    with pytest.raises(EvalDataError, match="--evaldata"):
        dataset_folder(tmp_path / "nowhere", "cuad")
    with pytest.raises(EvalDataError, match="lacks the 'cdtn' dataset"):
        dataset_folder(tmp_path, "cdtn")
    with pytest.raises(EvalDataError, match="unknown dataset"):
        dataset_folder(tmp_path, "maud")


def test_cdtn_keeps_questions_with_cited_articles_and_all_gold_articles(tmp_path):
    dataset = load_cdtn(write_cdtn(tmp_path), distractors=2, seed=0)
    assert [q.qid for q in dataset.queries] == ["g01", "g02", "c01-0843", "c02-0843"]
    assert dataset.queries[1].gold == ("LEGIARTI04", "LEGIARTI02")
    # The empty agreement article is not indexed and leaves the gold set.
    assert dataset.queries[3].gold == ("KALIARTI02",)
    assert dataset.selection["gold_ids_without_text"] == ["KALIARTI04"]
    assert dataset.queries[2].query == "Convention collective Boulangerie-pâtisserie (IDCC 0843) : Quelle est la durée de la période d'essai ?"
    ids = {a.id for a in dataset.articles}
    gold = {"LEGIARTI01", "LEGIARTI02", "LEGIARTI04", "KALIARTI01", "KALIARTI02"}
    assert gold <= ids and len(ids) == len(gold) + 2 and "KALIARTI04" not in ids
    assert dataset.selection["generic_questions_without_cited_articles"] == 1
    assert dataset.selection["distractors"] == 2


def test_cdtn_selection_is_reproducible_and_sampled_queries_are_counted(tmp_path):
    folder = write_cdtn(tmp_path)
    first = load_cdtn(folder, distractors=2, seed=3)
    assert [a.id for a in first.articles] == [a.id for a in load_cdtn(folder, distractors=2, seed=3).articles]
    sampled = load_cdtn(folder, distractors=0, idcc_queries=1, seed=0)
    assert sampled.selection["idcc_queries"] == 1 and sampled.selection["generic_queries"] == 2


def test_cdtn_titles_and_dataroom_entries(tmp_path):
    dataset = load_cdtn(write_cdtn(tmp_path), distractors=10)
    titles = {a.id: a.title for a in dataset.articles}
    assert titles["LEGIARTI01"] == "Code du travail — article L1221-19 — Chapitre Ier : Contrat de travail"
    assert titles["KALIARTI01"] == "Convention collective Boulangerie-pâtisserie (IDCC 0843) — article 5"
    entries = dataroom_entries(dataset.articles)
    assert {e["filename"] for e in entries} == set(titles)
    assert all(e["content"] and e["title"] for e in entries)


def test_cdtn_malformed_line_is_reported_with_its_number(tmp_path):
    folder = write_cdtn(tmp_path)
    with open(folder / "queries_generic.jsonl", "a", encoding="utf-8") as handle:
        handle.write("{not json\n")
    with pytest.raises(EvalDataError, match="line 4"):
        load_cdtn(folder)
