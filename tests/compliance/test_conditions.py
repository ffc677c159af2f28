"""Each kind of condition, firing and not firing, on clauses built here (no model, no database)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from greffier.compliance.checks import check_rule
from greffier.compliance.library import load_library
from greffier.compliance.models import SKIPPED_NO_LLM, ClassifiedChunk, DocumentFacts
from greffier.compliance.playbooks import parse_playbook
from tests.fakes import ScriptedChatBackend

TODAY = date(2026, 11, 30)


def chunk(text: str, *types: str, chunk_id: str = "c01-1", section: str | None = None) -> ClassifiedChunk:
    return ClassifiedChunk(id=chunk_id, document_id="c01", index=int(chunk_id.rsplit("-", 1)[1]), text=text, section=section, clause_types=types, page=2)


def run(condition: str, chunks: list[ClassifiedChunk], *, clause_types: str = "[renewal, term]", facts: DocumentFacts | None = None, llm=None, home_law: str = "droit français"):  # noqa: ANN001, ANN202
    text = f"""
name: unit
description: One rule under test.
languages: [fr, en]
home_law: {home_law}
rules:
  - id: rule
    title: Rule under test
    clause_types: {clause_types}
    severity: high
    explanation: Why it matters.
    recommendation: What to do.
    condition: {condition}
