"""The characters of a PDF line as the PDF holds them: dashes and typographic spaces put back.

docling's native PDF reader writes « — » and « – » as "-" (« ARTICLE 9 — CHANGEMENT DE CONTRÔLE »
becomes "ARTICLE 9 - …") and may drop a narrow no-break space (U+202F, U+00A0) before « : » or « ; ».
A quote must be the document's own text, so each line read by docling is looked up in the page's
text as PDFium extracts it — compared without spaces and with every dash made one — and, when found,
replaced by PDFium's characters for it. A line not found (PDFium reads the page otherwise) is kept as
docling read it. Line order, pages and boxes never change.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_SPACE = re.compile(r"\s", re.UNICODE)
_LINE_BREAKS = re.compile(r"[\r\n]+")


def _compact(text: str) -> tuple[str, list[int]]:
    """``text`` without whitespace and with dashes made one, and the position in ``text`` of each kept character."""
    kept: list[str] = []
    positions: list[int] = []
    for position, char in enumerate(text):
        if _SPACE.match(char):
            continue
        kept.append(char.translate(_DASHES))
        positions.append(position)
    return "".join(kept), positions


def page_texts(path: Path) -> dict[int, str]:
    """``{page number from 1: text}`` of a PDF as PDFium extracts it (empty when it cannot be read)."""
    import pypdfium2 as pdfium  # heavy: PDFium, loaded to read or render a PDF only

    texts: dict[int, str] = {}
    try:
        document = pdfium.PdfDocument(str(path))
    except Exception as exc:  # noqa: BLE001  (an unreadable file keeps docling's characters)
        log.info("PDFium cannot read %s for its characters (%s): docling's are kept", path, type(exc).__name__)
        return texts
    try:
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            texts[index + 1] = textpage.get_text_range()
            textpage.close()
            page.close()
    finally:
        document.close()
    return texts


def restored_text(line: str, page_text: str, compact_page: tuple[str, list[int]], start: int = 0) -> tuple[str, int] | None:
    """PDFium's characters for ``line`` in the page, and where the search may go on; None when not found."""
    wanted, _ = _compact(line)
    if not wanted:
        return None
    compact, positions = compact_page
    found = compact.find(wanted, start)
    if found < 0 and start:
        found = compact.find(wanted)
    if found < 0:
        return None
    first, last = positions[found], positions[found + len(wanted) - 1]
    original = _LINE_BREAKS.sub(" ", page_text[first : last + 1])
    original = re.sub(r"[ \t]{2,}", " ", original)
    return original, found + len(wanted)


def restore_lines(texts: Sequence[str], pages: Sequence[int], page_text: dict[int, str]) -> list[str]:
    """Each line's text with PDFium's characters where it is found on its page (see the module docstring)."""
    compact = {page: _compact(text) for page, text in page_text.items()}
    cursors: dict[int, int] = {}
    restored: list[str] = []
    for text, page in zip(texts, pages):
        if page not in compact:
            restored.append(text)
            continue
        found = restored_text(text, page_text[page], compact[page], cursors.get(page, 0))
        if found is None:
            restored.append(text)
            continue
        restored.append(found[0])
        cursors[page] = found[1]
    return restored
