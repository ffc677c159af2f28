"""The language of a text: French, English, or undecided when the text says too little."""

from greffier.text.language import guess_language


def test_sentences_of_contracts_in_each_language():
    assert guess_language("le contrat est conclu pour la durée de trois ans et il prend effet à la signature") == "fr"
    assert guess_language("this agreement shall be governed by the laws of the state of new york and any dispute") == "en"


def test_questions_are_short_and_still_told_apart():
    assert guess_language("Quel est le préavis ?") == "fr"
    assert guess_language("Who may terminate the lease early?") == "en"


def test_a_text_without_words_or_too_short_to_say_is_undecided():
    assert guess_language("2024-01-01 — 12 345,00 €") == "und"
    assert guess_language("") == "und"
    assert guess_language("Acme Corp") == "und"
