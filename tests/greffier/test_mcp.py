"""The MCP server, driven by the SDK's own client: in process, over stdio (a real subprocess) and over
streamable HTTP (uvicorn in a thread), with its Host checks, its loopback rule and its bearer token."""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio
import httpx2
import pytest
import uvicorn
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from greffier import cli
from greffier import mcp_server
from greffier.config import Settings, load_settings
from greffier.services.ingest import Ingestor
from greffier.mcp_server import MCPServerError, build_http_app, build_server, check_bind, transport_security
from greffier.tools import TOOLS
from tests.paths import REPO

TOKEN = "test-token-0123456789abcdef"
BRENALIS = {"filters": {"entity_ids": ["groupe_brenalis"]}}
INITIALIZE = {
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}},
}
ACCEPT = {"Accept": "application/json, text/event-stream"}


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:  # noqa: ANN001
    """A three-contract data room (small: the point here is the transport, not the search)."""
    base = tmp_path_factory.mktemp("mcp")
    entries = [
        {"filename": "credit.pdf", "title": "Contrat de crédit — Banque Orsenne / Groupe Brenalis", "parties": ["Banque Orsenne", "Groupe Brenalis"],
         "contract_type": "contrat de prêt", "signature_date": "2025-01-20", "end_date": "2031-01-20", "governing_law": "droit français",
         "content": "CONTRAT DE CRÉDIT\n\nARTICLE 1 — OBJET\nLa Banque Orsenne consent au Groupe Brenalis un crédit de 4 000 000 euros.\n\nARTICLE 2 — LOI APPLICABLE\nLe contrat est régi par le droit français."},
        {"filename": "audit.pdf", "title": "Lettre de mission — Cabinet Morand / Groupe Brenalis", "parties": ["Cabinet Morand", "Groupe Brenalis"],
         "contract_type": "prestation de services", "signature_date": "2025-11-24", "end_date": "2026-11-30", "governing_law": "droit français",
         "content": "LETTRE DE MISSION\n\nARTICLE 1 — MISSION\nLe Cabinet Morand audite les comptes de la cible.\n\nARTICLE 2 — DURÉE\nLa mission prend fin le 30 novembre 2026."},
        {"filename": "licence.pdf", "title": "License Agreement — Northbeam / Hydrelle", "parties": ["Northbeam Analytics Inc.", "Hydrelle Énergie SA"],
         "contract_type": "contrat de licence", "signature_date": "2024-10-01", "end_date": "2027-09-30", "governing_law": "droit new-yorkais",
         "content": "SOFTWARE LICENSE AGREEMENT\n\nARTICLE 1 — LICENSE\nNorthbeam grants Hydrelle a license.\n\nARTICLE 2 — GOVERNING LAW\nThis Agreement is governed by the laws of the State of New York."},
    ]
    room = base / "room.json"
    room.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    settings = load_settings(base / "ws")
    assert Ingestor(settings).ingest(room).failed == []
    return settings


def _json(result: Any) -> dict:
    assert not result.is_error, result.content
    assert len(result.content) == 1 and result.content[0].type == "text"
    return json.loads(result.content[0].text)


async def _exercise(client: Client) -> None:
    """What every transport must do: list the tools with flat schemas, call one, report a bad call."""
    listed = await client.list_tools()
    assert {tool.name for tool in listed.tools} == set(TOOLS)
    search = next(tool for tool in listed.tools if tool.name == "search_data_room")
    schema = json.dumps(search.input_schema)
    assert "$ref" not in schema and "anyOf" not in schema
    assert "groupe_brenalis" in search.input_schema["properties"]["filters"]["properties"]["entity_ids"]["items"]["enum"]
    assert search.description and "excluded_unknown" in search.description
    found = _json(await client.call_tool("search_data_room", BRENALIS))
    assert [r["contract_id"] for r in found["results"]] == ["c01", "c02"]
    bad = await client.call_tool("search_data_room", {"filters": {"entity_ids": ["brenalis"]}})
    assert bad.is_error
    assert "unknown entity id: 'brenalis'" in bad.content[0].text and "groupe_brenalis" in bad.content[0].text


