"""Who signed a contract: its signature block, found in its last passages (inside the last article, where PDFs and DOCX put it)
and quoted verbatim, in French and English (walkthroughs 19 and 20: « Qui a signé … ? » quoted fees, a jurisdiction clause and
a letterhead; the block sat in the last article's passage, out of the top five)."""

from __future__ import annotations

import pytest
from haystack import Document

from greffier.config import load_settings
from greffier.services.answering import answer
from greffier.services.ingest import Ingestor
from pipelines.passages import signature_block, signers_asked

LEASE = """# BAIL COMMERCIAL

ENTRE LES SOUSSIGNÉS : la SCI du Rhône, ci-après « le Bailleur », ET : la société Verlaine Torréfaction SAS, ci-après « le Preneur ».

## Article 1 — Durée

Le présent bail est consenti pour neuf années à compter du 1er avril 2020.

## Article 2 — Loyer

Le loyer annuel est fixé à 48 000 euros hors taxes, payable par trimestre et d'avance.

## Article 3 — Droit applicable

Le présent bail est soumis au droit français. Tout litige relève du tribunal judiciaire de Valence.

Fait à Valence, le 15 mars 2020, en deux exemplaires originaux.

Pour le Bailleur, SCI du Rhône : M. Paul Arnaud, gérant

Pour le Preneur, Verlaine Torréfaction SAS : Mme Inès Morel, présidente
"""

SUPPLY = """# GREEN COFFEE SUPPLY AGREEMENT

This Agreement is made by and between Altiplano Traders Ltd (the "Supplier") and Verlaine Torréfaction SAS (the "Buyer").

## 1. Supply

The Supplier shall sell and the Buyer shall buy 180 metric tonnes of green coffee in each Contract Year.

## 2. Governing law

This Agreement is governed by English law.

IN WITNESS WHEREOF the parties have signed this Agreement on 2 September 2022.

For and on behalf of Altiplano Traders Ltd: John Hale, Director

For and on behalf of Verlaine Torréfaction SAS: Inès Morel, Présidente
"""


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Qui a signé le bail pour le preneur ?", True),
        ("Par qui le contrat d'approvisionnement a-t-il été signé ?", True),
        ("Who signed the supply agreement for the buyer?", True),
        ("Who executed the agreement on behalf of the Supplier?", True),
        ("Qui sont les signataires du bail ?", False),  # the parties: its opening answers
        ("When was the lease signed?", False),
        ("Le preneur peut-il signer un sous-bail ?", False),
        # the review of the round: works executed, a report signed off
        ("Who executed the works under the construction contract?", False),
        ("Who signed off the acceptance report?", False),
        ("Who executed this agreement for the contractor?", True),
    ],
)
def test_a_question_who_signed(question, asked):
    assert signers_asked(question) is asked


def test_the_block_runs_from_the_place_and_date_of_signing_to_the_passage_s_end():
    text = ("11. GOVERNING LAW\n11.3 This Agreement is made in English.\nSigned in Brussels on 2 September 2022 in two originals.\n"
            "For MAISON BRÛLERIE SAS\nFor BRÛLERIE BENELUX SRL\nMs Claire Garnier, Présidente\nMr Pieter Claes, Managing Director")
    last = Document(id="c3-13", content=text, meta={"doc_id": "c3", "section": "11. GOVERNING LAW"})
    fees = Document(id="c3-6", content="4. FEES\n4.1 The fee is payable on signature.", meta={"doc_id": "c3", "section": "4. FEES"})
    block = signature_block([fees, last])
    assert [n for n, _pos, _s in block] == [2, 2] and block[0][2].startswith("Signed in Brussels on 2 September 2022")
    assert "Mr Pieter Claes, Managing Director" in block[1][2]
    assert signature_block([fees]) == []  # "on signature" opens no block
    # "Done in …", "Issued at …" open one too (walkthrough 30: a customs broker's agreement, a cargo policy)
    for opening in ("Done in Rotterdam on 20 June 2023, in two originals.", "Issued at Hamburg on 15 December 2025."):
        done = Document(id="c7-9", content=f"8. DISPUTES\n8.2 The courts of Rotterdam shall decide.\n{opening}\nFor DUNMORE CUSTOMS SERVICES B.V.\n"
                        "Pieter van Loon, Managing Director", meta={"doc_id": "c7"})
        assert signature_block([done])[0][2] == opening, opening
    assert signature_block([Document(id="c7-2", content="2. SCOPE\nDone in accordance with the law, the declarations are filed.", meta={"doc_id": "c7"})]) == []
    # an annex's blank template after the real block is no block (the review of the round)
    template = Document(id="c3-20", content="ANNEX 4 — FORM OF ACCESSION\nSigned in [●] on [●].\nFor [●]\nName: ________", meta={"doc_id": "c3", "section": "ANNEX 4"})
    assert signature_block([fees, last, template])[0][0] == 2
    # … but a block whose date is left blank, people named under it, is the contract's (the app walk of round 31)
    undated = Document(id="c4-9", content="Article 9 — Droit applicable\nLe contrat est soumis au droit français.\nFait à Annecy, le ____________, "
                       "en deux exemplaires originaux.\nPour LISANDRE HOLDING SAS\nMme Hélène Castagnet, Présidente", meta={"doc_id": "c4"})
    assert "Mme Hélène Castagnet, Présidente" in " ".join(sentence for _n, _pos, sentence in signature_block([undated]))
    # … but placeholders in brackets, or a role for a name, stay a template after the real block (the review of the round)
    signed = Document(id="c5-8", content="12. SIGNATURES\nSigned in London on 3 March 2024.\nBy: John Smith, Director", meta={"doc_id": "c5"})
    for form in ("Signed in [●] on [●].\nFor [●]\nBy: Authorised Signatory", "Fait à [●], le [●].\nPour la Société, M. Le Représentant légal"):
        annex = Document(id="c5-20", content=f"ANNEX 2 — FORM\n{form}", meta={"doc_id": "c5"})
        assert signature_block([signed, annex])[0][2].startswith("Signed in London on 3 March 2024"), form


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    base = tmp_path_factory.mktemp("signers")
    folder = base / "room"
    folder.mkdir()
    (folder / "Bail_Valence.md").write_text(LEASE, encoding="utf-8")
    (folder / "Green_Coffee_Supply.md").write_text(SUPPLY, encoding="utf-8")
    settings = load_settings(base / "ws")
    assert Ingestor(settings).ingest(folder).failed == []
    return settings


@pytest.mark.parametrize(
    ("question", "names", "not_said"),
    [
        ("Qui a signé le bail commercial de Valence ?", ["M. Paul Arnaud, gérant", "Mme Inès Morel, présidente"], "48 000"),
        ("Who signed the green coffee supply agreement?", ["John Hale, Director", "Inès Morel, Présidente"], "180 metric tonnes"),
        # across languages: a French question on the English agreement, an English one on the French lease
        ("Qui a signé le contrat d'approvisionnement en café vert ?", ["John Hale, Director"], "180 metric tonnes"),
        ("Who signed the commercial lease in Valence?", ["M. Paul Arnaud, gérant"], "48 000"),
    ],
)
def test_who_signed_is_answered_with_the_signature_block(workspace, question, names, not_said):
    said = answer(workspace, question, backend=None)
    assert not said["abstained"], said["answer"]
    assert all(name in said["answer"] for name in names) and not_said not in said["answer"], said["answer"]
