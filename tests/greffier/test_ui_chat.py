"""Chat turns run, persisted in the workspace's threads and read back as view models."""

from __future__ import annotations

import pytest

from store import threads
from greffier.config import load_settings
from greffier.errors import GreffierError
from greffier.services.ingest import Ingestor
from pipelines.generators.llm import LLMChoice
from greffier.ui import chat
from store.workspace import open_workspace
from tests.pipelines.files import make_markdown, make_pdf

NO_LLM = LLMChoice(None, {"kind": "none", "reason": "LLM turned off in settings"})


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    base = tmp_path_factory.mktemp("chat-ui")
    room = base / "room"
    room.mkdir()
    make_pdf(room / "bail.pdf", [[("Article 1 - Durée", "Le bail est consenti pour une durée de neuf années à compter du 1er janvier 2024."),
                                  ("Article 2 - Loyer", "Le loyer annuel est fixé à 48 000 euros hors taxes.")]], title="Bail commercial")
    make_markdown(room / "nda.md", [("Confidentiality", "The receiving party keeps the information confidential for five years.")], title="NDA")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


def test_a_rag_turn_is_persisted_with_its_cited_passages(settings):
    events: list[str] = []
    outcome = chat.ask(settings, "Quel est le loyer annuel ?", mode="rag", llm=NO_LLM, on_event=lambda kind, payload: events.append(kind))
    assert outcome.status == "done" and "token" in events
    turns = chat.load_turns(settings, outcome.thread_id)
    assert len(turns) == 1
    turn = turns[0]
    assert turn.question == "Quel est le loyer annuel ?" and "48 000 euros" in turn.answer and "[1]" in turn.answer
    assert turn.note and "extractive" in turn.note
    first = turn.sources[0]
    assert first.n == 1 and first.file == "room/bail.pdf" and first.page == 1 and "48 000" in first.text
    assert first.pdf == "room/bail.pdf" and chat.pdf_file(settings, first).endswith("room/bail.pdf")
    assert first.score is not None and first.label.startswith("[1] room/bail.pdf · p. 1")
    kinds = [step.kind for step in turn.trace]
    assert kinds[:2] == ["retrieval", "relevance"] and "citation_check" in kinds
    relevance = next(step for step in turn.trace if step.kind == "relevance")
    assert any(row["cited as"] == "[1]" for row in relevance.detail)
    assert chat.conversations(settings)[0]["id"] == outcome.thread_id


def test_the_trace_is_told_in_plain_words_in_the_language_of_the_question(settings):
    from greffier.ui.trace import explain

    outcome = chat.ask(settings, "Quel est le loyer annuel ?", mode="rag", llm=NO_LLM)
    turn = chat.load_turns(settings, outcome.thread_id)[0]
    told = explain(turn.question, turn.trace)
    assert told.language == "fr"
    lines = dict(told.lines)
    assert lines["Recherché"].startswith("« Quel est le loyer annuel ? » — dans tous les documents")
    assert lines["Trouvé"].startswith(f"{len(told.passages)} passage")
    assert "sans LLM" in lines["Comment les passages ont été retenus"]
    kept = [p for p in told.passages if p.kept]
    assert kept and kept[0].status == "retenu, cité [1]" and kept[0].where.startswith("bail.pdf · p. 1")
    assert "ce que demande la question" in kept[0].why
    plain = " ".join(text for _label, text in told.lines) + " ".join(p.where + p.why for p in told.passages)
    assert "c0" not in plain and "dense_score" not in plain  # chunk ids and raw scores stay in the technical tab
    english = explain("What is the confidentiality period?", chat.ask(settings, "What is the confidentiality period?", mode="rag", llm=NO_LLM).trace)
    assert english.language == "en" and dict(english.lines)["Searched for"].startswith("« What is the confidentiality period? »")
    assert any(p.status.startswith("kept") for p in english.passages) and any(p.status == "left out" for p in english.passages)
    chip = turn.sources[0]
    assert chip.chip == "[1] bail.pdf · p. 1" and chip.hover.startswith("bail.pdf — p. 1 — Article 2 - Loyer")
    # the sources panel's line: where the passage is, no contract / passage id, a score only on the 0-1 scale
    assert chip.details.startswith("bail.pdf · p. 1 · Article 2 - Loyer") and chip.chunk_id not in chip.details and "contract" not in chip.details
    assert chat.Source(n=2, chunk_id="c15-4", contract_id="c15", file="room/vente.pdf", page=3, section="Art. 4 > Prix", score=1.0456).details == "vente.pdf · p. 3 · Prix"
    assert chat.Source(n=3, chunk_id="c15-5", file="vente.pdf", score=0.8765).details == "vente.pdf · score 0.88 of 1"
    # beside a French question's answer, the panel's words are French: the score too
    assert chat.Source(n=3, chunk_id="c15-5", file="vente.pdf", score=0.8765).details_in("fr") == "vente.pdf · score 0,88 sur 1"


def test_turns_of_one_thread_accumulate_and_mix_modes(settings):
    first = chat.ask(settings, "Quelle est la durée du bail ?", mode="rag", llm=NO_LLM)
    chat.ask(settings, "confidential information", mode="retrieval_only", llm=NO_LLM, thread_id=first.thread_id)
    turns = chat.load_turns(settings, first.thread_id)
    assert [t.mode for t in turns] == ["rag", "retrieval_only"]
    retrieval = turns[1]
    assert "passages retrieved" in retrieval.answer and retrieval.sources[0].file == "room/nda.md"
    assert [s.n for s in retrieval.sources] == list(range(1, len(retrieval.sources) + 1))


def test_retrieval_only_speaks_the_questions_language(settings):
    # « No answer is written in retrieval_only mode. » was English under a French question.
    french = chat.load_turns(settings, chat.ask(settings, "Quel est le loyer annuel ?", mode="retrieval_only", llm=NO_LLM).thread_id)[0]
    assert "passages trouvés" in french.answer and "n'écrit pas de réponse" in french.answer and "No answer" not in french.answer
    english = chat.load_turns(settings, chat.ask(settings, "confidential information", mode="retrieval_only", llm=NO_LLM).thread_id)[0]
    assert 'No answer is written in "retrieval only" mode.' in english.answer
    # the mode named as the sidebar names it, not by its key (the walkthrough saw « Le mode retrieval_only (recherche seule) »)
    assert "retrieval_only" not in french.answer + english.answer and "Le mode « retrieval only » (recherche seule)" in french.answer


