"""Bilingual question answering over French and English contracts (issue 15): search and extractive answers.

The question set is ``benchmarks/data/bilingual_qa.yaml`` (its header says how it was written and split). The
bench workspace holds the demo data room, the public example data room and the CUAD contracts the set names;
it is built once per corpus, code and index-shaping settings and cached under ``--cache``. Every question of
the chosen split then runs through ``greffier.services.search.search`` (top 10) and ``greffier.services.answering.answer``
with no LLM (extractive). Reported overall and by tag, as Markdown and JSON:

* search success@3 (and @1, MRR@10): a result is a hit when it comes from an expected file and either its
  ``section`` contains the expected article label or its text contains the expected fact (case, accents,
  dashes and spaces folded);
* answer correctness: not abstained, an expected file cited, and that entry's fact in the answer text;
* abstention rate on the questions no document answers (tag ``unanswerable``), false abstentions elsewhere;
* latency p50 / p95 of search and of answer.

Run from the repository root (``--help`` for every option):

    .venv/bin/python benchmarks/bilingual_qa.py --split dev
    .venv/bin/python benchmarks/bilingual_qa.py --split dev --half a          # one half of dev (by a hash of the id)
    .venv/bin/python benchmarks/bilingual_qa.py --split dev --set search.fusion=rrf --set search.dense_weight=0.5
    .venv/bin/python benchmarks/bilingual_qa.py --sweep-fusion          # fusion x dense weight, dev only
    .venv/bin/python benchmarks/bilingual_qa.py --check                 # validate the set against the corpus
    .venv/bin/python benchmarks/bilingual_qa.py --questions benchmarks/data/bilingual_qa_fresh.yaml --split fresh --half a
                                                                        # the first fresh set: tuning material since round 5
    .venv/bin/python benchmarks/bilingual_qa.py --questions benchmarks/data/bilingual_qa_fresh2.yaml --split fresh2
                                                                        # the held-out set, run once per reported state

It needs ``../shared`` (the example data room and CUAD); without it, it says so and exits 0 (skipped).
The metric functions are pure and tested in ``tests/bench/test_bilingual_qa.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import greffier  # noqa: E402,F401  (privacy switches first)
from devtools.bench.commands import parse_overrides  # noqa: E402
from devtools.bench.errors import BenchError  # noqa: E402
from devtools.bench.metrics import mean, percentile, reciprocal_rank  # noqa: E402

DEFAULT_SET = REPO / "benchmarks" / "data" / "bilingual_qa.yaml"
DEFAULT_SHARED = REPO.parent / "shared"
DEFAULT_CACHE = REPO / "benchmarks" / "results" / "workspaces" / "bilingual_qa"
DEFAULT_OUT = REPO / "benchmarks" / "results"
HARNESS_VERSION = 1
SPLIT_SEED = 15
SEARCH_TOP_K = 10
SWEEP_DENSE_WEIGHTS = (0.3, 0.5, 0.7)

# dev and test: the seeded draw of the first set (assign_splits); fresh: a later set written to be held out
# whole (benchmarks/data/bilingual_qa_fresh.yaml), run twice unread and, from the fifth round (2 Dec evening),
# tuning material like dev; fresh2: the set written that evening to be held out in its place
# (benchmarks/data/bilingual_qa_fresh2.yaml), run once per reported code state; fresh3: a third such set, written on 6 Dec
# once fresh2 had been run as held out in several rounds (benchmarks/data/bilingual_qa_fresh3.yaml). Loaded with --questions.
SPLITS = ("dev", "test", "fresh", "fresh2", "fresh3")
HALVES = ("a", "b")
LANGS = ("fr", "en")
SOURCES = ("demo", "example", "cuad")
LANGUAGE_TAGS = ("cross_lingual", "monolingual")
WORDING_TAGS = ("paraphrase", "keyword")
NAMING_TAGS = ("names_by_party", "names_by_type", "names_by_file", "names_none")
TAGS = (*LANGUAGE_TAGS, *WORDING_TAGS, *NAMING_TAGS, "ambiguous", "unanswerable", *SOURCES)
# Order of the rows of the report.
REPORT_GROUPS = ("all", *TAGS, "lang:fr", "lang:en")

Log = Callable[[str], None]


class QASetError(Exception):
    """A question set, corpus or option that cannot be used as given (the message says how to fix it)."""


# --- the question set ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """One acceptable answer: the file (as Greffier stores it), the article label and a fact to quote."""

    file: str
    article: str
    fact: str


@dataclass(frozen=True)
class Question:
    id: str
    split: str | None
    question: str
    lang: str
    tags: tuple[str, ...]
    expected: tuple[Expected, ...]
    note: str | None = None

    @property
    def answerable(self) -> bool:
        return bool(self.expected)


@dataclass
class QASet:
    corpus: dict[str, Any]
    questions: list[Question] = field(default_factory=list)

    def split(self, name: str, half: str | None = None) -> list[Question]:
        """The questions of split ``name`` (``all``: every question), or of one of its halves (``a`` or
        ``b``: :func:`half_of`). Raises QASetError for another name."""
        if name == "all":
            questions = list(self.questions)
        elif name not in SPLITS:
            raise QASetError(f"unknown split {name!r}: use {', '.join(SPLITS)} or all")
        else:
            questions = [q for q in self.questions if q.split == name]
        if half is not None and half not in HALVES:
            raise QASetError(f"unknown half {half!r}: use a or b")
        return [q for q in questions if half is None or half_of(q.id) == half]


def load_set(path: Path, shared: Path, *, resolve_spans: bool = True) -> QASet:
    """Read and validate the question set at ``path``; ``fact_span`` entries are resolved from the example
    data room under ``shared``. Raises QASetError naming the entry at fault (or the missing room)."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise QASetError(f"{path}: cannot read the question set ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("questions"), list):
        raise QASetError(f"{path}: expected a mapping with a 'questions' list")
    corpus = data.get("corpus") or {}
    contents = example_contents(shared, corpus) if resolve_spans else {}
    questions = [_question(raw, contents, resolve_spans) for raw in data["questions"]]
    ids = [q.id for q in questions]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise QASetError(f"{path}: duplicate question ids {duplicates}")
    return QASet(corpus=corpus, questions=questions)


