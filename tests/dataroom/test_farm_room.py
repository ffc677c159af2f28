"""Records of walkthrough 24's kinds of contract (an agricultural cooperative and its dairy): written for the tests, in the words
such contracts use, not copied from the walkthrough's room."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        # carriage of goods by road, refrigerated (« CONTRAT DE PRESTATION DE TRANSPORT ET DE LOGISTIQUE … » typed nothing)
        ("CONTRAT DE PRESTATION DE TRANSPORT ET DE LOGISTIQUE SOUS TEMPÉRATURE DIRIGÉE", "contrat de prestations logistiques"),
        ("CONTRAT DE TRANSPORT DE MARCHANDISES PAR ROUTE", "contrat de prestations logistiques"),
        ("ROAD HAULAGE AGREEMENT", "contrat de prestations logistiques"),
        ("AGREEMENT FOR THE CARRIAGE OF GOODS", "contrat de prestations logistiques"),
        ("CONTRAT DE PRESTATION DE SERVICES", "prestation de services"),  # services are still services
    ],
)
def test_the_room_s_kinds_of_contract(title, kind):
    from greffier.dataroom.vocabulary import match_contract_type

    assert match_contract_type(title) == kind
