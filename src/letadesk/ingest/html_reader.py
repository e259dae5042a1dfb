"""HTML reading with selectolax (lexbor); never regular expressions over markup.

Promises of :func:`read_html`: ``script``, ``style``, ``noscript``, ``template``,
``svg``, ``iframe`` and ``head`` content never reach the text; block elements
(paragraphs, headings, list items, table rows, ``br``...) end lines, a table row's
cells are separated by `` | ``; runs of spaces inside a line collapse to one space;
the text is NFC-normalised, diacritics kept. One page spans the whole text. Title:
``<title>``, else the first ``<h1>``, else the file name. Markup nested deeper than
:data:`MAX_DEPTH` block elements is refused before parsing: the parser's time grows
with the square of that depth (100,000 nested ``<div>``: 1 MB, over three minutes).
"""

from __future__ import annotations

import re
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

from letadesk.domain import DocumentKind, ParsedDocument, ParsedPage
from letadesk.errors import IngestError
from letadesk.text import nfc

__all__ = ["html_to_text", "read_html"]

_DROP = "script, style, noscript, template, svg, iframe, object, head"
_BLOCK = frozenset(
    {
        "p",
        "div",
        "section",
        "article",
        "header",
        "footer",
        "main",
        "aside",
        "nav",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "pre",
        "address",
        "figure",
        "figcaption",
        "form",
        "fieldset",
        "hr",
        "br",
        "body",
        "html",
        "caption",
        "center",
    }
)
_CELL = frozenset({"td", "th"})

MAX_DEPTH = 5000  # parsed in under 0.1 s; real documents nest a few dozen levels
# the start tags whose parsing scans the open elements (the cost of deep nesting);
# counting only their tags is a guard, never a way to read text
_SCOPED_TAG = re.compile(
    r"<(/?)(address|article|aside|blockquote|center|details|dialog|dir|div|dl|fieldset|"
    r"figcaption|figure|footer|header|hgroup|main|menu|nav|ol|section|summary|ul)[\s/>]",
    re.I,
)


def nesting_depth(html: str, stop_at: int | None = None) -> int:
    """How deep block elements nest in ``html``, as the parser will see it: an end tag
    closes the elements opened inside its element and left open. Counting stops once
    the depth passes ``stop_at``."""
    stack: list[str] = []
    open_count: dict[str, int] = {}
    deepest = 0
    for match in _SCOPED_TAG.finditer(html):
        name = match.group(2).lower()
        if not match.group(1):
            stack.append(name)
            open_count[name] = open_count.get(name, 0) + 1
            deepest = max(deepest, len(stack))
            if stop_at is not None and deepest > stop_at:
                break
        elif open_count.get(name):
            while stack:
                top = stack.pop()
                open_count[top] -= 1
                if top == name:
                    break
    return deepest


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
    if nesting_depth(text, stop_at=MAX_DEPTH) > MAX_DEPTH:
        raise IngestError(
            str(path), f"HTML nested too deeply (more than {MAX_DEPTH:,} levels of block elements)"
        )
    title, body = html_to_text(text)
    if not body.strip():
        raise IngestError(str(path), "no extractable text")
    page = ParsedPage(number=1, label="1", start=0, end=len(body))
    return ParsedDocument(
        kind=DocumentKind.HTML,
        title=title or path.stem,
        text=body,
        pages=(page,),
        fragments=(),
        language="",
    )
