"""Greffier's Streamlit app: page config, the shared sidebar (workspace, models, retrieval knobs,
pipeline graph) and navigation. Each screen lives in ``pages/`` and only renders."""

import greffier  # noqa: F401  (privacy switches before Streamlit, Haystack or Chroma are imported)

import streamlit as st

from greffier.config import FusionMethod, load_settings
from greffier.errors import GreffierError
from greffier.ui import keys, knobs
from pages import _shared as shared

st.set_page_config(page_title="Greffier", page_icon="⚖️", layout="wide")
shared.init_state()


# --- workspace ----------------------------------------------------------------------------------


def _open_workspace(create: bool) -> None:
    try:
        folder = knobs.resolve_workspace(st.session_state[keys.WORKSPACE_INPUT], create=create)
    except GreffierError as exc:
        st.session_state[keys.WORKSPACE_MESSAGE] = ("error", str(exc))
        return
    st.session_state[keys.WORKSPACE] = str(folder)
    st.session_state[keys.WORKSPACE_INPUT] = str(folder)
    st.session_state[keys.THREAD] = None
    st.session_state[keys.SOURCE_TURN] = None
    st.session_state[keys.DR_FILTERS] = {}
    st.session_state[keys.WORKSPACE_MESSAGE] = ("success", f"{'Created' if create else 'Opened'} {folder}")


def _workspace_section() -> None:
    st.text_input("Workspace folder", key=keys.WORKSPACE_INPUT, help="A folder: Greffier keeps its indexes in <folder>/.greffier/")
    left, right = st.columns(2)
    left.button("Open", key="sidebar_open_workspace", on_click=_open_workspace, args=(False,), width="stretch")
    right.button("Create", key="sidebar_create_workspace", on_click=_open_workspace, args=(True,), width="stretch")
    message = st.session_state.pop(keys.WORKSPACE_MESSAGE, None)
    if message:
        (st.error if message[0] == "error" else st.success)(message[1])
    st.caption(f"Open: `{st.session_state[keys.WORKSPACE]}`")


# --- models -------------------------------------------------------------------------------------


def _models_section(settings) -> None:  # noqa: ANN001
    try:
        info = shared.models(settings)
    except GreffierError as exc:
        st.error(f"Models: {exc}")
        return
    lines = knobs.describe_models(info["models"], info["reranker"])
    llm = shared.llm_choice(settings)
    st.markdown("**Models in use**")
    st.caption(f"Embedder: {lines['embedder']}")
    st.caption(f"Reranker: {lines['reranker']}")
    st.caption(f"LLM: {knobs.describe_llm(llm.info)}")
    if st.button("Re-check LLM", key="sidebar_recheck_llm", help="Look again for Ollama or a GGUF model (after starting one)"):
        shared.forget_llm()
        st.rerun()


# --- retrieval knobs ----------------------------------------------------------------------------

_KNOB_KEYS = {
    "mode": keys.MODE, "top_k_retrieval": keys.TOP_K_RETRIEVAL, "top_k_final": keys.TOP_K_FINAL,
    "min_score": keys.MIN_SCORE, "fusion": keys.FUSION, "dense_weight": keys.DENSE_WEIGHT, "rerank": keys.RERANK,
}


def _load_knobs(settings) -> None:  # noqa: ANN001
    """Put the workspace's saved knobs into the widgets (on first run and after a workspace change)."""
    if st.session_state.get(keys.KNOBS_FOR) == str(settings.workspace):
        return
    for name, value in knobs.knob_values(settings).items():
        st.session_state[_KNOB_KEYS[name]] = value
    st.session_state[keys.KNOBS_FOR] = str(settings.workspace)


def _save_knobs() -> None:
    settings = load_settings(st.session_state[keys.WORKSPACE])
    values = {name: st.session_state[key] for name, key in _KNOB_KEYS.items()}
    try:
        knobs.save_knobs(settings, values)
    except ValueError as exc:
        st.session_state[keys.WORKSPACE_MESSAGE] = ("error", str(exc))
        st.session_state.pop(keys.KNOBS_FOR, None)  # widgets go back to the saved values


def _knobs_section(settings) -> None:  # noqa: ANN001
    _load_knobs(settings)
    st.markdown("**Retrieval** — applies to the next question")
    st.selectbox("Mode", knobs.MODES, format_func=knobs.MODE_LABELS.get, key=keys.MODE, on_change=_save_knobs)
    left, right = st.columns(2)
    left.number_input("Top-k retrieval", min_value=1, max_value=1000, step=5, key=keys.TOP_K_RETRIEVAL, on_change=_save_knobs,
                      help="Passages each retriever (dense, BM25) returns before fusion")
    right.number_input("Top-k final", min_value=1, max_value=200, step=1, key=keys.TOP_K_FINAL, on_change=_save_knobs,
                       help="Passages kept after fusion (and rerank)")
    st.number_input("Minimum score", min_value=0.0, max_value=1.0, step=0.01, format="%.2f", key=keys.MIN_SCORE, on_change=_save_knobs,
                    help="Passages scoring below are dropped")
    st.selectbox("Fusion", [m.value for m in FusionMethod], format_func=knobs.FUSION_LABELS.get, key=keys.FUSION, on_change=_save_knobs)
    st.slider("Dense ↔ lexical weight", min_value=0.0, max_value=1.0, step=0.05, key=keys.DENSE_WEIGHT, on_change=_save_knobs,
              help="Weight of the dense (semantic) retriever; BM25 gets the rest",
              disabled=st.session_state[keys.FUSION] == FusionMethod.rrf.value)
    st.caption(f"dense {st.session_state[keys.DENSE_WEIGHT]:.2f} · lexical {1 - st.session_state[keys.DENSE_WEIGHT]:.2f}")
    st.toggle("Rerank with the cross-encoder", key=keys.RERANK, on_change=_save_knobs)


def _pipeline_section(settings) -> None:  # noqa: ANN001
    from greffier.ui.graph import retrieval_pipeline_dot

    with st.expander("Pipeline", expanded=False):
        try:
            reranker = shared.models(settings)["reranker"]
            st.graphviz_chart(retrieval_pipeline_dot(settings, rerank=reranker["active"]), width="stretch")
        except Exception as exc:  # noqa: BLE001 — a drawing problem must not hide the sidebar
            st.warning(f"Cannot draw the pipeline ({type(exc).__name__}: {exc}).")


# --- page ---------------------------------------------------------------------------------------

settings = load_settings(st.session_state[keys.WORKSPACE])
st.session_state[keys.SETTINGS] = settings

with st.sidebar:
    st.title("⚖️ Greffier")
    st.caption("Private legal-document assistant — nothing leaves this machine.")
    _workspace_section()
    st.divider()
    _models_section(settings)
    st.divider()
    _knobs_section(settings)
    _pipeline_section(settings)

navigation = st.navigation(
    [
        st.Page("pages/chat.py", title="Chat", icon="💬", default=True),
        st.Page("pages/dataroom.py", title="Data room", icon="🗂️"),
        st.Page("pages/duplicates.py", title="Duplicates", icon="👯"),
        st.Page("pages/compliance.py", title="Compliance", icon="✅"),
        st.Page("pages/documents.py", title="Documents", icon="📄"),
    ],
    position="top",
)
navigation.run()
