"""Wrapped lines joined back into paragraphs: the one line un-wrapper Greffier uses.

Text converted from PDFs and plain-text files breaks lines where the page did, not where the sentence
does (« prendra fin le 31 janvier⏎2027 »): extraction rules, clause conditions and extractive answers
must see whole sentences, both to match wordings that run over a line break and to quote them whole.
"""

from __future__ import annotations

import re

from greffier.text.headings import PAGE_NUMBER, is_heading_line
from greffier.text.sentences import split_sentences

_PARAGRAPH_END = re.compile(r"[.:;!?»\"”]\s*$")
# A colon or a semicolon at a line's end ends the paragraph only when an item or a capital follows: before a lower-case
# word with no item mark, the line was wrapped in the middle of an enumeration.
_WRAPPED_AFTER_MARK = re.compile(r"[:;]\s*$")
# « Paraphes : ______ ______ », "Initials: ____": a blank field to sign in, printed on every page.
_BLANK_FIELD = re.compile(r"^[^\W\d_]{0,20}\s*:?\s*(?:_{3,}\s*)+$")
_RUNNING_LINE_CHARS = 80  # a running header or footer is one short line
# A numbered item is « 1. », « 1) », « 7.2 »: a bare number is the rest of a figure or phrase a line
# break cut (« 220⏎000 euros », « 4⏎500 000 euros », « dans les 30⏎jours »), not an item.
# A table's row as the converters write it ("Escrow Agent | NordVault Escrow Services Ltd | company no. …"): a line of its own,
# never joined to the row before or after it.
_TABLE_ROW = re.compile(r"\S \| \S")
_ITEM_START = re.compile(
    r"^(?:\d{1,3}(?:\.\d{1,3})+\.?\s|\d{1,3}[.)]\s|\(?[a-z0-9ivx]{1,4}\)\s|[-•·▪*–—]\s|(?:article|art\.|section)\s+\w+)", re.IGNORECASE
)

# A number written out, then in figures on the next line ("within thirty⏎(30) days", « trente⏎(30) jours »): the figures are
# no item « (30) » but the rest of the phrase the line break cut
_SPELLED_NUMBER_END = re.compile(
    r"(?:^|[\s-])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen"
    r"|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf"
    r"|dix|onze|douze|treize|quatorze|quinze|seize|vingts?|trente|quarante|cinquante|soixante|cents?|mille)$",
    re.IGNORECASE,
)
_FIGURES_IN_BRACKETS = re.compile(
    r"^\(\d{1,6}\)\s+(?:%|per\s?cent|pour\s?cent|(?:calendar\s+|business\s+|working\s+)?(?:days?|weeks?|months?|years?|hours?)|jours?|semaines?|mois"
    r"|ans?|ann[ée]es?|heures?|euros?|dollars?|times|fois|copies|exemplaires)\b",
    re.IGNORECASE,
)  # a unit follows: "(1) Licence fee" after "seats: fifty" is an item


# A place and a date that open a signatory's line ("Puteaux, 6 September 2021 — for …", « Lyon, le 3 mars 2023 »): a line of its own,
# not the rest of the signatory's line above it ("… Managing Director" has no final stop; walkthrough 34 read the lessor's date, the
# first, as the last signature's once the lines were joined)
_PLACE_AND_DATE = re.compile(
    r"^(?-i:[A-ZÀ-Ý][^\W\d_]+(?:[ -][A-ZÀ-Ý][^\W\d_]+){0,2}),\s+(?:le\s+)?(?:\d{1,2}(?:er|st|nd|rd|th)?\s+[^\W\d_]{3,10}\.?\s+\d{4}"
    r"|(?-i:[A-Z])[a-z]{2,8}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})\b"
    # … the signatory's line: nothing after the date, or its signatory after a dash, or a signature ("Lyon, le 15 décembre 2019, le
    # Preneur a …" is a sentence a line break cut: the review)
    r"(?=\s*$|\s*[—–-]\s*(?:for|pour)\b|\s*/s/)",
    re.IGNORECASE,
)


def _starts_an_item(line: str, before: str) -> bool:
    if _PLACE_AND_DATE.match(line):
        return True
    return bool(_ITEM_START.match(line)) and not (_FIGURES_IN_BRACKETS.match(line) and _SPELLED_NUMBER_END.search(before))


