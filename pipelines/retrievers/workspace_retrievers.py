"""Dense (Chroma) and lexical (BM25) retrievers over a workspace, with a metadata pre-filter.

Both take the same optional ``doc_ids`` filter and apply it *inside* the search (Chroma ``where``;
a BM25 weight mask), so a filtered search ranks among the allowed chunks only, never after a cut.
They return light documents (id, score, meta); the text is loaded once, after fusion.
"""

from __future__ import annotations

import time
from typing import Any

from haystack import Document, component

from greffier.config import load_settings
from greffier.workspace import Workspace
from store import repository as repo
from store.text_analysis import tokenize


class _WorkspaceComponent:
    workspace: str

    def _ws(self) -> Workspace:
        if getattr(self, "_workspace", None) is None:
            self._workspace = Workspace.open(load_settings(self.workspace), create=False)
        return self._workspace


def allowed_chunk_ids(workspace: Workspace, doc_ids: list[str] | None) -> set[str] | None:
    if doc_ids is None:
        return None
    ids: set[str] = set()
    with workspace.session() as session:
        for doc_id in doc_ids:
            ids.update(repo.chunk_ids_of(session=session, contract_id=doc_id))
    return ids


@component
class DenseRetriever(_WorkspaceComponent):
    """Nearest chunks by cosine similarity in the workspace's Chroma collection."""

    def __init__(self, workspace: str, top_k: int = 50) -> None:
        self.workspace = workspace
        self.top_k = top_k
        self._workspace = None

    @component.output_types(documents=list[Document], ms=float)
    def run(self, query_embedding: list[float], top_k: int | None = None, doc_ids: list[str] | None = None) -> dict[str, Any]:
        started = time.perf_counter()
        k = top_k or self.top_k
        collection = self._ws().collection()
        where = None
        if doc_ids is not None:
            if not doc_ids:
                return {"documents": [], "ms": 0.0}
            where = {"doc_id": {"$in": list(doc_ids)}}
        count = collection.count()
        if count == 0:
            return {"documents": [], "ms": (time.perf_counter() - started) * 1000}
        result = collection.query(query_embeddings=[query_embedding], n_results=min(k, count), where=where, include=["distances", "metadatas"])
        documents = [
            Document(id=chunk_id, score=1.0 - float(distance), meta={**(meta or {}), "dense_score": 1.0 - float(distance)})
            for chunk_id, distance, meta in zip(result["ids"][0], result["distances"][0], result["metadatas"][0])
        ]
        return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}


@component
class LexicalRetriever(_WorkspaceComponent):
    """BM25 over the workspace's chunks (French / English tokenisation)."""

    def __init__(self, workspace: str, top_k: int = 50) -> None:
        self.workspace = workspace
        self.top_k = top_k
        self._workspace = None

    def warm_up(self) -> None:
        self._ws().bm25()

    @component.output_types(documents=list[Document], ms=float)
    def run(self, query: str, top_k: int | None = None, doc_ids: list[str] | None = None) -> dict[str, Any]:
        started = time.perf_counter()
        workspace = self._ws()
        allowed = allowed_chunk_ids(workspace, doc_ids)
        hits = workspace.bm25().search(tokenize(query), top_k or self.top_k, allowed)
        documents = [Document(id=h.chunk_id, score=h.score, meta={"bm25_score": h.score}) for h in hits]
        return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}


@component
class ChunkHydrator(_WorkspaceComponent):
    """Loads text and provenance of ranked chunks from SQLite (the source of truth)."""

    def __init__(self, workspace: str) -> None:
        self.workspace = workspace
        self._workspace = None

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document]) -> dict[str, Any]:
        workspace = self._ws()
        with workspace.session() as session:
            rows = repo.get_chunks(session=session, chunk_ids=[d.id for d in documents])
            contracts = {}
            for row in rows.values():
                if row.contract_id not in contracts:
                    contracts[row.contract_id] = repo.get_contract(session=session, contract_id=row.contract_id)
        hydrated = []
        for doc in documents:
            row = rows.get(doc.id)
            if row is None:  # deleted since the vector search: never return a dangling chunk
                continue
            contract = contracts.get(row.contract_id)
            hydrated.append(
                Document(
                    id=doc.id,
                    content=row.text,
                    score=doc.score,
                    meta={
                        **doc.meta,
                        "doc_id": row.contract_id,
                        "file": contract.file if contract else None,
                        "title": contract.title if contract else None,
                        "page": row.page,
                        "page_end": row.page_end,
                        "section": row.section,
                        "header": row.header,
                        "start": row.start,
                        "end": row.end,
                    },
                )
            )
        return {"documents": hydrated}
