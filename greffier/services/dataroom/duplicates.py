"""``find_duplicates``: contracts of a data room that are the same act twice.

Two kinds are reported:

* **duplicate** — the same file uploaded twice, possibly converted or retyped: a party spelled a
  little differently, a date written in another format;
* **translation** — a courtesy translation: another language, the same parties, type and dates, and
  articles that line up one to one in the multilingual embedding space.

A contract is never paired with its own amendment (``amends`` / ``amended_by``), nor with another
act the same parties signed the same day (different type, different text).

Nothing compares all pairs. Contracts meet only inside *blocks*: one party in common (names
clustered so that accents and a one-letter typo do not matter) and the same signature day; the same
normalised text; or the same MinHash band of their word shingles and the same day (near-identical
text whatever the parties say; a band shared by a whole template family is skipped). An undated
contract meets those sharing its pair of parties. Inside a block a pair is judged on its metadata
first (a field the text contradicts counts with both readings), then on its shingles; chunk vectors
are read from Chroma only for the few pairs the embeddings must decide (translations, reworded
copies).

Text features (normalised-text hash, language, shingles, MinHash signature) are computed once per
process for each chunk generation of the workspace.
"""

from __future__ import annotations

import hashlib
import logging
import re
import unicodedata
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import combinations
from typing import Any

import numpy as np
from sqlmodel import select

from greffier.dataroom.extract.text import ORDER_DOUBT_MARK, other_reading
from greffier.dataroom.normalize import edit_distance
from greffier.services.dataroom.query import ToolInputError
from greffier.dataroom.records import ContractRecord
from store.records import load_dataroom
from greffier.text.language import guess_language
from store.workspace import WorkspaceStore
from store.models import Chunk, Contract
from difflib import get_close_matches

log = logging.getLogger(__name__)

# --- tuning -------------------------------------------------------------------------------------

SHINGLE_WORDS = 4  # words per shingle for lexical near-duplicates
MAX_TOKENS = 6000  # tokens of a contract used for shingles and language (the rest adds little)
MINHASH_BANDS = 8
MINHASH_ROWS = 4  # 8 bands x 4 rows: Jaccard 0.8 → candidate 98.5 %, Jaccard 0.3 → 6 %
LSH_BUCKET_LIMIT = 40  # a text band shared by more contracts is a template family, not a duplicate
RARE_PARTY_LIMIT = 30  # an undated contract meets every contract of a party seen in at most this many
VECTOR_BATCH = 4000  # chunk ids per Chroma get
LANGUAGE_TOKENS = 80  # words read to tell the language (always right on 600 contracts and articles: benchmarks/library_choices.py)

NEAR_DUPLICATE_JACCARD = 0.5  # shingle Jaccard of a retyped or reconverted copy
RETYPED_JACCARD = 0.2  # ...when the embeddings say it is the same text
SAME_TEXT_SIMILARITY = 0.95  # aligned-article cosine of two versions of one text, same language
TRANSLATION_SIMILARITY = 0.78  # aligned-article cosine of a text and its translation
TRANSLATION_SIMILARITY_SAME_METADATA = 0.62  # ...when parties, type and dates all agree

REASON_ORDER = ("same file content", "same parties", "same type", "same dates", "text similarity", "translation")

_WORD = re.compile(r"\w+")
_NON_DIGITS = re.compile(r"\D+")


# --- per-contract text features ------------------------------------------------------------------


@dataclass(frozen=True)
class _TextFeatures:
    content_key: str  # hash of the case-folded, whitespace-normalised text
    language: str  # fr | en | de | es | it | nl | und
    shingles: np.ndarray  # sorted unique uint64 hashes of word shingles


@dataclass(frozen=True)
class _Corpus:
    """Text features of every contract of one chunk generation, with MinHash band keys."""

    generation: int
    features: dict[str, _TextFeatures]
    band_keys: dict[str, tuple[int, ...]]  # contract id → one key per band (empty: no text)


