"""Rule-based extraction on French and English snippets (all invented for these tests)."""

from __future__ import annotations

import time
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from greffier.dataroom.extract import (
    ChunkInput,
    Period,
    clean_party_name,
    extract_amendment_clues,
    extract_contract_type,
    extract_fields,
    extract_governing_law,
    extract_parties,
    extract_signature_date,
    extract_term,
    find_periods,
    parse_number,
    sentences,
    split_articles,
)
from greffier.dataroom.normalize import entity_id


def chunks_of(text: str, contract_id: str = "k1") -> list[ChunkInput]:
    return split_articles(contract_id, text)


def one_chunk(text: str, section: str = "", chunk_id: str = "k1-1") -> list[ChunkInput]:
    return [ChunkInput(id=chunk_id, section=section, text=text)]


def party_ids(title: str, chunks: list[ChunkInput]) -> list[str]:
    return [entity_id(p.name) for p in extract_parties(title, chunks)]


# --- chunking ------------------------------------------------------------------------------------


def test_split_articles_numbers_chunks_with_the_preamble_first():
    text = "CONTRAT DE BAIL\n\nPréambule.\n\nARTICLE 1 — OBJET\nLe bail.\n\nARTICLE 2 — DURÉE\nNeuf ans.\n## Article 3 - Loi\nDroit français."
    chunks = split_articles("c07", text)
    assert [c.id for c in chunks] == ["c07-1", "c07-2", "c07-3", "c07-4"]
    assert chunks[0].section == "CONTRAT DE BAIL"
    assert chunks[2].section == "ARTICLE 2 — DURÉE" and chunks[2].text.endswith("Neuf ans.")
    assert chunks[3].section == "Article 3 - Loi"


def test_split_articles_without_preamble_or_headings():
    assert [c.id for c in split_articles("x", "ARTICLE 1 — A\ntexte")] == ["x-1"]
    assert [c.text for c in split_articles("x", "Un seul bloc de texte.")] == ["Un seul bloc de texte."]
    assert split_articles("x", "   ") == []


def test_sentences_do_not_break_after_abbreviations():
    assert sentences("M. Paul Roux cède ses parts. Northwind Inc. accepte.") == [
        "M. Paul Roux cède ses parts.",
        "Northwind Inc. accepte.",
    ]


# --- numbers and durations -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "value"),
    [("un", 1), ("une", 1), ("trois", 3), ("neuf", 9), ("douze", 12), ("dix-huit", 18), ("vingt-quatre", 24),
     ("trente-six", 36), ("soixante-douze", 72), ("quatre-vingt-dix", 90), ("one", 1), ("twelve", 12),
     ("twenty-four", 24), ("thirty six", 36), ("36", 36)],
)
def test_parse_number(word, value):
    assert parse_number(word) == value


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("pour une durée de neuf années", Period(count=9, unit="years")),
        ("for a term of three (3) years", Period(count=3, unit="years")),
        ("36 months", Period(count=36, unit="months")),
        ("vingt-quatre mois", Period(count=24, unit="months")),
        ("d'un an", Period(count=1, unit="years")),
        ("twelve full months", Period(count=12, unit="months")),
    ],
)
def test_find_periods(text, period):
    assert find_periods(text)[0][0] == period


def test_period_end_is_the_day_before_the_anniversary():
    assert Period(count=9, unit="years").after(date(2019, 11, 1)) == date(2028, 10, 31)
    assert Period(count=36, unit="months").after(date(2024, 1, 31)) == date(2027, 1, 30)


# --- parties -------------------------------------------------------------------------------------

FRENCH_PREAMBLE = """CONTRAT DE PRESTATION DE SERVICES

ENTRE LES SOUSSIGNÉS :

LUMEN ORBIS SAS, société par actions simplifiée au capital de 10 000 euros, immatriculée au RCS de Lyon sous le numéro 552 081 317, représentée par M. Paul Roux,

ci-après « le Prestataire »,

D'UNE PART,

ET :

La société Maréchal Transports SARL, société à responsabilité limitée, ci-après « le Client »,

D'AUTRE PART.

IL A ÉTÉ CONVENU CE QUI SUIT :

ARTICLE 1 — OBJET
Le Prestataire assure le transport des marchandises du Client.
"""

