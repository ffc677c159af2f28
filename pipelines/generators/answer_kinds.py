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
perpetuity", :data:`_OPEN_DURATION`): that answers "how long" as well as « deux ans » does; and a date is
also given relative to another one as something's end ("until the day immediately preceding the fifth
anniversary of the Original Expiry Date", :func:`gives_a_relative_date`).

A count (« combien de salariés ? », "how many rooms", :func:`asks_a_count`) is no kind of its own: the
check by meaning refuses for it a passage that writes no number counting anything (:func:`writes_a_count`).
"""

from __future__ import annotations

import itertools
import re
from typing import Literal

from greffier.compliance.quantities import amounts, durations, percentages
from greffier.dataroom.normalize import MONTHS, find_dates
from greffier.lexicon import load_lexicon
from greffier.text import STOPWORDS, content_tokens, fold, tokenize
from greffier.text.function_words import is_function_word
from greffier.text.language import question_language

AnswerKind = Literal["duration", "date", "amount", "size"]

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
    # a deadline (walkthrough 23: « Au plus tard quand faut-il prévenir Framewave … ? » got the 90 days, not the day they fall on)
    r"|au plus tard quand|d'ici quand|avant quand|what is the deadline|what(?: is the)? latest date|no later than when"
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

# … with no sum named after it: "how large is the liability cap", "what is the size of the termination fee" ask for an amount
_NO_SUM_AFTER = rf"(?![^?]*\b(?:{_MONEY_NOUNS}|caps?|limits?|penalt(?:y|ies)|fines?|damages|interest|loss(?:es)?)\b)"
# A size: how big a thing is (« quelle est la surface de la boutique ? », "how big may the portal be?", « combien d'espace
# disque ? »); "how long" asks for a length of time (:data:`_DURATION`, looked for first), « combien de m² » for a size too.
_SIZE = re.compile(
    rf"\b(?:how (?:big|large|wide|tall|heavy){_NO_SUM_AFTER}|(?<!in )what (?:is (?:the )?)?(?:[a-z]+ ){{0,2}}(?:size|floor area|surface area|surface|dimensions?|floor space|storage capacity|square (?:footage|metres|meters))\b{_NO_SUM_AFTER}"
    r"|how much (?:[a-z]+ )?(?:space|storage|room|area)\b|(?:quel|quelle)s? (?:est |sont )?(?:la |les |le )?(?:[\w']+ ){0,2}"
    rf"(?:surface|superficie|taille|dimensions?|contenance|capacite de stockage|emprise)\b(?![^?]*\b(?:{_MONEY_NOUNS}|plafond|penalite|indemnite|interets?)\b)"
    r"|combien d(?:e |')(?:espace|m2|m²|metres? carres|hectares?|surface))"
)
# The units a size is written in, after its number: « 85 m² », « 1 200 mètres carrés », "125 x 125 pixels", "10 GB of disk space"
_SIZE_UNITS = re.compile(
    r"\d(?:[\d\s.,\u202f\u00a0]*\d)?\s*(?:x\s*\d(?:[\d\s.,]*\d)?\s*)?(?:-\s*)?"
    r"(?:m²|m2|m 2|metres? carres|meters? carres|square (?:feet|foot|metres?|meters?|yards?)|sq\.? ?(?:ft|m|feet)|ft²|pixels?|px|hectares?|ha"
    r"|acres?|cm|mm|km|metres?|meters?|feet|foot|inches|pouces|[kmgt]b|gigabytes?|megabytes?|terabytes?|gigaoctets?|megaoctets?"
    r"|litres?|liters?|tonnes?|tons?|kg|kilos?)\b"
)


# French storage units, read as written: « 50 Go » (folded, "5 to 10 days" would read as one)
_OCTETS = re.compile(r"\d\s*[KMGT]o\b")


def gives_a_size(text: str) -> bool:
    """Whether ``text`` writes a size: a number and its unit of area, length, storage, volume or weight (:data:`_SIZE_UNITS`)."""
    return bool(_SIZE_UNITS.search(fold(text).replace("’", "'")) or _OCTETS.search(text))


# A length of time written without a number: the length of another thing, or none at all.
_OPEN_DURATION = re.compile(
    r"\b(?:(?:pour|pendant|durant) (?:toute |l'ensemble de )?la duree (?:de |du |des |d')"
    r"|(?:a|pour une) duree indeterminee|a titre perpetuel|a perpetuite|perpetuel(?:le)?(?:ment)?"
    r"|for the (?:entire |whole |full )?(?:duration|term|life|lifetime|period) of|throughout the (?:term|duration|life) of"
    r"|in perpetuity|perpetual(?:ly)?|for an (?:indefinite|unlimited) (?:term|period|duration)|indefinitely)"
)


# A term that runs to a date: "shall remain in force until March 31, 2027", « prendra fin le 30 juin 2027 », "expires on …" — how long
# the contract lasts, written as its end (« Quelle est la durée du contrat Brightwater ? » quoted a non-solicitation's "twelve months")
# (said of the contract or its term — not prices "fixed until", nor a start « en vigueur le … »: the review of the round)
_TERM_TO_A_DATE = re.compile(
    r"\b(?:(?:remain|remains|continue|continues|be|is) in (?:full )?(?:force|effect) until|(?:restera|demeurera|reste|demeure) en vigueur jusqu'(?:au|a)"
    r"|(?:shall |will )?(?:continue|run|last)s? until|expire[sd]? on|expiring on|(?:end|ends|terminate[sd]?) on|prend(?:ra)? fin le|s'achev\w* le"
    r"|expire(?:ra)? le|arrive(?:ra)? a (?:son )?(?:terme|echeance) le|court jusqu'(?:au|a)|conclu\w* jusqu'(?:au|a))"
)
_OF_THE_CONTRACT = re.compile(r"\b(?:agreement|contract|lease|term|licen[cs]e|contrat|bail|convention|duree|licence|accord|il|elle|it)\b")


def gives_a_term_to_a_date(text: str) -> bool:
    """Whether ``text`` writes a term that runs to a date (:data:`_TERM_TO_A_DATE` and a date after it), said of the contract."""
    folded = " ".join(fold(text).replace("’", "'").split())
    return any(
        find_dates(folded[match.end() :]) and _OF_THE_CONTRACT.search(folded[max(0, match.start() - 80) : match.start()])
        for match in _TERM_TO_A_DATE.finditer(folded)
    )


# The words that name the kind of answer asked (folded search tokens): its nouns, "long" of "how long", the verbs of
# lasting ("run", « dure »). « Au-delà de quel montant … ? » asks for a sum: a passage that writes one (« supérieur
# à 300 000 euros ») answers without the word « montant ».
KIND_WORDS: dict[str, frozenset[str]] = {
    # (« terme » and "term": an English agreement's duration is its term — « Quelle est la durée du contrat de fourniture ? » abstained on
    # "for a term of three years"; a passage must still give a length to answer)
    "duration": frozenset({"duree", "delai", "delais", "periode", "temps", "longueur", "period", "duration", "length", "time", "long",
                          "run", "runs", "last", "lasts", "dure", "durent", "durera", "dureront", "term", "terme"}),
    "date": frozenset({"date", "dates"}),
    "amount": frozenset({"montant", "montants", "somme", "sommes", "amount", "amounts", "sum", "sums"}),
    "size": frozenset({"surface", "superficie", "taille", "dimension", "dimensions", "contenance", "espace", "size", "area", "big", "large",
                       "space"}),
}


# The words a term's date is written beside: its period, its end (folded search tokens)
TERM_WORDS = frozenset({"periode", "period", "duree", "term", "terme", "echeance", "expiration", "expiry", "expire", "expires", "fin", "end", "ends",
                        "until", "jusqu"})
# How a question says a contract holds its parties, which a date asked of it asks no more than "until when": « Jusqu'à quand sommes-nous
# engagés au titre du bail ? », "Until when are we bound by the lease?" (the CLI walk of round 41 abstained, the term article holding
# neither word)
BOUND_WORDS = frozenset({"engage", "engages", "engagee", "engagees", "lie", "lies", "liee", "liees", "tenu", "tenus", "tenue", "tenues",
                         "titre", "bound", "tied", "committed", "locked"})


# A date written relative to another one: "the day immediately preceding the fifth (5th) anniversary of the Original Expiry Date"
# (walkthrough 17's amendment), « la veille du deuxième anniversaire », "the last day of the month following …"
_RELATIVE_DATE = re.compile(
    r"\b(?:until|till|through|expir\w*|end|ends|terminat\w*|jusqu|fin|vigueur|effect|force)\b[^.;]{0,80}?"
    r"\b(?:anniversar(?:y|ies)|anniversaires?|the last day of|le dernier jour d)"
)  # … as the end of something lasting: a fee due "on each anniversary" is no end


def gives_a_relative_date(text: str) -> bool:
    """Whether ``text`` writes a date relative to another one (:data:`_RELATIVE_DATE`): it answers "until when"."""
    return bool(_RELATIVE_DATE.search(" ".join(fold(text).replace("’", "'").split())))


def gives_an_open_duration(text: str) -> bool:
    """Whether ``text`` writes a length of time without a number (:data:`_OPEN_DURATION`)."""
    return bool(_OPEN_DURATION.search(" ".join(fold(text).replace("’", "'").split())))  # a PDF's line breaks, runs of spaces


# A count: « combien de chambres », "how many rooms", « le nombre de places », "what number of shares". « Combien de jours »
# and "how many months" ask for a length of time (:data:`_DURATION`), looked for first.
_COUNT = re.compile(r"\b(?:how many|combien d(?:e |')|(?:quel|what) (?:est |is )?(?:le |the )?nombre d(?:e |')|(?:the |le )?number of|nombre d(?:e |'))")
# The numbers a count is written with: digits, or the words of both languages (« un » and « une » are articles as often)
_NUMBER_WORDS = frozenset({
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
    "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    "hundred", "thousand", "million", "millions", "dozen", "deux", "trois", "quatre", "cinq", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize", "vingt", "vingts", "trente", "quarante", "cinquante", "soixante", "cent", "cents",
    "mille", "douzaine",
})


def asks_a_count(question: str) -> bool:
    """Whether ``question`` asks how many of something there are (not how many days: a length of time)."""
    folded = " ".join(fold(question).replace("’", "'").split())
    return asked_kind(question) is None and bool(_COUNT.search(folded))


# Words a number beside is a reference, not a count: "Section 16", « article 4 », "Exhibit 2"
_CITING = frozenset({"section", "sections", "article", "articles", "clause", "clauses", "annex", "annexe", "schedule", "exhibit", "appendix",
                     "paragraph", "paragraphe", "page", "pages", "no", "numero", "number"})
# … a year's ("in 2019", « depuis 2015 »: the stop words gone, a year is a number of the century not followed by a plural), an
# address's ("47 quai des Chartrons, 33000 Bordeaux", "200 Lake Street, Suite 400") and a sum's or a rate's ("EUR 1,500,000", "five
# percent (5%)"): none counts things
STREET_WORDS = frozenset({"rue", "quai", "avenue", "av", "boulevard", "bd", "street", "st", "road", "rd", "place", "allee", "chemin", "route", "cours",
                          "impasse", "suite", "floor", "etage", "lane", "drive", "way", "square", "bp", "cedex"})
_MONEY = frozenset({"eur", "euro", "euros", "usd", "dollar", "dollars", "gbp", "pound", "pounds", "chf", "livres", "percent", "pourcent", "pct",
                    "ht", "ttc"})
COUNT_WINDOW = 5  # words after a street's name within which a five-digit number is its postcode


def _not_a_count(tokens: list[str], i: int) -> bool:
    # a date ("July 1, 2020", « 3 mars »), a year, a reference, an address, a postcode, a sum or a rate: no count
    token = tokens[i]
    before, after = tokens[max(0, i - 2) : i], tokens[i + 1 : i + 2]
    if any(t in MONTHS for t in [*before, *after]) or (i > 0 and (tokens[i - 1] in _CITING or tokens[i - 1].isdigit())):
        return True  # (after another group of digits: a number written in groups, « 829 604 118 », counts nothing of its own)
    if token.isdigit() and len(token) == 4 and token[:2] in ("19", "20") and not (after and after[0].endswith(("s", "x")) and not after[0].isdigit()):
        return True  # a year, unless it counts a plural right after it ("2000 shares", « 2000 bouteilles »)
    if after and after[0] in STREET_WORDS:
        return True
    if token.isdigit() and len(token) == 5 and any(t in STREET_WORDS for t in tokens[max(0, i - COUNT_WINDOW) : i]):
        return True
    return any(t in _MONEY for t in tokens[max(0, i - 1) : i + 2])


def writes_a_count(tokens: list[str]) -> bool:
    """Whether a passage's words (``tokens``, in their order, :func:`greffier.text.tokenize`) write a number that counts something —
    digits or the words of either language, not a date, a year, an article's reference, an address or a sum: « 120 chambres », "three
    (3) warehouses", "options to purchase 2000 shares". The definitions of a hotel's rooms revenue and of "the hotel located at 47 quai
    des Chartrons, 33000 Bordeaux" write none (walkthrough 16). Whether the number counts what is asked is the rest of the check's:
    a passage must hold the thing asked, in some wording, to be judged at all."""
    return any((token.isdigit() or token in _NUMBER_WORDS) and not _not_a_count(tokens, i) for i, token in enumerate(tokens))


# A yes-or-no question about whether something changed a length, a date or a sum: "Did the April amendment change how long the
# supply agreement lasts?" (walkthrough 24) is answered by "Clause 3 (Term) remains unaffected", which gives no length
# (in French: « L'avenant n° 2 a-t-il changé jusqu'à quand dure le contrat ? », « Est-ce que l'avenant modifie combien de temps … ? », a
# question that inverts its subject or opens with « est-ce que », and says what the question word is of after it; not one that opens with
# the question word, « Jusqu'à quand l'avenant a-t-il prolongé le bail ? », nor « Le bail a-t-il été prolongé jusqu'à quand ? »: the date)
_WHETHER_CHANGED = re.compile(
    r"^(?:did|does|do|has|have|had|will|would|could|can|is|was)\b[^?]{0,80}?\b(?:chang|alter|affect|modif|shorten|lengthen|mov|extend)\w*"
    r"\s+(?:\w+\s+){0,3}?(?:how|when|what|until)\b"
    r"|^(?!(?:jusqu'a|quand|combien|a quelle|quelle|quel|depuis|pendant|en combien|pour combien|dans quel)\b)(?=est-ce qu|[^?]*\w-(?:t-)?(?:il|elle|on|ils|elles)\b)"
    r"[^?]{0,80}?\b(?:chang|modifi|prolong|proroge|allong|raccourc|repouss|decal|affect)\w*(?:-t)?(?:-(?:il|elle|on|ils|elles))?"
    r"\s+(?:[\w']+\s+){0,3}?(?:combien|jusqu'a quand|quand|a quelle date|quelle date)\b(?=\s+[\w'])"
)


# A question whether a contract is still in force (yes or no), not until when: "is it still in force?", « est-il toujours en
# vigueur ? » — not "has it expired?" (a yes there is a no here: a review)
STATUS_ASKED = re.compile(
    r"\b(?:still (?:be |remain |stay )?(?:in (?:full )?(?:force|effect)|valid|running|binding|current|active|live)"
    r"|(?:toujours|encore) (?:en vigueur|valable|valide|en cours))\b"
)


# … of the contract itself, as it stands: not after an event (« après la cession », "after the sale", "upon termination"), nor of
# one of its clauses ("the Seller's non-compete", « la clause résolutoire ») — a review: those read the contract's end for them
STATUS_NOT_OF_THE_CONTRACT = re.compile(
    r"\b(?:after|following|upon|despite|notwithstanding|once|if|when|in (?:case|the event) of|apres|malgre|en cas de|a la suite|lorsque|si|des que"
    r"|clauses?|covenants?|provisions?|undertakings?|obligations?|non-?compete|non-?competition|non-?solicitation|exclusivity|warrant(?:y|ies)"
    r"|stipulations?|engagements?|non-?concurrence|exclusivite|garanties?|confidential\w*|confidentialite)\b"
)


# A contract named by the clause it is about (« l'accord de confidentialité », "the non-compete agreement"): the contract, not one of its
# clauses (walkthrough 23: « L'accord de confidentialité avec Northbridge est-il toujours en vigueur ? » abstained)
CONTRACT_NAMED_BY_A_CLAUSE = re.compile(
    r"\b(?:accord|contrat|convention|pacte|protocole)s? (?:de |d')(?:confidentialite|non-?concurrence|exclusivite|garantie|non-?sollicitation)\b"
    r"|\b(?:confidentiality|non-?disclosure|non-?compet\w*|exclusivity|guarantee|warranty|non-?solicitation) (?:agreement|deed|undertaking)s?\b"
)


def sentence_kind(question: str) -> AnswerKind | None:
    """The kind of answer a quoted sentence should give for ``question``: :func:`asked_kind`, or a date for a question whether a
    contract is still in force (walkthrough 27: "… still be binding in mid-2028?" quoted the term article's « entre en vigueur à la date
    de sa dernière signature », not its « prend fin … au plus tard le 30 juin 2027 »)."""
    folded = fold(question).replace("’", "'")
    # (of the contract itself: "Is the Seller's non-compete still binding if it no longer holds any shares?" asks of a clause — the review)
    of_the_contract = not STATUS_NOT_OF_THE_CONTRACT.search(CONTRACT_NAMED_BY_A_CLAUSE.sub(" ", folded))
    return asked_kind(question) or ("date" if STATUS_ASKED.search(folded) and of_the_contract else None)


def asked_kind(question: str) -> AnswerKind | None:
    """The kind of answer ``question`` asks for, or None (see the module docstring). A length of time
    is looked for before a date, and a date before a sum (« combien de temps » is not a sum). None for a
    question whether something changed one (:data:`_WHETHER_CHANGED`)."""
    folded = fold(question).replace("’", "'")
    if _WHETHER_CHANGED.search(folded.strip()):
        return None
    for kind, pattern in (("duration", _DURATION), ("date", _DATE), ("size", _SIZE), ("amount", _AMOUNT)):
        if pattern.search(folded):
            return kind  # type: ignore[return-value]
    return None


# A question on until when something lasts, not on a time limit to act (« Dans quel délai … signaler un défaut ? », « combien de temps
# … a-t-elle pour changer de nom ? ») nor on a day something happened (« À quelle date a-t-elle pris ses fonctions ? »)
_UNTIL_WHEN = re.compile(r"\b(?:jusqu'a quand|jusqu'a quelle date|until when|till when|up to when|until what date)\b")


def asks_until_when(question: str) -> bool:
    """Whether ``question`` asks until when something lasts (:data:`_UNTIL_WHEN`)."""
    return bool(_UNTIL_WHEN.search(fold(question).replace("’", "'")))


def asks_a_date(question: str) -> bool:
    """Whether ``question`` asks for a date anywhere, even beside a length it asks first (« Quel préavis … et jusqu'à quand peut-on le
    donner ? », "What notice … and by when?": the app walk of round 34)."""
    return bool(_DATE.search(fold(question).replace("’", "'"))) or bool(_BY_WHEN.search(fold(question)))


_BY_WHEN = re.compile(r"\b(?:by when|au plus tard quand|d'ici quand)\b")


def gives_a_quantity(text: str, kind: AnswerKind | None = None) -> bool:
    """Whether ``text`` writes a date, a length of time, a sum or a percentage: a passage that writes
    none cannot answer a question that asks for one (a blank « le ____ » is none). For a length of time
    or a date asked (``kind``), a length written without a number counts too (:data:`_OPEN_DURATION`); for a size, only a size
    (:func:`gives_a_size`): the lease's rent does not say how big the shop is."""
    if kind == "size":
        return gives_a_size(text)
    if find_dates(text) or durations(text) or amounts(text) or percentages(text):
        return True
    return (kind in ("duration", "date") and gives_an_open_duration(text)) or (kind == "date" and (gives_a_relative_date(text) or gives_a_month(text)))