# MinHash permutations h -> a*h + b (mod 2**64, a odd) and one odd multiplier per shingle position.
# Fixed seed: the same text always gets the same signature.
_rng = np.random.default_rng(20240611)
_PERM_A = (_rng.integers(1, 2**63 - 1, size=MINHASH_BANDS * MINHASH_ROWS, dtype=np.uint64) << np.uint64(1)) | np.uint64(1)
_PERM_B = _rng.integers(0, 2**63 - 1, size=MINHASH_BANDS * MINHASH_ROWS, dtype=np.uint64)
_SHINGLE_MULTIPLIERS = (_rng.integers(1, 2**63 - 1, size=SHINGLE_WORDS, dtype=np.uint64) << np.uint64(1)) | np.uint64(1)


def _shingle_hashes(tokens: Sequence[str]) -> np.ndarray:
    """Sorted unique 64-bit hashes of the word shingles of one text (one hash for a short text).

    Words are hashed with CRC-32, not Python's salted ``hash``: the same text gets the same shingles
    in every process, so the MinHash blocks, hence the answer, never change from one run to the next."""
    if not tokens:
        return np.empty(0, dtype=np.uint64)
    words = np.fromiter(map(zlib.crc32, map(str.encode, tokens)), dtype=np.uint64, count=len(tokens))
    width = min(SHINGLE_WORDS, words.size)
    count = words.size - width + 1
    mixed = np.zeros(count, dtype=np.uint64)
    for offset in range(width):
        mixed ^= words[offset : offset + count] * _SHINGLE_MULTIPLIERS[offset]
        mixed = (mixed << np.uint64(13)) | (mixed >> np.uint64(51))
    mixed.sort()
    return mixed[np.concatenate(([True], mixed[1:] != mixed[:-1]))]


def _text_features(text: str) -> _TextFeatures:
    tokens = _WORD.findall(text.casefold())
    content_key = hashlib.blake2b(" ".join(tokens).encode(), digest_size=16).hexdigest()
    head = tokens[:MAX_TOKENS]
    return _TextFeatures(content_key, guess_language(" ".join(head[:LANGUAGE_TOKENS])), _shingle_hashes(head))


def _band_keys(features: dict[str, _TextFeatures]) -> dict[str, tuple[int, ...]]:
    """MinHash signatures of the shingle sets, folded into one key per band (vectorised over all texts)."""
    ids = [cid for cid, f in features.items() if f.shingles.size]
    if not ids:
        return {}
    arrays = [features[cid].shingles for cid in ids]
    offsets = np.cumsum([0] + [a.size for a in arrays[:-1]])
    hashes = np.concatenate(arrays)
    signature = np.empty((len(ids), _PERM_A.size), dtype=np.uint64)
    for column, (a, b) in enumerate(zip(_PERM_A, _PERM_B)):
        signature[:, column] = np.minimum.reduceat(hashes * a + b, offsets)
    keys = np.zeros((len(ids), MINHASH_BANDS), dtype=np.uint64)
    for band in range(MINHASH_BANDS):
        rows = signature[:, band * MINHASH_ROWS : (band + 1) * MINHASH_ROWS]
        for row in range(MINHASH_ROWS):
            keys[:, band] = (keys[:, band] * np.uint64(0x100000001B3)) ^ rows[:, row]
    return {cid: tuple(int(k) for k in keys[i]) for i, cid in enumerate(ids)}


def _corpus(workspace: WorkspaceStore, generation: int) -> _Corpus:
    """Text features of the workspace's contracts, computed once per chunk generation (kept in the store)."""

    def build() -> _Corpus:
        with workspace.session() as session:
            rows = list(session.exec(select(Contract.id, Contract.text)))
        features = {contract_id: _text_features(text or "") for contract_id, text in rows}
        return _Corpus(generation, features, _band_keys(features))

    return workspace.memo("duplicates.corpus", build, stamp=generation)


# --- parties --------------------------------------------------------------------------------------


