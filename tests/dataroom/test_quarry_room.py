"""What walkthrough 35 (a quarry and ready-mix concrete group's data room: an aggregates supply agreement and its deed of variation, a
share purchase, a crusher hire signed on two dates, a bank facility of three tranches, an exclusive dealer of ready-mixed concrete, a
weighbridge software subscription for a group) found misread, read from text written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.extract.parties import read_parties
from greffier.dataroom.records import ContractInput, build_records
from greffier.dataroom.vocabulary import match_contract_type
from greffier.lexicon import load_lexicon


def _records(*texts: str):
    inputs = [
        ContractInput(id=f"c{i}", file=f"room/c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return {record.id: record for record in build_records(inputs)}


SUPPLY = """LIMESTONE SUPPLY AGREEMENT

This Agreement is made on 3 March 2021 between Calcaires du Poitou SAS, a French société par actions simplifiée ("Supplier"), and Wye
Precast Limited, a company incorporated in England and Wales ("Buyer").

1. DEFINITIONS
1.1 In this Agreement: "Affiliate" means any entity controlling or controlled by a party; "Start Date" means 1 May 2021; "Tonne" means
a metric tonne; "Term" has the meaning given in Clause 2.

2. TERM
This Agreement shall come into force on the Start Date and, subject to earlier termination in accordance with Clause 9, shall continue
until 30 April 2026.

12. GOVERNING LAW
This Agreement is governed by the law of England and Wales.
"""

VARIATION = """DEED OF VARIATION OF THE LIMESTONE SUPPLY AGREEMENT DATED 3 MARCH 2021

This Deed is made on 12 February 2025 between Calcaires du Poitou SAS ("Supplier") and Wye Precast Limited ("Buyer").

1. VARIATION
1.1 Clause 2 (Term) is deleted and replaced by the following: "2. Term. This Agreement came into force on the Start Date and, unless
terminated earlier in accordance with Clause 9, shall continue in force until midnight (London time) on 31 October 2028."
1.2 All other terms of the Agreement remain in full force and effect.
"""

CONTRAT = """CONTRAT DE FOURNITURE DE GRANULATS

Entre Calcaires du Poitou SAS, ci-après « le Fournisseur », et Bétons de la Vienne SAS, ci-après « l'Acheteur ».

Article 3 – Durée
Le contrat prend effet le 1er mai 2021 et prend fin le 30 avril 2026.

Article 12 – Droit applicable
Le contrat est soumis au droit français.

Fait à Poitiers, le 3 mars 2021.
"""

AVENANT = """AVENANT N° 1 AU CONTRAT DE FOURNITURE DE GRANULATS

Entre Calcaires du Poitou SAS, ci-après « le Fournisseur », et Bétons de la Vienne SAS, ci-après « l'Acheteur ».

Article 1 – Durée
L'article 3 du Contrat est remplacé par les stipulations suivantes : « Le contrat, entré en vigueur le 1er mai 2021, sauf résiliation
anticipée dans les conditions de l'article 9, prendra fin le 31 octobre 2028. »