# A month and its year (« en mars 2029 », "in March 2029"): a date to the month, which answers "when" (no day: no date the
# data room reads)
_MONTH_AND_YEAR = re.compile(
    r"\b(?:janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|january|february|march|april|may|june"
    r"|july|august|september|october|november|december)\s+(?:19|20)\d\d\b"
)


def gives_a_month(text: str) -> bool:
    """Whether ``text`` writes a month and its year (« le bail expire en mars 2029 »)."""
    return bool(_MONTH_AND_YEAR.search(fold(text)))


def holds_kind(kind: AnswerKind | None, sentence: str) -> bool:
    """Whether ``sentence`` gives an answer of ``kind``: a length of time; a date, or the length of
    time that fixes one ("for two years from signature"); a sum or a percentage. False for no kind."""
    if kind == "duration":
        return bool(durations(sentence)) or gives_an_open_duration(sentence) or gives_a_term_to_a_date(sentence)
    if kind == "date":
        return bool(find_dates(sentence) or durations(sentence)) or gives_a_relative_date(sentence) or gives_a_month(sentence)
    if kind == "amount":
        return bool(amounts(sentence) or percentages(sentence))
    if kind == "size":
        return gives_a_size(sentence)
    return False


# The words that ask "which thing": « quel préavis », "what discount", "which law", « combien de jours ».
_DETERMINERS = frozenset({"quel", "quelle", "quels", "quelles", "what", "which"})
_PRONOUNS = frozenset({"lequel", "laquelle", "lesquels", "lesquelles"})
# … the question word only at the start or after a comma (« …, lequel l'emporte ? »), not a relative pronoun after a noun
# (« dans le contrat auquel se rattache la commande, quel est … »)
_ASKING_PRONOUN = re.compile(r"(?:^|[,;:]\s*)(?:et\s+)?(?:lequel|laquelle|lesquels|lesquelles)\b")
_QUANTIFIERS = {"combien": frozenset({"de", "d"}), "how": frozenset({"much", "many"})}
# Units a figure is counted in (« combien d'années », « d'euros », « d'heures »): the thing asked is the length or the sum, not the word
_UNITS = frozenset("an ans annee annees heure heures euro euros unite unites".split())
# A subject pronoun after the question word: a verb comes next, not the noun asked ("what is she paid for it")
_SUBJECT_PRONOUNS = frozenset({"she", "he", "it", "they", "we", "you", "i", "il", "elle", "ils", "elles", "on", "nous", "vous"})
# "Who is the mediator", « Qui est le garant »: a role asked by who holds it (the role word after the article)
_WHO_IS_THE = re.compile(r"^\s*(?:who|qui)\s+(?:is|are|was|will\s+be|est|sont|sera|seront)\s+(?:the|le|la|les|l')\s*([a-z][\w'-]*(?:\s+[a-z][\w-]*){0,3})")
# What ends an English role's name after "who is the …" besides a preposition: a participle ("the data protection officer named in …")
_ROLE_ENDS = frozenset({"named", "appointed", "designated", "listed", "mentioned", "referred", "identified", "responsible"})
# Between the question word and its noun: a copula and an article (« quel est le préavis », "what is the discount").
_FRAME = frozenset({"est", "sont", "etait", "etaient", "sera", "seront", "is", "are", "was", "were", "will", "be", "le", "la", "les", "l",
                    "the", "a", "an", "un", "une", "des", "du", "de", "d"})
