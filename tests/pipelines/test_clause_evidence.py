"""A clause type a chunk's vector is near, kept only when the text writes a word of its notion (both languages)."""

from __future__ import annotations

import pytest

from greffier.compliance.classifier import Classification
from greffier.lexicon import load_lexicon
from pipelines.classifiers.clause_classifier import with_word_evidence


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def kept(lexicon, text: str, types: tuple[str, ...], cued: tuple[str, ...] = ()) -> tuple[str, ...]:
    return with_word_evidence([Classification(clause_types=types, cued=cued)], [text], lexicon)[0].clause_types


@pytest.mark.parametrize(
    "text",
    [
        "12. GOVERNING LAW AND JURISDICTION 12.1 This agreement shall be governed by the law of England and Wales. 12.2 Each party "
        "irrevocably agrees that the courts of England and Wales shall have exclusive jurisdiction to settle any such dispute.",
        "Article 11 — Droit applicable et juridiction. Le contrat est soumis au droit français. Tout litige relève de la compétence "
        "exclusive du tribunal de commerce de Lyon.",
    ],
)
def test_a_forum_given_exclusive_jurisdiction_is_no_exclusivity(lexicon, text):
    assert kept(lexicon, text, ("governing_law", "jurisdiction", "exclusivity"), cued=("governing_law", "jurisdiction")) == ("governing_law", "jurisdiction")


def test_a_type_whose_words_the_text_does_not_write_is_dropped(lexicon):
    text = "Article 3 - Durée de la cession. La cession est consentie pour toute la durée de protection des droits d'auteur."
    assert kept(lexicon, text, ("term", "assignment", "exclusivity")) == ("term", "assignment")
    # a territory is a word of exclusivity's notion in the glossary: the type stays
    assert "exclusivity" in kept(lexicon, text.replace("Durée", "Territoire et durée"), ("term", "assignment", "exclusivity"))


@pytest.mark.parametrize(
    ("text", "types"),
    [
        ("Article 3 — Approvisionnement. Le Franchisé s'approvisionne exclusivement auprès du Franchiseur pour les thés vendus sous la marque.",
         ("supply", "exclusivity")),
        ("3. Purchases. The Distributor shall purchase the Products exclusively from the Supplier during the Term.", ("supply", "exclusivity")),
        ("2. Appointment. The Supplier appoints the Distributor as its sole distributor of the Products.", ("supply", "exclusivity")),
    ],
)
def test_a_clause_under_another_heading_that_writes_its_words_keeps_its_type(lexicon, text, types):
    # exclusivity inside a supply or appointment article (issue 16: clauses under other headings)
    assert kept(lexicon, text, types) == types


def test_the_best_type_and_the_types_a_heading_names_stay_without_words(lexicon):
    text = "Clause 9. The parties shall meet once a quarter."
    assert kept(lexicon, text, ("audit", "exclusivity")) == ("audit",)
    assert kept(lexicon, text, ("audit", "exclusivity"), cued=("exclusivity",)) == ("audit", "exclusivity")
    assert kept(lexicon, text, ()) == ()


@pytest.mark.parametrize(
    ("text", "types", "expected"),
    [
        # a French chunk is read with French terms: « contrôle qualité » is no "control", a change of control is one
        ("Le Fournisseur assure le contrôle qualité de chaque lot livré avant expédition.", ("obligations", "change_of_control"), ("obligations",)),
        ("En cas de changement de contrôle du Distributeur, le Fournisseur pourra résilier le contrat.", ("termination", "change_of_control"),
         ("termination", "change_of_control")),
        # a termination for convenience in the words contracts use for it, both ways
        ("Either party may terminate this Agreement at any time upon thirty (30) days' prior written notice to the other party.",
         ("termination", "termination_for_convenience"), ("termination", "termination_for_convenience")),
        ("Le mandat du gérant est révocable ad nutum par décision des associés.", ("governance", "termination_for_convenience"),
         ("governance", "termination_for_convenience")),
    ],
)
def test_the_words_of_a_notion_in_the_chunk_s_language(lexicon, text, types, expected):
    assert kept(lexicon, text, types) == expected
