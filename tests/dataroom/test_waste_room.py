"""What walkthrough 34 (a waste-management group's data room: a public-service concession, an offtake agreement and its amendment, a
vehicle lease signed on two dates, a route-planning subscription with its data-processing schedule) found misread, read from text
written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.records import ContractInput, build_records
from greffier.dataroom.vocabulary import match_contract_type
from greffier.text.lines import unwrap

SUPPLY = """GLASS CULLET SUPPLY AGREEMENT
This Agreement is made between Verralis Recycling SAS (the "Supplier") and Fjordglass AS (the "Buyer").
Signed on 4 March 2023.
3. Term
3.1 This Agreement shall commence on 1 April 2023 and shall remain in force until 31 March 2028.
3.2 The Buyer may terminate it on six (6) months' notice.
12. Governing Law
This Agreement is governed by the laws of Norway.
"""
SUPPLY_AMENDMENT = """AMENDMENT No. 1 TO THE GLASS CULLET SUPPLY AGREEMENT
This Amendment is made between Verralis Recycling SAS (the "Supplier") and Fjordglass AS (the "Buyer").
Signed on 20 October 2025.
1. Term
Clause 3.1 of the Agreement is amended by replacing the words "31 March 2028" with the words "30 September 2030". Clause 3.2 remains unchanged.
2. Price
Clause 5.2 of the Agreement is amended by replacing the words "EUR 95 per tonne" with the words "EUR 102 per tonne".
"""
AVENANT = """AVENANT N° 1 AU CONTRAT DE FOURNITURE DE CALCIN
Entre Verralis Recyclage SAS, ci-après « le Fournisseur », et Verrerie du Jura SA, ci-après « l'Acheteur ».
Fait à Dole, le 20 octobre 2025.
Article 1 – Durée
L'article 3.1 du Contrat est modifié en remplaçant les mots « 31 mars 2028 » par les mots « 30 septembre 2030 ».
"""
CONTRAT = """CONTRAT DE FOURNITURE DE CALCIN
Entre Verralis Recyclage SAS, ci-après « le Fournisseur », et Verrerie du Jura SA, ci-après « l'Acheteur ».
Fait à Dole, le 4 mars 2023.
Article 3 – Durée
3.1 Le contrat prend effet le 1er avril 2023 et reste en vigueur jusqu'au 31 mars 2028.
Article 12 – Droit applicable
Le contrat est soumis au droit français.
"""


def _records(*texts: str):
    inputs = [
        ContractInput(id=f"c{i}", file=f"room/c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return {record.id: record for record in build_records(inputs)}


@pytest.mark.parametrize(("contract", "amendment"), [(SUPPLY, SUPPLY_AMENDMENT), (CONTRAT, AVENANT)])
def test_an_amendment_replacing_the_end_date_s_words_with_the_verb_first_moves_the_end(contract, amendment):
    # "is amended by replacing the words … with the words …", « en remplaçant les mots … par les mots … » (the offtake kept its old end)
    record = _records(contract, amendment)["c1"]
    assert record.amended_by == ["c2"] and record.initial_end_date == date(2028, 3, 31), record.warnings
    assert record.end_date == date(2030, 9, 30) and record.sources["end_date"].origin == "amendment"


def test_an_amendment_replacing_a_price_s_words_moves_no_end():
    price_only = SUPPLY_AMENDMENT.replace('"31 March 2028" with the words "30 September 2030"', '"EUR 40 per tonne" with the words "EUR 44 per tonne"')
    record = _records(SUPPLY, price_only)["c1"]
    assert record.amended_by == ["c2"] and record.end_date == date(2028, 3, 31)


HIRE = """VEHICLE HIRE AGREEMENT
This Vehicle Hire Agreement is entered into BETWEEN:
Nordwind Mietpark GmbH, registered with the commercial register of the Local Court of Bremen under HRB 20431 (the "Owner"), AND
Ecovia Services SAS, registered with the RCS of Lyon under number 812 334 561 (the "Hirer").
1. Vehicles
The Owner hires to the Hirer eight (8) road sweepers described in Schedule 1.
2. Hire Period
The hire period is forty-eight (48) months from the delivery date.
9. Governing Law
This Agreement is governed by German law.
Bremen, 14 February 2022 — for Nordwind Mietpark GmbH: Uwe Brandt, Managing Director
Lyon, 21 February 2022 — for Ecovia Services SAS: Claire Roux, Présidente
"""


def test_each_signatory_s_place_and_date_line_stays_its_own_and_the_last_signature_dates_the_contract():
    # the first signatory's line ends on its title, no stop: joined to the next one, the lessor's date was read as the last signature's
    assert unwrap(HIRE).splitlines()[-2:] == HIRE.strip().splitlines()[-2:]
    record = _records(HIRE)["c1"]
    assert record.signature_date == date(2022, 2, 21)


def test_a_wrapped_line_that_starts_with_a_place_and_no_date_is_still_joined():
    assert unwrap("The Supplier's registered office is at\nBremen, Am Wall 12, Germany.") == "The Supplier's registered office is at Bremen, Am Wall 12, Germany."


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        # a public body entrusting a public service: not a distribution agreement for its « concession »
        ("CONTRAT DE CONCESSION DE SERVICE PUBLIC – COLLECTE DES DÉCHETS MÉNAGERS", "délégation de service public"),
        ("Convention de délégation de service public pour l'exploitation de la piscine municipale", "délégation de service public"),
        ("Public Service Concession Agreement – Municipal Water Supply", "délégation de service public"),
        ("CONTRAT DE CONCESSION EXCLUSIVE", "contrat de distribution"),  # a commercial concession is one
        ("RECYCLED GLASS OFFTAKE AGREEMENT", "contrat de fourniture"),
        ("CONTRAT DE COLLECTE DES DÉCHETS D'ACTIVITÉS ÉCONOMIQUES", "prestation de services"),
        ("Waste Collection Services Agreement", "prestation de services"),
        # what the title says the contract includes is not its type
        ("SOFTWARE AS A SERVICE AGREEMENT (FLEETWISE) INCLUDING DATA PROCESSING ADDENDUM", "contrat de licence"),
        ("Master Services Agreement with Data Processing Addendum", "prestation de services"),
        ("DATA PROCESSING AGREEMENT", "accord de traitement des données"),
    ],
)
def test_the_contract_type_a_title_names(title, kind):
    assert match_contract_type(title) == kind
