"""Find in a document's text, for the source viewer (Qt-free).

The search is over the stored text the citations point into, so a match has the same
offsets as a citation: its page is the page whose ``[start, end)`` holds it, and a PDF
page shows it highlighted like a quote. Case, Romanian diacritics (a lawyer types
"obligatii" for "obligații") and runs of spaces or line breaks are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from letadesk.domain import Page

# One character for one, so that offsets in the folded text are offsets in the text.
_FOLD = str.maketrans("ăâîșşțţĂÂÎȘŞȚŢ", "aaisstt" + "AAISSTT")


def _pattern(term: str) -> re.Pattern[str] | None:
    words = term.translate(_FOLD).split()
    if not words:
        return None
    return re.compile(r"\s+".join(map(re.escape, words)), re.IGNORECASE)


def next_match(text: str, term: str, after: int) -> tuple[int, int] | None:
    """The first ``[start, end)`` of ``term`` at or after offset ``after``, wrapping to
    the beginning; None when it is not there (or ``term`` is blank)."""
    pattern = _pattern(term)
    if pattern is None:
        return None
    folded = text.translate(_FOLD)
    found = pattern.search(folded, max(0, after)) or pattern.search(folded)
    return (found.start(), found.end()) if found else None


def all_matches(text: str, term: str, limit: int = 500) -> list[tuple[int, int]]:
    """Every ``[start, end)`` of ``term`` in ``text``, in order (at most ``limit``)."""
    pattern = _pattern(term)
    if pattern is None:
        return []
    found = pattern.finditer(text.translate(_FOLD))
    return [(m.start(), m.end()) for _, m in zip(range(limit), found, strict=False)]


def hit_lines(text: str, pages: Sequence[Page], hits: Sequence[tuple[int, int]]) -> list[str]:
    """One line per hit: its page and the words around it ("p. 2: …the Supplier shall…")."""
    lines = []
    for start, end in hits:
        around = " ".join(text[max(0, start - 30) : end + 30].split())
        lines.append(f"p. {page_at(pages, start)}: \u2026{around}\u2026")
    return lines


def page_at(pages: Sequence[Page], offset: int) -> int:
    """The 1-based number of the page holding ``offset`` (1 when none does)."""
    return next((p.number for p in pages if p.start <= offset < p.end), 1)


def utf16_offset(text: str, index: int) -> int:
    """Qt text positions count UTF-16 code units; Python counts code points."""
    return len(text[:index].encode("utf-16-le")) // 2
