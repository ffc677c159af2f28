"""Accuracy of the rule-based extraction, field by field, against a data room's own metadata.

The metadata is the ground truth; the extraction reads the text, in three modes: "text only" (the
title is the text's first line), "text + title" (the data room's title is given, as ingestion stores
it) and "text + title + signature date" (the metadata's signature date is also given, as
:func:`build_records` does, to count terms « à compter de la signature »; the signature-date column
of that mode is then trivially right). Run from the repository root:

    .venv/bin/python benchmarks/extraction_accuracy.py [DATA] [--json OUT] [--misses]

DATA is a data-room JSON list (default: /work/shared/data/exemple_data_room.json) or a folder of
Markdown texts with a YAML front matter holding the same fields (``demo/texts``; there the front
matter's ``initial_end_date``, when given, is the truth for the end date, since the text gives the
contract's own term). It prints a Markdown table: field → correct/total/accuracy per mode.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greffier.dataroom.extract import ChunkInput, Extraction, extract_fields, split_articles  # noqa: E402
from greffier.dataroom.normalize import entity_id, parse_date  # noqa: E402
from greffier.dataroom.vocabulary import normalize_contract_type, normalize_law  # noqa: E402

DEFAULT_DATA = Path("/work/shared/data/exemple_data_room.json")
FIELDS = ("parties", "contract_type", "signature_date", "end_date", "governing_law")
MODES = ("text only", "text + title", "text + title + signature date")


@dataclass(frozen=True)
class Sample:
    id: str
    title: str
    text: str
    truth: dict[str, Any]


@dataclass
class Score:
    correct: int = 0
    total: int = 0
    misses: list[dict[str, str]] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0


def truth_of(metadata: dict[str, Any]) -> dict[str, Any]:
    """The metadata normalised as the records normalise it: the values extraction must find."""
    end = metadata.get("initial_end_date", metadata.get("end_date"))
    return {
        "parties": sorted({entity_id(str(p)) for p in metadata.get("parties") or [] if p}),
        "contract_type": normalize_contract_type(metadata.get("contract_type")),
        "signature_date": parse_date(str(metadata["signature_date"])) if metadata.get("signature_date") else None,
        "end_date": parse_date(str(end)) if end else None,
        "governing_law": normalize_law(metadata.get("governing_law")),
    }


def load_samples(path: Path) -> list[Sample]:
    if path.is_dir():
        return _load_front_matter_texts(path)
    entries = json.loads(path.read_text(encoding="utf-8"))
    return [
        Sample(f"c{i:02d}", str(e.get("title") or ""), str(e.get("content") or ""), truth_of(e)) for i, e in enumerate(entries, 1)
    ]


def _load_front_matter_texts(folder: Path) -> list[Sample]:
    import yaml

    samples = []
    for path in sorted(folder.glob("*.md")):
        _, front, body = path.read_text(encoding="utf-8").split("---\n", 2)
        meta = yaml.safe_load(front)
        if body.strip():  # a file that only points at another one holds no text to read
            samples.append(Sample(str(meta["id"]), str(meta.get("title") or ""), body.strip(), truth_of(meta)))
    return samples


def predicted(extraction: Extraction) -> dict[str, Any]:
    return {
        "parties": sorted({entity_id(p.name) for p in extraction.parties}),
        "contract_type": extraction.contract_type.value if extraction.contract_type else None,
        "signature_date": extraction.signature_date.value if extraction.signature_date else None,
        "end_date": extraction.term.end_date.value if extraction.term.end_date else None,
        "governing_law": extraction.governing_law.law.value if extraction.governing_law.law else None,
    }


def first_line(text: str) -> str:
    return next((line.strip().lstrip("#").strip() for line in text.splitlines() if line.strip()), "")


def evaluate(samples: list[Sample]) -> dict[str, dict[str, Score]]:
    scores = {mode: {name: Score() for name in FIELDS} for mode in MODES}
    for sample in samples:
        chunks: list[ChunkInput] = split_articles(sample.id, sample.text)
        for mode in MODES:
            title = first_line(sample.text) if mode == "text only" else sample.title
            signed = sample.truth["signature_date"] if mode.endswith("signature date") else None
            got = predicted(extract_fields(title=title, chunks=chunks, signature_date=signed))
            if signed is not None:
                got["signature_date"] = signed
            for name in FIELDS:
                _score(scores[mode][name], sample, name, sample.truth[name], got[name])
    return scores


def _score(score: Score, sample: Sample, name: str, expected: Any, got: Any) -> None:
    score.total += 1
    if expected == got:
        score.correct += 1
    else:
        score.misses.append({"id": sample.id, "field": name, "expected": _show(expected), "got": _show(got)})


def _show(value: Any) -> str:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list):
        return ", ".join(value) or "—"
    return "—" if value is None else str(value)


def markdown_table(scores: dict[str, dict[str, Score]]) -> str:
    header = "| field | " + " | ".join(f"{mode}: correct/total | accuracy" for mode in MODES) + " |"
    rule = "|---|" + "---|---|" * len(MODES)
    rows = [header, rule]
    for name in FIELDS:
        cells = " | ".join(f"{s.correct}/{s.total} | {s.accuracy:.0%}" for s in (scores[m][name] for m in MODES))
        rows.append(f"| {name} | {cells} |")
    totals = [(sum(s.correct for s in scores[m].values()), sum(s.total for s in scores[m].values())) for m in MODES]
    rows.append("| **all fields** | " + " | ".join(f"{c}/{t} | {c / t:.0%}" for c, t in totals) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA, help="data-room JSON or folder of .md texts")
    parser.add_argument("--json", type=Path, help="write the scores and misses to this JSON file")
    parser.add_argument("--misses", action="store_true", help="list every wrong field")
    args = parser.parse_args(argv)
    if not args.data.exists():
        parser.error(f"{args.data} does not exist: give a data-room JSON file or a folder of .md texts")
    scores = evaluate(load_samples(args.data))
    print(markdown_table(scores))
    if args.misses:
        for mode in MODES:
            print(f"\nMisses ({mode}):")
            for score in scores[mode].values():
                for miss in score.misses:
                    print(f"- {miss['id']} {miss['field']}: expected {miss['expected']}, got {miss['got']}")
    if args.json:
        report = {
            mode: {name: {"correct": s.correct, "total": s.total, "accuracy": s.accuracy, "misses": s.misses} for name, s in fields.items()}
            for mode, fields in scores.items()
        }
        args.json.write_text(json.dumps({"data": str(args.data), "scores": report}, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