def example_contents(shared: Path, corpus: dict[str, Any]) -> dict[str, str]:
    """``filename → content`` of the example data room named by ``corpus.example.path`` under ``shared``."""
    room = Path(shared) / corpus.get("example", {}).get("path", "data/exemple_data_room.json")
    if not room.is_file():
        raise QASetError(
            f"the example data room {room} is needed to resolve the set's fact_span entries (its text is not "
            "stored in the set): pass --shared DIR holding data/exemple_data_room.json"
        )
    entries = json.loads(room.read_text(encoding="utf-8"))
    return {entry["filename"]: entry["content"] for entry in entries}


def _question(raw: dict[str, Any], contents: dict[str, str], resolve_spans: bool) -> Question:
    qid = raw.get("id") if isinstance(raw, dict) else None
    if not qid:
        raise QASetError(f"question without an id: {raw!r}")
    missing = [key for key in ("question", "lang", "tags", "expected") if key not in raw]
    if missing:
        raise QASetError(f"{qid}: missing {', '.join(missing)}")
    tags = tuple(raw["tags"])
    _check_tags(qid, tags)
    if raw["lang"] not in LANGS:
        raise QASetError(f"{qid}: lang {raw['lang']!r} is not fr or en")
    split = raw.get("split")
    if split is not None and split not in SPLITS:
        raise QASetError(f"{qid}: split {split!r} is not one of {', '.join(SPLITS)}")
    expected = tuple(_expected(qid, item, contents, resolve_spans) for item in raw["expected"])
    if bool(expected) == ("unanswerable" in tags):
        raise QASetError(f"{qid}: a question has expected answers or the tag unanswerable, not both nor neither")
    return Question(qid, split, raw["question"], raw["lang"], tags, expected, raw.get("note"))


def _check_tags(qid: str, tags: tuple[str, ...]) -> None:
    unknown = [t for t in tags if t not in TAGS]
    if unknown:
        raise QASetError(f"{qid}: unknown tags {unknown}; use {', '.join(TAGS)}")
    for family in (LANGUAGE_TAGS, NAMING_TAGS):
        if sum(t in tags for t in family) != 1:
            raise QASetError(f"{qid}: needs exactly one of {', '.join(family)}")
    if "unanswerable" not in tags and sum(t in tags for t in WORDING_TAGS) != 1:
        raise QASetError(f"{qid}: needs exactly one of paraphrase, keyword")
    if not any(t in tags for t in SOURCES):
        raise QASetError(f"{qid}: needs a source tag ({', '.join(SOURCES)})")


def _expected(qid: str, item: dict[str, Any], contents: dict[str, str], resolve_spans: bool) -> Expected:
    if not item.get("file") or not item.get("article"):
        raise QASetError(f"{qid}: an expected entry needs file and article: {item!r}")
    if ("fact" in item) == ("fact_span" in item):
        raise QASetError(f"{qid}: an expected entry needs fact or fact_span (exactly one): {item!r}")
    if "fact" in item:
        return Expected(item["file"], item["article"], item["fact"])
    span = item["fact_span"]
    if not resolve_spans:
        return Expected(item["file"], item["article"], "")
    content = contents.get(span.get("entry"))
    if content is None:
        raise QASetError(f"{qid}: fact_span entry {span.get('entry')!r} is not in the example data room")
    start, end = int(span["start"]), int(span["end"])
    if not 0 <= start < end <= len(content):
        raise QASetError(f"{qid}: fact_span {start}:{end} is outside {span['entry']} ({len(content)} characters)")
    return Expected(item["file"], item["article"], content[start:end])


def assign_splits(questions: Sequence[Question], seed: int = SPLIT_SEED, test_share: int = 3) -> dict[str, str]:
    """``id → dev|test``, one question in ``test_share`` to test, drawn at random inside each stratum.

    Strata are (source, cross_lingual, paraphrase, ambiguous, unanswerable); each is sorted by id and
    shuffled with ``random.Random(seed)``, the strata are laid end to end in a fixed order, and every
    ``test_share``-th question from a random offset goes to test, so that both splits get the same mix.
    """
    rng = random.Random(seed)
    strata: dict[tuple, list[Question]] = {}
    for q in questions:
        strata.setdefault(stratum(q), []).append(q)
    ordered: list[Question] = []
    for key in sorted(strata):
        members = sorted(strata[key], key=lambda q: q.id)
        rng.shuffle(members)
        ordered.extend(members)
    offset = rng.randrange(test_share)
    return {q.id: ("test" if (i + offset) % test_share == 0 else "dev") for i, q in enumerate(ordered)}


def half_of(qid: str) -> str:
    """``a`` or ``b``: the half of its split a question falls in, by a stable hash of its id (SHA-256,
    even or odd). A change is designed on the misses of one half of dev and kept only when the other
    half does not lose by it (docs/benchmarks.md)."""
    return HALVES[int(hashlib.sha256(qid.encode("utf-8")).hexdigest(), 16) % 2]


def stratum(q: Question) -> tuple:
    source = next(t for t in q.tags if t in SOURCES)
    return (source, *(t in q.tags for t in ("cross_lingual", "paraphrase", "ambiguous", "unanswerable")))


