"""Playbooks: YAML files of review rules (``playbooks/*.yaml``), validated on load.

A playbook has a name, a description, its languages, an optional home law and contract types, and
rules. A rule names the clause types it applies to, a severity, an explanation, a recommendation
and one condition:

``keyword`` / ``regex``
    words or a pattern present (``present: true``) or absent (``present: false``) in the clause;
``missing_clause``
    none of the rule's clause types appears anywhere in the contract;
``threshold``
    a number read from the clause (``notice_period``, ``duration``, ``amount``, ``percentage``)
    compared with a value (``op: lt | lte | gt | gte``);
``date``
    the contract's end date (from its data-room record) before / after a date, within
    ``within_months`` of today, or passed (``past: true``: not when the contract renews by itself);
``governing_law``
    the contract's governing law is not one of ``expected`` (default: the playbook's ``home_law``);
``llm``
    a question put to the local LLM about each clause (skipped, visibly, when there is none);
``learned``
    the learned second reader (:mod:`greffier.compliance.reader`) scores a sentence of the clause at or
    above a threshold, in a contract where the rule it ``backs`` found nothing: always "to confirm".

A playbook may name pattern ``fragments`` that its regex patterns (and ``unless``) use as
``{{name}}``: a wording shared by several rules ("shall not", "agrees not to", « s'interdit de »…)
is written once, and a fragment may use other fragments. Each use stands for ``(?:…)`` around the
fragment, so its alternatives never leak into the pattern around it.

:func:`load_playbook` raises :class:`PlaybookError` listing every problem with its line and rule id.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from greffier.compliance.errors import PlaybookError
from greffier.compliance.library import ClauseLibrary, load_library
from greffier.compliance.quantities import CURRENCIES, DURATION_UNITS
from greffier.compliance.reader import ReaderError, load_reader
from greffier.compliance.yaml_lines import YAMLError, load_with_lines, syntax_problem, validation_problems
from greffier.dataroom.vocabulary import normalize_contract_type, normalize_law

PLAYBOOKS_DIR = Path(__file__).resolve().parents[2] / "playbooks"
SEVERITIES = ("info", "low", "medium", "high", "critical")
Severity = Literal["info", "low", "medium", "high", "critical"]
ANY_CLAUSE = "any"
_RULE_ID = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")


def severity_rank(severity: str) -> int:
    return SEVERITIES.index(severity) if severity in SEVERITIES else -1


_FRAGMENT_USE = re.compile(r"\{\{\s*([A-Za-z_][\w-]*)\s*\}\}")


def _joined(value: str) -> str:
    """A pattern without its line breaks (a long one may be a YAML ``|-`` block)."""
    return re.sub(r"\n[ \t]*", "", value)


def expand_fragments(value: str, fragments: dict[str, str], *, using: tuple[str, ...] = ()) -> str:
    """``value`` with each ``{{name}}`` replaced by ``(?:fragment)``, fragments expanded in turn.

    Raises:
        ValueError: an unknown name (the message lists the known ones) or a fragment that uses itself.
    """

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in using:
            raise ValueError(f"fragment {name!r} uses itself ({' → '.join([*using, name])})")
        if name not in fragments:
            known = ", ".join(sorted(fragments)) or "none: define them under 'fragments:'"
            raise ValueError(f"unknown fragment {{{{{name}}}}} (known fragments: {known})")
        return "(?:" + expand_fragments(_joined(fragments[name]), fragments, using=(*using, name)) + ")"

    return _FRAGMENT_USE.sub(replace, value)


def _check_pattern(value: str, info: ValidationInfo | None = None) -> str:
    """A pattern without its line breaks, its ``{{fragments}}`` expanded (from the validation context
    :func:`parse_playbook` gives), compiled once."""
    fragments = (info.context or {}).get("fragments", {}) if info is not None else {}
    value = expand_fragments(_joined(value), fragments)
    try:
        re.compile(value)
    except re.error as exc:
        raise ValueError(f"invalid regular expression ({exc.msg} at position {exc.pos})") from exc
    return value


class _Condition(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Polarity = Literal["affirmative", "any"]
POLARITY_HELP = (
    "affirmative (default): only a sentence that affirms the words counts — not a negated one ('non-exclusive', "
    "« sans tacite reconduction »), a heading, a definition or a recital; any: every occurrence counts"
)


UNLESS_HELP = "a regex: sentences where it matches do not count"


class KeywordCondition(_Condition):
    """Any of ``any_of`` present (or, with ``present: false``, none of them) in the clause.

    Matching ignores case and accents and starts at a word boundary: « exclusivit » finds
    « exclusivité », "non-compete" finds "non compete". With the default ``polarity: affirmative``
    a word counts only where the sentence affirms it (:mod:`greffier.compliance.polarity`).
    """

    kind: Literal["keyword"]
    any_of: list[Annotated[str, Field(min_length=2)]] = Field(min_length=1)
    present: bool = True
    polarity: Polarity = Field(default="affirmative", description=POLARITY_HELP)
    unless: str | None = Field(default=None, description=UNLESS_HELP)

    @field_validator("unless")
    @classmethod
    def _unless_compiles(cls, value: str | None, info: ValidationInfo) -> str | None:
        return _check_pattern(value, info) if value else value


class TitledPattern(_Condition):
    """A looser pattern that counts only in the clauses whose own title, the heading above them or
    their article names one of ``clause_types`` (the library's heading cues, not the classifier's
    guess): under "NON-COMPETITION", "the Consultant shall not … engage in the design of golf
    clubs" needs no word of competition; under « EXCLUSIVITÉ », « le Fournisseur s'interdit de
    vendre les Produits à un tiers » needs no « exclusif »."""

    clause_types: list[str] = Field(min_length=1)
    pattern: str = Field(min_length=1)

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str, info: ValidationInfo) -> str:
        return _check_pattern(value, info)


class RegexCondition(_Condition):
    """``pattern`` (Python syntax, case-insensitive) found (or not) in the clause. Line breaks in
    the pattern are dropped, so a long one can be written as a YAML ``|-`` block, one alternative
    per line starting with ``|``. With the default ``polarity: affirmative`` a match counts only
    where the sentence affirms it: « ne se renouvelle pas par tacite reconduction » is no tacit
    renewal. A rule about a restriction writes the prohibition into its pattern ("shall not
    assign", « s'interdit de »): words inside the match are what the rule looks for, so only a
    negation of the prohibition ("nothing shall prevent … from assigning") turns it down.
    ``unless`` (a pattern too) discards the sentences it matches; ``titled`` adds a looser pattern
    for the clauses titled as one of its clause types (:class:`TitledPattern`), read the same way.

    With ``fold: true`` the pattern runs on the text without accents (write it without accents).
    """

    kind: Literal["regex"]
    pattern: str = Field(min_length=1)
    present: bool = True
    fold: bool = False
    polarity: Polarity = Field(default="affirmative", description=POLARITY_HELP)
    unless: str | None = Field(default=None, description=UNLESS_HELP)
    titled: TitledPattern | None = Field(default=None, description="a looser pattern for the clauses titled as one of its clause types")

    @field_validator("pattern", "unless")
    @classmethod
    def _compiles(cls, value: str | None, info: ValidationInfo) -> str | None:
        return _check_pattern(value, info) if value else value

    @model_validator(mode="after")
    def _titled_needs_presence(self) -> RegexCondition:
        if self.titled is not None and not self.present:
            raise ValueError("titled adds wordings to look for: it needs present: true")
        return self

    def titled_condition(self) -> RegexCondition | None:
        """The ``titled`` pattern as a condition of its own (same folding, polarity and ``unless``)."""
        if self.titled is None:
            return None
        return self.model_copy(update={"pattern": self.titled.pattern, "titled": None})


class MissingClauseCondition(_Condition):
    """None of the rule's clause types in the whole contract."""

    kind: Literal["missing_clause"]


class ThresholdCondition(_Condition):
    """A number read from the clause compared with ``value``: durations in ``unit`` (days, weeks,
    months, years), amounts in ``currency`` (EUR, USD, GBP, CHF; amounts in other currencies are
    ignored), percentages in percent. With ``near``, only numbers that have one of those words
    within 60 characters before or 40 after count (« dépôt de garantie égal à six mois »), or anywhere in
    their sentence with ``near_in: sentence``."""

    kind: Literal["threshold"]
    quantity: Literal["notice_period", "duration", "amount", "percentage"]
    op: Literal["lt", "lte", "gt", "gte"]
    value: float
    unit: str | None = None
    currency: str | None = None
    near: list[str] = Field(default_factory=list, description="only numbers with one of these words close before or after")
    near_in: Literal["window", "sentence"] = Field(
        default="window", description="where a word of `near` counts: close to the number (window), or anywhere in its sentence"
    )

    @model_validator(mode="after")
    def _units(self) -> ThresholdCondition:
        if self.quantity in ("notice_period", "duration"):
            if self.unit not in DURATION_UNITS:
                raise ValueError(f"unit must be one of {', '.join(DURATION_UNITS)} for a {self.quantity} (got {self.unit!r})")
        elif self.unit is not None:
            raise ValueError(f"unit is only for durations; use currency for an amount (got unit {self.unit!r})")
        if self.currency is not None and (self.quantity != "amount" or self.currency not in CURRENCIES):
            raise ValueError(f"currency must be one of {', '.join(CURRENCIES)} and only for an amount (got {self.currency!r})")
        return self


class DateCondition(_Condition):
    """The contract's ``field`` date (end date after amendments by default) is before ``before``,
    after ``after``, falls within ``within_months`` of the scan day (today unless given), or is before it (``past``)."""

    kind: Literal["date"]
    field: Literal["end_date", "signature_date"] = "end_date"
    before: date | None = None
    after: date | None = None
    within_months: int | None = Field(default=None, ge=1, le=600)
    past: bool | None = None  # the date is before the scan day (an end date: the contract has ended, unless it renews by itself)

    @model_validator(mode="after")
    def _one_test(self) -> DateCondition:
        given = [name for name in ("before", "after", "within_months", "past") if getattr(self, name)]
        if len(given) != 1:
            raise ValueError(f"give exactly one of before, after, within_months, past (got {', '.join(given) or 'none'})")
        return self


class GoverningLawCondition(_Condition):
    """The contract's governing law (from its data-room record) is known and not in ``expected``."""

    kind: Literal["governing_law"]
    expected: list[str] | None = None


class LLMCondition(_Condition):
    """``prompt`` asked of the local LLM about each clause; it answers whether to flag it.

    With ``reviews: RULE_ID`` the question is put about each hit of that (keyword or regex) rule
    instead: the LLM confirms the hit or dismisses it, with its reason. Without an LLM the rule is
    skipped, visibly, and the reviewed rule's hits stay marked "to confirm".
    """

    kind: Literal["llm"]
    prompt: str = Field(min_length=10)
    reviews: str | None = Field(default=None, description="id of the keyword or regex rule whose hits the LLM confirms or dismisses")


class LearnedCondition(_Condition):
    """A sentence the learned reader (:mod:`greffier.compliance.reader`) scores at or above
    ``min_score`` for its category ``reader`` (default: the threshold stored with the category, chosen
    on CUAD's tuning parts). With ``backs: [RULE_ID, …]`` it reads only the contracts where none of
    those rules found anything: a second reader for the clauses their wordings miss, never a second
    flag on a clause they found. Its findings are always marked "to confirm", with the score.
    """

    kind: Literal["learned"]
    reader: str = Field(min_length=1, description="a category of the learned reader file (its 'categories')")
    min_score: float | None = Field(default=None, gt=0.0, lt=1.0, description="the score from which a sentence counts (default: the category's own)")
    backs: list[str] = Field(default_factory=list, description="ids of the rules whose wordings this reader backs up")

    @field_validator("backs", mode="before")
    @classmethod
    def _one_or_more(cls, value: object) -> object:
        return [value] if isinstance(value, str) else value


Condition = Annotated[
    KeywordCondition | RegexCondition | MissingClauseCondition | ThresholdCondition | DateCondition | GoverningLawCondition | LLMCondition | LearnedCondition,
    Field(discriminator="kind"),
]
DOCUMENT_LEVEL = ("missing_clause", "date", "governing_law")
REVIEWABLE = ("keyword", "regex", "learned")  # the rules whose hits an LLM rule may review
BACKABLE = ("keyword", "regex", "threshold")  # the rules reading a clause's wordings, which a learned rule may back


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str = Field(min_length=3)
    clause_types: list[str] = Field(min_length=1)
    severity: Severity
    explanation: str = Field(min_length=3)
    recommendation: str = Field(min_length=3)
    condition: Condition
    contract_types: list[str] = Field(default_factory=list, description="only contracts of these types (empty: all)")
    tags: list[str] = Field(default_factory=list)
    # rules whose flag on the same clause makes this one's redundant: "liability clause without a cap" says nothing more on an
    # article "uncapped liability" already flags (one flag per finding, issue 16)
    yields_to: list[str] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _RULE_ID.match(value):
            raise ValueError(f"{value!r} is not a rule id: use lower-case letters, digits, '_', '-' and '.'")
        return value

    @field_validator("contract_types")
    @classmethod
    def _normalise_types(cls, value: list[str]) -> list[str]:
        return [normalize_contract_type(v) or v for v in value]

    @model_validator(mode="after")
    def _missing_needs_types(self) -> Rule:
        if self.condition.kind == "missing_clause" and ANY_CLAUSE in self.clause_types:
            raise ValueError("a missing_clause rule names the clause types that must be present, not 'any'")
        return self

    @property
    def document_level(self) -> bool:
        return self.condition.kind in DOCUMENT_LEVEL

    def applies_to(self, clause_types: tuple[str, ...] | list[str]) -> bool:
        return ANY_CLAUSE in self.clause_types or bool(set(self.clause_types) & set(clause_types))


class Playbook(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    title: str = ""
    description: str = Field(min_length=3)
    version: str = "1"
    languages: list[Literal["fr", "en"]] = Field(min_length=1)
    home_law: str | None = None
    contract_types: list[str] = Field(default_factory=list, description="only contracts of these types (empty: all)")
    fragments: dict[str, str] = Field(default_factory=dict, description="pattern fragments the rules' patterns use as {{name}}")
    rules: list[Rule] = Field(min_length=1)
    source: str = ""
    content_hash: str = ""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not _RULE_ID.match(value):
            raise ValueError(f"{value!r} is not a playbook name: use lower-case letters, digits, '_', '-' and '.'")
        return value

    @field_validator("home_law")
    @classmethod
    def _law(cls, value: str | None) -> str | None:
        return normalize_law(value) if value else None

    @field_validator("contract_types")
    @classmethod
    def _normalise_types(cls, value: list[str]) -> list[str]:
        return [normalize_contract_type(v) or v for v in value]

    @model_validator(mode="after")
    def _unique_rule_ids(self) -> Playbook:
        ids = [rule.id for rule in self.rules]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"rule ids repeated: {', '.join(repeated)}")
        kinds = {rule.id: rule.condition.kind for rule in self.rules}
        for rule in self.rules:
            reviewed = getattr(rule.condition, "reviews", None)
            if reviewed and kinds.get(reviewed) not in REVIEWABLE:
                known = ", ".join(i for i, k in kinds.items() if k in REVIEWABLE)
                raise ValueError(f"rule {rule.id!r} reviews {reviewed!r}, which is not a keyword, regex or learned rule of this playbook: use one of {known}")
            for other in rule.yields_to:
                if other not in kinds or other == rule.id:
                    raise ValueError(f"rule {rule.id!r} yields to {other!r}, which is not another rule of this playbook")
            for backed in getattr(rule.condition, "backs", None) or ():
                if kinds.get(backed) not in BACKABLE:
                    known = ", ".join(i for i, k in kinds.items() if k in BACKABLE)
                    raise ValueError(f"rule {rule.id!r} backs {backed!r}, which is not a rule of this playbook that reads wordings: use one of {known}")
        return self

    def backers(self) -> list[Rule]:
        """The learned rules that back other rules: they run once those rules have run."""
        return [rule for rule in self.rules if rule.condition.kind == "learned" and rule.condition.backs]

    def reviewers(self) -> dict[str, Rule]:
        """Reviewed rule id → the LLM rule that reviews its hits."""
        return {rule.condition.reviews: rule for rule in self.rules if rule.condition.kind == "llm" and rule.condition.reviews}

    @property
    def by_id(self) -> dict[str, Rule]:
        return {rule.id: rule for rule in self.rules}

    def applies_to_contract(self, contract_type: str | None) -> bool:
        return not self.contract_types or (contract_type or "") in self.contract_types

    def summary(self) -> dict[str, object]:
        return {
            "name": self.name, "title": self.title, "version": self.version, "languages": list(self.languages),
            "home_law": self.home_law, "contract_types": list(self.contract_types), "rules": len(self.rules),
            "source": self.source, "content_hash": self.content_hash[:12],
        }


# --- loading -------------------------------------------------------------------------------------


def playbook_path(name_or_path: str | Path, directory: Path | None = None) -> Path:
    """The file of a playbook given by name (``ma_due_diligence``) or path.

    Raises:
        PlaybookError: no such playbook; the message lists the available ones.
    """
    directory = directory or PLAYBOOKS_DIR
    text = str(name_or_path)
    try:
        candidate = Path(text)
        if candidate.suffix in (".yaml", ".yml") and candidate.is_file():
            return candidate
        if _RULE_ID.match(text):  # a bare name: look in the playbooks folder
            for suffix in (".yaml", ".yml"):
                path = directory / f"{text}{suffix}"
                if path.is_file():
                    return path
    except (OSError, ValueError):  # a name no file system accepts (NUL byte, too long)
        pass
    available = ", ".join(p.stem for p in sorted(directory.glob("*.y*ml"))) or "none"
    raise PlaybookError(text[:80], [f"no such playbook: give a YAML file or one of: {available} (in {directory})"])


def list_playbooks(directory: Path | None = None) -> list[Path]:
    directory = directory or PLAYBOOKS_DIR
    return sorted(p for p in directory.glob("*.y*ml") if p.is_file())


def load_playbook(name_or_path: str | Path, *, library: ClauseLibrary | None = None, directory: Path | None = None) -> Playbook:
    """Load and validate a playbook (by name from ``playbooks/`` or by path).

    Raises:
        PlaybookError: unknown playbook, YAML syntax error, or invalid rules; every problem is listed
            as ``line N, rule 'id': field: what is wrong``.
    """
    path = playbook_path(name_or_path, directory)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PlaybookError(str(path), [f"cannot read the playbook: {exc.strerror or exc}"]) from exc
    return parse_playbook(text, source=str(path), library=library)


def parse_playbook(text: str, *, source: str = "<playbook>", library: ClauseLibrary | None = None) -> Playbook:
    """Validate a playbook given as YAML text (see :func:`load_playbook`)."""
    library = library or load_library()
    try:
        document = load_with_lines(text)
    except YAMLError as exc:
        raise PlaybookError(source, [syntax_problem(exc)]) from exc
    if not isinstance(document.data, dict):
        raise PlaybookError(source, ["a playbook is a mapping with name, description, languages and rules"])
    problems = list(document.problems)
    fragments, fragment_problems = _fragments(document)
    problems += fragment_problems
    data = {**document.data, "source": source, "content_hash": hashlib.sha256(text.encode()).hexdigest()}
    try:
        playbook = Playbook.model_validate(data, context={"fragments": fragments})
    except ValidationError as exc:
        raise PlaybookError(source, problems + validation_problems(exc, document)) from exc
    problems += _unknown_clause_types(playbook, library, document)
    problems += _unknown_readers(playbook, document)
    if problems:
        raise PlaybookError(source, problems)
    return playbook


def _fragments(document) -> tuple[dict[str, str], list[str]]:  # noqa: ANN001
    """The playbook's fragments (as written) and the problems of each: a bad name, a value that is not
    text, an unknown or circular use, a fragment that does not compile once expanded."""
    raw = document.data.get("fragments") or {}
    if not isinstance(raw, dict):
        return {}, [f"line {document.line_of(('fragments',))}: fragments: a mapping of names to pattern fragments"]
    fragments = {str(k): v for k, v in raw.items() if isinstance(v, str)}
    problems = []
    for name, value in raw.items():
        line = document.line_of(("fragments", name))
        if not isinstance(name, str) or not _FRAGMENT_USE.fullmatch(f"{{{{{name}}}}}"):
            problems.append(f"line {line}, fragment {name!r}: a fragment name is letters, digits, '_' and '-'")
            continue
        if not isinstance(value, str):
            problems.append(f"line {line}, fragment {name!r}: a fragment is a piece of regular expression (text)")
            continue
        try:
            re.compile(expand_fragments(f"{{{{{name}}}}}", fragments))
        except ValueError as exc:
            problems.append(f"line {line}, fragment {name!r}: {exc}")
        except re.error as exc:
            problems.append(f"line {line}, fragment {name!r}: invalid regular expression ({exc.msg} at position {exc.pos} of the fragment expanded)")
    return fragments, problems


def _unknown_readers(playbook: Playbook, document) -> list[str]:  # noqa: ANN001
    """The learned rules whose reader category the shipped reader file does not hold. A reader file that
    cannot be read is no playbook problem: the other rules run, and each learned rule's check says why it could not."""
    learned = [(k, rule) for k, rule in enumerate(playbook.rules) if rule.condition.kind == "learned"]
    if not learned:
        return []
    try:
        reader = load_reader()
    except ReaderError:  # the playbook's other rules still run; each learned rule's check says the reader is missing
        return []
    return [
        f"line {document.line_of(('rules', k, 'condition', 'reader'))}, rule {rule.id!r}: condition.reader: unknown category "
        f"{rule.condition.reader!r}: use one of the reader's: {', '.join(reader.categories)}"
        for k, rule in learned if rule.condition.reader not in reader.categories
    ]


def _unknown_clause_types(playbook: Playbook, library: ClauseLibrary, document) -> list[str]:  # noqa: ANN001
    """The clause types a rule names (its own, and its ``titled`` pattern's) that the library does not know."""
    problems = []
    for position, rule in enumerate(playbook.rules):
        titled = getattr(rule.condition, "titled", None)
        named = [(("rules", position, "clause_types", k), "clause_types", t, True) for k, t in enumerate(rule.clause_types)]
        named += [
            (("rules", position, "condition", "titled", "clause_types", k), "condition.titled.clause_types", t, False)
            for k, t in enumerate(titled.clause_types if titled else [])
        ]
        for path, field_name, clause_type, any_allowed in named:
            if clause_type in library.ids or (any_allowed and clause_type == ANY_CLAUSE):
                continue
            choices = ("'any' or " if any_allowed else "") + "one of the library's: " + ", ".join(library.ids)
            problems.append(f"line {document.line_of(path)}, rule {rule.id!r}: {field_name}: unknown clause type {clause_type!r}: use {choices}")
    return problems
