"""Lists of contracts told in words: the answer to a list question read without an LLM, and the
contracts a list leaves out (never silently).

A contract is named by its title and file name (:func:`greffier.text.replies.contract_label`), never by
its internal id. What a list leaves out is told apart: an end moved by an amendment and an indefinite
term are decided (the contract is not in the list, for that reason); only an unknown or uncertain
field leaves a contract to be checked by hand.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from greffier.dataroom.records import IN_PERPETUITY, INDEFINITE_TERM, NOT_A_CONTRACT, RENEWS, reason_is_only
from greffier.dataroom.vocabulary import law_in, type_in
from greffier.text.replies import contract_label, counted, date_in
from store.records import DataRoom

# French headers end on a no-break space before the colon: a list line never starts with « : » when the screen wraps it
LIST_WORDS = {
    "en": {
        "found": "{count} contracts match ({read}):",
        "found_one": "1 contract matches ({read}):",
        "found_amendments": "{things} {verb} ({read}):", "match": ("matches", "match"),
        "none": "No contract matches ({read}).",
        "ends": "ends", "signed": "signed", "copy": "possible copy of {name}", "renewed": "renewed after {date} unless notice was given",
        "translation": "possible translation of {name}", "ended": "already ended", "not_started": "not in force yet: starts on {date}",
        "amended_by": "amended by", "perpetual": "in perpetuity",
        "copies": (", counting once the copy or translation of one of them", ", counting once the {n} copies or translations of them"),
        "and_amendments": " and {n} amendment(s)",
        "every": "The data room holds {count} contracts:", "every_one": "The data room holds 1 contract:", "every_none": "The data room holds no contract.",
        "moved": "Not listed because an amendment moved the end date:",
        "indefinite": "Not listed because the contract has no end date (indefinite term, or in perpetuity):",
        "indefinite_in_force": "Also in force, with no end date (indefinite term, or in perpetuity):",
        "unknown": "Not listed because a filtered field is unknown (check them by hand):",
        "renews": "Listed apart because they renew automatically unless notice was given (check whether it was):",
        "contradiction": "Not listed because the metadata and the text disagree (check them by hand):",
        "not_contract": "Not listed because the document is not a contract:",
    },
    "fr": {
        "found": "{count} contrats correspondent ({read})\u00a0:",
        "found_one": "1 contrat correspond ({read})\u00a0:",
        "found_amendments": "{things} {verb} ({read})\u00a0:", "match": ("correspond", "correspondent"),
        "none": "Aucun contrat ne correspond ({read}).",
        "ends": "fin", "signed": "signé", "copy": "copie probable de {name}", "renewed": "reconduit après le {date} sauf congé",
        "translation": "traduction probable de {name}", "ended": "déjà échu", "not_started": "pas encore en vigueur\u00a0: prend effet le {date}",
        "amended_by": "modifié par", "perpetual": "à perpétuité",
        "copies": (", la copie ou traduction de l'un d'eux comptée une fois", ", les {n} copies ou traductions comptées une fois"),
        "and_amendments": " et {n} avenant(s)",
        "every": "La data room contient {count} contrats\u00a0:", "every_one": "La data room contient 1 contrat\u00a0:",
        "every_none": "La data room ne contient aucun contrat.",
        "moved": "Écartés parce qu'un avenant a déplacé la date de fin\u00a0:",
        "indefinite": "Écartés parce que le contrat n'a pas de date de fin (durée indéterminée, ou perpétuelle)\u00a0:",
        "indefinite_in_force": "En vigueur aussi, sans date de fin (durée indéterminée, ou perpétuelle)\u00a0:",
        "unknown": "Écartés parce qu'un champ filtré est inconnu (à vérifier à la main)\u00a0:",
        "renews": "Mis à part parce qu'ils se renouvellent tacitement faute de congé (vérifier si un congé a été donné)\u00a0:",
        "contradiction": "Écartés parce que les métadonnées et le texte divergent (à vérifier à la main)\u00a0:",
        "not_contract": "Écartés parce que le document n'est pas un contrat\u00a0:",
    },
}
_READ = {
    "en": {"end_date": "end date", "signature_date": "signature date", "before": "on or before", "after": "on or after",
           "contract_types": "type", "governing_law": "governing law", "not_in": "not", "entity_ids": "party", "is": ":", "or": "or", "nor": "nor"},
    "fr": {"end_date": "date de fin", "signature_date": "date de signature", "before": "au plus tard le", "after": "à partir du",
           "contract_types": "type", "governing_law": "droit applicable", "not_in": "autre que", "entity_ids": "partie", "is": " :", "or": "ou", "nor": "et"},
}


def names_of(room: DataRoom, contract_ids: list[str]) -> dict[str, str]:
    """``{contract id: its title and file name}`` for these contracts of ``room`` (the id when unknown)."""
    return {cid: contract_label(room.by_id[cid].title, room.by_id[cid].file) if cid in room.by_id else cid for cid in contract_ids}


def indefinite(reason: str) -> bool:
    """Whether a reason for leaving a contract out is an indefinite term alone (decided, not unknown)."""
    return reason_is_only(reason, INDEFINITE_TERM)


def renews(reason: str) -> bool:
    """Whether a reason for leaving a contract out is its renewal alone: its end is known, whether notice was given is not."""
    return reason_is_only(reason, RENEWS)


def left_out(result: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """The contracts ``search_data_room``'s ``result`` leaves out, by kind (moved, indefinite, unknown,
    contradiction): (contract id, reason) pairs."""
    reasons = result.get("unknown_reasons") or {}
    kinds: dict[str, list[tuple[str, str]]] = {"moved": [], "indefinite": [], "renews": [], "unknown": [], "contradiction": [], "not_contract": []}
    for cid, why in (result.get("excluded_by_amendment") or {}).items():
        kinds["moved"].append((cid, why))
    for cid in result.get("excluded_unknown") or []:
        why = reasons.get(cid, "")
        kind = "indefinite" if indefinite(why) else "not_contract" if why.startswith(NOT_A_CONTRACT) else "renews" if renews(why) else "unknown"
        kinds[kind].append((cid, why))
    for cid, why in (result.get("contradictions") or {}).items():
        kinds["contradiction"].append((cid, why))
    return kinds


def left_out_ids(result: dict[str, Any]) -> list[str]:
    """Every contract ``search_data_room``'s ``result`` leaves out, whatever the reason (:func:`left_out`)."""
    return [cid for pairs in left_out(result).values() for cid, _why in pairs]


