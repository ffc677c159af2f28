"""Questions that name a document: search inside that document, for what the question asks.

« Dans le bail Foncière Exemple / Atelier Quenot, quel est le préavis ? » or « Consider the
Distributor Agreement between Acme Corp and Zenith Ltd; what is the notice period? » name one contract
(by its parties, its title or its file name) and ask about a passage of it. Searched as a whole, such a
question finds the contract's first page — the one that names the parties — instead of the clause. So:

1. The words of the question are matched against each contract's *identity words* (title, party
   names, file name), kept per data room. A word names a contract when few contracts carry it, in
   their identity and in their text (at most :data:`DISTINCT_MAX_CONTRACTS`, or 1 % of the data room):
   a party's name qualifies, « confidential information » in the title of one NDA among five does not,
   since every NDA's text says it. The contracts that share the best score are the named ones (a
   contract, its duplicates and its amendments share their identity).
2. The question is scoped only when that is clear: at most :data:`MAX_NAMED` contracts share the best
   score, every other contract scores at most :data:`MARGIN` of it, one of the naming words is a
   party's name or in the file name (title words alone are too often topic words), and a named
   contract holds one of the whole question's best BM25 passages (a cross-check against names read
   wrongly).
   A question that names a party of many contracts, or none, is searched as usual.
3. Inside the named contracts, the question is searched without what named them (it would point at
   the first page again): without the parts of the question (split at « ; », « : », « ? », a dash or a
   line break) that hold a naming word when another part is left, else without the naming words.

4. A question that names no contract by its parties may name one by its kind and subject, in either
   language (« le contrat de distribution britannique » for the "UK Distribution Agreement"): the
   glossary's contract kinds (« bail », "NDA", « contrat de distribution ») and places or subjects
   (« britannique », "warehouse", « Annecy ») found in the question are matched against those of each
   contract's title, file name, parties and data-room type (:meth:`IdentityIndex.by_kind`). A kind
   named with subjects scopes the question to the contracts that match the most of them (a contract
   of the kind named counts more); a kind alone scopes it to every contract of that kind when there
   are at most :data:`MAX_AMBIGUOUS` — then the scope is *ambiguous* and the answer gives each one's
   passage. The same cross-check as above applies. A kind followed by a name no document carries (« le prêt immobilier … de la
   villa de Biarritz ») names no contract of the room: no scope, and an abstention says which name no document mentions.

5. A question the resolver does not scope may still name something: a party, a product, a place
   (« Comware », "Hauterive", « britannique »). The contracts that carry one of those names — in
   their identity or their text, the glossary's places in either language — are the question's
   *hint* (:func:`hint_for`): search is not limited to them (the names were not clear enough for
   that), but the relevance check refuses a passage of a contract that carries none of them — a
   confident answer from another contract is worse than « the documents do not say » — and the
   abstention says which contracts were considered.

The decision is made by the :class:`ScopeResolver` at the head of the retrieval pipeline and shown
with the results (``scope`` in :func:`greffier.services.search.search`'s response), so an
answer always says where it looked. Measured on LegalBench-RAG and the other sets: docs/benchmarks.md.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import Any

from haystack import component
from sqlalchemy import text

from greffier.dataroom.records import STRONG_PARTY_RULES
from greffier.dataroom.vocabulary import LEASE_KINDS, country_words, law_adjectives, match_contract_type
from greffier.lexicon import Lexicon, load_lexicon
from greffier.lexicon.freedict import load_dictionary
from greffier.text import STOPWORDS, fold, tokenize
from greffier.text.function_words import NAMES_NO_NOTION, is_function_word
from pipelines.generators.answer_kinds import asks_until_when
from pipelines._serialization import StoreComponent
from store import repository as repo
from store.bm25 import QueryGroup
from store.repository import contract_id_of_chunk
from store.workspace import WorkspaceStore

DISTINCT_MAX_CONTRACTS = 3  # a word carried by more contracts than this (and 1 % of them) names none
MAX_NAMED = 3  # contracts one question may be scoped to (a contract, its duplicate, its amendment)
MARGIN = 0.75  # the best contract outside the named ones scores at most this share of theirs
MIN_TOKEN_LENGTH = 3
CROSS_CHECK_PASSAGES = 20  # a named contract must hold one of the whole question's best BM25 passages
CROSS_CHECK_EXPANSION = 0.5  # weight of a notion's other terms in that cross-check
TITLE_TOKENS = 16  # a "title" read from a first line may be a whole paragraph: its first words only
MAX_AMBIGUOUS = 6  # contracts of the kind a question names (and nothing else) answered one by one
KIND_WEIGHT = 1.0  # what being of the kind named adds to a contract's subject score
NAME_KINDS = ("contract",)
SUBJECT_KINDS = ("place", "subject")
LAW_PLACE = "law:"  # a contract's subject key for the place its governing law names
# … and for a word of its title, file name or parties: never one key with a glossary notion's id (walkthrough 28: the token "pharma" of
# "Aldergrove Pharma" was the key of the subject « pharma » — « médicament », « principe actif » — and « le principe actif » named the NDA)
NAME_WORD = "word:"

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"\w[\w'’.-]*(?:,\d[\w'’.-]*)*", re.UNICODE)  # « 45 000,50 » stays one word, as tokenize() reads it
# Words that join a name to what precedes it (« du bail de la Société X », "the lease with X").
_COMPANY_FORMS = frozenset({
    "societe", "sas", "sasu", "sarl", "sa", "sci", "eurl", "snc", "groupe", "company", "co", "corp", "corporation", "inc", "ltd", "limited", "llc", "plc", "gmbh", "ag", "bv", "nv", "spa", "srl",
})
_NAME_CONNECTORS = frozenset({"de", "la", "le", "les", "du", "des", "d", "l", "of", "the", "with", "between", "and", "et", "avec", "entre", "chez"})
_CLAUSE = re.compile(r"[;:?!\n]+|\s[—–-]\s")


def name_tokens(text: str) -> list[str]:
    """:func:`tokenize`, keeping a short name written in capitals that is also a stop word (« MES », "AND") when the text is not
    all capitals: "the upkeep deal with MES", the file "contrat_exploitation_maintenance_MES" (walkthrough 15)."""
    return tokenize(text) + [fold(w) for w in _WORD.findall(text) if _acronym(w, text) and not tokenize(w)]


def identity_tokens(title: str, party_names: list[str], file: str) -> tuple[frozenset[str], frozenset[str]]:
    """Words that name a contract: (all of them, the strong ones). All: its title's first words, its
    parties' names, its file name (CamelCase split, and whole: "NDA_ResConnect" is named "ResConnect" as well as "Res
    Connect"); strong: the parties' and the file name's."""
    whole = (PurePath(file).stem if file else "").replace("_", " ")
    stem = f"{_CAMEL.sub(' ', whole)} {whole}"

    def kept(tokens: list[str]) -> frozenset[str]:
        return frozenset(t for t in tokens if len(t) >= MIN_TOKEN_LENGTH and not t.isdigit())

    strong = kept([token for part in [*party_names, stem] for token in name_tokens(part)])  # each name on its own: "DES" of "SOCIÉTÉ DES EAUX" is no name
    return strong | kept(tokenize(title or "")[:TITLE_TOKENS]), strong


@dataclass(frozen=True)
class Scope:
    """The contracts a question names, and what is searched inside them."""

    contract_ids: list[str]
    titles: list[str]
    files: list[str]  # what a user recognises: the file names (a title may be a whole first paragraph)
    named_by: list[str]  # the question's words that named them
    question: str  # the question without its identity words
    by: str = "name"  # "name": parties, file, title; "kind": the kind of contract and its subject; "conversation": a follow-up's
    ambiguous: bool = False  # several contracts of the kind named, none singled out: answer each
    identity: list[str] = field(default_factory=list)  # identity words of the named contracts (not what is asked)
    kinds: list[str] = field(default_factory=list)  # the glossary's contract kinds of the named contracts

    def as_dict(self) -> dict[str, Any]:
        return {
            "contract_ids": self.contract_ids, "titles": self.titles, "files": self.files, "named_by": self.named_by,
            "question": self.question, "by": self.by, "ambiguous": self.ambiguous, "identity": self.identity, "kinds": self.kinds,
        }


