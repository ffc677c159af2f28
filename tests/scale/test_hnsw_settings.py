"""The workspace's Chroma collection carries the HNSW ``ef_search`` of the settings (applied by the writer)."""

from __future__ import annotations

from pathlib import Path

from greffier.config import load_settings
from store.workspace import close_store, open_workspace


def test_ef_search_follows_the_settings(tmp_path: Path) -> None:
    first = open_workspace(load_settings(tmp_path / "ws", store={"hnsw_ef_search": 123}), create=True).collection(create=True)
    assert first.configuration["hnsw"]["ef_search"] == 123
    assert first.configuration["hnsw"]["space"] == "cosine"

    close_store(tmp_path / "ws")
    again = open_workspace(load_settings(tmp_path / "ws", store={"hnsw_ef_search": 321}), create=True).collection(create=True)
    assert again.configuration["hnsw"]["ef_search"] == 321


def test_default_is_the_measured_choice(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "ws")
    assert open_workspace(settings, create=True).collection(create=True).configuration["hnsw"]["ef_search"] == settings.store.hnsw_ef_search
