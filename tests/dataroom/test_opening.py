"""Parties read from the structure of a contract's opening, French and English.

The openings are written the way real contracts are (the shapes seen in CUAD's dev split and in
French practice), with invented names; none is the demo's own phrasing.
"""

from __future__ import annotations

import pytest

from greffier.dataroom.extract import ChunkInput, extract_parties
from greffier.dataroom.extract.opening import name_head
from greffier.dataroom.extract.parties import parties_confidence
from greffier.dataroom.normalize import entity_id


def parties_of(text: str, title: str = ""):  # noqa: ANN201
    return extract_parties(title, [ChunkInput(id="k-1", text=text)])


def ids(text: str) -> list[str]:
    return [entity_id(p.name) for p in parties_of(text)]


FRENCH_SOUSSIGNES = (
    "CONTRAT DE SOUS-TRAITANCE INDUSTRIELLE\n"
    "ENTRE LES SOUSSIGNÉS :\n"
    "La société ATELIERS DE LA VÉZÈRE, société par actions simplifiée au capital de 250 000 euros, dont le siège social est "
    "situé 4 rue du Moulin, 19100 Brive-la-Gaillarde, immatriculée au registre du commerce et des sociétés de Brive sous le "
    "numéro 592 451 959, représentée par M. Antoine Delmas, en sa qualité de Président, dûment habilité,\n"
    "ci-après dénommée « le Donneur d'ordre »,\nD'UNE PART,\nET :\n"
    "MÉCANIQUE DU LIMOUSIN SARL, société à responsabilité limitée au capital de 40 000 euros, dont le siège social est situé "
    "ZI Nord, 87000 Limoges, immatriculée au RCS de Limoges sous le numéro 986 830 784, représentée par Mme Claire Roux, gérante,\n"
    "ci-après dénommée « le Sous-traitant »,\nD'AUTRE PART,\n"
    "IL A ÉTÉ CONVENU CE QUI SUIT :\n"
)


def test_french_soussignes_block_with_sirens_and_defined_names():
    parties = parties_of(FRENCH_SOUSSIGNES)
    assert [p.name for p in parties] == ["ATELIERS DE LA VÉZÈRE", "MÉCANIQUE DU LIMOUSIN SARL"]
    assert [p.siren for p in parties] == ["592451959", "986830784"]
    assert [p.defined_as for p in parties] == [["Donneur d'ordre"], ["Sous-traitant"]]
    assert all(p.rule == "opening" and p.confidence == "high" for p in parties)
    # neither the representatives nor the addresses nor the registries are parties
    assert not {"antoine_delmas", "claire_roux", "zi_nord", "rcs_de_limoges"} & set(ids(FRENCH_SOUSSIGNES))
    assert parties_confidence(parties) == ("high", "")


def test_a_register_number_failing_its_key_is_kept_as_written_and_said():
    """A SIREN mistyped in the contract (its Luhn key fails) is no SIREN, but the number stays by the party's name and the
    reader is told; nine digits of another register are not checked as a SIREN."""
    text = FRENCH_SOUSSIGNES.replace("986 830 784", "986 830 785")
    first, second = parties_of(text)
    assert (first.siren, first.siren_warning) == ("592451959", None)
    assert second.siren is None and second.identifier == "986 830 785"
    assert second.siren_warning == "the SIREN written in the text, 986 830 785, fails its check digit (a typing error?)"
    english = (
        'SERVICES AGREEMENT made between Harbour Analytics Ltd, a company incorporated in Ireland with registration number '
        '123456789, whose registered office is at 2 Quay Street, Dublin ("Supplier"), and Norland Foods SAS ("Client").'
    )
    irish = parties_of(english)[0]
    assert irish.identifier == "123456789" and irish.siren_warning is None
    # a Swiss company's number (a review: « numéro » alone made it a SIREN to check)
    swiss = parties_of(
        "CONTRAT DE FOURNITURE ENTRE : ALPENWERK AG, société anonyme de droit suisse, inscrite au registre du commerce du canton de Genève "
        "sous le numéro CHE-114.258.367, ci-après « le Fournisseur », ET : CAVES RAVENEL SAS, ci-après « le Client ».")[0]
    assert swiss.siren_warning is None, swiss


def test_french_entre_et_with_a_natural_person_and_an_intervening_party():
    text = (
        "PROTOCOLE DE CESSION DE PARTS SOCIALES Entre : Monsieur Paul Vernet, né le 3 avril 1961 à Tulle, de nationalité française, "
        "demeurant 12 allée des Tilleuls, 19000 Tulle, ci-après « le Cédant » ; Et : HOLDING CORRÈZE INVEST, société par actions "
        "simplifiée au capital de 1 000 000 euros, immatriculée au RCS de Brive sous le numéro 815 224 306, représentée par son "
        "Président, Mme Julie Faure, ci-après « le Cessionnaire » ; En présence de : la société SCIERIE VERNET SARL, immatriculée "
        "au RCS de Tulle sous le numéro 402 117 338, ci-après « la Société ». Préambule : le Cédant détient 500 parts."
    )
    parties = parties_of(text)
    assert [entity_id(p.name) for p in parties] == ["paul_vernet", "holding_correze_invest", "scierie_vernet"]
    assert [p.kind for p in parties] == ["person", "company", "company"]


