"""The intent router with a scripted model at the LLM boundary, on the public example data room."""

from __future__ import annotations

import json
from datetime import date

import pytest

from store import threads
from greffier.chat.router import ChatRouter, router_prompt
from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from tests.fakes import OllamaStub, ScriptedChatBackend
from tests.paths import EXAMPLE_DATAROOM

pytestmark = pytest.mark.skipif(not EXAMPLE_DATAROOM.is_file(), reason="shared example data room not available")

TODAY = date(2026, 11, 30)
BRENALIS_BY_2026 = {"filters": {"entity_ids": ["groupe_brenalis"], "end_date": {"before": "2026-12-31"}}}


def plan(intent: str, text: str = "Plan.") -> str:
    return json.dumps({"intent": intent, "plan": text})


def call(name: str, arguments: dict, intent: str = "list_question") -> dict:
    return {"text": plan(intent), "tool_calls": [{"name": name, "arguments": arguments}]}


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    settings = load_settings(tmp_path_factory.mktemp("chat") / "ws")
    Ingestor(settings).ingest(EXAMPLE_DATAROOM)
    return settings


def text_of(message) -> str:
    return message.text or (message.tool_call_result.result if message.tool_call_result else "")


def kinds(result) -> list[str]:
    return [kind for kind, _ in result.events]


def payloads(result, kind: str) -> list[dict]:
    return [payload for k, payload in result.events if k == kind]


def test_prompt_gives_today_and_home_law(settings):
    prompt = router_prompt(settings, TODAY, tools_available=True)
    assert "2026-11-30" in prompt and "droit français" in prompt and "must NOT answer" in prompt


def test_document_question_goes_to_search_documents_with_the_exact_message(settings):
    message = "Que prévoit la clause d'exclusivité territoriale ?"
    model = ScriptedChatBackend(
        call("search_documents", {"query": "exclusivity clause"}, intent="document_question"),
        {"relevant": [1]},
        "Le distributeur bénéficie d'une exclusivité [1].",
    )
    result = ChatRouter(settings, model, today=TODAY).send(message)
    assert payloads(result, "tool_call")[0]["arguments"]["query"] == message
    assert kinds(result)[:2] == ["intent", "plan"] and "sources" in kinds(result) and kinds(result)[-1] == "done"
    assert "[1]" in result.answer
    assert "exclusivity clause" not in json.dumps(model.calls[1]["messages"][-1].text)


def test_a_document_answer_in_agent_mode_keeps_its_note_with_the_turn(settings):
    # the LLM's answer cites nothing: replaced by the extractive answer, which the saved turn says (it was dropped before)
    message = "Que prévoit la clause d'exclusivité territoriale ?"
    model = ScriptedChatBackend(call("search_documents", {"query": message}, intent="document_question"), {"relevant": [1]}, "Une exclusivité existe.")
    router = ChatRouter(settings, model, today=TODAY)
    result = router.send(message)
    final = [row.data for row in threads.rows(router.workspace, result.thread_id) if row.data.get("final")][-1]
    assert final["note"].startswith("La réponse du LLM n'a pas été retenue")


def test_list_question_hands_converted_dates_unchanged_and_mentions_exclusions(settings):
    model = ScriptedChatBackend(call("search_data_room", BRENALIS_BY_2026), "Seul c04 [c04] finit avant fin 2026.")
    result = ChatRouter(settings, model, today=TODAY).send("Quels contrats avec Brenalis finissent avant la fin de cette année ?")
    assert payloads(result, "tool_call")[0]["arguments"] == BRENALIS_BY_2026
    summary = payloads(result, "tool_result")[0]["summary"]
    assert summary["ids"] == ["c04"] and summary["excluded_unknown"] == ["c08", "c17"]
    # The model left out the excluded contracts: the router adds them, named by title and file, not by id.
    lines = result.answer.splitlines()
    for cid in ("c08", "c17", "c09"):
        assert cid not in result.answer
    moved = next(line for line in lines if "amendment moved" in line)
    assert "Contrat de fourniture d'électricité" in moved and "(fourniture_electricite_hydrelle_brenalis.pdf)" in moved
    assert "2026-06-30 → 2028-06-30" in moved
    # the employment contract has no end on purpose: said to be an indefinite term, not an unknown field
    indefinite = next(line for line in lines if "Contrat de travail — Groupe Brenalis" in line)
    assert "indefinite term" in indefinite and "unknown" not in indefinite
    unknown = next(line for line in lines if "Acte de cession de parts sociales" in line)
    assert "unknown" in unknown
    assert any(s.get("chunk_id", "").startswith("c04-") for s in payloads(result, "sources")[0]["sources"])


