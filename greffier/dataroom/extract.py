"""Rule-based extraction of contract metadata from a contract's text, in French and English.

Used when the data room gives no metadata for a field, and to check the metadata it gives. Every
result says which chunk it came from (``chunk_id``), the words it was read from (``raw``) and the rule
that found it, so that a reader can open the article. The rules need no model; an LLM may refine
their output later.

:func:`extract_fields` runs all of them; each ``extract_*`` function can also be called alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Generic, Literal, TypeVar

from dateutil.relativedelta import relativedelta
from pydantic import BaseModel, ConfigDict, Field

from greffier.dataroom.normalize import (
    DATE_PATTERN,
    LEGAL_FORMS,
    entity_id,
    fold,
    match_contract_type,
    match_law,
    normalize_siren,
    parse_date,
)

T = TypeVar("T")
TimeUnit = Literal["years", "months", "weeks", "days"]


class ChunkInput(BaseModel):
    """One stored chunk (usually an article) of a contract."""

    model_config = ConfigDict(frozen=True)

    id: str
    section: str = ""  # the heading the chunk falls under ("ARTICLE 2 — DURÉE")
    text: str
    page: int | None = None


class Finding(BaseModel, Generic[T]):
    """One value read from the text: where (chunk id; ``None`` for the title), from what, by which rule."""

    value: T
    chunk_id: str | None
    raw: str
    rule: str


class Period(BaseModel):
    """A length of time written in a contract: « trois ans », "36 months"."""

    count: int
    unit: TimeUnit

    def after(self, start: date) -> date:
        """The last day of this period when it starts on ``start`` (a 3-year term from 1 Jan ends 31 Dec)."""
        return start + relativedelta(**{self.unit: self.count}) - timedelta(days=1)


class PartyFinding(BaseModel):
    name: str
    chunk_id: str | None
    raw: str
    rule: str
    siren: str | None = None


class TermFinding(BaseModel):
    start_date: Finding[date] | None = None
    end_date: Finding[date] | None = None
    indefinite: Finding[str] | None = None  # « durée indéterminée »: no end date, on purpose
    evidence: list[str] = Field(default_factory=list)  # chunk ids of the articles about the term
    notes: list[str] = Field(default_factory=list)


class AmendmentClues(BaseModel):
    """What an amendment's text says about the contract it amends."""

    cited_dates: list[Finding[date]] = Field(default_factory=list)  # « contrat … du 12 mars 2021 »
    cited_type: str | None = None  # « avenant au bail commercial » → "bail commercial"
    new_end_date: Finding[date] | None = None  # « prorogé jusqu'au … »
    extension: Finding[Period] | None = None  # « prorogé d'un an »
    initial_end_date: Finding[date] | None = None  # « initialement fixée au … »
    price_change: Finding[str] | None = None  # « le prix est porté à … »


class LawFinding(BaseModel):
    law: Finding[str] | None = None
    evidence: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class Extraction(BaseModel):
    parties: list[PartyFinding] = Field(default_factory=list)
    contract_type: Finding[str] | None = None
    signature_date: Finding[date] | None = None
    term: TermFinding = Field(default_factory=TermFinding)
    governing_law: LawFinding = Field(default_factory=LawFinding)
    amendment: AmendmentClues = Field(default_factory=AmendmentClues)


def extract_fields(*, title: str, chunks: Sequence[ChunkInput], signature_date: date | None = None) -> Extraction:
    """Run every rule on one contract.

    ``signature_date`` (from metadata, when known) anchors terms counted « à compter de la
    signature »; without it the signature date found in the text is used.
    """
    signature = extract_signature_date(chunks)
    anchor = signature_date or (signature.value if signature else None)
    return Extraction(
        parties=extract_parties(title, chunks),
        contract_type=extract_contract_type(title, chunks),
        signature_date=signature,
        term=extract_term(chunks, signature_date=anchor),
        governing_law=extract_governing_law(chunks),
        amendment=extract_amendment_clues(title, chunks),
    )


# --------------------------------------------------------------------------------------------------
# Chunking and sentences
# --------------------------------------------------------------------------------------------------

_ARTICLE_LINE = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:ARTICLE|Article|ART\.|Art\.|SECTION|Section|CLAUSE|Clause)[ \t]+\w+", re.MULTILINE
)


def split_articles(contract_id: str, text: str) -> list[ChunkInput]:
    """Cut a contract's text at its article headings: chunks ``<id>-1``, ``<id>-2``...

    The text before the first article (title, preamble) is chunk 1 when it is not empty; each chunk's
    ``section`` is its heading line (the first line for the preamble).
    """
    starts = [m.start() for m in _ARTICLE_LINE.finditer(text)]
    bounds = [0, *starts, len(text)] if not starts or starts[0] > 0 else [*starts, len(text)]
    chunks: list[ChunkInput] = []
    for begin, end in zip(bounds, bounds[1:]):
        piece = text[begin:end].strip()
        if piece:
            heading = piece.splitlines()[0].strip().lstrip("#").strip()
            chunks.append(ChunkInput(id=f"{contract_id}-{len(chunks) + 1}", section=heading, text=piece))
    return chunks


@dataclass(frozen=True)
class _Sentence:
    chunk_id: str | None
    text: str
    chunk_rank: int  # 0: the chunk's heading is about the field looked for; 1: any other chunk


_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+(?=[«\"“(\[A-ZÀ-ÖØ-Þ0-9])|\n+")
_ABBREVIATION_END = re.compile(
    r"(?:\b(?:M|Mme|Me|Mlle|MM|Dr|Mr|Mrs|Ms|St|art|Art|n°|No|no|L|R|D|Inc|Ltd|Co|Corp|S\.A|cf|al|p|ex|etc)\.|\b[A-Z]\.)$"
)


def sentences(text: str) -> list[str]:
    """Split ``text`` into sentences and lines, without cutting after « M. », "Inc." or "art."."""
    pieces: list[str] = []
    for piece in _SENTENCE_END.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if pieces and _ABBREVIATION_END.search(pieces[-1][-16:]):  # the tail: long texts stay linear
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    return pieces


def _heading(chunk: ChunkInput) -> str:
    return chunk.section or chunk.text.strip().split("\n", 1)[0]


def _ranked_sentences(chunks: Sequence[ChunkInput], heading: re.Pattern[str]) -> list[_Sentence]:
    """Sentences of all chunks, those under a matching heading first (stable order otherwise)."""
    found = [
        _Sentence(chunk.id, text, 0 if heading.search(fold(_heading(chunk))) else 1)
        for chunk in chunks
        for text in sentences(chunk.text)
    ]
    return sorted(found, key=lambda s: s.chunk_rank)


# --------------------------------------------------------------------------------------------------
# Numbers and durations
# --------------------------------------------------------------------------------------------------

_FR_UNITS = (
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
    "dix-sept dix-huit dix-neuf"
).split()
_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
_FR_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}
_EN_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}


