"""BM25 engines compared: bm25s (Greffier's lexical index, :class:`store.bm25.BM25Index`) and rank-bm25.

The corpus is synthetic French / English contract prose (100–300 words a chunk) drawn from a hand-made
legal vocabulary with a Zipf–Mandelbrot law, plus party names, article numbers, amounts and dates,
so that the postings look like those of real contracts (a few very frequent words, a long tail of rare
ones). Both engines index the same tokens, from :func:`greffier.text.tokens.tokenize`, with k1 = 1.2 and
b = 0.75.

They do not use the same IDF: bm25s in Greffier is the Lucene variant, ``log(1 + (N - df + 0.5) /
(df + 0.5))``, always positive; rank-bm25's ``BM25Okapi`` uses Robertson's ``log((N - df + 0.5) /
(df + 0.5))`` and replaces the negative values (terms in more than half of the chunks) by
``0.25 × mean IDF``. So a third engine, rank-bm25 with the Lucene IDF, checks that the two
implementations agree when the formula is the same (bm25s also drops Lucene's constant ``k1 + 1``
factor, which changes no ranking). Remaining differences are near-ties at the cut: bm25s scores in
float32, rank-bm25 in float64.
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from devtools.bench.metrics import percentile
from store.bm25 import BM25Index
from greffier.text import tokenize

K1 = 1.2
B = 0.75
TOP_N = 10
SIZES = (1_000, 10_000, 100_000)

# --- synthetic legal prose -----------------------------------------------------------------------

_FR_WORDS = """
contrat convention accord avenant clause article annexe partie parties cocontractant prestataire client
fournisseur distributeur licencié concédant bailleur preneur vendeur acheteur mandataire salarié employeur
société filiale groupe actionnaire associé dirigeant gérant représentant signataire bénéficiaire garant
durée terme échéance prorogation renouvellement reconduction tacite résiliation résolution rupture
préavis délai notification mise demeure manquement inexécution défaillance faute grave lourde force
majeure cas fortuit responsabilité indemnité indemnisation dommages intérêts pénalité plafond limitation
exclusion garantie caution sûreté nantissement hypothèque privilège créance dette paiement facture prix
tarif redevance loyer honoraires commission remise acompte échéancier intérêts retard taux légal
confidentialité secret information divulgation propriété intellectuelle marque brevet logiciel savoir-faire
licence cession transfert apport exclusivité territoire concurrence non-concurrence non-sollicitation
clientèle fonds commerce bail commercial local destination travaux réparations entretien charges impôts
taxes assurance sinistre franchise police attestation conformité réglementation données personnelles
traitement sous-traitant audit contrôle inspection livraison réception réserves recette conformité
défaut vice caché éviction transfert risques propriété réserve pénalités conciliation médiation arbitrage
tribunal juridiction compétence droit applicable litige différend contestation expertise preuve
signature date entrée vigueur effet prise condition suspensive résolutoire obligation moyens résultat
engagement déclaration garantie passif actif bilan comptes exercice social assemblée générale décision
unanimité majorité quorum vote mandat pouvoir délégation procuration domicile siège registre commerce
licenciement démission période essai rémunération salaire prime congés payés heures supplémentaires
durée travail temps partiel télétravail reclassement formation ancienneté classification coefficient
""".split()

_EN_WORDS = """
agreement contract amendment schedule exhibit clause section party parties counterparty supplier customer
distributor licensee licensor landlord tenant seller buyer purchaser agent employee employer company
affiliate subsidiary shareholder member director officer representative signatory beneficiary guarantor
term termination expiry renewal extension notice period breach default remedy cure failure material
force majeure event liability indemnity indemnification damages consequential indirect cap limitation
exclusion warranty representation guarantee security pledge lien mortgage receivable debt payment invoice
price fee fees royalty rent commission discount deposit instalment interest late rate statutory
confidentiality confidential information disclosure intellectual property trademark patent software
know-how license licence assignment transfer exclusivity territory competition non-compete
non-solicitation goodwill lease premises use works repairs maintenance charges taxes insurance claim
deductible policy certificate compliance regulation personal data processing processor audit inspection
delivery acceptance rejection conformity defect latent title risk retention penalty conciliation
mediation arbitration court jurisdiction venue governing law dispute controversy expert evidence
signature effective date commencement condition precedent subsequent obligation covenant undertaking
reasonable efforts best endeavours liabilities assets accounts fiscal year meeting resolution unanimous
majority quorum vote power attorney delegation registered office notices successors assigns severability
waiver entire counterparts headings survival relationship independent contractor employment salary bonus
""".split()

_FR_FUNCTION = """le la les de des du un une et ou en au aux par pour sur dans avec sans sous
que qui dont est sont sera seront doit doivent peut peuvent ce cette ces son sa ses leur leurs ne pas
plus tout toute tous toutes chaque lors dès afin selon entre""".split()

_EN_FUNCTION = """the of and or to in on by for with without under that which whose is are shall will
must may this these such any all each its their not no upon within between prior pursuant hereto
thereof herein hereunder""".split()

_SYLLABLES = "ba cor del fi gan hel ir jo ka lor men nor pra quin ros sal tor ur vel wex zan tri bel mar".split()
_SUFFIXES_FR = ("", "s", "e", "es", "ment", "ion")
_SUFFIXES_EN = ("", "s", "ed", "ing", "al", "ly")
_VOWELS = "aeiouhéè"
_ELIDED = {"le": "l'", "la": "l'", "de": "d'", "que": "qu'"}


def _variants(words: Sequence[str], suffixes: Sequence[str], rng: np.random.Generator) -> list[str]:
    """Each word, then a few inflected forms of a random half of them (words of a real text inflect)."""
    out = list(words)
    for word in words:
        if rng.random() < 0.5:
            out += [word + s for s in rng.choice(suffixes[1:], size=2, replace=False)]
    return out


def _rare_terms(count: int, rng: np.random.Generator) -> list[str]:
    """Party names, places and defined terms: the long tail of a contract corpus's vocabulary."""
    terms: set[str] = set()
    while len(terms) < count:
        wanted = 2 * (count - len(terms))
        lengths = rng.integers(2, 5, size=wanted)
        syllables = rng.integers(0, len(_SYLLABLES), size=(wanted, 4))
        for length, row in zip(lengths, syllables):
            terms.add("".join(_SYLLABLES[i] for i in row[:length]))
            if len(terms) == count:
                break
    return sorted(terms)