def test_validation_error_goes_back_to_the_model_which_corrects_its_call(settings):
    model = ScriptedChatBackend(
        call("search_data_room", {"filters": {"entity_ids": ["brenalis"]}}),
        call("search_data_room", {"filters": {"entity_ids": ["groupe_brenalis"]}}),
        "Les contrats de Groupe Brenalis sont c01, c04, c08, c09, c14 et c17.",
    )
    result = ChatRouter(settings, model, today=TODAY).send("Liste les contrats de Brenalis")
    errors = [p for p in payloads(result, "tool_result") if "error" in p]
    assert errors and "groupe_brenalis" in errors[0]["error"]
    second_prompt = model.calls[1]["messages"]
    assert any("unknown entity id" in text_of(m) for m in second_prompt)
    assert payloads(result, "tool_call")[-1]["arguments"]["filters"]["entity_ids"] == ["groupe_brenalis"]
    assert result.status == "done"


def test_pagination_is_followed_to_the_end(settings):
    model = ScriptedChatBackend(call("search_data_room", {"filters": {"governing_law": {"in": ["droit français"]}}, "limit": 5}), "Voici la liste.")
    result = ChatRouter(settings, model, today=TODAY).send("Quels contrats sont soumis au droit français ?")
    pages = [p for p in payloads(result, "tool_call") if p.get("page")]
    assert len(pages) >= 2
    summary = payloads(result, "tool_result")[0]["summary"]
    assert summary["total_results"] == len(summary["ids"]) > 5
    compose_input = model.calls[-1]["messages"]
    tool_result = next(m for m in reversed(compose_input) if m.role.value == "tool")
    assert len(json.loads(tool_result.tool_call_result.result)["results"]) == summary["total_results"]


def test_agent_mode_waits_for_approval_and_resumes_after_a_restart(settings):
    model = ScriptedChatBackend(call("search_data_room", {"filters": {"governing_law": {"not_in": ["droit français"]}}}))
    first = ChatRouter(settings, model, today=TODAY).send("Quels contrats relèvent d'un droit étranger ?", mode="agent")
    assert first.status == "awaiting_approval" and "approval_required" in kinds(first)
    assert "tool_result" not in kinds(first)  # nothing ran before approval
    # A new router (as after a page reload or a restart) finds the pending call in SQLite.
    model_after_restart = ScriptedChatBackend("Droit étranger : c05, c16, c20 ; c10 sans loi connue.")
    router = ChatRouter(load_settings(settings.workspace), model_after_restart, today=TODAY)
    assert threads.get_thread(router.workspace, first.thread_id).pending_call["tool"] == "search_data_room"
    resumed = router.resume(first.thread_id, "approve")
    assert resumed.status == "done"
    assert payloads(resumed, "tool_result")[0]["summary"]["ids"] == ["c05", "c16", "c20"]
    assert threads.get_thread(router.workspace, first.thread_id).pending_call is None


def test_agent_mode_edit_runs_the_edited_arguments(settings):
    model = ScriptedChatBackend(call("search_data_room", {"filters": {"contract_types": ["bail commercial"]}}), "Liste.")
    router = ChatRouter(settings, model, today=TODAY)
    paused = router.send("Quels baux ?", mode="agent")
    resumed = router.resume(paused.thread_id, "edit", arguments={"filters": {"contract_types": ["contrat de licence"]}})
    assert payloads(resumed, "tool_result")[0]["summary"]["ids"] == ["c05", "c13", "c20"]


def test_refusal_tells_the_model_to_answer_without_the_tool(settings):
    model = ScriptedChatBackend(call("find_duplicates", {}, intent="duplicates"), "Je n'ai pas consulté les documents.")
    router = ChatRouter(settings, model, today=TODAY)
    paused = router.send("Y a-t-il des doublons ?", mode="agent")
    refused = router.resume(paused.thread_id, "refuse")
    assert refused.status == "done" and "tool_result" not in kinds(refused)
    assert "refused" in model.calls[-1]["messages"][-1].text
    assert refused.answer == "Je n'ai pas consulté les documents."


