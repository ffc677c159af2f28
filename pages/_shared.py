"""Streamlit pieces shared by app.py and the pages (not a page itself): session state set-up,
process-wide cached resources, and the passage viewer used by Chat and Compliance."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import streamlit as st

from greffier.config import Settings, load_settings
from pipelines.generators.llm import LLMChoice, resolve_llm
from greffier.ui import keys
from greffier.ui.text import escape_markdown

# --- session state ----------------------------------------------------------------------------


def init_state() -> None:
    """Per-user state, initialised once per session (keys in greffier.ui.keys)."""
    if keys.WORKSPACE not in st.session_state:
        st.session_state[keys.WORKSPACE] = str(Path(load_settings().workspace).expanduser().resolve())
    defaults: dict[str, Any] = {
        keys.SIDEBAR_EPOCH: 0,
        keys.THREAD: keys.NEW_THREAD,
        keys.SOURCE_TURN: None,
        keys.SOURCE_N: None,
        keys.LIVE_TRACES: {},
        keys.DR_FILTERS: {},
        keys.DUP_PAIR: None,
        keys.CMP_FLAG: None,
    }
    for key, value in defaults.items():
        st.session_state.setdefault(key, value)


def settings() -> Settings:
    """The settings of the open workspace, as app.py loaded them for this run."""
    if keys.SETTINGS not in st.session_state:
        # Only when a page's URL is the very first request a fresh server gets: Streamlit then runs
        # the page alone (its legacy pages/ folder mode). Go through app.py, which sets everything
        # up and then comes back to this page.
        caller = Path(sys._getframe(1).f_globals.get("__file__", ""))
        st.session_state[keys.RETURN_TO] = f"pages/{caller.name}" if caller.parent.name == "pages" else None
        st.switch_page("app.py")
    return st.session_state[keys.SETTINGS]


# --- process-wide resources (keyed on the settings they depend on) ------------------------------


@st.cache_resource(ttl=300, show_spinner=False)
def _llm_choice(models_key: str, _settings: Settings) -> LLMChoice:
    return resolve_llm(_settings)


def llm_choice(current: Settings) -> LLMChoice:
    """The LLM backend for these model settings: one per process, re-checked every 5 minutes
    (a GGUF model is loaded once, not per question)."""
    return _llm_choice(current.models.model_dump_json(), current)


def forget_llm() -> None:
    _llm_choice.clear()


@st.cache_data(ttl=60, show_spinner=False)
def _models(models_key: str, search_key: str, _settings: Settings) -> dict[str, Any]:
    from greffier.services.search import reranker_in_use
    from greffier.models import models_in_use

    return {"models": models_in_use(_settings), "reranker": reranker_in_use(_settings)}


def models(current: Settings) -> dict[str, Any]:
    """Embedder, reranker (and whether it is active) for these settings, cached for a minute."""
    return _models(current.models.model_dump_json(), current.search.model_dump_json(), current)


# --- passage viewer -----------------------------------------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def _page_images(pdf_path: str, mtime: float, page: int, passage: str) -> tuple[Any, Any, bool]:
    from greffier.ui.highlight import render_highlighted_page

    rendered = render_highlighted_page(pdf_path, page, passage, scale=2.0)
    return rendered.focus(), rendered.image, rendered.found


def show_passage(text: str, *, pdf_path: str | None, page: int | None, page_end: int | None, key: str) -> None:
    """The passage text (as inert text), then for a PDF the page image with the passage highlighted:
    the band around the passage, and the whole page on demand."""
    with st.container(border=True):
        st.markdown(escape_markdown(text, keep_lines=True) or "_(the passage text is no longer in the index)_")
    if not pdf_path:
        st.caption("No page image: this passage does not come from a PDF file in the workspace.")
        return
    if not page:
        st.caption("No page image: the page of this passage is unknown.")
        return
    pages = list(range(page, (page_end or page) + 1))
    shown = pages[0]
    if len(pages) > 1:
        shown = st.select_slider("Page", options=pages, value=pages[0], key=f"{key}_page")
    try:
        band, whole, found = _page_images(pdf_path, os.path.getmtime(pdf_path), shown, text)
    except Exception as exc:  # noqa: BLE001 — a PDF that cannot be rendered must not break the page
        st.warning(f"Cannot render page {shown} of {Path(pdf_path).name} ({type(exc).__name__}): the passage text above is what was cited.")
        return
    name = Path(pdf_path).name
    if found:
        st.image(band, caption=f"{name} — page {shown}, passage highlighted", width="stretch")
        with st.expander("Whole page", expanded=False):
            st.image(whole, width="stretch")
    else:
        st.image(whole, caption=f"{name} — page {shown} (the passage could not be located on the page: shown without highlight)", width="stretch")
