"""An answer about a contract's term tells of the amendment that moved its end (issue 14/15, a walkthrough's avenant).

The room: an English services agreement and a French distribution agreement, each with an amendment that moves its end
(tests/compliance/conftest.py). Asked without an LLM, in either language, the answer quotes the amendment, or its note
names the amendment and the new end; a quote of the original term alone used to be the whole answer.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from dateutil.relativedelta import relativedelta

from greffier.config import load_settings
from greffier.services.answering import answer
from greffier.services.ingest import Ingestor
from tests.compliance.conftest import write_amended_pairs

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    base = tmp_path_factory.mktemp("amended")
    write_amended_pairs(base / "room")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(base / "room")
    return settings


EN_SAID, FR_SAID = "an amendment moved its end", "un avenant a modifié sa date de fin"


@pytest.mark.parametrize(
    ("question", "amendment", "new_end", "written", "said"),
    [
        ("When does the exclusive distribution agreement expire?", "avenant_distribution_fr.md", "2030-12-31", "31 décembre 2030", EN_SAID),
        ("Quand expire le contrat de distribution exclusive ?", "avenant_distribution_fr.md", "31/12/2030", "31 décembre 2030", FR_SAID),
        ("What is the term of the Services Agreement with Brightwater?", "services_amendment_en.md", "2027-12-31", "31 December 2027", EN_SAID),
        ("Quand le contrat de prestation de services prend-il fin ?", "services_amendment_en.md", "31/12/2027", "31 December 2027", FR_SAID),
    ],
)
def test_an_answer_about_the_term_tells_of_the_amendment_that_moved_it(settings, question, amendment, new_end, written, said):
    out = answer(settings, question, backend=None)
    assert not out["abstained"], out["answer"]
    cited = {Path(c["file"]).name for c in out["citations"]}
    note = out.get("note") or ""
    # the amendment's passage that gives the new end is always searched (walkthrough 20: it ranked 16th and only a note told)
    assert amendment in cited, (out["answer"], cited)
    if amendment in cited:  # the amendment is quoted: its new end, as it writes it, is in the answer
        assert written in out["answer"], out["answer"]
        # … and when the contract's superseded end is quoted beside it, a note says which end holds (the app walk of round 34)
        # (or the answer's first line, the amendment's sentence quoted first and cited: the app walk of round 38)
        if len({c["file"] for c in out["citations"]}) > 1:
            said_first = out["answer"].splitlines()[0]
            told = note if ("end in force is" in note or "fin en vigueur est le" in note) else said_first
            assert ("end in force is" in told or "fin en vigueur est le" in told) and new_end in told, (told, out["answer"])
    else:  # the original term alone is quoted: the note names the amendment and the new end, in the question's language,
        # and quotes the amendment's own sentence that writes it (walkthrough 15)
        assert said in note and amendment in note and new_end in note, (out["answer"], note)
        assert written in note, note


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Quand expire le contrat de distribution exclusive ?", "La fin en vigueur est le 31/12/2030, fixée par un avenant"),
        ("When does the exclusive distribution agreement expire?", "The end in force is 2030-12-31, set by an amendment"),
    ],
)
def test_the_amendment_that_moved_the_end_comes_first_when_only_the_contract_is_quoted(settings, question, first):
    # the app walk of round 38: the amendment uploaded was not among the passages examined; the contract's superseded end was the
    # answer and the new one sat in the grey note, uncited. The contract's passages alone are examined here (the app's document filter)
    from store.records import load_dataroom
    from store.workspace import open_workspace

    contract = next(r.id for r in load_dataroom(open_workspace(settings)).records if Path(r.file).name == "distribution_fr.md")
    out = answer(settings, question, backend=None, doc_ids=[contract])
    lines = out["answer"].splitlines()
    assert lines[0].startswith(first) and "31 décembre 2030" in lines[0], out["answer"]
    cited = {c["n"]: Path(c["file"]).name for c in out["citations"]}
    last = max(cited)
    assert cited[last] == "avenant_distribution_fr.md" and set(cited.values()) == {"distribution_fr.md", "avenant_distribution_fr.md"}, cited
    assert f"[{last}]" in lines[0] and "[1]" in "\n".join(lines[1:]), out["answer"]
    assert "modifié sa date de fin" not in (out.get("note") or "") and "moved its end" not in (out.get("note") or ""), out.get("note")
    assert {p["n"] for p in out["passages"]} >= {1, 2}


@pytest.mark.parametrize("question", ["What is the notice period to terminate the services agreement for convenience?",
                                      "Quel est le préavis de résiliation du contrat de distribution ?"])
def test_a_question_on_notice_gets_no_note_on_the_end(settings, question):
    out = answer(settings, question, backend=None)
    assert not out["abstained"] and "amendment moved" not in (out.get("note") or "") and "avenant a modifié" not in (out.get("note") or "")


@pytest.mark.parametrize("question", [
    "How long does the distributor have to remedy a serious breach before the distribution agreement can be terminated?",
    "How long in advance must the consultant be told if the client terminates the services agreement for convenience?",
])
def test_a_how_long_question_on_another_clause_is_not_led_by_the_moved_end(settings, question):
    # walkthrough 35: "… how long does it have to make up its mind?" of a right of first refusal was led by « The end in force is
    # 2034-06-30 »: "how long" names the term, the answer quotes no passage about it
    out = answer(settings, question, backend=None)
    assert not out["abstained"], out["answer"]
    said = out["answer"] + (out.get("note") or "")
    assert "end in force" not in said and "moved its end" not in said, said
    assert re.search(r"trente jours|thirty \(30\) days", out["answer"]), out["answer"]


@pytest.mark.parametrize(("question", "first_line"), [
    ("When does the Services Agreement end?", "The question fits 1 contract and 1 amendment; what each one says:"),
    ("Quand le contrat de prestation de services prend-il fin ?", "La question vise 1 contrat et 1 avenant ; ce que prévoit chacun :"),
])
def test_an_answer_for_a_contract_and_its_amendment_counts_the_amendment_apart(settings, question, first_line):
    # was « The question fits 2 contracts »: an amendment is not a contract (the data room counts them so too)
    out = answer(settings, question, backend=None)
    assert out["answer"].splitlines()[0] == first_line, out["answer"]
    assert not out["unsupported"] and not out["removed_citations"]  # the framing line is no unsupported claim


@pytest.fixture(scope="module")
def rent_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("amended-rent")
    room = base / "room"
    room.mkdir()
    parties = ("Entre les soussignés", "La SCI des Tilleuls, ci-après « le Bailleur », et la société Fournil Marcadet SARL, ci-après « le Preneur ».")
    make_markdown(room / "bail_marcadet.md", [
        parties,
        ("Article 3 — Durée", "Le bail est consenti pour neuf années à compter du 1er avril 2018."),
        ("Article 4 — Loyer", "Le loyer annuel est fixé à 48 000 € hors taxes, payable trimestriellement et d'avance."),
    ], title="Bail commercial — Fournil Marcadet")
    make_markdown(room / "avenant_marcadet.md", [
        parties,
        ("Article 1 — Objet", "Le présent avenant modifie le bail commercial du 14 mars 2018 conclu entre les parties."),
        ("Article 2 — Loyer", "À compter du 1er avril 2025, le loyer annuel est porté à 52 800 € hors taxes."),
    ], title="Avenant n° 1 au bail commercial du 14 mars 2018 — Fournil Marcadet")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


@pytest.mark.parametrize("question", ["Quel est le loyer du bail Fournil Marcadet ?", "What is the rent under the Fournil Marcadet lease?"])
def test_an_amendment_that_changes_what_is_asked_is_quoted_beside_its_contract(rent_room, question):
    # the lease's rent alone was the answer while its avenant raised it (a walkthrough): each document says its part
    out = answer(rent_room, question, backend=None)
    assert not out["abstained"], out["answer"]
    assert "48 000 €" in out["answer"] and "52 800 €" in out["answer"], out["answer"]
    assert {Path(c["file"]).name for c in out["citations"]} == {"bail_marcadet.md", "avenant_marcadet.md"}


@pytest.fixture(scope="module")
def licence_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("amended-licence")
    room = base / "room"
    room.mkdir()
    parties = ("Parties", 'Harrowgate Software Limited (the "Licensor") and Bellac Transports SA (the "Licensee").')
    make_markdown(room / "licence_harrowgate.md", [
        parties,
        ("5. Fees", "5.1 The Licensee shall pay an annual licence fee of GBP 30,000, invoiced in advance.\n\n5.2 Invoices are payable within 30 days."),
        ("8. Governing law", "8.1 This Agreement is governed by the laws of England and Wales."),
    ], title="Software Licence Agreement — Harrowgate / Bellac, dated 2 May 2023")
    make_markdown(room / "amendment_harrowgate.md", [
        parties,
        ("Background", "(A) The parties entered into a Software Licence Agreement dated 2 May 2023 (the \"Agreement\")."),
        ("1. Fees", '1.1 With effect from 1 June 2025, clause 5.1 of the Agreement is amended by replacing "GBP 30,000" with "GBP 34,500".'),
        ("2. Other terms", "2.1 Save as amended above, clause 8 of the Agreement and its other clauses remain unchanged."),
    ], title="Amendment No. 1 to the Software Licence Agreement dated 2 May 2023")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


REWRITE = 'clause 5.1 of the Agreement is amended by replacing "GBP 30,000" with "GBP 34,500"'


@pytest.mark.parametrize(("question", "said"), [
    ("What annual fee does Bellac pay under the licence?", "an amendment rewrote this article"),
    ("Quelle redevance annuelle Bellac paie-t-elle pour la licence ?", "un avenant a modifié cet article"),
])
def test_an_article_an_amendment_rewrote_is_never_quoted_alone(licence_room, question, said):
    # The licence's fee of 2023 alone was the answer to "the current annual licence fee" (walkthrough 10): the amendment's
    # sentence that rewrote the article is quoted, in the answer or, when the answer quotes the contract alone, in its note.
    out = answer(licence_room, question, backend=None)
    assert not out["abstained"] and "GBP 30,000" in out["answer"], out["answer"]
    note = out.get("note") or ""
    if "amendment_harrowgate.md" in {Path(c["file"]).name for c in out["citations"]}:
        assert REWRITE in out["answer"] and said not in note, (out["answer"], note)
    else:
        assert said in note and REWRITE in note and "amendment_harrowgate.md" in note, (out["answer"], note)


@pytest.mark.parametrize("question", ["Which law governs the Harrowgate licence?", "Quel droit régit la licence Harrowgate ?"])
def test_an_article_the_amendment_leaves_unchanged_gets_no_note(licence_room, question):
    # "clause 8 … remain unchanged" names the article and an amendment's word, and rewrites nothing
    out = answer(licence_room, question, backend=None)
    assert not out["abstained"] and "England and Wales" in out["answer"], out["answer"]
    assert "rewrote" not in (out.get("note") or "") and "a modifié cet article" not in (out.get("note") or ""), out.get("note")


def test_an_amendment_filed_twice_rewrites_the_article_once_in_the_note(tmp_path_factory: pytest.TempPathFactory):
    # walkthrough 28: the amendment and its signed PDF each gave the note its rewriting sentence, the same sentence twice
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("amended-twice")
    room = base / "room"
    room.mkdir()
    parties = ("Parties", 'Harrowgate Software Limited (the "Licensor") and Bellac Transports SA (the "Licensee").')
    make_markdown(room / "licence_harrowgate.md", [
        parties,
        ("5. Fees", "5.1 The Licensee shall pay an annual licence fee of GBP 30,000, invoiced in advance."),
        ("8. Governing law", "8.1 This Agreement is governed by the laws of England and Wales."),
    ], title="Software Licence Agreement — Harrowgate / Bellac, dated 2 May 2023")
    for file in ("amendment_harrowgate.md", "amendment_harrowgate_signed.md"):
        make_markdown(room / file, [
            parties,
            ("Background", "(A) The parties entered into a Software Licence Agreement dated 2 May 2023 (the \"Agreement\")."),
            ("1. Fees", '1.1 In clause 5.1(a) of the Agreement, the amount "thirty thousand pounds (GBP 30,000)" is deleted and replaced with '
                        '"thirty-four thousand five hundred pounds (GBP 34,500)".'),
        ], title="Amendment No. 1 to the Software Licence Agreement dated 2 May 2023")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    out = answer(settings, "What annual licence fee does Bellac pay?", backend=None)
    note = out.get("note") or ""
    assert {Path(c["file"]).name for c in out["citations"]} == {"licence_harrowgate.md"}, out["citations"]
    assert note.count("GBP 34,500") == 1, note


@pytest.mark.parametrize(("sentence", "numbers", "rewrites"), [
    ('Clause 5.1 is amended by replacing "EUR 48,000" with "EUR 52,800"; clause 5.2 remains unchanged.', {"5", "5.1"}, True),
    ("L'article 1er du Bail est modifié comme suit.", {"1"}, True),
    ("Les articles 3 et 4 du Contrat sont remplacés par les stipulations suivantes.", {"4"}, True),
    ("§ 6 of the Agreement is amended to read as follows:", {"6"}, True),
    ("Section 1 of this Amendment is replaced by the following.", {"1"}, False),
    ("In clause 7, the reference to clause 1 is replaced by a reference to clause 2.", {"1"}, False),
    ("This Amendment shall be effective as of the date set out in clause 1 of the Agreement, as amended.", {"1"}, False),
    ("Clause 3 of Schedule 2 is replaced by the following.", {"3"}, False),
    # a figure of the article raised or lowered (walkthrough 13: the penalties' cap, answered at 10 % after the avenant's 15 %)
    ("Le plafond des pénalités visé à l'article 9 du Contrat est porté de dix pour cent (10 %) à quinze pour cent (15 %).", {"9"}, True),
    ("The fee set out in clause 5.1 of the Agreement is increased to EUR 52,800.", {"5"}, True),
    ("As set out in clause 5, the Supplier delivers; its prices are reduced to account for volume.", {"5"}, False),
    ("Under clause 7 of the Agreement, the Fees are increased each year by the CPI.", {"7"}, False),
    ("En application de l'article 4 du Bail, le loyer est augmenté chaque année selon l'indice ILAT.", {"4"}, False),
    # walkthrough 28: a paragraph's letter after the number and the old wording quoted before the verb ("Section 5.2(b) of the License
    # Agreement, the amount "one million five hundred thousand US dollars (USD 1,500,000)" is deleted and replaced")
    ('In Section 5.2(b) of the License Agreement, the amount "one million five hundred thousand US dollars (USD 1,500,000)" is deleted and '
     'replaced with "one million two hundred thousand US dollars (USD 1,200,000)".', {"5"}, True),
    ("À l'article 7.3(a) du Contrat, les mots « soixante (60) jours suivant la réception de la facture » sont remplacés par « trente (30) jours ».",
     {"7"}, True),
    ('Capitalised terms have the meaning given to them in Section 1.1(a) of the License Agreement, "as amended from time to time" by the parties.',
     {"1"}, False),
    # walkthrough 29: a schedule's paragraph ("Schedule 3 – Fees", its "1. Monthly Sponsorship Fee: EUR 18,500 …"), not an article of that number
    ("3.1 With effect from 1 October 2026, paragraph 1 of Schedule 3 (Fees) to the Agreement is amended so that the Monthly Sponsorship Fee "
     "shall be EUR 15,750 per month instead of EUR 18,500.", {"annex:3", "annex:3.1"}, True),
    ("Paragraph 1 of Schedule 3 is amended so that the fee shall be EUR 15,750.", {"annex:3", "annex:3.2"}, True),  # the schedule's passage
    ("Paragraph 1 of Schedule 3 is amended so that the fee shall be EUR 15,750.", {"annex:3.2"}, False),
    ("Paragraph 1 of Schedule 3 is amended so that the fee shall be EUR 15,750.", {"1", "3"}, False),
    ("Le point 2 de l'Annexe 1 du Contrat est remplacé par ce qui suit :", {"annex:1", "annex:1.2"}, True),
])
def test_which_sentences_of_an_amendment_rewrite_an_article(sentence, numbers, rewrites):
    # a review: the amendment's own numbering, a reference rewritten inside another clause, "as amended", a schedule's clause
    # gave notes; a list of articles, « 1er », "§", and a sentence that leaves another article unchanged gave none
    from greffier.dataroom.amendments import rewriting_sentences

    assert bool(rewriting_sentences([sentence], numbers)) is rewrites


def test_a_schedule_s_numbers_are_not_articles():
    from greffier.dataroom.amendments import article_numbers

    text = "Schedule 3 – Fees\n1. Monthly Sponsorship Fee: EUR 18,500 per month.\n2. Card issuance fee: EUR 0.35 per Card."
    assert article_numbers("Schedule 3 – Fees", text) == {"annex:3", "annex:3.1", "annex:3.2"}
    assert article_numbers("Annexe 2 – Prix", "1. Le prix est de 100 €.") == {"annex:2", "annex:2.1"}
    assert article_numbers("5. Fees", "5.1 The Licensee shall pay EUR 48,000.") == {"5", "5.1"}


def test_the_end_moved_note_quotes_the_amendment_s_own_sentence(settings):
    # walkthrough 15: the note gave the new end as a date of ours; the amendment's sentence that writes it is quoted, verbatim
    from greffier.services import answering  # why: the note's quote, whichever passages a question happens to cite
    from store.records import load_dataroom
    from store.workspace import open_workspace

    store = open_workspace(settings)
    moved = [r for r in load_dataroom(store).records if r.amended_by and r.initial_end_date and r.end_date != r.initial_end_date]
    assert moved
    for record in moved:
        sentence = answering._sentence_giving(store, record.sources.get("end_date"), record.end_date)
        assert sentence and any(written in sentence for written in ("31 December 2027", "31 décembre 2030")), sentence
        amendment_text = " ".join((Path(settings.workspace) / r.file).read_text(encoding="utf-8") for r in load_dataroom(store).records if r.id in record.amended_by)
        assert " ".join(sentence.split()) in " ".join(amendment_text.split())


def _ingested(tmp_path_factory: pytest.TempPathFactory, name: str, files: dict[str, str]):  # noqa: ANN202
    """A workspace of ``files`` (name → Markdown text), ingested."""
    base = tmp_path_factory.mktemp(name)
    room = base / "room"
    room.mkdir()
    for file, text in files.items():
        (room / file).write_text(text, encoding="utf-8")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


@pytest.fixture(scope="module")
def formula_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    return _ingested(tmp_path_factory, "amended-formula", {
        "importer_agreement.md":
        "# IMPORTER AND DISTRIBUTION AGREEMENT\n\nThis Agreement is made on September 5, 2017 by and between Maison Ravenel SAS, a French "
        "société par actions simplifiée (\"Supplier\"), and Bellweather Spirits Imports LLC, a New York limited liability company "
        "(\"Importer\").\n\n## ARTICLE 10 - TERM\n\n10.1 This Agreement shall remain in effect until September 30, 2022 (the \"Expiry Date\").\n",
        "amendment_no1.md":
        "# AMENDMENT No. 1 TO THE IMPORTER AND DISTRIBUTION AGREEMENT\n\nThis Amendment is made on July 14, 2022 by and between Maison "
        "Ravenel SAS (\"Supplier\") and Bellweather Spirits Imports LLC (\"Importer\").\n\n## Recitals\n\nA. The parties are parties to an "
        "Importer and Distribution Agreement dated September 5, 2017 (the \"Agreement\"), which remains in effect until September 30, 2022 "
        "(the \"Original Expiry Date\").\n\n## 1. Extension of Term\n\n1.1 Article 10.1 of the Agreement is deleted and replaced with the "
        "following: \"10.1 This Agreement shall remain in effect until the day immediately preceding the fifth (5th) anniversary of the "
        "Original Expiry Date.\"\n",
    })


@pytest.mark.parametrize(("question", "said", "after"), [
    ("Jusqu'à quelle date l'avenant a-t-il prolongé le contrat avec Bellweather ?", "La fin en vigueur est le 29/09/2027 (au lieu du 30/09/2022), calculée d'après l'avenant cité", "29/09/2027"),
    ("Until when did the amendment extend the Bellweather agreement?", "The end in force is 2027-09-29 (was 2022-09-30), reckoned from the amendment quoted", "2027-09-29"),
])
def test_an_amendment_setting_the_end_by_a_formula_is_quoted_with_the_date_it_gives(formula_room, question, said, after):
    """Walkthrough 17: the amendment's "day immediately preceding the fifth (5th) anniversary of the Original Expiry Date" was
    rejected as giving no date, and the answer quoted the superseded « September 30, 2022 ». The date it gives leads the answer to a
    question asking a date (walkthrough 34: it was left to a note)."""
    out = answer(formula_room, question, backend=None)
    assert "amendment_no1.md" in {Path(c["file"]).name for c in out["citations"]}, out["answer"]
    assert "anniversary of the Original Expiry Date" in out["answer"]
    assert out["answer"].splitlines()[0].startswith(said), out["answer"]
    assert after not in (out.get("note") or ""), out.get("note")  # said once, first


@pytest.fixture(scope="module")
def renewing_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    return _ingested(tmp_path_factory, "renewing", {
        "harcourt_distribution.md":
        "# EXCLUSIVE DISTRIBUTION AGREEMENT\n\nTHIS AGREEMENT is dated 12 March 2019 between Maison Ravenel SAS (\"Supplier\") and Harcourt Fine "
        "Wines Limited (\"Distributor\").\n\n## 7. DURATION AND TERMINATION\n\n7.1 This Agreement shall come into force on 1 April 2019 and shall "
        "continue for an initial period of five (5) years, expiring on 31 March 2024.\n\n7.2 Thereafter it shall continue automatically for "
        "successive periods of twelve (12) months unless either party gives to the other not less than six (6) months' written notice.\n\n"
        "## 8. PRICES\n\n8.1 The prices are those of the Supplier's list in force on the date of each order.\n",
    })


def test_an_answer_on_the_end_of_a_contract_that_renews_by_itself_says_so(renewing_room):
    """Walkthrough 17: "expiring on 31 March 2024" quoted alone read as a contract that is over; it runs on year by year."""
    out = answer(renewing_room, "When does the Harcourt distribution agreement expire?", backend=None)
    assert "31 March 2024" in out["answer"]
    assert "continue automatically" in out["answer"] or "renews by itself after 2024-03-31" in (out.get("note") or ""), (out["answer"], out.get("note"))
    if "continue automatically" not in out["answer"]:
        assert "Thereafter it shall continue automatically" in out["note"]
    # … with the next day to give notice, still ahead, a whole number of twelve-month renewals after 31 March 2024 (walkthrough 19)
    found = re.search(r"to stop it renewing, notice must be given by (\d{4}-\d{2}-\d{2}) \(6 months before the end of the term ending (\d{4})-03-31\)",
                      out["note"])
    assert found and date.fromisoformat(found[1]) >= date.today() and date.fromisoformat(found[1]) == date(int(found[2]) - 1, 9, 30), out["note"]
    french = answer(renewing_room, "Quand expire le contrat de distribution Harcourt ?", backend=None)
    assert "pour qu'il ne se renouvelle pas, le préavis doit être donné au plus tard le" in french["note"] and "(6 mois avant la fin" in french["note"], french["note"]
    # a length asked first and the day it falls due after it (the app walk of round 34: "What notice … and by when?" got no date)
    both = answer(renewing_room, "Quel préavis faut-il donner pour le renouvellement du contrat Harcourt, et au plus tard quand ?", backend=None)
    assert "pour qu'il ne se renouvelle pas, le préavis doit être donné au plus tard le" in (both.get("note") or ""), (both["answer"], both.get("note"))
    # whether it still holds after a date, which the status answer does not read (walkthrough 24: "… still binding after the end of
    # 2026?" quoted the end alone): a question on its term, whose renewal is said (no "end" nor "expire" in it to make it one)
    later = answer(renewing_room, "Is the Harcourt agreement still binding after 2024?", backend=None)
    assert "renews by itself after 2024-03-31" in (later.get("note") or ""), (later["answer"], later.get("note"))
    # a question on something else gets no such note
    other = answer(renewing_room, "How are the Harcourt prices set?", backend=None)
    assert "renews by itself" not in (other.get("note") or "") and "notice must be given" not in (other.get("note") or "")


@pytest.fixture(scope="module")
def status_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    return _ingested(tmp_path_factory, "status", {
        "interline_aer_corrib.md":
        "# BILATERAL INTERLINE TRAFFIC AGREEMENT\n\nThis Agreement is made on 12 February 2019 between Aer Corrib Regional DAC and Air Volcans SA.\n\n"
        "## 3. TERM\n\n3.1 This Agreement shall take effect on 1 March 2019 and shall expire on 28 February 2022.\n\n3.2 It shall not be renewed "
        "tacitly.\n\n## 4. SETTLEMENT\n\n4.1 Interline accounts are settled monthly through the clearing house.\n",
        "bail_hangar_aulnat.md":
        "# BAIL COMMERCIAL — HANGAR D'AULNAT\n\nEntre la SCI Hangars d'Auvergne et Air Volcans SA, le 2 juillet 2022.\n\n## Article 3 – Durée\n\n"
        "Le bail est consenti pour une durée de neuf années entières et consécutives à compter du 1er juillet 2022 pour se terminer le 30 juin 2031.\n\n"
        "## Article 4 – Loyer\n\nLe loyer annuel est de 84 000 euros hors taxes.\n",
    })


@pytest.mark.parametrize(("question", "said"), [
    ("Is the interline agreement with Aer Corrib still in force?", "— No: it ended on 2022-02-28 and does not renew by itself, as its article « 3. TERM » says:"),
    ("L'accord interligne avec Aer Corrib est-il toujours en vigueur ?", "— Non : il a pris fin le 28/02/2022 et ne se renouvelle pas de lui-même"),
    ("Le bail du hangar d'Aulnat est-il toujours en vigueur ?", "— Oui : il court jusqu'au 30/06/2031, comme le dit son article « Article 3 – Durée » :"),
    ("Is the Aulnat hangar lease still in force?", "— Yes: it runs until 2031-06-30"),
    # walkthrough 26: a second part with a condition of its own ("if it wants to stop it") asks nothing of the first
    ("Is the Aulnat hangar lease still running, and by when must the tenant give notice if it wants to stop it?", "— Yes: it runs until 2031-06-30"),
])
def test_whether_a_contract_is_still_in_force_is_answered_from_its_end_and_today_quoting_its_term(status_room, question, said):
    """Walkthrough 19: "Is the interline agreement with Aer Corrib still in force?" abstained, its term article retrieved; walkthrough
    18's « … est-il toujours en vigueur ? » quoted another article. The answer names the contract, says yes or no against today's
    date, and quotes the sentence that gives the end, verbatim and cited."""
    out = answer(status_room, question, backend=None)
    assert not out["abstained"] and said in out["answer"], out["answer"]
    assert out["answer"].endswith("» [1]") and len(out["citations"]) == 1, out["citations"]
    quoted = out["answer"].rsplit("« ", 1)[1].removesuffix(" » [1]")
    assert quoted in out["passages"][0]["text"], (quoted, out["passages"][0]["text"])  # verbatim
    assert ("today's date" in out["note"]) or ("date du jour" in out["note"]), out["note"]
    # when it ends is not whether it runs: the search answers it
    other = answer(status_room, "Quand le bail du hangar d'Aulnat prend-il fin ?", backend=None)
    assert not other.get("status_from_record") and "30 juin 2031" in other["answer"], other["answer"]


def test_whether_a_contract_is_still_in_force_says_its_end_was_read_with_doubt(tmp_path_factory: pytest.TempPathFactory):
    # walkthrough 29: « Non : il a pris fin le 31/03/2026 » of a partnership whose record said the end date was uncertain; an end
    # read with doubt is never a plain yes or no — and one read with confidence gets no such warning
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("status-doubt")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "convention_investigation.md", [
        ("Entre les soussignés", "Le Centre Hospitalier Universitaire Grenoble-Alpes, ci-après « le CHU », et Alpimed SAS, ci-après « le Promoteur »."),
        ("Article 12 – Durée", "La convention prend fin à la remise du rapport final et, en tout état de cause, au plus tard le 30 juin 2027."),
    ], title="Convention d'investigation clinique")
    make_markdown(room / "bail_entrepot.md", [
        ("Entre les soussignés", "La SCI Les Aulnes, ci-après « le Bailleur », et Alpimed SAS, ci-après « le Preneur »."),
        ("Article 3 – Durée", "Le bail est consenti pour neuf années entières et consécutives à compter du 1er janvier 2022 et prend fin le 31 décembre 2030."),
    ], title="Bail commercial")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    doubtful = answer(settings, "La convention avec le CHU est-elle encore en vigueur en 2028 ?", backend=None)["answer"]
    assert doubtful.startswith("Convention d'investigation") and "Non" in doubtful and "lue avec un doute" in doubtful, doubtful
    # … its reason in the answer's language (it was the record's English: "the term ends on this date at the latest: …")
    why = doubtful.split("motif relevé : ", 1)[1]
    assert why.startswith("le terme est atteint à cette date au plus tard") and not re.search(r"\b(?:the|term|date at)\b", why), why
    certain = answer(settings, "Le bail avec la SCI Les Aulnes est-il encore en vigueur en 2028 ?", backend=None)["answer"]
    assert "Oui" in certain and "doute" not in certain, certain


def test_a_contract_whose_notice_to_stop_its_renewal_is_past_runs_on_to_its_next_term(tmp_path_factory: pytest.TempPathFactory):
    """The app walk of round 29: « Le contrat de carburant est-il toujours en vigueur ? » said it runs until 31/12/2026, then
    renews; its 90 days' notice was due by 2 October 2026, so it runs until 31 December 2027. Dates from today's: the term ends in
    thirty days, its notice is sixty days."""
    end = date.today() + relativedelta(days=30)  # its notice was due thirty days ago
    written = f"{end.day} {end.strftime('%B')} {end.year}"
    settings = _ingested(tmp_path_factory, "renewing-past-notice", {
        "fuel_supply.md": f"# FUEL SUPPLY AGREEMENT\n\nThis Agreement is made on 3 November 2020 between Helvetia Fuels AG and Air Volcans SA.\n\n"
        f"## 4. Term and Renewal\n\n4.1 This Agreement shall come into force on 1 January 2021 and shall continue until {written} (the \"Initial Term\").\n\n"
        "4.2 Thereafter this Agreement shall be automatically renewed for successive periods of twelve (12) months unless either party gives "
        "the other written notice of non-renewal not less than sixty (60) days before the end of the then current period.\n\n"
        "## 5. Price\n\n5.1 The price is set monthly.\n",
        "catering.md": "# CATERING AGREEMENT\n\nBetween Saveurs SAS and Air Volcans SA, 2 April 2024.\n\n## 3. Term\n\n3.1 This Agreement expires on 30 April 2029.\n",
    })
    out = answer(settings, "Is the fuel supply agreement still in force?", backend=None)
    until = (end + relativedelta(months=12)).isoformat()
    assert f"Yes: it runs until {end.isoformat()}" in out["answer"] and "the notice to stop that renewal was due by" in out["answer"], out["answer"]
    assert f"it runs until {until}" in out["answer"], out["answer"]


def test_a_contract_signed_whose_term_is_to_come_is_not_in_force_yet(tmp_path_factory: pytest.TempPathFactory):
    """The app walk of round 32: a contract not started yet was said to be in force. Dates from today's: it takes effect in a year."""
    start = date.today() + relativedelta(years=1)
    written = f"{start.day} {start.strftime('%B')} {start.year}"
    settings = _ingested(tmp_path_factory, "not-started", {
        "hangar_lease.md": "# HANGAR LEASE\n\nThis Lease is made on 2 November 2026 between Aéroports du Velay SA and Air Volcans SA.\n\n"
        f"## 3. Term\n\n3.1 This Lease shall take effect on {written} and shall expire on {written.rsplit(' ', 1)[0]} {start.year + 5}.\n\n"
        "## 4. Rent\n\n4.1 The annual rent is EUR 96,000.\n",
        "catering.md": "# CATERING AGREEMENT\n\nBetween Saveurs SAS and Air Volcans SA, 2 April 2024.\n\n## 3. Term\n\n3.1 This Agreement expires on 30 April 2029.\n",
    })
    out = answer(settings, "Is the hangar lease with Aéroports du Velay still in force?", backend=None)
    assert out.get("status_from_record") and f"Not yet: it takes effect on {start.isoformat()}, then runs until {start.year + 5}-" in out["answer"], out["answer"]
    out = answer(settings, "Le bail du hangar est-il toujours en vigueur ?", backend=None)
    assert f"Pas encore : il prend effet le {start.strftime('%d/%m/%Y')}" in out["answer"], out["answer"]


