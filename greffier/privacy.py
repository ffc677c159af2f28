"""Privacy switches, applied before Haystack, Chroma, Streamlit or the HF hub are imported.

Every entry point (CLI, app, MCP server, tests) imports ``greffier`` first, and ``greffier/__init__``
calls :func:`apply_offline_environment`, so the switches are in place before any of those libraries
reads its environment.
"""

from __future__ import annotations

import logging
import os

# Values a user may not override by accident: telemetry and hub access stay off.
OFFLINE_ENVIRONMENT: dict[str, str] = {
    "HAYSTACK_TELEMETRY_ENABLED": "False",
    "ANONYMIZED_TELEMETRY": "False",  # Chroma reads this through its Settings
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "DO_NOT_TRACK": "1",
    "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
    "STREAMLIT_SERVER_ADDRESS": "localhost",
    "TOKENIZERS_PARALLELISM": "false",
}


def apply_offline_environment(*, allow_hub: bool = False) -> None:
    """Set the telemetry and offline switches in ``os.environ``.

    ``allow_hub`` is only passed by ``greffier models download``, the one command a user runs on
    purpose to fetch weights; it lifts the hub switches and nothing else.
    """
    for key, value in OFFLINE_ENVIRONMENT.items():
        os.environ[key] = value
    if allow_hub:
        for key in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
            os.environ.pop(key, None)


# Libraries whose DEBUG logs echo document text (docling prints every paragraph it parses; Haystack
# can print component inputs). Greffier's own logs never hold document text, and these are capped so
# that no verbosity setting puts a contract's words into a log file.
TEXT_ECHOING_LOGGERS = ("docling", "docling_core", "docling_parse", "haystack", "bm25s", "chromadb", "FlagEmbedding", "transformers", "httpx")


def cap_library_logs(level: int = logging.WARNING) -> None:
    """Keep text-echoing library loggers at ``level`` or above, whatever the root level is."""
    for name in TEXT_ECHOING_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level == logging.NOTSET or logger.level < level:
            logger.setLevel(level)
