"""``greffier models download``: BGE-M3, bge-reranker-v2-m3 and docling's layout models into
``models/`` — the only network access Greffier makes, on the user's explicit request. Without a
network it fails at once and says how to copy the folders by hand."""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from greffier.config import ModelSettings, Settings
from greffier.errors import ModelNotFoundError
from greffier.models import BGE_M3, BGE_RERANKER, DOCLING_FOLDER, DOWNLOAD_HINT, HUB_MODELS, STATUS_HINT, HubModel, _model_settings
from greffier.privacy import apply_offline_environment

NETWORK_CHECK_TIMEOUT_S = 3.0

logger = logging.getLogger(__name__)


def manual_layout(models_dir: Path) -> str:
    """The folder layout to copy by hand, one line per model."""
    rerank_files = "config.json, tokenizer.json (or sentencepiece.bpe.model), model.safetensors or pytorch_model.bin"
    bge_files = f"{rerank_files}, colbert_linear.pt, sparse_linear.pt"
    return "\n".join([
        f"  {models_dir / BGE_M3.folder}/  {bge_files}  (https://huggingface.co/{BGE_M3.repo_id})",
        f"  {models_dir / BGE_RERANKER.folder}/  {rerank_files}  (https://huggingface.co/{BGE_RERANKER.repo_id})",
        f"  {models_dir / DOCLING_FOLDER}/  the output of "
        f"`docling-tools models download -o {models_dir / DOCLING_FOLDER}` (optional, PDF layout)",
    ])


def _hub_address() -> tuple[str, int]:
    """Host and port the download goes through first: the HTTPS proxy when set, else the hub."""
    proxy = os.environ.get("HTTPS_PROXY") or os.environ.get("https_proxy")
    url = proxy or os.environ.get("HF_ENDPOINT") or "https://huggingface.co"
    parts = urlsplit(url if "://" in url else f"http://{url}")
    default_port = 443 if parts.scheme == "https" else 80
    return parts.hostname or "huggingface.co", parts.port or default_port


def check_hub_reachable(models_dir: Path, timeout: float = NETWORK_CHECK_TIMEOUT_S) -> None:
    """Open (and close) one TCP connection to the hub, or its proxy, within ``timeout`` seconds.

    Raises:
        ModelNotFoundError: no connection; the message lists the folders to copy by hand.
    """
    host, port = _hub_address()
    outcome: list[BaseException | None] = []

    def connect() -> None:
        try:
            with socket.create_connection((host, port), timeout=timeout):
                outcome.append(None)
        except OSError as exc:
            outcome.append(exc)

    # The socket timeout does not bound the name lookup, which can hang far longer on a machine
    # without network: run both in a daemon thread and stop waiting after ``timeout``.
    probe = threading.Thread(target=connect, name="greffier-hub-check", daemon=True)
    probe.start()
    probe.join(timeout)
    error = outcome[0] if outcome else TimeoutError(f"no answer within {timeout:g} s")
    if error is not None:
        raise ModelNotFoundError(
            f"no network: {host}:{port} cannot be reached ({error}). "
            f"Copy the model folders into {models_dir} by hand:\n{manual_layout(models_dir)}\n"
            f"then check with `{STATUS_HINT}`."
        ) from error


@contextmanager
def _hub_access() -> Iterator[None]:
    """Lift the hub's offline switches for the duration of a download, then put them back."""
    from huggingface_hub import constants  # optional: the hub client, for `models download` only

    was_offline = constants.HF_HUB_OFFLINE
    apply_offline_environment(allow_hub=True)
    constants.HF_HUB_OFFLINE = False  # read once at import: the environment alone is not enough
    try:
        yield
    finally:
        apply_offline_environment()
        constants.HF_HUB_OFFLINE = was_offline


Progress = Callable[[str], None]


def download_ignore_patterns(model: HubModel, repo_files: list[str]) -> list[str]:
    """Files of the repo not to fetch: exports Greffier never loads, and a second copy of the weights.

    Args:
        model: the model to download.
        repo_files: the repo's file names (``huggingface_hub.list_repo_files``).

    Returns:
        Glob patterns for ``snapshot_download(ignore_patterns=...)``.
    """
    patterns = list(model.ignore_patterns)
    if "model.safetensors" in repo_files and "pytorch_model.bin" in repo_files:
        patterns.append("pytorch_model.bin")  # the same 2 GB twice: the safetensors copy is enough
    return patterns


def download_models(
    settings: Settings | ModelSettings, progress: Progress | None = None, *, with_docling: bool = True
) -> list[Path]:
    """Fetch BGE-M3, bge-reranker-v2-m3 and (when docling is installed) its PDF layout models.

    Args:
        settings: settings whose ``models_dir`` receives ``bge-m3/``, ``bge-reranker-v2-m3/`` and
            ``docling/``.
        progress: called with one line per step (the CLI prints them); defaults to logging.
        with_docling: also fetch docling's layout and table models.

    Returns:
        The folders written.

    Raises:
        ModelNotFoundError: no network (checked first, in at most 3 s), or a download failed; the
            message says which folders to copy by hand.
    """
    models = _model_settings(settings)
    models_dir = Path(models.models_dir).expanduser()
    report = progress or (lambda line: logger.info("%s", line))
    check_hub_reachable(models_dir)
    models_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with _hub_access():
        import huggingface_hub  # optional: the hub client, for `models download` only

        for model in HUB_MODELS:
            target = models_dir / model.folder
            report(f"downloading {model.repo_id} into {target}")
            try:
                ignore = download_ignore_patterns(model, huggingface_hub.list_repo_files(model.repo_id))
                huggingface_hub.snapshot_download(repo_id=model.repo_id, local_dir=str(target), ignore_patterns=ignore)
            except Exception as exc:  # noqa: BLE001  (hub, HTTP and disk errors all end the same way)
                raise ModelNotFoundError(
                    f"downloading {model.repo_id} failed ({exc}); run `{DOWNLOAD_HINT}` again or copy the folder "
                    f"by hand:\n{manual_layout(models_dir)}"
                ) from exc
            missing = model.missing_in(target)
            if missing:
                raise ModelNotFoundError(f"{target} is still incomplete after download (missing {', '.join(missing)})")
            written.append(target)
        if with_docling:
            docling_dir = _download_docling(models_dir / DOCLING_FOLDER, report)
            if docling_dir is not None:
                written.append(docling_dir)
    report("done: " + ", ".join(str(p) for p in written))
    return written


def _download_docling(target: Path, report: Progress) -> Path | None:
    try:
        from docling.utils.model_downloader import download_models as docling_download  # heavy: docling and its PDF parser load only for a conversion
    except (ImportError, RuntimeError, OSError) as exc:  # a broken torchvision raises RuntimeError
        report(f"docling's model downloader cannot be imported ({exc}): PDF layout models skipped")
        return None
    report(f"downloading docling layout and table models into {target}")
    try:
        docling_download(
            output_dir=target,
            with_layout=True,
            with_tableformer=True,
            with_code_formula=False,
            with_picture_classifier=False,
            with_rapidocr=False,
        )
    except Exception as exc:  # noqa: BLE001
        raise ModelNotFoundError(
            f"downloading docling's layout models failed ({exc}); PDFs still convert line by line. "
            f"Retry `{DOWNLOAD_HINT}` or run `docling-tools models download -o {target}`."
        ) from exc
    return target


