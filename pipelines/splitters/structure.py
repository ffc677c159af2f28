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

from pipelines.types import TextItem

LEVEL_PART = 1
LEVEL_CHAPTER = 2
LEVEL_ARTICLE = 3

SECTION_PATH_SEPARATOR = " > "

# Kinds whose headings are guessed from the text; format headings ("heading", "title") are trusted
# and tables are never headings.
_GUESSED_KINDS = frozenset({"text", "list"})
_FORMAT_HEADING_KINDS = frozenset({"heading", "title"})

# A format "heading" longer than this is a paragraph styled as a heading, not a heading.
_MAX_FORMAT_HEADING_CHARS = 200
# Guessed headings are short: a long line is body text, whatever it starts with.
_MAX_HEADING_CHARS = 150
_MAX_TITLE_WORDS = 15
# A heading wrapped over several PDF lines is joined from at most this many lines.
_MAX_HEADING_LINES = 3
_MAX_CONTINUATION_WORDS = 8
_MAX_CONTINUATION_CHARS = 60
# Lines of a PDF page looked at for running headers (from the top) and footers (from the bottom).
_FURNITURE_ZONE = 3
_MAX_FURNITURE_CHARS = 120

_SEPARATORS = "—–-‒―:.)"

_KEYWORD_LEVELS: dict[str, int] = {
    "titre": LEVEL_PART,
    "partie": LEVEL_PART,
    "part": LEVEL_PART,
    "livre": LEVEL_PART,
    "book": LEVEL_PART,
    "annexe": LEVEL_PART,
    "annex": LEVEL_PART,
    "appendice": LEVEL_PART,
    "appendix": LEVEL_PART,
    "schedule": LEVEL_PART,
    "exhibit": LEVEL_PART,
    "attachment": LEVEL_PART,
    "avenant": LEVEL_PART,
    "amendment": LEVEL_PART,
    "chapitre": LEVEL_CHAPTER,
    "chapter": LEVEL_CHAPTER,
    "article": LEVEL_ARTICLE,
    "art": LEVEL_ARTICLE,
    "clause": LEVEL_ARTICLE,
    "section": LEVEL_ARTICLE,
}
# Keywords whose dotted numbers mean nesting ("Article 7.1", "Section 2.1" sit under 7 and 2).
_NESTING_KEYWORDS = frozenset({"article", "art", "clause", "section"})

