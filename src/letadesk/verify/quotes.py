"""Gate 3, quote: is the claimed quote really in the fragment, and where?

Both texts are compared in a normalised form -- :func:`letadesk.text.match_key`
(lower case, cedilla ş/ţ unified with comma-below ș/ț, typographic quotes and
dashes folded), Romanian diacritics folded (a lawyer types "instanta" or "instanța"),
and runs of whitespace collapsed to one space. Offsets found in the normalised
fragment are mapped back through ``collapse_spaces``' origin list, so a
:class:`QuoteMatch` always indexes the fragment text as stored.

Exact containment is tried first (similarity 1.0); otherwise rapidfuzz's
``partial_ratio_alignment`` finds the best-aligned span, accepted at
``min_similarity`` (0.95 by default). Quotes under 12 characters or 3 words are too
short to ground anything and are never located; neither is a fuzzy match that adds,
drops or changes a negation, a modal or a number ("Neither Party may" is 98% similar
to "Either Party may").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

from letadesk.domain import CheckResult
from letadesk.text import collapse_spaces, fold_diacritics, match_key

MIN_QUOTE_CHARS = 12
MIN_QUOTE_WORDS = 3
DEFAULT_MIN_SIMILARITY = 0.95
_TOKEN = re.compile(r"[^\W_]+")
# Words a fuzzy match may never add, drop or change (diacritics folded).
_MEANINGFUL = frozenset(
    (
        "not no nor neither never none nothing without cannot unless except only may shall "
        "must will can might should nu nici niciun nicio fara niciodata poate pot trebuie "
        "va vor interzis interzisa doar numai decat"
    ).split()
)


@dataclass(frozen=True, slots=True)
class QuoteMatch:
    """The best-matching span ``fragment_text[start:end]`` and its similarity (0..1)."""

    start: int
    end: int
    similarity: float


def _normalise(text: str) -> tuple[str, list[int]]:
    """Collapsed comparison form of ``text`` and, per character, its origin offset."""
    return collapse_spaces(fold_diacritics(match_key(text)))


def too_short(quote: str) -> str:
    """Why ``quote`` is too short to ground a claim, or ``""`` when it is long enough."""
    collapsed, _ = _normalise(quote)
    n_words = len(collapsed.split())
    if len(collapsed) < MIN_QUOTE_CHARS or n_words < MIN_QUOTE_WORDS:
        return (
            f"quote too short to ground a claim ({len(collapsed)} characters, {n_words} "
            f"words; need at least {MIN_QUOTE_CHARS} characters and {MIN_QUOTE_WORDS} words)"
        )
    return ""


def _word_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen ``[start, end)`` to whole words, without spaces at either end."""
    while 0 < start < len(text) and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
        end += 1
    while start < end and text[start] == " ":
        start += 1
    while end > start and text[end - 1] == " ":
        end -= 1
    return start, end


def _best_alignment(quote: str, fragment: str) -> tuple[float, int, int]:
    """The whole-word span of ``fragment`` best aligned with ``quote`` (rapidfuzz
    partial alignment, widened to word boundaries) and its similarity: ``fuzz.ratio``
    of the quote and that span, 0..1. Coordinates are those of the normalised,
    collapsed fragment."""
    if not quote or not fragment:
        return 0.0, 0, 0
    if len(quote) > len(fragment):  # the whole fragment is the only candidate span
        return fuzz.ratio(quote, fragment) / 100.0, 0, len(fragment)
    aligned = fuzz.partial_ratio_alignment(quote, fragment)
    if aligned is None:
        return 0.0, 0, 0
    start, end = _word_bounds(fragment, aligned.dest_start, aligned.dest_end)
    return fuzz.ratio(quote, fragment[start:end]) / 100.0, start, end


def meaning_change(quote: str, span: str) -> str:
    """A word that differs between a fuzzily matched quote and its span and that can
    flip the meaning -- a negation, a modal or a number -- or ``""``. ("Neither Party
    may" is 98% similar to "Either Party may".)"""
    q_words = _TOKEN.findall(_normalise(quote)[0])
    s_words = _TOKEN.findall(_normalise(span)[0])
    for word in sorted(set(q_words) ^ set(s_words), key=(q_words + s_words).index):
        if word in _MEANINGFUL or any(c.isdigit() for c in word):
            return str(word)
    return ""


def _locate(quote: str, fragment_text: str) -> QuoteMatch | None:
    """Best span of ``fragment_text`` for ``quote`` with its similarity, any score."""
    q, _ = _normalise(quote)
    f, origin = _normalise(fragment_text)
    at = f.find(q) if q else -1
    if at >= 0:
        return QuoteMatch(origin[at], origin[at + len(q) - 1] + 1, 1.0)
    similarity, start, end = _best_alignment(q, f)
    if end <= start:
        return None if similarity <= 0 else QuoteMatch(0, 0, similarity)
    return QuoteMatch(origin[start], origin[end - 1] + 1, similarity)


def locate_quote(
    quote: str, fragment_text: str, *, min_similarity: float = DEFAULT_MIN_SIMILARITY
) -> QuoteMatch | None:
    """Where ``quote`` occurs in ``fragment_text``, or ``None``.

    Promise: a returned match has ``similarity >= min_similarity`` and its offsets
    index ``fragment_text`` (half-open); quotes too short to ground a claim (see
    :func:`too_short`) are never located."""
    if too_short(quote):
        return None
    found = _locate(quote, fragment_text)
    if found is None or found.similarity < min_similarity or found.end <= found.start:
        return None
    if meaning_change(quote, fragment_text[found.start : found.end]):
        return None
    return found


def check_quote(
    quote: str,
    fragment_text: str,
    *,
    fragment_id: int | None = None,
    min_similarity: float = DEFAULT_MIN_SIMILARITY,
) -> tuple[CheckResult, QuoteMatch | None]:
    """The "quote" verdict for ``quote`` against one fragment, with the match if any.

    Fails, with a reason, when the quote is too short or not found; the reason of a
    miss names the fragment (when ``fragment_id`` is given) and the best similarity."""
    short = too_short(quote)
    if short:
        return CheckResult("quote", False, short), None
    where = "fragment" if fragment_id is None else f"fragment {fragment_id}"
    found = _locate(quote, fragment_text)
    best = 0.0 if found is None else found.similarity
    if found is None or best < min_similarity or found.end <= found.start:
        reason = f"quote not found in {where} (best similarity {best:.2f} < {min_similarity:.2f})"
        return CheckResult("quote", False, reason), None
    changed = meaning_change(quote, fragment_text[found.start : found.end])
    if changed:
        reason = (
            f'quote differs from {where} in "{changed}" (similarity {best:.2f}; '
            "negations, modals and numbers must match exactly)"
        )
        return CheckResult("quote", False, reason), None
    how = "exact" if best >= 1.0 else f"similarity {best:.2f}"
    return CheckResult("quote", True, f"quote found in {where} ({how})"), found
