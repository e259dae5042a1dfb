"""Algorithmic corruptions of real clauses and articles, for support training pairs.

Each function takes a true sentence (the quote says it) and returns a changed claim the
quote contradicts, or ``None`` when the strategy does not apply. The strategies follow
the citation-grounding literature: swap the article, swap the law, invent an article,
anachronism (a date moved), and number, duration, party, negation and modality swaps.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Corruption = Callable[[str, random.Random], str | None]

_NUMBER = re.compile(r"(?<![\w.,])(\d{1,4})(?![\w.,]\d)")
_UNITS = [
    ("days", "months"),
    ("months", "years"),
    ("weeks", "days"),
    ("zile", "luni"),
    ("luni", "ani"),
    ("business days", "calendar days"),
]
_NEGATE_EN = [
    (r"\bshall not\b", "shall"),
    (r"\bmay not\b", "may"),
    (r"\bwill not\b", "will"),
    (r"\bmust not\b", "must"),
    (r"\bshall\b", "shall not"),
    (r"\bmay\b", "may not"),
    (r"\bwill\b", "will not"),
    (r"\bmust\b", "must not"),
    (r"\bis\b", "is not"),
    (r"\bare\b", "are not"),
]
_NEGATE_RO = [
    (r"\bnu poate\b", "poate"),
    (r"\bnu pot\b", "pot"),
    (r"\bpoate\b", "nu poate"),
    (r"\bpot\b", "nu pot"),
    (r"\beste obligat\b", "nu este obligat"),
    (r"\beste\b", "nu este"),
    (r"\bsunt\b", "nu sunt"),
    (r"\bse\b", "nu se"),
]
_MODAL = [
    (r"\bshall\b", "may"),
    (r"\bmust\b", "may"),
    (r"\bmay\b", "shall"),
    (r"\bobligat\b", "liber"),
    (r"\btrebuie\b", "poate"),
]
_PARTIES = [
    ("Licensor", "Licensee"),
    ("Licensee", "Licensor"),
    ("Company", "Distributor"),
    ("Distributor", "Company"),
    ("Supplier", "Customer"),
    ("Customer", "Supplier"),
    ("Receiving Party", "Disclosing Party"),
    ("Disclosing Party", "Receiving Party"),
    ("Seller", "Buyer"),
    ("Buyer", "Seller"),
    ("Franchisee", "Franchisor"),
    ("angajatorul", "salariatul"),
    ("salariatul", "angajatorul"),
    ("vânzătorul", "cumpărătorul"),
    ("cumpărătorul", "vânzătorul"),
    ("locatorul", "locatarul"),
    ("locatarul", "locatorul"),
    ("creditorul", "debitorul"),
    ("debitorul", "creditorul"),
]
_LAW = re.compile(r"\b(Legea|Legii|Law)\s+nr\.\s*(\d+)/(\d{4})", re.IGNORECASE)
_ARTICLE = re.compile(r"\b(art\.|articolul|Section|Article)\s*(\d+)", re.IGNORECASE)
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")


def _other_number(value: int, rng: random.Random) -> int:
    choices = [value * 2, value + 1, max(1, value // 2), value + 10, value * 3]
    choices = [c for c in choices if c != value]
    return rng.choice(choices)


def swap_number(text: str, rng: random.Random) -> str | None:
    """One number changed ("30 days" → "60 days"); years are left to ``anachronism``."""
    found = [m for m in _NUMBER.finditer(text) if not _YEAR.fullmatch(m.group(1))]
    if not found:
        return None
    m = rng.choice(found)
    new = str(_other_number(int(m.group(1)), rng))
    return text[: m.start(1)] + new + text[m.end(1) :]


def swap_unit(text: str, rng: random.Random) -> str | None:
    """A duration's unit changed ("30 days" → "30 months")."""
    pairs = [(a, b) for a, b in _UNITS if re.search(rf"\b{a}\b", text)]
    pairs += [(b, a) for a, b in _UNITS if re.search(rf"\b{b}\b", text)]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return re.sub(rf"\b{a}\b", b, text, count=1)


def _first_rule(text: str, rules: list[tuple[str, str]]) -> str | None:
    for pattern, repl in rules:
        if re.search(pattern, text):
            return re.sub(pattern, repl, text, count=1)
    return None


def negate(text: str, rng: random.Random) -> str | None:
    """Negation added or removed at the first verb that takes it."""
    del rng
    return _first_rule(text, _NEGATE_EN) or _first_rule(text, _NEGATE_RO)


def swap_modality(text: str, rng: random.Random) -> str | None:
    """An obligation made a permission, or the reverse ("shall" → "may")."""
    del rng
    return _first_rule(text, _MODAL)


def swap_party(text: str, rng: random.Random) -> str | None:
    """The party that bears the right or duty swapped ("Licensee" → "Licensor")."""
    present = [(a, b) for a, b in _PARTIES if a in text]
    if not present:
        return None
    a, b = rng.choice(present)
    marker = "\0"
    return text.replace(a, marker, 1).replace(b, a, 1).replace(marker, b)


def swap_article(text: str, rng: random.Random) -> str | None:
    """The cited article changed ("art. 5" → "art. 7")."""
    m = _ARTICLE.search(text)
    if not m:
        return None
    new = str(_other_number(int(m.group(2)), rng))
    return text[: m.start(2)] + new + text[m.end(2) :]


def swap_law(text: str, rng: random.Random) -> str | None:
    """The cited law changed ("Legea nr. 98/2016" → "Legea nr. 99/2016")."""
    m = _LAW.search(text)
    if not m:
        return None
    new = str(_other_number(int(m.group(2)), rng))
    return text[: m.start(2)] + new + text[m.end(2) :]


def invent_article(text: str, rng: random.Random) -> str | None:
    """A reference the source never makes, added to a true sentence."""
    ro = bool(re.search(r"[ăâîșțşţ]", text))
    number = rng.randint(400, 3000)
    suffix = f", potrivit art. {number}" if ro else f", as required by Section {number}"
    return text.rstrip(" .;") + suffix + "."


def anachronism(text: str, rng: random.Random) -> str | None:
    """A year moved ("2016" → "2011")."""
    m = _YEAR.search(text)
    if not m:
        return None
    year = int(m.group(1)) + rng.choice([-5, -3, 2, 4, 7])
    return text[: m.start(1)] + str(year) + text[m.end(1) :]


CONTRADICTIONS: tuple[Corruption, ...] = (
    swap_number,
    swap_unit,
    negate,
    swap_modality,
    swap_party,
    swap_article,
    swap_law,
    anachronism,
)
UNSUPPORTED: tuple[Corruption, ...] = (invent_article,)


def corrupt(
    text: str, rng: random.Random, strategies: tuple[Corruption, ...] = CONTRADICTIONS
) -> tuple[str, str] | None:
    """A corrupted ``text`` and the strategy's name, from the first strategy (in random
    order) that applies and changes the text."""
    for strategy in rng.sample(strategies, len(strategies)):
        out = strategy(text, rng)
        if out is not None and out != text:
            return out, strategy.__name__
    return None
