"""The rule engine: a playbook's rules on one contract's classified chunks → findings and rule checks.

Pure (no database): :func:`check_document` takes the contract's facts (data-room record) and its
classified chunks, and returns what fired and how each rule went. A rule that cannot run says why
(``skipped: no LLM available``, ``not applicable: contract type``, ``error: …``), so the scan result
and the flags listing can show it and earlier findings of that rule are not taken for gone.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date
from typing import Any

from greffier.compliance.conditions import (
    Hit,
    date_hit,
    governing_law_hit,
    keyword_hits,
    llm_hits,
    missing_clause_hit,
    regex_hits,
    threshold_hits,
)
from greffier.compliance.library import ClauseLibrary
from greffier.compliance.models import (
    CHECKED,
    DOCUMENT_CHUNK,
    SKIPPED_NO_LLM,
    ClassifiedChunk,
    DocumentFacts,
    EventCallback,
    Finding,
    RuleCheck,
    ScanEvent,
    emit,
)
from greffier.compliance.playbooks import Playbook, Rule

log = logging.getLogger(__name__)


def _hits(rule: Rule, playbook: Playbook, library: ClauseLibrary, facts: DocumentFacts, chunks: Sequence[ClassifiedChunk], scoped: list[ClassifiedChunk], today: date, llm: Any) -> list[Hit]:  # noqa: ANN401
    condition = rule.condition
    if condition.kind == "keyword":
        return keyword_hits(condition, scoped)
    if condition.kind == "regex":
        return regex_hits(condition, scoped)
    if condition.kind == "threshold":
        return threshold_hits(condition, scoped)
    if condition.kind == "llm":
        return llm_hits(condition, scoped, llm)
    if condition.kind == "missing_clause":
        hit = missing_clause_hit(rule, chunks, library)
    elif condition.kind == "date":
        hit = date_hit(condition, facts, chunks, today)
    else:
        hit = governing_law_hit(condition, facts, chunks, playbook.home_law)
    return [hit] if hit else []


def _finding(rule: Rule, playbook: Playbook, facts: DocumentFacts, hit: Hit) -> Finding:
    chunk = hit.chunk
    return Finding(
        playbook=playbook.name,
        playbook_version=playbook.version,
        rule_id=rule.id,
        rule_title=rule.title,
        document_id=facts.id,
        chunk_id=chunk.id if chunk else DOCUMENT_CHUNK,
        severity=rule.severity,
        explanation=rule.explanation.strip(),
        recommendation=rule.recommendation.strip(),
        excerpt=hit.excerpt,
        file=facts.file,
        page=chunk.page if chunk else None,
        page_end=chunk.page_end if chunk else None,
        section=chunk.section if chunk else None,
        clause_types=chunk.clause_types if chunk else (),
        details=dict(hit.details),
    )


def check_rule(
    rule: Rule,
    playbook: Playbook,
    library: ClauseLibrary,
    facts: DocumentFacts,
    chunks: Sequence[ClassifiedChunk],
    *,
    today: date,
    llm: Any = None,  # noqa: ANN401
) -> tuple[list[Finding], RuleCheck]:
    """Run one rule on one contract. Never raises: a failing rule gives an ``error: …`` check."""
    if rule.contract_types and (facts.contract_type or "") not in rule.contract_types:
        return [], RuleCheck(rule.id, facts.id, "not applicable: contract type", detail=facts.contract_type or "unknown type")
    scoped = [chunk for chunk in chunks if rule.applies_to(chunk.clause_types)]
    if rule.condition.kind == "llm" and llm is None and scoped:  # no clause to ask about: nothing skipped
        return [], RuleCheck(rule.id, facts.id, SKIPPED_NO_LLM, chunks=len(scoped))
    try:
        hits = _hits(rule, playbook, library, facts, chunks, scoped, today, llm)
    except Exception as exc:  # one broken rule (an LLM that times out) must not stop the scan
        log.warning("rule %s failed on %s: %s", rule.id, facts.id, exc)
        return [], RuleCheck(rule.id, facts.id, f"error: {type(exc).__name__}: {exc}", chunks=len(scoped))
    findings = _unique([_finding(rule, playbook, facts, hit) for hit in hits])
    return findings, RuleCheck(rule.id, facts.id, CHECKED, chunks=len(scoped), findings=len(findings))


def _unique(findings: list[Finding]) -> list[Finding]:
    seen: dict[str, Finding] = {}
    for finding in findings:
        seen.setdefault(finding.identity, finding)
    return list(seen.values())


def check_document(
    playbook: Playbook,
    library: ClauseLibrary,
    facts: DocumentFacts,
    chunks: Sequence[ClassifiedChunk],
    *,
    today: date,
    llm: Any = None,  # noqa: ANN401
    on_event: EventCallback | None = None,
    progress: tuple[int, int] = (0, 0),
) -> tuple[list[Finding], list[RuleCheck]]:
    """Every rule of ``playbook`` on one contract, in the playbook's order.

    ``progress`` is ``(checks done before this contract, total checks)`` for the events.
    """
    findings: list[Finding] = []
    checks: list[RuleCheck] = []
    done, total = progress
    for rule in playbook.rules:
        rule_findings, check = check_rule(rule, playbook, library, facts, chunks, today=today, llm=llm)
        done += 1
        emit(on_event, ScanEvent("rule_check", index=done, total=total, document_id=facts.id, rule_id=rule.id, detail=check.status))
        for finding in rule_findings:
            emit(on_event, ScanEvent("flag_found", document_id=facts.id, chunk_id=finding.chunk_id, rule_id=rule.id, detail=finding.severity))
        findings.extend(rule_findings)
        checks.append(check)
    return findings, checks
