"""Gate 2's combiners: read from the card, refused when malformed, used by JudgeScorer."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest

from corpus_factory import GOVERNING_CLAUSE, NOTICES_CLAUSE, make_passage
from letadesk.answer.ask import AskOptions
from letadesk.answer.relevance import passage_relevance, question_topic
from letadesk.answer.scoring import JudgeScorer, judge_logit
from letadesk.assets import resource
from letadesk.domain import (
    Passage,
)
from letadesk.errors import ModelError
from letadesk.judge import Judge, default_judge, load_card
from letadesk.judge.card import CARD_FILE, SHORTLIST, Combiner
from letadesk.workspace import Workspace

GOVERNING, NOTICES = GOVERNING_CLAUSE, NOTICES_CLAUSE


def _passage(fid: int, text: str) -> Passage:
    return make_passage(fid, text, title="Supply Agreement")


def test_the_shipped_card_has_a_combiner_for_questions_and_statements() -> None:
    card = load_card()
    assert set(card.combiners) == {"question", "statement", "clause_question", "clause_statement"}
    for kind, combiner in card.combiners.items():
        assert "judge" in combiner.weights and 0 < combiner.threshold < 1
        assert ("clause" in combiner.weights) == kind.startswith("clause_")


def test_combiner_is_a_logistic_model_over_named_features() -> None:
    combiner = Combiner({"judge": 1.0, "sentence_words": 2.0}, bias=-1.0, threshold=0.5)
    z = -1.0 + 0.5 + 2.0 * 0.25
    assert combiner.score({"judge": 0.5, "sentence_words": 0.25, "rank": 3.0}) == pytest.approx(
        1 / (1 + math.exp(-z))
    )
    assert combiner.prior({"judge": 9.0, "sentence_words": 0.25}) == pytest.approx(-0.5)


def test_a_combiner_naming_an_unknown_feature_is_a_model_error(tmp_path: Path) -> None:
    card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    card["runtime"]["combiners"] = {
        "question": {"weights": {"colour": 1.0}, "bias": 0, "threshold": 0.5}
    }
    (tmp_path / "judge.json").write_text(json.dumps(card), encoding="utf-8")
    with pytest.raises(ModelError, match="combiner weights must name only"):
        load_card(tmp_path / "judge.json")


def test_scorer_reads_the_combiner_of_the_questions_kind() -> None:
    judge = default_judge()
    question = "Which courts settle a dispute between us?"  # no clause type of the model
    passages = [_passage(1, NOTICES), _passage(2, GOVERNING)]
    scorer = JudgeScorer(judge, question, passages, topic=question_topic(question))
    assert scorer.clause_types == ()
    combiner = judge.card.combiners["question"]
    assert scorer.threshold == combiner.threshold
    raw = judge.relevance(question, [GOVERNING])[0]
    expected = combiner.score(
        {
            "judge": judge_logit(raw),
            "rank": 1.0,
            "sentence_words": scorer_words(question, passages[1]),
            "passage_words": scorer_words(question, passages[1]),
        }
    )
    assert scorer.sentence(passages[1], GOVERNING) == pytest.approx(expected)
    assert scorer.passage(passages[1]) > scorer.passage(passages[0])


def test_without_a_combiner_the_scorer_reads_the_judges_relevance_and_threshold() -> None:
    judge = default_judge()
    bare = Judge(replace(judge.card, combiners={}))
    question = "Which law governs this agreement?"
    passages = [_passage(2, GOVERNING)]
    scorer = JudgeScorer(bare, question, passages, topic=question_topic(question))
    assert scorer.threshold == judge.card.relevance_threshold
    assert scorer.sentence(passages[0], GOVERNING) == pytest.approx(
        bare.relevance(question, [GOVERNING])[0]
    )


def scorer_words(question: str, passage: Passage) -> float:
    return passage_relevance(question_topic(question), passage, passage.fragment.text)


def test_the_judge_reads_only_the_shortlist_the_combiners_prior_ranks_first() -> None:
    judge = default_judge()
    question = "Which law governs this agreement?"
    filler = [
        _passage(10 + i, f"Schedule {i} lists the delivery site number {i} of the buyer.")
        for i in range(SHORTLIST + 5)
    ]
    passages = [*filler, _passage(2, GOVERNING)]  # the answer retrieved last
    read: list[str] = []
    relevance = judge.relevance

    def spy(q: str, texts: list[str]) -> list[float]:
        read.extend(texts)
        return relevance(q, texts)

    judge.relevance = spy  # type: ignore[method-assign]
    try:
        scorer = JudgeScorer(judge, question, passages, topic=question_topic(question))
    finally:
        del judge.relevance
    assert len(read) == SHORTLIST
    assert GOVERNING in read  # it holds the question's words: its prior is the best
    unread = [p for p in filler if p.fragment.text not in read]
    assert len(unread) == 6
    assert all(scorer.passage(p) == 0.0 for p in unread)
    assert scorer.passage(passages[-1]) == max(scorer.passage(p) for p in passages)


def test_a_romanian_source_holding_too_little_of_the_topic_is_named_not_quoted(
    tmp_path: Path,
) -> None:
    # The sample contract speaks of "notificare ... cu 30 de zile înainte", never of
    # "preaviz" or "termen": too little of the topic, under the Romanian floor, whatever
    # the judge reads, and no sentence near enough in meaning to lift it; the refusal
    # names the provisions the question may mean.
    contract = resource("sample_matter", "contract_servicii.docx")
    ws = Workspace.open(tmp_path / "profile")
    try:
        ws.documents.ingest([contract], matter="sample")
        options = AskOptions(generate=False)
        answer = ws.ask(
            "Care este termenul de preaviz pentru încetarea contractului?",
            matter="sample",
            options=options,
        )
        assert not answer.claims
        # named with art. 5 alin. (2): the two tie at Gate 2's two decimals, and which
        # comes first depends on the processor's int8 arithmetic (tests/answer/test_clarify)
        assert "art. 3 alin. (2)" in answer.clarify.split("?")[0]
        record = ws.audit.entries(limit=1)[0].record
        assert record["relevance"]["scorer"] == default_judge().name
        fee = ws.ask("Care este termenul de plată a onorariului?", matter="sample", options=options)
        # answered from art. 4 (its alin. (1) names the fee, (2) the term: they score close)
        assert fee.answered
        assert {c.citations[0].locator for c in fee.claims} & {
            "art. 4 alin. (1)",
            "art. 4 alin. (2)",
        }
    finally:
        ws.close()


def test_a_review_cell_is_held_to_the_combiners_review_bar_never_below_its_answer_bar() -> None:
    combiner = Combiner({"judge": 1.0}, bias=0.0, threshold=0.2, review_threshold=0.3)
    assert combiner.bar() == 0.2 and combiner.bar(review=True) == 0.3
    assert replace(combiner, review_threshold=0.1).bar(review=True) == 0.2
    assert replace(combiner, review_threshold=None).bar(review=True) == 0.2


def test_the_review_bar_is_read_from_the_card_and_used_by_the_scorer(tmp_path: Path) -> None:
    card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    combiners = card["runtime"]["combiners"]
    combiners["clause_question"]["review_threshold"] = 0.9
    (tmp_path / "judge.json").write_text(json.dumps(card), encoding="utf-8")
    loaded = load_card(tmp_path / "judge.json")
    assert loaded.combiners["clause_question"].review_threshold == 0.9
    assert loaded.combiners["question"].review_threshold is None  # none chosen for it
    judge = default_judge()
    strict = Judge(replace(judge.card, combiners=loaded.combiners))
    strict.clauses = judge.clauses
    question = "Which law governs this agreement?"  # routed to Governing Law
    passages = [_passage(2, GOVERNING)]
    topic = question_topic(question)
    answer = JudgeScorer(strict, question, passages, topic=topic)
    review = JudgeScorer(strict, question, passages, topic=topic, review=True)
    assert answer.clause_types == review.clause_types != ()
    assert answer.threshold == combiners["clause_question"]["threshold"]
    assert review.threshold == 0.9
    assert review.sentence(passages[0], GOVERNING) == answer.sentence(passages[0], GOVERNING)
