"""Test doubles at the only boundary no real thing can reach here: the LLM.

``ScriptedChatGenerator`` is a Haystack chat generator that stands in for an Ollama model: replies
are queued and handed out in order, streamed token by token like a real model; ``ScriptedChatBackend``
is the LLM backend over it. ``OllamaStub`` is a real HTTP server on loopback that
speaks Ollama's chat API, so the real Ollama client code is exercised end to end.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from haystack import component
from haystack.dataclasses import ChatMessage, StreamingChunk, ToolCall

from pipelines.generators.llm import LLMBackend


@component
class ScriptedChatGenerator:
    """A Haystack chat generator whose replies are queued (text, or ``{"tool_calls": [...]}``) and
    handed out in order, streamed word by word like a real model; ``calls`` records every request."""

    def __init__(self, *replies: str | dict) -> None:
        self.replies: deque[str | dict] = deque(replies)
        self.calls: list[dict[str, Any]] = []

    @component.output_types(replies=list[ChatMessage])
    def run(self, messages: list[ChatMessage], generation_kwargs: dict[str, Any] | None = None, tools: list[Any] | None = None,
            streaming_callback: Any = None) -> dict[str, Any]:
        json_mode = bool((generation_kwargs or {}).get("response_format"))
        self.calls.append({"messages": list(messages), "tools": tools, "json_mode": json_mode})
        if not self.replies:
            raise AssertionError("ScriptedChatGenerator: no reply queued for this call")
        reply = self.replies.popleft()
        if isinstance(reply, dict) and "tool_calls" in reply:
            calls = [ToolCall(tool_name=c["name"], arguments=c.get("arguments", {})) for c in reply["tool_calls"]]
            return {"replies": [ChatMessage.from_assistant(reply.get("text", ""), tool_calls=calls)]}
        text = reply if isinstance(reply, str) else json.dumps(reply)
        if streaming_callback is not None:
            for piece in text.split(" "):
                streaming_callback(StreamingChunk(content=piece + " "))
        return {"replies": [ChatMessage.from_assistant(text)]}


class ScriptedChatBackend(LLMBackend):
    """An LLM backend over a :class:`ScriptedChatGenerator`: queue replies with :meth:`enqueue`; every
    chat call (in a pipeline or not) pops one."""

    def __init__(self, *replies: str | dict, supports_tools: bool = True) -> None:
        super().__init__(ScriptedChatGenerator(*replies), kind="scripted", model="scripted-test-model", supports_tools=supports_tools,
                         json_kwargs={"response_format": {"type": "json_object"}})

    @property
    def replies(self) -> deque[str | dict]:
        return self.generator.replies

    @property
    def calls(self) -> list[dict[str, Any]]:
        return self.generator.calls

    def enqueue(self, *replies: str | dict) -> ScriptedChatBackend:
        self.generator.replies.extend(replies)
        return self


class OllamaStub:
    """An HTTP server on 127.0.0.1 answering ``/api/tags`` and ``/api/chat`` like Ollama.

    ``replies`` are message dicts (``{"content": ...}`` or ``{"tool_calls": [...]}``) handed out in
    order; ``requests`` records every chat request body for assertions.
    """

    def __init__(self, model: str = "test-model:latest", replies: list[dict] | None = None) -> None:
        self.model = model
        self.replies: deque[dict] = deque(replies or [])
        self.requests: list[dict] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args) -> None:  # keep test output clean
                return None

            def _send_json(self, payload: dict, status: int = 200) -> None:
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802
                if self.path.startswith("/api/tags"):
                    self._send_json({"models": [{"name": stub.model, "model": stub.model, "size": 1}]})
                else:
                    self._send_json({"error": "not found"}, 404)

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.startswith("/api/chat"):
                    self._send_json({"error": "not found"}, 404)
                    return
                stub.requests.append(body)
                reply = stub.replies.popleft() if stub.replies else {"content": "The documents do not say."}
                message = {"role": "assistant", "content": reply.get("content", "")}
                if reply.get("tool_calls"):
                    message["tool_calls"] = [{"function": {"name": c["name"], "arguments": c.get("arguments", {})}} for c in reply["tool_calls"]]
                base = {"model": body.get("model", stub.model), "created_at": "2026-11-30T00:00:00Z"}
                if body.get("stream"):
                    self.send_response(200)
                    self.send_header("Content-Type", "application/x-ndjson")
                    self.end_headers()
                    words = message["content"].split(" ") if message["content"] else [""]
                    for i, word in enumerate(words):
                        piece = word + (" " if i < len(words) - 1 else "")
                        chunk = {**base, "message": {"role": "assistant", "content": piece}, "done": False}
                        self.wfile.write((json.dumps(chunk) + "\n").encode())
                    final_message = {"role": "assistant", "content": ""}
                    if "tool_calls" in message:
                        final_message["tool_calls"] = message["tool_calls"]
                    final = {**base, "message": final_message, "done": True, "done_reason": "stop", "eval_count": len(words), "prompt_eval_count": 1}
                    self.wfile.write((json.dumps(final) + "\n").encode())
                else:
                    self._send_json({**base, "message": message, "done": True, "done_reason": "stop", "eval_count": 1, "prompt_eval_count": 1})

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> OllamaStub:
        self._thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._server.shutdown()
        self._server.server_close()
