"""Ranker components: the optional cross-encoder reranker."""

from greffier.models import reranker_available
from pipelines.rankers.reranker import GreffierReranker, RerankerBackend, RerankerBackendFactory

__all__ = ["GreffierReranker", "RerankerBackend", "RerankerBackendFactory", "reranker_available"]
