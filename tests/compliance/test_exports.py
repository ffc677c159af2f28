"""Exports of the flags: CSV and XLSX read back as a spreadsheet user would, JSON, Markdown, PDF."""

from __future__ import annotations

import csv
import io
import json

import pytest

from greffier.compliance.errors import ComplianceError
from greffier.services.compliance.exports import COLUMNS, export_flags, to_csv
from greffier.services.compliance.service import FlagFilters, list_flags

pytestmark = pytest.mark.slow


def test_csv_reads_back_with_the_csv_module(scanned, tmp_path):
    out = tmp_path / "flags.csv"
    result = export_flags(scanned["settings"], "csv", out)
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark: Excel reads the accents
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    flags = list_flags(scanned["settings"])["flags"]
    assert len(rows) == result["flags"] == len(flags)
    assert list(rows[0]) == ["export filters", *(name for name, _ in COLUMNS)] and rows[0]["export filters"] == "every flag"
    by_id = {row["flag_id"]: row for row in rows}
    for flag in flags:
        row = by_id[flag["id"]]
        assert row["excerpt"] == flag["excerpt"] and row["file"] == flag["file"] and row["severity"] == flag["severity"]
        assert row["page"] == ("" if flag["page"] is None else str(flag["page"]))
        # The place a reviewer reads: page (for a PDF) and section, never a bare chunk id.
        assert row["place"] and flag["chunk_id"] not in row["place"]
        if flag["chunk_id"] != "document":
            assert flag["section"] and flag["section"] in row["place"]
        if flag["file"].endswith(".pdf") and flag["chunk_id"] != "document":
            assert row["place"].startswith("p. ")
    assert any("é" in row["rule"] for row in rows)
    # each row names its contract and playbook as a reader knows them, beside the keys
    lease = scanned["ids"]["bail_fr.pdf"]
    lease_rows = [row for row in rows if row["document_id"] == lease]
    assert lease_rows and all(row["contract"] and row["contract"] != lease for row in lease_rows)
    assert all(row["playbook title"] and row["playbook title"] != row["playbook"] for row in rows)
    # Without an LLM the exclusivity hits stay marked "to confirm" by the rule that reviews them.
    assert {row["review"] for row in rows if row["rule_id"] == "exclusivity"} == {"to confirm"}


def test_csv_filters_and_delimiter(scanned):
    text = export_flags(scanned["settings"], "csv", filters=FlagFilters(severities=("high",)), delimiter=";")["content"]
    rows = list(csv.DictReader(io.StringIO(text, newline=""), delimiter=";"))
    assert rows and {row["severity"] for row in rows} == {"high"}
    # Any other separator was written as given (a tab, a pipe) or crashed in the csv module ("ab"): refused, with the choices.
    for wrong in ("|", "ab"):
        with pytest.raises(ComplianceError, match=r"unknown CSV separator .*use one of ',' ';'"):
            export_flags(scanned["settings"], "csv", delimiter=wrong)


def test_cells_that_look_like_formulas_stay_text():
    flag = {name: "" for _, name in COLUMNS} | {"id": "f1", "excerpt": "=HYPERLINK(\"http://x\")", "note": "-1", "details": {}}
    row = next(csv.DictReader(io.StringIO(to_csv([flag]), newline="")))
    assert row["excerpt"] == "'=HYPERLINK(\"http://x\")" and row["note"] == "'-1"


def test_xlsx_has_a_flag_sheet_and_one_summary_sheet_per_document(scanned, tmp_path):
    from openpyxl import load_workbook

    out = tmp_path / "flags.xlsx"
    export_flags(scanned["settings"], "xlsx", out)
    workbook = load_workbook(out)
    flags = list_flags(scanned["settings"])["flags"]
    sheet = workbook["Flags"]
    header = [cell.value for cell in sheet[1]]
    assert header == [name for name, _ in COLUMNS]
    rows = [dict(zip(header, (cell.value for cell in row))) for row in sheet.iter_rows(min_row=2)]
    assert len(rows) == len(flags)
    by_id = {row["flag_id"]: row for row in rows}
    for flag in flags:
        assert by_id[flag["id"]]["excerpt"] == flag["excerpt"] and by_id[flag["id"]]["place"] == flag["place"]  # the section within the place
        assert by_id[flag["id"]]["page"] == flag["page"] and by_id[flag["id"]]["still found by the latest scan"] == "yes"
        assert by_id[flag["id"]]["first seen (UTC)"].strftime("%Y-%m-%d %H:%M") == flag["first_seen_at"][:16].replace("T", " ")
    documents = sorted({f["document_id"] for f in flags})
    assert len(workbook.sheetnames) == 2 + len(documents) and workbook.sheetnames[:2] == ["Filters", "Flags"]
    lease = scanned["ids"]["bail_fr.pdf"]
    # each summary sheet is named by the contract's title, as a reader knows it, never by its internal key
    assert not any(name.startswith(tuple(documents)) for name in workbook.sheetnames[2:]), workbook.sheetnames
    summary = next(workbook[name] for name in workbook.sheetnames[2:] if any(
        row[0].value == "Internal key" and row[1].value == lease for row in workbook[name].iter_rows(max_row=20)))
    assert summary["A1"].value == "BAIL COMMERCIAL (bail_fr.pdf)"  # the contract in full first: its sheet's name may be cut
    cells = {row[0].value: row[1].value for row in summary.iter_rows(min_row=2, max_row=20) if row[0].value}
    assert cells["Internal key"] == lease and cells["File"].endswith("bail_fr.pdf") and cells["Contract type"] == "commercial lease"  # in English, as the report and the screens
    assert "Document" not in cells
    assert cells["Flags"] == sum(1 for f in flags if f["document_id"] == lease)


