"""Command-line interface: ``python -m greffier COMMAND ...``.

Every command takes ``--workspace DIR`` (default: ``GREFFIER_WORKSPACE`` or ``./workspace``).
Errors the user can act on are printed as one readable line (or ``{"error": ...}`` with ``--json``)
and exit with status 2; nothing prints a traceback for bad input.
"""

from __future__ import annotations

import argparse
import json
import logging
import shlex
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from greffier.config import ANSWER_MODES, FUSION_METHODS, RETRIEVERS, Settings, load_settings
from greffier.errors import GreffierError, WorkspaceError
from greffier.formats import CSV_SEPARATORS
from greffier.text import plural, section_label
from greffier.text.replies import (
    CHAT_PATHS, CHAT_THREAD_LLM, CHAT_THREAD_NO_LLM, LIST_ASKED, SEARCHED_ONLY, TRANSLATION_SEARCHED, file_names, reply_language, wording,
)
from greffier.ui.text import tail_path

EXIT_USER_ERROR = 2


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def _settings(args: argparse.Namespace) -> Settings:
    return load_settings(args.workspace) if args.workspace else load_settings()


def _ingested(args: argparse.Namespace) -> Settings:
    """The settings of a workspace something was ingested into. A command that reads one (search, ask,
    chat, inspect, a data-room export) refuses a folder that holds nothing — a mistyped ``--workspace``
    would otherwise be answered « the documents do not say » or « no contract matches », as if its
    contracts had been read — and writes nothing there."""
    settings = _settings(args)
    if not settings.data_dir.is_dir():
        where = settings.workspace.expanduser().resolve()
        state = "holds nothing ingested" if where.is_dir() else "does not exist"
        raise WorkspaceError(f"workspace {where} {state}: check --workspace (or GREFFIER_WORKSPACE), or ingest documents into it first: {_ingest_command(settings)}")
    return settings


def _ingest_command(settings: Settings) -> str:
    """The command that fills the workspace, ready to paste."""
    return f"python -m greffier ingest FOLDER --workspace {shlex.quote(str(settings.workspace.expanduser().resolve()))}"


# --- commands ---------------------------------------------------------------------------------


def cmd_ingest(args: argparse.Namespace) -> int:
    from greffier.services.ingest import Ingestor, ProgressEvent  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _settings(args)
    show_progress = not args.json or sys.stderr.isatty()
    bar = None

    def progress(event: ProgressEvent) -> None:
        nonlocal bar
        if not show_progress:
            return
        from tqdm import tqdm  # optional: progress bars of the CLI only

        if event.stage == "scan" and event.total:
            bar = tqdm(total=event.total, unit="file", desc="ingest", file=sys.stderr, dynamic_ncols=True)
        elif event.stage == "file" and bar is not None and event.detail != "data-room entries":
            bar.set_postfix_str(f"{event.status}: {tail_path(event.file, 60)}")
            bar.update(1)
        elif event.stage == "file" and event.detail == "data-room entries":
            sys.stderr.write(f"  {event.file}: {event.index}/{event.total} entries\n")
        elif event.stage == "done" and bar is not None:
            bar.close()

    models = _models_line(settings)
    if show_progress:
        sys.stderr.write(f"workspace: {settings.workspace.resolve()}\n{models}\n")
    report = Ingestor(settings, progress).ingest(args.path, retry_failed=args.retry_failed)
    if args.json:
        _print_json(report.to_json())
        return 0
    summary = report.to_json()
    print(
        f"ingested {summary['ingested']}, unchanged {summary['unchanged']}, removed {summary['removed']}, "
        f"failed {len(summary['failed'])} in {summary['seconds']:.1f}s "
        f"({plural(summary['contracts'], 'document')}, {plural(summary['chunks'], 'chunk')} in the workspace)"
    )
    for failure in report.failed:
        print(f"  FAILED {failure['file']}: {failure['error']}")
    return 0


def _models_line(settings: Settings) -> str:
    from greffier.models import models_in_use  # the command's service loads only when it runs
    from pipelines.generators.llm import describe_llm, llm_in_use  # the command's service loads only when it runs

    models = models_in_use(settings)
    reranker = models["reranker"]["name"] if models["reranker"] else "none (no cross-encoder found locally)"
    dictionary = (models.get("dictionary") or {}).get("line", "unknown")
    return f"embedder: {models['embedder']['description']} | reranker: {reranker} | LLM: {describe_llm(llm_in_use(settings))} | dictionary: {dictionary}"


