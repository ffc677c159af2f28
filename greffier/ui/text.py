"""Document text made inert for Markdown display: no emphasis, links, headings, HTML or LaTeX."""

from __future__ import annotations

import re

from greffier.dataroom.vocabulary import law_in, type_in
from greffier.text.lines import unwrap

# Characters Markdown (and Streamlit's $…$ LaTeX) would interpret.
_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def escape_markdown(text: str | None, *, keep_lines: bool = False, rows: bool = False) -> str:
    """``text`` with every Markdown-significant character backslash-escaped (None → "").

    ``keep_lines`` turns each line break into a Markdown hard break, so a passage keeps its lines. ``rows``: the text is Greffier's
    own list (a chat list's contracts, « - CONTRAT … — fin … »), whose lines opening on a dash are shown as a list's rows, not as
    literal dashes (the app walk of round 31); a document's text never is.
    """
    if not text:
        return ""
    escaped = _SPECIAL.sub(r"\\\1", str(text))
    if keep_lines:
        lines = [line.strip() for line in escaped.splitlines()]
        escaped = "  \n".join("- " + line[3:] if rows and line.startswith("\\- ") else line for line in lines)
    return escaped


def as_read(text: str | None, file: str | None = "") -> str:
    """A PDF's passage as a reader reads it: the lines its page wrapped joined, its paragraphs, headings and list items each on a
    line of their own (:func:`greffier.text.lines.unwrap`); the words and their typography as written. The sources panel, the
    viewer, the data-room articles and the exports showed « …into a non-exclusive one by⏎written notice… » (the app walk of round
    31). Another file's lines are its author's (an address, a signature block): kept."""
    return unwrap(text or "") if str(file or "").lower().endswith(".pdf") else (text or "").strip()


def score_of_1(score: float | None, language: str = "en") -> str | None:
    """A passage's score as the app shows it, « score 0.88 of 1 » (« score 0,88 sur 1 » beside a French question's
    answer), on the 0-1 scale the sidebar's minimum score speaks of; None for a score off that scale (boosted past 1
    by a reranker or a rule), which would read as a mistake."""
    if score is None or not 0 <= score <= 1:
        return None
    return f"score {score:.2f} sur 1".replace(".", ",") if language == "fr" else f"score {score:.2f} of 1"


def one_line(text: str | None, limit: int = 160) -> str:
    """``text`` on one line, cut at ``limit`` characters with an ellipsis."""
    flat = " ".join(str(text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


_BREAKS = re.compile(r"[\s_\-–—/·,;]")


def shorten(text: str | None, limit: int = 60) -> str:
    """``text`` on one line, cut at ``limit`` characters at a word boundary (a space, an underscore
    or a dash of a file name), with an ellipsis: never in the middle of a word."""
    flat = " ".join(str(text or "").split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    breaks = [m.start() for m in _BREAKS.finditer(cut)]
    if breaks and breaks[-1] >= limit // 2:
        cut = cut[: breaks[-1]]
    return cut.rstrip(" _-–—/·,;") + "…"


def tail_path(path: str | None, limit: int = 60) -> str:
    """A workspace-relative path that fits ``limit`` characters: the file name always whole, the
    leading folders dropped first (« …/Approvisionnement/Avenant_2_Ferlande_prix.pdf »)."""
    text = str(path or "")
    if len(text) <= limit:
        return text
    parts = text.split("/")
    name = parts[-1]
    kept: list[str] = []
    for folder in reversed(parts[:-1]):
        if len("…/" + "/".join([folder, *kept, name])) > limit:
            break
        kept.insert(0, folder)
    return "…/" + "/".join([*kept, name]) if len(name) + 2 <= limit else shorten(name, limit)


def party_label(entities: dict[str, str], entity_id: str) -> str:
    """A party as the contracts write it (« LISANDRE HOLDING SAS »); its internal id is added only to
    tell apart two parties written alike."""
    name = entities.get(entity_id) or entity_id
    return f"{name} ({entity_id})" if list(entities.values()).count(name) > 1 else name


def law_label(label: str) -> str:
    """A governing law as a filter lists it: its label and, beside it, its English name (« droit suisse · Swiss law »),
    so that typing either finds it."""
    english = law_in(label, "en")
    return f"{label} · {english}" if english != label else label


def type_label(label: str) -> str:
    """A contract type as a filter lists it: its label and its English name (« bail commercial · commercial lease »)."""
    english = type_in(label, "en")
    return f"{label} · {english}" if english != label else label


# Guillemets hold their words with a narrow no-break space (U+202F), as French typography writes them: a line of the
# page never starts with « » » nor ends with « « » (the trace quotes words: « sans « délégué » »)
_OPENING_GUILLEMET = re.compile(r"«[ \t]")
_CLOSING_GUILLEMET = re.compile(r"[ \t]»")


def held_guillemets(text: str) -> str:
    """``text`` with the spaces inside its guillemets made narrow no-break spaces."""
    return _CLOSING_GUILLEMET.sub("\u202f»", _OPENING_GUILLEMET.sub("«\u202f", text))


def breakable(text: str) -> str:
    """``text`` that a narrow column may break after its underscores and hyphens (a zero-width space after each):
    « Contrat_SaaS_ERP_Keralis_2024.pdf » wraps at its parts, not in the middle of a word."""
    return text.replace("_", "_\u200b").replace("-", "-\u200b")
