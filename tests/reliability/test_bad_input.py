"""Bad input: a clear error per file, the batch goes on, nothing stored is lost."""

from __future__ import annotations

import io
import json
import os
import zipfile

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.services.status import inspect_workspace, workspace_status
from tests.pipelines.files import (
    make_corrupt_pdf,
    make_encrypted_pdf,
    make_garbage,
    make_markdown,
    make_pdf,
    make_scanned_pdf,
    make_text,
)

GOOD = [("Article 1 - Objet", "Le présent contrat organise la fourniture de thé en vrac."), ("Article 2 - Durée", "Il est conclu pour trois ans.")]


def _zip_bomb_docx(path) -> None:
    """A DOCX-shaped zip whose document.xml expands to 300 MB of zeros."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", b"0" * (300 * 1024 * 1024))
    path.write_bytes(buffer.getvalue())


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    base = tmp_path_factory.mktemp("bad")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "good.md", GOOD, title="Contrat de fourniture")
    make_pdf(room / "good.pdf", [GOOD], title="CONTRAT")
    make_corrupt_pdf(room / "corrupt.pdf")
    make_encrypted_pdf(room / "encrypted.pdf")
    (room / "zero.pdf").write_bytes(b"")
    make_scanned_pdf(room / "scanned.pdf", [["CONTRAT DE BAIL", "Article 1 - Objet"]])
    (room / "huge.txt").write_bytes(b"Clause. " * (2 * 1024 * 1024 // 8 + 1))  # > 2 MB limit below
    make_pdf(room / "pdf_named.docx", [GOOD])  # wrong extension
    make_garbage(room / "garbage.md", size=8192)
    make_text(room / "latin1.txt", "Clause de résiliation : préavis de trois mois.", encoding="latin-1")
    make_text(room / "utf16.txt", "Clause de non-concurrence : deux ans.", encoding="utf-16")
    _zip_bomb_docx(room / "bomb.docx")
    make_markdown(room / "contrat..final.md", GOOD, title="Deux points")
    make_markdown(room / "ctrl\x01char\tname.md", GOOD, title="Caractères de contrôle")
    make_markdown(room / ("n" * 240 + ".md"), GOOD, title="Nom très long")
    make_markdown(room / "copy_a.md", GOOD, title="Même fichier")
    make_markdown(room / "copy_b.md", GOOD, title="Même fichier")
    outside = base / "outside.md"
    make_markdown(outside, GOOD, title="Hors workspace")
    os.symlink(outside, room / "link_out.md")
    (room / "dataroom_malformed.json").write_text('[{"filename": "a.pdf", "content": "x",', encoding="utf-8")
    (room / "dataroom_types.json").write_text(
        json.dumps([{"filename": "ok.pdf", "content": "ARTICLE 1 — OBJET\nTexte.", "parties": "not a list", "end_date": 2027},
                    {"filename": "../../etc/passwd", "content": "ARTICLE 1 — OBJET\nAutre texte."},
                    {"filename": "x.pdf", "content": None}]),
        encoding="utf-8",
    )
    settings = load_settings(base / "ws", ingest={"max_file_mb": 2})
    # no OCR engine on the PATH, whatever this machine has: the scanned PDF's error says how to get one (a machine with Tesseract
    # reads it: tests/pipelines/test_file_converter.py)
    no_engines = base / "bin"
    no_engines.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", str(no_engines))
        report = Ingestor(settings).ingest(room)
    return {"settings": settings, "report": report, "room": room}


def _error(batch, name: str) -> str:
    matches = [f["error"] for f in batch["report"].failed if f["file"].endswith(name)]
    assert matches, f"{name} not reported; failures: {[f['file'] for f in batch['report'].failed]}"
    return matches[0]


@pytest.mark.parametrize(
    "name, words",
    [
        ("corrupt.pdf", ["pdf"]),
        ("encrypted.pdf", ["password"]),
        ("zero.pdf", ["empty"]),
        ("scanned.pdf", ["ocr"]),
        ("huge.txt", ["limit"]),
        ("pdf_named.docx", ["pdf"]),
        ("garbage.md", ["text"]),
        ("bomb.docx", ["zip bomb"]),
        ("link_out.md", ["outside"]),
        ("dataroom_malformed.json", ["malformed json"]),
        ("dataroom_types.json#x.pdf", ["content"]),
    ],
)
def test_each_bad_file_gets_a_clear_error(batch, name, words):
    error = _error(batch, name).lower()
    for word in words:
        assert word in error, error
    assert "traceback" not in error


def test_good_files_and_odd_names_are_ingested(batch):
    files = {d["file"] for d in inspect_workspace(batch["settings"])["documents"]}
    for name in ["good.md", "good.pdf", "latin1.txt", "utf16.txt", "contrat..final.md", "ctrl\x01char\tname.md", "n" * 240 + ".md", "copy_a.md", "copy_b.md"]:
        assert f"room/{name}" in files, name
    # Data-room entries: bad metadata types are dropped with a warning, a path-like name is only a label.
    assert "ok.pdf" in files and "passwd" in files
    assert not any(".." in f or f.startswith("/") for f in files if f in ("ok.pdf", "passwd"))


def test_text_in_other_encodings_is_decoded(batch):
    documents = {d["file"]: d for d in inspect_workspace(batch["settings"])["documents"]}
    assert "préavis de trois mois" in documents["room/latin1.txt"]["chunks"][0]["text"]
    assert "deux ans" in documents["room/utf16.txt"]["chunks"][0]["text"]


def test_nothing_stored_is_lost_when_a_file_turns_bad(batch, tmp_path):
    settings = batch["settings"]
    before = {d["file"]: d["chunks"] for d in inspect_workspace(settings)["documents"]}
    make_corrupt_pdf(batch["room"] / "good.pdf")
    report = Ingestor(settings).ingest(batch["room"])
    assert any(f["file"] == "room/good.pdf" and "kept" in f["error"] for f in report.failed)
    after = {d["file"]: d["chunks"] for d in inspect_workspace(settings)["documents"]}
    assert after == before
    status = workspace_status(settings)
    assert any(f["file"] == "room/good.pdf" for f in status["failures"])
