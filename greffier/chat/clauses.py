"""Which contracts hold a kind of clause: « Quels contrats contiennent une clause d'exclusivité ? », "Which
contracts contain a change of control clause?" — answered without an LLM from the clause types each passage
was given at ingest (the clause classifier), every contract that has one listed with its articles, and the
others counted, never dropped silently: a clause written in unusual words may carry no label, so the answer
says where its list comes from and what to check by hand.

A question about one contract's clause (« La licence contient-elle une clause d'exclusivité ? ») is not a
list: it asks for contracts in the plural (:func:`read_clause_question`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from functools import lru_cache

from sqlmodel import select

from sqlalchemy.exc import OperationalError

from greffier.chat.listing import LIST_WORDS, names_of, reason_in
from greffier.compliance.playbooks import PlaybookError, load_playbook
from greffier.compliance.polarity import read_match, statement_kind
from greffier.dataroom.questions import is_contracts_request
from greffier.lexicon import Lexicon
from greffier.text import clause_sentences, fold, section_label, squeezed, tokenize
from greffier.text.replies import counted
from store.compliance_models import Flag
from store.models import Chunk
from store.records import DataRoom
from store.workspace import WorkspaceStore

# The words after which a request names the clause it looks for: « contiennent », « prévoient », "contain",
# "have", "include", « une clause », "provisions".
_CLAUSE_WORDS = frozenset(
    "clause clauses stipulation stipulations provision provisions contiennent contient comportent comporte prevoient prevoit "
    "incluent inclut ont contain contains have has include includes provide provides".split()
)
# Clause types whose clause grants or sets something (an exclusivity, a renewal, a cap): a sentence that denies the
# notion says the contract has none. Not a prohibition's (confidentiality, non-compete, assignment), which a clause
# states by a negation ("shall not disclose", « ne pourra exercer aucune activité concurrente »).
GRANTING_TYPES = frozenset({"exclusivity", "renewal", "limitation_of_liability"})
# Clause types a request may name as what the contracts are, with no word for the clause (« sont exclusifs », "can be
# terminated for convenience")
_QUALITY_TYPES = GRANTING_TYPES | {"termination_for_convenience"}
_DENIED_QUALITY = re.compile(r"\b(?:ne|n'|not|no|never|cannot|can't|sans|without|aucune?|jamais)\b|\bnon[- ]?(?=\w)|n't\b")
# Types a question names beside one of those, that do not stand for a prohibition: « plafond de responsabilité » names
# the liability article too.
_GRANTED_WITH = frozenset({"liability", "term"})
# Clause types that say what a document is, not a clause one looks for in it.
_NOT_ASKED = frozenset({"preamble"})

WORDS = {
    "en": {
        "found": "{count} contracts have an article labelled {types}:",
        "found_one": "1 contract has an article labelled {types}:",
        "found_with_amendments": "{things} {verb} an article labelled {types}:", "have": ("has", "have"),
        "none": "No contract has an article labelled {types}.",
        "others": "The other {count} contracts have no passage labelled so.",
        "other_one": "The other contract has no passage labelled so.",
        "apart": "Not listed: an article of this kind says the contract has none (check them by hand):", "colon": ":",
        "in_amendment": " (in {name})",
        "others_amendments": "The {things} {verb} no passage labelled so.",
        "unread": "Not listed: an article is labelled so, but no sentence of the contract reads an automatic renewal (check them by hand):",
        "source_records": "Whether a contract renews by itself is read from its record (the sentence that says it does, or that it does not: "
        "the Data room page shows it); the articles labelled renewal complete the list.",
        "source": "This list comes from the clause type each passage was given at ingest (the clause classifier): a clause "
        "written in unusual words may carry no label. The Compliance page checks the clauses one by one.",
        "source_flags": "This list comes from the clause type each passage was given at ingest (the clause classifier) and from the "
        "flags of the last compliance scan (marked « flag »): a clause written in unusual words may carry neither. The Compliance page "
        "checks the clauses one by one.",
        "flagged": " (flag)",
    },
    "fr": {
        "found": "{count} contrats ont un article du type {types}\u00a0:",
        "found_one": "1 contrat a un article du type {types}\u00a0:",
        "found_with_amendments": "{things} {verb} un article du type {types}\u00a0:", "have": ("a", "ont"),
        "none": "Aucun contrat n'a d'article du type {types}.",
        "others": "Les {count} autres contrats n'ont aucun passage de ce type.",
        "other_one": "L'autre contrat n'a aucun passage de ce type.",
        "apart": "Écartés\u00a0: un article de ce type dit que le contrat n'en comporte pas (à vérifier à la main)\u00a0:", "colon": "\u00a0:",
        "in_amendment": " (dans {name})",
        "others_amendments": "{things_cap}\u00a0: aucun passage de ce type.",
        "unread": "Écartés\u00a0: un article est de ce type, mais aucune phrase du contrat ne prévoit de tacite reconduction (à vérifier à la main)\u00a0:",
        "source_records": "La tacite reconduction de chaque contrat est lue dans sa fiche (la phrase qui la prévoit, ou qui l'exclut\u00a0: "
        "la page Data room la montre)\u00a0; les articles du type renouvellement complètent la liste.",
        "source": "Cette liste vient du type de clause donné à chaque passage à l'ingestion (le classifieur de clauses) : une "
        "clause rédigée autrement peut ne pas en avoir. La page Compliance (conformité) vérifie les clauses une à une.",
        "source_flags": "Cette liste vient du type de clause donné à chaque passage à l'ingestion (le classifieur de clauses) et des "
        "alertes du dernier contrôle de conformité (marquées « alerte ») : une clause rédigée autrement peut n'avoir ni l'un ni l'autre. "
        "La page Compliance (conformité) vérifie les clauses une à une.",
        "flagged": " (alerte)",
    },
}


@dataclass(frozen=True)
class ClauseHit:
    """One article of a contract labelled with an asked clause type; ``denied``: the sentence that says the
    contract has none (« Le présent contrat ne comporte aucune exclusivité », "on a non-exclusive basis",
    « sans plafond »), when every sentence of the article that names the clause denies it."""

    contract_id: str
    section: str
    page: int | None
    denied: str | None = None
    unread: bool = False  # labelled so, but the contract's record reads no such clause (:func:`with_renewal_records`)
    held_by: str | None = None  # the document that holds the article when it is not the contract itself: its amendment
    flagged: bool = False  # found by a rule of the last compliance scan, not by the article's label (:func:`with_scan_flags`)
    chunk_id: str | None = None  # the passage that holds the article: what the list cites


def read_clause_question(question: str, lexicon: Lexicon) -> list[str] | None:
    """The clause types a question asks the contracts for, or None when it is not such a question: a request
    for contracts in the plural (« quels contrats », "which agreements") and, after a word that introduces the
    clause (« contiennent », « une clause », "contain", "provisions"), notions of the glossary that name
    clause types."""
    types = [t for match in _asked_matches(question, lexicon) for t in match.concept.types if t not in _NOT_ASKED]
    return list(dict.fromkeys(types)) or None


def asked_notions(question: str, lexicon: Lexicon) -> list[str]:
    """The glossary's notions the question names the clause by (« tacite reconduction »: ``tacit_renewal``,
    « plafond de responsabilité »: ``liability_cap``): their words are the ones a clause states or denies."""
    return list(dict.fromkeys(match.concept.id for match in _asked_matches(question, lexicon) if set(match.concept.types) - _NOT_ASKED))


def _asked_matches(question: str, lexicon: Lexicon) -> list:  # list[Match]
    if not is_contracts_request(question):
        return []
    tokens = tokenize(question)
    after = next((i for i, token in enumerate(tokens) if token in _CLAUSE_WORDS), None)
    if after is None:
        # « Quels contrats sont renouvelés par tacite reconduction ? », "Which agreements are exclusive?": no word introduces the
        # clause, the contracts are said to be what a clause that grants something makes them — not what it does not (« ne sont
        # pas renouvelés », "non-exclusive", "cannot be terminated"), which the clause list does not answer
        if _DENIED_QUALITY.search(fold(question)):
            return []
        return [match for match in lexicon.find(tokens) if set(match.concept.types) & _QUALITY_TYPES]
    found = [
        match for match in lexicon.find(tokens) if match.start > after or tokens[after] in ("clause", "clauses", "provision", "provisions")
        and match.start >= after - 4
    ]

    def promise(m) -> bool:  # noqa: ANN001  (Match)
        return m.end - m.start == 1 and tokens[m.start] in _PROMISE_WORDS

    # a clause's notion, then the word for a promise that follows it as its noun ("a non-compete covenant", « un engagement de
    # non-concurrence » reads the other way): one clause asked, not the loan's covenants too (walkthrough 34's list held a loan's
    # events of default)
    named = [m for m in found if m.concept.kind == "clause" and not promise(m)]
    return [m for m in found if not promise(m) or not any(n.end == m.start or m.end == n.start for n in named)]


# Words for a promise of any kind: said right beside another clause's notion, its noun ("covenant", « engagement »)
_PROMISE_WORDS = frozenset({"covenant", "covenants", "undertaking", "undertakings", "commitment", "commitments", "obligation", "obligations",
                            "engagement", "engagements"})


def clause_hits(store: WorkspaceStore, types: list[str], lexicon: Lexicon | None = None, notions: list[str] | None = None) -> list[ClauseHit]:
    """Every passage labelled with one of ``types``, in document order (one per article); with the
    glossary (``lexicon``) and the ``notions`` the question named the clause by (:func:`asked_notions`), an
    article whose every sentence naming it denies it says so (:func:`denial`): the label says what the
    article is about, not that the contract has the clause."""
    wanted = set(types)
    with store.session() as session:
        rows = list(session.exec(
            select(Chunk.contract_id, Chunk.section, Chunk.page, Chunk.clause_types, Chunk.text, Chunk.id).order_by(Chunk.contract_id, Chunk.chunk_index)
        ))
    # the words of the notions asked that grant something: a prohibition's type ("shall not disclose", « ne pourra
    # concurrencer ») states it by denying; « plafond de responsabilité » is read on « plafond », not « responsabilité »
    granting = tuple(sorted(n for n in notions or () if lexicon is not None and n in lexicon.by_id and set(lexicon.by_id[n].types) & GRANTING_TYPES))
    patterns = _clause_words(lexicon, granting) if lexicon is not None and granting and wanted <= GRANTING_TYPES | _GRANTED_WITH else None
    found: dict[tuple[str, str], ClauseHit] = {}
    for contract_id, section, page, labels, text, chunk_id in rows:
        if not wanted & set(labels or ()) or _RECITAL_HEADING.match(fold((section or "").split(" > ")[-1])):
            continue  # a recital says why the contract was made (« … comportait une clause de non-concurrence, à laquelle les parties ont renoncé »)
        key = (contract_id, section or "")
        said = denial(text or "", patterns) if patterns is not None else None
        hit = found.get(key)
        if hit is None:
            found[key] = ClauseHit(contract_id, section or "", page, said, chunk_id=chunk_id)
        elif hit.denied and not said:  # an article cut into passages: one that states the clause decides
            found[key] = ClauseHit(contract_id, hit.section, hit.page, None, chunk_id=chunk_id)
    return list(found.values())


def with_renewal_records(store: WorkspaceStore, room: DataRoom, hits: list[ClauseHit]) -> list[ClauseHit]:
    """The automatic renewal asked of the contracts ("which agreements renew automatically?", « quels contrats se renouvellent
    par tacite reconduction ? »), read from the records' renewal field rather than from the articles' labels alone: a
    contract whose record reads an automatic renewal is listed with the article that says so, even where no passage was
    labelled renewal (a lease that « se prolongera tacitement »); one whose record reads none is listed apart with the
    sentence that denies it ("shall not be extended except by a written agreement"); an article labelled renewal in a
    contract whose record reads neither (a renewable trial period) is listed apart as unread — never silently dropped."""
    sources = {record.id: record.sources.get("renewal") for record in room.records if record.renewal in ("automatic", "none")}
    chunk_ids = [source.chunk_id for source in sources.values() if source is not None and source.chunk_id]
    with store.session() as session:
        rows = session.exec(select(Chunk.id, Chunk.section, Chunk.page, Chunk.contract_id).where(Chunk.id.in_(chunk_ids))) if chunk_ids else []
        places = {row[0]: (row[1] or "", row[2], row[3]) for row in rows}
    read = {record.id: record.renewal for record in room.records}
    result: list[ClauseHit] = []
    for record in room.records:
        if record.renewal not in ("automatic", "none") or (record.is_amendment and record.amends):
            continue  # an amendment's renewal acts through its contract's record
        source = sources.get(record.id)
        section, page, holder = places.get(source.chunk_id if source and source.chunk_id else "", ("", None, None))
        denied = _balanced_quotes(squeezed(source.raw if source else "")) or "—" if record.renewal == "none" else None
        # an amendment that rewrote the renewal holds the article (walkthrough 15: « Article 1 – Modification de l'article 4 »)
        held_by = holder if holder and holder != record.id else None
        result.append(ClauseHit(record.id, section, page, denied, held_by=held_by, chunk_id=source.chunk_id if source and section else None))
    attached = {record.id: record.amends for record in room.records if record.is_amendment and record.amends}
    for hit in hits:
        if hit.contract_id in attached:
            # an attached amendment's article acts through its contract: listed under it (walkthrough 22: the amendment's "3. Notice of
            # non-renewal" came as an article no sentence of which reads a renewal); a contract that renews by none keeps its denial
            target = attached[hit.contract_id]
            if read.get(target) != "none":
                result.append(ClauseHit(target, hit.section, hit.page, unread=read.get(target) != "automatic", held_by=hit.contract_id, chunk_id=hit.chunk_id))
            continue
        if hit.contract_id in read and read[hit.contract_id] not in ("automatic", "none"):
            result.append(replace(hit, unread=True))
        elif hit.contract_id not in read:
            result.append(hit)  # not a record of the room (cannot happen once the room is built): kept as labelled
    return result


def with_scan_flags(store: WorkspaceStore, room: DataRoom, hits: list[ClauseHit], types: list[str]) -> tuple[list[ClauseHit], bool]:
    """The articles the last compliance scan flagged with a rule of the asked types (its tags: "change_of_control"), beside those
    labelled so at ingest: a clause under an unexpected heading — a change of control inside "Assignment", a non-compete under
    « Loyauté » — is often flagged by the scan's rules and not labelled (walkthrough 27: « Quels contrats contiennent une clause de
    changement de contrôle ? » missed the one the Compliance page showed). Flags dismissed by a reviewer, no longer found, or on a
    whole contract (a date) are not read, nor those of a document no longer in the room — a flag outlives a re-ingest, and an id may now
    be another file's (the review of the round); ``True`` with the hits when a scan's flags were read at all."""
    wanted = set(types)
    try:
        with store.session() as session:
            flags = list(session.exec(select(Flag).where(Flag.present.is_(True), Flag.status != "dismissed", Flag.chunk_id != "document")))
            chunks = set(session.exec(select(Chunk.id).where(Chunk.id.in_([flag.chunk_id for flag in flags])))) if flags else set()
    except OperationalError:  # a workspace never scanned, from before the flags' table
        return hits, False

    def still_there(flag: Flag) -> bool:
        record = room.by_id.get(flag.document_id)
        return record is not None and flag.chunk_id in chunks and (not flag.file or PurePosixPath(flag.file).name == PurePosixPath(record.file).name)

    flags = [flag for flag in flags if still_there(flag)]
    tags: dict[tuple[str, str], set[str]] = {}
    for playbook in {flag.playbook for flag in flags}:
        try:
            rules = load_playbook(playbook).rules
        except PlaybookError:
            continue  # a playbook no longer there: its flags say nothing of its rules' types
        tags.update({(playbook, rule.id): {*rule.tags, rule.id.replace("-", "_")} for rule in rules})
    have = {(hit.contract_id, hit.section) for hit in hits}
    added = []
    for flag in flags:
        key = (flag.document_id, flag.section or "")
        if tags.get((flag.playbook, flag.rule_id), set()) & wanted and key not in have:
            have.add(key)
            added.append(ClauseHit(flag.document_id, flag.section or "", flag.page, flagged=True, chunk_id=flag.chunk_id))
    return hits + added, bool(flags)


def _balanced_quotes(sentence: str) -> str:
    """``sentence`` without a guillemet it does not open or close itself: a sentence cut from a quoted article
    (« Il n'est pas renouvelable par tacite reconduction. » ») is shown inside « » once."""
    if sentence.count("»") > sentence.count("«"):
        sentence = sentence[::-1].replace("»", "", sentence.count("»") - sentence.count("«"))[::-1].rstrip()
    if sentence.count("«") > sentence.count("»"):
        sentence = sentence.replace("«", "", sentence.count("«") - sentence.count("»")).lstrip()
    return sentence


# A recital's heading: what it says of a clause is the contract's story, not a clause of the contract (walkthrough 12: the
# non-compete list named a subcontract's « PRÉAMBULE » that tells of a clause the parties gave up)
_RECITAL_HEADING = re.compile(r"^\W*(?:background|recitals?|whereas|preamble|preambule|expose(?: prealable| des motifs)?|il a ete prealablement expose|considerant)\b")


@lru_cache(maxsize=64)
def _clause_words(lexicon: Lexicon, notions: tuple[str, ...]) -> re.Pattern[str] | None:
    """The words of the glossary's ``notions`` in both languages (« exclusivité », « à titre exclusif »,
    "exclusive"; « plafond », "cap"), as one pattern on folded text."""
    by_id = lexicon.by_id
    terms = {fold(term.text) for notion in notions if notion in by_id for term in by_id[notion].terms}
    terms = {t for t in terms if len(t) > 3}
    if not terms:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)) + r")(?!\w)")