def cmd_status(args: argparse.Namespace) -> int:
    from greffier.services.status import workspace_status  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _settings(args)
    status = workspace_status(settings)  # reports an empty or missing workspace as such (0 documents), with the way to fill it
    if args.json:
        _print_json(status)
        return 0
    print(f"workspace: {status['workspace']}")
    print(f"documents: {status['documents']}  chunks: {status['chunks']}  files: {status['files']}")
    if not settings.data_dir.is_dir():
        print(f"! nothing was ingested here: {_ingest_command(settings)}")
    print(f"embedder: {status['models']['embedder']['description']}")
    reranker = status["models"]["reranker"]
    print(f"reranker: {reranker['name'] if reranker else 'none (rerank off)'}")
    print(f"LLM: {status['llm_line']}")
    if status["reindex_needed"]:
        print(f"! indexed with {status['indexed_with']}: run 'python -m greffier reindex'")
    for failure in status["failures"]:
        print(f"  FAILED {failure['file']}: {failure['error']}")
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    from greffier.services.status import inspect_workspace  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    data = inspect_workspace(_ingested(args), args.document)
    if args.json:
        _print_json(data)
        return 0
    for document in data["documents"]:
        print(f"{document['id']}  {document['file']}  ({plural(document['pages'], 'page') if document['pages'] else '- pages'}, {plural(len(document['chunks']), 'chunk')})  {document['title']}")
        for chunk in document["chunks"]:
            pages = "" if chunk["page"] is None else f" p.{chunk['page']}" + (f"-{chunk['page_end']}" if chunk["page_end"] not in (None, chunk["page"]) else "")
            print(f"    {chunk['id']}{pages}  {chunk['section'] or '(no section)'}")
    return 0


def cmd_models(args: argparse.Namespace) -> int:
    from greffier.model_download import download_models  # the command's service loads only when it runs (Haystack, docling, torch behind it)
    from greffier.models import models_status  # the command's service loads only when it runs

    settings = _settings(args)
    if args.models_command == "download":
        download_models(settings, progress=lambda msg: sys.stderr.write(f"{msg}\n"))
        print(f"models downloaded into {settings.models.models_dir}")
        return 0
    from greffier.services.status import hardware_status  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    rows = models_status(settings)
    hardware = hardware_status(settings)
    if args.json:
        _print_json({"models": rows, "in_use": _models_line(settings), "hardware": hardware})
        return 0
    print(_models_line(settings))
    print(_hardware_line(hardware))
    if hardware["warning"]:
        print(f"! {hardware['warning']}")
    elif hardware["note"]:
        print(f"  ({hardware['note']})")
    for row in rows:
        mark = "present" if row["present"] else "absent"
        print(f"  {row['role']:<10} {row['name']:<28} {mark:<8} {row.get('path') or ''}  {row.get('detail') or ''}")
    return 0


def _hardware_line(hardware: dict[str, Any]) -> str:
    precision = "fp16" if hardware["fp16"] else "fp32"
    torch_build = f"torch {hardware['torch_version']} ({hardware['torch_build']} build)" if hardware["torch_version"] else "torch not installed"
    return f"device: {hardware['description']} [{hardware['device']}, {precision}] | {torch_build}"


def cmd_reindex(args: argparse.Namespace) -> int:
    from greffier.services.maintenance import reindex  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    report = reindex(_settings(args))
    if args.json:
        _print_json(report)
    else:
        print(f"re-indexed {plural(report['contracts'], 'document')} ({plural(report['chunks'], 'chunk')}) with {report['embedder']}")
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from greffier.services.search import search  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _ingested(args)
    response = search(
        settings, args.query, top_k=args.top_k, retriever=args.retriever,
        rerank=False if args.no_rerank else None, fusion=args.fusion, min_score=args.min_score,
    )
    if args.json:
        _print_json(response)
        return 0
    rerank = response["models"]["rerank"]
    print(f"{plural(len(response['results']), 'result')} ({args.retriever}, fusion {response['fusion']}, rerank: {rerank['name'] or rerank['reason']})")
    for rank, r in enumerate(response["results"], 1):
        print(f"{rank}. [{r['score']:.3f}] {_where(r)}")
        print(f"   {r['text'][:240].replace(chr(10), ' ')}")
    return 0