def test_french_block_joined_into_one_line_by_ingestion():
    """A DOCX or PDF opening arrives as one paragraph: « ENTRE : X, …, ET : Y, … » on a single line."""
    text = (
        "CONVENTION DE PRESTATIONS ENTRE : GIRONDE LOGISTIQUE SAS, société par actions simplifiée, dont le siège est à Mérignac, "
        "représentée par M. Éric Laval, ci-après « le Prestataire », ET : VINS DE L'ENTRE-DEUX-MERS SA, société anonyme, dont le "
        "siège est à Créon, représentée par Mme Anne Pujol, ci-après « le Client ». Il est convenu ce qui suit."
    )
    assert ids(text) == ["gironde_logistique", "vins_de_l_entre_deux_mers"]


def test_english_by_and_between_with_jurisdictions_and_defined_names():
    text = (
        'SUPPLY AGREEMENT This Supply Agreement (the "Agreement") is made and entered into as of the 14th day of March, 2019 '
        '(the "Effective Date") by and between Northfield Polymers, Inc., a Delaware corporation with its principal place of '
        'business at 200 Lake Street, Suite 400, Chicago, IL 60601 ("Supplier"), and Brandt Medical Devices GmbH, a company '
        'organized under the laws of Germany ("Customer"). WHEREAS, Supplier manufactures resins.'
    )
    parties = parties_of(text)
    assert [p.name for p in parties] == ["Northfield Polymers, Inc.", "Brandt Medical Devices GmbH"]
    assert [p.defined_as for p in parties] == [["Supplier"], ["Customer"]]


def test_english_numbered_parties_with_company_numbers():
    text = (
        "THIS AGREEMENT is dated 2 May 2022. PARTIES (1) KESTREL SOFTWARE LIMITED incorporated and registered in England and Wales "
        "with company number 08812345 whose registered office is at 10 Queen Street, Leeds LS1 2TW (the \"Licensor\"); and "
        "(2) ORCHARD RETAIL GROUP PLC incorporated and registered in England and Wales with company number 02298765 whose "
        "registered office is at 1 Market Square, Bristol BS1 1AA (the \"Licensee\"). AGREED TERMS 1. Definitions."
    )
    parties = parties_of(text)
    assert [entity_id(p.name) for p in parties] == ["kestrel_software", "orchard_retail_group"]
    assert [p.identifier for p in parties] == ["08812345", "02298765"]


def test_english_party_that_is_an_individual():
    text = (
        'ENDORSEMENT AGREEMENT THIS ENDORSEMENT AGREEMENT (the "Agreement") is dated as of June 1, 2018, by and between Coastal '
        'Nutrition, Inc. ("CNI"), a Florida corporation, and Marcus Bell ("Athlete"), an individual. AGREEMENT 1. Engagement.'
    )
    parties = parties_of(text)
    assert [entity_id(p.name) for p in parties] == ["coastal_nutrition", "marcus_bell"]
    assert parties[1].defined_as == ["Athlete"]


def test_three_parties_among_with_a_group_definition_that_is_no_party():
    text = (
        'This Agreement is entered into as of May 5, 2017, by and among Ridgeway Capital LLC, a Delaware limited liability company '
        '("Ridgeway"), Ashton Bank, N.A., a national banking association ("Bank"), and Verde Solar Holdings, L.P. ("Verde"). '
        'Ridgeway and Verde are collectively referred to as the "Sponsors". WHEREAS the parties wish to cooperate.'
    )
    assert ids(text) == ["ridgeway_capital", "ashton_bank_na", "verde_solar_holdings"]


def test_headings_and_roles_are_no_parties():
    opening = "BAIL COMMERCIAL ENTRE LES SOUSSIGNÉS : La SCI DU MOULIN, société civile immobilière, ci-après « le Bailleur », ET : KIVA SARL, ci-après « le Preneur »."
    assert ids(opening) == ["du_moulin", "kiva"]
    assert name_head("le Bailleur, ci-après") is None
    assert name_head("12 rue des Alpilles, 26000 Valence") is None
    assert name_head("Bunker Lane (USA) Inc., with offices")[0] == "Bunker Lane (USA) Inc."


def test_signature_blocks_cross_check_the_opening():
    text = FRENCH_SOUSSIGNES + "\nARTICLE 12 — SIGNATURES\nFait à Brive, le 3 mars 2022.\nPour ATELIERS DE LA VÉZÈRE M. Antoine Delmas\nPour MÉCANIQUE DU LIMOUSIN SARL Mme Claire Roux"
    chunks = [ChunkInput(id="k-1", text=FRENCH_SOUSSIGNES), ChunkInput(id="k-2", text=text.split("ARTICLE 12")[1])]
    parties = extract_parties("", chunks)
    assert [p.in_signature for p in parties] == [True, True]


