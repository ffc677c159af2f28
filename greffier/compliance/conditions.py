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
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from dateutil.relativedelta import relativedelta

from greffier.compliance.library import ClauseLibrary
from greffier.compliance.models import TO_CONFIRM, ClassifiedChunk, DocumentFacts
from greffier.compliance.playbooks import (
    DateCondition,
    GoverningLawCondition,
    KeywordCondition,
    LearnedCondition,
    LLMCondition,
    RegexCondition,
    Rule,
    ThresholdCondition,
)
from greffier.compliance.passages import Passage
from greffier.compliance.polarity import body_start, read_match, statement_kind, time_reference
from greffier.compliance.quantities import DAYS_PER_UNIT, Quantity, read_quantities
from greffier.compliance.reader import ReaderError, load_reader, shared_form
from greffier.compliance.text import sentences
from greffier.dataroom.normalize import find_dates, fold
from greffier.dataroom.vocabulary import match_law, named_jurisdiction, normalize_law
from greffier.text import squeezed, written_span
from greffier.text.language import UNDECIDED, guess_language
from haystack.dataclasses import ChatMessage

log = logging.getLogger(__name__)

MAX_SENTENCE = 400
MAX_EXCERPT = 900
MAX_MERGED_EXCERPT = 2000
_OPS = {"lt": lambda a, b: a < b, "lte": lambda a, b: a <= b, "gt": lambda a, b: a > b, "gte": lambda a, b: a >= b}
_OP_WORDS = {"lt": "<", "lte": "≤", "gt": ">", "gte": "≥"}


@dataclass(frozen=True)
class Hit:
    """What fired: the chunk (``None`` for the whole contract), the passage inside it when the
    condition read one, the excerpt and the details."""

    chunk: ClassifiedChunk | None
    excerpt: str
    details: dict[str, Any] = field(default_factory=dict)
    passage: Passage | None = None


# Excerpts Greffier writes itself when there is no sentence of the contract to quote: a missing clause
# (« No clause of type: Governing law »), a date or a law read from the metadata (« end date: 2026-03-31 »,
# « governing law: droit suisse »). A report quotes the contract's words only, never these.
NO_CLAUSE = "No clause of type: "
_OWN_WORDING = re.compile(rf"^(?:{re.escape(NO_CLAUSE)}|governing law: |[a-z ]+: \d{{4}}-\d{{2}}-\d{{2}}$)")


def own_wording(excerpt: str | None) -> bool:
    """Whether a flag's excerpt is Greffier's own wording (see :data:`NO_CLAUSE`), not the contract's words."""
    return bool(excerpt) and bool(_OWN_WORDING.match(excerpt))


