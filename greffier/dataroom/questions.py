"""A question that asks for a list of contracts by a field, read as data-room filters (no LLM).

« Quels contrats finissent avant fin 2026 ? », "Which agreements expire before the end of 2026?",
« Lesquels de nos contrats arrivent à échéance avant 2027 ? », "Which contracts are governed by Swiss
law?", « Quels baux ? », "List the Lisandre agreements signed in 2023": a request for contracts (an
interrogative or a list verb on a plural word for contracts: « quels contrats », "which of our
agreements", « liste des baux ») and at least one field the data room filters on — an end date or a
signature date before / after / in a date or a period, a party, a governing law, a type (the kind of
contract the request names). A law or a type set apart — « une loi autre que le droit français », « un
droit différent du droit suisse », « sauf les baux », « hors baux », "a law other than French law",
"except the leases", "apart from NDAs" — is every other value (``governing_law.not_in``,
``excluded_contract_types``). :func:`read_list_question` returns those filters, or ``None`` for any
other question: « Quelle est la durée du bail ? » asks about one contract's clause, "Which contracts
have a non-compete clause?" about what the texts say, and both are answered from the passages.

Dates are read as a lawyer means them: « avant fin 2026 » is on or before 31 December 2026, « avant
2027 » the same, « après juin 2027 » from 1 July 2027, « en 2026 » / "during 2026" the whole year,
relative years (« cette année », "next year", with or without a preposition) and the coming months (« dans les six prochains mois », "within the next 12 months") from ``today``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from greffier.dataroom.normalize import MONTHS, parse_date
from greffier.dataroom.vocabulary import (
    LEASE,
    LEASE_KINDS,
    US_FEDERAL_LAW,
    any_lease,
    contract_type_only,
    law_mentions,
    law_text,
    match_contract_type,
    match_law,
)
from greffier.text import fold, tokenize

# Plural words for contracts, and the type words a request may use in their place (« quels baux »).
_CONTRACT_NOUNS = (
    r"contrats|conventions|accords|actes|documents|pactes|polices|avenants|baux|licences|mandats|protocoles|cessions|nantissements"
    r"|contracts|agreements|deeds|documents|policies|leases|licen[cs]es|amendments|ndas|dpas|mandates|pledges|guarantees|loans|deals"
)
_DETERMINERS = r"(?:de |des |les |nos |mes |vos |ces |tous les |toutes les |of (?:the |our |my |these |all )?|the |our |all (?:the |our )?|every )"
# « quels contrats », « lesquels de nos contrats », « quels sont les baux », « liste des contrats »,
# "which agreements", "which of our contracts", "what contracts", "list all the leases", "how many NDAs".
_REQUEST = re.compile(
    r"\b(?:quel(?:le)?s(?: sont)?|lesquel(?:le)?s|liste[rz]?|enumere[rz]?|combien|montre[rz]?(?:-moi)?|donne[rz]?(?:-moi)?(?: la liste)?"
    r"|y a-t-il|(?P<wh>which|what)|list|show(?: me)?|how many|give me|are there(?: any)?)\s+"
    rf"(?:(?:sont|are)\s+)?{_DETERMINERS}?(?P<before>(?:[\w'-]+\s+){{1,2}}?)??(?P<noun>{_CONTRACT_NOUNS})\b"
    # … a noun, not a verb with its object after its subject: "which bank guarantees the lessee's obligations?" asks for a bank
    # (walkthrough 19); "which guarantees the bank gave …" asks for guarantees
    r"(?(before)(?(wh)(?!(?:(?<=guarantees)|(?<=pledges)|(?<=leases)|(?<=licenses)|(?<=licences)|(?<=mandates))\s+(?:the|a|an|\w+'s?)\s)))"
)
# Where the words that name the contracts asked for stop (a verb, a preposition that opens a field).
_HEAD_END = re.compile(
    r"\s(?:qui|que|dont|sont|ont|avec|entre|signe|conclu|soumis|regi|relevant|finiss|se termin|expir|arriv|prenn|prend|court|en cours"
    r"|that|which|are|were|have|has|with|between|signed|entered|executed|concluded|governed|subject|ending|expir|end|terminat|due|running|in force"
    r"|avant|apres|before|after|by|until|d'ici|en \d|in \d|du \d|from)\b|[?,;:]"
)
# What the contracts asked for are, after a copula: « quels contrats sont des contrats de licence ? », "which agreements are
# licences?", "which contracts are leases?" (not « … sont soumis au … », "… are governed by …": no type there)
_PREDICATE = re.compile(r"\s+(?:sont|are)\s+(?:des |les |de |d'|the |a |an )?(?P<what>[\w' -]{3,60}?)\s*(?:\?|$)")
# … denied: "which contracts are not leases?", « quels contrats ne sont pas des baux ? » set the type apart
_DENIED_PREDICATE = re.compile(
    r"\s+(?:ne sont pas|are not|aren't)\s+(?:des |les |de |d'|the |a |an )?(?P<what>[\w' -]{3,60}?)\s*(?:\?|$|,|\s(?:and|et|qui|that|which)\s)"
)
_END_VERBS = re.compile(
    r"\b(?:fini(?:ssent|t|ront|r)|se termin\w*|termin(?:ent|era|eront)|pren(?:nent|d|dront) fin|pris fin|arriv\w* a (?:echeance|terme)|echeance|echu\w*"
    r"|expir\w*|date de fin|fin de contrat|ends?|ending|come to an end|run (?:until|through)|runs (?:until|through)|terminat\w*|end date"
    r"|runs? out|running out|lapses?|lapsing)\b"  # "Which deals run out before 2027?" (the app walk of round 38)
)
_SIGN_VERBS = re.compile(
    r"\b(?:sign(?:e|es|ee|ees|és|ed)|conclu[se]?|conclues|passes|dates? du|date de signature|entered into|executed|concluded|dated|signature date)\b"
)
_BEFORE = r"(?:on or |at the latest |or )?before|on or prior to|avant(?: la| le)?|prior to|d'ici(?: la| le)?|au plus tard(?: le| la| en| a)?|no later than|by|until|jusqu'(?:a|au|en)(?: la| le)?|earlier than"
_AFTER = r"(?:on or |or )?after|apres(?: la| le)?|later than|au-dela d[eu]|beyond|a partir d[eu]|a compter d[eu]|depuis|since|from|starting(?: in| from)?"
_DURING = r"en|in|during|courant|au cours de(?: l'annee)?|dans l'annee|within"
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_YEAR = r"(?:19|20)\d\d"
_RELATIVE_YEAR = r"(?:cette annee|l'annee en cours|this year|the current year|l'annee prochaine|next year|l'an prochain|l'annee derniere|last year)"
_PERIOD = (
    rf"(?P<edge>(?:la |the )?(?:fin|end|debut|start|beginning|mi|mid)(?:-| de | d'| of | )(?:l'annee |the year )?)?"
    rf"(?:(?P<day>\d{{4}}-\d\d-\d\d|\d{{1,2}}(?:er)?\s+(?:{_MONTH})\.?\s+{_YEAR}|(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+{_YEAR}|\d{{1,2}}/\d{{1,2}}/{_YEAR})"
    rf"|(?P<month>(?:{_MONTH})\.?\s+{_YEAR})|(?P<year>{_YEAR})|(?P<relative>{_RELATIVE_YEAR}))"
)
_DATE_CLAUSE = re.compile(rf"\b(?:(?P<before>{_BEFORE})|(?P<after>{_AFTER})|(?P<during>{_DURING}))\s+(?:le |la |l'|the )?{_PERIOD}(?![\w/-])")
_FOREIGN_LAW = re.compile(r"\b(?:droits? etrangers?|lois? etrangeres?|foreign laws?|non-french law|droit autre que le droit francais)\b")
# Words that set a value apart: « autre que », « différent du », « sauf », « hors », « à l'exception des »,
# "other than", "different from", "except", "apart from", "excluding" (folded: no accents).
_EXCEPT = (
    r"other than|different (?:from|than|to)|except(?:ing| for)?|excluding|exclusive of|apart from|aside from|outside(?: of)?"
    r"|autres? que|autres? qu'|differente?s? (?:d[eu]|des|de la|de l')|sauf|hors(?: de| du| des)?|excepte(?:e|s|es)?"
    r"|a l'exception (?:d[eu]|des|de la|de l')|en dehors (?:d[eu]|des|de la|de l')|a part"
)
_EXCEPT_WORD = re.compile(rf"(?<![\w'])(?:{_EXCEPT})(?:(?<=')|(?!\w))")
# A negation or an exception word that bears on what follows it, a clause apart (no comma between them):
# « ne sont pas soumis au », « une loi autre que le », "a law other than", "except those governed by".
_NEGATION = re.compile(rf"(?:(?<![\w'])(?:pas|non|not|ni|neither|nor|{_EXCEPT})(?:(?<=')|(?!\w)))[^.?,;]{{0,30}}$")
_NAME_SHAPES = re.compile(r"\w[\w'’-]*", re.UNICODE)
# Words of a company name that say its legal form, not who it is.
COMPANY_FORMS = frozenset({
    "societe", "sas", "sasu", "sarl", "sa", "sci", "eurl", "snc", "selarl", "scp", "company", "co", "corp",
    "corporation", "inc", "ltd", "limited", "llc", "llp", "lp", "plc", "gmbh", "ag", "bv", "nv", "spa", "srl", "m", "mme",
})
_SINGULAR = {"baux": "bail", "ndas": "nda", "dpas": "dpa"}
# What may follow a request for contracts that asks for all of them: where they are, that they are there (« … contient la data
# room », « … y a-t-il », "… are in the data room", "… do we have"); a verb or a field after it asks something of them.
_EVERY_CONTRACT = re.compile(
    r"(?:(?:sont|are|is|il|y|a|a-t-il|there|in|dans|de|du|des|la|le|les|l'|this|the|our|nos|notre|ce|cet|cette|here|ici|present|presents|contient"
    r"|contenus|contains|holds?|we|have|nous|avons|avons-nous|do|does|on|en|tout|toutes?|all|data ?room|dossier|folder|workspace|espace de travail"
    r"|room|files?|fichiers?)(?:\s+|$))*"
)


@dataclass
class ListQuestion:
    """A list question read as filters: ``filters`` as ``search_data_room`` takes them (no party), and
    ``parties``: one set of entity ids per party the question names, any of which may be it (« Lisandre »
    when three companies of the room are called so); ``read``: what was understood, for the answer."""

    filters: dict[str, Any]
    parties: list[list[str]] = field(default_factory=list)
    read: list[str] = field(default_factory=list)

    def filter_sets(self, limit: int = 8) -> list[dict[str, Any]]:
        """One filters dict per combination of the parties' candidates (at most ``limit``)."""
        combos: list[list[str]] = [[]]
        for candidates in self.parties:
            combos = [[*combo, entity] for combo in combos for entity in candidates][:limit]
        return [{**self.filters, "entity_ids": combo} if combo else dict(self.filters) for combo in combos]


