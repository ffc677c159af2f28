"""Streamlit pieces shared by app.py and the pages (not a page itself): session state set-up,
process-wide cached resources, and the passage viewer used by Chat and Compliance."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import streamlit as st

from greffier.config import Settings, load_settings
from greffier.errors import GreffierError
from greffier.models import dictionary_stamp
from pipelines.generators.llm import LLMChoice, resolve_llm
from greffier.ui import keys
from greffier.ui.knobs import resolve_workspace
from greffier.text.replies import (
    CANNOT_RENDER_PAGE, NO_PASSAGE_TEXT, NO_PAGE_IMAGE_NO_PAGE, NO_PAGE_IMAGE_NOT_PDF, NO_PAGE_IMAGE_VIEWER, PAGE_PREVIEW, PASSAGE_NOT_LOCATED, VIEW_PAGE_LARGE,
    VIEW_PAGE_LARGE_HELP, VIEWER_BACK, VIEWER_CANNOT_RENDER, VIEWER_ELSEWHERE, VIEWER_HIGHLIGHTED, VIEWER_NOT_LOCATED, VIEWER_PAGES,
    VIEWER_TITLE, VIEWER_VIEW, VIEWER_VIEWS, VIEWER_ZOOM, wording,
)
from greffier.ui.text import as_read, escape_markdown

# --- session state ----------------------------------------------------------------------------


def init_state() -> None:
    """Per-user state, initialised once per session (keys in greffier.ui.keys)."""
    if keys.WORKSPACE not in st.session_state:
        st.session_state[keys.WORKSPACE] = _asked_workspace() or str(Path(load_settings().workspace).expanduser().resolve())
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


def _asked_workspace() -> str | None:
    """The workspace the page's address names (``?workspace=…``: a reload, a link opened in a new tab), when it is one; else None,
    with the reason shown once in the sidebar."""
    asked = st.query_params.get(keys.WORKSPACE_PARAM)
    if not asked:
        return None
    try:
        return str(resolve_workspace(asked, create=False))
    except GreffierError as exc:
        st.session_state[keys.WORKSPACE_MESSAGE] = ("error", f"The address names a workspace that cannot be opened: {exc}")
        return None


def keep_workspace_in_address() -> None:
    """Write the open workspace in the page's address, so that a reload or a copied link opens the same one."""
    if st.query_params.get(keys.WORKSPACE_PARAM) != st.session_state[keys.WORKSPACE]:
        st.query_params[keys.WORKSPACE_PARAM] = st.session_state[keys.WORKSPACE]


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
def _models(models_key: str, search_key: str, dictionary_key: tuple, _settings: Settings) -> dict[str, Any]:
    from greffier.services.search import reranker_in_use
    from greffier.models import models_in_use

    return {"models": models_in_use(_settings), "reranker": reranker_in_use(_settings), "reranker_present": reranker_in_use(_settings, True)}


def models(current: Settings) -> dict[str, Any]:
    """Embedder, reranker (whether it is active; ``reranker_present``: whether one is installed,
    whatever the setting), everyday dictionary for these settings, cached for a minute — and looked
    at again as soon as the dictionary files change (installed while the app runs: no restart)."""
    return _models(current.models.model_dump_json(), current.search.model_dump_json(), dictionary_stamp(), current)


# --- passage viewer -----------------------------------------------------------------------------

ZOOMS = (1.0, 1.25, 1.5, 2.0)
RENDER_SCALE = 2.0  # 144 dpi: an A4 page is 1190 px wide, the large viewer's width


@st.cache_data(max_entries=64, show_spinner=False)
def _rendered(pdf_path: str, mtime: float, page: int, passage: str, scale: float) -> Any:
    from greffier.ui.highlight import render_highlighted_page  # pypdfium2 behind it: loaded when a page is first drawn

    return render_highlighted_page(pdf_path, page, passage, scale=scale)


def show_passage(text: str, *, pdf_path: str | None, page: int | None, page_end: int | None, key: str, title: str = "", wide: bool = False,
                 language: str = "en") -> None:
    """The passage text (as inert text), then for a PDF a preview of the page band with the passage
    highlighted and a button that opens the page large (:func:`open_viewer`). ``wide``: the place is
    the page's whole width, and the preview takes three fifths of it."""
    with st.container(border=True):
        st.markdown(escape_markdown(as_read(text, pdf_path), keep_lines=True) or f"_{wording(NO_PASSAGE_TEXT, language)}_")
    if not text:
        return  # no passage: no page to show either
    if not pdf_path:
        st.caption(wording(NO_PAGE_IMAGE_NOT_PDF, language))  # in the question's language on the chat page
        return
    if not page:
        st.caption(wording(NO_PAGE_IMAGE_NO_PAGE, language))
        return
    name = Path(pdf_path).name
    st.button(
        wording(VIEW_PAGE_LARGE, language, page=page), key=f"{key}_open_viewer", icon=":material/zoom_in:", type="secondary",
        help=wording(VIEW_PAGE_LARGE_HELP, language, name=name),
        on_click=open_viewer, kwargs={"text": text, "pdf_path": pdf_path, "page": page, "page_end": page_end, "title": title or name, "key": key,
                                      "language": language},
    )
    try:
        band = _rendered(pdf_path, os.path.getmtime(pdf_path), page, text, RENDER_SCALE)
    except Exception as exc:  # noqa: BLE001 — a PDF that cannot be rendered must not break the page
        st.warning(wording(CANNOT_RENDER_PAGE, language, page=page, name=name, why=type(exc).__name__))
        return
    if band.found:
        place = st.columns([3, 2])[0] if wide else st.container()
        place.image(band.focus(), caption=wording(PAGE_PREVIEW, language, name=name, page=page), width="stretch")
    else:
        st.caption(wording(PASSAGE_NOT_LOCATED, language, name=name, page=page))


