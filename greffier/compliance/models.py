"""Shapes that flow through a scan: classified chunks, contract facts, findings, rule checks, events.

These are plain frozen dataclasses (no database): the scanning pipeline's components exchange them
and :mod:`store.flags` turns findings into stored :class:`store.compliance_models.Flag`
rows.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any, Literal

from greffier.dataroom.normalize import fold
from greffier.text import section_label

DOCUMENT_CHUNK = "document"  # chunk id of a finding about the whole contract (a missing clause)
EventKind = Literal["chunk_classified", "rule_check", "flag_found", "scan_done"]

CHECKED = "checked"
SKIPPED_NO_LLM = "skipped: no LLM available"
# What an LLM review rule made of a keyword or regex hit (``details["review"]["status"]``).
TO_CONFIRM, CONFIRMED, DISMISSED = "to confirm", "confirmed", "dismissed"
START_OF_DOCUMENT = "start of the document (before any heading)"


def place_of(page: int | None, page_end: int | None, section: str | None, *, whole_contract: bool = False) -> str:
    """Where a finding stands, as a reviewer reads it: « p. 3–4 · ARTICLE 5 — DURÉE » (no page for
    formats without pages: DOCX, HTML, Markdown, text)."""
    if whole_contract:
        return "whole contract"
    pages = ""
    if page is not None:
        pages = f"p. {page}" if page_end in (None, page) else f"pp. {page}–{page_end}"
    return " · ".join(part for part in (pages, section_label(section, whole_path=True)) if part) or "(place unknown)"


@dataclass(frozen=True)
class ClassifiedChunk:
    """A chunk of a contract with the clause types the classifier gave it."""

    id: str
    document_id: str
    index: int
    text: str
    section: str | None = None
    page: int | None = None
    page_end: int | None = None
    clause_types: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class DocumentFacts:
    """What the data-room record says about a contract (the date and law conditions read it)."""

    id: str
    file: str = ""
    title: str = ""
    contract_type: str | None = None
    signature_date: date | None = None
    end_date: date | None = None
    governing_law: str | None = None
    # an amendment carries the clauses it changes, not the whole contract's: a "missing clause" rule says nothing on it;
    # ``amends``: the file of the contract it is attached to (None: attached to none)
    is_amendment: bool = False
    amends: str | None = None
    evidence: dict[str, list[str]] = field(default_factory=dict)  # field → chunk ids behind it
    # field → why its value is not sure (read with low confidence: an "at the earliest" end, a cover's date): a date rule's
    # hit on it is marked "to confirm" with the reason, never taken as known
    doubts: dict[str, str] = field(default_factory=dict)
    # the record's renewal ("automatic", "none", …; None: nothing says): a contract that renews by itself has not ended on the
    # date its initial term ends
    renewal: str | None = None
    renewal_length: str | None = None  # each renewed term's length ("1 year"): the term running today when the first has ended
    # the notice that stops a renewal ("3 months"): past its deadline, the term running renews (no notice given in the data room)
    renewal_notice: str | None = None
    # the file this contract is most likely a copy or a translation of: its flags repeat that one's, and say so
    copy_of: str | None = None
    # what the document is when it is no contract (« an internal memo »): no rule applies to it
    not_contract: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("signature_date", "end_date"):
            data[key] = data[key].isoformat() if data[key] else None
        return data


#: What a flag of a copy says (``details["copy_of"]``: the file of the contract it most likely copies or translates)
COPY_NOTE = "possible copy of {original}: the same flag is raised there; decide both together"


def normalised_excerpt(text: str) -> str:
    """The excerpt as compared across scans: no accents, case, punctuation or spacing differences."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", fold(text)).split())


def excerpt_hash(text: str) -> str:
    return hashlib.sha256(normalised_excerpt(text).encode()).hexdigest()[:16]


def flag_identity(playbook: str, rule_id: str, document_id: str, chunk_id: str, excerpt: str) -> str:
    """A finding's stable id: same playbook, rule, document, chunk and (normalised) excerpt → same id."""
    key = "\x1f".join((playbook, rule_id, document_id, chunk_id or DOCUMENT_CHUNK, excerpt_hash(excerpt)))
    return hashlib.sha256(key.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Finding:
    """One rule that fired on one clause (or on the whole contract: ``chunk_id == "document"``).

    ``chunk_id`` is the first chunk of the clause (the passage to open); the place a reviewer reads
    is ``page``–``page_end`` and ``section`` (:attr:`place`); ``details["excerpts"]`` keeps every
    excerpt when the clause runs over several chunks."""

    playbook: str
    playbook_version: str
    rule_id: str
    rule_title: str
    document_id: str
    chunk_id: str
    severity: str
    explanation: str
    recommendation: str
    excerpt: str
    file: str = ""
    page: int | None = None
    page_end: int | None = None
    section: str | None = None
    clause_types: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def identity(self) -> str:
        return flag_identity(self.playbook, self.rule_id, self.document_id, self.chunk_id, self.excerpt)

    @property
    def place(self) -> str:
        return place_of(self.page, self.page_end, self.section, whole_contract=self.chunk_id == DOCUMENT_CHUNK)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.identity, **asdict(self), "clause_types": list(self.clause_types), "place": self.place}


@dataclass(frozen=True)
class RuleCheck:
    """How one rule went on one contract: ``status`` is ``checked``, ``skipped: …``,
    ``not applicable: …`` or ``error: …``; only a checked rule can make a finding disappear."""

    rule_id: str
    document_id: str
    status: str
    chunks: int = 0
    findings: int = 0
    detail: str | None = None
    dismissed: list[dict[str, Any]] = field(default_factory=list)  # hits an LLM review dismissed, with its reason

    @property
    def evaluated(self) -> bool:
        return self.status == CHECKED

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ScanEvent:
    """Progress of a scan: ``chunk_classified`` (index/total over chunks), ``rule_check`` (over rule ×
    contract pairs), ``flag_found`` and ``scan_done``."""

    kind: EventKind
    index: int = 0
    total: int = 0
    document_id: str | None = None
    chunk_id: str | None = None
    rule_id: str | None = None
    detail: str | None = None


EventCallback = Callable[[ScanEvent], None]


class ByReference:
    """Passes an object through a Haystack pipeline uncopied (the pipeline deep-copies its inputs):
    an LLM client, or a progress callback that must reach the caller's own list."""

    def __init__(self, value: Any) -> None:  # noqa: ANN401
        self.value = value

    def __deepcopy__(self, memo: dict) -> ByReference:
        return self


def unwrap(value: Any) -> Any:  # noqa: ANN401
    return value.value if isinstance(value, ByReference) else value


def emit(callback: EventCallback | ByReference | None, event: ScanEvent) -> None:
    callback = unwrap(callback)
    if callback is not None:
        callback(event)
