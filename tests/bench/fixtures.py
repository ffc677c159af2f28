"""Tiny evaluation-data folders in the formats of shared/evaldata, written by the tests."""

from __future__ import annotations

import json
from pathlib import Path

SUPPLY = (
    "SUPPLY AGREEMENT\n\n"
    "This Supply Agreement is made between Acme Widgets Inc. and Globex Corporation.\n\n"
    "1. TERM. This Agreement shall remain in force for five (5) years from the Effective Date.\n\n"
    "2. GOVERNING LAW. This Agreement is governed by the laws of the State of Delaware.\n\n"
    "3. EXCLUSIVITY. Supplier shall not sell widgets to any competitor of Globex in North America.\n"
)
NDA = (
    "MUTUAL NON-DISCLOSURE AGREEMENT\n\n"
    "  Confidential Information means any information disclosed orally or in writing.\n\n"
    "The Receiving Party shall return or destroy all Confidential Information upon request.\n\n"
    "This agreement is governed by the laws of England and Wales.\n"
)


def _span(text: str, quote: str) -> list[int]:
    start = text.index(quote)
    return [start, start + len(quote)]


def write_lbr(root: Path, name: str = "legalbenchrag_mini_cuad", sub: str = "cuad") -> Path:
    """A LegalBench-RAG folder: benchmarks/<sub>.json + corpus/<sub>/*.txt, two documents, three tests."""
    folder = root / name
    corpus = folder / "corpus" / sub
    corpus.mkdir(parents=True)
    (folder / "benchmarks").mkdir()
    (corpus / "Supply Agreement.txt").write_text(SUPPLY, encoding="utf-8")
    (corpus / "nda.txt").write_text(NDA, encoding="utf-8")
    law = "This Agreement is governed by the laws of the State of Delaware."
    tests = [
        {"query_id": "t-1", "query": "Consider the Supply Agreement between Acme and Globex; What is the governing law?",
         "cuad_category": "Governing Law", "snippets": [{"file_path": f"{sub}/Supply Agreement.txt", "span": _span(SUPPLY, law)}]},
        {"query_id": "t-2", "query": "Consider the Supply Agreement between Acme and Globex; Is there an exclusivity clause?",
         "cuad_category": "Exclusivity",
         "snippets": [{"file_path": f"{sub}/Supply Agreement.txt", "span": _span(SUPPLY, "Supplier shall not sell widgets")}]},
        {"query_id": "t-3", "query": "Consider the mutual NDA; Must confidential information be returned or destroyed?",
         "snippets": [{"file_path": f"{sub}/nda.txt", "span": _span(NDA, "The Receiving Party shall return or destroy")},
                      {"file_path": f"{sub}/nda.txt", "span": _span(NDA, "Confidential Information means")}]},
    ]
    (folder / "benchmarks" / f"{sub}.json").write_text(json.dumps({"tests": tests}), encoding="utf-8")
    return folder


CODE_ARTICLES = [
    ("LEGIARTI01", "L1221-19", "La période d'essai du salarié en contrat à durée indéterminée a une durée maximale de deux mois."),
    ("LEGIARTI02", "L1234-1", "Le salarié licencié a droit à un préavis dont la durée dépend de son ancienneté."),
    ("LEGIARTI03", "L3142-1", "Le salarié a droit chaque année à un congé payé à la charge de l'employeur."),
    ("LEGIARTI04", "L1237-1", "En cas de démission, l'existence et la durée du préavis sont fixées par la loi ou la convention."),
    ("LEGIARTI05", "L2253-2", "Les stipulations de la convention de branche prévalent sur la convention d'entreprise."),
    ("LEGIARTI06", "R1234-2", "L'indemnité de licenciement ne peut être inférieure à un quart de mois de salaire par année."),
]
KALI_ARTICLES = [
    ("KALIARTI01", "5", "La période d'essai des employés de boulangerie est fixée à un mois."),
    ("KALIARTI02", "12", "Le préavis de démission des ouvriers boulangers est d'une semaine."),
    ("KALIARTI03", "13", "Les jours fériés travaillés donnent lieu à une majoration de salaire."),
    ("KALIARTI04", "14", ""),  # an empty article: left out
]


def write_cdtn(root: Path) -> Path:
    """A cdtn_contributions_fr folder: six Code du travail articles, one agreement, 3 + 3 questions."""
    folder = root / "cdtn_contributions_fr"
    (folder / "corpus" / "kali").mkdir(parents=True)
    meta = {"kali_containers": [{"container": "KALICONT01", "idcc": "0843", "title": "Convention boulangerie",
                                 "shortTitle": "Boulangerie-pâtisserie", "n_articles": 4}]}
    (folder / "corpus" / "corpus_meta.json").write_text(json.dumps(meta), encoding="utf-8")
    with open(folder / "corpus" / "code_du_travail.jsonl", "w", encoding="utf-8") as handle:
        for article_id, num, text in CODE_ARTICLES:
            row = {"id": article_id, "cid": article_id, "num": num, "etat": "VIGUEUR",
                   "section_path": ["Partie législative", "Chapitre Ier : Contrat de travail"], "text": text}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(folder / "corpus" / "kali" / "KALICONT01.jsonl", "w", encoding="utf-8") as handle:
        for article_id, num, text in KALI_ARTICLES:
            row = {"id": article_id, "cid": article_id, "num": num, "etat": "VIGUEUR_ETEN", "container": "KALICONT01",
                   "texte_id": "KALITEXT01", "section_path": ["Convention boulangerie"], "text": text}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    generic = [
        {"qid": "g01", "question": "Quelle est la durée de la période d'essai ?", "gold_code_du_travail_ids": ["LEGIARTI01"]},
        {"qid": "g02", "question": "Quel préavis en cas de démission ?", "gold_code_du_travail_ids": ["LEGIARTI04", "LEGIARTI02"]},
        {"qid": "g03", "question": "Un salarié peut-il refuser une mutation ?", "gold_code_du_travail_ids": []},
    ]
    idcc = [
        {"qid": "c01-0843", "idcc": "0843", "question": "Quelle est la durée de la période d'essai ?", "gold_kali_article_ids": ["KALIARTI01"]},
        {"qid": "c02-0843", "idcc": "0843", "question": "Quel préavis en cas de démission ?", "gold_kali_article_ids": ["KALIARTI02", "KALIARTI04"]},
        {"qid": "c03-0843", "idcc": "0843", "question": "Un salarié peut-il refuser une mutation ?", "gold_kali_article_ids": []},
    ]
    for name, rows in (("queries_generic.jsonl", generic), ("queries_idcc.jsonl", idcc)):
        (folder / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return folder