def test_an_unanswerable_question_abstains(settings):
    outcome = chat.ask(settings, "Quel est le montant de la clause pénale de non-concurrence ?", mode="rag", llm=NO_LLM)
    turn = chat.load_turns(settings, outcome.thread_id)[0]
    assert turn.abstained and turn.sources == [] and "ne le disent pas" in turn.answer  # in the question's language
    # the files searched are named by their file names, not by their paths in the data room (« room/bail.pdf »)
    assert "passages examinés : " in turn.answer and "room/" not in turn.answer, turn.answer
    assert any(name in turn.answer.split("passages examinés : ")[1] for name in ("bail.pdf", "nda.md")), turn.answer
    english = chat.load_turns(settings, chat.ask(settings, "What is the amount of the non-compete penalty clause?", mode="rag", llm=NO_LLM).thread_id)[0]
    assert english.abstained and english.answer.startswith("The documents do not say."), english.answer
    assert "room/" not in english.answer and "No passage relevant to the question was found" in english.answer, english.answer


def test_direct_mode_without_an_llm_is_stored_as_a_readable_error(settings):
    outcome = chat.ask(settings, "What is a lease?", mode="direct", llm=NO_LLM)
    assert outcome.status == "error"
    turn = chat.load_turns(settings, outcome.thread_id)[0]
    assert turn.error and turn.answer.startswith("Could not answer: direct mode needs an LLM")
    # a French question: the whole message in French (the walkthrough saw « Could not answer: direct mode needs an LLM… »)
    outcome = chat.ask(settings, "Qu'est-ce qu'un bail commercial ?", mode="direct", llm=NO_LLM)
    turn = chat.load_turns(settings, outcome.thread_id)[0]
    assert turn.error and turn.answer == ("Impossible de répondre : le mode direct a besoin d'un LLM et aucun n'est disponible sur cette machine ; "
                                          "choisissez le mode « rag » ou « retrieval only »")


def test_agent_mode_without_an_llm_quotes_the_documents(settings):
    outcome = chat.ask(settings, "Quelle est la durée du bail ?", mode="agent", llm=NO_LLM)
    turn = chat.load_turns(settings, outcome.thread_id)[0]
    assert turn.status == "done" and "LLM désactivé dans les réglages" in turn.answer and "neuf années" in turn.answer
    assert turn.note and "could not plan" in turn.note
    assert turn.sources and turn.sources[0].text  # passage texts come back from the index


def test_a_pending_tool_call_is_read_back_and_needs_an_llm_to_continue(settings):
    workspace = open_workspace(settings)
    outcome = chat.ask(settings, "Quelle est la durée du bail ?", mode="rag", llm=NO_LLM)
    from haystack.dataclasses import ChatMessage

    threads.append(workspace, outcome.thread_id, ChatMessage.from_user("Liste les baux"))
    threads.set_pending(workspace, outcome.thread_id, {"tool": "search_data_room", "arguments": {"filters": {}}, "plan": "Lister.", "message": "Liste les baux"})
    turns = chat.load_turns(settings, outcome.thread_id)
    assert turns[-1].status == "awaiting_approval" and turns[-1].pending["tool"] == "search_data_room"
    with pytest.raises(GreffierError, match="no LLM available"):
        chat.decide(settings, outcome.thread_id, "approve", llm=NO_LLM)


def test_an_empty_question_is_refused(settings):
    with pytest.raises(GreffierError, match="empty question"):
        chat.ask(settings, "   ", mode="rag", llm=NO_LLM)


def test_trace_steps_read_like_sentences():
    assert chat.trace_step("token", {"text": "x"}) is None
    assert chat.trace_step("plan", {"plan": "Chercher."}).title == "Plan: Chercher."
    step = chat.trace_step("tool_result", {"tool": "search_data_room", "error": "unknown entity id"})
    assert "refused the arguments: unknown entity id" in step.title
    assert chat.trace_step("retrieval", {"count": 3, "stages": {"total_ms": 12}}).title.startswith("Retrieved 3 passages in 12 ms")


def test_the_trace_says_when_a_passage_writes_none_of_the_date_asked():
    from greffier.ui.trace import explain

    decision = {"n": 1, "file": "room/licence.md", "section": "Article 12 — Signatures", "relevant": False, "by": "meaning", "coverage": 0.5,
                "type_match": False, "answer_kind": "date", "gives_kind": False}
    french = explain("À quelle date la licence a-t-elle été signée ?", [chat.TraceStep("relevance", "", [decision])])
    assert "la question demande une date, et il n'en écrit pas" in french.passages[0].why
    english = explain("When was the licence signed?", [chat.TraceStep("relevance", "", [dict(decision, answer_kind="date")])])
    assert "the question asks for a date, and it writes none" in english.passages[0].why


def test_the_trace_says_a_recital_was_left_for_an_article_of_its_contract():
    from greffier.ui.trace import explain

    decision = {"n": 1, "file": "room/avenant.md", "section": "Background", "relevant": False, "by": "meaning", "coverage": 0.6,
                "type_match": False, "recital": True}
    english = explain("What fee does the licensee pay?", [chat.TraceStep("relevance", "", [decision])])
    assert "a recital, and an article of the same contract answers" in english.passages[0].why
    french = explain("Quelle redevance le licencié paie-t-il ?", [chat.TraceStep("relevance", "", [decision])])
    assert "un préambule, et un article du même contrat répond" in french.passages[0].why


def test_a_list_question_in_the_default_mode_is_answered_from_the_data_room(tmp_path):
    # the app's default mode (rag, no LLM): a question asking for contracts by a field gets the data room's
    # whole list, not a quoted passage of one contract
    from tests.greffier.test_chat import EXAMPLE_DATAROOM

    if not EXAMPLE_DATAROOM.is_file():
        pytest.skip("shared example data room not available")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(EXAMPLE_DATAROOM)
    outcome = chat.ask(settings, "Quels contrats finissent avant fin 2026 ?", mode="rag", llm=NO_LLM)
    assert outcome.status == "done"
    turn = chat.load_turns(settings, outcome.thread_id)[0]
    listed = [line for line in turn.answer.splitlines() if line.startswith("- ")]
    assert len(listed) >= 2 and "No LLM is available" not in turn.answer
    assert any("2028" in line for line in turn.answer.splitlines() if not line.startswith("- "))  # the end an amendment moved, said apart
    # a question about one clause is still answered from the passages
    clause = chat.ask(settings, "Quelle est la durée du contrat de crédit ?", mode="rag", llm=NO_LLM)
    assert [step.kind for step in chat.load_turns(settings, clause.thread_id)[0].trace][:1] == ["retrieval"]


@pytest.fixture(scope="module")
def clause_room(tmp_path_factory):
    base = tmp_path_factory.mktemp("chat-clauses")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "distribution.md", [
        ("Article 1 — Objet", "Le Fournisseur vend des thés au Distributeur."),
        ("Article 2 — Exclusivité territoriale", "Le Fournisseur concède au Distributeur l'exclusivité de la vente des Produits en Belgique."),
    ], title="Contrat de distribution exclusive")
    make_markdown(room / "license.md", [
        ("1. Grant", "Licensor grants Licensee a licence to use the Marks."),
        ("2. Exclusivity", "The licence is exclusive: Licensor shall not grant any other licence of the Marks in France."),
    ], title="Trademark License Agreement")
    make_markdown(room / "bail.md", [
        # a recital that tells of a clause given up is no clause of the lease (walkthrough 12: the list named a « PRÉAMBULE »)
        ("Préambule", "Le précédent bail conclu entre les parties comportait une clause d'exclusivité, à laquelle elles ont expressément renoncé."),
        ("Article 1 — Désignation", "Le Bailleur loue au Preneur un entrepôt de 2 000 m²."),
        ("Article 2 — Loyer", "Le loyer annuel est fixé à 120 000 euros hors taxes."),
    ], title="Bail commercial")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


