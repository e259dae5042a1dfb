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
from letadesk.ingest.units import quotable_spans
from letadesk.judge import Judge
from letadesk.judge.card import MAX_RANK, SHORTLIST, judge_logit
from letadesk.text import is_question
from letadesk.verify.conditions import asks_upon_ending, speaks_of_ending

MIN_SENTENCE_CHARS = 25
MAX_SENTENCE_CHARS = 1200
# Structural headings ("Secțiunea a 3-a - …\nArticolul 57") say nothing; never scored.
_HEADING = re.compile(
    r"^(titlul|capitolul|sec[tțţ]iunea|articolul|art\.|article|section|"
    r"chapter|part)\b[^.;:]*$",
    re.IGNORECASE,
)


def candidate_sentences(text: str) -> list[str]:
    """The sentences of a fragment that may be extracted as claims, in order. A lead-in
    that ends in a colon ("This Agreement may be terminated by a party in the event of:")
    says nothing alone, and quoting it would drop the conditions that follow: it is
    joined, verbatim, with the sentence after it (its first item), which also stays a
    candidate of its own."""
    spans = sentences(text)
    out = []
    for i, (s, e) in enumerate(spans):
        joins = i + 1 < len(spans) and not text[e : spans[i + 1][0]].strip()  # no note between
        if text[e - 1] == ":" and joins and spans[i + 1][1] - s <= MAX_SENTENCE_CHARS:
            e = spans[i + 1][1]
        sentence = text[s:e]
        if MIN_SENTENCE_CHARS <= len(sentence) <= MAX_SENTENCE_CHARS and not _HEADING.match(
            sentence
        ):
            out.append(sentence)
    return out


def scored_units(text: str) -> list[str]:
    """What a fragment is scored and quoted by: its candidate sentences, or, when it has
    none, each stretch of text it may quote (one sentence longer than
    MAX_SENTENCE_CHARS: a definition of "Confidential Information" can run to 1,300
    characters); nothing for a fragment that is only headings and consolidation notes (a
    long note split from its alineat). Gate 2 and the extracted answer read the same
    units, so a fragment that passes Gate 2 has a claim to give."""
    return candidate_sentences(text) or [
        text[a:b] for a, b in quotable_spans(text) if b - a >= MIN_SENTENCE_CHARS
    ]


class Scorer(Protocol):
    """``name``: what scored (for the audit); ``threshold``: Gate 2's bar;
    ``clause_types``: the clause types whose detectors it reads (none for most)."""

    name: str
    threshold: float
    clause_types: tuple[str, ...]

    def passage(self, passage: Passage) -> float: ...

    def sentence(self, passage: Passage, text: str) -> float: ...

    def prepare(self, passages: Sequence[Passage]) -> None:
        """Make ready to score ``passages`` found after the scorer was built (the judge
        reads its shortlist of their sentences in one batch: call once per document
        for answers across documents); scores already given do not change."""


class LexicalScorer:
    """The share of the question's (rarity-weighted) topic words a text holds."""

    def __init__(self, topic: Topic, threshold: float) -> None:
        self.name = "lexical"
        self.threshold = threshold
        self.clause_types: tuple[str, ...] = ()
        self._topic = topic

    def passage(self, passage: Passage) -> float:
        return passage_relevance(self._topic, passage)

    def sentence(self, passage: Passage, text: str) -> float:
        return passage_relevance(self._topic, passage, text)

    def prepare(self, passages: Sequence[Passage]) -> None:
        """Nothing to prepare: word coverage is computed when asked."""


