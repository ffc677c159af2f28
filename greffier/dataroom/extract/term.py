"""The term of a contract: its start, its end, its length, or no end at all (« durée indéterminée »)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta
from pydantic import BaseModel, Field

from greffier.dataroom.extract.dates import opening_date
from greffier.dataroom.extract.defined_dates import DATE_NAME, SIGNATURE_WORDS, DefinedDate, date_key, read_defined_dates
from greffier.dataroom.extract.periods import NUMBER, find_periods, parse_number, parse_ordinal
from greffier.dataroom.extract.term_length import LENGTH_CUE, NOT_THE_TERM, STARTS_AFTER, names_initial_term, written_as_term
from greffier.dataroom.extract.text import (
    DATE_GROUP, ChunkInput, Finding, Sentence, is_english, numeric_month_first, ranked_sentences, read_date, under_heading, weakest,
)
from greffier.dataroom.normalize import DATE_PATTERN, fold, parse_date


class TermFinding(BaseModel):
    start_date: Finding[date] | None = None
    end_date: Finding[date] | None = None
    indefinite: Finding[str] | None = None  # « durée indéterminée »: no end date, on purpose
    evidence: list[str] = Field(default_factory=list)  # chunk ids of the articles about the term
    notes: list[str] = Field(default_factory=list)


HEADING_CHARS = 100  # a chunk's "heading" longer than this is the first line of a paragraph ("3.9 Sales Plans. From time-to-time …")
_TERM_HEADING = re.compile(
    r"\b(?:duree|term|terme|duration|echeance|expiration|prise d'effet|entree en vigueur|effective date|commencement|validite|prorogation)\b"
)
# … and, in a contract with no such article, the heading that is a hire's or a rental's period as a whole ("3. HIRE PERIOD",
# « Article 3 – Durée de la location »: walkthrough 18; « Article 2 – Période de mise à disposition » of a studio: walkthrough 23), not "SUBSCRIPTION PERIOD FOR ADD-ONS" nor a loan's availability period
# (an insurance policy's period as a whole: "Section 2 – Period of insurance", « Durée de la police » — walkthrough 30's cargo policy)
_PERIOD_HEADING = re.compile(r"^\W*(?:(?:article|clause|section)\s+)?[\w.]{0,6}\W*(?:(?:hire|rental) period|period of (?:hire|rental|insurance|cover)"
                             r"|(?:insurance|policy) period|periode de location|duree de (?:la )?location|periode d'assurance|duree de (?:la )?police"
                             r"|(?:periode|duree) de (?:la )?mise a disposition)\W*$")
_TERM_OR_PERIOD_HEADING = re.compile(f"{_TERM_HEADING.pattern}|{_PERIOD_HEADING.pattern}")
# A form's or a table's row that dates the end: "Expiry Date: 31 March 2027", "Final Maturity Date | 27 November 2030",
# « Date d'échéance finale | 27 novembre 2030 », and, a table's pipes lost in a PDF's text, the label written as one
# ("… 27 novembre 2023 Date d'échéance finale 27 novembre 2030 Sûretés …": after the row before's figure, not in prose: "the
# Offer Expiry Date 31 March 2024"); the label itself says it is the contract's end
_END_LABEL = (
    r"date\s+d['’]\s*(?:[ée]ch[ée]ance|expiration)(?:\s+(?:finale|du\s+contrat|du\s+bail|du\s+pr[êe]t))?|date\s+de\s+(?:fin(?:\s+du\s+contrat)?|remboursement\s+final)"
    r"|(?:final\s+)?maturity\s+date|(?:final\s+)?redelivery\s+date|(?:expiry|expiration|end|termination|final\s+repayment)\s+date|(?:contract|agreement|term)\s+(?:end|expiry|expiration)\b(?!\s+of)"
)
_TERM_CUE = re.compile(
    r"pour une dur[ée]e|produit ses effets|prend(?:ra)? effet|prend(?:ra)? fin|entre(?:ra)? en vigueur|est conclue? pour|restera en vigueur|"
    r"\bcourt\b|à compter d|for a (?:fixed |initial )?(?:term|period) of|shall (?:remain|continue) in (?:full )?force|term of this|"
    r"remain in force|comes? into force|effective (?:as of|from|on)|commenc|initial term|"
    # a form's line names the period: "INITIAL DISTRIBUTION PERIOD: April 15, 2000 through October 15, 2000", « Période initiale : du … au … »
    r"\b(?:initial|original)\s+(?:[\w-]+\s+)?period\b|p[ée]riode\s+initiale|dur[ée]e\s+initiale|"
    # an insurance's or a charter's period: "Period of Insurance: … from 00:00 hours GMT on 1 January 2026 to …"
    r"\bperiod\s+of\s+(?:insurance|cover(?:age)?|the\s+policy)\b|\b(?:policy|insurance|charter)\s+period\b|p[ée]riode\s+(?:d['’]assurance|de\s+couverture)\b|"
    r"\b(?:contrat|convention|bail|mission|licence|accord|pacte|garantie|agreement|lease|license|licence|term)\b|\bterms\s+of\s+the\s+(?:project|engagement|assignment|mission)\s*:|"
    rf"(?i:{_END_LABEL})",
    re.I,
)
EXTENSION = re.compile(
    rf"\b(?:report[ée]e?s?|prorog[ée]e?s?|prolong[ée]e?s?|repouss[ée]e?s?|proroge(?:nt)?|prolonge(?:nt)?|extended|postponed|deferred)"
    rf"\b[^.;]{{0,60}}?\b(?:jusqu['’]?(?:au|à)|au|à|to|until|till|through)\s+(?:le\s+|the\s+)?{DATE_GROUP}",
    re.I,
)
EXTENSION_PERIOD = re.compile(
    r"\b(?:prorog[ée]e?s?|prolong[ée]e?s?|proroge(?:nt)?|prolonge(?:nt)?|extended)\s+(?:d['’]\s*|de\s+|by\s+|for\s+|pour\s+)(?P<period>.{1,60})",
    re.I,
)
# An option to extend, in a contract that is no amendment: "Flotek may, by written notice …, elect for the Term to be extended to …"
_OPTION = re.compile(r"\b(?:may|might|elect\w*|option\w*|discretion|right\s+to|if|unless|provided|peut|peuvent|pourra|pourront|facult[ée]|si)\b", re.I)
UNCHANGED = re.compile(r"inchang|unchanged|ne modifie (?:ni|pas)|does not (?:amend|change|modify)|remains? (?:the same|fixed)|demeure fix", re.I)
# an hour before a date: "from 00:00 hours GMT on 1 January 2026 to 24:00 hours GMT on 31 December 2026" (an insurance's period)
_CLOCK = r"(?:(?:\d{1,2}[:.h]\d{2}|midnight|noon|minuit|midi)\s*(?:hours?|hrs|heures?)?\s*(?:GMT|UTC|CET|local\s+time|heure\s+locale)?\s+(?:on|le)\s+)?"
# … or after it: "from 1 January 2026 at 00:00 to 31 December 2026 at 24:00" (walkthrough 31's liability policy had no end)
_CLOCK_AFTER = (r"(?:\s+(?:at|a|à)\s+(?:\d{1,2}(?:[:.h]\d{2}|\s*(?:h|heures?)(?:\s*\d{2})?)\s*(?:a\.?m\.?|p\.?m\.?)?|midnight|noon|minuit|midi)"
                r"\s*(?:hours?|hrs|heures?)?(?:\s*(?:GMT|UTC|CET|local\s+time|heure\s+locale))?)?")
_RANGE = re.compile(
    rf"\b(?:du|from|de)\s+{_CLOCK}(?P<start>{DATE_PATTERN}){_CLOCK_AFTER}\s*,?\s+(?:au|to|until|jusqu['’]au|through|-)\s+{_CLOCK}{DATE_GROUP}"
    rf"|(?<![\w,])(?P<bare>{DATE_PATTERN})\s+(?:through|thru|until)\s+(?P<bare_end>{DATE_PATTERN})",  # "April 15, 2000 through October 15, 2000"
    re.I,
)
# A form's or a heading's line that dates the term from one date to the other: "TERM: November 01, 2014 to October 31, 2017",
# "Term of Agreement: 1 June 2020 - 31 May 2023", « Durée : 1er janvier 2021 au 31 décembre 2023 »
_LABEL_RANGE = re.compile(
    rf"(?:^|[.;]\s*|\n\s*)\W*(?:(?:initial|original|contract|agreement|license|licence)\s+)?(?:term|period|duration|dur[ée]e|p[ée]riode)"
    rf"(?:\s+(?:of|du|de\s+la)\s+(?:the\s+|this\s+|pr[ée]sente?\s+)?(?:agreement|contract|contrat|convention|license|licence))?\s*[:–—-]\s*"
    rf"(?:(?:from|du|de)\s+)?(?P<start>{DATE_PATTERN})\s*(?:to|until|through|thru|-|–|—|au|jusqu['’]au)\s*(?:and\s+including\s+)?{DATE_GROUP}",
    re.I,
)
_LABEL_END = re.compile(
    rf"(?:(?:^|\n|\|)[ \t*]*(?:{_END_LABEL})[ \t*]*[|:][ \t*]*"
    rf"|(?<=[\d)»\"”]\s)(?-i:Date\s+d['’]\s*(?:[ÉEée]ch[ée]ance|[Ee]xpiration)(?:\s+[Ff]inale)?|(?:Final\s+)?Maturity\s+Date|(?:Expiry|Expiration|End)\s+Date)\s+)"
    rf"{DATE_GROUP}(?=[ \t*]*(?:\||\n|$|[A-ZÀ-Ý]))",
    re.I,
)
# The end's name defined as a date: « « Date d'Échéance Finale » désigne la date tombant sept (7) ans après la Date de
# Signature, soit le 30 juin 2028 », '"Expiration Date" means June 30, 2028', 'June 30, 2028 (the "Expiration Date")'
_DEFINED_END = re.compile(
    rf"[«\"“]\s*(?:{_END_LABEL})\s*[»\"”]\s*,?\s*(?:d[ée]signe|signifie|s['’]entend\s+de|means|shall\s+mean)\s+"
    rf"(?:(?:[^;.]|\.(?=\d)){{0,200}}?(?:,\s*soit|,\s*i\.e\.,?|,\s*namely|,\s*being)\s+)?(?:the\s+|le\s+)?{DATE_GROUP}"
    rf"|(?P<date2>{DATE_PATTERN})\s*\(\s*(?:the\s+|ci-apr[èe]s\s+(?:d[ée]nomm[ée]e\s+)?(?:la\s+)?|la\s+)?[«\"“]\s*(?:{_END_LABEL})\s*[»\"”]\s*\)",
    re.I,
)
# An end verb, an event, then a date at the latest: the earlier of the event and the date (see _END)
_EVENT_THEN_LATEST = (
    r"(?:\b(?:expire(?:ra|nt)?|prend(?:ra|ront)?\s+fin|se\s+termine(?:ra)?|ends?|expires?|terminates?|(?:shall|will)\s+(?:end|expire|terminate))"
    r"\s+(?:[àa]|lors|upon|at|with|when)\b"
    # … or in force until it: « demeurera en vigueur jusqu'à l'expiration du dernier des Brevets, et au plus tard le … », "shall
    # remain in force until the expiry of the last Patent and in any event no later than …"
    r"|\b(?:contrat|convention|bail|licence|accord|pacte)\b[^.;]{0,60}?\b(?:demeure\w*|rest\w*|sera|est)\s+en\s+vigueur\s+jusqu['’]\s*(?=[àa]\b)"
    r"|\b(?:agreement|contract|lease|licen[cs]e)\b[^.;]{0,60}?\b(?:remain|continue)s?\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+until\b)"
    # the event: no date, verb or subject of its own between (not "…, and the Contractor shall deliver the designs no later
    # than …", nor « expire au 31 décembre 2025, les factures étant payables au plus tard le … »)
    r"(?:(?!\b(?:19|20)\d\d\b|\b(?:shall|will|must|may|is|are|sera|seront|est|sont|doit|doivent|pourra|pourront"
    r"|[ée]tant|being|payables?|due)\b)[^.;]){3,120}?,?\s+(?:et\s+)?(?:(?:and\s+)?(?:in\s+any\s+(?:event|case)\s+)?)"
    r"(?:au\s+plus\s+tard\s+le|no\s+later\s+than|not\s+later\s+than|at\s+the\s+latest\s+on)"
)
_END = re.compile(
    rf"(?:jusqu['’]?(?:au|à)(?:\s+le)?|expire(?:ra)?\s+le|expirant\s+le|prend(?:ra)?\s+fin\s+le|pour\s+se\s+terminer\s+le|"
    # (and the infinitive: « … qui commenceront à courir le 1er juillet 2024 pour s'achever le 30 juin 2027 », walkthrough 29's lease)
    # (only after « pour »: « la période d'essai … doit se terminer le … » is a phase's end — the review)
    rf"s['’]ach[èe]ve(?:ra)?(?:\s+au\s+plus\s+tard)?\s+le|se\s+termine(?:ra)?\s+le|pour\s+s['’]achever\s+le|arrive(?:ra)?\s+à\s+(?:son\s+)?(?:terme|échéance)\s+le|"
    # « Il cessera de plein droit le 30 juin 2026 » (walkthrough 28: a consultant's contract read no end)
    rf"cesse(?:ra)?\s+(?:de\s+plein\s+droit\s+|automatiquement\s+)?(?:de\s+produire\s+(?:ses\s+)?effets?\s+)?le|"
    rf"rembours[ée]e?\s+(?:au\s+plus\s+tard\s+)?le|(?<!premi[eè]re\s)(?<!prochaine\s)(?<!chaque\s)(?<!premi[eè]re\svenant\s[àa]\s)(?<!premi[eè]re\sarrivant\s[àa]\s)(?<!chaque\svenant\s[àa]\s)[ée]ch[ée]ance\s+(?:finale\s+(?:(?:est|sera)\s+)?)?(?:fix[ée]e\s+)?(?:au|le)|"
    # a loan's last instalment: « la dernière échéance intervenant le 30 juin 2028 », "the final instalment falling due on …"
    # … after the first's: « la première venant à échéance le 20 novembre 2025 et la dernière le 20 octobre 2030 » (walkthrough 29: the
    # first instalment was read as the loan's end), "the first falling due on … and the last on …"
    rf"(?<=\bet\s)(?P<last_fr>la\s+derni[èe]re\s+(?:le|au))|(?<=\band\s)(?P<last_en>the\s+(?:last|final)(?:\s+one)?\s+on)|"
    rf"derni[èe]re\s+[ée]ch[ée]ance\s+(?:de\s+remboursement\s+)?(?:intervenant|interviendra|intervient|tombant|tombera|[ée]tant\s+fix[ée]e|(?:est|sera)\s+fix[ée]e|fix[ée]e|pr[ée]vue|exigible)\s+(?:au|le)|"
    rf"\bfinal\s+(?:repayment\s+)?(?:instal(?:l)?ment|repayment)\s+(?:date\s+)?(?:shall\s+)?(?:fall(?:s|ing)?\s+due|be\s+(?:due|paid)|is\s+due|due)\s+on|"
    rf"\buntil(?:\s+the\s+later\s+of\s*(?:\((?:a|i|1)\)\s*)?)?|\btill|\bends?\s+(?:on|at)|\bending\s+(?:on|at)|\bexpires?\s+on|\bexpiring(?:\s+on)?|\bconclud(?:es|ing)(?:\s+on)?|"
    rf"\bterminat(?:es?|ing)\s+on|\bwill\s+(?:end|expire|terminate)\s+on|"
    # a period written from one date to the other: "12 months beginning March 1, 2005 and ending February 28, 2006" (not "the fiscal
    # year ending December 31"), « commençant le 1er mars 2005 et se terminant le 28 février 2006 »
    rf"(?:\b(?:term|agreement|contract)|\bfor\s+a\s+period)\s+(?:[\w()-]+,?\s+){{0,6}}?(?:beginning|commencing|starting)\s+(?:on\s+)?(?:{DATE_PATTERN})\s*,?\s+and\s+ending(?:\s+on)?|"
    # (« L'engagement est souscrit pour une période de cinq (5) exercices, commençant le 1er janvier 2022 et se terminant le 31 décembre
    # 2026 »: walkthrough 24's cooperative membership)
    rf"(?:\b(?:dur[ée]e|contrat|convention|bail|engagement)|\bpour\s+une\s+p[ée]riode)\s+(?:[\w()'’-]+,?\s+){{0,6}}?(?:commen[çc]ant|d[ée]butant)\s+le\s+(?:{DATE_PATTERN})\s*,?\s+et\s+(?:se\s+terminant|finissant|expirant)\s+le|"
    rf"\b(?:shall|will)\s+(?:expire|terminate|end)(?:\s+on)?|\bthrough|"
    # "shall run from 1 April 2025 and shall lapse on 30 September 2026" (walkthrough 29: an interim manager's engagement read no end)
    rf"\b(?:shall|will)\s+(?:automatically\s+)?lapse\s+on|\blapses\s+on|"
    # "provided that it shall in any event expire no later than 31 December 2027" (after an event: a bound, see _bound_doubt)
    rf"\b(?:shall|will)\s+in\s+any\s+(?:event|case)\s+(?:expire|terminate|end)\s+(?:no|not)\s+later\s+than|\bmaturity\s+date\s+(?:is|of)|\bmaturing\s+on"
    # at an hour of the day: "shall expire at 11:59 p.m. (Eastern time) on December 31, 2024", « expire à minuit le 31 décembre 2024 »
    rf"|\b(?:end|expire|terminate)s?\s+at\s+[^;]{{0,50}}?\bon|\b(?:until|till|through)\s+(?:midnight|noon|\d{{1,2}}(?::\d{{2}})?\s*(?:a\.?m\.?|p\.?m\.?|o['’]clock|hours))[^;]{{0,40}}?\bon"
    rf"|(?:\b(?:expire(?:ra)?|prend(?:ra)?\s+fin)\s+[àa]|jusqu['’]\s*[àa])\s+(?:minuit|midi|\d{{1,2}}\s*h(?:eures?)?\s*\d{{0,2}})[^.;]{{0,30}}?\ble"
    # from a named start to a date: "shall run from the Effective Date to December 31, 2024", « court de la Date d'Effet au 31 décembre 2024 »
    rf"|\bfrom\s+(?:the\s+)?(?:[\w'’-]+\s+){{0,3}}?date(?:\s+hereof)?\s+(?:up\s+)?(?:to|until|through)(?:\s+and\s+including)?|\bde\s+la\s+date\s+[^.;,]{{0,40}}?\s+au"
    # the earlier of a date and an event, the date first: "shall terminate on the earlier of (a) December 31, 2024 or (b) …",
    # « prendra fin à la plus proche des deux dates suivantes : le 31 décembre 2024 ou … » (read as a bound: low confidence)
    # or the later of them ("will end on the later of (i) December 15, 1999 or (ii) …": a bound the other way, low confidence too)
    rf"|\b(?:expire|terminate|end)s?\s+(?:on\s+|upon\s+)?the\s+(?:earlier|earliest|first|later|latest)\s+(?:to\s+occur\s+)?of\s*:?(?:\s*\((?:a|i|1)\))?(?:\s+on)?"
    # … or the date second: "shall expire upon the later of: (a) the conclusion of the 2022/23 NFL season and (b) the last day in
    # February, 2023" (the first limb an event: no date — a season's "2022/23" is none — no end of sentence)
    rf"|\b(?:agreement|contract|term|lease|licen[cs]e)\b(?:(?!\boptions?\b)[^.;]){{0,120}}?\b(?:expire|terminate|end)s?\s+(?:on\s+|upon\s+)?the\s+(?:earlier|earliest|first|later|latest)\s+(?:to\s+occur\s+)?of\s*:?\s*\((?:a|i|1)\)"
    rf"(?:(?!\((?:b|ii|2)\)|\b(?:19|20)\d\d\b(?!/))[^.;]){{3,150}}?\((?:b|ii|2)\)(?:\s+on)?"
    rf"|\b(?:expire(?:ra)?|prend(?:ra)?\s+fin)\s+[àa]\s+la\s+(?:plus\s+proche|premi[èe]re|plus\s+tardive|derni[èe]re)\s+des\s+(?:deux\s+)?dates(?:\s+suivantes)?\s*:?(?:\s*\(?(?:a|i|1)\))?(?:\s+le)?"
    # an event, and a date at the latest: « Il expire à la réception sans réserve des travaux, et au plus tard le 30 septembre 2026 »,
    # "shall terminate upon completion of the Services and in any event no later than December 31, 2025" (a bound: low confidence)
    rf"|{_EVENT_THEN_LATEST}"
    rf")(?:\s+and\s+including)?\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)
_START = re.compile(
    rf"(?:à\s+compter\s+du|a\s+compter\s+du|prend(?:ra)?\s+effet\s+(?:le|au)|entre(?:ra)?\s+en\s+vigueur\s+le|entré\s+en\s+vigueur\s+le|"
    rf"débute(?:ra)?\s+le|commence(?:ra)?\s+le|commence(?:ra|ront|nt)?\s+à\s+courir\s+le|à\s+partir\s+du|à\s+effet\s+du|\bfrom|\bas\s+of|\beffective\s+(?:as\s+of|from|on)|"
    rf"\bcommenc(?:es|ing|e)\s+(?:on|upon)|\bbegin(?:s|ning)?\s+(?:on|upon)|\bstart(?:s|ing)?\s+on|\bwith\s+effect\s+from"
    rf"|\b(?:comes?|came)\s+into\s+(?:force|effect)\s+on|\benter(?:s|ed|ing)?\s+into\s+(?:force|effect)\s+(?:on|as\s+of)"  # walkthrough 25: "enters into force on 1 January 2022"
    rf"|\btak(?:es?|ing)\s+effect\s+(?:on|as\s+of|from))\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)
_FROM_SIGNATURE = re.compile(
    r"(?:compter\s+de\s+(?:la\s+date\s+de\s+)?(?:la|sa|leur)\s+signature|qui\s+suiv\w*\s+(?:la|sa)\s+signature|à\s+(?:la|sa)\s+signature|"
    r"date\s+de\s+(?:la\s+|sa\s+)?signature\s+du\s+présent|from\s+(?:the\s+date\s+of\s+)?(?:its\s+)?(?:signature|execution)"
    r"|upon\s+(?:signature|execution)|"
    r"from\s+the\s+(?:date\s+hereof|signature\s+date)|date\s+of\s+(?:its\s+)?signature|date\s+(?:first\s+)?(?:above\s+)?(?:written|stated|set\s+forth)\s*(?:above)?"
    r"|\bdate\s+hereof\b|\b(?:full\s+)?execution\s+of\s+this\b|\bdate\s+(?:it\s+is\s+)?signed\b|\bdate\s+of\s+this\s+(?:agreement|document|contract|instrument)\b"
    r"|\bdate\s+des\s+pr[ée]sentes\b|\bdate\s+du\s+pr[ée]sent\s+(?:contrat|document|acte|accord)\b)",
    re.I,
)
_FROM_EFFECTIVE = re.compile(
    r"\b(?:the\s+)?(?:effective|commencement|start)\s+date\b|\bdate\s+d['’](?:effet|entr[ée]e\s+en\s+vigueur)", re.I
)
_NOT_A_TERM = re.compile(
    r"pr[ée]avis|notice|à\s+l['’]avance|in\s+advance|s['’]interdi|s['’]engage|shall\s+not|undertakes?|essai|probation|"
    r"successi(?:ve|f)s?|ind[ée]termin|indefinite|d[ée]lai|within|dans\s+les|survi[vt]|after\s+(?:the\s+)?(?:termination|expiry)|"
    r"apr[èe]s\s+(?:la\s+)?(?:cessation|fin|r[ée]siliation|expiration)|s[ée]questre|escrow",
    re.I,
)
_CONTRACT_TERM = re.compile(
    r"\b(?:contrat|convention|bail|accord|pacte|mission|licence|garantie|pr[ée]sente?s?|agreement|lease|licen[cs]e|it|il|elle)\b"
    r"[^.;]{0,80}?\b(?:conclue?|produit\s+ses\s+effets|entre(?:ra)?\s+en\s+vigueur|prend(?:ra)?\s+effet|court|couvre|dure|"
    r"is\s+(?:entered\s+into|made|granted)\s+for|shall\s+(?:remain|continue)|for\s+an?\s+(?:fixed\s+|initial\s+)?(?:term|period)|consenti)"
    r"|pour\s+une\s+dur[ée]e\s+(?:ferme\s+|déterminée\s+)?de|for\s+an?\s+(?:fixed\s+|initial\s+|minimum\s+)?(?:term|period)\s+of"
    r"|\bterm\b[^.;]{0,60}?\b(?:shall|will|is)\s+(?:be|continue|expire|end|last)\b|\b(?:remain|continue)\s+in\s+(?:full\s+)?(?:force|effect)\b"
    r"|\bcontinues?\s+(?:thereafter\s+)?for\b|\bshall\s+end\b|\b(?:initial|original)\s+(?:[\w()-]+\s+){0,4}?term\b|\b(?:p[ée]riode|dur[ée]e)\s+initiale\b|\bthereafter\b",
    re.I,
)
_INDEFINITE = re.compile(
    r"dur[ée]e\s+ind[ée]termin[ée]e|\bCDI\b|indefinite\s+(?:term|period|duration)|open-ended|no\s+fixed\s+term"
    # a term with no end but a termination: "shall continue in effect until terminated by either party", "in perpetuity"
    r"|\b(?:continue|remain)s?\s+(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+)?until\s+(?:it\s+is\s+)?terminated\b(?!\s+earlier)"
    r"|\bin\s+perpetuity\b|\bperpetual\s+(?:term|basis|duration)\b|\bjusqu['’]\s*à\s+(?:sa\s+|leur\s+)?r[ée]siliation\b",
    re.I,
)
_INSTALMENTS = re.compile(
    rf"(?P<num>{NUMBER})\s+(?P<unit>mensualités|trimestrialités|semestrialités|annuités"
    rf"|échéances\s+(?:mensuelles|trimestrielles|semestrielles|annuelles)|"
    rf"(?:monthly|quarterly|semi-annual|half-yearly|annual|yearly)\s+(?:instal?ments|repayments))"
    rf"[^.]{{0,120}}?\b(?:premi[èe]re?|first)\b[^.]{{0,40}}?{DATE_GROUP}",
    re.I,
)
# (the words of a loan repaid at once too: « remboursable », "repaid" — read for a contract typed a loan only)
_INSTALMENT_WORD = re.compile(r"mensualit|trimestrialit|semestrialit|annuit|[ée]ch[ée]ances|instal?ments|repayments|rembours|repa(?:y|id)", re.I)
# A loan repaid at once, on a date: « Le Crédit B est remboursable en une seule fois le 30 septembre 2031 », « remboursable in fine le
# … », "the Term Loan B shall be repaid in full on 30 September 2031", "repayable in one instalment on …"
_REPAID_AT_ONCE = re.compile(
    rf"\b(?:rembours\w*|repayable|repaid|shall\s+repay|will\s+repay)\b[^.;]{{0,40}}?"
    rf"\b(?:en\s+une\s+(?:seule\s+)?fois|in\s+fine|en\s+totalit[ée]|int[ée]gralement|in\s+full|in\s+(?:one|a\s+single)\s+(?:instal?ment|payment|amount|sum)"
    rf"|in\s+a\s+single\s+(?:instal?ment|payment|amount|sum))\b[^.;]{{0,30}}?"
    rf"\b(?:le|au\s+plus\s+tard\s+le|on|no\s+later\s+than|not\s+later\s+than|at\s+the\s+latest\s+on)\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)
_INSTALMENT_MONTHS = {  # first letters of the instalment word → months between two instalments
    "mensu": 1, "month": 1, "trime": 3, "quart": 3, "semes": 6, "semi-": 6, "half-": 6, "annui": 12, "annue": 12, "annua": 12, "yearl": 12,
}
# Words that make an end the contract's, before it: the contract or its term as the subject of lasting or ending ("This Agreement
# shall remain in effect until …", "the Term will expire on …", « Le présent contrat prendra fin le … ») — not a thing "under this
# Agreement" (« les prix du présent contrat »), nor "during the Term"
_ENDS_THE_CONTRACT = re.compile(
    r"(?:(?<!under\s)(?<!of\s)(?<!to\s)(?<!in\s)(?<!by\s)(?<!with\s)(?<!for\s)(?<!during\s)(?<!throughout\s)(?<!after\s)(?<!before\s)"
    r"(?<!upon\s)(?<!from\s)(?<!within\s)(?<!on\s)(?<!at\s)\b(?:this|the|that|such)\s+(?:[\w\"“”-]+\s+){0,2}?"
    r"(?:agreement|contract|lease|licen[cs]e|term|period|arrangement|appointment|engagement)"
    # "The Joint Venture is a fixed term Joint Venture beginning November 27, 2018 and ending November 30th, 2019"
    r"|\b(?:le|la|ce|cette)\s+(?:pr[ée]sente?\s+)?(?:contrat|convention|bail|accord|mission|p[ée]riode|dur[ée]e)|\b(?:it|il|elle)|\ba\s+fixed\s+term\s+(?:joint\s+venture|agreement|contract|arrangement|engagement))\b"
    r"[^.;]{0,120}?\b(?:shall|will|is|are|remains?|continues?|expires?|expiring|terminates?|terminating|ends?|ending|conclud\w*|commenc\w*|beginning|runs?|running|lasts?|continuing|remaining|be|been|become|cease\w*|effective|valid"
    r"|in\s+(?:full\s+)?(?:force|effect)"
    r"|est|sera|restera|demeurera|prend\w*|expire\w*|court|courra|produi\w*|entre\w*|s['’]ach[èe]ve\w*|se\s+termine\w*|arrive\w*|conclue?|valable)\b",
    re.I,
)
# "anniversary": a length counted to its anniversary, the common-law reading (:func:`ends_on_anniversary`), ranked as a length
_RULE_RANK = {"extension": 0, "range": 1, "end": 2, "duration": 3, "anniversary": 3, "instalments": 4}


@dataclass(frozen=True)
class _TermCandidate:
    rank: tuple[int, int, int]
    end: Finding[date]
    start: Finding[date] | None
    own: bool = False  # read in a sentence about this contract's own term ("this Agreement", "the Term", « le présent contrat »)


# This contract or its term, not another one the text names ("The lease of the warehouse shall expire on …", "the Prior Agreement")
_OWN_TERM = re.compile(
    r"\bthis\s+(?:agreement|contract|lease|license|licence)\b|(?<!of\s)\bthe\s+(?:initial\s+|original\s+)?term\b(?!\s+of\s+(?!this\b))"
    r"|\b(?:le|la)\s+pr[ée]sente?\s+(?:contrat|convention|bail|accord)\b|\bce\s+(?:contrat|bail)\b|\bcette\s+convention\b|\bla\s+dur[ée]e\s+du\s+pr[ée]sent\b",
    re.I,
)


def extract_term(
    chunks: Sequence[ChunkInput], *, signature_date: date | Finding[date] | None = None, amendment: bool = True, loan: bool = False
) -> TermFinding:
    """The start and end of the contract's term.

    In order of trust: an amendment's new term (« prorogé jusqu'au … »), a range (« court du … au
    … »), an end date (« jusqu'au … », "until …", « prend fin le … »), a start plus a duration
    (« neuf années à compter du 1er novembre 2019 », "three (3) years from the Effective Date", the
    signature date for « à compter de sa signature »), a loan's last instalment. Articles whose
    heading is about the term come first. An indefinite term (« durée indéterminée ») gives no end.
    A term that runs from a named date ("the Commencement Date", « la Date d'Effet ») runs from the
    date the contract defines it as (:mod:`~greffier.dataroom.extract.defined_dates`); one that runs
    from an event gives no end, and a note says why. ``amendment=False`` (the document is no
    amendment): an option to extend the term ("may elect for the Term to be extended to …") does not
    end the initial term. ``loan`` (the contract is typed a loan): a tranche repaid at once (« remboursable en une seule fois le … »)
    ends it too, the latest of its tranches — not a vendor loan or a current account an acquisition repays (the review).
    """
    about = _TERM_HEADING if any(under_heading(c, _TERM_HEADING, HEADING_CHARS) for c in chunks) else _TERM_OR_PERIOD_HEADING
    ranked = _about_the_term(ranked_sentences(chunks, about, heading_chars=HEADING_CHARS))
    signature = signature_date if isinstance(signature_date, Finding) or signature_date is None else Finding[date](
        value=signature_date, chunk_id=None, raw="signature", rule="signature"
    )
    month_first = numeric_month_first(chunks)
    definitions = read_defined_dates(chunks, month_first=month_first)
    effective = _effective_date(chunks, definitions)
    chunk_starts = _chunk_starts(ranked, month_first)
    starting_point = _starting_point(chunks, month_first)
    candidates: list[_TermCandidate] = []
    notes: list[str] = []
    for order, sentence in enumerate(ranked):
        if sentence.chunk_rank == 1 and not _TERM_CUE.search(sentence.text):
            candidates.extend(_instalment_candidates(sentence, order, loan))
            continue
        context = _StartContext(signature, effective, chunk_starts.get(sentence.chunk_id), definitions, amendment, month_first, starting_point, loan)
        found = _term_candidates(sentence, order, context, notes)
        if found and (doubt := _bound_doubt(sentence.text)):
            # "terminate upon the earlier to occur of (a) the closing … and (b) one (1) year after the date hereof": a bound, not the end;
            # a length counted from an estimated start is already a bound of the other way ("at the earliest"): together they bound nothing
            notes.extend(
                f"term of « {c.end.raw.rsplit(' … ', 1)[-1]} » ({sentence.chunk_id}) runs from an event the contract does not date, in a sentence that "
                "bounds it the other way: no end" for c in found if _is_estimate(c.start)
            )
            found = [replace(c, end=c.end.model_copy(update={"confidence": "low", "doubt": doubt})) for c in found if not _is_estimate(c.start)]
        candidates.extend(found)
    term_chunks = [c.id for c in chunks if under_heading(c, about, HEADING_CHARS)]
    indefinite = _indefinite(chunks)
    if not candidates:
        if indefinite is None and not term_chunks:
            notes.append("no article about the term")
        return TermFinding(start_date=_first_start(ranked, month_first, definitions), indefinite=indefinite, evidence=term_chunks, notes=notes)
    best = _last_repayment(_confirmed(min(candidates, key=lambda c: c.rank), candidates), candidates)
    evidence = list(dict.fromkeys([*(term_chunks or []), *([best.end.chunk_id] if best.end.chunk_id else [])]))
    return TermFinding(start_date=best.start or _first_start(ranked, month_first, definitions), end_date=best.end, evidence=evidence, notes=notes)


CONFIRMING_DAYS = 45  # a written end this close to a length's end is the same end, written (a month's days, a last day or an anniversary)


def _confirmed(best: _TermCandidate, candidates: list[_TermCandidate]) -> _TermCandidate:
    """A length counted from a start the text does not write ("three (3) years", counted from the contract's date) gives way
    to an end the text writes that agrees with it ("The Term shall commence on July 23, 2013 and shall expire on July 22,
    2016"): the written date is the end, and as sure as it was written."""
    if best.end.rule not in ("duration", "anniversary") or not best.end.doubt:
        return best
    written = [
        c for c in candidates
        if c.end.rule in ("end", "range") and c.own and c.end.confidence == "high" and abs((c.end.value - best.end.value).days) <= CONFIRMING_DAYS
    ]
    return min(written, key=lambda c: c.rank) if written else best


# An end that is only a bound: the earlier (or the later) of a date and an event the text does not date
_BOUND = re.compile(
    r"\b(?P<which>earlier|earliest|first|later|latest|(?<=the\s)longer|(?<=the\s)shorter)\s+(?:to\s+occur\s+|period\s+)?of\b|\bwhichever\s+(?:is\s+|occurs\s+|shall\s+occur\s+)?(?P<which2>earlier|first|sooner|later)\b"
    r"|\b(?:la\s+)?(?P<fr>premi[èe]re|plus\s+proche|derni[èe]re|plus\s+tardive|plus\s+longue|plus\s+courte)\s+des\s+(?:deux\s+)?(?:dates|[ée]v[ée]nements|[ée]ch[ée]ances|dur[ée]es|p[ée]riodes)\b",
    re.I,
)
# … but not a bound on the start ("shall commence on the next business day after the later of (i) the date hereof, or (ii) …"),
# nor the early termination every contract allows ("until the earlier of (a) its termination in accordance with this Article 14 or (b) …")
# ("will begin on December 15, 1997 and will end on the later of …" bounds the end: an end verb stands between)
_START_BEFORE = re.compile(
    r"(?i)\b(?:commenc\w*|begin\w*|start\w*|effective\s+(?:as\s+of|on|from)|prend\w*\s+effet|entr\w*\s+en\s+vigueur)\b"
    r"(?:(?!\b(?:end|ends|expire|expires|terminate|terminates|prend\w*\s+fin|expire\w*)\b)[^.;]){0,80}$"
)
_EARLY_TERMINATION = re.compile(
    r"(?i)^[^.;]{0,30}?\b(?:its|the|any|such)\s+(?:earlier\s+|early\s+)?(?:termination|r[ée]siliation)\b[^.;]{0,30}?\b(?:in\s+accordance|pursuant|under|as\s+provided|conform[ée]ment)"
    r"|^[^.;]{0,30}?\b(?:earlier|early)\s+termination\b|^[^.;]{0,30}?\bterminated\s+(?:earlier|sooner)\b"
)

# … nor a date whose other limb is that early termination: "until the earlier of (a) the fifth anniversary of the Effective Date, and
# (b) termination by either Party upon thirty (30) days' written notice"
_TERMINATION_LIMB = re.compile(
    r"(?is)^.{0,200}?(?:\(\s*(?:b|ii|2)\s*\)|\bor\b|\band\b|\bou\b|\bet\b)\s*(?:the\s+|its\s+|any\s+|sa\s+|la\s+)?(?:earlier\s+|early\s+|anticip[ée]e\s+)?"
    # … this contract's termination, not another's ("termination of the Distribution Agreement")
    r"(?:termination|r[ée]siliation)\b(?!\s+of\s+(?!this\b|the\s+present\b)|\s+d[eu]\s+(?!pr[ée]sent))[^.;]{0,80}?\b(?:by\s+either|by\s+(?:a|any|one|the)\s+part|par\s+l['’]une|upon\s+(?:\w+\s+)?(?:\(\d+\)\s+)?days|in\s+accordance|pursuant|under\s+(?:this|section|article)|as\s+provided|conform[ée]ment)"
)

_NO_EVENT_LATER = (
    # in the end verb's own clause: no other verb between ("shall expire on …, and the Distributor shall return all unsold stock in no
    # event later than …" is a deadline, a review)
    r"\b(?:terminat\w*|expir\w*|end|ends|prend\w*\s+fin)\b(?:(?!\b(?:shall|will|must|may|doit|doivent|devra|devront|sera|seront)\b)[^.;]){0,200}?"
    r"(?:\bin\s+no\s+(?:event|case)\s+later\s+than|\ben\s+aucun\s+cas\s+au-del[àa]\s+du)"
)
_EVENT_THEN_LATEST_RE = re.compile(_EVENT_THEN_LATEST, re.I)
# "… until the expiry of the last Warranty Period, provided that it shall in any event expire no later than …": "in any event" says
# other events may end it first — an end at the latest; so is a long-stop date ("shall automatically terminate if Closing has not
# occurred, and shall in any event terminate no later than 31 March 2025", a review)
_IN_ANY_EVENT_LATEST = re.compile(
    r"(?i)\b(?:in\s+any\s+(?:event|case)|en\s+tout\s+(?:[ée]tat\s+de\s+cause|cas))\b[^.;]{0,30}?\b(?:no\s+later\s+than|not\s+later\s+than|au\s+plus\s+tard)"
    rf"|{_NO_EVENT_LATER}"
)
# … and its date, which bounds a length that runs from an undated event (:func:`_term_candidates`)
_IN_NO_EVENT_LATER = re.compile(rf"{_NO_EVENT_LATER}\s+(?:the\s+)?{DATE_GROUP}", re.I)
LATEST_DOUBT = "the term ends on this date at the latest: an earlier event the text names may end it first"
EARLIEST_DOUBT = "the term ends on this date at the earliest: a later event the text names may end it after"


# A term that lasts as long as another agreement or a processing does: "remains in force for as long as the Processor processes personal
# data under the Subscription Agreement, whose initial term expires on 30 September 2027" (the app walk of round 39: the DPA listed as
# ending on the subscription's first end, though the subscription renews), « pour toute la durée du Contrat principal »
_TIED_TERM = re.compile(
    r"(?i)\b(?:remains?|continues?|stays?|be|shall\s+(?:remain|continue|be))\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?[^.;]{0,30}?"
    r"\bfor\s+(?:so|as)\s+long\s+as\b|\bco-?terminous\s+with\b|\bfor\s+the\s+(?:same\s+)?(?:duration|term)\s+of\s+the\s+(?!initial\b)[\w-]+(?:\s+[\w-]+){0,3}\s+agreement\b"
    r"|\b(?:reste|restera|demeure|demeurera|est\s+conclue?|sera\s+en\s+vigueur)\b[^.;]{0,40}?\baussi\s+longtemps\s+que\b"
    r"|\bpour\s+(?:toute\s+)?la\s+(?:m[êe]me\s+)?dur[ée]e\s+du\s+contrat\s+(?:principal|cadre|de\s+(?:prestations?|services|sous-traitance|licence|abonnement))"
    r"|\bpendant\s+toute\s+la\s+dur[ée]e\s+du\s+contrat\s+(?:principal|cadre)"
)
TIED_DOUBT = "its term follows another agreement or a processing (« as long as … »): the date read is not its own end"


def _bound_doubt(text: str) -> str | None:
    """Why the end read in ``text`` is only a bound ("the earlier of …", "the later of …", an event « et au plus tard le … »),
    if it is one."""
    if _EVENT_THEN_LATEST_RE.search(text) or _IN_ANY_EVENT_LATEST.search(text):
        return LATEST_DOUBT
    if _TIED_TERM.search(text):
        return TIED_DOUBT
    for match in _BOUND.finditer(text):
        if _START_BEFORE.search(text, max(0, match.start() - 100), match.start()) or _EARLY_TERMINATION.match(text[match.end() :]) or _TERMINATION_LIMB.match(text[match.end() :]):
            continue
        which = match["which"] or match["which2"] or match["fr"]
        return LATEST_DOUBT if re.match(r"(?i)earli|first|sooner|shorter|premi|plus\s+proche|plus\s+courte", which) else EARLIEST_DOUBT
    return None


# « Le présent contrat est conclu pour … »: the contract's term, in the French of "is entered into for"
_CONCLUDED_FOR = r"\b(?:le|la)\s+pr[ée]sente?\s+(?:contrat|convention|bail|accord)\s+est\s+(?:conclue?|consentie?)\s+pour\b"

# The term as a sentence's subject: "The Term shall commence on July 23, 2013 and shall expire on July 22, 2016", "the initial term
# of this Agreement shall be for a period …", « la durée du présent contrat est de … » — not "the term 'Affiliate' shall mean", nor
# "the first Calendar Quarter of the Term shall commence"
_TERM_SUBJECT = (
    r"(?<!of\s)(?<!in\s)(?<!during\s)(?<!under\s)(?<!throughout\s)(?<!for\s)\b(?:the|this|its)\s+(?:initial\s+|original\s+)?term"
    r"(?:\s+of\s+(?:this|the)\s+(?:agreement|contract|lease|license|licence))?\s*(?:\([^()]{0,40}\))?\s*,?"
    r"\s+(?:shall|will)\s+(?:commence|begin|start|expire|end|terminate|continue|run|last|be\s+(?:for|from|a|an|the|\w+\s+\(\d+\)))\b"
    r"|\b(?:la|sa)\s+dur[ée]e(?:\s+initiale)?\s+(?:du\s+pr[ée]sent\s+(?:contrat|bail|accord)|de\s+la\s+pr[ée]sente\s+convention)\s+(?:est|sera|court|courra|expire\w*|prend\w*\s+fin)\b"
)
# … or the contract itself lasting or ending: "This Agreement shall continue in effect …", « Le présent contrat est conclu pour … »
_CONTRACT_SUBJECT = (
    r"(?<!of\s)(?<!under\s)\b(?:this|the)\s+(?:agreement|contract|lease|license|licence)\s*,?\s+(?:shall|will)\s*(?:,[^,.;]{1,80},)?\s+"
    r"(?:commence|begin|continue|remain|expire|terminate|end|be\s+(?:in\s+effect|effective))\b|" + _CONCLUDED_FOR
)
_TERM_OR_CONTRACT_SUBJECT = re.compile(rf"{_TERM_SUBJECT}|{_CONTRACT_SUBJECT}", re.I)

# A sentence that is about the term wherever it stands (inline headings "2. Term." are no chunk section).
_TERM_SENTENCE = re.compile(
    r"\b(?:the\s+)?(?:initial\s+)?term\s+of\s+this\s+(?:agreement|contract|lease|license|licence)\b|\binitial\s+term\b"
    r"|\b(?:this|the)\s+(?:agreement|contract|lease|license|licence)\s+(?:shall|will)\s+be\s+for\s+(?:a|the)\s+(?:term|period)\b"
    # "This Agreement and all of your obligations hereunder shall expire …", "This Agreement shall, except as otherwise set forth herein,
    # cease to be effective two years after the date hereof"
    r"|\b(?:this|the)\s+(?:agreement|contract|lease|license|licence)(?:\s+and\s+(?:all\s+)?(?:of\s+)?(?:your|its|their|the)\s+(?:\w+\s+)?obligations(?:\s+hereunder)?)?"
    r"\s*,?\s+(?:shall|will)\s*(?:,[^,.;]{1,80},)?\s+(?:commence|begin|continue|remain|expire|terminate|end|be\s+(?:in\s+effect|effective)"
    r"|cease\s+to\s+(?:be\s+(?:effective|in\s+(?:force|effect))|have\s+effect))\b"
    r"|^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:term|duration|term\s+and\s+termination|dur[ée]e)\b|" + _CONCLUDED_FOR,
    re.I,
)


def _about_the_term(ranked: list[Sentence]) -> list[Sentence]:
    moved = [replace(s, chunk_rank=0) if s.chunk_rank == 1 and _TERM_SENTENCE.search(s.text) else s for s in ranked]
    return sorted(moved, key=lambda s: s.chunk_rank)


_YEAR = re.compile(r"\b(?:19|20|21)\d\d\b|\bdeux[\s-]+mille\b", re.I)  # « deux mille vingt-sept »: a year in words
_UNIT_WORD = re.compile(r"\b(?:ans?|ann[ée]es?|mois|semaines?|jours?|years?|yrs?|months?|weeks?|days?)\b", re.I)


@dataclass(frozen=True)
class _StartContext:
    signature: Finding[date] | None  # how sure it is carries over to an end counted from it
    effective: Finding[date] | None
    chunk_start: Finding[date] | None
    definitions: dict[str, DefinedDate]
    amendment: bool = True
    month_first: bool = False  # the order of the document's numeric dates (1/10/2005)
    starting_point: Finding[date] | None = None  # the date the contract says is the term's start (:func:`_starting_point`)
    loan: bool = False  # the contract is typed a loan: a tranche repaid at once ends it too

    def read(self, raw: str) -> date | None:
        return read_date(raw, month_first=self.month_first)


def _term_candidates(sentence: Sentence, order: int, context: _StartContext, notes: list[str]) -> list[_TermCandidate]:
    text, found = sentence.text, []
    own = bool(_OWN_TERM.search(text))

    def add(rule: str, value: date, raw: str, start: Finding[date] | None = None, doubt: str = "") -> None:
        # an end counted from a start is as sure as the start, and less when the start was assumed (``doubt``)
        confidence = weakest(start.confidence if start else "high", "medium" if doubt else "high")
        doubt = "; ".join(d for d in (doubt, start.doubt if start else "") if d)
        end = Finding[date](value=value, chunk_id=sentence.chunk_id, raw=raw, rule=rule, confidence=confidence, doubt=doubt)
        found.append(_TermCandidate((_RULE_RANK[rule] if rule == "extension" else sentence.chunk_rank, _RULE_RANK[rule], order), end, start, own))

    dated = _YEAR.search(text) is not None  # cheap tests first: no year, no date; no unit, no length of time
    if dated and not UNCHANGED.search(text) and (context.amendment or not _OPTION.search(text)):
        for match in EXTENSION.finditer(text):
            if value := context.read(match["date"]):
                add("extension", value, match.group(0))
    for match in _RANGE.finditer(text) if dated else ():
        if (value := context.read(match["date"] or match["bare_end"])) and (start := context.read(match["start"] or match["bare"])):
            add("range", value, match.group(0), Finding[date](value=start, chunk_id=sentence.chunk_id, raw=match.group(0), rule="range"))
    for match in _LABEL_RANGE.finditer(text) if dated and not found else ():
        if (value := context.read(match["date"])) and (start := context.read(match["start"])) and start < value:
            add("range", value, match.group(0).strip(), Finding[date](value=start, chunk_id=sentence.chunk_id, raw=match.group(0).strip(), rule="range"))
    for match in _LABEL_END.finditer(text) if dated and not found else ():
        if value := context.read(match["date"]):
            add("end", value, match.group(0).strip(" |\n"))
    for match in _DEFINED_END.finditer(text) if dated and not found else ():
        if value := context.read(match["date"] or match["date2"]):
            add("end", value, " ".join(match.group(0).split()))
    for match in _END.finditer(text) if dated else ():
        if (value := context.read(match["date"])) and not NOT_THE_TERM.search(text, max(0, match.start() - 300), match.start()):
            if sentence.chunk_rank == 1 and not _ENDS_THE_CONTRACT.search(text, 0, match.start("date")):
                continue  # outside the term's article, "until" must end the contract: not "Prices are fixed until …", « prix fermes jusqu'au … »
            if _OPTION_SUBJECT.match(text[: match.start()]):
                continue  # "The option to purchase the Shares under this Agreement shall expire on …": the option's end
            if (match["last_fr"] or match["last_en"]) and not _INSTALMENTS_NAMED.search(text, 0, match.start()):
                continue  # "the first on 30 June 2025 and the last on …" of audit reports, « les revues … la dernière le … »: no loan's

            add("end", value, match.group(0))
    if not found:
        _anniversary_candidates(sentence, context, add)
    if not found and _UNIT_WORD.search(text) and _about_a_term(sentence):
        _duration_candidate(sentence, context, notes, add)
    if dated and found and all(_is_estimate(c.start) for c in found):
        # "shall terminate five (5) years following the date of launch of the first Website, but in no event later than February 28,
        # 2013": the length runs from an event no date gives, the date bounds it (a length from a known start ends first: it wins)
        for match in _IN_NO_EVENT_LATER.finditer(text):
            if value := context.read(match["date"]):
                add("end", value, match.group(0))
    found.extend(_instalment_candidates(sentence, order, context.loan))
    return found


# The instalments whose last one a loan ends on (« mensualités …, la première … et la dernière le … »)
_INSTALMENTS_NAMED = re.compile(r"\b(?:mensualit|trimestrialit|annuit|[ée]ch[ée]ance|instal(?:l)?ment|repayment|remboursement|amortissement)", re.I)
# A sentence whose subject is an option or a warrant (or a right, an offer: "The Licensee's right of first negotiation shall lapse on …",
# the review), not the contract (a review: "The option to purchase the Shares under this
# Agreement shall expire on the earlier of (a) the Closing and (b) June 30, 2022"); not "If … its renewal option, this Agreement …"
_OPTION_SUBJECT = re.compile(
    r"^\W*(?:[\d.]+\s+|\([a-z\d]{1,4}\)\s+)?(?:the|each|any|such|this|l['’]|la|le|toute?)\s*(?:[\w'’-]+\s+){0,3}(?:options?|warrants?|rights?\s+(?:of|to)|offers?|exclusivity)\b", re.I
)


def _duration_candidate(sentence: Sentence, context: _StartContext, notes: list[str], add) -> None:  # noqa: ANN001
    """The end of the first length written as the term's, from where it starts; with no start, a note why."""
    text = sentence.text
    for period, match in find_periods(text):
        if _NOT_A_TERM.search(_around(text, match)) or _TAIL.search(text, 0, match.start()):
            continue
        before, after = text[max(0, match.start() - 160) : match.start()], text[match.end() : match.end() + 80]
        if not (written_as_term(before, after, in_term_article=sentence.chunk_rank == 0) or _ends_after_its_start(before, after, text)):
            continue  # "in each of the first three (3) years of the term", "for a period of two years after termination"
        start = _estimated(_sentence_start(sentence, context, before=before, after=after), sentence, context)
        if start.finding is not None:
            anniversary = ends_on_anniversary(text)
            end = period.after(start.finding.value, anniversary=anniversary)
            add("anniversary" if anniversary else "duration", end, f"{start.finding.raw} … {match.group(0)}", start.finding, start.doubt)
        else:
            notes.append(f"term of {match.group(0)} ({sentence.chunk_id}) {start.doubt or 'but no start date found'}")
        return


# A term written as a period from its start to a length after it: "the initial term of this Agreement shall be for a period
# beginning on the Effective Date and ending ten (10) years thereafter", "this Agreement will continue in full force beginning on
# the Effective Date and ending two (2) years thereafter", « pour une période commençant à la Date d'Effet et se terminant cinq
# ans plus tard » — the term or the contract the sentence's subject, the period's start right before its end
_PERIOD_BEGINNING = re.compile(
    r"\b(?:beginning|commencing|starting|commen[çc]ant|d[ée]butant)\b[^.;]{1,80}?\band\s+(?:ending|terminating|expiring)\s*$"
    r"|\b(?:commen[çc]ant|d[ée]butant)\b[^.;]{1,80}?\bet\s+(?:se\s+terminant|prenant\s+fin|expirant|finissant)\s*$",
    re.I,
)
_AFTER_ITS_START = re.compile(r"^\s*(?:thereafter|after\s+(?:that|such|the\s+same)\s+date|later|plus\s+tard|apr[èe]s\s+cette\s+date)\b", re.I)


def _ends_after_its_start(before: str, after: str, text: str) -> bool:
    return bool(_PERIOD_BEGINNING.search(before) and _AFTER_ITS_START.match(after) and _TERM_OR_CONTRACT_SUBJECT.search(text))


def ends_on_anniversary(text: str) -> bool:
    """Does the term end on its anniversary? An English term does: "for a term of three (3) years
    commencing on the Effective Date", "three (3) years from 1 June 2022" both end on 1 June 2025, the
    date common-law drafting and the lawyers who labelled CUAD write as the expiry (13 of 13 such terms
    on CUAD's dev split). A French term ends the day before its anniversary (« neuf années à compter du
    1er novembre 2019 » → 31 octobre 2028), as French law counts a « durée ». A term the text bounds
    itself ("through the day prior to the second anniversary") is read as written, not here."""
    return is_english(text)


# A period that runs on after the term: "during the term of this Agreement (…) and for a period of 12 months thereafter",
# "while this Agreement is in force and for a period of five (5) years thereafter"
_TAIL = re.compile(
    r"\b(?:(?:during|throughout|for)\s+the\s+term|while\s+(?:this|the)\s+\w+\s+(?:is|remains)\s+in\s+(?:full\s+)?(?:force|effect))\b[^.;]{0,90}?\band\s+(?:for\s+)?(?:a\s+(?:further\s+)?period\s+of\s+)?(?:\w+\s+)?(?:\(\d+\)\s+)?$", re.I
)


def _around(text: str, match: re.Match[str]) -> str:
    """The words just before and after a length of time: where "notice", "within", "successive" tell
    a notice period, a deadline or a renewal from the term itself."""
    return text[max(0, match.start() - 45) : match.end() + 25]


def _about_a_term(sentence: Sentence) -> bool:
    """Is this sentence about the contract's term, not a trial or a covenant period?"""
    return sentence.chunk_rank == 0 or bool(_CONTRACT_TERM.search(sentence.text))


ANNIVERSARY = re.compile(
    r"\b(?:on|until|through|upon|at|au|jusqu['’]au|le|jusqu['’]\s*[àa]\s+la)\s+(?:the\s+)?(?:(?:date|day)\s+(?:that|which)\s+is\s+(?:the\s+)?|(?:jour|date)\s+du\s+)?"  # "on the date that is the first anniversary of …", « au jour du … »
    # "until the earlier of (a) the fifth anniversary of …, and (b) …": a bound unless (b) is an early termination (_bound_doubt)
    r"(?P<earlier>(?:earlier|earliest|sooner|first)(?:\s+to\s+occur)?\s+of\s*(?:the\s+(?:below|following)\s+(?:events?|dates?)(?:\s+to)?(?:\s+occurs?)?)?\s*:?\s*"
    r"(?:\(\s*(?:a|i|1)\s*\)\s*|(?:a|i|1)[.)]\s+)?(?:the\s+)?(?:(?:date|day)\s+(?:that|which)\s+is\s+(?:the\s+)?)?)?"
    r"(?P<before>day\s+(?:immediately\s+)?(?:prior|before|preceding)\s+(?:to\s+)?(?:the\s+)?|veille\s+(?:du|de\s+la)\s+)?"
    r"(?P<nth>\w+)(?:\s*\([\w ]{1,8}\))?(?:\s*-\s*years?\s+|\s+(?:years?\s+)?)(?:anniversary|anniversaire)\s+(?:of\s+|de\s+)?(?P<what>.{0,80})",
    re.I,
)
_THEREOF = re.compile(r"\s*(?:thereof|such\s+(?:date|day)|that\s+date|celle-ci|celui-ci)\b", re.I)
# A term that ends on a day counted from its start: "on the 30th day after the Effective Date", "until the ninetieth (90th)
# day following the date hereof", « le trentième jour suivant la Date d'Effet », « jusqu'au 60e jour qui suit sa signature »
_NTH_DAY = re.compile(
    r"\b(?:on|until|through|upon|at|as\s+of|au|jusqu['’]au|le)\s+(?:the\s+|midnight\s+(?:of|on)\s+the\s+)?"
    r"(?P<nth>\d{1,3}(?:st|nd|rd|th|e|[èe]me|i[èe]me)|\w+)(?:\s*\(\s*\d{1,3}(?:st|nd|rd|th|e|[èe]me)?\s*\))?\s+"
    r"(?:calendar\s+|business\s+)?(?P<unit>day|jour)\s+(?:(?:next\s+)?(?:after|following|from|succeeding)|(?:qui\s+)?(?:suivant|suit|apr[èe]s|à\s+compter\s+de))\s+"
    r"(?P<what>.{0,80})",
    re.I,
)
# … only where the contract ends then ("shall automatically terminate … on the 30th day after", "shall continue until the end of the month
# …"), not a payment's, a report's or a notice's day
_ENDS_BEFORE = re.compile(
    r"\b(?:terminat\w*|expir\w*|end|ends|cease\w*|(?:continue|remain)s?\s+in\s+(?:full\s+)?(?:force|effect)|(?:continue|remain)s?\s+until|prend\w*\s+fin|se\s+termin\w*"
    r"|cess\w*|(?:rest|demeur)\w*\s+en\s+vigueur|produi\w*\s+(?:ses|leurs)\s+effets)\b[^.;]{0,120}$",
    re.I,
)
# A term that ends with a month counted from its start: "on the last day of the thirty-sixth (36th) full calendar month following
# the Effective Date", "until the end of the calendar month in which the fifth anniversary of the Effective Date occurs",
# « le dernier jour du trente-sixième mois suivant la Date d'Effet », « à la fin du mois au cours duquel intervient le cinquième
# anniversaire de la Date d'Effet »
_MONTH_END = re.compile(
    r"\b(?:on|until|through|at|upon|le|au|jusqu['’]au|à)\s+(?:the\s+|la\s+)?(?:last\s+day|end|dernier\s+jour|fin)\s+(?:of\s+the|du)\s+"
    r"(?:(?P<nth>[\w-]+)(?:\s*\(\s*\d{1,3}(?:st|nd|rd|th|e|[èe]me)?\s*\))?\s+(?:full\s+|complete\s+)?(?:calendar\s+)?(?:month|mois)(?:\s+(?:civil|entier|complet))?\s+"
    r"(?:after|following|from|succeeding|suivant|qui\s+suit|apr[èe]s|à\s+compter\s+de)\s+(?P<what>.{0,80})"
    r"|(?:calendar\s+)?(?:month|mois)\s+(?:in\s+which|during\s+which|au\s+cours\s+duquel|pendant\s+lequel|dans\s+lequel|o[uù])\s+"
    r"(?:(?:intervient|survient|tombe|a\s+lieu)\s+)?(?:the\s+|le\s+)?(?P<nth_year>\w+)(?:\s*\(\w+\))?\s+(?:anniversary|anniversaire)\s+(?:of\s+|de\s+)?(?P<what_year>.{0,80}))",
    re.I,
)
_CALENDAR_YEAR = re.compile(r"\buntil\s+the\s+end\s+of\s+the\s+(?:current\s+|then[- ]current\s+)?calendar\s+year|\bjusqu['’]au\s+31\s+d[ée]cembre\s+de\s+l['’]ann[ée]e\s+en\s+cours", re.I)


def _anniversary_candidates(sentence: Sentence, context: _StartContext, add) -> None:  # noqa: ANN001
    """"ends on the fifth anniversary of the Commencement Date", "until the end of the current calendar year"."""
    if (
        (match := _MONTH_END.search(sentence.text))
        and (count := parse_ordinal(match["nth"] or match["nth_year"] or ""))
        and _ENDS_BEFORE.search(sentence.text, 0, match.start() + 8)  # "shall expire on the last day …", "continue until the end of …"
    ):
        what = match["what"] if match["nth"] else match["what_year"]
        start = _anniversary_start(sentence, context, what, before=sentence.text[: match.start()])
        if start.finding is not None:
            first = start.finding.value
            doubt = ""
            if match["nth"]:  # the Nth month after the start: the start's month counts as the first only when the term starts on its 1st
                month = first + relativedelta(months=count - 1 if first.day == 1 else count)
                doubt = "the months are counted from the start's month, which the term starts on the 1st of" if first.day == 1 else ""
            else:
                month = first + relativedelta(years=count)
            end = month + relativedelta(day=31)
            add("end", end, f"{start.finding.raw} … {match.group(0)}", start.finding, "; ".join(d for d in (start.doubt, doubt) if d))
    elif match := ANNIVERSARY.search(sentence.text):
        years = parse_ordinal(match["nth"]) or parse_number(match["nth"])
        start = _estimated(_anniversary_start(sentence, context, match["what"], before=sentence.text[: match.start()]), sentence, context)
        if years and start.finding is not None:
            end = start.finding.value + relativedelta(years=years) - timedelta(days=1 if match["before"] else 0)
            add("end", end, f"{start.finding.raw} … {match.group(0)}", start.finding, start.doubt)  # "the earlier of": see _bound_doubt
    elif (match := _NTH_DAY.search(sentence.text)) and (days := parse_ordinal(match["nth"])) and _ENDS_BEFORE.search(sentence.text, 0, match.start()):
        start = _anniversary_start(sentence, context, match["what"], before=sentence.text[: match.start()])
        if start.finding is not None and "business" not in match.group(0).lower():  # business days: the calendar is not known
            add("end", start.finding.value + timedelta(days=days), f"{start.finding.raw} … {match.group(0)}", start.finding, start.doubt)
    elif match := _CALENDAR_YEAR.search(sentence.text):
        start = context.effective if context.effective is not None else _signature_start(sentence, context)
        if start is not None:
            add("end", date(start.value.year, 12, 31), match.group(0), start)


def _anniversary_start(sentence: Sentence, context: _StartContext, what: str, *, before: str) -> _Start:
    """The date an anniversary counts from: "of the Commencement Date", "of the date hereof", "of June 1, 2020",
    or — "the fifth anniversary thereof" — the start the sentence wrote before it."""
    if _THEREOF.match(what):
        if (match := _START.search(before)) and (value := context.read(match["date"])):
            return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start"))
        named = [m["name"] for m in _FROM_NAME.finditer(before)]
        return _named_start(named[-1], sentence, context) if named else _Start(None)
    if (written := _LEADING_DATE.match(what)) and (value := context.read(written["date"])):
        return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=written.group(0), rule="start"))
    if named := _LEADING_NAME.match(what):
        return _named_start(named["name"], sentence, context)
    if _THIS_AGREEMENT_IN_FORCE.match(what):
        return _Start(context.effective or _signature_start(sentence, context))  # "of this Agreement coming into force"
    if SIGNATURE_WORDS.search(what[:60]) or _FROM_SIGNATURE.search(what[:60]) or _THIS_AGREEMENT.match(what):
        return _Start(_signature_start(sentence, context) or context.effective)
    return _Start(None)


# The contract itself as what an anniversary counts from: "the fifth anniversary of this Agreement", « le cinquième anniversaire du
# présent Contrat » — its date
_THIS_AGREEMENT = re.compile(
    r"(?i)(?:hereof|(?:this|the\s+present|(?:du\s+|le\s+)?pr[ée]sent|ce)\s+(?:agreement|contract|contrat|accord|convention))"
    r"(?=\s*(?:[,;.)]|$|(?:and|or|unless|provided|but|et|ou|sauf)\b))"  # nothing after it: "… of this Agreement being approved" is an event
)
_THIS_AGREEMENT_IN_FORCE = re.compile(
    r"(?i)(?:this|the\s+present)\s+(?:agreement|contract)\s+(?:coming|entering)\s+into\s+(?:force|effect)|(?:this|the)\s+(?:agreement|contract)\s+becoming\s+effective"
    r"|(?:l['’]|de\s+l['’])entr[ée]e\s+en\s+vigueur\s+du\s+pr[ée]sent\s+(?:contrat|accord)"
)


# An event that starts something — a named date, a first or initial event, a launch, a commencement — as a term's start
# ("the Launch Date", "the Reseller's first purchase order", "the project's in-service date", « la mise en service »)
_STARTING_EVENT = re.compile(
    r"\b(?:first|initial|launch\w*|commencement|commence|opening|start\w*|in-service|in\s+service|go-live"
    r"|mise\s+en\s+service|lancement|premi[eè]re?|ouverture|d[ée]marrage|d[ée]but)\b",
    re.I,
)
# … never a date that comes before the contract or that another sentence gives ("the Original Effective Date", "such date")
_NOT_A_STARTING_EVENT = re.compile(r"\b(?:original|prior|previous|existing|former|such|that|said|due|expiration|expiry|termination|initiale?\s+du\s+contrat)\b", re.I)


def _is_estimate(start: Finding[date] | None) -> bool:
    return start is not None and start.rule.endswith("(estimate)")


def _estimated(start: _Start, sentence: Sentence, context: _StartContext) -> _Start:
    """A term counted from an event that starts it and that the contract does not date ("five (5) years from the
    Reseller's first purchase order", "fifteen (15) years after the project's in-service date", « trois ans à compter de
    la mise en service »): counted from the contract's own date instead — its Effective Date, else its signature — the
    earliest the event can be. A bound, so low confidence: a filter lists the contract apart, and the reader sees from
    what the term really runs (CUAD's lawyers date such terms from the effective date the same way)."""
    if start.finding is not None or not start.doubt.startswith("runs from") or sentence.chunk_rank != 0:
        return start  # only the term's own article (or a sentence about the term): not a payment's or a notice's event
    event = start.doubt.split(", which", 1)[0]
    if not _STARTING_EVENT.search(event) or _NOT_A_STARTING_EVENT.search(event):
        return start  # "36 months after such Termination Election", "one year after the closing of any sale": an end, not a start
    own = context.effective or _signature_start(sentence, context)
    if own is None:
        return start
    what = "effective date" if own is context.effective else "signature date"
    doubt = f"at the earliest: the term {start.doubt}; counted from the contract's {what} ({own.value.isoformat()}), assuming the event does not come before it"
    return _Start(own.model_copy(update={"rule": f"{own.rule} (estimate)", "confidence": "low", "doubt": doubt}))


@dataclass(frozen=True)
class _Start:
    """Where a term starts (``finding``), and why that is not sure — or, with no finding, why there is none."""

    finding: Finding[date] | None
    doubt: str = ""


_LEADING_DATE = re.compile(rf"^\s*(?:the\s+|le\s+)?{DATE_GROUP}", re.I)
_LEADING_NAME = re.compile(rf"^\s*(?:the\s+|la\s+|le\s+|l['’]\s*)?(?P<name>{DATE_NAME})")
# A named date a length runs from: "from the Commencement Date", "commencing on the Effective Date", « à compter de la Date d'Effet »
_FROM_NAME = re.compile(
    rf"\b(?:from|after|following|commenc\w*|begin\w*|start\w*|as\s+of|effective|on|upon|with\s+effect\s+from|compter\s+de|partir\s+de|d[èe]s|suivant)"
    rf"\s+(?:(?:on|upon|with|as\s+of|from)\s+)?(?:the\s+|la\s+|le\s+|l['’]\s*)?(?:date\s+of\s+(?:the\s+)?)?(?P<name>{DATE_NAME})"
)
# Undefined names that stand for the contract's own start: the signature date then stands in for them
_OWN_START_KEYS = frozenset(
    {"effective date", "commencement date", "start date", "date d'effet", "date d'entree en vigueur", "date de prise d'effet", "date de commencement", "date de debut"}
)


def _named_start(name: str, sentence: Sentence, context: _StartContext) -> _Start:
    """The date a named start stands for, from its definition: a date, the signature, or an event (none)."""
    definition = context.definitions.get(key := date_key(name))
    shown = " ".join(name.split())
    if definition is None:
        if key not in _OWN_START_KEYS:
            return _Start(None, f"runs from the {shown}, which the contract does not date")
        if context.effective is not None:
            return _Start(context.effective)
        # "shall be effective as of March 1, 2019 and shall remain in effect for five (5) years from the Effective Date": the
        # date the sentence, else the term's article, says the contract takes effect on
        if (written := _START.search(sentence.text)) and (value := context.read(written["date"])):
            return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=written.group(0), rule="start"))
        if sentence.chunk_rank == 0 and context.chunk_start is not None:
            return _Start(context.chunk_start)
        signature = _signature_start(sentence, context)
        return _Start(signature, f"the {shown} is not dated in the contract: the signature date is used") if signature else _Start(
            None, f"runs from the {shown}, which the contract does not date, and no signature date was read"
        )
    if definition.means == "date" and definition.value is not None:
        return _Start(Finding[date](value=definition.value, chunk_id=definition.chunk_id, raw=definition.raw, rule="defined date"))
    if definition.means == "signature":
        signature = _signature_start(sentence, context)
        return _Start(signature) if signature else _Start(None, f"runs from the {shown}, the date of signature, which the contract does not write")
    if definition.expected is not None:
        # the parties wrote when they expect the event: the end counted from it is as unsure as that expectation
        doubt = f"runs from the {shown}, an event the contract expects on {definition.expected.isoformat()} but does not date"
        return _Start(Finding[date](value=definition.expected, chunk_id=definition.chunk_id, raw=definition.raw, rule="expected date", confidence="low", doubt=doubt))
    return _Start(None, f"runs from the {shown}, an event the contract does not date ({definition.describe()})")


