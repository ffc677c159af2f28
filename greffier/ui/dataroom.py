"""The data-room screen's view models: filter choices from the data, the form turned into
``search_data_room`` arguments, the exhaustive listing (every page), table, exclusion and timeline
rows, and one contract's detail. Every query goes through the tool registry, as the chat's does.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from greffier.config import Settings
from greffier.tools.registry import call_tool
from store.workspace import open_workspace
from greffier.services.dataroom.query import allowed_values
from store.records import load_dataroom

PAGE_LIMIT = 100  # the tool's largest page
TABLE_COLUMNS = ["id", "title", "parties", "type", "signed", "ends", "initial end", "governing law", "amended by", "warnings", "file"]


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


def table_rows(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per contract, columns as in :data:`TABLE_COLUMNS`."""
    return [
        {
            "id": r["contract_id"],
            "title": r["title"],
            "parties": "; ".join(p["name"] for p in r["parties"]),
            "type": r["contract_type"],
            "signed": r["signature_date"],
            "ends": r["end_date"],
            "initial end": r["initial_end_date"] if r.get("amended_by") and r["initial_end_date"] != r["end_date"] else None,
            "governing law": r["governing_law"],
            "amended by": ", ".join(r.get("amended_by") or []) or None,
            "warnings": len(r.get("warnings") or []),
            "file": r["filename"],
            **({"score": r["score"]} if r.get("score") is not None else {}),
        }
        for r in results
    ]


def describe(settings: Settings, contract_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Title, file and warnings of each of ``contract_ids`` (for the exclusion lists)."""

    by_id = load_dataroom(open_workspace(settings)).by_id
    out = {}
    for cid in contract_ids:
        record = by_id.get(cid)
        out[cid] = {"title": record.title if record else "", "file": record.file if record else "", "warnings": list(record.warnings) if record else []}
    return out


def exclusion_rows(settings: Settings, listing: dict[str, Any]) -> list[dict[str, Any]]:
    """Every contract left out of the results, with why: unknown field, amendment, contradiction."""
    unknown = list(listing.get("excluded_unknown") or [])
    moved = dict(listing.get("excluded_by_amendment") or {})
    contradictions = dict(listing.get("contradictions") or {})
    info = describe(settings, [*unknown, *moved, *contradictions])
    rows = []
    reasons = dict(listing.get("unknown_reasons") or {})
    for cid in unknown:
        missing = [w for w in info[cid]["warnings"] if w.startswith("no ")]
        detail = reasons.get(cid) or "; ".join(missing) or "unknown value"
        rows.append({"id": cid, "title": info[cid]["title"], "excluded because": "a filtered field is unknown", "detail": detail})
    for cid, why in moved.items():
        rows.append({"id": cid, "title": info[cid]["title"], "excluded because": "an amendment moved the end date", "detail": why})
    for cid, why in contradictions.items():
        rows.append({"id": cid, "title": info[cid]["title"], "excluded because": "metadata and text disagree", "detail": why})
    return rows


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
            "source": {"manifest": "data-room metadata", "extracted": "read in the text", "amendment": "amendment"}.get(source.get("origin"), "—"),
            "article": source.get("chunk_id"),
            "as written": source.get("raw"),
            "text says": contract.get("text_values", {}).get(name),
        })
    return {**contract, "metadata_rows": rows}