# --- text folding and matching ----------------------------------------------------------------------

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_QUOTES = {**dict.fromkeys(map(ord, "\u2018\u2019\u02bc\u2032"), "'"), **dict.fromkeys(map(ord, "\u00ab\u00bb\u201c\u201d"), '"')}
_WORD = re.compile(r"[a-z0-9]+")
_ELISION = re.compile(r"\b(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu)'")
# Function words of both languages and question words: what is left of a question is its content words.
STOPWORDS = frozenset("""
a au aux avec ce ces cet cette d dans de des du elle elles en est et etre eux il ils je la le les leur leurs lui
ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses si son sont sur ta te tes
toi ton tu un une vos votre vous y ont a-t-il est-ce faut peut doit quel quelle quels quelles combien comment
quand pourquoi lequel laquelle ci ca cela ceci tout tous toute toutes sans sous entre apres avant depuis chez
the of and or to in on by for with as at be is are was were been being this that these those it its an any all
no not do does did can could may might must shall should will would what which who whom whose how when where
why there their them they he she his her we our us you your if than then so such from into out up about over
after before under again further once only own same too very just also each either neither other some more most
has have had having get gets got
""".split())


def fold(text: str | None) -> str:
    """Lower-case, accents stripped, dashes and quotes unified, every run of spaces (typographic ones too)
    made one space: the form in which labels, facts and answers are compared."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.lower().translate(_DASHES).translate(_QUOTES).split())


def label_matches(label: str, section: str | None) -> bool:
    """Whether the chunk ``section`` contains the article ``label`` as whole words ("ARTICLE 1" is not in
    "ARTICLE 12 - ..."), compared folded."""
    wanted, where = fold(label).rstrip(" .:"), fold(section)
    if not wanted or not where:
        return False
    return re.search(rf"(?<![a-z0-9]){re.escape(wanted)}(?![a-z0-9])", where) is not None


def contains_fact(text: str | None, fact: str) -> bool:
    """Whether ``text`` holds ``fact``, both folded (whitespace-normalised)."""
    wanted = fold(fact)
    return bool(wanted) and wanted in fold(text)


def content_words(text: str) -> set[str]:
    """The folded words of ``text`` that carry meaning: elisions split, stop words and 1-2 letter words out."""
    words = _WORD.findall(_ELISION.sub(" ", fold(text)))
    return {w for w in words if len(w) > 2 and w not in STOPWORDS and not w.isdigit()}


def shared_content_words(question: str, passage: str) -> set[str]:
    """Content words of ``question`` found in ``passage`` (a plural ``s`` does not make a word different)."""
    passage_words = content_words(passage)
    passage_words |= {w[:-1] for w in passage_words if w.endswith("s")}
    return {w for w in content_words(question) if w in passage_words or w.rstrip("s") in passage_words}


# --- scoring (pure) ---------------------------------------------------------------------------------


def is_hit(result: dict[str, Any], expected: Iterable[Expected]) -> bool:
    """A search result answers when it comes from an expected file and its section names the article or
    its text holds the fact."""
    return any(
        result.get("file") == e.file and (label_matches(e.article, result.get("section")) or contains_fact(result.get("text"), e.fact))
        for e in expected
    )


def hit_flags(results: Sequence[dict[str, Any]], expected: Sequence[Expected], k: int = SEARCH_TOP_K) -> list[bool]:
    return [is_hit(r, expected) for r in results[:k]]


def first_hit_rank(flags: Sequence[bool]) -> int | None:
    """Rank (from 1) of the first hit, None when there is none."""
    return next((rank for rank, flag in enumerate(flags, start=1) if flag), None)


def answer_is_correct(response: dict[str, Any], expected: Iterable[Expected]) -> bool:
    """Not abstained, and for one expected entry: its file cited and its fact quoted in the answer."""
    if response.get("abstained") or not response.get("answer"):
        return False
    cited = {c.get("file") for c in response.get("citations") or []}
    return any(e.file in cited and contains_fact(response["answer"], e.fact) for e in expected)


def score_question(q: Question, results: Sequence[dict[str, Any]], response: dict[str, Any] | None) -> dict[str, Any]:
    """The per-question scores: search ones for an answerable question, answer ones when ``response``."""
    scores: dict[str, Any] = {"answerable": q.answerable}
    if q.answerable:
        flags = hit_flags(results, q.expected)
        rank = first_hit_rank(flags)
        scores.update({"rank": rank, "success@1": rank == 1, "success@3": rank is not None and rank <= 3, "mrr@10": reciprocal_rank(flags)})
    if response is not None:
        abstained = bool(response.get("abstained"))
        scores["abstained"] = abstained
        scores["correct"] = answer_is_correct(response, q.expected) if q.answerable else abstained
        if q.answerable and not abstained:
            scores["citations_valid"] = citations_valid(response, q.expected)
    return scores


def citations_valid(response: dict[str, Any], expected: Sequence[Any]) -> bool:
    """Whether an answer cites something and every file it cites is an expected one."""
    cited = {c.get("file") for c in response.get("citations") or []}
    wanted = {e.file for e in expected}
    return bool(cited) and all(any(_same_file(file, w) for w in wanted) for file in cited)


def _same_file(cited: str | None, expected: str) -> bool:
    return bool(cited) and (cited == expected or cited.endswith("/" + expected) or expected.endswith("/" + cited))


def groups_of(record: dict[str, Any]) -> list[str]:
    return ["all", *record["tags"], f"lang:{record['lang']}"]


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Metrics of ``records`` (per-question dicts with tags, lang, scores, latency_ms) overall and by group."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        for group in groups_of(record):
            grouped.setdefault(group, []).append(record)
    return {group: summarize_group(grouped[group]) for group in REPORT_GROUPS if group in grouped}


def summarize_group(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    answerable = [r for r in records if r["scores"]["answerable"]]
    unanswerable = [r for r in records if not r["scores"]["answerable"]]
    answered = [r for r in answerable if "correct" in r["scores"]]
    refused = [r for r in unanswerable if "abstained" in r["scores"]]

    def share(rows: Sequence[dict[str, Any]], key: str) -> float | None:
        return mean([float(r["scores"][key]) for r in rows]) if rows else None

    def latency(stage: str) -> dict[str, float | None]:
        values = [r["latency_ms"][stage] for r in records if r.get("latency_ms", {}).get(stage) is not None]
        return {"p50": percentile(values, 50) if values else None, "p95": percentile(values, 95) if values else None}

    return {
        "questions": len(records),
        "answerable": len(answerable),
        "success@1": share(answerable, "success@1"),
        "success@3": share(answerable, "success@3"),
        "mrr@10": share(answerable, "mrr@10"),
        "answer_correct": share(answered, "correct"),
        "citations_valid": share([r for r in answered if "citations_valid" in r["scores"]], "citations_valid"),
        "false_abstention": share(answered, "abstained"),
        "unanswerable": len(unanswerable),
        "abstention_unanswerable": share(refused, "abstained"),
        "latency_ms": {"search": latency("search"), "answer": latency("answer")},
    }


# --- reporting --------------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def _ratio(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f}"


def render_table(summary: dict[str, dict[str, Any]]) -> str:
    """The summary as a Markdown table, one row per group (percentages, milliseconds)."""
    lines = [
        "| group | n | S@1 | S@3 | MRR@10 | answer correct | false abst. | unans. n | abst. on unans. | search p50/p95 ms | answer p50/p95 ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for group, m in summary.items():
        lat = m["latency_ms"]
        lines.append(
            f"| {group} | {m['answerable']} | {_pct(m['success@1'])} | {_pct(m['success@3'])} | "
            f"{_ratio(m['mrr@10'])} | {_pct(m['answer_correct'])} | "
            f"{_pct(m['false_abstention'])} | {m['unanswerable']} | {_pct(m['abstention_unanswerable'])} | "
            f"{_ms(lat['search']['p50'])} / {_ms(lat['search']['p95'])} | {_ms(lat['answer']['p50'])} / {_ms(lat['answer']['p95'])} |"
        )
    return "\n".join(lines) + "\n"


MISS_KINDS = (
    "correct",
    "false abstention, an expected article in the top 3",
    "false abstention, search missed",
    "answered, an expected file cited but not its fact",
    "answered from another contract",
    "unanswerable question answered",
)


def miss_kind(record: dict[str, Any]) -> str | None:
    """The kind of one answered question's outcome (:data:`MISS_KINDS`), None when it was only searched."""
    scores = record["scores"]
    if "correct" not in scores:
        return None
    if scores["correct"]:
        return MISS_KINDS[0]
    if not scores["answerable"]:
        return MISS_KINDS[5]
    if scores["abstained"]:
        return MISS_KINDS[1] if scores.get("success@3") else MISS_KINDS[2]
    cited = set((record.get("answer") or {}).get("cited") or [])
    return MISS_KINDS[3] if cited & {e["file"] for e in record["expected"]} else MISS_KINDS[4]