def _deletions(key: str) -> Iterator[str]:
    """``key`` and ``key`` less one letter: two names one typo apart share one of these. Digits are
    never deleted: « SCI Lot 12 » and « SCI Lot 13 » are two companies."""
    yield key
    for i, char in enumerate(key):
        if not char.isdigit():
            yield key[:i] + key[i + 1 :]


def _party_clusters(records: Iterable[ContractRecord]) -> dict[str, str]:
    """Entity id → cluster id: ids one letter apart (a typo) share a cluster. Accents and legal forms
    are already folded by the entity ids themselves. Found through deletion neighbourhoods, so
    thousands of entities cost a dictionary lookup per letter, not a comparison per pair."""
    entity_ids = sorted({p.entity_id for r in records for p in r.parties if p.entity_id})
    parent = {e: e for e in entity_ids}

    def root(e: str) -> str:
        while parent[e] != e:
            parent[e] = parent[parent[e]]
            e = parent[e]
        return e

    by_variant: dict[str, str] = {}
    for entity in entity_ids:
        if len(entity) < 6:  # short names: one letter is a different name
            continue
        for variant in _deletions(entity):
            other = by_variant.setdefault(variant, entity)
            if other != entity:
                a, b = root(entity), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {e: root(e) for e in entity_ids}


def _names_match(first: str, second: str, clusters: dict[str, str]) -> bool:
    """Two entity ids for the same party: same cluster, one name inside the other, or close spelling."""
    if first == second or clusters.get(first, first) == clusters.get(second, second):
        return True
    words_a, words_b = set(first.split("_")), set(second.split("_"))
    if words_a <= words_b or words_b <= words_a:
        return True
    if _NON_DIGITS.sub("", first) != _NON_DIGITS.sub("", second):
        return False  # « Lot 12 » is not « Lot 13 »
    limit = 1 if min(len(first), len(second)) < 12 else 2
    return edit_distance(first, second, limit) <= limit


def _same_parties(a: ContractRecord, b: ContractRecord, clusters: dict[str, str]) -> bool:
    """The party lists match one to one (up to spelling)."""
    return bool(a.parties) and len(a.parties) == len(b.parties) and len(_match_parties(a, b, clusters)) == len(a.parties)


def _parties_given(record: ContractRecord) -> bool:
    """The parties come from the data room's metadata, not from reading the text."""
    source = record.sources.get("parties")
    return source is not None and source.origin == "manifest"


def _parties_agree(a: ContractRecord, b: ContractRecord, clusters: dict[str, str]) -> bool:
    """The same parties; or, when a list was read from the text (and may hold a heading), at least
    one party in common."""
    if _same_parties(a, b, clusters):
        return True
    return not (_parties_given(a) and _parties_given(b)) and bool(_match_parties(a, b, clusters))


def _match_parties(a: ContractRecord, b: ContractRecord, clusters: dict[str, str]) -> list[tuple[int, int]]:
    """Greedy one-to-one matching of the parties of ``a`` and ``b`` (index pairs)."""
    matched: list[tuple[int, int]] = []
    used: set[int] = set()
    for i, party in enumerate(a.parties):
        for j, other in enumerate(b.parties):
            if j not in used and _names_match(party.entity_id, other.entity_id, clusters):
                matched.append((i, j))
                used.add(j)
                break
    return matched


# --- blocking -----------------------------------------------------------------------------------


@dataclass
class _Blocks:
    pairs: set[tuple[str, str]] = field(default_factory=set)
    count: int = 0

    def add(self, members: Sequence[str]) -> None:
        """Every pair of ``members``."""
        if len(members) < 2:
            return
        self.count += 1
        for a, b in combinations(sorted(set(members)), 2):
            self.pairs.add((a, b))

    def add_star(self, center: str, members: Sequence[str]) -> None:
        """``center`` with each of ``members``."""
        others = [m for m in members if m != center]
        if others:
            self.count += 1
            self.pairs.update((min(center, m), max(center, m)) for m in others)


