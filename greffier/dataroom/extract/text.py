"""Chunks, findings and sentences: what every extraction rule reads and returns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from greffier.dataroom.normalize import DATE_PATTERN, parse_date
from greffier.text import fold, is_heading_line, split_sentences

T = TypeVar("T")

UPPER = "A-ZÀ-ÖØ-Þ"
#: One date in running text, captured as ``date``.
DATE_GROUP = rf"(?P<date>{DATE_PATTERN})"


_ENGLISH_WORDS = re.compile(r"\b(?:the|of|this|shall|will|and|for|from|years?|months?|agreement)\b", re.I)
_FRENCH_WORDS = re.compile(r"\b(?:le|la|les|des|du|de|pour|une?|ans|ann[ée]es|mois|contrat|compter)\b", re.I)


def is_english(text: str) -> bool:
    """Is ``text`` written in English rather than French (by their commonest words)?"""
    return len(_ENGLISH_WORDS.findall(text)) > len(_FRENCH_WORDS.findall(text))


_NUMERIC_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(?:\d{4}|\d{2})(?![\d/])")


def _order_signs(chunks: Sequence[ChunkInput]) -> tuple[int, int]:
    """(dates only day first allows: 25/03/2020, dates only month first allows: 03/25/2020) among the document's numeric dates."""
    days_first = months_first = 0
    for match in _NUMERIC_DATE.finditer(" ".join(chunk.text for chunk in chunks)):
        first, second = int(match.group(1)), int(match.group(2))
        days_first += first > 12 >= second
        months_first += second > 12 >= first
    return days_first, months_first


def numeric_month_first(chunks: Sequence[ChunkInput]) -> bool:
    """The order of the document's numeric dates: a first number over 12 is a day (25/03/2020), a second
    one over 12 a day too (03/25/2020); with no such sign, month first in an English document."""
    days_first, months_first = _order_signs(chunks)
    if days_first != months_first:
        return months_first > days_first
    return is_english(" ".join(chunk.text for chunk in chunks[:3])[:5000])


ORDER_DOUBT_MARK = "may be read day or month first"  # in the doubt of a date whose day and month could be either way


def order_left_open(chunks: Sequence[ChunkInput]) -> bool:
    """Is the order of the document's numeric dates only guessed: no date shows it (as many dates only one order allows as
    the other) and the text is English, read month first? A French text writes the day first: its order is not open."""
    days_first, months_first = _order_signs(chunks)
    return days_first == months_first and is_english(" ".join(chunk.text for chunk in chunks[:3])[:5000])


def other_reading(day: date) -> date | None:
    """The day a date written in figures would be read the other way round (11/04 → 4/11), or ``None`` when there is none."""
    return date(day.year, day.day, day.month) if day.day <= 12 else None


def ambiguous_numeric_dates(text: str) -> list[str]:
    """The numeric dates of ``text`` that read as two different days ("11/04/2024": 11 April or 4 November)."""
    return [m.group(0) for m in _NUMERIC_DATE.finditer(text) if int(m.group(1)) <= 12 and int(m.group(2)) <= 12 and m.group(1).lstrip("0") != m.group(2).lstrip("0")]


def with_order_doubt(finding: Finding[date] | None, order_open: bool) -> Finding[date] | None:
    """``finding`` made at most ``medium``, with the reason, when it rests on a numeric date whose day and month could be either
    way and the document leaves the order open (``order_open``: :func:`order_left_open`, computed once per document;
    walkthrough 15: a copy writing « 11/04/2024 » in English was read 4 November, sure)."""
    if finding is None or finding.confidence == "low" or not order_open:
        return finding
    *start, own = finding.raw.split(" … ")
    # the figures that gave the value: a start the end is counted from, or the end's own figures read as the value
    written = ambiguous_numeric_dates(" ".join(start)) + [d for d in ambiguous_numeric_dates(own) if numeric_date(d, True) == finding.value]
    if not written:
        return finding
    doubt = f"{written[0]} {ORDER_DOUBT_MARK} and the document shows neither: read month first (an English text)"
    return finding.model_copy(update={"confidence": "medium", "doubt": "; ".join(d for d in (finding.doubt, doubt) if d)})


def numeric_date(numeric: str, month_first: bool) -> date | None:
    """``5/17/12``, ``25/03/2020``, ``3-14-18`` read in the document's order (a number over 12 is a day)."""
    first, second, year = (int(part) for part in re.split(r"[/-]", numeric))
    month, day = (first, second) if month_first else (second, first)
    if first > 12 >= second:
        month, day = second, first
    elif second > 12 >= first:
        month, day = first, second
    if year < 100:
        year += 1900 if year >= 50 else 2000
    try:
        return date(year, month, day)
    except ValueError:
        return None


