"""Lists under a lead-in: each item is read with the words that open the list (French and English)."""

from __future__ import annotations

from datetime import date

from greffier.compliance.checks import check_rule
from greffier.compliance.library import load_library
from greffier.compliance.lists import ListReader, lead_of
from greffier.compliance.models import ClassifiedChunk, DocumentFacts
from greffier.compliance.passages import document_passages
from greffier.compliance.playbooks import load_playbook
from greffier.compliance.text import paragraphs, sentences

TODAY = date(2026, 11, 30)


def items_of(text: str) -> list[str]:
    """The list items of ``text`` read as passages read them: paragraph by paragraph, sentence by sentence."""
    reader = ListReader()
    return [
        item.text
        for paragraph in paragraphs(text)
        for k, sentence in enumerate(sentences(paragraph))
        for item in reader.read(sentence, opens_paragraph=k == 0)
    ]


def chunk(text: str, section: str | None = None) -> ClassifiedChunk:
    return ClassifiedChunk(id="c01-1", document_id="c01", index=1, text=text, section=section, clause_types=(), page=4)


def fired(rule_id: str, text: str, section: str | None = None) -> list:
    playbook = load_playbook("ma_due_diligence")
    findings, _ = check_rule(playbook.by_id[rule_id], playbook, load_library(), DocumentFacts(id="c01", file="c.pdf"), [chunk(text, section)], today=TODAY)
    return findings


DISTRIBUTOR_EN = (
    "7.2 During the Term, the Distributor shall not:\n"
    "(a) manufacture or have manufactured any product under the Trademarks outside the Territory;\n"
    "(b) sell or distribute in the Territory any goods which are competitive with the Products; or\n"
    "(c) The Distributor shall keep full records of its sales.\n"
    "7.3 The Distributor shall pay the price within thirty days."
)
LICENCE_FR = (
    "Article 9 — Engagements du Licencié\n"
    "Pendant toute la durée du contrat, le Licencié s'interdit :\n"
    "- de céder ou de sous-licencier les droits concédés ;\n"
    "- de fabriquer, directement ou indirectement, des produits concurrents des Produits sous licence.\n"
    "Le Licencié paiera les redevances chaque trimestre."
)


def test_each_item_is_read_with_its_lead_in():
    read = items_of(DISTRIBUTOR_EN)
    assert read[0] == "7.2 During the Term, the Distributor shall not manufacture or have manufactured any product under the Trademarks outside the Territory"
    assert read[1] == "7.2 During the Term, the Distributor shall not sell or distribute in the Territory any goods which are competitive with the Products"
    assert len(read) == 2  # (c) says it all by itself; 7.3 ends the list


def test_a_french_list_after_a_colon():
    read = items_of(LICENCE_FR)
    assert read == [
        "Pendant toute la durée du contrat, le Licencié s'interdit de céder ou de sous-licencier les droits concédés",
        "Pendant toute la durée du contrat, le Licencié s'interdit de fabriquer, directement ou indirectement, des produits concurrents des Produits sous licence",
    ]


def test_items_inside_one_sentence_and_a_list_inside_a_list():
    inline = "Consultant shall not: A. endorse any golf club made by another manufacturer; or B. serve as an advisor of any other manufacturer of golf clubs."
    assert items_of(inline) == [
        "Consultant shall not endorse any golf club made by another manufacturer",
        "Consultant shall not serve as an advisor of any other manufacturer of golf clubs",
    ]
    nested = "The Licensee agrees:\n(a) to pay the royalties when due;\n(b) not to:\n(i) sell competing products;\n(ii) solicit the Licensor's customers;\n(c) to keep records."
    assert items_of(nested) == [
        "The Licensee agrees to pay the royalties when due",
        "The Licensee agrees not to sell competing products",
        "The Licensee agrees not to solicit the Licensor's customers",
        "The Licensee agrees to keep records",
    ]


