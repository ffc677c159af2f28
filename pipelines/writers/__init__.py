"""writer components."""
