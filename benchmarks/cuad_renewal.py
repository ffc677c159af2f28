"""Does a contract renew by itself? The data-room reader (:mod:`greffier.dataroom.extract.renewal`)
measured on CUAD's lawyer labels.

A contract the reader says renews automatically is listed apart by an end-date filter (its end date is
its first term's); one it misses is counted as ending on that date — the silent error. CUAD's *Renewal
Term* category ("What is the renewal term after the initial term expires? This includes automatic
extensions and unilateral extensions with advance notice") labels the contracts that renew, by
themselves *or at a party's option*; the reader looks for automatic renewal only, so its recall against
that label is a lower bound, and its misses are counted by kind: an option to renew (the label's quote
says "option", "may renew", "upon mutual agreement", "may be extended") or another wording.

Contracts are read as ingestion reads a text file (``cuad_metadata.text_inputs``). Split: the one
declared for the metadata benchmark (``--split``; the tuning parts are dev-a … dev-f, the held-out split
heldout4); the reader was written from general contract vocabulary in French and English before this
benchmark was first run (4 Dec, evening), on no CUAD contract.

Run from the repository root::

    .venv/bin/python benchmarks/cuad_renewal.py --split dev [--misses] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from the repository root
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the metadata benchmark's loaders beside it

from cuad_metadata import load_cuad, text_inputs  # noqa: E402  (after the path set-up above)

from greffier.dataroom.extract.renewal import extract_renewal  # noqa: E402

DEFAULT_CUAD = Path(__file__).resolve().parents[2] / "shared" / "evaldata" / "cuad_v1"
# A renewal quote that gives a party the choice, or needs an agreement: no automatic renewal
_OPTION = re.compile(
    r"\b(?:option|may (?:be )?(?:renew|extend)|may elect|at (?:its|their) (?:sole )?(?:discretion|election)|upon mutual|by mutual"
    r"|mutually agree|if (?:both|the) parties agree|right to (?:renew|extend)|request|negotiat)",
    re.I,
)


def run(cuad: Path, split: str, misses: bool) -> dict:
    contracts = load_cuad(cuad, split)
    inputs = {i.id: i for i in text_inputs([(c.contract_id, c.file, (cuad / "full_contract_txt" / c.file).read_text(encoding="utf-8")) for c in contracts])}
    counts: Counter = Counter()
    kinds: Counter = Counter()
    shown: list[dict] = []
    for contract in contracts:
        quotes = contract.quotes.get("Renewal Term") or []
        gold = bool(quotes)
        reading = extract_renewal(inputs[contract.contract_id].chunks)
        found = reading if reading is not None and reading.value == "automatic" else None  # "none": it says it does not renew
        if found and gold:
            counts["tp"] += 1
        elif found:
            counts["fp"] += 1
            kinds["found, no Renewal Term label"] += 1
            shown.append({"file": contract.file, "kind": "found, not labelled", "read": found.raw})
        elif gold:
            counts["fn"] += 1
            kind = "missed: an option or an agreement to renew" if any(_OPTION.search(q) for q in quotes) else "missed: another wording"
            kinds[kind] += 1
            shown.append({"file": contract.file, "kind": kind, "label": " | ".join(q[:200] for q in quotes)})
        else:
            counts["tn"] += 1
    tp, fp, fn = counts["tp"], counts["fp"], counts["fn"]
    automatic_gold = tp + kinds["missed: another wording"]
    result = {
        "split": split, "contracts": len(contracts), "labelled": tp + fn, "found": tp + fp, **counts,
        "precision": round(tp / (tp + fp), 3) if tp + fp else None,
        "recall_vs_label": round(tp / (tp + fn), 3) if tp + fn else None,
        "recall_without_options": round(tp / automatic_gold, 3) if automatic_gold else None,
        "kinds": dict(kinds),
    }
    if misses:
        result["misses"] = shown
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", default="dev")
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    parser.add_argument("--misses", action="store_true", help="print each miss (tuning splits only: do not read the held-out one)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if not args.cuad.is_dir():
        print(f"CUAD not found at {args.cuad}: give --cuad (../shared/evaldata/cuad_v1)", file=sys.stderr)
        return 2
    if args.misses and args.split.startswith(("heldout", "test")):
        print("--misses reads the contracts: not on a held-out split", file=sys.stderr)
        return 2
    result = run(args.cuad, args.split, args.misses)
    text = json.dumps(result, ensure_ascii=False, indent=1)
    if args.json:
        args.json.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
