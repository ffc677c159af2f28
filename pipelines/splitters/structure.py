"""Heading detection and section building for French and English contracts.

Converters hand over a list of text items (:class:`pipelines.types.TextItem`): one per line for PDFs,
one per paragraph/heading/list item/table for DOCX, HTML and Markdown. This module decides which items
are headings and groups the items into :class:`Section` s. It never changes the text or the offsets.

Levels put every heading on one scale, whatever the format:

* 1 (:data:`LEVEL_PART`): « TITRE II », « PARTIE 1 », "Part A", annexes (« ANNEXE 1 », "Schedule 2",
  "Exhibit A"), the document title item;
* 2 (:data:`LEVEL_CHAPTER`): « CHAPITRE 1 », "Chapter 3", "II. Obligations";
* 3 (:data:`LEVEL_ARTICLE`): « ARTICLE 1 — OBJET », "Clause 7 – Confidentiality", "7. TERM",
  « PRÉAMBULE », "RECITALS", short ALL-CAPS lines;
* 4 and more: numbered sub-clauses, one level per extra number ("7.1" → 4, "7.1.2" → 5).

A heading marked by the format (``kind`` "heading"/"title") is trusted; its level comes from the
patterns above when its text matches one, else from the format (Markdown/DOCX level ``L`` → ``L + 1``,
so that ``#`` sits above ``##`` articles and ``###`` sub-clauses).

Page furniture (page numbers, running headers and footers repeated on most pages) is never a heading
and is left out of the sections' items; its text stays in the converted content untouched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from greffier.text.headings import (
    BARE_PAGE_NUMBER,
    FORMAT_HEADING_KINDS,
    GUESSED_KINDS,
    LEVEL_ARTICLE,
    LEVEL_CHAPTER,
    LEVEL_PART,
    MAX_HEADING_CHARS,
    NUMBERED,
    PAGE_NUMBER,
    HeadingMatch,
    classify_heading,
    is_caps,
    is_heading,
    numbered_heading,
    pattern_heading,
    run_in_heading,
)
from pipelines.types import TextItem

__all__ = ["LEVEL_ARTICLE", "LEVEL_CHAPTER", "LEVEL_PART", "HeadingMatch", "Section", "classify_heading", "detect_sections", "find_page_furniture", "is_heading"]

SECTION_PATH_SEPARATOR = " > "
# A heading wrapped over several PDF lines is joined from at most this many lines.
_MAX_HEADING_LINES = 3
_MAX_CONTINUATION_WORDS = 8
_MAX_CONTINUATION_CHARS = 60
# Lines of a PDF page looked at for running headers (from the top) and footers (from the bottom).
_FURNITURE_ZONE = 3
_MAX_FURNITURE_CHARS = 120
_MAX_LONG_FURNITURE_CHARS = 200  # … and a longer one repeated at the same place of every page of three or more
_DIGITS = re.compile(r"\d+")
# Words that end a line in the middle of a sentence: a heading never follows them, and a heading
# line ending with one continues on the next line (« RÉSILIATION ANTICIPÉE ET » / « CONSÉQUENCES »).
_CONNECTORS = frozenset(
    "à a au aux de du des d l la le les en et ou par pour sur selon dans avec sans entre "
    "and or of the to in on for with under by per from".split()
)


@dataclass(frozen=True)
class Section:
    """A heading and the items under it, up to the next heading.

    ``items`` are the heading's item(s) first (``heading_items`` of them: 2 or 3 when a PDF heading
    was wrapped over several lines), then the body, in document order, page furniture left out.
    The first section of a document has ``heading`` None and level 0 when text precedes the first
    heading. ``parent`` is the index, in the list :func:`detect_sections` returns, of the nearest
    enclosing heading of a lower level. ``name`` is what a chunk's ``section`` meta shows: the heading,
    prefixed for a sub-clause (level 4+) with its enclosing headings up to the article,
    e.g. « ARTICLE 7 — RÉSILIATION > 7.2 Préavis ».
    """

    heading: str | None
    level: int
    items: tuple[TextItem, ...]
    heading_items: int = 0
    parent: int | None = None
    name: str | None = None

    @property
    def has_body(self) -> bool:
        """Whether anything but the heading sits in this section."""
        return len(self.items) > self.heading_items

    @property
    def start(self) -> int:
        """Offset of the section's first item in the converted text."""
        return self.items[0].start

    @property
    def end(self) -> int:
        """End offset (exclusive) of the section's last item."""
        return self.items[-1].end


