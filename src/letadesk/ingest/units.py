"""The units written inside one fragment, by offset: which alineat, literă, punct (or
section, sub-clause) holds a quote, and which of the fragment's characters are structure
(headings, article headers, marginal titles, consolidation notes) rather than text.

Promises:

* :func:`unit_at` names the smallest unit that holds ``[start, end)`` of a fragment's
  text: the fragment's own locator gives the context (its article, its alineat when the
  fragment is a piece of one), the markers written in the text refine it ("(1)", "a)",
  "3.", "(b)", "5.2"); a quote across two alineate is cited by their article, never by
  the fragment's last unit. It reads only the fragment (nothing stored beyond its text and
  locator), so fragments indexed before it are cited by their own units too.
* :func:`quotable_spans` are the spans of a fragment that may be quoted: the text less
  its structural lines and notes (a heading, "Articolul 228", the marginal title
  "Furtul", "(la 13-07-2020, ... a fost modificat de ...)" are never inside a quote).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from letadesk.references.grammar import (
    CROSS_REFERENCE,
    LETTER,
    RO_INLINE_LITERA,
    RO_TITLED_ALINEAT,
    article_header_end,
    follows_letter,
    inline_puncte,
    is_structure_line,
    list_closes,
    next_point,
    titled_inline_header_end,
)
from letadesk.references.notes import editorial_spans, notes_in
from letadesk.text import unify_diacritics

__all__ = ["body_start", "quotable_spans", "unit_at"]

_RO_PART = re.compile(
    r"(?P<p>anexa(?: nr\. \S+)?|art\. \S+|alin\. \(\S+?\)|pct\. \S+|lit\. \S+?\))(?:\s+|$)"
)
_RO_LEVEL = {"anexa": -1, "art.": 0, "alin.": 1, "pct.": 2, "lit.": 3}
# A punct's number opens its line and its text follows on it ("3. ..."); a number
# alone on its line numbers a table's row (Codul fiscal art. 105), no punct.
_LINE_MARK = re.compile(
    rf"^[ \t]*(?:\((?P<alin>\d{{1,3}}(?:\^\d+)?)\)|(?P<lit>([{LETTER}])\3{{0,2}}(?:\^\d+)?)\)"
    r"|(?P<pct>\d{1,3}(?:\^\d+)?)\.(?=[ \t]*\S)|\((?P<sub>[a-z]{1,3}|[A-Z]|\d{1,2})\)"
    r"|(?P<clause>\d{1,3}(?:\.\d{1,3})+)\.?)(?=\s)",
    re.M,
)
# Alineate written on one line: "(1) ... bunuri. (2) Cu toate acestea, ..."
_INLINE_ALINEAT = re.compile(r"(?<=[.;:] )\((?P<n>\d{1,3})\) (?=[A-ZĂÂÎȘŞȚŢ])")
_ROMAN = re.compile(r"[ivxl]+")
_TITLE_END = re.compile(r"[.;:,]$")

Part = tuple[int, str]  # (level, text as written in a locator)


def _ro_parts(locator: str) -> list[Part] | None:
    parts, pos = [], 0
    for m in _RO_PART.finditer(locator):
        if m.start() != pos:
            return None
        parts.append((_RO_LEVEL[m["p"].split(" ", 1)[0]], m["p"]))
        pos = m.end()
    return parts if pos == len(locator) and parts else None


def _en_parts(locator: str) -> list[Part]:
    """ "Exhibit A Section 5.2(a)(i)" -> its clause and sub-clauses, levels 1, 2, 3."""
    base, _, subs = locator.partition("(")
    parts: list[Part] = [(1, base.strip())] if base.strip() else []
    for i, sub in enumerate(re.findall(r"\([^()]*\)", "(" + subs if subs else "")):
        parts.append((2 + min(i, 1), sub))
    return parts


def _render(parts: list[Part]) -> str:
    out = ""
    for _, p in parts:
        out += p if p.startswith("(") or not out else " " + p
    return out


class _Scan:
    """Markers of one fragment, in order, as (offset, path) pairs."""

    def __init__(self, locator: str, text: str) -> None:
        ro = _ro_parts(locator)
        self.ro = ro is not None
        self.parts: list[Part] = ro if ro is not None else _en_parts(locator)
        self.word = _clause_word(locator)
        self.text = text
        self.letter = ""

    def marks(self) -> list[tuple[int, Part]]:
        found = sorted(self._marks(), key=lambda m: m[0])
        return found

    def _marks(self) -> Iterator[tuple[int, Part]]:
        text = self.text
        for m in _LINE_MARK.finditer(text):
            mark = self._line_mark(m)
            if mark is not None:
                yield m.start() + len(m[0]) - len(m[0].lstrip()), mark
        if self.ro:
            if (titled := _titled_alineat(text)) is not None:
                yield titled, (1, "alin. (1)")
            yield from self._inline_litere()
            yield from self._inline_puncte()
            if not (self.parts and self.parts[-1][1].startswith("lit.")):
                # a litera's own fragment holds no close: the chunker cuts there
                for at in list_closes(text):
                    yield at, (3, "")
            yield from self._inline_alineate()

    def _line_mark(self, m: re.Match[str]) -> Part | None:
        if self.ro:
            if m["alin"]:
                return 1, f"alin. ({m['alin']})"
            if m["lit"]:
                self.letter = unify_diacritics(m["lit"])
                return 3, f"lit. {self.letter})"
            if m["pct"]:
                return 2, f"pct. {m['pct']}"
            return None
        if (x := m["sub"] or m["alin"]) and self.parts:
            return self._en_sub(x), f"({x})"
        if m["clause"] and self.word:
            return 1, f"{self.word} {m['clause']}"
        return None

    def _en_sub(self, x: str) -> int:
        """Level of an English sub-clause: 2 for "(a)", 3 for "(i)" / "(A)" / "(1)" inside
        a lettered one ("(h)" is followed by the letter "(i)", not the numeral)."""
        letter = self.letter
        nested = bool(letter) and (not x.islower() or _ROMAN.fullmatch(x) is not None)
        if nested and not follows_letter(letter, x):
            return 3
        self.letter = x if x.islower() else letter
        return 2

    def _inline_alineate(self) -> Iterator[tuple[int, Part]]:
        """Alineate written after a full stop that continue the numbering."""
        own = [p for level, p in self.parts if level == 1]
        last = int(own[0][7:-1]) if own and own[0][7:-1].isdigit() else 0
        for m in re.finditer(r"\((\d{1,3})\)", self.text):
            n = int(m[1])
            if not self.text[_line_start(self.text, m.start()) : m.start()].strip():
                last = n
            elif n == last + 1 and _INLINE_ALINEAT.match(self.text, m.start()):
                last = n
                yield m.start(), (1, f"alin. ({n})")

    def _inline_puncte(self) -> Iterator[tuple[int, Part]]:
        """Puncte written after the text on a line that continue the numbering ("...:
        1. acord - ...; 2. activitate - ..."), the chunker's rule
        (:func:`letadesk.references.grammar.next_point`)."""
        own = [p[5:] for level, p in self.parts if level == 2]
        point = own[0] if own else ""
        letter = any(level == 3 for level, _ in self.parts)
        found: list[tuple[int, str, str]] = []
        for m in _LINE_MARK.finditer(self.text):
            kind = next((k for k in ("alin", "lit", "pct") if m[k]), "")
            found.append((m.start(), kind, m[kind] if kind else ""))
        found += [(m.start("p"), "inline", m["p"]) for m in inline_puncte(self.text)]
        for at, kind, number in sorted(found, key=lambda f: f[0]):
            if kind in ("alin", "lit"):
                letter = kind == "lit"
                point = "" if kind == "alin" else point
            elif kind == "pct":
                point = number
            elif kind == "inline":
                colon = self.text[at - 2] == ":"
                if next_point(point, number, after_colon=colon, in_litera=letter):
                    point = number
                    yield at, (2, f"pct. {number}")

    def _inline_litere(self) -> Iterator[tuple[int, Part]]:
        for m in RO_INLINE_LITERA.finditer(self.text):
            letter = unify_diacritics(m["l"])
            if CROSS_REFERENCE.search(self.text, max(0, m.start() - 8), m.start()):
                continue
            if self.letter and follows_letter(self.letter, letter):
                self.letter = letter
                yield m.start("l"), (3, f"lit. {letter})")


def _clause_word(locator: str) -> str:
    m = re.search(r"(?:^|\s)(Section|Clause|pct\.|Article)\s+\d", locator)
    return m.group(1) if m and m.group(1) != "Article" else ("Section" if m else "")


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def _titled_alineat(text: str) -> int | None:
    """Offset of "(1)" when a marginal title shares its line ("Furtul (1) Luarea"),
    written right after the fragment's article header."""
    lines = _lines(text)
    for i, (start, line) in enumerate(lines):
        header = is_structure_line(line)
        if header == "article":
            rest_at = article_header_end(line)
            rest = line[rest_at:]
            if m := RO_TITLED_ALINEAT.match(rest.lstrip()):
                return start + rest_at + len(rest) - len(rest.lstrip()) + m.start("n") - 1
            if i + 1 < len(lines) and (m := RO_TITLED_ALINEAT.match(lines[i + 1][1])):
                return lines[i + 1][0] + m.start("n") - 1
            return None
    return None


def _lines(text: str) -> list[tuple[int, str]]:
    """(offset of the first non-blank character, stripped line) of non-blank lines."""
    out, pos = [], 0
    for raw in text.splitlines(keepends=True):
        if raw.strip():
            out.append((pos + len(raw) - len(raw.lstrip()), raw.strip()))
        pos += len(raw)
    return out


def _path_at(
    lead: list[Part],
    marks: list[tuple[int, Part]],
    offset: int,
    text: str,
    *,
    ro: bool,
    reopens: bool = False,
) -> list[Part]:
    """The units that hold ``offset``: ``lead``, then each marker before it in turn
    (``reopens``: the first one opens the unit the fragment's own locator names)."""
    path = list(lead)
    for i, (at, (level, part)) in enumerate(marks):
        if at > offset:
            break
        if reopens and i == 0:
            path = [*path, (level, part)]
        else:
            path = _ro_step(path, level, part, text, at) if ro else _step(path, level, part)
    return path


def _step(path: list[Part], level: int, part: str) -> list[Part]:
    """The path after a marker of ``level`` opens ``part``: it follows every unit of a
    lower level ("" closes a list: its units are left)."""
    return [p for p in path if p[0] < level] + ([(level, part)] if part else [])


def _ro_step(path: list[Part], level: int, part: str, text: str, at: int) -> list[Part]:
    """:func:`_step` for a Romanian law, where litere nest in a punct and puncte in the
    litera that introduces them ("d) ... următoarele:" then "1. ..."): a litera or punct
    follows the one of its kind already open (the units inside it close); a first
    punct after a litera ending in ":" opens inside it; a list's close leaves its
    litere and what they hold."""
    kind = part[:4] if part[:4] in ("lit.", "pct.") else ("lit." if not part else "")
    open_at = next((i for i, p in enumerate(path) if p[1].startswith(kind)), None) if kind else None
    if open_at is not None:
        return path[:open_at] + ([(level, part)] if part else [])
    if kind == "pct." and path and path[-1][1].startswith("lit.") and _colon_before(text, at):
        return [*path, (level, part)]
    return _step(path, level, part)


def _colon_before(text: str, at: int) -> bool:
    """Whether the text before ``at`` ends with ":" (whitespace between)."""
    before = at
    while before > 0 and text[before - 1].isspace():
        before -= 1
    return before > 0 and text[before - 1] == ":"


def _lead(parts: list[Part], marks: list[tuple[int, Part]], *, ro: bool) -> tuple[list[Part], bool]:
    """The path of the text before the first marker: the fragment's own locator, less
    the unit the first marker opens when the fragment starts with that unit's header;
    and whether that marker reopens it (a Romanian law: the locator names the units
    around it in their order, "lit. d) pct. 1", :func:`_ro_step`)."""
    if not marks:
        return parts, False
    level, part = marks[0][1]
    if (level, part) not in parts:
        return parts, False
    if ro:
        return parts[: parts.index((level, part))], True
    return [p for p in parts if p[0] < level], False


def unit_at(locator: str, text: str, start: int, end: int) -> str:
    """The locator of the smallest unit of the fragment (``locator``, ``text``) that
    holds ``text[start:end]`` (see module doc); ``locator`` when nothing refines it."""
    scan = _Scan(locator, text)
    if not scan.parts:
        return locator
    marks = scan.marks()
    lead, reopens = _lead(scan.parts, marks, ro=scan.ro)
    first = _path_at(lead, marks, start, text, ro=scan.ro, reopens=reopens)
    last = _path_at(lead, marks, max(start, end - 1), text, ro=scan.ro, reopens=reopens)
    common: list[Part] = []
    for a, b in zip(first, last, strict=False):
        if a != b:
            break
        common.append(a)
    return _render(common) if common else locator


def body_start(text: str) -> int:
    """Where a fragment's words begin: after its headings, article header, marginal
    title and the marker of its first unit ("(2) ", "a) ")."""
    spans = quotable_spans(text)
    at = spans[0][0] if spans else len(text)
    m = _LINE_MARK.match(text, at)
    return m.end() if m else at


def quotable_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that may be quoted (see module doc), in order."""
    cut = [(n.start, n.end) for n in notes_in(text)] + editorial_spans(text)
    lines = _lines(text)
    after_header = False
    for i, (start, line) in enumerate(lines):
        kind = is_structure_line(line)
        if i == 0 and not kind and (end := titled_inline_header_end(line)):
            cut.append((start, start + end))  # the fragment's own title and header
            continue
        if kind == "heading":
            cut.append((start, start + len(line)))
            continue
        if kind == "article":
            end = article_header_end(line)
            rest = line[end:].lstrip()
            if (m := RO_TITLED_ALINEAT.match(rest)) is not None:
                end = len(line) - len(rest) + m.start("n") - 1
            elif rest and _is_title(rest) and i + 1 < len(lines):
                end, rest = len(line), ""  # "Art. 180. - Instrument de plată electronică"
            cut.append((start, start + end))
            after_header = not rest
            continue
        if after_header:
            if (m := RO_TITLED_ALINEAT.match(line)) is not None:
                cut.append((start, start + m.start("n") - 1))
            elif _is_title(line) and i + 1 < len(lines):
                cut.append((start, start + len(line)))
        after_header = False
    return _complement(text, sorted(cut))


def _is_title(line: str) -> bool:
    return len(line) <= 200 and not _TITLE_END.search(line) and not _LINE_MARK.match(line)


def _complement(text: str, cut: list[tuple[int, int]]) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for s, e in [*cut, (len(text), len(text))]:
        if s > pos and text[pos:s].strip():
            a, b = pos, s
            while text[a].isspace():
                a += 1
            while text[b - 1].isspace():
                b -= 1
            spans.append((a, b))
        pos = max(pos, e)
    return spans
