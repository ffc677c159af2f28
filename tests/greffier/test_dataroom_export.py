"""The data-room table and its exports on real files of the bundled demo: a supply contract with its
two amendments (the first moves its end from 2026-03-31 to 2028-03-31), an agreement of indefinite
term without governing law, and a commercial lease whose term ends 2027-09-30 and which runs on
tacitly past it unless notice is given (« le bail se prolongera tacitement »). The CLI writes the same file."""

from __future__ import annotations

import csv
import io
import json
import shutil
from datetime import datetime

import pytest
from openpyxl import load_workbook

from demo import generate as demo_generate
from greffier.cli import main
from greffier.config import load_settings
from greffier.errors import GreffierError
from greffier.services.dataroom.export import EXPORT_FORMATS, dataroom_table, export_dataroom, to_csv, to_xlsx
from greffier.services.dataroom.query import SearchDataRoomArgs
from greffier.services.ingest import Ingestor

DEMO_IDS = ("d03", "d05", "d06", "d07", "d15")
ENDS_BY_2027 = {"filters": {"end_date": {"before": "2027-12-31"}}}  # decides none: the lease may run on past 2027
ENDS_FROM_2027 = {"filters": {"end_date": {"after": "2027-01-01"}}}  # the lease (it ends then at the earliest) and the supply contract
LEASE_RUNS_ON = "renews or continues automatically after 2027-09-30 unless notice is given (« ARTICLE 3"


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    base = tmp_path_factory.mktemp("dataroom-export")
    manifest = demo_generate.generate(base / "demo", base / "manifest.json")
    files = {c["id"]: c["file"] for c in manifest["contracts"]}
    folder = base / "room"
    for demo_id in DEMO_IDS:
        (folder / files[demo_id]).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(base / "demo" / files[demo_id], folder / files[demo_id])
    settings = load_settings(base / "ws")
    assert Ingestor(settings).ingest(folder).failed == []
    return settings


def test_amendments_are_listed_under_their_contract_and_the_counts_reconcile(room):
    table = dataroom_table(room, SearchDataRoomArgs())
    kinds = [(row["kind"], row["amends key"]) for row in table.rows]
    parent = next(i for i, row in enumerate(table.rows) if row["amendments"])
    assert [k for k, _ in kinds[parent + 1 : parent + 3]] == ["amendment", "amendment"]
    assert {a for _, a in kinds[parent + 1 : parent + 3]} == {table.rows[parent]["id"]}
    assert table.counts["contracts"] == 3 and table.counts["amendments"] == 2 and table.counts["documents"] == 5
    assert table.reconciliation.startswith("3 contracts + 2 amendments = the 5 documents of the workspace")
    assert table.filters == ["No filter: every contract of the data room"]


