"""Scale-out path: the same ingestion and search pipelines against a real Chroma server (``chroma run``).

The test starts the server shipped with the installed chromadb on a free loopback port with a temporary
data folder, points Greffier at it through the settings (``GREFFIER_STORE__CHROMA_HOST`` / ``_PORT``),
ingests a few files, searches, runs the consistency check and stops the server.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.services.maintenance import check_consistency
from greffier.services.search import search
from store import repository as repo
from store.workspace import VECTOR_STORE_KEY, WorkspaceStore, open_workspace
from store import vectors
from tests.pipelines.files import make_docx, make_markdown

CHROMA = Path(sys.executable).parent / "chroma"
HEARTBEAT = "/api/v2/heartbeat"
START_TIMEOUT_S = 30


def free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_environment() -> dict[str, str]:
    """The server's environment: telemetry off, and no OpenTelemetry exporter it could be told to use."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    env["ANONYMIZED_TELEMETRY"] = "False"  # read by chromadb's Python side; the Rust server has no phone-home
    return env


def wait_for_heartbeat(port: int, process: subprocess.Popen, timeout: float = START_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"chroma run exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{HEARTBEAT}", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"chroma run did not answer {HEARTBEAT} on port {port} within {timeout} s")


@pytest.fixture
def chroma_server(tmp_path: Path) -> Iterator[dict]:
    port = free_loopback_port()
    log = (tmp_path / "chroma.log").open("w")
    process = subprocess.Popen(
        [str(CHROMA), "run", "--path", str(tmp_path / "server-data"), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log, stderr=subprocess.STDOUT, env=server_environment(),
    )
    try:
        wait_for_heartbeat(port, process)
        yield {"host": "127.0.0.1", "port": port, "pid": process.pid, "path": tmp_path / "server-data"}
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _room(folder: Path) -> Path:
    folder.mkdir(parents=True)
    make_markdown(folder / "bail.md", [
        ("Article 1 - Objet", "Le bailleur donne à bail au preneur un entrepôt situé à Lyon."),
        ("Article 2 - Durée", "Le bail est conclu pour une durée de neuf années à compter du 1er janvier 2024."),
        ("Article 3 - Loyer", "Le loyer annuel est fixé à 45 000 euros hors taxes, payable trimestriellement."),
    ], title="Bail commercial")
    make_docx(folder / "supply.docx", [
        ("Article 1 - Object", "The supplier shall deliver spare parts to the buyer every month."),
        ("Article 2 - Term", "This agreement is entered into for a term of three years."),
        ("Article 3 - Change of control", "The buyer may terminate upon a change of control of the supplier."),
    ], title="Supply Agreement")
    make_markdown(folder / "nda.md", [
        ("Article 1 - Confidentiality", "Each party shall keep the exchanged information confidential for five years."),
        ("Article 2 - Governing law", "This agreement is governed by the laws of England and Wales."),
    ], title="Confidentiality Agreement")
    return folder


@pytest.mark.slow
def test_ingest_search_and_doctor_against_a_chroma_server(chroma_server: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import chromadb
    import psutil

    monkeypatch.setenv("GREFFIER_STORE__CHROMA_HOST", chroma_server["host"])
    monkeypatch.setenv("GREFFIER_STORE__CHROMA_PORT", str(chroma_server["port"]))
    settings = load_settings(tmp_path / "ws")
    assert settings.store.chroma_host == "127.0.0.1" and settings.store.chroma_port == chroma_server["port"]

    report = Ingestor(settings).ingest(_room(tmp_path / "room"))

    assert len(report.ingested) == 3 and not report.failed
    workspace = open_workspace(settings)
    # The vectors are in the server, under the workspace's collection; nothing was stored locally.
    assert not (workspace.data_dir / vectors.CHROMA_DIR).exists()
    remote = chromadb.HttpClient(host="127.0.0.1", port=chroma_server["port"], settings=vectors._chroma_settings())
    collection = remote.get_collection(vectors.collection_name(workspace.workspace_id))
    assert collection.count() == report.chunks > 0
    assert any(chroma_server["path"].rglob("*")), "the server wrote nothing to its data folder"

    response = search(settings, "Quelle est la durée du bail ?", retriever="hybrid", rerank=False, top_k=3)
    assert response["results"] and response["results"][0]["file"].endswith("bail.md")
    assert response["results"][0]["dense_score"] is not None  # the dense side answered, from the server
    dense_only = search(settings, "change of control termination", retriever="dense", rerank=False, top_k=3)
    assert dense_only["results"][0]["file"].endswith("supply.docx")

    doctor = check_consistency(settings)
    assert doctor["consistent"], doctor
    assert doctor["chunks"] == report.chunks

    # The server listens on loopback only and holds no connection to another machine.
    connections = psutil.Process(chroma_server["pid"]).net_connections(kind="inet")
    listening = [c for c in connections if c.status == psutil.CONN_LISTEN]
    assert listening and all(c.laddr.ip in ("127.0.0.1", "::1") for c in listening)
    assert all(not c.raddr or c.raddr.ip in ("127.0.0.1", "::1") for c in connections)


def test_server_environment_turns_telemetry_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector.example:4317")

    env = server_environment()

    assert env["ANONYMIZED_TELEMETRY"] == "False"
    assert not any(key.startswith("OTEL_") for key in env)
    assert json.loads(json.dumps(env))  # plain strings only


def test_a_server_workspace_is_not_opened_on_the_embedded_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from greffier.errors import WorkspaceError

    monkeypatch.setenv("GREFFIER_STORE__CHROMA_HOST", "127.0.0.1")
    server = open_workspace(load_settings(tmp_path / "ws"), create=True)
    with server.session() as session:  # what a first ingest on the server records
        repo.set_meta(session=session, key=VECTOR_STORE_KEY, value="server")
    monkeypatch.delenv("GREFFIER_STORE__CHROMA_HOST")

    with pytest.raises(WorkspaceError, match="on a Chroma server.*GREFFIER_STORE__CHROMA_HOST"):
        open_workspace(load_settings(tmp_path / "ws")).collection()
    assert not (tmp_path / "ws" / ".greffier" / vectors.CHROMA_DIR).exists()


def test_an_embedded_workspace_is_not_opened_on_a_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from greffier.errors import WorkspaceError

    open_workspace(load_settings(tmp_path / "ws"), create=True).collection(create=True)  # a writer records "embedded"
    monkeypatch.setenv("GREFFIER_STORE__CHROMA_HOST", "127.0.0.1")
    with pytest.raises(WorkspaceError, match="embedded store.*unset GREFFIER_STORE__CHROMA_HOST"):
        open_workspace(load_settings(tmp_path / "ws")).collection()