@pytest.mark.parametrize("question, heading", [
    ("Quels contrats contiennent une clause d'exclusivité ?", "2 contrats ont un article du type"),
    ("Which contracts contain an exclusivity clause?", "2 contracts have an article labelled"),
])
def test_which_contracts_hold_a_kind_of_clause_lists_every_one_with_its_article(clause_room, question, heading):
    # the list every contract with an article of that kind, the others counted, where the list comes from said;
    # not a quoted passage of one contract, nor an abstention
    outcome = chat.ask(clause_room, question, mode="rag", llm=NO_LLM)
    answer = chat.load_turns(clause_room, outcome.thread_id)[0].answer
    assert answer.startswith(heading), answer
    listed = [line for line in answer.splitlines() if line.startswith("- ")]
    assert len(listed) == 2 and any("Exclusivité territoriale" in line for line in listed) and any("2. Exclusivity" in line for line in listed)
    assert not any("Bail commercial" in line for line in listed)
    assert ("L'autre contrat n'a aucun passage" in answer or "The other contract has no passage" in answer)
    assert "classifieur" in answer or "classifier" in answer
    if question.startswith("Quels"):
        # the plain-words trace names the route in the question's language, not by the router's and the tool's names
        from greffier.ui.trace import explain

        told = dict(explain(question, outcome.trace).lines)
        assert told["Intention"] == "une liste de contrats", told


@pytest.fixture(scope="module")
def renewal_room(tmp_path_factory):
    base = tmp_path_factory.mktemp("chat-renewals")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "bail.md", [
        ("Article 1 — Désignation", "Le Bailleur loue au Preneur un entrepôt de 2 000 m² situé à Lyon."),
        ("Article 3 — Durée", "Le présent bail est consenti pour neuf années à compter du 1er octobre 2018. À défaut de congé, le bail se "
         "prolongera tacitement au-delà du terme fixé."),
    ], title="Bail commercial")
    make_markdown(room / "supply.md", [
        ("1. Supply", "The Supplier shall supply the Products to the Buyer."),
        ("14. Term", "This Agreement shall expire on 31 December 2027. This Agreement shall not be extended except by a written agreement "
         "signed by both Parties."),
    ], title="Supply Agreement")
    make_markdown(room / "services.md", [
        ("1. Services", "The Provider shall provide the Services to the Customer."),
        ("9. Term", "This Agreement starts on 1 March 2024 for two years and shall automatically renew for successive periods of twelve (12) "
         "months unless either party gives notice of non-renewal."),
    ], title="Services Agreement")
    make_markdown(room / "travail.md", [
        ("Article 1 — Engagement", "La Société engage la Salariée en qualité de directrice médicale."),
        ("Article 2 — Période d'essai", "La période d'essai de quatre mois pourra être renouvelée une fois pour une durée de trois mois."),
    ], title="Contrat de travail")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


@pytest.mark.parametrize("question", [
    "Which agreements renew automatically?", "Quels contrats se renouvellent par tacite reconduction ?",
    "Quels contrats se renouvellent tacitement ?",  # walkthrough 16: « renouvellent » is no stem of the glossary's; no list came
])
def test_a_list_of_automatic_renewals_reads_the_records_and_drops_none_silently(renewal_room, question):
    # walkthrough 14: the list named a renewable trial period and a contract that "shall not be extended except by a written
    # agreement", and missed a lease that « se prolongera tacitement »: the records' renewal field decides
    outcome = chat.ask(renewal_room, question, mode="rag", llm=NO_LLM)
    answer = chat.load_turns(renewal_room, outcome.thread_id)[0].answer
    found, _, rest = answer.partition("\n\n")
    listed = [line for line in found.splitlines() if line.startswith("- ")]
    assert len(listed) == 2 and any("Bail commercial" in line for line in listed) and any("Services Agreement" in line for line in listed), answer
    assert "Supply Agreement" in rest and "shall not be extended except by a written agreement" in rest
    assert "Contrat de travail" not in found
    assert "fiche" in answer if question.startswith("Quels") else "record" in answer


def test_a_question_about_one_contract_s_clause_is_not_a_list(clause_room):
    outcome = chat.ask(clause_room, "La licence contient-elle une clause d'exclusivité ?", mode="rag", llm=NO_LLM)
    turn = chat.load_turns(clause_room, outcome.thread_id)[0]
    assert [step.kind for step in turn.trace][:1] == ["retrieval"]


def test_a_question_about_duplicates_lists_the_pairs_found(tmp_path):
    # « Y a-t-il des contrats en double ? » answered « the documents do not say » while the Duplicates page found pairs
    base = tmp_path
    room = base / "room"
    room.mkdir()
    sections = [("Article 1 — Objet", "Le Bailleur loue au Preneur un entrepôt de 2 000 m² situé à Valence."),
                ("Article 2 — Loyer", "Le loyer annuel est fixé à 120 000 euros hors taxes, payable par trimestre.")]
    make_markdown(room / "bail.md", sections, title="Bail commercial")
    make_markdown(room / "bail - copie.md", sections, title="Bail commercial")
    make_markdown(room / "nda.md", [("Confidentiality", "The receiving party keeps the information confidential for five years.")], title="NDA")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    outcome = chat.ask(settings, "Y a-t-il des contrats en double ?", mode="rag", llm=NO_LLM)
    answer = chat.load_turns(settings, outcome.thread_id)[0].answer
    assert answer.startswith("1 paire de documents se ressemble"), answer
    assert "bail.md" in answer and "bail - copie.md" in answer and "ne le disent pas" not in answer
    assert "page Doublons" in answer


def test_the_trace_shows_the_question_as_asked_when_it_searched_inside_the_contract_it_names():
    from greffier.ui.trace import explain

    question = "Le distributeur Benelux doit-il atteindre un chiffre d'affaires minimum ?"
    scope = {"contract_ids": ["c10"], "files": ["dataroom/Contrat_distribution_exclusive_Benelux_2023.pdf"], "named_by": ["benelux", "distributeur"],
             "question": "Le doit-il atteindre un chiffre d'affaires minimum"}  # the words naming the contract cut out
    told = explain(question, [chat.TraceStep("retrieval", "Retrieved 5", {"query": question, "count": 5, "scope": scope})])
    searched = dict(told.lines)["Recherché"]
    assert searched.startswith(f"« {question} » — uniquement dans Contrat_distribution_exclusive_Benelux_2023.pdf")
    assert "« Benelux », « distributeur »" in searched and "« Le doit-il" not in searched  # as the question writes them
    # an older trace without the query: the question as asked
    older = explain(question, [chat.TraceStep("retrieval", "Retrieved 5", {"count": 5, "scope": scope})])
    assert dict(older.lines)["Recherché"].startswith(f"« {question} »")


