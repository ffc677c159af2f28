"""Amendments read by meaning: every way of giving the original contract a new expiry, French and
English, moves its end date; price-only and scope-only amendments move nothing; an amendment that
cannot be attached says so. Real text through :func:`build_records` (no mocks)."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import ChunkInput, extract_amendment_clues, split_articles
from greffier.dataroom.records import ContractInput, build_records

SUPPLY = """CONTRAT DE FOURNITURE

ENTRE LES SOUSSIGNÉS : ORION ÉNERGIE SAS, société par actions simplifiée, immatriculée au RCS de Nantes sous le numéro 592 451 959, ci-après « le Fournisseur », ET : GROUPE TALVERA SA, société anonyme, ci-après « le Client ».

ARTICLE 4 — DURÉE
Le présent contrat prend effet le 1er juillet 2023 et prend fin le 30 juin 2026.

ARTICLE 9 — DROIT APPLICABLE
Le présent contrat est soumis au droit français.

Fait à Nantes, le 19 juin 2023.
"""

SUPPLY_EN = """SUPPLY AGREEMENT

This Supply Agreement is made as of June 19, 2023 by and between Orion Energie SAS, a French société par actions simplifiée ("Supplier"), and Groupe Talvera SA, a French société anonyme ("Customer").

ARTICLE 4 — TERM
This Agreement shall commence on July 1, 2023 and shall expire on June 30, 2026.
"""


def _amendment(body: str, *, title: str = "AVENANT N° 1 AU CONTRAT DE FOURNITURE DU 19 JUIN 2023", signed: str = "Fait à Nantes, le 10 février 2026.") -> str:
    return (
        f"{title}\n\nENTRE LES SOUSSIGNÉS : ORION ÉNERGIE SAS, société par actions simplifiée, ci-après « le Fournisseur », "
        f"ET : GROUPE TALVERA SA, société anonyme, ci-après « le Client ».\n\nIL EST PRÉALABLEMENT EXPOSÉ QUE :\n"
        f"Les Parties ont conclu le 19 juin 2023 un contrat de fourniture expirant le 30 juin 2026.\n\nARTICLE 1 — MODIFICATION\n{body}\n\n{signed}\n"
    )


def records_for(*texts: str):  # noqa: ANN201
    inputs = [
        ContractInput(id=f"c{i}", file=f"c{i}.txt", title=text.splitlines()[0], text=text, chunks=split_articles(f"c{i}", text), position=i)
        for i, text in enumerate(texts, 1)
    ]
    return {r.id: r for r in build_records(inputs)}


@pytest.mark.parametrize(
    ("body", "new_end"),
    [
        # the term article replaced as a whole
        ("L'article 4 du Contrat est supprimé et remplacé par les stipulations suivantes : « Le présent contrat est entré en vigueur "
         "le 1er juillet 2023. Il prendra fin le 30 juin 2028. »", date(2028, 6, 30)),
        # « prorogé jusqu'au »
        ("Le Contrat est prorogé jusqu'au 31 décembre 2027.", date(2027, 12, 31)),
        # la veille d'un anniversaire de son échéance
        ("L'article 4 du Contrat est remplacé par : « Le présent contrat restera en vigueur jusqu'à la veille du deuxième anniversaire "
         "de la Date d'Échéance. »", date(2028, 6, 29)),
        # « prorogé de N ans »
        ("La durée du Contrat est prorogée de deux ans.", date(2028, 6, 30)),
        # « au lieu du »
        ("Le Contrat expirera le 30 juin 2029 au lieu du 30 juin 2026.", date(2029, 6, 30)),
        # « au lieu de la date initialement stipulée »: the old end named, not dated — no recital's « initialement »; the new one in words
        ("Par dérogation à l'article 4, les parties conviennent de proroger la durée du Contrat, de sorte qu'il prendra fin le trente et "
         "un mars deux mille vingt-neuf, au lieu de la date initialement stipulée.", date(2029, 3, 31)),
        # « pour une nouvelle période de »
        ("Le Contrat est renouvelé pour une nouvelle période de trois ans.", date(2029, 6, 30)),
        # « reportée au »
        ("La date d'échéance du Contrat est reportée au 31 mars 2027.", date(2027, 3, 31)),
        # the term article rewritten in the present tense (a walkthrough's avenant)
        ("L'article 4 du Contrat est modifié comme suit : « Le présent contrat prend effet le 1er juillet 2023 et prend fin le "
         "31 décembre 2027. »", date(2027, 12, 31)),
        ("L'article 4 est désormais rédigé ainsi : « Le contrat s'achève le 30 septembre 2027. »", date(2027, 9, 30)),
        # the new end in words, beside a length that counts to another day (a walkthrough: 30 March was read for the 31st)
        ("Le terme du Contrat est prorogé de neuf mois et sera atteint le trente et un mars deux mille vingt-sept.", date(2027, 3, 31)),
        # walkthrough 12: a month's last day in words after « ne s'achèvera qu'au », and the term « reporté de trois années »
        ("L'article 4 du Contrat est modifié en ce que le terme initialement fixé est reporté de trois années. En conséquence, le Contrat "
         "ne s'achèvera qu'au dernier jour du mois de juin deux mille vingt-neuf.", date(2029, 6, 30)),
        ("Le terme du Contrat est reporté de deux années.", date(2028, 6, 30)),
        ("Le Contrat expirera le 31 mars 2028.", date(2028, 3, 31)),
        # walkthrough 13: the term moved to a date by a verb before it
        ("Les Parties conviennent de repousser le terme du Contrat au 31 mars 2028. L'article 3 du Contrat est modifié en conséquence ; "
         "les autres stipulations de cet article demeurent applicables.", date(2028, 3, 31)),
        # walkthrough 14: one date put in the place of the other in an article about the term, and the term's effects « jusqu'au »
        ("Les prix sont inchangés.\n\nARTICLE 2 — DURÉE DU CONTRAT\nLes Parties conviennent de substituer à la date du 30 juin 2026 "
         "figurant à l'article 4 du Contrat celle du 31 décembre 2029.", date(2029, 12, 31)),
        ("Les prix sont inchangés.\n\nARTICLE 2 — ÉCHÉANCE\nLes Parties conviennent de remplacer la date du 30 juin 2026 par celle "
         "du 31 décembre 2028, sans modification du loyer ni des modalités de paiement.", date(2028, 12, 31)),
        ("Le Contrat produira en conséquence ses effets jusqu'au 31 décembre 2029 inclus.", date(2029, 12, 31)),
        # walkthrough 26: « courant jusqu'au » in a replaced article; a term ending on its month's last day moved by months ends on
        # the last day of the month it is moved to (« prorogée de 18 mois » from 30 June: 31 December, not the 30th)
        ("L'article 4 (Durée) du Contrat est abrogé et remplacé par les dispositions suivantes : « 4.1 Le Contrat est conclu pour une durée "
         "déterminée courant jusqu'au 31 décembre 2028. »", date(2028, 12, 31)),
        ("La durée du Contrat est prorogée de dix-huit (18) mois.", date(2027, 12, 31)),
        # walkthrough 25: the term article replaced wholesale, the contract's start set between commas before « produira ses effets »
        ("L'article 4 (Durée) du Contrat est supprimé et remplacé dans son intégralité par les stipulations suivantes : « 4.1 Le Contrat, "
         "entré en vigueur le 1er juillet 2023, produira ses effets jusqu'au 31 août 2028 inclus. »", date(2028, 8, 31)),
        # the new date first: « substituer la date du … à celle du … » (the review of the round's diff: read the other way round)
        ("Les prix sont inchangés.\n\nARTICLE 2 — DURÉE\nLes Parties conviennent de substituer la date du 31 décembre 2029 à celle du 30 juin 2026 "
         "prévue pour l'expiration du Contrat.", date(2029, 12, 31)),
        # walkthrough 29: the date replaced in the passive
        ("Les prix sont inchangés.\n\nARTICLE 1 — ÉCHÉANCE\nLa date du 30 juin 2026 figurant à l'article 4 du Contrat est remplacée par celle "
         "du 31 mars 2027. Les autres stipulations de l'article 4 demeurent inchangées.", date(2027, 3, 31)),
    ],
)
def test_french_amendments_give_a_new_expiry(body, new_end):
    records = records_for(SUPPLY, _amendment(body))
    assert records["c2"].amends == "c1"
    assert records["c1"].initial_end_date == date(2026, 6, 30)
    assert records["c1"].end_date == new_end
    assert records["c1"].sources["end_date"].origin == "amendment"


@pytest.mark.parametrize(
    ("body", "new_end"),
    [
        ("Section 4 of the Agreement is hereby deleted in its entirety and replaced with the following: \"This Agreement shall "
         "commence on July 1, 2023 and shall remain in full force and effect until December 31, 2028.\"", date(2028, 12, 31)),
        ("The term of the Agreement shall expire on June 30, 2029 instead of June 30, 2026.", date(2029, 6, 30)),
        ("The parties agree that the Agreement shall expire on September 30, 2029 instead of the date originally agreed.", date(2029, 9, 30)),
        ("The Term is hereby extended until March 31, 2028.", date(2028, 3, 31)),
        ("The Agreement is hereby renewed for a further period of two (2) years.", date(2028, 6, 30)),
        ("The Term is extended by one (1) year.", date(2027, 6, 30)),
        ("Section 4 of the Agreement is amended to read as follows: \"This Agreement commences on July 1, 2023 and expires on "
         "December 31, 2027.\"", date(2027, 12, 31)),
        ("The Term is extended and the Agreement shall expire on the last day of February 2028.", date(2028, 2, 29)),
        ("The parties agree to extend the term of the Agreement to March 31, 2028.", date(2028, 3, 31)),
        ("The Expiry Date is postponed by twelve (12) months.", date(2027, 6, 30)),
        # a section's number between them is no sentence's end (walkthrough 26)
        ("The Expiration Date set forth in Section 4.1 of the Agreement is hereby deferred by twenty-four (24) months.", date(2028, 6, 30)),
        ("The Term set out in clause 4.1 of the Agreement is hereby prolonged by eighteen (18) months.", date(2027, 12, 31)),  # walkthrough 28
        ("The parties agree to replace the expiry date of June 30, 2026 in Section 4 with December 31, 2029.", date(2029, 12, 31)),
        ("The parties hereby substitute December 31, 2028 for June 30, 2026 as the date on which the Term expires.", date(2028, 12, 31)),
        # walkthrough 29: the replaced clause says the Initial Term "shall now expire" (read as the contract's first end), and the passive
        ("Clause 4.1 of the Agreement is deleted in its entirety and replaced with the following: \"4.1 This Agreement commenced on the "
         "Effective Date and, subject to earlier termination in accordance with Clause 9, the Initial Term shall now expire on 31 August 2029.\"",
         date(2029, 8, 31)),
        ("The date of June 30, 2026 set out in Section 4 as the end of the Term is hereby replaced with December 31, 2028.", date(2028, 12, 31)),
        # an anniversary of the contract's end, which the amendment does not date (walkthrough 17) …
        ("Section 4 of the Agreement is deleted and replaced with the following: \"This Agreement shall commence on July 1, 2023 and shall "
         "remain in effect until the day immediately preceding the third (3rd) anniversary of the Expiry Date.\"", date(2029, 6, 29)),
        # … of a date the amendment defines, or writes
        ("The Agreement, which would have expired on June 30, 2026 (the \"Original Expiry Date\"), is extended. Section 4 is replaced "
         "with: \"This Agreement shall remain in effect until the fifth (5th) anniversary of the Original Expiry Date.\"", date(2031, 6, 30)),
        ("Section 4 is amended to read: \"This Agreement shall expire on the second anniversary of December 31, 2026.\"", date(2028, 12, 31)),
    ],
)
def test_english_amendments_give_a_new_expiry(body, new_end):
    amendment = (
        "FIRST AMENDMENT TO SUPPLY AGREEMENT\n\nThis First Amendment (the \"Amendment\") is made as of February 10, 2026 by and between "
        "Orion Energie SAS (\"Supplier\") and Groupe Talvera SA (\"Customer\").\n\nRECITALS\nWHEREAS, the parties entered into a Supply "
        f"Agreement dated June 19, 2023 (the \"Agreement\"), which was to expire on June 30, 2026.\n\n1. AMENDMENT\n{body}\n"
    )
    records = records_for(SUPPLY_EN, amendment)
    assert records["c2"].is_amendment and records["c2"].amends == "c1"
    assert records["c1"].end_date == new_end and records["c1"].initial_end_date == date(2026, 6, 30)


@pytest.mark.parametrize(
    "body",
    [
        "Le prix unitaire est porté à 42 euros hors taxes. Les autres stipulations du Contrat, et notamment sa durée, demeurent inchangées.",
        "L'annexe 2 (périmètre des sites livrés) est remplacée par l'annexe jointe au présent avenant ; la durée du Contrat est inchangée.",
        # a threshold « atteint » on a date is no term (a review)
        "Il est précisé que le seuil de volume prévu au Contrat sera atteint au 30 juin 2027 et que les prix restent en vigueur.",
        # an option or a refusal to move the term moves nothing (the review of the round's diff)
        "Le Client pourra, par lettre recommandée, demander de prolonger la durée du Contrat jusqu'au 31 décembre 2030.",
        "Le Fournisseur refuse de repousser le terme du Contrat au 31 mars 2028 ; les prix sont révisés.",
        # a delivery date put in the place of another is no term
        "Les Parties conviennent de remplacer la date du 30 juin 2026 prévue pour la première livraison par celle du 15 septembre 2026.",
        # … nor an invoice's, nor a covenant's effects (the review of the round's diff)
        "Les Parties conviennent de remplacer la date d'échéance du 30 juin 2026 de la facture n° 2026-14 par celle du 15 septembre 2026.",
        "Il est convenu que l'engagement de non-sollicitation produira ses effets jusqu'au 31 décembre 2030.",
        "La clause de non-concurrence de l'article 9 est modifiée ; elle produira ses effets jusqu'au 31 décembre 2030.",
    ],
)
def test_price_or_scope_only_amendments_move_nothing(body):
    records = records_for(SUPPLY, _amendment(body))
    assert records["c2"].amends == "c1"
    assert records["c1"].end_date == date(2026, 6, 30)


def test_recitals_describe_the_old_term_not_a_new_one():
    clues = extract_amendment_clues("", split_articles("a", _amendment("Le prix est porté à 40 euros.")))
    assert clues.new_end_date is None and clues.extension is None
    assert clues.initial_end_date is not None and clues.initial_end_date.value == date(2026, 6, 30)


def test_an_amendment_citing_no_date_among_two_contracts_of_its_type_stays_unattached():
    second = SUPPLY.replace("19 juin 2023", "4 mars 2024").replace("1er juillet 2023", "1er avril 2024").replace("30 juin 2026", "31 mars 2027")
    amendment = _amendment("Le Contrat est prorogé jusqu'au 31 décembre 2029.", title="AVENANT AU CONTRAT DE FOURNITURE").replace(
        "Les Parties ont conclu le 19 juin 2023 un contrat de fourniture expirant le 30 juin 2026.", "Les Parties sont liées par un contrat de fourniture."
    )
    records = records_for(SUPPLY, second, amendment)
    assert records["c3"].amends is None
    assert any("not attached" in w for w in records["c3"].warnings)
    assert records["c1"].end_date == date(2026, 6, 30) and records["c2"].end_date == date(2027, 3, 31)


def test_an_english_amendment_is_recognised_from_its_opening():
    text = "EXHIBIT 10.2\n\nSECOND AMENDMENT TO LICENSE AGREEMENT\n\nThis Second Amendment is entered into as of May 1, 2019."
    records = records_for(text)
    assert records["c1"].is_amendment


def test_amended_and_restated_is_a_contract():
    text = "AMENDED AND RESTATED DISTRIBUTION AGREEMENT\n\nThis Amended and Restated Agreement amends and restates the agreement dated 2015."
    assert not records_for(text)["c1"].is_amendment
    chunks = [ChunkInput(id="x-1", text=text)]
    assert extract_amendment_clues("", chunks).new_end_date is None


def test_an_amendment_giving_another_end_in_words_not_read_leaves_the_end_uncertain_not_decided():
    # the amendment's own end date (read from its text) is not the contract's, and no sentence reads as a new term: the
    # contract's end is not moved, and an end-date filter lists it apart with the reason, both ways, never drops it
    from greffier.services.dataroom.query import DataRoomFilters, _filter
    from store.records import DataRoom

    for body in (
        "La durée du Contrat court du 1er juillet 2023 au 31 décembre 2027.",
        "Term: July 1, 2023 to December 31, 2027.",
    ):
        records = records_for(SUPPLY, _amendment(body))
        contract = records["c1"]
        assert contract.end_date == date(2026, 6, 30) and contract.sources["end_date"].confidence == "low", contract.sources["end_date"]
        assert any("uncertain" in w and "2027-12-31" in w for w in contract.warnings), contract.warnings
        room = DataRoom(tuple(records.values()), generation=0)
        _, outcome = _filter(room, DataRoomFilters.model_validate({"end_date": {"after": "2026-12-31"}}), {})
        assert "c1" in dict(outcome.unknown) and "2027-12-31" in dict(outcome.unknown)["c1"], outcome.unknown


@pytest.mark.parametrize("body", [
    "La durée du Contrat est modifiée selon les modalités de l'annexe 1 au présent avenant.",
    "The Term of the Agreement is extended as set out in Schedule 2 to this Amendment.",
])
def test_an_amendment_changing_the_term_in_words_not_read_leaves_the_end_uncertain(body):
    # walkthrough 12: the amendment's term article was found and its end read as nothing, and the lease kept its old end in
    # every list, silently; now the contract's end is not moved and not known either, with the amendment's words as reason
    records = records_for(SUPPLY, _amendment(body))
    contract = records["c1"]
    assert contract.end_date == date(2026, 6, 30) and contract.sources["end_date"].confidence == "low", contract.sources["end_date"]
    assert "changes the term" in contract.sources["end_date"].doubt


@pytest.mark.parametrize("body", [
    "Le prix unitaire est porté à 42 euros hors taxes ; la durée du Contrat est inchangée.",
    "La définition du terme « Produits » est modifiée pour inclure les granulés.",
    # a payment's, a notice's or a trial period's term, obligations during the term (a review)
    "The Rent payment term is amended to 45 days.",
    "La durée du préavis est modifiée : elle est portée à six mois.",
    "The Licensee's obligations during the Term are amended as set out below.",
    "Compte tenu de la crise sanitaire, l'échéance du loyer du deuxième trimestre est reportée de trois mois.",
    "La date d'échéance du premier loyer est repoussée d'un mois.",
    # another period prolonged (the review of round 36: "prolonged" read as the term's)
    "The warranty period set forth in Section 2.1 of the Agreement is hereby prolonged by six (6) months.",
    # walkthrough 19: a price-only avenant that says so made its contract's end uncertain
    "Le prix de l'escale est porté à 1 240 euros HT. Le présent avenant n'a pas pour effet de modifier la durée du Contrat.",
    "The fees in Schedule 3 are replaced with the following fees. This Amendment shall not change the Term of the Agreement.",
])
def test_an_amendment_that_leaves_the_term_as_it_was_raises_no_doubt(body):
    contract = records_for(SUPPLY, _amendment(body))["c1"]
    assert contract.end_date == date(2026, 6, 30) and contract.sources["end_date"].confidence != "low", contract.sources["end_date"]
    assert contract.initial_end_date in (None, date(2026, 6, 30))


@pytest.mark.parametrize(
    "body",
    [
        # a review of the anniversary reading: a covenant, a record, a payment, an insurance or an option lasting to an anniversary
        # of the end moves nothing
        'Section 12 (Confidentiality) is amended to read: "The obligations of confidentiality under this Section 12 shall survive until '
        'the third (3rd) anniversary of the Expiry Date."',
        "Customer shall retain the records until the fifth anniversary of the Expiry Date.",
        "The final payment of the Deferred Fee shall be made on the first anniversary of the Expiry Date.",
        'Section 9 is replaced with: "Supplier shall maintain the insurance required hereunder until the second anniversary of the Expiry Date."',
        'Section 4 is replaced with: "Customer shall have the right to extend the Term until the second anniversary of the Expiry Date by '
        'written notice."',
        'Section 4 is replaced with: "This Agreement shall expire on the Expiry Date. Customer\'s warranty claims survive until the first '
        'anniversary of the Expiry Date."',
    ],
)
def test_an_anniversary_of_the_end_that_is_not_the_term_s_moves_nothing(body):
    amendment = (
        "FIRST AMENDMENT TO SUPPLY AGREEMENT\n\nThis First Amendment is made as of February 10, 2026 by and between Orion Energie SAS "
        "(\"Supplier\") and Groupe Talvera SA (\"Customer\").\n\nRECITALS\nWHEREAS, the parties entered into a Supply Agreement dated June "
        f"19, 2023 (the \"Agreement\").\n\n1. AMENDMENT\n{body}\n"
    )
    records = records_for(SUPPLY_EN, amendment)
    assert records["c1"].end_date == date(2026, 6, 30), records["c1"].warnings


def test_a_french_covenant_lasting_to_an_anniversary_moves_nothing():
    body = "L'engagement de non-sollicitation produira ses effets jusqu'à la veille du deuxième anniversaire de la Date d'Échéance."
    records = records_for(SUPPLY, _amendment(body))
    assert records["c1"].end_date == date(2026, 6, 30), records["c1"].warnings


# --- round 28 (walkthrough 18): a new length counted from the contract's own signature; a variation agreement ----------------


def test_a_new_length_counted_from_the_initial_contract_s_signature_moves_the_end_and_is_the_amendment_s_own():
    body = "Par dérogation à l'article 4 du Contrat initial, la durée du Contrat est portée de trois à cinq ans à compter de la date de signature du contrat initial."
    records = records_for(SUPPLY, _amendment(body))
    # five years from 19 June 2023, read the French way (the day before the anniversary) — not from the amendment's own date
    assert records["c1"].end_date == date(2028, 6, 18) and records["c1"].initial_end_date == date(2026, 6, 30)
    assert records["c2"].end_date == records["c2"].initial_end_date == date(2028, 6, 18)  # not its own date plus five years


def test_an_english_new_length_from_the_original_agreement_ends_on_its_anniversary():
    amendment = (
        "FIRST AMENDMENT TO SUPPLY AGREEMENT\n\nThis First Amendment is made as of February 10, 2026 by and between Orion Energie SAS "
        "(\"Supplier\") and Groupe Talvera SA (\"Customer\").\n\n1. TERM\nThe Term is extended to five (5) years from the date of the original Agreement.\n"
    )
    records = records_for(SUPPLY_EN, amendment)
    assert records["c1"].end_date == date(2028, 6, 19)


def test_a_variation_agreement_is_an_amendment_of_its_contract():
    variation = (
        "VARIATION AGREEMENT No. 1\n\nrelating to the Supply Agreement dated June 19, 2023\n\nThis Variation Agreement is made on 10 February "
        "2026 between Orion Energie SAS (\"Supplier\") and Groupe Talvera SA (\"Customer\").\n\n1. PRICE\nThe unit price is increased to EUR 42."
    )
    records = records_for(SUPPLY_EN, variation)
    assert records["c2"].is_amendment and records["c2"].amends == "c1" and records["c2"].contract_type == "avenant"
    assert records["c1"].end_date == date(2026, 6, 30)  # a price, no date moved


@pytest.mark.parametrize(
    "body",
    [
        # a review of round 28: another term's length, a recital restating the term, a term that would end sooner
        "La durée de la garantie est portée de douze à vingt-quatre mois à compter de la date de signature du contrat initial.",
        "La durée de la période d'exclusivité est portée de deux à quatre ans à compter de la date de signature du contrat initial.",
        "Aux termes de son article 4, la durée est fixée à trois ans à compter de la date de signature du contrat initial.",
        "La durée du Contrat est portée de cinq à deux ans à compter de la date de signature du contrat initial.",
    ],
)
def test_another_term_s_new_length_or_a_restated_one_moves_nothing(body):
    records = records_for(SUPPLY, _amendment(body))
    assert records["c1"].end_date == date(2026, 6, 30)


def test_an_amendment_of_an_act_filed_twice_amends_both_copies():
    # walkthrough 25: the bank's licence and its re-exported PDF (same parties, type and signature date); the avenant « prorogée de
    # deux ans » was attached to one copy, the other kept the end before it and was listed as ending two years early
    records = records_for(SUPPLY, SUPPLY, _amendment("La durée du Contrat est prorogée de deux ans."))
    attached = records["c3"].amends
    other = ({"c1", "c2"} - {attached}).pop()
    assert records[attached].end_date == records[other].end_date == date(2028, 6, 30)
    assert records[other].copy_of or records[attached].copy_of
    assert not records[other].amended_by  # the link stays with the copy it was attached to: counted once
    assert any("the same act filed twice" in w for w in records[other].warnings), records[other].warnings
    # two copies, no amendment: each keeps the end it writes
    plain = records_for(SUPPLY, SUPPLY)
    assert plain["c1"].end_date == plain["c2"].end_date == date(2026, 6, 30)


def test_an_earlier_amendment_s_end_instead_of_the_first_one_is_no_new_end():
    # the review: « au lieu de la date initialement stipulée » in a sentence that reports what avenant n° 1 did is a recital; the
    # second avenant's own end is the new one
    body = ("Aux termes de l'avenant n° 1, le Contrat prendra fin le 30 juin 2026, au lieu de la date initialement stipulée.\n\n"
            "ARTICLE 2 — DURÉE\nLe Contrat prendra fin le 31 décembre 2030.")
    clues = extract_amendment_clues("AVENANT N° 2", split_articles("a2", _amendment(body, title="AVENANT N° 2 AU CONTRAT DE FOURNITURE")))
    assert clues.new_end_date is not None and clues.new_end_date.value == date(2030, 12, 31), clues.new_end_date
    english = ("Under Amendment No. 1, the Agreement will expire on June 30, 2026 instead of the date originally agreed.\n\n"
               "2. TERM\nThe Agreement shall expire on December 31, 2030.")
    clues = extract_amendment_clues("AMENDMENT NO. 2", split_articles("a3", f"AMENDMENT NO. 2 TO THE SUPPLY AGREEMENT\n\n1. TERM\n{english}"))
    assert clues.new_end_date is not None and clues.new_end_date.value == date(2030, 12, 31), clues.new_end_date
