"""Evaluation of each kind of rule condition on a contract's classified chunks.

Every function returns :class:`Hit` objects: the chunk (``None`` for the whole contract), the
excerpt that justifies the finding (the sentences that matched) and details (values read, the
LLM's reason). Excerpts are part of a finding's identity, so they are built deterministically.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any

from dateutil.relativedelta import relativedelta

from greffier.compliance.library import ClauseLibrary
from greffier.compliance.models import ClassifiedChunk, DocumentFacts
from greffier.compliance.playbooks import (
    DateCondition,
    GoverningLawCondition,
    KeywordCondition,
    LLMCondition,
    RegexCondition,
    Rule,
    ThresholdCondition,
)
from greffier.compliance.quantities import DAYS_PER_UNIT, Quantity, read_quantities
from greffier.compliance.text import sentences
from greffier.dataroom.normalize import fold
from greffier.dataroom.vocabulary import match_law, normalize_law

log = logging.getLogger(__name__)

MAX_SENTENCE = 400
MAX_EXCERPT = 900
_OPS = {"lt": lambda a, b: a < b, "lte": lambda a, b: a <= b, "gt": lambda a, b: a > b, "gte": lambda a, b: a >= b}
_OP_WORDS = {"lt": "<", "lte": "≤", "gt": ">", "gte": "≥"}


@dataclass(frozen=True)
class Hit:
    chunk: ClassifiedChunk | None
    excerpt: str
    details: dict[str, Any] = field(default_factory=dict)


def _clip(text: str, limit: int = MAX_SENTENCE) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def excerpt_of(parts: Sequence[str]) -> str:
    """Sentences joined with « … », each and the whole clipped."""
    unique = list(dict.fromkeys(_clip(p) for p in parts if p.strip()))
    return _clip(" … ".join(unique), MAX_EXCERPT)


def opening(chunk: ClassifiedChunk, count: int = 2) -> str:
    """The chunk's first sentences: what an "absent" or LLM finding quotes."""
    return excerpt_of(sentences(chunk.text)[:count]) or _clip(chunk.text)


# --- keyword and regex ---------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def keyword_pattern(keyword: str) -> re.Pattern[str]:
    """« non-concurrence » → matches "non concurrence", "Non-Concurrence", « non‑concurrence »…
    on folded text, from a word start (a stem such as « exclusivit » matches « exclusivité »)."""
    words = [re.escape(w) for w in re.split(r"[\s\-‐‑–]+", fold(keyword).strip()) if w]
    return re.compile(r"(?<!\w)" + r"[\s\-‐‑–]*".join(words))


def _keyword_matches(condition: KeywordCondition, text: str) -> list[str]:
    folded = fold(text)
    return [k for k in condition.any_of if keyword_pattern(k).search(folded)]


def _negated(unless: str | None, sentence: str, folded: bool = True) -> bool:
    return bool(unless) and bool(_compiled(unless).search(fold(sentence) if folded else sentence))


def keyword_hits(condition: KeywordCondition, chunks: Sequence[ClassifiedChunk]) -> list[Hit]:
    hits = []
    for chunk in chunks:
        if condition.present:
            matched = [
                (s, words) for s in sentences(chunk.text)
                if (words := _keyword_matches(condition, s)) and not _negated(condition.unless, s)
            ]
            if matched:
                found = sorted({w for _, words in matched for w in words})
                hits.append(Hit(chunk, excerpt_of([s for s, _ in matched]), {"matched": found}))
        elif not _keyword_matches(condition, chunk.text):
            hits.append(Hit(chunk, opening(chunk), {"absent": list(condition.any_of)}))
    return hits


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.MULTILINE)


def regex_hits(condition: RegexCondition, chunks: Sequence[ClassifiedChunk]) -> list[Hit]:
    pattern = _compiled(condition.pattern)
    hits = []
    for chunk in chunks:
        prepare = fold if condition.fold else (lambda t: t)
        if condition.present:
            matched = [
                (s, m.group(0)) for s in sentences(chunk.text)
                if (m := pattern.search(prepare(s))) and not _negated(condition.unless, s, condition.fold)
            ]
            if matched:
                hits.append(Hit(chunk, excerpt_of([s for s, _ in matched]), {"matched": sorted({_clip(g, 80) for _, g in matched})}))
        elif not pattern.search(prepare(chunk.text)):
            hits.append(Hit(chunk, opening(chunk), {"absent": condition.pattern}))
    return hits


# --- thresholds ----------------------------------------------------------------------------------


def threshold_limit(condition: ThresholdCondition) -> float:
    """The condition's value in the unit quantities are compared in (days for durations)."""
    if condition.quantity in ("notice_period", "duration"):
        return condition.value * DAYS_PER_UNIT[condition.unit or "days"]
    return condition.value


