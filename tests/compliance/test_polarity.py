"""The clause-polarity helper (French and English) and the polarity test set of real contract phrasing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from greffier.compliance.conditions import affirmed_matches
from greffier.compliance.playbooks import load_playbook
from greffier.compliance.polarity import (
    body_start,
    read_match,
    statement_kind,
    time_reference,
)
from greffier.dataroom.normalize import fold

SET = Path(__file__).parent / "data" / "polarity_set.yaml"
TARGET_ACCURACY = 0.95


def reading(sentence: str, words: str):  # noqa: ANN201
    at = fold(sentence).index(fold(words))
    return read_match(sentence, at, at + len(words))


@pytest.mark.parametrize(
    ("sentence", "words", "polarity", "scope"),
    [
        ("This Agreement shall not be renewed automatically.", "renewed automatically", "negated", "plain"),
        ("Le contrat ne sera pas renouvelé par tacite reconduction.", "tacite reconduction", "negated", "plain"),
        ("Le contrat n'est pas renouvelable par tacite reconduction.", "tacite reconduction", "negated", "plain"),
        ("Distributor is appointed as a non-exclusive distributor.", "exclusive", "negated", "plain"),
        ("Le présent contrat est conclu sans exclusivité.", "exclusivit", "negated", "plain"),
        ("Il n'est consenti aucune exclusivité au Distributeur.", "exclusivit", "negated", "plain"),
        ("Nothing in this Agreement shall be construed as creating an exclusive relationship.", "exclusive", "negated", "plain"),
        ("Automatic renewal shall not apply.", "Automatic renewal", "negated", "plain"),
        ("La tacite reconduction est expressément exclue.", "tacite reconduction", "negated", "plain"),
        ("No third party has a right of first refusal on the Property.", "right of first refusal", "negated", "plain"),
        ("Licensor grants Licensee an exclusive license in the Territory.", "exclusive", "affirmative", "plain"),
        ("including, but not limited to, exclusive distribution rights", "exclusive", "affirmative", "plain"),
        ("Either party may terminate on not less than 30 days' notice; this Agreement renews automatically.", "renews automatically", "affirmative", "plain"),
        # An exception is read on its own: the negation before "except" does not reach into it.
        ("Neither party shall assign this Agreement, except that either party may assign it to an Affiliate upon notice.", "assign it to an Affiliate upon notice", "affirmative", "exception"),
        # « ne … que » and "only" restrict without denying.
        ("Le contrat ne pourra être résilié que pour faute grave.", "résilié", "affirmative", "only"),
        ("L'exclusivité ne vaut que pour la France.", "exclusivit", "affirmative", "only"),
        # The words declared not to be something, as the subject of the denial.
        ("A change of control of the Distributor shall not be considered an assignment under Article 12.", "change of control", "negated", "plain"),
        ("Le changement de contrôle du Client ne sera pas considéré comme une cession au sens de l'article 12.", "changement de contrôle", "negated", "plain"),
        ("A change of control of the Customer shall be deemed an assignment requiring the Supplier's consent.", "change of control", "affirmative", "plain"),
        ("Le changement de contrôle du Client sera réputé constituer une cession soumise à l'agrément du Fournisseur.", "changement de contrôle", "affirmative", "plain"),
        # ", and" before a subject of its own starts a clause the negation before it does not reach.
        ("Neither party shall be liable for lost profits, and each party's liability shall be limited to the fees paid.", "liability shall be limited", "affirmative", "plain"),
        ("Aucune des parties ne sera responsable des dommages indirects, et la responsabilité de chacune est plafonnée.", "responsabilité de chacune est plafonnée", "affirmative", "plain"),
        ("The Distributor shall not sell, and shall not promote, competing products.", "promote", "negated", "plain"),
        # The inverted "nor shall X be …" reaches past its subject.
        ("No delegation shall be deemed an assignment, nor shall any change in control of either party or any assignment by operation of law be deemed an assignment hereunder.",
         "deemed an assignment hereunder", "negated", "plain"),
        # "no" before a clause of its own does not negate that clause's verb.
        ("There can be no assurance that the Agent will sell the Shares exclusively to the Purchaser.", "exclusively", "affirmative", "plain"),
        # What a clause "shall not affect" stands; the right itself denied is still denied.
        ("Waiving the right of first refusal on one sale shall not affect the Investor's right of first refusal on any later sale.",
         "right of first refusal on any later", "affirmative", "plain"),
        ("La renonciation à une cession n'affectera pas le droit de préemption de l'Investisseur sur toute cession ultérieure.",
         "droit de préemption de l'Investisseur", "affirmative", "plain"),
        ("The Investor shall not have any right of first refusal on any later sale.", "right of first refusal", "negated", "plain"),
        ("L'Investisseur ne bénéficie d'aucun droit de préemption sur les cessions ultérieures.", "droit de préemption", "negated", "plain"),
        # A leading condition's negation is the condition's: the main clause after its comma is read on its own.
        ("Si aucune des parties ne le dénonce, le contrat se renouvellera par tacite reconduction.", "tacite reconduction", "affirmative", "plain"),
        ("Si le Client ne paie pas les sommes dues, le Prestataire pourra résilier le contrat de plein droit.", "résilier", "affirmative", "plain"),
        ("Unless either party gives notice that it does not wish to renew, this Agreement shall renew automatically.", "renew automatically", "affirmative", "plain"),
        ("If, within thirty days, neither party objects, the Licensee may assign this Agreement.", "assign", "affirmative", "plain"),
        # … but a negation in the main clause is still read, whatever commas it holds.
        ("If a change of control occurs, the Licensee shall not, without consent, assign this Agreement.", "assign", "negated", "plain"),
        ("Si le Client ne paie pas, aucune des parties ne pourra céder le contrat.", "céder", "negated", "plain"),
        # a condition with a comma of its own; an incise inside the main clause (a review)
        ("Si, à l'échéance, le contrat n'est pas dénoncé, il se renouvelle par tacite reconduction.", "tacite reconduction", "affirmative", "plain"),
        ("If, at the end of the Initial Term, this Agreement is not terminated, it shall renew automatically.", "renew automatically", "affirmative", "plain"),
        ("If a change of control occurs, neither the Licensee nor its Affiliates, without consent, may assign this Agreement.", "assign", "negated", "plain"),
        # a proviso set before the main clause: its negation is its own (walkthrough 16's franchise) …
        ("During the Term, and provided Franchisee is not in default, Franchisor may appoint other franchisees.", "appoint", "affirmative", "plain"),
        # … and the main clause's is still read
        ("During the Term, and provided Franchisee is not in default, Franchisor shall not appoint other franchisees.", "appoint", "negated", "plain"),
        # … but a proviso after a clause of its own keeps its negation (a review)
        ("Licensee may sublicense its rights hereunder, provided that Licensee shall not, without Licensor's prior written consent, grant any "
         "sublicense to a competitor of Licensor.", "grant any sublicense", "negated", "plain"),
        ("The Company may terminate this Agreement at any time, provided that the Company shall not, in any event, terminate for convenience "
         "during the Initial Term.", "terminate for convenience", "negated", "plain"),
        ("Supplier may appoint sub-distributors, provided that Supplier will not, during the Term, appoint any other distributor in the "
         "Territory.", "appoint any other distributor", "negated", "plain"),
    ],
)
def test_read_match(sentence, words, polarity, scope):
    found = reading(sentence, words)
    assert (found.polarity, found.scope) == (polarity, scope), found


def test_a_prohibition_inside_the_match_is_the_rule_s_own_words():
    # "shall not assign" is what the assignment rule looks for: only a negation before it counts.
    sentence = "Neither party shall assign this Agreement without consent."
    assert read_match(sentence, 0, len("Neither party shall assign")).affirmative
    released = "Nothing herein shall prevent Auriemma from assigning the monetary benefits of this Agreement."
    assert not reading(released, "shall prevent Auriemma from assigning").affirmative
    # A denial later in the sentence belongs to another subject: the prohibition stands.
    sentence = "Neither party shall assign this Agreement, and a merger of either party shall not be deemed an assignment."
    assert read_match(sentence, 0, len("Neither party shall assign")).affirmative


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("'Exclusive Territory' means the territory of France.", "definition"),
        ("“Change of Control” shall mean any transaction by which a third party acquires control.", "definition"),
        ('For purposes of this Agreement, the word "control" shall mean the possession of the power to direct.', "definition"),
        ("Le terme « Territoire » désigne la France métropolitaine.", "definition"),
        # several terms defined at once
        ('(c) the terms "person" or "persons" shall mean any individual, corporation or unlimited liability company.', "definition"),
        ("« Société » ou « Sociétés » désigne toute entité contrôlée par le Garant.", "definition"),
        ("On entend par « Contrôle » le contrôle au sens de l'article L. 233-3 du Code de commerce.", "definition"),
        # A phrase between the defined term and "means"; a term whose quotes a PDF's text lost.
        ("'Control,' for purposes of this definition, means the power to direct the management of a person.", "definition"),
        ("« Changement de Contrôle », au sens du présent contrat, désigne toute prise de contrôle du Client.", "definition"),
        ("Change of Control shall mean the acquisition by any person of more than fifty percent of the voting stock.", "definition"),
        ("Changement de Contrôle désigne toute opération par laquelle un tiers acquiert le contrôle du Client.", "definition"),
        ("A Change of Control of the Licensee shall entitle the Licensor to terminate this Agreement.", "clause"),
        # "For this purpose, …"; a change of control "deemed to have occurred" is its definition
        ('For this purpose, "control" shall mean the possession of the power to direct the management of an entity.', "definition"),
        ('1.31 "Change in Control," with respect to a Party, shall be deemed to have occurred if any of the following occurs:', "definition"),
        ("À cet effet, « Contrôle » désigne le contrôle au sens de l'article L. 233-3 du Code de commerce.", "definition"),
        # the purpose phrase without its comma, a term defined "in relation to" one party (CUAD's tuning parts)
        ('15.1 For the purpose of this paragraph "IPRs" shall mean patents, copyrights and trade marks.', "definition"),
        ('"Control" in relation to a Party means the power to direct the affairs of that Party.', "definition"),
        ('For the purpose of this paragraph the Licensee shall keep the Know-How confidential.', "clause"),
        ('For the purposes of this Agreement the Distributor shall be the exclusive distributor and the "Products" shall include all future models.', "clause"),
        # a numbered title with its full stop (and a page number run into it), a table of contents without page numbers
        ("68 13.2 Change in Control of Harpoon.", "heading"),
        ("12.4 Exclusivité du Distributeur.", "heading"),
        ("TERMINATION 11.1 For Convenience 11.2 For Cause 11.3 Following Change in Control of Customer 11.4 Termination Assistance 12.", "heading"),
        ("13.2 The Licensee may terminate this Agreement upon a Change of Control.", "clause"),
        ("5.3 In the Event of a Change of Control, Either Party May Terminate.", "clause"),
        ("WHEREAS, the Company wishes to appoint an exclusive distributor;", "recital"),
        ("Attendu que le Fournisseur souhaite confier au Distributeur la distribution exclusive de ses produits.", "recital"),
        ("RECITALS WHEREAS, the Supplier wishes to appoint an exclusive distributor for the Territory;", "recital"),
        ("PRÉAMBULE Attendu que le Fournisseur souhaite confier au Distributeur la distribution exclusive de ses produits.", "recital"),
        ("9.2 Assignment and Change of Control;", "heading"),
        ("1.1 Definitions 1 1.2 Interpretation 3 2.1 Appointment 4 2.2 Exclusivity 4 2.3 Change of Control 5", "heading"),
        ("ARTICLE 7 — NON-CONCURRENCE ET EXCLUSIVITÉ DU FONDATEUR", "heading"),
        ("THE LIABILITY OF EITHER PARTY SHALL BE UNLIMITED.", "clause"),
        ("La clause d'indexation ne jouera qu'à la hausse.", "clause"),
        ("Le contrat se renouvellera par tacite reconduction pour des périodes d'un an.", "clause"),
        # provisions said to remain as they are restate nothing; one that goes on to state a clause is one
        ("Except as amended hereby, all other terms of the Agreement, including Section 8 (Change of Control), remain unchanged and in full force and effect.", "unchanged"),
        ("Section 8 remains in full force and effect, and upon a change of control of the Distributor the Supplier may terminate this Agreement.", "clause"),
        ("Les autres stipulations du Contrat, y compris l'article 11 relatif au changement de contrôle, restent inchangées et continuent de s'appliquer.", "unchanged"),
        ("L'article 11 reste en vigueur : tout changement de contrôle du Distributeur autorise le Fournisseur à résilier le contrat.", "clause"),
        # … the provisions named first, the others after them (walkthrough 20: an amendment's restatement flagged as a tacit renewal)
        ("The term of the Agreement, its automatic renewal under Clause 7, the Minimum Annual Quantity and all other provisions of the "
         "Agreement remain unchanged and in full force and effect.", "unchanged"),
        ("La durée du Contrat, sa tacite reconduction et toutes les autres stipulations demeurent inchangées.", "unchanged"),
        ("The Agreement shall renew automatically for successive one-year periods and all other provisions remain unchanged.", "clause"),
        ("The Agreement is hereby renewed for a further term of three years, and all other terms remain in full force and effect.", "clause"),
        ("Le contrat sera renouvelé par tacite reconduction pour des périodes d'un an et toutes autres stipulations restent en vigueur.", "clause"),
        ("The Supplier is granted exclusivity in France and all other terms remain unchanged.", "clause"),
    ],
)
def test_statement_kind(sentence, kind):
    assert statement_kind(sentence) == kind


@pytest.mark.parametrize(
    ("sentence", "words", "cue"),
    [
        ("The Founder shall not, for two years following the transfer of all of his shares, compete with the Company.", "transfer", "following"),
        ("The Founder shall not transfer any of his shares until the second anniversary of the Closing.", "transfer", None),
        ("Le Dirigeant s'interdit, pendant trois ans après la cession de ses actions, de concurrencer la Société.", "cession", "apres"),
        ("Le Dirigeant s'interdit, pendant trois ans après la signature, de céder ses actions.", "céder", None),
        ("Le Dirigeant s'interdit, dans les deux ans à compter de la date de la cession, de solliciter les clients.", "cession", "a compter de"),
    ],
)
def test_time_reference(sentence, words, cue):
    assert time_reference(sentence, sentence.index(words)) == cue


def test_an_inline_title_alone_names_no_clause():
    sentence = "12.3 Exclusivity. The Distributor shall not sell competing products."
    assert sentence[body_start(sentence) :].startswith("The Distributor")
    exclusivity = load_playbook("ma_due_diligence").by_id["exclusivity"].condition
    assert affirmed_matches(exclusivity, sentence) == []


# The words a naive keyword search would flag, per rule: every denied sentence of the set holds them.
TRIGGERS = {
    "exclusivity": r"exclusi", "non-compete": r"compet|concurren", "change-of-control": r"change (?:in|of) control|changement de controle",
    "termination-for-convenience": r"convenience|a tout moment", "first-refusal": r"right of first refusal", "assignment-restriction": r"\bced",
    "tacit-renewal": r"renew|reconduction|renouvel", "uncapped-liability": r"illimit|unlimited",
}


def _cases() -> list[dict]:
    return yaml.safe_load(SET.read_text(encoding="utf-8"))["sentences"]


def test_the_polarity_set_is_balanced_and_bilingual():
    cases = _cases()
    assert len(cases) >= 40
    assert sum(1 for c in cases if not c["fires"]) >= len(cases) / 2 - 1
    assert {c["lang"] for c in cases} == {"fr", "en"} and all(c.get("source") for c in cases)


def test_polarity_accuracy_on_real_contract_phrasing():
    playbook = load_playbook("ma_due_diligence")
    cases = _cases()
    wrong = []
    for case in cases:
        condition = playbook.by_id[case["rule"]].condition
        fired = bool(affirmed_matches(condition, case["text"]))
        if not case["fires"]:  # a polarity case: the rule's words are there, only the polarity denies them
            assert re.search(TRIGGERS[case["rule"]], fold(case["text"])), case["text"]
        if fired != case["fires"]:
            wrong.append(f"{case['rule']} ({case['lang']}, expected {'fires' if case['fires'] else 'denied'}): {case['text'][:90]}")
    accuracy = 1 - len(wrong) / len(cases)
    print(f"polarity accuracy {accuracy:.3f} on {len(cases)} sentences; wrong: {wrong}")
    assert accuracy >= TARGET_ACCURACY, "\n".join(wrong)