def test_json_path_for_models_without_tools(settings):
    model = ScriptedChatBackend(
        {"intent": "list_question", "plan": "Filtrer par loi.", "tool": "search_data_room", "arguments": {"filters": {"governing_law": {"in": ["droit suisse"]}}}},
        "Seul c16 [c16].",
        supports_tools=False,
    )
    router = ChatRouter(settings, model, today=TODAY)
    assert router.path == "json"
    result = router.send("Quels contrats sont en droit suisse ?")
    assert model.calls[0]["json_mode"] is True
    assert payloads(result, "tool_result")[0]["summary"]["ids"] == ["c16"]


def test_chit_chat_is_not_answered_by_the_model(settings):
    model = ScriptedChatBackend(json.dumps({"intent": "chit_chat", "plan": "Hors sujet."}))
    result = ChatRouter(settings, model, today=TODAY).send("Quel temps fait-il ?")
    assert "tool_call" not in kinds(result) and "documents of this workspace" in result.answer


def test_without_llm_the_chat_says_so_and_offers_the_other_views_in_the_question_s_language(settings):
    result = ChatRouter(settings, None, today=TODAY).send("Quelle est la durée du contrat de crédit ?")
    assert "Aucun LLM disponible (aucun LLM fourni)" in result.answer and "Data room" in result.answer and "recherche" in result.answer
    assert result.status == "done" and "No LLM is available" not in result.answer  # the reason in French too (was « (no LLM given) »)
    english = ChatRouter(settings, None, today=TODAY).send("What is the notice period of the lease?")
    assert "No LLM is available (no LLM given)" in english.answer and "Search" in english.answer


def test_the_resolver_s_reasons_for_having_no_llm_are_said_in_french_to_a_french_question(tmp_path, monkeypatch):
    # on a fresh machine the notice read « Aucun LLM disponible (no Ollama answering on this machine; no GGUF model in … (make llm)) »
    from greffier.text.replies import llm_reason  # the wording under test
    from pipelines.generators.llm import llm_in_use  # the resolver whose reasons are read

    monkeypatch.setenv("GREFFIER_MODELS__LLM_BACKEND", "auto")
    monkeypatch.setenv("GREFFIER_MODELS__OLLAMA_URL", "http://127.0.0.1:9")  # nothing listens there
    monkeypatch.setenv("GREFFIER_MODELS__MODELS_DIR", str(tmp_path / "models"))
    reason = llm_in_use(load_settings(tmp_path / "ws"))["reason"]
    assert reason.startswith("no Ollama answering on this machine; no GGUF model in ")
    french = llm_reason(reason, "fr")
    assert french.startswith("aucun Ollama ne répond sur cette machine ; aucun modèle GGUF dans ") and french.endswith("(make llm)")
    assert llm_reason(reason, "en") == reason


@pytest.mark.parametrize("question", ["Résume le contrat de crédit", "Summarise the lease"])
def test_without_llm_a_summary_is_declined_not_answered_as_silence(settings, question):
    # was « Les documents ne le disent pas »: a summary is to be written, which only an LLM does
    result = ChatRouter(settings, None, today=TODAY).send(question)
    assert "résumé" in result.answer or "summary" in result.answer
    assert "ne le disent pas" not in result.answer and "do not say" not in result.answer


def test_threads_keep_their_history(settings):
    model = ScriptedChatBackend(json.dumps({"intent": "chit_chat", "plan": "-"}), json.dumps({"intent": "chit_chat", "plan": "-"}))
    router = ChatRouter(settings, model, today=TODAY)
    first = router.send("Bonjour")
    router.send("Encore", thread_id=first.thread_id)
    roles = [m.role.value for m in threads.messages(router.workspace, first.thread_id)]
    assert roles.count("user") == 2
    assert any(m.text == "Bonjour" for m in model.calls[1]["messages"])


def test_ollama_tool_calls_end_to_end_on_loopback(settings):
    replies = [
        {"content": plan("list_question"), "tool_calls": [{"name": "search_data_room", "arguments": {"filters": {"governing_law": {"in": ["droit suisse"]}}}}]},
        {"content": "Seul c16 [c16]."},
    ]
    with OllamaStub(model="qwen-tools:latest", replies=replies) as stub:
        models = settings.models.model_copy(update={"llm_backend": "ollama", "ollama_url": stub.url, "ollama_model": "qwen-tools"})
        router = ChatRouter(settings.model_copy(update={"models": models}), today=TODAY)
        assert router.path == "tools"
        result = router.send("Quels contrats sont en droit suisse ?")
    assert payloads(result, "tool_result")[0]["summary"]["ids"] == ["c16"]
    first_request = stub.requests[0]
    assert {t["function"]["name"] for t in first_request["tools"]} >= {"search_data_room", "search_documents"}
    assert any(m["role"] == "tool" for m in stub.requests[1]["messages"])
    assert result.answer.startswith("Seul c16")