def _zipf_probabilities(size: int, exponent: float = 1.07, shift: float = 2.7) -> np.ndarray:
    weights = 1.0 / np.power(np.arange(1, size + 1) + shift, exponent)
    return weights / weights.sum()


@dataclass(frozen=True)
class _Language:
    common: list[str]
    common_p: np.ndarray
    function: list[str]


# Shares of the words of a chunk (the rest are common legal words of the chunk's language).
_FUNCTION_SHARE = 0.42
_RARE_SHARE = 0.06
_NUMBER_SHARE = 0.03


def _languages(rng: np.random.Generator) -> dict[str, _Language]:
    languages = {}
    for name, words, suffixes, function in (
        ("fr", _FR_WORDS, _SUFFIXES_FR, _FR_FUNCTION),
        ("en", _EN_WORDS, _SUFFIXES_EN, _EN_FUNCTION),
    ):
        common = _variants(words, suffixes, rng)
        rng.shuffle(common)
        languages[name] = _Language(common, _zipf_probabilities(len(common)), function)
    return languages


def _number(rng: np.random.Generator) -> str:
    kind = rng.integers(0, 4)
    if kind == 0:
        return f"L{rng.integers(1000, 9000)}-{rng.integers(1, 40)}"
    if kind == 1:
        return f"{rng.integers(1, 999)} {rng.integers(0, 999):03d}"
    if kind == 2:
        return f"{rng.integers(1, 29):02d}/{rng.integers(1, 13):02d}/{rng.integers(1995, 2026)}"
    return f"{rng.integers(1, 100)} %"


