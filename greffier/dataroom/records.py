"""Normalised contract records from ingested contracts: metadata first, text always read.

:func:`build_records` is the whole pipeline, pure (no database):

1. each field is taken from the data-room metadata when present and readable, else from the text
   (:mod:`greffier.dataroom.extract`); the text is read either way, and when both disagree the two
   values are kept (``text_values``) with a ``contradiction`` warning;
2. amendments are attached and move their target's end date (:mod:`greffier.dataroom.amendments`);
3. data-room-wide checks: likely duplicates and names that may be aliases (never merged).

Every field with a value says where it came from (``sources``) and which articles justify it
(``evidence``), so that a filter can show "relevant articles".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date, timedelta
from typing import Annotated, Any, Literal, Protocol, TypeVar

from dateutil.relativedelta import relativedelta
from pydantic import BaseModel, Field

from greffier.dataroom.amendments import AMENDMENT_TYPE, AmendmentOutcome, TermView, is_amendment, resolve_amendments
from greffier.dataroom.extract import ChunkInput, Extraction, Finding, PartyFinding, extract_fields, split_articles
from greffier.dataroom.extract.term import INDEFINITE_IN_TITLE
from greffier.dataroom.extract.amendment_clues import reads_as_amendment
from greffier.dataroom.extract.document_kind import not_a_contract
from greffier.dataroom.extract.text import Confidence, weakest
from greffier.dataroom.extract.opening import is_legal_form
from greffier.dataroom.extract.parties import parties_confidence
from greffier.dataroom.normalize import alias_warnings, entity_id, fold, normalize_siren, parse_date, written_names
from greffier.dataroom.vocabulary import match_contract_type, normalize_contract_type, normalize_law
from greffier.text.language import UNDECIDED, guess_language

Origin = Literal["manifest", "extracted", "amendment"]
V = TypeVar("V")

FIELD_LABELS = {
    "parties": "parties",
    "contract_type": "contract type",
    "signature_date": "signature date",
    "start_date": "start date",
    "end_date": "end date",
    "governing_law": "governing law",
}


class ContractInput(BaseModel):
    """A stored contract as ingestion gives it: text, chunks and the data room's metadata as given."""

    id: str
    file: str = ""
    title: str = ""
    text: str = ""
    chunks: list[ChunkInput] = Field(default_factory=list)
    manifest: dict[str, Any] = Field(default_factory=dict)
    position: int = 0


class Party(BaseModel):
    raw_name: str
    entity_id: str
    siren: str | None = None
    siren_warning: str | None = None
    kind: Literal["company", "person"] = "company"
    defined_as: list[str] = Field(default_factory=list)  # the names the contract gives it (« le Bailleur », "the Distributor")
    identifier: str | None = None  # a company number read by its name (SIREN, company number, CHE-…)


class FieldSource(BaseModel):
    origin: Origin
    chunk_id: str | None = None  # None: the metadata, or the title
    raw: str = ""
    rule: str = ""  # the extraction rule that found it (parties: opening, between, defined, title, signature, mention)
    # how sure: a "low" value is *unknown* for a filter (the contract is listed apart with ``doubt``)
    confidence: Confidence = "high"
    doubt: str = ""  # why the value is not sure


class ContractRecord(BaseModel):
    id: str
    file: str = ""
    title: str = ""
    position: int = 0
    parties: list[Party] = Field(default_factory=list)
    contract_type: str | None = None
    signature_date: date | None = None
    start_date: date | None = None  # when its term starts, where the text says it (a contract not started yet is not in force)
    end_date: date | None = None  # current: after amendments
    initial_end_date: date | None = None  # the contract's own, before amendments
    governing_law: str | None = None
    # "automatic": the contract renews by itself at the end of its term unless notice is given (« tacite reconduction »),
    # so ``end_date`` is its first term's end, not a date it is sure to end on; "none": its text (or the last amendment
    # that says) denies it; None: nothing says (the sentence: ``sources["renewal"]``)
    renewal: str | None = None
    # how long before its term's end notice must be given for an automatic renewal to stop ("90 days", "6 months"; None: not
    # read, or no automatic renewal): :func:`next_notice` gives the next last day
    renewal_notice: str | None = None
    renewal_length: str | None = None  # how long each renewed term lasts ("1 year"): the current term, and the next deadline
    amends: str | None = None
    amended_by: list[str] = Field(default_factory=list)  # in signature order
    is_amendment: bool = False
    warnings: list[str] = Field(default_factory=list)
    sources: dict[str, FieldSource] = Field(default_factory=dict)  # only fields that have a value
    # text values that contradict the metadata; dates are tried first so that JSON round trips keep them dates
    text_values: dict[str, Annotated[date | str | list[str], Field(union_mode="left_to_right")]] = Field(default_factory=dict)
    evidence: dict[str, list[str]] = Field(default_factory=dict)  # field → chunk ids of the articles behind it
    # entity ids that a signature block names with a legal form while the parties do not include them
    # (entity id → the name as the block writes it)
    named_in_text: dict[str, str] = Field(default_factory=dict)
    # entity ids of the data room's parties that this contract's opening names while its parties do not include them
    # (entity id → the name as the opening writes it)
    named_in_opening: dict[str, str] = Field(default_factory=dict)
    # the names the opening and the signature blocks write (runs of capitalised words, folded:
    # :func:`greffier.dataroom.normalize.written_names`): a party filter on a name found there that is not
    # one of the parties lists the contract apart, whether or not another contract was read with that name
    opening_names: str = ""
    signature_names: str = ""
    language: str | None = None  # "fr" / "en" of its text (None: not told): tells a courtesy translation from a copy
    # the contract this one is most likely a copy or a translation of (same parties, type and signature date): its flags repeat that one's
    copy_of: str | None = None
    # what the document is when it is no contract (« an internal memo », "minutes of a meeting", "a report":
    # :func:`greffier.dataroom.extract.document_kind.not_a_contract`): no field is read from it, filters list it apart, no rule flags it
    not_contract: str | None = None

    @property
    def entity_ids(self) -> list[str]:
        return [party.entity_id for party in self.parties]


