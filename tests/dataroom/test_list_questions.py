"""Questions that ask for a list of contracts by a field, read as data-room filters without an LLM."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.questions import is_contracts_request, read_list_question

TODAY = date(2026, 11, 30)
PARTIES = {
    "lisandre_holding": ["LISANDRE HOLDING SAS"], "lisandre_manufacture": ["LISANDRE MANUFACTURE SAS"],
    "ferlandes_transports": ["FERLANDES TRANSPORTS SARL"], "banque_hauterive": ["BANQUE HAUTERIVE SA"],
}


def read(question: str):
    return read_list_question(question, today=TODAY, home_law="droit français", parties=PARTIES)


@pytest.mark.parametrize(("question", "filters"), [
    ("Quels contrats finissent avant fin 2026 ?", {"end_date": {"before": "2026-12-31"}}),
    ("Which agreements expire before the end of 2026?", {"end_date": {"before": "2026-12-31"}}),
    # walkthrough 30: in force on a day or in a period to come (« je ne peux pas enchaîner d'outils »)
    ("Quels contrats sont encore en vigueur fin 2027 ?", {"end_date": {"after": "2027-12-31"}}),
    ("Which contracts will still be in force at the end of 2027?", {"end_date": {"after": "2027-12-31"}}),
    ("Quels contrats seront en vigueur au 1er janvier 2028 ?", {"end_date": {"after": "2028-01-01"}}),
    # … on a day past, signed by then (the review of the round: a contract of 2024 listed as in force at the end of 2020)
    ("Which contracts were still in force at the end of 2020?", {"end_date": {"after": "2020-12-31"}, "signature_date": {"before": "2020-12-31"}}),
    # the app walk of round 38: "deals" that "run out" (it was answered as a question, from two contracts ending in 2027)
    ("Which deals run out before 2027?", {"end_date": {"before": "2026-12-31"}}),
    ("Which agreements lapse before 2027?", {"end_date": {"before": "2026-12-31"}}),
    ("Lesquels de nos contrats arrivent à échéance avant 2027 ?", {"end_date": {"before": "2026-12-31"}}),
    ("Quels contrats prennent fin après juin 2027 ?", {"end_date": {"after": "2027-07-01"}}),
    ("Which contracts end before the end of next year?", {"end_date": {"before": "2027-12-31"}}),
    ("Quels contrats ont été signés en 2023 ?", {"signature_date": {"after": "2023-01-01", "before": "2023-12-31"}}),
    ("List the contracts signed before 1 March 2022", {"signature_date": {"before": "2022-02-28"}}),
    # … "on or before" a day is up to that day (walkthrough 31: read as up to the day before, « au plus tard le » was right)
    ("Which contracts end on or before 31 December 2027?", {"end_date": {"before": "2027-12-31"}}),
    ("Which contracts end on or prior to 31 December 2027?", {"end_date": {"before": "2027-12-31"}}),
    ("Quels contrats prennent fin au plus tard le 31 décembre 2027 ?", {"end_date": {"before": "2027-12-31"}}),
    ("Which contracts were signed on or after 1 January 2024?", {"signature_date": {"after": "2024-01-01"}}),
    ("Which contracts were signed after 1 January 2024?", {"signature_date": {"after": "2024-01-02"}}),
    ("Which contracts are governed by Swiss law?", {"governing_law": {"in": ["droit suisse"]}}),
    ("Quels contrats ne sont pas soumis au droit français ?", {"governing_law": {"not_in": ["droit français"]}}),
    ("Quels contrats relèvent d'un droit étranger ?", {"governing_law": {"not_in": ["droit français"]}}),
    # every law a question names, none dropped (a walkthrough: « … suisse ou … belge » listed the Swiss contracts alone)
    ("Quels contrats sont régis par le droit suisse ou le droit belge ?", {"governing_law": {"in": ["droit suisse", "droit belge"]}}),
    ("Quels contrats sont soumis au droit anglais, suisse ou belge ?", {"governing_law": {"in": ["droit anglais", "droit suisse", "droit belge"]}}),
    ("Which contracts are under Swiss or Belgian law?", {"governing_law": {"in": ["droit suisse", "droit belge"]}}),
    ("Which contracts are governed by the laws of England or New York?", {"governing_law": {"in": ["droit anglais", "droit de l'État de New York"]}}),
    # a law of two words last in the list (a walkthrough: every law before "New York" was dropped, silently)
    ("Which contracts are governed by English or New York law?", {"governing_law": {"in": ["droit anglais", "droit de l'État de New York"]}}),
    ("Which contracts are governed by Belgian, Swiss or New York law?", {"governing_law": {"in": ["droit belge", "droit suisse", "droit de l'État de New York"]}}),
    ("Which contracts are governed by English and not New York law?", {"governing_law": {"in": ["droit anglais"]}}),
    ("Which agreements are under Delaware or New Jersey law?", {"governing_law": {"in": ["droit de l'État du Delaware", "droit de l'État du New Jersey"]}}),
    ("Which contracts are governed by New Jersey law?", {"governing_law": {"in": ["droit de l'État du New Jersey"]}}),  # no Jersey law inside it
    # (a review) a law's wording is part of another only where it ends it; laws of several words; a law the vocabulary
    # does not know leaves no filter on the one it knows
    ("Which contracts are governed by the laws of England or the State of New York?", {"governing_law": {"in": ["droit de l'État de New York", "droit anglais"]}}),
    ("Which contracts are governed by English or New South Wales law?", {"governing_law": {"in": ["droit anglais", "droit de la Nouvelle-Galles du Sud"]}}),
    ("Which contracts are governed by English, Scottish or Swiss law?", {"governing_law": {"in": ["droit anglais", "droit écossais", "droit suisse"]}}),
    ("Quels contrats ne sont soumis ni au droit suisse ni au droit belge ?", {"governing_law": {"not_in": ["droit suisse", "droit belge"]}}),
    ("Which contracts are governed by neither Swiss nor Belgian law?", {"governing_law": {"not_in": ["droit suisse", "droit belge"]}}),
    ("Which agreements are governed by or subject to English law?", {"governing_law": {"in": ["droit anglais"]}}),
    # a law set apart beside the one asked (a review: both were asked)
    ("Which contracts are governed by French law and not English law?", {"governing_law": {"in": ["droit français"]}}),
    ("Quels contrats sont soumis au droit suisse mais pas au droit belge ?", {"governing_law": {"in": ["droit suisse"]}}),
    ("Quels contrats sont soumis à un droit autre que le droit français ou anglais ?", {"governing_law": {"not_in": ["droit français", "droit anglais"]}}),
    ("Quels baux ?", {"contract_types": ["bail"]}),  # every kind of lease
    ("Quels baux commerciaux ?", {"contract_types": ["bail commercial"]}),
    ("Which professional leases?", {"contract_types": ["bail professionnel"]}),
    ("Which leases end after 2030?", {"contract_types": ["bail"], "end_date": {"after": "2031-01-01"}}),
    # the kind after a copula (a walkthrough: these abstained)
    ("Quels contrats sont des contrats de licence ?", {"contract_types": ["contrat de licence"]}),
    ("Quels contrats sont des contrats de prestation de services ?", {"contract_types": ["prestation de services"]}),
    ("Which agreements are licences?", {"contract_types": ["contrat de licence"]}),
    ("Which contracts are leases?", {"contract_types": ["bail"]}),
    ("Quels contrats sont des contrats autres que des baux ?", {"excluded_contract_types": ["bail"]}),
    # the kind denied (a walkthrough: "Which contracts are not leases?" quoted a lease's assignment clause)
    ("Which contracts are not leases?", {"excluded_contract_types": ["bail"]}),
    ("Quels contrats ne sont pas des contrats de licence ?", {"excluded_contract_types": ["contrat de licence"]}),
    ("Which contracts aren’t leases?", {"excluded_contract_types": ["bail"]}),  # (a review: read as the leases asked)
    ("Which contracts are not leases and end after 2030?", {"excluded_contract_types": ["bail"], "end_date": {"after": "2031-01-01"}}),
    ("Which leases are not commercial leases?", {"contract_types": ["bail"], "excluded_contract_types": ["bail commercial"]}),
    ("Quels baux ruraux ?", {"contract_types": ["bail rural"]}),
])
def test_a_list_question_is_read_as_the_filters_it_asks_for(question, filters):
    listing = read(question)
    assert listing is not None and listing.filters == filters and listing.parties == []


@pytest.mark.parametrize(("question", "parties"), [
    ("Quels contrats avons-nous avec Ferlandes ?", [["ferlandes_transports"]]),
    ("Which are the Lisandre agreements?", [["lisandre_holding", "lisandre_manufacture"]]),  # either company
    ("Quels contrats lient Lisandre Holding et Banque Hauterive ?", [["banque_hauterive"], ["lisandre_holding"]]),
])
def test_the_parties_a_list_question_names_are_read_by_their_names(question, parties):
    listing = read(question)
    assert listing is not None and listing.parties == parties


@pytest.mark.parametrize("question", [
    # a kind after a copula, not alone: a type filter would read the opposite or drop a word (a review)
    "Which contracts are licences or leases?", "Which contracts are expired leases?", "Which contracts are governed by French or New Caledonian law?",
    "Quels contrats sont des baux en cours ?", "Which contracts are no longer leases?",
    "Quelle est la durée du bail ?",
    "What is the term of the leases?",
    "Quels sont les délais de préavis des baux ?",
    "Which contracts have a non-compete clause?",
    "Quel est le prix du contrat de transport ?",
    "Quels contrats de transport prévoient une pénalité ?",  # « transport »: a kind of contract here, no party
])
def test_a_question_about_what_contracts_say_is_no_list_by_field(question):
    listing = read(question)
    assert listing is None or (not listing.parties and "entity_ids" not in listing.filters and not listing.filters.get("end_date"))


def test_every_reading_of_the_parties_is_one_filter_set():
    listing = read("Which Lisandre contracts end before 2027?")
    assert listing.filter_sets() == [
        {"end_date": {"before": "2026-12-31"}, "entity_ids": ["lisandre_holding"]},
        {"end_date": {"before": "2026-12-31"}, "entity_ids": ["lisandre_manufacture"]},
    ]


def test_the_reasons_a_french_list_gives_are_in_french():
    from greffier.dataroom.reasons import reason_in

    assert reason_in("end date 2026-03-31 → 2028-03-31 (amendment « AVENANT N° 1 »)", "fr") == "date de fin 31/03/2026 → 31/03/2028 (avenant « AVENANT N° 1 »)"
    assert reason_in("no end date in metadata or text", "fr") == "aucune date de fin dans les métadonnées ni dans le texte"
    unattached = reason_in(
        "an amendment attached to no contract: its new term cannot be applied (amendment « AVENANT » (a.pdf): no contract with the same parties: not attached)", "fr"
    )
    assert unattached == "avenant rattaché à aucun contrat : sa nouvelle durée ne peut s'appliquer (avenant « AVENANT » (a.pdf): aucun contrat avec les mêmes parties : non rattaché)"
    assert reason_in("end date: metadata 2027-03-31, text says 2026-09-30 — the filter gives a different answer for each", "fr").startswith(
        "date de fin : métadonnées 31/03/2027, le texte dit 30/09/2026"
    )
    assert reason_in("no governing law in metadata or text", "fr") == "aucun droit applicable dans les métadonnées ni dans le texte"
    assert reason_in("no end date in metadata or text", "en") == "no end date in metadata or text"


@pytest.mark.parametrize(("question", "end_date"), [
    # a relative year with no preposition, and the coming months (today is 2026-11-30)
    ("Quels contrats expirent l'année prochaine ?", {"after": "2027-01-01", "before": "2027-12-31"}),
    ("Which contracts end next year?", {"after": "2027-01-01", "before": "2027-12-31"}),
    ("Which contracts expire within the next six months?", {"after": "2026-11-30", "before": "2027-05-30"}),
    ("Quels contrats arrivent à échéance dans les 6 prochains mois ?", {"after": "2026-11-30", "before": "2027-05-30"}),
    ("Quels contrats finissent au cours des douze prochains mois ?", {"after": "2026-11-30", "before": "2027-11-30"}),
    ("Quels contrats expirent avant l'année prochaine ?", {"before": "2026-12-31"}),
    ("Quels contrats expirent l'année à venir ?", {"after": "2027-01-01", "before": "2027-12-31"}),
])
def test_relative_periods_are_read_from_today(question, end_date):
    listing = read(question)
    assert listing is not None and listing.filters == {"end_date": end_date}


def test_a_list_counts_its_amendments_apart_from_its_contracts():
    from greffier.chat.listing import LIST_WORDS, list_answer

    result = {"results": [
        {"contract_id": "a", "title": "Contrat de fourniture", "filename": "f.pdf", "signature_date": "2021-02-22", "is_amendment": False},
        {"contract_id": "b", "title": "Avenant n° 1", "filename": "a1.pdf", "signature_date": "2026-02-10", "is_amendment": True},
        {"contract_id": "c", "title": "Avenant n° 2", "filename": "a2.pdf", "signature_date": "2026-06-01", "is_amendment": True},
    ]}
    text = list_answer(result, {}, "partie Ferlande", "fr")
    # a no-break space before the colon: a wrapped line never starts with « : » (a walkthrough)
    assert text.splitlines()[0] == "1 contrat et 2 avenants correspondent (partie Ferlande)\u00a0:"
    assert "3 contrats" not in text and LIST_WORDS["en"]["found_amendments"]
    # dates as a French reader writes them; in English, ISO
    assert "signé 22/02/2021" in text and "2021-02-22" not in text
    assert "signed 2021-02-22" in list_answer(result, {}, "party Ferlande", "en")


def test_the_dates_a_list_question_was_read_with_are_written_in_the_question_s_language():
    from greffier.chat.listing import describe_read

    filters = {"end_date": {"before": "2026-12-31"}}
    assert describe_read(filters, [], "fr") == "date de fin au plus tard le 31/12/2026"
    assert describe_read(filters, [], "en") == "end date on or before 2026-12-31"


def test_a_french_list_writes_every_date_as_a_french_reader_does_even_in_what_it_leaves_out():
    # the walkthrough read « fin 31/12/2026 » in the list but « (date de fin 2026-03-31 → 2028-03-31 (avenant …)) » below it
    from greffier.chat.listing import list_answer

    result = {
        "results": [{"contract_id": "a", "title": "Convention de trésorerie", "filename": "t.docx", "end_date": "2026-12-31"}],
        "excluded_by_amendment": {"b": "end date 2026-03-31 → 2028-03-31 (amendment « AVENANT N° 1 DU 2021-02-22 »)"},
        "contradictions": {"c": "end date: metadata 2027-03-31, text says 2026-09-30 — the filter gives a different answer for each"},
    }
    french = list_answer(result, {"b": "APPROVISIONNEMENT (f.pdf)", "c": "BAIL (b.pdf)"}, "date de fin au plus tard le 31/12/2026", "fr")
    assert "fin 31/12/2026" in french and "(date de fin 31/03/2026 → 31/03/2028 (avenant « AVENANT N° 1 DU 2021-02-22 »))" in french, french
    assert "date de fin : métadonnées 31/03/2027, le texte dit 30/09/2026" in french, french
    assert "2026-03-31" not in french and "2027-03-31" not in french  # only the amendment's title, quoted as it is written, keeps its own
    english = list_answer(result, {"b": "APPROVISIONNEMENT (f.pdf)", "c": "BAIL (b.pdf)"}, "end date on or before 2026-12-31", "en")
    assert "ends 2026-12-31" in english and "(end date 2026-03-31 → 2028-03-31 (amendment" in english and "metadata 2027-03-31" in english


def test_every_law_the_data_room_knows_is_named_in_english_for_an_english_answer():
    from greffier.dataroom.vocabulary import LAW_LABELS, law_in

    english = {label: law_in(label, "en") for label in LAW_LABELS}
    assert all(name.endswith(" law") and "droit" not in name for name in english.values()), [n for n in english.values() if "droit" in n]
    assert len(set(english.values())) == len(english)  # no two laws named alike
    assert (english["droit suisse"], english["droit de l'État de New York"], english["droit de l'île de Man"]) == ("Swiss law", "New York law", "Isle of Man law")
    assert law_in("droit suisse", "fr") == "droit suisse" and law_in("Lex Mercatoria", "en") == "Lex Mercatoria"  # a law it cannot read stays as read


def test_every_contract_type_the_data_room_knows_is_named_in_english_for_an_english_answer():
    from greffier.dataroom.vocabulary import CONTRACT_TYPES, type_in

    english = {label: type_in(label, "en") for label in CONTRACT_TYPES}
    assert all(name != label for label, name in english.items()), [label for label, name in english.items() if name == label]
    assert len(set(english.values())) == len(english)
    assert type_in("bail commercial", "fr") == "bail commercial" and type_in("contrat inconnu", "en") == "contrat inconnu"


def test_what_a_list_question_was_read_as_sets_a_field_apart_from_its_value():
    # « 1 contrat correspond (droit applicable droit suisse) » read as one run of words
    from greffier.chat.listing import describe_read

    assert describe_read({"governing_law": {"in": ["droit suisse"]}}, [], "fr") == "droit applicable : droit suisse"
    assert describe_read({"governing_law": {"in": ["droit suisse"]}}, [], "en") == "governing law: Swiss law"  # the law in English too
    # several laws: one of them, or none of them
    assert describe_read({"governing_law": {"in": ["droit suisse", "droit belge"]}}, [], "fr") == "droit applicable : droit suisse ou droit belge"
    assert describe_read({"governing_law": {"not_in": ["droit suisse", "droit belge"]}}, [], "en") == "governing law neither Swiss law nor Belgian law"
    assert describe_read({"governing_law": {"not_in": ["droit suisse", "droit belge"]}}, [], "fr") == "droit applicable autre que droit suisse et droit belge"
    assert describe_read({"governing_law": {"not_in": ["droit français"]}}, [], "en") == "governing law not French law"
    assert describe_read({"governing_law": {"not_in": ["droit français"]}}, [], "fr") == "droit applicable autre que droit français"
    assert describe_read({"contract_types": ["bail commercial"]}, ["LISANDRE HOLDING SAS"], "fr") == "type : bail commercial; partie : LISANDRE HOLDING SAS"
    assert describe_read({"contract_types": ["bail commercial"]}, ["LISANDRE HOLDING SAS"], "en") == "type: commercial lease; party: LISANDRE HOLDING SAS"


@pytest.mark.parametrize("question", [
    "Which contracts are governed by a law other than French law?",
    "List the contracts governed by a law other than French law",
    "Which agreements are subject to a law different from French law?",
    "Which contracts are governed by any law except French law?",
    "List all contracts apart from those governed by French law",
    "Which contracts are governed by a law other than the law of France?",
    "Quels contrats sont régis par une loi autre que le droit français ?",
    "Quels contrats sont soumis à un droit différent du droit français ?",
    "Quels contrats relèvent d'une loi différente de la loi française ?",
    "Quels contrats sont régis par tout droit sauf le droit français ?",
    "Quels contrats, hors droit français, avons-nous ?",
    "Quels contrats sont soumis à un droit autre que le droit français ?",
])
def test_a_law_other_than_the_one_named_is_every_law_but_that_one(question):
    listing = read(question)
    assert listing is not None and listing.filters == {"governing_law": {"not_in": ["droit français"]}}


@pytest.mark.parametrize(("question", "law"), [
    ("Which contracts are governed by French law?", "droit français"),
    ("Quels contrats sont régis par le droit français ?", "droit français"),
    ("Quels contrats sont soumis au droit suisse ?", "droit suisse"),
    # an exception word that sets a type apart leaves the law as named
    ("Which contracts apart from NDAs are governed by Swiss law?", "droit suisse"),
    ("Quels contrats, sauf les baux, sont régis par le droit français ?", "droit français"),
    ("Quels contrats à l'exception des baux sont soumis au droit français ?", "droit français"),
])
def test_a_law_named_without_exception_is_the_law_asked(question, law):
    listing = read(question)
    assert listing is not None and listing.filters["governing_law"] == {"in": [law]}


@pytest.mark.parametrize("question", [
    "Which contracts other than leases end before 2027?",
    "List all contracts except the leases ending before 2027",
    "Which contracts, apart from leases, end before 2027?",
    "Quels contrats autres que les baux finissent avant 2027 ?",
    "Quels contrats, sauf les baux, finissent avant 2027 ?",
    "Quels contrats, hors baux, finissent avant 2027 ?",
    "Quels contrats à l'exception des baux arrivent à échéance avant 2027 ?",
])
def test_a_type_other_than_the_one_named_is_set_apart_not_asked(question):
    listing = read(question)
    assert listing is not None
    assert listing.filters == {"excluded_contract_types": ["bail"], "end_date": {"before": "2026-12-31"}}


@pytest.mark.parametrize("question", ["Quels baux finissent avant 2027 ?", "Which leases end before 2027?"])
def test_a_type_named_without_exception_is_the_type_asked(question):
    listing = read(question)
    assert listing is not None and listing.filters == {"contract_types": ["bail"], "end_date": {"before": "2026-12-31"}}


def test_what_a_list_question_was_read_as_says_the_value_set_apart():
    from greffier.chat.listing import describe_read

    french = read("Quels contrats autres que les baux sont régis par une loi autre que le droit français ?")
    assert describe_read(french.filters, [], "fr") == "type autre que bail; droit applicable autre que droit français"
    english = read("Which contracts other than leases are governed by a law other than French law?")
    assert describe_read(english.filters, [], "en") == "type not lease; governing law not French law"


def test_the_reasons_a_party_filter_gives_are_in_french_in_a_french_answer():
    from greffier.chat.listing import left_out_lines, reason_in

    opening = "its opening names Lisandre Boutiques, which was not read as one of its parties"
    assert reason_in(opening, "fr") == "son en-tête nomme Lisandre Boutiques, qui n'a pas été lu comme l'une de ses parties"
    assert reason_in("its signature blocks name LISANDRE HOLDING SAS, which the opening does not list as a party", "fr") == (
        "ses blocs de signature nomment LISANDRE HOLDING SAS, que son en-tête ne cite pas comme partie"
    )
    assert reason_in("its party Lisandre Holding SAS may be lisandre: one name holds the other", "fr") == (
        "sa partie Lisandre Holding SAS peut être lisandre : l'un des noms contient l'autre"
    )
    assert reason_in("no party could be read in the metadata or the text", "fr") == "aucune partie n'a pu être lue dans les métadonnées ni dans le texte"
    assert reason_in("no contract type in metadata or text", "fr") == "aucun type de contrat dans les métadonnées ni dans le texte"
    # several reasons joined: each one in French
    both = reason_in(f"{opening}; no end date in metadata or text", "fr")
    assert both == "son en-tête nomme Lisandre Boutiques, qui n'a pas été lu comme l'une de ses parties ; aucune date de fin dans les métadonnées ni dans le texte"
    result = {"excluded_unknown": ["c2"], "unknown_reasons": {"c2": opening}}
    line = left_out_lines(result, {"c2": "PACTE D'ASSOCIÉS (pacte.pdf)"}, "fr")[0]
    assert "son en-tête nomme Lisandre Boutiques" in line and "its opening" not in line and "which was not read" not in line
    assert opening in left_out_lines(result, {"c2": "PACTE D'ASSOCIÉS (pacte.pdf)"}, "en")[0]


def test_a_law_the_vocabulary_does_not_know_leaves_no_filter_on_the_one_it_knows():
    # "French or New Caledonian law": filtering on French law alone would drop the other's contracts silently (a review)
    listing = read("Which contracts are governed by French or New Caledonian law?")
    assert listing is None or "governing_law" not in listing.filters, listing


def test_a_list_says_which_contract_is_a_copy_of_another():
    # walkthrough 17: the NDA and its signed PDF copy were listed as two contracts with nothing to tell
    from greffier.chat.listing import list_answer

    result = {"results": [
        {"contract_id": "a", "title": "CONFIDENTIALITY AGREEMENT", "filename": "nda.txt", "governing_law": "droit écossais"},
        {"contract_id": "b", "title": "CONFIDENTIALITY AGREEMENT", "filename": "nda_signed.pdf", "governing_law": "droit écossais", "copy_of": "a"},
    ]}
    names = {"a": "CONFIDENTIALITY AGREEMENT (nda.txt)", "b": "CONFIDENTIALITY AGREEMENT (nda_signed.pdf)"}
    english, french = list_answer(result, names, "law", "en"), list_answer(result, names, "droit", "fr")
    # … on a line under its original's, not a line of its own (walkthrough 30: a copy listed as if it were one more contract)
    assert "- CONFIDENTIALITY AGREEMENT (nda.txt) — Scots law\n  - possible copy: CONFIDENTIALITY AGREEMENT (nda_signed.pdf)" in english, english
    assert "- CONFIDENTIALITY AGREEMENT (nda_signed.pdf)" not in english and "1 contract matches" in english, english
    assert "  - copie probable\u00a0: CONFIDENTIALITY AGREEMENT (nda_signed.pdf)" in french, french
    # a copy listed without its original still says whose copy it is
    alone = list_answer({"results": result["results"][1:]}, names, "law", "en")
    assert "nda_signed.pdf) — Scots law, possible copy of CONFIDENTIALITY AGREEMENT (nda.txt)" in alone, alone


def test_a_copy_set_apart_with_its_original_is_named_with_it():
    # walkthrough 30: the road-freight framework and its signed copy were two lines among the contracts that renew by themselves
    from greffier.chat.listing import left_out_lines

    reason = "renews or continues automatically after 2027-01-31 unless notice is given"
    result = {"excluded_unknown": ["c06", "c15", "c12"], "unknown_reasons": {"c06": reason, "c15": reason, "c12": reason}, "copies": {"c15": "c06"}}
    names = {"c06": "CONTRAT-CADRE (Contrat_cadre.docx)", "c15": "CONTRAT-CADRE (scan_signe.pdf)", "c12": "SAAS AGREEMENT (Stackwise.md)"}
    [line] = left_out_lines(result, names, "en")
    assert line.count("scan_signe.pdf") == 1 and "CONTRAT-CADRE (Contrat_cadre.docx) (with its possible copy CONTRAT-CADRE (scan_signe.pdf))" in line, line
    assert "SAAS AGREEMENT (Stackwise.md)" in line
    [french] = left_out_lines(result, names, "fr")
    assert "avec sa copie probable CONTRAT-CADRE (scan_signe.pdf)" in french, french
    # … set apart for another reason than its original, it has its own line
    other = {**result, "unknown_reasons": {**result["unknown_reasons"], "c15": "end date 2027-01-31 uncertain: read month first"}}
    assert sum("scan_signe.pdf" in line for line in left_out_lines(other, names, "en")) == 1


@pytest.mark.parametrize(("question", "asks_for_contracts"), [
    # walkthrough 19: "Which bank guarantees the lessee's obligations …?" was sent to the chat as a list of guarantees
    ("Which bank guarantees the lessee's obligations under the lease?", False),
    ("Which company leases the hangar to us?", False),
    ("Which bank guarantees do we hold?", True),
    ("Which guarantees the bank gave expire in 2027?", True),
    ("Which contracts aren't leases?", True),
])
def test_a_verb_after_its_subject_is_no_list_of_contracts(question, asks_for_contracts):
    assert is_contracts_request(question) is asks_for_contracts


@pytest.mark.parametrize("question", [
    # a review: lists asked with "list", "show" or a relative clause stay lists
    "List the bank guarantees the company has issued.",
    "Show me the aircraft leases the airline signed in 2024",
    "Which bank guarantees our subsidiaries gave expire in 2027?",
])
def test_a_list_asked_with_a_relative_clause_is_still_a_list(question):
    assert is_contracts_request(question)


@pytest.mark.parametrize(("question", "filters"), [
    # a state with no date is read against today (2026-11-30): the app walk of round 31 got contracts "with a Term article"
    ("Which contracts have already expired?", {"end_date": {"before": "2026-11-29"}}),
    ("Quels contrats sont déjà échus ?", {"end_date": {"before": "2026-11-29"}}),
    ("Quels contrats ont pris fin en 2025 ?", {"end_date": {"after": "2025-01-01", "before": "2025-12-31"}}),
    ("Which contracts are still in force?", {"end_date": {"after": "2026-11-30"}}),
    ("Quels contrats sont en cours ?", {"end_date": {"after": "2026-11-30"}}),
    # brackets hold words like any others (walkthrough 21)
    ("Which contracts are governed by a foreign (non-French) law?", {"governing_law": {"not_in": ["droit français"]}}),
    # every contract, when nothing is asked of them
    ("List all the contracts", {}), ("Quels contrats contient la data room ?", {}), ("How many agreements are there?", {}),
])
def test_a_state_or_nothing_at_all_is_a_list_too(question, filters):
    listing = read(question)
    assert listing is not None and listing.filters == filters and not listing.parties


def test_a_list_of_every_contract_says_so_shows_the_current_term_and_sets_a_memo_apart():
    from greffier.chat.listing import list_answer

    result = {"results": [
        {"contract_id": "a", "title": "Contrat de fourniture", "filename": "f.pdf", "end_date": "2026-06-30", "current_end": "2027-06-30"},
        {"contract_id": "b", "title": "Note interne", "filename": "n.txt", "not_contract": "an internal memo"},
    ]}
    lines = list_answer(result, {}, "", "fr").splitlines()
    assert lines[0] == "La data room contient 1 contrat\u00a0:"
    assert lines[1] == "- Contrat de fourniture (f.pdf) — fin 30/06/2027 (reconduit après le 30/06/2026 sauf congé)"
    assert lines[-1] == "Écartés parce que le document n'est pas un contrat\u00a0: Note interne (n.txt) (une note interne)."
    assert list_answer(result, {}, "", "en").splitlines()[0] == "The data room holds 1 contract:"


def test_a_list_line_names_the_parties_who_signed():
    # walkthrough 35: lists named each contract by its title and file only; a lawyer looks for the counterparty
    from greffier.chat.listing import list_answer

    parties = [{"name": "CIMENTS DU POITOU"}, {"name": "BÉTONS DE LA VIENNE"}]
    many = [{"name": n} for n in ("HOLDING A", "M. Jean B", "GRANULATS C", "SABLIÈRES D", "BANQUE E")]
    result = {"results": [
        {"contract_id": "a", "title": "Contrat de fourniture", "filename": "f.pdf", "end_date": "2026-12-31", "parties": parties},
        {"contract_id": "b", "title": "Cession d'actions", "filename": "c.docx", "parties": many},
    ]}
    lines = list_answer(result, {}, "", "fr").splitlines()
    assert lines[1] == "- Contrat de fourniture (f.pdf) — fin 31/12/2026, entre CIMENTS DU POITOU et BÉTONS DE LA VIENNE"
    assert lines[2] == "- Cession d'actions (c.docx) — entre HOLDING A, M. Jean B, GRANULATS C et 2 autres"
    assert list_answer(result, {}, "", "en").splitlines()[1].endswith("— ends 2026-12-31, between CIMENTS DU POITOU and BÉTONS DE LA VIENNE")
    # the review: four parties are all named (no « et 1 autres »), one party or the same one twice is no « entre »
    four = {"results": [{"contract_id": "c", "title": "Pacte", "filename": "p.pdf", "parties": many[:4]},
                        {"contract_id": "d", "title": "Lettre", "filename": "l.pdf", "parties": [{"name": "ACME SAS"}, {"name": "Acme SAS"}]}]}
    lines = list_answer(four, {}, "", "fr").splitlines()
    assert lines[1] == "- Pacte (p.pdf) — entre HOLDING A, M. Jean B, GRANULATS C et SABLIÈRES D"
    assert lines[2] == "- Lettre (l.pdf)", lines[2]


def test_a_copy_or_a_translation_is_counted_once_and_a_past_end_is_said_to_be_past():
    from greffier.chat.listing import list_answer

    result = {"results": [
        {"contract_id": "a", "title": "Software License Agreement", "filename": "l.pdf", "end_date": "2027-09-30"},
        {"contract_id": "b", "title": "Traduction de courtoisie", "filename": "t.pdf", "end_date": "2027-09-30", "copy_of": "a",
         "warnings": ["possible translation of Software License Agreement (l.pdf): same parties, type and signature date, another language"]},
        {"contract_id": "c", "title": "Lettre de mission", "filename": "m.pdf", "end_date": "2026-03-31"},
    ]}
    lines = list_answer(result, {}, "date de fin au plus tard le 31/12/2027", "fr", today=TODAY).splitlines()
    # the app walk of round 31: 2 acts read as 3, the translation called a copy, an ended engagement shown as live
    assert lines[0] == "2 contrats correspondent (date de fin au plus tard le 31/12/2027), la copie ou traduction de l'un d'eux comptée une fois\u00a0:"
    assert lines[2] == "  - traduction probable\u00a0: Traduction de courtoisie (t.pdf)"  # under its original's line
    assert lines[3] == "- Lettre de mission (m.pdf) — fin 31/03/2026, déjà échu"


@pytest.mark.parametrize("question", [
    # a state denied, or a state beside a clause asked, is no list of that state (the review of the round)
    "Quels contrats ne sont pas encore en vigueur ?", "Which contracts are not currently active?", "Which contracts have not already expired?",
    "Quels contrats sont en cours de négociation ?", "Which contracts are in force and have a change of control clause?",
    "Quels contrats sont en vigueur et contiennent une clause de non-concurrence ?",
])
def test_a_state_denied_or_beside_a_clause_is_not_read_as_that_list(question):
    listing = read(question)
    assert listing is None or "end_date" not in listing.filters


def test_an_in_force_list_counts_an_indefinite_term_in_and_a_renewing_contract_is_not_said_ended():
    from greffier.chat.listing import list_answer

    result = {"results": [{"contract_id": "a", "title": "Bail", "filename": "b.pdf", "end_date": "2025-06-30", "renewal": "automatic"}],
              "excluded_unknown": ["c"], "unknown_reasons": {"c": "no end date: indefinite term"}}
    text = list_answer(result, {"c": "CDI (c.pdf)"}, "date de fin à partir du 30/11/2026", "fr", today=TODAY, in_force=True)
    assert "déjà échu" not in text and "En vigueur aussi, sans date de fin (durée indéterminée, ou perpétuelle)\u00a0: CDI (c.pdf)." in text
    # a perpetual one says so (the app walk of round 33: a perpetual licence told as « durée indéterminée », which a party may end on notice)
    result["unknown_reasons"]["c"] = "no end date: indefinite term, in perpetuity (« 5. Term »)"
    assert "En vigueur aussi, sans date de fin (durée indéterminée, ou perpétuelle)\u00a0: CDI (c.pdf) (à perpétuité)." in list_answer(
        result, {"c": "CDI (c.pdf)"}, "date de fin à partir du 30/11/2026", "fr", today=TODAY, in_force=True)


def test_an_in_force_list_says_which_contract_is_not_in_force_yet():
    # the app walk of round 32: a contract signed, its term to come, was listed « en cours » like the others
    from greffier.chat.listing import list_answer

    result = {"results": [{"contract_id": "a", "title": "Bail", "filename": "b.pdf", "start_date": "2027-04-01", "end_date": "2036-03-31"},
                          {"contract_id": "b", "title": "NDA", "filename": "n.pdf", "start_date": "2026-01-05", "end_date": "2028-01-04"}]}
    text = list_answer(result, {}, "date de fin à partir du 30/11/2026", "fr", today=TODAY, in_force=True)
    lines = text.splitlines()
    assert lines[1].startswith("- Bail (b.pdf) — pas encore en vigueur\u00a0: prend effet le 01/04/2027, fin 31/03/2036"), lines
    assert "pas encore" not in lines[2]
    # a list of ends asks no state: nothing is said of it there
    assert "pas encore" not in list_answer(result, {}, "date de fin à partir du 30/11/2026", "fr", today=TODAY)


def test_a_list_names_each_contract_s_amendments_under_it_and_the_whole_room_counts_them():
    # walkthrough 23: "List all the contracts" never mentioned the room's two amendments
    from greffier.chat.listing import list_answer

    result = {"results": [{"contract_id": "a", "title": "Licence", "filename": "l.pdf", "end_date": "2031-10-01", "amended_by": ["b"]},
                          {"contract_id": "c", "title": "NDA", "filename": "n.pdf", "end_date": "2026-07-02"}]}
    names = {"b": "AMENDMENT No. 1 (amendment.docx)"}
    lines = list_answer(result, names, "", "en", today=TODAY).splitlines()
    assert lines[0] == "The data room holds 2 contracts and 1 amendment(s):"
    assert lines[1].startswith("- Licence (l.pdf)") and lines[2] == "  - amended by AMENDMENT No. 1 (amendment.docx)" and lines[3].startswith("- NDA")
    assert "  - modifié par AMENDMENT No. 1 (amendment.docx)" in list_answer(result, names, "date de fin à partir du 30/11/2026", "fr", today=TODAY)


@pytest.mark.parametrize(("question", "kinds"), [
    ("Which contracts is Flandria Distribution NV a party to?", None),
    ("Quels contrats a signés Flandria Distribution NV ?", None),
    # … a kind asked besides the name is still asked
    ("Which distribution contracts did Flandria Distribution NV sign?", ["contrat de distribution"]),
])
def test_a_party_s_whole_name_is_no_kind_of_contract(question, kinds):
    # walkthrough 30: "Which contracts is Flandria Distribution NV a party to?" → « No contract matches (type: distribution agreement) »
    parties = {"flandria_distribution": ["FLANDRIA DISTRIBUTION NV"], "vercors_logistique": ["VERCORS LOGISTIQUE SAS"]}
    listing = read_list_question(question, today=TODAY, home_law="droit français", parties=parties)
    assert listing is not None and listing.filters.get("contract_types") == kinds and ["flandria_distribution"] in listing.parties, listing


def test_a_value_asked_that_no_contract_has_is_said():
    # the app walk of round 38: "Which contracts are under Swiss or Belgian law?" listed the Swiss agency contract, silent on Belgian law
    from greffier.chat.listing import values_matched_by_none

    filters = {"governing_law": {"in": ["droit suisse", "droit belge"]}}
    results = [{"contract_id": "c14", "governing_law": "droit suisse"}]
    assert values_matched_by_none(filters, results, {}, "en") == "No contract of the data room is under Belgian law."
    assert values_matched_by_none(filters, results, {}, "fr") == "Aucun contrat de la data room n'est soumis au droit belge."
    # … not when each has one, nor when one value was asked, nor when a contract left out (its law unknown) may have it
    assert values_matched_by_none(filters, [*results, {"contract_id": "c3", "governing_law": "droit belge"}], {}, "en") == ""
    assert values_matched_by_none({"governing_law": {"in": ["droit belge"]}}, [], {}, "en") == ""
    unknown = {"excluded_unknown": ["c9"], "unknown_reasons": {"c9": "no governing law in metadata or text"}}
    assert values_matched_by_none(filters, results, unknown, "en") == ""


@pytest.mark.parametrize(("question", "asks"), [
    ("Quels avenants ont été conclus au contrat d'approvisionnement Ferlande et que changent-ils ?", True),
    ("Which amendments were made to the supply contract and what do they change?", True),
    ("Quels avenants modifient le contrat de bail ?", False),  # which ones, not what they change
    ("Which amendments were signed in 2026?", False),
])
def test_a_list_question_may_ask_what_the_amendments_change(question, asks):
    from greffier.chat.listing import asks_changes

    assert asks_changes(question) is asks


def test_an_amendment_s_articles_say_what_it_changes_not_its_parties_law_or_effect():
    # the app walk of round 38: « Quels avenants … et que changent-ils ? » was given the amendments' dates only
    from greffier.chat.listing import changing_articles, list_answer

    sections = ["ENTRE LES SOUSSIGNÉES :", "IL EST PRÉALABLEMENT EXPOSÉ QUE :", "Article 1 — Prorogation du Contrat",
                "Article 2 — Extension de l'exclusivité", "Article 4 — Effet et portée de l'avenant", "Article 5 — Droit applicable",
                "AVENANT N° 2 AU CONTRAT", "ARTICLE 4 — STIPULATIONS INCHANGÉES", "2. Other terms"]
    articles = changing_articles(sections)
    assert articles == ["Article 1 — Prorogation du Contrat", "Article 2 — Extension de l'exclusivité"], articles
    result = {"results": [
        {"contract_id": "a", "title": "Contrat de fourniture", "filename": "f.pdf", "signature_date": "2021-02-22", "amended_by": ["b"]},
        {"contract_id": "c", "title": "Avenant n° 2", "filename": "a2.pdf", "signature_date": "2026-06-01", "is_amendment": True},
    ]}
    text = list_answer(result, {"b": "Avenant n° 1 (a1.docx)"}, "partie Ferlande", "fr",
                       changes={"b": articles, "c": ["ARTICLE 1 — NOUVELLE GRILLE TARIFAIRE"]})
    assert "  - modifié par Avenant n° 1 (a1.docx) — ses articles\u00a0: Article 1 — Prorogation du Contrat ; Article 2 — Extension" in text, text
    assert "- Avenant n° 2 (a2.pdf) — signé 01/06/2026, ses articles\u00a0: ARTICLE 1 — NOUVELLE GRILLE TARIFAIRE" in text, text
    assert "ses articles" not in list_answer(result, {"b": "Avenant n° 1 (a1.docx)"}, "partie Ferlande", "fr")
