"""Plain text and Markdown reading with encoding detection.

Promises: :func:`decode_text` tries, in order, a BOM (UTF-8, UTF-16), strict UTF-8,
then Windows-1250 (Romanian legacy files: ş ţ ă as single bytes) and falls back to
Latin-1, which never fails; Windows-1250 loses to Latin-1 only when the bytes look
like Western European text rather than Romanian. Line ends become ``"\\n"``, control
characters other than tab / newline / form feed become spaces, and the text is
NFC-normalised with diacritics kept. Markdown (a ``.md`` file, or any text that opens
with YAML front matter) is stored as plain text: its front matter is metadata (the
title), its heading, anchor and emphasis markers are dropped
(:mod:`letadesk.ingest.markdown`).
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from letadesk.domain import DocumentKind, ParsedDocument, ParsedPage
from letadesk.errors import IngestError
from letadesk.ingest.document_title import text_title
from letadesk.ingest.markdown import front_matter, meta_title, read_markdown
from letadesk.text import nfc

__all__ = ["clean_text", "decode_text", "read_text"]

_MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdown", ".mkd"})
_CONTROL = re.compile("[\x00-\x08\x0b\x0d-\x1f\x7f]")
_ROMANIAN = set("ăâîșşțţĂÂÎȘŞȚŢ")
_WESTERN = set("àáäåãæçèéêëìíïñòóôõöøùúûüýÿßÀÁÄÅÃÆÇÈÉÊËÌÍÏÑÒÓÔÕÖØÙÚÛÜÝ")


def _score(text: str, letters: set[str]) -> int:
    return sum(1 for ch in text if ch in letters)


def decode_text(data: bytes) -> tuple[str, str]:
    """(text, encoding name) for raw bytes; see module doc for the order tried."""
    for bom, name in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return data.decode(name), name
            except UnicodeDecodeError:
                break
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    latin = data.decode("latin-1")
    try:
        cp1250 = data.decode("cp1250")
    except UnicodeDecodeError:
        return latin, "latin-1"
    if _score(latin, _WESTERN) > 2 * _score(cp1250, _ROMANIAN):
        return latin, "latin-1"
    return cp1250, "cp1250"


def clean_text(text: str) -> str:
    """Normalise line ends and control characters, then NFC (see module doc)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return nfc(_CONTROL.sub(" ", text))


def read_text(path: Path, data: bytes) -> ParsedDocument:
    """Read a TXT / MD file whose bytes are ``data``."""
    raw, _encoding = decode_text(data)
    text = clean_text(raw)
    title = ""
    if path.suffix.lower() in _MARKDOWN_SUFFIXES or front_matter(text)[0]:
        meta, text = read_markdown(text)
        title = meta_title(meta)
    if not text.strip():
        raise IngestError(str(path), "no extractable text (file is blank)")
    page = ParsedPage(number=1, label="1", start=0, end=len(text))
    return ParsedDocument(
        kind=DocumentKind.TEXT,
        title=title or text_title(text, path),
        text=text,
        pages=(page,),
        fragments=(),
        language="",
    )