"""
    playbook = parse_playbook(text)
    return check_rule(playbook.rules[0], playbook, load_library(), facts or DocumentFacts(id="c01", file="c.pdf"), chunks, today=TODAY, llm=llm)


TACIT = "{kind: keyword, any_of: [tacite reconduction, automatically renew], unless: '\\bne\\b[^.]*\\bpas\\b|\\bnot\\b'}"


def test_keyword_present_fires_with_the_matching_sentence():
    clause = chunk("Article 3 — Durée\nLe contrat est conclu pour trois ans. Il se renouvelle par tacite\nreconduction pour un an.", "term")
    findings, check = run(TACIT, [clause])
    assert check.status == "checked" and check.findings == 1
    assert findings[0].excerpt == "Il se renouvelle par tacite reconduction pour un an."  # wrapped line joined
    assert findings[0].page == 2 and findings[0].chunk_id == "c01-1"


def test_keyword_in_english_and_not_fired_when_negated_or_absent():
    assert run(TACIT, [chunk("This Agreement shall automatically renew for one-year periods.", "renewal")])[0]
    assert run(TACIT, [chunk("Le contrat ne se renouvelle pas par tacite reconduction.", "term")])[0] == []
    assert run(TACIT, [chunk("Le contrat prend fin le 31 décembre 2027.", "term")])[0] == []


def test_only_clauses_of_the_rule_types_are_read():
    clause = chunk("Les informations restent confidentielles pendant cinq ans. Cette obligation se prolonge après la fin du contrat.", "confidentiality")
    findings, check = run("{kind: keyword, any_of: [se prolonge]}", [clause])
    assert findings == [] and check.chunks == 0


def test_a_sentence_group_is_read_under_the_types_it_names_whatever_the_article():
    # A change-of-control sentence inside an assignment article: the passage is typed change_of_control too.
    assignment = chunk(
        "ARTICLE 9 — ASSIGNMENT\n9.1 Neither party may assign this Agreement without the prior written consent of the other party.\n"
        "9.2 A change of control of the Customer shall be deemed an assignment for the purposes of this Article.",
        "assignment", section="ARTICLE 9 — ASSIGNMENT",
    )
    findings, check = run("{kind: keyword, any_of: [deemed an assignment]}", [assignment], clause_types="[change_of_control]")
    assert check.chunks == 1 and len(findings) == 1
    assert findings[0].excerpt.startswith("9.2 A change of control") and findings[0].section == "ARTICLE 9 — ASSIGNMENT"


def test_keyword_absent_fires_on_a_clause_without_the_words():
    condition = "{kind: keyword, present: false, any_of: [plafon, limited to, shall not exceed]}"
    uncapped = chunk("Article 7 — Responsabilité\nChaque partie répond des dommages directs causés à l'autre.", "limitation_of_liability")
    capped = chunk("The Supplier's liability shall not exceed the fees paid.", "limitation_of_liability", chunk_id="c01-2")
    findings, _ = run(condition, [uncapped, capped], clause_types="[limitation_of_liability]")
    assert [f.chunk_id for f in findings] == ["c01-1"]
    assert findings[0].details["absent"] == ["plafon", "limited to", "shall not exceed"]
    # "shall not be limited" affirms no limit: the clause still has no cap.
    unlimited = chunk("The Supplier's liability under this Agreement shall not be limited to the fees paid.", "limitation_of_liability")
    assert run(condition, [unlimited], clause_types="[limitation_of_liability]")[0]


def test_regex_present_and_absent():
    condition = "{kind: regex, fold: true, pattern: 'changement de controle|change of control'}"
    assert run(condition, [chunk("En cas de changement de contrôle du Client, le contrat peut être résilié.", "change_of_control")], clause_types="[any]")[0]
    assert run(condition, [chunk("Upon a Change of Control, the Licensor may terminate.", "termination")], clause_types="[any]")[0]
    assert run(condition, [chunk("Le contrat peut être résilié pour manquement.", "termination")], clause_types="[any]")[0] == []
    absent = "{kind: regex, present: false, pattern: 'ILC|ILAT'}"
    assert run(absent, [chunk("Le loyer est indexé sur l'indice du coût de la construction.", "indexation")], clause_types="[indexation]")[0]
    assert run(absent, [chunk("Le loyer est indexé sur l'ILC.", "indexation")], clause_types="[indexation]")[0] == []


def test_missing_clause_fires_only_when_no_clause_of_the_type_exists():
    condition = "{kind: missing_clause}"
    without = [chunk("Les parties conviennent de ce qui suit.", "purpose")]
    findings, check = run(condition, without, clause_types="[governing_law]")
    assert check.status == "checked"
    assert findings[0].chunk_id == "document" and findings[0].excerpt == "No clause of type: Governing law"
    with_law = [*without, chunk("Le contrat est soumis au droit français.", "governing_law", chunk_id="c01-2")]
    assert run(condition, with_law, clause_types="[governing_law]")[0] == []
    # a law read from an article typed otherwise ("Law and Practice" of a policy) is no missing clause (walkthrough 21)
    practice = [*without, chunk("This insurance is subject to English law and practice.", "insurance", chunk_id="c01-3")]
    read = DocumentFacts(id="c01", file="c.pdf", governing_law="droit anglais", evidence={"governing_law": ["c01-3"]})
    assert run(condition, practice, clause_types="[governing_law]", facts=read)[0] == []
    elsewhere = DocumentFacts(id="c01", file="c.pdf", governing_law="droit anglais", evidence={"governing_law": ["c09-1"]})  # another document's
    assert run(condition, practice, clause_types="[governing_law]", facts=elsewhere)[0]


def test_missing_clause_on_an_amendment_is_its_contracts_or_not_applicable():
    condition = "{kind: missing_clause}"
    without = [chunk("Le loyer est porté à 48 000 euros.", "price_payment")]
    attached = DocumentFacts(id="a1", file="avenant.md", is_amendment=True, amends="bail.pdf")
    findings, check = run(condition, without, clause_types="[governing_law]", facts=attached)
    assert findings == [] and check.status == "checked" and check.detail == "an amendment: the clauses are its contract's (bail.pdf)"
    alone = DocumentFacts(id="a2", file="avenant.md", is_amendment=True)
    findings, check = run(condition, without, clause_types="[governing_law]", facts=alone)
    assert findings == [] and check.status == "not applicable: an amendment attached to no contract here"  # its flags stay as they were


@pytest.mark.parametrize(
    ("text", "fires"),
    [
        ("Chacune des parties peut y mettre fin moyennant un préavis de quinze jours.", True),
        ("Either party may terminate on thirty (30) days' prior written notice.", True),
        ("Le contrat peut être résilié moyennant un préavis de trois (3) mois.", False),
        ("Either party may terminate on six months' notice.", False),
    ],
)
def test_threshold_notice_period_read_from_words_and_digits(text, fires):
    condition = "{kind: threshold, quantity: notice_period, op: lte, value: 1, unit: months}"
    findings, _ = run(condition, [chunk(text, "termination")], clause_types="[termination]")
    assert bool(findings) is fires
    if fires:
        assert findings[0].details["threshold"] == "notice period ≤ 1 months"


def test_threshold_amount_in_a_currency_and_near_words():
    condition = "{kind: threshold, quantity: amount, op: lt, value: 100000, currency: EUR, near: [plafonnée, capped]}"
    low = chunk("La responsabilité est plafonnée à 50 000 euros par an.", "limitation_of_liability")
    high = chunk("La responsabilité est plafonnée à 2 millions d'euros.", "limitation_of_liability", chunk_id="c01-2")
    dollars = chunk("Liability is capped at USD 10,000.", "limitation_of_liability", chunk_id="c01-3")
    not_near = chunk("Le capital social est de 10 000 euros.", "limitation_of_liability", chunk_id="c01-4")
    findings, _ = run(condition, [low, high, dollars, not_near], clause_types="[limitation_of_liability]")
    assert [f.chunk_id for f in findings] == ["c01-1"]
    assert findings[0].details["values"] == ["50 000 euros"]


def test_threshold_percentage():
    condition = "{kind: threshold, quantity: percentage, op: gt, value: 3}"
    assert run(condition, [chunk("La hausse annuelle ne peut excéder cinq pour cent.", "indexation")], clause_types="[indexation]")[0]
    assert run(condition, [chunk("Prices may rise by 2.5% a year.", "indexation")], clause_types="[indexation]")[0] == []


def test_date_condition_on_the_record_end_date():
    condition = "{kind: date, field: end_date, within_months: 12}"
    clause = chunk("Le contrat prendra fin le 31 mars 2027.", "term", chunk_id="c01-4")
    soon = DocumentFacts(id="c01", end_date=date(2027, 3, 31), evidence={"end_date": ["c01-4"]})
    findings, _ = run(condition, [clause], clause_types="[term]", facts=soon)
    assert findings[0].chunk_id == "c01-4" and findings[0].excerpt == "Le contrat prendra fin le 31 mars 2027."
    assert findings[0].details["test"] == "within 12 months of 2026-11-30"
    later = DocumentFacts(id="c01", end_date=date(2028, 3, 31))
    assert run(condition, [clause], clause_types="[term]", facts=later)[0] == []
    ended = DocumentFacts(id="c01", end_date=date(2026, 1, 31))
    assert run(condition, [clause], clause_types="[term]", facts=ended)[0] == []
    # a contract that renews by itself, its first term ended: the renewed term running today ends within the year (walkthrough 20)
    renewing = DocumentFacts(id="c01", end_date=date(2026, 1, 31), evidence={"end_date": ["c01-4"]}, renewal="automatic", renewal_length="1 year")
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=renewing)
    assert finding.details["end_date"] == "2027-01-31" and "renewed term" in finding.details["renewed"], finding.details
    unknown_length = DocumentFacts(id="c01", end_date=date(2026, 1, 31), renewal="automatic")
    assert run(condition, [clause], clause_types="[term]", facts=unknown_length)[0] == []
    # … and one whose notice deadline has passed renews too (the app walk: a distribution agreement ending 2027-02-28 on 90 days'
    # notice, reviewed in December, was flagged as ending within the year): the next term's end is the one tested
    late = DocumentFacts(id="c01", end_date=date(2027, 2, 15), evidence={"end_date": ["c01-4"]}, renewal="automatic", renewal_length="1 year",
                         renewal_notice="90 days")
    assert run(condition, [clause], clause_types="[term]", facts=late)[0] == []  # notice was due by 2026-11-17: it runs on to 2028-02-15
    due_today = DocumentFacts(id="c01", end_date=date(2027, 2, 28), evidence={"end_date": ["c01-4"]}, renewal="automatic", renewal_length="1 year",
                              renewal_notice="90 days")
    assert len(run(condition, [clause], clause_types="[term]", facts=due_today)[0]) == 1  # notice may still be given today: it may end
    in_time = DocumentFacts(id="c01", end_date=date(2027, 6, 30), evidence={"end_date": ["c01-4"]}, renewal="automatic", renewal_length="1 year",
                            renewal_notice="3 months")
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=in_time)  # notice still possible (by 2027-03-30): it may end
    assert finding.details["end_date"] == "2027-06-30" and "renewed" not in finding.details
    short = DocumentFacts(id="c01", end_date=date(2027, 1, 31), evidence={"end_date": ["c01-4"]}, renewal="automatic", renewal_length="6 months",
                          renewal_notice="3 months")
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=short)  # renews to 2027-07-31: still within the year
    assert finding.details["end_date"] == "2027-07-31" and "2026-10-31, which has passed" in finding.details["renewed"], finding.details


def test_a_renewed_term_s_end_is_flagged_on_the_sentence_that_makes_it_renew():
    # walkthrough 34: three contracts that renew by themselves were flagged with Greffier's own « end date: 2027-03-31 », the renewed
    # term's end being written nowhere; the term article's sentence that makes it renew is the contract's own words for it
    condition = "{kind: date, field: end_date, within_months: 12}"
    clause = chunk("Le contrat prend effet le 1er avril 2022 et s'achève le 31 mars 2025. Il est ensuite reconduit tacitement par périodes "
                   "successives d'un (1) an, sauf dénonciation trois (3) mois avant l'échéance.", "term", chunk_id="c09-4")
    renewing = DocumentFacts(id="c09", end_date=date(2025, 3, 31), evidence={"end_date": ["c09-4"]}, renewal="automatic", renewal_length="1 year")
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=renewing)
    assert finding.details["end_date"] == "2027-03-31" and finding.excerpt.startswith("Il est ensuite reconduit tacitement"), finding.excerpt


def test_an_end_counted_from_a_length_is_flagged_on_the_sentence_that_gives_the_length():
    # walkthrough 34: a SaaS agreement "commences on 1 June 2024 … for an initial period of thirty-six (36) months": no sentence writes the
    # end the record counted, and the flag quoted Greffier's own « end date: 2027-06-01 »
    condition = "{kind: date, field: end_date, within_months: 12}"
    clause = chunk("3.1 This Agreement commences on 1 June 2024 (the \"Effective Date\") and shall continue for an initial period of "
                   "thirty-six (36) months. 3.2 Either party may give notice.", "term", chunk_id="c10-4")
    counted = DocumentFacts(id="c10", end_date=date(2027, 6, 1), evidence={"end_date": ["c10-4"]})
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=counted)
    assert finding.excerpt.startswith("3.1 This Agreement commences on 1 June 2024"), finding.excerpt


def test_a_past_end_date_says_the_contract_has_ended_unless_it_renews_by_itself():
    # walkthrough 16: a maintenance contract that ended on 31 October 2026, « sans tacite reconduction », raised no date flag
    condition = "{kind: date, field: end_date, past: true}"
    clause = chunk("Le contrat prend fin le 31 octobre 2026, sans tacite reconduction.", "term", chunk_id="c01-4")
    ended = DocumentFacts(id="c01", end_date=date(2026, 10, 31), evidence={"end_date": ["c01-4"]}, renewal="none")
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=ended)
    assert finding.chunk_id == "c01-4" and finding.details["test"] == "before 2026-11-30"
    renews = DocumentFacts(id="c01", end_date=date(2026, 10, 31), evidence={"end_date": ["c01-4"]}, renewal="automatic")
    assert run(condition, [clause], clause_types="[term]", facts=renews)[0] == []  # its first term ended, it goes on
    running = DocumentFacts(id="c01", end_date=date(2027, 10, 31), evidence={"end_date": ["c01-4"]})
    assert run(condition, [clause], clause_types="[term]", facts=running)[0] == []
    # a date read from the text alone, with no end in the record, may be another period's: not taken as the end passed
    drawdown = chunk("Le Crédit pourra être tiré jusqu'au 31 décembre 2021.", "term", chunk_id="c01-5")
    assert run(condition, [drawdown], clause_types="[term]", facts=DocumentFacts(id="c01"))[0] == []


@pytest.mark.parametrize(
    ("text", "doubt"),
    [
        ("This Agreement shall continue for two (2) years from the Reseller's first purchase order.",
         "at the earliest: the term runs from « the Reseller's first purchase order », which no date of the contract gives"),
        ("Le contrat est conclu pour deux ans à compter de la mise en service de l'installation.",
         "at the earliest: the term runs from « la mise en service de l'installation », which no date of the contract gives"),
    ],
    ids=["english", "french"],
)
def test_a_date_rule_on_an_uncertain_end_is_to_confirm_with_the_reason(text, doubt):
    # the end is only a bound: a "term ends within 12 months" flag on it is marked to confirm, never taken as known
    condition = "{kind: date, field: end_date, within_months: 12}"
    clause = chunk(text, "term", chunk_id="c01-4")
    uncertain = DocumentFacts(id="c01", end_date=date(2027, 3, 31), evidence={"end_date": ["c01-4"]}, doubts={"end_date": doubt})
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=uncertain)
    assert finding.details["review"]["status"] == "to confirm" and doubt in finding.details["review"]["reason"]
    known = DocumentFacts(id="c01", end_date=date(2027, 3, 31), evidence={"end_date": ["c01-4"]})
    [finding], _ = run(condition, [clause], clause_types="[term]", facts=known)
    assert "review" not in finding.details


def test_date_condition_before_a_date_and_read_from_the_text_when_the_record_has_none():
    condition = "{kind: date, field: end_date, before: 2027-06-30}"
    clause = chunk("This Agreement shall remain in force until March 31,\n2027.", "term")
    findings, _ = run(condition, [clause], clause_types="[term]")
    assert findings[0].details["source"] == "text" and findings[0].details["end_date"] == "2027-03-31"
    assert run(condition, [chunk("This Agreement shall remain in force until March 31, 2028.", "term")], clause_types="[term]")[0] == []


def test_governing_law_against_the_home_law():
    condition = "{kind: governing_law}"
    clause = chunk("Le contrat est soumis au droit suisse.", "governing_law")
    swiss = DocumentFacts(id="c01", governing_law="droit suisse")
    findings, _ = run(condition, [clause], clause_types="[governing_law]", facts=swiss)
    assert findings[0].details["governing_law"] == "droit suisse" and findings[0].excerpt == "Le contrat est soumis au droit suisse."
    french = DocumentFacts(id="c01", governing_law="droit français")
    assert run(condition, [clause], clause_types="[governing_law]", facts=french)[0] == []
    unknown_in_record = chunk("This Agreement is governed by the laws of the State of New York.", "governing_law")
    assert run(condition, [unknown_in_record], clause_types="[governing_law]")[0]


LLM_RULE = "{kind: llm, prompt: 'Does this clause prevent the company from selling to other parties?'}"


def test_llm_condition_with_a_scripted_model():
    clause = chunk("Le Fournisseur concède au Distributeur le droit exclusif de distribuer les Produits.", "exclusivity")
    backend = ScriptedChatBackend('{"flag": true, "reason": "exclusive territory", "quote": "le droit exclusif de distribuer les Produits"}')
    findings, check = run(LLM_RULE, [clause], clause_types="[exclusivity]", llm=backend)
    assert check.status == "checked"
    assert findings[0].excerpt == "le droit exclusif de distribuer les Produits"
    assert findings[0].details["llm_reason"] == "exclusive territory"
    prompt = backend.calls[0]["messages"][-1].text
    assert "Does this clause prevent" in prompt and "droit exclusif" in prompt and backend.calls[0]["json_mode"]
    no = ScriptedChatBackend('{"flag": false, "reason": "no restriction"}')
    assert run(LLM_RULE, [clause], clause_types="[exclusivity]", llm=no)[0] == []


def test_llm_condition_is_skipped_visibly_without_a_model():
    clause = chunk("Le Fournisseur concède au Distributeur le droit exclusif de distribuer les Produits.", "exclusivity")
    findings, check = run(LLM_RULE, [clause], clause_types="[exclusivity]", llm=None)
    assert findings == [] and check.status == SKIPPED_NO_LLM == "skipped: no LLM available"
    assert not check.evaluated


def test_a_failing_model_is_an_error_status_not_a_crash():
    clause = chunk("Le droit exclusif de distribuer.", "exclusivity")
    empty = ScriptedChatBackend()  # raises on the first call
    findings, check = run(LLM_RULE, [clause], clause_types="[exclusivity]", llm=empty)
    assert findings == [] and check.status.startswith("error: AssertionError")


def test_one_finding_per_rule_and_article_with_every_excerpt():
    # An article that runs over two chunks (pages 2 and 3) gives one flag, keeping both excerpts.
    condition = "{kind: keyword, any_of: [tacite reconduction]}"
    first = ClassifiedChunk(id="c01-4", document_id="c01", index=4, section="Article 3 — Durée", page=2, page_end=2, clause_types=("term",),
                            text="Le contrat est renouvelé par tacite reconduction pour un an.")
    second = ClassifiedChunk(id="c01-5", document_id="c01", index=5, section="Article 3 — Durée", page=3, page_end=3, clause_types=("term",),
                             text="Chaque tacite reconduction ouvre une nouvelle période de préavis.")
    other = ClassifiedChunk(id="c01-9", document_id="c01", index=9, section="Article 7 — Divers", page=5, clause_types=("term",),
                            text="Les avenants suivent la tacite reconduction du contrat.")
    findings, check = run(condition, [first, second, other])
    assert check.findings == len(findings) == 2
    merged = next(f for f in findings if f.section == "Article 3 — Durée")
    assert (merged.chunk_id, merged.page, merged.page_end) == ("c01-4", 2, 3)
    assert [e["chunk_id"] for e in merged.details["excerpts"]] == ["c01-4", "c01-5"]
    assert "pour un an" in merged.excerpt and "nouvelle période" in merged.excerpt
    assert merged.place == "pp. 2–3 · Article 3 — Durée"


def test_recitals_definitions_and_headings_alone_raise_nothing():
    condition = "{kind: keyword, any_of: [exclusive distributor, exclusivité]}"
    recitals = ClassifiedChunk(id="c01-1", document_id="c01", index=1, section="BACKGROUND", clause_types=("preamble",),
                               text="(A) The Supplier wishes to appoint the Distributor as its exclusive distributor in the Territory.")
    definition = ClassifiedChunk(id="c01-2", document_id="c01", index=2, section="1. DEFINITIONS", clause_types=("definitions",),
                                 text="'Exclusive Distributor' means the distributor appointed under clause 2.")
    heading = ClassifiedChunk(id="c01-3", document_id="c01", index=3, section="Article 2 — Exclusivité", clause_types=("exclusivity",),
                              text="Article 2 — Exclusivité\nLe Distributeur commercialise les Produits dans le Territoire.")
    assert run(condition, [recitals, definition, heading], clause_types="[any]")[0] == []
    operative = ClassifiedChunk(id="c01-4", document_id="c01", index=4, section="2. APPOINTMENT", clause_types=("exclusivity",),
                                text="2.1 The Supplier appoints the Distributor as its exclusive distributor in the Territory.")
    findings, _ = run(condition, [recitals, definition, heading, operative], clause_types="[any]")
    assert [f.chunk_id for f in findings] == ["c01-4"]


def test_a_copy_s_flag_names_the_original_it_repeats():
    """Walkthrough 17: the NDA's signed PDF copy repeated its three flags with nothing to say so."""
    clause = chunk("Le contrat est renouvelé par tacite reconduction.", "renewal")
    facts = DocumentFacts(id="c13", file="room/nda_copy.pdf", copy_of="room/nda.txt")
    findings, _ = run("{kind: keyword, any_of: [tacite reconduction]}", [clause], facts=facts)
    assert [f.details.get("copy_of") for f in findings] == ["room/nda.txt"]
    assert "copy_of" not in run("{kind: keyword, any_of: [tacite reconduction]}", [clause])[0][0].details


