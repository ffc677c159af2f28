"""The retrieval benchmark: scoring, reports, the CLI, and end-to-end runs on tiny and real data."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from devtools.bench.commands import parse_overrides
from devtools.bench.errors import BenchError
from devtools.bench.metrics import FileSpan
from devtools.bench.retrieval import (
    KS,
    NO_RERANKER,
    RetrievalBenchConfig,
    prepare_dataset,
    render_markdown,
    run_retrieval_benchmark,
    score_query,
    span_targets,
    summarize,
    summarize_groups,
    write_report,
)
from greffier.cli import main
from tests.bench.fixtures import write_cdtn, write_lbr
from tests.paths import EVALDATA, REPO
from tests.tiny_models import install_tiny_reranker

# Small chunks so that the tiny documents are cut into several chunks; every chunk returned.
TINY_OVERRIDES = {"chunking": {"chunk_size": 32, "min_chunk": 4, "overlap": 0}, "search": {"min_score": -1.0}}


def test_score_query_on_spans():
    targets = {"c1": FileSpan("a.txt", 0, 100), "c2": FileSpan("a.txt", 100, 200), "c3": FileSpan("b.txt", 0, 50)}
    gold = (FileSpan("a.txt", 150, 250),)
    scores = score_query("span", ["c3", "c2", "unknown", "c1"], gold, targets)
    assert scores["rr"] == 0.5 and scores["doc_rr"] == 0.5
    assert scores["precision"][1] == 0.0 and scores["recall"][1] == 0.0
    assert scores["precision"][2] == pytest.approx(50 / 150) and scores["recall"][2] == 0.5
    assert scores["precision"][64] == pytest.approx(50 / 250) and scores["recall"][64] == 0.5


def test_score_query_on_articles():
    targets = {"c1": "A", "c2": "B", "c3": "A", "c4": "C"}
    scores = score_query("article", ["c2", "c1", "c3", "c4"], ("A", "C"), targets)
    assert scores["rr"] == 0.5
    assert scores["recall"][1] == 0.0 and scores["recall"][2] == 0.5 and scores["recall"][4] == 1.0
    assert scores["precision"][2] == 0.5 and scores["precision"][4] == 0.75


def test_summarize_means_and_latency_percentiles():
    per_query = [
        {"precision": dict.fromkeys(KS, 1.0), "recall": dict.fromkeys(KS, 0.5), "rr": 1.0,
         "stages": {"dense_ms": 10.0, "bm25_ms": 1.0, "fusion_ms": 0.1, "rerank_ms": 0.0, "other_ms": 2.0, "total_ms": 13.1}},
        {"precision": dict.fromkeys(KS, 0.0), "recall": dict.fromkeys(KS, 0.0), "rr": 0.0,
         "stages": {"dense_ms": 30.0, "bm25_ms": 3.0, "fusion_ms": 0.3, "rerank_ms": 0.0, "other_ms": 4.0, "total_ms": 37.3}},
    ]
    summary = summarize(per_query)
    assert summary["precision"][1] == 0.5 and summary["recall"][64] == 0.25 and summary["mrr"] == 0.5
    assert summary["latency_ms"]["dense_ms"] == {"p50": 20.0, "p95": pytest.approx(29.0)}


def test_summarize_groups():
    rows = [
        {"group": "generic", "recall": dict.fromkeys(KS, 1.0), "rr": 1.0},
        {"group": "idcc", "recall": dict.fromkeys(KS, 0.0), "rr": 0.0},
        {"group": "idcc", "recall": dict.fromkeys(KS, 0.5), "rr": 0.5},
    ]
    groups = summarize_groups(rows)
    assert groups["generic"]["queries"] == 1 and groups["idcc"]["queries"] == 2
    assert groups["idcc"]["recall"][8] == 0.25 and groups["idcc"]["mrr"] == 0.25
    assert summarize_groups([{"group": None, "recall": {}, "rr": 0.0}]) == {}


def test_parse_overrides():
    assert parse_overrides(["chunking.chunk_size=256", "search.fusion=rrf", "search.dense_weight=0.7"]) == {
        "chunking": {"chunk_size": 256}, "search": {"fusion": "rrf", "dense_weight": 0.7}}
    with pytest.raises(BenchError, match="GROUP.KEY=VALUE"):
        parse_overrides(["chunk_size=256"])


def test_bad_options_are_refused(tmp_path):
    with pytest.raises(BenchError, match="unknown dataset"):
        RetrievalBenchConfig(evaldata=tmp_path, datasets=("maud",), cache_dir=tmp_path)
    with pytest.raises(BenchError, match="--limit"):
        RetrievalBenchConfig(evaldata=tmp_path, datasets=("cuad",), cache_dir=tmp_path, limit=0)


def test_cli_without_evaldata_fails_with_a_clear_message(tmp_path, capsys):
    assert main(["bench", "retrieval", "--dataset", "cuad", "--evaldata", str(tmp_path / "absent"), "--out", str(tmp_path)]) == 2
    assert "evaluation data folder" in capsys.readouterr().err


@pytest.mark.slow
def test_tiny_benchmark_end_to_end(tmp_path):
    evaldata = tmp_path / "evaldata"
    write_lbr(evaldata)
    config = RetrievalBenchConfig(evaldata=evaldata, datasets=("cuad",), cache_dir=tmp_path / "cache", overrides=TINY_OVERRIDES)

    prepared = prepare_dataset("cuad", config, log=lambda _m: None)
    # Every chunk maps to the span of the file holding the same words.
    targets = span_targets(prepared.settings)
    assert len(targets) > 4
    squash = lambda text: re.sub(r"\s+", " ", text).strip()  # noqa: E731
    texts = {path.name: path.read_text() for path in (evaldata / "legalbenchrag_mini_cuad" / "corpus" / "cuad").iterdir()}
    from greffier.services.status import inspect_workspace

    for document in inspect_workspace(prepared.settings)["documents"]:
        for chunk in document["chunks"]:
            span = targets[chunk["id"]]
            assert squash(texts[Path(span.file).name][span.start : span.end]) == squash(chunk["text"])

    report = run_retrieval_benchmark(config, log=lambda _m: None)
    data = report["datasets"]["cuad"]
    assert data["queries"] == 3 and data["corpus"]["documents"] == 2
    assert data["corpus"]["ingest"]["unchanged"] == 2  # the cached workspace was reused
    for mode in ("bm25", "dense", "hybrid"):
        result = data["modes"][mode]
        assert result["status"] == "ok" and len(result["per_query"]) == 3
        assert all(0.0 <= q["precision"][k] <= 1.0 and 0.0 <= q["recall"][k] <= 1.0 for q in result["per_query"] for k in KS)
    # Dense returns every chunk of this tiny corpus: all gold characters are covered at 64.
    assert data["modes"]["dense"]["recall"][64] == 1.0
    assert data["modes"]["hybrid+rerank"] == {"status": "skipped", "note": NO_RERANKER, "reason": data["modes"]["hybrid+rerank"]["reason"]}

    json_path, md_path = write_report(report, tmp_path / "out", "cuad")
    markdown = md_path.read_text()
    assert "| hybrid+rerank | not available: no cross-encoder present |" in markdown
    assert "| bm25 |" in markdown and "R@64" in markdown and "MRR" in markdown
    assert json.loads(json_path.read_text())["datasets"]["cuad"]["modes"]["bm25"]["status"] == "ok"
    assert render_markdown(report) == markdown


@pytest.mark.slow
def test_tiny_cdtn_benchmark_scores_articles(tmp_path):
    evaldata = tmp_path / "evaldata"
    write_cdtn(evaldata)
    config = RetrievalBenchConfig(evaldata=evaldata, datasets=("cdtn",), cache_dir=tmp_path / "cache", cdtn_distractors=2)
    prepared = prepare_dataset("cdtn", config, log=lambda _m: None)
    articles = set(prepared.chunk_targets.values())
    assert {"LEGIARTI01", "LEGIARTI02", "LEGIARTI04", "KALIARTI01", "KALIARTI02"} <= articles
    assert len(articles) == 7  # 5 cited articles + 2 distractors, each chunk named after its article
    data = run_retrieval_benchmark(config, log=lambda _m: None)["datasets"]["cdtn"]
    assert data["kind"] == "article" and data["queries"] == 4
    hybrid = data["modes"]["hybrid"]
    assert set(hybrid["by_group"]) == {"generic", "idcc"}
    assert hybrid["by_group"]["generic"]["queries"] == 2
    assert data["modes"]["bm25"]["recall"][64] == 1.0  # every cited article shares words with its question
    markdown = render_markdown({"generated_at": "now", "machine": {"cpus": 2}, "datasets": {"cdtn": data}})
    assert "By question kind" in markdown and "| hybrid | idcc | 2 |" in markdown


@pytest.mark.slow
def test_hybrid_rerank_runs_when_a_cross_encoder_is_present(tmp_path):
    evaldata = tmp_path / "evaldata"
    write_lbr(evaldata)
    folder = install_tiny_reranker(tmp_path / "models")
    overrides = {**TINY_OVERRIDES, "models": {"reranker": str(folder)}}
    config = RetrievalBenchConfig(evaldata=evaldata, datasets=("cuad",), cache_dir=tmp_path / "cache", overrides=overrides, limit=2)
    data = run_retrieval_benchmark(config, log=lambda _m: None)["datasets"]["cuad"]
    rerank = data["modes"]["hybrid+rerank"]
    assert rerank["status"] == "ok" and len(rerank["per_query"]) == 2
    assert all(q["stages"]["rerank_ms"] > 0 for q in rerank["per_query"])


@pytest.mark.slow
@pytest.mark.skipif(not (EVALDATA / "legalbenchrag_mini_cuad").is_dir(), reason="shared/evaldata is not on this machine")
def test_cli_smoke_on_the_real_cuad_data(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-m", "greffier", "bench", "retrieval", "--dataset", "cuad", "--limit", "3",
         "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache")],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "| bm25 |" in result.stdout and "| hybrid |" in result.stdout
    report = json.loads((tmp_path / "out" / "retrieval-cuad.json").read_text())
    data = report["datasets"]["cuad"]
    assert data["queries"] == 3 and data["corpus"]["documents"] == 29
    assert {mode: r["status"] for mode, r in data["modes"].items()} == {
        "bm25": "ok", "dense": "ok", "hybrid": "ok", "hybrid+rerank": "skipped"}
