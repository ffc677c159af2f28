"""Upper bounds that chunking alone puts on LegalBench-RAG scores, from a cached benchmark workspace.

For each query, the *oracle* picks the single best chunk (highest character precision, then recall):
its precision is the best P@1 any retriever could reach with these chunks, and the share of gold
characters the best 1 / 8 chunks can cover bounds R@1 / R@8. Also prints chunk-length statistics.
No model is loaded. Run from the repository root after ``python -m greffier bench retrieval``:

    .venv/bin/python benchmarks/chunking_oracle.py --dataset cuad [--set chunking.chunk_size=256]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import greffier  # noqa: E402,F401  (privacy switches first)
from devtools.bench.commands import DEFAULT_EVALDATA, DEFAULT_WORKSPACES, parse_overrides  # noqa: E402
from devtools.bench.datasets import SPAN_DATASETS  # noqa: E402
from devtools.bench.metrics import mean, overlap, span_precision, span_recall  # noqa: E402
from devtools.bench.retrieval import RetrievalBenchConfig, prepare_dataset  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=SPAN_DATASETS, default="cuad")
    parser.add_argument("--set", dest="overrides", action="append", default=[])
    parser.add_argument("--evaldata", type=Path, default=DEFAULT_EVALDATA)
    parser.add_argument("--cache", type=Path, default=DEFAULT_WORKSPACES)
    args = parser.parse_args(argv)
    config = RetrievalBenchConfig(evaldata=args.evaldata, datasets=(args.dataset,), cache_dir=args.cache, overrides=parse_overrides(args.overrides))
    prepared = prepare_dataset(args.dataset, config)
    spans = list(prepared.chunk_targets.values())
    lengths = [len(s) for s in spans]
    gold_lengths = [len(g) for q in prepared.queries for g in q.gold]
    best_p1, best_r1, best_r8 = [], [], []
    for query in prepared.queries:
        files = {g.file for g in query.gold}
        candidates = [s for s in spans if s.file in files and any(overlap(s, g) for g in query.gold)]
        ranked = sorted(candidates, key=lambda s: (-span_precision([s], query.gold), -span_recall([s], query.gold)))
        by_recall = sorted(candidates, key=lambda s: -span_recall([s], query.gold))
        best_p1.append(span_precision(ranked[:1], query.gold))
        best_r1.append(span_recall(by_recall[:1], query.gold))
        best_r8.append(span_recall(by_recall[:8], query.gold))
    print(f"{args.dataset}: {len(spans)} chunks, chunk length (chars) median {statistics.median(lengths):.0f}, "
          f"mean {statistics.mean(lengths):.0f}, p90 {statistics.quantiles(lengths, n=10)[-1]:.0f}; "
          f"gold span length median {statistics.median(gold_lengths):.0f}, mean {statistics.mean(gold_lengths):.0f}")
    print(f"oracle P@1 {100 * mean(best_p1):.2f} %, oracle R@1 {100 * mean(best_r1):.2f} %, oracle R@8 {100 * mean(best_r8):.2f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
