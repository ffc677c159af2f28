"""Synthetic data rooms: deterministic, well-formed, with a ground truth that agrees with the entries,
and written files that Greffier ingests without a failure."""

from __future__ import annotations

import json
import re
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

import pytest
from stdnum.fr import siren

from greffier.config import load_settings
from greffier.dataroom.normalize import parse_date
from greffier.dataroom.json_index import read_dataroom
from greffier.services.ingest import Ingestor
from devtools.synthetic import (
    FLAG_CLAUSES,
    METADATA_KEYS,
    DataRoomTruth,
    date_text,
    generate_contracts,
    generate_dataroom,
    write_files,
)

ARTICLE_LINE = re.compile(r"^(?:ARTICLE|Article|Clause|Section)\s+(?:\d+|premier)\b", re.MULTILINE)
FR_WORDS = re.compile(r"\b(?:le|la|les|des|du|est|une|et)\b")
EN_WORDS = re.compile(r"\b(?:the|of|and|is|shall|this)\b")
COMPANY_PREFIXES = ("Groupe", "Foncière", "Banque", "Cabinet", "Atelier", "Maison", "Comptoir", "Laboratoires")


@pytest.fixture(scope="module")
def room() -> tuple[list[dict], DataRoomTruth]:
    return generate_dataroom(400, seed=7)


def _language(text: str) -> str:
    return "fr" if len(FR_WORDS.findall(text)) > len(EN_WORDS.findall(text)) else "en"


def _stem(short_name: str) -> str:
    """The invented word of a company name: "Maison Peranlis" → "Peranlis", "Ferlande Transports" → "Ferlande"."""
    words = short_name.split()
    return words[1] if len(words) > 1 and words[0] in COMPANY_PREFIXES else words[0]


def _dump(entries: list[dict], truth: DataRoomTruth) -> str:
    return json.dumps([entries, truth.to_json()], ensure_ascii=False, sort_keys=True)


# --------------------------------------------------------------------------------- determinism


def test_the_same_seed_gives_the_same_room_and_another_seed_another():
    first, again, other = generate_dataroom(150, seed=3), generate_dataroom(150, seed=3), generate_dataroom(150, seed=4)
    assert _dump(*first) == _dump(*again)
    assert _dump(*first) != _dump(*other)
    assert generate_contracts(150, seed=3) == first[0]


def test_arguments_are_checked():
    entries, truth = generate_dataroom(0)
    assert entries == [] and truth.contracts == ()
    with pytest.raises(ValueError, match="languages"):
        generate_dataroom(5, languages=("de",))
    with pytest.raises(ValueError, match="negative"):
        generate_dataroom(-1)
    with pytest.raises(ValueError, match="articles"):
        generate_dataroom(5, articles=(6, 4))


# ------------------------------------------------------------------------------ counts, fields


def test_counts_fields_and_kinds(room, tmp_path):
    entries, truth = room
    assert len(entries) == len(truth.contracts) == 400
    assert all(set(e) <= {"filename", "content", *METADATA_KEYS} for e in entries)
    assert all(e["filename"] and e["content"].strip() for e in entries)
    assert len({e["filename"] for e in entries}) == 400
    kinds = Counter(c.kind for c in truth.contracts)
    assert kinds == {"original": 336, "amendment": 32, "duplicate": 16, "translation": 16}
    assert len(truth.amendments) == 32 and len(truth.duplicates) == 16 and len(truth.translations) == 16
    assert {c.language for c in truth.contracts} == {"fr", "en"}
    assert len({c.contract_type for c in truth.contracts}) >= 10
    assert [c.position for c in truth.contracts] == list(range(400))
    assert all(c.filename == e["filename"] for c, e in zip(truth.contracts, entries))
    path = tmp_path / "room.json"
    path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    parsed = read_dataroom(path)  # the ingester's own reader: no entry problem, no field warning
    assert not [p for e in parsed for p in (*e.problems, *e.warnings)]


def test_originals_have_4_to_15_articles_and_a_signature_block(room):
    entries, truth = room
    for entry, contract in zip(entries, truth.contracts):
        headings = ARTICLE_LINE.findall(entry["content"])
        assert len(headings) == contract.articles
        if contract.kind == "original":
            assert 4 <= contract.articles <= 15
        assert re.search(r"^(?:Fait à .+, le |Signed in .+ on )", entry["content"], re.MULTILINE)


