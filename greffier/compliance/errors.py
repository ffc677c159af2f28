"""Exceptions of the compliance scanner. Each message names the bad value and the fix."""

from __future__ import annotations

from greffier.errors import GreffierError


class ComplianceError(GreffierError):
    """A scan, a flag update or an export that cannot be done (unknown document, flag or status)."""


class PlaybookError(ComplianceError):
    """A playbook (or the clause library) that cannot be loaded: YAML syntax or invalid rules.

    ``problems`` lists one line per problem: ``line N, rule 'id': field: what is wrong``.
    """

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
        super().__init__(f"{source}: {count}:\n  " + "\n  ".join(problems))
