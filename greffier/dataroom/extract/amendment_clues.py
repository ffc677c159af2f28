"""What an amendment's text says about the contract it amends: its date, its type, a new term, a new price."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import date

from pydantic import BaseModel, Field

from greffier.dataroom.extract.periods import Period, find_periods
from greffier.dataroom.extract.term import EXTENSION, EXTENSION_PERIOD, UNCHANGED
from greffier.dataroom.extract.text import DATE_GROUP, ChunkInput, Finding, Sentence, sentences
from greffier.dataroom.normalize import parse_date
from greffier.dataroom.vocabulary import match_contract_type


class AmendmentClues(BaseModel):
    """What an amendment's text says about the contract it amends."""

    cited_dates: list[Finding[date]] = Field(default_factory=list)  # « contrat … du 12 mars 2021 »
    cited_type: str | None = None  # « avenant au bail commercial » → "bail commercial"
    new_end_date: Finding[date] | None = None  # « prorogé jusqu'au … »
    extension: Finding[Period] | None = None  # « prorogé d'un an »
    initial_end_date: Finding[date] | None = None  # « initialement fixée au … »
    price_change: Finding[str] | None = None  # « le prix est porté à … »


_CONTRACT_NOUN = re.compile(r"\b(?:contrat|convention|bail|accord|acte|pacte|agreement|contract|lease|licen[cs]e|deed)\b", re.I)
_CITED_DATE = re.compile(
    rf"\b(?:du|en\s+date\s+du|sign[ée]e?s?\s+le|conclue?s?\s+le|pass[ée]e?\s+le|dated(?:\s+as\s+of)?"
    rf"|entered\s+into\s+on|executed\s+on|signed\s+on|of)\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)
_CONCLUDED_ON = re.compile(rf"\b(?:ont|avaient|have|had)\s+(?:conclu|sign[ée]|entered\s+into|signed)\s+(?:le\s+|on\s+)?{DATE_GROUP}", re.I)
_INITIAL_END = re.compile(
    rf"(?:initialement\s+(?:fix[ée]e?|prévue?)\s+(?:au|le)|originally\s+(?:scheduled|set|due)\s+(?:to\s+(?:expire|end)\s+)?(?:on|for)"
    rf"|expirant\s+(?:initialement\s+)?le|"
    rf"initial(?:ly)?\s+(?:term|end)[^.]{{0,40}}?(?:on|until))\s+{DATE_GROUP}",
    re.I,
)
_PRICE_CHANGE = re.compile(
    r"(?:prix|loyer|redevances?|tarifs?|honoraires|rémunération|commission)[^.]{0,100}?\b(?:est|sont|sera|seront)\s+"
    r"(?:porté|fixé|modifié|révisé|augmenté|ramené|réduit|diminué)"
    r"|nouveau\s+(?:prix|loyer|tarif)|nouvelle\s+(?:grille\s+tarifaire|redevance)|est\s+factur[ée]e?\s+[\d\s,.]+\s*(?:euros?|€)"
    r"|(?:price|fees?|rent|royalt(?:y|ies))[^.]{0,60}?\b(?:is|are|shall\s+be)\s+(?:increased|decreased|amended|changed|revised|reduced|set)"
    r"|\bnew\s+(?:price|rent|fees?)\b",
    re.I,
)
_AMENDMENT_WORDS = re.compile(
    r"^\W*(?:\w+\s+){0,2}(?:avenant|addendum|amendment)\s*(?:n\s*°?\s*\d+|no\.?\s*\d+|\d+)?\s*(?:au|à|a|to|of)?\s*", re.I
)


def extract_amendment_clues(title: str, chunks: Sequence[ChunkInput]) -> AmendmentClues:
    """What the text says about an amended contract: its date, its type, a new term, a new price."""
    clues = AmendmentClues(cited_type=_cited_type(title, chunks))
    for sentence in (s for chunk in chunks for s in _chunk_sentences(chunk)):
        _read_amendment_sentence(sentence, clues)
    return clues


def _chunk_sentences(chunk: ChunkInput) -> Iterator[Sentence]:
    for text in sentences(chunk.text):
        yield Sentence(chunk.id, text, 1)


def _read_amendment_sentence(sentence: Sentence, clues: AmendmentClues) -> None:
    text, chunk_id = sentence.text, sentence.chunk_id
    if _CONTRACT_NOUN.search(text):
        for match in [*_CITED_DATE.finditer(text), *_CONCLUDED_ON.finditer(text)]:
            value = parse_date(match["date"])
            if value is not None and all(cited.value != value for cited in clues.cited_dates):
                clues.cited_dates.append(Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="cited date"))
    if clues.new_end_date is None and not UNCHANGED.search(text) and (match := EXTENSION.search(text)):
        if value := parse_date(match["date"]):
            clues.new_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="extension")
    if clues.extension is None and not UNCHANGED.search(text) and (match := EXTENSION_PERIOD.search(text)):
        if periods := find_periods(match["period"]):
            clues.extension = Finding[Period](value=periods[0][0], chunk_id=chunk_id, raw=match.group(0), rule="extension period")
    if clues.initial_end_date is None and (match := _INITIAL_END.search(text)):
        if value := parse_date(match["date"]):
            clues.initial_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="initial end")
    if clues.price_change is None and (match := _PRICE_CHANGE.search(text)):
        clues.price_change = Finding[str](value="price changed", chunk_id=chunk_id, raw=text[:200], rule="price change")


def _cited_type(title: str, chunks: Sequence[ChunkInput]) -> str | None:
    heading = next((line.strip(" #") for c in chunks[:1] for line in c.text.splitlines() if line.strip()), "")
    for text in (title, heading):
        rest = _AMENDMENT_WORDS.sub("", text or "", count=1)
        if rest != text and (label := match_contract_type(rest)) and label != "avenant":
            return label
    return None