@dataclass
class IdentityIndex:
    """Identity words of every contract of a data room, and the contracts each word names."""

    by_token: dict[str, frozenset[str]]
    tokens_of: dict[str, frozenset[str]]
    strong_of: dict[str, frozenset[str]]
    titles: dict[str, str]
    files: dict[str, str]
    size: int
    kinds_of: dict[str, frozenset[str]] = field(default_factory=dict)  # glossary contract kinds of each contract
    subjects_of: dict[str, frozenset[str]] = field(default_factory=dict)  # places, subjects and name words
    generic: frozenset[str] = frozenset()  # the glossary's words: vocabulary, never a name
    lexicon: Lexicon | None = None
    carriers_of: dict[str, frozenset[str]] = field(default_factory=dict)  # a kind or subject -> the contracts carrying it
    file_names: dict[str, str] = field(default_factory=dict)  # contract -> its file's name, case-folded
    party_words: frozenset[str] = frozenset()  # every word of the parties' names read reliably (glossary words too)
    amends: dict[str, str] = field(default_factory=dict)  # an amendment attached to a contract -> that contract
    party_words_of: dict[str, frozenset[str]] = field(default_factory=dict)  # a contract -> the words of its parties' names read reliably
    # a document -> the contract it belongs with (an amendment's, a copy's: their contract's; see :meth:`families`)
    family_of: dict[str, str] = field(default_factory=dict)
    aside: frozenset[str] = frozenset()  # documents that are no contract (a memo): they name no contract, nor make a name common
    law_words: frozenset[str] = frozenset()  # the adjectives of the contracts' laws' countries (« portugais », "Portuguese")
    # the glossary's everyday words (``kind: word`` only) that a party's name holds: capitalised in a question, a name (« l'Université »
    # of « UNIVERSITÉ GRENOBLE ALPES », "Pumps" of "KESTREL PUMPS LTD": the review), not vocabulary
    named_everyday: frozenset[str] = frozenset()
    # the adjectives of each law's country, folded (« irlandais », « irlandaise », "irish"): the contracts under it (:func:`by_nationality`)
    law_adjective_of: dict[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def build(cls, rows: Any, lexicon: Lexicon | None = None) -> IdentityIndex:
        """From :class:`IdentityRow` rows (:func:`identity_rows`); ``lexicon`` reads each contract's
        kind and subjects (none without it)."""
        rows = list(rows)
        tokens_of: dict[str, frozenset[str]] = {}
        strong_of: dict[str, frozenset[str]] = {}
        by_token: dict[str, set[str]] = {}
        titles: dict[str, str] = {}
        files: dict[str, str] = {}
        for record in rows:
            if not record.parties_reliable:  # names guessed from the text: scored, not strong
                tokens, strong = identity_tokens(" ".join([record.title, *record.party_names]), [], record.file)
            else:
                tokens, strong = identity_tokens(record.title, record.party_names, record.file)
            tokens_of[record.id], strong_of[record.id] = tokens, strong
            titles[record.id] = record.title or record.file
            files[record.id] = record.file
            for token in tokens:
                by_token.setdefault(token, set()).add(record.id)
        kinds_of, subjects_of, generic = {}, {}, frozenset()
        if lexicon is not None:
            generic = frozenset().union(*lexicon.words_by_kind.values())
            for record in rows:
                kinds_of[record.id], subjects_of[record.id] = _descriptors(record, lexicon, generic)
        carriers: dict[str, set[str]] = {}
        for cid in kinds_of:
            for key in kinds_of[cid] | subjects_of[cid]:
                carriers.setdefault(key, set()).add(cid)
        file_names = {cid: PurePath(file).name.casefold() for cid, file in files.items() if file}
        party_words_of = {
            record.id: frozenset(token for name in record.party_names for token in tokenize(name)) for record in rows if record.parties_reliable
        }
        party_words = frozenset().union(*party_words_of.values())
        return cls(
            {t: frozenset(ids) for t, ids in by_token.items()}, tokens_of, strong_of, titles, files, len(tokens_of),
            kinds_of, subjects_of, generic, lexicon, {k: frozenset(v) for k, v in carriers.items()}, file_names, party_words,
            {record.id: record.amends for record in rows if getattr(record, "amends", "")}, party_words_of,
            _families(rows), frozenset(record.id for record in rows if record.not_contract),
            frozenset(token for record in rows for adjective in law_adjectives(record.governing_law) for token in tokenize(adjective)),
            _everyday(lexicon) & party_words,
            _law_adjective_of(rows),
        )

    def families(self, ids: set[str] | frozenset[str]) -> set[str]:
        """The contracts ``ids`` stand for, a contract with its amendments and copies counted once, a memo not at all: a party's name
        carried by the hosting contract, its avenant, the DPA's annex and an internal memo is carried by two contracts, not four
        (walkthrough 25: « OctoCloud », « Rheinwerk », « Logidépôt » named nothing)."""
        return {self.family_of.get(cid, cid) for cid in ids if cid not in self.aside}

    @property
    def distinct_limit(self) -> int:
        """Contracts a naming word may belong to (identity and text): a few, or 1 % of a large room."""
        return max(DISTINCT_MAX_CONTRACTS, self.size // 100)

    def named(self, question: str, text_contracts: Callable[[str], set[str]] | None = None) -> Scope | None:
        """The contracts ``question`` names clearly, or None (see the module docstring).

        ``text_contracts(token)`` gives the contracts whose text holds ``token`` (from the BM25
        postings); without it only identity words are counted. Words of the glossary's vocabulary
        (« agence », "holding", « Bretagne ») never name a contract here: they describe one
        (:func:`by_kind`). A capitalised word of the question that only one contract's text holds
        (« Comware », "MightyCell") names that contract, even when its identity does not show it.
        """
        if self.size < 2:
            return None  # one contract: scoping changes nothing
        limit = self.distinct_limit
        words = set(name_tokens(question)) - (self.generic - self.named_everyday)
        words -= self.described(question, words)
        words -= law_phrase_tokens(self.lexicon, question)  # "the State of New York" of a law names by the law (:func:`by_kind`)
        scores: dict[str, float] = {}
        distinctive: set[str] = set()
        owners: dict[str, frozenset[str]] = {}
        common: dict[str, frozenset[str]] = {}  # identity words of too many contracts to name one: they only tell named ones apart
        for token in words:
            ids = self.by_token.get(token)
            in_text = text_contracts(token) if text_contracts else set()
            if not ids:
                if token in proper_nouns(question) and len(in_text) == 1:
                    ids = frozenset(in_text)  # a name read in one contract's text only
                else:
                    continue
            if len(self.families(ids)) > limit or len(self.families(in_text | ids)) > limit:
                common[token] = ids
                continue
            in_texts = max(1, len(self.families(in_text | ids)))
            distinctive.add(token)
            owners[token] = ids
            weight = math.log((self.size + 1) / in_texts)
            for contract_id in ids - self.aside:  # a memo names no contract (the review: « Note_interne_OctoCloud.md » was scoped)
                scores[contract_id] = scores.get(contract_id, 0.0) + weight
        if not scores:
            return None
        best = max(scores.values())
        named = sorted(cid for cid, score in scores.items() if score >= best - 1e-9)
        runner_up = max((score for cid, score in scores.items() if score < best - 1e-9), default=0.0)
        if len(self.families(set(named))) > MAX_NAMED or runner_up > MARGIN * best:
            return None
        named_set = set(named)
        naming = frozenset(t for t in distinctive if owners[t] & named_set)
        # A capitalised word of the question (not its first) found in one contract only, identity and
        # text, and not a word of the glossary's vocabulary, is a name (a party read from the text:
        # « Comware »); a guessed party's plain word ("Ignore previous instructions") is not.
        capitalised = proper_nouns(question)
        unique = {t for t in naming & capitalised if len(owners[t]) == 1 and (not text_contracts or text_contracts(t) <= owners[t])}
        if not any(naming & self.strong_of.get(cid, frozenset()) for cid in named) and not unique:
            return None  # title words alone ("confidential information") do not name a contract
        if not any(naming & self.strong_of.get(cid, frozenset()) for cid in named) and any(
            distinctive & self.strong_of.get(cid, frozenset()) for cid in scores if cid not in named_set
        ):
            # a word of one contract's title or text only (a series' name, "The Harbour Watch") against another's party ("Chaîne Horizon"):
            # the question names no contract clearly (walkthrough 23 searched the sync licence alone for what the broadcaster pays)
            return None
        # a common word tells contracts apart only when the question writes it as a name (« Hydrelle », not « énergie » of
        # HYDRELLE ÉNERGIE SA)
        named, naming = self._narrowed_by_common(named, naming, {t: ids for t, ids in common.items() if t in capitalised})
        named = self._narrowed_by_kind(question, named)
        return Scope(
            named, [self.titles[cid] for cid in named], [self.files[cid] for cid in named], sorted(naming), without_naming(question, naming)
        )

    def described(self, question: str, words: set[str]) -> set[str]:
        """The ``words`` of ``question`` that are used as common nouns, not as the name they belong to:
        another form of a glossary word (« transports », "logistics") or an everyday word written in lower case, with no
        other word of the same contract's names beside it. « les contrats de transports » describes
        contracts; « Ferlandes Transports » and « le contrat de Transports » name the company."""
        if self.lexicon is None:
            return set()
        capitalised = proper_nouns(question)
        # … or an everyday word of either language the dictionary knows, written in lower case: "what does a full turnaround cost"
        # named the FULL FLIGHT SIMULATOR agreement by "full" (walkthrough 19); "the full flight simulator agreement" still does
        # ("the blue horizon agreement": two of its words together name it)
        dictionary = load_dictionary()
        common = {t for t in words if t not in capitalised and self.lexicon.find([t])}
        # (not the question's first word, whose capital says nothing, nor a word of a party's name: "Orange may terminate …", Atlas SA)
        opening = {fold(w) for w in _WORD.findall(question)[:1]}

        def known(t: str) -> bool:  # (a plural too, whose singular is the entry: « ses pompes » named the marché by its file's « pompes »)
            return any(dictionary.entry(form, "en") or dictionary.entry(form, "fr") for form in (t, *((t[:-1],) if t[-1:] in ("s", "x") and len(t) > 4 else ())))

        # (a party's word too, in a phrase of everyday words: "the medical waste contractor", « la chirurgie esthétique » are no
        # Heliqon Medical Systems nor SELARL … Chirurgie — walkthrough 31; "the atlas agreement" still names Atlas SA: a kind is no phrase)
        plain = [fold(w) for w in _WORD.findall(question)]
        kinds = {m.start for m in self.lexicon.find(plain) if m.concept.kind in (*NAME_KINDS, "document")}  # "contract", « bail »: no phrase

        def in_a_phrase(t: str) -> bool:
            return any(
                0 <= j < len(plain) and j not in kinds and plain[j] not in capitalised and plain[j] not in self.party_words
                and not is_function_word(plain[j]) and plain[j] not in STOPWORDS and not plain[j].isdigit()
                for i, w in enumerate(plain) if w == t for j in (i - 1, i + 1)
            )

        everyday = {
            t for t in words - common
            if t not in capitalised and t not in opening and (t not in self.party_words or in_a_phrase(t)) and known(t)
        }
        return {
            t for t in common
            if not any((words - common) & self.strong_of.get(cid, frozenset()) for cid in self.by_token.get(t, ()))
        } | {
            t for t in everyday
            if not any((words - common - {t}) & self.strong_of.get(cid, frozenset()) for cid in self.by_token.get(t, ()))
        }

    @staticmethod
    def _narrowed_by_common(named: list[str], naming: frozenset[str], common: dict[str, frozenset[str]]) -> tuple[list[str], frozenset[str]]:
        """Of several contracts a word names, those whose identity holds most of the question's common names too: "Quorvia"
        names two contracts, "Hydrelle" (a party of many) is a party of one of them — "what does Hydrelle pay Quorvia" asks
        about that one, and "Hydrelle" then names it (it is no longer asked about)."""
        if len(named) < 2 or not common:
            return named, naming
        held = {cid: sum(1 for ids in common.values() if cid in ids) for cid in named}
        most = max(held.values())
        if most == 0 or all(count == most for count in held.values()):
            return named, naming
        narrowed = [cid for cid in named if held[cid] == most]
        return narrowed, naming | {token for token, ids in common.items() if ids & set(narrowed)}

    def _narrowed_by_kind(self, question: str, named: list[str]) -> list[str]:
        """Of several contracts named by a party, those of the kind the question names, if any is."""
        if len(named) < 2 or self.lexicon is None:
            return named
        # a word written as part of a name is no kind (« Ribault Logistique » asks about no logistics contract)
        names = proper_nouns(question) & set().union(*(self.strong_of.get(cid, frozenset()) for cid in named))
        tokens = [t for t in tokenize(question) if t not in names]
        kinds = {m.concept.id for m in self.lexicon.find(tokens) if m.concept.kind in NAME_KINDS}
        of_kind = [cid for cid in named if self.kinds_of.get(cid, frozenset()) & kinds]
        return of_kind or named

    def named_file(self, question: str) -> Scope | None:
        """The contract whose file name the question quotes (« Dans Avenant_2_Ferlande_prix.pdf, … »)."""
        folded = question.casefold()
        found = [cid for cid, name in self.file_names.items() if name in folded]
        if not found or len(found) > MAX_NAMED:
            return None
        names = [PurePath(self.files[cid]).name for cid in found]
        rest = question
        for name in names:
            rest = re.sub(re.escape(name), " ", rest, flags=re.IGNORECASE)
        rest = " ".join(rest.replace(" ,", ",").split()).strip(" ,;:")
        return Scope(found, [self.titles[cid] for cid in found], [self.files[cid] for cid in found], names, rest if tokenize(rest) else question)


# (and the user's possessives: « notre hébergeur », "our lease" is the one they hold — walkthrough 29's « Si nous quittons notre hébergeur »)
_DETERMINERS = r"(?:le|la|l'|les|du|des|au|aux|ce|cet|cette|son|sa|ses|leur|notre|nos|votre|vos|mon|ma|mes|the|this|that|its|their|our|your|my|under|in|of)"


_ROLE_TERMS = frozenset(
    "lessee lessor tenant tenants landlord landlords bailleur preneur locataire locataires licensor licensee concedant licencie franchisor "
    "franchisee franchiseur franchise distributor distributeur supplier fournisseur customer client employer employee employeur salarie "
    "borrower lender emprunteur preteur".split()
)


# The roles any contract's counterparty may have (« le fournisseur », "the customer"), unlike a landlord's or a licensor's
_LOOSE_ROLES = frozenset("supplier suppliers fournisseur fournisseurs customer customers client clients".split())


def _determiner_gap(question: str, match) -> int | None:  # noqa: ANN001  (greffier.lexicon.Match)
    """How many words stand between a definite determiner and the kind term ``match`` found (« le bail » 0, « la durée du contrat de
    bail » 0, "the Lessee's obligations regarding maintenance" 3); ``None`` when no determiner comes before it (:func:`designated`)."""
    folded = fold(question).replace("’", "'")
    first = re.escape(match.term.tokens[0])
    gaps = [len(m.group("between").split()) for m in re.finditer(rf"(?:^|[\s(]){_DETERMINERS}(?:(?<=')|\s+)(?P<between>(?:[\w'-]+\s+){{0,3}}?){first}\w*", folded)]
    return min(gaps) if gaps else None


def designated(question: str, matches: list) -> bool:  # noqa: ANN001  (greffier.lexicon.Match)
    """Whether one of the kind terms found is written as the contract meant: after a definite
    determiner (« la durée du bail », "the franchise agreement"), not « un contrat de travail »."""
    return any(_determiner_gap(question, match) is not None for match in matches)


# An English month's or a weekday's capital names nothing (walkthrough 25: "at the end of January 2027" hinted at the two English
# documents that write « January », and the French contract that ends « 31 janvier 2027 » was refused)
_CALENDAR_WORDS = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})