def _where(r: dict[str, Any]) -> str:
    page = ""
    if r.get("page") is not None:
        page = f", p. {r['page']}" + (f"-{r['page_end']}" if r.get("page_end") not in (None, r["page"]) else "")
    return f"{r['file']}{page} — {section_label(r.get('section'), whole_path=True) or '(no section)'}"


def cmd_ask(args: argparse.Namespace) -> int:
    from greffier.services.answering import answer, without_findings  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _settings(args) if args.mode == "direct" else _ingested(args)  # the LLM alone reads no document
    # « Quels contrats … ? »: passages are no exhaustive list, and « the documents do not say » is no answer to it
    # (with --json too, as "list_command": a walkthrough scripted `ask --json` and read one passage as the room's list)
    command = _chat_lists(args, settings) if args.mode == "rag" else None
    streamed = not args.json and sys.stdout.isatty() and command is None  # (an abstention is not streamed before the pointer)

    def on_event(kind: str, payload: dict[str, Any]) -> None:
        if streamed and kind == "token":
            sys.stdout.write(payload["text"])
            sys.stdout.flush()

    result = answer(
        settings, args.question, mode=args.mode, top_k=args.top_k, fusion=args.fusion,
        rerank=False if args.no_rerank else None, on_event=on_event,
    )
    if args.json:
        _print_json({**result, "list_command": command} if command else result)
        return 0
    backend = result["backend"]
    if command and result.get("abstained"):
        print(wording(LIST_ASKED, reply_language(args.question), command=command))
        return 0
    if not streamed:
        print(result["answer"] or "(retrieval only: no answer generated)")
    else:
        print()
    # what the records add (the end in force, the notice deadline, who a role is): part of the answer, as the Chat page shows it,
    # not small print inside the note (the app walk of round 40)
    findings = list(result.get("findings") or []) if args.mode == "rag" else []
    for finding in findings:
        print(finding)
    note = without_findings(result.get("note"), findings) if findings else result.get("note")
    if note:
        print(f"({note})")
    if reply_language(args.question) == "fr":  # who answered, in the question's language (a walkthrough)
        from greffier.ui.knobs import answerer_line  # the command's wording loads only when it runs (Haystack behind it)

        print(f"LLM : {answerer_line(backend, mode=args.mode, language='fr')}")
    else:
        from pipelines.generators.llm import describe_llm  # the command's wording loads only when it runs (Haystack behind it)

        print(f"LLM: {describe_llm(backend if args.mode == 'rag' else {**backend, 'role': None})}")  # the role is question answering's
    if result.get("translation"):
        print(wording(TRANSLATION_SEARCHED, reply_language(args.question), text=result["translation"]))
    if result.get("scope"):
        scope = result["scope"]
        language = reply_language(args.question)
        named_by = "désigné par" if language == "fr" else "named by"
        searched = wording(SEARCHED_ONLY, language, where=", ".join(file_names(scope["files"]))).rstrip(".")
        print(f"{searched} ({named_by}{' :' if language == 'fr' else ':'} {' '.join(scope['named_by'])}).")
    for citation in result["citations"]:
        print(f"  [{citation['n']}] {_where(citation)}")
    if command:
        print(wording(LIST_ASKED, reply_language(args.question), command=command))
    for flagged in result.get("unsupported", []):
        print(f"  ! unsupported: {flagged['sentence'][:120]} (not in sources: {', '.join(flagged['missing'])})")
    if args.mode == "retrieval_only":
        for rank, r in enumerate(result["results"], 1):
            print(f"{rank}. [{r['score']:.3f}] {_where(r)}\n   {r['text'][:240]}")
    return 0


def _chat_lists(args: argparse.Namespace, settings: Settings) -> str | None:
    """The `chat` command that lists the contracts ``args.question`` asks for from the data room (as the chat
    reads it: by a field, a kind of clause, duplicates), ready to paste; None when the chat would not list them."""
    from greffier.chat.router import data_route  # the chat's reading of a list question, loaded only when `ask` runs
    from greffier.dataroom.questions import is_contracts_request  # (the data room's, with it)
    from store.workspace import open_workspace  # (the store's, with it)

    if not is_contracts_request(args.question):
        return None
    workspace = open_workspace(settings)
    if data_route(args.question, workspace, home_law=settings.dataroom.home_law, today=date.today()) is None:
        return None

    def quoted(text: str) -> str:  # double quotes read best (« d'exclusivité »), unless the shell would expand within them
        return f'"{text}"' if not set(text) & set('"$`\\!') else shlex.quote(text)

    where = f" --workspace {quoted(str(args.workspace))}" if getattr(args, "workspace", None) else ""
    return f"python -m greffier chat {quoted(args.question)}{where}"


