"""The one sentence splitter (:func:`greffier.text.sentences.split_sentences`): where a sentence of a contract ends."""

from __future__ import annotations

import pytest

from greffier.text.sentences import split_sentences


@pytest.mark.parametrize("text", [
    # walkthrough 29: a PDF's line broke between a number in words and its figures, and the quote stopped at "three"
    "6.2 If the gross monthly volume of Card transactions exceeds EUR 40,000,000 for three\n(3) consecutive months, the Bank may require the "
    "Collateral Reserve to be increased in\nproportion, on thirty (30) days' written notice.",
    "Le Preneur pourra donner congé moyennant un préavis de six\n(6) mois, par acte extrajudiciaire.",
    "Notice of fourteen\n(14) days shall be given.",  # the review of the round: the teens
    "Le Salarié s'interdit de solliciter les clients pendant dix-huit\n(18) mois.",
    # walkthrough 32: a plural number word (« quatre-vingts », « cents »): « un contingent de cent quatre-vingts [1] (180) lits » was quoted cut
    "L'Exploitant réserve à l'École un contingent de cent quatre-vingts\n(180) lits pour chaque année universitaire.",
    "Le prix est fixé à deux cents\n(200) euros par mois.",
    "The fee is two million\n(2,000,000) dollars.",
])
def test_a_number_wrapped_before_its_figures_stays_in_its_sentence(text):
    assert split_sentences(text) == [text]


def test_a_list_s_numbered_items_stay_apart():
    assert split_sentences("The Supplier shall provide:\n(1) the goods;\n(2) the services.") == [
        "The Supplier shall provide:", "(1) the goods;", "(2) the services.",
    ]
    # … even after a line ending on a number word that ends its own sentence
    assert split_sentences("The Parties agree on three points.\n(1) The price is fixed.") == ["The Parties agree on three points.", "(1) The price is fixed."]