def _same_day_groups(members: Sequence[ContractRecord]) -> list[list[str]]:
    """A block split by signature date, an undated member joining every day: short of the same
    text, two contracts signed on different days are two acts, so they need not meet."""
    by_day: dict[date, list[str]] = defaultdict(list)
    undated: list[str] = []
    for record in members:
        for day in _signature_days(record) or [None]:
            (by_day[day] if day is not None else undated).append(record.id)
    return [same_day + undated for same_day in by_day.values()] or [undated]


def _signature_days(record: ContractRecord) -> list[date]:
    """The days a contract may have been signed on: its signature date, and — when that date was written in figures that read
    either way (« 11/04/2024 ») — the other reading too, so that a copy that writes the date otherwise still meets its original."""
    return sorted(_date_readings(record, "signature_date"))


def _date_readings(record: ContractRecord, field: str) -> set[date]:
    """A date field's value, and its other reading when it was written in figures whose day and month could be either way."""
    value = getattr(record, field)
    if value is None:
        return set()
    other = other_reading(value) if _order_doubt(record, field) else None
    return {value, other} if other else {value}


def _order_doubt(record: ContractRecord, field: str) -> bool:
    source = record.sources.get(field)
    return source is not None and ORDER_DOUBT_MARK in source.doubt


def _dates_meet(a: ContractRecord, b: ContractRecord, field: str) -> bool:
    """The same day: the same value, or — one copy writing it in figures that read either way, the other not (in words, or
    in figures only one order allows) — the other reading of the figures. Two documents that both write figures keep their
    own readings: statements of work "dated 4/11/2024" and "dated 11/4/2024" are two acts (a review)."""
    first, second = getattr(a, field), getattr(b, field)
    if first is None or second is None:
        return False
    if first == second:
        return True
    doubt_a, doubt_b = _order_doubt(a, field), _order_doubt(b, field)
    if doubt_a == doubt_b:
        return False
    return second in _date_readings(a, field) if doubt_a else first in _date_readings(b, field)


def _candidate_pairs(records: Sequence[ContractRecord], clusters: dict[str, str], corpus: _Corpus) -> _Blocks:
    """Pairs of contracts that share a block: the same normalised text; one party (up to spelling)
    and the signature day; or a MinHash band of their shingles and the signature day. A contract
    with no signature date meets those sharing its pair of parties (or a party seen in few
    contracts) or a band, whatever their date. A band shared by too many contracts (a template
    family) is skipped."""
    blocks = _Blocks()
    same_day: dict[tuple[str, date], list[str]] = defaultdict(list)
    by_parties: dict[tuple[str, ...], list[ContractRecord]] = defaultdict(list)
    frequency: Counter[str] = Counter()
    for record in records:
        parties = sorted({clusters[p.entity_id] for p in record.parties if p.entity_id})
        frequency.update(parties)
        for day in _signature_days(record):
            for party in parties:
                same_day[(party, day)].append(record.id)
        keys = [("pair", *pair) for pair in combinations(parties, 2)] if len(parties) > 1 else [("one", *parties)] if parties else []
        for key in keys:
            by_parties[key].append(record)
    for record in records:
        for party in {clusters[p.entity_id] for p in record.parties if p.entity_id}:
            if frequency[party] <= RARE_PARTY_LIMIT:
                by_parties[("rare", party)].append(record)
    for members in same_day.values():
        blocks.add(members)
    for members in by_parties.values():
        for record in members:
            if record.signature_date is None:
                blocks.add_star(record.id, [other.id for other in members])
    same_text: dict[str, list[str]] = defaultdict(list)
    bands: dict[tuple[int, int], list[ContractRecord]] = defaultdict(list)
    for record in records:
        features = corpus.features.get(record.id)
        if features is None:
            continue
        same_text[features.content_key].append(record.id)
        for band, key in enumerate(corpus.band_keys.get(record.id, ())):
            bands[(band, key)].append(record)
    for members in same_text.values():
        blocks.add(members)
    for similar in bands.values():
        if 1 < len(similar) <= LSH_BUCKET_LIMIT:  # more: a template family, not copies of one act
            for group in _same_day_groups(similar):
                blocks.add(group)
    return blocks


