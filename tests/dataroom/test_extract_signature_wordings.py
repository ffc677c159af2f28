"""Signature dates written in the closing formulas of short contracts and letters, in English and French: the acceptance
formula ("Agreed and accepted on …", « Lu et approuvé, le … »), « EN FOI DE QUOI … le … », « Le présent contrat, en date
du … » (the contract itself, not one it cites), and a short contract whose opening runs straight into its signature blocks
(the blocks date it, the latest signature first). Snippets invented for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import extract_signature_date, split_articles

BODY_EN = "SERVICES LETTER\n\nDear Ms. Varga,\n\n1. SERVICES\nTolland Design Ltd will redesign the Pellworth website.\n\n"
BODY_FR = "CONTRAT DE PRESTATION\n\nEntre les soussignés : Tolland Design SAS et Pellworth SARL.\n\nARTICLE 1 — OBJET\nTolland Design refond le site de Pellworth.\n\n"


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        (BODY_EN + "Agreed and accepted on September 8, 2022.\nPellworth Inc.\nBy: /s/ Ilona Varga", date(2022, 9, 8)),
        (BODY_EN + "ACCEPTED AND AGREED TO as of September 8, 2022:\nPellworth Inc.\nBy: /s/ Ilona Varga", date(2022, 9, 8)),
        (BODY_FR + "Lu et approuvé, le 8 septembre 2022.\nPour Pellworth SARL", date(2022, 9, 8)),
        (BODY_FR + "EN FOI DE QUOI, les parties ont signé le présent contrat le 8 septembre 2022.", date(2022, 9, 8)),
        (
            (
                "CONTRAT DE PRESTATION\n\nLe présent contrat, en date du 8 septembre 2022, est conclu entre Tolland Design SAS et Pellworth SARL.\n\n"
                "ARTICLE 1 — OBJET\nTolland Design refond le site de Pellworth."
            ),
            date(2022, 9, 8),
        ),
    ],
    ids=["agreed-and-accepted-on", "accepted-and-agreed-to-as-of", "lu-et-approuve-le", "en-foi-de-quoi-le", "le-present-contrat-en-date-du"],
)
def test_closing_and_opening_formulas_of_short_contracts(text, signed):
    found = extract_signature_date(split_articles("s1", text))
    assert found is not None and found.value == signed


def test_a_contract_the_text_cites_with_its_date_is_still_not_this_ones_date():
    text = ("AVENANT N° 1\n\nLe contrat de bail en date du 1er mars 2010 entre la SCI Orval et Pellworth SARL est modifié comme suit.\n\n"
            "ARTICLE 1 — LOYER\nLe loyer annuel est porté à 24 000 euros.")
    found = extract_signature_date(split_articles("s1", text))
    assert found is None or found.value != date(2010, 3, 1)


def test_a_short_contracts_opening_stops_at_its_signature_blocks():
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is entered into as of the date of the last signature below by Tolland Design Ltd "
        "and Pellworth Inc.\n\n1. SERVICES\nTolland redesigns the website.\n\nIN WITNESS WHEREOF the parties have signed this Agreement.\n"
        "Tolland Design Ltd\nBy: /s/ Jon Tolland\nName: Jon Tolland\nDate: March 12, 2019\n"
        "Pellworth Inc.\nBy: /s/ Ilona Varga\nName: Ilona Varga\nDate: March 15, 2019"
    )
    found = extract_signature_date(split_articles("s1", text))
    assert found is not None and found.value == date(2019, 3, 15) and found.confidence == "medium"


@pytest.mark.parametrize(
    ("opening", "signed"),
    [
        (("This Services Agreement is entered into by and between Tolland Design Ltd., a company incorporated in England with its registered "
         "office at 4 Harbour Row, Bristol, and Pellworth Inc., a Delaware corporation with offices at 200 Lake Street, Chicago, Illinois, "
         "as of September 8, 2022."), date(2022, 9, 8)),
        ("Tolland Design Ltd and Pellworth Inc. enter into this Services Agreement on September 8, 2022.", date(2022, 9, 8)),
        (("Le présent contrat est conclu entre Tolland Design SAS, société par actions simplifiée au capital de 10 000 euros dont le siège "
         "est situé 4 quai du Port à Nantes, et Pellworth SARL, société à responsabilité limitée dont le siège est situé 12 rue Haute à "
         "Lyon, le 8 septembre 2022."), date(2022, 9, 8)),
        (('This Distributor Agreement (the "Agreement") is made by and between Tolland Design Ltd., a Delaware corporation ("Company") and '
          'Pellworth of Illinois LLC ("Distributor") this 8th day of September, 2022.'), date(2022, 9, 8)),
    ],
    ids=["as-of-after-long-party-descriptions", "enter-into-this-agreement-on", "conclu-entre-longues-descriptions-le", "this-day-after-the-last-defined-name"],
)
def test_a_date_after_the_parties_descriptions_dates_the_contract(opening, signed):
    found = extract_signature_date(split_articles("s1", f"SERVICES AGREEMENT\n\n{opening}\n\n1. SERVICES\nTolland redesigns the website."))
    assert found is not None and found.value == signed


def test_a_date_after_the_parties_that_is_only_effective_stays_an_effective_date():
    opening = ("This Services Agreement is entered into by and between Tolland Design Ltd., a company incorporated in England with its "
               "registered office at 4 Harbour Row, Bristol, and Pellworth Inc., a Delaware corporation, effective as of September 8, 2022.")
    found = extract_signature_date(split_articles("s1", f"SERVICES AGREEMENT\n\n{opening}\n\n1. SERVICES\nTolland redesigns the website."))
    assert found is None or found.confidence != "high"


@pytest.mark.parametrize(
    ("closing", "signed"),
    [
        (("IN WITNESS WHEREOF, the parties have executed this Agreement on the day and year first written below.\nSeptember 8, 2022\n"
         "Pellworth Inc.\nBy: /s/ Ilona Varga"), date(2022, 9, 8)),
        ("EN FOI DE QUOI, les parties ont signé le présent contrat à la date indiquée ci-dessous.\nLe 8 septembre 2022\nPour Pellworth SARL",
         date(2022, 9, 8)),
    ],
    ids=["written-below", "date-indiquee-ci-dessous"],
)
def test_a_witness_clause_that_points_below_to_the_date(closing, signed):
    found = extract_signature_date(split_articles("s1", (BODY_EN if closing.startswith("IN") else BODY_FR) + closing))
    assert found is not None and found.value == signed


def test_a_witness_clause_that_points_below_to_a_blank_gives_no_date():
    text = (BODY_EN + "IN WITNESS WHEREOF, the parties have executed this Agreement on the date written below.\nDate: ____________\n"
            "Pellworth Inc.\nBy: ____________")
    assert extract_signature_date(split_articles("s1", text)) is None
