"""Extracted answers: verbatim sentences of the best fragments, each its own claim with
its own citation. Zero fabrication by construction; still checked by Gate 3."""

from __future__ import annotations

from collections.abc import Sequence

from letadesk.answer.scoring import Scorer, scored_units
from letadesk.domain import DraftClaim, Evidence, Passage
from letadesk.references.grammar import unit_span
from letadesk.verify.quotes import too_short

MAX_SENTENCES = 3
# A sentence must score at least this share of the best sentence's score: a second or
# third claim far weaker than the first is more often beside the point than an answer.
# On validation, with Gate 2's combiners (tune_gate2.py --extract,
# results/history/gate2_extract.txt): 0.9 keeps coverage and refusal as 0.8 does, ContractNLI
# grounded precision 0.79 -> 0.84 (CUAD 0.65 either way); one sentence only loses 2
# points of coverage on both sets.
RELATIVE_TO_BEST = 0.9


def extract_claims(scorer: Scorer, passages: Sequence[Passage]) -> list[DraftClaim]:
    """Up to three sentences (from distinct fragments) that address the question best;
    none when no sentence reaches ``scorer.threshold``, and none below
    ``RELATIVE_TO_BEST`` of the best. Sentences of a provision the question names (found
    by exact reference) always qualify, in their order; of a fragment that holds litere
    the question names inside their alineat, each litera's own text is a claim instead
    (:func:`litera_texts`), several from that one fragment."""
    scored: list[tuple[float, int, str, Passage, bool]] = []
    for rank, passage in enumerate(passages):
        litere = litera_texts(passage) if passage.via == "reference" else []
        for sentence in litere or scored_units(passage.fragment.text):
            if passage.via == "reference":
                # the question named this provision: its sentences qualify in their own
                # order (its text first, then any consolidation note), whatever words
                # they share with the question
                score = scorer.threshold
            else:
                score = scorer.sentence(passage, sentence)
            if score >= scorer.threshold:
                scored.append((score, -rank, sentence, passage, bool(litere)))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    best = scored[0][0] if scored else 0.0
    claims: list[DraftClaim] = []
    used: set[int] = set()
    for score, _rank, sentence, passage, litera in scored:
        if (passage.fragment.id in used and not litera) or score < RELATIVE_TO_BEST * best:
            continue
        used.add(passage.fragment.id)
        claims.append(DraftClaim(sentence, (Evidence(passage.fragment.id, sentence),)))
        if len(claims) == MAX_SENTENCES:
            break
    return claims


def litera_texts(passage: Passage) -> list[str]:
    """The text of each litera (or punct) of ``passage.letters`` (``"h) …"``, up to the
    next litera) as written in its fragment, in the order named; a litera too short to ground
    a claim alone (``c) amenda.``) or not found gives nothing, and then, when none is
    left, the fragment's sentences are the claims."""
    text = passage.fragment.text
    found: list[str] = []
    for letter in passage.letters:
        span = unit_span(text, letter)
        if span is not None and not too_short(text[span[0] : span[1]]):
            found.append(text[span[0] : span[1]])
    return found
