"""Documents that are not contracts (an internal memo, a board's minutes, a report): told apart from the contracts, no field
read from them, listed apart by every filter with what they are, and no rule of a playbook applied to them (walkthrough 19:
the legal department's memo was a contract of the data room, its writer a party, and it was flagged for a missing
governing-law clause)."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.chat.listing import left_out_lines
from greffier.compliance.checks import NOT_A_CONTRACT, check_document
from greffier.compliance.library import load_library
from greffier.compliance.models import ClassifiedChunk, DocumentFacts
from greffier.compliance.playbooks import load_playbook
from greffier.dataroom.extract import split_articles
from greffier.dataroom.extract.document_kind import not_a_contract
from greffier.dataroom.records import ContractInput, build_records
from greffier.services.dataroom.query import DataRoomFilters, _filter, asked_names, resolve_filters
from store.records import DataRoom

MEMO_FR = """NOTE INTERNE – Synthèse des principaux baux (mise à jour mars 2024)

De : Direction juridique, Maison Verlaine SAS — À : Comité de direction — Date : 18 mars 2024

1. Baux

Le bail de l'entrepôt de Valence, conclu avec la SCI du Rhône, expire le 31 mars 2029 et relève du droit français.
Le contrat de transport avec Rhodanie Fret se renouvelle chaque année par tacite reconduction.
"""

MINUTES_EN = """MINUTES OF THE MEETING OF THE BOARD OF DIRECTORS OF HARBOR ANALYTICS, INC.

Held on 12 May 2025 at 10:00 a.m. Present: all directors.

1. The Chairman reported that the licence with Veltris Pharma SA will expire on 2 March 2027 and is governed by New York law.
"""

LEASE_FR = """BAIL COMMERCIAL

ENTRE LES SOUSSIGNÉS : la SCI du Rhône, société civile immobilière, ci-après « le Bailleur », ET : Maison Verlaine SAS, ci-après « le Preneur ».

ARTICLE 1 — DURÉE
Le présent bail est consenti pour une durée de neuf années à compter du 1er avril 2020 pour se terminer le 31 mars 2029.

ARTICLE 2 — DROIT APPLICABLE
Le présent bail est soumis au droit français.

