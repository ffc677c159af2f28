"""The workspace's Chroma collection: cosine space, explicit ids, embeddings always passed in.

Chroma's default embedding function downloads a model when documents are added or queried without
embeddings, so this module never lets that happen: every write and query carries its vectors.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import greffier  # noqa: F401  (privacy switches before chromadb is imported)

# chromadb is imported where a client is made, not here: importing it costs 0.65 s, and the app's
# first page (and every CLI command that opens a workspace) needs SQLite, not vectors.

log = logging.getLogger(__name__)

CHROMA_DIR = "chroma"
COLLECTION_PREFIX = "chunks"

def _chroma_settings():  # noqa: ANN202
    from chromadb.config import Settings as ChromaSettings  # heavy: 0.65 s to import, only when a vector client is made

    return ChromaSettings(anonymized_telemetry=False, allow_reset=False)


def make_client(data_dir: Path, host: str | None = None, port: int = 8000):  # noqa: ANN201
    """A Chroma client: persistent under ``data_dir``, or an HTTP client to a server.

    The workspace store keeps the one it made and closes it with the store.
    """
    import chromadb  # heavy: 0.65 s to import, only when a vector client is made

    if host:
        return chromadb.HttpClient(host=host, port=port, settings=_chroma_settings())
    path = (Path(data_dir) / CHROMA_DIR).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=_chroma_settings())


def close_client(client) -> None:  # noqa: ANN001
    """Release a client (Chroma stops the embedded system when its last client closes)."""
    close = getattr(client, "close", None)
    if callable(close):
        try:
            close()
        except Exception as exc:  # noqa: BLE001  (closing must not fail a shutdown)
            log.debug("closing a Chroma client failed: %s", exc)


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


def existing_collection(client, name: str):  # noqa: ANN001, ANN201
    """The chunk collection when it exists, else None. A reader neither creates a collection nor
    changes its configuration: a new ``ef_search`` is applied by the next writer (:func:`get_collection`)."""
    try:
        return client.get_collection(name=name, embedding_function=None)
    except Exception:  # noqa: BLE001  (chromadb raises NotFoundError or ValueError depending on the version)
        return None


def drop_collection(client, name: str) -> None:  # noqa: ANN001
    try:
        client.delete_collection(name)
    except Exception:  # noqa: BLE001  (absent collection: nothing to drop)
        pass


def chroma_metadata(meta: dict[str, Any]) -> dict[str, Any]:
    """Chroma accepts only scalar metadata values and no None: keep what filters need."""
    out: dict[str, Any] = {}
    for key in ("doc_id", "file", "page", "page_end", "section", "chunk_index"):
        value = meta.get(key)
        if value is not None and isinstance(value, (str, int, float, bool)):
            out[key] = value
    return out