def count_misses(records: Sequence[dict[str, Any]]) -> dict[str, int]:
    """How many questions of ``records`` fall in each of :data:`MISS_KINDS` (those answered)."""
    kinds = [miss_kind(r) for r in records]
    return {kind: kinds.count(kind) for kind in MISS_KINDS} if any(kinds) else {}


def render_misses(counts: dict[str, int]) -> str:
    lines = ["| kind | questions |", "|---|---:|"]
    lines += [f"| {kind} | {n} |" for kind, n in counts.items()]
    return "\n".join(lines) + "\n"


def render_report(report: dict[str, Any]) -> str:
    settings = report["settings"]
    head = [
        f"# Bilingual QA — split {report['split']}",
        "",
        f"{report['questions']} questions; embedder {settings.get('embedder')}, reranker {settings.get('reranker') or 'none'}, "
        f"fusion {settings['search']['fusion']} (dense {settings['search']['dense_weight']} / lexical "
        f"{settings['search']['lexical_weight']}), no LLM (extractive answers). Overrides: {json.dumps(report['overrides']) or '{}'}.",
        "S@k: an expected article in the top k of search; n: answerable questions of the group (percentages).",
        "",
        "",
    ]
    misses = count_misses(report["per_question"])
    return "\n".join(head) + render_table(report["summary"]) + (f"\nKinds of misses:\n\n{render_misses(misses)}" if misses else "")


def render_sweep(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| fusion | dense / lexical | S@3 all | S@3 cross-lingual | S@3 monolingual | S@3 paraphrase | MRR@10 all |", "|---|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        s = row["summary"]
        lines.append(
            f"| {row['fusion']} | {row['dense_weight']} / {row['lexical_weight']} | {_pct(s['all']['success@3'])} | "
            f"{_pct(s.get('cross_lingual', {}).get('success@3'))} | {_pct(s.get('monolingual', {}).get('success@3'))} | "
            f"{_pct(s.get('paraphrase', {}).get('success@3'))} | {_ratio(s['all']['mrr@10'])} |"
        )
    return "\n".join(lines) + "\n"


# --- the bench workspace ----------------------------------------------------------------------------


def index_shaping_overrides(overrides: dict[str, Any]) -> dict[str, Any]:
    """The overrides that change what is indexed (they need their own workspace)."""
    return {group: values for group, values in overrides.items() if group in ("chunking", "ingest", "ocr", "models")}


def override_environment(overrides: dict[str, Any]) -> dict[str, str]:
    """Nested overrides as ``GREFFIER_GROUP__KEY`` variables, for the ``greffier ingest`` subprocesses."""
    env: dict[str, str] = {}

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}__{key.upper()}" if prefix else f"GREFFIER_{key.upper()}", value)
        else:
            env[prefix] = node if isinstance(node, str) else json.dumps(node)

    walk("", overrides)
    return env


