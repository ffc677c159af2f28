"""A fast, model-free estimate of how many subword tokens a text costs.

Chunk sizes are set in tokens because that is what an embedder's input limit is measured in, but
loading a real tokenizer to split 100k-chunk corpora would be slow and would tie the splitter to one
model. The estimate below tracks SentencePiece/WordPiece tokenizers (XLM-R, BGE-M3, BERT) on French
and English legal text closely enough for sizing chunks:

* the text is cut into *pieces*: runs of word characters (``\\w+``, accents included) and single
  punctuation or symbol characters; whitespace costs nothing;
* a punctuation piece costs 1 token (tokenizers emit ``'``, ``,``, ``—``, ``€`` on their own);
* a word costs 1 token, plus 1 per further 6 characters beyond the sixth: ``contrat`` → 2,
  ``résiliation`` → 2, ``confidentialité`` → 3 (long and rare words are split into subwords).

Because whitespace costs nothing, the estimate is additive over whitespace: the count of ``a + " " + b``
is the count of ``a`` plus the count of ``b``. The splitter relies on this to size windows from the
counts of their words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_CHARS_PER_EXTRA_TOKEN = 6
# Group 1 is a word run; an unmatched group 1 means a single punctuation/symbol character.
_PIECE = re.compile(r"(\w+)|[^\w\s]")
# A word of n characters holds ceil(n / 6) matches of \w{1,6}, which is 1 + (n - 1) // 6: counting
# the matches of this one pattern gives the estimate in a single C-level pass.
_TOKEN = re.compile(r"\w{1,%d}|[^\w\s]" % _CHARS_PER_EXTRA_TOKEN)


def word_tokens(length: int) -> int:
    """Tokens for a word run of ``length`` characters (``length`` >= 1)."""
    return 1 + (length - 1) // _CHARS_PER_EXTRA_TOKEN


def count_tokens(text: str) -> int:
    """Estimate the subword tokens of ``text`` (see the module docstring for the method).

    Input: any string (empty gives 0). Output: a non-negative int. Raises nothing.
    """
    return len(_TOKEN.findall(text)) if text else 0


def iter_token_pieces(text: str, pos: int = 0, endpos: int | None = None) -> Iterator[tuple[int, int, int]]:
    """Yield ``(start, end, tokens)`` for each piece of ``text[pos:endpos]``, offsets into ``text``.

    The tokens of the pieces sum to ``count_tokens(text[pos:endpos])`` whenever ``pos`` and ``endpos``
    do not cut a word. Used by the splitter to place window boundaries without slicing the text.
    """
    end = len(text) if endpos is None else endpos
    for match in _PIECE.finditer(text, pos, end):
        start, stop = match.span()
        yield start, stop, (word_tokens(stop - start) if match.lastindex else 1)
