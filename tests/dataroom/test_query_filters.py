"""Data-room filters on records built from real text: values through the same normaliser as the data,
valid values no contract has, amendments as documents, and contracts that cannot be decided listed
apart with their reason (never dropped)."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.services.dataroom.query import DataRoomFilters, ToolInputError, _filter, _matched_filters, asked_names, close_names, resolve_filters
from greffier.dataroom.normalize import entity_id, names_entity, written_names
from greffier.dataroom.records import ContractInput, build_records
from store.records import DataRoom

LICENCE_NY = """SOFTWARE LICENSE AGREEMENT

This Software License Agreement is made as of March 3, 2022 by and between Harbor Analytics, Inc., a Delaware corporation ("Licensor"), and Veltris Pharma SA, a French société anonyme ("Licensee").

ARTICLE 5 — TERM
This Agreement shall commence on March 3, 2022 and shall expire on March 2, 2025.

ARTICLE 11 — GOVERNING LAW
This Agreement shall be governed by the laws of the State of New York.
"""

LEASE_FR = """BAIL COMMERCIAL

ENTRE LES SOUSSIGNÉS : La SCI DU MOULIN, société civile immobilière, immatriculée au RCS de Lyon sous le numéro 592 451 959, ci-après « le Bailleur », ET : VELTRIS PHARMA SA, société anonyme, ci-après « le Preneur ».

ARTICLE 2 — DURÉE
Le bail est consenti pour une durée de neuf années à compter du 1er avril 2020.

ARTICLE 12 — DROIT APPLICABLE
Le présent bail est soumis au droit français.

Fait à Lyon, le 15 mars 2020.
"""

AMENDMENT_FR = """AVENANT N° 1 AU BAIL COMMERCIAL DU 15 MARS 2020

ENTRE LES SOUSSIGNÉS : La SCI DU MOULIN, société civile immobilière, ci-après « le Bailleur », ET : VELTRIS PHARMA SA, société anonyme, ci-après « le Preneur ».

ARTICLE 1 — LOYER
Le loyer annuel est porté à 48 000 euros hors taxes.

Fait à Lyon, le 8 janvier 2024.
"""

GUESSED = """NOTE DE SYNTHÈSE

ARTICLE 1 — OBJET
La Banque Silvère ouvre au Groupe Tarvel un crédit de trésorerie.
"""


def room_of(texts: list[str]) -> DataRoom:
    inputs = [
        ContractInput(id=f"c{i}", file=f"c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return DataRoom(tuple(build_records(inputs)), generation=0)


@pytest.fixture(scope="module")
def room() -> DataRoom:
    return room_of([LICENCE_NY, LEASE_FR, AMENDMENT_FR, GUESSED])


def run(room: DataRoom, **filters):  # noqa: ANN201
    asked = DataRoomFilters.model_validate(filters)
    resolved, notes = resolve_filters(asked, room)
    _, outcome = _filter(room, resolved, asked_names(asked))
    return [r.id for r in outcome.passing], outcome.unknown, notes


@pytest.mark.parametrize("value", ["New York law", "droit de New York", "droit de l'État de New York", "laws of the State of New York"])
def test_law_aliases_are_one_value(room, value):
    passing, _, notes = run(room, governing_law={"in": [value]})
    assert passing == ["c1"] and notes == []


def test_a_valid_law_no_contract_has_gives_zero_results_and_a_note(room):
    passing, unknown, notes = run(room, governing_law={"in": ["droit italien"]})
    assert passing == []
    assert "c4" in unknown and "governing law" in unknown["c4"]  # its law is unknown: listed apart, not dropped
    assert notes == ["no contract of this data room is governed by droit italien"]
    passing, _, _ = run(room, governing_law={"in": ["German law"]})
    assert passing == []


def test_a_value_that_is_no_law_is_an_error_with_suggestions(room):
    with pytest.raises(ToolInputError, match="not a governing law: 'droit suise' \\(did you mean 'droit suisse'"):
        run(room, governing_law={"in": ["droit suise"]})


def test_contract_type_aliases_and_absent_types(room):
    assert run(room, contract_types=["commercial lease"])[0] == ["c2"]
    passing, _, notes = run(room, contract_types=["contrat de crédit-bail"])
    assert passing == [] and notes == ["no contract of this data room is a contrat de crédit-bail"]
    with pytest.raises(ToolInputError, match="not a contract type"):
        run(room, contract_types=["zzz"])


PROFESSIONAL_LEASE = """BAIL PROFESSIONNEL

