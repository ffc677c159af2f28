"""WorkspaceChunkSource: a workspace's chunks (with their stored vectors) and contract facts."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from haystack import Document, component

from greffier.compliance.errors import ComplianceError
from greffier.compliance.models import DocumentFacts
from greffier.dataroom.records import ContractRecord
from pipelines._serialization import StoreComponent
from store import repository as repo
from store.records import load_dataroom
from store.workspace import WorkspaceStore

log = logging.getLogger(__name__)

_CHROMA_BATCH = 5000


@component
class WorkspaceChunkSource(StoreComponent):
    """Reads the chunks of some (or all) contracts of the workspace ``store``.

    Each chunk comes as a Document with id ``<contract id>-<k>``, its text, meta (``doc_id``, ``file``,
    ``title``, ``header``, ``section``, ``page``, ``page_end``, ``chunk_index``) and, when Chroma has it,
    the vector ingestion stored for it (so the classifier need not embed it again). Each contract
    comes with its facts from the data-room record (type, end date, governing law and the chunks
    behind them).
    """

    def __init__(self, store: WorkspaceStore) -> None:
        self.store = store

    @component.output_types(documents=list[Document], facts=list[DocumentFacts], embedder=str)
    def run(self, document_ids: list[str] | None = None) -> dict[str, Any]:
        """The chunks and facts of ``document_ids`` (all contracts when None), in data-room order.

        Raises:
            ComplianceError: an id is not a contract of the workspace (the message lists them).
        """
        workspace = self.store
        with workspace.session() as session:
            contracts = repo.list_contracts(session=session)
            known = [c.id for c in contracts]
            if document_ids is not None:
                unknown = [d for d in document_ids if d not in set(known)]
                if unknown:
                    shown = ", ".join(known[:30]) + (" …" if len(known) > 30 else "")
                    raise ComplianceError(f"unknown document id {unknown[0]!r}: the workspace's documents are {shown or 'none (ingest first)'}")
                wanted = set(document_ids)
                contracts = [c for c in contracts if c.id in wanted]
            chunks_by_contract = {c.id: repo.list_chunks(session=session, contract_id=c.id) for c in contracts}
            embedder = repo.get_meta(session=session, key="embedder_signature") or ""
        facts = self._facts(load_dataroom(workspace).records, contracts)
        order = {f.id: position for position, f in enumerate(facts)}
        contracts = sorted(contracts, key=lambda c: order.get(c.id, len(order)))
        documents: list[Document] = []
        for contract in contracts:
            for chunk in chunks_by_contract[contract.id]:
                documents.append(
                    Document(
                        id=chunk.id,
                        content=chunk.text,
                        meta={
                            "doc_id": contract.id, "file": contract.file, "title": contract.title, "header": chunk.header,
                            "section": chunk.section, "page": chunk.page, "page_end": chunk.page_end,
                            "chunk_index": chunk.chunk_index,
                        },
                    )
                )
        documents = self._with_vectors(workspace, documents)
        return {"documents": documents, "facts": facts, "embedder": embedder}

    @staticmethod
    def _facts(stored: Sequence[ContractRecord], contracts: list) -> list[DocumentFacts]:  # noqa: ANN001
        """Each contract's facts from its data-room record (built by the writer), in data-room order."""
        records = {record.id: record for record in stored}
        facts = []
        for contract in contracts:
            record = records.get(contract.id)
            if record is None:
                facts.append(DocumentFacts(id=contract.id, file=contract.file, title=contract.title))
                continue
            facts.append(
                DocumentFacts(
                    id=contract.id, file=contract.file, title=record.title or contract.title,
                    contract_type=record.contract_type, signature_date=record.signature_date, end_date=record.end_date,
                    governing_law=record.governing_law, is_amendment=record.is_amendment,
                    amends=records[record.amends].file if record.amends in records else None, evidence={k: list(v) for k, v in record.evidence.items()},
                    doubts={
                        key: source.doubt or "read with low confidence"
                        for key, source in record.sources.items()
                        if key in ("signature_date", "end_date") and source.confidence == "low"
                    },
                    renewal=record.renewal, renewal_length=record.renewal_length, renewal_notice=record.renewal_notice,
                    copy_of=records[record.copy_of].file if record.copy_of in records else None,
                    not_contract=record.not_contract,
                )
            )
        ranks = {record_id: rank for rank, record_id in enumerate(records)}
        return sorted(facts, key=lambda f: ranks.get(f.id, len(ranks)))

    @staticmethod
    def _with_vectors(workspace: WorkspaceStore, documents: list[Document]) -> list[Document]:
        """Documents carrying the vector Chroma holds for them (those without one are left bare)."""
        if not documents:
            return documents
        vectors: dict[str, list[float]] = {}
        ids = [d.id for d in documents]
        try:
            collection = workspace.collection()
            if collection is None:
                return documents
            for start in range(0, len(ids), _CHROMA_BATCH):
                got = collection.get(ids=ids[start : start + _CHROMA_BATCH], include=["embeddings"])
                for chunk_id, vector in zip(got["ids"], got["embeddings"]):
                    if vector is not None:
                        vectors[chunk_id] = [float(x) for x in vector]
        except Exception as exc:  # the classifier embeds the chunks itself when Chroma cannot help
            log.warning("stored chunk vectors unavailable (%s): chunks will be embedded again", exc)
        return [Document(id=d.id, content=d.content, meta=d.meta, embedding=vectors.get(d.id)) for d in documents]
