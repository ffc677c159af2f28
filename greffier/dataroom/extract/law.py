"""The law a contract is governed by (« soumis au droit français », "governed by the laws of…")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, Field

from greffier.dataroom.extract.text import ChunkInput, Finding, heading, ranked_sentences
from greffier.dataroom.normalize import fold
from greffier.dataroom.vocabulary import US_FEDERAL_LAW, law_mentions, law_text, match_law, named_jurisdiction


class LawFinding(BaseModel):
    law: Finding[str] | None = None
    evidence: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


_LAW_HEADING = re.compile(
    r"\b(?:loi applicable|droit applicable|governing law|applicable law|choice of law|law and jurisdiction|"
    r"droit et juridiction|loi et juridiction|juridiction|jurisdiction|attribution de competence|litiges)\b"
)
# A sentence that says the contract is governed by a law: « soumis au droit … », « régi par », "governed by",
# "construed in accordance with" …
_LAW_CUE = re.compile(
    r"soumise?s?\s+(?:au|[àa]\s+la|aux)|r[ée]gie?s?\s+par|rel[èe]ve(?:nt)?\s+du"
    r"|(?:interpr[ée]t[ée]e?|ex[ée]cut[ée]e?)s?\s+(?:conform[ée]ment|selon)|"
    r"\bgovern(?:ed|s|ing)?\b|\bconstrued\b|\binterpreted\b|\benforced\b|\bcontrolled\s+by"
    # "The validity, construction and performance of this Agreement shall be determined under the laws of"
    r"|\b(?:validity|construction|interpretation|performance|enforce\w*)\b[^.;]{0,120}?\b(?:determined|decided|adjudicated)\s+"
    r"(?:exclusively\s+|solely\s+|in\s+all\s+respects\s+)?(?:under|by|in\s+accordance\s+with|pursuant\s+to|according\s+to)\s+(?:the\s+)?laws?\b"
    # "applicable law" names the contract's law, not "in accordance with applicable laws relating to inventorship" (a duty to comply)
    r"|loi\s+applicable|droit\s+applicable|(?<!with\s)(?<!all\s)(?<!any\s)(?<!under\s)applicable\s+law\b(?!s)|law\s+of\s+the\s+contract|with\s+reference\s+to\s+the\s+laws"
    # the contract is what the law applies to: « La loi française est seule applicable au présent contrat », "applicable to this Agreement"
    r"|(?:est|sera)\s+(?:seule?\s+)?applicable\s+(?:au|[àa]\s+la|aux)\s+(?:pr[ée]sente?s?|contrat|convention|accord|bail)"
    r"|s['’]appliquer?a?\s+(?:au|[àa]\s+la|aux)\s+(?:pr[ée]sente?s?|contrat|convention|accord|bail)|applicable\s+to\s+this\s+(?:agreement|contract|lease)",
    re.I,
)
# … and weaker words that often name a law for something else too (an opinion "as to the application of
# the laws of Maryland", a duty to comply "in accordance with the laws of"): they count less.
_WEAK_LAW_CUE = re.compile(
    r"s['’]appliquer?\w*|applicable|subject\s+to\s+(?:the\s+)?(?:laws?|\w+\s+law)|legislation\s+of|application\s+of\s+the\s+laws"
    r"|laws?\s+thereof|(?:in\s+accordance\s+with|pursuant\s+to)\s+the\s+laws?\s+of|conform[ée]ment\s+(?:au|[àa]\s+la)\s+(?:droit|loi)",
    re.I,
)
_LAW_WORD = re.compile(r"\b(?:laws?|droit|lois?|l[ée]gislation|legislation)\b", re.I)
# A party's incorporation ("a corporation organized under the laws of the State of Delaware") names a law
# that does not govern the contract.
_INCORPORATION = re.compile(
    r"\b(?:organi[sz]ed|incorporated|existing|formed|registered|constitu[ée]e?|immatricul[ée]e?|chartered)\b[^.;]{0,40}?"
    r"\b(?:under|in\s+accordance\s+with|selon|de\s+droit)\b[^.;]{0,15}?\blaws?\s+of\s+(?:the\s+)?(?:state\s+of\s+|commonwealth\s+of\s+)?[A-Z][\w.\- ]{1,40}",
    re.I,
)


def _governing_label(text: str) -> str | None:
    """The law ``text`` says governs: of the laws it names, the one written nearest its cue ("governed by
    the laws of X", "the laws of X shall govern …, and to the extent applicable the laws of the United
    States"), a state's before the federal law; the first one named when it has no cue."""
    mentions = law_mentions(text)
    if not mentions:
        return None
    if (cue := _LAW_CUE.search(law_text(text))) is not None:
        def distance(mention: tuple[int, int, str]) -> int:
            start, end, _ = mention
            return start - cue.end() if start >= cue.end() else max(0, cue.start() - end)

        mentions = tuple(sorted(mentions, key=distance))
    return next((label for *_, label in mentions if label != US_FEDERAL_LAW), mentions[0][2])


# What names a law without choosing it: a duty to comply ("in compliance with the laws of the United States"), a defined
# term ("("Applicable Laws")").
_NOT_A_CHOICE = re.compile(
    r"(?i)\b(?:in\s+compliance\s+with|comply\s+with|complies\s+with|violat\w+|conform(?:ity)?\s+(?:with|to))\s+(?:all\s+)?(?:applicable\s+)?(?:the\s+)?laws?\s+of\b[^.;]{0,120}"
    r"|\(\s*(?:the\s+)?[“\"][^”\"]{1,40}[”\"]\s*\)"
)


# An aside between the law and whose it is: "the laws, other than choice of law rules, of the State of Georgia", "the internal
# laws, and not by the laws regarding conflicts of laws, of the State of North Carolina", « le droit,
# à l'exclusion de ses règles de conflit de lois, de l'État de New York »
_ASIDE = re.compile(
    r"(?i)\b(laws?|droit|lois?),\s+(?:other\s+than|excluding|except(?:\s+for)?|without\s+(?:regard|reference)\s+to|exclusive\s+of|but\s+not|and\s+not|"
    r"[àa]\s+l['’]exclusion\s+d|hors|sans\s+(?:[ée]gard|r[ée]f[ée]rence)\s+[àa])[^,;.]{1,80},\s+((?:of|de|du|des)\b)"
)


# A heading written as a sentence of its own: "16.4 Governing Law.", « Article 12 – Loi applicable. »
_INLINE_LAW_HEADING = re.compile(
    r"(?i)^(?:(?:article|section|clause)\s+)?[\dIVX]+(?:\.\d+)*\.?\s*[-–—:]?\s*(?:governing\s+law|applicable\s+law|choice\s+of\s+law|loi\s+applicable|droit\s+applicable)"
    r"(?:\s*(?:;|and|et)\s*[\w ]{0,30})?\s*[.:]?$"
)


def extract_governing_law(chunks: Sequence[ChunkInput]) -> LawFinding:
    """The law the contract is governed by (« soumis au droit français », "governed by the laws of…").

    Sentences that name a law compete: one under a governing-law heading or with a cue (« soumis au »,
    « régi par », "governed by", "construed in accordance with") is needed, one with both wins, the
    first in the text breaks ties. In a sentence with a cue, the law named after the cue is the one that
    governs ("…courts of California; this Agreement is governed by Texas law"). A party's incorporation
    ("organized under the laws of Delaware") is not read as a governing law. A law the vocabulary does
    not know, named by a sentence with a cue ("governed by the laws of Ruritania"), is kept as written
    (rule ``governing law (unlisted)``) rather than read as no law or taken from a weaker sentence. A
    governing-law article that names no law (left blank) gives no law, with a note.
    """
    ranked = ranked_sentences(chunks, _LAW_HEADING)
    law_chunks = [c.id for c in chunks if _LAW_HEADING.search(fold(heading(c)))]
    best: tuple[int, int, Finding[str]] | None = None
    unlisted: tuple[int, int, Finding[str]] | None = None
    previous: tuple[str | None, str] = (None, "")
    for order, sentence in enumerate(ranked):
        # "… Section 16.3.   16.4 Governing Law. This Agreement shall be construed …": an article whose heading runs inline in a
        # chunk of other articles is under a law heading all the same
        inline = previous[0] == sentence.chunk_id and len(previous[1]) <= 60 and bool(_INLINE_LAW_HEADING.match(previous[1]))
        previous = (sentence.chunk_id, sentence.text)
        if sentence.chunk_rank == 1 and not _LAW_WORD.search(sentence.text):
            continue  # cheap test first: a sentence outside a law article names a law with one of these words
        text = _NOT_A_CHOICE.sub(" ", _INCORPORATION.sub(" ", _ASIDE.sub(r"\1 \2", sentence.text)))
        cue = _LAW_CUE.search(text)
        score = (sentence.chunk_rank == 0 or inline) + (2 if cue else 1 if _WEAK_LAW_CUE.search(text) else 0)
        if score == 0 or (best is not None and (score, -order) <= best[:2]):
            continue
        if label := _governing_label(text):
            best = (score, -order, Finding[str](value=label, chunk_id=sentence.chunk_id, raw=sentence.text, rule="governing law"))
            if score == 3:
                break
        elif cue and unlisted is None and (named := named_jurisdiction(text[cue.start() :], strict=True)):
            # a law the vocabulary knows, written in a shape the mentions miss, is that law ("laws …, of the State of X")
            known = match_law(named)
            unlisted = (score, -order, Finding[str](value=known or named, chunk_id=sentence.chunk_id, raw=sentence.text,
                                                    rule="governing law" if known else "governing law (unlisted)"))
    if unlisted is not None and (best is None or unlisted[0] > best[0]):
        best = unlisted
    if best is not None:
        finding = best[2]
        evidence = list(dict.fromkeys([finding.chunk_id, *law_chunks])) if finding.chunk_id else law_chunks
        return LawFinding(law=finding, evidence=evidence)
    notes = [f"governing-law article {chunk_id} names no law" for chunk_id in law_chunks]
    return LawFinding(evidence=law_chunks, notes=notes)
