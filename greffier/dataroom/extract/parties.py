"""The parties of a contract, read from its opening, its title and its signature blocks."""

from __future__ import annotations

import re
from collections.abc import Sequence

from typing import Literal

from pydantic import BaseModel, Field

from greffier.dataroom.extract.opening import (
    FILING_LEGEND, NAME_ENDINGS, _LEADING_FORMULA, Opening, OpeningParty, _drop_final_period, _is_place, company_at_end, implausible_name, is_legal_form, name_article, name_head, read_opening, without_initials_prefix,
)
from greffier.dataroom.extract.text import heading_line, UPPER, ChunkInput, sentences
from greffier.dataroom.normalize import DATE_PATTERN, LEGAL_FORMS, MONTHS, entity_id, fold
from greffier.dataroom.vocabulary import match_contract_type


Confidence = Literal["high", "medium", "low"]


class PartyFinding(BaseModel):
    name: str
    chunk_id: str | None
    raw: str
    rule: str  # opening, labelled, table, defined, between, title, signature, described, mention
    siren: str | None = None
    siren_warning: str | None = None  # the SIREN written by its name fails its check (kept as ``identifier``)
    kind: Literal["company", "person"] = "company"
    confidence: Confidence = "medium"
    defined_as: list[str] = Field(default_factory=list)  # « le Bailleur », "the Distributor"
    identifier: str | None = None  # the company number written by its name
    in_signature: bool = False  # a signature block names it too


_CAP_WORD = rf"[{UPPER}][\w'’.&/-]*"
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
_STATUTE_WORDS = frozenset("act acts code regulation regulations directive".split())
_OBJECT_COMPANY = re.compile(r"(?:\b(?:de|du capital de|des parts de|des actions de) la soci[ée]t[ée]|\bof the company)\s*$", re.I)
_NAME_WORD_LIMIT = 8
# A connector that ends the words run together as a name, before an address or a lower-case word: "… SERVICES OF 17922 …"
_TRAILING_CONNECTOR = re.compile(r"(?:[ \t]+(?i:of|and|de|du|des|the|et))+$")


def clean_party_name(text: str) -> str | None:
    """A party name from a fragment (« la société Atelier Quenot SARL » → ``Atelier Quenot SARL``).

    ``None`` when the fragment is not a name: lower-case words, a role (« le Bailleur »), too long.
    """
    written = _LEADING_FORMULA.sub("", " ".join(text.split()).strip(" \t,;:«»\"“”()"))
    name = _ARTICLE_PREFIX.sub("", written)
    match = _NAME_RX.match(name)
    if match is None or match.end() < len(name.rstrip(". ")):
        return None
    name = without_initials_prefix(_drop_final_period(_TRAILING_CONNECTOR.sub("", match.group(0))))  # "COMWARE TECHNICAL SERVICES OF 17922 SKY PARK …"
    name = name_article(written, name) + name  # « LES JARDINS DE MARCEL SARL »: the article is part of the name
    words = name.split()
    if len(words) > _NAME_WORD_LIMIT or not entity_id(name) or implausible_name(name):
        return None
    if len(words) == 1 and fold(words[0]).strip(".") in _ROLE_WORDS:
        return None
    if len(words) > 1 and fold(words[-1]).strip(".") in _STATUTE_WORDS:
        return None  # "Securities Exchange Act": a statute, not a party
    return name


class PartiesReading(BaseModel):
    parties: list[PartyFinding] = Field(default_factory=list)
    blank_slots: int = 0  # parties whose name the opening leaves blank: « ______ », "[company name]"
    unnamed_signatory: bool = False  # a party named only "the undersigned", whom no signature block names


def extract_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """The parties named, each with how sure the reading is (:func:`read_parties`)."""
    return read_parties(title, chunks).parties