Fait à Poitiers, le 12 février 2025.
"""


@pytest.mark.parametrize(("contract", "amendment"), [(SUPPLY, VARIATION), (CONTRAT, AVENANT)])
def test_a_replaced_term_clause_with_a_proviso_on_an_earlier_end_moves_the_end(contract, amendment):
    # "… and, unless terminated earlier in accordance with Clause 9, shall continue in force until …": the proviso between the contract
    # and its verb kept the new term unread (walkthrough 35's deed of variation: « end date not moved, to check »)
    records = _records(contract, amendment)
    record = records["c1"]
    assert record.amended_by == ["c2"] and record.initial_end_date == date(2026, 4, 30), record.warnings
    assert record.end_date == date(2028, 10, 31) and record.sources["end_date"].origin == "amendment"
    # the evidence is the amendment's words as written, the proviso in them
    assert "earlier" in record.sources["end_date"].raw or "anticipée" in record.sources["end_date"].raw


def test_a_proviso_with_no_closing_comma_still_lets_the_new_end_be_read():
    # the review: "…, unless terminated earlier in accordance with Clause 9 shall continue in force until 31 October 2028, whereupon …":
    # taken out up to the next comma, the proviso took the verb and the date with it
    variation = VARIATION.replace('"2. Term. This Agreement came into force on the Start Date and, unless\nterminated earlier in accordance with '
                                  'Clause 9, shall continue in force until midnight (London time) on 31 October 2028."',
                                  '"2. Term. This Agreement, unless terminated earlier in accordance with Clause 9 shall continue in force until '
                                  '31 October 2028, whereupon it shall expire."')
    assert variation != VARIATION
    assert _records(SUPPLY, variation)["c1"].end_date == date(2028, 10, 31)


def test_an_amendment_with_a_proviso_but_no_new_date_moves_nothing():
    unchanged = VARIATION.replace("shall continue in force until midnight (London time) on 31 October 2028", "shall continue in force as before")
    record = _records(SUPPLY, unchanged)["c1"]
    assert record.end_date == date(2026, 4, 30)


def test_a_term_that_comes_into_force_on_a_defined_date_starts_on_it():
    record = _records(SUPPLY)["c1"]
    assert record.start_date == date(2021, 5, 1)
    assert record.end_date == date(2026, 4, 30)
    # a name the contract does not define as a date gives no start
    undefined = SUPPLY.replace('"Start Date" means 1 May 2021; ', "")
    assert _records(undefined)["c1"].start_date is None


SHARE_PURCHASE = """CONTRAT DE CESSION D'ACTIONS

LES SOUSSIGNÉS :
1. HOLDING MARCHAIS, société par actions simplifiée au capital de 900 000 euros, dont le siège social est situé 4 rue des Tanneurs, 79000
Niort, immatriculée au registre du commerce et des sociétés de Niort sous le numéro 732 829 320, représentée par son Président, Monsieur
Yann Marchais,
2. Monsieur Yann MARCHAIS, né le 9 mai 1958 à Melle, de nationalité française, demeurant 3 allée des Tilleuls, 79000 Niort,
ci-après ensemble « les Cédants » et chacun « un Cédant »,
DE PREMIÈRE PART,
ET
GRANULATS DU CENTRE, société anonyme au capital de 12 000 000 euros, dont le siège social est situé 10 boulevard Jean Jaurès, 87000
Limoges, immatriculée au registre du commerce et des sociétés de Limoges sous le numéro 542 107 651, représentée par Madame Inès Barre,
Directrice générale,
ci-après « le Cessionnaire »,
DE SECONDE PART.

ARTICLE 1 – OBJET
Les Cédants cèdent au Cessionnaire l'intégralité des actions de la société Sablières Marchais.

Fait à Niort, le 2 juillet 2024.
"""


def test_the_buyer_after_the_sellers_first_part_is_a_party():
    # « … ci-après ensemble « les Cédants » …, DE PREMIÈRE PART, ET GRANULATS DU CENTRE … »: the list went on after the sellers' part
    parties = read_parties("", split_articles("c", SHARE_PURCHASE)).parties
    assert [(p.name, p.defined_as) for p in parties][-1] == ("GRANULATS DU CENTRE", ["Cessionnaire"])
    assert len(parties) == 3


def test_a_seller_and_his_registered_holding_are_no_possible_alias():
    # a natural person and a company its RCS number registers are told apart: no « possible alias? … check they are different companies »
    record = _records(SHARE_PURCHASE)["c1"]
    assert {p.kind for p in record.parties} == {"person", "company"}
    assert not [w for w in record.warnings if w.startswith("possible alias?")], record.warnings


def test_two_companies_alike_with_nothing_apart_are_still_a_possible_alias():
    text = SHARE_PURCHASE.replace("Monsieur Yann MARCHAIS, né le 9 mai 1958 à Melle, de nationalité française, demeurant 3 allée des Tilleuls, "
                                  "79000 Niort", "MARCHAIS INVEST, société civile, dont le siège est 3 allée des Tilleuls, 79000 Niort")
    record = _records(text)["c1"]
    assert [w for w in record.warnings if w.startswith("possible alias?")], [(p.name, p.kind, p.siren) for p in record.parties]


@pytest.mark.parametrize(("title", "expected"), [
    ("CONTRAT DE DISTRIBUTION EXCLUSIVE DE BÉTON PRÊT À L'EMPLOI", "contrat de distribution"),  # ready-mixed concrete, no loan
    ("CONTRAT DE FOURNITURE DE MORTIER PRÊT À L'EMPLOI", "contrat de fourniture"),
    ("CONTRAT DE PRÊT À MOYEN TERME", "contrat de prêt"),
    ("PRÊT À TAUX FIXE", "contrat de prêt"),
])
def test_a_product_ready_for_use_is_no_loan(title, expected):
    assert match_contract_type(title) == expected


FACILITY = """CONVENTION DE CRÉDITS

