"""Dense (Chroma) and lexical (BM25) retrievers over a workspace, with a metadata pre-filter.

Both take the same optional ``doc_ids`` filter and apply it *inside* the search (Chroma ``where``;
a BM25 weight mask), so a filtered search ranks among the allowed chunks only, never after a cut.
They return light documents (id, score, meta); the text is loaded once, after fusion.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from haystack import Document, component

from greffier.text import tokenize
from pipelines._serialization import StoreComponent
from store import repository as repo
from store.bm25 import QueryGroup
from store.workspace import WorkspaceStore
import numpy as np


def allowed_chunk_ids(store: WorkspaceStore, doc_ids: list[str] | None) -> set[str] | None:
    if doc_ids is None:
        return None
    with store.session() as session:
        return set(repo.chunk_ids_of_contracts(session=session, contract_ids=doc_ids))


# A filter on documents allowing at most this many chunks is scored exactly, on the vectors of those
# chunks fetched by id, instead of by Chroma's metadata filter: same ranking, 6 ms instead of 75 ms for
# 20 contracts (192 chunks) of 100k chunks (docs/benchmarks.md, "Query latency at scale").
EXACT_FILTER_MAX_CHUNKS = 2000


def _exact_nearest(collection, query_embedding: list[float] | np.ndarray, chunk_ids: list[str], k: int) -> list[Document]:  # noqa: ANN001
    """Cosine top-k among ``chunk_ids`` by a scan of their stored vectors."""

    if not chunk_ids:
        return []
    found = collection.get(ids=chunk_ids, include=["embeddings", "metadatas"])
    if not len(found["ids"]):
        return []
    matrix = np.asarray(found["embeddings"], dtype=np.float32)
    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    query = np.asarray(query_embedding, dtype=np.float32)
    scores = matrix @ (query / max(float(np.linalg.norm(query)), 1e-12))
    best = np.argsort(-scores, kind="stable")[:k]
    return [
        Document(id=found["ids"][i], score=float(scores[i]), meta={**(found["metadatas"][i] or {}), "dense_score": float(scores[i])})
        for i in best
    ]


@component
class DenseRetriever(StoreComponent):
    """Nearest chunks by cosine similarity in the workspace's Chroma collection."""

    init_parameters = ("top_k",)

    def __init__(self, store: WorkspaceStore, top_k: int = 50) -> None:
        self.store = store
        self.top_k = top_k

    @component.output_types(documents=list[Document], ms=float)
    def run(self, query_embedding: list[float] | np.ndarray, top_k: int | None = None, doc_ids: list[str] | None = None) -> dict[str, Any]:
        started = time.perf_counter()
        k = top_k or self.top_k
        collection = self.store.collection()
        if collection is None:  # nothing ingested yet
            return {"documents": [], "ms": (time.perf_counter() - started) * 1000}
        where = None
        if doc_ids is not None:
            if not doc_ids:
                return {"documents": [], "ms": 0.0}
            allowed = allowed_chunk_ids(self.store, doc_ids) or set()
            if len(allowed) <= EXACT_FILTER_MAX_CHUNKS:
                documents = _exact_nearest(collection, query_embedding, sorted(allowed), k)
                return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}
            where = {"doc_id": {"$in": list(doc_ids)}}
        # No count() first: it cost as much as the query itself, and Chroma (1.5) answers a query on an
        # empty or smaller collection with what it has (docs/benchmarks.md, "Query latency at scale").
        result = collection.query(query_embeddings=[np.asarray(query_embedding, dtype=np.float32)], n_results=k, where=where, include=["distances", "metadatas"])
        documents = [
            Document(id=chunk_id, score=1.0 - float(distance), meta={**(meta or {}), "dense_score": 1.0 - float(distance)})
            for chunk_id, distance, meta in zip(result["ids"][0], result["distances"][0], result["metadatas"][0])
        ]
        return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}


@component
class LexicalRetriever(StoreComponent):
    """BM25 over the workspace's chunks (French / English tokenisation)."""

    init_parameters = ("top_k",)

    def __init__(self, store: WorkspaceStore, top_k: int = 50) -> None:
        self.store = store
        self.top_k = top_k
        self._warm = False

    def warm_up(self) -> None:
        # Pipeline.run warms every component on every run: load the index once; run() keeps it fresh.
        if self._warm:
            return
        if self.store.exists():
            self.store.bm25()
        self._warm = True

    @component.output_types(documents=list[Document], ms=float)
    def run(self, query: str, top_k: int | None = None, doc_ids: list[str] | None = None, groups: list[QueryGroup] | None = None) -> dict[str, Any]:
        """BM25 of ``query``'s words, or of the weighted query ``groups`` (:class:`QueryExpander`)
        when it holds more than the plain words (then :meth:`BM25Index.search_groups`)."""
        started = time.perf_counter()
        allowed = allowed_chunk_ids(self.store, doc_ids)
        index = self.store.bm25()
        if groups and any(group.plain_token is None for group in groups):
            hits = index.search_groups(groups, top_k or self.top_k, allowed)
        else:
            hits = index.search(tokenize(query), top_k or self.top_k, allowed)
        documents = [Document(id=h.chunk_id, score=h.score, meta={"bm25_score": h.score}) for h in hits]
        return {"documents": documents, "ms": (time.perf_counter() - started) * 1000}


