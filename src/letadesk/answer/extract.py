"""Extracted answers: verbatim sentences of the best fragments, each its own claim with
its own citation. Zero fabrication by construction; still checked by Gate 3."""

from __future__ import annotations

import re
from collections.abc import Sequence

from letadesk.answer.relevance import Topic, passage_relevance
from letadesk.answer.sentences import sentences
from letadesk.domain import DraftClaim, Evidence, Passage

MAX_SENTENCES = 3
MIN_SENTENCE_CHARS = 25
MAX_SENTENCE_CHARS = 1200
# Structural headings ("Secțiunea a 3-a - …\nArticolul 57") say nothing; never extract them.
_HEADING = re.compile(r"^(titlul|capitolul|sec[tțţ]iunea|articolul|art\.|article|section|"
                      r"chapter|part)\b[^.;:]*$", re.IGNORECASE)


def extract_claims(topic: Topic, passages: Sequence[Passage], *,
                   min_relevance: float) -> list[DraftClaim]:
    """Up to three sentences (from distinct fragments) that address the question best;
    none when no sentence reaches ``min_relevance``. Sentences of a provision the
    question names (found by exact reference) always qualify, in their order."""
    scored: list[tuple[float, int, str, Passage]] = []
    for rank, passage in enumerate(passages):
        text = passage.fragment.text
        for s, e in sentences(text):
            sentence = text[s:e]
            if not MIN_SENTENCE_CHARS <= len(sentence) <= MAX_SENTENCE_CHARS or \
                    _HEADING.match(sentence):
                continue
            if passage.via == "reference":
                # the question named this provision: its sentences qualify in their own
                # order (its text first, then any consolidation note), whatever words
                # they share with the question
                score = min_relevance
            else:
                score = passage_relevance(topic, passage, sentence)
            if score >= min_relevance:
                scored.append((score, -rank, sentence, passage))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    claims: list[DraftClaim] = []
    used: set[int] = set()
    for _score, _rank, sentence, passage in scored:
        if passage.fragment.id in used:
            continue
        used.add(passage.fragment.id)
        claims.append(DraftClaim(sentence, (Evidence(passage.fragment.id, sentence),)))
        if len(claims) == MAX_SENTENCES:
            break
    return claims
