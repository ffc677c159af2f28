"""CitationValidator: the last component of the answer pipeline.

Whatever the answerer wrote, only the numbers of passages it was given survive
(:func:`greffier.text.citations.validate_citations`); sentences holding a number, a date or a name
that none of their cited passages contains are reported (``unsupported``); an answer that says the
documents do not say (in French or English), and cites nothing, is an abstention.
"""

from __future__ import annotations

from typing import Any

from haystack import Document, component
from haystack.dataclasses import ChatMessage

from greffier.text.citations import unsupported_sentences, validate_citations
from greffier.text.replies import says_abstention


def citation(n: int, doc: Document) -> dict[str, Any]:
    """Where passage ``n`` comes from: chunk id, file, page(s) and section."""
    meta = doc.meta
    return {"n": n, "chunk_id": doc.id, "file": meta.get("file"), "page": meta.get("page"), "page_end": meta.get("page_end"), "section": meta.get("section")}


@component
class CitationValidator:
    """Checks an answer against the passages it was given (see the module docstring).

    Inputs: ``replies`` (the answerer's), ``documents`` (the passages it was given, numbered from 1).
    Outputs: ``answer`` (invalid markers removed), ``citations`` (the cited passages, in order of first
    citation), ``removed`` (numbers that pointed to no passage), ``unsupported`` and ``abstained``.
    """

    @component.output_types(answer=str, citations=list[dict], removed=list[int], unsupported=list[str], abstained=bool, passages=list[dict])
    def run(self, replies: list[ChatMessage], documents: list[Document]) -> dict[str, Any]:
        text = (replies[0].text or "") if replies else ""
        numbered = {n: doc for n, doc in enumerate(documents, 1)}
        report = validate_citations(text, set(numbered))
        unsupported = unsupported_sentences(report.text, {n: doc.content or "" for n, doc in numbered.items()})
        abstained = (says_abstention(report.text) and not report.cited) or not documents
        return {
            "answer": report.text,
            "citations": [citation(n, numbered[n]) for n in report.cited],
            "removed": report.removed,
            "unsupported": unsupported,
            "abstained": abstained,
            "passages": [citation(n, doc) | {"text": doc.content or ""} for n, doc in numbered.items()],
        }
