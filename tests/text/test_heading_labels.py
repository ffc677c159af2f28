"""A heading shown as a label loses the colon that introduces its text, whatever the typography; the
chunk's own text is not touched (tests/app/test_pages.py checks the quote stays verbatim)."""

from __future__ import annotations

import pytest

from greffier.text import heading_label, section_label


@pytest.mark.parametrize(
    ("heading", "label"),
    [
        ("Article 3 – Durée :", "Article 3 – Durée"),
        ("ARTICLE 4 - LOYER:", "ARTICLE 4 - LOYER"),
        ("Article 5 — Résiliation\u00a0:", "Article 5 — Résiliation"),  # the non-breaking space French puts before it
        ("ENTRE LES SOUSSIGNÉS :  ", "ENTRE LES SOUSSIGNÉS"),
        ("Art. 3. Prix", "Art. 3. Prix"),  # only a colon goes
        ("Clause 7: Term of the Agreement", "Clause 7: Term of the Agreement"),  # a colon inside stays
        (None, ""),
        (" : ", ""),
    ],
)
def test_a_heading_label_has_no_trailing_colon(heading, label):
    assert heading_label(heading) == label


def test_a_section_label_is_its_own_heading_or_the_whole_path():
    assert section_label("TITRE II : > Article 3 – Durée :") == "Article 3 – Durée"
    assert section_label("TITRE II : > Article 3 – Durée :", whole_path=True) == "TITRE II > Article 3 – Durée"
    assert section_label(None) == "" and section_label("") == ""
