"""Plain-text reading: decode bytes of an unknown encoding and split text into items.

Used by :class:`pipelines.converters.file_converter.FileConverter` for ``.txt`` files and to check
that HTML / Markdown files are text at all; public because data-room JSON contents go through
:func:`items_from_plain_text` as well.
"""

from __future__ import annotations

import codecs
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from greffier.errors import ConversionError
from pipelines.types import TextItem

logger = logging.getLogger(__name__)

# Byte-order marks, longest first: the UTF-32 LE mark starts with the UTF-16 LE one.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)

# Control characters (Unicode category Cc) except the whitespace ones real text contains
# (tab, line feed, vertical tab, form feed, carriage return).
_BINARY_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")

# Above this share of control characters a decoded file is taken for binary data.
MAX_CONTROL_RATIO = 0.01

UNDECODABLE_HINT = (
    "it is binary data or text in an unknown encoding (not UTF-8, UTF-16 or Windows-1252): "
    "save it as UTF-8 text (or as PDF / DOCX) and re-ingest"
)


@dataclass(frozen=True)
class DecodedText:
    """Text decoded from bytes, the encoding used, and a warning when the guess was uncertain."""

    text: str
    encoding: str
    warning: str | None = None


def control_ratio(text: str) -> float:
    """Share of characters in ``text`` that are control characters other than whitespace."""
    if not text:
        return 0.0
    return len(_BINARY_CONTROLS.findall(text)) / len(text)


def looks_like_text(text: str) -> bool:
    """True when ``text`` has no NUL and few control characters (i.e. is not decoded binary)."""
    return "\x00" not in text and control_ratio(text) <= MAX_CONTROL_RATIO


def _bom_encoding(data: bytes) -> str | None:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return encoding
    return None


def _bomless_utf16(data: bytes) -> str | None:
    """Guess UTF-16 without a BOM from where the NUL bytes sit (ASCII-heavy text only)."""
    if len(data) < 4 or len(data) % 2:
        return None
    even_nuls = data[0::2].count(0)
    odd_nuls = data[1::2].count(0)
    half = len(data) // 2
    if odd_nuls > 0.3 * half and even_nuls < 0.05 * half:
        return "utf-16-le"
    if even_nuls > 0.3 * half and odd_nuls < 0.05 * half:
        return "utf-16-be"
    return None


def _strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        return None


def decode_text_bytes(data: bytes, *, name: str | None = None) -> DecodedText:
    """Decode bytes whose encoding is unknown.

    Order: a byte-order mark (UTF-8, UTF-16, UTF-32), strict UTF-8, UTF-16 without BOM (guessed
    from NUL positions), then Windows-1252 / Latin-1, accepted with a warning. Every candidate must
    look like text (no NUL, at most 1 % control characters). Line endings become ``\\n``.

    Args:
        data: the raw bytes.
        name: the source's name (a file name), put at the start of messages when given.

    Returns:
        The decoded text, the encoding used and a warning for the Windows-1252 / Latin-1 guess.

    Raises:
        ConversionError: the bytes are binary or in no encoding tried.
    """
    candidates: list[tuple[str, str | None]] = []
    bom_encoding = _bom_encoding(data)
    if bom_encoding:
        candidates.append((bom_encoding, None))
    else:
        candidates.append(("utf-8", None))
        utf16 = _bomless_utf16(data)
        if utf16:
            candidates.append((utf16, None))
        guess_warning = (
            "not UTF-8: decoded as {encoding}; check accented characters and save the file as UTF-8"
        )
        candidates.append(("cp1252", guess_warning))
        candidates.append(("latin-1", guess_warning))

    for encoding, warning in candidates:
        text = _strict(data, encoding)
        if text is None or not looks_like_text(text):
            continue
        if warning:
            warning = warning.format(encoding="Windows-1252" if encoding == "cp1252" else "Latin-1")
            logger.warning("%s: %s", name or "text", warning)
        return DecodedText(text=text.replace("\r\n", "\n").replace("\r", "\n"), encoding=encoding, warning=warning)

    prefix = f"{name}: " if name else ""
    raise ConversionError(f"{prefix}cannot read as text: {UNDECODABLE_HINT}")


def read_text_file(path: str | Path) -> str:
    """Read a text file of unknown encoding (see :func:`decode_text_bytes` for the order tried).

    Args:
        path: the file to read.

    Returns:
        The text, with ``\\n`` line endings. A Windows-1252 / Latin-1 guess is logged as a warning;
        call :func:`decode_text_bytes` to receive that warning instead.

    Raises:
        ConversionError: binary data or an unknown encoding.
        OSError: the file cannot be read.
    """
    path = Path(path)
    return decode_text_bytes(path.read_bytes(), name=path.name).text


def items_from_plain_text(text: str) -> list[TextItem]:
    """One ``TextItem`` (kind ``"text"``, page ``None``) per non-blank line of ``text``.

    Lines are stripped; blank lines are dropped. Feed the result to :func:`pipelines.types.assemble`
    to get the converted content and offsets.
    """
    return [TextItem(text=line.strip(), page=None, kind="text") for line in text.splitlines() if line.strip()]