def left_out_lines(
    result: dict[str, Any], names: dict[str, str], language: str = "en", *, mentioned: str = "", headings: dict[str, str] | None = None,
) -> list[str]:
    """The sentences that say which contracts ``result`` leaves out and why, each named by ``names``;
    those ``mentioned`` already names (by id or by name) are not repeated; ``headings`` replace a kind's heading."""
    words = {**LIST_WORDS.get(language, LIST_WORDS["en"]), **(headings or {})}
    lines = []
    for kind, pairs in left_out(result).items():
        pairs = [(cid, why) for cid, why in pairs if not _mentions(mentioned, cid, names.get(cid, cid))]
        if not pairs:
            continue
        if kind == "not_contract":  # what it is instead: "(an internal memo)"
            pairs = [(cid, why.removeprefix(NOT_A_CONTRACT).strip(" ()")) for cid, why in pairs]
        shown = [names.get(cid, cid) + _why_shown(kind, why, words, language) for cid, why in pairs]
        lines.append(f"{words[kind]} " + "; ".join(shown) + ".")
    return lines


def _why_shown(kind: str, why: str, words: dict[str, str], language: str) -> str:
    """What a left-out contract's line says after its name: its reason, but for an indefinite term (its heading says it), which says
    only whether it is in perpetuity."""
    if kind != "indefinite":
        return f" ({reason_in(why, language)})" if why else ""
    return f" ({words['perpetual']})" if why.startswith(f"{INDEFINITE_TERM}, {IN_PERPETUITY}") else ""


# The data room's reasons in French: their fixed wordings (the details an extractor adds stay as read).
_FIELDS_FR = {"end date": "date de fin", "signature date": "date de signature", "governing law": "droit applicable", "parties": "parties",
              "contract type": "type de contrat"}
