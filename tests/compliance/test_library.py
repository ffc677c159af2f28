"""The clause library: data (types with French and English examples, heading cues) and its loader."""

from __future__ import annotations

import numpy as np
import pytest

from greffier.compliance.classifier import Classification, LibraryIndex, classify
from greffier.compliance.errors import PlaybookError
from greffier.compliance.library import chunk_headings, load_library

CUAD_CATEGORIES = {
    "Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date", "Renewal Term",
    "Notice Period To Terminate Renewal", "Governing Law", "Most Favored Nation", "Competitive Restriction Exception",
    "Non-Compete", "Exclusivity", "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Disparagement",
    "Termination For Convenience", "Rofr/Rofo/Rofn", "Change Of Control", "Anti-Assignment", "Revenue/Profit Sharing",
    "Price Restrictions", "Minimum Commitment", "Volume Restriction", "Ip Ownership Assignment", "Joint Ip Ownership",
    "License Grant", "Non-Transferable License", "Affiliate License-Licensor", "Affiliate License-Licensee",
    "Unlimited/All-You-Can-Eat-License", "Irrevocable Or Perpetual License", "Source Code Escrow",
    "Post-Termination Services", "Audit Rights", "Uncapped Liability", "Cap On Liability", "Liquidated Damages",
    "Warranty Duration", "Insurance", "Covenant Not To Sue", "Third Party Beneficiary",
}


def test_the_bundled_library():
    library = load_library()
    assert len(library.ids) == len(set(library.ids)) >= 30
    required = {
        "limitation_of_liability", "termination", "termination_for_convenience", "renewal", "change_of_control",
        "assignment", "exclusivity", "non_compete", "confidentiality", "governing_law", "jurisdiction",
        "price_payment", "indexation", "term", "penalties", "warranties", "data_protection",
    }
    assert required <= set(library.ids)
    for clause_type in library.clause_types:
        assert clause_type.examples.fr and clause_type.examples.en, clause_type.id
        assert set(clause_type.label) == {"fr", "en"}
        assert set(clause_type.cuad) <= CUAD_CATEGORIES, clause_type.id
        if not clause_type.context:
            assert clause_type.headings, clause_type.id


@pytest.mark.parametrize(
    ("text", "section", "types"),
    [
        ("ARTICLE 8 - CESSION ET CHANGEMENT DE CONTRÔLE\nLe présent contrat…", None, {"assignment", "change_of_control"}),
        ("Article 6 — Durée et résiliation\nLa convention…", "Article 6 — Durée et résiliation", {"term", "termination"}),
        ("… provisions thereof.  10.8 Jurisdiction. Subject to Section 10.14, the courts… 12. Governing Law. This", None, {"jurisdiction", "governing_law"}),
        ("Section 9.2 Assignment. Neither party may assign this Agreement.", None, {"assignment"}),
        ("5. Non-solicitation\nDuring the term…", "5. Non-solicitation", {"non_solicitation"}),
        ("ARTICLE 5 - DÉPÔT DE GARANTIE\nLe Preneur verse…", None, {"security_deposit", "warranties"}),
    ],
)
def test_heading_cues_in_both_languages(text, section, types):
    library = load_library()
    assert types <= library.cued_types(chunk_headings(text, section))


def test_the_document_title_is_not_a_heading():
    headings = chunk_headings("CONTRAT DE DISTRIBUTION EXCLUSIVE\nENTRE LES SOUSSIGNÉES :", "CONTRAT DE DISTRIBUTION EXCLUSIVE ENTRE LES SOUSSIGNÉES :", "Contrat de distribution exclusive")
    assert "exclusivity" not in load_library().cued_types(headings)


