"""Contract records: metadata first, text always read, contradictions kept, amendments applied."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.normalize import fold
from greffier.dataroom.records import ContractInput, ContractRecord, _told_apart, build_records

LEASE_TEXT = """BAIL COMMERCIAL

Le présent bail est conclu entre la SCI Bellerose, propriétaire, et la société Atelier Quenot SARL, preneur.

ARTICLE 1 — LOCAUX
Une boutique de 80 m².

ARTICLE 2 — DURÉE
Le bail court du 1er octobre 2023 au 30 septembre 2026.

ARTICLE 7 — LOI APPLICABLE
Le bail est soumis au droit français.
"""

LEASE_MANIFEST = {
    "title": "Bail commercial — SCI Bellerose / Atelier Quenot",
    "parties": ["SCI Bellerose", "Atelier Quenot SARL"],
    "siren_parties": ["552 081 317", "123456789"],
    "contract_type": "Commercial lease",
    "signature_date": "18-09-2023",
    "end_date": "2027-03-31",
    "governing_law": "French law",
}


def contract(contract_id: str, text: str, manifest: dict | None = None, position: int = 0) -> ContractInput:
    title = (manifest or {}).get("title") or text.strip().splitlines()[0]
    return ContractInput(
        id=contract_id, file=f"{contract_id}.pdf", title=title, text=text, chunks=split_articles(contract_id, text),
        manifest=manifest or {}, position=position,
    )


def build_one(text: str, manifest: dict | None = None) -> ContractRecord:
    return build_records([contract("c01", text, manifest)])[0]


def test_metadata_wins_and_a_contradiction_keeps_both_values():
    record = build_one(LEASE_TEXT, LEASE_MANIFEST)
    assert record.end_date == date(2027, 3, 31) and record.sources["end_date"].origin == "manifest"
    assert record.text_values["end_date"] == date(2026, 9, 30)
    assert "contradiction: metadata end date 2027-03-31, text says 2026-09-30 (« ARTICLE 2 — DURÉE »)" in record.warnings  # the article, not its chunk id
    assert record.evidence["end_date"] == ["c01-3"] and record.evidence["governing_law"] == ["c01-4"]


def test_metadata_is_normalised():
    record = build_one(LEASE_TEXT, LEASE_MANIFEST)
    assert record.contract_type == "bail commercial" and record.governing_law == "droit français"
    assert record.signature_date == date(2023, 9, 18)
    assert [(p.raw_name, p.entity_id) for p in record.parties] == [("SCI Bellerose", "bellerose"), ("Atelier Quenot SARL", "atelier_quenot")]


def test_siren_is_checked_per_party():
    record = build_one(LEASE_TEXT, LEASE_MANIFEST)
    first, second = record.parties
    assert first.siren == "552081317" and first.siren_warning is None
    assert second.siren is None and "Luhn" in second.siren_warning
    assert any(w.startswith("Atelier Quenot SARL: SIREN 123456789 fails the Luhn check") for w in record.warnings)


def test_a_mistyped_siren_in_the_text_is_said_and_its_number_kept():
    text = (
        "CONTRAT DE PRESTATION DE SERVICES\nENTRE LES SOUSSIGNÉS :\nLa société LOGISTIQUE DU RHÔNE SAS, société par actions "
        "simplifiée, immatriculée au RCS de Lyon sous le numéro 123 456 789, représentée par M. Paul Girard,\nci-après « le "
        "Prestataire »,\nD'UNE PART,\nET :\nLa société CAVES DU BEAUJOLAIS SA, société anonyme, immatriculée au RCS de Villefranche "
        "sous le numéro 552 081 317,\nci-après « le Client »,\nD'AUTRE PART.\n\nARTICLE 1 — OBJET\nLe stockage des vins.\n"
    )
    record = build_one(text)
    first, second = record.parties
    assert (first.siren, first.identifier) == (None, "123 456 789")
    assert (second.siren, second.identifier) == ("552081317", "552 081 317")
    assert "LOGISTIQUE DU RHÔNE SAS: the SIREN written in the text, 123 456 789, fails its check digit (a typing error?)" in record.warnings


def test_every_field_with_a_value_has_a_source():
    record = build_one(LEASE_TEXT, LEASE_MANIFEST)
    for field in ("title", "parties", "contract_type", "signature_date", "end_date", "initial_end_date", "governing_law"):
        assert record.sources[field].origin == "manifest", field
    assert record.sources["signature_date"].raw == "18-09-2023"


def test_text_fills_what_the_metadata_lacks():
    record = build_one(LEASE_TEXT, {"title": LEASE_MANIFEST["title"]})
    assert [p.entity_id for p in record.parties] == ["bellerose", "atelier_quenot"]
    assert record.sources["parties"].origin == "extracted" and record.sources["parties"].chunk_id == "c01-1"
    assert record.end_date == date(2026, 9, 30) and record.sources["end_date"] == record.sources["initial_end_date"]
    assert record.sources["end_date"].origin == "extracted" and record.sources["end_date"].chunk_id == "c01-3"
    assert record.governing_law == "droit français" and record.sources["governing_law"].chunk_id == "c01-4"
    assert record.contract_type == "bail commercial"
    assert record.text_values == {}
    assert "no signature date in metadata or text" in record.warnings


def test_unreadable_metadata_falls_back_to_the_text():
    record = build_one(LEASE_TEXT, {**LEASE_MANIFEST, "end_date": "fin du bail"})
    assert record.end_date == date(2026, 9, 30) and record.sources["end_date"].origin == "extracted"
    assert "metadata end date 'fin du bail' unreadable: the text's value is used" in record.warnings


def test_missing_fields_stay_none_with_a_warning():
    record = build_one("ACTE DE CESSION\n\nARTICLE 1 — PRIX\nLe prix est payé comptant.", {"end_date": None})
    assert record.end_date is None and record.governing_law is None and record.parties == []
    for warning in ("no end date in metadata or text", "no governing law in metadata or text", "no parties in metadata or text"):
        assert warning in record.warnings
    assert "end_date" not in record.sources


def test_indefinite_term_is_explained():
    record = build_one("CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE\n\nARTICLE 1 — FONCTIONS\nLa salariée est engagée.")
    assert record.end_date is None and "no end date: indefinite term (« CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE »)" in record.warnings
    assert record.evidence["end_date"] == ["c01-1"]


def test_text_naming_another_party_is_reported():
    record = build_one(LEASE_TEXT, {**LEASE_MANIFEST, "parties": ["SCI Bellerose", "Quenot Distribution"]})
    assert record.text_values["parties"] == ["SCI Bellerose", "Atelier Quenot SARL"]
    assert any(w.startswith("contradiction: metadata parties") and "Atelier Quenot SARL" in w for w in record.warnings)


SUPPLY_TEXT = """CONTRAT DE FOURNITURE

