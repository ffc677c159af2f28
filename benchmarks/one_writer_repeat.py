"""The one-writer test, N times in a row: two ingests of the same room at once (the second waits for
the writer lock) while searches run, every search must succeed and return live chunks only.

    .venv/bin/python benchmarks/one_writer_repeat.py [--runs 20]

It calls ``tests/reliability/test_crash_safety.py``'s test function directly, with the reference
ingest built once, and prints one line per run and a summary (passed / failed, seconds). Not part of
CI: it takes about a minute per run on two cores.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import greffier  # noqa: E402,F401  (privacy switches first)
from tests.reliability import test_crash_safety as crash  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="one-writer-") as scratch:
        base = Path(scratch)
        room = crash._room(base)
        process = crash._start_ingest(room, base / "reference")
        process.communicate(timeout=600)
        reference = {"room": room, "state": crash._state(crash.load_settings(base / "reference"))}
        passed, seconds = 0, []
        for run in range(1, args.runs + 1):
            started = time.perf_counter()
            try:
                crash.test_one_writer_at_a_time_and_searches_stay_consistent_during_an_ingest(reference, base / f"run{run}")
                passed += 1
                outcome = "passed"
            except Exception:  # noqa: BLE001  (a failed run is reported, and the next one runs)
                outcome = "FAILED\n" + traceback.format_exc(limit=3)
            seconds.append(time.perf_counter() - started)
            print(f"run {run:2d}/{args.runs}: {outcome} ({seconds[-1]:.1f} s)", flush=True)
    print(f"\n{passed}/{args.runs} passed; {min(seconds):.1f}–{max(seconds):.1f} s per run")
    return 0 if passed == args.runs else 1


if __name__ == "__main__":
    raise SystemExit(main())
