"""Chat: questions answered with numbered citations, streamed; a sources panel with each cited
passage (PDF page highlighted); the trace of every turn; approvals in agent mode; conversation
history per workspace; export to Markdown / DOCX."""

import json
import logging

import streamlit as st

from greffier.errors import GreffierError
from greffier.services.status import workspace_status
from greffier.ui import chat, keys, knobs, trace
from greffier.ui.exports import conversation_docx, conversation_markdown
from greffier.text.replies import ABSTAINED, CITED_PASSAGES, CITES_NO_PASSAGE, NONE_JUDGED_RELEVANT, QUESTION_NUMBER, reply_language, wording
from greffier.ui.text import breakable, escape_markdown, held_guillemets, one_line
from pages import _shared as shared

log = logging.getLogger("greffier.app")

settings = shared.settings()
llm = shared.llm_choice(settings)
mode = knobs.chat_mode(settings)
backend_line = knobs.describe_llm(llm.info)
# who answered, as an export says it in its conversation's language
export_backend = {"en": backend_line, "fr": knobs.answerer_line(llm.info, mode=mode, language="fr")}

st.header("Chat")
answerer_caption = st.empty()  # who answers, in the conversation's language: written once the question is known
if mode == "agent" and llm.backend is None:
    st.caption("Agent mode plans tool calls with an LLM; with none available the answer quotes the documents instead.")
if mode == "direct":
    st.caption("Direct mode answers with the LLM alone: the answer is not grounded in your documents.")

try:
    documents = workspace_status(settings)["documents"]
except GreffierError as exc:
    st.error(str(exc))
    st.stop()
if not documents:
    st.info("No documents in this workspace yet: add files on the Documents page, then ask your questions here.")
    st.page_link("pages/documents.py", label="Go to Documents", icon="📄")
    st.stop()


# --- conversation picker ------------------------------------------------------------------------


def _pick_thread() -> None:
    st.session_state[keys.THREAD] = st.session_state[keys.THREAD_PICKER]
    st.session_state[keys.SOURCE_TURN] = None


def _new_thread() -> None:
    st.session_state[keys.THREAD] = keys.NEW_THREAD
    st.session_state[keys.SOURCE_TURN] = None


def _select_source(turn_index: int, n: int, picker_key: str) -> None:
    st.session_state[keys.SOURCE_TURN] = turn_index
    st.session_state[keys.SOURCE_N] = n
    st.session_state[picker_key] = n


def _open_source(turn_index: int, source: chat.Source, picker_key: str, language: str) -> None:
    """A citation chip: select the passage in the sources panel and open its page large."""
    _select_source(turn_index, source.n, picker_key)
    shared.open_viewer(text=source.text, pdf_path=chat.pdf_file(settings, source), page=source.page, page_end=source.page_end,
                       title=source.hover, key=f"{picker_key}_{source.n}", language=language)


conversations = chat.conversations(settings)
labels = {keys.NEW_THREAD: "New conversation"}
for conversation in conversations:
    # the title cut to fit the picker at 1440 px with its date (appwalk 28: « …dans le contr… · 06 »)
    waiting = " · ⏸ waiting for approval" if conversation["status"] == "awaiting_approval" else ""
    labels[conversation["id"]] = f"{one_line(conversation['title'], 50)} · {conversation['updated']:%d %b %H:%M}{waiting}"
if st.session_state[keys.THREAD] not in labels:
    st.session_state[keys.THREAD] = keys.NEW_THREAD
st.session_state[keys.THREAD_PICKER] = st.session_state[keys.THREAD]
thread_id = None if st.session_state[keys.THREAD] == keys.NEW_THREAD else st.session_state[keys.THREAD]
turns = chat.load_turns(settings, thread_id) if thread_id else []
pending = turns[-1] if turns and turns[-1].status == "awaiting_approval" else None

bar = st.columns([6, 2, 2, 2], vertical_alignment="bottom")
bar[0].selectbox("Conversation", list(labels), format_func=labels.get, key=keys.THREAD_PICKER, on_change=_pick_thread)
bar[1].button("New conversation", key="chat_new", on_click=_new_thread, width="stretch")
title = next((c["title"] for c in conversations if c["id"] == thread_id), None) or "Conversation"  # whole, for the exports
# Exports are built when clicked (deferred downloads).
bar[2].download_button(
    "Export .md", data=lambda: conversation_markdown(title, turns, backend=export_backend), file_name="greffier-conversation.md",
    mime="text/markdown", key="chat_export_md", disabled=not turns, width="stretch", on_click="ignore",
)
bar[3].download_button(
    "Export .docx", data=lambda: conversation_docx(title, turns, backend=export_backend), file_name="greffier-conversation.docx",
    mime="application/vnd.openxmlformats-officedocument.wordprocessingml.document", key="chat_export_docx", disabled=not turns, width="stretch", on_click="ignore",
)

