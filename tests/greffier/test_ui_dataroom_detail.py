"""The data room's contract detail on a contract written here: where each value was read, as a reader checks it (appwalk 28)."""

from __future__ import annotations

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.ui import dataroom


@pytest.fixture(scope="module")
def detail(tmp_path_factory):
    room = tmp_path_factory.mktemp("detail-room")
    (room / "bail_depot.md").write_text(
        "# BAIL COMMERCIAL\n\n"
        "Le présent bail est conclu entre la SCI LES SABLETTES, société civile immobilière dont le siège est situé 4 chemin des Vignes, "
        "31790 Saint-Jory, immatriculée au registre du commerce et des sociétés de Toulouse sous le numéro 826 167 900, ci-après « le Bailleur », "
        "et CASTELNAU CONSTRUCTION SAS, dont le siège est situé 27 allées Jean-Jaurès, 31000 Toulouse, ci-après « le Preneur ».\n\n"
        "## Article 3 – Durée\n\nLe bail est consenti pour une durée de neuf années entières et consécutives à compter du 1er juillet 2020.\n\n"
        "## Article 12 – Droit applicable\n\nLe présent bail est soumis au droit français.\n\n"
        "Fait à Toulouse, le 18 juin 2020, en deux exemplaires originaux.\n",
        encoding="utf-8",
    )
    settings = load_settings(tmp_path_factory.mktemp("detail-ws") / "ws")
    assert Ingestor(settings).ingest(room).failed == []
    contract_id = next(iter(dataroom.contract_names(settings)))
    return {row["field"]: row for row in dataroom.contract_detail(settings, contract_id)["metadata_rows"]}


def test_a_date_read_on_the_signature_line_is_credited_to_the_signatures_not_the_last_article(detail):
    signed = detail["signature date"]
    assert signed["value"] == "2020-06-18", signed
    assert signed["article"].startswith("signature lines"), signed  # not « Article 12 – Droit applicable »
    assert "18 juin 2020" in signed["as written"], signed


def test_laws_and_types_are_named_in_english_in_the_detail_as_in_the_table(detail):
    assert detail["governing law"]["value"] == "French law", detail["governing law"]
    assert detail["contract type"]["value"] == "commercial lease", detail["contract type"]


def test_a_long_date_wording_is_cut_around_its_year_so_the_date_stays_in_the_cell():
    # appwalk 28: « Campus – Phase 2, Didcot, Oxfords… » hid « THIS CONTRACT is made on 12 September 2024 »
    shown = dataroom._date_words("Kestrel Park Campus – Phase 2, Didcot, Oxfordshire THIS CONTRACT is made on 12 September 2024")
    assert shown.startswith("…") and shown.endswith("12 September 2024") and len(shown) <= dataroom.AS_WRITTEN_DATE + 1, shown
    shown = dataroom._date_words("Le présent contrat est conclu le 3 mars 2021 entre les parties soussignées pour une durée indéterminée à compter de ce jour")
    assert shown.startswith("Le présent contrat est conclu le 3 mars 2021") and shown.endswith("…"), shown
    assert dataroom._date_words("signature … trois (3) ans") == "signature … trois (3) ans"


def test_an_article_split_into_two_passages_is_listed_once():
    articles = [
        {"chunk_id": "c01-4", "heading": "5. TIME", "page": 2, "page_end": 2, "text": "5.1 The Contractor shall begin."},
        {"chunk_id": "c01-5", "heading": "5. TIME", "page": 3, "page_end": 3, "text": "5.4 Liquidated damages."},
        {"chunk_id": "c01-6", "heading": "6. PAYMENT", "page": 3, "page_end": 3, "text": "6.1 Interim payments."},
        {"chunk_id": "c01-7", "heading": None, "page": 4, "page_end": 4, "text": "Signed"},
        {"chunk_id": "c01-8", "heading": None, "page": 4, "page_end": 4, "text": "Schedule"},
    ]
    groups = dataroom.article_groups(articles)
    assert [(g["heading"], g["passages"]) for g in groups] == [("5. TIME", 2), ("6. PAYMENT", 1), (None, 1), (None, 1)], groups
    assert groups[0]["text"] == "5.1 The Contractor shall begin.\n\n5.4 Liquidated damages." and (groups[0]["page"], groups[0]["page_end"]) == (2, 3)
