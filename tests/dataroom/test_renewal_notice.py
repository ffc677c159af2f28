"""The notice that stops an automatic renewal, each renewal's length, and the next deadline they give: sentences written here in the
usual drafting of English and French contracts (no benchmark text; CUAD measures it: benchmarks/cuad_renewal_notice.py)."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.extract.renewal import renewal_length, renewal_notice
from greffier.dataroom.records import ContractInput, ContractRecord, build_records, next_notice
from greffier.services.dataroom.export import _row
from greffier.services.dataroom.query import record_summary


@pytest.mark.parametrize(
    ("sentence", "count", "unit"),
    [
        ("This Agreement shall automatically renew for successive one-year terms unless either party notifies the other in writing at least "
         "sixty (60) days prior to the end of the then-current term.", 60, "days"),
        ("Unless either party gives the other at least ninety days' prior written notice of non-renewal, the term shall be extended automatically.",
         90, "days"),
        ("The Agreement renews automatically unless a Party provides written notice of termination at least one hundred eighty (180) days "
         "prior to the expiration of the then-current term.", 180, "days"),
        ("Le contrat se renouvelle par tacite reconduction par périodes d'un an, sauf dénonciation par lettre recommandée avec accusé de "
         "réception trois (3) mois au moins avant son échéance.", 3, "months"),
        ("Il est ensuite reconduit tacitement d'année en année, sauf congé délivré moyennant un préavis de six mois.", 6, "months"),
        # a length "in advance" of a notice (walkthrough 20: a commercial lease's congé, which stops its tacit prolongation)
        ("Le Preneur aura la faculté de donner congé à l'expiration de chaque période triennale, au moins six (6) mois à l'avance, par "
         "lettre recommandée avec demande d'avis de réception.", 6, "months"),
        ("Either party may prevent the renewal by giving notice at least three months in advance.", 3, "months"),
    ],
)
def test_the_notice_that_stops_a_renewal_is_read(sentence, count, unit):
    period, words = renewal_notice(sentence)
    assert (period.count, period.unit) == (count, unit) and words


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall automatically renew for successive one (1) year terms.",  # no notice written
        "Either party may terminate this Agreement for material breach upon thirty (30) days' notice if the breach is not cured.",
        "Invoices are payable within thirty (30) days of receipt; the price is revised each year on the anniversary of the Effective Date.",
    ],
)
def test_no_notice_is_read_where_none_stops_a_renewal(sentence):
    assert renewal_notice(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "count", "unit"),
    [
        ("This Agreement has an initial term of three (3) years and shall thereafter automatically renew for successive two (2) year terms "
         "unless either party gives ninety (90) days' prior written notice.", 2, "years"),
        ("Le contrat est conclu pour une durée de trois ans et se renouvellera ensuite par tacite reconduction par périodes successives "
         "d'un an, sauf dénonciation trois mois avant l'échéance.", 1, "years"),
        ("The Initial Term shall automatically renew on a month-to-month basis unless either party gives 30 days' notice.", 1, "months"),
        ("This Agreement will automatically renew for one or more annual periods after the Initial Term.", 1, "years"),
        # walkthrough 31: « d'une année », its accent folded (a clinic's waste collection had no renewed length, so no notice deadline)
        ("Il se renouvelle ensuite par tacite reconduction par périodes successives d'une année, sauf dénonciation notifiée au moins un mois "
         "avant l'échéance de la période en cours.", 1, "years"),
        ("Le bail se renouvellera par tacite reconduction pour des périodes de deux années, sauf congé donné six mois avant son terme.", 2, "years"),
    ],
)
def test_each_renewal_s_length_is_read_not_the_first_term_nor_the_notice(sentence, count, unit):
    period = renewal_length(sentence)
    assert period is not None and (period.count, period.unit) == (count, unit), period


def _renewing(end: date, notice: str | None = "90 days", length: str | None = "1 year") -> ContractRecord:
    return ContractRecord(id="c1", end_date=end, renewal="automatic", renewal_notice=notice, renewal_length=length)


def test_the_next_deadline_is_the_first_still_ahead_and_names_the_term_it_stops():
    # walkthrough 19: a fuel supply renewing each year on 31 December with 90 days' notice, looked at on 6 December 2026: the
    # deadline for 2026-12-31 passed on 2 October; the next one stops the term ending 2027-12-31
    assert next_notice(_renewing(date(2026, 12, 31)), date(2026, 12, 6)) == (date(2027, 10, 2), date(2027, 12, 31))
    assert next_notice(_renewing(date(2026, 12, 31)), date(2026, 9, 1)) == (date(2026, 10, 2), date(2026, 12, 31))
    # a first term long past: renewed terms counted forward (a ground-handling contract whose first term ended in 2025)
    assert next_notice(_renewing(date(2025, 6, 30), "3 months"), date(2026, 12, 6)) == (date(2027, 3, 30), date(2027, 6, 30))
    # the deadline passed and the length of a renewal unknown: no date is made up
    assert next_notice(_renewing(date(2026, 12, 31), length=None), date(2026, 12, 6)) is None
    assert next_notice(_renewing(date(2026, 12, 31), notice=None), date(2026, 1, 1)) is None
    assert next_notice(ContractRecord(id="c2", end_date=date(2027, 1, 1), renewal="none", renewal_notice="90 days"), date(2026, 1, 1)) is None


def test_a_record_keeps_the_notice_and_the_length_of_a_contract_that_renews_by_itself():
    text = ("CONTRAT DE FOURNITURE\n\nARTICLE 1 – OBJET\n\nLe Fournisseur livre des granulés au Client.\n\n"
            "ARTICLE 6 – DURÉE\n\nLe présent contrat prend effet le 1er janvier 2024 pour une durée de trois ans, soit jusqu'au 31 décembre 2026. "
            "Il se renouvellera ensuite par tacite reconduction par périodes successives d'un an, sauf dénonciation par l'une des parties "
            "trois (3) mois au moins avant son échéance.\n\nFait à Nantes, le 10 décembre 2023.\n")
    record = build_records([ContractInput(id="c1", file="c1.txt", title="CONTRAT DE FOURNITURE", text=text, chunks=split_articles("c1", text))])[0]
    assert (record.renewal, record.renewal_notice, record.renewal_length) == ("automatic", "3 months", "1 year"), record
    assert "trois (3) mois au moins avant son échéance" in record.sources["renewal_notice"].raw
    assert next_notice(record, date(2026, 12, 6)) == (date(2027, 9, 30), date(2027, 12, 31))


def test_renewed_terms_are_counted_from_the_first_end_so_a_month_s_last_day_stays_the_last():
    # a review: each renewal added to the one before turned 31 January into 28 February, then 28 June; and a weekly renewal
    # running since 2020 gave no deadline at all
    monthly = _renewing(date(2026, 1, 31), "10 days", "1 month")
    assert next_notice(monthly, date(2026, 6, 15)) == (date(2026, 6, 20), date(2026, 6, 30))
    assert next_notice(_renewing(date(2024, 2, 29), "30 days", "4 years"), date(2026, 12, 6)) == (date(2028, 1, 30), date(2028, 2, 29))
    # a contract year ending on February's last day ends on it in a leap year too (walkthrough 20: 28 February 2028 for the 29th)
    assert next_notice(_renewing(date(2027, 2, 28), "6 months", "1 year"), date(2027, 3, 1)) == (date(2027, 8, 29), date(2028, 2, 29))
    assert next_notice(_renewing(date(2027, 6, 15), "6 months", "1 year"), date(2027, 7, 1)) == (date(2027, 12, 15), date(2028, 6, 15))
    weekly = next_notice(_renewing(date(2020, 1, 6), "2 days", "1 week"), date(2026, 12, 6))
    assert weekly is not None and weekly[0] >= date(2026, 12, 6) and (weekly[1] - date(2020, 1, 6)).days % 7 == 0, weekly


@pytest.mark.parametrize("sentence", [
    # a review: a termination at will, a rate revision and a missed target give notices that stop no renewal
    "The Customer may terminate this Agreement at any time during any renewal term upon thirty (30) days' notice.",
    "The Supplier may revise its rates at each renewal by giving sixty (60) days' notice before the end of the current term.",
    "Le Prestataire peut réviser ses tarifs à chaque échéance moyennant un préavis d'un mois avant le renouvellement.",
    "At each renewal the Supplier shall ship the goods two weeks in advance.",  # "in advance" of no notice
    "The Supplier shall give notice of its staffing plan for each renewal term sixty (60) days in advance.",  # a plan stops nothing (the review)
])
def test_a_notice_to_end_at_will_or_revise_rates_is_no_notice_that_stops_a_renewal(sentence):
    assert renewal_notice(sentence) is None


def test_the_renewal_sentence_s_notice_comes_before_another_notice_of_its_article():
    text = ("CONTRAT DE SERVICES\n\nARTICLE 4 – DURÉE\n\nLe Client peut résilier le contrat à tout moment moyennant un préavis de trente (30) jours. "
            "Le contrat est conclu pour une durée initiale de trois (3) ans et se renouvelle ensuite par tacite reconduction pour des périodes "
            "successives d'un an, sauf dénonciation notifiée au moins quatre-vingt-dix (90) jours avant son échéance.\n")
    record = build_records([ContractInput(id="c1", file="c1.txt", title="CONTRAT DE SERVICES", text=text, chunks=split_articles("c1", text))])[0]
    assert (record.renewal_notice, record.renewal_length) == ("90 days", "1 year"), record


def test_the_table_shows_the_term_running_today_of_a_contract_that_renewed():
    # the app walk of round 29: a live ground-handling contract renewing each year was shown as ending 2025-06-30
    today = date.today()
    first = date(today.year - 2, 6, 30)
    summary = record_summary(ContractRecord(id="c4", end_date=first, renewal="automatic", renewal_notice="3 months", renewal_length="1 year"))
    row = _row(summary, kind="contract", names={})
    assert row["ends"] == first and row["current term ends"] >= today and row["current term ends"].month == 6, row
    assert row["notice by"] is not None and row["notice by"] >= today, row
    # … and the end of the term that notice stops, after it (the app walk of round 33 could not tell which term "notice by" was for)
    assert row["notice stops term ending"] is not None and row["notice stops term ending"] > row["notice by"], row
    running = _row(record_summary(ContractRecord(id="c5", end_date=date(today.year + 3, 1, 31), renewal="automatic", renewal_length="1 year")),
                   kind="contract", names={})
    assert running["current term ends"] is None  # its first term runs today: "ends" says it


def test_a_term_that_runs_on_with_no_end_has_no_renewed_length():
    # walkthrough 30: the fuel card « se poursuit pour une durée indéterminée … avec un préavis d'un mois » was read as renewing monthly, and
    # flagged "ends within 12 months" on 2026-12-31
    sentence = ("À l'issue de cette période, il se poursuit pour une durée indéterminée, chaque partie pouvant alors y mettre fin à tout "
                "moment par lettre recommandée avec un préavis d'un mois.")
    assert renewal_length(sentence) is None
