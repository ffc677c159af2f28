"""A reader that stays open (the app) sees what another process (an ingest from the CLI) wrote since."""

from __future__ import annotations

import os
import subprocess
import sys

from greffier.config import load_settings
from greffier.services.ingest import remove_files
from greffier.services.search import search
from tests.paths import REPO


def ingest_elsewhere(folder, workspace) -> str:  # noqa: ANN001
    env = {**os.environ, "PYTHONPATH": str(REPO), "GREFFIER_MODELS__LLM_BACKEND": "none"}
    done = subprocess.run([sys.executable, "-m", "greffier", "ingest", str(folder), "--workspace", str(workspace)],
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=300, check=True)
    return done.stdout


def test_a_search_after_another_process_ingested_finds_the_new_documents(tmp_path, monkeypatch):
    monkeypatch.setenv("GREFFIER_MODELS__LLM_BACKEND", "none")
    lease, licence = tmp_path / "lease", tmp_path / "licence"
    lease.mkdir(), licence.mkdir()
    (lease / "bail.md").write_text("# Bail\n\n## Article 1 - Durée\n\nLe bail est consenti pour neuf années à compter du 1er janvier 2020.\n", encoding="utf-8")
    (licence / "licence.md").write_text(
        "# Licence\n\n## Article 1 - Redevance\n\nLa redevance annuelle est de 10 000 euros.\n\n## Article 2 - Durée\n\nLa licence est consentie pour cinq ans.\n",
        encoding="utf-8",
    )
    workspace = tmp_path / "ws"
    ingest_elsewhere(lease, workspace)
    settings = load_settings(workspace=workspace)
    assert [r["file"] for r in search(settings, "durée du bail")["results"]] == ["lease/bail.md"]  # this process reads the vectors
    ingest_elsewhere(licence, workspace)  # the CLI, while this process keeps its store open
    found = search(settings, "redevance annuelle de la licence")["results"]  # was: "Error finding id" from the vector store
    assert found and found[0]["file"] == "licence/licence.md"


def test_a_search_after_this_process_removed_a_document_and_another_ingested_it_again(tmp_path, monkeypatch):
    # the app walk of round 32: a document removed in the app, ingested again from the CLI while the app ran, broke the chat's
    # dense search until a restart (this process had written the vectors once, and never again looked for another's writes)
    monkeypatch.setenv("GREFFIER_MODELS__LLM_BACKEND", "none")
    room = tmp_path / "room"
    room.mkdir()
    (room / "bail.md").write_text("# Bail\n\n## Article 1 - Durée\n\nLe bail est consenti pour neuf années à compter du 1er janvier 2020.\n", encoding="utf-8")
    (room / "licence.md").write_text("# Licence\n\n## Article 1 - Redevance\n\nLa redevance annuelle est de 10 000 euros.\n", encoding="utf-8")
    workspace = tmp_path / "ws"
    ingest_elsewhere(room, workspace)
    settings = load_settings(workspace=workspace)
    assert search(settings, "redevance annuelle de la licence")["results"][0]["file"] == "room/licence.md"
    remove_files(settings, ["room/licence.md"])  # in this process, as the Documents page does
    assert all(r["file"] != "room/licence.md" for r in search(settings, "redevance annuelle de la licence")["results"])
    ingest_elsewhere(room, workspace)  # the CLI puts it back
    found = search(settings, "redevance annuelle de la licence")["results"]
    assert found and found[0]["file"] == "room/licence.md"
