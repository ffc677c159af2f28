"""``FileConverter``: one Haystack component that turns PDF, DOCX, HTML, Markdown and text files
into *converted documents* (see :mod:`pipelines.types`).

Formats and readers:

- PDF: docling's standard pipeline (layout model: headings, tables, reading order) when its models
  are in ``models_dir``, else docling's model-free ``NativePdfPipeline``: one item per text line,
  with its page, sorted top to bottom, and the line's font in ``meta["fonts"]``. A PDF with no
  text layer goes through OCR (:mod:`pipelines.converters.ocr`) when an engine is installed.
- DOCX, HTML, Markdown: docling, no model needed; titles, headings (with level), paragraphs, list
  items and tables become items. These formats have no pages.
- Plain text: :mod:`pipelines.converters.text_reader`, one item per line.

A file that cannot be converted becomes a *failure* record (``file``, ``error``, ``kind``) and
the batch goes on. Docling is imported and set up in :meth:`FileConverter.warm_up`, once per
component.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
import zipfile
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from haystack import Document, component, default_from_dict, default_to_dict

from greffier.errors import ConversionError, OCRUnavailableError, UnsupportedFileError
from pipelines.converters.ocr import INSTALL_HINT as OCR_INSTALL_HINT
from pipelines.converters.ocr import OcrEngine, find_ocr_engine, ocr_pdf
from pipelines.converters.text_reader import decode_text_bytes, items_from_plain_text
from pipelines.types import TextItem, assemble

if TYPE_CHECKING:
    from docling.datamodel.document import ConversionResult
    from docling.document_converter import DocumentConverter
    from docling_core.types.doc import DoclingDocument, NodeItem

logger = logging.getLogger(__name__)

FailureKind = Literal["corrupt", "encrypted", "empty", "unsupported", "undecodable", "too_large", "no_text_layer"]
ConverterName = Literal[
    "docling-native-pdf", "docling-standard-pdf", "docling-docx", "docling-html", "docling-md", "text"
]

# Extension -> format. Everything else is refused as unsupported.
SUPPORTED_EXTENSIONS: dict[str, str] = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".html": "html",
    ".htm": "html",
    ".md": "md",
    ".markdown": "md",
    ".txt": "text",
}

# Folders docling looks for under its artifacts_path (named after the Hugging Face repositories).
LAYOUT_MODEL_FOLDER = "docling-project--docling-layout-heron"
TABLE_MODEL_FOLDER = "docling-project--docling-models/model_artifacts/tableformer"

TITLE_MAX_CHARS = 200
# Measured on 2 cores: one parser thread is faster than two (the second competes with the pipeline).
PDF_PARSER_THREADS = 1

NO_OCR_MESSAGE = (
    "scanned PDF with no text layer: install OCR "
    f"({OCR_INSTALL_HINT}) or enable OCR"
)
OCR_DISABLED_MESSAGE = (
    "scanned PDF with no text layer: OCR is disabled in the settings; enable it (ocr.enabled) and re-ingest"
)

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # legacy MS Office (.doc, .xls)
_SUBSET_PREFIX = re.compile(r"^[A-Z]{6}\+")
_BOLD_FONT = re.compile(r"bold|black|heavy", re.IGNORECASE)


# --------------------------------------------------------------------------- errors


def _rejected(kind: FailureKind, message: str, error_cls: type[ConversionError] = ConversionError) -> ConversionError:
    """A ``ConversionError`` (or subclass) tagged with its failure ``kind``."""
    error = error_cls(message)
    error.kind = kind  # type: ignore[attr-defined]
    return error


def failure_kind(error: ConversionError) -> FailureKind:
    """The failure kind of a conversion error (``"corrupt"`` when nothing more precise is known)."""
    kind = getattr(error, "kind", None)
    if kind is not None:
        return kind
    if isinstance(error, OCRUnavailableError):
        return "no_text_layer"
    if isinstance(error, UnsupportedFileError):
        return "unsupported"
    return "corrupt"


# --------------------------------------------------------------------------- models


def find_docling_artifacts(models_dir: str | Path | None) -> Path | None:
    """The folder to pass to docling as ``artifacts_path``, or ``None`` when the layout model is absent.

    Looks for ``<models_dir>/docling/docling-project--docling-layout-heron`` (the layout of
    ``docling-tools models download -o <models_dir>/docling``), then for that folder directly
    under ``models_dir``.
    """
    if not models_dir:
        return None
    root = Path(models_dir).expanduser()
    for candidate in (root / "docling", root):
        layout = candidate / LAYOUT_MODEL_FOLDER
        if layout.is_dir() and any(layout.iterdir()):
            return candidate
    return None


# --------------------------------------------------------------------------- results


@dataclass
class _Converted:
    """What a format reader hands back before the Document is built."""

    items: list[TextItem]
    converter: ConverterName
    pages: int | None = None
    fonts: list[dict[str, Any] | None] | None = None  # aligned with items (PDF lines only)
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Line:
    """A PDF text line with its box (bottom-left origin: top > bottom) and font."""

    text: str
    page: int
    left: float
    top: float
    bottom: float
    font: dict[str, Any] | None

    @property
    def height(self) -> float:
        return self.top - self.bottom

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2


def _title(items: list[TextItem], stem: str) -> str:
    """First title / heading item, else the first line of the first item (≤ 200 chars), else ``stem``."""
    for item in items:
        if item.kind in ("title", "heading"):
            return item.text[:TITLE_MAX_CHARS]
    for item in items:
        first_line = item.text.strip().split("\n", 1)[0].strip()
        if first_line:
            return first_line[:TITLE_MAX_CHARS].rstrip()
    return stem


def _default_meta(source: str | Path) -> dict[str, Any]:
    path = Path(source)
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:16]
    return {"doc_id": digest, "file": path.name}


# --------------------------------------------------------------------------- file checks


# What a file's bytes can show it really is: description, and the extension to give it.
_REAL_TYPES: dict[str, tuple[str, str | None]] = {
    "pdf": ("a PDF document", ".pdf"),
    "docx": ("a Word document (DOCX)", ".docx"),
    "zip": ("a ZIP archive", None),
    "ole": ("a legacy Microsoft Office file (.doc, .xls)", None),
}


def _real_type(path: Path, head: bytes) -> str | None:
    """What the content is (a key of ``_REAL_TYPES``, or ``"broken-zip"``); ``None`` if not recognised."""
    if b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith(_ZIP_MAGIC):
        try:
            with zipfile.ZipFile(path) as archive:
                return "docx" if "word/document.xml" in archive.namelist() else "zip"
        except zipfile.BadZipFile:
            return "broken-zip"
    if head.startswith(_OLE_MAGIC):
        return "ole"
    return None


def _check_content_matches(path: Path, fmt: str, head: bytes) -> None:
    """Refuse a file whose content is not what its extension says.

    Raises:
        ConversionError: kind ``"corrupt"``, saying what the content really is and what to do.
    """
    real = _real_type(path, head)
    expected = {"pdf": "pdf", "docx": "docx"}.get(fmt)  # text formats: no binary signature
    if real == expected:
        return
    if real == "broken-zip":
        if fmt == "docx":
            raise _rejected("corrupt", "damaged DOCX (its ZIP archive is broken): re-save it from Word and re-ingest")
        real = "zip"
    if real is not None:
        description, extension = _REAL_TYPES[real]
        if extension:
            fix = f"rename it to {extension} and re-ingest"
        elif real == "ole":
            fix = "open it in Word or LibreOffice, save it as .docx and re-ingest"
        else:
            fix = "check what the file is"
        raise _rejected("corrupt", f"this {path.suffix.lower()} file is really {description}: {fix}")
    if fmt == "pdf":
        raise _rejected(
            "corrupt",
            "not a valid PDF: its content does not start with %PDF (damaged, or another kind of file); "
            "check it opens in a PDF reader",
        )
    raise _rejected(
        "corrupt", "not a valid DOCX (not a ZIP archive): the file is damaged or of another type; re-save it from Word"
    )


# A DOCX is a zip: refuse one that would expand far beyond any real contract (a zip bomb).
MAX_ZIP_RATIO = 200
MAX_ZIP_EXPANDED_MB_PER_MB = 50


def _check_zip_expansion(path: Path, max_file_mb: float) -> None:
    """Raise a ``corrupt`` ConversionError for a DOCX whose content would expand absurdly."""

    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise _rejected("corrupt", f"damaged DOCX (not a readable zip: {exc}): re-save it from Word and re-ingest") from exc
    expanded = sum(info.file_size for info in infos)
    compressed = max(1, sum(info.compress_size for info in infos))
    limit = max_file_mb * MAX_ZIP_EXPANDED_MB_PER_MB * 1024 * 1024
    if expanded > limit or (expanded > 10 * 1024 * 1024 and expanded / compressed > MAX_ZIP_RATIO):
        raise _rejected(
            "corrupt",
            f"refused: this DOCX would expand to {expanded / 1024 / 1024:.0f} MB ({expanded / compressed:.0f}× its size), "
            "which looks like a zip bomb; open it in Word and re-save it if it is a real document",
        )


def _check_pdf_opens(path: Path) -> int:
    """Open the PDF with PDFium to detect passwords and damage before docling runs.

    Returns:
        The number of pages.

    Raises:
        ConversionError: kind ``"encrypted"``, ``"corrupt"`` or ``"empty"``.
    """
    import pypdfium2 as pdfium  # heavy: PDFium, loaded to read or render a PDF only

    try:
        pdf = pdfium.PdfDocument(path)
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == pdfium.raw.FPDF_ERR_PASSWORD:
            raise _rejected("encrypted", "password-protected PDF: remove the password and re-ingest") from exc
        if code == pdfium.raw.FPDF_ERR_SECURITY:
            raise _rejected(
                "encrypted", "PDF protected by an unsupported security handler: remove the protection and re-ingest"
            ) from exc
        reason = re.search(r"PDFium: ([^)]+)", str(exc))
        detail = reason.group(1).lower() if reason else str(exc)
        raise _rejected(
            "corrupt", f"damaged or truncated PDF (PDFium: {detail}): re-download or re-export it and re-ingest"
        ) from exc
    try:
        page_count = len(pdf)
    finally:
        pdf.close()
    if page_count == 0:
        raise _rejected("empty", "PDF with no pages: nothing to ingest")
    return page_count


# --------------------------------------------------------------------------- docling items


def _font_of(cell: Any) -> dict[str, Any]:
    """Font facts of a docling-parse text cell: name, boldness (from the name), box height.

    Standard PDF fonts referenced without an embedded name only give their resource key (``/F1``):
    then ``font`` and ``bold`` are ``None``. ``size`` is the line box height in points, close to
    the font size.
    """
    name = cell.font_name or ""
    resolved = bool(name) and name != cell.font_key
    clean = _SUBSET_PREFIX.sub("", name.lstrip("/")) if resolved else None
    height = cell.rect.to_bounding_box().height
    return {
        "font": clean,
        "bold": bool(_BOLD_FONT.search(clean)) if clean else None,
        "size": round(abs(height), 1),
    }


def _table_text(table: Any, document: DoclingDocument) -> str:
    """A table as text: one row per line, cells joined with `` | `` (spanned cells once)."""
    rows = []
    for row in table.data.grid:
        seen: set[tuple[int, int]] = set()
        cells = []
        for cell in row:
            key = (cell.start_row_offset_idx, cell.start_col_offset_idx)
            if key in seen:
                continue
            seen.add(key)
            cells.append(" ".join(cell.text.split()))
        if any(cells):
            rows.append(" | ".join(cells))
    if not rows:
        # Tables without a grid (rare) still carry their text in the export.
        return table.export_to_markdown(doc=document).strip()
    return "\n".join(rows)


def _item_from_docling(node: NodeItem, document: DoclingDocument, page: int | None) -> TextItem | None:
    """Map one docling item to a ``TextItem``; ``None`` for items without text (pictures...)."""
    from docling_core.types.doc import DocItemLabel, ListItem, SectionHeaderItem, TableItem  # heavy: docling's document model, loaded with docling

    label = getattr(node, "label", None)
    if isinstance(node, TableItem):
        return TextItem(text=_table_text(node, document), page=page, kind="table")
    text = getattr(node, "text", None)
    if not text or not text.strip():
        return None
    if label == DocItemLabel.TITLE:
        return TextItem(text=text, page=page, kind="title")
    if isinstance(node, SectionHeaderItem):
        return TextItem(text=text, page=page, kind="heading", level=max(1, int(node.level)))
    if isinstance(node, ListItem):
        marker = (node.marker or "").strip()
        # Keep numbering such as "1." or "a)": clauses are cited by it. Bullets carry nothing.
        if marker and any(ch.isalnum() for ch in marker):
            text = f"{marker} {text}"
        return TextItem(text=text, page=page, kind="list")
    return TextItem(text=text, page=page, kind="text")


def _first_page(node: NodeItem) -> int | None:
    prov = getattr(node, "prov", None)
    return prov[0].page_no if prov else None


def _structured_items(document: DoclingDocument) -> list[TextItem]:
    """Items of a document docling has structured (DOCX, HTML, Markdown, standard PDF), in its order."""
    items = []
    for node, _depth in document.iterate_items():
        item = _item_from_docling(node, document, _first_page(node))
        if item is not None:
            items.append(item)
    return items


def _reading_order(lines: list[_Line]) -> list[_Line]:
    """Sort one page's lines top to bottom; lines sharing a row go left to right."""
    rows: list[list[_Line]] = []
    for line in sorted(lines, key=lambda ln: (-ln.top, ln.left)):
        if rows:
            anchor = rows[-1][0]
            if abs(anchor.middle - line.middle) < 0.5 * max(1.0, min(anchor.height, line.height)):
                rows[-1].append(line)
                continue
        rows.append([line])
    return [line for row in rows for line in sorted(row, key=lambda ln: ln.left)]