def test_the_documents_a_clause_list_leaves_out_count_amendments_apart_from_contracts():
    # « 12 contracts … The other 14 contracts » for a room of 24 contracts and 2 amendments: an amendment is not a contract
    from types import SimpleNamespace

    from greffier.chat.clauses import ClauseHit, clause_answer

    records = [SimpleNamespace(id=f"c{n}", title=f"Contrat {n}", file=f"c{n}.pdf", is_amendment=False, amends=None) for n in range(4)]
    records += [SimpleNamespace(id="a1", title="Avenant n° 1", file="a1.pdf", is_amendment=True, amends="c1")]
    room = SimpleNamespace(records=records, by_id={r.id: r for r in records})
    hits = [ClauseHit("c0", "Article 8 — Changement de contrôle", 3)]
    french = clause_answer(room, hits, ["changement de contrôle"], "fr")
    assert "3 autres contrats et 1 avenant\u00a0: aucun passage de ce type." in french, french
    english = clause_answer(room, hits, ["change of control"], "en")
    assert "The 3 other contracts and 1 amendment have no passage labelled so." in english, english
    without = clause_answer(SimpleNamespace(records=records[:4], by_id=room.by_id), hits, ["change of control"], "en")
    assert "The other 3 contracts have no passage labelled so." in without
    # only amendments left out: no « 0 other contracts »
    alone = clause_answer(SimpleNamespace(records=records[:1] + records[4:], by_id=room.by_id), hits, ["changement de contrôle"], "fr")
    assert "1 avenant\u00a0: aucun passage de ce type." in alone and "0 autre" not in alone, alone
    # an amendment that has such an article is counted as one in the list's first line (« 12 contrats » held an avenant)
    found = clause_answer(room, [*hits, ClauseHit("a1", "Article 2 — Changement de contrôle", 1)], ["changement de contrôle"], "fr")
    assert found.splitlines()[0] == "1 contrat et 1 avenant ont un article du type « changement de contrôle »\u00a0:", found
    assert clause_answer(room, [*hits, ClauseHit("a1", "2. Change of control", 1)], ["change of control"], "en").splitlines()[0] == (
        "1 contract and 1 amendment have an article labelled « change of control »:")


def test_a_clause_list_counts_a_copy_with_its_contract_and_cites_each_article():
    # the app walk of round 39: « 14 autres contrats … aucun passage de ce type » counted the courtesy translation of a contract listed with
    # its change-of-control article, and the list cited no passage ("show me the clause")
    from types import SimpleNamespace

    from greffier.chat.clauses import ClauseHit, clause_answer

    records = [SimpleNamespace(id=f"c{n}", title=f"Contrat {n}", file=f"c{n}.pdf", is_amendment=False, amends=None, copy_of=None) for n in range(3)]
    records += [SimpleNamespace(id="t0", title="Agreement 0", file="t0.docx", is_amendment=False, amends=None, copy_of="c0")]
    room = SimpleNamespace(records=records, by_id={r.id: r for r in records})
    hits = [ClauseHit("c0", "Article 8 — Changement de contrôle", 3, chunk_id="c0-9"), ClauseHit("c1", "Article 2 — Cession", 1, chunk_id="c1-3"),
            ClauseHit("c1", "Article 5 — Durée", 2)]
    cited: list[ClauseHit] = []
    french = clause_answer(room, hits, ["changement de contrôle"], "fr", cited=cited)
    assert "L'autre contrat n'a aucun passage de ce type." in french, french
    assert "Article 8 — Changement de contrôle (p. 3) [1]" in french and "Article 2 — Cession (p. 1) [2]" in french, french
    assert "Article 5 — Durée (p. 2)" in french and "(p. 2) [" not in french  # no passage known: listed, not cited
    assert [hit.chunk_id for hit in cited] == ["c0-9", "c1-3"]
    assert "[1]" not in clause_answer(room, hits, ["changement de contrôle"], "fr")  # not asked to cite: as before


def test_a_clause_list_sets_a_memo_apart_and_lists_an_amendment_s_article_under_its_contract():
    # walkthrough 22: the renewal list put an internal memo and an amendment's "3. Notice of non-renewal" among the contracts whose
    # article "no sentence reads as a renewal"
    from types import SimpleNamespace

    from greffier.chat.clauses import ClauseHit, clause_answer

    records = [SimpleNamespace(id=f"c{n}", title=f"Contract {n}", file=f"c{n}.pdf", is_amendment=False, amends=None, not_contract=None) for n in range(3)]
    records += [SimpleNamespace(id="a1", title="Amendment No. 1", file="a1.docx", is_amendment=True, amends="c1", not_contract=None),
                SimpleNamespace(id="m1", title="Note interne", file="note.md", is_amendment=False, amends=None, not_contract="an internal memo")]
    room = SimpleNamespace(records=records, by_id={r.id: r for r in records})
    hits = [ClauseHit("c1", "3. Term and renewal", 1), ClauseHit("c1", "3. Notice of non-renewal", 1, held_by="a1"), ClauseHit("m1", "1. Contrat-cadre", None)]
    english = clause_answer(room, hits, ["renewal"], "en")
    assert english.splitlines()[0] == "1 contract has an article labelled « renewal »:", english
    assert "3. Term and renewal (p. 1); 3. Notice of non-renewal (p. 1) (in Amendment No. 1" in english, english
    assert "Not listed because the document is not a contract: Note interne (note.md) (an internal memo)." in english, english
    assert "The other 2 contracts have no passage labelled so." in english and "amendment" not in english.split("\n\n")[-1].splitlines()[0], english
    french = clause_answer(room, hits, ["renouvellement"], "fr")
    assert "Écartés parce que le document n'est pas un contrat\u00a0: Note interne (note.md) (une note interne)." in french, french


@pytest.mark.parametrize(
    ("question", "label"),
    [("Quel est le tarif du gardiennage ?", "Recherché aussi, traduit par le LLM"), ("What is the guarding rate?", "Also searched, as the LLM translated the question")],
)
def test_the_llms_translation_of_the_question_is_shown_in_the_trace(question, label):
    from greffier.ui.trace import explain

    translation = "What is the rate for the guarding?" if question.startswith("Quel") else "Quel est le tarif du gardiennage ?"
    step = chat.trace_step("retrieval", {"query": question, "count": 3, "stages": {"total_ms": 12.0}, "translation": translation})
    assert translation in step.title and step.detail["translation"] == translation
    told = dict(explain(question, [step]).lines)
    assert told[label] == f"« {translation} »"
    plain = chat.trace_step("retrieval", {"query": question, "count": 3, "stages": {"total_ms": 12.0}})
    assert "translation" not in plain.detail and label not in dict(explain(question, [plain]).lines)


