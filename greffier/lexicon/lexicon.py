"""The French ↔ English contract-law glossary (``terms.yaml``): which notions a text names, in either language.

A :class:`Lexicon` holds *concepts* — one notion with its French and English terms, the clause types
it names and its kind (a clause topic, a kind of contract, a place, a subject, an everyday word). The
clause library's labels (« Limitation de responsabilité » / "Limitation of liability") are concepts
too, added when the glossary is loaded.

:meth:`Lexicon.find` reads a text's tokens (:func:`greffier.text.tokenize`: folded, stop words out)
and returns the terms found in it: a term matches where its words' stems follow one another in the
text, stemmed in the term's language, so « résiliation anticipée » is found in « en cas de
résiliation anticipée » and "terminated" matches the term "terminate". Where terms overlap, the longest
wins (« commission de succès » rather than « commission »); terms of the same length on the same words
are all kept (« prime »: a bonus or an insurance premium).

Search (:mod:`pipelines.expanders.query_expansion`), scoping, the relevance check and the extractive
answer all read questions through it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import yaml

from greffier.compliance.library import load_library
from greffier.text import tokenize
from greffier.text.stems import STEM_LANGUAGES, stems

DEFAULT_LEXICON = Path(__file__).with_name("terms.yaml")
KINDS = ("clause", "contract", "place", "subject", "word", "document")
LANGUAGES = tuple(STEM_LANGUAGES)


class LexiconError(ValueError):
    """The glossary file cannot be used as written (the message names the entry and the fix)."""


@dataclass(frozen=True)
class Term:
    """One wording of a concept in one language, with its tokens and their stems."""

    text: str
    lang: str
    tokens: tuple[str, ...]
    stems: tuple[str, ...]


@dataclass(frozen=True)
class Concept:
    """A notion and its terms in both languages (see the module docstring)."""

    id: str
    kind: str
    types: tuple[str, ...]
    terms: tuple[Term, ...]
    # Terms that name the notion in a contract's title or file name only ("US"): too ambiguous in prose.
    name_terms: tuple[Term, ...] = ()
    # Terms that name the notion in a question only, never looked for in a passage (« jusqu'à quand court le bail ? »: the verb
    # « court » asks when it ends; as a passage's word it would be any "court" of a jurisdiction clause).
    asked_terms: tuple[Term, ...] = ()

    def terms_in(self, lang: str) -> tuple[Term, ...]:
        return tuple(term for term in self.terms if term.lang == lang)

    @property
    def token_forms(self) -> frozenset[str]:
        """Every token of every term: what a passage holding this notion may contain."""
        return frozenset(token for term in self.terms for token in term.tokens)


@dataclass(frozen=True)
class Match:
    """A term of ``concept`` found at tokens ``[start, end)`` of the text read."""

    concept: Concept
    term: Term
    start: int
    end: int


@dataclass(frozen=True)
class Lexicon:
    """The concepts of a glossary, indexed by the first stem of each term."""

    version: str
    concepts: tuple[Concept, ...]
    signature: str
    _by_first: dict[tuple[str, str], tuple[tuple[Term, Concept], ...]] = field(repr=False, compare=False, default_factory=dict)

    _by_first_in_names: dict[tuple[str, str], tuple[tuple[Term, Concept], ...]] = field(repr=False, compare=False, default_factory=dict)
    # the concepts' ``asked_terms``: read only in a question whose language is known and theirs (``prefer``)
    _by_first_asked: dict[tuple[str, str], tuple[tuple[Term, Concept], ...]] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def build(cls, version: str, concepts: Iterable[Concept], signature: str) -> Lexicon:
        concepts = tuple(concepts)
        by_first: dict[tuple[str, str], list[tuple[Term, Concept]]] = {}
        in_names: dict[tuple[str, str], list[tuple[Term, Concept]]] = {}
        asked: dict[tuple[str, str], list[tuple[Term, Concept]]] = {}
        for concept in concepts:
            for term in concept.terms:
                by_first.setdefault((term.lang, term.stems[0]), []).append((term, concept))
                in_names.setdefault((term.lang, term.stems[0]), []).append((term, concept))
            for term in concept.asked_terms:
                asked.setdefault((term.lang, term.stems[0]), []).append((term, concept))
            for term in concept.name_terms:
                in_names.setdefault((term.lang, term.stems[0]), []).append((term, concept))
        freeze = lambda table: {key: tuple(found) for key, found in table.items()}  # noqa: E731
        return cls(version, concepts, signature, freeze(by_first), freeze(in_names), freeze(asked))

    @property
    def by_id(self) -> dict[str, Concept]:
        return {concept.id: concept for concept in self.concepts}

    @cached_property
    def words_by_kind(self) -> dict[str, frozenset[str]]:
        """Every token of the concepts' terms (:attr:`Concept.token_forms`), by the concepts' kind (``clause``, ``word``, ``contract``…),
        read once per glossary: the relevance check asks it of every passage."""
        found: dict[str, set[str]] = {}
        for concept in self.concepts:
            found.setdefault(concept.kind, set()).update(concept.token_forms)
        return {kind: frozenset(words) for kind, words in found.items()}

    def find(
        self, tokens: Sequence[str], *, in_names: bool = False, languages: Sequence[str] = LANGUAGES, prefer: str | None = None,
    ) -> list[Match]:
        """The terms found in ``tokens`` (from :func:`tokenize`), in text order (see the module docstring).

        ``in_names``: the tokens are a contract's title or file name, where ``name_terms`` count too.
        ``languages``: the languages whose terms are looked for (all by default: a question may mix them;
        a sentence known to be French is read with French terms only, so « celle » is no "cell").
        ``prefer``: the text's language, when known: where a word is a term of that language, another language's clause term
        of another notion written the same is not read there (« jusqu'à quand court le bail ? » asks when it ends, not which
        "court" hears it: walkthrough 21); a kind of contract, a place or a subject is (« licence » names a licence agreement
        in an English question too); another language's everyday word (kind ``word``) only as written, not on its stem."""
        table = self._by_first_in_names if in_names else self._by_first
        candidates: list[Match] = []
        for lang in languages:
            text_stems = stems(tokens, lang)
            for start, first in enumerate(text_stems):
                asked = self._by_first_asked.get((lang, first), ()) if lang == prefer else ()
                for term, concept in (*table.get((lang, first), ()), *asked):
                    end = start + len(term.stems)
                    if tuple(text_stems[start:end]) == term.stems:
                        candidates.append(Match(concept, term, start, end))
        candidates = _without_stem_collisions(candidates, tokens)
        if prefer is not None:
            own: dict[tuple[int, int], set[str]] = {}
            for m in candidates:
                if m.term.lang == prefer:
                    own.setdefault((m.start, m.end), set()).add(m.concept.id)
            candidates = [
                m for m in candidates
                if m.term.lang == prefer or m.concept.kind != "clause" or m.concept.id in own.get((m.start, m.end), {m.concept.id})
            ]
            # … nor an everyday word of the other language found on its stem alone: the English "pay" is no French « pays » (country)
            # (nor as written where the word is a term of the text's language: "Who pays the invoices?" — the review of the round)
            candidates = [
                m for m in candidates
                if m.term.lang == prefer or m.concept.kind != "word" or (tuple(tokens[m.start : m.end]) == m.term.tokens and (m.start, m.end) not in own)
            ]
        kept: list[Match] = []
        taken: dict[int, int] = {}  # token position -> length of the match that holds it
        for match in sorted(candidates, key=lambda m: (-(m.end - m.start), m.start)):
            length = match.end - match.start
            if any(taken.get(position, length) > length for position in range(match.start, match.end)):
                continue  # inside a longer term
            if any(k.concept.id == match.concept.id and k.start < match.end and match.start < k.end for k in kept):
                continue  # the same notion, already found on these words
            kept.append(match)
            for position in range(match.start, match.end):
                taken[position] = max(taken.get(position, 0), length)
        return sorted(kept, key=lambda m: (m.start, m.concept.id))

    def find_text(self, text: str) -> list[Match]:
        """:meth:`find` on the tokens of ``text``."""
        return self.find(tokenize(text))

    def concepts_in(self, text: str) -> list[Concept]:
        """The concepts ``text`` names, each once, in text order."""
        seen: dict[str, Concept] = {}
        for match in self.find_text(text):
            seen.setdefault(match.concept.id, match.concept)
        return list(seen.values())


