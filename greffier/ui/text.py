"""Document text made inert for Markdown display: no emphasis, links, headings, HTML or LaTeX."""

from __future__ import annotations

import re

# Characters Markdown (and Streamlit's $…$ LaTeX) would interpret.
_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def escape_markdown(text: str | None, *, keep_lines: bool = False) -> str:
    """``text`` with every Markdown-significant character backslash-escaped (None → "").

    ``keep_lines`` turns each line break into a Markdown hard break, so a passage keeps its lines.
    """
    if not text:
        return ""
    escaped = _SPECIAL.sub(r"\\\1", str(text))
    if keep_lines:
        escaped = "  \n".join(line.strip() for line in escaped.splitlines())
    return escaped


def one_line(text: str | None, limit: int = 160) -> str:
    """``text`` on one line, cut at ``limit`` characters with an ellipsis."""
    flat = " ".join(str(text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
