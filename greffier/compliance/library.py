"""The clause library: clause types with French and English reference examples and heading cues.

The library is data (``greffier/compliance/clauses.yaml``); this module loads and validates it and
answers two questions: which types does a heading name (:meth:`ClauseLibrary.cued_types`), and
which headings does a chunk have (:func:`chunk_headings`). Classification itself is in
:mod:`greffier.compliance.classifier`.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from greffier.compliance.errors import PlaybookError
from greffier.compliance.yaml_lines import YAMLError, load_with_lines, syntax_problem, validation_problems
from greffier.dataroom.normalize import fold

DEFAULT_LIBRARY = Path(__file__).with_name("clauses.yaml")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class Scoring(BaseModel):
    model_config = ConfigDict(extra="forbid")

    threshold: float = Field(default=0.5, ge=-1.0, le=1.0)
    margin: float = Field(default=0.05, ge=0.0, le=2.0)
    heading_bonus: float = Field(default=0.2, ge=0.0, le=2.0)


class Examples(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fr: list[str] = Field(min_length=1)
    en: list[str] = Field(min_length=1)


class ClauseType(BaseModel):
    """One clause type: ``id`` is what playbooks name; ``context`` types absorb text no rule is about."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    label: dict[str, str]
    context: bool = False
    cuad: list[str] = Field(default_factory=list)
    headings: list[str] = Field(default_factory=list)
    phrases: list[str] = Field(default_factory=list, description="wordings that name the clause wherever they appear")
    examples: Examples

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError(f"{value!r} is not a clause type id: use lower-case letters, digits and _")
        return value

    def label_in(self, language: str = "en") -> str:
        return self.label.get(language) or self.label.get("en") or self.id


class ClauseLibrary(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    version: str
    scoring: Scoring = Field(default_factory=Scoring)
    clause_types: list[ClauseType] = Field(min_length=1)
    source: str = ""
    content_hash: str = ""

    @model_validator(mode="after")
    def _unique_ids(self) -> ClauseLibrary:
        ids = [t.id for t in self.clause_types]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"clause type ids repeated: {', '.join(repeated)}")
        return self

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.clause_types]

    @property
    def by_id(self) -> dict[str, ClauseType]:
        return {t.id: t for t in self.clause_types}

    @property
    def signature(self) -> str:
        """Changes whenever the library's content changes (stored with each scan)."""
        return f"{self.version}:{self.content_hash[:12]}"

    def cued_types(self, headings: list[str], text: str = "") -> set[str]:
        """Ids of the types whose heading cues appear in one of ``headings``, or whose phrases
        (« changement de contrôle », "governed by the laws of") appear in ``text``."""
        found: set[str] = set()
        for heading in headings:
            folded = fold(heading)
            for type_id, pattern in _cue_patterns(self).items():
                if pattern.search(folded):
                    found.add(type_id)
        if text:
            folded = _REFERENCE.sub(" ", fold(" ".join(text.split())))
            for type_id, (anchors, pattern) in _phrase_patterns(self).items():
                # A plain substring test first: the regular expression runs only where it can match.
                if any(anchor in folded for anchor in anchors) and pattern.search(folded):
                    found.add(type_id)
        return found


# A reference to another article by what it is about (« notamment l'article 8 relatif à la cession et au changement de contrôle,
# demeurent inchangées », "subject to Section 12 (Change of Control)"): it names that article's clause, and this passage holds none
# (the app walk of round 32: an amendment's « Effet et portée » article listed as a change-of-control clause)
_REFERENCE = re.compile(
    r"\b(?:articles?|sections?|clauses?|paragraphs?|paragraphes?)\s+\d+(?:\.\d+)*(?:\s*\([a-z0-9]{1,3}\))?\s*"
    # (a few words, then the sentence goes on after a comma or ends: "subject to Section 9 regarding termination the Licensor may
    # terminate … upon a change of control" keeps its own words — the review of the round)
    r"(?:\([^()]{3,80}\)|(?:,\s*)?(?:relati(?:f|ve|fs|ves)|intitulee?s?|portant sur|concernant|traitant|relating to|regarding|concerning|entitled|titled|headed)\b"
    r"(?:\s+[\w'’-]+){1,8}?(?=\s*(?:[,.;:)]|$|(?:shall|will|remains?|survives?|continues?|applies|apply|demeuren?t|restent|reste|survi\w*|continuen?t|s'appliquen?t)\b)))"
)


