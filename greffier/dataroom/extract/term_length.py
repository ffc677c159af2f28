"""Is a length of time the contract's term? Only when the text writes it as the term's: the words before it
("The term of this Agreement shall be one (1) year", « est conclu pour une durée de trois ans »), a name after it
("(the "Initial Term")"), or — in an article about the term — its start right after it ("three (3) years from the
Effective Date"); never a covenant's, a deadline's, a renewal's or what survives the term."""

from __future__ import annotations

import re

# The words that make a length the contract's term, just before it: "The term of this Agreement shall be one (1) year",
# "shall commence on the Effective Date and continue thereafter for a period of two (2) years", "This Agreement shall
# remain in force for an Initial Period of 1 year", "expires in five (5) years", « est conclu pour une durée de trois
# ans » — not "in each of the first three (3) years of the term", nor "may be renewed for a period of one year".
_SUBJECT = (
    r"\b(?:agreement|contract|lease|licen[cs]e|term|arrangement|appointment|engagement|it|contrat|bail|convention|mission|accord|"
    r"pr[ée]sente?|il|elle)\b"
)
LENGTH_CUE = re.compile(
    r"(?:\bterm\b(?:\s*\([^()]{0,40}\))?(?:\s+of\s+(?:this|the)\s+\w+)?(?:\s*\([^()]{0,40}\))?\s+(?:shall|will|is)\s+(?:be\s+)?(?:for\s+)?"
    # (… and a clause set between commas: "shall commence on the Effective Date and, unless terminated earlier in accordance with its terms,
    # shall continue for an initial period of thirty-six (36) months" — walkthrough 23's SaaS had no end)
    rf"|(?:{_SUBJECT}[^.;:]{{0,100}}?|\band(?:,\s+[^,.;:]{{1,100}},)?\s+(?:shall\s+|will\s+)?(?:thereafter\s+)?)"
    r"\b(?:(?:continue|remain|run|last|endure|subsist)s?|(?:be|is|are)\s+(?:in\s+(?:full\s+)?(?:force|effect)|effective|valid|binding))\b[^.;,:()]{0,40}?\bfor"
    rf"|{_SUBJECT}[^.;:]{{0,100}}?\b(?:is|be|are|was|made|entered\s+into|granted|concluded|executed)\s+for"
    r"|\b(?:appoint\w*|engag\w*)\b[^.;:]{0,80}?\bfor\s+(?:a|an|the)\s+(?:(?:initial|original|fixed|minimum)\s+)?(?:term|period)\s+of"  # "is appointed … for a period of"
    # (… "for an initial subscription term of twenty-four (24) months": walkthrough 25's SaaS subscription had no end)
    r"|\b(?:for|have|has|with)\s+(?:a|an|the)\s+(?:(?:initial|original|fixed|minimum|primary|base)\s+"
    r"(?:(?:subscription|service|licen[cs]e|rental|hire|contract|agreement)\s+)?)?(?:term|duration)\s+of"  # (not "each Statement of Work shall have a service term of")
    # a form's "Term: 3 years", a table of particulars' "Initial Subscription Term | thirty-six (36) months", « Durée initiale | 36 mois »
    r"|(?:^|[.;:]\s*|\n\s*)(?:(?:initial|original|minimum|fixed|subscription|service|contract|agreement|lease|licen[cs]e)\s+){0,2}"
    r"(?:term|duration|dur[ée]e)(?:\s+(?:initiale|du\s+contrat|du\s+bail))?(?:\s+of\s+(?:the\s+|this\s+)?agreement)?\s*[:–—|-]\s*"
    rf"|{_SUBJECT}[^.;:]{{0,100}}?\b(?:expire|terminate|end|cease\s+to\s+(?:be\s+(?:effective|in\s+(?:force|effect))|have\s+effect))s?"
    r"(?:\s+(?:\w+\s+){0,2}?(?:in|after|at\s+the\s+end\s+of|until))?"
    # a named period spelled out in a parenthesis: "terminate at the end of the Exclusivity Period (i.e., a three (3) year period …"
    r"(?:\s+the\s+(?:[\w-]+\s+){1,3}?(?:period|term)\s*\(\s*(?:i\.\s?e\.|that\s+is|namely|soit)\s*,?)?"
    r"|\b(?:produi\w*\s+(?:ses|leurs)\s+effets|(?:rest|demeur)\w*\s+en\s+vigueur|court|courra|(?:est|sera)\s+valable)\b[^.;:()]{0,40}?\b(?:pendant|pour|durant)"
    rf"|{_SUBJECT}[^.;:]{{0,100}}?\b(?:remain|continue)\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+until"
    rf"|{_SUBJECT}[^.;:]{{0,100}}?\b(?:until|(?:expire|terminate|end)s?\s+on)\s+the\s+(?:date|day)\s+(?:which|that)\s+is"  # "until the date that is two (2) years after …"
    r"|\bpour\s+une\s+(?:\w+\s+)?dur[ée]e\s+(?:\w+\s+){0,2}?(?:de|d['’])|\bd['’]une\s+dur[ée]e\s+(?:\w+\s+){0,2}?(?:de|d['’])"
    r"|\bdur[ée]e\s+(?:\w+\s+){0,4}?(?:est\s+)?(?:fix[ée]e\s+)?(?:à|a)|\b(?:conclue?s?|consentie?s?|valable)\s+(?:et\s+accept[ée]e?s?\s+)?pour"
    # « Le contrat a une durée d'un an », « est valable un an »: the French of "has a term of one year", "is valid for one year"
    rf"|{_SUBJECT}[^.;:]{{0,60}}?\b(?:a|aura)\s+une\s+dur[ée]e\s+(?:\w+\s+){{0,2}}?(?:de|d['’])|{_SUBJECT}[^.;:]{{0,60}}?\b(?:est|sera|reste|restera)\s+valable"
    # « expirera cinq (5) ans après la Date d'Effet », « prendra fin au terme d'une durée de … »: the French of "shall expire five (5) years after"
    rf"|{_SUBJECT}[^.;:]{{0,100}}?\b(?:expire(?:ra|ront|nt)?|prend\w*\s+fin|cesse\w*\s+de\s+produire\s+(?:ses|leurs)\s+effets)(?:\s+(?:au\s+terme\s+d['’]|à\s+l['’]issue\s+d['’]|dans|pendant))?)"
    r"\s*(?:(?:a|an|the)\s+)?(?:(?:initial|fixed|minimum|entire|full|whole)\s+)?(?:(?:term|period)\s+of\s+)?(?:une\s+(?:dur[ée]e|p[ée]riode)(?:\s+initiale)?\s+(?:de|d['’])\s*)?$",
    re.I,
)
# A length the text names the term right after: "a period of five (5) years (the "Initial Term")", "for the five (5) year
# term ("Initial Term")", « une durée de trois ans (la « Durée Initiale ») »
_NAMED_AS_TERM = re.compile(
    r"^\s*(?:(?:initial|original)\s+)?(?:term|period)?\s*,?\s*\(\s*(?:the\s+|an?\s+|hereinafter\s+|such\s+period\s*,?\s*(?:the\s+)?|ci-apr[èe]s\s+(?:la\s+|le\s+)?)?"
    r"[\"“«]\s*(?:(?:initial|original|contract|agreement)\s+)?(?:term|period|dur[ée]e(?:\s+initiale)?|p[ée]riode\s+initiale)\s*[\"”»]",
    re.I,
)
# Words before a length that make it a renewal's, not the initial term's: "may be renewed for a period of one year"
_RENEWAL_BEFORE = re.compile(r"\b(?:renew\w*|successive|additional|further|extension|extended|renouvel\w*|reconduit\w*|reconduction|prorog\w*)\b[^.;]{0,40}$", re.I)


