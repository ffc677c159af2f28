"""Counts in words, page furniture in PDF text, citations renumbered in reading order."""

from __future__ import annotations

from greffier.text import page_furniture, plural, without_page_furniture
from greffier.text.citations import renumber_citations, validate_citations

PAGE_BREAK = """non-respect de l'un des ratios de l'article 7 ;
Paraphes : ______ ______
Page 2 / 3
Banque Hauterive - Lisandre Holding - Contrat de crédit du 15 juin 2023
inexactitude d'une déclaration ; défaut croisé au titre de tout autre endettement du Groupe supérieur à
À défaut de congé ou de demande de renouvellement, le bail se prolongera tacitement au-delà du
Page 1 / 3
terme fixé, conformément à l'article L. 145-9 du Code de commerce.
ARTICLE 4 - LOYER"""


def test_counts_agree_with_their_noun():
    assert plural(1, "file") == "1 file" and plural(0, "file") == "0 files" and plural(3, "file") == "3 files"
    assert plural(2, "rule needs", "rules need") == "2 rules need" and plural(1, "rule needs", "rules need") == "1 rule needs"
    assert plural(2, "amendment") == "2 amendments" and plural(2, "match") == "2 matches" and plural(2, "entry") == "2 entries"


def test_page_numbers_initials_and_running_headers_are_furniture_and_nothing_else():
    lines = PAGE_BREAK.splitlines()
    dropped = [lines[i] for i in sorted(page_furniture(lines))]
    assert dropped == ["Paraphes : ______ ______", "Page 2 / 3", "Banque Hauterive - Lisandre Holding - Contrat de crédit du 15 juin 2023", "Page 1 / 3"]
    text = without_page_furniture(PAGE_BREAK)
    assert "au-delà du\nterme fixé" in text and "ARTICLE 4 - LOYER" in text  # the sentence across the break, the heading
    assert without_page_furniture("Le loyer est fixé.\nArticle 2") == "Le loyer est fixé.\nArticle 2"


def test_citations_are_renumbered_in_the_order_the_answer_cites_them():
    report = validate_citations("Le préavis est de six mois [4]. Le loyer est indexé [2, 4]. Rien [9].", {1, 2, 3, 4})
    assert report.cited == [4, 2] and report.removed == [9]
    order = {given: n for n, given in enumerate(report.cited, 1)}
    assert renumber_citations(report.text, order) == "Le préavis est de six mois [1]. Le loyer est indexé [2, 1]. Rien."
