"""Expanders: components that widen what is searched (the question in both languages)."""
