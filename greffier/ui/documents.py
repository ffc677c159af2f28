"""The documents screen's actions: save uploads into the workspace and ingest them, ingest a folder,
re-index files, remove files, and the rows of the document table.

Uploads go to ``<workspace>/uploads/``. Removing a file takes it out of every index (SQLite,
Chroma, BM25, data-room records) and moves it to ``<workspace>/.greffier/removed/<time>/`` — out of
the folders ingestion scans, and recoverable: move it back and ingest to restore it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from greffier.config import Settings
from greffier.errors import GreffierError
from greffier.services.ingest import IngestReport, Ingestor, ProgressEvent, reindex_files, remove_files
from greffier.services.status import list_documents, source_files  # noqa: F401  (source_files: the page lists them through this module)
from greffier.text import noun, plural
from greffier.ui.text import tail_path
from store.workspace import open_workspace

UPLOADS = "uploads"
PROGRESS_PATH_CHARS = 70  # the progress bar's line holds about this many characters of a path
ProgressCallback = Callable[[ProgressEvent], None]


def safe_upload_name(name: str) -> str:
    """The file name of an upload without any folder part. Raises GreffierError when empty or hidden."""
    cleaned = Path(str(name).replace("\\", "/")).name.strip()
    if not cleaned or cleaned.startswith("."):
        raise GreffierError(f"cannot save an upload named {name!r}: give the file a visible name")
    return cleaned


def save_uploads(settings: Settings, files: list[tuple[str, bytes]]) -> list[Path]:
    """Write uploaded ``(name, content)`` files into ``<workspace>/uploads/``; returns their paths."""
    folder = open_workspace(settings, create=True).root / UPLOADS
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    for name, content in files:
        path = folder / safe_upload_name(name)
        path.write_bytes(content)
        saved.append(path)
    return saved


def ingest_uploads(settings: Settings, paths: list[Path], progress: ProgressCallback | None = None) -> IngestReport:
    """Ingest the files just uploaded, and only them: the report says what happened to this upload,
    not to the files uploaded before (:meth:`greffier.services.ingest.Ingestor.ingest_files`)."""
    return Ingestor(settings, progress).ingest_files(paths, retry_failed=True)


def ingest(settings: Settings, path: str | Path, progress: ProgressCallback | None = None) -> IngestReport:
    """Ingest a folder, a file or a data-room JSON (see :class:`greffier.services.ingest.Ingestor`).
    Raises GreffierError for a path that does not exist or an embedder mismatch."""
    return Ingestor(settings, progress).ingest(Path(str(path)).expanduser(), retry_failed=True)


def reindex(settings: Settings, files: list[str], progress: ProgressCallback | None = None) -> IngestReport:
    """Convert and index ``files`` (workspace-relative paths) again, even when unchanged."""
    return reindex_files(settings, files, progress)


def remove(settings: Settings, files: list[str]) -> dict[str, Any]:
    """Take ``files`` out of the indexes and move them to ``.greffier/removed/<time>/``
    (:func:`greffier.services.ingest.remove_files`). Raises WorkspaceError when another process is writing."""
    return remove_files(settings, files)


def removed_line(outcome: dict[str, Any]) -> str:
    """What a removal did (:func:`remove`'s ``outcome``): « Removed 1 file; it is in … », « Removed 2 files; they are in … »."""
    count = len(outcome["removed"])
    return f"Removed {plural(count, 'file')}; {noun(count, 'it is', 'they are')} in {outcome['moved_to']}."


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


def summary_line(report: IngestReport) -> str:
    """What an ingest did, only what happened: « 3 files indexed, 1 failed. », « 1 file failed. »"""
    counts = [(len(report.ingested), "indexed"), (len(report.unchanged), "unchanged"), (len(report.removed), "removed (no longer on disk)"),
              (len(report.failed), "failed")]
    said = [(n, what) for n, what in counts if n]
    if not said:
        return "Nothing to ingest: no readable file there."
    first = f"{plural(said[0][0], 'file')} {said[0][1]}"
    return ", ".join([first, *(f"{n} {what}" for n, what in said[1:])]) + "."


def progress_line(event: ProgressEvent) -> tuple[float | None, str]:
    """The fraction done (None when unknown) and a line saying what ingestion is doing; a long path
    loses its leading folders, never a part of the file name."""
    if event.stage == "file" and event.total:
        status = {"ingested": "indexed", "unchanged": "unchanged", "failed": "FAILED"}.get(event.status or "", event.status or "")
        detail = f" ({event.detail})" if event.detail else ""
        return event.index / event.total, f"{event.index}/{event.total} · {tail_path(event.file, PROGRESS_PATH_CHARS)}{detail} — {status}"
    if event.stage == "scan":
        return (0.0 if event.total else None), event.detail or "looking for files…"
    if event.stage == "cleanup":
        return None, f"removed from the index: {event.file} (no longer on disk)"
    if event.stage == "index":
        return None, f"updating the {event.detail}…"
    if event.stage == "done":
        return 1.0, f"done: {event.detail}"
    return None, event.detail or event.stage
