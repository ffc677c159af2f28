"""The rule engine: a playbook's rules on one contract's classified chunks → findings and rule checks.

Pure (no database): :func:`check_document` takes the contract's facts (data-room record) and its
classified chunks, cuts them into typed passages (:mod:`greffier.compliance.passages`), and returns
what fired and how each rule went. A rule fires at most once per clause: its hits in the same article
are merged into one finding that keeps every excerpt (:func:`merge_hits`). A rule that cannot run
says why (``skipped: no LLM available``, ``not applicable: contract type``, ``error: …``), so the
scan result and the flags listing can show it and earlier findings of that rule are not taken for
gone; the hits of a rule reviewed by an LLM rule that could not run stay marked "to confirm".
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from greffier.compliance.conditions import (
    MAX_MERGED_EXCERPT,
    Hit,
    date_hit,
    excerpt_of,
    governing_law_hit,
    keyword_hits,
    learned_hits,
    llm_hits,
    llm_review,
    missing_clause_hit,
    regex_hits,
    threshold_hits,
)
from greffier.compliance.library import ClauseLibrary
from greffier.compliance.models import (
    CHECKED,
    CONFIRMED,
    DISMISSED,
    DOCUMENT_CHUNK,
    SKIPPED_NO_LLM,
    START_OF_DOCUMENT,
    TO_CONFIRM,
    ClassifiedChunk,
    DocumentFacts,
    EventCallback,
    Finding,
    RuleCheck,
    ScanEvent,
    emit,
    place_of,
)
from greffier.compliance.passages import Passage, document_passages
from greffier.compliance.playbooks import Playbook, Rule

log = logging.getLogger(__name__)


def _hits(rule: Rule, playbook: Playbook, library: ClauseLibrary, facts: DocumentFacts, chunks: Sequence[ClassifiedChunk], scope: _Scope, today: date, llm: Any,  # noqa: ANN401
          vectors: Any = None) -> list[Hit]:  # noqa: ANN401
    condition = rule.condition
    if condition.kind == "keyword":
        return keyword_hits(condition, scope.passages, scope.chunks)
    if condition.kind == "regex":
        return regex_hits(condition, scope.passages, scope.chunks)
    if condition.kind == "threshold":
        return threshold_hits(condition, scope.passages)
    if condition.kind == "llm":
        return llm_hits(condition, scope.chunks, llm)
    if condition.kind == "learned":
        return learned_hits(condition, scope.passages, rule.id, vectors)
    if condition.kind == "missing_clause":
        hit = missing_clause_hit(rule, chunks, library, facts)
    elif condition.kind == "date":
        hit = date_hit(condition, facts, chunks, today)
    else:
        hit = governing_law_hit(condition, facts, chunks, playbook.home_law)
    return [hit] if hit else []


class _Scope:
    """What a rule reads on a contract: the passages of its clause types and the chunks holding them."""

    def __init__(self, rule: Rule, chunks: Sequence[ClassifiedChunk], passages: Sequence[Passage]) -> None:
        self.passages = [p for p in passages if rule.applies_to(p.clause_types)]
        typed = {c.id for c in chunks if rule.applies_to(c.clause_types)}
        self.chunks = [c for c in chunks if c.id in typed]

    @property
    def size(self) -> int:
        return len({p.chunk.id for p in self.passages} | {c.id for c in self.chunks})


def _section_of(hit: Hit) -> str | None:
    if hit.passage is not None:
        return hit.passage.section or hit.passage.heading
    return hit.chunk.section if hit.chunk else None


def _merged_details(hits: list[Hit]) -> dict[str, Any]:
    """The hits' details together: list values joined without repeats, other values from the first."""
    details: dict[str, Any] = {}
    for hit in hits:
        for key, value in hit.details.items():
            if isinstance(value, list) and isinstance(details.get(key), list):
                details[key] = list(dict.fromkeys([*details[key], *value]))
            else:
                details.setdefault(key, value)
    return details


