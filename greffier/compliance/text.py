"""Clause text as conditions read it: wrapped lines joined into paragraphs, then sentences.

Text converted from PDFs and plain-text files breaks lines where the page did, not where the
sentence does (« prendra fin le 31 janvier⏎2027 »): conditions must see whole sentences, both to
match wordings that run over a line break and to quote whole sentences as excerpts.
"""

from __future__ import annotations

import re

from greffier.dataroom.extract import sentences as split_sentences

_PARAGRAPH_END = re.compile(r"[.:;!?»\"”]\s*$")
_ITEM_START = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?\s|\(?[a-z0-9ivx]{1,4}\)\s|[-•·▪*–—]\s|(?:article|art\.|section)\s+\w+)", re.IGNORECASE)


def heading_line(line: str) -> bool:
    """« ARTICLE 5 — DURÉE », "Article 5 - Termination", "12. GOVERNING LAW": short, no sentence."""
    letters = [c for c in line if c.isalpha()]
    upper = len(letters) >= 3 and sum(c.isupper() for c in letters) >= 0.8 * len(letters)
    numbered = bool(re.match(r"^(?:article|art\.|section|clause)\s+\w+|^\d{1,3}(?:\.\d{1,3})*\.?\s", line, re.I))
    return (upper and len(line) <= 110) or (numbered and len(line) <= 70 and not line.endswith((",", ";")))


def paragraphs(text: str) -> list[str]:
    """``text`` with wrapped lines joined: PDF and plain-text lines end where the page did, not where
    the sentence does. A paragraph ends after final punctuation or a heading line, and before a
    numbered or bulleted item."""
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
        if _PARAGRAPH_END.search(line) or (len(current) == 1 and heading_line(line)):
            found.append(" ".join(current))
            current = []
    if current:
        found.append(" ".join(current))
    return found


def sentences(text: str) -> list[str]:
    """The sentences of a clause, wrapped lines joined first (see :func:`paragraphs`)."""
    found: list[str] = []
    for paragraph in paragraphs(text):
        found.extend([paragraph] if heading_line(paragraph) else split_sentences(paragraph))
    return found
