"""FreeDict's everyday dictionaries: the dictd reader (on a tiny dictionary written here, in the real
format), the expansion of the words the glossary does not cover, the absence of the packages, and
packages installed while the app runs (used by the next question, no restart; the sidebar's line:
tests/app/test_pages.py)."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from greffier.lexicon import load_lexicon
from greffier.lexicon.freedict import DICT_DIR_ENV, dictionary_status, dictd_number, entry_senses, load_dictionary, singulars
from greffier.text import tokenize
from pipelines.expanders.query_expansion import asked_units, dictionary_groups, dictionary_translations

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

FRA_ENG = {
    "abonnement": "abonnement /abɔnmɑ̃/ <n, masc>\nsubscription\n",
    "gâteau": "gâteau /gato/ <n, masc>\ncake\n",
    "part": "part /paʀ/ <n, fem>\n1. part, Parthian, share\n2. piece\n",
    "entre": "entre /ɑ̃tʀ/ <prep>\nbetween\n",
    "boisson": "boisson /bwasɔ̃/ <n, fem>\nbeverage, drink\n",
    "agence": "agence /aʒɑ̃s/ <n, fem>\nagency\n",
}
ENG_FRA = {
    "subscription": "subscription /səbskripʃən/\n1. abonnement\n2. cotisation\n",
    "share": "share /ʃɛər/\n1. action\n2. débiter, diviser, partager\n3. part, partie\n4. participer, prendre part\n5. contingent, portion\n",
    "cake": "cake /keik/\ngâteau\n",
    "drink": "drink /driŋk/\nboisson\n",
}


def _b64(number: int) -> str:
    digits = ""
    while True:
        digits = _B64[number % 64] + digits
        number //= 64
        if not number:
            return digits


def write_dictd(folder: Path, name: str, entries: dict[str, str]) -> None:
    """A dictd dictionary as dictfmt writes it: the gzip-compressed text, the index of base-64 places."""
    text, index = b"", []
    header = b"00-database-info\nA test dictionary.\n"
    index.append(f"00databaseinfo\t{_b64(0)}\t{_b64(len(header))}")
    text += header
    for head, entry in sorted(entries.items()):
        data = entry.encode()
        index.append(f"{head}\t{_b64(len(text))}\t{_b64(len(data))}")
        text += data
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.index").write_text("\n".join(index) + "\n", encoding="utf-8")
    with gzip.open(folder / f"{name}.dict.dz", "wb") as stream:
        stream.write(text)


@pytest.fixture
def dictd(tmp_path: Path) -> Path:
    folder = tmp_path / "dictd"
    write_dictd(folder, "freedict-fra-eng", FRA_ENG)
    write_dictd(folder, "freedict-eng-fra", ENG_FRA)
    return folder


def test_dictd_numbers_and_senses():
    assert dictd_number("A") == 0 and dictd_number("BBk4") == 1 * 64**3 + 1 * 64**2 + 36 * 64 + 56
    assert entry_senses(FRA_ENG["part"]) == [["part", "Parthian", "share"], ["piece"]]
    assert entry_senses(FRA_ENG["gâteau"]) == [["cake"]]
    assert singulars("subscriptions", "en")[0] == "subscription" and "chaud" in singulars("chaudes", "fr")


def test_the_loader_reads_a_dictd_file_and_keeps_the_first_wordings(dictd: Path):
    dictionary = load_dictionary(dictd)
    assert dictionary is not None and set(dictionary.languages) == {"fr", "en"}
    assert dictionary.translations("gateau", "fr") == (("cake",),)  # the headword is folded, as tokens are
    assert dictionary.translations("gateaux", "fr") == (("cake",),)  # by its singular
    assert dictionary.translations("subscriptions", "en") == (("abonnement",), ("cotisation",))
    # the first wording of each sense in turn, four at most: « part » is reached in the third sense
    assert dictionary.translations("shares", "en") == (("action",), ("debiter",), ("part",), ("participer",))
    assert dictionary.translations("licorne", "fr") == ()
    assert load_dictionary(dictd) is dictionary  # read once


def test_absent_dictionary_translates_nothing_and_the_status_says_it_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    absent = load_dictionary(tmp_path / "nothing")
    assert absent.languages == () and absent.translations("gateau", "fr") == ()
    monkeypatch.setenv(DICT_DIR_ENV, str(tmp_path / "nothing"))
    row = dictionary_status()
    assert row["present"] is False and row["role"] == "dictionary" and "missing" in row["detail"]
    assert "apt-get install dict-freedict-fra-eng dict-freedict-eng-fra" in row["detail"]


def test_a_corrupt_dictionary_file_is_left_out_not_raised(dictd: Path):
    # a damaged .dict.dz (a disk error, an interrupted install): its deflate stream fails with zlib.error,
    # which must leave that direction out, as a missing file does, not break every question
    damaged = bytearray((dictd / "freedict-fra-eng.dict.dz").read_bytes())
    damaged[len(damaged) // 3 : len(damaged) // 3 + 8] = b"\xff" * 8
    (dictd / "freedict-fra-eng.dict.dz").write_bytes(bytes(damaged))
    dictionary = load_dictionary(dictd)
    assert dictionary is not None and dictionary.languages == ("en",)
    assert dictionary.translations("cake", "en") == (("gateau",),)


def test_status_of_an_installed_dictionary(dictd: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(DICT_DIR_ENV, str(dictd))
    row = dictionary_status()
    assert row["present"] is True and row["in_use"] is True and row["path"] == str(dictd)


def test_words_the_glossary_does_not_cover_are_searched_in_the_other_language_below_the_glossary(dictd: Path):
    dictionary = load_dictionary(dictd)
    question = "Le prix comprend-il les gâteaux et les boissons, entre autres ?"
    tokens = tokenize(question)
    matches = load_lexicon().find(tokens)
    translated = dictionary_translations(tokens, matches, "fr", dictionary)
    assert "prix" not in translated  # the glossary's "price"
    assert translated["boissons"] == (("beverage",), ("drink",)) and translated["gateaux"] == (("cake",),)
    assert "entre" not in translated  # "between" is a function word: it asks nothing
    groups = dictionary_groups(translated, 0.4, None, 0.0, "en")
    assert {g.source for g in groups} == {"dictionary:boissons", "dictionary:gateaux"}
    assert all(g.weight == 0.4 for g in groups)
    # in the relevance check's coverage, the translation counts as the word; its weight is the word's own
    units = {u["token"]: u for u in asked_units(tokens, matches, "fr", None, None, translated=translated)}
    assert ["drink"] in units["boissons"]["terms"] and units["boissons"]["weight"] == 1.0
    without = {u["token"]: u for u in asked_units(tokens, matches, "fr", None, None)}
    assert ["drink"] not in without["boissons"]["terms"]


def test_a_translation_counts_in_the_form_the_passages_write_it(dictd: Path):
    # The dictionary gives « boisson »; the workspace writes « boissons » only (one form of its stem).
    from pipelines.expanders.query_expansion import word_forms
    from store.bm25 import BM25Index

    texts = ["dégustation sur place de boissons chaudes", "le loyer est payable par trimestre", "the rent is payable quarterly"]
    index = BM25Index.build([f"c{n}" for n in range(len(texts))], [tokenize(text) for text in texts], generation=1)
    forms = word_forms(index)
    tokens = tokenize("May we serve a drink in the shop?")
    translated = dictionary_translations(tokens, [], "en", load_dictionary(dictd))
    assert ("boisson",) in translated["drink"]
    units = {u["token"]: u for u in asked_units(tokens, [], "en", forms, index, translated=translated)}
    assert ["boissons"] in units["drink"]["terms"]
    # ...while a question's own word takes no form the index has alone: "rent" stays itself
    assert forms["fr"].get("boisson") is None and forms["fr:one"]["boisson"] == ("boissons",)


def test_a_word_whose_translation_names_the_contract_is_not_asked(dictd: Path):
    dictionary = load_dictionary(dictd)
    tokens = tokenize("Quel droit régit l'accord d'agence entre GE Capital et Duckwall-Alco ?")
    identity = frozenset({"agency", "agreement", "capital", "duckwall", "alco", "ge"})
    translated = dictionary_translations(tokens, [], "fr", dictionary, identity=identity)
    units = {u["token"] for u in asked_units(tokens, [], "fr", None, None, identity=identity, translated=translated)}
    assert "agence" not in units and "droit" in units


def test_without_the_dictionary_nothing_is_translated():
    tokens = tokenize("What does the subscription include?")
    assert dictionary_translations(tokens, [], "en", None) == {}
    assert dictionary_groups({}, 0.4, None, 0.0, "fr") == []


def test_the_query_expander_with_and_without_the_dictionary(dictd: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from pipelines.expanders.query_expansion import QueryExpander
    from store.workspace import WorkspaceStore

    question = "Le prix comprend-il les gâteaux ?"
    monkeypatch.setenv(DICT_DIR_ENV, str(tmp_path / "nothing"))
    plain = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8).run(query=question)
    assert not [g for g in plain["groups"] if g.source.startswith("dictionary:")]
    monkeypatch.setenv(DICT_DIR_ENV, str(dictd))
    found = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8).run(query=question)
    (group,) = [g for g in found["groups"] if g.source.startswith("dictionary:")]
    assert group.source == "dictionary:gateaux" and group.weight == pytest.approx(0.4)  # below the glossary's 0.8 and the words' 1
    assert [g.source for g in found["groups"] if g.source != group.source] == [g.source for g in plain["groups"]]
    off = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8, dictionary_weight=0.0).run(query=question)
    assert [g.source for g in off["groups"]] == [g.source for g in plain["groups"]]


@pytest.mark.skipif(shutil.which("make") is None, reason="make not installed")
def test_make_goes_on_when_the_dictionaries_cannot_be_installed(tmp_path: Path):
    # The dictionaries are optional: as root on a machine with no package mirror (apt-get fails), `make demo`,
    # `make app` and `make install` must still run, saying what to install, not stop at dict-deps.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, body in {"id": "echo 0", "apt-get": "echo 'E: Temporary failure resolving deb.debian.org' >&2; exit 100"}.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        ["make", "-s", "-C", str(repo), "dict-deps", f"DICTD_DIR={tmp_path / 'none'}"],
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "apt-get install dict-freedict-fra-eng dict-freedict-eng-fra" in done.stdout + done.stderr


def test_the_models_in_use_say_when_the_dictionary_is_switched_off_or_has_one_direction_only(dictd: Path, monkeypatch: pytest.MonkeyPatch):
    from greffier.models import dictionary_in_use

    monkeypatch.setenv(DICT_DIR_ENV, str(dictd))
    assert dictionary_in_use(0.5) == {"present": True, "in_use": True, "line": "FreeDict French-English (everyday words)"}
    off = dictionary_in_use(0.0)
    assert off["in_use"] is False and "switched off" in off["line"] and "expansion_dictionary_weight = 0" in off["line"]
    (dictd / "freedict-eng-fra.index").unlink()
    one = dictionary_in_use(0.5)
    assert one["in_use"] is True and "one direction only" in one["line"] and "freedict-eng-fra" in one["line"]


def test_a_dictionary_installed_while_the_app_runs_is_used_by_the_next_question_without_a_restart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # The walkthrough: the app started without FreeDict, `apt-get install dict-freedict-…` while it ran, and
    # « gâteaux » was still not searched as "cake" until a restart: the absence was cached for the process.
    from pipelines.expanders.query_expansion import QueryExpander
    from store.workspace import WorkspaceStore

    folder = tmp_path / "dictd"  # where apt will put the files; empty when the app starts
    folder.mkdir()
    monkeypatch.setenv(DICT_DIR_ENV, str(folder))
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    expander.warm_up()  # the app's background warm-up, before the install

    def translated(question: str) -> list[str]:
        return [g.source for g in expander.run(query=question)["groups"] if g.source.startswith("dictionary:")]

    assert translated("Le prix comprend-il les gâteaux ?") == []
    write_dictd(folder, "freedict-fra-eng", FRA_ENG)  # the install, one direction after the other
    assert translated("Le prix comprend-il les gâteaux ?") == ["dictionary:gateaux"]
    assert translated("Does the price include the cakes?") == []  # not installed yet
    write_dictd(folder, "freedict-eng-fra", ENG_FRA)
    assert translated("Does the price include the cakes?") == ["dictionary:cakes"]
    for name in ("freedict-fra-eng", "freedict-eng-fra"):  # removed: dropped as well
        (folder / f"{name}.index").unlink()
    assert translated("Le prix comprend-il les gâteaux ?") == [] and translated("Does the price include the cakes?") == []


def test_a_dictionary_is_read_once_per_installation(dictd: Path):
    dictionary = load_dictionary(dictd)
    first = dictionary.current()
    assert dictionary.current() is first and load_dictionary(dictd) is dictionary  # unchanged files: not read again
    write_dictd(dictd, "freedict-fra-eng", {**FRA_ENG, "tarte": "tarte /taʀt/ <n, fem>\npie\n"})  # an upgrade
    dictionary.refresh()  # the next question
    assert dictionary.translations("tarte", "fr") == (("pie",),) and dictionary.current() is not first


def test_the_files_are_looked_at_once_per_question_not_once_per_word(dictd: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Four stat calls (~30 µs) before every word looked up added up on a long question; once per question
    # is enough to pick up a dictionary installed while the app runs.
    from greffier.lexicon import freedict
    from pipelines.expanders.query_expansion import QueryExpander
    from store.workspace import WorkspaceStore

    monkeypatch.setenv(DICT_DIR_ENV, str(dictd))
    expander = QueryExpander(store=WorkspaceStore(root=tmp_path / "ws"), weight=0.8)
    expander.warm_up()
    stamps: list[Path] = []
    real_stamp = freedict.dictionary_stamp
    monkeypatch.setattr(freedict, "dictionary_stamp", lambda folder=None: stamps.append(folder) or real_stamp(folder))
    groups = expander.run(query="Le gâteau, la boisson et l'abonnement de l'agence sont-ils compris dans le prix ?")["groups"]
    assert {g.source for g in groups if g.source.startswith("dictionary:")} == {"dictionary:gateau", "dictionary:boisson"}  # the others: glossary words
    assert len(stamps) == 1, stamps

