"""Citation checks of an answer against the passages that were given to the model.

- :func:`validate_citations` keeps ``[n]`` markers that point to a given passage, removes the others
  and reports them.
- :func:`renumber_citations` numbers the cited passages 1..n in the order the answer first cites them.
- :func:`unsupported_sentences` flags sentences holding a number, a date or a name that none of the
  passages they cite contains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from greffier.text import fold, split_sentences as _split

_CITATION = re.compile(r"\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\]")
# A marker with the spaces before it: a removed marker takes them along, and nothing else moves (« tranches : »
# keeps its space before the colon, a quote its typographic spaces).
_MARKER = re.compile(r"([ \t]*)\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\]")
_LEADING_CITATIONS = re.compile(r"^(?:\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]\s*)+")
_NUMBER = re.compile(r"\d[\d\s\u202f.,]*\d|\d")
_NAME = re.compile(r"(?<![\w'’])([A-ZÀ-ÖØ-Þ][\w'’\-]{2,}(?:\s+[A-ZÀ-ÖØ-Þ][\w'’\-]{2,})*)")
_COMMON_CAPITALISED = {
    "the", "this", "that", "these", "article", "section", "clause", "according", "under", "le", "la", "les", "un", "une",
    "ce", "cet", "cette", "selon", "aux", "dans", "pour", "par", "en", "il", "elle", "ils", "no", "yes", "oui", "non",
    "documents", "document", "contract", "contrat", "agreement", "the documents", "in", "on", "if", "si", "et", "and",
}


@dataclass(frozen=True)
class CitationReport:
    text: str  # the answer with invalid citation markers removed
    cited: list[int]  # valid passage numbers, in order of first appearance
    removed: list[int]  # numbers that pointed to no given passage


def validate_citations(answer: str, allowed: set[int]) -> CitationReport:
    """Remove citation numbers not in ``allowed`` (the passages given to the model)."""
    cited: list[int] = []
    removed: list[int] = []

    def _replace(match: re.Match) -> str:
        numbers = [int(n) for n in re.split(r"[,;]", match.group(2)) if n.strip()]
        keep = [n for n in numbers if n in allowed]
        removed.extend(n for n in numbers if n not in allowed)
        for n in keep:
            if n not in cited:
                cited.append(n)
        return match.group(1) + "[" + ", ".join(str(n) for n in keep) + "]" if keep else ""

    text = _MARKER.sub(_replace, answer).strip()
    return CitationReport(text=text, cited=cited, removed=removed)


def renumber_citations(answer: str, numbers: dict[int, int]) -> str:
    """``answer`` with every ``[n]`` marker written ``[numbers[n]]`` (numbers not in the map kept).

    With ``numbers`` built from :attr:`CitationReport.cited` (first cited → 1, second → 2...), the
    reader sees [1] [2] [3] in reading order, never [1] [2] [4].
    """

    def _replace(match: re.Match) -> str:
        cited = [int(n) for n in re.split(r"[,;]", match.group(1)) if n.strip()]
        return "[" + ", ".join(str(numbers.get(n, n)) for n in cited) + "]"

    return _CITATION.sub(_replace, answer)


def split_sentences(text: str) -> list[str]:
    """Sentences of an answer (:func:`greffier.text.split_sentences`); a citation written after the
    full stop ("... 2026. [3]") stays with the sentence before."""
    out: list[str] = []
    for line in _split(text):
        leading = _LEADING_CITATIONS.match(line)
        if leading and out:
            out[-1] = f"{out[-1]} {leading.group(0).strip()}"
            line = line[leading.end():].strip()
            if not line:
                continue
        out.append(line)
    return out


def citations_in(sentence: str) -> list[int]:
    numbers: list[int] = []
    for match in _CITATION.finditer(sentence):
        numbers.extend(int(n) for n in re.split(r"[,;]", match.group(1)) if n.strip())
    return numbers


def _facts(sentence: str) -> list[str]:
    """Numbers, dates and names a reader could check in the sources."""
    plain = _CITATION.sub(" ", sentence)
    facts = [re.sub(r"[\s\u202f]", "", m.group(0)).strip(".,") for m in _NUMBER.finditer(plain)]
    words = plain.split()
    first_word = words[0] if words else ""
    for match in _NAME.finditer(plain):
        name = match.group(1)
        if name == first_word or fold(name) in _COMMON_CAPITALISED:
            continue
        facts.append(name)
    return [f for f in facts if f]


def unsupported_sentences(answer: str, passages: dict[int, str]) -> list[dict]:
    """Sentences whose numbers, dates or names appear in none of the passages they cite."""
    flagged: list[dict] = []
    folded = {n: re.sub(r"[\s\u202f]", "", fold(text)) for n, text in passages.items()}
    folded_spaced = {n: fold(text) for n, text in passages.items()}
    for sentence in split_sentences(answer):
        facts = _facts(sentence)
        if not facts:
            continue
        cited = [n for n in citations_in(sentence) if n in passages]
        missing = []
        for fact in facts:
            key = fold(fact)
            compact = re.sub(r"[\s\u202f]", "", key)
            if not any(compact in folded[n] or key in folded_spaced[n] for n in cited):
                missing.append(fact)
        if missing:
            flagged.append({"sentence": _CITATION.sub("", sentence).strip(), "missing": missing, "cited": cited})
    return flagged
