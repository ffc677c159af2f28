"""Turn texts already in memory (data-room JSON entries) into converted documents."""

from __future__ import annotations

from typing import Any

from haystack import Document, component

from pipelines.converters.base import title_of
from pipelines.converters.text_reader import items_from_plain_text
from pipelines.types import assemble


@component
class TextConverter:
    """Converted documents from plain texts and their meta (``doc_id`` and ``file`` required).

    The text is split into one item per line (no pages): the structure splitter finds the articles.
    """

    def __init__(self, converter_name: str = "dataroom-json") -> None:
        self.converter_name = converter_name

    @component.output_types(documents=list[Document], failures=list[dict])
    def run(self, texts: list[str], meta: list[dict[str, Any]]) -> dict[str, Any]:
        if len(texts) != len(meta):
            raise ValueError(f"texts ({len(texts)}) and meta ({len(meta)}) must have the same length")
        documents: list[Document] = []
        failures: list[dict] = []
        for text, entry_meta in zip(texts, meta):
            content, items = assemble(items_from_plain_text(text or ""))
            if not content:
                failures.append({"file": entry_meta["file"], "error": "empty content: nothing to ingest", "kind": "empty"})
                continue
            title = entry_meta.get("title") or title_of(items, str(entry_meta["file"]))
            documents.append(
                Document(
                    id=entry_meta["doc_id"],
                    content=content,
                    meta={
                        **entry_meta,
                        "items": [item.to_dict() for item in items],
                        "pages": None,
                        "title": title,
                        "converter": self.converter_name,
                        "warnings": list(entry_meta.get("warnings", [])),
                    },
                )
            )
        return {"documents": documents, "failures": failures}
