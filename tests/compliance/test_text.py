"""Clause text as conditions read it: wrapped PDF lines joined, headings and numbered items kept apart."""

from __future__ import annotations

from greffier.compliance.text import paragraphs, sentences


def test_wrapped_lines_are_joined_and_items_kept_apart():
    text = (
        "Article 5 - Termination\n5.1 Either party may terminate this Agreement for convenience, at any time and for any reason or\n"
        "no reason, by giving fifteen (15) days' prior written notice.\n5.2 Either party may terminate for breach."
    )
    assert paragraphs(text) == [
        "Article 5 - Termination",
        "5.1 Either party may terminate this Agreement for convenience, at any time and for any reason or no reason, by giving fifteen (15) days' prior written notice.",
        "5.2 Either party may terminate for breach.",
    ]


def test_headings_stay_whole_and_sentences_are_split():
    text = "5. DURÉE ET RÉSILIATION\nLa mission prendra fin le 31 janvier\n2027. Chacune des parties peut y mettre fin à tout moment."
    assert sentences(text) == [
        "5. DURÉE ET RÉSILIATION",
        "La mission prendra fin le 31 janvier 2027.",
        "Chacune des parties peut y mettre fin à tout moment.",
    ]
