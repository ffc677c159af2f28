"""Reading data-room JSON files: a list of contracts with their metadata and text.

The format is the one of a due-diligence data-room export: a JSON list of objects with ``filename``,
``title``, ``parties``, ``siren_parties``, ``contract_type``, ``signature_date``, ``end_date``,
``governing_law`` and ``content``. Metadata is kept as given; normalisation happens elsewhere.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from greffier.errors import DataRoomFormatError

METADATA_FIELDS = ("title", "parties", "siren_parties", "contract_type", "signature_date", "end_date", "governing_law")
_LIST_FIELDS = ("parties", "siren_parties")


@dataclass(frozen=True)
class DataRoomEntry:
    position: int  # 0-based position in the list: ids follow it
    filename: str
    content: str
    manifest: dict[str, Any]
    content_hash: str
    problems: tuple[str, ...] = ()  # entry-level errors: the entry is reported failed, the rest goes on
    warnings: tuple[str, ...] = ()  # metadata fields of the wrong type: dropped, the text is still ingested


def looks_like_dataroom(path: Path) -> bool:
    """A cheap check used when a folder contains .json files: is it a list of contract objects?"""
    try:
        with open(path, "rb") as handle:
            head = handle.read(2048).lstrip()
    except OSError:
        return False
    return head.startswith(b"[")


def read_dataroom(path: Path) -> list[DataRoomEntry]:
    """Parse and validate a data-room JSON file.

    Raises DataRoomFormatError for a file that is not a JSON list of objects. An entry with a bad
    field is returned with ``problems`` so that one bad entry does not sink the others.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise DataRoomFormatError(f"{Path(path).name}: not UTF-8 text ({exc.reason}); save it as UTF-8 JSON") from exc
    except json.JSONDecodeError as exc:
        raise DataRoomFormatError(
            f"{Path(path).name}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from exc
    if not isinstance(data, list):
        raise DataRoomFormatError(
            f"{Path(path).name}: a data-room JSON must be a list of contracts, found a {type(data).__name__}"
        )
    entries: list[DataRoomEntry] = []
    seen_names: dict[str, int] = {}
    for position, raw in enumerate(data):
        entries.append(_entry(position, raw, seen_names))
    return entries


def _entry(position: int, raw: Any, seen_names: dict[str, int]) -> DataRoomEntry:
    label = f"entry {position + 1}"
    if not isinstance(raw, dict):
        return DataRoomEntry(position, f"{label}", "", {}, "", (f"{label}: expected an object, found {type(raw).__name__}",))
    problems: list[str] = []
    filename = raw.get("filename")
    if not isinstance(filename, str) or not filename.strip():
        problems.append(f"{label}: 'filename' must be a non-empty string")
        filename = f"entry_{position + 1:03d}"
    filename = _safe_name(filename)
    if filename in seen_names:
        filename = f"{filename}#{position + 1}"
    seen_names[filename] = position
    content = raw.get("content")
    if not isinstance(content, str):
        problems.append(f"{label} ({filename}): 'content' must be a string with the contract text")
        content = ""
    elif not content.strip():
        problems.append(f"{label} ({filename}): 'content' is empty: nothing to ingest")
    manifest: dict[str, Any] = {}
    warnings: list[str] = []
    for field in METADATA_FIELDS:
        if field not in raw:
            continue
        value = raw[field]
        if field in _LIST_FIELDS:
            if value is not None and not (isinstance(value, list) and all(v is None or isinstance(v, (str, int)) for v in value)):
                warnings.append(f"metadata '{field}' ignored: it must be a list of strings (found {json.dumps(value, ensure_ascii=False)[:80]})")
                continue
            value = [None if v is None else str(v) for v in value] if value is not None else None
        elif value is not None and not isinstance(value, str):
            warnings.append(f"metadata '{field}' ignored: it must be a string or null (found {type(value).__name__})")
            continue
        manifest[field] = value
    digest = hashlib.sha256(json.dumps(raw, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return DataRoomEntry(position, filename, content if isinstance(content, str) else "", manifest, digest, tuple(problems), tuple(warnings))


def _safe_name(name: str) -> str:
    """Entry file names are labels, never paths: drop directory parts and control characters."""
    cleaned = "".join(ch for ch in name if ch.isprintable())
    cleaned = cleaned.replace("\\", "/").split("/")[-1].strip() or "unnamed"
    return cleaned[:200]