def _signature_start(sentence: Sentence, context: _StartContext) -> Finding[date] | None:
    if context.signature is None:
        return None
    return context.signature.model_copy(update={"chunk_id": sentence.chunk_id, "raw": "signature", "rule": "signature"})


def _sentence_start(sentence: Sentence, context: _StartContext, before: str = "", after: str = "") -> _Start:
    """Where a length of the term starts: a date written in the sentence, a named date next to the length
    (resolved through its definition), the signature, the article's start, else — when the sentence writes no
    start at all — the contract's own date."""
    if (anchor := STARTS_AFTER.match(after)) is not None:
        return _anchored_start(after[anchor.end() :], sentence, context)
    if match := _START.search(sentence.text):
        if value := context.read(match["date"]):
            return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start"))
    named = [m["name"] for m in _FROM_NAME.finditer(after)][:1] or [m["name"] for m in _FROM_NAME.finditer(before)][-1:]
    named = named or [m["name"] for m in _FROM_NAME.finditer(sentence.text)][:1]
    if named:
        return _named_start(named[0], sentence, context)
    # a term counted from the signature or from the effective date: each stands for the other when
    # the contract gives only one of them (the effective date is often the date of signature)
    if _FROM_SIGNATURE.search(sentence.text) or SIGNATURE_WORDS.search(sentence.text):
        return _Start(_signature_start(sentence, context) or context.effective)
    if _FROM_EFFECTIVE.search(sentence.text):
        return _Start(context.effective or _signature_start(sentence, context))
    if sentence.chunk_rank == 0 and context.chunk_start is not None:
        return _Start(context.chunk_start)
    if names_initial_term(before, after) or (LENGTH_CUE.search(before) and not _EVENT_START.search(before[-40:] + " " + after[:35])):
        # "The term of this Agreement shall be one (1) year": no start is written, so the term runs from
        # the contract's own date, its Effective Date or else its signature
        start = context.effective or _signature_start(sentence, context)
        if start is not None:
            return _Start(start.model_copy(update={"rule": f"{start.rule} (no start written)"}), "no start is written: the term is counted from the contract's date")
        return _Start(None, "but no start is written and the contract's date was not read")
    return _Start(None)


