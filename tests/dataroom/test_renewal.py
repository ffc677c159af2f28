"""A contract that renews by itself (« tacite reconduction », "shall automatically renew") does not end on
the date its term names: the reader finds the sentence in French and English, never a sentence that
denies it, names it only or gives a party the option; an end-date filter lists such a contract apart
unless its first end decides the question anyway."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.dataroom.extract import split_articles
from greffier.dataroom.extract.renewal import extract_renewal, renewal_reading
from greffier.dataroom.extract.text import ChunkInput
from greffier.dataroom.records import ContractInput, build_records
from greffier.services.dataroom.query import DataRoomFilters, _filter, asked_names, resolve_filters
from store.records import DataRoom

RENEWS = [
    # the app walk of round 39: a Swiss agency contract continued tacitly after its fixed term (CO art. 418p), listed as ending on it
    "S'il est continué tacitement par les deux parties après le 31 décembre 2027, il sera réputé renouvelé pour une durée indéterminée.",
    "If this Agreement is tacitly continued by both parties after that date, it shall be deemed renewed for an indefinite term.",
    # walkthrough 29: a cloud outsourcing agreement, a KYC services contract
    "9.2 Upon expiry of the Initial Period, this Agreement shall continue for consecutive further periods of twenty-four (24) months each, "
    "unless and until either party notifies the other in writing, no later than nine (9) months before the end of the then-current period.",
    "Sauf si l'une des Parties fait savoir à l'autre, trois (3) mois avant le terme de la période en cours, qu'elle n'entend pas poursuivre "
    "leurs relations, le Contrat est réputé conclu à nouveau, aux mêmes conditions, pour une année, et ainsi d'année en année.",
    # walkthrough 29: an agent's contract that runs on with no end after its first three years; its English form
    "À l'issue de cette période initiale, il se poursuivra pour une durée indéterminée, chacune des Parties pouvant alors y mettre fin par "
    "lettre recommandée avec demande d'avis de réception, moyennant le respect du préavis prévu à l'article L.134-11 du Code de commerce.",
    "Thereafter this Agreement shall continue indefinitely until terminated by either party on six (6) months' written notice.",
    # walkthrough 27: a hospital's marché, a German supply agreement
    "Il est reconductible tacitement par périodes successives de douze (12) mois, sans que sa durée totale puisse excéder quatre (4) ans.",
    "It shall be extended each time by twenty-four (24) months unless terminated by either party by written notice at least six (6) months before.",
    # walkthrough 28: a CRO's services contract
    "11.2 À l'arrivée de son terme, le Contrat se poursuivra de plein droit par périodes successives de douze (12) mois, à moins que l'une des "
    "Parties n'ait fait connaître à l'autre sa volonté contraire au moins quatre (4) mois avant l'échéance.",
    # walkthrough 25: "extended by successive periods … unless terminated" (the OEM licence read no renewal)
    "16.2 It shall thereafter be extended by successive periods of two (2) years unless terminated by either party by giving at least twelve (12) months' written notice.",
    # a term's extension "by successive terms" (walkthrough 12; the scan flagged it, the record said nothing)
    "Thereafter it is extended automatically by successive terms of twelve (12) months unless either party gives notice of termination.",
    "Il se renouvelle ensuite par tacite reconduction pour des périodes successives d'un an, sauf dénonciation trois mois avant l'échéance.",
    "Le contrat est renouvelable par tacite reconduction.",
    "À son terme, le bail est reconduit tacitement d'année en année.",
    "Le contrat se renouvellera ensuite automatiquement par périodes d'un an.",
    "This Agreement shall automatically renew for successive one-year periods unless either party gives notice of non-renewal.",
    "Thereafter, this Agreement shall be renewed for successive one (1) year terms unless terminated by either party.",
    "Unless either party gives notice, this Agreement shall continue on a year to year basis.",
    "The term shall be two (2) years with  automatic  annual  renewals  thereafter.",
    # a negation in a leading condition is the condition's, not the renewal's (a review)
    "Si aucune des parties ne le dénonce, il se renouvelle ensuite par tacite reconduction pour un an.",
    "If no notice of non-renewal is given, it shall automatically renew for successive one-year periods.",
    "In the event that either party does not give such notice, the term of this Agreement shall be automatically renewed for another one (1) year.",
    "The license granted hereunder is non-exclusive and shall automatically renew each year.",
    # the English of « tacite reconduction » (a walkthrough)
    "This Agreement shall be tacitly renewed for successive one-year periods.",
    "The Agreement is subject to tacit renewal for periods of one year.",
    # a leading condition that holds a negation, closed by its comma before an inserted phrase (a review)
    "Unless either party gives notice that it does not wish to renew, at least ninety days before its end, this Agreement renews automatically.",
    # a subscription agreement's subscription is its term (walkthrough 18)
    "At the end of the Initial Term, the subscription shall renew automatically for a further period of twelve (12) months.",
]
DENIED = [
    # a contract that will not be continued tacitly (the near miss of the round's Swiss agency contract)
    "Le contrat ne sera pas continué tacitement au-delà de son terme.",
    "Le contrat ne pourra être continué tacitement au-delà du 31 décembre 2027.",  # the review of the round
    # walkthrough 27: an avenant's replaced term article, the waiver of tacit renewal read as one
    "5.2 À cette date, le Contrat cessera de plein droit de produire ses effets, les Parties renonçant expressément à toute tacite reconduction.",
    "Le Contrat prend fin le 30 juin 2029, à l'exclusion de toute tacite reconduction.",
    "The parties waive any automatic renewal of this Agreement.",
    # walkthrough 25: a replaced term article, « ni … ni » and the agreement it needs set between commas further on
    "4.2 À l'arrivée de ce terme, le Contrat ne pourra se poursuivre ni se reconduire, tacitement ou autrement, sauf nouvel accord écrit des Parties.",
    "Le Contrat ne peut se renouveler, ni tacitement ni autrement.",
    "Il ne se renouvellera pas par tacite reconduction.",
    # the app walk of round 29: an aircraft lease's renewal read "not stated"
    "4.2 This Agreement contains no option to renew or extend the Term.",
    "Le contrat ne comporte aucune option de renouvellement.",
    "La tacite reconduction est exclue.",
    "Le contrat ne pourra en aucun cas être reconduit tacitement.",
    "This Agreement shall not be automatically renewed.",
    "Automatic renewal shall not apply to this Agreement.",
    "This Agreement shall not be renewed by tacit agreement; any extension requires a written amendment.",
    "There shall be no tacit renewal of this Agreement.",
    # denied plainly, no word of an automatic renewal (a walkthrough: no reading)
    "This Agreement shall not be renewed.",
    "Le présent contrat ne sera pas renouvelé.",
    "This Agreement is not renewable.",
    "Le présent contrat n'est pas renouvelable.",
    # only the parties' own agreement extends it (walkthrough 14: no reading)
    "This Agreement shall not be extended except by a written agreement signed by both parties.",
    "Il prendra fin de plein droit à son terme, sans qu'aucun renouvellement ne puisse intervenir autrement que par un nouvel accord écrit.",
    "Le contrat ne sera pas renouvelé, sauf avenant signé des deux parties.",
    # the object of no renewal, tacit or otherwise (walkthrough 18)
    "Il ne fera l'objet d'aucune reconduction, tacite ou autre, le Crédit-preneur disposant seulement des options prévues à l'article 9.",
    "This Agreement shall not be subject to any renewal or extension.",
]
NOT_SAID = [
    # a continuation the parties may agree on, one further period, a transfer deemed made on a date (walkthrough 29's near misses)
    "This Agreement may continue for successive periods of one year if the parties so agree in writing.",
    "La cession est réputée conclue à la date de signature du présent acte.",
    # … a deemed renewal denied, or of something else than the contract (the review of the round)
    "Le Contrat ne sera pas réputé renouvelé du seul fait de la poursuite des relations entre les Parties.",
    "Le Contrat ne saurait être réputé reconduit du seul fait de la poursuite des relations.",
    "À défaut de désignation d'un successeur, le mandat du Président est réputé renouvelé pour un an.",
    "Thereafter, this Agreement shall continue for further periods of twelve (12) months only if the Parties so agree in writing.",
    "This Agreement will continue for successive periods of twelve months, subject to the parties' written agreement.",
    # a renewal the parties may agree on (the review of round 36)
    "The Agreement may be extended each time by twelve (12) months by mutual written agreement of the Parties.",
    "Le Contrat pourra se poursuivre pour des périodes successives d'un an si les Parties en conviennent par écrit.",
    # the review of round 35: « ne … que » limits a renewal, it does not deny it
    "Le Contrat ne pourra se renouveler, à défaut de dénonciation, que pour une durée d'un an.",
    "Le Contrat ne pourra se renouveler, ni être prorogé, qu'une seule fois.",
    "The Lessee has no option to purchase the Aircraft.",
    # at a party's option, or by agreement: no renewal unless someone acts
    "The term may be renewed by mutual written agreement of the parties.",
    "Le présent contrat pourra être renouvelé d'un commun accord.",
    # … one the parties may agree on, or an employment contract's after its trial period (indefinite from the start)
    "Le contrat pourra se poursuivre pour une durée indéterminée si les Parties en conviennent.",
    "À l'issue de la période d'essai, le contrat se poursuivra à durée indéterminée.",
    "The Agreement may continue indefinitely by mutual agreement.",
    # (the review of the round: the parties' agreement or a party's choice, wherever it is said)
    "Le contrat pourra, d'un commun accord, se poursuivre pour une durée indéterminée.",
    "Si les Parties en conviennent, le contrat se poursuivra pour une durée indéterminée.",
    "This Agreement shall thereafter continue indefinitely only if the Parties so agree in writing.",
    "Either party may elect that this Agreement shall continue indefinitely.",
    # a heading; a deadline's, a warranty's or a policy's extension (a review)
    "Automatic Renewal.",
    "Such period shall automatically be extended by the number of days taken by the arbitration.",
    "En cas de force majeure, les délais d'exécution seront prorogés de plein droit.",
    "Le délai de préavis est prorogé de plein droit.",
    "The Warranty Period shall be automatically extended for a period equal to the downtime.",
    "The Company shall automatically renew its insurance policies.",
    "The Warranty Period shall not be extended.",
    "Any purchase order shall not be extended beyond its delivery date.",
    # a denial with a condition or a limit says the contract may renew (a review): no reading rather than the opposite
    "This Agreement shall not be renewed if either Party notifies the other of its objection.",
    "Le contrat ne sera pas renouvelé si l'une des parties le dénonce trois mois avant son terme.",
    "This Agreement may not be renewed more than twice.",
    "This Agreement grants the Licensee a non-renewable licence.",
]


@pytest.mark.parametrize("sentence", RENEWS)
def test_a_contract_that_renews_by_itself(sentence):
    found = extract_renewal([ChunkInput(id="c1-2", section="Article 2 — Durée", text=f"Le contrat est conclu pour deux ans. {sentence}")])
    assert found is not None and found.value == "automatic" and found.chunk_id == "c1-2"
    assert " ".join(sentence.split()) in found.raw


@pytest.mark.parametrize("sentence", DENIED)
def test_a_contract_that_says_it_does_not_renew_by_itself(sentence):
    found = extract_renewal([ChunkInput(id="c1-2", section="", text=sentence)])
    assert found is not None and found.value == "none"
    # a sentence that says it renews wins over one that denies it elsewhere (« sauf … »: the other clause's)
    both = extract_renewal([ChunkInput(id="c1-2", section="", text=sentence), ChunkInput(id="c1-3", section="", text=RENEWS[0])])
    assert both is not None and both.value == "automatic" and both.chunk_id == "c1-3"


@pytest.mark.parametrize("sentence", NOT_SAID)
def test_no_word_of_an_automatic_renewal(sentence):
    assert extract_renewal([ChunkInput(id="c1-2", section="", text=sentence)]) is None


SERVICES = """CONTRAT DE PRESTATION DE SERVICES