_RUNS_OF_SPACE = re.compile(r"[^\S\u00a0\u202f]+")


def squeezed(text: str) -> str:
    """``text`` on one line: each run of spaces and line breaks one space, the no-break spaces of French typography
    (« territoire\u202f: », « 36\u202f000 ») kept as written (``" ".join(text.split())`` makes them plain spaces)."""
    return _RUNS_OF_SPACE.sub(" ", text).strip()


def paragraphs(text: str) -> list[str]:
    """``text`` with wrapped lines joined. A paragraph ends at a blank line, after final punctuation
    or a heading line, and before a numbered or bulleted item."""
    found: list[str] = []
    current: list[str] = []
    lines = [raw.strip() for raw in text.splitlines()]
    for index, line in enumerate(lines):
        if current and (not line or _starts_an_item(line, current[-1]) or _TABLE_ROW.search(line)):
            found.append(" ".join(current))
            current = []
        if not line:
            continue
        current.append(line)
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if _WRAPPED_AFTER_MARK.search(line) and following[:1].islower() and not _ITEM_START.match(following):
            continue  # « … dans l'un des cas suivants : défaut … ; non-respect … ;⏎inexactitude … » goes on: the page wrapped it
        if _PARAGRAPH_END.search(line) or (len(current) == 1 and is_heading_line(line)) or _TABLE_ROW.search(line):
            found.append(" ".join(current))
            current = []
    if current:
        found.append(" ".join(current))
    return found


def unwrap(text: str) -> str:
    """``text`` with its wrapped lines joined, one paragraph per line (see :func:`paragraphs`)."""
    return "\n".join(paragraphs(text))


def clause_sentences(text: str, *, semicolons: bool = True) -> list[str]:
    """The sentences of a clause, wrapped lines joined first; a heading line is one item of its own."""
    found: list[str] = []
    for paragraph in paragraphs(text):
        found.extend([paragraph] if is_heading_line(paragraph) else split_sentences(paragraph, semicolons=semicolons))
    return found


def page_furniture(lines: list[str]) -> set[int]:
    """Indices of the lines that are page furniture rather than content, in text read from a PDF
    (a chunk or a whole document): page numbers (« Page 2 / 3 »), blank fields for initials
    (« Paraphes : ____ ____ »), and a running header or footer next to a page number — a short
    line, starting with a capital, without final punctuation, not a heading. A line that continues
    a sentence across the page break starts in lower case, or runs the width of the page: it stays."""
    stripped = [line.strip() for line in lines]
    furniture = {i for i, line in enumerate(stripped) if PAGE_NUMBER.match(line) or _BLANK_FIELD.match(line)}
    numbers = [i for i, line in enumerate(stripped) if PAGE_NUMBER.match(line)]
    for i in numbers:
        for j in (i - 2, i - 1, i + 1):
            if j < 0 or j >= len(stripped) or j in furniture:
                continue
            line = stripped[j]
            between = j == i - 2 and (i - 1) in furniture  # « header » then blank field then page number
            if (j != i - 2 or between) and _is_running_line(line):
                furniture.add(j)
    return furniture


def _is_running_line(line: str) -> bool:
    return (
        0 < len(line) <= _RUNNING_LINE_CHARS and line[0].isupper() and not _PARAGRAPH_END.search(line)
        and not is_heading_line(line)
    )


# A page number a text file leaves at the end of a paragraph's line, after a column gap: "…either party;     Page 1 of 5".
_TRAILING_PAGE = re.compile(r"(?<=\S)[ \t]{3,}(?:page|p\.|pg\.?)\s*\d{1,4}(?:\s*(?:/|sur|of|de)\s*\d{1,4})?[ \t]*$", re.IGNORECASE | re.MULTILINE)


def without_page_furniture(text: str) -> str:
    """``text`` less its page-furniture lines (:func:`page_furniture`) and the page numbers left at the end
    of a line after a column gap ("…either party;     Page 1 of 5"), line breaks kept."""
    text = _TRAILING_PAGE.sub("", text)
    lines = text.splitlines()
    dropped = page_furniture(lines)
    return "\n".join(line for i, line in enumerate(lines) if i not in dropped) if dropped else text
