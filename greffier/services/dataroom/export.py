"""The data-room table as the screen shows it and as it is exported (CSV, XLSX), from one place.

:func:`dataroom_table` runs ``search_data_room`` over every page and adds what a reader needs
around the results: each contract's amendments right under it (they are not counted as contracts),
the contracts left out and why (a filtered field unknown, an end moved by an amendment, metadata the
text contradicts), the filters in words, and the counts reconciled with the workspace's documents.
:func:`export_dataroom` writes that table: a CSV of the contracts (ISO dates, UTF-8 with a BOM), or
an XLSX workbook — a cover sheet with the filters and counts, the contracts with real date cells,
an autofilter and a frozen header, the contracts left out with their reason, the warnings.

Cells a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``...) are written as text.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from greffier.dataroom.naming import name_contracts as name_contracts  # re-exported: the screens name contracts as the exports do
from greffier.dataroom.records import INDEFINITE_TERM, RENEWS, reason_is_only
from greffier.dataroom.vocabulary import law_in, type_in
from greffier.config import Settings
from greffier.errors import GreffierError
from greffier.formats import unknown_csv_separator
from greffier.services.dataroom.query import SearchDataRoomArgs, as_date, record_summary, search_data_room
from greffier.text import noun, plural, section_label
from store import repository as repo
from store.records import load_dataroom
from store.workspace import open_workspace

EXPORT_FORMATS = ("csv", "xlsx")
PAGE = 100  # search_data_room's largest page
COLUMNS = ["id", "title", "parties", "type", "signed", "ends", "initial end", "renews", "current term ends", "notice by", "notice stops term ending", "governing law", "amendments", "amends", "warnings", "file",
           "amendment keys", "amends key"]
# The internal ids of the amendments and of the contract amended, for a join with the ``id`` column: the
# ``amendments`` and ``amends`` columns name the documents by title (and file), as a reader knows them.
KEY_COLUMNS = ("amendment keys", "amends key")
DATE_COLUMNS = frozenset({"signed", "ends", "initial end", "current term ends", "notice by", "notice stops term ending"})
# The columns each filter is about: shown right after the title, so a filtered value is never off-screen.
FILTER_COLUMNS = {"end_date": ["ends", "initial end", "current term ends"], "signature_date": ["signed"], "governing_law": ["governing law"],
                  "entity_ids": ["parties"], "contract_types": ["type"], "excluded_contract_types": ["type"]}
LEFT_OUT_COLUMNS = ["id", "title", "file", "reason", "detail", "to do"]
WARNING_COLUMNS = ["title", "warning", "id"]  # the contract by its name (title, and file where two share it)
# Why a contract is left out of the table (the ``reason`` of a left-out row). Only the first and the
# last leave the filter undecided; an indefinite term (no end, on purpose) and an end moved by an
# amendment are decided, and listed apart so that nobody wonders where those contracts went.
UNKNOWN_FIELD = "a filtered field is unknown or uncertain"
# a contract that renews by itself: its end is known, but whether it ended depends on a notice the data room cannot see (the app walk
# of round 31 read « a filtered field is unknown » beside a known end date)
RENEWS_UNLESS_NOTICE = "renews automatically unless notice was given"
MOVED_BY_AMENDMENT = "an amendment moved the end date"
CONTRADICTION = "metadata and text disagree"
NOT_A_CONTRACT_REASON = "not a contract"  # a memo, minutes, a report: decided, no filter applies to it
UNDECIDED_REASONS = frozenset({UNKNOWN_FIELD, RENEWS_UNLESS_NOTICE, CONTRADICTION})
# A left-out contract is decided (indefinite term, end moved by an amendment) or to check by hand (a
# field unknown or uncertain, metadata and text disagreeing): the screen's banner, the XLSX cover and
# the CSV's status column split them the same way.
DECIDED = "decided"
CHECK_BY_HAND = "check by hand"
# The CSV's first columns: what became of each contract (it never drops one) and why it was left out.
STATUS_COLUMNS = ["status", "why left out"]
MATCHES = "matches"
AMENDMENT_LISTED = "amendment of the contract above"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class ExportError(GreffierError):
    """An export that cannot be written as asked (unknown format); the message says what to use."""


@dataclass
class DataRoomTable:
    """What the screen shows and the exports write (see the module docstring).

    ``rows``: one per matching contract, each followed by its amendments (``kind`` "amendment"), each
    with its ``status`` (:data:`MATCHES`, or :data:`AMENDMENT_LISTED` for an amendment shown under it);
    ``left_out``: id, title, file, reason, detail, to do (:data:`DECIDED` or :data:`CHECK_BY_HAND`), and
    ``row``, the contract's own columns as in ``rows``; ``warnings``: title (the contract's name), warning, id; ``filters``: the
    filters in words; ``counts``: contracts, amendments (in the data room), matching, amendments
    shown, left out, documents (in the workspace); ``columns``: the filtered columns first;
    ``results``: search_data_room's results as they came (timeline, warnings); ``notes``: its notes
    (a filter value that no contract has).
    """

    arguments: dict[str, Any]
    rows: list[dict[str, Any]] = field(default_factory=list)
    left_out: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)
    filters: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    columns: list[str] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    reconciliation: str = ""
    notes: list[str] = field(default_factory=list)  # search_data_room's: filter values no contract has, outdated records
    records_outdated: bool = False  # the stored records predate this version's format: completeness cannot be claimed


def _score(result: dict[str, Any]) -> float | None:
    """A ranked contract's score as the app shows scores, 0 to 1 (its best article's fused score); the
    ranking's own score can pass 1 (a clause-type boost) and is not shown."""
    return result.get("fused_score")