ENTRE : GRANULATS DU CENTRE, société anonyme, immatriculée au RCS de Limoges sous le numéro 542 107 651, ci-après « l'Emprunteur »,
ET : CAISSE RÉGIONALE DU LIMOUSIN, société coopérative de banque, immatriculée au RCS de Limoges sous le numéro 775 636 541, ci-après
« le Prêteur ».

Article 2 – Crédits
Le Prêteur consent à l'Emprunteur un crédit amortissable (le « Crédit A ») et un crédit remboursable in fine (le « Crédit B »).

Article 4 – Remboursement
Le Crédit A est remboursable en dix échéances semestrielles égales, la première échéance intervenant le 30 juin 2025.
Le Crédit B est remboursable en une seule fois le 31 décembre 2031.

Article 11 – Droit applicable
La présente convention est soumise au droit français.

Fait à Limoges, le 20 mars 2025.
"""


def test_a_loan_of_several_tranches_ends_when_the_last_one_is_repaid():
    # ten half-yearly instalments from 30 June 2025 end on 31 December 2029; the bullet tranche, repaid at once on 31 December 2031, later
    record = _records(FACILITY)["c1"]
    assert record.contract_type == "contrat de prêt"
    assert record.end_date == date(2031, 12, 31), record.warnings


def test_half_yearly_instalments_end_on_their_last_one():
    record = _records(FACILITY.replace("Le Crédit B est remboursable en une seule fois le 31 décembre 2031.\n", ""))["c1"]
    assert record.end_date == date(2029, 12, 31), record.warnings


def test_a_loan_repaid_at_once_beside_instalments_in_one_sentence_ends_with_the_later():
    # the review: "The Bridge Loan shall be repaid in full on 30 June 2026 and the Term Loan … in twenty quarterly instalments" ended
    # the loan at its bridge tranche
    text = ("FACILITY AGREEMENT\n\nThis Agreement is made between Granulats du Centre SA (the \"Borrower\") and Caisse du Limousin SA (the "
            "\"Lender\").\n\n4. Repayment\nThe Bridge Loan shall be repaid in full on 30 June 2026 and the Term Loan shall be repaid in "
            "twenty quarterly instalments, the first on 31 March 2025.\n")
    record = _records(text)["c1"]
    assert record.contract_type == "contrat de prêt" and record.end_date == date(2029, 12, 31), record.warnings


@pytest.mark.parametrize("sentence", [
    "2.2 The balance of the price is paid by a Vendor Loan, which shall be repaid in full on 31 December 2026.",
    "Le compte courant d'associé du Cédant sera remboursé intégralement par la Société au plus tard le 31 juillet 2024.",
])
def test_a_sum_an_acquisition_repays_at_once_does_not_end_it(sentence):
    # the review: a share purchase's vendor loan, a shareholder's current account repaid, "ended" the contract
    text = SHARE_PURCHASE.replace("Fait à Niort", f"ARTICLE 2 – PRIX\n{sentence}\n\nFait à Niort")
    assert _records(text)["c1"].end_date is None


HIRE = """MOBILE CRUSHER HIRE AGREEMENT

This Agreement is made between Brecher Anlagenbau GmbH, a company registered with the Amtsgericht Stuttgart under HRB 774102 (the
"Owner"), and Calcaires du Poitou SAS, a French société par actions simplifiée (the "Hirer").

Clause 1 – Equipment
The Owner hires to the Hirer one mobile jaw crusher and one screen.

Clause 2 – Hire Period
The hire period starts on 1 May 2024 and ends on 30 April 2027.

Clause 14 – Governing law
This Agreement is governed by German law.

