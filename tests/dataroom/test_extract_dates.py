"""Signature and end dates read the way a lawyer reads them: a term that runs from a named date runs from the
date the contract defines it as (a date, the signature, or an event that leaves the end unknown, with the
reason); a length is the term's only when written as the term's; an option to extend does not end the
initial term; the date of another agreement, a filing's footer and a covenant's period are not the
contract's dates; a date read on a guess says so. Snippets invented for these tests, in English and French."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import extract_fields, extract_signature_date, extract_term, split_articles
from greffier.dataroom.extract.defined_dates import read_defined_dates
from greffier.dataroom.extract.text import ChunkInput
from greffier.dataroom.records import ContractInput, build_records


def chunks_of(text: str):  # noqa: ANN201
    return split_articles("k1", text)


def end_of(text: str, **kwargs) -> date | None:  # noqa: ANN003
    finding = extract_term(chunks_of(text), **kwargs).end_date
    return finding.value if finding is not None else None


# --- named start dates, resolved where the contract defines them -----------------------------------------

DEFINED_COMMENCEMENT = """MASTER SUPPLY AGREEMENT

This Master Supply Agreement is made on 2 March 2021 between Orrin Foods Limited and Tellbury Packaging plc.

1. DEFINITIONS
"Commencement Date" means 1 July 2021;
"Products" means the goods listed in Schedule 1.

12. TERM
12.1 The Initial Term shall commence on the Commencement Date and continue for a period of three (3) years.
"""

DEFINITIONS_WITHOUT_QUOTES = """CONTENT LICENCE AGREEMENT

THIS AGREEMENT is made the 15th day of December 2001 BETWEEN Larkspur Media Limited and Ostrava Broadcasting Limited.

1. INTERPRETATION
EFFECTIVE DATE     means 18 May 2000;
TERRITORY          means the People's Republic of China;

7. TERM
7.1 This Agreement shall take effect from the Effective Date and continue in full force and effect for twenty (20) years thereafter, unless otherwise terminated in accordance with Clause 8.
"""

LAST_SIGNATURE = """RESELLER AGREEMENT

This Reseller Agreement is entered into by Quillon Networks, Inc. and Halvorsen Systems, Inc. and is effective as of the date of the last signature below (the "Effective Date").

2. TERM
This Agreement shall have an initial term of two (2) years from the Effective Date.

IN WITNESS WHEREOF, the parties have executed this Agreement.
Quillon Networks, Inc. By: /s/ Omar Castellanos Name: Omar Castellanos Title: VP Sales Date: March 2, 2016
Halvorsen Systems, Inc. By: /s/ Dana Whitfield Name: Dana Whitfield Title: CEO Date: March 9, 2016
"""

EVENT_START = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made and entered into as of April 4, 2018 by and between Merrow Therapeutics, Inc. and Calder Pharma Ltd.

1. DEFINITIONS
1.7 "Launch Date" means the date on which the Product is first sold commercially in the Territory.

10. TERM
10.1 The term of this Agreement shall be five (5) years from the Launch Date.
"""

FRENCH_DEFINED = """CONTRAT DE PRESTATION DE SERVICES

Le présent contrat prend effet le 1er mars 2021 (ci-après la « Date d'Effet »).

ARTICLE 9 — DURÉE
Le Contrat est conclu pour une durée de trois ans à compter de la Date d'Effet.
"""

FRENCH_SIGNATURE_DEFINED = """CONTRAT DE MAINTENANCE

ARTICLE 1 — DÉFINITIONS
« Date d'Effet » désigne la date de signature du Contrat par la dernière des Parties ;

ARTICLE 7 — DURÉE
Le Contrat est conclu pour une durée de deux ans à compter de la Date d'Effet.

Fait à Lyon, le 12 avril 2023.
"""

FRENCH_EVENT = """CONTRAT D'EXPLOITATION

ARTICLE 1 — DÉFINITIONS
« Date de Mise en Service » désigne la date de réception sans réserve de l'Installation par le Maître d'Ouvrage ;

ARTICLE 5 — DURÉE
Le Contrat est conclu pour une durée de dix ans à compter de la Date de Mise en Service.

Fait à Nantes, le 3 février 2022.
"""


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (DEFINED_COMMENCEMENT, date(2024, 7, 1)),  # the definition's date, not the date the agreement was made
        (DEFINITIONS_WITHOUT_QUOTES, date(2020, 5, 18)),  # a definitions list with no quotes, not the opening's 2001 date
        (LAST_SIGNATURE, date(2018, 3, 9)),  # defined as the last signature: the later "Date:" line
        (FRENCH_DEFINED, date(2024, 2, 29)),  # a French term ends the day before its anniversary
        (FRENCH_SIGNATURE_DEFINED, date(2025, 4, 11)),
    ],
    ids=["definition", "definitions-list", "last-signature", "date-d-effet", "date-d-effet-signature"],
)
def test_a_term_runs_from_the_date_its_name_is_defined_as(text, end):
    assert extract_fields(title="", chunks=chunks_of(text)).term.end_date.value == end


@pytest.mark.parametrize(
    ("text", "name"),
    [(EVENT_START, "Launch Date"), (FRENCH_EVENT, "Date de Mise en Service")],
    ids=["launch-date", "mise-en-service"],
)
def test_a_term_that_runs_from_an_event_ends_at_the_earliest_counted_from_the_contract_s_date(text, name):
    # the event that starts the term is not dated: the end counted from the contract's own date is the earliest it can be,
    # low confidence (a filter lists the contract apart), and the reason names the event
    term = extract_fields(title="", chunks=chunks_of(text)).term
    assert term.end_date is not None and term.end_date.confidence == "low"
    assert term.end_date.doubt.startswith("at the earliest") and f"runs from the {name}, an event" in term.end_date.doubt
    [record] = build_records([ContractInput(id="c1", text=text, chunks=chunks_of(text))])
    assert record.end_date == term.end_date.value and record.sources["end_date"].confidence == "low"


def test_an_undefined_name_is_no_date():
    text = EVENT_START.replace('1.7 "Launch Date" means the date on which the Product is first sold commercially in the Territory.', "")
    text = text.replace("the Launch Date", "the Closing Date")
    term = extract_term(chunks_of(text), signature_date=date(2018, 4, 4))
    # a closing is no start of the term: no end, and why (a Launch Date would give an "at the earliest" bound)
    assert term.end_date is None and any("runs from the Closing Date, which the contract does not date" in n for n in term.notes)


