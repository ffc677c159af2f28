"""Greffier's Streamlit app: page config, the shared sidebar (workspace, models, retrieval knobs,
pipeline graph) and navigation. Each screen lives in ``pages/`` and only renders."""

import greffier  # noqa: F401  (privacy switches before Streamlit, Haystack or Chroma are imported)

import streamlit as st

from greffier.config import FusionMethod, load_settings
from greffier.errors import GreffierError
from greffier.services.warmup import warm_up_models
from greffier.ui import keys, knobs
from pages import _shared as shared

# An emoji favicon is drawn in the page; a ":material/...:" one would be fetched from Google's font CDN.
st.set_page_config(page_title="Greffier", page_icon="⚖️", layout="wide")
shared.init_state()


# --- workspace ----------------------------------------------------------------------------------
# Sidebar widgets get their value from `value=` and a key that changes with the workspace (an
# "epoch"): widgets of the main script preset through st.session_state lose their value on the
# next rerun under st.navigation (Streamlit 1.67), so they are never preset that way.


def _key(name: str) -> str:
    return f"{name}_{st.session_state[keys.SIDEBAR_EPOCH]}"


def _open_workspace(create: bool, input_key: str) -> None:
    try:
        folder = knobs.resolve_workspace(st.session_state.get(input_key, ""), create=create)
    except GreffierError as exc:
        st.session_state[keys.WORKSPACE_MESSAGE] = ("error", str(exc))
        return
    st.session_state[keys.WORKSPACE] = str(folder)
    st.session_state[keys.SIDEBAR_EPOCH] += 1
    st.session_state[keys.THREAD] = keys.NEW_THREAD
    st.session_state[keys.SOURCE_TURN] = None
    for key in [k for k in st.session_state if str(k).startswith(keys.PER_WORKSPACE_PREFIXES) and k not in keys.KEPT_ACROSS_WORKSPACES]:
        del st.session_state[key]
    st.session_state[keys.DR_FILTERS] = {}
    st.session_state[keys.WORKSPACE_MESSAGE] = ("success", f"{'Created' if create else 'Opened'} {folder}")


def _workspace_section() -> None:
    input_key = _key(keys.WORKSPACE_INPUT)
    st.text_input("Workspace folder", value=st.session_state[keys.WORKSPACE], key=input_key,
                  help="A folder: Greffier keeps its indexes in <folder>/.greffier/")
    left, right = st.columns(2)
    left.button("Open", key="sidebar_open_workspace", on_click=_open_workspace, args=(False, input_key), width="stretch")
    right.button("Create", key="sidebar_create_workspace", on_click=_open_workspace, args=(True, input_key), width="stretch")
    message = st.session_state.pop(keys.WORKSPACE_MESSAGE, None)
    if message:
        (st.error if message[0] == "error" else st.success)(message[1])
    st.caption(f"Open: `{st.session_state[keys.WORKSPACE]}`")
    shared.keep_workspace_in_address()


# --- models -------------------------------------------------------------------------------------


def _models_section(settings) -> dict:  # noqa: ANN001
    """Shows the models in use; returns the reranker status, with ``present`` (one is installed)."""
    try:
        info = shared.models(settings)
    except GreffierError as exc:
        st.error(f"Models: {exc}")
        return {"active": False, "present": False, "reason": str(exc)}
    lines = knobs.describe_models(info["models"], info["reranker"])
    llm = shared.llm_choice(settings)
    st.markdown("**Models in use**")
    st.caption(f"Embedder: {lines['embedder']}")
    st.caption(f"Reranker: {lines['reranker']}")
    st.caption(f"LLM: {knobs.describe_llm(llm.info)}")
    st.caption(f"Dictionary: {info['models']['dictionary']['line']}")
    if st.button("Re-check LLM", key="sidebar_recheck_llm", help="Look again for Ollama or a GGUF model (after starting one)"):
        shared.forget_llm()
        st.rerun()
    present = info["reranker_present"]
    return {**info["reranker"], "present": present["active"], "absent_reason": present["reason"]}


# --- retrieval knobs ----------------------------------------------------------------------------

_KNOBS = ("mode", "top_k_retrieval", "top_k_final", "min_score", "fusion", "dense_weight", "rerank")


def _save_knobs(widget_keys: dict) -> None:
    settings = load_settings(st.session_state[keys.WORKSPACE])
    values = {name: st.session_state[key] for name, key in widget_keys.items() if key in st.session_state}
    try:
        knobs.save_knobs(settings, values)
    except ValueError as exc:
        st.session_state[keys.WORKSPACE_MESSAGE] = ("error", str(exc))
        st.session_state[keys.SIDEBAR_EPOCH] += 1  # fresh widgets showing the saved values


