"""FlagWriter: stores a scan's findings as flags, idempotently, and closes the scan record."""

from __future__ import annotations

from typing import Any

from haystack import component

from store import flags as flags_repo
from greffier.compliance.models import DocumentFacts, Finding, RuleCheck
from pipelines._serialization import StoreComponent
from store.workspace import WorkspaceStore


@component
class FlagWriter(StoreComponent):
    """Writes findings to the flag table of the workspace ``store`` (see
    :func:`store.flags.record_findings`): a finding already stored keeps its
    review status and note; one no longer found by a rule that was checked is marked gone."""

    def __init__(self, store: WorkspaceStore) -> None:
        self.store = store

    @component.output_types(outcome=dict)
    def run(
        self,
        findings: list[Finding],
        checks: list[RuleCheck],
        playbook: dict,
        facts: list[DocumentFacts],
        scan_id: str,
        removed_document_ids: list[str] | None = None,
    ) -> dict[str, Any]:
        """Store the findings of scan ``scan_id``.

        Returns:
            ``{"outcome": {"new": [...], "seen": [...], "reappeared": [...], "gone": [...]}}`` (flag ids).
        """
        with self.store.session() as session:
            outcome = flags_repo.record_findings(
                session=session, scan_id=scan_id, playbook=playbook["name"], rule_ids=playbook.get("rule_ids", []),
                findings=findings, checks=checks, document_ids=[f.id for f in facts],
            )
            if removed_document_ids:
                outcome["gone"] += flags_repo.mark_gone(session=session, playbook=playbook["name"], document_ids=removed_document_ids)
        return {"outcome": outcome}