# Nouns that ask about an aspect, not a thing a passage must name: « quelles sont les obligations du bailleur ? » is
# answered by « le Bailleur s'engage à … », which never writes "obligation"; lengths, dates and sums are the
# answer kinds' (:func:`asked_kind`), which the passage must write instead.
_ASPECTS = frozenset({
    "obligation", "obligations", "droit", "droits", "condition", "conditions", "modalite", "modalites", "consequence", "consequences",
    "regle", "regles", "clause", "clauses", "stipulation", "stipulations", "disposition", "dispositions", "terme", "termes", "effet", "effets",
    "cas", "chose", "choses", "raison", "raisons", "motif", "motifs", "type", "types", "nature", "forme", "formes", "role", "engagement",
    "engagements", "mesure", "mesures", "limite", "limites", "duree", "delai", "delais", "periode", "date", "dates", "montant", "somme", "sommes",
    "duty", "duties", "right", "rights", "terms", "term", "provision", "provisions", "rule", "rules",
    "kind", "kinds", "sort", "form", "reason", "reasons", "grounds", "thing", "things", "happens", "happen", "steps", "step", "requirements",
    "requirement", "commitments", "commitment", "restrictions", "restriction", "limits", "limit", "period", "duration", "amount", "sum",
    "extent", "way", "ways", "manner", "circumstances", "events", "event", "cases", "case", "situations", "situation", "temps", "time",
    # measures: what they measure is named otherwise (« quel volume » → "the number of photos … totals 50,000")
    "volume", "volumes", "nombre", "quantite", "quantites", "niveau", "seuil", "number", "quantity", "quantities", "level", "threshold",
    "pourcentage", "percentage", "taux", "rate", "proportion", "part", "share", "frequence", "frequency", "length", "lengths", "longueur",
})


