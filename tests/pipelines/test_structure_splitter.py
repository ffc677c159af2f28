"""Structure-aware chunking (pipelines/splitters/structure_splitter.py) and token counting."""

from __future__ import annotations

import copy
import logging

import pytest
from haystack import Document, Pipeline
from haystack.core.serialization import component_from_dict, component_to_dict
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.splitters.structure import detect_sections
from pipelines.splitters.structure_splitter import StructureSplitter, contract_header
from pipelines.splitters.tokens import count_tokens, iter_token_pieces
from pipelines.types import CHUNK_META_KEYS, TextItem, assemble

WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa".split()
SENTENCE = "Le Prestataire exécute les prestations avec diligence et informe le Client de toute difficulté."


def converted(
    lines: list[str | tuple[str, int | None]] | list[TextItem],
    *,
    doc_id: str = "doc1",
    parties: list[str] | None = None,
) -> Document:
    """A converted document as a converter would give it: a str line has no page; a tuple has one."""
    raw = [
        line if isinstance(line, TextItem)
        else TextItem(text=line) if isinstance(line, str)
        else TextItem(text=line[0], page=line[1])
        for line in lines
    ]
    content, items = assemble(raw)
    pages = max((item.page or 0 for item in items), default=0) or None
    meta = {"doc_id": doc_id, "file": "contrats/maintenance.pdf", "title": "Contrat de maintenance", "pages": pages}
    meta["items"] = [item.to_dict() for item in items]
    if parties is not None:
        meta["parties"] = parties
    return Document(id=doc_id, content=content, meta=meta)


def split(document: Document, **params: object) -> list[Document]:
    return StructureSplitter(**params).run(documents=[document])["documents"]


def section_spans(document: Document) -> list[tuple[int, int]]:
    """Spans of the sections that have a body (a lone heading may join the next section)."""
    sections = detect_sections(document.meta["items"])
    return [(section.start, section.end) for section in sections if section.has_body]


# --- token counting ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("", 0),
        ("   \n", 0),
        ("le contrat", 3),  # "le" 1, "contrat" (7 characters) 2
        ("l'article 5", 5),  # l ' arti+cle 5
        ("confidentialité", 3),
        ("Page 2 / 4", 4),
        ("€", 1),
    ],
)
def test_count_tokens_examples(text: str, tokens: int) -> None:
    assert count_tokens(text) == tokens


@given(st.text(max_size=200), st.text(max_size=200))
def test_count_tokens_is_additive_over_whitespace_and_matches_pieces(left: str, right: str) -> None:
    assert count_tokens(f"{left} {right}") == count_tokens(left) + count_tokens(right)
    assert sum(tokens for _, _, tokens in iter_token_pieces(left)) == count_tokens(left)


# --- the component ----------------------------------------------------------------------------


def test_chunks_follow_articles_with_exact_spans_and_meta() -> None:
    document = converted(
        [
            "Entre ACME et Client SA, il est convenu ce qui suit.",
            "ARTICLE 1 — OBJET",
            "Le contrat porte sur la maintenance du parc informatique.",
            "ARTICLE 12 : LOI APPLICABLE",
            "Le droit français s'applique.",
        ],
        parties=["ACME SAS", "Client SA"],
    )
    chunks = split(document)
    assert [chunk.id for chunk in chunks] == ["doc1-1", "doc1-2", "doc1-3"]
    assert [chunk.meta["section"] for chunk in chunks] == [None, "ARTICLE 1 — OBJET", "ARTICLE 12 : LOI APPLICABLE"]
    assert chunks[2].content == "ARTICLE 12 : LOI APPLICABLE\nLe droit français s'applique."
    for index, chunk in enumerate(chunks, start=1):
        assert tuple(chunk.meta) == CHUNK_META_KEYS
        assert chunk.content == document.content[chunk.meta["start"] : chunk.meta["end"]]
        assert chunk.meta["chunk_index"] == index
        assert chunk.meta["doc_id"] == "doc1"
        assert chunk.meta["file"] == "contrats/maintenance.pdf"
        assert chunk.meta["page"] is None and chunk.meta["page_end"] is None  # no pages in this format
        assert chunk.meta["header"] == "Contrat de maintenance — ACME SAS / Client SA"


