"""Counts in words: « 1 file », « 2 files », never « 1 files » or « file(s) »."""

from __future__ import annotations

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "needs": "need", "analysis": "analyses"}


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``count`` and the noun agreeing with it: ``plural(1, "file")`` → "1 file", ``plural(3, "file")``
    → "3 files", ``plural(2, "passage relevant", "passages relevant")`` for a phrase. English nouns
    take an "s" unless ``plural_form`` is given (or the word is one of a few irregular ones)."""
    return f"{count} {noun(count, singular, plural_form)}"


def noun(count: int, singular: str, plural_form: str | None = None) -> str:
    """The noun (or verb) of :func:`plural` alone: ``noun(2, "rule")`` → "rules"."""
    if count == 1:
        return singular
    if plural_form is not None:
        return plural_form
    if singular in _IRREGULAR:
        return _IRREGULAR[singular]
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in "aeiou":
        return singular[:-1] + "ies"
    return singular + "s"
