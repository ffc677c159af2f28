"""Ingestion service: bring a folder, a file or a data-room JSON into a workspace, incrementally.

Each file's content hash is recorded: an unchanged file is skipped, a changed file's chunks are
replaced, a file that disappeared has its chunks deleted. One bad file is recorded with a clear error
and the batch goes on; a file that turns bad keeps its previously indexed version.

Files outside the workspace are first copied into it (``<workspace>/<folder name>/...``), since
Greffier refers to every document by its path relative to the workspace.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import time
from datetime import datetime, timezone
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from greffier.config import Settings
from greffier.dataroom.json_index import DataRoomEntry, looks_like_dataroom, read_dataroom
from greffier.errors import DataRoomFormatError, GreffierError
from greffier.text import plural
from store.workspace import DATA_DIR, open_workspace
from store import repository as repo
from store.consistency import reconcile, retokenize_if_needed
from store.models import SourceFile
from pipelines.ingestion import build_file_ingestion_pipeline
from pipelines.ingestion import build_text_ingestion_pipeline, clause_classifier
from pipelines.writers.clause_labels import relabel_if_needed
from store.records import refresh_records
from greffier.models import embedder_signature, resolve_embedder

log = logging.getLogger(__name__)

TEXT_BATCH = 16  # data-room entries embedded per pipeline run
# Files that operating systems and editors leave behind: never documents, skipped without a report.
JUNK_FILES = {".DS_Store", "Thumbs.db", "desktop.ini", ".directory"}


def is_junk(name: str) -> bool:
    return name in JUNK_FILES or name.startswith(("~$", "._", ".~lock."))


@dataclass(frozen=True)
class ProgressEvent:
    """One step of an ingest: ``stage`` is scan | file | cleanup | index | done."""

    stage: str
    index: int = 0
    total: int = 0
    file: str | None = None
    status: str | None = None  # ingested | unchanged | failed | removed
    detail: str | None = None


ProgressCallback = Callable[[ProgressEvent], None]


@dataclass
class IngestReport:
    ingested: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    failed: list[dict[str, str]] = field(default_factory=list)
    contracts: int = 0
    chunks: int = 0
    pages: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "ingested": len(self.ingested),
            "unchanged": len(self.unchanged),
            "removed": len(self.removed),
            "failed": list(self.failed),
            "contracts": self.contracts,
            "chunks": self.chunks,
            "pages": self.pages,
            "seconds": round(self.seconds, 3),
        }


def _noop(_event: ProgressEvent) -> None:
    return None


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Ingestor:
    """Runs one ingest into a workspace. Build pipelines once; reuse for every file."""

    def __init__(self, settings: Settings, progress: ProgressCallback | None = None) -> None:
        self.settings = settings
        self.workspace = open_workspace(settings, create=True)
        self.progress = progress or _noop
        self._file_pipeline = None
        self._text_pipeline = None

    # --- pipelines (built lazily: a no-op re-ingest never loads a model) ----------------------

    def file_pipeline(self):  # noqa: ANN201
        if self._file_pipeline is None:

            self._file_pipeline = build_file_ingestion_pipeline(self.settings, self.workspace)
        return self._file_pipeline

    def text_pipeline(self):  # noqa: ANN201
        if self._text_pipeline is None:

            self._text_pipeline = build_text_ingestion_pipeline(self.settings, self.workspace)
        return self._text_pipeline

    # --- entry point --------------------------------------------------------------------------

    def ingest(self, path: str | Path, *, retry_failed: bool = False) -> IngestReport:
        """Ingest ``path`` (folder, file or data-room JSON). Raises GreffierError for a bad path."""
        started = time.perf_counter()
        source = Path(path).expanduser()
        if not source.exists():
            raise GreffierError(f"{path}: no such file or folder")
        report = IngestReport()
        with self.workspace.writer_lock():
            self._check_embedder()
            reconcile(self.workspace)
            retokenize_if_needed(self.workspace)
            self._skipped: list[tuple[str, str]] = []
            self._refused: list[tuple[str, str]] = []
            if source.is_file() and (why := self._unsupported(source)) and not self._inside_workspace(source.resolve()):
                # refused before anything is copied: a system file typed by mistake must not land in a client's workspace (app walk 31)
                raise GreffierError(f"{source}: {why}; nothing was copied into the workspace")
            target = self._bring_into_workspace(source.resolve())
            report.failed += [{"file": rel, "error": why} for rel, why in self._skipped]
            # a file of a type Greffier cannot read is not copied, but recorded as failed like any other (the Documents page lists it)
            for rel, why in self._refused:
                self._record_failure(Path(rel), why, "unsupported", report)
            refused = {rel for rel, _why in self._refused}
            scope = self.workspace.relative(target)
            if target.is_dir():
                files = self._discover(target, report)
            else:
                files = [target]
            self._ingest_files(files, report, retry_failed=retry_failed)
            self._remove_missing(scope, {self.workspace.relative(f) for f in files} | refused, report)
            self._refresh_indexes()
        return self._finish(report, started)

    def ingest_files(self, paths: list[str | Path], *, retry_failed: bool = True) -> IngestReport:
        """Ingest exactly these files, already inside the workspace (uploads saved there): the report
        and the progress speak of them alone — no other file of their folder is looked at, reported
        or removed. Raises GreffierError for a path missing or outside the workspace."""
        started = time.perf_counter()
        files = [Path(p).expanduser().resolve() for p in paths]
        root = self.workspace.root.resolve()
        for path in files:
            if not path.is_file() or root not in path.parents:
                raise GreffierError(f"{path}: not a file inside the workspace {root}: save it there first")
        report = IngestReport()
        with self.workspace.writer_lock():
            self._check_embedder()
            reconcile(self.workspace)
            retokenize_if_needed(self.workspace)
            self.progress(ProgressEvent("scan", total=len(files), detail=plural(len(files), "file") + " to read"))
            self._ingest_files(files, report, retry_failed=retry_failed)
            self._refresh_indexes()
        return self._finish(report, started)

    def _refresh_indexes(self) -> None:
        self.progress(ProgressEvent("index", detail="clause types"))
        relabel_if_needed(self.workspace, clause_classifier(self.settings))
        self.progress(ProgressEvent("index", detail="lexical index"))
        self.workspace.refresh_bm25()
        self.progress(ProgressEvent("index", detail="data-room records"))
        refresh_records(self.workspace)

    def _finish(self, report: IngestReport, started: float) -> IngestReport:
        with self.workspace.session() as session:
            totals = repo.counts(session=session)
        report.contracts, report.chunks = totals["documents"], totals["chunks"]
        report.seconds = time.perf_counter() - started
        self.progress(ProgressEvent("done", detail=f"{len(report.ingested)} ingested"))
        return report

    def _check_embedder(self) -> None:

        signature = embedder_signature(resolve_embedder(self.settings.models))
        with self.workspace.session() as session:
            has_chunks = repo.counts(session=session)["chunks"] > 0
        if has_chunks:
            self.workspace.check_embedder(signature)

    # --- bringing files in --------------------------------------------------------------------

    def _unsupported(self, path: Path) -> str | None:
        """Why Greffier cannot read a file of this type (« unsupported file type '.exe' »), or None."""
        suffix = path.suffix.lower()
        if suffix == ".json" or suffix in self.settings.ingest.extensions:
            return None
        kind = f"unsupported file type '{suffix}'" if suffix else "a file without an extension (.pdf, .docx…)"
        return f"{kind}: Greffier reads {', '.join(self.settings.ingest.extensions)}"

    def _inside_workspace(self, path: Path) -> bool:
        root = self.workspace.root
        return path == root or root in path.parents

    def _bring_into_workspace(self, source: Path) -> Path:
        root = self.workspace.root
        if self._inside_workspace(source):
            return source
        target = root / source.name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or file_hash(target) != file_hash(source):
                shutil.copy2(source, target)
            return target
        self.progress(ProgressEvent("scan", detail=f"copying {source.name} into the workspace"))
        self._skipped, self._refused = mirror_folder(source, target, self._unsupported)
        return target

    def _discover(self, folder: Path, report: IngestReport) -> list[Path]:
        """Files under ``folder`` that Greffier should look at, in a stable order."""
        found: list[Path] = []
        root = self.workspace.root
        for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != DATA_DIR)
            for name in sorted(filenames):
                if is_junk(name):
                    continue
                path = Path(dirpath) / name
                if path.is_symlink():
                    resolved = path.resolve()
                    if not (resolved == root or root in resolved.parents):
                        self._record_failure(path, "symlink leading outside the workspace: copy the file in instead", "outside", report)
                        continue
                found.append(path)
        self.progress(ProgressEvent("scan", total=len(found), detail=f"{plural(len(found), 'file')} found"))
        return found

    # --- per-file work ------------------------------------------------------------------------

    def _ingest_files(self, files: list[Path], report: IngestReport, *, retry_failed: bool) -> None:
        total = len(files)
        for index, path in enumerate(files, start=1):
            rel = self.workspace.relative(path)
            try:
                status = self._ingest_one(path, rel, report, retry_failed=retry_failed)
            except GreffierError:
                raise
            except Exception as exc:  # one file must never stop the batch
                log.exception("unexpected error while ingesting %s", rel)
                self._record_failure(path, f"unexpected error ({type(exc).__name__}): {exc}", "error", report)
                status = "failed"
            self.progress(ProgressEvent("file", index=index, total=total, file=rel, status=status))

    def _ingest_one(self, path: Path, rel: str, report: IngestReport, *, retry_failed: bool) -> str:
        suffix = path.suffix.lower()
        digest = file_hash(path)
        with self.workspace.session() as session:
            record = repo.get_source_file(session=session, path=rel)
        if record and record.content_hash == digest and (record.status == "ok" or not retry_failed):
            report.unchanged.append(rel)
            if record.status == "failed":
                report.failed.append({"file": rel, "error": record.error or "failed"})
            return "unchanged" if record.status == "ok" else "failed"
        if suffix == ".json":
            return self._ingest_dataroom(path, rel, digest, record, report)
        if (why := self._unsupported(path)) is not None:
            self._record_failure(path, why, "unsupported", report, digest=digest)
            return "failed"
        doc_id = (record.contract_ids[0] if record and record.contract_ids else None) or self._next_ids(1)[0]
        meta = {"doc_id": doc_id, "file": rel, "source_path": rel, "content_hash": digest, "position": 0}
        result = self.file_pipeline().run({"router": {"sources": [str(path)], "meta": [meta]}})
        # The writer does not run when no converter did (a type the router refused): its failures are the joiner's.
        writer = result.get("writer") or {"written": [], "failures": result.get("failures", {}).get("values", [])}
        if writer["written"]:
            pages = None
            with self.workspace.session() as session:
                contract = repo.get_contract(session=session, contract_id=doc_id)
                pages = contract.pages if contract else None
                repo.upsert_source_file(
                    session=session,
                    record=SourceFile(
                        path=rel, kind="file", content_hash=digest, size=path.stat().st_size, status="ok",
                        converter=contract.converter if contract else None, pages=pages, contract_ids=[doc_id],
                    ),
                )
            report.ingested.append(rel)
            report.pages += pages or 0
            return "ingested"
        failure = (writer["failures"] or [{"error": "no text could be extracted", "kind": "empty"}])[0]
        self._record_failure(path, failure["error"], failure.get("kind", "error"), report, digest=digest, keep=record)
        return "failed"

    def _ingest_dataroom(self, path: Path, rel: str, digest: str, record: SourceFile | None, report: IngestReport) -> str:
        if not looks_like_dataroom(path):
            self._record_failure(path, "JSON file that is not a data-room list ([{filename, content, ...}, ...]): skipped", "unsupported", report, digest=digest, keep=record)
            return "failed"
        try:
            entries = read_dataroom(path)
        except DataRoomFormatError as exc:
            self._record_failure(path, str(exc), "malformed", report, digest=digest, keep=record)
            return "failed"
        ids = self._dataroom_ids(entries, record)
        with self.workspace.session() as session:
            known = {cid: repo.get_contract(session=session, contract_id=cid) for cid in ids}
        todo: list[tuple[str, DataRoomEntry]] = []
        for contract_id, entry in zip(ids, entries):
            label = f"{rel}#{entry.filename}"
            if entry.problems:
                report.failed.append({"file": label, "error": "; ".join(entry.problems)})
                continue
            existing = known.get(contract_id)
            if existing is not None and existing.content_hash == entry.content_hash:
                report.unchanged.append(label)
                continue
            todo.append((contract_id, entry))
        for start in range(0, len(todo), TEXT_BATCH):
            batch = todo[start : start + TEXT_BATCH]
            texts = [entry.content for _, entry in batch]
            metas = [
                {
                    "doc_id": cid, "file": entry.filename, "source_path": rel, "content_hash": entry.content_hash,
                    "position": entry.position, "title": entry.manifest.get("title"), "manifest": entry.manifest,
                    "parties": [p for p in entry.manifest.get("parties") or [] if p],
                    "warnings": list(entry.warnings),
                }
                for cid, entry in batch
            ]
            result = self.text_pipeline().run({"converter": {"texts": texts, "meta": metas}})
            written = set(result["writer"]["written"])
            for cid, entry in batch:
                label = f"{rel}#{entry.filename}"
                if cid in written:
                    report.ingested.append(label)
                else:
                    report.failed.append({"file": label, "error": "no text could be extracted"})
            self.progress(ProgressEvent("file", index=min(start + TEXT_BATCH, len(todo)), total=len(todo), file=rel, status="ingested", detail="data-room entries"))
        kept = [cid for cid, entry in zip(ids, entries) if not entry.problems]
        with self.workspace.session() as session:
            previous = set(record.contract_ids) if record else set()
            removed_chunks: list[str] = []
            for gone in sorted(previous - set(kept)):
                removed_chunks += repo.delete_contract(session=session, contract_id=gone)
                report.removed.append(f"{rel}#{gone}")
            if removed_chunks:
                repo.bump_generation(session=session)
            repo.upsert_source_file(
                session=session,
                record=SourceFile(path=rel, kind="dataroom_json", content_hash=digest, size=path.stat().st_size, status="ok", converter="dataroom-json", contract_ids=ids),
            )
        if removed_chunks:
            self.workspace.collection(create=True).delete(ids=removed_chunks)
        return "ingested"

    # --- ids ----------------------------------------------------------------------------------

    def _next_ids(self, count: int, taken: set[str] | None = None) -> list[str]:
        with self.workspace.session() as session:
            existing = repo.contract_ids(session=session)
            for record in repo.list_source_files(session=session):
                existing |= set(record.contract_ids or [])
        existing |= taken or set()
        numbers = [int(m.group(1)) for cid in existing if (m := re.fullmatch(r"c(\d+)", cid))]
        start = max(numbers, default=0) + 1
        return [f"c{n:02d}" for n in range(start, start + count)]

    def _dataroom_ids(self, entries: list[DataRoomEntry], record: SourceFile | None) -> list[str]:
        """Ids in list order: c01, c02... for a new data room (stable on re-ingest by position)."""
        previous = list(record.contract_ids) if record else []
        ids = previous[: len(entries)]
        if len(ids) < len(entries):
            with self.workspace.session() as session:
                taken = repo.contract_ids(session=session) - set(previous)
            wanted = [f"c{n:02d}" for n in range(len(ids) + 1, len(entries) + 1)]
            if not record and not (set(wanted) & taken):
                ids += wanted
            else:
                ids += self._next_ids(len(entries) - len(ids), taken=set(ids))
        return ids

    # --- failures and removals ----------------------------------------------------------------

    def _record_failure(
        self, path: Path, error: str, kind: str, report: IngestReport, *, digest: str | None = None, keep: SourceFile | None = None
    ) -> None:
        rel = self.workspace.relative(path) if path.is_absolute() else str(path)
        kept_ids = list(keep.contract_ids) if keep else []
        if kept_ids:
            error = f"{error} (the previously indexed version is kept)"
        report.failed.append({"file": rel, "error": error})
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        with self.workspace.session() as session:
            repo.upsert_source_file(
                session=session,
                record=SourceFile(path=rel, kind="file", content_hash=digest or "", size=size, status="failed", error=error, error_kind=kind, contract_ids=kept_ids),
            )

    def _remove_missing(self, scope: str, present: set[str], report: IngestReport) -> None:
        """Forget files recorded under ``scope`` that are no longer on disk."""
        with self.workspace.session() as session:
            records = repo.list_source_files(session=session, under=None if scope == "." else scope)
        gone = [r.path for r in records if r.path not in present and not (self.workspace.root / r.path).exists()]
        if not gone:
            return
        removed_chunks: list[str] = []
        with self.workspace.session() as session:
            for rel in gone:
                removed_chunks += repo.delete_source_file(session=session, path=rel)
                report.removed.append(rel)
                self.progress(ProgressEvent("cleanup", file=rel, status="removed"))
            repo.bump_generation(session=session)
        if removed_chunks:
            self.workspace.collection(create=True).delete(ids=removed_chunks)


def mirror_folder(
    source: Path, target: Path, refuse: Callable[[Path], str | None] | None = None,
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Make ``target`` a copy of ``source``: new and changed files copied, vanished ones deleted.

    Returns the files not copied, with the reason: the symbolic links leading out of ``source``, then apart the files ``refuse``
    gives a reason not to read (a type Greffier cannot read is never copied).
    """
    target.mkdir(parents=True, exist_ok=True)
    wanted: set[Path] = set()
    skipped: list[tuple[str, str]] = []
    refused: list[tuple[str, str]] = []
    for dirpath, dirnames, filenames in os.walk(source, followlinks=False):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            src = Path(dirpath) / name
            if is_junk(name):
                continue
            if src.is_symlink():
                resolved = src.resolve()
                if not (resolved.is_file() and source in resolved.parents):
                    skipped.append((f"{target.name}/{src.relative_to(source).as_posix()}", "symbolic link leading outside the ingested folder (or broken): copy the file in instead"))
                    continue
            rel = src.relative_to(source)
            if refuse is not None and (why := refuse(src)):
                refused.append((f"{target.name}/{rel.as_posix()}", f"{why}; not copied into the workspace"))
                continue
            dst = target / rel
            wanted.add(rel)
            if dst.exists() and dst.stat().st_size == src.stat().st_size and file_hash(dst) == file_hash(src):
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    for dirpath, _dirnames, filenames in os.walk(target):
        for name in filenames:
            dst = Path(dirpath) / name
            if dst.relative_to(target) not in wanted and not is_junk(name):
                dst.unlink()
    return skipped, refused


