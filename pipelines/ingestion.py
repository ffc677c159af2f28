"""Builders of the ingestion pipelines: conversion → structure-aware chunking → embedding → clause types → writing.

Two entry points share the same back half: files on disk (docling, OCR) and texts already in memory
(data-room JSON entries). Builders are pure: settings in, an unwarmed ``Pipeline`` out.
"""

from __future__ import annotations

from haystack import Pipeline

from greffier.config import Settings
from greffier.models import classifier_embedder
from pipelines.classifiers.clause_classifier import ClauseClassifier
from pipelines.converters.file_converter import add_file_conversion, format_converters
from pipelines.converters.text_converter import TextConverter
from pipelines.embedders.document_embedder import GreffierDocumentEmbedder
from pipelines.splitters.structure_splitter import StructureSplitter
from pipelines.writers.workspace_writer import WorkspaceWriter
from store.workspace import WorkspaceStore


def _add_back_half(pipeline: Pipeline, settings: Settings, store: WorkspaceStore, documents: str, failures: str) -> None:
    chunking = settings.chunking
    models = settings.models
    pipeline.add_component(
        "splitter",
        StructureSplitter(
            chunk_size=chunking.chunk_size,
            min_chunk=chunking.min_chunk,
            respect_sections=chunking.respect_sections,
            overlap=chunking.overlap,
        ),
    )
    pipeline.add_component(
        "embedder",
        GreffierDocumentEmbedder(
            model=models.embedder,
            models_dir=str(models.models_dir),
            device=models.device,
            batch_size=models.embed_batch_size,
        ),
    )
    pipeline.add_component("classifier", clause_classifier(settings))
    pipeline.add_component("writer", WorkspaceWriter(store=store))
    pipeline.connect(documents, "splitter.documents")
    pipeline.connect("splitter.documents", "embedder.documents")
    pipeline.connect("embedder.documents", "classifier.documents")
    pipeline.connect("classifier.documents", "writer.documents")
    pipeline.connect("embedder.meta", "writer.embedder")
    pipeline.connect(documents, "writer.parents")
    pipeline.connect(failures, "writer.failures")


def clause_classifier(settings: Settings) -> ClauseClassifier:
    """The classifier that labels chunks with clause types at ingest, from the vectors just made (the
    library's example vectors are kept in the workspace's cache folder)."""
    models = settings.models
    return ClauseClassifier(
        model=classifier_embedder(models.embedder), models_dir=str(models.models_dir), device=models.device, batch_size=models.embed_batch_size,
        cache_dir=str(settings.data_dir / "cache"),
    )


def build_file_ingestion_pipeline(settings: Settings, store: WorkspaceStore) -> Pipeline:
    """Files on disk (PDF, DOCX, HTML, Markdown, text) into the workspace ``store``.

    Run with ``{"router": {"sources": [abs paths], "meta": [{"doc_id", "file", ...}]}}``: the router sends
    each file to its format's converter (:mod:`pipelines.converters.file_converter`).
    """
    pipeline = Pipeline()
    converters = format_converters(
        ocr=settings.ocr.enabled, ocr_languages=list(settings.ocr.languages), models_dir=str(settings.models.models_dir),
        max_file_mb=settings.ingest.max_file_mb,
    )
    documents, failures = add_file_conversion(pipeline, converters)
    _add_back_half(pipeline, settings, store, documents, failures)
    return pipeline


def build_text_ingestion_pipeline(settings: Settings, store: WorkspaceStore) -> Pipeline:
    """Texts in memory (data-room JSON entries) into the workspace ``store``.

    Run with ``{"converter": {"texts": [...], "meta": [{"doc_id", "file", ...}]}}``.
    """
    pipeline = Pipeline()
    pipeline.add_component("converter", TextConverter())
    _add_back_half(pipeline, settings, store, "converter.documents", "converter.failures")
    return pipeline