def test_the_xlsx_has_a_cover_real_dates_an_autofilter_and_the_contracts_left_out(room):
    workbook = load_workbook(io.BytesIO(export_dataroom(room, SearchDataRoomArgs.model_validate(ENDS_BY_2027), "xlsx")))
    assert workbook.sheetnames == ["Filters", "Contracts", "Left out", "Warnings"]
    cover = [tuple(c for c in row if c is not None) for row in workbook["Filters"].iter_rows(values_only=True)]
    assert ("", "Ends on or before 2027-12-31") in [tuple(c or "" for c in row) for row in workbook["Filters"].iter_rows(min_col=1, max_col=2, values_only=True)]
    assert ("Contracts matching", "0 of 3") in cover
    matching = load_workbook(io.BytesIO(export_dataroom(room, SearchDataRoomArgs.model_validate(ENDS_FROM_2027), "xlsx")))
    contracts = matching["Contracts"]
    header = [cell.value for cell in contracts[1]]
    assert header[:5] == ["kind", "id", "title", "ends", "initial end"]  # the filtered column first
    lease_row = next(row for row in range(2, contracts.max_row + 1) if str(contracts.cell(row=row, column=3).value).startswith("BAIL"))
    ends = contracts.cell(row=lease_row, column=header.index("ends") + 1)
    assert isinstance(ends.value, datetime) and ends.value.date().isoformat() == "2027-09-30" and ends.number_format == "yyyy-mm-dd"
    assert contracts.cell(row=lease_row, column=header.index("renews") + 1).value == "automatically"  # its end is its first term's
    assert contracts.freeze_panes == "A2" and contracts.auto_filter.ref.startswith("A1:")
    left_out = {row[0]: row for row in workbook["Left out"].iter_rows(min_row=2, values_only=True)}
    reasons = {row[3] for row in left_out.values()}
    # the indefinite-term agreement under its own heading: its end is known (there is none), not « unknown or uncertain »;
    # the lease, which may run on past its term, is to check by hand, under its own reason: its end is known, not whether notice was
    # given (the app walk of round 31 read « a filtered field is unknown » beside a known end date)
    assert reasons == {"no end date: indefinite term", "an amendment moved the end date", "renews automatically unless notice was given"}, reasons
    lease = next(row for row in left_out.values() if str(row[1]).startswith("BAIL"))
    assert lease[4].startswith(LEASE_RUNS_ON) and lease[5] == "check by hand", lease
    moved = next(row for row in left_out.values() if row[3] == "an amendment moved the end date")
    assert moved[1] == "CONTRAT D'APPROVISIONNEMENT EN PLANTES AROMATIQUES ET MÉDICINALES ISSUES DE L'AGRICULTURE BIOLOGIQUE"  # the PDF's 2-line title whole
    # in English, the amendment by its title, no internal id (was « fin 2026-03-31 → 2028-03-31 (avenant c02, c03) »)
    assert moved[4] == "end date 2026-03-31 → 2028-03-31 (amendment « AVENANT N° 1 AU CONTRAT D'APPROVISIONNEMENT DU 22 FÉVRIER 2021 »)"
    unknown = next(row for row in left_out.values() if row[3] == "no end date: indefinite term")
    assert unknown[4] == "no end date: indefinite term (« Article 6 — Durée et résiliation »)"  # the article, not « (c01-7) »
    assert workbook["Left out"].auto_filter.ref and workbook["Left out"].freeze_panes == "A2"


def test_an_xlsx_without_warnings_says_so(room):
    signed_long_ago = {"filters": {"signature_date": {"before": "1960-01-01"}}}
    workbook = load_workbook(io.BytesIO(export_dataroom(room, SearchDataRoomArgs.model_validate(signed_long_ago), "xlsx")))
    rows = list(workbook["Warnings"].iter_rows(values_only=True))
    assert rows == [("title", "warning", "id"), (None, "None: no contract of this export has a warning.", None)]  # not a bare header


def test_the_warnings_sheet_holds_the_warnings_of_the_contracts_left_out_too(room):
    # The Warnings sheet said « None: no contract of this export has a warning » while the CSV of the same export
    # gave warnings for the contracts left out (a walkthrough): every contract of the export has its warnings there.
    args = SearchDataRoomArgs.model_validate(ENDS_BY_2027)
    table = dataroom_table(room, args)
    left_ids = {row["id"] for row in table.left_out}
    workbook = load_workbook(io.BytesIO(export_dataroom(room, args, "xlsx")))
    sheet_ids = {row[2] for row in workbook["Warnings"].iter_rows(min_row=2, values_only=True)}
    from store.records import load_dataroom
    from store.workspace import open_workspace

    records = {r.id: r for r in load_dataroom(open_workspace(room)).records}
    with_warnings = {cid for cid in left_ids if cid in records and records[cid].warnings}
    assert with_warnings and with_warnings <= sheet_ids, (with_warnings, sheet_ids)


SUPPLY_TITLE = "CONTRAT D'APPROVISIONNEMENT EN PLANTES AROMATIQUES ET MÉDICINALES ISSUES DE L'AGRICULTURE BIOLOGIQUE"


