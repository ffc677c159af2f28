"""Builder of the retrieval pipeline: the exact query to dense and BM25 retrievers, fusion, optional
cross-encoder rerank, and the final cut by ``top_k_final`` and ``min_score``.

``retriever`` picks ``hybrid`` (both), ``dense`` or ``bm25``; ``rerank`` adds the cross-encoder when
one is present locally (the builder is told by the caller, which resolved the model).
"""

from __future__ import annotations

import time
from typing import Any

from haystack import Document, Pipeline

from greffier.config import RETRIEVERS, Settings
from greffier.models import classifier_embedder
from pipelines.embedders.text_embedder import GreffierTextEmbedder
from pipelines.expanders.query_expansion import QueryExpander
from pipelines.joiners.fusion import HybridFusion
from pipelines.joiners.selector import FinalSelector
from pipelines.retrievers.workspace_retrievers import AmendedEnds, ChunkHydrator, DenseRetriever, LexicalRetriever, PartiesOpenings, SignatureBlocks
from pipelines.routers.scoping import ScopeResolver
from store.workspace import WorkspaceStore
from greffier.device import detect_device
from pipelines.rankers.reranker import GreffierReranker
from pipelines.rankers.clause_types import ClauseTypeRanker

# Reranker defaults by device, from measured latency (docs/benchmarks.md, "Reranker cost"): on a CPU,
# bge-reranker-v2-m3 costs ~2-3 CPU-seconds per passage and small batches waste less padding.
RERANK_DEFAULTS = {"gpu": {"candidates": 20, "batch_size": 32}, "cpu": {"candidates": 10, "batch_size": 8}}


def rerank_parameters(settings: Settings) -> dict[str, int]:
    """``{"candidates", "batch_size", "max_length"}`` of the reranker: the settings, or the device's defaults."""

    search = settings.search
    kind = "cpu" if detect_device(settings.models.device).kind == "cpu" else "gpu"
    return {
        "candidates": search.rerank_candidates or RERANK_DEFAULTS[kind]["candidates"],
        "batch_size": search.rerank_batch_size or RERANK_DEFAULTS[kind]["batch_size"],
        "max_length": search.rerank_max_length,
    }


def warmed_retrieval_pipeline(settings: Settings, store: WorkspaceStore, *, retriever: str = "hybrid", rerank: bool = False) -> Pipeline:
    """The retrieval pipeline of :func:`build_retrieval_pipeline`, warmed once and kept in ``store``
    (one per model, search and store settings)."""
    key = ("retrieval.pipeline", settings.model_dump_json(include={"models", "search", "store"}), retriever, rerank)

    def build() -> Pipeline:
        pipeline = build_retrieval_pipeline(settings, store, retriever=retriever, rerank=rerank)
        pipeline.warm_up()
        return pipeline

    return store.memo(key, build)


def build_retrieval_pipeline(settings: Settings, store: WorkspaceStore, *, retriever: str = "hybrid", rerank: bool = False) -> Pipeline:
    """An unwarmed retrieval pipeline over the workspace ``store``, configured by ``settings``.

    Inputs (see :func:`retrieval_inputs`): ``scope.question`` and optional ``scope.doc_ids`` (a filter:
    the search stays inside those contracts), ``top_k`` overrides. Output: ``selector.documents``, and
    ``scope.scope`` (the contracts the question named, or None).
    """
    pipeline = Pipeline()
    add_retrieval(pipeline, settings, store, retriever=retriever, rerank=rerank)
    return pipeline


