"""DOCX, HTML and Markdown converters, through docling (no model needed).

Titles, headings (with their level), paragraphs, list items and tables become items; these formats
have no pages. HTML and Markdown are decoded first (:func:`decode_text_bytes`) and handed to docling as UTF-8
whatever their encoding (an HTML page's declared charset rewritten to say so). The file's
typography is kept: dashes, curly quotes, « … », no-break and narrow no-break spaces (docling's HTML reader
would rewrite them), and a paragraph with words in bold or italics stays one paragraph, its runs spaced as
the file spaces them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from haystack import Document, component

from greffier.errors import ConversionError
from pipelines.converters.base import FormatConverter
from pipelines.converters.checks import rejected
from pipelines.converters.docling_support import LINE_BREAK, Converted, ConverterName, RunSource, build_docling_converter, docling_problems, run_docling, structured_items
from pipelines.converters.text_reader import decode_text_bytes

if TYPE_CHECKING:
    from docling.document_converter import DocumentConverter

_CONVERTER_NAMES: dict[str, ConverterName] = {"docx": "docling-docx", "html": "docling-html", "md": "docling-md"}


# Docling's HTML reader takes no-break and narrow no-break spaces for spaces (« Prix : 12 000 € » loses both):
# they go through it as private-use characters, written as character references, and come back after.
_SHIELDS = {"\u00a0": "\ue100", "\u202f": "\ue101"}
_UNSHIELD = str.maketrans({shield: space for space, shield in _SHIELDS.items()})
_NO_BREAK_SPACE = re.compile(r"\u00a0|&(?:nbsp;?|NonBreakingSpace;|#0*160;|#x0*a0;)", re.IGNORECASE)
_NARROW_NO_BREAK_SPACE = re.compile(r"\u202f|&#(?:0*8239|x0*202f);", re.IGNORECASE)
# A page's declared encoding, rewritten: docling is handed the page in UTF-8 (a page that declares ISO-8859-1 and is
# written in Windows-1252, as many are, would otherwise come out with control characters for its curly quotes)
_DECLARED_CHARSET = re.compile(r"(<meta\b[^>]*?\bcharset\s*=\s*[\"']?)([\w-]+)", re.IGNORECASE)


_MARKDOWN_HARD_BREAK = re.compile(r"(?: {2,}|\\)\n")


_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_NAVIGATION = re.compile(r"<nav(?=[\s>/])[^>]*>.*?</nav\s*>", re.IGNORECASE | re.DOTALL)


_BANNER = re.compile(r"<header(?=[\s>])[^>]*>(?P<inner>.*?)</header\s*>", re.IGNORECASE | re.DOTALL)
_HEADING_TAG = re.compile(r"<h[1-6](?=[\s>])", re.IGNORECASE)
_OPENING_WORDS = re.compile(r"\b(?:between|entre|parties)\b", re.IGNORECASE)


def _without_navigation(html: str) -> str:
    """A page without its comments, navigation menus (``<nav>``) and site banners: the text before the first heading is read (a
    contract's parties), a site's menu is not; nor is a ``<header>`` that holds no heading while one follows it (« Helios Énergie
    Verte – Customer portal – Contract reference … » was indexed as a passage: walkthrough 22) — one holding the contract's title
    (``<header><h1>…``) stays."""
    html = _NAVIGATION.sub("", _COMMENT.sub("", html))

    def banner(match: re.Match[str]) -> str:
        # before the page's first heading, with none of its own and no party in it (« Between Alpha SAS and … » stays)
        site_banner = (not _HEADING_TAG.search(match["inner"]) and not _HEADING_TAG.search(html, 0, match.start())
                       and _HEADING_TAG.search(html, match.end()) and not _OPENING_WORDS.search(match["inner"]))
        return "" if site_banner else match.group(0)

    return _BANNER.sub(banner, html)


def _shield_no_break_spaces(html: str) -> str:
    html = _NO_BREAK_SPACE.sub("&#57600;", html)  # U+E100
    return _NARROW_NO_BREAK_SPACE.sub("&#57601;", html)  # U+E101


# Labels a browser reads as Windows-1252 (WHATWG Encoding): pages that say ISO-8859-1 use its curly quotes; UTF-8 is guessed
_GUESSED_CHARSETS = frozenset({"iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252",
                               "utf-8", "utf8"})
_DECLARED_CHARSET_BYTES = re.compile(rb"<meta\b[^>]*?\bcharset\s*=\s*[\"']?([\w-]+)", re.IGNORECASE)


def _declared_text(data: bytes) -> str | None:
    """An HTML page decoded in the charset it declares, when that is one :func:`decode_text_bytes` would not guess
    (ISO-8859-15's « € », a Cyrillic or Japanese page); None otherwise, or when the page cannot be read in it."""
    found = _DECLARED_CHARSET_BYTES.search(data[:4096])
    label = found.group(1).decode("ascii", "replace").lower() if found else ""
    if not label or label in _GUESSED_CHARSETS:
        return None
    try:
        return data.decode(label).replace("\r\n", "\n").replace("\r", "\n")
    except (LookupError, UnicodeDecodeError):
        return None


def _html_stream(name: str, html: str) -> Any:  # noqa: ANN401
    """The page for docling, in UTF-8 and saying so (it was decoded in its declared charset or by :func:`decode_text_bytes`)."""
    from docling.datamodel.base_models import DocumentStream  # heavy: docling and its PDF parser load only for a conversion

    return DocumentStream(name=name, stream=BytesIO(_DECLARED_CHARSET.sub(r"\g<1>utf-8", html).encode("utf-8")))


def _html_text(html: str) -> str:
    """The words of an HTML page as a browser runs them together (no tags), a ``<br>`` as a line break, for joining
    bold or italic runs."""
    from bs4 import BeautifulSoup  # heavy: docling's HTML parser, loaded with docling

    soup = BeautifulSoup(html, "html.parser")
    for line_break in soup.find_all("br"):
        line_break.replace_with(LINE_BREAK)
    return soup.get_text()


def _docx_text(path: Path) -> str | None:
    """A Word file's paragraphs and table cells as text, for joining bold or italic runs (None: unreadable)."""
    import docx  # heavy: python-docx, loaded with docling

    try:
        document = docx.Document(str(path))
    except Exception:  # noqa: BLE001  docling read it; the runs are then joined by punctuation alone
        return None
    cells = (cell.text for table in document.tables for row in table.rows for cell in row.cells)
    # a Word line break inside a paragraph is "\n" in python-docx's text; paragraphs are apart
    return "\n\n".join(text.replace("\n", LINE_BREAK) for text in [*(paragraph.text for paragraph in document.paragraphs), *cells])


class _DoclingMarkupConverter(FormatConverter):
    def __init__(self, max_file_mb: float = 200.0) -> None:
        self.max_file_mb = max_file_mb
        self._converter: DocumentConverter | None = None

    def warm_up(self) -> None:
        if self._converter is None:
            self._converter = build_docling_converter(None)

    def read(self, path: Path, fmt: str) -> Converted:
        self.warm_up()
        assert self._converter is not None
        warnings: list[str] = []
        source: Any = path
        plain: str | None = None
        if fmt in ("html", "md"):
            data = path.read_bytes()
            try:
                declared = _declared_text(data) if fmt == "html" else None
                decoded = decode_text_bytes(data) if declared is None else None
            except ConversionError as exc:
                raise rejected("undecodable", str(exc)) from exc
            if fmt == "html":
                shielded = _shield_no_break_spaces(_without_navigation(declared if declared is not None else decoded.text))
                plain = _html_text(shielded)
                source = _html_stream(path.name, shielded)
            else:
                from docling.datamodel.base_models import DocumentStream  # heavy: docling and its PDF parser load only for a conversion

                plain = _MARKDOWN_HARD_BREAK.sub(LINE_BREAK, decoded.text)
                if decoded.warning:
                    warnings.append(decoded.warning)
                source = DocumentStream(name=path.name, stream=BytesIO(decoded.text.encode("utf-8")))
        result = run_docling(self._converter, source)
        warnings.extend(f"docling: {problem}" for problem in docling_problems(result))
        if fmt == "docx":
            plain = _docx_text(path)
        items = structured_items(result.document, RunSource(plain) if plain else None)
        if fmt == "html":
            items = [replace(item, text=item.text.translate(_UNSHIELD)) for item in items]
        return Converted(items=items, converter=_CONVERTER_NAMES[fmt], warnings=warnings)

    @component.output_types(documents=list[Document], failures=list[dict[str, Any]])
    def run(self, sources: list[str], meta: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return self.convert_all(sources, meta)


@component
class DocxConverter(_DoclingMarkupConverter):
    """Word documents (DOCX), after a check that the zip does not expand absurdly."""

    formats = ("docx",)


@component
class HtmlConverter(_DoclingMarkupConverter):
    """HTML pages (their declared charset honoured; remote images never fetched)."""

    formats = ("html",)


@component
class MarkdownConverter(_DoclingMarkupConverter):
    """Markdown files, decoded whatever their encoding."""

    formats = ("md",)
