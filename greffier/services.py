"""Read-only views of a workspace for the CLI, the app and the tools."""

from __future__ import annotations

from typing import Any

from greffier.config import Settings
from greffier.workspace import Workspace
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