ARTICLE 5 — DURÉE
La fourniture débute le 1er juillet 2023 et prend fin le 30 juin 2026.

ARTICLE 9 — LOI APPLICABLE
Le contrat relève du droit français.
"""

POSTPONING_TEXT = """AVENANT N°1

ARTICLE 1 — CONTRAT MODIFIÉ
Les parties modifient le contrat de fourniture qu'elles ont signé le 19 juin 2023.

ARTICLE 2 — REPORT DU TERME
La fin de la fourniture, initialement fixée au 30 juin 2026, est reportée au 30 juin 2028.
"""

PRICE_TEXT = """AVENANT N°2

ARTICLE 1 — PRIX
Le prix du contrat de fourniture du 19 juin 2023 est porté à 101 euros par mégawattheure.
"""


def supply_room() -> list[ContractInput]:
    base = {"parties": ["ORION ÉNERGIE SA", "Groupe Talvera"], "governing_law": "droit français"}
    return [
        contract("c01", PRICE_TEXT, {**base, "title": "Avenant n°2 au contrat de fourniture", "signature_date": "2027-01-10"}, 0),
        contract("c02", SUPPLY_TEXT, {**base, "title": "Contrat de fourniture", "signature_date": "2023-06-19", "end_date": "2026-06-30"}, 1),
        contract("c03", POSTPONING_TEXT, {**base, "parties": ["Orion Energie", "GROUPE TALVERA SAS"], "title": "Avenant n°1", "signature_date": "16/02/2026"}, 2),
    ]


def test_postponing_amendment_moves_the_current_end_date_and_keeps_the_initial_one():
    price, supply, postponing = build_records(supply_room())
    assert postponing.is_amendment and postponing.amends == "c02" and price.amends == "c02"
    assert supply.amended_by == ["c03", "c01"]  # signature order
    assert supply.end_date == date(2028, 6, 30) and supply.initial_end_date == date(2026, 6, 30)
    assert supply.sources["end_date"].origin == "amendment" and supply.sources["end_date"].chunk_id == "c03-3"
    assert supply.sources["initial_end_date"].origin == "manifest"
    assert supply.warnings == ["end date 2026-06-30 → 2028-06-30 (amendment « Avenant n°1 »)"]  # by its title, in English
    assert supply.evidence["end_date"] == ["c02-2", "c03-3"]
    assert postponing.sources["amends"].chunk_id == "c03-2" and postponing.evidence["amends"] == ["c03-2"]
    assert postponing.end_date == date(2028, 6, 30) and postponing.sources["end_date"].origin == "extracted"


def test_price_only_amendment_leaves_the_end_date():
    room = [c for c in supply_room() if c.id != "c03"]
    price, supply = build_records(room)
    assert price.amends == "c02" and supply.end_date == date(2026, 6, 30) == supply.initial_end_date
    assert not any(w.startswith("end date ") for w in supply.warnings)


def test_ambiguous_amendment_is_left_unattached_with_a_warning():
    room = [*supply_room(), contract("c04", SUPPLY_TEXT, {"parties": ["Orion Energie", "Groupe Talvera"], "signature_date": "2023-06-19",
                                                          "title": "Contrat de fourniture (copie)"}, 3)]
    records = {r.id: r for r in build_records(room)}
    assert records["c03"].amends is None
    # the amendment and the contracts it could amend by title and file, not by id (was « avenant c03: … (c02, c04) »)
    assert ("amendment « Avenant n°1 » (c03.pdf): cites the signature date of several contracts "
            "(« Contrat de fourniture » (c02.pdf), « Contrat de fourniture (copie) » (c04.pdf)): not attached") in records["c03"].warnings, records["c03"].warnings
    assert records["c02"].end_date == date(2026, 6, 30)


def test_an_amendment_citing_a_contract_filed_twice_is_attached_to_the_first_one_filed_and_says_so():
    # walkthrough 24: a price amendment cited the signature date of a supply agreement and of its scanned copy, and stayed unattached
    # (no law, set apart in every list); the same act filed twice — same parties, type, signature date and term — is one contract
    room = [*supply_room(), contract("c04", SUPPLY_TEXT, {"parties": ["Orion Energie", "Groupe Talvera"], "signature_date": "2023-06-19",
                                                          "end_date": "2026-06-30", "title": "Contrat de fourniture"}, 3)]
    records = {r.id: r for r in build_records(room)}
    assert records["c03"].amends == "c02" and records["c02"].end_date == date(2028, 6, 30)
    assert records["c04"].copy_of == "c02"
    assert any("the same act filed twice" in w and "attached to the first" in w for w in records["c03"].warnings), records["c03"].warnings
    # … not two acts of the day whose titles or terms differ, nor two whose terms were not read (the review of round 34): unattached
    other = [*supply_room(), contract("c04", SUPPLY_TEXT.replace("2026", "2027"), {"parties": ["Orion Energie", "Groupe Talvera"],
                                                                                 "signature_date": "2023-06-19", "title": "Contrat de fourniture"}, 3)]
    assert {r.id: r for r in build_records(other)}["c03"].amends is None


REPRESENTATION_TEXT = """SALES REPRESENTATION AGREEMENT

