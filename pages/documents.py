"""Documents: add files (upload, or a folder on this machine) with a per-file progress bar; the
workspace's documents with status, pages, chunks and errors; re-index and remove."""

import logging

import streamlit as st

from greffier.errors import GreffierError
from greffier.services.status import workspace_status
from greffier.text import plural
from greffier.ui import documents, keys, knobs
from greffier.ui.dataroom import KEY_HELP, KEY_LABEL  # the internal key, labelled as on the Data room page
from greffier.ui.text import escape_markdown
from pages import _shared as shared

log = logging.getLogger("greffier.app")
settings = shared.settings()
st.session_state.setdefault("documents_generation", 0)

st.header("Documents")
st.caption(f"Workspace `{settings.workspace}` — files are read here and nothing leaves this machine.")


def _run(action, label: str):  # noqa: ANN001, ANN202
    """Run an ingest-like ``action(progress)`` with a progress bar; errors become messages."""
    bar = st.progress(0.0, text=f"{label}: starting…")
    done = {"fraction": 0.0}

    def progress(event) -> None:  # noqa: ANN001
        fraction, line = documents.progress_line(event)
        if fraction is not None:
            done["fraction"] = fraction
        bar.progress(min(max(done["fraction"], 0.0), 1.0), text=line)

    try:
        report = action(progress)
    except GreffierError as exc:
        bar.empty()
        st.error(str(exc))
        return None
    except Exception as exc:  # noqa: BLE001 — never a raw traceback in the UI
        log.exception("%s failed", label)
        bar.empty()
        st.error(f"{label} stopped on an unexpected error ({type(exc).__name__}: {exc}). The terminal log has the details.")
        return None
    bar.progress(1.0, text=f"{label}: done")
    return report


def _summary(report) -> None:  # noqa: ANN001
    """Keep what the ingest did for the next run, and rerun: the upload widget comes back empty
    (a new key) before the user picks the next files, so none is lost."""
    st.session_state[keys.DOC_LAST_INGEST] = {"line": documents.summary_line(report), "failed": list(report.failed)}
    st.session_state["documents_generation"] += 1
    st.rerun()


def _last_ingest() -> None:
    done = st.session_state.pop(keys.DOC_LAST_INGEST, None)
    if done:
        (st.warning if done["failed"] else st.success)(escape_markdown(done["line"]))
        _failures(done["failed"])


FAILURES_LISTED = 20  # more are shown in a table


def _failures(failed: list[dict]) -> None:
    """Each file that could not be read with its whole error (wrapped, never cut); past
    :data:`FAILURES_LISTED`, the rest in a table whose cells show the full text on hover."""
    for failure in failed[:FAILURES_LISTED]:
        st.markdown(f":red[**{escape_markdown(failure['file'])}**] — {escape_markdown(failure['error'])}")
    if len(failed) > FAILURES_LISTED:
        st.dataframe(failed[FAILURES_LISTED:], hide_index=True, placeholder="—", key=f"documents_more_failures_{st.session_state['documents_generation']}",
                     column_config={"error": st.column_config.TextColumn("error", width="large")})


# --- adding documents ---------------------------------------------------------------------------

upload_column, folder_column = st.columns(2, gap="large")
with upload_column:
    st.markdown("**Upload files**")
    uploads = st.file_uploader(
        "PDF, DOCX, HTML, Markdown, text, or a data-room JSON", accept_multiple_files=True,
        type=[e.lstrip(".") for e in settings.ingest.extensions], key=f"{keys.DOC_UPLOADS}_{st.session_state['documents_generation']}",
    )
    if st.button("Ingest uploaded files", key="documents_ingest_uploads", type="primary", disabled=not uploads):
        try:
            saved = documents.save_uploads(settings, [(u.name, u.getvalue()) for u in uploads])
        except (GreffierError, OSError) as exc:
            st.error(f"Cannot save the uploads: {exc}")
        else:
            report = _run(lambda progress: documents.ingest_uploads(settings, saved, progress), "Ingest")
            if report is not None:
                _summary(report)
with folder_column:
    st.markdown("**Or ingest a folder on this machine**")
    path = st.text_input("Folder, file or data-room JSON", key=keys.DOC_FOLDER, placeholder="/path/to/dataroom")
    st.caption("Sub-folders are included. A folder outside the workspace is copied into it first; unchanged files are skipped.")
    if st.button("Ingest", key="documents_ingest_folder", type="primary"):
        if not (path or "").strip():
            st.warning("Type the path of a folder, a file or a data-room JSON first.")
        else:
            report = _run(lambda progress: documents.ingest(settings, path.strip(), progress), "Ingest")
            if report is not None:
                _summary(report)