_PAGE_OWN_NUMBER = re.compile(r"(?<!\d)\d{1,3}(?!\d)")


def _with_page_number_marked(text: str, page: int) -> str:
    """``text`` with the first number that is its page's own marked « # » (« EVL-2023-041 – page 1/2 »: the reference's « 041 » before
    it is no page number — walkthrough 27's two-page footer was compared on it and kept in the text)."""
    for found in _PAGE_OWN_NUMBER.finditer(text):
        if found.group(0) == str(page):
            return f"{text[:found.start()]}#{text[found.end():]}"
    return text


def find_page_furniture(items: Sequence[TextItem], *, same_place: bool = False) -> set[int]:
    """Indices of the items that are page furniture rather than content.

    Furniture is a page-number line (« Page 2 / 4 », « 3 sur 5 » anywhere; a bare "3" or "- 3 -" only
    at the top or bottom of a PDF page), or a line repeated at the top (or bottom) of more than half
    the pages — running titles, « Confidentiel », "Initials: ____". Digits are ignored when comparing
    lines ("Page 2" matches "Page 3"), except for lines that read as headings: two pages that open on
    "Article 3" and "Article 7" are not a running header.

    ``same_place``: a repeated line counts only when it stands at the same place on those pages (the
    same line from the top, or from the bottom) — what converters use to take furniture out of the
    text itself, where a paragraph repeated near the top of two short pages must stay. Only then does a
    two-page document have running lines: the same short line at the same place of both pages.
    """
    furniture = {index for index, item in enumerate(items) if PAGE_NUMBER.match(item.text.strip())}
    by_page: dict[int, list[int]] = {}
    for index, item in enumerate(items):
        if item.page is not None and item.kind != "table":
            by_page.setdefault(item.page, []).append(index)
    if not by_page:
        return furniture

    zones: list[tuple[str, int, int]] = []  # (zone, page, item index)
    for page, indices in by_page.items():
        for place, index in enumerate(indices[:_FURNITURE_ZONE]):
            zones.append((f"top{place}" if same_place else "top", page, index))
        for place, index in enumerate(reversed(indices[-_FURNITURE_ZONE:])):
            zones.append((f"bottom{place}" if same_place else "bottom", page, index))

    pages_per_line: dict[tuple[str, str], set[int]] = {}
    keys: list[tuple[tuple[str, str], ...]] = []
    two_pages = len(by_page) == 2
    for zone, page, index in zones:
        text = items[index].text.strip()
        if BARE_PAGE_NUMBER.match(text):
            furniture.add(index)
        # Headers and footers are one short line; a long one repeated is content. Two pages prove less: there the digits
        # count too, but for the page's own number (« Page 1/2 », « Page 2/2 »; « Loyer mensuel : 1 200 € » is content) —
        # or the line as written, when a number in it only looks like the page's ("2 Grand Canal Quay · Dublin 2", a
        # letterhead's address on both pages of a two-page PDF: walkthrough 22)
        shown = {_with_page_number_marked(text, page), text} if two_pages else {_furniture_key(text)}
        line_keys = tuple((zone, form) for form in sorted(shown)) if len(text) <= _MAX_LONG_FURNITURE_CHARS else ()
        keys.append(line_keys)
        for key in line_keys:
            pages_per_line.setdefault(key, set()).add(page)

    if len(by_page) < 2 or (len(by_page) == 2 and not same_place):
        # Two pages that open on the same line prove little: it may be repeated boilerplate text. Read at the same
        # place of both (the converters' reading), a short line is their running header or footer.
        return furniture
    most_pages = len(by_page) // 2 + 1
    for (_zone, _page, index), line_keys in zip(zones, keys):
        # (a long line is furniture only when every page of three or more carries it there: walkthrough 23's running title,
        # « Format Licence Agreement – "Panic Kitchen" – … – Strictly confidential », 123 characters, became the contract's title)
        enough = most_pages if len(items[index].text.strip()) <= _MAX_FURNITURE_CHARS else len(by_page) if len(by_page) >= 3 else len(by_page) + 1
        if any(len(pages_per_line[key]) >= enough for key in line_keys) and not (same_place and _runs_on(items, index)):
            furniture.add(index)
    return furniture


