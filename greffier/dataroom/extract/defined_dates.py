"""Dates a contract defines by name — "the Effective Date", "the Commencement Date", « la Date d'Effet » —
and what each stands for: a written date, the date of signature, or an event no text can date.

A term often runs from such a name ("five (5) years from the Commencement Date", « trois ans à compter
de la Date d'Effet »); the name is resolved where the contract defines it:

* a date with its name after it: ``October 1, 2019 (the "Effective Date")``, « 1er mars 2021 (ci-après
  la « Date d'Effet ») »;
* a definition: ``"Commencement Date" means June 1, 2020``, ``EFFECTIVE DATE means 18 May 2000;``,
  « « Date d'Effet » désigne le 1er mars 2021 »;
* a definition that points to the signature: ``"Effective Date" means the date on which this Agreement
  has been signed by both Parties``, ``effective as of the date of the last signature below (the
  "Effective Date")``, « la date de signature du Contrat par la dernière des Parties »;
* anything else is an event (``"Launch Date" means the date of the first commercial sale``, « la date
  de mise en service »): the term's end stays unknown, with the definition as its reason — unless the
  contract writes when the parties expect it ("The parties anticipate the Commencement Date to be
  November 16, 1998", « la Date de Démarrage est prévue le … »): an end counted from that expected date
  is low confidence and says why (``DefinedDate.expected``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Literal

from pydantic import BaseModel

from greffier.dataroom.extract.text import DATE_GROUP, ChunkInput, read_date
from greffier.dataroom.normalize import find_dates, fold

Meaning = Literal["date", "signature", "event"]

# A date's name: capitalised words ending in "Date" ("Effective Date", "Term Commencement Date", "EFFECTIVE DATE"),
# « Date d'Effet », « Date de Prise d'Effet », « Date d'Entrée en Vigueur ».
_CAPITAL = r"[A-ZÀ-ÖØ-Þ][\w'’-]*"
_FRENCH_LINK = r"(?:d['’]\s*|de\s+(?:la\s+|l['’]\s*)?|du\s+|des\s+|en\s+)"
DATE_NAME = (
    rf"(?:(?:Date|DATE)\s+{_FRENCH_LINK}{_CAPITAL}(?:\s+{_FRENCH_LINK}?{_CAPITAL}){{0,2}}"
    rf"|(?:{_CAPITAL}\s+){{0,3}}(?:Date|DATE)(?![\w'’-]))"
)
_NAME = re.compile(DATE_NAME)
_DETERMINERS = frozenset("the this that such said any each its their a an la le l".split())

# What stands before a name a parenthesis defines: ``(the "Effective Date")``, ``(hereinafter "X")``, « (ci-après la « Date d'Effet ») »
_NAMED_BEFORE = re.compile(
    r"\(\s*(?:(?:the|herein(?:after)?|called|referred\s+to\s+as|such\s+date|being|ci-apr[èe]s|d[ée]nomm[ée]e?|d[ée]sign[ée]e?|"
    r"appel[ée]e?|la|le)[\s,]+)*[\"“«]\s*$",
    re.I,
)
_NAMED_AFTER = re.compile(r"\s*[\"”»]\s*\)")
# What follows a name a sentence defines: ``"Commencement Date" means …``, ``EFFECTIVE DATE means …``, « « Date d'Effet » désigne … »
_MEANS_AFTER = re.compile(
    r"\s*(?P<quoted>[\"”»]\s*\)?)?\s*(?:,\s*)?"
    r"(?P<verb>(?:shall|will)\s+mean|means|(?:shall|will)\s+be|is|refers\s+to|:|d[ée]signe|signifie|s['’]entend(?:\s+de)?|correspond\s+[àa]|est)"
    r"\s+(?P<what>[^;]{3,220})"
)
_DATE_AT_END = re.compile(rf"{DATE_GROUP}\s*,?\s*$", re.I)
_CLAUSE_START = re.compile(r"[.;()]")
_WHAT_CHARS = 160
_LEADING_DATE = re.compile(rf"^\s*(?:(?:the|le)\s+)?{DATE_GROUP}", re.I)
_DATE_WORDS = re.compile(r"^\s*(?:the|la|le)\s+(?:date|jour)\b", re.I)

# The signature as a start: "the date of the last signature", "the date on which this Agreement has been signed by
# both Parties", "the date first written above", "the date hereof", « la date de signature du Contrat »
SIGNATURE_WORDS = re.compile(
    r"\b(?:date|day)\s+(?:of\s+)?(?:the\s+|its\s+)?(?:[\w-]+\s+){0,3}?(?:signature|execution|signing)\b"
    r"(?!\s+of\s+(?:the|that(?:\s+certain)?)\s+(?-i:(?:[A-Z][\w-]*\s+){1,5}(?:Agreement|Contract)))"  # not another agreement's
    r"|\b(?:date|day)\s+(?:on\s+which|when|that|upon\s+which)\s+(?:this\s+\w+\s+|it\s+)?(?:is|has\s+been|shall\s+have\s+been|was|are|have\s+been|will\s+have\s+been)\s+"
    r"(?:fully\s+|duly\s+|mutually\s+)?(?:signed|executed)"
    r"|\b(?:date|day)\s+(?:on\s+which\s+|when\s+)?(?:the\s+|both\s+|all\s+)?(?:last\s+)?(?:of\s+the\s+)?part(?:y|ies)\s+(?:\w+\s+){0,3}?(?:signs?|executes?|signed|executed)"
    r"|\b(?:execution|signature|signing)\s+date\b|\b(?:last|final|latest)\s+(?:signature|party\s+to\s+(?:sign|execute))\b"
    r"|\bdate\s+(?:first\s+)?(?:(?:set\s+(?:forth|out)|written|stated|shown|indicated|mentioned|appearing)\s+)?(?:above|below)\b|\bdate\s+(?:first\s+)?(?:above|below)\s+(?:written|stated)\b"
    r"|\bdate\s+hereof\b|(?<!effective\s)\bdate\s+of\s+this\s+(?:agreement|contract|amendment|lease|license|licence)\b"
    r"|\bdate\s+(?:de\s+(?:la\s+)?|d['’])signature\b|\bjour\s+de\s+(?:la\s+|sa\s+|leur\s+)?signature\b|\bdate\s+[àa]\s+laquelle\s+[^.;]{0,60}?\bsign"
    r"|\b(?:à|a)\s+(?:la\s+|sa\s+)?signature\b",
    re.I,
)
_BLANK = re.compile(r"_{3,}|\[\s*(?:●|•|\*|date|\s)*\]|\.{4,}|…|\*\s?\*\s?\*", re.I)  # a blank or a redaction


class DefinedDate(BaseModel):
    """A date the contract names: its name as written, what it stands for, where it is defined."""

    name: str
    means: Meaning
    value: date | None = None  # the date written, when ``means`` is "date"
    expected: date | None = None  # an event's date as the parties expect it ("The parties anticipate the Commencement Date to be …")
    chunk_id: str | None = None
    raw: str = ""  # the definition's words

    def describe(self) -> str:
        """The definition in a few words, for a reason shown to a reader."""
        return f"the {self.name} is defined as « {' '.join(self.raw.split())[:120]} »"


def date_key(name: str) -> str:
    """The key a date's name is looked up by: folded, without a leading determiner ("the Effective Date" →
    "effective date", « la Date d'Effet » → "date d'effet")."""
    words = fold(name).replace("’", "'").split()
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    return " ".join(words)


