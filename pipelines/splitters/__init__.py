"""splitter components."""
