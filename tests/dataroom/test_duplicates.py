"""find_duplicates: the same file twice and courtesy translations are paired; a contract and its
amendment, or two acts signed the same day, are not; contracts are compared inside blocks only."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from greffier.config import load_settings
from greffier.services.dataroom import duplicates as dup
from greffier.services.dataroom.duplicates import find_duplicates
from greffier.services.dataroom.query import ToolInputError
from greffier.dataroom.records import ContractRecord, Party
from greffier.services.ingest import Ingestor
from greffier.tools import call_tool
from store.workspace import WorkspaceStore, open_workspace
from tests.paths import EXAMPLE_DATAROOM


def _pairs(result: dict) -> dict[frozenset[str], dict]:
    return {frozenset(p["contract_ids"]): p for p in result["pairs"]}


def _ingested(base, source) -> WorkspaceStore:  # noqa: ANN001
    settings = load_settings(base / "ws")
    report = Ingestor(settings).ingest(source)
    assert report.failed == []
    return open_workspace(settings)


# --- the public example data room -----------------------------------------------------------------


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> WorkspaceStore:  # noqa: ANN001
    if not EXAMPLE_DATAROOM.exists():
        pytest.skip(f"example data room absent: {EXAMPLE_DATAROOM}")
    return _ingested(tmp_path_factory.mktemp("example"), EXAMPLE_DATAROOM)


@pytest.mark.slow
def test_example_pairs_the_copy_and_the_translation_only(example: WorkspaceStore) -> None:
    pairs = _pairs(find_duplicates(example))
    assert set(pairs) == {frozenset({"c11", "c19"}), frozenset({"c05", "c20"})}
    assert pairs[frozenset({"c11", "c19"})]["kind"] == "duplicate"
    assert pairs[frozenset({"c05", "c20"})]["kind"] == "translation"


@pytest.mark.slow
def test_example_copy_uploaded_twice_explains_itself(example: WorkspaceStore) -> None:
    copy = _pairs(find_duplicates(example))[frozenset({"c11", "c19"})]
    assert copy["contract_ids"] == ["c11", "c19"]
    assert {"same file content", "same parties", "same type", "same dates"} <= set(copy["reasons"])
    notes = " ".join(copy["notes"])
    assert "Soravie Santé SAS" in notes and "15/04/2024" in notes  # spelled and dated differently
    # each copy named by its file, not by its internal id (was « party written … in c11, … in c19 »)
    assert "'Soravie Santé' in convention_honoraires_kessler_soravie (1).pdf" in notes and "c11" not in notes and "c19" not in notes, notes
    assert copy["parties"] == [["Kessler Aubry Avocats", "Soravie Santé SAS"], ["Kessler Aubry Avocats", "Soravie Santé"]]


@pytest.mark.slow
def test_example_courtesy_translation_is_told_by_language_and_embeddings(example: WorkspaceStore) -> None:
    translation = _pairs(find_duplicates(example))[frozenset({"c05", "c20"})]
    assert {"same parties", "same type", "same dates", "text similarity", "translation"} <= set(translation["reasons"])
    assert "same file content" not in translation["reasons"]
    assert sorted(translation["languages"]) == ["en", "fr"]
    assert translation["lexical_similarity"] < 0.1 < dup.TRANSLATION_SIMILARITY <= translation["text_similarity"]


@pytest.mark.slow
def test_example_never_pairs_an_amendment_or_two_acts_of_the_same_day(example: WorkspaceStore) -> None:
    pairs = _pairs(find_duplicates(example))
    assert frozenset({"c09", "c18"}) not in pairs  # c18 amends c09
    assert frozenset({"c08", "c14"}) not in pairs  # share transfer and warranty, same parties, same day


@pytest.mark.slow
def test_example_pairs_are_sorted_and_found_without_comparing_all_pairs(example: WorkspaceStore) -> None:
    result = find_duplicates(example)
    similarities = [p["text_similarity"] for p in result["pairs"]]
    assert similarities == sorted(similarities, reverse=True)
    assert 0 < result["compared_pairs"] < 20 * 19 // 2 // 2
    assert result["blocks"] > 0


@pytest.mark.slow
def test_example_entity_filter_and_dismissed_pairs(example: WorkspaceStore) -> None:
    assert set(_pairs(find_duplicates(example, ["soravie_sante"]))) == {frozenset({"c11", "c19"})}
    assert set(_pairs(find_duplicates(example, ["hydrelle_energie", "northbeam_analytics"]))) == {frozenset({"c05", "c20"})}
    assert find_duplicates(example, ["groupe_brenalis"])["pairs"] == []
    kept = find_duplicates(example, dismissed={frozenset({"c19", "c11"})})
    assert set(_pairs(kept)) == {frozenset({"c05", "c20"})}


@pytest.mark.slow
def test_example_unknown_entity_is_refused_with_the_allowed_values(example: WorkspaceStore) -> None:
    with pytest.raises(ToolInputError, match=r"unknown entity id: 'brenalis' \(did you mean 'groupe_brenalis'.*Allowed values: .*soravie_sante"):
        find_duplicates(example, ["brenalis"])


@pytest.mark.slow
def test_example_through_the_tool_registry(example: WorkspaceStore) -> None:
    result = call_tool(load_settings(example.root), "find_duplicates", {"entity_ids": ["kessler_aubry_avocats"]})
    assert [p["contract_ids"] for p in result["pairs"]] == [["c11", "c19"]]
    json.dumps(result)  # JSON-ready as it is


# --- a retyped copy: a party misspelled by one letter, the date in words ------------------------------

_LEASE = """BAIL COMMERCIAL