def test_french_only_rooms_have_no_translation():
    entries, truth = generate_dataroom(60, seed=1, languages=("fr",))
    assert {c.language for c in truth.contracts} == {"fr"}
    assert not truth.translations and len(entries) == 60


# ------------------------------------------------------------------------------------ metadata


def test_sirens_are_valid_and_line_up_with_parties(room):
    entries, truth = room
    checked = 0
    for entry, contract in zip(entries, truth.contracts):
        sirens = entry.get("siren_parties")
        if sirens is None:
            continue
        assert len(sirens) == len(contract.party_ids)
        for number, company_id in zip(sirens, contract.party_ids):
            company = truth.company(company_id)
            if number is None:
                assert company.siren is None and company.country != "FR"
            else:
                assert siren.is_valid(number) and siren.compact(number) == company.siren
                checked += 1
    assert checked > 400
    assert all(siren.is_valid(c.siren) for c in truth.companies if c.country == "FR")
    assert any(" " in (s or "") for e in entries for s in e.get("siren_parties") or [])  # some written "552 100 554"


def test_metadata_dates_read_as_the_true_dates_in_varied_formats(room):
    entries, truth = room
    shapes = Counter()
    for entry, contract in zip(entries, truth.contracts):
        if entry.get("signature_date"):
            assert parse_date(entry["signature_date"]) == contract.signature_date
            shapes[re.sub(r"\d", "9", re.sub(r"[^\W\d_]+", "a", entry["signature_date"]))] += 1
        if entry.get("end_date"):
            assert parse_date(entry["end_date"]) == contract.initial_end_date
    assert len(shapes) >= 6  # ISO, « 28 mars 2022 », 03/06/2024, 2019/10/14, ISO with time...


def test_missing_metadata_is_recorded(room):
    entries, truth = room
    dropped = Counter(field for c in truth.contracts for field in c.missing_metadata)
    assert sum(dropped.values()) >= 20
    for entry, contract in zip(entries, truth.contracts):
        for field in contract.missing_metadata:
            assert entry.get(field) is None
        if entry.get("end_date") is None and "end_date" not in contract.missing_metadata:
            assert contract.initial_end_date is None  # an indefinite term, not a dropped value
        if entry.get("governing_law") is None and "governing_law" not in contract.missing_metadata:
            assert contract.governing_law is None
            assert not re.search(r"soumis au droit|régi par le droit|governed by", entry["content"])


def test_lookalike_names_are_distinct_companies_and_some_names_are_written_two_ways(room):
    _, truth = generate_dataroom(1500, seed=2)
    assert truth.lookalikes
    for first_id, second_id in truth.lookalikes:
        first, second = truth.company(first_id), truth.company(second_id)
        assert first.siren != second.siren and first.name != second.name
        assert SequenceMatcher(None, _stem(first.short_name), _stem(second.short_name)).ratio() > 0.8
    assert len(truth.spellings) >= 20
    assert all(len(names) >= 2 for names in truth.spellings.values())


# ----------------------------------------------------------------------------- planted facts


def test_duplicates_are_the_same_contract_re_uploaded(room):
    entries, truth = room
    for duplicate in truth.duplicates:
        copy, original = truth.contracts[duplicate.position], truth.contracts[duplicate.original]
        assert copy.kind == "duplicate" and original.kind == "original" and copy.source == original.position
        assert entries[duplicate.position]["content"] == entries[duplicate.original]["content"]
        assert copy.party_ids == original.party_ids and copy.contract_type == original.contract_type
        assert copy.signature_date == original.signature_date and copy.end_date == original.end_date
        assert "filename" in duplicate.tweaks and len(duplicate.tweaks) >= 2
        differing = {k for k in METADATA_KEYS if entries[duplicate.position].get(k) != entries[duplicate.original].get(k)}
        assert differing, "a duplicate's metadata must differ from its original's somewhere"