def _number_words() -> dict[str, int]:
    words = {w: i for i, w in enumerate(_FR_UNITS)} | {w: i for i, w in enumerate(_EN_UNITS)} | {"une": 1, "zero": 0}
    for value, word in _FR_TENS.items():
        words[word] = value
        words[f"{word} et un"] = words[f"{word}-et-un"] = value + 1
        words.update({f"{word}-{_FR_UNITS[u]}": value + u for u in range(2, 10)})
    words.update({f"soixante-{_FR_UNITS[u]}": 60 + u for u in range(10, 20)} | {"soixante et onze": 71})
    words.update({"quatre-vingts": 80, "quatre-vingt": 80})
    words.update({f"quatre-vingt-{_FR_UNITS[u]}": 80 + u for u in range(1, 20)})
    for value, word in _EN_TENS.items():
        words[word] = value
        words.update({f"{word}{sep}{_EN_UNITS[u]}": value + u for u in range(1, 10) for sep in ("-", " ")})
    return words


NUMBER_WORDS: dict[str, int] = _number_words()
_NUMBER = "(?:" + "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True)) + r"|\d{1,3})"
_UNITS: dict[str, TimeUnit] = {
    "an": "years", "ans": "years", "annee": "years", "annees": "years", "year": "years", "years": "years",
    "mois": "months", "month": "months", "months": "months", "semaine": "weeks", "semaines": "weeks",
    "week": "weeks", "weeks": "weeks", "jour": "days", "jours": "days", "day": "days", "days": "days",
}
_DURATION = re.compile(
    rf"(?<![\w-])(?P<num>{_NUMBER})(?:\s*\(\s*\d{{1,3}}\s*\))?\s+(?:(?:pleines?|full|entières?|calendar|consecutive)\s+)?"
    r"(?P<unit>années|année|ans|an|mois|semaines|semaine|jours|jour|years|year|months|month|weeks|week|days|day)\b",
    re.IGNORECASE,
)


def parse_number(text: str) -> int | None:
    """``"vingt-quatre"`` → 24, ``"three"`` → 3, ``"36"`` → 36; ``None`` for anything else."""
    cleaned = " ".join(fold(text).split())
    if cleaned.isdigit():
        return int(cleaned)
    return NUMBER_WORDS.get(cleaned, NUMBER_WORDS.get(text.strip().lower()))


def find_periods(text: str) -> list[tuple[Period, re.Match[str]]]:
    """Lengths of time in ``text``: « neuf années », "three (3) years", "36 months"."""
    found: list[tuple[Period, re.Match[str]]] = []
    for match in _DURATION.finditer(text):
        count = parse_number(match["num"])
        unit = _UNITS.get(fold(match["unit"]))
        if count and unit:
            found.append((Period(count=count, unit=unit), match))
    return found


# --------------------------------------------------------------------------------------------------
# Parties
# --------------------------------------------------------------------------------------------------

_UPPER = "A-ZÀ-ÖØ-Þ"
_CAP_WORD = rf"[{_UPPER}][\w'’.&/-]*"
_JOIN = r"(?:[ \t]+(?:de|du|des|la|le|les|von|van|der|den|di|da|y|of|&)[ \t]+|[ \t]+d['’]|[ \t]+)"
_CIVILITY = r"(?:M\.|MM\.|Mme|Mlle|Me|Maître|Monsieur|Madame|Mr\.?|Mrs\.?|Ms\.?|Dr\.?)"
_NAME = rf"(?:{_CIVILITY}[ \t]+)?{_CAP_WORD}(?:{_JOIN}{_CAP_WORD})*"
_NAME_RX = re.compile(rf"(?<![\w.-]){_NAME}")
_ARTICLE_PREFIX = re.compile(r"^(?:(?:(?:la|le|les|the)\s+|l['’]\s*)(?:soci[ée]t[ée]\s+|company\s+)?|soci[ée]t[ée]\s+)", re.I)
_ROLE_WORDS = frozenset(
    "bailleur preneur fournisseur acheteur client prestataire distributeur franchiseur franchise franchisee"
    " franchisor licencie licencee licensee licensor concedant cedant cessionnaire emprunteur preteur salarie"
    " salariee employeur employee employer supplier distributor consultant controller processor agent mandant"
    " mandataire garant beneficiaire constituant investisseur fondateur manager destinataire partie parties party"
    " assureur assure locataire proprietaire vendeur seller buyer purchaser lender borrower tenant landlord"
    " contractor customer provider societe company banque bank groupe group contrat convention accord agreement"
    " code article tribunal cour euribor annexe schedule clause etat date territoire territory produits products"
    " services operation en le la les il elle si pendant chaque the this each any un une tout toute"
    " aucun ce cette ces sauf a au aux dans pour par sur".split()
)
_OBJECT_COMPANY = re.compile(r"(?:\b(?:de|du capital de|des parts de|des actions de) la soci[ée]t[ée]|\bof the company)\s*$", re.I)
_NAME_WORD_LIMIT = 8


def clean_party_name(text: str) -> str | None:
    """A party name from a fragment (« la société Atelier Quenot SARL » → ``Atelier Quenot SARL``).

    ``None`` when the fragment is not a name: lower-case words, a role (« le Bailleur »), too long.
    """
    name = _ARTICLE_PREFIX.sub("", " ".join(text.split()).strip(" \t,;:«»\"“”()"))
    match = _NAME_RX.match(name)
    if match is None or match.end() < len(name.rstrip(". ")):
        return None
    name = _drop_final_period(match.group(0))
    words = name.split()
    if len(words) > _NAME_WORD_LIMIT or not entity_id(name):
        return None
    if len(words) == 1 and fold(words[0]).strip(".") in _ROLE_WORDS:
        return None
    return name


def _drop_final_period(name: str) -> str:
    """"Groupe Talvera." ends a sentence; "Veltris Pharma Inc." keeps its abbreviation."""
    if name.endswith(".") and fold(name.split()[-1]).strip(".") not in LEGAL_FORMS:
        return name.rstrip(".")
    return name