# The measures a question asks of a thing (« la durée de … », "the amount of …"): the thing is what an answer must speak of.
_MEASURES = frozenset({
    "duree", "delai", "delais", "periode", "date", "dates", "montant", "somme", "sommes", "temps", "longueur", "nombre", "quantite",
    "niveau", "seuil", "pourcentage", "taux", "frequence", "period", "duration", "length", "amount", "sum", "time", "number", "quantity",
    "level", "threshold", "percentage", "rate", "frequency", "volume", "proportion",
})
_OF = frozenset({"de", "du", "des", "d", "of"})
# English adjectives of time or standing that qualify the noun asked, never are it: "what annual bonus" asks for a bonus (the
# salary article's « rémunération … annuelle » holds "annual", not what is asked), "which initial term". Not a bound ("what
# minimum value", "maximum", "total"): the bound is what a passage must give.
_QUALIFIERS = frozenset({
    "annual", "yearly", "monthly", "weekly", "daily", "quarterly", "initial", "additional", "further",
    "current", "new", "fixed", "upfront", "exact", "applicable", "relevant", "specific",
})
# French adjectives written before the noun they qualify: « le nouveau prix unitaire » asks for a price (an avenant's price
# "shall be EUR 1,840 … in lieu of EUR 1,620" holds no « nouveau »), « l'éventuelle indemnité »
_QUALIFIERS_FR = frozenset({"nouveau", "nouvel", "nouvelle", "nouveaux", "nouvelles", "ancien", "ancienne", "actuel", "actuelle", "eventuel", "eventuelle"})
# Where an English noun phrase ends: a preposition or a verb of the question's frame ("the notice period for terminating")
_PHRASE_ENDS = frozenset({"of", "for", "under", "in", "to", "by", "with", "on", "at", "from", "does", "do", "did", "can", "may", "must", "should", "shall", "will", "would", "if", "when",
                          "applies", "apply", "applied", "exists", "exist", "governs", "govern", "has", "have", "had", "says", "say"})


