"""Word stems in French and English (Snowball, through PyStemmer): « résiliation » and « résilier »
share "resili", "terminate" and "termination" share "termin".

Tokens are folded (no accents) before they are stemmed, which the French algorithm reads less well
(« résilié » gives "resil", « résilier » "resili"): final vowels are therefore dropped from every stem
(both give "resil"). Stems are compared, never shown or stored: they decide whether a question's word is a glossary term
(:mod:`greffier.lexicon`) and which words of the index are forms of the same word. Tokens are stemmed
after folding (:func:`greffier.text.tokenize`), on both sides, so accents never matter.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache

import Stemmer

STEM_LANGUAGES = {"fr": "french", "en": "english"}
_local = threading.local()  # a PyStemmer object is not thread-safe: one per thread and language


def _stemmer(lang: str) -> Stemmer.Stemmer:
    stemmers = getattr(_local, "stemmers", None)
    if stemmers is None:
        stemmers = _local.stemmers = {}
    found = stemmers.get(lang)
    if found is None:
        if lang not in STEM_LANGUAGES:
            raise ValueError(f"no stemmer for language {lang!r}: use one of {', '.join(STEM_LANGUAGES)}")
        found = stemmers[lang] = Stemmer.Stemmer(STEM_LANGUAGES[lang])
    return found


_FINAL_VOWELS = "aeiouy"
MIN_STEM = 4


# Words the stemmer cuts to another word's stem although they mean something else: « échéancier » (a payment schedule) is not
# « échéance » (a due date, a term's end), so a question about when a contract expires is not answered by its invoicing schedule
# (nor is « financier », financial, « financement », financing: an « acte de nantissement de compte-titres financiers » is no loan agreement —
# the app walk of round 38 answered "the loan agreement" from the pledge too)
_OWN_STEMS = {
    "echeancier": "echeancier", "echeanciers": "echeancier",
    "financier": "financier", "financiers": "financier", "financiere": "financier", "financieres": "financier",
    # (« loyer », the rent, is no « loi », the law, its stem; « départements » no « départ »: the review)
    "loyer": "loyer", "loyers": "loyer", "departement": "departement", "departements": "departement",
    # nouns whose singular and plural the stemmer cuts apart (« la convention de crédits » was no « convention de crédit »: walkthrough
    # 35); a word's own singular in -s (« refus », « anglais ») is left alone (the review)
    "credit": "credit", "credits": "credit", "commission": "commiss", "commissions": "commiss", "conflit": "conflit", "conflits": "conflit",
    "forfait": "forfait", "forfaits": "forfait", "demission": "demiss", "demissions": "demiss", "emploi": "empl", "emplois": "empl",
    "essai": "essai", "essais": "essai", "loi": "loi", "lois": "loi", "envoi": "envoi", "envois": "envoi",
}


def _trimmed(word: str, stemmed: str) -> str:
    if len(word) <= 3 or word[0].isdigit():
        return word
    if (own := _OWN_STEMS.get(word)) is not None:
        return own
    trimmed = stemmed.rstrip(_FINAL_VOWELS)
    return trimmed if len(trimmed) >= MIN_STEM else stemmed


@lru_cache(maxsize=65536)
def stem(token: str, lang: str) -> str:
    """The stem of a folded token in ``lang`` ("fr" or "en"); digits and short tokens are their own stem.

    Raises ValueError for another language."""
    return _trimmed(token, _stemmer(lang).stemWord(token))


def stems(tokens: Sequence[str], lang: str) -> tuple[str, ...]:
    """:func:`stem` of each token, in order."""
    return tuple(stem(token, lang) for token in tokens)


def stem_many(tokens: Sequence[str], lang: str) -> list[str]:
    """Stems of many tokens at once (an index's vocabulary): one PyStemmer call, not cached."""
    words = list(tokens)
    stemmed = _stemmer(lang).stemWords(words)
    return [_trimmed(word, stemmed_word) for word, stemmed_word in zip(words, stemmed)]


# A word's first letters that tell its family (territory, territoire, territoriale; licenciement, licencié; « contrôlé », "control") —
# seven: « départ », "departure" and « départements » share six (walkthrough 17). Where a stem is too strict across the two languages.
FAMILY_PREFIX = 7


def same_family(word: str, other: str) -> bool:
    """Whether ``word`` is ``other`` or a word of its family (the same first :data:`FAMILY_PREFIX` letters, both that long)."""
    return word == other or (min(len(word), len(other)) >= FAMILY_PREFIX and word[:FAMILY_PREFIX] == other[:FAMILY_PREFIX])


def family_held(terms: Sequence[Sequence[str]], tokens: set[str]) -> bool:
    """Whether ``tokens`` hold a word of the family of one of the one-word ``terms`` (:func:`same_family`)."""
    stems = {term[0][:FAMILY_PREFIX] for term in terms if len(term) == 1 and len(term[0]) >= FAMILY_PREFIX}
    return any(token[:FAMILY_PREFIX] in stems for token in tokens if len(token) >= FAMILY_PREFIX)