# --- in process -----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_in_process(settings: Settings, mode: str) -> None:
    async def main() -> None:
        async with Client(build_server(settings), mode=mode) as client:
            await _exercise(client)
            invalid = await client.call_tool("search_data_room", {"limit": 0})
            assert invalid.is_error and "limit" in invalid.content[0].text
            unknown = await client.call_tool("no_such_tool", {})
            assert unknown.is_error and "unknown tool" in unknown.content[0].text

    anyio.run(main)


def test_a_missing_workspace_is_a_tool_error_not_a_crash(tmp_path) -> None:  # noqa: ANN001
    async def main() -> None:
        async with Client(build_server(load_settings(tmp_path / "absent"))) as client:
            result = await client.call_tool("search_data_room", {})
            assert result.is_error and "does not exist" in result.content[0].text

    anyio.run(main)


# --- stdio --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_stdio_subprocess(settings: Settings) -> None:
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "greffier", "mcp", "--workspace", str(settings.workspace)],
        env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=str(REPO),
    )

    async def main() -> None:
        with anyio.fail_after(120):
            async with Client(parameters) as client:
                await _exercise(client)

    anyio.run(main)


# --- streamable HTTP ----------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def _serving(settings: Settings, token: str | None = None) -> Iterator[str]:
    """The HTTP app under uvicorn in a thread; yields its /mcp URL."""
    port = _free_port()
    app = build_http_app(settings, host="127.0.0.1", port=port, token=token)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the HTTP server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _post(url: str, headers: dict[str, str]) -> httpx2.Response:
    return httpx2.post(url, json=INITIALIZE, headers={**ACCEPT, **headers}, timeout=30)


def test_http_lists_and_calls_tools_and_rejects_a_foreign_host(settings: Settings) -> None:
    with _serving(settings) as url:
        async def main() -> None:
            async with Client(url) as client:
                await _exercise(client)

        anyio.run(main)
        assert _post(url, {}).status_code == 200
        port = url.split(":")[2].split("/")[0]
        assert _post(url, {"Host": f"localhost:{port}"}).status_code == 200
        assert _post(url, {"Host": "evil.example"}).status_code in (400, 403, 421)  # DNS rebinding
        assert _post(url, {"Host": f"evil.example:{port}"}).status_code in (400, 403, 421)
        assert _post(url, {"Origin": "http://evil.example"}).status_code in (400, 403)


def test_http_with_a_token_requires_it(settings: Settings) -> None:
    with _serving(settings, token=TOKEN) as url:
        missing = _post(url, {})
        assert missing.status_code == 401 and missing.headers["www-authenticate"].startswith("Bearer")
        assert _post(url, {"Authorization": "Bearer not-the-token"}).status_code == 401
        assert _post(url, {"Authorization": TOKEN}).status_code == 401  # no scheme
        assert _post(url, {"Authorization": f"Bearer {TOKEN}"}).status_code == 200

        async def main() -> None:
            async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60) as http:
                async with Client(streamable_http_client(url, http_client=http)) as client:
                    await _exercise(client)

        anyio.run(main)


def test_non_loopback_bind_without_token_is_refused(settings: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(mcp_server.TOKEN_ENV, raising=False)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the server must not start"))
    code = cli.main(["mcp", "--http", "--host", "0.0.0.0", "--workspace", str(settings.workspace)])
    assert code == 2
    message = capsys.readouterr().err
    assert "refusing to serve" in message and "0.0.0.0" in message and "GREFFIER_MCP_TOKEN" in message


def test_cli_http_serves_loopback_on_the_asked_port(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(mcp_server.TOKEN_ENV, raising=False)
    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.update(options, app=app))
    assert cli.main(["mcp", "--http", "--port", "8123", "--workspace", str(settings.workspace)]) == 0
    assert (started["host"], started["port"]) == ("127.0.0.1", 8123)


def test_bind_rules() -> None:
    check_bind("127.0.0.1", None)
    check_bind("localhost", None)
    check_bind("::1", None)
    check_bind("0.0.0.0", TOKEN)
    with pytest.raises(MCPServerError, match="GREFFIER_MCP_TOKEN"):
        check_bind("192.168.1.20", None)
    with pytest.raises(MCPServerError, match="too short"):
        check_bind("127.0.0.1", "short")
    lan = transport_security("192.168.1.20", 8002)
    assert "192.168.1.20:8002" in lan.allowed_hosts and "127.0.0.1:*" in lan.allowed_hosts
    assert lan.enable_dns_rebinding_protection
