"""The data-room screen's view models: filter choices from the data, the form turned into
``search_data_room`` arguments, the exhaustive table (every page, amendments under their contract,
the contracts left out — :mod:`greffier.services.dataroom.export`, which the exports write too),
timeline rows, and one contract's detail. Arguments are checked by the tool registry, as the chat's.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote
from collections import Counter
from datetime import date
from typing import Any

from greffier.config import Settings
from greffier.dataroom.records import INDEFINITE_TERM
from greffier.dataroom.vocabulary import LEASE, LEASE_KINDS, law_in, type_in
# CONTRADICTION is re-exported for the page (its Contradictions metric); the reasons below make the banner
from greffier.services.dataroom.export import (
    CONTRADICTION as CONTRADICTION, KEY_COLUMNS, MOVED_BY_AMENDMENT, NOT_A_CONTRACT_REASON, RENEWS_UNLESS_NOTICE, UNDECIDED_REASONS, DataRoomTable,
    dataroom_table, export_dataroom,
)
# name_contracts is re-exported: the screen names contracts as the exports do
from greffier.services.dataroom.export import name_contracts as name_contracts
from greffier.services.dataroom.query import allowed_values
from greffier.text import fold, noun, plural, section_label
from greffier.tools.registry import call_tool, parse_arguments
from greffier.ui.keys import WORKSPACE_PARAM
from greffier.ui.text import one_line
from store.records import load_dataroom
from store.workspace import open_workspace

SCORE_HELP = ("How close its best article is to the free text, from 0 to 1 like every score of the app (the sidebar's minimum score);"
              " the order also weighs the article's clause type")
PAGE_LIMIT = 100  # the tool's largest page
DETAIL_PARAM = "contract"  # ?contract=c05 opens that contract's detail
KEY_LABEL = "internal key"  # the contract id, where the screen keeps it: a technical key, not the document's
KEY_HELP = "Greffier's key for this contract (the CLI, the MCP tools and the exports use it); it is not written in the document"


def export_name(filters: list[str], fmt: str, day: date) -> str:
    """The file name of a data-room export: the day and what was filtered (the app walk of round 38: every export was
    « greffier-dataroom.csv », whatever its filters) — « greffier-dataroom-2026-12-07-ends-on-or-before-2027-12-31.csv »."""
    described = "-".join(f for f in filters if not f.startswith("No filter"))
    slug = re.sub(r"[^a-z0-9]+", "-", fold(described)).strip("-")[:80].rstrip("-")
    return f"greffier-dataroom-{day.isoformat()}{'-' + slug if slug else ''}.{fmt}"


def filter_options(settings: Settings) -> dict[str, Any]:
    """The values the filters accept, from the loaded data: ``entities`` ({id: name}), ``types``,
    ``laws``, and ``contracts`` (how many records there are)."""

    room = load_dataroom(open_workspace(settings))
    allowed = allowed_values(room)
    return {
        "entities": dict(zip(allowed["entity_ids"], allowed["entity_names"])),
        # leases of every kind at once (« bail » · "lease") beside each kind, when the room holds two kinds or more
        "types": sorted({*allowed["contract_types"], "avenant", *([LEASE] if len(set(LEASE_KINDS) & set(allowed["contract_types"])) > 1 else [])}),
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


def inverted_dates(**bounds: date | None) -> str | None:
    """What to tell a user who set a date range the wrong way round (« Signed on or after » later than « Signed on or before »), or
    None: said in the form's own words, with what to do — not the tool's validation error (the app walk of round 31)."""
    for field, label in (("signed", "Signed"), ("ends", "Ends")):
        after, before = bounds.get(f"{field}_after"), bounds.get(f"{field}_before")
        if after is not None and before is not None and after > before:
            return (f"« {label} on or after » ({after.isoformat()}) is later than « {label} on or before » ({before.isoformat()}): "
                    "swap them or clear one. The filters in use are unchanged.")
    return None


def contract_names(settings: Settings) -> dict[str, str]:
    """The name of every contract of the workspace's data room (:func:`name_contracts`): what the
    screen shows instead of an internal id."""
    room = load_dataroom(open_workspace(settings))
    return name_contracts((r.id, r.title, r.file) for r in room.records)


def left_out_summary(left_out: list[dict[str, Any]]) -> str:
    """The sentence above the contracts left out, each kind told apart: an indefinite term and an end
    moved by an amendment are decided (listed apart); only an unknown or uncertain field and a
    contradiction leave a contract to be checked by hand."""
    indefinite = sum(1 for row in left_out if row["reason"] == INDEFINITE_TERM)
    moved = sum(1 for row in left_out if row["reason"] == MOVED_BY_AMENDMENT)
    renewing = sum(1 for row in left_out if row["reason"] == RENEWS_UNLESS_NOTICE)
    undecided = undecided_count(left_out) - renewing
    # a memo or minutes: no filter applies to it (the app walk of round 33 saw an empty box above the memo alone)
    not_contracts = sum(1 for row in left_out if row["reason"] == NOT_A_CONTRACT_REASON)
    parts = []
    if indefinite:
        parts.append(f"{plural(indefinite, 'contract has', 'contracts have')} no end date (indefinite term) and {noun(indefinite, 'is', 'are')} listed apart")
    if moved:
        parts.append(f"{plural(moved, 'contract ends', 'contracts end')} outside these dates since an amendment moved {noun(moved, 'its', 'their')} end,"
                     f" and {noun(moved, 'is', 'are')} listed apart")
    if renewing:
        parts.append(f"{plural(renewing, 'contract renews', 'contracts renew')} automatically unless notice was given: check whether it was")
    if undecided:
        parts.append(f"{plural(undecided, 'contract')} cannot be decided on these filters: check {noun(undecided, 'it', 'them')} by hand")
    if not_contracts:
        parts.append(f"{plural(not_contracts, 'document is not a contract', 'documents are not contracts')} (a note, minutes, a report):"
                     f" no filter applies to {noun(not_contracts, 'it', 'them')}, listed apart")
    return "; ".join(parts) + "." if parts else ""


def undecided_count(left_out: list[dict[str, Any]]) -> int:
    """How many contracts left out must be checked by hand (see :func:`left_out_summary`)."""
    return sum(1 for row in left_out if row["reason"] in UNDECIDED_REASONS)  # the rows' « to do » of the exports, from the same set


def unread_fields(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The contracts with a field Greffier could not read (« no end date in metadata or text », « no
    signature date … », « no governing law … ») or read without confidence; an indefinite term is
    read — the contract has no end — and does not count."""
    return [r for r in results
            if r.get("uncertain") or any(w.startswith("no ") and not w.startswith(INDEFINITE_TERM) for w in r.get("warnings") or [])]


