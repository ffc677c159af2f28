"""Conversation exports (Markdown / DOCX)."""

from __future__ import annotations

import io

import docx

from greffier.ui.chat import Source, Turn
from greffier.ui.exports import conversation_docx, conversation_markdown

def _turns() -> list[Turn]:
    source = Source(n=1, chunk_id="c01-2", file="room/bail.pdf", page=1, section="Article 1 - Durée", score=0.91, text="Le bail est consenti pour neuf ans.")
    return [
        Turn(index=0, question="Quelle est la durée du bail ?", answer="Neuf ans [1].", sources=[source], status="done", note="extractive"),
        Turn(index=1, question="Et le prix de cession ?", answer="The documents do not say.", abstained=True, status="done"),
    ]


def test_markdown_conversation_quotes_every_cited_passage():
    text = conversation_markdown("Bail", _turns(), backend="none")
    assert text.startswith("# Bail")
    assert "## 1. Quelle est la durée du bail ?" in text and "Neuf ans [1]." in text
    assert "**[1]** room/bail.pdf, p. 1, Article 1 - Durée — score 0.910" in text
    assert "> Le bail est consenti pour neuf ans." in text
    assert "**Abstained**" in text


def test_docx_conversation_has_questions_answers_and_sources():
    document = docx.Document(io.BytesIO(conversation_docx("Bail", _turns())))
    paragraphs = [p.text for p in document.paragraphs]
    assert "1. Quelle est la durée du bail ?" in paragraphs
    assert "Neuf ans [1]." in paragraphs
    assert any(p.startswith("[1] room/bail.pdf, p. 1") for p in paragraphs)
    assert "Le bail est consenti pour neuf ans." in paragraphs
