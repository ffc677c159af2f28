"""Downloads of a conversation with its citations: Markdown or DOCX. (The data-room table's CSV /
XLSX are :mod:`greffier.services.dataroom.export`'s; the flags' are the compliance service's.)"""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from greffier.text import section_label
from greffier.text.replies import ABSTAINED_EXPORT, reply_language, wording
from greffier.ui.text import as_read, score_of_1


def _where(source: dict[str, Any]) -> str:
    parts = [source.get("file") or "?"]
    if source.get("page"):
        end = source.get("page_end")
        parts.append(f"p. {source['page']}" + (f"–{end}" if end and end != source["page"] else ""))
    if section_label(source.get("section"), whole_path=True):
        parts.append(section_label(source["section"], whole_path=True))
    return ", ".join(parts)


def _score(score: float | None, language: str = "en") -> str:
    """« — score 0.88 of 1 » (« — score 0,88 sur 1 » beside a French question), as the chat's sources panel shows it (nothing
    for a score off the 0-1 scale)."""
    label = score_of_1(score, language)
    return f" — {label}" if label else ""


_EXPORTED = {"en": "Exported by Greffier on {when}.", "fr": "Exporté par Greffier le {when}."}
_BACKEND = {"en": "Answering backend: {backend}.", "fr": "{backend}."}  # the French line says « Réponses … » itself
_NO_ANSWER = {"en": "(no answer)", "fr": "(pas de réponse)"}


def _intro(turns: list[Any], backend: str | dict[str, str] | None) -> tuple[str, list[str]]:
    """The conversation's language (its first question's) and the export's opening lines in it: when, and who answered
    (``backend``: one line, or one per language)."""
    language = reply_language(turns[0].question) if turns else "en"
    lines = [wording(_EXPORTED, language, when=datetime.now().strftime("%d/%m/%Y %H:%M" if language == "fr" else "%Y-%m-%d %H:%M"))]
    line = backend.get(language, backend.get("en")) if isinstance(backend, dict) else backend
    if line:
        lines.append(wording(_BACKEND, language, backend=line))
    return language, lines


def conversation_markdown(title: str, turns: Iterable[Any], *, backend: str | dict[str, str] | None = None) -> str:
    """A conversation as Markdown: each question, its answer, and the passages it cites (quoted).

    ``turns`` are :class:`greffier.ui.chat.Turn` objects (question, answer, sources, mode...). ``backend``: who answered,
    one line or one per language (the export speaks its first question's language).
    """
    turns = list(turns)
    language, intro = _intro(turns, backend)
    lines = [f"# {title or 'Conversation'}", "", *intro]
    lines.append("")
    for number, turn in enumerate(turns, start=1):
        lines += [f"## {number}. {turn.question}", ""]
        asked_in = reply_language(turn.question)  # the turn's own words (abstention, scores) in its question's language
        if turn.abstained:
            label, rest = wording(ABSTAINED_EXPORT, asked_in).split(" — ", 1)
            lines.append(f"> **{label}** — {rest}")
            lines.append("")
        lines += [turn.answer or f"_{wording(_NO_ANSWER, language)}_", ""]
        for finding in getattr(turn, "findings", None) or []:  # what the records add: part of the answer
            lines += [finding, ""]
        if turn.note:
            lines += [f"_{turn.note}_", ""]
        if turn.sources:
            lines += ["### Sources", ""]
            for source in turn.sources:
                lines.append(f"**[{source.n}]** {_where(source.__dict__)}" + _score(source.score, asked_in))
                lines.append("")
                for text_line in as_read(source.text, source.file).splitlines():
                    lines.append(f"> {text_line}")
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def conversation_docx(title: str, turns: Iterable[Any], *, backend: str | dict[str, str] | None = None) -> bytes:
    """The same conversation as a Word document (questions as headings, sources quoted)."""
    import docx  # optional: python-docx, for DOCX conversion or export only
    from docx.shared import Pt, RGBColor  # optional: python-docx, for DOCX conversion or export only

    turns = list(turns)
    language, intro = _intro(turns, backend)
    document = docx.Document()
    document.add_heading(title or "Conversation", level=0)
    document.add_paragraph(" ".join(intro))
    for number, turn in enumerate(turns, start=1):
        document.add_heading(f"{number}. {turn.question}", level=1)
        asked_in = reply_language(turn.question)
        if turn.abstained:
            run = document.add_paragraph().add_run(wording(ABSTAINED_EXPORT, asked_in))
            run.bold = True
        document.add_paragraph(turn.answer or wording(_NO_ANSWER, language))
        for finding in getattr(turn, "findings", None) or []:
            document.add_paragraph(finding)
        if turn.note:
            document.add_paragraph().add_run(turn.note).italic = True
        if turn.sources:
            document.add_heading("Sources", level=2)
            for source in turn.sources:
                paragraph = document.add_paragraph()
                paragraph.add_run(f"[{source.n}] ").bold = True
                paragraph.add_run(_where(source.__dict__) + _score(source.score, asked_in))
                quote = document.add_paragraph(style="Quote") if "Quote" in [s.name for s in document.styles] else document.add_paragraph()
                run = quote.add_run(as_read(source.text, source.file))
                run.font.size = Pt(9)
                run.font.color.rgb = RGBColor(0x44, 0x44, 0x44)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