def nothing_left_out(data: DataRoomTable) -> tuple[str, str]:
    """What the « Left out » section says when no contract is left out: ``(level, text)``, level
    "success", "info" or "warning". Only a field filter decides contracts on their values: with none
    (or free text only) nothing was decided on a value, so the section says how many contracts have
    a field not read instead of claiming every one was read with confidence."""
    if data.records_outdated:
        return "warning", ("None left out by these filters, but the records predate this version of Greffier:"
                           " ingest the folder again before relying on this list.")
    if data.arguments.get("filters"):
        return "success", "None: every contract was decided on the filtered fields, read with confidence."
    unread = len(unread_fields(data.results))
    text = "None: with no field filter, no contract is left out."
    if unread:
        # the Warnings list every warning (a possible duplicate, a name read two ways): say which of its contracts these are
        # (appwalk 28: « Warnings — 9 contracts » above « 7 contracts have a field not read (see the Warnings above) »)
        warned = sum(1 for r in data.results if r.get("warnings"))
        where = "see the Warnings above" if warned == unread else f"among the {plural(warned, 'contract')} of the Warnings above"
        return "info", (text + f" {plural(unread, 'contract has', 'contracts have')} a field not read ({where}):"
                        f" a filter on that field would list {noun(unread, 'it', 'them')} here, to check by hand.")
    return "success", text + " Every contract's fields were read."