def test_the_trace_does_not_say_a_passage_holds_everything_asked_when_it_holds_it_in_other_words():
    from greffier.ui.trace import explain

    decision = {"n": 1, "file": "room/dpa.md", "section": "4. International transfers", "relevant": True, "by": "meaning", "coverage": 1.0,
                "type_match": True, "wordings": [["délégué", "transfer"], ["données", "personal data"]]}
    french = explain("Qui est le délégué à la protection des données ?", [chat.TraceStep("relevance", "", [decision])])
    why = french.passages[0].why
    assert "contient tout ce que demande la question" not in why and "certains seulement par une traduction ou un mot voisin" in why, why
    assert "« délégué » rapproché de « transfer »" in why and "« données » rapproché de « personal data »" in why, why
    partial = dict(decision, coverage=0.78, wordings=[], missing=["délégué"])
    assert "contient 78 % de ce que demande la question (les mots rares pèsent plus) : sans « délégué »" in explain(
        "Qui est le délégué à la protection des données ?", [chat.TraceStep("relevance", "", [partial])]).passages[0].why
    english = explain("Who is the data protection officer?", [chat.TraceStep("relevance", "", [dict(decision, wordings=[["officer", "délégué"]])])])
    assert "holds every word the question asks, some only through a translation or a related word: « officer » matched to « délégué »" in english.passages[0].why
    # a kept passage is not told "far from the question": it was kept for what it holds
    kept_far = dict(decision, dense_score=0.21)
    assert "far" not in explain("Who is the data protection officer?", [chat.TraceStep("relevance", "", [kept_far])]).passages[0].why
    assert "far from the question" in explain("Who is it?", [chat.TraceStep("relevance", "", [dict(kept_far, relevant=False)])]).passages[0].why
    # a decision of an older turn, without the words: the share alone, as before
    older = {k: v for k, v in decision.items() if k != "wordings"}
    assert "contient tout ce que demande la question" in explain("Qui est le délégué ?", [chat.TraceStep("relevance", "", [older])]).passages[0].why


def test_guillemets_hold_their_words_on_the_page():
    from greffier.ui.text import held_guillemets

    assert held_guillemets("sans « délégué », « loi »") == "sans «\u202fdélégué\u202f», «\u202floi\u202f»"
    assert held_guillemets("no guillemets here") == "no guillemets here"


def test_the_words_that_named_the_contract_are_shown_as_the_question_writes_them():
    from greffier.ui.trace import explain

    question = "Qui est le délégué du contrat Keralis ?"
    scope = {"contract_ids": ["c22"], "files": ["room/Contrat_SaaS_ERP_Keralis_2024.pdf"], "named_by": ["keralis"], "question": "Qui est le délégué du"}
    told = dict(explain(question, [chat.TraceStep("retrieval", "Retrieved 5", {"query": question, "count": 5, "scope": scope})]).lines)
    assert "(« Keralis »)" in told["Recherché"], told


def test_a_source_chip_names_a_numbered_heading_by_its_number_and_a_long_file_name_may_break_at_its_parts():
    from greffier.ui.text import breakable

    chip = chat.Source(n=1, file="room/DPA_Keralis_Lisandre_GDPR.md", section="4. International transfers").chip
    assert chip == "[1] DPA_Keralis_Lisandre_GDPR.md · art. 4", chip  # the heading itself is shown beside it, not twice
    assert chat.Source(n=2, file="bail.pdf", section="ARTICLE 10 - EXIGIBILITÉ").chip.endswith("· art. 10")
    assert chat.Source(n=3, file="bail.pdf", section="Preamble and recitals").chip.endswith("· Preamble and recitals")
    assert breakable("courtesy_translation-v2.docx") == "courtesy_\u200btranslation-\u200bv2.docx"


def test_two_passages_of_one_article_are_chipped_by_the_sub_clause_the_answer_quotes_from_each():
    # appwalk 28: "[1] … · art. 9" and "[2] … · art. 9", the cap quoted from the first and its exceptions from the second
    answer = ("9.4 Notwithstanding any other provision, the aggregate liability shall not exceed sixty per cent (60%) of the Contract Sum. [1] "
              "9.6 The limit in Clause 9.4 shall not apply to liability for fraud. [2] 10.2 Payment is due in 30 days. [3] Rent is paid monthly. [4]")
    sources = [chat.Source(n=n, file="room/Kestrel_Design_and_Build.docx", section="9. INDEMNITIES") for n in (1, 2)]
    sources += [chat.Source(n=3, file="a.pdf", page=4, section="ARTICLE 7 - PRIX"), chat.Source(n=4, file="a.pdf", page=2, section="ARTICLE 4 - Loyer")]
    chips = [s.chip for s in chat.quoted_clauses(answer, sources)]
    assert chips[:2] == ["[1] Kestrel_Design_and_Build.docx · art. 9.4", "[2] Kestrel_Design_and_Build.docx · art. 9.6"], chips
    # a number that is not a sub-clause of the passage's article (10.2 quoted from ARTICLE 7) and a sentence with no number: the place as before
    assert chips[2:] == ["[3] a.pdf · p. 4", "[4] a.pdf · p. 2"], chips
    assert chat.quoted_clauses("6.1 Le loyer est de 3 000 € HT. [1]", [chat.Source(n=1, file="b.pdf", page=2, section="Article 6 — Loyer")])[0].chip == (
        "[1] b.pdf · p. 2 · art. 6.1"
    )


def test_the_trace_never_says_everything_is_held_while_it_names_a_word_missing():
    from greffier.ui.trace import explain

    # a common word weighs little: the share rounds to 100 %, but a word is missing
    decision = {"n": 1, "file": "room/bail.md", "section": "Article 2", "relevant": True, "by": "meaning", "coverage": 0.9975, "missing": ["contrat"]}
    why = explain("Quelle est la durée du contrat ?", [chat.TraceStep("relevance", "", [decision])]).passages[0].why
    assert "contient tout ce que demande" not in why and "99 %" in why and "sans « contrat »" in why, why


def test_the_sources_panel_names_a_passage_s_article_once():
    # the walkthrough saw « [1] bail.pdf · art. 6 — Article 6 — Durée »: the chip's article, then the heading that starts with it
    assert chat.Source(n=1, file="room/bail.pdf", section="Article 6 — Durée").choice == "[1] bail.pdf — Article 6 — Durée"
    assert chat.Source(n=2, file="bail.pdf", section="Titre II > ARTICLE 10 - EXIGIBILITÉ").choice == "[2] bail.pdf — ARTICLE 10 - EXIGIBILITÉ"
    assert chat.Source(n=3, file="a.md", section="Preamble and recitals").choice == "[3] a.md — Preamble and recitals"
    # a page says something the heading does not: kept
    assert chat.Source(n=4, file="bail.pdf", page=2, section="Article 6 — Durée").choice == "[4] bail.pdf · p. 2 — Article 6 — Durée"
    assert chat.Source(n=5, file="bail.pdf", page=2).choice == "[5] bail.pdf · p. 2"  # no heading: the chip alone


