"""The bundled demo data room: every file exists in its format, the manifest tells the truth about the
files (PDF pages, where each article lands, planted facts) and the generator is deterministic."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import docx
import pypdfium2 as pdfium
import pytest
from stdnum.fr import siren

from demo import generate as demo_generate

COMMITTED_MANIFEST = Path(demo_generate.__file__).parent / "manifest.json"
FRENCH_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                 "octobre", "novembre", "décembre")
# Spelled out rather than strftime("%B"), which follows the process locale.
ENGLISH_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December")
LAW_PHRASES = {
    "droit français": ("au droit français", "par le droit français", "governed by French law"),
    "droit suisse": ("au droit suisse",),
    "droit anglais": ("law of England and Wales",),
    "droit de l'État de New York": ("laws of the State of New York",),
}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One generation for the whole module: the data room folder, its manifest and its JSON index."""
    root = tmp_path_factory.mktemp("demo")
    manifest = demo_generate.generate(root / "dataroom", root / "manifest.json", root / "index.json")
    index = json.loads((root / "index.json").read_text(encoding="utf-8"))
    return {"root": root, "out": root / "dataroom", "manifest": manifest, "index": index}


def _contracts(generated: dict, file_format: str | None = None) -> list[dict]:
    contracts = generated["manifest"]["contracts"]
    return [c for c in contracts if file_format is None or c["format"] == file_format]


def _pdf_page_texts(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[index].get_textpage().get_text_range() for index in range(len(pdf))]
    finally:
        pdf.close()


def _content_by_id(generated: dict) -> dict[str, str]:
    by_file = {row["filename"]: row["content"] for row in generated["index"]}
    return {c["id"]: by_file[c["file"]] for c in _contracts(generated)}


def test_committed_manifest_matches_a_fresh_generation(generated: dict) -> None:
    committed = json.loads(COMMITTED_MANIFEST.read_text(encoding="utf-8"))
    assert committed == generated["manifest"], "demo/manifest.json is stale: run python demo/generate.py"
    assert (generated["root"] / "manifest.json").read_bytes() == COMMITTED_MANIFEST.read_bytes()


def test_the_data_room_holds_exactly_the_manifest_files(generated: dict) -> None:
    on_disk = {p.relative_to(generated["out"]).as_posix() for p in generated["out"].rglob("*") if p.is_file()}
    listed = {c["file"] for c in _contracts(generated)}
    assert on_disk == listed
    for contract in _contracts(generated):
        assert (generated["out"] / contract["file"]).stat().st_size > 0, contract["file"]


def test_the_mix_of_formats_languages_and_folders_is_realistic(generated: dict) -> None:
    contracts = _contracts(generated)
    assert 24 <= len(contracts) <= 28
    assert [c["id"] for c in contracts] == [f"d{n:02d}" for n in range(1, len(contracts) + 1)]
    formats = [c["format"] for c in contracts]
    assert formats.count("pdf") >= 8
    assert {"docx", "html", "md", "txt"} <= set(formats)
    languages = [c["language"] for c in contracts]
    assert languages.count("fr") > languages.count("en") > 0
    assert len({c["file"].split("/")[0] for c in contracts}) >= 6
    assert generated["manifest"]["reference_date"] == "2026-11-30"


def test_pdfs_have_the_manifest_page_count_and_a_text_layer(generated: dict) -> None:
    for contract in _contracts(generated, "pdf"):
        pages = _pdf_page_texts(generated["out"] / contract["file"])
        assert len(pages) == contract["pages"], contract["file"]
        # A last page may hold only a signature block, but every page has its footer and some text.
        assert all(len(text.split()) > 8 for text in pages), f"{contract['file']} has a page without text"
    assert any(c["pages"] >= 3 for c in _contracts(generated, "pdf"))


def test_pdf_article_headings_sit_on_their_recorded_pages(generated: dict) -> None:
    straddling = 0
    for contract in _contracts(generated, "pdf"):
        pages = _pdf_page_texts(generated["out"] / contract["file"])
        assert contract["articles"], contract["file"]
        for article in contract["articles"]:
            assert article["heading"] in pages[article["page"] - 1], (contract["file"], article)
            assert article["page"] <= article["page_end"] <= contract["pages"]
            straddling += article["page_end"] > article["page"]
    assert straddling > 0, "no PDF article crosses a page break"


def test_non_pdf_contracts_have_headings_but_no_pages(generated: dict) -> None:
    for contract in _contracts(generated):
        if contract["format"] != "pdf":
            assert contract["pages"] is None
            assert contract["articles"] and all(a["page"] is None for a in contract["articles"])


def test_docx_files_open_and_most_use_heading_styles(generated: dict) -> None:
    uses_styles = []
    for contract in _contracts(generated, "docx"):
        document = docx.Document(str(generated["out"] / contract["file"]))
        styles = {p.style.name for p in document.paragraphs}
        uses_styles.append("Heading 1" in styles)
        assert len(document.paragraphs) > 10
    assert uses_styles.count(False) >= 1 and uses_styles.count(True) > uses_styles.count(False)


