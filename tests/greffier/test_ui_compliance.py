"""The compliance screen's wording: what a scan did, said as it happened."""

from __future__ import annotations

from greffier.compliance.models import SKIPPED_NO_LLM
from greffier.ui import compliance
from greffier.ui.compliance import not_checked_line, rule_titles, scan_summary


def _result(skipped: list[dict], errors: list[str] | None = None) -> dict:
    return {"status": "partial_success" if skipped else "success", "seconds": 12.34, "documents": [{"id": "c01"}],
            "counts": {"flags": 1, "new": 1, "seen": 0, "gone": 0}, "skipped_rules": skipped, "errors": errors or []}


def test_a_scan_that_only_skipped_the_llm_rule_is_complete_and_says_which_rule_was_not_run():
    skipped = [{"rule_id": "exclusivity-llm-review", "document_id": d, "status": SKIPPED_NO_LLM} for d in ("c01", "c02")]
    summary = scan_summary(_result(skipped))
    assert summary["level"] == "success"
    assert summary["headline"] == "Scan complete in 12.3 s; 1 rule needs an LLM and was not run: 1 flag on 1 contract (1 new, 0 already known, 0 no longer found)."
    assert "partial" not in summary["headline"] and "exclusivity-llm-review (on 2 contracts)" in summary["notes"][0]


def test_a_scan_without_an_llm_says_how_to_turn_it_on_in_the_apps_words():
    # « … if it is off in settings (models.llm_backend) »: a settings key the app shows nowhere
    skipped = [{"rule_id": "exclusivity-llm-review", "document_id": "c01", "status": SKIPPED_NO_LLM}]
    note = scan_summary(_result(skipped))["notes"][0]
    assert "models.llm_backend" not in note and "llm_backend" not in note
    # read in the app and printed by the CLI's scan: both places that say whether the LLM is turned off are named
    assert note.endswith("start Ollama or add a GGUF model (make llm), or turn the LLM back on if it is turned off in settings (the app's "
                         "sidebar says so on its \"LLM\" line, `python -m greffier models status` too), then scan again."), note


def test_a_clean_scan_and_a_failed_check_are_told_apart():
    assert scan_summary(_result([]))["headline"].startswith("Scan complete in 12.3 s: 1 flag on 1 contract") and not scan_summary(_result([]))["notes"]
    failed = scan_summary(_result([{"rule_id": "r1", "document_id": "c01", "status": "error: boom"}], errors=["c01 r1: error: boom"]))
    assert failed["level"] == "warning" and failed["notes"] == ["1 check failed: c01 r1: error: boom"]


def test_a_document_that_is_no_contract_is_counted_apart():
    # walkthrough 19's memo was one of "12 contracts" the scan checked; no rule applies to it, and the summary says so
    result = {**_result([]), "documents": [{"id": "c01"}, {"id": "c02"}, {"id": "c03"}]}
    headline = scan_summary(result, amendments={"c02"}, not_contracts={"c03"})["headline"]
    assert headline == ("Scan complete in 12.3 s: 1 flag on 1 contract + 1 amendment (1 new, 0 already known, 0 no longer found); "
                        "1 document is not a contract: no rule applies."), headline


def test_the_rules_not_run_are_named_by_their_title():
    # « Scope of the exclusivity (LLM review) », as the bundled playbook titles it, not « exclusivity-llm-review »
    title = "Portée de l'exclusivité (revue LLM) / Scope of the exclusivity (LLM review)"
    assert rule_titles(["ma_due_diligence"])["exclusivity-llm-review"] == title
    skipped = [{"rule_id": "exclusivity-llm-review", "playbook": "ma_due_diligence", "document_id": d, "status": SKIPPED_NO_LLM} for d in ("c01", "c02")]
    assert not_checked_line(skipped) == f"Not checked in the latest scans (e.g. no LLM available): {title}."
    summary = scan_summary(_result(skipped), rule_titles(["ma_due_diligence"]))
    assert summary["notes"][0].startswith(f"Not run for want of an LLM: {title} (on 2 contracts)") and "exclusivity-llm-review" not in summary["notes"][0]
    assert not_checked_line([{"rule_id": "gone-rule", "playbook": "no_such_playbook", "document_id": "c01", "status": SKIPPED_NO_LLM}]).endswith(": gone-rule.")