def test_header_without_parties_is_the_title() -> None:
    assert contract_header({"title": "Bail commercial"}) == "Bail commercial"
    assert contract_header({"title": "Bail commercial", "parties": []}) == "Bail commercial"
    assert contract_header({"file": "a/bail.pdf"}) == "a/bail.pdf"
    assert contract_header({}) is None


def test_section_straddling_a_page_break_has_both_pages() -> None:
    document = converted(
        [
            ("ARTICLE 1 — OBJET", 1),
            ("Le contrat porte sur la maintenance.", 1),
            ("ARTICLE 2 — DURÉE", 2),
            ("Le contrat est conclu pour trois ans", 2),
            ("à compter de sa signature.", 3),
            ("ARTICLE 3 — PRIX", 3),
            ("Le prix est fixe.", 3),
        ]
    )
    chunks = split(document)
    assert [(chunk.meta["section"], chunk.meta["page"], chunk.meta["page_end"]) for chunk in chunks] == [
        ("ARTICLE 1 — OBJET", 1, 1),
        ("ARTICLE 2 — DURÉE", 2, 3),
        ("ARTICLE 3 — PRIX", 3, 3),
    ]


@pytest.mark.parametrize("chunk_size", [60, 480])
def test_page_furniture_never_opens_or_closes_a_chunk(chunk_size: int) -> None:
    lines = []
    for number in range(1, 5):
        lines.append(("CONTRAT DE MAINTENANCE", number))
        if number % 2:
            lines.append((f"ARTICLE {number} — CLAUSE {number}", number))
        lines += [(f"{SENTENCE} Délai {word}.", number) for word in WORDS[number * 3 : number * 3 + 3]]
        lines.append((f"Page {number} / 4", number))
    document = converted(lines)
    chunks = split(document, chunk_size=chunk_size, min_chunk=8, overlap=10)
    assert len(chunks) >= 2
    for chunk in chunks:
        first_line, last_line = chunk.content.split("\n")[0], chunk.content.split("\n")[-1]
        assert first_line != "CONTRAT DE MAINTENANCE" and not first_line.startswith("Page ")
        assert last_line != "CONTRAT DE MAINTENANCE" and not last_line.startswith("Page ")
        assert chunk.content == document.content[chunk.meta["start"] : chunk.meta["end"]]
    if chunk_size == 480:
        # Article 1 runs over pages 1-2 and fits one chunk: the furniture between stays in the span.
        assert (chunks[0].meta["page"], chunks[0].meta["page_end"]) == (1, 2)
        assert "Page 1 / 4\nCONTRAT DE MAINTENANCE" in chunks[0].content


def test_long_section_is_split_with_overlap_and_keeps_its_heading() -> None:
    body = [f"{SENTENCE[:-1]} numéro {n}." for n in range(40)]
    document = converted(
        ["ARTICLE 9 — OBLIGATIONS DU PRESTATAIRE", *body, "ARTICLE 10 — PRIX", "Le prix est fixe."]
    )
    chunks = split(document, chunk_size=120, min_chunk=10, overlap=30)
    article = [chunk for chunk in chunks if chunk.meta["section"] == "ARTICLE 9 — OBLIGATIONS DU PRESTATAIRE"]
    assert len(article) > 3
    assert article[0].content.startswith("ARTICLE 9 — OBLIGATIONS DU PRESTATAIRE\n")
    for previous, current in zip(article, article[1:]):
        assert current.meta["start"] < previous.meta["end"]  # overlap
        repeated = document.content[current.meta["start"] : previous.meta["end"]]
        assert 0 < count_tokens(repeated) <= 45
        assert current.content[0].isupper()  # windows start at a sentence (one paragraph each here)
    for chunk in article:
        assert count_tokens(chunk.content) <= 120 + 10
        assert chunk.content.endswith(".")
    assert chunks[-1].content == "ARTICLE 10 — PRIX\nLe prix est fixe."


