"""Train (and cross-validate) the learned locator of the expiry clause on CUAD's tuning parts.

The locator (:func:`greffier.dataroom.extract.term.locator`) is a sentence model in the learned reader's file format
(:mod:`greffier.compliance.reader`: TF-IDF of word 1–2-grams over the shared French/English form, logistic regression,
the flag reader's hyper-parameters) with one category, ``expiry``: a sentence is positive when it overlaps a CUAD
lawyer's *Expiration Date* quote. Sentences are the term reader's own (each stored chunk cut by
:func:`greffier.dataroom.extract.text.sentences`, at least ``MIN_LOCATED_SENTENCE`` characters), from the contracts as
ingestion stores a text file (:func:`cuad_metadata.contract_inputs`). Only the tuning parts (dev-a … dev-f, 306
contracts) are read; the held-out split heldout4 never is.

**How the threshold and shipping are chosen (declared in docs/benchmarks.md, "Fifteenth round", before this ran).**
Six-fold cross-validation by part: a model trained on five parts reads the sixth through the real term reader
(:func:`greffier.dataroom.records.build_one`), which uses the locator only where its rules read no end and no indefinite
term. Per threshold of :data:`THRESHOLDS`, ΔR counts the contracts whose concrete Expiration Date label the located end
makes right, ΔW those it makes wrong plus ends located where the label is empty or perpetual (partial labels are not
scored). The threshold with the largest ΔR − 2·ΔW is kept, and the locator ships only when there ΔR ≥ 3 and
ΔR ≥ 2·ΔW. Run from the repository root::

    nice -n 10 .venv/bin/python benchmarks/train_term_reader.py              # cross-validate, choose, write the locator
    nice -n 10 .venv/bin/python benchmarks/train_term_reader.py --no-write   # the table only
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuad_metadata import DEFAULT_CUAD, contract_inputs, load_cuad, us_date  # noqa: E402
from train_flag_reader import MODEL, PARTS, VECTORIZER  # noqa: E402

from greffier.compliance.reader import save_reader, shared_form  # noqa: E402
from greffier.dataroom.extract import term  # noqa: E402
from greffier.dataroom.extract.text import sentences  # noqa: E402
from greffier.dataroom.records import build_one  # noqa: E402
from greffier.text.language import guess_language  # noqa: E402

CATEGORY = "Expiration Date"
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95)
PROBE = 60  # characters of a sentence looked for in a quote (and the other way): enough to place it, short of a cut


def _collapsed(text: str) -> str:
    return " ".join(text.split()).lower()


def labelled(sentence: str, quotes: list[str]) -> bool:
    """Whether ``sentence`` overlaps one of the lawyers' quotes: one holds the other, or their first words meet."""
    s = _collapsed(sentence)
    for quote in quotes:
        q = _collapsed(quote)
        if s in q or q in s or s[:PROBE] in q or q[:PROBE] in s:
            return True
    return False


def part_data(cuad: Path, part: str) -> list[dict[str, Any]]:
    """Per contract of ``part``: its input, its Expiration Date label, and its sentences in the shared form with
    whether each overlaps a quote."""
    contracts = load_cuad(cuad, part)
    rows = []
    for contract, given in zip(contracts, contract_inputs(cuad, contracts)):
        quotes = contract.quotes.get(CATEGORY, [])
        found = []
        for chunk in given.chunks:
            for text in sentences(chunk.text):
                if len(text) >= term.MIN_LOCATED_SENTENCE:
                    found.append((shared_form(text, "fr" if guess_language(text) == "fr" else "en"), labelled(text, quotes)))
        rows.append({"contract": contract, "input": given, "label": contract.labels.get(CATEGORY, "").strip(), "sentences": found})
    return rows


def fit(rows: list[dict[str, Any]]) -> tuple[Any, Any]:  # noqa: ANN401
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    texts = [text for row in rows for text, _ in row["sentences"]]
    labels = np.array([positive for row in rows for _, positive in row["sentences"]])
    vectorizer = TfidfVectorizer(**VECTORIZER)
    matrix = vectorizer.fit_transform(texts)
    return vectorizer, LogisticRegression(**MODEL).fit(matrix, labels)


def write(vectorizer: Any, model: Any, path: Path, threshold: float, measured: dict[str, Any], trained_on: str) -> None:  # noqa: ANN401
    save_reader(
        path, vocabulary=[str(t) for t in vectorizer.get_feature_names_out()], idf=vectorizer.idf_,
        categories={term.LOCATOR_CATEGORY: {"cuad_category": CATEGORY, "threshold": threshold, "intercept": float(model.intercept_[0]), "coef": model.coef_[0], "measured": measured}},
        description="Greffier's learned locator of the expiry clause: TF-IDF (word 1-2-grams, sublinear tf) + logistic regression",
        trained_on=trained_on, licence="derived from CUAD v1, CC BY 4.0 (https://www.atticusprojectai.org/cuad): attribution to The Atticus Project",
        vectorizer={k: list(v) if isinstance(v, tuple) else v for k, v in VECTORIZER.items()},
    )


