"""Contract records from a data room: normalised metadata, rule-based extraction, amendments."""
