"""SQLModel tables of a workspace database.

Names avoid ``Document`` (Haystack's class): a stored document is a :class:`Contract` (amendments and
other acts included), its pieces are :class:`Chunk` rows, and each file seen by ingestion has a
:class:`SourceFile` record (one data-room JSON file yields many contracts).
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import JSON, Column, Text
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class SourceFileBase(SQLModel):
    path: str = Field(primary_key=True, description="POSIX path relative to the workspace")
    kind: str = Field(default="file", description="file | dataroom_json")
    content_hash: str = ""
    size: int = 0
    status: str = Field(default="ok", index=True, description="ok | failed")
    error: str | None = None
    error_kind: str | None = None
    converter: str | None = None
    pages: int | None = None


class SourceFile(SourceFileBase, table=True):
    contract_ids: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    ingested_at: datetime = Field(default_factory=utcnow)


class ContractBase(SQLModel):
    id: str = Field(primary_key=True)
    file: str = Field(index=True, description="file name relative to the workspace (or the data-room entry's filename)")
    source_path: str = Field(index=True, description="the SourceFile this contract comes from")
    title: str = ""
    pages: int | None = None
    converter: str | None = None
    n_chunks: int = 0
    content_hash: str = ""
    position: int = Field(default=0, index=True, description="order within its source (data-room order)")


class Contract(ContractBase, table=True):
    text: str = Field(default="", sa_column=Column(Text, nullable=False))
    warnings: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Metadata as given by a data-room manifest, kept verbatim (normalisation happens elsewhere).
    manifest: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class ChunkBase(SQLModel):
    id: str = Field(primary_key=True, description="<contract id>-<k>")
    contract_id: str = Field(index=True, foreign_key="contract.id")
    chunk_index: int
    page: int | None = None
    page_end: int | None = None
    section: str | None = None
    start: int = 0
    end: int = 0


class Chunk(ChunkBase, table=True):
    text: str = Field(default="", sa_column=Column(Text, nullable=False))
    header: str | None = None
    # Space-joined BM25 tokens of header + text, so the lexical index rebuilds without re-tokenising.
    bm25_tokens: str = Field(default="", sa_column=Column(Text, nullable=False))
    # Clause-library types of the chunk, best first, labelled by the writer at ingest (a language-
    # independent key: search and the relevance check match a question's types against them).
    clause_types: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]"))


class WorkspaceMeta(SQLModel, table=True):
    key: str = Field(primary_key=True)
    value: str = ""


class ContractMeta(SQLModel, table=True):
    """The normalised data-room record of a contract (see greffier.dataroom), with the fields that
    filters use as indexed columns and the whole record as JSON."""

    contract_id: str = Field(primary_key=True)  # derived data, rebuilt as a whole: no foreign key
    position: int = Field(default=0, index=True, description="data-room order")
    contract_type: str | None = Field(default=None, index=True)
    signature_date: date | None = Field(default=None, index=True)
    end_date: date | None = Field(default=None, index=True)
    initial_end_date: date | None = None
    governing_law: str | None = Field(default=None, index=True)
    is_amendment: bool = False
    amends: str | None = None
    entity_ids: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    record: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    content_hash: str = ""


class RecordCache(SQLModel, table=True):
    """A contract's data-room record before the data-room-wide steps (amendments, warnings), with its
    extraction, keyed by a hash of everything it was built from: after an ingest only the contracts
    that changed are extracted again (store.records.refresh_records)."""

    contract_id: str = Field(primary_key=True)
    input_hash: str = ""
    record: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    extraction: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