def test_definitions_read_in_both_languages():
    chunks = chunks_of(
        'This Agreement is entered into as of October 1, 2019 (the "Effective Date").\n\n'
        '"Service Commencement Date" shall mean the date on which the Supplier first delivers the Services.\n\n'
        "Les Parties conviennent que la date de mise en production sera fixée au 1er janvier 2020 (ci-après la « Date de Démarrage »).\n\n"
        "Title: CEO Date: September 26, 2019"
    )
    found = read_defined_dates(chunks)
    assert found["effective date"].means == "date" and found["effective date"].value == date(2019, 10, 1)
    assert found["service commencement date"].means == "event"
    assert found["date de demarrage"].value == date(2020, 1, 1)
    assert "ceo date" not in found  # a signature block's "Title: CEO Date: …" defines nothing


# --- a length is the term's only when written as the term's ------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "The Receiving Party shall not issue any press release regarding this Agreement for a period of three (3) months after the date of this Agreement.",
        "The provisions of Article 9 shall survive the termination of this Agreement and continue in force thereafter for a period of five (5) years.",
        "This Agreement may be renewed for a period of one (1) year by mutual written agreement of the parties.",
        "Each party shall return the other's property no later than thirty (30) days after the effective date of termination.",
        "This confidentiality obligation will exist while this Agreement is in force and for a period of five (5) years thereafter.",
        "Le Prestataire s'interdit, pendant une durée de deux ans à compter de la signature du Contrat, de solliciter le personnel du Client.",
    ],
    ids=["covenant", "survival", "renewal", "deadline", "tail-after-the-term", "non-sollicitation"],
)
def test_a_length_that_is_not_the_term_gives_no_end(sentence):
    text = f"SERVICES AGREEMENT\n\nThis Services Agreement is made as of May 1, 2019 between Arden Labs LLC and Pell Systems Inc.\n\n8. TERM AND TERMINATION\n{sentence}"
    assert end_of(text, signature_date=date(2019, 5, 1)) is None


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("If Hydra does not exercise its right to terminate, this Agreement shall continue for the entire four (4) year term.", date(2023, 5, 1)),
        ('This contract shall remain in effect initially for the five (5) year term ("Initial Term") from the date signed.', date(2024, 5, 1)),
        ("This Agreement shall commence on the Effective Date and shall end fifteen months therefrom.", date(2020, 8, 1)),
        ("Le contrat entre en vigueur à sa signature et produit ses effets pendant trois ans.", date(2022, 4, 30)),
    ],
    ids=["entire-term", "named-initial-term", "ends-therefrom", "produit-ses-effets"],
)
def test_a_length_written_as_the_term(sentence, end):
    text = f"AGREEMENT\n\nThis Agreement is made and entered into as of May 1, 2019 by Arden Labs LLC and Pell Systems Inc.\n\n4. TERM\n{sentence}"
    assert end_of(text, signature_date=date(2019, 5, 1)) == end


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("This Agreement shall have an initial five-year term commencing on the Effective Date.", date(2024, 5, 1)),
        ("The Lease is granted for a period of five (5) Lease Years from the Effective Date.", date(2024, 5, 1)),
        ("This Agreement shall be in full force and effect commencing on the date of execution and shall extend for an initial term of two (2) years.", date(2021, 5, 1)),
        ('"Term" means the period commencing on the Effective Date and ending on the fifth anniversary thereof.', date(2024, 5, 1)),
        ("This Agreement shall remain in effect until the date that is two (2) years after the Effective Date.", date(2021, 5, 1)),
        ("This Agreement is valid for three (3) years.", date(2022, 5, 1)),
        ("Term: Two (2) years, renewable by written agreement.", date(2021, 5, 1)),
        ("The Distributor is hereby appointed as exclusive distributor for a period of four (4) years.", date(2023, 5, 1)),
        ("This Agreement shall have a duration of thirty-six (36) months.", date(2022, 5, 1)),
    ],
    ids=[
        "five-year-term", "lease-years", "extend-for-an-initial-term", "anniversary-thereof", "until-the-date-that-is", "is-valid-for",
        "term-colon", "appointed-for", "duration-of",
    ],
)
def test_lengths_written_in_other_shapes(sentence, end):
    text = f"AGREEMENT\n\nThis Agreement is made and entered into as of May 1, 2019 (the \"Effective Date\") by Arden Labs LLC and Pell Systems Inc.\n\nARTICLE 4 — TERM\n{sentence}"
    assert end_of(text, signature_date=date(2019, 5, 1)) == end


@pytest.mark.parametrize(
    "sentence",
    [
        "7. Duration: The undertakings in this letter shall lapse on the date that is the second anniversary of the date first set out above.",
        "This letter agreement shall terminate on the day which is the second anniversary of the date first written above.",
    ],
    ids=["date-that-is-the-anniversary-set-out-above", "day-which-is-the-anniversary"],
)
def test_an_end_on_the_date_that_is_an_anniversary_of_the_signature(sentence):
    text = f"CONFIDENTIALITY LETTER\n\nThis letter agreement is entered into as of 14 March 2018 between Corvin Partners LLP and Edelweiss Tooling AG.\n\n{sentence}"
    assert end_of(text, signature_date=date(2018, 3, 14)) == date(2020, 3, 14)


def test_a_french_lease_whose_years_start_to_run_on_a_date():
    text = (
        "BAIL COMMERCIAL\n\nARTICLE 3 — DURÉE\nLe bail est consenti et accepté pour une durée de neuf années entières et consécutives "
        "qui commenceront à courir le 1er janvier 2021.\n\nFait à Grenoble, le 4 décembre 2020."
    )
    assert end_of(text) == date(2029, 12, 31)


def test_a_french_term_until_an_anniversary_of_its_date_d_effet():
    text = FRENCH_DEFINED.replace(
        "Le Contrat est conclu pour une durée de trois ans à compter de la Date d'Effet.",
        "Le Contrat restera en vigueur jusqu'au troisième anniversaire de la Date d'Effet.",
    )
    assert end_of(text) == date(2024, 3, 1)


