"""Docling set-up and reading, shared by the PDF and markup converters.

Docling is imported when a converter warms up (about 3 s, mostly imports), never at module import.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pipelines.converters.checks import rejected
from pipelines.types import TextItem

if TYPE_CHECKING:
    from docling.datamodel.document import ConversionResult
    from docling.document_converter import DocumentConverter
    from docling_core.types.doc import DoclingDocument, NodeItem

ConverterName = Literal["docling-native-pdf", "docling-standard-pdf", "docling-docx", "docling-html", "docling-md", "text"]

# Folders docling looks for under its artifacts_path (named after the Hugging Face repositories).
LAYOUT_MODEL_FOLDER = "docling-project--docling-layout-heron"
TABLE_MODEL_FOLDER = "docling-project--docling-models/model_artifacts/tableformer"
# Measured on 2 cores: one parser thread is faster than two (the second competes with the pipeline).
PDF_PARSER_THREADS = 1

_SUBSET_PREFIX = re.compile(r"^[A-Z]{6}\+")
_BOLD_FONT = re.compile(r"bold|black|heavy", re.IGNORECASE)


@dataclass
class Converted:
    """What a format reader hands back before the Document is built."""

    items: list[TextItem]
    converter: ConverterName
    pages: int | None = None
    fonts: list[dict[str, Any] | None] | None = None  # aligned with items (PDF lines only)
    warnings: list[str] = field(default_factory=list)


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


def build_docling_converter(artifacts: Path | None) -> DocumentConverter:
    """Docling's converter for PDF, DOCX, HTML and Markdown: the standard PDF pipeline with the layout
    models in ``artifacts``, else the model-free native one."""
    from docling.datamodel.base_models import InputFormat  # heavy: docling and its PDF parser load only for a conversion
    from docling.datamodel.backend_options import HTMLBackendOptions  # heavy: docling and its PDF parser load only for a conversion
    from docling.document_converter import DocumentConverter, HTMLFormatOption, NativePdfFormatOption, PdfFormatOption  # heavy: docling and its PDF parser load only for a conversion

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
    keep_typography()
    # An HTML page's text before its first heading is by default "furniture" (site headers), left out: for a
    # contract that is its opening, the parties (« ENTRE LES SOUSSIGNÉS … » before « <h2>Article 1</h2> »).
    html_option = HTMLFormatOption(backend_options=HTMLBackendOptions(infer_furniture=False))
    return DocumentConverter(
        allowed_formats=[InputFormat.PDF, InputFormat.DOCX, InputFormat.HTML, InputFormat.MD],
        format_options={InputFormat.PDF: pdf_option, InputFormat.HTML: html_option},
    )


_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u00ad\ufeff\u2060"))


def _drop_invisible(text: str) -> str:
    return text.translate(_INVISIBLE)


def keep_typography() -> None:
    """Docling's HTML reader rewrites typography before anything else sees the text (« — » and « – » as « - »,
    curly quotes as straight ones, no-break and narrow no-break spaces as spaces, « … » as three dots): quoted
    passages would not be the file's words. Its cleaner is replaced by one that only drops invisible characters
    (zero-width spaces and joiners, soft hyphens, byte-order marks), for every conversion of this process."""
    from docling.backend.html_backend import HTMLDocumentBackend  # heavy: docling and its PDF parser load only for a conversion

    if getattr(HTMLDocumentBackend, "_clean_unicode", None) is not None:
        HTMLDocumentBackend._clean_unicode = staticmethod(_drop_invisible)  # noqa: SLF001  docling offers no option for it


def run_docling(converter: DocumentConverter, source: Path | Any) -> ConversionResult:
    """Convert with docling; a FAILURE status becomes a ``"corrupt"`` ConversionError."""
    from docling.datamodel.base_models import ConversionStatus  # heavy: docling and its PDF parser load only for a conversion

    try:
        result = converter.convert(source, raises_on_error=False)
    except Exception as exc:  # noqa: BLE001  docling raises assorted types on unreadable input
        raise rejected("corrupt", f"the file could not be read ({exc}); check it opens normally") from exc
    if result.status not in (ConversionStatus.SUCCESS, ConversionStatus.PARTIAL_SUCCESS):
        problems = "; ".join(docling_problems(result)) or f"status {result.status.value}"
        raise rejected(
            "corrupt", f"damaged or unreadable file ({problems}): re-save or re-export it and re-ingest"
        )
    return result


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


def structured_items(document: DoclingDocument, source: RunSource | None = None) -> list[TextItem]:
    """Items of a document docling has structured (DOCX, HTML, Markdown, standard PDF), in its order.

    A paragraph, heading or list item with words in bold or italics is an *inline group* for docling,
    one text per run with its spaces cut off: it becomes one item again, its runs joined as ``source``
    (the file's plain text) writes them — « ACME LIMITED, a company », not « ACME LIMITED , a company »
    — and of the heading's or list item's kind (see :func:`join_runs`)."""
    from docling_core.types.doc import GroupItem, GroupLabel  # heavy: docling's document model, loaded with docling

    items = []
    read: set[str] = set()  # the nodes of the inline groups already joined
    for node, _depth in document.iterate_items(with_groups=True):
        if node.self_ref in read:
            continue
        if isinstance(node, GroupItem) and node.label == GroupLabel.INLINE:
            runs = list(document.iterate_items(root=node, with_groups=True))
            read.update(run.self_ref for run, _ in runs)
            texts = [run for run, _ in runs if (getattr(run, "text", None) or "").strip()]
            item = _inline_item(node, document, join_runs([run.text for run in texts], source), _first_page(texts[0]) if texts else None)
        elif isinstance(node, GroupItem):
            continue
        else:
            item = _item_from_docling(node, document, _first_page(node))
            if source is not None and item is not None and item.kind != "table":
                source.advance(getattr(node, "text", "") or "")
        if item is not None:
            items.append(item)
    return items


def _inline_item(group: NodeItem, document: DoclingDocument, text: str, page: int | None) -> TextItem | None:
    """The item of an inline group's text: a heading or list item when it is the text of one (docling
    leaves their own text empty then), else a paragraph."""
    from docling_core.types.doc import DocItemLabel, ListItem, SectionHeaderItem  # heavy: docling's document model, loaded with docling

    if not text.strip():
        return None
    holder = group.parent.resolve(document) if group.parent is not None else None
    if holder is not None and not (getattr(holder, "text", None) or "").strip():
        if isinstance(holder, SectionHeaderItem):
            return TextItem(text=text, page=page, kind="heading", level=max(1, int(holder.level)))
        if isinstance(holder, ListItem):
            marker = (holder.marker or "").strip()
            return TextItem(text=f"{marker} {text}" if marker and any(ch.isalnum() for ch in marker) else text, page=page, kind="list")
        if getattr(holder, "label", None) == DocItemLabel.TITLE:
            return TextItem(text=text, page=page, kind="title")
    return TextItem(text=text, page=page, kind="text")


# What may stand between two runs in a file's plain text besides spaces: Markdown's emphasis and link marks.
_MARKS = r"[*`~\[]|(?<!\w)_+|_+(?!\w)|\]\([^)\s]*\)"  # an underscore inside a word (file_name) is no mark
_BETWEEN_RUNS = rf"((?:\s|{_MARKS})*)"
LINE_BREAK = "\u2028"  # a line break inside a paragraph, in a file's plain text (<br>, a Word line break, a Markdown hard break)
_KEPT_SPACES = ("\u00a0", "\u202f", "\u2009", "\u2007", "\u200a")  # no-break, narrow no-break, thin, figure, hair
_SEARCH_WINDOW = 200_000  # characters after the last paragraph found where the next one is looked for
_PARAGRAPH_HEAD = 60  # characters of a paragraph without runs looked up to move past it
_NO_SPACE_BEFORE = tuple(",.)]}")
_NO_SPACE_AFTER = tuple("([{")


def _plain_spaces(text: str) -> str:
    """Runs of ordinary whitespace as one space; line breaks (:data:`LINE_BREAK`) and the spaces of typography kept."""
    return re.sub(r"[ \t\r\n\f\v]+", " ", text)


class RunSource:
    """A file's plain text, for :func:`join_runs`: ordinary whitespace as one space, the line breaks inside a paragraph as
    :data:`LINE_BREAK`, no-break, narrow no-break and thin spaces kept. A paragraph's runs are looked up together, after
    the last paragraph found (runs come in reading order), within a window: a file of many paragraphs costs no more
    per paragraph."""

    def __init__(self, text: str) -> None:
        self.text = _plain_spaces(text)
        self.position = 0

    def advance(self, text: str) -> None:
        """Move past a paragraph that has no runs to join, so that the next one is not looked up before it."""
        head = _plain_spaces(text.replace("\n", LINE_BREAK))[:_PARAGRAPH_HEAD]
        at = self.text.find(head, self.position, self.position + _SEARCH_WINDOW) if head else -1
        if at >= 0:
            self.position = at + len(head)

    def spacings(self, runs: list[str]) -> list[str] | None:
        """What the file writes between each two runs of one paragraph (marks left out); None: not found."""
        parts = [re.escape(_plain_spaces(run.strip())) for run in runs]  # a run's own line break is looked up between
        pattern = re.compile(_BETWEEN_RUNS.join(parts))
        found = pattern.search(self.text, self.position, self.position + _SEARCH_WINDOW)
        if found is None:
            return None
        self.position = found.end()
        return [re.sub(_MARKS, "", between) for between in found.groups()]


def join_runs(runs: list[str], source: RunSource | None) -> str:
    """The runs of one paragraph joined as the file writes them: the spacing between two runs is looked up in
    ``source`` (no space, a space, a line break, a no-break, narrow no-break or thin space); where it cannot be found,
    a space, except before a comma, a full stop or a closing bracket and after an opening one."""
    if not runs:
        return ""
    found = source.spacings(runs) if source is not None and len(runs) > 1 else None
    text = runs[0]
    for index, (before, run) in enumerate(zip(runs, runs[1:])):
        if run[:1].isspace() or before[-1:].isspace():  # the run brings its own spacing (docling keeps a line break in it)
            text += run
        else:
            text += (_written_spacing(found[index]) if found is not None else _spacing(before, run)) + run
    return text


def _written_spacing(between: str) -> str:
    if LINE_BREAK in between:
        return "\n"
    return between if between == "" or between in _KEPT_SPACES else " "


def _spacing(before: str, after: str) -> str:
    return "" if after.startswith(_NO_SPACE_BEFORE) or before.endswith(_NO_SPACE_AFTER) else " "


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


def native_lines(result: ConversionResult) -> tuple[list[_Line], set[int]]:
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


def docling_problems(result: ConversionResult) -> list[str]:
    messages = []
    for error in result.errors:
        message = " ".join(str(error.error_message).split())
        messages.append(message[:300])
    return messages
