"""A contract's chunks as passages: sentence groups typed one by one, with where each stands.

A chunk is typed as a whole by the classifier (its vector, its headings), but an article often holds
more than one clause: "a change of control of the Customer shall be deemed an assignment" inside an
ASSIGNMENT article, a liability cap inside an indemnity article, an exclusivity inside a territory
article. :func:`document_passages` cuts each chunk into paragraphs (numbered items, wrapped lines
joined: :mod:`greffier.compliance.text`) and gives each the chunk's types plus those its own title
and wordings name (the library's heading cues and phrases), so rules read a clause wherever it is.

Each passage also knows whether it belongs to the recitals (WHEREAS / BACKGROUND / « PRÉAMBULE » /
« IL A ÉTÉ EXPOSÉ CE QUI SUIT », up to the operative formula "NOW, THEREFORE … agree as follows" /
« IL A ÉTÉ CONVENU CE QUI SUIT » or the first numbered article): recitals never raise a flag.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from greffier.compliance.library import ClauseLibrary
from greffier.compliance.lists import ListItem, ListReader
from greffier.compliance.models import ClassifiedChunk
from greffier.compliance.polarity import body_start, is_recital_start, statement_kind
from greffier.compliance.text import heading_line, paragraphs, sentences
from greffier.dataroom.normalize import fold

_RECITAL_HEADING = re.compile(
    r"^\W*(?:recitals?|background|preliminary statements?|whereas|witnesseth|preambule|expose(?: prealable)?|exposé"
    r"|il a ete (?:prealablement )?expose(?: ce qui suit)?|(?:il est|etant) (?:prealablement )?expose(?: ce qui suit)?|prealablement,?"
    r"|attendu que|entre(?: les soussigne\w*)?|between|(?:the )?parties|les parties)\W*$"
)
_OPERATIVE = re.compile(
    r"now,? therefore|(?:hereby )?agree(?:s|d)? as follows|it is (?:hereby )?agreed|the parties (?:hereto )?agree"
    r"|(?:il a ete|il est|ont) (?:convenu|arrete)(?: et (?:convenu|arrete))? ce qui suit|ceci (?:etant )?expose|cela (?:etant )?expose"
    r"|en consequence,? (?:il a ete|les parties)"
)
_NUMBERED_ARTICLE = re.compile(r"^\W*(?:(?:article|section|clause|art\.)\s+(?:\d+|[ivx]+|premier|first|one)\b|\d{1,2}(?:\.\d{1,2})*\.?\s+[A-ZÀ-Ö])", re.IGNORECASE)


@dataclass(frozen=True)
class Passage:
    """A sentence group of a chunk (a paragraph or a numbered item) with the types that apply to it.

    ``heading`` is the passage's own title ("9.2 Assignment") or the last heading above it in the
    chunk; ``section`` the article it stands in (the chunk's section, or the last one before it).
    ``items`` are the list items it holds, each read with the lead-in that opened the list
    ("The Distributor shall not: … (b) sell competing goods": :mod:`greffier.compliance.lists`).
    ``titled_types`` are the types its title, heading and section name by the library's heading cues
    alone (no vector, no wording): what a rule's ``titled`` pattern needs.
    """

    chunk: ClassifiedChunk
    text: str
    sentences: tuple[str, ...]
    clause_types: tuple[str, ...]
    section: str | None = None
    heading: str | None = None
    recital: bool = False
    items: tuple[ListItem, ...] = ()
    titled_types: tuple[str, ...] = ()
    # a lettered item that goes on with a definition ('"Change of Control" means (a) …;' then "(b) the sale of all … assets"): it
    # names what a word means, it states no clause (walkthrough 17: a definition's second limb was flagged as a change of control)
    definition: bool = False


def _squeezed(text: str) -> str:
    """« W I T N E S S E T H : » → "witnesseth:" (letter-spaced headings of US contracts)."""
    folded = fold(" ".join(text.split()))
    return folded.replace(" ", "") if re.fullmatch(r"(?:\w ){3,}\w\W*", folded) else folded


def is_recital_heading(text: str | None) -> bool:
    return bool(text) and len(text) <= 80 and bool(_RECITAL_HEADING.match(_squeezed(text)))


def document_passages(chunks: Sequence[ClassifiedChunk], library: ClauseLibrary) -> list[Passage]:
    """The passages of one contract's chunks, in order (chunks sorted by index by the caller)."""
    found: list[Passage] = []
    in_recitals = operative = False
    last_section: str | None = None
    lists = ListReader()
    defining = False  # the last paragraph was a definition, or an item of one, that goes on into lettered items
    for chunk in chunks:
        section = chunk.section or last_section
        if chunk.section and not operative:
            if is_recital_heading(chunk.section):
                in_recitals = True
            elif chunk.section != last_section:
                in_recitals = False
        if section != last_section:
            lists.reset()  # a list goes on into the next chunk of its article, not into another article
        last_section = section
        heading: str | None = None
        for paragraph in paragraphs(chunk.text):
            folded = fold(paragraph)
            if heading_line(paragraph) or (not operative and is_recital_heading(paragraph)):  # "R E C I T A L S ------": a heading all the same
                heading = paragraph
                defining = False
                lists.reset()
                if is_recital_heading(paragraph) and not operative:
                    in_recitals = True
                elif _NUMBERED_ARTICLE.match(paragraph) or not is_recital_heading(paragraph):
                    if _NUMBERED_ARTICLE.match(paragraph):
                        operative = True
                    in_recitals = False
                continue
            if _OPERATIVE.search(folded):
                in_recitals, operative = False, True
            elif _NUMBERED_ARTICLE.match(paragraph) and in_recitals and not _letter_item(paragraph):
                in_recitals, operative = False, True
            title = paragraph[: body_start(paragraph)].strip(" .:-—–") or None
            cues = [t for t in (title, heading) if t]
            types = tuple(dict.fromkeys([*chunk.clause_types, *sorted(library.cued_types(cues, paragraph))]))
            recital = in_recitals or is_recital_start(paragraph)
            said = _definitions_whole(sentences(paragraph))
            item = bool(_ITEM_START.match(paragraph))
            definition = defining and item
            # (the paragraph's last sentence: '"Control" has the meaning … . The Supplier may terminate if:' opens a clause's list)
            defining = (definition or (bool(said) and statement_kind(said[-1]) == "definition")) and bool(_GOES_ON.search(paragraph))
            titled = tuple(sorted(library.cued_types([t for t in (title, heading, section) if t])))
            found.append(
                Passage(chunk=chunk, text=paragraph, sentences=said, clause_types=types, section=section, heading=title or heading,
                        recital=recital, items=tuple(item for k, s in enumerate(said) for item in lists.read(s, opens_paragraph=k == 0)),
                        titled_types=titled, definition=definition)
            )
    return found


# A lettered or numbered item's start: "(b) …", "b) …", "(ii) …"; and what a paragraph ends with when its list goes on: ";", ":",
# "; or", "; and", « ; ou », « ; et »
_ITEM_START = re.compile(r"^\W{0,2}\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s", re.IGNORECASE)
_GOES_ON = re.compile(r"(?:[;:,]|\b(?:or|and|ou|et))\s*$", re.IGNORECASE)


def _definitions_whole(said: list[str]) -> tuple[str, ...]:
    """A paragraph's sentences, a definition's lettered limbs joined to it ('"Change of Control" means (a) …;' and "(b) the sale of
    all … assets; or (c) …" are one definition, which states no clause)."""
    joined: list[str] = []
    for sentence in said:
        if joined and _ITEM_START.match(sentence) and _GOES_ON.search(joined[-1]) and statement_kind(joined[-1]) == "definition":
            joined[-1] = f"{joined[-1]} {sentence}"
        else:
            joined.append(sentence)
    return tuple(joined)


def _letter_item(paragraph: str) -> bool:
    """"(A) The Supplier wishes…", "B. The Distributor…": a lettered recital, not an article."""
    return bool(re.match(r"^\W*\(?[A-H][.)]\s", paragraph))
