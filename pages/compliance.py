"""Compliance: scan contracts with a playbook (progress bar), see the flags grouped by contract and
severity, open the passage a flag cites, set its status with a note, export; a chart of open flags."""

import logging

import altair as alt
import pandas as pd
import streamlit as st

from greffier.errors import GreffierError
from greffier.services.status import list_documents
from greffier.ui import compliance, keys
from greffier.ui.text import as_read, escape_markdown, one_line
from pages import _shared as shared

log = logging.getLogger("greffier.app")
settings = shared.settings()

st.header("Compliance")
st.caption("Playbook rules run over the contracts; each finding is a flag you review: resolve, dismiss or escalate it, with a note.")

try:
    contracts = [row for row in list_documents(settings) if row["id"]]
except GreffierError as exc:
    st.error(str(exc))
    st.stop()
if not contracts:
    st.info("No contracts to check yet: ingest some on the Documents page, then scan them here.")
    st.page_link("pages/documents.py", label="Go to Documents", icon=":material/folder_open:")
    st.stop()
titles = compliance.contract_names(contracts)  # by title (and file where two share one), never by internal id

# --- scan ---------------------------------------------------------------------------------------

available = compliance.playbooks()
usable = [p for p in available if not p["error"]]
for broken in (p for p in available if p["error"]):
    st.warning(escape_markdown(f"Playbook {broken['name']} cannot be used: {broken['error']}"))
if not usable:
    st.error("No valid playbook in playbooks/: add or fix a YAML playbook.")
    st.stop()
by_name = {p["name"]: p for p in usable}

with st.container(border=True):
    left, right = st.columns([2, 3])
    names = list(by_name)
    default = names.index(compliance.DEFAULT_PLAYBOOK) if compliance.DEFAULT_PLAYBOOK in names else 0
    playbook = left.selectbox("Playbook", names, index=default, format_func=lambda n: f"{by_name[n]['title']} ({by_name[n]['rules']} rules)", key=keys.CMP_PLAYBOOK)
    scope = right.multiselect("Contracts (empty: all of them)", list(titles), format_func=lambda c: one_line(titles[c], 90), key=keys.CMP_SCOPE)
    st.caption(escape_markdown(by_name[playbook]["description"]))
    if st.button("Run scan", key="compliance_run", type="primary"):
        bar = st.progress(0.0, text="Loading the playbook and the clause classifier…")
        try:
            result = compliance.run_scan(settings, playbook, scope, lambda fraction, line: bar.progress(min(max(fraction, 0.0), 1.0), text=escape_markdown(line)),
                                         names=titles)
        except GreffierError as exc:
            bar.empty()
            st.error(str(exc))
        except Exception as exc:  # noqa: BLE001 — never a raw traceback in the UI
            log.exception("compliance scan failed")
            bar.empty()
            st.error(f"The scan stopped on an unexpected error ({type(exc).__name__}: {exc}). The terminal log has the details.")
        else:
            summary = compliance.scan_summary(
                result, compliance.rule_titles([playbook]), compliance.amendment_ids(settings), compliance.not_contract_ids(settings),
            )
            bar.empty()
            (st.success if summary["level"] == "success" else st.warning)(escape_markdown(summary["headline"]))
            for note in summary["notes"]:
                st.caption(escape_markdown(note))

# --- flags --------------------------------------------------------------------------------------

st.subheader("Flags")
filters = st.columns([2, 2, 1])
statuses = filters[0].multiselect("Status", compliance.STATUSES, default=["open", "escalated"], key=keys.CMP_STATUS_FILTER)
severities = filters[1].multiselect("Severity", compliance.SEVERITY_ORDER, key="compliance_severity_filter")
only_playbook = filters[2].toggle("This playbook only", value=True, key="compliance_playbook_only")
try:
    listing = compliance.flags(settings, statuses=statuses, severities=severities, playbook=playbook if only_playbook else None)
    everything = compliance.flags(settings, playbook=playbook if only_playbook else None)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()

if not everything["flags"]:
    st.info("No flags yet: choose a playbook and run a scan.")
    st.stop()

if unscanned := compliance.unscanned_line(settings):  # an upload after the latest scan: its flags are missing, not absent
    st.warning(escape_markdown(unscanned))