ENTRE : Mme Hélène Arvieux, ci-après « le Bailleur », ET : le Cabinet Dorval Avocats, société d'exercice libéral à responsabilité limitée, ci-après « le Preneur ».

ARTICLE 3 — DURÉE
Le présent bail est consenti pour une durée de six années à compter du 1er janvier 2022.
"""


@pytest.mark.parametrize("value", ["bail", "baux", "leases", "Lease"])
def test_leases_of_no_kind_said_are_every_kind_of_lease(value):
    room = room_of([LICENCE_NY, LEASE_FR, PROFESSIONAL_LEASE])
    assert room.by_id["c3"].contract_type == "bail professionnel"
    passing, unknown, notes = run(room, contract_types=[value])
    assert passing == ["c2", "c3"] and unknown == {} and notes == []
    assert run(room, contract_types=["bail commercial"])[0] == ["c2"]  # a kind named is that kind alone
    assert run(room, contract_types=["professional lease"])[0] == ["c3"]
    assert run(room, excluded_contract_types=[value])[0] == ["c1"]  # « sauf les baux »: every lease set apart
    # a room with no lease: none listed, and said (a review)
    no_lease = room_of([LICENCE_NY])
    passing, _, notes = run(no_lease, contract_types=[value])
    assert passing == [] and notes == ["no contract of this data room is a lease"]


def test_entity_filter_values_are_normalised(room):
    passing, _, _ = run(room, entity_ids=["VELTRIS PHARMA SA"])
    assert passing == ["c1", "c2", "c3"]  # the amendment is a document of its own for a party filter


def test_amendments_are_documents_for_signature_dates_and_act_through_their_parent_for_end_dates(room):
    passing, _, _ = run(room, signature_date={"after": "2024-01-01", "before": "2024-12-31"})
    assert passing == ["c3"] and room.by_id["c3"].amends == "c2"
    passing, unknown, _ = run(room, end_date={"after": "2029-01-01"})
    assert passing == ["c2"]  # the lease (nine years from 1 April 2020), never its amendment
    assert "c3" not in unknown


@pytest.mark.parametrize("law", ["droit français", "French law"])
def test_an_amendment_stating_no_law_is_governed_by_its_contracts_law(room, law):
    assert room.by_id["c3"].governing_law is None and room.by_id["c3"].amends == "c2"
    # not a missing field of the amendment (a walkthrough: its row counted a warning of its own); still one of a contract
    assert not [w for w in room.by_id["c3"].warnings if "governing law" in w] and "no governing law in metadata or text" in room.by_id["c4"].warnings
    passing, unknown, _ = run(room, entity_ids=["VELTRIS PHARMA SA"], governing_law={"in": [law]})
    assert passing == ["c2", "c3"] and "c3" not in unknown  # was listed apart: « no governing law »
    passing, unknown, _ = run(room, entity_ids=["VELTRIS PHARMA SA"], governing_law={"not_in": [law]})
    assert passing == ["c1"] and "c3" not in unknown
    resolved, _ = resolve_filters(DataRoomFilters.model_validate({"governing_law": {"in": [law]}}), room)
    sentences = _matched_filters(room.by_id["c3"], resolved, room)
    assert sentences == ["governing law droit français (its contract's, « BAIL COMMERCIAL » (c2.txt)) in [droit français]"]


def test_uncertain_parties_are_listed_apart_with_the_reason(room):
    passing, unknown, notes = run(room, entity_ids=["harbor_analytics"])
    assert passing == ["c1"]
    assert "c4" in unknown and "parties could not be read with confidence" in unknown["c4"]
    # an entity no contract names: zero results, the uncertain contract listed apart, no error
    passing, unknown, notes = run(room, entity_ids=["Kestrel Software Ltd"])
    assert passing == [] and list(unknown) == ["c4"] and "kestrel_software" in notes[0]


def test_end_date_of_the_new_york_licence(room):
    record = room.by_id["c1"]
    assert record.end_date == date(2025, 3, 2) and record.governing_law == "droit de l'État de New York"
    assert record.sources["parties"].confidence == "high"


def test_an_unattached_amendment_is_listed_apart_for_an_end_date_filter():
    second_lease = LEASE_FR.replace("15 mars 2020", "2 mai 2021").replace("1er avril 2020", "1er juin 2021")
    amendment = AMENDMENT_FR.replace("AVENANT N° 1 AU BAIL COMMERCIAL DU 15 MARS 2020", "AVENANT AU BAIL COMMERCIAL").replace(
        "Le loyer annuel est porté à 48 000 euros hors taxes.", "Le bail est prorogé jusqu'au 31 décembre 2035."
    )
    room = room_of([LEASE_FR, second_lease, amendment])
    assert room.by_id["c3"].amends is None  # two leases share its parties and it cites no date
    passing, unknown, _ = run(room, end_date={"after": "2030-01-01"})
    assert "c3" not in passing and "attached to no contract" in unknown["c3"]
    # its own stated extension is no end date of a contract: neither lease moves
    assert room.by_id["c1"].end_date == date(2029, 3, 31) and room.by_id["c2"].end_date == date(2030, 5, 31)


RURITANIA = """SUPPLY AGREEMENT

