"""A dense search restricted to a few documents ranks exactly as Chroma's metadata filter does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from store.workspace import open_workspace
from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from devtools.synthetic import generate_dataroom
from pipelines.embedders.backends import load_embedding_backend
from pipelines.retrievers import workspace_retrievers
from pipelines.retrievers.workspace_retrievers import DenseRetriever


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("filtered")
    entries, _ = generate_dataroom(12, seed=4)
    room = base / "room.json"
    room.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    Ingestor(load_settings(base / "ws")).ingest(room)
    return base / "ws"


@pytest.mark.slow
def test_exact_scan_of_the_allowed_chunks_matches_the_chroma_filter(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = load_settings(workspace)
    vector = load_embedding_backend(settings.models.embedder, settings.models.models_dir, "cpu").embed(
        ["résiliation en cas de changement de contrôle"], batch_size=1)[0].tolist()
    retriever = DenseRetriever(store=open_workspace(settings), top_k=10)
    doc_ids = ["c02", "c05", "c07"]

    exact = retriever.run(query_embedding=vector, doc_ids=doc_ids)["documents"]
    monkeypatch.setattr(workspace_retrievers, "EXACT_FILTER_MAX_CHUNKS", 0)  # force Chroma's `where`
    chroma = retriever.run(query_embedding=vector, doc_ids=doc_ids)["documents"]

    assert exact and {d.meta["doc_id"] for d in exact} <= set(doc_ids)
    assert [d.id for d in exact] == [d.id for d in chroma]
    assert [d.score for d in exact] == pytest.approx([d.score for d in chroma], abs=1e-4)
    assert exact[0].meta["file"] == chroma[0].meta["file"] and "dense_score" in exact[0].meta
    assert retriever.run(query_embedding=vector, doc_ids=["no-such-contract"])["documents"] == []
    assert retriever.run(query_embedding=vector, doc_ids=[])["documents"] == []
