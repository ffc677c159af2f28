"""``python -m greffier scan`` and ``flags``: JSON output, review, exports, readable errors."""

from __future__ import annotations

import json
import re

import pytest

from greffier.cli import main
from tests.compliance.conftest import copy_workspace

pytestmark = pytest.mark.slow


def run(capsys, *args: str) -> tuple[int, dict | str]:  # noqa: ANN001
    code = main(list(args))
    out = capsys.readouterr().out
    try:
        return code, json.loads(out)
    except json.JSONDecodeError:
        return code, out


def test_scan_flags_review_and_export(scan_base, tmp_path, capsys):
    ws = str(copy_workspace(scan_base, tmp_path)["ws"])
    code, scan = run(capsys, "scan", "--workspace", ws, "--playbook", "ma_due_diligence", "--today", "2026-11-30", "--no-llm", "--json")
    assert code == 0 and scan["counts"]["flags"] > 0 and scan["playbook"]["name"] == "ma_due_diligence"
    lease = scan_base["ids"]["bail_fr.pdf"]
    code, one = run(capsys, "scan", "--workspace", ws, "--playbook", "bail_commercial", "--document", lease, "--today", "2026-11-30", "--json")
    assert code == 0 and [d["id"] for d in one["documents"]] == [lease]

    code, listing = run(capsys, "flags", "--workspace", ws, "--status", "open", "--severity", "high", "--json")
    assert code == 0 and listing["flags"] and all(f["status"] == "open" and f["severity"] == "high" for f in listing["flags"])
    flag_id = listing["flags"][0]["id"]

    code, changed = run(capsys, "flags", "set-status", flag_id, "resolved", "--note", "waiver signed", "--workspace", ws, "--json")
    assert code == 0 and changed["status"] == "resolved" and changed["note"] == "waiver signed"
    code, resolved = run(capsys, "flags", "--workspace", ws, "--status", "resolved", "--json")
    assert [f["id"] for f in resolved["flags"]] == [flag_id]

    out = tmp_path / "flags.xlsx"
    code, exported = run(capsys, "flags", "export", "--format", "xlsx", "--out", str(out), "--workspace", ws, "--json")
    assert code == 0 and out.exists() and exported["flags"] == len(run(capsys, "flags", "--workspace", ws, "--json")[1]["flags"])
    code, csv_text = run(capsys, "flags", "--workspace", ws, "--severity", "critical", "export", "--format", "csv")
    assert code == 0 and csv_text.splitlines()[0].startswith("export filters,contract,file,place")

    code, text = run(capsys, "scan", "--workspace", ws, "--playbook", "bail_commercial", "--today", "2026-11-30")
    assert code == 0 and "flags" in text and "not scanned" in text
    flag_lines = [line for line in text.splitlines() if line.strip().startswith("[")]
    assert flag_lines and not any(re.search(r"\bc\d{2}\b", line) for line in flag_lines), flag_lines  # files, not keys
    skipped_lines = [line for line in text.splitlines() if "not scanned" in line]
    for skipped_line in skipped_lines:  # each reason said (« unknown type » is not « another type »: a walkthrough), with the files
        assert ".pdf" in skipped_line or ".docx" in skipped_line or ".md" in skipped_line, skipped_line  # the files, not internal keys
        assert not re.search(r"\bc\d{2}\b", skipped_line), skipped_line
        assert "not a contract of the playbook's types (bail commercial)" in skipped_line or "type could not be read" in skipped_line, skipped_line


def test_errors_are_one_readable_json_line(scan_base, tmp_path, capsys):
    ws = str(copy_workspace(scan_base, tmp_path)["ws"])
    code, error = run(capsys, "scan", "--workspace", ws, "--playbook", "no_such_playbook", "--json")
    assert code == 2 and "no such playbook" in error["error"]
    code, error = run(capsys, "flags", "set-status", "0123456789abcdef", "resolved", "--workspace", ws, "--json")
    assert code == 2 and "no flag '0123456789abcdef'" in error["error"]
    code, error = run(capsys, "flags", "export", "--format", "pdf", "--workspace", ws, "--json")
    assert code == 2 and "needs a file" in error["error"]
    code, error = run(capsys, "scan", "--workspace", ws, "--today", "30/11/2026", "--json")
    assert code == 2 and "YYYY-MM-DD" in error["error"]


def test_the_scan_counts_amendments_apart_as_the_app_does(tmp_path, capsys):
    # the CLI said « 4 flags on 4 contracts » where the app said « on 2 contracts + 2 amendments » (a walkthrough)
    from greffier.config import load_settings  # the test's own workspace, built here only
    from greffier.services.ingest import Ingestor  # the test's own workspace, built here only
    from tests.compliance.conftest import write_amended_pairs  # the test's own workspace, built here only

    write_amended_pairs(tmp_path / "room")
    Ingestor(load_settings(tmp_path / "ws")).ingest(tmp_path / "room")
    code, text = run(capsys, "scan", "--workspace", str(tmp_path / "ws"), "--playbook", "ma_due_diligence", "--today", "2026-11-30", "--no-llm")
    assert code == 0 and "2 contracts + 2 amendments" in text.splitlines()[0], text.splitlines()[0]
