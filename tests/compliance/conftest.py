"""Fixtures of the compliance tests: contracts the tests write (French and English), ingested once.

``scan_base`` is a workspace holding three contracts, built once per session:

* ``distribution_fr.md`` — French exclusive distribution agreement (exclusivity, tacit renewal,
  change of control, assignment consent, non-compete, a EUR 50,000 liability cap, Swiss law);
* ``services_en.docx`` — English services agreement (ends 30 June 2027, termination for convenience
  on thirty (30) days' notice, unlimited liability, non-solicitation, no governing-law clause);
* ``bail_fr.pdf`` — French commercial lease (six-year term ending 31 March 2027, upward-only
  ICC indexation, six months' deposit, article 606 repairs on the tenant, fifteen-day forfeiture,
  no permitted-use clause).

Tests that change documents or flags work on a copy (:func:`copy_workspace`).
"""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from tests.pipelines.files import make_docx, make_markdown, make_pdf

TODAY = date(2026, 11, 30)

DISTRIBUTION_FR = [
    ("Article 1 — Objet", "Le Fournisseur confie au Distributeur la revente des Produits de sa marque auprès des détaillants du Territoire."),
    ("Article 2 — Exclusivité territoriale", "Le Fournisseur concède au Distributeur le droit exclusif de distribuer les Produits en Belgique et s'interdit d'y nommer un autre distributeur."),
    ("Article 3 — Durée", "Le présent contrat entre en vigueur le 1er janvier 2024 et prendra fin le 31 décembre 2029. Il se renouvellera ensuite par tacite reconduction pour des périodes successives d'un an."),
    ("Article 4 — Résiliation", "Chaque partie peut résilier le contrat en cas de manquement grave non réparé dans un délai de trente jours suivant une mise en demeure. Le contrat peut être dénoncé à son échéance moyennant un préavis de six mois."),
    ("Article 5 — Cession et changement de contrôle", "Le Distributeur ne peut céder le présent contrat sans l'accord préalable et écrit du Fournisseur. Tout changement de contrôle du Distributeur au sens de l'article L. 233-3 du Code de commerce autorise le Fournisseur à résilier le contrat."),
    ("Article 6 — Non-concurrence", "Pendant toute la durée du contrat, le Distributeur s'interdit de fabriquer ou de distribuer des produits concurrents des Produits sur le Territoire."),
    ("Article 7 — Limitation de responsabilité", "La responsabilité totale du Fournisseur au titre du contrat est plafonnée à 50 000 euros par année civile."),
    ("Article 8 — Droit applicable", "Le présent contrat est soumis au droit suisse."),
]

SERVICES_EN = [
    ("1. Services", "The Consultant shall provide the advisory services described in Schedule 1 to the Client."),
    ("2. Term", "This Agreement commences on 1 March 2025 and shall remain in force until 30 June 2027."),
    ("3. Termination for convenience", "Either party may terminate this Agreement for convenience at any time by giving thirty (30) days' prior written notice to the other party."),
    ("4. Liability", "The parties agree that the liability of each party under this Agreement is unlimited."),
    ("5. Non-solicitation", "During the term and for twelve months thereafter, neither party shall solicit or hire any employee of the other party."),
    ("6. Confidentiality", "Each party shall keep confidential all information received from the other party and use it only to perform this Agreement."),
]

LEASE_FR = [
    [
        ("ARTICLE 1 — DÉSIGNATION", "Le Bailleur donne à bail au Preneur un local commercial d'une surface de 120 m² situé 3 rue des Lilas à Lyon, au rez-de-chaussée de l'immeuble."),
        ("ARTICLE 2 — DURÉE", "Le présent bail est consenti pour une durée de six années entières et consécutives à compter du 1er avril 2021, pour se terminer le 31 mars 2027."),
        ("ARTICLE 3 — LOYER", "Le loyer annuel est fixé à 36 000 euros hors taxes, payable trimestriellement et d'avance."),
        ("ARTICLE 4 — INDEXATION", "Le loyer sera indexé chaque année sur l'indice du coût de la construction publié par l'INSEE. La clause d'indexation ne jouera qu'à la hausse."),
    ],
    [
        ("ARTICLE 5 — DÉPÔT DE GARANTIE", "Le Preneur verse au Bailleur un dépôt de garantie égal à six mois de loyer hors taxes."),
        ("ARTICLE 6 — TRAVAUX ET RÉPARATIONS", "Les grosses réparations visées à l'article 606 du Code civil seront à la charge du Preneur."),
        ("ARTICLE 7 — CLAUSE RÉSOLUTOIRE", "À défaut de paiement d'un seul terme de loyer à son échéance, le bail sera résilié de plein droit quinze jours après un commandement de payer resté infructueux."),
        ("ARTICLE 8 — DROIT APPLICABLE", "Le présent bail est soumis au droit français."),
    ],
]


