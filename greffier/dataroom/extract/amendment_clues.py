"""What an amendment's text says about the contract it amends: its date, its type, a new term, a new price."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from pydantic import BaseModel, Field

from greffier.dataroom.extract.defined_dates import DefinedDate, date_key, date_names, read_defined_dates
from greffier.dataroom.extract.periods import Period, find_periods, parse_number, parse_ordinal, written_period
from greffier.dataroom.extract.term import ANNIVERSARY, EXTENSION, EXTENSION_PERIOD, UNCHANGED
from greffier.dataroom.extract.text import DATE_GROUP, ChunkInput, Finding, Sentence, sentences
from greffier.dataroom.normalize import DATE_PATTERN, find_dates, parse_date
from greffier.dataroom.vocabulary import match_contract_type


class AmendmentClues(BaseModel):
    """What an amendment's text says about the contract it amends."""

    cited_dates: list[Finding[date]] = Field(default_factory=list)  # « contrat … du 12 mars 2021 »
    cited_type: str | None = None  # « avenant au bail commercial » → "bail commercial"
    new_end_date: Finding[date] | None = None  # « prorogé jusqu'au … »
    extension: Finding[Period] | None = None  # « prorogé d'un an »
    initial_end_date: Finding[date] | None = None  # « initialement fixée au … »
    price_change: Finding[str] | None = None  # « le prix est porté à … »
    # an operative sentence that changes the term, whatever was read of it (« la durée du Bail est modifiée comme suit »): with
    # no new end or period read, the amended contract's end is uncertain, not silently kept
    term_change: Finding[str] | None = None
    # the new end as an anniversary of the contract's own end, which the amendment does not date ("until the day immediately
    # preceding the fifth (5th) anniversary of the Expiry Date"): the years, and whether it is the day before
    end_anniversary: Finding[tuple[int, bool]] | None = None
    # the term's new length counted from the amended contract's own signature (« la durée du Contrat est portée de trois à cinq
    # ans à compter de la date de signature du contrat initial »): the period, and whether it ends the day before its
    # anniversary (the French reading)
    new_length: Finding[tuple[Period, bool]] | None = None
    # lengths rewritten in an article on notice or renewal (« les mots « trois (3) mois » sont remplacés par les mots « six (6) mois » »):
    # each (old, new) as a record writes them ("18 months", "24 months"); the amended contract's renewal notice changes only where it
    # was the old one (a cure period's or a renewal period's rewrite is none: the review of the round)
    notice_replacements: list[Finding[tuple[str, str]]] = Field(default_factory=list)
    # every quoted wording put in the place of another in an operative sentence (« les mots « 30 juin 2029 » sont remplacés par les
    # mots « 31 décembre 2030 » », 'as if the words "fifth (5th) anniversary" were replaced by the words "seventh (7th) anniversary"'),
    # as written: the amended contract's end moves where the old words are its end's (walkthrough 23)
    words_replaced: list[Finding[tuple[str, str]]] = Field(default_factory=list)


