"""The duplicates screen's view models: pairs from :func:`greffier.services.dataroom.duplicates.find_duplicates`,
the pairs a user marked "not a duplicate", and the comparison of a pair through the ``compare_contracts``
tool (:mod:`greffier.services.dataroom.compare`), with its sentences marked up for display.

Dismissed pairs are kept in the workspace's WorkspaceMeta table under ``duplicates.dismissed``, a
JSON list of ``{"contract_ids": [a, b], "at": ISO time}`` (no migration needed).

A contract is named by its title, and by its file name too where the two share a title (a retyped
copy): never by its internal id, which the screen keeps only in a last « internal key » column.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import PurePosixPath
from typing import Any

from greffier.config import Settings
from greffier.services.dataroom.duplicates import find_duplicates
from greffier.services.dataroom.export import name_contracts
from greffier.text import fold_label, plural, section_label
from greffier.tools.registry import call_tool
from greffier.ui.text import escape_markdown, one_line
from store import repository as repo
from store.records import load_dataroom
from store.workspace import open_workspace

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
    """``find_duplicates`` without the dismissed pairs, each pair with ``names`` (:func:`pair_names`),
    plus ``dismissed`` (the list above, each entry with the ``names`` of its contracts).
    Raises ToolInputError (a GreffierError) for an unknown entity id."""

    marked = dismissed(settings)
    workspace = open_workspace(settings)
    result = find_duplicates(workspace, entity_ids=entity_ids, dismissed={frozenset(e["contract_ids"]) for e in marked})
    pairs = [{**pair, "names": pair_names(pair["titles"], pair["files"])} for pair in result["pairs"]]
    by_id = load_dataroom(workspace).by_id if marked else {}

    def named(entry: dict[str, Any]) -> dict[str, Any]:
        records = [by_id.get(cid) for cid in entry["contract_ids"]]
        titles = [r.title if r else None for r in records]
        files = [r.file if r else None for r in records]
        names = pair_names(titles, files)
        return {**entry, "names": [name if record else cid for name, record, cid in zip(names, records, entry["contract_ids"])]}

    return {**result, "pairs": pairs, "dismissed": [named(entry) for entry in marked]}


def pair_names(titles: list[str | None], files: list[str | None]) -> list[str]:
    """The two contracts of a pair as a reader knows them: their titles, each with its file name when
    the two share their title (« BAIL COMMERCIAL (bail.pdf) », « BAIL COMMERCIAL (bail copie.docx) »),
    the file name of one without a title."""
    names = name_contracts([("left", titles[0], files[0]), ("right", titles[1], files[1])])
    return [names["left"], names["right"]]


def _short(title: str | None, file: str | None, shared: bool, limit: int) -> str:
    """A name cut to ``limit`` characters that keeps the file name whole where it tells two copies apart."""
    file_name = PurePosixPath(file).name if file else ""
    if not title:
        return one_line(file_name, limit)
    if shared and file_name:
        return f"{one_line(title, max(20, limit - len(file_name) - 3))} ({file_name})"
    return one_line(title, limit)


def pair_label(pair: dict[str, Any], limit: int = 60) -> str:
    """The pair in the « Compare » picker: « similarity 0.98 · duplicate · BAIL COMMERCIAL (a.pdf) ↔ BAIL COMMERCIAL (b.docx) »: the
    figure first, which a narrow select box would otherwise cut to « similarity 0 » (the app walk of round 31)."""
    titles, files = pair["titles"], pair["files"]
    shared = bool(titles[0]) and " ".join(str(titles[0]).split()) == " ".join(str(titles[1] or "").split())
    a, b = (_short(titles[i], files[i], shared, limit) for i in (0, 1))
    kind = "translation" if pair.get("kind") == "translation" else "duplicate"
    return f"similarity {pair['text_similarity']:.2f} · {kind} · {a} ↔ {b}"


def pair_key(pair: dict[str, Any]) -> str:
    """The pair's internal key (« c11 ↔ c19 »): the screen's last column and its widgets' state."""
    return " ↔ ".join(pair["contract_ids"])


def texts(settings: Settings, contract_ids: list[str]) -> dict[str, str]:
    """The full text of each contract of the pair (empty when it is no longer indexed)."""
    workspace = open_workspace(settings)
    with workspace.session() as session:
        return {cid: (contract.text if (contract := repo.get_contract(session=session, contract_id=cid)) else "") for cid in contract_ids}


def compare(settings: Settings, contract_ids: list[str]) -> dict[str, Any]:
    """The two contracts of a pair compared article by article and sentence by sentence, every
    sentence included (the ``compare_contracts`` tool). Raises ToolError."""
    left, right = contract_ids
    return call_tool(settings, "compare_contracts", {"left": left, "right": right, "only_differences": False})


def summary(result: dict[str, Any]) -> str:
    """« 2 differences: 2 in 3 changed sentences, 0 sentences only on the left, 0 only on the right; 31 identical, in 14
    aligned articles. » The two copies stand side by side on the screen, named above their column."""
    counts = result["counts"]
    left, right = "on the left", "on the right"
    differences = len(result["changes"]) + counts["left_only"] + counts["right_only"]
    lone = ""
    if counts["sections_left_only"] or counts["sections_right_only"]:
        lone = f" ({counts['sections_left_only']} only {left}, {counts['sections_right_only']} only {right})"
    if differences == 0 and not counts["changed"]:
        return f"No difference: {plural(counts['same'], 'sentence')} identical, in {plural(counts['sections'], 'aligned article')}{lone}."
    head = plural(differences, "difference")
    # the differences add up: the changes listed (one wording may change in several sentences, or several in one) and the
    # sentences facing nothing (appwalk 28: « 2 differences: 1 sentence changed, 0 only on the left, 0 only on the right »)
    return (f"{head}: {len(result['changes'])} in {plural(counts['changed'], 'changed sentence')}, {plural(counts['left_only'], 'sentence')} only {left},"
            f" {counts['right_only']} only {right}; {counts['same']} identical, in {plural(counts['sections'], 'aligned article')}{lone}.")


def file_names(result: dict[str, Any]) -> list[str]:
    """The file names of a comparison's two documents (« nothing facing it in bail.pdf »)."""
    return [PurePosixPath(f).name if f else "the other document" for f in result.get("files") or [None, None]]


def marked(row: dict[str, Any], side: str) -> str:
    """One side of a row as Markdown: the sentence escaped, the words it loses (left) or gains
    (right) on a coloured background; the whole sentence coloured when it faces nothing."""
    text = row.get(side)
    if text is None:
        return ""
    if row["tag"] == "changed":
        parts = []
        for op, words in row["words"]:
            if op == "equal":
                parts.append(escape_markdown(words))
            elif op == ("delete" if side == "left" else "insert"):
                parts.append(f":{'red' if side == 'left' else 'green'}-background[{escape_markdown(words)}]")
        return " ".join(p for p in parts if p)
    if row["tag"] in ("left_only", "right_only"):
        return f":{'red' if side == 'left' else 'green'}-background[{escape_markdown(text)}]"
    return escape_markdown(text)


def heading_line(section: dict[str, Any]) -> str:
    """The article a section pair stands for, both headings when they differ (a translation)."""
    left, right = (section.get(s) or {} for s in ("left", "right"))
    names = [h for h in (section_label(left.get("heading"), whole_path=True), section_label(right.get("heading"), whole_path=True)) if h]
    if not names:
        return "Before the first heading"
    if len(names) == 2 and fold_label(names[0]) == fold_label(names[1]):
        return names[0]
    return " / ".join(dict.fromkeys(names))
