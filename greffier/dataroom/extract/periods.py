"""Numbers and lengths of time written in contracts: « vingt-quatre », "three (3) years", « neuf années »."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Literal

from dateutil.relativedelta import relativedelta
from pydantic import BaseModel

from greffier.dataroom.normalize import fold

TimeUnit = Literal["years", "months", "weeks", "days"]


class Period(BaseModel):
    """A length of time written in a contract: « trois ans », "36 months"."""

    count: int
    unit: TimeUnit

    def after(self, start: date, *, anniversary: bool = False) -> date:
        """The last day of this period when it starts on ``start`` (a 3-year term from 1 Jan ends 31 Dec);
        with ``anniversary``, the anniversary itself (the common-law reading of "three years from 1 January")."""
        return start + relativedelta(**{self.unit: self.count}) - timedelta(days=0 if anniversary else 1)


_FR_UNITS = (
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
    "dix-sept dix-huit dix-neuf"
).split()
_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
_FR_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}
_EN_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}


def _number_words() -> dict[str, int]:
    words = {w: i for i, w in enumerate(_FR_UNITS)} | {w: i for i, w in enumerate(_EN_UNITS)} | {"une": 1, "zero": 0}
    for value, word in _FR_TENS.items():
        words[word] = value
        words[f"{word} et un"] = words[f"{word}-et-un"] = value + 1
        words.update({f"{word}-{_FR_UNITS[u]}": value + u for u in range(2, 10)})
    words.update({f"soixante-{_FR_UNITS[u]}": 60 + u for u in range(10, 20)} | {"soixante et onze": 71})
    words.update({"quatre-vingts": 80, "quatre-vingt": 80})
    words.update({f"quatre-vingt-{_FR_UNITS[u]}": 80 + u for u in range(1, 20)})
    for value, word in _EN_TENS.items():
        words[word] = value
        words.update({f"{word}{sep}{_EN_UNITS[u]}": value + u for u in range(1, 10) for sep in ("-", " ")})
    return words


NUMBER_WORDS: dict[str, int] = _number_words()
NUMBER = "(?:" + "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True)) + r"|\d{1,3})"
_UNITS: dict[str, TimeUnit] = {
    "an": "years", "ans": "years", "yr": "years", "yrs": "years", "annee": "years", "annees": "years", "year": "years", "years": "years",
    "mois": "months", "month": "months", "months": "months", "semaine": "weeks", "semaines": "weeks",
    "week": "weeks", "weeks": "weeks", "jour": "days", "jours": "days", "day": "days", "days": "days",
}
_DURATION = re.compile(
    rf"(?<![\w-])(?P<num>{NUMBER})(?:\s*\(\s*(?P<digits>\d{{1,3}}|I)\s*\))?(?:\s+|-\s?)(?:(?:pleines?|full|entières?|calendar|consecutive|contract|lease|license|licence|agreement|business|working|banking)\s+)?"
    r"(?P<unit>années|année|annees|annee|ans|an|mois|semaines|semaine|jours|jour|years|year|yrs|yr|months|month|weeks|week|days|day)\b",
    re.IGNORECASE,
)  # "three (3) years", "a five-year term", "five (5) Contract Years", "one (I) year" (a 1 read as I); « d'une année » folded too (walkthrough 31:
# a renewal « par périodes successives d'une année » had no length, and no notice deadline)


def parse_number(text: str) -> int | None:
    """``"vingt-quatre"`` → 24, ``"three"`` → 3, ``"36"`` → 36; ``None`` for anything else."""
    cleaned = " ".join(fold(text).split())
    if cleaned.isdigit():
        return int(cleaned)
    return NUMBER_WORDS.get(cleaned, NUMBER_WORDS.get(text.strip().lower()))


_EN_ORDINAL_UNITS = {"first": 1, "second": 2, "third": 3, "fifth": 5, "eighth": 8, "ninth": 9, "twelfth": 12}
_ORDINAL_DIGITS = re.compile(r"^(?P<n>\d{1,3})(?:st|nd|rd|th|e|er|re|ère|ème|eme|ieme|ième)$", re.I)


def parse_ordinal(text: str) -> int | None:
    """``"30th"``, ``"thirty-sixth"``, « trente-sixième », « 36e », « premier » → the number; ``None`` for anything else."""
    word = " ".join(fold(text).split())
    if digits := _ORDINAL_DIGITS.match(word):
        return int(digits["n"])
    if word in ("premier", "premiere", "1er", "1re"):
        return 1
    head, _, last = word.rpartition("-") if "-" in word else word.rpartition(" ")
    joint = "-" if "-" in word else " "
    if last.endswith("ieme"):  # « sixième », « trente-sixième », « cinquième », « neuvième », « vingt et unième »
        stem = last[:-4]
        stem = {"cinqu": "cinq", "neuv": "neuf", "un": "un", "quatr": "quatre", "onz": "onze", "douz": "douze", "treiz": "treize",
                "quatorz": "quatorze", "quinz": "quinze", "seiz": "seize", "trent": "trente", "quarant": "quarante",
                "cinquant": "cinquante", "soixant": "soixante", "vingt": "vingt", "mill": "mille"}.get(stem, stem)
        return parse_number(f"{head}{joint}{stem}" if head else stem)
    if last in _EN_ORDINAL_UNITS:  # "first", "twenty-first", "thirty-second"
        return (parse_number(head) or 0) + _EN_ORDINAL_UNITS[last] if head else _EN_ORDINAL_UNITS[last]
    if last.endswith("ieth"):  # "twentieth", "thirtieth"
        return parse_number(f"{head}{joint}{last[:-4]}y" if head else f"{last[:-4]}y")
    if last.endswith("th"):  # "fourth", "sixteenth", "thirty-sixth"
        return parse_number(f"{head}{joint}{last[:-2]}" if head else last[:-2])
    return None


def find_periods(text: str) -> list[tuple[Period, re.Match[str]]]:
    """Lengths of time in ``text``: « neuf années », "three (3) years", "36 months"."""
    found: list[tuple[Period, re.Match[str]]] = []
    for match in _DURATION.finditer(text):
        count = parse_number(match["num"])
        if match["digits"] and match["digits"].isdigit() and count != int(match["digits"]) and int(match["digits"]) % 100 == count:
            count = int(match["digits"])  # "one hundred eighty (180) days": the words read from "eighty" on, the figures whole
        unit = _UNITS.get(fold(match["unit"]))
        if count and unit:
            found.append((Period(count=count, unit=unit), match))
    return found


def written_period(period: Period) -> str:
    """ "90 days", "1 year": a period as a record keeps it (:func:`greffier.dataroom.records.period_of` reads it back)."""
    return f"{period.count} {period.unit if period.count > 1 else period.unit[:-1]}"
