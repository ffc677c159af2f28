"""Greffier: a private legal-document assistant that runs on the user's own machine."""

from greffier.privacy import apply_offline_environment

apply_offline_environment()

__version__ = "0.1.0"
