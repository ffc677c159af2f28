"""A Haystack pipeline as a Graphviz DOT string, built from ``pipeline.graph``.

Haystack's own ``Pipeline.show()/draw()`` send the graph to an online Mermaid service; this module
writes DOT locally and the app draws it with ``st.graphviz_chart`` (rendered in the browser).
"""

from __future__ import annotations

from typing import Any

from greffier.config import Settings
from pipelines.retrieval import build_retrieval_pipeline
from store.workspace import open_workspace

# Init parameters worth showing under a component's name (when the component has them).
_SHOWN_PARAMS = ("method", "top_k", "min_score", "dense_weight", "lexical_weight", "rrf_k")


def _quote(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _component_label(name: str, instance: Any) -> str:
    lines = [name]
    for param in _SHOWN_PARAMS:
        value = getattr(instance, param, None)
        if value is None or value == "" or isinstance(value, (dict, list)):
            continue
        method = getattr(instance, "method", None)
        if (param == "rrf_k" and method != "rrf") or (param.endswith("_weight") and method == "rrf"):
            continue  # a parameter the chosen fusion method does not use
        lines.append(f"{param}={value}")
    return "\n".join(lines)


def pipeline_dot(pipeline: Any, *, title: str | None = None) -> str:
    """DOT for ``pipeline``: one box per component (its name and key parameters; the class in the
    tooltip), one edge per connection labelled ``output → input`` when the names differ, and the
    pipeline's mandatory inputs and its documents output as plain nodes."""
    graph = pipeline.graph
    lines = [
        "digraph pipeline {",
        '  graph [rankdir=TB, nodesep=0.3, ranksep=0.35, fontname="Helvetica", fontsize=12' + (f", label={_quote(title)}, labelloc=t" if title else "") + "];",
        '  node [shape=box, style="rounded,filled", fillcolor="#eef2f7", color="#5b6b82", fontname="Helvetica", fontsize=12, margin="0.12,0.05"];',
        '  edge [color="#5b6b82", fontname="Helvetica", fontsize=10];',
    ]
    for name, data in graph.nodes(data=True):
        instance = data["instance"]
        lines.append(f"  {_quote(name)} [label={_quote(_component_label(name, instance))}, tooltip={_quote(type(instance).__name__)}];")
    for sender, receiver, data in graph.edges(data=True):
        source, target = data["from_socket"].name, data["to_socket"].name
        label = f' [label={_quote(f"{source} → {target}")}]' if source != target else ""
        lines.append(f"  {_quote(sender)} -> {_quote(receiver)}{label};")
    mandatory = [
        (component, socket)
        for component, sockets in pipeline.inputs().items()
        for socket, spec in sockets.items()
        if spec.get("is_mandatory")
    ]
    if mandatory:
        lines.append('  "input" [label="query", shape=oval, fillcolor="#fff4d6", color="#b08900"];')
        for component, socket in mandatory:
            lines.append(f"  \"input\" -> {_quote(component)} [label={_quote(socket)}, style=dashed];")
    for component, sockets in pipeline.outputs().items():
        for socket in sockets:
            if socket == "documents":
                lines.append('  "output" [label="passages", shape=oval, fillcolor="#e3f4e3", color="#2e7d32"];')
                lines.append(f"  {_quote(component)} -> \"output\" [label={_quote(socket)}, style=dashed];")
    lines.append("}")
    return "\n".join(lines)


def retrieval_pipeline_dot(settings: Settings, *, rerank: bool) -> str:
    """DOT of the retrieval pipeline the next query will run (built, not warmed up: no model loads)."""

    return pipeline_dot(build_retrieval_pipeline(settings, open_workspace(settings), retriever="hybrid", rerank=rerank))
