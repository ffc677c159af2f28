"""YAML documents read with the line of every value, so that validation errors can point at it.

ruamel.yaml's round-trip loader keeps the position of every key and item (``CommentedMap.lc``);
:func:`load_with_lines` turns the document into plain Python data (what pydantic validates) and
records ``path → line`` from those positions (``("rules", 3, "severity") → 42``, 1-based). A
repeated key, which would otherwise hide one of its values, is reported as a problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import YAMLError

__all__ = ["LinedDocument", "YAMLError", "load_with_lines", "syntax_problem", "validation_problems"]

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


def _loader(*, allow_duplicate_keys: bool) -> YAML:
    loader = YAML(typ="rt", pure=True)
    loader.allow_duplicate_keys = allow_duplicate_keys
    return loader


def load_with_lines(text: str) -> LinedDocument:
    """Parse one YAML document. Raises ``YAMLError`` (with ``problem_mark``) on a syntax error."""
    problems: list[str] = []
    try:
        loaded = _loader(allow_duplicate_keys=False).load(text)
    except DuplicateKeyError as exc:
        problems.append(_duplicate_problem(exc, text))
        loaded = _loader(allow_duplicate_keys=True).load(text)  # the first value of the key is kept
    document = LinedDocument(data=None, problems=problems)
    if isinstance(loaded, (CommentedMap, CommentedSeq)):
        document.lines[()] = loaded.lc.line + 1
    document.data = _plain(loaded, (), document.lines)
    return document


def _duplicate_problem(error: DuplicateKeyError, text: str) -> str:
    """``line N: key 'k' repeated (first at line M)``: ruamel marks the repeat and the mapping's start;
    the first occurrence is the first line between them that holds the key at the repeat's column."""
    # ruamel's problem reads 'found duplicate key "severity" with value "low" (original value: "high")'.
    key = str(error.problem).split('"')[1] if '"' in str(error.problem) else "?"
    mark, start = error.problem_mark, error.context_mark
    first = ""
    if mark is not None and start is not None:
        lines = text.splitlines()
        for number in range(start.line, mark.line):
            if lines[number][mark.column :].startswith((f"{key}:", f"'{key}':", f'"{key}":')):
                first = f" (first at line {number + 1})"
                break
    return f"line {mark.line + 1 if mark else '?'}: key {key!r} repeated{first}"


def _plain(node: Any, path: Path_, lines: dict[Path_, int]) -> Any:  # noqa: ANN401
    """Plain dicts, lists and str from ruamel's round-trip types, recording each value's line."""
    if isinstance(node, CommentedMap):
        out = {}
        for key, value in node.items():
            lines[(*path, key)] = node.lc.key(key)[0] + 1  # a key's line reads better than its value's
            out[key] = _plain(value, (*path, key), lines)
        return out
    if isinstance(node, CommentedSeq):
        items = []
        for index, value in enumerate(node):
            lines[(*path, index)] = node.lc.item(index)[0] + 1
            items.append(_plain(value, (*path, index), lines))
        return items
    if isinstance(node, str):
        return str(node)  # LiteralScalarString and friends
    return node


def syntax_problem(error: YAMLError) -> str:
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
