"""QueryExpander: the question in both languages, for search — between the scope resolver and the retrievers.

What is asked (the question once a named contract is taken out) is read through the glossary
(:mod:`greffier.lexicon`): each notion it names (« préavis », "change of control", « bail ») brings in
that notion's other terms, in both languages. The BM25 retriever then scores a weighted query
(:class:`store.bm25.QueryGroup`): every word of the question at weight 1 (its count), each notion's
other terms at :attr:`weight` — less than the user's own words — counting only the best of them, so
that a notion written five ways is not worth five words. ``forms_weight`` (0 turns it off) also lets
other forms of the same word that the index holds count (« résilier » for « résiliation », by stem),
at that factor of the word's own score.

The dense side gets ``dense_text``: the question, followed with ``expand_dense`` by one term of each
notion in the other language (the embedder is multilingual; the terms move the vector towards the
clause's own words).

Words of the question that no notion of the glossary covers (everyday words: "subscription",
« gâteau ») bring their first translations from FreeDict's dictionaries (:mod:`greffier.lexicon.freedict`,
when installed) at ``dictionary_weight`` of :attr:`weight` — below the glossary's terms — and count as
those words in ``units``. Without the dictionary, the glossary alone translates.

Outputs also the notions found (``concepts``), the clause types they name (``clause_types``, the
language-independent key the relevance check and the ranking use), the question's ``language`` and
``units``: each word asked with the wordings that count as it in a passage (its other forms, the
terms of the notions it belongs to) and its weight (BM25's IDF in this workspace), from which the
relevance check measures how much of the question a passage covers, in either language.
"""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher
import math
import re
from typing import Any

from haystack import component

from greffier.lexicon import Lexicon, Match, load_lexicon
from greffier.lexicon.freedict import Dictionary, load_dictionary, singulars
from greffier.text import fold, tokenize
from greffier.text.function_words import NAMES_NO_NOTION, is_function_word
from greffier.text.language import guess_language, question_language
from greffier.text.stems import STEM_LANGUAGES, same_family, stem, stem_many
from greffier.text.tokens import WHOLE_WORD_PREFIXES, prefixed_words
from pipelines._serialization import StoreComponent
from store.bm25 import QueryGroup
from store.workspace import WorkspaceStore

MAX_TERMS_PER_NOTION = 12  # a notion's terms searched at most (its first ones: the usual wordings)
MAX_FORMS = 6  # other forms of one word searched at most (the most frequent in the index)
# Everyday words ("year", "monthly") bring their translations at this share of the expansion weight.
WORD_KIND_FACTOR = 0.6
# Notions that name the document, not what is asked of it (« contrat »): no unit; inside named
# contracts, their kind, place and subject neither.
DESCRIBING = frozenset({"document"})
DESCRIBING_SCOPED = frozenset({"document", "contract", "place", "subject"})
DICTIONARY_WEIGHT = 0.5  # share of the expansion weight of a dictionary translation (glossary words: 0.6)
UNKNOWN_WEIGHT = 2.0  # IDF-like weight of an asked word that no passage holds in any wording


_OBJECT_US = re.compile(r"(?<![\w-])us(?![\w-])(?!\s+(?:law|laws|dollars?|gaap|export|federal|government|state|states|securities|patents?|subsidiar\w*|entity|entities|market|customers?|person|persons|tax)\b)")


