"""Attaching amendments to their contract and moving end dates."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.amendments import TermView, apply_amendments, is_amendment, link_amendments, resolve_amendments
from greffier.dataroom.extract import AmendmentClues, Finding, Period

PARTIES = frozenset({"orion_energie", "groupe_talvera"})


def found_date(value: date, chunk_id: str = "a-2") -> Finding[date]:
    return Finding[date](value=value, chunk_id=chunk_id, raw=value.isoformat(), rule="test")


def contract(contract_id: str, signed: date, end: date | None, **fields) -> TermView:
    return TermView(id=contract_id, party_ids=fields.pop("party_ids", PARTIES), signature_date=signed, end_date=end, **fields)


def amendment(contract_id: str, signed: date, **clues) -> TermView:
    party_ids = clues.pop("party_ids", PARTIES)
    return TermView(id=contract_id, party_ids=party_ids, contract_type="avenant", signature_date=signed, is_amendment=True, clues=AmendmentClues(**clues))


@pytest.mark.parametrize(
    ("contract_type", "title", "expected"),
    [
        ("avenant", "", True),
        (None, "Avenant n°1 au contrat de fourniture", True),
        (None, "First Amendment to the Lease", True),
        (None, "Addendum to the Services Agreement", True),
        (None, "Acte modificatif du bail", True),
        ("contrat de fourniture", "Contrat de fourniture d'électricité", False),
        (None, "", False),
    ],
)
def test_is_amendment(contract_type, title, expected):
    assert is_amendment(contract_type, title) is expected


def test_postponing_amendment_moves_the_current_end_date():
    contracts = [
        contract("c1", date(2023, 6, 19), date(2026, 6, 30)),
        amendment("a1", date(2026, 2, 16), cited_dates=[found_date(date(2023, 6, 19))], new_end_date=found_date(date(2028, 6, 30), "a1-3")),
    ]
    outcome = resolve_amendments(contracts)
    assert [(link.amendment_id, link.target_id) for link in outcome.links] == [("a1", "c1")]
    assert "cites the signature date 2023-06-19" in outcome.links[0].reason and outcome.links[0].chunk_id == "a-2"
    (change,) = outcome.changes
    assert (change.target_id, change.previous, change.current, change.chunk_id) == ("c1", date(2026, 6, 30), date(2028, 6, 30), "a1-3")
    assert change.message == "end date 2026-06-30 → 2028-06-30 (amendment « a1 »)"  # an amendment without a name: its id
    named = resolve_amendments([contracts[0], contracts[1].model_copy(update={"name": "Avenant n° 1 au contrat de fourniture"})])
    assert named.changes[0].message == "end date 2026-06-30 → 2028-06-30 (amendment « Avenant n° 1 au contrat de fourniture »)"


def test_price_only_amendment_moves_nothing():
    contracts = [
        contract("c1", date(2023, 6, 19), date(2026, 6, 30)),
        amendment("a1", date(2024, 1, 5), price_change=Finding[str](value="price changed", chunk_id="a1-2", raw="prix", rule="test")),
    ]
    outcome = resolve_amendments(contracts)
    assert outcome.links[0].target_id == "c1" and outcome.links[0].reason == "the only contract with the same parties"
    assert outcome.changes == []


def test_ambiguous_amendment_is_not_attached():
    contracts = [
        contract("c1", date(2021, 1, 4), date(2026, 1, 3)),
        contract("c2", date(2022, 5, 2), date(2027, 5, 1)),
        amendment("a1", date(2024, 1, 5), new_end_date=found_date(date(2030, 1, 1))),
    ]
    outcome = resolve_amendments(contracts)
    assert outcome.links[0].target_id is None and outcome.changes == []
    assert "2 contracts with the same parties (c1, c2)" in outcome.warnings["a1"][0]


def test_cited_date_chooses_among_contracts_with_the_same_parties():
    contracts = [
        contract("c1", date(2021, 1, 4), date(2026, 1, 3)),
        contract("c2", date(2022, 5, 2), date(2027, 5, 1)),
        amendment("a1", date(2024, 1, 5), cited_dates=[found_date(date(2022, 5, 2))]),
    ]
    assert link_amendments(contracts)[0].target_id == "c2"


def test_cited_type_chooses_when_no_date_is_cited():
    contracts = [
        contract("c1", date(2021, 1, 4), None, contract_type="bail commercial"),
        contract("c2", date(2022, 5, 2), None, contract_type="contrat de fourniture"),
        amendment("a1", date(2024, 1, 5), cited_type="bail commercial"),
    ]
    link = link_amendments(contracts)[0]
    assert link.target_id == "c1" and "bail commercial" in link.reason


def test_other_parties_and_later_contracts_are_not_candidates():
    contracts = [
        contract("c1", date(2021, 1, 4), None, party_ids=frozenset({"orion_energie", "valmore"})),
        contract("c2", date(2025, 5, 2), None),  # signed after the amendment
        amendment("a1", date(2024, 1, 5)),
    ]
    outcome = resolve_amendments(contracts)
    assert outcome.links[0].target_id is None and "no contract with the same parties" in outcome.warnings["a1"][0]


def test_sole_candidate_with_another_cited_date_is_attached_with_a_warning():
    contracts = [
        contract("c1", date(2021, 1, 4), None, name="Bail commercial", file_name="bail.pdf"),
        amendment("a1", date(2024, 1, 5), cited_dates=[found_date(date(2020, 3, 1))]).model_copy(update={"name": "Avenant n° 1", "file_name": "avenant.pdf"}),
    ]
    outcome = resolve_amendments(contracts)
    assert outcome.links[0].target_id == "c1"
    # both named by title and file, as a reader finds them (was « avenant a1 cites …, but c1 was signed … »)
    assert outcome.warnings["a1"] == ["amendment « Avenant n° 1 » (avenant.pdf) cites 2020-03-01, but « Bail commercial » (bail.pdf) was signed 2021-01-04"]


def test_several_amendments_apply_in_signature_order():
    contracts = [
        amendment("a2", date(2025, 3, 1), cited_dates=[found_date(date(2020, 1, 1))], new_end_date=found_date(date(2029, 12, 31))),
        contract("c1", date(2020, 1, 1), date(2024, 12, 31)),
        amendment("a1", date(2023, 3, 1), cited_dates=[found_date(date(2020, 1, 1))], new_end_date=found_date(date(2026, 12, 31))),
        amendment("a3", date(2026, 3, 1), cited_dates=[found_date(date(2020, 1, 1))]),  # price only
    ]
    outcome = resolve_amendments(contracts)
    assert [(c.amendment_id, c.previous, c.current) for c in outcome.changes] == [
        ("a1", date(2024, 12, 31), date(2026, 12, 31)),
        ("a2", date(2026, 12, 31), date(2029, 12, 31)),
    ]


def test_extension_by_a_period_counts_from_the_current_end():
    period = Finding[Period](value=Period(count=1, unit="years"), chunk_id="a1-1", raw="prorogé d'un an", rule="test")
    contracts = [contract("c1", date(2020, 1, 1), date(2024, 12, 31)), amendment("a1", date(2024, 6, 1), extension=period)]
    (change,) = resolve_amendments(contracts).changes
    assert change.current == date(2025, 12, 31)


def test_metadata_that_already_holds_the_new_end_date():
    target = contract("c1", date(2021, 2, 22), date(2028, 3, 31), text_end_date=date(2026, 3, 31))
    amending = amendment("a1", date(2026, 2, 10), new_end_date=found_date(date(2028, 3, 31)), initial_end_date=found_date(date(2026, 3, 31)))
    links = link_amendments([target, amending])
    outcome = apply_amendments([target, amending], links)
    (change,) = outcome.changes
    assert change.in_metadata and change.previous == date(2026, 3, 31) and change.current == date(2028, 3, 31)
    assert outcome.warnings == {}


def test_amendment_metadata_end_date_without_a_new_term_is_reported():
    contracts = [contract("c1", date(2021, 1, 1), date(2025, 12, 31)), amendment("a1", date(2023, 1, 1)).model_copy(update={"stated_end_date": date(2027, 12, 31)})]
    outcome = resolve_amendments(contracts)
    assert outcome.changes == [] and "in words not read as a new term" in outcome.warnings["a1"][0]
    # the contract says so too, and its end date is uncertain: an end-date filter lists it apart, never decides on it
    assert "end date 2025-12-31 uncertain" in outcome.warnings["c1"][0] and "2027-12-31" in outcome.uncertain_ends["c1"]


def test_initial_end_date_that_disagrees_with_the_target_is_reported():
    contracts = [
        contract("c1", date(2021, 1, 1), date(2025, 12, 31)),
        amendment("a1", date(2023, 1, 1), initial_end_date=found_date(date(2024, 12, 31)), new_end_date=found_date(date(2027, 12, 31))),
    ]
    outcome = resolve_amendments(contracts)
    assert "initially ended 2024-12-31" in outcome.warnings["c1"][0]