def test_a_definition_s_lettered_limbs_are_the_definition_not_clauses():
    """Walkthrough 17: the second limb of '"Change of Control" means (a) …; (b) the sale of all … assets; or (c) …' was flagged
    as a change of control, on its own line or in the definition's paragraph."""
    condition = "{kind: keyword, any_of: [sale of all or substantially all]}"
    inline = ClassifiedChunk(id="c02-2", document_id="c02", index=2, section="ARTICLE 1 - DEFINITIONS", clause_types=("definitions",), text=(
        '1.2 "Change of Control" means (a) the acquisition of more than fifty percent (50%) of the voting interests of Importer; (b) the '
        "sale of all or substantially all of the assets of Importer; or (c) any merger of Importer."))
    lines = ClassifiedChunk(id="c03-2", document_id="c03", index=2, section="1. DEFINITIONS", clause_types=("definitions",), text=(
        '"Change of Control" means:\n\n(a) the acquisition of more than half of the voting interests of the Customer;\n\n(b) the sale of '
        "all or substantially all of the assets of the Customer; or\n\n(c) any merger of the Customer."))
    assert run(condition, [inline, lines], clause_types="[any]")[0] == []
    operative = ClassifiedChunk(id="c02-9", document_id="c02", index=9, section="12. ASSIGNMENT", clause_types=("assignment",), text=(
        "12.2 The Supplier may terminate this Agreement upon the sale of all or substantially all of the assets of Importer."))
    findings, _ = run(condition, [inline, lines, operative], clause_types="[any]")
    assert [f.chunk_id for f in findings] == ["c02-9"]


