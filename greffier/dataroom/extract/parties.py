"""The parties of a contract, read from its opening, its title and its signature blocks."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel

from greffier.dataroom.extract.text import HEADING_LINE, UPPER, ChunkInput, sentences
from greffier.dataroom.normalize import LEGAL_FORMS, entity_id, fold, match_contract_type, normalize_siren


class PartyFinding(BaseModel):
    name: str
    chunk_id: str | None
    raw: str
    rule: str
    siren: str | None = None


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


_ORG_WORDS = frozenset("groupe group banque bank cabinet maison societe compagnie fondation association".split())


def _mentioned_parties(title: str, chunks: Sequence[ChunkInput]) -> list[PartyFinding]:
    """Last resort: the first names written in the first sentence of the body (subject and object)."""
    for chunk in chunks[:4]:
        body = [line for line in chunk.text.splitlines() if line.strip() and not HEADING_LINE.match(line)]
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
