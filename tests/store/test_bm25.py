from store.bm25 import BM25Index
from greffier.text import content_tokens, tokenize


def test_tokenize_folds_accents_elisions_and_stop_words():
    tokens = tokenize("Conformément à l'article 5, la RÉSILIATION qu'il notifie — the Supplier's liability")
    assert "article" in tokens and "resiliation" in tokens and "conformement" in tokens
    assert "l" not in tokens and "la" not in tokens and "the" not in tokens
    assert "notifie" in tokens and "supplier" in tokens
    assert tokenize("l’exclusivité") == tokenize("EXCLUSIVITE") == ["exclusivite"]


def test_an_e_prefixed_word_is_the_word_a_file_name_writes_and_still_the_word():
    # walkthrough 26: "its e-commerce warehouse provider" and `Contrat_logistique_ecommerce_Colisia.pdf` shared no word
    assert tokenize("E-Commerce") == ["ecommerce", "commerce"] and "ecommerce" in tokenize("Contrat logistique ecommerce")
    assert tokenize("un e-mail") == ["email", "mail"] and tokenize("vingt-deux") == ["vingt", "deux"]


def test_a_number_is_one_token_however_its_thousands_are_written():
    # A French question writes « 50 000 » (space, no-break or narrow no-break space, or a dot); an
    # English contract "50,000": the same number. Decimals and clause numbers stay as written.
    assert tokenize("50 000 options") == tokenize("50,000 options") == ["50000", "options"]
    assert tokenize("1\u202f000 parts") == tokenize("1\u00a0000 parts") == tokenize("1.000 parts") == ["1000", "parts"]
    assert tokenize("$14,500,000.00") == ["14500000.00"]
    assert tokenize("taux de 1,5 % ; Sections 1, 4.2 et 12, 134") == ["taux", "1,5", "sections", "1", "4.2", "12", "134"]
    index = BM25Index.build(["en", "other"], [tokenize("A one time issuance of 50,000 options"), tokenize("options to renew")], generation=1)
    assert [hit.chunk_id for hit in index.search(tokenize("les 50 000 options"), top_k=1)] == ["en"]


def test_stop_word_query_has_no_tokens_but_has_content_tokens():
    assert tokenize("le la les of the") == []
    assert content_tokens("le la les") == ["le", "la", "les"]


def _index():
    texts = {
        "a-1": "Clause de non-concurrence d'une durée de deux ans.",
        "a-2": "Le contrat est soumis au droit français.",
        "b-1": "Exclusivité territoriale accordée au distributeur en France.",
        "b-2": "This agreement is governed by the laws of the State of New York.",
    }
    ids = list(texts)
    return BM25Index.build(ids, [tokenize(texts[i]) for i in ids], generation=3)


def test_search_ranks_the_matching_chunk_first():
    hits = _index().search(tokenize("exclusivité territoriale"), top_k=3)
    assert hits[0].chunk_id == "b-1"
    assert all(h.score > 0 for h in hits)


def test_prefilter_applies_before_ranking():
    index = _index()
    assert [h.chunk_id for h in index.search(tokenize("droit"), top_k=5, allowed_ids={"a-2"})] == ["a-2"]
    assert index.search(tokenize("droit"), top_k=5, allowed_ids={"b-1"}) == []
    # top_k larger than the allowed set is fine
    assert index.search(tokenize("governed laws"), top_k=50, allowed_ids={"b-2", "a-1"})[0].chunk_id == "b-2"


def test_unknown_terms_and_empty_index():
    assert _index().search(tokenize("zzzz"), top_k=5) == []
    assert BM25Index.build([], [], 0).search(["x"], 5) == []


def test_save_and_load_round_trip(tmp_path):
    index = _index()
    index.save(tmp_path)
    loaded = BM25Index.load(tmp_path)
    assert loaded is not None and loaded.generation == 3
    assert [h.chunk_id for h in loaded.search(tokenize("non concurrence"), 2)] == ["a-1"]
    assert BM25Index.load(tmp_path / "missing") is None


def test_postings_list_the_chunks_holding_a_token_in_index_order(tmp_path):
    index = _index()
    assert list(index.chunks_with("contrat")) == ["a-2"]
    assert list(index.chunks_with(tokenize("durée")[0])) == ["a-1"]
    both = BM25Index.build(["x-1", "x-2", "y-1"], [["loyer", "bail"], ["bail"], ["bail", "prix"]], generation=1)
    assert list(both.chunks_with("bail")) == ["x-1", "x-2", "y-1"]
    assert list(both.chunks_with("absent")) == [] and list(BM25Index.build([], [], 0).chunks_with("bail")) == []
    both.save(tmp_path)
    assert list(BM25Index.load(tmp_path).chunks_with("prix")) == ["y-1"]
