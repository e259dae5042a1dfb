"""A statement tied to the agreement's end is not answered by a sentence that states
another trigger: the condition check, alone, in the real judge's Gate 2 and in Gate 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import make_passage, write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.relevance import question_topic
from letadesk.answer.scoring import JudgeScorer
from letadesk.judge import default_judge
from letadesk.verify.conditions import asks_upon_ending, speaks_of_ending
from letadesk.verify.entailment import decide_support
from letadesk.workspace import Workspace

RETURN = (
    "Receiving Party shall destroy or return some Confidential Information upon the "
    "termination of Agreement."
)
ON_REQUEST = (
    "Upon the Disclosing Party's written request, the Receiving Party shall promptly "
    "return to the Disclosing Party all Confidential Information and all copies thereof."
)
ON_TERMINATION = (
    "Upon termination of this Agreement, the Receiving Party shall promptly return to the "
    "Disclosing Party all Confidential Information and all copies thereof."
)


@pytest.mark.parametrize(
    ("question", "tied"),
    [
        (RETURN, True),
        ("What must be returned after expiration of the agreement?", True),
        ("Some obligations of Agreement may survive termination of Agreement.", False),
        ("Which law governs this agreement?", False),
        ("Ce documente se restituie la încetarea contractului?", True),
        ("Prestatorul predă documentele după expirarea contractului.", True),
        ("Cu ce preaviz poate fi denunțat contractul?", False),
    ],
)
def test_which_questions_are_tied_to_the_agreements_end(question: str, tied: bool) -> None:
    assert asks_upon_ending(question) is tied


@pytest.mark.parametrize(
    ("text", "speaks"),
    [
        (ON_TERMINATION, True),
        ("At the conclusion of their review, all copies will be delivered.", True),
        ("The obligations herein shall survive for five years.", True),
        ("Within 30 days of the expiry of the Term, the Recipient shall destroy …", True),
        (ON_REQUEST, False),
        ("At any time upon written demand, Recipient shall return all materials.", False),
        ("La încetarea contractului, prestatorul restituie documentele.", True),
        ("Prestatorul restituie documentele la cererea beneficiarului.", False),
        ("The decision of the arbitrator is final and binding.", False),
        (
            "During the term of this Agreement and for two years thereafter, X shall not compete.",
            True,
        ),
        ("Thereafter the Parties shall meet once a year.", False),
    ],
)
def test_which_sentences_speak_of_an_end(text: str, speaks: bool) -> None:
    assert speaks_of_ending(text) is speaks


def test_the_judge_scores_0_a_sentence_with_another_trigger() -> None:
    judge = default_judge()
    passages = [make_passage(1, ON_REQUEST), make_passage(2, ON_TERMINATION)]
    scorer = JudgeScorer(judge, RETURN, passages, topic=question_topic(RETURN))
    assert scorer.sentence(passages[0], ON_REQUEST) == 0.0
    assert scorer.sentence(passages[1], ON_TERMINATION) >= scorer.threshold
    # A question not tied to the end reads the request-only sentence as before.
    plain = "Receiving Party shall return Confidential Information to the Disclosing Party."
    other = JudgeScorer(judge, plain, passages[:1], topic=question_topic(plain))
    assert other.sentence(passages[0], ON_REQUEST) > 0.0


NDA = """MUTUAL NON-DISCLOSURE AGREEMENT

1. Confidential Information means all non-public information disclosed by either party.

2. The Receiving Party shall hold the Confidential Information in strict confidence.

3. {clause}

4. This Agreement is governed by the laws of the State of New York.
"""


def test_ask_refuses_the_statement_on_a_request_only_clause(tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "request.txt", NDA.format(clause=ON_REQUEST))
    write_text(tmp_path / "docs", "termination.txt", NDA.format(clause=ON_TERMINATION))
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([tmp_path / "docs"], matter="M")
        options = AskOptions(generate=False)
        found = {d.path.rsplit("/", 1)[-1]: str(d.id) for d in ws.documents.all("M")}
        refused = ws.ask(RETURN, matter="M", document=found["request.txt"], options=options)
        answered = ws.ask(RETURN, matter="M", document=found["termination.txt"], options=options)
    assert refused.disposition == "refused" and not refused.claims
    assert answered.disposition == "answered"
    assert answered.claims[0].citations[0].quote == ON_TERMINATION


def test_gate3_finds_a_claim_tied_to_the_end_insufficient_on_a_request_only_quote() -> None:
    drafted = (
        "The Receiving Party shall return all Confidential Information upon the "
        "termination of this Agreement."
    )
    judge = default_judge()
    refused = decide_support(drafted, ON_REQUEST, judge=judge)
    assert (refused.label, refused.scorer) == ("insufficient", "condition")
    assert "names no such end" in refused.checks[-1].reason
    assert decide_support(drafted, ON_REQUEST, judge=None).label == "insufficient"
    assert decide_support(drafted, ON_TERMINATION, judge=judge).scorer != "condition"
