"""Retrieval-quality benchmark: BM25, dense, hybrid and hybrid + rerank on public legal benchmarks.

For each dataset the corpus is ingested into a scratch workspace, cached under
``<cache>/<dataset>/<key>`` where the key hashes everything that shapes the index (chunking, ingest and
OCR settings, the embedder's signature, the corpus selection, the source of the tokenizer, text
converters and splitter), so a re-run with the same settings and code only queries. Every query then runs, in the same process, with each retriever, asking for
:data:`TOP_K` results. Scores:

* span datasets (LegalBench-RAG mini): character-overlap Precision@k / Recall@k of the LegalBench-RAG
  harness (:mod:`devtools.bench.metrics`), chunk offsets mapped back to the files' own text
  (:mod:`devtools.bench.offsets`); MRR of the first chunk that overlaps a gold span;
* article dataset (CDTN): Recall@k = share of the cited articles that some top-k chunk belongs to,
  Precision@k = share of the top-k chunks that belong to a cited article, MRR of the first such chunk;
* latency of each pipeline stage (p50 / p95 over the queries, after one warm-up query per retriever).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from devtools.bench.datasets import (
    CDTN_DISTRACTORS,
    CDTN_SEED,
    DATASET_FOLDERS,
    SPAN_DATASETS,
    ArticleDataset,
    dataroom_entries,
    dataset_folder,
    load_cdtn,
    load_span_dataset,
)
from devtools.bench.errors import BenchError
from devtools.bench.metrics import (
    FileSpan,
    article_precision,
    article_recall,
    hits_gold,
    mean,
    percentile,
    reciprocal_rank,
    span_precision,
    span_recall,
)
from devtools.bench.offsets import PlainTextOffsets
from greffier.config import Settings, load_settings

MODES = ("bm25", "dense", "hybrid", "hybrid+rerank")
KS = (1, 2, 4, 8, 16, 32, 64)
TOP_K = 64
# "other_ms" is what the stages do not time: query embedding, chunk hydration from SQLite, pipeline overhead.
STAGES = ("dense_ms", "bm25_ms", "fusion_ms", "rerank_ms", "other_ms", "total_ms")
NO_RERANKER = "not available: no cross-encoder present"
# Bump when the way workspaces are built changes, so that stale caches are not reused.
HARNESS_VERSION = 1
# Source files that decide the chunks and their BM25 tokens of a plain-text or data-room corpus: a cached
# workspace built by other versions of them is stale (the cache key hashes their content).
INDEX_SHAPING_SOURCES = (
    "greffier/text/tokens.py",
    "greffier/text/headings.py",
    "pipelines/types.py",
    "pipelines/converters/text_reader.py",
    "pipelines/converters/text_converter.py",
    "pipelines/splitters",
)
REPO = Path(__file__).resolve().parents[2]
CDTN_DATAROOM = "cdtn_articles.json"

Log = Callable[[str], None]


def _stderr(message: str) -> None:
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


@dataclass(frozen=True)
class RetrievalBenchConfig:
    """What to run. ``overrides`` are nested settings (``{"chunking": {"chunk_size": 256}}``)."""

    evaldata: Path
    datasets: tuple[str, ...]
    cache_dir: Path
    limit: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    cdtn_distractors: int = CDTN_DISTRACTORS
    cdtn_idcc_queries: int | None = None
    seed: int = CDTN_SEED

    def __post_init__(self) -> None:
        unknown = [d for d in self.datasets if d not in DATASET_FOLDERS]
        if unknown or not self.datasets:
            raise BenchError(f"unknown dataset(s) {unknown or '(none)'}: use {', '.join(DATASET_FOLDERS)} or all")
        if self.limit is not None and self.limit < 1:
            raise BenchError(f"--limit must be at least 1, got {self.limit}")


@dataclass(frozen=True)
class Query:
    """A query to run and its gold: file spans (span datasets) or article ids (CDTN)."""

    qid: str
    text: str
    gold: tuple[Any, ...]
    group: str | None = None  # reported separately when set (CDTN: generic / idcc questions)


@dataclass
class PreparedDataset:
    """An ingested dataset: its workspace settings, queries, and how to judge a chunk."""

    key: str
    settings: Settings
    queries: list[Query]
    corpus: dict[str, Any]
    chunk_targets: dict[str, Any]  # chunk id → FileSpan (span datasets) or article id (CDTN)
    kind: str  # "span" or "article"


# --- entry point ---------------------------------------------------------------------------------


def run_retrieval_benchmark(config: RetrievalBenchConfig, log: Log = _stderr) -> dict[str, Any]:
    """Run every dataset of ``config`` and return the report (see :func:`render_markdown`)."""
    started = time.perf_counter()
    report: dict[str, Any] = {
        "benchmark": "retrieval",
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "evaldata": str(config.evaldata),
        "limit": config.limit,
        "overrides": config.overrides,
        "machine": _machine(),
        "datasets": {},
    }
    for key in config.datasets:
        prepared = prepare_dataset(key, config, log)
        report["datasets"][key] = evaluate(prepared, log)
    report["settings"] = _settings_summary(prepared.settings)
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["machine"]["load_average_end"] = os.getloadavg()
    return report


def _machine() -> dict[str, Any]:
    """What the latencies depend on; the load average tells whether other work shared the CPUs."""
    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "load_average_start": os.getloadavg(),
    }


# --- preparation ---------------------------------------------------------------------------------


def prepare_dataset(key: str, config: RetrievalBenchConfig, log: Log = _stderr) -> PreparedDataset:
    """Load dataset ``key``, ingest its corpus into the cached workspace and map chunks to gold units."""
    folder = dataset_folder(config.evaldata, key)
    if key in SPAN_DATASETS:
        dataset = load_span_dataset(folder, DATASET_FOLDERS[key])
        settings = _workspace_settings(config, key, {"files": _fingerprint(dataset.files)})
        report = _ingest(settings, dataset.corpus_dir, log)
        targets = span_targets(settings)
        queries = [Query(q.qid, q.query, q.gold) for q in dataset.queries]
        corpus = {"documents": len(dataset.files), "chunks": len(targets), "ingest": report, "folder": str(folder)}
        kind = "span"
    else:
        cdtn = load_cdtn(folder, distractors=config.cdtn_distractors, idcc_queries=config.cdtn_idcc_queries, seed=config.seed)
        selection = {**cdtn.selection, "articles": len(cdtn.articles)}
        settings = _workspace_settings(config, key, {"selection": selection})
        report = _ingest(settings, _write_cdtn_dataroom(settings, cdtn), log)
        targets = article_targets(settings)
        queries = [Query(q.qid, q.query, q.gold, q.kind) for q in cdtn.queries]
        corpus = {"documents": len(cdtn.articles), "chunks": len(targets), "ingest": report, "folder": str(folder), "selection": selection}
        kind = "article"
    if config.limit is not None:
        queries = queries[: config.limit]
    corpus["workspace"] = str(settings.workspace)
    return PreparedDataset(key=key, settings=settings, queries=queries, corpus=corpus, chunk_targets=targets, kind=kind)


def _workspace_settings(config: RetrievalBenchConfig, key: str, corpus_identity: dict[str, Any]) -> Settings:
    """Settings of the cached workspace of ``key``: ``<cache>/<key>/<hash of what shapes the index>``."""
    from greffier.models import embedder_signature, resolve_embedder

    probe = load_settings(config.cache_dir / key / "_probe", **config.overrides)
    identity = {
        "harness": HARNESS_VERSION,
        "code": code_fingerprint(),
        "dataset": key,
        "corpus": corpus_identity,
        "embedder": embedder_signature(resolve_embedder(probe.models)),
        **probe.model_dump(mode="json", include={"chunking", "ingest", "ocr"}),
    }
    digest = hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:12]
    workspace = config.cache_dir / key / digest
    workspace.mkdir(parents=True, exist_ok=True)
    # A dot-file: ingestion skips it.
    (workspace / ".bench_identity.json").write_text(json.dumps(identity, indent=2, default=str), encoding="utf-8")
    return load_settings(workspace, **config.overrides)


def code_fingerprint(sources: Sequence[str] = INDEX_SHAPING_SOURCES, root: Path = REPO) -> str:
    """A short hash of the Python sources in ``sources`` (files or folders under ``root``)."""
    digest = hashlib.sha256()
    for source in sources:
        path = root / source
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.is_file():
                digest.update(file.relative_to(root).as_posix().encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def _fingerprint(files: Sequence[Path]) -> list[tuple[str, int]]:
    return [(f.name, f.stat().st_size) for f in files]


def _write_cdtn_dataroom(settings: Settings, dataset: ArticleDataset) -> Path:
    """The selected articles as a data-room JSON inside the workspace (rewritten only when changed)."""
    path = Path(settings.workspace) / "corpus" / CDTN_DATAROOM
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(dataroom_entries(dataset.articles), ensure_ascii=False, indent=0)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def _ingest(settings: Settings, source: Path, log: Log) -> dict[str, Any]:
    from greffier.services.ingest import Ingestor, ProgressEvent

    last_report = [0.0]

    def progress(event: ProgressEvent) -> None:
        now = time.perf_counter()
        if event.stage == "file" and event.total and now - last_report[0] > 15:
            last_report[0] = now
            log(f"  ingest {event.index}/{event.total} {event.detail or ''}".rstrip())

    log(f"ingesting {source} into {settings.workspace}")
    report = Ingestor(settings, progress).ingest(source).to_json()
    log(f"  {report['ingested']} ingested, {report['unchanged']} unchanged, {len(report['failed'])} failed, "
        f"{report['chunks']} chunks, {report['seconds']:.1f}s")
    if report["failed"]:
        log(f"  ! {len(report['failed'])} files failed, e.g. {report['failed'][0]}")
    return report


# --- chunk → gold unit ---------------------------------------------------------------------------


def span_targets(settings: Settings) -> dict[str, FileSpan]:
    """Every chunk of a workspace of plain-text files as a span of its file's own text.

    Raises BenchError when a document is not a .txt file or when a chunk's text is not where its
    offsets say in the converted text rebuilt here (the mapping would be wrong).
    """
    from greffier.services.status import inspect_workspace

    root = Path(settings.workspace)
    targets: dict[str, FileSpan] = {}
    for document in inspect_workspace(settings)["documents"]:
        rel = document["file"]
        if not rel.lower().endswith(".txt"):
            raise BenchError(f"{rel}: span benchmarks map offsets of .txt files only")
        offsets = PlainTextOffsets((root / rel).read_text(encoding="utf-8"))
        for chunk in document["chunks"]:
            start, end = chunk["start"], chunk["end"]
            if offsets.converted_text[start:end] != chunk["text"]:
                raise BenchError(
                    f"{rel}: chunk {chunk['id']} text differs from the converted text at {start}:{end}; "
                    "the plain-text conversion changed: update devtools/bench/offsets.py"
                )
            raw_start, raw_end = offsets.to_raw(start, end)
            targets[chunk["id"]] = FileSpan(rel, raw_start, raw_end)
    return targets


def article_targets(settings: Settings) -> dict[str, str]:
    """Every chunk of the CDTN workspace → the id of its article (the data-room entry's file name)."""
    from greffier.services.status import inspect_workspace

    return {chunk["id"]: document["file"] for document in inspect_workspace(settings)["documents"] for chunk in document["chunks"]}


# --- running and scoring -------------------------------------------------------------------------


def evaluate(prepared: PreparedDataset, log: Log = _stderr) -> dict[str, Any]:
    """Run every query with every retriever and score them; a missing reranker skips its mode."""
    from greffier.services.search import reranker_in_use

    result: dict[str, Any] = {
        "folder": DATASET_FOLDERS[prepared.key],
        "kind": prepared.kind,
        "queries": len(prepared.queries),
        "corpus": prepared.corpus,
        "modes": {},
    }
    for mode in MODES:
        if mode == "hybrid+rerank":
            rerank = reranker_in_use(prepared.settings, True)
            if not rerank["active"]:
                result["modes"][mode] = {"status": "skipped", "note": NO_RERANKER, "reason": rerank["reason"]}
                log(f"{prepared.key} {mode}: {NO_RERANKER}")
                continue
        log(f"{prepared.key} {mode}: {len(prepared.queries)} queries")
        runs = run_queries(prepared.settings, [q.text for q in prepared.queries], mode)
        per_query = [
            {"qid": q.qid, "group": q.group, **score_query(prepared.kind, run["chunk_ids"], q.gold, prepared.chunk_targets), **run}
            for q, run in zip(prepared.queries, runs)
        ]
        result["modes"][mode] = {"status": "ok", **summarize(per_query), "by_group": summarize_groups(per_query), "per_query": per_query}
        if mode == "hybrid+rerank":
            result["modes"][mode]["reranker"] = reranker_in_use(prepared.settings, True)["name"]
    return result


def run_queries(settings: Settings, queries: Sequence[str], mode: str) -> list[dict[str, Any]]:
    """Ranked chunk ids and stage timings of each query for ``mode`` (one untimed warm-up query first)."""
    from greffier.services.search import search

    if mode not in MODES:
        raise BenchError(f"unknown retrieval mode {mode!r}: use one of {', '.join(MODES)}")
    retriever, rerank = ("hybrid", True) if mode == "hybrid+rerank" else (mode, False)
    k_retrieval = max(TOP_K, settings.search.top_k_retrieval)

    def one(query: str) -> dict[str, Any]:
        return search(settings, query, top_k=TOP_K, top_k_retrieval=k_retrieval, retriever=retriever, rerank=rerank)

    if queries:
        one(queries[0])
    runs = []
    for query in queries:
        response = one(query)
        stages = dict(response["stages"])
        timed = sum(stages[s] for s in ("dense_ms", "bm25_ms", "fusion_ms", "rerank_ms"))
        stages["other_ms"] = round(max(0.0, stages["total_ms"] - timed), 2)
        runs.append({"chunk_ids": [r["chunk_id"] for r in response["results"]], "stages": stages})
    return runs


def score_query(kind: str, chunk_ids: Sequence[str], gold: Sequence[Any], targets: dict[str, Any]) -> dict[str, Any]:
    """Precision@k, Recall@k (k in :data:`KS`) and reciprocal rank of one ranked list of chunk ids.

    Span datasets also get ``doc_rr``, the reciprocal rank of the first chunk of a gold file: it tells
    a miss of the right contract from a miss of the right passage in it.
    """
    retrieved = [targets.get(cid) for cid in chunk_ids]
    if kind == "span":
        spans = [t for t in retrieved if t is not None]
        precision = {k: span_precision(spans[:k], gold) for k in KS}
        recall = {k: span_recall(spans[:k], gold) for k in KS}
        relevant = [t is not None and hits_gold(t, gold) for t in retrieved]
        gold_files = {g.file for g in gold}
        in_gold_file = [t is not None and t.file in gold_files for t in retrieved]
        return {"precision": precision, "recall": recall, "rr": reciprocal_rank(relevant), "doc_rr": reciprocal_rank(in_gold_file)}
    else:
        precision = {k: article_precision(retrieved[:k], gold) for k in KS}
        recall = {k: article_recall(retrieved[:k], gold) for k in KS}
        wanted = set(gold)
        relevant = [t in wanted for t in retrieved]
    return {"precision": precision, "recall": recall, "rr": reciprocal_rank(relevant)}


def summarize(per_query: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Means of the per-query scores and p50 / p95 of each stage's latency."""
    return {
        "precision": {k: mean([q["precision"][k] for q in per_query]) for k in KS},
        "recall": {k: mean([q["recall"][k] for q in per_query]) for k in KS},
        "mrr": mean([q["rr"] for q in per_query]),
        **({"doc_mrr": mean([q["doc_rr"] for q in per_query])} if per_query and "doc_rr" in per_query[0] else {}),
        "latency_ms": {
            stage: {
                "p50": percentile([q["stages"][stage] for q in per_query], 50),
                "p95": percentile([q["stages"][stage] for q in per_query], 95),
            }
            for stage in STAGES
        },
    }


def summarize_groups(per_query: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Query count, Recall@k and MRR of each query group (empty when the queries have no group)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for query in per_query:
        if query.get("group"):
            groups.setdefault(query["group"], []).append(query)
    return {
        name: {"queries": len(rows), "recall": {k: mean([q["recall"][k] for q in rows]) for k in KS}, "mrr": mean([q["rr"] for q in rows])}
        for name, rows in groups.items()
    }


def _settings_summary(settings: Settings) -> dict[str, Any]:
    from greffier.models import models_in_use

    models = models_in_use(settings)
    return {
        "embedder": models["embedder"]["description"],
        "reranker": models["reranker"]["name"] if models["reranker"] else None,
        "chunking": settings.chunking.model_dump(mode="json"),
        "search": settings.search.model_dump(mode="json"),
        "top_k": TOP_K,
        "top_k_retrieval": max(TOP_K, settings.search.top_k_retrieval),
    }


# --- output --------------------------------------------------------------------------------------


DATASET_TITLES = {
    "cuad": "LegalBench-RAG mini — CUAD",
    "contractnli": "LegalBench-RAG mini — ContractNLI (test-split subset)",
    "cdtn": "CDTN — Code du travail & conventions collectives (fr)",
}


def _pct(value: float) -> str:
    return f"{100 * value:.2f}"


def render_markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: per dataset, a quality table (in %) and a latency table (ms)."""
    settings = report.get("settings", {})
    chunking = settings.get("chunking", {})
    search = settings.get("search", {})
    lines = [
        f"Retrieval benchmark — {report['generated_at']} — embedder: {settings.get('embedder')}, "
        f"reranker: {settings.get('reranker') or 'none'}, chunk_size {chunking.get('chunk_size')} "
        f"(overlap {chunking.get('overlap')}), fusion {search.get('fusion')} "
        f"(dense {search.get('dense_weight')} / lexical {search.get('lexical_weight')}), top_k {settings.get('top_k')}, "
        f"top_k_retrieval {settings.get('top_k_retrieval')}"
        + (f", overrides {json.dumps(report['overrides'])}" if report.get("overrides") else "")
        + (f", limit {report['limit']}" if report.get("limit") else ""),
        "",
    ]
    for key, data in report["datasets"].items():
        lines += _dataset_markdown(key, data)
    machine = report["machine"]
    load = machine.get("load_average_start", (0.0,))[0], machine.get("load_average_end", (0.0,))[0]
    lines.append(f"Total time: {report.get('seconds', 0):.0f} s on {machine['cpus']} CPUs (1-min load average {load[0]:.1f} at start, {load[1]:.1f} at end).")
    return "\n".join(lines) + "\n"


def _dataset_markdown(key: str, data: dict[str, Any]) -> list[str]:
    corpus = data["corpus"]
    unit = "character overlap" if data["kind"] == "span" else "article level"
    lines = [
        f"### {DATASET_TITLES.get(key, key)} (`{data['folder']}`)",
        "",
        f"{data['queries']} queries, {corpus['documents']} documents, {corpus['chunks']} chunks; "
        f"Precision@k / Recall@k in % ({unit}), MRR over the top {TOP_K}"
        + ("; doc MRR: rank of the first chunk of the right document." if data["kind"] == "span" else "."),
        "",
        "| retriever | " + " | ".join(f"P@{k}" for k in KS) + " | " + " | ".join(f"R@{k}" for k in KS) + " | MRR |"
        + (" doc MRR |" if data["kind"] == "span" else ""),
        "|---|" + "---:|" * (2 * len(KS) + 1 + (data["kind"] == "span")),
    ]
    for mode, result in data["modes"].items():
        if result["status"] != "ok":
            lines.append(f"| {mode} | {result['note']} |" + " |" * (2 * len(KS) + (data["kind"] == "span")))
            continue
        cells = [_pct(result["precision"][k]) for k in KS] + [_pct(result["recall"][k]) for k in KS]
        cells.append(f"{result['mrr']:.3f}")
        if "doc_mrr" in result:
            cells.append(f"{result['doc_mrr']:.3f}")
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    groups = [(mode, name, g) for mode, r in data["modes"].items() if r["status"] == "ok" for name, g in r.get("by_group", {}).items()]
    if groups:
        lines += ["", "By question kind (Recall@k in %):", "", "| retriever | kind | queries | R@1 | R@8 | R@64 | MRR |", "|---|---|---:|---:|---:|---:|---:|"]
        lines += [
            f"| {mode} | {name} | {g['queries']} | {_pct(g['recall'][1])} | {_pct(g['recall'][8])} | {_pct(g['recall'][64])} | {g['mrr']:.3f} |"
            for mode, name, g in groups
        ]
    lines += ["", "Latency per stage, ms (p50 / p95):", "", "| retriever | dense | bm25 | fusion | rerank | other (embed, hydrate) | total |", "|---|---:|---:|---:|---:|---:|---:|"]
    for mode, result in data["modes"].items():
        if result["status"] != "ok":
            continue
        latency = result["latency_ms"]
        cells = [f"{latency[s]['p50']:.1f} / {latency[s]['p95']:.1f}" for s in STAGES]
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def write_report(report: dict[str, Any], out_dir: Path, tag: str) -> tuple[Path, Path]:
    """Save ``retrieval-<tag>.json`` and ``retrieval-<tag>.md`` in ``out_dir``; return both paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path = out_dir / f"retrieval-{tag}.json"
    md_path = out_dir / f"retrieval-{tag}.md"
    json_path.write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    md_path.write_text(render_markdown(report), encoding="utf-8")
    return json_path, md_path
