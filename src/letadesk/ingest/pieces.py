"""Cutting a unit too long for one fragment into pieces: at a paragraph, a line or where
an in-line note begins, a sentence (never after an abbreviation such as "nr."), or a
space, the last such boundary that keeps the piece within ``max_chars``."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence

from letadesk.references.grammar import list_closes
from letadesk.references.notes import editorial_spans, notes_in
from letadesk.text import ends_sentence

__all__ = ["split_long", "trim", "unit_pieces"]

_BREAK_PARAGRAPH = re.compile(r"\n[ \t\r]*\n|\f")
# A line, or where a consolidation note or an editorial "Notă" written in-line begins: a
# piece that opens with the note is read as one ("… lit. c); Notă În Jurnalul Oficial …").
_BREAK_LINE = re.compile(r"\n|[ \t](?=Notă\b|\(la \d{2}-\d{2}-\d{4}, )")
_BREAK_SENTENCE = re.compile(r"[.!?;:][\"'”’)\]]*\s")
_BREAK_SPACE = re.compile(r"\s")
_LITERA_TAIL = re.compile(r" lit\. [^ ]+\)$")


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) less the whitespace at either end."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _cut_point(text: str, start: int, max_chars: int, notes: Sequence[tuple[int, int]] = ()) -> int:
    """Where to end a piece that starts at ``start``, no longer than max_chars (the text
    runs on past ``start + max_chars``); never inside one of ``notes`` that begins after
    ``start``: before it, so the next piece opens with the note and reads as one (a piece
    opening inside a note would have its rest quoted as the law)."""
    limit = start + max_chars
    floor = start + max_chars // 3
    for pattern in (_BREAK_PARAGRAPH, _BREAK_LINE, _BREAK_SENTENCE, _BREAK_SPACE):
        best = -1
        for m in pattern.finditer(text, floor, limit + 1):
            if m.end() - 1 <= limit and (
                pattern is not _BREAK_SENTENCE or ends_sentence(text, m.start())
            ):
                best = m.end()
        if best > floor:
            cut = min(best, limit)
            return next((s for s, e in notes if start < s < cut < e), cut)
    return limit


def split_long(text: str, start: int, end: int, max_chars: int) -> Iterator[tuple[int, int]]:
    """Trimmed pieces of [start, end), each at most max_chars long, not cut inside a
    consolidation or editorial note when a cut before it will do; a note longer than
    max_chars is its first piece only (the notes are never the law, and the first piece
    names the note)."""
    start, end = trim(text, start, end)
    notes: list[tuple[int, int]] = []
    if end - start > max_chars:
        notes = [(n.start, n.end) for n in notes_in(text[start:end])]
        notes += editorial_spans(text[start:end])
        notes = sorted((s + start, e + start) for s, e in notes)
    while end - start > max_chars:
        cut = _cut_point(text, start, max_chars, notes)
        piece = trim(text, start, cut)
        if piece[0] < piece[1]:
            yield piece
        # the rest of a note longer than a piece is no piece: one opening inside the note
        # would be read, and quoted, as the law
        rest = next((e for s, e in notes if s <= start < cut < e), cut)
        start, end = trim(text, rest, end)
    if start < end:
        yield start, end


def unit_pieces(
    text: str,
    head: tuple[int, str],
    subs: Sequence[tuple[int, str]],
    end: int,
    max_chars: int,
    *,
    ro_law: bool,
) -> Iterator[tuple[int, int, str]]:
    """One unit (its start and locator ``head``, its sub-items ``subs`` by offset, up to
    ``end``) as (start, end, locator) pieces: whole, or split at its sub-items (and, in a
    Romanian law, where a list of litere closes: the words after it are their alineat's
    or punct's, not the last litera's)."""
    begin, locator = head
    start, stop = trim(text, begin, end)
    if stop - start <= max_chars or not subs:
        for s, e in split_long(text, start, stop, max_chars):
            yield s, e, locator
        return
    bounds = [head, *subs, (end, "")]
    if len(text[begin : subs[0][0]].strip()) < 120:  # a bare header joins its first item
        bounds = [(begin, subs[0][1]), *bounds[2:]]
    if ro_law:
        for at in list_closes(text[begin:end]):
            before = max((b for b in bounds[:-1] if b[0] <= begin + at), key=lambda b: b[0])
            if (outer := _LITERA_TAIL.sub("", before[1])) != before[1]:
                bounds = sorted([*bounds[:-1], (begin + at, outer)]) + bounds[-1:]
    for (s, piece), (e, _) in itertools.pairwise(bounds):
        for ps, pe in split_long(text, s, e, max_chars):
            yield ps, pe, piece
