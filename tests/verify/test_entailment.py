"""Gate 3's support decision: deterministic vetoes stay hard; the judge decides the rest."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from letadesk.judge import Judge, JudgeCard, SupportScores, default_judge, load_card
from letadesk.verify.entailment import decide_support, is_extract, judged_label

QUOTE = (
    "The Receiving Party may disclose Confidential Information to its employees and "
    "professional advisers who need to know it for the Purpose."
)


@pytest.fixture(scope="module")
def judge() -> Judge:
    return default_judge()


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("The Receiving Party can share confidential information with its staff.", "supported"),
        ("The Receiving Party must pay a fee for each disclosure.", "insufficient"),
    ],
)
def test_judged_labels(judge: Judge, claim: str, label: str) -> None:
    decision = decide_support(claim, QUOTE, judge=judge)
    assert decision.label == label
    assert decision.scorer == judge.name
    assert [c.check for c in decision.checks] == ["consistency", "support"]
    assert decision.checks[-1].passed is (label == "supported")


def test_a_negated_claim_is_contradicted_before_the_judge_is_asked(judge: Judge) -> None:
    decision = decide_support(
        "The Receiving Party may not disclose Confidential Information to its employees.",
        QUOTE,
        judge=judge,
    )
    assert decision.label == "contradicted" and not decision.checks[0].passed


@pytest.mark.parametrize(
    ("claim", "extract"),
    [
        ("The Receiving Party may disclose Confidential Information to its employees.", True),
        (
            "The Receiving Party may disclose Confidential Information to its own employees.",
            False,
        ),  # "own" is not the quote's
        ("The Supplier may terminate this Agreement.", False),  # other words
    ],
)
def test_an_extract_of_the_quote_is_supported_as_it_stands(
    judge: Judge, claim: str, extract: bool
) -> None:
    assert is_extract(claim, QUOTE) is extract
    if extract:
        decision = decide_support(claim, QUOTE, judge=judge)
        assert (decision.label, decision.scorer) == ("supported", "extract")


def test_leaving_out_a_negation_or_condition_is_no_extract() -> None:
    quote = "The Supplier may not terminate this Agreement unless the Buyer agrees in writing."
    assert not is_extract("The Supplier may terminate this Agreement.", quote)
    assert not is_extract("The Supplier may not terminate this Agreement.", quote)
    assert is_extract(
        "The Supplier may not terminate this Agreement unless the Buyer agrees.", quote
    )


@dataclass
class _Credulous:
    """A judge that calls everything supported: scripts the model's mistake."""

    card: JudgeCard
    name: str = "credulous"
    clauses: None = None

    def support(self, claim: str, quote: str) -> SupportScores:
        return SupportScores(0.99, 0.005, 0.005)


def test_a_number_that_disagrees_is_contradicted_whatever_the_model_says() -> None:
    credulous = _Credulous(load_card())
    decision = decide_support(
        "Notice must always be given 60 days in advance.",
        "Notice must be given 30 days in advance.",
        judge=credulous,
    )  # type: ignore[arg-type]
    assert decision.label == "contradicted"
    assert not decision.checks[0].passed and decision.checks[0].check == "consistency"


def test_without_the_judge_the_lexical_check_decides() -> None:
    decision = decide_support(
        "The Receiving Party may disclose Confidential Information to its own employees.",
        QUOTE,
        judge=None,
    )
    assert decision.scorer == "lexical" and decision.label == "supported"


def test_a_language_the_judge_was_not_chosen_for_is_left_to_the_lexical_check(judge: Judge) -> None:
    decision = decide_support("x", "y", judge=judge, language="de")
    assert decision.scorer == "lexical"


NOTICE = "Either party may terminate this Agreement upon thirty (30) days written notice"
PREAVIZ = "Oricare parte poate denunța contractul cu un preaviz de 30 de zile."


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("The notice period is thirty (30) days.", NOTICE),
        ("The notice period is 30 days.", NOTICE),
        ("Termenul de preaviz este de 30 de zile.", PREAVIZ),
        ("Termenul de preaviz este de treizeci de zile.", PREAVIZ),
    ],
)
def test_a_faithful_restatement_is_supported(judge: Judge, claim: str, quote: str) -> None:
    decision = decide_support(claim, quote, judge=judge)
    assert decision.label == "supported"
    assert "paraphrase head" in decision.checks[-1].reason


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("The notice period is ninety (90) days.", NOTICE),
        ("Termenul de preaviz este de 30 de luni.", PREAVIZ),
        (
            "Licensor must pay each invoice within 30 days.",
            "Licensee shall pay each invoice within thirty (30) days of its receipt.",
        ),
        (
            "The notice period is thirty (30) days.",
            "The Receiving Party shall keep the information confidential for thirty (30) days.",
        ),
    ],
)
def test_a_corrupted_or_unrelated_restatement_is_not_supported(
    judge: Judge, claim: str, quote: str
) -> None:
    assert decide_support(claim, quote, judge=judge).label != "supported"


def test_an_extract_with_its_numbers_written_otherwise_is_still_an_extract(judge: Judge) -> None:
    decision = decide_support(
        "Either party may terminate this Agreement upon 30 days written notice", NOTICE, judge=judge
    )
    assert decision.label == "supported" and decision.scorer == "extract"


@pytest.mark.parametrize(
    ("scores", "label"),
    [
        (SupportScores(0.6, 0.3, 0.1), "insufficient"),  # support likelier: not verified
        (SupportScores(0.2, 0.5, 0.3), "contradicted"),
        (SupportScores(0.2, 0.3, 0.5), "insufficient"),
        (SupportScores(0.9, 0.05, 0.05), "supported"),
    ],
)
def test_contradicted_only_where_the_judge_finds_it_likeliest(
    scores: SupportScores, label: str
) -> None:
    got = judged_label(scores, True, support_threshold=0.77, contradiction_threshold=0.99)
    assert got == label


def test_a_restatement_the_head_does_not_accept_is_not_called_contradicted(judge: Judge) -> None:
    """The judge reads "subject to the law of" as at most a weak contradiction of
    "governed by … the laws of": a claim it cannot verify is insufficient, not a
    statement that the quote says otherwise."""
    decision = decide_support(
        "The agreement is subject to the law of the State of Florida.",
        "This Agreement shall be governed by and construed in accordance with the laws of "
        "the State of Florida, without regard to its conflict of laws principles.",
        judge=judge,
    )
    assert decision.label in ("supported", "insufficient")


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("The notice period is one month.", "insufficient"),  # 28 to 31 days
        ("Termenul de preaviz este de o lună.", "insufficient"),
        ("The notice period is two months.", "contradicted"),
        ("The notice period is 60 days.", "contradicted"),
    ],
)
def test_a_month_against_days_is_not_verified_nor_contradicted(
    judge: Judge, claim: str, label: str
) -> None:
    """A month is 28 to 31 days: "one month" against "thirty (30) days" is not the
    quote's own term, nor a different one; "two months" is."""
    quote = (
        "Oricare parte poate denunța contractul cu un preaviz de 30 de zile."
        if "preaviz" in claim
        else "Either party may terminate this Agreement upon thirty (30) days written notice."
    )
    decision = decide_support(claim, quote, judge=judge)
    assert decision.label == label
    if label == "insufficient":
        assert "not a fixed number of days" in decision.checks[-1].reason
