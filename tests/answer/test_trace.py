"""What the trace of one question collects (answer.trace): the time in each stage, each
fact as a typed value, and why the model's draft gave way to extracted sentences."""

from __future__ import annotations

from datetime import date

from letadesk.answer.grounding import Verdict
from letadesk.answer.trace import AskTrace, Checked, Relevance, Surveyed
from letadesk.domain import (
    CheckResult,
    Document,
    DocumentId,
    DocumentStatus,
    DraftClaim,
    Evidence,
    Fragment,
    FragmentId,
    MatterId,
    Passage,
    Scores,
)
from letadesk.generate.generator import Generation

DOC = Document(
    DocumentId(3), MatterId(1), "/m/a.txt", "A", "txt", "en", "ab" * 32, 10, DocumentStatus.INDEXED
)
FIRST = Passage(Fragment(FragmentId(7), DOC.id, 1, 0, 9, "", "first one", ""), DOC, Scores())
SECOND = Passage(Fragment(FragmentId(8), DOC.id, 1, 9, 19, "", "second one", ""), DOC, Scores())


def verdict(passed: bool) -> Verdict:
    claim = DraftClaim("A claim.", (Evidence(FragmentId(7), "first"),))
    return Verdict(claim, (CheckResult("quote", passed, ""),), ())


def test_stages_add_up_and_stop_takes_the_total() -> None:
    trace = AskTrace(question="Q?", matter="M", as_of=date(2024, 1, 2))
    for name in ("scope", "searching", "scope"):
        trace.stage(name)
    stages = trace.stop()
    assert set(stages) == {"scope", "searching", "total"}
    assert stages["total"] >= stages["scope"] + stages["searching"] >= 0
    assert stages == trace.facts.stages and stages is not trace.facts.stages


def test_facts_are_typed_values_in_the_order_they_came() -> None:
    trace = AskTrace(question="Q?", matter="M", as_of=None)
    trace.retrieved([FIRST, SECOND])
    trace.relevance("lexical", 0.5, [SECOND, FIRST], {id(FIRST): 0.9, id(SECOND): 0.1}, ["x"])
    trace.surveyed([(DOC.id, [FragmentId(7)], False)])
    trace.checked(0, verdict(True))
    facts = trace.facts
    assert facts.retrieved == (FIRST, SECOND) and facts.language is None
    assert facts.relevance == Relevance("lexical", 0.5, ("x",), ((8, 0.1), (7, 0.9)))
    assert facts.surveyed == (Surveyed(DOC.id, (FragmentId(7),), False),)
    assert facts.checked == [Checked(0, verdict(True), ())]  # extracted: nothing flagged


def test_the_draft_failure_says_what_became_of_the_models_draft() -> None:
    empty = AskTrace(question="Q?", matter="M", as_of=None)
    empty.attempt(1, Generation('{"claims": []}'), "")
    assert empty.facts.draft_failure() == "empty"
    unreadable = AskTrace(question="Q?", matter="M", as_of=None)
    unreadable.attempt(1, Generation("{"), "the output is not JSON")
    unreadable.checked(0, verdict(True))  # an extracted claim says nothing of the draft
    assert unreadable.facts.draft_failure() == "unreadable"
    rejected = AskTrace(question="Q?", matter="M", as_of=None)
    rejected.attempt(1, Generation("{"), "")
    rejected.checked(1, verdict(False))
    assert rejected.facts.draft_failure() == "rejected"
