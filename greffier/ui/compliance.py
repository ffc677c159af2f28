"""The compliance screen's view models: playbooks to choose from, a scan with progress, flags grouped
by contract and severity, the passage a flag cites, review status changes, the chart of open flags.
Scanning, storage and exports are :mod:`greffier.compliance`'s."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from greffier.services.compliance import (  # noqa: F401 (DEFAULT_PLAYBOOK: for the page)
    DEFAULT_PLAYBOOK, FlagFilters, list_flags, list_playbooks, load_playbook, scan_workspace, set_flag_status, unscanned_contracts,
)
from greffier.compliance.errors import PlaybookError
from greffier.compliance.models import COPY_NOTE, SKIPPED_NO_LLM
from greffier.compliance.playbooks import SEVERITIES
from greffier.text import noun, plural
from greffier.text.replies import contract_label
from greffier.config import Settings
from greffier.formats import CSV_SEPARATORS as CSV_SEPARATORS  # re-exported: the screens' selectboxes offer the separators the exports take
from greffier.ui.chat import Source, sources_for
import tempfile
from pathlib import Path, PurePosixPath
from greffier.services.compliance import export_flags
from greffier.ui.chat import pdf_file
from greffier.ui.dataroom import name_contracts
from greffier.ui.text import escape_markdown, one_line
from store.records import load_dataroom
from store.workspace import open_workspace

SEVERITY_ORDER = tuple(sorted(SEVERITIES, key=SEVERITIES.index, reverse=True))  # most severe first
SEVERITY_COLOURS = {"critical": "#7b1fa2", "high": "#d62728", "medium": "#ff7f0e", "low": "#f2c12e", "info": "#8c8c8c"}
STATUSES = ("open", "escalated", "resolved", "dismissed")  # the flag statuses, in the order a reviewer reads them
ProgressCallback = Callable[[float, str], None]


def playbooks() -> list[dict[str, Any]]:
    """Every playbook of ``playbooks/``: name, title, rule count, description — or its error."""
    out = []
    for path in list_playbooks():
        try:
            playbook = load_playbook(path)
        except PlaybookError as exc:
            out.append({"name": path.stem, "title": path.stem, "rules": 0, "description": "", "error": str(exc)})
            continue
        out.append({"name": playbook.name, "title": playbook.title or playbook.name, "rules": len(playbook.rules),
                    "description": " ".join(playbook.description.split()), "error": None})
    return out


def contract_names(contracts: Iterable[dict[str, Any]]) -> dict[str, str]:
    """``{contract id: name}`` for the Documents' rows (id, title, file): the data room's naming — the
    title, with the file name where two contracts share a title — never the internal id."""
    return name_contracts((row["id"], row.get("title"), row.get("file")) for row in contracts)


def progress_of(event: Any, names: dict[str, str] | None = None, rules: dict[str, str] | None = None) -> tuple[float, str]:  # noqa: ANN401
    """A scan event as (fraction done, line): classification is the first half, rule checks the second.
    The contract by its name (``names``) and the rule by its title (``rules``), not their ids."""
    names, rules = names or {}, rules or {}
    total = max(event.total or 0, 1)

    def contract(document_id: str | None) -> str:
        return one_line(names.get(document_id or "", document_id or ""), 60)

    if event.kind == "chunk_classified":
        owner = (event.chunk_id or "").rsplit("-", 1)[0]
        return 0.5 * event.index / total, f"Classifying clauses {event.index}/{event.total} · {contract(owner)}"
    if event.kind == "rule_check":
        rule = rules.get(event.rule_id or "", event.rule_id or "")
        return 0.5 + 0.5 * event.index / total, f"Checking rules {event.index}/{event.total} · {contract(event.document_id)} — {rule}"
    if event.kind == "flag_found":
        return -1.0, f"Flag: {rules.get(event.rule_id or '', event.rule_id or '')} in {contract(event.document_id)}"
    return 1.0, f"Scan finished: {event.detail or ''}"


def run_scan(settings: Settings, playbook: str, document_ids: list[str] | None, progress: ProgressCallback | None = None,
             names: dict[str, str] | None = None) -> dict[str, Any]:
    """Scan ``document_ids`` (None: every contract) with ``playbook``; returns the scan's JSON
    (status, counts, skipped rules...). ``names``: the contracts' names for the progress line
    (:func:`contract_names`). Raises PlaybookError / ComplianceError (GreffierErrors)."""
    done = {"fraction": 0.0}
    rules = rule_titles([playbook])

    def on_event(event) -> None:  # noqa: ANN001
        fraction, line = progress_of(event, names, rules)
        if fraction >= 0:
            done["fraction"] = fraction
        if progress is not None:
            progress(done["fraction"], line)

    return scan_workspace(settings, playbook, document_ids=document_ids or None, on_event=on_event).to_json()


def rule_titles(playbook_names: Iterable[str]) -> dict[str, str]:
    """Rule id → the rule's title in the YAML of each playbook named (« Exclusivity clause reviewed by an
    LLM », not « exclusivity-llm-review »): the screen names rules by title, ids stay in the machine exports.
    A playbook that no longer loads gives nothing (its ids are shown as they are)."""
    titles: dict[str, str] = {}
    for name in dict.fromkeys(playbook_names):
        try:
            titles.update({rule.id: rule.title for rule in load_playbook(name).rules})
        except PlaybookError:
            continue
    return titles


def unscanned_line(settings: Settings) -> str | None:
    """The warning above the flags when contracts were added or changed since the latest scan: their flags are missing, not absent."""
    missing = unscanned_contracts(settings)
    if not missing:
        return None
    names = "; ".join(contract_label(c["title"], c["file"]) for c in missing[:5]) + (" …" if len(missing) > 5 else "")
    return (f"{plural(len(missing), 'contract was', 'contracts were')} added or changed since the latest scan and "
            f"{noun(len(missing), 'has', 'have')} not been checked: {names}. Run the scan again: the flags below leave "
            f"{noun(len(missing), 'it', 'them')} out.")


def not_checked_line(skipped: list[dict[str, Any]]) -> str:
    """The line under the flags naming the rules the latest scans did not run, by title."""
    titles = rule_titles(r["playbook"] for r in skipped if r.get("playbook"))
    rules = sorted({titles.get(r["rule_id"], r["rule_id"]) for r in skipped})
    return f"Not checked in the latest scans (e.g. no LLM available): {'; '.join(rules)}."


def amendment_ids(settings: Settings) -> set[str]:
    """The workspace's amendments attached to a contract: the data room counts them apart (« 24 contracts
    + 2 amendments »), and so does a scan's summary."""
    return {r.id for r in load_dataroom(open_workspace(settings)).records if r.is_amendment and r.amends}


