"""Chat turns for the app: run one in any mode, persist it in the workspace's threads, and reload a
thread as view models (question, answer, cited passages with their text, trace of the turn).

Modes: ``rag``, ``retrieval_only`` and ``direct`` go through :func:`greffier.services.answering.answer`;
``agent`` goes through :class:`greffier.chat.router.ChatRouter`, which pauses every tool call for
the user's approval and keeps the pending call in SQLite (a reload finds it again). Every turn is
stored in the same thread tables, so one conversation may mix modes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import PurePath
from typing import Any

from haystack.dataclasses import ChatMessage

from greffier.services.answering import answer, answered_about, follow_up_scope, without_findings
from store import threads
from greffier.config import ANSWER_MODES, Settings
from greffier.errors import GreffierError
from greffier.text import plural, section_label
from greffier.text.replies import COULD_NOT_ANSWER, NO_PASSAGE, RETRIEVAL_ONLY, RETRIEVAL_ONLY_EACH_CONTRACT, SEARCHED_AS_BEFORE, SEARCHED_ONLY, reply_language, wording
from pipelines.generators.llm import LLMChoice
from greffier.ui.text import one_line, score_of_1, shorten
from store.workspace import WorkspaceStore, open_workspace
from store import repository as repo
from greffier.chat.router import ChatRouter

EventCallback = Callable[[str, dict[str, Any]], None]


@dataclass
class Source:
    """A cited passage: where it is, its score and its text; ``pdf`` is the workspace-relative
    path of the PDF to render, when the passage comes from one."""

    n: int
    chunk_id: str | None = None
    contract_id: str | None = None
    file: str | None = None
    page: int | None = None
    page_end: int | None = None
    section: str | None = None
    score: float | None = None
    text: str = ""
    pdf: str | None = None
    fused: float | None = None  # the fusion's 0-1 score, when a rerank or a clause-type boost moved ``score`` past 1
    clause: str | None = None  # the number the answer's first sentence quoted from it opens on (« 9.4 »), see :func:`quoted_clauses`

    @property
    def pages(self) -> str:
        """« p. 2 », « p. 2–3 », or "" when the page is unknown."""
        if not self.page:
            return ""
        return f"p. {self.page}" + (f"–{self.page_end}" if self.page_end and self.page_end != self.page else "")

    @property
    def label(self) -> str:
        where = [self.file or self.contract_id or "?"]
        if self.pages:
            where.append(self.pages)
        if section_label(self.section):
            where.append(section_label(self.section))
        return f"[{self.n}] " + " · ".join(where)

    @property
    def chip(self) -> str:
        """The citation chip's text: its number, the file name cut at a word, and the page or the
        article number (two chips on one file differ); :attr:`hover` names everything in full."""
        article = _article_number(self.section)
        if self.clause and (not article.startswith("art. ") or self.clause.startswith(article[5:] + ".")):
            # the sub-clause quoted, of this passage's article: two passages of one article differ
            return self._named(" · ".join(p for p in (self.pages, f"art. {self.clause}") if p))
        return self._named(self.pages or article)

    def _named(self, place: str | None) -> str:
        """« [n] file name cut at a word », then the place when there is one."""
        name = PurePath(self.file or self.contract_id or "?").name
        return f"[{self.n}] {shorten(name, 40)}" + (f" · {place}" if place else "")

    @property
    def choice(self) -> str:
        """The sources panel's line for this passage: the chip, then the passage's heading. A chip without
        a page names the passage by its article, which the heading says in full: the heading alone then
        (« [1] bail.pdf — Article 6 — Durée », not « [1] bail.pdf · art. 6 — Article 6 — Durée »)."""
        heading = one_line(self.heading, 60)
        if not heading:
            return self.chip
        return f"{self._named(self.pages)} — {heading}"

    @property
    def details(self) -> str:
        """The line under a source in the sources panel: file, pages and section as a lawyer finds them
        (« bail.pdf · p. 1 · Article 2 - Loyer »), never the contract or passage id; the score only when it
        is the fused score of the 0-1 scale the sidebar's « Minimum score » speaks of (one boosted past 1,
        by a reranker or a rule, is on another scale and would read as a mistake)."""
        return self.details_in("en")

    def details_in(self, language: str) -> str:
        """:attr:`details` in the language of the question the source answers (« score 0,72 sur 1 » in French)."""
        parts = [PurePath(self.file).name if self.file else "", self.pages, section_label(self.section)]
        shown = score_of_1(self.score, language)
        if shown is None and (fused := score_of_1(self.fused, language)) is not None:
            # boosted past 1 (ranked up as a clause of the kind asked, or by the reranker): its 0-1 score, and that it was raised
            shown = f"{fused} ({'relevé' if language == 'fr' else 'ranked up'})"
        parts.append(shown or "")
        return " · ".join(p for p in parts if p)

    @property
    def heading(self) -> str:
        """The passage's own heading as a label (« Article 3 – Durée », without the colon the document puts after it)."""
        return section_label(self.section)

    @property
    def hover(self) -> str:
        """File, pages and the full section path: the chip's tooltip."""
        parts = [PurePath(self.file).name if self.file else (self.contract_id or "?"), self.pages, section_label(self.section, whole_path=True)]
        return " — ".join(p for p in parts if p)


