"""Haystack pipeline builders and custom components.

Importing this package applies Greffier's privacy switches first, so that Haystack never sees an
environment with its telemetry on.
"""

import greffier  # noqa: F401  (sets telemetry / offline switches before Haystack is imported)