def build_records(contracts: Sequence[ContractInput]) -> list[ContractRecord]:
    """Normalised records, in input order, with amendments applied and data-room-wide warnings."""
    return link_records([build_one(contract) for contract in contracts])


def build_one(contract: ContractInput) -> tuple[ContractRecord, Extraction]:
    """One contract's record before the data-room-wide steps, and its extraction.

    It depends on ``contract`` alone (the expensive part of :func:`build_records`: 5.6 ms per
    contract), so callers may cache it per contract and hand it to :func:`link_records`.
    """
    return _build_one(contract)


def link_records(built: Sequence[tuple[ContractRecord, Extraction]]) -> list[ContractRecord]:
    """Apply amendments and data-room-wide warnings to records from :func:`build_one` (modified in
    place: pass fresh copies), in the order given."""
    records = [record for record, _ in built]
    _apply_amendments(records, [extraction for _, extraction in built])
    _note_parties_named_in_openings(records, [extraction for _, extraction in built])
    _warn_duplicates(records, {record.id: extraction.opening for record, extraction in built})
    _warn_aliases(records)
    return records


# --------------------------------------------------------------------------------------------------
# One contract
# --------------------------------------------------------------------------------------------------


def _build_one(contract: ContractInput) -> tuple[ContractRecord, Extraction]:
    manifest = contract.manifest or {}
    chunks = contract.chunks or split_articles(contract.id, contract.text)
    title = _text(manifest.get("title")) or contract.title
    record = ContractRecord(id=contract.id, file=contract.file, title=title, position=contract.position)
    record.sources["title"] = FieldSource(origin="manifest" if _text(manifest.get("title")) else "extracted", raw=title)
    signature_raw = manifest.get("signature_date")
    maybe_amendment = is_amendment(normalize_contract_type(manifest.get("contract_type")), title) or reads_as_amendment(chunks) or (
        match_contract_type(title or "") == AMENDMENT_TYPE
    )
    extraction = extract_fields(title=title, chunks=chunks, signature_date=parse_date(signature_raw), amendment=maybe_amendment)
    _resolve_parties(record, manifest, extraction.parties, extraction.blank_party_slots, extraction.unnamed_signatory)
    _resolve(record, "contract_type", manifest.get("contract_type"), normalize_contract_type, extraction.contract_type)
    _resolve(record, "signature_date", signature_raw, parse_date, extraction.signature_date)
    _resolve(record, "start_date", manifest.get("start_date"), parse_date, extraction.term.start_date)
    _resolve(record, "end_date", manifest.get("end_date"), parse_date, extraction.term.end_date)
    _resolve(record, "governing_law", manifest.get("governing_law"), normalize_law, extraction.governing_law.law)
    if extraction.renewal is not None:
        record.renewal = extraction.renewal.value
        record.sources["renewal"] = FieldSource(origin="extracted", chunk_id=extraction.renewal.chunk_id, raw=extraction.renewal.raw, rule=extraction.renewal.rule)
    for name in ("renewal_notice", "renewal_length"):
        if (finding := getattr(extraction, name)) is not None:
            setattr(record, name, finding.value)
            record.sources[name] = FieldSource(origin="extracted", chunk_id=finding.chunk_id, raw=finding.raw, rule=finding.rule)
    _keep_the_term_s_start(record, extraction.term.indefinite)
    record.initial_end_date = record.end_date
    if "end_date" in record.sources:
        record.sources["initial_end_date"] = record.sources["end_date"]
    record.is_amendment = is_amendment(record.contract_type, title) or (
        "contract_type" not in manifest and reads_as_amendment(chunks)
    )
    _add_evidence(record, extraction)
    _explain_missing(record, extraction)
    _note_signatories(record, extraction)
    record.opening_names = written_names([extraction.opening])
    record.signature_names = written_names(extraction.signatories)
    _place_warnings(record, chunks)
    language = guess_language(" ".join(chunk.text for chunk in chunks[:3]))
    record.language = None if language == UNDECIDED else language
    if not manifest.get("contract_type") and (kind := not_a_contract(title, chunks)):
        _as_no_contract(record, kind)
    return record, extraction


_TAKES_EFFECT = re.compile(r"\b(?:prend\w*\s+effet|entr\w*\s+en\s+vigueur|commenc\w*|d[ée]but\w*|tak\w*\s+effect|effective|comes?\s+into)\b", re.I)


def _keep_the_term_s_start(record: ContractRecord, indefinite: Finding[str] | None = None) -> None:
    """The start read from the text is the term's only where the end was read in the same article, and comes before it (the review
    of the round: a rent « dû à compter du 1er janvier 2027 », a renewal term that "shall commence on 1 January 2030" made contracts
    in force « pas encore en vigueur »), or — a contract of indefinite term, which has no end — in the article that says so
    (``indefinite``: walkthrough 34's « conclu pour une durée indéterminée. Il prend effet le 3 octobre 2022 » had no start); else it is
    dropped — a start the metadata gives stays."""
    start, end = record.sources.get("start_date"), record.sources.get("end_date")
    if start is None or start.origin == "manifest":
        return
    if end is None and record.end_date is None and indefinite is not None and indefinite.chunk_id == start.chunk_id and _TAKES_EFFECT.search(start.raw or ""):
        return  # (its taking effect, not a date something may be done « à compter du » — the review: a right to terminate from 2027)
    # (… or where the end was counted from it: "Effective Date means 1 October 2024 … until the fifth (5th) anniversary of the Effective
    # Date" — the app walk of round 33)
    beside = end is not None and (end.chunk_id == start.chunk_id or (start.raw and " ".join(start.raw.split()) in " ".join(end.raw.split())))
    if not beside or (record.end_date is not None and record.start_date is not None and record.start_date > record.end_date):
        record.start_date = None
        del record.sources["start_date"]


