"""Loaded by every Python subprocess the privacy tests start (PYTHONPATH=tests/netguard:...).

Records each connection attempt or name lookup to a non-loopback address in the file named by
``GREFFIER_NETGUARD_LOG`` (one JSON line each) and refuses it, so a test can prove that a whole
session (CLI, MCP server, Streamlit server) never tried to leave the machine.
"""

import ipaddress
import json
import os
import socket
import traceback

_LOG = os.environ.get("GREFFIER_NETGUARD_LOG")
_connect = socket.socket.connect
_connect_ex = socket.socket.connect_ex
_getaddrinfo = socket.getaddrinfo


def _loopback(host) -> bool:  # noqa: ANN001
    if host is None:
        return True
    host = host.decode() if isinstance(host, bytes) else str(host)
    if host in ("localhost", "", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _record(kind: str, target) -> None:  # noqa: ANN001
    if _LOG:
        with open(_LOG, "a", encoding="utf-8") as handle:
            stack = "".join(traceback.format_stack(limit=8)[:-2])
            handle.write(json.dumps({"pid": os.getpid(), "kind": kind, "target": repr(target), "stack": stack}) + "\n")


def _guard_connect(self, address):  # noqa: ANN001
    if self.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple) and not _loopback(address[0]):
        _record("connect", address)
        raise ConnectionRefusedError(f"netguard: connection to {address!r} refused")
    return _connect(self, address)


def _guard_connect_ex(self, address):  # noqa: ANN001
    if self.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple) and not _loopback(address[0]):
        _record("connect", address)
        raise ConnectionRefusedError(f"netguard: connection to {address!r} refused")
    return _connect_ex(self, address)


def _guard_getaddrinfo(host, *args, **kwargs):  # noqa: ANN001
    if not _loopback(host):
        _record("getaddrinfo", host)
        raise socket.gaierror(socket.EAI_NONAME, f"netguard: lookup of {host!r} refused")
    return _getaddrinfo(host, *args, **kwargs)


if _LOG:
    socket.socket.connect = _guard_connect
    socket.socket.connect_ex = _guard_connect_ex
    socket.getaddrinfo = _guard_getaddrinfo
