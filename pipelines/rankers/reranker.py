"""GreffierReranker: reorders retrieved chunks with a cross-encoder (bge-reranker-v2-m3).

The component is only built when :func:`greffier.models.reranker_available` says a reranker is present;
without one the retrieval pipeline keeps its fused order. The model is shared per process through
:class:`RerankerBackendFactory`, like the embedders' backends.
"""

from __future__ import annotations

import time

import json
import logging
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from haystack import Document, component

from greffier.config import ModelSettings
from greffier.device import DeviceInfo, available_cpu_threads, configure_torch_threads, detect_device
from greffier.errors import ModelNotFoundError
from greffier.models import DOWNLOAD_HINT, RerankerSpec, resolve_reranker
from pipelines.types import indexed_text

logger = logging.getLogger(__name__)


class RerankerBackend:
    """FlagEmbedding's ``FlagReranker`` on one device; scores squashed to 0..1 with a sigmoid."""

    def __init__(self, spec: RerankerSpec, *, device: DeviceInfo, threads: int) -> None:
        if device.kind == "cpu":
            configure_torch_threads(threads)
        from FlagEmbedding import FlagReranker  # 3 s import: only when a reranker is really used

        self.spec = spec
        self.device = device
        self._model = FlagReranker(str(spec.path), use_fp16=device.fp16, devices=device.name)

    def score(self, query: str, passages: list[str], *, batch_size: int, max_length: int) -> list[float]:
        """Relevance of each passage to ``query``, in 0..1, in input order."""
        if not passages:
            return []
        scores = self._model.compute_score(
            [(query, passage) for passage in passages], batch_size=batch_size, max_length=max_length, normalize=True
        )
        return [float(s) for s in (scores if isinstance(scores, list) else [scores])]