NOT_A_CONTRACT = "not a contract"  # the reason a filter lists such a document apart, and its warning, start with it


def _as_no_contract(record: ContractRecord, kind: str) -> None:
    """A document that is no contract keeps its file, title and language, and nothing read as a contract's: its writer is no
    party, its date no signature, the dates it mentions no term of its own (a memo's « le bail expire en mars 2029 »)."""
    keep = {"title"}
    for name in ("contract_type", "signature_date", "start_date", "end_date", "initial_end_date", "governing_law", "renewal", "renewal_notice", "renewal_length"):
        setattr(record, name, None)
    record.parties = []
    record.is_amendment = False
    record.sources = {k: v for k, v in record.sources.items() if k in keep}
    record.text_values, record.evidence, record.named_in_text, record.named_in_opening = {}, {}, {}, {}
    record.opening_names = record.signature_names = ""
    record.not_contract = kind
    record.warnings = [f"{NOT_A_CONTRACT} ({kind}): no party, date, term or law is read from it"]


_CHUNK_MENTION = re.compile(r"\(([^\s()]+)\)")


def _place_warnings(record: ContractRecord, chunks: Sequence[ChunkInput]) -> None:
    """The warnings name the article a value was read in as a reader finds it — its heading and page
    (« no end date: indefinite term (« ARTICLE 7 — DURÉE », page 2) ») — not by its chunk id, which stays
    in ``record.evidence`` and the sources for the tools."""
    places = {chunk.id: _place(chunk) for chunk in chunks}
    record.warnings[:] = [_CHUNK_MENTION.sub(lambda m: f"({places[m.group(1)]})" if m.group(1) in places else m.group(0), w) for w in record.warnings]


def _place(chunk: ChunkInput) -> str:
    section = " ".join(chunk.section.split())
    page = f"page {chunk.page}" if chunk.page is not None else ""
    return ", ".join(filter(None, [f"« {section} »" if section else "", page])) or "in the text"


def _note_signatories(record: ContractRecord, extraction: Extraction) -> None:
    """Companies a signature block names that are not among the parties: a party filter on one of
    them lists the contract apart (the reading of the parties may have missed it)."""
    known = set(record.entity_ids)
    aliases = {fold(a) for p in record.parties for a in p.defined_as}
    named = [
        name for name in extraction.signatories
        if entity_id(name) not in known and fold(name) not in aliases and any(is_legal_form(w) for w in name.split()[1:])
    ]
    record.named_in_text = {entity_id(n): n for n in reversed(named)}  # the first spelling of each


_TOKEN = re.compile(r"[^\W_]+")


def _note_parties_named_in_openings(records: Sequence[ContractRecord], extractions: Sequence[Extraction]) -> None:
    """Each contract whose opening names a party of another contract of the room that its own parties do
    not include (« LISANDRE HOLDING SAS » read in ten contracts, written in the eleventh's preamble in a
    shape its reading missed): a party filter on that party lists the contract apart rather than drop it.
    The names are matched as whole words, written with a capital, past legal forms (``entity_id``); only
    companies: a person is named in openings as the one who represents a party (« représentée par M. … »)."""
    names: dict[str, tuple[str, ...]] = {}
    for record in records:
        source = record.sources.get("parties")
        if source is None or source.confidence == "low":
            continue  # a name read on a guess is no evidence of a party elsewhere
        for party in record.parties:
            if party.kind == "person":
                continue  # a person named in another opening is, far more often, whoever signs for a company there
            tokens = tuple(party.entity_id.split("_"))
            if party.entity_id and (len(tokens) > 1 or len(tokens[0]) >= 4):  # "ab", "sa": too short to tell a name in a text
                names.setdefault(party.entity_id, tokens)
    by_first: dict[str, list[tuple[str, tuple[str, ...]]]] = defaultdict(list)
    for entity, tokens in names.items():
        by_first[tokens[0]].append((entity, tokens))
    for record, extraction in zip(records, extractions):
        own = set(record.entity_ids) | {entity_id(a) for p in record.parties for a in p.defined_as}
        words = _TOKEN.findall(extraction.opening)
        folded = [fold(w) for w in words]
        found: dict[str, str] = {}
        for index, word in enumerate(folded):
            for entity, tokens in by_first.get(word, ()):
                if entity in own or entity in found or tuple(folded[index : index + len(tokens)]) != tokens:
                    continue
                if not (words[index][:1].isupper() or words[index][:1].isdigit()):
                    continue  # "orange" the colour, not Orange SA
                if any(f"_{entity}_" in f"_{key}_" or f"_{key}_" in f"_{entity}_" for key in own if key):
                    continue  # a longer or shorter form of one of its own parties ("Lisandre" in "Lisandre Holding")
                found[entity] = " ".join(words[index : index + len(tokens)])
        record.named_in_opening = found


