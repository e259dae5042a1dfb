"""Quantities in legal text, English and Romanian: dates, amounts (with currency),
percentages, durations and bare numbers, normalised so that "thirty (30) days" ==
"30 days" == "treizeci de zile", "19 mai 2016" == "2016-05-19" == "19.05.2016",
"1.000 lei" == "1000 RON", "one year" == "12 months". Numeric dates are read day
first (19.05.2016), unless the first number cannot be a month's day (05/19/2016).

Used by the consistency check (a claim may not change the quote's numbers:
:mod:`letadesk.verify.quantity_checks`) and by coherence (two claims may not disagree on
a quantity).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from letadesk.text import fold_diacritics, match_key
from letadesk.verify.support import unify, wordlist

_EN_NUMS = wordlist(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
)
_EN_TENS = wordlist("twenty thirty forty fifty sixty seventy eighty ninety")
_RO_NUMS = {
    w: v
    for v, ws in (
        (1, "unu una un o"),
        (2, "doi doua"),
        (3, "trei"),
        (4, "patru"),
        (5, "cinci"),
        (6, "sase"),
        (7, "sapte"),
        (8, "opt"),
        (9, "noua"),
        (10, "zece"),
        (11, "unsprezece"),
        (12, "doisprezece douasprezece"),
        (13, "treisprezece"),
        (14, "paisprezece patrusprezece"),
        (15, "cincisprezece"),
        (16, "saisprezece sasesprezece"),
        (17, "saptesprezece"),
        (18, "optsprezece"),
        (19, "nouasprezece"),
        (20, "douazeci"),
        (30, "treizeci"),
        (40, "patruzeci"),
        (50, "cincizeci"),
        (60, "saizeci"),
        (70, "saptezeci"),
        (80, "optzeci"),
        (90, "nouazeci"),
        (100, "suta sute"),
        (1000, "mie mii"),
    )
    for w in wordlist(ws)
}
NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(_EN_NUMS)},
    **{w: 20 + 10 * i for i, w in enumerate(_EN_TENS)},
    "hundred": 100,
    "thousand": 1000,
    **_RO_NUMS,
}
_W = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_WORDNUM = rf"\b(?:{_W})(?:(?:\s+|-|\s+(?:and|si)\s+)(?:{_W}))*\b"
_DIG = r"(?<![\d.,])(?:\d{1,3}(?:[., ]\d{3})+(?![\d])(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
_NUM = rf"(?:{_WORDNUM}\s*\(\s*{_DIG}\s*\)|{_DIG}(?:\s*\(\s*{_WORDNUM}\s*\))?|{_WORDNUM})"
_MULT = r"(?:\s+(?P<mult>million|millions|milion|milioane|billion|miliard|miliarde))?"
_MULTS = {w: Decimal(10**6) for w in ("million", "millions", "milion", "milioane")} | {
    w: Decimal(10**9) for w in ("billion", "miliard", "miliarde")
}

_MONTHS = {
    **{
        m: i + 1
        for i, m in enumerate(
            wordlist(
                "january february march april may june july august september october "
                "november december"
            )
        )
    },
    **{
        m: i + 1
        for i, m in enumerate(
            wordlist(
                "ianuarie februarie martie aprilie mai iunie iulie august septembrie "
                "octombrie noiembrie decembrie"
            )
        )
    },
    **{m: i + 1 for i, m in enumerate(wordlist("jan feb mar apr may jun jul aug sep oct nov dec"))},
    "sept": 9,
}
# Every month's name as a regex alternation (English, Romanian, abbreviations), longest
# first; also read by :mod:`letadesk.retrieve.opening` for a preamble's date.
MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MON = MONTH_NAMES
_ORD = r"(?:st|nd|rd|th)?"
_DATE_PATTERNS = (
    (re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"), "num"),
    (re.compile(r"\b(?P<d>\d{1,2})[./-](?P<m>\d{1,2})[./-](?P<y>\d{4})\b"), "num"),
    (
        re.compile(rf"\b(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m>{_MON})\.?,?\s+(?P<y>\d{{4}})\b"),
        "name",
    ),
    (re.compile(rf"\b(?P<m>{_MON})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})\b"), "name"),
)
_CURRENCY = {
    "lei": "RON",
    "ron": "RON",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "€": "EUR",
    "usd": "USD",
    "$": "USD",
    "dollars": "USD",
    "dolari": "USD",
}
_CUR = r"(?:lei|ron|eur|euros|euro|€|usd|\$|dollars|dolari)"
_UNITS = {
    w: (base, n)
    for base, n, ws in (
        ("day", 1, "day days zi zile"),
        ("day", 7, "week weeks saptamana saptamani"),
        ("month", 1, "month months luna luni"),
        ("month", 12, "year years an ani"),
        ("hour", 1, "hour hours ora ore"),
    )
    for w in wordlist(ws)
}
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_BUSINESS = {"business", "working", "lucratoare"}
_TYPED_PATTERNS = (
    ("amount", re.compile(rf"(?P<cur>{_CUR})\s*(?P<num>{_NUM}){_MULT}")),
    ("amount", re.compile(rf"(?P<num>{_NUM}){_MULT}\s*(?:de\s+)?(?P<cur>{_CUR})(?!\w)")),
    (
        "percent",
        re.compile(rf"(?P<num>{_NUM})\s*(?:%|per\s*cent\b|percent\b|la\s+suta\b|procente?\b)"),
    ),
    (
        "duration",
        re.compile(
            rf"(?P<num>{_NUM})[\s-]+(?:de\s+)?(?:(?P<q1>business|working|calendar)\s+)?"
            rf"(?P<unit>{_UNIT})\b(?:\s+(?P<q2>lucratoare|calendaristice))?"
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Quantity:
    """A quantity found in a text: ``kind`` is date|amount|percent|duration|number."""

    kind: str
    value: str  # canonical: "2016-05-19", "1000", "30"
    unit: str  # "RON", "day", "business day", "month", "%", "" for dates/numbers
    text: str  # as written in the source text
    numbers: frozenset[str]  # every number it contains, for bare-number matching


def comparison_key(text: str) -> str:
    """Folded, lower-cased, length-preserving form of ``text`` for matching."""
    key = fold_diacritics(match_key(text))
    return key if len(key) == len(text) else fold_diacritics(unify(text))


def _decimal(digits: str) -> Decimal:
    """Value of a written number: "1.000,50", "1,000.50", "10,5", "1 000"."""
    s = digits.replace(" ", "")
    seps = [c for c in s if c in ".,"]
    if len(set(seps)) == 2:
        dec = s[max(s.rfind("."), s.rfind(","))]
        s = s.replace("," if dec == "." else ".", "").replace(dec, ".")
    elif seps:
        sep = seps[0]
        tail = s.rsplit(sep, 1)[1]
        s = s.replace(sep, "") if len(seps) > 1 or len(tail) == 3 else s.replace(sep, ".")
    try:
        return Decimal(s)
    except InvalidOperation:
        return Decimal(0)


def _word_value(phrase: str) -> Decimal:
    total, current = 0, 0
    for word in re.findall(r"[a-z]+", phrase):
        value = NUMBER_WORDS.get(word)
        if value is None:
            continue
        if value == 100:
            current = max(current, 1) * 100
        elif value == 1000:
            total += max(current, 1) * 1000
            current = 0
        else:
            current += value
    return Decimal(total + current)


def number_value(written: str) -> Decimal:
    """Value of a number written in digits, words, or both ("thirty (30)")."""
    digits = re.search(_DIG, written)
    return _decimal(digits.group()) if digits else _word_value(written)


def _canon(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _dates(key: str, text: str) -> Iterable[tuple[int, int, Quantity]]:
    for pattern, style in _DATE_PATTERNS:
        for m in pattern.finditer(key):
            day, year = int(m["d"]), int(m["y"])
            month = _MONTHS[m["m"]] if style == "name" else int(m["m"])
            if style == "num" and month > 12 and day <= 12:  # 05/19/2016
                day, month = month, day
            if not (1 <= month <= 12 and 1 <= day <= 31):
                continue
            value = f"{year:04d}-{month:02d}-{day:02d}"
            nums = frozenset({str(year), str(month), str(day)})
            yield m.start(), m.end(), Quantity("date", value, "", text[m.start() : m.end()], nums)


def _typed(kind: str, m: re.Match[str], text: str) -> Quantity:
    value = number_value(m["num"])
    unit = "%"
    if kind == "amount":
        unit = _CURRENCY[m["cur"]]
        if m["mult"]:
            value *= _MULTS[m["mult"]]
    elif kind == "duration":
        base, factor = _UNITS[m["unit"]]
        value *= factor
        business = (m["q1"] or m["q2"] or "") in _BUSINESS
        unit = f"business {base}" if business else base
    nums = frozenset({_canon(number_value(m["num"])), _canon(value)})
    return Quantity(kind, _canon(value), unit, text[m.start() : m.end()], nums)


_JOINED = re.compile(rf"\b({_W})(\s+)(and|si)(\s+)(?=({_W})\b)")


def _break_joins(key: str) -> str:
    """``key`` with each "and"/"și" that joins two numbers of a list, not of one number,
    blanked out (same length): "doi și cinci ani" is 2 and 5, "douăzeci și cinci" 25,
    "one hundred and five" 105."""

    def keep(m: re.Match[str]) -> str:
        left, right = NUMBER_WORDS[m[1]], NUMBER_WORDS[m[5]]
        if (20 <= left <= 90 and right < 10) or left >= 100:
            return m[0]
        return m[1] + m[2] + "\0" * len(m[3]) + m[4]

    return _JOINED.sub(keep, key)


def quantities(text: str) -> list[Quantity]:
    """Dates, amounts, percentages, durations and bare digit numbers in ``text``,
    in order of appearance; a span is claimed by the first, most specific kind."""
    return [q for _, q in located_quantities(text)]


def located_quantities(text: str) -> list[tuple[int, Quantity]]:
    """:func:`quantities` with the offset each starts at in ``text``."""
    key = _break_joins(comparison_key(text))
    found: list[tuple[int, int, Quantity]] = list(_dates(key, text))
    taken = [(s, e) for s, e, _ in found]

    def free(s: int, e: int) -> bool:
        return all(e <= ts or s >= te for ts, te in taken)

    for kind, pattern in _TYPED_PATTERNS:
        for m in pattern.finditer(key):
            if free(m.start(), m.end()):
                found.append((m.start(), m.end(), _typed(kind, m, text)))
                taken.append((m.start(), m.end()))
    for m in re.finditer(_DIG, key):
        if free(m.start(), m.end()):
            value = _canon(_decimal(m.group()))
            found.append(
                (m.start(), m.end(), Quantity("number", value, "", m.group(), frozenset({value})))
            )
    return [(start, q) for start, _, q in sorted(found, key=lambda t: t[0])]


def word_numbers(text: str) -> list[Quantity]:
    """Numbers written in words in ``text`` ("trei", "thirty-five"), as bare numbers."""
    key = _break_joins(comparison_key(text))
    out = []
    for m in re.finditer(_WORDNUM, key):
        value = _canon(_word_value(m.group()))
        out.append(Quantity("number", value, "", text[m.start() : m.end()], frozenset({value})))
    return out


_COUNTED = rf"(?:{_UNIT}|{_CUR}|%|percent\b|per\s+cent\b|la\s+suta\b|procente?\b)"
_WRITTEN = re.compile(
    rf"(?P<both>{_WORDNUM}\s*\(\s*(?P<d1>{_DIG})\s*\)|(?P<d2>{_DIG})\s*\(\s*{_WORDNUM}\s*\))"
    rf"|(?P<words>{_WORDNUM})(?=[\s-]+(?:de\s+)?(?:(?:business|working|calendar)\s+)?{_COUNTED})"
)


def canonical_numbers(text: str) -> str:
    """``text`` with each number written in words, or in words and digits, as digits:
    "thirty (30) days" and "thirty days" become "30 days", "30 (thirty)" "30",
    "treizeci de zile" "30 de zile". A number word that counts nothing ("one of the
    parties") is left as written."""
    key = _break_joins(comparison_key(text))
    out, last = [], 0
    for m in _WRITTEN.finditer(key):
        digits = m["d1"] or m["d2"]
        value = digits if digits else _canon(_word_value(m["words"]))
        out += [text[last : m.start()], value]
        last = m.end()
    return "".join(out) + text[last:]