def test_a_contract_named_by_its_clause_and_counted_from_a_date_set_out_above_is_answered_from_its_record(tmp_path_factory: pytest.TempPathFactory):
    """Walkthrough 23: « L'accord de confidentialité avec Northbridge est-il toujours en vigueur ? » abstained — « confidentialité » read as
    a clause asked about, and the term's sentence ("two (2) years from the date set out above") not found by the start's words."""
    settings = _ingested(tmp_path_factory, "nda-status", {
        "nda.md": "# MUTUAL NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made on 2 July 2024 between Marée Haute Films SAS and Northwind Media "
        "Limited.\n\n## 3. Obligations\n\n3.1 The Recipient shall keep the Confidential Information secret.\n\n## 7. Term\n\n7.1 This Agreement "
        "shall remain in force for a period of two (2) years from the date set out above.\n\n7.2 The obligations in Clause 3 shall survive expiry or "
        "termination of this Agreement for a period of five (5) years.\n",
        "lease.md": "# BAIL COMMERCIAL\n\nEntre Foncière du Port SAS et Marée Haute Films SAS, le 3 mars 2020.\n\n## Article 3 – Durée\n\n"
        "Le bail est consenti pour neuf années à compter du 1er avril 2020.\n",
    })
    out = answer(settings, "L'accord de confidentialité avec Northwind est-il toujours en vigueur ?", backend=None)
    assert out.get("status_from_record") and "Non : il a pris fin le 02/07/2026" in out["answer"], out["answer"]
    assert "« 7.1 This Agreement shall remain in force for a period of two (2) years from the date set out above. » [1]" in out["answer"]
    # … and what outlasts it (the app walk of round 33: a bare "No" could lead a client to disclose)
    assert out["answer"].endswith("Certaines de ses obligations lui survivent : « 7.2 The obligations in Clause 3 shall survive expiry or termination "
                                  "of this Agreement for a period of five (5) years. » [1]"), out["answer"]
    # the clause of the contract asked about stays a clause
    assert not answer(settings, "Is the confidentiality obligation of the Northwind NDA still binding?", backend=None).get("status_from_record")


