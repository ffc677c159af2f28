"""What a passage says, read the same way by the relevance check and the extractive answer: its own
heading, its prose (without its title, heading lines and page furniture), and the parties passage of a
contract's opening (« ENTRE : … ET : … », "BETWEEN … AND …"), which names the parties without the word.
"""

from __future__ import annotations

import re

from haystack import Document

from greffier.text import fold, fold_label, paragraphs, split_sentences, without_page_furniture

# A question that asks who the parties are (« Qui sont les parties au contrat de crédit ? », "Who are the
# parties to the lease?"): answered by the contract's whole parties passage, every side of it.
_PARTIES_ASKED = re.compile(
    r"\b(?:(?:qui|quelles) sont les (?:parties|cocontractants|signataires)|quelles (?:sont les )?parties|entre qui"
    r"|who are the (?:parties|signatories)|which (?:are the )?parties|between whom|who (?:is|are) (?:a )?part(?:y|ies)"
    r"|(?:name|identify|list|nommez|citez|identifiez) (?:the |les )?(?:parties|signatories|signataires))\b"
)
# The parties passage opens on « ENTRE : », « ENTRE LES SOUSSIGNÉS : », "BETWEEN:", "by and between"; one
# party's description runs into the next one's through « ET : », "AND:", "; and", a comma; a party
# « en présence de » whom the contract is signed, or a numbered one, belongs to it too.
# (or after a longer title, when the sentence says the contract is made « entre »: "… to the BIN Sponsorship and Programme Agreement dated
# 20 February 2023 (Reference HMB/PAY/2023/014) THIS FIRST AMENDMENT AGREEMENT … is made on 15 September 2026 BETWEEN:" — walkthrough 29)
_PARTIES_OPEN = re.compile(
    r"^(?:[^.:;]{0,160}?\s|[^.:;]{0,400}?\b(?:made|entered into|concluded|conclue?s?|pass[ée]e?s?)\b[^.:;]{0,80}?\s)?(?:entre|between)\b"
)
_PARTY_JOINED = re.compile(r"(?:\b(?:et|and)\s*:?|[,;:])\s*$")
_PARTY_NEXT = re.compile(r"^(?:et\b|and\b|en presence d|in the presence of|\(\d+\)|\d+[.)]\s)")
_OPENING_WORD = re.compile(r"\b(?:entre|between)\b", re.IGNORECASE)
# A heading that is the parties' opening itself (« ENTRE LES SOUSSIGNÉS : », "BETWEEN:"), not one that names them in passing
# (« RÉPARTITION DES RESPONSABILITÉS ENTRE LES PARTIES : »)
_PARTIES_HEADING = re.compile(r"^\W*(?:entre|between)(?:\s+les\s+soussigne\w*)?\W*$")
# One sentence that names both sides: "… is made by and between HALDEN SPICES LIMITED, … (the "Supplier"), and ORVELLE FOODS
# INC., …", « … conclu entre la société X, … et la société Y, … » — the sentence makes the contract (made, entered into,
# « conclu », « passé ») between them, and the second side is named (a capital) after the "and"; not "any dispute between
# the Supplier, and the Buyer", « une contradiction entre le contrat, et l'Annexe 1 ».
_BOTH_SIDES_INSIDE = re.compile(
    r"(?i:\bby and between|\b(?:made|entered into|concluded|executed|signed)\b[^.;]{0,80}?\bbetween|\b(?:conclue?s?|pass[ée]e?s?|sign[ée]e?s?|[ée]tablie?s?)\b[^.;]{0,80}?\bentre)\b"
    r".+?[,)]\s*(?:and|et)\s+(?:\(\d+\)\s*)?(?:(?:the|la|le|les|l')\s*)?(?:soci[ée]t[ée]\s+)?[A-ZÀ-Ý]"
)
_PARTIES_JOIN_INSIDE = re.compile(r"\b(?:et|and)\s*:|;\s*and\b")
MAX_PARTY_SENTENCES = 8