# --- judging a pair -------------------------------------------------------------------------------


def _jaccard(first: np.ndarray, second: np.ndarray) -> float:
    if first.size == 0 or second.size == 0:
        return 0.0
    common = np.intersect1d(first, second, assume_unique=True).size
    return common / (first.size + second.size - common)


_COMPARED_FIELDS = (("contract type", "contract_type", "contract_type"), ("signature date", "signature_date", "signature_date"),
                   ("end date", "initial_end_date", "end_date"))  # label, record attribute, key of text_values


def _readings(record: ContractRecord, attribute: str, text_key: str) -> set[Any]:
    """A field's value, and the text's value when the text contradicts the metadata."""
    return {value for value in (getattr(record, attribute), record.text_values.get(text_key)) if value is not None}


_DATE_FIELDS = frozenset({"signature_date", "end_date", "initial_end_date"})


def _metadata_conflicts(a: ContractRecord, b: ContractRecord) -> list[str]:
    """Fields known on both sides with no reading in common (a copy has none): a metadata typo that
    the text itself contradicts does not count."""
    conflicts = []
    for label, attribute, text_key in _COMPARED_FIELDS:
        first, second = _readings(a, attribute, text_key), _readings(b, attribute, text_key)
        if first and second and not first & second and not (attribute in _DATE_FIELDS and _dates_meet(a, b, attribute)):
            conflicts.append(label)
    return conflicts


def _same_dates(a: ContractRecord, b: ContractRecord) -> bool:
    """Signed the same day (a date in figures read either way: one of its readings); or, when a signature date is unknown,
    ending the same day."""
    if a.signature_date is not None and b.signature_date is not None:
        return _dates_meet(a, b, "signature_date")
    return _dates_meet(a, b, "initial_end_date")


@dataclass
class _Pair:
    a: ContractRecord
    b: ContractRecord
    features_a: _TextFeatures
    features_b: _TextFeatures
    jaccard: float = 0.0
    similarity: float | None = None  # aligned-article cosine; None when a vector is missing

    @property
    def same_content(self) -> bool:
        return self.features_a.content_key == self.features_b.content_key and self.features_a.shingles.size > 0

    @property
    def languages(self) -> tuple[str, str]:
        return self.features_a.language, self.features_b.language

    @property
    def other_language(self) -> bool:
        la, lb = self.languages
        return "und" not in (la, lb) and la != lb


def _comparable(first: ContractRecord, second: ContractRecord, corpus: _Corpus, dismissed: set[frozenset[str]]) -> _Pair | None:
    """The pair in data-room order with its shingle Jaccard, or None when it cannot be one act: an
    amendment and its contract, a dismissed pair, or metadata that disagrees on a text that differs."""
    a, b = (first, second) if first.position <= second.position else (second, first)
    if a.amends == b.id or b.amends == a.id or frozenset((a.id, b.id)) in dismissed:
        return None
    features_a, features_b = corpus.features.get(a.id), corpus.features.get(b.id)
    if features_a is None or features_b is None:
        return None
    pair = _Pair(a, b, features_a, features_b)
    if pair.same_content:
        pair.jaccard = 1.0
    elif _metadata_conflicts(a, b):
        return None
    else:
        pair.jaccard = _jaccard(features_a.shingles, features_b.shingles)
    return pair


def _folded_words(text: str) -> set[str]:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return set(_WORD.findall("".join(ch for ch in decomposed if not unicodedata.combining(ch))))