# A question whether a contract holds a thing (« Le contrat prévoit-il une commission d'engagement … ? », "Does the agreement provide
# for a commitment fee?", "Is there a break clause?"): the thing is the head — a passage that does not speak of it does not
# answer (the QA's fresh set: the tranche's drawdown sentence answered whether a commitment fee is charged on it)
_HOLDS_A = re.compile(
    r"\b(?:(?:prevoi\w*|contien\w*|comport\w*|stipul\w*|inclu\w*|impos\w*)(?:-t)?-(?:il|elle|ils|elles)"
    r"|(?:y a-t-il|existe-t-il)|(?:provides?|provided) for|(?:contains?|includes?|imposes?|sets? out)|(?:is|are) there)"
    r"\s+(?:(?:une|un|des|de la|du|les|le|la|any|some|an|a)\s+|(?:d'|l')\s*)(?P<noun>[a-z][\w'-]*)"
)


_LIGHT_NOUNS = frozenset("possibility possibilite faculte right rights droit droits option options way ways means moyen moyens".split())


def asked_head(question: str) -> list[str]:
    """The noun a question word governs, as search tokens: « Quelle remise … ? » → ``["remise"]``, "What volume
    discount …?" → ``["discount"]`` (English puts its nouns' qualifiers first: the next word counts too, and
    "volume" is a measure, an aspect), "How many days …" → ``["days"]``. An answer must speak of it: the minimum-purchase article does not
    answer « quelle remise sur volume ». Empty when the question asks with another form ("who", « le bailleur
    peut-il … ? »), or for an aspect (:data:`_ASPECTS`: « quelles obligations », "what happens").

    A measure asked of a thing names the thing: « quelle est la durée de la période d'essai » → ``["essai"]``,
    "what is the length of the trial period" → ``["trial"]``, "how long is the probation period" →
    ``["probation"]``; after an English possessive, the head is what is possessed ("the sales director's
    probation period" → ``["probation"]``).
    """
    words = content_tokens(question)
    folded = fold(question).replace("’", "'")
    if (role := _WHO_IS_THE.match(folded)) and (named := [w for w in content_tokens(role.group(1)) if w not in STOPWORDS and not is_function_word(w)]):
        # "Who is the mediator …?", « Qui est le garant ? »: the role asked is the head (not "the parties": the opening
        # that names them does without the word)
        if named[0] in ("parties", "party", "partie"):
            return []
        if question_language(question) != "en":
            return named[:1]  # « le délégué à la protection des données »: the French noun comes first
        # an English role named by the glossary in several words has its noun last: "the data protection officer" is an officer,
        # which a passage on personal data that names no officer does not speak of (its first words are still asked); another
        # role keeps its first word ("the contact person", "the escrow agent": a passage that says "contact" or "escrow" answers)
        words = content_tokens(role.group(1))
        words = words[words.index("s") + 1 :] if "s" in words[:3] else words  # "the lessee's guarantor": what is possessed
        run = list(itertools.takewhile(lambda w: w not in _PHRASE_ENDS and w not in _ROLE_ENDS and w not in STOPWORDS and not is_function_word(w), words))
        if len(run) > 1 and any(m.start == 0 and m.end == len(run) for m in load_lexicon().find(run)):
            return run[-1:]
        return run[:1] or named[:1]
    asks_with_a_pronoun = bool(_ASKING_PRONOUN.search(folded))
    if (held := _HOLDS_A.search(folded)) and not any(w in ("quel", "quelle", "quels", "quelles", "what", "which", "how") for w in words):
        english = question_language(question) == "en"
        window = content_tokens(folded[held.start("noun") :])[: 2 if english else 1]
        if english and len(window) == 2 and window[1] in _PHRASE_ENDS:
            window = window[:1]  # "any warranty of non-infringement": the noun, then what it is of
        head = [w for w in window if w not in _ASPECTS and w not in STOPWORDS and not is_function_word(w)]
        if head and head[0] not in _LIGHT_NOUNS:  # "a possibility to terminate": what is possible is asked, the search reads it (a review)
            return head
    for i, word in enumerate(words):
        if (word in _PRONOUNS and asks_with_a_pronoun) or (word in ("which", "what") and words[i + 1 : i + 2] in (["one"], ["ones"], ["of"])):
            return []  # « lequel l'emporte ? », "which one wins?": a pronoun governs no noun
        if word in _DETERMINERS:
            start = i + 1
        elif word in _QUANTIFIERS and i + 1 < len(words) and words[i + 1] in _QUANTIFIERS[word]:
            start = i + 2
        elif (word == "combien" and i + 1 < len(words) and words[i + 1] not in _UNITS
              and re.search(r"\bcombien d'\s*" + re.escape(words[i + 1]), folded)):
            # « combien d'abonnés »: the elided « d' » is no token (walkthrough 26: the verb « compte » held « comptes »); not a unit, which
            # the answer's figure writes in its own way (« Combien d'années dure le contrat ? » of « prolongée de vingt-quatre (24) mois »)
            start = i + 1
        elif word == "how" and words[i + 1 : i + 3] in (["long", "is"], ["long", "are"], ["long", "was"], ["long", "will"]):
            start = i + 2  # "how long is the probation period?" asks the length of a thing the copula names
        else:
            continue
        english = word in ("what", "which", "how")
        while True:
            article = False
            while start < len(words) and (words[start] in _FRAME or words[start] in (_QUALIFIERS if english else _QUALIFIERS_FR)):
                article |= words[start] in ("the", "a", "an")
                start += 1
            # "the sales director's probation period": what is possessed, not its possessor ("which state's law" asks for a state)
            if english and article:
                phrase = words[start : start + 6]
                cut = next((j for j, w in enumerate(phrase) if w in _PHRASE_ENDS), len(phrase))
                if "s" in phrase[:cut]:
                    start += max(j for j, w in enumerate(phrase[:cut]) if w == "s") + 1
            if start < len(words) and words[start] in _SUBJECT_PRONOUNS:
                break  # "what is she paid", « que doit-il payer »: a verb follows its subject, no noun is governed
            window = words[start : start + (2 if english else 1)]
            if english and window[1:] and window[1] in _PHRASE_ENDS:
                window = window[:1]  # "what rate applies": the verb that follows is no part of the noun
            if english and window[1:] and window[0] in ("happens", "happen", "occurs", "occur"):
                window = window[:1]  # "what happens financially if …": the verb's adverb is no noun (walkthrough 33)
            head = [w for w in window if w not in _ASPECTS and w not in STOPWORDS and not is_function_word(w)]
            after = start + len(window)
            # a measure of a thing (« la durée de la période d'essai », "the length of the trial period"): the thing is the head
            if not head and window and all(w in _MEASURES for w in window if w not in STOPWORDS) and after < len(words) and words[after] in _OF:
                start = after + 1
                continue
            if not head and len(window) == 1 and window[0] in _MEASURES and re.search(rf"\b{window[0]}\s+d'", folded):
                start = after  # « la période d'essai »: the elided « d' » is no token
                continue
            if not head and english and len(window) == 2 and window[0] in _MEASURES and window[1] in _OF:
                start = after
                continue
            return head
    return []


