"""Extracted answers: verbatim sentences of the best fragments, each its own claim with
its own citation. Zero fabrication by construction; still checked by Gate 3."""

from __future__ import annotations

from collections.abc import Sequence

from letadesk.answer.scoring import Scorer, candidate_sentences
from letadesk.domain import DraftClaim, Evidence, Passage

MAX_SENTENCES = 3
# A sentence must score at least this share of the best sentence's score: a second or
# third claim far weaker than the first is more often beside the point than an answer.
RELATIVE_TO_BEST = 0.5


def extract_claims(scorer: Scorer, passages: Sequence[Passage]) -> list[DraftClaim]:
    """Up to three sentences (from distinct fragments) that address the question best;
    none when no sentence reaches ``scorer.threshold``, and none below
    ``RELATIVE_TO_BEST`` of the best. Sentences of a provision the question names (found
    by exact reference) always qualify, in their order."""
    scored: list[tuple[float, int, str, Passage]] = []
    for rank, passage in enumerate(passages):
        for sentence in candidate_sentences(passage.fragment.text):
            if passage.via == "reference":
                # the question named this provision: its sentences qualify in their own
                # order (its text first, then any consolidation note), whatever words
                # they share with the question
                score = scorer.threshold
            else:
                score = scorer.sentence(passage, sentence)
            if score >= scorer.threshold:
                scored.append((score, -rank, sentence, passage))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    best = scored[0][0] if scored else 0.0
    claims: list[DraftClaim] = []
    used: set[int] = set()
    for score, _rank, sentence, passage in scored:
        if passage.fragment.id in used or score < RELATIVE_TO_BEST * best:
            continue
        used.add(passage.fragment.id)
        claims.append(DraftClaim(sentence, (Evidence(passage.fragment.id, sentence),)))
        if len(claims) == MAX_SENTENCES:
            break
    return claims
