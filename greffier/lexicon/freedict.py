"""Everyday French↔English words from FreeDict (Debian's ``dict-freedict-fra-eng`` and ``-eng-fra``).

The glossary (:mod:`greffier.lexicon`) translates contract law; a question also holds everyday words
("subscription", « gâteau », "shares") that it does not cover. FreeDict's two small dictionaries
(about 8,500 headwords each) give their first translations. FreeDict is GPL: its data is not copied
into this repository; the installed files are read at run time (``make install`` installs them as
root, or prints the command), once per installation: :func:`load_dictionary` gives a handle on the
folder that looks at the files' times and sizes (:func:`~greffier.models.dictionary_stamp`) once per
question (:meth:`Dictionary.refresh`, which the query expansion calls before its look-ups, not before
each word: four ``stat`` calls a word added up on a long question), so dictionaries installed while
the app runs (``apt-get install dict-freedict-…``) are used by the next question, without a restart,
and removed ones are dropped.

Format (dictd): ``freedict-fra-eng.index`` holds ``headword<TAB>offset<TAB>length`` lines, the offset
and length in dictd's base 64; ``freedict-fra-eng.dict.dz`` is the gzip-compressed text (dictzip is
plain gzip to a reader). An entry reads::

    abonnement /abɔnmɑ̃/ <n, masc>
    subscription

or, with several senses, ``1. achievement, act, action`` / ``2. share``. When the files are absent,
the dictionary has no language and translates nothing: everything works with the glossary alone, and
the models status says the dictionary is missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import gzip
from pathlib import Path
import re
import zlib

from greffier.models import (
    DICT_DIR_ENV, FREEDICT_FILES as FILES, FREEDICT_INSTALL_HINT as INSTALL_HINT, dictionary_dir, dictionary_files, dictionary_stamp, dictionary_status,
)
from greffier.text import fold, tokenize

__all__ = [
    "DICT_DIR_ENV", "FILES", "INSTALL_HINT", "Dictionary", "dictionary_dir", "dictionary_files", "dictionary_stamp", "dictionary_status", "load_dictionary",
]

MAX_TRANSLATIONS = 4  # per word: the first wording of each sense in turn, then the second ones…
MAX_TERM_TOKENS = 3  # a translation of more words than this is a definition, not a wording

_B64 = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}
_SENSE = re.compile(r"^\d+\.\s*")


def dictd_number(text: str) -> int:
    """A dictd base-64 number (``"BBk4"``)."""
    value = 0
    for char in text:
        value = value * 64 + _B64[char]
    return value


def entry_senses(entry: str) -> list[list[str]]:
    """The senses of one entry's text, each its wordings (the headword line left out)."""
    lines = [line.strip() for line in entry.strip().split("\n")]
    senses = []
    for line in lines[1:]:
        if not line:
            continue
        wordings = [w.strip() for w in _SENSE.sub("", line).split(",") if w.strip()]
        if wordings:
            senses.append(wordings)
    return senses


def first_wordings(senses: list[list[str]], limit: int = MAX_TRANSLATIONS) -> list[tuple[str, ...]]:
    """Up to ``limit`` translations as token tuples: the first wording of each sense in turn, then the
    second ones (a word's senses are ordered, and its first wordings are the usual ones)."""
    chosen: list[tuple[str, ...]] = []
    depth = max((len(s) for s in senses), default=0)
    for rank in range(depth):
        for sense in senses:
            if rank >= len(sense):
                continue
            tokens = tuple(tokenize(sense[rank]))
            if not tokens or len(tokens) > MAX_TERM_TOKENS or tokens in chosen:
                continue
            chosen.append(tokens)
            if len(chosen) == limit:
                return chosen
    return chosen


def singulars(token: str, lang: str) -> list[str]:
    """Other forms to look a word up by, when the dictionary lacks it: its singular, its masculine
    (« chaudes » → « chaud », "subscriptions" → "subscription", "companies" → "company"). Plain
    suffixes, not the stemmer: a stem joins « vente » to « vent »."""
    forms = []
    if lang == "en" and token.endswith("ies") and len(token) > 4:
        forms.append(token[:-3] + "y")
    if lang == "fr" and token.endswith("aux") and len(token) > 4:
        forms.append(token[:-3] + "al")
    if token.endswith(("s", "x")) and len(token) > 3:
        forms.append(token[:-1])
        if token.endswith("es") and len(token) > 4:
            forms.append(token[:-2])
    if lang == "fr" and token.endswith("e") and len(token) > 3:
        forms.append(token[:-1])
    return forms


