"""Checks of a file before it is converted, and the failure kinds a conversion reports.

Every converter runs :func:`check_file` first: a file that is missing, empty, too large, or whose
bytes are not what its extension says (a DOCX that is really a PDF, a zip bomb) is refused with a
message that says what to do, and the batch goes on.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Literal

from greffier.errors import ConversionError, OCRUnavailableError, UnsupportedFileError
from greffier.formats import FILE_FORMATS

FailureKind = Literal["corrupt", "encrypted", "empty", "unsupported", "undecodable", "too_large", "no_text_layer"]

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # legacy MS Office (.doc, .xls)


def rejected(kind: FailureKind, message: str, error_cls: type[ConversionError] = ConversionError) -> ConversionError:
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


def unsupported(path: Path) -> UnsupportedFileError:
    """The error for a file type Greffier does not read, with the supported ones."""
    supported = ", ".join(sorted(FILE_FORMATS))
    hint = " (save it as .docx)" if path.suffix.lower() in (".doc", ".rtf", ".odt") else ""
    return UnsupportedFileError(f"unsupported file type {path.suffix or '(no extension)'!r}{hint}: supported types are {supported}")


def check_file(path: Path, fmt: str, max_file_mb: float) -> None:
    """Refuse a file that cannot be converted as ``fmt``: missing, empty, too large, or whose content
    is of another type. Raises ConversionError (with its kind)."""
    if not path.is_file():
        raise rejected("corrupt", f"file not found: {path}; check the path and re-ingest")
    size = path.stat().st_size
    if size == 0:
        raise rejected("empty", "empty file: nothing to ingest")
    if size > max_file_mb * 1024 * 1024:
        raise rejected(
            "too_large",
            f"file is {size / 1024 / 1024:.1f} MB, over the {max_file_mb:g} MB limit: split it or raise the limit (ingest.max_file_mb)",
        )
    with path.open("rb") as handle:
        head = handle.read(1024)
    check_content_matches(path, fmt, head)
    if fmt == "docx":
        check_zip_expansion(path, max_file_mb)


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


def check_content_matches(path: Path, fmt: str, head: bytes) -> None:
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
            raise rejected("corrupt", "damaged DOCX (its ZIP archive is broken): re-save it from Word and re-ingest")
        real = "zip"
    if real is not None:
        description, extension = _REAL_TYPES[real]
        if extension:
            fix = f"rename it to {extension} and re-ingest"
        elif real == "ole":
            fix = "open it in Word or LibreOffice, save it as .docx and re-ingest"
        else:
            fix = "check what the file is"
        raise rejected("corrupt", f"this {path.suffix.lower()} file is really {description}: {fix}")
    if fmt == "pdf":
        raise rejected(
            "corrupt",
            "not a valid PDF: its content does not start with %PDF (damaged, or another kind of file); "
            "check it opens in a PDF reader",
        )
    raise rejected(
        "corrupt", "not a valid DOCX (not a ZIP archive): the file is damaged or of another type; re-save it from Word"
    )


# A DOCX is a zip: refuse one that would expand far beyond any real contract (a zip bomb).
MAX_ZIP_RATIO = 200
MAX_ZIP_EXPANDED_MB_PER_MB = 50


def check_zip_expansion(path: Path, max_file_mb: float) -> None:
    """Raise a ``corrupt`` ConversionError for a DOCX whose content would expand absurdly."""

    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise rejected("corrupt", f"damaged DOCX (not a readable zip: {exc}): re-save it from Word and re-ingest") from exc
    expanded = sum(info.file_size for info in infos)
    compressed = max(1, sum(info.compress_size for info in infos))
    limit = max_file_mb * MAX_ZIP_EXPANDED_MB_PER_MB * 1024 * 1024
    if expanded > limit or (expanded > 10 * 1024 * 1024 and expanded / compressed > MAX_ZIP_RATIO):
        raise rejected(
            "corrupt",
            f"refused: this DOCX would expand to {expanded / 1024 / 1024:.0f} MB ({expanded / compressed:.0f}× its size), "
            "which looks like a zip bomb; open it in Word and re-save it if it is a real document",
        )


def check_pdf_opens(path: Path) -> int:
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
            raise rejected("encrypted", "password-protected PDF: remove the password and re-ingest") from exc
        if code == pdfium.raw.FPDF_ERR_SECURITY:
            raise rejected(
                "encrypted", "PDF protected by an unsupported security handler: remove the protection and re-ingest"
            ) from exc
        reason = re.search(r"PDFium: ([^)]+)", str(exc))
        detail = reason.group(1).lower() if reason else str(exc)
        raise rejected(
            "corrupt", f"damaged or truncated PDF (PDFium: {detail}): re-download or re-export it and re-ingest"
        ) from exc
    try:
        page_count = len(pdf)
    finally:
        pdf.close()
    if page_count == 0:
        raise rejected("empty", "PDF with no pages: nothing to ingest")
    return page_count