def read_date(raw: str, *, month_first: bool = False) -> date | None:
    """One date as the text writes it (:func:`~greffier.dataroom.normalize.parse_date`), a numeric one
    (``1/10/2005``) in the document's own order (:func:`numeric_month_first`)."""
    if _NUMERIC_DATE.fullmatch(raw.strip()):
        return numeric_date(raw.strip(), month_first)
    return parse_date(raw)


def heading_line(line: str) -> bool:
    """A Markdown heading or a line that reads as one (:func:`greffier.text.is_heading_line`)."""
    return line.lstrip().startswith("#") or is_heading_line(line)


class ChunkInput(BaseModel):
    """One stored chunk (usually an article) of a contract."""

    model_config = ConfigDict(frozen=True)

    id: str
    section: str = ""  # the heading the chunk falls under ("ARTICLE 2 — DURÉE")
    text: str
    page: int | None = None


Confidence = Literal["high", "medium", "low"]
_CONFIDENCE_ORDER: dict[str, int] = {"low": 0, "medium": 1, "high": 2}


def weakest(*confidences: Confidence) -> Confidence:
    """The least sure of ``confidences`` ("high" when none is given)."""
    return min(confidences, key=_CONFIDENCE_ORDER.__getitem__, default="high")


class Finding(BaseModel, Generic[T]):
    """One value read from the text: where (chunk id; ``None`` for the title), from what, by which rule,
    and — when the rule had to assume something — how sure it is and why not more (``doubt``). A
    ``low`` value is unknown for a filter."""

    value: T
    chunk_id: str | None
    raw: str
    rule: str
    confidence: Confidence = "high"
    doubt: str = ""


_ARTICLE_LINE = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:ARTICLE|Article|ART\.|Art\.|SECTION|Section|CLAUSE|Clause)[ \t]+\w+", re.MULTILINE
)


def split_articles(contract_id: str, text: str) -> list[ChunkInput]:
    """Cut a contract's text at its article headings: chunks ``<id>-1``, ``<id>-2``...

    The text before the first article (title, preamble) is chunk 1 when it is not empty; each chunk's
    ``section`` is its heading line (the first line for the preamble).
    """
    starts = [m.start() for m in _ARTICLE_LINE.finditer(text)]
    bounds = [0, *starts, len(text)] if not starts or starts[0] > 0 else [*starts, len(text)]
    chunks: list[ChunkInput] = []
    for begin, end in zip(bounds, bounds[1:]):
        piece = text[begin:end].strip()
        if piece:
            heading = piece.splitlines()[0].strip().lstrip("#").strip()
            chunks.append(ChunkInput(id=f"{contract_id}-{len(chunks) + 1}", section=heading, text=piece))
    return chunks


@dataclass(frozen=True)
class Sentence:
    chunk_id: str | None
    text: str
    chunk_rank: int  # 0: the chunk's heading is about the field looked for; 1: any other chunk


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, lines and the limbs of an enumeration (« ; »), without cutting
    after « M. », "Inc." or "art." (:func:`greffier.text.split_sentences`)."""
    return split_sentences(text, semicolons=True)


def heading(chunk: ChunkInput) -> str:
    """The chunk's heading: its section, else its first line."""
    return chunk.section or chunk.text.strip().split("\n", 1)[0]


def ranked_sentences(chunks: Sequence[ChunkInput], about: re.Pattern[str], *, heading_chars: int | None = None) -> list[Sentence]:
    """Sentences of all chunks, those under a heading matching ``about`` (on folded text) first,
    in a stable order otherwise. With ``heading_chars``, a longer heading is a paragraph's first line,
    not a heading (a chunk with no section starts with its text): it ranks nothing first."""
    found = [
        Sentence(chunk.id, text, 0 if under_heading(chunk, about, heading_chars) else 1)
        for chunk in chunks
        for text in sentences(chunk.text)
    ]
    return sorted(found, key=lambda s: s.chunk_rank)


def under_heading(chunk: ChunkInput, about: re.Pattern[str], heading_chars: int | None) -> bool:
    """Whether the chunk's heading (no longer than ``heading_chars``: else it is a paragraph's first line) matches ``about``
    on folded text."""
    text = heading(chunk)
    return (heading_chars is None or len(text) <= heading_chars) and bool(about.search(fold(text)))
