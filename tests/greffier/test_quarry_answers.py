"""What walkthrough 35 (a quarry and ready-mix group) found in the chat's answers, asked of a room written for these tests: an English
supply agreement whose deed of variation replaces its term clause with a proviso on an earlier end, asked in French."""

from __future__ import annotations

import pytest

from greffier.config import load_settings
from greffier.services.answering import answer
from greffier.services.ingest import Ingestor
from tests.pipelines.files import make_markdown


@pytest.fixture(scope="module")
def settings(tmp_path_factory):  # noqa: ANN201
    base = tmp_path_factory.mktemp("quarry")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "Limestone_Supply_Agreement_Wye_Precast.md", [
        ("", "This Agreement is made on 3 March 2021 between Calcaires du Poitou SAS, a French société par actions simplifiée "
             "(\"Supplier\"), and Wye Precast Limited, a company incorporated in England and Wales (\"Buyer\")."),
        ("2. Term", "This Agreement shall come into force on 1 May 2021 and, subject to earlier termination in accordance with Clause 9, "
                    "shall continue until 30 April 2026."),
        ("4. Price", "4.1 The price for the Products shall be EUR 15.20 per tonne of crushed limestone delivered at the Delivery Point. "
                     "4.2 The Supplier shall hold the Buyer's orders for at least ten days."),
        ("12. Governing law", "This Agreement is governed by the law of England and Wales."),
    ], title="LIMESTONE SUPPLY AGREEMENT")
    make_markdown(room / "Deed_of_Variation_Wye_Precast.md", [
        ("", "This Deed is made on 12 February 2025 between Calcaires du Poitou SAS (\"Supplier\") and Wye Precast Limited (\"Buyer\")."),
        ("1. Variation", "1.1 Clause 2 (Term) of the Limestone Supply Agreement dated 3 March 2021 is deleted and replaced by the following: "
                         "\"2. Term. This Agreement came into force on 1 May 2021 and, unless terminated earlier in accordance with Clause 9, "
                         "shall continue in force until midnight (London time) on 31 October 2028.\" 1.2 All other terms remain in force."),
    ], title="DEED OF VARIATION OF THE LIMESTONE SUPPLY AGREEMENT")
    settings = load_settings(base / "ws")
    assert not Ingestor(settings).ingest(room).failed
    return settings


def test_the_end_a_replaced_term_clause_gives_answers_a_french_question_given_the_variation(settings):
    # « compte tenu de l'acte modificatif » asked the obligations (« tenu ») and quoted the price clause; the end in force is the
    # variation's, its quoted clause without the closing mark of the wording it replaces
    out = answer(settings, "Jusqu'à quelle date le fabricant anglais est-il approvisionné en calcaire, compte tenu de l'acte modificatif ?", backend=None)
    assert not out["abstained"] and "31/10/2028" in out["answer"], out["answer"]
    assert "EUR 15.20" not in out["answer"], out["answer"]
    assert '2028."' not in out["answer"], out["answer"]