def outcome(row: dict[str, Any], got: Any) -> str:  # noqa: ANN401
    """What a located end does to the contract's score: "right", "wrong", "read where none" or "not scored"."""
    label = row["label"]
    gold = us_date(label)
    if gold is not None and not isinstance(gold, str):
        return "right" if got == gold else "wrong"
    if not label or "perpetual" in label.lower():
        return "read where none"
    return "not scored"


def cross_validate(data: dict[str, list[dict[str, Any]]]) -> tuple[dict[float, Counter], list[str]]:
    """Threshold → Counter of located ends' outcomes over the tuning parts, one fold per part; and one line per located end."""
    counts: dict[float, Counter] = {t: Counter() for t in THRESHOLDS}
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for held in PARTS:
            vectorizer, model = fit([row for part in PARTS if part != held for row in data[part]])
            path = Path(folder) / f"locator-{held}.json.gz"
            write(vectorizer, model, path, 0.0, {}, f"cross-validation fold without {held}")
            term.LOCATOR_PATH = path
            for row in data[held]:
                record, extraction = build_one(row["input"])
                source = record.sources.get("initial_end_date")
                if source is None or "(located)" not in (extraction.term.end_date.rule if extraction.term.end_date else ""):
                    continue
                score = extraction.term.located or 0.0
                result = outcome(row, record.initial_end_date)
                lines.append(f"{held} {row['contract'].contract_id} {score:.2f} {result}: got {record.initial_end_date}, label {row['label']!r}")
                for t in THRESHOLDS:
                    if score >= t:
                        counts[t][result] += 1
    term.LOCATOR_PATH = term.Path(term.__file__).with_name("term_locator.json.gz")
    return counts, lines


def choose(counts: dict[float, Counter]) -> tuple[float, bool]:
    """The declared rule: the threshold with the largest ΔR − 2·ΔW; shipped when ΔR ≥ 3 and ΔR ≥ 2·ΔW there."""
    def wrong(c: Counter) -> int:
        return c["wrong"] + c["read where none"]

    best = max(THRESHOLDS, key=lambda t: (counts[t]["right"] - 2 * wrong(counts[t]), t))
    right = counts[best]["right"]
    return best, right >= 3 and right >= 2 * wrong(counts[best])


def table(counts: dict[float, Counter], chosen: float, ships: bool) -> str:
    lines = ["| threshold | ΔR (label now right) | wrong | read where the label is empty or perpetual | not scored (partial label) | ΔR − 2·ΔW |", "|---:|---:|---:|---:|---:|---:|"]
    for t in THRESHOLDS:
        c = counts[t]
        mark = " **(chosen" + (", ships)**" if ships else ", does not ship)**") if t == chosen else ""
        lines.append(f"| {t}{mark} | {c['right']} | {c['wrong']} | {c['read where none']} | {c['not scored']} | {c['right'] - 2 * (c['wrong'] + c['read where none'])} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    parser.add_argument("--out", type=Path, default=term.LOCATOR_PATH)
    parser.add_argument("--no-write", action="store_true", help="cross-validate and print the table, write nothing")
    parser.add_argument("--lines", action="store_true", help="print each located end of the cross-validation (tuning parts only)")
    args = parser.parse_args(argv)
    if not args.cuad.exists():
        print(f"CUAD not found at {args.cuad}: nothing to train on")
        return 0
    started = time.perf_counter()
    data = {}
    for part in PARTS:
        data[part] = part_data(args.cuad, part)
        print(f"{part}: {len(data[part])} contracts, {sum(len(r['sentences']) for r in data[part])} sentences "
              f"({sum(p for r in data[part] for _, p in r['sentences'])} positive; {time.perf_counter() - started:.0f}s)", flush=True)
    counts, lines = cross_validate(data)
    chosen, ships = choose(counts)
    print(f"\nCUAD tuning parts, {len(PARTS)}-fold by part, located ends (where the rules read none); {time.perf_counter() - started:.0f}s\n")
    print(table(counts, chosen, ships))
    if args.lines:
        print("\n" + "\n".join(lines))
    if ships and not args.no_write:
        rows = [row for part in PARTS for row in data[part]]
        vectorizer, model = fit(rows)
        c = counts[chosen]
        measured = {"cross_validation": f"{len(PARTS)}-fold by CUAD tuning part, located ends", "right": c["right"], "wrong": c["wrong"], "read_where_none": c["read where none"]}
        trained_on = (f"CUAD v1 (The Atticus Project), tuning parts {', '.join(PARTS)} ({len(rows)} contracts, "
                      f"{sum(len(r['sentences']) for r in rows)} sentences); held-out split heldout4 never read")
        write(vectorizer, model, args.out, chosen, measured, trained_on)
        print(f"\nwrote {args.out} ({args.out.stat().st_size // 1024} KiB), threshold {chosen}")
    elif not ships:
        print("\nthe declared rule says the locator does not ship: nothing written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
