"""Compliance scanner: clause classification, YAML playbooks, persisted review flags, exports.

Entry points: :func:`scan_document` / :func:`scan_workspace` (the scanning pipeline),
:func:`list_flags`, :func:`set_flag_status` and :func:`export_flags`. Playbooks live in
``playbooks/*.yaml`` (:mod:`greffier.compliance.playbooks`); the clause library in
``greffier/compliance/clauses.yaml`` (:mod:`greffier.compliance.library`).
"""

from greffier.compliance.errors import ComplianceError, PlaybookError
from greffier.compliance.exports import EXPORT_FORMATS, export_flags
from greffier.compliance.playbooks import Playbook, list_playbooks, load_playbook
from greffier.compliance.service import (
    DEFAULT_PLAYBOOK,
    FlagFilters,
    ScanResult,
    list_flags,
    scan_document,
    scan_workspace,
    set_flag_status,
)

__all__ = [
    "DEFAULT_PLAYBOOK",
    "EXPORT_FORMATS",
    "ComplianceError",
    "FlagFilters",
    "Playbook",
    "PlaybookError",
    "ScanResult",
    "export_flags",
    "list_flags",
    "list_playbooks",
    "load_playbook",
    "scan_document",
    "scan_workspace",
    "set_flag_status",
]
