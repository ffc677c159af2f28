"""Contract metadata read from the text, measured on text nobody here wrote.

Three measures, each a sub-command (``all`` runs the three):

* ``cuad`` — CUAD v1's 510 contracts (SEC exhibits, labelled by lawyers in ``master_clauses.csv``) are
  ingested the way ingestion reads a text file (TextConverter → StructureSplitter → the data-room
  record builder :func:`greffier.dataroom.records.build_records`, with no metadata: every value comes
  from the text) and compared with the labels: parties (precision / recall / F1 per party name),
  Agreement Date → signature date, Governing Law → governing law, Expiration Date → the contract's own
  end date (where the label is a concrete date), Document Name → contract type (where Greffier's type
  table maps the name). CUAD's amendments (Document Name says AMENDMENT / ADDENDUM) are listed with
  what the amendment reader gets from them.
* ``demo`` — the bundled demo data room generated as files, ingested with ``python -m greffier ingest``
  and compared with ``demo/manifest.json``: parties F1, signature date, end date after amendments,
  governing law, type, and the party-filter silent misses (for every (party, contract) pair of the
  manifest, ``search_data_room`` with that party's entity filter must return the contract or list it
  in ``excluded_unknown``; a pair neither returned nor listed apart is a silent miss).
* ``example`` — the public example data room (a JSON list, used by path): its records are rebuilt
  from the text alone (metadata left out, title kept as ingestion keeps it) and compared with its
  metadata.

**Split (declared before any tuning).** The same as the clause-classification benchmark
(``docs/benchmarks.md``, *Clause classification*): CUAD contracts whose CSV row is ≡ 0 (mod 5) are
the *dev* split (102 contracts: rules are tuned on these, and only their misses are printed by
``--misses``), the other 408 the *test* split, reported once at the end of a tuning round. The
misses' *kinds* are counted by rules for every split, so that the test split can be described
without reading its contracts.

**Gold normalisation (CUAD parties).** ``Parties-Answer`` lists names separated by ``;``. Each piece
loses its defined names (anything in quotes, and parentheses holding quotes or role words such as
``("Company")``, ``(the "Distributor")``), what follows ``d/b/a``, ``dba``, ``formerly known as``,
``on behalf of``, ``acting through`` and a description after the name (``, a Delaware
corporation``); a piece that is only a defined term or a role (``Supplier``, ``"you"``), a sentence
about the parties (``each a "Party"``, ``collectively the "Parties"``) or a blank placeholder
(``____``, ``XXXX``, ``[*]``) is dropped; two names joined by ``and`` are two parties when each
carries a legal form. Names on both sides are compared by their normalised key: Greffier's
``entity_id`` (case, accents, punctuation and legal forms at either end dropped: Inc., Corp., LLC,
Ltd, S.A., GmbH…) plus the forms CUAD adds (N.A., Pte, Pvt, K.K., S.A. de C.V.…); two keys match when
equal or when their edit similarity is ≥ 90 % (CUAD's answers have typos: "Mount Kowledge" for
MOUNT KNOWLEDGE). Matching is one to one.

**Other CUAD labels.** Dates are US month/day/year (``5/8/14``); labels with a blank part
(``[]/[]/2020``) are left out and counted. Governing Law answers are mapped with Greffier's own law
normaliser (a US state name is read as "laws of the State of …"); a label naming several laws
counts as right when the law read is one of them; an empty label (no governing-law clause) is left
out of the accuracy, and a law read there is counted. Expiration Date: only concrete dates are
scored; "perpetual", partial and empty labels are counted apart.

Run from the repository root::

    .venv/bin/python benchmarks/cuad_metadata.py cuad [--split all|dev|test|dev-a|dev-b|halves] [--misses] [--json OUT]
    .venv/bin/python benchmarks/cuad_metadata.py demo [--room /tmp/meta-room/demo] [--workspace /tmp/meta-ws]
    .venv/bin/python benchmarks/cuad_metadata.py example [--data /work/shared/data/exemple_data_room.json]
    .venv/bin/python benchmarks/cuad_metadata.py all [--json OUT]
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz.distance import Levenshtein  # noqa: E402

from cuad_classification import in_split  # noqa: E402  (one CUAD split for every benchmark: dev, its parts, test, heldout)

from greffier.dataroom.extract import ChunkInput  # noqa: E402
from greffier.dataroom.extract.term import extract_term  # noqa: E402
from greffier.dataroom.normalize import entity_id, find_dates, fold, parse_date  # noqa: E402
from greffier.dataroom.vocabulary import match_contract_type, match_law, normalize_law  # noqa: E402
from greffier.dataroom.records import ContractInput, ContractRecord, build_one, build_records, link_records  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CUAD = ROOT.parent / "shared" / "evaldata" / "cuad_v1"
DEFAULT_EXAMPLE = ROOT.parent / "shared" / "data" / "exemple_data_room.json"
DEFAULT_ROOM = Path("/tmp/meta-room/demo")
DEFAULT_MANIFEST = Path("/tmp/meta-manifest.json")
DEFAULT_WORKSPACE = Path("/tmp/meta-ws")
SPLITS = ("all", "dev", "test")
DEV_HALVES = ("dev-a", "dev-b")  # dev cut in two to check a change on the half it was not designed on
NINTH_ROUND = ("dev-c", "heldout")  # from 3 Dec: dev-c taken out of test for tuning, heldout = test without it
TENTH_ROUND = ("dev-d", "heldout2")  # from 3 Dec, 09:20: dev-d taken out too, heldout2 = test without dev-c and dev-d
ELEVENTH_ROUND = ("dev-e", "heldout3")  # from 3 Dec, 12:00: dev-e taken out too, heldout3 = test without dev-c, dev-d and dev-e
FOURTEENTH_ROUND = ("dev-f", "heldout4")  # from 3 Dec, 22:20: dev-f taken out too, heldout4 = test without dev-c … dev-f
TUNING_PARTS = ["dev-a", "dev-b", "dev-c", "dev-d", "dev-e", "dev-f"]  # every part rules are tuned on (dev = dev-a + dev-b)
NAME_SIMILARITY = 0.9


# ------------------------------------------------------------------------------------ name matching

_EXTRA_FORMS = ("na", "n a", "pte", "pvt", "kk", "k k", "sa de cv", "s a de c v", "de cv", "sab de cv", "plc", "l p", "pty", "bhd", "sdn bhd", "ltda", "ab publ")
_EXTRA_FORM_TAIL = re.compile(r"(?:_(?:" + "|".join(f.replace(" ", "_") for f in _EXTRA_FORMS) + r"))+$")


def name_key(name: str) -> str:
    """The key two party names are compared by: ``entity_id`` plus the legal forms CUAD adds."""
    key = entity_id(name)
    shorter = _EXTRA_FORM_TAIL.sub("", key)
    return entity_id(shorter.replace("_", " ")) if shorter else key


def keys_match(a: str, b: str) -> bool:
    return a == b or Levenshtein.normalized_similarity(a, b) >= NAME_SIMILARITY


def match_names(gold: list[str], predicted: list[str]) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """One-to-one matches between gold and predicted keys (exact first), and the leftovers of each side."""
    gold_left, predicted_left = list(dict.fromkeys(gold)), list(dict.fromkeys(predicted))
    pairs: list[tuple[str, str]] = []
    for exact in (True, False):
        for g in list(gold_left):
            hit = next((p for p in predicted_left if (p == g if exact else keys_match(g, p))), None)
            if hit is not None:
                pairs.append((g, hit))
                gold_left.remove(g)
                predicted_left.remove(hit)
    return pairs, gold_left, predicted_left


@dataclass
class PRF:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, tp: int, fp: int, fn: int) -> None:
        self.tp, self.fp, self.fn = self.tp + tp, self.fp + fp, self.fn + fn

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Accuracy:
    correct: int = 0
    total: int = 0
    left_out: Counter = field(default_factory=Counter)  # why a label was not scored → count
    miss_kinds: Counter = field(default_factory=Counter)

    @property
    def value(self) -> float:
        return self.correct / self.total if self.total else 0.0


# ------------------------------------------------------------------------------------ CUAD gold side

_QUOTED = re.compile(r"[\"“”][^\"“”]*[\"“”]")
_PAREN = re.compile(r"\([^()]*\)")
_CUT_AFTER = re.compile(
    r"\s*(?:,\s*)?\b(?:d/b/a|dba|d\.b\.a\.|doing business as|formerly known as|formerly|f/k/a|fka|a/k/a|aka|on behalf of|acting through|"
    r"acting by|operating (?:with|under)|together with|including its|and its (?:affiliates|subsidiaries)|as (?:agent|trustee|representative)|"
    r"in its capacity|individually|collectively|each as|referred to)\b.*$",
    re.I,
)
_DESCRIPTION = re.compile(
    r",\s*(?:a|an)\s+(?:[\w.-]+\s+){0,6}?(?:corporation|company|partnership|limited|llc|entity|association|organization|bank|trust)\b.*$", re.I
)
_GROUP_SENTENCE = re.compile(r"^\W*(?:collectively|individually|each|together|jointly|the parties|parties|party)\b|\band/or\b", re.I)
_PLACEHOLDER = re.compile(r"^[\s_xX*\[\].-]*$|_{3,}|\[\s*\*|x{4,}", re.I)
ROLE_WORDS = frozenset(
    "company companies party parties supplier distributor licensee licensor customer client consultant contractor seller buyer "
    "purchaser lender borrower agent agents manufacturer vendor provider reseller franchisee franchisor owner landlord tenant "
    "employee employer executive investor issuer guarantor we us our you your the it its corporation bank trust fund adviser "
    "advisor sponsor servicer developer producer publisher partner affiliate member members subsidiary and or each together".split()
)
_AND_SPLIT = re.compile(r"\s*,?\s+and\s+", re.I)


def _has_legal_form(name: str) -> bool:
    return entity_id(name) != "_".join(re.findall(r"[a-z0-9]+", fold(name))) or name_key(name) != entity_id(name)


def _without_defined_names(piece: str) -> str:
    """``piece`` without its defined names: parentheses holding quotes, a parenthesis that ends the
    piece (``Geno Auriemma (Auriemma)``), quoted words; a parenthesis inside a name stays
    (``Bunker One (USA) Inc.``)."""
    for _ in range(4):
        piece = re.sub(r"\([^()]*[\"“”][^()]*\)", " ", piece)
        piece = re.sub(r"\([^()]*\)\s*$", " ", piece.rstrip(" ,.;"))
    piece = _QUOTED.sub(" ", piece)
    piece = re.sub(r"[\"“”].*$", " ", piece)  # an unbalanced quote: what follows is a defined name
    piece = re.sub(r"\((?![^()]*\)).*$", " ", piece)  # an unbalanced parenthesis likewise
    return " ".join(piece.split()).strip(" ,;:")


def gold_party_names(answer: str) -> list[str]:
    """CUAD's Parties-Answer as party names (see the module docstring for the rules)."""
    defined = {w for q in _QUOTED.findall(answer or "") for w in re.findall(r"[a-z0-9]+", fold(q))}
    names: list[str] = []
    for piece in re.split(r";|\n", answer or ""):
        piece = " ".join(piece.split()).strip(" ,.")
        while piece.startswith("(") and piece.count("(") > piece.count(")"):
            piece = piece[1:].strip()
        if not piece or _PLACEHOLDER.search(piece):
            continue
        piece = _without_defined_names(piece)
        if not piece or _GROUP_SENTENCE.search(piece):
            continue
        piece = _DESCRIPTION.sub("", _CUT_AFTER.sub("", piece)).strip(" ,;:")
        parts = [p.strip(" ,") for p in _AND_SPLIT.split(piece) if p.strip(" ,")]
        candidates = parts if len(parts) == 2 and all(_has_legal_form(p) for p in parts) else [piece]
        for name in candidates:
            words = re.findall(r"[a-z0-9]+", fold(name))
            if not words or all(w in ROLE_WORDS for w in words):
                continue  # a role ("Supplier", "you")
            if re.search(r"\band\b|/", name) and all(w in ROLE_WORDS or w in defined for w in words):
                continue  # the defined names of other parties ("Stryker and Conformis")
            names.append(name)
    return names