def _digest_files(paths: Iterable[Path], root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def corpus_identity(qa: QASet, shared: Path, overrides: dict[str, Any]) -> dict[str, Any]:
    """Everything that shapes the bench workspace: the three rooms, Greffier's code, index settings."""
    cuad_dir = Path(shared) / qa.corpus["cuad"]["folder"]
    code = [p for folder in ("greffier", "pipelines", "store") for p in (REPO / folder).rglob("*.py")]
    return {
        "harness": HARNESS_VERSION,
        "demo": _digest_files([p for p in (REPO / "demo").rglob("*") if p.is_file() and "__pycache__" not in p.parts], REPO),
        "example": _digest_files([Path(shared) / qa.corpus["example"]["path"]], Path(shared)),
        "cuad": _digest_files([cuad_dir / name for name in qa.corpus["cuad"]["files"]], Path(shared)),
        "code": _digest_files(code, REPO),
        "overrides": index_shaping_overrides(overrides),
    }


def build_workspace(qa: QASet, shared: Path, cache: Path, overrides: dict[str, Any], log: Log) -> Path:
    """The bench workspace for ``qa`` under ``cache`` (built when its identity is new). Raises QASetError when
    a corpus file is missing or an ingest fails."""
    identity = corpus_identity(qa, shared, overrides)
    key = hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:12]
    root = Path(cache) / key
    workspace, marker = root / "ws", root / "ready.json"
    if marker.is_file():
        log(f"bench workspace {workspace} (cached)")
        return workspace
    if root.exists():
        shutil.rmtree(root)  # a build that stopped half-way
    rooms = root / "rooms"
    env = {**os.environ, **override_environment(index_shaping_overrides(overrides))}
    log(f"building the bench workspace in {workspace}")
    _run([sys.executable, str(REPO / "demo" / "generate.py"), "--out", str(rooms / "demo"), "--manifest", str(rooms / "manifest.json")], env)
    cuad = rooms / "cuad"
    cuad.mkdir(parents=True)
    for name in qa.corpus["cuad"]["files"]:
        source = Path(shared) / qa.corpus["cuad"]["folder"] / name
        if not source.is_file():
            raise QASetError(f"CUAD contract {source} not found: the set's corpus.cuad.files must exist under --shared")
        shutil.copyfile(source, cuad / name)
    reports = {}
    for name, source in (("demo", rooms / "demo"), ("example", Path(shared) / qa.corpus["example"]["path"]), ("cuad", cuad)):
        started = time.perf_counter()
        out = _run([sys.executable, "-m", "greffier", "ingest", str(source), "--workspace", str(workspace), "--json"], env)
        report = json.loads(out)
        if report.get("failed"):
            raise QASetError(f"ingesting {source} failed for {report['failed']}")
        reports[name] = {"ingested": report.get("ingested"), "chunks": report.get("chunks"), "seconds": round(time.perf_counter() - started, 1)}
        log(f"  {name}: {reports[name]['ingested']} files, {reports[name]['chunks']} chunks in the workspace, {reports[name]['seconds']} s")
    marker.write_text(json.dumps({"identity": identity, "ingest": reports}, indent=1), encoding="utf-8")
    return workspace