# A quoted sentence and the number it is cited with: the text since the previous citation (or line) up to « [n] »
_CITED = re.compile(r"([^\[\]\n]+?)\s*\[(\d+)\]")
_CLAUSE_NUMBER = re.compile(r"\s*(\d{1,3}(?:\.\d{1,3})+)\.?\s+\S")


def quoted_clauses(answer: str, sources: list[Source]) -> list[Source]:
    """``sources`` with the sub-clause each one is first quoted from (:attr:`Source.clause`): the number the first sentence
    of ``answer`` cited with it opens on. Appwalk 28: two passages of article 9 were both chipped « art. 9 », the
    indemnity "9.1 …" and the cap "9.4 …"; they read « art. 9.1 » and « art. 9.4 » now."""
    first: dict[int, str] = {}
    for match in _CITED.finditer(answer or ""):
        number = int(match.group(2))
        if number not in first and (clause := _CLAUSE_NUMBER.match(match.group(1))):
            first[number] = clause.group(1)
    for source in sources:
        source.clause = first.get(source.n, source.clause)
    return sources


def _article_number(section: str | None) -> str:
    """« art. 10 » from « ARTICLE 10 - EXIGIBILITÉ ANTICIPÉE » and from « 4. International transfers » (a numbered
    heading: its number; the panel shows the heading beside the chip), else the heading's first words."""
    if not section:
        return ""
    heading = section_label(section)
    # (a numbered heading: « 4. », « 4.2 », « 3) » — not "2020 Amendment" nor "10 % discount")
    found = re.match(r"(?i)\s*(?:article|art\.?|section|clause)\s+([\w.]+)", heading) or re.match(
        r"\s*(\d{1,3}(?:\.\d{1,3})*)[.)]\s+[^\W\d]|\s*(\d{1,3}(?:\.\d{1,3})+)\s+[^\W\d]", heading
    )
    return f"art. {next(g for g in found.groups() if g).rstrip('.')}" if found else shorten(heading, 24)


def _files_of(workspace: WorkspaceStore, contract_ids: list[str]) -> list[str]:
    """The file names of ``contract_ids`` (their ids when unknown)."""
    with workspace.session() as session:
        labels = repo.contract_labels(session=session, contract_ids=contract_ids)
    return [PurePath(labels[cid][0]).name if cid in labels else cid for cid in contract_ids]


def _scope_files(scope: dict[str, Any]) -> list[str]:
    """The file names of the contracts a question named (their ids when unknown)."""
    return [PurePath(f).name for f in scope.get("files") or []] or list(scope.get("contract_ids") or [])


@dataclass
class TraceStep:
    """One readable step of a turn (intent, plan, tool call, retrieval, relevance, check)."""

    kind: str
    title: str
    detail: Any = None


