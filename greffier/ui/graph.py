"""A Haystack pipeline as a Graphviz DOT string, built from ``pipeline.graph``.

Haystack's own ``Pipeline.show()/draw()`` send the graph to an online Mermaid service; this module
writes DOT locally and the app draws it with ``st.graphviz_chart`` (rendered in the browser).
"""

from __future__ import annotations

from typing import Any

from greffier.config import Settings

# Init parameters worth showing under a component's name (when the component has them).
_SHOWN_PARAMS = ("method", "top_k", "min_score", "dense_weight", "lexical_weight", "rrf_k", "model")


def _quote(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _component_label(name: str, instance: Any) -> str:
    lines = [name, type(instance).__name__]
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
    """DOT for ``pipeline``: one box per component (with its key parameters), one edge per
    connection labelled ``output → input``, and the pipeline's mandatory inputs and its outputs
    as plain nodes."""
    graph = pipeline.graph
    lines = [
        "digraph pipeline {",
        '  graph [rankdir=TB, fontname="Helvetica", fontsize=11' + (f", label={_quote(title)}, labelloc=t" if title else "") + "];",
        '  node [shape=box, style="rounded,filled", fillcolor="#eef2f7", color="#5b6b82", fontname="Helvetica", fontsize=10];',
        '  edge [color="#5b6b82", fontname="Helvetica", fontsize=9];',
    ]
    for name, data in graph.nodes(data=True):
        lines.append(f"  {_quote(name)} [label={_quote(_component_label(name, data['instance']))}];")
    for sender, receiver, data in graph.edges(data=True):
        label = f"{data['from_socket'].name} → {data['to_socket'].name}"
        lines.append(f"  {_quote(sender)} -> {_quote(receiver)} [label={_quote(label)}];")
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
    from pipelines.retrieval import build_retrieval_pipeline

    pipeline = build_retrieval_pipeline(settings, retriever="hybrid", rerank=rerank)
    search = settings.search
    title = f"fusion {search.fusion.value} · top-k {search.top_k_retrieval} → {search.top_k_final} · min score {search.min_score}"
    return pipeline_dot(pipeline, title=title)