def _finding(rule: Rule, playbook: Playbook, facts: DocumentFacts, hits: list[Hit]) -> Finding:
    """One finding from the hits of one clause (a contract-level hit when ``hits[0].chunk`` is None)."""
    first = hits[0]
    chunk = first.chunk
    details = _merged_details(hits)
    if facts.copy_of:
        details["copy_of"] = facts.copy_of  # a copy's flag repeats its original's: the reviewer decides both at once
    section = None
    pages: list[int] = []
    if chunk is not None:
        section = _section_of(first) or START_OF_DOCUMENT
        pages = [p for h in hits for p in (h.chunk.page, h.chunk.page_end) if h.chunk and p is not None]
        details["excerpts"] = [
            {"chunk_id": h.chunk.id, "page": h.chunk.page, "page_end": h.chunk.page_end, "section": _section_of(h) or START_OF_DOCUMENT,
             "heading": h.passage.heading if h.passage else None, "text": h.excerpt}
            for h in hits if h.chunk is not None
        ]
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
        excerpt=first.excerpt if len(hits) == 1 else excerpt_of([h.excerpt for h in hits], MAX_MERGED_EXCERPT),
        file=facts.file,
        page=min(pages) if pages else None,
        page_end=max(pages) if pages else None,
        section=section,
        clause_types=tuple(dict.fromkeys(t for h in hits if h.chunk for t in (h.passage.clause_types if h.passage else h.chunk.clause_types))),
        details=details,
    )


def merge_hits(rule: Rule, playbook: Playbook, facts: DocumentFacts, hits: list[Hit]) -> list[Finding]:
    """One finding per (rule, clause): the hits in the same article (section) of the contract —
    across chunks when the article runs over several — become one finding keeping every excerpt."""
    groups: dict[str, list[Hit]] = {}
    for position, hit in enumerate(hits):
        if hit.chunk is None:
            key = f"document-{position}"
        else:
            section = hit.chunk.section or (hit.passage.section if hit.passage else None)
            key = "section:" + " ".join(section.split()).casefold() if section else f"chunk:{hit.chunk.id}"
        groups.setdefault(key, []).append(hit)
    ordered = sorted(groups.values(), key=lambda g: (g[0].chunk.index if g[0].chunk else -1))
    return [_finding(rule, playbook, facts, sorted(g, key=lambda h: h.chunk.index if h.chunk else -1)) for g in ordered]


NOT_A_CONTRACT = "not applicable: not a contract"


def check_rule(
    rule: Rule,
    playbook: Playbook,
    library: ClauseLibrary,
    facts: DocumentFacts,
    chunks: Sequence[ClassifiedChunk],
    *,
    today: date,
    llm: Any = None,  # noqa: ANN401
    passages: Sequence[Passage] | None = None,
    vectors: Any = None,  # noqa: ANN401
) -> tuple[list[Finding], RuleCheck]:
    """Run one rule on one contract (not a ``reviews`` rule: see :func:`review_findings`); ``vectors``:
    the sentence vectors a learned reader that reads meaning needs (:class:`SentenceVectors`).
    Never raises: a failing rule gives an ``error: …`` check."""
    if rule.contract_types and (facts.contract_type or "") not in rule.contract_types:
        return [], RuleCheck(rule.id, facts.id, "not applicable: contract type", detail=facts.contract_type or "unknown type")
    if rule.condition.kind == "missing_clause" and facts.is_amendment:
        if facts.amends:  # decided: the clauses are its contract's (an earlier scan's flag on it is gone)
            return [], RuleCheck(rule.id, facts.id, CHECKED, detail=f"an amendment: the clauses are its contract's ({facts.amends})")
        return [], RuleCheck(rule.id, facts.id, "not applicable: an amendment attached to no contract here", detail="its contract's clauses decide")
    if rule.condition.kind == "date" and getattr(rule.condition, "field", None) == "end_date" and facts.is_amendment and facts.amends:
        # its new end is its contract's (the record moved it): one flag, on the contract (walkthrough 15 flagged both)
        return [], RuleCheck(rule.id, facts.id, CHECKED, detail=f"an amendment: its end acts through its contract ({facts.amends})")
    scope = _Scope(rule, chunks, document_passages(chunks, library) if passages is None else passages)
    if rule.condition.kind == "llm" and llm is None and scope.chunks:  # no clause to ask about: nothing skipped
        return [], RuleCheck(rule.id, facts.id, SKIPPED_NO_LLM, chunks=len(scope.chunks))
    try:
        hits = _hits(rule, playbook, library, facts, chunks, scope, today, llm, vectors)
    except Exception as exc:  # one broken rule (an LLM that times out) must not stop the scan
        log.warning("rule %s failed on %s: %s", rule.id, facts.id, exc)
        return [], RuleCheck(rule.id, facts.id, f"error: {type(exc).__name__}: {exc}", chunks=scope.size)
    findings = _unique(merge_hits(rule, playbook, facts, hits))
    return findings, RuleCheck(rule.id, facts.id, CHECKED, chunks=scope.size, findings=len(findings))


