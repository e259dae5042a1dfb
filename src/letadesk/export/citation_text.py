"""A citation in the form a lawyer writes it, for the clipboard (no Qt here).

"art. 57 alin. (1) din Legea nr. 98/2016" for a Romanian act, "Section 5.2 of the
Distribution Agreement" for a contract, "NDA, p. 3" when no provision is named; and the
quote with its citation, in the quotation marks of its language (Romanian „…”,
English “…”).
"""

from __future__ import annotations

import re
from typing import Any

from letadesk.text import detect_language, one_line

__all__ = ["act_name", "conventional_citation", "quote_with_citation"]

# The short name of a Romanian act at the start of a title, up to its number/year.
_NUMBERED_ACT = re.compile(
    r"^((?:Legea|Ordonan[țţ]a(?: de urgen[țţ][ăa])?(?: a)?(?: Guvernului)?|"
    r"Hot[ăa]r[âa]rea(?: Guvernului)?|Decretul|Decizia|Ordinul)"
    r"(?:\s+[a-zăâîșşțţ]+){0,4}?\s+nr\.\s*\d+(?:\s*/\s*\d{4})?)",
    re.IGNORECASE,
)
_CODE = re.compile(
    r"^(Codul(?: de procedur[ăa])?(?: fiscal[ăa]?| civil[ăa]?| penal[ăa]?| muncii| "
    r"administrativ)|Constitu[țţ]ia Rom[âa]niei)",
    re.IGNORECASE,
)
_ROMANIAN_LOCATOR = re.compile(r"^(?:art\.|articolul|alin\.|lit\.|pct\.)", re.IGNORECASE)


def act_name(title: str) -> str:
    """``"Legea nr. 98/2016"`` from ``"Legea nr. 98/2016 privind achizițiile publice"``,
    ``"Codul civil"`` from ``"Codul civil din 17 iulie 2009, republicat"``; else the
    title as it stands."""
    clean = one_line(title)
    for pattern in (_NUMBERED_ACT, _CODE):
        found = pattern.match(clean)
        if found:
            return found.group(1)
    return clean


def conventional_citation(source: dict[str, Any]) -> str:
    """The pinpoint of ``source`` (an ``answer_json`` citation: ``document``,
    ``locator``, ``page_label``/``page``) as a lawyer cites it."""
    title = one_line(str(source.get("document") or ""))
    locator = one_line(str(source.get("locator") or ""))
    if locator and _ROMANIAN_LOCATOR.match(locator):
        return f"{locator} din {act_name(title)}" if title else locator
    if locator:
        if not title:
            return locator
        the = "" if re.match(r"(?i)the\b", title) else "the "
        return f"{locator} of {the}{title}"
    page = source.get("page_label") or source.get("page")
    return f"{title}, p. {page}" if page not in (None, "") and title else title


def quote_with_citation(source: dict[str, Any]) -> str:
    """The verbatim quote in its language's quotation marks, then its citation."""
    quote = one_line(str(source.get("quote") or ""))
    opening, closing = ("„", "”") if detect_language(quote) == "ro" else ("“", "”")
    return f"{opening}{quote}{closing} ({conventional_citation(source)})"
