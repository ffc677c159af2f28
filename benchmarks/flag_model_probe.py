"""A probe, not a feature: would a supervised sentence model trained on CUAD's lawyer labels add the
flags the playbook's wordings miss, at a precision a reviewer accepts?

The model: TF-IDF of word 1–2-grams and a logistic regression per M&A category (scikit-learn,
class-balanced), trained on the sentences of the CUAD *tuning* parts (dev-a … dev-e, 255 contracts),
a sentence being positive when it overlaps a lawyer's quote of the category. It is measured by
cross-validation over the five parts (train on four, score the fifth), never on the held-out split: a
contract is flagged for a category when the playbook's rules flag it (as ``cuad_flags.py --types
cues`` does) *or* when the model scores one of its sentences at or above a threshold. Governing Law
is left out (the rules find it on 97 % of contracts). The model reads English only: it could not
flag a French contract, one reason it stays a probe. Run from the repository root:

    nice -n 10 .venv/bin/python benchmarks/flag_model_probe.py
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuad_classification import DEFAULT_CUAD, chunk_contracts, load_contracts
from cuad_flags import (
    CATEGORY_TAGS,
    PLAYBOOK,
    category_tags,
    classified_documents,
    gold_categories,
    scan,
)

from greffier.compliance.playbooks import load_playbook

PARTS = ("dev-a", "dev-b", "dev-c", "dev-d", "dev-e")
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98)
_SENTENCE_BREAK = re.compile(r"(?<=[.;:])\s+(?=[\"(A-Z0-9])|\n\s*\n")


def part_rows(cuad: Path, part: str) -> list[tuple[list[tuple[str, set[str]]], set[str], set[str]]]:
    """Per contract of ``part``: its sentences with the categories whose quotes they overlap, its gold
    categories, and the categories the playbook's rules flag."""
    contracts = load_contracts(cuad, part, None)
    chunk_contracts(contracts)
    fired, _ = scan(contracts, classified_documents(contracts, [], "cues"), PLAYBOOK)
    playbook_tags = {tag for rule in load_playbook(PLAYBOOK).rules for tag in rule.tags}
    gold = gold_categories(cuad, contracts)
    rows = []
    for contract in contracts:
        sentences, position = [], 0
        for piece in _SENTENCE_BREAK.split(contract.content):
            start = contract.content.find(piece, position)
            end = start + len(piece)
            position = end
            text = " ".join(piece.split())
            if len(text) >= 25:
                labels = {c for c, spans in contract.gold.items() if c in CATEGORY_TAGS for a, b in spans if a < end and b > start}
                sentences.append((text, labels))
        flagged = {c for c in CATEGORY_TAGS if set(category_tags(playbook_tags, c)) & fired.get(f"cuad{contract.row}", set())}
        rows.append((sentences, gold.get(contract.row, set()), flagged))
    return rows


def main(argv: list[str] | None = None) -> int:
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    args = parser.parse_args(argv)
    if not args.cuad.exists():
        print(f"CUAD not found at {args.cuad}: nothing to measure")
        return 0
    started = time.perf_counter()
    data = {part: part_rows(args.cuad, part) for part in PARTS}
    categories = [c for c in CATEGORY_TAGS if c != "Governing Law"]
    rules_only: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    combined = {t: defaultdict(lambda: [0, 0, 0]) for t in THRESHOLDS}
    for held in PARTS:
        train = [s for part in PARTS if part != held for sentences, _, _ in data[part] for s in sentences]
        vectorizer = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True)
        matrix = vectorizer.fit_transform([text for text, _ in train])
        for category in categories:
            labels = np.array([category in found for _, found in train])
            model = LogisticRegression(C=4.0, class_weight="balanced", max_iter=2000).fit(matrix, labels)
            for sentences, gold, flagged in data[held]:
                score = model.predict_proba(vectorizer.transform([t for t, _ in sentences]))[:, 1].max() if sentences else 0.0
                expected, by_rules = category in gold, category in flagged
                for counts, predicted in [(rules_only[category], by_rules)] + [(combined[t][category], by_rules or score >= t) for t in THRESHOLDS]:
                    counts[0] += expected and predicted
                    counts[1] += predicted and not expected
                    counts[2] += expected and not predicted

    def line(name: str, counts: dict[str, list[int]]) -> str:
        tp, fp, fn = (sum(v[k] for v in counts.values()) for k in range(3))
        return f"| {name} | {tp} | {fp} | {fn} | {tp / (tp + fp):.3f} | {tp / (tp + fn):.3f} |"

    print(f"CUAD tuning parts ({', '.join(PARTS)}; {sum(len(r) for r in data.values())} contracts), 5-fold by part; {time.perf_counter() - started:.0f}s\n")
    print("| flags | TP | FP | FN | micro P | micro R |\n|---|---:|---:|---:|---:|---:|")
    print(line("rules only", rules_only))
    for t in THRESHOLDS:
        print(line(f"rules or model ≥ {t}", combined[t]))
    print("\n| category | rules only (TP/FP/FN) | rules or model ≥ 0.9 | rules or model ≥ 0.95 |\n|---|---|---|---|")
    for category in categories:
        print(f"| {category} | {'/'.join(map(str, rules_only[category]))} | {'/'.join(map(str, combined[0.9][category]))} | {'/'.join(map(str, combined[0.95][category]))} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