Signed for and on behalf of BRECHER ANLAGENBAU GMBH by Jonas Brecher, Geschäftsführer, at Stuttgart on 8 April 2024
Signed for and on behalf of CALCAIRES DU POITOU SAS by Anne Morel, Présidente, at Poitiers on 15 April 2024
"""


def test_signature_lines_that_name_the_signatory_first_date_the_contract_by_the_last_one():
    record = _records(HIRE)["c1"]
    assert record.signature_date == date(2024, 4, 15)
    assert (record.start_date, record.end_date) == (date(2024, 5, 1), date(2027, 4, 30))


def test_signature_lines_side_by_side_in_a_table_date_the_contract_by_the_last_one():
    # a DOCX signature table read as one line of cells (walkthrough 35's crusher hire: the first cell's date was taken)
    lines = HIRE.strip().splitlines()
    table = "\n".join([*lines[:-2], f"{lines[-2]} | {lines[-1]}"])
    assert _records(table)["c1"].signature_date == date(2024, 4, 15)


def test_a_term_that_starts_on_a_date_is_no_signature_date():
    # with no signature line, "The hire period starts on 1 May 2024" after the parties is the start, not the date the contract was made
    unsigned = HIRE.split("\nSigned for", 1)[0]
    assert _records(unsigned)["c1"].signature_date is None


@pytest.mark.parametrize("clause", [
    "The hire period shall start on 1 May 2024 and shall end on 30 April 2027.",
    "The hire period commencing on 1 May 2024 terminates on 30 April 2027.",
    "La location commence le 1er mai 2024 et prendra fin le 30 avril 2027.",
])
def test_a_term_s_start_and_end_after_the_parties_are_no_signature_date(clause):
    # the review: once the start was no signature date, the end was read as one
    unsigned = HIRE.split("\nSigned for", 1)[0].replace("The hire period starts on 1 May 2024 and ends on 30 April 2027.", clause)
    record = _records(unsigned)["c1"]
    assert record.signature_date is None and (record.start_date, record.end_date) == (date(2024, 5, 1), date(2027, 4, 30))


def test_signature_lines_joined_into_one_dates_the_contract_by_the_last():
    # walkthrough 35's signed counterpart (a text file): its two lines, each ending « [signed] », were joined and the first date read;
    # the original then had another signature date and the two were no longer compared as copies
    lines = HIRE.strip().splitlines()
    joined = "\n".join([*lines[:-2], f"{lines[-2]} [signed] {lines[-1]} [signed]"])
    assert _records(joined)["c1"].signature_date == date(2024, 4, 15)


def test_the_last_signature_line_dates_the_contract_whatever_its_wording():
    # the review: "Signed by … at Stuttgart on 8 April 2024" then "Signed for and on behalf of … at Poitiers on 15 April 2024": two rules,
    # the first consulted first
    mixed = HIRE.replace("Signed for and on behalf of BRECHER ANLAGENBAU GMBH by Jonas Brecher, Geschäftsführer, at Stuttgart",
                         "Signed by Jonas Brecher at Stuttgart")
    assert _records(mixed)["c1"].signature_date == date(2024, 4, 15)


SUBSCRIPTION = """WEIGHBRIDGE SOFTWARE SUBSCRIPTION AGREEMENT

This Subscription Agreement is entered into on 3 June 2025 between:
SCALEWARE LIMITED, a private company limited by shares incorporated in Ireland with company number 611902 (the "Provider"); and
GRANULATS DU CENTRE SA, a société anonyme registered with the RCS of Limoges under number 542 107 651, acting for itself and for the
benefit of its Affiliates Carrières de la Creuse SAS, Bétons du Limousin SAS and Sablières de l'Isle SAS (the "Customer").

