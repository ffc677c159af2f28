"""``compare_contracts``: two contracts compared as aligned sections, then aligned sentences, whatever
their formats — so that a retyped Word copy of a PDF shows its real differences only.

1. **Sections** are the splitter's: consecutive chunks with the same section path make one section,
   its text read back from the document with the page furniture left out (page numbers, initials
   fields, running headers: :func:`greffier.text.page_furniture`). A PDF's wrapped lines and a
   DOCX's paragraphs give the same sentences because a section's lines are joined before they are
   cut into sentences (:func:`greffier.text.split_sentences`).
2. Sections of two versions of one text (a copy, a translation) are **aligned** by their article number (« ARTICLE 3 — DURÉE », "3. TERM", "Art. 3" all
   read 3; annexes, chapters and parts keep their kind) or, without one, by their heading folded
   (:func:`greffier.text.fold_label`), in document order; sections left over face nothing. Two different contracts (few
   sentences in common) are aligned by subject instead: the clause types their headings name, then their headings' words.
3. Inside two aligned sections, **sentences** are aligned in order on their typography-folded text
   (dashes, quotes, spaces — never letters, accents or digits: « MONTÉLIER » and « MONTELIER »
   differ); two sentences that face each other and share most of their words are one *changed*
   sentence, with its word-level changes; the others are only on one side.

Two documents in different languages (a courtesy translation) are aligned by section only; their
sentences are not compared.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from greffier.compliance.library import ClauseLibrary, load_library
from greffier.dataroom.records import ContractRecord
from greffier.services.dataroom.query import ToolInputError
from greffier.text import fold_label, is_heading_line, page_furniture, split_sentences
from greffier.text.language import guess_language
from store import repository as repo
from store.records import load_dataroom
from store.workspace import WorkspaceStore

CHANGED_SIMILARITY = 0.5  # two facing sentences sharing at least this share of their words: one sentence changed
LANGUAGE_WORDS = 200  # words read to tell a document's language

_TYPOGRAPHY = str.maketrans({"—": "-", "–": "-", "‑": "-", "‒": "-", "―": "-", "’": "'", "‘": "'", "ʼ": "'", "“": '"', "”": '"',
                             "\u00a0": " ", "\u202f": " ", "\u2009": " "})
_SPACE_BEFORE = re.compile(r"\s+([:;!?»%])")
_SPACE_AFTER = re.compile(r"([«])\s+")
_WORDS = re.compile(r"\S+")
# « ARTICLE 3 — DURÉE », "Art. 3", "Clause 7.2", « Article premier », "3. TERM", "IV - Prix", « ANNEXE 1 ».
_KEYWORD_NUMBER = re.compile(
    r"^(?P<kw>article|art|clause|section|chapitre|chapter|titre|title|partie|part|annexe|annex|appendice|appendix|schedule|exhibit)\.?\s+"
    r"(?:n[°o]\.?\s*)?(?P<num>\d+(?:\.\d+)*|premier|premiere|1er|[ivxlc]+|[a-z])\b"
)
_LEADING_NUMBER = re.compile(r"^(?P<num>\d{1,3}(?:\.\d{1,3})*)(?:[.)]|\s*-|\s)")
_KINDS = {"chapitre": "chapter", "titre": "part", "title": "part", "partie": "part", "annexe": "annex", "appendice": "annex",
          "appendix": "annex", "schedule": "annex", "exhibit": "annex"}


def typography(text: str) -> str:
    """``text`` with its typography made plain (dashes, quotes, non-breaking and doubled spaces,
    the space French puts before « : ; ! ? »): what a retyped copy changes without changing a word."""
    plain = " ".join(text.translate(_TYPOGRAPHY).split())
    return _SPACE_AFTER.sub(r"\1", _SPACE_BEFORE.sub(r"\1", plain))


def heading_key(heading: str | None) -> str:
    """The key sections are aligned on: the article number (« ARTICLE 3 — DURÉE » → "3", « ANNEXE 1 »
    → "annex 1"), else the folded heading; "" for the text before the first heading."""
    if not heading:
        return ""
    label = fold_label(heading)
    found = _KEYWORD_NUMBER.match(label)
    if found:
        number = found.group("num")
        number = "1" if number in ("premier", "premiere", "1er") else number
        kind = _KINDS.get(found.group("kw"))
        return f"{kind} {number}" if kind else number
    found = _LEADING_NUMBER.match(label)
    return found.group("num") if found else label


@dataclass
class _Section:
    path: str | None  # the chunks' section path (« ARTICLE 7 — RÉSILIATION > 7.2 Préavis »), None before the first heading
    key: str
    sentences: list[str] = field(default_factory=list)
    page: int | None = None

    @property
    def heading(self) -> str | None:
        return self.path.split(" > ")[-1] if self.path else None

    def describe(self) -> dict[str, Any]:
        return {"heading": self.heading, "path": self.path, "page": self.page, "sentences": len(self.sentences)}


def _body(text: str, heading: str | None) -> list[str]:
    """The sentences of a section's text: furniture left out, the heading's own lines dropped, the
    other lines joined (wrapping does not matter) and cut into sentences; a line that reads as a
    heading (a title, « ENTRE LES SOUSSIGNÉS : ») stays a sentence of its own."""
    lines = [line.strip() for line in text.splitlines()]
    dropped = page_furniture(lines)
    lines = [line for i, line in enumerate(lines) if line and i not in dropped]
    if heading:
        wanted = fold_label(heading)
        for start in range(min(3, len(lines))):  # a title line may come first
            taken, end = "", start
            while end < len(lines) and wanted.startswith(fold_label(f"{taken} {lines[end]}".strip())):
                taken, end = f"{taken} {lines[end]}".strip(), end + 1
                if fold_label(taken) == wanted:
                    del lines[start:end]
                    break
            else:
                continue
            break
    sentences: list[str] = []
    running: list[str] = []
    for line in lines:
        if is_heading_line(line) and not _RUNS_ON.search(line):
            sentences += split_sentences(" ".join(running)) + [line]
            running = []
        else:
            running.append(line)
    return sentences + split_sentences(" ".join(running))


# A line that ends on a word that cannot end a title runs on to the next one: a numbered clause wrapped in a text file ("6.1
# Supplier's aggregate liability arising out of or in connection with" ⏎ "this Agreement …"), not a heading (walkthrough 15)
_RUNS_ON = re.compile(r"(?i)(?:,|\b(?:a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|under|upon|with|à|au|aux|de|des|du|en|et|la|le|les|ou|par|pour|sur))$")


def contract_sections(workspace: WorkspaceStore, contract_id: str) -> tuple[list[_Section], str]:
    """The sections of one contract (see the module docstring) and its whole text."""
    with workspace.session() as session:
        contract = repo.get_contract(session=session, contract_id=contract_id)
        chunks = repo.list_chunks(session=session, contract_id=contract_id)
    text = contract.text if contract else ""
    sections: list[_Section] = []
    spans: list[list[int]] = []
    for chunk in sorted(chunks, key=lambda c: (c.start, c.chunk_index)):
        if sections and sections[-1].path == chunk.section:
            spans[-1][1] = max(spans[-1][1], chunk.end)
            continue
        sections.append(_Section(path=chunk.section, key="", page=chunk.page))
        spans.append([chunk.start, chunk.end])
    for section, (start, end) in zip(sections, spans):
        section.key = " > ".join(heading_key(part) for part in section.path.split(" > ")) if section.path else ""
        section.sentences = _body(text[start:end], section.heading)
    if not sections and text.strip():
        sections = [_Section(path=None, key="", sentences=_body(text, None))]
    return sections, text


def word_changes(left: str, right: str) -> list[list[str]]:
    """``[[op, text], ...]`` from ``left`` to ``right``, op one of equal | delete | insert, on words."""
    a, b = _WORDS.findall(left), _WORDS.findall(right)
    out: list[list[str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=[typography(w) for w in a], b=[typography(w) for w in b], autojunk=False).get_opcodes():
        if tag == "equal":
            out.append(["equal", " ".join(b[j1:j2])])
            continue
        if tag in ("replace", "delete"):
            out.append(["delete", " ".join(a[i1:i2])])
        if tag in ("replace", "insert"):
            out.append(["insert", " ".join(b[j1:j2])])
    return out


def _similarity(left: str, right: str) -> float:
    return difflib.SequenceMatcher(a=_WORDS.findall(typography(left)), b=_WORDS.findall(typography(right)), autojunk=False).ratio()


def _pair_up(left: list[str], right: list[str]) -> list[dict[str, Any]]:
    """Rows for a block of sentences that differ: facing sentences similar enough are one changed
    sentence (in order, never crossing), the rest are on one side only."""
    rows: list[dict[str, Any]] = []
    j = 0
    for sentence in left:
        best, best_score = None, CHANGED_SIMILARITY
        for k in range(j, len(right)):
            score = _similarity(sentence, right[k])
            if score >= best_score:
                best, best_score = k, score
        if best is None:
            rows.append({"tag": "left_only", "left": sentence, "right": None})
            continue
        rows += [{"tag": "right_only", "left": None, "right": right[k]} for k in range(j, best)]
        rows.append({"tag": "changed", "left": sentence, "right": right[best], "words": word_changes(sentence, right[best])})
        j = best + 1
    rows += [{"tag": "right_only", "left": None, "right": right[k]} for k in range(j, len(right))]
    return rows


def _sentence_rows(left: list[str], right: list[str]) -> list[dict[str, Any]]:
    matcher = difflib.SequenceMatcher(a=[typography(s) for s in left], b=[typography(s) for s in right], autojunk=False)
    rows: list[dict[str, Any]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows += [{"tag": "equal", "left": a, "right": b} for a, b in zip(left[i1:i2], right[j1:j2])]
        else:
            rows += _pair_up(left[i1:i2], right[j1:j2])
    return rows


def _aligned_sections(left: list[_Section], right: list[_Section]) -> list[tuple[_Section | None, _Section | None]]:
    """Sections paired by key in document order; in a block of different keys, facing sections of
    the same count are paired by position, the rest face nothing."""
    matcher = difflib.SequenceMatcher(a=[s.key for s in left], b=[s.key for s in right], autojunk=False)
    pairs: list[tuple[_Section | None, _Section | None]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            pairs += list(zip(left[i1:i2], right[j1:j2]))
        else:
            pairs += [(s, None) for s in left[i1:i2]] + [(None, s) for s in right[j1:j2]]
    return pairs


# Two contracts that share fewer of their sentences than this are not versions of one text: their articles are paired by subject
VERSIONS_SHARE = 0.2
_HEADING_WORDS = re.compile(r"[^\W\d_]{4,}")


def _shared_share(left: list[_Section], right: list[_Section]) -> float:
    """The share of the shorter side's sentences the other side writes too (typography aside)."""
    ours = {typography(sentence) for section in left for sentence in section.sentences}
    theirs = {typography(sentence) for section in right for sentence in section.sentences}
    return len(ours & theirs) / min(len(ours), len(theirs)) if ours and theirs else 0.0