def denial(text: str, words: re.Pattern[str] | None) -> str | None:
    """The first sentence of ``text`` that names the clause (``words``) and denies it, when every sentence
    that names it does (the clause-polarity helper reads each: « ne comporte aucune exclusivité »,
    "non-exclusive", « sans plafond »); None when one states it, or none names it."""
    if words is None:
        return None
    denied: str | None = None
    for sentence in clause_sentences(text):
        words_at = list(words.finditer(fold(sentence)))
        if not words_at or statement_kind(sentence) != "clause":
            continue
        if any(read_match(sentence, m.start(), m.end()).polarity == "affirmative" for m in words_at):
            return None
        denied = denied or squeezed(sentence)
    return denied


def _attached_amendment(record: object) -> bool:
    return bool(record is not None and getattr(record, "is_amendment", False) and getattr(record, "amends", None))


def clause_answer(
    room: DataRoom, hits: list[ClauseHit], type_names: list[str], language: str, *, from_records: bool = False, from_flags: bool = False,
    cited: list[ClauseHit] | None = None,
) -> str:
    """The list: each contract that has an article of the asked types, with its articles; the others counted;
    where the list comes from (``from_records``: the records' renewal field, :func:`with_renewal_records`; ``from_flags``: the last
    compliance scan's flags too, :func:`with_scan_flags`). A copy of a contract listed is not another contract (walkthrough 27: a PDF
    re-export listed as a fourth contract with penalties). ``cited``: when given, each article listed whose passage is known is
    numbered « [n] » and appended to it, in that order — the answer's citations (the app walk of round 39: "show me the clause")."""

    def cite(hit: ClauseHit) -> str:
        if cited is None or not hit.chunk_id:
            return ""
        cited.append(hit)
        return f" [{len(cited)}]"

    words = WORDS.get(language, WORDS["en"])
    if from_flags:  # an article flagged is not labelled: the heads say both
        said = ("labelled", "labelled or flagged") if language == "en" else ("du type", "du type (ou une alerte)")
        words = {**words, **{key: words[key].replace(*said) for key in ("found", "found_one", "found_with_amendments", "none")}}
    listed = {hit.contract_id for hit in hits}
    hits = [hit for hit in hits if getattr(room.by_id.get(hit.contract_id), "copy_of", None) not in listed]

    def held_in(hit: ClauseHit) -> str:  # the amendment that holds the article, when it is not the contract itself
        return words["in_amendment"].format(name=names_of(room, [hit.held_by])[hit.held_by]) if hit.held_by else ""

    by_contract: dict[str, list[ClauseHit]] = {}
    # a document that is no contract (a memo that tells of a renewal) is told apart, as a list of contracts tells it apart (walkthrough 22)
    not_contracts = {hit.contract_id: getattr(room.by_id.get(hit.contract_id), "not_contract", None) for hit in hits}
    not_contracts = {cid: kind for cid, kind in not_contracts.items() if kind}
    for hit in hits:
        if hit.contract_id not in not_contracts:
            by_contract.setdefault(hit.contract_id, []).append(hit)
    # a contract whose every labelled article says it has none of the clause is listed apart, with that sentence
    apart = {cid: contract_hits for cid, contract_hits in by_contract.items() if all(hit.denied for hit in contract_hits)}
    unread = {cid: contract_hits for cid, contract_hits in by_contract.items() if cid not in apart and all(hit.unread for hit in contract_hits)}
    by_contract = {cid: contract_hits for cid, contract_hits in by_contract.items() if cid not in apart and cid not in unread}
    names = names_of(room, list(by_contract))
    types = " / ".join(f"« {name} »" for name in type_names)
    # an amendment attached to its contract is not a contract (as the data room counts them): found ones are told apart too
    found_amendments = sum(1 for cid in by_contract if _attached_amendment(room.by_id.get(cid)))
    count = len(by_contract) - found_amendments
    head = "none" if not by_contract else "found_with_amendments" if found_amendments else "found_one" if count == 1 else "found"
    things, plural = counted(language, count, found_amendments)
    lines = [words[head].format(count=count, types=types, things=things, verb=words["have"][plural])]
    for contract_id in sorted(by_contract, key=lambda cid: fold(names[cid])):
        articles = "; ".join(
            section_label(hit.section) + (f" (p. {hit.page})" if hit.page else "") + held_in(hit) + (words["flagged"] if hit.flagged else "") + cite(hit)
            for hit in by_contract[contract_id] if hit.section
        )
        lines.append(f"- {names[contract_id]}" + (f" — {articles}" if articles else ""))
    if apart:
        lines += ["", words["apart"]]
        apart_names = names_of(room, list(apart))
        for contract_id in sorted(apart, key=lambda cid: fold(apart_names[cid])):
            hit = apart[contract_id][0]
            where = section_label(hit.section) + (f" (p. {hit.page})" if hit.page else "") + held_in(hit) + cite(hit)
            lines.append(f"- {apart_names[contract_id]}" + (f" — {where}" if where else "") + f"{words['colon']} « {hit.denied} »")
    if unread:
        lines += ["", words["unread"]]
        unread_names = names_of(room, list(unread))
        for contract_id in sorted(unread, key=lambda cid: fold(unread_names[cid])):
            articles = "; ".join(section_label(hit.section) + (f" (p. {hit.page})" if hit.page else "") for hit in unread[contract_id] if hit.section)
            lines.append(f"- {unread_names[contract_id]}" + (f" — {articles}" if articles else ""))
    if not_contracts:
        kinds = names_of(room, list(not_contracts))
        lines += ["", f"{LIST_WORDS.get(language, LIST_WORDS['en'])['not_contract']} "
                  + "; ".join(f"{kinds[cid]} ({reason_in(kind, language)})" for cid, kind in sorted(not_contracts.items(), key=lambda item: fold(kinds[item[0]]))) + "."]
    holders = {hit.held_by for hit in hits if hit.held_by}  # amendments whose articles are listed under their contract
    # … and a copy or a translation is its contract's, counted once as the data room counts them (the app walk of round 39: « 14 autres
    # contrats … aucun passage de ce type » counted the courtesy translation of a contract listed with its change-of-control article)
    rest = [record for record in room.records if record.id not in by_contract and record.id not in apart and record.id not in unread
            and record.id not in not_contracts and record.id not in holders and not getattr(record, "copy_of", None)]
    amendments = sum(1 for record in rest if _attached_amendment(record))
    others = len(rest) - amendments
    lines.append("")
    if amendments:
        rest_things, rest_plural = counted(language, others, amendments, contract_noun="other contract")
        lines.append(words["others_amendments"].format(things=rest_things, things_cap=rest_things[:1].upper() + rest_things[1:], verb=words["have"][rest_plural]))
    elif others:
        lines.append(words["other_one"] if others == 1 else words["others"].format(count=others))
    if from_records:
        lines.append(words["source_records"])
    lines.append(words["source_flags"] if from_flags else words["source"])
    return "\n".join(lines)
