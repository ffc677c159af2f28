"""Builders for the test files that ingestion tests convert: PDF, DOCX, HTML, Markdown and bad files.

Each builder writes a real file and returns what it wrote (headings, the page each was drawn on,
lines), so that tests check conversions against their own input. Fonts come with reportlab
(Bitstream Vera), so the files look the same on every machine.

Sections are ``(heading, body)`` pairs; a body's blank lines separate paragraphs.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import reportlab

Section = tuple[str, str]

_FONTS_DIR = Path(reportlab.__file__).parent / "fonts"
REGULAR_TTF = _FONTS_DIR / "Vera.ttf"
BOLD_TTF = _FONTS_DIR / "VeraBd.ttf"

PAGE_WIDTH, PAGE_HEIGHT = 595.28, 841.89  # A4 in points
MARGIN = 72
BODY_SIZE = 10
HEADING_SIZE = 12
TITLE_SIZE = 15
LEADING = 14
WRAP_CHARS = 90


@dataclass
class WrittenPdf:
    """What :func:`make_pdf` drew.

    ``headings`` maps each heading to the page (1-based) it was drawn on; ``lines`` lists every
    line drawn as ``(page, text, bold)`` in drawing order; ``title`` is the title line, if any.
    """

    path: Path
    page_count: int = 0
    title: str | None = None
    headings: dict[str, int] = field(default_factory=dict)
    lines: list[tuple[int, str, bool]] = field(default_factory=list)

    def page_of(self, text: str) -> int:
        """The page of the first drawn line containing ``text``."""
        for page, line, _bold in self.lines:
            if text in line:
                return page
        raise KeyError(text)


@dataclass
class WrittenDoc:
    """What a DOCX / HTML / Markdown builder wrote: title, headings in order, paragraphs."""

    path: Path
    title: str | None
    headings: list[str]
    paragraphs: list[str]


def _register_fonts() -> tuple[str, str]:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "GreffierVera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("GreffierVera", str(REGULAR_TTF)))
        pdfmetrics.registerFont(TTFont("GreffierVeraBold", str(BOLD_TTF)))
    return "GreffierVera", "GreffierVeraBold"


def _paragraphs(body: str) -> list[str]:
    return [" ".join(part.split()) for part in body.split("\n\n") if part.strip()]


def make_pdf(
    path: str | Path,
    pages: Sequence[Sequence[Section]],
    *,
    title: str | None = None,
    standard_fonts: bool = False,
    wrap: int = WRAP_CHARS,
) -> WrittenPdf:
    """Write a text PDF: each inner sequence is one page of ``(heading, body)`` sections.

    Headings are drawn bold on their own line (an empty heading draws none); bodies are wrapped at
    ``wrap`` characters. A page that overflows continues on a new page, so the returned pages are
    the ones actually drawn. ``title`` is drawn first, bold and larger, on the first page.
    ``standard_fonts`` uses Helvetica (not embedded: the PDF then names fonts only by resource
    key) instead of the embedded Vera fonts.
    """
    from reportlab.pdfgen import canvas

    path = Path(path)
    regular, bold = ("Helvetica", "Helvetica-Bold") if standard_fonts else _register_fonts()
    written = WrittenPdf(path=path, title=title)
    pdf = canvas.Canvas(str(path), pagesize=(PAGE_WIDTH, PAGE_HEIGHT))
    pdf.setTitle(path.stem)
    page_no = 1
    y = PAGE_HEIGHT - MARGIN

    def draw(text: str, font: str, size: int) -> None:
        nonlocal page_no, y
        if y < MARGIN:
            pdf.showPage()
            page_no += 1
            y = PAGE_HEIGHT - MARGIN
        pdf.setFont(font, size)
        pdf.drawString(MARGIN, y, text)
        written.lines.append((page_no, text, font == bold))
        y -= LEADING if size <= BODY_SIZE else LEADING + 6

    for index, sections in enumerate(pages):
        if index > 0:
            pdf.showPage()
            page_no += 1
            y = PAGE_HEIGHT - MARGIN
        if index == 0 and title:
            draw(title, bold, TITLE_SIZE)
        for heading, body in sections:
            if heading:
                draw(heading, bold, HEADING_SIZE)
                written.headings[heading] = page_no
            for paragraph in _paragraphs(body):
                for line in textwrap.wrap(paragraph, wrap):
                    draw(line, regular, BODY_SIZE)
                y -= LEADING / 2
    pdf.showPage()
    pdf.save()
    written.page_count = page_no
    return written


def make_docx(path: str | Path, sections: Sequence[Section], *, title: str | None = None, level: int = 1) -> WrittenDoc:
    """Write a DOCX: optional Title paragraph, then per section a ``Heading <level>`` and its paragraphs."""
    import docx

    path = Path(path)
    document = docx.Document()
    paragraphs: list[str] = []
    if title:
        document.add_heading(title, level=0)
    for heading, body in sections:
        if heading:
            document.add_heading(heading, level=level)
        for paragraph in _paragraphs(body):
            document.add_paragraph(paragraph)
            paragraphs.append(paragraph)
    document.save(str(path))
    return WrittenDoc(path=path, title=title, headings=[h for h, _ in sections if h], paragraphs=paragraphs)


def make_html(
    path: str | Path, sections: Sequence[Section], *, title: str | None = None, encoding: str = "utf-8"
) -> WrittenDoc:
    """Write an HTML page: ``<h1>`` title, ``<h2>`` per heading, ``<p>`` per paragraph.

    The file is encoded with ``encoding`` and declares it in ``<meta charset>``.
    """
    from html import escape

    path = Path(path)
    head = f'<meta charset="{encoding}"><title>{escape(title or path.stem)}</title>'
    parts = [f"<!DOCTYPE html>\n<html><head>{head}</head><body>"]
    paragraphs: list[str] = []
    if title:
        parts.append(f"<h1>{escape(title)}</h1>")
    for heading, body in sections:
        if heading:
            parts.append(f"<h2>{escape(heading)}</h2>")
        for paragraph in _paragraphs(body):
            parts.append(f"<p>{escape(paragraph)}</p>")
            paragraphs.append(paragraph)
    parts.append("</body></html>\n")
    path.write_bytes("\n".join(parts).encode(encoding))
    return WrittenDoc(path=path, title=title, headings=[h for h, _ in sections if h], paragraphs=paragraphs)


def make_markdown(
    path: str | Path, sections: Sequence[Section], *, title: str | None = None, encoding: str = "utf-8"
) -> WrittenDoc:
    """Write Markdown: ``# title``, ``## heading`` per section, paragraphs separated by blank lines."""
    path = Path(path)
    parts: list[str] = []
    paragraphs: list[str] = []
    if title:
        parts.append(f"# {title}")
    for heading, body in sections:
        if heading:
            parts.append(f"## {heading}")
        for paragraph in _paragraphs(body):
            parts.append(paragraph)
            paragraphs.append(paragraph)
    path.write_bytes(("\n\n".join(parts) + "\n").encode(encoding))
    return WrittenDoc(path=path, title=title, headings=[h for h, _ in sections if h], paragraphs=paragraphs)


