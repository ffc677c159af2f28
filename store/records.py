"""Data-room records of a workspace: built by the writer from the stored contracts, read by everyone.

The writer (ingest, ``doctor --repair``) rebuilds the records as a whole after every change
(:func:`refresh_records`: amendments and duplicates link contracts to each other), under the writer
lock, and stamps them with the chunk generation they were built from. Readers (:func:`load_dataroom`)
never build: they get the stored records, cached in the workspace store until the stamp changes. A
read during an ingest sees the records of the last completed build.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from sqlalchemy import delete
from sqlmodel import select

from greffier.dataroom.extract import ChunkInput
from greffier.text import unwrap as unwrap_lines
from greffier.dataroom.extract import Extraction
from greffier.dataroom.records import ContractInput, ContractRecord, build_one, link_records
from store.workspace import WorkspaceStore
from store import repository as repo
from store.models import ContractMeta, RecordCache
import hashlib

log = logging.getLogger(__name__)

RECORDS_STAMP_KEY = repo.RECORDS_STAMP_KEY
# Bumped when the extraction or the record format changes, so stored records are rebuilt once
# (2: the rule that found the parties is kept; title names next to contract-type words fixed;
#  3: companies given a defined name in an English opening are parties;
#  4: parties read from the structure of the opening, with kind, defined names and confidence;
#     signature date from the opening, the laws of every US state, province and main country;
#     amendments read by meaning, signatories kept;
#  5: chunk lines un-wrapped by greffier.text.unwrap, sentences by greffier.text.split_sentences;
#  6: dates read through the contract's own definitions, each with how sure it is;
#  7: a blank party in any list of the opening, a party named only "the undersigned" and one read from the
#     signature blocks only make the parties uncertain; an end that is only a bound is uncertain; the room's
#     companies named in another contract's opening, and the names as written, are kept for the party filter;
#  8: the names each opening and signature block writes are kept (a party filter lists apart a contract that writes
#     the name asked without being read with it); "the date that is the Nth anniversary of …", "the date first set out above");
#  9: the warnings name an article by its heading and page, not its chunk id, and an amendment by its title, in English
#     (« end date 2026-03-31 → 2028-03-31 (amendment « AVENANT N° 1 … ») », was « fin … (avenant c06) »).
#  10: a possible duplicate is named by its title and file name (« possible duplicate of « BAIL COMMERCIAL » (bail.pdf):
#     same parties, … »), was by its id (« possible duplicate of c16 (…) »).
#  11: parties of numbered lists, of a list after a PREAMBLE heading, and those joining "solely for purposes of …" are read;
#     a group named by its role ("the Lenders party hereto") is no party; signature blocks are read wherever they stand;
#     parties described in other words (an address, "a national banking association", persons listed one after the other).
#  12: an amendment's warnings name it and the contracts it could amend by title and file (« amendment « AVENANT N° 3 »
#     (avenant_3.pdf): no contract with the same parties: not attached »), was by id (« avenant c21: … (c02, c04) »).
#  13: a record has the language of its text; a contract with the same parties, type and signature date as another
#     but in another language is a « possible translation of … » (was « possible duplicate of … », while the
#     Duplicates page called it a translation); a date « as written » starts at a word (was « glish text is … »).
#  14: the names an opening writes include "eBay", "salesforce.com" and "Acme (UK) Limited"; and from this format on a
#      record also depends on the code that extracts it (:data:`EXTRACTION_CODE`): a change of an extraction rule rebuilds
#      the records at the next ingest (41 rule changes since format 13 had not).
RECORDS_FORMAT = 17  # 17: the start date; 16: documents that are no contract (a memo, minutes) told apart; 15: the renewal read


def _source_digest(*packages: str) -> str:
    """A digest of the Python sources of ``packages`` (their files, in order): what records are extracted with."""
    digest = hashlib.sha256()
    for package in packages:
        root = Path(importlib.import_module(package).__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


#: The extraction code's digest (the data-room rules and the text and polarity helpers they read with), part of each record's cache key
#: and of the records' stamp.
EXTRACTION_CODE = _source_digest("greffier.dataroom", "greffier.text", "greffier.compliance")  # compliance: the clause-polarity helper the renewal reader uses


def _records_stamp(generation: int) -> str:
    return f"{generation}:v{RECORDS_FORMAT}:{EXTRACTION_CODE}"


@dataclass(frozen=True)
class DataRoom:
    """Every record of a workspace in data-room order, with lookups computed once per data room."""

    records: tuple[ContractRecord, ...]
    generation: int

    @cached_property
    def by_id(self) -> dict[str, ContractRecord]:
        return {r.id: r for r in self.records}

    @cached_property
    def order(self) -> dict[str, int]:
        """Position of each contract id in :attr:`records` (the order lists are given in)."""
        return {r.id: i for i, r in enumerate(self.records)}

    @cached_property
    def standalone_records(self) -> tuple[ContractRecord, ...]:
        """Records without the amendments attached to a contract (those are reported with it)."""
        return tuple(r for r in self.records if not (r.is_amendment and r.amends))

    @cached_property
    def by_entity(self) -> dict[str, frozenset[str]]:
        """Contract ids per party entity id."""
        index: dict[str, set[str]] = {}
        for record in self.records:
            for party in record.parties:
                index.setdefault(party.entity_id, set()).add(record.id)
        return {entity: frozenset(ids) for entity, ids in index.items()}

    @cached_property
    def by_name_word(self) -> dict[str, frozenset[str]]:
        """Contract ids per word of the names each contract writes (its opening's and signature blocks'
        runs of capitalised words, its parties' ids): where a party filter looks up a name that no contract
        was read with, before checking each contract found (:func:`greffier.dataroom.normalize.names_entity`)."""
        index: dict[str, set[str]] = {}
        for record in self.records:
            words = set(record.opening_names.split()) | set(record.signature_names.split())
            words |= {w for party in record.parties for w in party.entity_id.split("_")}
            for word in words - {"|"}:
                index.setdefault(word, set()).add(record.id)
        return {word: frozenset(ids) for word, ids in index.items()}

    @cached_property
    def squeezed_entities(self) -> dict[str, str]:
        """Each party entity id without its word breaks ("smbc_nikko" → "smbcnikko"): a filter value spelt
        another way is looked up in these."""
        return {entity: entity.replace("_", "") for entity in self.by_entity}

    @cached_property
    def allowed(self) -> dict[str, list[str]]:
        """The values filters accept, taken from the data loaded: entity ids (and their names),
        contract types and governing laws."""
        entities: dict[str, str] = {}
        types: set[str] = set()
        laws: set[str] = set()
        for record in self.records:
            for party in record.parties:
                entities.setdefault(party.entity_id, party.raw_name)
            if record.contract_type:
                types.add(record.contract_type)
            if record.governing_law:
                laws.add(record.governing_law)
        return {"entity_ids": sorted(entities), "contract_types": sorted(types), "governing_laws": sorted(laws), "entity_names": [entities[e] for e in sorted(entities)]}


def unwrap(text: str, section: str | None = None) -> str:
    """A stored chunk's lines as extraction rules read them: lines a PDF or a hard-wrapped text file
    broke mid-sentence joined back (« pour une durée de neuf / années » → one line), the heading line
    apart (:func:`greffier.text.unwrap`). The line that is the chunk's ``section`` heading stays a line of its
    own, whatever its case: a heading "Parties" joined to the names under it read "Parties Harrowgate Software
    Limited" as one party."""
    heading = " ".join((section or "").split())
    lines = text.splitlines()
    at = next((k for k, line in enumerate(lines) if heading and " ".join(line.split()) == heading), None)
    if at is None:
        return unwrap_lines(text)
    return "\n".join(filter(None, [unwrap_lines("\n".join(lines[:at])), heading, unwrap_lines("\n".join(lines[at + 1 :]))]))


def _input_hash(contract: ContractInput) -> str:

    return hashlib.sha256(f"v{RECORDS_FORMAT}:{EXTRACTION_CODE}\n{contract.model_dump_json()}".encode()).hexdigest()


def _built(workspace: WorkspaceStore, inputs: list[ContractInput]) -> list[tuple[ContractRecord, Extraction]]:
    """Each contract's record and extraction: from the cache when the contract (and the record
    format) is unchanged, extracted again otherwise; the cache is updated and pruned."""
    with workspace.session() as session:
        cached = {row.contract_id: row for row in session.exec(select(RecordCache))}
        built: list[tuple[ContractRecord, Extraction]] = []
        fresh = 0
        for contract in inputs:
            digest = _input_hash(contract)
            row = cached.pop(contract.id, None)
            if row is not None and row.input_hash == digest:
                built.append((ContractRecord.model_validate(row.record), Extraction.model_validate(row.extraction)))
                continue
            record, extraction = build_one(contract)
            built.append((record, extraction))
            fresh += 1
            row = row or RecordCache(contract_id=contract.id)
            row.input_hash = digest
            row.record = record.model_dump(mode="json")
            row.extraction = extraction.model_dump(mode="json")
            session.add(row)
        for gone in cached.values():  # contracts removed from the workspace
            session.delete(gone)
    log.info("data-room records: %d contracts extracted, %d from the cache", fresh, len(inputs) - fresh)
    return built


def _inputs(workspace: WorkspaceStore) -> list[ContractInput]:
    with workspace.session() as session:
        contracts = repo.list_contracts(session=session)
        chunk_rows = repo.chunk_rows_by_contract(session=session)
        inputs = []
        for contract in contracts:
            chunks = chunk_rows.get(contract.id, [])
            inputs.append(
                ContractInput(
                    id=contract.id,
                    file=contract.file,
                    title=contract.title,
                    text=contract.text,
                    chunks=[ChunkInput(id=cid, section=section or "", text=unwrap(text, section), page=page) for cid, section, text, page in chunks],
                    manifest=dict(contract.manifest or {}),
                    position=contract.position,
                )
            )
    return inputs


def records_stamp(generation: int) -> str:
    """The stamp of records built from chunk generation ``generation`` with this code's format."""
    return _records_stamp(generation)


def refresh_records(workspace: WorkspaceStore) -> int:
    """Rebuild and store the records when the chunks (or the record format) changed since they were
    built; returns their count, or -1 when they were current. Writer only (under the writer lock)."""
    generation = workspace.generation()
    with workspace.session() as session:
        stamp = repo.get_meta(session=session, key=RECORDS_STAMP_KEY)
    if stamp == _records_stamp(generation):
        return -1
    records = link_records(_built(workspace, _inputs(workspace)))
    with workspace.session() as session:
        session.exec(delete(ContractMeta))
        for order, record in enumerate(records):
            session.add(
                ContractMeta(
                    contract_id=record.id,
                    position=order,
                    contract_type=record.contract_type,
                    signature_date=record.signature_date,
                    end_date=record.end_date,
                    initial_end_date=record.initial_end_date,
                    governing_law=record.governing_law,
                    is_amendment=record.is_amendment,
                    amends=record.amends,
                    entity_ids=sorted({p.entity_id for p in record.parties}),
                    record=record.model_dump(mode="json"),
                )
            )
        repo.set_meta(session=session, key=RECORDS_STAMP_KEY, value=_records_stamp(generation))
    return len(records)


def records_current(workspace: WorkspaceStore) -> bool:
    """Whether the stored records were built from the current chunks with this code's format (when
    not, the next ingest or ``doctor --repair`` rebuilds them)."""
    if not workspace.exists():
        return True
    with workspace.session() as session:
        stamp = repo.records_stamp(session=session)
    return stamp == _records_stamp(workspace.generation())


def load_dataroom(workspace: WorkspaceStore) -> DataRoom:
    """The workspace's stored records (never built here: see :func:`refresh_records`), cached in the
    workspace store until the writer stores new ones."""
    if not workspace.exists():
        return DataRoom((), 0)
    with workspace.session() as session:
        stamp = repo.records_stamp(session=session)

    def read() -> DataRoom:
        with workspace.session() as session:
            rows = repo.data_room_records(session=session)
        generation = int(stamp.split(":", 1)[0]) if stamp else 0
        return DataRoom(tuple(ContractRecord.model_validate(row) for row in rows), generation)

    return workspace.memo("dataroom.records", read, stamp=stamp)
