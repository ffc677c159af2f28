"""What walkthrough 23 (an audiovisual group's data room: a pre-sale of broadcasting rights and its avenant, a format licence and its
amendment, a studio rental, a SaaS subscription) found misread, read from text written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.records import ContractInput, build_records

PRESALE = """CONTRAT DE PRÉACHAT DE DROITS DE DIFFUSION
Entre les soussignés : Marée Haute Films SAS, ci-après « le Producteur », et Télé Armor SA, ci-après « le Diffuseur ».
Fait à Rennes, le 2 avril 2024.
Article 5 – Période de droits
5.1 Les droits sont consentis pour deux diffusions.
5.2 La période de droits commence à la livraison du film et s'achève le 30 juin 2029.
Article 9 – Droit applicable
Le contrat est soumis au droit français.
"""
PRESALE_AVENANT = """AVENANT N° 1 AU CONTRAT DE PRÉACHAT DU 2 AVRIL 2024
Entre les soussignés : Marée Haute Films SAS, ci-après « le Producteur », et Télé Armor SA, ci-après « le Diffuseur ».
Fait à Rennes, le 18 novembre 2025.
Article 1 – Période de droits
À l'article 5.2 du Contrat, les mots « 30 juin 2029 » sont remplacés par les mots « 31 décembre 2030 ». Les autres stipulations de l'article 5 demeurent inchangées.
Article 2 – Prix
À l'article 6.1 du Contrat, les mots « 15 mars 2025 » sont remplacés par les mots « 15 avril 2025 ».
"""
LICENCE = """FORMAT LICENCE AGREEMENT
This Agreement is made on 9 September 2024 between Marée Haute Films SAS (the "Licensor") and Northwind Media Limited (the "Licensee").
3. Term
3.1 This Agreement shall commence on 1 October 2024 (the "Effective Date") and shall continue until the fifth (5th) anniversary of the Effective Date (the "Term").
9. Governing law
This Agreement is governed by the laws of England and Wales.
"""
LICENCE_AMENDMENT = """AMENDMENT No. 1 TO THE FORMAT LICENCE AGREEMENT DATED 9 SEPTEMBER 2024
This Amendment is made on 3 March 2026 between Marée Haute Films SAS (the "Licensor") and Northwind Media Limited (the "Licensee").
2. Amendments
2.1 Clause 3.1 shall be read as if the words "fifth (5th) anniversary" were replaced by the words "seventh (7th) anniversary".
2.2 In Clause 7.1, the words "GBP 250,000" are replaced by the words "GBP 320,000".
"""


def _records(*texts: str):
    inputs = [
        ContractInput(id=f"c{i}", file=f"room/c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return {record.id: record for record in build_records(inputs)}


@pytest.mark.parametrize(
    ("contract", "amendment", "initial", "moved"),
    [
        # the contract's end date itself, quoted and put in the place of another (the préachat ran until 2029 everywhere)
        (PRESALE, PRESALE_AVENANT, date(2029, 6, 30), date(2030, 12, 31)),
        # the anniversary its end was counted to (the licence ended on the fifth anniversary everywhere)
        (LICENCE, LICENCE_AMENDMENT, date(2029, 10, 1), date(2031, 10, 1)),
    ],
)
def test_quoted_words_put_in_the_place_of_the_end_s_own_move_the_end(contract, amendment, initial, moved):
    record = _records(contract, amendment)["c1"]
    assert record.amended_by == ["c2"] and record.initial_end_date == initial and record.end_date == moved, record.warnings
    assert record.sources["end_date"].origin == "amendment"


def test_a_date_or_a_length_put_in_the_place_of_another_that_is_not_the_end_moves_nothing():
    # the price's due date, a fee: another date than the end, and words the end was not read from
    other = PRESALE_AVENANT.replace("« 30 juin 2029 » sont remplacés par les mots « 31 décembre 2030 »", "« 1er juin 2026 » sont remplacés par les mots « 1er septembre 2026 »")
    assert _records(PRESALE, other)["c1"].end_date == date(2029, 6, 30)
    other = LICENCE_AMENDMENT.replace('"fifth (5th) anniversary" were replaced by the words "seventh (7th) anniversary"',
                                      '"five (5) episodes" were replaced by the words "seven (7) episodes"')
    assert _records(LICENCE, other)["c1"].end_date == date(2029, 10, 1)


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("CONTRAT DE COPRODUCTION AUDIOVISUELLE", "contrat de partenariat"),
        ("CONTRAT DE PRÉACHAT DE DROITS DE DIFFUSION", "contrat de licence"),  # broadcasting rights bought before the film is made
        ("CONTRAT DE PRESTATION TECHNIQUE", "prestation de services"),
        ("BROADCASTING RIGHTS AGREEMENT", "contrat de licence"),
    ],
)
def test_the_room_s_kinds_of_contract(title, kind):
    from greffier.dataroom.vocabulary import match_contract_type

    assert match_contract_type(title) == kind


def test_a_studio_s_period_of_use_is_its_term():
    # « Article 2 – Période de mise à disposition »: no end date was read, so the studio was in no list of ended contracts
    studio = ("CONTRAT DE PRESTATION TECHNIQUE\nEntre Studios du Ponant SAS, ci-après « le Prestataire », et Marée Haute Films SAS, ci-après « le "
              "Client ».\nArticle 2 – Période de mise à disposition\n2.1 Le plateau A est mis à la disposition du Client du 3 mars 2025 au 30 juin 2025 "
              "inclus (ci-après « la Période »).\nArticle 3 – Prix\nLe prix est de 4 000 euros par jour.\n")
    record = _records(studio)["c1"]
    assert (record.start_date, record.end_date) == (date(2025, 3, 3), date(2025, 6, 30))


def test_a_subscription_s_parties_and_its_term_from_a_defined_effective_date():
    # a product's name above the preamble, and a party described as "a private company limited by shares": the preamble's "made … by"
    # ran to "limited by shares" and the provider was lost, the product's name read in its place; the term's length, with a clause
    # set between commas, was no term at all (no end, no notice deadline)
    saas = ("SOFTWARE-AS-A-SERVICE SUBSCRIPTION AGREEMENT\nClipVault DAM – Digital Asset Management Platform\n"
            "This Subscription Agreement (the \"Agreement\") is made on 12 January 2023\nBETWEEN\n"
            "CLIPVAULT SOFTWARE LIMITED, a private company limited by shares incorporated in Ireland with company number 654321 (the \"Provider\");\n"
            "AND\nMARÉE HAUTE FILMS SAS, a société par actions simplifiée incorporated in France (the \"Customer\").\n"
            "1. Definitions\n\"Effective Date\" means 1 February 2023. \"Service\" means the platform known as ClipVault DAM.\n"
            "8. Term and renewal\n8.1 This Agreement shall commence on the Effective Date and, unless terminated earlier in accordance with its terms, "
            "shall continue for an initial period of thirty-six (36) months (the \"Initial Subscription Term\").\n"
            "8.2 Thereafter, this Agreement shall automatically renew for successive periods of twelve (12) months unless either party gives "
            "notice of non-renewal at least ninety (90) days before the end of the then-current term.\n")
    record = _records(saas)["c1"]
    assert [p.raw_name for p in record.parties] == ["CLIPVAULT SOFTWARE LIMITED", "MARÉE HAUTE FILMS SAS"]
    assert record.end_date == date(2026, 2, 1) and record.renewal == "automatic" and record.renewal_notice == "90 days"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # the review of the round: a rent due from a later date, a renewal term's start, are not the term's start
        ("BAIL COMMERCIAL\nEntre Foncière du Port SAS et Marée Haute Films SAS.\nArticle 3 – Durée\nLe bail est consenti pour neuf années qui "
         "commenceront à courir le 1er mai 2024.\nArticle 4 – Loyer\nLe loyer est dû à compter du 1er janvier 2027.\n", date(2024, 5, 1)),
        ("SUPPLY AGREEMENT\nThis Agreement is made on 1 March 2024 between Alpha Ltd and Beta SA.\n3. Term\n3.1 This Agreement shall expire on "
         "31 December 2029.\n3.2 Any renewal term shall commence on 1 January 2030.\n", None),
        ("HANGAR LEASE\nThis Lease is made on 2 November 2026 between Aéroports du Velay SA and Air Volcans SA.\n3. Term\n3.1 This Lease shall take "
         "effect on 1 June 2027 and shall expire on 31 May 2032.\n", date(2027, 6, 1)),
    ],
)
def test_the_start_date_is_the_term_s_own(text, start):
    assert _records(text)["c1"].start_date == start


def test_words_of_the_renewal_put_in_the_place_of_others_do_not_move_the_end():
    # the review of the round: "twelve (12) months" is the initial term's and each renewal's; the amendment rewrites clause 3.2's
    contract = ("SERVICES AGREEMENT\nThis Agreement is made on 1 October 2024 between Alpha Media Ltd and Marée Haute Films SAS.\n3. Term\n"
                "3.1 This Agreement shall commence on 1 October 2024 and shall continue for an initial term of twelve (12) months.\n"
                "3.2 Thereafter it shall renew automatically for successive periods of twelve (12) months unless either party gives ninety (90) "
                "days' notice.\n")
    amendment = ("AMENDMENT No. 1 TO THE SERVICES AGREEMENT DATED 1 OCTOBER 2024\nThis Amendment is made on 3 March 2025 between Alpha Media Ltd "
                 "and Marée Haute Films SAS.\n1. Renewal\n1.1 In Clause 3.2, the words \"twelve (12) months\" are replaced by the words "
                 "\"twenty-four (24) months\".\n")
    record = _records(contract, amendment)["c1"]
    assert record.amended_by == ["c2"] and record.end_date == record.initial_end_date, record.warnings


def test_a_licence_in_perpetuity_is_told_so():
    # the app walk of round 33: "shall subsist in perpetuity" was told as an indefinite term, which a party may end on notice
    sync = ("SYNCHRONIZATION LICENSE AGREEMENT\nThis Agreement is made on 12 June 2024 between Blue Lantern Music LLC (the \"Publisher\") and "
            "Marée Haute Films SAS (the \"Licensee\").\n5. Term\nThe rights granted under this Agreement shall subsist in perpetuity.\n")
    record = _records(sync)["c1"]
    assert record.end_date is None and any(w.startswith("no end date: indefinite term, in perpetuity (") for w in record.warnings), record.warnings
