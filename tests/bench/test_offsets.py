"""Chunk offsets in Greffier's converted text of a .txt file map back to the file's own text."""

from __future__ import annotations

import re

import pytest

from devtools.bench.errors import BenchError
from devtools.bench.offsets import PlainTextOffsets
from pipelines.converters.text_reader import items_from_plain_text
from pipelines.types import assemble

RAW = (
    "\n\n   MASTER SUPPLY AGREEMENT  \n"
    "\n"
    "1. Term.\tThis Agreement starts on 1 March 2021\n"
    "   and lasts three (3) years.\n"
    "\n\n\n"
    "2. Governing law. The laws of Delaware govern.   \n"
    "  \n"
    "Signed.\n"
)


def _converted(raw: str) -> str:
    return assemble(items_from_plain_text(raw))[0]


def test_converted_text_is_the_one_greffier_builds():
    assert PlainTextOffsets(RAW).converted_text == _converted(RAW)


def test_every_line_maps_back_to_its_text_in_the_file():
    offsets = PlainTextOffsets(RAW)
    _, items = assemble(items_from_plain_text(RAW))
    for item in items:
        start, end = offsets.to_raw(item.start, item.end)
        assert RAW[start:end] == item.text


def test_a_span_over_several_lines_covers_the_blank_lines_between_them():
    offsets = PlainTextOffsets(RAW)
    converted = offsets.converted_text
    start = converted.index("This Agreement")
    end = converted.index("Delaware") + len("Delaware")
    raw_start, raw_end = offsets.to_raw(start, end)
    assert RAW[raw_start:raw_end].startswith("This Agreement") and RAW[raw_start:raw_end].endswith("Delaware")
    assert "\n\n\n" in RAW[raw_start:raw_end]
    squash = lambda text: re.sub(r"\s+", " ", text)  # noqa: E731
    assert squash(RAW[raw_start:raw_end]) == squash(converted[start:end])


def test_spans_starting_or_ending_on_a_separator():
    offsets = PlainTextOffsets(RAW)
    converted = offsets.converted_text
    separator = converted.index("\n")  # between the title and "1. Term."
    start, end = offsets.to_raw(separator, separator + 3)
    assert RAW[start:end] == "1."  # "\n1." without its separator
    start, end = offsets.to_raw(0, separator + 1)
    assert RAW[start:end] == "MASTER SUPPLY AGREEMENT"
    assert offsets.to_raw(5, 5) == (offsets.to_raw(5, 6)[0],) * 2


def test_windows_ending_mid_line_and_crlf_free_text():
    text = "alpha beta gamma\ndelta"
    offsets = PlainTextOffsets(text)
    assert offsets.to_raw(6, 10) == (6, 10)
    assert offsets.to_raw(0, len(text)) == (0, len(text))


def test_out_of_range_span_is_refused():
    offsets = PlainTextOffsets("one\ntwo")
    with pytest.raises(BenchError, match="outside the converted text"):
        offsets.to_raw(0, 100)


def test_empty_file():
    assert PlainTextOffsets("\n \n").to_raw(0, 0) == (0, 0)
