"""The data-room screen's type filter offers leases of every kind at once (« bail »), on a room written here."""

from __future__ import annotations

import csv
import io

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.ui import dataroom
from tests.pipelines.files import make_markdown


def test_leases_of_two_kinds_can_be_filtered_at_once(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "bail_commercial.md", [
        ("Article 1 — Parties", "Le présent bail est conclu entre la SCI Aubrac, bailleur, et la société Atelier Quenot SAS, preneur."),
        ("Article 2 — Durée", "Le bail est consenti pour neuf années à compter du 1er janvier 2022."),
    ], title="BAIL COMMERCIAL")
    make_markdown(room / "bail_professionnel.md", [
        ("Article 1 — Parties", "Le présent bail est conclu entre Mme Hélène Arvieux, bailleur, et le Cabinet Dorval Avocats, preneur."),
        ("Article 2 — Durée", "Le bail est consenti pour six années à compter du 1er janvier 2023."),
    ], title="BAIL PROFESSIONNEL")
    make_markdown(room / "licence.md", [
        ("Section 1 - Parties", "This licence agreement is made between Orbis Labs Ltd and Nordvik AS."),
    ], title="Software licence agreement")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    options = dataroom.filter_options(settings)
    assert {"bail", "bail commercial", "bail professionnel"} <= set(options["types"]), options["types"]
    data = dataroom.table(settings, dataroom.build_arguments(types=["bail"]))
    assert sorted(r["filename"].rsplit("/", 1)[-1] for r in data.results) == ["bail_commercial.md", "bail_professionnel.md"]


def test_the_data_room_csv_can_be_written_for_excel_in_french(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 — Durée", "Le bail est consenti pour neuf années à compter du 1er janvier 2022.")], title="BAIL COMMERCIAL")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    semicolons = dataroom.export(settings, {}, "csv", ";").decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(semicolons), delimiter=";"))
    assert len(rows) == 2 and "status" in rows[0] and "bail.md" in ";".join(rows[1]), rows
    assert dataroom.export(settings, {}, "csv").decode("utf-8-sig").splitlines()[0].count(",") == len(rows[0]) - 1  # a comma by default
