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
    assert "**[1]** room/bail.pdf, p. 1, Article 1 - Durée — score 0,91 sur 1" in text  # a French question's (the app walk: « of 1 »)
    assert "> Le bail est consenti pour neuf ans." in text
    assert "> **Abstention** — les documents ne répondent pas à cette question." in text  # a French question


def test_docx_conversation_has_questions_answers_and_sources():
    document = docx.Document(io.BytesIO(conversation_docx("Bail", _turns())))
    paragraphs = [p.text for p in document.paragraphs]
    assert "1. Quelle est la durée du bail ?" in paragraphs
    assert "Neuf ans [1]." in paragraphs
    assert any(p.startswith("[1] room/bail.pdf, p. 1") for p in paragraphs)
    assert "Le bail est consenti pour neuf ans." in paragraphs


def test_exports_show_scores_as_the_app_does_and_speak_the_questions_language():
    # The exports printed « score 1.300 » (a boosted score) where the chat says « score 0.88 of 1 », and « Abstained —
    # the documents do not answer this question. » under a French question.
    boosted = Source(n=1, chunk_id="c01-2", file="room/bail.pdf", page=1, section="Article 1 - Durée", score=1.3, text="Le bail est consenti pour neuf ans.")
    fused = Source(n=2, chunk_id="c01-3", file="room/bail.pdf", page=2, score=0.8765, text="Le loyer est de 48 000 euros.")
    turns = [
        Turn(index=0, question="Quelle est la durée du bail ?", answer="Neuf ans [1] [2].", sources=[boosted, fused], status="done"),
        Turn(index=1, question="Et le prix de cession ?", answer="Les documents ne le disent pas.", abstained=True, status="done"),
        Turn(index=2, question="What is the purchase price?", answer="The documents do not say.", abstained=True, status="done"),
    ]
    text = conversation_markdown("Bail", turns)
    assert "1.300" not in text and "score 1.30" not in text
    assert "**[1]** room/bail.pdf, p. 1, Article 1 - Durée\n" in text and "**[2]** room/bail.pdf, p. 2 — score 0,88 sur 1" in text
    assert "> **Abstention** — les documents ne répondent pas à cette question." in text
    assert "> **Abstained** — the documents do not answer this question." in text
    paragraphs = [p.text for p in docx.Document(io.BytesIO(conversation_docx("Bail", turns))).paragraphs]
    assert "Abstention — les documents ne répondent pas à cette question." in paragraphs
    assert "Abstained — the documents do not answer this question." in paragraphs
    assert "[2] room/bail.pdf, p. 2 — score 0,88 sur 1" in paragraphs and not any("1.300" in p for p in paragraphs)
    english = [Turn(index=0, question="How long is the lease?", answer="Nine years [1].", sources=[fused], status="done")]
    assert "**[2]** room/bail.pdf, p. 2 — score 0.88 of 1" in conversation_markdown("Lease", english)


def test_an_export_opens_in_its_conversation_s_language():
    # "Exported by Greffier …", "Answering backend: …" opened a French conversation's export (a walkthrough)
    backend = {"en": "none — answers are extractive", "fr": "Réponses extractives : phrases citées des documents"}
    text = conversation_markdown("Bail", _turns(), backend=backend)
    assert "Exporté par Greffier le " in text and "\nRéponses extractives : phrases citées des documents." in text and "Exported by" not in text
    english = [Turn(index=0, question="How long is the lease?", answer="", status="done")]
    text = conversation_markdown("Lease", english, backend=backend)
    assert "Exported by Greffier on " in text and "Answering backend: none — answers are extractive." in text and "_(no answer)_" in text
    paragraphs = [p.text for p in docx.Document(io.BytesIO(conversation_docx("Bail", _turns(), backend=backend))).paragraphs]
    assert any(p.startswith("Exporté par Greffier le ") and " Réponses extractives : phrases citées" in p for p in paragraphs)


def test_a_pdf_passage_is_exported_as_read_its_wrapped_lines_joined_and_its_typography_kept():
    # the app walk of round 31: the conversation exports quoted a PDF's passage with the page's line breaks (« … by⏎written notice »)
    wrapped = ("8.2 Either party may turn the exclusive licence into a non-exclusive one by\nwritten notice of ninety (90) days.\n"
               "8.3 Le plafond s’applique « par sinistre » — hors\u202ftaxes.")
    source = Source(n=1, chunk_id="c02-8", file="room/licence.pdf", page=3, section="8. Exclusivity", score=0.8, text=wrapped)
    turns = [Turn(index=0, question="Can the licence become non-exclusive?", answer="Yes [1].", sources=[source], status="done")]
    text = conversation_markdown("Licence", turns)
    assert "> 8.2 Either party may turn the exclusive licence into a non-exclusive one by written notice of ninety (90) days." in text
    assert "> 8.3 Le plafond s’applique « par sinistre » — hors\u202ftaxes." in text  # a numbered item keeps its own line
    paragraphs = [p.text for p in docx.Document(io.BytesIO(conversation_docx("Licence", turns))).paragraphs]
    assert any("non-exclusive one by written notice" in p for p in paragraphs), paragraphs
    # another file's lines are its author's: an address or a signature block keeps them (the review of the round)
    block = Source(n=1, chunk_id="c03-9", file="room/bail.docx", page=None, section="Signatures", score=0.8, text="Pour le Bailleur\nJean Martin\nGérant")
    kept = conversation_markdown("Bail", [Turn(index=0, question="Qui a signé ?", answer="[1]", sources=[block], status="done")])
    assert "> Pour le Bailleur\n> Jean Martin\n> Gérant" in kept, kept
