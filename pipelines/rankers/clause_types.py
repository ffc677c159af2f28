"""ClauseTypeRanker: the clause library as a language-independent key in ranking.

Chunks carry the clause types ingestion labelled them with (:mod:`pipelines.writers.clause_labels`).
A question gets its types from the same library: the notions the glossary finds in it (« préavis » →
termination, renewal, notices; see :class:`pipelines.expanders.query_expansion.QueryExpander`), the
library's heading cues found in it, and — when ``classify_question`` — the same classifier as the
chunks, on the question's vector (only types outside the library's context types). A passage whose
types meet the question's gains ``weight`` (fused scores are on a 0..1 scale), whatever the language
of either. The question's types go on to the relevance check.

A question that asks for a date, a length of time or a sum (:func:`pipelines.generators.answer_kinds.asked_kind`,
read from its form: « jusqu'à quand », "how long", « quel montant ») also lifts by ``kind_weight`` the
passages that give one (:func:`holds_kind`): inside a named contract, « Jusqu'à quand la coentreprise
est-elle conclue ? » is answered by the article with the date, not by the recitals that name the venture.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from haystack import Document, component

from greffier.compliance.classifier import LibraryIndex, classify, library_index
from greffier.compliance.library import ClauseLibrary, load_library
from pipelines.embedders.backends import load_embedding_backend
from pipelines.generators.answer_kinds import asked_kind, holds_kind


@component
class ClauseTypeRanker:
    """Re-scores passages by clause-type match (see the module docstring).

    Init: ``weight`` added to a matching passage's score (0: no change of order), ``classify_question``,
    and the embedder's ``model``, ``models_dir``, ``device`` and ``cache_dir`` (as the chunks' classifier).
    Inputs: ``documents``, ``query``, ``clause_types`` (the glossary's), ``query_embedding`` (optional).
    Outputs: ``documents`` (best first) and ``clause_types`` (the question's).
    """

    def __init__(
        self, weight: float = 0.1, classify_question: bool = True, model: str = "auto", models_dir: str = "models", device: str = "auto",
        cache_dir: str = "", kind_weight: float = 0.0,
    ) -> None:
        self.weight = weight
        self.kind_weight = kind_weight
        self.classify_question = classify_question
        self.model = model
        self.models_dir = models_dir
        self.device = device
        self.cache_dir = cache_dir
        self._library: ClauseLibrary | None = None
        self._index: LibraryIndex | None = None

    def warm_up(self) -> None:
        if self._library is not None:
            return
        self._library = load_library()
        if self.classify_question:
            backend = load_embedding_backend(self.model, self.models_dir, self.device)
            self._index = library_index(self._library, backend, cache_dir=self.cache_dir or None)

    @component.output_types(documents=list[Document], clause_types=list[str])
    def run(self, documents: list[Document], query: str = "", clause_types: list[str] | None = None, query_embedding: list[float] | np.ndarray | None = None) -> dict[str, Any]:
        self.warm_up()
        wanted = list(dict.fromkeys([*(clause_types or []), *self._question_types(query, query_embedding)]))
        kind = asked_kind(query) if self.kind_weight and query else None
        if (not wanted or not self.weight) and kind is None:
            return {"documents": documents, "clause_types": wanted}
        wanted_set = set(wanted) if self.weight else set()
        rescored = []
        for doc in documents:
            match = bool(wanted_set & set(doc.meta.get("clause_types") or ()))
            gives = kind is not None and holds_kind(kind, doc.content or "")
            score = (doc.score or 0.0) + (self.weight if match else 0.0) + (self.kind_weight if gives else 0.0)
            rescored.append(Document(id=doc.id, content=doc.content, score=score, meta={**doc.meta, "type_match": match, "gives_kind": gives}))
        rescored.sort(key=lambda d: (-(d.score or 0.0), d.id))
        return {"documents": rescored, "clause_types": wanted}

    def _question_types(self, query: str, query_embedding: list[float] | np.ndarray | None) -> list[str]:
        assert self._library is not None
        context = {t.id for t in self._library.clause_types if t.context}
        cued = self._library.cued_types([query], query) if query else set()
        found = [t for t in sorted(cued) if t not in context]
        if self._index is not None and query_embedding is not None:
            result = classify(self._index, np.asarray([query_embedding], dtype=np.float32), [set()])[0]
            found.extend(t for t in result.clause_types if t not in context)
        return list(dict.fromkeys(found))