@dataclass
class Turn:
    """A question and what answered it. ``status``: done | awaiting_approval | unanswered."""

    index: int
    question: str
    answer: str = ""
    mode: str = "rag"
    sources: list[Source] = field(default_factory=list)
    trace: list[TraceStep] = field(default_factory=list)
    abstained: bool = False
    note: str | None = None
    findings: list[str] = field(default_factory=list)  # what the records add to the quotes: part of the answer (:func:`answer`'s ``findings``)
    error: bool = False
    status: str = "unanswered"
    pending: dict[str, Any] | None = None

    @property
    def is_list(self) -> bool:
        """Whether the answer is a list of contracts Greffier wrote (the data room's), not quoted text."""
        return any(step.kind == "intent" and "list_question" in step.title for step in self.trace)


@dataclass
class Outcome:
    thread_id: str
    status: str  # done | awaiting_approval | error
    trace: list[TraceStep] = field(default_factory=list)


# --- events → trace ---------------------------------------------------------------------------


def trace_step(kind: str, payload: dict[str, Any]) -> TraceStep | None:
    """The trace line for one event of answering or of the router (None for tokens and the end)."""
    if kind == "intent":
        return TraceStep(kind, f"Intent: {payload.get('intent')}")
    if kind == "plan":
        return TraceStep(kind, f"Plan: {payload.get('plan')}")
    if kind == "tool_call":
        state = " — refused by the user" if payload.get("refused") else (f" (page {payload['page']})" if payload.get("page") else "")
        return TraceStep(kind, f"Tool call: {payload.get('tool')}{state}", payload.get("arguments"))
    if kind == "approval_required":
        return TraceStep(kind, f"Waiting for your approval: {payload.get('tool')}", payload.get("arguments"))
    if kind in ("retrieval", "tool_result") and "count" in payload:
        stages = payload.get("stages") or {}
        text = f"Retrieved {plural(payload['count'], 'passage')} in {stages.get('total_ms', '?')} ms (hybrid: dense + BM25)"
        scope = payload.get("scope")
        if scope:
            where = "; ".join(_scope_files(scope))
            text += f" inside {where} — named by « {' '.join(scope.get('named_by') or [])} » — for « {scope.get('question')} »"
        detail = {"query": payload.get("query"), "count": payload["count"], **stages, **({"scope": scope} if scope else {})}
        if translation := payload.get("translation"):
            text += f"; also searched as the LLM translated it: « {translation} »"
            detail["translation"] = translation
        return TraceStep("retrieval", text, detail)
    if kind == "tool_result":
        if payload.get("error"):
            return TraceStep(kind, f"Tool {payload.get('tool')} refused the arguments: {payload['error']}")
        return TraceStep(kind, f"Result of {payload.get('tool')}", payload.get("summary"))
    if kind == "relevance":
        decisions = payload.get("decisions") or []
        kept = sum(1 for d in decisions if d.get("relevant"))
        judge = "the LLM" if any(d.get("by") == "llm" for d in decisions) else "meaning (no LLM)"
        return TraceStep(kind, f"Relevance: {kept} of {plural(len(decisions), 'passage')} kept, judged by {judge}", decisions)
    if kind == "citation_check":
        removed, unsupported = payload.get("removed") or [], payload.get("unsupported") or []
        if not removed and not unsupported:
            return TraceStep(kind, "Citation check: every citation points to a given passage", payload)
        return TraceStep(kind, f"Citation check: {plural(len(removed), 'invalid citation')} removed, {plural(len(unsupported), 'sentence')} with facts not in their passages", payload)
    return None


# --- running turns ----------------------------------------------------------------------------


def _collector(trace: list[TraceStep], on_event: EventCallback | None) -> EventCallback:
    """Events → trace steps; each relevance decision gets the file, page and section of its passage
    (from the ``sources`` event before it), so that the trace can say which passage was left out."""
    candidates: dict[int, dict[str, Any]] = {}

    def forward(kind: str, payload: dict[str, Any]) -> None:
        if kind == "sources":
            candidates.clear()
            candidates.update({s.get("n"): s for s in payload.get("sources") or []})
        described = payload
        if kind == "relevance" and candidates:
            where = ("file", "page", "page_end", "section")
            described = {**payload, "decisions": [{**d, **{k: candidates.get(d.get("n"), {}).get(k) for k in where}} for d in payload.get("decisions") or []]}
        step = trace_step(kind, described)
        if step is not None:
            trace.append(step)
        if on_event is not None:
            on_event(kind, payload)

    return forward