This Supply Agreement is made as of May 2, 2021 by and between Osgood Mills Ltd., a company incorporated in Ruritania ("Supplier"), and Harbor Analytics, Inc., a Delaware corporation ("Buyer").

12. GOVERNING LAW
This Agreement shall be governed by the laws of Ruritania.
"""


def test_a_law_the_vocabulary_does_not_know_is_a_value_like_any_other():
    unlisted = room_of([LICENCE_NY, RURITANIA])
    assert unlisted.records[1].governing_law == "law of Ruritania"
    for value in ("law of Ruritania", "the laws of Ruritania", "LAW OF RURITANIA"):
        assert run(unlisted, governing_law={"in": [value]})[0] == ["c2"]
    assert run(unlisted, governing_law={"not_in": ["droit français"]})[0] == ["c1", "c2"]
    with pytest.raises(ToolInputError, match="not a governing law: 'laws of Ruritana'"):  # a place neither known nor in the data: a typo?
        run(unlisted, governing_law={"not_in": ["laws of Ruritana"]})


COVER_DATED = """Exhibit 10.4   SALES AGENCY AGREEMENT   May 25, 2016   Compass Row Securities, LLC   Dear Sirs: Harrow Residential Trust, Inc. agrees with you as follows.

ARTICLE 9 — TERM
The term of this Agreement shall be two (2) years.
"""


def test_dates_read_on_a_guess_are_listed_apart_for_date_filters():
    room = room_of([LICENCE_NY, COVER_DATED])
    assert room.by_id["c2"].signature_date == date(2016, 5, 25)  # read, shown, but only from the cover page
    passing, unknown, _ = run(room, signature_date={"after": "2016-01-01", "before": "2016-12-31"})
    assert passing == [] and "signature date could not be read with confidence" in unknown["c2"] and "cover page" in unknown["c2"]
    passing, unknown, _ = run(room, end_date={"after": "2018-01-01"})  # two years from that date: as unsure
    assert passing == ["c1"] and "end date could not be read with confidence" in unknown["c2"]


LISANDRE_LEASE = """CONTRAT DE PRESTATION DE SERVICES

ENTRE LES SOUSSIGNÉS : LISANDRE HOLDING SAS, société par actions simplifiée, immatriculée au RCS de Lyon sous le numéro 512 345 678,
ci-après « le Client », D'UNE PART, ET : ORSENNE CONSEIL SARL, immatriculée au RCS de Lyon sous le numéro 498 765 432, ci-après
« le Prestataire », D'AUTRE PART.

ARTICLE 1 — OBJET
Le Prestataire conseille le Client.
"""
GROUP_SERVICES = """SERVICES AGREEMENT

This Services Agreement is made on 3 May 2021 between Halden Grid Ltd ("Halden") and Petrel Data LLC ("Petrel"), for the benefit of
the group headed by Lisandre Holding, which guarantees the fees.

1. SERVICES
Petrel provides data services to the group's companies.
"""
UNRELATED = """SERVICES AGREEMENT

This Services Agreement is made on 3 May 2021 between Halden Grid Ltd ("Halden") and Petrel Data LLC ("Petrel").