_last_ingest()
st.divider()

# --- the documents ------------------------------------------------------------------------------

try:
    status = workspace_status(settings)
    indexed, problems = documents.document_rows(settings)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()

reranker = shared.models(settings)["reranker"]
st.caption(
    f"Embedder: {status['models']['embedder']['description']} · Reranker: {reranker['name'] or 'none — ' + str(reranker['reason'])} · "
    f"LLM: {knobs.describe_llm(shared.llm_choice(settings).info)} · "
    f"Dictionary: {(status['models'].get('dictionary') or {}).get('line', 'unknown')}"
)
if status.get("reindex_needed"):
    st.warning(
        f"This workspace was indexed with {status['indexed_with']!r} and the current embedder is "
        f"{status['models']['embedder']['signature']!r}: re-index everything before searching."
    )
    if st.button("Re-index everything with the current embedder", key="documents_reindex_all"):
        from greffier.services.maintenance import reindex

        with st.spinner("Re-embedding every passage…"):
            try:
                done = reindex(settings)
            except GreffierError as exc:
                st.error(str(exc))
            else:
                st.success(f"Re-indexed {done['chunks']} passages of {done['contracts']} documents.")

if not indexed and not problems:
    st.info(
        f"No documents in {settings.workspace} yet. Upload files or give a folder above — or from a terminal: "
        f"`python -m greffier ingest FOLDER --workspace {settings.workspace}`."
    )
    st.stop()

metrics = st.columns(4)
metrics[0].metric("Documents", len(indexed))
metrics[1].metric("Passages (chunks)", sum(r["chunks"] or 0 for r in indexed))
pdfs = [r for r in indexed if r["pages"]]
metrics[2].metric("PDF pages", sum(r["pages"] for r in pdfs),
                  help=f"Pages of the {len(pdfs)} PDF documents; DOCX, HTML, Markdown and text files have no pages.")
metrics[3].metric("Files with errors", len(problems))

st.dataframe(
    indexed, hide_index=True, key="documents_table", placeholder="—",
    column_order=["file", "title", "pages", "chunks", "status", "source", "converter", "id"],  # the internal key last, as on the Data room page
    column_config={
        "id": st.column_config.TextColumn(KEY_LABEL, width="small", help=KEY_HELP),
        "file": st.column_config.TextColumn("file", width=420, pinned=True),
        "title": st.column_config.TextColumn("title", width=300),
        "pages": st.column_config.NumberColumn("pages", width="small", help="Pages of a PDF (— for formats without pages: DOCX, HTML, Markdown, text)"),
        "chunks": st.column_config.NumberColumn("passages", width="small"),
        "source": st.column_config.TextColumn("source file", help="The file ingested (a data-room JSON holds many documents)"),
    },
)
if problems:
    st.subheader("Files that could not be ingested")
    st.caption("Each is listed with what went wrong and what to do; the other files were ingested.")
    _failures(problems)

# --- re-index and remove ------------------------------------------------------------------------

st.subheader("Re-index or remove")
generation = st.session_state["documents_generation"]
chosen = st.multiselect("Files", documents.source_files(settings), key=f"{keys.DOC_SELECTED}_{generation}",
                        help="Re-index reads a file again (e.g. after installing OCR); remove takes it out of every index")
reindex_column, remove_column = st.columns(2, gap="large")
with reindex_column:
    if st.button("Re-index selected", key="documents_reindex", disabled=not chosen):
        report = _run(lambda progress: documents.reindex(settings, chosen, progress), "Re-index")
        if report is not None:
            failures = "; ".join(f"{f['file']}: {f['error']}" for f in report.failed)
            st.session_state[keys.DOC_LAST_REPORT] = (f"Re-indexed {plural(len(report.ingested), 'file')}." + (f" Failed: {failures}" if failures else ""), bool(failures))
            st.session_state["documents_generation"] += 1
            st.rerun()
with remove_column:
    confirm = st.checkbox("Move the files out of the workspace (to .greffier/removed/)", key=f"documents_remove_confirm_{generation}")
    if st.button("Remove selected", key="documents_remove", disabled=not (chosen and confirm)):
        try:
            outcome = documents.remove(settings, chosen)
        except GreffierError as exc:
            st.error(str(exc))
        else:
            st.session_state["documents_generation"] += 1
            st.session_state[keys.DOC_LAST_REPORT] = (documents.removed_line(outcome), False)
            st.rerun()
report_line = st.session_state.pop(keys.DOC_LAST_REPORT, None)
if report_line:
    message, failed = report_line
    (st.warning if failed else st.success)(message)  # a file that failed is no success