def is_contracts_request(question: str) -> bool:
    """Whether ``question`` asks for contracts in the plural (« quels contrats », "which agreements", « liste des baux »)."""
    return _REQUEST.search(" ".join(fold(question).replace("’", "'").split())) is not None


def read_list_question(question: str, *, today: date, home_law: str, parties: dict[str, list[str]] | None = None) -> ListQuestion | None:
    """The filters of a question that asks for a list of contracts by a field, or ``None`` (module docstring).

    ``parties``: the room's entity ids with the names its contracts write for them (the question's
    party words are matched against them); ``home_law`` is what « droit étranger » / "foreign law" excludes.
    """
    # brackets read as the words they hold: "a foreign (non-French) law" (walkthrough 21)
    folded = " ".join(fold(question).replace("’", "'").replace("(", " ").replace(")", " ").split())
    request = _REQUEST.search(folded)
    if request is None:
        return None
    filters: dict[str, Any] = {}
    read: list[str] = []
    # a party's whole name written in the question names the party, not a kind: "Which contracts is Flandria Distribution NV a party
    # to?" asked for no distribution agreement (walkthrough 30: « No contract matches (type: distribution agreement) »)
    head = _without_whole_names(_head(folded, request), parties or {})
    # « quels contrats autres que les baux », "which contracts other than leases": the type after an
    # exception word is the one left out, not the one asked
    apart = _EXCEPT_WORD.search(head)
    # "which contracts are not leases?": the kind denied is set apart, not asked (the head may hold it: "which contracts aren't
    # leases"); "which leases are not commercial leases?" asks leases, commercial ones set apart
    denied = _DENIED_PREDICATE.match(folded[request.end():])
    denied_kind = _type_named(_singular(denied.group("what")), alone=True) if denied else None
    kind = _type_named(_singular(head[: apart.start()] if apart else head))
    if denied and kind == denied_kind:
        kind = None
    if kind is None and not denied and (predicate := _PREDICATE.match(folded[request.end():])):  # « quels contrats sont des licences ? »
        kind = _type_named(_singular(predicate.group("what")), alone=True)  # the type alone: not "not leases", « des baux en cours »
    if kind:
        filters["contract_types"] = [kind]
        read.append(f"type: {kind}")
    excluded = _excluded_type(folded) or denied_kind  # … or the kind denied: « quels contrats ne sont pas des baux ? »
    if excluded and excluded != kind:
        filters["excluded_contract_types"] = [excluded]
        read.append(f"type: not {excluded}")
    for field_name, span in _dates(folded, today):
        filters[field_name] = span
        read.append(f"{field_name}: {span}")
    law = _law(folded, home_law)
    if law:
        filters["governing_law"] = law
        read.append(f"governing_law: {law}")
    named = named_parties(question, parties or {}, skip=set(tokenize(head)) if kind or excluded else set())
    read += [f"party: {' | '.join(ids)}" for ids in named]
    if not filters and not named:
        # a request for contracts with nothing to filter on: every contract when nothing else is asked (« Quels contrats contient
        # la data room ? », "List all the contracts", "How many agreements are there?"), else what the texts say decides
        return ListQuestion({}, [], []) if _EVERY_CONTRACT.fullmatch(folded[request.end():].strip(" ?!.")) else None
    return ListQuestion(filters, named, read)