END_OF_2026 = {"end_date": {"before": "2026-12-31"}}


@pytest.mark.parametrize("question", [
    "Quels contrats finissent avant fin 2026 ?",
    "Which agreements expire before the end of 2026?",
    "Lesquels de nos contrats arrivent à échéance avant 2027 ?",
])
def test_without_llm_a_list_question_by_end_date_is_answered_from_the_data_room(settings, question):
    result = ChatRouter(settings, None, today=TODAY).send(question)
    calls = payloads(result, "tool_call")
    assert [c["tool"] for c in calls] == ["search_data_room"] and calls[0]["arguments"]["filters"] == END_OF_2026
    assert payloads(result, "tool_result")[0]["summary"]["ids"] == ["c04", "c12"]
    lines = result.answer.splitlines()
    listed = [line for line in lines if line.startswith("- ")]
    assert len(listed) == 2 and any(line.startswith("- Lettre de mission d'audit d'acquisition") for line in listed)
    # the supply contract whose end an amendment moved to 2028 is not listed, and the answer says why
    assert not any("fourniture d'électricité" in line for line in listed)
    moved = next(line for line in lines if "fourniture d'électricité" in line)
    # dates as a reader of the question's language writes them
    assert ("2026-06-30 → 2028-06-30" if question.startswith("Which") else "30/06/2026 → 30/06/2028") in moved, moved
    assert "avenant" in moved or "amendment" in moved
    assert "c09" not in result.answer and "No LLM is available" not in result.answer


def test_without_llm_a_list_question_by_party_and_law_is_answered_from_the_data_room(settings):
    result = ChatRouter(settings, None, today=TODAY).send("Quels contrats avec Brenalis finissent avant la fin de cette année ?")
    assert payloads(result, "tool_call")[0]["arguments"]["filters"] == BRENALIS_BY_2026["filters"]
    assert payloads(result, "tool_result")[0]["summary"]["ids"] == ["c04"]
    english = ChatRouter(settings, None, today=TODAY).send("Which contracts are governed by Swiss law?")
    assert payloads(english, "tool_call")[0]["arguments"]["filters"] == {"governing_law": {"in": ["droit suisse"]}}
    assert payloads(english, "tool_result")[0]["summary"]["ids"] == ["c16"]
    assert "Swiss law" in english.answer and "droit suisse" not in english.answer, english.answer  # named in the question's language


@pytest.mark.parametrize("question", [
    "Which contracts are governed by a law other than French law?",
    "List the contracts governed by a law other than French law",
    "Quels contrats sont régis par une loi autre que le droit français ?",
    "Quels contrats sont soumis à un droit différent du droit français ?",
])
def test_without_llm_a_law_other_than_the_one_named_lists_the_contracts_under_every_other_law(settings, question):
    result = ChatRouter(settings, None, today=TODAY).send(question)
    assert payloads(result, "tool_call")[0]["arguments"]["filters"] == {"governing_law": {"not_in": ["droit français"]}}
    listed = [line for line in result.answer.splitlines() if line.startswith("- ")]
    assert "c16" in payloads(result, "tool_result")[0]["summary"]["ids"]  # the Swiss-law contract
    assert listed and not any(line.endswith("droit français") for line in listed)
    french = ChatRouter(settings, None, today=TODAY).send("Quels contrats sont régis par le droit français ?")
    assert payloads(french, "tool_call")[0]["arguments"]["filters"] == {"governing_law": {"in": ["droit français"]}}


@pytest.mark.parametrize("question", ["Quelle est la durée du contrat de crédit ?", "What is the notice period of the lease?"])
def test_without_llm_a_question_about_a_clause_is_still_answered_from_the_passages(settings, question):
    result = ChatRouter(settings, None, today=TODAY).send(question)
    assert "tool_call" not in kinds(result) and ("No LLM is available" in result.answer or "Aucun LLM disponible" in result.answer)