prompt = st.chat_input(
    "Approve, edit or refuse the pending tool call first" if pending else "Ask about the documents — e.g. « Quelle est la durée du bail ? »",
    key=keys.CHAT_INPUT, disabled=pending is not None,
)
conversation_language = reply_language(prompt or (turns[-1].question if turns else ""))
answerer_caption.caption(
    f"Mode **{escape_markdown(knobs.mode_name(mode))}** · {escape_markdown(knobs.answerer_line(llm.info, mode=mode, language=conversation_language))}", help=escape_markdown(backend_line),
)


# --- rendering turns ----------------------------------------------------------------------------


def _trace(turn: chat.Turn) -> list[chat.TraceStep]:
    live = st.session_state[keys.LIVE_TRACES].get(f"{thread_id}:{turn.index}")
    return live if live else turn.trace


TRACE_LABELS = {"fr": ("Comment cette réponse a été trouvée", "En clair", "Détails techniques"),
                "en": ("How this answer was found", "In plain words", "Technical details")}


def _show_trace(turn: chat.Turn, steps: list[chat.TraceStep], key: str) -> None:
    if not steps:
        return
    told = trace.explain(turn.question, steps, abstained=turn.abstained)
    title, plain_tab, technical_tab = TRACE_LABELS[told.language]
    with st.expander(title, expanded=False, icon=":material/manage_search:"):
        plain, technical = st.tabs([plain_tab, technical_tab])
        with plain:
            for label, text in told.lines:
                st.markdown((f"**{escape_markdown(label)}** — " if label else "") + escape_markdown(held_guillemets(text)))
            for verdict in told.passages:
                mark = ":green[✓]" if verdict.kept else ":gray[✗]"
                st.markdown(f"{mark} **{escape_markdown(verdict.status)}** — {escape_markdown(verdict.where)}  \n{escape_markdown(held_guillemets(verdict.why))}")
        with technical:
            st.caption("Chunk ids, scores and timings of each step.")
            for number, step in enumerate(steps):
                st.markdown(f"**{step.kind.replace('_', ' ')}** — {escape_markdown(step.title)}")
                if step.kind == "relevance" and isinstance(step.detail, list):
                    st.dataframe(step.detail, hide_index=True, key=f"{key}_relevance_{number}", placeholder="—")
                elif step.detail:
                    st.json(step.detail, expanded=False)


def _show_answer(turn: chat.Turn) -> None:
    if turn.status == "awaiting_approval" and not turn.answer:
        st.info("Waiting for your decision on the tool call below.")
    elif turn.status == "unanswered":
        st.warning("No answer was recorded for this question (interrupted?). Ask it again.")
    elif turn.error:
        st.error(turn.answer)
    elif turn.abstained:
        st.warning(f"**{wording(ABSTAINED, reply_language(turn.question))}** — {escape_markdown(turn.answer)}")
    else:
        st.markdown(escape_markdown(turn.answer, keep_lines=True, rows=turn.is_list))
    if turn.findings and not turn.abstained:  # the end in force, the notice deadline: part of the answer, not small print
        st.info("\n\n".join(escape_markdown(finding) for finding in turn.findings))
    if turn.note:
        st.caption(escape_markdown(turn.note))


def _show_turn(turn: chat.Turn) -> None:
    with st.chat_message("user"):
        st.markdown(escape_markdown(turn.question))
    with st.chat_message("assistant"):
        _show_answer(turn)
        if turn.sources:
            picker_key = f"chat_source_pick_{thread_id}_{turn.index}"
            with st.container(horizontal=True, gap="small"):
                for source in turn.sources:
                    st.button(
                        escape_markdown(source.chip), key=f"chat_cite_{thread_id}_{turn.index}_{source.n}", type="tertiary",
                        help=escape_markdown(source.hover), on_click=_open_source, args=(turn.index, source, picker_key, reply_language(turn.question)),
                    )
        _show_trace(turn, _trace(turn), f"chat_trace_{thread_id}_{turn.index}")


def _stream_into(run) -> chat.Outcome | None:  # noqa: ANN001
    """Run ``run(on_event)`` showing its steps and streaming its tokens; errors become messages."""
    steps = st.status("Working…", expanded=False)
    placeholder = st.empty()
    streamed: list[str] = []

    def on_event(kind: str, payload: dict) -> None:
        if kind == "token":
            streamed.append(payload.get("text", ""))
            placeholder.markdown(escape_markdown("".join(streamed), keep_lines=True) + " ▌")
            return
        step = chat.trace_step(kind, payload)
        if step is not None:
            steps.write(escape_markdown(step.title))

    try:
        outcome = run(on_event)
    except GreffierError as exc:
        steps.update(label="Stopped", state="error")
        st.error(str(exc))
        return None
    except Exception as exc:  # noqa: BLE001 — never a raw traceback in the UI
        log.exception("chat turn failed")
        steps.update(label="Stopped", state="error")
        st.error(f"Something went wrong while answering ({type(exc).__name__}: {exc}). Try again; the terminal log has the details.")
        return None
    steps.update(label="Done", state="complete")
    return outcome