def cmd_scan(args: argparse.Namespace) -> int:
    from greffier.cli_compliance import run_scan  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    return run_scan(args, _settings(args))


def cmd_flags(args: argparse.Namespace) -> int:
    from greffier.cli_compliance import run_flags  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    return run_flags(args, _settings(args))


def cmd_tool(args: argparse.Namespace) -> int:
    from greffier.tools import ToolError, call_tool, tool_definitions  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _settings(args)
    if args.name == "list":
        _print_json(tool_definitions(settings))
        return 0
    try:
        result = call_tool(settings, args.name, args.args)
    except ToolError as exc:
        _print_json({"error": str(exc)})
        return EXIT_USER_ERROR
    _print_json(result)
    return 0


def cmd_dataroom(args: argparse.Namespace) -> int:
    from greffier.services.dataroom.export import export_dataroom  # the command's service loads only when it runs (Haystack, docling, torch behind it)
    from greffier.tools.registry import parse_arguments  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _ingested(args)
    content = export_dataroom(settings, parse_arguments("search_data_room", args.args), args.format, args.delimiter)  # bad arguments: a ToolError, printed by main
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(content)
    if args.json:
        _print_json({"format": args.format, "path": str(out), "bytes": len(content)})
    else:
        print(f"data room written to {out} ({args.format}, {len(content)} bytes)")
    return 0


def cmd_mcp(args: argparse.Namespace) -> int:
    from greffier.mcp_server import serve_http, serve_stdio  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _settings(args)
    if args.http:
        serve_http(settings, host=args.host, port=args.port)
    else:
        serve_stdio(settings)
    return 0


def cmd_chat(args: argparse.Namespace) -> int:
    from greffier.chat.router import ChatRouter  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    settings = _ingested(args)
    router = ChatRouter(settings)
    streamed = not args.json and sys.stdout.isatty()

    def on_event(kind: str, payload: dict[str, Any]) -> None:
        if not streamed:
            return
        if kind == "token":
            sys.stdout.write(payload["text"])
            sys.stdout.flush()
        elif kind in ("intent", "plan", "tool_call", "approval_required"):
            sys.stderr.write(f"[{kind}] {json.dumps(payload, ensure_ascii=False, default=str)[:300]}\n")

    mode = "agent" if (args.interactive or args.approve_all or args.mode == "agent") else "router"
    result = router.send(args.message, thread_id=args.thread, mode=mode, on_event=on_event)
    events = list(result.events)
    while result.status == "awaiting_approval":
        call = result.pending_call or {}
        decision, arguments = "approve", None
        if args.interactive:
            sys.stderr.write(f"Run {call.get('tool')} with {json.dumps(call.get('arguments'), ensure_ascii=False)}? [y]es / [n]o / [e]dit: ")
            choice = (sys.stdin.readline() or "n").strip().lower()[:1]
            if choice == "e":
                sys.stderr.write("new arguments (JSON): ")
                decision, arguments = "edit", json.loads(sys.stdin.readline() or "{}")
            elif choice != "y":
                decision = "refuse"
        elif not args.approve_all:
            break
        result = router.resume(result.thread_id, decision, arguments=arguments, on_event=on_event)
        events += result.events
    if args.json:
        _print_json({
            "thread_id": result.thread_id, "status": result.status, "answer": result.answer,
            "path": router.path, "backend": router.backend_info, "pending_call": result.pending_call,
            "events": [{"type": kind, **payload} for kind, payload in events],
        })
        return 0
    if not streamed:
        print(result.answer)
    else:
        print()
    if result.status == "awaiting_approval":
        print(f"(waiting for approval: python -m greffier chat ... --thread {result.thread_id} --approve-all)")
    language = reply_language(args.message)  # the last line in the question's language, as the answer (a walkthrough)
    if router.path in CHAT_PATHS:
        how = CHAT_PATHS[router.path][language]
        print(wording(CHAT_THREAD_LLM, language, thread=result.thread_id, kind=router.backend_info.get("kind"), how=how))
    else:  # "none": no LLM, the data room and quoted passages answer
        print(wording(CHAT_THREAD_NO_LLM, language, thread=result.thread_id))
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    from greffier.services.maintenance import check_consistency  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    report = check_consistency(_settings(args), repair=args.repair)
    if args.json:
        _print_json(report)
    else:
        state = "consistent" if report["consistent"] else ("repaired" if args.repair else "INCONSISTENT")
        print(f"{plural(report['chunks'], 'chunk')}: SQLite, Chroma and BM25 {state}")
        for key, values in report.items():
            if isinstance(values, list) and values:
                print(f"  {key}: {len(values)} ({', '.join(values[:5])}{' …' if len(values) > 5 else ''})")
        if not report["consistent"] and not args.repair:
            print("run with --repair to fix, then ingest again to re-process the affected files")
    return 0 if report["consistent"] or args.repair else 1


