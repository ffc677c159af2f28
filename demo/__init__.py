"""Bundled demo data room: a deterministic generator of fictional contracts (see demo/README.md)."""
