"""DOCX, HTML and Markdown converters, through docling (no model needed).

Titles, headings (with their level), paragraphs, list items and tables become items; these formats
have no pages. HTML is passed as bytes (it declares its charset and docling honours it); Markdown is
decoded first and handed to docling as UTF-8 whatever its encoding.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from haystack import Document, component

from greffier.errors import ConversionError
from pipelines.converters.base import FormatConverter
from pipelines.converters.checks import rejected
from pipelines.converters.docling_support import Converted, ConverterName, build_docling_converter, docling_problems, run_docling, structured_items
from pipelines.converters.text_reader import decode_text_bytes

if TYPE_CHECKING:
    from docling.document_converter import DocumentConverter

_CONVERTER_NAMES: dict[str, ConverterName] = {"docx": "docling-docx", "html": "docling-html", "md": "docling-md"}


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
        if fmt in ("html", "md"):
            try:
                decoded = decode_text_bytes(path.read_bytes())
            except ConversionError as exc:
                raise rejected("undecodable", str(exc)) from exc
            if fmt == "md":
                from docling.datamodel.base_models import DocumentStream  # heavy: docling and its PDF parser load only for a conversion

                if decoded.warning:
                    warnings.append(decoded.warning)
                source = DocumentStream(name=path.name, stream=BytesIO(decoded.text.encode("utf-8")))
        result = run_docling(self._converter, source)
        warnings.extend(f"docling: {problem}" for problem in docling_problems(result))
        return Converted(items=structured_items(result.document), converter=_CONVERTER_NAMES[fmt], warnings=warnings)

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
