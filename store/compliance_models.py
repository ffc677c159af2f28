"""Tables of the compliance scanner (flags and scans). Defined by the compliance work."""

from __future__ import annotations

TABLES: tuple = ()
