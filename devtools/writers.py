"""Render one contract text into a real file: PDF (reportlab), DOCX (python-docx), HTML, Markdown or TXT.

A contract text is a title, then blocks: article headings and paragraphs. A paragraph may hold hard
line breaks ("\\n"), used for signature blocks. Every writer returns the article headings it wrote
with the page each one starts and ends on (pages are only known for PDF; other formats give None).
All output is byte-for-byte deterministic so that the committed manifest can be checked against it.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import textwrap
import zipfile
from dataclasses import dataclass
from pathlib import Path

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen import canvas

# Fixed timestamp written into DOCX metadata and zip entries: real clocks would make every run differ.
FIXED_TIMESTAMP = dt.datetime(2026, 10, 1, 9, 0, 0, tzinfo=dt.timezone.utc)


@dataclass(frozen=True)
class Block:
    """One piece of a contract: kind is "heading" (an article heading) or "paragraph"."""

    kind: str
    text: str


@dataclass(frozen=True)
class ContractText:
    title: str
    blocks: tuple[Block, ...]
    language: str  # "fr" or "en"


@dataclass(frozen=True)
class ArticleSpan:
    heading: str
    page: int | None
    page_end: int | None


@dataclass(frozen=True)
class Rendered:
    """What a writer reports back: the page count (PDF only) and where each article landed."""

    pages: int | None
    articles: tuple[ArticleSpan, ...]


def _articles_without_pages(text: ContractText) -> Rendered:
    headings = (ArticleSpan(b.text, None, None) for b in text.blocks if b.kind == "heading")
    return Rendered(pages=None, articles=tuple(headings))


def plain_text(text: ContractText, width: int | None = None) -> str:
    """The contract as plain text; `width` hard-wraps paragraphs like an old word processor export."""
    parts = [text.title.upper()]
    for block in text.blocks:
        lines = block.text.split("\n")
        if width and block.kind == "paragraph":
            lines = [wrapped for line in lines for wrapped in textwrap.wrap(line, width) or [""]]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def write_txt(text: ContractText, path: Path) -> Rendered:
    path.write_text(plain_text(text, width=78), encoding="utf-8")
    return _articles_without_pages(text)


def write_markdown(text: ContractText, path: Path) -> Rendered:
    parts = [f"# {text.title}"]
    for block in text.blocks:
        parts.append(f"## {block.text}" if block.kind == "heading" else block.text)
    path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
    return _articles_without_pages(text)


def write_html(text: ContractText, path: Path) -> Rendered:
    body = [f"<h1>{html.escape(text.title, quote=False)}</h1>"]
    for block in text.blocks:
        escaped = html.escape(block.text, quote=False).replace("\n", "<br>\n")
        body.append(f"<h2>{escaped}</h2>" if block.kind == "heading" else f"<p>{escaped}</p>")
    head = (
        f'<!DOCTYPE html>\n<html lang="{text.language}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(text.title, quote=False)}</title>\n</head>\n"
    )
    page = head + "<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    path.write_text(page, encoding="utf-8")
    return _articles_without_pages(text)


# --------------------------------------------------------------------------------------------- DOCX


def write_docx(text: ContractText, path: Path, *, heading_style: str = "heading", author: str = "") -> Rendered:
    """heading_style "heading" uses Word's Heading 1 style; "bold" writes plain bold paragraphs, as
    many hand-made contracts do (a converter then has to guess the structure)."""
    document = Document()
    if heading_style == "heading":
        document.add_heading(text.title, level=0)
    else:
        _bold_paragraph(document, text.title).alignment = WD_ALIGN_PARAGRAPH.CENTER
    for block in text.blocks:
        if block.kind == "heading":
            if heading_style == "heading":
                document.add_heading(block.text, level=1)
            else:
                _bold_paragraph(document, block.text)
        else:
            _paragraph_with_breaks(document, block.text)
    _set_fixed_properties(document, text.title, author)
    buffer = io.BytesIO()
    document.save(buffer)
    path.write_bytes(_normalised_zip(buffer.getvalue()))
    return _articles_without_pages(text)


def _bold_paragraph(document, text: str):
    paragraph = document.add_paragraph()
    paragraph.add_run(text).bold = True
    return paragraph


def _paragraph_with_breaks(document, text: str) -> None:
    paragraph = document.add_paragraph()
    for index, line in enumerate(text.split("\n")):
        run = paragraph.add_run(line)
        if index < text.count("\n"):
            run.add_break()


def _set_fixed_properties(document, title: str, author: str) -> None:
    props = document.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED_TIMESTAMP
    props.modified = FIXED_TIMESTAMP
    props.revision = 1


def _normalised_zip(data: bytes) -> bytes:
    """python-docx stamps zip entries with the current time; rewrite them with a fixed one."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=FIXED_TIMESTAMP.timetuple()[:6])
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            target.writestr(entry, source.read(info.filename))
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- PDF

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN_X = 2.4 * cm
MARGIN_TOP = 2.6 * cm
MARGIN_BOTTOM = 2.6 * cm
TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
BODY_FONT, BOLD_FONT = "Helvetica", "Helvetica-Bold"
BODY_SIZE, BODY_LEADING = 10.5, 14.5
TITLE_SIZE, TITLE_LEADING = 13.5, 18
PARAGRAPH_GAP, HEADING_GAP = 5, 9
# A heading needs room for itself and two body lines, else it would sit alone at the foot of a page.
HEADING_KEEP = BODY_LEADING * 3 + HEADING_GAP


