"""Codul penal (../shared) re-rendered the ways firms hold a code (tests/law_renderings.py):
in every rendering each quote is cited by its own unit, and exact questions to an
alineat or a litera are answered with that unit. Skipped without ../shared/data."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

import law_renderings as lr
from letadesk.answer.ask import AskOptions
from letadesk.answer.scoring import candidate_sentences
from letadesk.ingest.readers import read_document
from letadesk.ingest.units import unit_at
from letadesk.workspace import Workspace

pytestmark = pytest.mark.shared_data

FIRST, LAST = 180, 260  # for the questions: crimes against persons and property


@pytest.fixture(scope="module")
def code(shared_data: Path) -> list[lr.Article]:
    return lr.read_code(shared_data / "ro" / lr.CODUL_PENAL, 1, 446)


def rendered(code: list[lr.Article], rendering: str, folder: Path) -> Path:
    name = "codul_penal" + lr.SUFFIX.get(rendering, ".txt")
    return lr.write(lr.numbered(code, rendering), rendering, folder / name)


@pytest.mark.parametrize("rendering", lr.RENDERINGS)
def test_every_quote_cites_its_own_unit(
    code: list[lr.Article], rendering: str, tmp_path: Path
) -> None:
    doc = read_document(rendered(code, rendering, tmp_path))
    units = lr.truth_units(lr.numbered(code, rendering), doc.text)
    wrong, quotes = [], 0
    for f in doc.fragments:
        for sentence in candidate_sentences(f.text):
            at = f.text.index(sentence)
            cited = unit_at(f.locator, f.text, at, at + len(sentence))
            own = lr.own_unit(units, f.start + at, f.start + at + len(sentence))
            quotes += 1
            if cited != own:
                wrong.append((cited, own, sentence[:60]))
    assert quotes > 1500 and wrong == []


@pytest.mark.parametrize("rendering", lr.RENDERINGS)
def test_no_heading_or_marginal_title_inside_a_quote(
    code: list[lr.Article], rendering: str, tmp_path: Path
) -> None:
    doc = read_document(rendered(code, rendering, tmp_path))
    titles = {a.title for a in code} | {h for a in code for h in a.headings}
    for f in doc.fragments:
        for sentence in candidate_sentences(f.text):
            first_line = sentence.split("\n", 1)[0]
            assert not any(first_line.startswith(t + " (") for t in titles), sentence[:80]
            assert not any(line in titles for line in sentence.splitlines()), sentence[:80]


@pytest.fixture(scope="module")
def matters(
    code: list[lr.Article], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Workspace]:
    """One matter per rendering, each holding articles FIRST..LAST of Codul penal."""
    root = tmp_path_factory.mktemp("renderings")
    ws = Workspace.open(root / "ws")
    ws.settings = replace(ws.settings, embedder="minilm")
    part = [a for a in code if FIRST <= int(a.number) <= LAST]
    for rendering in lr.RENDERINGS:
        ws.documents.ingest([rendered(part, rendering, root / rendering)], matter=rendering)
    yield ws
    ws.close()


def label(code: list[lr.Article], rendering: str, number: str) -> str:
    """The number article ``number`` of the code bears in ``rendering``."""
    part = [a for a in code if FIRST <= int(a.number) <= LAST]
    index = next(i for i, a in enumerate(part) if a.number == number)
    return lr.numbered(part, rendering)[index].number


QUESTIONS = [  # (article, unit after the article, the words the quote holds)
    ("228", "alin. (1)", "Luarea unui bun mobil din posesia"),
    ("229", "alin. (1) lit. b)", "în timpul nopţii"),
    ("226", "alin. (4) lit. a)", "de către cel care a participat"),
    ("188", "alin. (1)", "Uciderea unei persoane"),
    ("233", "", "Furtul săvârşit prin întrebuinţarea de violenţe"),
]


@pytest.mark.parametrize("rendering", lr.RENDERINGS)
@pytest.mark.parametrize(("article", "unit", "words"), QUESTIONS)
def test_exact_questions_are_answered_with_their_unit(
    code: list[lr.Article],
    matters: Workspace,
    rendering: str,
    article: str,
    unit: str,
    words: str,
) -> None:
    locator = f"art. {label(code, rendering, article)} {unit}".strip()
    answer = matters.ask(
        f"Ce prevede {locator} din Codul penal?",
        matter=rendering,
        options=AskOptions(generate=False, judge=False),
    )
    assert answer.disposition == "answered", answer.reason
    cited = [c for claim in answer.claims for c in claim.citations]
    assert cited and all(c.locator == locator for c in cited), [c.locator for c in cited]
    assert any(words in c.quote for c in cited)


CODUL_CIVIL = "codes_original/codul_civil_L287-2009_forma_initiala_MO511-2009.txt"


def test_published_slips_are_read_as_the_law_is(shared_data: Path) -> None:
    """Codul civil as first published prints art. 525's alin. (2) on alin. (1)'s line and
    art. 2.448 inside art. 2.447's last line: each quote still cites its own unit, in the
    published file itself and in the fixture parser's truth."""
    doc = read_document(shared_data / "ro" / CODUL_CIVIL)
    cited = {}
    for f in doc.fragments:
        for sentence in candidate_sentences(f.text):
            at = f.text.index(sentence)
            cited[sentence[:40]] = unit_at(f.locator, f.text, at, at + len(sentence))
    assert cited["(2) Cu toate acestea, în cazul în care p"] == "art. 525 alin. (2)"
    assert cited["(1) Un creditor ipotecar nu poate cumpăr"] == "art. 2448 alin. (1)"
    assert not any(s.startswith("Cumpărarea de către creditor") for s in cited)
    assert cited["b) prin vânzare directă, însă numai dacă"] == "art. 2448 alin. (1) lit. b)"
    truth = {a.number: a for a in lr.read_code(shared_data / "ro" / CODUL_CIVIL, 525, 2448)}
    assert [i.label for i in truth["525"].items] == ["1", "2"]
    assert truth["2448"].title == "Cumpărarea de către creditor"
    assert truth["2447"].items[-1].text.endswith("în condiţiile art. 2.435-2.444.")