10. Term
10.1 This Agreement shall commence on the Effective Date and continue until December 31, 2025, unless earlier terminated.

14. Governing Law
This Agreement is governed by the laws of the State of California.
"""

DEFERRING_TEXT = """AMENDMENT No. 1 TO SALES REPRESENTATION AGREEMENT

This Amendment No. 1 amends the Sales Representation Agreement entered into on January 20, 2023 (the "Agreement").

1. Term
Section 10.1 of the Agreement is amended so that the Agreement shall continue until December 31, 2027.
"""


def test_an_untyped_contract_filed_twice_is_one_act_its_amendment_attached_to_the_first():
    # walkthrough 26: a sales representation agreement (no type read) and its PDF re-export under another file name were two acts:
    # the amendment citing their signature date was attached to neither, and every list showed the contract twice
    base = {"parties": ["Maison Véranne SAS", "Larkspur Showroom Group LLC"], "signature_date": "2023-01-20"}
    room = [
        contract("c01", REPRESENTATION_TEXT, {**base, "title": "SALES REPRESENTATION AGREEMENT"}, 0),
        contract("c02", DEFERRING_TEXT, {**base, "signature_date": "2025-11-14"}, 1),
        contract("c03", REPRESENTATION_TEXT, {**base, "title": "SALES REPRESENTATION AGREEMENT"}, 2),
    ]
    records = {r.id: r for r in build_records(room)}
    assert records["c01"].contract_type is None  # what this is about: no type to tell the two apart
    assert records["c03"].copy_of == "c01"
    assert any("possible duplicate of" in w and "same parties, title, end and signature date" in w for w in records["c03"].warnings), records["c03"].warnings
    assert records["c02"].amends == "c01", records["c02"].warnings
    assert records["c01"].end_date == date(2027, 12, 31) == records["c03"].end_date, (records["c01"].warnings, records["c03"].end_date)
    # … not two untyped documents of a day with the same title whose ends differ
    other = [*room[:2], contract("c03", REPRESENTATION_TEXT.replace("2025", "2026"), {**base, "title": "SALES REPRESENTATION AGREEMENT"}, 2)]
    records = {r.id: r for r in build_records(other)}
    assert records["c03"].copy_of is None and records["c02"].amends is None
    # … nor two untyped acts of a day with the same title and end whose texts differ (the review of the round: « Conditions particulières »
    # for the Lyon site at 12 000 € and for the Lille site at 48 000 €)
    sites = [REPRESENTATION_TEXT.replace("SALES REPRESENTATION AGREEMENT\n", f"SALES REPRESENTATION AGREEMENT\n\nSite: {site}; annual fee EUR {fee}.\n" + "x " * 120)
             for site, fee in (("Lyon", "12,000"), ("Lille", "48,000"))]
    twins = [contract("c01", sites[0], {**base, "title": "SALES REPRESENTATION AGREEMENT"}, 0), contract("c03", sites[1], {**base, "title": "SALES REPRESENTATION AGREEMENT"}, 1)]
    assert {r.id: r for r in build_records(twins)}["c03"].copy_of is None


def test_an_amendment_filed_twice_moves_the_end_once():
    # walkthrough 27: an amendment extending the term by thirty months and its signed PDF were both applied — the end moved 60 months
    base = {"parties": ["MedAlpes Distribution SAS", "Corvane Medical Inc."]}
    agreement = "DISTRIBUTION AGREEMENT\n\n14. Term\n14.1 This Agreement shall remain in force until March 31, 2026.\n"
    extension = ("AMENDMENT No. 1 TO DISTRIBUTION AGREEMENT\n\nThis Amendment amends the Distribution Agreement entered into on March 15, 2022.\n\n"
                 "1. Term\nThe Term of the Agreement is hereby extended by thirty (30) months.\n")
    room = [
        contract("c01", agreement, {**base, "signature_date": "2022-03-15", "title": "DISTRIBUTION AGREEMENT"}, 0),
        contract("c02", extension, {**base, "signature_date": "2026-02-10"}, 1),
        contract("c03", extension, {**base, "signature_date": "2026-02-10"}, 2),
    ]
    records = {r.id: r for r in build_records(room)}
    assert records["c02"].amends == records["c03"].amends == "c01", (records["c02"].warnings, records["c03"].warnings)
    assert records["c01"].end_date == date(2028, 9, 30), records["c01"].warnings
    assert any("the same amendment as" in w and "applied once" in w for w in records["c03"].warnings), records["c03"].warnings
    # … two amendments of a day that change the term differently are both applied
    other = [*room[:2], contract("c03", extension.replace("thirty (30)", "six (6)").replace("No. 1", "No. 2"), {**base, "signature_date": "2026-02-10"}, 2)]
    assert {r.id: r for r in build_records(other)}["c01"].end_date == date(2029, 3, 31)
    # … and a price amendment of the same day and title does not hide the term's (the review of the round)
    price = extension.replace("1. Term\nThe Term of the Agreement is hereby extended by thirty (30) months.", "1. Prices\nThe unit price is EUR 1,840.")
    priced = [room[0], contract("c02", price, {**base, "signature_date": "2026-02-10"}, 1), room[2]]
    assert {r.id: r for r in build_records(priced)}["c01"].end_date == date(2028, 9, 30)


@pytest.mark.parametrize("duration", [
    "The obligations in this Agreement shall continue for three (3) years from its date.",
    "This Agreement shall remain in force for three (3) years from the date hereof.",
])
def test_a_term_counted_from_the_contract_s_own_date_ends_from_the_date_it_bears(duration):
    # walkthrough 27: an NDA "dated 3 September 2026", its obligations "for three (3) years from its date", read no end ("runs from « its
    # date », which no date of the contract gives")
    text = f"CONFIDENTIALITY AGREEMENT\n\nThis Confidentiality Agreement is dated 3 September 2026 and made between Alpha SAS and Beta LLP.\n\n9. Duration\n{duration}\n"
    record = build_one(text)
    assert record.signature_date == date(2026, 9, 3) and record.end_date == date(2029, 9, 3), record.warnings


def test_a_contract_that_ceases_on_a_date_ends_then():
    # walkthrough 28: « Il cessera de plein droit le 30 juin 2026 » read no end (« prendra fin le … » was read)
    text = ("CONTRAT DE CONSULTANT\n\nEntre Néphalys SAS et M. Jean Dupont, le 20 juin 2024.\n\nArticle 8 – Durée\nLe présent contrat prend effet le "
            "1er juillet 2024. Il cessera de plein droit le 30 juin 2026, sans qu'il soit besoin d'aucune formalité.\n")
    assert build_one(text).end_date == date(2026, 6, 30)


def test_an_engagement_that_lapses_on_a_date_ends_then():
    # walkthrough 29: "shall run from 1 April 2025 and shall lapse on 30 September 2026" read no end
    text = ("INTERIM MANAGEMENT AGREEMENT\n\nThis Agreement is made on 20 March 2025 between Paylyra SAS and Arkwright Interim Ltd.\n\nArticle 3 – Term\n"
            "3.1 The Engagement shall run from 1 April 2025 and shall lapse on 30 September 2026, without any need for notice.\n")
    assert build_one(text).end_date == date(2026, 9, 30)


def test_a_loan_repaid_in_instalments_ends_on_its_last_one_not_its_first():
    # walkthrough 29: « la première venant à échéance le 20 novembre 2025 et la dernière le 20 octobre 2030 » ended the loan on its first
    text = ("CONTRAT DE PRÊT\n\nEntre la Banque Solférino SA et Paylyra SAS, le 15 octobre 2025.\n\nArticle 3 – Durée et amortissement\nLe prêt "
            "est consenti pour une durée de soixante (60) mois à compter de sa mise à disposition. Il est remboursable en soixante (60) "
            "mensualités, la première venant à échéance le 20 novembre 2025 et la dernière le 20 octobre 2030.\n")
    assert build_one(text).end_date == date(2030, 10, 20)


def test_a_lease_that_runs_from_one_date_to_end_on_another_ends_then():
    # walkthrough 29: « … qui commenceront à courir le 1er juillet 2024 pour s'achever le 30 juin 2027 » was counted 36 months from the
    # signature (13 June 2027), the infinitive « s'achever » unread
    text = ("BAIL DÉROGATOIRE\n\nEntre la SCI Rivoli Bureaux et Paylyra SAS, le 14 juin 2024.\n\nArticle 2 – Durée\nLe présent bail est consenti "
            "pour une durée de trente-six (36) mois entiers et consécutifs, qui commenceront à courir le 1er juillet 2024 pour s'achever le 30 juin 2027.\n")
    assert build_one(text).end_date == date(2027, 6, 30)


@pytest.mark.parametrize(("term", "not_the_end", "end"), [
    # the review of round 37: a phase of the contract that ends, a right that lapses, reports listed first and last, a bullet loan
    ("Le contrat est conclu pour une durée de trois (3) ans à compter du 1er janvier 2025. La période de tests des interfaces doit se "
     "terminer le 31 mars 2025.", date(2025, 3, 31), None),
    ("This Agreement shall remain in force for three (3) years from 1 March 2025. The Licensee's right of first negotiation shall lapse "
     "on 30 September 2025.", date(2025, 9, 30), None),
    ("Le contrat est conclu pour une durée de trois (3) ans à compter du 1er janvier 2025. Les revues annuelles ont lieu deux fois, la "
     "première le 15 décembre 2025 et la dernière le 15 décembre 2026.", date(2026, 12, 15), None),
    ("Le Prêt, venant à échéance le 30 juin 2031, est remboursable in fine.", None, date(2031, 6, 30)),
])
def test_what_ends_inside_the_term_article_is_not_the_contract_s_end(term, not_the_end, end):
    text = f"CONTRAT\n\nEntre Alpha SAS et Beta SA, le 10 décembre 2024.\n\nArticle 3 – Durée\n{term}\n"
    record = build_one(text)
    assert record.end_date != not_the_end and (end is None or record.end_date == end), (record.end_date, record.warnings)


def test_duplicates_and_aliases_are_reported_never_merged():
    room = [
        contract("c01", LEASE_TEXT, LEASE_MANIFEST, 0),
        contract("c02", LEASE_TEXT, {**LEASE_MANIFEST, "parties": ["SCI BELLEROSE", "Atelier Quenot"]}, 1),
        contract("c03", LEASE_TEXT, {**LEASE_MANIFEST, "parties": ["Bellerose Immobilier", "Atelier Quenod"], "signature_date": "2024-01-01"}, 2),
    ]
    first, second, third = build_records(room)
    # named by its title and file, as a reader finds it, not by its internal id (« possible duplicate of c01 »)
    assert "possible duplicate of « Bail commercial — SCI Bellerose / Atelier Quenot » (c01.pdf): same parties, type and signature date" in second.warnings
    assert second.copy_of == "c01"  # the scan says its flags repeat the original's
    assert not any("duplicate" in w for w in third.warnings)
    assert [p.entity_id for p in third.parties] == ["bellerose_immobilier", "atelier_quenod"]
    (alias,) = [w for w in third.warnings if w.startswith("possible alias?")]  # one warning per contract, in human names
    assert '"Atelier Quenod"' in alias and '"Atelier Quenot' in alias and "nothing tells them apart" in alias and "_" not in alias
    assert any(w.startswith("possible alias?") and "Atelier Quenod" in w for w in first.warnings)


def test_records_serialise_to_json():
    record = build_one(LEASE_TEXT, LEASE_MANIFEST)
    dumped = json.loads(record.model_dump_json())
    assert dumped["end_date"] == "2027-03-31" and dumped["text_values"]["end_date"] == "2026-09-30"
    assert ContractRecord.model_validate(dumped) == record


def test_the_package_imports_no_ui_and_no_database():
    code = (
        "import sys, greffier.dataroom.records, greffier.dataroom.amendments;"
        "bad = [m for m in ('streamlit', 'sqlite3', 'sqlmodel', 'haystack') if m in sys.modules];"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2])
    assert result.stdout.strip() == ""


# --- the public example data room ---------------------------------------------------------------

EXAMPLE = Path("/work/shared/data/exemple_data_room.json")


@pytest.fixture(scope="module")
def example_records() -> dict[str, ContractRecord]:
    if not EXAMPLE.exists():
        pytest.skip(f"{EXAMPLE} is not available")
    entries = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    inputs = []
    for position, entry in enumerate(entries):
        contract_id = f"c{position + 1:02d}"
        manifest = {k: v for k, v in entry.items() if k not in ("content", "filename")}
        inputs.append(
            ContractInput(
                id=contract_id, file=entry["filename"], title=entry.get("title") or entry["filename"], text=entry["content"],
                chunks=split_articles(contract_id, entry["content"]), manifest=manifest, position=position,
            )
        )
    return {record.id: record for record in build_records(inputs)}


def test_example_amendment_moves_the_supply_contract(example_records):
    supply, amendment = example_records["c09"], example_records["c18"]
    assert amendment.is_amendment and amendment.amends == "c09" and supply.amended_by == ["c18"]
    assert supply.initial_end_date == date(2026, 6, 30) and supply.end_date == date(2028, 6, 30)
    assert "end date 2026-06-30 → 2028-06-30 (amendment « Avenant n°1 au contrat de fourniture d'électricité — Hydrelle Énergie / Groupe Brenalis »)" in supply.warnings
    assert supply.sources["end_date"].origin == "amendment" and supply.sources["end_date"].chunk_id.startswith("c18-")


def test_example_contradiction_on_an_end_date(example_records):
    record = example_records["c15"]
    assert record.end_date == date(2027, 3, 31) and record.text_values["end_date"] == date(2026, 9, 30)
    assert any(w.startswith("contradiction: metadata end date 2027-03-31, text says 2026-09-30 (« ") for w in record.warnings)


def test_example_missing_end_dates_and_law(example_records):
    for contract_id in ("c08", "c17"):
        assert example_records[contract_id].end_date is None
    assert any(w.startswith("no end date: indefinite term (« ") and "c17" not in w for w in example_records["c17"].warnings)
    assert "no end date in metadata or text" in example_records["c08"].warnings
    assert example_records["c10"].governing_law is None
    assert any("names no law" in w for w in example_records["c10"].warnings)


def test_example_foreign_laws(example_records):
    foreign = {cid for cid, r in example_records.items() if r.governing_law and r.governing_law != "droit français"}
    assert foreign == {"c05", "c16", "c20"}
    assert example_records["c05"].governing_law == example_records["c20"].governing_law == "droit de l'État de New York"
    assert example_records["c16"].governing_law == "droit suisse"


def test_example_entities(example_records):
    with_brenalis = {cid for cid, r in example_records.items() if "groupe_brenalis" in r.entity_ids}
    assert {"c04", "c08", "c09", "c17"} <= with_brenalis
    assert with_brenalis == {"c01", "c04", "c08", "c09", "c14", "c17", "c18"}
    assert example_records["c12"].entity_ids == ["brenalys_advisory", "quorvia"]
    assert example_records["c15"].entity_ids[0] == "quorvia"  # « QUORVIA SAS » and « Quorvia » are one entity
    # « Brénalys Advisory » looks like « Groupe Brenalis » and its SIREN fails the Luhn check: nothing tells them apart
    assert any('"Brénalys Advisory" and "Groupe Brenalis" look alike' in w for w in example_records["c12"].warnings)
    # « Lisandre Holding SAS » / « Lysandre Conseil SARL »: their legal forms tell them apart
    assert not _told_apart((set(), {"sas"}), (set(), {"sas"})) and _told_apart((set(), {"sas"}), (set(), {"sarl"}))
    assert _told_apart(({"817442031"}, set()), ({"879026516"}, set()))


def test_example_messy_values_are_normalised_or_flagged(example_records):
    assert example_records["c03"].signature_date == date(2024, 6, 3)  # 03/06/2024 is day first
    assert example_records["c06"].signature_date == date(2019, 10, 14)
    assert example_records["c16"].end_date == date(2027, 12, 31)
    assert example_records["c13"].contract_type == "contrat de licence"
    assert example_records["c13"].text_values["contract_type"] == "contrat de franchise"
    assert any("unreadable" in (p.siren_warning or "") for p in example_records["c13"].parties)
    assert (
        "possible duplicate of « Convention d'honoraires — Kessler Aubry Avocats / Soravie Santé » (convention_honoraires_kessler_soravie.pdf):"
        " same parties, type and signature date"
    ) in example_records["c19"].warnings


def test_code_holds_no_name_from_the_example():
    if not EXAMPLE.exists():
        pytest.skip(f"{EXAMPLE} is not available")
    names = {fold(p) for entry in json.loads(EXAMPLE.read_text(encoding="utf-8")) for p in entry.get("parties") or []}
    package = Path(__file__).parents[2] / "greffier" / "dataroom"
    code = fold(" ".join(path.read_text(encoding="utf-8") for path in package.glob("*.py")))
    assert [name for name in names if name in code] == []


def test_odd_inputs_do_not_break_the_batch():
    odd = [
        ContractInput(id="c01"),
        ContractInput(id="c02", text="ARTICLE 1 — OBJET\n", manifest={"parties": "Lumen Orbis SAS", "siren_parties": None, "signature_date": 20240102}),
        ContractInput(id="c03", text="x" * 10, manifest={"end_date": "31/02/2024", "governing_law": "", "contract_type": "   "}),
    ]
    first, second, third = build_records(odd)
    assert first.warnings and second.parties[0].entity_id == "lumen_orbis"
    assert "metadata signature date 20240102 unreadable: ignored" in second.warnings
    assert "metadata end date '31/02/2024' unreadable: ignored" in third.warnings
    assert build_records([]) == []


def test_an_indefinite_term_is_cited_from_its_article_else_from_the_title():
    """Walkthrough 17: « CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE » was cited as « ENTRE : », the block its first chunk is headed by."""
    opening = "CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE\n\nENTRE : la société CAVES RAVENEL SAS, ET : Monsieur Paul Marchadier.\n\n"
    article = "ARTICLE 1 — ENGAGEMENT\nLe Salarié est engagé à compter du 2 mars 2015, pour une durée indéterminée.\n"
    with_article = build_one(opening + article)
    assert any(w.startswith("no end date: indefinite term (« ARTICLE 1 — ENGAGEMENT »") for w in with_article.warnings), with_article.warnings
    title_only = build_one(opening + "ARTICLE 1 — FONCTIONS\nLe Salarié exerce les fonctions de maître de chai.\n")
    assert "no end date: indefinite term (« CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE »)" in title_only.warnings, title_only.warnings
