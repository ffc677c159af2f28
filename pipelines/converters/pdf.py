"""PdfConverter: PDFs through docling, and OCR for pages without a text layer.

docling's standard pipeline (layout model: headings, tables, reading order) when its models are in
``models_dir``, else docling's model-free ``NativePdfPipeline``: one item per text line, with its page,
sorted top to bottom, and the line's font in ``meta["fonts"]``. A PDF with no text layer goes through
OCR (:mod:`pipelines.converters.ocr`) when an engine is installed.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from haystack import Document, component, default_from_dict, default_to_dict

from greffier.errors import ConversionError, OCRUnavailableError
from pipelines.converters.base import FormatConverter
from pipelines.converters.checks import check_pdf_opens, rejected
from pipelines.converters.docling_support import (
    Converted,
    ConverterName,
    build_docling_converter,
    docling_problems,
    find_docling_artifacts,
    native_lines,
    run_docling,
    structured_items,
)
from pipelines.converters.ocr import INSTALL_HINT as OCR_INSTALL_HINT
from pipelines.converters.pdf_characters import page_texts, restore_lines
from pipelines.converters.ocr import OcrEngine, find_ocr_engine, ocr_pdf
from pipelines.types import TextItem

if TYPE_CHECKING:
    from docling.document_converter import DocumentConverter

logger = logging.getLogger(__name__)

NO_OCR_MESSAGE = f"scanned PDF with no text layer: install OCR ({OCR_INSTALL_HINT}) or enable OCR"
OCR_DISABLED_MESSAGE = "scanned PDF with no text layer: OCR is disabled in the settings; enable it (ocr.enabled) and re-ingest"


def _page_list(pages: list[int]) -> str:
    shown = ", ".join(str(p) for p in pages[:20])
    return shown + (f" and {len(pages) - 20} more" if len(pages) > 20 else "")


@component
class PdfConverter(FormatConverter):
    """PDF files (see the module docstring). Docling is set up in :meth:`warm_up`."""

    formats = ("pdf",)

    def __init__(self, ocr: bool = True, ocr_languages: list[str] | None = None, models_dir: str | None = None, max_file_mb: float = 200.0) -> None:
        """Args:
            ocr: run OCR on PDFs without a text layer when an engine is installed.
            ocr_languages: Tesseract language codes; ``None`` means French then English.
            models_dir: folder that may hold docling's layout models (see :func:`find_docling_artifacts`).
            max_file_mb: files larger than this are refused (kind ``"too_large"``).
        """
        self.ocr = ocr
        self.ocr_languages = ocr_languages
        self.models_dir = models_dir
        self.max_file_mb = max_file_mb
        self._converter: DocumentConverter | None = None
        self._converter_name: ConverterName = "docling-native-pdf"

    def to_dict(self) -> dict[str, Any]:
        return default_to_dict(self, ocr=self.ocr, ocr_languages=self.ocr_languages, models_dir=self.models_dir, max_file_mb=self.max_file_mb)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PdfConverter:
        return default_from_dict(cls, data)

    def warm_up(self) -> None:
        """Import docling and build its converter once (about 3 s, mostly imports): the standard PDF
        pipeline when the layout model is found and loads, else (or if loading fails) the native one."""
        if self._converter is not None:
            return
        artifacts = find_docling_artifacts(self.models_dir)
        if artifacts is not None:
            try:
                converter = build_docling_converter(artifacts)
                from docling.datamodel.base_models import InputFormat  # heavy: docling and its PDF parser load only for a conversion

                converter.initialize_pipeline(InputFormat.PDF)  # loads the models now, not mid-batch
                self._converter, self._converter_name = converter, "docling-standard-pdf"
                logger.info("PDF conversion: docling standard pipeline, models from %s", artifacts)
                return
            except Exception as exc:  # noqa: BLE001  any loading problem falls back to the native reader
                logger.warning("docling layout models in %s could not be loaded (%s); reading PDFs with the native pipeline", artifacts, exc)
        self._converter, self._converter_name = build_docling_converter(None), "docling-native-pdf"
        logger.info("PDF conversion: docling native pipeline (no layout model)")

    @component.output_types(documents=list[Document], failures=list[dict[str, Any]])
    def run(self, sources: list[str], meta: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return self.convert_all(sources, meta)

    def read(self, path: Path, fmt: str) -> Converted:
        """A PDF: PDFium checks, docling, then OCR when pages have no text layer."""
        page_count = check_pdf_opens(path)
        converted, text_pages, picture_pages = self._read_pdf(path, page_count)
        if not text_pages:
            if not self.ocr:
                raise rejected("no_text_layer", OCR_DISABLED_MESSAGE, OCRUnavailableError)
            engine = find_ocr_engine()
            if engine is None:
                raise rejected("no_text_layer", NO_OCR_MESSAGE, OCRUnavailableError)
            try:
                return self._read_pdf_after_ocr(path, page_count, engine)
            except ConversionError as exc:
                if getattr(exc, "kind", None) is None:
                    exc.kind = "no_text_layer"  # type: ignore[attr-defined]
                raise
        image_only = sorted(picture_pages - text_pages)
        if image_only:
            engine = find_ocr_engine() if self.ocr else None
            if engine is not None:
                try:
                    return self._read_pdf_after_ocr(path, page_count, engine)
                except ConversionError as exc:
                    converted.warnings.append(f"OCR of the scanned pages failed ({exc}); their text is missing")
                    return converted
            fix = "enable OCR" if not self.ocr else f"install OCR ({OCR_INSTALL_HINT})"
            converted.warnings.append(f"page(s) {_page_list(image_only)} have no text layer (scanned?) and were not read: {fix}")
        return converted

    def _read_pdf(self, path: Path, page_count: int) -> tuple[Converted, set[int], set[int]]:
        """Convert a PDF with docling. Returns its items, the pages with text and those with pictures."""
        self.warm_up()
        assert self._converter is not None
        result = run_docling(self._converter, path)
        warnings = [f"docling: {problem}" for problem in docling_problems(result)]
        if self._converter_name == "docling-native-pdf":
            lines, picture_pages = native_lines(result)
            # docling's native reader writes dashes as "-": the PDF's own characters are put back.
            texts = restore_lines([line.text for line in lines], [line.page for line in lines], page_texts(path))
            items = [TextItem(text=text, page=line.page, kind="text") for text, line in zip(texts, lines)]
            fonts: list[dict[str, Any] | None] | None = [line.font for line in lines]
        else:
            from docling_core.types.doc import PictureItem  # heavy: docling's document model, loaded with docling

            items = structured_items(result.document)
            fonts = None
            picture_pages = {prov.page_no for node, _depth in result.document.iterate_items() if isinstance(node, PictureItem) for prov in node.prov}
        text_pages = {item.page for item in items if item.page is not None and item.text.strip()}
        return Converted(items=items, converter=self._converter_name, pages=page_count, fonts=fonts, warnings=warnings), text_pages, picture_pages

    def _read_pdf_after_ocr(self, path: Path, page_count: int, engine: OcrEngine) -> Converted:
        """OCR ``path`` into a temporary PDF and convert that one."""
        languages = self.ocr_languages or ["fra", "eng"]
        with tempfile.TemporaryDirectory(prefix="greffier-ocr-") as tmp:
            target = Path(tmp) / path.name
            ocr_warnings = ocr_pdf(path, target, languages=languages, engine=engine, page_count=page_count)
            converted, text_pages, _pictures = self._read_pdf(target, page_count)
        if not text_pages:
            raise rejected("no_text_layer", "OCR found no text in this scanned PDF: check the scan's quality (300 dpi or more)")
        converted.warnings.extend(ocr_warnings)
        return converted
