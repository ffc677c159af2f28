"""Locations the tests read: the repository and the shared material beside it (read-only)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EXAMPLE_DATAROOM = SHARED / "data" / "exemple_data_room.json"
EVALDATA = SHARED / "evaldata"