def _without_whole_names(head: str, parties: dict[str, list[str]]) -> str:
    """``head`` (folded) without the party names it writes whole, two words or more (legal form aside): « flandria distribution »."""
    for names in parties.values():
        for name in names:
            words = name_words(name)
            if len(words) >= 2:
                head = re.sub(r"\b" + r"\W+".join(re.escape(w) for w in words) + r"\b", " ", head)
    return " ".join(head.split())


def _head(folded: str, request: re.Match[str]) -> str:
    """The words that name the contracts asked for: the request, and what follows the noun until a verb
    or a field (« quels contrats de distribution », "which distribution agreements")."""
    rest = folded[request.end():]
    stop = _HEAD_END.search(" " + rest)
    return folded[request.start(): request.end() + (max(stop.start() - 1, 0) if stop else len(rest))]


def _singular(text: str) -> str:
    words = []
    for word in text.split():
        if word in _SINGULAR:
            words.append(_SINGULAR[word])
        elif len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
            words.append(word[:-1])
        else:
            words.append(word)
    return " ".join(words)


def _excluded_type(folded: str) -> str | None:
    """The contract type an exception word sets apart (« sauf les baux », « hors baux », « autres que
    les baux », "other than leases", "except the NDAs", "apart from leases"), or ``None``."""
    for word in _EXCEPT_WORD.finditer(folded):
        rest = folded[word.end():]
        stop = _HEAD_END.search(" " + rest)
        what = rest[: max(stop.start() - 1, 0)] if stop else rest
        if kind := _type_named(_singular(what)):
            return kind
    return None