Entre la société ALPHA CONSEIL SAS, et la société BETA INDUSTRIE SA.

ARTICLE 2 — DURÉE
Le contrat prend effet le 1er février 2024 pour une durée de deux ans, soit jusqu'au 31 janvier 2026. Il se renouvelle ensuite par tacite reconduction pour des périodes successives d'un an, sauf dénonciation.

ARTICLE 3 — DROIT APPLICABLE
Le présent contrat est soumis au droit français.
"""

SUPPLY = """SUPPLY AGREEMENT

This Supply Agreement is made by and between Gamma Packaging Ltd and Delta Foods Inc.

ARTICLE 4 — TERM
This Agreement shall commence on March 1, 2024 and shall expire on February 28, 2027. This Agreement shall not be renewed automatically.
"""


@pytest.fixture(scope="module")
def room() -> DataRoom:
    texts = [SERVICES, SUPPLY]
    inputs = [
        ContractInput(id=f"c{i}", file=f"c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return DataRoom(tuple(build_records(inputs)), generation=0)


def run(room: DataRoom, **filters):  # noqa: ANN201
    asked = DataRoomFilters.model_validate(filters)
    resolved, _notes = resolve_filters(asked, room)
    _, outcome = _filter(room, resolved, asked_names(asked))
    return [r.id for r in outcome.passing], outcome.unknown


def test_the_record_says_the_contract_renews_and_where(room):
    services, supply = room.by_id["c1"], room.by_id["c2"]
    assert services.renewal == "automatic" and services.end_date.isoformat() == "2026-01-31"
    assert services.sources["renewal"].chunk_id in services.evidence["renewal"]
    assert any(w.startswith("renews or continues automatically after 2026-01-31 unless notice is given") and "DURÉE" in w for w in services.warnings)
    assert supply.renewal == "none" and not any("renews" in w for w in supply.warnings)


@pytest.mark.parametrize(
    ("end_date", "passing", "apart"),
    [
        ({"before": "2027-12-31"}, ["c2"], ["c1"]),  # it may end on 31 January 2026, or run on: not decided
        ({"after": "2027-01-01"}, ["c2"], ["c1"]),  # it may run past 2027, or end in 2026: not decided
        ({"after": "2025-01-01"}, ["c1", "c2"], []),  # it ends in 2026 at the earliest: surely after 2025
        ({"before": "2025-12-31"}, [], []),  # and never before its first term's end
        ({"after": "2026-01-01", "before": "2026-12-31"}, [], ["c1"]),
    ],
)
def test_an_end_date_filter_lists_a_renewing_contract_apart_unless_its_first_end_decides(room, end_date, passing, apart, monkeypatch):
    from greffier.services.dataroom import query

    monkeypatch.setattr(query, "today_date", lambda: date(2025, 12, 1))  # its first term still running
    got, unknown = run(room, end_date=end_date)
    assert got == passing and sorted(unknown) == apart, unknown
    for cid in apart:
        assert "renews or continues automatically after 2026-01-31" in unknown[cid] and "it may end then or run on" in unknown[cid]


def test_a_renewing_contract_whose_first_end_is_past_is_said_to_run_on_its_current_term(room, monkeypatch):
    # walkthrough 20: « peut prendre fin le 30/06/2026 » of a list made six months later; it ended then only if notice was given,
    # which the documents may not say — else it runs to its current term's end (still not decided: listed apart)
    from greffier.dataroom.reasons import reason_in
    from greffier.services.dataroom import query

    monkeypatch.setattr(query, "today_date", lambda: date(2026, 12, 6))
    got, unknown = run(room, end_date={"before": "2027-12-31"})
    assert got == ["c2"] and unknown["c1"].endswith(": it ended then if notice was given, else its current term ends 2027-01-31"), unknown
    assert reason_in(unknown["c1"], "fr").endswith(" : il a pris fin à cette date si un congé a été donné, sinon sa période en cours s'achève le 31/01/2027")


def test_the_reason_reads_in_french_for_a_french_list():
    from greffier.dataroom.reasons import reason_in

    reason = "renews or continues automatically after 2026-01-31 unless notice is given (« Article 2 — Durée »): it may end then or run on"
    french = reason_in(reason, "fr")
    assert french.startswith("se renouvelle ou se prolonge tacitement après le 31/01/2026 faute de congé ou de dénonciation (« Article 2 — Durée »)")
    assert french.endswith(" : il peut prendre fin à cette date ou se poursuivre")


AMENDMENT_ENDS_RENEWAL = """AVENANT N° 1 AU CONTRAT DE PRESTATION DE SERVICES

