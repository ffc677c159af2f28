"""The date a contract was signed: « Fait à Paris, le 3 mars 2022 », "Signed on", "Dated as of"..."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from greffier.dataroom.extract.opening import opening_of
from greffier.dataroom.extract.text import DATE_GROUP, UPPER, ChunkInput, Finding
from greffier.dataroom.normalize import find_dates, parse_date

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
    ("signed at", re.compile(rf"\b(?:done|signed)\b[^.\n]{{0,40}}?\bat\s+[^,\n]{{1,40}}?,?\s+on\s+(?:this\s+)?(?:the\s+)?{DATE_GROUP}", re.I), True),
    ("in witness whereof", re.compile(rf"\bin witness whereof\b[^.]{{0,200}}?\b(?:on|as of)\s+(?:the\s+)?{DATE_GROUP}", re.I), True),
    ("signé le", re.compile(rf"^\s*sign[ée]e?\s+(?:électroniquement\s+)?le\s+{DATE_GROUP}", re.I | re.M), True),
)


_FRENCH_BLOCK_RULES = 3
_BLANK_SIGNATURE = re.compile(r"\b(?:fait|sign[ée]e?)\b[^.\n]{0,60}?\ble\s*(?:_{2,}|\.{4,}|…)|\b(?:signed|dated)\s+(?:on\s+)?(?:this\s+)?_{3,}", re.I)  # « Fait à …, le … » and its variants: the signature itself, read before the opening


def extract_signature_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """The date the contract was signed (CUAD's "Agreement Date").

    In order: the French signature formula (« Fait à Paris, le 3 mars 2022 »), the date the opening
    gives the contract ("is made and entered into this 8th day of May 2014", "dated as of …",
    « conclu le … » — a date given as made or dated wins over one given as effective), the other
    signature formulas ("Signed on", "Date of signature", "In witness whereof … on"), then the
    latest "Date:" line of the signature blocks.
    """
    for index, (rule, pattern, take_last) in enumerate(_SIGNATURE_RULES):
        if index == _FRENCH_BLOCK_RULES:
            if any(_BLANK_SIGNATURE.search(chunk.text) for chunk in chunks[-3:]):
                return None  # « Fait à Annecy, le ____ »: the date was left blank, on purpose or not
            if opening := opening_date(chunks):
                return opening
        matches = [(chunk, m) for chunk in chunks for m in pattern.finditer(chunk.text)]
        for chunk, match in reversed(matches) if take_last else matches:
            if (value := parse_date(match["date"])) is not None:
                return Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0).strip(), rule=rule)
    return _signature_block_date(chunks)


_OPENING_END = re.compile(
    r"\b(?:WHEREAS|RECITALS?|BACKGROUND|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|NOW,?\s+THEREFORE|PR[ÉE]AMBULE|IL\s+(?:A\s+[ÉE]T[ÉE]|EST)\s+"
    r"(?:PR[ÉE]ALABLEMENT\s+)?(?:EXPOS[ÉE]|CONVENU))"
)
_MADE_CUE = re.compile(
    r"\b(?:made|entered(?:\s+into)?|executed|dated|signed|concluded|conclue?s?|sign[ée]e?s?|pass[ée]e?|en\s+date\s+du|fait)\b", re.I
)
# the contract itself is made then: "this Agreement is made this …", "made and entered into as of …"
_THIS_MADE_CUE = re.compile(
    r"\b(?:is|are|was|be|been|hereby)\s+(?:hereby\s+)?(?:made|entered|executed|dated|signed)\b|\b(?:made|entered(?:\s+into)?|executed|dated)\s+"
    r"(?:(?:and|&)\s+(?:entered\s+into|effective|executed)\s+)?(?:this|on|as\s+of|effective)\b|\best\s+conclue?\b|^\s*dated\b",
    re.I,
)
# a date given to another document ("the Supply Agreement dated April 1, 2017 between …"): an amendment cites its parent so
_CITED_CUE = re.compile(
    r"\b(?:the|that\s+certain|said|an?|le|la|du|au|un|une)\s+(?:[\w-]+\s+){0,6}?(?:agreement|contract|lease|licen[cs]e|contrat|bail|convention)"
    r"\s*,?\s+(?:dated|du|en\s+date\s+du|sign[ée]\s+le)\s+(?:as\s+of\s+)?$"
    r"|\b(?:have|had|has|ont|avaient|avait)\s+(?:\w+\s+)?(?:signed|entered|executed|conclu|sign[ée])\b[^.;]{0,30}$",
    re.I,
)
_EFFECTIVE_CUE = re.compile(r"\b(?:effective|prend\s+effet|entre\s+en\s+vigueur)\b", re.I)
_CUE_WINDOW = 70
_ARTICLE = re.compile(r"\b(?:ARTICLE|Article|SECTION|Section)\s+(?:1|I|premier|PREMIER)\b|\b1\.\s+[A-Z]")  # the body has begun
_OPENING_DATE_CHARS = 5000


def opening_date(chunks: Sequence[ChunkInput], *, effective_first: bool = False) -> Finding[date] | None:
    """The date the opening gives the contract, before its recitals: one written after "made",
    "entered into", "dated", « conclu », « en date du » first, else one after "effective"
    (``effective_first``: the other way round, for the start of the term)."""
    opening = opening_of(chunks, limit=_OPENING_DATE_CHARS)
    text = opening.text
    if end := _OPENING_END.search(text, 40):
        text = text[: end.start()]
    ranked: list[tuple[int, int, Finding[date]]] = []
    for order, mention in enumerate(find_dates(text)):
        before = text[max(0, mention.start - _CUE_WINDOW) : mention.start]
        raw = text[max(0, mention.start - _CUE_WINDOW) : mention.end].strip()
        finding = Finding[date](value=mention.value, chunk_id=opening.chunk_at(mention.start), raw=raw, rule="opening")
        if _CITED_CUE.search(before):
            rank = 3
        elif _THIS_MADE_CUE.search(before):
            rank = 0
        elif _MADE_CUE.search(before):
            rank = 1
        elif _EFFECTIVE_CUE.search(before) and not _ARTICLE.search(text, 0, mention.start):
            rank, finding = 2, finding.model_copy(update={"rule": "opening (effective)"})
        else:
            continue
        if effective_first:
            rank = {2: 0, 0: 1, 1: 2}.get(rank, rank)
        ranked.append((rank, order, finding))
    best = min(ranked, key=lambda r: r[:2]) if ranked else None
    return best[2] if best is not None and best[0] < 3 else None


_DATE_LINE = re.compile(rf"\bDate(?:d)?\s*:\s*{DATE_GROUP}", re.I)


def _signature_block_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """The latest "Date: …" of the signature blocks (the contract is signed when the last party signs)."""
    found = [
        Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0), rule="signature block date")
        for chunk in chunks[-3:]
        for match in _DATE_LINE.finditer(chunk.text)
        if (value := parse_date(match["date"])) is not None
    ]
    return max(found, key=lambda f: f.value) if found else None