@pytest.mark.parametrize(
    "sentence",
    [
        "The term of this Agreement shall be from the date first above written until the earlier of (i) three (3) years after disclosure of Proprietary Information or (ii) written consent of Arden.",
        "Le Contrat est conclu pour une durée de cinq ans à compter de la réception des travaux.",
        "This Agreement shall terminate 36 months after such Termination Election.",
        "Le contrat prendra fin un an après la cession de la Société.",
        # a date before the contract, or one another sentence gives: never counted from the contract's own date
        "This Amended and Restated Agreement shall continue for ten (10) years from the Original Effective Date.",
        # a bound of the other way ("the earlier of") on a length from an undated start: together they bound nothing
        "This Agreement shall continue until the earlier of (a) five (5) years from the Reseller's first purchase order or (b) the date the Reseller stops selling the Products.",
    ],
    ids=["after-disclosure", "reception-des-travaux", "after-an-election", "apres-une-cession", "original-effective-date", "earlier-of-an-estimate"],
)
def test_a_length_counted_from_an_event_written_after_it_has_no_end(sentence):
    # an event that does not start anything (a disclosure, an acceptance of works, an election, a sale): no end, and why
    text = f"AGREEMENT\n\nThis Agreement is made and entered into as of May 1, 2019 by Arden Labs LLC and Pell Systems Inc.\n\nARTICLE 4 — TERM\n{sentence}"
    term = extract_term(chunks_of(text), signature_date=date(2019, 5, 1))
    assert term.end_date is None and any("does not date" in note or "no date of the contract gives" in note for note in term.notes), term.notes


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("The Supplier shall provide the services for a period of two (2) years from the date of first commercial sale of the Product.", date(2021, 5, 1)),
        ("This Agreement shall continue for five (5) years from the Reseller's first purchase order.", date(2024, 5, 1)),
        ("Le Contrat est conclu pour une durée de trois ans à compter de la mise en service de l'installation.", date(2022, 4, 30)),
        ("Le Contrat est conclu pour une durée de deux ans à compter du lancement commercial du Produit.", date(2021, 4, 30)),
    ],
    ids=["first-commercial-sale", "first-purchase-order", "mise-en-service", "lancement"],
)
def test_a_length_counted_from_an_event_that_starts_the_term_ends_at_the_earliest(sentence, end):
    text = f"AGREEMENT\n\nThis Agreement is made and entered into as of May 1, 2019 by Arden Labs LLC and Pell Systems Inc.\n\nARTICLE 4 — TERM\n{sentence}"
    finding = extract_term(chunks_of(text), signature_date=date(2019, 5, 1)).end_date
    assert finding is not None and finding.value == end and finding.confidence == "low", finding
    assert finding.doubt.startswith("at the earliest") and "which no date of the contract gives" in finding.doubt


def test_a_payment_s_event_inside_the_term_article_is_no_start():
    # a cure period inside the term's article, counted from a due date: no estimate of the contract's end
    text = (
        "AGREEMENT\n\nThis Agreement is made and entered into as of May 1, 2019 by Arden Labs LLC and Pell Systems Inc.\n\nARTICLE 4 — TERM\n"
        "Arden may terminate this Agreement if Pell fails to pay any amount and such failure continues for a period of 15 days after the due date thereof."
    )
    assert extract_term(chunks_of(text), signature_date=date(2019, 5, 1)).end_date is None


def test_numeric_dates_are_read_in_the_documents_order():
    us = (
        "CONSULTING AGREEMENT\n\nThis Consulting Agreement is made and entered into as of 1/10/2005 by Arden Labs LLC and Pell Systems Inc.\n\n"
        "4. TERM\nThis Agreement shall commence on 1/10/2005 and shall expire on 12/31/2006."
    )
    extraction = extract_fields(title="", chunks=chunks_of(us))
    assert extraction.signature_date.value == date(2005, 1, 10) and extraction.term.end_date.value == date(2006, 12, 31)
    french = "CONTRAT DE PRESTATION\n\nARTICLE 4 — DURÉE\nLe contrat court du 01/04/2020 au 31/03/2023.\n\nFait à Lyon, le 15/03/2020."
    extraction = extract_fields(title="", chunks=chunks_of(french))
    assert extraction.signature_date.value == date(2020, 3, 15) and extraction.term.end_date.value == date(2023, 3, 31)


def test_an_option_to_extend_does_not_end_the_initial_term():
    text = (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is entered into as of February 28, 2019 by Cobalt Fluids LLC and Varner Chemical Co.\n\n"
        "2. TERM\nThe Term shall begin on the date hereof and shall expire December 31, 2023. Cobalt Fluids may, by written notice "
        "given on or before September 30, 2023, elect for the Term to be extended to December 31, 2024."
    )
    assert end_of(text, amendment=False) == date(2023, 12, 31)
    amendment = "AMENDMENT NO. 1 TO SUPPLY AGREEMENT\n\n1. TERM\nThe Term of the Supply Agreement is hereby extended to December 31, 2024."
    assert end_of(amendment, amendment=True) == date(2024, 12, 31)


def test_a_covenant_until_a_date_is_no_end_of_the_contract():
    text = (
        "DEVELOPMENT AGREEMENT\n\n5. EXCLUSIVITY\nExcept as provided in the Distribution Agreement, Northgate shall be prohibited from developing "
        "instruments for any third party in the field of orthopedics until January 1, 2032."
    )
    assert end_of(text) is None


def test_a_long_first_line_is_no_heading_about_the_term():
    text = (
        "MARKETING AGREEMENT\n\nThis Agreement is made as of May 17, 2017 by Ostara Health Inc. and Pell Systems Inc.\n\n"
        "3.9 Sales Plans. From time to time during the term, the parties will agree marketing plans for each twelve-month period of the term. "
        "The initial Plan will be written ninety (90) days following the effective date of this Agreement.\n\n"
        "10. TERM\nThis contract shall remain in effect for a period of five (5) years from the date signed."
    )
    assert end_of(text, signature_date=date(2017, 5, 17)) == date(2022, 5, 17)


# --- signature dates -------------------------------------------------------------------------------------


