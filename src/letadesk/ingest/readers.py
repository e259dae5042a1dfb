"""Entry point of ingestion: one file in, one :class:`ParsedDocument` out.

Promises of :func:`read_document`:

* the format is decided by the file's bytes, not its name: a PDF named ``.txt`` is
  read as a PDF, a binary file named ``.pdf`` is rejected with a reason saying what
  it looks like; the extension only breaks the tie between HTML and plain text;
* the title is one line of at most :data:`MAX_TITLE_CHARS` characters, whatever the
  file's metadata, ``<title>`` or first line holds;
* the result carries its fragments (:func:`letadesk.ingest.structure.split_fragments`)
  and its language (:func:`detect_language`);
* every failure is an :class:`IngestError` (missing, unreadable, empty, encrypted,
  corrupt, unsupported, binary, text-less or too large files), never another
  exception type.
"""

from __future__ import annotations

import dataclasses
import os
import re
import stat
import zipfile
from pathlib import Path

from letadesk.domain import ParsedDocument
from letadesk.errors import IngestError
from letadesk.ingest.docx_reader import read_docx
from letadesk.ingest.html_reader import read_html
from letadesk.ingest.pdf_reader import read_pdf
from letadesk.ingest.structure import split_fragments
from letadesk.ingest.text_reader import clean_text, decode_text, read_text
from letadesk.text import detect_language

__all__ = [
    "MAX_TITLE_CHARS",
    "READER_VERSION",
    "clip_title",
    "detect_language",
    "read_document",
    "sniff_kind",
]

# Bump whenever a reader or the chunker changes what a file becomes (text, pages,
# fragments, locators): the next ingest then re-reads files it had already stored.
# 2: Romanian laws resume after annexes printed mid-text (Codul fiscal art. 47+).
# 3: titles are cut to MAX_TITLE_CHARS (a 4,000-word <title> overflowed every prompt).
# 4: a marginal title on the line of alineat (1) ("Furtul (1) ..."), Markdown read as
#    plain text (front matter = title; heading, anchor, bold markers dropped).
# 5: long units cut where an in-line note begins and never after "nr."; a text opening
#    with a heading ("TITLUL I") named by its file; "2010(Legea" titles spaced; a
#    contract whose first line runs on into its text named by the name it gives itself.
# 6: puncte written on one line ("...: 1. acord - ...; 2. activitate - ...") are units.
# 7: puncte inside the litera that introduces them ("d) ... următoarele:" then "1. ...")
#    named under it ("lit. d) pct. 1"), and the next litera no longer under a punct; the
#    words after a list's close a fragment of their own; no litera cut at a cross-
#    reference ("lit. k) la ..."); a marginal title that cites split from its alineat;
#    litere "ș)", "ț)"; a long unit never cut inside a note that fits the next piece.
# 8: a note longer than a fragment is its first fragment only (no fragment opens inside
#    a note, where its words would be read as the law).
READER_VERSION = 8
MAX_TITLE_CHARS = 200

_SNIFF_BYTES = 8192
_HTML_START = re.compile(
    rb"^\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b", re.I | re.S
)
_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\xd0\xcf\x11\xe0", "legacy Office file (.doc/.xls); save it as DOCX or PDF"),
    (b"{\\rtf", "RTF file; save it as DOCX or PDF"),
    (b"\x89PNG", "PNG image; images are not supported, scan to PDF"),
    (b"\xff\xd8\xff", "JPEG image; images are not supported, scan to PDF"),
    (b"GIF8", "GIF image; images are not supported"),
    (b"II*\x00", "TIFF image; images are not supported, scan to PDF"),
    (b"MM\x00*", "TIFF image; images are not supported, scan to PDF"),
    (b"\x1f\x8b", "gzip archive"),
    (b"Rar!", "RAR archive"),
    (b"7z\xbc\xaf", "7-Zip archive"),
    (b"\x7fELF", "executable file"),
    (b"MZ", "executable file"),
)
# bytes that text never holds (tab, line ends, form feed and escape aside)
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 27)) + b"\x7f"
_BINARY_SHARE = 0.05  # random bytes hold ~11 % of these; text in any encoding ~0 %


def _looks_binary(head: bytes) -> bool:
    """Whether ``head`` is binary data even without a NUL byte: more than a few
    control bytes (no text encoding LetaDesk reads uses them for letters)."""
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))
    return controls > _BINARY_SHARE * len(head)


