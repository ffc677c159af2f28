"""Add a text layer to scanned PDFs with an OCR engine installed on the machine.

Nothing is downloaded: the engines are OCRmyPDF (preferred; the ``ocrmypdf`` command or the Python
module) and Tesseract, found on ``PATH``. OCRmyPDF runs with ``--skip-text`` so pages that already
carry text are left as they are. With Tesseract alone, the pages without text are rendered with
pypdfium2, recognised, and put back in place of the originals.

Install on Debian / Ubuntu: ``apt-get install tesseract-ocr tesseract-ocr-fra tesseract-ocr-eng ocrmypdf``.
"""

from __future__ import annotations

import importlib.util
import logging
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from greffier.errors import ConversionError, OCRUnavailableError

logger = logging.getLogger(__name__)

INSTALL_HINT = "apt-get install tesseract-ocr tesseract-ocr-fra tesseract-ocr-eng ocrmypdf"
DEFAULT_LANGUAGES = ("fra", "eng")
RENDER_DPI = 300
# Wall-clock allowance per page, and at least this much per file, before OCR is abandoned.
SECONDS_PER_PAGE = 60
MIN_TIMEOUT_S = 120


@dataclass(frozen=True)
class OcrEngine:
    """An OCR engine found on this machine.

    ``command`` is the argv prefix that runs it; ``tesseract`` is the Tesseract binary, which both
    engines need; ``languages`` are the Tesseract language packs installed.
    """

    name: Literal["ocrmypdf", "tesseract"]
    command: tuple[str, ...]
    tesseract: str
    languages: tuple[str, ...]