def _kind(summary: dict[str, Any]) -> str:
    """A row's kind: an amendment attached to its contract, a document that is no contract (a memo, minutes), or a contract."""
    return "amendment" if summary.get("amends") else "not a contract" if summary.get("not_contract") else "contract"


def _row(summary: dict[str, Any], *, kind: str, names: dict[str, str], score: float | None = None) -> dict[str, Any]:
    amended = bool(summary.get("amended_by")) and summary.get("initial_end_date") not in (None, summary.get("end_date"))
    amended_by, amends = summary.get("amended_by") or [], summary.get("amends") if kind == "amendment" else None
    row = {
        "id": summary["contract_id"],
        "kind": kind,
        # the title, with the file name where two contracts share it (« BAIL COMMERCIAL (Bail_entrepot.pdf) »), as the timeline names them
        "title": (names.get(summary["contract_id"]) or summary["title"]) if summary.get("title") else None,
        "parties": "; ".join(p["name"] for p in summary.get("parties") or []) or None,
        # in English, as the screens and the chat's English answers name them (appwalk 28: « droit anglais » in an English export)
        "type": f"not a contract ({summary['not_contract']})" if summary.get("not_contract") else type_in(summary.get("contract_type") or "", "en") or None,
        "signed": as_date(summary.get("signature_date")),
        "ends": as_date(summary.get("end_date")),
        "initial end": as_date(summary.get("initial_end_date")) if amended else None,
        # after its end, unless notice is given (« tacite reconduction »): "ends" is then its first term's end
        "renews": {"automatic": "automatically", "none": "no"}.get(summary.get("renewal") or ""),
        # a contract that renews by itself: the end of the term running today when it is a renewed term's ("ends" is the first term's),
        # and the next day to give notice for it not to renew (its notice, e.g. 90 days, before the end of the term it stops)
        "current term ends": as_date(summary.get("current_end")) if summary.get("current_end") not in (None, summary.get("end_date")) else None,
        "notice by": as_date(summary.get("notice_by")),
        # … and the end of the term that notice stops: the next one's, when the deadline for the term running today has passed (the app walk
        # of round 33 read "current term ends 2027-02-01" beside "notice by 2027-11-02")
        "notice stops term ending": as_date(summary.get("notice_stops")),
        "governing law": law_in(summary.get("governing_law") or "", "en") or None,
        "amendments": "; ".join(names.get(a, a) for a in amended_by) or None,
        "amends": names.get(amends, amends) if amends else None,
        "warnings": len(summary.get("warnings") or []),
        "warning texts": list(summary.get("warnings") or []),  # the CSV's: it has no sheet of warnings (the screen and the XLSX count them)
        "file": summary.get("filename"),
        "amendment keys": ", ".join(amended_by) or None,
        "amends key": amends,
    }
    if score is not None:
        row["score"] = score
        # what the ranking rests on: its best article, and how many of the words asked it holds (« 2 of 2 »: the notion itself;
        # « 1 of 2 »: an article only like it)
        held = summary.get("words_held") or {}
        if held.get("of"):
            row["words found"] = f"{held['held']} of {held['of']}"
        best = next((a for a in summary.get("relevant_articles") or [] if a.get("why") == "query"), None)
        if best is not None:
            row["best article"] = section_label(best.get("heading")) or None
    return row