def ask(settings: Settings, message: str, *, mode: str, llm: LLMChoice, thread_id: str | None = None, on_event: EventCallback | None = None) -> Outcome:
    """Run one turn of ``mode`` on thread ``thread_id`` (a new one when None) and persist it.

    ``on_event`` receives the events as they happen (``token`` to stream the answer). Errors the
    user can act on are stored as the answer and reported with status ``error``; an empty message
    raises GreffierError.
    """
    if not isinstance(message, str) or not message.strip():
        raise GreffierError("empty question: type a question about the documents")
    trace: list[TraceStep] = []
    forward = _collector(trace, on_event)
    workspace = open_workspace(settings, create=True)  # the conversation is stored in the workspace
    if mode == "agent":

        router = ChatRouter(settings, backend=llm.backend)
        router.backend_info = llm.info  # say why there is no LLM, not "no LLM given"
        result = router.send(message, thread_id=thread_id, mode="agent", on_event=forward)
        return Outcome(result.thread_id, result.status, trace)
    if mode not in ANSWER_MODES:
        raise GreffierError(f"unknown mode {mode!r}: use rag, retrieval_only, direct or agent")
    if mode == "rag":
        # "Which contracts end before 2027?" asks for a list, which the data room gives whole (every contract
        # decided or said apart), not a few quoted passages: the router's list path, with or without an LLM
        router = ChatRouter(settings, backend=None)
        router.backend_info = llm.info
        if router.data_route(message) is not None:
            result = router.send(message, thread_id=thread_id, mode="router", on_event=forward)
            return Outcome(result.thread_id, result.status, trace)
    # a follow-up that names no contract is asked of those the conversation's previous question was about (the app walk of round 38)
    following = follow_up_scope(settings, message, threads.previous_scope(workspace, thread_id)) if thread_id else None
    thread_id = thread_id or threads.create_thread(workspace, title=message, mode=mode)
    threads.append(workspace, thread_id, ChatMessage.from_user(message))
    try:
        result = answer(settings, message, mode=mode, backend=llm.backend, on_event=forward, follows=following)
    except GreffierError as exc:
        text = wording(COULD_NOT_ANSWER, reply_language(message), why=exc)
        threads.append(workspace, thread_id, ChatMessage.from_assistant(text), {"final": True, "mode": mode, "error": True, "trace": _dump(trace)})
        return Outcome(thread_id, "error", trace)
    text, sources, note = _shape(mode, result, reply_language(message), top_k=settings.search.top_k_final)
    findings = list(result.get("findings") or []) if mode == "rag" else []
    note = without_findings(note, findings) if findings else note  # shown with the answer, not again in the note
    if result.get("scope"):  # the question named a contract, or followed on from one that did: say that only they were searched
        where = ", ".join(_scope_files(result["scope"]))
        said = SEARCHED_AS_BEFORE if result["scope"].get("by") == "conversation" else SEARCHED_ONLY
        note = " ".join(filter(None, [note, wording(said, reply_language(message), where=where)]))
    elif following:
        note = " ".join(filter(None, [note, wording(SEARCHED_AS_BEFORE, reply_language(message), where=", ".join(_files_of(workspace, following)))]))
    _mark_cited(trace, sources)
    extra = {
        "final": True, "mode": mode, "sources": [asdict(s) for s in sources], "trace": _dump(trace),
        "abstained": bool(result.get("abstained")), "note": note, **({"findings": findings} if findings else {}),
        "scope_ids": answered_about(result, following),  # the contracts this turn was about, for a follow-up that names none
    }
    threads.append(workspace, thread_id, ChatMessage.from_assistant(text), extra)
    return Outcome(thread_id, "done", trace)


