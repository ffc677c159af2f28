"""The data-room screen's view models: filter choices from the data, the form turned into
``search_data_room`` arguments, the exhaustive table (every page, amendments under their contract,
the contracts left out — :mod:`greffier.services.dataroom.export`, which the exports write too),
timeline rows, and one contract's detail. Arguments are checked by the tool registry, as the chat's.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from greffier.config import Settings
from greffier.dataroom.records import INDEFINITE_TERM
# CONTRADICTION is re-exported for the page (its Contradictions metric); the reasons below make the banner
from greffier.services.dataroom.export import CONTRADICTION as CONTRADICTION, MOVED_BY_AMENDMENT, UNDECIDED_REASONS, DataRoomTable, dataroom_table, export_dataroom
from greffier.services.dataroom.query import allowed_values
from greffier.text import noun, plural
from greffier.tools.registry import call_tool, parse_arguments
from store.records import load_dataroom
from store.workspace import open_workspace

PAGE_LIMIT = 100  # the tool's largest page
DETAIL_PARAM = "contract"  # ?contract=c05 opens that contract's detail


def filter_options(settings: Settings) -> dict[str, Any]:
    """The values the filters accept, from the loaded data: ``entities`` ({id: name}), ``types``,
    ``laws``, and ``contracts`` (how many records there are)."""

    room = load_dataroom(open_workspace(settings))
    allowed = allowed_values(room)
    return {
        "entities": dict(zip(allowed["entity_ids"], allowed["entity_names"])),
        "types": sorted({*allowed["contract_types"], "avenant"}),
        "laws": allowed["governing_laws"],
        "contracts": len(room.records),
    }


def _range(after: date | None, before: date | None) -> dict[str, str] | None:
    if after is None and before is None:
        return None
    return {k: v.isoformat() for k, v in (("after", after), ("before", before)) if v is not None}


def build_arguments(
    *,
    parties: list[str] | None = None,
    types: list[str] | None = None,
    law_in: list[str] | None = None,
    law_not_in: list[str] | None = None,
    signed_after: date | None = None,
    signed_before: date | None = None,
    ends_after: date | None = None,
    ends_before: date | None = None,
    text: str | None = None,
) -> dict[str, Any]:
    """``search_data_room`` arguments from the form; empty fields are left out."""
    filters: dict[str, Any] = {}
    if parties:
        filters["entity_ids"] = list(parties)
    if types:
        filters["contract_types"] = list(types)
    law = {k: list(v) for k, v in (("in", law_in), ("not_in", law_not_in)) if v}
    if law:
        filters["governing_law"] = law
    if signed := _range(signed_after, signed_before):
        filters["signature_date"] = signed
    if ends := _range(ends_after, ends_before):
        filters["end_date"] = ends
    arguments: dict[str, Any] = {}
    if filters:
        arguments["filters"] = filters
    if text and text.strip():
        arguments["query"] = text.strip()
    return arguments


def search_page(settings: Settings, arguments: dict[str, Any], *, offset: int, limit: int) -> dict[str, Any]:
    """One page of results. Raises ToolError with a readable message for bad arguments."""
    return call_tool(settings, "search_data_room", {**arguments, "offset": offset, "limit": limit})


def search_all(settings: Settings, arguments: dict[str, Any]) -> dict[str, Any]:
    """Every result (all pages followed), for the timeline and the exports."""
    merged = search_page(settings, arguments, offset=0, limit=PAGE_LIMIT)
    while "next_offset" in merged:
        page = search_page(settings, arguments, offset=merged.pop("next_offset"), limit=PAGE_LIMIT)
        merged["results"] = merged["results"] + page["results"]
        if "next_offset" in page:
            merged["next_offset"] = page["next_offset"]
    return merged


def table(settings: Settings, arguments: dict[str, Any]) -> DataRoomTable:
    """The exhaustive table for these ``search_data_room`` arguments (see
    :class:`~greffier.services.dataroom.export.DataRoomTable`). Raises ToolError / ToolInputError
    (GreffierErrors) with a readable message for bad arguments."""
    return dataroom_table(settings, parse_arguments("search_data_room", arguments))


def left_out_summary(left_out: list[dict[str, Any]]) -> str:
    """The sentence above the contracts left out, each kind told apart: an indefinite term and an end
    moved by an amendment are decided (listed apart); only an unknown or uncertain field and a
    contradiction leave a contract to be checked by hand."""
    indefinite = sum(1 for row in left_out if row["reason"] == INDEFINITE_TERM)
    moved = sum(1 for row in left_out if row["reason"] == MOVED_BY_AMENDMENT)
    undecided = sum(1 for row in left_out if row["reason"] in UNDECIDED_REASONS)
    parts = []
    if indefinite:
        parts.append(f"{plural(indefinite, 'contract has', 'contracts have')} no end date (indefinite term) and {noun(indefinite, 'is', 'are')} listed apart")
    if moved:
        parts.append(f"{plural(moved, 'contract ends', 'contracts end')} outside these dates since an amendment moved {noun(moved, 'its', 'their')} end,"
                     f" and {noun(moved, 'is', 'are')} listed apart")
    if undecided:
        parts.append(f"{plural(undecided, 'contract')} cannot be decided on these filters: check {noun(undecided, 'it', 'them')} by hand")
    return "; ".join(parts) + "." if parts else ""


def undecided_count(left_out: list[dict[str, Any]]) -> int:
    """How many contracts left out must be checked by hand (see :func:`left_out_summary`)."""
    return sum(1 for row in left_out if row["reason"] in UNDECIDED_REASONS)


def display_rows(data: DataRoomTable) -> list[dict[str, Any]]:
    """The table's rows as the screen shows them: an amendment's title indented under its
    contract's (« ↳ »), and a ``detail`` link that opens the contract on this page."""
    return [
        {**row, "title": ("↳ " if row["kind"] == "amendment" else "") + (row["title"] or row["file"] or row["id"]), "detail": f"?{DETAIL_PARAM}={row['id']}"}
        for row in data.rows
    ]


