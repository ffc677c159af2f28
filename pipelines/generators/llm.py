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
import os
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
        json_schema: dict[str, Any] | None = None,
    ) -> ChatMessage:
        """The model's reply to ``messages`` (streamed to ``streaming_callback`` when given). With
        ``json_mode`` the reply is a JSON object, held to ``json_schema`` where the generator can
        constrain its decoding (llama.cpp)."""
        generator = self.json_generator if json_mode and self.json_generator is not None else self.generator
        kwargs: dict[str, Any] = {"messages": messages}
        if tools:
            kwargs["tools"] = tools
        if streaming_callback is not None:
            kwargs["streaming_callback"] = streaming_callback
        if json_mode and self.json_kwargs:
            generation = dict(self.json_kwargs)
            response_format = generation.get("response_format")
            if json_schema and isinstance(response_format, dict):
                generation["response_format"] = {**response_format, "schema": json_schema}
            kwargs["generation_kwargs"] = generation
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


def llamacpp_backend(gguf_path: str, *, n_ctx: int = 4096, n_threads: int | None = None, answer_tokens: int = 384) -> LLMBackend:
    """A GGUF chat model run in-process by llama.cpp, through llama-cpp-haystack's ``LlamaCppChatGenerator``.

    Measured on 2 cores (docs/llm.md): the context is always given (the model's own, 32k tokens, costs
    2.9 GB and 7 s to load); OpenMP threads wait passively (spinning threads cut decoding from 10 to
    1-2 tokens/s on a busy machine). The model's native tool calls are not parsed by llama-cpp-python,
    and tool results sent with the ``tool`` role are dropped by its chat template: the router uses
    JSON decisions with it (``supports_tools`` False), constrained by a JSON schema.

    Raises:
        ImportError: llama-cpp-python or llama-cpp-haystack is not installed (``make llm``).
        OSError / ValueError / RuntimeError: the GGUF file cannot be loaded.
    """
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before llama.cpp's OpenMP runtime starts
    from haystack_integrations.components.generators.llama_cpp import LlamaCppChatGenerator  # optional: llama-cpp-haystack, only when a GGUF model is configured

    threads = n_threads or _cpu_threads()
    generator = LlamaCppChatGenerator(
        model=gguf_path, n_ctx=n_ctx, n_batch=512,
        model_kwargs={"n_threads": threads, "n_threads_batch": threads, "verbose": False},
        generation_kwargs={"temperature": 0.0, "max_tokens": answer_tokens},
    )
    generator.warm_up()
    return LLMBackend(
        generator, kind="llamacpp", model=gguf_name(Path(gguf_path)), supports_tools=False,
        json_kwargs={"response_format": {"type": "json_object"}},
        details={"path": str(gguf_path), "threads": threads, "context": n_ctx, "device": "CPU"},
    )


def _cpu_threads() -> int:
    from greffier.device import available_cpu_threads  # cheap, but device detection is not needed elsewhere here

    return available_cpu_threads()


def find_gguf(models_dir: Path) -> Path | None:
    """The GGUF model in ``<models_dir>/llm/`` (the largest when several), or None."""
    folder = Path(models_dir) / GGUF_FOLDER
    found = sorted(folder.glob("*.gguf"), key=lambda p: (-p.stat().st_size, p.name)) if folder.is_dir() else []
    return found[0] if found else None


_GGUF_MAGIC = b"GGUF"
_GGUF_STRING = 8  # the value type of a string in a GGUF key-value pair
_GGUF_SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}


def gguf_name(path: Path) -> str:
    """The model's name from the GGUF header (``general.name``, read without loading the model),
    else the file name."""
    import struct  # only here: the header is read once per status line

    try:
        with open(path, "rb") as handle:
            if handle.read(4) != _GGUF_MAGIC:
                return path.name
            _version, _tensors, count = struct.unpack("<IQQ", handle.read(20))
            for _ in range(min(count, 64)):
                (length,) = struct.unpack("<Q", handle.read(8))
                key = handle.read(length).decode("utf-8", "replace")
                (kind,) = struct.unpack("<I", handle.read(4))
                if kind == _GGUF_STRING:
                    (size,) = struct.unpack("<Q", handle.read(8))
                    value = handle.read(size).decode("utf-8", "replace")
                    if key == "general.name" and value.strip():
                        return value.strip().removesuffix(" GGUF")
                elif kind in _GGUF_SIZES:
                    handle.read(_GGUF_SIZES[kind])
                else:
                    break  # an array first: the name is not among the leading keys
    except (OSError, struct.error, ValueError):
        pass
    return path.name


