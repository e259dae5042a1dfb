"""Gate 4, coherence: claims of one answer must not contradict each other.

Pairwise and deterministic. Two claims are compared only when they are about the
same subject: the Jaccard overlap of their content stems (numbers and time units
left out) is at least ``SUBJECT_OVERLAP``. Same-subject claims contradict when

* a word both govern has incompatible polarity/modality ("may terminate" vs "may not
  terminate", "shall" vs "may"), judged with ``consistency``'s frames; or
* they give different values of the same kind and unit (durations, amounts,
  percentages, dates: "30 days" vs "60 days" notice) -- unless either claim's quote
  itself carries both values (the source distinguishes the cases, e.g. tenant vs
  landlord), which is then not a contradiction between claims.

Claims about different things are never compared by these rules, so they are never
flagged by them. With the trained judge (``judge``), a pair is also contradictory when
the judge reads one claim as contradicting the other, in either direction, at or above
its stored contradiction threshold (for the languages it was chosen for).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from letadesk.judge import Judge
from letadesk.text import detect_language
from letadesk.verify.polarity import Frame, comparable, compatible, frames
from letadesk.verify.quantities import NUMBER_WORDS, Quantity, quantities
from letadesk.verify.support import content_stems, is_content, stem, wordlist, words

SUBJECT_OVERLAP = 0.6
_COMPARED_KINDS = ("duration", "amount", "percent", "date")
_UNIT_STEMS = frozenset(
    stem(w)
    for w in wordlist(
        "day days week weeks month months year years hour hours zi zile saptamana saptamani "
        "luna luni an ani ora ore business working calendar lucratoare calendaristice "
        "lei ron eur euro usd dollars dolari percent procent procente suta"
    )
)


@dataclass(frozen=True, slots=True)
class Contradiction:
    """Claims ``i`` and ``j`` (0-based indices into the input, ``i < j``) contradict;
    ``reason`` numbers them from 1, as a lawyer reads them."""

    i: int
    j: int
    reason: str


def subject(text: str) -> set[str]:
    """Content stems of ``text`` that name what it is about (no numbers, no units)."""
    return {
        s
        for s in content_stems(text)
        if not s.isdigit() and s not in _UNIT_STEMS and s not in NUMBER_WORDS
    }


def same_subject(a: str, b: str) -> bool:
    """Whether two claims are about the same thing (Jaccard >= SUBJECT_OVERLAP)."""
    sa, sb = subject(a), subject(b)
    if not sa or not sb:
        return False
    return len(sa & sb) / len(sa | sb) >= SUBJECT_OVERLAP


def _phrase(text: str, frame: Frame) -> str:
    """The governed word and the words up to the next content word ("terminate the
    agreement"), as written, stopping at punctuation."""
    end = frame.end
    for word, s, e in words(text):
        if s < frame.end:
            continue
        if len(text[end:s].strip()) or s - frame.end > 40:
            break
        end = e
        if is_content(word):
            break
    return text[frame.start : end]


def _polarity_clash(a: str, b: str) -> str:
    by_head: dict[str, list[Frame]] = {}
    for f in frames(b):
        if f.kind != "unknown":
            by_head.setdefault(f.head, []).append(f)
    for fa in frames(a):
        others = by_head.get(fa.head, [])
        if fa.kind == "unknown" or not others:
            continue
        against = [f for f in others if comparable(fa, f) or comparable(f, fa)]
        if against and not any(compatible(fa.kind, f.kind) for f in against):
            fb = against[0]
            left, right = fa.marker or fa.text, fb.marker or fb.text
            return f'"{left}" vs "{right}" on "{_phrase(a, fa)}"'
    return ""


def _quantity_word(text: str, q: Quantity, shared: set[str]) -> str:
    """The shared content word the quantity measures: the first one right after it
    ("30 days notice"), else the nearest one before it ("notice of 30 days")."""
    at = text.find(q.text)
    end = at + len(q.text)
    shared_words = [(w, s, e) for w, s, e in words(text) if is_content(w) and stem(w) in shared]
    after = [text[s:e] for _, s, e in shared_words if end <= s <= end + 25]
    if after:
        return after[0]
    before = [(at - e, text[s:e]) for _, s, e in shared_words if e <= at]
    return min(before)[1] if before else ""


def _quantity_clash(a: tuple[str, str], b: tuple[str, str]) -> str:
    qa, qb = quantities(a[0]), quantities(b[0])
    quoted = [{(q.kind, q.unit, q.value) for q in quantities(quote)} for quote in (a[1], b[1])]
    shared = subject(a[0]) & subject(b[0])
    for kind in _COMPARED_KINDS:
        for x in (q for q in qa if q.kind == kind):
            ys = [y for y in qb if (y.kind, y.unit) == (kind, x.unit)]
            if not ys or any(y.value == x.value for y in ys):
                continue
            y = ys[0]
            both = {(kind, x.unit, x.value), (kind, y.unit, y.value)}
            if any(both <= values for values in quoted):
                continue  # one source carries both values: distinguished there
            on = _quantity_word(a[0], x, shared)
            return f'"{x.text}" vs "{y.text}"' + (f' on "{on}"' if on else "")
    return ""


def _judged_clash(a: str, b: str, judge: Judge | None) -> str:
    if judge is None or (detect_language(a + " " + b) or "en") not in judge.card.support_languages:
        return ""
    forward, backward = judge.support_many([(a, b), (b, a)])
    p = max(forward.contradicted, backward.contradicted)
    if p >= judge.card.contradiction_threshold:
        return f"the judge reads them as contradictory ({p:.2f})"
    return ""


def find_contradictions(
    claims: Sequence[tuple[str, str]], *, judge: Judge | None = None
) -> list[Contradiction]:
    """Pairs of claims that contradict, in order of ``(i, j)``.

    Each item of ``claims`` is ``(claim_text, quote)``. Promise: by the rules, two claims
    whose subjects do not overlap enough are never reported; each pair is reported once,
    with the first clash found (polarity, then quantities, then the judge)."""
    found: list[Contradiction] = []
    for i, j in combinations(range(len(claims)), 2):
        a, b = claims[i], claims[j]
        clash = ""
        if same_subject(a[0], b[0]):
            clash = _polarity_clash(a[0], b[0]) or _quantity_clash(a, b)
        clash = clash or _judged_clash(a[0], b[0], judge)
        if clash:
            found.append(Contradiction(i, j, f"claims {i + 1} and {j + 1} contradict: {clash}"))
    return found
