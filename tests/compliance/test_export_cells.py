"""What a reviewer reads in the flags exports, on flags made by hand (no scan): the column headers and cells of
the CSV / XLSX, the XLSX's sheet names, the reports' contract headings."""

from __future__ import annotations

import csv
import io
from datetime import datetime

from greffier.services.compliance.exports import COLUMNS, _sheet_title, to_csv, to_markdown, to_pdf, to_xlsx
from greffier.services.compliance.service import FlagFilters

LONG = "CONTRAT DE PRESTATIONS DE SERVICES LOGISTIQUES"  # 46 characters: past Excel's 31 for a sheet name


def _flag(flag_id: str, document_id: str, file: str, **extra) -> dict:
    return {
        "id": flag_id, "document_id": document_id, "file": file, "contract_title": extra.pop("title", None), "severity": "high", "status": "open",
        "rule_id": "change-of-control", "rule_title": "Change of control clause", "playbook": "no_such_playbook", "playbook_title": "Due diligence",
        "playbook_version": "1.0", "chunk_id": f"{document_id}-3", "page": 3, "page_end": 4, "section": "ARTICLE 5 — DURÉE",
        "place": "pp. 3–4 · ARTICLE 5 — DURÉE", "excerpt": "The agreement ends if control changes.", "explanation": "Why it matters.",
        "recommendation": "Ask for a waiver.", "details": {}, "review": None, "note": None, "present": True,
        "first_seen_at": "2026-03-01T10:22:33.123456+00:00", "last_seen_at": "2026-03-02T08:05:09.5+00:00",
    } | extra


def _csv_rows(flags: list[dict]) -> list[dict]:
    return list(csv.DictReader(io.StringIO(to_csv(flags, filters="every flag"), newline="")))


def test_whether_a_flag_is_still_found_is_said_in_words_under_a_header_a_reader_understands():
    # « present: True / False » said nothing to a lawyer: it is False once a later scan no longer finds the finding.
    rows = _csv_rows([_flag("f1", "c01", "room/a.pdf"), _flag("f2", "c01", "room/a.pdf", present=False)])
    assert "present" not in rows[0] and [row["still found by the latest scan"] for row in rows] == ["yes", "no"]
    assert not any(value in ("True", "False") for row in rows for value in row.values())


def test_the_place_is_not_repeated_by_a_section_column_and_pages_stay_numbers():
    # « place » (« pp. 3–4 · ARTICLE 5 — DURÉE ») was followed by a « section » column saying ARTICLE 5 — DURÉE again.
    header = [name for name, _ in COLUMNS]
    assert "section" not in header and header[header.index("place") + 1 : header.index("place") + 3] == ["page", "page_end"]
    row = _csv_rows([_flag("f1", "c01", "room/a.pdf")])[0]
    assert row["place"] == "pp. 3–4 · ARTICLE 5 — DURÉE" and (row["page"], row["page_end"]) == ("3", "4")
    assert sum("ARTICLE 5" in value for value in row.values()) == 1


def test_csv_timestamps_read_as_utc_minutes_without_microseconds():
    # « 2026-03-01T10:22:33.123456+00:00 » was written as is.
    naive = _flag("f2", "c01", "room/a.pdf", first_seen_at="2026-03-01T10:22:33", last_seen_at=None)
    paris = _flag("f3", "c01", "room/a.pdf", first_seen_at="2026-03-01T11:22:33+01:00")
    rows = _csv_rows([_flag("f1", "c01", "room/a.pdf"), naive, paris])
    assert "first_seen_at" not in rows[0] and "last_seen_at" not in rows[0]
    assert [row["first seen (UTC)"] for row in rows] == ["2026-03-01 10:22 UTC"] * 3
    assert [row["last seen (UTC)"] for row in rows] == ["2026-03-02 08:05 UTC", "", "2026-03-02 08:05 UTC"]