def test_translations_are_the_same_contract_in_the_other_language(room):
    entries, truth = room
    for translation in truth.translations:
        version, original = truth.contracts[translation.position], truth.contracts[translation.original]
        assert version.language == translation.language != original.language
        assert _language(entries[translation.position]["content"]) == version.language
        assert _language(entries[translation.original]["content"]) == original.language
        assert (version.party_ids, version.contract_type, version.signature_date, version.end_date, version.governing_law) == (
            original.party_ids, original.contract_type, original.signature_date, original.end_date, original.governing_law
        )
        assert version.clauses == original.clauses
        assert re.match(r"(?:Traduction de courtoisie|Courtesy translation) — ", entries[translation.position].get("title") or "Traduction de courtoisie — ")


def test_amendments_cite_an_earlier_contract_of_the_same_parties(room):
    entries, truth = room
    acts = Counter(
        (frozenset(c.party_ids), c.signature_date) for c in truth.contracts if c.kind != "amendment"
    )
    for amendment in truth.amendments:
        own, target = truth.contracts[amendment.position], truth.contracts[amendment.target]
        assert own.kind == "amendment" and own.contract_type == "avenant" and target.kind == "original"
        assert own.source == target.position
        assert set(own.party_ids) == set(target.party_ids)
        assert amendment.cited_date == target.signature_date and own.signature_date > target.signature_date
        assert acts[(frozenset(target.party_ids), target.signature_date)] == 1  # the cited date names one contract
        content = entries[amendment.position]["content"]
        us = own.language == "en" and any(truth.company(p).country == "US" for p in own.party_ids)
        assert date_text(amendment.cited_date, own.language, us=us) in content
        if amendment.kind == "postpones":
            assert amendment.new_end_date > amendment.previous_end_date
            assert date_text(amendment.new_end_date, own.language, us=us) in content
        else:
            assert amendment.new_end_date == amendment.previous_end_date and amendment.new_price
    for target_position in {a.target for a in truth.amendments}:
        latest = max((a for a in truth.amendments if a.target == target_position), key=lambda a: a.number)
        target = truth.contracts[target_position]
        assert target.end_date == latest.new_end_date
        assert target.initial_end_date == min(
            (a for a in truth.amendments if a.target == target_position), key=lambda a: a.number
        ).previous_end_date
    assert {a.kind for a in truth.amendments} == {"postpones", "price_only"}


def test_clauses_recorded_are_in_the_text(room):
    entries, truth = room
    wording = {
        "tacit_renewal": r"tacite|tacitement|automatically renewed",
        "uncapped_liability": r"aucun plafond|shall be unlimited",
        "change_of_control": r"changement de contrôle|change of control",
        "termination_for_convenience": r"pour convenance|sans motif|for convenience",
        "non_compete": r"activité concurrente|competing with",
        "exclusivity": r"exclusivit|exclusively",
    }
    seen = Counter()
    for entry, contract in zip(entries, truth.contracts):
        assert set(contract.clauses) <= set(FLAG_CLAUSES)
        for flag, pattern in wording.items():
            if flag in contract.clauses:
                assert re.search(pattern, entry["content"], re.IGNORECASE), (flag, entry["filename"])
                seen[flag] += 1
        if contract.governing_law == "droit français" and contract.language == "fr" and contract.kind != "amendment":
            assert "soumis au droit français" in entry["content"]
    assert all(seen[flag] > 5 for flag in wording)


# ------------------------------------------------------------------------------------- files


@pytest.mark.slow
def test_written_files_ingest_without_failure(tmp_path: Path):
    entries, _ = generate_dataroom(6, seed=13)  # one of each planted kind, PDFs of 2 pages
    written = write_files(entries, tmp_path / "room", formats=("pdf", "docx", "md", "html", "txt", "pdf"))
    assert [w.format for w in written] == ["pdf", "docx", "md", "html", "txt", "pdf"]
    assert all((tmp_path / "room" / w.path).is_file() for w in written)
    pdf_pages = [w.pages or 0 for w in written if w.format == "pdf"]
    assert min(pdf_pages) >= 1 and max(pdf_pages) >= 2  # real multi-page PDFs (an amendment fits on one page)
    assert write_files(entries, tmp_path / "again", formats=("pdf", "docx", "md", "html", "txt", "pdf")) == written
    assert all((tmp_path / "room" / w.path).read_bytes() == (tmp_path / "again" / w.path).read_bytes() for w in written)
    report = Ingestor(load_settings(tmp_path / "ws")).ingest(tmp_path / "room")
    assert report.failed == [] and len(report.ingested) == 6
    assert report.pages == sum(w.pages or 0 for w in written)
