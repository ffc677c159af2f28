"""Golden pipelines: each builder's pipeline, serialised to YAML, equals the committed file, and loads back.

A change to a pipeline's components, parameters or connections shows up here as a diff of a YAML file
under ``tests/pipelines/golden/``. After an intended change, regenerate them on purpose:

    GREFFIER_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/pipelines/test_golden.py

and commit the new files with the change.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from haystack import Pipeline

from greffier.config import load_settings
from pipelines.answering import build_answer_pipeline
from pipelines.generators.llm import ollama_backend
from pipelines.ingestion import build_file_ingestion_pipeline, build_text_ingestion_pipeline
from pipelines.retrieval import build_retrieval_pipeline
from pipelines.scanning import build_scanning_pipeline
from store.workspace import open_workspace

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("GREFFIER_REGENERATE_GOLDEN") == "1"
WORKSPACE_MARK = "<workspace>"

BUILDERS: dict[str, Callable] = {
    "ingestion_files": lambda settings, store: build_file_ingestion_pipeline(settings, store),
    "ingestion_texts": lambda settings, store: build_text_ingestion_pipeline(settings, store),
    "retrieval": lambda settings, store: build_retrieval_pipeline(settings, store),
    "answer_extractive": lambda settings, store: build_answer_pipeline(settings, store),
    "answer_ollama": lambda settings, store: build_answer_pipeline(settings, store, llm=ollama_backend("http://127.0.0.1:11434", "qwen2.5:7b-instruct")),
    "scanning": lambda settings, store: build_scanning_pipeline(settings, store, playbook="ma_due_diligence"),
}


@pytest.fixture
def default_settings(tmp_path, monkeypatch):
    for name in [n for n in os.environ if n.startswith("GREFFIER_")]:
        monkeypatch.delenv(name)
    return load_settings(tmp_path / "ws")


def _yaml(pipeline: Pipeline, workspace: Path) -> str:
    return pipeline.dumps().replace(str(workspace.resolve()), WORKSPACE_MARK)


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_the_pipeline_is_the_golden_one(name, default_settings):
    store = open_workspace(default_settings)
    dumped = _yaml(BUILDERS[name](default_settings, store), default_settings.workspace)
    golden = GOLDEN / f"{name}.yaml"
    if REGENERATE or not golden.exists():
        golden.write_text(dumped, encoding="utf-8")
        if not REGENERATE:
            pytest.fail(f"{golden.name} was missing and has been written: review it and commit it")
    assert dumped == golden.read_text(encoding="utf-8"), f"{name} differs from {golden}: regenerate on purpose (see the module docstring)"


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_the_pipeline_round_trips_through_yaml(name, default_settings):
    store = open_workspace(default_settings)
    pipeline = BUILDERS[name](default_settings, store)
    loaded = Pipeline.loads(pipeline.dumps())
    original, again = pipeline.to_dict(), loaded.to_dict()
    assert again["components"] == original["components"]
    key = lambda c: (c["sender"], c["receiver"])  # noqa: E731  (loading may list the connections in another order)
    assert sorted(again["connections"], key=key) == sorted(original["connections"], key=key)
    assert set(loaded.graph.nodes) == set(pipeline.graph.nodes)
    for component in ("scope", "bm25", "writer", "source"):
        if component in loaded.graph.nodes:
            assert loaded.get_component(component).store is store  # the open store of that workspace, not a second one