_CONTRACT_NOUN = re.compile(r"\b(?:contrat|convention|bail|accord|acte|pacte|agreement|contract|lease|licen[cs]e|deed)\b", re.I)
_CITED_DATE = re.compile(
    rf"\b(?:du|en\s+date\s+du|sign[ée]e?s?\s+le|conclue?s?\s+le|pass[ée]e?\s+le|dated(?:\s+as\s+of)?"
    rf"|entered\s+into\s+on|executed\s+on|signed\s+on|of)\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)
_CONCLUDED_ON = re.compile(rf"\b(?:ont|avaient|have|had)\s+(?:conclu|sign[ée]|entered\s+into|signed)\s+(?:le\s+|on\s+)?{DATE_GROUP}", re.I)
_INITIAL_END = re.compile(
    rf"(?:initialement\s+(?:fix[ée]e?|prévue?)\s+(?:au|le)|originally\s+(?:scheduled|set|due)\s+(?:to\s+(?:expire|end)\s+)?(?:on|for)"
    rf"|expirant\s+(?:initialement\s+)?le|"
    rf"initial(?:ly)?\s+(?:term|end)[^.]{{0,40}}?(?:on|until))\s+{DATE_GROUP}",
    re.I,
)
_PRICE_CHANGE = re.compile(
    r"(?:prix|loyer|redevances?|tarifs?|honoraires|rémunération|commission)[^.]{0,100}?\b(?:est|sont|sera|seront)\s+"
    r"(?:porté|fixé|modifié|révisé|augmenté|ramené|réduit|diminué)"
    r"|nouveau\s+(?:prix|loyer|tarif)|nouvelle\s+(?:grille\s+tarifaire|redevance)|est\s+factur[ée]e?\s+[\d\s,.]+\s*(?:euros?|€)"
    r"|(?:price|fees?|rent|royalt(?:y|ies))[^.]{0,60}?\b(?:is|are|shall\s+be)\s+(?:increased|decreased|amended|changed|revised|reduced|set)"
    r"|\bnew\s+(?:price|rent|fees?)\b",
    re.I,
)
_AMENDMENT_WORDS = re.compile(
    r"^\W*(?:\w+\s+){0,2}(?:avenant|addendum|amendment|variation agreement|deed of variation)\s*(?:n\s*°?\s*\d+|no\.?\s*\d+|\d+)?\s*(?:au|à|a|to|of)?\s*", re.I
)


# "shall expire on 31 March 2028 instead of 31 March 2026", « prendra fin le … au lieu du … »
_INSTEAD_OF = re.compile(
    rf"{DATE_GROUP}\s*,?\s+(?:instead\s+of|rather\s+than|in\s+place\s+of|in\s+lieu\s+of|au\s+lieu\s+(?:du|de\s+la|de)|en\s+lieu\s+et\s+place\s+du|et\s+non\s+plus\s+(?:le|au))\s+"
    rf"(?:on\s+|le\s+|au\s+)?(?:the\s+)?(?P<before>{DATE_PATTERN})",  # "shall end on 31 March 2039 rather than on 31 March 2034" (walkthrough 22)
    re.I,
)
# "instead of" and what it names, the old end: « au lieu de la date initialement stipulée », "rather than the date originally agreed"
_INSTEAD_OF_THE_OLD = re.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|in\s+lieu\s+of|au\s+lieu\s+(?:du|de\s+la|de|des|d['’])|en\s+lieu\s+et\s+place\s+(?:du|de\s+la|de|des))"
    r"[^.;,]{0,60}",
    re.I,
)
# an earlier act a sentence reports: « aux termes de l'avenant n° 1 », "under Amendment No. 1", "pursuant to the First Amendment"
_EARLIER_ACT = re.compile(
    r"\b(?:aux\s+termes\s+d[eu]|en\s+vertu\s+d[eu]|conform[ée]ment\s+[àa]|selon|par)\s+(?:l['’]\s*|le\s+|la\s+)?(?:premier\s+|second\s+|deuxi[èe]me\s+)?"
    r"(?:avenant|addendum|amendement)|\b(?:under|pursuant\s+to|by|in)\s+(?:the\s+)?(?:first\s+|second\s+|prior\s+|previous\s+)?(?:amendment|addendum)\b",
    re.I,
)
# One date put in place of another: « substituer à la date du 30 juin 2026 … celle du 31 décembre 2029 », « remplacer la date
# du 30 juin 2026 par celle du 31 décembre 2029 », "replace the date of June 30, 2026 … with December 31, 2029", "substitute
# December 31, 2029 for June 30, 2026" — a new end only where the sentence or its article is about the term (not a delivery date)
_OTHER_DATE = DATE_GROUP.replace("?P<date>", "?P<before>")
_GAP = r"(?:[^.;]|(?<=\d)\.(?=\d)){0,100}?"  # the words between, an article's number ("12.1") included
_SUBSTITUTED = [
    re.compile(pattern, re.I)
    for pattern in (
        rf"\bsubstitu\w*\s+[àa]\s+(?:la\s+date\s+(?:d['’]\s*(?:expiration|[ée]ch[ée]ance|effet)\s+|de\s+fin\s+)?)?(?:du|de|d['’])\s*{_OTHER_DATE}{_GAP}\b(?:celle|la\s+date)\s+du\s+{DATE_GROUP}",
        # « substituer la date du 31 décembre 2029 à celle du 30 juin 2026 »: the new date first
        rf"\bsubstitu\w*\s+(?:la\s+date\s+)?(?:du|de|d['’])\s*{DATE_GROUP}{_GAP}\b[àa]\s+(?:celle|la\s+date)\s+du\s+{_OTHER_DATE}",
        rf"\brempla\w*\s+(?:la\s+date\s+(?:d['’]\s*(?:expiration|[ée]ch[ée]ance|effet)\s+|de\s+fin\s+)?)?(?:du|de|d['’])\s*{_OTHER_DATE}{_GAP}\bpar\s+(?:celle\s+du|la\s+date\s+du|le)\s+{DATE_GROUP}",
        rf"\breplac\w*\s+(?:the\s+(?:[\w-]+\s+){{0,2}}?date\s+(?:of\s+)?)?{_OTHER_DATE}{_GAP}\b(?:with|by)\s+(?:the\s+date\s+(?:of\s+)?)?{DATE_GROUP}",
        rf"\bsubstitut\w*\s+(?:the\s+(?:[\w-]+\s+){{0,2}}?date\s+(?:of\s+)?)?{DATE_GROUP}\s+for\s+(?:the\s+(?:[\w-]+\s+){{0,2}}?date\s+(?:of\s+)?)?{_OTHER_DATE}",
        # in the passive (walkthrough 29): « La date du 31 mars 2026 figurant à l'article 9 du Contrat est remplacée par celle du 31 mars
        # 2027 », "the date of 31 March 2026 in clause 9 is replaced by 31 March 2027"
        rf"\bla\s+date\s+(?:d['’]\s*(?:expiration|[ée]ch[ée]ance|effet)\s+|de\s+fin\s+)?(?:du|de|d['’])\s*{_OTHER_DATE}{_GAP}\b(?:est|sera|a\s+[ée]t[ée])\s+"
        rf"(?:remplac|substitu)\w*\s+par\s+(?:celle\s+du|la\s+date\s+du|le)\s+{DATE_GROUP}",
        rf"\bthe\s+(?:[\w-]+\s+){{0,2}}?date\s+(?:of\s+)?{_OTHER_DATE}{_GAP}\b(?:is|shall\s+be|will\s+be)\s+(?:hereby\s+)?(?:replaced|substituted)\s+(?:with|by)\s+"
        rf"(?:the\s+date\s+(?:of\s+)?)?{DATE_GROUP}",
    )
]
_ABOUT_THE_TERM = re.compile(r"\b(?:dur[ée]e|term|terme|expir\w*|[ée]ch[ée]ance|fin\s+du\s+contrat|end\s+date)\b", re.I)
# … and not a payment's, a delivery's or a rent review's date put in the place of another (« la date d'échéance du 30 juin 2026
# de la facture … par celle du … », "replace the due date of …"): read in the words of the substitution only
_OTHER_DATES = re.compile(r"\b(?:factur\w*|invoices?|paiements?|payments?|livraisons?|deliver(?:y|ies)|due\s+date|r[èe]glements?|loyers?|rent)\b", re.I)
# "for a further period of two (2) years", « pour une nouvelle période de deux ans », "renewed for an additional term of one year"
_FURTHER_PERIOD = re.compile(
    r"\b(?:for|pour|of|d['’]|de)\s*(?:a|an|une?)\s+(?:further|additional|new|nouvelle|suppl[ée]mentaire|second)\s+(?:(?:initial\s+)?(?:period|term)|p[ée]riode|dur[ée]e)\s+"
    r"(?:suppl[ée]mentaire\s+)?(?:of|de|d['’])\s*(?P<period>.{1,40})"
    r"|\b(?:renouvel[ée]e?|renewed|extended|prorog[ée]e?|prolong[ée]e?)\s+(?:une\s+fois\s+)?(?:pour|for|by|de|d['’])\s*(?:une\s+dur[ée]e\s+de\s+|a\s+period\s+of\s+)?(?P<period2>.{1,40})",
    re.I,
)
# the contract's term itself put off by a period: « le terme initialement fixé est reporté de trois années » (in a sentence
# that names the contract), "the Expiry Date is postponed by twelve (12) months", « la date d'échéance du Contrat est
# repoussée d'un an » — not a payment's or a delivery's (« l'échéance du loyer … est reportée de trois mois », "the term for
# delivery is postponed by two weeks")
_NOT_THE_CONTRACTS = r"(?!\s+(?:de|du|des|d['’]|for|of|pour)\s+(?:\w+\s+){0,2}?(?:paiement|payment|loyers?|rent|livraison|delivery|pr[ée]avis|notice|factures?|invoices?|remboursement))"
_TERM_PUT_OFF = re.compile(
    rf"(?:\b(?:expiry|expiration|end)\s+date|\bdate\s+(?:d['’]\s*)?(?:expiration|de\s+fin)"
    rf"|(?=.*\b(?:contrat|bail|convention|agreement|contract|lease)\b).*?\b(?:terme|dur[ée]e|date\s+d['’]\s*[ée]ch[ée]ance|[ée]ch[ée]ance|term)\b{_NOT_THE_CONTRACTS})"
    # (a section's number is no sentence's end: "The Expiration Date set forth in Section 10.1 … is hereby deferred by" — walkthrough 26)
    r"(?:[^.;]|\.(?=\d)){0,60}?\b(?:report[ée]e?s?|repouss[ée]e?s?|postponed|deferred|extended|prolonged)\s+(?:de\s+|d['’]\s*|by\s+|of\s+)(?P<period>.{1,40})",
    re.I,
)
# A sentence that changes the contract's term: its term named as the contract's (« la durée du Contrat », "the Term of the
# Agreement", "the Term", "the Expiry Date") and a verb of change right after it ("is extended as set out in Schedule 2", « est
# modifiée selon l'annexe 1 ») — not a payment term, the notice's or the trial period's « durée », "obligations during the Term".
_TERM_NOUN = (
    r"(?:(?:terme|dur[ée]e|date\s+(?:d['’]\s*)?(?:expiration|[ée]ch[ée]ance)|date\s+de\s+fin)\s+(?:du|de\s+la|de\s+ce|de\s+cette)\s+(?:pr[ée]sente?\s+)?(?:contrat|bail|convention)"
    r"|(?:term|expiry\s+date|expiration\s+date|end\s+date)\s+of\s+(?:the|this)\s+(?:agreement|contract|lease)"
    r"|(?<!during\s)(?<!throughout\s)(?<!within\s)(?-i:[Tt]he\s+(?:Term|Initial\s+Term|Expiry\s+Date|Expiration\s+Date|End\s+Date))\b)"
)
_CHANGE_VERB = (r"(?:modifi\w*|report[ée]\w*|repouss\w*|prorog\w*|prolong\w*|amend\w*|extend\w*|postpon\w*|defer\w*|replac\w*|remplac\w*"
                r"|shorten\w*|raccourci\w*|avanc[ée]\w*|chang\w*)")
_TERM_CHANGE = re.compile(
    rf"\b{_TERM_NOUN}\s+(?:(?:is|are|shall\s+be|will\s+be|has\s+been|est|sont|sera|a\s+[ée]t[ée])\s+(?:hereby\s+|ainsi\s+|par\s+les\s+pr[ée]sentes\s+)?)?{_CHANGE_VERB}"
    rf"|\b{_CHANGE_VERB}\s+(?:de\s+|d['’]\s*)?(?:la\s+|le\s+)?{_TERM_NOUN}",
    re.I,
)
# what recitals say of the contract as it was, not of the new term
_RECITAL = re.compile(
    r"^\W*(?:whereas|recitals?|background|considérant|attendu|il\s+(?:a\s+été|est)\s+(?:préalablement\s+)?exposé|préambule|expos[ée])"
    r"|\b(?:initial(?:ly|ement)?|original(?:ly|ement)?|was\s+to|were\s+to|avait|expirait|devait|a\s+été\s+conclu|ont\s+conclu|entered\s+into\s+(?:a|an|the)\b|"
    r"have\s+entered|had\s+entered|is\s+currently\s+scheduled|currently\s+expires)",
    re.I,
)
_NOW = re.compile(r"\b(?:shall|will|is|are)\s+now\b|\bd[ée]sormais\b|\bdor[ée]navant\b", re.I)
# the new term the amendment writes: "the Agreement shall expire on …", « le Contrat prendra fin le … »
_NEW_TERM_END = re.compile(
    rf"\b(?:agreement|contract|term|lease|licen[cs]e|contrat|bail|convention|dur[ée]e|il|elle|it)\b[^.;]{{0,80}}?"
    rf"\b(?:shall|will|is|sera|est|prendra|expirera|s['’]ach[èe]vera|se\s+terminera|arrivera)\b[^.;]{{0,60}}?"
    rf"\b(?:expire|end|terminate|continue|remain\s+in\s+(?:full\s+)?(?:force|effect)|fin|terme|[ée]ch[ée]ance|(?:restera|demeurera)\s+en\s+vigueur)\w*\b[^.;]{{0,40}}?"
    rf"\b(?:on|until|through|le|au|jusqu['’]au)\s+(?:the\s+)?{DATE_GROUP}"
    # « le terme (extinctif) du Contrat … sera atteint le trente et un mars deux mille vingt-sept »: the term itself as the subject
    rf"|\b(?:le|son)\s+terme\b[^.;]{{0,80}}?\bsera\s+atteint\s+(?:le|au)\s+{DATE_GROUP.replace('?P<date>', '?P<date_reached>')}"
    # the term moved to a date by a verb before it: « conviennent de repousser le terme du Contrat au 31 mars 2028 », "agree to
    # extend the term of the Agreement to 31 March 2028" (walkthrough 13)
    rf"|\b(?:repouss|report|prorog|prolong|extend|postpon|defer)\w*\s+(?:la\s+|le\s+|the\s+)?(?:terme|dur[ée]e|date\s+d['’]\s*(?:expiration|[ée]ch[ée]ance)|term|expiry\s+date|expiration\s+date)"
    rf"\s+(?:du|de\s+la|of\s+the|of\s+this)\s+(?:pr[ée]sente?\s+)?(?:contrat|bail|convention|agreement|contract|lease)\b[^.;]{{0,20}}?"
    rf"\b(?:au|jusqu['’]au|to|until)\s+(?:the\s+)?{DATE_GROUP.replace('?P<date>', '?P<date_moved>')}"
    # « le Contrat produira (en conséquence) ses effets jusqu'au 31 décembre 2029 », « Le Contrat, entré en vigueur le 1er septembre
    # 2022, produira ses effets jusqu'au 31 août 2028 inclus » (walkthrough 25: an article replaced wholesale)
    rf"|\b(?:le|la)\s+(?:pr[ée]sente?\s+)?(?:contrat|bail|convention)(?:\s*,[^,.;]{{1,80}},)?\s+(?:[\w-]+\s+){{0,2}}?produi\w*\s+(?:[\w-]+\s+){{0,2}}?(?:ses|leurs)\s+(?:pleins\s+)?effets"
    rf"\s+jusqu['’]au\s+{DATE_GROUP.replace('?P<date>', '?P<date_effects>')}",
    re.I,
)


# A proviso on an earlier end, between commas: ", unless terminated earlier in accordance with Clause 11,", ", subject to earlier termination
# under clause 9,", « , sauf résiliation anticipée dans les conditions de l'article 11, » — it says nothing of the term's end itself
_EARLY_END_PROVISO = re.compile(
    r",\s*(?:unless\s+(?:(?:sooner|earlier|previously)\s+)?terminated(?:\s+(?:sooner|earlier))?|subject\s+to\s+(?:any\s+)?(?:earlier|prior)\s+termination"
    r"|save\s+(?:in\s+the\s+case\s+of|for)\s+(?:an?\s+)?(?:earlier|early)\s+termination"
    r"|sauf\s+(?:en\s+cas\s+de\s+)?r[ée]siliation\s+anticip[ée]e|sous\s+r[ée]serve\s+d['’]une\s+r[ée]siliation\s+anticip[ée]e)\b"
    # (up to its closing comma, never through the sentence's verb or its date: "…, unless terminated earlier in accordance with Clause 9
    # shall continue in force until 31 October 2028, whereupon …" has no closing comma — the review)
    r"(?:(?!\b(?:shall|will|until|continue\w*|remain\w*|expire\w*|prendra|restera|demeurera|jusqu['’]au|expirera|court|courra)\b)[^,.;]){0,80},",
    re.I,
)


def _without(pattern: re.Pattern[str], text: str) -> tuple[str, list[int]]:
    """The text with what the pattern matches taken out, and where each of its characters stands in the text."""
    kept: list[int] = []
    start = 0
    for match in pattern.finditer(text):
        kept.extend(range(start, match.start()))
        start = match.end()
    kept.extend(range(start, len(text)))
    return "".join(text[i] for i in kept), kept


# the same in the present tense, as a replaced term article writes it: « Le présent contrat prend effet le 1er janvier 2025 et
# prend fin le 31 décembre 2027 », "This Agreement expires on December 31, 2027", "the Term ends on …"
_NEW_TERM_END_PRESENT = re.compile(
    rf"\b(?:agreement|contract|term|lease|licen[cs]e|contrat|bail|convention|dur[ée]e)\b[^.;]{{0,80}}?"
    rf"\b(?:prend\s+fin|expire|s['’]ach[èe]ve|se\s+termine|arrive\s+[àa]\s+(?:[ée]ch[ée]ance|son\s+terme)|expires|ends|terminates"
    # and in the future, the verb alone: « le Bail ne s'achèvera qu'au dernier jour du mois de juin 2031 », « expirera le »
    rf"|prendra\s+fin|expirera|s['’]ach[èe]vera|se\s+terminera|arrivera\s+[àa]\s+(?:[ée]ch[ée]ance|son\s+terme)"
    # « conclu pour une durée déterminée courant jusqu'au 31 décembre 2028 » (walkthrough 26: a term article « abrogé et remplacé »)
    rf"|courant|courra)\b[^.;]{{0,20}}?"
    rf"\b(?:on|le|au)\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)


# The term given a new length from the amended contract's signature: « la durée du Contrat est portée de trois à cinq ans à compter
# de la date de signature du contrat initial », "the Term is extended to five (5) years from the date of the Original Agreement"
_NEW_LENGTH = re.compile(
    # the contract's own term, nothing between (not « la durée de la garantie », "the warranty term", « la période d'exclusivité »),
    # and a verb of change (« fixée » restates the term a recital quotes)
    r"(?<!\w\s)(?<![\w-])(?:(?:la\s+)?dur[ée]e(?:\s+(?:du|de\s+l['’]|de\s+la)\s*(?:pr[ée]sente?\s+)?(?:contrat|accord|bail|convention))?"
    r"|(?:the\s+)?(?-i:T)erm(?:\s+of\s+(?:this|the)\s+(?:agreement|contract|lease))?|the\s+term\s+of\s+(?:this|the)\s+(?:agreement|contract|lease))"
    r"\s+(?:est|sera|is|shall\s+be)\s+(?:hereby\s+|ainsi\s+)?"
    r"(?:port[ée]e|allong[ée]e|prolong[ée]e|increased|extended|amended|changed)\s+(?:de\s+[^.;]{1,30}?\s+|from\s+[^.;]{1,30}?\s+)?"
    r"(?:à|a|to)\s+(?P<period>[^.;]{1,40}?)\s+(?:à\s+compter\s+d[eu]|from|as\s+from|commencing\s+on)\s+"
    r"(?:la\s+date\s+(?:de\s+(?:la\s+)?(?:signature|conclusion)\s+)?d[eu]\s+(?:contrat|bail|la\s+convention)\s+(?:initial|d['’]origine|originel)"
    r"|the\s+date\s+(?:of\s+(?:signature|execution)\s+)?of\s+the\s+(?:original|initial|principal)\s+(?:agreement|contract|lease)"
    r"|the\s+(?:original|initial)\s+(?:agreement|contract|lease)\s+date)\b",
    re.I,
)


# Before a verb that moves the term: an option, a request, a refusal or a denial (« pourra demander de prolonger la durée du bail
# jusqu'au … », "may, by notice, extend the term of the Agreement to …", « refuse de repousser le terme … », "do not agree to extend")
_NOT_DONE = re.compile(
    r"\b(?:may|might|can|could|option|elect\w*|request\w*|not|never|refus\w*|declin\w*|pourra|pourront|peut|peuvent|pourrait|demande\w*|"
    r"pas|ni|jamais)\b",
    re.I,
)


# One length put in the place of another, quoted: 'the words "eighteen (18) months" are replaced by the words "twenty-four (24)
# months"', « les mots « trois (3) mois » sont remplacés par les mots « six (6) mois » », "substitute ‘60 days’ for ‘90 days’"
_QUOTED = r"(?:[\"“«‘]|(?<!\w)')\s*(?P<{name}>[^\"”»’\n]{{1,40}}?)\s*(?:[\"”»’]|'(?!\w))"
_LENGTH_REPLACED = re.compile(
    rf"(?:\b(?:the\s+)?words?\s+|\bles?\s+mots?\s+|\bla\s+mention\s+)?{_QUOTED.format(name='old')}\s+(?:is|are|were|had\s+been|shall\s+be|est|sont|sera|seront|[ée]taient)\s+"
    rf"(?:hereby\s+|ainsi\s+)?(?:replaced|deleted\s+and\s+replaced|remplac[ée]e?s?)\s+(?:by|with|par)\s+(?:the\s+words?\s+|les?\s+mots?\s+|la\s+mention\s+)?"
    rf"{_QUOTED.format(name='new')}"
    # the new length first: 'substitute "60 days" for "90 days"', '"60 days" is substituted for "90 days"'
    rf"|\bsubstitut\w*\s+(?:the\s+words?\s+)?{_QUOTED.format(name='new2')}\s+for\s+(?:the\s+words?\s+)?{_QUOTED.format(name='old2')}"
    rf"|{_QUOTED.format(name='new3')}\s+(?:is|are|shall\s+be)\s+(?:hereby\s+)?substituted\s+for\s+(?:the\s+words?\s+)?{_QUOTED.format(name='old3')}"
    # the verb first (walkthrough 34's offtake amendment): 'is amended by replacing the words "31 December 2027" with the words "31 December
    # 2029"', « est modifié en remplaçant les mots « 31 décembre 2027 » par les mots « 31 décembre 2029 » »
    rf"|\b(?:replac(?:e|es|ed|ing)|rempla[cç](?:er|ant|e|ent|é|ée|és|ées))\s+(?:the\s+words?\s+|les?\s+mots?\s+|la\s+mention\s+)?{_QUOTED.format(name='old4')}\s+"
    rf"(?:with|by|par)\s+(?:the\s+words?\s+|les?\s+mots?\s+|la\s+mention\s+)?{_QUOTED.format(name='new4')}",
    re.I,
)


def _replaced_pair(match: re.Match[str]) -> tuple[str, str]:
    """The old and the new wording of a :data:`_LENGTH_REPLACED` match, whichever order it wrote them in."""
    return (
        match["old"] or match["old2"] or match["old3"] or match["old4"] or "",
        match["new"] or match["new2"] or match["new3"] or match["new4"] or "",
    )


# … in an article or a sentence on the notice that stops a renewal, or on the renewal itself
_ABOUT_NOTICE = re.compile(r"\b(?:notice|pr[ée]avis|non-?renewal|non-?renouvellement|cong[ée]|d[ée]nonciation|renew\w*|renouvel\w*|reconduction)\b", re.I)


def _read_notice_change(sentence: Sentence, clues: AmendmentClues, *, section: str) -> None:
    """A length rewritten in an article on notice or renewal (:attr:`AmendmentClues.notice_replacements`; walkthrough 22: an
    amendment rewrote "eighteen (18) months" to "twenty-four (24) months" in the clause on notice of non-renewal, and the deadline
    kept the old one)."""
    if not (_ABOUT_NOTICE.search(section) or _ABOUT_NOTICE.search(sentence.text)):
        return
    for match in _LENGTH_REPLACED.finditer(sentence.text):
        old_words, new_words = _replaced_pair(match)
        old, new = find_periods(old_words), find_periods(new_words)
        if old and new and old[0][0] != new[0][0]:
            clues.notice_replacements.append(Finding[tuple[str, str]](
                value=(written_period(old[0][0]), written_period(new[0][0])), chunk_id=sentence.chunk_id, raw=match.group(0), rule="length replaced",
            ))


def _read_words_replaced(sentence: Sentence, clues: AmendmentClues) -> None:
    """Each quoted wording put in the place of another (:attr:`AmendmentClues.words_replaced`)."""
    for match in _LENGTH_REPLACED.finditer(sentence.text):
        old, new = _replaced_pair(match)
        if old and new and " ".join(old.split()) != " ".join(new.split()):
            clues.words_replaced.append(Finding[tuple[str, str]](value=(old.strip(), new.strip()), chunk_id=sentence.chunk_id, raw=match.group(0), rule="words replaced"))


def _sentence_before(text: str, at: int) -> str:
    """The words of ``text``'s sentence before the place ``at``."""
    return re.split(r"[.;!?]\s", text[:at])[-1]


def extract_amendment_clues(title: str, chunks: Sequence[ChunkInput]) -> AmendmentClues:
    """What the text says about an amended contract: its date, its type, a new term, a new price.

    A new term is read by meaning, in French and English: « prorogé jusqu'au … », "extended until
    …", "shall expire on X instead of Y", a replaced term article ("Article 4 is replaced by: the
    Agreement shall remain in force until …"), « prorogé de deux ans », "for a further period of two
    (2) years", the contract lasting to an anniversary of a date it defines or of its own end ("until the day
    immediately preceding the fifth (5th) anniversary of the Original Expiry Date"). What the recitals say of
    the contract as it was ("was to expire on", « expirait le »,
    « initialement fixée au ») is its initial end, never a new one; a sentence saying the term is
    unchanged gives nothing.
    """
    clues = AmendmentClues(cited_type=_cited_type(title, chunks))
    defined: dict[str, DefinedDate] | None = None
    for chunk in chunks:
        about_the_term = bool(_ABOUT_THE_TERM.search(chunk.section or ""))
        for sentence in _chunk_sentences(chunk):
            _read_amendment_sentence(sentence, clues, about_the_term=about_the_term)
            if sentence.chunk_rank:  # not a recital's
                _read_notice_change(sentence, clues, section=chunk.section or "")
                _read_words_replaced(sentence, clues)
            if clues.new_end_date is None and clues.end_anniversary is None and ANNIVERSARY.search(sentence.text):
                defined = read_defined_dates(chunks) if defined is None else defined  # once, when an anniversary is written
                _read_anniversary_end(sentence, clues, defined)
    return clues


_TERM_LASTS = re.compile(
    r"\b(?:agreement|contract|term|lease|licen[cs]e|contrat|bail|convention|dur[ée]e)\b[^.;:]{0,160}?"
    r"\b(?:expire|end|terminate|continue|remain\s+in\s+(?:full\s+)?(?:force|effect)|prendr\w*\s+fin|expirer\w*|rester\w*\s+en\s+vigueur"
    r"|demeurer\w*\s+en\s+vigueur|s['’]ach[èe]v\w*|se\s+termin\w*|courir\w*|court)\w*\b[^.;:]{0,40}$",
    re.I,
)
_RIGHT_TO = re.compile(r"\b(?:right|option|entitled)\s+to\b|\bfacult[ée]\b|\bdroit\s+de\b", re.I)
# The name of the contract's own end, when the amendment counts from it without dating it ("the Expiry Date", « la Date
# d'Échéance »): the new end is then counted from the contract's end as it stands
_END_NAME = re.compile(r"\b(?:expir\w*|end|termination|[ée]ch[ée]ance|fin)\b", re.I)


def _read_anniversary_end(sentence: Sentence, clues: AmendmentClues, defined: dict[str, DefinedDate]) -> None:
    """A new term ending on an anniversary, as a replaced term article writes it: "shall remain in effect until the day
    immediately preceding the fifth (5th) anniversary of the Original Expiry Date" (walkthrough 17), « jusqu'à la veille du
    cinquième anniversaire de la Date d'Échéance Initiale ». The date counted from is one the amendment defines (its recital's
    ``September 30, 2022 (the "Original Expiry Date")``) or writes; a name of the contract's end it does not define counts
    from that end as it stands (:attr:`AmendmentClues.end_anniversary`)."""
    text = sentence.text
    if sentence.chunk_rank == 0 or UNCHANGED.search(text):
        return
    match = ANNIVERSARY.search(text)
    if match is None:
        return
    before = _sentence_before(text, match.start())
    # the contract or its term lasting or ending up to the anniversary ("This Agreement shall remain in effect until …", « Le présent
    # contrat restera en vigueur jusqu'à la veille … »), not a confidentiality undertaking, a record, a payment or an insurance (a review);
    # what the recitals say of the contract as it was; the words before the anniversary only (the "Original Expiry Date" is a name)
    if match["earlier"] or not _TERM_LASTS.search(before) or _RECITAL.search(before) or _NOT_DONE.search(before) or _RIGHT_TO.search(before):
        return  # a bound ("the earlier of"), an option or a refusal sets no new term
    years = parse_ordinal(match["nth"]) or parse_number(match["nth"])
    if not years:
        return
    eve = bool(match["before"])
    what = match["what"]
    anchor: date | None = None
    if (written := find_dates(what[:40])) and written[0].start < 8:  # "of June 1, 2020", « du 1er juin 2020 »
        anchor = written[0].value
    elif names := date_names(what[:60]):
        definition = defined.get(date_key(names[0].group(0)))
        if definition is not None and definition.means == "date":
            anchor = definition.value
        elif definition is None and _END_NAME.search(names[0].group(0)):
            clues.end_anniversary = Finding[tuple[int, bool]](value=(years, eve), chunk_id=sentence.chunk_id, raw=match.group(0), rule="anniversary of the end")
            return
    if anchor is not None:
        value = anchor + relativedelta(years=years) - timedelta(days=1 if eve else 0)
        clues.new_end_date = Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="anniversary")


_RECITAL_HEADING = re.compile(r"pr[ée]ambule|expos[ée]|recitals?|whereas|background|considerant", re.I)


def _chunk_sentences(chunk: ChunkInput) -> Iterator[Sentence]:
    recital = bool(_RECITAL_HEADING.search(chunk.section or ""))
    for text in sentences(chunk.text):
        yield Sentence(chunk.id, text, 0 if recital else 1)  # chunk_rank 0 here: a recital


def _read_amendment_sentence(sentence: Sentence, clues: AmendmentClues, *, about_the_term: bool = False) -> None:
    text, chunk_id = sentence.text, sentence.chunk_id
    if _CONTRACT_NOUN.search(text):
        for match in [*_CITED_DATE.finditer(text), *_CONCLUDED_ON.finditer(text)]:
            value = parse_date(match["date"])
            if value is not None and all(cited.value != value for cited in clues.cited_dates):
                clues.cited_dates.append(Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="cited date"))
    folded = text.lower()
    if not any(cue in folded for cue in _TERM_CUES):  # cheap test first: the patterns below are slow on long contracts
        _read_price_change(sentence, clues)
        return
    # (a term that "shall now expire", « expirera désormais », is the new one, even said of the Initial Term: walkthrough 29's replaced clause
    # "the Initial Term shall now expire on 31 August 2029" was read as the contract's initial end)
    # (only inside the new wording an amendment quotes: "The Term, which was originally to expire on …, will now expire on … pursuant to
    # the Customer's extension notice" tells the end before this amendment's extension — the review)
    now = bool((said_now := _NOW.search(text)) and re.search(r"[\"“«]", text[: said_now.start()]))
    # (the old date an "instead of" names is no recital's: « de sorte qu'il prendra fin le trente et un mars deux mille trente et un, au
    # lieu de la date initialement stipulée » sets the new end — walkthrough 33)
    # (unless the sentence tells what an earlier act did: « Aux termes de l'avenant n° 1, le Contrat prendra fin le 30 juin 2026, au lieu
    # de la date initialement stipulée » — the review)
    told = _RECITAL.search(text) if _EARLIER_ACT.search(text) else _RECITAL.search(_INSTEAD_OF_THE_OLD.sub(" ", text))
    recital = sentence.chunk_rank == 0 or (bool(told) and not now)
    operative = not recital and not UNCHANGED.search(text)
    if clues.new_end_date is None and not UNCHANGED.search(text) and (match := _INSTEAD_OF.search(text)):
        if (value := parse_date(match["date"])) and (before := parse_date(match["before"])):
            clues.new_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="instead of")
            clues.initial_end_date = clues.initial_end_date or Finding[date](value=before, chunk_id=chunk_id, raw=match.group(0), rule="instead of")
    if clues.new_end_date is None and operative and (about_the_term or _ABOUT_THE_TERM.search(text)):
        if (match := next((m for pattern in _SUBSTITUTED if (m := pattern.search(text))), None)) and not _OTHER_DATES.search(match.group(0)):
            if (value := parse_date(match["date"])) and (before := parse_date(match["before"])) and before != value:
                clues.new_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="date substituted")
                clues.initial_end_date = clues.initial_end_date or Finding[date](value=before, chunk_id=chunk_id, raw=match.group(0), rule="date substituted")
    if clues.new_end_date is None and not UNCHANGED.search(text) and (match := EXTENSION.search(text)):
        if value := parse_date(match["date"]):
            clues.new_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="extension")
    # (the proviso on an earlier end set apart: "This Agreement came into force on the Commencement Date and, unless terminated earlier in
    # accordance with Clause 11, shall remain in force until … 30 June 2029" — walkthrough 35's replaced clause, too long between noun and verb)
    plain, where = _without(_EARLY_END_PROVISO, text)
    if plain != text and not (_NEW_TERM_END.search(plain) or _NEW_TERM_END_PRESENT.search(plain)):
        plain, where = text, list(range(len(text)))  # the text as written, when taking the proviso out leaves nothing read
    if clues.new_end_date is None and operative and (match := _NEW_TERM_END.search(plain) or _NEW_TERM_END_PRESENT.search(plain)):
        if match.groupdict().get("date_moved") and _NOT_DONE.search(_sentence_before(plain, match.start())):
            pass  # "may … extend the term to …", « refuse de repousser le terme … »: an option or a refusal moves nothing
        elif value := parse_date(match["date"] or match.groupdict().get("date_reached") or match.groupdict().get("date_moved") or match.groupdict().get("date_effects")):
            raw = text[where[match.start()] : where[match.end() - 1] + 1]  # the evidence as written, the proviso in it
            clues.new_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=raw, rule="new term")
    if clues.extension is None and not UNCHANGED.search(text) and (match := EXTENSION_PERIOD.search(text)):
        if periods := find_periods(match["period"]):
            clues.extension = Finding[Period](value=periods[0][0], chunk_id=chunk_id, raw=match.group(0), rule="extension period")
    if clues.extension is None and not UNCHANGED.search(text) and (match := _TERM_PUT_OFF.search(text)):
        if periods := find_periods(match["period"]):
            clues.extension = Finding[Period](value=periods[0][0], chunk_id=chunk_id, raw=match.group(0), rule="term put off")
    if clues.extension is None and operative and (match := _FURTHER_PERIOD.search(text)):
        if periods := find_periods(match["period"] or match["period2"] or ""):
            clues.extension = Finding[Period](value=periods[0][0], chunk_id=chunk_id, raw=match.group(0), rule="further period")
    # "operative" is not asked: « le Contrat initial » it names reads as a recital's word; the verb in the present is the amendment's own
    if clues.new_length is None and sentence.chunk_rank != 0 and not UNCHANGED.search(text) and (match := _NEW_LENGTH.search(text)):
        if periods := find_periods(match["period"]):
            french = bool(re.search(r"(?i)\bà\s+compter\b", match.group(0)))
            clues.new_length = Finding[tuple[Period, bool]](value=(periods[0][0], french), chunk_id=chunk_id, raw=match.group(0), rule="new length")
    if clues.term_change is None and operative and (match := _TERM_CHANGE.search(text)) and not _denied(text, match):
        clues.term_change = Finding[str](value="term changed", chunk_id=chunk_id, raw=match.group(0)[:200], rule="term change")
    if clues.initial_end_date is None and not now and (match := _INITIAL_END.search(text)):
        if value := parse_date(match["date"]):
            clues.initial_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="initial end")
    _read_price_change(sentence, clues)