def us_date(text: str) -> date | None | str:
    """A CUAD date label (m/d/yy or m/d/yyyy): the date, ``"partial"`` for a blank part, ``None`` for none."""
    first = (text or "").split(";")[0].strip()
    if not first:
        return None
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})", first)
    if match is None:
        return "partial" if "[" in first else "other"
    month, day, year = int(match[1]), int(match[2]), int(match[3])
    if year < 100:
        year += 1900 if year >= 50 else 2000
    try:
        return date(year, month, day)
    except ValueError:
        return "other"


US_STATES = frozenset(
    "alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana iowa "
    "kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada "
    "new_hampshire new_jersey new_mexico new_york north_carolina north_dakota ohio oklahoma oregon pennsylvania rhode_island "
    "south_carolina south_dakota tennessee texas utah vermont virginia washington west_virginia wisconsin wyoming".split()
)


def gold_laws(answer: str) -> tuple[list[str], list[str]]:
    """Greffier law labels of a Governing Law answer, and the pieces no label was found for."""
    labels: list[str] = []
    unmapped: list[str] = []
    for piece in re.split(r";", answer or ""):
        piece = " ".join(piece.split()).strip(" ,.")
        if not piece or piece.startswith("["):
            continue
        head = piece.split(",")[0].strip()
        key = "_".join(fold(head).replace("massachussets", "massachusetts").split())
        text = f"laws of the State of {head}" if key in US_STATES else piece
        label = match_law(text)
        if label is None and "," in piece:
            label = match_law(head)
        if label:
            if label not in labels:
                labels.append(label)
        else:
            unmapped.append(piece)
    return labels, unmapped


# ------------------------------------------------------------------------------------ CUAD ingestion


@dataclass
class CuadContract:
    row: int
    file: str
    labels: dict[str, str]
    quotes: dict[str, list[str]]
    contract_id: str = ""


