"""Exhaustive structured search over a workspace's data room (``search_data_room``).

Without a query, **every** contract that passes the filters is returned, in data-room order; with a
query, the passing contracts that match it are ranked by their best article. There is never a top-k
cut: results are paginated (``limit``/``offset``/``next_offset``). A contract whose filtered field is
unknown is listed in ``excluded_unknown``; one that fails the end-date filter only because an
amendment moved its end date is listed in ``excluded_by_amendment``; one whose metadata and text
disagree on a filtered field so that the outcome would differ is listed in ``contradictions``.
Nothing is dropped silently.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from greffier.dataroom.records import ContractRecord
from store.records import DataRoom, load_dataroom
from greffier.config import Settings
from greffier.errors import GreffierError
from pipelines.rankers.relevance import DENSE_RELEVANCE
from pipelines.retrieval import retrieval_inputs, run_retrieval, warmed_retrieval_pipeline
from store import repository as repo
from store.workspace import WorkspaceStore, open_workspace
from greffier.text import content_tokens, tokenize
from difflib import get_close_matches

AMENDMENT_TYPE = "avenant"


class ToolInputError(GreffierError):
    """A tool call with arguments that cannot be run; the message says how to correct it."""


class LawFilter(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    in_: list[str] | None = Field(default=None, alias="in", description="governing law is one of these")
    not_in: list[str] | None = Field(default=None, description="governing law is none of these")


class DateRange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    after: date | None = Field(default=None, description="on or after this ISO date (YYYY-MM-DD)")
    before: date | None = Field(default=None, description="on or before this ISO date (YYYY-MM-DD)")

    @model_validator(mode="after")
    def _ordered(self) -> DateRange:
        if self.after and self.before and self.after > self.before:
            raise ValueError(f"'after' ({self.after}) is later than 'before' ({self.before})")
        return self


class DataRoomFilters(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entity_ids: list[str] | None = Field(default=None, description="every one of these entities is a party")
    contract_types: list[str] | None = Field(default=None, description="the contract type is any of these")
    governing_law: LawFilter | None = None
    signature_date: DateRange | None = None
    end_date: DateRange | None = None

    def active(self) -> bool:
        return any(v is not None for v in (self.entity_ids, self.contract_types, self.governing_law, self.signature_date, self.end_date))


class SearchDataRoomArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str | None = Field(default=None, description="words to rank contracts by their best article (optional)")
    filters: DataRoomFilters | None = None
    limit: int = Field(default=20, ge=1, le=100)
    offset: int = Field(default=0, ge=0)


# --- vocabulary checks ------------------------------------------------------------------------


def allowed_values(room: DataRoom) -> dict[str, list[str]]:
    """The values filters accept, taken from the data loaded (:attr:`store.records.DataRoom.allowed`)."""
    return room.allowed


def _check_known(kind: str, values: list[str], allowed: list[str]) -> None:
    unknown = [v for v in values if v not in allowed]
    if unknown:

        hints = []
        for value in unknown:
            close = get_close_matches(value, allowed, n=3, cutoff=0.5)
            hints.append(f"{value!r}" + (f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""))
        raise ToolInputError(f"unknown {kind}: {', '.join(hints)}. Allowed values: {', '.join(allowed) or '(none in this data room)'}")


def _validate(args: SearchDataRoomArgs, room: DataRoom) -> None:
    allowed = room.allowed
    f = args.filters
    if f is not None:
        if f.entity_ids:
            _check_known("entity id", f.entity_ids, allowed["entity_ids"])
        if f.contract_types:
            _check_known("contract type", f.contract_types, allowed["contract_types"] + [AMENDMENT_TYPE])
        if f.governing_law:
            _check_known("governing law", (f.governing_law.in_ or []) + (f.governing_law.not_in or []), allowed["governing_laws"])
    if args.query is not None:
        if not args.query.strip():
            raise ToolInputError("empty query: give words to search for, or leave 'query' out to list every contract that passes the filters")
        if not tokenize(args.query) and content_tokens(args.query):
            raise ToolInputError(
                f"the query {args.query!r} is made only of stop words: use the words that matter (e.g. 'exclusivité territoriale'), or leave 'query' out"
            )


# --- filtering --------------------------------------------------------------------------------


def _in_range(value: date, rng: DateRange) -> bool:
    return (rng.after is None or value >= rng.after) and (rng.before is None or value <= rng.before)


def _law_ok(law: str, rule: LawFilter) -> bool:
    return (rule.in_ is None or law in rule.in_) and (rule.not_in is None or law not in rule.not_in)


def _as_date(value: Any) -> date | None:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


class _Outcome:
    def __init__(self) -> None:
        self.passing: list[ContractRecord] = []
        self.unknown: list[str] = []
        self.by_amendment: dict[str, str] = {}
        self.contradictions: dict[str, str] = {}


def _describe_party(record: ContractRecord, entity: str) -> str:
    names = [p.raw_name for p in record.parties if p.entity_id == entity]
    return f"{entity} ({names[0]})" if names else entity


_PASS, _FAIL, _UNKNOWN = "pass", "fail", "unknown"


def _filter(room: DataRoom, filters: DataRoomFilters | None) -> tuple[int, _Outcome]:
    """Every candidate contract checked against ``filters``: passing, unknown, moved by an amendment.

    The ``matched_filters`` sentences are not written here (only a page shows them): see
    :func:`_matched_filters`.
    """
    f = filters or DataRoomFilters()
    outcome = _Outcome()
    include_amendments = bool(f.contract_types and AMENDMENT_TYPE in f.contract_types)
    candidates = room.records if include_amendments else room.standalone_records
    scan: Iterable[ContractRecord] = candidates
    if f.entity_ids:  # index lookup first: only contracts with every asked party are looked at
        keep = frozenset.intersection(*(room.by_entity.get(e, frozenset()) for e in f.entity_ids))
        by_id = room.by_id
        scan = [by_id[i] for i in sorted(keep, key=room.order.__getitem__)]
        if not include_amendments:
            scan = [r for r in scan if not (r.is_amendment and r.amends)]
    for record in scan:
        verdict = _evaluate(record, f, outcome, None)
        if verdict == _PASS:
            outcome.passing.append(record)
        elif verdict == _UNKNOWN:
            outcome.unknown.append(record.id)
    return len(candidates), outcome


def _matched_filters(record: ContractRecord, filters: DataRoomFilters | None) -> list[str]:
    """The sentences saying why a passing contract passed each filter."""
    lines: list[str] = []
    _evaluate(record, filters or DataRoomFilters(), _Outcome(), lines)
    return lines


def _evaluate(record: ContractRecord, f: DataRoomFilters, outcome: _Outcome, lines: list[str] | None) -> str:
    """Check one contract; note amendments and contradictions in ``outcome``; when ``lines`` is a
    list, append the matched-filter sentences to it."""
    if f.entity_ids:
        parties = {p.entity_id for p in record.parties}
        if not set(f.entity_ids) <= parties:
            return _FAIL
        if lines is not None:
            lines.append("parties include " + ", ".join(_describe_party(record, e) for e in f.entity_ids))
    if f.contract_types:
        kind = AMENDMENT_TYPE if record.is_amendment else record.contract_type
        if kind is None:
            return _UNKNOWN
        if kind not in f.contract_types and record.contract_type not in f.contract_types:
            return _FAIL
        if lines is not None:
            lines.append(f"type {record.contract_type} in [{', '.join(f.contract_types)}]")
    unknown = False
    failed = False
    if f.governing_law:
        if record.governing_law is None:
            unknown = True
        else:
            ok = _law_ok(record.governing_law, f.governing_law)
            _note_contradiction(outcome, record, "governing_law", ok, lambda v: _law_ok(str(v), f.governing_law))
            if not ok:
                failed = True
            elif lines is not None:
                rule = f.governing_law
                parts = ([f"in [{', '.join(rule.in_)}]"] if rule.in_ else []) + ([f"not in [{', '.join(rule.not_in)}]"] if rule.not_in else [])
                lines.append(f"governing law {record.governing_law} " + " and ".join(parts))
    if f.signature_date:
        if record.signature_date is None:
            unknown = True
        elif not _in_range(record.signature_date, f.signature_date):
            failed = True
        elif lines is not None:
            lines.append(f"signed {record.signature_date.isoformat()} {_range_text(f.signature_date)}")
    if f.end_date and not failed:
        if record.end_date is None:
            unknown = True
        else:
            ok = _in_range(record.end_date, f.end_date)
            _note_contradiction(outcome, record, "end_date", ok, lambda v: (d := _as_date(v)) is not None and _in_range(d, f.end_date))
            if not ok:
                initial = record.initial_end_date
                if record.amended_by and initial and initial != record.end_date and _in_range(initial, f.end_date):
                    outcome.by_amendment[record.id] = f"fin {initial.isoformat()} → {record.end_date.isoformat()} (avenant {', '.join(record.amended_by)})"
                failed = True
            elif lines is not None:
                moved = f" (initially {record.initial_end_date.isoformat()}, moved by avenant {', '.join(record.amended_by)})" if record.amended_by and record.initial_end_date and record.initial_end_date != record.end_date else ""
                lines.append(f"ends {record.end_date.isoformat()} {_range_text(f.end_date)}{moved}")
    if failed:
        return _FAIL
    if unknown:
        return _UNKNOWN
    return _PASS


def _note_contradiction(outcome: _Outcome, record: ContractRecord, field: str, ok: bool, check) -> None:  # noqa: ANN001
    text_value = record.text_values.get(field)
    if text_value is None:
        return
    if bool(check(text_value)) != ok:
        current = getattr(record, field)
        current = current.isoformat() if isinstance(current, date) else current
        outcome.contradictions[record.id] = f"{field.replace('_', ' ')}: metadata {current}, text says {text_value} — the filter gives a different answer for each"


def _range_text(rng: DateRange) -> str:
    parts = []
    if rng.after:
        parts.append(f"≥ {rng.after.isoformat()}")
    if rng.before:
        parts.append(f"≤ {rng.before.isoformat()}")
    return " and ".join(parts)


# --- ranking by query -------------------------------------------------------------------------


def _rank_by_query(settings: Settings, workspace: WorkspaceStore, query: str, passing: list[ContractRecord]) -> list[tuple[ContractRecord, float, list[dict]]]:
    """Passing contracts that match ``query``, best article first; each with its best articles."""
    ids = [record.id for record in passing]
    if not ids:
        return []
    with workspace.session() as session:
        n_chunks = len(repo.chunk_ids_of_contracts(session=session, contract_ids=ids))
    k = max(1, min(n_chunks, 2000))
    pipeline = warmed_retrieval_pipeline(settings, workspace, retriever="hybrid", rerank=False)
    hits, _stages, _scope = run_retrieval(pipeline, retrieval_inputs(query, top_k_retrieval=k, fused=k, top_k=k, doc_ids=ids))
    best: dict[str, list[dict]] = {}
    for hit in hits:
        lexical = (hit.get("bm25_score") or 0) > 0
        dense = hit.get("dense_score") or 0.0
        if not (lexical or dense >= DENSE_RELEVANCE):
            continue
        best.setdefault(hit["contract_id"], []).append(hit)
    ranked = []
    for record in passing:
        hits = best.get(record.id)
        if hits:
            ranked.append((record, hits[0]["score"], hits[:3]))
    ranked.sort(key=lambda item: -item[1])
    return ranked


# --- output -----------------------------------------------------------------------------------


def _article(chunk_id: str, heading: str | None, text: str, score: float | None, why: str) -> dict[str, Any]:
    excerpt = " ".join(text.split())
    return {"chunk_id": chunk_id, "heading": heading, "excerpt": excerpt[:300] + ("…" if len(excerpt) > 300 else ""), "score": None if score is None else round(score, 4), "why": why}


def _wanted_articles(record: ContractRecord, filters: DataRoomFilters | None, room: DataRoom) -> list[tuple[str, str]]:
    """(chunk id, why) of the articles that justify active filters: the duration article (and the
    amendment's) for a date filter, the governing-law article for a law filter."""
    if filters is None:
        return []
    wanted: list[tuple[str, str]] = []
    if filters.end_date:
        wanted += [(cid, "end date") for cid in record.evidence.get("end_date", [])]
        for amendment_id in record.amended_by:
            amendment = room.by_id.get(amendment_id)
            if amendment:
                wanted += [(cid, f"end date (avenant {amendment_id})") for cid in amendment.evidence.get("end_date", [])]
    if filters.signature_date:
        wanted += [(cid, "signature date") for cid in record.evidence.get("signature_date", [])]
    if filters.governing_law:
        wanted += [(cid, "governing law") for cid in record.evidence.get("governing_law", [])]
    return wanted


def _filter_articles(wanted: list[tuple[str, str]], chunks: dict[str, Any]) -> list[dict]:
    seen: set[str] = set()
    out = []
    for cid, why in wanted:
        chunk = chunks.get(cid)
        if chunk and cid not in seen:
            seen.add(cid)
            out.append(_article(cid, chunk.section, chunk.text, None, why))
    return out


def record_summary(record: ContractRecord) -> dict[str, Any]:
    return {
        "contract_id": record.id,
        "filename": record.file,
        "title": record.title,
        "parties": [{"name": p.raw_name, "entity_id": p.entity_id, "siren": p.siren} for p in record.parties],
        "contract_type": record.contract_type,
        "signature_date": record.signature_date.isoformat() if record.signature_date else None,
        "end_date": record.end_date.isoformat() if record.end_date else None,
        "initial_end_date": record.initial_end_date.isoformat() if record.initial_end_date else None,
        "governing_law": record.governing_law,
        "amends": record.amends,
        "amended_by": list(record.amended_by),
        "warnings": list(record.warnings),
    }


def search_data_room(settings: Settings, args: SearchDataRoomArgs) -> dict[str, Any]:
    """Run ``search_data_room`` over the workspace of ``settings``. Raises ToolInputError with a
    readable message on bad arguments."""
    workspace = open_workspace(settings)
    room = load_dataroom(workspace)
    _validate(args, room)
    total_candidates, outcome = _filter(room, args.filters)
    if args.query:
        ranked = _rank_by_query(settings, workspace, args.query, outcome.passing)
    else:
        ranked = [(record, None, []) for record in outcome.passing]
    page = ranked[args.offset : args.offset + args.limit]
    wanted = {record.id: _wanted_articles(record, args.filters, room) for record, _, _ in page}
    chunks: dict[str, Any] = {}
    if any(wanted.values()):  # one read for the whole page
        with workspace.session() as session:
            chunks = repo.get_chunks(session=session, chunk_ids=[cid for rows in wanted.values() for cid, _ in rows])
    results = []
    for record, score, hits in page:
        articles = [_article(h["chunk_id"], h["section"], h["text"], h["score"], "query") for h in hits]
        seen = {a["chunk_id"] for a in articles}
        articles += [a for a in _filter_articles(wanted[record.id], chunks) if a["chunk_id"] not in seen]
        results.append({**record_summary(record), "score": None if score is None else round(score, 4),
                        "matched_filters": _matched_filters(record, args.filters), "relevant_articles": articles})
    out: dict[str, Any] = {
        "total_candidates": total_candidates,
        "total_results": len(ranked),
        "excluded_unknown": outcome.unknown,
        "excluded_by_amendment": outcome.by_amendment,
        "contradictions": outcome.contradictions,
        "results": results,
    }
    if args.offset + args.limit < len(ranked):
        out["next_offset"] = args.offset + args.limit
    return out