def sniff_kind(path: Path, head: bytes) -> str:
    """ "pdf" | "docx" | "html" | "text" from the first bytes; raises IngestError for
    anything else, with a reason that says what the file looks like."""
    if not head:
        raise IngestError(str(path), "empty file")
    if b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "docx"
    for signature, what in _BINARY_SIGNATURES:
        if head.startswith(signature):
            raise IngestError(str(path), f"not a supported document: {what}")
    is_utf16 = head.startswith((b"\xff\xfe", b"\xfe\xff"))
    if (b"\x00" in head or _looks_binary(head)) and not is_utf16:
        expected = path.suffix.lower().lstrip(".") or "text"
        raise IngestError(str(path), f"binary data, not a readable {expected} document")
    if _HTML_START.match(head) or path.suffix.lower() in (".html", ".htm", ".xhtml"):
        return "html"
    return "text"


def _read_bytes(path: Path) -> bytes:
    """The file's bytes; a FIFO or device (perhaps swapped in after discovery) is
    refused without blocking on it."""
    try:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise IngestError(str(path), "not a regular file")
            return handle.read()
    except FileNotFoundError as exc:
        raise IngestError(str(path), "file not found") from exc
    except IsADirectoryError as exc:
        raise IngestError(str(path), "is a directory, not a file") from exc
    except OSError as exc:
        raise IngestError(str(path), f"cannot read file ({exc.strerror or exc})") from exc


_MAX_UNZIPPED = 256 * 2**20  # no real DOCX part comes near this once unzipped


def _check_docx(path: Path) -> None:
    """A ZIP holding ``word/document.xml`` that does not declare a decompression bomb.
    (A bomb that lies about its sizes is still stopped by the worker's limits.)"""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise IngestError(str(path), f"corrupt ZIP container ({exc})") from exc
    if "word/document.xml" not in {m.filename for m in members}:
        raise IngestError(str(path), "ZIP archive that is not a DOCX document")
    unzipped = sum(m.file_size for m in members)
    if unzipped > _MAX_UNZIPPED:
        raise IngestError(
            str(path),
            f"ZIP bomb suspected: {path.stat().st_size:,} bytes "
            f"would unzip to {unzipped / 2**20:,.0f} MB",
        )


def _parse(path: Path, data: bytes) -> ParsedDocument:
    kind = sniff_kind(path, data[:_SNIFF_BYTES])
    if kind == "pdf":
        return read_pdf(path)
    if kind == "docx":
        _check_docx(path)
        return read_docx(path)
    if kind == "html":
        return read_html(path, clean_text(decode_text(data)[0]))
    return read_text(path, data)


# "… din 1 iulie 2010(Legea nr. 135/2010)": a word glued to the parenthesis that follows
_GLUED_PARENTHESIS = re.compile(r"(?<=\w)\((?=[A-ZĂÂÎȘŞȚŢ][a-zăâîșşțţ]+)")


def clip_title(title: str, limit: int = MAX_TITLE_CHARS) -> str:
    """``title`` on one line (whitespace runs collapsed, a space before a parenthesis
    glued to the word before it), cut at a word boundary to at most ``limit``
    characters, an ellipsis marking the cut."""
    line = _GLUED_PARENTHESIS.sub(" (", " ".join(title.split()))
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def _too_large(count: int, cap: int, *, at_least: bool = False) -> str:
    return (
        f"too large: {'at least ' if at_least else ''}{count:,} fragments > {cap:,} "
        "per file (setting max_fragments_per_file)"
    )


def read_document(
    path: Path, *, max_chars: int = 1500, max_fragments: int | None = None
) -> ParsedDocument:
    """Read any supported file into a complete ParsedDocument (see module doc).

    A file that would make more than ``max_fragments`` fragments (and as many
    embeddings) is refused with that count; text too long to fit is refused before
    it is cut."""
    path = Path(path)
    data = _read_bytes(path)
    doc = _parse(path, data)
    if max_fragments is not None:
        # no fragment holds more than max_chars characters other than spaces
        visible = len(doc.text) - doc.text.count(" ") - doc.text.count("\n")
        least = -(-visible // max_chars)
        if least > max_fragments:
            raise IngestError(str(path), _too_large(least, max_fragments, at_least=True))
    language = detect_language(doc.text)
    fragments = split_fragments(doc.text, doc.pages, max_chars=max_chars, language=language)
    if not fragments:
        raise IngestError(str(path), "no extractable text")
    if max_fragments is not None and len(fragments) > max_fragments:
        raise IngestError(str(path), _too_large(len(fragments), max_fragments))
    title = clip_title(doc.title) or path.stem
    return dataclasses.replace(doc, title=title, fragments=fragments, language=language)