def test_facts_reference_existing_contracts_and_links(generated: dict) -> None:
    ids = {c["id"] for c in _contracts(generated)}
    kinds = set()
    for fact in generated["manifest"]["facts"]:
        kinds.add(fact["kind"])
        assert fact["contracts"] and set(fact["contracts"]) <= ids, fact
        assert fact["detail"]
    assert kinds == demo_generate.FACT_KINDS
    for contract in _contracts(generated):
        for field in ("amends", "duplicate_of", "translation_of"):
            assert contract[field] is None or contract[field] in ids


def test_amendments_postpone_or_keep_the_term(generated: dict) -> None:
    by_id = {c["id"]: c for c in _contracts(generated)}
    for fact in generated["manifest"]["facts"]:
        if fact["kind"] in ("amendment_postpones", "amendment_price_only"):
            original, amendment = (by_id[cid] for cid in fact["contracts"])
            assert amendment["amends"] == original["id"]
            assert amendment["signature_date"] > original["signature_date"]
    postponed = next(f for f in generated["manifest"]["facts"] if f["kind"] == "amendment_postpones")
    original = by_id[postponed["contracts"][0]]
    assert original["end_date"] > original["initial_end_date"]


def test_sirens_pass_the_luhn_check_except_the_planted_one(generated: dict) -> None:
    planted = {cid for f in generated["manifest"]["facts"] if f["kind"] == "invalid_siren" for cid in f["contracts"]}
    for contract in _contracts(generated):
        numbers = [s for s in contract["siren_parties"] if s]
        assert len(contract["siren_parties"]) == len(contract["parties"])
        assert all(siren.is_valid(s) for s in numbers) == (contract["id"] not in planted), contract["id"]


def test_json_index_follows_the_manifest_except_the_planted_contradictions(generated: dict) -> None:
    index = {row["filename"]: row for row in generated["index"]}
    contradictions = {
        (cid, f["field"]) for f in generated["manifest"]["facts"] if f["kind"] == "metadata_contradiction"
        for cid in f["contracts"]
    }
    assert len(index) == len(_contracts(generated))
    for contract in _contracts(generated):
        row = index[contract["file"]]
        for field in demo_generate.INDEX_FIELDS:
            differs = row[field] != contract[field]
            assert differs == ((contract["id"], field) in contradictions), (contract["id"], field)


def test_texts_are_contract_sized_and_state_their_metadata(generated: dict) -> None:
    for cid, content in _content_by_id(generated).items():
        contract = next(c for c in _contracts(generated) if c["id"] == cid)
        assert 300 <= len(content.split()) <= 1500, cid
        law = contract["governing_law"]
        all_phrases = [p for phrases in LAW_PHRASES.values() for p in phrases]
        if law is None:
            assert not any(p in content for p in all_phrases), cid
        else:
            assert any(p in content for p in LAW_PHRASES[law]), cid
        if contract["signature_date"] is None:
            assert "le ____" in content, cid
        else:
            assert any(form in content for form in _date_forms(contract["signature_date"])), cid


def _date_forms(iso: str) -> list[str]:
    """The ways a signature date is written in the demo texts: French, English (both orders), numeric."""
    date = dt.date.fromisoformat(iso)
    day_fr = "1er" if date.day == 1 else str(date.day)
    month_en = ENGLISH_MONTHS[date.month - 1]
    return [
        f"{day_fr} {FRENCH_MONTHS[date.month - 1]} {date.year}",
        f"{date.day} {month_en} {date.year}",
        f"{month_en} {date.day}, {date.year}",
        date.strftime("%d/%m/%Y"),
    ]


def test_generation_is_deterministic(generated: dict, tmp_path: Path) -> None:
    again = demo_generate.generate(tmp_path / "dataroom", tmp_path / "manifest.json", tmp_path / "index.json")
    assert again == generated["manifest"]
    for contract in _contracts(generated):
        first = (generated["out"] / contract["file"]).read_bytes()
        assert (tmp_path / "dataroom" / contract["file"]).read_bytes() == first, contract["file"]
    assert (tmp_path / "index.json").read_bytes() == (generated["root"] / "index.json").read_bytes()


def test_an_unsupported_fact_is_refused() -> None:
    contracts = [{
        "id": "d01", "end_date": "2027-01-01", "governing_law": "droit français", "signature_date": "2020-01-01",
        "siren_parties": ["817442031"], "parties": ["Lisandre Holding SAS"], "amends": None,
        "duplicate_of": None, "translation_of": None, "flags": [demo_generate.EXPIRY_FLAG],
    }]
    facts = [{"kind": "missing_law", "contracts": ["d01"], "detail": "claims a law is missing"}]
    with pytest.raises(demo_generate.DemoDataError, match="missing_law"):
        demo_generate.check_facts(contracts, facts, {})


def test_a_foreign_output_folder_is_not_wiped(tmp_path: Path) -> None:
    (tmp_path / "notes.xlsx").write_bytes(b"user data")
    with pytest.raises(demo_generate.DemoDataError, match="empty --out"):
        demo_generate.prepare_out_dir(tmp_path)
    assert (tmp_path / "notes.xlsx").exists()
