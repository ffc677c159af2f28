"""The retrieval pipeline drawn as DOT locally, from pipeline.graph."""

from __future__ import annotations

import re

from store.workspace import open_workspace
from greffier.config import load_settings
from greffier.ui.graph import pipeline_dot, retrieval_pipeline_dot
from pipelines.retrieval import build_retrieval_pipeline


def test_every_component_and_connection_is_drawn(tmp_path):
    settings = load_settings(tmp_path / "ws", search={"fusion": "rrf", "top_k_final": 7})
    pipeline = build_retrieval_pipeline(settings, open_workspace(settings), rerank=False)
    dot = retrieval_pipeline_dot(settings, rerank=False)
    assert dot.startswith("digraph pipeline {") and dot.rstrip().endswith("}")
    for name in pipeline.graph.nodes:
        assert re.search(rf'^\s+"{name}" \[label=', dot, re.M), name
    assert dot.count(" -> ") == pipeline.graph.number_of_edges() + 2  # + query → scope and selector → passages
    assert "method=rrf" in dot and "rrf_k=60" in dot and "dense_weight" not in dot
    assert "top_k=7" in dot
    assert "http" not in dot


def test_reranker_appears_only_when_asked(tmp_path):
    settings = load_settings(tmp_path / "ws")
    assert '"reranker"' in retrieval_pipeline_dot(settings, rerank=True)
    assert '"reranker"' not in retrieval_pipeline_dot(settings, rerank=False)


def test_names_are_quoted(tmp_path):
    from haystack import Pipeline, component

    @component
    class Echo:
        @component.output_types(text=str)
        def run(self, text: str) -> dict:
            return {"text": text}

    pipeline = Pipeline()
    pipeline.add_component('odd "name"', Echo())
    dot = pipeline_dot(pipeline, title='a "title"')
    assert '"odd \\"name\\""' in dot and 'label="a \\"title\\""' in dot