Fait à Valence, le 15 mars 2020, en deux exemplaires.
"""


def _chunks(text: str, cid: str = "c1") -> list:
    return split_articles(cid, text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (MEMO_FR, "an internal memo"),
        (MINUTES_EN, "minutes of a meeting"),
        ("MEMORANDUM\n\nTo: the General Counsel. From: the contracts team.\n\nThe supply agreement renews on 1 January.", "an internal memo"),
        ("Procès-verbal des délibérations du conseil d'administration du 4 juin 2024\n\nLe conseil approuve les comptes.", "minutes of a meeting"),
        ("Rapport d'audit juridique — Projet Orion\n\nLe présent rapport résume les contrats revus.", "a report"),
        ("Note à l'attention du comité de direction\n\nLe contrat de franchise expire en 2027.", "an internal memo"),
        # what says it is a contract stays one, whatever its title
        ("MEMORANDUM OF UNDERSTANDING\n\nThis Memorandum is entered into between Alpha Ltd and Beta SA.", None),
        ("MEMORANDUM OF AGREEMENT\n\nThe parties hereby agree as follows.", None),
        ("Mémorandum d'entente entre la société Alpha et la société Beta", None),
        ("NOTE DE SYNTHÈSE\n\nARTICLE 1 — OBJET\nLa Banque Silvère ouvre au Groupe Tarvel un crédit de trésorerie.", None),
        ("NOTE INTERNE\n\nEntre les soussignés : Alpha SAS et Beta SARL, il a été convenu ce qui suit.", None),
        ("REPORT AND RECOMMENDATION\n\nIN WITNESS WHEREOF, the parties have signed this agreement.", None),
        (LEASE_FR, None),
        # the review of the round: acts written as minutes or memoranda, a contract's header, a contract's report title
        ("PROCÈS-VERBAL DE RÉCEPTION DES TRAVAUX\n\nLe maître d'ouvrage prononce la réception sans réserve.", None),
        ("MINUTES OF SETTLEMENT\n\nThe Plaintiff and the Defendant settle the action.", None),
        ("MEMORANDUM OF LEASE\n\nThe Landlord leases the Premises to the Tenant.", None),
        ("Contrat de prestation de services — Rapport d'activité mensuel\n\nLe Prestataire rend compte de ses services.", None),
        ("STRICTLY CONFIDENTIAL — FOR INTERNAL USE ONLY\nDISTRIBUTION AGREEMENT\nThis Agreement is dated 1 May 2024 and made between "
         "Alpha Ltd and Beta SA.\n1. APPOINTMENT\nAlpha appoints Beta as its distributor.", None),
        ("Maison Verlaine SAS — Procès-verbal de la réunion du comité de direction\n\nSéance du 12 mars 2026.", "minutes of a meeting"),
        ("Compte rendu\n\nDocument interne — ne constitue pas un engagement contractuel. Le bail expire en 2029.", "a document that says it is no contract"),
        ("SOFTWARE LICENSE AGREEMENT\n\nThis agreement is made by and between Harbor Analytics, Inc. and Veltris Pharma SA.", None),
    ],
)
def test_a_document_that_says_it_is_no_contract(text, kind):
    assert not_a_contract(text.splitlines()[0], _chunks(text)) == kind


def _room(*texts: str) -> DataRoom:
    inputs = [
        ContractInput(id=f"c{i}", file=f"c{i}.md", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return DataRoom(tuple(build_records(inputs)), generation=0)


def test_nothing_is_read_from_a_memo_as_from_a_contract():
    room = _room(LEASE_FR, MEMO_FR)
    lease, memo = room.records
    assert lease.not_contract is None and lease.end_date == date(2029, 3, 31) and lease.parties
    # its writer is no party, the lease's end it repeats is no end of its own, the law it names no law it is under
    assert memo.not_contract == "an internal memo"
    assert (memo.parties, memo.end_date, memo.signature_date, memo.governing_law, memo.renewal, memo.contract_type) == ([], None, None, None, None, None)
    assert memo.warnings == ["not a contract (an internal memo): no party, date, term or law is read from it"]


def _run(room: DataRoom, **filters):  # noqa: ANN201
    asked = DataRoomFilters.model_validate(filters)
    resolved, _notes = resolve_filters(asked, room)
    _, outcome = _filter(room, resolved, asked_names(asked))
    return [r.id for r in outcome.passing], outcome.unknown


@pytest.mark.parametrize(
    "filters",
    [
        {"end_date": {"before": "2030-01-01"}},
        {"governing_law": {"in": ["droit français"]}},
        {"contract_types": ["bail commercial"]},
        {"entity_ids": ["maison_verlaine"]},
    ],
)
def test_every_filter_lists_a_memo_apart_with_what_it_is(filters):
    room = _room(LEASE_FR, MEMO_FR)
    passing, unknown = _run(room, **filters)
    assert "c2" not in passing and unknown.get("c2") == "not a contract (an internal memo)", (passing, unknown)
    assert "c1" in passing, (passing, unknown)  # the lease is decided as before
    # the list's words: apart, under its own heading, in the question's language
    result = {"excluded_unknown": list(unknown), "unknown_reasons": unknown}
    names = {"c1": "BAIL COMMERCIAL (c1.md)", "c2": "NOTE INTERNE (c2.md)"}
    assert "Not listed because the document is not a contract: NOTE INTERNE (c2.md) (an internal memo)." in left_out_lines(result, names, "en")
    assert "Écartés parce que le document n'est pas un contrat\u00a0: NOTE INTERNE (c2.md) (une note interne)." in left_out_lines(result, names, "fr")


def test_a_list_without_filters_still_shows_the_memo():
    passing, unknown = _run(_room(LEASE_FR, MEMO_FR))
    assert passing == ["c1", "c2"] and unknown == {}


def test_no_rule_applies_to_a_memo():
    # the memo writes « tacite reconduction » and names a law: flagged as a contract, it raised a renewal flag and a missing
    # governing-law clause; as what it is, every rule is "not applicable", none "not run"
    chunks = [
        ClassifiedChunk(id=f"c2-{i}", document_id="c2", index=i, text=chunk.text, section=chunk.section, clause_types=())
        for i, chunk in enumerate(_chunks(MEMO_FR, "c2"), 1)
    ]
    playbook = load_playbook("ma_due_diligence")
    facts = DocumentFacts(id="c2", file="c2.md", not_contract="an internal memo")
    findings, checks = check_document(playbook, load_library(), facts, chunks, today=date(2026, 12, 6))
    assert findings == []
    assert {c.rule_id for c in checks} == {r.id for r in playbook.rules} and {c.status for c in checks} == {NOT_A_CONTRACT}
    # the same text read as a contract is flagged: the rules do see it
    as_contract, _ = check_document(playbook, load_library(), DocumentFacts(id="c2", file="c2.md"), chunks, today=date(2026, 12, 6))
    assert as_contract


def test_the_data_room_counts_a_memo_apart_and_lists_it_as_decided(tmp_path):
    # real files through the ingest: the table's counts reconcile with the workspace's documents, the memo is neither a
    # matching contract nor one "to check by hand" when a filter leaves it out
    from greffier.config import load_settings
    from greffier.services.dataroom.export import DECIDED, NOT_A_CONTRACT_REASON, dataroom_table
    from greffier.services.dataroom.query import SearchDataRoomArgs
    from greffier.services.ingest import Ingestor

    folder = tmp_path / "room"
    folder.mkdir()
    (folder / "Bail_Valence.md").write_text(LEASE_FR.replace("BAIL COMMERCIAL", "# BAIL COMMERCIAL", 1), encoding="utf-8")
    (folder / "Note_interne_2024.md").write_text(MEMO_FR.replace("NOTE INTERNE", "# NOTE INTERNE", 1), encoding="utf-8")
    settings = load_settings(tmp_path / "ws")
    assert Ingestor(settings).ingest(folder).failed == []
    table = dataroom_table(settings, SearchDataRoomArgs())
    assert table.counts["contracts"] == 1 and table.counts["not_contracts"] == 1 and table.counts["matching"] == 1, table.counts
    assert table.reconciliation.startswith("1 contract + 0 amendments + 1 document that is not a contract (a memo, minutes, a report) = the 2 documents")
    memo = next(row for row in table.rows if row["kind"] == "not a contract")
    assert memo["type"] == "not a contract (an internal memo)" and memo["parties"] is None and memo["ends"] is None
    filtered = dataroom_table(settings, SearchDataRoomArgs.model_validate({"filters": {"end_date": {"before": "2030-01-01"}}}))
    (apart,) = [row for row in filtered.left_out if row["file"].endswith("Note_interne_2024.md")]
    assert apart["reason"] == NOT_A_CONTRACT_REASON and apart["to do"] == DECIDED
    # an answer that quotes the memo says it is no contract, in the question's language
    from greffier.services.answering import answer

    said = answer(settings, "Selon la note interne, quand expire le bail de l'entrepôt ?", backend=None)
    assert not said["abstained"] and "mars 2029" in said["answer"], said["answer"]
    assert "Note_interne_2024.md n'est pas un contrat (une note interne) : ce qu'il dit d'un contrat peut être dépassé" in said["note"], said["note"]
    lease = answer(settings, "Quand le bail commercial de Valence prend-il fin ?", backend=None)
    assert "pas un contrat" not in (lease.get("note") or "")
