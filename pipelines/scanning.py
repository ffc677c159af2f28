"""Builder of the compliance scanning pipeline: chunks → clause classification → rule checks → flags.

    source (WorkspaceChunkSource) ──documents──▶ classifier (ClauseClassifier) ──documents──▶ checker
    source ──facts──▶ checker (PlaybookRuleChecker) ──findings, checks, playbook──▶ writer (FlagWriter)

Run inputs: ``source.document_ids`` (None: every contract), ``checker.today``, ``checker.llm``,
``writer.scan_id``, and the ``on_event`` progress callbacks of the classifier and the checker.
The builder is pure: settings in, an unwarmed Pipeline out.
"""

from __future__ import annotations

from pathlib import Path

from haystack import Pipeline

from greffier.config import Settings
from greffier.models import classifier_embedder
from pipelines.classifiers.chunk_source import WorkspaceChunkSource
from pipelines.classifiers.clause_classifier import ClauseClassifier
from pipelines.classifiers.flag_writer import FlagWriter
from pipelines.classifiers.rule_checker import PlaybookRuleChecker
from store.workspace import WorkspaceStore


def build_scanning_pipeline(settings: Settings, store: WorkspaceStore, *, playbook: str | Path, library: str | Path | None = None, write: bool = True) -> Pipeline:
    """The scan of the workspace ``store`` with ``playbook`` (name or YAML path), configured by ``settings``.

    With ``write=False`` the pipeline stops at the rule checker (nothing is stored).
    """
    models = settings.models
    pipeline = Pipeline()
    pipeline.add_component("source", WorkspaceChunkSource(store=store))
    pipeline.add_component(
        "classifier",
        ClauseClassifier(
            library=str(library or ""), model=classifier_embedder(models.embedder), models_dir=str(models.models_dir), device=models.device,
            batch_size=models.embed_batch_size, cache_dir=str(settings.data_dir / "cache"),
        ),
    )
    pipeline.add_component("checker", PlaybookRuleChecker(playbook=str(playbook), library=str(library or "")))
    pipeline.connect("source.documents", "classifier.documents")
    pipeline.connect("source.embedder", "classifier.stored_embedder")
    pipeline.connect("classifier.documents", "checker.documents")
    pipeline.connect("source.facts", "checker.facts")
    if write:
        pipeline.add_component("writer", FlagWriter(store=store))
        pipeline.connect("checker.findings", "writer.findings")
        pipeline.connect("checker.checks", "writer.checks")
        pipeline.connect("checker.playbook", "writer.playbook")
        pipeline.connect("source.facts", "writer.facts")
    return pipeline
