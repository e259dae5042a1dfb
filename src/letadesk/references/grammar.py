"""The grammar of legal structure: which line starts an article, alineat, literă,
punct, section, clause or annex, in Romanian laws and English contracts.

:func:`grammar_for` picks the grammar of a document; :mod:`letadesk.ingest.structure`
walks the text with it and cuts fragments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from letadesk.text import ends_sentence, unify_diacritics

_NUM = r"(?P<num>\d{1,3}(?:\.\d{3})+|\d+)(?P<sup>\^\d+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)?"
_SUPERSCRIPT = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")
_ANCHOR = r"(?:\s*\{#[^}\n]*\})?"  # Markdown "### Articolul 37 {#art-37}"
_RO_ARTICLE = re.compile(
    rf"(?:#{{1,6}}\s*)?(?:Articolul|ARTICOLUL|Art\.|ART\.?)\s*"
    rf"(?:{_NUM}|(?<=\s)(?P<roman>[IVXLC]+)\b)(?:\s*\.?\s*[-–—]\s*|\s*\.?{_ANCHOR}\s*$)"
)
# A marginal title written on the line of the first alineat: "Furtul (1) Luarea ..."
RO_TITLED_ALINEAT = re.compile(
    r"(?P<title>[^\s(](?:(?!\b(?:art|alin|lit|pct|nr)\.)[^()\n;:]){0,200}?"
    # a title that cites ("... prevăzute la art. 136 lit. f) (1) Pentru ..."): its "(1)"
    # is the one no "alin." names and a sentence follows
    r"|[^\s(][^\n;:]{0,250}?(?<!alin\.)(?=\s+\(1\)\s+[A-ZĂÂÎȘŞȚŢ]))"
    r"\s+\((?P<n>1)\)\s+(?=\S)"
)
_RO_TITLED = re.compile(rf"[^\t]{{1,200}}\t+(?:ARTICOLUL|Articolul)\s*{_NUM}\s*$")
_RO_INLINE = re.compile(rf"(?<=\s)Art\.\s*{_NUM}\.\s*[-–—]\s")
# The short title written just before an in-line header, which ingest.structure keeps
# at the start of the article's fragment: "Cumpărarea de către creditor Art. 2.448. - "
_RO_TITLE_BEFORE_INLINE = re.compile(r"[A-ZĂÂÎȘŞȚŢ][^.;:\n]{0,99}?\s(?=Art\.)")
_RO_HEADING = re.compile(
    r"(?:#+\s*)?(?:Titlul|TITLUL|Capitolul|CAPITOLUL|Sec[țţt]iunea|SEC[ȚŢT]IUNEA|"
    r"Subsec[țţt]iunea|SUBSEC[ȚŢT]IUNEA|Cartea|CARTEA|Partea|PARTEA|Paragraful|PARAGRAFUL|"
    r"§\s*\d)(?:\s+(?:[IVXLC]+\b|\d|[aA]\s+[IVXL\d]|[A-ZĂÂÎȘŞȚŢ]{2,}|întâi|generală|specială|"
    r"preliminar)|[.:]|\s*$)"
)
_AMENDING = re.compile(r"\b(?:se modifică|se completează|se abrogă|după cum urmează)\b")
_RO_ANNEX = re.compile(r"(?:#+\s*)?(?:Anexa|ANEXA)(?:\s+(?:nr\.|NR\.)?\s*(?P<id>\d+)\b|\s*$)")
_RO_ALINEAT = re.compile(r"\((?P<n>\d{1,3}(?:\^\d+)?)\)(?=\s|$)")
# A litera's letter: a Romanian law may letter "ș)" after "s)" and "ț)" after "t)"
# (Codul fiscal); both spellings of each.
LETTER = "a-zșşțţ"
_RO_LITERA = re.compile(rf"(?P<l>([{LETTER}])\2{{0,2}}(?:\^\d+)?)\)(?=\s|$)")
RO_INLINE_LITERA = re.compile(rf"(?<=[;.:)] )(?P<l>([{LETTER}])\2{{0,2}}(?:\^\d+)?)\) (?=\S)")
_LINE_LITERA = re.compile(rf"^[ \t]*(?P<l>([{LETTER}])\2{{0,2}}(?:\^\d+)?)\)(?=\s)", re.MULTILINE)
CROSS_REFERENCE = re.compile(r"\blit\.\s*$", re.IGNORECASE)  # "prevăzute la lit. a)"
# Where a list of litere closes and its alineat's words resume ("h) prin cruzimi,\nse
# pedepseşte cu ..."): after a line holding a litera that ends with "," or ";" when the
# next line starts no unit, or with "." when the next starts a new sentence.
_LIST_CLOSE = re.compile(
    rf"^(?:[ \t]*|[^\n]*[;.:)] )[{LETTER}]{{1,3}}(?:\^\d+)?\)\s[^\n]*"
    rf"(?:[,;][ \t]*\n(?!\s*(?:\(|[{LETTER}]{{1,3}}\)|\d))"
    r"|\.[ \t]*\n(?=\s*[A-ZĂÂÎȘŞȚŢ]))",
    re.M,
)
_UNIT_LINE = re.compile(r"^[ \t]*(?:\(\d{1,3}(?:\^\d+)?\)|\d{1,3}(?:\^\d+)?\.)\s", re.M)


def list_closes(text: str) -> list[int]:
    """Where lists of litere close in ``text`` (:data:`_LIST_CLOSE`), less those where the
    list goes on: a litera other than "a)" starts a line before the next alineat or
    punct, so the lines between were its litera's paragraphs (Codul fiscal: "a) ... .
    Cadourile ... . b) ..."), or those lines introduce puncte ("... se înțelege:" then
    "1. ..."), which are the litera's."""
    ends = []
    for m in _LIST_CLOSE.finditer(text):
        unit = _UNIT_LINE.search(text, m.end())
        scope = text[m.end() : unit.start() if unit else len(text)]
        resumes = any(x["l"][0] != "a" for x in _LINE_LITERA.finditer(scope))
        introduces = (
            unit is not None and unit[0].strip()[0].isdigit() and scope.rstrip()[-1:] == ":"
        )
        if not (resumes or introduces):
            ends.append(m.end())
    return ends


