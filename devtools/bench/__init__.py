"""Benchmarks of Greffier: retrieval quality on public legal benchmarks, and the BM25 engine.

``python -m greffier bench retrieval`` ingests LegalBench-RAG-mini (CUAD, ContractNLI) and a French
labour-law set (Code du travail numérique) into cached scratch workspaces and scores every query with
BM25, dense, hybrid and hybrid + rerank retrieval (:mod:`devtools.bench.retrieval`);
``python -m greffier bench bm25`` compares the BM25 engine in use (bm25s) with rank-bm25 on synthetic
legal chunks (:mod:`devtools.bench.bm25_engines`). Results go to ``benchmarks/results/``.
"""
