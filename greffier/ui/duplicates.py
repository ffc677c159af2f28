"""The duplicates screen's view models: pairs from :func:`greffier.services.dataroom.duplicates.find_duplicates`,
the pairs a user marked "not a duplicate", and the two texts of a pair.

Dismissed pairs are kept in the workspace's WorkspaceMeta table under ``duplicates.dismissed``, a
JSON list of ``{"contract_ids": [a, b], "at": ISO time}`` (no migration needed).
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from greffier.config import Settings
from store.workspace import WorkspaceStore, open_workspace
from store import repository as repo
from greffier.services.dataroom.duplicates import find_duplicates

DISMISSED_KEY = "duplicates.dismissed"


def _pair_key(contract_ids: list[str]) -> list[str]:
    return sorted(contract_ids)


def dismissed(settings: Settings) -> list[dict[str, Any]]:
    """The pairs marked "not a duplicate", oldest first."""
    workspace = open_workspace(settings)
    if not workspace.exists():
        return []
    with workspace.session() as session:
        raw = repo.get_meta(session=session, key=DISMISSED_KEY)
    try:
        entries = json.loads(raw) if raw else []
    except json.JSONDecodeError:
        return []
    return [e for e in entries if isinstance(e, dict) and isinstance(e.get("contract_ids"), list) and len(e["contract_ids"]) == 2]


def _save(settings: Settings, entries: list[dict[str, Any]]) -> None:
    workspace = open_workspace(settings, create=True)
    with workspace.session() as session:
        repo.set_meta(session=session, key=DISMISSED_KEY, value=json.dumps(entries, ensure_ascii=False))


def dismiss(settings: Settings, contract_ids: list[str]) -> None:
    """Mark the pair "not a duplicate": it is no longer reported."""
    key = _pair_key(contract_ids)
    entries = [e for e in dismissed(settings) if _pair_key(e["contract_ids"]) != key]
    entries.append({"contract_ids": key, "at": datetime.now(timezone.utc).isoformat(timespec="seconds")})
    _save(settings, entries)


def restore(settings: Settings, contract_ids: list[str]) -> None:
    """Report the pair again."""
    key = _pair_key(contract_ids)
    _save(settings, [e for e in dismissed(settings) if _pair_key(e["contract_ids"]) != key])


def find(settings: Settings, entity_ids: list[str] | None = None) -> dict[str, Any]:
    """``find_duplicates`` without the dismissed pairs, plus ``dismissed`` (the list above).
    Raises ToolInputError (a GreffierError) for an unknown entity id."""

    marked = dismissed(settings)
    result = find_duplicates(open_workspace(settings), entity_ids=entity_ids, dismissed={frozenset(e["contract_ids"]) for e in marked})
    return {**result, "dismissed": marked}


def pair_label(pair: dict[str, Any]) -> str:
    a, b = pair["contract_ids"]
    kind = "translation" if pair.get("kind") == "translation" else "duplicate"
    return f"{a} ↔ {b} · {kind} · similarity {pair['text_similarity']:.2f}"


def texts(settings: Settings, contract_ids: list[str]) -> dict[str, str]:
    """The full text of each contract of the pair (empty when it is no longer indexed)."""
    workspace = open_workspace(settings)
    with workspace.session() as session:
        return {cid: (contract.text if (contract := repo.get_contract(session=session, contract_id=cid)) else "") for cid in contract_ids}
