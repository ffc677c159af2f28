"""The date a contract was signed: « Fait à Paris, le 3 mars 2022 », "Signed on", "Dated as of"..."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from greffier.dataroom.extract.text import DATE_GROUP, UPPER, ChunkInput, Finding
from greffier.dataroom.normalize import parse_date

_THIS = r"\b(?:this|the\s+present)\s+(?:[\w\"“”()-]+\s+){0,6}?"
_SIGNATURE_RULES: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    # (rule, pattern, take the last match: signature blocks close the contract)
    ("fait à", re.compile(rf"\b(?:fait|établi|sign[ée]e?)\b[^.\n]{{0,80}}?\bà\s+[^,\n]{{1,40}},?\s+le\s+{DATE_GROUP}", re.I), True),
    ("fait le", re.compile(rf"\bfait\s+(?:[^,\n]{{0,40}},?\s+)?le\s+{DATE_GROUP}", re.I), True),
    ("à <ville>, le", re.compile(rf"^\s*(?:à|a)\s+[{UPPER}][^,\n]{{1,40}},\s+le\s+{DATE_GROUP}", re.I | re.M), True),
    ("date de signature", re.compile(rf"\b(?:date de (?:la )?signature|signature date|date of signature)\s*:?\s*{DATE_GROUP}", re.I), False),
    (
        "signed on",
        re.compile(
            rf"(?:^[ \t]*|{_THIS}(?:is|was)\s+)(?:signed|executed)\s+(?:(?:at|in)\s+[^,\n]{{1,40}}?,?\s+)?(?:on|as of)\s+(?:the\s+)?{DATE_GROUP}",
            re.I | re.M,
        ),
        True,
    ),
    ("dated", re.compile(rf"(?:^[ \t]*|{_THIS}(?:is\s+)?)dated\s+(?:as\s+of\s+)?(?:the\s+)?{DATE_GROUP}", re.I | re.M), False),
    ("made on", re.compile(rf"{_THIS}(?:is\s+)?(?:made|entered\s+into)\s+(?:on|as\s+of)\s+(?:this\s+)?(?:the\s+)?{DATE_GROUP}", re.I), False),
    ("signé le", re.compile(rf"\bprésente?\s+\w+\s+(?:est|a\s+été)\s+sign[ée]e?\s+le\s+{DATE_GROUP}", re.I), False),
    ("in witness whereof", re.compile(rf"\bin witness whereof\b[^.]{{0,200}}?\b(?:on|as of)\s+(?:the\s+)?{DATE_GROUP}", re.I), True),
    ("signé le", re.compile(rf"^\s*sign[ée]e?\s+(?:électroniquement\s+)?le\s+{DATE_GROUP}", re.I | re.M), True),
)


def extract_signature_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """The date the contract was signed: « Fait à Paris, le 3 mars 2022 », "Signed on", "Dated as of"..."""
    for rule, pattern, take_last in _SIGNATURE_RULES:
        matches = [(chunk, m) for chunk in chunks for m in pattern.finditer(chunk.text)]
        for chunk, match in reversed(matches) if take_last else matches:
            if (value := parse_date(match["date"])) is not None:
                return Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0).strip(), rule=rule)
    return None
