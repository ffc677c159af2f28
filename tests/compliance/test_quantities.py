"""Numbers read from clauses: durations and notice periods in words and digits, amounts, percentages."""

from __future__ import annotations

import pytest

from greffier.compliance.quantities import amounts, durations, notice_periods, parse_decimal, percentages


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Chaque partie peut y mettre fin moyennant un préavis de six mois.", 180),
        ("by giving thirty (30) days' prior written notice to the other party", 30),
        ("sauf dénonciation trois (3) mois avant l'échéance", 90),
        ("moyennant un préavis d'un mois", 30),
        ("on one month's notice", 30),
        ("upon not less than 90 days notice", 90),
        ("written notice of non-renewal at least six months before the end of the term", 180),
        ("en respectant un préavis minimum de deux mois", 60),
        ("avec un préavis de quinze jours", 15),
        ("with a notice period of twenty-one days", 21),
        ("moyennant un délai de prévenance de vingt-quatre heures", 1),
        # days of a kind (a walkthrough: "fifteen (15) business days' written notice" gave no length), as « quinze jours ouvrés »
        ("on giving not less than fifteen (15) business days' written notice", 15),
        ("avec un préavis de quinze jours ouvrés", 15),
    ],
)
def test_notice_periods_in_words_and_digits(text, days):
    [found] = notice_periods(text)
    assert found.value == pytest.approx(days)


@pytest.mark.parametrize(
    "text",
    [
        "non réparé dans un délai de trente jours suivant une mise en demeure",
        "if the breach is not remedied within thirty days of a notice requiring it",
        "le contrat est conclu pour une durée de trois ans",
        "payable à quarante-cinq jours fin de mois",
    ],
)
def test_cure_periods_and_terms_are_not_notice_periods(text):
    assert notice_periods(text) == []


def test_durations_are_in_days():
    found = durations("pour une durée de neuf années, puis deux ans, 36 months, 48 heures")
    assert [q.value for q in found] == pytest.approx([9 * 365, 2 * 365, 36 * 30, 2])


@pytest.mark.parametrize(
    ("raw", "value"),
    [("2 400 000", 2_400_000), ("2,400,000.50", 2_400_000.5), ("12,5", 12.5), ("1.500", 1500), ("0.5", 0.5), ("2.400.000", 2_400_000)],
)
def test_decimal_numbers_of_both_languages(raw, value):
    assert parse_decimal(raw) == pytest.approx(value)


def test_amounts_with_their_currency():
    text = "un capital de 2 400 000 euros, USD 28,000, 1.5 million EUR, £2m, 150 000 € HT et deux millions d'euros"
    found = [(q.value, q.unit) for q in amounts(text)]
    assert found == [(2_400_000, "EUR"), (28_000, "USD"), (1_500_000, "EUR"), (2_000_000, "GBP"), (150_000, "EUR"), (2_000_000, "EUR")]


def test_percentages_in_words_and_digits():
    found = [q.value for q in percentages("12 % du chiffre d'affaires, 3.5%, dix pour cent, five (5) percent, 0,5 %")]
    assert found == pytest.approx([12, 3.5, 10, 5, 0.5])
