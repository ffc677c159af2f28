"""The bilingual bridge without an LLM: a French ↔ English contract-law glossary (see :mod:`greffier.lexicon.lexicon`)."""

from greffier.lexicon.lexicon import KINDS, Concept, Lexicon, LexiconError, Match, Term, load_lexicon

__all__ = ["KINDS", "Concept", "Lexicon", "LexiconError", "Match", "Term", "load_lexicon"]