def test_parties_guessed_from_mentions_are_low_confidence():
    parties = extract_parties("", [ChunkInput(id="k-1", section="ARTICLE 1 — OBJET", text="La Banque Silvère ouvre au Groupe Tarvel un crédit.")])
    assert [p.rule for p in parties] == ["mention", "mention"]
    assert parties_confidence(parties)[0] == "low"


@pytest.mark.parametrize("placeholder", ["XXXXXXXXXXXX", "______________"])
def test_a_blank_party_is_no_party(placeholder):
    text = f'This Agreement is made by and between Harbor Foods, LLC, a Texas limited liability company ("Company"), and {placeholder} ("Distributor").'
    assert ids(text) == ["harbor_foods"]


# --- a name as a lawyer writes it: its own article, no sentence's period, the "as written" text from the name on ----------


def test_a_capitalised_article_that_is_part_of_the_company_name_is_kept():
    # The walkthrough saw « LES INFUSIONS DE CAMILLE SARL » shown as « INFUSIONS DE CAMILLE SARL »: the register's name
    # starts with its article. « la société X » and "the Company" are no part of a name.
    text = (
        "CONTRAT DE FOURNITURE\nENTRE :\n"
        "LES JARDINS DE MARCEL SARL, société à responsabilité limitée au capital de 20 000 euros, dont le siège social est situé "
        "2 rue des Lilas, 26000 Valence, immatriculée au RCS de Romans sous le numéro 552 100 554, ci-après « le Fournisseur »,\n"
        "D'UNE PART,\nET :\n"
        "La société VERGERS DE L'ARDÈCHE SAS, société par actions simplifiée au capital de 80 000 euros, dont le siège social est "
        "situé 1 place du Marché, 07000 Privas, ci-après « l'Acheteur »,\nD'AUTRE PART,\nIL A ÉTÉ CONVENU CE QUI SUIT :\n"
    )
    names = [p.name for p in parties_of(text)]
    assert names == ["LES JARDINS DE MARCEL SARL", "VERGERS DE L'ARDÈCHE SAS"], names
    english = (
        "SERVICES AGREEMENT\nThis Services Agreement is made on 3 March 2024 BETWEEN:\n"
        "(1) THE HARTWELL GROUP LIMITED, a company incorporated in England and Wales with company number 04512876, whose "
        "registered office is at 1 King Street, London (\"Hartwell\"); and\n"
        "(2) The Company Pellworth Analytics Ltd, a company incorporated in England and Wales (the \"Supplier\").\n"
    )
    names = [p.name for p in parties_of(english)]
    assert names[0] == "THE HARTWELL GROUP LIMITED", names
    assert not any(n.lower().startswith("the company") for n in names), names
    # the same words in lower case, or without a legal form at the end, have their article dropped as before
    assert name_head("The Hartwell Group Limited, a company") == ("Hartwell Group Limited", ", a company")
    assert name_head("LA SOCIÉTÉ DUPONT SARL, société à responsabilité limitée")[0] == "DUPONT SARL"
    assert name_head("La SCI LES CLOS DE MONTÉLIER, société civile immobilière")[0] == "SCI LES CLOS DE MONTÉLIER"
    assert name_head("THE BORROWER, as defined below") is None or not name_head("THE BORROWER, as defined below")[0].startswith("THE")
    assert entity_id("LES JARDINS DE MARCEL SARL") == entity_id("Jardins de Marcel SARL")  # the filters find it either way


def test_a_sentence_period_after_a_legal_form_is_no_part_of_the_name():
    # "Lisandre Manufacture SAS." kept the period that ends the sentence: « SAS » takes none; "Inc.", "Co." and "S.A."
    # are abbreviations that keep theirs.
    assert name_head("Ferlande Transports SAS. Its registered office is in Dieulefit.")[0] == "Ferlande Transports SAS"
    assert name_head("Brightmoor Partners LLC. The Consultant shall")[0] == "Brightmoor Partners LLC"
    assert name_head("Veltris Pharma Inc. (\"Veltris\")")[0] == "Veltris Pharma Inc."
    assert name_head("Harlow Trading Co. (\"Harlow\")")[0] == "Harlow Trading Co."
    assert name_head("Quenot Industria, S.A. (\"Quenot\")")[0] == "Quenot Industria, S.A."
    text = "This agreement is made between Calvoran Textiles SARL and Ferlande Transports SAS.\nThe parties agree as follows."
    assert "Ferlande Transports SAS" in [p.name for p in parties_of(text)], [p.name for p in parties_of(text)]


def test_what_a_party_was_read_from_starts_at_its_name():
    # The detail view's "as written" began with « : FERLANDE SAS, … », the colon of « ET : ».
    text = FRENCH_SOUSSIGNES
    raws = [p.raw for p in parties_of(text)]
    assert raws and all(raw[:1].isalpha() for raw in raws), raws
    assert any(raw.startswith("MÉCANIQUE DU LIMOUSIN SARL, société à responsabilité limitée") for raw in raws), raws