def decide(settings: Settings, thread_id: str, decision: str, *, llm: LLMChoice, arguments: dict[str, Any] | None = None, on_event: EventCallback | None = None) -> Outcome:
    """Approve, edit (with ``arguments``) or refuse the tool call thread ``thread_id`` waits on.

    Raises GreffierError (no call waiting, no LLM to continue, unknown decision).
    """

    trace: list[TraceStep] = []
    router = ChatRouter(settings, backend=llm.backend)
    router.backend_info = llm.info
    result = router.resume(thread_id, decision, arguments=arguments, on_event=_collector(trace, on_event))
    return Outcome(result.thread_id, result.status, trace)


def _shape(mode: str, result: dict[str, Any], language: str = "en", *, top_k: int | None = None) -> tuple[str, list[Source], str | None]:
    """The answer text (Greffier's own words in the question's ``language``), the sources the panel
    lists and the note under the answer. ``top_k``: the « Top-k final » the search ran with; a
    retrieval-only answer that shows more passages (one per contract of a question that fits several)
    says why."""
    scores = {r["chunk_id"]: r for r in result.get("results", [])}
    if mode == "retrieval_only":
        results = result.get("results", [])
        sources = [_source_from(n, r, r) for n, r in enumerate(results, 1)]
        text = wording(RETRIEVAL_ONLY, language, count=len(results)) if results else wording(NO_PASSAGE, language)
        scope = result.get("scope") or {}
        if top_k is not None and len(results) > top_k and scope.get("ambiguous"):
            text += " " + wording(RETRIEVAL_ONLY_EACH_CONTRACT, language, contracts=len(scope.get("contract_ids") or []), top_k=top_k)
        return text, sources, None
    if mode == "direct":
        return result.get("answer", ""), [], result.get("note")
    passages = {p["n"]: p for p in result.get("passages", [])}
    sources = []
    for citation in result.get("citations", []):
        passage = passages.get(citation["n"], {})
        sources.append(_source_from(citation["n"], {**citation, "text": passage.get("text", "")}, scores.get(citation["chunk_id"], {})))
    return result.get("answer", ""), quoted_clauses(result.get("answer", ""), sources), result.get("note")


def _mark_cited(trace: list[TraceStep], sources: list[Source]) -> None:
    """Add to each relevance decision the number its passage is cited as (candidates and citations
    are numbered separately: only relevant passages are numbered for the answer)."""
    cited = {s.chunk_id: s.n for s in sources}
    for step in trace:
        if step.kind == "relevance" and isinstance(step.detail, list):
            step.detail = [{**decision, "cited as": f"[{cited[decision['chunk_id']]}]" if decision.get("chunk_id") in cited else ""} for decision in step.detail]


def _source_from(n: int, where: dict[str, Any], scored: dict[str, Any]) -> Source:
    return Source(
        n=n, chunk_id=where.get("chunk_id"), contract_id=scored.get("contract_id") or where.get("contract_id"),
        file=where.get("file"), page=where.get("page"), page_end=where.get("page_end"), section=where.get("section"),
        score=scored.get("score"), text=where.get("text") or scored.get("text") or "", fused=scored.get("fused_score"),
    )


def _dump(trace: list[TraceStep]) -> list[dict[str, Any]]:
    return json.loads(json.dumps([asdict(step) for step in trace], default=str))


# --- reading threads back ---------------------------------------------------------------------


def conversations(settings: Settings) -> list[dict[str, Any]]:
    """The workspace's conversations, most recent first: id, title, mode, status, updated."""
    workspace = open_workspace(settings)
    if not workspace.exists():
        return []
    return [
        {"id": t.id, "title": t.title or "(untitled)", "mode": t.mode, "status": t.status, "updated": t.updated_at}
        for t in threads.list_threads(workspace)
    ]


