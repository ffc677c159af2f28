"""Passage search service: runs the retrieval pipeline and shapes the response.

Response: ``{"query", "results": [{"chunk_id", "file", "page", "page_end", "section", "score",
"text", ...}], "stages": {"dense_ms", "bm25_ms", "fusion_ms", "rerank_ms"}, "models": {...}}``.
"""

from __future__ import annotations

from typing import Any

from greffier.config import RETRIEVERS, FusionMethod, Settings
from greffier.errors import GreffierError
from greffier.models import models_in_use
from pipelines.retrieval import rerank_parameters, retrieval_inputs, run_retrieval, warmed_retrieval_pipeline
from store.workspace import open_workspace
from greffier.models import resolve_reranker

FUSION_MARGIN = 5


class SearchError(GreffierError):
    """A search request that cannot be run (bad parameter, empty query)."""


def _pipeline(settings: Settings, retriever: str, rerank: bool):  # noqa: ANN202
    """The warmed retrieval pipeline for these settings (kept in the workspace store)."""

    return warmed_retrieval_pipeline(settings, open_workspace(settings), retriever=retriever, rerank=rerank)


def reranker_in_use(settings: Settings, requested: bool | None = None) -> dict[str, Any]:
    """Whether a cross-encoder reranks, which one, and why not when it does not."""

    wanted = settings.search.rerank if requested is None else requested
    if not wanted:
        return {"active": False, "name": None, "reason": "rerank turned off"}
    spec = resolve_reranker(settings.models)
    if spec is None:
        return {"active": False, "name": None, "reason": "no cross-encoder found locally (bge-reranker-v2-m3 absent): results are not reranked"}
    return {"active": True, "name": spec.name, "reason": None}


def check_search_arguments(query: object, *, fusion: str | None = None, retriever: str = "hybrid", top_k: int | None = None) -> None:
    """Raise SearchError, saying what to do, for a search that cannot run as asked."""
    if not isinstance(query, str) or not query.strip():
        raise SearchError("empty query: type a question or some words to search for")
    if fusion is not None and fusion not in {m.value for m in FusionMethod}:
        raise SearchError(f"unknown fusion {fusion!r}: use one of {', '.join(m.value for m in FusionMethod)}")
    if retriever not in RETRIEVERS:
        raise SearchError(f"unknown retriever {retriever!r}: use {', '.join(RETRIEVERS)}")
    if top_k is not None and top_k < 1:
        raise SearchError("top-k must be at least 1")


def search(
    settings: Settings,
    query: str,
    *,
    top_k: int | None = None,
    top_k_retrieval: int | None = None,
    retriever: str = "hybrid",
    rerank: bool | None = None,
    fusion: str | None = None,
    min_score: float | None = None,
    doc_ids: list[str] | None = None,
    scope: bool | None = None,
) -> dict[str, Any]:
    """Search the workspace for ``query`` (used exactly as given). Raises SearchError on bad input.

    When the query names one contract clearly (``scope``, default ``search.scope_named_documents``;
    never when ``doc_ids`` is given), the search runs inside it for the query without its naming words;
    the response's ``scope`` says so (None otherwise). See :mod:`pipelines.routers.scoping`.
    """
    check_search_arguments(query, fusion=fusion, retriever=retriever, top_k=top_k)
    rerank_info = reranker_in_use(settings, rerank)
    if not open_workspace(settings).exists():
        return _empty_response(settings, query, retriever, fusion, rerank_info)
    pipeline = _pipeline(settings, retriever, rerank_info["active"])
    k_retrieval = top_k_retrieval or settings.search.top_k_retrieval
    # Fusion passes on what the next stages use (the final top-k, or the rerank candidates), plus a few
    # in case chunks vanished before hydration (a concurrent ingest), not all k_retrieval: Haystack
    # deep-copies every document between components, which was 40 % of a search (docs/benchmarks.md).
    k_final = top_k or settings.search.top_k_final
    needed = max(k_final, rerank_parameters(settings)["candidates"]) if rerank_info["active"] else k_final
    data = retrieval_inputs(
        query, top_k_retrieval=k_retrieval, fused=min(k_retrieval, needed + FUSION_MARGIN), top_k=top_k,
        min_score=min_score, fusion=fusion, doc_ids=doc_ids, scope=scope,
    )
    results, stages, scoped = run_retrieval(pipeline, data)
    models = models_in_use(settings)
    return {
        "query": query,
        "retriever": retriever,
        "fusion": fusion or settings.search.fusion.value,
        "results": results,
        "scope": scoped,
        "stages": stages,
        "models": {"embedder": models["embedder"]["name"], "reranker": rerank_info["name"], "rerank": rerank_info},
    }


def _empty_response(settings: Settings, query: str, retriever: str, fusion: str | None, rerank_info: dict[str, Any]) -> dict[str, Any]:
    """The response for a workspace where nothing was ever ingested."""
    stages = {"dense_ms": 0.0, "bm25_ms": 0.0, "fusion_ms": 0.0, "rerank_ms": 0.0, "total_ms": 0.0}
    return {
        "query": query, "retriever": retriever, "fusion": fusion or settings.search.fusion.value, "results": [], "scope": None,
        "stages": stages, "models": {"embedder": models_in_use(settings)["embedder"]["name"], "reranker": rerank_info["name"], "rerank": rerank_info},
    }
