"""Sentence splitting for French and English contract text: the one splitter Greffier uses.

A sentence ends after « . », « ! » or « ? » (and, for clause reading, « ; ») followed by a space and
a capital, a digit or an opening quote or bracket, or at a line break — but not at a line break inside a
sentence wrapped on the page (the next line in lower case after a line with no stop, colon or bracket,
and no list item or « label : » line). Abbreviations do not end one: « M. Dupont », « art. 5 », « n° 3 »,
"Acme Inc. agrees", "e.g. the".
"""

from __future__ import annotations

import re

# A line break inside a sentence wrapped on the page (a PDF's lines: "… concluded for an initial\nperiod of five (5) years") is no end:
# after a line that ends with no stop, colon or bracket, a line that starts in lower case — but not a list's item ("a)", "(ii)", "i.",
# "- ") — goes on the sentence (walkthrough 25: an OEM licence's term, cut in two, was read from the signature date)
_WRAPPED = r"(?<![.;:!?»\"”)\]])\n[ \t]*(?=[a-zà-öø-ÿ])(?![a-z]{1,4}[.)][ \t]|[ivx]{1,4}[.)]|[a-zà-öø-ÿ' ]{1,20}\s*:)"
_LINE_END_SPACES = re.compile(r"[ \t\r]+\n")  # "…;  \n", "…\r\n": the line ends where its last character is
# … and after a quoted wording that ends a sentence: '… shall continue until 31 October 2028." 1.2 All other terms …', « … le 30 juin
# 2029. » Les autres … (walkthrough 35: an amendment's replaced clause was quoted with the next item run into it)
_QUOTE_CLOSED = r"(?<=[.!?][\"”’])\s+(?=[«\"“(\[A-ZÀ-ÖØ-Þ0-9])|(?<=[.!?][ \u00a0\u202f]»)\s+(?=[«\"“(\[A-ZÀ-ÖØ-Þ0-9])"
_END = re.compile(rf"(?<=[.!?])\s+(?=[«\"“(\[A-ZÀ-ÖØ-Þ0-9])|{_QUOTE_CLOSED}|(?!{_WRAPPED})\n+")
_END_OR_SEMICOLON = re.compile(rf"(?<=[.;!?])\s+(?=[«\"“(\[A-ZÀ-ÖØ-Þ0-9])|{_QUOTE_CLOSED}|(?!{_WRAPPED})\n+")
# Words whose final dot is not a full stop, French and English, and single initials ("J. Smith").
ABBREVIATIONS = (
    "M", "Mme", "Me", "Mlle", "MM", "Dr", "Mr", "Mrs", "Ms", "St", "art", "Art", "n°", "No", "no", "L", "R", "D",
    "Inc", "Ltd", "Co", "Corp", "S.A", "cf", "al", "p", "pp", "ex", "etc", "e.g", "i.e", "vs", "Sect", "Sec",
)
_ABBREVIATION_END = re.compile(r"(?:\b(?:" + "|".join(re.escape(a) for a in ABBREVIATIONS) + r")\.|\b[A-Z]\.)$")
# A date whose day is followed by a dot, the year after it ("until March 18. 2021", a typo of "March 18, 2021"): no full stop
_MONTH_DAY_END = re.compile(r"(?i)\b(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s*\d{1,2}\.$")
# A number written in words at a line's end, its figures in brackets at the next one's start: one number, wrapped on the page ("exceeds EUR
# 40,000,000 for three\n(3) consecutive months" was quoted cut at "three": walkthrough 29), not a list's "(3)" item
_NUMBER_WORD_END = re.compile(
    r"(?i)\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
    r"|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze"
    r"|treize|quatorze|quinze|seize|dix-sept|dix-huit|dix-neuf|vingts?|trente|quarante|cinquante|soixante|soixante-dix|quatre-vingts?(?:-dix)?"
    r"|cents?|mille|millions?|milliards?)$"
)
_FIGURES_START = re.compile(r"\(\d[\d\s.,]*\)\s")
_YEAR_START = re.compile(r"(?:19|20)\d\d(?=\s*(?:[,.;:)]|$))")  # the year, then punctuation: not "June 30. 2000 shares vest"


def split_sentences(text: str, *, semicolons: bool = False) -> list[str]:
    """The sentences (and lines) of ``text``, stripped, in order; empty pieces dropped.

    ``semicolons`` also ends a sentence at « ; » (clause reading: each limb of an enumeration is a
    statement of its own). Raises nothing.
    """
    pieces: list[str] = []
    text = _LINE_END_SPACES.sub("\n", text)
    for piece in (_END_OR_SEMICOLON if semicolons else _END).split(text):
        piece = piece.strip()
        if not piece:
            continue
        if pieces and (_ABBREVIATION_END.search(pieces[-1][-16:]) or (_YEAR_START.match(piece) and _MONTH_DAY_END.search(pieces[-1][-16:]))):  # the tail: long texts stay linear
            pieces[-1] = f"{pieces[-1]} {piece}"
        elif pieces and _FIGURES_START.match(piece) and _NUMBER_WORD_END.search(pieces[-1][-24:]):
            pieces[-1] = f"{pieces[-1]}\n{piece}"  # "… for three\n(3) consecutive months": the number's figures, wrapped, no list item
        else:
            pieces.append(piece)
    return pieces
