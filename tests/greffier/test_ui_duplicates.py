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
    assert label.startswith("similarity 0.") and f" · translation · {translation['titles'][0][:20]}" in label and "c05" not in label
    texts = duplicates.texts(settings, ["c05", "c20"])
    assert "LICENSE" in texts["c05"].upper() and texts["c20"]


def test_the_comparison_summary_s_counts_add_up_to_its_differences():
    # appwalk 28: « 2 differences: 1 sentence changed, 0 only on the left, 0 only on the right » over two signatures added in
    # one sentence; and the demo's « 2 differences: 3 sentences changed » (one wording changed in three sentences)
    counts = {"changed": 1, "left_only": 0, "right_only": 0, "same": 31, "sections": 14, "sections_left_only": 0, "sections_right_only": 0}
    said = duplicates.summary({"counts": counts, "changes": [{}, {}]})
    assert said == "2 differences: 2 in 1 changed sentence, 0 sentences only on the left, 0 only on the right; 31 identical, in 14 aligned articles.", said
    said = duplicates.summary({"counts": {**counts, "changed": 3, "left_only": 1}, "changes": [{}]})
    assert said.startswith("2 differences: 1 in 3 changed sentences, 1 sentence only on the left, 0 only on the right;"), said
    assert duplicates.summary({"counts": {**counts, "changed": 0}, "changes": []}) == "No difference: 31 sentences identical, in 14 aligned articles."
