"""A workspace's open resources, owned by one object: :class:`WorkspaceStore`.

A workspace is a folder of documents; everything Greffier keeps for it lives in ``.greffier/``: the
SQLite database (contracts, chunks, file records, data-room records, chat threads, flags), the Chroma
store and the BM25 index. For one workspace in one process, a :class:`WorkspaceStore` owns the SQLite
engine, the Chroma client and collection, the BM25 index of the current chunk generation and every
cache of what is derived from them (:meth:`WorkspaceStore.memo`); :func:`open_store` hands out the one
store of a workspace and :func:`close_store` / :func:`close_all` close them.

Reads never write. Only the writer — ingest, re-index, ``doctor --repair`` — changes what is stored,
holding :meth:`WorkspaceStore.writer_lock`; searches, data-room queries and the app read. SQLite runs
in WAL mode, so a read during an ingest sees the state before or after each of the writer's
transactions, never half of one.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
import uuid
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy.engine import Engine
from sqlmodel import Session

from greffier.config import StoreSettings
from greffier.errors import EmbedderMismatchError, WorkspaceError
from store import bm25 as bm25_store
from store import repository as repo
from store import vectors
from store.db import create_workspace_engine, session_scope

log = logging.getLogger(__name__)

DATA_DIR = ".greffier"
LOCK_FILE = "writer.lock"
EMBEDDER_KEY = "embedder_signature"
WORKSPACE_ID_KEY = "workspace_id"
VECTOR_STORE_KEY = "vector_store"  # "embedded" or "server": where this workspace's vectors live

T = TypeVar("T")


class WorkspaceStore:
    """The open resources of the workspace at ``root`` (see the module docstring).

    Building one is cheap: the engine, the Chroma client and the indexes open on first use. Get it
    from :func:`open_store` rather than building it, so that a workspace has one store per process.
    """

    def __init__(self, root: str | Path, *, chroma_host: str | None = None, chroma_port: int = 8000, hnsw_ef_search: int = 400) -> None:
        self.root = Path(root).expanduser().resolve()
        self.chroma_host = chroma_host
        self.chroma_port = chroma_port
        self.hnsw_ef_search = hnsw_ef_search
        self._lock = threading.RLock()
        self._engine: Engine | None = None
        self._chroma: Any = None
        self._collection: Any = None
        self._collection_generation: int | None = None  # the chunk generation when a reader opened the collection
        self._writes_vectors = False  # this store opened the collection to write (its own writes are in its index)
        self._bm25: bm25_store.BM25Index | None = None
        self._memos: dict[Hashable, tuple[Hashable, Any]] = {}
        self._closed = False

    # --- identity and paths -------------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        return self.root / DATA_DIR

    @property
    def settings(self) -> StoreSettings:
        return StoreSettings(chroma_host=self.chroma_host, chroma_port=self.chroma_port, hnsw_ef_search=self.hnsw_ef_search)

    def exists(self) -> bool:
        """Whether anything was ever stored for this workspace (its ``.greffier`` folder exists)."""
        return self.data_dir.is_dir()

    def relative(self, path: Path) -> str:
        """A path inside the workspace as a POSIX string relative to its root."""
        return Path(os.path.relpath(Path(path).resolve(), self.root)).as_posix()

    def __repr__(self) -> str:
        return f"WorkspaceStore({str(self.root)!r})"

    # --- SQLite -------------------------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        """The workspace database's engine, created and migrated on first use."""
        with self._lock:
            self._check_open()
            if self._engine is None:
                if not self.exists():
                    raise WorkspaceError(f"workspace {self.root} holds nothing yet: ingest documents into it first")
                self._engine = create_workspace_engine(self.data_dir)
            return self._engine

    @contextmanager
    def session(self) -> Iterator[Session]:
        """One session per action: commits on success, rolls back on error."""
        with session_scope(self.engine) as session:
            yield session

    def generation(self) -> int:
        """The chunk generation: bumped by the writer whenever the set of chunks changes."""
        with self.session() as session:
            return repo.get_generation(session=session)

    def get_meta(self, key: str) -> str | None:
        with self.session() as session:
            return repo.get_meta(session=session, key=key)

    @property
    def workspace_id(self) -> str | None:
        """The workspace's id (names its vector collection); None until the first write."""
        return self.get_meta(WORKSPACE_ID_KEY)

    def ensure_identity(self) -> str:
        """The workspace id, created when missing (writer only)."""
        with self.session() as session:
            value = repo.get_meta(session=session, key=WORKSPACE_ID_KEY)
            if value is None:
                value = uuid.uuid4().hex[:12]
                repo.set_meta(session=session, key=WORKSPACE_ID_KEY, value=value)
            return value

    # --- vectors ------------------------------------------------------------------------------

    def collection(self, *, create: bool = False) -> Any:
        """The workspace's Chroma collection (embedded store, or a server when configured).

        A reader (``create=False``) gets None while nothing was ever written; the writer creates the
        collection and records where the vectors live.

        Raises:
            WorkspaceError: the settings point to the embedded store for a workspace whose vectors
                are on a Chroma server, or the other way round.
        """
        with self._lock:
            self._check_open()
            generation = self.generation() if not create and not self._writes_vectors and not self.chroma_host else None
            if self._collection is not None and generation is not None and generation != self._collection_generation:
                # another process (an ingest from the CLI) changed the vectors since this reader opened them: the embedded
                # store's index in memory misses them ("Error finding id"); closing its last client reads them again
                log.info("vectors changed by another process (generation %s → %s): vector store reopened", self._collection_generation, generation)
                vectors.close_client(self._chroma)
                self._chroma = self._collection = None
            if create:
                self._writes_vectors = True
            if self._collection is not None:
                return self._collection
            self._collection_generation = generation
            location = "server" if self.chroma_host else "embedded"
            recorded = self.get_meta(VECTOR_STORE_KEY)
            if recorded is not None and recorded != location:
                where = "on a Chroma server" if recorded == "server" else "in its embedded store (.greffier/chroma)"
                fix = "set GREFFIER_STORE__CHROMA_HOST and GREFFIER_STORE__CHROMA_PORT to that server" if recorded == "server" else "unset GREFFIER_STORE__CHROMA_HOST"
                raise WorkspaceError(f"the vectors of workspace {self.root} are {where}, and the settings point elsewhere: {fix}")
            workspace_id = self.ensure_identity() if create else self.workspace_id
            if workspace_id is None or (recorded is None and not create):
                return None
            client = self._client()
            name = vectors.collection_name(workspace_id)
            if create:
                if recorded is None:
                    with self.session() as session:
                        repo.set_meta(session=session, key=VECTOR_STORE_KEY, value=location)
                self._collection = vectors.get_collection(client, name, ef_search=self.hnsw_ef_search)
            else:
                self._collection = vectors.existing_collection(client, name)
            return self._collection

    def _client(self) -> Any:
        if self._chroma is None:
            self._chroma = vectors.make_client(self.data_dir, self.chroma_host, self.chroma_port)
        return self._chroma

    def vector_batch_size(self) -> int:
        """The most vectors one Chroma call takes (its SQLite's variable limit)."""
        return int(self._client().get_max_batch_size())

    def drop_collection(self) -> None:
        """Delete the vector collection (writer only: re-index with another embedder)."""
        with self._lock:
            workspace_id = self.ensure_identity()
            vectors.drop_collection(self._client(), vectors.collection_name(workspace_id))
            self._collection = None

    # --- lexical index ------------------------------------------------------------------------

    def bm25(self) -> bm25_store.BM25Index:
        """The BM25 index of the committed chunks: the saved one when its stamp matches the chunk
        generation, else built in memory from the tokens in SQLite (nothing is written)."""
        generation = self.generation()
        with self._lock:
            if self._bm25 is not None and self._bm25.generation == generation:
                return self._bm25
            index = bm25_store.BM25Index.load(self.data_dir)
            if index is None or index.generation != generation:
                index = self._build_bm25()
            self._bm25 = index
            return index

    def _build_bm25(self) -> bm25_store.BM25Index:
        with self.session() as session:
            generation = repo.get_generation(session=session)
            ids, tokens = repo.all_bm25_tokens(session=session)
        return bm25_store.BM25Index.build(ids, tokens, generation)

    def refresh_bm25(self) -> bm25_store.BM25Index:
        """Rebuild and save the lexical index when the chunks changed since it was written (writer only)."""
        generation = self.generation()
        if bm25_store.saved_generation(self.data_dir) != generation:
            index = self._build_bm25()
            index.save(self.data_dir)
            with self._lock:
                self._bm25 = index
        return self.bm25()

    # --- derived data, cached -----------------------------------------------------------------

    def memo(self, key: Hashable, build: Callable[[], T], *, stamp: Hashable = None) -> T:
        """``build()``'s value, kept until ``stamp`` changes (e.g. the chunk generation) or the store closes.

        The one cache of what is derived from this workspace's data: data-room records, the index of
        contract names, the duplicates' text features, warmed pipelines.
        """
        with self._lock:
            found = self._memos.get(key)
            if found is not None and found[0] == stamp:
                return found[1]
        value = build()  # outside the lock: a slow build must not block other keys
        with self._lock:
            self._memos[key] = (stamp, value)
        return value

    def forget(self, key: Hashable) -> None:
        with self._lock:
            self._memos.pop(key, None)

    # --- embedder bookkeeping -----------------------------------------------------------------

    def recorded_embedder(self) -> str | None:
        return self.get_meta(EMBEDDER_KEY)

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

    # --- writer lock --------------------------------------------------------------------------

    @contextmanager
    def writer_lock(self, *, wait: bool = True) -> Iterator[None]:
        """One writer per workspace across processes (ingest, re-index, repair)."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
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
                try:
                    self._wrote()  # before the lock is let go: another writer's generation is not taken for this one's
                finally:
                    fcntl.flock(handle, fcntl.LOCK_UN)

    def _wrote(self) -> None:
        """This store is a reader again once its write is over: its index in memory holds its own writes (the generation they
        made), and another process's later writes must reopen it (the app walk of round 32: a document removed in the app and
        ingested again from the CLI broke the chat's dense search until a restart — "Error finding id")."""
        with self._lock:
            if self._writes_vectors and not self._closed:
                self._writes_vectors = False
                self._collection_generation = self.generation() if not self.chroma_host else None

    # --- life cycle ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the engine's connections and drop the Chroma handle, the indexes and the caches."""
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
            self._engine = None
            if self._chroma is not None:
                vectors.close_client(self._chroma)
            self._chroma = None
            self._collection = None
            self._bm25 = None
            self._memos.clear()
            self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise WorkspaceError(f"the store of workspace {self.root} was closed: open it again with open_store()")

    # --- Haystack serialisation (components carry their store, as document_store= does) ---------

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": f"{type(self).__module__}.{type(self).__name__}",
            "init_parameters": {"root": str(self.root), "chroma_host": self.chroma_host, "chroma_port": self.chroma_port, "hnsw_ef_search": self.hnsw_ef_search},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WorkspaceStore:
        """The open store of the serialised workspace (through :func:`open_store`)."""
        params = data["init_parameters"]
        settings = StoreSettings(chroma_host=params.get("chroma_host"), chroma_port=params.get("chroma_port", 8000), hnsw_ef_search=params.get("hnsw_ef_search", 400))
        return open_store(params["root"], settings)