@component
class QueryExpander(StoreComponent):
    """The weighted bilingual query of what is asked (see the module docstring).

    Init: ``enabled`` (False: the question's words only, as plain BM25), ``weight`` of a notion's
    other terms, ``forms_weight`` of other forms of a word (0: none), ``expand_dense``.
    Inputs: ``query`` (what is asked). Outputs: ``groups`` (for :class:`LexicalRetriever`),
    ``dense_text``, ``concepts``, ``clause_types``, ``language``.
    """

    init_parameters = ("enabled", "weight", "forms_weight", "expand_dense", "same_language_weight", "dictionary_weight")

    def __init__(
        self, store: WorkspaceStore, enabled: bool = True, weight: float = 0.5, forms_weight: float = 0.0, expand_dense: bool = False,
        same_language_weight: float | None = None, dictionary_weight: float = DICTIONARY_WEIGHT,
    ) -> None:
        self.store = store
        self.enabled = enabled
        self.weight = weight
        self.same_language_weight = weight if same_language_weight is None else same_language_weight
        self.forms_weight = forms_weight
        self.expand_dense = expand_dense
        self.dictionary_weight = dictionary_weight
        self._lexicon: Lexicon | None = None
        self._dictionary: Dictionary | None = None

    def warm_up(self) -> None:
        # Pipeline.run warms every component on every run: the glossary once, and the index's word
        # forms once (1.2 s at 100k chunks; kept per chunk generation, built again after an ingest).
        if self._lexicon is not None:
            return
        self._lexicon = load_lexicon()
        if self.enabled and self.dictionary_weight > 0:
            self._dictionary = load_dictionary()
        if self.enabled and self.forms_weight > 0:
            self._forms()

    @component.output_types(
        groups=list[QueryGroup], dense_text=str, concepts=list[str], clause_types=list[str], language=str, units=list[dict], typed_query=str,
        translation_units=list[dict],
    )
    def run(self, query: str, scope: dict | None = None, translation: str | None = None) -> dict[str, Any]:
        """``scope``: the scope resolver's; inside named contracts, the words that describe a contract
        (its kind, place, subject) are not part of what is asked, and the words that name its kind
        give no clause type (``typed_query``: the query without them, for the clause-type ranker).
        ``translation``: the question in the other language (an LLM's, :class:`QueryTranslator`), searched
        as the question is — its words and their notions in the BM25 groups, its text beside the question's
        for the embedder — but never added to what is asked (``units``, clause types, language): a passage
        is not asked to hold the question twice. What the translation asks is given apart
        (``translation_units``): the relevance check may read the question in either wording."""
        self.warm_up()
        assert self._lexicon is not None
        # "us" in lower case is the pronoun, no word asked ("Does the agreement tie us to that operator?"); "US" is the country
        # (walkthrough 32: a passage had to hold "us" to cover the question)
        tokens = tokenize(_OBJECT_US.sub(" ", query))
        language = question_language(query)
        # a function word alone names no notion (« s'applique » is no software « application »: walkthrough 20); a phrase of them may
        # ("until when")
        matches = [m for m in self._lexicon.find(tokens, prefer=language) if m.end - m.start > 1 or tokens[m.start] not in NAMES_NO_NOTION] if self.enabled else []
        matches = split_at_topics(query, tokens, matches, self._lexicon, language) if self.enabled else matches
        concepts = list(dict.fromkeys(m.concept.id for m in matches))
        naming = naming_positions(matches, frozenset((scope or {}).get("kinds") or ()))
        clause_types = asked_types(matches, naming)
        forms = self._forms() if self.enabled and self.forms_weight > 0 else None
        groups = question_groups(tokens, language, forms, self.forms_weight)
        if self.enabled:
            # inside named contracts, a word that stands for one of their parties is searched as written, not through its notion's
            # other wordings: those are the party's name, in every article (walkthrough 24: "What does Distrimarché charge the dairy …?"
            # of a supply agreement with « LAITERIE DES COTEAUX » ranked the articles that name the dairy's products first); a subject's
            # or a kind's wordings still rank ("the ceramics shop" finds the lease's « boutique » articles)
            parties = set((scope or {}).get("party_words") or ())
            searched = [m for m in matches if not (m.concept.kind in DESCRIBING_SCOPED - DESCRIBING and any(len(t.tokens) == 1 and t.tokens[0] in parties for t in m.concept.terms))]
            groups.extend(notion_groups(searched, tokens, self.weight, forms, self.forms_weight, language=language, same_language_weight=self.same_language_weight))
        identity = frozenset((scope or {}).get("identity") or ())
        if (scope or {}).get("by") == "name":
            # the name the question gave the contract by, read in its text rather than its parties' or title's (« Morlaix », the target's
            # town): it names the contract, it is not asked of each article (walkthrough 34: the share purchase's warranty cap missed it)
            identity |= frozenset(tokenize(" ".join(scope.get("named_by") or ())))
        if self.enabled and self._dictionary is not None:
            self._dictionary.refresh()  # once per question: a dictionary installed meanwhile is used, without a stat per word
        translated = dictionary_translations(tokens, matches, language, self._dictionary, identity=identity) if self.enabled else {}
        if translated and self.dictionary_weight > 0:
            groups.extend(dictionary_groups(translated, self.weight * self.dictionary_weight, forms, self.forms_weight, other_language(language)))
        dense_text = with_translations(query, matches, language) if self.enabled and self.expand_dense else query
        index = self.store.bm25() if self.store.exists() else None
        translation_units: list[dict] = []
        if translation:
            other_tokens = tokenize(translation)
            other = guess_language(translation)
            other_matches = self._lexicon.find(other_tokens) if self.enabled else []
            groups.extend(QueryGroup(g.weight, g.terms, "translation") for g in question_groups(other_tokens, other, forms, self.forms_weight))
            if self.enabled:
                groups.extend(notion_groups(other_matches, other_tokens, self.weight, forms, self.forms_weight, language=other, same_language_weight=self.same_language_weight))
            dense_text = f"{dense_text}\n{translation}"
            translation_units = asked_units(
                other_tokens, other_matches, other, forms, index, describing=DESCRIBING_SCOPED if scope else DESCRIBING, identity=identity,
            )
        # what a named contract is of ("our Breton reseller of jams and pickles": :func:`pipelines.routers.scoping.named_of_words`)
        of_words = set((scope or {}).get("of_words") or ())
        described = {i for i, token in enumerate(tokens) if token in of_words}
        units = asked_units(
            tokens, matches, language, forms, index, describing=DESCRIBING_SCOPED if scope else DESCRIBING, identity=identity, translated=translated,
            prefixed=prefixed_words(query), named_kinds=frozenset((scope or {}).get("kinds") or ()), described=described,
        )
        return {
            "groups": groups, "dense_text": dense_text, "concepts": concepts, "clause_types": clause_types, "language": language, "units": units,
            "typed_query": without_words(query, {tokens[i] for i in naming}), "translation_units": translation_units,
        }

    def _forms(self) -> dict[str, dict[str, tuple[str, ...]]] | None:
        """Per language, the index's tokens by stem, most frequent first (kept per chunk generation)."""
        if not self.store.exists():
            return None
        index = self.store.bm25()
        return self.store.memo("expansion.forms", lambda: word_forms(index), stamp=index.generation)


