"""converter components."""