def column_order(args: SearchDataRoomArgs) -> list[str]:
    """:data:`COLUMNS` with the columns of the active filters right after the title (and the query
    score when there is a query)."""
    first: list[str] = []
    filters = args.filters
    if filters is not None:
        for name, columns in FILTER_COLUMNS.items():
            if getattr(filters, name) is not None:
                first += [c for c in columns if c not in first]
    head = ["id", "title", *first] + (["score", "words found", "best article"] if args.query else [])
    return head + [c for c in COLUMNS if c not in head]


def describe_filters(args: SearchDataRoomArgs, entity_names: dict[str, str] | None = None) -> list[str]:
    """The filters of ``args`` as sentences a reader checks at a glance."""
    names = entity_names or {}
    lines: list[str] = []
    f = args.filters
    if f is not None:
        if f.entity_ids:
            # The party as the contracts write it; its internal id only where the name is unknown or shared.
            shared = {n for n in names.values() if list(names.values()).count(n) > 1}
            lines.append("Parties include " + " and ".join(
                f"{names[e]} ({e})" if names.get(e) in shared else names.get(e) or e for e in f.entity_ids
            ))
        if f.contract_types:
            lines.append("Contract type is " + " or ".join(type_in(t, "en") for t in f.contract_types))
        if f.excluded_contract_types:
            lines.append("Contract type is not " + " nor ".join(type_in(t, "en") for t in f.excluded_contract_types))
        if f.governing_law and f.governing_law.in_:
            lines.append("Governing law is " + " or ".join(law_in(law, "en") for law in f.governing_law.in_))
        if f.governing_law and f.governing_law.not_in:
            lines.append("Governing law is not " + " nor ".join(law_in(law, "en") for law in f.governing_law.not_in))
        for label, rng in (("Signed", f.signature_date), ("Ends", f.end_date)):
            if rng is None:
                continue
            if rng.after and rng.before:
                lines.append(f"{label} between {rng.after.isoformat()} and {rng.before.isoformat()}")
            elif rng.after:
                lines.append(f"{label} on or after {rng.after.isoformat()}")
            elif rng.before:
                lines.append(f"{label} on or before {rng.before.isoformat()}")
    if args.query:
        lines.append(f"Free text « {args.query} »: contracts ranked by their best article")
    return lines or ["No filter: every contract of the data room"]


def _listing(settings: Settings, args: SearchDataRoomArgs) -> dict[str, Any]:
    """search_data_room with every page followed."""
    merged = search_data_room(settings, args.model_copy(update={"offset": 0, "limit": PAGE}))
    while "next_offset" in merged:
        page = search_data_room(settings, args.model_copy(update={"offset": merged.pop("next_offset"), "limit": PAGE}))
        merged["results"] += page["results"]
        if "next_offset" in page:
            merged["next_offset"] = page["next_offset"]
    return merged


