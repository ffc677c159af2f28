"""The generation path on a real model: the local GGUF of `make llm` (Qwen2.5-Coder-1.5B-Instruct)
through llama.cpp, in the real pipelines and the real router. Skipped, with the reason, when the model
or llama-cpp-python is absent (CI installs neither: `make llm` takes 15 minutes).

What a 1.5B model does is checked for what the product relies on — a valid structure, citations that
point at given passages, the fallbacks — not for wording.
"""

from __future__ import annotations

import importlib.util
import json

import pytest
from haystack import Document

from greffier.config import load_settings
from greffier.text import fold
from greffier.text.language import guess_language
from pipelines.generators.answerers import LLMAnswerer
from pipelines.generators.llm import find_gguf, llamacpp_backend
from pipelines.rankers.relevance import RelevanceJudge
from pipelines.routers.translation import QueryTranslator
from tests.paths import REPO

pytestmark = [pytest.mark.llm, pytest.mark.slow]

GGUF = find_gguf(REPO / "models")
if GGUF is None:
    pytest.skip("no local GGUF model in models/llm/ (run `make llm` to get Qwen2.5-Coder-1.5B-Instruct)", allow_module_level=True)
if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("haystack_integrations.components.generators.llama_cpp") is None:
    pytest.skip("llama-cpp-python / llama-cpp-haystack not installed (make llm)", allow_module_level=True)

LEASE = """# Bail commercial — SCI Les Tilleuls / Maison Quenot SARL

## Article 1 — Locaux
La SCI Les Tilleuls donne à bail à la société Maison Quenot SARL une boutique de 80 m² située 12 rue des Halles à Tours.

## Article 2 — Durée
Le bail est consenti pour une durée de neuf années entières et consécutives à compter du 1er avril 2022.

## Article 3 — Loyer
Le loyer annuel est fixé à 24 000 euros hors taxes, payable trimestriellement et d'avance.

## Article 4 — Droit applicable
Le présent bail est soumis au droit français.
"""

DISTRIBUTION = """# Distribution Agreement — Thornbury Foods Ltd / Lisandre Manufacture SAS

## 1. Appointment
Lisandre Manufacture SAS appoints Thornbury Foods Ltd as its exclusive distributor in the United Kingdom.

## 2. Term and termination
This Agreement shall continue for three years from 1 January 2024. Either party may terminate it by giving ninety (90) days' written notice.

## 3. Governing law
This Agreement is governed by the laws of England and Wales.
"""


@pytest.fixture(scope="module")
def local():
    return llamacpp_backend(str(GGUF), n_ctx=4096)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    from greffier.services.ingest import Ingestor

    base = tmp_path_factory.mktemp("llm-room")
    room = base / "room"
    room.mkdir()
    (room / "bail_tilleuls.md").write_text(LEASE, encoding="utf-8")
    (room / "thornbury_distribution.md").write_text(DISTRIBUTION, encoding="utf-8")
    settings = load_settings(base / "ws")
    report = Ingestor(settings).ingest(room)
    assert report.failed == []
    return settings


def test_query_translation_gives_the_other_language(local):
    translation = QueryTranslator(chat_generator=local.generator, generation_kwargs={"max_tokens": 96}).translate("Quel est le préavis de résiliation ?")
    assert translation is not None and guess_language(translation) == "en"
    assert "notice" in fold(translation) or "termination" in fold(translation)


def test_relevance_check_keeps_the_passage_that_answers(local):
    documents = [
        Document(id="a-1", content="The Agreement may be terminated by either party on ninety (90) days' written notice.", meta={"file": "a.md", "section": "2. Term"}),
        Document(id="b-1", content="Le loyer annuel est fixé à 24 000 euros hors taxes.", meta={"file": "b.md", "section": "Article 3 — Loyer"}),
        Document(id="c-1", content="This Agreement is governed by the laws of England and Wales.", meta={"file": "a.md", "section": "3. Governing law"}),
    ]
    judge = RelevanceJudge(chat_generator=local.generator, generation_kwargs=local.json_kwargs)
    out = judge.run(question="How much notice is needed to terminate the agreement?", documents=documents)
    assert all(d["by"] == "llm" for d in out["decisions"])  # the model's JSON was read, not the score fallback
    assert "a-1" in {d.id for d in out["documents"]}


@pytest.mark.parametrize("question, expected_file", [
    ("Quelle est la durée du bail de la boutique de Tours ?", "bail_tilleuls.md"),
    ("Which law governs the Thornbury distribution agreement?", "thornbury_distribution.md"),
])
def test_a_cited_answer_from_the_real_model(workspace, local, question, expected_file):
    from greffier.services.answering import answer

    result = answer(workspace, question, backend=local)
    assert result["abstained"] is False and result["answer"].strip()
    assert result["citations"], result["answer"]
    assert all(c["file"].endswith(expected_file) for c in result["citations"]), result["citations"]
    assert result["removed_citations"] == [] or result.get("fallback") is None  # removed markers never reach the answer
    assert not any(f"[{n}]" in result["answer"] for n in result["removed_citations"])


def test_a_router_turn_produces_a_valid_tool_call(workspace, local):
    from greffier.chat.router import ChatRouter
    from greffier.tools.registry import TOOLS, parse_arguments

    result = ChatRouter(workspace, backend=local).send("Quels contrats sont soumis au droit anglais ?")
    calls = [payload for kind, payload in result.events if kind == "tool_call"]
    assert calls, [kind for kind, _ in result.events]
    assert calls[0]["tool"] in TOOLS
    parse_arguments(calls[0]["tool"], calls[0]["arguments"])  # raises on arguments the tool refuses
    assert result.status == "done" and result.answer.strip()


def test_an_agent_turn_waits_for_approval_and_resumes_after_a_restart(workspace, local):
    from greffier.chat.router import ChatRouter

    first = ChatRouter(workspace, backend=local).send("What is the notice period of the Thornbury agreement?", mode="agent")
    assert first.status == "awaiting_approval" and first.pending_call is not None
    restarted = ChatRouter(workspace, backend=local)  # a new process would build a new router
    done = restarted.resume(first.thread_id, "approve")
    assert done.status == "done" and done.answer.strip()


def test_a_prompt_over_the_context_is_cut_with_a_warning_not_a_crash(local):
    long = " ".join(["Le locataire s'engage à entretenir les locaux en bon état de réparations locatives."] * 200)
    documents = [Document(id=f"x-{n}", content=long, meta={"file": "x.md", "section": f"Article {n}"}) for n in range(1, 4)]
    answerer = LLMAnswerer(chat_generator=local.generator, context_tokens=4096, answer_tokens=256)
    out = answerer.run(question="Qui entretient les locaux ?", documents=documents)
    assert out["warnings"] and "context" in out["warnings"][0]
    assert out["replies"][0].text.strip()


def test_a_junk_reply_is_rejected_for_the_extractive_answer(local):
    documents = [Document(id="a-1", content="Either party may terminate this Agreement by giving ninety (90) days' written notice.", meta={"file": "a.md", "section": "2. Term"})]
    answerer = LLMAnswerer(chat_generator=local.generator, generation_kwargs={"max_tokens": 2})  # too short to cite anything
    out = answerer.run(question="How much notice is needed to terminate?", documents=documents)
    assert out["fallback"] and out["extractive"] is True
    assert "ninety (90) days" in out["replies"][0].text and "[1]" in out["replies"][0].text
    json.dumps(out["fallback"])
