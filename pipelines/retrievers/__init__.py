"""retriever components."""
