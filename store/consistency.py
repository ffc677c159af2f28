"""Keeping a workspace's three stores in agreement: SQLite (the source of truth), Chroma and BM25.

Writer-only functions: call them under the store's writer lock.
"""

from __future__ import annotations

import logging
from typing import Any

from greffier.text import TOKENIZER_VERSION
from store import bm25 as bm25_store
from store import repository as repo
from store.models import Chunk
from store.workspace import WorkspaceStore
from sqlmodel import select

log = logging.getLogger(__name__)

TOKENIZER_KEY = "tokenizer_version"
_DELETE_BATCH = 5000


def reconcile(store: WorkspaceStore, *, repair: bool = True) -> dict[str, Any]:
    """Bring Chroma in line with SQLite.

    Vectors with no chunk row (a crash between the two writes) are deleted; chunk rows with no
    vector make their file's hash forgotten so that the next ingest re-processes it. Without
    ``repair`` nothing is changed and the report says what would be.
    """
    collection = store.collection(create=repair)
    vector_ids = set(collection.get(include=[])["ids"]) if collection is not None else set()
    with store.session() as session:
        row_ids = repo.all_chunk_ids(session=session)
    orphans = sorted(vector_ids - row_ids)
    missing = sorted(row_ids - vector_ids)
    if repair and orphans:
        for start in range(0, len(orphans), _DELETE_BATCH):
            collection.delete(ids=orphans[start : start + _DELETE_BATCH])
    if repair and missing:
        contract_ids = {repo.contract_id_of_chunk(cid) for cid in missing}
        with store.session() as session:
            for record in repo.list_source_files(session=session):
                if set(record.contract_ids or []) & contract_ids:
                    record.content_hash = ""
                    session.add(record)
    return {"orphan_vectors": orphans, "chunks_without_vector": missing}


def retokenize_if_needed(store: WorkspaceStore) -> int:
    """Recompute every chunk's stored BM25 tokens when the tokenizer changed since they were written.

    Returns the number of chunks re-tokenised (0 when the tokens are current).
    """

    with store.session() as session:
        recorded = repo.get_meta(session=session, key=TOKENIZER_KEY)
        if recorded == str(TOKENIZER_VERSION):
            return 0
        changed = 0
        for chunk in session.exec(select(Chunk)):
            tokens = bm25_store.chunk_tokens(chunk.section, chunk.text, chunk.header)
            if tokens != chunk.bm25_tokens:
                chunk.bm25_tokens = tokens
                session.add(chunk)
                changed += 1
        repo.set_meta(session=session, key=TOKENIZER_KEY, value=str(TOKENIZER_VERSION))
        if changed:
            repo.bump_generation(session=session)
    if changed:
        log.info("BM25 tokens of %d chunks recomputed (tokenizer version %s)", changed, TOKENIZER_VERSION)
    return changed