def test_the_exports_name_amendments_and_contracts_by_title_and_keep_the_ids_in_key_columns(room):
    # A lawyer reads « AVENANT N° 1 … ; AVENANT N° 2 … » under amendments, not « c02, c03 »; the ids stay, for a join
    # with the id column, in columns of their own at the end.
    workbook = load_workbook(io.BytesIO(export_dataroom(room, SearchDataRoomArgs(), "xlsx")))
    sheet = workbook["Contracts"]
    header = [cell.value for cell in sheet[1]]
    assert header[-2:] == ["amendment keys", "amends key"], header
    rows = [dict(zip(header, row)) for row in sheet.iter_rows(min_row=2, values_only=True)]
    supply = next(row for row in rows if row["title"] == SUPPLY_TITLE)
    assert supply["amendments"] == ("AVENANT N° 1 AU CONTRAT D'APPROVISIONNEMENT DU 22 FÉVRIER 2021; "
                                    "AVENANT N° 2 AU CONTRAT D'APPROVISIONNEMENT DU 22 FÉVRIER 2021"), supply["amendments"]
    amendments = [row for row in rows if row["kind"] == "amendment"]
    assert len(amendments) == 2 and {row["amends"] for row in amendments} == {SUPPLY_TITLE}
    assert supply["amendment keys"] == ", ".join(row["id"] for row in amendments)  # the join still works
    assert {row["amends key"] for row in amendments} == {supply["id"]}
    assert supply["amends key"] is None and supply["amends"] is None
    # the warnings sheet names the contract too
    warnings = [dict(zip(["title", "warning", "id"], row)) for row in workbook["Warnings"].iter_rows(min_row=2, values_only=True)]
    moved = next(w for w in warnings if w["warning"].startswith("end date 2026-03-31"))
    assert moved["title"] == SUPPLY_TITLE and moved["id"] == supply["id"]
    csv_rows = list(csv.DictReader(io.StringIO(to_csv(dataroom_table(room, SearchDataRoomArgs())).decode("utf-8-sig"))))
    assert next(row for row in csv_rows if row["title"] == SUPPLY_TITLE)["amendments"] == supply["amendments"]


def test_the_csv_has_iso_dates_and_a_bom(room):
    data = to_csv(dataroom_table(room, SearchDataRoomArgs.model_validate(ENDS_FROM_2027)))
    assert data.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert sorted(r["ends"] for r in rows if r["status"] == "matches") == ["2027-09-30", "2028-03-31"] and rows[0]["kind"] == "contract"
    with pytest.raises(GreffierError, match="use csv or xlsx"):
        export_dataroom(room, SearchDataRoomArgs(), "pdf")
    assert EXPORT_FORMATS == ("csv", "xlsx")


def test_the_csv_s_warnings_column_holds_their_text_and_an_empty_left_out_sheet_says_so(room):
    """Walkthrough 16: the CSV's « warnings » column held a count (« 3 ») that sent the reader to a sheet a CSV does not have;
    an XLSX with nothing left out had a bare header on « Left out »."""
    table = dataroom_table(room, SearchDataRoomArgs())
    rows = list(csv.DictReader(io.StringIO(to_csv(table).decode("utf-8-sig"))))
    by_id = {r["id"]: r for r in rows}
    warned = [row for row in table.rows if row["warnings"]]
    assert warned
    for row in warned:
        assert by_id[row["id"]]["warnings"].split(" | ") == row["warning texts"]
    assert all(by_id[row["id"]]["warnings"] == "" for row in table.rows if not row["warnings"])
    workbook = load_workbook(io.BytesIO(to_xlsx(table)))
    assert not table.left_out
    assert list(workbook["Left out"].iter_rows(values_only=True))[1][3] == "None: every contract was decided on these filters."


