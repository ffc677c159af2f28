"""Clause text as conditions read it: wrapped lines joined into paragraphs, then sentences.

Text converted from PDFs and plain-text files breaks lines where the page did, not where the
sentence does (« prendra fin le 31 janvier⏎2027 »): conditions must see whole sentences, both to
match wordings that run over a line break and to quote whole sentences as excerpts. The un-wrapping,
the sentence splitter and the heading test are greffier/text's, shared with extraction and answers.
"""

from __future__ import annotations

from greffier.text.headings import is_heading_line as heading_line
from greffier.text.lines import clause_sentences as sentences
from greffier.text.lines import paragraphs

__all__ = ["heading_line", "paragraphs", "sentences"]