@dataclass(frozen=True)
class _Line:
    text: str
    font: str
    size: float
    y: float
    centred: bool = False


class _PdfLayout:
    """Places lines on pages top to bottom; the pages it reports are the pages the lines are drawn on."""

    def __init__(self) -> None:
        self.pages: list[list[_Line]] = [[]]
        self.y = PAGE_HEIGHT - MARGIN_TOP

    @property
    def page_number(self) -> int:
        return len(self.pages)

    def new_page(self) -> None:
        self.pages.append([])
        self.y = PAGE_HEIGHT - MARGIN_TOP

    def ensure_room(self, height: float) -> None:
        if self.y - height < MARGIN_BOTTOM:
            self.new_page()

    def add_line(self, text: str, font: str, size: float, leading: float, centred: bool = False) -> None:
        self.ensure_room(leading)
        self.pages[-1].append(_Line(text, font, size, self.y - size, centred))
        self.y -= leading

    def add_wrapped(self, text: str, font: str, size: float, leading: float, centred: bool = False) -> None:
        for hard_line in text.split("\n"):
            for line in simpleSplit(hard_line, font, size, TEXT_WIDTH) or [""]:
                self.add_line(line, font, size, leading, centred)

    def at_page_top(self) -> bool:
        return not self.pages[-1]


def _lay_out(text: ContractText) -> tuple[_PdfLayout, list[ArticleSpan]]:
    layout = _PdfLayout()
    layout.add_wrapped(text.title, BOLD_FONT, TITLE_SIZE, TITLE_LEADING, centred=True)
    layout.y -= TITLE_LEADING - PARAGRAPH_GAP
    open_articles: list[tuple[str, int]] = []
    articles: list[ArticleSpan] = []
    for block in text.blocks:
        if block.kind == "heading":
            if simpleSplit(block.text, BOLD_FONT, BODY_SIZE, TEXT_WIDTH)[1:]:
                raise ValueError(f"article heading too long for one PDF line: {block.text!r}; shorten it")
            _close_article(open_articles, articles, layout)
            layout.ensure_room(HEADING_KEEP)
            if not layout.at_page_top():
                layout.y -= HEADING_GAP
            layout.add_line(block.text, BOLD_FONT, BODY_SIZE, BODY_LEADING)
            open_articles.append((block.text, layout.page_number))
        else:
            layout.add_wrapped(block.text, BODY_FONT, BODY_SIZE, BODY_LEADING)
            layout.y -= PARAGRAPH_GAP
    _close_article(open_articles, articles, layout)
    return layout, articles


def _close_article(open_articles: list[tuple[str, int]], articles: list[ArticleSpan], layout: _PdfLayout) -> None:
    """An article ends on the page of its last drawn line, i.e. the current page before the next heading."""
    if open_articles:
        heading, page = open_articles.pop()
        articles.append(ArticleSpan(heading, page, layout.page_number))


def write_pdf(text: ContractText, path: Path, *, running_header: str = "", author: str = "") -> Rendered:
    """Lay the text out on A4 pages with a bold line per article heading, then draw it with reportlab.
    `running_header` is printed at the top of every page after the first, as law firms do."""
    layout, articles = _lay_out(text)
    total = layout.page_number
    # invariant=1 freezes the creation date and document id, so two runs give identical bytes.
    pdf = canvas.Canvas(str(path), pagesize=A4, invariant=1, pageCompression=1)
    pdf.setTitle(text.title)
    pdf.setAuthor(author)
    for number, lines in enumerate(layout.pages, start=1):
        _draw_running_header(pdf, number, running_header)
        for line in lines:
            pdf.setFont(line.font, line.size)
            if line.centred:
                pdf.drawCentredString(PAGE_WIDTH / 2, line.y, line.text)
            else:
                pdf.drawString(MARGIN_X, line.y, line.text)
        _draw_footer(pdf, number, total, text.language)
        pdf.showPage()
    pdf.save()
    return Rendered(pages=total, articles=tuple(articles))


def _draw_running_header(pdf: canvas.Canvas, number: int, running_header: str) -> None:
    if running_header and number > 1:
        pdf.setFont(BODY_FONT, 8)
        pdf.setFillGray(0.35)
        pdf.drawString(MARGIN_X, PAGE_HEIGHT - 1.5 * cm, running_header)
        pdf.setFillGray(0)


def _draw_footer(pdf: canvas.Canvas, number: int, total: int, language: str) -> None:
    pdf.setFont(BODY_FONT, 8)
    pdf.setFillGray(0.35)
    initials = "Paraphes : ______  ______" if language == "fr" else "Initials: ______  ______"
    pdf.drawString(MARGIN_X, 1.4 * cm, initials)
    page_label = f"Page {number} / {total}" if language == "fr" else f"Page {number} of {total}"
    pdf.drawRightString(PAGE_WIDTH - MARGIN_X, 1.4 * cm, page_label)
    pdf.setFillGray(0)