_RO_PUNCT = re.compile(r"(?P<p>\d{1,3}(?:\^\d+)?)\.(?=\s)")
# Puncte written on one line, as the portal prints a definitions article ("…
# semnificații: 1. acord de compensare - …; 2. activitatea curentă - …; 3. Abrogat."):
# a number after ";", ":", a full stop or a note's ")", then a word (:func:`next_point` says whether
# it continues the numbering).
RO_INLINE_PUNCT = re.compile(r"(?<=[;:.)] )(?P<p>\d{1,3}(?:\^\d+)?)\. (?=[^\W\d_])")
_EN_ARTICLE = re.compile(
    r"(?:ARTICLE|Article|ARTICOLUL|Articolul)\s+(?P<num>\d{1,3}|[IVXLC]+)\b"
    r"(?=\s*$|[.:]|\s*[-–—]|\s+[A-Z(\d])"
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

    def __init__(
        self,
        kind: str,
        label: str,
        end: int,
        *,
        key: tuple[int, int] = (0, 0),
        base: str = "",
        sub: str = "",
    ) -> None:
        self.kind = kind  # "heading" | "annex" | "article" | "clause" | "sub"
        self.label = label
        self.end = end
        self.key = key
        self.base = base  # clause without its sub-clause ("Section 5.2" for "5.2(a)")
        self.sub = sub  # sub-clause letter carried by the clause ("a")


def _is_heading(line: str) -> bool:
    """A Romanian heading line: short (breadcrumbs ``## A | B`` may be longer, and so may
    a heading that ends no sentence: Codul fiscal's 380-character "Capitolul VIII
    Prevederi comune în cazul persoanelor fizice ..."), and not an amending formula
    ("Cartea a III-a ... se modifică după cum urmează:")."""
    if len(line) > (1000 if line[0] == "#" or line[-1] not in ".,:;" else 200):
        return False
    if line[-1] in ":;":
        return False
    if _AMENDING.search(line):
        return False
    return _RO_HEADING.match(line) is not None


def is_structure_line(line: str) -> str:
    """ "heading" for a heading line (``Titlul I``, ``## Capitolul II - ...``, ``ANEXA``,
    ``ARTICLE 6: TERM``), "article" for one that opens with a Romanian article header
    (``Articolul 5``, ``Art. 5. -``; :func:`article_header_end` says where the header
    ends), "" for text. ``line`` is stripped."""
    if not line:
        return ""
    if _is_heading(line) or (len(line) <= 250 and _RO_ANNEX.match(line)):
        return "heading"
    if _RO_ARTICLE.match(line) or _RO_TITLED.match(line):
        return "article"
    if len(line) <= 120 and _EN_ARTICLE.match(line) and not re.search(r"[.;,]$", line):
        return "heading"
    return ""


def article_header_end(line: str) -> int:
    """Where the article header that opens ``line`` ends (0 when there is none)."""
    m = _RO_ARTICLE.match(line) or _RO_TITLED.match(line)
    return m.end() if m else 0


def titled_inline_header_end(line: str) -> int:
    """Where a marginal title and the in-line article header after it, opening
    ``line``, end ("Cumpărarea de către creditor Art. 2.448. - (1) ..."; 0 when
    ``line`` opens otherwise)."""
    title = _RO_TITLE_BEFORE_INLINE.match(line)
    header = _RO_INLINE.match(line, title.end()) if title else None
    return header.end() if header else 0


def _ro_number(m: re.Match[str]) -> tuple[str, tuple[int, int]]:
    """Canonical article number ("2.335" -> "2335", "113^1", "5¹" -> "5^1") and its
    sort key."""
    num, sup = m.group("num").replace(".", ""), m.group("sup") or ""
    if sup and sup[0] != "^":
        sup = "^" + sup.translate(_SUPERSCRIPT)  # "Art. 5¹" as the portal writes "5^1"
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
            return Mark("sub", unify_diacritics(m["l"]), m.end(), base="lit")
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
            return Mark(
                "clause", base + (m["sub"] or ""), m.end(), key=(top, 0), base=base, sub=sub
            )
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


def next_point(prev: str, new: str, *, after_colon: bool, in_litera: bool = False) -> bool:
    """Whether punct ``new`` continues the numbering after ``prev`` ("" before the
    first, which must be "1." after a colon, and not inside a litera: "a) … se execută:
    1. …" stays the litera's text): 4 -> 5, 4 -> 4^1, 4^1 -> 4^2 or 5."""
    if not prev:
        return new == "1" and after_colon and not in_litera
    base, _, sup = prev.partition("^")
    if not base.isdigit():
        return False
    return new in (str(int(base) + 1), f"{base}^{int(sup or 0) + 1}")


_ROMANIAN_AFTER = {"s": "șşt", "ș": "t", "ş": "t", "t": "țţu", "ț": "u", "ţ": "u"}


def follows_letter(prev: str, new: str) -> bool:
    """Whether litera ``new`` may come right after ``prev``: the next letter ("c" after
    "b", "bb" after "aa", "aa" after "z"), a Romanian one ("ș" after "s", "t" after
    "ș"), or one inserted after it ("e^1" after "e", "e^2" after "e^1")."""
    a, _, sup = prev.partition("^")
    b, _, new_sup = new.partition("^")
    if not a or not b:
        return False
    if b == a:
        return bool(new_sup) and int(new_sup) > int(sup or 0)
    if len(b) == len(a) + 1 and a == "z" * len(a) and b == "a" * len(b):
        return True
    last = a[-1]
    nexts = _ROMANIAN_AFTER.get(last, chr(ord(last) + 1) if last < "z" else "")
    return len(b) == len(a) and any(b == c * len(a) for c in nexts)


def _next_letter(x: str) -> str:
    return chr(ord(x[-1]) + 1) * len(x) if x[-1] < "z" else ""


def litere_in(text: str) -> tuple[str, ...]:
    """The litere written in a fragment's text (litere stay inside their alineat's
    fragment): those starting a line, then those written in-line after ``;``, ``.``,
    ``:`` or ``)`` (``"...; bb) lot"``), in text order within each kind."""
    return tuple(unify_diacritics(m["l"]) for m in _LINE_LITERA.finditer(text)) + tuple(
        unify_diacritics(m["l"]) for m in RO_INLINE_LITERA.finditer(text)
    )


Marks = list[tuple[str, int]]  # (a litera's unified name, its offset)
_PUNCT_OF_LITERA = re.compile(r"lit\. (?P<l>[^)\s]+)\) (?P<p>pct\. \S+)")
_LINE_PUNCT = re.compile(r"^[ \t]*(?P<p>\d{1,3}(?:\^\d+)?)\.\s", re.MULTILINE)


def inline_puncte(text: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """In-line puncte (:data:`RO_INLINE_PUNCT`) of ``text[start:end]``; a number after
    "nr." or "art." is none."""
    found = RO_INLINE_PUNCT.finditer(text, start, len(text) if end is None else end)
    return (m for m in found if ends_sentence(text, m.start() - 2))


def punct_marks(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, str]]:
    """(offset, number) of the puncte of ``text[start:end]`` starting a line or written
    in-line (:func:`inline_puncte`), in text order."""
    line = _LINE_PUNCT.finditer(text, start, len(text) if end is None else end)
    inline = inline_puncte(text, start, end)
    return sorted((m.start("p"), m["p"]) for m in (*line, *inline))


def litera_marks(text: str, start: int = 0, end: int | None = None) -> tuple[Marks, Marks]:
    """(unified name, offset) of the litere of ``text[start:end]`` starting a line, and
    of those written in-line; a cross-reference (``lit. h)``) is none."""
    stop = len(text) if end is None else end
    inline = RO_INLINE_LITERA.finditer(text, start, stop)
    kept = (m for m in inline if not CROSS_REFERENCE.search(text, max(0, m.start() - 8), m.start()))
    line, written_inline = (
        [(unify_diacritics(m["l"]), m.start("l")) for m in found]
        for found in (_LINE_LITERA.finditer(text, start, stop), kept)
    )
    return line, written_inline


def puncte_in(text: str) -> tuple[str, ...]:
    """The puncte written in a fragment's text: those starting a line, then those written
    in-line after the text before them."""
    inline = tuple(m["p"] for m in inline_puncte(text))
    return tuple(m["p"] for m in _LINE_PUNCT.finditer(text)) + inline


def litera_span(text: str, letter: str) -> tuple[int, int] | None:
    """Where litera ``letter`` (``"h"``) is written in ``text``: from its marker
    (``"h)"``) to the next litera of the same kind (starting a line, or in-line), the
    close of the list (:func:`list_closes`) or the end of ``text``, whitespace trimmed;
    ``None`` when it is not written there. A litera starting a line wins over one written
    in-line; a cross-reference (``lit. h)``) is never a litera."""
    letter = unify_diacritics(letter)
    for starts in litera_marks(text):
        for i, (name, start) in enumerate(starts):
            if name == letter:
                end = starts[i + 1][1] if i + 1 < len(starts) else len(text)
                close = next((at for at in list_closes(text) if at > start), None)
                end = min(end, close) if close is not None else end
                while end > start and text[end - 1].isspace():
                    end -= 1
                return start, end
    return None


def unit_span(text: str, unit: str) -> tuple[int, int] | None:
    """Where a unit held inside a fragment is written: litera ``"h"``
    (:func:`litera_span`) or punct ``"pct. 20"``, from its number to the next punct
    (starting a line, or in-line after the text before it), the next alineat or the
    end of ``text``, whitespace trimmed; a punct of a litera, ``"lit. d) pct. 2"``,
    inside that litera when it is written there (Codul fiscal's "d) ... următoarele:
    1. ...; 2. ..."), else the punct that holds the litera; ``None`` when it is not
    written there."""
    if nested := _PUNCT_OF_LITERA.fullmatch(unit):
        outer = litera_span(text, nested["l"])
        inner = None if outer is None else unit_span(text[outer[0] : outer[1]], nested["p"])
        if outer is not None and inner is not None:
            return outer[0] + inner[0], outer[0] + inner[1]
        return unit_span(text, nested["p"])
    if not unit.startswith("pct. "):
        return litera_span(text, unit)
    point = unit.removeprefix("pct. ")
    marks = punct_marks(text)
    for i, (start, name) in enumerate(marks):
        if name == point:
            end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
            if alineat := re.search(r"^[ \t]*\(\d+(?:\^\d+)?\)\s", text[start:end], re.M):
                end = start + alineat.start()
            while end > start and text[end - 1].isspace():
                end -= 1
            return start, end
    return None


def grammar_for(text: str, language: str) -> Grammar:
    """Romanian law grammar when the text has line-start article headers, else clauses."""
    ro_law = any(
        _RO_ARTICLE.match(line.strip()) or _RO_TITLED.match(line.strip())
        for line in _first_lines(text)
    )
    if not language:
        language = "ro" if ro_law else "en"
    return Grammar(ro_law=ro_law, language=language)


def _first_lines(text: str) -> Iterator[str]:
    for m in re.finditer(r"^[^\n]*(?:Articolul|ARTICOLUL|Art\.|ART)[^\n]*$", text, re.M):
        yield m.group(0)
