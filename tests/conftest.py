"""Test-wide fixtures. Importing greffier first applies the privacy switches for the whole run."""

from __future__ import annotations

import ipaddress
import socket

import pytest

import greffier  # noqa: F401  (telemetry off before any library under test is imported)

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_create_connection = socket.create_connection
_real_getaddrinfo = socket.getaddrinfo

# Connection attempts to non-loopback hosts made during the test session (host, port).
BLOCKED_ATTEMPTS: list[tuple[str, object]] = []


def _is_loopback(host: object) -> bool:
    if host is None:
        return True
    if isinstance(host, bytes):
        host = host.decode()
    host = str(host)
    if host in ("localhost", "", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _address_host(address: object) -> object:
    if isinstance(address, tuple) and address:
        return address[0]
    return None  # AF_UNIX paths are local


class NonLoopbackConnectionError(ConnectionRefusedError):
    """Raised by the test socket guard for any connection leaving the machine."""


def _guarded_connect(self, address):  # noqa: ANN001
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(_address_host(address)):
        BLOCKED_ATTEMPTS.append((str(_address_host(address)), address[1] if isinstance(address, tuple) else None))
        raise NonLoopbackConnectionError(f"test socket guard: non-loopback connection to {address!r} refused")
    return _real_connect(self, address)


def _guarded_connect_ex(self, address):  # noqa: ANN001
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(_address_host(address)):
        BLOCKED_ATTEMPTS.append((str(_address_host(address)), address[1] if isinstance(address, tuple) else None))
        raise NonLoopbackConnectionError(f"test socket guard: non-loopback connection to {address!r} refused")
    return _real_connect_ex(self, address)


def _guarded_getaddrinfo(host, *args, **kwargs):  # noqa: ANN001
    if not _is_loopback(host):
        BLOCKED_ATTEMPTS.append((str(host), args[0] if args else None))
        raise socket.gaierror(socket.EAI_NONAME, f"test socket guard: name lookup of {host!r} refused")
    return _real_getaddrinfo(host, *args, **kwargs)


@pytest.fixture(autouse=True)
def _refuse_non_loopback_sockets(monkeypatch: pytest.MonkeyPatch):
    """Every test runs offline: connections and name lookups beyond loopback are refused."""
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", _guarded_connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", _guarded_getaddrinfo)
    yield


@pytest.fixture(autouse=True, scope="session")
def _isolated_model_locations(tmp_path_factory: pytest.TempPathFactory):
    """A user's hub cache or models folder must not decide which models the tests resolve."""
    import os

    base = tmp_path_factory.mktemp("model-locations")
    (base / "hf-cache").mkdir()
    (base / "models").mkdir()
    saved = {key: os.environ.get(key) for key in ("HF_HUB_CACHE", "GREFFIER_MODELS__MODELS_DIR", "GREFFIER_MODELS__LLM_BACKEND")}
    os.environ["HF_HUB_CACHE"] = str(base / "hf-cache")
    os.environ["GREFFIER_MODELS__MODELS_DIR"] = str(base / "models")
    os.environ["GREFFIER_MODELS__LLM_BACKEND"] = "none"  # tests that need an LLM pass one explicitly
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
