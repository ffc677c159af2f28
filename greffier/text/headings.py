"""Heading detection for French and English contracts: which line is a heading, and at what level.

Levels put every heading on one scale, whatever the format:

* 1 (:data:`LEVEL_PART`): « TITRE II », « PARTIE 1 », "Part A", annexes (« ANNEXE 1 », "Schedule 2",
  "Exhibit A"), the document title item;
* 2 (:data:`LEVEL_CHAPTER`): « CHAPITRE 1 », "Chapter 3", "II. Obligations";
* 3 (:data:`LEVEL_ARTICLE`): « ARTICLE 1 — OBJET », "Clause 7 – Confidentiality", "7. TERM",
  « PRÉAMBULE », "RECITALS", short ALL-CAPS lines;
* 4 and more: numbered sub-clauses, one level per extra number ("7.1" → 4, "7.1.2" → 5).

A heading marked by the format (``kind`` "heading"/"title") is trusted; its level comes from the
patterns above when its text matches one, else from the format (Markdown/DOCX level ``L`` → ``L + 1``,
so that ``#`` sits above ``##`` articles and ``###`` sub-clauses). This is the one heading detector:
the structure splitter (sections of a converted document), clause reading (paragraphs) and extractive
answers (lines that are labels, not sentences) all use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LEVEL_PART = 1
LEVEL_CHAPTER = 2
LEVEL_ARTICLE = 3

# Kinds whose headings are guessed from the text; format headings ("heading", "title") are trusted
# and tables are never headings.
GUESSED_KINDS = frozenset({"text", "list"})
FORMAT_HEADING_KINDS = frozenset({"heading", "title"})

# A format "heading" longer than this is a paragraph styled as a heading, not a heading.
_MAX_FORMAT_HEADING_CHARS = 200
# Guessed headings are short: a long line is body text, whatever it starts with.
MAX_HEADING_CHARS = 150
_MAX_TITLE_WORDS = 15

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
    # « Paragraphe 4 – Responsabilité », as the IATA ground-handling agreement's annex numbers its articles (walkthrough 19)
    "paragraphe": LEVEL_ARTICLE,
    "paragraph": LEVEL_ARTICLE,
}
# Keywords whose dotted numbers mean nesting ("Article 7.1", "Section 2.1" sit under 7 and 2).
_NESTING_KEYWORDS = frozenset({"article", "art", "clause", "section", "paragraphe", "paragraph"})

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
NUMBERED = re.compile(r"^(?P<num>\d{1,2}(?:\.\d{1,2}){0,4})(?P<sep>\.\)|\.|\)|\s*[-–—]|(?=\s))\s*(?P<title>\S.*)$")
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
PAGE_NUMBER = re.compile(
    r"^(?:(?:page|p\.|pg\.?)\s*)?\d{1,4}\s*(?:/|sur|of|de|on)\s*\d{1,4}$|^(?:page|p\.|pg\.?)\s*\d{1,4}$",
    re.IGNORECASE,
)
# "3", "- 3 -", "— 3 —": page numbers only when they sit at the top or bottom of a PDF page.
BARE_PAGE_NUMBER = re.compile(r"^[-–—]?\s*\d{1,4}\s*[-–—]?$")
_ORDINAL = re.compile(r"(?<=\b1)(?:er|re)\b")
# Column gaps: one tab after a DOCX heading number is normal, two gaps or a pipe make a table row.
_COLUMN_GAP = re.compile(r"\t| {3,}")

# ALL-CAPS lines that are not headings: party blocks, stamps, legal forms ending a company name.
_CAPS_STOPWORDS = frozenset(
    "entre et and between or ou par by le la les the confidentiel confidential draft projet brouillon "
    "copie copy original paraphe paraphes initials".split()
)
_LEGAL_FORMS = frozenset(
    "sa sas sasu sarl eurl sci snc selarl scp gie llc inc ltd limited llp plc gmbh ag bv nv spa srl corp co".split()
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
    if kind in FORMAT_HEADING_KINDS and len(line) <= _MAX_FORMAT_HEADING_CHARS:
        pattern = pattern_heading(line)
        if pattern is not None and pattern.strong:
            return pattern
        return HeadingMatch(level=_format_level(kind, level), strong=True)
    return pattern_heading(line)


def _format_level(kind: str, level: int) -> int:
    if kind == "title":
        return LEVEL_PART
    # Markdown/DOCX level 1 is usually the document's own title or a part, level 2 its articles.
    return level + 1 if level >= 1 else LEVEL_ARTICLE


def pattern_heading(line: str) -> HeadingMatch | None:
    """Heading patterns on one whitespace-normalised line (no format information)."""
    if len(line) > MAX_HEADING_CHARS or line[-1] in ",;":
        return None
    if line[-1] == "." and line.count(" ") >= 8:
        return None  # fast path for body text: no heading pattern accepts a long line ending with a dot
    if PAGE_NUMBER.match(line) or BARE_PAGE_NUMBER.match(line):
        return None
    if not (line[0].isupper() or line[0].isdigit()):
        # A line that starts in lower case continues a sentence (« article 5 du contrat... »).
        return None
    return (
        _keyword_heading(line)
        or numbered_heading(line)
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


def numbered_heading(line: str) -> HeadingMatch | None:
    match = NUMBERED.match(line)
    if match is None:
        return None
    title = match["title"]
    depth = match["num"].count(".") + 1
    if not title[0].isalpha() or not title[0].isupper():
        return None  # "1. 500 euros", "3 mois"
    if title.split(None, 1)[0].lower() in _MONTHS or not _mostly_letters(title):
        return None  # « 12 JANVIER 2024 », "3 Licences 1 200 €"
    caps = is_caps(title)
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
    if not title[0].isalpha() or not title[0].isupper() or not _numbered_title_ok(title, is_caps(title)):
        return None
    return HeadingMatch(LEVEL_CHAPTER, strong=True)


# A verb that makes a numbered line a sentence, not a title: a PDF line that wraps inside a clause ("6.2 Thereafter, this
# Agreement shall automatically renew for successive" / "periods of twelve months …") is no heading. In lower case, and in a
# title not written in Title Case ("5. What Is Confidential Information", "4. Who May Use the Software" are headings); French
# modals only (« 4. Ce qui est garanti » is one).
_SENTENCE_VERB = re.compile(
    r"\b(?:shall|will|may|must|hereby|agrees?|undertakes?|is|are|has|have|doi(?:t|vent)|peu(?:t|vent)|pourr(?:a|ont)|devr(?:a|ont)"
    r"|s'engagen?t?|s'interdi(?:t|sent))\b"
)


# … in capitals, a modal only ("WHAT IS CONFIDENTIAL INFORMATION" is a title)
_CAPS_SENTENCE_VERB = re.compile(r"\b(?:shall|will|must|hereby|agrees?|undertakes?|doi(?:t|vent)|pourr(?:a|ont)|devr(?:a|ont)|s'engagen?t?)\b")


def _numbered_title_ok(title: str, caps: bool) -> bool:
    # Numbered list items are sentences: long, or ending with punctuation, or with a verb. Headings are neither.
    words = len(title.split())
    if caps:
        # an ALL-CAPS clause a PDF wraps ("9.1 IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL", "9.2
        # EXCEPT FOR THE INDEMNIFICATION OBLIGATIONS UNDER ARTICLE 8, IN NO EVENT": walkthrough 17) is a sentence, not a title
        sentence = words >= 5 and (_CAPS_SENTENCE_VERB.search(title.lower()) is not None or ("," in title and words >= 8))
        return words <= _MAX_TITLE_WORDS and title[-1] not in ".,;" and not sentence
    return words <= 10 and title[-1] not in ".,;:" and not (words >= 4 and not _title_case(title) and _SENTENCE_VERB.search(title))


def _title_case(title: str) -> bool:
    """Every word capitalised but the small ones ("Limitation of Liability", "Time Is of the Essence")."""
    return all(word[0].isupper() or word.lower() in _TITLE_SMALL_WORDS for word in re.findall(r"[^\W\d_][\w'’&-]*", title))


def _caps_heading(line: str) -> HeadingMatch | None:
    """Short ALL-CAPS lines: « CONDITIONS PARTICULIÈRES », "GOVERNING LAW"."""
    # Headings carry no commas; ALL-CAPS disclaimers wrapped over lines do, and are longer.
    if not is_caps(line) or "," in line or line[-1] in ".;" or len(line) > 100:
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


def is_caps(text: str) -> bool:
    """Upper-case letters only (at least one), ignoring ordinal suffixes such as « 1er »."""
    # str.upper/lower run in C: a line is ALL-CAPS when upper-casing changes nothing but
    # lower-casing does. Ordinals are taken out first: « ARTICLE 1er » is an ALL-CAPS heading.
    bare = _ORDINAL.sub("", text) if "1" in text else text
    return bare.upper() == bare and bare.lower() != bare


def is_heading_line(line: str) -> bool:
    """Whether one line of plain text reads as a heading (any level), with no format information."""
    return pattern_heading(" ".join(line.split())) is not None if line.strip() else False


# A numbered heading that runs into its paragraph, the common shape of US contracts filed as text:
# "8.   Term of Joint Venture. The Joint Venture shall commence…", "Section 10.01. Term. Except as…",
# "6.2 PRODUCT DISCONTINUATION. McDATA reserves…". The title ends at its first full stop,
# and the paragraph goes on after it with a capital, a digit, a bracket or a quote. A colon does not end
# one: "2. Basic Term Lease Rate Factor:  To be agreed" is a form's field.
_RUN_IN = re.compile(
    r"^(?P<kw>(?:section|article|clause)\s+)?(?P<num>\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+"
    r"(?P<title>[^\W\d_][^.;:!?()\"“”]{0,80}?)\s*\.\s+(?P<body>(?-i:[A-Z\u00C0-\u00DD0-9(\"“«]))",
    re.IGNORECASE,
)
_RUN_IN_MAX_WORDS = 8
# Lower-case words a title-case heading keeps (« Limitation of Liability », « Droit de préemption »).
_TITLE_SMALL_WORDS = frozenset(
    "a an and as at by for from in into of on or per the to under upon with without "
    "à au aux d de des du en et l la le les ou par pour sur".split()
)


def run_in_heading(line: str) -> tuple[str, int] | None:
    """The numbered heading a paragraph starts with, when its title runs into the text.

    ``line``: one paragraph or line, whitespace as found. Returns the heading (number and title as
    written, whitespace collapsed, without the stop that ends it) and its level (article for
    one number, one level more per extra number: "9.01" is a sub-clause), or None. The title must read
    as one: at most eight words, each capitalised unless it is a small word (of, the, de, du…), or all
    in capitals — "1. The Supplier shall deliver the goods. …" is a sentence, not a heading.
    """
    text = " ".join(line.split())
    match = _RUN_IN.match(text)
    if match is None or ". ." in text[: match.end() + 4]:
        return None  # a table of contents' dotted leaders
    title = match["title"].strip()
    words = re.findall(r"[^\W\d_][\w'’&-]*", title)
    if not words or len(title.split()) > _RUN_IN_MAX_WORDS or title.split(None, 1)[0].lower() in _MONTHS:
        return None
    if not is_caps(title) and any(not word[0].isupper() and word.lower() not in _TITLE_SMALL_WORDS for word in words):
        return None
    if not words[0][0].isupper() or sum(len(word) >= 3 for word in words) == 0:
        return None
    number_ends = text[match.end("num") : match.end("num") + 1] == "."
    if not match["kw"] and "." not in match["num"] and not number_ends:
        return None  # "16 Main Street. The…": a bare number needs a dot (« 8. Term »)
    depth = match["num"].count(".") + 1
    heading = text[: match.end("title")].rstrip(" .:")
    return heading, LEVEL_ARTICLE + depth - 1


# A colon (and the spaces around it, French typographic ones included) that ends a heading: « Durée : ».
_TRAILING_COLON = re.compile(r"[\s\u00a0\u202f]*:[\s\u00a0\u202f:]*$")
SECTION_SEPARATOR = " > "  # between the headings of a section path (« Titre II > ARTICLE 3 — DURÉE »)


def heading_label(heading: str | None) -> str:
    """A heading as a label shown to a reader: on one line, without the colon that introduced its text
    (« Article 3 – Durée : » → « Article 3 – Durée »). For display only: the stored chunk text and
    section keep the document's own words, which quotes repeat verbatim."""
    return _TRAILING_COLON.sub("", " ".join(str(heading or "").split()))


def section_label(section: str | None, *, whole_path: bool = False) -> str:
    """A chunk's section as a label (:func:`heading_label`): its own heading, the last part of the
    path, or with ``whole_path`` every heading of the path (« Titre II > ARTICLE 3 — DURÉE »)."""
    parts = [heading_label(part) for part in str(section or "").split(SECTION_SEPARATOR)]
    parts = [part for part in parts if part]
    if not parts:
        return ""
    return SECTION_SEPARATOR.join(parts) if whole_path else parts[-1]
