"""Data room: filter the contracts (parties, types, law, dates, free text) into the exhaustive table,
with every contract left out listed beside it and why; warnings, a contract's detail (articles,
metadata with its source, amendments), a timeline of the terms, and exports."""

import hashlib
import json
from datetime import date

import pandas as pd
import streamlit as st

from greffier.errors import GreffierError
from greffier.text import noun, plural, section_label
from greffier.ui import dataroom, keys
from greffier.ui.compliance import CSV_SEPARATORS
from greffier.ui.text import as_read, escape_markdown, law_label, one_line, party_label, type_label
from pages import _shared as shared

settings = shared.settings()
EARLIEST, LATEST = date(1950, 1, 1), date(2100, 12, 31)

st.header("Data room")
st.caption("Every contract that passes the filters is listed — no top-k cut. The contracts left out are listed under the table with the reason, never dropped: "
           "those that cannot be decided on the filters, those of indefinite term (no end date) and those whose end an amendment moved.")

try:
    options = dataroom.filter_options(settings)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()
if not options["contracts"]:
    st.info("No contracts yet: ingest a data room (a folder of contracts or a data-room JSON file) on the Documents page.")
    st.page_link("pages/documents.py", label="Go to Documents", icon="📄")
    st.stop()

entities = options["entities"]

# --- filter form --------------------------------------------------------------------------------

with st.form("dataroom_filter_form"):
    first = st.columns([2, 2, 2])
    parties = first[0].multiselect("Parties (all of them)", list(entities), format_func=lambda e: party_label(entities, e), key="dr_f_parties")
    types = first[1].multiselect("Contract types", options["types"], format_func=type_label, key="dr_f_types")
    text = first[2].text_input("Free text", key="dr_f_text", placeholder="e.g. exclusivité territoriale", help="Keeps the contracts whose articles match, best first")
    second = st.columns(2)
    law_in = second[0].multiselect("Governing law is", options["laws"], format_func=law_label, key="dr_f_law_in")
    law_not_in = second[1].multiselect("Governing law is not", options["laws"], format_func=law_label, key="dr_f_law_not_in", help="e.g. not « droit français » for foreign law")
    third = st.columns(4)
    signed_after = third[0].date_input("Signed on or after", value=None, min_value=EARLIEST, max_value=LATEST, key="dr_f_signed_after")
    signed_before = third[1].date_input("Signed on or before", value=None, min_value=EARLIEST, max_value=LATEST, key="dr_f_signed_before")
    ends_after = third[2].date_input("Ends on or after", value=None, min_value=EARLIEST, max_value=LATEST, key="dr_f_ends_after")
    ends_before = third[3].date_input("Ends on or before", value=None, min_value=EARLIEST, max_value=LATEST, key="dr_f_ends_before",
                                      help="Contracts whose end an amendment moved past this date are listed as excluded by amendment")
    submitted = st.form_submit_button("Apply filters", type="primary")
if submitted and (problem := dataroom.inverted_dates(signed_after=signed_after, signed_before=signed_before, ends_after=ends_after, ends_before=ends_before)):
    st.error(problem)
elif submitted:
    st.session_state[keys.DR_FILTERS] = dataroom.build_arguments(
        parties=parties, types=types, law_in=law_in, law_not_in=law_not_in, signed_after=signed_after,
        signed_before=signed_before, ends_after=ends_after, ends_before=ends_before, text=text,
    )

arguments = st.session_state[keys.DR_FILTERS]
try:
    data = dataroom.table(settings, arguments)
except GreffierError as exc:
    st.error(f"These filters cannot be run: {exc}")
    st.stop()

names = dataroom.contract_names(settings)  # contracts are shown by their title (and file name), not by their internal id
results, rows, counts = data.results, dataroom.display_rows(data, names, workspace=str(settings.workspace)), data.counts
by_reason = {reason: [row for row in data.left_out if row["reason"] == reason] for reason in dict.fromkeys(row["reason"] for row in data.left_out)}

metrics = st.columns(4)
ranked = bool(arguments.get("query"))  # free text ranks the contracts that have an article like it: a ranking, not a set
metrics[0].metric("Ranked contracts" if ranked else "Matching contracts", f"{counts['matching']} of {counts['contracts']}",
                  help=("Contracts with an article like the free text, best first: a ranking, not a filter that decides each contract. " if ranked else "")
                  + "Contracts only: an amendment is listed under the contract it amends, and a copy or a translation is counted with its original")