_ELISION = re.compile(r"^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](?=\w)", re.I)


def proper_nouns(question: str) -> set[str]:
    """The tokens of the question's capitalised words, but the first word (a sentence's capital), a month beside a number ("January
    2027", "31 March"; not "August Holdings") and a weekday."""
    words = _WORD.findall(question)

    def calendar(i: int) -> bool:
        word = fold(words[i])
        if word not in _CALENDAR_WORDS:
            return False
        return word.endswith("day") or any(0 <= j < len(words) and words[j].isdigit() for j in (i - 1, i + 1))

    # (a French elision before the name is no part of it: « avec l'Université », « d'Orange » — the review)
    unelided = [_ELISION.sub("", word) for word in words]
    return {
        token for i, word in enumerate(unelided[1:], 1) if word[:1].isupper() and not calendar(i)
        for token in name_tokens(word) or ([fold(word)] if _acronym(word, question) else [])
    }


def _acronym(word: str, text: str) -> bool:
    """A word in capitals that is a name, not a stop word shouted: « MES » in a sentence that has lower-case words."""
    return len(word) >= MIN_TOKEN_LENGTH and word.isalpha() and word.isupper() and any(char.islower() for char in text)


_CONTAINER = re.compile(r"dans|in|under|sous|within")  # « dans la police », "under the lease": where the question looks
_PLACE_PREPOSITION = re.compile(r"au|aux|en|a|à|vers|dans|hors|de|du|des|d|in|into|to|from|within|outside|of|across|throughout")


_INDEFINITE = frozenset({"un", "une", "a", "an", "any", "some", "another", "autre", "quelque", "tout", "toute"})


def _written_words(question: str) -> list[str]:
    """The question's words as written, folded, an elision kept on its word (« l'etat »)."""
    return re.findall(r"[\w’']+", fold(question).replace("’", "'"))


def _is_token(word: str, token: str) -> bool:
    """Whether a written word (:func:`_written_words`) is ``token``, its elision aside (« l'etat » is etat)."""
    return word.split("'")[-1] == token or word == token


def _plain_words(question: str) -> list[str]:
    """The question's words, folded, an elision split off its word (« l'assureur » → l, assureur)."""
    return re.findall(r"\w+", fold(question).replace("’", "'").replace("'", " "))


# A noun of an activity whose complement a kind's word is, in general (« gestion des polices », "management of leases")
_ACTIVITY = frozenset({
    "gestion", "emission", "placement", "archivage", "numerisation", "redaction",
    "management", "handling", "issuance", "servicing", "managing", "processing", "archiving", "drafting",
})


def _worked_on(question: str, match: Any) -> bool:  # noqa: ANN401
    """Whether a kind's word is what an activity works on (:data:`_ACTIVITY`), said in general — « des polices », "of leases", with
    no definite article: « les frais de gestion du bail » and "the management of the lease" name the lease. Every time the question
    writes the word (« … notre logiciel de gestion des polices est-il couvert par la police ? » names the policy: the review)."""
    first = match.term.tokens[0] if match.term.tokens else ""
    words = _written_words(question)
    seen = [k for k, word in enumerate(words) if _is_token(word, first) or (len(first) > 3 and word.startswith(first) and len(word) - len(first) <= 2)]
    return bool(seen) and all(k >= 2 and words[k - 1] in ("des", "of") and words[k - 2] in _ACTIVITY for k in seen)


def _word_before(question: str, match: Any) -> str:  # noqa: ANN401
    """The word the question writes right before a glossary match's first word (its tokens leave the stop words out)."""
    first = match.term.tokens[0] if match.term.tokens else ""
    words = _written_words(question)
    for k, word in enumerate(words):
        if _is_token(word, first):
            j = k - 1
            while j >= 0 and words[j] in ("the", "le", "la", "les", "l"):
                j -= 1  # "in the United Kingdom": the preposition before the article
            return words[j] if j >= 0 else ""
    return ""


# A place the question says is a contract's law (« soumis au droit de l'État de New York », "governed by the laws of the State of New
# York", « de droit suisse », "under New York law"): the contracts under that law, whatever their names carry (the QA: « le contrat de
# conseil soumis au droit de l'État de New York » was read as a name, « État », and answered from a lease)
_LAW_BEFORE = re.compile(
    r"(?:^| )((?:(?:soumise?s?|regie?s?|governed|construed)(?: (?:au|aux|a|par|by|under|in accordance with))?(?: the| le| la| l| les)? )?"
    r"(?:droit|loi|lois|law|laws|legislation)(?: (?:de|du|des|d|l|la|le|of|the|etat|state|l'etat|d'etat))*)$"
)
_LAW_AFTER = re.compile(r"^(?:state )?laws?(?: |$)")


def _law_words(question: str, match: Any) -> list[str] | None:  # noqa: ANN401 — a glossary match
    """The words that say a place match is a law (« soumis au droit de l'État de », "law"), or None when it is not said of a law."""
    terms = match.term.tokens
    if not terms:
        return None
    words = _written_words(question)
    for k, word in enumerate(words):
        if _is_token(word, terms[0]):
            before = _LAW_BEFORE.search(" ".join(words[max(0, k - 8) : k]))
            if before:
                return before.group(1).split()
            end = next((j for j in range(k, len(words)) if _is_token(words[j], terms[-1])), k)
            after = _LAW_AFTER.match(" ".join(words[end + 1 : end + 3]))
            if after:
                return after.group(0).split()
            return None
    return None


# The determiners that make « la banque irlandaise », "our Dutch cloud provider" one party, not any of a kind (« une banque irlandaise »)
_PARTY_DETERMINERS = frozenset({"le", "la", "l", "the", "our", "notre", "nos", "their", "leur", "leurs", "this", "that", "ce", "cet", "cette"})


# The nouns a question calls the other party by, whatever its trade (« notre prestataire KYC », "the identity-verification vendor")
_COUNTERPARTY = frozenset(
    "vendor vendors supplier suppliers provider providers contractor subcontractor partner consultant prestataire prestataires fournisseur"
    " fournisseurs partenaire sous-traitant consultante".split()
)


def _subject_of_a_party(question: str, match: Any) -> bool:  # noqa: ANN401 — a glossary match
    """Whether a subject's words are said of the counterparty, after a definite determiner or a possessive: "the identity-verification
    vendor", "our onboarding-checks supplier", « notre prestataire KYC », « le prestataire de vérification d'identité » — or are a
    person's post itself: "the sales director", « notre directeur commercial » (the employee of the one employment contract titled so)."""
    terms = match.term.tokens
    if not terms:
        return False
    words = _plain_words(question)
    for k, word in enumerate(words):
        if word != terms[0]:
            continue
        end = next((j for j in range(k, min(len(words), k + 2 * len(terms) + 2)) if words[j] == terms[-1]), k)
        if set(terms) & _POSTS and k and words[k - 1] in _PARTY_DETERMINERS:
            return True
        english = end + 1 < len(words) and words[end + 1] in _COUNTERPARTY and any(w in _PARTY_DETERMINERS for w in words[max(0, k - 2) : k])
        j = k - 1
        while j >= 0 and words[j] in ("de", "d", "du", "des", "en", "la", "l"):
            j -= 1  # « le prestataire de vérification d'identité »
        french = j >= 1 and words[j] in _COUNTERPARTY and words[j - 1] in _PARTY_DETERMINERS
        return english or french
    return False


