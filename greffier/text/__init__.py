"""Text utilities shared by every layer: folding, tokens, sentences, line un-wrapping, headings,
counts in words.

Each idea has one implementation here; extraction, search, clause reading, answers and the UI use it.
"""

from greffier.text.fold import fold, fold_label, written_span
from greffier.text.headings import (
    LEVEL_ARTICLE, LEVEL_CHAPTER, LEVEL_PART, HeadingMatch, classify_heading, heading_label, is_heading, is_heading_line, section_label,
)
from greffier.text.lines import clause_sentences, page_furniture, paragraphs, squeezed, unwrap, without_page_furniture
from greffier.text.plural import noun, plural
from greffier.text.sentences import ABBREVIATIONS, split_sentences
from greffier.text.tokens import STOPWORDS, TOKENIZER_VERSION, content_tokens, tokenize

__all__ = [
    "ABBREVIATIONS", "LEVEL_ARTICLE", "LEVEL_CHAPTER", "LEVEL_PART", "STOPWORDS", "TOKENIZER_VERSION", "HeadingMatch",
    "classify_heading", "clause_sentences", "content_tokens", "fold", "fold_label", "heading_label", "is_heading", "is_heading_line",
    "noun", "page_furniture", "paragraphs", "plural", "section_label", "split_sentences", "squeezed", "tokenize", "unwrap", "without_page_furniture",
    "written_span",
]