def _installed_languages(tesseract: str) -> tuple[str, ...]:
    """Language packs Tesseract reports (``tesseract --list-langs``); empty when it cannot say."""
    try:
        done = subprocess.run(
            [tesseract, "--list-langs"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        logger.warning("could not list Tesseract languages: %s", exc)
        return ()
    lines = (done.stdout or done.stderr).splitlines()
    # The first line is a header ("List of available languages in ...:").
    return tuple(line.strip() for line in lines[1:] if line.strip())


def find_ocr_engine() -> OcrEngine | None:
    """The OCR engine to use, or ``None`` when Tesseract is not installed.

    OCRmyPDF (its command, else ``python -m ocrmypdf`` when the module is importable) is preferred;
    Tesseract alone is the fallback. Looks at ``PATH`` on every call.
    """
    tesseract = shutil.which("tesseract")
    if tesseract is None:
        return None
    languages = _installed_languages(tesseract)
    ocrmypdf = shutil.which("ocrmypdf")
    if ocrmypdf is not None:
        return OcrEngine("ocrmypdf", (ocrmypdf,), tesseract, languages)
    if importlib.util.find_spec("ocrmypdf") is not None:
        return OcrEngine("ocrmypdf", (sys.executable, "-m", "ocrmypdf"), tesseract, languages)
    return OcrEngine("tesseract", (tesseract,), tesseract, languages)


def choose_languages(wanted: Sequence[str], installed: Sequence[str]) -> tuple[str, list[str]]:
    """The Tesseract ``-l`` value for ``wanted`` languages, keeping only installed ones.

    Returns:
        The ``-l`` argument (e.g. ``"fra+eng"``) and warnings about missing language packs. When the
        installed list is unknown (empty), every wanted language is passed on.
    """
    wanted = list(wanted) or list(DEFAULT_LANGUAGES)
    if not installed:
        return "+".join(wanted), []
    present = [lang for lang in wanted if lang in installed]
    missing = [lang for lang in wanted if lang not in installed]
    warnings = []
    if missing:
        warnings.append(
            f"OCR language pack(s) {', '.join(missing)} not installed (apt-get install "
            + " ".join(f"tesseract-ocr-{lang}" for lang in missing)
            + "): recognition may be worse"
        )
    if not present:
        fallback = "eng" if "eng" in installed else installed[0]
        return fallback, warnings
    return "+".join(present), warnings


def _run(argv: list[str], timeout_s: float, what: str) -> None:
    logger.info("running %s: %s", what, " ".join(argv))
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired as exc:
        raise ConversionError(f"OCR ({what}) took longer than {timeout_s:.0f} s and was stopped") from exc
    except OSError as exc:
        raise ConversionError(f"OCR ({what}) could not be started: {exc}") from exc
    if done.returncode != 0:
        tail = (done.stderr or done.stdout or "").strip()[-500:]
        raise ConversionError(f"OCR ({what}) failed with exit code {done.returncode}: {tail or 'no message'}")


def _pages_without_text(source: Path) -> list[int]:
    """0-based indexes of the pages of ``source`` that carry no extractable text."""
    import pypdfium2 as pdfium  # heavy: PDFium, loaded to read or render a PDF only

    pdf = pdfium.PdfDocument(source)
    try:
        empty = []
        for index in range(len(pdf)):
            page = pdf[index]
            textpage = page.get_textpage()
            try:
                if not textpage.get_text_range().strip():
                    empty.append(index)
            finally:
                textpage.close()
                page.close()
        return empty
    finally:
        pdf.close()


def _ocr_with_tesseract(engine: OcrEngine, source: Path, target: Path, languages: str, timeout_s: float) -> int:
    """Recognise the text-less pages of ``source`` with Tesseract; write the merged PDF to ``target``.

    Returns the number of pages recognised.
    """
    import pypdfium2 as pdfium  # heavy: PDFium, loaded to read or render a PDF only

    to_ocr = _pages_without_text(source)
    with tempfile.TemporaryDirectory(prefix="greffier-ocr-") as tmp:
        workdir = Path(tmp)
        original = pdfium.PdfDocument(source)
        try:
            image_paths = []
            for index in to_ocr:
                page = original[index]
                image = page.render(scale=RENDER_DPI / 72).to_pil()
                page.close()
                image_path = workdir / f"page-{index + 1:05d}.png"
                image.save(image_path, dpi=(RENDER_DPI, RENDER_DPI))
                image_paths.append(image_path)
            list_file = workdir / "pages.txt"
            list_file.write_text("\n".join(str(p) for p in image_paths) + "\n", encoding="utf-8")
            argv = [*engine.command, str(list_file), str(workdir / "ocr"), "-l", languages, "pdf"]
            _run(argv, timeout_s, "tesseract")

            recognised = pdfium.PdfDocument(workdir / "ocr.pdf")
            merged = pdfium.PdfDocument.new()
            try:
                ocr_page_of = {index: k for k, index in enumerate(to_ocr)}
                for index in range(len(original)):
                    if index in ocr_page_of:
                        merged.import_pages(recognised, [ocr_page_of[index]])
                    else:
                        merged.import_pages(original, [index])
                merged.save(target)
            finally:
                merged.close()
                recognised.close()
        finally:
            original.close()
    return len(to_ocr)


def ocr_pdf(
    source: str | Path,
    target: str | Path,
    *,
    languages: Sequence[str] = DEFAULT_LANGUAGES,
    engine: OcrEngine | None = None,
    page_count: int = 1,
) -> list[str]:
    """Write to ``target`` a copy of the PDF ``source`` with a text layer on its scanned pages.

    Args:
        source: the PDF to recognise (left untouched).
        target: where to write the result (its folder must exist).
        languages: Tesseract language codes, most likely first.
        engine: the engine to use; found with :func:`find_ocr_engine` when ``None``.
        page_count: the number of pages, to size the time allowed.

    Returns:
        Warnings for the converted document (engine and languages used, missing language packs).

    Raises:
        OCRUnavailableError: no OCR engine is installed.
        ConversionError: the engine failed or ran past its time limit.
    """
    engine = engine or find_ocr_engine()
    if engine is None:
        raise OCRUnavailableError(f"no OCR engine installed: {INSTALL_HINT}")
    source, target = Path(source), Path(target)
    lang_arg, warnings = choose_languages(languages, engine.languages)
    timeout_s = max(MIN_TIMEOUT_S, SECONDS_PER_PAGE * page_count)
    if engine.name == "ocrmypdf":
        argv = [
            *engine.command,
            "--skip-text",  # keep the pages that already have text as they are
            "-l",
            lang_arg,
            "--output-type",
            "pdf",  # PDF/A would need Ghostscript, and changes nothing for us
            "--optimize",
            "0",
            "--quiet",
            str(source),
            str(target),
        ]
        _run(argv, timeout_s, "ocrmypdf")
    else:
        _ocr_with_tesseract(engine, source, target, lang_arg, timeout_s)
    if not target.is_file():
        raise ConversionError(f"OCR ({engine.name}) finished but wrote no file")
    warnings.append(f"text recognised by OCR ({engine.name}, {lang_arg}): check quotations against the scan")
    return warnings
