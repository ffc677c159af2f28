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

from greffier.dataroom.reasons import reason_in
from greffier.dataroom.records import IN_PERPETUITY, INDEFINITE_TERM, NOT_A_CONTRACT, RENEWS, reason_is_only
from greffier.dataroom.vocabulary import law_in, type_in
from greffier.text import fold
from greffier.text.replies import contract_label, counted, date_in
from store.records import DataRoom

# French headers end on a no-break space before the colon: a list line never starts with « : » when the screen wraps it
LIST_WORDS = {
    "en": {
        "found": "{count} contracts match ({read}):",
        "found_one": "1 contract matches ({read}):",
        "found_amendments": "{things} {verb} ({read}):", "match": ("matches", "match"),
        "none": "No contract matches ({read}).",
        "ends": "ends", "signed": "signed", "between": "between {names}", "and": "and", "others": "{n} others", "copy": "possible copy of {name}", "renewed": "renewed after {date} unless notice was given",
        "translation": "possible translation of {name}", "ended": "already ended", "not_started": "not in force yet: starts on {date}",
        "amended_by": "amended by", "perpetual": "in perpetuity", "copy_line": "possible copy: {name}", "translation_line": "possible translation: {name}",
        "with_copies": "with its possible copy {names}", "changes": "its articles: {articles}",
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
        "ends": "fin", "signed": "signé", "between": "entre {names}", "and": "et", "others": "{n} autres", "copy": "copie probable de {name}", "renewed": "reconduit après le {date} sauf congé",
        "translation": "traduction probable de {name}", "ended": "déjà échu", "not_started": "pas encore en vigueur\u00a0: prend effet le {date}",
        "amended_by": "modifié par", "perpetual": "à perpétuité", "copy_line": "copie probable\u00a0: {name}", "translation_line": "traduction probable\u00a0: {name}",
        "with_copies": "avec sa copie probable {names}", "changes": "ses articles\u00a0: {articles}",
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
    copy_of = result.get("copies") or {}
    lines = []
    for kind, pairs in left_out(result).items():
        pairs = [(cid, why) for cid, why in pairs if not _mentions(mentioned, cid, names.get(cid, cid))]
        if not pairs:
            continue
        if kind == "not_contract":  # what it is instead: "(an internal memo)"
            pairs = [(cid, why.removeprefix(NOT_A_CONTRACT).strip(" ()")) for cid, why in pairs]
        # a copy set apart for the same reason as its original is one act: named with it, not a line of its own (walkthrough 30: the
        # signed copy of the road-freight framework was listed twice among the contracts that renew by themselves)
        here = {cid for cid, _why in pairs}
        copies: dict[str, list[str]] = {}
        for cid, _why in pairs:
            if copy_of.get(cid) in here:
                copies.setdefault(copy_of[cid], []).append(names.get(cid, cid))
        pairs = [(cid, why) for cid, why in pairs if copy_of.get(cid) not in here]
        shown = [
            names.get(cid, cid) + (f" ({words['with_copies'].format(names=', '.join(copies[cid]))})" if cid in copies else "")
            + _why_shown(kind, why, words, language) for cid, why in pairs
        ]
        lines.append(f"{words[kind]} " + "; ".join(shown) + ".")
    return lines


def _why_shown(kind: str, why: str, words: dict[str, str], language: str) -> str:
    """What a left-out contract's line says after its name: its reason, but for an indefinite term (its heading says it), which says
    only whether it is in perpetuity."""
    if kind != "indefinite":
        return f" ({reason_in(why, language)})" if why else ""
    return f" ({words['perpetual']})" if why.startswith(f"{INDEFINITE_TERM}, {IN_PERPETUITY}") else ""


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


# A question that asks what amendments change (« Quels avenants … et que changent-ils ? », "what do they change?": the app walk of round 38
# was given their dates only)
_ASKS_CHANGES = re.compile(
    r"\b(?:que|qu'|ce qu'?)\s*(?:changent|change|modifient|modifie|prevoient)\b|\bwhat\b[^?]*\b(?:change|changes|changed|amend|amends|amended)\b"
    r"|\b(?:what|which) changes\b|\bleur(?:s)? (?:contenu|objet|modifications?)\b"
)
# An amendment's articles that change nothing: its parties, recitals, what it leaves unchanged, its law, when it takes effect
_NO_CHANGE = re.compile(
    r"\b(?:entre les soussign\w*|entre\s*:|between|parties|preambule|expose|recitals?|background|whereas|droit applicable|governing law|"
    r"loi applicable|juridiction|jurisdiction|stipulations? (?:inchangees|non modifiees)|autres stipulations|other terms|remain unchanged|"
    r"effet|entree en vigueur|effective|portee|definitions?|interpretation|signatures?|counterparts|exemplaires|election de domicile)\b"
)
MAX_ARTICLES = 4  # articles named per amendment


def asks_changes(question: str) -> bool:
    """Whether ``question`` asks what amendments change (:data:`_ASKS_CHANGES`)."""
    return bool(_ASKS_CHANGES.search(fold(question).replace("’", "'")))


def changing_articles(sections: list[str | None]) -> list[str]:
    """An amendment's article headings that say what it changes (« Article 1 — Prorogation du Contrat »), in order, each once: not its
    parties, recitals, law, effect or what it leaves unchanged (:data:`_NO_CHANGE`); a heading that is the amendment's title is none."""
    found: list[str] = []
    for section in sections:
        heading = " ".join((section or "").split(" > ")[-1].split())
        folded = fold(heading)
        if not heading or heading in found or _NO_CHANGE.search(folded) or re.match(r"^\W*(?:avenant|amendment|addendum)\b", folded):
            continue
        found.append(heading)
    return found[:MAX_ARTICLES]


def list_answer(
    result: dict[str, Any], names: dict[str, str], read: str, language: str, today: date | None = None, *, in_force: bool = False,
    changes: dict[str, list[str]] | None = None,
) -> str:
    """The answer to a list question: every contract of ``result`` (its end or signature date and law; a copy or a translation of
    another counted once, an end before ``today`` said to be past), then those left out and why; ``changes``: an amendment's articles
    that say what it changes (:func:`changing_articles`), said with it when the question asks."""
    changes = changes or {}
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
    # a copy or translation of a listed contract: a line under its original's, not one of its own (walkthrough 30)
    folded = {row["contract_id"]: row["copy_of"] for row in rows if row.get("copy_of") in listed and row["contract_id"] != row.get("copy_of")}
    for row in rows:
        if row["contract_id"] in folded:
            continue
        current = row.get("current_end")
        # a contract renewed since its end date: the term running today first (walkthrough 21 read a live contract as ended)
        renewed = bool(current and row.get("end_date") and current > row["end_date"])
        facts = [(f"{words['ends']} {date_in(current, language)} ({words['renewed'].format(date=date_in(row['end_date'], language))})" if renewed
                  else f"{words['ends']} {date_in(row['end_date'], language)}") if row.get("end_date") else None,
                 f"{words['signed']} {date_in(row['signature_date'], language)}" if row.get("signature_date") else None,
                 law_in(row.get("governing_law") or "", language),  # a label that says itself what it is (« droit suisse », "Swiss law")
                 _between(row, words)]  # who signed it: a list names the counterparty a lawyer looks for, not only a title (walkthrough 35)
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
        if articles := changes.get(row["contract_id"]):
            facts.append(words["changes"].format(articles=" ; ".join(articles)))
        said = ", ".join(f for f in facts if f)
        lines.append(f"- {name} — {said}" if said else f"- {name}")  # nothing known of it: no dash left hanging
        lines += [
            f"  - {words['amended_by']} {names.get(amendment) or amendment}"
            + (f" — {words['changes'].format(articles=' ; '.join(changes[amendment]))}" if changes.get(amendment) else "")
            for amendment in under.get(row["contract_id"], [])
        ]
        for copy in (r for r in rows if folded.get(r["contract_id"]) == row["contract_id"]):
            translated = any(w.startswith("possible translation of") for w in copy.get("warnings") or [])
            copy_name = names.get(copy["contract_id"]) or contract_label(copy.get("title"), copy.get("filename"))
            lines.append(f"  - {words['translation_line' if translated else 'copy_line'].format(name=copy_name)}")
    # the contracts in force asked for: one of indefinite term is one of them, not left out (the review of the round)
    left = left_out_lines(result, names, language, headings={"indefinite": words["indefinite_in_force"]} if in_force else None)
    return "\n".join(lines + ([""] + left if left else []))


MAX_LISTED_PARTIES = 3  # parties named on a list line; more are counted


def _between(row: dict[str, Any], words: dict[str, Any]) -> str | None:
    """« entre A et B », "between A and B": the parties a list line names (the first :data:`MAX_LISTED_PARTIES`, then how many more)."""
    seen: dict[str, str] = {}
    for party in row.get("parties") or []:
        if isinstance(party, dict) and (name := " ".join(str(party.get("name") or "").split())):
            seen.setdefault(str(party.get("entity_id") or "") or name.casefold(), name)  # one line per party, however its names are cased
    names = list(seen.values())
    if len(names) < 2:
        return None  # « entre ACME SAS » alone says nothing of whom with
    more = len(names) - MAX_LISTED_PARTIES
    shown = names if more <= 1 else [*names[:MAX_LISTED_PARTIES], words["others"].format(n=more)]
    joined = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} {words['and']} {shown[-1]}"
    return words["between"].format(names=joined)


_NONE_UNDER = {
    "en": "No contract of the data room is under {values}.", "fr": "Aucun contrat de la data room n'est soumis au {values}.",
}
_NONE_OF_KIND = {"en": "No contract of the data room is a {values}.", "fr": "Aucun contrat de la data room n'est un {values}."}


def values_matched_by_none(filters: dict[str, Any], results: list[dict[str, Any]], result: dict[str, Any], language: str) -> str:
    """The sentence that says which of several values asked no contract has, matched or left out (the app walk of round 38: "Swiss or
    Belgian law" listed the Swiss contract and said nothing of Belgian law): empty when each has one, or when one value was asked."""
    left = set(left_out_ids(result))
    lines = []
    for field_name, key, words, show in (("governing_law", "governing_law", _NONE_UNDER, law_in), ("contract_types", "contract_type", _NONE_OF_KIND, type_in)):
        asked = (filters.get(field_name) or {}).get("in") if field_name == "governing_law" else filters.get(field_name)
        if not asked or len(asked) < 2 or left:
            continue  # one value asked: the list says it; a contract left out may have it
        none = [value for value in asked if not any(row.get(key) == value for row in results)]
        if none:
            joined = (" ni au " if language == "fr" else " nor ").join(show(value, language) for value in none)
            lines.append(words.get(language, words["en"]).format(values=joined))
    return " ".join(lines)


def wording_count(words: dict[str, str], count: int, read: str, amendments: int = 0, language: str = "en") -> str:
    """The list's first line: the contracts that match, and apart the amendments (an amendment is not a contract)."""
    if amendments:
        things, plural = counted(language, count, amendments)
        return words["found_amendments"].format(things=things, verb=words["match"][plural], read=read)
    key = "none" if not count else "found_one" if count == 1 else "found"
    return words[key].format(count=count, read=read)
