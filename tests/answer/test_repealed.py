"""A provision whose text is "Abrogat." is answered as repealed, with the date and the
act its note names, in the question's language; an amendment note is never the answer."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.domain import Answer
from letadesk.workspace import Workspace

LEGEA_213 = """LEGE nr. 213 din 17 noiembrie 1998 privind bunurile proprietate publică

Articolul 19
(1) Bunurile proprietate publică sunt inalienabile, insesizabile și imprescriptibile.
(la 13-07-2020, Alineatul (1) din Articolul 19 a fost modificat de Punctul 2, Articolul I din \
ORDONANȚA DE URGENȚĂ nr. 114 din 9 iulie 2020, publicată în MONITORUL OFICIAL nr. 614 din 13 \
iulie 2020)
(2) Abrogat.
(la 05-07-2019, Alineatul (2) din Articolul 19 a fost abrogat de Punctul 1, Articolul 597 din \
ORDONANȚA DE URGENȚĂ nr. 57 din 3 iulie 2019, publicată în MONITORUL OFICIAL nr. 555 din 5 \
iulie 2019)

Articolul 20
Abrogat.
(la 05-07-2019, Articolul 20 a fost abrogat de Punctul 2, Articolul 597 din ORDONANȚA DE \
URGENȚĂ nr. 57 din 3 iulie 2019, publicată în MONITORUL OFICIAL nr. 555 din 5 iulie 2019)

Articolul 21
Concesionarea bunurilor proprietate publică se face prin licitație publică.
"""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("repealed")
    workspace = Workspace.open(root / "ws")
    workspace.settings = replace(workspace.settings, embedder="minilm")
    text = LEGEA_213.replace("\\\n", "")
    workspace.documents.ingest([write_text(root / "docs", "legea_213-1998.txt", text)], matter="M")
    yield workspace
    workspace.close()


def ask(ws: Workspace, question: str, language: str = "ro") -> Answer:
    return ws.ask(
        question, matter="M", options=AskOptions(generate=False, language=language, judge=False)
    )


def test_a_repealed_article_is_answered_as_repealed(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevede art. 20 din Legea nr. 213/1998?")
    assert answer.disposition == "answered", answer.reason
    [claim] = answer.claims
    assert claim.text == "Art. 20 a fost abrogat la 05-07-2019 de OUG nr. 57/2019."
    [citation] = claim.citations
    assert citation.locator == "art. 20" and citation.quote.startswith("Abrogat.\n(la 05-07-2019")


def test_in_english_for_an_english_question(ws: Workspace) -> None:
    answer = ask(ws, "What does art. 20 of Law no. 213/1998 provide?")  # interface: "ro"
    assert answer.disposition == "answered", answer.reason
    assert [c.text for c in answer.claims] == [
        "Art. 20 was repealed on 05-07-2019 by OUG nr. 57/2019."
    ]


def test_a_repealed_alineat(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevede art. 19 alin. (2) din Legea nr. 213/1998?")
    assert answer.disposition == "answered", answer.reason
    assert [c.text for c in answer.claims] == [
        "Art. 19 alin. (2) a fost abrogat la 05-07-2019 de OUG nr. 57/2019."
    ]
    assert answer.claims[0].citations[0].locator == "art. 19 alin. (2)"


def test_an_amendment_note_is_never_the_answer(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevede art. 19 alin. (1) din Legea nr. 213/1998?")
    assert answer.disposition == "answered", answer.reason
    assert [c.text for c in answer.claims] == [
        "(1) Bunurile proprietate publică sunt inalienabile, insesizabile și imprescriptibile."
    ]
    assert answer.claims[0].citations[0].locator == "art. 19 alin. (1)"


def test_a_provision_in_force_is_not_said_repealed(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevede art. 21 din Legea nr. 213/1998?")
    assert answer.disposition == "answered", answer.reason
    assert all("abrogat" not in c.text for c in answer.claims)


@pytest.mark.shared_data
def test_the_repealed_provisions_of_a_consolidated_law(shared_data: Path, tmp_path: Path) -> None:
    law = shared_data / "ro" / "laws_consolidated_2026" / "legea_101-2016_remedii.txt"
    with Workspace.open(tmp_path / "ws") as workspace:
        workspace.documents.ingest([law], matter="M")
        said = {
            question: [c.text for c in ask(workspace, question).claims]
            for question in (
                "Ce prevede art. 6 din Legea nr. 101/2016?",
                "Ce prevede art. 4 alin. (2) din Legea nr. 101/2016?",
                "Ce prevede art. 3 alin. (1) lit. e) din Legea nr. 101/2016?",
            )
        }
        amended = ask(workspace, "Ce prevede art. 3 alin. (1) lit. d) din Legea nr. 101/2016?")
    assert said == {
        "Ce prevede art. 6 din Legea nr. 101/2016?": [
            "Art. 6 a fost abrogat la 04-06-2018 de OUG nr. 45/2018."
        ],
        "Ce prevede art. 4 alin. (2) din Legea nr. 101/2016?": [
            "Art. 4 alin. (2) a fost abrogat la 22-12-2017 de OUG nr. 107/2017."
        ],
        "Ce prevede art. 3 alin. (1) lit. e) din Legea nr. 101/2016?": [
            "Art. 3 alin. (1) lit. e) a fost abrogată la 04-06-2018 de OUG nr. 45/2018."
        ],
    }
    # an amended litera: its text, cited by itself, never the note of its amendment
    [claim] = amended.claims
    assert claim.text.startswith("d) măsuri de remediere") and "(la " not in claim.text
    assert [c.locator for c in claim.citations] == ["art. 3 alin. (1) lit. d)"]