def display_rows(data: DataRoomTable, names: dict[str, str] | None = None, workspace: str | None = None) -> list[dict[str, Any]]:
    """The table's rows as the screen shows them: an amendment's title indented under its
    contract's (« ↳ »), the amendments and the contract amended by their names (``names``:
    :func:`contract_names`), not their ids, and a ``detail`` link that opens the contract on this page —
    in ``workspace``, which the link names (a link opened in a new tab opened the default workspace's
    contract of that id: the app walk of round 34). The ``id`` stays in each row: the screen shows it last, as the internal key."""
    names = names or {}
    place = f"{WORKSPACE_PARAM}={quote(workspace, safe='/')}&" if workspace else ""

    def named(ids: str | None) -> str | None:
        return "; ".join(one_line(names.get(i, i), 60) for i in ids.split(", ")) if ids else None

    return [
        {
            **{k: v for k, v in row.items() if k != "warning texts"},  # the CSV's; the screen lists the warnings under the table
            "title": ("↳ " if row["kind"] == "amendment" else "") + (row["title"] or row["file"] or row["id"]),
            "amendments": named(row.get("amendment keys")),
            "amends": named(row.get("amends key")),
            "detail": f"?{place}{DETAIL_PARAM}={row['id']}",
        }
        for row in data.rows
    ]


def display_columns(data: DataRoomTable) -> list[str]:
    """The table's columns on the screen: the filtered ones right after the title, the internal key last."""
    return [c for c in data.columns if c != "id" and c not in KEY_COLUMNS] + ["id"]


def export(settings: Settings, arguments: dict[str, Any], fmt: str, delimiter: str = ",") -> bytes:
    """The table exported as ``fmt`` (csv, xlsx): the same file as ``python -m greffier dataroom export``; ``delimiter``:
    the CSV's separator (a semicolon for Excel in French)."""
    return export_dataroom(settings, parse_arguments("search_data_room", arguments), fmt, delimiter)


TIMELINE_LABEL = 60  # characters of a contract's name on the timeline's axis (in full in the bar's tooltip)
TIMELINE_ROW_PX = 26  # one contract's row on the timeline: room for its label, whatever the number of contracts
TIMELINE_LABEL_PX = 320  # the widest label (cut with « … » past it)
# the time axis's labels, ISO as the tables' dates: « 2026 » on a year's tick, « 2026-06 » on a month's, « 2026-06-15 » on a day's
TIMELINE_DATE_FORMAT = {"year": "%Y", "quarter": "%Y-%m", "month": "%Y-%m", "week": "%Y-%m-%d", "date": "%Y-%m-%d", "day": "%Y-%m-%d",
                        "hours": "%Y-%m-%d %H:%M", "minutes": "%H:%M", "seconds": "%H:%M:%S", "milliseconds": "%H:%M:%S.%L"}


ORIGINAL, AMENDED = "original term", "amended end"  # the bars' colours, as the legend names them
AMENDMENT = "amendment signed"  # an amendment listed (a signature-date or type filter): a mark on the day it was signed, no term of its own
TOOLTIP_FIELDS = (("signed", "start"), ("ends", "end"), ("initial end", "initial_end"), ("amended by", "amended_by"), ("amends", "amends"))


def timeline_tooltip(row: dict[str, Any]) -> dict[str, str]:
    """A bar's tooltip, built per row: the contract's name as its heading (« title »), then only the fields
    that have a value — no « initial end: null », no empty « amended by » on a contract never amended (a
    Vega-Lite tooltip channel shows every field it lists, null or not). Dates as the tables write them, ISO."""
    return {"title": row["name"], **{label: str(row[key]) for label, key in TOOLTIP_FIELDS if row.get(key)}}