@component
class ChunkHydrator(StoreComponent):
    """Loads text and provenance of ranked chunks from SQLite (the source of truth)."""

    def __init__(self, store: WorkspaceStore) -> None:
        self.store = store

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document]) -> dict[str, Any]:
        if not documents:
            return {"documents": []}
        with self.store.session() as session:
            rows = repo.get_chunks(session=session, chunk_ids=[d.id for d in documents])
            # File and title only: loading whole contracts (text, manifest) cost most of a search.
            labels = repo.contract_labels(session=session, contract_ids=[row.contract_id for row in rows.values()])
            # … and what its record marks: the contract a passage's contract is a copy of (an answer counts one act filed twice once), what
            # a document is when it is no contract (a memo: a contract's passage is quoted before it), the law it is under ("the Portuguese
            # workshop" is the contract under Portuguese law, whose articles do not say so)
            marks = repo.record_marks_among(session=session, contract_ids=[row.contract_id for row in rows.values()])
        hydrated = []
        for doc in documents:
            row = rows.get(doc.id)
            if row is None:  # deleted since the vector search: never return a dangling chunk
                continue
            file, title = labels.get(row.contract_id, (None, None))
            meta = {**doc.meta, **marks.get(row.contract_id, {})}
            hydrated.append(_document(row, file, title, score=doc.score, meta=meta))
        return {"documents": hydrated}


OPENING_CHUNKS = 5  # a contract's parties are named in its first passages (« ENTRE LES SOUSSIGNÉS », "BETWEEN:"), after a cover or contents


class _NamedContractsPassages(StoreComponent):
    """A component that adds, for a question of one kind, a passage of each contract the question names (``scope``): the
    named contracts' ids when the question is of that kind (``asked``), else None."""

    def __init__(self, store: WorkspaceStore, max_contracts: int = 5) -> None:
        self.store = store
        self.max_contracts = max_contracts

    @staticmethod
    def named(query: str, scope: dict | None, asked: Callable[[str], bool]) -> list[str] | None:
        named = list(dict.fromkeys((scope or {}).get("contract_ids") or ()))
        return named if named and asked(query) else None


@component
class PartiesOpenings(_NamedContractsPassages):
    """A question that asks who the parties to a named contract are is answered by the contract's opening
    (« ENTRE : … ET : … », "BETWEEN (1) … and (2) …"), which names them without the word a search looks for:
    ranked by words, an amendment's recitals (« Les Parties sont liées par un contrat … ») or a clause that says
    "the parties" come first. For such a question, the opening passage of each contract the question names
    (``scope``) — the first of its first passages that holds a parties passage — joins the ranked passages at the
    best score, contracts before amendments, and not an amendment's when the contract it amends is named too: it
    restates that contract's parties, and the question asks about the contract. Any other question, or a question that names no contract, passes through unchanged."""

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document], query: str = "", scope: dict | None = None) -> dict[str, Any]:
        from pipelines.passages import parties_asked, parties_passage  # noqa: PLC0415

        named = self.named(query, scope, parties_asked)
        if not named:
            return {"documents": documents}
        with self.store.session() as session:
            amendments = repo.amendments_among(session=session, contract_ids=named)  # attached to their contract or not
            # not an amendment of a contract named too; a contract's own opening before an amendment's, then the scope's order
            contracts = sorted((c for c in named if amendments.get(c) not in named), key=lambda c: (c in amendments, named.index(c)))[: self.max_contracts]
            rows = {cid: repo.list_chunks(session=session, contract_id=cid, limit=OPENING_CHUNKS) for cid in contracts}
            labels = repo.contract_labels(session=session, contract_ids=contracts)
        best = max((d.score or 0.0 for d in documents), default=1.0)
        openings: dict[str, Document] = {}
        for cid in contracts:
            file, title = labels.get(cid, (None, None))
            rank = len(openings)  # in the order above, each just under the one before
            opening = next((doc for doc in (_document(row, file, title, score=best - 1e-3 * rank, meta={"lifted": "parties"}) for row in rows[cid])
                            if parties_passage([doc])), None)
            if opening is not None:
                openings[opening.id] = opening
        if not openings:
            return {"documents": documents}
        return {"documents": list(openings.values()) + [d for d in documents if d.id not in openings]}


