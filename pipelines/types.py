"""The shapes that flow between ingestion components.

A *converted document* is a Haystack ``Document`` whose ``content`` is the converted text of one
file and whose ``meta["items"]`` lists the text items it was built from, each with its page and its
character span in ``content``. Converters produce it; the structure splitter reads it.

A *chunk* is a Haystack ``Document`` with id ``<doc_id>-<k>`` (k from 1) whose ``content`` is exactly
``converted.content[start:end]``; its meta carries the provenance (see :data:`CHUNK_META_KEYS`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

ItemKind = Literal["title", "heading", "text", "list", "table"]

ITEM_SEPARATOR = "\n"

# Meta keys every chunk carries (values may be None where a format has no pages).
CHUNK_META_KEYS = (
    "doc_id",  # the converted document's id
    "file",  # path relative to the workspace, POSIX separators
    "title",  # the document title
    "section",  # the heading the chunk sits under (None before the first heading)
    "page",  # first page of the chunk (1-based), None for formats without pages
    "page_end",  # last page of the chunk (== page when on one page)
    "start",  # character offset of the chunk in the converted text
    "end",  # end offset (exclusive)
    "chunk_index",  # k in "<doc_id>-<k>"
    "header",  # short contract header prefixed to the indexed text
)


@dataclass(frozen=True)
class TextItem:
    """One unit of converted text: a line (PDF), paragraph, heading, list item or table."""

    text: str
    page: int | None = None
    kind: ItemKind = "text"
    level: int = 0  # heading level when known (1 = top level), 0 otherwise
    start: int = 0
    end: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TextItem:
        return cls(**{k: data[k] for k in ("text", "page", "kind", "level", "start", "end") if k in data})


def assemble(items: list[TextItem]) -> tuple[str, list[TextItem]]:
    """Join items into the converted text and return it with items carrying their offsets.

    Items with empty text are dropped. Offsets satisfy ``content[item.start:item.end] == item.text``.
    """
    parts: list[str] = []
    placed: list[TextItem] = []
    cursor = 0
    for item in items:
        text = item.text.strip()
        if not text:
            continue
        if parts:
            parts.append(ITEM_SEPARATOR)
            cursor += len(ITEM_SEPARATOR)
        parts.append(text)
        placed.append(TextItem(text=text, page=item.page, kind=item.kind, level=item.level, start=cursor, end=cursor + len(text)))
        cursor += len(text)
    return "".join(parts), placed


def indexed_text(content: str, header: str | None) -> str:
    """The text that is embedded and indexed for a chunk: the contract header, then the chunk."""
    return f"{header}\n{content}" if header else content


def scope_contract_ids(scope: dict[str, Any] | None) -> set[str]:
    """The contract ids a scope or a scope hint holds (none when there is neither)."""
    return set((scope or {}).get("contract_ids") or ())
