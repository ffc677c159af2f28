"""Structure-aware chunking of converted documents: one article, one chunk, where it fits.

A chunk is a span of the converted text (``content[start:end]``, never rebuilt text) that sits in one
section (see :mod:`pipelines.splitters.structure`). A section that fits in ``chunk_size`` tokens is one
chunk, however small: an article « LOI APPLICABLE » of one line stays findable on its own. A longer
section is cut into windows of at most ``chunk_size`` tokens that end, by preference, at a paragraph,
then a sentence, then a clause (; :) boundary, and that repeat about ``overlap`` tokens of the window
before. Each window keeps the section name in its meta.

Token counts come from :func:`pipelines.splitters.tokens.count_tokens`. The one size guarantee: a chunk
holds at most ``chunk_size + min_chunk`` tokens (a tail under ``min_chunk`` is kept with the window
before rather than left alone), except a single word run longer than about ``6 × chunk_size``
characters, which is never cut.
"""

from __future__ import annotations

import bisect
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from haystack import Document, component

from pipelines.splitters.structure import Section, detect_sections
from pipelines.splitters.tokens import count_tokens, iter_token_pieces, word_tokens
from pipelines.types import TextItem

logger = logging.getLogger(__name__)

# Strength of the boundary after a word, from "inside a word" to "end of paragraph".
_NO_BREAK, _WEAK, _CLAUSE, _SENTENCE, _PARAGRAPH = 0, 1, 2, 3, 4
# How much a window end at each strength is worth; a paragraph end is only a little better than a
# sentence end, so that a window does not stop half-empty at a paragraph when a sentence ends later.
_END_WEIGHTS = (0.0, 1.0, 2.0, 3.0, 3.3)
# A window never ends before it is this full, unless nothing else fits.
_MIN_FILL = 0.5

_WORD = re.compile(r"\S+")
# Whitespace where a chunk may end: any line break, or spaces after punctuation (incl. closing quotes).
_GAP = re.compile(r"[^\S\n]*\n\s*|(?<=[.!?…;:,»\"”’')\]])\s+")
_CLOSERS = "»\"”’')]"
_SENTENCE_OPENERS = "«\"“([—–-•·▪►*"
_LIST_OPENERS = "•·▪►*-–—("
# Words ending with a dot that do not end a sentence (lower-cased, dot removed).
_ABBREVIATIONS = frozenset(
    "m mm mme mlle me dr mr mrs ms st art al cf p pp n no nos ch sect etc ex éd ed inc ltd co corp "
    "vs e.g i.e c.-à-d c-à-d env min max réf ref tel tél fig vol".split()
)


@dataclass(frozen=True)
class _Block:
    """Items chunked together: one section, or a lone heading with the section it introduces."""

    name: str | None
    parent: int | None
    items: tuple[TextItem, ...]


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    page: int | None
    page_end: int | None
    section: str | None


