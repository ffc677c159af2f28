"""Builder of the retrieval pipeline: the exact query to dense and BM25 retrievers, fusion, optional
cross-encoder rerank, and the final cut by ``top_k_final`` and ``min_score``.

``retriever`` picks ``hybrid`` (both), ``dense`` or ``bm25``; ``rerank`` adds the cross-encoder when
one is present locally (the builder is told by the caller, which resolved the model).
"""

from __future__ import annotations

from haystack import Pipeline

from greffier.config import Settings
from pipelines.embedders.text_embedder import GreffierTextEmbedder
from pipelines.joiners.fusion import HybridFusion
from pipelines.joiners.selector import FinalSelector
from pipelines.retrievers.workspace_retrievers import ChunkHydrator, DenseRetriever, LexicalRetriever

RETRIEVERS = ("hybrid", "dense", "bm25")
# Reranker defaults by device, from measured latency (docs/benchmarks.md, "Reranker cost"): on a CPU,
# bge-reranker-v2-m3 costs ~2-3 CPU-seconds per passage and small batches waste less padding.
RERANK_DEFAULTS = {"gpu": {"candidates": 20, "batch_size": 32}, "cpu": {"candidates": 10, "batch_size": 8}}


def rerank_parameters(settings: Settings) -> dict[str, int]:
    """``{"candidates", "batch_size", "max_length"}`` of the reranker: the settings, or the device's defaults."""
    from greffier.device import detect_device

    search = settings.search
    kind = "cpu" if detect_device(settings.models.device).kind == "cpu" else "gpu"
    return {
        "candidates": search.rerank_candidates or RERANK_DEFAULTS[kind]["candidates"],
        "batch_size": search.rerank_batch_size or RERANK_DEFAULTS[kind]["batch_size"],
        "max_length": search.rerank_max_length,
    }


def build_retrieval_pipeline(settings: Settings, *, retriever: str = "hybrid", rerank: bool = False) -> Pipeline:
    """An unwarmed retrieval pipeline over the workspace of ``settings``.

    Inputs: ``embedder.text`` and ``bm25.query`` (the same exact query), optional ``doc_ids`` on both
    retrievers, ``top_k`` overrides. Output: ``selector.documents``.
    """
    if retriever not in RETRIEVERS:
        raise ValueError(f"unknown retriever {retriever!r}: use one of {', '.join(RETRIEVERS)}")
    search = settings.search
    models = settings.models
    workspace = str(settings.workspace)
    pipeline = Pipeline()
    if retriever in ("hybrid", "dense"):
        pipeline.add_component(
            "embedder", GreffierTextEmbedder(model=models.embedder, models_dir=str(models.models_dir), device=models.device)
        )
        pipeline.add_component("dense", DenseRetriever(workspace=workspace, top_k=search.top_k_retrieval))
        pipeline.connect("embedder.embedding", "dense.query_embedding")
    if retriever in ("hybrid", "bm25"):
        pipeline.add_component("bm25", LexicalRetriever(workspace=workspace, top_k=search.top_k_retrieval))
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
    pipeline.add_component("hydrator", ChunkHydrator(workspace=workspace))
    pipeline.connect("fusion.documents", "hydrator.documents")
    last = "hydrator"
    if rerank:
        from pipelines.rankers.reranker import GreffierReranker

        pipeline.add_component(
            "reranker",
            GreffierReranker(
                model=models.reranker, models_dir=str(models.models_dir), device=models.device, top_k=search.top_k_retrieval,
                **rerank_parameters(settings),
            ),
        )
        pipeline.connect("hydrator.documents", "reranker.documents")
        last = "reranker"
    pipeline.add_component("selector", FinalSelector(top_k=search.top_k_final, min_score=search.min_score))
    pipeline.connect(f"{last}.documents", "selector.documents")
    return pipeline