Entre la société ALPHA CONSEIL SAS, et la société BETA INDUSTRIE SA.

ARTICLE 1 — DURÉE
L'article 2 du contrat est remplacé par ce qui suit : « Le contrat est prorogé jusqu'au 31 janvier 2028, date à laquelle il prendra fin. Il ne se renouvelle pas par tacite reconduction. »

Fait à Paris, le 10 décembre 2025.
"""

FIXED = """CONTRAT DE MAINTENANCE

Entre la société ALPHA CONSEIL SAS, et la société BETA INDUSTRIE SA.

ARTICLE 2 — DURÉE
Le contrat prend effet le 1er mars 2024 pour une durée de deux ans, soit jusqu'au 28 février 2026.

Fait à Paris, le 20 février 2024.
"""

AMENDMENT_ADDS_RENEWAL = """AVENANT N° 1 AU CONTRAT DE MAINTENANCE

Entre la société ALPHA CONSEIL SAS, et la société BETA INDUSTRIE SA.

ARTICLE 1 — DURÉE
À compter de son échéance du 28 février 2026, le contrat de maintenance se renouvellera par tacite reconduction pour des périodes successives d'un an.

Fait à Paris, le 5 janvier 2026.
"""


def _room(*texts: str) -> DataRoom:
    inputs = [
        ContractInput(id=f"c{i}", file=f"c{i}.txt", title=t.splitlines()[0], text=t, chunks=split_articles(f"c{i}", t), position=i)
        for i, t in enumerate(texts, 1)
    ]
    return DataRoom(tuple(build_records(inputs)), generation=0)


def test_an_amendment_that_rewrites_the_term_without_renewal_ends_it():
    room = _room(SERVICES, AMENDMENT_ENDS_RENEWAL)
    contract = room.by_id["c1"]
    assert contract.amended_by == ["c2"] and contract.end_date.isoformat() == "2028-01-31"
    assert contract.renewal == "none" and not any(w.startswith("renews or continues automatically") for w in contract.warnings)
    assert run(room, end_date={"before": "2028-12-31"})[0] == ["c1"]  # decided: it ends on 31 January 2028


def test_an_amendment_that_brings_an_automatic_renewal_puts_the_contract_apart():
    room = _room(FIXED, AMENDMENT_ADDS_RENEWAL)
    contract = room.by_id["c1"]
    assert contract.amended_by == ["c2"] and contract.renewal == "automatic"
    assert any(w.startswith("renews or continues automatically after 2026-02-28 unless notice is given (amendment « AVENANT N° 1") for w in contract.warnings)
    passing, unknown = run(room, end_date={"before": "2026-12-31"})
    assert "c1" not in passing and "c1" in unknown


PRICE_AMENDMENT = """AVENANT N° 2 AU CONTRAT DE PRESTATION DE SERVICES

