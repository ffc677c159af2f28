"""Playbooks: the bundled ones load; invalid ones are refused with the line, rule id and problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from greffier.compliance.errors import PlaybookError
from greffier.compliance.playbooks import list_playbooks, load_playbook, parse_playbook

VALID_RULE = """
  - id: {rule_id}
    title: Change of control
    clause_types: [change_of_control]
    severity: {severity}
    explanation: The contract reacts to a change of control.
    recommendation: Ask for a waiver.
    condition: {condition}
"""


def playbook_text(*rules: str, header: str = "") -> str:
    head = header or "name: test\ndescription: A test playbook.\nlanguages: [fr, en]\nrules:"
    return head + "".join(rules)


def rule(rule_id: str = "coc", severity: str = "high", condition: str = "{kind: keyword, any_of: [changement de contrôle]}") -> str:
    return VALID_RULE.format(rule_id=rule_id, severity=severity, condition=condition)


def problems_of(text: str) -> list[str]:
    with pytest.raises(PlaybookError) as caught:
        parse_playbook(text, source="test.yaml")
    return caught.value.problems


def test_bundled_playbooks_load_in_french_and_english():
    names = {path.stem for path in list_playbooks()}
    assert {"ma_due_diligence", "bail_commercial"} <= names
    for name in ("ma_due_diligence", "bail_commercial"):
        playbook = load_playbook(name)
        assert set(playbook.languages) == {"fr", "en"}
        assert playbook.home_law == "droit français"
        assert len({r.id for r in playbook.rules}) == len(playbook.rules)


def test_the_ma_playbook_covers_the_red_flags_of_the_issue():
    playbook = load_playbook("ma_due_diligence")
    tags = {tag for r in playbook.rules for tag in r.tags}
    assert {
        "change_of_control", "exclusivity", "non_compete", "assignment_restriction", "termination_for_convenience",
        "uncapped_liability", "foreign_law", "tacit_renewal", "term_ends_within_12_months",
    } <= tags
    kinds = {r.condition.kind for r in playbook.rules}
    assert kinds == {"keyword", "regex", "missing_clause", "threshold", "date", "governing_law", "llm", "learned"}


def test_the_lease_playbook_only_applies_to_commercial_leases():
    playbook = load_playbook("bail_commercial")
    assert playbook.contract_types == ["bail commercial"]
    assert playbook.applies_to_contract("bail commercial")
    assert not playbook.applies_to_contract("contrat de distribution")


def test_a_valid_playbook_parses():
    playbook = parse_playbook(playbook_text(rule()))
    assert playbook.rules[0].condition.kind == "keyword"


def test_a_bad_severity_names_its_line_and_rule():
    [problem] = problems_of(playbook_text(rule(), rule("second", severity="urgent")))
    assert problem.startswith("line 16, rule 'second': severity:")
    assert "'urgent'" in problem and "critical" in problem


def test_an_unknown_clause_type_is_refused_with_the_known_ones():
    text = playbook_text(rule()).replace("[change_of_control]", "[change_of_control, chnage_of_control]")
    [problem] = problems_of(text)
    assert problem.startswith("line 7, rule 'coc': clause_types: unknown clause type 'chnage_of_control'")
    assert "governing_law" in problem


def test_an_invalid_regex_is_refused():
    [problem] = problems_of(playbook_text(rule(condition="{kind: regex, pattern: 'exclusivit(e'}")))
    assert problem.startswith("line 11, rule 'coc': condition.pattern:")
    assert "invalid regular expression" in problem


def test_several_problems_are_all_listed():
    text = playbook_text(rule(severity="urgent"), rule("coc"), rule("x", condition="{kind: date, field: end_date}"))
    problems = problems_of(text)
    assert any("severity" in p and "line 8" in p for p in problems)
    assert any("rule 'x'" in p and "exactly one of before, after, within_months, past" in p for p in problems)


def test_repeated_rule_ids_are_refused():
    [problem] = problems_of(playbook_text(rule("coc"), rule("coc")))
    assert "rule ids repeated: coc" in problem


def test_threshold_units_are_checked():
    bad = "{kind: threshold, quantity: notice_period, op: lt, value: 3, unit: fortnights}"
    [problem] = problems_of(playbook_text(rule(condition=bad)))
    assert "rule 'coc'" in problem and "unit must be one of" in problem and "fortnights" in problem


def test_an_unknown_condition_kind_is_refused():
    [problem] = problems_of(playbook_text(rule(condition="{kind: vibes}")))
    assert "rule 'coc'" in problem and "condition" in problem and "'vibes'" in problem


def test_a_missing_field_is_named():
    text = playbook_text(rule()).replace("    recommendation: Ask for a waiver.\n", "")
    [problem] = problems_of(text)
    assert "rule 'coc': recommendation: Field required" in problem


def test_yaml_syntax_errors_give_the_line():
    text = playbook_text(rule()) + "\n  - id: [unclosed\n"
    [problem] = problems_of(text)
    assert problem.startswith("line ") and "YAML syntax error" in problem


def test_repeated_keys_are_reported():
    text = playbook_text(rule()).replace("    severity: high\n", "    severity: high\n    severity: low\n")
    problems = problems_of(text)
    assert "line 9: key 'severity' repeated (first at line 8)" in problems


def test_an_unknown_playbook_lists_the_available_ones():
    with pytest.raises(PlaybookError) as caught:
        load_playbook("no_such_playbook")
    assert "ma_due_diligence" in str(caught.value) and "bail_commercial" in str(caught.value)


def test_long_patterns_can_span_lines():
    condition = "\n      kind: regex\n      pattern: |-\n        changement de controle\n        |change of control"
    playbook = parse_playbook(playbook_text(rule(condition=condition)))
    assert playbook.rules[0].condition.pattern == "changement de controle|change of control"


FRAGMENTS_HEADER = (
    "name: test\ndescription: A test playbook.\nlanguages: [fr, en]\n"
    "fragments:\n"
    "  ban: \"shall not|may not|s'interdit de\"\n"
    "  ban_assigning: |-\n"
    "    {{ban}}\n"
    "    (?: \\w+)? (?:assign|ceder)\n"
    "rules:"
)


def test_a_fragment_is_written_once_and_used_as_a_group():
    condition = "\n      kind: regex\n      pattern: \"{{ban_assigning}}|{{ban}} sublicense\""
    playbook = parse_playbook(playbook_text(rule(condition=condition), header=FRAGMENTS_HEADER))
    pattern = re.compile(playbook.rules[0].condition.pattern)
    assert pattern.search("Neither party shall not assign")  # (?: the fragment's alternatives stay inside their group
    assert pattern.search("Le Distributeur s'interdit de céder".replace("é", "e"))
    assert pattern.search("the Licensee may not sublicense")
    assert not pattern.search("the Licensee shall not")  # "shall not" alone: the alternatives do not leak
    assert "ban" in playbook.fragments


def test_an_unknown_fragment_is_refused_with_the_known_ones():
    condition = "\n      kind: regex\n      pattern: \"{{forbidden}} assign\""
    [problem] = problems_of(playbook_text(rule(condition=condition), header=FRAGMENTS_HEADER))
    assert problem.startswith("line 18, rule 'coc': condition.pattern:")
    assert "unknown fragment {{forbidden}}" in problem and "ban, ban_assigning" in problem


def test_a_fragment_that_uses_itself_is_refused():
    header = FRAGMENTS_HEADER.replace("    {{ban}}\n", "    {{ban_assigning}}\n")
    problems = problems_of(playbook_text(rule(), header=header))
    assert "line 6, fragment 'ban_assigning': fragment 'ban_assigning' uses itself (ban_assigning → ban_assigning)" in problems


def test_the_ma_playbook_writes_its_prohibitions_once():
    playbook = load_playbook("ma_due_diligence")
    text = Path(playbook.source).read_text(encoding="utf-8")
    assert {"prohibition", "interdiction"} <= set(playbook.fragments)
    assert text.count("(?:refrain|abstain) from") == 1  # in the fragment only


def test_a_titled_pattern_names_known_clause_types_only():
    titled = "\n      kind: regex\n      pattern: non-compete\n      titled:\n        clause_types: [non_competition]\n        pattern: shall not"
    [problem] = problems_of(playbook_text(rule(condition=titled)))
    assert problem.startswith("line 15, rule 'coc': condition.titled.clause_types: unknown clause type 'non_competition': use one of the library's:")
    absent = "\n      kind: regex\n      present: false\n      pattern: non-compete\n      titled:\n        clause_types: [non_compete]\n        pattern: shall not"
    [problem] = problems_of(playbook_text(rule(condition=absent)))
    assert "titled adds wordings to look for: it needs present: true" in problem


def test_a_rule_yields_only_to_another_rule_of_its_playbook():
    text = playbook_text(rule()).replace("    severity: high", "    severity: high\n    yields_to: [no-such-rule]", 1)
    [problem] = problems_of(text)
    assert "yields to 'no-such-rule'" in problem


def test_an_article_flagged_uncapped_is_not_flagged_again_as_setting_no_cap():
    # walkthrough 15: "uncapped liability" (high) and "liability clause without a cap" (medium) on the same article
    from datetime import date

    from greffier.compliance.checks import check_document
    from greffier.compliance.library import load_library
    from greffier.compliance.models import ClassifiedChunk, DocumentFacts

    articles = [
        ("6. LIABILITY", "The Developer's liability for any breach of this Agreement shall be unlimited."),
        ("9. INDEMNITY", "Each party shall be liable for the damage it causes to the other party under the general law."),
    ]
    chunks = [ClassifiedChunk(id=f"c01-{k}", document_id="c01", index=k, text=f"{h}\n\n{t}", section=h, page=k + 1, clause_types=("limitation_of_liability",))
              for k, (h, t) in enumerate(articles)]
    findings, checks = check_document(load_playbook("ma_due_diligence"), load_library(), DocumentFacts(id="c01"), chunks, today=date(2026, 11, 30))
    fired = {(f.rule_id, f.section) for f in findings}
    assert ("uncapped-liability", "6. LIABILITY") in fired
    assert ("liability-without-cap", "6. LIABILITY") not in fired
    assert ("liability-without-cap", "9. INDEMNITY") in fired  # another article: still flagged
    [check] = [c for c in checks if c.rule_id == "liability-without-cap"]
    assert "left to uncapped-liability on the same clause" in (check.detail or "")


def test_a_capped_article_is_not_flagged_as_setting_no_cap_and_a_work_schedule_is_no_short_notice():
    # walkthrough 23: "shall in no event exceed the total license fees" flagged both capped and without a cap; a technician's work plan sent
    # « quarante-huit (48) heures à l'avance » flagged as a short notice to end the contract
    from datetime import date

    from greffier.compliance.checks import check_document
    from greffier.compliance.library import load_library
    from greffier.compliance.models import ClassifiedChunk, DocumentFacts

    articles = [
        ("11. LIABILITY", "limitation_of_liability",
         "Publisher's total liability arising out of this Agreement shall in no event exceed the total license fees actually received by Publisher."),
        ("Article 4 – Horaires", "term", "Le plan de travail sera communiqué au Salarié au moins quarante-huit (48) heures à l'avance."),
        ("Article 9 – Résiliation", "termination", "Chaque partie peut résilier le contrat moyennant un préavis de quinze (15) jours."),
    ]
    chunks = [ClassifiedChunk(id=f"c01-{k}", document_id="c01", index=k, text=f"{h}\n\n{t}", section=h, page=k + 1, clause_types=(kind,))
              for k, (h, kind, t) in enumerate(articles)]
    findings, _checks = check_document(load_playbook("ma_due_diligence"), load_library(), DocumentFacts(id="c01"), chunks, today=date(2026, 11, 30))
    fired = {(f.rule_id, f.section) for f in findings}
    assert ("liability-cap", "11. LIABILITY") in fired and ("liability-without-cap", "11. LIABILITY") not in fired
    assert ("short-notice", "Article 4 – Horaires") not in fired
    assert ("short-notice", "Article 9 – Résiliation") in fired  # a notice to end the contract, as short


@pytest.mark.parametrize(
    "text",
    [
        # the review of the round: a notice to end the contract in other words than « préavis », "notice" or « résilier »
        "Chacune des parties pourra mettre un terme au contrat à tout moment, sous réserve d'en informer l'autre partie par lettre recommandée "
        "au moins quinze (15) jours à l'avance.",
        "Either party may bring this Agreement to an end at any time by informing the other party in writing at least fifteen (15) days in advance.",
        "Le Client peut se désengager du contrat à tout moment en avertissant le Prestataire au moins huit (8) jours avant.",
    ],
)
def test_a_short_notice_to_end_the_contract_in_other_words_is_flagged(text):
    from datetime import date

    from greffier.compliance.checks import check_document
    from greffier.compliance.library import load_library
    from greffier.compliance.models import ClassifiedChunk, DocumentFacts

    chunks = [ClassifiedChunk(id="c01-1", document_id="c01", index=1, text=f"Article 9 – Fin\n\n{text}", section="Article 9 – Fin", page=1, clause_types=("termination",))]
    findings, _checks = check_document(load_playbook("ma_due_diligence"), load_library(), DocumentFacts(id="c01"), chunks, today=date(2026, 11, 30))
    assert "short-notice" in {f.rule_id for f in findings}
