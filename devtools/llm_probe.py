#!/usr/bin/env python3
"""Probe the local GGUF through the libraries the product uses, and print hard facts as JSON.

Loads ``models/llm/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf`` (``make llm``) with llama-cpp-python and
through ``LlamaCppChatGenerator`` (llama-cpp-haystack), on N CPU threads, and measures: load time and
memory, prompt-eval and decode speed, the chat template, streaming, tool calls (``tools=``, with and
without ``tool_choice``), JSON mode (``response_format``), a prompt longer than ``n_ctx``, stop tokens,
and a few product-like prompts (query translation, relevance check, cited answer), each with its
latency and verbatim output. Findings are written up in docs/llm.md.

Usage: python devtools/llm_probe.py [--model PATH] [--threads 2] [--out results.json] [--only SECTION ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import traceback
from pathlib import Path

os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MODEL = REPO_ROOT / "models" / "llm" / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"

# A contract-like paragraph, repeated to make prompts of a known size.
CLAUSE = (
    "12.1 Either party may terminate this Agreement for convenience upon ninety (90) days' prior written "
    "notice to the other party. 12.2 Either party may terminate this Agreement with immediate effect by "
    "written notice if the other party commits a material breach which is not remedied within thirty (30) "
    "days after receipt of a notice describing the breach. "
)

SEARCH_TOOL_PARAMETERS = {
    "type": "object",
    "properties": {"query": {"type": "string", "description": "what to look for in the contracts"}},
    "required": ["query"],
}
TOOL_CALL_RE = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.DOTALL)


def memory_mib() -> dict[str, float]:
    """Resident, peak, anonymous and file-backed (the mmap'd GGUF) memory of this process (Linux /proc)."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
            fields[key] = round(int(value.split()[0]) / 1024, 1)
    return fields


def timed(function, *args, **kwargs):
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return result, round(time.perf_counter() - started, 2)


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


def reply_facts(reply) -> dict:
    meta = dict(reply.meta)
    return {
        "text": reply.text,
        "tool_calls": [
            {"id": call.id, "tool_name": call.tool_name, "arguments": call.arguments} for call in reply.tool_calls
        ],
        "finish_reason": meta.get("finish_reason"),
        "usage": meta.get("usage"),
    }


class Probe:
    def __init__(self, model: Path, threads: int, n_ctx: int) -> None:
        self.model = model
        self.threads = threads
        self.n_ctx = n_ctx
        self.results: dict = {}
        self.generator = None

    # -- helpers ------------------------------------------------------------------------------------

    def make_generator(self, **overrides):
        from haystack_integrations.components.generators.llama_cpp import LlamaCppChatGenerator

        params = {
            "model": str(self.model),
            "n_ctx": self.n_ctx,
            "n_batch": 512,
            "model_kwargs": {"n_threads": self.threads, "n_threads_batch": self.threads, "verbose": False},
            "generation_kwargs": {"max_tokens": 256, "temperature": 0.0},
        }
        params.update(overrides)
        return LlamaCppChatGenerator(**params)

    def chat(self, messages, **kwargs) -> dict:
        # CPU seconds beside wall seconds: on a shared machine, wall >> cpu / threads means waiting for a core.
        cpu_before = time.process_time()
        result, seconds = timed(self.generator.run, messages=messages, **kwargs)
        facts = reply_facts(result["replies"][0])
        facts["latency_s"] = seconds
        facts["cpu_s"] = round(time.process_time() - cpu_before, 2)
        facts["load_average"] = load_average()
        return facts

    def render_prompt(self, messages, tools=None) -> str:
        """The exact prompt text llama-cpp-python builds from the GGUF's chat template."""
        from haystack_integrations.components.generators.llama_cpp.chat.chat_generator import (
            _convert_chat_history_to_llamacpp_format,
        )
        from llama_cpp import llama_chat_format

        llm = self.generator._model
        formatter = llama_chat_format.Jinja2ChatFormatter(
            template=llm.metadata["tokenizer.chat_template"],
            eos_token=llm._model.token_get_text(llm.token_eos()),
            bos_token=llm._model.token_get_text(llm.token_bos()) if llm.token_bos() != -1 else "",
        )
        return formatter(messages=_convert_chat_history_to_llamacpp_format(messages), tools=tools).prompt

    @staticmethod
    def search_tool():
        from haystack.tools import Tool

        def search_documents(query: str) -> str:
            return "[1] contrat-acme.pdf p.4 — 12.1 Either party may terminate upon ninety (90) days' prior written notice."

        return Tool(
            name="search_documents",
            description="Search the data room's contracts and return the passages that match the query.",
            parameters=SEARCH_TOOL_PARAMETERS,
            function=search_documents,
        )

    @staticmethod
    def tool_prompt():
        from haystack.dataclasses import ChatMessage

        system = ChatMessage.from_system(
            "You are Greffier, an assistant for contract review. Use the search_documents tool to find "
            "passages in the contracts before you answer."
        )
        return system, ChatMessage.from_user("What is the termination notice period in the Acme supply agreement?")

    # -- sections -----------------------------------------------------------------------------------

    def load(self) -> dict:
        import llama_cpp

        before = memory_mib()
        self.generator = self.make_generator()
        _, seconds = timed(self.generator.warm_up)
        llm = self.generator._model
        after_load = memory_mib()
        return {
            "llama_cpp_version": llama_cpp.__version__,
            "system_info": llama_cpp.llama_print_system_info().decode().strip(),
            "warm_up_s": seconds,
            "n_ctx": llm.n_ctx(),
            "n_threads": llm.context_params.n_threads,
            "memory_before_mib": before,
            "memory_after_load_mib": after_load,
            "model_file_mib": round(self.model.stat().st_size / 1024 / 1024, 1),
            "chat_format": llm.chat_format,
            "eos": {"id": llm.token_eos(), "text": llm._model.token_get_text(llm.token_eos())},
            "bos": {"id": llm.token_bos()},
            "metadata": {k: v for k, v in llm.metadata.items() if k != "tokenizer.chat_template"},
            "chat_template": llm.metadata.get("tokenizer.chat_template"),
        }

    def speed(self) -> dict:
        import llama_cpp

        llm = self.generator._model
        out = {}
        for target in (128, 512, 1024):
            text = CLAUSE * (target // 60 + 1)
            tokens = llm.tokenize(text.encode(), add_bos=False)[:target]
            llm.reset()
            started = time.perf_counter()
            llm.eval(tokens)
            seconds = time.perf_counter() - started
            out[f"prompt_eval_{target}_tokens"] = {"s": round(seconds, 2), "tokens_per_s": round(len(tokens) / seconds, 1)}
        # Decode: perf counters of llama.cpp around a completion that cannot stop early.
        llm.reset()
        ctx = llm._ctx.ctx
        llama_cpp.llama_perf_context_reset(ctx)
        prompt = "<|im_start|>user\nCount from 1 to 200, separated by commas.<|im_end|>\n<|im_start|>assistant\n"
        _, wall = timed(llm.create_completion, prompt, max_tokens=128, temperature=0.0)
        perf = llama_cpp.llama_perf_context(ctx)
        out["decode_128_tokens"] = {
            "wall_s": wall,
            "n_eval": perf.n_eval,
            "eval_ms": round(perf.t_eval_ms, 1),
            "tokens_per_s": round(perf.n_eval / (perf.t_eval_ms / 1000), 1) if perf.t_eval_ms else None,
            "n_prompt": perf.n_p_eval,
            "prompt_ms": round(perf.t_p_eval_ms, 1),
        }
        out["memory_after_generation_mib"] = memory_mib()
        out["load_average"] = load_average()
        return out

    def template(self) -> dict:
        from haystack.dataclasses import ChatMessage

        with_system = [ChatMessage.from_system("You are a careful assistant."), ChatMessage.from_user("Bonjour")]
        without_system = [ChatMessage.from_user("Bonjour")]
        return {
            "rendered_with_system": self.render_prompt(with_system),
            "rendered_without_system": self.render_prompt(without_system),
            "reply_without_system": self.chat(without_system, generation_kwargs={"max_tokens": 40}),
        }

    def streaming(self) -> dict:
        from haystack.dataclasses import ChatMessage

        chunks = []
        started = time.perf_counter()

        def on_chunk(chunk) -> None:
            chunks.append((round(time.perf_counter() - started, 3), chunk.content, chunk.finish_reason, chunk.start))

        messages = [ChatMessage.from_user("Name three kinds of clauses found in a supply contract, one line each.")]
        facts = self.chat(messages, streaming_callback=on_chunk, generation_kwargs={"max_tokens": 80})
        return {
            "reply": facts,
            "chunks": len(chunks),
            "first_chunk_s": chunks[0][0] if chunks else None,
            "first_chunks": chunks[:5],
            "last_chunk": chunks[-1] if chunks else None,
            "joined_equals_reply": "".join(c[1] for c in chunks) == (facts["text"] or ""),
        }

    def tools(self) -> dict:
        from haystack.dataclasses import ChatMessage

        tool = self.search_tool()
        system, user = self.tool_prompt()
        messages = [system, user]
        forced = {"tool_choice": {"type": "function", "function": {"name": "search_documents"}}}
        out = {
            "rendered_prompt_with_tools": self.render_prompt(messages, tools=[
                {"type": "function", "function": {"name": tool.name, "description": tool.description,
                                                  "parameters": tool.parameters}}
            ]),
            "auto": self.chat(messages, tools=[tool]),
            "auto_french": self.chat(
                [system, ChatMessage.from_user("Quel est le préavis de résiliation du contrat Acme ?")], tools=[tool]
            ),
            "forced_tool_choice": self.chat(messages, tools=[tool], generation_kwargs=forced),
        }
        text = out["auto"]["text"] or ""
        out["auto_parsed_ourselves"] = [json.loads(m) for m in TOOL_CALL_RE.findall(text)]

        stream_chunks = []
        out["auto_streaming"] = self.chat(messages, tools=[tool], streaming_callback=lambda c: stream_chunks.append(
            {"content": c.content, "tool_calls": [repr(t) for t in c.tool_calls or []], "finish": c.finish_reason}))
        out["auto_streaming_chunks"] = len(stream_chunks)
        forced_chunks = []
        out["forced_streaming"] = self.chat(messages, tools=[tool], generation_kwargs=forced,
                                            streaming_callback=lambda c: forced_chunks.append(
            {"content": c.content, "tool_calls": [repr(t) for t in c.tool_calls or []], "finish": c.finish_reason}))
        out["forced_streaming_chunks"] = forced_chunks[:4] + forced_chunks[-2:]

        return out

    def tool_round_trip(self) -> dict:
        """A forced call, its result sent back as Haystack's tool message, then as the template's own text."""
        from haystack.dataclasses import ChatMessage, ToolCall
        from haystack_integrations.components.generators.llama_cpp.chat.chat_generator import (
            _convert_chat_history_to_llamacpp_format,
        )

        tool = self.search_tool()
        system, user = self.tool_prompt()
        messages = [system, user]
        forced = {"tool_choice": {"type": "function", "function": {"name": "search_documents"}}}
        out = {}
        calls = self.chat(messages, tools=[tool], generation_kwargs=forced)["tool_calls"]
        call = ToolCall(id=calls[0]["id"], tool_name=calls[0]["tool_name"], arguments=calls[0]["arguments"])
        result_text = tool.invoke(**call.arguments)
        history = [system, user, ChatMessage.from_assistant(tool_calls=[call]),
                   ChatMessage.from_tool(tool_result=result_text, origin=call)]
        out["haystack_llamacpp_messages"] = _convert_chat_history_to_llamacpp_format(history)
        rendered = self.render_prompt(history)
        out["haystack_rendered_prompt"] = rendered
        out["haystack_result_in_prompt"] = "ninety (90) days" in rendered
        out["haystack_reply"] = self.chat(history, tools=[tool])
        # Workaround: write the turn as the template's own text; a "tool" message renders as a user turn
        # holding <tool_response>...</tool_response>, and the call as <tool_call>{...}</tool_call>.
        call_text = "<tool_call>\n" + json.dumps({"name": call.tool_name, "arguments": call.arguments}) + "\n</tool_call>"
        workaround = [system, user, ChatMessage.from_assistant(call_text),
                      ChatMessage.from_user(f"<tool_response>\n{result_text}\n</tool_response>")]
        out["workaround_rendered_prompt"] = self.render_prompt(workaround)
        out["workaround_reply_with_tools"] = self.chat(workaround, tools=[tool])
        out["workaround_reply_without_tools"] = self.chat(workaround)
        return out

    def router(self) -> dict:
        """Tool choice by a JSON schema (name enum + arguments): always a valid call, the model picks the tool."""
        from haystack.dataclasses import ChatMessage

        schema = {
            "type": "object",
            "properties": {
                "tool": {"enum": ["search_documents", "list_contracts", "answer_directly"]},
                "arguments": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
            },
            "required": ["tool", "arguments"],
        }
        system = ChatMessage.from_system(
            "You route a user's request to one tool and reply in JSON {\"tool\": ..., \"arguments\": {\"query\": ...}}.\n"
            "Tools: search_documents(query) finds passages in the contracts; list_contracts(query) lists the "
            "contracts whose title or parties match; answer_directly(query) for greetings or questions not "
            "about the contracts."
        )
        out = {}
        for key, question in (
            ("search_en", "What is the termination notice period in the Acme supply agreement?"),
            ("search_fr", "Quel est le préavis de résiliation du contrat Acme ?"),
            ("list_fr", "Quels contrats avons-nous signés avec Globex ?"),
            ("direct", "Bonjour, qui es-tu ?"),
        ):
            facts = self.chat([system, ChatMessage.from_user(question)], generation_kwargs={
                "max_tokens": 60, "response_format": {"type": "json_object", "schema": schema}})
            try:
                facts["parsed"] = json.loads(facts["text"])
            except (TypeError, ValueError) as error:
                facts["parsed"] = f"not JSON: {error}"
            out[key] = facts
        return out

    def thread_counts(self) -> dict:
        """Prompt eval and decode by thread count and OpenMP wait policy, each in a fresh process.

        libgomp reads OMP_WAIT_POLICY when it loads, so each setting needs its own process. On a machine
        whose cores are busy with other work, spinning threads (the default, ACTIVE) wait for each other.
        """
        out = {}
        for n_threads, policy in ((1, "ACTIVE"), (2, "ACTIVE"), (1, "PASSIVE"), (2, "PASSIVE")):
            env = dict(os.environ, OMP_WAIT_POLICY=policy)
            result = subprocess.run(
                [sys.executable, __file__, "--model", str(self.model), "--bench-threads", str(n_threads)],
                capture_output=True, text=True, env=env, timeout=600,
            )
            key = f"n_threads_{n_threads}_{policy.lower()}"
            out[key] = json.loads(result.stdout) if result.returncode == 0 else {"error": result.stderr[-1500:]}
        return out

    def json_mode(self) -> dict:
        from haystack.dataclasses import ChatMessage

        messages = [
            ChatMessage.from_system("Extract facts from the clause. Reply in JSON."),
            ChatMessage.from_user(
                "Clause: " + CLAUSE + "\nReturn notice_days (integer) and cure_days (integer)."
            ),
        ]
        schema = {
            "type": "object",
            "properties": {"notice_days": {"type": "integer"}, "cure_days": {"type": "integer"}},
            "required": ["notice_days", "cure_days"],
        }
        out = {
            "no_format": self.chat(messages),
            "json_object": self.chat(messages, generation_kwargs={"response_format": {"type": "json_object"}}),
            "json_schema": self.chat(
                messages, generation_kwargs={"response_format": {"type": "json_object", "schema": schema}}
            ),
        }
        for key in ("json_object", "json_schema"):
            try:
                out[key]["parsed"] = json.loads(out[key]["text"])
            except (TypeError, ValueError) as error:
                out[key]["parsed"] = f"not JSON: {error}"
        return out

    def context_overflow(self) -> dict:
        from haystack.dataclasses import ChatMessage

        small = self.make_generator(n_ctx=512)
        small.warm_up()
        out = {"n_ctx": small._model.n_ctx()}
        long_prompt = [ChatMessage.from_user("Summarise: " + CLAUSE * 12)]
        try:
            small.run(messages=long_prompt)
            out["prompt_over_n_ctx"] = "no exception"
        except Exception as error:  # the point is to see which one
            out["prompt_over_n_ctx"] = {"type": f"{type(error).__module__}.{type(error).__name__}", "message": str(error)}
        near = [ChatMessage.from_user("Repeat this text exactly: " + CLAUSE * 6)]
        try:
            result = small.run(messages=near, generation_kwargs={"max_tokens": 400, "temperature": 0.0})
            facts = reply_facts(result["replies"][0])
            out["prompt_plus_max_tokens_over_n_ctx"] = {"finish_reason": facts["finish_reason"], "usage": facts["usage"]}
        except Exception as error:
            out["prompt_plus_max_tokens_over_n_ctx"] = {"type": type(error).__name__, "message": str(error)}
        small.close()
        return out

    def stops(self) -> dict:
        from haystack.dataclasses import ChatMessage

        messages = [ChatMessage.from_user("List the months of the year, one per line.")]
        plain = self.chat(messages, generation_kwargs={"max_tokens": 120})
        custom = self.chat(messages, generation_kwargs={"max_tokens": 120, "stop": ["March"]})
        return {
            "plain": plain,
            "plain_contains_im_end": "<|im_end|>" in (plain["text"] or ""),
            "stop_March": custom,
        }

    def product_prompts(self) -> dict:
        from haystack.dataclasses import ChatMessage

        translate_system = (
            "You translate French legal search queries into English for a contract search engine. "
            "Reply with the English query only, no quotes, no explanation."
        )
        out = {}
        for key, query in (("translate_preavis", "Quel est le préavis de résiliation ?"),
                           ("translate_changement_controle", "clause de changement de contrôle")):
            out[key] = self.chat([ChatMessage.from_system(translate_system), ChatMessage.from_user(query)],
                                 generation_kwargs={"max_tokens": 40})

        passages = [
            "Either party may terminate this Agreement upon ninety (90) days' prior written notice.",
            "This Agreement shall be governed by the laws of the State of New York.",
            "Invoices are payable within sixty (60) days of receipt.",
        ]
        numbered = "\n".join(f"[{i}] {p}" for i, p in enumerate(passages, 1))
        relevance_user = (
            f"Question: What is the notice period for termination?\n\nPassages:\n{numbered}\n\n"
            "Which passages help answer the question? Reply with a JSON list of passage numbers, e.g. [2]."
        )
        relevance_system = "You judge whether contract passages are relevant to a question. Reply with JSON only."
        out["relevance_free"] = self.chat([ChatMessage.from_system(relevance_system), ChatMessage.from_user(relevance_user)],
                                          generation_kwargs={"max_tokens": 30})
        schema = {"type": "object", "properties": {"relevant": {"type": "array", "items": {"type": "integer"}}},
                  "required": ["relevant"]}
        out["relevance_schema"] = self.chat(
            [ChatMessage.from_system(relevance_system),
             ChatMessage.from_user(relevance_user.replace("a JSON list of passage numbers, e.g. [2]",
                                                          'JSON {"relevant": [passage numbers]}'))],
            generation_kwargs={"max_tokens": 30, "response_format": {"type": "json_object", "schema": schema}},
        )

        answer_system = (
            "Tu es un assistant juridique. Réponds en français, uniquement à partir des passages fournis, "
            "et cite chaque affirmation avec le numéro du passage entre crochets, par exemple [1]. "
            "Si les passages ne permettent pas de répondre, dis-le."
        )
        fr_passages = (
            "[1] Article 12 — Résiliation. Chacune des parties peut résilier le présent contrat moyennant un "
            "préavis écrit de trois (3) mois, adressé par lettre recommandée avec accusé de réception.\n"
            "[2] Article 15 — Droit applicable. Le présent contrat est régi par le droit français ; tout litige "
            "relève du tribunal de commerce de Paris."
        )
        out["cited_answer_fr"] = self.chat(
            [ChatMessage.from_system(answer_system),
             ChatMessage.from_user(f"Passages :\n{fr_passages}\n\nQuestion : Quel est le préavis de résiliation ?")],
            generation_kwargs={"max_tokens": 120},
        )
        en_passages = "[1] " + passages[0] + "\n[2] " + passages[1]
        out["cited_answer_fr_with_example"] = self.chat(
            [ChatMessage.from_system(answer_system + " Exemple de réponse : « La durée du contrat est de deux ans [2]. »"),
             ChatMessage.from_user(f"Passages :\n{fr_passages}\n\nQuestion : Quel est le préavis de résiliation ?")],
            generation_kwargs={"max_tokens": 120},
        )
        out["cited_answer_fr_from_english"] = self.chat(
            [ChatMessage.from_system(answer_system),
             ChatMessage.from_user(f"Passages :\n{en_passages}\n\nQuestion : Quel est le préavis de résiliation ?")],
            generation_kwargs={"max_tokens": 120},
        )
        out["cited_answer_unanswerable"] = self.chat(
            [ChatMessage.from_system(answer_system),
             ChatMessage.from_user(f"Passages :\n{fr_passages}\n\nQuestion : Quel est le montant de la pénalité de retard ?")],
            generation_kwargs={"max_tokens": 120},
        )
        for facts in out.values():
            facts["cited"] = sorted(set(re.findall(r"\[(\d+)\]", facts["text"] or "")))
        return out


def bench_threads(model: Path, n_threads: int) -> dict:
    """Prompt eval of 200 tokens (best of 3) and decode of 64 tokens with ``n_threads`` threads."""
    import llama_cpp

    llm = llama_cpp.Llama(model_path=str(model), n_ctx=2048, n_threads=n_threads, n_threads_batch=n_threads,
                          verbose=False)
    tokens = llm.tokenize((CLAUSE * 8).encode(), add_bos=False)[:200]
    rates = []
    for _ in range(3):
        llm.reset()
        started = time.perf_counter()
        llm.eval(tokens)
        rates.append(len(tokens) / (time.perf_counter() - started))
    ctx = llm._ctx.ctx
    llm.reset()
    llama_cpp.llama_perf_context_reset(ctx)
    llm.create_completion("<|im_start|>user\nCount from 1 to 100.<|im_end|>\n<|im_start|>assistant\n",
                          max_tokens=64, temperature=0.0)
    perf = llama_cpp.llama_perf_context(ctx)
    return {
        "prompt_eval_tokens_per_s": [round(r, 1) for r in rates],
        "decode_tokens_per_s": round(perf.n_eval / (perf.t_eval_ms / 1000), 1),
        "load_average": load_average(),
    }


def default_n_ctx_load(model: Path, threads: int) -> dict:
    """Load with the generator's default n_ctx=0 (the model's own context) in a fresh process."""
    code = f"""
import json, os, time
os.environ["HAYSTACK_TELEMETRY_ENABLED"] = "False"
import sys; sys.path.insert(0, {str(Path(__file__).parent)!r})
from llm_probe import memory_mib
from haystack_integrations.components.generators.llama_cpp import LlamaCppChatGenerator
g = LlamaCppChatGenerator(model={str(model)!r}, model_kwargs={{"n_threads": {threads}, "verbose": False}})
t = time.perf_counter(); g.warm_up(); s = time.perf_counter() - t
print(json.dumps({{"n_ctx_param": 0, "n_ctx": g._model.n_ctx(), "warm_up_s": round(s, 2), "memory_mib": memory_mib()}}))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        return {"error": result.stderr[-2000:]}
    return json.loads(result.stdout.strip().splitlines()[-1])


SECTIONS = ("load", "speed", "thread_counts", "template", "streaming", "tools", "tool_round_trip", "router", "json_mode",
            "context_overflow", "stops", "product_prompts", "default_n_ctx")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--n-ctx", type=int, default=4096)
    parser.add_argument("--out", type=Path, help="write the results as JSON here too")
    parser.add_argument("--only", nargs="*", choices=SECTIONS, help="sections to run (load always runs)")
    parser.add_argument("--bench-threads", type=int, help=argparse.SUPPRESS)  # one thread_counts run
    args = parser.parse_args(argv)
    if not args.model.exists():
        print(f"no model at {args.model}: run `make llm` first", file=sys.stderr)
        return 1
    if args.bench_threads:
        print(json.dumps(bench_threads(args.model, args.bench_threads)))
        return 0
    probe = Probe(args.model, args.threads, args.n_ctx)
    wanted = ["load"] + [s for s in (args.only or SECTIONS) if s != "load"]
    for section in wanted:
        started = time.perf_counter()
        try:
            if section == "default_n_ctx":
                probe.results[section] = default_n_ctx_load(args.model, args.threads)
            else:
                probe.results[section] = getattr(probe, section)()
        except Exception:
            probe.results[section] = {"error": traceback.format_exc()}
        print(f"# {section}: {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    text = json.dumps(probe.results, ensure_ascii=False, indent=2, default=str)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