def add_retrieval(
    pipeline: Pipeline, settings: Settings, store: WorkspaceStore, *, retriever: str = "hybrid", rerank: bool = False, translator: Any = None
) -> str:
    """Add the retrieval components to ``pipeline``: scope → (translator) → expander → (embedder → dense,
    BM25) → fusion → hydrator → (reranker) → clause types → selector. Returns the name of the last
    component ("selector").

    ``translator`` (a :class:`pipelines.routers.translation.QueryTranslator`) adds the question's
    translation to what the retrievers search; the reranker, the relevance check (what is asked) and the
    answer read the question itself."""
    if retriever not in RETRIEVERS:
        raise ValueError(f"unknown retriever {retriever!r}: use one of {', '.join(RETRIEVERS)}")
    search = settings.search
    models = settings.models
    pipeline.add_component("scope", ScopeResolver(store=store, enabled=search.scope_named_documents))
    searched = "scope.query"
    if translator is not None:
        pipeline.add_component("translator", translator)
        pipeline.connect("scope.query", "translator.query")
        searched = "translator.query"
    pipeline.add_component(
        "expander",
        QueryExpander(
            store=store, enabled=search.expansion, weight=search.expansion_weight, forms_weight=search.expansion_forms_weight,
            same_language_weight=search.expansion_same_language_weight, dictionary_weight=search.expansion_dictionary_weight,
            expand_dense=search.expand_dense,
        ),
    )
    pipeline.connect("scope.query", "expander.query")
    if translator is not None:  # searched beside the question; what is asked stays the question's
        pipeline.connect("translator.translation", "expander.translation")
    pipeline.connect("scope.scope", "expander.scope")
    if retriever in ("hybrid", "dense"):
        pipeline.add_component(
            "embedder", GreffierTextEmbedder(model=models.embedder, models_dir=str(models.models_dir), device=models.device)
        )
        pipeline.add_component("dense", DenseRetriever(store=store, top_k=search.top_k_retrieval))
        pipeline.connect("expander.dense_text", "embedder.text")
        pipeline.connect("scope.doc_ids", "dense.doc_ids")
        pipeline.connect("embedder.embedding", "dense.query_embedding")
    if retriever in ("hybrid", "bm25"):
        pipeline.add_component("bm25", LexicalRetriever(store=store, top_k=search.top_k_retrieval))
        pipeline.connect(searched, "bm25.query")
        pipeline.connect("expander.groups", "bm25.groups")
        pipeline.connect("scope.doc_ids", "bm25.doc_ids")
    pipeline.add_component(
        "fusion",
        HybridFusion(
            method=search.fusion.value,
            # A single retriever keeps its own scale (weight 1); hybrid uses the configured weights.
            dense_weight={"hybrid": search.dense_weight, "dense": 1.0, "bm25": 0.0}[retriever],
            lexical_weight={"hybrid": search.lexical_weight, "dense": 0.0, "bm25": 1.0}[retriever],
            rrf_k=search.rrf_k,
            top_k=search.top_k_retrieval,
        ),
    )
    if retriever in ("hybrid", "dense"):
        pipeline.connect("dense.documents", "fusion.dense")
    if retriever in ("hybrid", "bm25"):
        pipeline.connect("bm25.documents", "fusion.lexical")
    pipeline.add_component("hydrator", ChunkHydrator(store=store))
    pipeline.connect("fusion.documents", "hydrator.documents")
    pipeline.add_component("openings", PartiesOpenings(store=store))
    pipeline.connect("hydrator.documents", "openings.documents")
    pipeline.connect("scope.query", "openings.query")
    pipeline.connect("scope.scope", "openings.scope")
    pipeline.add_component("signatures", SignatureBlocks(store=store))
    pipeline.connect("openings.documents", "signatures.documents")
    pipeline.connect("scope.query", "signatures.query")
    pipeline.connect("scope.scope", "signatures.scope")
    pipeline.add_component("amended", AmendedEnds(store=store))
    pipeline.connect("signatures.documents", "amended.documents")
    pipeline.connect("scope.query", "amended.query")
    pipeline.connect("scope.scope", "amended.scope")
    pipeline.connect("expander.clause_types", "amended.clause_types")
    last = "amended"
    if rerank:
        pipeline.add_component(
            "reranker",
            GreffierReranker(
                model=models.reranker, models_dir=str(models.models_dir), device=models.device, top_k=search.top_k_retrieval,
                **rerank_parameters(settings),
            ),
        )
        pipeline.connect("scope.query", "reranker.query")
        pipeline.connect("amended.documents", "reranker.documents")
        last = "reranker"
    labeller = classifier_embedder(models.embedder)
    pipeline.add_component(
        "types",
        ClauseTypeRanker(
            weight=search.clause_type_weight, kind_weight=search.answer_kind_weight,
            classify_question=search.classify_question and retriever != "bm25", model=labeller,
            models_dir=str(models.models_dir), device=models.device, cache_dir=str(settings.data_dir / "cache"),
        ),
    )
    pipeline.connect(f"{last}.documents", "types.documents")
    pipeline.connect("expander.typed_query", "types.query")
    pipeline.connect("expander.clause_types", "types.clause_types")
    if retriever in ("hybrid", "dense") and labeller == models.embedder:
        pipeline.connect("embedder.embedding", "types.query_embedding")
    elif retriever in ("hybrid", "dense") and search.classify_question:
        # the question's clause types come from the labelling embedder's vector, not the searching one's
        pipeline.add_component("type_embedder", GreffierTextEmbedder(model=labeller, models_dir=str(models.models_dir), device=models.device))
        pipeline.connect("expander.dense_text", "type_embedder.text")
        pipeline.connect("type_embedder.embedding", "types.query_embedding")
    last = "types"
    pipeline.add_component("selector", FinalSelector(top_k=search.top_k_final, min_score=search.min_score))
    pipeline.connect(f"{last}.documents", "selector.documents")
    pipeline.connect("scope.scope", "selector.scope")
    pipeline.connect("scope.scope", "fusion.scope")
    pipeline.connect("scope.hint", "selector.hint")
    pipeline.connect("scope.hint", "fusion.hint")
    return "selector"