# The words that introduce what a question asks about: « sur la », "about", « en matière de » — never inside a term of several words
_TOPIC = r"(?:sur|about|regarding|concerning|respecting|touching|en\s+mati[eè]re\s+d[e']|quant\s+[aà]|au\s+sujet\s+d[eu']|relati(?:f|ve|fs|ves)\s+[aà])"


def split_at_topics(query: str, tokens: list[str], matches: list[Match], lexicon: Lexicon, language: str) -> list[Match]:
    """``matches`` without a term of several words read across the words that introduce a topic, each side read alone instead: « Que
    prévoit l'accord sur la confidentialité ? » is no « accord de confidentialité » (its tokens, stop words dropped, are the same) — an
    NDA's kind, which inside a named contract is not asked: the question asked nothing and abstained (the thirty-sixth round)."""
    folded = fold(query).replace("’", "'")
    kept: list[Match] = []
    for match in matches:
        words = tokens[match.start : match.end]
        if len(words) > 1 and re.search(
            rf"\b{re.escape(words[0])}\b\W+(?:\w+\W+){{0,2}}?{_TOPIC}\W+(?:\w+\W+){{0,2}}?{re.escape(words[1])}", folded
        ):
            for start, end in ((match.start, match.start + 1), (match.start + 1, match.end)):
                kept += [Match(m.concept, m.term, m.start + start, m.end + start) for m in lexicon.find(tokens[start:end], prefer=language)]
            continue
        kept.append(match)
    return sorted(kept, key=lambda m: (m.start, m.concept.id))