def load_cuad(cuad: Path, split: str, limit: int | None = None) -> list[CuadContract]:
    """CUAD rows of ``split`` with their answers (``master_clauses.csv``, matched to the text files
    through ``derived_annotations_with_spans.jsonl``, which resolves the 12 differing file names)."""
    with (cuad / "master_clauses.csv").open(encoding="utf-8", newline="") as handle:
        csv_rows = list(csv.DictReader(handle))
    contracts = []
    for line in (cuad / "derived_annotations_with_spans.jsonl").open(encoding="utf-8"):
        derived = json.loads(line)
        row = int(derived["csv_row"])
        if not in_split(row, split):
            continue
        labels = csv_rows[row]
        if labels["Filename"] != derived["csv_filename"]:
            raise RuntimeError(f"CSV row {row} is {labels['Filename']!r}, the derived file says {derived['csv_filename']!r}")
        answers = {k.removesuffix("-Answer").strip(): v for k, v in labels.items() if k.endswith("-Answer")}
        quotes = {cat: list(entry.get("quotes") or []) for cat, entry in derived["categories"].items()}
        contracts.append(CuadContract(row=row, file=derived["file"], labels=answers, quotes=quotes, contract_id=f"cuad{row:03d}"))
    return contracts[:limit] if limit else contracts


def contract_inputs(cuad: Path, contracts: list[CuadContract]) -> list[ContractInput]:
    """Each contract as ingestion stores a text file: converted, chunked, lines un-wrapped as the
    data-room service un-wraps stored chunks, no metadata."""
    return text_inputs([(c.contract_id, c.file, (cuad / "full_contract_txt" / c.file).read_text(encoding="utf-8")) for c in contracts])


def text_inputs(texts: list[tuple[str, str, str]]) -> list[ContractInput]:
    """(id, file name, raw text) as ingestion stores a text file: converted, chunked, lines un-wrapped
    as the data-room service un-wraps stored chunks, no metadata."""
    from greffier.config import ChunkingSettings
    from store.records import unwrap
    from pipelines.converters.text_converter import TextConverter
    from pipelines.splitters.structure_splitter import StructureSplitter

    settings = ChunkingSettings()
    converter = TextConverter(converter_name="text")
    splitter = StructureSplitter(
        chunk_size=settings.chunk_size, min_chunk=settings.min_chunk, respect_sections=settings.respect_sections, overlap=settings.overlap
    )
    inputs = []
    for position, (contract_id, file, raw) in enumerate(texts):
        meta = {"doc_id": contract_id, "file": file, "title": None}
        document = converter.run(texts=[raw], meta=[meta])["documents"][0]
        chunks = splitter.run(documents=[document])["documents"]
        inputs.append(
            ContractInput(
                id=contract_id,
                file=file,
                title=document.meta["title"],
                text=document.content or "",
                chunks=[
                    ChunkInput(id=c.id, section=c.meta.get("section") or "", text=unwrap(c.content or "", c.meta.get("section")), page=c.meta.get("page"))
                    for c in chunks
                ],
                position=position,
            )
        )
    return inputs


# ------------------------------------------------------------------------------------ CUAD scoring

_ADDRESS = re.compile(r"\b(?:street|st|avenue|ave|road|rd|suite|floor|blvd|boulevard|drive|dr|p\s?o box|building|rue|zip)\b|\d{3,}", re.I)
_PERSON_HINT = re.compile(r"^(?:mr|mrs|ms|dr|m|mme)\b|\b(?:president|director|officer|ceo|cfo|secretary|title|name|by)\b", re.I)
_HEADING_HINT = re.compile(r"\b(?:agreement|contract|section|article|exhibit|schedule|recitals?|whereas|witnesseth|amendment)\b", re.I)


def party_false_kind(predicted: str, gold_names: list[str], defined: set[str], record: ContractRecord) -> str:
    key = name_key(predicted)
    words = key.split("_")
    if key in defined or all(w in ROLE_WORDS for w in words):
        return "defined term or role taken for a party"
    if any(key in name_key(g) or name_key(g) in key for g in gold_names):
        return "partial or over-long name"
    if _ADDRESS.search(predicted):
        return "address or number taken"
    if _HEADING_HINT.search(predicted):
        return "heading or contract words taken"
    if _PERSON_HINT.search(predicted):
        return "representative or officer taken"
    return "other name taken (not in the label)"


def party_missed_kind(gold: str, predicted: list[str]) -> str:
    key = name_key(gold)
    if not predicted:
        return "no party read"
    if any(key in name_key(p) or name_key(p) in key for p in predicted):
        return "partial or over-long name"
    return "party missing"


def _defined_terms(contract: CuadContract) -> set[str]:
    answer = contract.labels.get("Parties", "")
    terms = {name_key(q.strip("\"“”")) for q in _QUOTED.findall(answer)}
    return {t for t in terms if t}


def date_miss_kind(got: date | None, gold: date, contract: CuadContract, record: ContractRecord, label: str) -> str:
    effective = us_date(contract.labels.get("Effective Date", ""))
    if got is None:
        return f"no {label} read"
    if isinstance(effective, date) and got == effective and effective != gold:
        return "effective date taken for the agreement date" if label == "signature date" else "other"
    if got.year != gold.year:
        return "another date (other year)"
    if (got.month, got.day) == (gold.day, gold.month):
        return "day and month swapped"
    return "another date (same year)"


def end_miss_kind(got: date | None, gold: date, record: ContractRecord, quotes: list[str] | None = None) -> str:
    if got is None:
        reasons = " ".join(record.warnings)
        if "indefinite" in reasons:
            return "read as indefinite"
        if " runs from the " in reasons:
            return "term runs from an event or a named date the text does not date"
        if "no start" in reasons:
            return "term length read, no start date"
        # where the lawyers' Expiration Date quote writes the date itself, or only a length to count
        written = any(m.value == gold for q in quotes or [] for m in find_dates(q))
        # the labelled clause alone, as a "Term" article, from the signature date read: is its wording read at all?
        alone = extract_term([ChunkInput(id="quote", section="Term", text="\n".join(quotes or []))], signature_date=record.signature_date).end_date
        read = alone is not None and abs((alone.value - gold).days) <= 1
        return (
            f"no end date read ({'the date is written in the labelled clause' if written else 'the labelled clause writes no such date'}; "
            f"{'read from the clause alone: not found as the term' if read else 'not read from the clause alone either'})"
        )
    delta = (got - gold).days
    if abs(delta) <= 1:
        return "off by one day (last day vs anniversary)"
    if record.signature_date and got.year - gold.year == 0:
        return "another date (same year)"
    return "another date (wrong start or wrong clause)"


def law_miss_kind(got: str | None, gold: list[str], unmapped: list[str]) -> str:
    if not gold:
        return "label law not in Greffier's table"
    if got is None:
        return "no law read"
    return "another law read (forum clause, a party's state, another clause)"


@dataclass
class CuadScores:
    contracts: int = 0
    parties: PRF = field(default_factory=PRF)
    parties_strict: PRF = field(default_factory=PRF)
    party_kinds: Counter = field(default_factory=Counter)
    # a party filter on each labelled (party, contract) pair: "found", "listed apart" (missed, but the parties
    # are read with low confidence, so the filter lists the contract in excluded_unknown) or "silent" (missed
    # while the parties count as known); and the contracts whose parties are listed apart, right or not
    party_pairs: Counter = field(default_factory=Counter)
    parties_listed_apart: Counter = field(default_factory=Counter)
    agreement: Accuracy = field(default_factory=Accuracy)
    agreement_or_effective: int = 0
    law: Accuracy = field(default_factory=Accuracy)
    law_without_label: int = 0
    expiration: Accuracy = field(default_factory=Accuracy)
    end_without_label: int = 0
    end_where_perpetual: int = 0
    expiration_within_a_day: int = 0
    # concrete labels: how each value read compares ("right", "wrong", "unknown"), and how sure it was said to be
    end_outcomes: Counter = field(default_factory=Counter)
    agreement_outcomes: Counter = field(default_factory=Counter)
    doc_type: Accuracy = field(default_factory=Accuracy)
    misses: list[dict[str, Any]] = field(default_factory=list)
    query_filter: dict[str, Any] = field(default_factory=dict)  # query_filter_pairs()


