"""The workspace's Chroma collection carries the HNSW ``ef_search`` of the settings."""

from __future__ import annotations

from pathlib import Path

from greffier.config import load_settings
from store.workspace import Workspace
from store import vectors


def test_ef_search_follows_the_settings(tmp_path: Path) -> None:
    first = Workspace.open(load_settings(tmp_path / "ws", store={"hnsw_ef_search": 123})).collection()
    assert first.configuration["hnsw"]["ef_search"] == 123
    assert first.configuration["hnsw"]["space"] == "cosine"

    vectors.forget_client(tmp_path / "ws" / ".greffier")
    again = Workspace.open(load_settings(tmp_path / "ws", store={"hnsw_ef_search": 321})).collection()
    assert again.configuration["hnsw"]["ef_search"] == 321


def test_default_is_the_measured_choice(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "ws")
    assert Workspace.open(settings).collection().configuration["hnsw"]["ef_search"] == settings.store.hnsw_ef_search
