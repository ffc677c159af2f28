"""The M&A playbook on the bundled demo data room, checked against the manifest's planted flags.

Generates the demo room, ingests it into a fresh workspace, scans every contract with the
``ma_due_diligence`` playbook on the manifest's reference date, and compares, contract by contract,
the rules that fired (by their ``tags``) with ``demo/manifest.json`` ``contracts[].flags`` (plus the
``foreign_law`` and ``missing_law`` facts). Prints per-flag precision and recall (contract level) and
the misses. Run from the repository root:

    .venv/bin/python benchmarks/demo_flags.py [--work /tmp/greffier-demo-flags] [--keep]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from greffier.compliance.playbooks import load_playbook  # noqa: E402
from greffier.services.compliance.service import list_flags, scan_workspace  # noqa: E402
from greffier.config import load_settings  # noqa: E402
from greffier.services.ingest import Ingestor  # noqa: E402

PLAYBOOK = "ma_due_diligence"


def expected_flags(manifest: dict) -> dict[str, set[str]]:
    """Manifest id → its flags, with the foreign_law / missing_law facts as flags too."""
    expected = {c["id"]: set(c.get("flags") or []) for c in manifest["contracts"]}
    for fact in manifest.get("facts", []):
        if fact.get("kind") in ("foreign_law", "missing_law"):
            for contract_id in fact.get("contracts", []):
                expected[contract_id].add(fact["kind"])
    return expected


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/greffier-demo-flags"))
    parser.add_argument("--keep", action="store_true", help="reuse an existing workspace in --work")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    room, workspace, manifest_path = args.work / "room", args.work / "ws", args.work / "manifest.json"
    if not args.keep and args.work.exists():
        shutil.rmtree(args.work)
    if not workspace.exists():
        args.work.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, str(REPO / "demo" / "generate.py"), "--out", str(room), "--manifest", str(manifest_path)], check=True)
        started = time.perf_counter()
        Ingestor(load_settings(workspace)).ingest(room)
        print(f"ingested in {time.perf_counter() - started:.1f}s", file=sys.stderr)
    manifest = json.loads((manifest_path if manifest_path.exists() else REPO / "demo" / "manifest.json").read_text(encoding="utf-8"))
    settings = load_settings(workspace)
    started = time.perf_counter()
    result = scan_workspace(settings, PLAYBOOK, today=date.fromisoformat(manifest["reference_date"]), llm=None)
    scan_seconds = time.perf_counter() - started
    tags = {rule.id: set(rule.tags) for rule in load_playbook(PLAYBOOK).rules}
    by_file = {c["file"]: c["id"] for c in manifest["contracts"]}
    found: dict[str, set[str]] = defaultdict(set)
    for flag in list_flags(settings)["flags"]:
        manifest_id = by_file.get(flag["file"].split("/", 1)[1] if "/" in flag["file"] else flag["file"])
        if manifest_id:
            found[manifest_id] |= tags.get(flag["rule_id"], set())
    expected = expected_flags(manifest)
    # Only the flags the manifest plants can be scored; a rule tag it does not know (first_refusal,
    # liability_limitation, renewal_option…) is listed apart, not counted as false positives.
    names = sorted({n for flags in expected.values() for n in flags})
    unscored = sorted({n for t in tags.values() for n in t} - set(names))
    rows, misses = [], []
    for name in names:
        tp = sum(1 for cid in expected if name in expected[cid] and name in found[cid])
        fp = sorted(cid for cid in expected if name in found[cid] and name not in expected[cid])
        fn = sorted(cid for cid in expected if name in expected[cid] and name not in found[cid])
        covered = any(name in t for t in tags.values())
        rows.append((name, tp + len(fn), tp, len(fp), len(fn), covered))
        if covered and (fp or fn):
            misses.append(f"{name}: false positives {', '.join(fp) or '-'}; missed {', '.join(fn) or '-'}")
    print(f"demo data room: {len(expected)} contracts, {len(result.flags)} flags, scan {scan_seconds:.1f}s "
          f"(classifier: {result.classifier}), reference date {manifest['reference_date']}\n")
    print("| manifest flag | contracts | found | false pos. | missed | precision | recall |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    total_tp = total_fp = total_fn = 0
    for name, gold, tp, fp, fn, covered in rows:
        if not covered:
            print(f"| {name} | {gold} | (no rule) | | | | |")
            continue
        total_tp, total_fp, total_fn = total_tp + tp, total_fp + fp, total_fn + fn
        precision = f"{tp / (tp + fp):.2f}" if tp + fp else "–"
        recall = f"{tp / gold:.2f}" if gold else "–"
        print(f"| {name} | {gold} | {tp} | {fp} | {fn} | {precision} | {recall} |")
    print(f"| **all covered flags** | {total_tp + total_fn} | {total_tp} | {total_fp} | {total_fn} | "
          f"{total_tp / max(1, total_tp + total_fp):.2f} | {total_tp / max(1, total_tp + total_fn):.2f} |")
    print("\n" + "\n".join(misses))
    if unscored:
        print("\nrule tags the manifest does not plant (not scored): " + ", ".join(f"{n} ({sum(1 for cid in expected if n in found[cid])} contracts)" for n in unscored))
    flags = list_flags(settings)["flags"]
    high = [f for f in flags if f["severity"] == "high"]
    repeats = len(high) - len({(f["document_id"], f["rule_id"]) for f in high})
    print(f"\nflags: {len(flags)} ({', '.join(f'{n} {s}' for s, n in sorted(Counter(f['severity'] for f in flags).items()))}); "
          f"HIGH {len(high)}, of which repeats of a (contract, rule) already flagged: {repeats}")
    if args.json:
        args.json.write_text(json.dumps({"found": {k: sorted(v) for k, v in found.items()}, "expected": {k: sorted(v) for k, v in expected.items()}}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