def test_items_of_a_clause_after_an_inline_definition_are_clauses():
    """A review: a paragraph that opens on a definition and then states a clause with a list ('"Control" has the meaning … . The
    Supplier may terminate … if:') keeps its items as clauses."""
    condition = "{kind: keyword, any_of: [change of control]}"
    text = ('12.3 "Control" has the meaning given in section 1124 of the Corporation Tax Act 2010. The Supplier may terminate this '
            "Agreement with immediate effect by notice if:\n\n(a) the Distributor undergoes a change of Control; or\n\n(b) the Distributor "
            "sells all or substantially all of its assets.")
    clause = ClassifiedChunk(id="c04-12", document_id="c04", index=12, section="12. TERMINATION", clause_types=("termination",), text=text)
    findings, _ = run(condition, [clause], clause_types="[any]")
    assert [f.chunk_id for f in findings] == ["c04-12"]


@pytest.mark.parametrize(
    ("heading", "recital", "operative"),
    [
        ("R E C I T A L S                 ---------------",
         "A.  Under an earlier agreement with the County, the Club holds the exclusive right to all advertising in the Stadium.",
         "1. The Club grants the Sponsor the exclusive right to advertise in the Stadium."),
        ("P R É A M B U L E  -----------",
         "A.  Aux termes d'une convention antérieure, le Club détient le droit exclusif de toute publicité dans le Stade.",
         "1. Le Club concède au Partenaire le droit exclusif de faire de la publicité dans le Stade."),
    ],
    ids=["spaced-recitals", "preambule-espace"],
)
def test_a_spaced_out_recitals_heading_with_a_rule_under_it_still_opens_the_recitals(heading, recital, operative):
    condition = "{kind: keyword, any_of: [exclusive right, droit exclusif]}"
    chunk = ClassifiedChunk(id="c01-1", document_id="c01", index=1, section="SPONSORSHIP AGREEMENT", clause_types=(),
                            text=f"This Sponsorship Agreement is made by and between the Club and the Sponsor.\n\n{heading}\n\n{recital}\n\n{operative}")
    findings, _ = run(condition, [chunk], clause_types="[any]")
    assert len(findings) == 1 and operative[3:30] in findings[0].excerpt and recital[4:30] not in findings[0].excerpt, findings