def score_cuad(contracts: list[CuadContract], records: list[ContractRecord]) -> CuadScores:
    scores = CuadScores(contracts=len(contracts))
    by_id = {r.id: r for r in records}
    for contract in contracts:
        record = by_id[contract.contract_id]
        _score_parties(scores, contract, record)
        _score_agreement_date(scores, contract, record)
        _score_law(scores, contract, record)
        _score_expiration(scores, contract, record)
        _score_type(scores, contract, record)
    return scores


def _miss(scores: CuadScores, contract: CuadContract, field_name: str, kind: str, expected: Any, got: Any) -> None:
    scores.misses.append({"row": contract.row, "id": contract.contract_id, "file": contract.file, "field": field_name, "kind": kind, "expected": _show(expected), "got": _show(got)})


def _score_parties(scores: CuadScores, contract: CuadContract, record: ContractRecord) -> None:
    gold_names = gold_party_names(contract.labels.get("Parties", ""))
    if not gold_names:
        scores.parties.left_out = getattr(scores.parties, "left_out", 0) + 1  # type: ignore[attr-defined]
        return
    gold = list(dict.fromkeys(name_key(n) for n in gold_names))
    predicted_names = [p.raw_name for p in record.parties]
    predicted = list(dict.fromkeys(name_key(n) for n in predicted_names))
    pairs, missed, extra = match_names(gold, predicted)
    scores.parties.add(len(pairs), len(extra), len(missed))
    source = record.sources.get("parties")
    uncertain = source is None or source.confidence == "low"
    scores.party_pairs["found"] += len(pairs)
    # a missed party that another contract of the room was read with, and that this one's opening names, is listed apart too
    in_opening = [name_key(n) for n in record.named_in_opening.values()]
    for key in missed:
        if uncertain or any(keys_match(key, k) for k in in_opening):
            scores.party_pairs["listed apart"] += 1
            scores.party_pairs["listed apart (named in the opening)"] += not uncertain
        else:
            scores.party_pairs["silent"] += 1
            scores.party_pairs[f"silent ({source.confidence})"] += 1
    if uncertain:
        scores.parties_listed_apart["all right" if not missed and not extra else "some wrong"] += 1
    strict = set(gold) & set(predicted)
    scores.parties_strict.add(len(strict), len(set(predicted) - strict), len(set(gold) - strict))
    defined = _defined_terms(contract)
    by_key = {name_key(n): n for n in predicted_names}
    gold_by_key = {name_key(n): n for n in gold_names}
    for key in extra:
        kind = party_false_kind(by_key[key], gold_names, defined, record)
        scores.party_kinds[f"false: {kind}"] += 1
        _miss(scores, contract, "party (false)", kind, "; ".join(gold_names), by_key[key])
    for key in missed:
        kind = party_missed_kind(gold_by_key[key], predicted_names)
        scores.party_kinds[f"missed: {kind}"] += 1
        _miss(scores, contract, "party (missed)", kind, gold_by_key[key], "; ".join(predicted_names))


def _score_agreement_date(scores: CuadScores, contract: CuadContract, record: ContractRecord) -> None:
    gold = us_date(contract.labels.get("Agreement Date", ""))
    if not isinstance(gold, date):
        scores.agreement.left_out["empty label" if gold is None else f"{gold} label"] += 1
        return
    got = record.signature_date
    scores.agreement.total += 1
    scores.agreement_outcomes[_outcome(got, gold, record, "signature_date")] += 1
    effective = us_date(contract.labels.get("Effective Date", ""))
    if got == gold:
        scores.agreement.correct += 1
        scores.agreement_or_effective += 1
        return
    if isinstance(effective, date) and got == effective:
        scores.agreement_or_effective += 1
    kind = date_miss_kind(got, gold, contract, record, "signature date")
    scores.agreement.miss_kinds[kind] += 1
    _miss(scores, contract, "agreement date", kind, gold, got)


def _score_law(scores: CuadScores, contract: CuadContract, record: ContractRecord) -> None:
    answer = contract.labels.get("Governing Law", "").strip()
    got = record.governing_law
    if not answer or answer in ("[]", "[* * *]"):
        scores.law.left_out["no governing-law label"] += 1
        scores.law_without_label += got is not None
        return
    labels, unmapped = gold_laws(answer)
    if unmapped and not labels and re.search(r"\bstate in which|united states|trademark act", answer, re.I):
        scores.law.left_out["label names no single law (the state where…, federal law)"] += 1
        return
    scores.law.total += 1
    if len(labels) + len(unmapped) > 1:
        scores.law.left_out["(scored) label names several laws: right if one of them"] += 1
    if got is not None and got in labels:
        scores.law.correct += 1
        return
    kind = law_miss_kind(got, labels, unmapped)
    scores.law.miss_kinds[kind] += 1
    _miss(scores, contract, "governing law", kind, "; ".join(labels + [f"unmapped: {u}" for u in unmapped]), got)


def _score_expiration(scores: CuadScores, contract: CuadContract, record: ContractRecord) -> None:
    answer = contract.labels.get("Expiration Date", "").strip()
    gold = us_date(answer)
    got = record.initial_end_date
    if not isinstance(gold, date):
        if not answer:
            why = "empty label (no expiry stated)"
            scores.end_without_label += got is not None
        elif "perpetual" in answer.lower():
            why = "perpetual"
            scores.end_where_perpetual += got is not None
        else:
            why = "partial or relative label"
        scores.expiration.left_out[why] += 1
        return
    scores.expiration.total += 1
    scores.end_outcomes[_outcome(got, gold, record, "initial_end_date")] += 1
    scores.expiration_within_a_day += got is not None and abs((got - gold).days) <= 1
    if got == gold:
        scores.expiration.correct += 1
        return
    kind = end_miss_kind(got, gold, record, contract.quotes.get("Expiration Date", []))
    scores.expiration.miss_kinds[kind] += 1
    _miss(scores, contract, "expiration date", kind, gold, got)


def _outcome(got: date | None, gold: date, record: ContractRecord, source: str) -> str:
    """"right", "unknown", or "wrong" with how sure the record says the value is ("wrong (low)": a filter
    lists that contract apart instead of deciding on the wrong date)."""
    if got is None:
        return "unknown"
    confidence = record.sources[source].confidence if source in record.sources else "high"
    return f"{'right' if got == gold else 'wrong'} ({confidence})"


def _score_type(scores: CuadScores, contract: CuadContract, record: ContractRecord) -> None:
    name = " ".join(contract.labels.get("Document Name", "").split())
    gold = match_contract_type(name) if name else None
    if gold is None:
        scores.doc_type.left_out["document name maps to no Greffier type" if name else "no document name"] += 1
        return
    scores.doc_type.total += 1
    got = "avenant" if record.is_amendment else record.contract_type
    if got == gold:
        scores.doc_type.correct += 1
        return
    kind = "no type read" if got is None else "another type read"
    scores.doc_type.miss_kinds[kind] += 1
    _miss(scores, contract, "contract type", kind, f"{gold} ({name})", got)


