"""Map offsets of Greffier's converted text of a plain-text file back to offsets of the file's text.

Greffier converts a ``.txt`` file into one item per non-blank line, each line stripped, joined with
``"\\n"`` (:func:`pipelines.converters.text_reader.items_from_plain_text` then
:func:`pipelines.types.assemble`). A chunk is ``converted[start:end]``; benchmarks such as
LegalBench-RAG give gold spans in the file's own text, so chunk offsets are mapped back before scoring.
A chunk maps to the one contiguous span of the file from its first to its last character: the blank
lines and indentation between its lines are part of it, as they are of a snippet cut from the file.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from devtools.bench.errors import BenchError


@dataclass(frozen=True)
class _Segment:
    """One line kept by the converter: where it starts in the converted text and in the file's text."""

    converted_start: int
    raw_start: int
    length: int


class PlainTextOffsets:
    """Offsets between a file's text and the converted text Greffier builds from it.

    Args:
        raw_text: the file's text as the benchmark reads it (decoded, ``\\n`` line endings).
    """

    def __init__(self, raw_text: str) -> None:
        self.raw_text = raw_text
        segments: list[_Segment] = []
        lines: list[str] = []
        raw_cursor = 0
        converted_cursor = 0
        # Same splitting and stripping as items_from_plain_text: str.splitlines and str.strip.
        for line in raw_text.splitlines(keepends=True):
            stripped = line.strip()
            if stripped:
                if lines:
                    converted_cursor += 1  # the "\n" that assemble() puts between items
                lead = len(line) - len(line.lstrip())
                segments.append(_Segment(converted_cursor, raw_cursor + lead, len(stripped)))
                lines.append(stripped)
                converted_cursor += len(stripped)
            raw_cursor += len(line)
        self.converted_text = "\n".join(lines)
        self._segments = segments
        self._starts = [segment.converted_start for segment in segments]

    def _segment_at(self, position: int) -> int:
        """Index of the last segment starting at or before ``position`` (0 when before all)."""
        return max(0, bisect.bisect_right(self._starts, position) - 1)

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """The file span ``[raw_start, raw_end)`` of the converted span ``[start, end)``.

        Raises BenchError when the span lies outside the converted text.
        """
        if not 0 <= start <= end <= len(self.converted_text):
            raise BenchError(
                f"span {start}:{end} is outside the converted text ({len(self.converted_text)} characters): "
                "the workspace was built from another version of the file; delete the cached workspace"
            )
        if not self._segments:
            return 0, 0
        raw_start = self._raw_start(start)
        if end == start:
            return raw_start, raw_start
        return raw_start, self._raw_end(end)

    def _raw_start(self, position: int) -> int:
        index = self._segment_at(position)
        segment = self._segments[index]
        offset = position - segment.converted_start
        if 0 <= offset < segment.length:
            return segment.raw_start + offset
        # On the separator after this line: the span starts with the next line.
        if index + 1 < len(self._segments):
            return self._segments[index + 1].raw_start
        return segment.raw_start + segment.length

    def _raw_end(self, end: int) -> int:
        last = end - 1  # the span's last character
        segment = self._segments[self._segment_at(last)]
        offset = last - segment.converted_start
        if offset < segment.length:
            return segment.raw_start + offset + 1
        return segment.raw_start + segment.length  # ends on a separator: up to the end of that line