def describe_threshold(condition: ThresholdCondition) -> str:
    unit = condition.unit or condition.currency or ("%" if condition.quantity == "percentage" else "")
    value = f"{condition.value:g}"
    return f"{condition.quantity.replace('_', ' ')} {_OP_WORDS[condition.op]} {value}{'' if unit == '%' else ' '}{unit}".strip()


def _comparable(condition: ThresholdCondition, quantity: Quantity) -> bool:
    if condition.quantity != "amount" or condition.currency is None:
        return True
    return quantity.unit == condition.currency


def _near(condition: ThresholdCondition, sentence: str, quantity: Quantity) -> bool:
    if not condition.near:
        return True
    window = fold(sentence[max(0, quantity.start - 60) : quantity.start] + " " + sentence[quantity.end : quantity.end + 40])
    return any(keyword_pattern(word).search(window) for word in condition.near)


def threshold_hits(condition: ThresholdCondition, chunks: Sequence[ClassifiedChunk]) -> list[Hit]:
    limit = threshold_limit(condition)
    compare = _OPS[condition.op]
    hits = []
    for chunk in chunks:
        matched: list[tuple[str, Quantity]] = []
        for sentence in sentences(chunk.text):
            for quantity in read_quantities(condition.quantity, sentence):
                if _comparable(condition, quantity) and _near(condition, sentence, quantity) and compare(quantity.value, limit):
                    matched.append((sentence, quantity))
        if matched:
            values = list(dict.fromkeys(q.text for _, q in matched))
            details = {"values": values, "threshold": describe_threshold(condition)}
            hits.append(Hit(chunk, excerpt_of([s for s, _ in matched]), details))
    return hits


# --- contract-level conditions -------------------------------------------------------------------


def missing_clause_hit(rule: Rule, chunks: Sequence[ClassifiedChunk], library: ClauseLibrary) -> Hit | None:
    """A hit when no chunk of the contract has one of the rule's clause types."""
    if any(rule.applies_to(chunk.clause_types) for chunk in chunks):
        return None
    labels = [library.by_id[t].label_in("en") if t in library.by_id else t for t in rule.clause_types]
    return Hit(None, f"No clause of type: {', '.join(labels)}", {"missing": list(rule.clause_types)})


def _evidence_chunk(facts: DocumentFacts, field_name: str, chunks: Sequence[ClassifiedChunk]) -> ClassifiedChunk | None:
    by_id = {chunk.id: chunk for chunk in chunks}
    for chunk_id in facts.evidence.get(field_name, []):
        if chunk_id in by_id:
            return by_id[chunk_id]
    return None


def _date_sentence(chunk: ClassifiedChunk, value: date) -> str | None:
    from greffier.dataroom.normalize import find_dates

    for sentence in sentences(chunk.text):
        if any(mention.value == value for mention in find_dates(sentence)):
            return sentence
    return None


_END_CUE = re.compile(
    r"(?:jusqu'(?:au|a)|prendr?a? fin le|expir\w* (?:le|on)|echeance (?:du|le|au|fixee au)|au plus tard le|until"
    r"|end(?:s|ing)? on|terminat\w* on|expir\w*)\s*(?:le\s+|the\s+)?$"
)
_LAW_CUE = re.compile(r"soumis|regie?s?\b|regi par|droit applicable|loi applicable|governed|construed|governing law|applicable law|laws of")


def end_date_from_text(chunks: Sequence[ClassifiedChunk]) -> tuple[date, ClassifiedChunk, str] | None:
    """The end date a term clause writes (« prendra fin le 31 janvier 2027 », "until March 31, 2027"):
    the fallback when the contract's record has none."""
    from greffier.dataroom.normalize import find_dates

    typed = [c for c in chunks if {"term", "renewal"} & set(c.clause_types)]
    for chunk in typed or list(chunks):
        for sentence in sentences(chunk.text):
            for mention in find_dates(sentence):
                if _END_CUE.search(fold(sentence[max(0, mention.start - 40) : mention.start]).rstrip()):
                    return mention.value, chunk, sentence
    return None


def law_from_text(chunks: Sequence[ClassifiedChunk]) -> tuple[str, ClassifiedChunk, str] | None:
    """The governing law a clause names (« soumis au droit suisse », "governed by the laws of the
    State of New York"): the fallback when the contract's record has none."""
    typed = [c for c in chunks if "governing_law" in c.clause_types]
    for chunk in typed or list(chunks):
        for sentence in sentences(chunk.text):
            if _LAW_CUE.search(fold(sentence)) and (law := match_law(sentence)):
                return law, chunk, sentence
    return None


