"""ClauseClassifier: gives every chunk its clause types (library examples + heading cues)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from haystack import Document, component

from greffier.compliance.classifier import Classification, LibraryIndex, classify, library_index
from greffier.compliance.library import ClauseLibrary, chunk_headings, load_library
from greffier.compliance.models import EventCallback, ScanEvent, emit
from greffier.lexicon import Lexicon, load_lexicon
from greffier.text import tokenize
from greffier.text.language import LANGUAGES, guess_language
from pipelines.embedders.backends import DEFAULT_MAX_LENGTH, EmbeddingBackend, load_embedding_backend
from pipelines.types import indexed_text

logger = logging.getLogger(__name__)

#: How labels are made beyond the library's data and the embedder (part of the workspace's labels signature: change
#: it with the code that cues or keeps types, and every stored chunk is labelled again). 3: a type kept only with the
#: words of its notion in the chunk's language (:func:`with_word_evidence`); a numbered line whose sentence goes on
#: below it, or of more than 16 words in sentence case, is no heading.
LABEL_RULES = "labels-3"


def with_word_evidence(results: Sequence[Classification], texts: Sequence[str], lexicon: Lexicon) -> list[Classification]:
    """The classifications of ``texts`` (chunks), each type kept only when something says it is there.

    A chunk keeps the types its headings name (cued), its best-scored type, and any other type whose
    notion its text writes in words — a term of the glossary for that type, not inside a longer term of
    another notion. A vector is near several notions at once: a "GOVERNING LAW AND JURISDICTION" article
    giving "the exclusive jurisdiction" of a court read as *exclusivity* too, « Territoire et durée de la
    cession » as *exclusivity*; "exclusive jurisdiction" is a forum's term, and neither chunk writes a word
    of exclusivity. A chunk whose best type is another one but that writes « s'approvisionne
    exclusivement » keeps *exclusivity*. The terms are those of the chunk's language when it can be told.
    "Best-scored" counts the headings' bonus: under a heading that names a type, that type is the best."""
    kept: list[Classification] = []
    for result, text in zip(results, texts, strict=True):
        unsure = [t for t in result.clause_types[1:] if t not in result.cued]
        if not unsure:
            kept.append(result)
            continue
        language = guess_language(text)  # a French chunk read with French terms: « contrôle qualité » is no "control"
        found = lexicon.find(tokenize(text), languages=(language,) if language in LANGUAGES else LANGUAGES)
        written = {clause_type for match in found for clause_type in match.concept.types}
        types = tuple(t for i, t in enumerate(result.clause_types) if i == 0 or t in result.cued or t in written)
        kept.append(replace(result, clause_types=types) if types != result.clause_types else result)
    return kept