def export(settings: Settings, arguments: dict[str, Any], fmt: str) -> bytes:
    """The table exported as ``fmt`` (csv, xlsx): the same file as ``python -m greffier dataroom export``."""
    return export_dataroom(settings, parse_arguments("search_data_room", arguments), fmt)


def timeline_rows(results: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Bars for the timeline (signature → current end, with the initial end when an amendment
    moved it), and the ids that cannot be drawn (a date is unknown)."""
    rows, undrawn = [], []
    for r in results:
        if not r.get("signature_date") or not r.get("end_date"):
            undrawn.append(r["contract_id"])
            continue
        amended = bool(r.get("amended_by")) and r.get("initial_end_date") not in (None, r["end_date"])
        rows.append({
            "contract": f"{r['contract_id']} — {(r['title'] or r['filename'])[:48]}",
            "id": r["contract_id"],
            "start": r["signature_date"],
            "end": r["end_date"],
            "initial_end": r["initial_end_date"] if amended else None,
            "amended": "amended end" if amended else "original term",
            "amended_by": ", ".join(r.get("amended_by") or []),
        })
    return rows, undrawn


def contract_detail(settings: Settings, contract_id: str) -> dict[str, Any]:
    """``get_contract`` plus ``metadata_rows``: each field with its value and where it came from."""
    contract = call_tool(settings, "get_contract", {"contract_id": contract_id})
    sources = contract.get("sources") or {}
    fields = [
        ("title", contract.get("title")),
        ("parties", "; ".join(f"{p['name']} ({p['entity_id']}{', SIREN ' + p['siren'] if p.get('siren') else ''})" for p in contract["parties"])),
        ("contract_type", contract.get("contract_type")),
        ("signature_date", contract.get("signature_date")),
        ("end_date", contract.get("end_date")),
        ("initial_end_date", contract.get("initial_end_date")),
        ("governing_law", contract.get("governing_law")),
    ]
    rows = []
    for name, value in fields:
        source = sources.get(name) or {}
        rows.append({
            "field": name.replace("_", " "),
            "value": value if value not in (None, "") else "unknown",
            "source": {"manifest": "data-room metadata", "extracted": "read in the text", "amendment": "amendment"}.get(source.get("origin")),
            "article": source.get("chunk_id"),
            "as written": source.get("raw") or None,
            "text says": contract.get("text_values", {}).get(name),
        })  # None where there is nothing to say: the page shows « — »
    return {**contract, "metadata_rows": rows}
