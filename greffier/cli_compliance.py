"""The ``scan`` and ``flags`` commands of ``python -m greffier`` (parsers are in greffier/cli.py).

    python -m greffier scan [--workspace DIR] [--playbook NAME] [--document ID] [--today DATE] [--json]
    python -m greffier flags [--status open] [--severity high] [--playbook P] [--document ID] [--json]
    python -m greffier flags set-status FLAG_ID STATUS [--note TEXT]
    python -m greffier flags export --format csv|xlsx|json|md|pdf [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import Any

from greffier.compliance.errors import ComplianceError
from greffier.compliance.models import COPY_NOTE, ScanEvent
from greffier.compliance.playbooks import severity_rank
from greffier.config import Settings
from greffier.text import plural, section_label


def _print_json(data: Any) -> None:  # noqa: ANN401
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def _today(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ComplianceError(f"--today {value!r} is not a date: write it YYYY-MM-DD") from exc


def _progress_printer(enabled: bool):  # noqa: ANN202
    """A callback drawing two tqdm bars on stderr: chunks classified, then rules checked."""
    bars: dict[str, Any] = {}

    def on_event(event: ScanEvent) -> None:
        if not enabled:
            return
        from tqdm import tqdm  # optional: progress bars of the CLI only

        if event.kind in ("chunk_classified", "rule_check"):
            label = "classify" if event.kind == "chunk_classified" else "rules"
            bar = bars.get(event.kind)
            if bar is None:
                bar = bars[event.kind] = tqdm(total=event.total, desc=label, unit="chunk" if label == "classify" else "check", file=sys.stderr, dynamic_ncols=True)
            bar.update(1)
            if event.index >= event.total:
                bar.close()
        elif event.kind == "scan_done":
            for bar in bars.values():
                bar.close()

    return on_event


def run_scan(args: argparse.Namespace, settings: Settings) -> int:
    from greffier.services.compliance.service import scan_workspace  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    show = not args.json or sys.stderr.isatty()
    llm = None if args.no_llm else "auto"
    result = scan_workspace(
        settings, args.playbook, document_ids=[args.document] if args.document else None, today=_today(args.today),
        llm=llm, on_event=_progress_printer(show and sys.stderr.isatty()),
    )
    data = result.to_json()
    if args.json:
        _print_json(data)
        return 0
    from greffier.ui.compliance import amendment_ids, not_contract_ids, rule_titles, scan_summary  # the command's wording loads only when it runs (Haystack behind it)

    counts = data["counts"]
    severities = ", ".join(f"{n} {s}" for s, n in counts["by_severity"].items()) or "none"
    summary = scan_summary(data, rule_titles([args.playbook]), amendment_ids(settings), not_contract_ids(settings))  # counted as the app counts them
    print(summary["headline"])
    print(f"  scan {data['scan_id']}: playbook {data['playbook']['name']} v{data['playbook']['version']}, severities: {severities}")
    for note in summary["notes"]:
        print(f"  {note}")
    for flag in sorted(data["flags"], key=lambda f: (f["document_id"], -severity_rank(f["severity"]), f.get("page") or 0)):
        print(f"  [{flag['severity']:>8}] {flag['id']}  {_where(flag)}  {flag['rule_title']}  ({flag['status']})")  # the contract by its file
    for skipped in _grouped_skips(data["skipped_rules"]):
        print(f"  ! {skipped}")
    by_reason: dict[str, list[str]] = {}
    for skipped in data["skipped_documents"]:  # « unknown type » is not « another type »: each reason said
        by_reason.setdefault(skipped["reason"], []).append(str(skipped.get("file") or skipped["document_id"]).replace("\\", "/").rsplit("/", 1)[-1])
    for reason, names in by_reason.items():
        print(f"  - {plural(len(names), 'document')} not scanned, {reason}: {', '.join(names)}")
    return 0


def _grouped_skips(checks: list[dict[str, Any]]) -> list[str]:
    grouped: dict[tuple[str, str], list[str]] = {}
    for check in checks:
        grouped.setdefault((check["rule_id"], check["status"]), []).append(check["document_id"])
    return [f"rule {rule_id}: {status} ({plural(len(docs), 'document')})" for (rule_id, status), docs in grouped.items()]


def _where(flag: dict[str, Any]) -> str:
    page = f" p.{flag['page']}" if flag.get("page") is not None else ""
    return f"{flag['file']}{page} — {section_label(flag.get('section'), whole_path=True) or ('whole contract' if flag.get('chunk_id') == 'document' else '(no section)')}"


def _filters(args: argparse.Namespace):  # noqa: ANN202
    from greffier.services.compliance.service import FlagFilters  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    return FlagFilters(
        statuses=tuple(args.status or ()), severities=tuple(args.severity or ()), min_severity=args.min_severity,
        playbooks=tuple(args.playbook or ()), document_ids=tuple(args.document or ()), include_gone=args.include_gone,
    )


def run_flags(args: argparse.Namespace, settings: Settings) -> int:
    action = getattr(args, "flags_command", None)
    if action == "set-status":
        return _set_status(args, settings)
    if action == "export":
        return _export(args, settings)
    from greffier.services.compliance.service import list_flags  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    listing = list_flags(settings, _filters(args))
    if args.json:
        _print_json(listing)
        return 0
    counts = listing["counts"]
    print(f"{plural(counts['flags'], 'flag')}  " + "  ".join(f"{s}: {n}" for s, n in counts["by_severity"].items()))
    for flag in listing["flags"]:
        gone = "" if flag["present"] else "  (gone)"
        note = f"  note: {flag['note']}" if flag.get("note") else ""
        print(f"[{flag['severity']:>8}] {flag['id']}  {flag['status']:<9} {_where(flag)}  {flag['rule_title']}{gone}{note}")
        print(f"           {flag['excerpt'][:200]}")
        if copy_of := (flag.get("details") or {}).get("copy_of"):
            print(f"           {COPY_NOTE.format(original=copy_of)}")
    for skipped in _grouped_skips(listing["skipped_rules"]):
        print(f"! {skipped}")
    return 0


def _set_status(args: argparse.Namespace, settings: Settings) -> int:
    from greffier.services.compliance.service import set_flag_status  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    flag = set_flag_status(settings, args.flag_id, args.status_value, args.note)
    if args.json:
        _print_json(flag)
    else:
        print(f"{flag['id']}: {flag['status']}" + (f" — {flag['note']}" if flag.get("note") else ""))
    return 0


def _export(args: argparse.Namespace, settings: Settings) -> int:
    from greffier.services.compliance.exports import export_flags  # the command's service loads only when it runs (Haystack, docling, torch behind it)

    result = export_flags(settings, args.format, args.out, _filters(args), delimiter=args.delimiter)
    content = result.pop("content", None)
    if content is not None and not args.json:
        sys.stdout.write(content)
        return 0
    if args.json:
        _print_json({**result, **({"content": content} if content is not None else {})})
    else:
        print(f"{plural(result['flags'], 'flag')} written to {result['path']}")
    return 0


def add_filter_arguments(parser: argparse.ArgumentParser, *, inherit: bool = False) -> None:
    """The flag filters (repeatable). With ``inherit``, unset options keep the parent parser's values."""
    default = argparse.SUPPRESS if inherit else None
    parser.add_argument("--status", action="append", default=default, help="open, resolved, dismissed, escalated (repeatable)")
    parser.add_argument("--severity", action="append", default=default, help="info, low, medium, high, critical (repeatable)")
    parser.add_argument("--min-severity", default=default, help="this severity and above")
    parser.add_argument("--playbook", action="append", default=default, help="only flags of this playbook (repeatable)")
    parser.add_argument("--document", action="append", default=default, help="only flags of this document id (repeatable)")
    parser.add_argument("--include-gone", action="store_true", default=argparse.SUPPRESS if inherit else False, help="also flags a later scan no longer found")