def _type_named(text: str, *, alone: bool = False) -> str | None:
    """The contract type ``text`` names (``alone``: and nothing more, :func:`contract_type_only`); leases of no kind said
    (« quels baux », "other than leases") are every lease, :data:`LEASE`."""
    kind = contract_type_only(text) if alone else match_contract_type(text)
    return LEASE if kind in LEASE_KINDS and any_lease(text) else kind


def _law(folded: str, home_law: str) -> dict[str, list[str]] | None:
    """The governing-law filter: the law named, or every other one when a negation or an exception word
    bears on it (« ne sont pas soumis au droit suisse », « une loi autre que le droit français », "a law
    other than French law", "except those governed by French law", « hors droit français »)."""
    folded = _each_law_named(folded)
    written = law_text(folded)
    found = list(law_mentions(folded))  # offsets in ``written``
    several = len({label for _s, _e, label in found}) > 1
    if _FOREIGN_LAW.search(folded) and not several:
        return {"not_in": [home_law]}  # (« autre que le droit français ou anglais » names two: read below)
    if several:  # "the laws of the United States and of the State of Texas": the state's law
        found = [m for m in found if m[2] != US_FEDERAL_LAW] or found
    if not found:
        law = match_law(folded)
        if law is None:
            return None
        found = [(len(written), len(written), law)]
    where = re.search(r"\b(?:droit|loi|law|laws)\b", folded)
    before = folded[: where.start()] if where else folded
    # each law takes the polarity of the cue before it (« mais pas », "and not", "rather than", « ni »), else that of the
    # law it is coordinated with (« autre que le droit français ou anglais »: both set apart)
    asked: dict[str, bool] = {}
    negated = _negates_law(before) or _negates_law(written[: found[0][0]])
    for index, (start, _end, label) in enumerate(found):
        if index:
            between = written[found[index - 1][1] : start]
            negated = True if _LAW_SET_APART.search(between) else False if _LAW_ASKED.search(between) else negated
        asked.setdefault(label, negated)
    kept = [label for label, apart in asked.items() if not apart]
    left = [label for label, apart in asked.items() if apart]
    return {"in": kept} if kept else {"not_in": left}