TITLED = """
      kind: regex
      fold: true
      pattern: "compet\\\\w*|concurren\\\\w*"
      titled:
        clause_types: [non_compete]
        pattern: "shall not|s'interdit"
"""


@pytest.mark.parametrize(
    ("heading", "text", "fires"),
    [
        ("ARTICLE 8 — NON-COMPETITION", "During the Term, the Consultant shall not design golf clubs for any other company.", True),
        ("ARTICLE 8 — SERVICES", "During the Term, the Consultant shall not design golf clubs for any other company.", False),
        ("ARTICLE 8 — NON-CONCURRENCE", "Le Cédant s'interdit d'exploiter un fonds de boulangerie dans un rayon de cinq kilomètres.", True),
        ("ARTICLE 8 — LOCAUX", "Le Preneur s'interdit d'exploiter un fonds de boulangerie dans les locaux.", False),
        # Under the title, the looser words still need an affirmative sentence.
        ("ARTICLE 8 — NON-COMPETITION", "Nothing in this Article shall mean that the Consultant shall not design golf clubs.", False),
    ],
)
def test_a_titled_pattern_reads_only_the_clauses_under_its_title(heading, text, fires):
    # The classifier's types (here: none) do not open the looser pattern; the article's title does.
    clause = chunk(f"{heading}\n{text}", section=heading)
    findings, _ = run(TITLED, [clause], clause_types="[any]")
    assert bool(findings) is fires


