"""Contract metadata read from the text, measured on a second corpus nobody here wrote: ContractNLI's NDAs.

CUAD's dev split (102 contracts) was too small to tune the metadata rules on: gains on it did not carry
to its test split. ContractNLI (Koreeda & Manning 2021, CC BY 4.0; ``../shared/evaldata/contractnli``)
holds 184 real non-disclosure agreements of another kind — many public templates with a blank
counterparty, many from outside the US — that nobody here wrote. Their metadata was labelled by hand
from the texts alone, without running or reading the extractor (``benchmarks/data/contractnli_metadata.yaml``:
its header gives the conventions). Each text is ingested as a text file is (the same path as
``cuad_metadata.py``) and compared with the labels:

* parties — precision / recall / F1 per name (the CUAD benchmark's keys and matching), and how the
  extractor treats a blank party slot (« ______ », "<Company name>"): a contract with a blank party
  must not come out with its parties read with confidence (a party filter would then decide on a list
  that is missing someone);
* agreement date → signature date, governing law, end date: accuracy where the label states a value,
  and how many values were read where the label has none.

**Split (declared before any tuning on this corpus, 2 Dec 2026).** ContractNLI's own files: the 61
documents of ``dev.json`` are *cnli-dev* (rules may be tuned looking at them, ``--misses`` prints
their misses only), the 123 of ``test.json`` are *cnli-test*, held out and reported once at the end
of a round, like CUAD's test split.

    .venv/bin/python benchmarks/contractnli_metadata.py [--split all|cnli-dev|cnli-test] [--misses] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuad_metadata import PRF, Accuracy, match_names, name_key, query_filter_line, query_filter_pairs, text_inputs  # noqa: E402

from greffier.dataroom.records import ContractRecord, build_one, link_records  # noqa: E402
from greffier.dataroom.vocabulary import match_law  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "evaldata" / "contractnli"
DEFAULT_LABELS = ROOT / "benchmarks" / "data" / "contractnli_metadata.yaml"
SPLITS = {"cnli-dev": "dev", "cnli-test": "test"}


@dataclass
class Labelled:
    id: str
    split: str
    file: str
    text: str
    label: dict[str, Any]


def load(data: Path, labels: Path) -> list[Labelled]:
    """The labelled documents, in the labels' order, each with its text."""
    documents = {source: json.loads((data / f"{source}.json").read_text(encoding="utf-8"))["documents"] for source in SPLITS.values()}
    items = []
    for entry in yaml.safe_load(labels.read_text(encoding="utf-8")):
        document = documents[entry["source"]][entry["index"]]
        if document["file_name"] != entry["file_name"]:
            raise RuntimeError(f"{entry['source']}[{entry['index']}] is {document['file_name']!r}, the label says {entry['file_name']!r}")
        split = next(name for name, source in SPLITS.items() if source == entry["source"])
        items.append(Labelled(id=f"{entry['source']}{entry['index']:03d}", split=split, file=entry["file_name"], text=document["text"], label=entry))
    return items


def label_law(name: str | None) -> str | None:
    """The vocabulary label of a jurisdiction as the labels write it ("New York", "England and Wales"), or
    ``"(not in the vocabulary) <name>"``: a label the vocabulary cannot name is a miss whatever is read,
    so that a jurisdiction mapped to the wrong label cannot score on both sides."""
    if not name:
        return None
    return match_law(name) or match_law(f"laws of the State of {name}") or match_law(f"laws of {name}") or f"(not in the vocabulary) {name}"


def _as_date(value: object) -> date | None:
    return value if isinstance(value, date) else date.fromisoformat(value) if isinstance(value, str) else None


@dataclass
class Scores:
    documents: int = 0
    parties: PRF = field(default_factory=PRF)
    blank: Counter = field(default_factory=Counter)  # confidence of the parties read, for documents with a blank party
    # a party filter on each labelled (party, document) pair: found, listed apart (parties low or none), or silently missed
    party_pairs: Counter = field(default_factory=Counter)
    agreement: Accuracy = field(default_factory=Accuracy)
    agreement_unlabelled: int = 0
    law: Accuracy = field(default_factory=Accuracy)
    law_unlabelled: int = 0
    end: Accuracy = field(default_factory=Accuracy)
    end_unlabelled: int = 0
    misses: list[str] = field(default_factory=list)
    query_filter: dict[str, Any] = field(default_factory=dict)  # cuad_metadata.query_filter_pairs()


def score(items: list[Labelled], records: dict[str, ContractRecord]) -> Scores:
    scores = Scores(documents=len(items))
    for item in items:
        record, label = records[item.id], item.label
        gold = list(dict.fromkeys(name_key(n) for n in label.get("parties") or []))
        predicted = list(dict.fromkeys(name_key(p.raw_name) for p in record.parties))
        pairs, missed, extra = match_names(gold, predicted)
        scores.parties.add(len(pairs), len(extra), len(missed))
        if missed or extra:
            scores.misses.append(f"{item.id} parties: expected {label.get('parties')}, got {[p.raw_name for p in record.parties]}")
        source = record.sources.get("parties")
        confidence = source.confidence if source is not None else "none"
        scores.party_pairs["found"] += len(pairs)
        scores.party_pairs["listed apart" if confidence in ("low", "none") else f"silent ({confidence})"] += len(missed)
        if label.get("blank_parties"):
            scores.blank[confidence if record.parties else "none"] += 1
            if record.parties and confidence != "low":
                scores.misses.append(f"{item.id} parties: a party is left blank, yet the parties read count as known ({confidence}): {[p.raw_name for p in record.parties]}")
        _accuracy(scores, item, "agreement date", _as_date(label.get("agreement_date")), record.signature_date, "agreement", "agreement_unlabelled")
        _accuracy(scores, item, "governing law", label_law(label.get("governing_law")), record.governing_law, "law", "law_unlabelled")
        _accuracy(scores, item, "end date", _as_date(label.get("term_end")), record.initial_end_date, "end", "end_unlabelled")
    return scores


