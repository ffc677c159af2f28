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


def test_an_enumeration_wrapped_after_a_semicolon_or_a_colon_stays_one_paragraph():
    french = (
        "La Banque pourra prononcer l'exigibilité anticipée dans l'un des cas suivants : défaut de paiement ; non-respect de l'un des ratios ;\n"
        "inexactitude d'une déclaration ; ouverture d'une procédure collective.\nL'Emprunteur remettra ses comptes chaque année."
    )
    assert paragraphs(french) == [
        "La Banque pourra prononcer l'exigibilité anticipée dans l'un des cas suivants : défaut de paiement ; non-respect de l'un des "
        "ratios ; inexactitude d'une déclaration ; ouverture d'une procédure collective.",
        "L'Emprunteur remettra ses comptes chaque année.",
    ]
    english = "The Borrower shall maintain the following ratios, calculated on the consolidated accounts:\na leverage ratio of 3.0 or less; and\na cover ratio of 1.15 or more."
    assert paragraphs(english) == [
        "The Borrower shall maintain the following ratios, calculated on the consolidated accounts: a leverage ratio of 3.0 or less; and "
        "a cover ratio of 1.15 or more."
    ]


def test_items_with_their_marks_and_a_capital_after_a_colon_stay_apart():
    assert paragraphs("Les parties conviennent :\n- de livrer ;\n- de facturer.") == ["Les parties conviennent :", "- de livrer ;", "- de facturer."]
    assert paragraphs("The Supplier shall:\n(a) deliver;\n(b) invoice.") == ["The Supplier shall:", "(a) deliver;", "(b) invoice."]
    assert paragraphs("Notices:\nAll notices shall be in writing.") == ["Notices:", "All notices shall be in writing."]


def test_a_number_in_figures_after_it_is_written_out_is_no_item():
    # a PDF's line break between "thirty" and "(30)" (walkthrough 14: an answer read "within thirty [1] (30) days")
    english = "which is not remedied within thirty\n(30) days of notice.\n15.2 The Sponsor may terminate."
    assert paragraphs(english) == ["which is not remedied within thirty (30) days of notice.", "15.2 The Sponsor may terminate."]
    french = "dans un délai de trente\n(30) jours à compter de la notification."
    assert paragraphs(french) == ["dans un délai de trente (30) jours à compter de la notification."]
    # an item ending in a number word, then the next item (the review of the round's diff): no unit after the figures
    assert paragraphs("Key terms:\n(1) Number of licensed seats: fifty\n(2) Licence fee: EUR 10,000") == [
        "Key terms:", "(1) Number of licensed seats: fifty", "(2) Licence fee: EUR 10,000",
    ]
    assert paragraphs("The Supplier shall deliver the following:\n(1) the Products;\n(2) the invoices.") == [
        "The Supplier shall deliver the following:", "(1) the Products;", "(2) the invoices.",
    ]
