"""PlainTextConverter: a text file, one item per line (:mod:`pipelines.converters.text_reader`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from haystack import Document, component

from greffier.errors import ConversionError
from pipelines.converters.base import FormatConverter
from pipelines.converters.checks import rejected
from pipelines.converters.docling_support import Converted
from pipelines.converters.text_reader import decode_text_bytes, items_from_plain_text


@component
class PlainTextConverter(FormatConverter):
    """Plain-text files: decoded (UTF-8, UTF-16, Windows-1252 with a warning), one item per line."""

    formats = ("text",)

    def __init__(self, max_file_mb: float = 200.0) -> None:
        self.max_file_mb = max_file_mb

    def read(self, path: Path, fmt: str) -> Converted:
        try:
            decoded = decode_text_bytes(path.read_bytes())
        except ConversionError as exc:
            raise rejected("undecodable", str(exc)) from exc
        warnings = [decoded.warning] if decoded.warning else []
        return Converted(items=items_from_plain_text(decoded.text), converter="text", warnings=warnings)

    @component.output_types(documents=list[Document], failures=list[dict[str, Any]])
    def run(self, sources: list[str], meta: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return self.convert_all(sources, meta)