# « ARTICLE 1 — OBJET », « Article 1er », « ARTICLE PREMIER », "Article IV", "Section 2.1 Term",
# « Art. 5 », « Article n° 3 », "Exhibit A", « ANNEXE 1 : LISTE ». The keyword is followed by spaces,
# or directly by a digit; roman numerals and letters are upper case only, so "Parties" or "CLAUSES"
# are not read as "Part ies"/"CLAUSE S" (the rest must start with a space or a separator).
_KEYWORD_NUMBERED = re.compile(
    r"^(?P<kw>" + "|".join(sorted(_KEYWORD_LEVELS, key=len, reverse=True)) + r")\.?"
    r"(?:\s+|(?=\d))(?:n[°o]\.?\s*)?"
    r"(?P<num>\d{1,3}(?:\.\d{1,3})*(?:er|re|ère|e)?|premier|première|unique|(?-i:[IVXLC]{1,7}|[A-Z]))"
    r"(?:\s*(?:bis|ter|quater))?\b"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
# "7. TERM AND TERMINATION", "7.1 Notice period", "7.1. Notice period", « 1) Objet », "7 - Term".
_NUMBERED = re.compile(r"^(?P<num>\d{1,2}(?:\.\d{1,2}){0,4})(?P<sep>\.\)|\.|\)|\s*[-–—]|(?=\s))\s*(?P<title>\S.*)$")
# "II. OBLIGATIONS DU PRESTATAIRE", "IV - Prix". Single-letter numerals other than I, V, X are left
# out: "C. Martin" in a signature block is an initial, not chapter 100.
_ROMAN_NUMBERED = re.compile(r"^(?P<num>[IVX]|[IVXLC]{2,6})(?:\.|\s*[-–—)])\s*(?P<title>\S.*)$")
_STANDALONE = re.compile(
    r"^(?:pr[ée]ambule|preamble|expos[ée](?:\s+pr[ée]alable|\s+des\s+motifs)?|recitals?|whereas|background"
    r"|d[ée]finitions?(?:\s+(?:et|and)\s+interpr[ée]tations?)?|interpr[ée]tation"
    r"|entre\s+les\s+soussign[ée]s"
    r"|il\s+a\s+[ée]t[ée]\s+(?:pr[ée]alablement\s+)?(?:expos[ée]|convenu(?:\s+et\s+arr[êe]t[ée])?)\s+ce\s+qui\s+suit"
    r"|conditions\s+(?:g[ée]n[ée]rales|particuli[èe]res)(?:\s+de\s+vente)?|signatures?)\s*[:.]?$",
    re.IGNORECASE,
)
# "Page 2 / 4", "2/4", « Page 3 sur 5 », "p. 3", "Page 3": page numbers wherever they sit.
_PAGE_NUMBER = re.compile(
    r"^(?:(?:page|p\.|pg\.?)\s*)?\d{1,4}\s*(?:/|sur|of|de|on)\s*\d{1,4}$|^(?:page|p\.|pg\.?)\s*\d{1,4}$",
    re.IGNORECASE,
)
# "3", "- 3 -", "— 3 —": page numbers only when they sit at the top or bottom of a PDF page.
_BARE_PAGE_NUMBER = re.compile(r"^[-–—]?\s*\d{1,4}\s*[-–—]?$")
_DIGITS = re.compile(r"\d+")
_ORDINAL = re.compile(r"(?<=\b1)(?:er|re)\b")
# Column gaps: one tab after a DOCX heading number is normal, two gaps or a pipe make a table row.
_COLUMN_GAP = re.compile(r"\t| {3,}")

# Words that end a line in the middle of a sentence: a heading never follows them, and a heading
# line ending with one continues on the next line (« RÉSILIATION ANTICIPÉE ET » / « CONSÉQUENCES »).
_CONNECTORS = frozenset(
    "à a au aux de du des d l la le les en et ou par pour sur selon dans avec sans entre "
    "and or of the to in on for with under by per from".split()
)
# ALL-CAPS lines that are not headings: party blocks, stamps, legal forms ending a company name.
_CAPS_STOPWORDS = frozenset(
    "entre et and between or ou par by le la les the confidentiel confidential draft projet brouillon "
    "copie copy original paraphe paraphes initials".split()
)
_LEGAL_FORMS = frozenset(
    "sa sas sasu sarl eurl sci snc selarl scp gie llc inc ltd llp plc gmbh ag bv nv spa srl corp co".split()
)
_CIVILITIES = frozenset("m mme mlle mm monsieur madame mademoiselle maître maitre me mr mrs ms dr".split())
_CURRENCY = frozenset("€$£%¥@")
_MONTHS = frozenset(
    "janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre "
    "decembre january february march april may june july august september october november december".split()
)


@dataclass(frozen=True)
class HeadingMatch:
    """What :func:`classify_heading` found: the level, and whether a pattern (not mere capitals) matched."""

    level: int
    strong: bool  # keyword, numbering or a standard section name; a bare ALL-CAPS line is not strong


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


def is_heading(text: str, kind: str = "text", level: int = 0) -> tuple[bool, int]:
    """Whether one item, taken alone, is a heading, and its level.

    Inputs: the item's text, its ``kind`` and the ``level`` its format gave (0 when unknown).
    Output: ``(True, level)`` for a heading (level 1 = top, see the module docstring), else
    ``(False, 0)``. Raises nothing. :func:`detect_sections` adds what one line cannot show: page
    furniture, wrapped headings and sentences that run on over a line break.
    """
    match = classify_heading(text, kind, level)
    return (True, match.level) if match else (False, 0)


def classify_heading(text: str, kind: str = "text", level: int = 0) -> HeadingMatch | None:
    """Like :func:`is_heading`, returning a :class:`HeadingMatch` or None."""
    if kind == "table" or "|" in text or len(_COLUMN_GAP.findall(text)) >= 2:
        return None
    line = " ".join(text.split())
    if not line:
        return None
    if kind in _FORMAT_HEADING_KINDS and len(line) <= _MAX_FORMAT_HEADING_CHARS:
        pattern = _pattern_heading(line)
        if pattern is not None and pattern.strong:
            return pattern
        return HeadingMatch(level=_format_level(kind, level), strong=True)
    return _pattern_heading(line)


def find_page_furniture(items: Sequence[TextItem]) -> set[int]:
    """Indices of the items that are page furniture rather than content.

    Furniture is a page-number line (« Page 2 / 4 », « 3 sur 5 » anywhere; a bare "3" or "- 3 -" only
    at the top or bottom of a PDF page), or a line repeated at the top (or bottom) of more than half
    the pages — running titles, « Confidentiel », "Initials: ____". Digits are ignored when comparing
    lines ("Page 2" matches "Page 3"), except for lines that read as headings: two pages that open on
    "Article 3" and "Article 7" are not a running header.
    """
    furniture = {index for index, item in enumerate(items) if _PAGE_NUMBER.match(item.text.strip())}
    by_page: dict[int, list[int]] = {}
    for index, item in enumerate(items):
        if item.page is not None and item.kind != "table":
            by_page.setdefault(item.page, []).append(index)
    if not by_page:
        return furniture

    zones: list[tuple[str, int, int]] = []  # (zone, page, item index)
    for page, indices in by_page.items():
        for index in indices[:_FURNITURE_ZONE]:
            zones.append(("top", page, index))
        for index in indices[-_FURNITURE_ZONE:]:
            zones.append(("bottom", page, index))

    pages_per_line: dict[tuple[str, str], set[int]] = {}
    keys: list[tuple[str, str]] = []
    for zone, page, index in zones:
        text = items[index].text.strip()
        if _BARE_PAGE_NUMBER.match(text):
            furniture.add(index)
        # Headers and footers are one short line; a long one repeated is content.
        key = (zone, _furniture_key(text)) if len(text) <= _MAX_FURNITURE_CHARS else ("", "")
        keys.append(key)
        pages_per_line.setdefault(key, set()).add(page)

    if len(by_page) < 3:
        # Two pages that open on the same line prove nothing: it may be repeated boilerplate text.
        return furniture
    most_pages = len(by_page) // 2 + 1
    for (_zone, _page, index), key in zip(zones, keys):
        if key[0] and len(pages_per_line[key]) >= most_pages:
            furniture.add(index)
    return furniture


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
            heading_items=count,
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


def _format_level(kind: str, level: int) -> int:
    if kind == "title":
        return LEVEL_PART
    # Markdown/DOCX level 1 is usually the document's own title or a part, level 2 its articles.
    return level + 1 if level >= 1 else LEVEL_ARTICLE


def _pattern_heading(line: str) -> HeadingMatch | None:
    """Heading patterns on one whitespace-normalised line (no format information)."""
    if len(line) > _MAX_HEADING_CHARS or line[-1] in ",;":
        return None
    if line[-1] == "." and line.count(" ") >= 8:
        return None  # fast path for body text: no heading pattern accepts a long line ending with a dot
    if _PAGE_NUMBER.match(line) or _BARE_PAGE_NUMBER.match(line):
        return None
    if not (line[0].isupper() or line[0].isdigit()):
        # A line that starts in lower case continues a sentence (« article 5 du contrat... »).
        return None
    return (
        _keyword_heading(line)
        or _numbered_heading(line)
        or _roman_heading(line)
        or (HeadingMatch(LEVEL_ARTICLE, strong=True) if _STANDALONE.match(line) else None)
        or _caps_heading(line)
    )


def _keyword_heading(line: str) -> HeadingMatch | None:
    match = _KEYWORD_NUMBERED.match(line)
    if match is None:
        return None
    rest = match["rest"]
    stripped = rest.strip()
    if stripped:
        if stripped[0] in _SEPARATORS:
            if not _title_ok(stripped.lstrip(_SEPARATORS + " "), lenient=True):
                return None
        elif not rest[0].isspace() or not _title_ok(stripped, lenient=False):
            return None
    keyword = match["kw"].lower()
    level = _KEYWORD_LEVELS[keyword]
    if keyword in _NESTING_KEYWORDS:
        level += match["num"].count(".")
    return HeadingMatch(level, strong=True)


def _title_ok(title: str, *, lenient: bool) -> bool:
    """Whether the words after « Article 3 — » read as a title rather than a sentence.

    ``lenient`` when a separator (—, :, .) follows the number: then a short lower-case title passes.
    """
    if not title:
        return True
    words = title.split()
    if len(words) > _MAX_TITLE_WORDS or title[-1] in ",;":
        return False
    if title[-1] == "." and len(words) > 8:
        return False
    first = title[0]
    if first.islower():
        return lenient and len(words) <= 6 and title[-1] != "."
    return first.isupper() or first.isdigit() or first in "«\"“'(["


def _numbered_heading(line: str) -> HeadingMatch | None:
    match = _NUMBERED.match(line)
    if match is None:
        return None
    title = match["title"]
    depth = match["num"].count(".") + 1
    if not title[0].isalpha() or not title[0].isupper():
        return None  # "1. 500 euros", "3 mois"
    if title.split(None, 1)[0].lower() in _MONTHS or not _mostly_letters(title):
        return None  # « 12 JANVIER 2024 », "3 Licences 1 200 €"
    caps = _is_caps(title)
    if depth == 1 and not match["sep"].strip() and not caps:
        return None  # « 3 Licences »: a bare number needs a dot, a bracket or capitals
    if not _numbered_title_ok(title, caps):
        return None
    return HeadingMatch(LEVEL_ARTICLE + depth - 1, strong=True)


def _roman_heading(line: str) -> HeadingMatch | None:
    match = _ROMAN_NUMBERED.match(line)
    if match is None:
        return None
    title = match["title"]
    if not title[0].isalpha() or not title[0].isupper() or not _numbered_title_ok(title, _is_caps(title)):
        return None
    return HeadingMatch(LEVEL_CHAPTER, strong=True)


def _numbered_title_ok(title: str, caps: bool) -> bool:
    # Numbered list items are sentences: long, or ending with punctuation. Headings are neither.
    words = len(title.split())
    if caps:
        return words <= _MAX_TITLE_WORDS and title[-1] not in ".,;"
    return words <= 10 and title[-1] not in ".,;:"


def _caps_heading(line: str) -> HeadingMatch | None:
    """Short ALL-CAPS lines: « CONDITIONS PARTICULIÈRES », "GOVERNING LAW"."""
    # Headings carry no commas; ALL-CAPS disclaimers wrapped over lines do, and are longer.
    if not _is_caps(line) or "," in line or line[-1] in ".;" or len(line) > 100:
        return None
    words = line.split()
    if len(words) > 10 or any(char in _CURRENCY for char in line) or "www" in line.lower():
        return None
    letters = sum(char.isalpha() for char in line)
    if letters < 3 or not _mostly_letters(line):
        return None  # dates, amounts, references: « 12 JANVIER 2024 », "REF 2024-001"
    lowered = [word.strip(".,:;()").lower() for word in words]
    if lowered[0] in _CIVILITIES or lowered[-1] in _LEGAL_FORMS:
        return None  # « M. JEAN DUPONT », « ACME INDUSTRIES SAS »: party blocks
    if len(words) == 1 and (letters < 4 or lowered[0] in _CAPS_STOPWORDS):
        return None
    if all(word in _CAPS_STOPWORDS for word in lowered):
        return None
    return HeadingMatch(LEVEL_ARTICLE, strong=False)


def _mostly_letters(text: str) -> bool:
    letters = sum(char.isalpha() for char in text)
    visible = sum(not char.isspace() for char in text)
    return letters >= 0.7 * visible


def _is_caps(text: str) -> bool:
    """Upper-case letters only (at least one), ignoring ordinal suffixes such as « 1er »."""
    # str.upper/lower run in C: a line is ALL-CAPS when upper-casing changes nothing but
    # lower-casing does. Ordinals are taken out first: « ARTICLE 1er » is an ALL-CAPS heading.
    bare = _ORDINAL.sub("", text) if "1" in text else text
    return bare.upper() == bare and bare.lower() != bare


def _furniture_key(text: str) -> str:
    line = " ".join(text.split())
    match = _pattern_heading(line)
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
    if item.kind not in _GUESSED_KINDS or not text[:1].isdigit() or len(text) > _MAX_HEADING_CHARS:
        return None
    match = _NUMBERED.match(" ".join(text.split()))
    if match is None or _is_caps(match["title"]) or _numbered_heading(match.group()) is None:
        return None
    return match["num"].count(".") + 1


def _heading_at(lines: Sequence[TextItem], index: int) -> tuple[str, int, int] | None:
    """The heading starting at ``lines[index]``: (text, level, number of lines), or None."""
    item = lines[index]
    match = classify_heading(item.text, item.kind, item.level)
    if match is None:
        return None
    text = " ".join(item.text.split())
    if item.kind in _FORMAT_HEADING_KINDS:
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


def _inside_caps_paragraph(previous: TextItem | None, item: TextItem, after: TextItem | None) -> bool:
    """Whether a bare ALL-CAPS line is one line of an ALL-CAPS paragraph (warranty disclaimers)."""
    if previous is not None and _same_flow(previous, item) and _is_caps(previous.text):
        if previous.text.rstrip()[-1:] not in ".:!?":
            return True  # the paragraph goes on from the line before
    if after is not None and _same_flow(item, after) and _is_caps(after.text):
        return len(after.text.strip()) > _MAX_CONTINUATION_CHARS  # ...and on to a long line after
    return False


def _same_flow(first: TextItem, second: TextItem) -> bool:
    """Whether ``second`` can continue ``first``'s sentence: body items on the same page."""
    return (
        first.kind in _GUESSED_KINDS
        and second.kind in _GUESSED_KINDS
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
    match = _pattern_heading(line)
    if match is not None and match.strong:
        return False  # the next line is a heading of its own (« ARTICLE 2 »)
    ends_with_connector = heading.rsplit(None, 1)[-1].lower() in _CONNECTORS or heading[-1] in "—–-&"
    return (_is_caps(heading) and _is_caps(line)) or ends_with_connector


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