_FIELD = "end date|signature date|governing law|contract type"
_MASCULINE = {"governing law", "contract type"}
_REASONS_FR: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"^end date (\S+) → (\S+)", r"date de fin \1 → \2"),
        (r"^renews or continues automatically after (\S+) unless notice is given", r"se renouvelle ou se prolonge tacitement après le \1 faute de congé ou de dénonciation"),
        (r": it may end then or run on$", " : il peut prendre fin à cette date ou se poursuivre"),
        (r": it ended then if notice was given, else its current term ends (\S+)$",
         r" : il a pris fin à cette date si un congé a été donné, sinon sa période en cours s'achève le \1"),
        (r"^end date (\S+) uncertain: ", r"date de fin \1 incertaine : "),
        (r"\bamendment (« .+? »(?: \([^()]+\))?) gives the end date (\S+), in words not read as a new term",
         r"l'avenant \1 donne la date de fin \2, en des termes qui ne se lisent pas comme une nouvelle durée"),
        (r"\bamendment (« .+? »(?: \([^()]+\))?) changes the term \((« .+? »)\) in words from which no new end date was read",
         r"l'avenant \1 modifie la durée (\2) en des termes dont aucune nouvelle date de fin n'a été lue"),
        (r"\(amendment «", "(avenant «"),
        (r", moved by an amendment", ", déplacée par un avenant"),
        (rf"^no ({_FIELD}) in metadata or text",
         lambda m: f"{'aucun' if m[1] in _MASCULINE else 'aucune'} {_FIELDS_FR[m[1]]} dans les métadonnées ni dans le texte"),
        (r"^no parties in metadata or text", "aucune partie dans les métadonnées ni dans le texte"),
        # what a document that is no contract is (greffier.dataroom.extract.document_kind)
        (r"^not a contract \((.+)\)$", r"pas un contrat (\1)"),
        (r"\ban internal memo\b", "une note interne"), (r"\bminutes of a meeting\b", "un procès-verbal de réunion"), (r"\ba report\b", "un rapport"),
        (r"\ba document that says it is no contract\b", "un document qui se dit sans valeur contractuelle"),
        (r"^no party could be read in the metadata or the text", "aucune partie n'a pu être lue dans les métadonnées ni dans le texte"),
        # a party filter: why a contract not read with the party asked may still be one of its
        (r"^its opening names (.+), which was not read as one of its parties$", r"son en-tête nomme \1, qui n'a pas été lu comme l'une de ses parties"),
        (r"^its signature blocks name (.+), which was not read as one of its parties$",
         r"ses blocs de signature nomment \1, qui n'a pas été lu comme l'une de ses parties"),
        (r"^its signature blocks name (.+), which the opening does not list as a party$",
         r"ses blocs de signature nomment \1, que son en-tête ne cite pas comme partie"),
        (r"^its party (.+) may be (.+): one name holds the other$", r"sa partie \1 peut être \2 : l'un des noms contient l'autre"),
        (r"^its party (.+) may be (.+): the same name spelt another way$", r"sa partie \1 peut être \2 : le même nom écrit autrement"),
        (r"^an amendment attached to no contract: its new term cannot be applied", "avenant rattaché à aucun contrat : sa nouvelle durée ne peut s'appliquer"),
        (r"\(not attached\)", "(non rattaché)"),
        (r"\bamendment «", "avenant «"),
        (r"no contract with the same parties", "aucun contrat avec les mêmes parties"),
        (r": not attached\b", " : non rattaché"),
        (rf"^({_FIELD}|parties) could not be read with confidence", lambda m: f"{_FIELDS_FR[m[1]]} : lecture incertaine"),
        # a term read but not dated (greffier.dataroom.extract.term's notes: "term of soixante (60) mois (« Article 3 ») runs from …")
        (r"(^|: )term of (.+?) \((« .+? »|[^()]+)\) ", lambda m: f"{' : ' if m[1] else ''}durée de {m[2]} ({m[3]}) "),
        (r"\bruns from « (.+?) », which no date of the contract gives", r"court à compter de « \1 », qu'aucune date du contrat ne donne"),
        (r"\bruns from an event the contract does not date, in a sentence that bounds it the other way: no end",
         "court à compter d'un événement que le contrat ne date pas, dans une phrase qui la borne dans l'autre sens : pas de fin"),
        (r"\bruns from an event the contract does not date", "court à compter d'un événement que le contrat ne date pas"),
        (r"\bruns from the (.+?), an event the contract expects on (\S+) but does not date",
         r"court à compter de l'événement « \1 », que le contrat attend le \2 sans le dater"),
        (r"\bruns from the (.+?), which the contract does not date, and no signature date was read",
         r"court à compter de « \1 », que le contrat ne date pas, et aucune date de signature n'a été lue"),
        (r"\bruns from the (.+?), an event the contract does not date", r"court à compter de l'événement « \1 », que le contrat ne date pas"),
        (r"\bruns from the (.+?), the date of signature, which the contract does not write",
         r"court à compter de « \1 », la date de signature, que le contrat n'écrit pas"),
        (r"\bruns from the (.+?), which the contract does not date", r"court à compter de « \1 », que le contrat ne date pas"),
        (r"\bbut no start is written and the contract's date was not read", "mais aucun point de départ n'est écrit et la date du contrat n'a pas été lue"),
        (r"\bbut no start date found", "mais aucun point de départ n'a été trouvé"),
        # a date of signature read on a cover page (greffier.dataroom.extract.dates)
        (r"\ba date written on the cover page$", "une date écrite sur la page de garde"),
        (r"^nothing says it is the date of signature", "rien ne dit que c'est la date de signature"),
        # an end read as a bound (greffier.dataroom.extract.term's doubts)
        (r"the term ends on this date at the latest: an earlier event the text names may end it first",
         "le terme est atteint à cette date au plus tard : un événement antérieur que le texte nomme peut y mettre fin plus tôt"),
        (r"the term ends on this date at the earliest: a later event the text names may end it after",
         "le terme est atteint à cette date au plus tôt : un événement ultérieur que le texte nomme peut y mettre fin plus tard"),
        (
            rf"^({_FIELD}): metadata (.+?), text says (.+?) — the filter gives a different answer for each",
            lambda m: f"{_FIELDS_FR[m[1]]} : métadonnées {m[2]}, le texte dit {m[3]} — le filtre donne une réponse différente pour chacune",
        ),
    )
)


