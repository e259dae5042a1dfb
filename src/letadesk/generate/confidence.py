"""Low-confidence spans: generated tokens the model was unsure of that carry a number,
a date or a legal reference — the places where a small model most often invents."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

LOW_PROB = 0.5
_RISKY = re.compile(r"\d|\bart\b|\balin\b|\blit\b|\bsection\b|\barticle\b|§", re.IGNORECASE)


def low_confidence_spans(tokens: Sequence[tuple[str, float]], text: str, *, raw: str) -> list[str]:
    """Tokens inside ``text`` (as it appears in ``raw``) with p < 0.5 whose surrounding
    word carries a digit or a reference marker; returns those words."""
    at = raw.find(text)
    if at < 0 or not tokens:
        return []
    flagged: list[str] = []
    pos = 0
    for token, logprob in tokens:
        start, pos = pos, pos + len(token)
        if pos <= at or start >= at + len(text) or math.exp(logprob) >= LOW_PROB:
            continue
        word = _word_around(raw, start, pos)
        if _RISKY.search(word) and word not in flagged:
            flagged.append(word)
    return flagged


def _word_around(raw: str, start: int, end: int) -> str:
    while start > 0 and not raw[start - 1].isspace() and raw[start - 1] != '"':
        start -= 1
    while end < len(raw) and not raw[end].isspace() and raw[end] != '"':
        end += 1
    return raw[start:end].strip(".,;:()")