# The heads of a person's post (a subject that is the employee: "the sales director", « la directrice commerciale »)
_POSTS = frozenset("director directeur directrice manager responsable head officer executive".split())
# The nouns a question calls a party by (its role or its trade), a name said beside them naming the party
_PARTY_NOUNS = _COUNTERPARTY | frozenset(
    "carrier carriers haulier landlord lessor tenant lessee bank lender borrower insurer broker agent distributor reseller licensor licensee"
    " franchisor franchisee customer client transporteur transporteurs bailleur preneur locataire banque preteur emprunteur assureur courtier"
    " distributeur revendeur concedant licencie franchiseur franchise entrepositaire commissionnaire declarant loueur"
    # … and a trade (walkthrough 30: « nos données chez l'éditeur américain »: the publisher, not a place asked about)
    " editeur editeurs publisher hebergeur fabricant manufacturer grossiste wholesaler laboratoire laboratory sponsor promoteur"
    " societe company entreprise firm cabinet agence agency subcontractor subcontractors traitant traitants".split()  # (« sous-traitant »: two words here)
)


def name_said_of_a_party(question: str, name: str) -> bool:
    """Whether ``name`` (a folded token) is said of a party: "the Grenoble carrier", "our Lyon landlord" (the name before the noun),
    « le transporteur de Grenoble », « notre bailleur lyonnais » (the noun before it, « de » between) — not what is asked of it
    ("the power delivered to the Saint-Herblain platform")."""
    words = _plain_words(question)
    for k, word in enumerate(words):
        if word != name:
            continue
        after = words[k + 1] if k + 1 < len(words) else ""
        j = k - 1
        while j >= 0 and words[j] in ("de", "d", "du", "des"):
            j -= 1
        if after in _PARTY_NOUNS or (j >= 0 and j < k and words[j] in _PARTY_NOUNS):
            return True
    return False


# Nouns a nationality is said of that are no party: a text's language (« la version anglaise »), a legal system, a market
# … nor an official, a court, one's own group, nor a verb after the language's name (« L'anglais fait-il foi ? »: the review of the round)
_NO_PARTY = frozenset(
    "version versions traduction translation texte text langue language copie copy droit law loi laws lois court courts tribunal tribunaux"
    " juridiction juridictions jurisdiction marche market territoire territory clients customers consommateurs consumers jours days"
    " heure time taxe tax tva vat original originaux originale originales juge juges judge judges high supreme regulator regulators"
    " regulateur autorite autorites authority authorities central centrale administration fisc government gouvernement state etat"
    " filiale filiales subsidiary subsidiaries affiliate affiliates societe-mere parent group groupe fait font prevaut prevail prevails"
    " governs gouverne applies s applique applique is est".split()
)


def by_nationality(index: IdentityIndex, question: str) -> Scope | None:
    """The contract a party's nationality names (« notre contrat avec la banque irlandaise », "the Irish bank", "our Dutch cloud
    provider"): the one contract under that country's law, its counterparty's (walkthrough 29: « la banque irlandaise » was answered from
    three contracts, the Irish sponsor bank's among them). The adjective is said of one party: a noun after a definite determiner or a
    possessive (not « une banque irlandaise », nor « vendre en Irlande »); several contracts under that law tell none apart."""
    words = re.findall(r"[\w-]+", fold(question).replace("’", "'").replace("'", " "))  # « l'assureur irlandais »: l, assureur, irlandais
    for k, word in enumerate(words):
        ids = index.law_adjective_of.get(word)
        if not ids:
            continue
        before = words[max(0, k - 2) : k]
        noun_before = len(before) == 2 and before[0] in _PARTY_DETERMINERS and before[1] not in STOPWORDS | _NO_PARTY and len(before[1]) > 2
        noun_after = (
            bool(before) and before[-1] in _PARTY_DETERMINERS and k + 1 < len(words) and words[k + 1].split("-")[0] not in STOPWORDS | _NO_PARTY
        )  # (« fait-il »: the verb, its pronoun after it)
        if not (noun_before or noun_after) or len(index.families(set(ids))) != 1:
            continue
        named = sorted(ids - index.aside)
        if not named:
            continue
        naming = frozenset(tokenize(" ".join([word, before[-1] if noun_before else words[k + 1]])))
        return Scope(
            named, [index.titles[cid] for cid in named], [index.files[cid] for cid in named], sorted(naming), without_naming(question, naming),
            by="kind",
        )
    return None


def law_phrase_tokens(lexicon: Lexicon | None, question: str) -> set[str]:
    """The tokens of the places ``question`` says are a law, with the words that say so (« soumis au droit de l'État de New York »)."""
    if lexicon is None:
        return set()
    tokens = tokenize(question)
    return {
        t for m in lexicon.find(tokens) if m.concept.kind == "place" and (words := _law_words(question, m)) is not None
        for t in [*tokens[m.start : m.end], *tokenize(" ".join(words))]
    }


def _names_a_party(concept: Any, index: IdentityIndex, kinds: set[str]) -> bool:  # noqa: ANN401 — a glossary concept
    """Whether a one-word wording of ``concept`` is a word of a party's name (« laiterie » of « Laiterie des Coteaux ») that contracts
    not about ``concept`` carry too: the party of all those contracts, not their subject (« BLANCHISSERIE DU RHÔNE », party to the
    one linen contract, is its subject as well) — unless a contract of the ``kinds`` the question names is about it: "the seed
    licence" beside a software licence, when a seed company is party to a lease too (the review of round 34)."""
    about = index.carriers_of.get(concept.id, frozenset())
    if kinds and any(index.kinds_of.get(cid, frozenset()) & kinds for cid in about):
        return False
    return any(
        len(term.tokens) == 1 and term.tokens[0] in index.party_words and not index.by_token.get(term.tokens[0], frozenset()) <= about
        for term in concept.terms
    )


