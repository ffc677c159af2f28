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


@pytest.mark.parametrize(("text", "joined"), [
    ("The Supplier's registered office is at\nBremen, Am Wall 12, Germany.", "The Supplier's registered office is at Bremen, Am Wall 12, Germany."),
    # a place and a date a line break cut out of a sentence (the review: the avenant's « conclu à » lost its date)
    ("Le présent avenant modifie le bail commercial conclu à\nLyon, le 15 décembre 2019, entre les parties.",
     "Le présent avenant modifie le bail commercial conclu à Lyon, le 15 décembre 2019, entre les parties."),
    ("The goods shall be delivered to the port of\nRotterdam, 15 March 2024 at the latest.",
     "The goods shall be delivered to the port of Rotterdam, 15 March 2024 at the latest."),
])
def test_a_wrapped_line_that_starts_with_a_place_is_still_joined_unless_a_signatory_s(text, joined):
    assert unwrap(text) == joined


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
        ("CONTRAT DE PRESTATIONS DE NETTOYAGE DES LOCAUX ET DE COLLECTE DES DÉCHETS", "prestation de services"),
        ("Waste Collection Services Agreement", "prestation de services"),
        # what the title says the contract includes is not its type
        ("SOFTWARE AS A SERVICE AGREEMENT (FLEETWISE) INCLUDING DATA PROCESSING ADDENDUM", "contrat de licence"),
        ("Master Services Agreement with Data Processing Addendum", "prestation de services"),
        ("DATA PROCESSING AGREEMENT", "accord de traitement des données"),
    ],
)
def test_the_contract_type_a_title_names(title, kind):
    assert match_contract_type(title) == kind


LEASE = """BAIL COMMERCIAL
Entre la SCI Les Pins, ci-après « le Bailleur », et Ateliers Mistral SAS, ci-après « le Preneur ».
Article 3 – Durée
Le présent bail est consenti pour une durée de neuf (9) années entières et consécutives qui commenceront à courir le 1er juillet 2016 pour se terminer le 30 juin 2025.
Article 12 – Droit applicable
Le bail est soumis au droit français.
Fait à Marseille, le 3 juin 2016.
"""
EMPLOYMENT = """CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE
Entre Valmo SAS, ci-après « la Société », et Monsieur Paul Roux, ci-après « le Salarié ».
Article 2 – Date d'effet et durée
Le présent contrat est conclu pour une durée indéterminée. Il prend effet le 3 octobre 2022.
Article 4 – Rémunération
Le Salarié percevra une prime à compter du 1er janvier 2023.
Fait à Lyon, le 5 septembre 2022.
"""


def test_the_start_a_term_article_writes_is_read():
    # « qui commenceront à courir le … » beside the end; « Il prend effet le … » beside an indefinite term, which has no end
    records = _records(LEASE, EMPLOYMENT)
    assert (records["c1"].start_date, records["c1"].end_date) == (date(2016, 7, 1), date(2025, 6, 30))
    assert records["c2"].start_date == date(2022, 10, 3) and records["c2"].end_date is None
    # … not a date something else starts from in another article (the bonus's): an indefinite term's start is read in its own article
    other = _records(EMPLOYMENT.replace(" Il prend effet le 3 octobre 2022.", ""))["c1"]
    assert other.start_date is None


REGISTERS = """MASTER LEASE AGREEMENT
This Agreement is entered into BETWEEN:
Hanseatic Rent GmbH, registered with the commercial register of the Local Court (Amtsgericht) of Hamburg under HRB 148227, with its registered office at Ballindamm 1, 20095 Hamburg (the "Lessor"), AND
Papeteries Alpines SA, société anonyme inscrite au registre du commerce du canton de Genève sous le numéro CHE-105.442.871 (the "Lessee"). 1. Term This Agreement expires on 30 September 2027.
"""


def test_a_register_number_keeps_its_letters_and_a_short_one_is_read():
    # walkthrough 34: the Hamburg register's six digits were not read, Switzerland's « CHE- » was dropped
    record = _records(REGISTERS)["c1"]
    assert {p.raw_name: p.identifier for p in record.parties} == {"Hanseatic Rent GmbH": "HRB 148227", "Papeteries Alpines SA": "CHE-105.442.871"}
    assert not any(p.siren for p in record.parties)  # no French register: no SIREN to check


def test_the_date_a_contract_expires_on_after_its_parties_is_no_date_it_was_made():
    # "This Agreement is entered into BETWEEN … (the "Lessee"). … expires on 30 September 2027": the end, not the signature
    record = _records(REGISTERS)["c1"]
    assert record.signature_date != date(2027, 9, 30) and record.end_date == date(2027, 9, 30)


def test_an_employee_s_social_security_number_is_no_register_number():
    text = """CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE
ENTRE :
Valmo SAS, société par actions simplifiée, immatriculée au RCS de Lyon sous le numéro 812 334 561, ci-après « la Société »,
ET :
Monsieur Paul Roux, né le 2 mars 1980 à Lyon, demeurant 3 rue Neuve, 69002 Lyon, numéro de sécurité sociale 1 80 03 69 123 456 78, ci-après « le Salarié ».
Article 2 – Durée
Le présent contrat est conclu pour une durée indéterminée.
"""
    parties = {p.raw_name: p for p in _records(text)["c1"].parties}
    assert parties["Valmo SAS"].identifier == "812 334 561"
    assert parties["Monsieur Paul Roux"].identifier is None