def dataroom_table(settings: Settings, args: SearchDataRoomArgs) -> DataRoomTable:
    """The table of ``args`` (see :class:`DataRoomTable`). Raises ToolInputError for bad arguments."""
    workspace = open_workspace(settings)
    room = load_dataroom(workspace)
    listing = _listing(settings, args)
    by_id = room.by_id
    names = name_contracts((r.id, r.title, r.file) for r in room.records)
    results = {r["contract_id"]: r for r in listing["results"]}
    rows: list[dict[str, Any]] = []
    for result in listing["results"]:
        if result.get("amends") in results:
            continue  # listed under its contract, below
        rows.append(_row(result, kind=_kind(result), names=names, score=_score(result)) | {"status": MATCHES})
        for amendment_id in result.get("amended_by") or []:
            amendment = results.get(amendment_id) or (record_summary(by_id[amendment_id]) if amendment_id in by_id else None)
            if amendment is not None:
                status = MATCHES if amendment_id in results else AMENDMENT_LISTED
                rows.append(_row(amendment, kind="amendment", names=names, score=_score(amendment)) | {"status": status})
    table = DataRoomTable(arguments=args.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"limit", "offset"}), rows=rows,
                          results=listing["results"], columns=column_order(args))
    table.left_out = _left_out(listing, by_id, names)
    for row in table.left_out:
        record = by_id.get(row["id"])
        summary = record_summary(record) if record is not None else {"contract_id": row["id"], "title": row["title"], "filename": row["file"]}
        row["row"] = _row(summary, kind=_kind(summary), names=names) | {
            "status": left_out_status(row), "why left out": row["detail"]}
    table.warnings = [{"title": names.get(r["contract_id"], r["contract_id"]), "warning": w, "id": r["contract_id"]}
                      for r in listing["results"] for w in r.get("warnings") or []]
    # … and the amendments listed under their contract without matching themselves (walkthrough 17: the XLSX counted their
    # warnings on the Contracts sheet and left them off the Warnings sheet)
    listed = {r["contract_id"] for r in listing["results"]}
    for row in rows:
        if row["id"] not in listed and (record := by_id.get(row["id"])) is not None:
            table.warnings += [{"title": names.get(row["id"], row["id"]), "warning": w, "id": row["id"]} for w in record.warnings]
    # the contracts left out are in the export too (their sheet, the CSV's rows): so are their warnings
    for row in table.left_out:
        record = by_id.get(row["id"])
        table.warnings += [{"title": row["row"].get("title") or row["id"], "warning": w, "id": row["id"]} for w in (record.warnings if record else [])]
    entity_names = dict(zip(room.allowed["entity_ids"], room.allowed["entity_names"]))
    table.filters = describe_filters(args, entity_names)
    table.notes = list(listing.get("notes") or [])
    table.records_outdated = bool(listing.get("records_outdated"))
    amendments = sum(1 for r in room.records if r.is_amendment and r.amends)
    not_contracts = sum(1 for r in room.records if r.not_contract)
    # a copy or a translation of a contract is the same act: counted with its original, as the chat's lists count it (the app walk of
    # round 38 read « 22 contracts » in the chat and « 24 contracts » here)
    copies = sum(1 for r in room.records if _is_copy(r))
    with workspace.session() as session:
        documents = repo.counts(session=session)["documents"]
    shown_amendments = sum(1 for row in rows if row["kind"] == "amendment")
    shown_apart = sum(1 for row in rows if row["kind"] == "not a contract")  # a memo listed with no filter: no contract matching
    # (a copy counted with its original only when that one is listed too, as the chat's lists count it — the review of the round)
    shown = {row["id"] for row in rows}
    shown_copies = sum(1 for row in rows if row["kind"] == "contract" and row["id"] in by_id and _is_copy(by_id[row["id"]]) and by_id[row["id"]].copy_of in shown)
    table.counts = {
        "contracts": len(room.records) - amendments - not_contracts - copies, "amendments": amendments, "not_contracts": not_contracts,
        "copies": copies, "copies_shown": shown_copies, "matching": len(rows) - shown_amendments - shown_apart - shown_copies,
        "amendments_shown": shown_amendments, "left_out": len(table.left_out), "documents": documents, "records": len(room.records),
        "left_out_decided": sum(1 for row in table.left_out if row["to do"] == DECIDED),
        "left_out_check": sum(1 for row in table.left_out if row["to do"] == CHECK_BY_HAND),
    }
    if args.query:
        table.counts["holding_every_word"] = int(listing.get("holding_every_word") or 0)
    table.reconciliation = reconcile(table.counts)
    return table


def _is_copy(record: Any) -> bool:  # noqa: ANN401 — a data-room record
    """Whether a record is a copy or a translation of another contract (not an amendment, not a memo)."""
    return bool(record.copy_of) and not (record.is_amendment and record.amends) and not record.not_contract


