"""Markdown as a lawyer reads it: YAML front matter is metadata, not text; heading
markers, ``{#anchor}`` attributes and bold/italic markers are layout, not words.

Promises of :func:`read_markdown`: the text it returns is what the stored document
holds (every offset of a fragment or quote points into it, so nothing is shown that is
not there); the front matter's ``key: value`` lines (at the very start, between two
``---`` lines) come back as metadata and never as text; heading markers (``### ``),
a trailing ``{#art-37}`` and emphasis markers (``**``, ``__``) are dropped, the words
between them kept as written.
"""

from __future__ import annotations

import re

__all__ = ["FrontMatter", "front_matter", "read_markdown"]

_FRONT = re.compile(r"\A\ufeff?---[ \t]*\n(?P<body>.*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:\s*(?P<value>.*?)\s*$")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+", re.M)
_ANCHOR = re.compile(r"[ \t]*\{#[^}\n]*\}[ \t]*$", re.M)
_EMPHASIS = re.compile(r"\*\*|__(?=\S)|(?<=\S)__")

FrontMatter = dict[str, str]


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def front_matter(text: str) -> tuple[FrontMatter, str]:
    """(metadata, the text after it): the YAML front matter's flat ``key: value`` pairs
    (keys lower-cased, quotes around a value dropped); ``({}, text)`` when there is none."""
    m = _FRONT.match(text)
    if m is None:
        return {}, text
    meta: FrontMatter = {}
    for line in (m["body"] or "").splitlines():
        if k := _KEY.match(line):
            value = _unquote(k["value"])
            if value:
                meta[k["key"].lower()] = value
    return meta, text[m.end() :]


def read_markdown(text: str) -> tuple[FrontMatter, str]:
    """(front matter, plain text) of a Markdown document (see module doc)."""
    meta, body = front_matter(text)
    body = _HEADING.sub("", body)
    body = _ANCHOR.sub("", body)
    return meta, _EMPHASIS.sub("", body)


def meta_title(meta: FrontMatter) -> str:
    """The document title the front matter gives ("title", "titlu", "name"), or ""."""
    for key in ("title", "titlu", "name", "denumire"):
        if meta.get(key):
            return meta[key]
    return ""