def load_library(path: str | Path | None = None) -> ClauseLibrary:
    """The clause library at ``path`` (default: the bundled one), validated; cached per file content.

    Raises:
        PlaybookError: the file is missing, is not YAML, or has invalid clause types (with lines).
    """
    source = Path(path) if path else DEFAULT_LIBRARY
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise PlaybookError(str(source), [f"cannot read the clause library: {exc.strerror or exc}"]) from exc
    return _parse_library(str(source), text)


@lru_cache(maxsize=8)
def _parse_library(source: str, text: str) -> ClauseLibrary:
    try:
        document = load_with_lines(text)
    except YAMLError as exc:
        raise PlaybookError(source, [syntax_problem(exc)]) from exc
    if document.problems:
        raise PlaybookError(source, document.problems)
    if not isinstance(document.data, dict):
        raise PlaybookError(source, ["the clause library must be a mapping with 'version' and 'clause_types'"])
    data = {**document.data, "source": source, "content_hash": hashlib.sha256(text.encode()).hexdigest()}
    try:
        return ClauseLibrary.model_validate(data)
    except ValidationError as exc:
        raise PlaybookError(source, validation_problems(exc, document, item_key="clause_types")) from exc


def cue_pattern(cue: str) -> re.Pattern[str]:
    """A heading cue as a pattern over folded text: whole words, flexible spaces and hyphens, plural s/x."""
    words = [re.escape(w) for w in re.split(r"[\s\-‐–]+", fold(cue).strip()) if w]
    body = r"[\s\-‐–']+".join(words)
    return re.compile(rf"(?<![\w]){body}[sx]?(?![\w])")


@lru_cache(maxsize=8)
def _cue_patterns_cached(key: str, cues: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, re.Pattern[str]]:
    patterns: dict[str, re.Pattern[str]] = {}
    for type_id, type_cues in cues:
        if type_cues:
            patterns[type_id] = re.compile("|".join(f"(?:{cue_pattern(c).pattern})" for c in type_cues))
    return patterns


def _cue_patterns(library: ClauseLibrary) -> dict[str, re.Pattern[str]]:
    cues = tuple((t.id, tuple(t.headings)) for t in library.clause_types)
    return _cue_patterns_cached(library.content_hash, cues)


@lru_cache(maxsize=8)
def _phrase_patterns_cached(key: str, phrases: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, tuple[tuple[str, ...], re.Pattern[str]]]:
    """Per type: the longest word of each phrase (a cheap pre-test) and the pattern of its phrases."""
    patterns = {}
    for type_id, type_phrases in phrases:
        if type_phrases:
            anchors = tuple(max(re.split(r"[\s\-‐–']+", fold(p)), key=len) for p in type_phrases)
            patterns[type_id] = (anchors, re.compile("|".join(f"(?:{cue_pattern(p).pattern})" for p in type_phrases)))
    return patterns


def _phrase_patterns(library: ClauseLibrary) -> dict[str, tuple[tuple[str, ...], re.Pattern[str]]]:
    phrases = tuple((t.id, tuple(t.phrases)) for t in library.clause_types)
    return _phrase_patterns_cached(library.content_hash, phrases)


# --- headings of a chunk -------------------------------------------------------------------------