ENGLISH_PREAMBLE = """MASTER SERVICES AGREEMENT

This Master Services Agreement is made on 4 March 2024

BETWEEN:

(1) Harrowgate Data Limited, a company incorporated in England and Wales (the "Supplier"); and

(2) Veltris Pharma Inc., a Delaware corporation (the "Customer").

WHEREAS the Customer wishes to buy services.

ARTICLE 1 — SERVICES
The Supplier shall provide the services.
"""


def test_french_preamble_parties_with_siren():
    parties = extract_parties("", chunks_of(FRENCH_PREAMBLE))
    assert [p.name for p in parties] == ["LUMEN ORBIS SAS", "Maréchal Transports SARL"]
    assert parties[0].siren == "552081317" and parties[0].rule == "opening" and parties[0].chunk_id == "k1-1"


def test_english_preamble_parties():
    assert party_ids("", chunks_of(ENGLISH_PREAMBLE)) == ["harrowgate_data", "veltris_pharma"]


def test_between_sentence_with_appositions():
    text = (
        "Le présent bail est conclu entre la SCI Bellerose, propriétaire, ci-après « le Bailleur », "
        "et la société Atelier Quenot SARL, ci-après « le Preneur »."
    )
    assert party_ids("", one_chunk(text)) == ["bellerose", "atelier_quenot"]


def test_english_between_sentence():
    text = "This Agreement is entered into between Orrin Capital LLP, a partnership, and Maple Logistics Ltd, a company."
    assert party_ids("", one_chunk(text)) == ["orrin_capital", "maple_logistics"]


def test_title_parties_are_completed_from_the_text():
    chunks = one_chunk("Cabinet Ferrand Avocats conseille Solveig Médical SAS sur ses contrats.")
    parties = extract_parties("Convention d'honoraires Cabinet Ferrand / Solveig (Lyon)", chunks)
    assert [p.name for p in parties] == ["Cabinet Ferrand Avocats", "Solveig Médical SAS"]
    assert parties[0].rule == "title" and parties[0].chunk_id is None


def test_title_after_a_dash():
    chunks = one_chunk("Texte sans nom.")
    assert party_ids("Contrat de licence de logiciel — Orbis Labs / Ferrand & Fils SA", chunks) == ["orbis_labs", "ferrand_fils"]


@pytest.mark.parametrize(
    ("title", "names"),
    [
        # a name whose last word is a contract-type word keeps its first word
        ("Contrat de distribution Solamvie Distribution / Maison Arbel", ["Solamvie Distribution", "Maison Arbel"]),
        # title-cased type words before a name are dropped, with their qualifiers
        ("Bail Commercial Foncière Exemple / Atelier Quenot", ["Foncière Exemple", "Atelier Quenot"]),
        ("Licence Orbis Labs / Nordvik AS", ["Orbis Labs", "Nordvik AS"]),
    ],
)
def test_title_parties_next_to_contract_type_words(title, names):
    parties = extract_parties(title, one_chunk("Texte sans nom."))
    assert [p.name for p in parties] == names


def test_a_title_side_that_is_only_a_contract_type_names_no_party():
    assert extract_parties("Bail Commercial / Distribution", one_chunk("Texte sans nom.")) == []


@pytest.mark.parametrize(
    ("opening", "ids"),
    [
        ('SUPPLY AGREEMENT (the "Agreement") dated 4 May 2021, by and between: Halvard Robotics, Inc., a Delaware '
         'corporation ("Halvard"), and Minto Components Ltd. ("Minto").', ["halvard_robotics", "minto_components"]),
        ('THIS LICENSE AGREEMENT is entered into effective June 1, 2020 (the "Effective Date") by and among, on the '
         'one hand, Quarrel Media, LLC, a California limited liability company ("Quarrel"), and, on the other hand, '
         'Ostrander Pictures Corp. ("OPC").', ["quarrel_media", "ostrander_pictures"]),
        ('B E T W E E N: NORTHCAPE FREIGHT LTD. ("Northcape") - and - LUMEN PARCEL SYSTEMS INC. ("Lumen")',
         ["northcape_freight", "lumen_parcel_systems"]),
    ],
)
def test_companies_given_a_defined_name_in_an_english_opening(opening, ids):
    parties = extract_parties("", one_chunk(opening))
    assert [entity_id(p.name) for p in parties] == ids
    assert {p.rule for p in parties} == {"opening"} and all(p.defined_as and p.confidence == "high" for p in parties)