metrics[1].metric("Amendments under them", counts["amendments_shown"])
metrics[2].metric("Left out — check by hand", dataroom.undecided_count(data.left_out),
                  help="Contracts that cannot be decided on these filters; those of indefinite term or whose end an amendment moved are decided, and listed apart below")
metrics[3].metric("Contradictions", len(by_reason.get(dataroom.CONTRADICTION, [])))
if ranked and counts["matching"] and any(row.get("words found") for row in data.rows):
    holding = counts.get("holding_every_word", 0)
    st.caption(escape_markdown(f"Of the {plural(counts['matching'], 'contract')} ranked, {holding} {noun(holding, 'has', 'have')} a best article that holds every"
                               " word of the free text (as written or in the other language); the others hold only some of those words, or words"
                               " close in meaning: read their best article."))
st.caption(escape_markdown(f"In the data room: {data.reconciliation}"))
st.markdown("**Filters** — " + escape_markdown("; ".join(data.filters)))
for note in data.notes:
    st.caption(escape_markdown(f"Note: {note}."))
with st.expander("Filters sent to the data-room search (for the record)", expanded=False):
    st.json(arguments or {"filters": None})

# --- table and exclusions -----------------------------------------------------------------------


def _open_detail(contract_id: str) -> None:
    st.session_state[keys.DR_DETAIL] = contract_id


st.subheader(f"{plural(counts['matching'], 'contract')}" + (f" + {plural(counts['amendments_shown'], 'amendment')}" if counts["amendments_shown"] else "")
             + (f" + {plural(counts['copies_shown'], 'copy', 'copies')} of them" if counts.get("copies_shown") else ""))
if not rows:
    st.info("No contract passes these filters. Loosen them — and check the contracts listed as left out below.")
