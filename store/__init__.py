"""Persistence: SQLModel tables and repositories, the Chroma vector store and the BM25 index."""

import greffier  # noqa: F401  (privacy switches before Chroma is imported)
