"""The workspace's Chroma collection: cosine space, explicit ids, embeddings always passed in.

Chroma's default embedding function downloads a model when documents are added or queried without
embeddings, so this module never lets that happen: every write and query carries its vectors.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import greffier  # noqa: F401  (privacy switches before chromadb is imported)

# chromadb is imported where a client is made, not here: importing it costs 0.65 s, and the app's
# first page (and every CLI command that opens a workspace) needs SQLite, not vectors.

log = logging.getLogger(__name__)

CHROMA_DIR = "chroma"
COLLECTION_PREFIX = "chunks"

_clients: dict[str, Any] = {}
_clients_lock = threading.Lock()


def _chroma_settings():  # noqa: ANN202
    from chromadb.config import Settings as ChromaSettings

    return ChromaSettings(anonymized_telemetry=False, allow_reset=False)


def get_client(data_dir: Path, host: str | None = None, port: int = 8000):  # noqa: ANN201
    """A process-wide Chroma client: persistent under ``data_dir``, or an HTTP client to a server."""
    key = f"http://{host}:{port}" if host else str((Path(data_dir) / CHROMA_DIR).resolve())
    with _clients_lock:
        client = _clients.get(key)
        if client is None:
            import chromadb

            if host:
                client = chromadb.HttpClient(host=host, port=port, settings=_chroma_settings())
            else:
                path = Path(key)
                path.mkdir(parents=True, exist_ok=True)
                client = chromadb.PersistentClient(path=str(path), settings=_chroma_settings())
            _clients[key] = client
    return client


def forget_client(data_dir: Path) -> None:
    key = str((Path(data_dir) / CHROMA_DIR).resolve())
    with _clients_lock:
        _clients.pop(key, None)


def collection_name(workspace_id: str) -> str:
    """One collection per workspace (a shared server may hold several workspaces)."""
    return f"{COLLECTION_PREFIX}_{workspace_id}"


def get_collection(client, name: str, embedder_signature: str | None = None, *, ef_search: int | None = None):  # noqa: ANN001, ANN201
    """The chunk collection, created with cosine distance and no embedding function.

    ``ef_search`` (HNSW candidate list at query time) is set on the collection when it differs, new or
    existing; Chroma applies it when a process first loads the index. Recall@50 against an exact scan
    rises with it (docs/benchmarks.md, "Query latency at scale").
    """
    metadata = {"hnsw:space": "cosine"}
    if embedder_signature:
        metadata["embedder"] = embedder_signature
    collection = client.get_or_create_collection(name=name, metadata=metadata, embedding_function=None)
    if ef_search is not None:
        current = ((getattr(collection, "configuration", None) or {}).get("hnsw") or {}).get("ef_search")
        if current != ef_search:
            collection.modify(configuration={"hnsw": {"ef_search": ef_search}})
    return collection


def chroma_metadata(meta: dict[str, Any]) -> dict[str, Any]:
    """Chroma accepts only scalar metadata values and no None: keep what filters need."""
    out: dict[str, Any] = {}
    for key in ("doc_id", "file", "page", "page_end", "section", "chunk_index"):
        value = meta.get(key)
        if value is not None and isinstance(value, (str, int, float, bool)):
            out[key] = value
    return out