def test_defined_terms_that_are_not_companies_are_not_parties():
    opening = 'This Agreement (the "Agreement") is made on March 3, 2022 ("Effective Date") for the Project ("Project").'
    assert all(p.rule != "defined" for p in extract_parties("", one_chunk(opening)))


def test_signature_blocks():
    text = "ARTICLE 9 — SIGNATURES\nFait à Lyon, le 3 mars 2022.\n\nPour Ravel Industries SA\nM. Henri Ravel\n\nPour le Client\n\nFor and on behalf of Nordvik AS:\n"
    assert party_ids("", one_chunk(text)) == ["ravel_industries", "nordvik"]


def test_mentioned_parties_are_the_last_resort():
    chunks = chunks_of("BAIL\n\nARTICLE 1 — OBJET\nLa Banque Silvère ouvre au Groupe Tarvel un crédit, affecté au rachat des parts de la société Kiva SARL.")
    assert party_ids("", chunks) == ["banque_silvere", "groupe_tarvel"]


def test_places_alone_are_not_parties():
    chunks = chunks_of("BAIL\n\nARTICLE 1 — DÉSIGNATION\nUn entrepôt situé rue de la Garenne à Carquefou.")
    assert extract_parties("", chunks) == []


@pytest.mark.parametrize(
    ("fragment", "name"),
    [("la société Atelier Quenot SARL", "Atelier Quenot SARL"), ("le Bailleur", None), ("Groupe Tarvel.", "Groupe Tarvel"),
     ("Northwind Inc.", "Northwind Inc."), ("une société de droit belge", None), ("M. Paul Roux", "M. Paul Roux")],
)
def test_clean_party_name(fragment, name):
    assert clean_party_name(fragment) == name


# --- contract type -------------------------------------------------------------------------------


def test_type_from_title_then_heading_then_keywords():
    assert extract_contract_type("Loan Agreement — A / B", []).value == "contrat de prêt"
    heading = extract_contract_type("", chunks_of("CONTRAT DE FRANCHISE\n\nARTICLE 1 — OBJET\nTexte."))
    assert heading.value == "contrat de franchise" and heading.chunk_id == "k1-1" and heading.rule == "heading"
    keyword = extract_contract_type("", one_chunk("Le présent bail commercial est consenti pour neuf ans."))
    assert keyword.value == "bail commercial" and keyword.rule == "keywords"
    assert extract_contract_type("", one_chunk("Texte quelconque.")) is None


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Research Collaboration Agreement — Hallberg / Zentrum", "contrat de partenariat"),
        ("Contrat de collaboration de recherche", "contrat de partenariat"),
        ("Toll Processing Agreement", "contrat de sous-traitance"),
        ("Contrat de façonnage", "contrat de sous-traitance"),
        ("Manufacturing Agreement", "contrat de sous-traitance"),
        ("Manufacturing and Supply Agreement", "contrat de fourniture"),  # the supply named: a supply contract
        ("Research Collaboration and License Agreement", "contrat de licence"),  # a licence first
        ("CONTRAT DE CO-DÉVELOPPEMENT DU PARC ÉOLIEN DES CRÊTES", "contrat de partenariat"),  # walkthrough 15
        ("Joint Development Agreement", "contrat de partenariat"),
    ],
)
def test_collaboration_and_toll_manufacturing_are_types_of_their_own(title, kind):
    assert extract_contract_type(title, []).value == kind


@pytest.mark.parametrize("title", ["Development Agreement", "Contrat de développement commercial"])
def test_developing_alone_is_no_partnership(title):
    found = extract_contract_type(title, [])
    assert found is None or found.value != "contrat de partenariat"


# --- signature date ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        ("Fait à Paris, le 3 mars 2022, en deux exemplaires.", date(2022, 3, 3)),
        ("Fait en deux exemplaires originaux à Nantes, le 1er juillet 2021.", date(2021, 7, 1)),
        ("Fait à Bordeaux, en deux exemplaires originaux, le 3 mars 2023.", date(2023, 3, 3)),  # walkthrough 16: the copies before the date
        ("Signed on 16 January 2023 by both parties.", date(2023, 1, 16)),
        ("Signed in London on January 16, 2023.", date(2023, 1, 16)),
        ("This Agreement is dated as of 5 May 2020.", date(2020, 5, 5)),
        ('This Services Agreement (the "Agreement") is entered into as of March 3, 2025.', date(2025, 3, 3)),
        ("IN WITNESS WHEREOF the parties have signed this Agreement on 2 June 2022.", date(2022, 6, 2)),
        ("Date de signature : 14/02/2020", date(2020, 2, 14)),
        ("Issued at Hamburg on 15 December 2025.", date(2025, 12, 15)),  # walkthrough 30: an insurance policy is issued
    ],
)
def test_signature_date(text, signed):
    found = extract_signature_date(one_chunk(text))
    assert found is not None and found.value == signed and found.chunk_id == "k1-1"


