"""Numbers written out in English and Romanian, for the paraphrase generator.

``en_words(45)`` is "forty-five", ``ro_words(45, feminine=True)`` "patruzeci și cinci";
``en_quantity``/``ro_quantity`` render "30 days" in one of the forms contracts and laws
use: digits ("30 days", "30 de zile"), words ("thirty days", "treizeci de zile") or both
("thirty (30) days", "treizeci (30) de zile").
"""

from __future__ import annotations

_EN_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_RO_ONES = (
    "zero unu doi trei patru cinci șase șapte opt nouă zece unsprezece doisprezece "
    "treisprezece paisprezece cincisprezece șaisprezece șaptesprezece optsprezece "
    "nouăsprezece"
).split()
_RO_TENS = "_ _ douăzeci treizeci patruzeci cincizeci șaizeci șaptezeci optzeci nouăzeci".split()
FORMS = ("digits", "words", "both")


def en_words(n: int) -> str:
    """1..999 in English words ("forty-five", "one hundred twenty")."""
    if n >= 100:
        rest = n % 100
        head = f"{_EN_ONES[n // 100]} hundred"
        return f"{head} {en_words(rest)}" if rest else head
    if n < 20:
        return _EN_ONES[n]
    tens, ones = divmod(n, 10)
    return _EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else "")


def ro_words(n: int, *, feminine: bool) -> str:
    """1..999 in Romanian words, in the gender of the noun they count."""
    if n >= 100:
        hundreds, rest = divmod(n, 100)
        head = "o sută" if hundreds == 1 else f"{ro_words(hundreds, feminine=True)} sute"
        return f"{head} {ro_words(rest, feminine=feminine)}" if rest else head
    if n < 20:
        if feminine and n in (1, 2, 12):
            return {1: "o", 2: "două", 12: "douăsprezece"}[n]
        return "un" if n == 1 else _RO_ONES[n]
    tens, ones = divmod(n, 10)
    if not ones:
        return _RO_TENS[tens]
    unit = "două" if feminine and ones == 2 else "unu" if ones == 1 else _RO_ONES[ones]
    return f"{_RO_TENS[tens]} și {unit}"


_EN_UNITS = {"day": "days", "month": "months", "year": "years", "week": "weeks", "hour": "hours"}
_RO_UNITS = {  # plural, feminine
    "day": ("zile", True),
    "month": ("luni", True),
    "year": ("ani", False),
    "week": ("săptămâni", True),
    "hour": ("ore", True),
}


def en_number(n: int, form: str) -> str:
    if form == "digits":
        return str(n)
    return en_words(n) if form == "words" else f"{en_words(n)} ({n})"


def en_quantity(n: int, unit: str, form: str) -> str:
    """``n`` ``unit``s in English ("thirty (30) days")."""
    return f"{en_number(n, form)} {_EN_UNITS[unit]}"


def ro_quantity(n: int, unit: str, form: str) -> str:
    """``n`` ``unit``s in Romanian ("treizeci (30) de zile", "15 zile")."""
    noun, feminine = _RO_UNITS[unit]
    de = "de " if n % 100 >= 20 else ""
    if form == "digits":
        number = str(n)
    elif form == "words":
        number = ro_words(n, feminine=feminine)
    else:
        number = f"{ro_words(n, feminine=feminine)} ({n})"
    return f"{number} {de}{noun}"


def quantity(lang: str, n: int, unit: str, form: str) -> str:
    return en_quantity(n, unit, form) if lang == "en" else ro_quantity(n, unit, form)