chart_column, metrics_column = st.columns([3, 2], gap="large")
with chart_column:
    rows = compliance.open_by_severity(everything["flags"])
    if rows:
        frame = pd.DataFrame(rows)
        chart = alt.Chart(frame).mark_bar(cornerRadiusEnd=3, size=22).encode(
            x=alt.X("open flags:Q", title="open flags", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("severity:N", sort=list(compliance.SEVERITY_ORDER), title=None),
            color=alt.Color("severity:N", scale=alt.Scale(domain=list(compliance.SEVERITY_COLOURS), range=list(compliance.SEVERITY_COLOURS.values())), legend=None),
            tooltip=["severity:N", "open flags:Q"],
        ).properties(title="Open flags by severity")
        st.altair_chart(chart, width="stretch", height=48 * len(rows) + 70, key="compliance_chart")
        if copies := compliance.copies_line(everything["flags"]):
            st.caption(escape_markdown(copies))
    else:
        st.success("No open flag: every finding has been reviewed.")
with metrics_column:
    by_status = everything["counts"]["by_status"]
    cells = st.columns(2)
    for index, status in enumerate(compliance.STATUSES):
        cells[index % 2].metric(status.capitalize(), by_status.get(status, 0))

exports = st.columns([1.6] + [1] * len(compliance.EXPORTS), vertical_alignment="bottom")
# The CSV's separator, next to its button: a semicolon for Excel in French, which opens a comma-separated file in one column
separator = exports[0].selectbox("CSV separator", list(compliance.CSV_SEPARATORS), format_func=compliance.CSV_SEPARATORS.get, key="compliance_csv_separator",
                                 help="Excel set to French (or another locale with a decimal comma) expects a semicolon-separated CSV.")
current = {"statuses": statuses, "severities": severities, "playbook": playbook if only_playbook else None}
for column, (fmt, label, mime) in zip(exports[1:], compliance.EXPORTS):
    # Built when clicked (deferred), with the filters shown; a click reruns nothing ("ignore"): a rerun would replace every
    # button's deferred file, and a second export clicked before the page redraws would download nothing.
    options = {"delimiter": separator} if fmt == "csv" else {}
    column.download_button(label, data=lambda fmt=fmt, options=options: compliance.export(settings, fmt, **current, **options),
                           file_name=compliance.export_name(fmt), mime=mime, key=f"compliance_export_{fmt}", width="stretch", on_click="ignore")

if listing["skipped_rules"]:
    st.caption(escape_markdown(compliance.not_checked_line(listing["skipped_rules"])))

if (last := st.session_state.get(keys.CMP_LAST_REVIEW)) and (said := compliance.review_left_list(last, statuses)):
    note_column, undo_column = st.columns([6, 1], vertical_alignment="center")
    note_column.success(escape_markdown(said))
    if undo_column.button("Undo", key="compliance_undo_review", help=f"Set the flag back to « {last['was']} »", width="stretch"):
        try:
            compliance.review(settings, last["id"], last["was"], last["note"])
        except GreffierError as exc:
            st.error(str(exc))
        else:
            st.session_state.pop(keys.CMP_LAST_REVIEW, None)
            st.rerun()

if not listing["flags"]:
    st.info("No flag matches these filters.")
    st.stop()


def _flag(flag: dict) -> None:
    # Open when just reviewed, or while its cited passage is shown: a rerun never folds away what the user opened.
    opened = st.session_state.get(keys.CMP_FLAG) == flag["id"] or bool(st.session_state.get(f"compliance_open_{flag['id']}"))
    with st.expander(escape_markdown(compliance.flag_label(flag)), expanded=opened):  # the place cut to fit, never the status
        with st.container(border=True):
            st.markdown(escape_markdown(as_read(flag["excerpt"], flag.get("file")), keep_lines=True) or "_(no excerpt: the finding is about the whole contract)_")
        st.markdown(f"**Why it matters** — {escape_markdown(flag['explanation'])}")
        if flag["recommendation"]:
            st.markdown(f"**What to do** — {escape_markdown(flag['recommendation'])}")
        if copy_of := (flag.get("details") or {}).get("copy_of"):
            st.markdown(f"**{escape_markdown(compliance.copy_note(copy_of))}**")
        if (review := (flag.get("details") or {}).get("review") or {}).get("reason"):  # why it is to confirm (learned reader, no LLM…) or what the LLM said
            st.markdown(f"**Review: {escape_markdown(review.get('status') or '')}** — {escape_markdown(review['reason'])}")
        playbook_title = by_name.get(flag["playbook"], {}).get("title") or flag["playbook"]  # the playbook as its YAML titles it; ids stay in the exports
        st.caption(escape_markdown(f"{playbook_title} v{flag['playbook_version']} · {flag.get('place') or flag['section'] or 'whole contract'} · first seen {str(flag['first_seen_at'])[:10]}"))
        if st.toggle("Open the cited passage", key=f"compliance_open_{flag['id']}"):
            source = compliance.cited_passage(settings, flag)
            if source is None:
                st.caption("This finding is about the whole contract (e.g. a missing clause): there is no passage to open.")
            else:
                shared.show_passage(source.text, pdf_path=compliance.pdf_of(settings, source), page=source.page, page_end=source.page_end,
                                    key=f"compliance_passage_{flag['id']}", title=source.hover, wide=True)
        # A form: choosing a status and typing a note send nothing until Save.
        with st.form(f"compliance_review_{flag['id']}", border=False):
            status_column, note_column, save_column = st.columns([1, 3, 1], vertical_alignment="bottom")
            status = status_column.selectbox("Status", compliance.STATUSES, index=compliance.STATUSES.index(flag["status"]), key=f"compliance_status_{flag['id']}")
            note = note_column.text_input("Note", value=flag["note"] or "", key=f"compliance_note_{flag['id']}", placeholder="e.g. waiver obtained from the lender on 12/03")
            saved = save_column.form_submit_button("Save", width="stretch")
        if saved:
            try:
                compliance.review(settings, flag["id"], status, note)
            except GreffierError as exc:
                st.error(str(exc))
            else:
                st.session_state[keys.CMP_FLAG] = flag["id"]
                st.session_state[keys.CMP_LAST_REVIEW] = {
                    "id": flag["id"], "status": status, "was": flag["status"], "note": note,
                    # which contract's flag: several contracts have a « 5. Liability » (the app walk of round 29)
                    "label": f"{one_line(titles.get(flag['document_id'], flag['file']), 80)} — {compliance.flag_label({**flag, 'status': status})}",
                }
                st.toast(f"Flag marked {status}.")
                st.rerun()
        if flag["history"]:
            st.caption("History: " + escape_markdown(" · ".join(f"{h['at'][:16].replace('T', ' ')} {h['status']}" + (f" ({h['note']})" if h.get("note") else "") for h in flag["history"])))


for group in compliance.grouped(listing["flags"], titles):
    with st.container(border=True):
        st.markdown(compliance.group_heading(group))  # the title with the file name: several contracts may share a title
        for flag in group["flags"]:
            _flag(flag)
shared.show_viewer()