def _parties_consistent(pair: _Pair, clusters: dict[str, str], texts: dict[str, str]) -> bool:
    """Every party the metadata gives for one contract is a party of the other, or at least named in
    its text. A party the other contract never names means another act, e.g. the same template
    signed with someone else."""
    matched = _match_parties(pair.a, pair.b, clusters)
    unmatched_a = [p for i, p in enumerate(pair.a.parties) if i not in {i for i, _ in matched}]
    unmatched_b = [p for j, p in enumerate(pair.b.parties) if j not in {j for _, j in matched}]
    for missing, owner, other in ((unmatched_a, pair.a, pair.b), (unmatched_b, pair.b, pair.a)):
        if not missing or not _parties_given(owner):
            continue  # parties read from the text may be a heading: they prove nothing
        words = _folded_words(texts.get(other.id, ""))
        for party in missing:
            if not all(w in words for w in party.entity_id.split("_") if w):
                return False
    return True


def _aligned_similarity(first: np.ndarray, second: np.ndarray) -> float:
    """Mean best-match cosine of each article with the other contract's, both ways: a translation
    lines up article by article, two different acts only here and there."""
    scores = first @ second.T
    return float((scores.max(axis=1).mean() + scores.max(axis=0).mean()) / 2)


def _verdict(pair: _Pair, consistent: bool, parties_agree: bool) -> str | None:
    """``duplicate``, ``translation`` or None. ``consistent``: no party of one is foreign to the other
    (:func:`_parties_consistent`); ``parties_agree``: see :func:`_parties_agree`."""
    if pair.same_content:
        return "duplicate"
    if not consistent or _metadata_conflicts(pair.a, pair.b):
        return None
    if pair.jaccard >= NEAR_DUPLICATE_JACCARD:
        return "duplicate"
    if pair.similarity is None or not _same_dates(pair.a, pair.b):
        return None
    if pair.other_language:
        same_type = bool(_readings(pair.a, "contract_type", "contract_type") & _readings(pair.b, "contract_type", "contract_type"))
        threshold = TRANSLATION_SIMILARITY_SAME_METADATA if parties_agree and same_type else TRANSLATION_SIMILARITY
        return "translation" if pair.similarity >= threshold else None
    if pair.similarity >= SAME_TEXT_SIMILARITY and pair.jaccard >= RETYPED_JACCARD:
        return "duplicate"
    return None


# --- vectors --------------------------------------------------------------------------------------


def _contract_vectors(workspace: WorkspaceStore, contract_ids: set[str]) -> dict[str, np.ndarray]:
    """Unit chunk vectors of each contract (rows), read from Chroma in batches."""
    if not contract_ids:
        return {}
    wanted = sorted(contract_ids)
    chunk_owner: dict[str, str] = {}
    with workspace.session() as session:
        for start in range(0, len(wanted), 500):
            batch = wanted[start : start + 500]
            for chunk_id, contract_id in session.exec(select(Chunk.id, Chunk.contract_id).where(Chunk.contract_id.in_(batch))):
                chunk_owner[chunk_id] = contract_id
    rows: dict[str, list[np.ndarray]] = defaultdict(list)
    collection = workspace.collection()
    chunk_ids = sorted(chunk_owner)
    for start in range(0, len(chunk_ids), VECTOR_BATCH):
        got = collection.get(ids=chunk_ids[start : start + VECTOR_BATCH], include=["embeddings"])
        embeddings = got["embeddings"]
        if embeddings is None:
            continue
        for chunk_id, vector in zip(got["ids"], embeddings):
            rows[chunk_owner[chunk_id]].append(np.asarray(vector, dtype=np.float32))
    vectors: dict[str, np.ndarray] = {}
    for contract_id, vs in rows.items():
        matrix = np.vstack(vs)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        vectors[contract_id] = matrix / np.where(norms == 0, 1, norms)
    return vectors


# --- output ---------------------------------------------------------------------------------------


