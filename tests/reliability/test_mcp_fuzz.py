"""Fuzzed JSON-RPC bodies against the real MCP HTTP server (a subprocess on loopback): every answer is
an HTTP 4xx or a JSON-RPC error, never a 5xx, and the server still serves a clean session afterwards.
The loop is bounded in count and time and targets 127.0.0.1 only."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time

import httpx2
import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from tests.paths import REPO
from tests.pipelines.files import make_markdown

pytestmark = pytest.mark.slow

ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "0"}}}
MAX_REQUESTS = 400
MAX_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _bodies(rng: random.Random):
    methods = ["initialize", "tools/list", "tools/call", "ping", "resources/list", "nope", "", None, 42]
    tools = ["search_data_room", "get_contract", "find_duplicates", "search_documents", "scan_document", "x" * 300]
    junk = [None, True, -1, 10**30, 1.5e308, "", "é" * 50, [], {}, [1, {"a": None}], {"$ref": "#"}, "\u0000", "<script>"]
    for _ in range(MAX_REQUESTS):
        kind = rng.randrange(6)
        if kind == 0:
            yield bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        elif kind == 1:
            yield b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {'[: rng.randrange(1, 60)]
        elif kind == 2:
            yield json.dumps(rng.choice(junk)).encode()
        elif kind == 3:
            yield json.dumps([{"jsonrpc": "2.0", "id": i, "method": rng.choice(methods)} for i in range(rng.randrange(0, 5))]).encode()
        else:
            body = {"jsonrpc": rng.choice(["2.0", "1.0", None]), "id": rng.choice([1, "a", None, 10**20, [1]]), "method": rng.choice(methods)}
            if rng.random() < 0.8:
                body["params"] = {"name": rng.choice(tools), "arguments": {rng.choice(["query", "filters", "limit", "contract_id", "zz"]): rng.choice(junk)}}
            yield json.dumps(body).encode()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("fuzz")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "a.md", [("Article 1 - Loi", "Le contrat est soumis au droit français.")], title="Contrat A")
    Ingestor(load_settings(base / "ws")).ingest(room)
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("GREFFIER_MCP_TOKEN", None)
    process = subprocess.Popen([sys.executable, "-m", "greffier", "mcp", "--http", "--port", str(port), "--workspace", str(base / "ws")],
                               cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/mcp"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if httpx2.post(url, json=INITIALIZE, headers=ACCEPT, timeout=5).status_code == 200:
                break
        except httpx2.HTTPError:
            time.sleep(0.3)
    else:
        process.kill()
        pytest.fail(f"MCP server did not start: {process.stderr.read()[-2000:]}")
    yield url
    process.terminate()
    process.wait(timeout=30)


def _session(url: str) -> dict[str, str]:
    response = httpx2.post(url, json=INITIALIZE, headers=ACCEPT, timeout=30)
    assert response.status_code == 200
    headers = {**ACCEPT, "mcp-session-id": response.headers.get("mcp-session-id", "")}
    httpx2.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers, timeout=30)
    return headers


def test_fuzzed_bodies_get_client_errors_and_the_server_stays_up(server):
    rng = random.Random(20261130)
    session = _session(server)
    statuses: dict[int, int] = {}
    started = time.monotonic()
    sent = 0
    for body in _bodies(rng):
        if time.monotonic() - started > MAX_SECONDS:
            break
        headers = session if rng.random() < 0.7 else ACCEPT
        response = httpx2.post(server, content=body, headers=headers, timeout=30)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code < 500, (body[:200], response.status_code, response.text[:300])
        if response.status_code == 200 and response.headers.get("content-type", "").startswith("application/json"):
            payload = response.json()
            for message in payload if isinstance(payload, list) else [payload]:
                assert "result" in message or "error" in message
        sent += 1
    assert sent >= 50
    # Still alive: a clean session lists the tools.
    headers = _session(server)
    listed = httpx2.post(server, json={"jsonrpc": "2.0", "id": 9, "method": "tools/list"}, headers=headers, timeout=30)
    assert listed.status_code == 200 and "search_data_room" in listed.text