def _show(value: Any) -> str:
    if isinstance(value, date):
        return value.isoformat()
    return "—" if value is None else str(value)


# ------------------------------------------------------------------------------------ CUAD amendments

_AMENDMENT_NAME = re.compile(r"\b(?:amendment|addendum)\b", re.I)
_RESTATED = re.compile(r"\bamended\s+and\s+restated\b", re.I)


def amendment_rows(contracts: list[CuadContract], records: list[ContractRecord], inputs: list[ContractInput]) -> list[dict[str, Any]]:
    """CUAD's real amendments (Document Name says AMENDMENT / ADDENDUM, not "amended and restated"):
    what the amendment reader gets from each."""
    from greffier.dataroom.extract import extract_amendment_clues

    by_id = {r.id: r for r in records}
    chunks = {i.id: i for i in inputs}
    rows = []
    for contract in contracts:
        name = " ".join(contract.labels.get("Document Name", "").split())
        if not _AMENDMENT_NAME.search(name) or _RESTATED.search(name):
            continue
        record = by_id[contract.contract_id]
        contract_input = chunks[contract.contract_id]
        clues = extract_amendment_clues(contract_input.title, contract_input.chunks)
        expiry = us_date(contract.labels.get("Expiration Date", ""))
        rows.append(
            {
                "row": contract.row,
                "split": "dev" if in_split(contract.row, "dev") else "test",
                "document_name": name[:70],
                "is_amendment": record.is_amendment,
                "cited_type": clues.cited_type,
                "cited_dates": [f.value.isoformat() for f in clues.cited_dates][:3],
                "new_end_date": clues.new_end_date.value.isoformat() if clues.new_end_date else None,
                "extension": f"{clues.extension.value.count} {clues.extension.value.unit}" if clues.extension else None,
                "price_change": clues.price_change is not None,
                "expiration_label": expiry.isoformat() if isinstance(expiry, date) else (contract.labels.get("Expiration Date") or "")[:30],
                "amends": record.amends,
            }
        )
    return rows


# ------------------------------------------------------------------------------------ CUAD report


def query_filter_pairs(named: list[tuple[str, list[str]]], built: list[tuple[ContractRecord, Any]], texts: dict[str, str] | None = None) -> dict[str, Any]:
    """A party filter run through the data room's own query code on a room of these contracts only
    (``built``: :func:`build_one`'s pairs, linked here as a room of their own), for every labelled
    (party, contract) pair (``named``: contract id, its labelled names): found, listed in
    ``excluded_unknown`` (by the kind of reason) or missed silently (by the confidence of the list); and the
    cost: contracts listed apart (or returned) by a filter although their labels do not name its party.
    With ``texts`` (contract id → its text), a silent miss is also counted by where the text writes the
    labelled name (:func:`_written_where`; no name printed: a held-out run shows these counts)."""
    from store.records import DataRoom
    from greffier.services.dataroom.query import DataRoomFilters, ToolInputError, _filter, resolve_filters

    room = DataRoom(tuple(link_records([(r.model_copy(deep=True), e) for r, e in built])), generation=0)
    by_id = room.by_id
    gold_keys = {cid: [name_key(n) for n in names] for cid, names in named}
    counts: Counter = Counter()
    silent: list[str] = []
    apart: list[str] = []
    filters: dict[str, str] = {}
    for _, names in named:
        for name in names:
            if entity_id(name):
                filters.setdefault(entity_id(name), name)
    outcomes: dict[str, tuple[set[str], dict[str, str]] | None] = {}
    refusals: dict[str, str] = {}  # an error names the room's parties the value may be ("did you mean 'groupe_brenalis'?")
    for key, name in filters.items():
        try:
            resolved, _ = resolve_filters(DataRoomFilters(entity_ids=[name]), room)
        except ToolInputError as error:
            outcomes[key] = None
            refusals[key] = str(error)
            continue
        _, outcome = _filter(room, resolved, {key: name})
        outcomes[key] = ({r.id for r in outcome.passing}, dict(outcome.unknown))
    for cid, names in named:
        record = by_id[cid]
        for name in dict.fromkeys(names):
            key = entity_id(name)
            result = outcomes.get(key)
            if result is not None and cid in result[0]:
                counts["found"] += 1
            elif result is not None and cid in result[1]:
                reason = result[1][cid]
                kind = _reason_kind(reason)
                counts["listed apart"] += 1
                counts[f"listed apart: {kind}"] += 1
            elif result is None and any(f"'{p.entity_id}'" in refusals.get(key, "").split("Allowed values:")[0] for p in record.parties):
                counts["refused, naming a party of the contract"] += 1  # the error points at the party as read: not silent
            else:
                source = record.sources.get("parties")
                why = "error" if result is None else (source.confidence if source else "none")
                counts["silent"] += 1
                counts[f"silent ({why})"] += 1
                if texts is not None:
                    counts[f"silent, the name {_written_where(texts.get(cid, ''), key)}"] += 1
                silent.append(f"{cid} × {name} ({why}; read: {'; '.join(p.raw_name for p in record.parties)})")
    for key, result in outcomes.items():
        if result is None:
            continue
        theirs = lambda cid: any(keys_match(name_key(filters[key]), g) for g in gold_keys.get(cid, []))  # noqa: E731
        for cid in result[0]:
            counts["returned, not the party's"] += not theirs(cid)
        for cid, reason in result[1].items():
            if not theirs(cid):
                counts["listed apart, not the party's"] += 1
                if "with confidence" not in reason and "no party could" not in reason:
                    counts["listed apart, not the party's (a name written)"] += 1
                    apart.append(f"{filters[key]!r} → {cid}: {reason}")
    # the policy "a list read with medium confidence is unknown for a party filter", measured, not applied: what it
    # would list apart that the filter now drops, the party's (silent misses it would save) or not (its cost)
    medium = [r.id for r in room.records if (src := r.sources.get("parties")) is not None and src.confidence == "medium"]
    counts["contracts read with medium confidence"] = len(medium)
    for key, result in outcomes.items():
        if result is not None:
            for cid in medium:
                if cid not in result[0] and cid not in result[1]:
                    counts["medium as unknown: the party's" if any(keys_match(name_key(filters[key]), g) for g in gold_keys.get(cid, [])) else "medium as unknown: not the party's"] += 1
    counts["filters"] = sum(1 for r in outcomes.values())
    counts["filters refused"] = sum(1 for r in outcomes.values() if r is None)
    return {"counts": counts, "silent": silent, "apart": apart}


def _written_where(text: str, key: str) -> str:
    """Where ``text`` writes the name whose :func:`entity_id` is ``key``: in the opening the extractor scans,
    further in the text, its words in a row but not as a run of capitalised words (lower case, cut by
    punctuation), or nowhere (a label written another way than the contract: an alias, a typo, a name
    the text does not give)."""
    from greffier.dataroom.extract import OPENING_SCAN_CHARS
    from greffier.dataroom.normalize import names_entity, written_names

    if names_entity(written_names([text[:OPENING_SCAN_CHARS]]), key):
        return "written in the opening"
    if names_entity(written_names([text]), key):
        return "written further in the text"
    if f" {key.replace('_', ' ')} " in f" {' '.join(entity_id(w) for w in text.split()).replace('_', ' ')} ":
        return "written in lower case or cut by punctuation"
    return "written nowhere as such"


