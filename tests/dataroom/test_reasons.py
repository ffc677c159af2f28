"""The data room's reasons in French (:func:`greffier.dataroom.reasons.reason_in`): the doubts the extractors write, read in a French answer."""

from __future__ import annotations

import re

import pytest

from greffier.dataroom.extract.text import ORDER_DOUBT_MARK
from greffier.dataroom.reasons import reason_in

# English words a French reason must not keep (the details quoted between « » aside)
_ENGLISH = re.compile(r"\b(?:the|which|read|from|was|were|date of|could|party|term|counted|assuming)\b")


@pytest.mark.parametrize("doubt", [
    "gives the end date 2027-03-31, in words not read as a new term",
    "changes the term (« la durée du Bail est modifiée comme suit ») in words from which no new end date was read",
    "at the earliest: the term runs from the Go-Live Date, an event the contract does not date; counted from the contract's effective date "
    "(2025-03-03), assuming the event does not come before it",
    f"03/04/2025 {ORDER_DOUBT_MARK} and the document shows neither: read month first (an English text)",
    "the date the contract takes effect; no date of signature is written",
    "a date written on the cover page; nothing says it is the date of signature",
    "runs from an event the contract expects on 2026-01-01",
    "the months are counted from the start's month, which the term starts on the 1st of",
    "the parties were guessed from the first names the text mentions",
    "a party was read from the signature blocks only (the opening does not name it)",
    "a party name has nothing to confirm it (no legal form, number or defined name)",
    "only one party could be read",
    "the type was guessed from the first words of the text, not its title or heading",
])
def test_a_doubt_is_said_in_french_with_its_details_as_read(doubt):
    french = reason_in(doubt, "fr")
    outside_quotes = re.sub(r"«[^»]*»", "", french)
    assert not _ENGLISH.search(outside_quotes), french
    assert all(date in french for date in re.findall(r"\d{2}/\d{2}/\d{4}", doubt))  # a date written day first stays as read
    assert reason_in(doubt, "en") == doubt
