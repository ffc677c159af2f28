"""Parties and governing laws in the shapes unseen data rooms write them: openings with no "between"
("is entered into by X and Y"), letter agreements (an addressee above "Ladies and Gentlemen:"),
templates that leave a party blank, names that start with a digit or a lower-case letter, laws the
vocabulary does not know. Snippets invented for these tests in the usual drafting conventions of
English and French contracts (no benchmark text)."""

from __future__ import annotations

import pytest

from greffier.dataroom.extract import ChunkInput, extract_governing_law, read_parties, split_articles
from greffier.dataroom.extract.opening import implausible_name
from greffier.dataroom.extract.parties import parties_confidence
from greffier.dataroom.records import ContractInput, build_records


def chunks_of(text: str) -> list[ChunkInput]:
    return split_articles("k1", text)


def names(text: str) -> list[str]:
    return [p.name for p in read_parties("", chunks_of(text)).parties]


# --- openings with no "between" ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "expected"),
    [
        (
            'This Co-Branding Agreement is entered into by Corvane Communications Corporation ("Corvane"), a Delaware corporation '
            'located at 501 Middle Road, Mountain View, California, and Lattice Search, Inc. ("Lattice"), a California corporation.',
            ["Corvane Communications Corporation", "Lattice Search, Inc."],
        ),
        ('This License Agreement is made by Orrin Labs Inc. (the "Licensor") and Petrel LLC (the "Licensee").', ["Orrin Labs Inc.", "Petrel LLC"]),
        (
            'This Web Hosting Agreement is made by and between eVolta.com, Inc., a Delaware corporation ("eVolta"), and '
            'i2 Datacentres, Inc., a Delaware corporation ("i2").',
            ["eVolta.com, Inc.", "i2 Datacentres, Inc."],
        ),
        (
            'FRANCHISE AGREEMENT between BRAMBLE GRILL CORPORATION, a Florida corporation ("BGC"), and WARSAW GRILL POLSKA SP. Z O.O., '
            'a Polish limited liability company ("Franchisee"), guaranteed by Warsaw Grill Holdings Corporation ("Guarantor").',
            ["BRAMBLE GRILL CORPORATION", "WARSAW GRILL POLSKA SP. Z O.O.", "Warsaw Grill Holdings Corporation"],
        ),
        (
            "STRATEGIC ALLIANCE AGREEMENT Among KESTREL MITSUI BANKING CORPORATION, KESTREL NIKKO SECURITIES INC. And "
            "HARLAN & COMPANY HOLDINGS LP, HARLAN & COMPANY HOLDINGS GP LLC Dated December 27, 2011",
            ["KESTREL MITSUI BANKING CORPORATION", "KESTREL NIKKO SECURITIES INC.", "HARLAN & COMPANY HOLDINGS LP", "HARLAN & COMPANY HOLDINGS GP LLC"],
        ),
    ],
)
def test_openings_read_whatever_introduces_the_list(opening, expected):
    assert names(opening + "\n\n1. DEFINITIONS\nTerms have the meanings given below.") == expected


def test_a_party_named_by_an_unquoted_acronym_is_read_with_its_defined_name():
    text = "This Non-Disclosure Agreement is entered into by the Greater Lakes Port Authority (GLPA) and Halden Marine Ltd. on 3 May 2019."
    reading = read_parties("", chunks_of(text))
    assert [p.name for p in reading.parties] == ["Greater Lakes Port Authority", "Halden Marine Ltd."]
    assert reading.parties[0].defined_as == ["GLPA"]


# --- letter agreements ----------------------------------------------------------------------------


LETTER = """CONFIDENTIALITY AGREEMENT
March 3, 2011
Norcastle Communications Inc.
140 West Street
New York, New York 10007
Ladies and Gentlemen:
You have indicated an interest in a possible acquisition (the "Transaction") of Ferrowind Systems, Inc. (the "Company"). In evaluating the Transaction you have requested information regarding the Company.
1. You agree to keep the Evaluation Material confidential.
"""


def test_a_letter_agreement_is_between_its_addressee_and_its_writer_never_its_salutation():
    found = names(LETTER)
    assert sorted(found) == ["Ferrowind Systems, Inc.", "Norcastle Communications Inc."]
    assert not any("Ladies" in n or "Gentlemen" in n for n in found)