def write_amended_pairs(room: Path) -> None:
    """Two contracts with their parties, each with an amendment that moves its end: the English services agreement
    (30 June 2027 → 31 December 2027, its term clause replaced) and the French distribution agreement (31 December 2029
    → 31 December 2030, « modifié comme suit »)."""
    room.mkdir(parents=True, exist_ok=True)
    parties_en = ("", "This Services Agreement is made on 1 March 2025 between Northwind Analytics Limited, a company registered in "
                  "England under number 04412345 (the \"Client\"), and Brightwater Consulting LLP, a limited liability partnership "
                  "(the \"Consultant\").")
    make_docx(room / "services_en.docx", [parties_en, *SERVICES_EN], title="Services Agreement")
    make_markdown(room / "services_amendment_en.md", [
        ("", "This Amendment No. 1 is made on 12 January 2026 between Northwind Analytics Limited (the \"Client\") and Brightwater "
             "Consulting LLP (the \"Consultant\")."),
        ("1. Amendment", "The Services Agreement dated 1 March 2025 is amended as follows: Clause 2 (Term) is deleted and replaced by: "
                         "\"This Agreement shall remain in force until 31 December 2027.\""),
        ("2. Other terms", "All other terms of the Services Agreement remain unchanged."),
    ], title="Amendment No. 1 to the Services Agreement")
    parties_fr = ("", "ENTRE LES SOUSSIGNÉS : la société Vignobles Castaing SAS, immatriculée au RCS de Bordeaux sous le numéro "
                  "412 345 678, ci-après « le Fournisseur », D'UNE PART, ET la société Brasserie du Quai SARL, immatriculée au RCS de "
                  "Lille sous le numéro 523 456 789, ci-après « le Distributeur », D'AUTRE PART.")
    make_markdown(room / "distribution_fr.md", [parties_fr, *DISTRIBUTION_FR], title="Contrat de distribution exclusive")
    make_markdown(room / "avenant_distribution_fr.md", [
        ("", "ENTRE : Vignobles Castaing SAS, ci-après « le Fournisseur », ET : Brasserie du Quai SARL, ci-après « le Distributeur »."),
        ("Article 1 — Durée", "L'article 3 du contrat de distribution exclusive du 1er janvier 2024 est modifié comme suit : "
                              "« Le présent contrat prendra fin le 31 décembre 2030. »"),
        ("Article 2 — Autres stipulations", "Les autres stipulations du contrat demeurent inchangées."),
    ], title="Avenant n° 1 au contrat de distribution exclusive")


def write_room(room: Path) -> dict[str, Path]:
    room.mkdir(parents=True, exist_ok=True)
    paths = {
        "distribution": make_markdown(room / "distribution_fr.md", DISTRIBUTION_FR, title="Contrat de distribution exclusive").path,
        "services": make_docx(room / "services_en.docx", SERVICES_EN, title="Services Agreement").path,
        "lease": make_pdf(room / "bail_fr.pdf", LEASE_FR, title="BAIL COMMERCIAL").path,
    }
    return paths


@pytest.fixture(scope="session")
def scan_base(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """An ingested workspace with the three contracts (never scanned: copy it before use)."""
    base = tmp_path_factory.mktemp("compliance-base")
    room = base / "room"
    write_room(room)
    workspace = base / "ws"
    report = Ingestor(load_settings(workspace)).ingest(room)
    assert not report.failed, report.failed
    from store.workspace import open_workspace
    from store import repository as repo

    with open_workspace(load_settings(workspace)).session() as session:
        ids = {Path(c.file).name: c.id for c in repo.list_contracts(session=session)}
    return {"base": base, "room": room, "ws": workspace, "ids": ids}


def copy_workspace(scan_base: dict, target: Path) -> dict:
    """A private copy of the ingested workspace (and its room, for re-ingest tests)."""
    shutil.copytree(scan_base["ws"], target / "ws")
    shutil.copytree(scan_base["room"], target / "room")
    return {"ws": target / "ws", "room": target / "room", "ids": dict(scan_base["ids"]), "settings": load_settings(target / "ws")}


@pytest.fixture(scope="module")
def scanned(scan_base: dict, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A copy of the base workspace scanned once with each bundled playbook (no LLM)."""
    from greffier.services.compliance.service import scan_workspace

    copy = copy_workspace(scan_base, tmp_path_factory.mktemp("scanned"))
    events = []
    copy["ma"] = scan_workspace(copy["settings"], "ma_due_diligence", today=TODAY, llm=None, on_event=events.append)
    copy["lease"] = scan_workspace(copy["settings"], "bail_commercial", today=TODAY, llm=None)
    copy["events"] = events
    return copy