def test_every_warning_counted_on_a_row_is_on_the_warnings_sheet(tmp_path):
    """Walkthrough 17: an amendment listed under its contract (an end-date filter acts through the contract) had its warnings
    counted on the Contracts sheet and left off the Warnings sheet."""
    room = tmp_path / "room"
    room.mkdir()
    (room / "fourniture.txt").write_text(
        "CONTRAT DE FOURNITURE\n\nENTRE LES SOUSSIGNÉS : ORION ÉNERGIE SAS, ci-après « le Fournisseur », ET : GROUPE TALVERA SA, ci-après "
        "« le Client ».\n\nARTICLE 4 — DURÉE\nLe présent contrat prend effet le 1er juillet 2023 et prend fin le 30 juin 2026.\n\n"
        "Fait à Nantes, le 19 juin 2023.\n", encoding="utf-8")
    (room / "avenant.txt").write_text(
        "AVENANT N° 1 AU CONTRAT DE FOURNITURE DU 19 JUIN 2023\n\nENTRE LES SOUSSIGNÉS : ORION ÉNERGIE SAS, société par actions "
        "simplifiée, immatriculée au RCS de Nantes sous le numéro 123 456 789, ci-après « le Fournisseur », ET : GROUPE TALVERA SA, ci-après "
        "« le Client ».\n\nARTICLE 1 — PROROGATION\nLe Contrat est prorogé jusqu'au 31 décembre 2028.\n\nFait à Nantes, le 10 février 2026.\n",
        encoding="utf-8")
    settings = load_settings(tmp_path / "ws")
    assert Ingestor(settings).ingest(room).failed == []
    table = dataroom_table(settings, SearchDataRoomArgs.model_validate({"filters": {"end_date": {"after": "2027-01-01"}}}))
    amendment = next(row for row in table.rows if row["kind"] == "amendment")
    assert amendment["warnings"] >= 1
    for row in [*table.rows, *(left["row"] for left in table.left_out)]:
        assert sum(1 for w in table.warnings if w["id"] == row["id"]) == row["warnings"], row["id"]


def test_the_cli_writes_the_same_file(room, tmp_path, capsys):
    out = tmp_path / "room.csv"
    code = main(["dataroom", "export", "--args", json.dumps(ENDS_BY_2027), "--format", "csv", "--out", str(out), "--workspace", str(room.workspace)])
    assert code == 0 and out.read_bytes() == to_csv(dataroom_table(room, SearchDataRoomArgs.model_validate(ENDS_BY_2027)))
    xlsx = tmp_path / "room.xlsx"
    assert main(["dataroom", "export", "--format", "xlsx", "--out", str(xlsx), "--workspace", str(room.workspace)]) == 0
    assert load_workbook(xlsx).sheetnames[0] == "Filters"
    # The CLI had no separator for the data room (its flags export had one): Excel in French opens a comma CSV in one column.
    semicolons = tmp_path / "room-fr.csv"
    assert main(["dataroom", "export", "--format", "csv", "--delimiter", ";", "--out", str(semicolons), "--workspace", str(room.workspace)]) == 0
    header = semicolons.read_bytes().decode("utf-8-sig").splitlines()[0]
    assert ";" in header and "," not in header
    capsys.readouterr()
    code = main(["dataroom", "export", "--args", '{"filters": {"end_date": {"befre": "2027-12-31"}}}', "--format", "csv", "--out", str(out),
                 "--workspace", str(room.workspace), "--json"])
    assert code == 2 and "befre" in json.loads(capsys.readouterr().out)["error"]