def test_what_opens_a_list():
    assert lead_of("The Supplier shall not:") == ("The Supplier shall not", "")
    assert lead_of("Le Distributeur s'engage à :") == ("Le Distributeur s'engage à", "")
    assert lead_of("Notices: all notices shall be in writing.") is None  # a colon followed by a sentence
    assert lead_of("Territory:") is None  # no verb: a label, not a lead-in


def test_a_covenant_written_as_a_list_is_flagged_with_its_lead_in_and_item():
    [finding] = fired("non-compete", DISTRIBUTOR_EN, section="7. OBLIGATIONS OF THE DISTRIBUTOR")
    assert finding.excerpt == (
        "7.2 During the Term, the Distributor shall not: … (b) sell or distribute in the Territory any goods which are competitive with the Products; or"
    )
    [finding] = fired("non-compete", LICENCE_FR, section="Article 9 — Engagements du Licencié")
    assert "s'interdit: … - de fabriquer, directement ou indirectement, des produits concurrents" in finding.excerpt
    # The same item without its lead-in states nothing.
    assert fired("non-compete", "(b) sell or distribute in the Territory any goods which are competitive with the Products.") == []


def test_passages_carry_their_items():
    passages = document_passages([chunk(DISTRIBUTOR_EN)], load_library())
    assert sum(len(p.items) for p in passages) == 2


def test_an_item_s_paragraph_a_lone_or_and_a_page_number_do_not_end_the_list():
    text = (
        "(b) The Licensor may terminate this Agreement:\n"
        "(1) Upon ninety (90) days' notice if the Licensee does not reach the Quota. As used herein, the Quota means $50,000 a year.\n"
        "or\n"
        "16\n"
        "(2) Upon thirty (30) days' notice if the Licensee enters into an agreement relating to its merger with another entity."
    )
    read = items_of(text)
    assert read[-1].startswith("(b) The Licensor may terminate this Agreement Upon thirty (30) days' notice if the Licensee enters")


def test_a_list_goes_on_into_the_next_chunk_of_its_article_only():
    first = ClassifiedChunk(id="c01-1", document_id="c01", index=1, text="14.2 The Licensor may terminate this Agreement:\n(1) upon notice if the Licensee fails to pay;", section="14. TERMINATION")
    second = ClassifiedChunk(id="c01-2", document_id="c01", index=2, text="(2) upon notice if the Licensee merges with another entity.", section="14. TERMINATION")
    other = ClassifiedChunk(id="c01-3", document_id="c01", index=3, text="(3) upon notice if the Licensee is dissolved.", section="15. GENERAL")
    passages = document_passages([first, second, other], load_library())
    items = [item.text for p in passages for item in p.items]
    assert items == [
        "14.2 The Licensor may terminate this Agreement upon notice if the Licensee fails to pay",
        "14.2 The Licensor may terminate this Agreement upon notice if the Licensee merges with another entity",
    ]


def test_a_chunk_that_opens_on_the_end_of_the_lead_in_keeps_the_whole_lead_in():
    # Chunks overlap: the next one repeats the lead-in's last words, which hold no verb of their own.
    lead = "C. The Seller covenants that during the term it will not, directly or indirectly, for itself or through any person or entity:"
    first = ClassifiedChunk(id="c01-1", document_id="c01", index=1, text=f"{lead}\n1. solicit any employee of the Buyer;", section="9. COVENANTS")
    second = ClassifiedChunk(
        id="c01-2", document_id="c01", index=2, section="9. COVENANTS",
        text="directly or indirectly, for itself or through any person or entity:\n2. own, manage or operate any bakery business in the Region.",
    )
    items = [item.text for p in document_passages([first, second], load_library()) for item in p.items]
    assert items[-1] == f"{lead[:-1]} own, manage or operate any bakery business in the Region."[:-1]
    fr_lead = "Le Cédant s'interdit, pendant trois ans, directement ou indirectement, par personne interposée ou non :"
    first = ClassifiedChunk(id="c02-1", document_id="c02", index=1, text=f"{fr_lead}\n– de solliciter les salariés de la Société ;", section="8. ENGAGEMENTS")
    second = ClassifiedChunk(
        id="c02-2", document_id="c02", index=2, section="8. ENGAGEMENTS",
        text="directement ou indirectement, par personne interposée ou non :\n– d'exploiter un fonds de commerce concurrent de celui de la Société.",
    )
    items = [item.text for p in document_passages([first, second], load_library()) for item in p.items]
    assert items[-1].startswith("Le Cédant s'interdit") and items[-1].endswith("concurrent de celui de la Société")
    # a verbless sentence that is not the lead-in's end still ends the list
    reader = ListReader()
    reader.read("The Distributor shall not:")
    reader.read("(a) sell competing products;")
    assert reader.read("Territory and products listed in Schedule 2:") == []
    assert reader.read("(b) appoint sub-distributors.") == []