@pytest.mark.parametrize(("sentence", "outlasts"), [
    ("7.2 The obligations in Clause 3 shall survive expiry or termination of this Agreement for a period of five (5) years.", True),
    ("Les obligations de confidentialité demeureront en vigueur pendant cinq ans après la fin du contrat.", True),
    # the read-through of the round: a renewal's "continue in force" is no obligation outlasting the contract
    ("3.2 Thereafter it shall continue in force for successive periods of one (1) year unless notice is given.", False),
])
def test_what_outlasts_a_contract(sentence, outlasts):
    from greffier.services.answering import _SURVIVES
    from greffier.text import fold

    assert bool(_SURVIVES.search(fold(sentence))) is outlasts


def test_a_question_asking_who_is_told_who_the_roles_quoted_stand_for(tmp_path_factory: pytest.TempPathFactory):
    """Walkthrough 23: "Who has the exclusive right to sell the series …?" quoted « Le mandat est exclusif : … le Mandant s'interdit … »,
    which names no one."""
    settings = _ingested(tmp_path_factory, "roles", {
        "mandat.md": "# CONTRAT DE MANDAT DE DISTRIBUTION\n\nEntre MARÉE HAUTE FILMS SAS, ci-après « le Mandant », et NORDIC SCREEN AB, ci-après "
        "« le Mandataire ».\n\n## Article 3 – Territoire et exclusivité\n\nLe mandat est exclusif : le Mandant s'interdit de commercialiser "
        "lui-même la Série en Suède et en Norvège.\n",
        "bail.md": "# BAIL COMMERCIAL\n\nEntre Foncière du Port SAS, ci-après « le Bailleur », et Marée Haute Films SAS, ci-après « le Preneur ».\n\n"
        "## Article 3 – Durée\n\nLe bail est consenti pour neuf années à compter du 1er avril 2020.\n",
    })
    out = answer(settings, "Who has the exclusive right to sell the series in Sweden?", backend=None)
    assert "Le mandat est exclusif" in out["answer"], out["answer"]
    assert "mandat.md: the Mandant is MARÉE HAUTE FILMS SAS" in out["note"], out["note"]
    # not a question asking who
    assert "is MARÉE HAUTE FILMS" not in (answer(settings, "Is the distribution mandate exclusive?", backend=None).get("note") or "")


