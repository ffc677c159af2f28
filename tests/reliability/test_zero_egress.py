"""Zero outbound traffic: every surface is exercised in real subprocesses whose sockets are guarded
(tests/netguard/sitecustomize.py records each non-loopback attempt); the record must stay empty."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.fakes import OllamaStub
from tests.paths import REPO
from tests.pipelines.files import make_markdown, make_pdf

pytestmark = pytest.mark.slow

NETGUARD = REPO / "tests" / "netguard"
ARTICLES = [
    ("ARTICLE 1 — OBJET", "Le Fournisseur accorde au Distributeur une exclusivité territoriale sur la France."),
    ("ARTICLE 2 — DURÉE", "Le contrat est conclu pour trois ans et se renouvelle par tacite reconduction."),
    ("ARTICLE 3 — CHANGEMENT DE CONTRÔLE", "En cas de changement de contrôle du Distributeur, le Fournisseur peut résilier."),
    ("ARTICLE 4 — LOI APPLICABLE", "Le présent contrat est soumis au droit suisse."),
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    base = tmp_path_factory.mktemp("egress")
    room = base / "room"
    room.mkdir()
    make_pdf(room / "distribution.pdf", [ARTICLES[:2], ARTICLES[2:]], title="CONTRAT DE DISTRIBUTION")
    make_markdown(room / "bail.md", [("Article 1 - Durée", "Le bail est consenti pour neuf années.")], title="Bail commercial")
    log = base / "netguard.jsonl"
    env = {
        **os.environ,
        "PYTHONPATH": f"{NETGUARD}{os.pathsep}{REPO}",
        "GREFFIER_NETGUARD_LOG": str(log),
        "GREFFIER_WORKSPACE": str(base / "ws"),
    }
    return {"base": base, "room": room, "log": log, "env": env}


def _greffier(guarded, *args: str, env: dict | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "greffier", *args], cwd=REPO, env=env or guarded["env"], input=stdin,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 1, 2), result.stderr[-2000:]
    return result


def _attempts(guarded) -> list[dict]:
    if not guarded["log"].exists():
        return []
    return [json.loads(line) for line in guarded["log"].read_text().splitlines() if line.strip()]


def test_cli_surfaces_make_no_outbound_connection(guarded):
    assert _greffier(guarded, "ingest", str(guarded["room"]), "--json").returncode == 0
    assert _greffier(guarded, "search", "exclusivité territoriale", "--json").returncode == 0
    for mode in ("rag", "retrieval_only"):
        assert _greffier(guarded, "ask", "Quelle est la durée du contrat ?", "--mode", mode, "--json").returncode == 0
    with OllamaStub(model="egress-test:latest", replies=[{"content": "Une réponse directe."}]) as stub:
        env = {**guarded["env"], "GREFFIER_MODELS__LLM_BACKEND": "ollama", "GREFFIER_MODELS__OLLAMA_URL": stub.url, "GREFFIER_MODELS__OLLAMA_MODEL": "egress-test"}
        direct = _greffier(guarded, "ask", "Qu'est-ce qu'un bail ?", "--mode", "direct", "--json", env=env)
        assert json.loads(direct.stdout)["grounded"] is False
    assert _greffier(guarded, "chat", "Quels contrats sont en droit suisse ?", "--json").returncode == 0
    assert _greffier(guarded, "scan", "--json").returncode == 0
    out = guarded["base"] / "flags.xlsx"
    assert _greffier(guarded, "flags", "export", "--format", "xlsx", "--out", str(out)).returncode == 0
    assert _greffier(guarded, "tool", "search_data_room", "--args", "{}").returncode == 0
    assert _greffier(guarded, "doctor", "--json").returncode == 0
    assert _greffier(guarded, "models", "status").returncode == 0
    assert _attempts(guarded) == []


def test_mcp_stdio_server_makes_no_outbound_connection(guarded):
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "egress", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "search_documents", "arguments": {"query": "changement de contrôle"}}},
    ]
    process = subprocess.Popen([sys.executable, "-m", "greffier", "mcp"], cwd=REPO, env=guarded["env"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    replies = {}
    try:
        for request in requests:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            if "id" in request:
                while True:
                    line = process.stdout.readline()
                    assert line, process.stderr.read()[-2000:]
                    message = json.loads(line)
                    if message.get("id") == request["id"]:
                        replies[request["id"]] = message
                        break
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(timeout=30)
    assert {t["name"] for t in replies[2]["result"]["tools"]} >= {"search_data_room", "search_documents"}
    assert "changement" in json.dumps(replies[3]["result"], ensure_ascii=False).lower()
    assert _attempts(guarded) == []


def test_streamlit_session_in_a_browser_makes_no_outbound_connection(guarded):
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        pytest.skip("Debian chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(REPO / "app.py"), "--server.port", str(port), "--server.address", "127.0.0.1",
         "--server.headless", "true", "--browser.gatherUsageStats", "false"],
        cwd=REPO, env=guarded["env"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("the Streamlit server did not start")
        requested: list[str] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
            )
            page = browser.new_page()
            page.on("request", lambda request: requested.append(request.url))
            page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
            page.get_by_text("Greffier").first.wait_for(timeout=60_000)
            page.wait_for_timeout(3000)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    outside = [url for url in requested if not url.startswith((f"http://127.0.0.1:{port}", "data:", "blob:", "about:", f"ws://127.0.0.1:{port}"))]
    assert outside == []  # the page itself asks nothing of the internet (no usage-statistics call)
    assert _attempts(guarded) == []  # nor does the server


def test_the_test_process_itself_made_no_outbound_attempt():
    from tests.conftest import BLOCKED_ATTEMPTS

    assert BLOCKED_ATTEMPTS == []