def by_kind(index: IdentityIndex, question: str) -> Scope | None:
    """The contracts ``question`` names by their kind and subject (see the module docstring, 4.), or None.

    Each contract scores the rarity (``log((n + 1) / carriers)``) of every kind and subject it shares
    with the question; the best-scoring ones are named. A question that names no kind needs two
    subjects of one contract (« la boutique de Lyon »). When several contracts share the best score on
    the kind alone, the scope is ambiguous (each one is answered), up to :data:`MAX_AMBIGUOUS`.
    """
    if index.lexicon is None or index.size < 2:
        return None
    tokens = tokenize(question)
    matches = index.lexicon.find(tokens)
    # (not a kind that is what an activity works on: « notre logiciel de gestion des polices » names no insurance policy, "the
    # management of the leases" no lease — walkthrough 33)
    kind_matches = [m for m in matches if m.concept.kind in NAME_KINDS and not _worked_on(question, m)]
    # of several kinds, those written as the contract meant (« the lease »), not a word of what is asked ("the Lessee's obligations
    # regarding maintenance … under the lease" named the maintenance contracts, rarer: walkthrough 19's app walk)
    # (a party's role names no kind here: "the lessee" in "can the lessee sublet under the maintenance agreement?" — a review)
    gaps = {id(m): gap for m in kind_matches if not set(m.term.tokens) & _ROLE_TERMS and (gap := _determiner_gap(question, m)) is not None}
    if len({m.concept.id for m in kind_matches}) > 1 and gaps:
        closest = min(gaps.values())  # « the lease » (no word between) before « the Lessee's obligations regarding maintenance »
        kept = [m for m in kind_matches if gaps.get(id(m)) == closest]
        # … a kind written in the same phrase as a kept one stays (« le contrat de prestations logistiques »: services and logistics)
        kept += [m for m in kind_matches if m not in kept and any(m.start <= k.end and k.start <= m.end for k in kept)]
        kind_matches = [m for m in kind_matches if m.concept.id in {k.concept.id for k in kept}]
    if len({m.concept.id for m in kind_matches}) > 1:
        # a word that also names a clause's notion (« franchise »: a franchise agreement or an insurance deductible) is what is asked
        # when another kind is named as where to look (« la franchise … dans la police corps et machines », walkthrough 21)
        clause_spans = {(m.start, m.end) for m in matches if m.concept.kind == "clause"}
        if any(_CONTAINER.fullmatch(_word_before(question, m)) for m in kind_matches):
            kept = [m for m in kind_matches if _CONTAINER.fullmatch(_word_before(question, m)) or (m.start, m.end) not in clause_spans]
            kind_matches = kept or kind_matches
        else:
            # … or when it comes first, the kind after it saying whose it is (« le montant de la franchise de la police de responsabilité
            # civile », walkthrough 33: the deductible asked was read as the franchise agreement meant, and every article answered)
            first = min(m.start for m in kind_matches)
            later = [m for m in kind_matches if m.start > first]
            if later and all((m.start, m.end) in clause_spans for m in kind_matches if m.start == first):
                kind_matches = later
    # a party's role that is also a kind's word (« le fournisseur », "the supplier") names no supply agreement when the question names what
    # a contract is about (walkthrough 31: « … le contrat des appareils d'imagerie … sans rien reprocher au fournisseur » and « le fournisseur
    # du dossier patient informatisé » were asked of the pharmacy supply contract)
    # (a role every kind of contract has, not a landlord's, which names a lease: the review of the round)
    about = {m.concept.id for m in matches if m.concept.kind == "subject" and index.carriers_of.get(m.concept.id)}
    if about and kind_matches and all(len(m.term.tokens) == 1 and m.term.tokens[0] in _LOOSE_ROLES for m in kind_matches):
        kind_matches = []
    kinds = {m.concept.id for m in kind_matches}
    kind_words = {t for m in kind_matches for t in tokens[m.start : m.end]}
    # a subject one of whose wordings is a word of the parties' names designates that party, not a contract's subject: "the dairy"
    # is Laiterie des Coteaux, a party to five contracts, not the one supply agreement whose title says « produits laitiers »
    # (walkthrough 24: "Can the dairy walk away from the trucking deal …?" was scoped to that supply agreement)
    # (nor a subject said with an indefinite article: « si un laboratoire rachète … nos actions » is any laboratory, not the NDA of
    # Aldergrove Pharma — walkthrough 28)
    subject_ids = {
        m.concept.id for m in matches
        if m.concept.kind in SUBJECT_KINDS and not _names_a_party(m.concept, index, kinds) and _word_before(question, m) not in _INDEFINITE
    }
    # a place no contract carries in its name, said of the contract (« le distributeur britannique », "the English distributor"): the
    # contracts under its law (« droit anglais »); not a place the question asks about (« vendre au Royaume-Uni », "sell in England")
    described = {
        m.concept.id for m in matches if m.concept.kind == "place" and not (m.start and _PLACE_PREPOSITION.fullmatch(_word_before(question, m)))
    }
    # … and a place written as a law is the law, not a subject: the contracts under it, even when another carries the place in its name
    law_phrases = {m.concept.id: words for m in matches if m.concept.kind == "place" and (words := _law_words(question, m)) is not None}
    laws = {LAW_PLACE + place for place in law_phrases}
    if kinds and not any(index.kinds_of.get(cid, frozenset()) & kinds for cid in set().union(*(index.carriers_of.get(key, frozenset()) for key in laws))):
        # a kind named, no contract of it under that law: the law is what is asked of it ("Is the lease governed by the laws of the State
        # of New York?" — the review of the round), not another contract named
        law_phrases, laws = {}, set()
    subject_ids -= set(law_phrases)
    wanted = subject_ids | {LAW_PLACE + s for s in subject_ids & described if not index.carriers_of.get(s)} | laws
    # Other words describe a contract when they are names (capitalised: « Annecy », "Bristol") that few
    # contracts' titles, files or parties carry; « dangereux » in an article's title does not.
    names = proper_nouns(question)
    wanted |= {
        NAME_WORD + t for t in tokens
        if t in names and t not in index.generic and t not in kind_words and len(t) >= MIN_TOKEN_LENGTH
        and len(index.carriers_of.get(NAME_WORD + t, ())) <= index.distinct_limit
    }
    carriers = {key: len(index.carriers_of.get(key, ())) for key in kinds | wanted}
    candidates = set().union(*(index.carriers_of.get(key, frozenset()) for key in kinds | wanted)) if kinds | wanted else set()
    scores: dict[str, float] = {}
    subject_hits: dict[str, int] = {}
    for cid in sorted(candidates):
        shared_kinds = index.kinds_of[cid] & kinds
        shared_subjects = index.subjects_of[cid] & wanted
        if shared_kinds or shared_subjects:
            scores[cid] = sum(math.log((index.size + 1) / carriers[key]) for key in shared_kinds | shared_subjects)
            subject_hits[cid] = len(shared_subjects)
    if not scores:
        return None
    best = max(scores.values())
    named = sorted(cid for cid, score in scores.items() if score >= best - 1e-9)
    runner_up = max((score for score in scores.values() if score < best - 1e-9), default=0.0)
    by_subject = any(subject_hits[cid] for cid in named)
    by_law = all(index.subjects_of[cid] & laws for cid in named)  # a law names the contracts under it (few: see MAX_NAMED)
    # … and a subject said of the counterparty (« notre prestataire KYC », "the identity-verification vendor") the one contract about it
    of_a_party = {m.concept.id for m in matches if m.concept.id in subject_ids and _subject_of_a_party(question, m)}
    by_party = len(index.families(set(named))) == 1 and all(index.subjects_of[cid] & of_a_party for cid in named)
    if not kinds and (len(named) > MAX_NAMED or (min(subject_hits[cid] for cid in named) < 2 and not (by_law or by_party))):
        return None  # subjects alone ("the warehouse") describe, they do not name
    if by_subject and runner_up > MARGIN * best:
        return None
    if not by_subject and not designated(question, kind_matches):
        return None  # « un emploi », "a lease" is not « le bail » the user means
    ambiguous = not by_subject and len(named) > 1
    if len(named) > (MAX_NAMED if by_subject else MAX_AMBIGUOUS):
        return None
    # the kind's words name the contracts; a place's or subject's only when a named contract carries it (the "ticket"
    # of "a plane ticket under the logistics contract" is asked, not a name: no logistics contract is about tickets)
    naming_words = {
        t for m in matches
        if (m.concept.kind in NAME_KINDS and m.concept.id in kinds) or (
            m.concept.kind in SUBJECT_KINDS
            and any({m.concept.id, *([LAW_PLACE + m.concept.id] if m.concept.id in described else [])} & index.subjects_of[cid] for cid in named)
        )
        for t in tokens[m.start : m.end]
    }
    # … and a law's, with the words that say it is one (« soumis au droit de l'État de »: what is asked is not the governing law)
    naming_words |= {
        t for m in matches if m.concept.id in law_phrases and any(LAW_PLACE + m.concept.id in index.subjects_of[cid] for cid in named)
        for t in [*tokens[m.start : m.end], *tokenize(" ".join(law_phrases[m.concept.id]))]
    }
    # … and the names among the wanted (« Annecy »), not the glossary's ids of the subjects (« united_kingdom »: not a word of the question)
    naming_words |= {t.removeprefix(NAME_WORD) for t in wanted if t.startswith(NAME_WORD) and any(t in index.subjects_of[cid] for cid in named)}
    naming = frozenset(naming_words)
    return Scope(
        named, [index.titles[cid] for cid in named], [index.files[cid] for cid in named], sorted(naming),
        without_naming(question, naming), by="kind", ambiguous=ambiguous,
    )


LEASE_CONCEPT = "lease"  # the glossary's notion of a lease of any kind


