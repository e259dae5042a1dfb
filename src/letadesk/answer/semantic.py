"""Gate 2 reads meaning as well as words where the judge reads a language by its words.

The judge learnt its Romanian on questions made from marginal titles; a lawyer's own
question ("Cât poate dura o grevă de avertisment?") shares few words with the article
that answers it ("Greva de avertisment nu poate avea o durată mai mare de două ore").
The embedder (multilingual e5) places the two near each other. :class:`SemanticScorer`
adds to every score of a passage ``weight`` times how much nearer to the question its
fragment lies than the median of the candidates (cosine of the embedded question to the
fragment's vector): it orders the candidates by meaning where the words tie, and moves
a candidate across the bar only by that margin.

:func:`meaning_weights` gives the weight and Gate 2's topic floor for a question: per
language (:data:`SEMANTIC_WEIGHT`, :data:`MIN_COVERAGE`; English has none: its judge
reads paraphrased English as well as e5 does, ``benchmarks/results/judge_natural.txt``),
and heavier for a long question (:data:`LONG_QUESTION_WORDS`): a client's situation told
before the question fills the judge's 128 tokens and its words are the rarest of the
topic, while e5 reads all of it. Chosen on ``training/questions_ro`` (545 questions on
eight acts no benchmark asks), where the short-question pair is also what the training
questions choose; ``docs/gates.md`` gives the figures.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from statistics import median

from letadesk.answer.scoring import Scorer
from letadesk.domain import Passage
from letadesk.errors import ModelError

log = logging.getLogger(__name__)

SEMANTIC_WEIGHT: dict[str, float] = {"ro": 3.0}
# A Romanian source must hold this share of the question's rarity-weighted topic (the
# topic floor).
MIN_COVERAGE: dict[str, float] = {"ro": 0.6}
# A question of more words than this is read by meaning more, and by its words less.
LONG_QUESTION_WORDS = 20
LONG_SEMANTIC_WEIGHT: dict[str, float] = {"ro": 8.0}
LONG_MIN_COVERAGE: dict[str, float] = {"ro": 0.2}


def is_long(question: str, words: int | None = None) -> bool:
    """Whether ``question`` has more than ``words`` words (by default
    :data:`LONG_QUESTION_WORDS`): it is read by meaning more."""
    return len(question.split()) > (LONG_QUESTION_WORDS if words is None else words)


def meaning_weights(question: str, language: str) -> tuple[float, float]:
    """The semantic weight and the topic floor Gate 2 reads ``question`` with (0, 0 for a
    language with neither)."""
    if is_long(question):
        return LONG_SEMANTIC_WEIGHT.get(language, 0.0), LONG_MIN_COVERAGE.get(language, 0.0)
    return SEMANTIC_WEIGHT.get(language, 0.0), MIN_COVERAGE.get(language, 0.0)


class SemanticScorer:
    """``inner``'s scores, each passage's raised (or lowered) by ``weight`` times its
    fragment's cosine to the question less the median cosine of ``passages`` (the
    candidates Gate 2 reads). ``similarity``: the cosines of passages, by fragment id
    (:meth:`letadesk.retrieve.cascade.Retriever.similarity`); passages handed to
    :meth:`prepare` later are measured against the same median."""

    def __init__(
        self,
        inner: Scorer,
        passages: Sequence[Passage],
        similarity: Callable[[Sequence[Passage]], Mapping[int, float]],
        weight: float,
    ) -> None:
        self.name = inner.name
        self.threshold = inner.threshold
        self.clause_types = inner.clause_types
        self._inner = inner
        self._measure = similarity
        self._similarity = dict(similarity(passages))
        self._center = median(self._similarity.values()) if self._similarity else 0.0
        self._weight = weight

    def margin(self, passage: Passage) -> float:
        """What the passage's meaning adds to its scores (0 without a cosine)."""
        cosine = self._similarity.get(passage.fragment.id)
        return 0.0 if cosine is None else self._weight * (cosine - self._center)

    def passage(self, passage: Passage) -> float:
        return self._inner.passage(passage) + self.margin(passage)

    def sentence(self, passage: Passage, text: str) -> float:
        return self._inner.sentence(passage, text) + self.margin(passage)

    def prepare(self, passages: Sequence[Passage]) -> None:
        self._inner.prepare(passages)
        new = [p for p in passages if p.fragment.id not in self._similarity]
        if new:
            self._similarity.update(self._measure(new))


def cosines_or_none(
    similarity: Callable[[str, Sequence[Passage]], Mapping[int, float]],
    question: str,
    passages: Sequence[Passage],
) -> Mapping[int, float]:
    """``similarity(question, passages)``; none when no embedder can run (Gate 2 then
    reads words alone)."""
    try:
        return similarity(question, passages)
    except ModelError as exc:
        log.warning("embedder unavailable, Gate 2 reads words alone: %s", exc)
        return {}