def reconcile(counts: dict[str, int]) -> str:
    """Why the data room's count and the Documents page's differ, in one sentence: « 24 contracts
    + 2 amendments = the 26 documents of the workspace; an amendment is listed under the contract it
    amends and is not counted as a contract. »"""
    contracts, amendments, documents = counts["contracts"], counts["amendments"], counts["documents"]
    text = f"{plural(contracts, 'contract')} + {plural(amendments, 'amendment')}"
    if counts.get("copies"):
        text += f" + {plural(counts['copies'], 'copy', 'copies')} or translation{'s' if counts['copies'] > 1 else ''} of {noun(counts['copies'], 'a contract', 'contracts')}"
    if counts.get("not_contracts"):
        text += f" + {plural(counts['not_contracts'], 'document')} that {noun(counts['not_contracts'], 'is', 'are')} not a contract (a memo, minutes, a report)"
    unrecorded = documents - counts["records"]
    if unrecorded > 0:
        text += f"; the workspace holds {plural(documents, 'document')}: {plural(unrecorded, 'document')} could not be read as a contract (see Documents)"
    else:
        text += f" = the {plural(documents, 'document')} of the workspace"
    return text + "; an amendment is listed under the contract it amends and is not counted as a contract" + (
        ", nor is a copy or a translation of one (it is listed, and counted with its original)." if counts.get("copies") else "."
    )