def _subject(section: _Section, library: ClauseLibrary) -> tuple[set[str], set[str]]:
    """What a section is about: the clause types its headings name, and their words (folded, first five letters) — the whole
    path's: "9.2 EXCEPT FOR …" is about the "ARTICLE 9 - LIMITATION OF LIABILITY" it lies in."""
    headings = (section.path or "").split(" > ")
    words = {word[:5] for heading in headings for word in _HEADING_WORDS.findall(fold_label(heading)) if word not in _KEYWORD_WORDS}
    return library.cued_types(headings), words


_KEYWORD_WORDS = frozenset({"article", "clause", "section", "chapitre", "chapter", "titre", "title", "partie", "part", "annexe", "annex"})


def _aligned_by_subject(left: list[_Section], right: list[_Section], library: ClauseLibrary) -> list[tuple[_Section | None, _Section | None]]:
    """Two different contracts' sections paired by what they are about (walkthrough 17: two distribution agreements, "6.
    LIABILITY" faced "ARTICLE 6 - REGULATORY COMPLIANCE" by number): the clause types their headings name, then their
    headings' words; each section of the right once, the best first; left order kept, the right's unpaired ones after."""
    subjects = [_subject(s, library) for s in right]
    scored = []
    for i, section in enumerate(left):
        types, words = _subject(section, library)
        for j, (their_types, their_words) in enumerate(subjects):
            score = 2 * len(types & their_types) + len(words & their_words) / max(1, len(words | their_words))
            if score > 0:
                scored.append((score, i, j))
    paired: dict[int, int] = {}
    for _score, i, j in sorted(scored, key=lambda t: (-t[0], t[1], t[2])):
        if i not in paired and j not in paired.values():
            paired[i] = j
    # sections whose headings say nothing of a subject (« Article 3 » alone) face the one of the same number (a review)
    by_key = {section.key: j for j, section in enumerate(right) if section.key}
    for i, section in enumerate(left):
        if i not in paired and (j := by_key.get(section.key)) is not None and j not in paired.values():
            paired[i] = j
    pairs: list[tuple[_Section | None, _Section | None]] = [(section, right[paired[i]] if i in paired else None) for i, section in enumerate(left)]
    taken = set(paired.values())
    return pairs + [(None, section) for j, section in enumerate(right) if j not in taken]