def test_xlsx_timestamps_are_date_time_cells_and_found_is_yes_or_no(tmp_path):
    from openpyxl import load_workbook

    out = to_xlsx([_flag("f1", "c01", "room/a.pdf"), _flag("f2", "c01", "room/a.pdf", present=False)], {}, tmp_path / "flags.xlsx")
    sheet = load_workbook(out)["Flags"]
    header = [cell.value for cell in sheet[1]]
    rows = [dict(zip(header, row)) for row in sheet.iter_rows(min_row=2)]
    first, last = rows[0]["first seen (UTC)"], rows[0]["last seen (UTC)"]
    assert first.is_date and first.value == datetime(2026, 3, 1, 10, 22, 33) and first.number_format == "yyyy-mm-dd hh:mm"
    assert last.is_date and last.value == datetime(2026, 3, 2, 8, 5, 9) and last.number_format == "yyyy-mm-dd hh:mm"
    assert [row["still found by the latest scan"].value for row in rows] == ["yes", "no"]
    assert "section" not in header and rows[0]["page"].value == 3 and rows[0]["place"].value == "pp. 3–4 · ARTICLE 5 — DURÉE"


def test_xlsx_summary_sheets_of_two_long_titles_alike_have_distinct_readable_names_and_their_full_title_first(tmp_path):
    # Cut at 31 characters, « CONTRAT DE PRESTATIONS DE SERVICES LOGISTIQUES » and « … — AVENANT » read the same.
    from openpyxl import load_workbook

    documents = {
        "c01": {"id": "c01", "title": LONG, "file": "room/Logistique_2022.pdf"},
        "c02": {"id": "c02", "title": LONG + " — AVENANT", "file": "room/Logistique_avenant_2023.pdf"},
    }
    flags = [_flag("f1", "c01", "room/Logistique_2022.pdf"), _flag("f2", "c02", "room/Logistique_avenant_2023.pdf")]
    workbook = load_workbook(to_xlsx(flags, documents, tmp_path / "flags.xlsx"))
    names = workbook.sheetnames[2:]
    assert names == ["CONTRAT DE PRESTATIONS DE SERV…", "CONTRAT DE PRESTATIONS DE… (2)"], names
    assert all(len(name) <= 31 for name in names)
    assert workbook[names[0]]["A1"].value == f"{LONG} (Logistique_2022.pdf)"
    assert workbook[names[1]]["A1"].value == f"{LONG} — AVENANT (Logistique_avenant_2023.pdf)"
    cells = {row[0]: row[1] for row in workbook[names[1]].iter_rows(min_row=2, max_row=8, values_only=True)}
    assert cells["Title"] == LONG + " — AVENANT" and cells["File"] == "room/Logistique_avenant_2023.pdf"


def test_xlsx_summary_sheet_keeps_the_internal_key_last_and_capitalises_its_flag_table(tmp_path):
    # The walkthrough's summary sheets read « Document c17 » among the contract's facts, and the flag table's headers
    # were lowercase (« severity », « flag_id ») under capitalised field names.
    from openpyxl import load_workbook

    documents = {"c17": {"id": "c17", "title": "BAIL COMMERCIAL", "file": "room/bail.pdf"}}
    workbook = load_workbook(to_xlsx([_flag("f1", "c17", "room/bail.pdf")], documents, tmp_path / "flags.xlsx"))
    rows = [row for row in workbook[workbook.sheetnames[2]].iter_rows(min_row=2, values_only=True)]
    labels = [row[0] for row in rows]
    assert "Document" not in labels
    blank = labels.index(None)  # the facts, a blank row, then the flag table
    assert labels[blank - 1] == "Internal key" and rows[blank - 1][1] == "c17"  # the key last, labelled as such
    assert list(rows[blank + 1][:7]) == ["Severity", "Status", "Rule", "Place", "Review", "Excerpt", "Flag key"]
    assert all(label[0].isupper() for label in labels[:blank])