def test_the_csv_never_drops_a_contract_left_out_it_lists_it_with_its_status(room):
    # Ending by 2027: the agreement of indefinite term and the supply contract whose end its amendment moved to 2028
    # are left out, decided; the lease, which runs on past its term unless notice is given, is left out to check by
    # hand. The CSV used to hold the matches alone, with nothing about the others (the XLSX has them on a sheet of
    # their own, which a CSV cannot have).
    table = dataroom_table(room, SearchDataRoomArgs.model_validate(ENDS_BY_2027))
    rows = list(csv.DictReader(io.StringIO(to_csv(table).decode("utf-8-sig"))))
    assert list(rows[0])[:3] == ["status", "why left out", "kind"]
    statuses = [(row["status"], row["title"]) for row in rows]
    lease = next(row for row in rows if row["title"].startswith("BAIL"))
    assert lease["status"] == "left out (check by hand): renews automatically unless notice was given" and lease["why left out"].startswith(LEASE_RUNS_ON)
    assert ("left out (decided): an amendment moved the end date", SUPPLY_TITLE) in statuses
    indefinite = next(row for row in rows if row["status"] == "left out (decided): no end date: indefinite term")
    assert indefinite["why left out"] == "no end date: indefinite term (« Article 6 — Durée et résiliation »)" and indefinite["ends"] == ""
    supply = next(row for row in rows if row["title"] == SUPPLY_TITLE)
    assert supply["ends"] == "2028-03-31" and supply["why left out"].startswith("end date 2026-03-31 → 2028-03-31")
    # every contract of the room is in the CSV: matching or left out, never dropped
    contracts = {row["id"] for row in rows if row["kind"] == "contract"}
    assert len(contracts) == table.counts["contracts"] == 3
    # a contract whose filtered field is unknown is to check by hand (the agreement has no governing law)
    french = dataroom_table(room, SearchDataRoomArgs.model_validate({"filters": {"governing_law": {"in": ["droit français"]}}}))
    unknown = [row for row in csv.DictReader(io.StringIO(to_csv(french).decode("utf-8-sig"))) if row["status"].startswith("left out")]
    assert [row["status"] for row in unknown] == ["left out (check by hand): a filtered field is unknown or uncertain"], unknown
    assert "no governing law" in unknown[0]["why left out"]


def cover_of(room, arguments) -> dict:
    workbook = load_workbook(io.BytesIO(export_dataroom(room, SearchDataRoomArgs.model_validate(arguments), "xlsx")))
    return {row[0]: row[1] for row in workbook["Filters"].iter_rows(min_row=2, max_col=2, values_only=True) if row[0]}


def test_the_xlsx_cover_splits_the_left_out_as_the_screen_does(room):
    # The cover said « Left out… 2 » where the screen said « Left out — check by hand 0 »: both are decided.
    decided = "Left out, decided (indefinite term, end moved by an amendment): sheet « Left out »"
    by_hand = "Left out, check by hand (a filtered field unknown or uncertain, a renewal unless notice was given, metadata and text disagree): sheet « Left out »"
    cover = cover_of(room, ENDS_BY_2027)
    assert (cover[decided], cover[by_hand]) == (2, 1), cover  # the lease may run on past 2027: by hand
    assert not any(label.startswith("Left out, see") for label in cover)
    cover = cover_of(room, {"filters": {"governing_law": {"in": ["droit français"]}}})
    assert (cover[decided], cover[by_hand]) == (0, 1), cover
    workbook = load_workbook(io.BytesIO(export_dataroom(room, SearchDataRoomArgs.model_validate(ENDS_BY_2027), "xlsx")))
    assert sorted(row[5] for row in workbook["Left out"].iter_rows(min_row=2, values_only=True)) == ["check by hand", "decided", "decided"]


def test_the_exports_score_a_free_text_ranking_from_0_to_1(room):
    # The ranking's own score passes 1 when a clause type boosts an article (1.064): the exports show the 0-1 score.
    table = dataroom_table(room, SearchDataRoomArgs(query="durée du contrat"))
    rows = list(csv.DictReader(io.StringIO(to_csv(table).decode("utf-8-sig"))))
    scores = [float(row["score"]) for row in rows if row["status"] == "matches"]
    assert scores and all(0 <= s <= 1 for s in scores), scores
    assert cover_of(room, {"query": "durée du contrat"})["Contracts ranked by the free text"].endswith("of 3")