Entre la société ALPHA CONSEIL SAS, et la société BETA INDUSTRIE SA.

ARTICLE 1 — PRIX
Le prix annuel est porté à 52 000 euros hors taxes. Le présent avenant ne modifie pas la clause de tacite reconduction prévue à l'article 2 du contrat.

Fait à Paris, le 3 mars 2025.
"""


def test_an_amendment_that_only_mentions_the_renewal_leaves_it():
    # « ne modifie pas la clause de tacite reconduction » denies a change, not the renewal (a review): the contract still renews
    room = _room(SERVICES, PRICE_AMENDMENT)
    contract = room.by_id["c1"]
    assert contract.amended_by == ["c2"] and contract.renewal == "automatic", contract
    assert "c1" in run(room, end_date={"before": "2026-12-31"})[1]


def test_the_term_article_decides_before_a_deadline_elsewhere():
    chunks = [
        ChunkInput(id="c1-3", section="Article 3 — Durée", text="Le contrat est conclu pour trois ans. Il ne se renouvellera pas par tacite reconduction."),
        ChunkInput(id="c1-9", section="Article 9 — Force majeure", text="Les délais d'exécution du contrat seront prorogés de plein droit de la durée de l'empêchement."),
    ]
    found = extract_renewal(chunks)
    assert found is not None and found.value == "none" and found.chunk_id == "c1-3"


SUBCONTRACT = """CONTRAT DE SOUS-TRAITANCE

