"""Tables of the compliance scanner: review flags and scan runs (created by migration 3).

A :class:`Flag` is one finding of a playbook rule on a contract, kept across scans: its id is the
finding's identity (playbook, rule id, contract id, chunk id or ``"document"``, hash of the
normalised excerpt), so re-scanning updates the same row and its review status and note survive.
A finding that a later scan no longer makes is kept with ``present = False`` and ``gone_at`` set.
Flags have no foreign key to the contract: contract rows are replaced on re-ingest, flags are not.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Text
from sqlmodel import Field, SQLModel

from store.models import utcnow

FLAG_STATUSES = ("open", "resolved", "dismissed", "escalated")


class FlagBase(SQLModel):
    playbook: str = Field(index=True)
    playbook_version: str = ""
    rule_id: str = Field(index=True)
    rule_title: str = ""
    document_id: str = Field(index=True, description="contract id (no foreign key: survives re-ingest)")
    chunk_id: str = Field(default="document", description="chunk id, or 'document' for a whole-contract finding")
    file: str = Field(default="", description="file name relative to the workspace")
    page: int | None = None
    page_end: int | None = None
    section: str | None = None
    severity: str = Field(index=True, description="info | low | medium | high | critical")
    status: str = Field(default="open", index=True, description="open | resolved | dismissed | escalated")
    note: str | None = None


class Flag(FlagBase, table=True):
    id: str = Field(primary_key=True, description="identity hash of the finding")
    excerpt: str = Field(default="", sa_column=Column(Text, nullable=False))
    excerpt_hash: str = ""
    explanation: str = Field(default="", sa_column=Column(Text, nullable=False))
    recommendation: str = Field(default="", sa_column=Column(Text, nullable=False))
    clause_types: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    details: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # Review history: [{"at", "status", "note"}], oldest first.
    history: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    present: bool = Field(default=True, index=True, description="False once a scan no longer finds it")
    scan_id: str | None = Field(default=None, description="the last scan that found it")
    first_seen_at: datetime = Field(default_factory=utcnow)
    last_seen_at: datetime = Field(default_factory=utcnow)
    gone_at: datetime | None = None
    status_changed_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class ScanRun(SQLModel, table=True):
    """One scan: which playbook (and version) on which contracts, how each rule went, what changed."""

    id: str = Field(primary_key=True)
    playbook: str = Field(index=True)
    playbook_version: str = ""
    playbook_hash: str = ""
    status: str = Field(default="running", description="running | success | partial_success | failure")
    started_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None
    document_ids: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # [{"rule_id", "document_id", "status", "chunks", "findings", "detail"}]
    rule_checks: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    counts: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    errors: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    embedder: str = ""
    library: str = ""


TABLES = (Flag, ScanRun)