def open_viewer(*, text: str, pdf_path: str | None, page: int | None, page_end: int | None, title: str, key: str, language: str = "en") -> None:
    """Ask for the large viewer (a dialog) on the next run; a page calls :func:`show_viewer` last."""
    st.session_state[keys.VIEWER] = {"text": text, "pdf_path": pdf_path, "page": page, "page_end": page_end, "title": title, "key": key,
                                     "language": language}
    st.session_state[f"viewer_page_{key}"] = page


def show_viewer() -> None:
    """Draw the viewer asked for by :func:`open_viewer`, until the user closes it."""
    view = st.session_state.get(keys.VIEWER)
    if view:
        _viewer(view)


def _close_viewer() -> None:
    st.session_state.pop(keys.VIEWER, None)


def _turn_page(page_key: str, step: int, count: int) -> None:
    st.session_state[page_key] = min(max(1, st.session_state[page_key] + step), count)


def _viewer(view: dict[str, Any]) -> None:
    """Open the viewer's dialog, its title in the language of the question whose passage it shows."""
    (_viewer_fr if view.get("language") == "fr" else _viewer_en)(view)


@st.dialog(VIEWER_TITLE["en"], width="large", on_dismiss=_close_viewer)
def _viewer_en(view: dict[str, Any]) -> None:
    _viewer_body(view, "en")


@st.dialog(VIEWER_TITLE["fr"], width="large", on_dismiss=_close_viewer)
def _viewer_fr(view: dict[str, Any]) -> None:
    _viewer_body(view, "fr")


def _viewer_body(view: dict[str, Any], language: str) -> None:
    """The cited page large: zoom, the highlight in view, the document's other pages one click away."""
    st.markdown(f"**{escape_markdown(view['title'])}**")
    pdf_path, first = view["pdf_path"], view["page"]
    if not pdf_path or not first:
        with st.container(border=True):
            st.markdown(escape_markdown(as_read(view["text"], view.get("pdf_path")), keep_lines=True))
        st.caption(wording(NO_PAGE_IMAGE_VIEWER, language))
        return
    last = view["page_end"] or first
    page_key = f"viewer_page_{view['key']}"
    st.session_state.setdefault(page_key, first)
    page = st.session_state[page_key]
    cited = first <= page <= last
    try:
        shown = _rendered(pdf_path, os.path.getmtime(pdf_path), page, view["text"] if cited else "", RENDER_SCALE)
    except Exception as exc:  # noqa: BLE001 — a PDF that cannot be rendered must not break the page
        st.warning(wording(VIEWER_CANNOT_RENDER, language, page=page, why=type(exc).__name__))
        return
    count = shown.page_count
    views = VIEWER_VIEWS.get(language, VIEWER_VIEWS["en"])
    controls = st.columns([1, 1, 3, 3], vertical_alignment="bottom")
    controls[0].button("◀ Page", key=f"viewer_prev_{view['key']}", disabled=page <= 1, on_click=_turn_page, args=(page_key, -1, count), width="stretch")
    controls[1].button("Page ▶", key=f"viewer_next_{view['key']}", disabled=page >= count, on_click=_turn_page, args=(page_key, 1, count), width="stretch")
    zoom = controls[2].select_slider(wording(VIEWER_ZOOM, language), ZOOMS, value=ZOOMS[0], format_func=lambda z: f"{z:.0%}",
                                     key=f"viewer_zoom_{view['key']}")
    around = controls[3].segmented_control(wording(VIEWER_VIEW, language), views, default=views[0], key=f"viewer_view_{view['key']}") != views[1]
    pages = wording(VIEWER_PAGES, language, first=first) + (f"–{last}" if last != first else "")
    if cited and shown.found:
        caption = wording(VIEWER_HIGHLIGHTED, language, page=page, count=count)
    elif cited:
        caption = wording(VIEWER_NOT_LOCATED, language, page=page, count=count)
    else:
        caption = wording(VIEWER_ELSEWHERE, language, page=page, count=count, pages=pages)
        around = False
    st.image(shown.view(zoom, around_passage=around), caption=caption, width="stretch")
    if not cited:
        st.button(wording(VIEWER_BACK, language, pages=pages), key=f"viewer_back_{view['key']}", on_click=st.session_state.__setitem__,
                  args=(page_key, first))