Entre la société GAMMA BÂTIMENT SAS, et la société DELTA ÉLECTRICITÉ SARL.

ARTICLE 5 — DURÉE
Le présent contrat prend effet le 10 mars 2025. Il expire à la réception sans réserve des travaux du lot, et au plus tard le 30 septembre 2026.

Fait à Chambéry, le 3 mars 2025.
"""


@pytest.mark.parametrize(
    ("end_date", "passing", "apart"),
    [
        ({"before": "2027-12-31"}, ["c1"], []),  # it ends on 30 September 2026 at the latest: surely before 2028
        ({"after": "2027-01-01"}, [], []),  # … so surely not after 2027
        ({"after": "2026-01-01"}, [], ["c1"]),  # the works may be received before 2026, or not: not decided
        ({"before": "2025-12-31"}, [], ["c1"]),
    ],
)
def test_an_end_read_as_a_bound_decides_the_ranges_it_bounds(end_date, passing, apart):
    # « Il expire à la réception sans réserve des travaux, et au plus tard le 30 septembre 2026 » (a walkthrough: the
    # contract was set apart, « aucune date de fin dans le texte »)
    inputs = [ContractInput(id="c1", file="c1.txt", title="CONTRAT DE SOUS-TRAITANCE", text=SUBCONTRACT, chunks=split_articles("c1", SUBCONTRACT), position=1)]
    subcontract = DataRoom(tuple(build_records(inputs)), generation=0)
    assert subcontract.by_id["c1"].end_date.isoformat() == "2026-09-30"
    got, unknown = run(subcontract, end_date=end_date)
    assert got == passing and sorted(unknown) == apart, unknown
    for cid in apart:
        assert "at the latest" in unknown[cid], unknown[cid]


SUBCONTRACT_AMENDMENT = """AVENANT N° 1 AU CONTRAT DE SOUS-TRAITANCE DU 3 MARS 2025