# Between two laws, the cue that sets the second apart (« et non le », « mais pas », "and not", "rather than", "other than",
# « ni ») or asks it again after one set apart (« mais », "but").
_LAW_SET_APART = re.compile(r"\b(?:not|pas|non|ni|nor|rather than|instead of|other than|autre que|plutot que|sauf|hors|except|excluding)\b")
_LAW_ASKED = re.compile(r"\b(?:but|mais)\b")


# Laws named in one coordination: « le droit suisse ou belge », "Swiss or Belgian law", "English or New York law", "the laws of England or New York"
# are read as each law written out (« droit suisse ou droit belge »), so that no law a question names is dropped.
_FRENCH_LAWS = re.compile(r"\b(droits?|lois?) ([a-z-]+)(\s*,\s*|\s+(?:ou|et)\s+)(?!(?:le|la|les|l|du|de|des|d|droits?|lois?)\b)([a-z-]+)")
_ENGLISH_LAWS = re.compile(r"\b([a-z-]+)(\s*,\s*|\s+(?:or|nor|and|but)(?: not)?\s+)((?:(?!(?:or|and|nor|but|not)\b)[a-z-]+ ){0,2}[a-z-]+) (laws?)\b")
_LAWS_OF = re.compile(r"\b(laws? of )((?:the )?(?:state of )?[a-z]+(?: [a-z]+)?)(\s*,\s*|\s+(?:or|and)\s+)(?!(?:the )?laws? of\b)(?=[a-z])")


def _each_law_named(folded: str) -> str:
    """``folded`` with the laws of a coordination written out one by one (see :data:`_FRENCH_LAWS`)."""
    for _ in range(6):  # a list of a few laws at most
        written = _FRENCH_LAWS.sub(r"\1 \2\3\1 \4", folded)
        written = _ENGLISH_LAWS.sub(_english_laws_written_out, written)
        written = _LAWS_OF.sub(r"\1\2\3\1", written)
        if written == folded:
            break
        folded = written
    return folded


def _english_laws_written_out(match: re.Match[str]) -> str:
    """"English or New York law" as "English law or New York law" when both are laws the vocabulary knows (a law of two words
    last: "Northern Irish", "New South Wales"); a word that names no law ("French or New Caledonian law") leaves the
    question as written, which then names no law it could filter on, rather than only the one it knows."""
    first, link, second, word = match.groups()
    if first in _NOT_LAW_WORDS or not (match_law(f"{first} {word}") and match_law(f"{second} {word}")):
        return match.group(0)
    return f"{first} {word}{link}{second} {word}"