def test_a_cited_agreement_by_and_between_is_not_the_contract_date():
    text = (
        "SCHEDULE TO MASTER SERVICES AGREEMENT\n\nThis Schedule is made as of the effective date set forth above to that Master Services "
        'Agreement, by and between Norwell Data, Inc. ("Supplier") and Castlegate Bank, N.A. ("Bank"), dated June 3, 2012, as amended.\n\n'
        "Norwell Data, Inc. By: /s/ Ann Price Name: Ann Price Title: CEO Date: 3/4/13\n"
        "Castlegate Bank, N.A. By: /s/ Lee Moss Name: Lee Moss Title: VP Date: 3/1/13"
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2013, 3, 4)


def test_a_signature_page_laid_out_as_a_table_dates_the_contract():
    text = (
        "STRATEGIC ALLIANCE AGREEMENT\n\n1. PURPOSE\nThe parties will market the clinic together.\n\n"
        "2. SIGNATURES\nHalden Corp.      JOHN REED     Signature      John Reed     Name      CEO     Title      Oslo 14 MAR 2013     Place Date\n\n"
        "3. PRODUCT SHEET\nThe Mobile Clinic offers readings in real time."
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2013, 3, 14) and found.confidence == "medium"


@pytest.mark.parametrize(
    "closing",
    [
        "IN WITNESS WHEREOF, the parties have signed this Agreement this 12th day of March, 2010.",
        "DATED this 12th day of March 2010.",
        "Executed this 12th day of March, 2010 at Denver, Colorado.",
    ],
)
def test_closing_formulas_that_date_the_contract(closing):
    text = f"CONSULTING AGREEMENT\n\nARTICLE 1 — SERVICES\nThe Consultant shall advise the Company on its pricing.\n\nARTICLE 9 — SIGNATURES\n{closing}"
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2010, 3, 12)


def test_a_block_whose_date_label_stands_further_on_the_line():
    text = (
        "WEB HOSTING AGREEMENT\n\nThis agreement replaces all previous agreements between Talcott Online and Brevard Media Inc.\n"
        "All parties have read and agree to all terms and conditions of this Web Hosting Agreement.\n"
        "/s/ Ines Vauclair                               9/9/97 - -----------------------                           ------      Talcott Online"
        "                                   Date\n"
        "/s/ Peter Brevard                               9/8/97 - -----------------------                           ------      Brevard Media Inc."
        "                          Date"
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(1997, 9, 9)


def test_a_date_on_the_cover_is_a_low_confidence_signature_date_and_so_is_an_end_counted_from_it():
    text = (
        "Exhibit 1.1   400,000 Shares   HARROW RESIDENTIAL TRUST, INC.   SALES AGENCY AGREEMENT   May 25, 2016   "
        "Compass Row Securities, LLC   As Sales Agent   Dear Sirs: Harrow Residential Trust, Inc. agrees with you as follows.\n\n"
        "9. TERM\nThe term of this Agreement shall be two (2) years.\n"
        "Source: HARROW RESIDENTIAL TRUST, INC., 8-K, 6/1/2016"
    )
    extraction = extract_fields(title="", chunks=chunks_of(text))
    assert extraction.signature_date.value == date(2016, 5, 25) and extraction.signature_date.confidence == "low"
    assert extraction.term.end_date.value == date(2018, 5, 25) and extraction.term.end_date.confidence == "low"
    [record] = build_records([ContractInput(id="c1", text=text, chunks=chunks_of(text))])
    assert record.sources["signature_date"].confidence == "low" and "cover page" in record.sources["signature_date"].doubt
    assert record.sources["end_date"].confidence == "low"


def test_a_filing_footer_on_the_cover_is_not_the_contract_date():
    text = (
        'Exhibit 99.1 HOSTING AGREEMENT BETWEEN KESTREL B.V. & Arlo Telecom AG Source: ARLO CORP, 8-K, 10/1/2008 '
        "Hosting Agreement between ARLO and Kestrel, 18/9/2008 TABLE OF CONTENTS 1. Definitions 2. Scope"
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2008, 9, 18)  # the numeric date read day first, as 18/9 shows


@pytest.mark.parametrize(
    ("cover", "expected"),
    [
        ("EXHIBIT 10.43 Dated 29/3/18\nDistributorship agreement\nbetween\nKestrel Orthopaedics Pty Ltd\nAnd\nArlo Medical LLC", date(2018, 3, 29)),
        ("CONTRAT DE DISTRIBUTION\nEn date du 29/03/18\nentre Kestrel Orthopédie SAS et Arlo Médical SARL", date(2018, 3, 29)),
    ],
    ids=["dated-two-digit-year", "en-date-du"],
)
def test_a_cover_dated_with_a_two_digit_year_gives_a_low_confidence_date(cover, expected):
    found = extract_signature_date(chunks_of(cover + "\n\n1. Definitions\nThe Products are the goods listed in Schedule 1."))
    assert found is not None and found.value == expected and found.confidence == "low"


def test_a_fraction_in_running_text_is_no_date():
    text = "DISTRIBUTION AGREEMENT\nThe Distributor shall buy at least 3/4/25 of the volumes listed, as the parties agreed."
    found = extract_signature_date(chunks_of(text))
    assert found is None or found.value.year != 2025


# --- signature dates in the shapes forms and short undertakings write them ------------------------------


@pytest.mark.parametrize(
    ("opening", "expected"),
    [
        # a form filled in by hand keeps its lines around what was written
        ('This Confidentiality Agreement ("Agreement") is made this _14th__ day of ___March__________, 2016__ by and between '
         "Halden Grid, L.L.C. and Torvik Power Ltd.", date(2016, 3, 14)),
        ("This Agreement is executed as of this 9th day of June __, 1997 by Orrin Labs Inc. and Petrel LLC.", date(1997, 6, 9)),
        # the parties agree on the date
        ("Orrin Labs Inc. and Petrel LLC, both parties hereby agree as of July 31, 2009 (the “Effective Date”) as follows:", date(2009, 7, 31)),
        # the sentence that dates the agreement also makes it, after an article number
        ("1. Introduction. This Mutual Non-Disclosure Agreement, which shall be effective for all purposes as of March 1, 2012, "
         "is entered into among Orrin Labs Inc. and Petrel LLC.", date(2012, 3, 1)),
    ],
)
def test_the_opening_dates_a_filled_in_form_and_an_agreement_the_parties_agree_on(opening, expected):
    finding = extract_signature_date(chunks_of(opening + "\n\n2. CONFIDENTIALITY\nThe Recipient shall keep the information confidential."))
    assert finding is not None and finding.value == expected


def test_a_date_left_blank_on_a_form_is_no_date():
    text = "This Agreement is made this ____ day of __________, 20__ by and between Orrin Labs Inc. and Petrel LLC.\n\n1. USE\nThe Recipient shall use the information."
    assert extract_signature_date(chunks_of(text)) is None


def test_the_operative_words_date_the_agreement_after_its_recitals():
    text = (
        "STOCKHOLDER LIST AGREEMENT\n\nWHEREAS, the Company holds a list of its stockholders;\n"
        "WHEREAS, the Stockholder wishes to inspect it;\n"
        "IT IS HEREBY AGREED, by and between the Parties, this 12th day of May 2016, as follows:\n\n"
        "1. USE\nThe Stockholder shall use the list only for the meeting."
    )
    finding = extract_signature_date(chunks_of(text))
    assert finding is not None and finding.value == date(2016, 5, 12)


# --- ends written with a coordinated subject, « cease to be effective », and ends that are only bounds ---------------


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("This Agreement and all of your obligations hereunder shall expire five years after the date hereof.", date(2016, 4, 2)),
        ("This Agreement shall, except as otherwise specifically set forth herein, cease to be effective two years after the date hereof.", date(2013, 4, 2)),
    ],
)
def test_an_end_written_outside_a_term_article_is_read(sentence, end):
    text = "LETTER AGREEMENT\n\n1. CONFIDENTIALITY\nYou shall keep the information confidential.\n\n2. MISCELLANEOUS\n" + sentence
    assert end_of(text, signature_date=date(2011, 4, 2)) == end