def make_encrypted_pdf(path: str | Path, text: str = "Clause confidentielle.", user_password: str = "secret") -> Path:
    """Write a PDF that needs ``user_password`` to open."""
    from reportlab.lib import pdfencrypt
    from reportlab.pdfgen import canvas

    path = Path(path)
    encryption = pdfencrypt.StandardEncryption(user_password, ownerPassword=user_password + "-owner")
    pdf = canvas.Canvas(str(path), pagesize=(PAGE_WIDTH, PAGE_HEIGHT), encrypt=encryption)
    pdf.drawString(MARGIN, PAGE_HEIGHT - MARGIN, text)
    pdf.showPage()
    pdf.save()
    return path


def _text_image(lines: Sequence[str], dpi: int = 150):  # noqa: ANN202  (PIL image)
    from PIL import Image, ImageDraw, ImageFont

    scale = dpi / 72
    image = Image.new("L", (int(PAGE_WIDTH * scale), int(PAGE_HEIGHT * scale)), 255)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(REGULAR_TTF), int(14 * scale))
    y = MARGIN * scale
    for line in lines:
        draw.text((MARGIN * scale, y), line, font=font, fill=0)
        y += 22 * scale
    return image


def make_scanned_pdf(path: str | Path, pages: Sequence[Sequence[str]], *, dpi: int = 150) -> Path:
    """Write an image-only PDF (no text layer): each page is a picture of its lines of text."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    path = Path(path)
    pdf = canvas.Canvas(str(path), pagesize=(PAGE_WIDTH, PAGE_HEIGHT))
    for lines in pages:
        pdf.drawImage(ImageReader(_text_image(lines, dpi)), 0, 0, PAGE_WIDTH, PAGE_HEIGHT)
        pdf.showPage()
    pdf.save()
    return path


def make_ocr_layer_pdf(path: str | Path, pages: Sequence[Sequence[str]]) -> Path:
    """Write what OCR produces: each page an image of its lines under an invisible text layer."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    path = Path(path)
    regular, _bold = _register_fonts()
    pdf = canvas.Canvas(str(path), pagesize=(PAGE_WIDTH, PAGE_HEIGHT))
    for lines in pages:
        pdf.drawImage(ImageReader(_text_image(lines)), 0, 0, PAGE_WIDTH, PAGE_HEIGHT)
        text = pdf.beginText(MARGIN, PAGE_HEIGHT - MARGIN - 12)
        text.setTextRenderMode(3)  # invisible, as OCRmyPDF and Tesseract write it
        text.setFont(regular, 14)
        text.setLeading(22)
        for line in lines:
            text.textLine(line)
        pdf.drawText(text)
        pdf.showPage()
    pdf.save()
    return path


def make_corrupt_pdf(path: str | Path) -> Path:
    """Write a damaged PDF: the first half of a valid one (starts with %PDF, cross-reference gone)."""
    path = Path(path)
    whole = path.with_name(path.stem + "-whole.pdf")
    make_pdf(whole, [[("ARTICLE 1 — OBJET", "Texte. " * 200)], [("ARTICLE 2 — DURÉE", "Texte. " * 200)]])
    data = whole.read_bytes()
    whole.unlink()
    path.write_bytes(data[: len(data) // 2])
    return path


def make_garbage(path: str | Path, size: int = 4096, seed: int = 7) -> Path:
    """Write ``size`` pseudo-random bytes (binary garbage, reproducible from ``seed``)."""
    import random

    path = Path(path)
    path.write_bytes(random.Random(seed).randbytes(size))
    return path


def make_text(path: str | Path, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` with ``encoding`` (``"utf-16"`` writes a BOM, ``"utf-8-sig"`` too)."""
    path = Path(path)
    path.write_bytes(text.encode(encoding))
    return path


__all__ = [
    "Section",
    "WrittenDoc",
    "WrittenPdf",
    "make_corrupt_pdf",
    "make_docx",
    "make_encrypted_pdf",
    "make_garbage",
    "make_html",
    "make_markdown",
    "make_ocr_layer_pdf",
    "make_pdf",
    "make_scanned_pdf",
    "make_text",
]