def test_dates_of_other_contracts_are_not_the_signature():
    text = "The parties amend the agreement dated 12 March 2021. The parties have signed on 12 March 2021 the original."
    assert extract_signature_date(one_chunk(text)) is None


@pytest.mark.parametrize("text", [
    # the review of the round: a bond or an invoice "issued at" inside a clause dates no signature
    "The Supplier shall deliver a performance bond issued at BNP Paribas Paris on 1 March 2020 for the full price.",
    "Invoices shall be issued at the end of each month, on 5 March 2024 for the first one.",
])
def test_a_document_issued_inside_a_clause_dates_no_signature(text):
    assert extract_signature_date(one_chunk(text)) is None


def test_the_last_signature_block_wins():
    chunks = [*one_chunk("Fait à Lyon, le 2 janvier 2020.", chunk_id="k-1"), *one_chunk("Fait à Paris, le 3 février 2020.", chunk_id="k-9")]
    assert extract_signature_date(chunks).value == date(2020, 2, 3)


# --- term ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("La mission s'étend jusqu'au 30 septembre 2026.", date(2026, 9, 30)),
        ("The licence runs until 31 December 2027.", date(2027, 12, 31)),
        ("Le contrat expire le 15 mai 2029.", date(2029, 5, 15)),
        ("Le contrat prend fin le 31 décembre 2027 ; il pourra être prolongé.", date(2027, 12, 31)),
        ("Le bail court du 1er février 2023 au 31 janvier 2032.", date(2032, 1, 31)),
        ("The term runs from 1 March 2024 to 28 February 2027.", date(2027, 2, 28)),
        ("Le bail est consenti pour une durée de neuf années à compter du 1er janvier 2020.", date(2028, 12, 31)),
        ("Neuf années à compter du 1er novembre 2019.", date(2028, 10, 31)),
        ("Le bail prend effet le 1er avril 2022 pour neuf ans.", date(2031, 3, 31)),
        # an English term ends on its anniversary, a French one the day before (CUAD's lawyers read every English term so)
        ("The Agreement commences on 1 July 2023 for a term of 36 months.", date(2026, 7, 1)),
        ("Le contrat est conclu pour trois ans à compter du 1er octobre 2023.", date(2026, 9, 30)),
    ],
)
def test_term_end(text, end):
    term = extract_term(one_chunk(text, section="ARTICLE 4 — DURÉE"))
    assert term.end_date is not None and term.end_date.value == end and term.end_date.chunk_id == "k1-1"
    assert term.evidence == ["k1-1"]


def test_term_from_the_effective_date_found_in_the_text():
    text = (
        'SUPPLY AGREEMENT\n\nThis Agreement is made on 10 May 2022 and takes effect on 1 June 2022 (the "Effective Date").\n\n'
        "ARTICLE 7 — TERM\nThis Agreement is entered into for a term of three (3) years from the Effective Date."
    )
    term = extract_term(chunks_of(text))
    # "three years *from*" leaves the start day out: the term ends on the anniversary (common-law reading)
    assert term.end_date.value == date(2025, 6, 1) and term.end_date.chunk_id == "k1-2"


def test_term_counted_from_the_signature_needs_the_signature_date():
    chunks = one_chunk("Deux ans à compter de la signature.", section="ARTICLE 4 — DURÉE")
    assert extract_term(chunks, signature_date=date(2025, 9, 12)).end_date.value == date(2027, 9, 11)
    without = extract_term(chunks)
    assert without.end_date is None and "no start date" in without.notes[0]


def test_signature_found_in_the_text_anchors_the_term():
    text = "ARTICLE 3 — DURÉE\nLa convention couvre les trois années qui suivent sa signature.\n\nARTICLE 9 — SIGNATURE\nFait à Lille, le 15 avril 2024."
    extraction = extract_fields(title="", chunks=chunks_of(text))
    assert extraction.signature_date.value == date(2024, 4, 15)
    assert extraction.term.end_date.value == date(2027, 4, 14)