@pytest.mark.parametrize("question", [
    # a review: after an event, of a clause, of a contract the room does not hold, or whether it has ended (the yes would say the opposite)
    "Is the Aulnat hangar lease still in force after the sale of the building?",
    "Is the settlement clause of the interline agreement still binding?",
    "La clause de loyer du bail du hangar d'Aulnat est-elle toujours applicable ?",
    "Is the software licence agreement with Orion still in force?",
    "Has the interline agreement with Aer Corrib expired?",
])
def test_a_question_on_something_else_than_the_contract_standing_today_is_not_answered_from_its_record(status_room, question):
    out = answer(status_room, question, backend=None)
    assert not out.get("status_from_record"), out["answer"]


def test_a_contract_whose_first_term_ended_and_that_renews_by_itself_is_said_to_run_on_in_its_current_period(renewing_room):
    out = answer(renewing_room, "Is the Harcourt distribution agreement still in force?", backend=None)
    assert out.get("status_from_record") and "Its first term ended on 2024-03-31, but it renews by itself unless notice is given;" in out["answer"]
    today = date.today()
    ends = date(today.year if today <= date(today.year, 3, 31) else today.year + 1, 3, 31)  # the twelve-month period running today
    said = f"its current period ends on {ends.isoformat()}"
    if today > date(ends.year - 1, 9, 30):
        # its six months' notice to stop that renewal is past: it runs on to the next (walkthrough 26)
        said += f" — but the notice to stop that renewal was due by {ends.year - 1}-09-30: unless it was given (the documents do not say), it runs until {ends.year + 1}-03-31"
    assert f"{said}. Its article « 7. DURATION AND TERMINATION » says:" in out["answer"], out["answer"]