@pytest.mark.parametrize(
    "text",
    [
        (
            "Neither party shall be liable for any indirect or consequential loss, and each party's total aggregate liability under this "
            "agreement shall not exceed the fees paid in the preceding twelve months."
        ),
        (
            "Aucune des parties ne sera responsable des dommages indirects, et la responsabilité totale de chaque partie est plafonnée au "
            "montant des sommes versées au cours des douze derniers mois."
        ),
    ],
)
def test_a_denied_match_does_not_hide_an_affirmed_one_inside_it(text):
    # The first match ("liable … shall not exceed", « dommages … plafonnée ») starts in the denied exclusion; the cap after it stands.
    cap = "{kind: regex, fold: true, pattern: \"(?:liab\\\\w*|dommages?|responsabilite)[^;]{0,250}?(?:shall not exceed|plafonn\\\\w+)\"}"
    findings, _ = run(cap, [chunk(text, "limitation_of_liability")], clause_types="[any]")
    assert len(findings) == 1


@pytest.mark.parametrize(
    ("rule_id", "heading", "text", "fires"),
    [
        # change of control under its own title: the reaction is the clause, whatever names the event
        ("change-of-control", "ARTICLE 14 — CHANGE OF CONTROL", "Should the Licensee be sold to a third party, the Licensor may terminate this Agreement by written notice.", True),
        ("change-of-control", "ARTICLE 14 — SERVICES", "Should the Licensee be sold to a third party, the Licensor may terminate this Agreement by written notice.", False),
        ("change-of-control", "ARTICLE 14 — CHANGEMENT DE CONTRÔLE", "Toute cession de la majorité des parts du Distributeur est soumise à l'agrément du Fournisseur.", True),
        ("change-of-control", "ARTICLE 14 — CHANGE OF CONTROL", "Control means the power to direct the management of an entity, and the Licensee shall notify any such change.", False),
        # renewal under its own title: a renewal for a stated period, not one by mutual agreement
        ("renewal-option", "ARTICLE 3 — RENEWAL", "Provided the Distributor meets the minimum, the Agreement is renewed for an additional period of six months.", True),
        ("renewal-option", "ARTICLE 3 — PAYMENT", "Provided the Distributor meets the minimum, the Agreement is renewed for an additional period of six months.", False),
        ("renewal-option", "ARTICLE 3 — RENEWAL", "The parties may agree in writing to renew this Agreement for an additional term of one year.", False),
        ("renewal-option", "ARTICLE 3 — RENOUVELLEMENT", "Le Distributeur atteignant ses objectifs, le contrat est prorogé pour une durée de deux ans.", True),
    ],
)
def test_the_playbook_reads_change_of_control_and_renewal_under_their_titles(rule_id, heading, text, fires):
    from greffier.compliance.playbooks import load_playbook

    playbook = load_playbook("ma_due_diligence")
    rule = playbook.by_id[rule_id]
    clause = chunk(f"{heading}\n{text}", section=heading)
    findings, _ = check_rule(rule, playbook, load_library(), DocumentFacts(id="c01", file="c.pdf"), [clause], today=TODAY, llm=None)
    assert bool(findings) is fires


def test_the_words_matched_are_quoted_as_the_contract_writes_them():
    # matching reads the folded text; what the finding shows is the sentence's own words, accents and
    # case kept, to the end of the word a keyword's stem stops in
    clause = chunk("Article 8 — Cession\nLe Licencié ne peut céder le contrat qu’avec l’accord écrit du Concédant. Toute cession réalisée en violation du présent article, quelle qu’en soit la forme, est inopposable au Concédant.", "assignment")
    findings, _check = run("{kind: keyword, any_of: [ne peut céd], polarity: any}", [clause], clause_types="[assignment]")
    assert findings and findings[0].details["matched"] == ["ne peut céder"], findings[0].details
    long = "{kind: regex, pattern: 'toute cession r[ée]alis[ée]e en violation.*', fold: true, polarity: any}"
    findings, _check = run(long, [clause], clause_types="[assignment]")
    label = findings[0].details["matched"][0]
    assert label.startswith("Toute cession réalisée en violation du présent article") and label.endswith("…"), label
    assert re.findall(r"\w+", label)[-1] in re.findall(r"\w+", clause.text), label  # cut between words, not inside one