def word_forms(index: Any) -> dict[str, dict[str, tuple[str, ...]]]:  # noqa: ANN401  (store.bm25.BM25Index)
    """``{lang: {stem: tokens}}`` over the index's vocabulary, each list by document frequency; under
    ``"<lang>:one"`` the stems the index writes one way only."""
    vocabulary = [token for token in index.vocabulary if token.isalpha() and len(token) > 3]
    frequency = {token: index.document_frequency(token) for token in vocabulary}
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for lang in STEM_LANGUAGES:
        by_stem: dict[str, list[str]] = {}
        for token, token_stem in zip(vocabulary, stem_many(vocabulary, lang)):
            by_stem.setdefault(token_stem, []).append(token)
        found[lang] = {s: tuple(sorted(tokens, key=lambda t: -frequency[t])) for s, tokens in by_stem.items() if len(tokens) > 1}
        # a stem the index writes one way only, for the dictionary's translations (« boisson » → « boissons »)
        found[f"{lang}:one"] = {s: tuple(tokens) for s, tokens in by_stem.items() if len(tokens) == 1}
    return found


def _word(token: str, lang: str, forms: dict[str, dict[str, tuple[str, ...]]] | None, factor: float) -> tuple[tuple[str, float], ...]:
    """The forms of one word: itself at 1.0, then other forms of its stem in the index at ``factor``."""
    if not forms or lang not in forms or factor <= 0:
        return ((token, 1.0),)
    others = [t for t in forms[lang].get(stem(token, lang), ()) if t != token][:MAX_FORMS]
    return ((token, 1.0), *((t, factor) for t in others))


# Words whose plural says another thing: « les termes du contrat », "the terms of the Lease" are its provisions, not its
# term (walkthrough 19: a side letter's "on the terms of the Lease" held the « expire » asked of the lease)
_OTHER_PLURALS = frozenset({"terms", "termes"})


def _with_forms(terms: tuple[tuple[str, ...], ...], lang: str, forms: dict | None) -> list[tuple[str, ...]]:
    """Translations with the other forms their word takes in the index (« boisson » → « boissons »): a
    dictionary gives the singular, a passage writes what it writes (not a plural that says another thing,
    :data:`_OTHER_PLURALS`)."""
    found: list[tuple[str, ...]] = []
    for term in terms:
        found.append(term)
        if len(term) == 1 and forms and lang in forms:
            stemmed = stem(term[0], lang)
            found.extend(
                (form,) for form in (*forms[lang].get(stemmed, ()), *forms[f"{lang}:one"].get(stemmed, ()))
                if form != term[0] and form not in _OTHER_PLURALS
            )
    return found


def question_groups(tokens: list[str], language: str, forms: dict | None, forms_weight: float) -> list[QueryGroup]:
    """The question's own words, each at its count (as plain BM25 scores them)."""
    lang = language if language in STEM_LANGUAGES else "fr"
    return [
        QueryGroup(float(count), ((_word(token, lang, forms, forms_weight),),), "asked")
        for token, count in Counter(tokens).items()
    ]


