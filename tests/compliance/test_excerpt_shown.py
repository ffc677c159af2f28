"""What a reader is shown of a long excerpt: whole words before « … », the contract's own « … » untouched."""

from __future__ import annotations

from greffier.compliance.conditions import MAX_EXCERPT, MAX_SENTENCE, excerpt_of, readable_excerpt


def test_a_sentence_cut_inside_a_word_is_shown_up_to_its_last_whole_word():
    sentence = "Le Fournisseur pourra résilier le présent contrat moyennant un préavis de six mois notifié par écrit. " * 6
    stored = excerpt_of([sentence, "Le présent contrat est soumis au droit français."])
    first = stored.split(" … ")[0]
    assert len(first) == MAX_SENTENCE and first.endswith("…")
    shown = readable_excerpt(stored).split(" … ")
    assert shown[0].endswith("…") and shown[0][:-1] in sentence and sentence.startswith(shown[0][:-1])
    assert sentence[len(shown[0]) - 1] == " "  # the word before « … » is whole in the contract's text
    assert shown[1] == "Le présent contrat est soumis au droit français."


def test_the_whole_excerpt_cut_at_its_limit_ends_on_a_whole_word():
    sentences = [f"Article {n} : le Distributeur s'engage à ne pas commercialiser de produits concurrents dans le territoire." for n in range(12)]
    stored = excerpt_of(sentences)
    assert len(stored) == MAX_EXCERPT
    shown = readable_excerpt(stored)
    assert shown.endswith("…") and not shown[:-1].endswith(" ")
    last = shown[:-1].split(" … ")[-1]
    assert any(s.startswith(last) and (len(s) == len(last) or s[len(last)] == " ") for s in sentences)


def test_a_contract_s_own_ellipsis_and_a_short_excerpt_are_shown_as_stored():
    for stored in ("Les cas suivants… ; défaut de paiement", excerpt_of(["Le loyer est payable par trimestre…", "Il est indexé."]), ""):
        assert readable_excerpt(stored) == stored
