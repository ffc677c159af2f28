"""Read-only views of a workspace for the CLI, the app and the tools."""

from __future__ import annotations

from typing import Any

from greffier.config import Settings
from greffier.models import models_in_use
from pipelines.generators.llm import describe_llm, llm_in_use
from store.workspace import open_workspace
from store import repository as repo
import os
import sys
from greffier.device import detect_device


def workspace_status(settings: Settings) -> dict[str, Any]:
    """Counts, failures and models of the workspace of ``settings``."""
    workspace = open_workspace(settings)
    if workspace.exists():
        with workspace.session() as session:
            totals = repo.counts(session=session)
            files = repo.list_source_files(session=session)
            recorded = repo.get_meta(session=session, key="embedder_signature")
    else:  # nothing ingested yet: nothing to count (and nothing is created to count it)
        totals, files, recorded = {"documents": 0, "chunks": 0, "files": 0}, [], None
    current = models_in_use(settings)
    llm = llm_in_use(settings)
    return {
        "workspace": str(workspace.root),
        "documents": totals["documents"],
        "chunks": totals["chunks"],
        "files": totals["files"],
        "failures": [{"file": f.path, "error": f.error, "kind": f.error_kind} for f in files if f.status == "failed"],
        "models": current,
        "llm": llm,
        "llm_line": describe_llm(llm),
        "indexed_with": recorded,
        "reindex_needed": bool(recorded and totals["chunks"] and recorded != current["embedder"]["signature"]),
    }


def list_documents(settings: Settings) -> list[dict[str, Any]]:
    """Every document of the workspace with its status, pages and chunk count, and failed files."""
    workspace = open_workspace(settings)
    if not workspace.exists():
        return []
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


def source_files(settings: Settings) -> list[str]:
    """Every file recorded by ingestion (workspace-relative), for the re-index / remove pickers."""
    workspace = open_workspace(settings)
    if not workspace.exists():
        return []
    with workspace.session() as session:
        return [record.path for record in repo.list_source_files(session=session)]


def inspect_workspace(settings: Settings, contract_id: str | None = None) -> dict[str, Any]:
    """Every document with its chunks (the ``inspect --json`` contract)."""
    workspace = open_workspace(settings)
    documents: list[dict[str, Any]] = []
    if not workspace.exists():
        return {"documents": documents}
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
        import psutil  # optional: memory figures when psutil is installed

        return int(psutil.Process().memory_info().rss)
    except Exception:  # noqa: BLE001  (psutil absent or refused: fall back to /proc on Linux)
        pass
    try:

        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def loaded_models() -> list[dict[str, Any]]:
    """Models held in memory by this process (embedders and rerankers), as the backend factories know them.

    Nothing is imported or loaded to answer: a factory whose module was never imported has loaded nothing.
    """

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

    device = detect_device(settings.models.device)
    torch_version = None
    gpu_in_use = None
    if device.torch_build != "none":
        import torch  # heavy: torch loads only with a model that needs it

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
