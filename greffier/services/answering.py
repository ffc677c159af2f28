"""Grounded answers, through the answer pipeline (:mod:`pipelines.answering`): retrieval → relevance
check → answer with numbered citations → citation check.

Modes:
- ``rag`` (default): answer only from passages judged relevant; abstain when none survives. With no
  LLM, the answer is extractive (the sentences of the best passages that answer, each cited).
- ``retrieval_only``: the ranked passages, no LLM.
- ``direct``: the LLM alone, marked as not grounded in the documents.

Events (``retrieval``, ``sources``, ``relevance``, ``token``, ``citation_check``, ``done``) go to
``on_event`` as they happen.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import PurePosixPath
from datetime import date
from typing import Any

from haystack.dataclasses import ChatMessage, StreamingChunk

from greffier.config import ANSWER_MODES, Settings
from greffier.errors import GreffierError
from greffier.models import models_in_use
from greffier.services.search import FUSION_MARGIN, check_search_arguments, reranker_in_use, search
from pipelines.answering import ANSWER_OUTPUTS, warmed_answer_pipeline
from greffier.text.replies import (
    ARTICLE_AMENDED_NOTE, CONTRACT_COUNT, STATUS_AMENDMENT_ARTICLE, MIN_SCORE_NOTE, PASSAGES_SEARCHED, DIRECT_NEEDS_LLM, END_COMPUTED_LEAD, END_COMPUTED_NOTE, END_IN_FORCE_NOTE, END_MOVED_LEAD, END_MOVED_NOTE, NEXT_NOTICE_ANSWER, END_UNCERTAIN_NOTE, EXTRACTIVE_NOTE, EXTRACTIVE_NOTE_LLM_OFF, EXTRACTIVE_NOTE_LLM_TRANSLATES, EXTRACTIVE_NOTE_TURNED_OFF, LLM_NOT_USED, NEXT_NOTICE_NOTE, SEVERAL_AMONG, STATUS_ARTICLE, STATUS_CURRENT, STATUS_DEADLINE_PASSED, STATUS_ENDED, STATUS_ENDS_BEFORE, STATUS_NOTE_AT, STATUS_PERIOD_THEN, STATUS_WILL_RENEW, STATUS_NOTICE_NOT_SAID, STATUS_NO_RENEWAL, STATUS_NOT_STARTED, STATUS_NOTE, STATUS_SURVIVES, STATUS_UNCERTAIN, STATUS_RENEWED, STATUS_RUNS, STATUS_TEXT, STATUS_THEN_RENEWS, NO_RELEVANT_PASSAGE, NOT_A_CONTRACT_KINDS, NOT_A_CONTRACT_NOTE, NAMES_ABSENT, NOT_GROUNDED, NOTICE_UNITS_FR, ONLY_NAMED, RENEWS_NOTE, RENEWS_VERB, EXTENDED_VERB, RUNS_ON_VERB, ROLE_IS, ROLE_NOTE, WHICH_ONE, abstention, contract_label, date_in, file_names, reply_language,
    wording,
)
from pipelines.generators.answer_kinds import CONTRACT_NAMED_BY_A_CLAUSE, STATUS_ASKED, STATUS_NOT_OF_THE_CONTRACT, asks_a_date
from pipelines.generators.answerers import ABSTENTION
from pipelines.generators.llm import LLMBackend, llm_role, resolve_llm
from pipelines.retrieval import RETRIEVAL_OUTPUTS, passage, rerank_parameters, retrieval_inputs, runnable, stage_times
from pipelines.routers.scoping import absent_in, hint_in, identity_index, scope_for
from greffier.dataroom.amendments import article_numbers, rewriting_sentences
from greffier.dataroom.reasons import reason_in
from greffier.dataroom.records import current_term_end, next_notice, period_of
from greffier.dataroom.extract.text import other_reading
from greffier.dataroom.normalize import find_dates, fold
from greffier.text.sentences import split_sentences
from greffier.text import noun, section_label, unwrap
from store import repository as repo
from store.models import Chunk
from store.records import load_dataroom
from store.workspace import open_workspace

MODES = ANSWER_MODES
EventCallback = Callable[[str, dict[str, Any]], None]
MAX_HINT_FILES = 5  # files named in an abstention that left other contracts' passages out
SYSTEM_DIRECT = "You are a legal assistant. Answer briefly. You have no access to the user's documents."

__all__ = ["ABSTENTION", "MODES", "AnswerError", "answer"]


class AnswerError(GreffierError):
    """A question that cannot be answered as asked (unknown mode, direct mode with no LLM...)."""


def _noop(_kind: str, _payload: dict[str, Any]) -> None:
    return None


def answer(
    settings: Settings,
    question: str,
    *,
    mode: str = "rag",
    backend: LLMBackend | None | str = "auto",
    on_event: EventCallback | None = None,
    top_k: int | None = None,
    fusion: str | None = None,
    rerank: bool | None = None,
    min_score: float | None = None,
    doc_ids: list[str] | None = None,
    follows: list[str] | None = None,
) -> dict[str, Any]:
    """Answer ``question`` over the workspace of ``settings``. See the module docstring for modes.

    ``follows``: the contracts a follow-up goes on about (:func:`follow_up_scope`), named as if the question named them.

    ``backend="auto"`` resolves the LLM from settings; pass a backend (or None) to choose.
    Raises AnswerError for an unknown mode or a direct question with no LLM, SearchError for bad
    search arguments.
    """
    emit = on_event or _noop
    if mode not in MODES:
        raise AnswerError(f"unknown mode {mode!r}: use one of {', '.join(MODES)}")
    if backend == "auto":
        choice = resolve_llm(settings)
        backend, backend_info = choice.backend, choice.info
    else:
        backend_info = {**backend.describe(), "role": llm_role(settings)} if backend else {"kind": "none", "reason": "no LLM given"}
    if mode == "direct":
        return _direct(question, backend, backend_info, emit)
    if mode == "retrieval_only":  # (a follow-up's contracts as a filter: the review of the round)
        return _retrieval_only(settings, question, backend_info, emit, top_k=top_k, fusion=fusion, rerank=rerank, min_score=min_score, doc_ids=doc_ids or follows)
    return _rag(settings, question, backend, backend_info, emit, top_k=top_k, fusion=fusion, rerank=rerank, min_score=min_score, doc_ids=doc_ids,
                follows=follows if doc_ids is None else None)


def _rag(settings: Settings, question: str, backend: LLMBackend | None, backend_info: dict[str, Any], emit: EventCallback, **knobs: Any) -> dict[str, Any]:
    check_search_arguments(question, fusion=knobs["fusion"], top_k=knobs["top_k"])
    rerank_info = reranker_in_use(settings, knobs["rerank"])
    models = models_in_use(settings)
    model_names = {"embedder": models["embedder"]["name"], "reranker": rerank_info["name"], "rerank": rerank_info}
    store = open_workspace(settings)
    if not store.exists():
        base = {"query": question, "mode": "rag", "results": [], "scope": None, "stages": stage_times({}, 0.0), "backend": backend_info, "models": model_names}
        emit("retrieval", {"query": question, "count": 0, "stages": base["stages"], "scope": None})
        return _abstain(base, question, [], [], emit)
    pipeline = warmed_answer_pipeline(settings, store, llm=backend, rerank=rerank_info["active"])
    k_retrieval = settings.search.top_k_retrieval
    k_final = knobs["top_k"] or settings.search.top_k_final
    needed = max(k_final, rerank_parameters(settings)["candidates"]) if rerank_info["active"] else k_final
    data = retrieval_inputs(
        question, top_k_retrieval=k_retrieval, fused=min(k_retrieval, needed + FUSION_MARGIN), top_k=knobs["top_k"],
        min_score=knobs["min_score"], fusion=knobs["fusion"], doc_ids=knobs["doc_ids"], follows=knobs.get("follows"),
    )
    started = time.perf_counter()

    def progress(kind: str, payload: dict[str, Any]) -> None:
        if kind == "retrieval":  # the judge runs right after retrieval: this is how long retrieval took
            payload = {**payload, "stages": {"total_ms": round((time.perf_counter() - started) * 1000, 2)}, "models": model_names}
        emit(kind, payload)

    def on_chunk(chunk: StreamingChunk) -> None:
        if chunk.content:
            emit("token", {"text": chunk.content})

    data["relevance"] = {"question": question, "on_event": progress}
    data["answerer"] = {"question": question, "streaming_callback": on_chunk}
    outputs = pipeline.run(runnable(pipeline, data), include_outputs_from=set(RETRIEVAL_OUTPUTS | ANSWER_OUTPUTS | {"types"}))
    stages = stage_times(outputs, (time.perf_counter() - started) * 1000)
    results = [passage(doc) for doc in outputs["selector"]["documents"]]
    scope = outputs.get("scope", {}).get("scope")
    hint = outputs.get("scope", {}).get("hint")
    relevance = outputs["relevance"]["decisions"]
    base = {"query": question, "mode": "rag", "results": results, "scope": scope, "stages": stages, "backend": backend_info, "models": model_names}
    translation = outputs.get("translator", {}).get("translation")
    if translation:  # what was searched besides the question (the LLM's translation of it)
        base["translation"] = translation
    if hint:
        base["hint"] = hint
    status = _status_answer(store, [(scope or {}).get("contract_ids"), (hint or {}).get("contract_ids")], question, reply_language(question))
    if status is not None:
        return _status_reply(base, status, relevance, emit, question)
    kept = outputs["relevance"]["documents"]
    if not kept or all(doc.meta.get("not_contract") for doc in kept):
        # when the one contract asked about ends: its record's end, quoted, rather than no answer (walkthrough 31: "When does the lease of
        # the Saint-Ismier clinic building run out?" abstained, its term article and its avenant's saying neither "Saint-Ismier" nor "building")
        # (the contract the question's names fit best, when the hint holds several: "the cleaning company … the Échirolles clinic")
        # … nor a memo's word on it, which may be out of date (walkthrough 32: « Jusqu'à quand court désormais l'abonnement … ? » quoted an
        # internal memo's « arrive à échéance le 31 janvier 2026 »; an amendment had moved the end to 30 June 2028)
        candidates, folded = [(scope or {}).get("contract_ids"), (hint or {}).get("contract_ids"), _best_hinted(hint)], fold(question).replace("’", "'")
        ending = _status_answer(store, candidates, question, reply_language(question), end_asked=True) if _END_ASKED.search(folded) else None
        if ending is None and _NOTICE_ASKED.search(folded):
            ending = _notice_answer(store, candidates, reply_language(question))
        if ending is not None:
            return _status_reply(base, ending, relevance, emit, question)
    if not kept:
        absent = absent_in(store, question) or absent_objects(question, relevance)
        floor = settings.search.min_score if knobs["min_score"] is None else knobs["min_score"]
        return _abstain(base, question, results, relevance, emit, streamed=abstention(reply_language(question)), hint=hint, absent=absent,
                        min_score=floor if floor > 0 and len(results) < k_final else None)
    checked = outputs["citations"]
    emit("citation_check", {"removed": checked["removed"], "unsupported": checked["unsupported"], "cited": [c["n"] for c in checked["citations"]]})
    extractive = bool(outputs["answerer"]["extractive"])
    fallback = outputs["answerer"].get("fallback")
    warnings = list(outputs["answerer"].get("warnings") or [])
    out = {
        **base,
        "answer": checked["answer"],
        "citations": checked["citations"],
        "removed_citations": checked["removed"],
        "abstained": checked["abstained"],
        "unsupported": checked["unsupported"],
        "grounded": True,
        "extractive": extractive,
        "relevance": relevance,
        "passages": checked["passages"],
    }
    if warnings:
        out["warnings"] = warnings
    if fallback:
        out["fallback"] = fallback
        out["note"] = wording(LLM_NOT_USED, reply_language(question), why=fallback)
    elif extractive:
        # no LLM at all, or one that only translates the question, or one turned off for answers: each said as it is
        role = backend_info.get("role") if backend is not None else None
        if role == "translates" and not translation:
            role = "unused"  # the translation failed or was the question itself: the LLM did nothing for this answer
        plain = EXTRACTIVE_NOTE_TURNED_OFF if backend_info.get("turned_off") else EXTRACTIVE_NOTE
        note = {"translates": EXTRACTIVE_NOTE_LLM_TRANSLATES, "unused": EXTRACTIVE_NOTE_LLM_OFF}.get(role or "", plain)
        out["note"] = wording(note, reply_language(question))
    if hint and any(d.get("outside_hint") for d in relevance):
        # passages of contracts that carry none of the question's names were left out: say so
        out["note"] = " ".join(filter(None, [out.get("note"), _hint_note(hint, reply_language(question))]))
    if outputs["relevance"].get("several") and not scope:
        # each of several contracts answers: those among the passages examined, not every contract of the room that may (never a
        # completeness the search does not have)
        out["note"] = " ".join(filter(None, [out.get("note"), wording(SEVERAL_AMONG, reply_language(question), count=len(relevance))]))
    answered_from = list(dict.fromkeys(doc.meta.get("file") for doc in outputs["relevance"]["documents"] if doc.meta.get("file")))
    if hint and hint.get("by") == "kind" and len(answered_from) > 1 and not (scope or {}).get("ambiguous"):
        # a kind of contract named, more contracts of it than are answered one by one: ask which one
        out["note"] = " ".join(filter(None, [out.get("note"), wording(WHICH_ONE, reply_language(question), names=", ".join(file_names(answered_from)[:MAX_HINT_FILES]))]))
    ended, amended, leads = _amended_end_notes(store, outputs, checked["citations"], question, reply_language(question))
    if leads and not checked["abstained"]:
        # the amendment that moved a quoted contract's end, quoted first and cited: the end in force before the superseded one
        out = _led_by_amendments(out, leads, reply_language(question))
    amended += _amended_article_notes(store, outputs, checked["citations"], reply_language(question), skip=ended)
    amended += _renewal_notes(store, outputs, checked["citations"], out.get("answer") or "", question, reply_language(question))
    amended += _not_a_contract_notes(store, checked["citations"], reply_language(question))
    amended += _role_notes(store, checked["citations"], out.get("answer") or "", question, reply_language(question))
    if amended:
        out["note"] = " ".join(filter(None, [out.get("note"), *amended]))
        # what the records add to the quotes (the end in force, the date by which notice stops a renewal, who a role is), apart from
        # how the answer was made: a screen shows them as part of the answer, not in the note's small print (the app walk of round 39)
        out["findings"] = amended
    emit("done", {"abstained": checked["abstained"]})
    return out


# Where a question's second part starts: ", and by when …", « , et jusqu'à quand … »
_OTHER_PART = re.compile(r",\s*(?:and|or|et|ou)\b|;|\?")


# The day a status question asks about when it is not today: « encore en vigueur en 2027 ? », "still in force on 1 March 2027?",
# "at the end of 2027" (walkthrough 26: « La licence … sera-t-elle encore en vigueur en 2027 ? » was answered « Oui » of a licence
# ending on 31/12/2026, compared with today)
_DATE_ASKED_BEFORE = re.compile(r"\b(?:on|at|as of|as at|by|au|le|a la date du|d'ici au?)\s*$")
_YEAR_ASKED = re.compile(
    r"\b(?:(?P<end>(?:a |at )?(?:la |the )?(?:fin|end)(?: de l'annee| of(?: the year)?| d[e'])?\s*|(?:late|fin)\s+"
    r"|(?:throughout|through|tout au long de|jusqu'en|jusqu'a la fin de)\s+(?:l'annee\s+|the year\s+)?)"
    r"|(?P<start>(?:au )?(?:debut|early|the start of|the beginning of|start of)(?: de l'annee| de| d')?\s*)"
    r"|(?:en|in|au cours de|during|courant|pendant|into)\s+(?:l'annee\s+|the year\s+)?)(?P<year>20\d\d)\b"
)
# … never a date or a year that says when the contract was made or took effect (« signée le 3 mars 2020 », "entered into on 1 March 2020",
# « conclu en 2019 », « qui a pris effet le … »: the review of the round read them as the day asked about)
_MADE_BEFORE = re.compile(
    r"\b(?:sign\w*|dat(?:e|ed|ee|ees|es)|made|conclu\w*|entered into|executed|granted|renewed|amended|modifi\w*|pris effet|prend effet|effective"
    r"|entr\w* en vigueur|commenc\w*|started|began|etabli\w*|passe\w*|reconduit\w*|renouvele\w*|proroge\w*)\s+(?:(?:on|le|en|in|as of|au|du|of)\s+)?$"
)


def asked_date(question: str, today: date) -> date:
    """The day ``question`` (a status question: whether a contract is *still* in force) asks about: a date written after "on",
    « au » (« au 1er mars 2027 »), the first day of a year asked "in" (« en 2027 »: still in force once 2027 has begun), or its last at
    its end or "throughout" it (« fin 2027 »); today otherwise — and never a day before today, which "still" does not ask about; nor a date
    that says when the contract was made (:data:`_MADE_BEFORE`)."""
    folded = fold(question).replace("’", "'")
    for mention in find_dates(question):
        before = fold(question[: mention.start]).replace("’", "'")
        if _DATE_ASKED_BEFORE.search(before) and not _MADE_BEFORE.search(before):
            return max(mention.value, today)
    for match in _YEAR_ASKED.finditer(folded):
        if _MADE_BEFORE.search(folded[: match.start("year")]):
            continue
        year = int(match["year"])
        return max(date(year, 12, 31) if match["end"] is not None else date(year, 1, 1), today)
    return today


# A question on when a contract ends (not whether it is in force): "When does the lease run out?", « Quand le bail prend-il fin ? »
_END_ASKED = re.compile(
    r"\b(?:until when|till when|jusqu'a quand|jusqu'a quelle date)\b"
    # (the contract the subject: "When does the lease run out?", not "When do we pay the invoices at the end of the quarter?" — a review)
    r"|\bwhen\s+(?:does|will|did)\s+(?:the|this|that|our|its|it)\b(?:(?!\b(?:we|you|they|pay|deliver|send|invoice|give|notify)\b)[^?]){0,60}?"
    r"\b(?:end|expire|run out|terminate|lapse|come to an end|finish)\b(?!\s+(?:of|the|our|it|this)\b)"
    r"|\bquand\b[^?]*\b(?:prend(?:ra)?(?:-t)?(?:-il|-elle)? fin|expire(?:ra)?|se termine(?:ra)?|finit|s'acheve(?:ra)?|arrive(?:ra)?(?:-t)?(?:-il|-elle)? a (?:son )?(?:terme|echeance))\b"
    r"|\b(?:what is|what's) the (?:end|expiry|expiration) date\b|\bquelle est (?:la )?date (?:de fin|d'expiration|d'echeance)\b"
)
# A question on the notice that stops a contract renewing, or by when to give it: "By when must we write to … if we want to retender?",
# « Avant quelle date devons-nous dénoncer … ? », "Will it roll over …, could we still stop it?"
_NOTICE_ASKED = re.compile(
    r"\b(?:by when|no later than when|how late|until when can|au plus tard quand|avant quelle date|d'ici quand|jusqu'a quand (?:pouvons|peut|peuvent|puis))\b"
    r"|\b(?:roll over|rolls over|renew\w*|retender|re-tender|stop it|stop the renewal|give notice|send notice|write to|denonc\w*|preavis|reconduction|reconduit|renouvel\w*|conge)\b"
    r"[^?]*\b(?:when|date|deadline|still|quand|date limite|encore|toujours)\b"
    r"|\b(?:when|date|deadline|still|quand|date limite|encore|toujours)\b[^?]*\b(?:roll over|rolls over|renew\w*|retender|re-tender|stop it|give notice|"
    r"send notice|write to|denonc\w*|preavis|reconduction|reconduit|renouvel\w*|conge)\b"
)


def _one_contract(room: Any, candidates: list[list[str] | None]) -> Any:  # noqa: ANN401
    """The one contract of the first of ``candidates`` (lists of ids) that holds one, or ``None``: its amendments, a signed copy beside
    its original and a memo that speaks of it set aside (walkthrough 31: "Is the patient meals contract still running?" hinted at the
    catering contract and the internal memo that names its meals, and no contract was told apart)."""
    for ids in candidates:
        records = [room.by_id[c] for c in dict.fromkeys(ids or []) if c in room.by_id]
        contracts = [r for r in records if not r.is_amendment] or records
        contracts = [r for r in contracts if r.copy_of not in {c.id for c in contracts}]
        contracts = [r for r in contracts if not r.not_contract] or contracts
        if len(contracts) == 1:
            return contracts[0]
    return None


def _best_hinted(hint: dict[str, Any] | None) -> list[str]:
    """The contracts a hint weighs most (:func:`pipelines.routers.scoping.hint_for`'s weights: the rarity of the names each carries)."""
    weights = (hint or {}).get("weights") or {}
    best = max(weights.values(), default=0.0)
    return [cid for cid, weight in weights.items() if best and weight >= best - 1e-9]


def _notice_answer(store: Any, candidates: list[list[str] | None], language: str) -> dict[str, Any] | None:  # noqa: ANN401
    """By when notice stops the one contract a question is about renewing (its record's next deadline), quoting the sentence that says
    it renews; ``None`` when there is no one such contract, it does not renew by itself, or no deadline is to come."""
    room = load_dataroom(store)
    record = _one_contract(room, candidates)
    if record is None or record.renewal != "automatic" or not record.renewal_notice or (coming := next_notice(record, date.today())) is None:
        return None
    source = record.sources.get("renewal")
    chunk = _passage_of(store, source)
    if chunk is None or not source.raw:
        return None
    sentence = _quotable(" ".join(source.raw.split()).removesuffix("…"))
    count, unit = record.renewal_notice.split()
    notice = f"{count} {NOTICE_UNITS_FR.get(unit, unit)}" if language == "fr" else record.renewal_notice
    text = wording(NEXT_NOTICE_ANSWER, language, renews=renews_verb(record, language), by=date_in(coming[0].isoformat(), language), notice=notice,
                   stops=date_in(coming[1].isoformat(), language), where=_where_said(chunk, language, record, room))
    return _record_reply(room, record, chunk, f"{text} « {sentence} » [1]", date.today())


def _where_said(chunk: Chunk, language: str, record: Any = None, room: Any = None) -> str:  # noqa: ANN401
    """« son article « Article 5 — Durée » », "its text": where a record answer's quoted sentence stands — « son avenant (« … »), article
    « 1. Variation » » when an amendment of ``record`` says it (walkthrough 35: « comme le dit son article « 2. Variations » » named the
    deed's article as the contract's own)."""
    holder = room.by_id.get(chunk.contract_id) if room is not None and record is not None and chunk.contract_id != record.id else None
    if holder is not None and holder.is_amendment:
        return wording(STATUS_AMENDMENT_ARTICLE, language, title=" ".join(holder.title.split()), heading=section_label(chunk.section or "") or "—")
    return wording(STATUS_ARTICLE, language, heading=section_label(chunk.section)) if chunk.section else wording(STATUS_TEXT, language)


def _record_reply(room: Any, record: Any, chunk: Chunk, said: str, at: date) -> dict[str, Any]:  # noqa: ANN401
    """An answer read from ``record`` (``said``: its words and the sentence quoted), cited to ``chunk`` in the passage's own file — an
    amendment's when the amendment gave what is said (the app walk of round 32 cited the contract's file for it)."""
    holder = room.by_id.get(chunk.contract_id)
    return {"text": f"{contract_label(record.title, record.file)} — {said}", "chunk": chunk, "record": record,
            "file": holder.file if holder is not None else record.file, "at": at}


# The yes or no a status answer opens with, left out of an answer on when the contract ends
_YES_OR_NO = re.compile(r"^(?:Yes|No|Oui|Non)\s*:\s*")


def _status_answer(store: Any, candidates: list[list[str] | None], question: str, language: str, *, end_asked: bool = False) -> dict[str, Any] | None:  # noqa: ANN401
    """Whether the one contract the question is about is still in force, when ``question`` asks so
    (:data:`pipelines.generators.answer_kinds.STATUS_ASKED`): its end after the amendments and its renewal against today's date, with
    the passage whose sentence gives the end (``text``,
    ``chunk``, ``record``). The contract: the first of ``candidates`` (the contracts the question names, those its words hint at)
    or the workspace's contracts that holds one contract, its amendments and copies aside — never one the search alone found (a review: "Is the licence with
    Orion still in force?", no such contract, answered with the guarantee's end); the answer names it. ``None`` when the question
    asks something else, is about no one contract, or its end is unknown."""
    folded = fold(question).replace("’", "'")
    asked = _END_ASKED.search(folded) if end_asked else STATUS_ASKED.search(folded)
    if not asked:
        return None
    # … read in the part of the question that asks it: "Is the manufacturing contract still running, and by when must we give notice if
    # we want to stop it?" asks whether it runs (walkthrough 26; the condition is the second part's)
    part = _OTHER_PART.split(folded[asked.end():], maxsplit=1)[0]
    checked = folded[: asked.end()] + part
    if end_asked:
        checked = re.sub(r"\b(?:when|quand)\b", " ", checked)  # the asking word itself is no event ("when does it end?")
    if STATUS_NOT_OF_THE_CONTRACT.search(CONTRACT_NAMED_BY_A_CLAUSE.sub(" ", checked)):
        return None
    room = load_dataroom(store)
    # … and the workspace's only contract, when it holds one (no scope nor hint names a contract there: nothing to tell apart)
    record = _one_contract(room, [*candidates, [r.id for r in room.records]])
    if record is None or record.end_date is None:
        return None
    source = record.sources.get("end_date")
    chunk = _passage_of(store, source)
    if chunk is None:
        return None  # an end from the metadata, with no passage to quote: the search answers
    # the sentence that holds the words read (their start: a duration read as « prend effet le … … trois (3) ans » is two pieces)
    # (its last piece when the start was read elsewhere: "signature … two (2) years" of "two (2) years from the date set out above" —
    # walkthrough 23's NDA; on the passage's lines joined: a PDF's line is no sentence — the app walk of round 32 quoted « accordance with
    # its terms, continues for an initial term ending on 28 February 2027 (the "Initial »)
    pieces = [" ".join(piece.split())[:40] for piece in source.raw.split("…")]
    sentences = [(s, " ".join(s.split())) for s in split_sentences(unwrap(chunk.text or ""))]
    sentence = next((s for piece in (pieces[0], pieces[-1]) if piece for s, flat in sentences if piece in flat), None)
    if sentence is None:
        return None  # nothing to quote verbatim: the search answers
    sentence = _quotable(sentence)
    end, today = record.end_date, date.today()
    at = asked_date(folded[: asked.end()] + part, today)  # the day asked about: today, or one to come (« en 2027 »)
    where = _where_said(chunk, language, record, room)
    when, on = date_in(end.isoformat(), language), date_in(at.isoformat(), language)
    renews = renews_verb(record, language)
    then_renews = wording(STATUS_THEN_RENEWS, language, renews=renews) if record.renewal == "automatic" else ""
    no_renewal = wording(STATUS_NO_RENEWAL, language) if record.renewal == "none" else ""
    if record.start_date is not None and record.start_date > at:
        text = wording(STATUS_NOT_STARTED, language, start=date_in(record.start_date.isoformat(), language), end=when, renewal=then_renews, where=where)
    elif record.renewal == "automatic" and end < at:
        current = current_term_end(record, at)
        # (on a day to come the question asks about: the period running then)
        if current is None:
            then = wording(STATUS_NOTICE_NOT_SAID, language)
        else:
            then = wording(STATUS_CURRENT, language, current=date_in(current.isoformat(), language)) if at == today else wording(
                STATUS_PERIOD_THEN, language, on=on, current=date_in(current.isoformat(), language))
            coming = next_notice(record, today) if at == today else None  # (a deadline to come is not past: only today's)
            if coming is not None and coming[1] != current and record.renewal_notice:
                # … and the notice to stop the renewal at its end is past: it runs on to the next (walkthrough 26: the manufacturing
                # contract's period "ends on 31/01/2027", its four months' notice due by 30/09/2026)
                due = date_in((current - period_of(record.renewal_notice)).isoformat(), language)
                then = then.removesuffix(".") + wording(STATUS_DEADLINE_PASSED, language, passed=due, until=date_in(coming[1].isoformat(), language)) + "."
        text = wording(STATUS_RENEWED if end < today else STATUS_WILL_RENEW, language, end=when, then=then, where=where, renews=renews)
    elif end < at:
        if end < today:
            text = wording(STATUS_ENDED, language, end=when, renewal=no_renewal, where=where)
        else:
            text = wording(STATUS_ENDS_BEFORE, language, end=when, on=on, renewal=no_renewal, where=where)
    else:
        coming = next_notice(record, today) if record.renewal == "automatic" else None
        passed = ""
        if coming is not None and coming[1] != end and record.renewal_notice:
            # the deadline to stop this term's renewal has passed: it runs on to the next term's end (the app walk of round 29: the fuel
            # supply "runs until 31/12/2026, then renews", its 90 days' notice due by 2 October 2026)
            due = date_in((end - period_of(record.renewal_notice)).isoformat(), language)
            passed = wording(STATUS_DEADLINE_PASSED, language, passed=due, until=date_in(coming[1].isoformat(), language))
        text = wording(STATUS_RUNS, language, end=when, renewal=then_renews, where=where, passed=passed)
    # … ended, with what outlasts it in the same article ("7.2 The obligations in Clause 3 shall survive expiry … for five (5) years")
    survival = next((s for s, flat in sentences if _SURVIVES.search(fold(flat)) and s != sentence), None) if end < at and record.renewal != "automatic" else None
    outlasts = f" {wording(STATUS_SURVIVES, language)} « {_quotable(survival)} » [1]" if survival else ""
    if source.confidence == "low":  # read with doubt (the data room lists it apart as uncertain)
        outlasts += f" {wording(STATUS_UNCERTAIN, language, why=reason_in(source.doubt or source.rule, language))}"
    if end_asked:  # asked when it ends, not whether it runs: no yes or no
        text = _YES_OR_NO.sub("", text)
        text = text[:1].upper() + text[1:]
    return _record_reply(room, record, chunk, f"{text} « {sentence} » [1]{outlasts}", at)


# (a clause that outlives the contract: not a renewal's "shall continue in force for successive periods", which is no obligation outlasting it)
_SURVIVES = re.compile(
    r"\b(?:surviv\w*|subsist\w*)\b|\b(?:continu\w*|demeur\w*|rest\w*)\b[^.;]{0,60}?\b(?:after|apres|au-dela (?:de|du)|beyond|following)\b[^.;]{0,20}?"
    r"\b(?:(?:the |l'|la |sa )?(?:expir\w*|terminat\w*|fin|cessation|resiliation))"
)


# A question that goes on from the one before it in a conversation: « Et quel est le préavis pour ne pas le renouveler ? », "And what about
# its notice period?", "Can we terminate it?" (the app walk of round 38: the follow-up was asked of every contract of the room)
_FOLLOWS_ON = re.compile(
    r"^\W*(?:et|and|also|aussi|puis|then|what about|how about|et pour|et si|et qu|et que|et quel\w*)\b"
    r"|\b(?:ce|cet|cette|ledit|ladite|le meme|la meme)\s+(?:contrat|accord|bail|avenant|convention|police|licence)\b|\bcelui-ci\b|\bcelle-ci\b"
    r"|\b(?:this|that|the same|said)\s+(?:agreement|contract|lease|amendment|policy|licen[cs]e|deal)\b"
    r"|\b(?:le|la|l')\s*(?:renouveler|resilier|ceder|prolonger|modifier|rompre|denoncer|quitter)\b"
    r"|\b(?:terminate|renew|assign|extend|end|cancel|leave)\s+it\b|\bits\s+(?:term|end|notice|law|parties|price|rent|duration)\b"
)


def follow_up_scope(settings: Settings, question: str, previous: list[str] | None) -> list[str] | None:
    """The contracts a question goes on about: those the conversation's previous turn was about (``previous``, its scope), when
    the question reads as a follow-up (:data:`_FOLLOWS_ON`) and names no contract of its own (no scope, no hint); else None.
    Read only: the workspace is not written."""
    if not previous or not _FOLLOWS_ON.search(fold(question).replace("’", "'")):
        return None
    store = open_workspace(settings)
    if not store.exists():
        return None
    index = identity_index(store)
    if scope_for(store, question, index) is not None or hint_in(store, question, index) is not None:
        return None
    known = set(index.titles)
    kept = [cid for cid in previous if cid in known]
    return kept or None


def answered_about(result: dict[str, Any], following: list[str] | None) -> list[str]:
    """The contracts an answer was about, for a follow-up that names none (:func:`follow_up_scope`): those its question named, else
    those it followed on from."""
    return list((result.get("scope") or {}).get("contract_ids") or following or [])


def _status_reply(base: dict[str, Any], status: dict[str, Any], relevance: list, emit: EventCallback, question: str) -> dict[str, Any]:
    """The answer to a question whether a contract is still in force (:func:`_status_answer`), cited to the passage it quotes."""
    chunk = status["chunk"]
    where = {"n": 1, "chunk_id": chunk.id, "file": status["file"], "page": chunk.page, "page_end": chunk.page_end, "section": chunk.section}
    for token in re.findall(r"\S+\s*", status["text"]):
        emit("token", {"text": token})
    emit("citation_check", {"removed": [], "unsupported": [], "cited": [1]})
    emit("done", {"abstained": False})
    language = reply_language(question)
    return {
        **base, "answer": status["text"], "citations": [where], "removed_citations": [], "abstained": False, "unsupported": [], "grounded": True,
        "extractive": True, "relevance": relevance, "passages": [{**where, "text": chunk.text or ""}], "status_from_record": True,
        "note": wording(STATUS_NOTE, language, today=date_in(date.today().isoformat(), language))
        if status["at"] == date.today() else wording(STATUS_NOTE_AT, language, at=date_in(status["at"].isoformat(), language), today=date_in(date.today().isoformat(), language)),
    }


_TERM_TYPES = frozenset({"term"})  # not "renewal": a notice to terminate is typed so, and asks no end
_TERM_QUOTED = frozenset({"term", "renewal"})  # a quoted passage of these speaks of the contract's term
_TERM_HEADING = re.compile(r"\b(?:duree|term|terme|prorogation|extension|renouvellement|renewal|expiry|expiration|echeance|effet|commencement|period"
                           r"|fin du contrat|entree en vigueur|validite)\b")  # not "Termination" alone: a right to end it early, no term ("Term and Termination" is)


def _quoted_on_a_term(outputs: dict[str, Any], citations: list[dict[str, Any]], question: str) -> list[Any]:
    """The cited passages, when the question asks about a term (a date asked, or the term's clause types for the question);
    none otherwise: the notes on a contract's end are for such questions only."""
    cited = {c.get("chunk_id") for c in citations}
    documents = [d for d in outputs["relevance"]["documents"] if d.id in cited]
    asked = set(outputs.get("types", {}).get("clause_types") or ())
    if not documents or not (asks_a_date(question) or _TERM_TYPES & asked):
        return []
    # … and the answer quotes something of a term: "how long does it have to make up its mind?" asks the delay of a right of first
    # refusal, which the fortage's preference article gives — not the end an avenant moved (walkthrough 35 led with « The end in force is
    # 2034-06-30 »)
    about = [d for d in documents if _TERM_QUOTED & set(d.meta.get("clause_types") or ()) or _TERM_HEADING.search(fold(str(d.meta.get("section") or "")))]
    return documents if about else []


def _amended_end_notes(
    store: Any, outputs: dict[str, Any], citations: list[dict[str, Any]], question: str, language: str,  # noqa: ANN401
) -> tuple[set[str], list[str], list[dict[str, Any]]]:
    """Notes for the cited contracts whose end an attached amendment moved (or left uncertain), when the question asks
    about a term (a date asked, or the term's clause types for the question) and the answer quotes none of the
    amendments that moved it; with the contracts noted, and the amendments' sentences that moved them, to lead the answer
    (:func:`_led_by_amendments`: its passage, the sentence, the new end, the amendments named), instead of a note."""
    documents = _quoted_on_a_term(outputs, citations, question)
    if not documents:
        return set(), [], []
    room = load_dataroom(store)
    quoted = {d.meta.get("doc_id") for d in documents}
    noted, notes, leads = set(), [], []
    # the quoted contracts, and those the quoted amendments amend (an amendment quoted alone may set the end by a formula)
    amended = [room.by_id[d.meta.get("doc_id")].amends for d in documents if d.meta.get("doc_id") in room.by_id]
    for contract_id in dict.fromkeys([*(d.meta.get("doc_id") for d in documents), *filter(None, amended)]):
        record = room.by_id.get(contract_id)
        if record is None or not record.amended_by:
            continue
        amendments = [room.by_id[a] for a in record.amended_by if a in room.by_id]
        movers = [a for a in amendments if a.end_date is not None] or amendments  # those that state a term of their own
        file, named = PurePosixPath(record.file).name, ", ".join(_named(a) for a in movers)
        moved = record.initial_end_date is not None and record.end_date is not None and record.initial_end_date != record.end_date
        before, after = (date_in(d.isoformat(), language) for d in (record.initial_end_date, record.end_date)) if moved else ("", "")
        if quoted & {a.id for a in movers}:
            # the answer quotes the amendment: its new term is there — unless its words date it nowhere (a formula)
            said = " ".join(d.content or "" for d in documents if d.meta.get("doc_id") in {a.id for a in movers})
            if moved and record.end_date not in {m.value for m in find_dates(said)}:
                if asks_a_date(question):  # the date asked, first: the answer's quote gives only what it is reckoned from
                    leads.append({"text": wording(END_COMPUTED_LEAD, language, before=before, after=after, amendments=named)})
                else:
                    notes.append(wording(END_COMPUTED_NOTE, language, file=file, before=before, after=after, amendments=named))
                noted.add(contract_id)
            elif moved and contract_id in quoted:
                notes.append(wording(END_IN_FORCE_NOTE, language, file=file, before=before, after=after, amendments=named))
                noted.add(contract_id)
            continue
        if moved:
            source = record.sources.get("end_date")
            chunk = _source_chunk(store, source)
            if chunk is not None and (sentence := _sentence_giving(store, source, record.end_date, chunk)):
                leads.append({"chunk": chunk, "file": room.by_id[chunk.contract_id].file if chunk.contract_id in room.by_id else record.file,
                              "sentence": sentence, "after": after, "amendments": named})
            else:
                notes.append(wording(END_MOVED_NOTE, language, file=file, before=before, after=after, amendments=named))
            noted.add(contract_id)
        elif (source := record.sources.get("end_date")) is not None and source.confidence == "low" and "amendment" in (source.doubt or ""):
            notes.append(wording(END_UNCERTAIN_NOTE, language, file=file, amendments=named))
            noted.add(contract_id)
    return noted, notes, leads


def _led_by_amendments(out: dict[str, Any], leads: list[dict[str, Any]], language: str) -> dict[str, Any]:
    """``out`` with each amendment's sentence that moved a quoted contract's end (``leads``, :func:`_amended_end_notes`) first, cited as a
    passage of its own after those of the answer."""
    citations, passages, lines = list(out["citations"]), list(out.get("passages") or []), []
    for lead in leads:
        if "text" in lead:  # an end reckoned from the amendment the answer quotes: said first, the quote cites it
            lines.append(lead["text"])
            continue
        chunk, n = lead["chunk"], len(citations) + 1
        where = {"n": n, "chunk_id": chunk.id, "file": lead["file"], "page": chunk.page, "page_end": chunk.page_end, "section": chunk.section}
        citations.append(where)
        passages.append({**where, "text": chunk.text or ""})
        lines.append(wording(END_MOVED_LEAD, language, after=lead["after"], amendments=lead["amendments"], sentence=lead["sentence"], n=n))
    return {**out, "answer": "\n".join([*lines, out["answer"]]), "citations": citations, "passages": passages}


def _renewal_notes(store: Any, outputs: dict[str, Any], citations: list[dict[str, Any]], said: str, question: str, language: str) -> list[str]:  # noqa: ANN401
    """For a question on a contract's end: each quoted contract that renews by itself, when the answer does not quote the sentence
    that says so (walkthrough 17: "… expiring on 31 March 2024" quoted alone, the next sentence — "Thereafter it shall continue
    automatically for successive periods of twelve (12) months …" — left out, so the contract read as over)."""
    documents = _quoted_on_a_term(outputs, citations, question)
    if not documents:
        return []
    room = load_dataroom(store)
    notes = []
    for contract_id in dict.fromkeys(d.meta.get("doc_id") for d in documents):
        record = room.by_id.get(contract_id)
        source = record.sources.get("renewal") if record is not None else None
        if record is None or record.renewal != "automatic" or source is None or not source.raw or record.end_date is None:
            continue
        file, sentence = PurePosixPath(record.file).name, " ".join(source.raw.split())
        if sentence[:60] not in " ".join(said.split()):  # the answer does not quote it
            notes.append(wording(RENEWS_NOTE, language, file=file, end=date_in(record.end_date.isoformat(), language), sentence=sentence,
                                 renews=renews_verb(record, language)))
        if (coming := next_notice(record, date.today())) is not None:
            count, unit = (record.renewal_notice or "").split()
            notice = f"{count} {NOTICE_UNITS_FR.get(unit, unit)}" if language == "fr" else record.renewal_notice
            notes.append(wording(NEXT_NOTICE_NOTE, language, file=file, by=date_in(coming[0].isoformat(), language), notice=notice,
                                 stops=date_in(coming[1].isoformat(), language)))
    return notes


_WHO_ASKED = re.compile(r"^\W*(?:who|whom|which part(?:y|ies)|qui|a qui|quelle partie|quelles parties|laquelle des parties)\b")


def _role_notes(store: Any, citations: list[dict[str, Any]], said: str, question: str, language: str) -> list[str]:  # noqa: ANN401
    """For a question asking who: the party each role the answer's quoted sentences name stands for, in the cited contract (« le Mandant »
    is AURORE PRODUCTIONS), unless the answer names that party itself."""
    if not _WHO_ASKED.search(fold(question).replace("’", "'")):
        return []
    room = load_dataroom(store)
    notes = []
    for contract_id in dict.fromkeys(str(c.get("chunk_id") or "").rsplit("-", 1)[0] for c in citations):
        record = room.by_id.get(contract_id)
        if record is None:
            continue
        roles = [wording(ROLE_IS, language, role=role, name=party.raw_name) for party in record.parties for role in party.defined_as
                 if role[:1].isupper() and re.search(rf"(?<![\w-]){re.escape(role)}(?![\w-])", said) and fold(party.raw_name) not in fold(said)]
        if roles:
            notes.append(wording(ROLE_NOTE, language, file=PurePosixPath(record.file).name, roles="; ".join(dict.fromkeys(roles))))
    return notes


def _not_a_contract_notes(store: Any, citations: list[dict[str, Any]], language: str) -> list[str]:  # noqa: ANN401
    """A note for each quoted document that is no contract (a memo, minutes): it binds no one, and may be out of date."""
    if not citations:
        return []
    room = load_dataroom(store)
    by_file = {r.file: r for r in room.records if r.not_contract}
    records = [by_file[file] for file in dict.fromkeys(c.get("file") for c in citations) if file in by_file]
    kinds = NOT_A_CONTRACT_KINDS.get(language, {})
    return [
        wording(NOT_A_CONTRACT_NOTE, language, file=PurePosixPath(r.file).name, kind=kinds.get(r.not_contract or "", r.not_contract)) for r in records
    ]


def _passage_of(store: Any, source: Any) -> Chunk | None:  # noqa: ANN401
    """The passage a record's field ``source`` points to, or ``None`` (no source, or one with no passage: the metadata's)."""
    if source is None or not source.chunk_id:
        return None
    with store.session() as session:
        return session.get(Chunk, source.chunk_id)


def _source_chunk(store: Any, source: Any) -> Chunk | None:  # noqa: ANN401
    """The amendment's passage that ``source`` (the record's end-date source) points to, or ``None``."""
    return _passage_of(store, source) if source is not None and source.origin == "amendment" else None


def _sentence_giving(store: Any, source: Any, end: date, chunk: Chunk | None = None) -> str | None:  # noqa: ANN401
    """The sentence of the amendment's passage that ``source`` (the record's end-date source) points to and that writes ``end``,
    verbatim (typographic spaces kept), or ``None``; ``chunk``: that passage, when the caller has read it."""
    chunk = chunk or _source_chunk(store, source)
    if chunk is None:
        return None
    sentences = split_sentences(chunk.text or "")
    for sentence in sentences:
        # a date in figures may have been read the other way round in an English text ("11/04/2027" read 4 November)
        if any(end in (mention.value, other_reading(mention.value)) for mention in find_dates(sentence)):
            return _quotable(sentence)
    # … else the sentence the end was computed from, which writes no date (« la durée du Bail est prorogée de quarante-deux (42) mois »:
    # walkthrough 34's lease answered with its first term only, the avenant's extension left to a note)
    raw = " ".join(fold(str(getattr(source, "raw", "") or "")).split())[:60]
    for sentence in sentences if raw else ():
        if raw in " ".join(fold(sentence).split()):
            return _quotable(sentence)
    return None


def _quotable(sentence: str) -> str:
    """A passage's sentence as a note quotes it: on one line, without the guillemets or quote marks around it, nor a quoted
    article's heading run into its first sentence (« ARTICLE 4 – DURÉE Le … »); its typographic spaces kept."""
    quoted = _LEADING_HEADING.sub("", re.sub(r"[ \t\r\n]+", " ", sentence).strip(" «»>"))
    # … nor the closing mark of a wording an amendment quotes, whose opening mark is before the sentence: « … on 30 June 2029." »
    # (walkthrough 35's deed of variation: '2.1 Clause 2 (Term) is deleted and replaced by the following: "2. Term. This Agreement …"')
    if quoted.count('"') % 2 and quoted.endswith('"'):
        quoted = quoted[:-1].rstrip()
    elif quoted.count("”") > quoted.count("“") and quoted.endswith("”"):
        quoted = quoted[:-1].rstrip()
    return quoted


_LEADING_HEADING = re.compile(r"^(?:ARTICLE|Article|SECTION|Section|CLAUSE|Clause)\s+[\dIVX]+(?:\.\d+)*\s*[-–—:.]?\s*[A-ZÀ-Ý'’ ]{2,60}?\s+(?=[A-ZÀ-Ý][a-zà-ÿ])")


MAX_REWRITING_SENTENCES = 2  # an amendment's sentences quoted in a note on the article it rewrote


def _amended_article_notes(store: Any, outputs: dict[str, Any], citations: list[dict[str, Any]], language: str, *, skip: set[str]) -> list[str]:  # noqa: ANN401
    """Notes for the cited articles that an amendment attached to their contract rewrote, quoting the amendment's
    sentences ("clause 5.1 of the Agreement is amended by replacing "EUR 48,000" with "EUR 52,800""): an answer
    quoting the licence's fee of 2024 alone read as today's fee. Not for an amendment the answer quotes already, nor
    for the contracts in ``skip`` (their end-date note says it)."""
    cited = {c.get("chunk_id") for c in citations}
    documents = [d for d in outputs["relevance"]["documents"] if d.id in cited]
    if not documents:
        return []
    room = load_dataroom(store)
    quoted = {d.meta.get("doc_id") for d in documents}
    notes = []
    for contract_id in dict.fromkeys(d.meta.get("doc_id") for d in documents):
        record = room.by_id.get(contract_id)
        if record is None or not record.amended_by or contract_id in skip:
            continue
        numbers = set().union(*(article_numbers(d.meta.get("section"), d.content or "") for d in documents if d.meta.get("doc_id") == contract_id))
        if not numbers:
            continue
        said: set[tuple[str, Any]] = set()  # an amendment and its signed copy rewrite it once (walkthrough 28: the note said it twice)
        noted: set[str] = set()
        for amendment in (room.by_id[a] for a in record.amended_by if a in room.by_id and a not in quoted):
            with store.session() as session:
                sentences = split_sentences("\n".join(chunk.text for chunk in repo.list_chunks(session=session, contract_id=amendment.id)))
            rewriting = rewriting_sentences(sentences, numbers)[:MAX_REWRITING_SENTENCES]
            # (one act: a copy of one noted, or the same sentences on the same day — not two amendments that both say "Section 5.2 … is amended
            # as set out in Schedule 1", the review)
            key = (" ".join(" ".join(rewriting).split()), amendment.signature_date)
            if rewriting and key not in said and amendment.copy_of not in noted:
                said.add(key)
                noted.add(amendment.id)
                notes.append(wording(ARTICLE_AMENDED_NOTE, language, file=PurePosixPath(record.file).name, amendments=_named(amendment),
                                     sentences=" … ".join(re.sub(r"[ \t\r\n]+", " ", s) for s in rewriting)))  # typographic spaces kept
    return notes


def renews_verb(record: Any, language: str) -> str:  # noqa: ANN401 — a data-room record
    """How ``record`` goes on past its term by itself, as its renewal clause says it (:data:`RENEWS_VERB`, :data:`EXTENDED_VERB`,
    :data:`RUNS_ON_VERB`)."""
    source = record.sources.get("renewal")
    said = fold(source.raw) if source is not None and source.raw else ""
    # (said of how it goes on, not denied: « … sans pouvoir devenir un contrat à durée indéterminée », "it shall not continue indefinitely")
    if re.search(r"\b(?:se poursui\w*|continue\w*)\s+(?:ensuite\s+|thereafter\s+|alors\s+)?(?:pour une duree indeterminee|a duree indeterminee|indefinitely"
                 r"|for an (?:indefinite|unlimited) (?:term|period))", said) and not re.search(r"\b(?:not|ne|sans)\s+(?:\w+\s+){0,2}?(?:continue|se poursui)", said):
        return wording(RUNS_ON_VERB, language)
    if re.search(r"\bprolong", said) and not re.search(r"\b(?:renouvel|renew|reconduct|reconduit|reconduction)", said):
        return wording(EXTENDED_VERB, language)
    return wording(RENEWS_VERB, language)


def _named(record: Any) -> str:  # noqa: ANN401
    title = " ".join((record.title or "").split())
    file = PurePosixPath(record.file).name
    return f"« {title} », {file}" if title else file


def _retrieval_only(settings: Settings, question: str, backend_info: dict[str, Any], emit: EventCallback, **knobs: Any) -> dict[str, Any]:
    response = search(settings, question, top_k=knobs["top_k"], fusion=knobs["fusion"], rerank=knobs["rerank"], min_score=knobs["min_score"], doc_ids=knobs["doc_ids"])
    results, scope = response["results"], response.get("scope")
    emit("retrieval", {"query": question, "count": len(results), "stages": response["stages"], "models": response["models"], "scope": scope})
    emit("sources", {"sources": [{k: r.get(k) for k in ("chunk_id", "file", "page", "page_end", "section")} | {"n": n} for n, r in enumerate(results, 1)]})
    out = {
        "query": question, "mode": "retrieval_only", "results": results, "scope": scope, "stages": response["stages"], "backend": backend_info,
        "models": response["models"], "answer": "", "citations": [], "abstained": not results, "unsupported": [], "grounded": True, "relevance": [],
    }
    emit("done", {"abstained": out["abstained"]})
    return out


def _abstain(
    base: dict[str, Any], question: str, searched: list[dict[str, Any]], relevance: list, emit: EventCallback, *, streamed: str = "", hint: dict | None = None,
    absent: list[str] | None = None, min_score: float | None = None,
) -> dict[str, Any]:
    where = ", ".join(sorted(file_names([r.get("file") for r in searched]))[:5])  # file names: the folders say nothing to a reader
    language = reply_language(question)
    passages = noun(len(searched), *PASSAGES_SEARCHED.get(language, PASSAGES_SEARCHED["en"]))  # « 1 passage examiné », not « 1 passages »
    detail = f"{abstention(language)} {wording(NO_RELEVANT_PASSAGE, language, count=len(searched), passages=passages, where=(' : ' if language == 'fr' else ': ') + where if where else '')}"
    if hint and any(d.get("outside_hint") for d in relevance):
        # passages of other contracts were left out: say which contracts the question seemed to name
        detail += " " + _hint_note(hint, language)
    if absent:  # the names the question gives that no document carries (« Biarritz »): why nothing answers it
        marks = ("« ", " »") if language == "fr" else ("\u201c", "\u201d")  # each language's quotation marks
        detail += " " + wording(NAMES_ABSENT, language, names=", ".join(f"{marks[0]}{name}{marks[1]}" for name in absent))
    if min_score is not None:
        # fewer passages than asked for were examined: the minimum score set left the others out, not the documents (the app walk of
        # round 43: at 0.90 « Quelle est la durée du bail ? » said « Les documents ne le disent pas » of the leases' term articles)
        detail += " " + wording(MIN_SCORE_NOTE, language, score=f"{min_score:.2f}".replace(".", "," if language == "fr" else "."))
    for token in re.findall(r"\S+\s*", detail[len(streamed):] if detail.startswith(streamed) else detail):
        emit("token", {"text": token})
    emit("citation_check", {"removed": [], "unsupported": [], "cited": []})
    emit("done", {"abstained": True})
    return {
        **base, "answer": detail, "citations": [], "removed_citations": [], "abstained": True, "unsupported": [], "grounded": True,
        "relevance": relevance, "searched": {"query": question, "passages": len(searched)},
    }


def without_findings(note: str | None, findings: list[str]) -> str | None:
    """The note of an answer less its ``findings`` (shown with the answer, not again in the note), or None when nothing is left."""
    for finding in findings:
        note = " ".join((note or "").replace(finding, " ").split())
    return note or None


def absent_objects(question: str, relevance: list[dict[str, Any]]) -> list[str]:
    """The words, as the question writes them, of the thing it asks about that no document holds (``absent_object`` in a passage's
    decision, :func:`pipelines.rankers.relevance.refuse_an_absent_object`): "helicopter" of "late delivery of the helicopter"."""
    tokens = {token for decision in relevance for token in decision.get("absent_object") or ()}
    words = [re.split(r"['’]", word)[-1] for word in re.findall(r"[^\W\d_][\w'’-]*", question)]  # « l'hélicoptère »: « hélicoptère »
    return list(dict.fromkeys(word for word in words if fold(word) in tokens))


def _hint_note(hint: dict[str, Any], language: str) -> str:
    """That passages of other contracts than those carrying the question's names were left out, and which."""
    files = file_names(hint.get("files") or [])
    count = int(hint.get("count") or len(files))
    listed = ", ".join(files) if files and count <= MAX_HINT_FILES else wording(CONTRACT_COUNT, language, count=count)
    return wording(ONLY_NAMED, language, names=", ".join(hint.get("named_by") or []), files=listed)


def _direct(question: str, backend: LLMBackend | None, backend_info: dict, emit: EventCallback) -> dict[str, Any]:
    if backend is None:
        raise AnswerError(wording(DIRECT_NEEDS_LLM, reply_language(question), reason=backend_info.get("reason")))

    def on_chunk(chunk: StreamingChunk) -> None:
        if chunk.content:
            emit("token", {"text": chunk.content})

    reply = backend.chat([ChatMessage.from_system(SYSTEM_DIRECT), ChatMessage.from_user(question)], streaming_callback=on_chunk)
    emit("done", {"abstained": False})
    return {
        "query": question, "mode": "direct", "answer": reply.text or "", "citations": [], "abstained": False,
        "unsupported": [], "results": [], "backend": backend_info, "grounded": False,
        "note": wording(NOT_GROUNDED, reply_language(question)),
    }