_ANCHOR_DATE = re.compile(rf"\s*(?:(?:on|upon|with|à\s+courir|à\s+partir)\s+)?(?:the\s+|le\s+|du\s+|de\s+|la\s+)?{DATE_GROUP}", re.I)
_ANCHOR_WORDS = re.compile(r"\s*(?P<words>[^.;,()]{1,70})")


def _anchored_start(rest: str, sentence: Sentence, context: _StartContext) -> _Start:
    """The start written right after a length ("three (3) years from …", « neuf ans à compter du … »): a date, a
    named date, the signature, the effective date — or an event, which dates nothing ("three (3) years after
    disclosure of Proprietary Information", "from the date of first commercial sale")."""
    rest = _AND_AFTER.sub("", rest, count=1)  # "two (2) years from and after the Effective Date"
    if (written := _ANCHOR_DATE.match(rest)) and (value := context.read(written["date"])):
        return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=written.group(0).strip(), rule="start"))
    # "shall commence on January 10th, 2019 and shall expire … twenty-four (24) months from that date": the start written before
    if _THAT_DATE.match(rest):
        if (match := _START.search(sentence.text)) and (value := context.read(match["date"])):
            return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start"))
        # "This Agreement is dated 14 February 2025 and shall remain in force for two (2) years from that date": the
        # contract's own date written before the length (not another agreement's: "replaces the agreement of 1 January 2010")
        if sentence.text.endswith(rest):
            for written in reversed(list(_OWN_DATED.finditer(sentence.text[: len(sentence.text) - len(rest)]))):
                if value := context.read(written["date"]):
                    return _Start(Finding[date](value=value, chunk_id=sentence.chunk_id, raw=written.group(0), rule="start (that date)"))
    if named := _LEADING_NAME.match(re.sub(r"^\s*(?:(?:on|upon|with|as\s+of|from|de|du)\s+)?(?:the\s+date\s+of\s+)?", "", rest, flags=re.I)):
        return _named_start(named["name"], sentence, context)
    head = rest[:80]
    if SIGNATURE_WORDS.search(head) or _FROM_SIGNATURE.search(head) or _OWN_SIGNATURE.match(head):
        return _Start(_signature_start(sentence, context) or context.effective)
    if _ITS_DATE.match(head):
        # "three (3) years from its date", "from the date hereof", « à compter de sa date »: the date the contract bears (walkthrough 27:
        # an NDA "dated 3 September 2026" read no end)
        return _Start(context.effective or _signature_start(sentence, context))
    own = _OWN_DATE.sub("", head)  # "from its effective date", « de sa date d'entrée en vigueur »: the contract's own
    if _FROM_EFFECTIVE.match(own.strip()) or re.match(r"\s*(?:the\s+)?(?:effective|commencement)\s+date\b", own, re.I):
        return _Start(context.effective or _signature_start(sentence, context))
    # an event the sentence dates right after naming it: « à compter de la date de mise à disposition des fonds, fixée au 15 juillet
    # 2021 » (walkthrough 17), "from the date of delivery, being 1 March 2024", "from first use (i.e. June 1, 2020)"
    if (dated := _EVENT_DATED.match(rest)) and (value := context.read(dated["date"])):
        expected = bool(dated["expected"])
        return _Start(Finding[date](
            value=value, chunk_id=sentence.chunk_id, raw=dated.group(0).strip(), rule="event dated", confidence="low" if expected else "high",
            doubt=f"runs from an event the contract expects on {value.isoformat()}" if expected else "",
        ))
    # an event another article dates as the term's start: « livrés … le 1er septembre 2023, date qui constitue le point de départ de la
    # location » (walkthrough 30: a forklift lease of 48 months « à compter de la date de livraison » read no end)
    if context.starting_point is not None and not _FROM_SIGNATURE.search(rest[:60]):
        return _Start(context.starting_point)
    words = _ANCHOR_WORDS.match(rest)
    return _Start(None, f"runs from « {' '.join(words['words'].split()) if words else rest.strip()[:70]} », which no date of the contract gives")