# --- parser -----------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m greffier", description="Greffier: private legal-document assistant")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress details")
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, func: Callable[[argparse.Namespace], int], help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--workspace", help="workspace folder (default: GREFFIER_WORKSPACE or ./workspace)")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(func=func)
        return p

    p = add("ingest", cmd_ingest, "ingest a folder (recursively), a file or a data-room JSON file")
    p.add_argument("path")
    p.add_argument("--retry-failed", action="store_true", help="retry files that failed before even if unchanged")
    add("status", cmd_status, "documents, chunks, failures and models of a workspace")
    p = add("inspect", cmd_inspect, "every document with its chunks")
    p.add_argument("--document", help="only this document id")
    p = add("models", cmd_models, "models: status (what is present) or download (needs a network)")
    p.add_argument("models_command", choices=["status", "download"], nargs="?", default="status")
    p = add("search", cmd_search, "hybrid passage search (the exact query, no LLM)")
    p.add_argument("query")
    p.add_argument("--top-k", type=int, default=None, help="number of passages (default: search.top_k_final)")
    p.add_argument("--retriever", choices=RETRIEVERS, default="hybrid")
    p.add_argument("--fusion", choices=FUSION_METHODS, default=None)
    p.add_argument("--min-score", type=float, default=None)
    p.add_argument("--no-rerank", action="store_true")
    p = add("ask", cmd_ask, "answer a question with citations (rag), list passages, or ask the LLM alone")
    p.add_argument("question")
    p.add_argument("--mode", choices=ANSWER_MODES, default="rag")
    p.add_argument("--top-k", type=int, default=None)
    p.add_argument("--fusion", choices=FUSION_METHODS, default=None)
    p.add_argument("--no-rerank", action="store_true")
    p = add("tool", cmd_tool, "call a tool (search_data_room, get_contract, find_duplicates, compare_contracts, search_documents, scan_document) with JSON arguments; 'tool list' prints their definitions")
    p.add_argument("name")
    p.add_argument("--args", default="{}", help="the tool's arguments as a JSON object")
    p = add("dataroom", cmd_dataroom, "export the data-room table (the screen's: filters on a cover sheet, amendments under their contract, the contracts left out and why)")
    p.add_argument("dataroom_command", choices=["export"])
    p.add_argument("--args", default="{}", help="search_data_room arguments as a JSON object, e.g. '{\"filters\": {\"end_date\": {\"before\": \"2026-12-31\"}}}'")
    p.add_argument("--format", required=True, choices=["csv", "xlsx"])
    p.add_argument("--out", required=True, help="the file to write")
    p.add_argument("--delimiter", default=",", choices=list(CSV_SEPARATORS), help="CSV separator: ',' or ';' (Excel in French)")
    p = add("chat", cmd_chat, "talk to the whole system: the router plans and calls tools (agent mode asks approval)")
    p.add_argument("message")
    p.add_argument("--thread", help="continue this thread")
    p.add_argument("--mode", choices=["router", "agent"], default="router")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--approve-all", action="store_true", help="agent mode, approving every tool call")
    group.add_argument("--interactive", action="store_true", help="agent mode, asking before every tool call")
    p = add("doctor", cmd_doctor, "check that SQLite, Chroma and the BM25 index agree (and --repair them)")
    p.add_argument("--repair", action="store_true")
    add("reindex", cmd_reindex, "re-embed every chunk with the current embedder (after a model change)")
    p = add("mcp", cmd_mcp, "serve the tools over MCP: stdio (default) or streamable HTTP on http://HOST:PORT/mcp")
    p.add_argument("--http", action="store_true", help="streamable HTTP instead of stdio")
    p.add_argument("--host", default="127.0.0.1", help="HTTP bind address (non-loopback needs GREFFIER_MCP_TOKEN)")
    p.add_argument("--port", type=int, default=8002, help="HTTP port")
    _add_bench_commands(sub)  # bench retrieval | bm25 | ingest | query | rerank | dataroom | app (dev tools)
    _add_compliance_commands(add)  # scan | flags [set-status | export]
    return parser


