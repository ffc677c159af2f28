"""The documents screen's actions: uploads, ingest with progress, re-index, remove."""

from __future__ import annotations

import pytest

from greffier.config import load_settings
from greffier.errors import GreffierError
from greffier.services.ingest import ProgressEvent
from greffier.services.search import search
from greffier.ui import documents
from tests.pipelines.files import make_corrupt_pdf, make_markdown


@pytest.fixture
def settings(tmp_path):
    return load_settings(tmp_path / "ws")


def test_uploads_are_saved_in_the_workspace_and_ingested_with_progress(settings):
    saved = documents.save_uploads(settings, [("../../bail.md", b"# Bail\n\n## Article 1 - Loyer\n\nLe loyer annuel est de 12 000 euros.\n"), ("notes.txt", b"Clause de confidentialite.")])
    folder = saved[0].parent
    assert sorted(p.name for p in folder.iterdir()) == ["bail.md", "notes.txt"] and folder.parent == settings.workspace.resolve()
    events: list[ProgressEvent] = []
    report = documents.ingest_uploads(settings, saved, events.append)
    assert sorted(report.ingested) == ["uploads/bail.md", "uploads/notes.txt"]
    lines = [documents.progress_line(e) for e in events if e.stage == "file"]
    assert [fraction for fraction, _ in lines] == [0.5, 1.0] and "uploads/bail.md — indexed" in lines[0][1]
    indexed, failed = documents.document_rows(settings)
    assert {r["file"] for r in indexed} == {"uploads/bail.md", "uploads/notes.txt"} and failed == []


def test_a_corrupt_upload_is_reported_alone_not_with_the_files_uploaded_before(settings, tmp_path):
    first = documents.save_uploads(settings, [("bail.md", b"# Bail\n\n## Article 1 - Loyer\n\nLe loyer annuel est de 12 000 euros.\n")])
    assert documents.summary_line(documents.ingest_uploads(settings, first)) == "1 file indexed."
    make_corrupt_pdf(tmp_path / "broken.pdf")
    second = documents.save_uploads(settings, [("broken.pdf", (tmp_path / "broken.pdf").read_bytes())])
    report = documents.ingest_uploads(settings, second)
    assert report.unchanged == [] and report.ingested == [] and [f["file"] for f in report.failed] == ["uploads/broken.pdf"]
    assert documents.summary_line(report) == "1 file failed."


def test_counts_agree_with_their_noun_in_progress_and_summary(tmp_path, settings):
    room = tmp_path / "one"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 - Loyer", "Le loyer annuel est de 12 000 euros.")])
    events: list[ProgressEvent] = []
    report = documents.ingest(settings, room, events.append)
    assert [e.detail for e in events if e.stage == "scan" and e.total] == ["1 file found"]
    assert documents.summary_line(report) == "1 file indexed."
    assert documents.summary_line(documents.ingest(settings, settings.workspace / "one")) == "1 file unchanged."


def test_progress_lines_never_cut_a_file_name():
    event = ProgressEvent("file", index=3, total=26, file="dataroom/02_Commercial/Approvisionnement/Contrat_approvisionnement_Ferlande_2021.pdf", status="ingested")
    _fraction, line = documents.progress_line(event)
    assert line == "3/26 · …/Approvisionnement/Contrat_approvisionnement_Ferlande_2021.pdf — indexed"


def test_hidden_or_empty_upload_names_are_refused():
    assert documents.safe_upload_name("C:\\Users\\me\\bail.pdf") == "bail.pdf"
    for name in ("", ".env", "..", "/"):
        with pytest.raises(GreffierError):
            documents.safe_upload_name(name)


def test_bad_files_are_listed_with_their_error(tmp_path, settings):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "ok.md", [("Article 1", "Texte du contrat.")])
    make_corrupt_pdf(room / "broken.pdf")
    documents.ingest(settings, room)
    indexed, failed = documents.document_rows(settings)
    assert [r["file"] for r in indexed] == ["room/ok.md"]
    assert failed[0]["file"] == "room/broken.pdf" and "damaged" in failed[0]["error"]


def test_a_missing_folder_is_a_readable_error(tmp_path, settings):
    with pytest.raises(GreffierError, match="no such file or folder"):
        documents.ingest(settings, tmp_path / "nowhere")


def test_remove_takes_a_file_out_of_every_index_and_keeps_it_aside(tmp_path, settings):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 - Loyer", "Le loyer annuel est de 12 000 euros.")])
    make_markdown(room / "nda.md", [("Section 1", "Confidential information stays confidential.")])
    documents.ingest(settings, room)
    assert any(r["file"] == "room/bail.md" for r in search(settings, "loyer annuel")["results"])
    outcome = documents.remove(settings, ["room/bail.md", "room/unknown.md"])
    assert outcome["removed"] == ["room/bail.md"]
    # one file is « it », not « they » (the walkthrough read « Removed 1 file; they are in … »)
    assert documents.removed_line(outcome) == f"Removed 1 file; it is in {outcome['moved_to']}."
    assert documents.removed_line({**outcome, "removed": ["a.md", "b.md"]}) == f"Removed 2 files; they are in {outcome['moved_to']}."
    assert not (settings.workspace / "room" / "bail.md").exists()
    assert list((settings.workspace / ".greffier" / "removed").rglob("bail.md"))
    assert all(r["file"] != "room/bail.md" for r in search(settings, "loyer annuel")["results"])
    assert documents.source_files(settings) == ["room/nda.md"]
    # Ingesting the folder again does not bring it back.
    documents.ingest(settings, settings.workspace / "room")
    assert documents.source_files(settings) == ["room/nda.md"]


def test_reindex_reads_an_unchanged_file_again(tmp_path, settings):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 - Loyer", "Le loyer annuel est de 12 000 euros.")])
    documents.ingest(settings, room)
    assert documents.ingest(settings, settings.workspace / "room").unchanged == ["room/bail.md"]
    report = documents.reindex(settings, ["room/bail.md"])
    assert report.ingested == ["room/bail.md"] and report.failed == []
    (settings.workspace / "room" / "bail.md").unlink()
    report = documents.reindex(settings, ["room/bail.md"])
    assert "no longer in the workspace" in report.failed[0]["error"]
