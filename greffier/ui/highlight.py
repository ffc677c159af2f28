"""A PDF page rendered offline (pypdfium2) with a passage's text boxes highlighted (PIL).

The passage is looked up in the page's text with whitespace collapsed (PDF line breaks never match
the chunk's exactly): first as a whole, else line by line, so a passage cut differently from the
page's lines is still found. Each match gives pdfium's text rectangles, drawn as translucent boxes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw

HIGHLIGHT_FILL = (255, 214, 0, 90)
HIGHLIGHT_OUTLINE = (230, 160, 0, 200)
MIN_LINE_CHARS = 6  # shorter lines (page numbers, bullets) would match anywhere


@dataclass
class HighlightedPage:
    """One rendered page: ``image`` (RGB), ``page`` (1-based), whether the passage was ``found``,
    and the highlighted ``boxes`` in image pixels (left, top, right, bottom)."""

    image: Image.Image
    page: int
    page_count: int
    found: bool
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def focus(self, margin: int = 120) -> Image.Image:
        """The part of the page around the highlight (``margin`` pixels on every side, at least the
        width of the text column): readable in a narrow column. The whole page when nothing was
        highlighted."""
        if not self.boxes:
            return self.image
        left = max(0, int(min(box[0] for box in self.boxes)) - margin // 2)
        right = min(self.image.width, int(max(box[2] for box in self.boxes)) + margin // 2)
        top = max(0, int(min(box[1] for box in self.boxes)) - margin)
        bottom = min(self.image.height, int(max(box[3] for box in self.boxes)) + margin)
        return self.image.crop((left, top, right, bottom))

    def view(self, zoom: float = 1.0, *, around_passage: bool = True) -> Image.Image:
        """The page as the large viewer shows it, the highlight always in view.

        ``zoom`` 1 shows the page's whole width; ``zoom`` z shows 1/z of it, centred on the
        highlight (on the page's centre when nothing is highlighted), so that once drawn at the
        viewer's width the text is z times larger. ``around_passage`` keeps only the rows around the
        highlight (at least a third of the page's height, divided by the zoom); otherwise every row.
        """
        width, height = self.image.size
        zoom = max(1.0, float(zoom))
        if self.boxes:
            centre_x = (min(b[0] for b in self.boxes) + max(b[2] for b in self.boxes)) / 2
            top, bottom = min(b[1] for b in self.boxes), max(b[3] for b in self.boxes)
        else:
            centre_x, top, bottom = width / 2, 0.0, float(height)
        window = width / zoom
        left = min(max(0.0, centre_x - window / 2), width - window)
        if around_passage and self.boxes:
            band = max(bottom - top + 2 * 0.06 * height, height / (3 * zoom))
            middle = (top + bottom) / 2
            upper = min(max(0.0, middle - band / 2), height - band)
            rows = (upper, upper + band)
        else:
            rows = (0.0, float(height))
        return self.image.crop((int(left), int(max(0.0, rows[0])), int(left + window), int(min(height, rows[1]))))


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00ad", "").replace("\ufffe", "")).strip().casefold()


def _page_index(textpage) -> tuple[str, list[int]]:  # noqa: ANN001
    """The page's text with whitespace collapsed and case folded, and for each of its characters
    the index of the pdfium character it comes from."""
    count = textpage.count_chars()
    raw = textpage.get_text_range(0, count) if count else ""
    if len(raw) != count:  # characters outside the BMP shift indices: fetch one by one
        raw = "".join(textpage.get_text_range(i, 1) or " " for i in range(count))
    chars: list[str] = []
    origin: list[int] = []
    previous_space = True
    for index, char in enumerate(raw):
        if char in "\u00ad\ufffe":
            continue
        if char.isspace():
            if not previous_space:
                chars.append(" ")
                origin.append(index)
            previous_space = True
            continue
        folded = char.casefold()
        for piece in folded:  # casefold may lengthen a character (ß → ss)
            chars.append(piece)
            origin.append(index)
        previous_space = False
    return "".join(chars), origin


def _spans(page_text: str, passage: str) -> list[tuple[int, int]]:
    """(start, end) offsets in ``page_text`` covering ``passage``: whole, else line by line."""
    whole = _normalise(passage)
    if not whole:
        return []
    at = page_text.find(whole)
    if at >= 0:
        return [(at, at + len(whole))]
    spans = []
    cursor = 0
    for line in passage.splitlines():
        needle = _normalise(line)
        if len(needle) < MIN_LINE_CHARS:
            continue
        at = page_text.find(needle, cursor)
        if at < 0:
            at = page_text.find(needle)
        if at >= 0:
            spans.append((at, at + len(needle)))
            cursor = at + len(needle)
    return spans


def passage_rects(textpage, passage: str) -> list[tuple[float, float, float, float]]:  # noqa: ANN001
    """Rectangles (left, bottom, right, top) in PDF points covering ``passage`` on the page."""
    page_text, origin = _page_index(textpage)
    rects = []
    for start, end in _spans(page_text, passage):
        first, last = origin[start], origin[end - 1]
        n = textpage.count_rects(first, last - first + 1)
        rects += [tuple(textpage.get_rect(i)) for i in range(n)]
    return rects


def render_highlighted_page(pdf_path: str | Path, page: int, passage: str, *, scale: float = 1.5) -> HighlightedPage:
    """Render page ``page`` (1-based) of ``pdf_path`` with ``passage`` highlighted.

    Raises ValueError for a page outside the document and OSError / pdfium errors for an
    unreadable file (callers show the passage text alone then).
    """
    import pypdfium2 as pdfium  # heavy: PDFium, loaded to read or render a PDF only

    document = pdfium.PdfDocument(str(pdf_path))
    try:
        page_count = len(document)
        if not 1 <= page <= page_count:
            raise ValueError(f"page {page} is outside {Path(pdf_path).name} ({page_count} pages)")
        pdf_page = document[page - 1]
        textpage = pdf_page.get_textpage()
        rects = passage_rects(textpage, passage)
        height = pdf_page.get_height()
        image = pdf_page.render(scale=scale).to_pil().convert("RGBA")
        textpage.close()
        pdf_page.close()
    finally:
        document.close()
    boxes = []
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    pad = 1.5 * scale
    for left, bottom, right, top in rects:
        box = (left * scale - pad, (height - top) * scale - pad, right * scale + pad, (height - bottom) * scale + pad)
        boxes.append(box)
        draw.rectangle(box, fill=HIGHLIGHT_FILL, outline=HIGHLIGHT_OUTLINE, width=1)
    image = Image.alpha_composite(image, overlay).convert("RGB")
    return HighlightedPage(image=image, page=page, page_count=page_count, found=bool(boxes), boxes=boxes)