def timeline_rows(results: list[dict[str, Any]], names: dict[str, str] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """Bars for the timeline (signature → current end, with the initial end when an amendment
    moved it), and the names of the contracts that cannot be drawn (a date is unknown). A bar is
    labelled by the contract's name (``names``: :func:`contract_names`), cut unless two cut alike;
    ``name`` keeps it in full."""
    names = names or {}

    def name(r: dict[str, Any]) -> str:
        return names.get(r["contract_id"]) or r.get("title") or r.get("filename") or r["contract_id"]

    def amendment(r: dict[str, Any]) -> bool:
        return bool(r.get("is_amendment") or r.get("amends"))

    # an amendment has no term of its own (the end it gives is its contract's, drawn on that contract's row): a mark on the day it
    # was signed (the app walk: amendments listed by a signature-date filter were drawn as bars from their signature to the contract's end)
    drawn = [r for r in results if r.get("signature_date") and (r.get("end_date") or amendment(r))]
    labels = _unique_labels([(r["contract_id"], name(r)) for r in drawn])
    rows = []
    for r in drawn:
        if amendment(r):
            row = {"contract": labels[r["contract_id"]], "name": name(r), "id": r["contract_id"], "start": r["signature_date"], "end": None,
                   "initial_end": None, "amended": AMENDMENT, "amended_by": None, "amends": names.get(r.get("amends") or "", r.get("amends"))}
            rows.append(row | {"tooltip": timeline_tooltip(row)})
            continue
        amended = bool(r.get("amended_by")) and r.get("initial_end_date") not in (None, r["end_date"])
        row = {
            "contract": labels[r["contract_id"]],
            "name": name(r),
            "id": r["contract_id"],
            "start": r["signature_date"],
            "end": r["end_date"],
            "initial_end": r["initial_end_date"] if amended else None,
            "amended": AMENDED if amended else ORIGINAL,
            "amended_by": "; ".join(names.get(a, a) for a in r.get("amended_by") or []) or None,
            "amends": None,
        }
        rows.append(row | {"tooltip": timeline_tooltip(row)})
    drawn_ids = {r["contract_id"] for r in drawn}
    return rows, [name(r) for r in results if r["contract_id"] not in drawn_ids]


def timeline_chart(rows: list[dict[str, Any]], today: date | None = None):  # an altair LayerChart
    """The timeline of :func:`timeline_rows` as an Altair chart: a bar per contract from signature to
    its current end, a black tick at the end an amendment moved, a red rule at ``today``.

    One row of :data:`TIMELINE_ROW_PX` pixels per contract (a step height, not a total height shared
    among the rows), every label drawn level with its bar (none hidden, none pushed flush with the
    chart's edges, where Streamlit's theme put the first and last and the first ran into the second),
    cut at :data:`TIMELINE_LABEL_PX` pixels; the bar's tooltip names the contract in full."""
    import altair as alt  # here, not at import: heavy, and only the Data room page draws the chart
    import pandas as pd  # idem

    # The tooltip object of each row (timeline_tooltip), spread into columns the browser gets (« tip_0 »…): a
    # column of dicts would not survive Streamlit's Arrow transfer. The expression rebuilds, row by row, an
    # object with only the fields that row has: Vega's tooltip leaves out a key whose value is undefined.
    labels = list(dict.fromkeys(key for row in rows for key in row.get("tooltip", {})))
    columns = {label: f"tip_{i}" for i, label in enumerate(labels)}
    frame = pd.DataFrame([{k: v for k, v in row.items() if k != "tooltip"}
                          | {columns[label]: row.get("tooltip", {}).get(label) for label in labels} for row in rows])
    tooltip = alt.expr("{" + ", ".join(f"{json.dumps(label)}: isValid(datum.{column}) ? datum.{column} : datum.__none__"
                                       for label, column in columns.items()) + "}")
    shown = [kind for kind in (ORIGINAL, AMENDED, AMENDMENT) if any(row["amended"] == kind for row in rows)] or [ORIGINAL]
    colours = {ORIGINAL: "#4c78a8", AMENDED: "#f58518", AMENDMENT: "#54a24b"}
    axis = alt.Axis(labelLimit=TIMELINE_LABEL_PX, labelOverlap=False, labelFlush=False, labelBaseline="middle", labelAlign="right")
    base = alt.Chart(frame).encode(y=alt.Y("contract:N", sort=None, title=None, axis=axis))
    # the legend names « amended end » only when a contract drawn was amended, « amendment signed » only when an amendment is listed
    colour = alt.Color("amended:N", title=None, scale=alt.Scale(domain=shown, range=[colours[kind] for kind in shown]))
    terms = base.transform_filter(f"datum.amended != {json.dumps(AMENDMENT)}") if AMENDMENT in shown else base
    bars = terms.mark_bar(height=12, cornerRadius=3, tooltip=tooltip).encode(
        # ISO dates, as the tables write them: the year on a year's tick, year-month on a month's (months alone mislead)
        x=alt.X("start:T", title="signature → end", axis=alt.Axis(format=TIMELINE_DATE_FORMAT, labelOverlap=True)), x2="end:T", color=colour,
    )
    initial_ends = base.transform_filter("isValid(datum.initial_end)").mark_tick(color="#222", thickness=2, size=18).encode(
        x="initial_end:T", tooltip=[alt.Tooltip("name:N", title="contract"), alt.Tooltip("initial_end:N", title="initial end (before amendment)")],
    )
    marker = pd.DataFrame({"today": [(today or date.today()).isoformat()], "label": ["today"]})
    rule = alt.Chart(marker).mark_rule(color="#d62728", strokeDash=[5, 3], size=2).encode(x="today:T")
    label = alt.Chart(marker).mark_text(color="#d62728", align="left", dx=4, dy=-6, baseline="bottom").encode(x="today:T", y=alt.value(0), text="label:N")
    # fit-x: the chart fills the page's width; its height is the rows' (Streamlit's default « fit » would squeeze them into a total height)
    layers = bars + initial_ends
    if AMENDMENT in shown:
        signed = base.transform_filter(f"datum.amended == {json.dumps(AMENDMENT)}").mark_point(
            shape="diamond", filled=True, size=120, tooltip=tooltip,
        ).encode(x="start:T", color=colour)
        layers += signed
    return (layers + rule + label).properties(
        height=alt.Step(TIMELINE_ROW_PX), autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )


def _unique_labels(named: list[tuple[str, str]]) -> dict[str, str]:
    """One axis label per contract (the chart merges equal labels): its name cut at
    :data:`TIMELINE_LABEL` characters, in full where two cut alike, with its key where two are alike in full."""
    cut = {cid: one_line(name, TIMELINE_LABEL) for cid, name in named}
    full = dict(named)
    cut_counts, full_counts = Counter(cut.values()), Counter(full.values())
    return {
        cid: cut[cid] if cut_counts[cut[cid]] == 1 else full[cid] if full_counts[full[cid]] == 1 else f"{full[cid]} [{KEY_LABEL} {cid}]"
        for cid, _ in named
    }


def _article_label(chunk_id: str | None, articles: list[dict[str, Any]], names: dict[str, str]) -> str | None:
    """Where a value was read, as a reader finds it: the article's heading and page (« Article 6 —
    Durée · p. 2 »), or the amendment it comes from by name; never the passage id."""
    if not chunk_id:
        return None
    article = next((a for a in articles if a["chunk_id"] == chunk_id), None)
    if article is not None:
        heading = one_line(section_label(article.get("heading"), whole_path=True), 80) or "(no heading)"
        return heading + (f" · p. {article['page']}" if article.get("page") else "")
    owner = chunk_id.rsplit("-", 1)[0]
    return f"in « {one_line(names[owner], 80)} »" if owner in names else None


def article_groups(articles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The contract's articles as the detail lists them: the passages an article was split into, one after the other under
    the same heading, are one entry (``heading``, ``page``, ``page_end``, ``text`` joined, ``passages``). Appwalk 28: « 5. TIME »
    and « 9. INDEMNITIES » listed twice, « Articles (19) » for a contract of 17."""
    groups: list[dict[str, Any]] = []
    for article in articles:
        last = groups[-1] if groups else None
        if last is not None and article.get("heading") and article.get("heading") == last["heading"]:
            last["text"] += "\n\n" + article["text"]
            last["page_end"] = article.get("page_end") or article.get("page") or last["page_end"]
            last["passages"] += 1
            continue
        groups.append({"heading": article.get("heading"), "page": article.get("page"), "page_end": article.get("page_end") or article.get("page"),
                       "text": article["text"], "passages": 1})
    return groups


DATE_FIELDS = frozenset({"signature_date", "start_date", "end_date", "initial_end_date"})
AS_WRITTEN_DATE = 60  # characters of a date's wording shown in the detail's narrow « as written » cell
_SIGNATURE_LINE = re.compile(r"\s*(?:fait a\b|fait en\b|signe(?:e)? a\b|signed\b|executed\b|in witness|date of signature|date de signature)")


_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")


def _date_words(raw: str) -> str:
    """A date's wording as the detail shows it, cut to the cell around its year when too long (appwalk 28: « Campus – Phase 2,
    Didcot, Oxfords… » hid « THIS CONTRACT is made on 12 September 2024 »); a wording with no year (« trois (3) ans ») from
    its start."""
    text = " ".join(raw.split())
    if len(text) <= AS_WRITTEN_DATE:
        return text
    year = _YEAR.search(text)
    if year is None:
        return text[:AS_WRITTEN_DATE].rsplit(" ", 1)[0] + "…"
    start = max(0, year.end() - AS_WRITTEN_DATE)
    window = text[start : start + AS_WRITTEN_DATE]
    if start:
        window = "…" + window.split(" ", 1)[-1]
    return window + ("…" if start + AS_WRITTEN_DATE < len(text) else "")


RENEWAL_SHOWN = {"automatic": "renews or continues automatically unless notice is given", "none": "does not renew automatically"}


def _notice_shown(contract: dict[str, Any]) -> str | None:
    """The notice that stops an automatic renewal and its next deadline (« 90 days before the end: by 2027-10-02, for the term
    ending 2027-12-31 »); ``None`` when the contract does not renew by itself."""
    if contract.get("renewal") != "automatic":
        return None
    if not contract.get("renewal_notice"):
        return "not read"
    said = f"{contract['renewal_notice']} before the end of a term"
    if contract.get("notice_by"):
        return f"{said}: next by {contract['notice_by']}, for the term ending {contract['notice_stops']}"
    if not contract.get("end_date"):
        return f"{said} (the end date is unknown)"
    return f"{said}: the deadline for {contract['end_date']} has passed, and the length of a renewal was not read"


def _party_number(party: dict[str, Any]) -> str:
    """The company number shown by a party's name: its checked SIREN, else the number as the contract writes it."""
    if party.get("siren"):
        return f" (SIREN {party['siren']})"
    return f" (no. {party['identifier']}, as written)" if party.get("identifier") else ""


def contract_detail(settings: Settings, contract_id: str, names: dict[str, str] | None = None) -> dict[str, Any]:
    """``get_contract`` plus ``metadata_rows`` (each field with its value and where it came from: the
    article's heading and page) and ``amends_name`` / ``amended_by_names``, the amendments by name
    (``names``: :func:`contract_names`, read here when not given)."""
    contract = call_tool(settings, "get_contract", {"contract_id": contract_id})
    names = names if names is not None else contract_names(settings)
    sources = contract.get("sources") or {}
    fields = [
        ("title", contract.get("title")),
        ("parties", "; ".join(f"{p['name']}{_party_number(p)}" for p in contract["parties"])),
        # in English, as the table names them; a memo or minutes says it is no contract
        ("contract_type", f"not a contract ({contract['not_contract']})" if contract.get("not_contract") else type_in(contract.get("contract_type") or "", "en")),
        ("signature_date", contract.get("signature_date")),
        ("start_date", contract.get("start_date")),
        ("end_date", contract.get("end_date")),
        ("initial_end_date", contract.get("initial_end_date")),
        ("governing_law", law_in(contract.get("governing_law") or "", "en")),
        ("renewal", RENEWAL_SHOWN.get(contract.get("renewal") or "", "not stated")),
        *([("renewal_notice", notice)] if (notice := _notice_shown(contract)) else []),  # only for a contract that renews by itself
        # … and the term running today when it is a renewed one (its first term's end is past)
        *([("current_term_end", contract["current_end"])] if contract.get("current_end") not in (None, contract.get("end_date")) else []),
    ]
    rows = []
    for name, value in fields:
        source = sources.get(name) or {}
        raw, article = source.get("raw") or None, _article_label(source.get("chunk_id"), contract["articles"], names)
        if raw and name == "signature_date" and article and _SIGNATURE_LINE.match(fold(raw)):
            # « Fait à Toulouse, le 12 décembre 2022 » under the last article's heading: the signatures, not that article
            article = "signature lines" + (f" · {article.rsplit(' · ', 1)[1]}" if " · p. " in article else "")
        rows.append({
            "field": name.replace("_", " "),
            "value": value if value not in (None, "") else "unknown",
            "source": {"manifest": "data-room metadata", "extracted": "read in the text", "amendment": "amendment"}.get(source.get("origin")),
            "article": article,
            "as written": _date_words(raw) if raw and name in DATE_FIELDS else raw,
            "text says": contract.get("text_values", {}).get(name),
        })  # None where there is nothing to say: the page shows « — »
    amends = contract.get("amends")
    return {
        **contract, "metadata_rows": rows, "amends_name": names.get(amends, amends) if amends else None,
        "amended_by_names": [names.get(a, a) for a in contract.get("amended_by") or []],
    }