def test_a_heading_that_starts_with_a_number_is_not_always_an_article():
    assert chat.Source(n=1, file="a.pdf", section="2020 Amendment").chip.endswith("· 2020 Amendment")
    assert chat.Source(n=1, file="a.pdf", section="10 % discount").chip.endswith("· 10 % discount")
    assert chat.Source(n=1, file="a.pdf", section="3) Prix").chip.endswith("· art. 3")


def test_a_boosted_source_shows_its_fusion_score_and_says_it_was_ranked_up():
    boosted = chat.Source(n=1, file="room/vente.pdf", page=3, section="Art. 4 > Prix", score=1.185, fused=0.885)
    assert boosted.details == "vente.pdf · p. 3 · Prix · score 0.89 of 1 (ranked up)"
    assert boosted.details_in("fr") == "vente.pdf · p. 3 · Prix · score 0,89 sur 1 (relevé)"
    # stored before the fused score was kept: no score rather than one off the scale
    assert chat.Source(n=1, file="vente.pdf", score=1.185).details == "vente.pdf"


@pytest.fixture(scope="module")
def three_leases(tmp_path_factory):
    base = tmp_path_factory.mktemp("chat-leases")
    room = base / "room"
    room.mkdir()
    for tenant, notice in (("Atelier Quenot", "six mois"), ("Boulangerie Marceau", "trois mois"), ("Librairie Tessier", "un an")):
        make_markdown(room / f"bail_{tenant.split()[-1].lower()}.md", [
            ("Article 1 - Parties", f"Le présent bail est conclu entre la société Foncière Aubrac, bailleur, et la société {tenant}, preneur."),
            ("Article 2 - Durée", "Le bail est consenti pour une durée de neuf années entières et consécutives."),
            ("Article 3 - Congé", f"Le preneur peut donner congé à l'expiration de chaque période triennale, moyennant un préavis de {notice}."),
        ], title=f"Bail commercial — Foncière Aubrac / {tenant}")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings.model_copy(update={"search": settings.search.model_copy(update={"top_k_final": 2})})  # the sidebar's « Top-k final » = 2


def test_retrieval_only_says_why_it_shows_more_passages_than_top_k_final(three_leases):
    # « 3 passages trouvés » with Top-k final = 2: the question fits the three leases and names none, so the best
    # passage of each is kept (by design); the header says so rather than seem to ignore the knob
    outcome = chat.ask(three_leases, "Quel est le préavis pour donner congé du bail ?", mode="retrieval_only", llm=NO_LLM)
    turn = chat.load_turns(three_leases, outcome.thread_id)[0]
    assert len(turn.sources) == 3 and turn.answer.startswith("3 passages trouvés"), turn.answer
    assert "La question vise 3 contrats sans préciser lequel : le meilleur passage de chacun est montré, donc plus que les 2 du « Top-k final »." \
        in turn.answer, turn.answer
    # a question that names one lease keeps to the knob, and says nothing of it
    named = chat.ask(three_leases, "Quel est le préavis de congé du bail Atelier Quenot ?", mode="retrieval_only", llm=NO_LLM)
    turn = chat.load_turns(three_leases, named.thread_id)[0]
    assert len(turn.sources) <= 2 and "Top-k final" not in turn.answer, turn.answer


@pytest.fixture(scope="module")
def denied_room(tmp_path_factory):
    base = tmp_path_factory.mktemp("chat-denied-clauses")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "distribution.md", [
        ("Article 2 — Exclusivité territoriale", "Le Fournisseur concède au Distributeur l'exclusivité de la vente des Produits en Belgique."),
        ("Article 5 — Durée", "Le contrat est conclu pour deux ans. Il se renouvelle ensuite par tacite reconduction d'année en année."),
        ("Article 7 — Responsabilité", "La responsabilité du Fournisseur est plafonnée à 50 000 euros par sinistre."),
    ], title="Contrat de distribution exclusive")
    make_markdown(room / "prestation.md", [
        ("Article 4 — Exclusivité", "Le présent contrat ne comporte aucune exclusivité : le Client reste libre de confier des prestations similaires à un tiers."),
        ("Article 6 — Durée", "Le contrat est conclu pour trois ans. Il ne se renouvellera pas par tacite reconduction."),
        ("Article 8 — Responsabilité", "Sa responsabilité est engagée pour tout dommage résultant d'un défaut de conformité, sans plafond."),
    ], title="Contrat de prestation de services")
    make_markdown(room / "agreement.md", [
        ("1. Appointment", "The Supplier appoints the Distributor as its non-exclusive distributor of the Products in the Territory."),
    ], title="Distribution Agreement")
    make_markdown(room / "employment.md", [
        ("8. Non-compete", "The Employee shall not compete with the Company in France for two years after the end of the employment."),
    ], title="Employment Agreement")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


@pytest.mark.parametrize(("question", "kept", "apart"), [
    ("Quels contrats contiennent une clause d'exclusivité ?", "Contrat de distribution exclusive", ["Contrat de prestation de services"]),
    ("Which contracts contain an exclusivity clause?", "Contrat de distribution exclusive", ["Contrat de prestation de services"]),
    ("Quels contrats contiennent une clause de tacite reconduction ?", "Contrat de distribution exclusive", ["Contrat de prestation de services"]),
    ("Quels contrats contiennent un plafond de responsabilité ?", "Contrat de distribution exclusive", ["Contrat de prestation de services"]),
    # no word for the clause: the contracts are said to be renewed, exclusive (a walkthrough: not read as a list)
    ("Quels contrats sont renouvelés par tacite reconduction ?", "Contrat de distribution exclusive", ["Contrat de prestation de services"]),
    ("Which contracts are exclusive?", "Contrat de distribution exclusive", ["Contrat de prestation de services"]),
])
def test_a_clause_list_sets_apart_the_contracts_whose_article_denies_the_clause(denied_room, question, kept, apart):
    # « ne comporte aucune exclusivité », "non-exclusive", « ne se renouvellera pas par tacite reconduction »: their articles
    # are labelled with the clause's type, and were listed as having it (a walkthrough)
    outcome = chat.ask(denied_room, question, mode="rag", llm=NO_LLM)
    answer = chat.load_turns(denied_room, outcome.thread_id)[0].answer
    found, _, rest = answer.partition("\n\n")
    assert kept in found and not any(name in found for name in apart), answer
    assert "Distribution Agreement" not in found, answer  # "non-exclusive": listed apart, or not labelled at all
    for name in apart:
        line = next(line for line in rest.splitlines() if name in line)
        assert "ne comporte aucune exclusivité" in line or "ne se renouvellera pas" in line or "sans plafond" in line, line
    assert ("dit que le contrat n'en comporte pas" in rest) if question.startswith("Quels") else ("says the contract has none" in rest), answer


