"""Legal structure -> fragments: articles, alineate, clauses, or packed paragraphs.

Promises of :func:`split_fragments`:

* every fragment's ``text`` equals ``document_text[start:end]``; fragments are
  stripped of surrounding whitespace by moving offsets, never by editing text;
* fragments are in document order, never overlap, and together cover every
  non-whitespace character of the document;
* no fragment is longer than ``max_chars`` (long units are split at paragraph,
  line, sentence or whitespace boundaries and keep their locator);
* ``page`` is the 1-based number of the page whose span contains ``start``.

Romanian laws: ``Articolul N`` / ``Art. N`` (``113^1``, ``2.335``) start articles,
alineate ``(1)`` are one fragment each (``art. 57 alin. (3)``), litere ``a)`` and
puncte ``1.`` stay inside their alineat unless it is too long (``... lit. b)``).
Headings (``Titlul``, ``Capitolul``, ``Secțiunea``...) are context: they open the
fragment of the article that follows them. English contracts: ``Article 5``,
``Section 5.2``, numbered clauses ``5.2`` / ``5.2(a)`` and sub-clauses ``(a)``.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator, Sequence

from letadesk.domain import ParsedFragment, ParsedPage

__all__ = ["split_fragments"]

# --- grammar ---------------------------------------------------------------------------

_NUM = r"(?P<num>\d{1,3}(?:\.\d{3})+|\d+)(?P<sup>\^\d+)?"
_RO_ARTICLE = re.compile(
    rf"(?:Articolul|ARTICOLUL|Art\.|ART\.?)\s*(?:{_NUM}|(?<=\s)(?P<roman>[IVXLC]+)\b)"
    r"(?:\s*\.?\s*[-–—]\s*|\s*\.?\s*$)"
)
_RO_TITLED = re.compile(rf"[^\t]{{1,200}}\t+(?:ARTICOLUL|Articolul)\s*{_NUM}\s*$")
_RO_INLINE = re.compile(rf"(?<=\s)Art\.\s*{_NUM}\.\s*[-–—]\s")
_RO_HEADING = re.compile(
    r"(?:#+\s*)?(?:Titlul|TITLUL|Capitolul|CAPITOLUL|Sec[țţt]iunea|SEC[ȚŢT]IUNEA|"
    r"Subsec[țţt]iunea|SUBSEC[ȚŢT]IUNEA|Cartea|CARTEA|Partea|PARTEA|Paragraful|PARAGRAFUL|"
    r"§\s*\d)(?:\s+(?:[IVXLC]+\b|\d|a\s+[IVXL\d]|[A-ZĂÂÎȘŞȚŢ]{2,}|întâi|generală|specială|"
    r"preliminar)|[.:]|\s*$)"
)
_AMENDING = re.compile(r"\b(?:se modifică|se completează|se abrogă|după cum urmează)\b")
_RO_ANNEX = re.compile(r"(?:#+\s*)?(?:Anexa|ANEXA)(?:\s+(?:nr\.|NR\.)?\s*(?P<id>\d+)\b|\s*$)")
_RO_ALINEAT = re.compile(r"\((?P<n>\d{1,3}(?:\^\d+)?)\)(?=\s|$)")
_RO_LITERA = re.compile(r"(?P<l>([a-z])\2{0,2}(?:\^\d+)?)\)(?=\s|$)")
_RO_INLINE_LITERA = re.compile(r"(?<=[;.:)] )(?P<l>([a-z])\2{0,2}(?:\^\d+)?)\) (?=\S)")
_RO_PUNCT = re.compile(r"(?P<p>\d{1,3}(?:\^\d+)?)\.(?=\s)")
_EN_ARTICLE = re.compile(
    r"(?:ARTICLE|Article)\s+(?P<num>\d{1,3}|[IVXLC]+)\b(?=\s*$|[.:]|\s*[-–—]|\s+[A-Z(\d])"
)
_EN_SECTION = re.compile(
    r"(?:SECTION|Section)\s+(?P<num>\d{1,3}(?:\.\d{1,3})*)(?P<sub>\([a-z]{1,3}\))?\.?"
    r"(?=\s*$|[:\s]\s*[A-Z(\d\"“])"
)
_EN_NUMBERED = re.compile(
    r"(?P<num>\d{1,3}(?:\.\d{1,3})+|\d{1,3}(?=\.))(?P<sub>\([a-z]{1,3}\))?\.?"
    r"(?=\s*$|\s+[^a-z\s])"
)
_EN_ANNEX = re.compile(
    r"(?P<word>EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix)"
    r"\s+(?P<id>[A-Z0-9][A-Z0-9.\-]{0,6})\b(?=\s*$|\s*[-–—:.(]|\s+[A-Z\"“])"
)
_EN_SUB = re.compile(r"\((?P<x>[a-z]{1,3}|[A-Z]|\d{1,2})\)(?=\s|$)")
_ROMAN = re.compile(r"[ivxl]+")


class Mark:
    """A structural marker at the start of a line."""

    __slots__ = ("base", "end", "key", "kind", "label", "sub")

    def __init__(self, kind: str, label: str, end: int, *, key: tuple[int, int] = (0, 0),
                 base: str = "", sub: str = "") -> None:
        self.kind = kind  # "heading" | "annex" | "article" | "clause" | "sub"
        self.label = label
        self.end = end
        self.key = key
        self.base = base  # clause without its sub-clause ("Section 5.2" for "5.2(a)")
        self.sub = sub  # sub-clause letter carried by the clause ("a")


def _is_heading(line: str) -> bool:
    """A Romanian heading line: short (breadcrumbs ``## A | B`` may be longer), and not an
    amending formula ("Cartea a III-a ... se modifică după cum urmează:")."""
    if len(line) > (600 if line[0] == "#" else 200) or line[-1] in ":;":
        return False
    if _AMENDING.search(line):
        return False
    return _RO_HEADING.match(line) is not None


def _ro_number(m: re.Match[str]) -> tuple[str, tuple[int, int]]:
    """Canonical article number ("2.335" -> "2335", "113^1") and its sort key."""
    num, sup = m.group("num").replace(".", ""), m.group("sup") or ""
    return num + sup, (int(num), int(sup[1:]) if sup else 0)


class Grammar:
    """Line classifier: Romanian law markers, or numbered clauses (EN/RO vocabulary)."""

    def __init__(self, *, ro_law: bool, language: str) -> None:
        self.ro_law = ro_law
        self.clause_needs_article = ro_law
        self.inline = _RO_INLINE if ro_law else None
        self.article_word = "art." if language == "ro" else "Article"
        self.clause_word = "pct." if language == "ro" else "Section"

    def key(self, m: re.Match[str]) -> tuple[int, int]:
        return _ro_number(m)[1]

    def article_mark(self, m: re.Match[str]) -> Mark:
        """The article marker for an in-line header match."""
        num, key = _ro_number(m)
        return Mark("article", f"art. {num}", m.end(), key=key)

    def match(self, line: str) -> Mark | None:
        return self._match_ro(line) if self.ro_law else self._match_clauses(line)

    def _match_ro(self, line: str) -> Mark | None:
        if _is_heading(line):
            return Mark("heading", "", 0)
        if len(line) <= 250 and (m := _RO_ANNEX.match(line)):
            return Mark("annex", f"anexa nr. {m['id']}" if m["id"] else "anexa", m.end())
        if m := _RO_ARTICLE.match(line) or _RO_TITLED.match(line):
            if m.re is _RO_ARTICLE and m["roman"]:
                return Mark("article", f"art. {m['roman']}", m.end(), key=(0, 0))
            num, key = _ro_number(m)
            return Mark("article", f"art. {num}", m.end(), key=key)
        if m := _RO_ALINEAT.match(line):
            return Mark("clause", f"alin. ({m['n']})", m.end())
        if m := _RO_LITERA.match(line):
            return Mark("sub", m["l"], m.end(), base="lit")
        if m := _RO_PUNCT.match(line):
            return Mark("sub", m["p"], m.end(), base="pct")
        return None

    def _match_clauses(self, line: str) -> Mark | None:
        if len(line) <= 80 and (m := _EN_ANNEX.match(line)):
            return Mark("annex", f"{m['word'].title()} {m['id']}", m.end())
        if m := _EN_ARTICLE.match(line):
            return Mark("article", f"{self.article_word} {m['num']}", m.end())
        if m := _EN_SECTION.match(line) or _EN_NUMBERED.match(line):
            base = f"{self.clause_word} {m['num']}"
            sub = (m["sub"] or "").strip("()")
            top = int(m["num"].split(".")[0])
            return Mark("clause", base + (m["sub"] or ""), m.end(), key=(top, 0), base=base,
                        sub=sub)
        if m := _EN_SUB.match(line):
            return Mark("sub", m["x"], m.end())
        return None

    def sub_label(self, base: str, point: str, mark: Mark) -> tuple[str, str]:
        """Locator of a sub-item under ``base`` and the new nesting state."""
        if self.ro_law:
            if mark.base == "pct":
                return f"{base} pct. {mark.label}", mark.label
            inner = f" pct. {point}" if point else ""
            return f"{base}{inner} lit. {mark.label})", point
        x = mark.label
        nested = point and not _ROMAN.fullmatch(point) and x != _next_letter(point)
        if nested and (_ROMAN.fullmatch(x) or not x.islower()):
            return f"{base}({point})({x})", point
        return f"{base}({x})", x


def _next_letter(x: str) -> str:
    return chr(ord(x[-1]) + 1) * len(x) if x[-1] < "z" else ""


def grammar_for(text: str, language: str) -> Grammar:
    """Romanian law grammar when the text has line-start article headers, else clauses."""
    ro_law = any(_RO_ARTICLE.match(line.strip()) or _RO_TITLED.match(line.strip())
                 for line in _first_lines(text))
    if not language:
        language = "ro" if ro_law else "en"
    return Grammar(ro_law=ro_law, language=language)


def _first_lines(text: str) -> Iterator[str]:
    for m in re.finditer(r"^[^\n]*(?:Articolul|ARTICOLUL|Art\.|ART)[^\n]*$", text, re.M):
        yield m.group(0)


# --- units -------------------------------------------------------------------------------

_CONTINUATION_TAIL = re.compile(
    r"(?:\b(?:alin|art|lit|pct|nr|al|Sections?|Articles?|SECTIONS?|ARTICLES?|and|or|of|to|"
    r"in|under|at|by|with|la|din|și|şi|sau|prevăzute?)\.?|,)$"
)
_BREAK_PARAGRAPH = re.compile(r"\n[ \t\r]*\n|\f")
_BREAK_LINE = re.compile(r"\n")
_BREAK_SENTENCE = re.compile(r"[.!?;:][\"'”’)\]]*\s")
_BREAK_SPACE = re.compile(r"\s")
_INLINE_TITLE = re.compile(r"[.;:]\s+([^.;:\n]{1,100})$")


class _Cut:
    """A unit start: its offset, locator and the sub-item offsets inside it."""

    __slots__ = ("locator", "start", "subs")

    def __init__(self, start: int, locator: str) -> None:
        self.start = start
        self.locator = locator
        self.subs: list[tuple[int, str]] = []


class _Walker:
    """Reads lines in order and records where units (fragments before splitting) start."""

    def __init__(self, text: str, grammar: Grammar) -> None:
        self.text = text
        self.g = grammar
        self.cuts: list[_Cut] = [_Cut(0, "")]
        self.prefix = ""  # annex / exhibit context
        self.article = ""  # locator of the current article ("art. 57", "Article 5")
        self.article_key: tuple[int, int] | None = None
        self.section = ""  # current numbered clause (EN) used as base of sub-clauses
        self.pending = ""  # "heading" | "article" | "caption": last cut may be relabelled
        self.pending_body = 0
        self.point = ""  # RO: current "pct. N" inside the cut; EN: current letter
        self.prev = ""  # previous non-empty line of the same paragraph
        self.letter = ""  # RO: last litera seen in the current cut (for in-line litere)
        self.annex: tuple[int, str] | None = None  # EN exhibit heading not yet confirmed
        self.max_top = 0  # EN: highest top-level clause number in the current context
        self.caption_top = 0  # EN: number of a caption-only clause ("5. PAYMENT.")

    def run(self) -> list[_Cut]:
        pos = 0
        for raw in self.text.splitlines(keepends=True):
            content = raw.strip()
            if content:
                lead = len(raw) - len(raw.lstrip())
                self._line(pos + lead, content)
                self.prev = content
            else:
                self.prev = ""
            pos += len(raw)
        return self.cuts

    def _line(self, offset: int, content: str) -> None:
        mark = self.g.match(content)
        if mark is not None and self._continues() and not (
                mark.kind == "article" and mark.end == len(content)):
            mark = None  # a wrapped line; only a header alone on its line still counts
        if mark is not None and mark.kind == "article":
            self._article(offset, mark)
            self._tail(offset + mark.end, content[mark.end:], after_header=True)
        else:
            self._tail(offset, content, after_header=False, mark=mark)

    def _tail(self, offset: int, content: str, *, after_header: bool,
              mark: Mark | None = None) -> None:
        """Text from a line start (or right after an article header) up to the next
        in-line article header, which is then handled in turn."""
        found = self._inline_article(content)
        head = content if found is None else content[:found[0]]
        if head.strip() and after_header:
            lead = len(head) - len(head.lstrip())
            inner = self.g.match(head.lstrip())
            if inner is not None and inner.kind == "clause":
                self._clause(offset + lead, inner)
            else:
                self._body(len(head))
        elif head.strip():
            self._apply(offset, mark, head)
        if self.letter and len(head) > 200:
            self._inline_litere(offset, head)
        if found is not None:
            cut_at, m = found
            self._article(offset + cut_at, self.g.article_mark(m))
            self._tail(offset + m.end(), content[m.end():], after_header=True)

    def _continues(self) -> bool:
        """True when the line merely continues a wrapped sentence (no marker may start)."""
        if not self.prev or self.pending == "heading" or (
                self.pending == "article" and self.pending_body <= 1):
            return False
        if _CONTINUATION_TAIL.search(self.prev):
            return True
        return len(self.prev) >= 50 and (self.prev[-1].islower() or self.prev[-1] == ",")

    def _inline_article(self, content: str) -> tuple[int, re.Match[str]] | None:
        """(cut offset, match) of an in-line ``Art. N. -`` header in ``content`` that
        continues the article numbering (so cross-references never start articles).
        The cut moves back over a short title written just before the header."""
        if self.g.inline is None or self.article_key is None:
            return None
        for m in self.g.inline.finditer(content):
            if m.start() == 0 or not _follows(self.article_key, self.g.key(m)):
                continue
            title = _INLINE_TITLE.search(content, 0, m.start())
            if title and title.group(1)[:1].isupper():
                return title.start(1), m
            return m.start(), m
        return None

    def _apply(self, offset: int, mark: Mark | None, content: str) -> None:
        length = len(content)
        if mark is None:
            self._body(length)
        elif mark.kind in ("heading", "annex"):
            self._heading(offset, mark)
        elif mark.kind == "article":
            self._article(offset, mark)
        elif mark.kind == "clause":
            self._clause(offset, mark, content)
        else:
            self._sub(offset, mark)

    def _new_cut(self, offset: int, locator: str) -> None:
        if offset <= self.cuts[-1].start:
            self.cuts[-1].locator = locator
        else:
            self.cuts.append(_Cut(offset, locator))
        self.point = self.letter = ""

    def _body(self, length: int = 0) -> None:
        """A line without marker; up to two short lines after a heading are its title."""
        if self.pending == "heading" and (length > 250 or self.pending_body >= 2):
            self.pending = ""
        elif self.pending:
            self.pending_body += 1

    def _heading(self, offset: int, mark: Mark) -> None:
        if mark.kind == "annex" and self.g.ro_law:
            self.prefix = mark.label
        if self.pending != "heading":
            self._new_cut(offset, self.prefix)
        else:
            self.cuts[-1].locator = self.prefix
        self.pending, self.pending_body = "heading", 0
        self.article, self.article_key, self.section = "", None, ""
        if mark.kind == "annex" and not self.g.ro_law:
            self.annex = (len(self.cuts) - 1, mark.label)

    def _confirm_annex(self, top: int) -> None:
        """An exhibit/schedule heading counts (and prefixes later locators) only when the
        first clause after it restarts the numbering; a cover label ("Exhibit 10.29"),
        a table of contents or a cross-reference line never does."""
        if self.annex is not None and 0 < top <= self.max_top:
            index, label = self.annex
            if self.cuts[index].locator == self.prefix:
                self.cuts[index].locator = label
            self.prefix, self.max_top = label, 0
        self.annex = None
        self.max_top = max(self.max_top, top)

    def _article(self, offset: int, mark: Mark) -> None:
        locator = _join(self.prefix, mark.label)
        if self.pending == "heading":
            self.cuts[-1].locator = locator
            self.point = ""
        else:
            self._new_cut(offset, locator)
        self.pending, self.pending_body = "article", 0
        self.article, self.article_key, self.section = locator, mark.key, ""

    def _clause(self, offset: int, mark: Mark, content: str = "") -> None:
        if self.g.clause_needs_article and not self.article:
            self._body()
            return
        if self.g.clause_needs_article:
            locator = f"{self.article} {mark.label}"
        else:
            self._confirm_annex(mark.key[0])
            locator = _join(self.prefix, mark.label)
            self.section = _join(self.prefix, mark.base or mark.label)
        absorb = self.pending == "heading" or (
            self.pending == "article" and self.pending_body <= 1) or (
            self.pending == "caption" and self.pending_body == 0
            and mark.key[0] == self.caption_top and "." in mark.base)
        if absorb:
            self.cuts[-1].locator = locator
            self.point, self.letter = mark.sub, ""
        else:
            self._new_cut(offset, locator)
            self.point = mark.sub
        self.pending = ""
        if not self.g.clause_needs_article and _is_title(content[mark.end:]):
            self.pending, self.pending_body = "caption", 0  # "2. DEFINITIONS." joins "2.1"
            self.caption_top = mark.key[0]

    def _inline_litere(self, offset: int, content: str) -> None:
        """Litere written on one line ("...; bb) lot - ...; cc) liste ...") that continue
        the sequence of the current alineat become sub-items too."""
        for m in _RO_INLINE_LITERA.finditer(content):
            if _letter_key(m["l"]) in _next_letters(self.letter):
                self._sub(offset + m.start("l"), Mark("sub", m["l"], m.end(), base="lit"))

    def _sub(self, offset: int, mark: Mark) -> None:
        base = self.section or self.cuts[-1].locator
        if not base or not (self.article or self.section):
            self._body()
            return
        label, self.point = self.g.sub_label(base, self.point, mark)
        if self.g.ro_law and mark.base == "lit":
            self.letter = mark.label
        self.cuts[-1].subs.append((offset, label))
        self._body()


def _is_title(rest: str) -> bool:
    """A clause line that is only a caption ("DEFINITIONS.", "Term and Termination")."""
    rest = rest.strip()
    return 0 < len(rest) <= 80 and not re.search(r"[a-z][.;:]?$", rest)


def _letter_key(x: str) -> tuple[int, int]:
    """Order of a litera: a..z, aa..zz, aaa..; ``ee^1`` follows ``ee``."""
    base, _, sup = x.partition("^")
    return (len(base) - 1) * 26 + ord(base[0]) - 96, int(sup or 0)


def _next_letters(x: str) -> tuple[tuple[int, int], ...]:
    n, sup = _letter_key(x)
    return (n + 1, 0), (n, sup + 1)


def _join(prefix: str, label: str) -> str:
    return f"{prefix} {label}" if prefix and label else prefix or label


def _follows(prev: tuple[int, int], new: tuple[int, int]) -> bool:
    """True when article ``new`` may directly follow ``prev`` (N -> N+1, N -> N^k+1)."""
    return new in ((prev[0] + 1, 0), (prev[0], prev[1] + 1))


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _cut_point(text: str, start: int, end: int, max_chars: int) -> int:
    """Where to end a piece of [start, end) no longer than max_chars (end - start > max_chars)."""
    limit = start + max_chars
    floor = start + max_chars // 3
    for pattern in (_BREAK_PARAGRAPH, _BREAK_LINE, _BREAK_SENTENCE, _BREAK_SPACE):
        best = -1
        for m in pattern.finditer(text, floor, limit + 1):
            if m.end() - 1 <= limit:
                best = m.end()
        if best > floor:
            return min(best, limit)
    return limit


def _split_long(text: str, start: int, end: int, max_chars: int) -> Iterator[tuple[int, int]]:
    """Trimmed pieces of [start, end), each at most max_chars long."""
    start, end = _trim(text, start, end)
    while end - start > max_chars:
        cut = _cut_point(text, start, end, max_chars)
        piece = _trim(text, start, cut)
        if piece[0] < piece[1]:
            yield piece
        start, end = _trim(text, cut, end)
    if start < end:
        yield start, end


def _unit_pieces(text: str, cut: _Cut, end: int, max_chars: int) -> Iterator[tuple[int, int, str]]:
    """One unit as (start, end, locator) pieces: whole, or split at its sub-items."""
    start, stop = _trim(text, cut.start, end)
    if stop - start <= max_chars or not cut.subs:
        for s, e in _split_long(text, start, stop, max_chars):
            yield s, e, cut.locator
        return
    bounds = [(cut.start, cut.locator), *cut.subs, (end, "")]
    if len(text[cut.start:cut.subs[0][0]].strip()) < 120:  # a bare header joins its first item
        bounds = [(cut.start, cut.subs[0][1]), *bounds[2:]]
    for (s, locator), (e, _) in itertools.pairwise(bounds):
        for ps, pe in _split_long(text, s, e, max_chars):
            yield ps, pe, locator


def split_fragments(text: str, pages: Sequence[ParsedPage], *, max_chars: int = 1500,
                    language: str = "") -> tuple[ParsedFragment, ...]:
    """Cut ``text`` into fragments following its legal structure (see module doc).

    ``language`` ("ro", "en" or "" to guess from the markers) only chooses the
    vocabulary of locators for numbered clauses when the text has no Romanian
    article headers ("pct. 5.2" vs "Section 5.2").
    """
    if max_chars < 20:
        raise ValueError("max_chars must be at least 20")
    cuts = _Walker(text, grammar_for(text, language)).run()
    page_starts = [p.start for p in pages]
    out: list[ParsedFragment] = []
    ends = [c.start for c in cuts[1:]] + [len(text)]
    for cut, end in zip(cuts, ends, strict=True):
        for s, e, locator in _unit_pieces(text, cut, end, max_chars):
            out.append(ParsedFragment(start=s, end=e, locator=locator, text=text[s:e],
                                      page=_page_of(pages, page_starts, s)))
    return tuple(out)


def _page_of(pages: Sequence[ParsedPage], starts: list[int], offset: int) -> int:
    if not pages:
        return 1
    i = bisect.bisect_right(starts, offset) - 1
    return pages[max(i, 0)].number
