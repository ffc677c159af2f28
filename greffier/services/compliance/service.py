"""Compliance scanning service: scan a contract or the workspace with a playbook, list and review flags.

Template of a scan (:func:`scan_workspace`): load the playbook (fails early with its lines at fault)
→ record a scan run → run the scanning pipeline (chunks → classification → rule checks → flags) →
close the run with its status (``success``, ``partial_success`` when a rule could not run, e.g. no
LLM, or ``failure``) → a :class:`ScanResult` whose ``to_json()`` is the CLI's ``scan --json``.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from store import flags as flags_repo
from greffier.compliance.conditions import readable_excerpt
from greffier.compliance.errors import ComplianceError
from greffier.compliance.models import DOCUMENT_CHUNK, ByReference, EventCallback, RuleCheck, ScanEvent, emit, place_of
from greffier.compliance.playbooks import SEVERITIES, Playbook, load_playbook, severity_rank
from greffier.config import Settings
from greffier.errors import GreffierError
from store.records import load_dataroom
from store.workspace import WorkspaceStore, open_workspace
from store import repository as repo
from store.compliance_models import FLAG_STATUSES, Flag, ScanRun
from pipelines.scanning import build_scanning_pipeline
from pipelines.generators.llm import resolve_llm

log = logging.getLogger(__name__)

DEFAULT_PLAYBOOK = "ma_due_diligence"
AUTO = "auto"


@dataclass
class ScanResult:
    """What one scan did: per contract and per rule, the flags found and what changed."""

    scan_id: str
    status: str
    playbook: dict[str, Any]
    documents: list[dict[str, Any]]
    skipped_documents: list[dict[str, Any]]
    checks: list[RuleCheck]
    flags: list[dict[str, Any]]
    outcome: dict[str, list[str]]
    llm: dict[str, Any]
    classifier: dict[str, Any]
    seconds: float
    errors: list[str] = field(default_factory=list)

    @property
    def skipped_rules(self) -> list[dict[str, Any]]:
        return [check.to_json() for check in self.checks if not check.evaluated and not check.status.startswith("not applicable")]

    def counts(self) -> dict[str, Any]:
        by_severity = Counter(f["severity"] for f in self.flags)
        return {
            "flags": len(self.flags),
            "new": len(self.outcome.get("new", [])),
            "seen": len(self.outcome.get("seen", [])),
            "reappeared": len(self.outcome.get("reappeared", [])),
            "gone": len(self.outcome.get("gone", [])),
            "by_severity": {s: by_severity[s] for s in reversed(SEVERITIES) if by_severity[s]},
        }

    def to_json(self) -> dict[str, Any]:
        rules: dict[str, Counter] = {}
        for check in self.checks:
            rules.setdefault(check.rule_id, Counter())[check.status] += 1
        return {
            "scan_id": self.scan_id,
            "status": self.status,
            "playbook": self.playbook,
            "counts": self.counts(),
            "documents": self.documents,
            "skipped_documents": self.skipped_documents,
            "rules": [{"rule_id": rule_id, "statuses": dict(statuses)} for rule_id, statuses in rules.items()],
            "skipped_rules": self.skipped_rules,
            "flags": self.flags,
            "gone": self.outcome.get("gone", []),
            "dismissed": [item for check in self.checks for item in check.dismissed],
            "llm": self.llm,
            "classifier": self.classifier,
            "seconds": round(self.seconds, 3),
            "errors": self.errors,
        }


def _pipeline(settings: Settings, playbook: Playbook, library: str | None) -> Any:  # noqa: ANN401
    """The warmed scanning pipeline for this playbook, kept in the workspace store."""

    store = open_workspace(settings)
    key = ("compliance.pipeline", settings.model_dump_json(include={"models", "store"}), playbook.source, playbook.content_hash, library or "")

    def build() -> Any:  # noqa: ANN401
        pipeline = build_scanning_pipeline(settings, store, playbook=playbook.source, library=library)
        pipeline.warm_up()
        return pipeline

    return store.memo(key, build)


def _resolve_llm(settings: Settings, playbook: Playbook, llm: Any) -> tuple[Any, dict[str, Any]]:  # noqa: ANN401
    """The LLM for ``llm`` rules: the one given, or (``"auto"``) the configured one when a rule needs it."""
    needs = any(rule.condition.kind == "llm" for rule in playbook.rules)
    if llm is not None and llm != AUTO:
        return llm, {"kind": getattr(llm, "kind", "custom"), "model": getattr(llm, "model", ""), "reason": None}
    if not needs:
        return None, {"kind": "none", "reason": "no rule of this playbook needs an LLM"}
    if llm is None:
        return None, {"kind": "none", "reason": "LLM turned off for this scan"}

    choice = resolve_llm(settings)
    return choice.backend, dict(choice.info)


def scan_document(settings: Settings, document_id: str, playbook: str | Path = DEFAULT_PLAYBOOK, **options: Any) -> ScanResult:  # noqa: ANN401
    """Scan one contract with ``playbook``; see :func:`scan_workspace` for the options."""
    return scan_workspace(settings, playbook, document_ids=[document_id], **options)


def scan_workspace(
    settings: Settings,
    playbook: str | Path = DEFAULT_PLAYBOOK,
    *,
    document_ids: list[str] | None = None,
    today: date | None = None,
    llm: Any = AUTO,  # noqa: ANN401
    library: str | None = None,
    on_event: EventCallback | None = None,
) -> ScanResult:
    """Scan the workspace's contracts (or ``document_ids``) with ``playbook`` and store the flags.

    Args:
        settings: the workspace and models.
        playbook: a playbook name (``playbooks/<name>.yaml``) or a YAML path.
        document_ids: only these contracts (None: all; flags of contracts since removed are marked gone).
        today: the day date conditions count from (default: today).
        llm: an LLM backend, ``"auto"`` (the configured one, when a rule needs it) or None (none).
        library: another clause library file.
        on_event: progress: ``chunk_classified``, ``rule_check``, ``flag_found``, ``scan_done``.

    Raises:
        PlaybookError: the playbook is unknown or invalid (lines and rule ids named).
        ComplianceError: unknown document id, or an empty workspace.
        WorkspaceError: the workspace does not exist.
    """
    started = time.perf_counter()
    workspace = open_workspace(settings)
    loaded = load_playbook(playbook)
    flags_repo.ensure_tables(workspace.engine)
    with workspace.session() as session:
        known = repo.contract_ids(session=session)
        stored = {f.document_id for f in flags_repo.list_flags(session=session, playbooks=[loaded.name])}
    if not known:
        raise ComplianceError(f"the workspace {workspace.root} has no documents: ingest some first ('python -m greffier ingest FOLDER')")
    unknown = [d for d in document_ids or [] if d not in known]
    if unknown:
        listed = ", ".join(sorted(known)[:30]) + (" …" if len(known) > 30 else "")
        raise ComplianceError(f"unknown document id {unknown[0]!r}: the workspace's documents are {listed} ('python -m greffier status')")
    removed = sorted(stored - known) if document_ids is None else []
    backend, llm_info = _resolve_llm(settings, loaded, llm)
    scan_id = uuid.uuid4().hex[:12]
    with workspace.session() as session:
        flags_repo.create_scan_run(
            session=session,
            scan=ScanRun(id=scan_id, playbook=loaded.name, playbook_version=loaded.version, playbook_hash=loaded.content_hash, document_ids=list(document_ids or [])),
        )
    pipeline = _pipeline(settings, loaded, library)
    events = ByReference(on_event) if on_event else None
    data = {
        "source": {"document_ids": document_ids},
        "classifier": {"on_event": events},
        "checker": {"today": today, "llm": ByReference(backend) if backend is not None else None, "on_event": events},
        "writer": {"scan_id": scan_id, "removed_document_ids": removed},
    }
    try:
        outputs = pipeline.run(data, include_outputs_from={"source", "classifier", "checker"})
    except Exception as exc:
        cause = exc.__cause__ if isinstance(exc.__cause__, GreffierError) else exc
        with workspace.session() as session:
            flags_repo.finish_scan_run(session=session, scan_id=scan_id, status="failure", checks=[], counts={}, errors=[f"{type(cause).__name__}: {cause}"])
        if cause is not exc:  # a user error inside a component: show it, not the pipeline's wrapper
            raise cause from None
        raise
    result = _result(workspace, scan_id, outputs, llm_info, time.perf_counter() - started)
    with workspace.session() as session:
        flags_repo.finish_scan_run(session=session, scan_id=scan_id, status=result.status, checks=result.checks, counts=result.counts(), errors=result.errors)
        scan = session.get(ScanRun, scan_id)
        if scan is not None:
            scan.document_ids = [d["id"] for d in result.documents]
            scan.embedder = result.classifier.get("embedder", "")
            scan.library = result.classifier.get("library", "")
            session.add(scan)
    emit(on_event, ScanEvent("scan_done", index=len(result.flags), total=len(result.flags), detail=result.status))
    return result


def _result(workspace: WorkspaceStore, scan_id: str, outputs: dict[str, Any], llm_info: dict[str, Any], seconds: float) -> ScanResult:
    checker = outputs["checker"]
    findings = checker["findings"]
    checks: list[RuleCheck] = checker["checks"]
    facts = outputs["source"]["facts"]
    chunks = outputs["classifier"]["documents"]
    ids = [finding.identity for finding in findings]
    with workspace.session() as session:
        rows = {flag_id: flag for flag_id in ids if (flag := session.get(Flag, flag_id)) is not None}
    flags = [flag_json(rows[i]) if i in rows else {"id": i, **findings[k].to_json()} for k, i in enumerate(ids)]
    skipped_ids = {d["document_id"] for d in checker["skipped_documents"]}
    per_document = Counter(f["document_id"] for f in flags)
    chunk_counts = Counter(doc.meta.get("doc_id") for doc in chunks)
    documents = [
        {"id": f.id, "file": f.file, "title": f.title, "contract_type": f.contract_type, "chunks": chunk_counts[f.id], "flags": per_document[f.id]}
        for f in facts
        if f.id not in skipped_ids
    ]
    errors = [f"{c.document_id} {c.rule_id}: {c.status}" for c in checks if c.status.startswith("error")]
    incomplete = any(not c.evaluated and not c.status.startswith("not applicable") for c in checks)
    return ScanResult(
        scan_id=scan_id,
        status="partial_success" if incomplete else "success",
        playbook=checker["playbook"],
        documents=documents,
        skipped_documents=checker["skipped_documents"],
        checks=checks,
        flags=flags,
        outcome=outputs.get("writer", {}).get("outcome", {}),
        llm=llm_info,
        classifier=outputs["classifier"]["meta"],
        seconds=seconds,
        errors=errors,
    )


# --- flags ---------------------------------------------------------------------------------------


def flag_json(flag: Flag) -> dict[str, Any]:
    """A stored flag as the CLI, the tools and the exports show it."""
    return {
        "id": flag.id,
        "status": flag.status,
        "note": flag.note,
        "severity": flag.severity,
        "playbook": flag.playbook,
        "playbook_version": flag.playbook_version,
        "rule_id": flag.rule_id,
        "rule_title": flag.rule_title,
        "document_id": flag.document_id,
        "file": flag.file,
        "page": flag.page,
        "page_end": flag.page_end,
        "section": flag.section,
        "place": place_of(flag.page, flag.page_end, flag.section, whole_contract=flag.chunk_id == DOCUMENT_CHUNK),
        "review": (flag.details or {}).get("review", {}).get("status"),
        "chunk_id": flag.chunk_id,
        "excerpt": readable_excerpt(flag.excerpt),
        "explanation": flag.explanation,
        "recommendation": flag.recommendation,
        "clause_types": list(flag.clause_types),
        "details": dict(flag.details),
        "present": flag.present,
        "first_seen_at": flag.first_seen_at.isoformat() if flag.first_seen_at else None,
        "last_seen_at": flag.last_seen_at.isoformat() if flag.last_seen_at else None,
        "gone_at": flag.gone_at.isoformat() if flag.gone_at else None,
        "status_changed_at": flag.status_changed_at.isoformat() if flag.status_changed_at else None,
        "history": list(flag.history),
    }


@dataclass(frozen=True)
class FlagFilters:
    """Which flags to list or export (every list: any of its values passes; empty: no filter)."""

    statuses: tuple[str, ...] = ()
    severities: tuple[str, ...] = ()
    min_severity: str | None = None
    playbooks: tuple[str, ...] = ()
    document_ids: tuple[str, ...] = ()
    include_gone: bool = False

    def check(self) -> FlagFilters:
        """Raises ComplianceError naming an unknown status or severity."""
        for status in self.statuses:
            if status not in FLAG_STATUSES:
                raise ComplianceError(f"unknown status {status!r}: use one of {', '.join(FLAG_STATUSES)}")
        for severity in [*self.severities, *([self.min_severity] if self.min_severity else [])]:
            if severity not in SEVERITIES:
                raise ComplianceError(f"unknown severity {severity!r}: use one of {', '.join(SEVERITIES)}")
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "status": list(self.statuses), "severity": list(self.severities), "min_severity": self.min_severity,
            "playbook": list(self.playbooks), "document": list(self.document_ids), "include_gone": self.include_gone,
        }

    def describe(self, playbook_titles: dict[str, str] | None = None) -> str:
        """The filters as a reviewer reads them: « status open or escalated · severity high or
        above · playbook Audit d'acquisition / M&A due diligence » ("every flag" when none is set); a
        playbook by its title in ``playbook_titles`` (name → title), by its name otherwise."""
        titles = playbook_titles or {}
        parts = []
        playbooks = tuple(titles.get(name, name) for name in self.playbooks)
        for label, values in (("status", self.statuses), ("severity", self.severities), ("playbook", playbooks), ("contract", self.document_ids)):
            if values:
                parts.append(f"{label} {' or '.join(values)}")
        if self.min_severity:
            parts.append(f"severity {self.min_severity} or above")
        if self.include_gone:
            parts.append("including flags no longer found")
        return " · ".join(parts) or "every flag"


def list_flags(settings: Settings, filters: FlagFilters | None = None) -> dict[str, Any]:
    """Flags of the workspace passing ``filters``, with the rules the latest scans could not run.

    Returns ``{"flags": [...], "counts": {...}, "skipped_rules": [...], "filters": {...}}``.
    """
    filters = (filters or FlagFilters()).check()
    workspace = open_workspace(settings)
    flags_repo.ensure_tables(workspace.engine)
    with workspace.session() as session:
        rows = flags_repo.list_flags(
            session=session, statuses=filters.statuses, severities=filters.severities, min_severity=filters.min_severity,
            playbooks=filters.playbooks, document_ids=filters.document_ids, include_gone=filters.include_gone,
        )
        checks = flags_repo.latest_rule_checks(session=session)
    skipped = [
        c for c in checks
        if c["status"] != "checked" and not c["status"].startswith("not applicable")
        and (not filters.playbooks or c["playbook"] in filters.playbooks)
        and (not filters.document_ids or c["document_id"] in filters.document_ids)
    ]
    flags = [flag_json(row) for row in rows]
    return {
        "flags": flags,
        "counts": {
            "flags": len(flags),
            "by_status": dict(Counter(f["status"] for f in flags)),
            "by_severity": dict(sorted(Counter(f["severity"] for f in flags).items(), key=lambda kv: -severity_rank(kv[0]))),
        },
        "skipped_rules": skipped,
        "filters": filters.to_json(),
    }


def unscanned_contracts(settings: Settings) -> list[dict[str, Any]]:
    """The contracts no finished scan has read since they were ingested or last changed (a file uploaded after the latest scan):
    their flags are missing, not absent (the app walk of round 31 read a complete list of flags without the new contract). A memo
    or minutes, to which no rule applies, is not one of them. Reads only."""
    store = open_workspace(settings)
    if not store.exists():
        return []
    with store.session() as session:
        scans = flags_repo.latest_scans(session=session)  # the latest first
        contracts = repo.list_contracts(session=session)
    if not scans:
        return []  # never scanned: the page says to run a scan
    read_at: dict[str, Any] = {}
    for scan in scans:
        for document_id in scan.document_ids:
            read_at.setdefault(document_id, scan.finished_at)
    memos = {record.id for record in load_dataroom(store).records if record.not_contract}
    return [
        {"id": c.id, "title": c.title, "file": c.file} for c in contracts
        if c.id not in memos and (c.id not in read_at or _naive(c.updated_at) > _naive(read_at[c.id]))
    ]


def _naive(moment: Any) -> Any:  # noqa: ANN401
    """A datetime without its zone (SQLite gives them back naive): comparable with another."""
    return moment.replace(tzinfo=None) if moment is not None and moment.tzinfo is not None else moment


def set_flag_status(settings: Settings, flag_id: str, status: str, note: str | None = None) -> dict[str, Any]:
    """Set a flag's review status (open, resolved, dismissed, escalated) and note; returns the flag.

    Raises:
        ComplianceError: unknown flag id or status.
    """
    workspace = open_workspace(settings)
    flags_repo.ensure_tables(workspace.engine)
    with workspace.session() as session:
        flag = flags_repo.set_flag_status(session=session, flag_id=flag_id, status=status, note=note)
        return flag_json(flag)


def document_summaries(settings: Settings, document_ids: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """File, title, type, end date and law of the workspace's contracts (for reports)."""
    workspace = open_workspace(settings)
    records = load_dataroom(workspace).by_id
    with workspace.session() as session:
        contracts = repo.list_contracts(session=session)
    out = {}
    for contract in contracts:
        if document_ids is not None and contract.id not in document_ids:
            continue
        record = records.get(contract.id)
        out[contract.id] = {
            "id": contract.id, "file": contract.file, "title": (record.title if record else None) or contract.title,
            "contract_type": record.contract_type if record else None,
            "end_date": record.end_date.isoformat() if record and record.end_date else None,
            "governing_law": record.governing_law if record else None,
        }
    return out