def _reason_kind(reason: str) -> str:
    """The kind of a party filter's reason for listing a contract apart (no name in it: a held-out run prints these)."""
    for words, kind in (
        ("with confidence", "low confidence"), ("no party could", "low confidence"), ("one name holds the other", "a party's name holds it or is held by it"),
        ("spelt another way", "a party's name is it spelt another way"), ("signature blocks name", "the signature blocks name it"),
        ("opening names", "the opening names it"),
    ):
        if words in reason:
            return kind
    return "other"


def query_filter_line(counts: Counter) -> str:
    theirs_m, others_m = counts["medium as unknown: the party's"], counts["medium as unknown: not the party's"]
    apart, written, returned = (counts[f"{k}, not the party's{t}"] for k, t in (("listed apart", ""), ("listed apart", " (a name written)"), ("returned", "")))
    return (
        f"{counts['found']} / {counts['listed apart']} + {counts['refused, naming a party of the contract']} refused naming the party / "
        f"**{counts['silent']}** ({counts['silent (high)']} high, "
        f"{counts['silent (medium)']} medium, {counts['silent (error)']} refused"
        + (
            f"; the name written in the opening {counts['silent, the name written in the opening']}, further in the text "
            f"{counts['silent, the name written further in the text']}, in lower case or cut by punctuation "
            f"{counts['silent, the name written in lower case or cut by punctuation']}, nowhere as such {counts['silent, the name written nowhere as such']}"
            if any(k.startswith("silent, the name") for k in counts) else ""
        )
        + "); not the party's: "
        f"{apart} listed apart ({written} for a name written), {returned} returned; {counts['filters']} filters; "
        f"medium as unknown would list apart {theirs_m} of the party's and {others_m} others "
        f"({counts['contracts read with medium confidence']} medium lists)"
    )


def _pct(value: float) -> str:
    return f"{value:.1%}"


def cuad_table(results: dict[str, CuadScores]) -> str:
    lines = [
        "| field | " + " | ".join(results) + " |",
        "|---|" + "---:|" * len(results),
    ]

    def row(label: str, cell) -> None:  # noqa: ANN001
        lines.append(f"| {label} | " + " | ".join(cell(s) for s in results.values()) + " |")

    row("contracts", lambda s: str(s.contracts))
    row("parties P / R / **F1** (names)", lambda s: f"{s.parties.precision:.2f} / {s.parties.recall:.2f} / **{s.parties.f1:.2f}** ({s.parties.tp + s.parties.fn})")
    row("parties F1, exact keys only", lambda s: f"{s.parties_strict.f1:.2f}")
    row(
        "party filter on the labelled pairs: found / listed apart / **silent misses**",
        lambda s: f"{s.party_pairs['found']} / {s.party_pairs['listed apart']} / **{s.party_pairs['silent']}** "
        f"({s.party_pairs['silent (high)']} high, {s.party_pairs['silent (medium)']} medium)",
    )
    row(
        "party filter through the query code (room of the split): found / listed apart + refused naming the party / **silent**; cost",
        lambda s: query_filter_line(s.query_filter.get("counts", Counter())),
    )
    row(
        "contracts whose parties are listed apart (all right / some wrong)",
        lambda s: f"{sum(s.parties_listed_apart.values())} ({s.parties_listed_apart['all right']} / {s.parties_listed_apart['some wrong']})",
    )
    row("Agreement Date → signature date", lambda s: f"**{_pct(s.agreement.value)}** ({s.agreement.correct}/{s.agreement.total})")
    row("… = agreement or effective date", lambda s: f"{_pct(s.agreement_or_effective / s.agreement.total if s.agreement.total else 0)}")
    row("… wrong (low / medium / high confidence) / unknown", lambda s: _outcomes(s.agreement_outcomes))
    row("Governing Law", lambda s: f"**{_pct(s.law.value)}** ({s.law.correct}/{s.law.total})")
    row("… law read where CUAD has none", lambda s: str(s.law_without_label))
    row("Expiration Date (concrete labels)", lambda s: f"**{_pct(s.expiration.value)}** ({s.expiration.correct}/{s.expiration.total})")
    row("… within one day (CUAD counts to the anniversary)", lambda s: f"{_pct(s.expiration_within_a_day / s.expiration.total if s.expiration.total else 0)}")
    row("… end date read where the label is empty / perpetual", lambda s: f"{s.end_without_label} / {s.end_where_perpetual}")
    row("… concrete labels: wrong (low / medium / high confidence) / unknown", lambda s: _outcomes(s.end_outcomes))
    # a right value read with low confidence counts as right above, but a filter lists its contract apart (an estimate)
    row("… right, but low confidence (a filter lists the contract apart)", lambda s: str(s.end_outcomes["right (low)"]))
    row("Document Name → type (mapped names)", lambda s: f"{_pct(s.doc_type.value)} ({s.doc_type.correct}/{s.doc_type.total})")
    return "\n".join(lines)


def _outcomes(counts: Counter) -> str:
    wrong = " / ".join(str(counts[f"wrong ({c})"]) for c in ("low", "medium", "high"))
    return f"{wrong} / {counts['unknown']}"


def kinds_table(results: dict[str, CuadScores]) -> str:
    lines = ["| field | kind | " + " | ".join(results) + " |", "|---|---|" + "---:|" * len(results)]
    groups: dict[str, list[Counter]] = {
        "parties": [s.party_kinds for s in results.values()],
        "agreement date": [s.agreement.miss_kinds for s in results.values()],
        "governing law": [s.law.miss_kinds for s in results.values()],
        "expiration date": [s.expiration.miss_kinds for s in results.values()],
        "contract type": [s.doc_type.miss_kinds for s in results.values()],
    }
    for name, counters in groups.items():
        kinds = sorted({k for c in counters for k in c}, key=lambda k: -sum(c[k] for c in counters))
        for kind in kinds:
            lines.append(f"| {name} | {kind} | " + " | ".join(str(c[kind]) for c in counters) + " |")
    return "\n".join(lines)


def left_out_table(results: dict[str, CuadScores]) -> str:
    lines = ["| field | label | " + " | ".join(results) + " |", "|---|---|" + "---:|" * len(results)]
    for name, attr in (("agreement date", "agreement"), ("governing law", "law"), ("expiration date", "expiration"), ("contract type", "doc_type")):
        counters = [getattr(s, attr).left_out for s in results.values()]
        for kind in sorted({k for c in counters for k in c}):
            lines.append(f"| {name} | {kind} | " + " | ".join(str(c[kind]) for c in counters) + " |")
    return "\n".join(lines)