def _clip(text: str, limit: int = MAX_SENTENCE) -> str:
    text = squeezed(text)  # on one line, French typography's no-break spaces kept (a walkthrough: lost in every export)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def readable_excerpt(excerpt: str) -> str:
    """``excerpt`` as a reader is shown it: where :func:`_clip` cut a sentence (or the whole excerpt) in a
    word, the cut word is left out before « … » (« un préavis de six mo… » → « un préavis de six… »). Only
    the pieces cut at :data:`MAX_SENTENCE` or :data:`MAX_EXCERPT` characters are touched: a contract's own
    « … » stays as written. The stored excerpt, which the flag's identity hashes, is not changed."""
    if not excerpt or "…" not in excerpt:
        return excerpt

    def whole_words(piece: str, limit: int) -> str:
        if len(piece) == limit and piece.endswith("…") and not piece[-2:-1].isspace() and " " in piece:
            return piece[:-1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
        return piece

    stored = excerpt.split(" … ")
    pieces = [whole_words(piece, MAX_SENTENCE) for piece in stored]
    if len(excerpt) == MAX_EXCERPT:  # the whole excerpt was cut: its last piece ends where the cut fell
        pieces[-1] = whole_words(stored[-1], len(stored[-1]))
    return " … ".join(pieces)


def _clip_words(text: str, limit: int) -> str:
    """``text`` cut at a word's end to at most ``limit`` characters, with « … » when cut (a label, not
    an excerpt: excerpts keep :func:`_clip`, which flag identities hash)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "…"


def excerpt_of(parts: Sequence[str], limit: int = MAX_EXCERPT) -> str:
    """Sentences joined with « … », each and the whole clipped."""
    unique = list(dict.fromkeys(_clip(p) for p in parts if p.strip()))
    return _clip(" … ".join(unique), limit)


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


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.MULTILINE)


def _patterns(condition: KeywordCondition | RegexCondition) -> list[re.Pattern[str]]:
    """The patterns of a condition: one per keyword, or the regex (on folded text for keywords and
    ``fold: true`` regexes)."""
    if condition.kind == "keyword":
        return [keyword_pattern(k) for k in condition.any_of]
    return [_compiled(condition.pattern)]


def _folds(condition: KeywordCondition | RegexCondition) -> bool:
    return condition.kind == "keyword" or condition.fold


def affirmed_matches(condition: KeywordCondition | RegexCondition, sentence: str, *, clause_only: bool = True) -> list[str]:
    """What ``condition`` finds in ``sentence`` that the sentence affirms (``polarity: affirmative``,
    the default: :func:`greffier.compliance.polarity.read_match`), or everything it finds with
    ``polarity: any``. A pattern's ``(?P<object>…)`` group names what the clause must be about: governed
    by a preposition of time ("after the transfer of its shares") it does not count. A pattern's ``(?P<focus>…)`` group (``focus2``… when several alternatives have one) names the words whose polarity is read
    (``may (?P<focus>terminate)`` … "for convenience": "may not terminate" is denied); without one the
    whole match is, so a prohibition written into the pattern ("shall not assign") is its own words. With ``clause_only`` a heading, a definition or a recital finds nothing, nor
    does a match that lies in the sentence's inline title ("Exclusivity. The Distributor …")."""
    sentence = " ".join(sentence.split())  # text files align columns with runs of spaces
    if clause_only and statement_kind(sentence) != "clause":
        return []
    text = fold(sentence) if _folds(condition) else sentence
    if condition.unless and _compiled(condition.unless).search(text):
        return []
    body = body_start(sentence) if clause_only else 0
    found = []
    for pattern in _patterns(condition):
        if match := _first_affirmed(pattern, text, body, any_polarity=condition.polarity == "any"):
            found.append(_as_written(sentence, text, match))  # the contract's words, not the playbook's keyword (often a stem)
    return found


def _as_written(sentence: str, text: str, match: re.Match[str]) -> str:
    """What ``match`` (found in ``text``, the sentence folded or as is) quotes of the sentence: its words
    as written (« cesserait d'être contrôlé », not the folded « cesserait d'etre controle »), to the end
    of the word a stem stops in (« s'interdisent de transférer », not « … transfér »)."""
    start, end = match.span()
    while end < len(text) and text[end].isalnum():
        end += 1
    return written_span(sentence, start, end) if text is not sentence else text[start:end]


def _dated_object(match: re.Match[str]) -> tuple[int, int] | None:
    """The span of the match's ``(?P<object>…)`` group (``object2``…) when a preposition of time
    governs it ("shall not compete … after the transfer of its shares"): the words date the
    clause, they are not what it restricts."""
    name = next((n for n in match.re.groupindex if n.startswith("object") and match.group(n) is not None), None)
    if name is None or match.end(name) == match.start(name) or time_reference(match.string, match.start(name)) is None:
        return None
    return match.span(name)


def _first_affirmed(pattern: re.Pattern[str], text: str, body: int, *, any_polarity: bool) -> re.Match[str] | None:
    """The first match of ``pattern`` in ``text`` that the sentence affirms (past ``body``, the end of an
    inline title). After a denied or title-only match the search goes on from the character after
    its start, not its end: a long denied match ("neither party shall be liable … and each party's
    liability shall not exceed") must not hide an affirmed one inside it. An object that is only a
    time reference is blanked and the same start searched again, so that the pattern may reach the
    object further on (« s'interdit, après la cession de ses titres, de céder … »)."""
    position = 0
    while position <= len(text) and (match := pattern.search(text, position)):
        if dated := _dated_object(match):
            text = text[: dated[0]] + " " * (dated[1] - dated[0]) + text[dated[1] :]  # same length: offsets hold
            continue
        position = match.start() + 1
        if match.end() > match.start() and match.end() <= body:
            continue  # only the title names it
        focus = next((name for name in pattern.groupindex if name.startswith("focus") and match.group(name) is not None), None)
        start, end = match.span(focus) if focus else match.span()
        if any_polarity or read_match(text, start, end).affirmative:
            return match
    return None


def _passage_matches(condition: KeywordCondition | RegexCondition, passage: Passage) -> list[tuple[str, list[str]]]:
    """(sentence or list item as quoted, what was found) for what ``condition`` finds affirmed in ``passage``."""
    matched = [(s, found) for s in passage.sentences if (found := affirmed_matches(condition, s))]
    return matched + [(item.quote, found) for item in passage.items if (found := affirmed_matches(condition, item.text))]


def _text_hits(condition: KeywordCondition | RegexCondition, passages: Sequence[Passage], chunks: Sequence[ClassifiedChunk]) -> list[Hit]:
    hits = []
    if condition.present:
        titled = condition.titled_condition() if condition.kind == "regex" else None
        for passage in passages:
            if passage.recital or passage.definition:
                continue
            matched = _passage_matches(condition, passage)
            if titled is not None and set(passage.titled_types) & set(condition.titled.clause_types):
                matched += [m for m in _passage_matches(titled, passage) if m[0] not in {s for s, _ in matched}]
            if matched:
                labels = sorted({_clip_words(f, 80) for _, found in matched for f in found})
                hits.append(Hit(passage.chunk, excerpt_of([s for s, _ in matched]), {"matched": labels}, passage))
        return hits
    for chunk in chunks:  # absent: nothing in the whole chunk affirms the words
        if not any(affirmed_matches(condition, s, clause_only=False) for s in sentences(chunk.text)):
            absent = list(condition.any_of) if condition.kind == "keyword" else condition.pattern
            hits.append(Hit(chunk, opening(chunk), {"absent": absent}))
    return hits


def keyword_hits(condition: KeywordCondition, passages: Sequence[Passage], chunks: Sequence[ClassifiedChunk] = ()) -> list[Hit]:
    """Passages where one of the keywords is affirmed (or, ``present: false``, chunks where none is)."""
    return _text_hits(condition, passages, chunks)


def regex_hits(condition: RegexCondition, passages: Sequence[Passage], chunks: Sequence[ClassifiedChunk] = ()) -> list[Hit]:
    """Passages where the pattern finds an affirmed statement (or, ``present: false``, chunks where it finds none)."""
    return _text_hits(condition, passages, chunks)


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
    window = fold(sentence if condition.near_in == "sentence" else sentence[max(0, quantity.start - 60) : quantity.start] + " " + sentence[quantity.end : quantity.end + 40])
    return any(keyword_pattern(word).search(window) for word in condition.near)


def threshold_hits(condition: ThresholdCondition, passages: Sequence[Passage]) -> list[Hit]:
    limit = threshold_limit(condition)
    compare = _OPS[condition.op]
    hits = []
    for passage in passages:
        if passage.recital or passage.definition:
            continue
        matched: list[tuple[str, Quantity]] = []
        for sentence in passage.sentences:
            for quantity in read_quantities(condition.quantity, sentence):
                if _comparable(condition, quantity) and _near(condition, sentence, quantity) and compare(quantity.value, limit):
                    matched.append((sentence, quantity))
        if matched:
            values = list(dict.fromkeys(q.text for _, q in matched))
            details = {"values": values, "threshold": describe_threshold(condition)}
            hits.append(Hit(passage.chunk, excerpt_of([s for s, _ in matched]), details, passage))
    return hits


# --- contract-level conditions -------------------------------------------------------------------


def missing_clause_hit(rule: Rule, chunks: Sequence[ClassifiedChunk], library: ClauseLibrary, facts: DocumentFacts | None = None) -> Hit | None:
    """A hit when no chunk of the contract has one of the rule's clause types — and, for a governing-law clause, when no law was
    read from one of its chunks either (« This insurance is subject to English law and practice » under "Law and Practice", typed
    otherwise, was flagged missing beside the foreign-law flag it raised: walkthrough 21)."""
    if any(rule.applies_to(chunk.clause_types) for chunk in chunks):
        return None
    if "governing_law" in rule.clause_types and facts is not None and facts.governing_law and _evidence_chunk(facts, "governing_law", chunks):
        return None
    labels = [library.by_id[t].label_in("en") if t in library.by_id else t for t in rule.clause_types]
    return Hit(None, f"{NO_CLAUSE}{', '.join(labels)}", {"missing": list(rule.clause_types)})


def _evidence_chunk(facts: DocumentFacts, field_name: str, chunks: Sequence[ClassifiedChunk]) -> ClassifiedChunk | None:
    by_id = {chunk.id: chunk for chunk in chunks}
    for chunk_id in facts.evidence.get(field_name, []):
        if chunk_id in by_id:
            return by_id[chunk_id]
    return None


def _date_sentence(chunk: ClassifiedChunk, value: date) -> str | None:

    for sentence in sentences(chunk.text):
        if any(mention.value == value for mention in find_dates(sentence)):
            return sentence
    return None


# A term article's sentence that makes it renew: what a renewed term's end is reckoned from
_RENEWS = re.compile(r"\b(?:renew\w*|reconduit\w*|reconduction|renouvel\w*|successive\s+periods?|p[ée]riodes?\s+successives?|prorog\w*\s+tacitement)\b", re.I)


# A term article's sentence that gives the term's length: what an end the record counted is reckoned from
_LENGTH = re.compile(
    r"\b(?:\d+|\(\d+\))\s*(?:calendar\s+)?(?:months?|years?|mois|ans|ann[ée]es?)\b[^.;]{0,80}|\b(?:months?|years?|mois|ans|ann[ée]es?)\b", re.I
)
_TERM_CUE = re.compile(r"\b(?:term|period|duration|commenc\w*|continu\w*|dur[ée]e|p[ée]riode|court|prend\w* effet|conclu\w*)\b", re.I)


def _length_sentence(chunk: ClassifiedChunk) -> str | None:
    """The sentence of ``chunk`` that gives the term's length and says it is the term's ("… commences on 1 June 2024 and shall continue
    for an initial period of thirty-six (36) months"): the words an end the record counted is reckoned from (walkthrough 34's SaaS flag
    quoted Greffier's own « end date: 2027-06-01 »), else None."""
    return next((sentence for sentence in sentences(chunk.text) if _LENGTH.search(sentence) and _TERM_CUE.search(sentence)), None)


def _renewal_sentence(chunk: ClassifiedChunk) -> str | None:
    """The sentence of ``chunk`` that makes the contract renew (a renewed term's end is written nowhere: walkthrough 34's flags quoted
    Greffier's own « end date: 2027-03-31 » for three contracts that renew by themselves), else None."""
    return next((sentence for sentence in sentences(chunk.text) if _RENEWS.search(sentence)), None)


_END_CUE = re.compile(
    r"(?:jusqu'(?:au|a)|prendr?a? fin le|expir\w* (?:le|on)|echeance (?:du|le|au|fixee au)|au plus tard le|until"
    r"|end(?:s|ing)? on|terminat\w* on|expir\w*)\s*(?:le\s+|the\s+)?$"
)
_LAW_CUE = re.compile(r"soumis|regie?s?\b|regi par|droit applicable|loi applicable|governed|construed|governing law|applicable law|laws of")


def end_date_from_text(chunks: Sequence[ClassifiedChunk]) -> tuple[date, ClassifiedChunk, str] | None:
    """The end date a term clause writes (« prendra fin le 31 janvier 2027 », "until March 31, 2027"):
    the fallback when the contract's record has none."""

    typed = [c for c in chunks if {"term", "renewal"} & set(c.clause_types)]
    for chunk in typed or list(chunks):
        for sentence in sentences(chunk.text):
            for mention in find_dates(sentence):
                if _END_CUE.search(fold(sentence[max(0, mention.start - 40) : mention.start]).rstrip()):
                    return mention.value, chunk, sentence
    return None


def law_from_text(chunks: Sequence[ClassifiedChunk]) -> tuple[str, ClassifiedChunk, str] | None:
    """The governing law a clause names (« soumis au droit suisse », "governed by the laws of the
    State of New York", "the laws of the Commonwealth of Virginia"): the fallback when the
    contract's record has none. Chunks typed governing_law are read first, then the others."""
    typed = [c for c in chunks if "governing_law" in c.clause_types]
    for chunk in [*typed, *(c for c in chunks if c not in typed)]:
        for sentence in sentences(chunk.text):
            if (cue := _LAW_CUE.search(fold(sentence))) and statement_kind(sentence) == "clause":
                window = sentence[max(0, cue.start() - 60) : cue.end() + 200]  # the law named near the cue, not a party's state
                if law := match_law(window) or named_jurisdiction(window):
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
    renewed = notice_passed = None
    if condition.field == "end_date" and facts.renewal == "automatic" and condition.within_months and source == "record":
        from greffier.dataroom.records import period_of, renewed_term_end  # the records' reckoning of renewed terms (imported here: records read polarity)

        if value < today:
            # a contract that renews by itself and whose first term has ended runs on a renewed term: its end is that term's
            # (walkthrough 20: a supply agreement whose current term ends 2027-06-30 was not flagged as ending within twelve months)
            renewed = renewed_term_end(value, facts.renewal_length, today)
            value = renewed or value
        notice = period_of(facts.renewal_notice)
        if value >= today and notice is not None and value - notice < today and (
            following := renewed_term_end(value, facts.renewal_length, value + timedelta(days=1))
        ):
            # … and one whose notice deadline for the term running has passed renews, unless notice was given (the data room would
            # hold it): the term after it is the one that ends (the app walk: a distribution agreement ending 2027-02-28 on six months'
            # notice, reviewed in December 2026, flagged as ending within twelve months although it runs on to 2028-02-29)
            notice_passed = (value - notice, value)
            value = following
    if condition.before is not None:
        fires, test = value < condition.before, f"before {condition.before.isoformat()}"
    elif condition.after is not None:
        fires, test = value > condition.after, f"after {condition.after.isoformat()}"
    elif condition.past:
        # an end date passed: the contract has ended — unless it renews by itself (its initial term ended, it goes on); the
        # record's date only: a date read from the text alone may be another period's (« pourra être tiré … jusqu'au 31 décembre 2021 »)
        fires = value < today and source == "record" and not (condition.field == "end_date" and facts.renewal == "automatic")
        test = f"before {today.isoformat()}"
    else:
        horizon = today + relativedelta(months=condition.within_months or 0)
        fires, test = today <= value <= horizon, f"within {condition.within_months} months of {today.isoformat()}"
    if not fires:
        return None
    chunk = text_chunk or _evidence_chunk(facts, condition.field, chunks)
    sentence = text_sentence or (_date_sentence(chunk, value) if chunk else None)
    if sentence is None and chunk is not None and (renewed is not None or notice_passed is not None):
        sentence = _renewal_sentence(chunk)
    if sentence is None and chunk is not None and source == "record":
        sentence = _length_sentence(chunk)  # an end counted from a start and a length, which no sentence writes
    label = condition.field.replace("_", " ")
    excerpt = _clip(sentence) if sentence else f"{label}: {value.isoformat()}"
    details = {condition.field: value.isoformat(), "test": test, "today": today.isoformat(), "source": source}
    if renewed is not None:
        details["renewed"] = "the end of the renewed term running today (the first term has ended; no notice is assumed)"
    if notice_passed is not None:
        details["renewed"] = (f"the end of the next renewed term: notice to stop the renewal on {notice_passed[1].isoformat()} was due by "
                              f"{notice_passed[0].isoformat()}, which has passed (no notice is assumed)")
    if source == "record" and (doubt := facts.doubts.get(condition.field)):
        # a date read with low confidence ("at the earliest: the term runs from …") is no known date: the hit is to confirm
        details["review"] = {"status": TO_CONFIRM, "rule_id": None, "reason": f"the {label} is uncertain: {doubt}"}
    return Hit(chunk, excerpt, details)


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


def _ask(llm: Any, prompt: str, chunk_text: str, heading: str | None, flagged: str | None = None) -> tuple[bool, str, str]:  # noqa: ANN401
    heading_line = f"Heading: {heading}\n" if heading else ""
    flagged_line = f"\n\nWords flagged by the rule under review: {flagged}" if flagged else ""
    messages = [
        ChatMessage.from_system(LLM_SYSTEM),
        ChatMessage.from_user(f"Question: {prompt}\n\n{heading_line}Clause:\n{chunk_text}{flagged_line}"),
    ]
    reply = llm.chat(messages, json_mode=True)
    return llm_verdict(reply.text or "")


def llm_review(condition: LLMCondition, finding: Any, chunk: ClassifiedChunk | None, llm: Any) -> tuple[bool, str]:  # noqa: ANN401
    """Ask ``llm`` ``condition.prompt`` about a keyword hit (a Finding): ``(confirmed, reason)``."""
    text = chunk.text if chunk is not None else finding.excerpt
    flag, reason, _quote = _ask(llm, condition.prompt, text, finding.section, finding.excerpt)
    return flag, reason or ("the model confirmed the clause" if flag else "the model saw no such clause")


def llm_hits(condition: LLMCondition, chunks: Sequence[ClassifiedChunk], llm: Any) -> list[Hit]:
    """Ask ``llm`` (a :class:`pipelines.generators.llm.LLMBackend`) ``condition.prompt`` about each clause."""
    hits = []
    for chunk in chunks:
        flag, reason, quote = _ask(llm, condition.prompt, chunk.text, chunk.section)
        if not flag:
            continue
        quoted = quote if quote and " ".join(quote.split()) in " ".join(chunk.text.split()) else None
        hits.append(Hit(chunk, _clip(quoted) if quoted else opening(chunk), {"llm_reason": reason, "llm_model": getattr(llm, "model", "")}))
    return hits


# --- the learned second reader -------------------------------------------------------------------

MIN_READ_SENTENCE = 25  # shorter sentences (a heading, "Assignment.") carry too little for the reader; it was trained without them


def learned_hits(condition: LearnedCondition, passages: Sequence[Passage], rule_id: str | None = None, vectors: Any = None) -> list[Hit]:  # noqa: ANN401
    """Passages with a sentence the learned reader scores at or above the threshold (recitals never):
    each hit quotes those sentences and is marked "to confirm" with its score. ``vectors``: sentences →
    their vectors (:class:`greffier.compliance.reader.SentenceVectors`), for a reader that reads meaning
    as well as words; without them such a reader raises :class:`ReaderError` (the rule's check says so)."""
    reader = load_reader()
    category = reader.categories[condition.reader]
    threshold = condition.min_score if condition.min_score is not None else category.threshold
    read: list[tuple[Passage, list[str], list[str]]] = []
    for passage in passages:
        said = [s for s in passage.sentences if len(s) >= MIN_READ_SENTENCE]
        if passage.recital or passage.definition or not said:
            continue
        language = guess_language(passage.text)  # a passage too short to tell: each sentence, else both languages' notions
        read.append((passage, said, [language if language != UNDECIDED else guess_language(s) for s in said]))
    if not read:  # nothing long enough to read (a title alone, « Néant. »): checked, nothing found
        return []
    if reader.reads_vectors and vectors is None:
        raise ReaderError(f"the learned reader {reader.path} reads each sentence's {reader.dense['encoder']} vector and this check was given no encoder")
    meaning = vectors([s for _, said, _ in read for s in said]) if reader.reads_vectors else None
    notions = reader.notions
    scored = reader.scores([shared_form(s, lang, notions) for _, said, languages in read for s, lang in zip(said, languages)], condition.reader, meaning)
    hits = []
    at = 0
    for passage, said, _ in read:
        scores, at = scored[at : at + len(said)], at + len(said)
        kept = [(s, score) for s, score in zip(said, scores) if score >= threshold]
        if not kept:
            continue
        best = max(score for _, score in kept)
        backed = f", where {', '.join(condition.backs)} found nothing" if condition.backs else ""
        reason = f"read as {condition.reader.replace('_', ' ')} by the learned reader (score {best:.2f} ≥ {threshold:.2f}){backed}: confirm or dismiss it"
        details = {"reader": condition.reader, "score": round(best, 3), "review": {"status": TO_CONFIRM, "rule_id": rule_id, "reason": reason}}
        hits.append(Hit(passage.chunk, excerpt_of([s for s, _ in kept]), details, passage))
    return hits
