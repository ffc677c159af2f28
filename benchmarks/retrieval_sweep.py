"""Side-by-side retrieval scores of several settings variants (chunk size, fusion, weights).

Each variant is ``NAME:GROUP.KEY=VALUE[,GROUP.KEY=VALUE...]`` (``NAME:`` alone is the defaults). Variants
that change chunking get their own cached workspace; fusion variants reuse the defaults' one. Run from
the repository root:

    .venv/bin/python benchmarks/retrieval_sweep.py --dataset cuad \\
        --variant default: --variant chunk256:chunking.chunk_size=256 --variant rrf:search.fusion=rrf

It prints a Markdown table (P@1, R@8, R@64, MRR per variant and retriever) and saves it with the full
reports under ``benchmarks/results/sweep-<tag>.{md,json}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import greffier  # noqa: E402,F401  (privacy switches first)
from devtools.bench.commands import DEFAULT_EVALDATA, DEFAULT_RESULTS, DEFAULT_WORKSPACES, parse_overrides  # noqa: E402
from devtools.bench.datasets import DATASET_FOLDERS  # noqa: E402
from devtools.bench.retrieval import RetrievalBenchConfig, run_retrieval_benchmark  # noqa: E402

DEFAULT_VARIANTS = [
    "default:",
    "chunk256:chunking.chunk_size=256",
    "chunk128:chunking.chunk_size=128,chunking.overlap=20",
    "rrf:search.fusion=rrf",
    "dense0.7:search.dense_weight=0.7,search.lexical_weight=0.3",
    "dense0.3:search.dense_weight=0.3,search.lexical_weight=0.7",
]


def parse_variant(text: str) -> tuple[str, dict]:
    name, _, assignments = text.partition(":")
    items = [item for item in assignments.split(",") if item.strip()]
    return name or "default", parse_overrides(items)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=[*DATASET_FOLDERS, "all"], default="cuad")
    parser.add_argument("--variant", action="append", default=None, help="NAME:GROUP.KEY=VALUE,... (repeatable)")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--evaldata", type=Path, default=DEFAULT_EVALDATA)
    parser.add_argument("--cache", type=Path, default=DEFAULT_WORKSPACES)
    parser.add_argument("--out", type=Path, default=DEFAULT_RESULTS)
    parser.add_argument("--tag", default=None)
    args = parser.parse_args(argv)
    datasets = tuple(DATASET_FOLDERS) if args.dataset == "all" else (args.dataset,)
    rows, reports = [], {}
    for name, overrides in map(parse_variant, args.variant or DEFAULT_VARIANTS):
        sys.stderr.write(f"== variant {name}: {json.dumps(overrides)}\n")
        config = RetrievalBenchConfig(evaldata=args.evaldata, datasets=datasets, cache_dir=args.cache, limit=args.limit, overrides=overrides)
        report = run_retrieval_benchmark(config)
        reports[name] = report
        for key, data in report["datasets"].items():
            for mode, result in data["modes"].items():
                if result["status"] == "ok":
                    rows.append((name, key, data["corpus"]["chunks"], mode, result))
    lines = ["| variant | dataset | chunks | retriever | P@1 | R@1 | R@8 | R@64 | MRR | total p50 ms |", "|---|---|---:|---|---:|---:|---:|---:|---:|---:|"]
    for name, key, chunks, mode, r in rows:
        lines.append(
            f"| {name} | {key} | {chunks} | {mode} | {100 * r['precision'][1]:.2f} | {100 * r['recall'][1]:.2f} | "
            f"{100 * r['recall'][8]:.2f} | {100 * r['recall'][64]:.2f} | {r['mrr']:.3f} | {r['latency_ms']['total_ms']['p50']:.0f} |"
        )
    markdown = "\n".join(lines) + "\n"
    tag = args.tag or args.dataset
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"sweep-{tag}.md").write_text(markdown, encoding="utf-8")
    (args.out / f"sweep-{tag}.json").write_text(json.dumps(reports, indent=1, default=str), encoding="utf-8")
    sys.stdout.write(markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
