"""Numbers read from clauses: durations, notice periods, amounts of money and percentages.

French and English, in digits or words: « préavis de six mois », « trois (3) mois », "thirty (30)
days", « 150 000 euros », "EUR 2,400,000", "USD 1.5 million", « 12 % », "five per cent".
Durations come from :func:`greffier.dataroom.extract.find_periods` (the data room's term reader);
they are compared in days (a month is 30 days, a year 365).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from greffier.dataroom.extract import NUMBER_WORDS, find_periods, parse_number
from greffier.dataroom.normalize import fold

QuantityKind = Literal["duration", "notice_period", "amount", "percentage"]
DAYS_PER_UNIT = {"hours": 1 / 24, "days": 1.0, "weeks": 7.0, "months": 30.0, "years": 365.0}
DURATION_UNITS = tuple(DAYS_PER_UNIT)
CURRENCIES = ("EUR", "USD", "GBP", "CHF")


@dataclass(frozen=True)
class Quantity:
    """One number read from a text, with the span it was read from.

    ``value`` is in days for durations and notice periods, in currency units for amounts (``unit``
    is the ISO code, or ``""`` when none is written), in percent for percentages.
    """

    kind: QuantityKind
    value: float
    unit: str
    text: str
    start: int
    end: int

    def describe(self) -> str:
        return self.text


# --- durations and notice periods ----------------------------------------------------------------

_HOURS = re.compile(r"(?<![\w-])(?P<num>\d{1,3}|[a-zà-ü-]+)(?:\s*\(\s*\d{1,3}\s*\))?\s+(?P<unit>heures|heure|hours|hour)\b", re.I)
# Words around a period that make it a notice period: « préavis de trois mois », "notice of 60 days",
# "30 days' prior written notice", « trois mois de préavis », « six mois avant l'échéance ».
_NOTICE_BEFORE = re.compile(
    r"(?:preavis|prevenance|notice)(?: period)?\s*(?:(?:minimum|ecrit|ecrite|of|de|d'|du|at least|not less than|no less than"
    r"|au moins|d'au moins|au minimum|egal a|equal to)\s*){1,3}$"
)
_NOTICE_AFTER = re.compile(
    r"^(?:\s*\(\s*\d+\s*\))?['’]?s?\s+(?:(?:prior|advance|written|de|d'|calendar|clear|business)\s*){0,3}(?:notice|preavis)\b"
    r"|^(?:\s*\(\s*\d+\s*\))?\s*(?:au moins\s+|at least\s+)?(?:avant|before|prior to|preceding|in advance|a l'avance|d'avance)\b"
)


def durations(text: str) -> list[Quantity]:
    """Every length of time in ``text`` (« six mois », "thirty (30) days", « 48 heures »), in days."""
    found = [
        Quantity("duration", period.count * DAYS_PER_UNIT[period.unit], period.unit, match.group(0), match.start(), match.end())
        for period, match in find_periods(text)
    ]
    for match in _HOURS.finditer(text):
        count = parse_number(match["num"])
        if count:
            found.append(Quantity("duration", count / 24, "hours", match.group(0), match.start(), match.end()))
    return sorted(found, key=lambda q: q.start)


def notice_periods(text: str) -> list[Quantity]:
    """The lengths of time in ``text`` that are notice periods: « préavis de trois mois »,
    "thirty (30) days' prior written notice", « trois mois avant l'échéance », "notice of 60 days"."""
    found = []
    for quantity in durations(text):
        before = fold(text[max(0, quantity.start - 60) : quantity.start]).rstrip()
        before = re.sub(r"\s+(?:un|une|a|an|the)$", "", before).rstrip()  # « préavis d'un mois », "notice of a month"
        after = fold(text[quantity.end : quantity.end + 60])
        if _NOTICE_BEFORE.search(before) or _NOTICE_AFTER.search(after):
            found.append(Quantity("notice_period", quantity.value, quantity.unit, quantity.text, quantity.start, quantity.end))
    return found


# --- amounts ---------------------------------------------------------------------------------------