def date_names(text: str) -> list[re.Match[str]]:
    """The dates named in ``text`` ("the Commencement Date", « la Date d'Effet »), in order; a bare "Date" is no name."""
    return [m for m in _NAME.finditer(text) if date_key(m.group(0)) not in ("date", "")]


def read_defined_dates(chunks: Sequence[ChunkInput], *, month_first: bool = False) -> dict[str, DefinedDate]:
    """The dates the contract defines, by :func:`date_key`. A name defined twice keeps its first
    definition that writes a date, else its first definition. ``month_first``: the order of the
    document's numeric dates (:func:`~greffier.dataroom.extract.text.numeric_month_first`)."""
    found: dict[str, DefinedDate] = {}
    for chunk in chunks:
        for name in date_names(chunk.text):
            definition = _defined_by_parenthesis(chunk, name, month_first) or _defined_by_sentence(chunk, name, month_first)
            key = date_key(name.group(0))
            if definition is not None and (key not in found or (found[key].means != "date" and definition.means == "date")):
                found[key] = definition
    for definition in found.values():
        if definition.means == "event":
            definition.expected = _expected_date(chunks, definition.name, month_first)
    # a name read with a heading's words before it ("INTERPRETATION EFFECTIVE DATE means …") also defines its
    # shorter forms ("Effective Date"), unless the contract defines them itself
    for key, definition in list(found.items()):
        words = key.split()
        for size in range(2, len(words) if words[-1] == "date" else 0):
            found.setdefault(" ".join(words[-size:]), definition)
    return found


def _defined_by_parenthesis(chunk: ChunkInput, name: re.Match[str], month_first: bool) -> DefinedDate | None:
    """``October 1, 2019 (the "Effective Date")``, ``effective as of the date of the last signature below (the
    "Effective Date")``: what the words before the parenthesis say the name is."""
    text = chunk.text
    opening = _NAMED_BEFORE.search(text, max(0, name.start() - 60), name.start())
    closing = _NAMED_AFTER.match(text, name.end())
    if opening is None or closing is None:
        return None
    head = text[max(0, opening.start() - _WHAT_CHARS) : opening.start()]
    parenthesis = text[opening.start() : closing.end()]
    if (written := _DATE_AT_END.search(head)) and (value := read_date(written["date"], month_first=month_first)):
        return DefinedDate(name=name.group(0), means="date", value=value, chunk_id=chunk.id, raw=written.group(0) + parenthesis)
    clause_starts = list(_CLAUSE_START.finditer(head))
    what = head[clause_starts[-1].end() :] if clause_starts else head
    raw = " ".join((what + parenthesis).split())
    if date_key(name.group(0)) in {date_key(m.group(0)) for m in date_names(what)}:
        return None  # "The Effective Date of this Agreement (herein called the "Effective Date") is …": defined after
    if _BLANK.search(what[-40:]):
        return DefinedDate(name=name.group(0), means="event", chunk_id=chunk.id, raw=raw)  # "this ____ day of ______, 2005 (the "Effective Date")"
    if written := find_dates(what):  # "shall commence on December 1, 2001, which date shall be deemed … (the "Effective Date")"
        return DefinedDate(name=name.group(0), means="date", value=written[-1].value, chunk_id=chunk.id, raw=raw)
    if SIGNATURE_WORDS.search(what):
        return DefinedDate(name=name.group(0), means="signature", chunk_id=chunk.id, raw=raw)
    return None


