"""The notice that stops an automatic renewal, read against CUAD's lawyer labels (``Notice Period To Terminate Renewal``).

For each CUAD contract of the split, ingested as a text file with no metadata (:func:`cuad_metadata.contract_inputs`), the
record's ``renewal_notice`` ("90 days") is compared with the length CUAD's answer gives ("90 days", "6 months", "sixty (60)
days"): equal when both come to the same number of days (a month counted 30 days, so "6 months" = "180 days"). Reported per
split: labelled contracts read right / read wrong / not read (and of these, how many the record does not see renew by itself),
and lengths read where CUAD has none (a false notice). The split is the metadata benchmark's (declared before any tuning):
tune on ``--split tuning`` (dev-a … dev-f), report ``heldout4`` once.

    .venv/bin/python benchmarks/cuad_renewal_notice.py --cuad ../shared/evaldata/cuad_v1 --split tuning --misses
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from cuad_metadata import FOURTEENTH_ROUND, TUNING_PARTS, contract_inputs, load_cuad  # noqa: E402
from greffier.dataroom.extract.periods import find_periods  # noqa: E402
from greffier.dataroom.records import build_records  # noqa: E402

DAYS = {"days": 1, "weeks": 7, "months": 30, "years": 365}


def days_of(text: str) -> set[int]:
    """The lengths ``text`` writes, in days (« 6 months » → 180); empty when it writes none."""
    return {period.count * DAYS[period.unit] for period, _match in find_periods(text)}


LABEL = "Notice Period To Terminate Renewal- Answer"  # the CSV writes this column's name with a space before "Answer"


def run(cuad: Path, split: str, misses: bool) -> dict[str, int]:
    contracts = load_cuad(cuad, split)
    with (cuad / "master_clauses.csv").open(encoding="utf-8", newline="") as handle:
        answers = [row[LABEL] for row in csv.DictReader(handle)]
    records = {r.id: r for r in build_records(contract_inputs(cuad, contracts))}
    counts = {"labelled": 0, "right": 0, "wrong": 0, "not read": 0, "not read, no automatic renewal seen": 0, "unlabelled": 0, "read where CUAD has none": 0}
    lines = []
    for contract in contracts:
        record = records[contract.contract_id]
        label = answers[contract.row].strip()
        expected = days_of(label)
        read = days_of(record.renewal_notice or "")
        if not expected:
            counts["unlabelled"] += 1
            if read:
                counts["read where CUAD has none"] += 1
                lines.append(f"- {contract.contract_id} false: read {record.renewal_notice!r} ({record.sources['renewal_notice'].raw[:160]!r})")
            continue
        counts["labelled"] += 1
        if not read:
            counts["not read"] += 1
            if record.renewal != "automatic":
                counts["not read, no automatic renewal seen"] += 1
            quote = " | ".join(contract.quotes.get("Notice Period To Terminate Renewal", []))[:200]
            lines.append(f"- {contract.contract_id} missed ({record.renewal or 'no renewal read'}): CUAD {label!r} — {quote!r}")
        elif read & expected or any(abs(a - b) <= 5 for a in read for b in expected):
            counts["right"] += 1
        else:
            counts["wrong"] += 1
            lines.append(f"- {contract.contract_id} wrong: read {record.renewal_notice!r}, CUAD {label!r} ({record.sources['renewal_notice'].raw[:160]!r})")
    if misses:
        print("\n".join(lines))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuad", type=Path, default=REPO.parent / "shared" / "evaldata" / "cuad_v1")
    parser.add_argument("--split", default="tuning", choices=("tuning", *TUNING_PARTS, *FOURTEENTH_ROUND))
    parser.add_argument("--misses", action="store_true", help="list each miss (tuning parts only: never a held-out split's)")
    args = parser.parse_args()
    if not args.cuad.is_dir():
        sys.exit(f"no CUAD at {args.cuad}: pass --cuad ../shared/evaldata/cuad_v1")
    parts = list(TUNING_PARTS) if args.split == "tuning" else [args.split]
    rows = {}
    for part in parts:
        print(f"## {part}")
        rows[part] = run(args.cuad, part, args.misses and part in TUNING_PARTS)
    keys = list(next(iter(rows.values())))
    print("\n| | " + " | ".join(parts) + " | all |\n|---|" + "---:|" * (len(parts) + 1))
    for key in keys:
        print(f"| {key} | " + " | ".join(str(rows[p][key]) for p in parts) + f" | {sum(rows[p][key] for p in parts)} |")
    labelled = sum(r["labelled"] for r in rows.values())
    right = sum(r["right"] for r in rows.values())
    false = sum(r["read where CUAD has none"] for r in rows.values())
    read = right + sum(r["wrong"] for r in rows.values()) + false
    print(f"\nrecall {right}/{labelled} = {right / max(labelled, 1):.1%}; precision {right}/{read} = {right / max(read, 1):.1%}")


if __name__ == "__main__":
    main()