def notion_groups(
    matches: list[Match], tokens: list[str], weight: float, forms: dict | None, forms_weight: float, *, language: str | None = None,
    same_language_weight: float | None = None,
) -> list[QueryGroup]:
    """Per notion found, its other terms, the best of them counting: those in the other language at
    ``weight``, those in the question's ``language`` (synonyms, not translations) at
    ``same_language_weight`` (``weight`` when not given) — in a corpus of one language, synonyms of the
    question's words find more passages that are not about it (French labour-code questions)."""
    asked = set(tokens)
    seen_terms: set[tuple[str, tuple[str, ...]]] = {(m.term.lang, m.term.stems) for m in matches}
    # A word of several senses (« franchise »: a deductible, a franchise agreement, an indemnity
    # threshold) spreads its expansion over them: each sense weighs a share.
    # Notions of one span that name a clause type in common are one sense (the glossary's
    # « résiliation » and the clause library's); everyday words (« durée »: "period") are not a sense.
    spans: dict[tuple[int, int], dict[str, Any]] = {}
    for m in matches:
        spans.setdefault((m.start, m.end), {})[m.concept.id] = m.concept
    sharing = {
        cid: min(distinct_senses([c for c in spans[(m.start, m.end)].values() if c.kind != "word"]) for m in matches if m.concept.id == cid)
        for cid in {m.concept.id for m in matches}
    }
    groups: list[QueryGroup] = []
    for concept in dict((m.concept.id, m.concept) for m in matches).values():
        if concept.kind in DESCRIBING:
            continue  # « contrat » for "agreement" finds every passage
        same_weight = weight if same_language_weight is None or language is None else same_language_weight
        terms: dict[bool, list] = {True: [], False: []}
        ordered: list = []
        count = 0
        for term in concept.terms:
            key = (term.lang, term.stems)
            if key in seen_terms or set(term.tokens) <= asked:
                continue  # the user's own words, or a wording another notion already brings
            seen_terms.add(key)
            wording = tuple(_word(token, term.lang, forms, forms_weight) for token in term.tokens)
            terms[language is not None and term.lang == language].append(wording)
            ordered.append(wording)
            count += 1
            if count == MAX_TERMS_PER_NOTION:
                break
        factor = WORD_KIND_FACTOR if concept.kind == "word" else 1.0 / sharing[concept.id]
        if same_weight == weight:
            if ordered:
                groups.append(QueryGroup(weight * factor, tuple(ordered), f"notion:{concept.id}"))
            continue
        if terms[False]:
            groups.append(QueryGroup(weight * factor, tuple(terms[False]), f"notion:{concept.id}"))
        if terms[True] and same_weight > 0:
            groups.append(QueryGroup(same_weight * factor, tuple(terms[True]), f"notion:{concept.id}:same-language"))
    return groups


def other_language(language: str) -> str:
    return {"fr": "en", "en": "fr"}.get(language, "fr")


def dictionary_translations(
    tokens: list[str], matches: list[Match], language: str, dictionary: Dictionary | None, identity: frozenset[str] = frozenset(),
) -> dict[str, tuple[tuple[str, ...], ...]]:
    """``{word: translations}`` for the words of the question that no notion of the glossary covers,
    from the FreeDict dictionary (none without it, or for a question in neither language): function
    words, numbers, the named contracts' ``identity`` words and words of the glossary's notions are
    left out, and so are translations that are function words of the other language."""
    if dictionary is None or language not in ("fr", "en"):
        return {}
    covered = {i for m in matches for i in range(m.start, m.end)}
    asked = set(tokens)
    found: dict[str, tuple[tuple[str, ...], ...]] = {}
    for position, token in enumerate(tokens):
        if position in covered or token in found or token in identity or not token.isalpha() or len(token) < 3 or is_function_word(token):
            continue
        translations = tuple(
            t for t in dictionary.translations(token, language) if not set(t) <= asked and not all(is_function_word(w) for w in t)
        )  # « entre »: "between" frames the question in English, it asks nothing
        if translations:
            found[token] = translations
    return found


def dictionary_groups(
    translated: dict[str, tuple[tuple[str, ...], ...]], weight: float, forms: dict | None, forms_weight: float, lang: str,
) -> list[QueryGroup]:
    """One group per translated word: its translations, the best of them counting, at ``weight``."""
    return [
        QueryGroup(weight, tuple(tuple(_word(token, lang, forms, forms_weight) for token in term) for term in terms), f"dictionary:{word}")
        for word, terms in translated.items()
    ]


