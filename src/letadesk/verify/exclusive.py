"""Gate 3, who holds a right: a claim that gives a right to one party alone ("Only the
Company may terminate this Agreement", "Numai prestatorul poate denunța contractul")
is contradicted by a quote that gives the same right to every party ("Either party may
terminate this Agreement upon thirty (30) days written notice", "Oricare parte poate
denunța contractul"), and so is the converse claim against a quote that reserves it to
one.

The judge read such a pair as *insufficient* (the claim names a party its quote never
names), which keeps the claim out but tells the lawyer nothing; the quote says the
opposite. Deterministic, English and Romanian, and narrow: the right is the verb after
a modal ("may", "can", "shall have the right to", "poate", "are dreptul să"), compared
by its stem, and the parties are read only in those two shapes.
"""

from __future__ import annotations

import re

from letadesk.text import fold_lower
from letadesk.verify.support import stem

_MODAL = (
    r"(?:may|can|shall\s+(?:have|be\s+entitled)\s+(?:the\s+right\s+)?to|is\s+entitled\s+to"
    r"|has\s+the\s+right\s+to|poate|pot|are\s+dreptul\s+(?:sa|de\s+a)|au\s+dreptul\s+(?:sa|de\s+a))"
)
_ONE = r"(?:only|solely|numai|doar|exclusiv)"
_EVERY = (
    r"(?:either\s+party|each\s+party|any\s+party|both\s+parties|either\s+of\s+the\s+parties"
    r"|oricare\s+(?:dintre\s+)?(?:parte|parti|partile)|fiecare\s+(?:dintre\s+)?(?:parte|parti)"
    r"|ambele\s+parti)"
)
_VERB = r"(?P<negated>not\s+)?(?P<verb>[a-z]+)"
# "only the Company may terminate", "numai prestatorul poate denunța", "the Company alone
# may terminate"
_RESERVED = re.compile(
    rf"\b(?:{_ONE}\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?|(?:the\s+)?[a-z]+\s+alone)\s+{_MODAL}\s+{_VERB}"
)
_SHARED = re.compile(rf"\b{_EVERY}\s+(?:\([^)]*\)\s+)?{_MODAL}\s+{_VERB}")


def _rights(pattern: re.Pattern[str], text: str) -> set[str]:
    """The stems of the verbs ``pattern`` finds granted in ``text`` (folded), a negated
    one ("may not terminate") left out."""
    return {stem(m["verb"]) for m in pattern.finditer(fold_lower(text)) if not m["negated"]}


def exclusivity_problem(claim: str, quote: str) -> str:
    """Why ``quote`` contradicts who ``claim`` says holds a right, or ""."""
    reserved, shared = _rights(_RESERVED, claim), _rights(_SHARED, quote)
    if reserved & shared:
        return "the claim gives the right to one party alone; the quote gives it to every party"
    if _rights(_SHARED, claim) & _rights(_RESERVED, quote):
        return "the claim gives the right to every party; the quote reserves it to one"
    return ""
