"""Rule-based extraction of contract metadata from a contract's text, in French and English.

Used when the data room gives no metadata for a field, and to check the metadata it gives. Every
result says which chunk it came from (``chunk_id``), the words it was read from (``raw``) and the rule
that found it, so that a reader can open the article. The rules need no model; an LLM may refine
their output later.

One module per kind of data: :mod:`~greffier.dataroom.extract.text` (chunks, findings, sentences),
:mod:`~.periods` (numbers, lengths of time), :mod:`~.parties`, :mod:`~.contract_type`, :mod:`~.dates`
(signature date), :mod:`~.defined_dates` (the dates a contract names: "the Effective Date", « la Date
d'Effet »), :mod:`~.term_length` (is a length the term's?), :mod:`~.term` (start, end, duration),
:mod:`~.law` (governing law), :mod:`~.renewal` (does it renew by itself?) and :mod:`~.amendment_clues`. :func:`extract_fields` runs all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from pydantic import BaseModel, Field

from greffier.dataroom.extract.amendment_clues import AmendmentClues, extract_amendment_clues
from greffier.dataroom.extract.contract_type import extract_contract_type
from greffier.dataroom.extract.dates import extract_signature_date
from greffier.dataroom.extract.law import LawFinding, extract_governing_law
from greffier.dataroom.extract.opening import opening_of
from greffier.dataroom.extract.parties import PartyFinding, clean_party_name, extract_parties, read_parties, signature_names
from greffier.dataroom.extract.periods import NUMBER_WORDS, Period, TimeUnit, find_periods, parse_number
from greffier.dataroom.extract.renewal import extract_renewal, extract_renewal_length, extract_renewal_notice
from greffier.dataroom.extract.term import TermFinding, extract_term
from greffier.dataroom.extract.text import ChunkInput, Finding, order_left_open, sentences, split_articles, with_order_doubt

__all__ = [
    "NUMBER_WORDS", "AmendmentClues", "ChunkInput", "Extraction", "Finding", "LawFinding", "PartyFinding", "Period", "TermFinding",
    "TimeUnit", "clean_party_name", "extract_amendment_clues", "extract_contract_type", "extract_fields", "extract_governing_law",
    "extract_parties", "extract_signature_date", "extract_term", "find_periods", "parse_number", "read_parties", "sentences", "split_articles",
]


OPENING_SCAN_CHARS = 3000  # where a contract names its parties: its title, cover and preamble


class Extraction(BaseModel):
    parties: list[PartyFinding] = Field(default_factory=list)
    blank_party_slots: int = 0  # parties the opening leaves blank ("between Acme Inc. and ______"): a template
    unnamed_signatory: bool = False  # a party named only "the undersigned", whom no signature block names
    contract_type: Finding[str] | None = None
    signature_date: Finding[date] | None = None
    term: TermFinding = Field(default_factory=TermFinding)
    renewal: Finding[str] | None = None  # the sentence that says the contract renews by itself (« tacite reconduction »)
    renewal_notice: Finding[str] | None = None  # how long before its term's end notice stops that renewal ("90 days")
    renewal_length: Finding[str] | None = None  # how long each renewed term lasts ("1 year")
    governing_law: LawFinding = Field(default_factory=LawFinding)
    amendment: AmendmentClues = Field(default_factory=AmendmentClues)
    signatories: list[str] = Field(default_factory=list)  # the companies and persons the signature blocks name
    opening: str = ""  # the first characters of the text, where the parties are named (read against the room's parties)


def extract_fields(
    *, title: str, chunks: Sequence[ChunkInput], signature_date: date | None = None, amendment: bool = True
) -> Extraction:
    """Run every rule on one contract.

    ``signature_date`` (from metadata, when known) anchors terms counted « à compter de la
    signature »; without it the signature date found in the text is used. ``amendment=False`` (the
    document is known not to be an amendment) skips reading amendment clues.
    """
    order_open = order_left_open(chunks)  # once per contract: a scan of its whole text
    signature = with_order_doubt(extract_signature_date(chunks), order_open)
    anchor = signature_date or signature  # the metadata's date, else the text's with how sure it is
    parties = read_parties(title, chunks)
    contract_type = extract_contract_type(title, chunks)
    loan = contract_type is not None and contract_type.value == "contrat de prêt"
    return Extraction(
        parties=parties.parties,
        blank_party_slots=parties.blank_slots,
        unnamed_signatory=parties.unnamed_signatory,
        contract_type=contract_type,
        signature_date=signature,
        term=_term_with_order_doubt(extract_term(chunks, signature_date=anchor, amendment=amendment, loan=loan), order_open),
        renewal=(renewal := extract_renewal(chunks)),
        renewal_notice=extract_renewal_notice(chunks, renewal),
        renewal_length=extract_renewal_length(chunks, renewal),
        governing_law=extract_governing_law(chunks),
        amendment=extract_amendment_clues(title, chunks) if amendment else AmendmentClues(),
        signatories=signature_names(title, chunks),
        opening=opening_of(chunks, limit=OPENING_SCAN_CHARS).text,
    )


def _term_with_order_doubt(term: TermFinding, order_open: bool) -> TermFinding:
    return term.model_copy(update={"start_date": with_order_doubt(term.start_date, order_open), "end_date": with_order_doubt(term.end_date, order_open)})
