"""MCP server: every tool of the registry, over stdio or streamable HTTP (official ``mcp`` SDK).

    python -m greffier mcp --workspace ~/ws                      # stdio (Claude Desktop, Claude Code)
    python -m greffier mcp --http --workspace ~/ws               # http://127.0.0.1:8002/mcp

Each tool of :data:`greffier.tools.TOOLS` is listed with its description and its flattened input
schema (no ``$ref``, no ``anyOf``; enums taken from the data room); a call returns the tool's JSON
result as one text content block, and a bad call (:class:`~greffier.tools.ToolError`) comes back as
a tool error result whose message the model can read to correct itself. Tools run in a worker
thread: a slow search does not block the connection.

HTTP security: requests whose ``Host`` (or ``Origin``) header is not this server's are refused by
the SDK's DNS-rebinding protection (421 / 403); the server refuses to bind a non-loopback address
unless ``GREFFIER_MCP_TOKEN`` is set, and whenever a token is set every request must carry
``Authorization: Bearer <token>`` (401 otherwise).
"""

from __future__ import annotations

import greffier  # noqa: F401  (privacy switches before the SDK, Chroma or Haystack are imported)

import hmac
import ipaddress
import json
import logging
import os
import socket
import sys
from collections.abc import Mapping
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp.server.transport_security import TransportSecuritySettings
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from greffier.config import Settings
from greffier.errors import GreffierError
from greffier.tools import TOOLS, ToolError, call_tool, tool_definitions
from store.workspace import open_workspace

log = logging.getLogger(__name__)

SERVER_NAME = "greffier"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8002
MCP_PATH = "/mcp"
TOKEN_ENV = "GREFFIER_MCP_TOKEN"
ALLOWED_HOSTS_ENV = "GREFFIER_MCP_ALLOWED_HOSTS"
MIN_TOKEN_LENGTH = 16
INSTRUCTIONS = (
    "Greffier answers from the contracts of one data room, on the user's machine. Use search_data_room to "
    "list contracts exhaustively by filters (parties as entity ids, type, governing law, dates) and always "
    "report its excluded_unknown, excluded_by_amendment and contradictions; get_contract for one contract's "
    "articles; search_documents to find passages with the user's exact words; find_duplicates for copies "
    "and courtesy translations, compare_contracts to see what differs between two of them. Cite contract ids and article ids."
)
_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


class MCPServerError(GreffierError):
    """The MCP server cannot start as asked (an unsafe bind, a weak token); the message says why."""


# --- the server ---------------------------------------------------------------------------------


def _tool_result(settings: Settings, name: str, arguments: Mapping[str, Any] | None) -> types.CallToolResult:
    """Run one registry tool; every failure becomes a tool error result, never an exception."""
    try:
        result = call_tool(settings, name, dict(arguments or {}))
    except ToolError as exc:
        log.info("tool %s rejected its arguments: %s", name, exc)
        return _error(str(exc))
    except GreffierError as exc:  # the workspace is missing, the embedder changed...
        return _error(str(exc))
    except Exception as exc:  # a bug must not take the server down: say so and log it
        log.exception("tool %s failed", name)
        return _error(f"internal error in {name} ({type(exc).__name__}): {exc}")
    text = json.dumps(result, ensure_ascii=False, default=str)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)


def build_server(settings: Settings) -> Server[Any]:
    """A low-level MCP server exposing every registry tool on the workspace of ``settings``."""

    def definitions() -> list[types.Tool]:
        return [
            types.Tool(name=d["name"], description=d["description"], input_schema=d["parameters"])
            for d in tool_definitions(settings)
        ]

    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=await anyio.to_thread.run_sync(definitions))

    async def run_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        return await anyio.to_thread.run_sync(_tool_result, settings, params.name, params.arguments)

    def input_schema(name: str) -> dict[str, Any] | None:
        if name not in TOOLS:
            return None
        return next((d["parameters"] for d in tool_definitions(settings) if d["name"] == name), None)

    return Server(
        SERVER_NAME,
        version=greffier.__version__,
        title="Greffier",
        description="Private legal-document assistant: search and inspect a data room of contracts.",
        instructions=INSTRUCTIONS,
        get_tool_input_schema=input_schema,
        on_list_tools=list_tools,
        on_call_tool=run_tool,
    )


