"""Validators: checks of what an answerer wrote against the passages it was given."""
