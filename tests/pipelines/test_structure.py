"""Heading detection and section building (pipelines/splitters/structure.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.splitters.structure import (
    LEVEL_ARTICLE,
    LEVEL_CHAPTER,
    LEVEL_PART,
    Section,
    detect_sections,
    find_page_furniture,
    is_heading,
)
from greffier.text.headings import run_in_heading
from pipelines.types import TextItem, assemble


def pdf_items(pages: list[list[str]]) -> list[TextItem]:
    """Items as a PDF converter gives them: one per line, with its page, offsets assembled."""
    raw = [TextItem(text=line, page=number) for number, lines in enumerate(pages, start=1) for line in lines]
    return assemble(raw)[1]


def flow_items(lines: list[str | tuple[str, str, int]]) -> list[TextItem]:
    """Items as a DOCX/HTML/MD converter gives them: no pages; a tuple is (text, kind, level)."""
    raw = [
        TextItem(text=line) if isinstance(line, str) else TextItem(text=line[0], kind=line[1], level=line[2])
        for line in lines
    ]
    return assemble(raw)[1]


def headings(sections: list[Section]) -> list[str | None]:
    return [section.heading for section in sections]


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("ARTICLE 1 — OBJET", LEVEL_ARTICLE),
        ("Article 3 - Durée", LEVEL_ARTICLE),
        ("ARTICLE PREMIER", LEVEL_ARTICLE),
        ("Article 1er", LEVEL_ARTICLE),
        ("ARTICLE 1er – DÉFINITIONS", LEVEL_ARTICLE),
        ("ARTICLE 12 : LOI APPLICABLE", LEVEL_ARTICLE),
        ("Article 4. Prix", LEVEL_ARTICLE),
        ("Art. 5 – Prix", LEVEL_ARTICLE),
        ("Article n° 6 : Garanties", LEVEL_ARTICLE),
        ("Article 7 bis — Audit", LEVEL_ARTICLE),
        ("Article 1\tObjet", LEVEL_ARTICLE),  # DOCX numbering followed by a tab
        ("Article IV", LEVEL_ARTICLE),
        ("Article 7.2 — Préavis", LEVEL_ARTICLE + 1),
        ("Section 2.1 Term", LEVEL_ARTICLE + 1),
        ("Section 4 Payment", LEVEL_ARTICLE),
        ("Clause 7 – Confidentiality", LEVEL_ARTICLE),
        ("Paragraphe 4 – Responsabilité et indemnisation", LEVEL_ARTICLE),  # walkthrough 19: an IATA annex's articles
        ("PARAGRAPH 2: CHARGES", LEVEL_ARTICLE),
        ("7. TERM AND TERMINATION", LEVEL_ARTICLE),
        ("7 TERM", LEVEL_ARTICLE),
        ("7.1 Notice period", LEVEL_ARTICLE + 1),
        ("7.1. Notice period", LEVEL_ARTICLE + 1),
        ("7.1.2 Form of notice", LEVEL_ARTICLE + 2),
        ("1) Objet", LEVEL_ARTICLE),
        ("TITRE II", LEVEL_PART),
        ("Titre II — Exécution", LEVEL_PART),
        ("PART A", LEVEL_PART),
        ("CHAPITRE 1", LEVEL_CHAPTER),
        ("Chapitre premier", LEVEL_CHAPTER),
        ("II. Obligations du Prestataire", LEVEL_CHAPTER),
        ("PRÉAMBULE", LEVEL_ARTICLE),
        ("Préambule", LEVEL_ARTICLE),
        ("EXPOSÉ PRÉALABLE", LEVEL_ARTICLE),
        ("IL A ÉTÉ CONVENU ET ARRÊTÉ CE QUI SUIT :", LEVEL_ARTICLE),
        ("WHEREAS", LEVEL_ARTICLE),
        ("WHEREAS:", LEVEL_ARTICLE),
        ("RECITALS", LEVEL_ARTICLE),
        ("Definitions", LEVEL_ARTICLE),
        ("ANNEXE 1", LEVEL_PART),
        ("ANNEXE 1 : LISTE DES PRESTATIONS", LEVEL_PART),
        ("Annexe A – Tarifs", LEVEL_PART),
        ("Schedule 2", LEVEL_PART),
        ("Exhibit A", LEVEL_PART),
        ("CONDITIONS PARTICULIÈRES", LEVEL_ARTICLE),
        ("LIMITATION OF LIABILITY", LEVEL_ARTICLE),
        ("OBJET DU CONTRAT", LEVEL_ARTICLE),
        # a verb in a title written as one (a review: a numbered line with a verb is otherwise a wrapped clause)
        ("5. What Is Confidential Information", LEVEL_ARTICLE),
        ("3. Time Is of the Essence", LEVEL_ARTICLE),
        ("4. Ce qui est garanti", LEVEL_ARTICLE),
    ],
)
def test_headings_are_detected_with_their_level(text: str, level: int) -> None:
    assert is_heading(text) == (True, level)


@pytest.mark.parametrize(
    "text",
    [
        "1. the Supplier shall deliver the goods within thirty days, failing which the Client may terminate",
        "1. Le Fournisseur livre les biens dans un délai de trente jours.",
        "2. Le prix est payable à trente jours fin de mois, par virement bancaire sur le compte du Prestataire.",
        "conformément à l'article 5",
        "Conformément à l'article 5, le Client peut résilier le contrat.",
        "article 5 du présent contrat",
        "Article 5 du présent contrat",
        "Paragraph 12.3 of the Agreement is amended as follows:",
        "Paragraphe 2 ci-dessus s'applique aux vols affrétés.",
        "Article 5 : Le Prestataire s'engage à fournir les services décrits en annexe, dans les délais convenus.",
        "Section 5 of the Act provides otherwise",
        "Schedule 2 sets out the fees.",
        "Exhibit A attached hereto",
        "Le Prestataire s'engage à respecter les obligations suivantes :",
        "Le Prestataire s'engage à respecter les obligations suivantes,",
        "les délais de livraison convenus entre les parties;",
        "CONDITIONS PARTICULIÈRES,",
        "Lot 1 | 200 € | 2024",
        "Lot 1\t200 €\t2024",
        "TOTAL HT 1 200,00 €",
        "12 JANVIER 2024",
        "1.500 euros",
        "3 mois",
        "Page 2 / 4",
        "2/4",
        "Page 3 sur 5",
        "- 3 -",
        "Confidentiel",
        "CONFIDENTIEL",
        "ENTRE",
        "ET :",
        "ACME INDUSTRIES SAS",
        # a company name's legal form wrapped onto its own line in a signature block
        "LIMITED",
        "THORNBURY FINE FOODS LIMITED",
        "M. JEAN DUPONT",
        "C. Martin",
        "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, SPECIAL",
        "WHEREAS, the Company desires to engage the Consultant for the services;",
        # a numbered clause whose PDF line wraps before its end (a walkthrough: "shall automatically renew" left the quote
        # and the scan, the line read as a heading of its own)
        "6.2 Thereafter, this Agreement shall automatically renew for successive",
        "4.1 Le Preneur pourra céder son droit au bail",
        "2.3 The Licensee will pay the fees",
        "A" * 40 + " " + "B" * 40 + " " + "C" * 40,
        "",
        "   ",
    ],
)
def test_false_positives_are_rejected(text: str) -> None:
    assert is_heading(text) == (False, 0)


def test_tables_are_never_headings() -> None:
    assert is_heading("ARTICLE 1 — OBJET", kind="table") == (False, 0)


def test_format_headings_are_trusted_and_levelled() -> None:
    assert is_heading("Definitions and scope", kind="heading", level=2) == (True, 3)
    assert is_heading("Contract for services", kind="heading", level=1) == (True, 2)
    assert is_heading("Contrat de prestation", kind="title") == (True, LEVEL_PART)
    # A pattern wins over the format level: "## 7.1 Notice" is a sub-clause whatever its level.
    assert is_heading("7.1 Notice period", kind="heading", level=2) == (True, LEVEL_ARTICLE + 1)
    assert is_heading("x" * 250, kind="heading", level=1) == (False, 0)


def test_sections_with_sub_clause_names() -> None:
    items = flow_items(
        [
            "Entre ACME et Client.",
            "ARTICLE 7 — RÉSILIATION",
            "Chaque partie peut résilier le contrat.",
            "7.1 Principe",
            "La résiliation est notifiée par écrit.",
            "7.2 Préavis",
            "Le préavis est de trois mois.",
            "7.2.1 Forme",
            "Par lettre recommandée.",
            "ARTICLE 8 — LOI APPLICABLE",
            "Le droit français s'applique.",
        ]
    )
    sections = detect_sections(items)
    assert [section.name for section in sections] == [
        None,
        "ARTICLE 7 — RÉSILIATION",
        "ARTICLE 7 — RÉSILIATION > 7.1 Principe",
        "ARTICLE 7 — RÉSILIATION > 7.2 Préavis",
        "ARTICLE 7 — RÉSILIATION > 7.2 Préavis > 7.2.1 Forme",
        "ARTICLE 8 — LOI APPLICABLE",
    ]
    assert [section.parent for section in sections] == [None, None, 1, 1, 3, None]
    assert sections[0].level == 0 and sections[0].heading_items == 0
    assert [item.text for item in sections[3].items] == ["7.2 Préavis", "Le préavis est de trois mois."]


def test_titles_and_chapters_nest_articles() -> None:
    items = flow_items(
        ["TITRE I", "CHAPITRE 1", "ARTICLE 1 — OBJET", "Texte.", "CHAPITRE 2", "ARTICLE 2 — PRIX", "Texte."]
    )
    sections = detect_sections(items)
    assert [(section.heading, section.level, section.parent) for section in sections] == [
        ("TITRE I", 1, None),
        ("CHAPITRE 1", 2, 0),
        ("ARTICLE 1 — OBJET", 3, 1),
        ("CHAPITRE 2", 2, 0),
        ("ARTICLE 2 — PRIX", 3, 3),
    ]
    assert [section.has_body for section in sections] == [False, False, True, False, True]


def test_markdown_heading_levels() -> None:
    items = flow_items(
        [
            ("Contrat de prestation", "heading", 1),
            ("Article 1 — Objet", "heading", 2),
            ("Texte.", "text", 0),
            ("Périmètre", "heading", 3),
            ("Texte.", "text", 0),
        ]
    )
    sections = detect_sections(items)
    assert [(section.level, section.name) for section in sections] == [
        (2, "Contrat de prestation"),
        (3, "Article 1 — Objet"),
        (4, "Article 1 — Objet > Périmètre"),
    ]


def test_docx_plain_paragraph_articles_are_detected() -> None:
    items = flow_items(
        ["Article 1 - Objet", "Le contrat a pour objet la maintenance.", "Article 2 - Prix", "Le prix est fixe."]
    )
    assert headings(detect_sections(items)) == ["Article 1 - Objet", "Article 2 - Prix"]


def test_wrapped_pdf_heading_is_joined() -> None:
    items = pdf_items(
        [
            [
                "ARTICLE 5 — RÉSILIATION ANTICIPÉE ET",
                "CONSÉQUENCES",
                "Chacune des parties peut résilier le contrat.",
                "Article 6 – Résiliation pour faute et",
                "conséquences",
                "Le contrat est résilié de plein droit.",
            ]
        ]
    )
    sections = detect_sections(items)
    assert headings(sections) == [
        "ARTICLE 5 — RÉSILIATION ANTICIPÉE ET CONSÉQUENCES",
        "Article 6 – Résiliation pour faute et conséquences",
    ]
    assert [section.heading_items for section in sections] == [2, 2]


def test_heading_followed_by_another_heading_is_not_joined() -> None:
    items = pdf_items([["TITRE II — EXÉCUTION", "ARTICLE 3 — DURÉE", "Le contrat dure trois ans."]])
    assert headings(detect_sections(items)) == ["TITRE II — EXÉCUTION", "ARTICLE 3 — DURÉE"]


def test_wrapped_sentences_are_not_headings() -> None:
    items = pdf_items(
        [
            [
                "ARTICLE 2 — PRIX",
                "Les pénalités sont celles prévues à l'",
                "Article 5.",
                "Le Client s'engage à :",
                "2. Le Client s'engage à payer le prix",
                "convenu dans les trente jours.",
                "7.1 Notice period",
                "Either party may terminate on notice.",
                "7.2 Thereafter, this Agreement shall automatically renew for successive",
                "periods of twelve (12) months unless either party gives notice.",
            ]
        ]
    )
    assert headings(detect_sections(items)) == ["ARTICLE 2 — PRIX", "7.1 Notice period"]


def test_all_caps_disclaimer_is_not_a_heading() -> None:
    items = pdf_items(
        [
            [
                "12. WARRANTIES",
                "THE SOFTWARE IS PROVIDED AS IS WITHOUT WARRANTY",
                "OF ANY KIND EXPRESS OR IMPLIED INCLUDING WITHOUT LIMITATION THE WARRANTIES OF",
                "MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE.",
            ]
        ]
    )
    assert headings(detect_sections(items)) == ["12. WARRANTIES"]


def test_consecutive_numbered_lines_are_a_list_not_headings() -> None:
    items = pdf_items(
        [
            [
                "ANNEXE 1 : LISTE DES PRESTATIONS",
                "1. Maintenance préventive",
                "2. Maintenance corrective",
                "3. Assistance téléphonique",
                "Les prestations sont facturées au mois.",
                "4. TARIFS",
                "Les tarifs sont fixes.",
            ]
        ]
    )
    sections = detect_sections(items)
    assert headings(sections) == ["ANNEXE 1 : LISTE DES PRESTATIONS", "4. TARIFS"]
    assert len(sections[0].items) == 5


def test_english_agreement() -> None:
    items = pdf_items(
        [
            [
                "MASTER SERVICES AGREEMENT",
                "This Agreement is made between Acme Ltd and Beta Inc.",
                "RECITALS",
                "WHEREAS",
                "(A) The Supplier provides hosting services.",
                "NOW, THEREFORE, the parties agree as follows:",
                "1. DEFINITIONS AND INTERPRETATION",
                "In this Agreement the following terms apply.",
                "2. TERM AND TERMINATION",
                "2.1 Term",
                "This Agreement starts on the Effective Date and, save as provided in",
                "Clause 7 – Confidentiality, continues for three years.",
            ],
            [
                "2.2 Termination for convenience",
                "Either party may terminate on ninety days notice.",
                "Schedule 1",
                "Service Levels",
                "Availability is measured monthly.",
            ],
        ]
    )
    sections = detect_sections(items)
    assert [section.name for section in sections] == [
        "MASTER SERVICES AGREEMENT",
        "RECITALS",
        "WHEREAS",
        "1. DEFINITIONS AND INTERPRETATION",
        "2. TERM AND TERMINATION",
        "2. TERM AND TERMINATION > 2.1 Term",
        "2. TERM AND TERMINATION > 2.2 Termination for convenience",
        "Schedule 1",
    ]


def test_numbered_headings_running_into_their_paragraph_start_sections() -> None:
    # The shape of US contracts filed as text: one line per paragraph, the heading its first words.
    items = flow_items(
        [
            "JOINT VENTURE AGREEMENT",
            "This Agreement is made between Acme Inc. and Beta LLC.",
            "ARTICLE II DUTIES",
            "2.01 Orders. The Company shall place orders. Each order is binding.",
            "(a) Orders are placed in writing.",
            "2.02   PAYMENT OF PURCHASE PRICE.  The Company pays within 30 days.",
            "8.   Term of Joint Venture. The Joint Venture shall be effective until February 28, 2004.",
            "Section 10.01. Term. Except as otherwise provided, this Agreement lasts one year.",
            "1. The Supplier shall deliver the goods. It shall also install them.",
            "16 Main Street. The premises are let as offices.",
        ]
    )
    sections = detect_sections(items)
    assert [section.name for section in sections] == [
        "JOINT VENTURE AGREEMENT",
        "ARTICLE II DUTIES",
        "ARTICLE II DUTIES > 2.01 Orders",
        "ARTICLE II DUTIES > 2.02 PAYMENT OF PURCHASE PRICE",
        "8. Term of Joint Venture",
        "8. Term of Joint Venture > Section 10.01. Term",
    ]
    # The heading's paragraph is the section's body: nothing is taken out of the text.
    term = sections[4]
    assert term.has_body and term.heading_items == 0
    assert term.items[0].text.startswith("8.   Term of Joint Venture. The Joint Venture")
    orders = sections[2]
    assert [item.text[:3] for item in orders.items] == ["2.0", "(a)"]
    # A sentence and an address stay in the section before.
    assert [item.text[:2] for item in sections[5].items] == ["Se", "1.", "16"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("6.2 PRODUCT DISCONTINUATION. McDATA reserves the right", ("6.2 PRODUCT DISCONTINUATION", LEVEL_ARTICLE + 1)),
        ("14.15 Survival. Sections 1, 4.2 and 5.4 survive.", ("14.15 Survival", LEVEL_ARTICLE + 1)),
        ("7. Limitation of Liability. In no event shall", ("7. Limitation of Liability", LEVEL_ARTICLE)),
        ("5. Durée. Le présent contrat est conclu pour un an.", ("5. Durée", LEVEL_ARTICLE)),
        ("Article 1   Definitions . . . . . . 1 Article 2   License Grant . . . 4", None),
        ("7. Limitation of Liability: In no event shall", None),
        ("3. payment. within 30 days", None),
        ("12 janvier 2024. Le bailleur", None),
        ("1.1 \"Affiliate\" means any entity", None),
    ],
)
def test_run_in_heading(line: str, expected: tuple[str, int] | None) -> None:
    assert run_in_heading(line) == expected


def test_run_in_heading_after_an_open_sentence_is_not_a_heading() -> None:
    items = pdf_items([["The fees are set out in", "3. Payment Terms. They are payable monthly.", "4. Audit. The Customer may audit."]])
    sections = detect_sections(items)
    assert headings(sections) == [None, "4. Audit"]


def test_page_furniture_is_not_a_heading_and_not_in_sections() -> None:
    pages = [
        ["CONTRAT DE MAINTENANCE", "ARTICLE 1 — OBJET", "Le contrat porte sur la maintenance.", "Confidentiel", "Page 1"],
        ["CONTRAT DE MAINTENANCE", "Article 3", "Le prix est fixe.", "Confidentiel", "Page 2 / 3"],
        ["CONTRAT DE MAINTENANCE", "Article 7", "Le droit français s'applique.", "Confidentiel", "3"],
    ]
    items = pdf_items(pages)
    furniture = {items[index].text for index in find_page_furniture(items)}
    assert furniture == {"CONTRAT DE MAINTENANCE", "Confidentiel", "Page 1", "Page 2 / 3", "3"}
    sections = detect_sections(items)
    # "Article 3" and "Article 7" open two pages, but differ: they are headings, not a running header.
    assert headings(sections) == ["ARTICLE 1 — OBJET", "Article 3", "Article 7"]
    kept = {item.text for section in sections for item in section.items}
    assert not kept & furniture


def test_a_two_page_document_s_running_lines_are_those_at_the_same_place_of_both_pages() -> None:
    # A two-page licence with a running header and « Page n of 2 — Initials » at the foot of each page (a walkthrough:
    # they were quoted inside the clauses, and the header read as the title and a party).
    pages = [
        ["Kestrel Analytics Ltd — Software Licence Agreement — CONFIDENTIAL", "SOFTWARE LICENCE AGREEMENT", "1. Definitions",
         "\"Software\" means the Kestrel Forecast Suite.", "6. Source Code Escrow", "Page 1 of 2 — Initials: ______ / ______"],
        ["Kestrel Analytics Ltd — Software Licence Agreement — CONFIDENTIAL", "The Licensor shall deposit the source code.",
         "7. Governing Law", "The laws of Ireland govern this Agreement.", "Page 2 of 2 — Initials: ______ / ______"],
    ]
    items = pdf_items(pages)
    found = [items[index].text for index in sorted(find_page_furniture(items, same_place=True))]
    assert found == [pages[0][0], pages[0][-1], pages[1][0], pages[1][-1]]
    # a line repeated at another place of the two pages is content
    moved = pdf_items([["CONTRAT", "Le prix est fixe.", "Texte."], ["Texte suivant.", "CONTRAT", "Le prix est fixe."]])
    assert find_page_furniture(moved, same_place=True) == set()
    # … and so is a short line at the same place that differs by a number that is not the page's (a review)
    rents = pdf_items([["BAIL", "Loyer mensuel : 1 200 € HT", "Texte."], ["Avenant", "Loyer mensuel : 1 350 € HT", "Fin."]])
    assert not {rents[index].text for index in find_page_furniture(rents, same_place=True)} & {"Loyer mensuel : 1 200 € HT", "Loyer mensuel : 1 350 € HT"}
    # … but a letterhead whose address holds the second page's number is the same line on both (walkthrough 22: "2 Grand Canal Quay ·
    # Dublin 2" was kept on page 2, became the document's title and was spliced into clause 6)
    letterhead = "2 Harbour Row · Cork 2 · T12 AB34 · Ireland"
    headed = pdf_items([[letterhead, "FIBRE AGREEMENT", "1. Grant", "Texte."], [letterhead, "6. Liability", "Texte suivant.", "Fin."]])
    assert [headed[index].text for index in sorted(find_page_furniture(headed, same_place=True))] == [letterhead, letterhead]
    # … and a footer whose page number follows another number (walkthrough 27: « EVL-2023-041 – page 1/2 – Paraphes » stayed in article 13)
    footers = [f"EVL-2023-041 – page {n}/2 – Paraphes : ______ / ______" for n in (1, 2)]
    footed = pdf_items([["CONTRAT", "1. Objet", "Texte.", footers[0]], ["13. Résiliation", "Texte suivant.", "Fin.", footers[1]]])
    assert [footed[index].text for index in sorted(find_page_furniture(footed, same_place=True))] == footers


def test_a_long_running_title_on_every_page_is_furniture_a_long_line_on_most_is_not() -> None:
    # walkthrough 23: « Format Licence Agreement – "Panic Kitchen" – … – Strictly confidential » (123 characters) on each of four pages
    # became the contract's title and sat inside clause 15
    title = 'Format Licence Agreement – "Kitchen Rush" – Marée Haute Films SAS / Northwind Media Limited – Strictly confidential – Draft'
    assert len(title) > 120
    pages = [[title, "1. Grant", "Texte un."], [title, "2. Term", "Texte deux."], [title, "3. Fees", "Texte trois."], [title, "4. Law", "Texte quatre."]]
    items = pdf_items(pages)
    assert [items[index].text for index in sorted(find_page_furniture(items, same_place=True))] == [title] * 4
    # … on three pages of four, a long line is content (a clause repeated in schedules)
    pages[3][0] = "4. Law"
    items = pdf_items(pages)
    assert find_page_furniture(items, same_place=True) == set()


def test_single_page_document_has_no_running_header() -> None:
    items = pdf_items([["CONDITIONS GÉNÉRALES", "Texte.", "Page 1 / 1"]])
    assert {items[index].text for index in find_page_furniture(items)} == {"Page 1 / 1"}


def test_items_may_be_dicts_and_empty_input_gives_no_section() -> None:
    items = [item.to_dict() for item in flow_items(["ARTICLE 1 — OBJET", "Texte."])]
    assert headings(detect_sections(items)) == ["ARTICLE 1 — OBJET"]
    assert detect_sections([]) == []


_LINES = st.one_of(
    st.sampled_from(
        [
            "ARTICLE 1 — OBJET",
            "ARTICLE 5 — RÉSILIATION ANTICIPÉE ET",
            "CONSÉQUENCES",
            "7.1 Notice period",
            "TITRE II",
            "Page 2 / 4",
            "Confidentiel",
            "Le préavis est de trois mois.",
            "conformément à l'",
            "article 5 du présent contrat.",
            "",
        ]
    ),
    st.text(max_size=60),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_LINES, st.booleans()), max_size=40), st.booleans())
def test_every_content_item_is_in_exactly_one_section(lines: list[tuple[str, bool]], paged: bool) -> None:
    raw: list[TextItem] = []
    page = 1
    for text, new_page in lines:
        page += int(new_page)
        raw.append(TextItem(text=text, page=page if paged else None))
    _, items = assemble(raw)
    sections = detect_sections(items)
    furniture = find_page_furniture(items)
    placed = [item for section in sections for item in section.items]
    assert placed == [item for index, item in enumerate(items) if index not in furniture]
    for section in sections:
        assert section.items and 0 <= section.heading_items <= len(section.items)
        assert (section.heading is None) == (section.heading_items == 0)
        assert section.parent is None or sections[section.parent].level < section.level
