"""Write chunks of converted documents to a workspace: vectors to Chroma, rows to SQLite.

Order matters for crash safety: vectors are upserted first, then the SQLite transaction that makes the
contract and its chunks visible. A crash in between leaves only vectors with no row, which the next
ingest (or ``greffier doctor``) deletes; SQLite never points at a vector that was not written.
"""

from __future__ import annotations

import hashlib
import logging
from collections import defaultdict
from typing import Any

from haystack import Document, component

from pipelines._serialization import StoreComponent
from store import bm25 as bm25_store
from store import repository as repo
from store import vectors
from store.models import Chunk, Contract
from store.workspace import WorkspaceStore

log = logging.getLogger(__name__)


@component
class WorkspaceWriter(StoreComponent):
    """Stores embedded chunks and their parent documents in the workspace ``store`` (the writer's:
    call it under the store's writer lock)."""

    def __init__(self, store: WorkspaceStore) -> None:
        self.store = store

    @component.output_types(written=list[str], chunks=int, failures=list[dict])
    def run(
        self,
        documents: list[Document],
        parents: list[Document],
        failures: list[dict] | None = None,
        embedder: dict | None = None,
    ) -> dict[str, Any]:
        """Store ``parents`` (converted documents) with their ``documents`` (embedded chunks).

        Returns the ids of the stored parents, the number of chunks written, and the conversion
        failures passed through unchanged.
        """
        signature = (embedder or {}).get("model")
        if signature:
            self.store.check_embedder(signature)
        by_parent: dict[str, list[Document]] = defaultdict(list)
        for chunk in documents:
            by_parent[chunk.meta["doc_id"]].append(chunk)
        collection = self.store.collection(create=True)
        written: list[str] = []
        total_chunks = 0
        for parent in parents:
            chunks = sorted(by_parent.get(parent.id, []), key=lambda d: d.meta["chunk_index"])
            missing = [c.id for c in chunks if c.embedding is None]
            if missing:
                raise ValueError(f"chunks without embeddings cannot be written: {missing[:3]}")
            if chunks:
                collection.upsert(
                    ids=[c.id for c in chunks],
                    embeddings=[list(map(float, c.embedding)) for c in chunks],
                    metadatas=[vectors.chroma_metadata(c.meta) for c in chunks],
                )
            with self.store.session() as session:
                stale = repo.replace_contract(
                    session=session, contract=_contract_row(parent), chunks=[_chunk_row(c) for c in chunks]
                )
                repo.bump_generation(session=session)
                if signature:
                    repo.set_meta(session=session, key="embedder_signature", value=signature)
            if stale:
                collection.delete(ids=stale)
            written.append(parent.id)
            total_chunks += len(chunks)
        return {"written": written, "chunks": total_chunks, "failures": list(failures or [])}


def _contract_row(parent: Document) -> Contract:
    meta = parent.meta
    return Contract(
        id=parent.id,
        file=meta["file"],
        source_path=meta.get("source_path", meta["file"]),
        title=meta.get("title") or meta["file"],
        pages=meta.get("pages"),
        converter=meta.get("converter"),
        content_hash=meta.get("content_hash") or hashlib.sha256((parent.content or "").encode()).hexdigest(),
        position=int(meta.get("position", 0)),
        text=parent.content or "",
        warnings=list(meta.get("warnings", [])),
        manifest=dict(meta.get("manifest", {})),
    )


def _chunk_row(chunk: Document) -> Chunk:
    meta = chunk.meta
    header = meta.get("header")
    return Chunk(
        id=chunk.id,
        contract_id=meta["doc_id"],
        chunk_index=int(meta["chunk_index"]),
        page=meta.get("page"),
        page_end=meta.get("page_end"),
        section=meta.get("section"),
        start=int(meta["start"]),
        end=int(meta["end"]),
        text=chunk.content or "",
        header=header,
        bm25_tokens=bm25_store.chunk_tokens(meta.get("section"), chunk.content or "", header),
        clause_types=[str(t) for t in meta.get("clause_types") or []],
    )
