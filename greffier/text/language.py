"""The language of a text, French or English: py3langid (langid.py's model) restricted to the two.

Measured (benchmarks/library_choices.py): on 600 real texts (CUAD contracts, Code du travail
articles) it and the function-word count it replaced were both always right (80 words: 0.17 ms a
text); on the 174 questions of the bilingual set, py3langid was right 173 times and the function words
decided only 70.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

from greffier.text.fold import fold

LANGUAGES = ("fr", "en")
UNDECIDED = "und"
MIN_CONFIDENCE = 0.8  # below, the text is too short or too mixed to say
_LETTERS = re.compile(r"[^\W\d_]{2,}")
_lock = threading.Lock()


@lru_cache(maxsize=1)
def _identifier() -> Any:  # noqa: ANN401
    from py3langid.langid import MODEL_FILE, LanguageIdentifier  # heavy: its model (0.14 s) loads once, when a language is first asked

    identifier = LanguageIdentifier.from_pickled_model(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(LANGUAGES))
    return identifier


def guess_language(text: str, *, max_words: int = 80) -> str:
    """``"fr"``, ``"en"``, or ``"und"`` when the text has no words or the model is not sure."""
    words = text.split()[:max_words]
    sample = " ".join(words)
    if not _LETTERS.search(sample):
        return UNDECIDED
    with _lock:  # the identifier is not documented as thread-safe
        language, confidence = _identifier().classify(sample)
    return str(language) if float(confidence) >= MIN_CONFIDENCE else UNDECIDED


# The word a question opens on tells its language before the identifier does (« Quand prend fin la licence logicielle ? »
# is English to it: « licence », « logicielle »).
_FRENCH_OPENING = re.compile(r"^(?:qu'|ou |(?:quand|quel|quelle|quels|quelles|qui|que|quoi|comment|pourquoi|combien|est-ce|lequel|laquelle"
                             r"|lesquels|lesquelles|a quel|a quelle|a qui|de quel|de quelle|dans quel|dans quelle|y a-t-il|existe-t-il"
                             r"|jusqu'a quand|a partir de quand|depuis quand|pendant combien|en combien|pour quel|pour quelle|sous quel|sous quelle"
                             r"|avec qui|selon quel|selon quelle|par qui|en cas de)\b)")
_ENGLISH_OPENING = re.compile(r"^(?:what|when|who|whom|whose|which|where|why|how|is|are|does|do|did|can|could|may|might|must|shall|should|will"
                              r"|would|has|have|list|name|until when|by when|from when|since when|for how|in what|in which|under what|under which"
                              r"|to whom|to what|on what|at what|for what|for which|with whom|by whom|in (?:the )?(?:case|event) of)\b")
_OPENING_MARKS = " «\"'-\u2013\u2014"


def question_language(question: str) -> str:
    """A question's language: by the word it opens on when that is a question word of one language (« Quand … »,
    "When …"), else by :func:`guess_language` of its own words, the capitalised ones (names) aside, else of it whole."""
    opening = fold(question).lstrip(_OPENING_MARKS).replace("\u2019", "'")
    if _FRENCH_OPENING.match(opening):
        return "fr"
    if _ENGLISH_OPENING.match(opening):
        return "en"
    # … else by its own words, the names it writes aside (walkthrough 23: "Until when can Chaîne Horizon air Les Veilleurs du Port?" was
    # French to the identifier, and its abstention came in French)
    own = " ".join(w for w in question.split() if not w.lstrip("«\"'“(")[:1].isupper())  # the first word too: "Marée Haute Films must pay …?"
    if len(own.split()) >= 3 and (language := guess_language(own)) != UNDECIDED:
        return language
    return guess_language(question)
