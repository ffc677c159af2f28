"""Routers: components that decide where a question is searched (the contracts it names)."""