def extract_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """The parties, by the first rule that finds at least two of them.

    Rules, strongest first: the preamble block (« ENTRE LES SOUSSIGNÉS : X … ET : Y », "BETWEEN:
    X … AND: Y"), a sentence « conclu entre X et Y » / "between X and Y", companies given a defined
    name in the opening ("Acme Corp., a Delaware corporation (\"Acme\")"), the title ("Contrat … — A /
    B"), signature blocks (« Pour X », "For and on behalf of X"), then the first names mentioned in
    the first article. Names shortened in the title are completed from the text ("Solveig" →
    "Solveig Médical SAS").
    """
    found: list[PartyFinding] = []
    for rule in (_preamble_parties, _between_parties, _defined_parties, _title_parties, _signature_parties, _mentioned_parties):
        parties = _unique(rule(title, chunks))
        if len(parties) >= 2:
            found = parties
            break
        found = _unique([*found, *parties])
    return _complete_names(found, chunks)


def _unique(parties: list[PartyFinding]) -> list[PartyFinding]:
    seen: set[str] = set()
    kept: list[PartyFinding] = []
    for party in parties:
        key = entity_id(party.name)
        if key and key not in seen:
            seen.add(key)
            kept.append(party)
    return kept


_BETWEEN_MARK = re.compile(
    r"^[ \t]*(?:(?:by[ \t]+and[ \t]+)?between|entre(?:[ \t]+les[ \t]+soussign[ée]e?s)?)[ \t]*:?[ \t]*(?P<rest>.*)$",
    re.I | re.MULTILINE,
)
_SEPARATOR_LINE = re.compile(
    r"^(?:(?:et|and|ainsi que|d'une part|d'autre part|of the one part|of the other part|en pr[ée]sence de|in the presence of)"
    r"[ \t]*[:,;.]?[ \t]*$|\(?\s*(?:ci-apr[èe]s|hereinafter|ensemble|together|chacune?|each|individuellement)"
    r"|\((?!\s*\d{1,2}\s*\)|\s*[a-z]\s*\)))",
    re.I,
)
_PREAMBLE_END = re.compile(
    r"^(?:#|pr[ée]ambule|preamble|whereas|background|recitals|expos[ée]|il\s+(?:a\s+été|est|été)|it\s+is|considérant|"
    r"attendu|now,?\s+therefore|agreed\s+terms|ceci\s+(?:exposé|étant)|article|étant\s+préalablement)",
    re.I,
)
_PRESENCE = re.compile(r"^(?:et|and|en pr[ée]sence de|in the presence of)[ \t]*:?[ \t]+", re.I)
_NUMBERING = re.compile(r"^(?:\(?\d{1,2}\)|\d{1,2}[.)]|\(?[a-z]\)|[-–•*])\s*", re.I)
_NAME_END = re.compile(
    r"[,(;]|\s+(?:ci-apr[èe]s|hereinafter|a company|a french|une soci[ée]t[ée]|né(?:e)? le|born"
    r"|soci[ée]t[ée] (?:anonyme|par actions|civile|en nom|à responsabilit|européenne|coopérative))\b",
    re.I,
)
_PARTY_SIREN = re.compile(
    r"(?:sous le (?:num[ée]ro|n°)|under (?:number|no\.?)|siren|rcs[^,\d]{0,40}?)\s*:?\s*(\d{3}[ .\u00a0]?\d{3}[ .\u00a0]?\d{3})(?!\s?\d)",
    re.I,
)
_PREAMBLE_LINE_LIMIT = 30


def _preamble_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    for chunk in chunks[:3]:
        if (mark := _BETWEEN_MARK.search(chunk.text)) is None:
            continue
        lines = [mark["rest"], *chunk.text[mark.end() :].splitlines()]
        parties = _party_lines(lines, chunk.id)
        if parties:
            return parties
    return []


def _party_lines(lines: list[str], chunk_id: str) -> list[PartyFinding]:
    parties: list[PartyFinding] = []
    for line in (line.strip() for line in lines[:_PREAMBLE_LINE_LIMIT]):
        if not line:
            continue
        if _SEPARATOR_LINE.match(line):
            continue
        if _PREAMBLE_END.match(line):
            break
        line = _NUMBERING.sub("", _PRESENCE.sub("", line))
        pieces = _NAME_END.split(line, maxsplit=1)
        name = clean_party_name(pieces[0]) if len(pieces) == 2 else None  # a party is described after its name
        if name is None:
            if parties:
                break  # the block of parties is over (« PRÉAMBULE », "WHEREAS", first sentence...)
            continue
        siren_match = _PARTY_SIREN.search(line)
        siren = normalize_siren(siren_match[1])[0] if siren_match else None
        parties.append(PartyFinding(name=name, chunk_id=chunk_id, raw=line[:200], rule="preamble", siren=siren))
    return parties


_BETWEEN_SENTENCE = re.compile(
    r"\b(?:conclu[e]?s?|pass[ée]e?|intervenu[e]?|signé[e]?|entered into|made)\b[^.]{0,80}?\b(?:entre|between)\s+(?P<rest>.+)", re.I
)
_AND_SPLIT = re.compile(r",?\s+(?:et|and)\s+(?=(?:la |le |les |l['’]|the |M\.|Mme|Mr|Ms|Monsieur|Madame|[A-ZÀ-ÖØ-Þ]))")


def _between_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    for chunk in chunks[:3]:
        for sentence in sentences(chunk.text)[:8]:
            if (match := _BETWEEN_SENTENCE.search(sentence)) is None:
                continue
            pieces = _AND_SPLIT.split(match["rest"], maxsplit=1)
            names = [clean_party_name(_NAME_END.split(piece, maxsplit=1)[0]) for piece in pieces]
            found = [PartyFinding(name=n, chunk_id=chunk.id, raw=sentence[:200], rule="between") for n in names if n]
            if len(found) == 2:
                return found
    return []


# An English opening that gives each party a defined name: `PUROLATOR COURIER LTD. ("Purolator")`,
# `Marv Enterprises, LLC, a Limited Liability Company organized under … ("Marv")`,
# `Premier Biomedical, Inc. (OTC Pink: BIEI), a Nevada corporation ("Premier")`.
_DEFINED_NAME = re.compile(
    r"(?P<name>[A-Z0-9][\w&'’.\-]*(?:,?[ \t]+(?:[A-Z0-9&][\w&'’.\-]*|of|and|de|du|des))*)"
    r"(?:[ \t]*\([^()\"“”\n]{1,40}\))?"
    r"(?P<desc>,[ \t]+(?:a|an)[ \t]+[^()\"“”]{3,160}?)?"
    r"[ \t,]*\([ \t]*(?:the[ \t]+|hereinafter[^\"“”()]{0,40}?)?[\"“](?P<alias>[^\"”\n]{1,40})[\"”]"
)
_CORPORATE_DESCRIPTOR = re.compile(r"\b(?:corporation|company|partnership|limited|llc|trust|association|société|societe)\b", re.I)
_DEFINED_SCAN_CHARS = 3000