def test_a_flag_group_is_headed_by_its_contracts_title_and_file_name():
    # The groups read « **DISTRIBUTION AGREEMENT** · 2 flags »: several contracts may share that title.
    from greffier.ui.compliance import group_heading, grouped

    def flag(document_id: str, file: str, severity: str) -> dict:
        return {"document_id": document_id, "file": file, "severity": severity, "rule_id": "r", "chunk_id": f"{document_id}-1"}

    flags = [flag("c12", "room/UK_Distribution_2024.pdf", "high"), flag("c12", "room/UK_Distribution_2024.pdf", "low"),
             flag("c03", "room/Bail Montelier.docx", "medium"), flag("c07", "room/untitled.md", "info")]
    names = {"c12": "DISTRIBUTION AGREEMENT", "c03": "BAIL COMMERCIAL (Bail Montelier.docx)"}  # contract_names: the file where a title repeats
    headings = [group_heading(group) for group in grouped(flags, names)]
    assert headings == [
        "**DISTRIBUTION AGREEMENT** ·\u00a0UK\\_Distribution\\_2024\\.pdf ·\u00a02 flags, worst: high",
        "**BAIL COMMERCIAL \\(Bail Montelier\\.docx\\)** ·\u00a01 flag, worst: medium",  # the file once, not twice
        "**untitled\\.md** ·\u00a01 flag, worst: info",  # no title: its file name alone
    ], headings


def test_a_group_heading_that_wraps_never_leaves_a_separator_dangling_at_a_line_end():
    # « …L'AGRICULTURE BIOLOGIQUE · » then the file on the next line: the « · » stays with the item after it.
    from greffier.ui.compliance import group_heading

    group = {"title": "CONTRAT D'APPROVISIONNEMENT EN PLANTES AROMATIQUES", "file": "Contrat_approvisionnement_Ferlande_2021.pdf",
             "flags": [{}] * 8, "worst": "high"}
    heading = group_heading(group)
    assert heading.count("·") == 2 and heading.count(" ·\u00a0") == 2  # a breaking space before « · », none after it
    assert " · " not in heading


def _flag(place: str, *, rule: str = "Clause de changement de contrôle / Change of control clause", review: str | None = None) -> dict:
    return {"severity": "high", "rule_title": rule, "rule_id": "change-of-control", "place": place, "section": None, "status": "open", "review": review}


def test_a_long_flag_label_cuts_its_place_never_its_status():
    # « HIGH · Clause de changement de contrôle / … · p. 2 · ARTICLE 5 — DROIT DE SORTIE CONJOINTE EN CAS DE CHANGEMENT DE CONTRÔLE ·… »:
    # cut at 150 characters, the label lost its status.
    from greffier.ui.compliance import FLAG_LABEL, flag_label

    place = "p. 2 · ARTICLE 5 — DROIT DE SORTIE CONJOINTE EN CAS DE CHANGEMENT DE CONTRÔLE ET DE TRANSFERT DE TITRES"
    label = flag_label(_flag(place, review="to confirm"))
    assert len(label) <= FLAG_LABEL and label.startswith("HIGH · Clause de changement de contrôle / Change of control clause · p. 2 · ARTICLE 5")
    assert label.endswith("… · open · to confirm"), label
    # … but a flag a reviewer decided is no longer to confirm (the app walk of round 38)
    assert flag_label({**_flag("p. 3 · ARTICLE 8 — CESSION", review="to confirm"), "status": "resolved"}).endswith("ARTICLE 8 — CESSION · resolved")
    short = flag_label(_flag("p. 3 · ARTICLE 8 — CESSION"))
    assert short == "HIGH · Clause de changement de contrôle / Change of control clause · p. 3 · ARTICLE 8 — CESSION · open"  # whole when it fits
    assert flag_label(_flag("")) .endswith(" · whole contract · open")
    # a rule title too long to leave the place any room: both are cut, the severity and the status stay
    huge = flag_label(_flag(place, rule="R" * 200), limit=100)
    assert len(huge) <= 100 and huge.startswith("HIGH · RRR") and huge.endswith("… · open") and "· p. 2" in huge