def _add_bench_commands(sub: Any) -> None:
    """The benchmarks live in the dev tools (devtools/ of a checkout), not in the product: this entry
    loads them, or says how to get them."""
    try:
        from devtools.bench.commands import add_bench_parser  # dev tools: present in a checkout, not in an installed product
        from devtools.bench.scripts import add_extra_bench_commands  # dev tools: present in a checkout, not in an installed product
    except ImportError as exc:
        missing = getattr(exc, "name", None) or str(exc)
        parser = sub.add_parser("bench", help="benchmarks (needs the dev tools of a repository checkout)", add_help=False, prefix_chars="+")
        parser.add_argument("rest", nargs=argparse.REMAINDER)
        parser.set_defaults(func=lambda _args: _no_devtools(missing))
        return
    add_bench_parser(sub)
    add_extra_bench_commands(sub.choices["bench"])


def _no_devtools(missing: str) -> int:
    sys.stderr.write(
        f"error: the benchmark tools are not installed ({missing} cannot be imported). They live in devtools/ of a "
        "checkout of the repository: run `python -m greffier bench ...` from its root, after "
        "`pip install -r devtools/requirements.in`.\n"
    )
    return EXIT_USER_ERROR


def _add_compliance_commands(add: Callable[..., argparse.ArgumentParser]) -> None:
    from greffier.cli_compliance import add_filter_arguments  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    p = add("scan", cmd_scan, "scan documents with a compliance playbook (playbooks/*.yaml) and store the flags")
    p.add_argument("--playbook", default="ma_due_diligence", help="playbook name in playbooks/ or a YAML file (default: ma_due_diligence)")
    p.add_argument("--document", help="only this document id")
    p.add_argument("--today", help="the review date for date rules, YYYY-MM-DD (default: today)")
    p.add_argument("--no-llm", action="store_true", help="do not use an LLM (LLM rules are reported as skipped)")
    p = add("flags", cmd_flags, "list review flags; 'flags set-status ID STATUS' and 'flags export --format F' act on them")
    add_filter_arguments(p)
    actions = p.add_subparsers(dest="flags_command")
    status = actions.add_parser("set-status", help="set a flag's status: open, resolved, dismissed, escalated")
    status.add_argument("flag_id")
    status.add_argument("status_value", metavar="STATUS", choices=["open", "resolved", "dismissed", "escalated"])
    status.add_argument("--note", default=None, help="reviewer note")
    export = actions.add_parser("export", help="export flags to csv, xlsx, json, md (report) or pdf (report)")
    export.add_argument("--format", required=True, choices=["csv", "xlsx", "json", "md", "pdf"])
    export.add_argument("--out", default=None, help="file to write (required for xlsx and pdf; otherwise stdout)")
    export.add_argument("--delimiter", default=",", choices=list(CSV_SEPARATORS), help="CSV separator: ',' or ';' (Excel in French)")
    add_filter_arguments(export, inherit=True)
    for child in (status, export):
        # Given after the action, these options keep the values given before it otherwise.
        child.add_argument("--workspace", default=argparse.SUPPRESS, help="workspace folder")
        child.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    from greffier.privacy import TEXT_ECHOING_LOGGERS  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    for noisy in TEXT_ECHOING_LOGGERS:  # never DEBUG: these echo document text
        logging.getLogger(noisy).setLevel(logging.INFO if args.verbose else logging.WARNING)
    try:
        return args.func(args)
    except GreffierError as exc:
        if getattr(args, "json", False):
            _print_json({"error": str(exc)})
        else:
            sys.stderr.write(f"error: {exc}\n")
        return EXIT_USER_ERROR
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
