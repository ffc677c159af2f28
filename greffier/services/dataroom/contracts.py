"""``get_contract``: one contract's normalised metadata, its sources and warnings, and its articles."""

from __future__ import annotations

from typing import Any

from greffier.services.dataroom.query import ToolInputError, record_summary
from store.records import load_dataroom
from store.workspace import WorkspaceStore, open_workspace
from store import repository as repo


def get_contract(workspace: WorkspaceStore, contract_id: str, chunk_ids: list[str] | None = None) -> dict[str, Any]:
    """The contract ``contract_id`` with its articles (all, or ``chunk_ids``). Raises ToolInputError."""
    room = load_dataroom(workspace)
    record = room.by_id.get(contract_id)
    if record is None:
        known = ", ".join(r.id for r in room.records[:30])
        raise ToolInputError(f"unknown contract id {contract_id!r}: known ids are {known}{' …' if len(room.records) > 30 else ''}")
    with workspace.session() as session:
        chunks = repo.list_chunks(session=session, contract_id=contract_id)
        contract = repo.get_contract(session=session, contract_id=contract_id)
    if chunk_ids is not None:
        wanted = set(chunk_ids)
        unknown = sorted(wanted - {c.id for c in chunks})
        if unknown:
            raise ToolInputError(f"{', '.join(unknown)} are not articles of {contract_id}: its articles are {contract_id}-1 … {contract_id}-{len(chunks)}")
        chunks = [c for c in chunks if c.id in wanted]
    return {
        **record_summary(record),
        "is_amendment": record.is_amendment,
        "pages": contract.pages if contract else None,
        "sources": {field: source.model_dump() for field, source in record.sources.items()},
        "text_values": {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in record.text_values.items()},
        "evidence": dict(record.evidence),
        "articles": [
            {"chunk_id": c.id, "heading": c.section, "page": c.page, "page_end": c.page_end, "text": c.text}
            for c in chunks
        ],
    }
