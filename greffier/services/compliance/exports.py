"""Exports of a workspace's flags: CSV, XLSX, JSON, and a Markdown or PDF review report.

Every export takes the same :class:`~greffier.services.compliance.service.FlagFilters` (severity, status,
playbook, document). Spreadsheet exports open without fixes: CSV is UTF-8 with a byte-order mark
(Excel reads the accents) and every cell that a spreadsheet would run as a formula (``=``, ``+``,
``-``, ``@``) is written as text; the XLSX has one sheet of flags with their citations, then one
summary sheet per contract.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter, defaultdict
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from greffier.compliance.conditions import own_wording
from greffier.text import squeezed
from greffier.compliance.errors import ComplianceError
from greffier.compliance.models import place_of
from greffier.compliance.errors import PlaybookError
from greffier.compliance.playbooks import SEVERITIES, load_playbook, severity_rank
from greffier.services.compliance.service import FlagFilters, document_summaries, list_flags
from greffier.dataroom.naming import name_contracts
from greffier.dataroom.vocabulary import law_in, type_in
from greffier.config import Settings
from greffier.formats import unknown_csv_separator
from xml.sax.saxutils import escape

EXPORT_FORMATS = ("csv", "xlsx", "json", "md", "pdf")
# The flag's ``present``: False once a later scan checked its rule on that contract and no longer found it (or the
# rule left the playbook, or the contract left the workspace). Gone flags are exported only on request (--include-gone).
FOUND_COLUMN = "still found by the latest scan"
FIRST_SEEN_COLUMN, LAST_SEEN_COLUMN = "first seen (UTC)", "last seen (UTC)"
DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm"  # the XLSX cells' number format of the first / last seen date-times
# What a reader reads first (the contract, the place, the finding and its status); the internal keys that
# tie a row back to the workspace (flag, rule, document and chunk ids) come last. The place reads « p. 3 · ARTICLE 5 —
# DURÉE » (page and section): no section column repeats it; page and page_end stay, as numbers, to sort and filter on.
COLUMNS = (
    ("contract", "contract_title"), ("file", "file"), ("place", "place"), ("page", "page"), ("page_end", "page_end"),
    ("severity", "severity"), ("status", "status"), ("rule", "rule_title"), ("excerpt", "excerpt"), ("explanation", "explanation"),
    ("recommendation", "recommendation"), ("evidence", "evidence"), ("review", "review"), ("note", "note"), (FOUND_COLUMN, "present"),
    ("playbook title", "playbook_title"), (FIRST_SEEN_COLUMN, "first_seen_at"), (LAST_SEEN_COLUMN, "last_seen_at"),
    ("flag_id", "id"), ("playbook", "playbook"), ("playbook_version", "playbook_version"), ("rule_id", "rule_id"), ("document_id", "document_id"),
    ("chunk_id", "chunk_id"),
)
# The flag table of a contract's summary sheet, capitalised as the field names above it (« Title », « File »…)
SUMMARY_FLAG_HEADER = ("Severity", "Status", "Rule", "Place", "Review", "Excerpt", "Flag key")
INTERNAL_KEY_LABEL = "Internal key"  # the contract's id on its summary sheet, as the screens label it: Greffier's key, not the document's
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _evidence(flag: dict[str, Any]) -> str:
    """The details behind a finding in words: values read, words matched, the LLM's reason."""
    details = flag.get("details") or {}
    parts = []
    for key in ("values", "matched"):
        if details.get(key):
            parts.append(", ".join(map(str, details[key])))
    for key in ("threshold", "test", "governing_law", "end_date", "llm_reason"):
        if details.get(key):
            value = law_in(str(details[key]), "en") if key == "governing_law" else details[key]  # in English, as the report's facts
            parts.append(f"{key.replace('_', ' ')}: {value}")
    if details.get("missing"):
        parts.append("missing: " + ", ".join(details["missing"]))
    if review := details.get("review"):
        parts.append(f"review: {review.get('status')}" + (f" ({review['reason']})" if review.get("reason") else ""))
    if len(details.get("excerpts") or []) > 1:
        parts.append("excerpts at: " + "; ".join(_excerpt_place(e) for e in details["excerpts"]))
    return "; ".join(parts)