def _defined_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Companies the opening gives a defined name to, in order; a name counts when it carries a legal
    form (Inc., LLC, Ltd, SA…) or is described as a corporation, company, partnership…"""
    found: list[PartyFinding] = []
    text = " ".join(" ".join(chunk.text.split()) for chunk in chunks[:2])[:_DEFINED_SCAN_CHARS]
    chunk_id = chunks[0].id if chunks else None
    for match in _DEFINED_NAME.finditer(text):
        words = [fold(w).strip(".,") for w in match["name"].split()]
        corporate = any(w in LEGAL_FORMS for w in words) or bool(match["desc"] and _CORPORATE_DESCRIPTOR.search(match["desc"]))
        if not corporate or all(w in LEGAL_FORMS for w in words):  # "Inc." alone is the tail of a lower-case name
            continue
        if name := clean_party_name(_trim_leading_lowercase_run(match["name"]).replace(",", "")):  # "Acme, Inc." → "Acme Inc."
            found.append(PartyFinding(name=name, chunk_id=chunk_id, raw=match.group(0)[:200], rule="defined"))
    return _unique(found)


def _trim_leading_lowercase_run(name: str) -> str:
    """Drop connector words a name run may start with ("and Zenith Ltd" → "Zenith Ltd")."""
    words = name.split()
    while words and words[0] in ("of", "and", "de", "du", "des"):
        words = words[1:]
    return " ".join(words)


_TITLE_DASH = re.compile(r"\s+[—–-]\s+")
_PARENTHESES = re.compile(r"\([^)]*\)")
_TITLE_CONNECTORS = frozenset("de du des la le les d of & and et".split())


def _title_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    text = _PARENTHESES.sub(" ", title or "")
    segment = next((part for part in reversed(_TITLE_DASH.split(text)) if " / " in part), "")
    names = [_trailing_name(side) for side in segment.split(" / ") if side.strip()]
    return [PartyFinding(name=n, chunk_id=None, raw=title, rule="title") for n in names if n]


def _trailing_name(text: str) -> str | None:
    """The capitalised words that end ``text``: "Contrat de licence Orbis Labs" → the last two."""
    words = text.split()
    start = len(words)
    while start > 0 and (words[start - 1][:1].isupper() or words[start - 1].lower() in _TITLE_CONNECTORS or words[start - 1][:1].isdigit()):
        start -= 1
    while start < len(words) and words[start].lower() in _TITLE_CONNECTORS:
        start += 1
    kept = _without_type_prefix(words[start:])
    return clean_party_name(" ".join(kept)) if kept else None


# Words that qualify a contract type in a title-cased title ("Bail Commercial X", "Contrat Cadre Y").
_TYPE_QUALIFIERS = frozenset(
    "commercial commerciale commerciaux cadre professionnel professionnelle derogatoire precaire mixte exclusif "
    "exclusive non-exclusive services service agreement contract de du des d".split()
)


def _without_type_prefix(words: list[str]) -> list[str]:
    """Drop contract-type words that start a title-cased name: "Bail Commercial Foncière X" → "Foncière X".

    The prefix is the shortest run of first words that names a contract type, extended by the words
    that qualify a type. A name must remain after it, so "Solamvie Distribution" stays whole; words
    that are nothing but a type ("Bail Commercial", "Distribution") name no party.
    """
    if not words:
        return []
    if all(match_contract_type(word) or fold(word) in _TYPE_QUALIFIERS for word in words):
        return []
    end = next((i for i in range(1, len(words)) if match_contract_type(" ".join(words[:i]))), None)
    if end is None:
        return words
    while end < len(words) and fold(words[end]) in _TYPE_QUALIFIERS:
        end += 1
    return words[end:]


_SIGNATURE_LINE = re.compile(
    r"^[ \t]*(?:pour[ \t]+(?:le[ \t]+compte[ \t]+de[ \t]+)?|for[ \t]+and[ \t]+on[ \t]+behalf[ \t]+of[ \t]+"
    r"|signed[ \t]+(?:for[ \t]+and[ \t]+)?on[ \t]+behalf[ \t]+of[ \t]+|for[ \t]+)"
    r"(?P<name>[^\n:]{2,90}?)[ \t]*[:,]?[ \t]*$",
    re.I | re.MULTILINE,
)


def _signature_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    found: list[PartyFinding] = []
    for chunk in chunks[-3:]:
        for match in _SIGNATURE_LINE.finditer(chunk.text):
            if name := clean_party_name(match["name"]):
                found.append(PartyFinding(name=name, chunk_id=chunk.id, raw=match.group(0).strip(), rule="signature"))
    return found


_HEADING_LINE = re.compile(r"^[^a-zß-öø-ÿ]*$|^\s*#|^\s*(?:ARTICLE|Article)\s+\w+")
_ORG_WORDS = frozenset("groupe group banque bank cabinet maison societe compagnie fondation association".split())


def _mentioned_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Last resort: the first names written in the first sentence of the body (subject and object)."""
    for chunk in chunks[:4]:
        body = [line for line in chunk.text.splitlines() if line.strip() and not _HEADING_LINE.match(line)]
        if not body:
            continue
        first = sentences(" ".join(body))[0]
        names = _names_in_sentence(first)
        strong = [n for n in names if _looks_like_party(n)]
        if not strong:
            continue  # single capitalised words alone are places as often as parties
        chosen = (strong + [n for n in names if n not in strong])[:2]
        chosen.sort(key=names.index)
        return [PartyFinding(name=n, chunk_id=chunk.id, raw=first[:200], rule="mention") for n in chosen]
    return []


def _names_in_sentence(sentence: str) -> list[str]:
    names: list[str] = []
    for match in _NAME_RX.finditer(sentence):
        if _OBJECT_COMPANY.search(sentence[max(0, match.start() - 60) : match.start()]):
            continue
        raw = match.group(0)
        if match.start() == 0 and len(raw.split()) == 1 and not (raw.isupper() and len(raw) > 2):
            continue  # a capital at the start of a sentence is no sign of a name
        if (name := clean_party_name(raw)) and fold(name.split()[0]).strip(".") not in _ROLE_WORDS - _ORG_WORDS:
            names.append(name)
    return names


def _looks_like_party(name: str) -> bool:
    words = fold(name).replace(".", "").split()
    return len(words) >= 2 or entity_id(name) != "_".join(words)