class JudgeScorer:
    """How likely each sentence is to answer the question, as the judge reads it.

    With a :class:`~letadesk.judge.card.Combiner` for the question's kind (questions;
    statements to check) in the judge's card, a sentence's score is the combiner's
    probability over the judge's relevance, the share of the question's rarity-weighted
    topic the sentence and its fragment hold (within its document), and the fragment's
    retrieval rank (its first place in a list handed to the scorer), and the bar is the
    combiner's: on the validation documents the words the lexical gate counts add to the
    judge, whose calibration was learnt on the training phrasings
    (``training/fit_combiner.py``). The judge reads only the
    :data:`~letadesk.judge.card.SHORTLIST` sentences of each :meth:`prepare` that the
    combiner ranks first without it; the others score 0 (never extracted). A question
    the judge's clause model routes to a known clause type (:mod:`letadesk.judge.clauses`)
    is scored by the ``clause_question`` / ``clause_statement`` combiner, which also reads
    that type's detector (``clause``). Without a combiner, the judge's calibrated
    relevance of every sentence against its threshold. ``review``: a review grid's cell,
    held to the combiner's review bar where it has one (:meth:`Combiner.bar`). A
    question tied to the agreement's end ("… upon the termination of Agreement") scores
    0 on a sentence that never speaks of an end (:mod:`letadesk.verify.conditions`)."""

    def __init__(
        self,
        judge: Judge,
        question: str,
        passages: Sequence[Passage],
        *,
        threshold: float | None = None,
        topic: Topic = (),
        review: bool = False,
    ) -> None:
        self.name = judge.name
        card = judge.card
        asked = is_question(question)
        kind = "question" if asked else "statement"
        route = judge.clauses.route(question) if judge.clauses is not None else None
        # A question about a known clause type reads that type's detector too.
        self.clause_types: tuple[str, ...] = ()
        if route is not None and f"clause_{kind}" in card.combiners:
            self.clause_types = route.keys
            kind = f"clause_{kind}"
        self._combiner = card.combiners.get(kind)
        if self._combiner is not None:
            bar = self._combiner.bar(review=review)
        else:
            bar = card.relevance_threshold if asked else card.statement_relevance_threshold
        self.threshold = bar if threshold is None else threshold
        self._judge = judge
        self._question = question
        self._topic = topic
        self._scores: dict[str, float] = {}
        self._unread: set[str] = set()
        self._units_of: dict[int, list[str]] = {}
        self._rank: dict[int, int] = {}
        self._sentence_words: dict[tuple[int, str], float] = {}
        self._passage_words: dict[int, float] = {}
        self._clause: dict[str, float] = {}
        self._needs_ending = asks_upon_ending(question)
        self.prepare(passages)

    def prepare(self, passages: Sequence[Passage]) -> None:
        """The sentences of ``passages`` not read yet: the shortlist of them read by the
        judge in one batch (all of them without a combiner)."""
        for rank, p in enumerate(passages):
            self._rank.setdefault(p.fragment.id, rank)
        new: dict[str, float] = {}  # text -> its best prior, in retrieval order
        for p in passages:
            for text in self._units(p):
                if self._needs_ending and not speaks_of_ending(text):
                    self._unread.add(text)  # states another trigger: never read, scores 0
                elif text not in self._scores:
                    prior = self._prior(p, text)
                    new[text] = max(prior, new.get(text, prior))
        if self._combiner is None:
            read = sorted(new)
        else:
            ranked = sorted(new, key=lambda t: -new[t])  # stable: ties in retrieval order
            read, rest = sorted(ranked[:SHORTLIST]), ranked[SHORTLIST:]
            self._unread.update(rest)
        self._unread.difference_update(read)
        if read:
            self._scores.update(zip(read, self._judge.relevance(self._question, read), strict=True))

    def _units(self, passage: Passage) -> list[str]:
        """The passage's scored units (its sentences, or its whole text), split once."""
        fid = passage.fragment.id
        if fid not in self._units_of:
            self._units_of[fid] = scored_units(passage.fragment.text)
        return self._units_of[fid]

    def passage(self, passage: Passage) -> float:
        return max((self.sentence(passage, t) for t in self._units(passage)), default=0.0)

    def sentence(self, passage: Passage, text: str) -> float:
        if text in self._unread:
            return 0.0
        if text not in self._scores:
            self._scores[text] = self._judge.relevance(self._question, [text])[0]
        score = self._scores[text]
        if self._combiner is None:
            return score
        return self._combiner.score(
            {**self._features_of(passage, text), "judge": judge_logit(score)}
        )

    def _prior(self, passage: Passage, text: str) -> float:
        if self._combiner is None:
            return 0.0
        return self._combiner.prior(self._features_of(passage, text))

    def _features_of(self, passage: Passage, text: str) -> dict[str, float]:
        """The combiner's features of a sentence but the judge's (word coverage, the
        costly part, computed once)."""
        fid = passage.fragment.id
        if fid not in self._passage_words:
            self._passage_words[fid] = passage_relevance(self._topic, passage)
        key = (fid, text)
        if key not in self._sentence_words:
            self._sentence_words[key] = passage_relevance(self._topic, passage, text)
        features = {
            "sentence_words": self._sentence_words[key],
            "passage_words": self._passage_words[fid],
            "rank": float(min(self._rank.get(fid, MAX_RANK), MAX_RANK)),
        }
        if self.clause_types:
            if text not in self._clause:
                clauses = self._judge.clauses
                assert clauses is not None  # clause_types is set only with a clause model
                self._clause[text] = judge_logit(
                    clauses.probabilities(self.clause_types, [text])[0]
                )
            features["clause"] = self._clause[text]
        return features