ARTICLE 1 — LOCAUX
La SCI Les Tilleuls donne à bail à la société Maison Quenot SARL une boutique de 80 m² située 12 rue des Halles à Tours.

ARTICLE 2 — DURÉE
Le bail est consenti pour neuf années entières et consécutives, du 1er octobre 2021 au 30 septembre 2030.

ARTICLE 3 — LOYER
Le loyer annuel est fixé à 24 000 euros hors taxes, payable trimestriellement et d'avance.

ARTICLE 4 — LOI APPLICABLE
Le bail est soumis au droit français. Fait à Tours, le {signed}.
"""
_SURETY = """ACTE DE CAUTIONNEMENT

ARTICLE 1 — ENGAGEMENT
M. Paul Quenot se porte caution solidaire de la société Maison Quenot SARL envers la SCI Les Tilleuls pour le paiement des loyers.

ARTICLE 2 — MONTANT
L'engagement est limité à 72 000 euros, intérêts et frais compris, pour la durée du bail.

ARTICLE 3 — LOI APPLICABLE
Le présent acte est soumis au droit français. Fait à Tours, le 20 septembre 2021.
"""


def _entry(filename: str, parties: list[str], contract_type: str, signed: str, content: str) -> dict:
    return {"filename": filename, "title": filename, "parties": parties, "contract_type": contract_type,
            "signature_date": signed, "end_date": None, "governing_law": "droit français", "content": content}


@pytest.fixture(scope="module")
def retyped(tmp_path_factory) -> WorkspaceStore:  # noqa: ANN001
    base = tmp_path_factory.mktemp("retyped")
    entries = [
        _entry("bail_tours.pdf", ["SCI Les Tilleuls", "Maison Quenot SARL"], "bail commercial", "2021-09-20", _LEASE.format(signed="20 septembre 2021")),
        _entry("cautionnement_tours.pdf", ["SCI Les Tilleuls", "Maison Quenot SARL"], "cautionnement", "2021-09-20", _SURETY),
        _entry("Bail Tours - copie.docx", ["SCI Les Tilleul", "Maison Quennot"], "bail commercial", "20/09/2021", _LEASE.format(signed="20/09/2021")),
    ]
    room = base / "room.json"
    room.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    return _ingested(base, room)


@pytest.mark.slow
def test_a_retyped_copy_with_misspelled_parties_is_a_duplicate(retyped: WorkspaceStore) -> None:
    pairs = _pairs(find_duplicates(retyped))
    assert set(pairs) == {frozenset({"c01", "c03"})}  # the surety c02, signed the same day, is another act
    copy = pairs[frozenset({"c01", "c03"})]
    assert copy["kind"] == "duplicate"
    assert {"same parties", "same type", "same dates", "text similarity"} <= set(copy["reasons"])
    assert "same file content" not in copy["reasons"]
    assert any("Maison Quennot" in note for note in copy["notes"])


@pytest.mark.slow
def test_the_entity_filter_accepts_the_misspelled_copy(retyped: WorkspaceStore) -> None:
    assert set(_pairs(find_duplicates(retyped, ["maison_quenot"]))) == {frozenset({"c01", "c03"})}


# --- the bundled demo data room ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> tuple[WorkspaceStore, dict, dict[str, str]]:  # noqa: ANN001
    """The demo room as real files (PDF, DOCX, HTML...): no metadata, everything read from the text."""
    from demo import generate as demo_generate
    from store.records import load_dataroom

    base = tmp_path_factory.mktemp("demo")
    manifest = demo_generate.generate(base / "dataroom", base / "manifest.json")
    workspace = _ingested(base, base / "dataroom")
    by_file = {record.file.removeprefix("dataroom/"): record.id for record in load_dataroom(workspace).records}
    ids = {contract["id"]: by_file[contract["file"]] for contract in manifest["contracts"]}
    return workspace, manifest, ids


def _facts(manifest: dict, *kinds: str) -> list[dict]:
    return [fact for fact in manifest["facts"] if fact["kind"] in kinds]


@pytest.mark.slow
def test_demo_duplicate_and_translation_are_found(demo) -> None:  # noqa: ANN001
    workspace, manifest, ids = demo
    pairs = _pairs(find_duplicates(workspace))
    expected = {"duplicate": "duplicate", "translation": "translation"}
    for fact in _facts(manifest, *expected):
        key = frozenset(ids[c] for c in fact["contracts"])
        assert key in pairs, fact["detail"]
        assert pairs[key]["kind"] == expected[fact["kind"]]
    assert len(pairs) == len(_facts(manifest, *expected))


@pytest.mark.slow
def test_demo_same_day_acts_and_amendments_are_not_paired(demo) -> None:  # noqa: ANN001
    workspace, manifest, ids = demo
    pairs = _pairs(find_duplicates(workspace))
    facts = _facts(manifest, "same_day_different_acts", "amendment_postpones", "amendment_price_only")
    assert len(facts) >= 4
    for fact in facts:
        assert frozenset(ids[c] for c in fact["contracts"]) not in pairs, fact["detail"]


# --- helpers, without a workspace -------------------------------------------------------------------


def test_party_clusters_absorb_a_typo_but_not_another_name() -> None:
    records = [
        ContractRecord(id="c1", parties=[Party(raw_name="SCI Les Clos de Montélier", entity_id="clos_de_montelier")]),
        ContractRecord(id="c2", parties=[Party(raw_name="SCI Les Clos de Montellier", entity_id="clos_de_montellier")]),
        ContractRecord(id="c3", parties=[Party(raw_name="Lisandre Holding", entity_id="lisandre_holding"), Party(raw_name="Lysandre Conseil", entity_id="lysandre_conseil")]),
        ContractRecord(id="c4", parties=[Party(raw_name="Acme", entity_id="acme"), Party(raw_name="Acne", entity_id="acne")]),
        ContractRecord(id="c5", parties=[Party(raw_name="SCI Lot 12", entity_id="lot_12"), Party(raw_name="SCI Lot 13", entity_id="lot_13")]),
    ]
    clusters = dup._party_clusters(records)
    assert clusters["lot_12"] != clusters["lot_13"]  # numbers are never typos
    assert clusters["clos_de_montelier"] == clusters["clos_de_montellier"]
    assert clusters["lisandre_holding"] != clusters["lysandre_conseil"]
    assert clusters["acme"] != clusters["acne"]  # short names: one letter is another name


def test_blocking_compares_a_small_fraction_of_all_pairs() -> None:
    """2,000 contracts of one group with 500 counterparties: only contracts with the same counterparty
    signed the same day meet, never all 2 million pairs."""
    records, texts = [], {}
    for i in range(2000):
        counterparty = f"societe_{i % 500:03d}_distribution"
        records.append(ContractRecord(
            id=f"c{i}", position=i, contract_type="contrat de fourniture", signature_date=date(2020, 1, 1) + timedelta(days=i % 1000),
            parties=[Party(raw_name="Lisandre Holding", entity_id="lisandre_holding"), Party(raw_name=counterparty, entity_id=counterparty)],
        ))
        texts[f"c{i}"] = f"Contrat de fourniture numéro {i} entre Lisandre Holding et {counterparty} pour {i * 37 % 1000} tonnes de thé livrées à Valence en {2015 + i % 10}."
    features = {cid: dup._text_features(text) for cid, text in texts.items()}
    corpus = dup._Corpus(0, features, dup._band_keys(features))
    blocks = dup._candidate_pairs(records, dup._party_clusters(records), corpus)
    assert len(blocks.pairs) <= 20_000
    assert ("c0", "c1000") in blocks.pairs  # the same counterparty, the same day
    assert ("c0", "c500") not in blocks.pairs  # the same counterparty, another day: another act


def test_a_copy_whose_date_in_figures_reads_either_way_still_meets_its_original() -> None:
    # walkthrough 15: the original says "11 April 2024", a reformatted copy "11/04/2024" read 4 November in an English text: the
    # copy's date keeps its doubt, and blocking tries the other reading too
    from greffier.dataroom.records import FieldSource  # why: only this test builds a record's source by hand

    parties = [Party(raw_name="Sunbright Modules Pte", entity_id="sunbright_modules_pte"), Party(raw_name="Helioval SAS", entity_id="helioval")]
    doubt = "11/04/2024 may be read day or month first and the document shows neither: read month first (an English text)"
    original = ContractRecord(id="c1", position=0, signature_date=date(2024, 4, 11), parties=parties)
    copy = ContractRecord(id="c2", position=1, signature_date=date(2024, 11, 4), parties=parties,
                          sources={"signature_date": FieldSource(origin="extracted", confidence="medium", doubt=doubt)})
    sure = ContractRecord(id="c3", position=2, signature_date=date(2024, 11, 4), parties=parties)
    texts = {"c1": "Framework supply agreement for modules.", "c2": "Framework supply agreement for modules, a copy.", "c3": "Another order."}
    features = {cid: dup._text_features(text) for cid, text in texts.items()}
    records = [original, copy, sure]
    blocks = dup._candidate_pairs(records, dup._party_clusters(records), dup._Corpus(0, features, dup._band_keys(features)))
    assert ("c1", "c2") in blocks.pairs
    assert ("c1", "c3") not in blocks.pairs  # a date read with no doubt is that day only


@pytest.mark.slow
def test_a_reformatted_copy_with_its_dates_in_figures_is_found_with_the_reason(tmp_path) -> None:
    # walkthrough 15, end to end: a copy that writes « 11/04/2024 » for "11 April 2024" is a duplicate, and the note says why
    # its dates differ
    body = (
        "FRAMEWORK SUPPLY AGREEMENT\n\nThis Framework Supply Agreement is dated {signed} and is made between Verdane SAS, a French "
        "company (\"Buyer\"), and Koralis Modules Pte. Ltd., a Singapore company (\"Supplier\").\n\n1. SUPPLY\nThe Supplier shall supply "
        "photovoltaic modules to the Buyer on the terms of each order.\n\n2. TERM\nThis Agreement shall remain in force until {end}.\n\n"
        "3. LIABILITY\nThe Supplier's aggregate liability shall not exceed the price paid in the twelve months before the claim.\n"
    )
    room = tmp_path / "room"
    room.mkdir()
    (room / "framework.md").write_text(body.format(signed="11 April 2024", end="10 April 2028"), encoding="utf-8")
    (room / "framework_copy.txt").write_text(body.format(signed="11/04/2024", end="10/04/2028"), encoding="utf-8")
    store = _ingested(tmp_path, room)
    pairs = list(_pairs(find_duplicates(store)).values())
    assert len(pairs) == 1 and pairs[0]["kind"] == "duplicate", pairs
    assert "same dates" in pairs[0]["reasons"] and any("figures that read either way" in note for note in pairs[0]["notes"])


def test_two_documents_that_both_write_their_dates_in_figures_keep_their_own_days() -> None:
    # a review: statements of work "dated 4/11/2024" and "dated 11/4/2024", both read month first, are two acts
    from greffier.dataroom.records import FieldSource  # why: only this test builds a record's source by hand

    parties = [Party(raw_name="Orrin Labs Inc.", entity_id="orrin_labs"), Party(raw_name="Petrel LLC", entity_id="petrel")]
    doubt = "may be read day or month first and the document shows neither: read month first (an English text)"
    first = ContractRecord(id="c1", signature_date=date(2024, 4, 11), parties=parties,
                           sources={"signature_date": FieldSource(origin="extracted", confidence="medium", doubt=f"4/11/2024 {doubt}")})
    second = ContractRecord(id="c2", signature_date=date(2024, 11, 4), parties=parties,
                            sources={"signature_date": FieldSource(origin="extracted", confidence="medium", doubt=f"11/4/2024 {doubt}")})
    words = ContractRecord(id="c3", signature_date=date(2024, 4, 11), parties=parties)
    assert not dup._same_dates(first, second) and "signature date" in dup._metadata_conflicts(first, second)
    assert dup._same_dates(second, words)  # figures and words: the other reading of the figures
