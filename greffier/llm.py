"""LLM backends: Ollama (through ollama-haystack) and a local GGUF model (llama.cpp), or none.

Every backend offers ``chat(messages, streaming_callback=None, tools=None, json_mode=False)`` and
returns a Haystack ``ChatMessage``. With no backend the product still works (extractive answers);
callers must check :func:`resolve_llm` and say which backend is in use.

An Ollama URL that is not on this machine is refused unless ``models.allow_remote_llm`` is set:
questions and passages would leave the machine.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from haystack.dataclasses import ChatMessage, StreamingChunk

from greffier.config import Settings

log = logging.getLogger(__name__)

StreamingCallback = Callable[[StreamingChunk], None]


class LLMBackend:
    """Common interface. ``kind`` is shown to users; ``supports_tools`` picks the tool-call path."""

    kind: str = "none"
    model: str = ""
    supports_tools: bool = False

    def chat(
        self,
        messages: list[ChatMessage],
        *,
        streaming_callback: StreamingCallback | None = None,
        tools: list[Any] | None = None,
        json_mode: bool = False,
    ) -> ChatMessage:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "model": self.model, "tools": self.supports_tools}


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


class OllamaBackend(LLMBackend):
    kind = "ollama"

    def __init__(self, url: str, model: str, timeout: float = 120.0, supports_tools: bool = True) -> None:
        from haystack_integrations.components.generators.ollama import OllamaChatGenerator  # heavy: the Ollama client, only when an Ollama server answers

        self.url = url
        self.model = model
        self.supports_tools = supports_tools
        self._generator = OllamaChatGenerator(model=model, url=url, timeout=int(timeout), generation_kwargs={"temperature": 0})
        self._json_generator = OllamaChatGenerator(model=model, url=url, timeout=int(timeout), generation_kwargs={"temperature": 0}, response_format="json")

    def chat(self, messages, *, streaming_callback=None, tools=None, json_mode=False):  # noqa: ANN001, ANN201
        generator = self._json_generator if json_mode else self._generator
        result = generator.run(messages=messages, tools=tools or None, streaming_callback=streaming_callback)
        return result["replies"][0]

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "url": self.url, "remote": not is_loopback_url(self.url)}


class LlamaCppBackend(LLMBackend):
    """A GGUF chat model run in-process by llama-cpp-python (optional dependency)."""

    kind = "llamacpp"

    def __init__(self, gguf_path: str, n_threads: int | None = None) -> None:
        from llama_cpp import Llama  # optional: raises ImportError when not installed

        self.model = gguf_path
        self._llm = Llama(model_path=gguf_path, n_ctx=8192, n_threads=n_threads, verbose=False)

    def chat(self, messages, *, streaming_callback=None, tools=None, json_mode=False):  # noqa: ANN001, ANN201
        payload = [{"role": m.role.value, "content": m.text or ""} for m in messages]
        kwargs: dict[str, Any] = {"messages": payload, "temperature": 0}
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        if streaming_callback is None:
            out = self._llm.create_chat_completion(**kwargs)
            return ChatMessage.from_assistant(out["choices"][0]["message"].get("content") or "")
        parts: list[str] = []
        for event in self._llm.create_chat_completion(stream=True, **kwargs):
            delta = event["choices"][0].get("delta", {}).get("content") or ""
            if delta:
                parts.append(delta)
                streaming_callback(StreamingChunk(content=delta))
        return ChatMessage.from_assistant("".join(parts))


@dataclass
class LLMChoice:
    """The backend in use (or None) and a line saying why, for the UI and the CLI."""

    backend: LLMBackend | None
    info: dict[str, Any] = field(default_factory=dict)


def resolve_llm(settings: Settings) -> LLMChoice:
    """Pick the LLM backend from settings: ``auto`` tries Ollama, then a GGUF path, then none."""
    models = settings.models
    wanted = models.llm_backend
    if wanted == "none":
        return LLMChoice(None, {"kind": "none", "reason": "LLM turned off in settings"})
    reasons: list[str] = []
    if wanted in ("auto", "ollama"):
        if not is_loopback_url(models.ollama_url) and not models.allow_remote_llm:
            reasons.append(f"Ollama URL {models.ollama_url} is not on this machine: set models.allow_remote_llm to send questions there")
        else:
            served = probe_ollama(models.ollama_url)
            if served is None:
                reasons.append(f"no Ollama answering at {models.ollama_url}")
            elif not _model_served(models.ollama_model, served):
                reasons.append(f"Ollama has no model {models.ollama_model!r} (ollama pull {models.ollama_model})")
            else:
                backend = OllamaBackend(models.ollama_url, models.ollama_model, models.llm_timeout_s)
                return LLMChoice(backend, {**backend.describe(), "reason": None})
    if wanted in ("auto", "llamacpp") and models.gguf_path:
        try:
            backend = LlamaCppBackend(models.gguf_path)
            return LLMChoice(backend, {**backend.describe(), "reason": None})
        except ImportError:
            reasons.append("llama-cpp-python is not installed (pip install llama-cpp-python)")
        except (OSError, ValueError) as exc:
            reasons.append(f"cannot load GGUF {models.gguf_path}: {exc}")
    if not reasons:
        reasons.append("no LLM configured")
    return LLMChoice(None, {"kind": "none", "reason": "; ".join(reasons)})


def _model_served(model: str, served: list[str]) -> bool:
    names = {name for name in served if name}
    return model in names or f"{model}:latest" in names or any(name.split(":")[0] == model for name in names)