def _accuracy(scores: Scores, item: Labelled, name: str, expected: object, got: object, attr: str, unlabelled: str) -> None:
    if expected is None:
        if got is not None:
            setattr(scores, unlabelled, getattr(scores, unlabelled) + 1)
            scores.misses.append(f"{item.id} {name}: none labelled, got {got}")
        return
    accuracy: Accuracy = getattr(scores, attr)
    accuracy.total += 1
    if got == expected:
        accuracy.correct += 1
    else:
        accuracy.miss_kinds["unknown (listed apart)" if got is None else "another value read"] += 1
        scores.misses.append(f"{item.id} {name}: expected {expected}, got {got}")


def table(results: dict[str, Scores]) -> str:
    lines = ["| field | " + " | ".join(results) + " |", "|---|" + "---:|" * len(results)]

    def row(label: str, cell) -> None:  # noqa: ANN001
        lines.append(f"| {label} | " + " | ".join(cell(s) for s in results.values()) + " |")

    def pct(a: Accuracy) -> str:
        return f"**{a.value:.1%}** ({a.correct}/{a.total})" if a.total else "—"

    row("documents", lambda s: str(s.documents))
    row("parties P / R / **F1** (names)", lambda s: f"{s.parties.precision:.2f} / {s.parties.recall:.2f} / **{s.parties.f1:.2f}** ({s.parties.tp + s.parties.fn})")
    row("documents with a blank party: parties read with high / medium / low confidence, none read",
        lambda s: " / ".join(str(s.blank[k]) for k in ("high", "medium", "low", "none")))
    row("party filter on the labelled names: found / listed apart / **silent misses** (high, medium)",
        lambda s: f"{s.party_pairs['found']} / {s.party_pairs['listed apart']} / "
        f"**{s.party_pairs['silent (high)'] + s.party_pairs['silent (medium)']}** ({s.party_pairs['silent (high)']}, {s.party_pairs['silent (medium)']})")
    row("party filter through the query code (room of the split): found / listed apart + refused naming the party / **silent**; cost",
        lambda s: query_filter_line(s.query_filter.get("counts", Counter())))
    def kinds(a: Accuracy) -> str:
        return f"{a.miss_kinds['another value read']} / {a.miss_kinds['unknown (listed apart)']}"

    row("agreement date → signature date", lambda s: pct(s.agreement))
    row("… misses: another date read / unknown", lambda s: kinds(s.agreement))
    row("… a date read where none is labelled", lambda s: str(s.agreement_unlabelled))
    row("governing law", lambda s: pct(s.law))
    row("… misses: another law read / unknown", lambda s: kinds(s.law))
    row("… a law read where none is labelled", lambda s: str(s.law_unlabelled))
    row("end date (computable labels)", lambda s: pct(s.end))
    row("… misses: another end date read / unknown", lambda s: kinds(s.end))
    row("… an end date read where none is labelled", lambda s: str(s.end_unlabelled))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=["all", *SPLITS], default="cnli-dev", help="cnli-dev (default, for tuning), cnli-test (held out) or all")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS)
    parser.add_argument("--misses", action="store_true", help="list the misses of cnli-dev (never of the held-out split)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if not args.data.exists():
        parser.error(f"{args.data} does not exist: give ContractNLI's folder with --data (../shared/evaldata/contractnli)")
    items = load(args.data, args.labels)
    splits = list(SPLITS) if args.split == "all" else [args.split]
    items = [i for i in items if i.split in splits]
    pairs = [build_one(i) for i in text_inputs([(i.id, i.file, i.text) for i in items])]
    records = {r.id: r for r in link_records([(r.model_copy(deep=True), e) for r, e in pairs])}
    results = {split: score([i for i in items if i.split == split], records) for split in splits}
    by_id = {i.id: i for i in items}
    for split, scores in results.items():  # the party filter as the query runs it, on a room of the split's documents
        named = [(i.id, list(i.label.get("parties") or [])) for i in items if i.split == split]
        scores.query_filter = query_filter_pairs([(cid, names) for cid, names in named if names], [p for p in pairs if by_id[p[0].id].split == split])
    print(f"## ContractNLI NDAs, labelled by hand ({len(items)} documents)\n")
    print(table(results))
    if args.misses and "cnli-dev" in results:
        print("\n### Misses (cnli-dev)\n")
        for miss in results["cnli-dev"].misses:
            print(f"- {miss}")
        for line in results["cnli-dev"].query_filter.get("silent", []):
            print(f"- silent (query filter): {line}")
        for line in results["cnli-dev"].query_filter.get("apart", []):
            print(f"- listed apart, not the party's: {line}")
    if args.json:
        report = {
            split: {
                "parties": {"precision": s.parties.precision, "recall": s.parties.recall, "f1": s.parties.f1},
                "blank_party_confidence": dict(s.blank), "party_filter_pairs": dict(s.party_pairs),
                "query_filter_pairs": dict(s.query_filter.get("counts", {})),
                "agreement_date": {"accuracy": s.agreement.value, "total": s.agreement.total, "unlabelled_read": s.agreement_unlabelled},
                "governing_law": {"accuracy": s.law.value, "total": s.law.total, "unlabelled_read": s.law_unlabelled},
                "end_date": {"accuracy": s.end.value, "total": s.end.total, "unlabelled_read": s.end_unlabelled},
            }
            for split, s in results.items()
        }
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