def _complete_names(parties: list[PartyFinding], chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Replace a short name by the longest name of the text that extends it ("Solveig" → "Solveig Médical SAS")."""
    if not any(p.rule == "title" for p in parties):
        return parties
    candidates = {
        name
        for chunk in chunks[:6]
        for match in _NAME_RX.finditer(chunk.text)
        if (name := clean_party_name(match.group(0)))
    }
    completed: list[PartyFinding] = []
    for party in parties:
        key = entity_id(party.name)
        longer = [c for c in candidates if entity_id(c).startswith(f"{key}_")]
        if party.rule == "title" and longer:
            party = party.model_copy(update={"name": max(longer, key=lambda c: (len(entity_id(c)), c))})
        completed.append(party)
    return _unique(completed)


# --------------------------------------------------------------------------------------------------
# Contract type
# --------------------------------------------------------------------------------------------------

_TYPE_KEYWORD_CHARS = 400


def extract_contract_type(title: str, chunks: Sequence[ChunkInput]) -> Finding[str] | None:
    """The contract type named by the title, else by the first heading, else by the first lines."""
    if title and (label := match_contract_type(title)):
        return Finding[str](value=label, chunk_id=None, raw=title, rule="title")
    for chunk in chunks[:2]:
        heading = next((line.strip() for line in chunk.text.splitlines() if line.strip()), "")
        if heading and _HEADING_LINE.match(heading) and (label := match_contract_type(heading.lstrip("# "))):
            return Finding[str](value=label, chunk_id=chunk.id, raw=heading, rule="heading")
    if chunks and (label := match_contract_type(chunks[0].text[:_TYPE_KEYWORD_CHARS])):
        return Finding[str](value=label, chunk_id=chunks[0].id, raw=chunks[0].text[:_TYPE_KEYWORD_CHARS], rule="keywords")
    return None


# --------------------------------------------------------------------------------------------------
# Signature date
# --------------------------------------------------------------------------------------------------

_D = rf"(?P<date>{DATE_PATTERN})"
_THIS = r"\b(?:this|the\s+present)\s+(?:[\w\"“”()-]+\s+){0,6}?"
_SIGNATURE_RULES: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    # (rule, pattern, take the last match: signature blocks close the contract)
    ("fait à", re.compile(rf"\b(?:fait|établi|sign[ée]e?)\b[^.\n]{{0,80}}?\bà\s+[^,\n]{{1,40}},?\s+le\s+{_D}", re.I), True),
    ("fait le", re.compile(rf"\bfait\s+(?:[^,\n]{{0,40}},?\s+)?le\s+{_D}", re.I), True),
    ("à <ville>, le", re.compile(rf"^\s*(?:à|a)\s+[{_UPPER}][^,\n]{{1,40}},\s+le\s+{_D}", re.I | re.M), True),
    ("date de signature", re.compile(rf"\b(?:date de (?:la )?signature|signature date|date of signature)\s*:?\s*{_D}", re.I), False),
    (
        "signed on",
        re.compile(
            rf"(?:^[ \t]*|{_THIS}(?:is|was)\s+)(?:signed|executed)\s+(?:(?:at|in)\s+[^,\n]{{1,40}}?,?\s+)?(?:on|as of)\s+(?:the\s+)?{_D}",
            re.I | re.M,
        ),
        True,
    ),
    ("dated", re.compile(rf"(?:^[ \t]*|{_THIS}(?:is\s+)?)dated\s+(?:as\s+of\s+)?(?:the\s+)?{_D}", re.I | re.M), False),
    ("made on", re.compile(rf"{_THIS}(?:is\s+)?(?:made|entered\s+into)\s+(?:on|as\s+of)\s+(?:this\s+)?(?:the\s+)?{_D}", re.I), False),
    ("signé le", re.compile(rf"\bprésente?\s+\w+\s+(?:est|a\s+été)\s+sign[ée]e?\s+le\s+{_D}", re.I), False),
    ("in witness whereof", re.compile(rf"\bin witness whereof\b[^.]{{0,200}}?\b(?:on|as of)\s+(?:the\s+)?{_D}", re.I), True),
    ("signé le", re.compile(rf"^\s*sign[ée]e?\s+(?:électroniquement\s+)?le\s+{_D}", re.I | re.M), True),
)


def extract_signature_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """The date the contract was signed: « Fait à Paris, le 3 mars 2022 », "Signed on", "Dated as of"..."""
    for rule, pattern, take_last in _SIGNATURE_RULES:
        matches = [(chunk, m) for chunk in chunks for m in pattern.finditer(chunk.text)]
        for chunk, match in reversed(matches) if take_last else matches:
            if (value := parse_date(match["date"])) is not None:
                return Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0).strip(), rule=rule)
    return None


# --------------------------------------------------------------------------------------------------
# Term: start, end, duration, indefinite
# --------------------------------------------------------------------------------------------------

_TERM_HEADING = re.compile(
    r"\b(?:duree|term|terme|duration|echeance|expiration|prise d'effet|entree en vigueur|effective date|commencement|validite|prorogation)\b"
)
_TERM_CUE = re.compile(
    r"pour une dur[ée]e|produit ses effets|prend(?:ra)? effet|entre(?:ra)? en vigueur|est conclue? pour|restera en vigueur|"
    r"\bcourt\b|à compter d|for a (?:fixed |initial )?(?:term|period) of|shall (?:remain|continue) in (?:full )?force|term of this|"
    r"remain in force|comes? into force|effective (?:as of|from|on)|commenc|initial term|"
    r"\b(?:contrat|convention|bail|mission|licence|accord|pacte|garantie|agreement|lease|license|licence|term)\b",
    re.I,
)
_EXTENSION = re.compile(
    rf"\b(?:report[ée]e?s?|prorog[ée]e?s?|prolong[ée]e?s?|repouss[ée]e?s?|proroge(?:nt)?|prolonge(?:nt)?|extended|postponed|deferred)"
    rf"\b[^.;]{{0,60}}?\b(?:jusqu['’]?(?:au|à)|au|à|to|until|till|through)\s+(?:le\s+|the\s+)?{_D}",
    re.I,
)
_EXTENSION_PERIOD = re.compile(
    r"\b(?:prorog[ée]e?s?|prolong[ée]e?s?|proroge(?:nt)?|prolonge(?:nt)?|extended)\s+(?:d['’]\s*|de\s+|by\s+|for\s+|pour\s+)(?P<period>.{1,60})",
    re.I,
)
_UNCHANGED = re.compile(r"inchang|unchanged|ne modifie (?:ni|pas)|does not (?:amend|change|modify)|remains? (?:the same|fixed)|demeure fix", re.I)
_RANGE = re.compile(rf"\b(?:du|from|de)\s+(?P<start>{DATE_PATTERN})\s+(?:au|to|until|jusqu['’]au|through|-)\s+{_D}", re.I)
_END = re.compile(
    rf"(?:jusqu['’]?(?:au|à)(?:\s+le)?|expire(?:ra)?\s+le|expirant\s+le|prend(?:ra)?\s+fin\s+le|pour\s+se\s+terminer\s+le|"
    rf"s['’]ach[èe]ve(?:ra)?(?:\s+au\s+plus\s+tard)?\s+le|se\s+termine(?:ra)?\s+le|arrive(?:ra)?\s+à\s+(?:son\s+)?(?:terme|échéance)\s+le|"
    rf"rembours[ée]e?\s+(?:au\s+plus\s+tard\s+)?le|[ée]ch[ée]ance\s+(?:finale\s+)?(?:fix[ée]e\s+)?(?:au|le)|"
    rf"\buntil|\btill|\bends?\s+on|\bending\s+on|\bexpires?\s+on|\bexpiring\s+on|\bterminates?\s+on|\bwill\s+(?:end|expire|terminate)\s+on|"
    rf"shall\s+(?:expire|terminate|end)\s+on|\bthrough|\bmaturity\s+date\s+(?:is|of)|\bmaturing\s+on)\s+(?:the\s+)?{_D}",
    re.I,
)
_START = re.compile(
    rf"(?:à\s+compter\s+du|a\s+compter\s+du|prend(?:ra)?\s+effet\s+(?:le|au)|entre(?:ra)?\s+en\s+vigueur\s+le|entré\s+en\s+vigueur\s+le|"
    rf"débute(?:ra)?\s+le|commence(?:ra)?\s+le|à\s+partir\s+du|à\s+effet\s+du|\bfrom|\bas\s+of|\beffective\s+(?:as\s+of|from|on)|"
    rf"\bcommenc(?:es|ing|e)\s+on|\bbegin(?:s|ning)?\s+on|\bstart(?:s|ing)?\s+on|\bwith\s+effect\s+from"
    rf"|\bcomes?\s+into\s+force\s+on)\s+(?:the\s+)?{_D}",
    re.I,
)
_FROM_SIGNATURE = re.compile(
    r"(?:compter\s+de\s+(?:la\s+date\s+de\s+)?(?:la|sa|leur)\s+signature|qui\s+suiv\w*\s+(?:la|sa)\s+signature|à\s+(?:la|sa)\s+signature|"
    r"date\s+de\s+(?:la\s+|sa\s+)?signature\s+du\s+présent|from\s+(?:the\s+date\s+of\s+)?(?:its\s+)?(?:signature|execution)"
    r"|upon\s+(?:signature|execution)|"
    r"from\s+the\s+(?:date\s+hereof|signature\s+date)|date\s+of\s+(?:its\s+)?signature)",
    re.I,
)
_FROM_EFFECTIVE = re.compile(r"(?:from|on|as of)\s+the\s+(?:effective|commencement|start)\s+date|à\s+compter\s+de\s+la\s+date\s+d['’]effet", re.I)
_EFFECTIVE_DEFINITIONS = (
    re.compile(rf"[\"“«]\s*(?:effective|commencement|start)\s+date\s*[\"”»]\s+(?:means|shall\s+mean|is)\s+(?:the\s+)?{_D}", re.I),
    re.compile(
        rf"{_D}\s*\((?:the\s+|ci-après\s+(?:la\s+)?)?[\"“«]\s*(?:effective\s+date|commencement\s+date|date\s+d['’]effet)\s*[\"”»]\)", re.I
    ),
)
_NOT_A_TERM = re.compile(
    r"pr[ée]avis|notice|à\s+l['’]avance|in\s+advance|s['’]interdi|s['’]engage|shall\s+not|undertakes?|essai|probation|"
    r"successi(?:ve|f)s?|ind[ée]termin|indefinite|d[ée]lai|within|dans\s+les|survi[vt]|after\s+(?:the\s+)?(?:termination|expiry)|"
    r"apr[èe]s\s+(?:la\s+)?(?:cessation|fin|r[ée]siliation|expiration)|s[ée]questre|escrow",
    re.I,
)
_CONTRACT_TERM = re.compile(
    r"\b(?:contrat|convention|bail|accord|pacte|mission|licence|garantie|pr[ée]sente?s?|agreement|lease|licen[cs]e|it|il|elle)\b"
    r"[^.;]{0,80}?\b(?:conclue?|produit\s+ses\s+effets|entre(?:ra)?\s+en\s+vigueur|prend(?:ra)?\s+effet|court|couvre|dure|"
    r"is\s+(?:entered\s+into|made|granted)\s+for|shall\s+(?:remain|continue)|for\s+a\s+(?:fixed\s+|initial\s+)?(?:term|period)|consenti)"
    r"|pour\s+une\s+dur[ée]e\s+(?:ferme\s+|déterminée\s+)?de|for\s+a\s+(?:fixed\s+|initial\s+)?(?:term|period)\s+of",
    re.I,
)
_INDEFINITE = re.compile(r"dur[ée]e\s+ind[ée]termin[ée]e|\bCDI\b|indefinite\s+(?:term|period|duration)|open-ended|no\s+fixed\s+term", re.I)
_INSTALMENTS = re.compile(
    rf"(?P<num>{_NUMBER})\s+(?P<unit>mensualités|trimestrialités|semestrialités|annuités"
    rf"|échéances\s+(?:mensuelles|trimestrielles|semestrielles|annuelles)|"
    rf"(?:monthly|quarterly|semi-annual|half-yearly|annual|yearly)\s+(?:instal?ments|repayments))"
    rf"[^.]{{0,120}}?\b(?:premi[èe]re?|first)\b[^.]{{0,40}}?{_D}",
    re.I,
)
_INSTALMENT_WORD = re.compile(r"mensualit|trimestrialit|semestrialit|annuit|[ée]ch[ée]ances|instal?ments|repayments", re.I)
_INSTALMENT_MONTHS = {  # first letters of the instalment word → months between two instalments
    "mensu": 1, "month": 1, "trime": 3, "quart": 3, "semes": 6, "semi-": 6, "half-": 6, "annui": 12, "annue": 12, "annua": 12, "yearl": 12,
}
_RULE_RANK = {"extension": 0, "range": 1, "end": 2, "duration": 3, "instalments": 4}


@dataclass(frozen=True)
class _TermCandidate:
    rank: tuple[int, int, int]
    end: Finding[date]
    start: Finding[date] | None


def extract_term(chunks: Sequence[ChunkInput], *, signature_date: date | None = None) -> TermFinding:
    """The start and end of the contract's term.

    In order of trust: an amendment's new term (« prorogé jusqu'au … »), a range (« court du … au
    … »), an end date (« jusqu'au … », "until …", « prend fin le … »), a start plus a duration
    (« neuf années à compter du 1er novembre 2019 », "three (3) years from the Effective Date", the
    signature date for « à compter de sa signature »), a loan's last instalment. Articles whose
    heading is about the term come first. An indefinite term (« durée indéterminée ») gives no end.
    """
    ranked = _ranked_sentences(chunks, _TERM_HEADING)
    effective = _effective_date(chunks)
    chunk_starts = _chunk_starts(ranked)
    candidates: list[_TermCandidate] = []
    notes: list[str] = []
    for order, sentence in enumerate(ranked):
        if sentence.chunk_rank == 1 and not _TERM_CUE.search(sentence.text):
            candidates.extend(_instalment_candidates(sentence, order))
            continue
        context = _StartContext(signature_date, effective, chunk_starts.get(sentence.chunk_id))
        candidates.extend(_term_candidates(sentence, order, context, notes))
    term_chunks = [c.id for c in chunks if _TERM_HEADING.search(fold(_heading(c)))]
    indefinite = _indefinite(chunks)
    if not candidates:
        if indefinite is None and not term_chunks:
            notes.append("no article about the term")
        return TermFinding(start_date=_first_start(ranked), indefinite=indefinite, evidence=term_chunks, notes=notes)
    best = min(candidates, key=lambda c: c.rank)
    evidence = list(dict.fromkeys([*(term_chunks or []), *([best.end.chunk_id] if best.end.chunk_id else [])]))
    return TermFinding(start_date=best.start or _first_start(ranked), end_date=best.end, evidence=evidence, notes=notes)


@dataclass(frozen=True)
class _StartContext:
    signature_date: date | None
    effective: Finding[date] | None
    chunk_start: Finding[date] | None


def _term_candidates(sentence: _Sentence, order: int, context: _StartContext, notes: list[str]) -> list[_TermCandidate]:
    text, found = sentence.text, []

    def add(rule: str, value: date, raw: str, start: Finding[date] | None = None) -> None:
        end = Finding[date](value=value, chunk_id=sentence.chunk_id, raw=raw, rule=rule)
        found.append(_TermCandidate((_RULE_RANK[rule] if rule == "extension" else sentence.chunk_rank, _RULE_RANK[rule], order), end, start))

    if not _UNCHANGED.search(text):
        for match in _EXTENSION.finditer(text):
            if value := parse_date(match["date"]):
                add("extension", value, match.group(0))
    for match in _RANGE.finditer(text):
        if (value := parse_date(match["date"])) and (start := parse_date(match["start"])):
            add("range", value, match.group(0), Finding[date](value=start, chunk_id=sentence.chunk_id, raw=match.group(0), rule="range"))
    for match in _END.finditer(text):
        if value := parse_date(match["date"]):
            add("end", value, match.group(0))
    if not found and _is_term_length(sentence) and (periods := find_periods(text)):
        start = _sentence_start(sentence, context)
        if start is not None:
            period, match = periods[0]
            add("duration", period.after(start.value), f"{start.raw} … {match.group(0)}", start)
        elif sentence.chunk_rank == 0:
            notes.append(f"term of {periods[0][1].group(0)} ({sentence.chunk_id}) but no start date found")
    found.extend(_instalment_candidates(sentence, order))
    return found


def _is_term_length(sentence: _Sentence) -> bool:
    """Is a duration in this sentence the contract's term, not a notice, a trial or a covenant period?"""
    if _NOT_A_TERM.search(sentence.text):
        return False
    return sentence.chunk_rank == 0 or bool(_CONTRACT_TERM.search(sentence.text))


def _sentence_start(sentence: _Sentence, context: _StartContext) -> Finding[date] | None:
    if match := _START.search(sentence.text):
        if value := parse_date(match["date"]):
            return Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start")
    if _FROM_SIGNATURE.search(sentence.text):
        if context.signature_date is None:
            return None
        return Finding[date](value=context.signature_date, chunk_id=sentence.chunk_id, raw="signature", rule="signature")
    if _FROM_EFFECTIVE.search(sentence.text):
        return context.effective
    return context.chunk_start if sentence.chunk_rank == 0 else None


def _chunk_starts(ranked: list[_Sentence]) -> dict[str | None, Finding[date]]:
    """The first start date written in each article about the term (« prend effet le … »)."""
    starts: dict[str | None, Finding[date]] = {}
    for sentence in ranked:
        if sentence.chunk_rank != 0 or sentence.chunk_id in starts:
            continue
        if (match := _START.search(sentence.text)) and (value := parse_date(match["date"])):
            starts[sentence.chunk_id] = Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start")
    return starts


def _first_start(ranked: list[_Sentence]) -> Finding[date] | None:
    for sentence in ranked:
        if sentence.chunk_rank == 0 or _TERM_CUE.search(sentence.text):
            if (match := _START.search(sentence.text)) and (value := parse_date(match["date"])):
                return Finding[date](value=value, chunk_id=sentence.chunk_id, raw=match.group(0), rule="start")
    return None


def _effective_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    for chunk in chunks:
        for pattern in _EFFECTIVE_DEFINITIONS:
            for match in pattern.finditer(chunk.text):
                if value := parse_date(match["date"]):
                    return Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0), rule="effective date")
    return None


