"""How a contract is named to a reader, everywhere (screens, exports, compliance reports): by its title, with its file
name where two contracts share a title."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import PurePosixPath


def name_contracts(contracts: Iterable[tuple[str, str | None, str | None]]) -> dict[str, str]:
    """``{contract id: name}`` for ``(id, title, file)`` triples: a contract is named by its title, by
    its title and file name where two contracts share a title (a retyped copy: « BAIL COMMERCIAL
    (Bail Montelier - copie de travail.docx) »), by its file name when it has no title; never by its id
    unless it has neither."""
    items = [(cid, " ".join(str(title or "").split()) or None, PurePosixPath(file).name if file else None) for cid, title, file in contracts]
    shared = {title for title, count in Counter(title for _, title, _ in items if title).items() if count > 1}
    names = {}
    for cid, title, file in items:
        if title and title in shared and file:
            names[cid] = f"{title} ({file})"
        else:
            names[cid] = title or file or cid
    return names