@component
class ClauseClassifier:
    """Adds ``meta["clause_types"]`` (best first) and ``meta["clause_scores"]`` to each chunk.

    A chunk's vector is the one ingestion stored (``Document.embedding``) when it comes from the
    same embedder as the classifier's; otherwise the chunk (header + text, as ingestion embeds it)
    is embedded here, in batches. All chunks are then scored with one matrix product against the
    library's example vectors (:mod:`greffier.compliance.classifier`).

    Usage:
        classifier = ClauseClassifier(models_dir="models")
        classifier.run(documents=chunks)["documents"][0].meta["clause_types"]  # ("governing_law",)
    """

    def __init__(
        self,
        library: str = "",
        model: str = "auto",
        models_dir: str = "models",
        device: str = "auto",
        batch_size: int = 32,
        use_stored_embeddings: bool = True,
        top_scores: int = 5,
        cache_dir: str = "",
    ) -> None:
        """Store the parameters; nothing is loaded before :meth:`warm_up`.

        Args:
            library: clause library YAML file ("" for the bundled one).
            model, models_dir, device: the embedder, resolved as ingestion resolves it.
            batch_size: texts per embedding call.
            use_stored_embeddings: reuse the vectors ingestion stored when they match the model.
            top_scores: how many type scores to keep in ``meta["clause_scores"]``.
            cache_dir: folder where the library's example vectors are kept between runs ("" for none).
        """
        self.library = library
        self.model = model
        self.models_dir = models_dir
        self.device = device
        self.batch_size = batch_size
        self.use_stored_embeddings = use_stored_embeddings
        self.top_scores = top_scores
        self.cache_dir = cache_dir
        self._backend: EmbeddingBackend | None = None
        self._index: LibraryIndex | None = None
        self._lexicon: Lexicon | None = None

    def warm_up(self) -> None:
        """Load the library and the embedder, and embed the library's examples (once per process)."""
        if self._index is not None:
            return
        loaded: ClauseLibrary = load_library(self.library or None)
        self._backend = load_embedding_backend(self.model, self.models_dir, self.device)
        self._index = library_index(loaded, self._backend, batch_size=self.batch_size, cache_dir=self.cache_dir or None)
        self._lexicon = load_lexicon()

    @property
    def labels_signature(self) -> str:
        """What the labels depend on: the library, the embedder, the glossary and :data:`LABEL_RULES` (warms up)."""
        self.warm_up()
        assert self._index is not None and self._lexicon is not None
        return f"{self._index.signature}|{self._lexicon.signature}|{LABEL_RULES}"

    @component.output_types(documents=list[Document], meta=dict)
    def run(self, documents: list[Document], stored_embedder: str | None = None, on_event: EventCallback | None = None) -> dict[str, Any]:
        """Classify ``documents`` (chunks); input documents are not changed.

        Args:
            documents: chunks, with ``embedding`` when ingestion's vector is known.
            stored_embedder: the signature of the model that made those vectors (None: trust them
                when their length matches).
            on_event: called with a ``chunk_classified`` event per chunk.

        Returns:
            ``{"documents": classified copies, "meta": {"library", "embedder", "reused", "embedded"}}``.
        """
        self.warm_up()
        assert self._index is not None and self._backend is not None
        library = self._index.library
        vectors, reused = self._vectors(documents, stored_embedder)
        cues = [
            library.cued_types(chunk_headings(doc.content or "", doc.meta.get("section"), doc.meta.get("title")), doc.content or "")
            for doc in documents
        ]
        results = classify(self._index, vectors, cues) if documents else []
        assert self._lexicon is not None
        results = with_word_evidence(results, [doc.content or "" for doc in documents], self._lexicon)
        classified: list[Document] = []
        for position, (doc, result) in enumerate(zip(documents, results), start=1):
            top = dict(sorted(result.scores.items(), key=lambda item: -item[1])[: self.top_scores])
            meta = {**doc.meta, "clause_types": list(result.clause_types), "clause_scores": top, "clause_cues": list(result.cued)}
            classified.append(replace(doc, meta=meta))
            emit(on_event, ScanEvent("chunk_classified", index=position, total=len(documents), document_id=doc.meta.get("doc_id"), chunk_id=doc.id, detail=", ".join(result.clause_types)))
        info = {"library": library.signature, "embedder": self._backend.signature, "reused": reused, "embedded": len(documents) - reused}
        return {"documents": classified, "meta": info}

    def _vectors(self, documents: list[Document], stored_embedder: str | None) -> tuple[np.ndarray, int]:
        assert self._backend is not None
        dims = self._backend.dims
        trusted = self.use_stored_embeddings and (not stored_embedder or stored_embedder == self._backend.signature)
        rows: list[np.ndarray | None] = []
        missing: list[int] = []
        for position, doc in enumerate(documents):
            vector = np.asarray(doc.embedding, dtype=np.float32) if trusted and doc.embedding is not None else None
            if vector is None or vector.shape != (dims,):
                missing.append(position)
                vector = None
            rows.append(vector)
        if missing:
            texts = [indexed_text(documents[p].content or "", documents[p].meta.get("header")) for p in missing]
            fresh = self._backend.embed(texts, batch_size=self.batch_size, max_length=DEFAULT_MAX_LENGTH)
            for position, vector in zip(missing, fresh):
                rows[position] = vector
        matrix = np.vstack(rows) if rows else np.zeros((0, dims), dtype=np.float32)
        return matrix, len(documents) - len(missing)