def reason_in(reason: str, language: str) -> str:
    """A data-room reason (English) in the answer's ``language``: its fixed wordings in French, each of
    the reasons it joins with « ; » on its own."""
    if language != "fr":
        return reason
    parts = []
    for part in reason.split("; "):
        for pattern, replacement in _REASONS_FR:
            part = pattern.sub(replacement, part)
        parts.append(_dates_in(part, language))
    return " ; ".join(parts)


_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_QUOTED = re.compile(r"(«[^»]*»)")


def _dates_in(text: str, language: str) -> str:
    """``text`` with its ISO dates written as a reader of ``language`` writes them (:func:`date_in`);
    what it quotes between « » (an amendment's title) is left as written."""
    return "".join(part if part.startswith("«") else _ISO_DATE.sub(lambda m: date_in(m[0], language), part) for part in _QUOTED.split(text))


def _mentions(text: str, cid: str, name: str) -> bool:
    return bool(text) and (re.search(rf"\b{re.escape(cid)}\b", text) is not None or name in text)


def describe_read(filters: dict[str, Any], party_names: list[str], language: str) -> str:
    """What the question was read as, in words: « date de fin au plus tard le 31/12/2026 », « droit applicable :
    droit suisse » (a field and the value asked are told apart by a colon, a value set apart by « autre que »)."""
    words = _READ.get(language, _READ["en"])
    parts = []
    for field_name in ("end_date", "signature_date"):
        for bound, value in (filters.get(field_name) or {}).items():
            parts.append(f"{words[field_name]} {words[bound]} {date_in(value, language)}")
    if filters.get("contract_types"):
        parts.append(f"{words['contract_types']}{words['is']} {', '.join(type_in(t, language) for t in filters['contract_types'])}")
    if filters.get("excluded_contract_types"):
        parts.append(f"{words['contract_types']} {words['not_in']} {', '.join(type_in(t, language) for t in filters['excluded_contract_types'])}")
    for bound, laws in (filters.get("governing_law") or {}).items():
        link = f" {words['not_in']} " if bound == "not_in" else f"{words['is']} "
        # one of the laws (« droit suisse ou droit belge »), or none of them (« autre que droit suisse et droit belge »,
        # "neither Swiss law nor Belgian law")
        named = [law_in(law, language) for law in laws]
        if len(named) > 1:
            if bound == "not_in" and language != "fr":
                link = " neither "
            last = words["nor" if bound == "not_in" else "or"]
            named = [", ".join(named[:-1]) + f" {last} " + named[-1]]
        parts.append(f"{words['governing_law']}{link}{named[0]}")
    parts += [f"{words['entity_ids']}{words['is']} {name}" for name in party_names]
    return "; ".join(parts)