def test_indefinite_term_gives_no_end_date():
    text = "CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE\n\nARTICLE 2 — PÉRIODE D'ESSAI\nLa période d'essai est de quatre mois."
    term = extract_term(chunks_of(text))
    assert term.end_date is None and term.indefinite is not None and term.indefinite.chunk_id == "k1-1"


def test_notice_trial_and_covenant_periods_are_not_the_term():
    text = (
        "ARTICLE 6 — DURÉE ET RÉSILIATION\nLa présente convention prend effet le 1er janvier 2022. Elle est conclue pour une durée indéterminée. "
        "Chaque partie peut y mettre fin moyennant un préavis de trois mois.\n\n"
        "ARTICLE 8 — NON-CONCURRENCE\nPendant une durée de trois ans à compter de la signature, le Cédant s'interdit toute concurrence.\n\n"
        "ARTICLE 3 — PRIX\nLe solde est versé sur un compte séquestre pendant dix-huit mois à compter du 1er mars 2022."
    )
    term = extract_term(chunks_of(text), signature_date=date(2021, 12, 1))
    assert term.end_date is None and term.indefinite is not None


def test_loan_end_is_the_last_instalment():
    text = "ARTICLE 3 — AMORTISSEMENT\nLe crédit est amorti en vingt-quatre trimestrialités, la première étant exigible le 20 avril 2025."
    assert extract_term(chunks_of(text)).end_date.value == date(2031, 1, 20)


def test_term_article_wins_over_dates_elsewhere():
    text = (
        "ARTICLE 2 — PRIX\nLe prix du contrat est ferme jusqu'au 31 décembre 2025.\n\n"
        "ARTICLE 5 — DURÉE\nLe contrat est conclu pour une durée de cinq ans à compter du 1er janvier 2024."
    )
    term = extract_term(chunks_of(text))
    assert term.end_date.value == date(2028, 12, 31) and term.end_date.chunk_id == "k1-2"


# --- governing law -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "law"),
    [
        ("Le contrat est soumis au droit français.", "droit français"),
        ("La convention est régie par le droit suisse, notamment le Code des obligations.", "droit suisse"),
        ("This Agreement is governed by the laws of the State of New York.", "droit de l'État de New York"),
        ("This Agreement shall be construed in accordance with English law.", "droit anglais"),
        ("Le bail relève du droit français. Tout litige sera soumis au tribunal de Nantes.", "droit français"),
        ("Le contrat est régi par le droit de l'État de New York.", "droit de l'État de New York"),
    ],
)
def test_governing_law(text, law):
    found = extract_governing_law(one_chunk(text, section="ARTICLE 11 — LOI APPLICABLE"))
    assert found.law.value == law and found.law.chunk_id == "k1-1" and found.evidence == ["k1-1"]


def test_governing_law_outside_its_article_needs_a_verb():
    chunks = one_chunk("La société de droit suisse Helvetia Data SA fournit le service.", section="ARTICLE 1 — OBJET")
    assert extract_governing_law(chunks).law is None


def test_blank_governing_law_clause_is_noted():
    found = extract_governing_law(one_chunk("[Clause laissée en blanc.]", section="ARTICLE 9 — LOI APPLICABLE", chunk_id="k1-6"))
    assert found.law is None and found.evidence == ["k1-6"] and "names no law" in found.notes[0]


# --- amendment clues -----------------------------------------------------------------------------


def test_french_amendment_postponing_the_term():
    text = (
        "AVENANT N°2 AU BAIL COMMERCIAL DU 12 MARS 2021\n\n"
        "ARTICLE 1 — PROROGATION\nLe bail, dont le terme était initialement fixé au 31 mars 2024, est prorogé jusqu'au 31 mars 2027.\n\n"
        "ARTICLE 2 — LOYER\nLe loyer est porté à 60 000 euros par an."
    )
    clues = extract_amendment_clues("Avenant n°2 au bail commercial — A / B", chunks_of(text))
    assert [c.value for c in clues.cited_dates] == [date(2021, 3, 12)]
    assert clues.cited_type == "bail commercial"
    assert clues.new_end_date.value == date(2027, 3, 31) and clues.new_end_date.chunk_id == "k1-2"
    assert clues.price_change is not None


