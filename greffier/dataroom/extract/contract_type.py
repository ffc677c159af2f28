"""The contract type named by a contract's title or first heading."""

from __future__ import annotations

from collections.abc import Sequence

from greffier.dataroom.extract.text import heading_line, ChunkInput, Finding
from greffier.dataroom.vocabulary import match_contract_type

_TYPE_KEYWORD_CHARS = 400
_HEADING_LINES = 3


def extract_contract_type(title: str, chunks: Sequence[ChunkInput]) -> Finding[str] | None:
    """The contract type named by the title, else by the first headings (up to three heading lines at the top of each of the
    first two chunks), else by the first lines."""
    if title and (label := match_contract_type(title)):
        return Finding[str](value=label, chunk_id=None, raw=title, rule="title")
    for chunk in chunks[:2]:
        # the first heading lines: a cover's "EXECUTION VERSION" may stand above "CO-DEVELOPMENT AGREEMENT"
        for heading in [line.strip() for line in chunk.text.splitlines() if line.strip()][:_HEADING_LINES]:
            if not heading_line(heading):
                break
            if label := match_contract_type(heading.lstrip("# ")):
                return Finding[str](value=label, chunk_id=chunk.id, raw=heading, rule="heading")
    if chunks and (label := match_contract_type(chunks[0].text[:_TYPE_KEYWORD_CHARS])):
        return Finding[str](value=label, chunk_id=chunks[0].id, raw=chunks[0].text[:_TYPE_KEYWORD_CHARS], rule="keywords")
    return None