def test_pdf_lines_split_at_sentence_ends_not_line_ends() -> None:
    # One long paragraph wrapped over PDF lines: a line break alone is a weak boundary.
    words = (SENTENCE + " ") * 30
    lines, line = [], []
    for word in words.split():
        line.append(word)
        if len(" ".join(line)) > 70:
            lines.append((" ".join(line), 1))
            line = []
    document = converted([("ARTICLE 1 — OBJET", 1), *lines])
    chunks = split(document, chunk_size=100, min_chunk=10, overlap=0)
    assert len(chunks) > 3
    for chunk in chunks[:-1]:
        assert chunk.content.endswith("difficulté.")


def test_document_without_headings_is_windowed() -> None:
    document = converted([f"{SENTENCE} Paragraphe {n}." for n in range(60)])
    chunks = split(document, chunk_size=100, min_chunk=10, overlap=20)
    assert len(chunks) > 5
    assert all(chunk.meta["section"] is None for chunk in chunks)
    assert all(count_tokens(chunk.content) <= 110 for chunk in chunks)
    assert chunks[0].meta["start"] == 0 and chunks[-1].meta["end"] == len(document.content)


def test_single_unbroken_sentence_is_cut_to_fit() -> None:
    document = converted([" ".join(["mot"] * 500)])
    chunks = split(document, chunk_size=100, min_chunk=10, overlap=0)
    assert [count_tokens(chunk.content) for chunk in chunks] == [100] * 5


def test_small_sections_stay_alone_when_sections_are_respected() -> None:
    document = converted(
        [
            "TITRE I",
            "ARTICLE 1 — OBJET",
            "Le contrat porte sur la maintenance.",
            "ARTICLE 2 — LOI APPLICABLE",
            "Droit français.",
            "ARTICLE 3 — JURIDICTION",
            "Tribunal de Paris.",
        ]
    )
    chunks = split(document, min_chunk=32)
    first_lines = [chunk.content.split("\n")[0] for chunk in chunks]
    assert first_lines == ["TITRE I", "ARTICLE 2 — LOI APPLICABLE", "ARTICLE 3 — JURIDICTION"]
    # The lone heading « TITRE I » opens the chunk of the section it introduces, and names it no more.
    assert chunks[0].meta["section"] == "ARTICLE 1 — OBJET"


def test_small_sections_merge_with_next_sibling_when_sections_are_not_respected() -> None:
    document = converted(
        [
            "TITRE I",
            "ARTICLE 1 — OBJET",
            "Le contrat porte sur la maintenance.",
            "ARTICLE 2 — LOI APPLICABLE",
            "Droit français.",
            "TITRE II",
            "ARTICLE 3 — JURIDICTION",
            "Tribunal de Paris.",
        ]
    )
    chunks = split(document, min_chunk=32, respect_sections=False)
    # Articles 1 and 2 share TITRE I; article 3 sits under TITRE II and is not merged across it.
    assert [chunk.meta["section"] for chunk in chunks] == ["ARTICLE 1 — OBJET", "ARTICLE 3 — JURIDICTION"]
    assert "ARTICLE 2 — LOI APPLICABLE" in chunks[0].content


def test_lone_heading_at_the_end_is_kept() -> None:
    chunks = split(converted(["ARTICLE 1 — OBJET", "Texte.", "ANNEXE 1"]))
    assert [chunk.content for chunk in chunks] == ["ARTICLE 1 — OBJET\nTexte.", "ANNEXE 1"]


