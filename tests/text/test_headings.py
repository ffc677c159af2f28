"""Headings told from sentences: an ALL-CAPS clause a PDF wraps over lines is no section title."""

from __future__ import annotations

import pytest

from greffier.text import is_heading_line


@pytest.mark.parametrize("line", [
    "9.1 IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL",
    "9.2 EXCEPT FOR THE INDEMNIFICATION OBLIGATIONS UNDER ARTICLE 8, IN NO EVENT",
])
def test_an_all_caps_clause_wrapped_by_a_pdf_is_no_heading(line):
    # walkthrough 17: the US agreement's capitals became section headings, and its cap's quote lost its first words
    assert not is_heading_line(line)


@pytest.mark.parametrize("line", ["9. LIMITATION OF LIABILITY", "12. ASSIGNMENT; CHANGE OF CONTROL", "4. WHAT IS CONFIDENTIAL INFORMATION",
                                  "7. REPRESENTATIONS, WARRANTIES AND COVENANTS"])
def test_all_caps_titles_stay_headings(line):
    assert is_heading_line(line)