# A date the contract says is the start of its term, its hire or its lease: « le 1er septembre 2023, date qui constitue le point de départ
# de la location », "on 1 March 2024, which date shall be the commencement of the Hire Period"
_STARTING_POINT = re.compile(
    rf"{DATE_GROUP}[^.;]{{0,40}}?(?:date\s+)?(?:qui\s+)?(?:constitue(?:ra)?|marque(?:ra)?|constituant|marquant|fixe(?:ra)?)\s+le\s+point\s+de\s+d[ée]part"
    # (of the term, the hire or the contract: not a warranty's nor a payment's — the review of the round)
    r"\s+(?:de\s+la\s+(?:location|dur[ée]e|p[ée]riode\s+de\s+location|mise\s+[àa]\s+disposition)|du\s+(?:bail|contrat|pr[ée]sent\s+contrat|terme))\b"
    rf"|{DATE_GROUP.replace('?P<date>', '?P<date_en>')}[^.;]{{0,40}}?\b(?:which|that)\s+(?:date\s+)?(?:shall\s+be|is|marks|constitutes|shall\s+constitute)\s+the\s+"
    r"(?:start|commencement|starting\s+(?:date|point)|beginning)\s+of\s+the\s+(?:term|hire(?:\s+period)?|rental(?:\s+period)?|lease|agreement|contract)\b",
    re.I,
)


