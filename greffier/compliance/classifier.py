"""Clause classification: chunk vectors against the library's example vectors, plus heading cues.

One matrix product gives every chunk's similarity to every reference example; a type's similarity
is its best example's. A type whose heading cue names one of the chunk's headings gets a bonus and
is always assigned. Other types are assigned when their similarity reaches the library's
``threshold`` and is within ``margin`` of the chunk's best similarity (context types such as the
preamble compete too, which keeps boilerplate from being labelled a clause).

The example vectors depend on the library and the embedder: :func:`library_index` builds them once
per process for each (library content, embedder signature).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from greffier.compliance.library import ClauseLibrary

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LibraryIndex:
    """The library's example vectors (``(m, dims)``, unit rows) and the type of each row."""

    library: ClauseLibrary
    vectors: np.ndarray
    owners: np.ndarray  # (m,) index into library.clause_types
    embedder: str

    @property
    def signature(self) -> str:
        return f"{self.library.signature}|{self.embedder}"


@dataclass(frozen=True)
class Classification:
    """The types assigned to one chunk, best first, with every type's score."""

    clause_types: tuple[str, ...]
    scores: dict[str, float] = field(default_factory=dict)
    cued: tuple[str, ...] = ()

    @property
    def primary(self) -> str | None:
        return self.clause_types[0] if self.clause_types else None


class Embedder:
    """What the index needs from an embedding backend (see pipelines.embedders.backends)."""

    signature: str

    def embed(self, texts: list[str], *, batch_size: int, max_length: int = 1024) -> np.ndarray:  # pragma: no cover
        raise NotImplementedError


_indexes: dict[tuple[str, str], LibraryIndex] = {}
_lock = threading.Lock()


def _cache_file(cache_dir: Path, library: ClauseLibrary, backend: Embedder) -> Path:
    signature = re.sub(r"[^A-Za-z0-9_.-]+", "_", backend.signature)
    return cache_dir / f"clause-examples-{library.content_hash[:16]}-{signature}.npy"


def library_index(library: ClauseLibrary, backend: Embedder, *, batch_size: int = 32, cache_dir: str | Path | None = None) -> LibraryIndex:
    """The example vectors of ``library`` under ``backend``: embedded once per process, and kept in
    ``cache_dir`` (when given) so that the next process loads them instead of embedding again."""
    key = (library.content_hash, backend.signature)
    with _lock:
        index = _indexes.get(key)
        if index is not None:
            # Same examples, maybe other scoring parameters: keep the vectors, use this library.
            return index if index.library is library else replace(index, library=library)
    texts: list[str] = []
    owners: list[int] = []
    for position, clause_type in enumerate(library.clause_types):
        for example in [*clause_type.examples.fr, *clause_type.examples.en]:
            texts.append(example)
            owners.append(position)
    cached = _cache_file(Path(cache_dir), library, backend) if cache_dir else None
    vectors = _load_cached(cached, len(texts))
    if vectors is None:
        vectors = np.asarray(backend.embed(texts, batch_size=batch_size), dtype=np.float32)
        _save_cached(cached, vectors)
    index = LibraryIndex(library=library, vectors=vectors, owners=np.asarray(owners), embedder=backend.signature)
    with _lock:
        _indexes[key] = index
    return index


def _load_cached(path: Path | None, rows: int) -> np.ndarray | None:
    if path is None or not path.is_file():
        return None
    try:
        vectors = np.load(path)
    except (OSError, ValueError) as exc:
        log.warning("ignoring the unreadable clause-vector cache %s: %s", path, exc)
        return None
    return vectors.astype(np.float32) if vectors.ndim == 2 and vectors.shape[0] == rows else None


def _save_cached(path: Path | None, vectors: np.ndarray) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp.npy")
        np.save(temporary, vectors)
        temporary.replace(path)
    except OSError as exc:  # a cache that cannot be written only costs time
        log.warning("cannot write the clause-vector cache %s: %s", path, exc)


def type_similarities(index: LibraryIndex, vectors: np.ndarray) -> np.ndarray:
    """``(n, types)``: each chunk's similarity to each type (its best example), one matrix product."""
    vectors = np.asarray(vectors, dtype=np.float32)
    if vectors.ndim != 2 or vectors.shape[1] != index.vectors.shape[1]:
        raise ValueError(
            f"chunk vectors of shape {vectors.shape} do not match the library's example vectors "
            f"({index.vectors.shape[1]} dims, {index.embedder}): embed chunks with the same model"
        )
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    sims = (vectors / np.maximum(norms, 1e-12)) @ index.vectors.T  # (n, m)
    n_types = len(index.library.clause_types)
    per_type = np.full((vectors.shape[0], n_types), -1.0, dtype=np.float32)
    for position in range(n_types):
        columns = index.owners == position
        if columns.any():
            per_type[:, position] = sims[:, columns].max(axis=1)
    return per_type


def classify(index: LibraryIndex, vectors: np.ndarray, cues: Sequence[set[str]]) -> list[Classification]:
    """The clause types of each chunk from its vector and the types its headings name.

    Args:
        index: the library's example vectors (:func:`library_index`).
        vectors: ``(n, dims)`` chunk vectors from the same embedder.
        cues: per chunk, the ids of the types its headings name (:meth:`ClauseLibrary.cued_types`).

    Raises:
        ValueError: vectors and examples come from different models (dimensions differ).
    """
    if len(cues) != len(vectors):
        raise ValueError(f"{len(vectors)} vectors but {len(cues)} heading-cue sets")
    library = index.library
    ids = library.ids
    scoring = library.scoring
    if len(vectors) == 0:
        return []
    similarities = type_similarities(index, vectors)
    results: list[Classification] = []
    for row, cued in zip(similarities, cues):
        bonus = np.array([scoring.heading_bonus if type_id in cued else 0.0 for type_id in ids], dtype=np.float32)
        scores = row + bonus
        best = float(row.max())
        chosen = {
            type_id
            for position, type_id in enumerate(ids)
            if type_id in cued or (row[position] >= scoring.threshold and row[position] >= best - scoring.margin)
        }
        ordered = tuple(sorted(chosen, key=lambda t: -float(scores[ids.index(t)])))
        results.append(
            Classification(
                clause_types=ordered,
                scores={type_id: round(float(score), 4) for type_id, score in zip(ids, scores)},
                cued=tuple(sorted(cued)),
            )
        )
    return results