def distinct_senses(concepts: list[Any]) -> int:
    """How many senses ``concepts`` (matched on one span) are: those that share a clause type are one."""
    senses: list[set[str]] = []
    for concept in concepts:
        types = set(concept.types)
        joined = [sense for sense in senses if types & sense]
        for sense in joined:
            senses.remove(sense)
            types |= sense
        senses.append(types if types else {f"notion:{concept.id}"})
    return max(1, len(senses))


def with_translations(query: str, matches: list[Match], language: str) -> str:
    """The question followed by the first term, in the other language, of each notion it names; a
    word that several everyday-word notions read ("law": « droit » and « loi ») brings the first one's
    only, so that the embedder reads one translation per word asked."""
    other = {"fr": "en", "en": "fr"}.get(language)
    if other is None:
        return query
    added = []
    translated_words: set[tuple[int, int]] = set()
    seen: set[str] = set()
    for match in matches:
        concept = match.concept
        if concept.kind in DESCRIBING:
            continue
        if concept.kind == "word":
            if (match.start, match.end) in translated_words:
                continue
            translated_words.add((match.start, match.end))  # even by a notion already translated: "which law … which law"
        if concept.id in seen:
            continue
        seen.add(concept.id)
        terms = concept.terms_in(other)
        if terms and terms[0].text not in added:
            added.append(terms[0].text)
    return f"{query} ({'; '.join(added)})" if added else query


def naming_positions(matches: list[Match], named_kinds: frozenset[str] = frozenset()) -> set[int]:
    """Positions of the question's words that name the document rather than ask about a clause: the
    document itself (« contrat »), or the kind of the contracts the question named (``named_kinds``,
    the glossary's contract notions). In "which courts hear disputes under the Northbeam software
    licence?", asked of the Northbeam licence agreement, « licence » names it: no licence-grant clause
    is asked about."""
    return {i for m in matches if m.concept.kind in DESCRIBING or m.concept.id in named_kinds for i in range(m.start, m.end)}


def asked_types(matches: list[Match], naming: set[int]) -> list[str]:
    """The clause types of the notions the question names, but for the words at the ``naming``
    positions (:func:`naming_positions`)."""
    return list(dict.fromkeys(t for m in matches if naming.isdisjoint(range(m.start, m.end)) for t in m.concept.types))


def without_words(text: str, words: set[str]) -> str:
    """``text`` folded, without the (folded) ``words``."""
    folded = fold(text)
    if not words:
        return folded
    pattern = re.compile(r"(?<![\w])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w])")
    return " ".join(pattern.sub(" ", folded).split())


def idf(document_frequency: int, chunks: int) -> float:
    """BM25's (Lucene) inverse document frequency."""
    return math.log(1 + (chunks - document_frequency + 0.5) / (document_frequency + 0.5))


COGNATE_RATIO = 0.85  # "environmental" and « environnementales », "studies" and « études »: one name in two languages
COGNATE_PREFIX = 4
COGNATE_MIN_CHARS = 6


def names_in_other_language(token: str, identity: frozenset[str], translations: tuple[tuple[str, ...], ...] = ()) -> bool:
    """Whether a word of the question is one of the named contracts' ``identity`` words, in its own language or the other:
    the word itself, a dictionary translation of it (« agence » of the named "Agency Agreement"; "studies" → « étude » of
    the file « contrat_etudes_environnementales »: a singular of an identity word counts), or a cognate spelled alike
    ("environmental" of « environnementales »: same first letters, most letters in common)."""
    if not identity:
        return False
    if token in identity:
        return True
    if translations:
        forms = identity | {form for word in identity for lang in ("fr", "en") for form in singulars(word, lang)}
        if any(set(term) <= forms for term in translations):
            return True
    # a cognate is the name in the other language: not the same word in another form ("manufacturer" asked of a party
    # "… Manufacture", « système » of "Keralis Systems": one stem in either language — the word is asked, a review)
    return len(token) >= COGNATE_MIN_CHARS and any(
        len(word) >= COGNATE_MIN_CHARS and word[:COGNATE_PREFIX] == token[:COGNATE_PREFIX]
        and SequenceMatcher(None, token, word).ratio() >= COGNATE_RATIO
        and all(stem(token, lang) != stem(word, lang) for lang in STEM_LANGUAGES)
        for word in identity
    )


