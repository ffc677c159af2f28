"""Read-only views of a workspace for the CLI, the app and the tools."""

from __future__ import annotations

import threading
from typing import Any

from greffier.config import Settings
from store.workspace import Workspace
from store import repository as repo


def models_in_use(settings: Settings) -> dict[str, Any]:
    """Which embedder, reranker and LLM backend this configuration uses (no model is loaded)."""
    from greffier.models import embedder_signature, resolve_embedder, resolve_reranker

    embedder = resolve_embedder(settings.models)
    reranker = resolve_reranker(settings.models)
    return {
        "embedder": {"name": embedder.name, "kind": embedder.kind, "signature": embedder_signature(embedder), "description": embedder.description},
        "reranker": {"name": reranker.name, "path": str(reranker.path) if reranker.path else None} if reranker else None,
        "llm_backend": settings.models.llm_backend,
    }


def workspace_status(settings: Settings) -> dict[str, Any]:
    """Counts, failures and models of the workspace of ``settings``."""
    workspace = Workspace.open(settings)
    with workspace.session() as session:
        totals = repo.counts(session=session)
        files = repo.list_source_files(session=session)
        recorded = repo.get_meta(session=session, key="embedder_signature")
    current = models_in_use(settings)
    return {
        "workspace": str(workspace.root),
        "documents": totals["documents"],
        "chunks": totals["chunks"],
        "files": totals["files"],
        "failures": [{"file": f.path, "error": f.error, "kind": f.error_kind} for f in files if f.status == "failed"],
        "models": current,
        "indexed_with": recorded,
        "reindex_needed": bool(recorded and totals["chunks"] and recorded != current["embedder"]["signature"]),
    }


def list_documents(settings: Settings) -> list[dict[str, Any]]:
    """Every document of the workspace with its status, pages and chunk count, and failed files."""
    workspace = Workspace.open(settings)
    with workspace.session() as session:
        files = {f.path: f for f in repo.list_source_files(session=session)}
        contracts = repo.list_contracts(session=session)
    rows: list[dict[str, Any]] = []
    for contract in contracts:
        source = files.get(contract.source_path)
        status = "indexed" if source is None or source.status == "ok" else "stale (new version failed)"
        rows.append({
            "id": contract.id, "file": contract.file, "source": contract.source_path, "title": contract.title,
            "pages": contract.pages, "chunks": contract.n_chunks, "converter": contract.converter,
            "status": status, "error": source.error if source and source.status == "failed" else None,
        })
    for source in files.values():
        if source.status == "failed" and not source.contract_ids:
            rows.append({
                "id": None, "file": source.path, "source": source.path, "title": None, "pages": None, "chunks": 0,
                "converter": None, "status": "failed", "error": source.error,
            })
    return rows


def inspect_workspace(settings: Settings, contract_id: str | None = None) -> dict[str, Any]:
    """Every document with its chunks (the ``inspect --json`` contract)."""
    workspace = Workspace.open(settings)
    documents = []
    with workspace.session() as session:
        contracts = repo.list_contracts(session=session)
        for contract in contracts:
            if contract_id and contract.id != contract_id:
                continue
            chunks = repo.list_chunks(session=session, contract_id=contract.id)
            documents.append({
                "id": contract.id, "file": contract.file, "title": contract.title, "pages": contract.pages,
                "chunks": [
                    {"id": c.id, "page": c.page, "page_end": c.page_end, "section": c.section, "start": c.start, "end": c.end, "text": c.text}
                    for c in chunks
                ],
            })
    return {"documents": documents}


# --- hardware and model residency -------------------------------------------------------------

CUDA_TORCH_HINT = (
    "pip uninstall -y torch && pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cu128 "
    "(the cuXXX your driver supports: README, section GPU), then run `python -m greffier models status`"
)


def process_memory_bytes() -> int | None:
    """Resident memory (RSS) of this process now, or None when the platform does not say."""
    try:
        import psutil

        return int(psutil.Process().memory_info().rss)
    except Exception:  # noqa: BLE001  (psutil absent or refused: fall back to /proc on Linux)
        pass
    try:
        import os

        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def loaded_models() -> list[dict[str, Any]]:
    """Models held in memory by this process (embedders and rerankers), as the backend factories know them.

    Nothing is imported or loaded to answer: a factory whose module was never imported has loaded nothing.
    """
    import sys

    rows: list[dict[str, Any]] = []
    for module_name in ("pipelines.embedders.backends", "pipelines.rankers.reranker"):
        module = sys.modules.get(module_name)
        if module is not None:
            factory = module.EmbeddingBackendFactory if module_name.endswith("backends") else module.RerankerBackendFactory
            rows += factory.loaded()
    return rows


