"""Text folding: the one way Greffier compares words whatever their case, accents or typography."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Ligatures and letters NFKD leaves alone, and curly apostrophes, made plain before accents are stripped.
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "’": "'", "‘": "'", "ʼ": "'"})
_DASHES = re.compile(r"[—–‑‒―-]")


@lru_cache(maxsize=8192)
def _fold_short(text: str) -> str:
    return _fold(text)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def fold(text: str) -> str:
    """``text`` lower-cased (casefold), without accents, ligatures expanded (« œ » → "oe") and curly
    apostrophes made straight. Short strings are cached: they are compared over and over."""
    return _fold_short(text) if len(text) < 256 else _fold(text)


def fold_origins(text: str) -> list[int]:
    """For each character of ``fold(text)``, the index of the written character it folds from. Folding works
    character by character, so each folded character comes from one written one (« œ » gives two)."""
    return [index for index, char in enumerate(text) for _ in fold(char)]  # (one character: folded once, then cached)


def written_span(text: str, start: int, end: int) -> str:
    """The words of ``text`` that ``fold(text)[start:end]`` folds from, as written (accents, case and
    ligatures kept): what a match found in the folded text quotes (:func:`fold_origins`)."""
    origins = fold_origins(text)
    folded = fold(text)
    if len(origins) != len(folded) or not 0 <= start < end <= len(origins):
        return folded[start:end]  # not expected; the folded words rather than a wrong quote
    return text[origins[start] : origins[end - 1] + 1]


def fold_label(text: str) -> str:
    """A title or heading compared loosely: :func:`fold`, dashes made one, spaces collapsed
    (« ARTICLE 3 — DURÉE » = "Article 3 - Durée")."""
    return " ".join(_DASHES.sub("-", fold(text)).split())