def _text(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _resolve(
    record: ContractRecord,
    field: str,
    manifest_raw: object,
    normalise: Callable[[Any], V | None],
    finding: Finding[Any] | None,
) -> None:
    """Set ``field`` from the metadata if readable, else from the text; note contradictions."""
    label = FIELD_LABELS[field]
    given = manifest_raw is not None and not (isinstance(manifest_raw, str) and not manifest_raw.strip())
    manifest_value = normalise(manifest_raw) if given else None
    text_value = finding.value if finding is not None else None
    if given and manifest_value is None:
        used = "the text's value is used" if text_value is not None else "ignored"
        record.warnings.append(f"metadata {label} {manifest_raw!r} unreadable: {used}")
    if manifest_value is not None:
        setattr(record, field, manifest_value)
        record.sources[field] = FieldSource(origin="manifest", raw=str(manifest_raw))
        if text_value is not None and text_value != manifest_value:
            record.text_values[field] = text_value
            record.warnings.append(
                f"contradiction: metadata {label} {_show(manifest_value)}, text says {_show(text_value)} ({_where(finding)})"
            )
    elif finding is not None:
        setattr(record, field, text_value)
        confidence, doubt = _RULE_CONFIDENCE.get(finding.rule, ("high", ""))
        confidence, doubt = weakest(confidence, finding.confidence), finding.doubt or doubt
        record.sources[field] = FieldSource(
            origin="extracted", chunk_id=finding.chunk_id, raw=finding.raw, rule=finding.rule, confidence=confidence, doubt=doubt
        )


NO_END_DATE = "no end date in metadata or text"
INDEFINITE_TERM = "no end date: indefinite term"  # a contract that runs until terminated: its end is known, there is none
IN_PERPETUITY = "in perpetuity"  # … of which one whose text says it has none for ever ("shall subsist in perpetuity", « à perpétuité »)
_PERPETUAL = re.compile(r"\bperpetu")
RENEWS = "renews or continues automatically after"  # … its first term's end: « renews or continues automatically after 2026-01-31 unless notice is given (…) »


def reason_is_only(reason: str, kind: str) -> bool:
    """Whether a reason a filter gives for leaving a contract out is of one ``kind`` alone (:data:`INDEFINITE_TERM`, :data:`RENEWS`)
    and nothing else (« …; no governing law … » is a field unknown too)."""
    return reason.startswith(kind) and "; " not in reason


_RENEWS_UNLESS = " unless notice is given ("

# How sure a value read by each rule is (the others are "high"): a "low" value is unknown for a filter.
_RULE_CONFIDENCE: dict[str, tuple[Confidence, str]] = {
    "keywords": ("low", "the type was guessed from the first words of the text, not its title or heading"),
    "instalments": ("medium", "the date of the last instalment"),
    "governing law (unlisted)": ("medium", "a law Greffier's list of laws does not know, kept as the contract writes it"),
}


def _show(value: object) -> str:
    return value.isoformat() if isinstance(value, date) else str(value)


def _where(finding: Finding[Any] | PartyFinding | None) -> str:
    return (finding.chunk_id if finding is not None else None) or "title"


def _resolve_parties(
    record: ContractRecord, manifest: dict[str, Any], found: list[PartyFinding], blank_slots: int = 0, unnamed_signatory: bool = False
) -> None:
    listed = manifest.get("parties") or []
    names = [name for name in (_text(n) for n in ([listed] if isinstance(listed, str) else listed)) if name]
    if names:
        record.parties = _manifest_parties(record, names, manifest.get("siren_parties"))
        record.sources["parties"] = FieldSource(origin="manifest", raw="; ".join(names))
        _compare_parties(record, found)
    elif found:
        record.parties = [
            _party(p.name, p.siren).model_copy(
                update={"kind": p.kind, "defined_as": list(p.defined_as), "identifier": p.identifier, "siren_warning": p.siren_warning}
            )
            for p in found
        ]
        chunk_id = next((p.chunk_id for p in found if p.chunk_id), None)
        confidence, doubt = parties_confidence(found, blank_slots=blank_slots, unnamed_signatory=unnamed_signatory)
        record.sources["parties"] = FieldSource(
            origin="extracted", chunk_id=chunk_id, raw="; ".join(p.raw for p in found)[:500], rule=found[0].rule, confidence=confidence, doubt=doubt
        )
    if found:
        _fill_sirens_from_text(record, found)
    record.warnings.extend(f"{party.raw_name}: {party.siren_warning}" for party in record.parties if party.siren_warning)


def _manifest_parties(record: ContractRecord, names: list[str], sirens: object) -> list[Party]:
    siren_list = list(sirens) if isinstance(sirens, list) else []
    if siren_list and len(siren_list) != len(names):
        record.warnings.append(f"metadata has {len(siren_list)} SIREN values for {len(names)} parties: matched in order")
    siren_list += [None] * (len(names) - len(siren_list))
    return [_party(name, siren) for name, siren in zip(names, siren_list)]


def _party(name: str, siren_value: object) -> Party:
    siren, warning = normalize_siren(siren_value)
    kind = "person" if re.match(r"(?i)(?:M\.|Mme|Mlle|Mr\.?|Mrs\.?|Ms\.?|Dr\.?|Monsieur|Madame)\s", name) else "company"
    return Party(raw_name=name, entity_id=entity_id(name), siren=siren, siren_warning=warning, kind=kind)


STRONG_PARTY_RULES = frozenset({"opening", "labelled", "between", "defined", "signature", "title"})


def _compare_parties(record: ContractRecord, found: list[PartyFinding]) -> None:
    """Warn when the text names a party the metadata does not (a partial text list is no contradiction)."""
    strong = [p for p in found if p.rule in STRONG_PARTY_RULES]
    known = set(record.entity_ids)
    extra = [p for p in strong if entity_id(p.name) not in known]
    if extra:
        record.text_values["parties"] = [p.name for p in strong]
        listed = ", ".join(p.name for p in extra)
        record.warnings.append(
            f"contradiction: metadata parties {', '.join(p.raw_name for p in record.parties)}, "
            f"text also names {listed} ({_where(extra[0])})"
        )


def _fill_sirens_from_text(record: ContractRecord, found: list[PartyFinding]) -> None:
    from_text = {entity_id(p.name): p for p in found if p.siren}
    for index, party in enumerate(record.parties):
        finding = from_text.get(party.entity_id)
        if finding is None or party.siren == finding.siren:
            continue
        if party.siren is None:
            record.parties[index] = party.model_copy(update={"siren": finding.siren, "siren_warning": party.siren_warning})
            record.warnings.append(f"SIREN of {party.raw_name} read from the text: {finding.siren} ({_where(finding)})")
        else:
            record.warnings.append(
                f"contradiction: metadata SIREN of {party.raw_name} {party.siren}, text says {finding.siren} ({_where(finding)})"
            )


def _add_evidence(record: ContractRecord, extraction: Extraction) -> None:
    evidence = {
        "parties": [p.chunk_id for p in extraction.parties if p.chunk_id],
        "contract_type": [extraction.contract_type.chunk_id] if extraction.contract_type else [],
        "signature_date": [extraction.signature_date.chunk_id] if extraction.signature_date else [],
        "end_date": list(extraction.term.evidence),
        "governing_law": list(extraction.governing_law.evidence),
    }
    if extraction.term.indefinite and extraction.term.indefinite.chunk_id:
        evidence["end_date"].append(extraction.term.indefinite.chunk_id)
    if extraction.renewal is not None:
        evidence["renewal"] = [extraction.renewal.chunk_id or ""]
    for field, chunk_ids in evidence.items():
        kept = list(dict.fromkeys(c for c in chunk_ids if c))
        if kept:
            record.evidence[field] = kept


def _explain_missing(record: ContractRecord, extraction: Extraction) -> None:
    term = extraction.term
    if not record.parties:
        record.warnings.append("no parties in metadata or text")
    # an amendment changes a few articles: the governing law is its contract's, not a field it lacks
    for field in ("contract_type", "signature_date") if record.is_amendment else ("contract_type", "signature_date", "governing_law"):
        if getattr(record, field) is None:
            record.warnings.append(f"no {FIELD_LABELS[field]} in metadata or text")
    record.warnings.extend(extraction.governing_law.notes if record.governing_law is None and not record.is_amendment else [])
    if record.end_date is not None and record.renewal == "automatic" and not record.is_amendment:
        record.warnings.append(_renews(record.end_date, _where(extraction.renewal)))
    if record.end_date is not None:
        if term.indefinite is not None and term.end_date is None and record.sources["end_date"].origin == "manifest":
            record.warnings.append(
                f"contradiction: metadata end date {record.end_date.isoformat()}, text says indefinite term ({_where(term.indefinite)})"
            )
    elif term.indefinite is not None:
        titled = term.indefinite.rule == INDEFINITE_IN_TITLE and record.title
        # (a perpetual one said so: « durée indéterminée » is a term a party may end on notice, perpetual rights are not — the app walk of
        # round 33 read a perpetual licence told as indefinite)
        perpetual = f", {IN_PERPETUITY}" if _PERPETUAL.search(fold(term.indefinite.raw)) else ""
        record.warnings.append(f"{INDEFINITE_TERM}{perpetual} ({f'« {record.title} »' if titled else _where(term.indefinite)})")
    else:
        # a term read but not dated says why ("term of five (5) years (c1-3) runs from the Launch Date, an event …")
        why = next((note for note in term.notes if note.startswith("term of ")), None)
        record.warnings.append(NO_END_DATE + (f": {why}" if why else ""))
        record.warnings.extend(note for note in term.notes if note != why)


# --------------------------------------------------------------------------------------------------
# The whole data room
# --------------------------------------------------------------------------------------------------


def _apply_amendments(records: list[ContractRecord], extractions: list[Extraction]) -> None:
    views = [_term_view(record, extraction) for record, extraction in zip(records, extractions)]
    outcome = resolve_amendments(views)
    by_id = {record.id: record for record in records}
    _record_links(by_id, outcome, views)
    _record_changes(by_id, outcome, {record.id: extraction for record, extraction in zip(records, extractions)})
    _record_renewals(by_id, outcome)
    for contract_id, warnings in outcome.warnings.items():
        by_id[contract_id].warnings.extend(warnings)
    for contract_id, doubt in outcome.uncertain_ends.items():  # unknown for an end-date filter: listed apart, never decided
        target = by_id[contract_id]
        if target.end_date is not None and not any(change.target_id == contract_id and not change.in_metadata for change in outcome.changes):
            source = target.sources.get("end_date") or FieldSource(origin="extracted")
            target.sources["end_date"] = source.model_copy(update={"confidence": "low", "doubt": doubt})


def _term_view(record: ContractRecord, extraction: Extraction) -> TermView:
    return TermView(
        id=record.id,
        party_ids=frozenset(record.entity_ids),
        name=" ".join(record.title.split()) or record.file.rsplit("/", 1)[-1],
        file_name=record.file.rsplit("/", 1)[-1],
        contract_type=record.contract_type,
        signature_date=record.signature_date,
        end_date=record.initial_end_date,
        text_end_date=extraction.term.end_date.value if "end_date" in record.text_values and extraction.term.end_date else None,
        is_amendment=record.is_amendment,
        stated_end_date=record.end_date if record.is_amendment else None,
        end_words=record.sources["end_date"].raw if "end_date" in record.sources else "",
        renewal_words=" ".join(record.sources[name].raw for name in ("renewal_length", "renewal_notice") if name in record.sources),
        clues=extraction.amendment,
    )


def _record_links(by_id: dict[str, ContractRecord], outcome: AmendmentOutcome, views: list[TermView]) -> None:
    signed = {view.id: view.signature_date or date.max for view in views}
    for link in outcome.links:
        if link.target_id is None:
            continue
        amendment, target = by_id[link.amendment_id], by_id[link.target_id]
        amendment.amends = target.id
        amendment.sources["amends"] = FieldSource(origin="extracted", chunk_id=link.chunk_id, raw=link.reason)
        if link.chunk_id:
            amendment.evidence["amends"] = [link.chunk_id]
        target.amended_by.append(amendment.id)
        target.amended_by.sort(key=lambda contract_id: (signed[contract_id], contract_id))


def _record_changes(by_id: dict[str, ContractRecord], outcome: AmendmentOutcome, extractions: dict[str, Extraction]) -> None:
    for change in outcome.changes:
        target = by_id[change.target_id]
        if change.in_metadata:
            _explain_metadata_end(target, extractions[target.id])
        else:
            target.end_date = change.current
            # an end moved by a period is as sure as the end it moves: « au plus tard le 30 septembre 2026 » prorogé de deux
            # ans ends on 30 September 2028 at the latest; a new date the amendment writes is its own
            before = target.sources.get("end_date")
            doubt = {"confidence": "low", "doubt": before.doubt} if change.relative and before is not None and before.confidence == "low" else {}
            target.sources["end_date"] = FieldSource(origin="amendment", chunk_id=change.chunk_id, raw=change.raw, **doubt)
            amendment = by_id[change.amendment_id]
            if amendment.end_date != change.current:
                # the amendment's own end is the one it gives its contract: its term read alone counts « cinq ans à compter de la
                # date de signature du contrat initial » from its own date
                amendment.end_date = amendment.initial_end_date = change.current
                amendment.sources["end_date"] = FieldSource(origin="amendment", chunk_id=change.chunk_id, raw=change.raw, **doubt)
                amendment.sources["initial_end_date"] = amendment.sources["end_date"]
        target.warnings.append(change.message)
        if change.chunk_id:
            target.evidence.setdefault("end_date", []).append(change.chunk_id)
        target.warnings[:] = [w for w in target.warnings if not w.startswith(NO_END_DATE)]


def _record_renewals(by_id: dict[str, ContractRecord], outcome: AmendmentOutcome) -> None:
    """What the amendments say of a contract's renewal, the last signed that speaks of it winning: one that
    adds "shall automatically renew …" brings it; one that denies it ends it only when it rewrites the term
    (it moved the contract's end: « Il est prorogé jusqu'au … Il ne se renouvelle pas par tacite reconduction »),
    not a price amendment that says it « ne modifie pas la clause de tacite reconduction »; an amendment that rewrites the notice's
    length (« les mots « dix-huit (18) mois » sont remplacés par … ») changes it where the length replaced was that notice; and the date
    the renewal follows is the end after the amendments."""
    moved_by = {(change.target_id, change.amendment_id) for change in outcome.changes}
    for target in by_id.values():
        if not target.amended_by or target.is_amendment:
            continue
        said = next((w for w in target.warnings if w.startswith(RENEWS)), None)
        place = said[said.index(_RENEWS_UNLESS) + len(_RENEWS_UNLESS) : -1] if said and _RENEWS_UNLESS in said else "in the text"
        for amendment in (by_id[i] for i in target.amended_by):
            source = amendment.sources.get("renewal")
            if amendment.renewal is None or source is None or (amendment.renewal == "none" and (target.id, amendment.id) not in moved_by):
                continue
            target.renewal = amendment.renewal
            target.sources["renewal"] = source.model_copy(update={"origin": "amendment", "rule": f"{source.rule} ({_named(amendment)})"})
            target.evidence["renewal"] = [source.chunk_id] if source.chunk_id else []
            place = f"amendment {_named(amendment)}"
            for name in ("renewal_notice", "renewal_length"):
                if getattr(amendment, name) is not None or amendment.renewal != "automatic":  # the amendment's, or none with no renewal
                    setattr(target, name, getattr(amendment, name))
                    target.sources.pop(name, None)
                    if (found := amendment.sources.get(name)) is not None:
                        target.sources[name] = found.model_copy(update={"origin": "amendment", "rule": f"{found.rule} ({_named(amendment)})"})
        for change in (c for c in outcome.notice_changes if c.target_id == target.id and c.old == target.renewal_notice):
            # the notice itself rewritten (« les mots « trois (3) mois » sont remplacés par … »), the last amendment signed standing; a
            # length the notice is not (a cure period's, a renewal period's) changes no notice
            if target.renewal_notice != change.notice:
                target.warnings.append(f"renewal notice {target.renewal_notice or 'unknown'} → {change.notice} (amendment « {change.amendment_name or change.amendment_id} »)")
            target.renewal_notice = change.notice
            target.sources["renewal_notice"] = FieldSource(origin="amendment", chunk_id=change.chunk_id, raw=change.raw, rule="notice replaced")
            if change.chunk_id:
                target.evidence.setdefault("renewal_notice", []).append(change.chunk_id)
        target.warnings[:] = [w for w in target.warnings if not w.startswith(RENEWS)]
        if target.renewal == "automatic" and target.end_date is not None:
            target.warnings.append(_renews(target.end_date, place))


def period_of(written: str | None) -> relativedelta | None:
    """ "90 days", "1 year" (a record's ``renewal_notice`` or ``renewal_length``) as a length to add to a date."""
    if not written:
        return None
    count, unit = written.split()
    return relativedelta(**{unit if unit.endswith("s") else unit + "s": int(count)})


def _renewed(end: date, length: relativedelta) -> date:
    """``end`` moved on by ``length``; a term that ends on its month's last day ends on the last day of the month it is moved to
    (walkthrough 20: a contract year ending 28 February 2027 renews to 29 February 2028, not the 28th)."""
    moved = end + length
    if (end + timedelta(days=1)).day == 1 and (length.months or length.years) and not length.days:
        return moved + relativedelta(day=31)
    return moved


def _renewed_ends(end: date, length: relativedelta | None, today: date) -> Iterator[date]:
    """``end``, then the ends of its renewed terms from about ``today`` on, each counted from ``end`` (``end`` + k renewals: a term
    ending on 31 January renews to 28 February, then to 31 March — not the 28th; a review), as long as a renewal's length is known."""
    yield end
    if length is None or end >= today:
        if length is not None:
            yield from (_renewed(end, length * k) for k in range(1, 3))
        return
    approx = (length.years * 366 + length.months * 31 + length.days) or 1  # at most a renewal's days: the count starts before today
    first = max(1, (today - end).days // approx - 1)
    yield from (_renewed(end, length * k) for k in range(first, first + 3 + 366 // approx))


def renewed_term_end(end: date, renewal_length: str | None, today: date) -> date | None:
    """The end of the term running on ``today`` of a term that ends on ``end`` and renews by periods of ``renewal_length``
    ("1 year"), no notice given — ``end`` itself when it is not past; ``None`` when it is past and the length is unknown."""
    return next((e for e in _renewed_ends(end, period_of(renewal_length), today) if e >= today), None)


def current_term_end(record: ContractRecord, today: date) -> date | None:
    """The end of the term running on ``today`` for a contract that renews by itself, no notice given: the end of its term (after
    the amendments), or of the renewed term (``renewal_length``) running then; ``None`` when it does not renew by itself, or its
    end is unknown, or past with the length of a renewal unknown."""
    if record.renewal != "automatic" or record.end_date is None:
        return None
    return renewed_term_end(record.end_date, record.renewal_length, today)


def next_notice(record: ContractRecord, today: date) -> tuple[date, date] | None:
    """For a contract that renews by itself: the next day by which notice stops a renewal, still ahead of ``today``, and the end of
    the term it stops — the end of its term (after the amendments) less its notice, or a renewed term's (``renewal_length``) when
    that deadline has passed. ``None`` when it does not renew by itself, its end or its notice is unknown, or the deadline has
    passed and the length of a renewal is unknown (the term then runs on to a date the text does not give)."""
    notice = period_of(record.renewal_notice)
    if record.renewal != "automatic" or record.end_date is None or notice is None:
        return None
    # a term counted to its anniversary ("thirty-six (36) months from the Start Date", the common-law reading) ends the day before by
    # the civil-law one: the deadline is counted from that day, so that notice given on it is never a day late (walkthrough 22)
    early = timedelta(days=1 if (source := record.sources.get("end_date")) is not None and source.rule == "anniversary" else 0)
    return next(
        ((end - early - notice, end) for end in _renewed_ends(record.end_date, period_of(record.renewal_length), today) if end - early - notice >= today), None
    )


def _renews(end: date, place: str) -> str:
    """The warning of a contract that renews by itself after ``end`` (:data:`RENEWS`), the sentence's ``place``."""
    return f"{RENEWS} {end.isoformat()}{_RENEWS_UNLESS}{place})"


def _explain_metadata_end(target: ContractRecord, extraction: Extraction) -> None:
    """The metadata gave the amended end date: the text's date is the initial one, not a contradiction."""
    finding = extraction.term.end_date
    if finding is None:
        return
    target.initial_end_date = finding.value
    target.sources["initial_end_date"] = FieldSource(origin="extracted", chunk_id=finding.chunk_id, raw=finding.raw)
    target.text_values.pop("end_date", None)
    target.warnings[:] = [w for w in target.warnings if not w.startswith("contradiction: metadata end date")]


def _warn_duplicates(records: list[ContractRecord], openings: dict[str, str]) -> None:
    """Same parties, type and signature date: a copy or a translation, most likely. A type unread, the same title and the same end
    (before any amendment) and the same opening words (``openings``: their first characters, letters and digits alone) stand for it
    (walkthrough 26: a representation agreement and its PDF re-export, neither typed, were two acts, and the amendment citing their
    signature date was attached to neither) — not the title alone: two « Conditions particulières » of a day for two sites are two
    (the review of the round)."""
    typed: dict[tuple[frozenset[str], str, date], list[ContractRecord]] = defaultdict(list)
    untyped: dict[tuple[frozenset[str], str, date, bool, date], list[ContractRecord]] = defaultdict(list)
    for record in records:
        if not (record.parties and record.signature_date):
            continue
        if record.contract_type:
            typed[(frozenset(record.entity_ids), record.contract_type, record.signature_date)].append(record)
        elif record.title and (end := record.initial_end_date or record.end_date):  # its end before the amendments: one of two may be
            untyped[(frozenset(record.entity_ids), " ".join(fold(record.title).split()), end, record.is_amendment, record.signature_date)].append(record)
    # … an untyped one's copies open on its words too
    groups = [*typed.values(), *([r for r in group if _same_opening(openings.get(r.id, ""), openings.get(group[0].id, ""))] for group in untyped.values())]
    for group in groups:
        for record in group[1:]:
            first = group[0]
            record.copy_of = first.id
            same = "type" if first.contract_type else "title, end"
            if record.language and first.language and record.language != first.language:
                # another language: a translation, as the Duplicates page calls it, not a copy
                record.warnings.append(f"possible translation of {_named(first)}: same parties, {same} and signature date, another language")
            else:
                record.warnings.append(f"possible duplicate of {_named(first)}: same parties, {same} and signature date")
        _share_amended_term(group)


_NOT_ALNUM = re.compile(r"\W+")
_OPENING_COMPARED = 200  # the shorter of two openings must hold this many letters and digits to tell they are one text


def _same_opening(first: str, other: str) -> bool:
    """Whether two documents open on the same words, layout aside (a PDF re-export's line breaks and running lines)."""
    a, b = _NOT_ALNUM.sub("", fold(first)), _NOT_ALNUM.sub("", fold(other))
    n = min(len(a), len(b))
    return n >= _OPENING_COMPARED and a[:n] == b[:n]


# What a copy takes of its amended original: the same act, amended once (the end, the renewal the amendments gave it)
_AMENDED_FIELDS = ("end_date", "initial_end_date", "renewal", "renewal_notice", "renewal_length")


def _share_amended_term(group: list[ContractRecord]) -> None:
    """An amendment attached to one of two copies of an act (the same parties, type and signature date) amends the other too: the copy
    takes the amended term — its end, its renewal — and says so (walkthrough 25: the bank's licence and its re-exported PDF, the avenant
    attached to the PDF; the original HTML kept the end before it, listed as ending in 2027 beside the PDF moved to 2029)."""
    amended = [record for record in group if record.amended_by and not record.is_amendment]
    if len(amended) != 1:
        return  # none amended, or each by its own: nothing to share
    source = amended[0]
    for record in group:
        if record is source or record.amended_by or record.is_amendment:
            continue
        for name in _AMENDED_FIELDS:
            setattr(record, name, getattr(source, name))
            if name in source.sources:
                record.sources[name] = source.sources[name].model_copy(update={"rule": f"{source.sources[name].rule or 'read'} (as amended in {_named(source)})"})
            else:
                record.sources.pop(name, None)
            if name in source.evidence:  # where the value was read: the amendment's or the original's passage
                record.evidence[name] = list(source.evidence[name])
            else:
                record.evidence.pop(name, None)
        record.warnings[:] = [w for w in record.warnings if not w.startswith(RENEWS)] + [w for w in source.warnings if w.startswith(RENEWS)]
        record.warnings.append(f"term as amended in {_named(source)}: the same act filed twice, its amendments amend this copy too")


def _named(record: ContractRecord) -> str:
    """A contract as a warning names it: its title and file name (« « BAIL COMMERCIAL » (bail.pdf) »),
    not its internal id; two copies often share the title, never the file."""
    title = " ".join(record.title.split())
    name = record.file.rsplit("/", 1)[-1]
    return f"« {title} » ({name})" if title and name else f"« {title} »" if title else name or record.id


def _warn_aliases(records: list[ContractRecord]) -> None:
    """One warning per contract naming its parties whose names look like another entity's, in
    human names, only when nothing tells the two apart (a SIREN or company number, a legal form)."""
    pairs = ((party.entity_id, party.raw_name) for record in records for party in record.parties)
    by_entity: dict[str, list[ContractRecord]] = defaultdict(list)
    marks: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))  # entity → (numbers, legal forms)
    registered: set[str] = set()
    for record in records:
        for party in record.parties:
            numbers, forms = marks[party.entity_id]
            numbers.update(n for n in (party.siren, _digits(party.identifier)) if n)
            forms.update(_legal_form(party.raw_name) | ({"(person)"} if party.kind == "person" else set()))
            if party.kind == "company" and party.siren:
                registered.add(party.entity_id)  # a company its number registers is no person (walkthrough 35: a seller and his holding)
        for key in dict.fromkeys(record.entity_ids):
            by_entity[key].append(record)
    per_record: dict[str, list[str]] = defaultdict(list)
    for warning in alias_warnings(pairs):
        if _told_apart(marks[warning.entity_a], marks[warning.entity_b]):
            continue
        persons = {key for key in (warning.entity_a, warning.entity_b) if "(person)" in marks[key][1]}
        if len(persons) == 1 and {warning.entity_a, warning.entity_b} - persons <= registered:
            continue  # a person and a registered company (« Monsieur Erwan GOURMELON » and his holding FINANCIÈRE GOURMELON, RCS 444 781 090)
        for record in {r.id: r for r in [*by_entity[warning.entity_a], *by_entity[warning.entity_b]]}.values():
            per_record[record.id].append(warning.message)
    for record in records:
        if found := per_record.get(record.id):
            record.warnings.append(ALIAS_PREFIX + "; ".join(dict.fromkeys(found)))


ALIAS_PREFIX = "possible alias? "


def _digits(value: str | None) -> str | None:
    return (re.sub(r"\D", "", value) or None) if value else None


def _legal_form(name: str) -> set[str]:
    words = name.split()
    return {re.sub(r"[^a-z]", "", fold(w)) for w in words[-1:] if len(words) > 1 and is_legal_form(w)}


def _told_apart(first: tuple[set[str], set[str]], second: tuple[set[str], set[str]]) -> bool:
    """Different registration numbers, different legal forms (SAS / SARL), a company and a person tell
    two parties apart."""
    (numbers_a, forms_a), (numbers_b, forms_b) = first, second
    return bool(numbers_a and numbers_b and not numbers_a & numbers_b) or bool(forms_a and forms_b and not forms_a & forms_b)


# --------------------------------------------------------------------------------------------------
# Data-room JSON entries
# --------------------------------------------------------------------------------------------------


class DataRoomEntryLike(Protocol):
    position: int
    filename: str
    content: str
    manifest: dict[str, Any]


def inputs_from_dataroom(entries: Iterable[DataRoomEntryLike]) -> list[ContractInput]:
    """Contract inputs for data-room JSON entries (:func:`greffier.dataroom.json_index.read_dataroom`).

    Ids follow list order (``c01``, ``c02``...); chunks are the articles (:func:`split_articles`).
    """
    inputs: list[ContractInput] = []
    for entry in entries:
        contract_id = f"c{entry.position + 1:02d}"
        inputs.append(
            ContractInput(
                id=contract_id,
                file=entry.filename,
                title=_text(entry.manifest.get("title")) or entry.filename,
                text=entry.content,
                chunks=split_articles(contract_id, entry.content),
                manifest=dict(entry.manifest),
                position=entry.position,
            )
        )
    return inputs