def test_a_free_text_ranking_says_how_many_words_asked_each_contract_s_best_article_holds(room):
    # the app walk of round 31: « Ranked contracts 21 of 24 » for « exclusivité territoriale » read as 21 contracts with territorial
    # exclusivity; the table now says what each ranking rests on. An English free text on the French contracts:
    table = dataroom_table(room, SearchDataRoomArgs(query="term of the agreement"))
    ranked = [row for row in table.rows if row["status"] == "matches" and row["kind"] == "contract"]
    assert ranked and all(row.get("best article") and row.get("words found") for row in ranked), ranked
    whole = [row for row in ranked if row["words found"].split(" of ")[0] == row["words found"].split(" of ")[1]]
    assert whole and table.counts["holding_every_word"] == len(whole), [(r["title"], r["words found"]) for r in ranked]
    assert any("dur" in row["best article"].lower() for row in whole), [(r["title"], r["best article"]) for r in whole]  # « Durée »
    assert table.columns.index("words found") == table.columns.index("score") + 1
    assert cover_of(room, {"query": "term of the agreement"})["… whose best article holds every word of the free text"] == len(whole)
    # with a filter that lets the amendments in, they are listed under their contract and not counted (the review: « Of the 3
    # contracts ranked, 4 have … »)
    filtered = dataroom_table(room, SearchDataRoomArgs.model_validate({"query": "durée du contrat", "filters": {"signature_date": {"after": "2000-01-01"}}}))
    assert filtered.counts["holding_every_word"] <= filtered.counts["matching"], filtered.counts
    # a word no document holds: every contract is only like the free text
    absent = dataroom_table(room, SearchDataRoomArgs(query="term of the zeppelin agreement"))
    assert absent.counts["matching"] and absent.counts["holding_every_word"] == 0, [(r["title"], r.get("words found")) for r in absent.rows]


def test_search_data_room_names_the_contract_an_amendment_amends_by_title(room):
    # The matched-filter sentence read « signed 2021-… ≥ 2021-01-01 (avenant to c09) »: the internal id, not the contract.
    from greffier.tools.registry import call_tool

    listing = call_tool(room, "search_data_room", {"filters": {"contract_types": ["avenant"], "signature_date": {"after": "2000-01-01"}}})
    sentences = [line for r in listing["results"] for line in r["matched_filters"] if line.startswith("signed ")]
    assert len(sentences) == 2, sentences
    for line in sentences:
        assert line.endswith(f"(amendment to « {SUPPLY_TITLE} » (Contrat_approvisionnement_Ferlande_2021.pdf))"), line
        assert "avenant to" not in line


def test_an_amendment_s_article_cited_for_an_end_date_names_the_amendment_s_file(room):
    # an end-date filter cites the amendment's new term under the contract it moves: the source named the contract's file
    from greffier.chat.router import _sources
    from greffier.tools.registry import call_tool

    listing = call_tool(room, "search_data_room", {"filters": {"end_date": {"after": "2000-01-01"}}, "limit": 100})
    supply = next(r for r in listing["results"] if r["filename"].endswith("Contrat_approvisionnement_Ferlande_2021.pdf"))
    articles = supply["relevant_articles"]
    from_amendment = [a for a in articles if a.get("contract_id", supply["contract_id"]) != supply["contract_id"]]
    assert from_amendment and all("/Avenant_" in a["filename"] for a in from_amendment), articles
    cited = {s["chunk_id"]: s["file"] for s in _sources("search_data_room", {"results": [supply]})}
    assert all(cited[a["chunk_id"]] == a.get("filename", supply["filename"]) for a in articles)
    assert any(cited[a["chunk_id"]] == supply["filename"] for a in articles)  # its own duration article, as its own


def test_search_data_room_names_a_filtered_party_as_the_contract_writes_it(room):
    # The matched-filter sentence read « parties include lisandre_manufacture (LISANDRE MANUFACTURE SAS) »: the key first.
    from greffier.tools.registry import call_tool

    records = call_tool(room, "search_data_room", {"filters": {}, "limit": 100})["results"]
    party = next(iter(call_tool(room, "get_contract", {"contract_id": records[0]["contract_id"]})["parties"]))
    entity = party["entity_id"]
    listing = call_tool(room, "search_data_room", {"filters": {"entity_ids": [entity]}})
    sentences = [line for r in listing["results"] for line in r["matched_filters"] if line.startswith("parties include")]
    assert sentences and all(entity not in line for line in sentences), sentences


