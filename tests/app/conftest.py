"""The workspace the app tests share: the public example data room (ingested first, so its contracts
are c01…c20 as in its documentation) and small files built here — a French PDF lease, an English
Markdown NDA, a DOCX, and a corrupt PDF that must be listed with its error."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from tests.paths import EXAMPLE_DATAROOM
from tests.pipelines.files import make_corrupt_pdf, make_docx, make_markdown, make_pdf

LEASE_PAGES = [
    [
        ("Article 1 - Durée", "Le bail est consenti pour une durée de neuf années entières et consécutives à compter du 1er janvier 2024."),
        ("Article 2 - Loyer", "Le loyer annuel est fixé à 48 000 euros hors taxes, payable par trimestre et d'avance."),
    ],
    [("Article 3 - Résiliation", "Le preneur peut donner congé à l'expiration de chaque période triennale, par acte extrajudiciaire, six mois à l'avance.")],
]


@dataclass
class AppWorkspace:
    path: Path
    room: Path  # the folder of small files, outside the workspace (ingestion copies it in)
    has_dataroom: bool

    @property
    def settings(self):  # noqa: ANN201
        return load_settings(self.path)


def write_room(room: Path) -> None:
    room.mkdir(parents=True, exist_ok=True)
    make_pdf(room / "bail_commercial.pdf", LEASE_PAGES, title="Bail commercial — Foncière Exemple / Société Test")
    make_markdown(
        room / "nda.md",
        [("Section 1 - Confidentiality", "The receiving party shall keep the disclosed information confidential for five years after disclosure.")],
        title="Mutual non-disclosure agreement",
    )
    make_docx(room / "cession.docx", [("Article 1 - Prix", "Le prix de cession est fixé à 250 000 euros, payable comptant.")], title="Cession de fonds")
    make_corrupt_pdf(room / "broken.pdf")


@pytest.fixture(scope="session")
def app_workspace(tmp_path_factory) -> AppWorkspace:
    base = tmp_path_factory.mktemp("app")
    workspace = base / "ws"
    settings = load_settings(workspace)
    has_dataroom = EXAMPLE_DATAROOM.is_file()
    if has_dataroom:
        Ingestor(settings).ingest(EXAMPLE_DATAROOM)
    room = base / "room"
    write_room(room)
    Ingestor(settings).ingest(room)
    return AppWorkspace(path=workspace, room=room, has_dataroom=has_dataroom)
