"""A Romanian contract in Markdown, as a travel agency's template is written (front
matter, "## ARTICOLUL 6: …", "### 6.1. …", "2.2.", bold markers): plain questions are
answered with their own clause, markers never quoted, the value asked for leading."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from letadesk.answer.ask import AskOptions
from letadesk.workspace import Workspace

CONTRACT = Path(__file__).with_name("data") / "contract_calatorie.md"

pytestmark = pytest.mark.model  # the shipped judge reads the questions


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    workspace = Workspace.open(tmp_path_factory.mktemp("contract") / "profile")
    workspace.documents.ingest([CONTRACT], matter="C")
    yield workspace
    workspace.close()


def test_the_front_matter_titles_the_contract(ws: Workspace) -> None:
    [doc] = ws.documents.all("C")
    assert doc.title.startswith("Contract de comercializare a pachetului")


@pytest.mark.parametrize(
    ("question", "clause", "value"),
    [
        (
            "Până când trebuie plătit soldul?",
            "pct. 3.3",
            "cel târziu cu 21 de zile înainte de data plecării",
        ),
        ("Cât este avansul?", "pct. 3.2", "30%"),
        ("Care este prețul total?", "pct. 3.1", "6.480 lei"),
        ("Este inclus transportul aerian în preț?", "pct. 2.2", None),
        ("Este inclusă asigurarea medicală în preț?", "pct. 2.3", None),
        ("Care este limita răspunderii agenției?", "pct. 4.2", None),
    ],
)
def test_a_plain_question_gets_its_clause(
    ws: Workspace, question: str, clause: str, value: str | None
) -> None:
    answer = ws.ask(question, matter="C", options=AskOptions(generate=False))
    assert answer.answered, answer.reason
    assert answer.claims[0].citations[0].locator == clause
    assert not any("**" in c.quote for claim in answer.claims for c in claim.citations)
    short = answer.short_answer
    assert (short.text if short else None) == value
