"""The question's translation (an LLM's) in the query expander: searched as the question is, never added to what
is asked; what it asks given apart for the relevance check."""

from __future__ import annotations

from pipelines.expanders.query_expansion import QueryExpander
from store.workspace import WorkspaceStore


def test_the_translation_is_searched_but_what_is_asked_stays_the_question_s(tmp_path):
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    question = "Quel est le tarif du gardiennage des locaux ?"
    plain = expander.run(query=question)
    both = expander.run(query=question, translation="What is the rate for the guarding of the premises?")
    # what is asked, its clause types and language: the question's alone
    assert both["units"] == plain["units"] and both["clause_types"] == plain["clause_types"] and both["language"] == plain["language"] == "fr"
    assert plain["translation_units"] == []
    # searched: the translation's words (BM25 groups) and its text (the embedder's)
    searched = {token for group in both["groups"] if group.source == "translation" for term in group.terms for word in term for token, _ in word}
    assert {"rate", "guarding", "premises"} <= searched and not any(g.source == "translation" for g in plain["groups"])
    assert both["dense_text"].endswith("What is the rate for the guarding of the premises?") and "premises" not in plain["dense_text"]
    # what the translation asks, for a passage written in its words
    assert {"rate", "guarding", "premises"} <= {u["token"] for u in both["translation_units"]}


def test_the_relevance_check_tells_what_was_searched_besides_the_question():
    from pipelines.rankers.relevance import RelevanceJudge

    events: list[tuple[str, dict]] = []
    RelevanceJudge().run(question="Quel est le tarif ?", documents=[], on_event=lambda kind, payload: events.append((kind, payload)), translation="What is the rate?")
    assert ("retrieval", {"query": "Quel est le tarif ?", "count": 0, "scope": None, "translation": "What is the rate?"}) in events
    events.clear()
    RelevanceJudge().run(question="Quel est le tarif ?", documents=[], on_event=lambda kind, payload: events.append((kind, payload)))
    assert ("retrieval", {"query": "Quel est le tarif ?", "count": 0, "scope": None}) in events


def test_a_function_word_alone_names_no_notion(tmp_path):
    # walkthrough 20: « … quel différentiel s'applique aujourd'hui ? » read « applique » as the glossary's software « application »,
    # and the search and the hint went to the till software's contract; a phrase that holds one ("how long") still names its notion
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    out = expander.run(query="Comment le prix du café vert est-il révisé et quel différentiel s'applique aujourd'hui ?")
    assert "software" not in out["concepts"] and {"price", "indexation"} <= set(out["concepts"]), out["concepts"]
    assert not {"applique", "aujourd", "hui"} & {u["token"] for u in out["units"]}
    assert "term" in expander.run(query="How long does the lease last?")["concepts"]


def test_a_term_of_several_words_is_not_read_across_the_words_that_introduce_a_topic(tmp_path):
    # « Que prévoit l'accord Dolomiti sur la confidentialité ? » read « accord … confidentialité » as an NDA's kind (its tokens, the stop
    # words dropped, are those of « accord de confidentialité »): inside the named licence nothing was asked, and it abstained
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    scope = {"kinds": ["license_agreement"], "identity": ["dolomiti"]}
    out = expander.run(query="Que prévoit l'accord sur la confidentialité ?", scope=scope)
    assert "nda" not in out["concepts"] and "confidentiality" in out["concepts"] and [u["token"] for u in out["units"]] == ["confidentialite"]
    # … the term written as one still names the kind
    assert "nda" in expander.run(query="Que prévoit l'accord de confidentialité sur la durée ?", scope=scope)["concepts"]


def test_the_function_words_that_name_a_notion_alone_still_do(tmp_path):
    # the review of the round: filtering every function word lost "until" (a term's end), « conclu » (a signing), "during" (a period)
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    assert "term" in expander.run(query="Until which date does the lease run?")["clause_types"]


def test_inside_a_named_contract_a_word_standing_for_a_party_is_searched_as_written_not_through_its_notion(tmp_path):
    # walkthrough 24: "What does Distrimarché charge the dairy when deliveries fall short?" of a supply agreement with « Laiterie des
    # Coteaux »: the notion's French wordings ranked every article that names the dairy's products above the penalties article
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    question = "What does Distrimarché charge the dairy when deliveries fall short?"

    def searched(result: dict) -> set[str]:
        return {token for group in result["groups"] for term in group.terms for word in term for token, _ in word}

    assert {"laiterie", "laitiers"} & searched(expander.run(query=question))  # unscoped: "the dairy" may name a contract by its subject
    scope = {"contract_ids": ["c08"], "kinds": ["supply_agreement"], "identity": ["distrimarche"], "party_words": ["coteaux", "des", "laiterie", "distrimarche"]}
    scoped = expander.run(query=question, scope=scope)
    assert not {"laiterie", "laitiers"} & searched(scoped) and "dairy" in searched(scoped)
    # a subject that is no party's name still ranks through its notion
    assert {"laiterie", "laitiers"} & searched(expander.run(query=question, scope={**scope, "party_words": ["distrimarche", "froid", "express"]}))


def test_us_in_lower_case_is_the_pronoun_and_in_capitals_the_country(tmp_path):
    # walkthrough 32: "Does the student housing agreement tie us to that operator exclusively?" asked passages to hold "us"
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    asked = {u["token"] for u in expander.run(query="Can the landlord sue us for the repairs?")["units"]}
    assert "us" not in asked and {"landlord", "sue", "repairs"} <= asked
    assert "us" in {u["token"] for u in expander.run(query="Is the distributor bound by US export rules?")["units"]}
    assert "us" in {u["token"] for u in expander.run(query="Which law governs: us law or French law?")["units"]}  # the review of the round
