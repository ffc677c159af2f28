"""The compliance service: scans with playbooks (the scanning pipeline), review flags, exports.

Entry points: :func:`scan_document` / :func:`scan_workspace`, :func:`list_flags`,
:func:`set_flag_status` and :func:`export_flags`.
"""

from greffier.compliance.errors import ComplianceError, PlaybookError
from greffier.compliance.playbooks import Playbook, list_playbooks, load_playbook
from greffier.services.compliance.exports import EXPORT_FORMATS, export_flags
from greffier.services.compliance.service import (
    DEFAULT_PLAYBOOK,
    FlagFilters,
    ScanResult,
    list_flags,
    scan_document,
    scan_workspace,
    set_flag_status,
    unscanned_contracts,
)

__all__ = [
    "DEFAULT_PLAYBOOK", "EXPORT_FORMATS", "ComplianceError", "FlagFilters", "Playbook", "PlaybookError", "ScanResult",
    "export_flags", "list_flags", "list_playbooks", "load_playbook", "scan_document", "scan_workspace", "set_flag_status",
    "unscanned_contracts",
]
