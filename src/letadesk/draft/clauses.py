"""A draft cut into its clauses, each with the heading it sits under.

The draft's text is read paragraph by paragraph (a blank line ends one). A heading is
not a clause: a short paragraph of its own without a final stop ("Capitolul I. Plata",
"CONTRACT DE PRESTĂRI SERVICII"), or the first lines of a paragraph that look like one
("Clauza 1", "Articolul 5 - Plata", "1. Obiectul contractului", a line in capitals)
above its text. Each clause carries the nearest heading above it (the clauses after it
share it until the next), so that it can be named by it; the heading's words are not
checked as the clause's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from letadesk.references import parse_references
from letadesk.text import one_line

HEADING_CHARS = 80  # a heading is shorter than this
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_FINAL_STOP = (".", ";", ":", ",")
# a line that opens with a heading's word and number: "Clauza 1", "Art. 5 - Plata"
_NAMED = re.compile(
    r"(?:capitolul|clauza|articolul|art\.|sec[țţt]iunea|anexa|partea|titlul|"
    r"chapter|clause|article|section|schedule|annex|part)\s+(?:\d+|[IVXLC]+)\b",
    re.IGNORECASE,
)
_NUMBERED = re.compile(r"\d+(?:\.\d+)*\.?\s+\D+$")  # "1. Obiectul contractului"
_NUMBERED_WORDS = 5  # a numbered heading is this short: a numbered clause is longer
_NAMED_WORDS = 8


@dataclass(frozen=True, slots=True)
class Clause:
    start: int  # the clause's text, its heading's lines left out
    end: int
    heading: str = ""  # the nearest heading above it, on one line ("": none)


def clauses(text: str, fragments: Sequence[tuple[int, int]]) -> list[Clause]:
    """The clauses of ``text`` within the ``fragments`` spans (the chunker's, in order),
    each under the nearest heading above it; a heading is never a clause."""
    out: list[Clause] = []
    heading = ""
    for start, end in fragments:
        for s, e in _paragraphs(text, start, end):
            if is_heading(text[s:e], alone=True):
                heading = one_line(text[s:e])
                continue
            s, heading = _leading_headings(text, s, e, heading)
            if text[s:e].strip():
                out.append(Clause(s, e, heading))
    return out


def is_heading(line: str, *, alone: bool = False) -> bool:
    """Whether ``line`` reads as a heading: short, without a final stop, citing no act's
    provision, and a paragraph of its own (``alone``) or named and numbered like one, or
    in capitals."""
    line = line.strip()
    if not line or len(line) >= HEADING_CHARS or line.endswith(_FINAL_STOP):
        return False
    if any(r.act is not None for r in parse_references(line)):
        return False  # it cites an act's provision: a clause to check, however short
    if alone:
        return "\n" not in line
    words = len(line.split())
    letters = [c for c in line if c.isalpha()]
    capitals = len(letters) > 1 and all(c.isupper() for c in letters)
    named = _NAMED.match(line) is not None and words <= _NAMED_WORDS
    numbered = _NUMBERED.match(line) is not None and words <= _NUMBERED_WORDS
    return capitals or named or numbered


def _leading_headings(text: str, start: int, end: int, heading: str) -> tuple[int, str]:
    """Past the heading lines that open ``text[start:end]`` (its last line is never
    one): where the clause's text starts, and the heading it is then under."""
    lines = text[start:end].split("\n")
    at = start
    for line in lines[:-1]:
        if not is_heading(line):
            break
        heading = one_line(line)
        at += len(line) + 1
    while at < end and text[at].isspace():
        at += 1
    return at, heading


def _paragraphs(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The spans of ``text[start:end]``'s paragraphs that hold more than white space."""
    at = start
    for m in _PARAGRAPH_BREAK.finditer(text, start, end):
        if text[at : m.start()].strip():
            yield at, m.start()
        at = m.end()
    if text[at:end].strip():
        yield at, end
