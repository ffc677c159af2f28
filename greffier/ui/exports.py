"""Downloads: tables to CSV / XLSX, a conversation with its citations to Markdown / DOCX.

Cells that a spreadsheet would run as a formula (text starting with ``=``, ``+``, ``@``...) are
written as text: a contract can hold any string.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

_FORMULA_START = ("=", "+", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A value as a table cell: lists joined, dicts flattened, None empty."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple, set)):
        return "; ".join(str(_cell(v)) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    return value


def _safe_text(value: Any) -> Any:
    if isinstance(value, str) and (value.startswith(_FORMULA_START) or (value.startswith("-") and len(value) > 1 and not value[1].isdigit() and not value[1].isspace())):
        return "'" + value
    return value


def _columns(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None) -> list[str]:
    if columns:
        return list(columns)
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def table_csv(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> bytes:
    """``rows`` as CSV (UTF-8 with a BOM so that spreadsheet software reads accents right)."""
    names = _columns(rows, columns)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(names)
    for row in rows:
        writer.writerow([_safe_text(_cell(row.get(name))) for name in names])
    return buffer.getvalue().encode("utf-8-sig")


def table_xlsx(sheets: dict[str, Sequence[dict[str, Any]]], columns: dict[str, Sequence[str]] | None = None) -> bytes:
    """An XLSX workbook with one sheet per entry of ``sheets`` (title → rows); header in bold,
    first row frozen, columns sized to their content. Strings are always stored as text."""
    from openpyxl import Workbook  # optional: loaded for an XLSX export only
    from openpyxl.styles import Alignment, Font  # optional: loaded for an XLSX export only
    from openpyxl.utils import get_column_letter  # optional: loaded for an XLSX export only

    workbook = Workbook()
    workbook.remove(workbook.active)
    for title, rows in sheets.items():
        sheet = workbook.create_sheet(title=title[:31] or "Sheet")
        names = _columns(rows, (columns or {}).get(title))
        sheet.append(names)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in rows:
            sheet.append([None] * len(names))
            for index, name in enumerate(names, start=1):
                value = _cell(row.get(name))
                cell = sheet.cell(row=sheet.max_row, column=index)
                cell.value = value
                if isinstance(value, str):
                    cell.data_type = "s"  # never a formula, whatever the text starts with
                    cell.alignment = Alignment(wrap_text=len(value) > 60, vertical="top")
        for index, name in enumerate(names, start=1):
            longest = max([len(str(name))] + [min(len(str(_cell(r.get(name)))), 80) for r in rows])
            sheet.column_dimensions[get_column_letter(index)].width = min(max(10, longest + 2), 82)
        sheet.freeze_panes = "A2"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# --- conversations ----------------------------------------------------------------------------


def _where(source: dict[str, Any]) -> str:
    parts = [source.get("file") or "?"]
    if source.get("page"):
        end = source.get("page_end")
        parts.append(f"p. {source['page']}" + (f"–{end}" if end and end != source["page"] else ""))
    if source.get("section"):
        parts.append(str(source["section"]))
    return ", ".join(parts)


def conversation_markdown(title: str, turns: Iterable[Any], *, backend: str | None = None) -> str:
    """A conversation as Markdown: each question, its answer, and the passages it cites (quoted).

    ``turns`` are :class:`greffier.ui.chat.Turn` objects (question, answer, sources, mode...).
    """
    lines = [f"# {title or 'Conversation'}", "", f"Exported by Greffier on {datetime.now().strftime('%Y-%m-%d %H:%M')}."]
    if backend:
        lines.append(f"Answering backend: {backend}.")
    lines.append("")
    for number, turn in enumerate(turns, start=1):
        lines += [f"## {number}. {turn.question}", ""]
        if turn.abstained:
            lines.append("> **Abstained** — the documents do not answer this question.")
            lines.append("")
        lines += [turn.answer or "_(no answer)_", ""]
        if turn.note:
            lines += [f"_{turn.note}_", ""]
        if turn.sources:
            lines += ["### Sources", ""]
            for source in turn.sources:
                lines.append(f"**[{source.n}]** {_where(source.__dict__)}" + (f" — score {source.score:.3f}" if source.score is not None else ""))
                lines.append("")
                for text_line in (source.text or "").strip().splitlines():
                    lines.append(f"> {text_line}")
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def conversation_docx(title: str, turns: Iterable[Any], *, backend: str | None = None) -> bytes:
    """The same conversation as a Word document (questions as headings, sources quoted)."""
    import docx  # optional: python-docx, for DOCX conversion or export only
    from docx.shared import Pt, RGBColor  # optional: python-docx, for DOCX conversion or export only

    document = docx.Document()
    document.add_heading(title or "Conversation", level=0)
    intro = f"Exported by Greffier on {datetime.now().strftime('%Y-%m-%d %H:%M')}."
    if backend:
        intro += f" Answering backend: {backend}."
    document.add_paragraph(intro)
    for number, turn in enumerate(turns, start=1):
        document.add_heading(f"{number}. {turn.question}", level=1)
        if turn.abstained:
            run = document.add_paragraph().add_run("Abstained — the documents do not answer this question.")
            run.bold = True
        document.add_paragraph(turn.answer or "(no answer)")
        if turn.note:
            document.add_paragraph().add_run(turn.note).italic = True
        if turn.sources:
            document.add_heading("Sources", level=2)
            for source in turn.sources:
                paragraph = document.add_paragraph()
                paragraph.add_run(f"[{source.n}] ").bold = True
                paragraph.add_run(_where(source.__dict__) + (f" — score {source.score:.3f}" if source.score is not None else ""))
                quote = document.add_paragraph(style="Quote") if "Quote" in [s.name for s in document.styles] else document.add_paragraph()
                run = quote.add_run((source.text or "").strip())
                run.font.size = Pt(9)
                run.font.color.rgb = RGBColor(0x44, 0x44, 0x44)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