def _remember_trace(outcome: chat.Outcome, turn_index: int, *, extend: bool = False) -> None:
    key = f"{outcome.thread_id}:{turn_index}"
    traces = st.session_state[keys.LIVE_TRACES]
    traces[key] = (traces.get(key, []) if extend else []) + outcome.trace


def _ask(question: str) -> None:
    with st.chat_message("user"):
        st.markdown(escape_markdown(question))
    with st.chat_message("assistant"):
        outcome = _stream_into(lambda on_event: chat.ask(settings, question, mode=mode, llm=llm, thread_id=thread_id, on_event=on_event))
    if outcome is None:
        return
    turn_index = len(turns) if outcome.thread_id == thread_id else 0
    _remember_trace(outcome, turn_index)
    st.session_state[keys.THREAD] = outcome.thread_id
    st.session_state[keys.SOURCE_TURN] = turn_index
    st.session_state[keys.SOURCE_N] = None
    st.rerun()


def _approval_bar(turn: chat.Turn) -> None:
    call = turn.pending or {}
    with st.container(border=True):
        st.markdown(f"**Approval needed** — the assistant wants to call `{call.get('tool')}`")
        if call.get("plan"):
            st.caption(f"Plan: {escape_markdown(call['plan'])}")
        st.json(call.get("arguments") or {}, expanded=True)
        edited = st.text_area(
            "Arguments (JSON) — edit them, then choose “Run edited”", value=json.dumps(call.get("arguments") or {}, indent=2, ensure_ascii=False),
            key=f"{keys.APPROVAL_ARGS}_{thread_id}", height=140,
        )
        approve, run_edited, refuse = st.columns(3)
        decision, arguments = None, None
        if approve.button("Approve", key=f"chat_approve_{thread_id}", type="primary", width="stretch"):
            decision = "approve"
        if run_edited.button("Run edited", key=f"chat_edit_{thread_id}", width="stretch"):
            try:
                arguments = json.loads(edited or "{}")
            except json.JSONDecodeError as exc:
                st.error(f"The arguments are not valid JSON ({exc.msg}, line {exc.lineno}): correct them and try again.")
                return
            if not isinstance(arguments, dict):
                st.error("The arguments must be a JSON object ({...}).")
                return
            decision = "edit"
        if refuse.button("Refuse", key=f"chat_refuse_{thread_id}", width="stretch"):
            decision = "refuse"
    if decision is None:
        return
    with st.chat_message("assistant"):
        outcome = _stream_into(lambda on_event: chat.decide(settings, thread_id, decision, llm=llm, arguments=arguments, on_event=on_event))
    if outcome is not None:
        _remember_trace(outcome, turn.index, extend=True)
        st.session_state[keys.SOURCE_TURN] = turn.index
        st.rerun()


# --- sources panel ------------------------------------------------------------------------------


def _sources_panel() -> None:
    st.subheader("Sources")
    if not turns:
        st.caption("The passages an answer cites appear here, with the page they come from.")
        return
    chosen = st.session_state[keys.SOURCE_TURN]
    if chosen is None or not 0 <= chosen < len(turns):
        with_sources = [t.index for t in turns if t.sources]
        chosen = with_sources[-1] if with_sources else len(turns) - 1
    turn = turns[chosen]
    language = reply_language(turn.question)
    st.caption(wording(QUESTION_NUMBER, language, number=turn.index + 1, question=escape_markdown(one_line(turn.question, 120))))
    if not turn.sources:
        st.info(wording(NONE_JUDGED_RELEVANT if turn.abstained else CITES_NO_PASSAGE, language))
        return
    numbers = [s.n for s in turn.sources]
    by_n = {s.n: s for s in turn.sources}
    picker_key = f"chat_source_pick_{thread_id}_{turn.index}"
    wanted = st.session_state[keys.SOURCE_N]
    if st.session_state.get(picker_key) not in numbers:
        st.session_state[picker_key] = wanted if wanted in numbers else numbers[0]
    n = st.radio(
        wording(CITED_PASSAGES, language), numbers, key=picker_key,
        format_func=lambda k: escape_markdown(by_n[k].choice),
    )
    source = by_n[n]
    # a long file name may break at its underscores and dashes, not in the middle of a word
    st.markdown(f"**[{source.n}] {breakable(escape_markdown(source.hover))}**")
    st.caption(escape_markdown(source.details_in(language)))  # in the question's language, as the panel's other words
    shared.show_passage(source.text, pdf_path=chat.pdf_file(settings, source), page=source.page, page_end=source.page_end,
                        key=f"{picker_key}_{source.n}", title=source.hover, language=language)


# --- page ---------------------------------------------------------------------------------------

conversation_column, sources_column = st.columns([3, 2], gap="large")
with conversation_column:
    if not turns and not prompt:
        st.info(
            "Ask a question about the documents of this workspace, in French or English. "
            "Answers cite their passages as [1], [2]…; click a citation to open it in the sources panel."
        )
    for turn in turns:
        _show_turn(turn)
    if pending is not None:
        _approval_bar(pending)
    if prompt:
        _ask(prompt)
with sources_column:
    _sources_panel()
shared.show_viewer()