@pytest.mark.parametrize(("question", "said", "on"), [
    ("Le bail du hangar d'Aulnat sera-t-il encore en vigueur en 2032 ?", "— Non : il prend fin le 30/06/2031, avant le 01/01/2032, comme le dit son article", "01/01/2032"),
    ("Will the Aulnat hangar lease still be in force on 1 March 2030?", "— Yes: it runs until 2031-06-30", "2030-03-01"),
])
def test_whether_a_contract_will_still_be_in_force_on_a_day_to_come_is_answered_for_that_day(status_room, question, said, on):
    """Walkthrough 26: « La licence … sera-t-elle encore en vigueur en 2027 ? » was answered « Oui : il court jusqu'au 31/12/2026 »,
    compared with today; the day asked about is the one compared with, and the note says so."""
    out = answer(status_room, question, backend=None)
    assert out.get("status_from_record") and said in out["answer"], out["answer"]
    assert on in out["note"] and ("asks about" in out["note"] or "porte la question" in out["note"]), out["note"]


def test_a_contract_that_renews_by_itself_is_said_to_run_on_a_day_to_come_in_the_period_running_then(renewing_room):
    year = date.today().year + 3
    out = answer(renewing_room, f"Will the Harcourt distribution agreement still be in force at the end of {year}?", backend=None)
    assert f"unless notice is given, the period running on {year}-12-31 ends on {year + 1}-03-31." in out["answer"], out["answer"]