_STARTING_POINT_CUE = re.compile(r"point\s+de\s+d[ée]part|\b(?:start|commencement|starting\s+(?:date|point)|beginning)\s+of\s+the\b", re.I)


def _starting_point(chunks: Sequence[ChunkInput], month_first: bool) -> Finding[date] | None:
    """The date a sentence of the contract says its term starts on, whatever it calls the event (:data:`_STARTING_POINT`)."""
    for chunk in chunks:
        if not _STARTING_POINT_CUE.search(chunk.text):
            continue  # cheap first: the words before any date
        for match in _STARTING_POINT.finditer(chunk.text):
            written = match["date"] or match["date_en"]
            if written and (value := read_date(written, month_first=month_first)):
                return Finding[date](value=value, chunk_id=chunk.id, raw=" ".join(match.group(0).split()), rule="start (starting point)")
    return None


# An event's date set in apposition after its name: « , fixée au … », « , soit le … », « , intervenue le … », ", being …", "(i.e. …)",
# ", which is …"; « prévue le », "expected on": a date the parties expect, not one that is
_EVENT_DATED = re.compile(
    rf"^[^.;]{{1,90}}?(?:,\s*|\(\s*)(?:(?:fix[ée]e?s?|arr[êe]t[ée]e?s?)\s+(?:au|le)|soit\s+(?:le|au)|intervenue?s?\s+le|being|i\.\s?e\.,?|that\s+is(?:\s+to\s+say)?,?"
    rf"|which\s+(?:is|was|shall\s+be)|(?P<expected>pr[ée]vue?s?\s+(?:le|au|pour\s+le)|expected\s+(?:on|to\s+be)|anticipated\s+(?:on|to\s+be)))\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)


_AND_AFTER = re.compile(r"^\s*and\s+(?:after|following|including)\b", re.I)
# The contract's own date, as its sentence writes it: "This Agreement is dated …", « Le présent accord, daté du … », "signed on …"
_OWN_DATED = re.compile(
    rf"\b(?:(?:this|the\s+present)\s+(?:agreement|contract|deed|letter)\s+(?:is|was)\s+(?:dated|made|signed|entered\s+into)(?:\s+(?:on|as\s+of))?"
    rf"|(?:le|la)\s+(?:présente?|presente?)\s+(?:accord|contrat|convention|lettre|acte)\s*,?\s+(?:daté|datée|signé|signée|conclu|conclue)\s+(?:du|le))"
    rf"\s+(?:the\s+)?{DATE_GROUP}",
    re.I,
)
_THAT_DATE = re.compile(r"\s*(?:(?:on|from)\s+)?(?:that|such|this|the\s+same)\s+date\b|\s*(?:de\s+)?cette\s+(?:m[êe]me\s+)?date\b", re.I)
_OWN_DATE = re.compile(r"^\s*(?:(?:on|upon|from|as\s+of|de|du)\s+)?(?:its|the|this\s+agreement['’]s|sa|son|leur|la)\s+", re.I)
_ITS_DATE = re.compile(
    r"\s*(?:its|the\s+present\s+agreement['’]s)\s+date\b(?!\s+of\b)|\s*the\s+date\s+(?:hereof|of\s+(?:this|the\s+present)\s+(?:agreement|contract|deed))\b"
    r"|\s*(?:de\s+)?(?:sa|la)\s+date\b(?!\s+(?:d|de|du|des)\b)|\s*(?:de\s+)?la\s+date\s+(?:des\s+pr[ée]sentes|du\s+pr[ée]sent\s+(?:contrat|accord|acte))\b",
    re.I,
)
_OWN_SIGNATURE = re.compile(r"\s*(?:de\s+)?(?:sa|leur|la)\s+signature|\s*(?:its|their)\s+(?:signature|execution)", re.I)  # « à compter de sa signature »


# A term that starts with an event, not a date, next to its length: "three (3) years commencing upon the first
# commercial sale", "one (1) year commencing upon expiration of the initial term"
_EVENT_START = re.compile(r"\b(?:commenc\w*|begin\w*|start\w*|from|following|after|upon|à\s+compter|à\s+partir|suivant)\b", re.I)


def _chunk_starts(ranked: list[Sentence], month_first: bool) -> dict[str | None, Finding[date]]:
    """The first start date written in each article about the term (« prend effet le … »)."""
    starts: dict[str | None, Finding[date]] = {}
    for sentence in ranked:
        if sentence.chunk_rank != 0 or sentence.chunk_id in starts:
            continue
        if (match := _START.search(sentence.text)) and (value := read_date(match["date"], month_first=month_first)):
            starts[sentence.chunk_id] = Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start")
    return starts


# The contract starting on a date it names and defines: "This Agreement shall come into force on the Commencement Date" with
# ""Commencement Date" means 1 January 2021" among the definitions (walkthrough 35), « Le Contrat entre en vigueur à la Date d'Effet »
_STARTS_ON_NAME = re.compile(
    rf"\b(?:(?:comes?|came)\s+into\s+(?:force|effect)|enter(?:s|ed)?\s+into\s+(?:force|effect)|commenc(?:es?|ed)|begins?|began|starts?|started"
    rf"|takes?\s+effect|took\s+effect|prend(?:ra)?\s+effet|entre(?:ra)?\s+en\s+vigueur|est\s+entré\w*\s+en\s+vigueur|commence(?:ra)?)"
    rf"\s+(?:on|as\s+of|from|at|le|à|au|a)\s+(?:the\s+|la\s+|le\s+|l['’]\s*)?(?P<name>{DATE_NAME})"
)


def _first_start(ranked: list[Sentence], month_first: bool, definitions: dict[str, DefinedDate] | None = None) -> Finding[date] | None:
    for sentence in ranked:
        if sentence.chunk_rank == 0 or _TERM_CUE.search(sentence.text):
            if (match := _START.search(sentence.text)) and (value := read_date(match["date"], month_first=month_first)):
                return Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start")
            if definitions and (match := _STARTS_ON_NAME.search(sentence.text)):
                definition = definitions.get(date_key(match["name"]))
                if definition is not None and definition.means == "date" and definition.value is not None:
                    return Finding[date](value=definition.value, chunk_id=definition.chunk_id, raw=definition.raw, rule="named start")
    return None


def _effective_date(chunks: Sequence[ChunkInput], definitions: dict[str, DefinedDate]) -> Finding[date] | None:
    """The Effective Date: as the contract defines it (``"Effective Date" means …``, ``… 2019 (the "Effective
    Date")``, « (ci-après la « Date d'Effet ») »), else the date the opening gives the contract ("effective as
    of October 1, 1999"); ``None`` when it is defined as the signature or an event."""
    for key in ("effective date", "date d'effet", "date d'entree en vigueur", "date de prise d'effet"):
        if (definition := definitions.get(key)) is not None:
            if definition.means == "date" and definition.value is not None:
                return Finding[date](value=definition.value, chunk_id=definition.chunk_id, raw=definition.raw, rule="effective date")
            return None
    if stated := _stated_effective_date(chunks):
        return stated
    opening = opening_date(chunks, effective_first=True)
    # "effective as of …" is the Effective Date itself, however unsure it is as a date of signature
    if opening is not None:
        return opening.model_copy(update={"confidence": "high", "doubt": ""})
    return _form_effective_date(chunks)


# A sentence that states the Effective Date without defining it as a name: "The Effective Date of this Agreement is March 1, 2019",
# "The commencement date for this contract will be 16th June 2004",
# « La date d'effet du présent contrat est fixée au 1er mars 2019 », « La date d'entrée en vigueur de la présente convention est le … »
_STATED_EFFECTIVE = re.compile(
    r"(?:\b(?:the\s+)?effective\s+date\s+(?:(?:of|for)\s+(?:this|the)\s+(?:agreement|contract|lease|licen[cs]e|amendment)\s+)?(?:is|shall\s+be|will\s+be)\s+(?:deemed\s+to\s+be\s+)?"
    # … the commencement or start date of this contract only, with no word before it ("The royalty start date will be …" is another's)
    r"|\bthe\s+(?:commencement|start(?:ing)?)\s+date\s+(?:of|for)\s+this\s+(?:agreement|contract|lease|licen[cs]e)\s+(?:is|shall\s+be|will\s+be)\s+"
    r"|\b(?:la\s+)?date\s+d['’](?:effet|entr[ée]e\s+en\s+vigueur)\s+(?:(?:du\s+pr[ée]sent|de\s+la\s+pr[ée]sente)\s+\w+\s+)?(?:est|sera)\s+(?:fix[ée]e\s+)?(?:au|le|à\s+la\s+date\s+du)\s+)"
    rf"(?:the\s+)?{DATE_GROUP}",
    re.I,
)


def _stated_effective_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    month_first = numeric_month_first(chunks)
    for chunk in chunks:
        for match in _STATED_EFFECTIVE.finditer(chunk.text):
            if (value := read_date(match["date"], month_first=month_first)) is not None:
                return Finding[date](value=value, chunk_id=chunk.id, raw=" ".join(match.group(0).split()), rule="effective date")
    return None


# A form's line that dates the start: "EFFECTIVE DATE: April 15, 2000", "COMMENCEMENT DATE FOR MAINTENANCE UNDER THIS ADDENDUM:
# MARCH 1, 2001", « DATE D'EFFET : 1er mars 2021 » — a label in capitals or title case at the start of a line, never a signature
# block's bare "Date:"
_FORM_EFFECTIVE = re.compile(
    r"^[ \t]*(?-i:(?:THE\s+)?(?:EFFECTIVE|COMMENCEMENT|START)\s+DATE|(?:Effective|Commencement|Start)\s+Date"
    r"|DATE\s+D['’](?:EFFET|ENTR[ÉE]E\s+EN\s+VIGUEUR|PRISE\s+D['’]EFFET)|Date\s+d['’](?:effet|entrée\s+en\s+vigueur|prise\s+d['’]effet))"
    rf"\b[^:\n]{{0,60}}:[ \t]*{DATE_GROUP}",
    re.I | re.M,
)


def _form_effective_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    month_first = numeric_month_first(chunks)
    for chunk in chunks:
        for match in _FORM_EFFECTIVE.finditer(chunk.text):
            if (value := read_date(match["date"], month_first=month_first)) is not None:
                return Finding[date](value=value, chunk_id=chunk.id, raw=" ".join(match.group(0).split()), rule="effective date")
    return None


def _instalment_candidates(sentence: Sentence, order: int, loan: bool = False) -> list[_TermCandidate]:
    if not _INSTALMENT_WORD.search(sentence.text):  # cheap test first: the full pattern is slow
        return []
    found: list[_TermCandidate] = []
    for bullet in _REPAID_AT_ONCE.finditer(sentence.text) if loan else ():
        if value := parse_date(bullet["date"]):
            end = Finding[date](value=value, chunk_id=sentence.chunk_id, raw=bullet.group(0), rule="instalments")
            found.append(_TermCandidate((sentence.chunk_rank, _RULE_RANK["instalments"], order), end, None))
    match = _INSTALMENTS.search(sentence.text)
    if match is None or (first := parse_date(match["date"])) is None or not (count := parse_number(match["num"])):
        return found
    # « douze échéances semestrielles »: the échéances' adjective tells the months between them (walkthrough 35's Crédit A)
    unit = re.sub(r"^[ée]ch[ée]ances\s+", "", fold(match["unit"]))
    months = next((m for prefix, m in _INSTALMENT_MONTHS.items() if unit.startswith(fold(prefix))), None)
    if months is None:
        return found
    last = first + relativedelta(months=months * (count - 1))
    if (first + timedelta(days=1)).day == 1:
        last += relativedelta(day=31)  # instalments on a month's last day stay on it (30 June, then 31 December)
    end = Finding[date](value=last, chunk_id=sentence.chunk_id, raw=match.group(0), rule="instalments")
    return [*found, _TermCandidate((sentence.chunk_rank, _RULE_RANK["instalments"], order), end, None)]


def _last_repayment(best: _TermCandidate, candidates: list[_TermCandidate]) -> _TermCandidate:
    """A loan of several tranches ends when its last one is repaid: of the repayments read (« le Crédit A … la dernière le 30 septembre
    2030 », « le Crédit B est remboursable en une seule fois le 30 septembre 2031 »), the latest, not the first written."""
    if best.end.rule != "instalments":
        return best
    same = [c for c in candidates if c.end.rule == "instalments" and c.rank[0] == best.rank[0]]
    return max(same, key=lambda c: (c.end.value, -c.rank[2]))


INDEFINITE_IN_TITLE = "indefinite (title)"  # the rule of an indefinite term the title says: a warning cites the title, not the chunk's heading


def _indefinite(chunks: Sequence[ChunkInput]) -> Finding[str] | None:
    """Where the contract says its term is indefinite: an article that says so, else its title (« CONTRAT DE TRAVAIL À DURÉE
    INDÉTERMINÉE », cited as the title, not as the « ENTRE : » block its first chunk is headed by — walkthrough 17)."""
    titled = None
    for position, chunk in enumerate(chunks):
        for match in _INDEFINITE.finditer(chunk.text):
            if position == 0 and "\n" not in chunk.text[: match.start()]:
                titled = titled or Finding[str](value="indefinite term", chunk_id=chunk.id, raw=match.group(0), rule=INDEFINITE_IN_TITLE)
                continue
            return Finding[str](value="indefinite term", chunk_id=chunk.id, raw=match.group(0), rule="indefinite")
    return titled