else:
    size_column, page_column, _ = st.columns([1, 1, 4])
    page_size = size_column.selectbox("Rows per page", [10, 20, 50, 100], index=2, key=keys.DR_PAGE_SIZE)
    pages = max(1, -(-len(rows) // page_size))
    # One page widget per listing: new filters or page size start again at page 1.
    listing_key = hashlib.sha1(json.dumps([arguments, page_size], sort_keys=True).encode()).hexdigest()[:10]
    page = page_column.number_input(f"Page (of {pages})", min_value=1, max_value=pages, value=1, key=f"dr_page_{listing_key}") - 1
    shown = rows[page * page_size : (page + 1) * page_size]
    # a whole ISO date, and every row of the page: "auto" showed ten rows of a page of 50 behind the grid's own scroll bar (appwalk 28)
    date_column = {c: st.column_config.DateColumn(c, format="YYYY-MM-DD", width=102) for c in ("signed", "ends", "initial end", "notice by")}
    picked = st.dataframe(
        pd.DataFrame(shown), hide_index=True, key=f"dataroom_table_{listing_key}_{page}", placeholder="—", width="stretch", height="content",
        column_order=["detail", *dataroom.display_columns(data)], on_select="rerun", selection_mode="single-row",
        column_config={
            "detail": st.column_config.LinkColumn("detail", display_text="open", width="small", help="The contract's detail on this page"),
            "id": st.column_config.TextColumn(dataroom.KEY_LABEL, width="small", help=dataroom.KEY_HELP),
            "title": st.column_config.TextColumn("title", width=240, pinned=True),  # narrow enough that the end date shows at 1440 px
            "parties": st.column_config.TextColumn("parties", width=200),
            "type": st.column_config.TextColumn("type", width=130),
            "governing law": st.column_config.TextColumn("governing law", width=120),
            **date_column,
            # a renewed term's end holds only if nobody gave notice, which the documents may not say: the header's help says so
            "current term ends": st.column_config.DateColumn("current term ends", format="YYYY-MM-DD", width=102,
                                                            help="For a contract that renews by itself: the end of the term running today, "
                                                                 "if no notice was given (the documents may not say)"),
            "amendments": st.column_config.TextColumn("amendments", width=220, help="Amendments of this contract, listed under it"),
            "amends": st.column_config.TextColumn("amends", help="The contract this amendment amends"),
            "warnings": st.column_config.NumberColumn("warnings", help="See the warnings below and in the detail view"),
            "score": st.column_config.NumberColumn("score (0–1)", format="%.2f", help=dataroom.SCORE_HELP),
            "words found": st.column_config.TextColumn("words found", width=90, help="How many words of the free text its best article holds, as written"
                                                       " or in the other language: all of them, the notion itself; fewer, an article only close to it"),
            "best article": st.column_config.TextColumn("best article", width=200, help="The article the contract is ranked by"),
        },
    )
    st.caption(f"Rows {page * page_size + 1}–{page * page_size + len(shown)} of {len(rows)} — select a row (or its « open » link) to see the contract's detail below.")
    chosen_rows = picked.selection.rows if picked is not None and picked.selection else []
    selected = shown[chosen_rows[0]]["id"] if chosen_rows else None
    if selected and selected != st.session_state.get(keys.DR_SELECTED):  # a new selection opens its detail, once
        _open_detail(selected)
    st.session_state[keys.DR_SELECTED] = selected
    warned = [r for r in results if r.get("warnings")]
    if warned:
        with st.expander(f"Warnings — {plural(len(warned), 'contract')}", expanded=False):
            for r in warned:
                st.markdown(f"**{escape_markdown(one_line(names.get(r['contract_id'], r['contract_id']), 120))}**")
                for warning in r["warnings"]:
                    st.markdown(f"- {escape_markdown(warning)}")

st.subheader("Left out of the results")
if not data.left_out:
    level, message = dataroom.nothing_left_out(data)
    {"warning": st.warning, "info": st.info, "success": st.success}[level](message)  # Greffier's own words, no document text
else:
    summary = dataroom.left_out_summary(data.left_out)
    if dataroom.undecided_count(data.left_out):
        st.warning(summary)
    else:
        st.info(summary)
    # every reason shown, three to a row (a fourth, « renews unless notice was given », was dropped by a single row of three)
    reasons = list(by_reason.items())
    for start in range(0, len(reasons), 3):
        columns = st.columns(min(3, len(reasons)), gap="medium")
        for column, (reason, group) in zip(columns, reasons[start : start + 3]):
            with column.container(border=True):
                st.markdown(f"**{escape_markdown(reason.capitalize())}** ({len(group)})")
                for row in group:
                    st.markdown(f"**{escape_markdown(one_line(names.get(row['id']) or row['title'] or row['file'], 120))}**  \n{escape_markdown(row['detail'])}")

# --- timeline -----------------------------------------------------------------------------------

st.subheader("Timeline of the terms")
timeline, undrawn = dataroom.timeline_rows(results, names)
if timeline:
    st.altair_chart(dataroom.timeline_chart(timeline), width="stretch", key="dataroom_timeline")
    st.caption("Bars run from signature to the current end; a black tick marks the end before an amendment moved it; the red line is today."
               + (" A green diamond marks the day a listed amendment was signed: it has no term of its own, the end it gives is its contract's."
                  if any(row["amended"] == dataroom.AMENDMENT for row in timeline) else ""))
if undrawn:
    st.caption(escape_markdown(f"Not drawn (no signature date, or no end date: unknown or an indefinite term): {'; '.join(one_line(u, 80) for u in undrawn)}."))
if not timeline and not undrawn:
    st.caption("Nothing to draw for these filters.")

# --- export -------------------------------------------------------------------------------------

separator_cell, export_csv, export_xlsx, hint = st.columns([1.4, 1, 1, 3], vertical_alignment="bottom")
# The CSV's separator, next to its button: a semicolon for Excel in French, which opens a comma-separated file in one column
separator = separator_cell.selectbox("CSV separator", list(CSV_SEPARATORS), format_func=CSV_SEPARATORS.get, key="dataroom_csv_separator",
                                     help="Excel set to French (or another locale with a decimal comma) expects a semicolon-separated CSV.")
# Built when clicked (deferred downloads): the same files as `python -m greffier dataroom export`. A click reruns nothing:
# a rerun replaces the buttons' deferred files, and the other export clicked before the page redraws would download nothing.
export_csv.download_button("Export CSV", data=lambda: dataroom.export(settings, arguments, "csv", separator), file_name=dataroom.export_name(data.filters, "csv", date.today()), mime="text/csv",
                           key="dataroom_export_csv", disabled=not rows and not data.left_out, on_click="ignore")  # the CSV lists the left out too
export_xlsx.download_button(
    "Export XLSX", data=lambda: dataroom.export(settings, arguments, "xlsx"),
    file_name=dataroom.export_name(data.filters, "xlsx", date.today()), mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", key="dataroom_export_xlsx", on_click="ignore",
)
hint.caption("CSV: the contracts that match and those left out, with a status column (matches, or left out and why); "
             "a contract these filters decide out is not in it. "
             "XLSX: the filters on a cover sheet, real dates, an autofilter, and the contracts left out on their own sheet with the reason.")

# --- contract detail ----------------------------------------------------------------------------

st.subheader("Contract detail")
choices = list(dict.fromkeys([row["id"] for row in data.rows] + [row["id"] for row in data.left_out]))
asked = st.query_params.get(dataroom.DETAIL_PARAM)
if asked:  # a « open » link of the table: ?contract=c05
    if asked not in choices:
        choices.append(asked)
    st.session_state[keys.DR_DETAIL] = asked
    del st.query_params[dataroom.DETAIL_PARAM]
if not choices:
    st.caption("Open a contract here once the filters match some.")
    st.stop()
# new filters open their first row (the app walk: after a free text, the detail still showed the contract opened before, only
# in the left-out list now, not the first ranked row); a link's or a row's contract is kept
filters_key = hashlib.sha1(json.dumps(arguments, sort_keys=True, default=str).encode()).hexdigest()[:10]
if st.session_state.get(keys.DR_DETAIL) not in choices or (st.session_state.get(keys.DR_DETAIL_FILTERS) not in (None, filters_key) and not asked):
    st.session_state[keys.DR_DETAIL] = choices[0]
st.session_state[keys.DR_DETAIL_FILTERS] = filters_key
contract_id = st.selectbox("Open a contract", choices, format_func=lambda c: one_line(names.get(c, c), 110), key=keys.DR_DETAIL)
try:
    contract = dataroom.contract_detail(settings, contract_id, names)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()

st.markdown(f"#### {escape_markdown(contract['title'] or contract['filename'])}")
st.caption(escape_markdown(contract["filename"]) + (f" · {contract['pages']} pages" if contract.get("pages") else "")
           + f" · {dataroom.KEY_LABEL} {escape_markdown(contract['contract_id'])}", help=dataroom.KEY_HELP)
st.markdown("**Metadata and where each value comes from**")
st.dataframe(contract["metadata_rows"], hide_index=True, key="dataroom_detail_meta", placeholder="—", width="stretch",
             column_config={"value": st.column_config.TextColumn("value", width="large"), "as written": st.column_config.TextColumn("as written", width="medium")})
amendments_column, warnings_column = st.columns(2, gap="large")
with amendments_column:
    st.markdown("**Amendments**")
    if contract.get("amends"):
        st.markdown(f"This is an amendment of **{escape_markdown(contract['amends_name'])}**.")
    if contract.get("amended_by"):
        st.markdown("Amended by " + "; ".join(f"**{escape_markdown(a)}**" for a in contract["amended_by_names"]) + ".")
        if contract.get("initial_end_date") and contract["initial_end_date"] != contract.get("end_date"):
            st.caption(f"End date moved from {contract['initial_end_date']} to {contract['end_date']}.")
    if not contract.get("amends") and not contract.get("amended_by"):
        st.caption("No amendment.")
with warnings_column:
    st.markdown("**Warnings**")
    if contract.get("warnings"):
        for warning in contract["warnings"]:
            st.warning(escape_markdown(warning))
    else:
        st.caption("None.")
articles = dataroom.article_groups(contract["articles"])
st.markdown(f"**Articles** ({len(articles)})")
for article in articles:
    heading = section_label(article.get("heading"), whole_path=True) or "(no heading)"
    page = f" · p. {article['page']}" if article.get("page") else ""
    if article.get("page") and article.get("page_end") and article["page_end"] != article["page"]:
        page = f" · p. {article['page']}–{article['page_end']}"
    with st.expander(escape_markdown(f"{one_line(heading, 100)}{page}")):  # the heading and page, not the chunk id
        st.markdown(escape_markdown(as_read(article["text"], contract["filename"]), keep_lines=True))