@pytest.mark.parametrize(
    ("sentence", "end", "bound"),
    [
        ("This Agreement shall terminate upon the earlier to occur of (a) the closing of the Acquisition, and (b) one (1) year after the date hereof.",
         date(2012, 4, 2), "at the latest"),
        ("This Agreement shall remain in effect until the later of (a) December 31, 2013 and (b) the completion of the Services.", date(2013, 12, 31), "at the earliest"),
        ("Le présent contrat prend fin le 31 décembre 2014 ou, si elle est antérieure, à la première des dates suivantes : la cession du fonds "
         "ou sa mise en location-gérance.", date(2014, 12, 31), "at the latest"),
    ],
)
def test_an_end_that_is_only_a_bound_is_low_confidence_with_the_reason(sentence, end, bound):
    text = "AGREEMENT\n\n1. PURPOSE\nThe parties cooperate.\n\n2. TERM\n" + sentence
    finding = extract_term(chunks_of(text), signature_date=date(2011, 4, 2)).end_date
    assert finding is not None and finding.value == end
    assert finding.confidence == "low" and bound in finding.doubt


def test_early_termination_and_a_bound_on_the_start_leave_the_end_as_sure_as_it_was():
    early = ("AGREEMENT\n\n1. PURPOSE\nThe parties cooperate.\n\n2. TERM\nThis Agreement shall be effective until the earlier of (a) its termination "
             "in accordance with Article 9 or (b) the date that is two (2) years after the date of this Agreement.")
    start = ("AGREEMENT\n\n1. PURPOSE\nThe parties cooperate.\n\n2. TERM\nThe appointment shall commence on the business day after the later of "
             "(i) the date hereof, or (ii) the date the records are converted, and shall continue until December 31, 2014.")
    for text in (early, start):
        finding = extract_term(chunks_of(text), signature_date=date(2011, 4, 2)).end_date
        assert finding is not None and finding.confidence != "low"


@pytest.mark.parametrize(
    ("opening", "signed"),
    [
        ('THIS RESELLER AGREEMENT (this "Agreement") is made and effective as of4 October 2017, by and between Talbot Coffee Imports LLC ("Company") and Marrow Retail Inc. ("Reseller").', date(2017, 10, 4)),
        ("This Consulting Agreement is dated as ofFebruary 9, 2012 between Quayle Advisory Ltd. and Brennick Mining Corp.", date(2012, 2, 9)),
        ("This Lease is made this14th day of June, 2009 between Oriel Estates LLC and Pembury Logistics Inc.", date(2009, 6, 14)),
        ("This Lease is made as of June14, 2009 between Oriel Estates LLC and Pembury Logistics Inc.", date(2009, 6, 14)),
        ("This Lease is dated 14June 2009 and made between Oriel Estates Ltd and Pembury Logistics Ltd.", date(2009, 6, 14)),
    ],
    ids=["as-of1-august", "as-ofFebruary", "this14th-day", "June14-2009", "14June-2009"],
)
def test_a_date_glued_to_the_word_before_it_by_the_conversion_is_read(opening, signed):
    found = extract_signature_date(chunks_of(f"AGREEMENT\n\n{opening}\n\n1. SERVICES\nThe services are described in Schedule A."))
    assert found is not None and found.value == signed


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        # the initial term's length written only in the renewal sentence: counted from the contract's date, and said so
        ("9. RENEWAL. Upon expiration of the initial two (2) year term, this Agreement shall renew for successive one-year terms.", date(2021, 5, 1)),
        ("Following the end of its original five-year term, the Licence renews each year unless either party objects.", date(2024, 5, 1)),
        # a verb in the third person ("continues", "remains") and "an initial period"
        ("This Agreement commences on the Effective Date and continues for an initial period of thirty-six months.", date(2022, 5, 1)),
    ],
    ids=["initial-term-in-the-renewal-sentence", "original-five-year-term", "continues-for-an-initial-period"],
)
def test_a_term_written_in_other_sentences_than_the_term_article(sentence, end):
    text = f"AGREEMENT\n\nThis Agreement is made and entered into as of May 1, 2019 by Arden Labs LLC and Pell Systems Inc.\n\n1. SERVICES\nArden provides the services.\n\n{sentence}"
    finding = extract_term(chunks_of(text), signature_date=date(2019, 5, 1)).end_date
    assert finding is not None and finding.value == end


def test_a_renewal_of_a_length_is_still_no_initial_term():
    text = "AGREEMENT\n\nThis Agreement is made as of May 1, 2019 by Arden Labs LLC and Pell Systems Inc.\n\n9. RENEWAL. Upon expiration, this Agreement shall renew for successive one (1) year terms."
    assert end_of(text, signature_date=date(2019, 5, 1)) is None


