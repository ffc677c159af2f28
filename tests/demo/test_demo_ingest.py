"""The bundled demo data room, ingested for real: every article of the manifest is a findable section
with the right page, and every file is ingested without error."""

from __future__ import annotations

import re

import pytest

from demo import generate as demo_generate
from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.services.status import inspect_workspace
from greffier.services.search import search

pytestmark = pytest.mark.slow


def _norm(text: str) -> str:
    return re.sub(r"\s*[—–-]\s*", " - ", " ".join(text.split())).casefold()


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    base = tmp_path_factory.mktemp("demo")
    room = base / "dataroom"
    manifest = demo_generate.generate(room, base / "manifest.json")
    settings = load_settings(base / "ws")
    report = Ingestor(settings).ingest(room)
    documents = {d["file"].removeprefix("dataroom/"): d for d in inspect_workspace(settings)["documents"]}
    return {"manifest": manifest, "report": report, "documents": documents, "settings": settings}


def test_every_demo_file_is_ingested(demo):
    assert demo["report"].failed == []
    assert set(demo["documents"]) == {c["file"] for c in demo["manifest"]["contracts"]}


def test_every_manifest_article_is_a_section_on_its_page(demo):
    missing, wrong_page = [], []
    for contract in demo["manifest"]["contracts"]:
        chunks = demo["documents"][contract["file"]]["chunks"]
        for article in contract["articles"]:
            heading = _norm(article["heading"])
            found = [c for c in chunks if c["section"] and _norm(c["section"]).split(" > ")[-1] == heading]
            if not found:
                missing.append((contract["id"], article["heading"]))
                continue
            if article["page"] is not None and (found[0]["page"], found[-1]["page_end"]) != (article["page"], article["page_end"]):
                wrong_page.append((contract["id"], article["heading"], (found[0]["page"], found[-1]["page_end"]), (article["page"], article["page_end"])))
    total = sum(len(c["articles"]) for c in demo["manifest"]["contracts"])
    # Heading detection is heuristic on PDFs; every miss is listed to keep it honest.
    assert len(missing) <= total * 0.02, missing
    assert wrong_page == []


def test_pdf_documents_have_their_page_counts(demo):
    for contract in demo["manifest"]["contracts"]:
        if contract["pages"]:
            assert demo["documents"][contract["file"]]["pages"] == contract["pages"]


def test_search_finds_the_exclusivity_article_of_the_distribution_contract(demo):
    results = search(demo["settings"], "exclusivité territoriale Benelux distributeur")["results"]
    exclusive = [c for c in demo["manifest"]["contracts"] if "exclusivity" in c["flags"]]
    assert results[0]["file"].removeprefix("dataroom/") in {c["file"] for c in exclusive}
