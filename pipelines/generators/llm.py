"""LLM backends behind one interface, each a Haystack chat generator: Ollama (ollama-haystack), a local
GGUF model (llama-cpp-haystack), or none.

A backend holds the chat generator component that pipelines use (:attr:`LLMBackend.generator`) and
offers ``chat(messages, streaming_callback=None, tools=None, json_mode=False)`` for callers outside a
pipeline (the agent router, the compliance LLM rules); both go through the same component, so
prompts, parsing and streaming are the same. With no backend the product still works (extractive
answers); callers must check :func:`resolve_llm` and say which backend is in use.

An Ollama URL that is not on this machine is refused unless ``models.allow_remote_llm`` is set:
questions and passages would leave the machine.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from haystack.dataclasses import ChatMessage, StreamingChunk

from greffier.config import Settings

log = logging.getLogger(__name__)

StreamingCallback = Callable[[StreamingChunk], None]
GGUF_FOLDER = "llm"  # models/llm/*.gguf: a local model found without configuration


class LLMBackend:
    """A chat model as a Haystack chat generator (``generator``), with the facts shown to users.

    ``json_generator`` is the generator asked for JSON replies when the model needs a separate one
    (Ollama's ``response_format`` is set at construction), else ``json_kwargs`` are passed as
    generation kwargs (llama.cpp's ``response_format``).
    """

    kind: str = "none"
    model: str = ""
    supports_tools: bool = False

    def __init__(
        self,
        generator: Any,
        *,
        kind: str,
        model: str,
        supports_tools: bool = False,
        json_generator: Any = None,
        json_kwargs: dict[str, Any] | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        self.generator = generator
        self.kind = kind
        self.model = model
        self.supports_tools = supports_tools
        self.json_generator = json_generator
        self.json_kwargs = json_kwargs
        self.details = dict(details or {})

    def chat(
        self,
        messages: list[ChatMessage],
        *,
        streaming_callback: StreamingCallback | None = None,
        tools: list[Any] | None = None,
        json_mode: bool = False,
    ) -> ChatMessage:
        """The model's reply to ``messages`` (streamed to ``streaming_callback`` when given)."""
        generator = self.json_generator if json_mode and self.json_generator is not None else self.generator
        kwargs: dict[str, Any] = {"messages": messages}
        if tools:
            kwargs["tools"] = tools
        if streaming_callback is not None:
            kwargs["streaming_callback"] = streaming_callback
        if json_mode and self.json_kwargs:
            kwargs["generation_kwargs"] = dict(self.json_kwargs)
        replies = generator.run(**kwargs)["replies"]
        return replies[0] if replies else ChatMessage.from_assistant("")

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "model": self.model, "tools": self.supports_tools, **self.details}


def is_loopback_url(url: str) -> bool:
    host = urlparse(url).hostname or ""
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def probe_ollama(url: str, timeout: float = 1.5) -> list[str] | None:
    """Model names served by the Ollama at ``url``, or None when it does not answer."""
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/api/tags", timeout=timeout) as response:  # noqa: S310
            payload = json.loads(response.read().decode("utf-8"))
    except (OSError, urllib.error.URLError, ValueError):
        return None
    return [m.get("name") or m.get("model") for m in payload.get("models", []) if isinstance(m, dict)]


def ollama_backend(url: str, model: str, timeout: float = 120.0, supports_tools: bool = True) -> LLMBackend:
    """An Ollama model through ollama-haystack's ``OllamaChatGenerator`` (temperature 0)."""
    from haystack_integrations.components.generators.ollama import OllamaChatGenerator  # heavy: the Ollama client, only when an Ollama server answers

    options = {"temperature": 0}
    return LLMBackend(
        OllamaChatGenerator(model=model, url=url, timeout=int(timeout), generation_kwargs=dict(options)),
        kind="ollama", model=model, supports_tools=supports_tools,
        json_generator=OllamaChatGenerator(model=model, url=url, timeout=int(timeout), generation_kwargs=dict(options), response_format="json"),
        details={"url": url, "remote": not is_loopback_url(url)},
    )


def llamacpp_backend(gguf_path: str, *, n_ctx: int = 8192, n_threads: int | None = None) -> LLMBackend:
    """A GGUF chat model run in-process by llama.cpp, through llama-cpp-haystack's ``LlamaCppChatGenerator``.

    Raises:
        ImportError: llama-cpp-python or llama-cpp-haystack is not installed (``make llm``).
        OSError / ValueError: the GGUF file cannot be loaded.
    """
    from haystack_integrations.components.generators.llama_cpp import LlamaCppChatGenerator  # optional: llama-cpp-haystack, only when a GGUF model is configured

    threads = n_threads or _cpu_threads()
    generator = LlamaCppChatGenerator(
        model=gguf_path, n_ctx=n_ctx, model_kwargs={"n_threads": threads, "verbose": False}, generation_kwargs={"temperature": 0.0},
    )
    generator.warm_up()
    name = Path(gguf_path).name
    return LLMBackend(
        generator, kind="llamacpp", model=name, supports_tools=True, json_kwargs={"response_format": {"type": "json_object"}},
        details={"path": str(gguf_path), "threads": threads, "context": n_ctx},
    )


def _cpu_threads() -> int:
    from greffier.device import available_cpu_threads  # cheap, but device detection is not needed elsewhere here

    return available_cpu_threads()


def find_gguf(models_dir: Path) -> Path | None:
    """The GGUF model in ``<models_dir>/llm/`` (the largest when several), or None."""
    folder = Path(models_dir) / GGUF_FOLDER
    found = sorted(folder.glob("*.gguf"), key=lambda p: (-p.stat().st_size, p.name)) if folder.is_dir() else []
    return found[0] if found else None


@dataclass
class LLMChoice:
    """The backend in use (or None) and a line saying why, for the UI and the CLI."""

    backend: LLMBackend | None
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LLMProbe:
    """Which backend :func:`resolve_llm` would use, found without loading any model: ``kind`` is
    ollama | llamacpp | none; ``model`` its name, ``location`` the Ollama URL (only when a server
    answers) or the GGUF path; ``reason`` why there is none."""

    kind: str
    model: str = ""
    location: str = ""
    reason: str | None = None

    def info(self) -> dict[str, Any]:
        """The facts the UI and the CLI show (the shape of :attr:`LLMChoice.info`, ``loaded`` False)."""
        if self.kind == "none":
            return {"kind": "none", "reason": self.reason}
        where = {"url": self.location} if self.kind == "ollama" else {"path": self.location}
        return {"kind": self.kind, "model": self.model, **where, "loaded": False, "reason": None}


def probe_llm(settings: Settings) -> LLMProbe:
    """The backend ``settings`` lead to, cheaply: one loopback HTTP request to Ollama (refused at
    once when nothing listens), a look for a GGUF file in ``<models_dir>/llm/`` and whether
    llama-cpp-python is installed. No model is loaded. ``auto`` tries Ollama, then a GGUF file
    (``gguf_path``, or one found in ``<models_dir>/llm/``)."""
    models = settings.models
    wanted = models.llm_backend
    if wanted == "none":
        return LLMProbe("none", reason="LLM turned off in settings")
    reasons: list[str] = []
    if wanted in ("auto", "ollama"):
        if not is_loopback_url(models.ollama_url) and not models.allow_remote_llm:
            reasons.append(f"Ollama URL {models.ollama_url} is not on this machine: set models.allow_remote_llm to send questions there")
        else:
            served = probe_ollama(models.ollama_url)
            if served is None:
                # No URL in the words: a port nothing listens on is not something to click.
                reasons.append("no Ollama answering on this machine" if is_loopback_url(models.ollama_url) else "no Ollama answering at the configured URL")
            elif not _model_served(models.ollama_model, served):
                reasons.append(f"Ollama has no model {models.ollama_model!r} (ollama pull {models.ollama_model})")
            else:
                return LLMProbe("ollama", model=models.ollama_model, location=models.ollama_url)
    if wanted in ("auto", "llamacpp"):
        gguf = Path(models.gguf_path) if models.gguf_path else find_gguf(models.models_dir)
        if gguf is None:
            reasons.append(f"no GGUF model in {Path(models.models_dir) / GGUF_FOLDER} (make llm)")
        elif importlib.util.find_spec("llama_cpp") is None:
            reasons.append("llama-cpp-python is not installed (make llm)")
        else:
            return LLMProbe("llamacpp", model=gguf.name, location=str(gguf))
    return LLMProbe("none", reason="; ".join(reasons) or "no LLM configured")


def resolve_llm(settings: Settings) -> LLMChoice:
    """The LLM backend of :func:`probe_llm`, loaded (a GGUF model is read into memory here), or None
    with the reason."""
    probe = probe_llm(settings)
    if probe.kind == "ollama":
        backend = ollama_backend(probe.location, probe.model, settings.models.llm_timeout_s)
        return LLMChoice(backend, {**backend.describe(), "reason": None})
    if probe.kind == "llamacpp":
        try:
            backend = llamacpp_backend(probe.location)
            return LLMChoice(backend, {**backend.describe(), "reason": None})
        except ImportError:
            reason = "llama-cpp-python is not installed (make llm)"
        except (OSError, ValueError, RuntimeError) as exc:
            reason = f"cannot load GGUF {probe.location}: {exc}"
        return LLMChoice(None, {"kind": "none", "reason": reason})
    return LLMChoice(None, {"kind": "none", "reason": probe.reason})


def _model_served(model: str, served: list[str]) -> bool:
    names = {name for name in served if name}
    return model in names or f"{model}:latest" in names or any(name.split(":")[0] == model for name in names)
