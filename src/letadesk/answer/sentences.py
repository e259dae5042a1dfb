"""Sentence spans of a fragment, for extracted answers: a full stop after an
abbreviation (``nr.``, ``art.``, ``Sec.``) ends nothing, and a numbered paragraph
("(2) …", "b) …") starts a new sentence."""

from __future__ import annotations

import re

from letadesk.ingest.units import quotable_spans
from letadesk.text import ends_sentence

_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+(?=[A-ZĂÂÎȘȚŞŢ(„\"0-9])|\n\s*\n|\n(?=\(\d+\)|[a-z]\) )")


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text`` (offsets), whitespace trimmed, empty ones dropped.
    A full stop after an abbreviation (``nr.``, ``art.``, ``Sec.``) ends nothing.
    Headings, article headers, marginal titles and consolidation notes are never part
    of a sentence (:func:`letadesk.ingest.units.quotable_spans`)."""
    return [(a + s, a + e) for a, b in quotable_spans(text) for s, e in _sentences(text[a:b])]


def _sentences(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if (
            m.start() > 0
            and not text[m.start()].startswith("\n")
            and not ends_sentence(text, m.start() - 1)
        ):
            continue
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out