def test_letter_writers_confirming_an_agreement_with_an_agent_are_all_parties():
    text = (
        'Ladies and Gentlemen: Brightwater Bancorp, Inc., a Maryland corporation (the "Company"), and Brightwater Bank, a federal '
        'savings bank (the "Bank"), hereby confirm their agreement with Tolliver Capital Markets, LLC ("Tolliver") as follows:'
    )
    assert names(text) == ["Brightwater Bancorp, Inc.", "Brightwater Bank", "Tolliver Capital Markets, LLC"]


# --- templates: a party left blank is a party, and nothing else takes its place ---------------------


@pytest.mark.parametrize(
    "text",
    [
        'THIS NON-DISCLOSURE AGREEMENT is entered into this ____ day of ________, 20__, between Champlain Aerospace LLC, a Delaware '
        'corporation ("Champlain"), and ______________________, a ____________ corporation ("Company"). When Champlain or Company '
        "receives Confidential Information it is a receiving party.",
        'This Confidentiality Agreement is entered into by and between the Office of Regional Courts (the "ORC") and [company name], '
        'a [ ] corporation, with its principal address at [complete address] (hereinafter the "Company"). WHEREAS the ORC will disclose.',
        "CONTRAT DE CONFIDENTIALITÉ ENTRE LES SOUSSIGNÉS : La société Vireo Conseil SAS, société par actions simplifiée, immatriculée au "
        "RCS de Lyon sous le numéro 512 345 678, ci-après dénommée « Vireo », D'UNE PART, ET : [raison sociale], [forme sociale], "
        "ci-après dénommée « le Destinataire », D'AUTRE PART. IL A ÉTÉ CONVENU CE QUI SUIT :",
    ],
)
def test_a_template_with_a_blank_party_names_who_it_names_and_says_the_list_is_not_complete(text):
    reading = read_parties("", chunks_of(text))
    assert len(reading.parties) == 1 and reading.blank_slots == 1
    confidence, doubt = parties_confidence(reading.parties, blank_slots=reading.blank_slots)
    assert confidence == "low" and "blank" in doubt


def test_a_template_party_left_blank_lists_the_contract_apart_in_the_data_room():
    text = (
        'This Agreement is made between Orrin Labs Inc. ("Orrin") and _______________ ("Recipient").\n\n'
        "1. CONFIDENTIALITY\nThe Recipient shall keep the information confidential.\n\n"
        "2. GOVERNING LAW\nThis Agreement is governed by the laws of the State of New York."
    )
    contract = ContractInput(id="t1", file="nda.txt", title="", text=text, chunks=chunks_of(text), position=0)
    record = build_records([contract])[0]
    assert [p.raw_name for p in record.parties] == ["Orrin Labs Inc."]
    assert record.sources["parties"].confidence == "low" and "blank" in record.sources["parties"].doubt


# --- what a name never is ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["Non-Disclosure Agreement", "MUTUAL NONDISCLOSURE AGREEMENT", "b. The RFP", "In", "April 25", "Entity) By:_____ Name:____",
     "Washington Street", "Proposal No", "1.7", "Southern District of New York", "[company name]", "Contrat de prestation"],
)
def test_what_a_party_name_never_is(name):
    assert implausible_name(name) is not None


@pytest.mark.parametrize("name", ["M. Paul Roux", "Nike, Inc.", "i2 Technologies, Inc.", "Board of Trustees of the Leland Stanford Junior University",
                                  "Société Générale", "3M Company", "Agreement Holdings Inc."])
def test_what_a_party_name_may_be(name):
    assert implausible_name(name) is None


def test_roles_and_defined_terms_written_with_capitals_are_not_parties():
    text = (
        "EXCLUSIVE LISTING CONFIDENTIALITY AGREEMENT\n\nThe undersigned Prospective Investor agrees with the Listing Agent and the "
        "Selling Agent to keep the property information confidential. The prospective investor shall not contact the owner; "
        "the listing agent and the selling agent may share information.\n\nListing Agent: ____________ Selling Agent: ____________"
    )
    assert names(text) == []


# --- governing law ---------------------------------------------------------------------------------------


