"""YAML documents read with the line of every value, so that validation errors can point at it.

:func:`load_with_lines` composes the document into PyYAML nodes (whose ``start_mark`` holds the
position), builds the plain Python data from them, and records ``path → line`` for every mapping
value and sequence item (``("rules", 3, "severity") → 42``). Duplicate keys, which PyYAML silently
accepts, are reported as problems.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from pydantic import ValidationError

Path_ = tuple[Any, ...]


@dataclass
class LinedDocument:
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def line_of(self, loc: Sequence[Any]) -> int | None:
        """The line of the deepest part of ``loc`` present in the document.

        Parts that are not keys of the data (a pydantic union tag such as ``"keyword"``) are skipped.
        """
        node: Any = self.data
        path: Path_ = ()
        best = self.lines.get(())
        for part in loc:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                node = node[part]
            else:
                continue
            path = (*path, part)
            best = self.lines.get(path, best)
        return best


def load_with_lines(text: str) -> LinedDocument:
    """Parse one YAML document. Raises ``yaml.YAMLError`` (with ``problem_mark``) on a syntax error."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return LinedDocument(data=None)
        document = LinedDocument(data=None)
        _record(node, (), document)
        document.data = loader.construct_document(node)
        return document
    finally:
        loader.dispose()


def _record(node: yaml.Node, path: Path_, document: LinedDocument) -> None:
    document.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            line = key_node.start_mark.line + 1
            if key in seen:
                document.problems.append(f"line {line}: key {key!r} repeated (first at line {seen[key]})")
            seen[key] = line
            _record(value_node, (*path, key), document)
            document.lines[(*path, key)] = line  # a key's line reads better than its value's
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record(item, (*path, index), document)


def syntax_problem(error: yaml.YAMLError) -> str:
    """``line N, column M: problem`` for a YAML syntax error."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    if mark is None:
        return f"YAML syntax error: {problem}"
    return f"line {mark.line + 1}, column {mark.column + 1}: YAML syntax error: {problem}"


def validation_problems(error: ValidationError, document: LinedDocument, *, item_key: str = "rules") -> list[str]:
    """One readable line per pydantic error: ``line N, rule 'id': field: message``."""
    problems = []
    for item in error.errors():
        loc = tuple(item["loc"])
        where = []
        line = document.line_of(loc)
        if line is not None:
            where.append(f"line {line}")
        label = _item_label(document.data, loc, item_key)
        if label:
            where.append(label)
        fields = ".".join(str(p) for p in _data_path(document.data, loc)[2 if label else 0 :]) or "(document)"
        message = item["msg"]
        shown = item.get("input")
        if item.get("type") != "missing" and isinstance(shown, (str, int, float, bool)) and repr(shown) not in message:
            message = f"{message} (got {shown!r})"
        problems.append(f"{', '.join(where)}: {fields}: {message}" if where else f"{fields}: {message}")
    return problems


def _data_path(data: Any, loc: tuple[Any, ...]) -> list[Any]:
    """``loc`` without the parts that are not keys of the data (union tags), plus a missing last key."""
    node, path = data, []
    for index, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
            path.append(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(part)
        elif index == len(loc) - 1:
            path.append(part)  # a missing field: name it
    return path


def _item_label(data: Any, loc: tuple[Any, ...], item_key: str) -> str | None:
    if len(loc) >= 2 and loc[0] == item_key and isinstance(data, dict) and isinstance(loc[1], int):
        items = data.get(item_key)
        if isinstance(items, list) and 0 <= loc[1] < len(items):
            item = items[loc[1]]
            item_id = item.get("id") if isinstance(item, dict) else None
            noun = item_key.rstrip("s").replace("_", " ")
            return f"{noun} {item_id!r}" if item_id else f"{noun} #{loc[1] + 1}"
    return None
