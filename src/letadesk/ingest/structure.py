"""Legal structure -> fragments: articles, alineate, clauses, or packed paragraphs.

Promises of :func:`split_fragments`:

* every fragment's ``text`` equals ``document_text[start:end]``; fragments are
  stripped of surrounding whitespace by moving offsets, never by editing text;
* fragments are in document order, never overlap, and together cover every
  non-whitespace character of the document;
* no fragment is longer than ``max_chars`` (long units are split at paragraph,
  line, note, sentence or whitespace boundaries and keep their locator; a full stop
  after an abbreviation such as "nr." ends no sentence);
* ``page`` is the 1-based number of the page whose span contains ``start``.

Romanian laws: ``Articolul N`` / ``Art. N`` (``113^1``, ``2.335``) start articles,
alineate ``(1)`` are one fragment each (``art. 57 alin. (3)``), litere ``a)`` and
puncte ``1.`` stay inside their alineat unless it is too long (``... lit. b)``).
Headings (``Titlul``, ``Capitolul``, ``Secțiunea``...) are context: they open the
fragment of the article that follows them. A marginal title on the line of alineat
``(1)`` ("Furtul (1) Luarea ...") is that alineat's title. English contracts: ``Article 5``,
``Section 5.2``, numbered clauses ``5.2`` / ``5.2(a)`` and sub-clauses ``(a)``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from letadesk.domain import ParsedFragment, ParsedPage
from letadesk.ingest.pieces import unit_pieces
from letadesk.references import grammar
from letadesk.references.grammar import (
    CROSS_REFERENCE,
    RO_INLINE_LITERA,
    Grammar,
    Mark,
    follows_letter,
    grammar_for,
    inline_puncte,
    next_point,
)
from letadesk.text import unify_diacritics

__all__ = ["split_fragments"]

# --- units -------------------------------------------------------------------------------

_CONTINUATION_TAIL = re.compile(
    r"(?:\b(?:alin|art|lit|pct|nr|al|Sections?|Articles?|SECTIONS?|ARTICLES?|and|or|of|to|"
    r"in|under|at|by|with|la|din|și|şi|sau|prevăzute?)\.?|,)$"
)
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
        self.body_key: tuple[int, int] | None = None  # RO: last article outside any annex
        self.section = ""  # current numbered clause (EN) used as base of sub-clauses
        self.pending = ""  # "heading" | "article" | "caption": last cut may be relabelled
        self.pending_body = 0
        self.point = ""  # RO: current "pct. N" inside the cut; EN: current letter
        self.prev = ""  # previous non-empty line of the same paragraph
        self.before = ""  # previous non-empty line, blank lines between or not
        self.letter = ""  # RO: last litera seen in the current cut (for in-line litere)
        self.within = ""  # RO: the litera the current puncte are written inside
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
                self.prev = self.before = content
            else:
                self.prev = ""
            pos += len(raw)
        return self.cuts

    def _line(self, offset: int, content: str) -> None:
        mark = self.g.match(content)
        if (
            mark is not None
            and self._continues()
            and not (mark.kind == "article" and mark.end == len(content))
        ):
            mark = None  # a wrapped line; only a header alone on its line still counts
        if mark is not None and mark.kind == "article":
            self._article(offset, mark)
            self._tail(offset + mark.end, content[mark.end :], after_header=True)
        else:
            self._tail(offset, content, after_header=False, mark=mark)

    def _tail(
        self, offset: int, content: str, *, after_header: bool, mark: Mark | None = None
    ) -> None:
        """Text from a line start (or right after an article header) up to the next
        in-line article header, which is then handled in turn."""
        found = self._inline_article(content)
        head = content if found is None else content[: found[0]]
        if head.strip() and after_header:
            lead = len(head) - len(head.lstrip())
            inner = self.g.match(head.lstrip())
            if inner is not None and inner.kind == "clause":
                self._clause(offset + lead, inner)
            elif not self._titled(offset + lead, head.lstrip()):
                self._body(len(head))
        elif head.strip():
            self._apply(offset, mark, head)
        if self.g.ro_law and (self.letter or self.article):
            self._inline_units(offset, head)
        if found is not None:
            cut_at, m = found
            self._article(offset + cut_at, self.g.article_mark(m))
            self._tail(offset + m.end(), content[m.end() :], after_header=True)

    def _continues(self) -> bool:
        """True when the line merely continues a wrapped sentence (no marker may start)."""
        if (
            not self.prev
            or self.pending == "heading"
            or (self.pending == "article" and self.pending_body <= 1)
        ):
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
            if not self._titled(offset, content):
                self._body(length)
        elif mark.kind in ("heading", "annex"):
            self._heading(offset, mark)
        elif mark.kind == "article":
            self._article(offset, mark)
        elif mark.kind == "clause":
            self._clause(offset, mark, content)
        else:
            self._sub(offset, mark)

    def _titled(self, offset: int, content: str) -> bool:
        """A marginal title and the first alineat on one line, right after an article
        header ("Furtul (1) Luarea ..."): the alineat (1) starts there; True if so."""
        if not self.g.ro_law or self.pending != "article" or self.pending_body:
            return False
        m = grammar.RO_TITLED_ALINEAT.match(content)
        if m is None:
            return False
        self._clause(offset + m.start("n") - 1, Mark("clause", "alin. (1)", m.end()))
        return True

    def _new_cut(self, offset: int, locator: str) -> None:
        if offset <= self.cuts[-1].start:
            self.cuts[-1].locator = locator
        else:
            self.cuts.append(_Cut(offset, locator))
        self.point = self.letter = self.within = ""

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
        if (
            self.prefix
            and self.g.ro_law
            and self.body_key
            and mark.key
            and _follows(self.body_key, mark.key)
        ):
            self.prefix = ""  # the law resumes after annexes printed mid-text (Codul fiscal)
        if not self.prefix:
            self.body_key = mark.key
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
        absorb = (
            self.pending == "heading"
            or (self.pending == "article" and self.pending_body <= 1)
            or (
                self.pending == "caption"
                and self.pending_body == 0
                and mark.key[0] == self.caption_top
                and "." in mark.base
            )
        )
        if absorb:
            self.cuts[-1].locator = locator
            self.point, self.letter, self.within = mark.sub, "", ""
        else:
            self._new_cut(offset, locator)
            self.point = mark.sub
        self.pending = ""
        if not self.g.clause_needs_article and _is_title(content[mark.end :]):
            self.pending, self.pending_body = "caption", 0  # "2. DEFINITIONS." joins "2.1"
            self.caption_top = mark.key[0]

    def _inline_units(self, offset: int, content: str) -> None:
        """Litere (on a line over 200 characters: "...; bb) lot - ...; cc) liste ...") and
        puncte ("...: 1. acord - ...; 2. activitate - ...") written on one line that
        continue the sequence of the current alineat become sub-items too."""
        found: list[tuple[int, Mark]] = []
        if self.letter and len(content) > 200:
            found += [
                (m.start("l"), Mark("sub", unify_diacritics(m["l"]), m.end(), base="lit"))
                for m in RO_INLINE_LITERA.finditer(content)
                if not CROSS_REFERENCE.search(content, max(0, m.start() - 8), m.start())
            ]
        found += [
            (m.start("p"), Mark("sub", m["p"], m.end(), base="pct")) for m in inline_puncte(content)
        ]
        for at, mark in sorted(found, key=lambda item: item[0]):
            if mark.base == "lit":
                continues = bool(self.letter) and follows_letter(self.letter, mark.label)
            else:
                continues = next_point(
                    self.point,
                    mark.label,
                    after_colon=content[at - 2] == ":",
                    in_litera=bool(self.letter),
                )
            if continues:
                self._sub(offset + at, mark)

    def _sub(self, offset: int, mark: Mark) -> None:
        base = self.section or self.cuts[-1].locator
        if not base or not (self.article or self.section):
            self._body()
            return
        if self.g.ro_law and mark.base in ("lit", "pct"):
            label = self._ro_sub(base, mark)
        else:
            label, self.point = self.g.sub_label(base, self.point, mark)
        self.cuts[-1].subs.append((offset, label))
        self._body()

    def _ro_sub(self, base: str, mark: Mark) -> str:
        """A litera or punct of a Romanian law: litere nest in the punct before them;
        puncte nest in the litera that introduces them ("d) ... următoarele:" then "1.
        ...", Codul fiscal art. 278), and the next litera follows that litera; any other
        punct restarts the litere."""
        if mark.base == "pct":
            if self.letter and (self.within or self.before.endswith(":")):
                self.within, self.point = self.letter, mark.label
                return f"{base} lit. {self.letter}) pct. {mark.label}"
            self.letter = ""
        else:
            if self.within:
                self.point = self.within = ""
            self.letter = mark.label
        label, self.point = self.g.sub_label(base, self.point, mark)
        return label


def _is_title(rest: str) -> bool:
    """A clause line that is only a caption ("DEFINITIONS.", "Term and Termination")."""
    rest = rest.strip()
    return 0 < len(rest) <= 80 and not re.search(r"[a-z][.;:]?$", rest)


def _join(prefix: str, label: str) -> str:
    return f"{prefix} {label}" if prefix and label else prefix or label


def _follows(prev: tuple[int, int], new: tuple[int, int]) -> bool:
    """True when article ``new`` may directly follow ``prev`` (N -> N+1, N -> N^k+1)."""
    return new in ((prev[0] + 1, 0), (prev[0], prev[1] + 1))


def split_fragments(
    text: str, pages: Sequence[ParsedPage], *, max_chars: int = 1500, language: str = ""
) -> tuple[ParsedFragment, ...]:
    """Cut ``text`` into fragments following its legal structure (see module doc).

    ``language`` ("ro", "en" or "" to guess from the markers) only chooses the
    vocabulary of locators for numbered clauses when the text has no Romanian
    article headers ("pct. 5.2" vs "Section 5.2").
    """
    if max_chars < 20:
        raise ValueError("max_chars must be at least 20")
    rules = grammar_for(text, language)
    cuts = _Walker(text, rules).run()
    page_starts = [p.start for p in pages]
    out: list[ParsedFragment] = []
    ends = [c.start for c in cuts[1:]] + [len(text)]
    for cut, end in zip(cuts, ends, strict=True):
        pieces = unit_pieces(
            text, (cut.start, cut.locator), cut.subs, end, max_chars, ro_law=rules.ro_law
        )
        for s, e, locator in pieces:
            out.append(
                ParsedFragment(
                    start=s,
                    end=e,
                    locator=locator,
                    text=text[s:e],
                    page=_page_of(pages, page_starts, s),
                )
            )
    return tuple(out)


def _page_of(pages: Sequence[ParsedPage], starts: list[int], offset: int) -> int:
    if not pages:
        return 1
    i = bisect.bisect_right(starts, offset) - 1
    return pages[max(i, 0)].number
