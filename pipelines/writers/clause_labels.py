"""Clause types of every stored chunk, kept in line with the clause library and the embedder (writer only).

Ingestion labels each chunk it writes (:class:`pipelines.classifiers.clause_classifier.ClauseClassifier`
between the embedder and the writer). The labels depend on the library's examples and cues, on the
embedder, the glossary and the labelling rules, so the workspace records what made them (WorkspaceMeta :data:`LABELS_KEY`); when that
changes — a new library, another embedder, a workspace labelled before labels were stored — the next
writer labels every chunk again from its stored vector, as ``store.consistency.retokenize_if_needed``
does for BM25 tokens. Call under the store's writer lock.
"""

from __future__ import annotations

import logging
from typing import Any

from haystack import Document
from sqlmodel import select

from pipelines.classifiers.clause_classifier import ClauseClassifier
from store import repository as repo
from store.models import Chunk, Contract
from store.workspace import WorkspaceStore

log = logging.getLogger(__name__)

LABELS_KEY = "clause_labels"
BATCH = 512


def labels_signature(classifier: ClauseClassifier) -> str:
    """What the labels depend on: the library, the embedder, the glossary and the labelling rules (warms the classifier)."""
    return classifier.labels_signature


def relabel_if_needed(store: WorkspaceStore, classifier: ClauseClassifier) -> int:
    """Label every chunk again when the recorded labels came from another library or embedder (or
    none is recorded). Returns the number of chunks labelled (0 when the labels are current)."""
    signature = labels_signature(classifier)
    if store.get_meta(LABELS_KEY) == signature:
        return 0
    with store.session() as session:
        rows = list(session.exec(select(Chunk.id, Chunk.section, Chunk.text, Chunk.header, Contract.title).join(Contract, Contract.id == Chunk.contract_id)))
    collection = store.collection()
    labelled = 0
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        vectors = _stored_vectors(collection, [row[0] for row in batch])
        documents = [
            Document(id=chunk_id, content=text, meta={"section": section, "header": header, "title": title}, embedding=vectors.get(chunk_id))
            for chunk_id, section, text, header, title in batch
        ]
        classified = classifier.run(documents=documents)["documents"]
        with store.session() as session:
            found = repo.get_chunks(session=session, chunk_ids=[doc.id for doc in classified])
            for doc in classified:
                row = found.get(doc.id)
                if row is not None:
                    row.clause_types = list(doc.meta.get("clause_types") or [])
                    session.add(row)
        labelled += len(classified)
    with store.session() as session:
        repo.set_meta(session=session, key=LABELS_KEY, value=signature)
    if labelled:
        log.info("clause types of %d chunks labelled (%s)", labelled, signature)
    return labelled


def _stored_vectors(collection: Any, chunk_ids: list[str]) -> dict[str, list[float]]:  # noqa: ANN401  (a Chroma collection)
    if collection is None or not chunk_ids:
        return {}
    got = collection.get(ids=chunk_ids, include=["embeddings"])
    return {chunk_id: list(map(float, vector)) for chunk_id, vector in zip(got["ids"], got["embeddings"])}