# A length anchored to its start right after it: "three (3) years from the Effective Date", « neuf années entières et
# consécutives à compter du 1er novembre 2019 », « les trois années qui suivent sa signature » — not a length that runs
# after the term ("one (1) year following the expiration of the Initial Term")
STARTS_AFTER = re.compile(
    r"^\s*(?:(?:entières?|pleines?|full|calendar|consecutive|(?:et\s+)?cons[ée]cutives?)\s+)*,?\s*"
    r"(?:à\s+compter|à\s+partir|qui\s+(?:suiv|cour|commenc)\w*|apr[èe]s|suivant|from|commenc\w*|beginning|starting|following|after|subsequent\s+to|as\s+of|with\s+effect\s+from)(?!\w)"
    r"(?!\s+(?:the\s+|la\s+|l['’]\s*)?(?:effective\s+date\s+of\s+)?(?:expiration|expiry|termination|end|cessation|fin|r[ée]siliation)\b)",
    re.I,
)
# "for an initial five-year term", "shall have a three (3) year initial term" — not "a two-year period following termination"
_ARTICLE_BEFORE = re.compile(r"\b(?:for|have|has|with|be|is|of)\s+(?:a|an|the)\s+(?:(?:initial|original|fixed|minimum|entire)\s+)?$", re.I)
_TERM_NOUN_AFTER = re.compile(
    r"\s*(?:initial\s+)?(?:term|period)\b(?![^.;]{0,40}\b(?:after|following|upon|post)[\s-]+(?:the\s+)?(?:termination|expiration|expiry)\b)", re.I
)
_INITIAL_BEFORE = re.compile(r"\b(?:the|its|this)\s+(?:initial|original)\s+$", re.I)
# (« pour une période initiale de trois (3) ans »: walkthrough 26's manufacturing contract had no end)
_FRENCH_INITIAL_BEFORE = re.compile(
    r"\b(?:la|sa|cette|une)\s+(?:(?:p[ée]riode|dur[ée]e)\s+initiale|premi[èe]re\s+p[ée]riode)\s+(?:ferme\s+)?(?:de\s+|d['’]\s*)$", re.I
)
_FRENCH_FOR = re.compile(r"\bpour\s*$", re.I)  # « prend effet le 1er avril 2022 pour neuf ans »