# "ARTICLE 5 — DURÉE", "Article premier - Objet", "12. GOVERNING LAW", "4.2 Assignment", "Section 9 Term"
_NUMBERED_HEADING = re.compile(
    r"^\s*(?:#+\s*)?(?:(?:article|art\.|section|clause|chapitre|titre|schedule|annexe)\s+"
    r"(?:\d+(?:\.\d+)*|premier|first|[ivxlc]+)\b|\d+(?:\.\d+)*\.?(?=\s)|[ivxlc]+\.(?=\s)|\([a-z0-9]+\))\s*[-—–:.)]?\s*(?P<title>.*)$",
    re.IGNORECASE,
)
# "Term. This Agreement..." / "Assignment: Neither party..." at the start of a paragraph
_INLINE_TITLE = re.compile(r"^(?P<title>[A-ZÀ-Ö][\w'’&,/\- ]{2,60}?)\s*[.:]\s+\S")
_MAX_HEADING = 110
# A numbered line whose sentence goes on on the next line (in lower case), or longer than this in sentence case, is the start
# of a sentence cut by the page's width ("11.2 The parties irrevocably submit to the exclusive jurisdiction of the state and
# federal courts" / "located in …"), not a heading: its words name no clause
_MAX_HEADING_WORDS = 16
_TITLE_WORD = r"(?:[A-ZÀ-Ö][\w'’&/\-]*|of|and|or|for|to|the|in|on|upon|by|de|et|du|des|la|le|les|en|d'|l')"
# "… thereof.  10.8 Jurisdiction. Subject to …": a numbered paragraph title inside a line (texts
# extracted from PDFs often run several paragraphs into one line).
_INNER_TITLE = re.compile(
    rf"(?:^|(?<=[\s.;:)]))(?:(?i:section|article|clause)\s+)?\d{{1,2}}(?:\.\d{{1,2}}){{0,3}}\.?\s{{1,4}}"
    rf"(?P<title>[A-ZÀ-Ö][\w'’&/\-]*(?:[;,]?\s{{1,3}}{_TITLE_WORD}){{0,6}})\s*[.:]\s"
)


def chunk_headings(text: str, section: str | None = None, title: str | None = None) -> list[str]:
    """The headings a chunk shows: its section, heading-like lines and inline paragraph titles.

    The document title (``title``) is left out: "Exclusive distribution agreement" names the
    contract, not a clause.
    """
    candidates: list[str] = []
    if section:
        candidates.append(section)
    lines = [stripped for line in text.splitlines() if (stripped := line.strip().lstrip("#").strip())]
    for position, line in enumerate(lines):
        numbered = _NUMBERED_HEADING.match(line)
        head = numbered["title"].strip() if numbered else line
        inline = _INLINE_TITLE.match(head)
        continued = position + 1 < len(lines) and lines[position + 1][0].islower()  # the sentence goes on on the next line
        if inline and _title_like(inline["title"]):
            candidates.append(inline["title"])
        elif numbered and head and len(head) <= _MAX_HEADING and not head.endswith((".", ";", ",")) and not continued and _heading_shaped(head):
            candidates.append(head)
        elif not numbered and len(line) <= _MAX_HEADING and _mostly_upper(line):
            candidates.append(line)
    for inner in _INNER_TITLE.finditer(text):
        if _title_like(inner["title"]):
            candidates.append(inner["title"])
    skip = " ".join(fold(title).split()) if title else ""
    seen: dict[str, str] = {}
    for candidate in candidates:
        key = " ".join(fold(candidate).split())
        if skip and key.startswith(skip):  # a heading glued to the title line
            key = candidate = key[len(skip) :].strip()
        if key and key not in seen:
            seen[key] = candidate
    return list(seen.values())


def _heading_shaped(head: str) -> bool:
    """A numbered line's words read as a heading: a few words, or in capitals, or most words capitalised
    ("Termination for Convenience by Either Party Upon Ninety Days Prior Written Notice to the Other Party")."""
    words = head.split()
    if len(words) <= _MAX_HEADING_WORDS or _mostly_upper(head):
        return True
    long_words = [word for word in words if len(word) >= 4]
    return bool(long_words) and sum(word[0].isupper() for word in long_words) >= 0.6 * len(long_words)


def _title_like(text: str) -> bool:
    """"Governing Law", "Limitation of Liability", "Durée": a few capitalised words, not a sentence."""
    words = text.replace(";", " ").replace(",", " ").split()
    return len(words) <= 7 and all(w[:1].isupper() or len(w) <= 4 for w in words)


def _mostly_upper(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and sum(c.isupper() for c in letters) >= 0.8 * len(letters)