class RerankerBackendFactory:
    """One reranker per (folder, device, precision, threads) for the whole process (thread-safe)."""

    _instances: ClassVar[dict[str, RerankerBackend]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def get_backend(cls, spec: RerankerSpec, *, device: DeviceInfo, threads: int | None = None) -> RerankerBackend:
        """The backend for ``spec`` on ``device``, loading it on first use."""
        threads = threads or available_cpu_threads()
        key_params = {"path": str(spec.path), "device": device.name, "fp16": device.fp16, "threads": threads}
        key = json.dumps(key_params, sort_keys=True)
        with cls._lock:
            backend = cls._instances.get(key)
            if backend is None:
                logger.info("Loading reranker %s on %s", spec.name, device.name)
                backend = RerankerBackend(spec, device=device, threads=threads)
                cls._instances[key] = backend
            return backend

    @classmethod
    def loaded(cls) -> list[dict[str, Any]]:
        """The rerankers held in memory: ``[{"role", "name", "kind", "device", "fp16"}]`` (for status views)."""
        with cls._lock:
            backends = list(cls._instances.values())
        return [
            {"role": "reranker", "name": b.spec.name, "kind": "cross-encoder", "device": b.device.name, "fp16": b.device.fp16}
            for b in backends
        ]

    @classmethod
    def clear(cls) -> None:
        """Forget every loaded reranker."""
        with cls._lock:
            cls._instances.clear()


@component
class GreffierReranker:
    """Scores (query, chunk) pairs with a cross-encoder and returns the best ``top_k`` chunks.

    Each returned document is a copy with ``score`` set to the reranker's relevance in 0..1; inputs
    are not changed. The text scored is the chunk's header followed by its content, as indexed.

    Usage:
        if reranker_available(settings):
            ranker = GreffierReranker(models_dir=str(settings.models.models_dir), top_k=5)
            ranker.run(query="durée du bail", documents=candidates)["documents"]
    """

    def __init__(
        self,
        model: str = "auto",
        models_dir: str = "models",
        device: str = "auto",
        top_k: int = 5,
        max_length: int = 512,
        batch_size: int = 16,
        prefix_meta_key: str = "header",
        candidates: int | None = None,
    ) -> None:
        """Store the parameters; nothing is loaded before :meth:`warm_up`.

        Args:
            model: "auto" (bge-reranker-v2-m3 when found), "bge-reranker-v2-m3" or a model folder.
            models_dir: folder searched for local models.
            device: "auto", "cpu", "cuda[:N]" or "mps".
            top_k: documents kept by default.
            max_length: tokens per (query, chunk) pair.
            batch_size: pairs per model call.
            prefix_meta_key: meta key whose value is put before the content ("" for none).
            candidates: documents scored by the cross-encoder, the first ones in retrieval order; the
                others follow them unchanged in order, with score 0 (None: score them all). The
                cost of a rerank grows with this number (docs/benchmarks.md, "Reranker cost").

        Raises:
            ValueError: ``top_k`` or ``candidates`` is not positive.
        """
        if top_k <= 0:
            raise ValueError(f"top_k must be > 0, got {top_k}")
        if candidates is not None and candidates <= 0:
            raise ValueError(f"candidates must be > 0 (or None for all), got {candidates}")
        self.model = model
        self.models_dir = models_dir
        self.device = device
        self.top_k = top_k
        self.max_length = max_length
        self.batch_size = batch_size
        self.prefix_meta_key = prefix_meta_key
        self.candidates = candidates
        self._backend: RerankerBackend | None = None

    def warm_up(self) -> None:
        """Resolve and load the reranker (shared per process).

        Raises:
            ModelNotFoundError: no reranker model is present (or it is switched off); build the
                component only when :func:`greffier.models.reranker_available` is True.
        """
        if self._backend is not None:
            return
        spec = resolve_reranker(ModelSettings(reranker=self.model, models_dir=Path(self.models_dir)))
        if spec is None:
            raise ModelNotFoundError(
                f"no reranker model in {self.models_dir} (model={self.model!r}): run `{DOWNLOAD_HINT}` "
                "or leave the reranker out of the pipeline (see reranker_available)"
            )
        self._backend = RerankerBackendFactory.get_backend(spec, device=detect_device(self.device))

    @component.output_types(documents=list[Document], ms=float)
    def run(self, query: str, documents: list[Document], top_k: int | None = None, candidates: int | None = None) -> dict[str, Any]:
        """Rerank ``documents`` for ``query``.

        Args:
            query: the user's question.
            documents: candidates from retrieval, best first.
            top_k: documents to keep; defaults to the init value.
            candidates: how many of the first documents to score; defaults to the init value.

        Returns:
            ``{"documents": the top_k copies, the scored ones first (best first, score in 0..1, meta
            ``rerank_score``), then the unscored ones in retrieval order with score 0, "ms": time spent}``.

        Raises:
            ValueError: ``top_k`` or ``candidates`` is not positive.
            ModelNotFoundError: no reranker model (lazy warm-up).
        """
        top_k = self.top_k if top_k is None else top_k
        if top_k <= 0:
            raise ValueError(f"top_k must be > 0, got {top_k}")
        candidates = self.candidates if candidates is None else candidates
        if candidates is not None and candidates <= 0:
            raise ValueError(f"candidates must be > 0, got {candidates}")
        if not documents:
            return {"documents": [], "ms": 0.0}
        started = time.perf_counter()
        self.warm_up()
        backend = self._backend
        if backend is None:  # warm_up raises rather than leave it unset; this keeps type checkers honest
            raise RuntimeError("GreffierReranker failed to warm up")
        head, tail = (documents, []) if candidates is None else (documents[:candidates], documents[candidates:])
        passages = [
            indexed_text(doc.content or "", doc.meta.get(self.prefix_meta_key) if self.prefix_meta_key else None)
            for doc in head
        ]
        scores = backend.score(query, passages, batch_size=self.batch_size, max_length=self.max_length)
        order = sorted(range(len(head)), key=lambda i: scores[i], reverse=True)
        reranked = [replace(head[i], score=scores[i], meta={**head[i].meta, "rerank_score": scores[i]}) for i in order]
        # Unscored documents keep their retrieval order below every scored one (the final cut sorts by score, stably).
        reranked += [replace(doc, score=0.0, meta={**doc.meta, "rerank_score": None}) for doc in tail]
        return {"documents": reranked[:top_k], "ms": (time.perf_counter() - started) * 1000}
