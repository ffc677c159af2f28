"""The tool registry: name → (argument model, handler, description).

``call_tool(settings, name, arguments)`` validates the arguments with pydantic and returns the tool's
JSON result; every problem (unknown tool, invalid arguments, unknown filter values) comes back as a
:class:`ToolError` whose message an LLM can read to correct its call.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from greffier.config import Settings
from greffier.dataroom.vocabulary import CONTRACT_TYPES, LAW_LABELS, LEASE
from greffier.services.dataroom.query import DataRoomFilters, SearchDataRoomArgs, ToolInputError, allowed_values, search_data_room
from greffier.errors import GreffierError
from greffier.tools.schema import flat_schema, inject_enum
from greffier.services.compliance.service import scan_document
from greffier.services.dataroom.compare import compare_contracts
from greffier.services.dataroom.contracts import get_contract
from greffier.services.dataroom.duplicates import find_duplicates
from store.records import load_dataroom
from greffier.services.search import search
from store.workspace import open_workspace


class ToolError(GreffierError):
    """A tool call that failed; ``str(error)`` is the readable message returned to the caller."""


class GetContractArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    contract_id: str = Field(description="a contract id such as c01")
    chunk_ids: list[str] | None = Field(default=None, description="only these articles (ids such as c01-3)")


class FindDuplicatesArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entity_ids: list[str] | None = Field(default=None, description="only pairs where all these entities are parties")


class CompareContractsArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    left: str = Field(description="a contract id such as c15 (e.g. the original)")
    right: str = Field(description="another contract id such as c17 (e.g. the suspected copy)")
    only_differences: bool = Field(default=True, description="leave out the sentences that are the same (the counts still cover them)")


class SearchDocumentsArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(description="the user's question or words, exactly as written")
    filters: DataRoomFilters | None = Field(default=None, description="restrict the passages to contracts passing these filters")
    top_k: int | None = Field(default=None, ge=1, le=50, description="number of passages")


class ScanDocumentArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    document_id: str = Field(description="a contract id such as c01")
    playbook: str = Field(default="ma_due_diligence", description="playbook name: ma_due_diligence or bail_commercial")


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args: type[BaseModel]
    handler: Callable[[Settings, Any], dict[str, Any]]


def _search_data_room(settings: Settings, args: SearchDataRoomArgs) -> dict[str, Any]:
    return search_data_room(settings, args)


def _get_contract(settings: Settings, args: GetContractArgs) -> dict[str, Any]:
    return get_contract(open_workspace(settings), args.contract_id, args.chunk_ids)


def _find_duplicates(settings: Settings, args: FindDuplicatesArgs) -> dict[str, Any]:
    return find_duplicates(open_workspace(settings), entity_ids=args.entity_ids)


def _compare_contracts(settings: Settings, args: CompareContractsArgs) -> dict[str, Any]:
    return compare_contracts(open_workspace(settings), args.left, args.right, only_differences=args.only_differences)


def _search_documents(settings: Settings, args: SearchDocumentsArgs) -> dict[str, Any]:
    doc_ids = None
    if args.filters is not None and args.filters.active():
        listing = search_data_room(settings, SearchDataRoomArgs(filters=args.filters, limit=100))
        doc_ids = [r["contract_id"] for r in listing["results"]]
        while "next_offset" in listing:
            listing = search_data_room(settings, SearchDataRoomArgs(filters=args.filters, limit=100, offset=listing["next_offset"]))
            doc_ids += [r["contract_id"] for r in listing["results"]]
    response = search(settings, args.query, top_k=args.top_k, doc_ids=doc_ids)
    if doc_ids is not None:
        response["restricted_to"] = doc_ids
    return response


def _scan_document(settings: Settings, args: ScanDocumentArgs) -> dict[str, Any]:
    result = scan_document(settings, args.document_id, args.playbook).to_json()
    keep = ("id", "severity", "status", "rule_id", "rule_title", "file", "page", "section", "excerpt", "explanation", "recommendation", "note")
    return {
        **{k: result[k] for k in ("scan_id", "status", "playbook", "counts", "skipped_rules", "skipped_documents")},
        "flags": [{k: flag.get(k) for k in keep} for flag in result["flags"]],
    }


TOOLS: dict[str, Tool] = {
    tool.name: tool
    for tool in (
        Tool(
            "search_data_room",
            "List contracts of the data room exhaustively. Without 'query': EVERY contract passing the filters, "
            "in data-room order (paginate with offset/next_offset). With 'query': contracts ranked by their best "
            "article; each result's 'words_held' says how many of the words asked that article holds (in either language), and "
            "'holding_every_word' how many contracts hold them all: the others are only like the query. "
            "Always report 'excluded_unknown' (a filtered field is missing) and 'excluded_by_amendment'.",
            SearchDataRoomArgs,
            _search_data_room,
        ),
        Tool("get_contract", "One contract's metadata, warnings, amendments and articles (optionally only some articles).", GetContractArgs, _get_contract),
        Tool("find_duplicates", "Pairs of contracts that are likely duplicates (same file twice, courtesy translation), with reasons and similarity.", FindDuplicatesArgs, _find_duplicates),
        Tool(
            "compare_contracts",
            "Compare two contracts (a suspected duplicate, two versions, a translation) article by article, then sentence by "
            "sentence, whatever their file formats. Returns the counts of changed, left-only and right-only sentences, each "
            "distinct word change, and the differing sentences under their article. Versions of one text are aligned by "
            "article number; two different contracts by subject (aligned_by says which).",
            CompareContractsArgs,
            _compare_contracts,
        ),
        Tool("search_documents", "Hybrid passage search over the documents with the user's exact words; optional data-room filters restrict it.", SearchDocumentsArgs, _search_documents),
        Tool("scan_document", "Scan one contract with a compliance playbook and store the review flags; returns each flag with its severity, rule, file, page, section and excerpt.", ScanDocumentArgs, _scan_document),
    )
}


def _validation_message(name: str, error: ValidationError) -> str:
    problems = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "(arguments)"
        problems.append(f"{where}: {item['msg']}")
    return f"invalid arguments for {name}: " + "; ".join(problems)


def parse_arguments(name: str, arguments: dict[str, Any] | str | None) -> BaseModel:
    """Validated arguments of tool ``name``. Raises ToolError with a readable message."""
    tool = TOOLS.get(name)
    if tool is None:
        raise ToolError(f"unknown tool {name!r}: use one of {', '.join(TOOLS)}")
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            raise ToolError(f"arguments for {name} are not valid JSON: {exc.msg} at column {exc.colno}") from exc
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolError(f"arguments for {name} must be a JSON object, not {type(arguments).__name__}")
    try:
        return tool.args.model_validate(arguments)
    except ValidationError as exc:
        raise ToolError(_validation_message(name, exc)) from exc


def call_tool(settings: Settings, name: str, arguments: dict[str, Any] | str | None) -> dict[str, Any]:
    """Run tool ``name`` on the workspace of ``settings``. Raises ToolError for any bad call."""
    args = parse_arguments(name, arguments)
    open_workspace(settings, must_exist=True)  # a workspace that does not exist is refused before the tool runs
    try:
        return TOOLS[name].handler(settings, args)
    except ToolInputError as exc:
        raise ToolError(str(exc)) from exc
    except GreffierError as exc:
        raise ToolError(str(exc)) from exc


def tool_definitions(settings: Settings | None = None) -> list[dict[str, Any]]:
    """Name, description and flattened JSON schema of every tool, with enums from the data room."""
    allowed: dict[str, list[str]] | None = None
    if settings is not None:
        try:
            allowed = allowed_values(load_dataroom(open_workspace(settings)))
        except GreffierError:
            allowed = None
    definitions = []
    for tool in TOOLS.values():
        schema = flat_schema(tool.args)
        if allowed:
            for prefix in (["filters"], []):
                inject_enum(schema, [*prefix, "entity_ids"], allowed["entity_ids"])
                # every known law and type, not only those of the data: a valid value no contract has gives zero results
                inject_enum(schema, [*prefix, "contract_types"], sorted({*allowed["contract_types"], *CONTRACT_TYPES, LEASE, "avenant"}))
                inject_enum(schema, [*prefix, "excluded_contract_types"], sorted({*allowed["contract_types"], *CONTRACT_TYPES, LEASE, "avenant"}))
                inject_enum(schema, [*prefix, "governing_law", "in"], sorted({*allowed["governing_laws"], *LAW_LABELS}))
                inject_enum(schema, [*prefix, "governing_law", "not_in"], sorted({*allowed["governing_laws"], *LAW_LABELS}))
        definitions.append({"name": tool.name, "description": tool.description, "parameters": schema})
    return definitions
