"""Chunks, findings and sentences: what every extraction rule reads and returns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from greffier.dataroom.normalize import DATE_PATTERN, fold

T = TypeVar("T")

UPPER = "A-ZÀ-ÖØ-Þ"
#: One date in running text, captured as ``date``.
DATE_GROUP = rf"(?P<date>{DATE_PATTERN})"
HEADING_LINE = re.compile(r"^[^a-zß-öø-ÿ]*$|^\s*#|^\s*(?:ARTICLE|Article)\s+\w+")


class ChunkInput(BaseModel):
    """One stored chunk (usually an article) of a contract."""

    model_config = ConfigDict(frozen=True)

    id: str
    section: str = ""  # the heading the chunk falls under ("ARTICLE 2 — DURÉE")
    text: str
    page: int | None = None


class Finding(BaseModel, Generic[T]):
    """One value read from the text: where (chunk id; ``None`` for the title), from what, by which rule."""

    value: T
    chunk_id: str | None
    raw: str
    rule: str


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


_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+(?=[«\"“(\[A-ZÀ-ÖØ-Þ0-9])|\n+")
_ABBREVIATION_END = re.compile(
    r"(?:\b(?:M|Mme|Me|Mlle|MM|Dr|Mr|Mrs|Ms|St|art|Art|n°|No|no|L|R|D|Inc|Ltd|Co|Corp|S\.A|cf|al|p|ex|etc)\.|\b[A-Z]\.)$"
)


def sentences(text: str) -> list[str]:
    """Split ``text`` into sentences and lines, without cutting after « M. », "Inc." or "art."."""
    pieces: list[str] = []
    for piece in _SENTENCE_END.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if pieces and _ABBREVIATION_END.search(pieces[-1][-16:]):  # the tail: long texts stay linear
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    return pieces


def heading(chunk: ChunkInput) -> str:
    """The chunk's heading: its section, else its first line."""
    return chunk.section or chunk.text.strip().split("\n", 1)[0]


def ranked_sentences(chunks: Sequence[ChunkInput], about: re.Pattern[str]) -> list[Sentence]:
    """Sentences of all chunks, those under a heading matching ``about`` (on folded text) first,
    in a stable order otherwise."""
    found = [
        Sentence(chunk.id, text, 0 if about.search(fold(heading(chunk))) else 1)
        for chunk in chunks
        for text in sentences(chunk.text)
    ]
    return sorted(found, key=lambda s: s.chunk_rank)
