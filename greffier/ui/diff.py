"""Side-by-side differences of two texts (difflib), rendered as plain text with markers.

Texts are compared sentence by sentence (contract paragraphs are long lines: a line diff would
mark a whole article for one changed word); a changed sentence also gets word-level markers
``[-removed-]`` / ``{+added+}``. Nothing here produces HTML.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from greffier.text.citations import split_sentences

MARKERS = {"equal": " ", "replace": "~", "delete": "-", "insert": "+"}


@dataclass(frozen=True)
class DiffRow:
    """One aligned row: ``tag`` is equal | replace | delete | insert; a side is None where the
    other text has nothing facing it."""

    tag: str
    left: str | None
    right: str | None


@dataclass(frozen=True)
class TextDiff:
    rows: list[DiffRow]
    similarity: float  # difflib ratio over the sentences, 0..1

    @property
    def changed(self) -> int:
        return sum(1 for row in self.rows if row.tag != "equal")


def segments(text: str) -> list[str]:
    """The text cut into sentences (a heading stays one line), blank lines dropped."""
    out: list[str] = []
    for line in (text or "").splitlines():
        line = " ".join(line.split())
        if not line:
            continue
        out.extend(split_sentences(line))
    return out


def compare(left_text: str, right_text: str) -> TextDiff:
    """Align the sentences of two texts."""
    left, right = segments(left_text), segments(right_text)
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    rows: list[DiffRow] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows += [DiffRow("equal", a, b) for a, b in zip(left[i1:i2], right[j1:j2])]
        elif tag == "delete":
            rows += [DiffRow("delete", a, None) for a in left[i1:i2]]
        elif tag == "insert":
            rows += [DiffRow("insert", None, b) for b in right[j1:j2]]
        else:
            a_part, b_part = left[i1:i2], right[j1:j2]
            for k in range(max(len(a_part), len(b_part))):
                a = a_part[k] if k < len(a_part) else None
                b = b_part[k] if k < len(b_part) else None
                rows.append(DiffRow("replace" if a is not None and b is not None else ("delete" if b is None else "insert"), a, b))
    return TextDiff(rows=rows, similarity=round(matcher.ratio(), 4))


def word_diff(left: str, right: str) -> str:
    """``right`` with the words removed from ``left`` as ``[-…-]`` and the added ones as ``{+…+}``."""
    a, b = re.findall(r"\S+", left), re.findall(r"\S+", right)
    out: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.append(" ".join(a[i1:i2]))
            continue
        if tag in ("replace", "delete"):
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if tag in ("replace", "insert"):
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def render_side(diff: TextDiff, side: str) -> str:
    """One side as text: each sentence prefixed with its marker (`` `` same, ``~`` changed,
    ``-`` only on the left, ``+`` only on the right); a gap where the other side has text."""
    lines = []
    for row in diff.rows:
        text = row.left if side == "left" else row.right
        lines.append(f"{MARKERS[row.tag]} {text}" if text is not None else "  ·")
    return "\n".join(lines)


def render_changes(diff: TextDiff, *, context: int = 0) -> str:
    """Only the rows that differ (with ``context`` equal rows around), changed ones word-diffed."""
    keep = {i for i, row in enumerate(diff.rows) if row.tag != "equal"}
    keep |= {j for i in list(keep) for j in range(i - context, i + context + 1) if 0 <= j < len(diff.rows)}
    lines: list[str] = []
    last = -2
    for i in sorted(keep):
        if i != last + 1 and lines:
            lines.append("…")
        row = diff.rows[i]
        if row.tag == "replace":
            lines.append(f"~ {word_diff(row.left or '', row.right or '')}")
        elif row.tag == "delete":
            lines.append(f"- {row.left}")
        elif row.tag == "insert":
            lines.append(f"+ {row.right}")
        else:
            lines.append(f"  {row.left}")
        last = i
    return "\n".join(lines) if lines else "(no difference)"