FRENCH_SERVICES = "CONTRAT DE PRESTATION\n\nENTRE : Brévent Conseil SAS ET : Maison Ollier SARL.\n\nFait à Annecy, le 3 juin 2021.\n\nARTICLE 1 — OBJET\nBrévent Conseil assiste Maison Ollier.\n\n"


@pytest.mark.parametrize(
    ("article", "end"),
    [
        ("ARTICLE 7\nIl prendra fin le 30 septembre 2024.", date(2024, 9, 30)),
        ("ARTICLE 9 — RECONDUCTION\nÀ l'issue de la période initiale de trois ans, le contrat est reconduit tacitement par périodes d'un an.", date(2024, 6, 2)),
    ],
    ids=["prendra-fin-le", "periode-initiale-in-the-renewal-article"],
)
def test_french_terms_written_outside_a_duree_article(article, end):
    assert end_of(FRENCH_SERVICES + article, signature_date=date(2021, 6, 3)) == end


def test_a_term_that_runs_until_terminated_gives_no_end_and_says_why():
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made as of June 2, 2020 by and between Kestrel Labs, Inc. and Dunmore Print Ltd.\n\n"
        "12. TERM\nThis Agreement shall continue in full force and effect until terminated by either party on ninety (90) days written notice."
    )
    record = build_records([ContractInput(id="c1", file="c1.txt", title="SERVICES AGREEMENT", text=text, chunks=chunks_of(text))])[0]
    assert record.end_date is None and any(w.startswith("no end date: indefinite term") for w in record.warnings)


@pytest.mark.parametrize(
    ("opening", "signed"),
    [
        ("This Supply Agreement is made and entered into this twenty-second day of October, 2013 by and between Farrow Gears Inc. and Dalby Castings LLC.", date(2013, 10, 22)),
        ("THIS AGREEMENT is made as of the First day of July, 2008 between Farrow Gears Inc. and Dalby Castings LLC.", date(2008, 7, 1)),
        ("This Supply Agreement is dated as of October 22,2013 between Farrow Gears Inc. and Dalby Castings LLC.", date(2013, 10, 22)),
    ],
    ids=["twenty-second-day-of", "First-day-of", "no-space-after-the-comma"],
)
def test_days_written_in_words_and_a_comma_with_no_space(opening, signed):
    found = extract_signature_date(chunks_of(f"SUPPLY AGREEMENT\n\n{opening}\n\n1. SUPPLY\nDalby supplies castings."))
    assert found is not None and found.value == signed


# --- fourteenth round: dates read on dev-f (snippets invented for these tests)


def test_a_numeric_date_that_can_only_be_month_first_is_read():
    text = (
        'MASTER SERVICES AGREEMENT\n\nTHIS MASTER SERVICES AGREEMENT ("Agreement"), dated as of 09/24/2018 (the "Effective Date"), is between '
        'Harrow Capital (the "Company") and Kestrel Consulting, LLC (the "Contractor").\n\n1. SERVICES\nThe Contractor performs the Services.'
    )
    found = extract_signature_date(chunks_of(text))
    assert found is not None and found.value == date(2018, 9, 24) and found.confidence == "high"


@pytest.mark.parametrize(
    ("letterhead", "expected"),
    [
        # a letterhead's "Date:" label, after a division's description ("a division of …" reads as running text)
        ("ACME FREIGHT COMPANY    a division of Acme Products Company    P.O. BOX 12    Contract No. 017    Date: June 1, 1998", date(1998, 6, 1)),
        ("TRANSPORTS MARTEL    une filiale de la société Martel Holding    Contrat n° 17    Date : 1er juin 1998", date(1998, 6, 1)),
        # a date after a sentence about the parties is not the letterhead's: the contract has begun
        ("ACME FREIGHT COMPANY    The services below are provided between the parties named in the order form.    Date: June 1, 1998", None),
    ],
    ids=["date-label-after-a-division", "date-label-french", "after-a-sentence-about-the-parties"],
)
def test_a_letterheads_date_label_is_a_low_confidence_cover_date(letterhead, expected):
    body = "".join(f"\n\nARTICLE {n} CARRIAGE\nShipper shall tender commodities to Carrier for transportation under clause {n}." for n in range(1, 9))
    text = letterhead + "\n\nTRANSPORTATION CONTRACT" + body + "\n\nIN WITNESS WHEREOF the parties have signed.\nBy: ________  Name: ________"
    found = extract_signature_date(chunks_of(text))
    assert (found.value if found else None) == expected and (found is None or found.confidence == "low")


@pytest.mark.parametrize(
    "letterhead",
    [
        "ACME LICENSING COMPANY    a licence issued to the licensee    Expiration Date: December 31, 2025",
        "FACSIMILE    From: legal department of Acme    Date: 01/15/2019",
        "ACME FREIGHT COMPANY    a division of Acme Products    Original Agreement Date: June 1, 2015",
    ],
    ids=["expiration-date-label", "fax-header", "original-agreement-date"],
)
def test_another_dates_label_on_the_letterhead_is_no_cover_date(letterhead):
    body = "".join(f"\n\nARTICLE {n} CARRIAGE\nShipper shall tender commodities to Carrier for transportation under clause {n}." for n in range(1, 9))
    text = letterhead + "\n\nTRANSPORTATION CONTRACT" + body + "\n\nIN WITNESS WHEREOF the parties have signed.\nBy: ________  Name: ________"
    assert extract_signature_date(chunks_of(text)) is None


# --- signature dates written the way signature pages write them ------------------------------------------

# long enough that the signature page lies beyond the opening (its first 3,000 characters)
_BODY = "".join(
    f"\n\nARTICLE {n} SUPPLY\nThe Supplier delivers the goods listed in the schedule under clause {n}, at the price agreed for the year, "
    "to the Buyer's warehouse, packed and labelled as the Buyer's specifications require, with the documents each shipment needs."
    for n in range(1, 21)
)
_SUPPLY = "SUPPLY AGREEMENT\n\nThis Supply Agreement is between Harrow Foods Inc. and Kestrel Farms LLC."  # an opening that dates nothing


def signed_after(closing: str):  # noqa: ANN201
    """The signature date read in a supply agreement that ends with ``closing`` (its signature page), far from its opening."""
    return extract_signature_date(chunks_of(_SUPPLY + _BODY + closing))


