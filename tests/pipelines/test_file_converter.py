"""FileConverter: real docling conversions of files written by the tests (tests/pipelines/files.py)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from haystack import Document, Pipeline
from haystack.core.serialization import component_from_dict, component_to_dict

from greffier.errors import ConversionError, OCRUnavailableError, UnsupportedFileError
from pipelines.converters.file_converter import FileConverter, failure_kind, find_docling_artifacts
from pipelines.converters.ocr import choose_languages, find_ocr_engine
from pipelines.converters.text_reader import decode_text_bytes, items_from_plain_text, read_text_file
from pipelines.types import TextItem
from tests import conftest
from tests.pipelines.files import (
    make_corrupt_pdf,
    make_docx,
    make_encrypted_pdf,
    make_garbage,
    make_html,
    make_markdown,
    make_pdf,
    make_scanned_pdf,
    make_text,
)

REPO_ROOT = Path(__file__).resolve().parents[2]

BODY = (
    "Le bailleur donne à bail au preneur, qui accepte, les locaux désignés ci-après. "
    "Le preneur s'engage à les occuper paisiblement et à payer le loyer aux échéances convenues."
)
SECTIONS = [
    ("ARTICLE 1 — OBJET", BODY),
    ("ARTICLE 2 — DURÉE", "Le bail est conclu pour une durée de neuf années entières et consécutives."),
    ("ARTICLE 3 — LOYER", "Le loyer annuel est fixé à douze mille euros hors taxes.\n\nIl est payable d'avance."),
]


def meta_for(path: Path, doc_id: str | None = None) -> dict:
    return {"doc_id": doc_id or path.stem, "file": path.name}


def convert_one(converter: FileConverter, path: Path) -> Document:
    result = converter.run(sources=[str(path)], meta=[meta_for(path)])
    assert result["failures"] == [], result["failures"]
    (document,) = result["documents"]
    return document


def items_of(document: Document) -> list[TextItem]:
    return [TextItem.from_dict(d) for d in document.meta["items"]]


def assert_offsets(document: Document) -> None:
    items = items_of(document)
    assert items
    for item in items:
        assert document.content[item.start : item.end] == item.text
    assert document.content == "\n".join(item.text for item in items)


@pytest.fixture(scope="module", autouse=True)
def network_baseline() -> int:
    """How many blocked connection attempts other modules made before this one started."""
    return len(conftest.BLOCKED_ATTEMPTS)


@pytest.fixture(scope="module")
def converter() -> FileConverter:
    """One converter for the module; docling warms up lazily inside the first test (socket guard on)."""
    return FileConverter()


@pytest.fixture
def no_ocr_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


# --------------------------------------------------------------------------- PDF


def test_pdf_lines_come_out_in_order_with_their_page(converter: FileConverter, tmp_path: Path) -> None:
    written = make_pdf(
        tmp_path / "bail.pdf",
        [[SECTIONS[0]], [SECTIONS[1], SECTIONS[2]], [("ARTICLE 4 — RÉSILIATION", BODY * 3)]],
        title="CONTRAT DE BAIL COMMERCIAL",
    )
    document = convert_one(converter, written.path)

    assert document.id == "bail"
    assert document.meta["converter"] == "docling-native-pdf"
    assert document.meta["pages"] == written.page_count == 3
    assert document.meta["title"] == "CONTRAT DE BAIL COMMERCIAL"
    items = items_of(document)
    assert [(i.page, i.text) for i in items] == [(page, text) for page, text, _bold in written.lines]  # dashes kept
    assert {i.kind for i in items} == {"text"}  # heading detection is a later component's job
    by_text = {i.text: i for i in items}
    for heading, page in written.headings.items():
        assert by_text[heading].page == page
    assert by_text["ARTICLE 2 — DURÉE"].page == 2
    assert_offsets(document)


def test_pdf_lines_carry_font_facts(converter: FileConverter, tmp_path: Path) -> None:
    written = make_pdf(tmp_path / "fonts.pdf", [[SECTIONS[0]]])
    document = convert_one(converter, written.path)
    items, fonts = items_of(document), document.meta["fonts"]
    assert len(fonts) == len(items)
    heading = fonts[0]
    body = fonts[1]
    assert items[0].text == "ARTICLE 1 — OBJET"
    assert heading["bold"] is True and "Bold" in heading["font"]
    assert body["bold"] is False
    assert heading["size"] > body["size"]


def test_pdf_standard_fonts_give_size_but_not_boldness(converter: FileConverter, tmp_path: Path) -> None:
    written = make_pdf(tmp_path / "helvetica.pdf", [[SECTIONS[0]]], standard_fonts=True)
    document = convert_one(converter, written.path)
    fonts = document.meta["fonts"]
    assert fonts[0]["bold"] is None and fonts[0]["font"] is None
    assert fonts[0]["size"] > fonts[1]["size"]


def test_pdf_lines_are_sorted_top_to_bottom(converter: FileConverter, tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "order.pdf"
    pdf = canvas.Canvas(str(path), pagesize=(595, 842))
    # Drawn bottom first, and a right-hand cell before the left one on the same row.
    pdf.drawString(72, 100, "Fait à Paris, le 1er mars 2024")
    pdf.drawString(72, 700, "Premier alinéa du contrat")
    pdf.drawString(400, 760, "Page 1/1")
    pdf.drawString(72, 760, "CONTRAT DE PRESTATION")
    pdf.showPage()
    pdf.save()
    document = convert_one(converter, path)
    assert [i.text for i in items_of(document)] == [
        "CONTRAT DE PRESTATION",
        "Premier alinéa du contrat",
        "Fait à Paris, le 1er mars 2024",
    ]
    assert document.meta["furniture"] == [{"text": "Page 1/1", "page": 1}]  # page furniture: out of the text


def test_pdf_converts_fast_enough(converter: FileConverter, tmp_path: Path) -> None:
    written = make_pdf(tmp_path / "long.pdf", [[(f"ARTICLE {n} — CLAUSE", BODY * 12)] for n in range(1, 21)])
    assert written.page_count == 20
    convert_one(converter, written.path)  # warm
    started = time.perf_counter()
    document = convert_one(converter, written.path)
    pages_per_second = 20 / (time.perf_counter() - started)
    assert document.meta["pages"] == 20
    assert pages_per_second >= 3, f"{pages_per_second:.1f} pages/s"


# --------------------------------------------------------------------------- DOCX, HTML, Markdown


def test_docx_headings_title_lists_and_tables(converter: FileConverter, tmp_path: Path) -> None:
    import docx

    path = tmp_path / "bail.docx"
    written = make_docx(path, SECTIONS, title="CONTRAT DE BAIL")
    document = docx.Document(str(path))  # add a numbered list and a table to the written file
    document.add_paragraph("Premier engagement", style="List Number")
    document.add_paragraph("Second engagement", style="List Number")
    table = document.add_table(rows=2, cols=2)
    for row, (label, value) in enumerate([("Loyer", "12 000 €"), ("Durée", "9 ans")]):
        table.cell(row, 0).text, table.cell(row, 1).text = label, value
    document.save(str(path))

    converted = convert_one(converter, path)
    items = items_of(converted)
    assert converted.meta["converter"] == "docling-docx"
    assert converted.meta["pages"] is None and converted.meta["fonts"] is None
    assert converted.meta["title"] == "CONTRAT DE BAIL"
    assert items[0].kind == "title" and items[0].text == "CONTRAT DE BAIL"
    headings = [(i.text, i.level) for i in items if i.kind == "heading"]
    assert headings == [(h, 1) for h in written.headings]
    assert all(i.page is None for i in items)
    assert [i.text for i in items if i.kind == "list"] == ["1. Premier engagement", "2. Second engagement"]
    (table_item,) = [i for i in items if i.kind == "table"]
    assert table_item.text == "Loyer | 12 000 €\nDurée | 9 ans"
    for paragraph in written.paragraphs:
        assert paragraph in converted.content
    assert_offsets(converted)


def test_html_headings(converter: FileConverter, tmp_path: Path) -> None:
    written = make_html(tmp_path / "bail.html", SECTIONS, title="CONTRAT — BAIL")
    document = convert_one(converter, written.path)
    items = items_of(document)
    assert document.meta["converter"] == "docling-html"
    assert document.meta["title"] == "CONTRAT — BAIL"  # the file's dash, not docling's « - »
    assert [i.text for i in items if i.kind == "heading"] == written.headings
    assert [i.kind for i in items].count("text") == len(written.paragraphs)
    assert_offsets(document)


# Paragraphs with runs in bold (**…**) and italics (*…*), typography of both languages, an opening before the
# first heading; RICH_HEADING is a numbered heading with a word in bold.
RICH_OPENING = "ENTRE LES SOUSSIGNÉS\u00a0: **Société Alpha SAS**, ci-après « le **Bailleur** », ET **Gamma SARL**\u202f; l’un — et l’autre…"
RICH = [
    'This Agreement is made between **ACME LIMITED**, a company incorporated in England (the **"Supplier"**), and *Beta SAS*.',
    "Le loyer annuel est de 12\u202f000\u00a0€ (**douze mille euros**)\u00a0; il est payable “d’avance”.",
]
RICH_HEADING = "2. **Durée** – renouvellement"


def _runs(paragraph: str) -> list[tuple[str, str]]:
    """(style, text) runs of a paragraph written with ** and * marks."""
    import re

    return [(("b" if part.startswith("**") else "i"), part.strip("*")) if part.startswith("*") else ("", part)
            for part in re.split(r"(\*\*[^*]+\*\*|\*[^*]+\*)", paragraph) if part]


def _plain(paragraph: str) -> str:
    return "".join(text for _style, text in _runs(paragraph))


def write_rich(path: Path) -> Path:
    """The rich paragraphs as HTML (no-break spaces as entities), Markdown or DOCX (one run per style)."""
    from html import escape

    if path.suffix == ".md":
        path.write_text("\n\n".join([RICH_OPENING, f"## {RICH_HEADING}", *RICH]) + "\n", encoding="utf-8")
    elif path.suffix == ".html":
        def html(paragraph: str) -> str:
            tags = {"b": "<b>{}</b>", "i": "<i>{}</i>", "": "{}"}
            return "".join(tags[style].format(escape(text, quote=False)) for style, text in _runs(paragraph)).replace("\u00a0", "&nbsp;")

        body = [f"<p>{html(RICH_OPENING)}</p>", f"<h2>{html(RICH_HEADING)}</h2>", *(f"<p>{html(p)}</p>" for p in RICH)]
        path.write_text('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Bail</title></head><body>\n' + "\n".join(body) + "\n</body></html>\n", encoding="utf-8")
    else:
        import docx  # the test's own DOCX writer: runs in bold and italics

        document = docx.Document()

        def add(paragraph: str, target: object) -> None:
            for style, text in _runs(paragraph):
                run = target.add_run(text)
                run.bold, run.italic = style == "b", style == "i"

        add(RICH_OPENING, document.add_paragraph())
        add(RICH_HEADING, document.add_heading(level=2))
        for paragraph in RICH:
            add(paragraph, document.add_paragraph())
        document.save(str(path))
    return path


@pytest.mark.parametrize("suffix", [".html", ".md", ".docx"])
def test_runs_in_bold_or_italics_stay_one_paragraph_with_the_files_spacing_and_typography(converter: FileConverter, tmp_path: Path, suffix: str) -> None:
    """« ACME LIMITED, a company », not « ACME LIMITED , a company » split over three items; dashes, curly quotes,
    « … », no-break and narrow no-break spaces as written; the opening before the first heading kept (HTML)."""
    document = convert_one(converter, write_rich(tmp_path / f"contrat{suffix}"))
    items = items_of(document)
    assert [(i.kind, i.text) for i in items] == [
        ("text", _plain(RICH_OPENING)), ("heading", _plain(RICH_HEADING)), *(("text", _plain(p)) for p in RICH),
    ]
    assert "\u202f" in document.content and "\u00a0€" in document.content
    assert_offsets(document)


def test_line_breaks_inside_a_paragraph_stay_line_breaks(converter: FileConverter, tmp_path: Path) -> None:
    """An address block written with <br> (or Markdown's hard break) around bold runs: « ACME SAS12 rue de la Paix » was
    one word."""
    page = tmp_path / "adresse.html"
    page.write_text("<html><body><p><b>ACME SAS</b><br>12 rue de la Paix<br><i>75002 Paris</i></p></body></html>", encoding="utf-8")
    markdown = tmp_path / "adresse.md"
    markdown.write_text("**ACME SAS**  \n12 rue de la Paix\\\n*75002 Paris*\n", encoding="utf-8")
    for path in (page, markdown):
        assert [i.text for i in items_of(convert_one(converter, path))] == ["ACME SAS\n12 rue de la Paix\n75002 Paris"], path.name


def test_runs_are_spaced_as_their_own_paragraph_writes_them(converter: FileConverter, tmp_path: Path) -> None:
    """Runs found written elsewhere in the file (« file_name », « 12 € » with a no-break space) take their own
    paragraph's spacing, not the first place their words appear."""
    path = tmp_path / "champs.md"
    path.write_text("Le **Bailleur** déclare.\n\nChamps : file_name, 12\u00a0€.\n\n- **file** name\n- **12** €\n", encoding="utf-8")
    assert [i.text for i in items_of(convert_one(converter, path))] == [
        "Le Bailleur déclare.", "Champs : file_name, 12\u00a0€.", "file name", "12 €",
    ]


def test_html_declaring_latin_1_written_in_windows_1252_keeps_its_quotes(converter: FileConverter, tmp_path: Path) -> None:
    """Many old pages declare ISO-8859-1 and use Windows-1252's curly quotes and ellipsis: they came out as control characters."""
    path = tmp_path / "legacy.html"
    path.write_bytes(b'<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head>'
                     b"<body><p>Le <b>Vendeur</b>\xa0: caf\xe9 \x93cit\xe9\x94 \x85 fin</p></body></html>")
    assert [i.text for i in items_of(convert_one(converter, path))] == ["Le Vendeur\u00a0: café “cité” … fin"]


def test_an_html_contract_s_opening_before_its_first_heading_is_read_not_its_menu(converter: FileConverter, tmp_path: Path) -> None:
    """Docling took everything before the first heading for page furniture: the parties of a contract saved as a web page."""
    path = tmp_path / "licence.html"
    path.write_text('<html><body><!-- <nav> an old menu --><nav-bar>Theme</nav-bar><nav><a href="/">Home</a> | <a href="/c">Contact</a></nav>'
                    "<p>This Licence is made between <b>Northwind Analytics Ltd</b>, a company incorporated in England, and "
                    "<b>Bluefield Retail plc</b>.</p><h2>1. Grant</h2><p>The Licensor grants a licence.</p></body></html>", encoding="utf-8")
    assert [i.text for i in items_of(convert_one(converter, path))] == [
        "Theme",  # a custom element whose name starts with « nav » is no menu
        "This Licence is made between Northwind Analytics Ltd, a company incorporated in England, and Bluefield Retail plc.",
        "1. Grant", "The Licensor grants a licence.",
    ]


def test_an_html_site_banner_is_no_passage_but_a_header_holding_the_title_is_read(converter: FileConverter, tmp_path: Path) -> None:
    """Walkthrough 22: a customer portal's ``<header>`` line (« … – Customer portal – Contract reference … ») was indexed as a passage."""
    path = tmp_path / "supply.html"
    path.write_text("<html><body><header><p>Voltis Énergie – Customer portal – Contract reference VE-2024-0112</p></header>"
                    "<h1>ELECTRICITY SUPPLY AGREEMENT</h1><p>This Agreement is made between Voltis Énergie S.à r.l. and Mâts d'Armorique SAS.</p>"
                    "</body></html>", encoding="utf-8")
    texts = [i.text for i in items_of(convert_one(converter, path))]
    assert texts[0] == "ELECTRICITY SUPPLY AGREEMENT" and not any("Customer portal" in t for t in texts), texts
    titled = tmp_path / "titled.html"
    titled.write_text("<html><body><header><h1>CONTRAT DE FOURNITURE</h1></header><p>Entre Voltis Énergie et Mâts d'Armorique SAS.</p>"
                      "<h2>Article 1 – Objet</h2><p>Fourniture d'électricité.</p></body></html>", encoding="utf-8")
    assert [i.text for i in items_of(convert_one(converter, titled))][0] == "CONTRAT DE FOURNITURE"
    # … and so do one after the first heading (an annex's) and one holding the parties (the review of the round)
    later = tmp_path / "annex.html"
    later.write_text("<html><body><h1>CONTRAT</h1><p>Texte.</p><article><header><p>Annexe 2 – Grille tarifaire</p></header><h3>Tarifs</h3>"
                     "<p>Prix.</p></article></body></html>", encoding="utf-8")
    assert "Annexe 2 – Grille tarifaire" in [i.text for i in items_of(convert_one(converter, later))]
    parties = tmp_path / "parties.html"
    parties.write_text("<html><body><header><p>Between Alpha SAS (the Supplier) and Beta Ltd (the Customer).</p></header><h2>1. Definitions</h2>"
                       "<p>Terms.</p></body></html>", encoding="utf-8")
    assert "Between Alpha SAS (the Supplier) and Beta Ltd (the Customer)." in [i.text for i in items_of(convert_one(converter, parties))]


def test_html_in_a_charset_it_declares_that_no_guess_reads(converter: FileConverter, tmp_path: Path) -> None:
    """ISO-8859-15 writes « € » where Windows-1252 writes « ¤ »: the page's declared charset decides (docling honoured it
    before pages were handed over in UTF-8)."""
    path = tmp_path / "prix.html"
    path.write_bytes('<html><head><meta charset="iso-8859-15"></head><body><p>Le loyer est de 1 200 € par mois.</p></body></html>'.encode("iso-8859-15"))
    assert [i.text for i in items_of(convert_one(converter, path))] == ["Le loyer est de 1 200 € par mois."]


def test_html_in_windows_1252_with_declared_charset(converter: FileConverter, tmp_path: Path) -> None:
    written = make_html(tmp_path / "latin.html", SECTIONS, encoding="windows-1252")
    document = convert_one(converter, written.path)
    assert "neuf années entières" in document.content
    assert document.meta["warnings"] == []


def test_markdown_headings(converter: FileConverter, tmp_path: Path) -> None:
    written = make_markdown(tmp_path / "bail.md", SECTIONS, title="Contrat de bail")
    document = convert_one(converter, written.path)
    items = items_of(document)
    assert document.meta["converter"] == "docling-md"
    assert items[0].kind == "title" and document.meta["title"] == "Contrat de bail"
    assert [(i.text, i.level) for i in items if i.kind == "heading"] == [(h, 1) for h in written.headings]
    assert_offsets(document)


def test_remote_images_are_not_fetched(converter: FileConverter, tmp_path: Path, network_baseline: int) -> None:
    html = make_text(
        tmp_path / "img.html",
        '<html><body><h1>Annexe</h1><img src="http://198.51.100.7/plan.png"><p>Voir le plan.</p></body></html>',
    )
    md = make_text(tmp_path / "img.md", "# Annexe\n\n![plan](https://198.51.100.7/plan.png)\n\nVoir le plan.\n")
    result = converter.run(sources=[str(html), str(md)], meta=[meta_for(html, "h"), meta_for(md, "m")])
    assert result["failures"] == []
    assert all(d.content.startswith("Annexe\n") and d.content.endswith("Voir le plan.") for d in result["documents"])
    assert conftest.BLOCKED_ATTEMPTS[network_baseline:] == []


def test_markdown_in_windows_1252_is_read_with_a_warning(converter: FileConverter, tmp_path: Path) -> None:
    written = make_markdown(tmp_path / "cp.md", SECTIONS, encoding="cp1252")
    document = convert_one(converter, written.path)
    assert "ARTICLE 2 — DURÉE" in document.content
    assert any("Windows-1252" in w for w in document.meta["warnings"])


# --------------------------------------------------------------------------- text files


@pytest.mark.parametrize(
    ("encoding", "warned"),
    [("utf-8", False), ("utf-8-sig", False), ("utf-16", False), ("cp1252", True), ("latin-1", True)],
)
def test_text_files_in_common_encodings(
    converter: FileConverter, tmp_path: Path, encoding: str, warned: bool
) -> None:
    text = "CONVENTION D'HONORAIRES\r\n\r\nLe client règle 1 500 € à l'avocat.\r\nFin — signé.\n"
    if encoding == "latin-1":
        text = text.replace("€", "EUR").replace("—", "-")  # not in Latin-1
    path = make_text(tmp_path / f"note-{encoding}.txt", text, encoding)
    document = convert_one(converter, path)
    items = items_of(document)
    assert document.meta["converter"] == "text"
    assert document.meta["pages"] is None
    assert document.meta["title"] == "CONVENTION D'HONORAIRES"
    assert [i.text for i in items] == [line for line in text.replace("\r\n", "\n").split("\n") if line]
    assert {i.kind for i in items} == {"text"}
    assert bool(document.meta["warnings"]) is warned
    assert_offsets(document)


def test_text_reader_functions(tmp_path: Path) -> None:
    assert read_text_file(make_text(tmp_path / "a.txt", "Durée\r\nLoyer", "utf-16")) == "Durée\nLoyer"
    assert decode_text_bytes("Préavis".encode("utf-16-le")).text == "Préavis"  # no BOM
    decoded = decode_text_bytes("Préavis de trois mois".encode("cp1252"))
    assert decoded.encoding == "cp1252" and decoded.warning
    assert items_from_plain_text("  un \n\n\tdeux\n") == [TextItem("un"), TextItem("deux")]
    with pytest.raises(ConversionError, match="cannot read as text"):
        read_text_file(make_garbage(tmp_path / "bin.txt"))
    with pytest.raises(ConversionError):
        decode_text_bytes(b"\x00" * 64)


def test_title_falls_back_to_first_line_then_file_stem(converter: FileConverter, tmp_path: Path) -> None:
    long_line = "x" * 300
    document = convert_one(converter, make_text(tmp_path / "long.txt", long_line))
    assert document.meta["title"] == "x" * 200
    md = convert_one(converter, make_text(tmp_path / "plain.md", "Simple paragraphe sans titre.\n"))
    assert md.meta["title"] == "Simple paragraphe sans titre."


# --------------------------------------------------------------------------- bad inputs


def test_bad_files_fail_with_their_kind_and_the_batch_goes_on(
    converter: FileConverter, tmp_path: Path, no_ocr_on_path: None
) -> None:
    good_pdf = make_pdf(tmp_path / "good.pdf", [[SECTIONS[0]]]).path
    good_docx = make_docx(tmp_path / "good.docx", SECTIONS).path
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    pdf_named_docx = tmp_path / "really-a-pdf.docx"
    pdf_named_docx.write_bytes(good_pdf.read_bytes())
    docx_named_pdf = tmp_path / "really-a-docx.pdf"
    docx_named_pdf.write_bytes(good_docx.read_bytes())
    whitespace_only = make_text(tmp_path / "blank.txt", "  \n\n \t\n")
    cases = [
        (good_pdf, None),
        (empty, "empty"),
        (make_encrypted_pdf(tmp_path / "locked.pdf"), "encrypted"),
        (make_corrupt_pdf(tmp_path / "broken.pdf"), "corrupt"),
        (make_garbage(tmp_path / "garbage.pdf"), "corrupt"),
        (make_garbage(tmp_path / "garbage.docx"), "corrupt"),
        (pdf_named_docx, "corrupt"),
        (docx_named_pdf, "corrupt"),
        (make_text(tmp_path / "notes.rtf", "{\\rtf1 x}"), "unsupported"),
        (make_garbage(tmp_path / "binary.txt"), "undecodable"),
        (make_garbage(tmp_path / "binary.html"), "undecodable"),
        (whitespace_only, "empty"),
        (make_docx(tmp_path / "no-text.docx", []).path, "empty"),
        (make_scanned_pdf(tmp_path / "scan.pdf", [["ARTICLE 1 — OBJET"]]), "no_text_layer"),
        (good_docx, None),
    ]
    sources = [str(path) for path, _ in cases]
    metas = [meta_for(path, doc_id=f"d{n}") for n, (path, _) in enumerate(cases)]
    frozen = json.dumps(metas)

    result = converter.run(sources=sources, meta=metas)

    assert json.dumps(metas) == frozen  # inputs are not mutated
    assert [d.meta["file"] for d in result["documents"]] == ["good.pdf", "good.docx"]
    expected = [(path.name, kind) for path, kind in cases if kind]
    assert [(f["file"], f["kind"]) for f in result["failures"]] == expected
    errors = {f["file"]: f["error"] for f in result["failures"]}
    assert errors["empty.pdf"] == "empty file: nothing to ingest"
    assert errors["locked.pdf"] == "password-protected PDF: remove the password and re-ingest"
    assert "rename it to .pdf" in errors["really-a-pdf.docx"]
    assert "rename it to .docx" in errors["really-a-docx.pdf"]
    assert ".pdf" in errors["notes.rtf"] and ".docx" in errors["notes.rtf"]  # lists supported types
    assert "apt-get install tesseract-ocr" in errors["scan.pdf"]


def test_pdf_with_only_an_owner_password_converts(converter: FileConverter, tmp_path: Path) -> None:
    path = make_encrypted_pdf(tmp_path / "owner.pdf", text="Clause lisible.", user_password="")
    assert convert_one(converter, path).content == "Clause lisible."


def test_too_large_files_are_refused(tmp_path: Path) -> None:
    path = make_text(tmp_path / "big.txt", "ligne\n" * 400)
    result = FileConverter(max_file_mb=0.001).run(sources=[str(path)], meta=[meta_for(path)])
    assert result["documents"] == []
    (failure,) = result["failures"]
    assert failure["kind"] == "too_large" and "0.001 MB" in failure["error"]


def test_convert_file_raises_the_documented_errors(
    converter: FileConverter, tmp_path: Path, no_ocr_on_path: None
) -> None:
    with pytest.raises(UnsupportedFileError):
        converter.convert_file(make_text(tmp_path / "a.odt", "x"), {"doc_id": "a", "file": "a.odt"})
    with pytest.raises(OCRUnavailableError) as scanned:
        converter.convert_file(make_scanned_pdf(tmp_path / "s.pdf", [["texte"]]), {"doc_id": "s", "file": "s.pdf"})
    assert failure_kind(scanned.value) == "no_text_layer"
    with pytest.raises(ConversionError) as locked:
        converter.convert_file(make_encrypted_pdf(tmp_path / "e.pdf"), {"doc_id": "e", "file": "e.pdf"})
    assert failure_kind(locked.value) == "encrypted"


def test_meta_must_match_sources(converter: FileConverter, tmp_path: Path) -> None:
    path = make_text(tmp_path / "a.txt", "texte")
    with pytest.raises(ValueError, match="one per source"):
        converter.run(sources=[str(path)], meta=[])
    with pytest.raises(ValueError, match="doc_id"):
        converter.run(sources=[str(path)], meta=[{"file": "a.txt"}])
    (document,) = converter.run(sources=[str(path)])["documents"]
    assert document.meta["file"] == "a.txt" and document.id


def test_meta_is_copied_into_the_document(converter: FileConverter, tmp_path: Path) -> None:
    path = make_text(tmp_path / "a.txt", "texte")
    meta = {"doc_id": "abc", "file": "dossier/a.txt", "client": "Dupont"}
    (document,) = converter.run(sources=[str(path)], meta=[meta])["documents"]
    assert meta == {"doc_id": "abc", "file": "dossier/a.txt", "client": "Dupont"}
    assert document.id == "abc"
    assert {k: document.meta[k] for k in meta} == meta
    assert set(document.meta) >= {"items", "pages", "title", "converter", "warnings", "fonts"}


# --------------------------------------------------------------------------- OCR


def test_scanned_pdf_with_ocr_disabled_says_so(tmp_path: Path) -> None:
    path = make_scanned_pdf(tmp_path / "scan.pdf", [["ARTICLE 1"]])
    result = FileConverter(ocr=False).run(sources=[str(path)], meta=[meta_for(path)])
    (failure,) = result["failures"]
    assert failure["kind"] == "no_text_layer" and "OCR is disabled" in failure["error"]


def _fake_engine(bin_dir: Path, name: str) -> None:
    """A stand-in for ocrmypdf / tesseract: logs its arguments, writes an OCR-like PDF."""
    script = bin_dir / name
    script.write_text(
        f"""#!{sys.executable}
import json, os, sys
from pathlib import Path
sys.path.insert(0, {str(REPO_ROOT)!r})
args = sys.argv[1:]
if args[:1] == ["--list-langs"]:
    print("List of available languages in /fake (2):")
    print("eng")
    print("fra")
    sys.exit(0)
with open(os.environ["FAKE_OCR_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps([Path(sys.argv[0]).name, *args]) + "\\n")
from tests.pipelines.files import make_ocr_layer_pdf
if Path(sys.argv[0]).name == "ocrmypdf":
    import pypdfium2
    count = len(pypdfium2.PdfDocument(args[-2]))
    make_ocr_layer_pdf(args[-1], [[f"ARTICLE {{n + 1}} — TEXTE RECONNU"] for n in range(count)])
else:
    images = [line for line in Path(args[0]).read_text().splitlines() if line]
    make_ocr_layer_pdf(args[1] + ".pdf", [[f"RECONNU {{Path(image).stem}}"] for image in images])
""",
        encoding="utf-8",
    )
    script.chmod(0o755)


@pytest.fixture
def fake_bin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("FAKE_OCR_LOG", str(tmp_path / "ocr-log.jsonl"))
    return bin_dir


def _ocr_calls(tmp_path: Path) -> list[list[str]]:
    log = tmp_path / "ocr-log.jsonl"
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_scanned_pdf_goes_through_ocrmypdf(converter: FileConverter, tmp_path: Path, fake_bin: Path) -> None:
    _fake_engine(fake_bin, "tesseract")
    _fake_engine(fake_bin, "ocrmypdf")
    engine = find_ocr_engine()
    assert engine is not None and engine.name == "ocrmypdf" and engine.languages == ("eng", "fra")
    path = make_scanned_pdf(tmp_path / "scan.pdf", [["ARTICLE 1 — OBJET"], ["ARTICLE 2 — DURÉE"]])

    document = convert_one(converter, path)

    (call,) = _ocr_calls(tmp_path)
    assert call[0] == "ocrmypdf" and "--skip-text" in call and call[call.index("-l") + 1] == "fra+eng"
    assert call[-2] == str(path)
    assert [(i.page, i.text) for i in items_of(document)] == [
        (1, "ARTICLE 1 — TEXTE RECONNU"),
        (2, "ARTICLE 2 — TEXTE RECONNU"),
    ]
    assert document.meta["pages"] == 2
    assert any("OCR (ocrmypdf, fra+eng)" in w for w in document.meta["warnings"])
    assert path.exists()


def test_mixed_pdf_with_tesseract_only_recognises_the_scanned_page(
    converter: FileConverter, tmp_path: Path, fake_bin: Path
) -> None:
    from pypdfium2 import PdfDocument

    _fake_engine(fake_bin, "tesseract")
    text_pdf = make_pdf(tmp_path / "text.pdf", [[SECTIONS[0]]]).path
    scan = make_scanned_pdf(tmp_path / "scan.pdf", [["annexe scannée"]])
    mixed = PdfDocument.new()
    mixed.import_pages(PdfDocument(text_pdf))
    mixed.import_pages(PdfDocument(scan))
    path = tmp_path / "mixed.pdf"
    mixed.save(path)

    document = convert_one(converter, path)

    (call,) = _ocr_calls(tmp_path)
    assert call[0] == "tesseract" and call[-1] == "pdf"
    items = items_of(document)
    assert items[0] == TextItem("ARTICLE 1 — OBJET", page=1, start=0, end=17)
    assert [(i.page, i.text) for i in items if i.page == 2] == [(2, "RECONNU page-00002")]
    assert any("OCR (tesseract" in w for w in document.meta["warnings"])


def test_mixed_pdf_without_ocr_keeps_the_text_pages_and_warns(
    converter: FileConverter, tmp_path: Path, no_ocr_on_path: None
) -> None:
    from pypdfium2 import PdfDocument

    mixed = PdfDocument.new()
    mixed.import_pages(PdfDocument(make_pdf(tmp_path / "t.pdf", [[SECTIONS[0]]]).path))
    mixed.import_pages(PdfDocument(make_scanned_pdf(tmp_path / "s.pdf", [["annexe"]])))
    path = tmp_path / "mixed.pdf"
    mixed.save(path)
    document = convert_one(converter, path)
    assert {i.page for i in items_of(document)} == {1}
    assert any("page(s) 2 have no text layer" in w for w in document.meta["warnings"])


def test_ocr_languages_keep_installed_packs_only() -> None:
    assert choose_languages(["fra", "eng"], ["eng", "fra", "osd"]) == ("fra+eng", [])
    lang, warnings = choose_languages(["fra", "eng"], ["eng"])
    assert lang == "eng" and "tesseract-ocr-fra" in warnings[0]
    assert choose_languages(["deu"], ["eng"])[0] == "eng"


# --------------------------------------------------------------------------- component plumbing


def test_round_trips_through_to_dict_and_from_dict() -> None:
    original = FileConverter(ocr=False, ocr_languages=["eng"], models_dir="/m", max_file_mb=10.0)
    data = original.to_dict()
    assert data["init_parameters"] == {"ocr": False, "ocr_languages": ["eng"], "models_dir": "/m", "max_file_mb": 10.0}
    restored = FileConverter.from_dict(data)
    assert component_to_dict(restored, "converter") == data
    assert isinstance(component_from_dict(FileConverter, data, "converter"), FileConverter)
    restored_params = (restored.ocr, restored.ocr_languages, restored.models_dir, restored.max_file_mb)
    assert restored_params == (False, ["eng"], "/m", 10.0)


def test_runs_inside_a_pipeline(tmp_path: Path) -> None:
    pipeline = Pipeline()
    pipeline.add_component("converter", FileConverter(ocr=False))
    pipeline = Pipeline.loads(pipeline.dumps())  # YAML round trip
    pdf = make_pdf(tmp_path / "bail.pdf", [[SECTIONS[0]], [SECTIONS[1]]]).path
    md = make_markdown(tmp_path / "note.md", SECTIONS[:1]).path
    result = pipeline.run(
        {
            "converter": {
                "sources": [str(pdf), str(md), str(tmp_path / "x.xls")],
                "meta": [meta_for(pdf), meta_for(md), {"doc_id": "x", "file": "x.xls"}],
            }
        }
    )
    documents = result["converter"]["documents"]
    assert [d.id for d in documents] == ["bail", "note"]
    assert documents[0].meta["pages"] == 2
    assert [f["kind"] for f in result["converter"]["failures"]] == ["unsupported"]


def test_layout_models_are_looked_for_in_models_dir(tmp_path: Path) -> None:
    assert find_docling_artifacts(None) is None
    assert find_docling_artifacts(tmp_path) is None
    layout = tmp_path / "docling" / "docling-project--docling-layout-heron"
    layout.mkdir(parents=True)
    assert find_docling_artifacts(tmp_path) is None  # an empty folder is no model
    (layout / "config.json").write_text("{}")
    assert find_docling_artifacts(tmp_path) == tmp_path / "docling"


def test_unloadable_layout_models_fall_back_to_the_native_reader(tmp_path: Path) -> None:
    layout = tmp_path / "docling" / "docling-project--docling-layout-heron"
    layout.mkdir(parents=True)
    (layout / "config.json").write_text("{}")  # present but not a model
    converter = FileConverter(models_dir=str(tmp_path))
    pdf = make_pdf(tmp_path / "a.pdf", [[SECTIONS[0]]]).path
    document = convert_one(converter, pdf)
    assert document.meta["converter"] == "docling-native-pdf"


def test_no_network_was_attempted(network_baseline: int) -> None:
    """Runs last in this module: none of the conversions above tried to leave the machine."""
    assert conftest.BLOCKED_ATTEMPTS[network_baseline:] == []


# --------------------------------------------------------------------------- titles over several lines


def test_a_pdf_title_drawn_over_two_lines_is_read_whole(converter: FileConverter, tmp_path: Path) -> None:
    # A long title wraps in the PDF; every line is its own item. Was « … PRESTATIONS DE CONSEIL EN »
    from devtools.writers import Block, ContractText, write_pdf

    title = "CONTRAT-CADRE DE PRESTATIONS DE CONSEIL EN ORGANISATION INDUSTRIELLE ET EN GESTION DES STOCKS DE PIÈCES"
    text = ContractText(title=title, blocks=(Block("paragraph", "ENTRE LES SOUSSIGNÉS :"), Block("heading", "ARTICLE 1 — OBJET"),
                                             Block("paragraph", "Le prestataire conseille le client. " * 5)), language="fr")
    write_pdf(text, tmp_path / "cadre.pdf")
    document = convert_one(converter, tmp_path / "cadre.pdf")
    assert len([i for i in items_of(document) if i.text in title]) >= 2, "the title is drawn over several lines"
    assert document.meta["title"] == title


@pytest.mark.parametrize(
    ("lines", "sizes", "title"),
    [
        # ends mid-phrase, in one block of capitals: joined, without type sizes
        (["AVENANT N° 3 AU BAIL DU 14", "JUIN 2019", "ENTRE :"], None, "AVENANT N° 3 AU BAIL DU 14 JUIN 2019"),
        (["CONVENTION DE MISE À DISPOSITION DE PERSONNEL ET", "DE MOYENS", "Entre les soussignés"], None,
         "CONVENTION DE MISE À DISPOSITION DE PERSONNEL ET DE MOYENS"),
        # a complete title: the next line is not part of it, even in capitals
        (["BAIL COMMERCIAL", "ENTRE LES SOUSSIGNÉS :"], None, "BAIL COMMERCIAL"),
        (["CONTRAT DE LICENCE", "ARTICLE 1 — OBJET", "Texte."], None, "CONTRAT DE LICENCE"),
        # lowercase lines are never joined by the words they end on
        (["Simple paragraphe sans titre et", "qui continue ici."], None, "Simple paragraphe sans titre et"),
        # set in the title's size, larger than the text after it: joined, whatever the last word
        (["ACCORD DE LICENCE DE LOGICIEL EN MODE", "HÉBERGÉ", "Entre les soussignés"], [14.0, 14.0, 10.0],
         "ACCORD DE LICENCE DE LOGICIEL EN MODE HÉBERGÉ"),
        (["Contrat de prêt", "Entre les soussignés"], [10.0, 10.0], "Contrat de prêt"),
    ],
)
def test_title_joins_its_continuation_lines(lines: list[str], sizes: list[float] | None, title: str) -> None:
    from pipelines.converters.base import title_of

    items = [TextItem(text=line, page=1, kind="text") for line in lines]
    fonts = [{"font": None, "bold": None, "size": size} for size in sizes] if sizes else None
    assert title_of(items, "stem", fonts) == title


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # the shapes of contracts filed as text: the title runs into the opening sentence…
        ('EXHIBIT 10.1 RESELLER AGREEMENT THIS RESELLER AGREEMENT (this "Agreement") is made and entered into on April 7, 2017.\n'
         "1. Appointment. Reseller is appointed.", "EXHIBIT 10.1 RESELLER AGREEMENT"),
        ('SERVICES AGREEMENT, dated as of April 1, 2019 (the "Agreement"), between Idan Maimon and Intellisense Solutions, Inc.\n'
         "1. Services. The Consultant provides services.", "SERVICES AGREEMENT"),
        # …or the exhibit's label stands alone, a page number before it, the name on the next line
        ("1          EXHIBIT 10.4\n\n          SPONSORSHIP AGREEMENT      ---------------------\n\nThis Sponsorship Agreement is made "
         "between National Basketball Inc. and Acme Corp.", "EXHIBIT 10.4 SPONSORSHIP AGREEMENT"),
        ("Exhibit 10.24\nENDORSEMENT AGREEMENT\nThis Endorsement Agreement is made between Lifeway Foods, Inc. and Ludmila Smolyansky.",
         "Exhibit 10.24 ENDORSEMENT AGREEMENT"),
        # a title that is whole stays as it is, its date included
        ("Amendment No. 1 to the Supply Agreement dated May 5, 2004\nThe parties amend Section 3.", "Amendment No. 1 to the Supply Agreement dated May 5, 2004"),
        ("Contrat de prestation de services logistiques\nENTRE LES SOUSSIGNÉS : Ferlandes Transports SAS", "Contrat de prestation de services logistiques"),
        # a legend stamped above the title names no document (walkthrough 17's NDA was « STRICTLY PRIVATE AND CONFIDENTIAL »)…
        ("STRICTLY PRIVATE AND CONFIDENTIAL\n\nCONFIDENTIALITY AGREEMENT - PROJECT CEP\n\nTHIS AGREEMENT is made on 9 October 2025 between "
         "Maison Ravenel SAS and Glenmorven Holdings Ltd.", "CONFIDENTIALITY AGREEMENT - PROJECT CEP"),
        ("PROJET\n\nCONTRAT DE CESSION DE FONDS DE COMMERCE\n\nENTRE LES SOUSSIGNÉS : Caves Ravenel SAS", "CONTRAT DE CESSION DE FONDS DE COMMERCE"),
        # … but a title that starts with such a word keeps it
        ("CONFIDENTIAL INFORMATION AGREEMENT\nThis Agreement is made between Acme Corp. and Beta LLC.", "CONFIDENTIAL INFORMATION AGREEMENT"),
        ("PROJET DE CONTRAT DE CESSION\nENTRE LES SOUSSIGNÉS : Caves Ravenel SAS", "PROJET DE CONTRAT DE CESSION"),
        # a review: several stamps on one line, and one that is a phrase
        ("WITHOUT PREJUDICE SAVE AS TO COSTS\n\nSETTLEMENT AGREEMENT\n\nThis Agreement is made between Acme Corp. and Beta LLC.", "SETTLEMENT AGREEMENT"),
        ("Strictly Private & Confidential - Subject to Contract\n\nSHARE PURCHASE AGREEMENT\n\nThis Agreement is made between Acme Corp. and "
         "Beta LLC.", "SHARE PURCHASE AGREEMENT"),
    ],
)
def test_a_text_file_s_title_is_the_document_s_name_not_its_opening_sentence(converter: FileConverter, tmp_path: Path, text: str, title: str) -> None:
    path = tmp_path / "contract.txt"
    path.write_text(text, encoding="utf-8")
    assert convert_one(converter, path).meta["title"] == title
