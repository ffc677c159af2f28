"""``python -m greffier bench ingest|query|rerank|dataroom|app``: the scale benchmarks of ``benchmarks/``.

Each command runs one script of the repository's ``benchmarks/`` folder and passes every argument after
the command to that script's ``main`` unchanged (``python -m greffier bench query --help`` shows the
script's own options). The scripts stay runnable on their own (``.venv/bin/python benchmarks/X.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from devtools.bench.errors import BenchError

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

# command -> (script in benchmarks/, one-line help)
SCRIPTS: dict[str, tuple[str, str]] = {
    "ingest": ("ingest_throughput.py", "ingestion throughput by stage: pages/s (PDF), files/s (DOCX), entries/s (data-room JSON)"),
    "query": ("query_scale.py", "query latency at 1k, 10k and 100k chunks by stage (embed, dense, BM25, fusion, hydration), peak RSS"),
    "rerank": ("reranker_cost.py", "cross-encoder cost by candidates, max length and batch size (bge-reranker-v2-m3's shape)"),
    "dataroom": ("dataroom_scale.py", "data room at 10,000 contracts: filter-only query p50 and find_duplicates"),
    "app": ("app_startup.py", "app start-up: time to first page, health endpoint and first answer"),
}


def add_extra_bench_commands(bench_parser: argparse.ArgumentParser) -> None:
    """Add the script-backed commands to the ``bench`` parser built by :func:`devtools.bench.commands.add_bench_parser`."""
    commands = next(a for a in bench_parser._actions if isinstance(a, argparse._SubParsersAction))  # noqa: SLF001
    for name, (script, help_text) in SCRIPTS.items():
        # '+' as the only prefix: every '-option' after the command goes to the script, --help included.
        parser = commands.add_parser(name, help=help_text, description=f"{help_text} (benchmarks/{script})", add_help=False, prefix_chars="+")
        parser.add_argument("script_args", nargs=argparse.REMAINDER, help=f"arguments of benchmarks/{script}")
        parser.set_defaults(func=_runner(name))


def load_script(script: str) -> ModuleType:
    """Import ``benchmarks/<script>`` as a module (the folder is not a package)."""
    path = BENCHMARKS / script
    if not path.is_file():
        raise BenchError(f"{path} not found: run the benchmarks from a checkout of the repository")
    spec = importlib.util.spec_from_file_location(f"greffier_benchmarks_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise BenchError(f"{path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses of the script look their module up by name
    spec.loader.exec_module(module)
    return module


def _runner(name: str) -> Any:
    def run(args: argparse.Namespace) -> int:
        script = SCRIPTS[name][0]
        module = load_script(script)
        saved = sys.argv[0]
        sys.argv[0] = f"python -m greffier bench {name}"  # what the script's --help shows as its name
        try:
            return int(module.main(list(args.script_args)) or 0)
        finally:
            sys.argv[0] = saved

    return run