def test_xlsx_flag_headers_wrap_so_that_excel_does_not_cut_them(tmp_path):
    # « still found by the latest scan » sat in a 16-wide unwrapped column: Excel cut it.
    from openpyxl import load_workbook

    sheet = load_workbook(to_xlsx([_flag("f1", "c01", "room/a.pdf")], {}, tmp_path / "flags.xlsx"))["Flags"]
    found = next(cell for cell in sheet[1] if cell.value == "still found by the latest scan")
    assert found.alignment.wrap_text and all(cell.alignment.wrap_text for cell in sheet[1])
    width = sheet.column_dimensions[found.column_letter].width
    lines = -(-len(found.value) // int(width - 2))
    assert sheet.row_dimensions[1].height >= 15 * max(lines, 2)  # the row tall enough for the wrapped header


def test_xlsx_tabs_of_contracts_sharing_a_title_are_named_by_title_and_file_stem(tmp_path):
    # « BAIL COMMERCIAL » and « BAIL COMMERCIAL (2) » did not say which lease is which.
    from openpyxl import load_workbook

    documents = {
        "c03": {"id": "c03", "title": "BAIL COMMERCIAL", "file": "room/Bail_commercial_entrepot_Portes-les-Valence_2018.pdf"},
        "c09": {"id": "c09", "title": "Bail  commercial", "file": "room/Bail Montelier - copie de travail.docx"},
        "c10": {"id": "c10", "title": "BAIL COMMERCIAL", "file": "room/b.pdf"},
        "c11": {"id": "c11", "title": "DISTRIBUTION AGREEMENT", "file": "room/UK_Distribution_2024.pdf"},
    }
    flags = [_flag(f"f{i}", cid, info["file"]) for i, (cid, info) in enumerate(documents.items())]
    workbook = load_workbook(to_xlsx(flags, documents, tmp_path / "flags.xlsx"))
    names = workbook.sheetnames[2:]
    assert names == ["BAIL COMMERCIAL (Bail_commerc…)", "Bail commercial (Bail Monteli…)", "BAIL COMMERCIAL (b)", "DISTRIBUTION AGREEMENT"], names
    assert all(len(name) <= 31 for name in names) and len({name.lower() for name in names}) == len(names)
    assert workbook[names[0]]["A1"].value == "BAIL COMMERCIAL (Bail_commercial_entrepot_Portes-les-Valence_2018.pdf)"  # in full in row 1


def test_sheet_titles_are_unique_whatever_their_case_and_keep_apostrophes_inside():
    taken: set[str] = set()
    assert [_sheet_title(t, taken) for t in ("Flags", "flags", "FLAGS")] == ["Flags", "flags (2)", "FLAGS (3)"]
    assert _sheet_title("AGENCE: Suisse/romande [v2]?", taken) == "AGENCE - Suisse-romande (v2)"
    assert _sheet_title("CONTRAT D'AGENCE COMMERCIALE", taken) == "CONTRAT D'AGENCE COMMERCIALE"
    assert _sheet_title("'quoted'", taken) == "quoted"


def test_reports_head_each_contract_with_its_title_and_file_name(tmp_path):
    # « ## DISTRIBUTION AGREEMENT » alone: several contracts of a data room may bear that title.
    documents = {"c12": {"id": "c12", "title": "DISTRIBUTION AGREEMENT", "file": "room/UK_Distribution_2024.pdf"}}
    flags = [_flag("f1", "c12", "room/UK_Distribution_2024.pdf")]
    report = to_markdown(flags, documents, FlagFilters(), [])
    assert "## DISTRIBUTION AGREEMENT (UK\\_Distribution\\_2024.pdf)\n" in report and "## DISTRIBUTION AGREEMENT\n" not in report
    import pypdfium2

    out = to_pdf(flags, documents, FlagFilters(), [], tmp_path / "report.pdf")
    document = pypdfium2.PdfDocument(str(out))
    text = " ".join(" ".join(document[i].get_textpage().get_text_range().split()) for i in range(len(document)))
    assert "DISTRIBUTION AGREEMENT (UK_Distribution_2024.pdf)" in text
