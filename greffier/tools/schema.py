"""JSON schemas flattened for small local models: no ``$ref``, no ``anyOf``, enums injected."""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel


def _resolve(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        if "$ref" in node:
            target = defs[node["$ref"].rsplit("/", 1)[-1]]
            merged = {**_resolve(copy.deepcopy(target), defs), **{k: v for k, v in node.items() if k != "$ref"}}
            return merged
        if "anyOf" in node:
            options = [o for o in node["anyOf"] if o.get("type") != "null"]
            base = {k: v for k, v in node.items() if k != "anyOf"}
            if len(options) == 1:
                return _resolve({**options[0], **base}, defs)
            return _resolve({**options[0], **base}, defs)  # the first non-null shape
        return {k: _resolve(v, defs) for k, v in node.items() if k not in ("title", "default") or not isinstance(v, (str, int, float, bool, type(None), list))}
    if isinstance(node, list):
        return [_resolve(item, defs) for item in node]
    return node


def flat_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema with references inlined and optional unions reduced to their type."""
    schema = model.model_json_schema(by_alias=True)
    defs = schema.pop("$defs", {})
    flat = _resolve(schema, defs)
    flat.pop("title", None)
    return flat


def inject_enum(schema: dict[str, Any], path: list[str], values: list[str]) -> None:
    """Set ``enum`` on the property at ``path`` (list items when the property is an array)."""
    node = schema
    for key in path:
        node = node.get("properties", {}).get(key)
        if node is None:
            return
    target = node.get("items", node) if node.get("type") == "array" else node
    if values:
        target["enum"] = list(values)