def _inflection_of(written: str, term: str, lang: str = "fr") -> bool:
    """Whether two words differ by an ending of number or gender only (« commissions » / « commission »,
    « licenciée » / « licencié »), not by a derivation the stemmer cuts alike (« licenciement » / « licencié »). An English
    word has no gender: "carriers" is "carrier"'s plural, « carrière » none of its forms (walkthrough 35)."""
    if lang == "en":
        # (a French participle of the English verb's stem is one of its forms, « payé » of "pay", « signé » of "sign" — the review —, not
        # a French noun in -ière: « carrière » is no "carrier")
        return _english_base(written) == _english_base(term) or (written == f"{term}e" and not written.endswith("iere"))
    return written.rstrip("sxe") == term.rstrip("sxe")


def _english_base(word: str) -> str:
    """An English word without its plural's ending: "quarries" → "quarry", "carriers" → "carrier"."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _without_stem_collisions(candidates: list[Match], tokens: Sequence[str]) -> list[Match]:
    """``candidates`` without the terms found on the words' stem alone where another notion's term is the
    words as written: « licenciement » is a dismissal (the term « licenciement »), not a licence (the
    term « licencié », whose stem is the same). A word no term writes as is keeps all its stem matches."""
    exact = {(m.start, m.end) for m in candidates if tuple(tokens[m.start : m.end]) == m.term.tokens}
    return [
        m for m in candidates
        if ((m.start, m.end) not in exact or all(_inflection_of(w, t, m.term.lang) for w, t in zip(tokens[m.start : m.end], m.term.tokens)))
        and not (m.end - m.start == 1 and m.concept.kind in _DESCRIBING_KINDS and _derived_from(tokens[m.start], m.term.tokens[0]))
    ]


# what describes a contract (its kind, place, subject): a word read as one is not asked inside a named contract, so a derived word
# taken for it is lost (a clause's notion keeps its derivations: "solicitation" is still the non-solicitation's)
_DESCRIBING_KINDS = frozenset({"contract", "place", "subject"})


def _derived_from(written: str, term: str) -> bool:
    """Whether ``written`` is another word built on ``term`` by a long suffix the stemmer cuts off: "publications" is no
    "public" (walkthrough 28: « les publications » read as the public sector, a subject that describes contracts), or an adjective
    in -able the stemmer cuts alike (« applicable », « application »)."""
    if written.endswith(("able", "ible")) and not term.endswith(("able", "ible")):
        return True  # an adjective of what may be done: « le droit applicable » names no software (« application »: walkthrough 35)
    return written != term and written.startswith(term) and len(written) - len(term) >= 5


def load_lexicon(path: str | Path | None = None, *, with_library: bool = True) -> Lexicon:
    """The glossary at ``path`` (default: the bundled one), with the clause library's labels as
    concepts when ``with_library``; cached per file content.

    Raises:
        LexiconError: the file is missing or not YAML, or an entry has no id, an unknown kind or
            language, or a term with no word left once stop words are dropped.
    """
    source = Path(path) if path else DEFAULT_LEXICON
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise LexiconError(f"cannot read the glossary {source}: {exc.strerror or exc}") from exc
    return _parse(str(source), text, with_library)


@lru_cache(maxsize=8)
def _parse(source: str, text: str, with_library: bool) -> Lexicon:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise LexiconError(f"{source}: not valid YAML ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise LexiconError(f"{source}: expected a mapping with 'version' and a 'concepts' list")
    concepts = [_concept(source, raw) for raw in data["concepts"]]
    ids = [c.id for c in concepts]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise LexiconError(f"{source}: concept ids repeated: {', '.join(repeated)}")
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    if with_library:
        library = load_library()
        concepts.extend(library_concepts(library.clause_types))
        digest = f"{digest}+{library.content_hash[:8]}"
    return Lexicon.build(str(data.get("version", "1")), concepts, f"{data.get('version', '1')}:{digest}")


def _concept(source: str, raw: object) -> Concept:
    if not isinstance(raw, dict) or not raw.get("id"):
        raise LexiconError(f"{source}: every concept needs an id: {raw!r}")
    concept_id = str(raw["id"])
    kind = raw.get("kind", "clause")
    if kind not in KINDS:
        raise LexiconError(f"{source}: concept {concept_id}: kind {kind!r} is not one of {', '.join(KINDS)}")
    unknown = sorted(set(raw) - {"id", "kind", "types", "in_names", "asked_only", *LANGUAGES})
    if unknown:
        raise LexiconError(f"{source}: concept {concept_id}: unknown keys {unknown}; use id, kind, types, fr, en, in_names, asked_only")
    asked_only = raw.get("asked_only") or {}
    if not isinstance(asked_only, dict) or set(asked_only) - set(LANGUAGES):
        raise LexiconError(f"{source}: concept {concept_id}: asked_only maps a language (fr, en) to its terms, e.g. asked_only: {{fr: [court]}}")
    asked = [_term(source, concept_id, lang, text) for lang, texts in asked_only.items() for text in texts or []]
    terms = [_term(source, concept_id, lang, text) for lang in LANGUAGES for text in raw.get(lang) or []]
    if not any(t.lang == "fr" for t in terms) or not any(t.lang == "en" for t in terms):
        raise LexiconError(f"{source}: concept {concept_id} needs terms in both fr and en")
    name_terms = [Term(str(text), "en", (str(text).lower(),), (str(text).lower(),)) for text in raw.get("in_names") or []]
    return Concept(concept_id, kind, tuple(raw.get("types") or ()), tuple(_unique(terms)), tuple(name_terms), tuple(asked))


def _term(source: str, concept_id: str, lang: str, text: object) -> Term:
    tokens = tuple(tokenize(str(text)))
    if not tokens:
        raise LexiconError(f"{source}: concept {concept_id}: term {text!r} is only stop words; write it with a content word")
    return Term(str(text), lang, tokens, stems(tokens, lang))


def _unique(terms: list[Term]) -> list[Term]:
    """Terms without repeats of the same words (two forms of a word sharing a stem are both kept:
    « résiliation » and « résilier » are both what a passage may hold)."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    kept = []
    for term in terms:
        key = (term.lang, term.tokens)
        if key not in seen:
            seen.add(key)
            kept.append(term)
    return kept


def library_concepts(clause_types: Iterable) -> list[Concept]:  # noqa: ANN001  (greffier.compliance.library.ClauseType)
    """One concept per clause type of the library: its French and English labels, naming that type."""
    found = []
    for clause_type in clause_types:
        terms = []
        for lang in LANGUAGES:
            label = (clause_type.label or {}).get(lang)
            for part in (label or "").replace("(", ",").replace(")", ",").split(","):
                tokens = tuple(tokenize(part))
                if tokens:
                    terms.append(Term(part.strip(), lang, tokens, stems(tokens, lang)))
        if any(t.lang == "fr" for t in terms) and any(t.lang == "en" for t in terms):
            found.append(Concept(f"library:{clause_type.id}", "clause", (clause_type.id,), tuple(_unique(terms))))
    return found