1. SERVICES
1.1 The Provider shall make its weighbridge platform available to the Customer.
"""


def test_the_affiliates_a_party_acts_for_the_benefit_of_leave_it_its_defined_name():
    # "acting for itself and for the benefit of its Affiliates … (the "Customer")": the last affiliate was read as the customer
    parties = read_parties("", split_articles("c", SUBSCRIPTION)).parties
    assert [(p.name, p.defined_as) for p in parties] == [("SCALEWARE LIMITED", ["Provider"]), ("GRANULATS DU CENTRE SA", ["Customer"])]


def test_a_guarantee_for_the_benefit_of_a_bank_still_names_the_bank():
    text = ("GUARANTEE\n\nThis Guarantee is given by Holding Alpha SAS, a French company (the \"Guarantor\"), for the benefit of Banque "
            "Beta SA, a French bank (the \"Bank\").\n\n1. GUARANTEE\nThe Guarantor guarantees.")
    names = [p.name for p in read_parties("", split_articles("c", text)).parties]
    assert names == ["Holding Alpha SAS", "Banque Beta SA"]


@pytest.mark.parametrize(("question", "absent", "present"), [
    # a French « carrière » is no English "carrier" (the transport contract's word), a « remise en état » no discount
    ("Quelle est la durée du contrat de fortage de la carrière ?", "transport_agreement", "w_quarry"),
    ("Qui paie la remise en état du site après l'extraction ?", "discount", "w_restoration"),
    ("Qui paie la remise en état du site après l'extraction ?", "service_credit", "w_restoration"),
])
def test_quarry_words_are_not_read_as_another_notion(question, absent, present):
    found = {m.concept.id for m in load_lexicon().find_text(question)}
    assert absent not in found and present in found, found


@pytest.mark.parametrize(("question", "notion"), [
    ("Which carriers deliver the aggregates?", "transport_agreement"),
    ("Quelle remise est consentie sur les prix ?", "discount"),
])
def test_the_carrier_and_the_discount_are_still_read(question, notion):
    assert notion in {m.concept.id for m in load_lexicon().find_text(question)}


@pytest.mark.parametrize(("singular", "plural"), [("crédit", "crédits"), ("commission", "commissions"), ("conflit", "conflits")])
def test_a_french_plural_has_its_singular_s_stem(singular, plural):
    from greffier.text import tokenize
    from greffier.text.stems import stem, stem_many

    one, many = tokenize(singular)[0], tokenize(plural)[0]
    assert stem(one, "fr") == stem(many, "fr") == stem_many([many], "fr")[0]


def test_the_rent_is_not_the_law():
    from greffier.text.stems import stem

    assert stem("loyer", "fr") != stem("loi", "fr") and stem("loyers", "fr") == stem("loyer", "fr")


@pytest.mark.parametrize(("question", "present", "absent"), [
    # « la convention de crédits » names the loan, in the plural too (walkthrough 35 scoped it to a SaaS's « service credits »)
    ("Quelle est la marge applicable au Crédit A de la convention de crédits ?", "loan_agreement", "software"),
    # « applicable » names no software (« application »)
    ("Quel est le droit applicable au contrat ?", "governing_law", "software"),
    # a stake lost is a change of control; number plates are the registration numbers a camera reads
    ("What can the lender do if the family holding stops owning a majority of the borrower?", "change_of_control", None),
    ("Combien de temps les photos de plaques d'immatriculation sont-elles conservées ?", "w_number_plate", None),
    ("How long are vehicle registration numbers kept?", "w_number_plate", None),
    # « gravillons » are the "crushed limestone" an English agreement sells; a haulier's "mixer trucks" its « camions-malaxeurs »
    ("À quel prix les gravillons sont-ils vendus ?", "w_aggregates", None),
    ("The Supplier sells crushed limestone of the 4/10 mm grade.", "w_aggregates", None),
    ("Tout retard d'un camion-malaxeur sur chantier donne lieu à une pénalité.", "w_concrete_mixer", None),
    # … but an "aggregate liability" is a total, no gravel
    ("What is the aggregate liability of the supplier?", "w_total", "w_aggregates"),
])
def test_words_walkthrough_35_asked_with(question, present, absent):
    found = {m.concept.id for m in load_lexicon().find_text(question)}
    assert present in found and absent not in found, found


def test_an_application_is_still_software():
    assert "software" in {m.concept.id for m in load_lexicon().find_text("Which application does the licence cover?")}


@pytest.mark.parametrize("text", [
    "Si le dirigeant tombe gravement malade, la société peut rompre son contrat.",  # « gravement » is no « graviers »
    "Le logiciel conçu pour le Client reste la propriété de l'Éditeur.",  # « conçu » is no « concassé »
    "In consideration of the payments, the chip supplier grants a licence.",  # "consideration" is no "considering"; "chip" no "chippings"
    "Counting the days from the notice, the Buyer may terminate.",  # "counting" is no "counties"
])
def test_the_round_s_glossary_words_are_not_read_in_everyday_words(text):
    # the final QA check: « Si le PDG tombe gravement malade … » was read as asking about gravel, and answered from another contract
    found = {m.concept.id for m in load_lexicon().find_text(text)}
    assert not found & {"w_aggregates", "w_given", "territory"}, found