def _instalment_candidates(sentence: _Sentence, order: int) -> list[_TermCandidate]:
    if not _INSTALMENT_WORD.search(sentence.text):  # cheap test first: the full pattern is slow
        return []
    match = _INSTALMENTS.search(sentence.text)
    if match is None or (first := parse_date(match["date"])) is None or not (count := parse_number(match["num"])):
        return []
    months = next((m for prefix, m in _INSTALMENT_MONTHS.items() if fold(match["unit"]).startswith(fold(prefix))), None)
    if months is None:
        return []
    last = first + relativedelta(months=months * (count - 1))
    end = Finding[date](value=last, chunk_id=sentence.chunk_id, raw=match.group(0), rule="instalments")
    return [_TermCandidate((sentence.chunk_rank, _RULE_RANK["instalments"], order), end, None)]


def _indefinite(chunks: Sequence[ChunkInput]) -> Finding[str] | None:
    for chunk in chunks:
        if match := _INDEFINITE.search(chunk.text):
            return Finding[str](value="indefinite term", chunk_id=chunk.id, raw=match.group(0), rule="indefinite")
    return None


# --------------------------------------------------------------------------------------------------
# Governing law
# --------------------------------------------------------------------------------------------------

_LAW_HEADING = re.compile(
    r"\b(?:loi applicable|droit applicable|governing law|applicable law|choice of law|law and jurisdiction|"
    r"droit et juridiction|loi et juridiction|juridiction|jurisdiction|attribution de competence|litiges)\b"
)
_LAW_CUE = re.compile(
    r"soumise?s?\s+(?:au|à\s+la)|r[ée]gie?s?\s+par|rel[èe]ve(?:nt)?\s+du"
    r"|(?:interpr[ée]t[ée]e?|ex[ée]cut[ée]e?)s?\s+(?:conform[ée]ment|selon)|"
    r"governed\s+by|construed\s+in\s+accordance|subject\s+to\s+(?:the\s+)?(?:laws?|\w+\s+law)|loi\s+applicable|droit\s+applicable|"
    r"governing\s+law|applicable\s+law|law\s+of\s+the\s+contract",
    re.I,
)