def _runs_on(items: Sequence[TextItem], index: int) -> bool:
    """Whether the line goes on with the sentence of the line before it on its page (lower-case start
    after a line that ends no sentence): prose, never furniture."""
    text = items[index].text.strip()
    previous = items[index - 1] if index else None
    if not text[:1].islower() or previous is None or previous.page != items[index].page:
        return False
    return previous.text.rstrip()[-1:] not in ".!?:;»\"”"


def detect_sections(items: Iterable[TextItem | Mapping[str, Any]]) -> list[Section]:
    """Group a converted document's items into sections, in document order.

    Input: the items (``TextItem`` or their dicts, as found in ``meta["items"]``), in document order.
    Output: the sections; every non-empty item that is not page furniture is in exactly one section.
    An empty input gives an empty list. Raises ``KeyError``/``TypeError`` when an item dict lacks
    ``text`` or has fields of the wrong type.
    """
    parsed = [_as_item(item) for item in items]
    parsed = [item for item in parsed if item.text.strip()]
    furniture = find_page_furniture(parsed)
    lines = [item for index, item in enumerate(parsed) if index not in furniture]

    list_items = _numbered_list_runs(lines)
    builders: list[_SectionBuilder] = []
    open_headings: list[int] = []  # indices into builders, outermost first
    index = 0
    while index < len(lines):
        found = None if index in list_items else _heading_at(lines, index)
        run_in = _run_in_at(lines, index) if found is None else None
        if run_in is not None:
            found = (*run_in, 1)  # the heading is the paragraph's first words: the paragraph is its body too
        if found is None:
            if not builders:
                builders.append(_SectionBuilder(heading=None, level=0, heading_items=0, parent=None, name=None))
            builders[-1].items.append(lines[index])
            index += 1
            continue
        heading, level, count = found
        while open_headings and builders[open_headings[-1]].level >= level:
            open_headings.pop()
        parent = open_headings[-1] if open_headings else None
        builder = _SectionBuilder(
            heading=heading,
            level=level,
            heading_items=0 if run_in is not None else count,
            parent=parent,
            name=_section_name(heading, level, parent, builders),
        )
        builder.items.extend(lines[index : index + count])
        open_headings.append(len(builders))
        builders.append(builder)
        index += count
    return [builder.freeze() for builder in builders]


@dataclass
class _SectionBuilder:
    heading: str | None
    level: int
    heading_items: int
    parent: int | None
    name: str | None
    items: list[TextItem] = field(default_factory=list)

    def freeze(self) -> Section:
        return Section(
            heading=self.heading,
            level=self.level,
            items=tuple(self.items),
            heading_items=self.heading_items,
            parent=self.parent,
            name=self.name,
        )


def _as_item(item: TextItem | Mapping[str, Any]) -> TextItem:
    return item if isinstance(item, TextItem) else TextItem.from_dict(dict(item))


def _furniture_key(text: str) -> str:
    line = " ".join(text.split())
    match = pattern_heading(line)
    if match is not None and match.strong:
        return line  # "Article 3" and "Article 7" differ by their number only, and are headings
    return _DIGITS.sub("#", line.lower())


def _numbered_list_runs(lines: Sequence[TextItem]) -> set[int]:
    """Indices of numbered lines that form a list: « 1. Maintenance préventive » / « 2. Maintenance
    corrective » one after the other, with nothing between, are list items and not two empty sections.

    Only mixed-case titles count: « 1. OBJET » / « 2. DURÉE » in capitals stay headings.
    """
    depths = [_list_item_depth(item) for item in lines]
    runs: set[int] = set()
    for index in range(1, len(lines)):
        depth = depths[index]
        if depth is not None and depth == depths[index - 1] and _same_flow(lines[index - 1], lines[index]):
            runs.update((index - 1, index))
    return runs


def _list_item_depth(item: TextItem) -> int | None:
    """How many numbers a mixed-case numbered heading candidate has (« 7.1 Préavis » → 2), else None."""
    text = item.text.strip()
    if item.kind not in GUESSED_KINDS or not text[:1].isdigit() or len(text) > MAX_HEADING_CHARS:
        return None
    match = NUMBERED.match(" ".join(text.split()))
    if match is None or is_caps(match["title"]) or numbered_heading(match.group()) is None:
        return None
    return match["num"].count(".") + 1


