"""What walkthrough 22 (a tower operator's data room: a site-sharing lease and its amendment, a rooftop occupancy agreement, a
notarial long lease, a fibre IRU, a power supply, a loan with a guarantee) found misread, read from text written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.extract.dates import extract_signature_date
from greffier.dataroom.extract.parties import extract_parties
from greffier.dataroom.extract.term import extract_term
from greffier.dataroom.extract.text import ChunkInput
from greffier.dataroom.normalize import find_dates
from greffier.dataroom.records import ContractInput, build_records, next_notice
from greffier.dataroom.vocabulary import match_contract_type

LEASE = """MASTER SITE LEASE AGREEMENT
This Agreement is entered into on 3 April 2018 by and between Mâts d'Armorique SAS, a French société par actions simplifiée ("TowerCo"), and Liaison Mobile S.A., a French société anonyme (the "Operator").
3. Term
3.1 This Agreement shall continue for an initial term of ten (10) years, expiring on 30 April 2028 (the "Initial Term").
3.2 It shall automatically renew for successive periods of three (3) years unless either Party serves notice of non-renewal not less than twelve (12) months before the end of the Initial Term or of the then current renewal period.
9. Law
This Agreement is governed by French law.
"""

AMENDMENT = """AMENDMENT No. 2 TO THE MASTER SITE LEASE AGREEMENT DATED 3 APRIL 2018
This Amendment is entered into on 5 May 2025 by and between Mâts d'Armorique SAS ("TowerCo") and Liaison Mobile S.A. (the "Operator").
Clause 1 – Term
Clause 3.1 of the Agreement is deleted and replaced by the following: the Initial Term shall end on 30 April 2033 rather than on 30 April 2028.
Clause 2 – Notice of non-renewal
In Clause 3.2 of the Agreement, the words "twelve (12) months" are replaced by the words "eighteen (18) months".
"""


def _records(*texts: str):
    inputs = [
        ContractInput(id=f"c{i}", file=f"room/c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return {record.id: record for record in build_records(inputs)}


def _names(text: str, title: str = "X") -> list[str]:
    return [p.name for p in extract_parties(title, [ChunkInput(id="x-1", text=text)])]


def test_a_name_with_an_elided_particle_is_read_whole_and_its_amendment_moves_the_end_and_the_notice():
    # « Pylônes d'Iroise SAS » was read « Pylônes »: the amendment found no contract with its parties and moved nothing
    assert _names(LEASE.splitlines()[1]) == ["Mâts d'Armorique SAS", "Liaison Mobile S.A."]
    assert _names("Entre la Caisse d'Épargne Loire Océan, société anonyme, ci-après « la Banque », et la société Mâts d'Armorique SAS, ci-après "
                  "« le Client ».") == ["Caisse d'Épargne Loire Océan", "Mâts d'Armorique SAS"]
    records = _records(LEASE, AMENDMENT)
    lease = records["c1"]
    assert lease.amended_by == ["c2"] and lease.end_date == date(2033, 4, 30) and lease.initial_end_date == date(2028, 4, 30), lease.warnings
    # … and its new notice: eighteen months before the new end, not twelve before the old one
    assert lease.renewal == "automatic" and lease.renewal_notice == "18 months", lease.warnings
    assert next_notice(lease, date(2026, 12, 6)) == (date(2031, 10, 30), date(2033, 4, 30))
    assert any(w.startswith("renewal notice 12 months → 18 months") for w in lease.warnings), lease.warnings


def test_a_building_s_co_owners_and_a_notarial_deed_s_appearing_parties_are_read():
    rooftop = ("CONVENTION D'OCCUPATION D'UNE TERRASSE\nENTRE LES SOUSSIGNÉS :\nLe Syndicat des copropriétaires de l'immeuble « Le Clos des Lilas », "
               "sis 4 rue Lafayette, 44000 Nantes, représenté par son syndic, ci-après « le Propriétaire »,\nET :\nMâts d'Armorique SAS, ci-après "
               "« l'Occupant ».")
    assert _names(rooftop) == ["Syndicat des copropriétaires de l'immeuble « Le Clos des Lilas »", "Mâts d'Armorique SAS"]
    deed = ("BAIL EMPHYTÉOTIQUE\nL'AN DEUX MILLE VINGT-QUATRE, LE SEPT MARS,\nPar-devant Maître Jeanne LE BRIS, notaire à Quimper,\nONT COMPARU :\n"
            "Madame Louise Marie TANGUY, agricultrice, demeurant à Pleyben,\nCi-après dénommée « le Bailleur »,\nD'une part,\n"
            "La société dénommée MÂTS D'ARMORIQUE, société par actions simplifiée, dont le siège est à Brest,\nCi-après dénommée « le Preneur »,\n"
            "D'autre part.\nLesquels ont préalablement exposé ce qui suit.")
    assert _names(deed, "BAIL EMPHYTÉOTIQUE") == ["Madame Louise Marie TANGUY", "MÂTS D'ARMORIQUE"]
    # the deed is dated by its opening, the year first: the day it is signed
    assert [m.value for m in find_dates(deed)] == [date(2024, 3, 7)]
    signed = extract_signature_date([ChunkInput(id="d-1", text=deed)])
    assert signed is not None and signed.value == date(2024, 3, 7) and signed.confidence == "high", signed


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("CONTRAT DE PRÊT À MOYEN TERME ASSORTI D'UN CAUTIONNEMENT SOLIDAIRE", "contrat de prêt"),  # a loan, not its guarantee
        ("ACTE DE CAUTIONNEMENT SOLIDAIRE", "cautionnement"),
        ("BAIL EMPHYTÉOTIQUE", "bail emphytéotique"),  # not a commercial lease (the bail commercial playbook ran on it)
        ("CONVENTION D'OCCUPATION D'UNE PARTIE DE TOITURE-TERRASSE", "convention d'occupation"),
        ("INDEFEASIBLE RIGHT OF USE AGREEMENT (DARK FIBRE)", "droit d'usage irrévocable"),
        ("Convention d'occupation temporaire du domaine public portuaire", "convention d'occupation du domaine public"),
    ],
)
def test_the_room_s_kinds_of_contract(title, kind):
    assert match_contract_type(title) == kind


def test_a_final_maturity_date_the_loan_writes_wins_over_its_length_counted():
    # « sept (7) ans à compter du 15 mars 2023 » counts to 14 March 2030; the loan writes its last day, 15 March 2030
    text = ("CONTRAT DE PRÊT\nARTICLE 2 – DURÉE\nLe prêt est consenti pour une durée de sept (7) ans à compter de la date de premier tirage, fixée "
            "au 15 mars 2023. La date d'échéance finale est fixée au 15 mars 2030.\n")
    found = extract_term(split_articles("p1", text)).end_date
    assert found is not None and found.value == date(2030, 3, 15) and found.rule == "end", found


def test_a_notice_before_a_term_counted_to_its_anniversary_is_due_the_day_before_so_it_is_never_late():
    # "thirty-six (36) months from the Start Date" of 1 April 2023 ends on 1 April 2026 (the common-law reading, as CUAD's lawyers
    # count it) — or on 31 March by the civil-law one: the notice deadline counts from the earlier day
    supply = ("ELECTRICITY SUPPLY AGREEMENT\nThis Agreement is made on 1 February 2023 between Voltis Énergie S.à r.l. (the \"Supplier\") and Mâts "
              "d'Armorique SAS (the \"Customer\").\n2. Term\n2.1 Supply shall start on 1 April 2023 (the \"Start Date\") and this Agreement shall "
              "remain in force for a period of thirty-six (36) months from the Start Date.\n2.2 Thereafter, this Agreement shall be tacitly extended "
              "for successive periods of twelve (12) months, unless terminated by either party by written notice given at least three (3) months "
              "before the end of the then current period.\n")
    record = _records(supply)["c1"]
    assert record.end_date == date(2026, 4, 1) and record.sources["end_date"].rule == "anniversary"
    assert next_notice(record, date(2026, 6, 1)) == (date(2026, 12, 31), date(2027, 4, 1))


@pytest.mark.parametrize(
    "rewrite",
    [
        # a cure period's notice, not the notice that stops a renewal (the review of the round: it became the renewal notice)
        'Clause 1 – Termination\nIn Clause 8.1 of the Agreement, the words "thirty (30) days\' notice" are replaced by the words "sixty (60) days\' notice".',
        # the renewal period's length, not its notice
        'Clause 1 – Term and renewal\nIn Clause 3.2 of the Agreement, the words "three (3) years" are replaced by the words "five (5) years".',
    ],
)
def test_an_amendment_rewriting_another_length_leaves_the_renewal_notice(rewrite):
    amendment = ("AMENDMENT No. 3 TO THE MASTER SITE LEASE AGREEMENT DATED 3 APRIL 2018\nThis Amendment is entered into on 5 May 2025 by and "
                 "between Mâts d'Armorique SAS (\"TowerCo\") and Liaison Mobile S.A. (the \"Operator\").\n" + rewrite + "\n")
    lease = _records(LEASE, amendment)["c1"]
    assert lease.amended_by == ["c2"] and lease.renewal_notice == "12 months", lease.warnings
    assert not any(w.startswith("renewal notice") for w in lease.warnings)


def test_a_notice_length_substituted_in_single_quotes_is_read():
    amendment = ("AMENDMENT No. 4 TO THE MASTER SITE LEASE AGREEMENT DATED 3 APRIL 2018\nThis Amendment is entered into on 5 May 2025 by and "
                 "between Mâts d'Armorique SAS (\"TowerCo\") and Liaison Mobile S.A. (the \"Operator\").\nClause 1 – Notice of non-renewal\n"
                 "The Parties agree to substitute ‘six (6) months’ for ‘twelve (12) months’ in Clause 3.2 of the Agreement.\n")
    lease = _records(LEASE, amendment)["c1"]
    assert lease.renewal_notice == "6 months", lease.warnings


def test_the_review_s_near_misses_of_the_round_s_readings():
    # a first instalment is no end (« La première échéance est fixée au 15 juin 2023 » became the loan's end)
    text = ("CONTRAT DE PRÊT\nARTICLE 2 – DURÉE\nLe prêt est consenti pour une durée de sept (7) ans à compter du 15 mars 2023. La première échéance "
            "est fixée au 15 juin 2023.\n")
    found = extract_term(split_articles("p1", text)).end_date
    assert found is not None and found.value == date(2030, 3, 14), found
    # « lesquels ont tous pouvoirs » inside the first party's description ends no list of parties
    assert _names("ENTRE : Alpha SAS, société par actions simplifiée, représentée par MM. Jean Martin et Paul Durand, cogérants, lesquels ont tous "
                  "pouvoirs à l'effet des présentes, ci-après « le Client », ET : Beta SARL, ci-après « le Prestataire ».") == ["Alpha SAS", "Beta SARL"]
    # the co-owners' name stops before their address and their syndic when no comma does
    assert _names("ENTRE LES SOUSSIGNÉS :\nLe Syndicat des copropriétaires de l'immeuble situé 12 rue de la Paix à Paris représenté par son syndic, "
                  "ci-après « le Propriétaire »,\nET :\nBeta SAS, ci-après « l'Occupant ».") == ["Syndicat des copropriétaires de l'immeuble", "Beta SAS"]
    # « ONT COMPARU » with no colon, « DEUX MIL », « du mois de », a day in figures
    deed = ("BAIL\nL'AN DEUX MIL VINGT-QUATRE, LE SEPT DU MOIS DE MARS,\nPar-devant Maître Jeanne LE BRIS, notaire à Quimper,\nONT COMPARU\n"
            "Madame Louise TANGUY, agricultrice,\nCi-après dénommée « le Bailleur »,\nD'une part,\nLa société dénommée ARMOR, société par actions "
            "simplifiée,\nCi-après dénommée « le Preneur »,\nD'autre part.")
    assert _names(deed, "BAIL") == ["Madame Louise TANGUY", "ARMOR"]
    assert [m.value for m in find_dates(deed)] == [date(2024, 3, 7)]
    assert [m.value for m in find_dates("L'AN DEUX MILLE VINGT-DEUX, LE 18 MAI")] == [date(2022, 5, 18)]