def _native_lines(result: ConversionResult) -> tuple[list[_Line], set[int]]:
    """Text lines of a native-pipeline result, per page in reading order, and pages with pictures."""
    from docling_core.types.doc import CoordOrigin, PictureItem  # heavy: docling's document model, loaded with docling

    document = result.document
    by_page: dict[int, list[tuple[str, Any]]] = {}
    picture_pages: set[int] = set()
    for node, _depth in document.iterate_items():
        if isinstance(node, PictureItem):
            picture_pages.update(p.page_no for p in node.prov)
            continue
        text = getattr(node, "text", None)
        if not text or not node.prov:
            continue
        prov = node.prov[0]
        box = prov.bbox
        if box.coord_origin != CoordOrigin.BOTTOMLEFT:
            box = box.to_bottom_left_origin(page_height=document.pages[prov.page_no].size.height)
        by_page.setdefault(prov.page_no, []).append((text, box))

    # The native pipeline emits one item per non-empty line cell, in cell order: when the texts
    # agree, the cells give each line its font.
    cells_by_page = {
        page.page_no: [cell for cell in page.parsed_page.textline_cells if cell.text]
        for page in result.pages
        if page.parsed_page is not None
    }
    lines: list[_Line] = []
    for page_no in sorted(by_page):
        entries = by_page[page_no]
        cells = cells_by_page.get(page_no, [])
        aligned = [cell.text for cell in cells] == [text for text, _box in entries]
        page_lines = [
            _Line(
                text=text,
                page=page_no,
                left=box.l,
                top=box.t,
                bottom=box.b,
                font=_font_of(cells[i]) if aligned else None,
            )
            for i, (text, box) in enumerate(entries)
        ]
        lines.extend(_reading_order(page_lines))
    return lines, picture_pages