def test_english_amendment_extension():
    text = "AMENDMENT No. 1 TO THE SUPPLY AGREEMENT DATED 4 MAY 2020\n\nARTICLE 1 — TERM\nThe term is extended until 30 June 2026."
    clues = extract_amendment_clues("", chunks_of(text))
    assert clues.cited_dates[0].value == date(2020, 5, 4)
    assert clues.new_end_date.value == date(2026, 6, 30)
    assert clues.price_change is None


def test_amendment_extension_by_a_period():
    clues = extract_amendment_clues("", one_chunk("Le contrat est prorogé d'une durée de deux ans."))
    assert clues.extension.value == Period(count=2, unit="years") and clues.new_end_date is None


def test_price_only_amendment_moves_no_term():
    text = (
        "AVENANT N°3\n\nARTICLE 1 — PRIX\nLe prix est porté à 101,20 euros par mégawattheure.\n\n"
        "ARTICLE 2 — STIPULATIONS INCHANGÉES\nLe présent avenant ne modifie pas la durée du contrat, prorogé jusqu'au 30 juin 2028."
    )
    clues = extract_amendment_clues("", chunks_of(text))
    assert clues.price_change is not None and clues.new_end_date is None and clues.extension is None


def test_long_contracts_are_read_in_linear_time():
    article = (
        "ARTICLE {n} — STIPULATIONS\nLe Prestataire, M. Paul Roux et la société Atelier Quenot SARL conviennent que le prix "
        "de 12 500 euros est payable le 1er mars 2024, sous réserve de l'article L. 441-10 du Code de commerce. "
        "Pendant toute la durée du contrat, chaque partie s'interdit de solliciter le personnel de l'autre.\n\n"
    )
    text = "CONTRAT CADRE\n\n" + "".join(article.format(n=n) for n in range(1, 1201))  # about 400 000 characters
    chunks = split_articles("big", text)
    started = time.perf_counter()
    extract_fields(title="Contrat cadre", chunks=chunks)
    assert time.perf_counter() - started < 5


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400), st.text(max_size=60))
def test_rules_never_fail_on_arbitrary_text(text, title):
    extraction = extract_fields(title=title, chunks=split_articles("h", text))
    assert extraction.term.end_date is None or isinstance(extraction.term.end_date.value, date)


def test_a_cover_line_above_the_title_does_not_hide_the_type():
    # "EXECUTION VERSION" above "CO-DEVELOPMENT AGREEMENT" (a CUAD tuning contract's shape, written anew)
    chunks = [ChunkInput(id="t1", section="", text="EXECUTION VERSION\nJOINT DEVELOPMENT AGREEMENT\nThis Agreement is made between A Ltd and B Ltd.")]
    found = extract_contract_type("", chunks)
    assert found is not None and found.value == "contrat de partenariat" and found.raw == "JOINT DEVELOPMENT AGREEMENT"


@pytest.mark.parametrize(
    ("title", "label"),
    [
        # walkthrough 16: a hotel management agreement had no type — an operator's services to the owner
        ("HOTEL MANAGEMENT AGREEMENT", "prestation de services"),
        ("Contrat de gestion hôtelière", "prestation de services"),
        # … not a treasury's, nor an investment manager's mandate
        ("Cash Management Agreement", "convention de trésorerie"),
        ("Contrat de gestion de trésorerie", "convention de trésorerie"),
        ("Investment Management Agreement", None),
        ("Cash-Management Agreement", None), ("Liquidity Management Agreement", None), ("Contrat de gestion des portefeuilles", None),
    ],
)
def test_a_management_agreement_is_a_services_agreement(title, label):
    found = extract_contract_type(title, [])
    assert (found.value if found else None) == label


def test_an_avenant_s_title_dates_the_contract_it_amends_not_its_signature():
    # walkthrough 16: « AVENANT N°1 AU BAIL COMMERCIAL DU 12 JANVIER 2018 … Fait à Bordeaux, en deux exemplaires originaux, le 3 mars
    # 2023 » was dated 12 January 2018, the lease's date in its title
    text = ("AVENANT N°1 AU BAIL COMMERCIAL DU 12 JANVIER 2018\n\nENTRE LES SOUSSIGNÉS\nLa société SCI Quai Rive et la société Belcourt SAS.\n\n"
            "Article 1 – Durée\nLe Bail prendra fin le 31 janvier 2030.\n\nFait à Bordeaux, en deux exemplaires originaux, le 3 mars 2023.")
    found = extract_signature_date(split_articles("a1", text))
    assert found is not None and found.value == date(2023, 3, 3)
