"""GreffierReranker on a tiny cross-encoder built by the test, through FlagEmbedding's FlagReranker."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from haystack import Document, Pipeline
from haystack.core.serialization import component_from_dict, component_to_dict

from greffier.config import ModelSettings, Settings
from greffier.errors import ModelNotFoundError
from pipelines.rankers import GreffierReranker, reranker_available
from pipelines.types import indexed_text
from tests.tiny_models import install_tiny_reranker

QUERY = "Quelle est la durée du bail ?"


@pytest.fixture(autouse=True)
def empty_hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))


@pytest.fixture
def reranker_models_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "models"
    install_tiny_reranker(folder)
    return folder


def candidates() -> list[Document]:
    texts = [
        "Le bail est conclu pour une durée de neuf années entières et consécutives.",
        "Le loyer annuel est fixé à douze mille euros hors taxes.",
        "The tenant may not assign the lease without consent.",
        "Toute résiliation doit être notifiée par lettre recommandée.",
        "The weather is sunny today.",
        "Les parties s'engagent à respecter la confidentialité.",
        "Article 3 — Prix. Le prix est payable à trente jours.",
    ]
    return [
        Document(id=f"c-{i}", content=text, meta={"header": "Bail commercial"} if i % 2 else {}, score=0.1 * i)
        for i, text in enumerate(texts)
    ]


def test_reranker_available_follows_the_models_folder(tmp_path: Path, reranker_models_dir: Path) -> None:
    assert reranker_available(ModelSettings(models_dir=tmp_path / "nothing-here")) is False
    assert reranker_available(Settings(models=ModelSettings(models_dir=reranker_models_dir))) is True
    assert reranker_available(ModelSettings(models_dir=reranker_models_dir, reranker="none")) is False


def test_warm_up_without_a_model_says_so(tmp_path: Path) -> None:
    ranker = GreffierReranker(models_dir=str(tmp_path))  # cheap: nothing resolved yet
    with pytest.raises(ModelNotFoundError, match="no reranker model.*reranker_available"):
        ranker.warm_up()
    assert ranker.run(query=QUERY, documents=[])["documents"] == []


@pytest.mark.slow
def test_reranker_sorts_by_sigmoid_scores_and_honours_top_k(reranker_models_dir: Path) -> None:
    from FlagEmbedding import FlagReranker

    docs = candidates()
    before = copy.deepcopy(docs)
    ranker = GreffierReranker(models_dir=str(reranker_models_dir), device="cpu", top_k=3, batch_size=2)

    ranked = ranker.run(query=QUERY, documents=docs)["documents"]

    assert docs == before
    assert len(ranked) == 3
    scores = [doc.score for doc in ranked]
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 < s < 1.0 for s in scores)

    reference = FlagReranker(str(reranker_models_dir / "bge-reranker-v2-m3"), use_fp16=False, devices="cpu")
    pairs = [(QUERY, indexed_text(d.content, d.meta.get("header"))) for d in docs]
    expected = sorted(zip(reference.compute_score(pairs, normalize=True), (d.id for d in docs)), reverse=True)
    assert [doc.id for doc in ranked] == [doc_id for _, doc_id in expected[:3]]
    assert scores == pytest.approx([score for score, _ in expected[:3]], abs=1e-6)

    everything = ranker.run(query=QUERY, documents=docs, top_k=50)["documents"]
    assert sorted(d.id for d in everything) == sorted(d.id for d in docs)
    assert len(ranker.run(query=QUERY, documents=docs, top_k=1)["documents"]) == 1
    with pytest.raises(ValueError, match="top_k"):
        ranker.run(query=QUERY, documents=docs, top_k=0)


@pytest.mark.slow
def test_reranker_scores_only_the_first_candidates_and_keeps_the_rest_in_order(reranker_models_dir: Path) -> None:
    docs = candidates()
    ranker = GreffierReranker(models_dir=str(reranker_models_dir), device="cpu", top_k=50, candidates=2)

    ranked = ranker.run(query=QUERY, documents=docs)["documents"]

    assert sorted(d.id for d in ranked[:2]) == sorted(d.id for d in docs[:2])
    assert all(0.0 < d.score < 1.0 and d.meta["rerank_score"] == d.score for d in ranked[:2])
    assert [d.id for d in ranked[2:]] == [d.id for d in docs[2:]]
    assert all(d.score == 0.0 and d.meta["rerank_score"] is None for d in ranked[2:])
    assert len(ranker.run(query=QUERY, documents=docs, candidates=1, top_k=2)["documents"]) == 2
    assert [d.id for d in ranker.run(query=QUERY, documents=docs, candidates=1)["documents"][1:]] == [d.id for d in docs[1:]]
    with pytest.raises(ValueError, match="candidates"):
        ranker.run(query=QUERY, documents=docs, candidates=0)
    with pytest.raises(ValueError, match="candidates"):
        GreffierReranker(candidates=0)


@pytest.mark.slow
def test_reranker_model_is_shared(reranker_models_dir: Path) -> None:
    first = GreffierReranker(models_dir=str(reranker_models_dir), device="cpu")
    second = GreffierReranker(models_dir=str(reranker_models_dir), device="cpu", top_k=2)
    first.warm_up()
    second.warm_up()
    assert first._backend is second._backend


def test_reranker_round_trips_through_to_dict_and_pipeline_yaml(tmp_path: Path) -> None:
    ranker = GreffierReranker(models_dir=str(tmp_path), top_k=8, max_length=256)

    data = component_to_dict(ranker, "ranker")
    assert data["init_parameters"] == {
        "model": "auto", "models_dir": str(tmp_path), "device": "auto", "top_k": 8,
        "max_length": 256, "batch_size": 16, "prefix_meta_key": "header", "candidates": None,
    }
    assert component_to_dict(component_from_dict(GreffierReranker, data, "ranker"), "ranker") == data
    pipeline = Pipeline()
    pipeline.add_component("ranker", ranker)
    assert component_to_dict(Pipeline.loads(pipeline.dumps()).get_component("ranker"), "ranker") == data


def test_invalid_top_k_is_refused_at_init() -> None:
    with pytest.raises(ValueError, match="top_k"):
        GreffierReranker(top_k=0)


def test_a_translation_or_an_amendment_is_told_by_its_title_or_its_file_name_underscores_and_all():
    from pipelines.passages import is_translation, is_translation_or_amendment

    def doc(**meta):  # noqa: ANN202
        return Document(content="x", meta=meta)

    # « avenant_1_… »: an underscore is a word character, so a word boundary missed the amendment (the several contracts' answer
    # counted an avenant as another contract)
    assert is_translation_or_amendment(doc(file="room/avenant_1_preachat_horizon.docx"))
    assert is_translation_or_amendment(doc(title="AMENDMENT NO. 1")) and not is_translation(doc(title="AMENDMENT NO. 1"))
    assert is_translation(doc(file="traduction_licence_northbridge.pdf")) and is_translation(doc(title="LICENCE — COURTESY TRANSLATION"))
    # a word that only begins like one is not: a list of amendments, an amended licence
    assert not is_translation_or_amendment(doc(file="amendments_list.md")) and not is_translation_or_amendment(doc(title="Licence amendée"))