def test_a_numbered_sentence_cut_by_the_page_width_is_no_heading():
    # a PDF's lines: the numbered paragraph's first line ends without a full stop, and named exclusivity and signatures
    text = (
        "12. GOVERNING LAW AND JURISDICTION\n12.2 Each party irrevocably agrees that the courts of England and Wales shall have exclusive\n"
        "jurisdiction to settle any such dispute.\n2.2 Upon the signature by the Client, during the term of this Agreement or within twelve months\n"
        "thereafter, a success fee is due.\n"
    )
    headings = chunk_headings(text, "12. GOVERNING LAW AND JURISDICTION")
    assert load_library().cued_types(headings) == {"governing_law", "jurisdiction"}
    # short headings stay headings, in lower case or in capitals, however long
    french = "Article 5 — Droit de sortie conjointe en cas de changement de contrôle\nSi un associé…"
    assert "change_of_control" in load_library().cued_types(chunk_headings(french))
    capitals = "ARTICLE 14 - RÉSILIATION ANTICIPÉE EN CAS DE CHANGEMENT DE CONTRÔLE DE L'UNE OU L'AUTRE DES PARTIES\nEn cas…"
    assert "change_of_control" in load_library().cued_types(chunk_headings(capitals))
    for heading in (
        "12.3 Termination for Convenience by Either Party Upon Ninety Days Prior Written Notice to the Other Party",
        "7. Non-competition and non-solicitation obligations of the Seller following the completion of the sale",
        "Article 14 – Résiliation anticipée du contrat en cas de changement de contrôle de l'une des parties",
    ):
        assert len(load_library().cued_types(chunk_headings(f"{heading}\nThe Seller shall…"))) >= 2, heading
    # a long line in sentence case is a heading only when the sentence does not go on below it
    assert chunk_headings("7. Non-competition and non-solicitation obligations of the Seller following the\ncompletion of the sale") == []


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        # a reference to another article by what it is about names that article's clause: this passage holds none (the app walk of
        # round 32: an amendment's « Effet et portée » article listed as a change-of-control clause)
        ("Toutes les stipulations du Contrat non modifiées par le présent avenant, notamment l'article 8 relatif à la cession et au "
         "changement de contrôle, demeurent inchangées.", False),
        ("Except as amended hereby, Section 12 (Change of Control) remains in full force and effect.", False),
        ("The provisions of Article 14 relating to a change of control of the Distributor shall survive.", False),
        # the clause itself, even beside a reference
        ("En cas de changement de contrôle du Preneur au sens de l'article L. 233-3 du Code de commerce, le Bailleur pourra résilier le bail.", True),
        ("A change of control of the Customer shall be deemed an assignment for the purposes of Section 9.", True),
        ("Subject to Section 12 (Notices), a change of control of the Licensee entitles the Licensor to terminate.", True),
        # … and a reference that runs into the clause's own words keeps them (the review of the round)
        ("Sous réserve de l'article 12 relatif à la résiliation le Fournisseur pourra résilier le contrat en cas de changement de contrôle du "
         "Distributeur.", True),
        ("Without prejudice to Section 9 regarding termination the Licensor may terminate this Agreement upon a change of control of the Licensee.", True),
        # … written as the party's ceasing to be controlled (the demo's intragroup services agreement was typed a termination only)
        ("La convention prend fin de plein droit, sans préavis, dans le cas où le Bénéficiaire cesserait d'être contrôlé par le Prestataire.", True),
        ("This Agreement shall terminate automatically if the Licensee ceases to be controlled by Parent.", True),
        # … or a stake below half the capital, a loan's event of default (the app walk of round 34)
        ("f) si la Coopérative cesse de détenir, directement ou indirectement, plus de la moitié du capital et des droits de vote de "
         "l'Emprunteur.", True),
    ],
)
def test_a_reference_to_another_article_types_no_clause(text, typed):
    assert ("change_of_control" in load_library().cued_types([], text)) is typed


def test_classification_by_similarity_margin_and_cues():
    library = load_library()
    ids = library.ids
    vectors = np.eye(len(ids), dtype=np.float32)  # one "example" per type, orthogonal
    index = LibraryIndex(library=library, vectors=vectors, owners=np.arange(len(ids)), embedder="test")
    governing, jurisdiction = ids.index("governing_law"), ids.index("jurisdiction")
    chunk = np.zeros((1, len(ids)), dtype=np.float32)
    chunk[0, governing], chunk[0, jurisdiction] = 0.8, 0.78
    [both] = classify(index, chunk, [set()])
    assert both.clause_types == ("governing_law", "jurisdiction")  # within the margin: both
    chunk[0, jurisdiction] = 0.3
    [one] = classify(index, chunk, [{"penalties"}])
    assert one.clause_types[0] == "governing_law" and "penalties" in one.clause_types and "jurisdiction" not in one.clause_types
    assert isinstance(one, Classification) and one.cued == ("penalties",)
    with pytest.raises(ValueError, match="same model"):
        classify(index, np.zeros((1, 3), dtype=np.float32), [set()])


def test_a_broken_library_is_reported_with_lines(tmp_path):
    path = tmp_path / "clauses.yaml"
    path.write_text(
        "version: '1'\nclause_types:\n  - id: Bad-Id\n    label: {fr: a, en: b}\n    examples: {fr: [x], en: []}\n",
        encoding="utf-8",
    )
    with pytest.raises(PlaybookError) as caught:
        load_library(path)
    problems = caught.value.problems
    assert any(p.startswith("line 3, clause type 'Bad-Id': id:") for p in problems)
    assert any("examples.en" in p for p in problems)
