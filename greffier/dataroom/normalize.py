"""Normalising the messy values of a data room: dates, SIREN numbers, company names.

Every function here is pure and cheap; the expensive ones are cached. Values that cannot be read come
back as ``None`` (dates) or with a warning that says what is wrong (SIREN), never as an exception:
one bad cell must not stop the analysis of a data room.

- :func:`parse_date` reads the date formats found in data rooms (ISO, day-first numeric, French and
  English month names); :func:`find_dates` finds them inside running text.
- :func:`normalize_siren` checks a French company number (9 digits, Luhn key).
- :func:`entity_id` folds a company or person name into a stable key; :func:`alias_warnings` points
  out keys that may name the same company, without ever merging them.

The laws and contract types (their canonical labels and French / English wordings) are in
:mod:`greffier.dataroom.vocabulary`.
"""

from __future__ import annotations

import calendar
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any

from rapidfuzz.distance import Levenshtein
from stdnum.exceptions import ValidationError
from stdnum.fr import siren as stdnum_siren

from greffier.text import fold as text_fold

# --------------------------------------------------------------------------------------------------
# Text folding
# --------------------------------------------------------------------------------------------------

# One fold for the whole product (greffier/text/fold.py); importable from here as before.
fold = text_fold


# --------------------------------------------------------------------------------------------------
# Dates
# --------------------------------------------------------------------------------------------------

MONTHS: dict[str, int] = {
    "janvier": 1, "janv": 1, "fevrier": 2, "fevr": 2, "fev": 2, "mars": 3, "avril": 4, "avr": 4, "mai": 5,
    "juin": 6, "juillet": 7, "juil": 7, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
    "decembre": 12, "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}
_YEARS = range(1900, 2201)
_DATEPARSER_SETTINGS: dict[str, Any] = {
    "DATE_ORDER": "DMY",
    "PREFER_DAY_OF_MONTH": "first",
    "PARSERS": ["custom-formats", "absolute-time"],  # no "relative-time": "today" is not a contract date
    "REQUIRE_PARTS": ["month", "year"],
    "RETURN_AS_TIMEZONE_AWARE": False,
}
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?")
_YEAR_FIRST = re.compile(r"(\d{4})[/.](\d{1,2})[/.](\d{1,2})")
_DAY_FIRST = re.compile(r"(\d{1,2})([/.\-])(\d{1,2})\2(\d{4}|\d{2})")
_WEEKDAYS = r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+"
_DAY_MONTH_YEAR = re.compile(
    rf"(?:le\s+|the\s+)?(?:{_WEEKDAYS})?(\d{{1,2}})(?:er|re|e|st|nd|rd|th)?\s*(?:of\s+)?([a-z]+)\.?(?:,\s*|\s+)(\d{{4}})"
)
_MONTH_DAY_YEAR = re.compile(rf"(?:{_WEEKDAYS})?([a-z]+)\.?\s*(\d{{1,2}})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{{4}})")  # "March 3,2015" too
_MONTH_YEAR = re.compile(r"(?:en\s+|in\s+)?([a-z]+)\.?\s+(\d{4})")
_FIRST_WORD = re.compile(r"^(?:le\s+)?premier\s+")


def _safe_date(year: int, month: int, day: int) -> date | None:
    if year not in _YEARS:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _parse_numeric(text: str) -> date | None:
    if match := _ISO.fullmatch(text):
        return _safe_date(int(match[1]), int(match[2]), int(match[3]))
    if match := _YEAR_FIRST.fullmatch(text):
        return _safe_date(int(match[1]), int(match[2]), int(match[3]))
    if match := _DAY_FIRST.fullmatch(text):
        year = int(match[4])
        if len(match[4]) == 2:  # two-digit years: 00-69 are 2000s, 70-99 the 1900s
            year += 2000 if year < 70 else 1900
        return _safe_date(year, int(match[3]), int(match[1]))
    return None


_DAY_OF_WORDS = re.compile(r"(\d)(?:\s?(?:st|nd|rd|th)|\s?[snrt]\s[tdh])?\s+day\s+of\s+")
# a day written as an ordinal word: "the third day of March, 2015", "this twenty-first day of May, 2012"
_ORDINAL_DAYS = {
    word: number
    for number, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth"
        " seventeenth eighteenth nineteenth twentieth".split(), 1
    )
} | {f"twenty-{w}": 20 + n for w, n in zip("first second third fourth fifth sixth seventh eighth ninth".split(), range(1, 10))} | {
    "thirtieth": 30, "thirty-first": 31,
}
_ORDINAL_DAY_WORD = "|".join(sorted(_ORDINAL_DAYS, key=len, reverse=True))
_ORDINAL_DAY_OF = re.compile(rf"\b({_ORDINAL_DAY_WORD})\s+day\s+of\s+")