def test_an_item_whose_label_was_cut_off_as_a_sentence_is_read_with_it():
    # "1.    Divert …": a text file's spacing makes the sentence splitter cut the label off its item.
    text = ("The Franchisee covenants that during the term it will not, for itself or through any person:\n"
            "1.    Divert any customer of the Restaurant to any competitor.\n"
            "2.    Own, manage or operate any restaurant business within ten miles of the Restaurant.")
    assert items_of(text) == [
        "The Franchisee covenants that during the term it will not, for itself or through any person Divert any customer of the Restaurant to any competitor",
        "The Franchisee covenants that during the term it will not, for itself or through any person Own, manage or operate any restaurant business within ten miles of the Restaurant",
    ]
    texte = ("Le Franchisé s'interdit, pendant la durée du contrat :\n"
             "1.    D'exploiter un fonds de commerce concurrent.\n"
             "2.    De détourner la clientèle du Franchiseur.")
    assert items_of(texte) == [
        "Le Franchisé s'interdit, pendant la durée du contrat D'exploiter un fonds de commerce concurrent",
        "Le Franchisé s'interdit, pendant la durée du contrat De détourner la clientèle du Franchiseur",
    ]
    # with no list open, a label alone is nothing
    assert ListReader().read("1.") == []


def test_sub_clause_numbers_under_a_lead_in_are_its_items():
    # "10.2.1 …; 10.2.2 …; 10.2.3 …" under "may be terminated:": the right with no ground is the third item's
    text = ("10.2 Termination. Notwithstanding anything to the contrary herein, this Supply Agreement may be terminated:\n\n"
            "10.2.1 in its entirety, by mutual written consent of the Parties;\n\n"
            "10.2.2 in its entirety by a Party if the other Party materially breaches this Supply Agreement, by giving thirty days' prior written notice; and\n\n"
            "10.2.3 in its entirety or with respect to one or more Products, by the Buyer upon ninety days' prior written notice to the Seller for any reason.")
    found = fired("termination-for-convenience", text, "10. TERM AND TERMINATION")
    assert len(found) == 1 and "10.2.3 in its entirety" in found[0].excerpt and "10.2.2" not in found[0].excerpt
    texte = ("12.1 Le présent contrat pourra être résilié :\n\n"
             "12.1.1 d'un commun accord entre les parties ;\n\n"
             "12.1.2 par l'une des parties, en cas de manquement de l'autre partie, moyennant un préavis de trente jours ;\n\n"
             "12.1.3 par le Client, à tout moment, moyennant un préavis de trois mois.")
    found = fired("termination-for-convenience", texte, "12. DURÉE ET RÉSILIATION")
    assert len(found) == 1 and "12.1.3 par le Client" in found[0].excerpt and "12.1.2" not in found[0].excerpt
    # the same list without its third item grants no ground-free right
    assert not fired("termination-for-convenience", text.rsplit("\n\n", 1)[0], "10. TERM AND TERMINATION")
    assert not fired("termination-for-convenience", texte.rsplit("\n\n", 1)[0], "12. DURÉE ET RÉSILIATION")


def test_a_long_run_of_digits_is_read_at_once():
    # A table of figures run into one line: reading it must not try every way of cutting the digits.
    reader = ListReader()
    reader.read("The Supplier shall deliver:")
    assert reader.read("4" * 3000 + " units") == []
