"""Clause polarity: does a sentence state the clause that a condition's words name, or deny it?

A keyword or a pattern finds words (« tacite reconduction », "exclusive", "assign"); the sentence
around them may say the opposite: "shall not be renewed automatically", « ne sera pas renouvelé par
tacite reconduction », "non-exclusive", « sans exclusivité », "Nothing in this Agreement shall be
construed as exclusive". :func:`read_match` reads the words' polarity in their sentence; every
keyword and regex condition uses it (one helper, not a negation pattern per rule):

* **negation** — a cue before the words whose scope reaches them: verbal ("not", "never",
  "neither", « ne … pas / jamais / plus / point / aucun »), determiners with a short reach ("no",
  "without", "non-", « sans », « aucun », « non »), sentence-wide cues ("nothing", "in no event",
  « rien », « en aucun cas »), or a denial after them ("automatic renewal shall not apply",
  « la tacite reconduction est exclue »; "a change of control of X shall not be considered an
  assignment", « ne sera pas considéré comme une cession », when the words are its subject).
  Words inside the match are part of what the rule looks for: a rule about restrictions writes
  its prohibition into its pattern ("shall not assign", « s'interdit de concurrencer », "in no
  event shall … exceed") and only a negation *of the prohibition* ("nothing shall prevent … from
  assigning") turns it down.
* **scopes** — a negation stops at a clause boundary (";", "except", "unless", "provided", "but",
  « sauf », « toutefois », « à l'exception de »…): in "shall not be assigned, except that either
  party may assign to an Affiliate upon notice" the exception is read on its own. « ne … que » and
  "only (if|upon)" restrict a statement without denying it: the reading is affirmative, with scope
  ``only`` (« ne pourra être résilié que pour faute grave »).
* **statements** — :func:`statement_kind` tells a clause from what only names one: a heading
  ("9.2 Assignment and Change of Control"), a definition ("'Exclusive Territory' means …", « le
  terme « Contrôle » désigne ») or a recital ("WHEREAS …", « Attendu que … »). Those never raise a
  flag; :func:`body_start` gives where a sentence's body starts after an inline title
  ("Exclusivity. Distributor shall …"). A sentence that only says provisions remain unchanged
  ("All other terms, including Section 8 (Change of Control), remain in full force and effect",
  « les autres stipulations … demeurent inchangées ») is ``unchanged``: it restates nothing.
* **time references** — :func:`time_reference` tells words that only date the clause ("for two
  years after the transfer of its shares", « après la cession de leurs titres ») from words that
  say what it is about: a rule marks those with an ``(?P<object>…)`` group.

Everything is read on folded text (no case, no accents), so callers pass the sentence as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from greffier.dataroom.normalize import fold

Polarity = Literal["affirmative", "negated"]
Scope = Literal["plain", "only", "exception"]
StatementKind = Literal["clause", "heading", "definition", "recital", "unchanged"]

# A clause boundary: negation does not reach across it.
_BOUNDARY = re.compile(
    r"[;:]|(?:^|\s)\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)(?=\s)"  # list items "(a)", "(ii)", "(3)"
    # ", and each party's liability …", « , et la responsabilité … »: a clause with a subject of its own
    r"|,\s+(?:and|et)\s+(?=(?:each|the|any|its|their|such|la|le|les|l'|chaque|son|sa|ses|leur|leurs)\b)"
    r"|\b(?:except|excepting|unless|provided|but|however|save|other than|notwithstanding|whereas)\b"
    r"|\b(?:sauf|excepte|hormis|toutefois|cependant|mais|sous reserve|a l'exception|a moins|si ce n'est|nonobstant|en revanche|par derogation)\b"
)
_EXCEPTION = re.compile(r"\b(?:except|excepting|unless|other than|save|sauf|excepte|hormis|a l'exception|a moins|si ce n'est|par derogation)\b")

# Negation cues and how many words may stand between a cue and the words it negates.
_WORD = re.compile(r"[\w'’-]+")
# "no third party has…", "no delegation … shall be deemed…": "no" before a subject negates its verb,
# not the verb of a clause that follows it ("there is no assurance that the Agent will sell…").
# « aucune des parties ne pourra… », « nul ne peut… »: the French subject negation.
_VERBAL = re.compile(
    # "nor shall any change in control … be deemed …": the inverted negation reaches past its subject.
    r"\bnor (?:shall|will|may|can|is|are|does|do|has|have)(?: [\w'&.()-]+){0,15}? (?:be|have|constitute)\b"
    r"|\b(?:not|never|neither|nor|cannot)\b|n't\b|\bno (?:(?!(?:that|which|whether|if)\b)[\w'&.-]+ ){1,10}?(?:shall|will|may|can|is|are|has|have|holds?)\b"
    r"|\b(?:aucune?|nul(?:le)?|personne) (?:[\w'&.-]+ ){0,5}?(?:ne|n')(?=\W|[aeiouyh])"
)
# (a waiver too: « les Parties renonçant expressément à toute tacite reconduction », "the parties waive any automatic renewal" — walkthrough 27)
_DETERMINER = re.compile(
    r"\b(?:no|none|without|non|sans|aucune?|nul(?:le)?s?|ni|excluding|excludes?|exclut|excluent|exclure)\b|\ba l'exclusion (?:de|du|des|d')"
    r"|\brenon(?:ce|cent|cant|cer|ceront|cera|ca|cerait)\b (?:(?:expressement|formellement|irrevocablement|definitivement) )?a (?:toute?|la|le|l'|une?)"
    r"|\bwaiv(?:e|es|ed|ing)\b (?:(?:expressly|irrevocably) )?(?:any|all|the|its|their)"
)
_WIDE = re.compile(r"\b(?:nothing|in no (?:event|case)|under no circumstances?|not (?:be )?(?:under|subject to|bound by|a party to|party to) any|no (?:provision|term|part|right|obligation)s? (?:of|in|under|hereunder|herein)|rien|en aucun cas|aucune (?:stipulation|disposition|clause))\b")
_FRENCH_NE = re.compile(r"\b(?:ne|n')(?=\W|[aeiouyh])|\bn'")
_FRENCH_PAS = re.compile(r"\b(?:pas|plus|jamais|point|nullement|aucunement|guere|aucune?|rien|personne)\b")
_FRENCH_QUE = re.compile(r"\bqu(?:e|')")
# « ne [verb] pas » around the words read (a rule's focus verb: « le Client ne confie pas … à titre exclusif »): « ne » (with
# the pronouns a verb takes) right before them, « pas » right after
_FRENCH_NE_RIGHT_BEFORE = re.compile(r"\b(?:ne|n')\s*(?:(?:se|s'|lui|leur|le|la|les|l'|y|en|me|m'|te|t'|nous|vous)\s*){0,2}$")
_FRENCH_PAS_RIGHT_AFTER = re.compile(r"^\s*(?:pas|plus|jamais|point|nullement|aucunement|guere|aucune?|rien|nulle?)\b")
_ONLY = re.compile(r"\b(?:only|solely|uniquement|seulement)\b")
REACH_VERBAL, REACH_DETERMINER, REACH_WIDE = 7, 3, 24

# Not negations: quantities ("not less than", "no later than"), "not limited to", "not only",
# "whether or not", consent "not to be unreasonably withheld", "without limitation / prejudice".
_NOT_A_NEGATION = re.compile(
    r"\b(?:not|no) (?:less|more|later|earlier|fewer|greater|sooner|longer|exceeding|to exceed|limited to|only)\b"
    r"|\bnot be limited to\b|\bwhether or not\b|\bif not\b|\bor not\b|\bnot (?:to be )?unreasonably\b"
    r"|\bwithout (?:limitation|limiting|prejudice|regard|derogating|restricting)\b|\bno matter\b"
    # the manner of a right, not its denial: "may, without cause, terminate", « pourra, sans motif, résilier »
    r"|\bwithout (?:any )?(?:cause|reason|penalty|liability|charge|justification)\b"
    # "for any reason or none", "for any or no reason": the same manner (a JCT contract's termination at will, walkthrough 18)
    r"|\bfor any reason,? or (?:for )?(?:none|no reason)\b|\bfor any or no reason\b|\bwith or without (?:cause|reason)\b"
    r"|\bsans (?:avoir a (?:justifier|motiver|fournir|indiquer)|(?:aucun )?motif|justification|indemnite|frais|penalite)\b"
    # a payment not made triggers a clause, it does not deny it: "any amount not paid when due shall bear late
    # payment interest", « toute somme non payée à son échéance »
    r"|\b(?:not|non) (?:paid|payee?s?|reglee?s?|settled)\b"
    # a failure named as a noun is a trigger too: « en cas de non-respect du taux de disponibilité », "non-payment"
    r"|\bnon[- ]?(?:respect|paiement|execution|conformite|compliance|performance|payment|delivery|livraison)\b"
    r"|\bsans (?:prejudice|limitation|que)\b|\bnon (?:seulement|plus)\b|\bne (?:\w+ )?pas moins\b|\bpas moins\b|\bno\.\s*\d"
    # what a clause "shall not affect" stands: "the election not to exercise its right of first refusal as to one offer
    # shall not affect its right of first refusal as to any later offer", « n'affectera pas son droit de préemption »
    r"|\b(?:shall|will|does|do|is|are|should|would)(?: not|n't) (?:in any way )?(?:affect|prejudice|impair|diminish)\b"
    r"|\bn'(?:affecte\w*|altere\w*) (?:pas|en rien)\b|\bne (?:porte\w*|portera) pas (?:atteinte|prejudice)\b"
)
# A denial after the words: "automatic renewal shall not apply", « la tacite reconduction est exclue ».
_DENIED_AFTER = re.compile(
    r"^\W*(?:[\w'-]+\W+){0,4}?(?:(?:shall|will|does|do|is|are|may) not (?:apply|be applicable|exist|occur|take place)"
    r"|(?:is|are|shall be) (?:hereby |expressly |specifically )?(?:excluded|waived|disclaimed)"
    r"|(?:est|sont|sera|seront) (?:expressement |formellement |donc )?(?:exclue?s?|ecartee?s?)"
    r"|ne (?:s'appliquer\w*|jouer\w*|sera|seront|est|sont|s'opere\w*) (?:pas|point|jamais)"
    r"|n'(?:est|aura|sera|a) (?:pas|point|jamais))\b"
)

# The words found are declared not to be something: "a change of control of Rogers shall not be
# considered an assignment", « le changement de contrôle ne sera pas considéré comme une cession ».
# Only when they are the subject: no verb inside them ("shall not assign") nor before the denial.
_DENIED_AS = re.compile(
    r"\b(?:(?:shall|will|does|do|is|are|may|should|would)(?: not|n't) (?:be )?(?:deemed|considered|treated|construed|regarded|interpreted|characteri[sz]ed)"
    r"|(?:shall|will|does|do|is|are)(?: not|n't) (?:constitute|amount to|give rise to|trigger)"
    r"|ne (?:sera|seront|est|sont|pourra|pourront|saurait|sauraient) (?:pas|point|en aucun cas) (?:etre )?(?:considere|repute|assimile|regarde|traite|qualifie)e?s?"
    r"|ne (?:constitue|constituera|constituent|vaut|vaudra|emporte|emportera|entraine|entrainera) (?:pas|point))\b"
)
_FINITE_VERB = re.compile(
    r"\b(?:shall|will|may|must|can|cannot|could|would|should|is|are|was|were|has|have|does|do|agrees?|undertakes?"
    r"|doit|doivent|peut|peuvent|pourra|pourront|sera|seront|est|sont|s'engage\w*|s'interdit)\b"
)
_MAX_SUBJECT_TAIL = 10


def _denied_as(words: str, rest: str) -> str | None:
    """The denial in ``rest`` (folded text after the words, up to the next boundary) that declares
    ``words`` not to be what they name, when ``words`` are its subject; else None."""
    if _FINITE_VERB.search(words) or not (denial := _DENIED_AS.search(rest)):
        return None
    between = rest[: denial.start()]
    if _words_between(between) > _MAX_SUBJECT_TAIL or _FINITE_VERB.search(between):
        return None
    return denial.group(0)


@dataclass(frozen=True)
class Reading:
    """The polarity of a match in its sentence: ``negated`` when a negation reaches it; ``scope`` is
    ``only`` under « ne … que » / "only if", ``exception`` after "except" / « sauf »; ``cue`` is the
    word that decided (for the flag's details and the tests)."""

    polarity: Polarity
    scope: Scope = "plain"
    cue: str | None = None

    @property
    def affirmative(self) -> bool:
        return self.polarity == "affirmative"


def _segment_start(before: str) -> tuple[int, bool]:
    """Where the clause holding the match starts in ``before`` (folded text up to the match), and
    whether that boundary opens an exception ("except", « sauf »)."""
    last = None
    for last in _BOUNDARY.finditer(before):
        pass
    if last is None:
        return 0, False
    return last.end(), bool(_EXCEPTION.fullmatch(last.group(0).strip()))


def _words_between(text: str) -> int:
    return len(_WORD.findall(text))


def _cleaned(text: str) -> str:
    """``text`` with the look-alike negations ("not less than", "without limitation") blanked out."""
    return _NOT_A_NEGATION.sub(lambda m: " " * len(m.group(0)), text)


def _negation_before(clause: str) -> str | None:
    """The cue in ``clause`` (folded text from the clause start to the match) that negates the match."""
    clause = _cleaned(clause)
    for pattern, reach in ((_VERBAL, REACH_VERBAL), (_DETERMINER, REACH_DETERMINER), (_WIDE, REACH_WIDE)):
        for cue in pattern.finditer(clause):
            if _words_between(clause[cue.end() :]) <= reach:
                return cue.group(0).strip()
    # French « ne … pas »: both before the match (a « jamais » that opens the match is the rule's own word).
    for ne in _FRENCH_NE.finditer(clause):
        following = clause[ne.end() :]
        pas = _FRENCH_PAS.search(following)
        if pas and _words_between(following[: pas.start()]) <= 4 and _words_between(following[pas.end() :]) <= REACH_VERBAL:
            return f"ne … {pas.group(0)}"
    return None


def _only_scope(clause: str, after: str) -> str | None:
    """« ne … que » around the match, or "only" just before it or right after the verb it belongs to."""
    for ne in _FRENCH_NE.finditer(clause):
        tail = clause[ne.end() :] + " " + after[:80]
        que = _FRENCH_QUE.search(tail)
        pas = _FRENCH_PAS.search(tail[: que.start()] if que else tail)
        if que and not pas and _words_between(tail[: que.start()]) <= 6:
            return "ne … que"
    if (ne := _FRENCH_NE.search(after[:60])) and _words_between(after[: ne.start()]) <= 2:  # « L'exclusivité ne vaut que … »
        tail = after[ne.end() : ne.end() + 80]
        que = _FRENCH_QUE.search(tail)
        if que and not _FRENCH_PAS.search(tail[: que.start()]) and _words_between(tail[: que.start()]) <= 4:
            return "ne … que"
    if (only := _ONLY.search(clause)) and _words_between(clause[only.end() :]) <= 3:
        return only.group(0)
    if (only := _ONLY.search(after[:60])) and _words_between(after[: only.start()]) <= 3:
        return only.group(0)
    return None


# A sentence that opens on a condition: « Si aucune des parties ne le dénonce, il se renouvellera … », "If the Client
# does not pay, the Supplier may terminate …", "Unless either party gives notice that it does not wish to renew, this
# Agreement shall automatically renew". The condition's negation is the condition's, not the main clause's.
_LEADING_CONDITION = re.compile(
    r"^\W*(?:(?:article|section|clause)\s+)?(?:\d{1,3}(?:\.\d{1,3})*\.?\s+|\([a-z0-9]{1,3}\)\s+)?"
    r"(?:if|unless|absent|where|when|whenever|should|in the absence|in the event|in case|provided(?: that)?"
    r"|si|s'il|s'ils|sauf si|a moins (?:que|qu')|a defaut|faute|en l'absence|en cas|dans le cas|dans l'hypothese|lorsque|lorsqu'|des lors que)\b"
)
# What a main clause opens with after the condition's comma: a verb within a few words ("the Supplier may", « il se
# renouvellera », « le Prestataire pourra »); a comma with none before the next is inside the condition ("If, within
# 30 days, neither party objects, …").
_MAIN_VERB = re.compile(
    r"\b(?:shall|will|may|must|can|cannot|could|would|should|is|are|has|have|agrees?|undertakes?|terminates?|renews?|expires?"
    r"|doit|doivent|peut|peuvent|est|sont|ont|sera|seront|aura|auront|pourra|pourront|devra|devront)\b"
    r"|\b(?:se|s')\s*\w+|\b\w{3,}(?:era|eront|ira|iront)\b"
)
_MAIN_CLAUSE_REACH = 6
# The clause boundary "provided" as the last one before the words (:func:`_segment_start`): it may open a proviso that a
# comma closes before the main clause
_PROVISO_OPENS = re.compile(r"\bprovided\W*$")
_INCISE_WORDS = 4
_GOES_ON = re.compile(r"(?:or|and|nor|ou|et|ni)\b")


def main_clause_start(before: str) -> int:
    """Where the main clause starts in ``before`` (folded text up to the words read) when the sentence opens on a
    condition and the words are past it: after the last comma followed by a verb before the next comma, moved back over
    the short incises before it ("…, without consent, may assign"); else after the last comma (the words open the main
    clause); 0 when the sentence opens on none, or no comma closes it. A comma before « ou » / "or", « et » / "and" goes
    on with the condition ("If X is not reviewed, or the parties cannot agree, …")."""
    if not _LEADING_CONDITION.match(before):
        return 0
    commas = [comma.end() for comma in re.finditer(r",\s+", before) if not _GOES_ON.match(before, comma.end())]
    if not commas:
        return 0
    segments = list(zip(commas, [*commas[1:], len(before)], strict=True))
    chosen = None
    for index, (at, following) in enumerate(segments):
        verb = _MAIN_VERB.search(before, at, following)
        if verb and _words_between(before[at : verb.start()]) <= _MAIN_CLAUSE_REACH:
            chosen = index  # the last one: « Si, à l'échéance, le contrat n'est pas dénoncé, il se renouvelle … »
    if chosen is None:
        return commas[-1]
    while chosen > 0 and _incise(before[segments[chosen - 1][0] : segments[chosen - 1][1]]):
        chosen -= 1
    return segments[chosen][0]


def _incise(segment: str) -> bool:
    """A short phrase set between commas, with no verb and no negation of its own ("without consent", « à
    l'échéance »): part of the main clause it interrupts."""
    return _words_between(segment) <= _INCISE_WORDS and not _MAIN_VERB.search(segment) and not _VERBAL.search(segment)


def read_match(sentence: str, start: int, end: int) -> Reading:
    """The polarity of ``sentence[start:end]`` (the words a condition found) in ``sentence``.

    Offsets index ``sentence`` as given or folded (folding keeps offsets for French and English
    text). Raises nothing: text it cannot read is affirmative.
    """
    before, after = fold(sentence[:start]), fold(sentence[end:])
    at, in_exception = _segment_start(before)
    if (main := main_clause_start(before)) > at:
        at, in_exception = main, False  # the main clause after a leading condition: its negation is not the words'
    elif (
        (opened := _PROVISO_OPENS.search(before[:at])) and not _FINITE_VERB.search(before[: opened.start()])
        and (main := main_clause_start(before[opened.start() :])) > 0
    ):
        # a proviso set before the main clause ("During the Term, and provided Franchisee is not in default, Franchisor shall
        # not … grant"): its negation is the proviso's, as a leading condition's is — only when nothing before it is a clause of
        # its own ("Licensee may sublicense …, provided that Licensee shall not, without consent, grant …" keeps its negation)
        at, in_exception = opened.start() + main, False
    clause = before[at:]
    if cue := _negation_before(clause):
        return Reading("negated", "exception" if in_exception else "plain", cue)
    boundary = _BOUNDARY.search(after)
    rest = after[: boundary.start()] if boundary else after
    if _FRENCH_NE_RIGHT_BEFORE.search(clause) and (pas := _FRENCH_PAS_RIGHT_AFTER.match(after)) and not _FRENCH_QUE.search(rest[pas.end():]):
        # « ne vendra plus … qu'au Distributeur » is « only », read below, not a denial
        return Reading("negated", "exception" if in_exception else "plain", f"ne … {pas.group(0).strip()}")
    if (denial := _DENIED_AFTER.match(rest)) and _words_between(rest[denial.end() :]) <= 4:
        return Reading("negated", "exception" if in_exception else "plain", denial.group(0).strip())
    if denied := _denied_as(fold(sentence[start:end]), rest):
        return Reading("negated", "exception" if in_exception else "plain", denied)
    if only := _only_scope(clause, rest):
        return Reading("affirmative", "only", only)
    return Reading("affirmative", "exception" if in_exception else "plain", None)


# --- time references -----------------------------------------------------------------------------

# A preposition of time before the words, with the determiner and the event noun it may take: "after
# the transfer", "for two years following the completion of the sale", « après la cession »,
# « à compter de la date de la cession », « dans les six mois suivant la cession ».
_TIME_REFERENCE = re.compile(
    r"\b(?P<cue>after|following|before|prior to|until|till|from the (?:date|time) of|at the time of|as of the date of"
    r"|upon (?:the )?(?:completion|consummation|closing|effectiveness) of"
    r"|apres|avant|jusqu'(?:a|au|aux)|a compter (?:de|du|des|d')|a partir (?:de|du|des|d')|lors (?:de|du|des|d')|suivant"
    r"|a la suite (?:de|du|des|d')|a l'issue (?:de|du|des|d')|au jour (?:de|du|des|d'))"
    r"\s*(?:(?:the|its|their|his|her|any|such|a|an|each|la|le|les|l'|leur|leurs|son|sa|ses|toute|tout|chaque|une?|cette|ce|cet)\s*)?"
    r"(?:(?:completion|consummation|closing|effective date|date|realisation|jour|effet)\s+(?:of|de|du|des|d')\s*"
    r"(?:(?:the|its|their|any|such|la|le|les|l'|leur|leurs|son|sa|ses|toute|tout)\s*)?)?$"
)


def time_reference(text: str, start: int) -> str | None:
    """The preposition of time that makes the words at ``start`` of ``text`` a time reference
    ("after the transfer of its shares", « après la cession de leurs titres »): the words date
    the clause, they are not what it is about. ``None`` when they are not governed by one.

    Offsets index ``text`` as given or folded; raises nothing."""
    before = fold(text[max(0, start - 80) : start])
    if cue := _TIME_REFERENCE.search(before):
        return cue.group("cue")
    return None


# --- statements ----------------------------------------------------------------------------------

_VERB = re.compile(
    r"\b(?:shall|will|may|must|is|are|was|were|be|been|has|have|had|agrees?|grants?|warrants?|acknowledges?"
    r"|can|could|would|should|means|terminates?|expires?|renews?|continues?|remains?|constitutes?|includes?"
    r"|doit|doivent|peut|peuvent|pourra|pourront|sera|seront|est|sont|ont|aura|auront|s'engage\w*|s'interdit|s'oblige\w*"
    r"|reconnait|concede|accorde|prend|prendra|expire\w*|designe|signifie|beneficie\w*|dispose\w*|convient|conviennent|ne|n')\b"
)
_DEFINITION = re.compile(
    r"^(?:[\W\d]*(?:[a-z]{1,4}\)|\([a-z0-9]{1,4}\)|[ivx]{1,4}[.)])?\s*)?(?:(?:for (?:the )?purposes? of [^,\"“”]{0,80}?,|for (?:the )?purposes? of (?:(?!\b(?:shall|will|may|must|not|is|are)\b)[^,\"“”]){0,60}?|for (?:this|that|such|these) purposes?,|as used (?:in|herein)[^,]{0,60},|au sens (?:du|de la|des) [^,]{0,60},|a (?:cet|ces) (?:effet|fins),)\s*)?"
    r"(?:the (?:term|terms|word|words|expression|phrase)s? |les? (?:terme|mot|expression)s? |l'expression )?"
    r"[\"“”«'‘’]\s*[^\"“”«»'‘’]{1,80}[\"“”»'‘’]\s*"
    r"(?:(?:,|or|and|ou|et)\s*[\"“”«'‘’]\s*[^\"“”«»'‘’]{1,80}[\"“”»'‘’]\s*){0,3}"  # the terms "person" or "persons" shall mean
    r"(?:\([^)]{0,60}\)\s*)?(?:,?\s*(?:(?:for (?:the )?purposes? of|as used (?:in|herein)|when used (?:in|herein)|with respect to|in relation to|in respect of|au sens (?:du|de la|des|de l'))[^,]{0,80}),?\s*)?"
    r"(?:shall |will |does |)(?:mean|means|refers? to|has the meaning|shall have the meaning|is defined|includes?|designe|signifie|s'entend|vise|recouvre|a le sens|be deemed to (?:have )?(?:occurred|occur|exist)|(?:is|sera|est) (?:reput\w*|cense\w*) (?:intervenir|etre intervenu\w*|se produire))\b"
)
# A defined term written without quotes (lost in a PDF's text): "Change of Control shall mean …",
# « Changement de Contrôle désigne … » — a few capitalised words, then the defining verb.
_BARE_DEFINITION = re.compile(
    r"^[\W\d]*(?:[A-ZÀ-Ö][\w'’-]*(?:\s+(?:of|in|for|and|or|to|the|de|du|des|la|le|d'|l')?\s*[A-ZÀ-Ö][\w'’-]*){0,5})\s*,?\s*"
    r"(?:shall mean|means|shall have the meaning|has the meaning|designe|désigne|signifie|s'entend)\b"
)
_TOC_ENTRY = re.compile(r"(?:^|\s)(?:\d{1,2}\.\d{1,2}|[A-Z]?\d{1,2}\.)\s*[A-Z][\w'’-]*(?:\s+(?:of|and|or|the|to|de|du|des|et|la|le|[A-Z][\w'’-]*)){0,6}\s+\d{1,3}(?=\s|$)")
_NUMBERED_TITLE = re.compile(r"^\W*(?:\d{1,3}\s+)?(?:[A-Z][A-Z]+\s+)?(?:(?:article|section|clause)\s+)?\d{1,3}(?:\.\d{1,3})*\.?\s+[A-ZÀ-Ö]", re.IGNORECASE)
_NUMBERING = re.compile(r"(?:^|\s)\d{1,3}(?:\.\d{1,3})*\.?(?=\s|$)")
_MODAL = re.compile(r"\b(?:shall|will|may|must|doit|doivent|peut|peuvent|pourra|pourront|devra|devront)\b")
_DEFINITION_LEAD = re.compile(r"^(?:on entend par|par [\"“«][^\"”»]{1,60}[\"”»],? on entend)\b")
# "WHEREAS, …", « Attendu que … », also glued to the recitals' heading on one line ("RECITALS WHEREAS, …").
_RECITAL_START = re.compile(
    r"^[\W\d]*(?:(?:recitals?|background|preamble|witnesseth|preambule|expose(?: prealable)?)\W+)?(?:\(?[a-z]\)\s*)?"
    r"(?:whereas|attendu que|considerant que|vu que)\b"
)


# A sentence that only keeps provisions as they are: "Except as amended hereby, all other terms
# … remain in full force and effect", « Les autres stipulations, notamment l'article 8, demeurent
# inchangées ». The subject is provisions or a numbered article, the predicate says they stay;
# what follows may only continue that predicate ("and continue to produce their effects").
_UNCHANGED = re.compile(
    r"^[\W\d]*(?:(?:except|save|other than|sauf|hormis|a l'exception|sous reserve)\b[^,;]{0,100},\s*)?"
    r"(?:(?:all|of|the|toutes?|tous|les|l'ensemble des)\s+){0,3}(?:(?:other|remaining|autres)\s+)?"
    r"(?:terms|provisions|sections|articles|clauses|conditions|stipulations|dispositions|termes|(?:section|article|clause)s? \d+(?:\.\d+)*)\b"
    # the predicate is the sentence's own, not a subordinate clause's ("govern all Work … while this Agreement remains in effect")
    r"(?:(?!\b(?:while|when|whenever|if|unless|so long as|as long as|until|tant que|lorsque|si|pendant que)\b)[^;]){0,240}?"
    r"\b(?:(?:shall|will|do|does|doivent|doit)\s+)?(?:remain|remains|continue|continues|are|is|demeure\w*|reste\w*|sont|est)\s+"
    r"(?:(?:hereby|fully|otherwise|pleinement|expressement|donc)\s+)?"
    r"(?:unchanged|unmodified|unaltered|unaffected|in (?:full )?(?:force|effect)|ratified|confirmed|inchangee?s?|sans changement|en vigueur|maintenue?s?)\b"
)
_STILL = re.compile(
    r"^(?:\s*(?:,|and|et|ainsi que)?\s*(?:(?:shall|will|doivent|doit)\s+)?(?:continue\w*|remain\w*|demeure\w*|reste\w*|produi\w*|s'appliqu\w*"
    r"|in (?:full )?(?:force|effect)|(?:are |is )?(?:hereby )?(?:ratified|confirmed|binding)|en vigueur|applicables?|inchangee?s?|and effect)\b[^;]{0,60}?)*[\s.;:!]*$"
)


# … and the same with the provisions named first, the others after them (walkthrough 20: an amendment's "The term of the Agreement, its
# automatic renewal under Clause 7, the Minimum Annual Quantity and all other provisions of the Agreement remain unchanged and in full
# force and effect" was flagged as a tacit renewal)
_UNCHANGED_NAMED = re.compile(
    r"^[\W\d]*(?:(?:the|le|la|les|l')\s*)?(?:(?!\b(?:shall|will|may|must|doit|doivent|peut|peuvent|pourra|while|when|if|unless|until|si|lorsque"
    # a list of what stays, no verb of its own ("The Agreement is hereby renewed …, and all other terms remain …" states a renewal)
    r"|is|are|was|were|be|been|has|have|had|hereby|est|sont|sera|seront|serait|a|ont|fut|etait|devient|become|becomes)\b)[^;.]){0,240}?"
    r"\b(?:and|et)\s+(?:(?:all|toutes?|tous|les|l'ensemble des)\s+){0,2}(?:other|remaining|autres)\s+"
    r"(?:terms|provisions|clauses|conditions|stipulations|dispositions|termes)\b[^;.]{0,60}?"
    r"\b(?:(?:shall|will|doivent|doit)\s+)?(?:remain|remains|continue|continues|demeure\w*|reste\w*)\s+"
    r"(?:(?:hereby|fully|otherwise|pleinement|expressement|donc)\s+)?"
    r"(?:unchanged|unmodified|unaltered|unaffected|in (?:full )?(?:force|effect)|inchangee?s?|sans changement|en vigueur|maintenue?s?)\b"
)


def _only_unchanged(folded: str) -> bool:
    """Whether the sentence only says that provisions remain unchanged (see :data:`_UNCHANGED`, :data:`_UNCHANGED_NAMED`)."""
    match = _UNCHANGED.match(folded) or _UNCHANGED_NAMED.match(folded)
    return bool(match) and _words_between(folded[match.end() :]) <= 12 and bool(_STILL.match(folded[match.end() :]))


def is_recital_start(text: str) -> bool:
    """Whether ``text`` opens a recital ("WHEREAS, …", "RECITALS WHEREAS …", « Attendu que … »)."""
    return bool(_RECITAL_START.match(fold(" ".join(text.split()))))


def body_start(sentence: str) -> int:
    """Offset where the sentence's body starts, after a numbering and an inline title: "12.3
    Exclusivity. Distributor shall…" → the offset of "Distributor"; 0 when there is no title."""
    match = _INLINE_TITLE.match(sentence)
    if match and len(match.group("title").split()) <= 7 and _title_words(match.group("title")):
        return match.end()
    return 0


_INLINE_TITLE = re.compile(
    r"^\s*(?:(?:article|section|clause|art\.)\s+)?(?:\d{1,3}(?:\.\d{1,3})*\.?|\([a-z0-9]{1,3}\)|[a-z]\))?\s*"
    r"(?P<title>[A-ZÀ-Ö][\w'’&,/\- ]{2,70}?)\s*(?:[.:]|\s[—–-])\s+(?=\S)"
)


def _title_words(title: str) -> bool:
    words = title.replace(",", " ").replace("/", " ").split()
    capitalised = sum(1 for w in words if w[:1].isupper())
    return bool(words) and (capitalised == len(words) or (capitalised >= 1 and all(w[:1].isupper() or len(w) <= 4 for w in words)) or title.isupper())


@lru_cache(maxsize=65536)
def statement_kind(sentence: str) -> StatementKind:
    """What the sentence is: a ``clause`` (it states something), a ``heading`` (no statement: a title,
    a table-of-contents line — short, no verb, no full stop after more than eight words — or a
    table of contents run into one line, three entries or more with their page numbers), a
    ``definition``, a ``recital``, or ``unchanged`` (provisions said to remain as they are)."""
    text = " ".join(sentence.split())
    folded = fold(text)
    if is_recital_start(text):
        return "recital"
    if _DEFINITION.match(folded) or _DEFINITION_LEAD.match(folded) or _BARE_DEFINITION.match(text):
        return "definition"
    if _only_unchanged(folded):
        return "unchanged"
    if len(_TOC_ENTRY.findall(text)) >= 3 and not _MODAL.search(folded):
        return "heading"  # a table of contents run into one line: "3.7 Compliance with Laws 11 3.8 Conflict of Interest 11 …"
    words = len(_WORD.findall(folded))
    if words <= 24 and not _VERB.search(folded) and _NUMBERED_TITLE.match(text) and _title_words(_NUMBERING.sub(" ", text).strip(" .;:")):
        return "heading"
    ends_like_a_sentence = text.rstrip(" )»\"”'’").endswith((".", "!", "?")) and words > 4
    if words <= 20 and not ends_like_a_sentence and not _VERB.search(folded):
        return "heading"
    return "clause"