@pytest.mark.parametrize(("question", "day"), [
    ("sera-t-elle encore en vigueur en 2027 ?", date(2027, 1, 1)),
    ("still in force at the end of 2027?", date(2027, 12, 31)),
    ("encore en vigueur fin 2027 ?", date(2027, 12, 31)),
    ("still in force on 1 March 2027?", date(2027, 3, 1)),
    ("encore en vigueur au 1er mars 2027 ?", date(2027, 3, 1)),
    ("the licence signed on 12 March 2021, still in force?", date(2026, 12, 7)),  # a date that is no day asked about
    ("le contrat de 2021 est-il toujours en vigueur ?", date(2026, 12, 7)),
    # the review of the round: when the contract was made or took effect, and a day before today, which "still" does not ask about
    ("Le contrat qui a pris effet le 3 mars 2020 est-il toujours en vigueur ?", date(2026, 12, 7)),
    ("La licence signée le 3 mars 2020 est-elle toujours en vigueur ?", date(2026, 12, 7)),
    ("Le contrat conclu en 2019 est-il encore en vigueur en 2028 ?", date(2028, 1, 1)),
    ("the agreement entered into on 1 March 2020, still in force?", date(2026, 12, 7)),
    ("Is it still in force in 2021?", date(2026, 12, 7)),
    ("Will the contract still be in force throughout 2027?", date(2027, 12, 31)),
])
def test_the_day_a_status_question_asks_about(question, day):
    from greffier.services.answering import asked_date
    assert asked_date(question, date(2026, 12, 7)) == day


def test_a_contract_named_is_searched_with_its_amendments_which_need_not_carry_its_name(tmp_path_factory: pytest.TempPathFactory):
    """Walkthrough 26: "Can Véranne walk away from its e-commerce warehouse provider next year …?" named the logistics contract by its
    file's « ecommerce »; its avenant n° 2, which rewrote the term article (no early end before 2028), carries no such word and was
    never searched: the contract's old term article was quoted, as if it still held."""
    settings = _ingested(tmp_path_factory, "amended-scope", {
        "Contrat_logistique_ecommerce_Nordis.md":
        "# CONTRAT DE PRESTATIONS LOGISTIQUES E-COMMERCE\n\nEntre Maison Ravenel SAS et Nordis Logistique SAS, le 3 mars 2022.\n\n"
        "## Article 6 – Durée\n\n6.1 Le Contrat est conclu pour une durée indéterminée. Chaque Partie peut y mettre fin à tout moment moyennant un "
        "préavis de six (6) mois.\n\n## Article 9 – Prix\n\nLes prestations sont facturées selon la grille tarifaire en annexe.\n",
        "Avenant_2_Nordis.md":
        "# AVENANT N° 2\n\nEntre Maison Ravenel SAS et Nordis Logistique SAS, le 3 novembre 2025, au contrat de prestations logistiques "
        "conclu le 3 mars 2022.\n\n## Article 1 – Durée\n\nL'article 6 (Durée) du Contrat est abrogé et remplacé par les dispositions suivantes : "
        "6.1 Le Contrat est conclu pour une durée déterminée courant jusqu'au 31 décembre 2028. Pendant cette durée, aucune des Parties ne "
        "pourra y mettre fin par anticipation.\n",
    })
    out = answer(settings, "Can Ravenel terminate the e-commerce logistics contract at any time with six months' notice?", backend=None)
    assert out["scope"] is not None and set(out["scope"]["files"]) == {"room/Contrat_logistique_ecommerce_Nordis.md", "room/Avenant_2_Nordis.md"}, out["scope"]
    assert "room/Avenant_2_Nordis.md" in {c["file"] for c in out["citations"]} and "31 décembre 2028" in out["answer"], out["answer"]


def test_the_amendment_that_moved_the_end_joins_a_search_that_left_it_out(settings):
    # walkthrough 20: the amendment's article was 16th, the answer quoted the contract's old end and only a note told the new one
    from haystack import Document

    from pipelines.retrievers.workspace_retrievers import AmendedEnds
    from store.records import load_dataroom
    from store.workspace import open_workspace

    store = open_workspace(settings)
    room = load_dataroom(store)
    contract = next(r for r in room.records if r.amended_by and r.sources["end_date"].origin == "amendment")
    moved_in = contract.sources["end_date"].chunk_id
    found = [Document(id=f"{contract.id}-1", content="…", score=1.0, meta={"doc_id": contract.id})]
    scope = {"contract_ids": [contract.id, *contract.amended_by]}
    lifted = AmendedEnds(store=store).run(documents=found, query="When does the agreement end?", scope=scope)["documents"]
    assert [d.id for d in lifted] == [found[0].id, moved_in] and lifted[1].meta["lifted"] == "amended_end", [d.id for d in lifted]
    # a question on anything else, or one that names no contract, is left as it was searched
    assert AmendedEnds(store=store).run(documents=found, query="Who may assign the agreement?", scope=scope)["documents"] == found
    assert AmendedEnds(store=store).run(documents=found, query="When does the agreement end?", scope=None)["documents"] == found