def asked_units(
    tokens: list[str], matches: list[Match], language: str, forms: dict | None, index: Any, describing: frozenset[str] = DESCRIBING,  # noqa: ANN401
    identity: frozenset[str] = frozenset(), translated: dict[str, tuple[tuple[str, ...], ...]] | None = None,
    prefixed: dict[str, str] | None = None, named_kinds: frozenset[str] = frozenset(), described: set[int] | frozenset[int] = frozenset(),
) -> list[dict]:
    """Each distinct word asked: ``{"token", "terms": [[tokens], ...], "weight"}``; a passage covers the
    word when it holds one of those terms whole (the word itself, another form of it, or a term of a
    notion the word is part of, in either language). Words of notions of the ``describing`` kinds
    (the document itself, and inside a named contract its kind and subject — of a kind other than the scope's ``named_kinds``, a word
    that also names a clause's notion is asked) and the ``identity`` words
    of the named contracts (their parties, title, file name) are left out, and so are the ``described`` positions (what a named
    contract is of, :func:`pipelines.routers.scoping.named_of_words`) and function words
    (:mod:`greffier.text.function_words`: "could", "before", « doit »), which frame the question.

    A word weighs BM25's IDF of its most frequent wording in the workspace (the notion's, across
    languages); a word no passage holds in any wording weighs :data:`UNKNOWN_WEIGHT` (it tells no
    passage from another, but a question about something absent must not be covered by the rest).
    A word's dictionary translations (``translated``, :func:`dictionary_translations`) count as it in a
    passage, but do not change its weight: a loose translation must not make the word common; a word
    one of whose translations is an ``identity`` word names the contract, and is left out too.

    A word the question writes only after a prefix and a hyphen (``prefixed``, :func:`prefixed_words`): after « sous- » or
    "sub-" (« sous-louer ») it counts whole — with its prefix, joined to it, or as a wording of a notion that holds the
    prefix — never alone; after another prefix ("non-exclusive") it counts alone; the prefix is no word asked.
    """
    lang = language if language in STEM_LANGUAGES else "fr"
    chunks = len(index) if index is not None else 0
    # … but a word of a kind the scope did not name that also names a clause's notion is asked (« la franchise … dans la police »: the
    # insurance deductible, not a franchise agreement; walkthrough 21)
    clause_spans = {(m.start, m.end) for m in matches if m.concept.kind == "clause"} if named_kinds else set()
    left_out = {
        i for m in matches
        if m.concept.kind in describing and not (m.concept.kind == "contract" and m.concept.id not in named_kinds and (m.start, m.end) in clause_spans)
        for i in range(m.start, m.end)
    } | set(described)
    # the words of a clause's notion the question writes in several words ("change of control", « droit de préemption »): each is
    # held, alone, only by a passage that holds its partners too, or a wording of the notion — the price article's "may change the
    # price list" holds no "change" of control (the demo's UK distribution agreement, asked whether it has a change-of-control clause)
    partners: dict[str, set[str]] = {}
    for m in matches:
        words = {tokens[i] for i in range(m.start, m.end) if i not in left_out and not is_function_word(tokens[i])}
        if m.concept.kind == "clause" and len(words) > 1:
            for word in words:
                partners.setdefault(word, set()).update(words - {word})
    alone: dict[str, list[tuple[str, ...]]] = {}  # a word's own forms and its dictionary translations
    for token in partners.keys() | {p for ps in partners.values() for p in ps}:
        alone[token] = list(dict.fromkeys([
            (token,), *((form,) for form, _factor in _word(token, lang, forms, 1.0)[1:]),
            *_with_forms((translated or {}).get(token, ()), other_language(lang), forms),
        ]))
    units = []
    prefixes = set((prefixed or {}).values())
    for token in dict.fromkeys(tokens):
        positions = {i for i, t in enumerate(tokens) if t == token}
        prefix = (prefixed or {}).get(token)
        if token in prefixes and token not in (prefixed or {}):
            continue  # « sous » of « sous-louer »: part of the word that follows it
        if positions <= left_out or is_function_word(token) or names_in_other_language(token, identity, (translated or {}).get(token, ())):
            continue
        terms: list[tuple[str, ...]] = [(token,)]
        own_forms = [(form,) for form, _factor in _word(token, lang, forms, 1.0)[1:]]
        terms.extend(own_forms)
        weighed = list(terms)  # the word's weight is read on its own forms and the notion's wordings as the glossary writes them
        prefix = prefix if prefix in WHOLE_WORD_PREFIXES else None  # "non-exclusive" asks about exclusivity: the word alone counts
        if prefix:
            # the whole word only: with its prefix, joined to it, or a notion whose wording holds the prefix too
            terms = [(prefix, token), *((form,) for form, _factor in _word(prefix + token, lang, forms, 1.0))]
        for match in matches:
            if positions & set(range(match.start, match.end)) and (not prefix or match.start < min(positions)):
                # each wording of the notion with the forms its word takes in the index, in its own language: the
                # glossary writes "report", the Consultant's article "All reports …" (« rapports » is asked)
                for term in match.concept.terms:
                    terms.extend(_with_forms((term.tokens,), term.lang, forms))
                    weighed.append(term.tokens)
        terms = list(dict.fromkeys(terms))
        weight = 1.0
        if index is not None and chunks:
            frequency = max(index.document_frequency(term[0]) for term in weighed if len(term) == 1)
            weight = idf(frequency, chunks) if frequency else UNKNOWN_WEIGHT
        if not prefix:  # a dictionary translates the word alone (« louer » → "rent")
            terms = list(dict.fromkeys([*terms, *_with_forms((translated or {}).get(token, ()), other_language(lang), forms)]))
        unit = {"token": token, "terms": [list(t) for t in terms], "weight": round(weight, 4)}
        notion = set(weighed[len(own_forms) + 1 :])  # the notion's wordings as the glossary writes them
        itself = any(term in notion for term in alone.get(token, ())) or any(
            len(t) == 1 and same_family(t[0], token) for t in notion
        )
        if not prefix and token in partners and not itself:
            # held alone (its own forms, its translations) only beside its partners: see :func:`pipelines.rankers.relevance.held_terms`;
            # not a word that is itself a wording of the notion, in some form or language ("control", « contrôlé »: the review)
            unit["alone"] = [list(t) for t in alone[token] if t not in notion]
            unit["partners"] = [[list(t) for t in alone[word]] for word in sorted(partners[token])]
        # the words the index's stemmer alone joins to it ("office" to "officer"), not a notion's wordings: the relevance check
        # may set them aside for the noun asked (:func:`pipelines.rankers.relevance.own_forms`)
        stemmed_only = [list(f) for f in own_forms if f not in notion]
        if stemmed_only:
            unit["stem_forms"] = stemmed_only
        if index is not None and chunks and not any(all(index.document_frequency(word) for word in term) for term in terms):
            if not prefix and (near := index.near_spellings(token)):
                # a name the other language ends with an « a » for an « e »: « Philadelphie » asked, "Philadelphia" written (walkthrough 33)
                unit["terms"] = [*unit["terms"], *([word] for word in near)]
                unit["near_spelling"] = near
            else:
                unit["absent"] = True  # no passage of the workspace holds it, in any wording nor translation
        units.append(unit)
    return units
