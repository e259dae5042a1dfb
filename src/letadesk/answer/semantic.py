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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import median

from letadesk.answer.scoring import Scorer, scored_units
from letadesk.domain import Passage
from letadesk.errors import ModelError

log = logging.getLogger(__name__)

SEMANTIC_WEIGHT: dict[str, float] = {"ro": 3.0}
# The weight of the nearest sentence's cosine (the same margin, measured sentence by
# sentence: a fragment's vector blurs the one sentence that answers among its others).
SENTENCE_WEIGHT: dict[str, float] = {"ro": 4.0}
# A sentence counts only this near the question (e5's cosine): the median it is measured
# against means nothing when every candidate is far ("Câte zile de concediu de
# maternitate am?" asked of a law on strikes finds its nearest sentence at 0.84, one that
# answers a question lies at 0.85 to 0.90).
SENTENCE_NEAR = 0.86
# A Romanian source must hold this share of the question's rarity-weighted topic (the
# topic floor).
MIN_COVERAGE: dict[str, float] = {"ro": 0.6}
# What the sentences' margin adds to the bar: it lifts the passages that answer more than
# the nearest of an absent topic, and the bar keeps those out.
BAR_RAISE: dict[str, float] = {"ro": 0.015}
# A question of more words than this is read by meaning more, and by its words less.
LONG_QUESTION_WORDS = 20
LONG_SEMANTIC_WEIGHT: dict[str, float] = {"ro": 8.0}
LONG_SENTENCE_WEIGHT: dict[str, float] = {"ro": 2.0}
LONG_MIN_COVERAGE: dict[str, float] = {"ro": 0.2}

Cosines = Callable[[Sequence[Passage]], Mapping[int, float]]
SentenceCosines = Callable[[Sequence[tuple[Passage, str]]], Sequence[float]]


@dataclass(frozen=True, slots=True)
class Meaning:
    """How Gate 2 reads a question by meaning: the weight of a fragment's cosine margin,
    of its nearest sentence's, the topic floor, and what is added to the bar."""

    weight: float = 0.0
    sentence_weight: float = 0.0
    floor: float = 0.0
    bar_raise: float = 0.0

    @property
    def reads(self) -> bool:
        """Whether meaning counts at all (it does for Romanian)."""
        return bool(self.weight or self.sentence_weight)


def is_long(question: str, words: int | None = None) -> bool:
    """Whether ``question`` has more than ``words`` words (by default
    :data:`LONG_QUESTION_WORDS`): it is read by meaning more."""
    return len(question.split()) > (LONG_QUESTION_WORDS if words is None else words)


def meaning_weights(question: str, language: str) -> Meaning:
    """How Gate 2 reads ``question`` by meaning (nothing for a language with none)."""
    long = is_long(question)
    return Meaning(
        (LONG_SEMANTIC_WEIGHT if long else SEMANTIC_WEIGHT).get(language, 0.0),
        (LONG_SENTENCE_WEIGHT if long else SENTENCE_WEIGHT).get(language, 0.0),
        (LONG_MIN_COVERAGE if long else MIN_COVERAGE).get(language, 0.0),
        BAR_RAISE.get(language, 0.0),
    )


class SemanticScorer:
    """``inner``'s scores, each passage's raised (or lowered) by ``meaning.weight`` times
    its fragment's cosine to the question less the median cosine of ``passages`` (the
    candidates Gate 2 reads), and by ``meaning.sentence_weight`` times the same margin of
    its nearest sentence (a sentence's own, when the sentence is scored), where that
    sentence is near at all (:data:`SENTENCE_NEAR`); the bar raised
    by ``meaning.bar_raise``. ``similarity``: the cosines of passages, by fragment id
    (:meth:`letadesk.retrieve.cascade.Retriever.similarity`); ``parts``: the cosines of
    sentences of passages, in order (:meth:`~letadesk.retrieve.cascade.Retriever.part_similarity`).
    Passages handed to :meth:`prepare` later are measured against the same medians."""

    def __init__(
        self,
        inner: Scorer,
        passages: Sequence[Passage],
        similarity: Cosines,
        meaning: Meaning,
        parts: SentenceCosines | None = None,
    ) -> None:
        self.name = inner.name
        self.threshold = inner.threshold + meaning.bar_raise
        self.clause_types = inner.clause_types
        self._inner = inner
        self._measure = similarity
        self._measure_parts = parts if meaning.sentence_weight else None
        self._meaning = meaning
        self._similarity = dict(similarity(passages))
        self._sentences: dict[tuple[int, str], float] = {}
        self._nearest: dict[int, float] = {}
        self._measured: set[int] = set()  # fragments whose sentences were asked for
        self._measure_sentences(passages)
        self._center = _median(self._similarity.values())
        self._sentence_center = _median(self._nearest.values())

    def _measure_sentences(self, passages: Sequence[Passage]) -> None:
        """The cosine of each scored sentence of ``passages`` not measured yet."""
        new = [p for p in passages if p.fragment.id not in self._measured]
        if self._measure_parts is None or not new:
            return
        self._measured.update(p.fragment.id for p in new)
        parts = [(p, text) for p in new for text in scored_units(p.fragment.text)]
        cosines = self._measure_parts(parts) if parts else []
        if len(cosines) != len(parts):
            return  # no embedder: the fragments' cosines alone
        for (p, text), cosine in zip(parts, cosines, strict=True):
            self._sentences[(p.fragment.id, text)] = cosine
            fid = p.fragment.id
            self._nearest[fid] = max(cosine, self._nearest.get(fid, cosine))

    def margin(self, passage: Passage, text: str | None = None) -> float:
        """What the passage's meaning adds to its scores (or to its sentence ``text``'s):
        0 for what has no cosine."""
        fid = passage.fragment.id
        cosine = self._similarity.get(fid)
        near = self._nearest.get(fid) if text is None else self._sentences.get((fid, text))
        if text is not None and near is None:
            near = self._nearest.get(fid)
        added = 0.0 if cosine is None else self._meaning.weight * (cosine - self._center)
        if near is not None and near >= SENTENCE_NEAR:
            added += self._meaning.sentence_weight * (near - self._sentence_center)
        return added

    def passage(self, passage: Passage) -> float:
        return self._inner.passage(passage) + self.margin(passage)

    def sentence(self, passage: Passage, text: str) -> float:
        return self._inner.sentence(passage, text) + self.margin(passage, text)

    def prepare(self, passages: Sequence[Passage]) -> None:
        self._inner.prepare(passages)
        new = [p for p in passages if p.fragment.id not in self._similarity]
        if new:
            self._similarity.update(self._measure(new))
        self._measure_sentences(passages)


def _median(values: Iterable[float]) -> float:
    """The median of ``values``, 0 when there are none."""
    listed = list(values)
    return median(listed) if listed else 0.0


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


def part_cosines_or_none(
    similarity: Callable[[str, Sequence[tuple[Passage, str]]], Sequence[float]],
    question: str,
    parts: Sequence[tuple[Passage, str]],
) -> Sequence[float]:
    """``similarity(question, parts)``; none when no embedder can run."""
    try:
        return similarity(question, parts)
    except ModelError as exc:
        log.warning("embedder unavailable, Gate 2 reads sentences by words alone: %s", exc)
        return []
