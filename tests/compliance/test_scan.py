"""Scans with the real playbooks on the French and English contracts of conftest.py, re-scans,
the review workflow, the scanning pipeline and the scan_document tool."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from haystack import Pipeline

from store.workspace import open_workspace
from greffier.compliance.errors import ComplianceError
from greffier.config import load_settings
from greffier.services.compliance.service import FlagFilters, list_flags, scan_document, scan_workspace, set_flag_status
from greffier.services.ingest import Ingestor
from tests.compliance.conftest import DISTRIBUTION_FR, TODAY, copy_workspace, write_amended_pairs
from tests.fakes import ScriptedChatBackend

pytestmark = pytest.mark.slow


def rules_on(result, ids: dict, file_name: str) -> set[str]:  # noqa: ANN001
    document_id = ids[file_name]
    return {f["rule_id"] for f in result.to_json()["flags"] if f["document_id"] == document_id}


def test_ma_playbook_on_the_french_distribution_agreement(scanned):
    fired = rules_on(scanned["ma"], scanned["ids"], "distribution_fr.md")
    assert {
        "exclusivity", "tacit-renewal", "change-of-control", "assignment-restriction", "non-compete",
        "liability-cap", "liability-cap-low", "foreign-governing-law",
    } <= fired
    # Not in this contract: six months' notice (the thirty days are a cure period), an end in 2029,
    # a cap (not uncapped), a governing-law clause (not missing), no termination for convenience.
    assert not fired & {"short-notice", "term-ends-within-12-months", "uncapped-liability", "governing-law-missing", "termination-for-convenience", "non-solicitation"}


def test_ma_playbook_on_the_english_services_agreement(scanned):
    fired = rules_on(scanned["ma"], scanned["ids"], "services_en.docx")
    assert {
        "term-ends-within-12-months", "termination-for-convenience", "short-notice", "uncapped-liability",
        "non-solicitation", "governing-law-missing",
    } <= fired
    assert not fired & {"exclusivity", "change-of-control", "non-compete", "foreign-governing-law", "liability-cap-low", "tacit-renewal"}


def test_findings_carry_their_citation(scanned):
    flags = {(f["document_id"], f["rule_id"]): f for f in scanned["ma"].to_json()["flags"]}
    ids = scanned["ids"]
    notice = flags[(ids["services_en.docx"], "short-notice")]
    assert notice["details"]["values"] == ["thirty (30) days"]
    assert notice["section"] == "3. Termination for convenience" and notice["file"].endswith("services_en.docx")
    assert notice["excerpt"].startswith("Either party may terminate this Agreement for convenience")
    expiry = flags[(ids["services_en.docx"], "term-ends-within-12-months")]
    assert expiry["details"]["end_date"] == "2027-06-30"
    missing = flags[(ids["services_en.docx"], "governing-law-missing")]
    assert missing["chunk_id"] == "document" and missing["section"] is None
    title_only = [f for f in scanned["ma"].to_json()["flags"] if f["excerpt"] == "Contrat de distribution exclusive"]
    assert title_only == []  # the document title is no exclusivity clause


def test_lease_playbook_on_the_french_lease(scanned):
    result = scanned["lease"].to_json()
    lease = scanned["ids"]["bail_fr.pdf"]
    fired = {f["rule_id"] for f in result["flags"]}
    assert {f["document_id"] for f in result["flags"]} == {lease}
    assert {
        "duree-moins-de-9-ans", "indexation-a-la-hausse", "indice-icc", "depot-de-garantie-eleve",
        "grosses-reparations-preneur", "clause-resolutoire-delai", "destination-absente", "fin-du-bail-12-mois",
    } <= fired
    assert not fired & {"duree-absente", "droit-etranger", "renonciation-renouvellement", "indexation-absente"}
    term = next(f for f in result["flags"] if f["rule_id"] == "duree-moins-de-9-ans")
    assert term["page"] == 1 and "DURÉE" in term["section"] and term["details"]["values"] == ["six années"]
    skipped = {d["document_id"] for d in result["skipped_documents"]}
    assert skipped == {scanned["ids"]["distribution_fr.md"], scanned["ids"]["services_en.docx"]}


def test_rules_without_an_llm_are_skipped_visibly(scanned):
    result = scanned["ma"].to_json()
    assert result["status"] == "partial_success"
    skipped = {(c["rule_id"], c["status"]) for c in result["skipped_rules"]}
    assert ("exclusivity-llm-review", "skipped: no LLM available") in skipped
    listing = list_flags(scanned["settings"])
    assert any(c["rule_id"] == "exclusivity-llm-review" and c["status"] == "skipped: no LLM available" for c in listing["skipped_rules"])


def test_progress_events(scanned):
    kinds = [event.kind for event in scanned["events"]]
    assert kinds[-1] == "scan_done"
    classified = [e for e in scanned["events"] if e.kind == "chunk_classified"]
    assert classified[-1].index == classified[-1].total == len(classified) > 0
    checks = [e for e in scanned["events"] if e.kind == "rule_check"]
    from greffier.compliance.playbooks import load_playbook

    assert checks[-1].index == checks[-1].total == len(checks) == 3 * len(load_playbook("ma_due_diligence").rules)
    assert sum(1 for k in kinds if k == "flag_found") == len(scanned["ma"].flags)


def test_filters(scanned):
    high = list_flags(scanned["settings"], FlagFilters(severities=("high",)))["flags"]
    assert high and all(f["severity"] == "high" for f in high)
    at_least_medium = list_flags(scanned["settings"], FlagFilters(min_severity="medium"))["flags"]
    assert {f["severity"] for f in at_least_medium} <= {"medium", "high", "critical"}
    lease = list_flags(scanned["settings"], FlagFilters(playbooks=("bail_commercial",)))["flags"]
    assert lease and {f["playbook"] for f in lease} == {"bail_commercial"}
    one = scanned["ids"]["services_en.docx"]
    assert {f["document_id"] for f in list_flags(scanned["settings"], FlagFilters(document_ids=(one,)))["flags"]} == {one}
    with pytest.raises(ComplianceError, match="unknown status 'closed'"):
        list_flags(scanned["settings"], FlagFilters(statuses=("closed",)))


def test_rescan_is_idempotent_and_keeps_the_review(scan_base, tmp_path):
    ws = copy_workspace(scan_base, tmp_path)
    settings = ws["settings"]
    first = scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None)
    flags = {(f["document_id"], f["rule_id"]): f["id"] for f in first.to_json()["flags"]}
    distribution = ws["ids"]["distribution_fr.md"]
    dismissed = flags[(distribution, "exclusivity")]
    escalated = flags[(distribution, "non-compete")]
    set_flag_status(settings, dismissed, "dismissed", note="carve-out agreed")
    set_flag_status(settings, escalated[:8], "escalated")  # a unique prefix is enough
    again = scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None)
    counts = again.to_json()["counts"]
    assert counts["new"] == 0 and counts["gone"] == 0 and counts["seen"] == counts["flags"] == len(flags)
    listing = {f["id"]: f for f in list_flags(settings)["flags"]}
    assert len(listing) == len(flags)  # not duplicated
    assert listing[dismissed]["status"] == "dismissed" and listing[dismissed]["note"] == "carve-out agreed"
    assert listing[escalated]["status"] == "escalated"
    assert [h["status"] for h in listing[dismissed]["history"]] == ["dismissed"]
    # Re-ingest a changed contract: the non-compete article becomes an insurance article (chunk ids
    # stay in place), the exclusivity text changes in spacing and case only, a new article is added.
    from tests.pipelines.files import make_markdown

    insurance = ("Article 6 — Assurances", "Le Distributeur souscrit une assurance de responsabilité civile auprès d'un assureur notoirement solvable.")
    changed = [insurance if "Non-concurrence" in h else (h, b.replace("le droit exclusif", "le  Droit   exclusif")) for h, b in DISTRIBUTION_FR]
    changed.append(("Article 9 — Notifications", "Toute notification est faite par lettre recommandée."))
    make_markdown(ws["room"] / "distribution_fr.md", changed, title="Contrat de distribution exclusive")
    Ingestor(settings).ingest(ws["room"])
    third = scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None, document_ids=[distribution]).to_json()
    assert escalated in third["gone"]
    assert third["counts"]["new"] == 0
    current = {f["id"]: f for f in list_flags(settings)["flags"]}
    assert escalated not in current  # gone flags are hidden by default...
    everything = {f["id"]: f for f in list_flags(settings, FlagFilters(include_gone=True))["flags"]}
    assert everything[escalated]["present"] is False and everything[escalated]["gone_at"]
    assert everything[escalated]["status"] == "escalated"  # ...but keep their review
    assert current[dismissed]["status"] == "dismissed"  # same finding after re-ingest: same flag


def test_scan_document_with_a_scripted_llm_confirming_the_keyword_hits(scan_base, tmp_path):
    ws = copy_workspace(scan_base, tmp_path)
    backend = ScriptedChatBackend(*['{"flag": true, "reason": "exclusive territory in Belgium"}'] * 5)
    result = scan_document(ws["settings"], ws["ids"]["distribution_fr.md"], "ma_due_diligence", today=TODAY, llm=backend).to_json()
    exclusivity = [f for f in result["flags"] if f["rule_id"] == "exclusivity"]
    assert exclusivity and all(f["details"]["review"]["status"] == "confirmed" for f in exclusivity)
    assert exclusivity[0]["details"]["review"]["reason"] == "exclusive territory in Belgium"
    assert not [f for f in result["flags"] if f["rule_id"] == "exclusivity-llm-review"]  # the review raises no flag of its own
    assert result["status"] == "success" and result["skipped_rules"] == []
    assert len(backend.calls) == len(exclusivity) and all(call["json_mode"] for call in backend.calls)
    assert "Words flagged by the rule under review" in backend.calls[0]["messages"][-1].text
    assert {d["id"] for d in result["documents"]} == {ws["ids"]["distribution_fr.md"]}


def test_an_llm_dismissing_a_keyword_hit_removes_the_flag_with_its_reason(scan_base, tmp_path):
    ws = copy_workspace(scan_base, tmp_path)
    document = ws["ids"]["distribution_fr.md"]
    first = scan_document(ws["settings"], document, "ma_due_diligence", today=TODAY, llm=None).to_json()
    hits = [f for f in first["flags"] if f["rule_id"] == "exclusivity"]
    assert hits and all(f["details"]["review"]["status"] == "to confirm" for f in hits)  # no LLM: kept, to confirm
    backend = ScriptedChatBackend(*['{"flag": false, "reason": "the exclusivity binds the supplier, not the company"}'] * len(hits))
    second = scan_document(ws["settings"], document, "ma_due_diligence", today=TODAY, llm=backend).to_json()
    assert not [f for f in second["flags"] if f["rule_id"] == "exclusivity"]
    assert {h["id"] for h in hits} <= set(second["gone"])  # the stored flags are marked gone, not deleted
    review = next(c for c in second["dismissed"] if c["rule_id"] == "exclusivity")
    assert review["reason"] == "the exclusivity binds the supplier, not the company" and review["place"]


def test_bad_requests_are_readable_errors(scanned):
    with pytest.raises(ComplianceError, match="unknown document id 'c99'"):
        scan_document(scanned["settings"], "c99", "ma_due_diligence")
    with pytest.raises(ComplianceError, match="unknown status 'done'"):
        set_flag_status(scanned["settings"], scanned["ma"].flags[0]["id"], "done")
    with pytest.raises(ComplianceError, match="no flag 'ffffffffffffffff'"):
        set_flag_status(scanned["settings"], "ffffffffffffffff", "resolved")


def test_the_scan_document_tool(scanned):
    from greffier.tools import ToolError, call_tool

    result = call_tool(scanned["settings"], "scan_document", {"document_id": scanned["ids"]["services_en.docx"]})
    assert {f["rule_id"] for f in result["flags"]} >= {"termination-for-convenience", "uncapped-liability"}
    assert {"severity", "file", "page", "section", "excerpt"} <= set(result["flags"][0])
    with pytest.raises(ToolError, match="unknown document id"):
        call_tool(scanned["settings"], "scan_document", {"document_id": "nope"})
    with pytest.raises(ToolError, match="no such playbook"):
        call_tool(scanned["settings"], "scan_document", {"document_id": scanned["ids"]["services_en.docx"], "playbook": "nope"})


def test_the_scanning_pipeline_round_trips_through_yaml(scanned):
    from pipelines.scanning import build_scanning_pipeline

    pipeline = build_scanning_pipeline(scanned["settings"], open_workspace(scanned["settings"]), playbook="ma_due_diligence")
    dumped = pipeline.dumps()
    loaded = Pipeline.loads(dumped)
    assert set(loaded.graph.nodes) == {"source", "classifier", "checker", "writer"}
    data = yaml.safe_load(dumped)
    assert data["components"]["checker"]["init_parameters"]["playbook"] == "ma_due_diligence"
    assert Path(data["components"]["source"]["init_parameters"]["store"]["init_parameters"]["root"]) == Path(scanned["settings"].workspace).resolve()
    original, again = pipeline.to_dict(), loaded.to_dict()
    assert again["components"] == original["components"]
    assert {(c["sender"], c["receiver"]) for c in again["connections"]} == {(c["sender"], c["receiver"]) for c in original["connections"]}


def test_clause_types_of_the_contracts(scanned):
    from greffier.compliance.library import load_library
    from pipelines.classifiers.chunk_source import WorkspaceChunkSource
    from pipelines.classifiers.clause_classifier import ClauseClassifier

    source = WorkspaceChunkSource(store=open_workspace(scanned["settings"])).run()
    assert all(doc.embedding is not None for doc in source["documents"])  # ingestion's vectors reused
    result = ClauseClassifier().run(documents=source["documents"], stored_embedder=source["embedder"])
    assert result["meta"]["reused"] == len(source["documents"]) and result["meta"]["embedded"] == 0
    by_section = {doc.meta["section"]: doc.meta["clause_types"] for doc in result["documents"]}
    expected = {
        "Article 2 — Exclusivité territoriale": "exclusivity", "Article 3 — Durée": "term",
        "Article 6 — Non-concurrence": "non_compete", "Article 8 — Droit applicable": "governing_law",
        "3. Termination for convenience": "termination_for_convenience", "5. Non-solicitation": "non_solicitation",
        "6. Confidentiality": "confidentiality", "ARTICLE 4 — INDEXATION": "indexation",
        "ARTICLE 5 — DÉPÔT DE GARANTIE": "security_deposit",
    }
    for section, clause_type in expected.items():
        assert clause_type in by_section[section], (section, by_section[section])
    assert set(load_library().ids) >= {t for types in by_section.values() for t in types}


def test_an_end_only_bounded_gives_a_flag_to_confirm(scan_base, tmp_path):
    # a term counted from an event the contract does not date ends "at the earliest" on a date: the "term ends within
    # 12 months" flag is kept, marked to confirm, and says why — in the listing a reviewer reads
    from tests.pipelines.files import make_markdown

    ws = copy_workspace(scan_base, tmp_path)
    settings = ws["settings"]
    make_markdown(
        ws["room"] / "supply_en.md",
        [("1. PARTIES", "This Supply Agreement is made as of March 1, 2026 between Orrin Labs Inc. and Petrel LLC."),
         ("4. TERM", "This Agreement shall continue for one (1) year from the Distributor's first purchase order.")],
        title="SUPPLY AGREEMENT",
    )
    Ingestor(settings).ingest(ws["room"])
    scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None)
    flags = [f for f in list_flags(settings)["flags"] if f["file"].endswith("supply_en.md") and f["rule_id"] == "term-ends-within-12-months"]
    assert len(flags) == 1 and flags[0]["review"] == "to confirm", flags


def test_an_amendment_is_not_flagged_for_the_clauses_its_contract_holds(tmp_path):
    """An amendment changes a few articles: the governing law its contract states (or lacks) is not
    "missing" from it; the contract without one is still flagged."""
    room = tmp_path / "room"
    write_amended_pairs(room)
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    result = scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None)
    missing = {Path(f["file"]).name for f in result.to_json()["flags"] if f["rule_id"] == "governing-law-missing"}
    assert missing == {"services_en.docx"}  # the contract with no governing-law clause; neither amendment
    files = {d["id"]: Path(d["file"]).name for d in result.to_json()["documents"]}
    details = {files[c.document_id]: c.detail for c in result.checks if c.rule_id == "governing-law-missing" and c.status == "checked"}
    assert details["services_amendment_en.md"] == "an amendment: the clauses are its contract's (room/services_en.docx)"
    assert details["avenant_distribution_fr.md"] == "an amendment: the clauses are its contract's (room/distribution_fr.md)"
    # an end an amendment moved is its contract's: a date rule flags the contract, never the amendment too (walkthrough 15)
    ends = {files[c.document_id]: c.detail for c in result.checks if c.rule_id == "term-ends-within-12-months" and c.status == "checked"}
    assert ends["services_amendment_en.md"] == "an amendment: its end acts through its contract (room/services_en.docx)"
    assert not [f for f in result.to_json()["flags"] if f["rule_id"] == "term-ends-within-12-months" and "amendment" in Path(f["file"]).name]


def test_a_contract_ingested_after_the_latest_scan_is_said_to_be_unchecked(scan_base, tmp_path):
    # the app walk of round 31: a contract uploaded after the scan was missing from the flags, and nothing said so
    from greffier.services.compliance import unscanned_contracts
    from tests.pipelines.files import make_markdown

    ws = copy_workspace(scan_base, tmp_path)
    settings = ws["settings"]
    assert unscanned_contracts(settings) == []  # never scanned: the page says to run a scan, not that one contract is missing
    scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None)
    assert unscanned_contracts(settings) == []
    make_markdown(ws["room"] / "maintenance.md", [("Article 1 — Objet", "Le Prestataire assure la maintenance du parc informatique du Client.")],
                  title="Contrat de maintenance informatique")
    Ingestor(settings).ingest(ws["room"])
    assert [c["file"] for c in unscanned_contracts(settings)] == ["room/maintenance.md"]
    scan_workspace(settings, "ma_due_diligence", today=TODAY, llm=None)
    assert unscanned_contracts(settings) == []