1. SERVICES
Petrel provides data services, including the lisandre holding data format.
"""


def test_a_contract_whose_opening_names_a_party_of_the_room_it_was_not_read_with_is_listed_apart():
    # the party is read in one contract; another contract's preamble names it in a shape its reading does not take
    room = room_of([LISANDRE_LEASE, GROUP_SERVICES, UNRELATED])
    passing, unknown, _ = run(room, entity_ids=["LISANDRE HOLDING SAS"])
    assert passing == ["c1"]
    assert list(unknown) == ["c2"] and "its opening names Lisandre Holding" in unknown["c2"]
    # the others parties' filters are not touched: a lower-case mention is no name
    passing, unknown, _ = run(room, entity_ids=["Petrel Data LLC"])
    assert passing == ["c2", "c3"] and unknown == {}


SIGNED_BY_A_THIRD = """SUPPLY AGREEMENT

This Supply Agreement is made on 3 May 2021 between Halden Grid Ltd ("Halden") and Petrel Data LLC ("Petrel").

1. SUPPLY
Petrel supplies data.
""" + "\n".join(f"{n}. CLAUSE {n}\nEach party performs its obligations under this clause in good faith and on time." for n in range(2, 40)) + """

IN WITNESS WHEREOF the parties have signed this Agreement.

HALDEN GRID LTD
By: /s/ A. Moss

PETREL DATA LLC
By: /s/ R. Vance

LISANDRE HOLDING SAS
By: /s/ B. Lhermitte
"""


def test_the_reasons_name_companies_as_the_contract_writes_them_not_by_their_ids():
    room = room_of([LISANDRE_LEASE, SIGNED_BY_A_THIRD])
    passing, unknown, _ = run(room, entity_ids=["Lisandre Holding"])
    assert passing == ["c1"]
    assert "its signature blocks name LISANDRE HOLDING SAS" in unknown["c2"] and "lisandre_holding" not in unknown["c2"]


GUARANTEED_SUPPLY = """MASTER SUPPLY AGREEMENT

This Master Supply Agreement is entered into on June 14, 2021 between Quillon Foods Ltd, a company incorporated in England and
Wales ("Buyer"), and Ostara Packaging GmbH ("Supplier"). The Supplier's obligations are guaranteed by its parent company, Norvane
Industrial Group AG, under a separate deed; the norvane packaging standard applies to every delivery.

1. SUPPLY
The Supplier supplies cartons to the Buyer.

IN WITNESS WHEREOF the parties have signed this Agreement.

QUILLON FOODS LTD
By: /s/ H. Marsh

