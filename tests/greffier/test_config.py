from greffier.config import FusionMethod, load_settings, save_workspace_settings


def test_defaults_match_the_specification(tmp_path):
    settings = load_settings(tmp_path)
    assert settings.workspace == tmp_path
    assert settings.chunking.chunk_size == 480 and settings.chunking.min_chunk == 32
    assert settings.chunking.respect_sections is True
    assert settings.search.top_k_retrieval == 50 and settings.search.top_k_final == 5
    assert settings.search.min_score == 0.0
    assert settings.search.fusion is FusionMethod.combine_and_dedup
    assert settings.data_dir == tmp_path / ".greffier"


def test_environment_overrides(monkeypatch, tmp_path):
    monkeypatch.setenv("GREFFIER_WORKSPACE", str(tmp_path / "ws"))
    monkeypatch.setenv("GREFFIER_SEARCH__TOP_K_FINAL", "9")
    monkeypatch.setenv("GREFFIER_OCR__ENABLED", "false")
    settings = load_settings()
    assert settings.workspace == tmp_path / "ws"
    assert settings.search.top_k_final == 9
    assert settings.ocr.enabled is False


def test_workspace_settings_persist_and_stay_per_workspace(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    settings = load_settings(first)
    settings.search.top_k_final = 12
    settings.search.fusion = FusionMethod.rrf
    save_workspace_settings(settings)
    reloaded = load_settings(first)
    assert reloaded.search.top_k_final == 12 and reloaded.search.fusion is FusionMethod.rrf
    assert load_settings(second).search.top_k_final == 5


def test_environment_wins_over_saved_settings(monkeypatch, tmp_path):
    settings = load_settings(tmp_path)
    settings.search.top_k_final = 12
    save_workspace_settings(settings)
    monkeypatch.setenv("GREFFIER_SEARCH__TOP_K_FINAL", "3")
    assert load_settings(tmp_path).search.top_k_final == 3
