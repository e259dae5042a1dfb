"""``text.is_question``: what is asked (a question, a request) and what is a statement to
check; Gate 2's combiner, the fusion weights and the clause router read it."""

from __future__ import annotations

import pytest

from letadesk.text import is_question


@pytest.mark.parametrize(
    "text",
    [
        "Which law governs this agreement?",
        "What does this agreement say about insurance",
        "Summarize the insurance terms.",
        "List the termination rights of the licensee.",
        "Explain the cap on liability",
        "Care este termenul de plată a onorariului",
        "Enumerați obligațiile prestatorului.",
    ],
)
def test_questions_and_requests_are_asked(text: str) -> None:
    assert is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "Receiving Party shall not disclose the fact that Agreement was agreed.",
        "Some obligations of Agreement may survive termination of Agreement.",
        "Prestatorul răspunde pentru prejudiciile cauzate.",
        "insurance coverage limits",
    ],
)
def test_statements_and_keywords_are_not(text: str) -> None:
    assert not is_question(text)