_FRENCH_OF = re.compile(r"\b(?:de la|de l'|de|d'|du|des)\s+(\w+)")


def asked_complement(question: str, head: list[str] | None = None) -> list[str]:
    """In French, the noun that completes the head a question word governs: « Quelle indemnité de licenciement … ? »
    → ``["licenciement"]``, « Quelle commission d'engagement … ? » → ``["engagement"]``: an answer must speak of both,
    not of any « indemnité »; through a measure, the thing measured keeps its own (« le montant de l'indemnité de
    licenciement » → ``["licenciement"]``). Empty for English questions, for a question that does not open with « quel »
    (« Combien … ? »), when the head's own word is the last (« la durée de la période d'essai » → « essai », nothing after
    it), and when what follows is not a common noun (« le contrat de M. Ferrand »)."""
    head = asked_head(question) if head is None else head  # the caller's, when it has read it already
    if len(head) != 1:
        return []
    folded = fold(question).replace("’", "'")
    words = content_tokens(question)
    held = _HOLDS_A.search(folded)
    # « Quelle indemnité de … ? », and « Le contrat prévoit-il une commission d'engagement … ? » (the thing held is the head)
    if not held and (not words or words[0] not in _DETERMINERS or words[0] in ("what", "which")):
        return []
    if held and question_language(question) == "en":
        return []
    after = re.search(rf"\b{re.escape(head[0])}\s+", folded)
    if after is None or (measured := re.match(r"(?:de la|de l'|de|d'|du|des)\s*", folded[after.end() :])) is None:
        return []
    word = re.match(r"(\w+)", folded[after.end() + measured.end() :])
    if word is None:
        return []
    complement = word.group(1)
    if complement in _MEASURES or complement in STOPWORDS or is_function_word(complement) or len(complement) < 4:
        return []
    # written with a capital in the question, it is a name (« de M. Ferrand », « de Lyon »), not a common noun
    if any(fold(w) == complement and w[:1].isupper() for w in re.findall(r"[^\W\d_]+", question)):
        return []
    return [complement]