# words without one of which a sentence sets no new term
_TERM_CUES = (
    "prorog", "prolong", "report", "repouss", "extend", "postpon", "defer", "expir", "instead", "rather", "lieu", "non plus", "further",
    "additional", "nouvelle", "supplément", "renouvel", "renew", "fin ", "terme", "échéance", "echeance", "until", "jusqu", "through",
    "remain", "continue", "vigueur", "initial", "original", "end ", "ends", "terminat", "termine", "achève", "acheve",
    "durée", "duree", "term ", "expiry", "substitu", "rempla", "replac", "portée", "compter",
)


def _denied(text: str, match: re.Match[str]) -> bool:
    """Whether the sentence says the words of ``match`` do not happen: « Le présent avenant n'a pas pour effet de modifier la durée
    du Contrat » changes no term (walkthrough 19: the price-only avenant made its contract's end uncertain)."""
    # imported here: greffier.compliance imports this package (its quantities read periods) before this module is done
    from greffier.compliance.polarity import read_match

    return read_match(text, match.start(), match.end()).polarity == "negated"


def _read_price_change(sentence: Sentence, clues: AmendmentClues) -> None:
    if clues.price_change is None and _PRICE_CHANGE.search(sentence.text):
        clues.price_change = Finding[str](value="price changed", chunk_id=sentence.chunk_id, raw=sentence.text[:200], rule="price change")