def hardware_status(settings: Settings) -> dict[str, Any]:
    """Device, torch build, memory and model residency of this process, for the sidebar and ``models status``.

    Returns:
        ``{"device": "cpu" | "cuda:0" | "mps", "kind", "description", "fp16", "torch_build",
        "torch_version", "cpu_threads", "device_memory_bytes", "gpu_memory_in_use_bytes" (CUDA only,
        else None), "process_rss_bytes", "loaded_models": [{"role", "name", "device", "fp16"}],
        "warning": str | None, "note": str}``. ``warning`` is set when an NVIDIA GPU is present but
        torch is a CPU-only build (the most common failure of local AI installs), with the fix.
        Never raises and never loads a model; the device is detected once per process.
    """
    from greffier.device import detect_device

    device = detect_device(settings.models.device)
    torch_version = None
    gpu_in_use = None
    if device.torch_build != "none":
        import torch

        torch_version = torch.__version__
        if device.kind == "cuda":
            try:
                gpu_in_use = int(torch.cuda.memory_allocated(device.name))
            except Exception:  # noqa: BLE001  (a driver hiccup must not break a status view)
                gpu_in_use = None
    warning = None
    if device.gpu_present_but_cpu_torch:
        warning = f"An NVIDIA GPU is present but torch {torch_version} is a CPU-only build, so models run on the CPU. Fix: {CUDA_TORCH_HINT}"
    return {
        "device": device.name,
        "kind": device.kind,
        "description": device.description,
        "fp16": device.fp16,
        "torch_build": device.torch_build,
        "torch_version": torch_version,
        "cpu_threads": device.cpu_threads,
        "device_memory_bytes": device.memory_bytes,
        "gpu_memory_in_use_bytes": gpu_in_use,
        "process_rss_bytes": process_memory_bytes(),
        "loaded_models": loaded_models(),
        "warning": warning,
        "note": device.note,
    }


# --- background warm-up -----------------------------------------------------------------------

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
    import os

    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
    except (AttributeError, OSError):  # not Linux, or not allowed: the warm-up runs at normal priority
        pass


def _warm_up(settings: Settings, state: dict[str, Any], delay_s: float = 0.0) -> None:
    import logging
    import time

    log = logging.getLogger(__name__)
    _lower_thread_priority()
    if delay_s > 0:
        time.sleep(delay_s)
    started = time.perf_counter()
    try:
        from pipelines.embedders.backends import load_embedding_backend

        models = settings.models
        load_embedding_backend(models.embedder, models.models_dir, models.device)
        state["loaded"].append("embedder")
        from greffier.services.search import _pipeline, reranker_in_use

        rerank = reranker_in_use(settings)["active"]
        if rerank:
            from greffier.device import detect_device
            from greffier.models import resolve_reranker
            from pipelines.rankers.reranker import RerankerBackendFactory

            RerankerBackendFactory.get_backend(resolve_reranker(models), device=detect_device(models.device))
            state["loaded"].append("reranker")
        if (settings.workspace / ".greffier").is_dir():
            _pipeline(settings, "hybrid", rerank)  # built and warmed: what the first search uses
            from store.workspace import Workspace

            workspace = Workspace.open(settings, create=False)
            workspace.collection()  # the vector store opened (chromadb imported, its index read)
            state["loaded"].append("search pipeline")
            if settings.search.scope_named_documents:
                from greffier.services.scoping import identity_index

                identity_index(workspace)  # what tells a question naming a contract
                state["loaded"].append("contract names")
        state["status"] = "done"
    except Exception as exc:  # noqa: BLE001  (a failed warm-up only means the first query loads lazily)
        log.warning("Background warm-up failed (%s: %s); models will load on first use", type(exc).__name__, exc)
        state["status"] = "failed"
        state["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        state["seconds"] = round(time.perf_counter() - started, 3)