REMOVED = "removed"


def reindex_files(settings: Settings, files: list[str], progress: ProgressCallback | None = None) -> IngestReport:
    """Convert and index ``files`` (workspace-relative paths) again, even when unchanged."""
    workspace = open_workspace(settings, create=True)
    with workspace.writer_lock():
        with workspace.session() as session:
            for rel in files:
                record = repo.get_source_file(session=session, path=rel)
                if record is not None:
                    record.content_hash = ""  # forgotten: the next ingest converts the file again
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


def remove_files(settings: Settings, files: list[str]) -> dict[str, Any]:
    """Take ``files`` out of every index (SQLite, Chroma, BM25, data-room records) and move them to
    ``<workspace>/.greffier/removed/<time>/``: out of the folders ingestion scans, and recoverable
    (move a file back and ingest to restore it).

    Returns ``{"removed": [...], "moved_to": folder or None}``. Raises WorkspaceError when another
    process is writing to the workspace.
    """

    workspace = open_workspace(settings)
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
            workspace.collection(create=True).delete(ids=chunk_ids)
        for rel in removed:
            path = workspace.root / rel
            if path.is_file():
                target = trash / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(str(path), str(target))
        workspace.refresh_bm25()
        refresh_records(workspace)
    return {"removed": removed, "moved_to": str(trash) if removed else None}


def ingest_path(settings: Settings, path: str | Path, progress: ProgressCallback | None = None, *, retry_failed: bool = False) -> IngestReport:
    """Convenience wrapper: ingest ``path`` into the workspace of ``settings``."""
    return Ingestor(settings, progress).ingest(path, retry_failed=retry_failed)