def test_whether_an_amended_contract_is_in_force_cites_the_amendment_it_quotes(tmp_path_factory: pytest.TempPathFactory):
    """The app walk of round 32: the answer quoted the amendment's « Il est prorogé jusqu'au … » and cited the contract's file."""
    settings = _ingested(tmp_path_factory, "amended-status", {
        "contrat_cadre_gardiennage.md": "# CONTRAT CADRE DE GARDIENNAGE\n\nEntre la société Vigilis SAS, ci-après « le Prestataire », et la société Air Volcans SA, ci-après « le Client ».\n\n"
        "Fait à Clermont-Ferrand, le 3 janvier 2022.\n\n## Article 4 – Durée\n\n"
        "Le contrat est conclu pour une durée de trois ans à compter du 1er février 2022.\n\n## Article 5 – Prix\n\nLe prix est de 9 000 euros par mois.\n",
        "avenant_1_gardiennage.md": "# AVENANT N° 1 AU CONTRAT CADRE DE GARDIENNAGE DU 3 JANVIER 2022\n\nEntre la société Vigilis SAS, ci-après « le "
        "Prestataire », et la société Air Volcans SA, ci-après « le Client ».\n\n## Article 1 – Prorogation\n\nLe contrat cadre de gardiennage du 3 janvier "
        "2022 est prorogé jusqu'au 31 janvier 2030 inclus.\n\nFait à Clermont-Ferrand, le 10 décembre 2024.\n",
    })
    out = answer(settings, "Le contrat cadre de gardiennage est-il toujours en vigueur ?", backend=None)
    assert out.get("status_from_record") and "31/01/2030" in out["answer"], out["answer"]
    assert out["citations"][0]["file"].endswith("avenant_1_gardiennage.md"), out["citations"]


@pytest.mark.parametrize(("raw", "language", "said"), [
    # the app walk of round 38: a French commercial lease « se prolongera tacitement » (art. L. 145-9) is extended, not renewed
    ("À défaut de congé, le bail se prolongera tacitement au-delà du terme fixé.", "fr", "se prolonge tacitement"),
    ("À défaut de congé, le bail se prolongera tacitement au-delà du terme fixé.", "en", "is tacitly extended"),
    ("Le Contrat se renouvellera par tacite reconduction pour des périodes d'un an.", "fr", "se renouvelle de lui-même"),
    ("This Agreement shall automatically renew for successive one-year periods.", "en", "renews by itself"),
    ("À l'issue de cette période initiale, il se poursuivra pour une durée indéterminée.", "fr", "se poursuit pour une durée indéterminée"),
    # … an indefinite term denied is none (the review of the round)
    ("Le bail se renouvellera par tacite reconduction pour une durée d'un an, sans pouvoir devenir un contrat à durée indéterminée.", "fr",
     "se renouvelle de lui-même"),
    ("This Agreement shall automatically renew for successive one-year periods; it shall not continue indefinitely.", "en", "renews by itself"),
])
def test_how_a_contract_goes_on_past_its_term_is_said_as_its_clause_says_it(raw, language, said):
    from greffier.dataroom.records import ContractRecord, FieldSource
    from greffier.services.answering import renews_verb

    record = ContractRecord(id="c1", renewal="automatic", sources={"renewal": FieldSource(origin="extracted", raw=raw)})
    assert renews_verb(record, language) == said


@pytest.fixture(scope="module")
def supply_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("amended-supply")
    room = base / "room"
    room.mkdir()
    parties = ("Entre les soussignés", "La société Vignobles Castaing SAS, immatriculée au RCS de Bordeaux sous le numéro 412 345 678, ci-après « le "
               "Fournisseur », et la société Brasserie du Quai SARL, immatriculée au RCS de Lille sous le numéro 523 456 789, ci-après « le Client ».")
    make_markdown(room / "fourniture_castaing.md", [
        parties, ("Article 1 — Objet", "Le Fournisseur vend au Client des vins en vrac."),
        ("Article 2 — Durée", "Le contrat est conclu pour trois ans à compter du 1er mars 2023, soit jusqu'au 28 février 2026."),
        ("Article 3 — Prix", "Le prix est de 4 euros le litre."),
    ], title="Contrat de fourniture de vins")
    make_markdown(room / "avenant_1_castaing.md", [
        parties, ("Article 1 — Prorogation du contrat", "Le contrat de fourniture du 1er mars 2023 est prorogé jusqu'au 28 février 2028."),
        ("Article 2 — Droit applicable", "Le présent avenant est soumis au droit français."),
    ], title="Avenant n° 1 au contrat de fourniture de vins du 1er mars 2023")
    make_markdown(room / "avenant_2_castaing.md", [
        parties, ("Article 1 — Nouveau prix", "À compter du 1er janvier 2026, le prix est porté à 4,30 euros le litre."),
        ("Article 2 — Stipulations inchangées", "Les autres stipulations du contrat demeurent inchangées."),
    ], title="Avenant n° 2 au contrat de fourniture de vins du 1er mars 2023")
    (room / "note_interne_castaing.md").write_text(
        "# Note interne — fournisseurs\n\nDestinataires : direction des achats. Objet : point sur nos fournisseurs de vins.\n\nLe contrat "
        "Castaing devra être renégocié avant la fin de l'année ; les volumes de la Brasserie du Quai ont baissé. L'approvisionnement en vrac "
        "du chai arrive à échéance le 28 février 2026.\n", encoding="utf-8")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


@pytest.mark.parametrize(("question", "said"), [
    ("When does the Castaing wine supply contract for the riverside brasserie run out?", "It runs until 2028-02-28"),
    ("Quand le contrat de fourniture de vins Castaing prend-il fin ?", "Il court jusqu'au 28/02/2028"),
])
def test_when_a_contract_ends_is_read_from_its_record_when_no_passage_answers(supply_room, question, said):
    # walkthrough 31: "When does the lease of the Saint-Ismier clinic building run out?" abstained, its term article and its avenant's
    # saying neither "Saint-Ismier" nor "building"; the record knows its end after the amendment, and the sentence that says it is quoted
    out = answer(supply_room, question, backend=None)
    assert not out["abstained"] and said in out["answer"], out["answer"]
    assert "prorogé jusqu'au 28 février 2028" in out["answer"] and not out["answer"].split(" — ", 1)[1].startswith(("Yes", "Oui")), out["answer"]
    assert [Path(c["file"]).name for c in out["citations"]] == ["avenant_1_castaing.md"]


@pytest.mark.parametrize("question", ["When do we pay the Castaing invoices at the end of the quarter?",
                                      "When does Castaing have to deliver the wine at the end of each month?"])
def test_a_question_on_something_else_at_an_end_is_not_answered_with_the_contract_s_end(supply_room, question):
    # the review of the round: "the end of the quarter" is no end of the contract
    out = answer(supply_room, question, backend=None)
    assert "2028" not in out["answer"] and not out.get("status_from_record"), out["answer"]


@pytest.mark.parametrize(("question", "said"), [
    ("Jusqu'à quand court désormais l'approvisionnement en vrac du chai ?", "Il court jusqu'au 28/02/2028"),
    ("Until when does the bulk supply of the wine store now run?", "It runs until 2028-02-28"),
])
def test_a_contract_s_end_is_read_from_its_record_not_from_a_memo_s_word_on_it(supply_room, question, said):
    # walkthrough 32: « Jusqu'à quand court désormais l'abonnement … ? » quoted an internal memo's « arrive à échéance le 31 janvier 2026 »,
    # the only passage judged to answer; an amendment had moved the end
    out = answer(supply_room, question, backend=None)
    assert not out["abstained"] and said in out["answer"] and "28 février 2026" not in out["answer"], out["answer"]
    assert [Path(c["file"]).name for c in out["citations"]] == ["avenant_1_castaing.md"], out["citations"]


