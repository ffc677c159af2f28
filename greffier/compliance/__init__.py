"""Compliance rules: the clause library, YAML playbooks, clause classification and rule conditions.

Pure domain logic (no database): :mod:`greffier.compliance.playbooks` reads ``playbooks/*.yaml``,
:mod:`greffier.compliance.library` the clause library ``greffier/compliance/clauses.yaml``,
:mod:`greffier.compliance.classifier` types clauses and :mod:`greffier.compliance.checks` runs a
playbook's rules on a contract's classified clauses. The scan itself (a pipeline), the stored flags
and the exports are the compliance service's (:mod:`greffier.services.compliance`).
"""

from greffier.compliance.errors import ComplianceError, PlaybookError
from greffier.compliance.playbooks import Playbook, list_playbooks, load_playbook

__all__ = ["ComplianceError", "Playbook", "PlaybookError", "list_playbooks", "load_playbook"]