def _heading_at(lines: Sequence[TextItem], index: int) -> tuple[str, int, int] | None:
    """The heading starting at ``lines[index]``: (text, level, number of lines), or None."""
    item = lines[index]
    match = classify_heading(item.text, item.kind, item.level)
    if match is None:
        return None
    text = " ".join(item.text.split())
    if item.kind in FORMAT_HEADING_KINDS:
        return text, match.level, 1
    previous = lines[index - 1] if index else None
    if previous is not None and _same_flow(previous, item) and _ends_mid_sentence(previous.text):
        return None  # « ...conformément à l' » / « Article 5 du présent contrat »
    count = 1
    while count < _MAX_HEADING_LINES and index + count < len(lines):
        following = lines[index + count]
        if not _continues_heading(text, lines[index + count - 1], following):
            break
        text = f"{text} {' '.join(following.text.split())}"
        count += 1
    after = lines[index + count] if index + count < len(lines) else None
    if after is not None and _same_flow(lines[index + count - 1], after) and after.text.lstrip()[:1].islower():
        return None  # the "heading" runs on into a lower-case line: it is a wrapped sentence
    if not match.strong and _inside_caps_paragraph(previous, item, after):
        return None
    return text, match.level, count


def _run_in_at(lines: Sequence[TextItem], index: int) -> tuple[str, int] | None:
    """The numbered heading ``lines[index]`` starts with, running into its text ("8. Term. The…"), or
    None; never inside a sentence the line before leaves open, nor in a format's own list items."""
    item = lines[index]
    if item.kind not in GUESSED_KINDS:
        return None
    previous = lines[index - 1] if index else None
    if previous is not None and _same_flow(previous, item) and _ends_mid_sentence(previous.text):
        return None
    return run_in_heading(item.text)


def _inside_caps_paragraph(previous: TextItem | None, item: TextItem, after: TextItem | None) -> bool:
    """Whether a bare ALL-CAPS line is one line of an ALL-CAPS paragraph (warranty disclaimers)."""
    if previous is not None and _same_flow(previous, item) and is_caps(previous.text):
        if previous.text.rstrip()[-1:] not in ".:!?":
            return True  # the paragraph goes on from the line before
    if after is not None and _same_flow(item, after) and is_caps(after.text):
        return len(after.text.strip()) > _MAX_CONTINUATION_CHARS  # ...and on to a long line after
    return False


def _same_flow(first: TextItem, second: TextItem) -> bool:
    """Whether ``second`` can continue ``first``'s sentence: body items on the same page."""
    return (
        first.kind in GUESSED_KINDS
        and second.kind in GUESSED_KINDS
        and (first.page is None or second.page is None or first.page == second.page)
    )


def _ends_mid_sentence(text: str) -> bool:
    stripped = text.rstrip()
    if not stripped:
        return False
    if stripped[-1] in "'’":
        return True
    last_word = stripped.rsplit(None, 1)[-1]
    return last_word.islower() and last_word in _CONNECTORS


def _continues_heading(heading: str, current: TextItem, following: TextItem) -> bool:
    """Whether ``following`` is the rest of a heading wrapped over a line break."""
    if not _same_flow(current, following) or heading.endswith(":"):
        return False
    line = " ".join(following.text.split())
    words = line.split()
    if len(words) > _MAX_CONTINUATION_WORDS or len(line) > _MAX_CONTINUATION_CHARS or line[-1] in ".,;":
        return False
    if following.page is not None and len(line) > len(current.text.strip()):
        return False  # a PDF line wraps at the margin: what runs over is shorter than the line itself
    match = pattern_heading(line)
    if match is not None and match.strong:
        return False  # the next line is a heading of its own (« ARTICLE 2 »)
    ends_with_connector = heading.rsplit(None, 1)[-1].lower() in _CONNECTORS or heading[-1] in "—–-&"
    return (is_caps(heading) and is_caps(line)) or ends_with_connector


def _section_name(heading: str, level: int, parent: int | None, builders: Sequence[_SectionBuilder]) -> str:
    """The heading, prefixed for a sub-clause with its enclosing headings up to the article level."""
    if level <= LEVEL_ARTICLE or parent is None:
        return heading
    chain = [heading]
    ancestor: int | None = parent
    while ancestor is not None:
        enclosing = builders[ancestor]
        chain.append(enclosing.heading or "")
        if enclosing.level <= LEVEL_ARTICLE:
            break
        ancestor = enclosing.parent
    return SECTION_PATH_SEPARATOR.join(reversed(chain))