@pytest.fixture(scope="module")
def translated_room(tmp_path_factory):
    """The demo's exclusive distribution agreement and its English courtesy translation, ingested."""
    base = tmp_path_factory.mktemp("translation")
    manifest = demo_generate.generate(base / "demo", base / "manifest.json")
    folder = base / "room"
    folder.mkdir()
    for contract in manifest["contracts"]:
        if contract["file"].endswith(("Contrat_distribution_exclusive_Benelux_2023.pdf", "Exclusive_Distribution_Agreement_Benelux_EN_courtesy_translation.docx")):
            shutil.copy2(base / "demo" / contract["file"], folder)
    settings = load_settings(base / "ws")
    assert len(list(folder.iterdir())) == 2 and Ingestor(settings).ingest(folder).failed == []
    return settings


def test_a_courtesy_translation_is_called_a_translation_and_its_date_quoted_from_a_word(translated_room):
    # The Warnings called the English translation a « possible duplicate » while the Duplicates page calls it a
    # translation; the duplicates' note quoted its date as « 'glish text is a courtesy translation…' », cut in a word.
    from greffier.tools.registry import call_tool

    table = dataroom_table(translated_room, SearchDataRoomArgs())
    warnings = [w["warning"] for w in table.warnings]
    assert any(w.startswith("possible translation of « CONTRAT DE DISTRIBUTION EXCLUSIVE » (Contrat_distribution_exclusive_Benelux_2023.pdf)")
               for w in warnings), warnings
    assert not any(w.startswith("possible duplicate") for w in warnings), warnings
    pairs = call_tool(translated_room, "find_duplicates", {})["pairs"]
    assert [p["kind"] for p in pairs] == ["translation"]
    note = next(n for n in pairs[0]["notes"] if n.startswith("signature date written"))
    quoted = note.split("'")[3]  # the English copy's words
    assert quoted == "text is a courtesy translation of the French original signed on 5 September 2023", note  # from a whole word
    assert "'glish" not in note


@pytest.fixture(scope="module")
def two_leases(tmp_path_factory):
    """The demo's warehouse lease, its retyped Word copy (both titled « BAIL COMMERCIAL ») and the Lyon shop lease."""
    base = tmp_path_factory.mktemp("same-title")
    manifest = demo_generate.generate(base / "demo", base / "manifest.json")
    files = {c["id"]: c["file"] for c in manifest["contracts"]}
    folder = base / "room"
    for demo_id in ("d15", "d16", "d17"):
        (folder / files[demo_id]).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(base / "demo" / files[demo_id], folder / files[demo_id])
    settings = load_settings(base / "ws")
    assert Ingestor(settings).ingest(folder).failed == []
    return settings