# Words before "or … law" that are no law's: "governed by or subject to English law", "which or whose law"
_NOT_LAW_WORDS = frozenset({
    "by", "to", "under", "of", "the", "a", "which", "whose", "any", "other", "foreign", "governed", "subject", "contracts", "agreements", "law", "laws",
})


def _negates_law(lead: str) -> bool:
    """Whether a negation or an exception word ends ``lead`` (the words before the law), but one that sets
    a contract type apart (« à l'exception des baux sont soumis au », "apart from NDAs are governed by")."""
    negation = _NEGATION.search(lead)
    return negation is not None and match_contract_type(_singular(lead[negation.start():])) is None


def _dates(folded: str, today: date) -> list[tuple[str, dict[str, str]]]:
    """Each date clause of the question as (field, range): the field is the end date or the signature
    date, whichever verb stands nearest before the clause (after it when none stands before)."""
    verbs = [(m.start(), "end_date") for m in _END_VERBS.finditer(folded)] + [(m.start(), "signature_date") for m in _SIGN_VERBS.finditer(folded)]
    ranges: dict[str, dict[str, str]] = {}
    # in force on a day or in a period to come: « encore en vigueur fin 2027 », « en vigueur au 1er janvier 2028 », "still in force at the end of
    # 2027" — those whose end comes after it (the app walk of round 38 read no list: « je ne peux pas enchaîner d'outils »)
    if (at := _in_force_at(folded)) is not None:
        period = _period(at, today)
        if period is not None:
            start, end, edge = period
            day = (end if edge else start).isoformat()
            # … and signed by then: a contract signed later was not in force on a day past (the review of the round: "at the end of 2020"
            # listed a contract of 2024)
            return [("end_date", {"after": day})] + ([("signature_date", {"before": day})] if day < today.isoformat() else [])
    # a state with no date: "which contracts have already expired?" ended before today (the app walk of round 31 read it as a clause
    # list), « quels contrats sont en cours ? » end after it
    # (the state alone, nothing asked after it — "… in force and have a change of control clause" asks the clause —, and no negation
    # before it: "which contracts are not yet in force?" is the other list)
    if not _DATE_CLAUSE.search(folded) and not _COMING.search(folded) and not _BARE_RELATIVE.search(folded):
        for pattern, span in ((_ENDED, {"before": (today - timedelta(days=1)).isoformat()}), (_IN_FORCE, {"after": today.isoformat()})):
            if (state := pattern.search(folded)) and not folded[state.end():].strip(" ?!.") and not _STATE_NEGATED.search(folded[: state.start()]):
                return [("end_date", span)]
            if state:
                return []
    if not verbs:
        return []
    taken: list[tuple[int, int]] = []
    for clause in _DATE_CLAUSE.finditer(folded):
        taken.append(clause.span())
        period = _period(clause, today)
        if period is None:
            continue
        start, end, is_edge = period
        span = ranges.setdefault(_field_at(verbs, clause.start()), {})
        if clause["before"]:
            span["before"] = (end if is_edge or _inclusive(clause["before"]) else start - timedelta(days=1)).isoformat()
        elif clause["after"]:
            span["after"] = (start if is_edge or _inclusive_after(clause["after"]) else end + timedelta(days=1)).isoformat()
        else:
            span["after"], span["before"] = start.isoformat(), end.isoformat()
    for match in (*_COMING.finditer(folded), *_BARE_RELATIVE.finditer(folded)):
        if any(a <= match.start() < b for a, b in taken):
            continue  # « avant l'année prochaine »: read above
        field_name = _field_at(verbs, match.start())
        if match.re is _COMING:
            number = match["n"] or match["n2"]
            count = int(number) if number.isdigit() else _NUMBER_WORDS[number]
            unit = match["unit"] or match["unit2"]
            end = _months_later(today, count * (12 if unit.startswith(("an", "year")) else 1)) if unit.startswith(("mois", "month", "an", "year")) else (
                today + timedelta(days=count * (7 if unit.startswith(("semaine", "week")) else 1))
            )
            ranges[field_name] = {"after": today.isoformat(), "before": end.isoformat()}
        else:
            year = _relative_year(match["relative"], today)
            ranges[field_name] = {"after": date(year, 1, 1).isoformat(), "before": date(year, 12, 31).isoformat()}
    return list(ranges.items())