# A question that asks who signed a contract (« Qui a signé le contrat … pour le compte du master franchisé ? », "Who signed the
# lease for the tenant?"): answered by its signature block — the place and date of signing, then each side's signatory — which
# the last article's passage holds without the words a search looks for (walkthrough 20: fees and a jurisdiction clause quoted).
_SIGNERS_ASKED = re.compile(
    r"\b(?:qui (?:l'|les )?(?:a|ont|avait|avaient) signe|signee?s? par qui|par qui\b.{0,80}\bsigne|qui (?:a|ont) appose"
    r"|who (?:has |have |had )?signed(?! (?:off|up)\b)|who (?:has |have |had )?executed (?:this|the|that|its) (?:[\w-]+ )?(?:agreement|contract|lease|deed|amendment"
    r"|licen[cs]e|instrument|document|letter)|signed by whom|by whom\b.{0,80}\b(?:signed|executed)|who (?:is|was) the signatory)\b"
)
# The block opens on the testimonium or the place and date of signing (« Fait à Lyon, le … », "Signed in Brussels on …", "IN
# WITNESS WHEREOF …", "For and on behalf of …", « Pour la société … »)
_SIGNATURE_OPEN = re.compile(
    # ("Done in Rotterdam on 20 June 2023, in two originals", "Issued at Hamburg on …": walkthrough 30)
    r"^\W*(?:in witness whereof|signed (?:in|at|on|by|for|as)\b|executed (?:in|at|on|as)\b|(?:done|issued|made) (?:in|at) [\w' -]{2,40}?,? (?:on|this)\b|fait (?:a|en|et signe)\b|signe (?:a|le|en|electroniquement)\b"
    r"|for and on behalf of|pour (?:la societe|le compte)\b|signatures?\s*:)"
)
MAX_SIGNATURE_SENTENCES = 8
_ROLE_NOT_NAME = r"(?!(?:Le|La|Les|Représentant|Representative|Authori[sz]ed|Duly|Signatory|Officer|Director|Directeur|Président|Gérant)\b)"
_NAMED_SIGNER = re.compile(
    rf"\b(?:M\.|Mme|Mlle|Me|Mr\.?|Mrs\.?|Ms\.?|Monsieur|Madame)\s+{_ROLE_NOT_NAME}[A-ZÀ-Þ][\w'’-]+"
    rf"|\b(?:By|Name|Nom)\s*:\s*{_ROLE_NOT_NAME}[A-ZÀ-Þ][\w'’-]+\s+{_ROLE_NOT_NAME}[A-ZÀ-Þ]"
)
_PLACEHOLDER = re.compile(r"\[\s*[●•.…_ ]*\s*\]|\[(?:date|lieu|place|name|nom)\]", re.IGNORECASE)
_BLANK_BLOCK = re.compile(r"\[\s*[●•.…_ ]*\s*\]|_{3,}|\.{4,}|\[(?:date|lieu|place|name|nom)\]", re.IGNORECASE)


def signers_asked(question: str) -> bool:
    """Whether ``question`` asks who signed a contract (not who its parties are: :func:`parties_asked`)."""
    return bool(_SIGNERS_ASKED.search(fold(question).replace("’", "'"))) and not parties_asked(question)


def signature_block(documents: list[Document], contract: str | None = None) -> list[tuple[int, int, str]]:
    """The signature block of the last of ``documents`` (of ``contract``, when given) that holds one, as (passage number,
    position, sentence) for each of its sentences, from its opening (:data:`_SIGNATURE_OPEN`) to the passage's end, verbatim.
    Empty when none holds one."""
    for n in range(len(documents), 0, -1):
        doc = documents[n - 1]
        if contract is not None and doc.meta.get("doc_id") != contract:
            continue
        sentences = split_sentences(prose(doc))
        start = next((i for i, sentence in enumerate(sentences) if _SIGNATURE_OPEN.match(fold(sentence))), None)
        block = sentences[start : start + MAX_SIGNATURE_SENTENCES] if start is not None else []
        # an annex's template (« Fait à [●] »), unless only its date is left blank and people are named under it (« Fait à Annecy,
        # le ______ … Mme Hélène Castagnet, Présidente »: signed — the app walk of round 31); a placeholder in brackets, or a role
        # for a name ("By: Authorised Signatory", « M. Le Représentant légal »), is a template still (the review of the round)
        opening = " ".join(block[:2])
        if start is not None and (not _BLANK_BLOCK.search(opening) or (not _PLACEHOLDER.search(opening) and _NAMED_SIGNER.search(" ".join(block)))):
            return [(n, i, sentences[i]) for i in range(start, min(len(sentences), start + MAX_SIGNATURE_SENTENCES))]
    return []


def parties_asked(question: str) -> bool:
    """Whether ``question`` asks who the parties to a contract are."""
    return bool(_PARTIES_ASKED.search(fold(question).replace("’", "'")))


def parties_passage(documents: list[Document], contract: str | None = None) -> list[tuple[int, int, str]]:
    """The whole parties passage of the first of ``documents`` (of ``contract``, when given) that holds
    one, as (passage number, position, sentence) for each of its sentences: from « ENTRE : » / "BETWEEN"
    to the end of the last party's description, both sides, verbatim. Empty when none holds one."""
    for n, doc in enumerate(documents, 1):
        if contract is not None and doc.meta.get("doc_id") != contract:
            continue
        sentences = split_sentences(prose(doc))
        heading = own_heading(doc)
        # « ENTRE : » read as the passage's heading (prose() leaves it out): the passage opens on the parties
        opened_by_heading = bool(sentences) and bool(_PARTIES_OPEN.search(fold(heading))) and bool(_PARTY_JOINED.search(fold(heading)))
        for i, sentence in enumerate(sentences):
            if not (_PARTIES_OPEN.search(fold(sentence)) or (i == 0 and opened_by_heading)):
                continue
            end = i
            while end + 1 < len(sentences) and end - i + 1 < MAX_PARTY_SENTENCES and (
                _PARTY_JOINED.search(fold(sentences[end])) or _PARTY_NEXT.match(fold(sentences[end + 1]))
            ):
                end += 1
            opened_by_parties_heading = i == 0 and opened_by_heading and bool(_PARTIES_HEADING.match(fold(heading)))
            if end > i or opened_by_parties_heading or _PARTIES_JOIN_INSIDE.search(fold(sentence)) or _BOTH_SIDES_INSIDE.search(sentence):
                block = [(n, position, sentences[position]) for position in range(i, end + 1)]
                if (at := _OPENING_WORD.search(sentence)) and at.start() and not _in_lower_case(sentence[: at.start()]):
                    block[0] = (n, i, sentence[at.start() :])  # the end of a title in capitals (« … DU 22 FÉVRIER 2021 ») is not the parties' passage
                if i == 0 and opened_by_heading and not _PARTIES_OPEN.search(fold(sentence)):
                    opening = heading[_OPENING_WORD.search(heading).start():]  # « ENTRE : », without a title before it
                    block[0] = (n, i, f"{opening} {sentence}")
                return block
    return []