def read_parties(title: str, chunks: Sequence[ChunkInput]) -> PartiesReading:
    """The parties, each with how sure the reading is, and how many the opening leaves blank.

    First the structure of the opening (:mod:`greffier.dataroom.extract.opening`: « ENTRE LES
    SOUSSIGNÉS : X … ET : Y », "BETWEEN (1) X … and (2) Y", "by and between X, a Delaware corporation
    (\"X\"), and Y"), kept when it names at least two parties with an anchor or a defined name. Else,
    by the first rule that finds at least two: a sentence « conclu entre X et Y » / "between X and
    Y", companies given a defined name in the opening, the title ("Contrat … — A / B"), signature
    blocks (« Pour X », "For and on behalf of X"), then (``low`` confidence) the first names mentioned
    in the first article. The signature blocks cross-check the result (``in_signature``). Names
    shortened in the title are completed from the text ("Solveig" → "Solveig Médical SAS"). A party the
    opening leaves blank (a template: "between Acme Inc. and ______, a ____ corporation") is counted,
    and nothing else is looked for in its place.
    """
    opening_parties, opening, most_blank = read_opening(chunks)
    blank_slots = len([p for p in opening_parties if p.kind == "blank"])
    signed = _signature_parties(title, chunks)
    found = [_from_opening(p, opening) for p in opening_parties if p.confidence != "low" and p.kind != "blank"]
    if len(found) == 1 and not blank_slots:
        found = _joined_names(found[0], chunks)
    if len(found) < 2 and not blank_slots:
        # "Licensor: Caliban Software GmbH … Licensee: Orfèvrerie Duplessis SA" beside the one name the opening read, unless
        # that name is a field's label of one word ("Date: 2020-09-01" read "Date")
        found = _unique([*(p for p in found if not _field_label(p.name, opening)), *_labelled_parties(opening)])
    table = _table_parties(chunks) if not blank_slots else []
    if len(table) >= 2 and (len(found) < 2 or any(_field_label(p.name, opening) or _common_word(p, chunks) for p in found)):
        # "Role | Party | Details", « Franchiseur | Franchisé », « Loueur | LOCAMAT … »: the parties set out in a table, over an
        # opening that found fewer or read a bare word ("Order reference: NMB-…" read "Order"); a good opening stays (a
        # table of signatories, banks or notices names other people)
        found = table
    if len(found) < 2 and not any(p.confidence == "high" for p in found) and not (found and blank_slots):
        found = []
        for rule in (_between_parties, _defined_parties, _title_parties, _signature_parties, _described_subjects, _mentioned_parties):
            parties = _unique(signed if rule is _signature_parties else rule(title, chunks))
            if len(parties) >= 2:
                found = parties
                break
            found = _unique([*found, *parties])
    if (addressee := _letter_addressee(opening)) and entity_id(addressee.name) not in {entity_id(p.name) for p in found}:
        found = [*found, addressee]
    named_below: set[str] = set()
    if _SIGNATURE_PAGE_PARTY.search(opening.text[: 2500 if len(found) >= 2 else None]):  # one party read: a table of contents may come first
        # "… and each other party identified on the signature page", "the undersigned Potential Acquiree": the blocks name them
        for party in signed:
            if (start := company_at_end(party.name)) is None:
                continue  # a person, or a block whose name has no legal form
            name = party.name[start:]
            key = entity_id(name)
            if not any(k == key or f"_{k}" in f"_{key}" or f"_{key}" in f"_{k}" for k in {entity_id(p.name) for p in found}):
                found = [*found, party.model_copy(update={"name": name})]
                named_below.add(key)
    found = _without_common_words(found, chunks)
    blank_slots = max(blank_slots, most_blank)
    # "The undersigned hereby acknowledges …" and no block names who signs: a party is not named
    unnamed = not named_below & {entity_id(p.name) for p in found} and bool(_UNNAMED_UNDERSIGNED.search(opening.text[:3000]))
    signed_keys = {entity_id(p.name) for p in signed}
    found = [p.model_copy(update={"in_signature": entity_id(p.name) in signed_keys}) for p in found]
    return PartiesReading(parties=_complete_names(found, chunks), blank_slots=blank_slots, unnamed_signatory=unnamed)


# --- parties set out in a table ----------------------------------------------------------------------

# A table's column of names: "Party", « Partie », "Name", « Dénomination », "Company", « Société »
_NAME_COLUMN = frozenset("party parties partie name nom denomination raison sociale company societe entity entite".split())
_TABLE_CHUNKS = 2  # the opening's chunks: a table further on lists products, prices or sites


