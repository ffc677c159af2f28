"""A workspace is a folder of documents; everything Greffier keeps for it lives in ``.greffier/``.

``<workspace>/.greffier/`` holds the SQLite database (contracts, chunks, file records, settings,
later chat history and flags), the Chroma store and the BM25 index. Two workspaces share nothing.
"""

from __future__ import annotations

import fcntl
import logging
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from greffier.config import Settings
from greffier.errors import EmbedderMismatchError, WorkspaceError
from store import bm25 as bm25_store
from store import repository as repo
from store import vectors
from store.db import get_engine, session_scope
from greffier.text import tokenize

log = logging.getLogger(__name__)

DATA_DIR = ".greffier"
LOCK_FILE = "writer.lock"
EMBEDDER_KEY = "embedder_signature"
WORKSPACE_ID_KEY = "workspace_id"
VECTOR_STORE_KEY = "vector_store"  # "embedded" or "server": where this workspace's vectors live


@dataclass
class Workspace:
    """Handles to one workspace's stores. Cheap to build; the engine and clients are shared."""

    root: Path
    settings: Settings
    _collection: object | None = field(default=None, repr=False)

    @classmethod
    def open(cls, settings: Settings, *, create: bool = True) -> Workspace:
        root = Path(settings.workspace).expanduser().resolve()
        if root.exists() and not root.is_dir():
            raise WorkspaceError(f"workspace {root} is a file: give a folder (GREFFIER_WORKSPACE or --workspace)")
        if not root.exists():
            if not create:
                raise WorkspaceError(f"workspace {root} does not exist: ingest documents into it first")
            root.mkdir(parents=True)
        (root / DATA_DIR).mkdir(exist_ok=True)
        return cls(root=root, settings=settings)

    @property
    def data_dir(self) -> Path:
        return self.root / DATA_DIR

    @property
    def engine(self):  # noqa: ANN201
        return get_engine(self.data_dir)

    @contextmanager
    def session(self):  # noqa: ANN201
        with session_scope(self.engine) as session:
            yield session

    @property
    def workspace_id(self) -> str:
        with self.session() as session:
            value = repo.get_meta(session=session, key=WORKSPACE_ID_KEY)
            if value is None:
                value = uuid.uuid4().hex[:12]
                repo.set_meta(session=session, key=WORKSPACE_ID_KEY, value=value)
            return value

    # --- vectors ------------------------------------------------------------------------------

    def collection(self):  # noqa: ANN201
        """The workspace's Chroma collection (embedded store, or a server when configured).

        Raises:
            WorkspaceError: the settings point to the embedded store for a workspace whose vectors
                are on a Chroma server, or the other way round.
        """
        if self._collection is None:
            store_settings = self.settings.store
            self._check_vector_store("server" if store_settings.chroma_host else "embedded")
            client = vectors.get_client(self.data_dir, store_settings.chroma_host, store_settings.chroma_port)
            self._collection = vectors.get_collection(
                client, vectors.collection_name(self.workspace_id), ef_search=store_settings.hnsw_ef_search
            )
        return self._collection

    def _check_vector_store(self, location: str) -> None:
        """Refuse to open the other store: an ingest would re-embed every file into it (a silent fork)."""
        with self.session() as session:
            recorded = repo.get_meta(session=session, key=VECTOR_STORE_KEY)
            if recorded is None:
                repo.set_meta(session=session, key=VECTOR_STORE_KEY, value=location)
                return
        if recorded != location:
            where = "on a Chroma server" if recorded == "server" else "in its embedded store (.greffier/chroma)"
            fix = (
                "set GREFFIER_STORE__CHROMA_HOST and GREFFIER_STORE__CHROMA_PORT to that server"
                if recorded == "server"
                else "unset GREFFIER_STORE__CHROMA_HOST"
            )
            raise WorkspaceError(f"the vectors of workspace {self.root} are {where}, and the settings point elsewhere: {fix}")

    # --- embedder bookkeeping -----------------------------------------------------------------

    def recorded_embedder(self) -> str | None:
        with self.session() as session:
            return repo.get_meta(session=session, key=EMBEDDER_KEY)

    def check_embedder(self, signature: str) -> None:
        """Refuse to mix vectors of two models in one index."""
        recorded = self.recorded_embedder()
        if recorded and recorded != signature:
            raise EmbedderMismatchError(
                f"this workspace was indexed with the embedder {recorded!r}, and the current one is "
                f"{signature!r}: vectors of two models cannot be mixed. Re-index with "
                f"'python -m greffier reindex --workspace {self.root}' or select the previous model "
                "(GREFFIER_MODELS__EMBEDDER)."
            )

    def record_embedder(self, signature: str) -> None:
        with self.session() as session:
            repo.set_meta(session=session, key=EMBEDDER_KEY, value=signature)

    # --- lexical index ------------------------------------------------------------------------

    def generation(self) -> int:
        with self.session() as session:
            return repo.get_generation(session=session)

    def bm25(self) -> bm25_store.BM25Index:
        """The BM25 index matching the committed chunks (rebuilt from SQLite when stale)."""
        return bm25_store.cached_index(self.data_dir, self.generation(), self._build_bm25)

    def _build_bm25(self) -> bm25_store.BM25Index:
        with self.session() as session:
            generation = repo.get_generation(session=session)
            ids, tokens = repo.all_bm25_tokens(session=session)
        index = bm25_store.BM25Index.build(ids, tokens, generation)
        return index

    def refresh_bm25(self) -> bm25_store.BM25Index:
        """Rebuild and save the lexical index when the chunks changed since it was written."""
        generation = self.generation()
        if bm25_store.saved_generation(self.data_dir) == generation:
            return self.bm25()
        index = self._build_bm25()
        index.save(self.data_dir)
        bm25_store.forget(self.data_dir)
        return self.bm25()

    @staticmethod
    def bm25_tokens(text: str) -> str:
        return " ".join(tokenize(text))

    # --- writer lock --------------------------------------------------------------------------

    @contextmanager
    def writer_lock(self, *, wait: bool = True) -> Iterator[None]:
        """One writer per workspace across processes (ingest, re-index, repair)."""
        path = self.data_dir / LOCK_FILE
        with open(path, "a+") as handle:
            flags = fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB
            try:
                fcntl.flock(handle, flags)
            except BlockingIOError as exc:
                raise WorkspaceError(f"another Greffier process is writing to {self.root}: wait for it to finish") from exc
            handle.seek(0)
            handle.truncate()
            handle.write(str(os.getpid()))
            handle.flush()
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def relative(self, path: Path) -> str:
        """A path inside the workspace as a POSIX string relative to its root."""
        return Path(os.path.relpath(Path(path).resolve(), self.root)).as_posix()
