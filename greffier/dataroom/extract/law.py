"""The law a contract is governed by (« soumis au droit français », "governed by the laws of…")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, Field

from greffier.dataroom.extract.text import ChunkInput, Finding, heading, ranked_sentences
from greffier.dataroom.normalize import fold, match_law


class LawFinding(BaseModel):
    law: Finding[str] | None = None
    evidence: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


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
    ranked = ranked_sentences(chunks, _LAW_HEADING)
    law_chunks = [c.id for c in chunks if _LAW_HEADING.search(fold(heading(c)))]
    for sentence in ranked:
        if (sentence.chunk_rank == 0 or _LAW_CUE.search(sentence.text)) and (label := match_law(sentence.text)):
            finding = Finding[str](value=label, chunk_id=sentence.chunk_id, raw=sentence.text, rule="governing law")
            evidence = list(dict.fromkeys([sentence.chunk_id, *law_chunks])) if sentence.chunk_id else law_chunks
            return LawFinding(law=finding, evidence=evidence)
    notes = [f"governing-law article {chunk_id} names no law" for chunk_id in law_chunks]
    return LawFinding(evidence=law_chunks, notes=notes)