def _docling_problems(result: ConversionResult) -> list[str]:
    messages = []
    for error in result.errors:
        message = " ".join(str(error.error_message).split())
        messages.append(message[:300])
    return messages


def _page_list(pages: list[int]) -> str:
    shown = ", ".join(str(p) for p in pages[:20])
    return shown + (f" and {len(pages) - 20} more" if len(pages) > 20 else "")


# --------------------------------------------------------------------------- component


@component
class FileConverter:
    """Convert files to converted documents: text, items with pages and offsets, title, warnings.

    Usage::

        converter = FileConverter(ocr=True, models_dir="models")
        result = converter.run(sources=["/ws/bail.pdf"], meta=[{"doc_id": "d1", "file": "bail.pdf"}])
        result["documents"]  # list[Document]; result["failures"]: list of {"file", "error", "kind"}
    """

    def __init__(
        self,
        ocr: bool = True,
        ocr_languages: list[str] | None = None,
        models_dir: str | None = None,
        max_file_mb: float = 200.0,
    ) -> None:
        """Store the settings; docling is set up in :meth:`warm_up`.

        Args:
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
        self._pdf_converter_name: ConverterName = "docling-native-pdf"

    def to_dict(self) -> dict[str, Any]:
        """Serialise the init parameters (nothing else is state)."""
        return default_to_dict(
            self,
            ocr=self.ocr,
            ocr_languages=self.ocr_languages,
            models_dir=self.models_dir,
            max_file_mb=self.max_file_mb,
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileConverter:
        """Rebuild from :meth:`to_dict` output (cold: call :meth:`warm_up` or let ``run`` do it)."""
        return default_from_dict(cls, data)

    # ------------------------------------------------------------------ set-up

    def warm_up(self) -> None:
        """Import docling and build its ``DocumentConverter`` once (about 3 s, mostly imports).

        Uses the standard PDF pipeline when :func:`find_docling_artifacts` finds the layout model
        and the pipeline loads; otherwise (or if loading fails) the native PDF pipeline.
        """
        if self._converter is not None:
            return
        artifacts = find_docling_artifacts(self.models_dir)
        if artifacts is not None:
            try:
                converter = self._build_converter(artifacts)
                from docling.datamodel.base_models import InputFormat  # heavy: docling and its PDF parser load only for a conversion

                converter.initialize_pipeline(InputFormat.PDF)  # loads the models now, not mid-batch
                self._converter, self._pdf_converter_name = converter, "docling-standard-pdf"
                logger.info("PDF conversion: docling standard pipeline, models from %s", artifacts)
                return
            except Exception as exc:  # noqa: BLE001  any loading problem falls back to the native reader
                logger.warning(
                    "docling layout models in %s could not be loaded (%s); reading PDFs with the native pipeline",
                    artifacts,
                    exc,
                )
        self._converter, self._pdf_converter_name = self._build_converter(None), "docling-native-pdf"
        logger.info("PDF conversion: docling native pipeline (no layout model)")

    @staticmethod
    def _build_converter(artifacts: Path | None) -> DocumentConverter:
        from docling.datamodel.base_models import InputFormat  # heavy: docling and its PDF parser load only for a conversion
        from docling.document_converter import DocumentConverter, NativePdfFormatOption, PdfFormatOption  # heavy: docling and its PDF parser load only for a conversion

        if artifacts is None:
            from docling.datamodel.pipeline_options import NativePdfPipelineOptions  # heavy: docling and its PDF parser load only for a conversion

            # Page images are rendered for nothing here and halve the speed: keep them off.
            pdf_option: PdfFormatOption = NativePdfFormatOption(
                pipeline_options=NativePdfPipelineOptions(
                    generate_page_images=False,
                    generate_picture_images=False,
                    parser_threads=PDF_PARSER_THREADS,
                )
            )
        else:
            from docling.datamodel.accelerator_options import AcceleratorOptions  # heavy: docling and its PDF parser load only for a conversion
            from docling.datamodel.pipeline_options import PdfPipelineOptions  # heavy: docling and its PDF parser load only for a conversion

            pdf_option = PdfFormatOption(
                pipeline_options=PdfPipelineOptions(
                    artifacts_path=str(artifacts),
                    do_ocr=False,  # OCR is OCRmyPDF's job (see ocr.py); docling's would download models
                    do_table_structure=(artifacts / TABLE_MODEL_FOLDER).is_dir(),
                    accelerator_options=AcceleratorOptions(num_threads=min(4, os.cpu_count() or 1)),
                )
            )
        return DocumentConverter(
            allowed_formats=[InputFormat.PDF, InputFormat.DOCX, InputFormat.HTML, InputFormat.MD],
            format_options={InputFormat.PDF: pdf_option},
        )

    # ------------------------------------------------------------------ run

    @component.output_types(documents=list[Document], failures=list[dict[str, Any]])
    def run(self, sources: list[str], meta: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Convert each file; a file that fails is reported and the others go on.

        Args:
            sources: absolute file paths.
            meta: one dict per source with at least ``doc_id`` and ``file`` (the path relative to
                the workspace), copied into the Document's meta. ``None``: ``doc_id`` is a hash of
                the absolute path and ``file`` the file name.

        Returns:
            ``documents``: one Document per converted file, ``id`` = ``doc_id``, ``content`` = the
            converted text, meta = the given meta plus ``items`` (``TextItem.to_dict()`` each),
            ``pages``, ``title``, ``converter``, ``warnings`` and ``fonts`` (see
            :meth:`convert_file`). ``failures``: ``{"file", "error", "kind"}`` per file not converted.

        Raises:
            ValueError: ``meta`` has a different length than ``sources`` or lacks ``doc_id``/``file``.
        """
        if meta is not None and len(meta) != len(sources):
            raise ValueError(f"meta has {len(meta)} entries for {len(sources)} sources: give one per source")
        metas = [dict(m) for m in meta] if meta is not None else [_default_meta(s) for s in sources]
        for source, file_meta in zip(sources, metas):
            missing = [key for key in ("doc_id", "file") if key not in file_meta]
            if missing:
                raise ValueError(f"meta for {source} lacks {', '.join(missing)}")

        documents: list[Document] = []
        failures: list[dict[str, Any]] = []
        for source, file_meta in zip(sources, metas):
            try:
                documents.append(self.convert_file(source, file_meta))
            except ConversionError as exc:
                kind = failure_kind(exc)
                logger.warning("not ingested: %s (%s): %s", file_meta["file"], kind, exc)
                failures.append({"file": file_meta["file"], "error": str(exc), "kind": kind})
            except Exception as exc:  # noqa: BLE001  one unreadable file must not stop the batch
                logger.exception("unexpected error converting %s", file_meta["file"])
                failures.append(
                    {
                        "file": file_meta["file"],
                        "error": f"could not convert the file ({type(exc).__name__}: {exc}); "
                        "check it opens in its usual application",
                        "kind": "corrupt",
                    }
                )
        return {"documents": documents, "failures": failures}

    def convert_file(self, source: str | Path, meta: dict[str, Any]) -> Document:
        """Convert one file.

        Args:
            source: the file's path.
            meta: at least ``doc_id`` and ``file``; copied (never modified).

        Returns:
            A Document with ``id`` = ``meta["doc_id"]`` and meta = ``meta`` plus ``items``,
            ``pages`` (None for formats without pages), ``title``, ``converter``, ``warnings`` and
            ``fonts``: for native PDF lines a list aligned with ``items`` of
            ``{"font": str | None, "bold": bool | None, "size": float}`` (``None`` entries where
            unknown), else ``None``.

        Raises:
            UnsupportedFileError: the extension is not supported (kind ``"unsupported"``).
            OCRUnavailableError: a scanned PDF and no OCR (kind ``"no_text_layer"``).
            ConversionError: any other problem; :func:`failure_kind` gives its kind.
        """
        path = Path(source)
        fmt = SUPPORTED_EXTENSIONS.get(path.suffix.lower())
        if fmt is None:
            raise self._unsupported(path)
        if not path.is_file():
            raise _rejected("corrupt", f"file not found: {path}; check the path and re-ingest")
        size = path.stat().st_size
        if size == 0:
            raise _rejected("empty", "empty file: nothing to ingest")
        if size > self.max_file_mb * 1024 * 1024:
            raise _rejected(
                "too_large",
                f"file is {size / 1024 / 1024:.1f} MB, over the {self.max_file_mb:g} MB limit: "
                "split it or raise the limit (ingest.max_file_mb)",
            )
        with path.open("rb") as handle:
            head = handle.read(1024)
        _check_content_matches(path, fmt, head)

        if fmt == "docx":
            _check_zip_expansion(path, self.max_file_mb)
        if fmt == "pdf":
            converted = self._convert_pdf(path)
        elif fmt == "text":
            converted = self._convert_text(path)
        else:
            converted = self._convert_markup(path, fmt)
        return self._document(path, meta, converted)

    @staticmethod
    def _unsupported(path: Path) -> UnsupportedFileError:
        supported = ", ".join(sorted(SUPPORTED_EXTENSIONS))
        hint = " (save it as .docx)" if path.suffix.lower() in (".doc", ".rtf", ".odt") else ""
        return UnsupportedFileError(
            f"unsupported file type {path.suffix or '(no extension)'!r}{hint}: supported types are {supported}"
        )

    @staticmethod
    def _document(path: Path, meta: dict[str, Any], converted: _Converted) -> Document:
        pairs = [
            (item, font)
            for item, font in zip(converted.items, converted.fonts or [None] * len(converted.items))
            if item.text.strip()
        ]
        if not pairs:
            raise _rejected("empty", "no text found in the document: nothing to ingest")
        content, items = assemble([item for item, _font in pairs])
        doc_meta = {
            **meta,
            "items": [item.to_dict() for item in items],
            "pages": converted.pages,
            "title": _title(items, path.stem),
            "converter": converted.converter,
            "warnings": list(converted.warnings),
            "fonts": [font for _item, font in pairs] if converted.fonts is not None else None,
        }
        return Document(id=str(meta["doc_id"]), content=content, meta=doc_meta)

    # ------------------------------------------------------------------ formats

    def _docling(self) -> DocumentConverter:
        self.warm_up()
        assert self._converter is not None
        return self._converter

    def _run_docling(self, source: Path | Any) -> ConversionResult:
        """Convert with docling; a FAILURE status becomes a ``"corrupt"`` ConversionError."""
        from docling.datamodel.base_models import ConversionStatus  # heavy: docling and its PDF parser load only for a conversion

        try:
            result = self._docling().convert(source, raises_on_error=False)
        except Exception as exc:  # noqa: BLE001  docling raises assorted types on unreadable input
            raise _rejected("corrupt", f"the file could not be read ({exc}); check it opens normally") from exc
        if result.status not in (ConversionStatus.SUCCESS, ConversionStatus.PARTIAL_SUCCESS):
            problems = "; ".join(_docling_problems(result)) or f"status {result.status.value}"
            raise _rejected(
                "corrupt", f"damaged or unreadable file ({problems}): re-save or re-export it and re-ingest"
            )
        return result

    def _convert_markup(self, path: Path, fmt: str) -> _Converted:
        """DOCX, HTML or Markdown through docling."""
        warnings: list[str] = []
        source: Path | Any = path
        if fmt in ("html", "md"):
            try:
                decoded = decode_text_bytes(path.read_bytes())
            except ConversionError as exc:
                raise _rejected("undecodable", str(exc)) from exc
            if fmt == "md":
                # Hand docling UTF-8 whatever the file's encoding (it refuses UTF-16, for one).
                from docling.datamodel.base_models import DocumentStream

                if decoded.warning:
                    warnings.append(decoded.warning)
                source = DocumentStream(name=path.name, stream=BytesIO(decoded.text.encode("utf-8")))
            # HTML is passed as bytes: it declares its charset and docling's parser honours it.
        result = self._run_docling(source)
        warnings.extend(f"docling: {problem}" for problem in _docling_problems(result))
        converter: ConverterName = "docling-md"
        if fmt in ("docx", "html"):
            converter = "docling-docx" if fmt == "docx" else "docling-html"
        return _Converted(items=_structured_items(result.document), converter=converter, warnings=warnings)

    def _convert_text(self, path: Path) -> _Converted:
        """A plain-text file, one item per line."""
        try:
            decoded = decode_text_bytes(path.read_bytes())
        except ConversionError as exc:
            raise _rejected("undecodable", str(exc)) from exc
        warnings = [decoded.warning] if decoded.warning else []
        return _Converted(items=items_from_plain_text(decoded.text), converter="text", warnings=warnings)

    def _convert_pdf(self, path: Path) -> _Converted:
        """A PDF: PDFium checks, docling, then OCR when pages have no text layer."""
        page_count = _check_pdf_opens(path)
        converted, text_pages, picture_pages = self._read_pdf(path, page_count)
        if not text_pages:
            if not self.ocr:
                raise _rejected("no_text_layer", OCR_DISABLED_MESSAGE, OCRUnavailableError)
            engine = find_ocr_engine()
            if engine is None:
                raise _rejected("no_text_layer", NO_OCR_MESSAGE, OCRUnavailableError)
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
            converted.warnings.append(
                f"page(s) {_page_list(image_only)} have no text layer (scanned?) and were not read: {fix}"
            )
        return converted

    def _read_pdf(self, path: Path, page_count: int) -> tuple[_Converted, set[int], set[int]]:
        """Convert a PDF with docling. Returns its items, the pages with text and those with pictures."""
        result = self._run_docling(path)
        warnings = [f"docling: {problem}" for problem in _docling_problems(result)]
        if self._pdf_converter_name == "docling-native-pdf":
            lines, picture_pages = _native_lines(result)
            items = [TextItem(text=line.text, page=line.page, kind="text") for line in lines]
            fonts: list[dict[str, Any] | None] | None = [line.font for line in lines]
        else:
            from docling_core.types.doc import PictureItem  # heavy: docling's document model, loaded with docling

            items = _structured_items(result.document)
            fonts = None
            picture_pages = {
                prov.page_no
                for node, _depth in result.document.iterate_items()
                if isinstance(node, PictureItem)
                for prov in node.prov
            }
        text_pages = {item.page for item in items if item.page is not None and item.text.strip()}
        converted = _Converted(
            items=items, converter=self._pdf_converter_name, pages=page_count, fonts=fonts, warnings=warnings
        )
        return converted, text_pages, picture_pages

    def _read_pdf_after_ocr(self, path: Path, page_count: int, engine: OcrEngine) -> _Converted:
        """OCR ``path`` into a temporary PDF and convert that one."""
        languages = self.ocr_languages or ["fra", "eng"]
        with tempfile.TemporaryDirectory(prefix="greffier-ocr-") as tmp:
            target = Path(tmp) / path.name
            ocr_warnings = ocr_pdf(path, target, languages=languages, engine=engine, page_count=page_count)
            converted, text_pages, _pictures = self._read_pdf(target, page_count)
        if not text_pages:
            raise _rejected(
                "no_text_layer", "OCR found no text in this scanned PDF: check the scan's quality (300 dpi or more)"
            )
        converted.warnings.extend(ocr_warnings)
        return converted