def list_answer(result: dict[str, Any], names: dict[str, str], read: str, language: str, today: date | None = None, *, in_force: bool = False) -> str:
    """The answer to a list question: every contract of ``result`` (its end or signature date and law; a copy or a translation of
    another counted once, an end before ``today`` said to be past), then those left out and why."""
    today = today or date.today()
    words = LIST_WORDS.get(language, LIST_WORDS["en"])
    rows = result.get("results") or []
    # a document that is no contract (a memo, minutes) is said apart as what it is, even where no filter left it out
    apart = {row["contract_id"]: f"{NOT_A_CONTRACT} ({row['not_contract']})" for row in rows if row.get("not_contract")}
    if apart:
        names = {**{row["contract_id"]: contract_label(row.get("title"), row.get("filename")) for row in rows if row["contract_id"] in apart}, **names}
        rows = [row for row in rows if row["contract_id"] not in apart]
        result = {**result, "excluded_unknown": [*(result.get("excluded_unknown") or []), *apart],
                  "unknown_reasons": {**(result.get("unknown_reasons") or {}), **apart}}
    amendments = sum(1 for row in rows if row.get("is_amendment"))
    # a copy or a translation of a listed contract is the same act: counted once (the app walk of round 31 read 8 acts as 10)
    listed = {row["contract_id"] for row in rows}
    # … and an amendment that is no row of the list is named under its contract's (walkthrough 23: "List all the contracts" never
    # mentioned the two amendments)
    under = {row["contract_id"]: [a for a in row.get("amended_by") or [] if a not in listed] for row in rows}
    copies = sum(1 for row in rows if not row.get("is_amendment") and row.get("copy_of") in listed)
    if read:
        lines = [wording_count(words, len(rows) - amendments - copies, read, amendments, language)]
    else:  # no filter: the room's contracts
        count = len(rows) - amendments - copies
        lines = [words["every_none" if not count else "every_one" if count == 1 else "every"].format(count=count)]
        if total := amendments + sum(len(ids) for ids in under.values()):  # the room's amendments, listed under their contracts' rows, counted apart
            lines[0] = lines[0].rstrip(":\u00a0") + words["and_amendments"].format(n=total) + ("\u00a0:" if language == "fr" else ":")
    if copies:
        colon = "\u00a0:" if lines[0].endswith("\u00a0:") else ":" if lines[0].endswith(":") else ""
        lines[0] = lines[0].removesuffix(colon) + words["copies"][copies > 1].format(n=copies) + colon
    for row in rows:
        current = row.get("current_end")
        # a contract renewed since its end date: the term running today first (walkthrough 21 read a live contract as ended)
        renewed = bool(current and row.get("end_date") and current > row["end_date"])
        facts = [(f"{words['ends']} {date_in(current, language)} ({words['renewed'].format(date=date_in(row['end_date'], language))})" if renewed
                  else f"{words['ends']} {date_in(row['end_date'], language)}") if row.get("end_date") else None,
                 f"{words['signed']} {date_in(row['signature_date'], language)}" if row.get("signature_date") else None,
                 law_in(row.get("governing_law") or "", language)]  # a label that says itself what it is (« droit suisse », "Swiss law")
        if (current or row.get("end_date") or "9999") < today.isoformat() and row.get("renewal") != "automatic":
            facts.insert(1, words["ended"])  # (one that renews by itself ended only if notice was given: its reason says so)
        if in_force and (row.get("start_date") or "") > today.isoformat():
            # signed, its term to come: it ends after today and is not in force today (the app walk of round 32 listed it « en cours »)
            facts.insert(0, words["not_started"].format(date=date_in(row["start_date"], language)))
        name = names.get(row["contract_id"]) or contract_label(row.get("title"), row.get("filename"))
        if copy_of := row.get("copy_of"):  # said to be a copy: the reader does not count one contract twice (walkthrough 17)
            translated = any(w.startswith("possible translation of") for w in row.get("warnings") or [])
            other = names.get(copy_of) or next((contract_label(r.get("title"), r.get("filename")) for r in rows if r["contract_id"] == copy_of), copy_of)
            facts.append(words["translation" if translated else "copy"].format(name=other))
        lines.append(f"- {name} — " + ", ".join(f for f in facts if f))
        lines += [f"  - {words['amended_by']} {names.get(amendment) or amendment}" for amendment in under.get(row["contract_id"], [])]
    # the contracts in force asked for: one of indefinite term is one of them, not left out (the review of the round)
    left = left_out_lines(result, names, language, headings={"indefinite": words["indefinite_in_force"]} if in_force else None)
    return "\n".join(lines + ([""] + left if left else []))


def wording_count(words: dict[str, str], count: int, read: str, amendments: int = 0, language: str = "en") -> str:
    """The list's first line: the contracts that match, and apart the amendments (an amendment is not a contract)."""
    if amendments:
        things, plural = counted(language, count, amendments)
        return words["found_amendments"].format(things=things, verb=words["match"][plural], read=read)
    key = "none" if not count else "found_one" if count == 1 else "found"
    return words[key].format(count=count, read=read)