def run_cuad(args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    contracts = load_cuad(args.cuad, "all", args.limit)
    inputs = contract_inputs(args.cuad, contracts)
    built = time.perf_counter()
    pairs = [build_one(i) for i in inputs]
    records = link_records([(r.model_copy(deep=True), e) for r, e in pairs])
    extract_s = time.perf_counter() - built
    splits = {"all": list(SPLITS), "halves": ["dev-a", "dev-b", "dev"], "tuning": TUNING_PARTS}.get(args.split, [args.split])
    results = {split: score_cuad([c for c in contracts if in_split(c.row, split)], records) for split in splits}
    by_row = {c.contract_id: c for c in contracts}
    for split, scores in results.items():  # the party filter as the query runs it, on a room of the split's contracts
        named = [(c.contract_id, gold_party_names(c.labels.get("Parties", ""))) for c in contracts if in_split(c.row, split)]
        scores.query_filter = query_filter_pairs(
            [(cid, names) for cid, names in named if names], [p for p in pairs if in_split(by_row[p[0].id].row, split)], texts={i.id: i.text for i in inputs}
        )
    print(f"## CUAD v1 ({len(contracts)} contracts; records built in {extract_s:.1f}s, total {time.perf_counter() - started:.0f}s)\n")
    print(cuad_table(results))
    print("\n### Misses by kind\n")
    print(kinds_table(results))
    print("\n### Labels not scored\n")
    print(left_out_table(results))
    # only the reported splits' amendments: a dev run prints no test contract's name or label
    amendments = amendment_rows([c for c in contracts if any(in_split(c.row, split) for split in splits)], records, inputs)
    print(f"\n### CUAD amendments ({len(amendments)})\n")
    print("| row | split | document name | amendment? | cites type | cites dates | new end | extension | price | expiration label |")
    print("|---:|---|---|---|---|---|---|---|---|---|")
    for a in amendments:
        print(
            f"| {a['row']} | {a['split']} | {a['document_name']} | {'yes' if a['is_amendment'] else 'no'} | {a['cited_type'] or '—'} | "
            f"{', '.join(a['cited_dates']) or '—'} | {a['new_end_date'] or '—'} | {a['extension'] or '—'} | {'yes' if a['price_change'] else '—'} | {a['expiration_label'] or '—'} |"
        )
    if args.misses:
        # the tuning parts are all tuned on: their misses are all shown; a held-out split only when asked by name
        shown_splits = {"all": ["dev"], "halves": ["dev"], "tuning": TUNING_PARTS}.get(args.split, [args.split])
        for shown in shown_splits:
            print(f"\n### Misses ({shown} split)\n")
            for miss in results[shown].misses:
                print(f"- {miss['id']} {miss['field']} [{miss['kind']}]: expected {miss['expected']!r}, got {miss['got']!r}  ({miss['file'][:60]})")
            for line in results[shown].query_filter.get("silent", []):
                print(f"- silent (query filter): {line}")
            for line in results[shown].query_filter.get("apart", []):
                print(f"- listed apart, not the party's: {line}")
    return {
        split: {
            "contracts": s.contracts,
            "parties": {"precision": s.parties.precision, "recall": s.parties.recall, "f1": s.parties.f1, "tp": s.parties.tp, "fp": s.parties.fp, "fn": s.parties.fn},
            "parties_exact_f1": s.parties_strict.f1,
            "party_filter_pairs": dict(s.party_pairs), "parties_listed_apart": dict(s.parties_listed_apart),
            "query_filter_pairs": dict(s.query_filter.get("counts", {})),
            "agreement_date": {"accuracy": s.agreement.value, "correct": s.agreement.correct, "total": s.agreement.total},
            "governing_law": {"accuracy": s.law.value, "correct": s.law.correct, "total": s.law.total},
            "expiration_date": {"accuracy": s.expiration.value, "correct": s.expiration.correct, "total": s.expiration.total,
                                "within_a_day": s.expiration_within_a_day, "outcomes": dict(s.end_outcomes),
                                "read_where_empty": s.end_without_label, "read_where_perpetual": s.end_where_perpetual},
            "agreement_outcomes": dict(s.agreement_outcomes),
            "contract_type": {"accuracy": s.doc_type.value, "correct": s.doc_type.correct, "total": s.doc_type.total},
            "miss_kinds": {
                "parties": dict(s.party_kinds), "agreement_date": dict(s.agreement.miss_kinds), "governing_law": dict(s.law.miss_kinds),
                "expiration_date": dict(s.expiration.miss_kinds), "contract_type": dict(s.doc_type.miss_kinds),
            },
        }
        for split, s in results.items()
    } | {"amendments": amendments}


# ------------------------------------------------------------------------------------ records vs truth


@dataclass
class TruthScores:
    parties: PRF = field(default_factory=PRF)
    fields: dict[str, Accuracy] = field(default_factory=lambda: {f: Accuracy() for f in ("contract_type", "signature_date", "end_date", "governing_law")})
    misses: list[str] = field(default_factory=list)


def score_against_truth(pairs: list[tuple[str, dict[str, Any], ContractRecord]]) -> TruthScores:
    """``pairs``: (id, truth, record) where truth holds parties, contract_type, signature_date,
    end_date (after amendments) and governing_law as a data room's metadata writes them."""
    scores = TruthScores()
    for contract_id, truth, record in pairs:
        gold = [name_key(p) for p in truth.get("parties") or []]
        predicted = [name_key(p.raw_name) for p in record.parties]
        matched, missed, extra = match_names(gold, predicted)
        scores.parties.add(len(matched), len(extra), len(missed))
        if missed or extra:
            scores.misses.append(f"{contract_id} parties: missed {missed or '—'}, extra {extra or '—'}")
        expected = {
            "contract_type": "avenant" if truth.get("amends") or fold(str(truth.get("contract_type") or "")) == "avenant" else _norm_type(truth.get("contract_type")),
            "signature_date": parse_date(truth.get("signature_date")),
            "end_date": parse_date(truth.get("end_date")),
            "governing_law": normalize_law(truth.get("governing_law")),
        }
        got = {
            "contract_type": "avenant" if record.is_amendment else record.contract_type,
            "signature_date": record.signature_date,
            "end_date": record.end_date,
            "governing_law": record.governing_law,
        }
        for name, accuracy in scores.fields.items():
            accuracy.total += 1
            if expected[name] == got[name]:
                accuracy.correct += 1
            else:
                scores.misses.append(f"{contract_id} {name}: expected {_show(expected[name])}, got {_show(got[name])}")
    return scores


def _norm_type(value: object) -> str | None:
    from greffier.dataroom.vocabulary import normalize_contract_type

    return normalize_contract_type(value)


def truth_table(scores: TruthScores) -> str:
    lines = ["| field | score |", "|---|---:|"]
    p = scores.parties
    lines.append(f"| parties P / R / **F1** | {p.precision:.2f} / {p.recall:.2f} / **{p.f1:.2f}** ({p.tp + p.fn} names) |")
    for name, accuracy in scores.fields.items():
        lines.append(f"| {name} | {_pct(accuracy.value)} ({accuracy.correct}/{accuracy.total}) |")
    return "\n".join(lines)


def _truth_json(scores: TruthScores) -> dict[str, Any]:
    return {
        "parties": {"precision": scores.parties.precision, "recall": scores.parties.recall, "f1": scores.parties.f1},
        **{name: {"accuracy": a.value, "correct": a.correct, "total": a.total} for name, a in scores.fields.items()},
        "misses": scores.misses,
    }


# ------------------------------------------------------------------------------------ demo as files


def ingest_demo(room: Path, manifest: Path, workspace: Path) -> None:
    """Generate the demo data room as files (when absent) and ingest it with the CLI."""
    if not room.exists():
        subprocess.run([sys.executable, str(ROOT / "demo" / "generate.py"), "--out", str(room), "--manifest", str(manifest)], check=True, cwd=ROOT)
    subprocess.run([sys.executable, "-m", "greffier", "ingest", str(room), "--workspace", str(workspace)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def party_filter_misses(workspace_path: Path, manifest: dict[str, Any], by_file: dict[str, ContractRecord]) -> dict[str, Any]:
    """For every (party, contract) pair of the manifest: returned by the party's entity filter,
    listed in ``excluded_unknown``, or silently missed (an error counts as a miss)."""
    from greffier.config import load_settings
    from greffier.services.dataroom.query import SearchDataRoomArgs, ToolInputError, search_data_room

    workspace = load_settings(workspace_path)
    returned = listed = 0
    silent: list[str] = []
    errors = 0
    cache: dict[str, tuple[set[str], set[str]] | None] = {}
    for contract in manifest["contracts"]:
        record = by_file.get(contract["file"])
        for party in contract["parties"]:
            key = entity_id(party)
            if key not in cache:
                try:
                    found: set[str] = set()
                    unknown: set[str] = set()
                    offset: int | None = 0
                    while offset is not None:
                        args = SearchDataRoomArgs.model_validate({"filters": {"entity_ids": [key]}, "limit": 100, "offset": offset})
                        page = search_data_room(workspace, args)
                        found |= {r["contract_id"] for r in page["results"]}
                        unknown |= set(page["excluded_unknown"])
                        offset = page.get("next_offset")
                    cache[key] = (found, unknown)
                except ToolInputError:
                    cache[key] = None
            outcome = cache[key]
            if outcome is None:
                errors += 1
                silent.append(f"{contract['id']} × {party} (error: unknown entity id {key})")
            elif record is not None and record.id in outcome[0]:
                returned += 1
            elif record is not None and record.id in outcome[1]:
                listed += 1
            else:
                silent.append(f"{contract['id']} × {party}")
    # the cost: contracts a party's filter lists apart although the manifest does not give them that party
    theirs: dict[str, set[str]] = {}
    for contract in manifest["contracts"]:
        if (record := by_file.get(contract["file"])) is not None:
            for party in contract["parties"]:
                theirs.setdefault(entity_id(party), set()).add(record.id)
    others = {key: sorted(outcome[1] - theirs.get(key, set())) for key, outcome in cache.items() if outcome is not None}
    return {"pairs": returned + listed + len(silent), "returned": returned, "listed_apart": listed, "silent_misses": len(silent), "errors": errors, "missed": silent,
            "listed_apart_not_the_partys": sum(len(v) for v in others.values()), "filters": len(cache)}


def run_demo(args: argparse.Namespace) -> dict[str, Any]:
    from greffier.config import load_settings
    from store.records import load_dataroom
    from store.workspace import open_workspace

    ingest_demo(args.room, args.manifest, args.workspace)
    manifest = json.loads((args.manifest if args.manifest.exists() else ROOT / "demo" / "manifest.json").read_text(encoding="utf-8"))
    room = load_dataroom(open_workspace(load_settings(args.workspace)))
    prefix = f"{args.room.name}/"
    by_file = {r.file.removeprefix(prefix): r for r in room.records}
    pairs = [(c["id"], c, by_file[c["file"]]) for c in manifest["contracts"] if c["file"] in by_file]
    scores = score_against_truth(pairs)
    filters = party_filter_misses(args.workspace, manifest, by_file)
    print(f"## Demo data room as files ({len(pairs)} of {len(manifest['contracts'])} contracts found)\n")
    print(truth_table(scores))
    print(
        f"\nParty filters: {filters['pairs']} (party, contract) pairs — {filters['returned']} returned, "
        f"{filters['listed_apart']} listed in excluded_unknown, **{filters['silent_misses']} silent misses** ({filters['errors']} by an error); "
        f"over the {filters['filters']} filters, {filters['listed_apart_not_the_partys']} contracts listed apart that are not the party's."
    )
    if args.misses:
        print("\nMisses:")
        for miss in scores.misses + [f"silent: {m}" for m in filters["missed"]]:
            print(f"- {miss}")
    return {"records": _truth_json(scores), "party_filters": filters}


# ------------------------------------------------------------------------------------ public example


def run_example(args: argparse.Namespace) -> dict[str, Any]:
    """The example data room's records rebuilt from its texts, metadata left out but the title (as
    ingestion keeps it); a second mode also gives the metadata's signature date, which these short
    texts do not hold (terms counted « à compter de la signature » need it)."""
    from greffier.dataroom.extract import split_articles

    entries = json.loads(args.data.read_text(encoding="utf-8"))
    report: dict[str, Any] = {}
    for mode, given in (("text only", ()), ("text + signature date", ("signature_date",))):
        inputs = []
        for position, entry in enumerate(entries):
            contract_id = f"c{position + 1:02d}"
            text = str(entry.get("content") or "")
            inputs.append(
                ContractInput(id=contract_id, file=str(entry.get("filename") or ""), title=str(entry.get("title") or ""), text=text,
                              chunks=split_articles(contract_id, text), position=position, manifest={k: entry[k] for k in given if entry.get(k)})
            )
        by_id = {r.id: r for r in build_records(inputs)}
        truths = []
        for position, entry in enumerate(entries):
            truth = dict(entry)
            if "avenant" in fold(str(entry.get("title") or "")):
                truth["amends"] = True
            truths.append((f"c{position + 1:02d}", truth, by_id[f"c{position + 1:02d}"]))
        scores = score_against_truth(truths)
        print(f"## Public example data room, {mode} ({len(entries)} contracts; title kept)\n")
        print(truth_table(scores))
        if args.misses:
            print("\nMisses:")
            for miss in scores.misses:
                print(f"- {miss}")
        print()
        report[mode] = _truth_json(scores)
    return report


# ------------------------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["cuad", "demo", "example", "all"])
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    parser.add_argument("--split", choices=(*SPLITS, *DEV_HALVES, *NINTH_ROUND, *TENTH_ROUND, *ELEVENTH_ROUND, *FOURTEENTH_ROUND, "halves", "tuning"), default="all",
                        help="CUAD split(s) to report (all: dev, test and all; halves: dev-a, dev-b and dev; tuning: dev-a to dev-f; heldout: test without dev-c; heldout2: test without dev-c and dev-d; heldout3: test without dev-c, dev-d and dev-e; heldout4: test without dev-c to dev-f, the held-out split from the fourteenth round)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N CUAD contracts")
    parser.add_argument("--misses", action="store_true", help="list the misses (CUAD: the dev split's only, every tuning part with --split tuning, a held-out split only when named)")
    parser.add_argument("--room", type=Path, default=DEFAULT_ROOM)
    parser.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST)
    parser.add_argument("--workspace", type=Path, default=DEFAULT_WORKSPACE)
    parser.add_argument("--data", type=Path, default=DEFAULT_EXAMPLE)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    if args.what in ("cuad", "all"):
        report["cuad"] = run_cuad(args)
        print()
    if args.what in ("demo", "all"):
        report["demo"] = run_demo(args)
        print()
    if args.what in ("example", "all"):
        if not args.data.exists():
            parser.error(f"{args.data} does not exist: give the example data room with --data")
        report["example"] = run_example(args)
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