def _run(command: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise QASetError(f"{' '.join(command[1:3])} failed ({done.returncode}): {done.stderr.strip()[-800:]}")
    return done.stdout


def inspect_documents(workspace: Path) -> dict[str, list[dict[str, Any]]]:
    """``file → chunks`` of the workspace, as ``greffier inspect --json`` prints them."""
    out = _run([sys.executable, "-m", "greffier", "inspect", "--workspace", str(workspace), "--json"], dict(os.environ))
    return {doc["file"]: doc["chunks"] for doc in json.loads(out)["documents"]}


# --- running ----------------------------------------------------------------------------------------


def _services():  # noqa: ANN202
    # Heavy: importing the services loads Haystack, Chroma and the pipeline code (seconds), only to run.
    from greffier.services.answering import answer
    from greffier.config import load_settings
    from greffier.services.search import search

    return load_settings, search, answer


def run_questions(workspace: Path, questions: Sequence[Question], overrides: dict[str, Any], *, answers: bool = True, log: Log = print,
                  backend: Any = None, search_from_answer: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Search (top 10) and, when ``answers``, answer every question (with the LLM ``backend``, or
    extractively when None); returns the per-question records and the settings used. One untimed
    question first warms the models and pipelines up. ``search_from_answer``: no separate search, the
    search scores are those of the passages the answer pipeline retrieved and judged (its top_k_final,
    5 by default: what a query translation, which only that pipeline runs, changes); the search latency
    is then the answer's."""
    load_settings, search, answer = _services()
    settings = load_settings(workspace, **overrides)
    search(settings, "warm-up: durée du contrat", top_k=SEARCH_TOP_K)
    if answers:
        answer(settings, "warm-up: governing law", backend=backend)
    records = []
    for index, q in enumerate(questions, start=1):
        started = time.perf_counter()
        response = {} if search_from_answer else search(settings, q.question, top_k=SEARCH_TOP_K)
        search_ms = (time.perf_counter() - started) * 1000
        answered, answer_ms = None, None
        if answers or search_from_answer:
            started = time.perf_counter()
            answered = answer(settings, q.question, backend=backend)
            answer_ms = (time.perf_counter() - started) * 1000
        if search_from_answer:
            response, search_ms = {"results": answered.get("results") or [], "scope": answered.get("scope"), "models": answered.get("models") or {}}, answer_ms
        records.append(_record(q, response, answered, search_ms, answer_ms))
        if index % 20 == 0:
            log(f"  {index}/{len(questions)} questions")
    return records, _settings_summary(settings, response)


def _record(q: Question, response: dict[str, Any], answered: dict[str, Any] | None, search_ms: float, answer_ms: float | None) -> dict[str, Any]:
    results = response["results"]
    record: dict[str, Any] = {
        "id": q.id, "split": q.split, "lang": q.lang, "tags": list(q.tags), "question": q.question,
        "expected": [asdict(e) for e in q.expected],
        "scores": score_question(q, results, answered),
        "search": {
            "scope": (response.get("scope") or {}).get("files"),
            "top": [{"file": r["file"], "section": r["section"], "score": r["score"], "hit": is_hit(r, q.expected), "text": r["text"][:240]} for r in results[:5]],
        },
        "latency_ms": {"search": round(search_ms, 1), "answer": None if answer_ms is None else round(answer_ms, 1)},
    }
    if answered is not None:
        record["answer"] = {
            "abstained": bool(answered.get("abstained")),
            "text": (answered.get("answer") or "")[:800],
            "cited": sorted({c["file"] for c in answered.get("citations") or []}),
            "scope": (answered.get("scope") or {}).get("files"),
            "hint": (answered.get("hint") or {}).get("files"),
        }
        if answered.get("translation"):
            record["answer"]["translation"] = answered["translation"]
    return record


def _settings_summary(settings: Any, response: dict[str, Any]) -> dict[str, Any]:
    return {
        "workspace": str(settings.workspace),
        "search": settings.search.model_dump(mode="json"),
        "chunking": settings.chunking.model_dump(mode="json"),
        "embedder": response.get("models", {}).get("embedder"),
        "reranker": response.get("models", {}).get("reranker"),
    }


def evaluate(qa: QASet, workspace: Path, split: str, overrides: dict[str, Any], *, limit: int | None = None, log: Log = print,
             backend: Any = None, answerer: str = "extractive", half: str | None = None, search_from_answer: bool = False) -> dict[str, Any]:
    questions = qa.split(split, half)[:limit]
    if not questions:
        raise QASetError(f"no question in split {split!r} of this set (its splits: {', '.join(sorted({q.split or '-' for q in qa.questions}))}); "
                         "the fresh sets are loaded with --questions benchmarks/data/bilingual_qa_fresh.yaml (or _fresh2.yaml)")
    name = split if half is None else f"{split}, half {half}"
    log(f"split {name}: {len(questions)} questions, answers by {answerer}")
    records, settings = run_questions(workspace, questions, overrides, log=log, backend=backend, search_from_answer=search_from_answer)
    return {
        "benchmark": "bilingual_qa", "split": name, "questions": len(records), "overrides": overrides, "answerer": answerer,
        "settings": settings, "summary": summarize(records), "per_question": records,
    }


def local_llm(overrides: dict[str, Any]) -> tuple[Any, str]:
    """The LLM the settings resolve to (a local GGUF from `make llm`, or Ollama), loaded once; raises
    BenchError when there is none."""
    from greffier.config import load_settings  # noqa: PLC0415  (after the privacy switches)
    from pipelines.generators.llm import describe_llm, resolve_llm  # noqa: PLC0415

    settings = load_settings(**{k: v for k, v in overrides.items() if k != "workspace"})
    settings = settings.model_copy(update={"models": settings.models.model_copy(update={"llm_backend": "auto" if settings.models.llm_backend == "none" else settings.models.llm_backend})})
    choice = resolve_llm(settings)
    if choice.backend is None:
        raise BenchError(f"--llm: no LLM available ({choice.info.get('reason')}); run `make llm` or start Ollama")
    return choice.backend, describe_llm({**choice.info, **choice.backend.describe()})


def render_llm_comparison(reports: Sequence[dict[str, Any]]) -> str:
    """Answer metrics of the same questions, answered without and with the LLM, side by side."""
    return _comparison(reports, search=False)


def render_translation_comparison(reports: Sequence[dict[str, Any]]) -> str:
    """Search and answer metrics of the same questions without and with the LLM's query translation
    (answers extractive in both), side by side."""
    return _comparison(reports, search=True)


def _comparison(reports: Sequence[dict[str, Any]], *, search: bool) -> str:
    search_head, search_rule = ("| S@1 | S@3 | MRR@10 ", "---:|---:|---:|") if search else ("", "")
    lines = [
        f"| {'searched' if search else 'answers by'} | group | n {search_head}| answer correct | {'' if search else 'citations valid | '}false abst. | "
        "abst. on unans. | answer p50 / p95 ms |",
        f"|---|---|---:|{search_rule}---:|{'' if search else '---:|'}---:|---:|---:|",
    ]
    groups = ("all", "cross_lingual", "monolingual", "paraphrase") + (("names_none",) if search else ()) + ("unanswerable",)
    for report in reports:
        for group in groups:
            row = report["summary"].get(group)
            if row is None:
                continue
            answer_latency = row["latency_ms"]["answer"]
            searched = f"{_pct(row['success@1'])} | {_pct(row['success@3'])} | {_ratio(row['mrr@10'])} | " if search else ""
            cited = "" if search else f"{_pct(row.get('citations_valid'))} | "
            lines.append(
                f"| {report['answerer']} | {group} | {row['answerable'] or row['unanswerable']} | {searched}{_pct(row['answer_correct'])} | "
                f"{cited}{_pct(row['false_abstention'])} | {_pct(row['abstention_unanswerable'])} | "
                f"{_ms(answer_latency['p50'])} / {_ms(answer_latency['p95'])} |"
            )
    return "\n".join(lines) + "\n"


def sweep_fusion(qa: QASet, workspace: Path, overrides: dict[str, Any], *, limit: int | None = None, log: Log = print,
                 half: str | None = None) -> list[dict[str, Any]]:
    """Search-only scores on dev (or one of its halves) for every fusion method x dense weight (lexical = 1 - dense)."""
    from greffier.config import FusionMethod  # the one list of fusion methods (the CLI and the UI use it too)

    questions = qa.split("dev", half)[:limit]
    rows = []
    for method in FusionMethod:
        for dense in SWEEP_DENSE_WEIGHTS:
            lexical = round(1 - dense, 2)
            variant = _merge(overrides, {"search": {"fusion": method.value, "dense_weight": dense, "lexical_weight": lexical}})
            log(f"sweep: {method.value}, dense {dense} / lexical {lexical}")
            records, _settings = run_questions(workspace, questions, variant, answers=False, log=log)
            rows.append({"fusion": method.value, "dense_weight": dense, "lexical_weight": lexical, "summary": summarize(records), "per_question": records})
    return rows


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    merged = {key: dict(value) if isinstance(value, dict) else value for key, value in base.items()}
    for group, values in extra.items():
        merged.setdefault(group, {}).update(values)
    return merged


# --- checking the set against the corpus ------------------------------------------------------------


def check_set(qa: QASet, documents: dict[str, list[dict[str, Any]]], sources: dict[str, str], languages: dict[str, str]) -> tuple[list[str], list[str]]:
    """Errors and warnings of the set against the ingested ``documents`` (``file → chunks``), the files'
    own text (``sources``) and languages (``languages``)."""
    errors: list[str] = []
    warnings: list[str] = []
    for q in qa.questions:
        if q.split is None:
            errors.append(f"{q.id}: no split")
        for e in q.expected:
            errors.extend(_check_expected(q, e, documents, sources, warnings))
        errors.extend(_check_language(q, languages))
        if "paraphrase" in q.tags:
            for e in q.expected:
                shared = shared_content_words(q.question, expected_passage(e, documents.get(e.file, [])))
                if shared:
                    errors.append(f"{q.id}: tagged paraphrase but shares {sorted(shared)} with {e.file} {e.article}")
    return errors, warnings


def _check_expected(q: Question, e: Expected, documents: dict[str, list[dict[str, Any]]], sources: dict[str, str], warnings: list[str]) -> list[str]:
    chunks = documents.get(e.file)
    if chunks is None:
        return [f"{q.id}: {e.file} is not in the bench workspace"]
    errors = []
    words = len(e.fact.split())
    if not 3 <= words <= 12:
        errors.append(f"{q.id}: fact {e.fact!r} has {words} words (3-12)")
    if e.file in sources and not contains_fact(sources[e.file], e.fact):
        errors.append(f"{q.id}: fact {e.fact!r} is not in the text of {e.file}")
    if not any(contains_fact(c["text"], e.fact) for c in chunks):
        warnings.append(f"{q.id}: fact {e.fact!r} is not whole in any stored chunk of {e.file} (conversion or chunking splits it)")
    if not any(label_matches(e.article, c["section"]) for c in chunks):
        warnings.append(f"{q.id}: article {e.article!r} is in no chunk section of {e.file}: only the fact can match")
    return errors


def _check_language(q: Question, languages: dict[str, str]) -> list[str]:
    if not q.expected:
        return []
    same = any(languages.get(e.file) == q.lang for e in q.expected)
    if same and "cross_lingual" in q.tags:
        return [f"{q.id}: tagged cross_lingual but an expected file is in {q.lang}"]
    if not same and "monolingual" in q.tags:
        return [f"{q.id}: tagged monolingual but no expected file is in {q.lang}"]
    return []


def expected_passage(e: Expected, chunks: Sequence[dict[str, Any]]) -> str:
    """The text a paraphrase must not share words with: the chunks under the article, or holding the fact."""
    picked = [c for c in chunks if label_matches(e.article, c["section"]) or contains_fact(c["text"], e.fact)]
    return "\n".join(f"{c['section'] or ''}\n{c['text']}" for c in picked)


def source_texts(qa: QASet, shared: Path, workspace: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The files' own text (demo: its Markdown source; example: the JSON content; CUAD: the .txt) and
    languages, keyed by the file as Greffier stores it."""
    texts: dict[str, str] = {}
    languages: dict[str, str] = {}
    manifest = json.loads((workspace.parent / "rooms" / "manifest.json").read_text(encoding="utf-8"))
    bodies = {p.name.split("_")[0]: p for p in (REPO / "demo" / "texts").glob("d*.md")}
    for contract in manifest["contracts"]:
        file = f"demo/{contract['file']}"
        languages[file] = contract["language"]
        texts[file] = _demo_body(bodies, contract["id"])
    english = set(qa.corpus["example"].get("english_entries", []))
    for name, content in example_contents(shared, qa.corpus).items():
        texts[name], languages[name] = content, "en" if name in english else "fr"
    for name in qa.corpus["cuad"]["files"]:
        file = f"cuad/{name}"
        texts[file] = (Path(shared) / qa.corpus["cuad"]["folder"] / name).read_text(encoding="utf-8")
        languages[file] = "en"
    return texts, languages


def _demo_body(bodies: dict[str, Path], contract_id: str) -> str:
    """A demo contract's text from ``demo/texts`` (a retyped copy: its original with the retyped words)."""
    _, front, body = bodies[contract_id].read_text(encoding="utf-8").split("---", 2)
    meta = yaml.safe_load(front)
    if meta.get("copy_of"):
        body = _demo_body(bodies, meta["copy_of"])
        for before, after in meta.get("retyped") or []:
            body = body.replace(before, after)
    return body


def render_mix(qa: QASet) -> str:
    """Questions per split and tag (counts, and share of the split); only the splits the set uses."""
    splits = {name: qa.split(name) for name in SPLITS if qa.split(name)}
    lines = ["| tag | " + " | ".join((*splits, "all")) + " |", "|---|" + "---:|" * (len(splits) + 1)]
    for group in ("all", *TAGS, "lang:fr", "lang:en"):
        cells = []
        for qs in (*splits.values(), qa.questions):
            n = sum(1 for q in qs if group in groups_of({"tags": q.tags, "lang": q.lang}))
            cells.append(f"{n} ({100 * n / len(qs):.0f} %)" if qs else "0")
        lines.append(f"| {group} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


# --- command line -----------------------------------------------------------------------------------


def write_outputs(out: Path, name: str, payload: Any, markdown: str) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out / f"{name}.json", out / f"{name}.md"
    json_path.write_text(json.dumps(payload, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    md_path.write_text(markdown, encoding="utf-8")
    return json_path, md_path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="dev", help="questions to run (default dev)")
    parser.add_argument("--half", choices=HALVES, default=None, help="only one half of the split, by a hash of the question id (a: the half misses are read on)")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="GROUP.KEY=VALUE",
                        help="settings override, e.g. search.dense_weight=0.5 or search.fusion=rrf (repeatable)")
    parser.add_argument("--sweep-fusion", action="store_true", help="search success@3 on dev for each fusion method x dense weight 0.3/0.5/0.7")
    parser.add_argument("--llm", action="store_true", help="answer each question twice, without and with the LLM the settings find (make llm, or Ollama), and compare")
    parser.add_argument("--llm-translate", action="store_true",
                        help="answer each question twice, extractively, without and with the LLM's translation of the question "
                             "(search scores from the answer pipeline's passages), and compare")
    parser.add_argument("--check", action="store_true", help="validate the set against the corpus (facts, articles, paraphrases, tags, split mix)")
    parser.add_argument("--limit", type=int, default=None, help="run only the first N questions of the split")
    parser.add_argument("--questions", type=Path, default=DEFAULT_SET, help=f"question set (default {DEFAULT_SET.relative_to(REPO)})")
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help=f"shared data folder (default {DEFAULT_SHARED})")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="where the bench workspace is kept")
    parser.add_argument("--workspace", type=Path, default=None,
                        help="use this built bench workspace as it is (its ws/ folder), not one keyed by the code: for changes "
                             "that only act at query time, which would otherwise rebuild it (the caller vouches that ingest is unchanged)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the Markdown and JSON results")
    parser.add_argument("--tag", default=None, help="name of the result files (default bilingual_qa-<split>)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    log: Log = lambda message: sys.stderr.write(message + "\n")  # noqa: E731
    if not (args.shared / "data").is_dir() or not (args.shared / "evaldata").is_dir():
        log(f"skipped: {args.shared} (data/ and evaldata/) not found; the bench needs the example data room and CUAD (--shared DIR)")
        return 0
    try:
        overrides = parse_overrides(args.overrides)
        qa = load_set(args.questions, args.shared)
        if args.workspace is not None:
            if not (args.workspace / "ready.json").is_file() and not (args.workspace.parent / "ready.json").is_file():
                raise QASetError(f"--workspace {args.workspace}: not a built bench workspace (no ready.json beside it)")
            workspace = args.workspace
            log(f"bench workspace {workspace} (given, not checked against the code)")
        else:
            workspace = build_workspace(qa, args.shared, args.cache, overrides, log)
        if args.check:
            return _cmd_check(qa, workspace, args.shared)
        if args.sweep_fusion:
            rows = sweep_fusion(qa, workspace, overrides, limit=args.limit, log=log, half=args.half)
            markdown = "# Bilingual QA — fusion sweep (dev, search only)\n\n" + render_sweep(rows)
            paths = write_outputs(args.out, args.tag or "bilingual_qa-sweep", rows, markdown)
        elif args.llm:
            backend, label = local_llm(overrides)
            reports = [evaluate(qa, workspace, args.split, overrides, limit=args.limit, log=log, half=args.half)]
            reports.append(evaluate(qa, workspace, args.split, overrides, limit=args.limit, log=log, backend=backend, answerer=label, half=args.half))
            markdown = f"# Bilingual QA — split {args.split}, answers without and with the LLM\n\n" + render_llm_comparison(reports)
            markdown += "\n" + "\n".join(render_report(r) for r in reports)
            paths = write_outputs(args.out, args.tag or f"bilingual_qa-{args.split}-llm", {"reports": reports}, markdown)
        elif args.llm_translate:
            backend, label = local_llm(overrides)
            translated = _merge(overrides, {"models": {"llm_query_translation": True, "llm_answers": False}})
            reports = [evaluate(qa, workspace, args.split, overrides, limit=args.limit, log=log, half=args.half, answerer="question as asked", search_from_answer=True)]
            reports.append(evaluate(qa, workspace, args.split, translated, limit=args.limit, log=log, backend=backend, half=args.half,
                                    answerer=f"question + its translation by {label}", search_from_answer=True))
            markdown = f"# Bilingual QA — split {args.split}, the question searched as asked and with its LLM translation (extractive answers)\n\n"
            markdown += render_translation_comparison(reports) + "\n" + "\n".join(render_report(r) for r in reports)
            paths = write_outputs(args.out, args.tag or f"bilingual_qa-{args.split}-translate", {"reports": reports}, markdown)
        else:
            report = evaluate(qa, workspace, args.split, overrides, limit=args.limit, log=log, half=args.half)
            markdown = render_report(report)
            paths = write_outputs(args.out, args.tag or f"bilingual_qa-{args.split}{'-' + args.half if args.half else ''}", report, markdown)
    except (QASetError, BenchError) as exc:
        log(f"error: {exc}")
        return 2
    sys.stdout.write(markdown)
    log(f"saved {paths[1]} and {paths[0]}")
    return 0


def _cmd_check(qa: QASet, workspace: Path, shared: Path) -> int:
    sources, languages = source_texts(qa, shared, workspace)
    errors, warnings = check_set(qa, inspect_documents(workspace), sources, languages)
    for message in warnings:
        sys.stderr.write(f"warning: {message}\n")
    for message in errors:
        sys.stderr.write(f"error: {message}\n")
    sys.stdout.write(render_mix(qa))
    sys.stdout.write(f"\n{len(qa.questions)} questions, {len(errors)} errors, {len(warnings)} warnings\n")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
