"""HTML reading with selectolax (lexbor); never regular expressions over markup.

Promises of :func:`read_html`: ``script``, ``style``, ``noscript``, ``template``,
``svg``, ``iframe`` and ``head`` content never reach the text; block elements
(paragraphs, headings, list items, table rows, ``br``...) end lines, a table row's
cells are separated by `` | ``; runs of spaces inside a line collapse to one space;
the text is NFC-normalised, diacritics kept. One page spans the whole text. Title:
``<title>``, else the first ``<h1>``, else the file name.
"""

from __future__ import annotations

from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

from letadesk.domain import DocumentKind, ParsedDocument, ParsedPage
from letadesk.errors import IngestError
from letadesk.text import nfc

__all__ = ["html_to_text", "read_html"]

_DROP = "script, style, noscript, template, svg, iframe, object, head"
_BLOCK = frozenset({
    "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "ul", "ol",
    "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "h1", "h2", "h3", "h4",
    "h5", "h6", "blockquote", "pre", "address", "figure", "figcaption", "form", "fieldset",
    "hr", "br", "body", "html", "caption", "center",
})
_CELL = frozenset({"td", "th"})


class _Text:
    """Accumulates lines; spaces collapse within a line, blank lines collapse to one."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []

    def add(self, text: str) -> None:
        self.current.append(text)

    def cell(self) -> None:
        if "".join(self.current).strip():
            self.current.append(" | ")

    def end_line(self) -> None:
        line = " ".join("".join(self.current).split()).strip(" |")
        self.current = []
        if line:
            self.lines.append(line)

    def result(self) -> str:
        self.end_line()
        return "\n\n".join(self.lines)


def _walk(root: LexborNode, out: _Text) -> None:
    """Depth-first text extraction with an explicit stack (deep markup cannot overflow)."""
    stack: list[tuple[LexborNode, bool]] = [(root, False)]
    while stack:
        node, closing = stack.pop()
        tag = node.tag or ""
        if closing:
            if tag in _BLOCK:
                out.end_line()
            continue
        if node.is_text_node:
            out.add(node.text_content or "")
            continue
        if not node.is_element_node and not node.is_document_node:
            continue  # comments, doctype
        if tag in _BLOCK:
            out.end_line()
        elif tag in _CELL:
            out.cell()
        stack.append((node, True))
        children = list(node.iter(include_text=True))
        stack.extend((child, False) for child in reversed(children))


def html_to_text(html: str) -> tuple[str, str]:
    """(title, text) of an HTML string (see module doc)."""
    tree = LexborHTMLParser(html)
    title_node = tree.css_first("title") or tree.css_first("h1")
    title = " ".join((title_node.text() if title_node is not None else "").split())
    for node in tree.css(_DROP):
        node.decompose()
    out = _Text()
    root = tree.body or tree.root
    if root is not None:
        _walk(root, out)
    return nfc(title), nfc(out.result())


def read_html(path: Path, text: str) -> ParsedDocument:
    """Parse already-decoded HTML ``text`` read from ``path``."""
    title, body = html_to_text(text)
    if not body.strip():
        raise IngestError(str(path), "no extractable text")
    page = ParsedPage(number=1, label="1", start=0, end=len(body))
    return ParsedDocument(kind=DocumentKind.HTML, title=title or path.stem, text=body,
                          pages=(page,), fragments=(), language="")