def _french_numbers() -> dict[str, int]:
    """French numbers 1 to 99 in words, hyphens written as spaces (« vingt et un », « soixante douze », « quatre vingt dix »)."""
    words = {"un": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11,
             "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16, "dix sept": 17, "dix huit": 18, "dix neuf": 19}
    below_twenty = dict(words)
    for tens, name in ((20, "vingt"), (30, "trente"), (40, "quarante"), (50, "cinquante"), (60, "soixante")):
        words[name] = tens
        for word, unit in below_twenty.items():
            if unit < 10 or (tens == 60 and unit < 20):  # 70-79 are « soixante-dix » … « soixante-dix-neuf »
                words[f"{name} et {word}" if unit in (1, 11) else f"{name} {word}"] = tens + unit
    words["quatre vingts"] = words["quatre vingt"] = 80
    for word, unit in below_twenty.items():
        words[f"quatre vingt {word}"] = 80 + unit
    return words


_FRENCH_NUMBERS = _french_numbers()
# The same numbers as one compact pattern (a list of 99 alternatives made every date search twice as slow); a match the
# table does not hold (« trente douze ») reads as no date.
_UNITS = r"(?:un|deux|trois|quatre|cinq|six|sept|huit|neuf)"
_TEENS = r"(?:dix(?:[\s-]+(?:sept|huit|neuf))?|onze|douze|treize|quatorze|quinze|seize)"
_FRENCH_NUMBER_WORDS = (
    rf"(?:quatre[\s-]+vingts?(?:[\s-]+(?:{_TEENS}|{_UNITS}))?"
    rf"|(?:vingt|trente|quarante|cinquante|soixante)(?:[\s-]+et[\s-]+(?:un|onze)|[\s-]+(?:{_TEENS}|{_UNITS}))?|{_TEENS}|{_UNITS})"
)
# A date in words, as a notarial act writes it: « le trente et un mars deux mille vingt-sept », « premier juin deux mille vingt-cinq »
_WORDS_DATE = (
    rf"\b(?:premier|{_FRENCH_NUMBER_WORDS})\s+(?:{{months}})\s+deux[\s-]+mille(?:[\s-]+(?:{_FRENCH_NUMBER_WORDS}))?(?![\w-])"
)
_WORDS_DATE_FOLDED = re.compile(
    rf"(?:le\s+)?(?P<day>premier|{_FRENCH_NUMBER_WORDS})\s+(?P<month>[a-z]+)\s+deux[\s-]+mille(?:[\s-]+(?P<year>{_FRENCH_NUMBER_WORDS}))?"
)
# … and the year first, as a deed opens: « L'AN DEUX MILLE VINGT-DEUX, LE DIX-HUIT MAI » (walkthrough 22)
# (« mil » as notaries also write it, « le dix-huit du mois de mai », « le 18 mai »)
_YEAR_FIRST_DATE = (
    rf"\bl['’]an\s+deux[\s-]+mill?e?(?:[\s-]+(?:{_FRENCH_NUMBER_WORDS}))?\s*,?\s+(?:et\s+)?le\s+(?:premier|1er|\d\d?|{_FRENCH_NUMBER_WORDS})"
    rf"\s+(?:du\s+mois\s+de\s+)?(?:{{months}})(?![\w-])"
)
_YEAR_FIRST_FOLDED = re.compile(
    rf"l'an\s+deux[\s-]+mill?e?(?:[\s-]+(?P<year>{_FRENCH_NUMBER_WORDS}))?\s*,?\s+(?:et\s+)?le\s+(?P<day>premier|1er|\d{{1,2}}|{_FRENCH_NUMBER_WORDS})"
    rf"\s+(?:du\s+mois\s+de\s+)?(?P<month>[a-z]+)"
)


# A month's last day: "the last day of June 2031", « le dernier jour du mois de juin deux mille trente et un » (a term's end)
_LAST_DAY = r"(?:dernier\s+jour\s+(?:du\s+mois\s+)?(?:de\s+|d['’]\s*)|last\s+day\s+(?:of|in)\s+(?:the\s+month\s+of\s+)?)"  # "the last day in February, 2023" too
_YEAR_WRITTEN = rf"(?:\d{{4}}|deux[\s-]+mille(?:[\s-]+{_FRENCH_NUMBER_WORDS})?(?![\w-]))"
_LAST_DAY_FOLDED = re.compile(rf"(?:le\s+|the\s+)?{_LAST_DAY}(?P<month>[a-z]+)\.?(?:\s?,\s*|\s+)(?P<year>{_YEAR_WRITTEN})")


def _parse_last_day(folded: str) -> date | None:
    """A month's last day (:data:`_LAST_DAY`), folded, as a date; None when it is none."""
    if not (match := _LAST_DAY_FOLDED.fullmatch(folded)) or (month := MONTHS.get(match["month"])) is None:
        return None
    written = match["year"]
    if written.isdigit():
        year = int(written)
    else:
        rest = " ".join(written.replace("-", " ").split()[2:])  # after « deux mille »
        year = 2000 + (_FRENCH_NUMBERS.get(rest, -2000) if rest else 0)
    return _safe_date(year, month, calendar.monthrange(year, month)[1]) if 1 <= year <= 9999 else None


def _parse_words_date(folded: str) -> date | None:
    """A French date in words (:data:`_WORDS_DATE`, :data:`_YEAR_FIRST_DATE`), folded, as a date; None when it is none."""
    match = _WORDS_DATE_FOLDED.fullmatch(folded) or _YEAR_FIRST_FOLDED.fullmatch(folded.replace("’", "'"))
    if not match or (month := MONTHS.get(match["month"])) is None:
        return None
    day = 1 if match["day"] in ("premier", "1er") else int(match["day"]) if match["day"].isdigit() else _FRENCH_NUMBERS.get(" ".join(match["day"].replace("-", " ").split()))
    year = 2000 + (_FRENCH_NUMBERS.get(" ".join(match["year"].replace("-", " ").split()), -2000) if match["year"] else 0)
    return _safe_date(year, month, day) if day and 1 <= day <= 31 else None


def _parse_month_name(text: str) -> date | None:
    folded = fold(text)
    if found := _parse_words_date(folded) or _parse_last_day(folded):
        return found
    folded = _ORDINAL_DAY_OF.sub(lambda m: f"{_ORDINAL_DAYS[m[1]]} ", folded)
    folded = _DAY_OF_WORDS.sub(r"\1 ", _FIRST_WORD.sub("1 ", folded)).strip()
    if match := _DAY_MONTH_YEAR.fullmatch(folded):
        month = MONTHS.get(match[2])
        return _safe_date(int(match[3]), month, int(match[1])) if month else None
    if match := _MONTH_DAY_YEAR.fullmatch(folded):
        month = MONTHS.get(match[1])
        return _safe_date(int(match[3]), month, int(match[2])) if month else None
    if match := _MONTH_YEAR.fullmatch(folded):
        month = MONTHS.get(match[1])
        return _safe_date(int(match[2]), month, 1) if month else None
    return None


@lru_cache(maxsize=1)
def _dateparser() -> Any:
    # Imported on first use: most values are read by the regexes above and never need it.
    from dateparser.date import DateDataParser

    return DateDataParser(languages=["fr", "en"], settings=_DATEPARSER_SETTINGS)


def _parse_with_dateparser(text: str) -> date | None:
    if not any(ch.isdigit() for ch in text):
        return None
    try:
        found = _dateparser().get_date_data(text).date_obj
    except (ValueError, OverflowError, TypeError):
        return None
    return found.date() if found is not None and found.year in _YEARS else None


_NUMERIC_SHAPE = re.compile(r"[\d\s/.\-:TZ+]+")


@lru_cache(maxsize=16384)
def _parse_date_cached(text: str) -> date | None:
    if _NUMERIC_SHAPE.fullmatch(text):  # all digits: read day-first or not at all (dateparser would swap 2024-13-01)
        return _parse_numeric(text)
    return _parse_month_name(text) or _parse_with_dateparser(text)


def parse_date(value: object) -> date | None:
    """Read one date written as a data room writes it; ``None`` when it is not a date.

    Numeric dates are DAY-first (``03/06/2024`` is 3 June). ISO dates and date-times, ``2019/10/14``,
    ``15.04.2022``, ``18-09-2023``, ``1er mars 2023``, ``le 12 mars 2021``, ``16 January 2023`` and
    ``January 16, 2023`` are read by regular expressions; anything else goes to dateparser (French
    and English, absolute dates only, month and year required, day 1 when the day is missing).
    ``date`` objects pass through; other types, empty strings and garbage give ``None``.
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    text = " ".join(value.split()).replace(" ,", ",")
    if not text or len(text) > 80:
        return None
    return _parse_date_cached(text)


_MONTH_ALTERNATION = "|".join(
    sorted({*MONTHS, "février", "févr", "fév", "août", "décembre", "déc"}, key=len, reverse=True)
)
_DAY_TOKEN = r"(?:1er|1re|\d{1,2})(?:st|nd|rd|th|[snrt]\s[tdh](?=,))?"  # "November 19t h, 2012": a PDF's broken ordinal too
# "8th day of May 2014", "the 31  day of July, 2019", "10t h day of January" (a PDF's broken ordinal)
_DAY_OF = rf"(?:(?:1er|1re|\d{{1,2}})(?:\s?(?:st|nd|rd|th)|\s?[snrt]\s[tdh])?|{_ORDINAL_DAY_WORD})\s+day\s+of"
#: One date in running text, without capture groups so that other patterns can embed it.
DATE_PATTERN = (
    rf"(?:(?:{_DAY_OF}\s+|{_DAY_TOKEN}(?:\s+of\s+|\s*))(?:{_MONTH_ALTERNATION})(?![a-zà-ÿ])\.?(?:\s?,\s*|\s+)\d{{4}}"  # "1June 2020" too
    rf"|(?:{_MONTH_ALTERNATION})(?![a-zà-ÿ])\.?\s*{_DAY_TOKEN}(?:\s?,\s*|\.\s+|\s+)\d{{4}}"  # "June1, 2020" too, and "March 18. 2021" (a typo)
    r"|\d{4}-\d{1,2}-\d{1,2}(?:T\d{1,2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{4}/\d{1,2}/\d{1,2}"
    r"|\d{1,2}/\d{1,2}/\d{4}|\d{1,2}\.\d{1,2}\.\d{4}|\d{1,2}-\d{1,2}-\d{4}"
    rf"|{_WORDS_DATE.format(months=_MONTH_ALTERNATION)}"
    rf"|\b{_LAST_DAY}(?:{_MONTH_ALTERNATION})(?![a-zà-ÿ])\.?(?:\s?,\s*|\s+){_YEAR_WRITTEN})"
)
_DATE_IN_TEXT = re.compile(rf"(?<![\w/.\-]){DATE_PATTERN}(?![\w/\-])", re.IGNORECASE)


@dataclass(frozen=True)
class DateMention:
    """A date found in text: its value, the characters that wrote it and where they are."""

    value: date
    raw: str
    start: int
    end: int


# A deed's year-first date (« L'AN DEUX MILLE VINGT-DEUX, LE DIX-HUIT MAI »): apart from DATE_PATTERN, which every date reader
# embeds — read by :func:`find_dates` where a text writes « l'an » at all (it made every date search slower: the review of the round)
_YEAR_FIRST_IN_TEXT = re.compile(_YEAR_FIRST_DATE.format(months=_MONTH_ALTERNATION), re.IGNORECASE)


def find_dates(text: str) -> list[DateMention]:
    """All readable dates of ``text`` in order (see :func:`parse_date` for the formats)."""
    mentions: list[DateMention] = []
    for match in _DATE_IN_TEXT.finditer(text):
        if (value := parse_date(match.group(0)) or _month_first_only(match.group(0))) is not None:
            mentions.append(DateMention(value, match.group(0), match.start(), match.end()))
    if "l'an" in text.lower() or "l’an" in text.lower():
        for match in _YEAR_FIRST_IN_TEXT.finditer(text):
            if (value := parse_date(match.group(0))) is not None:
                mentions.append(DateMention(value, match.group(0), match.start(), match.end()))
        mentions.sort(key=lambda mention: mention.start)
    return mentions


_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")  # not "Version 1.15.2020", "Section 4.13.2010"


def _month_first_only(text: str) -> date | None:
    """A numeric date that can only be read month first ("09/24/2018": no 24th month) — an American document's date,
    which the day-first reading drops."""
    if (match := _SLASHED.fullmatch(text)) and int(match[2]) > 12:
        return _safe_date(int(match[3]), int(match[1]), int(match[2]))
    return None


# --------------------------------------------------------------------------------------------------
# SIREN
# --------------------------------------------------------------------------------------------------

_SIREN_SEPARATORS = re.compile(r"[\s.\u00a0\u202f\-]")
_SIREN_IN_LABEL = re.compile(r"(?:siren|siret|rcs|r\.c\.s\.|n°|no|numero|numéro)\D{0,40}?(\d{3}[\s.\u00a0]?\d{3}[\s.\u00a0]?\d{3})\b", re.I)


def normalize_siren(value: object) -> tuple[str | None, str | None]:
    """Check a SIREN number; return ``(siren, None)`` when valid, ``(None, warning)`` otherwise.

    Spaces, dots and dashes are removed; a SIREN has 9 digits and a valid Luhn key. A 14-digit SIRET
    gives its first 9 digits (with a warning). A label such as ``RCS Paris 552 081 317`` is read.
    Empty values give ``(None, None)``: no number is not an error (foreign companies, persons).
    """
    if value is None or isinstance(value, bool):
        return None, None
    raw = str(value).strip()
    if not raw:
        return None, None
    compact = _SIREN_SEPARATORS.sub("", raw)
    if not compact.isdigit():
        labelled = _SIREN_IN_LABEL.search(raw)
        if labelled is None:
            return None, f"SIREN {raw!r} unreadable: expected 9 digits"
        compact = _SIREN_SEPARATORS.sub("", labelled[1])
    if len(compact) == 14:
        return _siren_from_siret(raw, compact)
    if len(compact) != 9:
        return None, f"SIREN {raw!r} has {len(compact)} digits, expected 9"
    try:
        return stdnum_siren.validate(compact), None
    except ValidationError:
        return None, f"SIREN {compact} fails the Luhn check (typing error?)"


def _siren_from_siret(raw: str, compact: str) -> tuple[str | None, str | None]:
    siren_part = compact[:9]
    if stdnum_siren.is_valid(siren_part):
        return siren_part, f"SIRET {raw!r} given: SIREN taken from its first 9 digits"
    return None, f"SIRET {raw!r} given and its SIREN part {siren_part} fails the Luhn check"


# --------------------------------------------------------------------------------------------------
# Entity ids and aliases
# --------------------------------------------------------------------------------------------------

#: Legal forms dropped at either end of a name (folded, dots removed).
LEGAL_FORMS = frozenset(
    "sa sas sasu sarl eurl sci snc sca scs scp se gie selarl selas selafa sem sccv scea earl sel"
    " inc incorporated ltd limited llc llp lp plc corp corporation co gmbh ag kg kgaa ohg ug nv bv bvba"
    " srl spa sl slu sprl oy ab as asa aps sa/nv pty".split()
)
#: Civilities dropped at the start of a person's name.
CIVILITIES = frozenset("m mme mlle me mr mrs ms miss dr pr prof monsieur madame mademoiselle maitre messrs sir".split())
_LEADING_WORDS = frozenset({"the", "la", "le", "les", "l"})  # « la Foncière Bellerose » is Foncière Bellerose
_COMPANY_WORDS = frozenset({"societe", "ste"})
_CONNECTORS = frozenset({"and", "et"})
_DOTTED_ACRONYM = re.compile(r"\b(?:[a-z]\.){2,}(?![a-z])|\b(?:[a-z]\.)+[a-z]\b")
_SARL_LUX = re.compile(r"\bs\.?\s?a\.?\s?r\.?\s?l\b\.?")
_WORD = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=16384)
def entity_id(name: str) -> str:
    """A stable key for a company or person: ``LUMEN ORBIS SAS`` and ``Lumen Orbis`` both give ``lumen_orbis``.

    Accents and case are folded, legal forms (SA, SAS, SARL, Inc., Ltd, GmbH, SA/NV...) are dropped at
    either end; civilities (M., Mme, Mr, Dr...), a leading article (the, la, le, les, l') and a leading
    « société » are dropped at the start; punctuation is removed and the words are joined by ``_``. Other words, « Groupe » included, are
    part of the name. A name made only of such words keeps them; an empty name gives ``""``.
    """
    folded = _SARL_LUX.sub(" sarl ", fold(name))
    folded = _DOTTED_ACRONYM.sub(lambda m: m.group(0).replace(".", ""), folded)
    words = _WORD.findall(folded)
    kept = _strip_name_words(words)
    return "_".join(kept or words)


def _strip_name_words(words: list[str]) -> list[str]:
    kept = list(words)
    while len(kept) >= 2 and kept[-1] in LEGAL_FORMS:
        kept.pop()
    while len(kept) >= 2 and _droppable_first_word(kept):
        kept.pop(0)
    return [word for i, word in enumerate(kept) if not (word in _CONNECTORS and 0 < i < len(kept) - 1)]


def _droppable_first_word(words: list[str]) -> bool:
    first = words[0]
    if first in _COMPANY_WORDS:
        return len(words) >= 3  # « Société Générale » stays whole
    return first in CIVILITIES or first in _LEADING_WORDS or first in LEGAL_FORMS


# --------------------------------------------------------------------------------------------------
# Names as a text writes them (for a party filter: "does this opening name X?")
# --------------------------------------------------------------------------------------------------

# lower-case words that may stand inside a name between capitalised words ("Bank of America",
# « Caisse d'Épargne et de Prévoyance », "Johnson & Johnson")
_NAME_JOINERS = frozenset("of de du des d la le les l and et the y von van der den di da del & für".split())
_NAME_PIECE = re.compile(r"[^,;:()\[\]{}\"“”«»<>/|*]+")  # punctuation other than dots, hyphens, apostrophes ends a name
_RUN_SEPARATOR = " | "
# a place or a short name in parentheses inside a company's name: "JingWei Technology (ShenZhen) Co., Ltd.", "Acme
# (UK) Limited", « Vernay (Île-de-France) SAS » — read through when the name goes on after it with a capitalised word
# (an alias in quotes, « (ci-après « X ») », still breaks the run, and so does "John Smith (CEO) and Beta Inc.")
_NAME_PARENTHESES = re.compile(r"(?<=\w)\s+\(\s*([A-ZÀ-Ö][\w.&'’-]*(?:\s+[A-ZÀ-Ö][\w.&'’-]*){0,2})\s*\)(?=\s+[A-ZÀ-Ö])")  # the name goes on after it
# who signs or acts for a party, named just before: "représentée par son Président, M. Bastien Lhermitte", "represented by
# its general partner, Orsenne Capital LLC", "acting through its Chief Executive Officer" — not a party's name
_REPRESENTED = re.compile(
    r"\b(?:repr[ée]sent[ée]e?s?|represented|acting\s+(?:by|through)|agissant\s+par|signed\s+by|en\s+la\s+personne|attention|attn|c/o|care\s+of)\b(?:(?!\b(?:and|et|part)\b)[^.;:]){0,60}$",  # not past the next party ("… ET : X", "and X")
    re.I,
)


def written_names(texts: Iterable[str]) -> str:
    """The runs of capitalised words of ``texts`` (an opening, the names of the signature blocks), each
    folded into :func:`entity_id`'s words, joined by `` | ``: what :func:`names_entity` looks a name up in.

    A run is a sequence of words written with a capital or a digit (or the lower-case first letter of
    "eBay", "iVillage", "salesforce.com": :func:`_name_word`), with the joiners of names between
    them ("of", « de », "&"); punctuation other than dots, hyphens and apostrophes ends it, and so does
    any other lower-case word: "SERVICES AGREEMENT between Acme Widgets, Inc. and the Bank of Nova
    Scotia" gives ``services agreement | acme widgets | inc the bank of nova scotia`` (a run starts and
    ends on a capitalised word). A run just after the words that introduce who represents a party
    (« représentée par M. … », "acting through its President, …") is left out."""
    runs: list[str] = []
    for text in texts:
        text = _NAME_PARENTHESES.sub(lambda m: f"  {m.group(1)} ".ljust(len(m.group(0))), text)  # same length: offsets kept
        for piece in _NAME_PIECE.finditer(text):
            run: list[str] = []
            pending: list[str] = []  # joiners seen after the run's last capitalised word
            run_start = 0
            for match in re.finditer(r"\S+", piece.group(0)):
                word = match.group(0)
                core = word.strip(".-'’")
                if not core:
                    continue
                if _name_word(core):
                    if not run:
                        run_start = piece.start() + match.start()
                    run += pending + [word]
                    pending = []
                elif run and core.lower() in _NAME_JOINERS:
                    pending.append(word)
                else:
                    _add_run(runs, run, text, run_start)
                    run, pending = [], []
            _add_run(runs, run, text, run_start)
    return _RUN_SEPARATOR.join(dict.fromkeys(runs))


_ELIDED_NAME = re.compile(r"^[lLdD]['’][A-ZÀ-Ö]")  # « l'Association », « d'Épargne »: a name after an elided article
_WEB_NAME = re.compile(r"^[a-z0-9][\w-]*\.(?:com|net|org|io|co|biz|info|fr|eu)$", re.I)


def _name_word(core: str) -> bool:
    """Whether a word may be part of a name as written: a capital or a digit first, a capital inside a
    word written in lower case first ("eBay", "iVillage"), or a web address standing for a company
    ("salesforce.com", « leboncoin.fr »)."""
    return core[0].isupper() or core[0].isdigit() or any(c.isupper() for c in core[1:]) or bool(_WEB_NAME.match(core))


def _add_run(runs: list[str], words: list[str], text: str, start: int) -> None:
    if words and _REPRESENTED.search(text, max(0, start - 80), start):
        # whoever represents a party is no name; a party named after them goes on: "represented by Jean Dupont et
        # l'Association Beta Sport", "acting through John Smith and Beta Inc."
        after = next((i for i, word in enumerate(words) if i and (word.lower() in ("and", "et") or _ELIDED_NAME.match(word))), None)
        if after is None:
            return
        words = words[after + (words[after].lower() in ("and", "et")) :]
    if not words:
        return
    folded = _SARL_LUX.sub(" sarl ", fold(" ".join(words)))
    folded = _DOTTED_ACRONYM.sub(lambda m: m.group(0).replace(".", ""), folded)
    tokens = [t for t in _WORD.findall(folded) if t not in _CONNECTORS]
    # a signature line: the company, then whoever signs for it ("Pour LISANDRE MANUFACTURE SAS M. Bastien Lhermitte
    # Directeur"): the signer (a civility and two words) ends the run, the words after it start another
    pieces, piece, index = [], [], 0
    while index < len(tokens):
        if piece and piece[-1] in LEGAL_FORMS and tokens[index] in CIVILITIES:
            pieces.append(piece)
            piece, index = [], index + 3
            continue
        piece.append(tokens[index])
        index += 1
    for kept in [*pieces, piece]:
        if kept and len("".join(kept)) >= 4:
            runs.append(" ".join(kept))


def names_entity(names: str, entity: str) -> bool:
    """Whether the runs of :func:`written_names` hold ``entity`` (an :func:`entity_id`) as whole words.
    A key too short to tell a name in a text (one word under four letters: "ab", "sa") is never found."""
    words = entity.split("_")
    if not entity or (len(words) == 1 and len(words[0]) < 4):
        return False
    return f" {' '.join(words)} " in f" {names} "


#: Words too common in company names to say two names are alike.
GENERIC_NAME_WORDS = frozenset(
    "groupe group holding holdings societe compagnie company banque bank cabinet maison france french"
    " international services service conseil conseils consulting advisory partners associes avocats"
    " capital invest investissement immobilier fonciere energie sante logistique industries industrie"
    " technologies solutions systems gestion management participations finance financiere de du des la le"
    " les of and et sci".split()
)
_BLOCK_LIMIT = 400  # a blocking key shared by more names than this tells nothing: skipped


@dataclass(frozen=True)
class AliasWarning:
    """Two entity ids that may name the same company. They are reported, never merged."""

    entity_a: str
    entity_b: str
    name_a: str
    name_b: str
    reason: str

    @property
    def message(self) -> str:
        """In the names the contracts write, for a lawyer: « "Atelier Quenod" and "Atelier Quenot" look alike … »."""
        return f'"{self.name_a}" and "{self.name_b}" look alike ({self.reason}) and nothing tells them apart: kept apart, check they are different companies'


def alias_warnings(entities: Iterable[tuple[str, str]]) -> list[AliasWarning]:
    """Pairs of entity ids whose names look alike: shared or near-identical distinctive words.

    ``entities`` holds ``(entity_id, display name)`` pairs (repeats allowed; the first name is shown).
    Names are compared only inside blocks that share the first or last three letters of a
    distinctive word, so thousands of entities cost far less than all pairs.
    """
    names: dict[str, str] = {}
    for key, name in entities:
        if key:
            names.setdefault(key, name)
    warnings: list[AliasWarning] = []
    for first, second in sorted(_candidate_pairs(names)):
        if reason := _alias_reason(first, second):
            warnings.append(AliasWarning(first, second, names[first], names[second], reason))
    return warnings


def _distinctive_words(key: str) -> list[str]:
    words = [w for w in key.split("_") if len(w) >= 3]
    return [w for w in words if w not in GENERIC_NAME_WORDS] or words


def _candidate_pairs(names: dict[str, str]) -> set[tuple[str, str]]:
    blocks: dict[str, list[str]] = defaultdict(list)
    for key in names:
        for word in set(_distinctive_words(key)):
            for block in {f"<{word[:3]}", f">{word[-3:]}"}:
                blocks[block].append(key)
    pairs: set[tuple[str, str]] = set()
    for members in blocks.values():
        if len(members) > _BLOCK_LIMIT:
            continue
        for i, first in enumerate(members):
            for second in members[i + 1 :]:
                if first != second:
                    pairs.add((min(first, second), max(first, second)))
    return pairs


def _alias_reason(first: str, second: str) -> str | None:
    words_a, words_b = _distinctive_words(first), _distinctive_words(second)
    shorter, longer = sorted((words_a, words_b), key=len)
    if not shorter:
        return None
    near = [(w, _closest(w, longer)) for w in shorter]
    matched = [(w, other) for w, other in near if other is not None]
    if matched and len(matched) * 2 >= len(shorter):
        return "; ".join(f"'{w}' ≈ '{o}'" if w != o else f"both contain '{w}'" for w, o in matched)
    if SequenceMatcher(None, first, second).ratio() >= 0.88:
        return "names almost identical"
    return None


def _closest(word: str, candidates: list[str]) -> str | None:
    allowed = 0 if len(word) < 4 else 1 if len(word) < 8 else 2
    for other in candidates:
        if abs(len(other) - len(word)) <= allowed and edit_distance(word, other, allowed) <= allowed:
            return other
    return None


def edit_distance(first: str, second: str, limit: int | None = None) -> int:
    """Levenshtein distance (rapidfuzz); once it exceeds ``limit`` the answer is ``limit + 1``."""
    return Levenshtein.distance(first, second, score_cutoff=limit)
