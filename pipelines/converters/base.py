"""What every file converter shares: the batch loop (one bad file is a failure record, the batch goes
on), the checks before conversion, and the converted document built from a reader's items."""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path
from typing import Any

from haystack import Document

from greffier.errors import ConversionError
from greffier.formats import format_of
from greffier.text.headings import BARE_PAGE_NUMBER
from pipelines.converters.checks import check_file, failure_kind, rejected, unsupported
from pipelines.converters.docling_support import Converted
from pipelines.splitters.structure import find_page_furniture
from pipelines.types import TextItem, assemble

logger = logging.getLogger(__name__)

TITLE_MAX_CHARS = 200


def default_meta(source: str | Path) -> dict[str, Any]:
    """The meta of a file converted without any: a hash of its path as id, its name as file."""
    path = Path(source)
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:16]
    return {"doc_id": digest, "file": path.name}


def checked_metas(sources: list[str], meta: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """One meta dict per source (copied), each with ``doc_id`` and ``file``. Raises ValueError otherwise."""
    if meta is not None and len(meta) != len(sources):
        raise ValueError(f"meta has {len(meta)} entries for {len(sources)} sources: give one per source")
    metas = [dict(m) for m in meta] if meta is not None else [default_meta(s) for s in sources]
    for source, file_meta in zip(sources, metas):
        missing = [key for key in ("doc_id", "file") if key not in file_meta]
        if missing:
            raise ValueError(f"meta for {source} lacks {', '.join(missing)}")
    return metas


def failure(file: str, exc: Exception) -> dict[str, Any]:
    """The failure record of a file that was not converted."""
    if isinstance(exc, ConversionError):
        kind = failure_kind(exc)
        logger.warning("not ingested: %s (%s): %s", file, kind, exc)
        return {"file": file, "error": str(exc), "kind": kind}
    logger.exception("unexpected error converting %s", file)
    return {"file": file, "error": f"could not convert the file ({type(exc).__name__}: {exc}); check it opens in its usual application", "kind": "corrupt"}


# A title line that ends on one of these words (or on a day: « DU 22 ») goes on, on the next line:
# « AVENANT N° 2 AU CONTRAT D'APPROVISIONNEMENT DU 22 » / « FÉVRIER 2021 ».
_OPEN_END = re.compile(
    r"(?:\b(?:de|du|des|d'|d’|au|aux|en|et|à|a|la|le|les|l'|l’|pour|sur|par|avec|entre|portant|relatif|relative|"
    r"of|and|the|for|to|in|on|with|between|by|or|ou)|\b(?:du|le|au|of|dated|n°|no\.?)\s+\d{1,2}|[-–—,/&])$",
    re.IGNORECASE,
)
TITLE_MAX_LINES = 4


# Where a first line that is no heading of its own leaves the title for the contract's opening sentence:
# "EXHIBIT 10.1 RESELLER AGREEMENT THIS RESELLER AGREEMENT (this "Agreement") is made…", "SERVICES AGREEMENT,
# dated as of April 1, 2019 (the "Agreement"), between…", « CONTRAT DE PRÊT ENTRE LES SOUSSIGNÉS : … ».
_OPENING_STARTS = re.compile(
    r"\s(?=(?:THIS|This)\s+(?:[\w&-]+\s+){0,6}?(?:AGREEMENT|Agreement|CONTRACT|Contract|LEASE|Lease|LICENSE|License)\b)"
    r"|,\s+(?=(?:dated|made|entered\s+into)\b)|,?\s+(?=(?:by\s+and\s+between|is\s+(?:made|entered))\b)"
    r"|\s(?=\((?:the|this|hereinafter)\b)"
    r"|\s(?=(?:ENTRE|Entre)\s+(?:LES\s+SOUSSIGN|les\s+soussign))",
)
# A page number before a filing's exhibit label: "1   EXHIBIT 10.4".
_PAGE_BEFORE_LABEL = re.compile(r"^\d{1,4}\s+(?=(?:exhibit|annex|schedule|attachment|appendix)\b)", re.IGNORECASE)


def clean_title(line: str) -> str:
    """A first line as a title: cut where the contract's opening sentence starts after the title's own
    words ("…AGREEMENT THIS RESELLER AGREEMENT (this "Agreement") is made…" → "…AGREEMENT"), at most
    :data:`TITLE_MAX_CHARS`; the line as it is when nothing of a title is left before the cut."""
    line = _PAGE_BEFORE_LABEL.sub("", " ".join(line.split()))
    match = _OPENING_STARTS.search(line, 1)
    if match is not None and any(char.isalpha() for char in line[: match.start()]):
        line = line[: match.start()].rstrip(" ,;:")
    if (running := _RUNNING_WORDS.search(line)) is not None and running.start() > 0:
        # a sentence has begun ("… MFA FINANCIAL, INC. In accordance with Rule 13d-1(k) …"): the title ends before it
        words = line[: running.start()].split()
        if words and words[-1][:1].isupper():
            words.pop()  # the sentence's first word ("Portions denoted with…")
        while words and (words[-1][:1].islower() or words[-1] in _SENTENCE_STARTS):
            words.pop()
        if any(any(char.isalpha() for char in word) for word in words):
            line = " ".join(words).rstrip(" ,;:*")
    return line[:TITLE_MAX_CHARS].rstrip()


def title_of(items: list[TextItem], stem: str, fonts: list[Any] | None = None) -> str:
    """First title / heading item, else the first line of the first item with its continuation lines
    (:func:`_title_lines`), up to where the opening sentence starts (:func:`clean_title`), a page number
    alone skipped, else ``stem``."""
    for item in items:
        if item.kind in ("title", "heading") and not _LEGEND.fullmatch(item.text.strip()):
            return without_legend(item.text)[:TITLE_MAX_CHARS]
    for index, item in enumerate(items):
        first_line = item.text.strip().split("\n", 1)[0].strip()
        if first_line and not BARE_PAGE_NUMBER.match(first_line) and not _LEGEND.fullmatch(first_line):
            lines = _title_lines(items, index, fonts if fonts and len(fonts) == len(items) else None)
            title = clean_title(without_legend(" ".join(lines)))
            if _LABEL_ONLY.match(title) and (named := _name_after(items, index + len(lines))):
                title = f"{title} {named}"  # "Exhibit 10.24" / "ENDORSEMENT AGREEMENT"
            return title
    return stem


# A legend stamped above a contract's title, which names no document: "STRICTLY PRIVATE AND CONFIDENTIAL" (walkthrough 17's NDA
# was titled so everywhere), "Execution Version", "Subject to contract", « Strictement confidentiel », « Projet »
_LEGEND_WORDS = (
    r"(?:(?:strictly\s+)?(?:private\s+(?:and|&)\s+)?confidential(?:\s+(?:and|&)\s+privileged)?|(?:privileged\s+(?:and|&)\s+)?confidential"
    r"|execution\s+(?:version|copy)|conformed\s+copy|final\s+version|draft|subject\s+to\s+contract|without\s+prejudice"
    r"|(?:strictement\s+)?confidentiel(?:le)?|(?:document\s+)?confidentiel|projet|version\s+(?:d[ée]finitive|sign[ée]e|de\s+signature))"
)
_LEGEND = re.compile(rf"\W*{_LEGEND_WORDS}(?:\W+{_LEGEND_WORDS})*(?:\W+save\s+as\s+to\s+costs)?\W*", re.IGNORECASE)
# … before a title on the same line, only a stamp of several words: "CONFIDENTIAL INFORMATION AGREEMENT", « PROJET DE CONTRAT DE
# CESSION », "DRAFT SUPPLY AGREEMENT" keep theirs
_LEADING_LEGEND = re.compile(
    r"^\W*(?:strictly\s+private\s+(?:and|&)\s+confidential|private\s+(?:and|&)\s+confidential|strictly\s+confidential"
    r"|privileged\s+(?:and|&)\s+confidential|confidential\s+(?:and|&)\s+privileged|execution\s+(?:version|copy)|subject\s+to\s+contract"
    r"|strictly\s+private\s+(?:and|&)\s+confidential\s*-\s*subject\s+to\s+contract"
    r"|without\s+prejudice|strictement\s+confidentiel(?:le)?)\W+(?=\w)",
    re.IGNORECASE,
)


def without_legend(title: str) -> str:
    """``title`` without a legend stamped before it ("STRICTLY PRIVATE AND CONFIDENTIAL CONFIDENTIALITY AGREEMENT - PROJECT CEP" →
    "CONFIDENTIALITY AGREEMENT - PROJECT CEP"), when words of a title are left."""
    stripped = " ".join(title.split())
    while (cut := _LEADING_LEGEND.sub("", stripped, count=1)) != stripped:
        stripped = cut  # "Strictly Private & Confidential - Subject to Contract SUPPLY AGREEMENT": each stamp
    if _LEGEND.fullmatch(stripped) or stripped.lower().startswith("save as to costs"):
        return title  # legends only: no title left to read ("WITHOUT PREJUDICE SAVE AS TO COSTS")
    return stripped if any(char.isalpha() for char in stripped) else title


# A filing's exhibit label alone, its page number before it: "1   EXHIBIT 10.4", "Exhibit 99(d)(2)".
_LABEL_ONLY = re.compile(r"^(?:exhibit|annex|schedule|attachment|appendix)\s+[\w.()/-]{1,12}$", re.IGNORECASE)
_SENTENCE_STARTS = frozenset("The This These That In A An Each Any All For Le La Les Un Une Ce Cette En".split())
_RUNNING_WORDS = re.compile(r"\b[a-z][\w'’-]*\s+[a-z][\w'’-]*\s+[a-z][\w'’-]*\b")  # three lower-case words: a sentence
_RULE = re.compile(r"[-_=*]{3,}")


def _name_after(items: list[TextItem], index: int) -> str | None:
    """The document's name on the line after its exhibit label, when that line is a name (short, not a sentence)."""
    for item in items[index : index + 2]:
        line = clean_title(_RULE.sub(" ", item.text.strip().split("\n", 1)[0]))
        if not line or BARE_PAGE_NUMBER.match(line):
            continue
        if len(line) <= 120 and any(char.isalpha() for char in line) and not _RUNNING_WORDS.search(line):
            return line
        return None
    return None


def _title_lines(items: list[TextItem], first: int, fonts: list[Any] | None) -> list[str]:
    """The title's lines: a PDF draws a long title over two or three lines, each its own item. The next
    line continues the title when it is set in the title's type size, larger than the text that follows
    the title (« … EN MODE » / « SAAS »), or — without sizes — when the line before ends mid-phrase (on
    « ET », « DU », a number…) and the next is in the same case (all capitals after all capitals)."""
    lines = [items[first].text.strip().split("\n", 1)[0].strip()]
    if "\n" in items[first].text.strip():
        return lines  # a block of several lines: its first line is the title as written
    size = _size(fonts[first]) if fonts else None
    index = first + 1
    while index < len(items) and len(lines) < TITLE_MAX_LINES:
        line = items[index].text.strip()
        if not line or "\n" in line or line.endswith(":") or items[index].page != items[first].page:
            break
        by_phrase = bool(_OPEN_END.search(lines[-1])) and lines[-1].isupper() and line.isupper()
        by_size = False
        if size is not None and _size(fonts[index]) == size:  # type: ignore[index]
            after = next((_size(f) for f in fonts[index + 1 :] if _size(f) is not None and _size(f) != size), None)  # type: ignore[index]
            by_size = after is not None and after < size  # the title's size, larger than the text after it
        if not (by_size or by_phrase):
            break
        lines.append(line)
        index += 1
    return lines


def _size(font: Any) -> float | None:  # noqa: ANN401
    size = font.get("size") if isinstance(font, dict) else None
    return float(size) if isinstance(size, (int, float)) else None


def without_furniture(pairs: list[tuple[TextItem, Any]]) -> tuple[list[tuple[TextItem, Any]], list[dict[str, Any]]]:
    """The items of a paged document without its page furniture (running headers and footers, page
    numbers: :func:`pipelines.splitters.structure.find_page_furniture`, lines repeated at the same place
    of most pages), and the lines left out with their page. A document without pages (DOCX, HTML, text) keeps every item: it has no running lines.
    """
    if not any(item.page is not None for item, _font in pairs):
        return pairs, []
    furniture = find_page_furniture([item for item, _font in pairs], same_place=True)
    if not furniture or len(furniture) == len(pairs):
        return pairs, []
    kept = [pair for index, pair in enumerate(pairs) if index not in furniture]
    removed = [{"text": pairs[index][0].text.strip(), "page": pairs[index][0].page} for index in sorted(furniture)]
    return kept, removed


def converted_document(path: Path, meta: dict[str, Any], converted: Converted) -> Document:
    """The converted document: the items assembled into one text, with their pages and offsets.

    Page furniture is left out of the text (never part of a chunk, so never of a quote) and kept in
    ``meta["furniture"]``; offsets and pages of the other items are those of the text assembled.
    """
    pairs = [(item, font) for item, font in zip(converted.items, converted.fonts or [None] * len(converted.items)) if item.text.strip()]
    if not pairs:
        raise rejected("empty", "no text found in the document: nothing to ingest")
    pairs, furniture = without_furniture(pairs)
    content, items = assemble([item for item, _font in pairs])
    doc_meta = {
        **meta,
        "furniture": furniture,
        "items": [item.to_dict() for item in items],
        "pages": converted.pages,
        "title": title_of(items, path.stem, [font for _item, font in pairs] if converted.fonts is not None else None),
        "converter": converted.converter,
        "warnings": list(converted.warnings),
        "fonts": [font for _item, font in pairs] if converted.fonts is not None else None,
    }
    return Document(id=str(meta["doc_id"]), content=content, meta=doc_meta)


class FormatConverter:
    """Base of the per-format components: ``formats`` they read, ``read(path, fmt)`` to implement.

    ``run(sources, meta)`` converts each file (a failure record for one that cannot be, the batch goes
    on); ``convert_file(source, meta)`` converts one and raises the documented errors.
    """

    formats: tuple[str, ...] = ()
    max_file_mb: float = 200.0

    def read(self, path: Path, fmt: str) -> Converted:
        raise NotImplementedError

    def convert_file(self, source: str | Path, meta: dict[str, Any]) -> Document:
        """Convert one file; ``meta`` (at least ``doc_id`` and ``file``) is copied into the Document.

        Raises:
            UnsupportedFileError: not a format of this converter (kind ``"unsupported"``).
            OCRUnavailableError: a scanned PDF and no OCR (kind ``"no_text_layer"``).
            ConversionError: any other problem; :func:`failure_kind` gives its kind.
        """
        path = Path(source)
        fmt = format_of(path.suffix)
        if fmt is None or fmt not in self.formats:
            raise unsupported(path)
        check_file(path, fmt, self.max_file_mb)
        return converted_document(path, meta, self.read(path, fmt))

    def convert_all(self, sources: list[str], meta: list[dict[str, Any]] | None) -> dict[str, Any]:
        documents: list[Document] = []
        failures: list[dict[str, Any]] = []
        for source, file_meta in zip(sources, checked_metas(sources, meta)):
            try:
                documents.append(self.convert_file(source, file_meta))
            except Exception as exc:  # noqa: BLE001  one unreadable file must not stop the batch
                failures.append(failure(file_meta["file"], exc))
        return {"documents": documents, "failures": failures}