# --- HTTP security ------------------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    if host.strip("[]") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, token: str | None) -> None:
    """Refuse an HTTP bind that would expose the workspace. Raises MCPServerError."""
    if token is not None and len(token) < MIN_TOKEN_LENGTH:
        raise MCPServerError(
            f"{TOKEN_ENV} is too short ({len(token)} characters, at least {MIN_TOKEN_LENGTH}): generate one with "
            "python -c \"import secrets; print(secrets.token_urlsafe(32))\""
        )
    if not is_loopback(host) and token is None:
        raise MCPServerError(
            f"refusing to serve the workspace on {host}, which other machines can reach, without a token: set "
            f"{TOKEN_ENV} (clients then send 'Authorization: Bearer <token>'), or bind 127.0.0.1"
        )


def transport_security(host: str, port: int) -> TransportSecuritySettings:
    """DNS-rebinding protection: the Host (and Origin, when sent) must name this server.

    Loopback names are always allowed; a non-loopback bind also allows its own address (the machine's
    host name for 0.0.0.0 / ::) and the comma-separated ``GREFFIER_MCP_ALLOWED_HOSTS``.
    """
    names = list(_LOOPBACK_NAMES)
    if not is_loopback(host):
        if host in ("0.0.0.0", "::", ""):
            names.append(socket.gethostname())
        else:
            names.append(f"[{host}]" if ":" in host else host)
        names += [h.strip() for h in os.environ.get(ALLOWED_HOSTS_ENV, "").split(",") if h.strip()]
    hosts = [f"{name}:{port}" for name in names] + [f"{name}:*" for name in names]
    origins = [f"{scheme}://{name}{suffix}" for name in names for scheme in ("http", "https") for suffix in ("", ":*")]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)


class BearerTokenMiddleware:
    """Every HTTP request must carry ``Authorization: Bearer <token>``; 401 otherwise."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._authorised(Headers(scope=scope).get("authorization", "")):
            response = JSONResponse(
                {"error": "invalid_token", "error_description": "send 'Authorization: Bearer <token>' with the server's token"},
                status_code=401,
                headers={"WWW-Authenticate": 'Bearer realm="greffier"'},
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _authorised(self, header: str) -> bool:
        scheme, _, value = header.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), self.token.encode())


def build_http_app(settings: Settings, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, token: str | None = None) -> ASGIApp:
    """The streamable-HTTP ASGI app at ``/mcp``, with Host checks and, when ``token`` is set, bearer auth.
    Raises MCPServerError for an unsafe bind (see :func:`check_bind`)."""
    check_bind(host, token)
    app = build_server(settings).streamable_http_app(
        streamable_http_path=MCP_PATH, transport_security=transport_security(host, port), host=host
    )
    return BearerTokenMiddleware(app, token) if token is not None else app


def token_from_environment() -> str | None:
    """``GREFFIER_MCP_TOKEN``, or None when unset or empty."""
    return os.environ.get(TOKEN_ENV) or None


# --- entry points -------------------------------------------------------------------------------


def serve_stdio(settings: Settings) -> None:
    """Serve over stdin/stdout until the client closes the connection."""
    open_workspace(settings, must_exist=True)  # fail now, with a readable message, not at the first call
    server = build_server(settings)

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(run)


def serve_http(settings: Settings, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Serve streamable HTTP on ``http://host:port/mcp`` until interrupted. Raises MCPServerError."""
    import uvicorn  # optional: the HTTP server of `mcp --http` only

    token = token_from_environment()
    app = build_http_app(settings, host=host, port=port, token=token)
    open_workspace(settings, must_exist=True)
    shown = f"[{host}]" if ":" in host else host
    access = "bearer token required" if token else "loopback only, no token"
    sys.stderr.write(f"Greffier MCP server on http://{shown}:{port}{MCP_PATH} ({access}); Ctrl+C stops it\n")
    uvicorn.run(app, host=host, port=port, log_level="warning")