def test_the_csv_export_can_be_semicolon_separated_for_excel_in_french(monkeypatch):
    # The page's CSV was comma-separated: a French-locale Excel opened it in one column; the CLI had --delimiter ';'.
    from greffier.ui import compliance

    seen = {}

    def fake_export_flags(settings, fmt, out, filters, *, delimiter=","):
        seen.update(fmt=fmt, delimiter=delimiter)
        return {"content": delimiter.join(["contract", "file"]) + "\r\n"}

    monkeypatch.setattr(compliance, "export_flags", fake_export_flags)
    assert set(compliance.CSV_SEPARATORS) == {",", ";"}
    data = compliance.export(None, "csv", statuses=["open"], delimiter=";")
    assert seen == {"fmt": "csv", "delimiter": ";"} and data == "\ufeffcontract;file\r\n".encode()
    assert compliance.export(None, "csv") == "\ufeffcontract,file\r\n".encode() and seen["delimiter"] == ","


def test_a_group_heading_reads_its_file_when_the_title_is_blank_and_names_the_file_once():
    flags = [{"document_id": "c1", "file": "room/bail_lyon.docx", "severity": "high", "rule_id": "r", "chunk_id": "c1-1"}]
    (group,) = compliance.grouped(flags, {"c1": "   "})
    assert group["title"] == "bail_lyon.docx" and group["file"] == ""
    (group,) = compliance.grouped(flags, {"c1": "BAIL COMMERCIAL (bail_lyon.docx)"})
    assert group["file"] == ""  # the data room's name carries it already
    (group,) = compliance.grouped(flags, {"c1": "Contract bail_lyon.docx and more"})
    assert group["file"] == "bail_lyon.docx"  # a title that merely mentions it does not name the contract's file


def test_a_copy_s_flag_names_its_original_by_file_name():
    assert compliance.copy_note("room/sub\\09_NDA_Glenmorven.txt") == (
        "Possible copy of 09_NDA_Glenmorven.txt: the same flag is raised there; decide both together")


def test_a_review_that_takes_its_flag_out_of_the_list_is_said_with_its_note():
    review = {"id": 7, "label": "HIGH · Change of control · art. 12 · resolved", "status": "resolved", "was": "open", "note": "waiver obtained"}
    said = compliance.review_left_list(review, ["open", "escalated"])
    assert said.startswith("Marked resolved: HIGH · Change of control") and "« waiver obtained »" in said and "open, escalated" in said, said
    assert compliance.review_left_list(review, ["open", "resolved"]) is None  # still listed: the flag itself shows it
    assert compliance.review_left_list(review, []) is None  # no status filter: every flag is listed
    assert "Note" not in compliance.review_left_list({**review, "note": ""}, ["open"])


def test_the_open_flags_on_a_copy_are_said_apart():
    # the app walk of round 34: a supply agreement's PDF copy doubled its nine flags in the chart, and nothing said so
    from greffier.ui import compliance

    flags = [
        {"status": "open", "severity": "high", "details": {}},
        {"status": "open", "severity": "high", "details": {"copy_of": "Supply_Agreement.html"}},
        {"status": "escalated", "severity": "medium", "details": {"copy_of": "Supply_Agreement.html"}},
        {"status": "resolved", "severity": "high", "details": {"copy_of": "Supply_Agreement.html"}},
    ]
    assert compliance.copies_line(flags) == ("2 open flags are on a copy or a translation of another contract (Supply_Agreement.html): the same "
                                             "findings as the original's, to decide with them.")
    assert compliance.copies_line(flags[:1]) is None