def llm_in_use(settings: Settings) -> dict[str, Any]:
    """Which LLM would answer, and why not when none would, without loading a model (for status lines:
    the CLI's header, ``models status``, the app's sidebar). ``{"kind", "model", "reason", ...}``."""
    models = settings.models
    wanted = models.llm_backend
    if wanted == "none":
        return {"kind": "none", "model": None, "reason": "LLM turned off in settings", "turned_off": True}
    reasons: list[str] = []
    if wanted in ("auto", "ollama"):
        if not is_loopback_url(models.ollama_url) and not models.allow_remote_llm:
            reasons.append(f"Ollama URL {models.ollama_url} is not on this machine: set models.allow_remote_llm to send questions there")
        else:
            served = probe_ollama(models.ollama_url, timeout=0.5)
            if served is None:
                reasons.append("no Ollama answering on this machine" if is_loopback_url(models.ollama_url) else "no Ollama answering at the configured URL")  # no URL: a dead port is nothing to click
            elif not _model_served(models.ollama_model, served):
                reasons.append(f"Ollama has no model {models.ollama_model!r} (ollama pull {models.ollama_model})")
            else:
                return {"kind": "ollama", "model": models.ollama_model, "url": models.ollama_url, "remote": not is_loopback_url(models.ollama_url), "reason": None, "role": llm_role(settings)}
    if wanted in ("auto", "llamacpp"):
        gguf = Path(models.gguf_path) if models.gguf_path else find_gguf(models.models_dir)
        if gguf is None or not gguf.is_file():
            reasons.append(f"no GGUF model in {Path(models.models_dir) / GGUF_FOLDER} (make llm)")
        elif importlib.util.find_spec("llama_cpp") is None:
            reasons.append("llama-cpp-python is not installed (make llm)")
        else:
            threads = models.llm_threads or _cpu_threads()
            return {"kind": "llamacpp", "model": gguf_name(gguf), "path": str(gguf), "threads": threads, "context": models.llm_context_tokens, "device": "CPU", "reason": None, "role": llm_role(settings)}
    return {"kind": "none", "model": None, "reason": "; ".join(reasons) or "no LLM configured"}


def llm_role(settings: Settings) -> str:
    """What an LLM that is present does: ``answers`` (judges and writes the answers), ``translates`` (only
    translates the question; answers stay extractive) or ``unused`` (both turned off in settings)."""
    if settings.models.llm_answers:
        return "answers"
    return "translates" if settings.models.llm_query_translation else "unused"


_ROLE_LINES = {  # models.llm_answers turns the LLM off in question answering (rag) only: direct, agent and flag reviews still use it
    "translates": " — writes no answer to a question (models.llm_answers is off): answers are extractive, quoted sentences with citations; it translates the questions searched",
    "unused": " — writes no answer to a question (models.llm_answers is off): answers are extractive, quoted sentences with citations",
}


def describe_llm(info: dict[str, Any]) -> str:
    """One line saying which LLM answers (or that none does, and why), e.g.
    "Qwen2.5-Coder-1.5B-Instruct (local GGUF, llama.cpp, CPU, 2 threads)", and what it does when it
    does not answer (``info["role"]``, :func:`llm_role`)."""
    kind = info.get("kind") or "none"
    role = _ROLE_LINES.get(info.get("role") or "answers", "")
    if kind == "llamacpp":
        return f"{info.get('model')} (local GGUF, llama.cpp, {info.get('device', 'CPU')}, {info.get('threads')} threads){role}"
    if kind == "ollama":
        where = "REMOTE Ollama — questions and passages leave this machine" if info.get("remote") else "Ollama on this machine"
        return f"{info.get('model')} ({where}, {info.get('url')}){role}"
    if kind == "none":
        return f"none — answers are extractive (quoted sentences with citations). Why: {info.get('reason') or 'no LLM configured'}"
    return f"{info.get('model') or kind} ({kind}){role}"


@dataclass
class LLMChoice:
    """The backend in use (or None) and a line saying why, for the UI and the CLI."""

    backend: LLMBackend | None
    info: dict[str, Any] = field(default_factory=dict)


def resolve_llm(settings: Settings) -> LLMChoice:
    """Pick the LLM backend from settings: ``auto`` tries Ollama, then a GGUF file (``gguf_path``, or
    one found in ``<models_dir>/llm/``), then none."""
    models = settings.models
    wanted = models.llm_backend
    if wanted == "none":
        return LLMChoice(None, {"kind": "none", "reason": "LLM turned off in settings", "turned_off": True})
    reasons: list[str] = []
    if wanted in ("auto", "ollama"):
        if not is_loopback_url(models.ollama_url) and not models.allow_remote_llm:
            reasons.append(f"Ollama URL {models.ollama_url} is not on this machine: set models.allow_remote_llm to send questions there")
        else:
            served = probe_ollama(models.ollama_url)
            if served is None:
                reasons.append("no Ollama answering on this machine" if is_loopback_url(models.ollama_url) else "no Ollama answering at the configured URL")  # no URL: a dead port is nothing to click
            elif not _model_served(models.ollama_model, served):
                reasons.append(f"Ollama has no model {models.ollama_model!r} (ollama pull {models.ollama_model})")
            else:
                backend = ollama_backend(models.ollama_url, models.ollama_model, models.llm_timeout_s)
                return LLMChoice(backend, {**backend.describe(), "reason": None, "role": llm_role(settings)})
    if wanted in ("auto", "llamacpp"):
        gguf = Path(models.gguf_path) if models.gguf_path else find_gguf(models.models_dir)
        if gguf is None:
            reasons.append(f"no GGUF model in {Path(models.models_dir) / GGUF_FOLDER} (make llm)")
        else:
            try:
                backend = llamacpp_backend(str(gguf), n_ctx=models.llm_context_tokens, n_threads=models.llm_threads, answer_tokens=models.llm_answer_tokens)
                return LLMChoice(backend, {**backend.describe(), "reason": None, "role": llm_role(settings)})
            except ImportError:
                reasons.append("llama-cpp-python is not installed (make llm)")
            except (OSError, ValueError, RuntimeError) as exc:
                reasons.append(f"cannot load GGUF {gguf}: {exc}")
    return LLMChoice(None, {"kind": "none", "reason": "; ".join(reasons) or "no LLM configured"})


def _model_served(model: str, served: list[str]) -> bool:
    names = {name for name in served if name}
    return model in names or f"{model}:latest" in names or any(name.split(":")[0] == model for name in names)