def synthetic_chunks(count: int, *, seed: int = 0, min_words: int = 100, max_words: int = 300) -> list[str]:
    """``count`` chunks of legal-looking prose, 60 % French and 40 % English, reproducible by ``seed``."""
    rng = np.random.default_rng(seed)
    languages = _languages(rng)
    rare = _rare_terms(30_000, rng)
    french = rng.random(count) < 0.6
    lengths = rng.integers(min_words, max_words + 1, size=count)
    total = int(lengths.sum())
    # Every random draw is made at once: a draw per word would be slow at 100k chunks.
    kind = rng.choice(4, size=total, p=[_FUNCTION_SHARE, _RARE_SHARE, _NUMBER_SHARE, 1 - _FUNCTION_SHARE - _RARE_SHARE - _NUMBER_SHARE])
    common = {name: rng.choice(len(lang.common), size=total, p=lang.common_p) for name, lang in languages.items()}
    rare_index = rng.choice(len(rare), size=total, p=_zipf_probabilities(len(rare)))
    function_index = rng.integers(0, 64, size=total)
    has_comma = rng.random(total) < 0.05
    sentence_lengths = rng.integers(8, 29, size=total)
    chunks = []
    position = 0
    for chunk_index in range(count):
        is_french = bool(french[chunk_index])
        name = "fr" if is_french else "en"
        language = languages[name]
        words: list[str] = []
        sentence_left = 0
        for i in range(position, position + int(lengths[chunk_index])):
            if kind[i] == 0:
                word = language.function[function_index[i] % len(language.function)]
            elif kind[i] == 1:
                word = rare[rare_index[i]].capitalize()
            elif kind[i] == 2:
                word = _number(rng)
            else:
                word = language.common[common[name][i]]
            if is_french and words and words[-1] in _ELIDED and word[0] in _VOWELS:
                words[-1] = _ELIDED[words[-1]] + word
                continue
            if sentence_left == 0:
                word = word[:1].upper() + word[1:]
                sentence_left = int(sentence_lengths[i])
            sentence_left -= 1
            words.append(word + ("." if sentence_left == 0 else ("," if has_comma[i] else "")))
        position += int(lengths[chunk_index])
        chunks.append(" ".join(words))
    return chunks


def synthetic_queries(token_lists: Sequence[Sequence[str]], count: int, *, seed: int = 1) -> list[list[str]]:
    """``count`` queries of 2–5 distinct tokens taken from random chunks (so each has an answer)."""
    rng = np.random.default_rng(seed)
    queries: list[list[str]] = []
    while len(queries) < count:
        tokens = list(dict.fromkeys(token_lists[int(rng.integers(0, len(token_lists)))]))
        if len(tokens) < 5:
            continue
        picked = rng.choice(len(tokens), size=int(rng.integers(2, 6)), replace=False)
        queries.append([tokens[i] for i in sorted(picked)])
    return queries


# --- engines -------------------------------------------------------------------------------------


class RankBM25Okapi(BM25Okapi):
    """rank-bm25's ``BM25Okapi`` that keeps its document frequencies, so another IDF can be derived."""

    def _initialize(self, corpus: list[list[str]]) -> dict[str, int]:
        document_frequency = super()._initialize(corpus)
        self.document_frequency = document_frequency
        return document_frequency


def with_lucene_idf(model: RankBM25Okapi) -> RankBM25Okapi:
    """A copy of ``model`` (postings shared) scoring with the Lucene IDF, the one bm25s uses."""
    clone = copy.copy(model)
    n = model.corpus_size
    clone.idf = {term: math.log(1 + (n - df + 0.5) / (df + 0.5)) for term, df in model.document_frequency.items()}
    return clone


def _rank_bm25_top(model: BM25Okapi, query: Sequence[str], top_n: int) -> tuple[list[int], np.ndarray]:
    scores = model.get_scores(list(query))
    order = np.argsort(scores)[::-1][:top_n]
    return [int(i) for i in order if scores[i] > 0], scores


