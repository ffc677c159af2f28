"""Lexical tokens for search in French and English.

Accents and case are folded (« Résiliation » = "resiliation"), elisions are split (« l'article » →
"article", « qu'il » → "il"), and French and English stop words are dropped. The same function is
used for documents and queries, so folding is symmetric.
"""

from __future__ import annotations

import re

from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_FRENCH

from greffier.text.fold import fold

# Bumped when tokenize() changes: the tokens stored for each chunk are then computed again by the
# next writer (2: ligatures expanded, « œuvre » → "oeuvre" instead of "uvre"; 3: thousands written
# with separators are one number, « 50 000 » = "50,000" = "50000").
TOKENIZER_VERSION = 3

# Elided articles and pronouns written with a straight or curly apostrophe.
_ELISION = re.compile(r"\b(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu|presqu)['’ʼ]", re.IGNORECASE)
_TOKEN = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")
# Thousands in French and English: « 50 000 » (space, no-break or narrow no-break space), « 50.000 »,
# "50,000", "$14,500,000.00". Groups of exactly three digits after one to three; a decimal part stays
# written as it is (« 1,5 », "1.25").
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009.,]\d{3})+(?!\d)")
_SEPARATORS = re.compile(r"[ \u00a0\u202f\u2009.,]")

_EXTRA_STOPWORDS = {
    # Frequent in every contract, useless for ranking: keep the list short and obvious.
    "a", "au", "aux", "du", "des", "les", "la", "le", "un", "une", "et", "ou", "en", "par", "pour",
    "sur", "dans", "est", "sont", "ce", "cet", "cette", "ces", "qui", "que", "quoi", "dont", "ne",
    "pas", "plus", "se", "sa", "son", "ses", "leur", "leurs", "il", "elle", "ils", "elles", "y",
    "the", "of", "and", "or", "to", "in", "on", "by", "for", "with", "as", "at", "be", "is", "are",
    "shall", "this", "that", "such", "any", "all", "its", "it", "an",
    # Question words: frequent in queries, rare (and meaningless) in contracts, so their IDF would be high.
    "quel", "quelle", "quels", "quelles", "lequel", "laquelle", "lesquels", "lesquelles", "comment", "combien",
    "pourquoi", "quand", "ou", "est-ce", "existe", "y-a-t-il", "what", "which", "who", "whom", "whose", "how",
    "when", "where", "why", "does", "do", "did", "there",
}

STOPWORDS: frozenset[str] = frozenset(fold(w) for w in (*STOPWORDS_EN, *STOPWORDS_FRENCH, *_EXTRA_STOPWORDS))


# A company's legal form, which names no clause: "a New York limited liability company" is no limitation of liability, « société à
# responsabilité limitée » no liability cap (walkthrough 17: the parties' paragraph answered « quel est le plafond de responsabilité »)
_LEGAL_FORM_WORDS = re.compile(
    r"\blimited\s+liability\s+(?:company|partnership|corporation)\b|\bsoci[ée]t[ée]\s+(?:[àa]\s+)?responsabilit[ée]\s+limit[ée]e\b"
    r"|\bentreprise\s+unipersonnelle\s+[àa]\s+responsabilit[ée]\s+limit[ée]e\b|\bsoci[ée]t[ée]\s+par\s+actions\s+simplifi[ée]e\b",
    re.IGNORECASE,
)


def without_legal_forms(text: str) -> str:
    """``text`` with the companies' legal forms blanked (:data:`_LEGAL_FORM_WORDS`): what a passage says, not who signs it."""
    return _LEGAL_FORM_WORDS.sub(" ", text) if "limit" in text.lower() or "actions" in text.lower() else text


def tokenize(text: str) -> list[str]:
    """Lexical tokens of ``text``: folded, elisions split, stop words removed, order kept."""
    folded = fold(_ELISION.sub(" ", text))
    if any(char.isdigit() for char in folded):
        folded = _THOUSANDS.sub(lambda match: _SEPARATORS.sub("", match.group()), folded)
    if "e-" in folded:
        folded = _E_PREFIXED.sub(r"e\1 \1", folded)
    return [tok for tok in _TOKEN.findall(folded) if tok not in STOPWORDS and (len(tok) > 1 or tok.isdigit())]


# "e-commerce" is the word « ecommerce » a file name writes, and still commerce (walkthrough 26: "its e-commerce warehouse provider"
# and `Contrat_logistique_ecommerce_Colisia.pdf` shared no word)
_E_PREFIXED = re.compile(r"\be-([a-z]{3,})\b")


def content_tokens(text: str) -> list[str]:
    """Like :func:`tokenize` but keeps stop words: used to tell a stop-word-only query apart."""
    return _TOKEN.findall(fold(_ELISION.sub(" ", text)))


# A word written after a prefix and a hyphen is part of another word: « sous-louer » asks about subletting, not letting
# (« Le Bailleur loue au Preneur … » is no answer), "sub-licences" about sublicences; "non-compete" is no "non"
# ("non-commercial"); the tokens split it (:func:`tokenize`), the relevance check must not take the prefix for a word.
_PREFIXED = re.compile(r"\b(sous|sub|non|co|contre|counter|anti|sur|over|under|inter|auto|semi|pre|re|post|vice)-([a-z]+)\b")


# The prefixes that make another act of the word: to sublet is not to let, to subcontract not to contract (a non-exclusive
# licence is still about exclusivity, a post-termination restriction about termination)
WHOLE_WORD_PREFIXES = frozenset({"sous", "sub"})


def prefixed_words(query: str) -> dict[str, str]:
    """The words of ``query`` written only after a prefix and a hyphen, with their prefix: « à sous-louer les locaux »
    → ``{"louer": "sous"}`` (a word also written on its own is not one)."""
    folded = fold(query).replace("’", "'")
    found = {word: prefix for prefix, word in _PREFIXED.findall(folded)}
    return {word: prefix for word, prefix in found.items() if not re.search(rf"(?<!-)\b{word}\b", folded)}
