"""The end of a contract's term written in shapes beyond "N years from the Effective Date", in English and French:
a day or a month counted from the start, the month of an anniversary, a named start "to" a date, an hour before the
date, the earlier of a date and an event (a bound: low confidence), a form's period line, and an event the parties
expect on a date (low confidence, with the reason) — next to sentences that must give no end. Snippets invented for
these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import ChunkInput, extract_term, split_articles
from greffier.dataroom.extract.periods import parse_ordinal

ENGLISH = (
    "DISTRIBUTION AGREEMENT\n\n"
    'This Distribution Agreement is made and entered into as of March 10, 2021 (the "Effective Date") by and between Corvane Tools Inc. '
    "and Hesketh Supply LLC.\n\nARTICLE 1 APPOINTMENT\nCorvane appoints Hesketh as its distributor.\n\nARTICLE 2 TERM\n"
)
FRENCH = (
    "CONTRAT DE DISTRIBUTION\n\nEntre la société Corvane Outils SAS et la société Hesketh Fournitures SARL.\n\n"
    "ARTICLE 1 — DÉFINITIONS\n« Date d'Effet » désigne le 10 mars 2021.\n\nARTICLE 2 — OBJET\nCorvane désigne Hesketh comme distributeur.\n\n"
    "ARTICLE 3 — DURÉE\n"
)


def end_finding(text: str):
    return extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date


@pytest.mark.parametrize(
    ("article", "end"),
    [
        # a day counted from the start
        ("This Agreement shall automatically terminate on the 30th day after the Effective Date.", date(2021, 4, 9)),
        ("This Agreement shall remain in full force and effect until the ninetieth (90th) day following the Effective Date.", date(2021, 6, 8)),
        # the last day of a month counted from the start, the end of the month of an anniversary
        ("The Initial Term shall expire on the last day of the thirty-sixth (36th) full calendar month following the Effective Date.", date(2024, 3, 31)),
        ("This Agreement shall continue until the end of the calendar month in which the fifth anniversary of the Effective Date occurs.", date(2026, 3, 31)),
        # a named start "to" a date, an hour before the date, "through and including"
        ("The term of this Agreement shall run from the Effective Date to December 31, 2024.", date(2024, 12, 31)),
        ("This Agreement shall expire at midnight (Eastern time) on December 31, 2024.", date(2024, 12, 31)),
        ("This Agreement shall remain in effect until 5:00 p.m., New York time, on June 30, 2025.", date(2025, 6, 30)),
        ("This Agreement shall continue through and including June 30, 2025.", date(2025, 6, 30)),
        # "starting from" the contract's own date
        ("This Agreement shall be in force for a period of five (5) years, starting from the Effective Date.", date(2026, 3, 10)),
        # walkthrough 25: "enters into force on" a date of its own (the signature date was taken), a sentence wrapped on the page
        # (a PDF's lines), and an "initial subscription term"
        ("16.1 This Agreement enters into force on 1 January 2022 and is concluded for an initial\nperiod of five (5) years.", date(2027, 1, 1)),
        ("11.1 This Agreement shall commence on 1 June 2025 and shall continue for an initial subscription term of twenty-four (24) months.",
         date(2027, 6, 1)),
    ],
    ids=["30th-day-after", "ninetieth-day-following", "last-day-of-36th-month", "month-of-5th-anniversary", "from-name-to-date",
         "expire-at-an-hour-on", "until-an-hour-on", "through-and-including", "starting-from", "enters-into-force-wrapped",
         "initial-subscription-term"],
)
def test_english_ends_counted_or_written_in_other_shapes(article, end):
    finding = end_finding(ENGLISH + article)
    assert finding is not None and finding.value == end


@pytest.mark.parametrize(
    ("article", "end"),
    [
        ("Le présent contrat prendra fin le trentième jour suivant la Date d'Effet.", date(2021, 4, 9)),
        ("Le contrat prendra fin le dernier jour du trente-sixième mois suivant la Date d'Effet.", date(2024, 3, 31)),
        ("Le contrat prend fin à la fin du mois au cours duquel intervient le cinquième anniversaire de la Date d'Effet.", date(2026, 3, 31)),
        ("Le contrat court de la Date d'Effet jusqu'au 31 décembre 2024.", date(2024, 12, 31)),
        ("Le contrat restera en vigueur jusqu'à minuit le 30 juin 2025.", date(2025, 6, 30)),
        ("Le contrat expirera au jour du cinquième anniversaire de la Date d'Effet.", date(2026, 3, 10)),
        # a French term ends the day before its anniversary
        ("Le contrat expirera cinq (5) ans après la Date d'Effet.", date(2026, 3, 9)),
        ("Le présent contrat entre en vigueur à la Date d'Effet et restera en vigueur pendant une période de cinq (5) ans.", date(2026, 3, 9)),
        ("Le contrat est conclu pour une durée de cinq (5) ans à compter de sa date d'entrée en vigueur.", date(2026, 3, 9)),
        # walkthrough 26: « pour une période initiale de », « pour une première période de »
        ("12.1 Le Contrat entre en vigueur le 1er février 2023 pour une période initiale de trois (3) ans.", date(2026, 1, 31)),
        ("Le contrat prend effet le 1er mars 2024 pour une première période d'un an.", date(2025, 2, 28)),
    ],
    ids=["trentieme-jour", "dernier-jour-du-36e-mois", "fin-du-mois-du-5e-anniversaire", "de-la-date-d-effet-jusqu-au", "jusqu-a-minuit-le",
         "au-jour-du-5e-anniversaire", "expirera-5-ans-apres", "pendant-une-periode-de", "sa-date-d-entree-en-vigueur", "periode-initiale",
         "premiere-periode"],
)
def test_french_ends_counted_or_written_in_other_shapes(article, end):
    finding = end_finding(FRENCH + article)
    assert finding is not None and finding.value == end


@pytest.mark.parametrize(
    "text",
    [
        ENGLISH + "The Distributor shall pay the first instalment on the 30th day after the Effective Date.",
        ENGLISH + "Hesketh shall submit its first sales report on the last day of the third month following the Effective Date.",
        FRENCH + "Le distributeur remet son premier rapport le trentième jour suivant la Date d'Effet.",
        FRENCH + "Le distributeur conserve les factures pendant une période de cinq ans après la fin du contrat.",
    ],
    ids=["payment-on-the-30th-day", "report-on-the-last-day-of-a-month", "rapport-le-trentieme-jour", "archives-apres-la-fin"],
)
def test_a_day_or_a_period_that_is_not_the_terms_gives_no_end(text):
    assert end_finding(text) is None


@pytest.mark.parametrize(
    ("article", "end", "bound"),
    [
        ("This Agreement shall terminate on the earlier of (a) December 31, 2024 or (b) the closing of the sale of Hesketh's business.",
         date(2024, 12, 31), "at the latest"),
        ("Le contrat prendra fin à la plus proche des deux dates suivantes : le 31 décembre 2024 ou la cession du fonds de commerce.",
         date(2024, 12, 31), "at the latest"),
        # the longer of two periods: the first one's end is the earliest the term can end
        ("This Agreement shall continue for the longer of fifteen (15) years from the Effective Date or the life of the last patent.",
         date(2036, 3, 10), "at the earliest"),
        ("Le présent contrat est conclu pour la plus longue des deux durées suivantes : quinze (15) ans à compter de la Date d'Effet ou la durée du dernier brevet.",
         date(2036, 3, 9), "at the earliest"),
        # an event, and a date at the latest (a walkthrough: « no end date in the text »)
        ("Il expire à la réception sans réserve des travaux du lot, et au plus tard le 30 septembre 2026.", date(2026, 9, 30), "at the latest"),
        ("This Agreement shall terminate upon completion of the Services and in any event no later than December 31, 2025.",
         date(2025, 12, 31), "at the latest"),
    ],
    ids=["earlier-of", "plus-proche-des-deux-dates", "longer-of", "plus-longue-des-deux-durees", "au-plus-tard", "no-later-than"],
)
def test_the_earlier_of_a_date_and_an_event_is_a_low_confidence_bound(article, end, bound):
    finding = end_finding((ENGLISH if article.startswith("This") else FRENCH) + article)
    assert finding is not None and finding.value == end
    assert finding.confidence == "low" and bound in finding.doubt


@pytest.mark.parametrize(
    "article",
    [
        "This Agreement shall terminate upon final acceptance of the Works, and the Contractor shall deliver the detailed designs no later than March 1, 2026.",
        "This Agreement ends on December 31, 2025, and the Distributor shall return all unsold stock no later than January 31, 2026.",
    ],
    ids=["another-obligation-s-deadline", "a-fixed-end-then-a-deadline"],
)
def test_a_deadline_after_the_end_is_no_bound_of_the_term(article):
    # a review: the first gave an end « at the latest » on 1 March 2026, the second turned a fixed end into a bound
    finding = end_finding(ENGLISH + article)
    assert finding is None or (finding.value == date(2025, 12, 31) and finding.confidence != "low"), finding


def test_an_end_written_in_words():
    text = FRENCH + "Le présent contrat prend effet le premier avril deux mille vingt-cinq. Il prend fin le trente et un mars deux mille vingt-sept."
    finding = end_finding(text)
    assert finding is not None and finding.value == date(2027, 3, 31), finding


def test_a_forms_initial_period_line_gives_the_term():
    text = (
        "DISTRIBUTOR AGREEMENT\n\nCorvane Tools Inc. and Hesketh Supply LLC agree as follows.\n\n2. DEFINITIONS\n"
        "INITIAL DISTRIBUTION PERIOD: April 15, 2021 through October 15, 2021\nTERRITORY: the State of Ohio\n"
    )
    finding = extract_term(split_articles("t1", text)).end_date
    assert finding is not None and finding.value == date(2021, 10, 15)


@pytest.mark.parametrize(
    ("rows", "end"),
    [
        # a table of particulars: the start a row of its own, the length another, the term article naming the period only
        ("Item | Particulars\nEffective Date | 1 September 2023\nInitial Subscription Term | thirty-six (36) months from the Effective Date",
         date(2026, 9, 1)),
        ("Rubrique | Conditions particulières\nDate d'Effet | 1er février 2024\nDurée initiale | vingt-quatre (24) mois à compter de la Date d'Effet",
         date(2026, 1, 31)),  # « à compter de »: the day before the anniversary
    ],
    ids=["english", "french"],
)
def test_a_table_of_particulars_gives_the_term(rows, end):
    text = (
        f"SUBSCRIPTION AGREEMENT\n\n{rows}\nFees | EUR 9,000 per year\n\n"
        "9. TERM AND RENEWAL\n9.1 This Agreement commences on the Effective Date and shall continue for the initial term.\n"
    )
    finding = extract_term(split_articles("t1", text)).end_date
    assert finding is not None and finding.value == end, finding


@pytest.mark.parametrize(
    "text",
    [
        # an end's label in prose, not after a row's figure (the review of the round's diff)
        "SUPPLY AGREEMENT\n\n1. PRICE\nThe quoted prices hold until the Offer Expiry Date 31 March 2024 Prices are net of VAT.\n",
        # something else than the contract in force until an event and at the latest on a date
        "CONTRAT DE TRAVAUX\n\nArticle 3 – Durée\nL'assurance du Fournisseur demeurera en vigueur jusqu'à la réception des travaux, et au plus "
        "tard le 31 décembre 2027.\n",
    ],
    ids=["label-in-prose", "insurance-in-force"],
)
def test_an_end_s_words_said_of_something_else_give_no_end(text):
    assert extract_term(split_articles("t1", text)).end_date is None


def test_a_table_row_that_is_no_term_gives_no_end():
    text = (
        "SUPPLY AGREEMENT\n\nItem | Particulars\nEffective Date | 1 September 2023\nPayment Term | thirty (30) days from the invoice date\n"
        "Warranty Period | twelve (12) months from delivery\n\n2. PRICE\nThe prices are fixed.\n"
    )
    assert extract_term(split_articles("t1", text)).end_date is None


EVENT_START = (
    "OUTSOURCING AGREEMENT\n\nThis Outsourcing Agreement is made as of February 2, 2021 by and between Quarry Bank and Ledgerline Inc.\n\n"
    '1. DEFINITIONS\n"Commencement Date" shall mean the date on which the conversion of all branches has been completed.{expected}\n\n'
    "2. TERM\nThe Term shall commence on the date hereof and terminate on the fifth anniversary of the Commencement Date.\n"
)
EVENT_START_FR = (
    "CONTRAT D'INFOGÉRANCE\n\nConclu le 2 février 2021 entre la Banque Quarry et la société Ledgerline SAS.\n\n"
    "ARTICLE 1 — DÉFINITIONS\n« Date de Démarrage » désigne la date à laquelle la migration de toutes les agences est achevée.{expected}\n\n"
    "ARTICLE 2 — DURÉE\nLe contrat est conclu pour une durée de cinq (5) ans à compter de la Date de Démarrage.\n"
)


@pytest.mark.parametrize(
    ("template", "expected", "end"),
    [
        (EVENT_START, " The parties anticipate the Commencement Date to be November 15, 2021.", date(2026, 11, 15)),
        (EVENT_START_FR, " La Date de Démarrage est prévue le 15 novembre 2021.", date(2026, 11, 14)),
    ],
    ids=["anticipate-the-commencement-date", "date-de-demarrage-prevue-le"],
)
def test_an_event_the_parties_expect_on_a_date_gives_a_low_confidence_end(template, expected, end):
    finding = extract_term(split_articles("t1", template.format(expected=expected)), signature_date=date(2021, 2, 2)).end_date
    assert finding is not None and finding.value == end
    assert finding.confidence == "low" and "expects on 2021-11-15" in finding.doubt


@pytest.mark.parametrize("template", [EVENT_START, EVENT_START_FR], ids=["english", "french"])
def test_an_event_with_no_expected_date_gives_no_end_to_filter_on(template):
    # no date the parties expect: at most the earliest end, counted from the contract's date, low confidence
    term = extract_term(split_articles("t1", template.format(expected="")), signature_date=date(2021, 2, 2))
    assert term.end_date is None or (term.end_date.confidence == "low" and term.end_date.doubt.startswith("at the earliest"))


@pytest.mark.parametrize(
    ("article", "end"),
    [
        ("This Agreement shall continue until the five (5) year anniversary of the Effective Date.", date(2026, 3, 10)),
        ("This Agreement shall continue until the fifth (5t h) anniversary of the Effective Date.", date(2026, 3, 10)),
        ("This Agreement shall commence on March 10, 2021 and shall expire twenty-four (24) months from that date.", date(2023, 3, 10)),
        ("This Agreement shall continue until the five (5)-year anniversary of the Effective Date.", date(2026, 3, 10)),
        ("This Agreement shall continue until the five-year anniversary of the Effective Date.", date(2026, 3, 10)),
        # the date written before, whatever introduces it (a walkthrough: "which no date of the contract gives")
        ("This Agreement is dated 14 February 2025 and shall remain in force for two (2) years from that date.", date(2027, 2, 14)),
        ("Le présent accord, daté du 2 mai 2022, restera en vigueur pendant trois (3) ans à compter de cette date.", date(2025, 5, 1)),
    ],
    ids=["five-year-anniversary", "broken-ordinal", "from-that-date", "hyphenated-count", "hyphenated-word", "dated-that-date", "daté-cette-date"],
)
def test_anniversaries_written_as_a_count_and_a_start_written_before(article, end):
    finding = end_finding(ENGLISH + article)
    assert finding is not None and finding.value == end and finding.confidence == "high"


@pytest.mark.parametrize(("article", "end"), [
    # a loan ends with its last instalment (a walkthrough: « aucune date de fin », the length ran from an undated drawdown)
    ("Le prêt est consenti pour une durée de soixante (60) mois à compter de la mise à disposition des fonds, la dernière échéance "
     "intervenant le 30 juin 2028.", date(2028, 6, 30)),
    ("The Loan shall be repaid in twenty quarterly instalments, the final instalment falling due on 31 March 2026.", date(2026, 3, 31)),
])
def test_a_loan_ends_with_its_last_instalment(article, end):
    finding = end_finding((FRENCH if article.startswith("Le ") else ENGLISH) + article)
    assert finding is not None and finding.value == end, finding


@pytest.mark.parametrize("article", [
    # "that date" is another agreement's, or an event's: no end, rather than one counted from the wrong date (a review)
    "This Agreement replaces the agreement of 1 January 2010 and shall remain in force for two (2) years from that date.",
    "This Agreement shall enter into force on the date the Buyer obtains the regulatory approval, expected before 31 March 2025, "
    "and shall remain in force for two (2) years from that date.",
])
def test_that_date_is_the_contract_s_own_not_any_date_before_it(article):
    finding = end_finding(ENGLISH + article)
    assert finding is None or finding.confidence == "low", finding


@pytest.mark.parametrize(
    ("word", "number"),
    [("30th", 30), ("thirtieth", 30), ("thirty-sixth", 36), ("twenty-first", 21), ("fifth", 5), ("ninth", 9),
     ("trente-sixième", 36), ("cinquième", 5), ("neuvième", 9), ("36e", 36), ("premier", 1), ("quatre-vingt-dixième", 90), ("month", None)],
)
def test_ordinals_in_both_languages(word, number):
    assert parse_ordinal(word) == number


FORM = "MAINTENANCE ORDER FORM\n\nSupplier: Corvane Tools Inc.\nCustomer: Hesketh Supply LLC\n{line}\n\n1. TERM\nThis Agreement is for a period of one (1) year.\n\nBy: /s/ Anna Corr\nName: Anna Corr\nDate: May 2, 2021\n"
FORM_FR = "BON DE COMMANDE DE MAINTENANCE\n\nFournisseur : Corvane Outils SAS\nClient : Hesketh Fournitures SARL\n{line}\n\nARTICLE 1 — DURÉE\nLe présent contrat est conclu pour une durée d'un (1) an.\n"


@pytest.mark.parametrize(
    ("template", "line", "end"),
    [
        (FORM, "COMMENCEMENT DATE FOR MAINTENANCE UNDER THIS ORDER: APRIL 1, 2021", date(2022, 4, 1)),
        (FORM, "Effective Date: April 1, 2021", date(2022, 4, 1)),
        (FORM_FR, "DATE D'EFFET : 1er avril 2021", date(2022, 3, 31)),
    ],
    ids=["commencement-date-for-maintenance", "effective-date-line", "date-d-effet"],
)
def test_a_forms_effective_date_line_starts_a_term_with_no_start_written(template, line, end):
    finding = extract_term(split_articles("t1", template.format(line=line))).end_date
    assert finding is not None and finding.value == end


def test_a_signature_blocks_date_line_is_no_effective_date():
    # only the blocks' "Date:" line dates this form: it is no start of the term (no signature date is given here either)
    assert extract_term(split_articles("t1", FORM.format(line="Reference: 2021-117"))).end_date is None


PLAIN_EN = "SUPPLY AGREEMENT\n\nThis Supply Agreement is between Corvane Tools Inc. and Hesketh Supply LLC.\n\n"
PLAIN_FR = "CONTRAT DE FOURNITURE\n\nLe présent contrat est conclu entre Corvane Outils SAS et Hesketh Fournitures SARL.\n\n"


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (PLAIN_EN + "ARTICLE 1 EFFECTIVE DATE\nThe Effective Date of this Agreement is March 1, 2019.\n\n"
         "ARTICLE 2 TERM\nThis Agreement shall continue for five (5) years from the Effective Date.", date(2024, 3, 1)),
        (PLAIN_FR + "ARTICLE 1 — DATE D'EFFET\nLa date d'effet du présent contrat est fixée au 1er mars 2019.\n\n"
         "ARTICLE 2 — DURÉE\nLe contrat est conclu pour une durée de cinq (5) ans à compter de la date d'effet.", date(2024, 2, 29)),
        # the Effective Date named but never defined: the date the same sentence says the contract takes effect on
        (PLAIN_EN + "ARTICLE 1 TERM\nThis Agreement shall be effective as of March 1, 2019 and shall remain in effect for five (5) years from the Effective Date.",
         date(2024, 3, 1)),
    ],
    ids=["effective-date-of-this-agreement-is", "date-d-effet-est-fixee-au", "effective-as-of-then-from-the-effective-date"],
)
def test_an_effective_date_stated_in_a_sentence_starts_the_term(text, end):
    finding = extract_term(split_articles("t1", text)).end_date
    assert finding is not None and finding.value == end and finding.confidence == "high"


def test_an_effective_date_stated_as_an_event_is_no_date():
    text = (PLAIN_EN + "ARTICLE 1 EFFECTIVE DATE\nThe Effective Date of this Agreement is the date of the first shipment.\n\n"
            "ARTICLE 2 TERM\nThis Agreement shall continue for five (5) years from the Effective Date.")
    assert extract_term(split_articles("t1", text)).end_date is None


@pytest.mark.parametrize(
    ("article", "end"),
    [
        ("ARTICLE 4 PRICES\nPrices under this Agreement are fixed until December 31, 2021.", None),
        ("ARTICLE 4 PRIX\nLes prix du présent contrat sont fermes jusqu'au 31 décembre 2021.", None),
        ("ARTICLE 4 MISCELLANEOUS\nThis Agreement shall remain in full force and effect until December 31, 2023.", date(2023, 12, 31)),
        ("ARTICLE 4 DIVERS\nLe présent contrat restera en vigueur jusqu'au 31 décembre 2023.", date(2023, 12, 31)),
    ],
    ids=["prices-fixed-until", "prix-fermes-jusqu-au", "agreement-remains-until", "contrat-reste-en-vigueur-jusqu-au"],
)
def test_outside_the_term_article_until_a_date_ends_only_the_contract(article, end):
    text = PLAIN_EN + "ARTICLE 1 SUPPLY\nCorvane supplies tools to Hesketh.\n\n" + article
    finding = extract_term(split_articles("t1", text), signature_date=date(2019, 3, 1)).end_date
    assert (finding.value if finding is not None else None) == end


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (FRENCH + "Le contrat a une durée d'un an à compter de la Date d'Effet.", date(2022, 3, 9)),
        (FRENCH + "Le contrat est valable un an à compter de la Date d'Effet.", date(2022, 3, 9)),
        (ENGLISH + "This Agreement shall continue for a period of 5 yrs. from the Effective Date.", date(2026, 3, 10)),
        (FRENCH + "Le distributeur a une durée d'un an pour écouler le stock après la fin du contrat.", None),
    ],
    ids=["a-une-duree-d-un-an", "est-valable-un-an", "5-yrs", "stock-apres-la-fin-du-contrat"],
)
def test_short_wordings_of_a_length(text, end):
    finding = end_finding(text)
    assert (finding.value if finding is not None else None) == end


def test_an_exclusivity_until_a_date_during_the_term_is_no_end_of_the_contract():
    text = (PLAIN_EN + "ARTICLE 1 SUPPLY\nCorvane supplies tools to Hesketh.\n\nARTICLE 4 EXCLUSIVITY\nHesketh shall have the non-exclusive right to "
            "resell the Products during the Term of the Agreement, except the Drill, which Hesketh shall have the exclusive right to resell until December 31, 2021.")
    assert extract_term(split_articles("t1", text), signature_date=date(2019, 3, 1)).end_date is None


# --- ninth round: a period from one date to the other, a named period spelled out, the date of this document, the later of --------


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (ENGLISH + "The effective term is 12 months beginning March 1, 2021 and ending February 28, 2022.", date(2022, 2, 28)),
        (FRENCH + "La durée du contrat est de douze mois commençant le 1er mars 2021 et se terminant le 28 février 2022.", date(2022, 2, 28)),
        # the same in English (the review of round 34)
        (ENGLISH + "The term of this Agreement is five (5) years, beginning January 1, 2022 and ending December 31, 2026.", date(2026, 12, 31)),
        # an undertaking for a period of financial years, a comma before « commençant » (walkthrough 24: a cooperative membership)
        (FRENCH + "L'engagement est souscrit pour une période de cinq (5) exercices, commençant le 1er janvier 2022 et se terminant le "
                  "31 décembre 2026.", date(2026, 12, 31)),
        (
            ENGLISH + 'The term of this Agreement (the "Term") shall commence on the Effective Date and terminate at the end of the Exclusivity '
            "Period (i.e., a three (3) year period commencing on the Effective Date).",
            date(2024, 3, 10),
        ),
        (ENGLISH + "This agreement shall be for a term of five years from the date of this document.", date(2026, 3, 10)),
        (FRENCH + "Le présent contrat est conclu pour une durée de cinq ans à compter de la date des présentes.", date(2026, 3, 9)),
    ],
    ids=["beginning-and-ending", "commencant-et-se-terminant", "years-beginning-and-ending", "engagement-pour-une-periode", "period-spelled-out-i-e", "date-of-this-document", "date-des-presentes"],
)
def test_a_period_from_date_to_date_a_named_period_and_the_documents_own_date(text, end):
    finding = end_finding(text)
    assert finding is not None and finding.value == end


@pytest.mark.parametrize(
    "text",
    [
        ENGLISH + "The Supplier shall report sales for the fiscal year beginning January 1, 2022 and ending December 31, 2022 within thirty days.",
        FRENCH + "Le distributeur remet le rapport de l'exercice commençant le 1er janvier 2022 et se terminant le 31 décembre 2022.",
    ],
    ids=["fiscal-year-beginning-and-ending", "exercice-commencant-et-se-terminant"],
)
def test_a_reporting_period_from_date_to_date_is_not_the_term(text):
    assert end_finding(text) is None


@pytest.mark.parametrize(
    "article",
    [
        "The term of this Agreement will begin on March 10, 2021 and will end on the later of (i) March 10, 2023 or (ii) the delivery of all guaranteed units.",
        "Le présent contrat prendra fin à la plus tardive des deux dates suivantes : le 10 mars 2023 ou la livraison de toutes les unités.",
    ],
    ids=["later-of", "plus-tardive-des-deux-dates"],
)
def test_the_later_of_a_date_and_an_event_is_a_low_confidence_bound_too(article):
    finding = end_finding((ENGLISH if article.startswith("The") else FRENCH) + article)
    assert finding is not None and finding.value == date(2023, 3, 10)
    assert finding.confidence == "low" and "at the earliest" in finding.doubt


def test_such_longer_period_as_the_parties_agree_is_no_bound():
    finding = end_finding(ENGLISH + "This Agreement shall continue for two (2) years, or such longer period of time as the parties may agree in writing.")
    assert finding is not None and finding.value == date(2023, 3, 10) and "at the earliest" not in finding.doubt


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ('This Agreement shall remain effective for two (2) years from and after the Effective Date (the "Initial Term").', date(2023, 3, 10)),
        ("This Agreement shall continue in effect for one (I) year, unless earlier terminated.", date(2022, 3, 10)),  # a 1 typed as I
    ],
    ids=["from-and-after", "one-(I)-year"],
)
def test_a_length_counted_from_and_after_a_date_or_with_a_1_typed_as_i(sentence, end):
    found = end_finding(ENGLISH + sentence)
    assert found is not None and found.value == end, found


def test_the_count_word_governs_and_a_roman_reference_is_no_length():
    # the word before the figure counts ("two (I) years" is two years); "(I)" alone, a schedule's number, is no length
    assert end_finding(ENGLISH + "This Agreement shall continue in effect for two (I) years.").value == date(2023, 3, 10)
    assert end_finding(ENGLISH + "The parties shall comply with Schedule (I) at all times.") is None


# --- fourteenth round: shapes read on dev-f, each with near misses (snippets invented for these tests)

OTHER = (
    "SUPPLY AGREEMENT\n\n"
    'This Supply Agreement is made as of March 10, 2021 (the "Effective Date") between Corvane Tools Inc. and Hesketh Supply LLC.\n\n'
    "ARTICLE 1 SUPPLY\n"
)
AUTRE = (
    "CONTRAT DE FOURNITURE\n\nEntre la société Corvane Outils SAS et la société Hesketh Fournitures SARL, le 10 mars 2021.\n\n"
    "ARTICLE 1 — FOURNITURE\n"
)


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (OTHER + "Corvane shall supply the products.\n\nSCHEDULE 1\nTERM: November 1, 2021 to October 31, 2024\nPRICE: as agreed", date(2024, 10, 31)),
        (OTHER + "Corvane shall supply the products.\n\nSCHEDULE 1\nContract Term: 1 June 2021 - 31 May 2023", date(2023, 5, 31)),
        (AUTRE + "Corvane fournit les produits.\n\nANNEXE 1\nDurée : du 1er avril 2021 au 31 mars 2024\nPrix : selon tarif", date(2024, 3, 31)),
    ],
    ids=["term-label-to", "term-label-dash", "duree-label-du-au"],
)
def test_a_labels_range_from_date_to_date_gives_the_term(text, end):
    finding = extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date
    assert finding is not None and finding.value == end and finding.rule == "range" and finding.confidence == "high"


def test_a_labels_range_that_is_a_price_period_or_backwards_is_not_the_term():
    priced = OTHER + "Corvane shall supply the products.\n\nSCHEDULE 1\nPRICE PERIOD: November 1, 2021 to October 31, 2022"
    backwards = OTHER + "Corvane shall supply the products.\n\nSCHEDULE 1\nTERM: October 31, 2024 to November 1, 2021"
    assert extract_term(split_articles("t1", priced), signature_date=date(2021, 3, 10)).end_date is None
    assert extract_term(split_articles("t1", backwards), signature_date=date(2021, 3, 10)).end_date is None


@pytest.mark.parametrize(
    "written",
    [
        "The Term shall commence on March 10, 2021 and shall expire on March 9, 2024, unless terminated earlier.",
        "Le présent contrat expirera le 9 mars 2024.",
    ],
)
def test_a_written_end_that_agrees_with_a_length_counted_from_an_unwritten_start_is_the_end(written):
    # the term's article gives a length and no start; another article writes the dates: the written end, as sure as written
    article = "This Agreement shall have an Initial Term of three (3) years." if written.startswith("The") else "Le contrat est conclu pour une durée de trois ans."
    text = (ENGLISH if written.startswith("The") else FRENCH) + article + "\n\nARTICLE 9 MISCELLANEOUS\n" + written
    finding = extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date
    assert finding is not None and finding.value == date(2024, 3, 9) and finding.confidence == "high" and not finding.doubt


def test_a_written_date_far_from_the_counted_length_does_not_replace_it():
    text = ENGLISH + "This Agreement shall have an Initial Term of three (3) years.\n\nARTICLE 9 PRICES\nThe prices shall expire on June 30, 2022."
    finding = extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date
    assert finding is not None and finding.value == date(2024, 3, 10) and finding.rule == "anniversary"  # counted to its anniversary


def test_a_term_of_a_quarter_inside_the_term_is_not_the_contracts_term():
    # in the definitions, not the term's article: the quarter of the Term is the subject, not the Term
    text = OTHER.replace("ARTICLE 1 SUPPLY", "ARTICLE 1 DEFINITIONS") + (
        '"Calendar Quarter" means three consecutive months, except that the first Calendar Quarter of the Term shall commence on the '
        "Effective Date and end on June 30, 2021."
    )
    assert extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date is None


def test_a_latest_date_written_beside_the_term_is_not_read_as_its_end():
    # "but in no event later than …", « et au plus tard le … » are read nowhere as the end: a deadline of payment or notice is
    # written the same way, and a term counted from a known start ends before it
    for text, end in (
        (ENGLISH + "This Agreement shall terminate three (3) years after the Effective Date, but in no event later than December 31, 2025.", date(2024, 3, 10)),
        (
            ENGLISH + "This Agreement shall expire on the third anniversary of the Effective Date, and the final royalty report shall be "
            "delivered in no event later than June 30, 2024.",
            date(2024, 3, 10),
        ),
        (FRENCH + "Le présent contrat prendra fin trois ans après la Date d'Effet, le solde étant réglé à trente jours et au plus tard le 30 avril 2024.", date(2024, 3, 9)),
    ):
        finding = end_finding(text)
        assert finding is not None and finding.value == end


def test_a_deadline_for_a_payment_is_no_end():
    text = OTHER + "Hesketh shall pay the first invoice, and in no event later than June 30, 2022, unless the parties agree otherwise."
    assert extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date is None


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (
            ENGLISH + "Subject to earlier termination, the initial term of this Agreement shall be for a period beginning on the Effective Date "
            "and ending ten (10) years thereafter.",
            date(2031, 3, 10),
        ),
        (
            OTHER + "Corvane shall supply the products.\n\nARTICLE 7 MISCELLANEOUS\nUnless sooner terminated, this Agreement will continue in full "
            'force beginning on the Effective Date and ending two (2) years thereafter ("Term").',
            date(2023, 3, 10),
        ),
        (
            FRENCH + "Le présent contrat est conclu pour une période commençant à la Date d'Effet et se terminant cinq (5) ans plus tard.",
            date(2026, 3, 9),
        ),
    ],
    ids=["initial-term-ending-thereafter", "agreement-continues-ending-thereafter", "commencant-et-se-terminant-plus-tard"],
)
def test_a_period_beginning_on_its_start_and_ending_a_length_thereafter_is_the_term(text, end):
    finding = extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date
    # an English length ends on its anniversary (rule "anniversary"), a French one the day before
    assert finding is not None and finding.value == end and finding.rule == ("duration" if text.startswith(FRENCH) else "anniversary")


@pytest.mark.parametrize(
    "article",
    [
        # lengths of other things in a sentence whose subject is the contract (found by a review of the first version)
        "This Agreement shall terminate if a force majeure event lasts more than ninety (90) days.",
        "This Agreement shall terminate if Hesketh places no order for twelve (12) consecutive months.",
        "This Agreement shall be effective as of the Effective Date and Hesketh shall be the exclusive distributor for two (2) years.",
        "This Agreement shall be effective upon signature and the prices are fixed for eighteen (18) months.",
        "This Agreement shall remain in effect and the Products shall be warranted for twelve (12) months from delivery.",
    ],
    ids=["force-majeure-days", "no-order-months", "exclusivity-years", "prices-fixed-months", "warranty-months"],
)
def test_the_length_of_another_thing_in_a_sentence_about_the_contract_is_no_term(article):
    finding = end_finding(ENGLISH.replace("ARTICLE 2 TERM", "ARTICLE 2 GENERAL") + article)
    assert finding is None


@pytest.mark.parametrize(
    "text",
    [
        FRENCH + "Le présent contrat est conclu pour une durée indéterminée, la période minimale d'engagement étant de douze mois.",
        ENGLISH + "This Agreement is entered into for an indefinite period; the minimum commitment is twelve (12) months.",
    ],
)
def test_an_indefinite_term_with_a_minimum_commitment_stays_indefinite(text):
    term = extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10))
    assert term.end_date is None and term.indefinite is not None


@pytest.mark.parametrize(
    "other",
    [
        "The lease of the warehouse shall expire on February 1, 2024.",
        "The Prior Distribution Agreement shall terminate on April 1, 2024.",
        "Le bail du dépôt court du 1er avril 2021 au 31 mars 2024.",
    ],
)
def test_another_documents_end_near_the_counted_length_does_not_replace_it(other):
    text = ENGLISH + "This Agreement shall have an Initial Term of three (3) years.\n\nARTICLE 9 PREMISES\n" + other
    finding = extract_term(split_articles("t1", text), signature_date=date(2021, 3, 10)).end_date
    assert finding is not None and finding.value == date(2024, 3, 10) and finding.rule == "anniversary"  # counted to its anniversary


@pytest.mark.parametrize(
    "article",
    [
        # a notice's length, a cure period, a donation's quarter "for the term of this Agreement", two lengths in one sentence
        "Either party may terminate this Agreement upon fifteen (15) days written notice if the breach remains uncured at the end of such fifteen (15) day period.",
        "Donations will be paid beginning on the first full quarter [three (3) month period] and continue quarterly for the term of this Agreement.",
        "This Agreement shall continue in effect from the Effective Date for the period ending two (2) years or five (5) years thereafter, as the parties elect.",
        "The Term shall continue thereafter, and the Distributor shall keep its records for seven (7) years following the expiration of the Term.",
    ],
    ids=["notice-and-cure", "donation-quarter", "two-lengths", "records-after-expiry"],
)
def test_a_loose_length_that_is_a_notice_a_quarter_or_ambiguous_gives_no_end(article):
    assert end_finding(ENGLISH + article) is None


@pytest.mark.parametrize(
    ("article", "end", "confidence"),
    [
        # the earlier of an anniversary and an early termination on notice: the anniversary is the end
        ("This Agreement shall continue in effect until the earlier of (a) the third (3rd) anniversary of the Effective Date, and (b) "
         "termination by either Party upon sixty (60) days' written notice.", date(2024, 3, 10), {"high", "medium"}),
        # the earlier of an anniversary and an event the contract does not date: a bound (low confidence, listed apart)
        ("This Agreement shall remain in effect until the earlier of the following events: (a) the fourth anniversary of this Agreement; "
         "and (b) the Distributor ceasing to hold any shares of Corvane.", date(2025, 3, 10), {"low"}),
        # the anniversary of the contract itself: its date
        ("This Agreement shall remain in force until the second anniversary of this Agreement.", date(2023, 3, 10), {"high", "medium"}),
        # a typo, a dot after the day: no full stop
        ("This Agreement shall be in effect until June 30. 2026, unless sooner terminated by either party.", date(2026, 6, 30), {"high"}),
    ],
)
def test_an_anniversary_after_the_earlier_of_or_of_this_agreement_and_a_dotted_day_end_the_term(article, end, confidence):
    found = end_finding(ENGLISH + article)
    assert found is not None and found.value == end and found.confidence in confidence


def test_the_anniversary_of_another_date_of_the_agreement_is_not_the_agreement_s_own():
    # "this Agreement's Closing Date" is not the anniversary of this Agreement: nothing dates the closing, no end
    assert end_finding(ENGLISH + "This Agreement shall remain in force until the second anniversary of this Agreement's Closing Date.") is None


@pytest.mark.parametrize(
    ("article", "end", "confidence"),
    [
        # another agreement's termination as the other limb: a bound
        ("This Agreement shall continue until the earlier of (a) the fifth anniversary of the Effective Date and (b) termination of the "
         "Supply Agreement by either party upon notice.", date(2026, 3, 10), {"low"}),
        # "the earlier to occur of", "the date that is", a semicolon before the early termination
        ("This Agreement shall continue until the earlier to occur of (a) the fifth anniversary of the Effective Date and (b) termination "
         "by either Party upon ninety (90) days' notice.", date(2026, 3, 10), {"high", "medium"}),
        ("This Agreement shall continue until the earlier of (a) the date that is the fifth anniversary of the Effective Date and (b) "
         "termination by either Party upon ninety (90) days' notice.", date(2026, 3, 10), {"high", "medium"}),
        ("This Agreement shall continue until the earlier of: (a) the fifth anniversary of the Effective Date; and (b) termination by "
         "either Party upon ninety (90) days' notice.", date(2026, 3, 10), {"high", "medium"}),
    ],
)
def test_the_other_limb_of_the_earlier_of_decides_whether_the_anniversary_is_a_bound(article, end, confidence):
    found = end_finding(ENGLISH + article)
    assert found is not None and found.value == end and found.confidence in confidence


def test_the_anniversary_of_this_agreement_followed_by_an_event_is_not_its_date():
    assert end_finding(ENGLISH + "This Agreement shall remain in force until the third anniversary of this Agreement being approved by "
                       "the Board of Corvane.") is None


def test_a_year_that_starts_the_next_sentence_is_no_typo_of_a_date():
    from greffier.text.sentences import split_sentences  # why: the splitter's own behaviour, on the sentence that fooled it

    assert split_sentences("The initial term ends on June 30. 2000 shares of Common Stock shall vest on that day.") == [
        "The initial term ends on June 30.", "2000 shares of Common Stock shall vest on that day."]
    assert split_sentences("It is in effect until June 30. 2026, unless terminated.") == ["It is in effect until June 30. 2026, unless terminated."]


def test_a_sentence_wrapped_on_the_page_is_one_sentence_but_a_list_s_items_are_not():
    from greffier.text.sentences import split_sentences  # why: the splitter's own behaviour

    # walkthrough 25: a PDF's lines cut « … concluded for an initial » from « period of five (5) years. »
    assert split_sentences("It is concluded for an initial\nperiod of five (5) years.\n16.2 It renews.") == [
        "It is concluded for an initial\nperiod of five (5) years.", "16.2 It renews."]
    # a line that ends a sentence, a colon, a list's items, a line that starts in capitals: each its own
    assert split_sentences("Le Prestataire s'engage :\na) à livrer ;\nb) à payer.\nii. second\nLe Client paie.") == [
        "Le Prestataire s'engage :", "a) à livrer ;", "b) à payer.", "ii. second", "Le Client paie."]
    assert split_sentences("Title of the article\nThe Supplier shall deliver.") == ["Title of the article", "The Supplier shall deliver."]
    # the review: spaces or a carriage return before the line break, a « label : » line of a signature block
    assert split_sentences("Le Fournisseur s'engage à :  \nlivrer les produits ;  \nformer le personnel.", semicolons=True) == [
        "Le Fournisseur s'engage à :", "livrer les produits ;", "former le personnel."]
    assert split_sentences("The Licensee shall pay the fees. \r\nthe Licensor shall deliver.") == ["The Licensee shall pay the fees.", "the Licensor shall deliver."]
    assert split_sentences("Pour le Fournisseur\nnom : Jean Dupont\nqualité : Président") == ["Pour le Fournisseur", "nom : Jean Dupont", "qualité : Président"]


@pytest.mark.parametrize("article", [
    "This Agreement shall continue until terminated by either party. Each Statement of Work shall have a service term of six (6) months.",
    "This Agreement shall continue until terminated by either party. Each licence granted under it shall have a licence term of three (3) years.",
    "Le contrat est conclu pour une durée indéterminée. Le Preneur dispose d'une période de trois (3) mois pour contester la facture.",
])
def test_a_sub_document_s_term_is_not_the_contract_s(article):
    # (and a period to act is no term: « dispose d'une période de trois mois pour contester la facture »)
    # the review of round 35: "an initial subscription term of" is the contract's; "a service term of" an order's
    assert end_finding(ENGLISH + article) is None


def test_in_any_event_no_later_than_a_date_is_an_end_at_the_latest():
    # walkthrough 15: "… until the expiry of the last Warranty Period, provided that it shall in any event expire no later than …"
    bound = end_finding(ENGLISH + "This Agreement shall remain in force until the expiry of the last Warranty Period, provided that it "
                        "shall in any event expire no later than 31 December 2027, save for the provisions that survive.")
    assert bound is not None and bound.value == date(2027, 12, 31) and bound.confidence == "low" and "at the latest" in bound.doubt
    # a long-stop date (a review): at the latest too, never a sure end
    longstop = end_finding(ENGLISH + "This Agreement shall automatically terminate if Closing has not occurred, and shall in any event "
                           "terminate no later than 31 March 2025 unless the Conditions have been satisfied.")
    assert longstop is not None and longstop.confidence == "low"
    # an offer's deadline is no term of the contract
    assert end_finding(ENGLISH + "This offer shall expire no later than 15 March 2024 if not accepted in writing.") is None


@pytest.mark.parametrize(
    ("article", "end", "doubt"),
    [
        # the date second, after an event: a bound — the later of them ends it at the earliest, the earlier at the latest
        ("The term of this Agreement shall expire upon the later of: (a) the conclusion of the 2024/25 racing season and (b) the last "
         "day in February, 2025, unless sooner terminated.", date(2025, 2, 28), "at the earliest"),
        ("This Agreement shall terminate on the earlier of (a) the termination of the Supply Agreement and (b) December 31, 2025.",
         date(2025, 12, 31), "at the latest"),
        # a length from an event the text does not date, and a date it never runs past: that date, at the latest
        ("This Agreement shall terminate five (5) years following the date of the first commercial sale, but in no event later than "
         "June 30, 2027.", date(2027, 6, 30), "at the latest"),
        ("Le présent contrat prendra fin trois ans après la mise en service de l'installation, et en aucun cas au-delà du 31 mars 2026.",
         date(2026, 3, 31), "at the latest"),
    ],
)
def test_a_date_in_the_second_limb_or_in_no_event_later_than_is_a_bound(article, end, doubt):
    found = end_finding((FRENCH if article.startswith("Le ") else ENGLISH) + article)
    assert found is not None and found.value == end and found.confidence == "low" and doubt in found.doubt


def test_a_stated_commencement_date_starts_a_term_counted_from_it():
    # "The commencement date for this contract will be …" dates the lower-case "commencement date" the term runs from
    text = ("OUTSOURCING AGREEMENT\n\nARTICLE 1 TERM\nThe commencement date for this contract will be 16th June 2024.\n\n"
            "The initial term of the contracted agreement is 3 years from the commencement date.")
    found = extract_term(split_articles("t1", text)).end_date
    assert found is not None and found.value == date(2027, 6, 16) and found.confidence == "high"


def test_a_fixed_term_beginning_and_ending_on_dates_outside_a_term_article():
    # no article about the term: the sentence's own "a fixed term … beginning … and ending …" says it is the contract's
    text = ("JOINT VENTURE AGREEMENT\n\nARTICLE 1 PURPOSE\nThe purpose of the Joint Venture is the sale of garden tools. The Joint Venture "
            "is a fixed term Joint Venture beginning March 1, 2021 and ending March 31st, 2023 or as otherwise provided herein.")
    found = extract_term(split_articles("t1", text)).end_date
    assert found is not None and found.value == date(2023, 3, 31)
    # … while a project's schedule in another article is no term
    schedule = ("JOINT VENTURE AGREEMENT\n\nARTICLE 1 PURPOSE\nThe purpose of the Joint Venture is the sale of garden tools. The pilot "
                "phase is planned beginning March 1, 2021 and ending March 31st, 2023.")
    assert extract_term(split_articles("t1", schedule)).end_date is None


@pytest.mark.parametrize(
    "definition",
    [
        # walkthrough 16's loan: the final maturity date defined in the definitions article, by a length and the date it falls on
        "« Date d'Échéance Finale » désigne la date tombant sept (7) ans après la Date de Signature, soit le 30 juin 2028.",
        '"Expiration Date" means June 30, 2028.',
    ],
)
def test_the_end_s_name_defined_as_a_date_ends_the_contract(definition):
    text = (FRENCH if definition.startswith("«") else ENGLISH).replace("ARTICLE 3 — DURÉE\n", "").replace("ARTICLE 2 TERM\n", "")
    found = end_finding(text + "\n\nARTICLE 9 — DEFINITIONS\n" + definition)
    assert found is not None and found.value == date(2028, 6, 30)
    # an option's expiry date, or an end defined by an event, is no such date
    assert end_finding(ENGLISH + '"Option Expiration Date" means June 30, 2028.') is None
    assert end_finding(ENGLISH + '"Expiration Date" means the date of the last delivery of Products.') is None


OPEN_ENDED = ENGLISH + "This Agreement shall continue in effect until terminated by either party in accordance with Article 9.\n\n"


@pytest.mark.parametrize(
    ("article", "text"),
    [
        # a review of the round: a deadline written "in no event later than" in another clause is no end
        ("ARTICLE 5 PAYMENT", "The Distributor shall pay each invoice under this Agreement at the end of the month, but in no event later "
         "than June 30, 2022."),
        ("ARTICLE 9 TERMINATION", "Either party may terminate this Agreement by written notice given in no event later than December 31, 2021."),
        # … a deposit "in a fixed term deposit ending on …", an option's expiry in its second limb
        ("ARTICLE 6 SECURITY", "The Distributor shall keep the security deposit under this Agreement in a fixed term deposit ending on "
         "June 30, 2022."),
        ("ARTICLE 7 OPTION", "The option to purchase the Shares under this Agreement shall expire on the earlier of (a) the Closing and (b) "
         "June 30, 2022."),
    ],
)
def test_deadlines_deposits_and_options_are_no_end_of_an_open_ended_contract(article, text):
    found = extract_term(split_articles("t1", OPEN_ENDED + f"{article}\n{text}"), signature_date=date(2021, 3, 10))
    assert found.end_date is None, found.end_date


def test_a_firm_end_is_not_made_a_bound_by_another_clause_s_deadline():
    found = end_finding(ENGLISH + "This Agreement shall expire on December 31, 2025, and the Distributor shall return all unsold stock in "
                        "no event later than January 31, 2026.")
    assert found is not None and found.value == date(2025, 12, 31) and found.confidence == "high"


@pytest.mark.parametrize(
    "stated",
    ["The royalty start date will be January 1, 2022.", "The rent commencement date shall be September 1, 2021.",
     "The warranty start date is 1 June 2021."],
)
def test_another_start_date_does_not_start_the_term(stated):
    # a review: "X start date will be …" moved the term's start ("five years from the Effective Date", made on March 10, 2021)
    found = end_finding(ENGLISH + 'This Agreement shall continue for five (5) years from the Effective Date.\n\nARTICLE 4 FEES\n' + stated)
    assert found is not None and found.value == date(2026, 3, 10), found


@pytest.mark.parametrize(
    ("article", "end", "confidence"),
    [
        # walkthrough 17's loan: the event the term runs from, dated in apposition; and the last instalment's date written
        ("Le prêt est consenti pour une durée de sept (7) ans à compter de la date de mise à disposition des fonds, fixée au 15 juillet "
         "2021.", date(2028, 7, 14), "high"),
        ("Le prêt est consenti pour une durée de sept (7) ans à compter de la date de mise à disposition des fonds, fixée au 15 juillet "
         "2021. La dernière échéance de remboursement interviendra le 15 juillet 2028.", date(2028, 7, 15), "high"),
        ("Le contrat est conclu pour trois ans à compter de la réception des travaux, soit le 1er avril 2022.", date(2025, 3, 31), "high"),
        # a date the parties expect is no date that is: the end counted from it is low confidence
        ("Le contrat est conclu pour trois ans à compter de la réception des travaux, prévue le 1er avril 2022.", date(2025, 3, 31), "low"),
    ],
)
def test_an_event_dated_in_apposition_starts_the_term(article, end, confidence):
    found = end_finding(FRENCH + article)
    assert found is not None and (found.value, found.confidence) == (end, confidence), found


def test_an_event_dated_in_apposition_in_english():
    found = end_finding(ENGLISH + "This Agreement shall remain in force for three (3) years from the date of first delivery, being March 1, 2024.")
    assert found is not None and (found.value, found.confidence) == (date(2027, 3, 1), "high"), found
    expected = end_finding(ENGLISH + "This Agreement shall remain in force for three (3) years from the date of first delivery, expected to be "
                           "March 1, 2024.")
    assert expected is not None and expected.confidence == "low", expected


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        # a review: « à la date du premier anniversaire » of a price review or a meeting is no end
        ("Le présent contrat est conclu pour une durée indéterminée. Les prix seront révisés à la date du premier anniversaire de la Date "
         "d'Effet.", None),
        ("Le présent contrat est conclu pour une durée de deux ans. Les Parties se rencontreront à la date du premier anniversaire de la "
         "Date d'Effet.", date(2023, 3, 9)),
    ],
)
def test_a_review_or_a_meeting_on_an_anniversary_is_no_end(sentence, end):
    found = end_finding(FRENCH + sentence)
    assert (found.value if found else None) == end, found


@pytest.mark.parametrize(
    ("text", "end"),
    [
        # a project's terms written in a delivery clause, a form's "Contract end:" line (round 28)
        ("WEBSITE AGREEMENT\n\n4. DELIVERY\n(b) Due Dates. Terms of the project: 10 weeks from April 6, 2020 to June 15, 2020. Delays follow.",
         date(2020, 6, 15)),
        ("SERVICE ORDER\n\nContract start: April 1, 2019\nContract end: March 31, 2021\nFees: as quoted.", date(2021, 3, 31)),
    ],
    ids=["terms-of-the-project", "contract-end-line"],
)
def test_a_project_s_terms_and_a_contract_end_line(text, end):
    finding = end_finding(text)
    assert finding is not None and finding.value == end


def test_the_end_of_something_else_is_no_contract_end():
    finding = end_finding("SERVICE ORDER\n\nThe contract end of the warranty period is described in Schedule 2, dated March 31, 2021.")
    assert finding is None or finding.value != date(2021, 3, 31)


def test_a_hire_period_article_is_about_the_term():
    # walkthrough 18: "3. HIRE PERIOD" held the end, and the record said "no article about the term"
    chunks = [
        ChunkInput(id="h-1", section="CRANE HIRE AGREEMENT", text="CRANE HIRE AGREEMENT"),
        ChunkInput(id="h-2", section="3. HIRE PERIOD", text="3. HIRE PERIOD\n3.1 The hire shall commence on 12 September 2022 and shall end on 28 February 2025."),
    ]
    finding = extract_term(chunks)
    assert finding.end_date is not None and finding.end_date.value == date(2025, 2, 28) and finding.evidence == ["h-2"]


def test_a_hire_period_gives_way_to_the_term_article_and_a_project_plan_is_no_term():
    # a review of round 28: a master hire agreement's first order's hire period is not its term
    chunks = [
        ChunkInput(id="a-1", section="MASTER HIRE AGREEMENT", text="MASTER HIRE AGREEMENT"),
        ChunkInput(id="a-3", section="3. HIRE PERIOD", text="3. HIRE PERIOD\n3.1 The hire under Hire Order No. 1 shall end on 30 June 2024."),
        ChunkInput(id="a-12", section="12. TERM", text="12. TERM\n12.1 This Agreement shall remain in force until 31 December 2026."),
    ]
    assert extract_term(chunks).end_date.value == date(2026, 12, 31)
    plan = "CONSULTING AGREEMENT\n\n4. DELIVERY\nUnder the terms of the project plan, Phase 1 shall run from April 6, 2020 to June 15, 2020."
    assert end_finding(plan) is None


def test_a_term_from_an_event_another_article_dates_as_the_start_ends_from_that_date():
    # walkthrough 30: a forklift lease « de quarante-huit (48) mois à compter de la date de livraison », its article 2 « livrés … le 1er
    # septembre 2023, date qui constitue le point de départ de la location » — no end was read
    text = (
        "CONTRAT DE LOCATION LONGUE DURÉE\n\nEntre Manutentis Location SAS et Vercors Logistique SAS.\n\nArticle 2 – Livraison\n"
        "Les Matériels ont été livrés et le procès-verbal de livraison a été signé le 1er septembre 2023, date qui constitue le point de "
        "départ de la location.\n\nArticle 3 – Durée\nLa location est consentie pour une durée ferme et irrévocable de quarante-huit (48) "
        "mois à compter de la date de livraison.\n"
    )
    found = extract_term(split_articles("t1", text), signature_date=date(2023, 7, 28)).end_date
    assert found is not None and found.value == date(2027, 8, 31), found
    # … and without that sentence, the event dates nothing
    undated = text.replace(", date qui constitue le point de départ de la location", "")
    assert extract_term(split_articles("t1", undated), signature_date=date(2023, 7, 28)).end_date is None
    # … nor does the starting point of something else than the term (the review of the round: a warranty's, a payment's)
    for other in ("de la garantie contractuelle", "du délai de paiement"):
        elsewhere = text.replace("point de départ de la location", f"point de départ {other}")
        assert extract_term(split_articles("t1", elsewhere), signature_date=date(2023, 7, 28)).end_date is None, other


def test_an_insurance_policy_s_period_is_its_term():
    # walkthrough 30: "Section 2 – Period of insurance … from 1 January 2026 to 31 December 2026" read « no article about the term »
    text = (
        "MARINE CARGO INSURANCE POLICY\n\nSection 1 – Insured\nVercors Logistique SAS.\n\nSection 2 – Period of insurance\n"
        "2.1 This policy is issued for the period from 1 January 2026 to 31 December 2026 (both dates inclusive).\n"
    )
    found = extract_term(split_articles("t1", text)).end_date
    assert found is not None and found.value == date(2026, 12, 31), found


@pytest.mark.parametrize("period", [
    "This Policy is issued for the Period of Insurance from 1 January 2026 at 00:00 to 31 December 2026 at 24:00.",
    "This Policy is issued for the Period of Insurance from 00:00 hours GMT on 1 January 2026 to 24:00 hours GMT on 31 December 2026.",
    "La police est souscrite pour la période du 1er janvier 2026 à 0h00 au 31 décembre 2026 à 24h00.",
    # (the review of the round: hours in words, a.m., midnight, noon)
    "La police est souscrite pour la période du 1er janvier 2026 à 0 heure au 31 décembre 2026 à 24 heures.",
    "This Policy is issued for the Period of Insurance from January 1, 2026 at 12:01 a.m. to December 31, 2026 at midnight.",
    "This Policy is issued for the Period of Insurance from 1 January 2026 at midnight to 31 December 2026.",
    "La police est souscrite pour la période du 1er janvier 2026 à midi au 31 décembre 2026 à midi.",
])
def test_an_insurance_period_ends_on_its_last_day_whatever_the_hours_written(period):
    # walkthrough 31: the hour after the start date ("1 January 2026 at 00:00") left a compulsory liability policy with no end
    text = f"HEALTHCARE PROFESSIONAL LIABILITY INSURANCE POLICY\n\nSECTION 6 — PERIOD OF INSURANCE\n{period} This Policy shall not be renewed tacitly.\n"
    found = extract_term(split_articles("t1", text)).end_date
    assert found is not None and found.value == date(2026, 12, 31), found


@pytest.mark.parametrize(("text", "end"), [
    ("This DPA enters into force on the date of its signature and remains in force for as long as the Processor processes personal data "
     "under the Subscription Agreement, whose initial term expires on 30 September 2027.", date(2027, 9, 30)),
    ("La présente convention est conclue pour toute la durée du contrat principal, qui prend fin le 31 décembre 2027.", date(2027, 12, 31)),
    ("This Schedule shall be co-terminous with the Master Services Agreement, which expires on 31 March 2028.", date(2028, 3, 31)),
])
def test_a_term_tied_to_another_agreement_is_no_end_of_its_own(text, end):
    # the app walk of round 39: a DPA that lasts as long as the processing under a subscription (which renews) was listed as ending on
    # the subscription's first end; the date is read, but low: a filter lists the contract apart, with the reason
    found = extract_term([ChunkInput(id="c1-3", section="9. Term", text=text)]).end_date
    assert found is not None and found.value == end and found.confidence == "low" and "another agreement" in found.doubt
    # near miss: its own end, written as plainly
    own = extract_term([ChunkInput(id="c1-3", section="9. Term", text=f"This Agreement enters into force on 1 October 2024 and expires on {end:%d %B %Y}.")]).end_date
    assert own is not None and own.value == end and own.confidence == "high"


@pytest.mark.parametrize("text", [
    # the review of the round: the words of a tied term elsewhere in the sentence
    "This Agreement shall enter into force concurrently with the Closing and shall remain in force until 31 December 2030.",
    "This Agreement shall expire on 31 December 2030, and the Supplier shall keep the records for as long as the law requires.",
    "Le présent contrat prend fin le 31 décembre 2030, le Prestataire restant tenu à la confidentialité aussi longtemps que les informations ne sont pas publiques.",
])
def test_a_tied_term_s_words_said_of_something_else_leave_the_end_sure(text):
    found = extract_term([ChunkInput(id="c1-3", section="9. Term", text=text)]).end_date
    assert found is not None and found.value == date(2030, 12, 31) and found.confidence == "high", found