def _reasons(pair: _Pair, kind: str, clusters: dict[str, str]) -> list[str]:
    a, b = pair.a, pair.b
    reasons = set()
    if pair.same_content:
        reasons.add("same file content")
    if _same_parties(a, b, clusters):
        reasons.add("same parties")
    if a.contract_type is not None and a.contract_type == b.contract_type:
        reasons.add("same type")
    if _same_dates(a, b) and not ({"signature date", "end date"} & set(_metadata_conflicts(a, b))):
        reasons.add("same dates")
    threshold = TRANSLATION_SIMILARITY_SAME_METADATA if kind == "translation" else SAME_TEXT_SIMILARITY
    if pair.jaccard >= NEAR_DUPLICATE_JACCARD or (pair.similarity or 0) >= threshold:
        reasons.add("text similarity")
    if kind == "translation":
        reasons.add("translation")
    return [r for r in REASON_ORDER if r in reasons]


def _file_names(a: ContractRecord, b: ContractRecord) -> tuple[str, str]:
    """The two copies as a note names them: by file name (two copies share a title, never a file), the
    whole workspace path where the names are alike."""
    names = (a.file.rsplit("/", 1)[-1], b.file.rsplit("/", 1)[-1])
    return (a.file, b.file) if names[0] == names[1] else names


def _notes(pair: _Pair, clusters: dict[str, str]) -> list[str]:
    """What differs between the two copies: spellings, date formats, conflicting metadata; each copy
    named by its file, not its internal id."""
    a, b = pair.a, pair.b
    file_a, file_b = _file_names(a, b)
    notes = []
    for i, j in _match_parties(a, b, clusters):
        name_a, name_b = a.parties[i].raw_name, b.parties[j].raw_name
        if " ".join(name_a.split()) != " ".join(name_b.split()):
            notes.append(f"party written {name_a!r} in {file_a}, {name_b!r} in {file_b}")
    for field_name, label in (("signature_date", "signature date"), ("end_date", "end date")):
        raw_a, raw_b = (r.sources[field_name].raw if field_name in r.sources else "" for r in (a, b))
        if raw_a and raw_b and raw_a != raw_b and getattr(a, field_name) == getattr(b, field_name):
            notes.append(f"{label} written {raw_a!r} in {file_a}, {raw_b!r} in {file_b}")
        elif getattr(a, field_name) != getattr(b, field_name) and _dates_meet(a, b, field_name):
            # « 11/04/2024 » read 4 November in one copy, "11 April 2024" in the other: the same day, read two ways
            notes.append(f"{label} read {getattr(a, field_name)} in {file_a}, {getattr(b, field_name)} in {file_b}: figures that read either way")
    for conflict in _metadata_conflicts(a, b):
        notes.append(f"{conflict} differs between the two copies")
    return notes


def _pair_output(pair: _Pair, kind: str, clusters: dict[str, str]) -> dict[str, Any]:
    a, b = pair.a, pair.b
    similarity = pair.similarity if pair.similarity is not None else pair.jaccard
    embedding = None if pair.similarity is None else round(pair.similarity, 4)
    return {
        "contract_ids": [a.id, b.id],
        "kind": kind,
        "titles": [a.title, b.title],
        "files": [a.file, b.file],
        "parties": [[p.raw_name for p in a.parties], [p.raw_name for p in b.parties]],
        "reasons": _reasons(pair, kind, clusters),
        "text_similarity": round(min(1.0, similarity), 4),
        "lexical_similarity": round(pair.jaccard, 4),
        "embedding_similarity": embedding,
        "languages": list(pair.languages),
        "notes": _notes(pair, clusters),
    }


# --- the tool ---------------------------------------------------------------------------------------


def _select(records: Sequence[ContractRecord], entity_ids: list[str] | None, clusters: dict[str, str]) -> list[ContractRecord]:
    """Records whose parties include every entity of ``entity_ids`` (up to a typo). Raises ToolInputError."""
    if not entity_ids:
        return list(records)
    unknown = [e for e in entity_ids if e not in clusters]
    if unknown:

        allowed = sorted(clusters)
        hints = [f"{e!r}" + (f" (did you mean {', '.join(repr(c) for c in close)}?)" if (close := get_close_matches(e, allowed, n=3, cutoff=0.5)) else "") for e in unknown]
        raise ToolInputError(f"unknown entity id: {', '.join(hints)}. Allowed values: {', '.join(allowed)}")
    wanted = {clusters[e] for e in entity_ids}
    return [r for r in records if wanted <= {clusters[p.entity_id] for p in r.parties if p.entity_id}]