def extract_governing_law(chunks: Sequence[ChunkInput]) -> LawFinding:
    """The law the contract is governed by (« soumis au droit français », "governed by the laws of…").

    A governing-law article that names no law (left blank) gives no law, with a note.
    """
    ranked = _ranked_sentences(chunks, _LAW_HEADING)
    law_chunks = [c.id for c in chunks if _LAW_HEADING.search(fold(_heading(c)))]
    for sentence in ranked:
        if (sentence.chunk_rank == 0 or _LAW_CUE.search(sentence.text)) and (label := match_law(sentence.text)):
            finding = Finding[str](value=label, chunk_id=sentence.chunk_id, raw=sentence.text, rule="governing law")
            evidence = list(dict.fromkeys([sentence.chunk_id, *law_chunks])) if sentence.chunk_id else law_chunks
            return LawFinding(law=finding, evidence=evidence)
    notes = [f"governing-law article {chunk_id} names no law" for chunk_id in law_chunks]
    return LawFinding(evidence=law_chunks, notes=notes)


# --------------------------------------------------------------------------------------------------
# Amendment clues
# --------------------------------------------------------------------------------------------------

_CONTRACT_NOUN = re.compile(r"\b(?:contrat|convention|bail|accord|acte|pacte|agreement|contract|lease|licen[cs]e|deed)\b", re.I)
_CITED_DATE = re.compile(
    rf"\b(?:du|en\s+date\s+du|sign[ée]e?s?\s+le|conclue?s?\s+le|pass[ée]e?\s+le|dated(?:\s+as\s+of)?"
    rf"|entered\s+into\s+on|executed\s+on|signed\s+on|of)\s+(?:the\s+)?{_D}",
    re.I,
)
_CONCLUDED_ON = re.compile(rf"\b(?:ont|avaient|have|had)\s+(?:conclu|sign[ée]|entered\s+into|signed)\s+(?:le\s+|on\s+)?{_D}", re.I)
_INITIAL_END = re.compile(
    rf"(?:initialement\s+(?:fix[ée]e?|prévue?)\s+(?:au|le)|originally\s+(?:scheduled|set|due)\s+(?:to\s+(?:expire|end)\s+)?(?:on|for)"
    rf"|expirant\s+(?:initialement\s+)?le|"
    rf"initial(?:ly)?\s+(?:term|end)[^.]{{0,40}}?(?:on|until))\s+{_D}",
    re.I,
)
_PRICE_CHANGE = re.compile(
    r"(?:prix|loyer|redevances?|tarifs?|honoraires|rémunération|commission)[^.]{0,100}?\b(?:est|sont|sera|seront)\s+"
    r"(?:porté|fixé|modifié|révisé|augmenté|ramené|réduit|diminué)"
    r"|nouveau\s+(?:prix|loyer|tarif)|nouvelle\s+(?:grille\s+tarifaire|redevance)|est\s+factur[ée]e?\s+[\d\s,.]+\s*(?:euros?|€)"
    r"|(?:price|fees?|rent|royalt(?:y|ies))[^.]{0,60}?\b(?:is|are|shall\s+be)\s+(?:increased|decreased|amended|changed|revised|reduced|set)"
    r"|\bnew\s+(?:price|rent|fees?)\b",
    re.I,
)
_AMENDMENT_WORDS = re.compile(
    r"^\W*(?:\w+\s+){0,2}(?:avenant|addendum|amendment)\s*(?:n\s*°?\s*\d+|no\.?\s*\d+|\d+)?\s*(?:au|à|a|to|of)?\s*", re.I
)


