"""The language of a text: French, English, or undecided when the text says too little."""

import pytest

from greffier.text.language import guess_language, question_language
from greffier.text.replies import reply_language


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


@pytest.mark.parametrize(("question", "language"), [
    ("Quand prend fin la licence logicielle ?", "fr"),  # « licence logicielle »: English to the identifier (a walkthrough)
    ("Qu’en est-il de la garantie ?", "fr"),
    ("Où est situé le local loué ?", "fr"),
    ("« Quelle est la durée du bail ? »", "fr"),
    ("Le bail est-il renouvelable ?", "fr"),  # no question word: the identifier decides
    ("When does the licence end?", "en"),
    ("Is the licence renewable?", "en"),
    ("Does the franchisee pay a redevance?", "en"),
    ("Quick question: when does the lease end?", "en"),  # a review: « qui », « a qui » at the start of English words
    ("A quick question: who pays the rent?", "en"),
    ("Quebec law: which contracts does it govern?", "en"),
    # its names aside (walkthrough 23: French names made an English question French, and its abstention came in French)
    ("Until when can Chaîne Horizon air Les Veilleurs du Port?", "en"),
    ("By when must Société Générale des Eaux give notice?", "en"),
    ("Jusqu'à quand Northbridge Media Limited peut-elle exploiter The Harbour Watch ?", "fr"),
    ("La licence de The Harbour Watch Company Limited peut-elle être cédée ?", "fr"),
    ("Marée Haute Films must pay a penalty if the film is late?", "en"),  # the first word a name too (the review of the round)
    ("Notice period in the contract with Société Générale des Eaux de Paris?", "en"),
])
def test_a_question_s_language_by_its_question_word(question, language):
    assert question_language(question) == language
    assert reply_language(question) == language