def not_contract_ids(settings: Settings) -> set[str]:
    """The workspace's documents that are no contract (a memo, minutes): a scan checks no rule on them, and says so."""
    return {r.id for r in load_dataroom(open_workspace(settings)).records if r.not_contract}


def count_documents(document_ids: Iterable[str], amendments: set[str] | None = None) -> str:
    """« 24 contracts + 2 amendments », as the data room counts them (« 3 contracts » without amendment)."""
    ids = set(document_ids)
    attached = len(ids & (amendments or set()))
    return plural(len(ids) - attached, "contract") + (f" + {plural(attached, 'amendment')}" if attached else "")


def scan_summary(
    result: dict[str, Any], titles: dict[str, str] | None = None, amendments: set[str] | None = None, not_contracts: set[str] | None = None,
) -> dict[str, Any]:
    """What a finished scan did, in words: ``headline`` (always), ``level`` (success | warning)
    and ``notes`` (rules that could not run and why their silence proves nothing, failed checks).

    A scan whose only gap is a rule that needs an LLM is complete, and said so: « Scan complete in
    12.3 s; 1 rule needs an LLM and was not run » — not "partial success"."""
    counts = result["counts"]
    documents = {d["id"] for d in result["documents"]}
    apart = documents & (not_contracts or set())  # a memo, minutes: no rule was checked on it
    scanned = count_documents(documents - apart, amendments)  # amendments counted apart, as in the data room
    found = (f"{plural(counts['flags'], 'flag')} on {scanned} "
             f"({counts['new']} new, {counts['seen']} already known, {counts['gone']} no longer found)")
    if apart:
        found += f"; {plural(len(apart), 'document is', 'documents are')} not a contract: no rule applies"
    skipped = result.get("skipped_rules") or []
    titles = titles or {}
    needs_llm = sorted({titles.get(r["rule_id"], r["rule_id"]) for r in skipped if r["status"] == SKIPPED_NO_LLM})
    other = sorted({f"{titles.get(r['rule_id'], r['rule_id'])} ({r['status']})" for r in skipped if r["status"] != SKIPPED_NO_LLM and not r["status"].startswith("error")})
    errors = result.get("errors") or []
    head = f"Scan complete in {result['seconds']:.1f} s"
    if needs_llm:
        head += f"; {plural(len(needs_llm), 'rule needs', 'rules need')} an LLM and {noun(len(needs_llm), 'was', 'were')} not run"
    notes = []
    if needs_llm:
        on = sorted({r["document_id"] for r in skipped if r["status"] == SKIPPED_NO_LLM})
        notes.append(f"Not run for want of an LLM: {'; '.join(needs_llm)} (on {count_documents(on, amendments)}). Its silence proves nothing: "
                     "start Ollama or add a GGUF model (make llm), or turn the LLM back on if it is turned off in settings (the app's "
                     "sidebar says so on its \"LLM\" line, `python -m greffier models status` too), then scan again.")
    if other:
        notes.append(f"{plural(len(other), 'rule')} could not run: {'; '.join(other)}.")
    if errors:
        notes.append(f"{plural(len(errors), 'check')} failed: {'; '.join(errors[:5])}{' …' if len(errors) > 5 else ''}")
    return {"headline": f"{head}: {found}.", "level": "warning" if errors or other else "success", "notes": notes}


