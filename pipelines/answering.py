"""Builder of the answer pipeline: the whole question → answer path, one Haystack pipeline.

    scope ─▶ embedder ─▶ dense ─┐
          └────────────▶ bm25 ──┴▶ fusion ─▶ hydrator ─▶ (reranker) ─▶ selector
    selector ─▶ relevance (RelevanceJudge: the LLM, or retrieval scores) ─▶ answerer ─▶ citations
                                                 (LLMAnswerer | ExtractiveAnswerer)   (CitationValidator)

Run inputs: those of :func:`pipelines.retrieval.retrieval_inputs`, plus ``relevance.question`` and
``answerer.question`` (the question as asked), ``relevance.on_event`` (progress events) and
``answerer.streaming_callback`` (the answer's tokens). Outputs: ``citations.*`` (answer, citations,
abstained, unsupported), and, asked for with ``include_outputs_from``, every stage's.
"""

from __future__ import annotations

from typing import Any

from haystack import Pipeline

from greffier.config import Settings
from pipelines.generators.answerers import ExtractiveAnswerer, LLMAnswerer
from pipelines.generators.llm import LLMBackend
from pipelines.rankers.relevance import RelevanceJudge
from pipelines.retrieval import add_retrieval
from pipelines.routers.translation import QueryTranslator
from pipelines.validators.citations import CitationValidator
from store.workspace import WorkspaceStore

ANSWER_OUTPUTS = frozenset({"relevance", "answerer", "citations"})


def build_answer_pipeline(
    settings: Settings, store: WorkspaceStore, *, llm: LLMBackend | None = None, retriever: str = "hybrid", rerank: bool = False
) -> Pipeline:
    """An unwarmed answer pipeline over ``store``: retrieval (see :func:`add_retrieval`), the relevance
    check and the answerer by ``llm`` when one is given, else by retrieval scores and quoted sentences.
    With ``settings.models.llm_answers`` off, ``llm`` only translates the question (when
    ``llm_query_translation`` is on) and the answer is the extractive one."""
    pipeline = Pipeline()
    translator = None
    if llm is not None and settings.models.llm_query_translation:
        translator = QueryTranslator(chat_generator=llm.generator, generation_kwargs={"max_tokens": 96} if llm.kind == "llamacpp" else None)
    last = add_retrieval(pipeline, settings, store, retriever=retriever, rerank=rerank, translator=translator)
    writer = llm if llm is not None and settings.models.llm_answers else None  # the LLM judges and answers, or only translates
    judge_generator = (writer.json_generator or writer.generator) if writer is not None else None
    pipeline.add_component(
        "relevance", RelevanceJudge(chat_generator=judge_generator, generation_kwargs=writer.json_kwargs if writer else None, mode=settings.models.llm_relevance)
    )
    pipeline.connect(f"{last}.documents", "relevance.documents")
    pipeline.connect("scope.query", "relevance.asked")
    pipeline.connect("scope.scope", "relevance.scope")
    pipeline.connect("scope.hint", "relevance.hint")
    pipeline.connect("scope.names", "relevance.names")
    pipeline.connect("expander.units", "relevance.units")
    pipeline.connect("expander.translation_units", "relevance.translation_units")
    if translator is not None:
        pipeline.connect("translator.translation", "relevance.translation")
    pipeline.connect("types.clause_types", "relevance.clause_types")
    if writer is not None:
        answerer: Any = LLMAnswerer(chat_generator=writer.generator, context_tokens=writer.details.get("context"), answer_tokens=settings.models.llm_answer_tokens)
    else:
        answerer = ExtractiveAnswerer()
    pipeline.add_component("answerer", answerer)
    pipeline.connect("relevance.documents", "answerer.documents")
    if writer is not None:
        pipeline.connect("relevance.answerable", "answerer.answerable")
    pipeline.connect("scope.query", "answerer.asked")
    pipeline.connect("expander.units", "answerer.units")
    pipeline.connect("scope.scope", "answerer.scope")
    if writer is None:
        pipeline.connect("relevance.several", "answerer.several")
    pipeline.add_component("citations", CitationValidator())
    pipeline.connect("answerer.replies", "citations.replies")
    pipeline.connect("relevance.documents", "citations.documents")
    return pipeline


def warmed_answer_pipeline(
    settings: Settings, store: WorkspaceStore, *, llm: LLMBackend | None = None, retriever: str = "hybrid", rerank: bool = False
) -> Pipeline:
    """The answer pipeline of :func:`build_answer_pipeline`, warmed once and kept in ``store`` (one per
    model, search and store settings, and LLM backend)."""
    # The generator is held by the memoised pipeline, so its id cannot be reused while the entry exists.
    key: tuple[Any, ...] = ("answer.pipeline", settings.model_dump_json(include={"models", "search", "store"}), retriever, rerank, id(llm.generator) if llm else None)

    def build() -> Pipeline:
        pipeline = build_answer_pipeline(settings, store, llm=llm, retriever=retriever, rerank=rerank)
        pipeline.warm_up()
        return pipeline

    return store.memo(key, build)
