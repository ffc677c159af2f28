"""Hand-written code against a well-kept library, measured on the same inputs (issue 13).

    .venv/bin/python benchmarks/library_choices.py [--evaldata ../shared/evaldata]

1. Language of a contract (duplicates: a courtesy translation is a pair in two languages): the
   function-word count of greffier/services/dataroom/duplicates.py against py3langid restricted to
   French and English, on real texts nobody here wrote — CUAD contracts (English) and Code du travail
   articles and collective agreements from CDTN (French) — accuracy and time per text.
2. MinHash signatures (duplicates: candidate pairs): the vectorised numpy MinHash of duplicates.py
   against datasketch's MinHash (update_batch), on the same shingles: time for N texts, and how often
   the two agree that a pair of texts shares a band (candidate or not).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import greffier  # noqa: E402,F401  (privacy switches first)
from greffier.services.dataroom import duplicates as dup  # noqa: E402

DEFAULT_EVALDATA = Path(__file__).resolve().parents[2] / "shared" / "evaldata"

# The hand-written guesser that greffier/text/language.py replaced (kept here as the baseline measured).
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "fr": frozenset("le la les des du et est une au aux dans sur pour par qui que ne pas sont cette ses leur avec être".split()),
    "en": frozenset("the of and to is are be by for with this that shall any which from will its such been".split()),
    "de": frozenset("der die das und ist nicht mit den dem des ein eine zu von auf für werden wird".split()),
    "es": frozenset("el los las del y es una con por para que se su al como sus este esta".split()),
    "it": frozenset("il gli della delle dei e è una con per che di nel alla sono questo questa".split()),
    "nl": frozenset("de het een van en is niet met op voor zijn worden wordt deze dit aan".split()),
}


def function_word_language(tokens: list[str]) -> str:
    """The language with the most distinct function words among the first words, or ``und``."""
    head = set(tokens[:300])
    ranked = sorted(((len(head & words), lang) for lang, words in FUNCTION_WORDS.items()), reverse=True)
    (top, best), (second, _) = ranked[0], ranked[1]
    return best if top >= 3 and top >= 1.5 * second else "und"





def french_texts(evaldata: Path, limit: int) -> list[str]:
    """Articles of the Code du travail with at least 60 words (CDTN corpus), a seeded sample."""
    rows = []
    with (evaldata / "cdtn_contributions_fr" / "corpus" / "code_du_travail.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            text = json.loads(line).get("text") or ""
            if len(text.split()) >= 60:
                rows.append(text)
    random.Random(0).shuffle(rows)
    return rows[:limit]


def english_texts(evaldata: Path, limit: int) -> list[str]:
    files = sorted((evaldata / "cuad_v1" / "full_contract_txt").glob("*.txt"))
    random.Random(0).shuffle(files)
    return [f.read_text(encoding="utf-8", errors="replace") for f in files[:limit]]


def language_check(evaldata: Path, limit: int, questions: Path | None = None) -> dict:
    from greffier.text.language import guess_language  # noqa: PLC0415  (the library measured, as Greffier calls it)

    samples = [("fr", t) for t in french_texts(evaldata, limit)] + [("en", t) for t in english_texts(evaldata, limit)]
    results = {}
    for name, guess in (
        ("function words (the former hand-written guesser)", lambda text: function_word_language(dup._WORD.findall(text.casefold())[: dup.MAX_TOKENS])),
        ("py3langid fr/en (greffier.text.language)", lambda text: guess_language(text)),
    ):
        right, undecided, times = 0, 0, []
        for truth, text in samples:
            started = time.perf_counter()
            found = guess(text)
            times.append((time.perf_counter() - started) * 1000)
            right += found == truth
            undecided += found == "und"
        results[name] = {"texts": len(samples), "correct": right, "accuracy": round(right / len(samples), 4), "undecided": undecided,
                         "ms_p50": round(statistics.median(times), 3)}
    return results


QUESTIONS = Path(__file__).resolve().parent / "data" / "bilingual_qa.yaml"


def question_language_check() -> dict:
    """Both guessers on the questions of the bilingual set (short texts: where they differ)."""
    if not QUESTIONS.is_file():
        return {"skipped": f"{QUESTIONS} not found"}
    import yaml  # noqa: PLC0415

    from greffier.text.language import guess_language  # noqa: PLC0415

    data = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))
    questions = data["questions"] if isinstance(data, dict) else data
    ours = sum(function_word_language(dup._WORD.findall(q["question"].casefold())) == q["lang"] for q in questions)
    library = sum(guess_language(q["question"]) == q["lang"] for q in questions)
    return {"questions": len(questions), "function words correct": ours, "py3langid correct": library}


def minhash_check(evaldata: Path, limit: int) -> dict:
    from datasketch import MinHash  # noqa: PLC0415  (the library measured)

    texts = english_texts(evaldata, limit)
    features = {str(i): dup._text_features(text) for i, text in enumerate(texts)}
    started = time.perf_counter()
    ours = dup._band_keys(features)
    ours_s = time.perf_counter() - started
    permutations = dup.MINHASH_BANDS * dup.MINHASH_ROWS
    started = time.perf_counter()
    theirs: dict[str, tuple[int, ...]] = {}
    for cid, feature in features.items():
        if not feature.shingles.size:
            continue
        minhash = MinHash(num_perm=permutations, seed=1)
        minhash.update_batch([int(h).to_bytes(8, "little") for h in feature.shingles])
        values = minhash.hashvalues
        theirs[cid] = tuple(hash(tuple(values[b * dup.MINHASH_ROWS:(b + 1) * dup.MINHASH_ROWS])) for b in range(dup.MINHASH_BANDS))
    theirs_s = time.perf_counter() - started
    ids = sorted(set(ours) & set(theirs))
    agree = total = 0
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            ours_pair = any(x == y for x, y in zip(ours[a], ours[b]))
            theirs_pair = any(x == y for x, y in zip(theirs[a], theirs[b]))
            agree += ours_pair == theirs_pair
            total += 1
    return {"texts": len(texts), "ours_s": round(ours_s, 3), "datasketch_s": round(theirs_s, 3), "pairs": total, "candidate_decisions_agree": round(agree / max(1, total), 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evaldata", type=Path, default=DEFAULT_EVALDATA)
    parser.add_argument("--texts", type=int, default=200, help="texts per language (language) and texts hashed (MinHash)")
    args = parser.parse_args(argv)
    if not args.evaldata.is_dir():
        print(f"skipped: {args.evaldata} not found (the shared evaluation data)")
        return 0
    report = {"language": language_check(args.evaldata, args.texts), "question_language": question_language_check(), "minhash": minhash_check(args.evaldata, args.texts)}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