def test_contracts_sharing_a_title_are_told_apart_by_their_file_in_the_table_and_the_xlsx(two_leases):
    # The table, the XLSX Contracts sheet (and the CSV) showed « BAIL COMMERCIAL » twice; the timeline and the Warnings
    # sheet already named them « BAIL COMMERCIAL (file) ».
    from greffier.ui import dataroom as dataroom_ui

    table = dataroom_table(two_leases, SearchDataRoomArgs())
    titles = sorted(row["title"] for row in table.rows)
    assert "BAIL COMMERCIAL (Bail_commercial_entrepot_Portes-les-Valence_2018.pdf)" in titles, titles
    assert "BAIL COMMERCIAL (Bail Montelier - copie de travail.docx)" in titles, titles
    assert "BAIL COMMERCIAL" not in titles
    assert any(t.startswith("BAIL COMMERCIAL — BOUTIQUE") and not t.endswith(".docx)") for t in titles), titles  # a title of its own stays as it is
    names = dataroom_ui.contract_names(two_leases)
    shown = {row["id"]: row["title"] for row in dataroom_ui.display_rows(table, names)}
    assert shown == {cid: names[cid] for cid in shown}  # the screen's table names them as the timeline does (:func:`contract_names`)
    timeline, _ = dataroom_ui.timeline_rows(dataroom_ui.search_all(two_leases, {})["results"], names)
    assert len({row["contract"] for row in timeline}) == len(timeline) == 3
    workbook = load_workbook(io.BytesIO(export_dataroom(two_leases, SearchDataRoomArgs(), "xlsx")))
    contracts = workbook["Contracts"]
    header = [cell.value for cell in contracts[1]]
    sheet_titles = [row[header.index("title")] for row in contracts.iter_rows(min_row=2, values_only=True)]
    assert sorted(sheet_titles) == titles
    assert sorted(row["title"] for row in csv.DictReader(io.StringIO(to_csv(table).decode("utf-8-sig")))) == titles
    # … and so does the « Left out » sheet (the app walk: both leases « BAIL COMMERCIAL » there): a lease that renews unless notice
    # is given is left out of an end-date filter
    apart = dataroom_table(two_leases, SearchDataRoomArgs.model_validate({"filters": {"end_date": {"before": "2100-01-01"}}}))
    left = sorted(row["title"] for row in apart.left_out)
    assert left and not {"BAIL COMMERCIAL"} & set(left), left
    assert sorted(row[1] for row in load_workbook(io.BytesIO(export_dataroom(two_leases, SearchDataRoomArgs.model_validate(
        {"filters": {"end_date": {"before": "2100-01-01"}}}), "xlsx")))["Left out"].iter_rows(min_row=2, values_only=True)) == left


def test_the_table_and_its_exports_name_laws_and_types_in_english_as_the_screens_do(room):
    # appwalk 28: « droit anglais », « bail commercial », « avenant » in an English table and its exports, where the chat says "English law"
    french = dataroom_table(room, SearchDataRoomArgs.model_validate({"filters": {"governing_law": {"in": ["droit français"]}}}))
    assert "Governing law is French law" in french.filters, french.filters
    laws = {row["governing law"] for row in french.rows}
    assert laws == {"French law"}, laws
    types = {row["type"] for row in dataroom_table(room, SearchDataRoomArgs()).rows}
    assert "amendment" in types and not types & {"avenant", "bail commercial"}, types
    rows = list(csv.DictReader(io.StringIO(to_csv(french).decode("utf-8-sig"))))
    assert {row["governing law"] for row in rows if row["governing law"]} == {"French law"}, rows


def test_a_copy_is_counted_with_its_original_as_the_chat_counts_it(tmp_path):
    # the app walk of round 38: the chat said « 22 contracts » (a copy counted once), the Data room « 24 contracts »
    manifest = demo_generate.generate(tmp_path / "demo", tmp_path / "manifest.json")
    files = {c["id"]: c["file"] for c in manifest["contracts"]}
    folder = tmp_path / "room"
    folder.mkdir()
    original = next(files[i] for i in DEMO_IDS if files[i].endswith((".md", ".html", ".txt")))
    (folder / "a").mkdir()
    (folder / "b").mkdir()
    text = (tmp_path / "demo" / original).read_text(encoding="utf-8")
    name = original.rsplit("/", 1)[-1]
    (folder / "a" / name).write_text(text, encoding="utf-8")
    (folder / "b" / f"copie_{name}").write_text(text + "\n", encoding="utf-8")  # the same text, saved again
    settings = load_settings(tmp_path / "ws")
    assert Ingestor(settings).ingest(folder).failed == []
    table = dataroom_table(settings, SearchDataRoomArgs())
    assert table.counts["contracts"] == 1 and table.counts["copies"] == 1 and table.counts["matching"] == 1, table.counts
    assert table.reconciliation.startswith("1 contract + 0 amendments + 1 copy or translation of a contract = the 2 documents"), table.reconciliation
    assert len(table.rows) == 2  # the copy is still listed