def flags(settings: Settings, *, statuses: list[str] | None = None, severities: list[str] | None = None, playbook: str | None = None) -> dict[str, Any]:
    """Flags passing the filters (see :func:`greffier.compliance.list_flags`)."""
    filters = FlagFilters(statuses=tuple(statuses or ()), severities=tuple(severities or ()), playbooks=(playbook,) if playbook else ())
    return list_flags(settings, filters)


def severity_rank(severity: str) -> int:
    return SEVERITY_ORDER.index(severity) if severity in SEVERITY_ORDER else len(SEVERITY_ORDER)


def grouped(flag_list: list[dict[str, Any]], titles: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Flags grouped by contract (contracts with the most severe flags first), each group's flags by
    severity: ``[{"document_id", "title", "file", "worst", "flags": [...]}]``. ``title``: the contract's
    name (``titles``, :func:`contract_names`; its file name without one); ``file``: its file name, shown
    beside the title where the title does not already carry it (several contracts may share a title)."""
    by_document: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for flag in flag_list:
        by_document[flag["document_id"]].append(flag)
    groups = []
    for document_id, items in by_document.items():
        items.sort(key=lambda f: (severity_rank(f["severity"]), f["rule_id"], f["chunk_id"]))
        file = PurePosixPath(items[0].get("file") or "").name
        title = " ".join(str((titles or {}).get(document_id) or "").split()) or file or document_id
        # (a title that already names its file, as the data room names a contract whose title repeats: « BAIL (bail_lyon.docx) »)
        groups.append({"document_id": document_id, "title": title, "file": file if file and title != file and f"({file})" not in title else "",
                       "worst": items[0]["severity"], "flags": items})
    groups.sort(key=lambda g: (severity_rank(g["worst"]), -len(g["flags"]), g["document_id"]))
    return groups


SEPARATOR = " ·\u00a0"  # « · » with a no-break space after it: a line that wraps carries the « · » over with the next item, never leaves it dangling
FLAG_LABEL = 150  # characters of a flag's one-line label (its expander)
PLACE_LABEL = 40  # characters of the place kept before the rule's title is cut too


def group_heading(group: dict[str, Any]) -> str:
    """A group's heading (Markdown): « **DISTRIBUTION AGREEMENT** · UK_Distribution_2024.pdf · 3 flags, worst: high »."""
    parts = [f"**{escape_markdown(one_line(group['title'], 100))}**"]
    if group.get("file"):
        parts.append(escape_markdown(one_line(group["file"], 80)))
    return SEPARATOR.join([*parts, f"{plural(len(group['flags']), 'flag')}, worst: {group['worst']}"])


def copy_note(original: str) -> str:
    """What a copy's flag says: the original it repeats, by its file name."""
    note = COPY_NOTE.format(original=original.replace("\\", "/").rsplit("/", 1)[-1])
    return note[:1].upper() + note[1:]


def flag_label(flag: dict[str, Any], limit: int = FLAG_LABEL) -> str:
    """A flag's one-line label: « HIGH · rule · place · status[ · review] », at most ``limit`` characters. Only the
    place (then the rule's title) is cut with « … » to fit: the severity, the status and the review are always read."""
    place = one_line(flag.get("place") or flag.get("section") or "whole contract", limit)
    rule = one_line(flag.get("rule_title") or flag.get("rule_id"), limit)
    # (a flag a reviewer resolved or dismissed is no longer « to confirm »: the app walk of round 38 read « resolved · to confirm »)
    review = [flag["review"]] if flag.get("review") and flag["status"] in ("open", "escalated") else []
    head, tail = flag["severity"].upper(), " · ".join([flag["status"], *review])
    room = limit - len(head) - len(tail) - 3 * len(" · ")  # what the rule and the place share
    if len(rule) + len(place) > room:
        place_room = max(room - len(rule), min(len(place), PLACE_LABEL))  # the place first, down to PLACE_LABEL characters
        rule = one_line(rule, max(room - place_room, 1))
        place = one_line(place, max(room - len(rule), 1))
    return f"{head} · {rule} · {place} · {tail}"


def review_left_list(review: dict[str, Any], statuses: list[str]) -> str | None:
    """What the page says of the review just saved (``review``: its flag's ``label``, the ``status`` it was given and the one it
    ``was``, the ``note``) when the status filter (``statuses``; empty: all) no longer lists its flag, else ``None``. Appwalk 28: a
    flag set to resolved vanished from the list with a pop-up for all trace, its note out of sight."""
    if not statuses or review["status"] in statuses:
        return None
    note = f" Note: « {review['note']} »." if review.get("note") else ""
    return (f"Marked {review['status']}: {review['label']}.{note} It leaves this list (status filter: {', '.join(statuses)});"
            f" choose « {review['status']} » in Status to see it again with its history.")


def copies_line(flag_list: list[dict[str, Any]]) -> str | None:
    """How many of the open flags are on a copy or a translation of another contract (``details["copy_of"]``): the same findings as
    its original's, counted in the chart (the app walk of round 34: a supply agreement's PDF copy doubled its nine flags unsaid)."""
    open_flags = [f for f in flag_list if f["status"] in ("open", "escalated")]
    on_copies = [f for f in open_flags if (f.get("details") or {}).get("copy_of")]
    if not on_copies:
        return None
    originals = sorted({f["details"]["copy_of"] for f in on_copies})
    return (f"{plural(len(on_copies), 'open flag is', 'open flags are')} on a copy or a translation of another contract"
            f" ({', '.join(originals)}): the same findings as the original's, to decide with them.")


def open_by_severity(flag_list: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows for the chart: how many open (or escalated) flags per severity, most severe first."""
    counts: dict[str, int] = defaultdict(int)
    for flag in flag_list:
        if flag["status"] in ("open", "escalated"):
            counts[flag["severity"]] += 1
    return [{"severity": s, "open flags": counts[s], "order": i} for i, s in enumerate(SEVERITY_ORDER) if counts[s]]


def cited_passage(settings: Settings, flag: dict[str, Any]) -> Source | None:
    """The passage a flag cites, with its text and PDF (None for a finding about the whole contract)."""
    if not flag.get("chunk_id") or flag["chunk_id"] == "document":
        return None
    found = sources_for(settings, [{"n": 1, "chunk_id": flag["chunk_id"], "contract_id": flag["document_id"], "file": flag.get("file"),
                                     "page": flag.get("page"), "page_end": flag.get("page_end"), "section": flag.get("section")}])
    return found[0] if found else None


def review(settings: Settings, flag_id: str, status: str, note: str | None) -> dict[str, Any]:
    """Set a flag's status and note (kept in its history). Raises ComplianceError."""
    return set_flag_status(settings, flag_id, status, (note or "").strip() or None)


# --- exports ------------------------------------------------------------------------------------

EXPORTS = (
    ("csv", "Export CSV", "text/csv"),
    ("xlsx", "Export XLSX", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("json", "Export JSON", "application/json"),
    ("md", "Report (MD)", "text/markdown"),  # short enough for its button at 1440 px (appwalk 28: « Report (Markdo… »)
    ("pdf", "Report (PDF)", "application/pdf"),
)


def export(settings: Settings, fmt: str, *, statuses: list[str] | None = None, severities: list[str] | None = None, playbook: str | None = None,
           delimiter: str = ",") -> bytes:
    """The flags passing the filters exported as ``fmt`` (csv, xlsx, json, md, pdf), as bytes; ``delimiter``: the
    CSV's separator (:data:`CSV_SEPARATORS`). Raises ComplianceError for an unknown format."""
    filters = FlagFilters(statuses=tuple(statuses or ()), severities=tuple(severities or ()), playbooks=(playbook,) if playbook else ())
    if fmt in ("xlsx", "pdf"):
        with tempfile.TemporaryDirectory(prefix="greffier-export-") as folder:
            path = Path(folder) / f"flags.{fmt}"
            export_flags(settings, fmt, path, filters)
            return path.read_bytes()
    content = export_flags(settings, fmt, None, filters, delimiter=delimiter)["content"]
    # The byte-order mark tells Excel the CSV is UTF-8 (accents intact).
    return content.encode("utf-8-sig" if fmt == "csv" else "utf-8")


def export_name(fmt: str) -> str:
    return f"greffier-flags.{fmt}" if fmt in ("csv", "xlsx", "json") else f"greffier-compliance-report.{fmt}"


def pdf_of(settings: Settings, source: Source) -> str | None:
    """The absolute path of the PDF the passage comes from, if any."""

    return pdf_file(settings, source)