def _in_lower_case(text: str) -> bool:
    """Whether ``text`` holds two lower-case letters in a row: prose, not a title in capitals (« LYON 2e »)."""
    return any(a.islower() and b.islower() for a, b in zip(text, text[1:]))


# What a document says it is, in its title or file name (« traduction_licence_… », "AMENDMENT NO. 1", « avenant_1_… »): not a word
# boundary, which an underscore of a file name is not
_TRANSLATION = re.compile(r"(?<![a-z])(?:translation|translated|traduction)(?![a-z])")  # not "courtesy" alone: a "Courtesy Vehicle Agreement"
_AMENDMENT = re.compile(r"(?<![a-z])(?:avenant|amendment|addendum|amending)(?![a-z])")


def _named(doc: Document) -> str:
    return fold(f"{doc.meta.get('title') or ''} {doc.meta.get('file') or ''}")


def is_translation(doc: Document) -> bool:
    """Whether the passage's document says it is a translation in its title or file name
    ("… — COURTESY TRANSLATION", « traduction_licence_… »): not the text the parties signed."""
    return bool(_TRANSLATION.search(_named(doc)))


def copies_among(passages: dict[str, list[Document]]) -> set[str]:
    """The contracts of ``passages`` (a contract -> its passages) that their record calls a copy of another one among them
    (``copy_of``: same parties, type and signature date) and whose passages are word for word that one's: the same act filed twice,
    one contract to the reader. Two contracts of a network writing the same clause are two (the review of round 34)."""
    def said(docs: list[Document]) -> set[str]:  # (dashes made one: a signed PDF of a Word file writes - for –, walkthrough 30)
        return {fold_label(doc.content or "") for doc in docs}

    copies = set()
    for cid, docs in passages.items():
        original = next((doc.meta.get("copy_of") for doc in docs if doc.meta.get("copy_of")), None)
        if original != cid and original in passages and said(docs) <= said(passages[original]):
            copies.add(cid)
    return copies


def is_translation_or_amendment(doc: Document) -> bool:
    """Whether the passage's document says it is a translation or an amendment (« avenant_1_préachat… », "Amendment No. 1"): no
    other contract than the one it translates or amends."""
    named = _named(doc)
    return bool(_TRANSLATION.search(named) or _AMENDMENT.search(named))


def own_heading(doc: Document) -> str:
    """The passage's own heading: the last part of its section path (« Titre II > ARTICLE 3 — DURÉE »)."""
    return (doc.meta.get("section") or "").split(" > ")[-1].strip()


def prose(doc: Document) -> str:
    """The passage without its title and heading lines nor its page furniture (« Page 2 / 3 », a
    running header), with PDF line breaks joined back into sentences."""
    text = without_page_furniture(doc.content or "")
    title = (doc.meta.get("title") or "").strip()
    raw = text.split("\n", 1)
    # (a first line that runs into the next one — a comma at its end, the next in lower case — is a sentence, not a title)
    if title and len(raw) == 2 and fold_label(raw[0]) == fold_label(title) and not raw[0].rstrip().endswith((",", ";")) and not raw[1][:1].islower():
        text = raw[1]  # the title on a line of its own, before the wrapped lines are joined: « Contrat de … » is no sentence's start
    lines = paragraphs(text)
    if title:  # the document's title, on one line or wrapped over a few: a label, not a sentence to quote
        wrapped = next((k for k in range(1, min(3, len(lines)) + 1) if fold_label(" ".join(lines[:k])) == fold_label(title)), 0)
        lines = lines[wrapped:]
    section = own_heading(doc)
    if lines and section and fold(lines[0]) == fold(section):
        lines = lines[1:]
    elif lines and section:
        lines[0] = without_run_in_heading(lines[0], section)
    return "\n".join(lines)


def without_run_in_heading(line: str, heading: str) -> str:
    """``line`` without ``heading`` when the heading runs into it ("6.   Division of Income and Losses. All
    income…", « Article 4 – Durée : Le contrat… »): the heading is a label, not a sentence to quote."""
    words = heading.split()
    if not words:
        return line
    match = re.match(r"\s*" + r"\s+".join(map(re.escape, words)) + r"\s*[.:]\s+(?=\S)", line, re.IGNORECASE)
    return line[match.end():] if match else line