def find_duplicates(
    workspace: WorkspaceStore,
    entity_ids: list[str] | None = None,
    *,
    dismissed: set[frozenset[str]] | None = None,
) -> dict[str, Any]:
    """Likely duplicates and translations among the workspace's contracts.

    ``entity_ids`` keeps only contracts to which all these entities are parties; ``dismissed`` holds
    pairs a user marked "not a duplicate" (skipped). Returns ``{"pairs": [...], "compared_pairs",
    "blocks"}``, pairs sorted by decreasing text similarity; each pair has ``contract_ids``, ``kind``
    (duplicate | translation), ``titles``, ``files``, ``parties``, ``reasons`` (among same file
    content, same parties, same type, same dates, text similarity, translation),
    ``text_similarity`` (what decided: the shingle Jaccard of a near-identical text, else the
    aligned-article cosine of the multilingual embeddings), ``lexical_similarity`` (shingle Jaccard),
    ``embedding_similarity`` (None when the text alone decided), ``languages`` and ``notes``
    (spellings and date formats that differ). Chunk vectors are read only for pairs that the
    embeddings must decide (translations, reworded copies).
    Raises ToolInputError for an unknown entity id.
    """
    room = load_dataroom(workspace)
    clusters = _party_clusters(room.records)
    records = _select(room.records, entity_ids, clusters)
    by_id = {r.id: r for r in records}
    corpus = _corpus(workspace, room.generation)
    blocks = _candidate_pairs(records, clusters, corpus)
    skipped = dismissed or set()

    pairs = [pair for first, second in blocks.pairs if (pair := _comparable(by_id[first], by_id[second], corpus, skipped))]
    texts = _texts(workspace, {r.id for p in pairs if not p.same_content for r in (p.a, p.b)})
    found: list[dict[str, Any]] = []
    needs_vectors: list[_Pair] = []
    for pair in pairs:
        if pair.same_content or pair.jaccard >= NEAR_DUPLICATE_JACCARD:  # the text alone decides
            if (kind := _verdict(pair, _parties_consistent(pair, clusters, texts), False)) is not None:
                found.append(_pair_output(pair, kind, clusters))
        elif _same_dates(pair.a, pair.b) and (pair.other_language or pair.jaccard >= RETYPED_JACCARD):
            needs_vectors.append(pair)
    vectors = _contract_vectors(workspace, {r.id for p in needs_vectors for r in (p.a, p.b)})
    for pair in needs_vectors:
        va, vb = vectors.get(pair.a.id), vectors.get(pair.b.id)
        if va is None or vb is None:
            continue
        pair.similarity = _aligned_similarity(va, vb)
        kind = _verdict(pair, _parties_consistent(pair, clusters, texts), _parties_agree(pair.a, pair.b, clusters))
        if kind is not None:
            found.append(_pair_output(pair, kind, clusters))
    found.sort(key=lambda p: (-p["text_similarity"], p["contract_ids"]))
    log.debug(
        "find_duplicates: %d contracts, %d blocks, %d pairs compared, %d judged on their embeddings, %d found",
        len(records), blocks.count, len(blocks.pairs), len(needs_vectors), len(found),
    )
    return {"pairs": found, "compared_pairs": len(blocks.pairs), "blocks": blocks.count}


def _texts(workspace: WorkspaceStore, contract_ids: set[str]) -> dict[str, str]:
    if not contract_ids:
        return {}
    wanted = sorted(contract_ids)
    texts: dict[str, str] = {}
    with workspace.session() as session:
        for start in range(0, len(wanted), 500):
            batch = wanted[start : start + 500]
            rows = session.exec(select(Contract.id, Contract.text).where(Contract.id.in_(batch)))
            texts.update({contract_id: text for contract_id, text in rows})
    return texts