# Two things asked in one question, joined by "and" / « et » before the second one's determiner or question word ("What is the
# amount of the loan and its interest rate?", « Quelle est la durée du bail et quel est le loyer ? »): each is judged and answered
# as asked alone (the app walk of round 32: the rate was answered, the amount left out, its article judged to cover nothing asked).
# Not a pair of names or dates ("between the Buyer and the Seller", « entre 2020 et 2025 », "both … and"): those ask one thing.
_QUESTION_WORD = r"(?:what|which|how|when|who|whom|where|is|are|does|do|may|can|quel(?:le)?s?|quand|qui|comment|combien|ou|est-ce|y a|existe)"
_SECOND_THING = re.compile(
    # (… and a preposition before the question word: "How much did the bank lend and at what interest rate?" — walkthrough 24; "…, and is
    # there a ceiling?", « … et y a-t-il un plafond ? »)
    r",?\s+(?:and|et)\s+(?=(?:(?:at|in|on|for|by|a|pour|en|dans|par|sous)\s+(?=what|which|quel))?"
    r"(?:its|their|his|her|the|what|which|how|when|who|where|son|sa|ses|leurs?|le|la|les|l'|quel(?:le)?s?|quand|qui|combien|comment|is there|are there|y a|existe)\b)"
)
_LED = re.compile(r"(?:(?:at|in|on|for|by|a|pour|en|dans|par|sous)\s+|is there\b|are there\b|y a\b|existe\b)")
_WH = re.compile(r"(?:what|which|how|when|who|whom|where|quel(?:le)?s?|quand|qui|comment|combien|ou)\b")
_ONE_THING = re.compile(r"\b(?:between|entre|both|a la fois|respectively|respectivement)\s+[^,;?]{0,60}$")
# (not an "and" after a comma that asks anew: "… when deliveries fall short, and is there a ceiling?")
_CONDITION = re.compile(
    r"\b(?:if|unless|when|where|whether|si|lorsque|quand|au cas ou|en cas de|in case)\b[^?]*?(?<!,)\s(?:and|et)\b"
    r"|\b(?:if|unless|when|where|whether|si|lorsque|quand|au cas ou|en cas de|in case)\b[^?]*?,\s*(?:and|et)\b(?!\s+(?:is there|are there|y a-t-il|what|which|how|who|quel))"
)
_ALL_KIND_WORDS = frozenset().union(*KIND_WORDS.values())
_SAID_OF_THE_FIRST = frozenset({"due", "payable", "apply", "applies", "owed", "exigible", "dus", "applique", "appliquer"})
_PRONOUN = re.compile(r"\b(?:it|they|them|il|elle|ils|elles|cela|ceci)\b")
_NAMED_AFTER_DETERMINER = re.compile(r"(?:the|its|their|le|la|les|l'|son|sa|ses|leurs?)\s*(?-i:[A-ZÀ-Þ])")
_COMPLEMENT = re.compile(r"\b(?:of|de|du|des|d')\s+\w")


