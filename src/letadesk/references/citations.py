"""Finding citation groups: a keyword (``art.``, ``Section``, ``§``), article numbers,
ranges and lists, and the paragraph / letter / point levels under them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from letadesk.references.acts import Act, norm_number

MAX_RANGE = 50
_LATIN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ROMANIAN_LETTERS = "abcdefghijklmnopqrsștțuvwxyz"


_RO_KW = r"articolele|articolelor|articolului|articolul|articol|art\.?"
_EN_KW = (
    r"articles|article|sections|section|secs?\.|clauses|clause|cl\.|"
    r"paragraphs|paragraph|paras?\."
)
_KEYWORD = re.compile(rf"(?:\b(?:{_EN_KW}|{_RO_KW})(?![a-z])|§§?)\s*")
_EN_KEYWORD = re.compile(rf"(?:{_EN_KW})$|§")
_PARAGRAPH_KW = re.compile(r"paragraphs?|paras?\.")

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_ART_NUMBER = re.compile(
    r"(\d+(?:\.\d+)*)(?:\s*\^\s*(\d+)|([⁰¹²³⁴⁵⁶⁷⁸⁹]+)|\s*ind(?:ice|\.)?\s*(\d+))?(?![\d])"
)
_ROMAN_ARTICLE = re.compile(r"([IVXL]{1,6})(?![A-Za-z])")
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_RANGE_DASH = re.compile(r"\s*-\s*")
_LIST_SEP = re.compile(r"\s*(?:,|;|\bsi\b|\bsau\b|\band\b|\bor\b|&)\s*(?:(?:al|ale)\s+)?")
_SAFE_AFTER = re.compile(
    r"\s*(?:$|[,;.:)\]/(]|-|\^|\bsi\b|\bsau\b|\band\b|\bor\b|\bdin\b|\bal\b|\bale\b|\bof\b|"
    r"\bunder\b|\bin\b|alin|lit|pct|c\.|cod|[⁰¹²³⁴⁵⁶⁷⁸⁹])"
)

_ALIN_KW = re.compile(
    r"\s*,?\s*(?:alineatului|alineatelor|alineatele|alineatul|alin\.?|al\.)(?![a-z])\s*"
)
_LIT_KW = re.compile(r"\s*,?\s*(?:literelor|literele|literei|litera|lit\.?)(?![a-z])\s*")
_PCT_KW = re.compile(r"\s*,?\s*(?:punctului|punctelor|punctele|punctul|pct\.?)(?![a-z])\s*")
_PAR_VALUE = re.compile(r"\(\s*(\d+(?:\^\d+)?)\s*\)|(\d+(?:\^\d+)?)(?![\d/]|[.,]\d)")
_LIT_VALUE = re.compile(r"([a-zșț](?:\^\d+)?)(?:\s*\))?(?![a-z])")
_PCT_VALUE = re.compile(r"(\d+(?:\^\d+)?)(?![\d/])")
_VALUE_SEP = re.compile(r"\s*(?:,|\bsi\b|\bsau\b|\band\b|\bor\b)\s*(?!art|alin|lit|pct)")
_BRACKET = re.compile(r"\s?\(\s*(\d+|[a-z]|[ivx]{1,5})\s*\)")
_ROMAN_POINT = re.compile(r"[ivx]{2,5}")

# "Alineatul (1) din Articolul 57", "lit. a) a art. 2", "paragraph 3 of Article 5"
_REVERSED_PREFIX = re.compile(
    r"(?:(?:lit\.?|litera)\s*([a-z])\)?\s*(?:,|a|al|din)\s+)?"
    r"(?:(?:alin\.?|alineatul)\s*\(?(\d+)\)?\s*(?:al|din|a)\s+|"
    r"(?:paragraph|para\.)\s*\(?(\d+)\)?\s+of\s+)?"
    r"(?:(?:pct\.?|punctul)\s*(\d+)\s*(?:,|al|din|a)\s*)?$"
)

FOLLOW_GAP = re.compile(
    r"\s*,?\s*(?:(?:din|al|a|ale|from|of|under|in)\s+)?(?:(?:the|this|that)\s+)?"
)
PRECEDE_GAP = re.compile(r"\s*(?:,|-|:)?\s*")
CHAIN_GAP = re.compile(r"\s*(?:,|;)?\s*(?:(?:si|sau|and|or)\s+)?(?:(?:ale|al|a)\s+)?")


@dataclass(slots=True)
class Unit:
    article: str | None
    paragraph: str | None = None
    letter: str | None = None
    point: str | None = None


@dataclass(slots=True)
class Group:
    start: int
    end: int
    units: list[Unit]
    act: Act | None = None
    act_follows: bool = False
    english: bool = False


@dataclass(slots=True)
class _Cursor:
    key: str
    cased: str
    pos: int
    english: bool
    units: list[Unit] = field(default_factory=list)


def _article_number(cur: _Cursor) -> str | None:
    """Read one article number at the cursor (advancing it), or None."""
    m = _ART_NUMBER.match(cur.key, cur.pos)
    if m:
        number = m.group(1)
        if not cur.english and _THOUSANDS.fullmatch(number):
            number = norm_number(number)
        sup = m.group(2) or (m.group(3) or "").translate(_SUPERSCRIPTS) or m.group(4)
        cur.pos = m.end()
        return f"{number}^{sup}" if sup else number
    if not cur.english:
        r = _ROMAN_ARTICLE.match(cur.cased, cur.pos)
        if r:
            cur.pos = r.end()
            return r.group(1)
    return None


def _expand(first: str, last: str, *, letters: bool = False) -> list[str]:
    """Expand a range to its members, or keep the endpoints when it can't or is too long.
    A range of litere that names "ș)" or "ț)" is of an act that letters them, and runs
    in the Romanian order ("s)-ț)": s, ș, t, ț); any other, in the Latin one."""
    if letters and len(first) == len(last) == 1:
        alphabet = _ROMANIAN_LETTERS if {first, last} & {"ș", "ț"} else _LATIN_LETTERS
        i, j = alphabet.find(first), alphabet.find(last)
        return list(alphabet[i : j + 1]) if 0 <= i <= j else [first, last]
    if first.isdigit() and last.isdigit() and 0 <= int(last) - int(first) < MAX_RANGE:
        return [str(n) for n in range(int(first), int(last) + 1)]
    return [first, last]


def _values(cur: _Cursor, pattern: re.Pattern[str], *, letters: bool = False) -> list[str]:
    """A list of values with ranges: '(3)-(7)', '(1) și (2)', 'a)-c)', '4, 5'."""
    out: list[str] = []
    m = pattern.match(cur.key, cur.pos)
    while m:
        value = next(g for g in m.groups() if g)
        cur.pos = m.end()
        dash = _RANGE_DASH.match(cur.key, cur.pos)
        end = pattern.match(cur.key, dash.end()) if dash else None
        if dash and end:
            out.extend(_expand(value, next(g for g in end.groups() if g), letters=letters))
            cur.pos = end.end()
        else:
            out.append(value)
        sep = _VALUE_SEP.match(cur.key, cur.pos)
        m = pattern.match(cur.key, sep.end()) if sep else None
        if m and not _SAFE_AFTER.match(cur.key, m.end()):
            m = None
    return out


def _levels(cur: _Cursor, article: str | None) -> list[Unit]:
    """The alin./lit./pct. (or English bracket) chain after an article number."""
    units = [Unit(article)]
    while True:
        last = units[-1]
        if m := _ALIN_KW.match(cur.key, cur.pos):
            cur.pos = m.end()
            vals = _values(cur, _PAR_VALUE)
            if not vals:
                break
            units[-1:] = [Unit(last.article, v) for v in vals]
        elif m := _LIT_KW.match(cur.key, cur.pos):
            cur.pos = m.end()
            vals = _values(cur, _LIT_VALUE, letters=True)
            if not vals:
                break
            # "pct. 1 lit. a)": a litera under a punct keeps its punct
            units[-1:] = [Unit(last.article, last.paragraph, v, last.point) for v in vals]
        elif m := _PCT_KW.match(cur.key, cur.pos):
            cur.pos = m.end()
            vals = _values(cur, _PCT_VALUE)
            if not vals:
                break
            units[-1:] = [Unit(last.article, last.paragraph, last.letter, v) for v in vals]
        elif m := _BRACKET.match(cur.key, cur.pos):
            _bracket(last, m.group(1))
            cur.pos = m.end()
        else:
            break
    return units


def _bracket(unit: Unit, value: str) -> None:
    """English '(3)' -> paragraph, '(a)' -> letter, '(iv)' -> point (in place)."""
    if value.isdigit() and unit.paragraph is None and unit.letter is None:
        unit.paragraph = value
    elif len(value) == 1 and unit.letter is None and not value.isdigit():
        unit.letter = value
    elif _ROMAN_POINT.fullmatch(value) or len(value) == 1:
        unit.point = value


def _article_list(cur: _Cursor) -> bool:
    """Parse 'N[levels] [-M] [, N2[levels] ...]' into cur.units. False if no number."""
    first = _article_number(cur)
    if first is None:
        return False
    number: str | None = first
    while number is not None:
        save = cur.pos
        dash = _RANGE_DASH.match(cur.key, cur.pos)
        if dash:
            cur.pos = dash.end()
            end = _article_number(cur)
            if end is not None:
                for n in _expand(number, end):
                    cur.units.extend(_levels(cur, n) if n == end else [Unit(n)])
            else:
                cur.pos = save
                cur.units.extend(_levels(cur, number))
        else:
            cur.units.extend(_levels(cur, number))
        number = _next_listed(cur)
    return True


def _next_listed(cur: _Cursor) -> str | None:
    """After ', ' or ' și ', another article number of the same citation, or None."""
    save = cur.pos
    sep = _LIST_SEP.match(cur.key, cur.pos)
    if not sep:
        return None
    cur.pos = sep.end()
    if _KEYWORD.match(cur.key, cur.pos):
        cur.pos = save
        return None
    number = _article_number(cur)
    if number is None or not _SAFE_AFTER.match(cur.key, cur.pos) or _looks_like_year(number):
        cur.pos = save
        return None
    return number


def _looks_like_year(number: str) -> bool:
    return len(number) == 4 and number[:2] in ("19", "20") and number.isdigit()


def _reversed_prefix(key: str, start: int, floor: int) -> tuple[int, Unit] | None:
    """'Alineatul (1) din Articolul 57': the alin./lit./pct. written before the article
    (never reaching back before ``floor``, the end of the previous citation)."""
    window_start = max(floor, start - 80)
    m = _REVERSED_PREFIX.search(key, window_start, start)
    if not m or m.start() == m.end():
        return None
    letter, alin, para, point = m.groups()
    return m.start(), Unit(None, alin or para, letter, point)


def _apply_prefix(units: list[Unit], prefix: Unit) -> None:
    for unit in units:
        unit.paragraph = unit.paragraph or prefix.paragraph
        unit.letter = unit.letter or prefix.letter
        unit.point = unit.point or prefix.point


def find_groups(key: str, cased: str) -> list[Group]:
    """Every citation group: keyword, numbers, levels (acts not yet attached)."""
    groups: list[Group] = []
    pos = floor = 0
    while (m := _KEYWORD.search(key, pos)) is not None:
        kw = m.group(0).strip()
        english = bool(_EN_KEYWORD.match(kw))
        cur = _Cursor(key, cased, m.end(), english)
        if _PARAGRAPH_KW.fullmatch(kw):
            vals = _values(cur, _PAR_VALUE)
            cur.units = [Unit(None, v) for v in vals]
            ok = bool(vals)
        else:
            ok = _article_list(cur)
        if not ok:
            pos = m.end() if m.end() > m.start() else m.start() + 1
            continue
        start = m.start()
        prefix = _reversed_prefix(key, start, floor)
        if prefix is not None:
            start = prefix[0]
            _apply_prefix(cur.units, prefix[1])
        groups.append(Group(start, _trim_end(key, cur.pos), cur.units, english=english))
        if any(u.article for u in cur.units):
            floor = groups[-1].end  # a later reversed prefix never reaches back past it
        pos = cur.pos
    return _drop_paragraph_prefixes(groups)


def _drop_paragraph_prefixes(groups: list[Group]) -> list[Group]:
    """'paragraph 3 of Article 5' is one citation: drop the paragraph-only group."""
    kept: list[Group] = []
    for group in groups:
        if kept and group.start < kept[-1].end:
            kept.pop()
        kept.append(group)
    return kept


def _trim_end(key: str, end: int) -> int:
    while end > 0 and key[end - 1].isspace():
        end -= 1
    return end