OSTARA PACKAGING GMBH
By: /s/ K. Vogel
"""


def test_a_name_the_opening_writes_is_listed_apart_even_when_no_contract_was_read_with_it():
    # in a real room most parties sign one contract: a party the reading missed is known nowhere else
    room = room_of([LICENCE_NY, GUARANTEED_SUPPLY])
    assert "norvane_industrial_group" not in room.by_id["c2"].entity_ids
    passing, unknown, notes = run(room, entity_ids=["Norvane Industrial Group AG"])
    assert passing == [] and list(unknown) == ["c2"]
    assert unknown["c2"] == "its opening names Norvane Industrial Group AG, which was not read as one of its parties"
    assert "listed apart" in notes[0]
    # a longer name of a party of the room is an error that names that party, so that the filter is set on it
    with pytest.raises(ToolInputError, match="unknown entity id: 'ostara_packaging_europe' \\(did you mean 'ostara_packaging'"):
        run(room, entity_ids=["Ostara Packaging Europe"])
    # a lower-case mention ("the norvane packaging standard") is no name; a name written nowhere is an error
    with pytest.raises(ToolInputError, match="unknown entity id"):
        run(room, entity_ids=["Norvane Packaging"])
    passing, unknown, _ = run(room, entity_ids=["Quillon Foods"])
    assert passing == ["c2"] and unknown == {}


def test_written_names_are_runs_of_capitalised_words():
    names = written_names(["AGREEMENT between the Bank of Nova Scotia, Quillon Foods Ltd and JOHNSON & JOHNSON; the acme standard"])
    assert names == "agreement | bank of nova scotia | quillon foods ltd johnson johnson"
    assert names_entity(names, entity_id("Bank of Nova Scotia")) and names_entity(names, entity_id("Johnson & Johnson Inc."))
    assert not names_entity(names, entity_id("Acme")) and not names_entity(names, entity_id("Nova Bank"))
    assert not names_entity(names, "ltd") and not names_entity(names, "")


def test_a_name_written_in_lower_case_first_or_with_a_place_in_parentheses_is_still_a_name():
    names = written_names([
        "This Agreement is made between salesforce.com, inc., iVillage Inc. and JingWei HengTong Technology (ShenZhen) Co., Ltd.;"
        " la société Vernay (France) SAS, (« Vernay ») et Acme (UK) Limited (the \"Supplier\"), e.g. see www.acme.example.com"
    ])
    for name in ("salesforce.com, inc.", "iVillage Inc.", "JingWei HengTong Technology (ShenZhen) Co., Ltd.", "Vernay (France) SAS", "Acme (UK) Limited"):
        assert names_entity(names, entity_id(name)), name
    # lower-case words stay out: an abbreviation, a web page's address, the words around the names
    assert not names_entity(names, entity_id("e.g.")) and not names_entity(names, entity_id("made between"))
    assert "supplier" in names.split(" | ") and "www" not in names  # a quoted alias still breaks the run
    # a name in parentheses read through only inside a name: whoever represents a party, then the next party, both ways
    for text, party in (
        ("Acme Inc., represented by John Smith (CEO) and Beta Inc., a Delaware corporation", "Beta Inc."),
        ("Orsenne SAS, représentée par son Président (M. Jean Dupont) et Vernay SA", "Vernay SA"),
        ("Lisandre SAS, représentée par Jean Dupont et l'Association Beta Sport", "Association Beta Sport"),
        ("Acme Inc., acting through its President (John Smith) and Beta Trading LLC (Licensee)", "Beta Trading LLC"),
    ):
        names = written_names([text])
        assert names_entity(names, entity_id(party)), (text, names)
        assert not names_entity(names, entity_id("John Smith")) and not names_entity(names, entity_id("Jean Dupont")), names


def test_a_party_spelt_another_way_in_the_filter_is_an_error_that_names_it():
    room = room_of([LICENCE_NY, GUARANTEED_SUPPLY])
    with pytest.raises(ToolInputError, match="'quillon_foids' \\(did you mean 'quillon_foods'"):  # a typo in the filter
        run(room, entity_ids=["Quillon Foids Ltd"])
    with pytest.raises(ToolInputError, match="'harboranalytics' \\(did you mean 'harbor_analytics'"):
        run(room, entity_ids=["HarborAnalytics Inc."])
    assert close_names("quillon_foods", "quillon_foids") and not close_names("acme_bank", "acme_corp") and not close_names("ab", "ab")
    # one long word a letter off ("Melavante" in CUAD's labels for Metavante: 89 %), not a short or unlike word
    assert close_names("melavante", "metavante") and close_names("melavante_systems", "metavante_systems")
    assert close_names("intercontinental_bank", "intercontinentle_bank") and not close_names("vertical_enterprises", "verticalnet_enterprises")
    assert not close_names("northwind", "southwind") and not close_names("quillon", "quilter") and not close_names("alpha_bank", "delta_bank")
    assert not close_names("healthcare_realty", "healthcare_royalty") and not close_names("northwest_natural", "northeast_natural")
    assert not close_names("capital_southwest", "capital_southeast") and not close_names("clarus_iv_a", "clarus_iv_b")
    assert not close_names("brenalis_finance", "brenalis_france") and not close_names("nuance_communications", "nantz_communications")


OSTARA_EUROPE = GUARANTEED_SUPPLY.replace("Ostara Packaging GmbH", "Ostara Packaging Europe BV").replace("OSTARA PACKAGING GMBH", "OSTARA PACKAGING EUROPE BV")


def test_a_party_whose_name_holds_the_one_asked_is_listed_apart_saying_so():
    # two companies of the room whose names hold one another: the same group, or the same company read two ways
    room = room_of([GUARANTEED_SUPPLY, OSTARA_EUROPE])
    assert {"ostara_packaging", "ostara_packaging_europe"} <= set(room.by_entity)
    passing, unknown, _ = run(room, entity_ids=["Ostara Packaging GmbH"])
    assert passing == ["c1"] and unknown == {"c2": "its party Ostara Packaging Europe BV may be Ostara Packaging GmbH: one name holds the other"}


def test_whoever_represents_a_party_is_no_name_the_opening_writes():
    names = written_names([
        "ENTRE : SOCIÉTÉ DES EAUX DU VERNAY SA, représentée par son Directeur général, Mme Claire Aubertin, ET : Gaspard Mercier Holding,"
        " Halvard Shipping Ltd., acting through its managing director, Mr. Ole Brekke, and Pinecrest Freight LLC"
    ])
    assert names_entity(names, entity_id("Société des Eaux du Vernay")) and names_entity(names, entity_id("Pinecrest Freight"))
    assert names_entity(names, entity_id("Halvard Shipping Ltd")) and names_entity(names, entity_id("Gaspard Mercier Holding"))
    assert not names_entity(names, entity_id("Mme Claire Aubertin")) and not names_entity(names, entity_id("Ole Brekke"))


def test_whoever_signs_for_a_company_on_its_line_is_no_name_the_text_writes():
    names = written_names(["Pour TRAVERSIN IMMOBILIER SARL M. Luc Fabregas Gérant Pour ATELIERS DU GUIERS SAS Mme Inès Corbaz Présidente"])
    assert names_entity(names, entity_id("Traversin Immobilier")) and names_entity(names, entity_id("Ateliers du Guiers SAS"))
    assert not names_entity(names, entity_id("M. Luc Fabregas")) and not names_entity(names, entity_id("Inès Corbaz"))


def test_with_two_parties_a_contract_one_of_them_certainly_did_not_sign_is_decided_out():
    # c2's parties (Halden, Petrel) were read with confidence; its opening names Lisandre Holding
    room = room_of([LISANDRE_LEASE, GROUP_SERVICES, UNRELATED])
    assert "lisandre_holding" in room.by_id["c2"].named_in_opening
    # Orsenne is no party of c2 and no text of c2 names it: out, whatever Lisandre Holding may be
    passing, unknown, _ = run(room, entity_ids=["LISANDRE HOLDING SAS", "ORSENNE CONSEIL SARL"])
    assert passing == ["c1"] and unknown == {}
    # Halden is a party of c2 and Lisandre Holding may be one: listed apart, never a silent miss
    passing, unknown, _ = run(room, entity_ids=["LISANDRE HOLDING SAS", "Halden Grid Ltd"])
    assert passing == [] and list(unknown) == ["c2"] and "its opening names Lisandre Holding" in unknown["c2"]
    # one party alone: listed apart as before
    _, unknown, _ = run(room, entity_ids=["LISANDRE HOLDING SAS"])
    assert list(unknown) == ["c2"]


def test_a_contract_type_set_apart_is_every_other_type(room):
    passing, unknown, notes = run(room, excluded_contract_types=["commercial lease"])
    assert "c2" not in passing and "c2" not in unknown and "c1" in passing and notes == []
    # a contract whose type is unknown may be the type set apart: listed apart with its reason, never dropped
    assert room.by_id["c4"].contract_type is None and unknown["c4"] == "no contract type in metadata or text"
    passing, unknown, _ = run(room, excluded_contract_types=["contrat de licence"])
    assert passing == ["c2"] and list(unknown) == ["c4"]
    with pytest.raises(ToolInputError, match="not a contract type"):
        run(room, excluded_contract_types=["zzz"])


def test_a_party_or_type_filter_cites_the_passage_it_was_read_from(room):
    from greffier.services.dataroom.query import _wanted_articles

    with_parties = [r for r in room.records if r.parties and r.evidence.get("parties")]
    assert len(with_parties) >= 2
    for record in with_parties:
        by_party = _wanted_articles(record, DataRoomFilters(entity_ids=[record.parties[0].entity_id]), room)
        assert by_party == [(record.evidence["parties"][0], "parties")]  # the opening that names them, once
    for record in room.records:  # a type filter cites the passage the type was read from, and only that …
        by_type = _wanted_articles(record, DataRoomFilters(contract_types=["bail commercial"]), room)
        read_from = record.evidence.get("contract_type") or record.evidence.get("parties", [])[:1]
        assert by_type == [(cid, "contract type") for cid in read_from]
    # … or, for a type read from the title (no passage of its own), the opening the title heads (a walkthrough: the list
    # answer's citation opened on an empty passage)
    titled = [r for r in room.records if r.contract_type and not r.evidence.get("contract_type") and r.evidence.get("parties")]
    assert titled, [(r.id, r.evidence) for r in room.records]
    for record in titled:
        assert _wanted_articles(record, DataRoomFilters(contract_types=["bail commercial"]), room) == [(record.evidence["parties"][0], "contract type")]
    assert _wanted_articles(room.records[0], DataRoomFilters(), room) == []