def asked_parts(question: str) -> tuple[str, str] | None:
    """The two things ``question`` asks, each as a question of its own (the second with the first one's question words when it
    has none: "What is … and its interest rate?" → "What is its interest rate?"), or ``None`` when it asks one thing."""
    text = " ".join(question.replace("’", "'").split())
    folded = fold(text)
    opening = re.match(rf"{_QUESTION_WORD}\b", folded)
    if opening is None or _CONDITION.search(folded, opening.end()):
        return None  # no question word first; or a condition, whose "and" joins what happens ("if the Tenant fails to pay and …")
    joints = list(_SECOND_THING.finditer(folded))
    if len(joints) != 1:
        return None
    joint = joints[0]
    first, second = text[: joint.start()].strip(" ,"), text[joint.end():].strip()
    if _ONE_THING.search(fold(first)) or not tokenize(first) or not tokenize(second):
        return None
    # the second thing asked is one of its own: words besides a kind's and a pronoun standing for the first ("how long does it last?",
    # "when is it due?" ask of the first thing — the review of the round: judged alone, any length or any "due" answered)
    own = [word for word in tokenize(second) if word not in _ALL_KIND_WORDS and word not in _SAID_OF_THE_FIRST]
    if not own or _PRONOUN.search(re.sub(r"\b(?:y a|existe)-t-il\b", " ", fold(second))):  # « y a-t-il »: no pronoun for the first
        return None
    # (a second question led by a preposition or "is there" follows a question that asks what, not whether: "Can the supplier
    # terminate and on what grounds?" asks one thing — the review of round 34)
    if _LED.match(fold(second)) and not _WH.match(folded):
        return None
    if not re.match(rf"(?:(?:at|in|on|for|by|a|pour|en|dans|par|sous)\s+)?{_QUESTION_WORD}\b", fold(second)):
        # … a thing named, not a party or a role ("the liability of the Seller and the Buyer", « par le Bailleur et le Preneur »), nor one
        # that takes the first thing's complement ("the conditions and the consequences of termination")
        if _NAMED_AFTER_DETERMINER.match(second) or (len(tokenize(first)) < 3 and _COMPLEMENT.search(fold(second))):
            return None
        verb = re.match(r"(?:\S+\s+){0,2}?(?:is|are|was|were|est|sont|etait)\b", folded)  # "What is", « Quel est », « Quelle est »
        if verb is None:
            return None
        second = f"{text[: verb.end()]} {second}"
        # … and two words asked ("its interest rate"), or one that asks another kind of answer (« … et le loyer ? » after a length)
        if len(tokenize(second)) < 2 and asked_kind(second) in (None, asked_kind(first)):
            return None
    return first.rstrip(" ?") + " ?" if question_language(text) == "fr" else first.rstrip(" ?") + "?", second


def as_written(question: str, part: str) -> str:
    """The words of ``part`` (:func:`asked_parts`) that ``question`` writes, without the question words it borrowed: what a
    decision quotes of it (« son taux d'intérêt », not « Quel est son taux d'intérêt ? »)."""
    words, said = part.rstrip(" ?").split(), fold(" ".join(question.replace("’", "'").split()))
    return next((" ".join(words[i:]) for i in range(len(words)) if fold(" ".join(words[i:])) in said), part)
