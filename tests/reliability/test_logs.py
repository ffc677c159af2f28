"""Logs never contain document text, and refer to files by their path relative to the workspace."""

from __future__ import annotations

import logging

from greffier.services.answering import answer
from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.services.search import search
from tests.pipelines.files import make_corrupt_pdf, make_markdown

SECRET = "Zorglub-Quantique-7731 verse une indemnité secrète"


def test_logs_hold_no_document_text_and_no_absolute_paths(tmp_path, caplog):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "secret.md", [("Article 1 - Indemnité", f"La société {SECRET} de 900 000 euros.")], title="Accord confidentiel")
    make_corrupt_pdf(room / "broken.pdf")
    settings = load_settings(tmp_path / "ws")
    with caplog.at_level(logging.DEBUG):
        Ingestor(settings).ingest(room)
        search(settings, "indemnité secrète")
        answer(settings, "Quelle indemnité est versée ?", backend=None)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "Zorglub" not in logged and "900 000" not in logged
    assert str(tmp_path) not in logged