@pytest.mark.parametrize(
    ("blocks", "expected"),
    [
        # a dashed numeric date with a two-digit year, the later of the two parties' (the contract is signed when the last signs)
        ("By: /s/ Mark Frick   By: /s/ Ann Raack   Name: Mark Frick   Name: Ann Raack   Date: 3-14-18   Date: 3-7-18", date(2018, 3, 14)),
        ("Par : /s/ Marc Fricke   Nom : Marc Fricke   Date : 14-03-18", date(2018, 3, 14)),
        ("By: /s/ Mark Frick   Name: Mark Frick   Date: 3/21/08", date(2008, 3, 21)),
    ],
    ids=["dashed-two-digit-year-en", "dashed-two-digit-year-fr", "slashed-two-digit-year"],
)
def test_a_signature_blocks_short_numeric_date_is_read(blocks, expected):
    found = signed_after("\n\nIN WITNESS WHEREOF the parties have signed.\n" + blocks)
    assert found is not None and found.value == expected, found


def test_a_blocks_dashed_numbers_that_no_date_label_names_are_no_date():
    text = _SUPPLY + _BODY + (
        "\n\nIN WITNESS WHEREOF the parties have signed.\nBy: /s/ Mark Frick   Name: Mark Frick   Tel: 12-34-56   Ref. 3-14-18"
    )
    assert extract_signature_date(chunks_of(text)) is None


def test_a_filings_exhibit_number_is_no_annex_of_the_contract():
    # "Exhibit 10.75" numbers the whole contract in its filing (after a cover page): its signature page is the contract's
    cover = ChunkInput(id="k1-1", section="CONFIDENTIAL TREATMENT REQUESTED", text="CONFIDENTIAL TREATMENT REQUESTED\nPortions of this exhibit were omitted.")
    summary = ChunkInput(
        id="k1-2", section="Exhibit 10.75 SPONSORSHIP AGREEMENT SUMMARY",
        text="Exhibit 10.75 SPONSORSHIP AGREEMENT SUMMARY\nThis Sponsorship Agreement is between Harbour Ballpark LLC and Sunrise Grill Inc.\n"
             "Sponsor pays the Fee.\nBy: /s/ James Ball   Its: Vice President   Date: 3/21/08\nBy: /s/ Laura Rusk   Its: SVP   Date: 3/18/08",
    )
    found = extract_signature_date([cover, summary, *chunks_of(_BODY.strip())])
    assert found is not None and found.value == date(2008, 3, 21), found
    # an exhibit of the contract ("Exhibit A", "EXHIBIT 2") keeps its own forms' dates out
    annexed = _SUPPLY + _BODY + (
        "\n\nEXHIBIT A\nFORM OF PURCHASE ORDER\nBy: ________   Name: ________   Date: 3/21/08\nBy: ________   Name: ________"
    )
    assert extract_signature_date(chunks_of(annexed)) is None


@pytest.mark.parametrize(
    ("closing", "expected"),
    [
        ("Hamburg, November 19th, 2012\n/s/ Thomas Kass   /s/ Ruth Ulmer", date(2012, 11, 19)),
        # lines joined by the conversion, a PDF's broken ordinal ("19t h")
        ("5 Hamburg, November 19t h, 2012 /s/ Thomas Kass   /s/ Ruth Ulmer", date(2012, 11, 19)),
        ("Signed and effective this 25th day of May, 1999.\nAGENCY\nBy: /s/ Ruth Ulmer", date(1999, 5, 25)),
        ("Executed and delivered on March 3, 2015.\nBy: /s/ Ruth Ulmer", date(2015, 3, 3)),
        # « À Paris, le … » without « Fait à », above « Pour … » signature lines (a walkthrough)
        ("Genève, le 4 avril 2024\n\nPour Datacime Sàrl : Marc-André Perrin — Pour Hôtel du Lac Léman SA : Nathalie Kunz", date(2024, 4, 4)),
        ("London, 2 May 2025\nFor and on behalf of Orbis Maritime Ltd", date(2025, 5, 2)),
        # a company's block labelled with a colon, the date written day-first with dots (walkthrough 12)
        ("Zurich, 15.06.2023\nFor Alpenrose Advisory AG: Annelies Gubler, Partner; Reto Baumann, Partner", date(2023, 6, 15)),
        # … on the same line after a dash (walkthrough 13)
        ("Vienna, 9 November 2019 — for Valtro Haushaltsgeräte GmbH: Mag. Katharina Pölzl", date(2019, 11, 9)),
    ],
    ids=["place-and-date-line", "joined-lines-broken-ordinal", "signed-and-effective", "executed-and-delivered", "lieu-le-date-pour", "place-for-and-on-behalf",
         "place-for-company-colon", "place-date-dash-for-company"],
)
def test_a_signature_line_of_a_place_and_a_date_dates_the_contract(closing, expected):
    found = signed_after("\n\n" + closing)
    assert found is not None and found.value == expected, found


@pytest.mark.parametrize("closing", ["Échéance, le 31 décembre 2027 pour la première période.", "Livraison, le 15 mai 2024 pour le premier lot.",
                                     "Échéance, le 31 décembre 2027 — pour la première période : voir l'annexe.",
                                     "Milestone, 30 June 2026 — for Phase Two: acceptance tests.",
                                     "Renewal, 1 June 2026\nFor the purposes of this clause the notice is sent by courier."])
def test_a_place_like_word_and_a_date_before_pour_in_a_sentence_is_no_signature(closing):
    # a review: « pour » in the same sentence is no signatory's line
    assert signed_after("\n\n" + closing) is None


def test_a_place_and_a_date_with_no_signature_after_them_are_no_signature_date():
    # an address line in the body ("Hamburg, November 19th, 2012" as the date of a cited letter) is not the signature
    text = "SUPPLY AGREEMENT\n\nThis Supply Agreement is between Harrow Foods Inc. and Kestrel Farms LLC.\n\nARTICLE 1 PRIOR LETTER\nThe letter sent from\nHamburg, November 19th, 2012\nis superseded." + _BODY
    assert extract_signature_date(chunks_of(text)) is None


