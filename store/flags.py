"""Repository functions over the flag and scan tables. Keyword-only, one session passed in.

:func:`record_findings` is what makes re-scanning idempotent: a finding whose identity is already
stored updates that row (its review status and note are kept), a new one is added, and a stored
finding that a rule checked again and no longer makes is marked gone (``present = False``), never
deleted, so its review history stays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from greffier.compliance.errors import ComplianceError
from greffier.compliance.models import Finding, RuleCheck, excerpt_hash
from greffier.compliance.playbooks import SEVERITIES, severity_rank
from store.compliance_models import FLAG_STATUSES, TABLES, Flag, ScanRun
from store.models import utcnow

_UPDATED_FIELDS = (
    "playbook_version", "rule_title", "file", "page", "page_end", "section", "severity", "excerpt",
    "explanation", "recommendation",
)


def ensure_tables(engine: Engine) -> None:
    """Create the flag tables if missing (a database migrated before they had columns)."""
    for table in TABLES:
        table.__table__.create(engine, checkfirst=True)


# --- scans ---------------------------------------------------------------------------------------


def create_scan_run(*, session: Session, scan: ScanRun) -> ScanRun:
    session.add(scan)
    return scan


def finish_scan_run(
    *, session: Session, scan_id: str, status: str, checks: Sequence[RuleCheck], counts: dict[str, Any], errors: list[str]
) -> ScanRun:
    scan = session.get(ScanRun, scan_id)
    if scan is None:
        raise ComplianceError(f"no scan {scan_id!r} in this workspace")
    scan.status = status
    scan.finished_at = utcnow()
    scan.rule_checks = [check.to_json() for check in checks]
    scan.counts = counts
    scan.errors = errors
    session.add(scan)
    return scan


def latest_scans(*, session: Session, playbook: str | None = None) -> list[ScanRun]:
    """The finished scans, newest first (optionally of one playbook)."""
    statement = select(ScanRun).where(ScanRun.finished_at.is_not(None))
    if playbook:
        statement = statement.where(ScanRun.playbook == playbook)
    return list(session.exec(statement.order_by(ScanRun.finished_at.desc())))


def latest_rule_checks(*, session: Session, playbook: str | None = None) -> list[dict[str, Any]]:
    """For every (playbook, rule, contract), the check of the latest scan that ran it."""
    seen: dict[tuple[str, str, str], dict[str, Any]] = {}
    for scan in latest_scans(session=session, playbook=playbook):
        for check in scan.rule_checks:
            key = (scan.playbook, check["rule_id"], check["document_id"])
            if key not in seen:
                seen[key] = {"playbook": scan.playbook, "scan_id": scan.id, **check}
    return list(seen.values())


# --- flags ---------------------------------------------------------------------------------------


def record_findings(
    *,
    session: Session,
    scan_id: str,
    playbook: str,
    rule_ids: Iterable[str],
    findings: Sequence[Finding],
    checks: Sequence[RuleCheck],
    document_ids: Iterable[str],
    now: datetime | None = None,
) -> dict[str, list[str]]:
    """Store one scan's findings on ``document_ids``; returns flag ids as new / seen / reappeared / gone.

    Only flags of ``playbook`` on the scanned contracts are touched. A stored flag missing from
    ``findings`` is marked gone when its rule was checked on its contract (or is no longer in the
    playbook); a rule that was skipped (no LLM) or failed leaves its flags as they were.
    """
    now = now or utcnow()
    scanned = set(document_ids)
    current_rules = set(rule_ids)
    evaluated = {(c.rule_id, c.document_id) for c in checks if c.evaluated}
    existing = {
        flag.id: flag
        for flag in session.exec(select(Flag).where(Flag.playbook == playbook, Flag.document_id.in_(sorted(scanned))))
    }
    outcome: dict[str, list[str]] = {"new": [], "seen": [], "reappeared": [], "gone": []}
    found_ids: set[str] = set()
    for finding in findings:
        flag_id = finding.identity
        if flag_id in found_ids:
            continue
        found_ids.add(flag_id)
        flag = existing.get(flag_id)
        if flag is None:
            session.add(_new_flag(flag_id, finding, scan_id, now))
            outcome["new"].append(flag_id)
            continue
        outcome["reappeared" if not flag.present else "seen"].append(flag_id)
        for name in _UPDATED_FIELDS:
            setattr(flag, name, getattr(finding, name))
        flag.clause_types = list(finding.clause_types)
        flag.details = dict(finding.details)
        flag.present, flag.gone_at, flag.scan_id = True, None, scan_id
        flag.last_seen_at = flag.updated_at = now
        session.add(flag)
    for flag_id, flag in existing.items():
        if flag_id in found_ids or not flag.present:
            continue
        if (flag.rule_id, flag.document_id) in evaluated or flag.rule_id not in current_rules:
            flag.present, flag.gone_at, flag.updated_at = False, now, now
            session.add(flag)
            outcome["gone"].append(flag_id)
    return outcome


def mark_gone(*, session: Session, playbook: str, document_ids: Iterable[str], now: datetime | None = None) -> list[str]:
    """Mark every present flag of ``playbook`` on ``document_ids`` gone (contracts removed)."""
    now = now or utcnow()
    ids = sorted(set(document_ids))
    if not ids:
        return []
    gone = []
    for flag in session.exec(select(Flag).where(Flag.playbook == playbook, Flag.document_id.in_(ids), Flag.present.is_(True))):
        flag.present, flag.gone_at, flag.updated_at = False, now, now
        session.add(flag)
        gone.append(flag.id)
    return gone


def _new_flag(flag_id: str, finding: Finding, scan_id: str, now: datetime) -> Flag:
    return Flag(
        id=flag_id,
        playbook=finding.playbook,
        playbook_version=finding.playbook_version,
        rule_id=finding.rule_id,
        rule_title=finding.rule_title,
        document_id=finding.document_id,
        chunk_id=finding.chunk_id,
        file=finding.file,
        page=finding.page,
        page_end=finding.page_end,
        section=finding.section,
        severity=finding.severity,
        excerpt=finding.excerpt,
        excerpt_hash=excerpt_hash(finding.excerpt),
        explanation=finding.explanation,
        recommendation=finding.recommendation,
        clause_types=list(finding.clause_types),
        details=dict(finding.details),
        scan_id=scan_id,
        first_seen_at=now,
        last_seen_at=now,
        created_at=now,
        updated_at=now,
    )


def list_flags(
    *,
    session: Session,
    statuses: Sequence[str] | None = None,
    severities: Sequence[str] | None = None,
    min_severity: str | None = None,
    playbooks: Sequence[str] | None = None,
    document_ids: Sequence[str] | None = None,
    include_gone: bool = False,
) -> list[Flag]:
    """Flags passing the filters (each a list: any value passes), by contract, severity, page, rule."""
    statement = select(Flag)
    if not include_gone:
        statement = statement.where(Flag.present.is_(True))
    if statuses:
        statement = statement.where(Flag.status.in_(list(statuses)))
    if severities:
        statement = statement.where(Flag.severity.in_(list(severities)))
    if min_severity:
        statement = statement.where(Flag.severity.in_(list(SEVERITIES[severity_rank(min_severity) :])))
    if playbooks:
        statement = statement.where(Flag.playbook.in_(list(playbooks)))
    if document_ids:
        statement = statement.where(Flag.document_id.in_(list(document_ids)))
    rows = list(session.exec(statement))
    return sorted(rows, key=lambda f: (f.document_id, -severity_rank(f.severity), f.page or 0, f.chunk_id, f.rule_id, f.id))


def get_flag(*, session: Session, flag_id: str) -> Flag:
    """The flag with id ``flag_id`` (or a unique prefix of at least 6 characters of it).

    Raises:
        ComplianceError: no such flag, or the prefix names several.
    """
    flag = session.get(Flag, flag_id)
    if flag is not None:
        return flag
    if len(flag_id) >= 6:
        matches = list(session.exec(select(Flag).where(Flag.id.startswith(flag_id))))
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise ComplianceError(f"flag id prefix {flag_id!r} matches {len(matches)} flags: give more characters")
    raise ComplianceError(f"no flag {flag_id!r} in this workspace: list them with 'python -m greffier flags --json'")


def set_flag_status(*, session: Session, flag_id: str, status: str, note: str | None = None) -> Flag:
    """Change a flag's review status (and note); the change is appended to its history.

    Raises:
        ComplianceError: unknown flag or status.
    """
    if status not in FLAG_STATUSES:
        raise ComplianceError(f"unknown status {status!r}: use one of {', '.join(FLAG_STATUSES)}")
    flag = get_flag(session=session, flag_id=flag_id)
    now = utcnow()
    flag.status = status
    if note is not None:
        flag.note = note
    flag.status_changed_at = flag.updated_at = now
    flag.history = [*flag.history, {"at": now.isoformat(), "status": status, "note": note}]
    session.add(flag)
    return flag