def _defined_by_sentence(chunk: ChunkInput, name: re.Match[str], month_first: bool) -> DefinedDate | None:
    """What a ``NAME means …`` sentence defines the name as; ``None`` when it is no definition ("the
    Effective Date is subject to …")."""
    if (row := _defined_by_table_row(chunk, name, month_first)) is not None:
        return row
    match = _MEANS_AFTER.match(chunk.text, name.end())
    if match is None or (match["verb"] == ":" and not match["quoted"]):
        return None  # "CEO Date: September 26, 2019" is a signature block's line
    return _meaning(name.group(0), match, chunk.id, month_first)


# A table of particulars whose row is the name and a date: "Effective Date | 1 September 2023", « Date d'Effet | 1er mars 2021 »
_ROW_START = re.compile(r"(?:^|\n)[ \t|]*$")
_CELL_AFTER = re.compile(r"[ \t]*\|[ \t]*(?P<what>[^|\n]{3,60}?)[ \t]*(?:\||\n|$)")


def _defined_by_table_row(chunk: ChunkInput, name: re.Match[str], month_first: bool) -> DefinedDate | None:
    """The date a table's row gives the name, when the row starts with the name and its next cell is a
    date and nothing else."""
    if not _ROW_START.search(chunk.text, max(0, name.start() - 40), name.start()):
        return None
    cell = _CELL_AFTER.match(chunk.text, name.end())
    if cell is None or not (leading := _LEADING_DATE.match(cell["what"])) or cell["what"][leading.end() :].strip(" .,"):
        return None
    if (value := read_date(leading["date"], month_first=month_first)) is None:
        return None
    return DefinedDate(name=name.group(0), means="date", value=value, chunk_id=chunk.id, raw=f"{name.group(0)} | {cell['what']}")


def _meaning(name: str, match: re.Match[str], chunk_id: str, month_first: bool) -> DefinedDate | None:
    what = match["what"]
    if leading := _LEADING_DATE.match(what):
        if (value := read_date(leading["date"], month_first=month_first)) is None:
            return None
        return DefinedDate(name=name, means="date", value=value, chunk_id=chunk_id, raw=f"{name} {match['verb']} {leading.group(0).strip()}")
    if not _DATE_WORDS.match(what):
        return None  # a definition says "the date …"
    clause = re.split(r"(?<=[a-z)])\s?\.\s|\n", what, maxsplit=1)[0][:_WHAT_CHARS]
    means: Meaning = "signature" if SIGNATURE_WORDS.search(clause) else "event"
    return DefinedDate(name=name, means=means, chunk_id=chunk_id, raw=f"{name} {match['verb']} {clause}")


# The date the parties expect an event on, written next to it: "The parties anticipate the Commencement Date to be November 16,
# 1998", "the Launch Date is expected to occur on or about March 1, 2020", « la Date de Mise en Service est prévue le 1er mars 2021 »
_EXPECTED = (
    r"(?:\b(?:anticipate|expect|estimate)s?\s+(?:that\s+)?{name}\s+(?:to\s+(?:be|occur|fall)|will\s+(?:be|occur|fall))"
    r"|{name}\s+(?:is|will\s+be|has\s+been)\s+(?:currently\s+|presently\s+)?(?:anticipated|expected|estimated|scheduled|projected|planned)\s+(?:to\s+(?:be|occur|fall)|for)"
    r"|{name}\s+(?:est|sera)\s+(?:pr[ée]vue?|estim[ée]e?|envisag[ée]e?|attendue?)(?:\s+pour)?"
    r"|{name}\s+devrait\s+(?:intervenir|avoir\s+lieu|[êe]tre))"
    rf"\s+(?:(?:on|or|about|around|approximately|by|au|aux|alentours|environ|le|du|vers)\s+)*{DATE_GROUP}"
)


def _expected_date(chunks: Sequence[ChunkInput], name: str, month_first: bool) -> date | None:
    """The date the contract says an event (a named date it defines as one) is expected on, if it says so."""
    pattern = re.compile(_EXPECTED.replace("{name}", r"(?:the\s+|la\s+|le\s+|l['’]\s*)?" + r"\s+".join(map(re.escape, name.split()))), re.I)
    for chunk in chunks:
        if (match := pattern.search(chunk.text)) and (value := read_date(match["date"], month_first=month_first)):
            return value
    return None