def test_headings_without_body_at_the_end_keep_the_first_name() -> None:
    chunks = split(converted(["ARTICLE 1 — OBJET", "Texte.", "ANNEXE 1 : TARIFS", "ANNEXE 2 : CONTACTS"]))
    assert [(chunk.meta["section"], chunk.content) for chunk in chunks] == [
        ("ARTICLE 1 — OBJET", "ARTICLE 1 — OBJET\nTexte."),
        ("ANNEXE 1 : TARIFS", "ANNEXE 1 : TARIFS\nANNEXE 2 : CONTACTS"),
    ]


def test_sub_clause_sections_are_named_with_their_article() -> None:
    document = converted(["ARTICLE 7 — RÉSILIATION", "Principe.", "7.2 Préavis", "Trois mois."])
    assert [chunk.meta["section"] for chunk in split(document)] == [
        "ARTICLE 7 — RÉSILIATION",
        "ARTICLE 7 — RÉSILIATION > 7.2 Préavis",
    ]


def test_empty_documents_give_no_chunks() -> None:
    empty = Document(id="e", content="", meta={"doc_id": "e", "items": []})
    blank = Document(id="b", content="  \n ", meta={"doc_id": "b"})
    none = Document(id="n", content=None, meta={"doc_id": "n"})
    assert StructureSplitter().run(documents=[empty, blank, none]) == {"documents": []}


def test_ids_are_stable_sequential_and_inputs_untouched() -> None:
    first = converted([f"ARTICLE {n} — CLAUSE" if n % 3 == 0 else SENTENCE for n in range(30)], doc_id="a")
    second = converted(["ARTICLE 1 — OBJET", SENTENCE], doc_id="b")
    before = copy.deepcopy([first.to_dict(), second.to_dict()])
    chunks = StructureSplitter().run(documents=[first, second])["documents"]
    again = StructureSplitter().run(documents=[first, second])["documents"]
    assert [first.to_dict(), second.to_dict()] == before
    assert [chunk.id for chunk in chunks] == [chunk.id for chunk in again]
    for doc_id in ("a", "b"):
        ids = [chunk.id for chunk in chunks if chunk.meta["doc_id"] == doc_id]
        assert ids == [f"{doc_id}-{k}" for k in range(1, len(ids) + 1)]


def test_missing_items_fall_back_to_lines() -> None:
    document = Document(id="x", content="ARTICLE 1 — OBJET\nTexte.\n\nARTICLE 2 — PRIX\nFixe.", meta={"title": "T"})
    chunks = split(document)
    assert [chunk.meta["section"] for chunk in chunks] == ["ARTICLE 1 — OBJET", "ARTICLE 2 — PRIX"]
    assert [chunk.id for chunk in chunks] == ["x-1", "x-2"]  # the document id stands in for doc_id


def test_inconsistent_items_are_logged_and_replaced(caplog: pytest.LogCaptureFixture) -> None:
    document = converted(["ARTICLE 1 — OBJET", "Texte."])
    document.meta["items"][1]["start"] += 3
    with caplog.at_level(logging.WARNING):
        chunks = split(document)
    assert "do not match" in caplog.text
    assert chunks[0].content == "ARTICLE 1 — OBJET\nTexte."


