"""Document text made inert for Markdown, and cut only between words."""

from __future__ import annotations

from greffier.ui.text import escape_markdown, one_line, shorten, tail_path


def test_document_text_is_made_inert_for_markdown():
    escaped = escape_markdown("**gras** [lien](x) <b>x</b> 5 $ et 6 $")
    assert escaped == "\\*\\*gras\\*\\* \\[lien\\]\\(x\\) \\<b\\>x\\</b\\> 5 \\$ et 6 \\$"
    escaped = escape_markdown("# Titre\n- puce *x*", keep_lines=True)
    assert escaped == "\\# Titre  \n\\- puce \\*x\\*"
    # Greffier's own list (a chat list's contracts) shows its rows as a list's (the app walk of round 31), its text still inert
    rows = escape_markdown("2 contracts match:\n- A_B (a.pdf) — ends 2027-01-01\n- C (c.pdf)", keep_lines=True, rows=True)
    assert rows == "2 contracts match\\:  \n- A\\_B \\(a\\.pdf\\) — ends 2027\\-01\\-01  \n- C \\(c\\.pdf\\)"
    assert one_line("a\n  b   c", 10) == "a b c" and one_line("x" * 20, 10) == "x" * 9 + "…"


def test_names_are_cut_between_words_and_paths_lose_their_folders_first():
    assert shorten("Contrat_credit_Banque_Hauterive_2023.pdf", 24) == "Contrat_credit_Banque…"
    assert shorten("Bail commercial", 40) == "Bail commercial"
    path = "dataroom/02_Commercial/Approvisionnement/Avenant_2_Ferlande_prix.pdf"
    assert tail_path(path, 50) == "…/Approvisionnement/Avenant_2_Ferlande_prix.pdf" and tail_path(path, 100) == path
