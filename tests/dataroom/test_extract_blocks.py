"""Fields read where real contracts put them: signature pages, cover lines, terms with no start
written, names around which a filing writes other capitalised words. Snippets invented for these
tests, in the shapes seen on CUAD's dev split (not its text)."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import (
    ChunkInput,
    extract_fields,
    extract_governing_law,
    extract_parties,
    extract_signature_date,
    extract_term,
    split_articles,
)
from greffier.dataroom.normalize import entity_id


def chunks_of(text: str) -> list[ChunkInput]:
    return split_articles("k1", text)


# --- signature dates in the blocks, wherever they stand --------------------------------------------

COVER_SIGNATURE_PAGE = """RESELLER AGREEMENT

This Reseller Agreement ("Agreement") between Halvorsen Systems, Inc., a Texas corporation ("Reseller"), and Quillon Networks, Inc., a Delaware corporation ("Quillon"), is entered into as of the date last written below (the "Effective Date").

Halvorsen Systems, Inc. Quillon Networks, Inc. By: /s/ Dana Whitfield By: /s/ Omar Castellanos Name: Dana Whitfield Name: Omar Castellanos Title: CEO Title: VP Sales
Date: 3/28/11 Date: April 4, 2011

1. DEFINITIONS
"Products" means the products listed in Exhibit A.

2. TERM
This Agreement shall commence on the Effective Date and continue for two (2) years.