_ENDED = re.compile(
    r"\b(?:already|have|has)\s+(?:expired|ended|terminated|lapsed|come to an end)\b|\b(?:expired|ended|lapsed) (?:already|by now)\b|\bhave been terminated\b"
    r"|\b(?:deja|sont)\s+(?:echus|expires|termines|arrives? (?:a echeance|a (?:leur )?terme))\b|\bont (?:deja )?(?:pris fin|expire)\b|\bont ete resilies\b"
    r"|\bno longer in force\b|\bne sont plus en vigueur\b"
)
_IN_FORCE = re.compile(r"\b(?:still|currently)\s+(?:in force|running|in effect|active)\b|\b(?:are|is)\s+in force\b|\b(?:sont|est|encore|toujours)\s+en (?:cours|vigueur)\b(?! d)")
_IN_FORCE_AT = re.compile(
    r"\b(?:(?:(?:still|currently)\s+|(?:will|would)\s+(?:still\s+)?be\s+|(?:are|is)\s+(?:still\s+)?)(?:in force|running|in effect|active)"
    r"|(?:sont|est|seront|sera|encore|toujours)\s+(?:encore\s+|toujours\s+)?en (?:cours|vigueur))"
    rf"\s+(?:a |au |en |le |a la |at |on |in |by |the |au cours de )?(?:the |le |la )?{_PERIOD}(?![\w/-])"
)
_STATE_NEGATED = re.compile(r"\b(?:not|no|never|pas|plus|jamais|aucun|aucune)\b|n't\b|\bne\b|\bn'")


def _field_at(verbs: list[tuple[int, str]], position: int) -> str:
    """The field a date at ``position`` bounds: that of the verb nearest before it (the first verb after it when none)."""
    before = [verb for verb in verbs if verb[0] < position]
    return max(before)[1] if before else min(verbs)[1]


def _relative_year(relative: str, today: date) -> int:
    """The year « l'année prochaine », "next year", « l'année à venir », "last year", « cette année » mean."""
    if any(word in relative for word in ("prochain", "next", "coming", "a venir")):
        return today.year + 1
    return today.year - 1 if "dernier" in relative or "last" in relative else today.year


# « dans les six prochains mois », « au cours des 12 prochains mois », "within the next six months", "in the coming 2 years"
_NUMBER_WORDS = {
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "douze": 12, "dix-huit": 18,
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "eighteen": 18,
}
_COUNT = r"(?P<n>\d{1,3}|" + "|".join(sorted((w.strip() for w in _NUMBER_WORDS), key=len, reverse=True)) + ")"
_COMING = re.compile(
    rf"\b(?:dans|au cours|d'ici|sous|pendant|durant)\s+(?:les|des)\s+{_COUNT}\s+(?:prochain(?:e)?s\s+)?(?P<unit>mois|ans|annees|semaines|jours)(?:\s+(?:a venir|qui viennent|prochain(?:e)?s))?"
    rf"|\b(?:within|in|over|during)\s+the\s+(?:next|coming)\s+{_COUNT.replace('?P<n>', '?P<n2>')}\s+(?P<unit2>months?|years?|weeks?|days?)"
)
# a relative year written without a preposition: « qui expirent l'année prochaine », "ending next year"
_BARE_RELATIVE = re.compile(rf"(?<![\w'])(?P<relative>{_RELATIVE_YEAR}|the coming year|l'annee a venir)\b")


def _months_later(day: date, months: int) -> date:
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return date(year, month, min(day.day, last))
        except ValueError:
            continue
    return day