def _descriptors(record: IdentityRow, lexicon: Lexicon, generic: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """A contract's kinds (glossary contract concepts) and subjects (place and subject concepts, and the
    non-vocabulary words of its title, file name and parties), from its identity and data-room type."""
    stem = PurePath(record.file).stem if record.file else ""
    name_text = " ".join([_CAMEL.sub(" ", stem.replace("_", " ")), " ".join(tokenize(record.title or "")[:TITLE_TOKENS])])
    name_tokens = tokenize(name_text)
    # a party's name written in the title or the file name says who, not what: « Ferlandes Transports »
    # makes no transport contract, « Ribault Logistique » no logistics one — unless the contract's type
    # says the same: one of the kind's wordings reads as that type (« Lysandre Conseil », "Brightwater
    # Advisors" and a services agreement: a consulting agreement is a services agreement)
    found = lexicon.find(without_party_names(name_tokens, record.party_names), in_names=True)
    have = {m.concept.id for m in found}
    found += [
        m for m in lexicon.find(name_tokens, in_names=True)
        if m.concept.id not in have and record.contract_type and any(match_contract_type(term.text) == record.contract_type for term in m.concept.terms)
    ]
    found += lexicon.find(tokenize(record.contract_type or ""))
    kinds = frozenset(m.concept.id for m in found if m.concept.kind in NAME_KINDS)
    if record.contract_type in LEASE_KINDS and LEASE_CONCEPT in lexicon.by_id:
        kinds |= {LEASE_CONCEPT}  # a long lease is a lease too: "the lease" names it (its title's « bail emphytéotique » is its own notion)
    subjects = {m.concept.id for m in found if m.concept.kind in SUBJECT_KINDS}
    # the place its governing law names: « le contrat de distribution britannique » is the one under English law when neither
    # title nor file says British (walkthrough 17: two distribution agreements, the UK one under « droit anglais »)
    # (a key of its own, :data:`LAW_PLACE`: read only when no contract carries the place in its name — « le contrat de conseil
    # américain » is the one whose title says "US", not any consulting agreement under New York law)
    subjects |= {LAW_PLACE + m.concept.id for m in lexicon.find(tokenize(record.governing_law or "")) if m.concept.kind == "place"}
    words = set(name_tokens) | set(tokenize(" ".join(record.party_names)))
    subjects |= {NAME_WORD + t for t in words if t not in generic and len(t) >= MIN_TOKEN_LENGTH and not t.isdigit()}
    return kinds, frozenset(subjects)


def party_name_words(name: str) -> list[str]:
    """The tokens of a party's name but its legal form (« FERLANDES TRANSPORTS SARL » → ferlandes, transports)."""
    return [t for t in tokenize(name) if t not in _COMPANY_FORMS]


def without_party_names(tokens: list[str], party_names: list[str]) -> list[str]:
    """``tokens`` without every run of them that writes a whole party's name (legal form left aside);
    the other words are kept in order, a gap left where a name was (no glossary term spans it)."""
    names = [words for words in (party_name_words(n) for n in party_names) if words]
    kept: list[str] = []
    i = 0
    while i < len(tokens):
        run = next((len(words) for words in sorted(names, key=len, reverse=True) if tokens[i : i + len(words)] == words), 0)
        if run:
            kept.append("\u2016")  # a token no term holds: the words on each side of the name stay apart
            i += run
        else:
            kept.append(tokens[i])
            i += 1
    return kept


_YEAR = re.compile(r"(?:19|20)\d\d")


def without_naming(question: str, naming: frozenset[str]) -> str:
    """What ``question`` asks once the words that named a contract are taken out.

    The parts of the question that hold a naming word are dropped when another part with content
    is left (« Consider the X agreement between A and B; what is the notice period? » → « what is the
    notice period? »); otherwise the naming words alone are dropped (« le préavis du bail Foncière
    Exemple » → « le préavis du bail »). The whole question when only stop words would be left.
    """
    parts = [part.strip() for part in _CLAUSE.split(question) if part.strip()]
    kept = [part for part in parts if not (set(tokenize(part)) & naming)]
    if len(parts) > 1 and any(tokenize(part) for part in kept):
        return " ".join(kept)
    words = _WORD.findall(question)
    removed = [bool(tokens := tokenize(w)) and set(tokens) <= naming for w in words]
    # A company form next to a naming word is part of the name (« la Société Test »: « Société » is too
    # common to name a contract), then the connectors left hanging before the name.
    changed = True
    while changed:
        changed = False
        for i in range(1, len(words)):
            if not removed[i] and fold(words[i]).strip(".") in _COMPANY_FORMS and (removed[i - 1] or (i + 1 < len(words) and removed[i + 1])):
                removed[i] = changed = True
    # … and so is a year written beside a naming word: the date that names the contract ("the April 2026 amendment": walkthrough 24
    # abstained on its "No other change" article, `missing: 2026`); not a count ("the 3 Froid Express contracts": the review)
    for i, word in enumerate(words):
        if not removed[i] and _YEAR.fullmatch(word) and ((i and removed[i - 1]) or (i + 1 < len(words) and removed[i + 1])):
            removed[i] = True
    for i in range(len(words) - 1, 0, -1):
        if removed[i] and not removed[i - 1]:
            j = i - 1
            while j > 0 and fold(words[j]).rstrip("'’") in _NAME_CONNECTORS:
                removed[j] = True
                j -= 1
    if not any(removed):
        return question  # nothing names a contract here: the question as asked, not re-spaced
    stripped = " ".join(w for w, gone in zip(words, removed) if not gone)
    return stripped if tokenize(stripped) else question


@dataclass(frozen=True)
class IdentityRow:
    """What the index needs of a data-room record (read without loading the whole records)."""

    id: str
    title: str
    file: str
    party_names: list[str]
    parties_reliable: bool
    contract_type: str = ""
    amends: str = ""  # the contract this one amends, when it is an amendment attached to one
    governing_law: str = ""  # « droit anglais »: the place it names is one of the contract's subjects (« le distributeur britannique »)
    copy_of: str = ""  # the contract this one is most likely a copy or a translation of
    not_contract: str = ""  # what it is when it is no contract (« an internal memo »)


def _law_adjective_of(rows: list[IdentityRow]) -> dict[str, frozenset[str]]:
    """{the folded adjective of a law's country: the contracts under that law} (« droit irlandais » → irlandais, irlandaise, irish)."""
    found: dict[str, set[str]] = {}
    for record in rows:
        for adjective in law_adjectives(record.governing_law or ""):
            found.setdefault(fold(adjective), set()).add(record.id)
    return {word: frozenset(ids) for word, ids in found.items()}


def _everyday(lexicon: Lexicon | None) -> frozenset[str]:
    """The words of the glossary's everyday notions (``kind: word``) that no other notion holds."""
    if lexicon is None:
        return frozenset()
    kinds = lexicon.words_by_kind
    return kinds.get("word", frozenset()) - frozenset().union(*(words for kind, words in kinds.items() if kind != "word"))


def _families(rows: list[IdentityRow]) -> dict[str, str]:
    """Each document's contract: an amendment's the contract it amends, a copy's its original's (followed to the end: an amendment of a
    copy belongs to the copy's original)."""
    parent = {row.id: row.amends or row.copy_of for row in rows if row.amends or row.copy_of}
    families = {}
    for cid in parent:
        root, seen = cid, set()
        while root in parent and root not in seen:
            seen.add(root)
            root = parent[root]
        families[cid] = root
    return families


def identity_rows(workspace: WorkspaceStore) -> list[IdentityRow]:
    """Title, file, party names and their reliability of every record, straight from SQLite's JSON
    (10,000 records: a fraction of a second and a few MiB, against 2 s and 270 MiB for the records)."""

    query = text(
        "SELECT contract_id, json_extract(record, '$.title'), json_extract(record, '$.file'), "
        "json_extract(record, '$.parties'), json_extract(record, '$.sources.parties.origin'), "
        "json_extract(record, '$.sources.parties.rule'), contract_type, json_extract(record, '$.amends'), governing_law, "
        "json_extract(record, '$.copy_of'), json_extract(record, '$.not_contract') FROM contractmeta ORDER BY position"
    )
    rows = []
    with workspace.session() as session:
        for contract_id, title, file, parties, origin, rule, contract_type, amends, law, copy_of, not_contract in session.exec(query):
            names = [p.get("raw_name", "") for p in json.loads(parties or "[]")]
            reliable = origin != "extracted" or not rule or rule in STRONG_PARTY_RULES  # no rule: stored before it was kept
            rows.append(IdentityRow(contract_id, title or "", file or "", names, reliable, contract_type or "", amends or "", law or "",
                                    copy_of or "", not_contract or ""))
    return rows


def identity_index(workspace: WorkspaceStore) -> IdentityIndex:
    """The workspace's identity index, built from the stored records once per records stamp (the
    app's warm-up builds it); kept in the workspace store."""
    with workspace.session() as session:
        stamp = repo.records_stamp(session=session)
    return workspace.memo("scoping.identities", lambda: IdentityIndex.build(identity_rows(workspace), load_lexicon()), stamp=stamp)


def _text_contracts(index: IdentityIndex, bm25: Any) -> Callable[[str], set[str]]:  # noqa: ANN401  (store.bm25.BM25Index)
    """The contracts whose text holds a token, read up to the point it is too common to name any (:attr:`IdentityIndex.distinct_limit`)."""
    limit = index.distinct_limit

    def text_contracts(token: str) -> set[str]:
        found: set[str] = set()
        families: set[str] = set()  # a contract with its amendments and copies counted once, no memo (:meth:`IdentityIndex.families`)
        for chunk_id in bm25.chunks_with(token):  # in index order: a contract's chunks are together
            contract = contract_id_of_chunk(chunk_id)
            if contract not in found:
                found.add(contract)
                families |= index.families({contract})
                if len(families) > limit:
                    break  # common in the texts: names nothing, no need to count further
        return found

    return text_contracts


def scope_for(workspace: WorkspaceStore, question: str, index: IdentityIndex | None = None) -> Scope | None:
    """The contracts ``question`` names in this workspace, or None (see the module docstring);
    ``index``: its identity index when the caller already has it."""
    index = index or identity_index(workspace)
    bm25 = workspace.bm25()
    text_contracts = _text_contracts(index, bm25)
    quoted = index.named_file(question)
    if quoted is not None:
        return replace(quoted, identity=names_of(index, quoted.contract_ids), kinds=kinds_of(index, quoted.contract_ids))
    scope = index.named(question, text_contracts)
    if scope is None:
        scope = by_kind(index, question) or by_nationality(index, question)
        absent = [name for name in absent_names(index, question, _carriers(index, bm25)) if name not in scope.named_by] if scope else []
        if scope is not None and _said_of(question, scope.named_by, absent):
            # a contract of the kind named is not the one meant when the question names, right after the kind, what no document
            # carries (« le prêt immobilier … de la villa de Biarritz » scoped to the only loan: the app walk of round 31); not "what
            # does the lease say about COVID?", where the name is what is asked of the lease (the review of the round); a word that named
            # the contract is none (« l'État » of « soumis au droit de l'État de New York »)
            scope = None
        if scope is not None:
            names = {name: ids for name, ids in named_names(index, question, _carriers(index, bm25)).items() if name not in scope.named_by}
            scope = _kind_scope_with_names(index, scope, names)
    if scope is None or _kind_contradicts(index, question, scope, bm25):  # named by a place it carries, as a kind it is not
        return None
    # Cross-check: a named contract must be among those the whole question reaches lexically (its
    # best passages), the question read in both languages through the glossary. Not only the first
    # one: in « Quel est le préavis du contrat Thornbury ? » asked of an English contract, the French
    # words rank other contracts' notice clauses first.
    best = bm25.search_groups(bilingual_groups(question, index.lexicon), top_k=CROSS_CHECK_PASSAGES)
    if not {contract_id_of_chunk(hit.chunk_id) for hit in best} & set(scope.contract_ids):
        return None
    return replace(scope, identity=names_of(index, scope.contract_ids), kinds=kinds_of(index, scope.contract_ids))


HINT_SHARE = 0.5  # a name carried by more than this share of the contracts hints at none
HINT_MAX_CONTRACTS = 500  # nor by more than this many (in a large data room it narrows nothing)
HINT_FILES = 20  # a hint lists its contracts' files up to this many
# Titles written before a name, capitalised but naming no one (« Mme Castagnet », "Mr Dale").
_HONORIFICS = frozenset({"mme", "mmes", "mlle", "madame", "monsieur", "messieurs", "maitre", "mrs", "miss", "sir", "dame", "docteur", "prof"})


def named_names(index: IdentityIndex, question: str, carriers: Callable[[str], set[str] | None]) -> dict[str, set[str]]:
    """The question's names (its capitalised words but the first, out of the glossary's vocabulary
    and the titles written before a name) that some contract carries, each with the contracts that
    carry it in their identity or their text; a name more than :data:`HINT_SHARE` of them carry is
    left out (``carriers`` returns None for it)."""
    too_many = hint_limit(index)
    names: dict[str, set[str]] = {}
    for token in _name_tokens(index, question):
        found = carriers(token)
        if found is None:
            continue
        found = set(found) | set(index.by_token.get(token, ()))
        if found and len(found) <= too_many:
            names[token] = found
    return names


def _name_tokens(index: IdentityIndex, question: str) -> list[str]:
    """The question's capitalised words but the first (:func:`proper_nouns`) that may be names: not a glossary word nor another form
    of one ("Licensed", "Products": defined terms), not a courtesy title, a number or a short word."""
    return [
        token for token in sorted(proper_nouns(question))
        if token not in index.generic and token not in _HONORIFICS and len(token) >= MIN_TOKEN_LENGTH and not token.isdigit()
        and not (index.lexicon is not None and index.lexicon.find([token]))
    ]


def absent_names(index: IdentityIndex, question: str, carriers: Callable[[str], set[str] | None]) -> list[str]:
    """The question's names (:func:`_name_tokens`) that no document carries, in its identity or its text (« Biarritz » in a data room
    that never names the town); not the adjective of a contract's law's country, which says of that contract what its articles do not
    ("the Portuguese workshop": the contract under « droit portugais »)."""
    # (nor an adjective whose country a document names: "Japanese" of a contract under "the laws of Japan" — walkthrough 28)
    return [
        token for token in _name_tokens(index, question)
        if carriers(token) == set() and not index.by_token.get(token) and token not in index.law_words
        and not any(carriers(word) or index.by_token.get(word) for word in country_words(token))
    ]


def hint_for(index: IdentityIndex, question: str, carriers: Callable[[str], set[str] | None]) -> dict[str, Any] | None:
    """The contracts an unscoped question may still be naming (module docstring, 5.), or None.

    The question's names are its capitalised words but the first (:func:`proper_nouns`), out of the
    glossary's vocabulary, and the glossary's places and subjects it names (« britannique », "German",
    "warehouse"), and a kind of contract it designates (« le bail », "the franchise agreement"). Each
    name's contracts: those whose identity carries it, and (``carriers(token)``) those whose text
    holds it — None when the name is too common to tell (more than :data:`HINT_SHARE` of the
    contracts). A name no contract carries tells nothing here. The hint is every contract that
    carries one of the names: a passage elsewhere shares no name with the question. A question that
    gives no name but designates a kind of contract is hinted at the contracts of that kind, and
    those whose kind their identity does not tell; with a name, the kind is not used (a kind is often
    named loosely: « le contrat de conseil » for a services agreement).
    """
    if index.size < 2:
        return None
    tokens = tokenize(question)
    too_many = hint_limit(index)
    names = named_names(index, question, carriers)
    # a function word alone names no notion (« s'applique » is no software « application »), as the query expander reads them
    found_terms = [m for m in (index.lexicon.find(tokens) if index.lexicon is not None else []) if m.end - m.start > 1 or tokens[m.start] not in NAMES_NO_NOTION]
    for match in found_terms:
        if match.concept.kind not in SUBJECT_KINDS:
            continue
        found = set(index.carriers_of.get(match.concept.id, ()))
        for term in match.concept.terms:
            # a term of several words: the contracts whose text holds each of them ("United Kingdom")
            each = [carriers(token) for token in term.tokens]
            if len(term.tokens) == 1 and each[0] is None:
                found = set()
                break  # a word too common to tell (« public »): the notion names no contract
            known = [ids for ids in each if ids is not None]
            if known:
                found |= set.intersection(*known)
        if found and len(found) <= too_many:
            names[" ".join(tokens[match.start : match.end])] = found
    named_kinds: dict[str, set[str]] = {}
    matches = [m for m in found_terms if m.concept.kind in NAME_KINDS and _names_a_contract(tokens[m.start : m.end])]
    if matches and designated(question, matches):
        for match in matches:
            named_kinds[" ".join(tokens[match.start : match.end])] = {cid for cid, kinds in index.kinds_of.items() if match.concept.id in kinds}
    if not names and not named_kinds:
        return None
    if names:
        # names first: a kind is often named loosely (« le contrat de conseil » for a services agreement)
        hinted = set().union(*names.values())
    else:
        # of the kind named, or of a kind the identity does not tell (a contract whose title says nothing)
        hinted = set().union(*named_kinds.values()) | {cid for cid in index.files if not index.kinds_of.get(cid)}
    if not hinted or len(hinted) == index.size or len(hinted) > too_many:
        return None  # a hint as wide as the data room (or most of it) narrows nothing
    ordered = sorted(hinted)
    # how well each contract matches the names: the rarity of those it carries (a contract that
    # carries « Castagnet » and « Lisandre » before one that carries « Lisandre » only)
    weights = {
        cid: round(sum(math.log((index.size + 1) / len(ids)) for ids in (names or named_kinds).values() if cid in ids), 4) for cid in ordered
    }
    return {
        "contract_ids": ordered, "weights": weights, "named_by": sorted(names or named_kinds), "by": "name" if names else "kind", "count": len(ordered),
        # the files a user would read, when few enough to list (the pipeline copies this dict between stages)
        "files": [index.files[cid] for cid in ordered if cid in index.files] if len(ordered) <= HINT_FILES else [],
    }


# Words that make a glossary term the name of a kind of contract rather than of a party's role
# (« le contrat de distribution », "the lease", « le pacte »; not « le fournisseur », "the agent").
_CONTRACT_WORDS = frozenset({
    "contrat", "contrats", "convention", "accord", "pacte", "bail", "baux", "police", "acte", "avenant", "lettre", "licence",
    "agreement", "contract", "lease", "policy", "deed", "letter", "license", "licence", "nda", "dpa", "spa",
    # the documents that are no contract, named the same way (« le procès-verbal du comité », "the internal memo")
    "minutes", "proces", "verbal", "memo", "memorandum", "note", "pv",
})


def _names_a_contract(words: list[str]) -> bool:
    """Whether the question's words of a contract-kind term name a kind of contract (they hold a word
    such as « contrat », "agreement", « bail »), not a party's role ("the licensee") nor a clause
    ("Licensed Products")."""
    return bool(set(words) & _CONTRACT_WORDS)


def _carriers(index: IdentityIndex, bm25: Any) -> Callable[[str], set[str] | None]:  # noqa: ANN401  (store.bm25.BM25Index)
    """``token`` → the contracts whose text holds it, None when more than :func:`hint_limit` do."""
    too_many = hint_limit(index)

    def carriers(token: str) -> set[str] | None:
        found = bm25.contracts_with(token, too_many)
        if found == set() and (near := bm25.near_spellings(token)):
            # the name as the other language ends it: « Philadelphie » asked, "Philadelphia" written (walkthrough 33)
            each = [bm25.contracts_with(word, too_many) for word in near]
            return None if any(ids is None for ids in each) else set().union(*each)
        return found

    return carriers


def hint_limit(index: IdentityIndex) -> int:
    """Contracts a name may be carried by and still hint at them: :data:`HINT_SHARE` of the data
    room, at most :data:`HINT_MAX_CONTRACTS`."""
    return min(max(index.distinct_limit, int(index.size * HINT_SHARE)), max(index.distinct_limit, HINT_MAX_CONTRACTS))


_KIND_WORDS = frozenset({"contrat", "contrats", "contract", "contracts", "agreement", "agreements", "convention", "conventions", "accord", "accords"})


def _explicit_kinds(lexicon: Lexicon, tokens: list[str]) -> list[Any]:
    """The kinds of contract a question names in so many words: a kind of two words or more (« fourniture d'électricité », "electricity
    supply"), or one after « contrat », "agreement"."""
    return [
        m for m in lexicon.find(tokens)
        if m.concept.kind == "contract" and (m.end - m.start > 1 or (m.start and tokens[m.start - 1] in _KIND_WORDS))
    ]


def _kind_contradicts(index: IdentityIndex, question: str, scope: Scope, bm25: Any = None) -> bool:  # noqa: ANN401  (store.bm25.BM25Index)
    """Whether the question names a kind of contract in so many words (:func:`_explicit_kinds`: « le contrat de fourniture
    d'électricité », "the electricity supply agreement") that none of the contracts found is, by its record nor by its words (no passage
    of theirs holds a wording of the kind whole: « contrat de conseil » of a services agreement that says "consulting"): a place or a
    name they carry does not make them the contract meant (walkthrough 34: « … le contrat de fourniture d'électricité du centre de tri
    de Gennevilliers » was answered from the Gennevilliers lease, the room holding no electricity contract)."""
    if index.lexicon is None:
        return False
    asked = _explicit_kinds(index.lexicon, tokenize(question))
    known = [index.kinds_of.get(cid, frozenset()) for cid in scope.contract_ids]
    known = [kinds for kinds in known if kinds]  # an amendment, a contract of no kind read: says nothing
    if not asked or not known or any({m.concept.id for m in asked} & kinds for kinds in known):
        return False
    if bm25 is None:
        return True
    scoped = set(scope.contract_ids)
    return not any(_held_whole(bm25, term.tokens, scoped) for match in asked for term in match.concept.terms)


def _kind_scope_with_names(index: IdentityIndex, scope: Scope, names: dict[str, set[str]]) -> Scope | None:
    """A scope read from a kind and subject, checked against the names the question gives: the
    contracts of it that carry one of them (« le bail de Lisandre » among the leases), none when no
    contract of it does (the names point elsewhere: the kind was named loosely)."""
    if not names:
        return scope
    carrying = set().union(*names.values())
    kept = [cid for cid in scope.contract_ids if cid in carrying]
    if not kept:
        return None
    if len(kept) == len(scope.contract_ids):
        return scope
    return replace(
        scope, contract_ids=kept, titles=[index.titles[cid] for cid in kept], files=[index.files[cid] for cid in kept],
        ambiguous=scope.ambiguous and len(kept) > 1,
    )


_CAPITALISED_RUN = re.compile(r"(?<!\w)[A-ZÀ-ÖØ-Þ][\w'’.&-]*(?:[ \t]+[A-ZÀ-ÖØ-Þ&][\w'’.&-]*)*")


def question_names(index: IdentityIndex, question: str) -> list[str]:
    """The question's words that name a party rather than ask something: each capitalised word (but the
    question's first) out of the glossary that a party's name holds (« Lisandre »), with the words of the same
    run of capitals that the party's name holds too (« Lisandre *Holding* », "Thornbury *Fine Foods*": glossary
    words, but the party's). Not a file name's or a title's words (« parking », "Software"), not a defined term
    ("Licensed Products"), nothing in lower case: those may be what is asked."""
    if not index.party_words:
        return []
    seeds = {token for token in proper_nouns(question) if token in index.party_words and token not in index.generic and len(token) >= MIN_TOKEN_LENGTH}
    if not seeds:
        return []
    names = set(seeds)
    first = re.search(r"\w", question)
    for run in _CAPITALISED_RUN.finditer(question):
        words = run.group(0).split()
        if first is not None and run.start() == first.start():
            words = words[1:]  # a sentence's capital
        tokens = [token for word in words for token in tokenize(word)]
        if seeds & set(tokens):
            names |= {token for token in tokens if token in index.party_words}
    return sorted(names)


def opening_words(workspace: WorkspaceStore, contract_ids: list[str]) -> list[str]:
    """The search words of each of these contracts' title and subtitle: its first passage up to where the parties are introduced
    (not their descriptions, whose "exclusive" or "liability" would read as what the contract is about — the review of round 34)."""
    words: set[str] = set()
    with workspace.session() as session:
        for contract_id in contract_ids:
            for chunk in repo.list_chunks(session=session, contract_id=contract_id, limit=1):
                text = f"{chunk.header or ''} {chunk.text}"[:_OPENING_TITLE_CHARS]
                words.update(tokenize(_PARTIES_START.split(text, maxsplit=1)[0]))
    return sorted(words)


_OPENING_TITLE_CHARS = 400
_PARTIES_START = re.compile(r"(?i)\b(?:between|entre|this agreement|the parties|les soussign\w*|is made|is entered|est conclu)\b|\bparties\s*:")  # not « entreposage »


def hint_in(workspace: WorkspaceStore, question: str, index: IdentityIndex | None = None) -> dict[str, Any] | None:
    """:func:`hint_for` over this workspace's identities (``index`` when the caller has it) and BM25 postings."""
    index = index or identity_index(workspace)
    return hint_for(index, question, _carriers(index, workspace.bm25()))


SAID_OF_WORDS = 8  # a name this many words after the kind's word, with no verb between, describes the contract meant


def _said_of(question: str, kind_words: list[str], names: list[str]) -> bool:
    """Whether one of ``names`` follows one of ``kind_words`` closely, as its complement (« le prêt immobilier consenti pour la villa
    de Biarritz », "the lease of the Biarritz villa"), rather than as what is asked of it ("what does the lease say about COVID?")."""
    if not names or not kind_words:
        return False
    words = [fold(w) for w in _WORD.findall(question)]
    kinds = [i for i, w in enumerate(words) if any(w.startswith(k) for k in kind_words)]
    for i, word in enumerate(words):
        if word in names and any(0 < i - k <= SAID_OF_WORDS and not _ASKED_OF.search(" ".join(words[k + 1 : i])) for k in kinds):
            return True
    return False


_ASKED_OF = re.compile(r"\b(?:say|says|said|about|regarding|dit|prevoit|concernant|sur|en cas|is|are|est|sont|soumis|due)\b")


def absent_in(workspace: WorkspaceStore, question: str) -> list[str]:
    """:func:`absent_names` over this workspace, each name as the question writes it (« Biarritz »)."""
    index = identity_index(workspace)
    folded = absent_names(index, question, _carriers(index, workspace.bm25()))
    written = {fold(word): word for word in _WORD.findall(question)}
    return [written.get(token, token) for token in folded]


def _held_whole(bm25: Any, words: tuple[str, ...], contracts: set[str] | None = None) -> bool:  # noqa: ANN401  (store.bm25.BM25Index)
    """Whether a chunk (of ``contracts``, when given) holds each of ``words``."""
    chunks: set[str] | None = None
    for word in words:
        found = {c for c in bm25.chunks_with(word) if contracts is None or contract_id_of_chunk(c) in contracts}
        chunks = found if chunks is None else chunks & found
        if not chunks:
            return False
    return bool(chunks)


def kinds_of(index: IdentityIndex, contract_ids: list[str]) -> list[str]:
    """The glossary's contract kinds of these contracts (« bail » → lease): a question's word of one of
    them names the contract, it does not ask about a clause."""
    return sorted(set().union(*(index.kinds_of.get(cid, frozenset()) for cid in contract_ids)))


def names_of(index: IdentityIndex, contract_ids: list[str]) -> list[str]:
    """The names of these contracts (parties read reliably, file name), glossary words left out:
    what the question may repeat about them without asking it."""
    return sorted(set().union(*(index.strong_of.get(cid, frozenset()) for cid in contract_ids)) - index.generic)


def bilingual_groups(question: str, lexicon: Lexicon | None) -> list[QueryGroup]:
    """The question's words, and each notion's other terms at half weight (no other word forms)."""
    tokens = tokenize(question)
    groups = [QueryGroup.word(token, float(count)) for token, count in Counter(tokens).items()]
    if lexicon is None:
        return groups
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for concept in {m.concept.id: m.concept for m in lexicon.find(tokens)}.values():
        terms = []
        for term in concept.terms:
            if (term.lang, term.stems) not in seen and not set(term.tokens) <= set(tokens):
                seen.add((term.lang, term.stems))
                terms.append(tuple(((token, 1.0),) for token in term.tokens))
        if terms:
            groups.append(QueryGroup(CROSS_CHECK_EXPANSION, tuple(terms), concept.id))
    return groups


# What joins a contract's name to what it is of: "our Breton reseller of jams and pickles", « le contrat de fourniture de confitures »
_OF = frozenset({"of", "de", "du", "des", "d"})
_AND = frozenset({"and", "or", "et", "ou"})
_ARTICLES = frozenset({"the", "a", "an", "le", "la", "les", "l", "un", "une", "our", "its", "their", "nos", "notre", "ses", "leurs", "de", "du", "des", "d"})
NAMED_COMPLEMENT = 4  # content words at most in what a contract's name is of


def named_of_words(question: str, named_by: list[str] | set[str] | frozenset[str], lexicon: Lexicon | None = None) -> list[str]:
    """The words (folded) that say what a contract the question names by its kind or subject (``named_by``) is *of* (« de » and its
    complements after the words that named it): "our Breton reseller of jams and pickles" describes the reseller agreement by its
    products — asked where to sue that reseller, the jurisdiction article need not hold « jams » (QA fresh: the distribution agreement
    of « conserves et condiments » abstained). Up to :data:`NAMED_COMPLEMENT`
    words, one after « de » / "of" and one after each "and" / « et » (articles between): "the licence of the software allow…" takes
    « software », not the verb; a word that names a clause's notion ends it."""
    if not named_by:
        return []
    tokens = tokenize(question)
    clause_words = {tokens[i] for m in (lexicon or load_lexicon()).find(tokens) if m.concept.kind == "clause" for i in range(m.start, m.end)}
    words = re.findall(r"\w+", fold(question).replace("’", "'"))
    found: set[str] = set()
    i = 0
    while i < len(words):
        if words[i] not in named_by:
            i += 1
            continue
        while i + 1 < len(words) and words[i + 1] in named_by:
            i += 1  # "Breton reseller": the last word that named it
        j = i + 1
        content: list[str] = []
        # "of" (or "and" after a word taken), articles, then one word: "of jams and pickles", not "of the software allow"
        while j < len(words) and len(content) < NAMED_COMPLEMENT and words[j] in (_OF if not content else _AND):
            j += 1
            while j < len(words) and (words[j] in _ARTICLES or words[j] in _OF):  # "jams or of pickles"
                j += 1
            if j >= len(words) or words[j] in named_by or words[j] in clause_words or is_function_word(words[j]) or words[j].isdigit():
                break  # (a word that named it too: « contrat de fourniture de confitures » goes on from « fourniture »)
            content.append(words[j])
            j += 1
        found.update(content)
        i = j
    return sorted(found)


@component
class ScopeResolver(StoreComponent):
    """The head of the retrieval pipeline: the contracts a question names, and what is searched.

    Inputs: ``question``; ``doc_ids`` (a filter given by the caller: then no scoping); ``scope`` (None:
    the ``enabled`` default). Outputs: ``query`` (the question without its naming words when scoped,
    else the question as given), ``doc_ids`` (the named contracts, or the caller's filter) and ``scope``
    (:meth:`Scope.as_dict`, or None).
    """

    init_parameters = ("enabled",)

    def __init__(self, store: WorkspaceStore, enabled: bool = True) -> None:
        self.store = store
        self.enabled = enabled

    @component.output_types(query=str, doc_ids=list[str] | None, scope=dict | None, hint=dict | None, names=list[str])
    def run(self, question: str, doc_ids: list[str] | None = None, scope: bool | None = None, follows: list[str] | None = None) -> dict[str, Any]:
        """``hint``: when the question is not scoped, the contracts that carry a name it gives
        (:func:`hint_for`), or None; ``names``: the question's words that name a party or a contract
        (:func:`question_names`), which the relevance check does not count as asked. ``follows``: the contracts a
        follow-up goes on about (the conversation's previous question's, :func:`greffier.services.answering.follow_up_scope`),
        named as if the question named them (``by`` "conversation"): each one answered, its best passage counted as named."""
        if not self.store.exists():
            return {"query": question, "doc_ids": doc_ids, "scope": None, "hint": None, "names": []}
        index = identity_index(self.store)  # read once for the names, the scope and the hint
        names = question_names(index, question)
        if follows and doc_ids is None and (kept := [cid for cid in follows if cid in index.titles]):
            # (the app walk of round 39: « Et quel est le préavis pour ne pas le renouveler ? » after a question on the leases quoted
            # one lease, the other's article judged as a passage of a contract the question did not name)
            named = Scope(kept, [index.titles[cid] for cid in kept], [index.files[cid] for cid in kept], [], question, by="conversation",
                          ambiguous=len(kept) > 1, identity=names_of(index, kept), kinds=kinds_of(index, kept))
            return {"query": question, "doc_ids": kept, "scope": _as_named(named, index), "hint": None, "names": names}
        wanted = self.enabled if scope is None else scope
        if doc_ids is not None or not wanted:
            return {"query": question, "doc_ids": doc_ids, "scope": None, "hint": None, "names": names}
        found = scope_for(self.store, question, index)
        if found is None:
            hint = hint_in(self.store, question, index)
            # a hint's name said of a party ("the Grenoble carrier", « le transporteur de Grenoble ») names it: not asked of its articles
            # (walkthrough 30: the carrier's liability article, first, missed « Grenoble », its address)
            names = [*names, *(name for name in (hint or {}).get("named_by") or [] if name not in names and name_said_of_a_party(question, name))]
            return {"query": question, "doc_ids": None, "scope": None, "hint": hint, "names": names}
        # … with the amendments attached to a contract named, which need not carry its name: the contract is read as amended
        # (walkthrough 26: "its e-commerce warehouse provider" named the logistics contract, whose avenant n° 2 rewrote its term article)
        joined = [cid for cid, amended in index.amends.items() if amended in found.contract_ids and cid not in found.contract_ids]
        if joined and not found.ambiguous:
            found = replace(found, contract_ids=[*found.contract_ids, *joined], titles=[*found.titles, *(index.titles[cid] for cid in joined)],
                            files=[*found.files, *(index.files[cid] for cid in joined)])
        # the amendments among the contracts named, and the contract each amends: an answer counts them apart; and, for a question on
        # until when they last, the words of their opening (title, subtitle): what the contract is about, which such a question may
        # repeat without asking it (read from SQLite for those questions only)
        named = _as_named(found, index, described=opening_words(self.store, found.contract_ids) if asks_until_when(question) else [],
                          of_words=named_of_words(question, found.named_by))
        return {"query": found.question, "doc_ids": found.contract_ids, "scope": named, "hint": None, "names": names}


def _as_named(scope: Scope, index: IdentityIndex, *, described: list[str] | None = None, of_words: list[str] | None = None) -> dict[str, Any]:
    """The scope resolver's ``scope`` output: ``scope`` with the amendments among its contracts (and the contract each amends), the words of
    the named contracts' parties read reliably, and what a question on until when they last (``described``) or on what they are of
    (``of_words``) says of them without asking it."""
    ids = scope.contract_ids
    return {**scope.as_dict(), "amendments": {cid: index.amends[cid] for cid in ids if cid in index.amends}, "described": described or [],
            "party_words": sorted(set().union(*(index.party_words_of.get(cid, frozenset()) for cid in ids))), "of_words": of_words or []}
