"""Each telemetry / hub switch is set before the libraries that read it are imported."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HAYSTACK_", "HF_", "TRANSFORMERS_", "ANONYMIZED", "STREAMLIT_"))}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_haystack_telemetry_is_off_in_a_fresh_process():
    out = _run("import greffier, haystack.telemetry._telemetry as t; print(t.telemetry is None, t.HAYSTACK_TELEMETRY_ENABLED)")
    assert out == "True HAYSTACK_TELEMETRY_ENABLED"
    assert _run("import greffier, os; print(os.environ['HAYSTACK_TELEMETRY_ENABLED'])") == "False"


@pytest.mark.parametrize("key, value", [("HF_HUB_OFFLINE", "1"), ("TRANSFORMERS_OFFLINE", "1"), ("HF_HUB_DISABLE_TELEMETRY", "1")])
def test_hf_hub_switches(key, value):
    assert _run(f"import greffier, os; print(os.environ[{key!r}])") == value


def test_hf_hub_constant_is_offline_when_imported_after_greffier():
    assert _run("import greffier, huggingface_hub.constants as c; print(c.HF_HUB_OFFLINE)") == "True"


def test_chroma_client_has_anonymized_telemetry_off(tmp_path):
    from store.vectors import close_client, make_client

    client = make_client(tmp_path)
    assert client.get_settings().anonymized_telemetry is False
    close_client(client)


def test_streamlit_config_turns_usage_stats_off_and_binds_localhost():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["browser"]["gatherUsageStats"] is False
    assert config["server"]["address"] == "localhost"
    assert _run("import greffier, os; print(os.environ['STREAMLIT_BROWSER_GATHER_USAGE_STATS'])") == "false"


def test_entry_points_import_greffier_first():
    for path in ["app.py", "greffier/__main__.py", "pipelines/__init__.py", "store/__init__.py"]:
        source = (ROOT / path).read_text()
        first_import = next(line for line in source.splitlines() if line.startswith(("import ", "from ")))
        assert first_import.startswith("import greffier"), f"{path} must import greffier before anything else"


def test_socket_guard_refuses_non_loopback():
    import socket

    from tests.conftest import BLOCKED_ATTEMPTS

    before = len(BLOCKED_ATTEMPTS)
    try:
        with pytest.raises(OSError):
            socket.create_connection(("93.184.216.34", 80), timeout=1)
        with pytest.raises(OSError):
            socket.getaddrinfo("example.com", 443)
        assert len(BLOCKED_ATTEMPTS) == before + 2  # both attempts were recorded
    finally:
        del BLOCKED_ATTEMPTS[before:]  # deliberate attempts: not a leak for the egress test


def test_nothing_below_pages_imports_streamlit():
    offenders = []
    for folder in ("greffier", "pipelines", "store"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            if "import streamlit" in text or "from streamlit" in text:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