def test_json_export(scanned):
    data = json.loads(export_flags(scanned["settings"], "json", filters=FlagFilters(playbooks=("bail_commercial",)))["content"])
    assert data["filters"]["playbook"] == ["bail_commercial"]
    assert data["counts"]["flags"] == len(data["flags"]) > 0
    assert [d["id"] for d in data["documents"]] == [scanned["ids"]["bail_fr.pdf"]]
    assert any(c["rule_id"] == "destination-restrictive" for c in data["skipped_rules"]) is False  # no permitted-use clause: nothing to ask


def test_markdown_report_lists_findings_per_contract_with_file_page_and_section(scanned, tmp_path):
    out = tmp_path / "report.md"
    export_flags(scanned["settings"], "md", out)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Compliance review report")
    lease = scanned["ids"]["bail_fr.pdf"]
    assert "## BAIL COMMERCIAL (bail\\_fr.pdf)\n" in text and f"## {lease}" not in text  # by its title and file, not « c03 — BAIL COMMERCIAL »
    assert "*room/bail\\_fr.pdf — p. 1 · ARTICLE 2 — DURÉE*" in text  # the PDF's own dash
    assert "Durée inférieure à 9 ans" in text and "**Recommendation:**" in text
    assert "## Rules not checked" in text and "skipped: no LLM available" in text
    assert "Filters: every flag" in text
    export_flags(scanned["settings"], "md", out, FlagFilters(statuses=("open", "escalated"), severities=("high",)))
    filtered = out.read_text(encoding="utf-8")
    assert "Filters: status open or escalated · severity high" in filtered and "{" not in filtered.split("\n\n")[2]
    # the playbook and the rules not run by their titles, as in the YAML (was « playbook ma_due_diligence », « `exclusivity-llm-review` »)
    export_flags(scanned["settings"], "md", out, FlagFilters(playbooks=("ma_due_diligence",)))
    titled = out.read_text(encoding="utf-8")
    assert "Filters: playbook Audit d'acquisition — signaux d'alerte / M&A due diligence red flags" in titled
    not_checked = titled.split("## Rules not checked", 1)[1]
    assert "Portée de l'exclusivité (revue LLM) / Scope of the exclusivity (LLM review) on " in not_checked and "exclusivity-llm-review" not in not_checked


def test_pdf_report(scanned, tmp_path):
    out = tmp_path / "report.pdf"
    result = export_flags(scanned["settings"], "pdf", out)
    assert out.read_bytes().startswith(b"%PDF") and result["flags"] > 0
    import pypdfium2

    document = pypdfium2.PdfDocument(str(out))
    text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert "Compliance review report" in text and "bail_fr.pdf" in text


def test_binary_formats_need_a_file_and_formats_are_checked(scanned):
    with pytest.raises(ComplianceError, match="needs a file"):
        export_flags(scanned["settings"], "xlsx")
    with pytest.raises(ComplianceError, match="unknown export format 'docx'"):
        export_flags(scanned["settings"], "docx")