@pytest.mark.parametrize("question", [
    "Quels contrats ne sont pas renouvelés par tacite reconduction ?", "Which contracts are non-exclusive?",
    "Which contracts cannot be terminated for convenience?",
])
def test_a_request_for_contracts_without_a_clause_is_not_answered_with_those_that_have_it(question):
    # a review: the list of the contracts that renew tacitly answered « Quels contrats ne sont pas renouvelés … ? »
    from greffier.chat.clauses import read_clause_question
    from greffier.lexicon import load_lexicon

    assert read_clause_question(question, load_lexicon()) is None
    assert read_clause_question(question.replace(" ne sont pas ", " sont ").replace("non-", "").replace("cannot", "can"), load_lexicon())


@pytest.mark.parametrize("question", [
    "Which contracts contain a most-favoured-customer clause?", "Which contracts contain a most favored customer clause?",
    "Quels contrats contiennent une clause de la nation la plus favorisée ?",
])
def test_a_most_favoured_customer_clause_is_asked_in_either_spelling(question):
    # walkthrough 25: the British spelling of "most-favoured-customer" was not read as the clause, and the request was not a list
    from greffier.chat.clauses import read_clause_question
    from greffier.lexicon import load_lexicon

    assert read_clause_question(question, load_lexicon()) == ["most_favored_nation"]


def test_a_clause_that_forbids_is_not_set_apart_as_denied(denied_room):
    # "shall not compete" states a non-compete clause by a negation: the employment agreement has one (a review)
    outcome = chat.ask(denied_room, "Which contracts contain a non-compete clause?", mode="rag", llm=NO_LLM)
    answer = chat.load_turns(denied_room, outcome.thread_id)[0].answer
    found, _, _rest = answer.partition("\n\n")
    assert "Employment Agreement" in found and "says the contract has none" not in answer, answer


def test_a_renewal_an_avenant_rewrote_is_listed_with_the_avenant_that_holds_it(tmp_path):
    # walkthrough 15: the avenant's « Article 1 – Modification de l'article 4 » was shown as the contract's own article, and the
    # sentence cut from the quoted article kept a closing guillemet of its own: « … reconduction. » »
    room = tmp_path / "room"
    room.mkdir()
    parties = ("ENTRE LES SOUSSIGNÉS : Verdane SAS, société par actions simplifiée, RCS Nîmes 852 417 309, ci-après « le Client », "
               "ET Ortalis Conseil SARL, RCS Avignon 489 112 733, ci-après « le Prestataire ».")
    make_markdown(room / "etudes.md", [
        ("Préambule", parties + " Le présent contrat est conclu le 10 février 2025."),
        ("Article 1 – Objet", "Le Prestataire réalise les études d'impact du projet pour le Client."),
        ("Article 4 – Durée", "Le présent contrat prendra fin le 31 décembre 2026. Il se renouvellera ensuite par tacite reconduction pour des "
         "périodes d'un an."),
    ], title="Contrat de prestation de services")
    make_markdown(room / "avenant.md", [
        ("Préambule", parties + " Les parties ont conclu le 10 février 2025 un contrat de prestation de services (ci-après « le Contrat »). "
         "Le présent avenant est signé le 3 mars 2026."),
        ("Article 1 – Modification de l'article 4 du Contrat", "L'article 4 « Durée » du Contrat est supprimé et remplacé par les stipulations "
         "suivantes : « Le présent contrat expirera le 30 juin 2027. Il n'est pas renouvelable par tacite reconduction. »"),
    ], title="Avenant n° 1 au contrat de prestation de services")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    outcome = chat.ask(settings, "Which agreements renew automatically?", mode="rag", llm=NO_LLM)
    answer = chat.load_turns(settings, outcome.thread_id)[0].answer
    line = next(line for line in answer.splitlines() if line.startswith("- ") and "etudes.md" in line)
    assert "(in " in line and "avenant.md" in line, answer
    assert line.endswith("« Il n'est pas renouvelable par tacite reconduction. »"), line


def test_a_clause_list_names_the_article_the_compliance_scan_flagged_under_another_heading(tmp_path):
    # walkthrough 27: « Which contracts contain a change of control clause? » missed the distribution agreement's "15. Assignment", whose
    # 15.2 deems a competitor's taking control an assignment — the Compliance page flagged it; the list now reads the scan's flags too
    from datetime import date

    from greffier.services.compliance.service import scan_workspace

    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "distribution.md", [
        ("1. Appointment", "Manufacturer appoints Distributor as its distributor of the Products in France."),
        ("15. Assignment", "15.1 Neither party may assign or transfer this Agreement without the prior written consent of the other party. "
         "15.2 Any transaction as a result of which a competitor of Manufacturer acquires more than fifty percent (50%) of the voting "
         "securities of Distributor shall be deemed an assignment for the purposes of Section 15.1, and Manufacturer may then terminate this "
         "Agreement by thirty (30) days' written notice."),
    ], title="Distribution Agreement")
    make_markdown(room / "bail.md", [("Article 2 — Loyer", "Le loyer annuel est fixé à 120 000 euros hors taxes.")], title="Bail commercial")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    question = "Which contracts contain a change of control clause?"
    before = chat.load_turns(settings, chat.ask(settings, question, mode="rag", llm=NO_LLM).thread_id)[0].answer
    assert "15. Assignment" not in before, before  # not labelled so at ingest: what this is about
    scan_workspace(settings, "ma_due_diligence", today=date(2026, 12, 7), llm=None)
    turn = chat.load_turns(settings, chat.ask(settings, question, mode="rag", llm=NO_LLM).thread_id)[0]
    after = turn.answer
    listed = [line for line in after.splitlines() if line.startswith("- ")]
    assert any("Distribution Agreement" in line and "15. Assignment" in line and "(flag) [1]" in line for line in listed), after
    # … cited: the chip opens the article (the app walk of round 39)
    assert [(s.n, s.file, s.section) for s in turn.sources][:1] == [(1, "room/distribution.md", "15. Assignment")], turn.sources
    assert after.startswith("1 contract has an article labelled or flagged") and "flags of the last compliance scan" in after, after
    # … and never the flag of a document no longer in the room (a flag outlives a re-ingest: the review of the round)
    (room / "distribution.md").unlink()
    make_markdown(room / "nda.md", [("15. Assignment", "Neither party may assign this Agreement.")], title="Confidentiality Agreement")
    Ingestor(settings).ingest(room)
    gone = chat.load_turns(settings, chat.ask(settings, question, mode="rag", llm=NO_LLM).thread_id)[0].answer
    assert "(flag)" not in gone and "Distribution Agreement" not in gone, gone


