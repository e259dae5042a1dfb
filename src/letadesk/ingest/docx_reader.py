"""DOCX reading with python-docx.

Promises of :func:`read_docx`: body paragraphs and tables in document order, one
paragraph per line, a blank line between blocks; a table row is one line with its
cells separated by `` | `` (nested tables flattened in place); text NFC-normalised,
diacritics kept. A DOCX has no fixed pages: the document is one page spanning the
whole text. Title: the core property, else the first heading, else the file name.
Entity references are never expanded (no XXE); the text around one is kept.
Unreadable or non-DOCX zip files raise :class:`IngestError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import docx
from docx.document import Document as DocxDocument
from docx.table import Table
from docx.text.paragraph import Paragraph
from lxml import etree

from letadesk.domain import DocumentKind, ParsedDocument, ParsedPage
from letadesk.errors import IngestError
from letadesk.text import nfc

__all__ = ["read_docx"]

_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f]")


def _blocks(doc: DocxDocument) -> Iterator[Paragraph | Table]:
    """Body paragraphs and tables in the order they appear."""
    for child in doc.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            yield Paragraph(child, doc)
        elif tag == "tbl":
            yield Table(child, doc)


def _table_lines(table: Table) -> Iterator[str]:
    for row in table.rows:
        cells: list[str] = []
        seen: set[int] = set()
        for cell in row.cells:
            if id(cell._tc) in seen:  # merged cells repeat the same element
                continue
            seen.add(id(cell._tc))
            parts = [p.text.strip() for p in cell.paragraphs if p.text.strip()]
            for inner in cell.tables:
                parts.extend(_table_lines(inner))
            cells.append(" ".join(parts))
        if any(cells):
            yield " | ".join(cells)


def _is_heading(paragraph: Paragraph) -> bool:
    name = paragraph.style.name if paragraph.style is not None else ""
    return bool(name) and (name.startswith("Heading") or name == "Title")


def _unwrap_entities(root: etree._Element) -> None:
    """Entity references (an XXE attempt) are never expanded; python-docx keeps each
    as a node whose tail holds the text after it, which ``.text`` would drop: move
    that text onto what precedes the reference, and remove the reference."""
    for node in list(root.iter(etree.Entity)):
        parent = node.getparent()
        if parent is None:
            continue
        tail = node.tail or ""
        before = node.getprevious()
        if before is not None:
            before.tail = (before.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
        parent.remove(node)


def read_docx(path: Path) -> ParsedDocument:
    """Read a .docx file (see module doc for the promises)."""
    try:
        doc = docx.Document(str(path))
    except Exception as exc:  # zipfile, KeyError, lxml and python-docx's own errors
        raise IngestError(str(path), f"corrupt or unreadable DOCX ({exc})") from exc
    _unwrap_entities(doc.element)
    blocks: list[str] = []
    heading = ""
    for block in _blocks(doc):
        if isinstance(block, Paragraph):
            text = block.text.strip()
            if text and not heading and _is_heading(block):
                heading = text
            if text:
                blocks.append(text)
        else:
            blocks.extend(_table_lines(block))
    text = _CONTROL.sub(" ", nfc("\n\n".join(blocks)))
    if not text.strip():
        raise IngestError(str(path), "no extractable text")
    title = (doc.core_properties.title or "").strip() or heading or path.stem
    page = ParsedPage(number=1, label="1", start=0, end=len(text))
    return ParsedDocument(
        kind=DocumentKind.DOCX,
        title=nfc(title),
        text=text,
        pages=(page,),
        fragments=(),
        language="",
    )
