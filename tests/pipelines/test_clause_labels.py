"""Clause types stored per chunk at ingest, and labelled again (by the next ingest or `doctor --repair`)
when what made them changes."""

from __future__ import annotations

from sqlmodel import select

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.services.maintenance import check_consistency
from pipelines.ingestion import clause_classifier
from pipelines.writers.clause_labels import LABELS_KEY, labels_signature, relabel_if_needed
from store import repository as repo
from store.models import Chunk
from store.workspace import open_workspace
from tests.pipelines.files import make_markdown


def test_chunks_are_labelled_at_ingest_and_relabelled_when_the_labels_are_stale(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(
        room / "contrat.md",
        [
            ("Article 8 — Droit applicable", "Le présent contrat est soumis au droit français."),
            ("Article 9 — Non-concurrence", "Pendant deux ans, le Distributeur s'interdit toute activité concurrente sur le Territoire."),
        ],
        title="Contrat de distribution",
    )
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    store = open_workspace(settings)

    def types_by_section() -> dict[str, list[str]]:
        with store.session() as session:
            return {row.section: list(row.clause_types) for row in session.exec(select(Chunk)) if row.section}

    labelled = types_by_section()
    assert "governing_law" in labelled["Article 8 — Droit applicable"]
    assert "non_compete" in labelled["Article 9 — Non-concurrence"]
    classifier = clause_classifier(settings)
    assert store.get_meta(LABELS_KEY) == labels_signature(classifier)
    assert relabel_if_needed(store, classifier) == 0  # current: nothing to do

    with store.session() as session:  # labels made by another library: stale
        repo.set_meta(session=session, key=LABELS_KEY, value="an older library")
        rows = list(session.exec(select(Chunk)))
        for row in rows:
            row.clause_types = []
            session.add(row)
    assert relabel_if_needed(store, classifier) == len(rows)
    assert types_by_section() == labelled
    assert store.get_meta(LABELS_KEY) == labels_signature(classifier)

    # The writer's repair labels them again too (a workspace labelled by an older library).
    with store.session() as session:
        repo.set_meta(session=session, key=LABELS_KEY, value="an older library")
        for row in session.exec(select(Chunk)):
            row.clause_types = []
            session.add(row)
    assert check_consistency(settings, repair=True)["consistent"]
    assert types_by_section() == labelled
    assert store.get_meta(LABELS_KEY) == labels_signature(classifier)