def _yield(rule: Rule, found: dict[str, list[Finding]], checks: dict[str, RuleCheck]) -> None:
    """Drop ``rule``'s findings on a clause that a rule it yields to flags too (the same first chunk or the same section), and
    say so in its check."""
    taken = [(f.chunk_id, f.section, other) for other in rule.yields_to for f in found.get(other, [])]  # in the order the rule yields

    def taker(finding: Finding) -> str | None:
        return next((other for c, s, other in taken if finding.chunk_id == c or (finding.section and finding.section == s)), None)

    kept = [f for f in found[rule.id] if taker(f) is None]
    if len(kept) < len(found[rule.id]):
        gone = len(found[rule.id]) - len(kept)
        takers = list(dict.fromkeys(t for f in found[rule.id] if (t := taker(f))))
        found[rule.id] = kept
        check = checks[rule.id]
        checks[rule.id] = replace(check, findings=len(kept), detail="; ".join(filter(None, [check.detail, f"{gone} left to {', '.join(takers)} on the same clause"])))


def _unique(findings: list[Finding]) -> list[Finding]:
    seen: dict[str, Finding] = {}
    for finding in findings:
        seen.setdefault(finding.identity, finding)
    return list(seen.values())


def review_findings(
    reviewer: Rule, findings: list[Finding], facts: DocumentFacts, chunks: Sequence[ClassifiedChunk], llm: Any  # noqa: ANN401
) -> tuple[list[Finding], RuleCheck]:
    """The LLM rule ``reviewer`` on the hits of the rule it reviews: each is confirmed (kept, with
    the LLM's reason) or dismissed (dropped, listed with its reason in the check). Without an LLM
    the hits are kept, marked "to confirm", and the check says the rule could not run."""
    if not findings:
        return [], RuleCheck(reviewer.id, facts.id, CHECKED, detail="no hit to review")
    if llm is None:
        marked = [replace(f, details={**f.details, "review": {"status": TO_CONFIRM, "rule_id": reviewer.id, "reason": "no LLM available"}}) for f in findings]
        return marked, RuleCheck(reviewer.id, facts.id, SKIPPED_NO_LLM, chunks=len(findings), detail=f"{len(findings)} hit(s) left to confirm")
    by_id = {chunk.id: chunk for chunk in chunks}
    kept: list[Finding] = []
    dismissed: list[dict[str, Any]] = []
    try:
        for finding in findings:
            flag, reason = llm_review(reviewer.condition, finding, by_id.get(finding.chunk_id), llm)
            review = {"status": CONFIRMED if flag else DISMISSED, "rule_id": reviewer.id, "reason": reason, "model": getattr(llm, "model", "")}
            if flag:
                kept.append(replace(finding, details={**finding.details, "review": review}))
            else:
                dismissed.append({"flag_id": finding.identity, "rule_id": finding.rule_id, "place": place_of(finding.page, finding.page_end, finding.section), "excerpt": finding.excerpt, "reason": reason})
    except Exception as exc:  # the LLM failed: the hits stay, to confirm
        log.warning("rule %s failed on %s: %s", reviewer.id, facts.id, exc)
        marked = [replace(f, details={**f.details, "review": {"status": TO_CONFIRM, "rule_id": reviewer.id, "reason": f"LLM error: {exc}"}}) for f in findings]
        return marked, RuleCheck(reviewer.id, facts.id, f"error: {type(exc).__name__}: {exc}", chunks=len(findings))
    detail = f"confirmed {len(kept)}, dismissed {len(dismissed)}"
    return kept, RuleCheck(reviewer.id, facts.id, CHECKED, chunks=len(findings), findings=0, detail=detail, dismissed=dismissed)


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
    vectors: Any = None,  # noqa: ANN401
) -> tuple[list[Finding], list[RuleCheck]]:
    """Every rule of ``playbook`` on one contract, in the playbook's order; the LLM rules that
    review another rule's hits run after it. ``vectors``: the sentence vectors the learned rules'
    reader needs when it reads meaning (:class:`greffier.compliance.reader.SentenceVectors`).

    ``progress`` is ``(checks done before this contract, total checks)`` for the events.
    """
    if facts.not_contract:  # a memo or minutes binds no one: no rule applies (none is left "not run" for it, a reviewer's or a backer's)
        return [], [RuleCheck(rule.id, facts.id, NOT_A_CONTRACT, detail=facts.not_contract) for rule in playbook.rules]
    passages = document_passages(chunks, library)
    reviewers = playbook.reviewers()
    reviewing = {rule.id for rule in reviewers.values()}
    backers = playbook.backers()
    backing = {rule.id for rule in backers}
    found: dict[str, list[Finding]] = {}
    checks: dict[str, RuleCheck] = {}
    for rule in playbook.rules:
        if rule.id not in reviewing and rule.id not in backing:
            found[rule.id], checks[rule.id] = check_rule(rule, playbook, library, facts, chunks, today=today, llm=llm, passages=passages, vectors=vectors)

    def review(reviewed: str, reviewer: Rule) -> None:
        if checks[reviewed].evaluated:
            found[reviewed], checks[reviewer.id] = review_findings(reviewer, found[reviewed], facts, chunks, llm)
        else:
            found[reviewer.id], checks[reviewer.id] = [], RuleCheck(reviewer.id, facts.id, f"not run: {reviewed} {checks[reviewed].status}")

    for reviewed, reviewer in reviewers.items():  # first the reviews of the rules a learned rule backs: a dismissed hit found nothing
        if reviewed not in backing:
            review(reviewed, reviewer)
    for rule in backers:
        if unread := [backed for backed in rule.condition.backs if not checks[backed].evaluated]:  # "found nothing" would not be true
            found[rule.id], checks[rule.id] = [], RuleCheck(rule.id, facts.id, f"not run: {unread[0]} {checks[unread[0]].status}")
        elif finders := [backed for backed in rule.condition.backs if found.get(backed)]:
            found[rule.id], checks[rule.id] = [], RuleCheck(rule.id, facts.id, CHECKED, detail=f"not needed: {', '.join(finders)} found the clause")
        else:
            found[rule.id], checks[rule.id] = check_rule(rule, playbook, library, facts, chunks, today=today, llm=llm, passages=passages, vectors=vectors)
    for reviewed, reviewer in reviewers.items():
        if reviewed in backing:
            review(reviewed, reviewer)
    for rule in playbook.rules:
        if rule.yields_to and found.get(rule.id):
            _yield(rule, found, checks)
    findings: list[Finding] = []
    done, total = progress
    for rule in playbook.rules:
        done += 1
        check = checks[rule.id]
        emit(on_event, ScanEvent("rule_check", index=done, total=total, document_id=facts.id, rule_id=rule.id, detail=check.status))
        for finding in found.get(rule.id, []):
            emit(on_event, ScanEvent("flag_found", document_id=facts.id, chunk_id=finding.chunk_id, rule_id=rule.id, detail=finding.severity))
        findings.extend(found.get(rule.id, []))
    return findings, [checks[rule.id] for rule in playbook.rules]