Entre la société GAMMA BÂTIMENT SAS, et la société DELTA ÉLECTRICITÉ SARL.

ARTICLE 1 — DURÉE
{term}

Fait à Chambéry, le 2 février 2026.
"""


@pytest.mark.parametrize(
    ("term", "end", "bound"),
    [
        ("La durée du Contrat est prorogée de deux ans.", "2028-09-30", True),  # at the latest still: moved by a period
        ("Le Contrat est prorogé jusqu'au 31 décembre 2028.", "2028-12-31", False),  # a date of its own
    ],
)
def test_an_end_read_as_a_bound_stays_a_bound_when_an_amendment_moves_it_by_a_period(term, end, bound):
    amendment = SUBCONTRACT_AMENDMENT.format(term=term)
    inputs = [
        ContractInput(id="c1", file="c1.txt", title="CONTRAT DE SOUS-TRAITANCE", text=SUBCONTRACT, chunks=split_articles("c1", SUBCONTRACT), position=1),
        ContractInput(id="c2", file="c2.txt", title=amendment.splitlines()[0], text=amendment, chunks=split_articles("c2", amendment), position=2),
    ]
    room = DataRoom(tuple(build_records(inputs)), generation=0)
    assert room.by_id["c2"].amends == "c1" and room.by_id["c1"].end_date.isoformat() == end
    got, unknown = run(room, end_date={"after": "2028-01-01"})
    # the works may be received before 2028: a bound decides nothing here, it is set apart saying why
    assert (got, sorted(unknown)) == (([], ["c1"]) if bound else (["c1"], []))
    if bound:
        assert "at the latest" in unknown["c1"], unknown
    assert run(room, end_date={"before": "2029-12-31"})[0] == ["c1"]  # at the latest 2028: surely before 2030


def test_a_bound_s_reason_reads_in_french():
    from greffier.dataroom.reasons import reason_in

    reason = "end date could not be read with confidence (the term ends on this date at the latest: an earlier event the text names may end it first)"
    french = reason_in(reason, "fr")
    assert french == "date de fin : lecture incertaine (le terme est atteint à cette date au plus tard : un événement antérieur que le texte nomme peut y mettre fin plus tôt)"


@pytest.mark.parametrize(("reason", "french"), [
    # a walkthrough: French lists gave these reasons in English
    ("no end date in metadata or text: term of soixante (60) mois (« Article 3 – Durée ») runs from « de la mise à disposition des fonds », which no date of the contract gives",
     "aucune date de fin dans les métadonnées ni dans le texte : durée de soixante (60) mois (« Article 3 – Durée ») court à compter de « de la mise à disposition des fonds », qu'aucune date du contrat ne donne"),
    ("signature date could not be read with confidence (a date written on the cover page; nothing says it is the date of signature)",
     "date de signature : lecture incertaine (une date écrite sur la page de garde ; rien ne dit que c'est la date de signature)"),
    # (a review) the term reader's other notes
    ("no end date in metadata or text: term of two years (« 3. Term ») runs from the Effective Date, which the contract does not date, and no signature date was read",
     "aucune date de fin dans les métadonnées ni dans le texte : durée de two years (« 3. Term ») court à compter de « Effective Date », que le contrat ne date pas, et aucune date de signature n'a été lue"),
    ("no end date in metadata or text: term of five (5) years (« 4. Term ») runs from the Launch Date, an event the contract expects on 2025-06-30 but does not date",
     "aucune date de fin dans les métadonnées ni dans le texte : durée de five (5) years (« 4. Term ») court à compter de l'événement « Launch Date », que le contrat attend le 30/06/2025 sans le dater"),
    # an amendment that gives another end, or changes the term, in words not read (walkthrough 12: English in a French list)
    ("end date could not be read with confidence (amendment « AVENANT N° 1 » (c2.txt) changes the term (« durée du Contrat est modifiée ») in words "
     "from which no new end date was read)",
     "date de fin : lecture incertaine (l'avenant « AVENANT N° 1 » (c2.txt) modifie la durée (« durée du Contrat est modifiée ») en des termes dont "
     "aucune nouvelle date de fin n'a été lue)"),
    ("end date could not be read with confidence (amendment « AVENANT N° 1 » (c2.txt) gives the end date 2027-12-31, in words not read as a new term)",
     "date de fin : lecture incertaine (l'avenant « AVENANT N° 1 » (c2.txt) donne la date de fin 31/12/2027, en des termes qui ne se lisent pas comme "
     "une nouvelle durée)"),
])
def test_why_a_term_or_a_date_is_not_known_reads_in_french(reason, french):
    from greffier.dataroom.reasons import reason_in

    assert reason_in(reason, "fr") == french
    assert reason_in(reason, "en") == reason


@pytest.mark.parametrize(
    "sentence",
    [
        # a review of round 28: a subscription to something the contract adds, a payment term, a denial limited by a cause
        "The Customer's subscription to the Premium Support Plan shall renew automatically for successive one-year periods.",
        "The payment term shall not be subject to any extension.",
        "Le bail ne pourra faire l'objet d'aucune prorogation du fait de travaux.",
    ],
)
def test_what_is_not_the_contract_s_own_renewal_gives_no_reading(sentence):
    assert renewal_reading(sentence) is None


def test_the_renewal_sentence_is_quoted_with_its_no_break_spaces():
    # walkthrough 22: a chat list quoted « aucune reconduction tacite ; » with a plain space where the contract has a no-break one
    written = "ARTICLE 2 – DURÉE\nLe contrat prend fin le 31 décembre 2027. Il ne fait l'objet d'aucune reconduction tacite\u00a0; sa prolongation suppose un avenant.\n"
    found = extract_renewal(split_articles("m1", written))
    assert found is not None and found.value == "none" and "tacite\u00a0;" in found.raw, found
