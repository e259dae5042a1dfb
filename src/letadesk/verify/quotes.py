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
short to ground anything and are never located.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz

from letadesk.domain import CheckResult
from letadesk.text import collapse_spaces, fold_diacritics, match_key

MIN_QUOTE_CHARS = 12
MIN_QUOTE_WORDS = 3
DEFAULT_MIN_SIMILARITY = 0.95


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


def _best_alignment(quote: str, fragment: str) -> tuple[float, int, int]:
    """Best similarity (0..1) of ``quote`` against a span of ``fragment`` and the span
    in ``fragment``'s coordinates (normalised, collapsed)."""
    if not quote or not fragment:
        return 0.0, 0, 0
    if len(quote) > len(fragment):  # the whole fragment is the only candidate span
        return fuzz.ratio(quote, fragment) / 100.0, 0, len(fragment)
    aligned = fuzz.partial_ratio_alignment(quote, fragment)
    if aligned is None:
        return 0.0, 0, 0
    return aligned.score / 100.0, aligned.dest_start, aligned.dest_end


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
        reason = (
            f"quote not found in {where} (best similarity {best:.2f} < {min_similarity:.2f})"
        )
        return CheckResult("quote", False, reason), None
    how = "exact" if best >= 1.0 else f"similarity {best:.2f}"
    return CheckResult("quote", True, f"quote found in {where} ({how})"), found