@dataclass
class EngineRun:
    """One engine on one corpus: build time, per-query latencies and top ids."""

    name: str
    build_s: float
    query_ms: list[float]
    top_ids: list[list[int]]

    def summary(self) -> dict[str, float]:
        return {
            "build_s": round(self.build_s, 3),
            "query_p50_ms": round(percentile(self.query_ms, 50), 3),
            "query_p95_ms": round(percentile(self.query_ms, 95), 3),
        }


def _timed_queries(search: Callable[[Sequence[str]], list[int]], queries: Sequence[Sequence[str]]) -> tuple[list[float], list[list[int]]]:
    search(queries[0])  # warm-up, not timed
    times, tops = [], []
    for query in queries:
        started = time.perf_counter()
        tops.append(search(query))
        times.append((time.perf_counter() - started) * 1000)
    return times, tops


def run_bm25s(token_lists: Sequence[list[str]], queries: Sequence[Sequence[str]], top_n: int = TOP_N) -> EngineRun:
    """Greffier's engine exactly as used: :class:`store.bm25.BM25Index` (bm25s, Lucene, k1 1.2, b 0.75)."""
    ids = [str(i) for i in range(len(token_lists))]
    started = time.perf_counter()
    index = BM25Index.build(ids, list(token_lists), generation=0)
    build_s = time.perf_counter() - started
    times, tops = _timed_queries(lambda q: [int(h.chunk_id) for h in index.search(list(q), top_n)], queries)
    return EngineRun("bm25s (Lucene IDF, in use)", build_s, times, tops)


def run_rank_bm25(
    token_lists: Sequence[list[str]], queries: Sequence[Sequence[str]], top_n: int = TOP_N
) -> tuple[EngineRun, EngineRun, RankBM25Okapi, RankBM25Okapi]:
    """rank-bm25 ``BM25Okapi`` (its own IDF) and the same postings with the Lucene IDF.

    Returns both runs and both models (to re-score near-ties).
    """
    started = time.perf_counter()
    okapi = RankBM25Okapi(list(token_lists), k1=K1, b=B)
    build_s = time.perf_counter() - started
    lucene = with_lucene_idf(okapi)
    times, tops = _timed_queries(lambda q: _rank_bm25_top(okapi, q, top_n)[0], queries)
    okapi_run = EngineRun("rank-bm25 BM25Okapi (Okapi IDF)", build_s, times, tops)
    times, tops = _timed_queries(lambda q: _rank_bm25_top(lucene, q, top_n)[0], queries)
    lucene_run = EngineRun("rank-bm25 + Lucene IDF", build_s, times, tops)
    return okapi_run, lucene_run, okapi, lucene


def agreement(
    ours: Sequence[Sequence[int]], theirs: Sequence[Sequence[int]], queries: Sequence[Sequence[str]], reference: BM25Okapi
) -> dict[str, Any]:
    """How often two engines return the same top ids, and how many differences are near-ties.

    A difference is a near-tie when every id only ``ours`` returns scores, under ``reference`` (float64),
    within 1e-5 (relative) of the last id ``theirs`` returns: the two lists are equally good.
    """
    same_set = same_order = ties = 0
    overlaps = []
    for a, b, query in zip(ours, theirs, queries):
        overlaps.append(len(set(a) & set(b)) / max(len(a), len(b), 1))
        if list(a) == list(b):
            same_order += 1
        if set(a) == set(b):
            same_set += 1
            continue
        scores = reference.get_scores(list(query))
        cut = scores[b[-1]] if b else 0.0
        tolerance = 1e-5 * max(1.0, float(np.max(scores)))
        if all(scores[i] >= cut - tolerance for i in set(a) - set(b)):
            ties += 1
    n = len(queries)
    return {
        "queries": n,
        "same_top_set": same_set / n,
        "same_top_order": same_order / n,
        "mean_overlap": sum(overlaps) / n,
        "different_sets": n - same_set,
        "differences_that_are_near_ties": ties,
    }