def _knobs_section(settings, reranker: dict) -> None:  # noqa: ANN001
    saved = knobs.knob_values(settings)
    # With no cross-encoder installed the rerank toggle is shown off and disabled, and its saved
    # value is left alone (it applies again once a reranker is installed).
    names = _KNOBS if reranker.get("present") else tuple(n for n in _KNOBS if n != "rerank")
    widget_keys = {name: _key(f"knob_{name}") for name in names}
    change = {"on_change": _save_knobs, "args": (widget_keys,)}
    st.markdown("**Retrieval** — applies to the next question")
    st.selectbox("Mode", knobs.MODES, index=knobs.MODES.index(saved["mode"]), format_func=knobs.MODE_LABELS.get, key=widget_keys["mode"], **change,
                 help="rag: an answer quoted or written from the passages, each cited · retrieval only: the ranked passages, no answer · "
                      "direct: the LLM alone, not grounded in the documents · agent: the LLM plans tool calls, each waits for your approval")
    left, right = st.columns(2)
    left.number_input("Top-k retrieval", min_value=1, max_value=1000, step=5, value=saved["top_k_retrieval"], key=widget_keys["top_k_retrieval"],
                      help="Passages each retriever (dense, BM25) returns before fusion", **change)
    right.number_input("Top-k final", min_value=1, max_value=200, step=1, value=saved["top_k_final"], key=widget_keys["top_k_final"],
                       help="Passages kept after fusion (and rerank)", **change)
    st.slider("Minimum score", min_value=0.0, max_value=1.0, step=0.01, format="%.2f", value=min(max(saved["min_score"], 0.0), 1.0),
              key=widget_keys["min_score"], **change,
              help="Passages whose fused score is below are dropped. Every fusion method scores from 0 to 1 "
                   "(RRF too: a passage first in every list scores 1), so one scale fits them all.")
    st.caption("0 keeps every passage; fused scores run from 0 to 1 whatever the fusion.")
    fusions = [m.value for m in FusionMethod]
    st.selectbox("Fusion", fusions, index=fusions.index(saved["fusion"]), format_func=knobs.FUSION_LABELS.get, key=widget_keys["fusion"], **change,
                 help="How the dense and BM25 lists become one: weighted scores (combine and dedup), reciprocal rank fusion, or the dense list boosted by BM25")
    dense = st.slider("Dense ↔ lexical weight", min_value=0.0, max_value=1.0, step=0.05, value=saved["dense_weight"], key=widget_keys["dense_weight"],
                      help="Weight of the dense (semantic) retriever; BM25 gets the rest. RRF weighs each list's ranks by it too.", **change)
    st.caption(f"dense {dense:.2f} · lexical {1 - dense:.2f}")
    if reranker.get("present"):
        st.toggle("Rerank with the cross-encoder", value=saved["rerank"], key=widget_keys["rerank"], **change)
    else:
        st.toggle("Rerank with the cross-encoder", value=False, disabled=True, key=_key("knob_rerank_unavailable"),
                  help="Install bge-reranker-v2-m3 (python -m greffier models download) to turn it on.")
        st.caption(f"Off: {reranker.get('absent_reason') or 'no cross-encoder on this machine'}.")


def _hardware_section(settings) -> None:  # noqa: ANN001
    from greffier.services.status import hardware_status
    from greffier.services.warmup import warm_up_state

    try:
        lines = knobs.describe_hardware(hardware_status(settings), warm_up_state(settings), warm_up_enabled=settings.models.warm_up)
    except Exception as exc:  # noqa: BLE001 — a status probe must not hide the sidebar
        st.caption(f"Hardware: unknown ({type(exc).__name__}: {exc})")
        return
    if lines["warning"]:
        st.warning(lines["warning"])
    with st.expander("Hardware", expanded=False):
        st.caption(f"Device: {lines['device']}")
        st.caption(f"Memory: {lines['memory']}")
        st.caption(f"Models in memory: {lines['resident']}")
        st.caption(f"Warm-up: {lines['warm_up']}")
        if lines["note"]:
            st.caption(lines["note"])


def _pipeline_section(settings, reranker: dict) -> None:  # noqa: ANN001
    from greffier.ui.graph import retrieval_pipeline_dot

    with st.expander("Pipeline", expanded=False):
        try:
            st.graphviz_chart(retrieval_pipeline_dot(settings, rerank=reranker["active"]), width="stretch")
        except Exception as exc:  # noqa: BLE001 — a drawing problem must not hide the sidebar
            st.warning(f"Cannot draw the pipeline ({type(exc).__name__}: {exc}).")


# --- page ---------------------------------------------------------------------------------------

WARM_UP_DELAY_S = 1.0

settings = load_settings(st.session_state[keys.WORKSPACE])
st.session_state[keys.SETTINGS] = settings

with st.sidebar:
    st.title(":material/balance: Greffier")
    st.caption("Private legal-document assistant — nothing leaves this machine.")
    _workspace_section()
    st.divider()
    reranker = _models_section(settings)
    st.divider()
    _knobs_section(settings, reranker)
    _pipeline_section(settings, reranker)
    _hardware_section(settings)

# The chat is the default page, which Streamlit serves at `/` only: its inferred name `/chat` said « Page not found ».
# A hidden page named `chat` leads there (st.switch_page), and the chat itself takes another (unused) name, since two
# pages cannot share one; `url_path` is documented for a default page to keep its name unique.
chat = st.Page("pages/chat.py", title="Chat", icon=":material/forum:", default=True, url_path="home")


def _to_chat() -> None:
    st.switch_page(chat)


navigation = st.navigation(
    [
        chat,
        st.Page(_to_chat, title="Chat", url_path="chat", visibility="hidden"),
        st.Page("pages/dataroom.py", title="Data room", icon=":material/table_view:"),
        st.Page("pages/duplicates.py", title="Duplicates", icon=":material/content_copy:"),
        st.Page("pages/compliance.py", title="Compliance", icon=":material/policy:"),
        st.Page("pages/documents.py", title="Documents", icon=":material/folder_open:"),
    ],
    position="top",
)
try:
    if st.session_state.get(keys.RETURN_TO):
        st.switch_page(st.session_state.pop(keys.RETURN_TO))
    navigation.run()
finally:
    # Load the embedder (and reranker) and build the search pipeline in a background thread, once per
    # settings, so that the first question does not pay for it. Started once the page is drawn, and a
    # second later, so it does not hold the GIL while the page goes out (docs/benchmarks.md, "App start-up").
    if settings.models.warm_up:
        warm_up_models(settings, delay_s=WARM_UP_DELAY_S)