@pytest.mark.parametrize(
    ("params", "name"),
    [({"chunk_size": 0}, "chunk_size"), ({"min_chunk": -1}, "min_chunk"), ({"overlap": -5}, "overlap")],
)
def test_bad_sizes_are_refused(params: dict[str, int], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        StructureSplitter(**params)


def test_non_documents_are_refused() -> None:
    with pytest.raises(TypeError, match="Haystack Documents"):
        StructureSplitter().run(documents=["text"])  # type: ignore[list-item]


def test_serialization_round_trip() -> None:
    splitter = StructureSplitter(chunk_size=300, min_chunk=20, respect_sections=False, overlap=25)
    data = component_to_dict(splitter, "splitter")
    assert data["init_parameters"] == {"chunk_size": 300, "min_chunk": 20, "respect_sections": False, "overlap": 25}
    restored = component_from_dict(StructureSplitter, data, "splitter")
    params = ("chunk_size", "min_chunk", "respect_sections", "overlap")
    assert [getattr(restored, name) for name in params] == [getattr(splitter, name) for name in params]


def test_works_inside_a_pipeline_and_survives_yaml() -> None:
    pipeline = Pipeline()
    pipeline.add_component("splitter", StructureSplitter(chunk_size=200))
    loaded = Pipeline.loads(pipeline.dumps())
    document = converted(["ARTICLE 1 — OBJET", "Texte.", "ARTICLE 2 — PRIX", "Fixe."])
    result = loaded.run({"splitter": {"documents": [document]}})
    assert [chunk.id for chunk in result["splitter"]["documents"]] == ["doc1-1", "doc1-2"]


# --- invariants over random documents ---------------------------------------------------------

_LINE = st.one_of(
    st.sampled_from(
        [
            "ARTICLE 1 — OBJET",
            "ARTICLE 5 — RÉSILIATION ANTICIPÉE ET",
            "CONSÉQUENCES",
            "7.1 Notice period",
            "TITRE II",
            "ANNEXE 1",
            "Page 2 / 4",
            "Confidentiel",
            "3",
            SENTENCE,
            SENTENCE * 4,
            "M. Dupont, art. 5 ; voir : « annexe ».",
            "conformément à l'",
            "article 5 du présent contrat.",
            "",
        ]
    ),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=80),
)


@st.composite
def documents(draw: st.DrawFn) -> Document:
    lines = draw(st.lists(st.tuples(_LINE, st.booleans()), max_size=50))
    paged = draw(st.booleans())
    raw, page = [], 1
    for text, new_page in lines:
        page += int(new_page)
        raw.append(TextItem(text=text, page=page if paged else None))
    return converted(raw)


@settings(max_examples=200, deadline=None)
@given(
    documents(),
    st.integers(min_value=16, max_value=200),
    st.integers(min_value=0, max_value=40),
    st.integers(min_value=0, max_value=60),
    st.booleans(),
)
def test_invariants_over_random_documents(
    document: Document, chunk_size: int, min_chunk: int, overlap: int, respect_sections: bool
) -> None:
    before = copy.deepcopy(document.to_dict())
    chunks = split(
        document, chunk_size=chunk_size, min_chunk=min_chunk, overlap=overlap, respect_sections=respect_sections
    )
    assert document.to_dict() == before
    assert [chunk.id for chunk in chunks] == [f"doc1-{k}" for k in range(1, len(chunks) + 1)]
    spans = section_spans(document)
    previous_start = -1
    for chunk in chunks:
        start, end = chunk.meta["start"], chunk.meta["end"]
        assert chunk.content == document.content[start:end]
        assert chunk.content and chunk.content == chunk.content.strip()
        assert start > previous_start  # document order
        previous_start = start
        assert count_tokens(chunk.content) <= chunk_size + min_chunk
        if chunk.meta["page"] is not None:
            assert chunk.meta["page"] <= chunk.meta["page_end"]
        if respect_sections:
            # No chunk holds text of two sections (a lone heading belongs to the section after it).
            touched = [span for span in spans if span[0] < end and start < span[1]]
            assert len(touched) <= 1
    # Nothing is lost: every item that is not page furniture lies inside the chunks, taken together.
    covered: list[list[int]] = []
    for chunk in chunks:
        start, end = chunk.meta["start"], chunk.meta["end"]
        if covered and not document.content[covered[-1][1] : start].strip():
            covered[-1][1] = max(covered[-1][1], end)  # overlapping, or apart by whitespace only
        else:
            covered.append([start, end])
    for section in detect_sections(document.meta["items"]):
        for item in section.items:
            assert any(start <= item.start and item.end <= end for start, end in covered)
