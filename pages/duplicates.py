"""Duplicates: pairs of contracts that are likely the same act twice (or a courtesy translation), with
their reasons and similarity; the two documents compared article by article and sentence by sentence
(the ``compare_contracts`` tool), their differences first; a way to mark a pair "not a duplicate"
(kept in the workspace)."""

import streamlit as st

from greffier.errors import GreffierError
from greffier.text import plural
from greffier.ui import dataroom, duplicates, keys
from greffier.ui.text import escape_markdown, one_line, party_label
from pages import _shared as shared

settings = shared.settings()

st.header("Duplicates")
st.caption("Contracts that are the same act twice — the same file uploaded twice, a retyped copy — or a courtesy translation. Nothing is merged: you decide.")

try:
    options = dataroom.filter_options(settings)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()
if options["contracts"] < 2:
    st.info("Duplicates are looked for among the contracts of the workspace: ingest at least two on the Documents page.")
    st.page_link("pages/documents.py", label="Go to Documents", icon=":material/folder_open:")
    st.stop()

entities = options["entities"]
involving = st.multiselect("Only pairs where these are all parties", list(entities), format_func=lambda e: party_label(entities, e), key="duplicates_entities")
try:
    with st.spinner("Comparing contracts…"):
        found = duplicates.find(settings, involving or None)
except GreffierError as exc:
    st.error(str(exc))
    st.stop()

pairs = found["pairs"]
metrics = st.columns(3)
metrics[0].metric("Likely duplicates", sum(1 for p in pairs if p.get("kind") != "translation"))
metrics[1].metric("Translations", sum(1 for p in pairs if p.get("kind") == "translation"))
metrics[2].metric("Marked not a duplicate", len(found["dismissed"]))


def _side_by_side(result: dict, *, only_differences: bool) -> None:
    """The aligned articles, one row per sentence pair; with ``only_differences``, the sentences
    that differ only, under their article."""
    left_file, right_file = (escape_markdown(name) for name in duplicates.file_names(result))
    for section in result["sections"]:
        rows = [row for row in section["rows"] if not only_differences or row["tag"] != "equal"]
        if not rows:
            continue
        st.markdown(f"**{escape_markdown(duplicates.heading_line(section))}**")
        for row in rows:
            left, right = st.columns(2, gap="medium")
            left.markdown(duplicates.marked(row, "left") or f":gray[(nothing facing it in {left_file})]")
            right.markdown(duplicates.marked(row, "right") or f":gray[(nothing facing it in {right_file})]")


if not pairs:
    st.success("No likely duplicate among these contracts.")
else:
    st.dataframe(
        [
            {
                "first": p["names"][0], "second": p["names"][1], "kind": p.get("kind", "duplicate"),
                "reasons": ", ".join(p["reasons"]), "similarity": p["text_similarity"], "lexical": p.get("lexical_similarity"),
                "languages": " / ".join(p.get("languages") or []), "id": duplicates.pair_key(p),
            }
            for p in pairs
        ],
        hide_index=True, key="duplicates_table", placeholder="—",
        column_order=["first", "second", "kind", "reasons", "similarity", "lexical", "languages", "id"],
        column_config={
            "first": st.column_config.TextColumn("first", width=300, help="Its title, with its file name where both share the title"),
            "second": st.column_config.TextColumn("second", width=300, help="Its title, with its file name where both share the title"),
            "similarity": st.column_config.ProgressColumn("similarity", min_value=0.0, max_value=1.0, format="%.2f", help="Aligned-article similarity of the multilingual embeddings"),
            "lexical": st.column_config.NumberColumn("lexical", format="%.2f", help="Share of word sequences in common"),
            "id": st.column_config.TextColumn(dataroom.KEY_LABEL, width="small", help=dataroom.KEY_HELP),
        },
    )

    by_key = {duplicates.pair_key(p): p for p in pairs}
    if st.session_state.get(keys.DUP_PAIR) not in by_key:
        st.session_state[keys.DUP_PAIR] = next(iter(by_key))
    chosen = st.selectbox("Compare", list(by_key), key=keys.DUP_PAIR, format_func=lambda key: duplicates.pair_label(by_key[key]))
    pair = by_key[chosen]
    first, second = pair["contract_ids"]

    st.markdown("**Why:** " + " · ".join(escape_markdown(r) for r in pair["reasons"]))
    for note in pair.get("notes") or []:
        st.caption(escape_markdown(note))
    heads = st.columns(2, gap="medium")
    for column, index in ((heads[0], 0), (heads[1], 1)):
        column.markdown(f"**{escape_markdown(one_line(pair['titles'][index] or pair['names'][index], 90))}**")
        column.caption(f"{escape_markdown(pair['files'][index])} · " + escape_markdown(", ".join(pair["parties"][index])))
    try:
        result = duplicates.compare(settings, pair["contract_ids"])
    except GreffierError as exc:
        st.error(str(exc))
        st.stop()
    if result["translation"]:
        st.info(f"A translation ({' / '.join(result['languages'])}): the texts are shown side by side, article by article "
                f"({plural(result['counts']['sections'], 'aligned article')}), without difference markers.")
        with st.container(border=True, height=620):
            _side_by_side(result, only_differences=False)
    else:
        with st.container(border=True):
            st.markdown(f"**{escape_markdown(duplicates.summary(result))}**")
            for change in result["changes"]:
                removed = f":red-background[{escape_markdown(change['removed'])}]" if change["removed"] else "(nothing)"
                added = f":green-background[{escape_markdown(change['added'])}]" if change["added"] else "(nothing)"
                st.markdown(f"- {removed} → {added} — in {plural(change['sentences'], 'sentence')}")
            st.caption("Compared article by article (matched on their numbers), then sentence by sentence; page numbers, running headers "
                       "and line breaks are not differences. Red: only on the left; green: only on the right.")
            _side_by_side(result, only_differences=True)
        with st.expander("Both texts, article by article", expanded=False):
            _side_by_side(result, only_differences=False)

    if st.button("Not a duplicate", key=f"duplicates_dismiss_{first}_{second}", help="Stop reporting this pair (you can report it again below)"):
        duplicates.dismiss(settings, pair["contract_ids"])
        st.rerun()

if found["dismissed"]:
    with st.expander(f"Marked not a duplicate ({len(found['dismissed'])})", expanded=False):
        for entry in found["dismissed"]:
            a, b = entry["contract_ids"]
            row = st.columns([4, 1], vertical_alignment="center")
            row[0].markdown(" ↔ ".join(escape_markdown(one_line(name, 90)) for name in entry["names"]) + f" — marked {entry.get('at', '')[:16].replace('T', ' ')}")
            if row[1].button("Report again", key=f"duplicates_restore_{a}_{b}"):
                duplicates.restore(settings, entry["contract_ids"])
                st.rerun()
