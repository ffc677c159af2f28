"""Property-based tests: any arguments give a result or a readable validation error, never a traceback."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from greffier.cli import main
from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.tools import TOOLS, ToolError, call_tool
from tests.paths import EXAMPLE_DATAROOM
from tests.pipelines.files import make_markdown

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False), st.text(max_size=30),
                      st.sampled_from(["groupe_brenalis", "droit français", "2026-12-31", "c01", "bail commercial", "31/12/2026", ""]))
json_values = st.recursive(json_leaf, lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(st.text(max_size=12), children, max_size=4)), max_leaves=12)
filter_keys = st.sampled_from(["entity_ids", "contract_types", "governing_law", "signature_date", "end_date", "in", "not_in", "after", "before", "bogus"])
structured = st.fixed_dictionaries({}, optional={
    "query": json_leaf,
    "filters": st.dictionaries(filter_keys, json_values, max_size=4),
    "limit": json_leaf, "offset": json_leaf, "contract_id": json_leaf, "chunk_ids": json_values, "entity_ids": json_values, "top_k": json_leaf,
})


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    base = tmp_path_factory.mktemp("props")
    settings = load_settings(base / "ws")
    if EXAMPLE_DATAROOM.is_file():
        Ingestor(settings).ingest(EXAMPLE_DATAROOM)
    else:
        room = base / "room"
        room.mkdir()
        make_markdown(room / "a.md", [("Article 1 - Loi", "Soumis au droit français.")], title="Contrat A")
        Ingestor(settings).ingest(room)
    return settings


@hsettings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(TOOLS)), arguments=st.one_of(structured, json_values))
def test_tool_calls_return_json_or_a_readable_error(settings, name, arguments):
    try:
        result = call_tool(settings, name, arguments)
    except ToolError as exc:
        message = str(exc)
        assert message and "Traceback" not in message
        return
    json.dumps(result, default=str)  # the result is JSON-serialisable


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from([*sorted(TOOLS), "no_such_tool"]), raw=st.one_of(st.text(max_size=60), json_values.map(json.dumps)))
def test_cli_tool_prints_json_and_exits_0_or_2(settings, capsys, name, raw):
    code = main(["tool", name, f"--args={raw}", "--workspace", str(settings.workspace)])  # "=": a value may start with "-"
    out = capsys.readouterr().out
    data = json.loads(out)
    assert code in (0, 2)
    if code == 2:
        assert set(data) == {"error"} and data["error"]