# A clause about something else than the term, before a length or an end: a covenant ("shall not issue a press release
# … for a period of three (3) months", "shall be prohibited from … until"), what survives the term ("shall survive the
# termination of this Agreement and continue … for a period of five (5) years")
NOT_THE_TERM = re.compile(
    r"\b(?:after|following|upon)\s+(?:the\s+)?(?:effective\s+date\s+of\s+)?(?:termination|expiration|expiry)\b"
    r"|\bshall\s+not\b|\bmay\s+not\b|\bagrees?\s+(?:not\s+)?to\b|\bundertakes?\b|\bprohibit\w*|\brestrict\w*"
    r"|s['’]interdi\w*|s['’]engage\w*|\bsurvi\w*",  # survive, survivent
    re.I,
)
_DEADLINE = re.compile(r"\b(?:no|not)\s+later\s+than\b|\bau\s+plus\s+tard\b", re.I)  # "no later than thirty (30) days after …"


def names_initial_term(before: str, after: str) -> bool:
    """Is a length written as the initial term's own name: "the initial three (3) year term", "its original
    five-year term", « la période initiale de deux ans »?"""
    return bool(_INITIAL_BEFORE.search(before) and _TERM_NOUN_AFTER.match(after)) or bool(_FRENCH_INITIAL_BEFORE.search(before))


def written_as_term(before: str, after: str, *, in_term_article: bool) -> bool:
    """Is a length written as the term's own: by the words just before it, a name just after it, or — in an
    article about the term — its start right after it; and not in a covenant, a deadline or what survives
    the term?"""
    if _RENEWAL_BEFORE.search(before[-60:]) or _DEADLINE.search(before[-60:]):
        return False
    if names_initial_term(before, after):
        return True  # the initial term named, wherever it stands: "Upon expiration of the initial three (3) year term, this Agreement shall renew …"
    if NOT_THE_TERM.search(before):
        return False
    if LENGTH_CUE.search(before) or _NAMED_AS_TERM.match(after) or (_ARTICLE_BEFORE.search(before) and _TERM_NOUN_AFTER.match(after)):
        return True
    return in_term_article and bool(STARTS_AFTER.match(after) or _FRENCH_FOR.search(before))