_AMENDMENT_HEADING = re.compile(
    r"\b(?:(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+amendment|amendment\s+(?:no\.?|number|n°|#)\s*\d+|amendment\s+to\s+(?:the\s+)?[\w\s-]{0,60}?agreement"
    r"|addendum\s+(?:no\.?\s*\d+\s+)?to|avenant\s+(?:n\s*°\s*\d+|num[ée]ro\s+\d+)|avenant\s+(?:au|à\s+la)\b|this\s+(?:amendment|addendum)\b|le\s+pr[ée]sent\s+avenant"
    r"|variation\s+agreement\s+(?:no\.?|number|n°)\s*\d+|this\s+(?:variation\s+agreement|deed\s+of\s+variation)\b)",
    re.I,
)
_RESTATED = re.compile(r"\bamended\s+and\s+restated\b|\bmodifi[ée]e?\s+et\s+refondue?\b", re.I)


def reads_as_amendment(chunks: Sequence[ChunkInput]) -> bool:
    """Does the opening call this document an amendment ("FIRST AMENDMENT TO …", "This Amendment",
    « AVENANT N° 2 », « le présent avenant »)? An "amended and restated" agreement is a contract."""
    opening = " ".join(" ".join(c.text.split()) for c in chunks[:2])[:1500]
    return bool(_AMENDMENT_HEADING.search(opening)) and not _RESTATED.search(opening)


def _cited_type(title: str, chunks: Sequence[ChunkInput]) -> str | None:
    heading = next((line.strip(" #") for c in chunks[:1] for line in c.text.splitlines() if line.strip()), "")
    for text in (title, heading):
        rest = _AMENDMENT_WORDS.sub("", text or "", count=1)
        if rest != text and (label := match_contract_type(rest)) and label != "avenant":
            return label
    return None
