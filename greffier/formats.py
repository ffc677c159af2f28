"""The file formats Greffier reads: one registry, from which the converters, the router, the settings'
default extensions and the upload widget derive their lists. A new format is one line here and one
converter component (pipelines/converters/)."""

from __future__ import annotations

# Extension -> format. A data-room JSON index (a list of {filename, content, ...}) is read by the
# ingest service itself, not converted.
FILE_FORMATS: dict[str, str] = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".html": "html",
    ".htm": "html",
    ".md": "md",
    ".markdown": "md",
    ".txt": "text",
}
DATAROOM_EXTENSION = ".json"
FORMATS: tuple[str, ...] = tuple(dict.fromkeys(FILE_FORMATS.values()))


def format_of(extension: str) -> str | None:
    """The format of a file extension (``".PDF"`` → ``"pdf"``), or None when Greffier does not read it."""
    return FILE_FORMATS.get(extension.lower())


def ingestible_extensions() -> list[str]:
    """Every extension an ingest reads: the converted formats and the data-room JSON index."""
    return [*FILE_FORMATS, DATAROOM_EXTENSION]


# The separators a CSV export takes: a comma, or a semicolon for a spreadsheet set to a locale whose decimal mark is the
# comma (Excel in French opens a comma-separated file in one column). One table for both exports (flags, data room),
# the CLI's --delimiter choices and the app's selectboxes, which show the labels.
CSV_SEPARATORS: dict[str, str] = {",": "comma ( , )", ";": "semicolon ( ; ) — Excel in French"}


def unknown_csv_separator(delimiter: str) -> str | None:
    """Why ``delimiter`` cannot separate an export's CSV columns, with what to give instead; None when it can."""
    if delimiter in CSV_SEPARATORS:
        return None
    return f"unknown CSV separator {delimiter!r}: use one of {' '.join(repr(s) for s in CSV_SEPARATORS)}"
