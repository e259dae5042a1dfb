"""What Gate 2 read of the retrieved passages (:meth:`letadesk.answer.ask.Asker._gate2`),
and what Gate 1's corpus check and a refusal's question back take from it."""

from __future__ import annotations

from dataclasses import dataclass

from letadesk.answer.messages import NEAR_SHARE
from letadesk.answer.scoring import Scorer
from letadesk.domain import Passage
from letadesk.judge import Judge
from letadesk.verify.scope import ScopeVerdict


@dataclass(frozen=True, slots=True)
class Gate2:
    """Gate 2's reading of the retrieved passages: the scorer, the passages ordered by
    relevance, the best relevance, and the best share of the question's topic words."""

    scorer: Scorer
    ranked: list[Passage]
    best: float
    covered: float
    judged: bool  # the judge scored relevance (its language)
    judge: Judge | None  # the loaded judge, for Gates 3 and 4 whatever the language
    nearest: float  # the best relevance before the topic floor (how near a source came)
    offered: list[Passage]  # the ranked passages a refusal's question back may name

    def touched_by_matter(self, corpus_scope: float, scope: ScopeVerdict) -> bool:
        """Gate 1's corpus check: a source holds at least ``corpus_scope`` of the topic
        words, or the judge finds one that answers the question; or, for a question
        without off-topic words, a source comes near (:data:`NEAR_SHARE` of the bar):
        what the matter treats is law, and such a question is refused, if at all, as
        unanswered, not off-topic."""
        near = not scope.off_topic_terms and self.nearest >= NEAR_SHARE * self.scorer.threshold
        return (
            near
            or self.covered >= corpus_scope
            or (self.judged and self.best >= self.scorer.threshold)
        )
