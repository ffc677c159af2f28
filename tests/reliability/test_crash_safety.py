"""kill -9 during a real ingest, then a re-run: SQLite, Chroma and BM25 agree, no duplicate, no orphan.
Also: one writer at a time, and searches during an ingest see a consistent state."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from greffier.config import load_settings
from greffier.services.maintenance import check_consistency
from greffier.services.search import search
from greffier.services.status import inspect_workspace
from store.workspace import WorkspaceStore, open_workspace
from store import repository as repo
from tests.paths import REPO
from tests.pipelines.files import make_markdown, make_pdf

pytestmark = pytest.mark.slow

N_FILES = 24


def _room(base):
    room = base / "room"
    room.mkdir()
    for i in range(N_FILES):
        sections = [(f"Article {k} - Clause {k}", f"Le contrat {i} stipule, à l'article {k}, l'obligation numéro {i * 10 + k} de la partie {i}. " * 6) for k in range(1, 6)]
        if i % 6 == 0:
            make_pdf(room / f"contrat_{i:02d}.pdf", [sections[:3], sections[3:]], title=f"CONTRAT {i}")
        else:
            make_markdown(room / f"contrat_{i:02d}.md", sections, title=f"Contrat {i}")
    return room


def _start_ingest(room, ws) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "greffier", "ingest", str(room), "--workspace", str(ws)],
        cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, bufsize=1,
    )


def _kill_after(process: subprocess.Popen, files_done: int, timeout: float = 120) -> int:
    """SIGKILL the ingest once its progress bar reports ``files_done`` files; returns the count seen."""
    deadline = time.monotonic() + timeout
    seen = 0
    buffer = ""
    while time.monotonic() < deadline:
        char = process.stderr.read(1)
        if not char:
            break
        buffer = (buffer + char)[-200:]
        counts = re.findall(r"(\d+)/(\d+) \[", buffer)
        if counts:
            seen = int(counts[-1][0])
            if seen >= files_done:
                break
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    return seen


def _state(settings) -> dict:
    ws = open_workspace(settings)
    with ws.session() as session:
        rows = repo.all_chunk_ids(session=session)
        contracts = repo.contract_ids(session=session)
    vectors = ws.collection().get(include=[])["ids"]
    return {"rows": rows, "contracts": contracts, "vectors": vectors, "bm25": ws.bm25().chunk_ids}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    base = tmp_path_factory.mktemp("reference")
    room = _room(base)
    process = _start_ingest(room, base / "ws")
    process.communicate(timeout=300)
    assert process.returncode == 0
    return {"room": room, "state": _state(load_settings(base / "ws"))}


@pytest.mark.parametrize("files_done", [1, N_FILES // 2, N_FILES])
def test_kill_minus_nine_then_rerun_is_consistent(reference, tmp_path, files_done):
    ws = tmp_path / "ws"
    process = _start_ingest(reference["room"], ws)
    _kill_after(process, files_done)
    settings = load_settings(ws)
    # Whatever state the kill left, a re-run completes the work and leaves the three stores in agreement.
    rerun = _start_ingest(reference["room"], ws)
    _out, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err[-2000:]
    state = _state(settings)
    assert len(state["vectors"]) == len(set(state["vectors"]))  # no duplicate chunk
    assert set(state["vectors"]) == state["rows"] == set(state["bm25"])  # no orphan anywhere
    assert state["rows"] == reference["state"]["rows"] and state["contracts"] == reference["state"]["contracts"]
    assert check_consistency(settings)["consistent"] is True


def test_doctor_finds_and_repairs_injected_inconsistencies(reference, tmp_path):
    ws = tmp_path / "ws"
    process = _start_ingest(reference["room"], ws)
    process.communicate(timeout=300)
    settings = load_settings(ws)
    workspace = open_workspace(settings)
    workspace.collection().upsert(ids=["zz-1"], embeddings=[[0.1] * 512], metadatas=[{"doc_id": "zz"}])  # orphan vector
    victim = sorted(_state(settings)["rows"])[0]
    workspace.collection().delete(ids=[victim])  # chunk without vector
    report = check_consistency(settings)
    assert report["consistent"] is False and report["orphan_vectors"] == ["zz-1"] and report["chunks_without_vector"] == [victim]
    cli = subprocess.run([sys.executable, "-m", "greffier", "doctor", "--workspace", str(ws)], cwd=REPO, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    assert cli.returncode == 1 and "INCONSISTENT" in cli.stdout
    check_consistency(settings, repair=True)
    rerun = _start_ingest(reference["room"], ws)
    rerun.communicate(timeout=300)
    assert check_consistency(settings)["consistent"] is True
    assert _state(settings)["rows"] == reference["state"]["rows"]


def _wait_for_progress(process: subprocess.Popen, files_done: int, timeout: float = 120) -> None:
    """Read the ingest's progress bar until it reports ``files_done`` files (the writer holds the lock)."""
    deadline = time.monotonic() + timeout
    buffer = ""
    while time.monotonic() < deadline:
        char = process.stderr.read(1)
        if not char:
            raise AssertionError(f"the ingest ended before {files_done} files: {buffer[-500:]}")
        buffer = (buffer + char)[-200:]
        counts = re.findall(r"(\d+)/(\d+) \[", buffer)
        if counts and int(counts[-1][0]) >= files_done:
            return
    raise AssertionError(f"no progress to {files_done} files in {timeout} s")


def test_one_writer_at_a_time_and_searches_stay_consistent_during_an_ingest(reference, tmp_path):
    """Deterministic: the searches start once the first writer has stored files and holds the lock,
    and go on until both writers are done; every search must succeed and return live chunks only."""
    ws = tmp_path / "ws"
    settings = load_settings(ws)
    first = _start_ingest(reference["room"], ws)
    _wait_for_progress(first, 2)  # the first writer holds the lock and has stored two files
    drain = threading.Thread(target=first.stderr.read, daemon=True)  # keep its progress pipe from filling up
    drain.start()
    second = _start_ingest(reference["room"], ws)  # waits for the writer lock, then finds nothing to do
    errors: list[str] = []
    searches_during_first = 0
    while first.poll() is None or second.poll() is None:
        try:
            results = search(settings, "obligation de la partie", retriever="bm25")["results"]
            live = _state(settings)["rows"]
            errors.extend(r["chunk_id"] for r in results if r["chunk_id"] not in live)
            searches_during_first += first.poll() is None
        except Exception as exc:  # noqa: BLE001  (any failure is a test failure)
            errors.append(repr(exc))
        time.sleep(0.05)
    assert first.returncode == 0
    assert second.returncode == 0, second.stderr.read()[-2000:]
    assert searches_during_first >= 3, "the searches did not overlap the ingest"
    assert errors == []
    assert _state(settings)["rows"] == reference["state"]["rows"]
    assert len(inspect_workspace(settings)["documents"]) == N_FILES