def compare_engines(chunks: int, *, queries: int = 50, seed: int = 0, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Generate ``chunks`` chunks, index them with each engine and compare speed and top-10 lists."""
    say = log or (lambda _message: None)
    started = time.perf_counter()
    texts = synthetic_chunks(chunks, seed=seed)
    generate_s = time.perf_counter() - started
    started = time.perf_counter()
    token_lists = [tokenize(text) for text in texts]
    tokenize_s = time.perf_counter() - started
    del texts
    query_tokens = synthetic_queries(token_lists, queries, seed=seed + 1)
    say(f"  {chunks} chunks generated in {generate_s:.1f}s, tokenised in {tokenize_s:.1f}s")
    ours = run_bm25s(token_lists, query_tokens)
    say(f"  bm25s: build {ours.build_s:.2f}s, p50 {percentile(ours.query_ms, 50):.2f} ms")
    okapi, lucene, okapi_model, lucene_model = run_rank_bm25(token_lists, query_tokens)
    say(f"  rank-bm25: build {okapi.build_s:.2f}s, p50 {percentile(okapi.query_ms, 50):.2f} ms")
    tokens = sum(len(t) for t in token_lists)
    vocabulary = len(okapi_model.document_frequency)
    return {
        "chunks": chunks,
        "queries": len(query_tokens),
        "tokens": tokens,
        "mean_tokens_per_chunk": round(tokens / chunks, 1),
        "vocabulary": vocabulary,
        "generate_s": round(generate_s, 2),
        "tokenize_s": round(tokenize_s, 2),
        "engines": {run.name: run.summary() for run in (ours, okapi, lucene)},
        "speedup_p50": percentile(okapi.query_ms, 50) / max(percentile(ours.query_ms, 50), 1e-9),
        "speedup_p95": percentile(okapi.query_ms, 95) / max(percentile(ours.query_ms, 95), 1e-9),
        "agreement": {
            "bm25s vs rank-bm25 BM25Okapi": agreement(ours.top_ids, okapi.top_ids, query_tokens, okapi_model),
            "bm25s vs rank-bm25 + Lucene IDF": agreement(ours.top_ids, lucene.top_ids, query_tokens, lucene_model),
        },
    }


def sizes_up_to(chunks: int) -> list[int]:
    """The standard sizes (1k, 10k, 100k) up to ``chunks``, and ``chunks`` itself."""
    sizes = [s for s in SIZES if s < chunks]
    return [*sizes, chunks]


def render_markdown(results: Sequence[dict[str, Any]]) -> str:
    """Speed and agreement tables of :func:`compare_engines` results."""
    lines = [
        f"BM25 engines on synthetic French/English legal chunks (k1 {K1}, b {B}, top {TOP_N}, same tokens from "
        "greffier.text.tokens.tokenize).",
        "",
        "| chunks | engine | index build (s) | query p50 (ms) | query p95 (ms) |",
        "|---:|---|---:|---:|---:|",
    ]
    for result in results:
        for name, engine in result["engines"].items():
            lines.append(f"| {result['chunks']:,} | {name} | {engine['build_s']:.2f} | {engine['query_p50_ms']:.2f} | {engine['query_p95_ms']:.2f} |")
    lines += [
        "",
        "| chunks | tokens / chunk | vocabulary | speed-up p50 (p95) | same top-10 vs Okapi | same top-10 vs Lucene IDF (near-ties) |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for result in results:
        okapi = result["agreement"]["bm25s vs rank-bm25 BM25Okapi"]
        lucene = result["agreement"]["bm25s vs rank-bm25 + Lucene IDF"]
        lines.append(
            f"| {result['chunks']:,} | {result['mean_tokens_per_chunk']} | {result['vocabulary']:,} | "
            f"{result['speedup_p50']:.0f}× ({result['speedup_p95']:.0f}×) | "
            f"{100 * okapi['same_top_set']:.0f} % (overlap {100 * okapi['mean_overlap']:.0f} %) | "
            f"{100 * lucene['same_top_set']:.0f} % ({lucene['differences_that_are_near_ties']} of {lucene['different_sets']} differences) |"
        )
    return "\n".join(lines) + "\n"