def test_flag_exports_say_what_was_filtered_and_what_it_left_out(scanned, tmp_path):
    # An export « status open or escalated » used to be 106 rows with nothing saying so: a resolved flag was simply missing.
    from openpyxl import load_workbook

    settings = scanned["settings"]
    flags = list_flags(settings)["flags"]
    open_only = FlagFilters(statuses=("open", "escalated"))
    resolved = next(f for f in flags if f["status"] == "open")
    from greffier.services.compliance.service import set_flag_status

    set_flag_status(settings, resolved["id"], "resolved", note="waiver signed")
    try:
        expected = "status open or escalated — 1 flag of the workspace not in this export (1 resolved)"
        rows = list(csv.DictReader(io.StringIO(export_flags(settings, "csv", filters=open_only)["content"], newline="")))
        assert rows and {row["export filters"] for row in rows} == {expected} and resolved["id"] not in {row["flag_id"] for row in rows}
        out = tmp_path / "open.xlsx"
        export_flags(settings, "xlsx", out, open_only)
        workbook = load_workbook(out)
        assert workbook.sheetnames[0] == "Filters"
        cover = {row[0]: row[1] for row in workbook["Filters"].iter_rows(min_row=2, values_only=True) if row[0]}
        assert cover["Filters"] == expected and cover["Flags in this export"] == len(rows) == len(flags) - 1
        report = export_flags(settings, "md", filters=open_only)["content"]
        assert f"Filters: {expected}" in report  # the reports say it the same way
        every = list(csv.DictReader(io.StringIO(export_flags(settings, "csv")["content"], newline="")))
        assert {row["export filters"] for row in every} == {"every flag"} and len(every) == len(flags)
    finally:
        set_flag_status(settings, resolved["id"], "open")


def test_reports_put_guillemets_around_the_contracts_words_only_and_name_contracts_by_title(scanned, tmp_path):
    # « No clause of type: Governing law » is Greffier's finding, not a quote of the contract (the services agreement
    # has no governing-law clause); the report lines used to read « c02 — SERVICES AGREEMENT » and « rule
    # termination-for-convenience, flag e5cd8b… ».
    settings = scanned["settings"]
    flags = list_flags(settings)["flags"]
    missing = next(f for f in flags if f["excerpt"].startswith("No clause of type: "))
    quoted = next(f for f in flags if f["chunk_id"] != "document" and not f["excerpt"].startswith(("No clause", "governing law: ")))
    report = export_flags(settings, "md")["content"]
    assert f"Finding: {missing['excerpt']}" in report and f"> {missing['excerpt']}" not in report
    assert "> " + quoted["excerpt"].split()[0] in report
    assert f"rule `{quoted['rule_id']}`" not in report and f"flag key `{quoted['id']}`" in report
    for document_id in {f["document_id"] for f in flags}:
        assert f"## {document_id}" not in report and f"| {document_id} |" not in report
    out = tmp_path / "report.pdf"
    export_flags(settings, "pdf", out)
    import pypdfium2

    document = pypdfium2.PdfDocument(str(out))
    text = " ".join(" ".join(document[i].get_textpage().get_text_range().split()) for i in range(len(document)))
    assert "Finding: No clause of type:" in text and "« No clause of type" not in text
    assert "« " + " ".join(quoted["excerpt"].split()[:3]) in text
    assert f"rule {quoted['rule_id']}," not in text


def test_two_contracts_with_the_same_title_are_told_apart_by_their_file_in_the_reports(scan_base, tmp_path):
    # Two « BAIL COMMERCIAL » read alike in the report (« ## BAIL COMMERCIAL » twice); the data room and its timeline
    # add the file name where titles repeat, and so do the reports now.
    from greffier.services.compliance.service import scan_workspace
    from greffier.services.ingest import Ingestor
    from tests.compliance.conftest import LEASE_FR, TODAY, copy_workspace
    from tests.pipelines.files import make_pdf

    copy = copy_workspace(scan_base, tmp_path)
    make_pdf(copy["room"] / "bail_annexe_fr.pdf", LEASE_FR, title="BAIL COMMERCIAL")
    assert not Ingestor(copy["settings"]).ingest(copy["room"]).failed
    scan_workspace(copy["settings"], "bail_commercial", today=TODAY, llm=None)
    report = export_flags(copy["settings"], "md")["content"]
    assert "## BAIL COMMERCIAL (bail\\_fr.pdf)" in report and "## BAIL COMMERCIAL (bail\\_annexe\\_fr.pdf)" in report, report[:2000]
    assert "## BAIL COMMERCIAL\n" not in report
    assert "| BAIL COMMERCIAL (bail\\_fr.pdf) | " in report
    rows = list(csv.DictReader(io.StringIO(export_flags(copy["settings"], "csv")["content"])))
    contracts = {row["contract"] for row in rows if row["file"].endswith(".pdf")}
    assert contracts == {"BAIL COMMERCIAL (bail_fr.pdf)", "BAIL COMMERCIAL (bail_annexe_fr.pdf)"}, contracts