@component
class StructureSplitter:
    """Split converted documents into section-aware chunks (see the module docstring).

    Input: converted documents (``content`` plus ``meta["items"]``, see :mod:`pipelines.types`).
    Output: chunks with ids ``<doc_id>-<k>`` (k = 1..n in document order) whose meta has exactly the
    keys of :data:`pipelines.types.CHUNK_META_KEYS`. Input documents are never modified.
    """

    def __init__(
        self, chunk_size: int = 480, min_chunk: int = 32, respect_sections: bool = True, overlap: int = 40
    ) -> None:
        """Store the chunking parameters.

        :param chunk_size: target (and maximum) tokens per chunk, >= 1.
        :param min_chunk: a window tail under this many tokens joins the window before; with
            ``respect_sections=False``, a section under it joins the next section of the same parent.
        :param respect_sections: never let a chunk span two sections (a lone heading excepted).
        :param overlap: tokens repeated between consecutive windows of one section; at most half of
            ``chunk_size`` is used so that every window moves forward.
        :raises ValueError: when a size is out of range; the message names it.
        """
        _check_sizes(chunk_size=chunk_size, min_chunk=min_chunk, overlap=overlap)
        self.chunk_size = chunk_size
        self.min_chunk = min_chunk
        self.respect_sections = respect_sections
        self.overlap = overlap

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document]) -> dict[str, list[Document]]:
        """Chunk each document; a document with empty content gives no chunk.

        :param documents: converted documents. ``meta["items"]`` missing or inconsistent with the
            content is logged and replaced by one item per line of the content.
        :returns: ``{"documents": chunks}``, the chunks of all documents in input order.
        :raises TypeError: when an element of ``documents`` is not a Haystack ``Document``.
        """
        chunks: list[Document] = []
        for document in documents:
            if not isinstance(document, Document):
                raise TypeError(f"StructureSplitter expects Haystack Documents, got {type(document).__name__}")
            chunks.extend(self._split_document(document))
        return {"documents": chunks}

    def _split_document(self, document: Document) -> list[Document]:
        content = document.content or ""
        if not content.strip():
            return []
        meta = document.meta
        doc_id = str(meta.get("doc_id") or document.id)
        sections = detect_sections(_document_items(document))
        blocks = _blocks(sections, content, self.respect_sections, self.min_chunk, self.chunk_size)
        spans: list[_Span] = []
        for block in blocks:
            spans.extend(self._block_spans(content, block))
        header = contract_header(meta)
        return [
            Document(
                id=f"{doc_id}-{index}",
                content=content[span.start : span.end],
                meta={
                    "doc_id": doc_id,
                    "file": meta.get("file"),
                    "title": meta.get("title"),
                    "section": span.section,
                    "page": span.page,
                    "page_end": span.page_end,
                    "start": span.start,
                    "end": span.end,
                    "chunk_index": index,
                    "header": header,
                },
            )
            for index, span in enumerate(spans, start=1)
        ]

    def _block_spans(self, content: str, block: _Block) -> list[_Span]:
        start, end = block.items[0].start, block.items[-1].end
        if count_tokens(content[start:end]) <= self.chunk_size:
            page, page_end = _page_range(block.items)
            return [_Span(start, end, page, page_end, block.name)]
        wrapped_lines = any(item.page is not None for item in block.items)
        units = _Units.build(content, start, end, self.chunk_size, wrapped_lines)
        covered = units.covered_by(block.items)
        overlap = min(self.overlap, self.chunk_size // 2)
        spans: list[_Span] = []
        item_ends = [item.end for item in block.items]
        for first, last in _windows(units, covered, self.chunk_size, self.min_chunk, overlap):
            span_start, span_end = units.starts[first], units.ends[last]
            if spans and span_end <= spans[-1].end:
                continue  # all its new text was page furniture
            page, page_end = _page_range(_items_between(block.items, item_ends, span_start, span_end))
            spans.append(_Span(span_start, span_end, page, page_end, block.name))
        return spans


def contract_header(meta: dict[str, Any]) -> str | None:
    """The short header indexed with every chunk: « <title> — <party> / <party> », else the title.

    Falls back on the file name when there is no title, and on None when there is neither.
    """
    title = meta.get("title") or meta.get("file")
    parties = [str(party).strip() for party in meta.get("parties") or [] if str(party).strip()]
    if not parties:
        return title
    joined = " / ".join(parties)
    return f"{title} — {joined}" if title else joined


def _check_sizes(*, chunk_size: int, min_chunk: int, overlap: int) -> None:
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1 token, got {chunk_size}")
    if min_chunk < 0:
        raise ValueError(f"min_chunk must be 0 or more tokens, got {min_chunk}")
    if overlap < 0:
        raise ValueError(f"overlap must be 0 or more tokens, got {overlap}")


def _document_items(document: Document) -> list[TextItem]:
    """The document's items, checked against its content; one item per line when they do not fit.

    Chunks are spans between item offsets, so offsets that do not point at the item's text would
    give chunks of the wrong text: such items are replaced rather than trusted.
    """
    content = document.content or ""
    raw = document.meta.get("items")
    if not raw:
        return _line_items(content)
    try:
        items = [item if isinstance(item, TextItem) else TextItem.from_dict(dict(item)) for item in raw]
    except (TypeError, ValueError, KeyError) as error:
        logger.warning("Document %s: unreadable meta['items'] (%s); chunking its lines instead", document.id, error)
        return _line_items(content)
    previous_end = 0
    for item in items:
        if not item.text.strip():
            continue
        if item.start < previous_end or content[item.start : item.end] != item.text:
            logger.warning(
                "Document %s: item offsets %d:%d do not match its text; chunking its lines instead",
                document.id,
                item.start,
                item.end,
            )
            return _line_items(content)
        previous_end = item.end
    return items


def _line_items(content: str) -> list[TextItem]:
    items: list[TextItem] = []
    cursor = 0
    for line in content.split("\n"):
        stripped = line.strip()
        if stripped:
            start = cursor + (len(line) - len(line.lstrip()))
            items.append(TextItem(text=stripped, start=start, end=start + len(stripped)))
        cursor += len(line) + 1
    return items


def _blocks(
    sections: Sequence[Section], content: str, respect_sections: bool, min_chunk: int, chunk_size: int
) -> list[_Block]:
    """Sections as chunking blocks: a lone heading joins the next section; small sections may merge.

    The block's name is that of its section with a body (a lone heading names less than the section
    it introduces); a run of headings with no body at all, at the end, keeps the first one's name.
    Merged small sections (``respect_sections=False``) keep the name of the first that has one.
    """
    blocks: list[_Block] = []
    carried: list[TextItem] = []
    carried_name: str | None = None
    for index, section in enumerate(sections):
        if not section.has_body and index + 1 < len(sections):
            carried_name = carried_name if carried else section.name
            carried.extend(section.items)
            continue
        # Named after the section with a body; headings alone to the end keep the first one's name.
        name = section.name if section.has_body or not carried else carried_name
        blocks.append(_Block(name, section.parent, (*carried, *section.items)))
        carried = []
    if respect_sections or min_chunk == 0:
        return blocks

    merged: list[_Block] = []
    index = 0
    while index < len(blocks):
        block = blocks[index]
        tokens = _block_tokens(content, block)
        index += 1
        while tokens < min_chunk and index < len(blocks) and blocks[index].parent == block.parent:
            following = _block_tokens(content, blocks[index])
            if tokens + following > chunk_size:
                break
            name = block.name if block.name is not None else blocks[index].name
            block = _Block(name, block.parent, block.items + blocks[index].items)
            tokens += following
            index += 1
        merged.append(block)
    return merged


def _block_tokens(content: str, block: _Block) -> int:
    return count_tokens(content[block.items[0].start : block.items[-1].end])


@dataclass
class _Units:
    """A text span cut into units (parallel lists) with the strength of the boundary after each.

    A unit is the text between two places a chunk may end: after punctuation or at a line break.
    Working on these segments rather than on words keeps the Python loop to a few iterations per
    sentence; only a segment longer than a whole window is cut into words (and a word longer than a
    window into pieces).
    """

    starts: list[int]
    ends: list[int]
    tokens: list[int]
    strengths: list[int]

    @classmethod
    def build(cls, content: str, start: int, end: int, chunk_size: int, wrapped_lines: bool) -> _Units:
        """Units of ``content[start:end]``, which must start and end on non-whitespace.

        ``wrapped_lines``: the items are PDF lines, so a line break is not a paragraph break.
        """
        units = cls([], [], [], [])
        segment_start = start
        for gap in _GAP.finditer(content, start, end):
            gap_start, gap_end = gap.span()
            strength = _boundary_strength(content, segment_start, gap_start, gap_end, wrapped_lines)
            units._add_segment(content, segment_start, gap_start, strength, chunk_size, wrapped_lines)
            segment_start = gap_end
        if segment_start < end:
            units._add_segment(content, segment_start, end, _PARAGRAPH, chunk_size, wrapped_lines)
        return units

    def _add_segment(
        self, content: str, start: int, end: int, strength: int, chunk_size: int, wrapped_lines: bool
    ) -> None:
        cost = count_tokens(content[start:end])
        if cost > chunk_size:
            self._add_words(content, start, end, chunk_size, wrapped_lines)
            self.strengths[-1] = strength
            return
        self.starts.append(start)
        self.ends.append(end)
        self.tokens.append(cost)
        self.strengths.append(strength)

    def _add_words(self, content: str, start: int, end: int, chunk_size: int, wrapped_lines: bool) -> None:
        """A segment too long for one window, as words (a boundary between words is a weak one)."""
        for match in _WORD.finditer(content, start, end):
            word = match.group()
            # Plain words (no punctuation) are most words: their count needs no regex.
            cost = word_tokens(len(word)) if word.isalnum() else count_tokens(word)
            if cost > chunk_size:
                self._add_word_parts(content, match.start(), match.end(), chunk_size)
            else:
                self.starts.append(match.start())
                self.ends.append(match.end())
                self.tokens.append(cost)
                self.strengths.append(_NO_BREAK)

    def _add_word_parts(self, content: str, start: int, end: int, chunk_size: int) -> None:
        """A word too long for one window, as parts of at most ``chunk_size`` tokens."""
        part_start = part_end = start
        part_tokens = 0
        for piece_start, piece_end, piece_tokens in iter_token_pieces(content, start, end):
            if part_tokens and part_tokens + piece_tokens > chunk_size:
                self._append(part_start, part_end, part_tokens, _NO_BREAK)
                part_start, part_tokens = piece_start, 0
            part_end = piece_end
            part_tokens += piece_tokens
        self._append(part_start, part_end, part_tokens, _NO_BREAK)

    def _append(self, start: int, end: int, tokens: int, strength: int) -> None:
        self.starts.append(start)
        self.ends.append(end)
        self.tokens.append(tokens)
        self.strengths.append(strength)

    def covered_by(self, items: Sequence[TextItem]) -> list[bool]:
        """For each unit, whether it starts in one of ``items`` (sorted) rather than in page furniture."""
        covered: list[bool] = []
        position = 0
        for unit_start in self.starts:
            while position < len(items) and items[position].end <= unit_start:
                position += 1
            covered.append(position < len(items) and items[position].start <= unit_start)
        return covered


def _boundary_strength(content: str, segment_start: int, gap_start: int, gap_end: int, wrapped_lines: bool) -> int:
    """How good a place the whitespace ``content[gap_start:gap_end]`` is for a chunk boundary."""
    newline = content.find("\n", gap_start, gap_end) >= 0
    if newline and not wrapped_lines:
        return _PARAGRAPH  # one item per paragraph: every item break is a paragraph break
    word_start = gap_start
    while word_start > segment_start and not content[word_start - 1].isspace():
        word_start -= 1
    ending = _word_ending(content, word_start, gap_start)
    next_char = content[gap_end]
    if ending == _SENTENCE and (next_char.isupper() or next_char.isdigit() or next_char in _SENTENCE_OPENERS):
        return _PARAGRAPH if newline else _SENTENCE
    if ending == _CLAUSE:
        return _SENTENCE if newline else _CLAUSE
    if newline:
        return _SENTENCE if next_char in _LIST_OPENERS or next_char.isdigit() else _WEAK
    return _WEAK if ending == _WEAK else _NO_BREAK


def _word_ending(content: str, word_start: int, word_end: int) -> int:
    """_SENTENCE, _CLAUSE, _WEAK (comma) or _NO_BREAK, from the word's last character."""
    last = word_end - 1
    while last > word_start and content[last] in _CLOSERS:
        last -= 1
    char = content[last]
    if char in ";:":
        return _CLAUSE
    if char == ",":
        return _WEAK
    if char not in ".!?…":
        return _NO_BREAK
    if char == ".":
        core = content[word_start:last].lstrip("(«\"“'")
        # "M. Dupont", "art. 5", "J. Martin", "1. Le Client": a dot that does not end a sentence.
        if core.lower() in _ABBREVIATIONS or len(core) == 1 or core.isdigit():
            return _NO_BREAK
    return _SENTENCE


def _windows(
    units: _Units, covered: list[bool], chunk_size: int, min_chunk: int, overlap: int
) -> list[tuple[int, int]]:
    """Unit ranges ``(first, last)`` (inclusive) covering all content units, each <= ``chunk_size`` tokens.

    Each window is filled as far as ``chunk_size`` allows, then cut back to the best boundary in its
    second half; a rest under ``min_chunk`` tokens stays with the window. The next window starts about
    ``overlap`` tokens before the end of the previous one, at the best boundary there. Page furniture
    (units not ``covered`` by an item) stays inside windows, since spans are exact, but never opens or
    closes one. Every window starts after the one before.
    """
    count = len(units.tokens)
    prefix = [0]
    for unit_tokens in units.tokens:
        prefix.append(prefix[-1] + unit_tokens)
    windows: list[tuple[int, int]] = []
    first = 0
    while True:
        while first < count and not covered[first]:
            first += 1
        if first >= count:
            break
        # Last unit that fits: prefix[last + 1] - prefix[first] <= chunk_size (at least one unit).
        last_fit = max(first, bisect.bisect_right(prefix, prefix[first] + chunk_size) - 2)
        if last_fit >= count - 1 or prefix[count] - prefix[last_fit + 1] < min_chunk:
            last = count - 1
        else:
            last = _best_end(units.strengths, prefix, first, last_fit, chunk_size)
            if prefix[count] - prefix[last + 1] < min_chunk:
                last = count - 1
        next_first = _overlap_start(units.strengths, prefix, first, last, overlap) if last < count - 1 else count
        while last > first and not covered[last]:
            last -= 1
        windows.append((first, last))
        first = next_first
    return windows


def _best_end(strengths: list[int], prefix: list[int], first: int, last_fit: int, chunk_size: int) -> int:
    best, best_score = last_fit, -1.0
    base = prefix[first]
    for last in range(first, last_fit + 1):
        fill = (prefix[last + 1] - base) / chunk_size
        if fill < _MIN_FILL:
            continue
        score = _END_WEIGHTS[strengths[last]] + fill
        if score >= best_score:
            best, best_score = last, score
    return best


def _overlap_start(strengths: list[int], prefix: list[int], first: int, last: int, overlap: int) -> int:
    """First word of the next window: ``last + 1``, moved back by about ``overlap`` tokens."""
    if overlap <= 0:
        return last + 1
    end_tokens = prefix[last + 1]
    best, best_score = last + 1, float("-inf")
    candidate = last
    # Up to 1.5 × overlap, to reach a sentence start rather than cut mid-sentence at exactly overlap.
    while candidate > first and end_tokens - prefix[candidate] <= overlap + overlap // 2:
        repeated = end_tokens - prefix[candidate]
        score = _END_WEIGHTS[strengths[candidate - 1]] + 1.0 - abs(repeated - overlap) / overlap
        if score > best_score:
            best, best_score = candidate, score
        candidate -= 1
    return best


def _items_between(items: Sequence[TextItem], item_ends: list[int], start: int, end: int) -> Sequence[TextItem]:
    """The items (sorted, ``item_ends`` their ends) that overlap ``[start, end)``."""
    low = bisect.bisect_right(item_ends, start)
    high = low
    while high < len(items) and items[high].start < end:
        high += 1
    return items[low:high]


def _page_range(items: Sequence[TextItem]) -> tuple[int | None, int | None]:
    pages = [item.page for item in items if item.page is not None]
    return (min(pages), max(pages)) if pages else (None, None)
