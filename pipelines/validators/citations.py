"""CitationValidator: the last component of the answer pipeline.

Whatever the answerer wrote, only the numbers of passages it was given survive
(:func:`greffier.text.citations.validate_citations`), renumbered 1..n in the order the answer first
cites them (the reader sees [1] [2] [3], never [1] [2] [4]; the passages not cited come after); sentences holding a number, a date or a name
that none of their cited passages contains are reported (``unsupported``); an answer that says the
documents do not say (in French or English), and cites nothing, is an abstention.

The answer's own framing is not checked: the line that says the question fits several contracts, and
the title and file name that label each contract's quote (« - BAIL COMMERCIAL (Bail_Lyon.docx) : … »):
their numbers and names are Greffier's words about the sources, not facts drawn from them.
"""

from __future__ import annotations

import re
from typing import Any

from haystack import Document, component
from haystack.dataclasses import ChatMessage

from greffier.text.citations import renumber_citations, unsupported_sentences, validate_citations
from greffier.text.replies import SEVERAL_CONTRACTS, SEVERAL_DOCUMENTS, contract_label, contract_line_quote, says_abstention


def citation(n: int, doc: Document) -> dict[str, Any]:
    """Where passage ``n`` comes from: chunk id, file, page(s) and section."""
    meta = doc.meta
    return {"n": n, "chunk_id": doc.id, "file": meta.get("file"), "page": meta.get("page"), "page_end": meta.get("page_end"), "section": meta.get("section")}


_SEVERAL = re.compile("|".join(
    [re.escape(t).replace(re.escape("{count}"), r"\d+") for t in SEVERAL_CONTRACTS.values()]
    + [re.escape(t).replace(re.escape("{things}"), r"\d+ \w+(?: (?:and|et) \d+ \w+)?") for t in SEVERAL_DOCUMENTS.values()]
))


def without_framing(answer: str, documents: list[Document]) -> str:
    """``answer`` without Greffier's own framing (see the module docstring): the line that introduces one
    answer per contract, and the label (title and file name) of each contract's line, read with the
    answerer's own line format (:func:`greffier.text.replies.contract_line`)."""
    labels = list({contract_label(doc.meta.get("title"), doc.meta.get("file")) for doc in documents})
    kept = []
    for line in answer.splitlines():
        if _SEVERAL.fullmatch(line.strip()):
            continue
        quote = contract_line_quote(line, labels)
        kept.append(line if quote is None else quote)
    return "\n".join(kept)


@component
class CitationValidator:
    """Checks an answer against the passages it was given (see the module docstring).

    Inputs: ``replies`` (the answerer's), ``documents`` (the passages it was given, numbered from 1).
    Outputs: ``answer`` (invalid markers removed, the others renumbered), ``citations`` (the cited
    passages, numbered 1..n in order of first citation), ``removed`` (numbers, as the answerer wrote
    them, that pointed to no passage), ``unsupported``, ``abstained`` and ``passages`` (every given
    passage with its text, under its new number: the cited ones first).
    """

    @component.output_types(answer=str, citations=list[dict], removed=list[int], unsupported=list[str], abstained=bool, passages=list[dict])
    def run(self, replies: list[ChatMessage], documents: list[Document]) -> dict[str, Any]:
        text = (replies[0].text or "") if replies else ""
        numbered = {n: doc for n, doc in enumerate(documents, 1)}
        report = validate_citations(text, set(numbered))
        order = report.cited + [n for n in numbered if n not in report.cited]
        new_number = {given: n for n, given in enumerate(order, 1)}
        answer = renumber_citations(report.text, new_number)
        renumbered = {new_number[given]: numbered[given] for given in order}
        unsupported = unsupported_sentences(without_framing(answer, documents), {n: doc.content or "" for n, doc in renumbered.items()})
        abstained = (says_abstention(answer) and not report.cited) or not documents
        return {
            "answer": answer,
            "citations": [citation(new_number[given], numbered[given]) for given in report.cited],
            "removed": report.removed,
            "unsupported": unsupported,
            "abstained": abstained,
            "passages": [citation(n, doc) | {"text": doc.content or ""} for n, doc in renumbered.items()],
        }
