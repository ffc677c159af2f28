"""WorkspaceStore maintenance: re-index with another embedder, and consistency checks."""

from __future__ import annotations

from typing import Any

from haystack import Document

from greffier.config import Settings
from store.records import refresh_records
from store import repository as repo
from store import vectors
from store.consistency import reconcile, retokenize_if_needed
from pipelines.ingestion import clause_classifier
from pipelines.writers.clause_labels import relabel_if_needed
from store.workspace import EMBEDDER_KEY, WorkspaceStore, open_workspace
from pipelines.embedders.document_embedder import GreffierDocumentEmbedder
from sqlmodel import select
from store.models import Chunk, Contract, SourceFile
from sqlalchemy import delete

BATCH = 256


def reindex(settings: Settings) -> dict[str, Any]:
    """Re-embed every stored chunk with the current embedder, replacing the vector collection."""

    workspace = open_workspace(settings)
    models = settings.models
    embedder = GreffierDocumentEmbedder(
        model=models.embedder, models_dir=str(models.models_dir), device=models.device, batch_size=models.embed_batch_size
    )
    embedder.warm_up()
    with workspace.writer_lock():
        workspace.drop_collection()
        collection = workspace.collection(create=True)
        signature = None
        total = 0
        with workspace.session() as session:
            contracts = repo.list_contracts(session=session)
        for contract in contracts:
            with workspace.session() as session:
                chunks = repo.list_chunks(session=session, contract_id=contract.id)
            for start in range(0, len(chunks), BATCH):
                batch = chunks[start : start + BATCH]
                docs = [
                    Document(id=c.id, content=c.text, meta={"header": c.header, "doc_id": c.contract_id, "file": contract.file,
                                                           "page": c.page, "page_end": c.page_end, "section": c.section, "chunk_index": c.chunk_index})
                    for c in batch
                ]
                result = embedder.run(documents=docs)
                signature = result["meta"]["model"]
                collection.upsert(
                    ids=[d.id for d in result["documents"]],
                    embeddings=[list(map(float, d.embedding)) for d in result["documents"]],
                    metadatas=[vectors.chroma_metadata(d.meta) for d in result["documents"]],
                )
                total += len(batch)
        signature = signature or embedder.model_signature
        with workspace.session() as session:
            repo.set_meta(session=session, key=EMBEDDER_KEY, value=signature)
        labelled = relabel_if_needed(workspace, clause_classifier(settings))  # the labels come from the vectors
    return {"contracts": len(contracts), "chunks": total, "embedder": signature, "clause_labels": labelled}


def _sqlite_problems(workspace: WorkspaceStore) -> dict[str, list[str]]:
    """Rows that point nowhere: chunks of no contract, contracts of no file, files naming no contract."""

    with workspace.session() as session:
        contract_ids = set(session.exec(select(Contract.id)))
        chunk_owner = list(session.exec(select(Chunk.id, Chunk.contract_id)))
        files = list(session.exec(select(SourceFile)))
        contract_sources = list(session.exec(select(Contract.id, Contract.source_path)))
    file_paths = {f.path for f in files}
    claimed = {cid for f in files for cid in (f.contract_ids or [])}
    return {
        "chunks_without_contract": sorted(cid for cid, owner in chunk_owner if owner not in contract_ids),
        "contracts_without_file": sorted(cid for cid, source in contract_sources if source not in file_paths or cid not in claimed),
        "files_naming_missing_contracts": sorted(f.path for f in files if f.status == "ok" and set(f.contract_ids or []) - contract_ids),
    }


def _repair_sqlite(workspace: WorkspaceStore, problems: dict[str, list[str]]) -> None:

    with workspace.session() as session:
        if problems["chunks_without_contract"]:
            session.exec(delete(Chunk).where(Chunk.id.in_(problems["chunks_without_contract"])))
        for contract_id in problems["contracts_without_file"]:
            repo.delete_contract(session=session, contract_id=contract_id)
        for path in problems["files_naming_missing_contracts"]:
            record = session.get(SourceFile, path)
            if record is not None:
                record.content_hash = ""  # re-processed by the next ingest
                session.add(record)
        if any(problems.values()):
            repo.bump_generation(session=session)


def check_consistency(settings: Settings, *, repair: bool = False) -> dict[str, Any]:
    """Compare SQLite, Chroma and the BM25 index; with ``repair``, fix what can be fixed.

    SQLite is the source of truth: orphan rows and vectors are deleted, files whose contracts are
    missing are re-processed by the next ingest, the BM25 tokens and index are rebuilt when stale, and
    the clause types labelled again when the library or the embedder changed.
    """
    workspace = open_workspace(settings)
    with workspace.writer_lock():
        problems = _sqlite_problems(workspace)
        if repair:
            _repair_sqlite(workspace, problems)
        vector_report = reconcile(workspace, repair=repair)
        if repair:
            retokenize_if_needed(workspace)
            workspace.refresh_bm25()
            relabel_if_needed(workspace, clause_classifier(settings))
            refresh_records(workspace)
        index = workspace.bm25()
        with workspace.session() as session:
            row_ids = repo.all_chunk_ids(session=session)
    bm25_ids = set(index.chunk_ids)
    report = {
        **problems,
        "orphan_vectors": vector_report["orphan_vectors"],
        "chunks_without_vector": vector_report["chunks_without_vector"],
        "bm25_missing": sorted(row_ids - bm25_ids),
        "bm25_orphans": sorted(bm25_ids - row_ids),
        "chunks": len(row_ids),
        "repaired": repair,
    }
    report["consistent"] = not any(v for k, v in report.items() if isinstance(v, list))
    return report
