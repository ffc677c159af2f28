"""What walkthrough 21 (a shipowner's data room: a charter party and its addendum, a ship management agreement, a crewing agreement,
a hull policy, a port occupancy permit, an internal memo under a letterhead) found unread, read from text written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.extract.document_kind import not_a_contract
from greffier.dataroom.records import ContractInput, build_records
from greffier.dataroom.vocabulary import match_contract_type
from greffier.lexicon import load_lexicon
from greffier.text import tokenize

CHARTER = """TIME CHARTER PARTY
London, 10 May 2024
IT IS THIS DAY MUTUALLY AGREED between KERVRAN SHIPPING SAS, a société par actions simplifiée registered at Lorient, as owners ("Owners"), and SKAGEN BULK A/S, a Danish company, as charterers ("Charterers").
Clause 2 – Charter Period
Owners let and Charterers hire the Vessel for a period of twenty-four months. Redelivery shall take place not later than 1 June 2026 (the "Final Redelivery Date").
Clause 30 – Law
This Charter shall be governed by English law.
"""

ADDENDUM = """ADDENDUM No. 1
to the Time Charter Party dated 10 May 2024
This Addendum is made on 2 March 2026 between KERVRAN SHIPPING SAS ("Owners") and SKAGEN BULK A/S ("Charterers").
1. Extension. Clause 2 of the Charter is amended so that the Charter Period shall now expire on 1 December 2027 in lieu of 1 June 2026.
2. All other terms of the Charter remain unchanged.
"""

POLICY = """HULL AND MACHINERY INSURANCE POLICY
Policy No. HM/24/001
Schedule
Underwriters: ATLANTIC MARINE INSURANCE PLC, a company registered in England (the "Underwriters").
Assured: KERVRAN SHIPPING SAS, RCS Lorient, 3 quai des Indes, Lorient (the "Assured").
Broker: Iroise Courtage SARL, Brest.
Period of Insurance: twelve months from 00:00 hours GMT on 1 January 2026 to 24:00 hours GMT on 31 December 2026, both days inclusive.
Clause 7 – Law and Practice
This insurance is subject to English law and practice.
"""

CREWING = """CREW MANAGEMENT AGREEMENT
Date of Agreement: 15 February 2025
BETWEEN KERVRAN SHIPPING SAS (the "Principal") and PACIFIC MANNING CORPORATION (the "Agent").
4. Term
4.1 This Agreement shall take effect on 1 March 2025 and shall remain in force for an initial period of one (1) year.
9. Law
This Agreement shall be governed by the laws of the Philippines.
"""


def _records(*texts: str):
    inputs = [
        ContractInput(id=f"c{i}", file=f"room/c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return {record.id: record for record in build_records(inputs)}


def test_an_addendum_that_puts_one_end_in_lieu_of_another_moves_the_charter_s_end():
    records = _records(CHARTER, ADDENDUM)
    assert records["c1"].initial_end_date == date(2026, 6, 1) and records["c1"].end_date == date(2027, 12, 1)
    assert records["c1"].contract_type == "contrat d'affrètement" and records["c2"].amends == "c1"


def test_a_policy_s_schedule_names_its_parties_and_its_period_of_insurance_dates_its_end():
    policy = _records(POLICY)["c1"]
    assert [p.raw_name for p in policy.parties] == ["ATLANTIC MARINE INSURANCE PLC", "KERVRAN SHIPPING SAS"]
    assert policy.end_date == date(2026, 12, 31) and policy.governing_law == "droit anglais"


def test_a_term_that_takes_effect_on_a_date_runs_from_it_and_the_form_s_date_of_agreement_is_its_signature():
    crewing = _records(CREWING)["c1"]
    assert crewing.signature_date == date(2025, 2, 15)
    assert crewing.end_date == date(2026, 3, 1)  # from 1 March 2025, not from the signature (it read 2026-02-15)


def test_the_original_contract_s_date_an_amendment_cites_is_not_its_signature():
    amendment = "AVENANT N° 2\nContrat initial : contrat de prestation, date du contrat : 1er mars 2019.\nFait à Brest, le 3 février 2024."
    assert _records(amendment)["c1"].signature_date == date(2024, 2, 3)


@pytest.mark.parametrize(("text", "kind"), [
    ("ARMEMENT KERVRAN SAS\nDirection juridique\nNOTE À L'ATTENTION DU COMITÉ DE DIRECTION\nLe contrat d'affrètement expire en 2027.", "an internal memo"),
    ("Revue des engagements\nDiffusion : comité – document interne, non contractuel\nLe bail expire en 2029.", "a document that says it is no contract"),
    ("Fleet review\nInternal document, not contractual.\nThe charter ends in 2027.", "a document that says it is no contract"),
    # a policy's schedule line is no title: "Report any claim …" does not make it a report (the review of the round)
    ("ATLANTIC MARINE\nMARINE HULL POLICY\nReport any claim to the broker within 30 days.\nThe Underwriters insure the Vessel.", None),
])
def test_a_memo_under_a_letterhead_is_no_contract(text, kind):
    assert not_a_contract(text.splitlines()[0], split_articles("c", text)) == kind


@pytest.mark.parametrize(("title", "kind"), [
    ("TIME CHARTER PARTY", "contrat d'affrètement"), ("Security Assignment of Charter Party", "cession"),
    ("CONVENTION D'OCCUPATION TEMPORAIRE DU DOMAINE PUBLIC PORTUAIRE", "convention d'occupation du domaine public"),
    ("CONTRAT D'ENGAGEMENT MARITIME À DURÉE INDÉTERMINÉE", "contrat de travail"), ("CONTRAT À DURÉE DÉTERMINÉE", "contrat de travail"),
    ("Contrat à durée déterminée de prestation de services", "prestation de services"),
    ("CONTRAT DE PRÊT GARANTI PAR UNE HYPOTHÈQUE MARITIME", "contrat de prêt"),
    ("Acte de nantissement de compte-titres au titre du contrat de crédit en garantie des sommes dues", "nantissement"),
    ("SHARE PLEDGE AGREEMENT relating to the Loan Agreement", "nantissement"),
    # the clothes, not a loan (walkthrough 26: a manufacturing contract for « Prêt-à-porter féminin » typed « contrat de prêt »)
    ("CONTRAT DE FABRICATION À FAÇON — Collection Prêt-à-porter féminin", None), ("Contrat de prêt à usage", "contrat de prêt"),
    # an insurer's authority to a broker, an introducer (walkthrough 33: a Lloyd's binder typed nothing, a delegation and an introducer
    # agreement typed insurance policies from « courtier en assurances » in their first lines)
    ("BINDING AUTHORITY AGREEMENT — UMR B0000XX2025", "mandat"),
    ("CONVENTION DE DÉLÉGATION DE GESTION ET DE SOUSCRIPTION DE CONTRATS D'ASSURANCE", "mandat"),
    ("CONVENTION D'APPORTEUR D'AFFAIRES", "contrat d'apporteur d'affaires"), ("Introducer Agreement", "contrat d'apporteur d'affaires"),
    ("POLICE D'ASSURANCE RESPONSABILITÉ CIVILE PROFESSIONNELLE", "contrat d'assurance"),
    # … and no more (the review): a public-service delegation (a kind of its own since walkthrough 34, no mandate), a charter's power of
    # attorney, a sale under a mandate
    ("Convention de délégation de service public", "délégation de service public"), ("Time Charter Party — Power of Attorney", "contrat d'affrètement"),
    ("Contrat de vente sous mandat", "contrat de vente"),
])
def test_the_room_s_kinds_of_contract(title, kind):
    assert match_contract_type(title) == kind


def test_a_question_s_language_decides_which_notion_a_word_of_both_languages_names():
    lexicon = load_lexicon()

    def notions(question: str, language: str) -> set[str]:
        return {m.concept.id for m in lexicon.find(tokenize(question), prefer=language)}

    assert "expiry" in notions("Jusqu'à quand court la charte-partie ?", "fr") and "jurisdiction" not in notions("Jusqu'à quand court la charte-partie ?", "fr")
    assert "jurisdiction" in notions("Which court hears disputes?", "en") and "expiry" not in notions("Which court hears disputes?", "en")
    assert "license_agreement" in notions("Does the software licence cap liability?", "en")  # a kind of contract is no clause term
    # « court » names the end in a question only: an English jurisdiction clause's "court" is no wording of the end
    assert "court" not in {t for term in lexicon.by_id["expiry"].terms for t in term.tokens}
