"""Data-room records are cached per contract: after an ingest only the contracts that changed are
extracted again, and the records are the same as a build from scratch (real ingest, real SQLite)."""

from __future__ import annotations

import json
import logging

import pytest
from sqlmodel import select

from greffier.config import load_settings
from store import records as service
from greffier.dataroom.records import build_records
from greffier.services.ingest import Ingestor
from devtools.synthetic import generate_dataroom
from store.workspace import WorkspaceStore, open_workspace
from store.models import RecordCache


def _dumps(records) -> list[dict]:  # noqa: ANN001
    return [r.model_dump(mode="json") for r in records]


def _hashes(workspace: WorkspaceStore) -> dict[str, str]:
    with workspace.session() as session:
        return {row.contract_id: row.input_hash for row in session.exec(select(RecordCache))}


@pytest.fixture
def room(tmp_path):
    entries, _ = generate_dataroom(24, seed=11)
    path = tmp_path / "dataroom.json"
    path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(path)
    return settings, path, entries


def test_an_ingest_that_changes_one_contract_extracts_only_that_one(room, caplog):
    settings, path, entries = room
    workspace = open_workspace(settings)
    records = service.load_dataroom(workspace).records
    assert _dumps(records) == _dumps(build_records(service._inputs(workspace)))  # cached build = scratch build
    before = _hashes(workspace)
    assert set(before) == {r.id for r in records}

    changed = next(i for i, e in enumerate(entries) if e.get("governing_law"))
    entries[changed]["content"] = entries[changed]["content"] + "\n\nARTICLE 99 — NOTIFICATIONS\nToute notification est faite par écrit."
    path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="store.records"):
        Ingestor(settings).ingest(path)
    assert any("1 contracts extracted, 23 from the cache" in r.getMessage() for r in caplog.records), [r.getMessage() for r in caplog.records]

    after = _hashes(workspace)
    differing = {cid for cid in after if after[cid] != before.get(cid)}
    assert len(differing) == 1
    refreshed = service.load_dataroom(workspace).records
    assert _dumps(refreshed) == _dumps(build_records(service._inputs(workspace)))


def test_a_new_record_format_extracts_everything_again(room, monkeypatch):
    settings, _, _ = room
    workspace = open_workspace(settings)
    service.refresh_records(workspace)
    before = _hashes(workspace)
    monkeypatch.setattr(service, "RECORDS_FORMAT", service.RECORDS_FORMAT + 1)
    assert service.refresh_records(workspace) == len(before)  # the stamp changed: rebuilt
    after = _hashes(workspace)
    assert set(after) == set(before) and all(after[cid] != before[cid] for cid in before)


def test_a_change_of_the_extraction_code_extracts_everything_again(room, monkeypatch):
    # a rule of greffier.dataroom changed since the records were built: they are stale, whatever RECORDS_FORMAT says
    settings, _, _ = room
    workspace = open_workspace(settings)
    service.refresh_records(workspace)
    before = _hashes(workspace)
    assert service.records_current(workspace) and len(service.EXTRACTION_CODE) == 12
    monkeypatch.setattr(service, "EXTRACTION_CODE", "another-code")
    assert not service.records_current(workspace)
    assert service.refresh_records(workspace) == len(before)
    assert all(_hashes(workspace)[cid] != before[cid] for cid in before)