@component
class AmendedEnds(StoreComponent):
    """A question on the end of a named contract whose end an attached amendment moved is answered by that amendment too: the
    passage the data room read the new end in (« Le terme du Contrat, initialement fixé au 31 mars 2028, est prorogé jusqu'au
    30 septembre 2029 ») joins the ranked passages, just under the best one, when the search left it out (walkthrough 20: « When
    does the Lyon franchise agreement end now? » quoted the contract's 31 March 2028; the amendment's article was 16th). The
    answer then gives the contract's and the amendment's words each (:func:`pipelines.generators.answerers.answers_per_contract`).
    A question asks about an end when it asks for a date or a length (:func:`asked_kind`) or names the term's clause type."""

    def __init__(self, store: WorkspaceStore) -> None:
        self.store = store

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document], query: str = "", scope: dict | None = None, clause_types: list[str] | None = None) -> dict[str, Any]:
        from pipelines.generators.answer_kinds import asked_kind  # noqa: PLC0415  (the answer's reading of the question)
        from store.records import load_dataroom  # noqa: PLC0415  (the data room is read only for such a question)

        named = list(dict.fromkeys((scope or {}).get("contract_ids") or ()))
        if not named or not (asked_kind(query) in ("date", "duration") or "term" in (clause_types or ())):
            return {"documents": documents}
        room = load_dataroom(self.store)
        have = {d.id for d in documents}
        wanted: list[str] = []
        for cid in named:
            record = room.by_id.get(cid)
            source = record.sources.get("end_date") if record is not None and record.amended_by else None
            if source is not None and source.origin == "amendment" and source.chunk_id and source.chunk_id not in have:
                wanted.append(source.chunk_id)
        if not wanted:
            return {"documents": documents}
        with self.store.session() as session:
            rows = repo.get_chunks(session=session, chunk_ids=wanted)
            labels = repo.contract_labels(session=session, contract_ids=list({row.contract_id for row in rows.values()}))
        best = max((d.score or 0.0 for d in documents), default=1.0)
        lifted = [_document(rows[c], *labels.get(rows[c].contract_id, (None, None)), score=best - 1e-3 * (i + 1), meta={"lifted": "amended_end"})
                  for i, c in enumerate(wanted) if c in rows]
        return {"documents": documents[:1] + lifted + documents[1:]}


CLOSING_CHUNKS = 3  # a contract's signature block is in its last passages (the last article's, or a « Signatures » of its own)


@component
class SignatureBlocks(_NamedContractsPassages):
    """A question that asks who signed a named contract is answered by its signature block (« Fait à …, le … Pour la société … »,
    "Signed in Brussels on … For … Mr … , Managing Director"), which the last article's passage holds without the words a search
    looks for (walkthrough 20: « Qui a signé le contrat de master franchise … ? » quoted fees and a jurisdiction clause). For such a
    question (:func:`pipelines.passages.signers_asked`), the last of the last passages of each contract the question names
    (``scope``) that holds a signature block joins the ranked passages at the best score, the contracts before their amendments
    (an amendment's block when only amendments are named). Any other question passes through unchanged."""

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document], query: str = "", scope: dict | None = None) -> dict[str, Any]:
        from pipelines.passages import signature_block, signers_asked  # noqa: PLC0415  (as PartiesOpenings: the passages' reading)

        named = self.named(query, scope, signers_asked)
        if not named:
            return {"documents": documents}
        with self.store.session() as session:
            amendments = repo.amendments_among(session=session, contract_ids=named)
            contracts = [c for c in named if c not in amendments] or named
            contracts = contracts[: self.max_contracts]
            rows = {cid: repo.list_chunks(session=session, contract_id=cid)[-CLOSING_CHUNKS:] for cid in contracts}
            labels = repo.contract_labels(session=session, contract_ids=contracts)
        best = max((d.score or 0.0 for d in documents), default=1.0)
        blocks: dict[str, Document] = {}
        for cid in contracts:
            file, title = labels.get(cid, (None, None))
            passages = [_document(row, file, title, score=best - 1e-3 * len(blocks), meta={"lifted": "signatures"}) for row in rows[cid]]
            found = signature_block(passages)
            if found:
                block = passages[found[0][0] - 1]
                blocks[block.id] = block
        if not blocks:
            return {"documents": documents}
        return {"documents": list(blocks.values()) + [d for d in documents if d.id not in blocks]}


def _document(row: Any, file: str | None, title: str | None, *, score: float | None, meta: dict[str, Any]) -> Document:  # noqa: ANN401
    """A stored chunk as a ranked passage (text and provenance from SQLite)."""
    return Document(
        id=row.id,
        content=row.text,
        score=score,
        meta={
            **meta,
            "doc_id": row.contract_id,
            "file": file,
            "title": title,
            "page": row.page,
            "page_end": row.page_end,
            "section": row.section,
            "header": row.header,
            "start": row.start,
            "end": row.end,
            "clause_types": list(row.clause_types or []),
        },
    )