def _distinct_changes(sections: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The word changes of the changed sentences, each once with how many sentences carry it:
    « MONTÉLIER → MONTELIER (2 sentences) » — a retyped copy's few real differences at a glance."""
    found: dict[tuple[str, str], int] = {}
    for section in sections:
        for row in section["rows"]:
            if row["tag"] != "changed":
                continue
            seen: set[tuple[str, str]] = set()
            words = row["words"]
            for k, (op, text) in enumerate(words):
                if op == "equal" or (op == "insert" and k and words[k - 1][0] == "delete"):
                    continue
                added = words[k + 1][1] if op == "delete" and k + 1 < len(words) and words[k + 1][0] == "insert" else ""
                change = (text if op == "delete" else "", added if op == "delete" else text)
                change = tuple(part.strip(" ,;:.") for part in change)
                if change not in seen:
                    seen.add(change)
                    found[change] = found.get(change, 0) + 1
    return [{"removed": removed, "added": added, "sentences": n} for (removed, added), n in found.items()]


def _record(room_by_id: dict[str, ContractRecord], contract_id: str, known: list[str]) -> ContractRecord:
    record = room_by_id.get(contract_id)
    if record is None:
        raise ToolInputError(f"unknown contract id {contract_id!r}: known ids are {', '.join(known[:30])}{' …' if len(known) > 30 else ''}")
    return record


def two_contracts(left: ContractRecord, right: ContractRecord) -> bool:
    """Whether the records say ``left`` and ``right`` are two contracts, not one and its translation: no party in common, or two
    different signature dates, or two different types (what was not read says nothing)."""
    return (
        (bool(left.entity_ids) and bool(right.entity_ids) and not set(left.entity_ids) & set(right.entity_ids))
        or (None not in (left.signature_date, right.signature_date) and left.signature_date != right.signature_date)
        or (None not in (left.contract_type, right.contract_type) and left.contract_type != right.contract_type)
    )


def compare_contracts(workspace: WorkspaceStore, left_id: str, right_id: str, *, only_differences: bool = True) -> dict[str, Any]:
    """Compare contracts ``left_id`` and ``right_id`` (see the module docstring).

    Returns ``{"contract_ids", "changes", "files", "titles", "languages", "translation", "counts",
    "sections"}``: ``changes`` lists each distinct word change (``removed``, ``added``, and in how many
    ``sentences``);
    ``counts`` has ``sentences`` (per side), ``same``, ``changed``, ``left_only``, ``right_only``,
    ``sections`` (aligned pairs) and ``sections_left_only`` / ``sections_right_only``; each section
    has ``left`` / ``right`` (heading, path, page, sentence count; None when it faces nothing),
    ``status`` (same | changed | left_only | right_only | translated | other_language: two different contracts in two languages,
    side by side) and ``rows`` (``tag`` equal | changed | left_only | right_only | translated | other_language, ``left``,
    ``right``, and ``words`` — the word
    changes — for a changed sentence). ``only_differences`` leaves out equal rows and sections with
    no difference (the counts still cover everything). Raises ToolInputError for an unknown id or a
    contract compared with itself.
    """
    if left_id == right_id:
        raise ToolInputError(f"compare two different contracts: {left_id!r} was given twice")
    room = load_dataroom(workspace)
    known = [r.id for r in room.records]
    records = [_record(room.by_id, cid, known) for cid in (left_id, right_id)]
    (left, left_text), (right, right_text) = (contract_sections(workspace, cid) for cid in (left_id, right_id))
    languages = [guess_language(" ".join(text.split()[:LANGUAGE_WORDS])) for text in (left_text, right_text)]
    other_languages = "und" not in languages and languages[0] != languages[1]
    # a translation is the same contract in another language, unless something says they are two: no party in common, or two
    # different dates, or two different types (a French crane lease and an English crane hire between other parties, walkthrough
    # 18); an unsigned courtesy translation whose parties or type were not read stays one
    translation = other_languages and not two_contracts(*records)
    counts = {"sentences": [sum(len(s.sentences) for s in left), sum(len(s.sentences) for s in right)], "same": 0, "changed": 0,
              "left_only": 0, "right_only": 0, "sections": 0, "sections_left_only": 0, "sections_right_only": 0}
    # versions of one text (a copy, a translation) by article number; two different contracts by subject
    by_subject = not translation and _shared_share(left, right) < VERSIONS_SHARE
    aligned = _aligned_by_subject(left, right, load_library()) if by_subject else _aligned_sections(left, right)
    sections = []
    for a, b in aligned:
        if a is not None and b is not None:
            counts["sections"] += 1
            if other_languages:  # side by side: no sentence of one language is the same as, or a change of, the other's
                rows = [{"tag": "translated" if translation else "other_language", "left": " ".join(a.sentences), "right": " ".join(b.sentences)}]
            else:
                rows = _sentence_rows(a.sentences, b.sentences)
        elif a is not None:
            counts["sections_left_only"] += 1
            rows = [{"tag": "left_only", "left": s, "right": None} for s in a.sentences]
        else:
            counts["sections_right_only"] += 1
            rows = [{"tag": "right_only", "left": None, "right": s} for s in b.sentences]
        for row in rows:
            if row["tag"] == "equal":
                counts["same"] += 1
            elif row["tag"] in ("changed", "left_only", "right_only"):
                counts[row["tag"]] += 1
        tags = {row["tag"] for row in rows}
        status = ("left_only" if b is None else "right_only" if a is None else "translated" if translation
                  else "other_language" if other_languages else "same" if tags <= {"equal"} else "changed")
        if only_differences and status in ("same", "translated"):
            continue
        sections.append({
            "left": a.describe() if a else None, "right": b.describe() if b else None, "status": status,
            "rows": [row for row in rows if not (only_differences and row["tag"] == "equal")],
        })
    return {
        "contract_ids": [left_id, right_id],
        "changes": _distinct_changes(sections),
        "files": [r.file for r in records],
        "titles": [r.title for r in records],
        "languages": languages,
        "translation": translation,
        "aligned_by": "subject" if by_subject else "number",
        "counts": counts,
        "sections": sections,
    }
