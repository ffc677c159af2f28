"""Greffier: a private legal-document assistant that runs on the user's own machine."""

from greffier.privacy import apply_offline_environment, cap_library_logs

apply_offline_environment()
cap_library_logs()

__version__ = "0.1.0"
