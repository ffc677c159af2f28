"""The reranker's candidates, max length and batch size come from the settings, or from the device."""

from __future__ import annotations

from pathlib import Path

import pytest

from store.workspace import open_workspace
from greffier import device as device_module
from greffier.config import load_settings
from pipelines.retrieval import RERANK_DEFAULTS, build_retrieval_pipeline, rerank_parameters


@pytest.fixture
def fresh_detection():
    device_module.detect_device.cache_clear()
    yield
    device_module.detect_device.cache_clear()


def test_cpu_defaults_are_the_measured_ones(tmp_path: Path, fresh_detection: None) -> None:
    settings = load_settings(tmp_path / "ws", models={"device": "cpu"})
    assert rerank_parameters(settings) == {**RERANK_DEFAULTS["cpu"], "max_length": 512}
    assert RERANK_DEFAULTS["cpu"]["candidates"] < RERANK_DEFAULTS["gpu"]["candidates"]


def test_gpu_defaults_when_a_gpu_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gpu = device_module.DeviceInfo(name="cuda:0", kind="cuda", fp16=True, torch_build="cuda", gpu_present_but_cpu_torch=False,
                                   description="GPU", memory_bytes=None, cpu_threads=2)
    monkeypatch.setattr("pipelines.retrieval.detect_device", lambda preference="auto": gpu)  # where rerank_parameters looks it up
    assert rerank_parameters(load_settings(tmp_path / "ws")) == {**RERANK_DEFAULTS["gpu"], "max_length": 512}


def test_settings_win_and_reach_the_component(tmp_path: Path, fresh_detection: None) -> None:
    settings = load_settings(
        tmp_path / "ws", models={"device": "cpu"}, search={"rerank_candidates": 7, "rerank_batch_size": 3, "rerank_max_length": 256}
    )

    reranker = build_retrieval_pipeline(settings, open_workspace(settings), rerank=True).get_component("reranker")

    assert (reranker.candidates, reranker.batch_size, reranker.max_length) == (7, 3, 256)


def test_environment_sets_them(tmp_path: Path, fresh_detection: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GREFFIER_SEARCH__RERANK_CANDIDATES", "30")
    settings = load_settings(tmp_path / "ws", models={"device": "cpu"})
    assert rerank_parameters(settings)["candidates"] == 30