def date_hit(condition: DateCondition, facts: DocumentFacts, chunks: Sequence[ClassifiedChunk], today: date) -> Hit | None:
    """A hit when the contract's date passes the test (nothing when the date is unknown).

    The date is the record's; an end date missing from the record is read from the term clause.
    """
    value: date | None = getattr(facts, condition.field)
    source = "record"
    text_chunk: ClassifiedChunk | None = None
    text_sentence: str | None = None
    if value is None and condition.field == "end_date" and (found := end_date_from_text(chunks)):
        value, text_chunk, text_sentence = found
        source = "text"
    if value is None:
        return None
    if condition.before is not None:
        fires, test = value < condition.before, f"before {condition.before.isoformat()}"
    elif condition.after is not None:
        fires, test = value > condition.after, f"after {condition.after.isoformat()}"
    else:
        horizon = today + relativedelta(months=condition.within_months or 0)
        fires, test = today <= value <= horizon, f"within {condition.within_months} months of {today.isoformat()}"
    if not fires:
        return None
    chunk = text_chunk or _evidence_chunk(facts, condition.field, chunks)
    sentence = text_sentence or (_date_sentence(chunk, value) if chunk else None)
    label = condition.field.replace("_", " ")
    excerpt = _clip(sentence) if sentence else f"{label}: {value.isoformat()}"
    return Hit(chunk, excerpt, {condition.field: value.isoformat(), "test": test, "today": today.isoformat(), "source": source})


def governing_law_hit(
    condition: GoverningLawCondition, facts: DocumentFacts, chunks: Sequence[ClassifiedChunk], home_law: str | None
) -> Hit | None:
    """A hit when the contract's governing law is known and is not one of the expected laws."""
    expected = {normalize_law(law) for law in (condition.expected or ([home_law] if home_law else []))} - {None}
    law = facts.governing_law
    if law is None and (found := law_from_text(chunks)):
        law, chunk, sentence = found
        if law in expected:
            return None
        return Hit(chunk, _clip(sentence), {"governing_law": law, "expected": sorted(expected), "source": "text"})
    if not law or not expected or law in expected:
        return None
    chunk = _evidence_chunk(facts, "governing_law", chunks)
    candidates = [chunk] if chunk else [c for c in chunks if "governing_law" in c.clause_types]
    for candidate in candidates:
        for sentence in sentences(candidate.text):
            if match_law(sentence) == law:
                return Hit(candidate, _clip(sentence), {"governing_law": law, "expected": sorted(expected)})
    return Hit(chunk, f"governing law: {law}", {"governing_law": law, "expected": sorted(expected)})


# --- LLM -----------------------------------------------------------------------------------------

LLM_SYSTEM = (
    "You review one clause of a contract for a lawyer. Answer only with a JSON object "
    '{"flag": true or false, "reason": "one short sentence", "quote": "the words of the clause that justify it"}. '
    "Flag the clause only when the question's answer is clearly yes from the clause itself."
)


def llm_verdict(reply_text: str) -> tuple[bool, str, str]:
    """``(flag, reason, quote)`` from the model's reply (JSON, else a leading yes/oui)."""
    text = (reply_text or "").strip()
    match = re.search(r"\{.*\}", text, re.DOTALL)
    if match:
        try:
            data = json.loads(match.group(0))
            flag = data.get("flag")
            if isinstance(flag, str):
                flag = flag.strip().lower() in ("true", "yes", "oui", "1")
            return bool(flag), str(data.get("reason") or ""), str(data.get("quote") or "")
        except (json.JSONDecodeError, AttributeError):
            pass
    return fold(text).startswith(("yes", "oui", "true")), _clip(text, 200), ""


def llm_hits(condition: LLMCondition, chunks: Sequence[ClassifiedChunk], llm: Any) -> list[Hit]:
    """Ask ``llm`` (a :class:`greffier.llm.LLMBackend`) ``condition.prompt`` about each clause."""
    from haystack.dataclasses import ChatMessage

    hits = []
    for chunk in chunks:
        heading = f"Heading: {chunk.section}\n" if chunk.section else ""
        messages = [
            ChatMessage.from_system(LLM_SYSTEM),
            ChatMessage.from_user(f"Question: {condition.prompt}\n\n{heading}Clause:\n{chunk.text}"),
        ]
        reply = llm.chat(messages, json_mode=True)
        flag, reason, quote = llm_verdict(reply.text or "")
        if not flag:
            continue
        quoted = quote if quote and " ".join(quote.split()) in " ".join(chunk.text.split()) else None
        hits.append(Hit(chunk, _clip(quoted) if quoted else opening(chunk), {"llm_reason": reason, "llm_model": getattr(llm, "model", "")}))
    return hits
