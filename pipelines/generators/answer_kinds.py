"""What kind of answer a question asks for — a length of time, a date, a sum or a rate — and whether a
text gives one: the extractive answerer prefers, among the sentences that speak of what is asked, the
one that gives it, and the check by meaning keeps for such a question only the passages that write a
quantity (:mod:`pipelines.rankers.relevance`).

The kind is read from the question's form alone, in French or English: the question words of each
language (« combien de temps », "how long"; « jusqu'à quand », "by when"; « combien », "how much",
« quel montant », "what rate"), never from what the question is about. A question of another form
(« quel droit s'applique ? », "who are the parties?", "when may the licensor terminate?", « combien
de salariés ? ») asks for no kind, and nothing changes for it.

What a sentence holds is read by the readers the rest of Greffier uses: durations, amounts and
percentages (:mod:`greffier.compliance.quantities`), dates (:func:`greffier.dataroom.normalize.find_dates`).
A length of time is also given without a number when it is tied to something else's (« pour toute la
durée de protection des droits », "for the term of the Agreement", « à durée indéterminée », "in
perpetuity", :data:`_OPEN_DURATION`): that answers "how long" as well as « deux ans » does.
"""

from __future__ import annotations

import re
from typing import Literal

from greffier.compliance.quantities import amounts, durations, percentages
from greffier.dataroom.normalize import find_dates
from greffier.text import fold

AnswerKind = Literal["duration", "date", "amount"]

_TIME_UNITS = r"(?:jours?|semaines?|mois|ans|annees?|heures?|days?|weeks?|months?|years?|hours?)"
# The question forms of each kind, on the folded question (accents and case out, one space).
_DURATION = re.compile(
    rf"\b(?:combien de temps|pendant combien|combien de {_TIME_UNITS}|(?:quelle|quel) (?:est (?:la |le )?)?(?:duree|delai|periode|preavis)"
    rf"|how long|for how long|how many {_TIME_UNITS}|how much (?:time|notice)|what (?:is (?:the )?)?(?:period|duration|notice|term)\b"
    # English puts the adjectives first: "what is the minimum term", "what is the initial notice period"
    rf"|what (?:is )?the (?:[a-z]+ ){{1,2}}(?:period|duration|notice|term)\b)"
)
# A date: the forms that ask for one. A bare « quand » / "when" asks as often for a condition ("when may
# the licensor terminate?": on a breach) as for a date, so it counts only with a verb of beginning or end.
_DATE = re.compile(
    r"(?:^|\W)(?:a quelle date|quelle (?:est la )?date|jusqu'a quand|a partir de quand|depuis quand|by when|until when|from when"
    r"|(?:on )?(?:what|which) date"
    r"|quand [^?]{0,60}(?:prend\w*(?:-\w+)? fin|expire|commence|debute|entre\w* en vigueur|s'acheve|se termine)"
    r"|when (?:does|do|did|will|is|was) [^?]{0,60}\b(?:expire|end|begin|start|commence|terminate|take effect|come into force))"
)
# « combien » alone asks for a sum (« combien coûte… », « de combien augmente… »), « combien de
# salariés » for a count, which no reader here reads. Nouns that name a sum or a rate, after « quel »,
# « quelle » or "what" (up to four words may come between: "what hourly rate", « quel forfait mensuel »);
# "which fees" asks which ones, not how much.
_MONEY_NOUNS = (
    r"(?:montant|prix|cout|somme|taux|pourcentage|marge|remise|loyer|salaire|remuneration|prime|honoraires|redevances?"
    r"|forfait|cotisation|indemnite|commission|amount|price|cost|sum|rate|percentage|margin|discount|rent|salary"
    r"|compensation|premium|fees?|royalty|royalties)"
)
_AMOUNT = re.compile(
    rf"\b(?:combien(?! d[e'])|how much|(?:quel|quelle|what) (?:(?:est|is) (?:le |la |l'|the )?)?(?:[\w']+ ){{0,4}}{_MONEY_NOUNS}\b)"
)


# A length of time written without a number: the length of another thing, or none at all.
_OPEN_DURATION = re.compile(
    r"\b(?:(?:pour|pendant|durant) (?:toute |l'ensemble de )?la duree (?:de |du |des |d')"
    r"|(?:a|pour une) duree indeterminee|a titre perpetuel|a perpetuite|perpetuel(?:le)?(?:ment)?"
    r"|for the (?:entire |whole |full )?(?:duration|term|life|lifetime|period) of|throughout the (?:term|duration|life) of"
    r"|in perpetuity|perpetual(?:ly)?|for an (?:indefinite|unlimited) (?:term|period|duration)|indefinitely)"
)


def gives_an_open_duration(text: str) -> bool:
    """Whether ``text`` writes a length of time without a number (:data:`_OPEN_DURATION`)."""
    return bool(_OPEN_DURATION.search(" ".join(fold(text).replace("’", "'").split())))  # a PDF's line breaks, runs of spaces


def asked_kind(question: str) -> AnswerKind | None:
    """The kind of answer ``question`` asks for, or None (see the module docstring). A length of time
    is looked for before a date, and a date before a sum (« combien de temps » is not a sum)."""
    folded = fold(question).replace("’", "'")
    for kind, pattern in (("duration", _DURATION), ("date", _DATE), ("amount", _AMOUNT)):
        if pattern.search(folded):
            return kind  # type: ignore[return-value]
    return None


def gives_a_quantity(text: str, kind: AnswerKind | None = None) -> bool:
    """Whether ``text`` writes a date, a length of time, a sum or a percentage: a passage that writes
    none cannot answer a question that asks for one (a blank « le ____ » is none). For a length of time
    or a date asked (``kind``), a length written without a number counts too (:data:`_OPEN_DURATION`)."""
    if find_dates(text) or durations(text) or amounts(text) or percentages(text):
        return True
    return kind in ("duration", "date") and gives_an_open_duration(text)


def holds_kind(kind: AnswerKind | None, sentence: str) -> bool:
    """Whether ``sentence`` gives an answer of ``kind``: a length of time; a date, or the length of
    time that fixes one ("for two years from signature"); a sum or a percentage. False for no kind."""
    if kind == "duration":
        return bool(durations(sentence)) or gives_an_open_duration(sentence)
    if kind == "date":
        return bool(find_dates(sentence) or durations(sentence))
    if kind == "amount":
        return bool(amounts(sentence) or percentages(sentence))
    return False
