"""Background warm-up: the embedder, the reranker and the search pipeline loaded before the first question."""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from greffier.config import Settings
from pipelines.embedders.backends import load_embedding_backend
from greffier.services.search import _pipeline, reranker_in_use
from greffier.device import detect_device
from greffier.models import resolve_reranker
from pipelines.rankers.reranker import RerankerBackendFactory
from store.workspace import open_workspace
from pipelines.routers.scoping import identity_index

log = logging.getLogger(__name__)

_warm_ups: dict[str, dict[str, Any]] = {}
_warm_lock = threading.Lock()


def _warm_key(settings: Settings) -> str:
    return settings.model_dump_json(include={"workspace", "models", "search", "store"})


def warm_up_models(settings: Settings, *, delay_s: float = 0.0) -> threading.Thread:
    """Load the embedder (and the reranker when one is in use) in a daemon thread, then the search pipeline.

    Call it at start-up (the app does, on every rerun: it is idempotent per settings) so that the first
    question does not pay the model load. A query that arrives during the warm-up waits for the same
    load instead of starting a second one (the backend factories hold a lock). When the workspace has
    been ingested, the retrieval pipeline the first search will use is built and warmed too (BM25 index
    read, Chroma opened). Errors are logged and kept in :func:`warm_up_state`, never raised.

    Args:
        settings: the settings whose models and pipeline to warm.
        delay_s: seconds the thread waits before loading anything (the app lets its first page reach
            the browser first: the load holds the GIL and would delay it).

    Returns:
        The warm-up thread (already started; the same thread for the same settings).
    """
    key = _warm_key(settings)
    with _warm_lock:
        state = _warm_ups.get(key)
        if state is not None:
            return state["thread"]
        state = {"status": "running", "seconds": None, "error": None, "loaded": []}
        thread = threading.Thread(target=_warm_up, args=(settings, state, delay_s), name="greffier-warm-up", daemon=True)
        state["thread"] = thread
        _warm_ups[key] = state
    thread.start()
    return thread


def warm_up_state(settings: Settings) -> dict[str, Any]:
    """``{"status": "idle" | "running" | "done" | "failed", "seconds", "error", "loaded"}`` of the warm-up."""
    with _warm_lock:
        state = _warm_ups.get(_warm_key(settings))
    if state is None:
        return {"status": "idle", "seconds": None, "error": None, "loaded": []}
    return {k: v for k, v in state.items() if k != "thread"}


def _lower_thread_priority(niceness: int = 10) -> None:
    """Make the calling thread yield the CPU to the app's page and to the browser (Linux: per thread)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
    except (AttributeError, OSError):  # not Linux, or not allowed: the warm-up runs at normal priority
        pass


def _warm_up(settings: Settings, state: dict[str, Any], delay_s: float = 0.0) -> None:
    _lower_thread_priority()
    if delay_s > 0:
        time.sleep(delay_s)
    started = time.perf_counter()
    try:

        models = settings.models
        load_embedding_backend(models.embedder, models.models_dir, models.device)
        state["loaded"].append("embedder")

        rerank = reranker_in_use(settings)["active"]
        if rerank:

            RerankerBackendFactory.get_backend(resolve_reranker(models), device=detect_device(models.device))
            state["loaded"].append("reranker")
        if (settings.workspace / ".greffier").is_dir():
            _pipeline(settings, "hybrid", rerank)  # built and warmed: what the first search uses

            workspace = open_workspace(settings)
            workspace.collection()  # the vector store opened (chromadb imported, its index read)
            state["loaded"].append("search pipeline")
            if settings.search.scope_named_documents:

                identity_index(workspace)  # what tells a question naming a contract
                state["loaded"].append("contract names")
        state["status"] = "done"
    except Exception as exc:  # noqa: BLE001  (a failed warm-up only means the first query loads lazily)
        log.warning("Background warm-up failed (%s: %s); models will load on first use", type(exc).__name__, exc)
        state["status"] = "failed"
        state["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        state["seconds"] = round(time.perf_counter() - started, 3)
