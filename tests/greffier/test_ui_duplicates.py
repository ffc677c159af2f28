"""Pairs marked "not a duplicate" are kept in the workspace and no longer reported."""

from __future__ import annotations

import re

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.ui import duplicates
from tests.paths import EXAMPLE_DATAROOM


def test_dismissed_pairs_are_kept_in_the_workspace(tmp_path):
    settings = load_settings(tmp_path / "ws")
    assert duplicates.dismissed(settings) == []
    duplicates.dismiss(settings, ["c19", "c11"])
    duplicates.dismiss(settings, ["c11", "c19"])  # the same pair, either order
    assert [e["contract_ids"] for e in duplicates.dismissed(load_settings(tmp_path / "ws"))] == [["c11", "c19"]]
    duplicates.restore(settings, ["c19", "c11"])
    assert duplicates.dismissed(settings) == []


@pytest.mark.skipif(not EXAMPLE_DATAROOM.is_file(), reason="shared example data room not available")
def test_a_dismissed_pair_is_not_reported(tmp_path):
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(EXAMPLE_DATAROOM)
    pairs = [p["contract_ids"] for p in duplicates.find(settings)["pairs"]]
    assert ["c11", "c19"] in pairs and ["c05", "c20"] in pairs
    duplicates.dismiss(settings, ["c11", "c19"])
    found = duplicates.find(settings)
    assert ["c11", "c19"] not in [p["contract_ids"] for p in found["pairs"]]
    assert found["dismissed"][0]["contract_ids"] == ["c11", "c19"]
    names = found["dismissed"][0]["names"]  # the list marked not a duplicate names them by title (and file), not « c11 ↔ c19 »
    assert len(names) == 2 and not [n for n in names if re.search(r"\bc\d{2}\b", n)], names
    translation = found["pairs"][0]
    assert translation["contract_ids"] == ["c05", "c20"]
    label = duplicates.pair_label(translation)  # by title, not « c05 ↔ c20 »
    assert label.startswith(f"{translation['titles'][0][:20]}") and " · translation · similarity " in label and "c05" not in label
    texts = duplicates.texts(settings, ["c05", "c20"])
    assert "LICENSE" in texts["c05"].upper() and texts["c20"]
