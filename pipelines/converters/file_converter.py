"""File conversion: one component per format behind a router.

- :func:`add_file_conversion` puts the router, the per-format converters and the joiners into a
  pipeline (the ingestion pipeline's front half; see :mod:`pipelines.converters.router`).
- :class:`FileConverter` does the same in one component, for a caller outside a pipeline (and for a
  quick conversion in a test or a script): it routes each file to the same per-format components.

Formats and readers: PDF (:mod:`pipelines.converters.pdf`), DOCX, HTML, Markdown
(:mod:`pipelines.converters.markup`), plain text (:mod:`pipelines.converters.plain_text`). A file that
cannot be converted becomes a *failure* record (``file``, ``error``, ``kind``) and the batch goes on.
A new format is one entry in :mod:`greffier.formats` and one converter in :data:`CONVERTERS`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from haystack import Document, Pipeline, component, default_from_dict, default_to_dict
from haystack.components.joiners import ListJoiner

from greffier.formats import FORMATS, format_of
from pipelines.converters.base import FormatConverter, checked_metas
from pipelines.converters.checks import FailureKind, failure_kind, unsupported
from pipelines.converters.docling_support import find_docling_artifacts
from pipelines.converters.markup import DocxConverter, HtmlConverter, MarkdownConverter
from pipelines.converters.pdf import PdfConverter
from pipelines.converters.plain_text import PlainTextConverter
from pipelines.converters.router import ConvertedJoiner, FileRouter, ordered, split_by_format

__all__ = ["CONVERTERS", "FailureKind", "FileConverter", "add_file_conversion", "failure_kind", "find_docling_artifacts", "format_converters"]

# Format -> the component that reads it (every format of greffier.formats has one).
CONVERTERS: dict[str, type[FormatConverter]] = {
    "pdf": PdfConverter,
    "docx": DocxConverter,
    "html": HtmlConverter,
    "md": MarkdownConverter,
    "text": PlainTextConverter,
}
assert set(CONVERTERS) == set(FORMATS), "every file format needs its converter"


def format_converters(*, ocr: bool = True, ocr_languages: list[str] | None = None, models_dir: str | None = None, max_file_mb: float = 200.0) -> dict[str, FormatConverter]:
    """One converter component per format, configured."""
    made: dict[str, FormatConverter] = {}
    for fmt, cls in CONVERTERS.items():
        if cls is PdfConverter:
            made[fmt] = PdfConverter(ocr=ocr, ocr_languages=ocr_languages, models_dir=models_dir, max_file_mb=max_file_mb)
        else:
            made[fmt] = cls(max_file_mb=max_file_mb)
    return made


def add_file_conversion(pipeline: Pipeline, converters: dict[str, FormatConverter]) -> tuple[str, str]:
    """Add the router, ``converters`` and the joiners to ``pipeline``; returns the sockets that give the
    converted documents and the failures (``"documents.documents"``, ``"failures.values"``)."""
    pipeline.add_component("router", FileRouter())
    pipeline.add_component("documents", ConvertedJoiner())
    pipeline.add_component("failures", ListJoiner(list[dict[str, Any]]))
    pipeline.connect("router.failures", "failures.values")
    for fmt, converter in converters.items():
        name = f"{fmt}_converter"
        pipeline.add_component(name, converter)
        pipeline.connect(f"router.{fmt}_sources", f"{name}.sources")
        pipeline.connect(f"router.{fmt}_meta", f"{name}.meta")
        pipeline.connect(f"{name}.documents", "documents.documents")
        pipeline.connect(f"{name}.failures", "failures.values")
    return "documents.documents", "failures.values"


@component
class FileConverter:
    """Convert files to converted documents (text, items with pages and offsets, title, warnings) by
    routing each to its format's converter.

    Usage::

        converter = FileConverter(ocr=True, models_dir="models")
        result = converter.run(sources=["/ws/bail.pdf"], meta=[{"doc_id": "d1", "file": "bail.pdf"}])
        result["documents"]  # list[Document]; result["failures"]: list of {"file", "error", "kind"}
    """

    def __init__(self, ocr: bool = True, ocr_languages: list[str] | None = None, models_dir: str | None = None, max_file_mb: float = 200.0) -> None:
        self.ocr = ocr
        self.ocr_languages = ocr_languages
        self.models_dir = models_dir
        self.max_file_mb = max_file_mb
        self.converters = format_converters(ocr=ocr, ocr_languages=ocr_languages, models_dir=models_dir, max_file_mb=max_file_mb)

    def to_dict(self) -> dict[str, Any]:
        return default_to_dict(self, ocr=self.ocr, ocr_languages=self.ocr_languages, models_dir=self.models_dir, max_file_mb=self.max_file_mb)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileConverter:
        return default_from_dict(cls, data)

    def warm_up(self) -> None:
        for converter in self.converters.values():
            if hasattr(converter, "warm_up"):
                converter.warm_up()

    @component.output_types(documents=list[Document], failures=list[dict[str, Any]])
    def run(self, sources: list[str], meta: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Convert each file (see :meth:`convert_file`); a file that fails is reported and the others go on.

        Raises:
            ValueError: ``meta`` has a different length than ``sources`` or lacks ``doc_id``/``file``.
        """
        metas = checked_metas(sources, meta)
        groups, failures = split_by_format(sources, metas)
        documents: list[Document] = []
        for fmt, (group_sources, group_meta) in groups.items():
            result = self.converters[fmt].run(sources=group_sources, meta=group_meta)
            documents += result["documents"]
            failures += result["failures"]
        position: dict[str, int] = {}
        for index, file_meta in enumerate(metas):
            position.setdefault(file_meta["file"], index)
        return {"documents": ordered(documents), "failures": sorted(failures, key=lambda f: position.get(f["file"], len(position)))}

    def convert_file(self, source: str | Path, meta: dict[str, Any]) -> Document:
        """Convert one file with its format's converter (:meth:`FormatConverter.convert_file`: the
        errors it raises)."""
        fmt = format_of(Path(source).suffix)
        if fmt is None:
            raise unsupported(Path(source))
        return self.converters[fmt].convert_file(source, meta)