def test_a_memo_that_speaks_of_a_contract_does_not_hide_it_from_a_status_question(supply_room):
    # walkthrough 31: "Is the patient meals contract still running?" hinted at the catering contract and the memo that names its meals:
    # two documents, no one contract told apart, and the search answered with the contract's price article
    from greffier.services import answering  # why: the hint the question's words give, whichever contracts they happen to name
    from store.records import load_dataroom
    from store.workspace import open_workspace

    store = open_workspace(supply_room)
    room = load_dataroom(store)
    supply = next(r.id for r in room.records if Path(r.file).name == "fourniture_castaing.md")
    memo = next(r for r in room.records if Path(r.file).name == "note_interne_castaing.md")
    assert memo.not_contract, memo
    status = answering._status_answer(store, [None, [supply, memo.id]], "Is the wine supply contract still running?", "en")
    assert status is not None and status["record"].id == supply and "Yes: it runs until 2028-02-28" in status["text"], status


@pytest.mark.parametrize(("question", "said"), [
    ("Quels avenants ont été conclus au contrat de fourniture Castaing et que changent-ils ?", "ses articles\u00a0: "),
    ("Which amendments were made to the Castaing supply contract and what do they change?", "its articles: "),
])
def test_a_list_of_amendments_asked_what_they_change_names_their_articles(supply_room, question, said):
    # the app walk of round 38: « Quels avenants … et que changent-ils ? » listed the two amendments with their dates only
    from greffier.chat.router import ChatRouter

    answer_ = ChatRouter(supply_room, None, today=date(2026, 12, 7)).send(question).answer
    lines = {line.split(" (", 1)[0].removeprefix("- "): line for line in answer_.splitlines() if line.startswith("- ")}
    assert len(lines) == 2, answer_
    first = lines["Avenant n° 1 au contrat de fourniture de vins du 1er mars 2023"]
    second = lines["Avenant n° 2 au contrat de fourniture de vins du 1er mars 2023"]
    assert first.endswith(said + "Article 1 — Prorogation du contrat"), first  # not its law, not its parties
    assert second.endswith(said + "Article 1 — Nouveau prix"), second  # not what it leaves unchanged


@pytest.fixture(scope="module")
def cleaning_room(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("cleaning")
    room = base / "room"
    room.mkdir()
    start = date.today().replace(day=1) - relativedelta(years=2)  # renewing yearly, its next deadline always to come
    make_markdown(room / "bionettoyage_hygiaclean.md", [
        ("Entre les soussignés", "HYGIACLEAN SERVICES SAS, RCS Chambéry 791 330 248, ci-après « le Titulaire », et CLINALPES SANTÉ SAS, RCS "
                                 "Grenoble 824 517 396, ci-après « la Clinique »."),
        ("Article 1 — Objet", "Le Titulaire assure le bionettoyage des locaux de la Clinique Belledonne à Échirolles."),
        ("Article 5 — Durée", f"Le contrat est conclu pour une période initiale d'un an à compter du {start.day} {_MONTHS_FR[start.month]} {start.year}. "
                              "À son terme, il sera reconduit tacitement d'année en année, sauf dénonciation par l'une des parties moyennant un "
                              "préavis de trois mois avant la date d'échéance."),
        ("Article 9 — Droit applicable", "Le contrat est régi par le droit français."),
    ], title="Contrat de prestations de bionettoyage")
    make_markdown(room / "restauration_saveurs.md", [
        ("Entre les soussignés", "SAVEURS ET SOINS SAS, RCS Lyon 512 345 678, ci-après « le Prestataire », et CLINALPES SANTÉ SAS, ci-après « la Clinique »."),
        ("Article 1 — Objet", "Le Prestataire prépare les repas des patients de la Clinique des Alpes à Annecy."),
        ("Article 7 — Durée", "Le contrat prend effet le 1er juillet 2022 pour quatre ans ; il ne sera pas renouvelé par tacite reconduction."),
    ], title="Contrat de restauration des patients")
    settings = load_settings(base / "ws")
    Ingestor(settings).ingest(room)
    return settings


_MONTHS_FR = {1: "janvier", 2: "février", 3: "mars", 4: "avril", 5: "mai", 6: "juin", 7: "juillet", 8: "août", 9: "septembre", 10: "octobre",
              11: "novembre", 12: "décembre"}


@pytest.mark.parametrize(("question", "said"), [
    ("By when must we write to the cleaning company if we want to retender the contract at the Échirolles clinic?", "notice must be given by"),
    ("Avant quelle date devons-nous écrire à l'entreprise de nettoyage pour remettre en concurrence le site d'Échirolles ?", "le préavis doit être donné au plus tard le"),
])
def test_by_when_notice_stops_a_renewal_is_read_from_the_record_when_no_passage_answers(cleaning_room, question, said):
    # walkthrough 31: "By when must we write to the cleaning company …?" abstained; the record knew the deadline (three months before the
    # end of the period running)
    from greffier.dataroom.records import next_notice
    from store.records import load_dataroom
    from store.workspace import open_workspace

    record = next(r for r in load_dataroom(open_workspace(cleaning_room)).records if "hygiaclean" in r.file)
    due, stops = next_notice(record, date.today())
    out = answer(cleaning_room, question, backend=None)
    assert not out["abstained"] and said in out["answer"], out["answer"]
    written = due.isoformat() if question.startswith("By") else due.strftime("%d/%m/%Y")
    assert written in out["answer"] and "reconduit tacitement d'année en année" in out["answer"], out["answer"]
    assert [Path(c["file"]).name for c in out["citations"]] == ["bionettoyage_hygiaclean.md"]


@pytest.fixture(scope="module")
def extended_lease(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """A lease and an avenant that extends it by a length of time, writing no date (walkthrough 34's warehouse lease)."""
    from tests.pipelines.files import make_markdown

    base = tmp_path_factory.mktemp("extended")
    room = base / "room"
    room.mkdir()
    make_markdown(room / "bail_atelier_vitrolles.md", [
        ("Article 1 – Désignation", "La SCI Les Pins donne à bail à la société Ateliers Mistral SAS un atelier de 1 200 m² à Vitrolles."),
        ("Article 3 – Durée", "Le présent bail est consenti pour une durée de neuf (9) années qui commenceront à courir le 1er juillet 2016 "
         "pour se terminer le 30 juin 2025."),
        ("Article 4 – Loyer", "Le loyer annuel est fixé à 84 000 euros hors taxes."),
    ], title="BAIL COMMERCIAL")
    make_markdown(room / "avenant_1_bail_vitrolles.md", [
        ("Article 1 – Prorogation", "Par dérogation à l'article 3 du Bail, la durée du Bail est prorogée de trente (30) mois supplémentaires, "
         "courant à compter de l'expiration de la durée initiale."),
        ("Article 2 – Loyer", "Le loyer annuel est porté à 90 000 euros hors taxes pendant la prorogation."),
    ], title="AVENANT N° 1 AU BAIL COMMERCIAL DU 1ER JUILLET 2016 — SCI Les Pins / Ateliers Mistral SAS")
    settings = load_settings(base / "ws")
    assert not Ingestor(settings).ingest(room).failed
    return settings


def test_an_extension_by_a_length_of_time_leads_the_answer_with_the_end_it_gives(extended_lease):
    # the avenant writes no date: its sentence is quoted first with the end computed from it, not left to a note
    from store.records import load_dataroom
    from store.workspace import open_workspace

    lease = next(r for r in load_dataroom(open_workspace(extended_lease)).records if Path(r.file).name == "bail_atelier_vitrolles.md")
    assert lease.end_date == date(2027, 12, 31), lease.warnings
    out = answer(extended_lease, "Quelle est la durée du bail ?", backend=None, doc_ids=[lease.id])
    first = out["answer"].splitlines()[0]
    assert first.startswith("La fin en vigueur est le 31/12/2027, fixée par un avenant") and "prorogée de trente (30) mois" in first, out["answer"]
