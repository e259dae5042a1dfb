"""Gate 3's checks of a claim's quantities against its quote (the consistency veto and
the calendar's limit), on the quantities :mod:`letadesk.verify.quantities` reads.

* Every quantity of the claim occurs, normalised, in the quote; a bound turned the other
  way ("at most" against "at least") is a contradiction (:func:`quantity_problem`).
* A duration in months against one in days of about that length ("one month" against
  "thirty (30) days") is neither the quote's nor another: not verified
  (:func:`calendar_problem`).
"""

from __future__ import annotations

import re
from decimal import Decimal

from letadesk.verify.quantities import (
    Quantity,
    comparison_key,
    located_quantities,
    quantities,
    word_numbers,
)


def matches(claimed: Quantity, quoted: list[Quantity]) -> bool:
    """Whether ``quoted`` holds ``claimed``: a bare number anywhere, else the same kind,
    value and unit."""
    if claimed.kind == "number":
        return any(claimed.value in q.numbers for q in quoted)
    return any(
        (q.kind, q.value, q.unit) == (claimed.kind, claimed.value, claimed.unit) for q in quoted
    )


# A month is 28 to 31 days: "one month" against "thirty (30) days" is neither the
# quote's quantity nor another one. Such a claim is not contradicted; it is not
# verified either (:func:`calendar_problem`).
_MONTH_DAYS = (28, 31)


def _calendar_twin(claimed: Quantity, quoted: list[Quantity]) -> Quantity | None:
    """The quote's duration in days (months) that ``claimed``, in months (days), may
    be, a month being 28 to 31 days; None when there is none."""
    if claimed.kind != "duration":
        return None
    for q in quoted:
        if q.kind != "duration" or {q.unit, claimed.unit} != {"day", "month"}:
            continue
        months, days = (claimed, q) if claimed.unit == "month" else (q, claimed)
        m, d = Decimal(months.value), Decimal(days.value)
        if m * _MONTH_DAYS[0] <= d <= m * _MONTH_DAYS[1]:
            return q
    return None


def calendar_problem(claim: str, quote: str) -> str:
    """Why ``quote`` cannot verify a duration of ``claim`` ("" when it can): the claim
    counts in months what the quote counts in days of about that length, or the converse
    ("one month" against "thirty (30) days"); a month is not a fixed number of days."""
    quoted = quantities(quote)
    for claimed in quantities(claim):
        twin = None if matches(claimed, quoted) else _calendar_twin(claimed, quoted)
        if twin is not None:
            return (
                f'claim says "{claimed.text}" where the quote says "{twin.text}": '
                "a month is not a fixed number of days"
            )
    return ""


_AT_LEAST = (
    r"(?:at\s+least|(?:not|no)\s+less\s+than|(?:a\s+)?minimum(?:\s+of)?|cel\s+putin(?:\s+de)?"
    r"|minim(?:um)?(?:\s+de)?|nu\s+mai\s+putin\s+de)\s*$"
)
_AT_MOST = (
    r"(?:at\s+most|(?:not|no)\s+more\s+than|(?:a\s+)?maximum(?:\s+of)?|up\s+to"
    r"|not\s+(?:to\s+)?exceed(?:ing)?|cel\s+mult(?:\s+de)?|maxim(?:um)?(?:\s+de)?|pana\s+la"
    r"|nu\s+mai\s+mult\s+de|nu\s+(?:poate|pot|va|vor)\s+depasi)\s*$"
)
_BOUND_WINDOW = 30


def bound_of(text: str, start: int) -> str:
    """ "min" ("at least 30 days", "cel puțin 20 de zile"), "max" ("up to", "cel mult",
    "nu poate depăși") or "" for the quantity of ``text`` starting at ``start``."""
    before = comparison_key(text)[max(0, start - _BOUND_WINDOW) : start]
    if re.search(_AT_LEAST, before):
        return "min"
    return "max" if re.search(_AT_MOST, before) else ""


def bound_problem(claim: str, quote: str) -> str:
    """A quantity the claim bounds one way ("at most 20 days") and the quote the other
    ("at least 20 days"); "" when none (an unbounded side is no conflict)."""
    quoted = located_quantities(quote)
    for at, claimed in located_quantities(claim):
        bound = bound_of(claim, at)
        same = [
            (t, q)
            for t, q in quoted
            if (q.kind, q.value, q.unit) == (claimed.kind, claimed.value, claimed.unit)
        ]
        other = [q for t, q in same if bound and bound_of(quote, t) not in ("", bound)]
        if other:
            word = {"min": "at least", "max": "at most"}
            return (
                f'claim says {word[bound]} "{claimed.text}" but the quote says '
                f'{word["max" if bound == "min" else "min"]} "{other[0].text}"'
            )
    return ""


def quantity_problem(claim: str, quote: str) -> str:
    """Why a quantity of ``claim`` is not in ``quote`` ("" when each is), or is bounded
    the other way (:func:`bound_problem`). A bare number of the claim may be written in
    words in the quote ("3" / "trei")."""
    quoted = quantities(quote) + word_numbers(quote)
    for claimed in quantities(claim):
        if matches(claimed, quoted) or _calendar_twin(claimed, quoted) is not None:
            continue  # the second: neither matched nor contradicted (calendar_problem)
        same = [q.text for q in quoted if q.kind == claimed.kind]
        listed = "; ".join(f'"{t}"' for t in same[:4]) if same else "none"
        kind = "number" if claimed.kind == "number" else claimed.kind
        return (
            f'claim says "{claimed.text}" but the quote has no matching {kind} '
            f"(quote has: {listed})"
        )
    return bound_problem(claim, quote)
