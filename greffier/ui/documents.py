"""The documents screen's actions: save uploads into the workspace and ingest them, ingest a folder,
re-index files, remove files, and the rows of the document table.

Uploads go to ``<workspace>/uploads/``. Removing a file takes it out of every index (SQLite,
Chroma, BM25, data-room records) and moves it to ``<workspace>/.greffier/removed/<time>/`` — out of
the folders ingestion scans, and recoverable: move it back and ingest to restore it.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from greffier.config import Settings
from greffier.errors import GreffierError
from greffier.services.ingest import IngestReport, Ingestor, ProgressEvent
from greffier.services.status import list_documents
from store.workspace import Workspace
from store import repository as repo

UPLOADS = "uploads"
REMOVED = "removed"
ProgressCallback = Callable[[ProgressEvent], None]


def safe_upload_name(name: str) -> str:
    """The file name of an upload without any folder part. Raises GreffierError when empty or hidden."""
    cleaned = Path(str(name).replace("\\", "/")).name.strip()
    if not cleaned or cleaned.startswith("."):
        raise GreffierError(f"cannot save an upload named {name!r}: give the file a visible name")
    return cleaned


def save_uploads(settings: Settings, files: list[tuple[str, bytes]]) -> Path:
    """Write uploaded ``(name, content)`` files into ``<workspace>/uploads/``; returns that folder."""
    folder = Workspace.open(settings).root / UPLOADS
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files:
        (folder / safe_upload_name(name)).write_bytes(content)
    return folder


def ingest(settings: Settings, path: str | Path, progress: ProgressCallback | None = None) -> IngestReport:
    """Ingest a folder, a file or a data-room JSON (see :class:`greffier.services.ingest.Ingestor`).
    Raises GreffierError for a path that does not exist or an embedder mismatch."""
    return Ingestor(settings, progress).ingest(Path(str(path)).expanduser(), retry_failed=True)


def reindex(settings: Settings, files: list[str], progress: ProgressCallback | None = None) -> IngestReport:
    """Convert and index ``files`` (workspace-relative paths) again, even when unchanged."""
    workspace = Workspace.open(settings)
    with workspace.session() as session:
        for rel in files:
            record = repo.get_source_file(session=session, path=rel)
            if record is not None:
                record.content_hash = ""  # forget the hash: the next ingest re-reads the file
                session.add(record)
    total = IngestReport()
    for rel in files:
        path = workspace.root / rel
        if not path.is_file():
            total.failed.append({"file": rel, "error": "the file is no longer in the workspace: remove it from the list"})
            continue
        report = Ingestor(settings, progress).ingest(path, retry_failed=True)
        total.ingested += report.ingested
        total.unchanged += report.unchanged
        total.failed += report.failed
        total.contracts, total.chunks = report.contracts, report.chunks
    return total


def remove(settings: Settings, files: list[str]) -> dict[str, Any]:
    """Take ``files`` out of the indexes and move them to ``.greffier/removed/<time>/``.

    Returns ``{"removed": [...], "moved_to": folder}``. Raises WorkspaceError when another process
    is writing to the workspace.
    """
    from greffier.services.dataroom.records import refresh_records

    workspace = Workspace.open(settings)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    trash = workspace.data_dir / REMOVED / stamp
    removed: list[str] = []
    with workspace.writer_lock(wait=False):
        chunk_ids: list[str] = []
        with workspace.session() as session:
            for rel in files:
                if repo.get_source_file(session=session, path=rel) is None:
                    continue
                chunk_ids += repo.delete_source_file(session=session, path=rel)
                removed.append(rel)
            if removed:
                repo.bump_generation(session=session)
        if chunk_ids:
            workspace.collection().delete(ids=chunk_ids)
        for rel in removed:
            path = workspace.root / rel
            if path.is_file():
                target = trash / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(str(path), str(target))
        workspace.refresh_bm25()
        refresh_records(workspace)
    return {"removed": removed, "moved_to": str(trash) if removed else None}


def document_rows(settings: Settings) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(indexed documents, files that failed), each a list of table rows."""
    rows = list_documents(settings)
    indexed = [
        {"id": r["id"], "file": r["file"], "title": r["title"], "source": r["source"], "pages": r["pages"], "chunks": r["chunks"], "status": r["status"], "converter": r["converter"]}
        for r in rows if r["status"] != "failed"
    ]
    failed = [{"file": r["file"], "status": "failed", "error": r["error"]} for r in rows if r["status"] == "failed"]
    stale = [{"file": r["file"], "status": r["status"], "error": r["error"]} for r in rows if r["status"] not in ("indexed", "failed") and r["error"]]
    return indexed, failed + stale


def source_files(settings: Settings) -> list[str]:
    """Every file recorded by ingestion (workspace-relative), for the re-index / remove pickers."""
    workspace = Workspace.open(settings)
    with workspace.session() as session:
        return [record.path for record in repo.list_source_files(session=session)]


def progress_line(event: ProgressEvent) -> tuple[float | None, str]:
    """The fraction done (None when unknown) and a line saying what ingestion is doing."""
    if event.stage == "file" and event.total:
        status = {"ingested": "indexed", "unchanged": "unchanged", "failed": "FAILED"}.get(event.status or "", event.status or "")
        detail = f" ({event.detail})" if event.detail else ""
        return event.index / event.total, f"{event.index}/{event.total} · {event.file}{detail} — {status}"
    if event.stage == "scan":
        return (0.0 if event.total else None), event.detail or "looking for files…"
    if event.stage == "cleanup":
        return None, f"removed from the index: {event.file} (no longer on disk)"
    if event.stage == "index":
        return None, f"updating the {event.detail}…"
    if event.stage == "done":
        return 1.0, f"done: {event.detail}"
    return None, event.detail or event.stage