def extract_amendment_clues(title: str, chunks: Sequence[ChunkInput]) -> AmendmentClues:
    """What the text says about an amended contract: its date, its type, a new term, a new price."""
    clues = AmendmentClues(cited_type=_cited_type(title, chunks))
    for sentence in (s for chunk in chunks for s in _chunk_sentences(chunk)):
        _read_amendment_sentence(sentence, clues)
    return clues


def _chunk_sentences(chunk: ChunkInput) -> Iterator[_Sentence]:
    for text in sentences(chunk.text):
        yield _Sentence(chunk.id, text, 1)


def _read_amendment_sentence(sentence: _Sentence, clues: AmendmentClues) -> None:
    text, chunk_id = sentence.text, sentence.chunk_id
    if _CONTRACT_NOUN.search(text):
        for match in [*_CITED_DATE.finditer(text), *_CONCLUDED_ON.finditer(text)]:
            value = parse_date(match["date"])
            if value is not None and all(cited.value != value for cited in clues.cited_dates):
                clues.cited_dates.append(Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="cited date"))
    if clues.new_end_date is None and not _UNCHANGED.search(text) and (match := _EXTENSION.search(text)):
        if value := parse_date(match["date"]):
            clues.new_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="extension")
    if clues.extension is None and not _UNCHANGED.search(text) and (match := _EXTENSION_PERIOD.search(text)):
        if periods := find_periods(match["period"]):
            clues.extension = Finding[Period](value=periods[0][0], chunk_id=chunk_id, raw=match.group(0), rule="extension period")
    if clues.initial_end_date is None and (match := _INITIAL_END.search(text)):
        if value := parse_date(match["date"]):
            clues.initial_end_date = Finding[date](value=value, chunk_id=chunk_id, raw=match.group(0), rule="initial end")
    if clues.price_change is None and (match := _PRICE_CHANGE.search(text)):
        clues.price_change = Finding[str](value="price changed", chunk_id=chunk_id, raw=text[:200], rule="price change")


def _cited_type(title: str, chunks: Sequence[ChunkInput]) -> str | None:
    heading = next((line.strip(" #") for c in chunks[:1] for line in c.text.splitlines() if line.strip()), "")
    for text in (title, heading):
        rest = _AMENDMENT_WORDS.sub("", text or "", count=1)
        if rest != text and (label := match_contract_type(rest)) and label != "avenant":
            return label
    return None