def _left_out(listing: dict[str, Any], by_id: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    rows = []

    def add(cid: str, reason: str, detail: str) -> None:
        record = by_id.get(cid)
        # named as the other sheets name it (the app walk: two leases both « BAIL COMMERCIAL » here, with their file on the Contracts sheet)
        rows.append({"id": cid, "title": names.get(cid) or (record.title if record else None), "file": record.file if record else None, "reason": reason, "detail": detail,
                     "to do": CHECK_BY_HAND if reason in UNDECIDED_REASONS else DECIDED})

    reasons = dict(listing.get("unknown_reasons") or {})
    for cid in listing.get("excluded_unknown") or []:
        record = by_id.get(cid)
        missing = [w for w in (record.warnings if record else []) if w.startswith("no ")]
        why = reasons.get(cid) or "; ".join(missing) or "unknown value"
        # an indefinite term is known — there is no end — not unknown: listed apart under its own heading
        add(cid, INDEFINITE_TERM if reason_is_only(why, INDEFINITE_TERM) else NOT_A_CONTRACT_REASON if record is not None and record.not_contract
            else RENEWS_UNLESS_NOTICE if reason_is_only(why, RENEWS) else UNKNOWN_FIELD, why)
    for cid, why in (listing.get("excluded_by_amendment") or {}).items():
        add(cid, MOVED_BY_AMENDMENT, why)
    for cid, why in (listing.get("contradictions") or {}).items():
        add(cid, CONTRADICTION, why)
    return rows


def left_out_status(row: dict[str, Any]) -> str:
    """A left-out contract's status as the CSV writes it: « left out (decided): no end date: indefinite
    term », « left out (check by hand): a filtered field is unknown or uncertain »."""
    return f"left out ({row['to do']}): {row['reason']}"


# --- files ----------------------------------------------------------------------------------------


def _text_safe(value: Any) -> Any:  # noqa: ANN401
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not (value[:1] == "-" and value[1:2].isdigit()):
        return "'" + value
    return value


def to_csv(table: DataRoomTable, delimiter: str = ",") -> bytes:
    """Every contract as CSV: those that match (amendments under their contract), then those left out,
    each with its ``status`` (« matches », « left out (decided): … », « left out (check by hand): … »)
    and why it was left out — a CSV has no second sheet, so nothing is dropped silently; the screen's
    columns, ISO dates, UTF-8 with a byte-order mark so that spreadsheet software reads accents right. ``delimiter``: a
    semicolon for Excel set to French, which opens a comma-separated file in one column."""
    if problem := unknown_csv_separator(delimiter):
        raise ExportError(problem)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n", delimiter=delimiter)
    columns = [*STATUS_COLUMNS, "kind", *table.columns]
    writer.writerow(columns)
    for row in [*table.rows, *(left["row"] for left in table.left_out)]:
        # a CSV has no sheet of warnings: the column holds their text (a count would send the reader to nothing)
        row = {**row, "warnings": " | ".join(row.get("warning texts") or [])}
        writer.writerow([_text_safe(v.isoformat() if isinstance(v, date) else ("" if v is None else v)) for v in (row.get(c) for c in columns)])
    return buffer.getvalue().encode("utf-8-sig")


NO_WARNING = "None: no contract of this export has a warning."
NOTHING_LEFT_OUT = "None: every contract was decided on these filters."


def to_xlsx(table: DataRoomTable, *, workspace: str = "") -> bytes:
    """The workbook described in the module docstring."""
    from openpyxl import Workbook  # optional: loaded for an XLSX export only
    from openpyxl.styles import Alignment, Font, PatternFill  # optional: loaded for an XLSX export only
    from openpyxl.utils import get_column_letter  # optional: loaded for an XLSX export only

    workbook = Workbook()
    cover = workbook.active
    cover.title = "Filters"
    cover.append(["Greffier — data-room export"])
    cover["A1"].font = Font(bold=True, size=14)
    facts = [("Workspace", workspace), ("Exported", datetime.now().strftime("%Y-%m-%d %H:%M"))]
    counts = table.counts
    facts += [("Contracts ranked by the free text" if table.arguments.get("query") else "Contracts matching", f"{counts['matching']} of {counts['contracts']}"),
              *([("… whose best article holds every word of the free text", counts.get("holding_every_word", 0))] if table.arguments.get("query") else []),
              ("Amendments, shown under their contract", counts["amendments_shown"]),
              ("Copies or translations listed, counted with their original", counts.get("copies_shown", 0)),
              ("Left out, decided (indefinite term, end moved by an amendment): sheet « Left out »", counts["left_out_decided"]),
              ("Left out, check by hand (a filtered field unknown or uncertain, a renewal unless notice was given, metadata and text disagree): sheet « Left out »",
               counts["left_out_check"]),
              ("Documents in the workspace", table.reconciliation)]
    for label, value in facts:
        cover.append([label, _text_safe(value)])
    cover.append([])
    cover.append(["Filters"])
    cover.cell(row=cover.max_row, column=1).font = Font(bold=True)
    for line in table.filters + [f"Note: {note}" for note in table.notes]:
        cover.append(["", _text_safe(line)])
    cover.append([])
    cover.append(["search_data_room arguments", json.dumps(table.arguments, ensure_ascii=False)])
    for row in cover.iter_rows(min_row=2, max_col=1):
        row[0].font = Font(bold=True)
        row[0].alignment = Alignment(wrap_text=True, vertical="top")  # the left-out labels say which reasons they count
    cover.column_dimensions["A"].width = 48
    cover.column_dimensions["B"].width = 110

    def sheet(title: str, columns: list[str], rows: list[dict[str, Any]], widths: dict[str, int]) -> None:
        ws = workbook.create_sheet(title)
        ws.append(columns)
        for cell in ws[1]:
            cell.font = Font(bold=True, color="FFFFFF")
            cell.fill = PatternFill("solid", fgColor="305496")
        for row in rows:
            ws.append([_text_safe(row.get(c)) for c in columns])
            for index, column in enumerate(columns, start=1):
                cell = ws.cell(row=ws.max_row, column=index)
                if column in DATE_COLUMNS and isinstance(cell.value, date):
                    cell.number_format = "yyyy-mm-dd"
                elif isinstance(cell.value, str):
                    cell.data_type = "s"  # never a formula, whatever the text starts with
                    cell.alignment = Alignment(wrap_text=len(cell.value) > 50, vertical="top")
        for index, column in enumerate(columns, start=1):
            ws.column_dimensions[get_column_letter(index)].width = widths.get(column, 14)
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{max(ws.max_row, 2)}"

    widths = {"title": 48, "amendments": 48, "amends": 48, "parties": 44, "type": 26, "governing law": 22, "file": 60, "detail": 70, "reason": 32, "warning": 90, "kind": 15}
    sheet("Contracts", ["kind", *table.columns], table.rows, widths)  # every row matches: the others are on « Left out »
    sheet("Left out", LEFT_OUT_COLUMNS, table.left_out or [{"reason": NOTHING_LEFT_OUT}], widths)
    sheet("Warnings", WARNING_COLUMNS, table.warnings or [{"warning": NO_WARNING}], widths)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def export_dataroom(settings: Settings, args: SearchDataRoomArgs, fmt: str, delimiter: str = ",") -> bytes:
    """The data-room table of ``args`` as ``fmt`` (csv or xlsx) bytes; ``delimiter``: the CSV's separator. Raises
    ExportError for an unknown format or separator and ToolInputError for bad arguments."""
    if fmt not in EXPORT_FORMATS:
        raise ExportError(f"unknown export format {fmt!r}: use {' or '.join(EXPORT_FORMATS)}")
    table = dataroom_table(settings, args)
    return to_csv(table, delimiter) if fmt == "csv" else to_xlsx(table, workspace=str(open_workspace(settings).root))
