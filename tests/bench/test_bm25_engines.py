"""bm25s (Greffier's index) against rank-bm25 on 500 synthetic legal chunks."""

from __future__ import annotations

import math

from devtools.bench.bm25_engines import (
    RankBM25Okapi,
    compare_engines,
    render_markdown,
    sizes_up_to,
    synthetic_chunks,
    synthetic_queries,
    with_lucene_idf,
)
from greffier.text import tokenize


def test_synthetic_chunks_are_reproducible_bilingual_legal_prose():
    chunks = synthetic_chunks(60, seed=4)
    assert chunks == synthetic_chunks(60, seed=4) and chunks != synthetic_chunks(60, seed=5)
    # 100-300 words drawn; elisions join two of them and amounts ("15 000", "12 %") split in two.
    assert all(80 <= len(chunk.split()) <= 360 for chunk in chunks)
    assert 150 <= sum(len(chunk.split()) for chunk in chunks) / len(chunks) <= 250
    text = " ".join(chunks)
    assert "contrat" in text.lower() or "résiliation" in text.lower()
    assert " the " in text or " shall " in text
    assert "l'" in text  # French elisions, split by the tokenizer
    assert all(tokenize(chunk) for chunk in chunks)


def test_queries_come_from_the_chunks():
    token_lists = [tokenize(chunk) for chunk in synthetic_chunks(30)]
    queries = synthetic_queries(token_lists, 10)
    assert len(queries) == 10
    vocabulary = {token for tokens in token_lists for token in tokens}
    assert all(2 <= len(q) <= 5 and len(set(q)) == len(q) and set(q) <= vocabulary for q in queries)


def test_lucene_idf_clone_shares_postings_and_is_positive():
    token_lists = [tokenize(chunk) for chunk in synthetic_chunks(40)]
    okapi = RankBM25Okapi(token_lists, k1=1.2, b=0.75)
    lucene = with_lucene_idf(okapi)
    assert lucene.doc_freqs is okapi.doc_freqs
    term, df = next(iter(okapi.document_frequency.items()))
    assert math.isclose(lucene.idf[term], math.log(1 + (40 - df + 0.5) / (df + 0.5)))
    assert all(value > 0 for value in lucene.idf.values())


def test_engines_agree_on_500_chunks_when_the_formula_is_the_same():
    result = compare_engines(500, queries=30, seed=0)
    assert result["chunks"] == 500 and result["queries"] == 30
    same_formula = result["agreement"]["bm25s vs rank-bm25 + Lucene IDF"]
    # Identical top-10 sets, except near-ties at the cut (float32 against float64 scores).
    assert same_formula["different_sets"] == same_formula["differences_that_are_near_ties"]
    assert same_formula["same_top_set"] >= 0.9
    assert result["agreement"]["bm25s vs rank-bm25 BM25Okapi"]["mean_overlap"] >= 0.8
    for engine in result["engines"].values():
        assert engine["build_s"] > 0 and 0 < engine["query_p50_ms"] <= engine["query_p95_ms"]
    markdown = render_markdown([result])
    assert "| 500 | bm25s (Lucene IDF, in use) |" in markdown and "speed-up" in markdown


def test_sizes_up_to():
    assert sizes_up_to(100_000) == [1_000, 10_000, 100_000]
    assert sizes_up_to(5_000) == [1_000, 5_000]
    assert sizes_up_to(500) == [500]
