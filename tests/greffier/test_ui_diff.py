"""Side-by-side differences as text with markers."""

from __future__ import annotations

from greffier.ui.diff import compare, render_changes, render_side, word_diff
from greffier.ui.text import escape_markdown, one_line

LEFT = "ARTICLE 1 — DURÉE\nLe bail est consenti pour neuf ans. Le loyer est payable par trimestre.\nARTICLE 2 — LOI\nDroit français."
RIGHT = "ARTICLE 1 — DURÉE\nLe bail est consenti pour dix ans. Le loyer est payable par trimestre.\nARTICLE 2 — LOI\nDroit français.\nANNEXE\nPlan des locaux."


def test_sentences_are_aligned_and_marked():
    diff = compare(LEFT, RIGHT)
    tags = [row.tag for row in diff.rows]
    assert tags == ["equal", "replace", "equal", "equal", "equal", "insert", "insert"]
    assert 0 < diff.similarity < 1 and diff.changed == 3
    left, right = render_side(diff, "left").splitlines(), render_side(diff, "right").splitlines()
    assert len(left) == len(right)
    assert left[1] == "~ Le bail est consenti pour neuf ans." and right[1] == "~ Le bail est consenti pour dix ans."
    assert left[-1] == "  ·" and right[-1] == "+ Plan des locaux."


def test_changes_only_view_marks_words():
    changes = render_changes(compare(LEFT, RIGHT))
    assert "~ Le bail est consenti pour [-neuf-] {+dix+} ans." in changes
    assert "+ ANNEXE" in changes and "Droit français" not in changes
    assert render_changes(compare(LEFT, LEFT)) == "(no difference)"


def test_word_diff():
    assert word_diff("a b c", "a x c") == "a [-b-] {+x+} c"


def test_document_text_is_made_inert_for_markdown():
    escaped = escape_markdown("**gras** [lien](x) <b>x</b> 5 $ et 6 $")
    assert escaped == "\\*\\*gras\\*\\* \\[lien\\]\\(x\\) \\<b\\>x\\</b\\> 5 \\$ et 6 \\$"
    escaped = escape_markdown("# Titre\n- puce *x*", keep_lines=True)
    assert escaped == "\\# Titre  \n\\- puce \\*x\\*"
    assert one_line("a\n  b   c", 10) == "a b c" and one_line("x" * 20, 10) == "x" * 9 + "…"