def _excerpt_place(excerpt: dict[str, Any]) -> str:
    return place_of(excerpt.get("page"), excerpt.get("page_end"), excerpt.get("heading") or excerpt.get("section"))


def _utc(value: Any) -> datetime | None:  # noqa: ANN401
    """A stored timestamp (ISO text or datetime) as a naive UTC date-time to the second: an XLSX cell cannot
    hold a time zone, so the headers say UTC. Naive values are UTC already (the store writes UTC)."""
    if value in (None, ""):
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if not isinstance(value, datetime):
        return None
    if value.tzinfo is not None:
        value = value.astimezone(timezone.utc).replace(tzinfo=None)
    return value.replace(microsecond=0)


def _cell(flag: dict[str, Any], key: str) -> Any:  # noqa: ANN401
    if key == "evidence":
        return _evidence(flag)
    if key == "present":
        value = flag.get("present")
        return "" if value is None else ("yes" if value else "no")
    if key in ("first_seen_at", "last_seen_at"):
        return _utc(flag.get(key))
    return flag.get(key)


def _rows(flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per flag, ``{column: value}``; first / last seen as naive UTC date-times (CSV words them)."""
    return [{column: _cell(flag, key) for column, key in COLUMNS} for flag in flags]


def _text_cell(value: Any) -> Any:  # noqa: ANN401
    """A value a spreadsheet will not run: text starting like a formula gets a leading apostrophe; a
    date-time reads « 2026-03-01 10:22 UTC »."""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return "" if value is None else value


FILTERS_COLUMN = "export filters"  # the CSV's first column: the filters applied, as the reports word them


def to_csv(flags: list[dict[str, Any]], *, delimiter: str = ",", filters: str | None = None) -> str:
    """The flags as CSV text (header row, one row per flag). ``filters``: the filters applied in words
    (:func:`describe_selection`), written in a first column of every row — a CSV has no cover sheet,
    and a resolved flag missing from an « open or escalated » export must not look like no flag."""
    buffer = io.StringIO()
    names = ([FILTERS_COLUMN] if filters is not None else []) + [c for c, _ in COLUMNS]
    writer = csv.DictWriter(buffer, fieldnames=names, delimiter=delimiter, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writeheader()
    for row in _rows(flags):
        writer.writerow(({FILTERS_COLUMN: _text_cell(filters)} if filters is not None else {}) | {k: _text_cell(v) for k, v in row.items()})
    return buffer.getvalue()


def describe_selection(filters: FlagFilters, flags: list[dict[str, Any]], every_flag: list[dict[str, Any]], playbook_titles: dict[str, str]) -> str:
    """The filters in the reports' words, with what they leave out of the workspace's flags: « status
    open or escalated · playbook … — 1 flag of the workspace not in this export (1 resolved) »."""
    text = filters.describe(playbook_titles)
    exported = {flag["id"] for flag in flags}
    left = Counter(flag["status"] for flag in every_flag if flag["id"] not in exported)
    if left:
        n = sum(left.values())
        text += (f" — {n} flag{'s' if n > 1 else ''} of the workspace not in this export ("
                 + ", ".join(f"{count} {status}" for status, count in left.most_common()) + ")")
    elif filters.describe() != "every flag":
        text += " — every flag of the workspace is in this export"
    return text


def to_json(flags: list[dict[str, Any]], documents: dict[str, dict[str, Any]], filters: FlagFilters, skipped: list[dict[str, Any]]) -> str:
    payload = {
        "exported_at": datetime.now(timezone.utc).isoformat(),
        "filters": filters.to_json(),
        "counts": _counts(flags),
        "documents": [documents[d] for d in sorted(documents)],
        "flags": flags,
        "skipped_rules": skipped,
    }
    return json.dumps(payload, ensure_ascii=False, indent=2, default=str)


def _counts(flags: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "flags": len(flags),
        "by_severity": {s: n for s in reversed(SEVERITIES) if (n := sum(1 for f in flags if f["severity"] == s))},
        "by_status": dict(Counter(f["status"] for f in flags)),
    }


_SHEET_TITLE_MAX = 31  # Excel's limit on a sheet name
_SHEET_TITLE_CHARACTERS = str.maketrans({"/": "-", "\\": "-", ":": " -", "[": "(", "]": ")", "*": "", "?": ""})  # those Excel refuses


def _sheet_title(text: str, taken: set[str]) -> str:
    """An Excel sheet name: at most 31 characters, none of []:*?/\\, no apostrophe at either end, unique
    in the workbook (Excel ignores case). A longer name is cut with « … »; where two names would still
    read alike (two long titles sharing their first 31 characters), the later ones get « (2) », « (3) »."""
    base = " ".join(text.translate(_SHEET_TITLE_CHARACTERS).split()).strip("'").strip() or "sheet"
    n = 1
    while True:
        suffix = f" ({n})" if n > 1 else ""
        room = _SHEET_TITLE_MAX - len(suffix)
        title = base if len(base) <= room else base[: room - 1].rstrip().rstrip("'").rstrip() + "…"
        title += suffix
        if title.lower() not in taken:
            taken.add(title.lower())
            return title
        n += 1


def _summary_sheet_names(document_ids: list[str], documents: dict[str, dict[str, Any]], flags_of: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
    """The name of each contract's summary sheet, before :func:`_sheet_title` makes it a valid, unique tab: its title
    (or file stem). Where titles repeat (« BAIL COMMERCIAL » twice, case and spaces aside), « title (file stem) » — cut
    to Excel's 31 characters with « … » on each part, the title kept to 15 characters at least so that the file
    stem tells the tabs apart; row 1 of the sheet has both in full."""
    def info(document_id: str) -> dict[str, Any]:
        return documents.get(document_id) or {"id": document_id, "file": flags_of[document_id][0].get("file")}

    def title(document_id: str) -> str:
        return " ".join(str(info(document_id).get("title") or "").split())

    repeated = {t for t, n in Counter(title(d).casefold() for d in document_ids if title(d)).items() if n > 1}
    names = {}
    for document_id in document_ids:
        stem = " ".join(Path(info(document_id).get("file") or "").stem.split())
        text = title(document_id)
        if text.casefold() in repeated and stem:
            room = _SHEET_TITLE_MAX - 3  # « title (stem) »
            if len(text) + len(stem) > room:
                title_room = max(room - len(stem), min(len(text), _SHEET_TITLE_SHARE))
                text, stem = _cut(text, title_room), _cut(stem, room - title_room)
            names[document_id] = f"{text} ({stem})"
        else:
            names[document_id] = text or stem or document_id
    return names


_SHEET_TITLE_SHARE = 15  # characters of a repeated title kept in a summary sheet's name beside its file stem


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _header_height(header: list[str], widths: dict[str, int], default: int) -> float:
    """The header row's height (points) for its longest name wrapped in its column: Excel does not grow a row
    for wrapped text in a file it opens, so a 30-character header in a 16-wide column was cut."""
    def lines(name: str, room: int) -> int:  # greedy word wrap, as Excel wraps
        count, used = 1, 0
        for word in name.split():
            if used and used + 1 + len(word) > room:
                count, used = count + 1, len(word)
            else:
                used += (1 if used else 0) + len(word)
        return count

    return 15.0 * max(lines(name, max(widths.get(name, default) - 2, 1)) for name in header)  # bold letters: 2 characters to spare


def to_xlsx(flags: list[dict[str, Any]], documents: dict[str, dict[str, Any]], path: Path, *, selection: str = "every flag") -> Path:
    """Workbook: a cover sheet "Filters" (the filters applied, ``selection``, and the counts), "Flags"
    (every flag with its citation), then one summary sheet per contract."""
    from openpyxl import Workbook  # optional: loaded for an XLSX export only
    from openpyxl.styles import Alignment, Font, PatternFill  # optional: loaded for an XLSX export only
    from openpyxl.utils import get_column_letter  # optional: loaded for an XLSX export only

    workbook = Workbook()
    cover = workbook.active
    taken: set[str] = set()
    cover.title = _sheet_title("Filters", taken)
    cover.append(["Greffier — compliance flags export"])
    cover["A1"].font = Font(bold=True, size=14)
    counts = _counts(flags)
    facts = [("Exported", datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")), ("Filters", selection), ("Flags in this export", counts["flags"])]
    facts += [(f"Severity {s}", n) for s, n in counts["by_severity"].items()] + [(f"Status {s}", n) for s, n in counts["by_status"].items()]
    for label, value in facts:
        cover.append([label, _xlsx_value(value)])
        cover.cell(row=cover.max_row, column=1).font = Font(bold=True)
        cover.cell(row=cover.max_row, column=2).alignment = Alignment(wrap_text=True, vertical="top")
    cover.column_dimensions["A"].width, cover.column_dimensions["B"].width = 24, 110
    sheet = workbook.create_sheet(_sheet_title("Flags", taken))
    header = [c for c, _ in COLUMNS]
    sheet.append(header)
    widths = {"excerpt": 70, "explanation": 50, "recommendation": 50, "file": 40, "place": 40, "rule": 40, "evidence": 30, "note": 30,
              FOUND_COLUMN: 17, FIRST_SEEN_COLUMN: 17, LAST_SEEN_COLUMN: 17}
    for row in _rows(flags):
        sheet.append([_xlsx_value(row[c]) for c in header])
    _style_table(sheet, header, widths, Font, Alignment, PatternFill, get_column_letter)
    for name in (FIRST_SEEN_COLUMN, LAST_SEEN_COLUMN):  # date-time cells (sortable), shown without seconds
        for (cell,) in sheet.iter_rows(min_row=2, min_col=header.index(name) + 1, max_col=header.index(name) + 1):
            cell.number_format = DATE_TIME_FORMAT
    by_document: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for flag in flags:
        by_document[flag["document_id"]].append(flag)
    # named by its title (or file), the way a reader knows the contract, with its file stem where titles repeat
    sheet_names = _summary_sheet_names(sorted(by_document), documents, by_document)
    for document_id in sorted(by_document):
        info = documents.get(document_id, {"id": document_id, "file": by_document[document_id][0]["file"]})
        summary = workbook.create_sheet(_sheet_title(sheet_names[document_id], taken))
        _document_sheet(summary, info, by_document[document_id], Font, Alignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    workbook.save(path)
    return path


def _xlsx_value(value: Any) -> Any:  # noqa: ANN401
    # openpyxl stores a string that starts with "=" as a formula: keep such text as text.
    if isinstance(value, str) and value.startswith("="):
        return "'" + value
    return value


def _style_table(sheet, header, widths, Font, Alignment, PatternFill, get_column_letter) -> None:  # noqa: ANN001, N803
    for cell in sheet[1]:
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="305496")
        cell.alignment = Alignment(wrap_text=True, vertical="top")  # a long header wraps in its column, never cut
    for index, name in enumerate(header, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = widths.get(name, 14)
    sheet.row_dimensions[1].height = _header_height(header, widths, 14)
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    sheet.freeze_panes = "A2"
    if sheet.max_row > 1:
        sheet.auto_filter.ref = sheet.dimensions


def _document_sheet(sheet, info: dict[str, Any], flags: list[dict[str, Any]], Font, Alignment) -> None:  # noqa: ANN001, N803
    end = info.get("end_date")
    try:  # a date cell, not text, so that a reader can sort and compute with it
        end = date.fromisoformat(end) if isinstance(end, str) else end
    except ValueError:
        pass
    # The first row names the contract in full (the sheet's name may be cut at Excel's 31 characters): title and file name.
    sheet.append([_xlsx_value(_contract_heading(info.get("title"), info.get("file"), info.get("id") or ""))])
    sheet["A1"].font = Font(bold=True, size=13)
    rows = [
        ("Title", info.get("title")), ("File", info.get("file")), ("Contract type", type_in(info.get("contract_type") or "", "en") or None), ("End date", end),
        ("Governing law", law_in(info.get("governing_law") or "", "en") or None), ("Flags", len(flags)),  # in English, as the report and the screens
    ]
    counts = _counts(flags)
    rows += [(f"Severity {s}", n) for s, n in counts["by_severity"].items()]
    rows += [(f"Status {s}", n) for s, n in counts["by_status"].items()]
    for label, value in rows:
        sheet.append([label, _xlsx_value(value)])
        sheet.cell(row=sheet.max_row, column=1).font = Font(bold=True)
    # Greffier's key for the contract (the CLI, the JSON export use it), not the document's: last, labelled as such, in grey
    sheet.append([INTERNAL_KEY_LABEL, _xlsx_value(info.get("id"))])
    for cell in sheet[sheet.max_row]:
        cell.font = Font(color="808080", italic=True)
    sheet.append([])
    header = list(SUMMARY_FLAG_HEADER)
    sheet.append(header)
    for cell in sheet[sheet.max_row]:
        cell.font = Font(bold=True)
    for flag in sorted(flags, key=lambda f: (-severity_rank(f["severity"]), f.get("page") or 0)):
        sheet.append([_xlsx_value(v) for v in (flag["severity"], flag["status"], flag["rule_title"], flag.get("place"), flag.get("review"), flag["excerpt"], flag["id"])])
        for cell in sheet[sheet.max_row]:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    for column, width in zip("ABCDEFG", (16, 12, 40, 40, 14, 80, 18)):
        sheet.column_dimensions[column].width = width


# --- review report -------------------------------------------------------------------------------


def _where(flag: dict[str, Any]) -> str:
    place = flag.get("place") or place_of(flag.get("page"), flag.get("page_end"), flag.get("section"), whole_contract=flag.get("chunk_id") == "document")
    return f"{flag['file']} — {place}"


def _md_escape(text: str) -> str:
    return re.sub(r"([|*_`<>\[\]])", r"\\\1", squeezed(str(text)))


def _titles(names: set[str]) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """Playbook name → title and (playbook, rule id) → rule title, from the YAML of each playbook named:
    the reports (Markdown, PDF) name them as a reviewer reads them; CSV / XLSX / JSON keep the ids beside the titles."""
    playbooks: dict[str, str] = {}
    rules: dict[tuple[str, str], str] = {}
    for name in sorted(names):
        try:
            playbook = load_playbook(name)
        except PlaybookError:
            continue
        playbooks[name] = playbook.title or name
        rules.update({(name, rule.id): rule.title for rule in playbook.rules})
    return playbooks, rules


def _not_checked(check: dict[str, Any], rules: dict[tuple[str, str], str]) -> str:
    return rules.get((check.get("playbook", ""), check["rule_id"]), check["rule_id"])


def _contract_heading(title: str | None, file: str | None, document_id: str = "") -> str:
    """A contract's heading, its title with its file name: « DISTRIBUTION AGREEMENT (UK_Distribution_2024.pdf) »
    — several contracts may share a title. Its file name alone when it has no title."""
    title = " ".join(str(title or "").split())
    name = Path(file).name if file else ""
    if title and name:
        return f"{title} ({name})"
    return title or name or document_id


def _contract_name(document_id: str, documents: dict[str, dict[str, Any]], file: str) -> str:
    """A contract as a reader knows it, as the data room names it (:func:`name_contracts`): its title, with
    its file name where two contracts of the report share that title (two « BAIL COMMERCIAL »), else its
    file name; never its internal id."""
    info = documents.get(document_id, {})
    title = " ".join(str(info.get("title") or "").split())
    if not title:
        return Path(file or info.get("file") or document_id).name
    names = name_contracts((cid, other.get("title"), other.get("file") or (file if cid == document_id else None)) for cid, other in documents.items())
    return names.get(document_id) or title


def to_markdown(flags: list[dict[str, Any]], documents: dict[str, dict[str, Any]], filters: FlagFilters, skipped: list[dict[str, Any]],
                selection: str | None = None) -> str:
    """The review report: a summary, then the findings of each contract with file, page and section.
    ``selection``: the filters in words with what they leave out (:func:`describe_selection`)."""
    counts = _counts(flags)
    lines = [
        "# Compliance review report",
        "",
        f"Generated {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')} · {counts['flags']} findings · "
        + ", ".join(f"{n} {s}" for s, n in counts["by_severity"].items()),
        "",
    ]
    playbook_titles, rule_titles = _titles(set(filters.playbooks) | {c.get("playbook", "") for c in skipped} | {f["playbook"] for f in flags} - {""})
    lines += [f"Filters: {_md_escape(selection or filters.describe(playbook_titles))}", ""]
    lines += ["| contract | file | findings | highest severity |", "|---|---|---:|---|"]
    by_document: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for flag in flags:
        by_document[flag["document_id"]].append(flag)
    for document_id in sorted(by_document):
        items = by_document[document_id]
        highest = max(items, key=lambda f: severity_rank(f["severity"]))["severity"]
        lines.append(f"| {_md_escape(_contract_name(document_id, documents, items[0]['file']))} | {_md_escape(items[0]['file'])} | {len(items)} | {highest} |")
    for document_id in sorted(by_document):
        info = documents.get(document_id, {})
        items = sorted(by_document[document_id], key=lambda f: (-severity_rank(f["severity"]), f.get("page") or 0, f["rule_id"]))
        heading = _contract_heading(info.get("title"), items[0]["file"], document_id)  # the title with its file name: titles repeat
        lines += ["", f"## {_md_escape(heading)}", "", f"File: `{items[0]['file']}`"]
        english = {"contract_type": type_in(info.get("contract_type") or "", "en"), "governing_law": law_in(info.get("governing_law") or "", "en")}
        facts = [f"{label}: {english.get(key) or info[key]}" for key, label in (("contract_type", "type"), ("end_date", "ends"), ("governing_law", "law")) if info.get(key)]
        if facts:
            lines.append(" · ".join(facts))
        for flag in items:
            lines += [
                "",
                f"### [{flag['severity'].upper()}] {_md_escape(flag['rule_title'])} ({flag['status']}{', ' + flag['review'] if flag.get('review') else ''})",
                "",
                f"*{_md_escape(_where(flag))}* — {_md_escape(playbook_titles.get(flag['playbook'], flag['playbook']))}"
                f" v{flag['playbook_version']} · flag key `{flag['id']}`",
                "",
                # the contract's words as a quote; Greffier's own finding (« No clause of type: … ») as plain text
                f"Finding: {_md_escape(flag['excerpt'])}" if own_wording(flag["excerpt"]) else f"> {_md_escape(flag['excerpt'])}",
                "",
                f"{flag['explanation']}",
                "",
                f"**Recommendation:** {flag['recommendation']}",
            ]
            if evidence := _evidence(flag):
                lines += ["", f"Evidence: {_md_escape(evidence)}"]
            if flag.get("note"):
                lines += ["", f"Reviewer note: {_md_escape(flag['note'])}"]
    if skipped:
        lines += ["", "## Rules not checked", ""]
        names = document_summaries_names(documents, skipped)
        lines += [f"- {_md_escape(_not_checked(c, rule_titles))} on {_md_escape(names.get(c['document_id'], c['document_id']))}: {c['status']}" for c in skipped]
    return "\n".join(lines) + "\n"


def document_summaries_names(documents: dict[str, dict[str, Any]], skipped: list[dict[str, Any]]) -> dict[str, str]:
    """The name of each contract a rule was not checked on (its title, else its file)."""
    return {c["document_id"]: _contract_name(c["document_id"], documents, c.get("file") or "") for c in skipped}


def to_pdf(flags: list[dict[str, Any]], documents: dict[str, dict[str, Any]], filters: FlagFilters, skipped: list[dict[str, Any]], path: Path,
           selection: str | None = None) -> Path:
    """The review report as a PDF (same content as the Markdown report)."""

    import reportlab  # optional: the PDF report writer, loaded for a PDF export only
    from reportlab.lib.pagesizes import A4  # optional: the PDF report writer, loaded for a PDF export only
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet  # optional: the PDF report writer, loaded for a PDF export only
    from reportlab.lib.units import mm  # optional: the PDF report writer, loaded for a PDF export only
    from reportlab.pdfbase import pdfmetrics  # optional: the PDF report writer, loaded for a PDF export only
    from reportlab.pdfbase.ttfonts import TTFont  # optional: the PDF report writer, loaded for a PDF export only
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer  # optional: the PDF report writer, loaded for a PDF export only

    fonts = Path(reportlab.__file__).parent / "fonts"
    if "GreffierReport" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("GreffierReport", str(fonts / "Vera.ttf")))
        pdfmetrics.registerFont(TTFont("GreffierReportBold", str(fonts / "VeraBd.ttf")))
    styles = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=styles["BodyText"], fontName="GreffierReport", fontSize=9, leading=12)
    small = ParagraphStyle("small", parent=body, fontSize=8, textColor="#555555")
    quote = ParagraphStyle("quote", parent=body, leftIndent=8 * mm, textColor="#333333")
    h1 = ParagraphStyle("h1", parent=styles["Heading1"], fontName="GreffierReportBold")
    h2 = ParagraphStyle("h2", parent=styles["Heading2"], fontName="GreffierReportBold")
    h3 = ParagraphStyle("h3", parent=styles["Heading3"], fontName="GreffierReportBold", fontSize=10)

    def para(text: str, style: ParagraphStyle) -> Paragraph:
        # French typography's narrow no-break space as a no-break space: the report's font (Vera) has no glyph for it
        return Paragraph(escape(squeezed(str(text)).replace("\u202f", "\u00a0")), style)

    counts = _counts(flags)
    playbook_titles, rule_titles = _titles(set(filters.playbooks) | {c.get("playbook", "") for c in skipped} | {f["playbook"] for f in flags} - {""})
    story: list[Any] = [
        para("Compliance review report", h1),
        para(f"Generated {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')} · {counts['flags']} findings · "
             + ", ".join(f"{n} {s}" for s, n in counts["by_severity"].items()), small),
        para(f"Filters: {selection or filters.describe(playbook_titles)}", small),
    ]
    by_document: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for flag in flags:
        by_document[flag["document_id"]].append(flag)
    for document_id in sorted(by_document):
        items = sorted(by_document[document_id], key=lambda f: (-severity_rank(f["severity"]), f.get("page") or 0, f["rule_id"]))
        heading = _contract_heading((documents.get(document_id) or {}).get("title"), items[0]["file"], document_id)  # the title with its file name
        story += [Spacer(1, 4 * mm), para(heading, h2), para(f"File: {items[0]['file']}", small)]
        for flag in items:
            story += [
                para(f"[{flag['severity'].upper()}] {flag['rule_title']} ({flag['status']}{', ' + flag['review'] if flag.get('review') else ''})", h3),
                para(f"{_where(flag)} — {playbook_titles.get(flag['playbook'], flag['playbook'])} v{flag['playbook_version']} · flag key {flag['id']}", small),
                # guillemets around the contract's words only; Greffier's own finding (« No clause of type: … ») is not a quote
                para(f"Finding: {flag['excerpt']}", body) if own_wording(flag["excerpt"]) else para(f"« {flag['excerpt']} »", quote),
                para(flag["explanation"], body),
                para(f"Recommendation: {flag['recommendation']}", body),
            ]
            if flag.get("note"):
                story.append(para(f"Reviewer note: {flag['note']}", body))
    if skipped:
        story += [Spacer(1, 4 * mm), para("Rules not checked", h2)]
        names = document_summaries_names(documents, skipped)
        story += [para(f"{_not_checked(c, rule_titles)} on {names.get(c['document_id'], c['document_id'])}: {c['status']}", body) for c in skipped]
    path.parent.mkdir(parents=True, exist_ok=True)
    SimpleDocTemplate(str(path), pagesize=A4, title="Compliance review report", author="Greffier", invariant=1).build(story)
    return path


# --- entry point ---------------------------------------------------------------------------------


def export_flags(settings: Settings, fmt: str, out: str | Path | None = None, filters: FlagFilters | None = None, *, delimiter: str = ",") -> dict[str, Any]:
    """Export the flags passing ``filters`` in ``fmt`` (csv, xlsx, json, md, pdf).

    Writes ``out`` when given (required for xlsx and pdf); otherwise returns the text in
    ``"content"``. Returns ``{"format", "path", "flags", "content"?}``.

    Raises:
        ComplianceError: unknown format, or a binary format without ``out``.
    """
    if fmt not in EXPORT_FORMATS:
        raise ComplianceError(f"unknown export format {fmt!r}: use one of {', '.join(EXPORT_FORMATS)}")
    if fmt in ("xlsx", "pdf") and out is None:
        raise ComplianceError(f"a {fmt} export needs a file: give --out FILE.{fmt}")
    if fmt == "csv" and (problem := unknown_csv_separator(delimiter)):
        raise ComplianceError(problem)
    filters = filters or FlagFilters()
    listing = list_flags(settings, filters)
    flags, skipped = listing["flags"], listing["skipped_rules"]
    every_flag = list_flags(settings, FlagFilters(include_gone=filters.include_gone))["flags"]
    playbook_titles, _ = _titles(set(filters.playbooks))
    selection = describe_selection(filters, flags, every_flag, playbook_titles)
    flagged = {f["document_id"] for f in flags}
    named = document_summaries(settings, flagged | {c["document_id"] for c in skipped})  # the reports name the contracts of the rules not checked too
    documents = {document_id: summary for document_id, summary in named.items() if document_id in flagged}
    # each row names its contract and playbook as a reader knows them, beside their keys
    all_titles, _rules = _titles({f["playbook"] for f in flags} - {""})
    # the contract by its title, with its file name where two flagged contracts share a title (as the report names them);
    # named once per contract, not once per flag (a contract's flags share its file)
    files = {}
    for f in flags:
        files.setdefault(f["document_id"], f.get("file") or "")
    contract_titles = {cid: _contract_name(cid, documents, file) for cid, file in files.items() if (documents.get(cid) or {}).get("title")}
    flags = [f | {"contract_title": contract_titles.get(f["document_id"]), "playbook_title": all_titles.get(f["playbook"], f["playbook"])} for f in flags]
    path = Path(out) if out is not None else None
    result: dict[str, Any] = {"format": fmt, "path": str(path) if path else None, "flags": len(flags)}
    if fmt == "xlsx":
        to_xlsx(flags, documents, path, selection=selection)
        return result
    if fmt == "pdf":
        to_pdf(flags, named, filters, skipped, path, selection)
        return result
    if fmt == "csv":
        text = to_csv(flags, delimiter=delimiter, filters=selection)
    elif fmt == "json":
        text = to_json(flags, documents, filters, skipped)
    else:
        text = to_markdown(flags, named, filters, skipped, selection)
    if path is None:
        result["content"] = text
        return result
    path.parent.mkdir(parents=True, exist_ok=True)
    # The byte-order mark tells Excel the CSV is UTF-8 (accents intact); other text stays plain UTF-8.
    path.write_text(text, encoding="utf-8-sig" if fmt == "csv" else "utf-8", newline="")
    return result