def load_turns(settings: Settings, thread_id: str) -> list[Turn]:
    """Thread ``thread_id`` as turns, with each cited passage's text and PDF, and the pending call."""
    workspace = open_workspace(settings)
    if not workspace.exists():
        return []
    thread = threads.get_thread(workspace, thread_id)
    if thread is None:
        return []
    turns: list[Turn] = []
    for row in threads.rows(workspace, thread_id):
        data = row.data or {}
        if row.role == "user" and not data.get("turn_step"):
            turns.append(Turn(index=len(turns), question=row.content, mode=thread.mode))
            continue
        if not turns:
            continue
        turn = turns[-1]
        if data.get("final"):
            turn.answer, turn.status = row.content, "done"
            turn.mode = data.get("mode") or ("agent" if thread.mode == "agent" else thread.mode)
            turn.abstained, turn.error = bool(data.get("abstained")), bool(data.get("error"))
            turn.note = data.get("note") or (_router_note(data) if turn.mode == "agent" else None)
            turn.findings = list(data.get("findings") or [])
            turn.sources = quoted_clauses(turn.answer, _resolve_sources(workspace, data.get("sources") or []))
            if data.get("trace") is not None:
                turn.trace = [TraceStep(**step) for step in data["trace"]]
        elif data.get("turn_step"):
            turn.trace += _steps_of_row(row.role, row.content, data)
    if thread.pending_call and turns:
        turns[-1].status, turns[-1].pending = "awaiting_approval", dict(thread.pending_call)
    return turns


def _router_note(data: dict[str, Any]) -> str | None:
    if data.get("no_llm"):
        return "No LLM available: the agent could not plan tool calls; the answer quotes the documents."
    if data.get("refused"):
        return f"You refused the call to {data['refused']}: the documents were not consulted for this answer."
    return None


def _steps_of_row(role: str, content: str, data: dict[str, Any]) -> list[TraceStep]:
    """Trace lines rebuilt from the router's stored steps (decisions, tool results, notes)."""
    if data.get("decision"):
        decision = data["decision"]
        steps = [TraceStep("intent", f"Intent: {decision.get('intent')}"), TraceStep("plan", f"Plan: {decision.get('plan')}")]
        if decision.get("tool"):
            steps.append(TraceStep("tool_call", f"Tool call proposed: {decision['tool']}", decision.get("arguments")))
        return steps
    if role == "tool":
        try:
            detail: Any = json.loads(content)
        except (json.JSONDecodeError, TypeError):
            detail = content
        return [TraceStep("tool_result", f"Result of {data.get('tool_result') or 'the tool'}", detail)]
    return [TraceStep("note", content)]


def _resolve_sources(workspace: WorkspaceStore, raw: list[dict[str, Any]]) -> list[Source]:
    """Stored sources completed from the index: passage text when not stored, contract, PDF path."""
    chunk_ids = [s["chunk_id"] for s in raw if s.get("chunk_id")]
    with workspace.session() as session:
        chunks = repo.get_chunks(session=session, chunk_ids=chunk_ids) if chunk_ids else {}
        contract_ids = {s.get("contract_id") for s in raw} | {c.contract_id for c in chunks.values()}
        contracts = {cid: repo.get_contract(session=session, contract_id=cid) for cid in contract_ids if cid}
    sources = []
    for position, item in enumerate(raw, start=1):
        chunk = chunks.get(item.get("chunk_id") or "")
        contract_id = item.get("contract_id") or (chunk.contract_id if chunk else None)
        contract = contracts.get(contract_id)
        source = Source(
            n=int(item.get("n") or position), chunk_id=item.get("chunk_id"), contract_id=contract_id,
            file=item.get("file") or (contract.file if contract else None),
            page=item.get("page", chunk.page if chunk else None), page_end=item.get("page_end", chunk.page_end if chunk else None),
            section=item.get("section") or (chunk.section if chunk else None), score=item.get("score"),
            text=item.get("text") or (chunk.text if chunk else ""), fused=item.get("fused"),
        )
        if contract is not None and contract.source_path.lower().endswith(".pdf") and (workspace.root / contract.source_path).is_file():
            source.pdf = contract.source_path
        sources.append(source)
    return sources


def sources_for(settings: Settings, raw: list[dict[str, Any]]) -> list[Source]:
    """Passages given by chunk id (and optionally file, page, section, text), completed from the
    index: their text, contract and PDF. Used for the passages compliance flags cite."""
    return _resolve_sources(open_workspace(settings), raw)


def pdf_file(settings: Settings, source: Source) -> str | None:
    """The absolute path of the PDF a source comes from (None when it does not come from one)."""
    if not source.pdf:
        return None
    path = open_workspace(settings).root / source.pdf
    return str(path) if path.is_file() else None
