"""How relevant each retrieved passage, and each of its sentences, is to the question.

Two scorers with one interface. :class:`JudgeScorer` asks the trained judge
(:mod:`letadesk.judge`) once, in one batch, for every candidate sentence of the
retrieved passages; a passage scores as its best sentence. Its scores are calibrated
probabilities and its threshold is the one stored with the model (one for questions, one
for statements to check). :class:`LexicalScorer`
is the word-coverage topic model (:mod:`letadesk.answer.relevance`), used for a language
the judge was not chosen for, or when it cannot be loaded. Gate 2 refuses when no
passage reaches ``threshold``; the extractor picks sentences by :meth:`sentence`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from letadesk.answer.relevance import Topic, passage_relevance
from letadesk.answer.sentences import sentences
from letadesk.domain import Passage
from letadesk.judge import Judge
from letadesk.text import is_question

MIN_SENTENCE_CHARS = 25
MAX_SENTENCE_CHARS = 1200
# Structural headings ("Secțiunea a 3-a - …\nArticolul 57") say nothing; never scored.
_HEADING = re.compile(r"^(titlul|capitolul|sec[tțţ]iunea|articolul|art\.|article|section|"
                      r"chapter|part)\b[^.;:]*$", re.IGNORECASE)


def candidate_sentences(text: str) -> list[str]:
    """The sentences of a fragment that may be extracted as claims, in order."""
    out = []
    for s, e in sentences(text):
        sentence = text[s:e]
        if MIN_SENTENCE_CHARS <= len(sentence) <= MAX_SENTENCE_CHARS and \
                not _HEADING.match(sentence):
            out.append(sentence)
    return out


class Scorer(Protocol):
    """``name``: what scored (for the audit); ``threshold``: Gate 2's bar."""

    name: str
    threshold: float

    def passage(self, passage: Passage) -> float: ...

    def sentence(self, passage: Passage, text: str) -> float: ...

    def prepare(self, passages: Sequence[Passage]) -> None:
        """Make ready to score ``passages`` found after the scorer was built (the judge
        reads all their sentences in one batch); scores do not change."""


class LexicalScorer:
    """The share of the question's (rarity-weighted) topic words a text holds."""

    def __init__(self, topic: Topic, threshold: float) -> None:
        self.name = "lexical"
        self.threshold = threshold
        self._topic = topic

    def passage(self, passage: Passage) -> float:
        return passage_relevance(self._topic, passage)

    def sentence(self, passage: Passage, text: str) -> float:
        return passage_relevance(self._topic, passage, text)

    def prepare(self, passages: Sequence[Passage]) -> None:
        """Nothing to prepare: word coverage is computed when asked."""


class JudgeScorer:
    """The judge's calibrated probability that a sentence answers the question.

    A sentence that holds the question's topic words as the lexical gate asks
    (``WORDS_COVERED`` of the rarity-weighted topic, within its document) and that the
    judge still finds plausible (at least ``PLAUSIBLE`` of the bar) is raised to the bar:
    the judge's probabilities are calibrated on the phrasings it was trained on, and a
    new phrasing of a question the sentence answers can fall short of them. Chosen on
    validation (``tune_gate2.py --rescue``, ``results/gate2_rescue.txt``): the setting
    no worse than the lexical gate on any figure of either set, best of those on
    min(coverage, refusal)."""

    WORDS_COVERED = 0.5
    PLAUSIBLE = 0.5

    def __init__(self, judge: Judge, question: str, passages: Sequence[Passage], *,
                 threshold: float | None = None, topic: Topic = ()) -> None:
        self.name = judge.name
        card = judge.card
        bar = card.relevance_threshold if is_question(question) else \
            card.statement_relevance_threshold
        self.threshold = bar if threshold is None else threshold
        self._judge = judge
        self._question = question
        self._topic = topic
        self._scores: dict[str, float] = {}
        self._units_of: dict[int, list[str]] = {}
        self.prepare(passages)

    def prepare(self, passages: Sequence[Passage]) -> None:
        """Every sentence of ``passages`` not scored yet, scored in one batch."""
        texts = sorted({t for p in passages for t in self._units(p)} - self._scores.keys())
        if texts:
            self._scores.update(zip(texts, self._judge.relevance(self._question, texts),
                                    strict=True))

    def _units(self, passage: Passage) -> list[str]:
        """The passage's scored units (its sentences, or its whole text), split once."""
        fid = passage.fragment.id
        if fid not in self._units_of:
            text = passage.fragment.text
            self._units_of[fid] = candidate_sentences(text) or [text]
        return self._units_of[fid]

    def passage(self, passage: Passage) -> float:
        return max(self.sentence(passage, t) for t in self._units(passage))

    def sentence(self, passage: Passage, text: str) -> float:
        if text not in self._scores:
            self._scores[text] = self._judge.relevance(self._question, [text])[0]
        score = self._scores[text]
        if self.PLAUSIBLE * self.threshold <= score < self.threshold and self._topic and \
                passage_relevance(self._topic, passage, text) >= self.WORDS_COVERED:
            return self.threshold
        return score