def law_of(text: str):
    return extract_governing_law(chunks_of(text)).law


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        ("This NDA is governed by and construed in accordance with the substantive laws in force in the State of California.", "droit californien"),
        ("This Agreement shall be governed by the laws of the Cayman Islands.", "droit des îles Caïmans"),
        ("This Agreement is governed by the laws of Queensland, Australia.", "droit du Queensland"),
        ("Le présent contrat est régi par le droit grec.", "droit grec"),
        ("The validity and performance of this Agreement shall be determined under the laws of the Republic of Kenya.", "droit kényan"),
        # the law after the cue governs, not the one named before it
        ("Notwithstanding the laws of the State of Delaware, this Agreement shall be governed by the laws of the State of New York.",
         "droit de l'État de New York"),
    ],
)
def test_the_governing_law_is_read_in_more_wordings_and_jurisdictions(sentence, label):
    finding = law_of("12. GOVERNING LAW\n" + sentence)
    assert finding is not None and finding.value == label


def test_a_law_the_vocabulary_does_not_know_is_kept_as_written_not_dropped():
    finding = law_of("15. Miscellaneous\nThis Agreement shall be governed by the laws of Ruritania. Notices shall be in writing.")
    assert finding is not None and finding.value == "law of Ruritania" and finding.rule == "governing law (unlisted)"


def test_a_governing_law_left_blank_is_no_law():
    extraction = extract_governing_law(chunks_of("9. GOVERNING LAW\nThis Agreement shall be governed by the laws of the State of ____________."))
    assert extraction.law is None and extraction.notes


def test_an_opening_that_leaves_a_party_to_the_signature_page_takes_it_from_the_blocks():
    text = (
        'NON-DISCLOSURE AGREEMENT\n\nThis Mutual Non-disclosure Agreement is entered into as of November 28, 2017 by and between '
        'Greyfield Capital Holdings, LLC, a Delaware LLC (the "Potential Acquiror") and the undersigned Potential Acquiree, a Delaware '
        'corporation, having the address specified on the signature page (the "Company").\n\n'
        "1. CONFIDENTIALITY\nEach party shall keep the other's information confidential.\n\n"
        "IN WITNESS WHEREOF the parties have signed this Agreement.\n\nGREYFIELD CAPITAL HOLDINGS, LLC By: /s/ A. Moss Name: A. Moss "
        "Title: Managing Member\n\nChief Executive Officer SOLSTICE ANALYTICS, INC. By: /s/ R. Vance Name: R. Vance"
    )
    assert names(text) == ["Greyfield Capital Holdings, LLC", "SOLSTICE ANALYTICS, INC."]


def test_a_company_named_with_its_affiliates_before_its_defined_name_is_a_party():
    text = (
        "CONFIDENTIALITY AGREEMENT This agreement entered into as of December 5, 2013 sets out the terms under which Harbour Advisers, "
        'in its capacity of representative, has agreed to provide information to Quarry Partners III, L.P. ("Recipient") about '
        'Lindqvist Telecom Inc. and its affiliates (the "Corporation") for the purpose of evaluating a possible transaction.'
    )
    assert names(text) == ["Quarry Partners III, L.P.", "Lindqvist Telecom Inc."]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Alliance Bancorp, Inc. of Pennsylvania, a federal stock holding company", "Alliance Bancorp, Inc. of Pennsylvania"),
        ('MUL Acquisition Corp. II ("Sub")', "MUL Acquisition Corp. II"),
        ("Government Procurement Service of 9th Floor, Cunard Building, Liverpool", "Government Procurement Service"),
        ("Acme Widgets Inc. of 100 Main Street, Springfield", "Acme Widgets Inc."),
    ],
)
def test_where_a_company_name_ends(text, name):
    from greffier.dataroom.extract.opening import name_head

    head = name_head(text)
    assert head is not None and head[0] == name


def test_a_party_named_first_after_a_cover_is_read_by_its_description():
    text = (
        'Exhibit 4 Tamarack Minerals Ltd. EXECUTION COPY IP Rights Agreement INTELLECTUAL PROPERTY RIGHTS AGREEMENT Corvina, a California '
        'corporation having a principal place of business at 10 Harbor Court, San Diego (the "Investor"), and Tamarack Minerals Ltd., a '
        'British Columbia corporation (the "Company"), agree as follows:\n\n1. DEFINITIONS\nTerms have the meanings given below.'
    )
    assert sorted(names(text)) == ["Corvina", "Tamarack Minerals Ltd."]