3. EXHIBITS
EXHIBIT A: Products. By: ________ Name: ________ Title: ________
"""


def test_a_signature_page_before_the_articles_dates_the_contract_and_its_term():
    extraction = extract_fields(title="", chunks=chunks_of(COVER_SIGNATURE_PAGE))
    # the later of the two "Date:" lines (the contract is signed when the last party signs); 3/28/11 is month first
    assert extraction.signature_date is not None and extraction.signature_date.value == date(2011, 4, 4)
    assert extraction.term.end_date is not None and extraction.term.end_date.value == date(2013, 4, 4)


def test_dates_written_in_the_blocks_after_in_witness_whereof():
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis Sponsorship Agreement is between Corliss Foods LLC and Tamsin Ortega.\n\n"
        "1. FEES\nCorliss Foods LLC shall pay the fees of Exhibit B.\n\n"
        "IN WITNESS WHEREOF, the parties have signed this Agreement.\n\n/s/ Tamsin Ortega\n\n   6/3/14    TAMSIN ORTEGA\n\n   Date"
        "          CORLISS FOODS LLC\n\n   By: /s/ Hal Brenner\n\n   6/2/14   Hal Brenner, President\n\n   Date\n\n"
        "Source: CORLISS FOODS LLC, 10-Q, 8/9/2014"
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2014, 6, 3)  # not the filing footer's 8/9/2014


def test_a_filing_footer_between_two_blocks_does_not_date_the_contract():
    # a page break between the blocks: the filing's footer, then the second block and its "Date" label
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis Sponsorship Agreement is between Corliss Foods LLC and Tamsin Ortega.\n\n"
        "1. FEES. Corliss Foods LLC shall pay the fees of Exhibit B.\n\n"
        "IN WITNESS WHEREOF, the parties have signed this Agreement.\n\n/s/ Tamsin Ortega\n\n   6/3/14    TAMSIN ORTEGA\n   Date\n\n"
        "Source: CORLISS FOODS LLC, 10-Q, 8/9/2014\n   Date          CORLISS FOODS LLC\n\n   By: /s/ Hal Brenner\n\n"
        "   6/2/14   Hal Brenner, President\n\n   Date\n"
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2014, 6, 3)


def test_a_french_block_reads_numeric_dates_day_first():
    text = (
        "CONTRAT DE PRESTATION\n\nENTRE Atelier Brunois SARL ET Maison Quérel SAS.\n\nARTICLE 1 — OBJET\nDes prestations.\n\n"
        "ARTICLE 2 — SIGNATURES\nPour Atelier Brunois SARL Par : Jeanne Brunois Nom : Jeanne Brunois Date : 04/03/2024\n"
        "Pour Maison Quérel SAS Par : Luc Quérel Nom : Luc Quérel Date : 05/03/2024"
    )
    assert extract_signature_date(chunks_of(text)).value == date(2024, 3, 5)


# --- terms ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "end"),
    [
        # no start written: the term runs from the contract's own date
        ("This Licence Agreement is made on 2 March 2015 between Arbel Optics Ltd and Wenlo GmbH.\n\n"
         "4. TERM\nThe term of the Agreement will be for 24 months unless terminated sooner.", date(2017, 3, 2)),
        ("This Agreement is made this 9th day of July 2009.\n\n5. DURATION\n"
         "This Agreement shall be for the term of one year; thereafter it renews automatically.", date(2010, 7, 9)),
        # an end written without "on"
        ("7. TERM\nThis Agreement shall commence effective March 1, 2004, and shall continue for a term of two (2) years "
         "expiring February 28, 2006.", date(2006, 2, 28)),
        ('7. TERM\n"Contract Period" means the period commencing on January 1, 2012 and concluding June 30, 2014.', date(2014, 6, 30)),
        ("7. TERM\nThis Agreement shall remain in effect until the later of (a) March 31, 2022 or (b) the date the "
         "commercial agreement is signed.", date(2022, 3, 31)),
        ("7. TERM\nThe pilot runs September 1, 2018 through March 1, 2019 (6 months from the Effective Date).", date(2019, 3, 1)),
        # an English length ends on the anniversary, a French one the day before
        ("7. TERM\nThe initial term of this Agreement shall be for one year commencing on the 1st day of June, 2020.", date(2021, 6, 1)),
        ("ARTICLE 7 — DURÉE\nLe contrat est conclu pour une durée d'un an à compter du 1er juin 2020.", date(2021, 5, 31)),
    ],
)
def test_term_ends(text, end):
    term = extract_term(chunks_of(text), signature_date=None)
    if term.end_date is None:  # a term counted from the contract's date needs the date the opening gives
        term = extract_fields(title="", chunks=chunks_of(text)).term
    assert term.end_date is not None and term.end_date.value == end


def test_a_term_that_starts_with_an_event_is_not_dated_from_the_signature():
    text = (
        "This Agreement is made on 2 March 2015.\n\n4. TERM\n"
        "The term of this Agreement shall be three (3) years commencing upon the first commercial sale of a Product."
    )
    # counted from the signature only as the earliest end (the sale cannot come before it): low confidence, never a date to filter on
    end = extract_fields(title="", chunks=chunks_of(text)).term.end_date
    assert end is not None and end.confidence == "low" and end.doubt.startswith("at the earliest")


# --- parties: what is not a name ------------------------------------------------------------------


def ids(text: str) -> list[str]:
    return [entity_id(p.name) for p in extract_parties("", chunks_of(text))]


def test_a_filing_cover_is_not_a_party():
    text = (
        "Exhibit 1.2 Up to 1,200,000 Shares\n\nREDACTED COPY CONFIDENTIAL TREATMENT REQUESTED\n\n"
        "SELLING AGENCY AGREEMENT\n\nThis Agreement is made by and between Norwell Savings Bank, a Maine savings bank "
        '(the "Bank"), and Pike & Dorsey Securities, LLC (the "Agent").'
    )
    assert ids(text) == [entity_id("Norwell Savings Bank"), entity_id("Pike & Dorsey Securities, LLC")]


def test_signature_roles_and_page_labels_leave_the_name():
    text = (
        "JOINT FILING AGREEMENT\n\nThe undersigned agree to file jointly.\n\n"
        "Dated: March 2, 2021\n\nORVALE CAPITAL PARTNERS, L.P. By: Orvale GP, LLC, its general partner By: /s/ Ana Ruiz "
        "Name: Ana Ruiz Title: Authorized Signatory ORVALE CAPITAL LUX S.À R.L. By: /s/ Ana Ruiz Name: Ana Ruiz "
        "Title: Authorized Signatory"
    )
    names = [p.name for p in extract_parties("", chunks_of(text))]
    assert "ORVALE CAPITAL LUX S.À R.L." in names
    assert not any("Authorized" in name or "Signatory" in name for name in names)


def test_one_name_read_as_two_joined_is_two_parties():
    text = (
        "WEB HOSTING AGREEMENT\n\nThis Web Hosting Agreement is between Quarrytech and Lindell Media Inc. Hosting starts on signature.\n\n"
        "1. SERVICES\nQuarrytech hosts the web site of Lindell Media Inc., which pays the fees."
    )
    assert ids(text) == [entity_id("Quarrytech"), entity_id("Lindell Media Inc.")]


def test_a_lower_case_second_word_inside_a_company_name():
    text = (
        "SERVICES AGREEMENT\n\nBETWEEN: Ferrow Inc. With offices at 10 King Street, Toronto (\"Ferrow\")\n"
        "AND Nodal data Services Limited, With offices at 4 Marina Road, Lagos (\"NDS\")\n\n1. SERVICES\nThe services."
    )
    assert entity_id("Nodal data Services Limited") in ids(text)


# --- governing law: the clause that governs, not a law named for something else ------------------


@pytest.mark.parametrize(
    ("text", "law"),
    [
        # a law named for an opinion yields to the governing-law clause
        ("AGENCY AGREEMENT\n\n1. OPINIONS\nCounsel may rely as to matters involving the application of the laws of the State of "
         "Maryland upon the opinion of local counsel.\n\n14. MISCELLANEOUS\nThis Agreement shall be governed by, and construed in "
         "accordance with, the laws of the State of New York.", "New York"),
        # a law applied "in accordance with" is read
        ("DISTRIBUTOR AGREEMENT\n\n9. MISCELLANEOUS\nThis Agreement is deemed entered into in the State of Oregon, and its "
         "interpretation and the remedies for its breach are to be applied pursuant to and in accordance with the laws of the State of Oregon.",
         "Oregon"),
    ],
)
def test_the_law_that_governs(text, law):
    found = extract_governing_law(chunks_of(text)).law
    assert found is not None and law in found.value


def test_a_period_that_runs_on_after_the_term_is_not_the_term():
    text = (
        "This Alliance Agreement is made on 1 January 2012.\n\n6. NON-SOLICITATION\nNeither party shall solicit the other's employees "
        "during the term of this Agreement (except as agreed) and for a period of 12 months thereafter.\n\n"
        "9. TERM\nThe initial term of this Agreement shall begin on the Effective Date and continue for three (3) years."
    )
    assert extract_fields(title="", chunks=chunks_of(text)).term.end_date.value == date(2015, 1, 1)


def test_an_event_elsewhere_in_the_sentence_does_not_hide_the_contract_s_date():
    text = (
        "This Development Agreement is made on April 6, 2014.\n\n22. TERM AND TERMINATION\nThis Agreement shall remain in force for an "
        "Initial Period of 1 year, unless it is terminated earlier for any of the following reasons: a default of a Party."
    )
    assert extract_fields(title="", chunks=chunks_of(text)).term.end_date.value == date(2015, 4, 6)


def test_a_list_of_described_companies_gives_each_party():
    text = (
        'SUPPORT AGREEMENT\n\nThis Support Agreement is entered into as of May 4, 2021, by and between Orlen Systems, Inc., a Delaware '
        'corporation (the "Company"), and Kestrel Value Partners LP, a Delaware limited partnership, Kestrel GP LLC, a Delaware limited '
        'liability company, and Kestrel Capital Management LLC, a Delaware limited liability company (collectively, the "Kestrel Parties").'
    )
    assert ids(text) == [entity_id(n) for n in ("Orlen Systems, Inc.", "Kestrel Value Partners LP", "Kestrel GP LLC", "Kestrel Capital Management LLC")]


@pytest.mark.parametrize(
    ("opening", "names"),
    [
        # a parenthesis after the name, then a description: the name ends before it
        ('This Alliance Agreement is made between Orvia Health, Inc, a Nevada corporation, and Plains Care Network (PCN) A Texas '
         'Corporation whose address is 10 Main Street, Austin ("PCN").', ["Orvia Health, Inc", "Plains Care Network"]),
        # two parentheses inside the name before its legal form
        ('This Licence Agreement is made between NORDAL SOFTWARE (AFRICA) (PTY) LIMITED ("NORDAL") and KAROO TELECOM LIMITED ("KAROO").',
         ["NORDAL SOFTWARE (AFRICA) (PTY) LIMITED", "KAROO TELECOM LIMITED"]),
        # a slash inside a fund's name
        ('This Agreement is made by and between Halden / Crest Senior Loan Fund, a Delaware statutory trust (the "Client"), and '
         'Ferrum Transfer Services LLC (the "Agent").', ["Halden / Crest Senior Loan Fund", "Ferrum Transfer Services LLC"]),
    ],
)
def test_names_with_parentheses_and_slashes(opening, names):
    assert ids(f"SERVICES AGREEMENT\n\n{opening}\n\n1. SERVICES\nThe services.") == [entity_id(n) for n in names]


@pytest.mark.parametrize(
    "opening",
    [
        'This Endorsement Agreement is entered into on March 3, 2011 between professional skier, ANNA LINDQVIST, (hereinafter '
        '"ATHLETE") and NORDVIK SPORTS, LTD. (hereinafter "NORDVIK").',
        "Le présent contrat est conclu entre l'architecte, Mme Claire Vasseur, ci-après « l'Architecte », et NORDVIK SPORTS SAS, "
        "ci-après « le Client ».",
    ],
)
def test_a_party_described_before_its_name(opening):
    names = [p.name for p in extract_parties("", chunks_of(f"CONTRAT\n\n{opening}\n\n1. OBJET\nL'objet."))]
    assert len(names) == 2 and ("ANNA LINDQVIST" in names[0] or "Claire Vasseur" in names[0]) and "NORDVIK SPORTS" in names[1]


@pytest.mark.parametrize(
    "text",
    [
        'SPONSORSHIP AGREEMENT\n\nHalcyon Sports Media, Inc. ("HSM"), a Delaware company, produces the event. This Sponsorship '
        'Agreement dated as of May 2, 2003 is made by and between Qiantang Trading Co., Ltd ("QTC"), a Hangzhou company (the "Sponsor") '
        'and HSM. 1) The Sponsor wishes to sponsor the event.',
        "CONTRAT DE PARRAINAGE\n\nHalcyon Sports Media SAS (ci-après « HSM ») organise l'événement. Le présent contrat est conclu "
        "entre Qiantang Trading SARL, société de droit chinois (ci-après « le Parrain ») et HSM. 1) Le Parrain souhaite parrainer l'événement.",
    ],
)
def test_a_party_named_by_the_defined_name_given_before_the_list(text):
    names = [p.name for p in extract_parties("", chunks_of(text))]
    assert any(n.startswith("Halcyon Sports Media") for n in names) and any(n.startswith("Qiantang Trading") for n in names), names


# --- what a second reading found: the rules above must not overreach --------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "This Licence Agreement is made on 1 June 2022.\n\n5. ROYALTIES\nLicensee shall pay a minimum royalty in each of the first three (3) "
        "years of the term of the Agreement.\n\n9. TERM\nThis Agreement shall continue in force until terminated.",
        "This Agreement is made on 1 June 2022.\n\n8. INSURANCE\nThe Supplier shall maintain insurance for the term of the Agreement and "
        "a period of two (2) years thereafter.",
    ],
)
def test_a_length_that_is_not_the_term_gives_no_end(text):
    assert extract_fields(title="", chunks=chunks_of(text)).term.end_date is None


def test_numeric_block_dates_follow_the_document_s_own_order():
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is between Acme Ltd and Brill Ltd.\n\n1. SERVICES\nThe services.\n\n9. SIGNATURES\n"
        "For Acme Ltd By: J. Smith Name: J. Smith Title: Director Date: 25/03/2020\nFor Brill Ltd By: K. Jones Name: K. Jones Title: Director "
        "Date: 05/04/2020"
    )
    assert extract_signature_date(chunks_of(text)).value == date(2020, 4, 5)  # 25/03 shows day first: 05/04 is 5 April


def test_an_exhibit_s_dates_are_not_the_signature_date():
    text = (
        "SUPPLY AGREEMENT\n\nThis Agreement is between Acme Inc. and Brill LLC.\n\n1. SUPPLY\nGoods.\n\n"
        "IN WITNESS WHEREOF the parties have signed this Agreement through their duly authorised officers on the dates below.\n"
        "Acme Inc.\nBy: /s/ A. Roe\nName: Alexandra Roe\nTitle: Chief Executive Officer\n3/2/2019\nDate\n"
        "Brill LLC By: /s/ B. Poe Name: B. Poe Title: CEO\nThe first order ships on January 1, 2031 (the \"Renewal Date\").\n\n"
        "EXHIBIT A\nOrder form. By: ____ Name: ____ Title: ____ Date: December 31, 2030"
    )
    assert extract_signature_date(chunks_of(text)).value == date(2019, 3, 2)


def test_french_law_made_the_contract_s_own_beats_a_law_named_for_staff():
    text = (
        "CONTRAT DE PRESTATION\n\nARTICLE 3 — PERSONNEL\nLa loi française est seule applicable au présent contrat.\n\n"
        "ARTICLE 7 — DÉTACHEMENT\nLes salariés détachés restent soumis au droit belge."
    )
    assert extract_governing_law(chunks_of(text)).law.value == "droit français"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("CONTRAT DE PARTENARIAT BNP Paribas SA, société anonyme, ci-après « la Banque », ET Maison Quérel SAS, ci-après « le Client ».", "BNP Paribas SA"),
        ("LICENSE AGREEMENT SAP America Inc., a Delaware corporation (\"SAP\"), and Brill LLC, a Texas limited liability company (\"Brill\").", "SAP America Inc."),
    ],
)
def test_a_heading_s_leftovers_leave_the_name_but_not_its_acronym(text, kept):
    assert kept in [p.name for p in extract_parties("", chunks_of(text))]


@pytest.mark.parametrize(
    "text",
    [
        "CONVENTION\n\nLa présente convention est conclue entre Lazard Frères et Cie et le client désigné en annexe.\n\n1. OBJET\nLazard Frères et Cie conseille.",
        "SUPPLY AGREEMENT\n\nThis Agreement is between Procter and Gamble Company and the supplier named below.\n\n1. SUPPLY\nProcter and Gamble Company buys.",
    ],
)
def test_a_name_with_and_in_it_stays_whole(text):
    assert len(extract_parties("", chunks_of(text))) == 1


@pytest.mark.parametrize(
    ("text", "law"),
    [
        # an aside "and not by …" between the laws and whose they are
        ("SUPPLY AGREEMENT\n\n21. GENERAL\n21.1 This Agreement shall be governed by the internal laws, and not by the laws regarding "
         "conflicts of laws, of the State of Oregon.", "Oregon"),
        # the governing-law heading inline in a chunk of other articles, after an earlier duty to follow "applicable laws"
        ("COLLABORATION AGREEMENT\n\n12. MISCELLANEOUS\n12.1 Inventorship. Inventorship shall be determined in accordance with "
         "applicable laws relating to inventorship set forth in the patent laws of the United States. 12.2 Notices. Notices are "
         "given in writing. 12.3 Governing Law. This Agreement shall be construed, and the rights of the Parties determined, according "
         "to the substantive law of the State of Delaware.", "Delaware"),
    ],
)
def test_the_law_that_governs_behind_an_aside_or_an_inline_heading(text, law):
    found = extract_governing_law(chunks_of(text)).law
    assert found is not None and law in found.value and found.rule == "governing law"