def _table_parties(chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """The parties an opening sets out in a table (rows written "cell | cell | cell"): under a column named "Party" (« Partie »,
    "Name") one per row, its role the row's first cell ("Escrow Agent | NordVault Escrow Services Ltd | company no. …"); or a
    header of roles (« Franchiseur | Franchisé ») over one cell per party (« MAISON FOURNIL SAS capital … | EURL LES PAINS DE
    LÉA … »). A cell counts when it starts with a company's name (a legal form) or a person's (a civility)."""
    found: list[PartyFinding] = []
    for chunk in chunks[:_TABLE_CHUNKS]:
        rows = [[cell.strip(" *") for cell in line.split(" | ")] for line in chunk.text.splitlines() if " | " in line]
        for k, header in enumerate(rows[:-1]):
            folded = [fold(cell) for cell in header]
            column = next((i for i, cell in enumerate(folded) if cell in _NAME_COLUMN), None)
            if column is not None:
                body = [(row[column], row[0] if column else "") for row in rows[k + 1 :] if len(row) == len(header)]
            elif len(header) >= 2 and all(cell.split()[-1:] and cell.split()[-1] in _ROLE_NOUNS | _ROLE_WORDS for cell in folded):
                body = list(zip(rows[k + 1], header)) if len(rows[k + 1]) == len(header) else []
            elif roles := [(row[1], row[0]) for row in rows[k:] if len(row) >= 2 and _row_role(row[0])]:
                # « Loueur | LOCAMAT ÉQUIPEMENTS, société par actions simplifiée … », "Provider | Nimbusly Ltd, a company …": a
                # role per row, the party's name and description beside it (a company when the description says so)
                parties = [p for cell, role in roles if (p := _cell_party(cell, role, chunk, named=bool(_COMPANY_DESCRIBED.search(cell[:240])))) is not None
                           and p.kind != "person"]  # a person beside a role is a signatory or a contact, more often than a party
                if len(parties) >= 2:
                    return _unique(parties)
                continue
            else:
                continue
            for cell, role in body:
                if (party := _cell_party(cell, role, chunk, named=column is not None)) is not None:
                    found.append(party)
            # a column of names is of parties when one of them is a company's ("Widget Pro | 10" is a product's)
            companies = any(is_legal_form(w.strip(",.")) for p in found for w in p.name.split())
            if len(found) >= 2 and (column is None or companies):
                return _unique(found)
            found = []
    return []


# A row's first cell that is a role ("Provider", « Locataire », "Escrow Agent"), and a description that makes a cell's name a company's
_ROW_ROLES = frozenset("provider loueur locataire lessor lessee mandant mandataire licencie concedant emprunteur preteur garant".split())
_COMPANY_DESCRIBED = re.compile(
    r"(?i)\bsoci[ée]t[ée]\b|\bcompany\b|\bcorporation\b|\bincorporated\b|\bRCS\b|\bregistered\b|\bimmatricul|\bau capital\b"
)


def _common_word(party: PartyFinding, chunks: Sequence[ChunkInput]) -> bool:
    """A name of one word with no legal form, no person's, that the document also writes in lower case: a label read as a
    party ("Order" from "Order reference: …", "Each order is placed …")."""
    if len(party.name.split()) != 1 or party.kind == "person" or is_legal_form(party.name.strip(",.")):
        return False
    word = party.name.strip(",.").lower()
    return any(word in {w.lower() for w in _LOWER_WORD.findall(chunk.text)} for chunk in chunks)


def _row_role(cell: str) -> bool:
    words = fold(cell).split()
    return 0 < len(words) <= 3 and words[-1] in _ROLE_NOUNS | _ROW_ROLES


def _cell_party(cell: str, role: str, chunk: ChunkInput, *, named: bool) -> PartyFinding | None:
    """The party a table's cell names: any name under a column of names (``named``: "Harrowgate Building Society" has no
    legal form), else a company's name with its legal form or a person's with a civility."""
    head = name_head(cell)
    if head is None:
        return None
    name = head[0]
    person = bool(re.match(rf"{_CIVILITY}\s", name))
    if not named and not person and not any(is_legal_form(w.strip(",.")) for w in name.split()):
        return None
    return PartyFinding(name=name, chunk_id=chunk.id, raw=cell[:200], rule="table", confidence="high", kind="person" if person else "company",
                        defined_as=[role] if role else [])


# The last word of a role, not of a name ("Listing Agent", "Prospective Investor", "Receiving Party").
_ROLE_NOUNS = frozenset(
    "agent agents broker investor party parties owner recipient discloser producer agency buyer seller purchaser vendor licensee "
    "licensor supplier customer client contractor consultant employee employer tenant landlord lender borrower guarantor sponsor "
    "distributor manufacturer reseller franchisee franchisor bailleur preneur fournisseur client prestataire acheteur vendeur".split()
)
_WEB_ADDRESS = re.compile(r"\S+@\S+|\b(?:https?://|www\.)\S+|\b[\w-]+\.(?:com|net|org|fr|co|io|biz|info)\b\S*", re.I)
_LOWER_WORD = re.compile(r"(?<![\w-])[a-zà-ÿ][a-zà-ÿ'’-]+")


def _without_common_words(parties: list[PartyFinding], chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Drop a "name" whose every word the document also writes in lower case (web and e-mail addresses
    aside): a role or a defined term written with capitals ("Listing Agent", "PRODUCER", "Prospective
    Investor", "Confidential Information"), not a proper name. A name with a legal form, a company number,
    a defined name or a description, or a person, stays."""
    lower = {w.lower() for chunk in chunks for w in _LOWER_WORD.findall(_WEB_ADDRESS.sub(" ", chunk.text))}
    kept = []
    for party in parties:
        if party.kind == "person" or party.defined_as or (party.rule == "opening" and party.confidence == "high"):
            kept.append(party)  # named with a defined name or a description: "The Associated Press ("AP")", "CyberShop, a Delaware corporation"
            continue
        words = [w.lower().strip(".,;:'’()") for w in party.name.split()]
        content = [w for w in words if w and w not in ("of", "the", "and", "de", "du", "des", "la", "le", "les", "et", "&")]
        common = bool(content) and all(w in lower for w in content)
        role = bool(content) and content[-1] in _ROLE_NOUNS and party.rule != "opening"
        if (common or role) and party.kind == "company" and not party.identifier and not any(is_legal_form(w) for w in party.name.split()):
            continue
        kept.append(party)
    return kept


# An opening that leaves a party to its signature block.
_SIGNATURE_PAGE_PARTY = re.compile(
    r"(?i:\bthe\s+undersigned\b|\b(?:identified|named|listed|set\s+forth|specified)\s+(?:below|on\s+the\s+signature\s+pages?)"
    # "The party specified as the Franchisee on SCHEDULE 1 attached hereto", "the Licensee named in Annex A", « désignée en Annexe 1 »
    r"|\b(?:identified|named|listed|set\s+forth|specified|described|designated)\s+(?:as\s+(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+)?(?:on|in)\s+(?:the\s+)?(?:schedule|exhibit|annex|appendix|attachment)\b"
    r"|\b(?:d[ée]sign[ée]e?s?|identifi[ée]e?s?|nomm[ée]e?s?|mentionn[ée]e?s?)\s+(?:en|à\s+l['’]|dans\s+l['’])\s*annexe\b"
    r"|\bsignatory\s+hereto\b|\bsoussign[ée]e?\s+ci-dessous\b|\bidentifi[ée]e?\s+ci-dessous\b)"
)
# A party the document names only as "the undersigned", acting on its own: "The undersigned hereby acknowledges…",
# "… the disclosure by BDO to the undersigned", « Je soussigné(e) ________ ». Not "the undersigned Potential Acquiree"
# (a role the blocks name), "each of the undersigned" (the blocks name them all) nor « ENTRE LES SOUSSIGNÉS ».
_UNNAMED_UNDERSIGNED = re.compile(
    r"(?<!of\s)\b(?i:the)\s+undersigned\s*(?:\((?:the\s+)?[\"“][^\"”]{1,40}[\"”]\)\s*)?,?\s+(?:hereby|shall|agrees?|acknowledges?|undertakes?"
    r"|certif(?:y|ies)|represents?|warrants?|understands?|confirms?|is|has|will|desires?|wishes?|may|must)\b"
    r"|\b(?:to|by|from)\s+the\s+undersigned\b(?!\s+(?:[A-Z]|parties|party|companies|stockholders|shareholders|members))"
    r"|\b(?i:je|nous)\s+soussign[ée]e?s?(?:\(e\))?\s*[,:]?\s*(?:_{2,}|\.{3,}|…)"
)
# A letter agreement names its addressee above the salutation: "December 15, 2010 Verizon Communications Inc.
# 140 West Street New York, New York 10007 Ladies and Gentlemen: You have indicated … of Terremark …".
_SALUTATION = re.compile(
    r"\b(?i:ladies\s+and\s+gentlemen|gentlemen|dear\s+(?:sirs?|madam|sir\s+or\s+madam|(?:mr|mrs|ms|dr)\.?\s+[A-Z][\w'’-]+)|madame,?\s+monsieur|mesdames,?\s+messieurs)\s*[:,]"
)
_LETTER_DATE = re.compile(DATE_PATTERN, re.I)
_ADDRESSEE_WORDS = 10


def _letter_addressee(opening: Opening) -> PartyFinding | None:
    """The company a letter agreement is addressed to: the first name with a legal form written
    between the letter's date and its salutation ("Ladies and Gentlemen:", « Madame, Monsieur, »)."""
    salutation = _SALUTATION.search(opening.text[:3000])
    if salutation is None:
        return None
    block = opening.text[: salutation.start()]
    if subject := _SUBJECT_LINE.search(block):
        block = block[: subject.start()]  # « Objet : litige contre la société Gamma SA », "Re: Zeta Pharmaceuticals, Inc.": not the addressee
    block = _CARE_OF.sub(" ", block)
    if (dates := list(_LETTER_DATE.finditer(fold(block)))) and _has_company(block[dates[-1].end() :]):
        block = block[dates[-1].end() :]  # the addressee follows the date (an English letter) or precedes it (« Lyon, le 3 mars 2023 »)
    tokens = block.split()
    for index, token in enumerate(tokens):
        if index == 0 or not token[:1].isupper() or not is_legal_form(token.rstrip(",.")):
            continue
        first = index
        while first > 0 and index - first < _ADDRESSEE_WORDS and (tokens[first - 1][:1].isupper() or tokens[first - 1] in ("&", "of", "and")):
            if re.search(r"\d", tokens[first - 1]):
                break
            first -= 1
        head = name_head(" ".join(tokens[first : index + 1]))
        if head is not None and any(is_legal_form(w) for w in head[0].split()[1:]):
            return PartyFinding(name=head[0], chunk_id=opening.chunk_at(0), raw=" ".join(tokens[first : index + 1]), rule="letter", confidence="low")
    return None


_SUBJECT_LINE = re.compile(r"(?i)\b(?:re|objet|subject|object)\s*:")
_CARE_OF = re.compile(r"(?i)\b(?:c/o|care\s+of|à\s+l['’]attention\s+de|attn\.?|attention)\s*:?\s*[^,]{0,80},?")


def _has_company(text: str) -> bool:
    return any(t[:1].isupper() and is_legal_form(t.rstrip(",.")) for t in text.split()[1:])


# A form-like opening that labels each party: "Party A (Shipper): ZTO Express Co., Ltd.", "Company: Bravatek Solutions, Inc."; not a
# filing's footer, "Source: ZTO EXPRESS (CAYMAN) INC., F-1, 9/30/2016", which names the company that filed the contract
_PARTY_LABEL = re.compile(
    r"\b(?:Party|Partie)\s+[A-D1-4]\b(?:\s*\([^)]{1,30}\))?\s*:\s*"
    # "Company: Bravatek Solutions, Inc.", not a signature block's or a letterhead's labels ("Title: Managing Member", "Attention: …")
    r"|\b(?:[A-Z][a-z]{2,15}\s+(?=Name\s*:))?(?!(?:Title|Date|Signature|Signed|Address|Attention|Telephone|Phone|Facsimile|Email|Witness|Titre|Nom|Adresse|Source|Représentant|Nationality|Nationalité|Position|Fonction)\b)[A-Z][a-z]{3,15}\s*:\s*(?=[A-Z0-9])"
)


_SIGNATORY_LABEL = re.compile(r"(?i)\b(?:legal|authori[sz]ed)\s+representative\s*:\s*$")
# The next field of a form, which ends the value of the one before: "Company Name: Cardlytics, Inc. Company Address: 621 …"
_NEXT_LABEL = re.compile(r"\s(?:[A-Z][a-z]+\s+){0,2}[A-Z][a-z]{2,15}\s?:")


def _labelled_parties(opening: Opening) -> list[PartyFinding]:
    found: list[PartyFinding] = []
    for match in _PARTY_LABEL.finditer(opening.text[:4000]):
        if _SIGNATORY_LABEL.search(opening.text[max(0, match.start() - 16) : match.end()]):
            continue  # "Legal Representative: Li Shuxun …": who signs, not a party ("Representative: Beta Sales LLC" is one)
        value = opening.text[match.end() : match.end() + 160]
        value = value[: next_label.start()] if (next_label := _NEXT_LABEL.search(value)) else value  # "Cardlytics, Inc. Company Address: …"
        head = name_head(value)
        if head is not None and any(is_legal_form(w) for w in head[0].split()[1:]):
            found.append(
                PartyFinding(name=head[0], chunk_id=opening.chunk_at(match.start()), raw=opening.text[match.start() : match.end() + 120],
                             rule="labelled", confidence="high")
            )
    return found


def _field_label(name: str, opening: Opening) -> bool:
    """A one-word name that the opening writes as a field's label, with a colon: "Date:", « Objet : », "Order reference:"."""
    return len(name.split()) == 1 and re.search(rf"(?<![\w-]){re.escape(name)}(?:[ \t]+[a-z]\w*)?[ \t]?:", opening.text[:4000]) is not None


_JOINED = re.compile(r"\s+(?:and|AND|et|ET)\s+")


def _joined_names(party: PartyFinding, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """One name that is two joined ("Galacticomm and Horst Entertainment Inc.", "NETZEE AND BANKERS
    BANK"): a contract has two parties at least, so a lone party read as "X and Y" is X and Y — when
    the text names each of them on its own elsewhere ("Procter and Gamble Company", « Lazard Frères et
    Cie » stay whole)."""
    pieces = _JOINED.split(party.name)
    names = [clean_party_name(piece) for piece in pieces]
    if len(pieces) != 2 or not all(names) or any(fold(n).strip(". ") in NAME_ENDINGS for n in names if n):
        return [party]
    text = fold(" ".join(chunk.text for chunk in chunks))
    joined = len(re.findall(rf"\b{re.escape(fold(party.name).rstrip('.'))}", text))
    if not all(len(re.findall(rf"\b{re.escape(fold(n).rstrip('.'))}\b", text)) > joined for n in names if n):
        return [party]
    return [party.model_copy(update={"name": name, "defined_as": [], "confidence": "medium"}) for name in names if name]


def _from_opening(party: OpeningParty, opening: Opening) -> PartyFinding:
    return PartyFinding(
        name=party.name, chunk_id=opening.chunk_at(party.offset), raw=party.raw, rule="opening", siren=party.siren, siren_warning=party.siren_warning,
        kind=party.kind, confidence=party.confidence, defined_as=party.defined_as, identifier=party.identifier,  # type: ignore[arg-type]
    )


def parties_confidence(parties: Sequence[PartyFinding], *, blank_slots: int = 0, unnamed_signatory: bool = False) -> tuple[Confidence, str]:
    """How sure the whole list is, and why when it is not: ``low`` means the parties are *unknown*
    for a party filter (the contract is listed apart, not dropped)."""
    if blank_slots:
        return "low", "a party's name is left blank in the opening (a template to fill in?)"
    if unnamed_signatory:
        return "low", "a party is named only as “the undersigned”, and no signature block gives its name"
    if len(parties) < 2:
        return "low", "only one party could be read" if parties else "no party could be read"
    if any(p.rule == "mention" for p in parties):
        return "low", "the parties were guessed from the first names the text mentions"
    if any(p.rule == "letter" for p in parties):
        return "low", "a party was read from a letter's layout (the company it is addressed to)"
    if any(p.rule == "signature" for p in parties):
        # the opening did not name it: on CUAD dev and ContractNLI dev, 3 of the 4 lists read so missed a party
        return "low", "a party was read from the signature blocks only (the opening does not name it)"
    if any(p.confidence == "low" for p in parties):
        return "low", "a party name has nothing to confirm it (no legal form, number or defined name)"
    if all(p.rule in ("opening", "labelled") and p.confidence == "high" for p in parties):
        return "high", ""
    return "medium", ""


def _unique(parties: list[PartyFinding]) -> list[PartyFinding]:
    seen: set[str] = set()
    kept: list[PartyFinding] = []
    for party in parties:
        key = entity_id(party.name)
        if key and key not in seen:
            seen.add(key)
            kept.append(party)
    return kept


_NAME_END = re.compile(
    r"[,(;]|\s+(?:ci-apr[èe]s|hereinafter|a company|a french|une soci[ée]t[ée]|né(?:e)? le|born"
    r"|soci[ée]t[ée] (?:anonyme|par actions|civile|en nom|à responsabilit|européenne|coopérative))\b",
    re.I,
)
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


# A recital that says what each party is: "WHEREAS HEMISPHERX is a biopharmaceutical company with headquarters at …", « Acme est une
# société anonyme … »
_DESCRIBED_SUBJECT = re.compile(
    r"(?P<name>[A-Z][\w&'’.-]*(?:,?[ \t]+(?:[A-Z0-9&][\w&'’.-]*|of|de|du|des|and|et)){0,7})[ \t]+(?:is|est)[ \t]+(?:an?|une?)[ \t]+"
    r"(?:(?!(?:of|with|for|to|in|as|de|du|des|avec|pour)\b)[\w'’-]+[ \t]+){0,6}?(?:company|corporation|partnership|bank|firm|soci[ée]t[ée]|banque|entreprise)\b"
)


def _described_subjects(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """The names a recital describes as companies ("X is a pharmaceutical company …"), in order."""
    text = " ".join(" ".join(chunk.text.split()) for chunk in chunks[:2])[:_DEFINED_SCAN_CHARS]
    found = []
    for match in _DESCRIBED_SUBJECT.finditer(text):
        written = match["name"]
        if lead := list(_RECITAL_WORD.finditer(written)):
            written = written[lead[-1].end() :]  # "Distribution Agreement WHEREAS VELLORAN": the name follows the last recital word
        words = _trim_leading_lowercase_run(written).split()
        for first in range(min(4, len(words))):  # "RECITALS WHEREAS HEMISPHERX", "A. Bioclones": the heading and the recital's mark go
            candidate = _RECITAL_LEAD.sub("", " ".join(words[first:]))
            if (name := clean_party_name(candidate)) and not _is_place(name):  # "Delaware is a state where each company …"
                found.append(PartyFinding(name=name, chunk_id=chunks[0].id, raw=match.group(0)[:200], rule="described", confidence="low"))
                break
    return _unique(found)


_RECITAL_WORDS = r"(?:RECITALS?|BACKGROUND|PREAMBLE|WHEREAS|Whereas|ATTENDU\s+QUE|Attendu\s+que)[:,]?\s+"
_RECITAL_WORD = re.compile(rf"\b{_RECITAL_WORDS}")
_RECITAL_LEAD = re.compile(rf"^(?:{_RECITAL_WORDS}|\(?[A-H][.)]\s+)+")  # the words, or a recital's letter: "(A) ", "B. "


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


_SIGNATURE_MARK = re.compile(
    r"(?:^|(?<=[\s.,;:]))(?i:pour(?:\s+le\s+compte\s+de)?|for\s+and\s+on\s+behalf\s+of|signed\s+(?:for\s+and\s+)?on\s+behalf\s+of|on\s+behalf\s+of|for)\s*:?\s+(?=\S)"
)
# A company right above "By:", past its defined name and the block's date: 'ACME SP. Z O.O. (the "Franchisee") By:', "Snowy Fund I LP
# Date: July 16, 2012 By:"
_BY_LINE = re.compile(
    r"((?:[A-Z0-9&][\w&.,'’()/-]*[ \t]+){1,9})(?:\((?:the[ \t]+)?[\"“][^\"”()]{1,30}[\"”]\)[ \t]*)?"
    r"(?:Dated?[ \t]*:[ \t]*[\w ,./-]{0,25}?[ \t]+)?(?:By|BY|Par|PAR)\s*:"
)
_SIGNATURE_CHARS = 2500
_SIGNATORY = re.compile(
    r"^(?:(?:authori[sz]ed\s+(?:signatory|representative)|attorney-in-fact|title|name|its|director|president|officer|secretary|manager|"
    r"member|(?:general\s+)?partner|witness|date)\s*:?\s+)+",
    re.I,
)


# The date a block starts with, before the company that signs: "Date: April 7, 2020 BANK OF AMERICA CORPORATION By: …"
_BLOCK_DATE_FIRST = re.compile(r"^(?:Dated?\s*:?\s*)?(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}(?:er)?\s+[A-Za-zéû]{3,9}\.?\s+\d{4}|\d{1,2}/\d{1,2}/\d{2,4})\s+(?=[A-Z])")


def _signature_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Companies and persons named in the signature blocks: « Pour X », "For and on behalf of X",
    and a name right above "By:" ("ACME INC. By: /s/ …")."""
    found: list[PartyFinding] = []
    for chunk, text in _signature_regions(chunks):
        heads = [(m.end(), m.group(0)) for m in _SIGNATURE_MARK.finditer(text)] + [(m.start(1), "") for m in _BY_LINE.finditer(text)]
        for start, marker in heads:
            head = name_head(_SIGNATORY.sub("", _BLOCK_DATE_FIRST.sub("", text[start : start + 160])))
            if head is None:
                continue
            name = _capitals_after_signer(clean_party_name(head[0]) or head[0])
            if (company := company_at_end(name)) is not None:
                name = name[company:]  # "Title: Chief Investment Officer Snowy August Fund I LP": the company after the signer's title
            if _signature_name_ok(name, marker):
                found.append(PartyFinding(name=name, chunk_id=chunk.id, raw=f"{marker}{head[0]}".strip(), rule="signature"))
    return _unique(found)


# The formula that opens the signature page: "IN WITNESS WHEREOF", "The parties have executed this Agreement as of …", « EN FOI DE
# QUOI », « Fait à Lyon, le … »
_WITNESS = re.compile(
    r"\bIN\s+WITNESS\s+WHEREOF\b|\bEN\s+FOI\s+DE\s+QUOI\b|\bhave\s+(?:duly\s+)?(?:executed|signed)\s+this\s+(?:agreement|contract|amendment)\b"
    r"|\bFait\s+(?:à|a)\s+[A-Z][\w' -]{1,30},?\s+le\b",
    re.I,
)


def _signature_regions(chunks: Sequence[ChunkInput]) -> list[tuple[ChunkInput, str]]:
    """Where the signature blocks stand: the end of the last three chunks, and what follows "IN WITNESS WHEREOF" (« EN FOI
    DE QUOI ») wherever it is — a signature page before the schedules and exhibits of a long contract."""
    regions = [(chunk, " ".join(chunk.text.split())[-_SIGNATURE_CHARS:]) for chunk in chunks[-3:]]
    last = {chunk.id for chunk in chunks[-3:]}
    for index, chunk in enumerate(chunks[:-3]):
        for witness in _WITNESS.finditer(chunk.text):
            following = [chunk.text[witness.end() :], *(c.text for c in chunks[index + 1 : index + 3] if c.id not in last)]
            regions.append((chunk, " ".join(" ".join(following).split())[:_SIGNATURE_CHARS]))
    return regions


def _capitals_after_signer(name: str) -> str:
    """The company of a block whose name ran into the signer of the block above ("/s/ R. Vance ⏎ LISANDRE HOLDING SAS
    ⏎ By:" reads "R. Vance LISANDRE HOLDING SAS"): the capitals that end with a legal form, after words in lower case."""
    words = name.split()
    start = len(words)
    while start > 0 and (words[start - 1].isupper() or not any(c.isalpha() for c in words[start - 1])):
        start -= 1
    tail = words[start:]
    named = [w for w in tail if not is_legal_form(w.rstrip(",.")) and len(w.strip(",.")) > 1]  # "Fund I LP": "I LP" names nothing
    if 0 < start and len(tail) >= 2 and is_legal_form(tail[-1].rstrip(",.")) and named:
        return " ".join(tail)
    return name


def signature_names(title: str, chunks: Sequence[ChunkInput]) -> list[str]:
    """The names the signature blocks give (a cross-check of the parties read in the opening)."""
    return [p.name for p in _signature_parties(title, chunks)]


def _signature_name_ok(name: str, marker: str) -> bool:
    """A company or a person, not a role (« Pour le Client »), a date or a purpose ("for a period of")."""
    words = [fold(w).strip(".,") for w in name.split()]
    if not words or all(w in _ROLE_WORDS for w in words) or words[0] in ("the", "a", "an", "le", "la", "les", "this", "any", "each"):
        return False
    if len(words) == 2 and words[0] in MONTHS and words[1].isdigit():
        return False  # "April 7": the date of a block, not who signs it
    return len(words) >= 2 or any(w in LEGAL_FORMS for w in words) or not marker


_ORG_WORDS = frozenset("groupe group banque bank cabinet maison societe compagnie fondation association".split())


def _mentioned_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Last resort: the first names written in the first sentence of the body (subject and object)."""
    for chunk in chunks[:4]:
        body = [line for line in FILING_LEGEND.sub(" ", chunk.text).splitlines() if line.strip() and not heading_line(line)]
        if not body:
            continue
        first = sentences(" ".join(body))[0]
        names = _names_in_sentence(first)
        names = [n for n in names if not _ADDRESS_UNIT_NAME.match(n)]
        strong = [n for n in names if _looks_like_party(n)]
        if not strong:
            continue  # single capitalised words alone are places as often as parties
        # beside a name that looks like a party's, a single capitalised word that is no month and no place: a state or a country,
        # or a city written before its state's or province's code ("Vancouver, BC")
        chosen = (strong + [n for n in names if n not in strong and not _a_place(n, first) and fold(n).strip(".") not in MONTHS])[:2]
        chosen.sort(key=names.index)
        return [PartyFinding(name=n, chunk_id=chunk.id, raw=first[:200], rule="mention", confidence="low") for n in chosen]
    return []


_STREET_BEFORE = re.compile(
    r"(?i)\b(?:avenue|av\.|rue|boulevard|bd|place|quai|cours|all[ée]e|chemin|impasse|route|square|street|road|lane|drive|strasse|stra[ßs]e)\s+(?:d[eu]s?\s+|de\s+la\s+|l['’]\s*)?$"
)


# What leads to an address rather than a name: "with headquarters at", "located at", "offices at", a street number
_ADDRESS_BEFORE = re.compile(
    r"(?i)(?:\b(?:headquarters|head\s+office|offices?|located|situated|address|domiciled|resides|residing)\s+(?:is\s+)?(?:at|in)|\bsis[e]?\s+(?:à|au)?"
    r"|(?-i:\b(?:at|At|AT|of|OF))\s+\d[\w-]*,?)\s*$"  # "at 12", "OF 17922": a street number (not "Section 4 Acme …")
)
# A unit of an address where a name stands: "SUITE E", "P.O Box", "Room 1203" (not "Floor & Decor Outlets of America, Inc.")
_ADDRESS_UNIT_NAME = re.compile(r"(?i)^(?:(?:suite|room|unit|floor|bldg|building|box|cedex|bp)\s+[A-Z0-9][\w-]{0,5}|p\.?\s?o\.?\s*box(?:\s+\d+)?)$")


# A British postcode's two halves: "KT10" ends the name run, " 9PN" follows it
_OUTWARD_CODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?$")
_INWARD_CODE = re.compile(r"\s+\d[A-Z]{2}\b")


def _a_place(name: str, sentence: str) -> bool:
    return len(name.split()) == 1 and (_is_place(name) or re.search(rf"\b{re.escape(name)},\s+[A-Z]{{2}}\b", sentence) is not None)


def _names_in_sentence(sentence: str) -> list[str]:
    names: list[str] = []
    for match in _NAME_RX.finditer(sentence):
        if _OBJECT_COMPANY.search(sentence[max(0, match.start() - 60) : match.start()]):
            continue
        if _STREET_BEFORE.search(sentence, max(0, match.start() - 30), match.start()) or _ADDRESS_BEFORE.search(sentence, max(0, match.start() - 40), match.start()):
            continue  # « 60, avenue Tony Garnier », "12 Baker Street", "with headquarters at One Penn Center", "OF 17922 SKY PARK CIRCLE": an address
        raw = match.group(0)
        if _OUTWARD_CODE.search(raw) and _INWARD_CODE.match(sentence, match.end()):
            continue  # "Esher, Surrey KT10 9PN": a British postcode cut in two, the end of an address
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
