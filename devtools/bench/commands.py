"""``python -m greffier bench retrieval|bm25``: argument parsing and the two commands.

Heavy modules are imported inside the commands, so that building the CLI parser stays cheap.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from devtools.bench.errors import BenchError

REPO = Path(__file__).resolve().parents[2]
DEFAULT_EVALDATA = REPO.parent / "shared" / "evaldata"
DEFAULT_RESULTS = REPO / "benchmarks" / "results"
DEFAULT_WORKSPACES = DEFAULT_RESULTS / "workspaces"
DATASET_CHOICES = ("cuad", "contractnli", "cdtn", "all")


def add_bench_parser(subparsers: Any) -> None:
    """Register ``bench retrieval`` and ``bench bm25`` on the CLI's sub-parsers."""
    bench = subparsers.add_parser("bench", help="benchmarks: retrieval quality, BM25 engines", description="benchmarks: retrieval quality on public legal benchmarks, BM25 engines")
    commands = bench.add_subparsers(dest="bench_command", required=True)

    retrieval = commands.add_parser(
        "retrieval",
        help="BM25 / dense / hybrid / hybrid+rerank on LegalBench-RAG mini and CDTN",
        description="Ingest each dataset into a cached scratch workspace, run every query with each retriever "
        "(top 64) and report Precision@k, Recall@k, MRR and latency per stage.",
    )
    retrieval.add_argument("--dataset", choices=DATASET_CHOICES, default="all")
    retrieval.add_argument("--limit", type=int, default=None, help="run only the first N queries of each dataset")
    retrieval.add_argument("--out", type=Path, default=DEFAULT_RESULTS, help=f"results folder (default {DEFAULT_RESULTS})")
    retrieval.add_argument("--evaldata", type=Path, default=DEFAULT_EVALDATA, help=f"evaluation data (default {DEFAULT_EVALDATA})")
    retrieval.add_argument("--cache", type=Path, default=DEFAULT_WORKSPACES, help="where the scratch workspaces are kept")
    retrieval.add_argument("--set", dest="overrides", action="append", default=[], metavar="GROUP.KEY=VALUE",
                           help="settings override, e.g. chunking.chunk_size=256 or search.fusion=rrf (repeatable)")
    retrieval.add_argument("--tag", default=None, help="name of the result files (default: the dataset)")
    retrieval.add_argument("--cdtn-distractors", type=int, default=None, help="random non-cited articles indexed (default 6000)")
    retrieval.add_argument("--cdtn-idcc-queries", type=int, default=None, help="sample this many agreement questions (default: all)")
    retrieval.add_argument("--seed", type=int, default=None, help="seed of the CDTN sampling (default 0)")
    retrieval.add_argument("--json", action="store_true", help="print the JSON report instead of Markdown")
    retrieval.set_defaults(func=cmd_bench_retrieval)

    bm25 = commands.add_parser(
        "bm25",
        help="bm25s (in use) against rank-bm25 on synthetic legal chunks",
        description="Index synthetic French/English legal chunks with bm25s and rank-bm25 at 1k, 10k ... up to "
        "--chunks, and report build time, query p50/p95 and top-10 agreement.",
    )
    bm25.add_argument("--chunks", type=int, default=100_000, help="largest corpus size (default 100000)")
    bm25.add_argument("--queries", type=int, default=50)
    bm25.add_argument("--seed", type=int, default=0)
    bm25.add_argument("--out", type=Path, default=DEFAULT_RESULTS)
    bm25.add_argument("--json", action="store_true", help="print the JSON results instead of Markdown")
    bm25.set_defaults(func=cmd_bench_bm25)


def parse_overrides(items: list[str]) -> dict[str, Any]:
    """``["search.fusion=rrf", "chunking.chunk_size=256"]`` → nested settings overrides.

    Values are read as JSON when they parse (numbers, booleans, lists), else kept as strings.
    Raises BenchError for an item without ``=`` or without a group.
    """
    overrides: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        parts = [p for p in key.strip().split(".") if p]
        if not sep or len(parts) < 2:
            raise BenchError(f"--set {item!r}: write GROUP.KEY=VALUE, e.g. chunking.chunk_size=256")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        node = overrides
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return overrides


def cmd_bench_retrieval(args: argparse.Namespace) -> int:
    from devtools.bench.datasets import CDTN_DISTRACTORS, CDTN_SEED, DATASET_FOLDERS
    from devtools.bench.retrieval import RetrievalBenchConfig, render_markdown, run_retrieval_benchmark, write_report

    datasets = tuple(DATASET_FOLDERS) if args.dataset == "all" else (args.dataset,)
    config = RetrievalBenchConfig(
        evaldata=args.evaldata,
        datasets=datasets,
        cache_dir=args.cache,
        limit=args.limit,
        overrides=parse_overrides(args.overrides),
        cdtn_distractors=CDTN_DISTRACTORS if args.cdtn_distractors is None else args.cdtn_distractors,
        cdtn_idcc_queries=args.cdtn_idcc_queries,
        seed=CDTN_SEED if args.seed is None else args.seed,
    )
    # Fail on a missing data folder before anything is loaded.
    if not Path(config.evaldata).is_dir():
        raise BenchError(f"evaluation data folder {config.evaldata} not found: pass --evaldata PATH (shared/evaldata)")
    report = run_retrieval_benchmark(config)
    json_path, md_path = write_report(report, args.out, args.tag or args.dataset)
    if args.json:
        sys.stdout.write(json.dumps(report, indent=1, ensure_ascii=False, default=str) + "\n")
    else:
        sys.stdout.write(render_markdown(report))
    sys.stderr.write(f"saved {md_path} and {json_path}\n")
    return 0


def cmd_bench_bm25(args: argparse.Namespace) -> int:
    from devtools.bench.bm25_engines import compare_engines, render_markdown, sizes_up_to

    if args.chunks < 10 or args.queries < 1:
        raise BenchError("--chunks must be at least 10 and --queries at least 1")
    results = []
    for size in sizes_up_to(args.chunks):
        sys.stderr.write(f"{size} chunks\n")
        results.append(compare_engines(size, queries=args.queries, seed=args.seed, log=lambda m: sys.stderr.write(m + "\n")))
    markdown = render_markdown(results)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"bm25-{args.chunks}.json").write_text(json.dumps({"benchmark": "bm25", "results": results}, indent=1), encoding="utf-8")
    (out / f"bm25-{args.chunks}.md").write_text(markdown, encoding="utf-8")
    sys.stdout.write(json.dumps(results, indent=1) + "\n" if args.json else markdown)
    sys.stderr.write(f"saved {out / f'bm25-{args.chunks}.md'} and .json\n")
    return 0