@dataclass
class Reading:
    """One reading of the installed files: per language of the headword (``"fr"``: into English), the
    decompressed text and the entries' places by folded headword; an entry is parsed the first time
    it is asked for."""

    texts: dict[str, bytes] = field(default_factory=dict)
    places: dict[str, dict[str, list[tuple[int, int]]]] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    _parsed: dict[tuple[str, str], tuple[tuple[str, ...], ...]] = field(default_factory=dict, repr=False)

    def entry(self, head: str, lang: str) -> tuple[tuple[str, ...], ...]:
        """The first translations of a folded headword (empty when absent)."""
        key = (lang, head)
        if key not in self._parsed:
            text = self.texts.get(lang, b"")
            senses: list[list[str]] = []
            for start, length in self.places.get(lang, {}).get(head, ()):
                senses.extend(entry_senses(text[start : start + length].decode("utf-8", errors="replace")))
            self._parsed[key] = tuple(first_wordings(senses))
        return self._parsed[key]


NOTHING = Reading()  # no file installed


class Dictionary:
    """The FreeDict dictionaries installed in ``folder``, as they were at the last :meth:`refresh`: a
    refresh compares the files' stamp (:func:`~greffier.models.dictionary_stamp`) with the last one
    read, and reads them again when it changed (installed, upgraded, removed). Look-ups use the last
    reading without touching the disk; the caller refreshes once per question. With no file, no
    language and no translation."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._state: tuple[object, Reading] | None = None  # (stamp, reading), swapped whole: a reader never sees half of each

    def refresh(self) -> Reading:
        """The reading of the files as installed now: their stamp is looked at (four ``stat`` calls),
        and they are read again only when it changed."""
        stamp = dictionary_stamp(self.folder)
        seen, reading = self._state or ((), NOTHING)
        if stamp != seen:
            reading = _read(str(self.folder), stamp) or NOTHING
            self._state = (stamp, reading)
        return reading

    def current(self) -> Reading:
        """The reading of the last :meth:`refresh` (the first call refreshes)."""
        return self._state[1] if self._state is not None else self.refresh()

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.refresh().texts)

    @property
    def sources(self) -> tuple[str, ...]:
        return self.refresh().sources

    def entry(self, head: str, lang: str) -> tuple[tuple[str, ...], ...]:
        """The first translations of a folded headword (empty when absent)."""
        return self.current().entry(head, lang)

    def translations(self, token: str, lang: str) -> tuple[tuple[str, ...], ...]:
        """The translations of a (folded) ``token`` of language ``lang``: by the word itself, else by its
        singular or masculine (:func:`singulars`); empty when the dictionary has no such word."""
        reading = self.current()
        if lang not in reading.places:
            return ()
        found: tuple[tuple[str, ...], ...] = ()
        for form in (token, *singulars(token, lang)):
            found = reading.entry(form, lang)
            if found:
                break
        return tuple(t for t in found if t != (token,))


def read_index(index: Path) -> dict[str, list[tuple[int, int]]]:
    """A dictd index: ``{folded headword: [(offset, length), ...]}``, single-word headwords only."""
    places: dict[str, list[tuple[int, int]]] = {}
    for line in index.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or parts[0].startswith("00database"):
            continue
        head = fold(parts[0].strip())
        if not head.isalpha() or len(head) < 3:
            continue
        places.setdefault(head, []).append((dictd_number(parts[1]), dictd_number(parts[2])))
    return places


@lru_cache(maxsize=4)
def _read(directory: str, stamp: tuple) -> Reading | None:  # noqa: ARG001 — the stamp keys the cache: files changed, read again
    files = dictionary_files(Path(directory))
    if not files:
        return None
    texts: dict[str, bytes] = {}
    places: dict[str, dict[str, list[tuple[int, int]]]] = {}
    for lang, (index, data) in files.items():
        try:
            places[lang] = read_index(index)
            with gzip.open(data) as stream:
                texts[lang] = stream.read()
        except (OSError, ValueError, KeyError, EOFError, zlib.error):  # a damaged file: that direction left out
            places.pop(lang, None)
    if not texts:
        return None
    return Reading(texts=texts, places=places, sources=tuple(str(files[lang][1]) for lang in texts))


@lru_cache(maxsize=8)
def _handle(directory: str) -> Dictionary:
    return Dictionary(Path(directory))


def load_dictionary(directory: str | Path | None = None) -> Dictionary:
    """The FreeDict dictionaries of ``directory`` (default: :func:`~greffier.models.dictionary_dir`),
    one handle per folder, that follows the files as they are installed or removed (see
    :class:`Dictionary`); with none installed, its ``languages`` are empty and it translates nothing."""
    return _handle(str(Path(directory) if directory else dictionary_dir()))
