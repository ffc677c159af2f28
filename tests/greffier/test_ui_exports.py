"""Table exports (CSV / XLSX) and conversation exports (Markdown / DOCX)."""

from __future__ import annotations

import csv
import io

import docx
from openpyxl import load_workbook

from greffier.ui.chat import Source, Turn
from greffier.ui.exports import conversation_docx, conversation_markdown, table_csv, table_xlsx

ROWS = [
    {"id": "c01", "title": "Bail — Foncière Éole", "parties": ["Éole", "Brenalis"], "warnings": 2},
    {"id": "c02", "title": "=HYPERLINK(\"http://x\")", "parties": [], "warnings": 0},
]


def test_csv_has_a_bom_joins_lists_and_defuses_formulas():
    data = table_csv(ROWS, ["id", "title", "parties", "warnings"])
    assert data.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == ["id", "title", "parties", "warnings"]
    assert rows[1] == ["c01", "Bail — Foncière Éole", "Éole; Brenalis", "2"]
    assert rows[2][1].startswith("'=")


def test_xlsx_sheets_keep_text_as_text():
    data = table_xlsx({"Contracts": ROWS, "Excluded": [{"id": "c08", "excluded because": "a filtered field is unknown"}]})
    workbook = load_workbook(io.BytesIO(data))
    assert workbook.sheetnames == ["Contracts", "Excluded"]
    sheet = workbook["Contracts"]
    assert [cell.value for cell in sheet[1]] == ["id", "title", "parties", "warnings"]
    formula_cell = sheet["B3"]
    assert formula_cell.data_type == "s" and formula_cell.value.startswith("=HYPERLINK")
    assert sheet["D2"].value == 2 and sheet.freeze_panes == "A2"
    assert workbook["Excluded"]["A2"].value == "c08"


def _turns() -> list[Turn]:
    source = Source(n=1, chunk_id="c01-2", file="room/bail.pdf", page=1, section="Article 1 - Durée", score=0.91, text="Le bail est consenti pour neuf ans.")
    return [
        Turn(index=0, question="Quelle est la durée du bail ?", answer="Neuf ans [1].", sources=[source], status="done", note="extractive"),
        Turn(index=1, question="Et le prix de cession ?", answer="The documents do not say.", abstained=True, status="done"),
    ]


def test_markdown_conversation_quotes_every_cited_passage():
    text = conversation_markdown("Bail", _turns(), backend="none")
    assert text.startswith("# Bail")
    assert "## 1. Quelle est la durée du bail ?" in text and "Neuf ans [1]." in text
    assert "**[1]** room/bail.pdf, p. 1, Article 1 - Durée — score 0.910" in text
    assert "> Le bail est consenti pour neuf ans." in text
    assert "**Abstained**" in text


def test_docx_conversation_has_questions_answers_and_sources():
    document = docx.Document(io.BytesIO(conversation_docx("Bail", _turns())))
    paragraphs = [p.text for p in document.paragraphs]
    assert "1. Quelle est la durée du bail ?" in paragraphs
    assert "Neuf ans [1]." in paragraphs
    assert any(p.startswith("[1] room/bail.pdf, p. 1") for p in paragraphs)
    assert "Le bail est consenti pour neuf ans." in paragraphs