@pytest.mark.parametrize(
    "opening",
    [
        'THIS FIRST AMENDMENT is made by Harrow Bio Inc. and Kestrel SA to the Development Agreement ("Development Agreement") entered into on April 15, 2010 between them.',
        'THIS UNDERWRITING AGREEMENT is made by Harrow Bio Inc., pursuant to a Unit Agreement (the "Unit Agreement") dated as of December 18, 2001, with Kestrel SA.',
        "LE PRÉSENT AVENANT est conclu entre Harrow SAS et Kestrel SA, parties au contrat de prêt (le « Prêt ») en date du 3 mars 2019.",
    ],
    ids=["entered-into-on", "defined-name-then-dated", "french-defined-name"],
)
def test_the_date_of_a_cited_agreement_named_with_its_defined_name_is_not_the_signature(opening):
    found = extract_signature_date(chunks_of(opening + _BODY))
    assert found is None or found.value not in (date(2010, 4, 15), date(2001, 12, 18), date(2019, 3, 3)), found


_SIGNED_BLOCKS = "\n\nIN WITNESS WHEREOF the parties have signed.\nBy: /s/ Mark Frick   Name: Mark Frick   Date: 3/14/18"


@pytest.mark.parametrize(
    "closing",
    [
        "Initial Term ends, December 31, 2025\nBy: /s/ John Hale",  # not a place
        "The prior documents are: Amendment No. 1, March 3, 2012\nBy: /s/ John Hale",
        "subject to the Letter of Intent, March 1, 2019\n\nIN WITNESS WHEREOF the parties have signed.\nBy: /s/ John Hale",
        "New York, March 1, 2020\nThe Supplier shall deliver the goods described in the order form attached.\nBy: /s/ John Hale",  # not right above
    ],
    ids=["a-term-not-a-place", "a-cited-document", "a-wrapped-title", "a-place-far-from-the-signatures"],
)
def test_a_capitalised_phrase_and_a_date_are_no_signature_line(closing):
    found = signed_after("\n\n" + closing)
    assert found is None or found.value not in (date(2025, 12, 31), date(2012, 3, 3), date(2019, 3, 1), date(2020, 3, 1)), found


def test_a_place_and_a_date_above_the_signatures_are_a_medium_confidence_signature_date():
    found = signed_after("\n\nHamburg, November 19th, 2012\n/s/ Thomas Kass")
    assert found is not None and found.value == date(2012, 11, 19) and found.confidence == "medium" and found.doubt, found


@pytest.mark.parametrize(
    "annex",
    ["EXHIBIT 2.1\nFORM OF ASSIGNMENT\nBy: ________   Name: ________   Date: 3/21/19", "Annexe 2.1\nMODÈLE DE CESSION\nPar : ________   Nom : ________   Date : 21/03/2019"],
    ids=["exhibit-2-1", "annexe-2-1"],
)
def test_a_contracts_own_numbered_exhibit_keeps_its_forms_dates_out(annex):
    found = signed_after(_SIGNED_BLOCKS + "\n\n" + annex)
    assert found is not None and found.value == date(2018, 3, 14), found


@pytest.mark.parametrize(
    ("opening", "signed"),
    [
        ("Entre Harrow SAS et Kestrel SA, il a été conclu un contrat de prestation de services (le « Contrat ») en date du 3 mars 2020, qui prend effet le 1er avril 2020.",
         date(2020, 3, 3)),
        ('AN AGREEMENT (the "Agreement") entered into on March 1, 2020 by Harrow Foods Inc. and Kestrel Farms LLC, effective as of April 1, 2020.', date(2020, 3, 1)),
    ],
    ids=["french-le-contrat", "english-the-agreement"],
)
def test_a_contract_named_by_its_own_generic_defined_name_is_no_cited_agreement(opening, signed):
    found = extract_signature_date(chunks_of(opening + _BODY))
    assert found is not None and found.value == signed, found


@pytest.mark.parametrize(
    "blocks",
    ["By: /s/ Mark Frick   Name: Mark Frick\nPurchase Order No. 04-12-18\nDate: ______", "Par : /s/ Marc Fricke\nCommande n° 14-03-18\nDate : ______"],
    ids=["order-number", "commande"],
)
def test_a_dashed_number_that_a_date_label_follows_is_no_date(blocks):
    assert signed_after("\n\nIN WITNESS WHEREOF the parties have signed.\n" + blocks) is None


def test_a_date_in_figures_that_reads_either_way_is_not_sure_unless_the_document_shows_its_order():
    # walkthrough 15: a copy writing "dated 11/04/2024" in English was read 4 November 2024 with no doubt
    opening = 'This Framework Supply Agreement (the "Agreement") is dated 11/04/2024 and made between Sunbright Modules Pte. Ltd. and Helioval SAS.'
    found = extract_fields(title="", chunks=split_articles("d1", opening + "\n\n1. SUPPLY\nThe Supplier supplies modules.")).signature_date
    assert found is not None and found.value == date(2024, 11, 4) and found.confidence == "medium" and "11/04/2024" in found.doubt
    # a date elsewhere that only one order allows shows the document's order: day first, sure
    shown = opening + "\n\n1. SUPPLY\nThe first delivery is due on 25/06/2024."
    found = extract_fields(title="", chunks=split_articles("d2", shown)).signature_date
    assert found is not None and found.value == date(2024, 4, 11) and found.confidence == "high"
    # a day and month that are the same number read one way only
    same = opening.replace("11/04/2024", "04/04/2024")
    assert extract_fields(title="", chunks=split_articles("d3", same)).signature_date.confidence == "high"


@pytest.mark.parametrize(
    "text",
    [
        # a date in words next to figures that read either way: the end is its own words, sure (a review)
        "SERVICES AGREEMENT\n\nThis Agreement is made on 1 March 2024 between Orrin Labs Inc. and Petrel LLC.\n\n2. TERM\nThe Services run "
        "from 01/02/2024 through December 5, 2026.",
        # a French text writes the day first: no doubt
        "CONTRAT DE PRESTATION\n\nLe présent contrat est conclu le 11/04/2024 entre Orrin SAS et Petrel SARL.\n\nARTICLE 2 — DURÉE\n"
        "Le contrat prendra fin le 01/05/2027.",
    ],
)
def test_only_figures_that_gave_the_value_and_only_an_english_text_leave_the_order_open(text):
    fields = extract_fields(title="", chunks=split_articles("d4", text))
    for finding in (fields.signature_date, fields.term.end_date):
        assert finding is None or finding.confidence == "high", finding
