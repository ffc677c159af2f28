"""Wrapped lines joined back into paragraphs: the one line un-wrapper Greffier uses.

Text converted from PDFs and plain-text files breaks lines where the page did, not where the sentence
does (« prendra fin le 31 janvier⏎2027 »): extraction rules, clause conditions and extractive answers
must see whole sentences, both to match wordings that run over a line break and to quote them whole.
"""

from __future__ import annotations

import re

from greffier.text.headings import is_heading_line
from greffier.text.sentences import split_sentences

_PARAGRAPH_END = re.compile(r"[.:;!?»\"”]\s*$")
_ITEM_START = re.compile(
    r"^(?:\d{1,3}(?:\.\d{1,3})*\.?\s|\(?[a-z0-9ivx]{1,4}\)\s|[-•·▪*–—]\s|(?:article|art\.|section)\s+\w+)", re.IGNORECASE
)


def paragraphs(text: str) -> list[str]:
    """``text`` with wrapped lines joined. A paragraph ends at a blank line, after final punctuation
    or a heading line, and before a numbered or bulleted item."""
    found: list[str] = []
    current: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if current and (not line or _ITEM_START.match(line)):
            found.append(" ".join(current))
            current = []
        if not line:
            continue
        current.append(line)
        if _PARAGRAPH_END.search(line) or (len(current) == 1 and is_heading_line(line)):
            found.append(" ".join(current))
            current = []
    if current:
        found.append(" ".join(current))
    return found


def unwrap(text: str) -> str:
    """``text`` with its wrapped lines joined, one paragraph per line (see :func:`paragraphs`)."""
    return "\n".join(paragraphs(text))


def clause_sentences(text: str, *, semicolons: bool = True) -> list[str]:
    """The sentences of a clause, wrapped lines joined first; a heading line is one item of its own."""
    found: list[str] = []
    for paragraph in paragraphs(text):
        found.extend([paragraph] if is_heading_line(paragraph) else split_sentences(paragraph, semicolons=semicolons))
    return found
