"""Probe: is it the document or the passage that retrieval misses on LegalBench-RAG queries?

LegalBench-RAG queries read « Consider <the contract, its parties>; <question> ». The description
picks the document; the question picks the passage. This script scores, on a cached benchmark
workspace, three ways of running them:

* ``full``: the whole query, as ``bench retrieval`` does;
* ``two-step``: BM25 on the whole query picks the document (its best chunk's), then the question
  alone is searched in that document (``doc_ids`` filter, applied inside each retriever);
* ``oracle-doc``: the question alone, searched in the gold document (an upper bound of two-step).

Run from the repository root after ``python -m greffier bench retrieval --dataset cuad``:

    .venv/bin/python benchmarks/query_split_probe.py --dataset cuad [--set chunking.chunk_size=256]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import greffier  # noqa: E402,F401  (privacy switches first)
from devtools.bench.commands import DEFAULT_EVALDATA, DEFAULT_RESULTS, DEFAULT_WORKSPACES, parse_overrides  # noqa: E402
from devtools.bench.datasets import SPAN_DATASETS  # noqa: E402
from devtools.bench.retrieval import TOP_K, RetrievalBenchConfig, prepare_dataset, score_query, summarize  # noqa: E402
from greffier.services.search import search  # noqa: E402

MODES = ("bm25", "dense", "hybrid")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=SPAN_DATASETS, default="cuad")
    parser.add_argument("--set", dest="overrides", action="append", default=[])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--evaldata", type=Path, default=DEFAULT_EVALDATA)
    parser.add_argument("--cache", type=Path, default=DEFAULT_WORKSPACES)
    parser.add_argument("--out", type=Path, default=DEFAULT_RESULTS)
    args = parser.parse_args(argv)
    config = RetrievalBenchConfig(evaldata=args.evaldata, datasets=(args.dataset,), cache_dir=args.cache,
                                  limit=args.limit, overrides=parse_overrides(args.overrides))
    prepared = prepare_dataset(args.dataset, config)
    settings = prepared.settings
    file_to_contract = {span.file: chunk_id.rsplit("-", 1)[0] for chunk_id, span in prepared.chunk_targets.items()}
    k_retrieval = max(TOP_K, settings.search.top_k_retrieval)
    rows = []
    summaries = {}
    for mode in MODES:
        per_way: dict[str, list[dict]] = {"full": [], "two-step": [], "oracle-doc": []}
        for query in prepared.queries:
            question = query.text.split(";", 1)[-1].strip()
            gold_doc = file_to_contract[query.gold[0].file]
            picked = search(settings, query.text, top_k=1, retriever="bm25", rerank=False)["results"]
            picked_doc = picked[0]["contract_id"] if picked else gold_doc
            for way, text, doc_ids in (("full", query.text, None), ("two-step", question, [picked_doc]), ("oracle-doc", question, [gold_doc])):
                response = search(settings, text, top_k=TOP_K, top_k_retrieval=k_retrieval, retriever=mode, rerank=False, doc_ids=doc_ids)
                ids = [r["chunk_id"] for r in response["results"]]
                per_way[way].append({**score_query("span", ids, query.gold, prepared.chunk_targets), "stages": {**response["stages"], "other_ms": 0.0}})
        for way, per_query in per_way.items():
            summary = summarize(per_query)
            summaries[f"{mode}/{way}"] = summary
            rows.append(f"| {mode} | {way} | {100 * summary['precision'][1]:.2f} | {100 * summary['precision'][8]:.2f} | "
                        f"{100 * summary['recall'][1]:.2f} | {100 * summary['recall'][8]:.2f} | {100 * summary['recall'][64]:.2f} | {summary['mrr']:.3f} |")
    markdown = "\n".join([
        f"Query split probe on {args.dataset} ({len(prepared.queries)} queries, {prepared.corpus['chunks']} chunks, overrides {json.dumps(config.overrides)})",
        "", "| retriever | query | P@1 | P@8 | R@1 | R@8 | R@64 | MRR |", "|---|---|---:|---:|---:|---:|---:|---:|", *rows]) + "\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"query-split-{args.dataset}.md").write_text(markdown, encoding="utf-8")
    (args.out / f"query-split-{args.dataset}.json").write_text(json.dumps(summaries, indent=1, default=str), encoding="utf-8")
    sys.stdout.write(markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