@pytest.fixture(scope="module")
def two_contracts(tmp_path_factory):
    base = tmp_path_factory.mktemp("chat-follow-up")
    room = base / "room"
    room.mkdir()
    for name, party, months in (("Ferlandes", "Ferlandes Transports SAS", "trois"), ("Calvo", "Calvo Routes SARL", "six")):
        make_markdown(room / f"prestations_logistiques_{name.lower()}.md", [
            ("Entre les soussignés", f"Lisandre Manufacture SAS, ci-après « le Client », et {party}, ci-après « le Prestataire »."),
            ("Article 1 — Objet", "Le Prestataire assure le transport et le stockage des produits du Client."),
            ("Article 2 — Durée", f"Le contrat est conclu pour trois ans. Il se renouvelle ensuite par tacite reconduction par périodes d'un an, "
                                  f"sauf dénonciation par lettre recommandée adressée au moins {months} mois avant l'échéance."),
        ], title=f"Contrat de prestations logistiques — {name}")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


def test_a_follow_up_that_names_no_contract_is_asked_of_the_one_before(two_contracts):
    # the app walk of round 38: « Et quel est le préavis pour ne pas le renouveler ? », after a question on the Ferlandes contract, was
    # answered from every logistics contract of the room
    first = chat.ask(two_contracts, "Quelle est la durée du contrat de prestations logistiques avec Ferlandes ?", mode="rag", llm=NO_LLM)
    follow = "Et quel est le préavis pour ne pas le renouveler ?"
    chat.ask(two_contracts, follow, mode="rag", llm=NO_LLM, thread_id=first.thread_id)
    turn = chat.load_turns(two_contracts, first.thread_id)[-1]
    assert turn.sources and {s.file for s in turn.sources} == {"room/prestations_logistiques_ferlandes.md"}, [s.file for s in turn.sources]
    assert "trois mois" in turn.answer and "six mois" not in turn.answer, turn.answer
    assert "question précédente" in (turn.note or ""), turn.note
    # … and the trace says the same, not « dans tous les documents » (the app walk of round 39)
    from greffier.ui.trace import explain

    searched = [text for label, text in explain(turn.question, turn.trace).lines if label == "Recherché"]
    assert searched and "que la question précédente désignait" in searched[0] and "tous les documents" not in searched[0], searched
    # … not in a new conversation, nor a question that names another contract
    alone = chat.ask(two_contracts, follow, mode="rag", llm=NO_LLM)
    assert "question précédente" not in (chat.load_turns(two_contracts, alone.thread_id)[-1].note or "")
    chat.ask(two_contracts, "Et quel est le préavis du contrat avec Calvo ?", mode="rag", llm=NO_LLM, thread_id=first.thread_id)
    other = chat.load_turns(two_contracts, first.thread_id)[-1]
    assert {s.file for s in other.sources} == {"room/prestations_logistiques_calvo.md"} and "six mois" in other.answer, other.answer


def test_a_follow_up_on_several_contracts_answers_each_one(two_contracts):
    # the app walk of round 39: after « Quelle est la durée du bail ? » (two leases), « Et quel est le préavis … ? » quoted one lease and
    # left the other's article out as a passage of a contract the question did not name
    first = chat.ask(two_contracts, "Quelle est la durée des contrats de prestations logistiques ?", mode="rag", llm=NO_LLM)
    assert len(chat.load_turns(two_contracts, first.thread_id)[0].sources) >= 2
    chat.ask(two_contracts, "Et quel est le préavis pour ne pas les renouveler ?", mode="rag", llm=NO_LLM, thread_id=first.thread_id)
    turn = chat.load_turns(two_contracts, first.thread_id)[-1]
    assert "trois mois" in turn.answer and "six mois" in turn.answer, turn.answer
    assert {s.file for s in turn.sources} == {"room/prestations_logistiques_ferlandes.md", "room/prestations_logistiques_calvo.md"}


def test_a_follow_up_in_the_command_line_chat_is_asked_of_the_one_before(two_contracts):
    from datetime import date

    from greffier.chat.router import ChatRouter

    router = ChatRouter(two_contracts, None, today=date(2026, 12, 7))
    first = router.send("Quelle est la durée du contrat de prestations logistiques avec Ferlandes ?")
    follow = router.send("Et quel est le préavis pour ne pas le renouveler ?", thread_id=first.thread_id)
    assert "trois mois" in follow.answer and "six mois" not in follow.answer, follow.answer


def test_what_the_records_add_to_an_answer_is_shown_as_part_of_it_not_in_the_note(tmp_path):
    # the app walk of round 39: « le préavis doit être donné au plus tard le … » sat in the grey note after « Aucun LLM disponible … »
    from greffier.ui.exports import conversation_markdown

    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "maintenance.md", [
        ("Article 1 — Objet", "Norvale Services SAS assure la maintenance des équipements de Lisandre Manufacture SAS."),
        ("Article 5 — Durée", "Le contrat prend effet le 1er janvier 2025 pour une durée de deux ans, soit jusqu'au 31 décembre 2026. Il se "
                              "renouvelle ensuite par tacite reconduction par périodes d'un an, sauf dénonciation au moins trois mois avant l'échéance."),
    ], title="Contrat de maintenance")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    outcome = chat.ask(settings, "Quand se termine le contrat de maintenance ?", mode="rag", llm=NO_LLM)
    turn = chat.load_turns(settings, outcome.thread_id)[-1]
    assert any("au plus tard le" in finding for finding in turn.findings), (turn.findings, turn.note)
    assert "au plus tard le" not in (turn.note or ""), turn.note  # said once, with the answer
    assert "Aucun LLM disponible" in (turn.note or "")  # how the answer was made stays the note
    exported = conversation_markdown("Maintenance", [turn])
    assert turn.findings[0] in exported
    # … in the agent mode's no-LLM answer too (the review of the round)
    agent = chat.load_turns(settings, chat.ask(settings, "Quand se termine le contrat de maintenance ?", mode="agent", llm=NO_LLM).thread_id)[-1]
    assert any("au plus tard le" in finding for finding in agent.findings), (agent.findings, agent.answer)
    # … and in the command line's `ask`: printed with the answer, not inside the note's parentheses (the app walk of round 40)
    import contextlib
    import io

    from greffier.cli import main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["ask", "Quand se termine le contrat de maintenance ?", "--workspace", str(tmp_path / "ws")]) == 0
    lines = printed.getvalue().splitlines()
    assert any("au plus tard le" in line and not line.startswith("(") for line in lines), lines
    assert not any("au plus tard le" in line for line in lines if line.startswith("(")), lines


def test_a_follow_up_searching_passages_only_keeps_to_the_contracts_before(two_contracts):
    # the review of the round: in the passages-only mode the follow-up searched every contract while the note said otherwise
    first = chat.ask(two_contracts, "Quelle est la durée du contrat de prestations logistiques avec Ferlandes ?", mode="retrieval_only", llm=NO_LLM)
    chat.ask(two_contracts, "Et quel est le préavis pour ne pas le renouveler ?", mode="retrieval_only", llm=NO_LLM, thread_id=first.thread_id)
    turn = chat.load_turns(two_contracts, first.thread_id)[-1]
    assert turn.sources and {s.file for s in turn.sources} == {"room/prestations_logistiques_ferlandes.md"}, [s.file for s in turn.sources]
