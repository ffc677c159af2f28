"""Documents screen: the workspace's documents with their status."""

import streamlit as st

from greffier import ui_state
from greffier.config import load_settings
from greffier.errors import GreffierError
from greffier.services import list_documents, models_in_use

settings = load_settings(st.session_state[ui_state.WORKSPACE])

st.header("Documents")
try:
    models = models_in_use(settings)
    rows = list_documents(settings)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()

reranker = models["reranker"]["name"] if models["reranker"] else "none — no cross-encoder found locally"
st.caption(f"Embedder: {models['embedder']['description']} · Reranker: {reranker} · LLM: {models['llm_backend']}")

if not rows:
    st.info(
        f"No documents in {settings.workspace} yet. Ingest a folder with "
        f"`python -m greffier ingest FOLDER --workspace {settings.workspace}`."
    )
    st.stop()

indexed = [r for r in rows if r["status"] == "indexed"]
failed = [r for r in rows if r["status"] != "indexed"]
col1, col2, col3 = st.columns(3)
col1.metric("Documents", len(indexed))
col2.metric("Chunks", sum(r["chunks"] for r in indexed))
col3.metric("Files with errors", len(failed))

st.dataframe(
    [{"id": r["id"], "file": r["file"], "title": r["title"], "pages": r["pages"], "chunks": r["chunks"], "status": r["status"]} for r in indexed],
    hide_index=True,
    use_container_width=True,
    key="documents_table",
)
if failed:
    st.subheader("Files that could not be ingested")
    st.dataframe([{"file": r["file"], "error": r["error"]} for r in failed], hide_index=True, use_container_width=True, key="failed_table")
