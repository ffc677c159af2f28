"""``python -m greffier bench ingest|query|rerank|dataroom|app`` run the scripts of ``benchmarks/``."""

from __future__ import annotations

import pytest

from devtools.bench.scripts import SCRIPTS, load_script
from greffier.cli import build_parser, main


@pytest.mark.parametrize("command", sorted(SCRIPTS))
def test_each_command_loads_its_script_and_forwards_every_argument(command: str) -> None:
    args = build_parser().parse_args(["bench", command, "--help", "--out", "x.json"])

    assert args.script_args == ["--help", "--out", "x.json"]
    assert callable(load_script(SCRIPTS[command][0]).main)


def test_help_is_the_script_own(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["bench", "query", "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert "python -m greffier bench query" in out and "--build-only" in out and "--sizes" in out


def test_the_existing_bench_commands_are_still_there() -> None:
    assert build_parser().parse_args(["bench", "bm25", "--chunks", "100"]).chunks == 100
