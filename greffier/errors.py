"""Greffier's exceptions. Each message names the bad value and says what to do."""


class GreffierError(Exception):
    """Base class: a problem the user can act on; the CLI prints it without a traceback."""


class ConversionError(GreffierError):
    """A file could not be turned into text (corrupt, encrypted, empty, unsupported...)."""


class UnsupportedFileError(ConversionError):
    """The file's type is not one Greffier reads."""


class OCRUnavailableError(ConversionError):
    """A scanned PDF needs OCR and no OCR engine is installed."""


class EmbedderMismatchError(GreffierError):
    """The workspace was indexed with another embedding model; mixing vectors is refused."""


class ModelNotFoundError(GreffierError):
    """A model was asked for and is not present locally."""


class WorkspaceError(GreffierError):
    """The workspace path is unusable."""


class DataRoomFormatError(GreffierError):
    """A data-room JSON file is malformed or has fields of the wrong type."""