_CURRENCY_WORDS = {
    "eur": "EUR", "euro": "EUR", "euros": "EUR", "€": "EUR", "keur": "EUR", "k€": "EUR", "m€": "EUR",
    "usd": "USD", "us$": "USD", "$": "USD", "dollars": "USD", "dollar": "USD",
    "gbp": "GBP", "£": "GBP", "pounds": "GBP", "livres sterling": "GBP",
    "chf": "CHF", "francs suisses": "CHF", "swiss francs": "CHF",
}
_CURRENCY = r"(?:EUR|euros?|€|USD|US\$|\$|dollars?|GBP|£|pounds|livres sterling|CHF|francs suisses|swiss francs)"
_DIGITS = r"\d{1,3}(?:[  .,’']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_WORD_NUMBER = "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True) if " " not in w)
_SCALE = r"(?:millions?|milliards?|billions?|thousand|mille|k|m|bn|mds?)"
_AMOUNT = re.compile(
    rf"(?P<pre>{_CURRENCY})\s?(?P<num1>{_DIGITS})(?:\s*(?P<scale1>{_SCALE})\b)?"
    rf"|(?<![\w.,])(?P<num2>{_DIGITS}|{_WORD_NUMBER})(?:\s*\(\s*[\d  .,]+\s*\))?\s*(?:(?P<scale2>{_SCALE})\s*(?:d['’]\s*|de\s+|of\s+)?)?(?P<post>{_CURRENCY})(?![\w])",
    re.IGNORECASE,
)
_SCALES = {"million": 1e6, "millions": 1e6, "m": 1e6, "milliard": 1e9, "milliards": 1e9, "md": 1e9, "mds": 1e9,
           "billion": 1e9, "billions": 1e9, "bn": 1e9, "thousand": 1e3, "mille": 1e3, "k": 1e3}


def parse_decimal(raw: str) -> float | None:
    """« 2 400 000 », "2,400,000.50", « 12,5 », "1.500" (thousands), "0.5" → a float; None otherwise.

    With one kind of separator, groups of exactly three digits after the first are thousands.
    """
    text = re.sub(r"(?<=\d)[\s'’](?=\d{3}(?!\d))", "", raw.strip())
    if "," in text and "." in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
        text = text.replace("." if decimal == "," else ",", "").replace(decimal, ".")
    else:
        for separator in (",", "."):
            if separator in text:
                head, *groups = text.split(separator)
                thousands = all(len(g) == 3 for g in groups) and head not in ("", "0")
                text = "".join([head, *groups]) if thousands else text.replace(separator, ".")
    try:
        return float(text)
    except ValueError:
        return None


def _number(raw: str) -> float | None:
    if re.match(r"\d", raw):
        return parse_decimal(raw)
    value = parse_number(raw)
    return float(value) if value is not None else None


def amounts(text: str) -> list[Quantity]:
    """Sums of money in ``text`` with their currency (« 150 000 euros », "USD 28,000", "£2m")."""
    found = []
    for match in _AMOUNT.finditer(text):
        raw_number = match["num1"] or match["num2"]
        value = _number(raw_number)
        if value is None:
            continue
        scale = (match["scale1"] or match["scale2"] or "").lower()
        value *= _SCALES.get(scale, 1.0)
        currency_word = (match["pre"] or match["post"] or "").lower()
        if currency_word in ("k€", "keur"):
            value *= 1e3
        currency = _CURRENCY_WORDS.get(currency_word, _CURRENCY_WORDS.get(currency_word.rstrip("s"), ""))
        found.append(Quantity("amount", value, currency, match.group(0).strip(), match.start(), match.end()))
    return found


# --- percentages -----------------------------------------------------------------------------------

_PERCENT = re.compile(
    rf"(?<![\w.,])(?P<num>\d+(?:[.,]\d+)?|{_WORD_NUMBER})(?:\s*\(\s*\d+(?:[.,]\d+)?\s*%?\s*\))?\s*(?:%|pour\s*cent|per\s*cent|percent|pct)(?![\w])",
    re.IGNORECASE,
)


def percentages(text: str) -> list[Quantity]:
    """Percentages in ``text``: « 12 % », "3.5%", « dix pour cent », "five (5) percent"."""
    found = []
    for match in _PERCENT.finditer(text):
        raw = match["num"]
        value = float(raw.replace(",", ".")) if re.match(r"\d", raw) else (float(v) if (v := parse_number(raw)) is not None else None)
        if value is not None:
            found.append(Quantity("percentage", value, "%", match.group(0), match.start(), match.end()))
    return found


READERS = {"duration": durations, "notice_period": notice_periods, "amount": amounts, "percentage": percentages}


def read_quantities(kind: QuantityKind, text: str) -> list[Quantity]:
    """The quantities of ``kind`` in ``text``, in reading order."""
    return READERS[kind](text)