def _inclusive(word: str) -> bool:
    """« d'ici 2026 », "by June 2027", « au plus tard en 2026 »: up to the end of the period named."""
    return word.startswith(("d'ici", "au plus tard", "no later", "by", "until", "jusqu", "on or", "or before", "at the latest"))  # (walkthrough 31:
    # "on or before 31 December 2027" read as up to the 30th; "on or" holds "on or prior to" too)


def _inclusive_after(word: str) -> bool:
    """« à partir de 2027 », "from June 2027", "since 2020": from the start of the period named."""
    return word.startswith(("a partir", "a compter", "depuis", "since", "from", "starting", "on or", "or after"))


def asks_in_force_at(question: str) -> bool:
    """Whether ``question`` asks for the contracts in force on a day or in a period (« encore en vigueur fin 2027 »): those of indefinite
    term are among them, not left out."""
    return _in_force_at(" ".join(fold(question).replace("’", "'").split())) is not None


def _in_force_at(folded: str) -> re.Match[str] | None:
    """The state in force on a day or in a period (:data:`_IN_FORCE_AT`) a folded question asks, not denied before it; else None."""
    at = _IN_FORCE_AT.search(folded)
    return at if at is not None and not _STATE_NEGATED.search(folded[: at.start()]) else None


def _period(clause: re.Match[str], today: date) -> tuple[date, date, bool] | None:
    """(first day, last day, whether an edge was named) of the date or period of ``clause``. An edge
    (« fin 2026 », "the start of 2027") is one day: the last or the first of the period."""
    if clause["day"]:
        day = parse_date(clause["day"])
        if day is None:
            return None
        start = end = day
    elif clause["month"]:
        words = clause["month"].replace(".", "").split()
        month, year = MONTHS[words[0]], int(words[-1])
        start = date(year, month, 1)
        end = (date(year + month // 12, month % 12 + 1, 1)) - timedelta(days=1)
    else:
        if clause["year"]:
            year = int(clause["year"])
        else:
            year = _relative_year(clause["relative"], today)
        start, end = date(year, 1, 1), date(year, 12, 31)
    edge = (clause["edge"] or "").strip()
    if edge.startswith(("la fin", "fin", "the end", "end")):
        return end, end, True
    if edge.startswith(("debut", "start", "beginning", "the start", "the beginning")):
        return start, start, True
    if edge.startswith(("mi", "mid")):
        middle = date(start.year, 7, 1) if start.month == 1 and end.month == 12 else start + (end - start) / 2
        return middle, middle, True
    return start, end, False


def name_words(name: str) -> list[str]:
    """The words of a party's name that say who it is: tokens but its legal form (« LISANDRE HOLDING
    SAS » → lisandre, holding)."""
    return [t for t in tokenize(name) if t not in COMPANY_FORMS and len(t) >= 3 and not t.isdigit()]


def named_parties(question: str, parties: dict[str, list[str]], *, skip: set[str] | None = None) -> list[list[str]]:
    """The parties ``question`` names, each as the entity ids it may be. A word of a party's name names
    it when the question writes it as a name (capitalised, not as the question's first word) or with
    another word of the same name; several entities whose names hold the words alike are alternatives
    (« Lisandre » for Lisandre Holding and Lisandre Manufacture), the one whose name holds more of
    them wins (« Lisandre Holding »). ``skip``: words that are no name here (the contract type asked)."""
    words = _NAME_SHAPES.findall(question)
    capitalised = {t for w in words[1:] if w[:1].isupper() for t in tokenize(w)}
    asked = set(tokenize(question)) - (skip or set())
    overlap: dict[str, frozenset[str]] = {}
    for entity, names in parties.items():
        own = {t for name in names for t in name_words(name)}
        shared = own & asked
        if shared and (shared & capitalised or len(shared) >= 2):
            overlap[entity] = frozenset(shared)
    # an entity is left out when another one's name holds more of the same words
    kept = {e: s for e, s in overlap.items() if not any(s < other for other in overlap.values())}
    groups: dict[frozenset[str], list[str]] = {}
    for entity, shared in kept.items():
        groups.setdefault(shared, []).append(entity)
    # words shared by two groups ("holding" in two names, each with its own other word) do not join them
    return [sorted(ids) for _, ids in sorted(groups.items(), key=lambda item: sorted(item[0]))]
