"""The chunker's promises about a document's fragments, checked one way by every test."""

from __future__ import annotations

from collections.abc import Sequence

from letadesk.domain import ParsedFragment
from letadesk.references.notes import editorial_spans


def assert_fragments(text: str, fragments: Sequence[ParsedFragment], max_chars: int) -> None:
    """Exact offsets, stripped, ordered, no overlap, at most ``max_chars`` each, and
    every non-space character covered but the rest of a portal note longer than a
    fragment (a note is never the law; its first fragment names it)."""
    pos = 0
    notes = editorial_spans(text)
    for f in fragments:
        assert f.text == text[f.start : f.end]
        assert f.text == f.text.strip() and f.text
        assert f.start >= pos, "fragments overlap or are out of order"
        gap = text[pos : f.start]
        assert not gap.strip() or _in_note(text, pos, f.start, notes), f"uncovered: {gap!r}"
        assert len(f.text) <= max_chars
        pos = f.end
    assert not text[pos:].strip() or _in_note(text, pos, len(text), notes)


def _in_note(text: str, start: int, end: int, notes: list[tuple[int, int]]) -> bool:
    """Whether the words of text[start:end] lie inside one note begun before them."""
    words = text[start:end]
    first = start + len(words) - len(words.lstrip())
    last = end - (len(words) - len(words.rstrip()))
    return any(s < first and last <= e for s, e in notes)
