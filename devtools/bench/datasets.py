"""Readers of the evaluation data in ``shared/evaldata`` (see its README for origin and licences).

Two kinds of benchmark:

* **span benchmarks** (LegalBench-RAG mini: CUAD, ContractNLI subset): ``benchmarks/<name>.json`` holds
  ``{"tests": [{"query", "snippets": [{"file_path", "span": [start, end]}], ...}]}`` and the files live in
  ``corpus/<file_path>``. Gold is character spans of the files' text.
* **article benchmark** (``cdtn_contributions_fr``): questions whose human answers cite articles of the
  Code du travail (``queries_generic.jsonl``) or of a collective agreement (``queries_idcc.jsonl``); the
  articles are in ``corpus/code_du_travail.jsonl`` and ``corpus/kali/<KALICONT>.jsonl``. Gold is a set of
  article ids; each article becomes one document.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devtools.bench.errors import EvalDataError
from devtools.bench.metrics import FileSpan

# Dataset key (CLI) → folder under shared/evaldata.
DATASET_FOLDERS: dict[str, str] = {
    "cuad": "legalbenchrag_mini_cuad",
    "contractnli": "legalbenchrag_mini_contractnli_subset",
    "cdtn": "cdtn_contributions_fr",
}
SPAN_DATASETS = ("cuad", "contractnli")

# Defaults of the CDTN selection (documented in docs/benchmarks.md).
CDTN_DISTRACTORS = 6000
CDTN_SEED = 0


@dataclass(frozen=True)
class SpanQuery:
    """A query whose answer is character spans of corpus files (paths as the benchmark writes them)."""

    qid: str
    query: str
    gold: tuple[FileSpan, ...]
    category: str | None = None


@dataclass(frozen=True)
class SpanDataset:
    """A LegalBench-RAG style benchmark: queries and the corpus folder to ingest.

    ``corpus_dir`` is ``corpus/<sub>``; ingested into a workspace it becomes ``<sub>/...``, which is
    exactly the benchmark's ``file_path`` form, so chunk files and gold files compare as they are.
    """

    name: str
    corpus_dir: Path
    queries: tuple[SpanQuery, ...]

    @property
    def files(self) -> list[Path]:
        return sorted(p for p in self.corpus_dir.rglob("*") if p.is_file())


@dataclass(frozen=True)
class Article:
    """One article of a code or a collective agreement, to be ingested as one document."""

    id: str
    title: str
    text: str
    source: str  # "code_du_travail" or the KALICONT container id


@dataclass(frozen=True)
class ArticleQuery:
    """A question with the ids of the articles its human answer cites."""

    qid: str
    query: str
    gold: tuple[str, ...]
    kind: str  # "generic" (Code du travail) or "idcc" (a collective agreement)


@dataclass(frozen=True)
class ArticleDataset:
    """Queries, the articles to ingest (gold ones and distractors) and how they were chosen."""

    name: str
    queries: tuple[ArticleQuery, ...]
    articles: tuple[Article, ...]
    selection: dict[str, Any] = field(default_factory=dict)


def dataset_folder(evaldata: Path, key: str) -> Path:
    """The folder of dataset ``key`` under ``evaldata``. Raises EvalDataError when absent."""
    if key not in DATASET_FOLDERS:
        raise EvalDataError(f"unknown dataset {key!r}: use one of {', '.join(DATASET_FOLDERS)}")
    evaldata = Path(evaldata)
    if not evaldata.is_dir():
        raise EvalDataError(
            f"evaluation data folder {evaldata} not found: pass --evaldata PATH (the shared/evaldata folder "
            "described in its README)"
        )
    folder = evaldata / DATASET_FOLDERS[key]
    if not folder.is_dir():
        raise EvalDataError(f"{folder} not found: the evaluation data lacks the {key!r} dataset")
    return folder


# --- LegalBench-RAG ------------------------------------------------------------------------------


def load_span_dataset(folder: Path, name: str | None = None) -> SpanDataset:
    """Read a LegalBench-RAG benchmark folder (``benchmarks/*.json`` + ``corpus/``).

    Raises EvalDataError when the benchmark file is missing or malformed, when its snippets point at
    more than one corpus sub-folder, or at a file that is not in the corpus.
    """
    folder = Path(folder)
    files = sorted((folder / "benchmarks").glob("*.json"))
    if len(files) != 1:
        raise EvalDataError(f"{folder / 'benchmarks'}: expected one benchmark .json file, found {len(files)}")
    data = _read_json(files[0])
    tests = data.get("tests") if isinstance(data, dict) else None
    if not isinstance(tests, list) or not tests:
        raise EvalDataError(f"{files[0]}: expected {{\"tests\": [...]}} with at least one test")
    queries = [_span_query(files[0], index, test) for index, test in enumerate(tests)]
    subfolders = {span.file.split("/", 1)[0] for q in queries for span in q.gold}
    if len(subfolders) != 1:
        raise EvalDataError(f"{files[0]}: snippets point at {len(subfolders)} corpus folders ({sorted(subfolders)}), expected one")
    corpus_dir = folder / "corpus" / subfolders.pop()
    for span in {s.file for q in queries for s in q.gold}:
        if not (folder / "corpus" / span).is_file():
            raise EvalDataError(f"{files[0]}: snippet file {span!r} is not in {folder / 'corpus'}")
    return SpanDataset(name=name or folder.name, corpus_dir=corpus_dir, queries=tuple(queries))


def _span_query(path: Path, index: int, test: Any) -> SpanQuery:
    try:
        gold = tuple(
            FileSpan(str(s["file_path"]), int(s["span"][0]), int(s["span"][1])) for s in test["snippets"]
        )
        query = str(test["query"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EvalDataError(f"{path}: test {index + 1} is not {{query, snippets: [{{file_path, span}}]}} ({exc})") from exc
    if not gold:
        raise EvalDataError(f"{path}: test {index + 1} has no snippet")
    qid = str(test.get("query_id") or f"q{index + 1:04d}")
    return SpanQuery(qid=qid, query=query, gold=gold, category=test.get("cuad_category") or test.get("contractnli_hypothesis"))


# --- Code du travail numérique -------------------------------------------------------------------


def load_cdtn(
    folder: Path,
    *,
    distractors: int = CDTN_DISTRACTORS,
    idcc_queries: int | None = None,
    seed: int = CDTN_SEED,
) -> ArticleDataset:
    """Questions with cited articles, and the articles to index: every cited one plus random distractors.

    Queries: the generic questions that cite Code du travail articles (the others defer to a
    service-public.fr page and cannot be scored at article level), then the (question, collective
    agreement) pairs whose answer cites agreement articles — all of them, or ``idcc_queries`` drawn at
    random. An agreement question names its agreement (« Convention collective … (IDCC …) : question »),
    since the same question is asked of every agreement.

    Articles: every article cited by a selected query, plus ``distractors`` articles drawn at random
    (``seed``) from the rest of the Code du travail and of the 16 agreements; empty articles are left out.

    Raises EvalDataError when a file is missing or malformed.
    """
    folder = Path(folder)
    meta = _read_json(folder / "corpus" / "corpus_meta.json")
    containers = {c["container"]: c for c in meta.get("kali_containers", [])}
    idcc_names = {c["idcc"]: c["shortTitle"] for c in containers.values()}
    articles = _cdtn_articles(folder, containers)

    generic = [row for row in _read_jsonl(folder / "queries_generic.jsonl") if row.get("gold_code_du_travail_ids")]
    idcc_rows = [row for row in _read_jsonl(folder / "queries_idcc.jsonl") if row.get("gold_kali_article_ids")]
    rng = random.Random(seed)
    if idcc_queries is not None and idcc_queries < len(idcc_rows):
        chosen = set(rng.sample(range(len(idcc_rows)), idcc_queries))
        idcc_rows = [row for i, row in enumerate(idcc_rows) if i in chosen]

    queries: list[ArticleQuery] = []
    dropped_gold: list[str] = []
    for row, kind, key in [(r, "generic", "gold_code_du_travail_ids") for r in generic] + [
        (r, "idcc", "gold_kali_article_ids") for r in idcc_rows
    ]:
        gold = tuple(dict.fromkeys(a for a in row[key] if a in articles))
        dropped_gold += [a for a in row[key] if a not in articles]
        if not gold:
            continue
        question = str(row["question"]).strip()
        if kind == "idcc":
            name = idcc_names.get(row["idcc"], "")
            question = f"Convention collective {name} (IDCC {row['idcc']}) : {question}"
        queries.append(ArticleQuery(qid=str(row["qid"]), query=question, gold=gold, kind=kind))

    needed = {a for q in queries for a in q.gold}
    pool = sorted(a for a in articles if a not in needed)
    sampled = rng.sample(pool, min(distractors, len(pool)))
    selected = sorted(needed | set(sampled), key=lambda a: (articles[a].source, a))
    selection = {
        "generic_queries": sum(q.kind == "generic" for q in queries),
        "idcc_queries": sum(q.kind == "idcc" for q in queries),
        "generic_questions_without_cited_articles": len(_read_jsonl(folder / "queries_generic.jsonl")) - len(generic),
        "gold_articles": len(needed),
        "gold_ids_without_text": sorted(set(dropped_gold)),
        "distractors": len(sampled),
        "articles_available": len(articles),
        "seed": seed,
    }
    return ArticleDataset(
        name=folder.name, queries=tuple(queries), articles=tuple(articles[a] for a in selected), selection=selection
    )


def _cdtn_articles(folder: Path, containers: dict[str, dict[str, Any]]) -> dict[str, Article]:
    """Every non-empty article of the Code du travail and the agreements, by id (first occurrence kept)."""
    articles: dict[str, Article] = {}
    code = folder / "corpus" / "code_du_travail.jsonl"
    for row in _read_jsonl(code):
        _keep(articles, _article(code, row, "Code du travail", "code_du_travail"))
    kali_dir = folder / "corpus" / "kali"
    if not kali_dir.is_dir():
        raise EvalDataError(f"{kali_dir} not found: the CDTN corpus lacks the collective agreements")
    for path in sorted(kali_dir.glob("*.jsonl")):
        for row in _read_jsonl(path):
            container = containers.get(row.get("container") or path.stem, {})
            label = f"Convention collective {container.get('shortTitle', path.stem)} (IDCC {container.get('idcc', '?')})"
            _keep(articles, _article(path, row, label, path.stem))
    return articles


def _article(path: Path, row: dict[str, Any], label: str, source: str) -> Article:
    if not isinstance(row.get("id"), str) or not isinstance(row.get("text"), str):
        raise EvalDataError(f"{path}: an article row lacks its 'id' or 'text' string ({str(row)[:80]})")
    return Article(id=row["id"], title=_article_title(label, row), text=row["text"], source=source)


def _keep(articles: dict[str, Article], article: Article) -> None:
    if article.text.strip() and article.id not in articles:
        articles[article.id] = article


def _article_title(label: str, row: dict[str, Any]) -> str:
    """« <code or agreement> — article <num> — <innermost section> » (the indexed chunk header)."""
    parts = [label, f"article {row.get('num') or '?'}"]
    sections = row.get("section_path") or []
    if len(sections) > 1:
        parts.append(str(sections[-1]))
    return " — ".join(parts)


def dataroom_entries(articles: tuple[Article, ...] | list[Article]) -> list[dict[str, str]]:
    """Articles as a data-room JSON list: file name = article id, so a chunk's file names its article."""
    return [{"filename": a.id, "title": a.title, "content": a.text} for a in articles]


# --- file reading --------------------------------------------------------------------------------


def _read_json(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise EvalDataError(f"{path} not found") from exc
    except json.JSONDecodeError as exc:
        raise EvalDataError(f"{path}: malformed JSON at line {exc.lineno}: {exc.msg}") from exc


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return list(_iter_jsonl(path))


def _iter_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    try:
        handle = open(path, encoding="utf-8")
    except FileNotFoundError as exc:
        raise EvalDataError(f"{path} not found") from exc
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise EvalDataError(f"{path}: malformed JSON on line {number}: {exc.msg}") from exc
            if not isinstance(row, dict):
                raise EvalDataError(f"{path}: line {number} is not a JSON object")
            yield row