def retrieval_inputs(
    question: str,
    *,
    top_k_retrieval: int,
    fused: int,
    top_k: int | None = None,
    min_score: float | None = None,
    fusion: str | None = None,
    doc_ids: list[str] | None = None,
    scope: bool | None = None,
    follows: list[str] | None = None,
) -> dict[str, Any]:
    """The run inputs of a pipeline from :func:`build_retrieval_pipeline` for ``question``: each
    retriever returns ``top_k_retrieval`` passages, ``fused`` leave the fusion, ``top_k`` (or the
    configured final top-k) the selector. ``doc_ids`` keeps the search inside those contracts;
    ``scope`` turns the search inside the contracts the question names on or off (None: settings); ``follows``: the contracts a
    follow-up goes on about, named as if the question named them (:class:`pipelines.routers.scoping.ScopeResolver`)."""
    return {
        "scope": {"question": question, "doc_ids": doc_ids, "scope": scope, **({"follows": follows} if follows else {})},
        "dense": {"top_k": top_k_retrieval},
        "bm25": {"top_k": top_k_retrieval},
        "fusion": {"method": fusion, "top_k": fused},
        "selector": {"top_k": top_k, "min_score": min_score},
    }


def runnable(pipeline: Pipeline, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the inputs of components this pipeline does not have (a BM25-only pipeline
    has no dense retriever)."""
    names = set(pipeline.graph.nodes)
    return {name: inputs for name, inputs in data.items() if name in names}


def stage_times(outputs: dict[str, Any], total_ms: float) -> dict[str, float]:
    """The time of each retrieval stage of a run's outputs, in ms."""
    return {
        "dense_ms": round(outputs.get("dense", {}).get("ms", 0.0), 2),
        "bm25_ms": round(outputs.get("bm25", {}).get("ms", 0.0), 2),
        "fusion_ms": round(outputs.get("fusion", {}).get("ms", 0.0), 2),
        "rerank_ms": round(outputs.get("reranker", {}).get("ms", 0.0), 2),
        "total_ms": round(total_ms, 2),
    }


RETRIEVAL_OUTPUTS = frozenset({"scope", "translator", "expander", "dense", "bm25", "fusion", "reranker", "selector"})


def run_retrieval(pipeline: Pipeline, data: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, float], dict[str, Any] | None]:
    """Run a retrieval pipeline: the passages (:func:`passage`), the time of each stage in ms, and the
    scope (the contracts the question named, or None)."""
    found, stages, scope, _units = run_retrieval_asked(pipeline, data)
    return found, stages, scope


def run_retrieval_asked(
    pipeline: Pipeline, data: dict[str, Any],
) -> tuple[list[dict[str, Any]], dict[str, float], dict[str, Any] | None, list[dict[str, Any]]]:
    """:func:`run_retrieval`, and what the query asks as the query expander read it (its ``units``: each word and its wordings in
    both languages; empty without an expander), by which a caller tells a passage that holds all of it from one like it."""
    started = time.perf_counter()
    outputs = pipeline.run(runnable(pipeline, data), include_outputs_from=set(RETRIEVAL_OUTPUTS))
    stages = stage_times(outputs, (time.perf_counter() - started) * 1000)
    units = list(outputs.get("expander", {}).get("units") or [])
    return [passage(doc) for doc in outputs["selector"]["documents"]], stages, outputs.get("scope", {}).get("scope"), units


def passage(doc: Document) -> dict[str, Any]:
    """A retrieved chunk as the services return it: ids, file, page, section, scores and text."""
    meta = doc.meta
    return {
        "chunk_id": doc.id,
        "contract_id": meta.get("doc_id"),
        "file": meta.get("file"),
        "title": meta.get("title"),
        "page": meta.get("page"),
        "page_end": meta.get("page_end"),
        "section": meta.get("section"),
        "score": round(float(doc.score or 0.0), 6),
        "dense_score": meta.get("dense_score"),
        "bm25_score": meta.get("bm25_score"),
        "fused_score": meta.get("fusion_score"),  # the fusion's 0-1 score, before a rerank or a clause-type boost moved it
        "text": doc.content or "",
    }
