"""FileRouter and ConvertedJoiner: the two ends of file conversion in the ingestion pipeline.

    router ──pdf_sources/pdf_meta──▶ pdf (PdfConverter) ──documents──▶ documents (ConvertedJoiner)
           ──docx_… / html_… / md_… / text_…──▶ one converter per format ──failures──▶ failures (ListJoiner)
           ──failures (unsupported types)────────────────────────────────────────────▶ failures

The router sends each file to the converter of its format (:mod:`greffier.formats`); a file of a type
Greffier does not read is a failure record. The joiner puts the converted documents back in the order
of the sources.
"""

# No `from __future__ import annotations` here: Haystack reads the Variadic socket type at run time.

from pathlib import Path
from typing import Any

from haystack import Document, component
from haystack.core.component.types import Variadic

from greffier.formats import FORMATS, format_of
from pipelines.converters.base import checked_metas, failure
from pipelines.converters.checks import unsupported

SOURCE_INDEX = "_source_index"  # position of a file among the sources, carried through conversion


def split_by_format(sources: list[str], metas: list[dict[str, Any]]) -> tuple[dict[str, tuple[list[str], list[dict[str, Any]]]], list[dict[str, Any]]]:
    """The sources (with their meta, tagged with their position) grouped by format, and a failure
    record for each file of a type Greffier does not read."""
    groups: dict[str, tuple[list[str], list[dict[str, Any]]]] = {}
    failures: list[dict[str, Any]] = []
    for index, (source, meta) in enumerate(zip(sources, metas)):
        fmt = format_of(Path(source).suffix)
        if fmt is None:
            failures.append(failure(meta["file"], unsupported(Path(source))))
            continue
        group = groups.setdefault(fmt, ([], []))
        group[0].append(source)
        group[1].append({**meta, SOURCE_INDEX: index})
    return groups, failures


@component
class FileRouter:
    """Sends each file to the converter of its format; outputs ``<format>_sources`` and ``<format>_meta``
    for the formats present (see :data:`greffier.formats.FORMATS`) and ``failures``."""

    @component.output_types(
        **{f"{fmt}_sources": list[str] for fmt in FORMATS}, **{f"{fmt}_meta": list[dict[str, Any]] for fmt in FORMATS}, failures=list[dict[str, Any]]
    )
    def run(self, sources: list[str], meta: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Raises ValueError when ``meta`` does not give ``doc_id`` and ``file`` for every source."""
        groups, failures = split_by_format(sources, checked_metas(sources, meta))
        out: dict[str, Any] = {"failures": failures}
        for fmt, (group_sources, group_meta) in groups.items():
            out[f"{fmt}_sources"], out[f"{fmt}_meta"] = group_sources, group_meta
        return out


@component
class ConvertedJoiner:
    """The converted documents of every format, back in the order of the sources."""

    @component.output_types(documents=list[Document])
    def run(self, documents: Variadic[list[Document]]) -> dict[str, Any]:
        return {"documents": ordered([doc for batch in documents for doc in batch])}


def ordered(documents: list[Document]) -> list[Document]:
    """``documents`` sorted by their position among the sources, the position taken out of their meta."""
    ranked = sorted(documents, key=lambda doc: doc.meta.get(SOURCE_INDEX, 0))
    return [Document(id=doc.id, content=doc.content, meta={k: v for k, v in doc.meta.items() if k != SOURCE_INDEX}) for doc in ranked]