# --- the registry: one store per workspace and store settings, per process ----------------------

_stores: dict[tuple[str, str | None, int, int], WorkspaceStore] = {}
_stores_lock = threading.Lock()


def open_store(root: str | Path, settings: StoreSettings | None = None, *, create: bool = False, must_exist: bool = False) -> WorkspaceStore:
    """The open store of the workspace at ``root``.

    Args:
        root: the workspace folder.
        settings: where its vectors live (embedded store or a Chroma server) and the HNSW search depth.
        create: make the folder and its ``.greffier/`` when missing (the writer does; readers don't:
            a reader of a folder that holds nothing sees an empty workspace, :meth:`WorkspaceStore.exists`).
        must_exist: refuse a folder that does not exist (a tool call, the MCP server).

    Raises:
        WorkspaceError: ``root`` is a file, or does not exist and ``must_exist`` is true.
    """
    settings = settings or StoreSettings()
    path = Path(root).expanduser().resolve()
    if path.exists() and not path.is_dir():
        raise WorkspaceError(f"workspace {path} is a file: give a folder (GREFFIER_WORKSPACE or --workspace)")
    if create:
        (path / DATA_DIR).mkdir(parents=True, exist_ok=True)
    elif must_exist and not path.exists():
        raise WorkspaceError(f"workspace {path} does not exist: ingest documents into it first")
    key = (str(path), settings.chroma_host, settings.chroma_port, settings.hnsw_ef_search)
    with _stores_lock:
        store = _stores.get(key)
        if store is None:
            store = WorkspaceStore(path, chroma_host=settings.chroma_host, chroma_port=settings.chroma_port, hnsw_ef_search=settings.hnsw_ef_search)
            _stores[key] = store
    return store


def close_store(root: str | Path) -> None:
    """Close every open store of the workspace at ``root`` (a workspace switch, a test's end)."""
    path = str(Path(root).expanduser().resolve())
    with _stores_lock:
        keys = [key for key in _stores if key[0] == path]
        stores = [_stores.pop(key) for key in keys]
    for store in stores:
        store.close()


def close_all() -> None:
    """Close every open store of this process."""
    with _stores_lock:
        stores = list(_stores.values())
        _stores.clear()
    for store in stores:
        store.close()


def open_workspace(settings: Any, *, create: bool = False, must_exist: bool = False) -> WorkspaceStore:
    """The open store of the workspace of ``settings`` (a :class:`greffier.config.Settings`); see :func:`open_store`."""
    return open_store(settings.workspace, settings.store, create=create, must_exist=must_exist)
