"""Litere stay inside their alineat's fragment: a question naming one finds that
fragment by exact reference and is answered with the litera's own text; a litera the
act lacks is refused by the presupposition check."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.domain import Answer, Passage
from letadesk.workspace import Workspace

LEGEA_98 = """LEGEA nr. 98 din 19 mai 2016 privind achiziţiile publice

Articolul 164
(1) Autoritatea contractantă exclude din procedura de atribuire orice operator economic
despre care a stabilit că a fost condamnat definitiv pentru comiterea uneia dintre
următoarele infracţiuni:
a) constituirea unui grup infracţional organizat, în forma prevăzută de lege;
b) infracţiuni de corupţie săvârşite de funcţionari publici sau de alte persoane;
c) infracţiuni împotriva intereselor financiare ale Uniunii Europene.
(2) Autoritatea contractantă exclude şi operatorul economic care nu şi-a îndeplinit
obligaţiile de plată a impozitelor şi a contribuţiilor sociale.

Articolul 165
Ofertantul poate dovedi că a luat măsuri suficiente pentru a-şi demonstra credibilitatea:
a) a despăgubit orice prejudiciu cauzat prin infracţiunea săvârşită;
b) a clarificat pe deplin faptele, colaborând activ cu autorităţile de anchetă.

Articolul 166
Pedepsele principale sunt:
a) detenţiunea pe viaţă;
b) închisoarea;
c) amenda.
"""

ALIN_1 = "art. 164 alin. (1)"
LIT_B = "b) infracţiuni de corupţie săvârşite de funcţionari publici sau de alte persoane;"


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("litera")
    workspace = Workspace.open(root / "ws")
    workspace.settings = replace(workspace.settings, embedder="minilm")  # fastest for tests
    workspace.documents.ingest(
        [write_text(root / "docs", "legea_98-2016.txt", LEGEA_98)], matter="M"
    )
    yield workspace
    workspace.close()


def named(ws: Workspace, question: str) -> list[Passage]:
    return [p for p in ws.search(question, matter="M", k=5) if p.via == "reference"]


def ask(ws: Workspace, question: str) -> Answer:
    return ws.ask(question, matter="M", options=AskOptions(generate=False, language="ro"))


def test_the_corpus_keeps_litere_inside_their_alineat(ws: Workspace) -> None:
    [doc] = ws.documents.all("M")
    locators = ws.corpus.locators_of(doc.id)
    assert ALIN_1 in locators and not any("lit." in loc for loc in locators)


# ---- retrieval: the fragment that holds the litera -------------------------------------


def test_a_litera_of_an_alineat_finds_the_alineat_fragment(ws: Workspace) -> None:
    [passage] = named(ws, "Ce prevede art. 164 alin. (1) lit. b) din Legea nr. 98/2016?")
    assert passage.fragment.locator == ALIN_1 and passage.letters == ("b",)
    assert LIT_B in passage.fragment.text


def test_a_litera_of_an_article_without_alineate_finds_the_article(ws: Workspace) -> None:
    [passage] = named(ws, "Ce prevede art. 165 lit. a) din Legea nr. 98/2016?")
    assert passage.fragment.locator == "art. 165" and passage.letters == ("a",)
    # alin. (1) of a single-paragraph article is the article itself
    [first] = named(ws, "Ce prevede art. 165 alin. (1) lit. b) din Legea 98/2016?")
    assert first.fragment.id == passage.fragment.id and first.letters == ("b",)


def test_two_litere_of_one_alineat_are_one_passage(ws: Workspace) -> None:
    [passage] = named(ws, "art. 164 alin. (1) lit. a) și c) din Legea nr. 98/2016")
    assert passage.fragment.locator == ALIN_1 and passage.letters == ("a", "c")


@pytest.mark.parametrize(
    "question",
    [
        "Ce prevede art. 164 alin. (1) lit. f)?",  # no such litera written in the alineat
        "Ce prevede art. 164 alin. (3) lit. a)?",  # no such alineat: the article is not it
        "Ce prevede art. 165 alin. (2)?",  # only alin. (1) of an undivided article is it
    ],
)
def test_a_unit_no_fragment_holds_finds_no_passage_by_reference(
    ws: Workspace, question: str
) -> None:
    assert named(ws, question) == []


# ---- answers: the litera's own text ------------------------------------------------------


def test_a_litera_is_answered_with_its_own_text(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevede art. 164 alin. (1) lit. b) din Legea nr. 98/2016?")
    assert answer.disposition == "answered", answer.reason
    [claim] = answer.claims
    assert claim.kind == "extracted" and claim.text == LIT_B
    [citation] = claim.citations
    assert citation.locator == f"{ALIN_1} lit. b)" and citation.quote == LIT_B  # its own unit
    assert LEGEA_98[citation.start : citation.end] == LIT_B


def test_each_named_litera_is_its_own_claim(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevăd art. 164 alin. (1) lit. a) și c) din Legea nr. 98/2016?")
    assert answer.disposition == "answered", answer.reason
    assert [c.text[:2] for c in answer.claims] == ["a)", "c)"]
    assert [c.citations[0].locator for c in answer.claims] == [
        f"{ALIN_1} lit. a)",
        f"{ALIN_1} lit. c)",
    ]


def test_a_litera_too_short_to_quote_gives_the_fragment_sentences(ws: Workspace) -> None:
    answer = ask(ws, "Care sunt pedepsele de la art. 166 lit. c) din Legea nr. 98/2016?")
    assert answer.disposition == "answered", answer.reason
    assert all(c.citations[0].locator == "art. 166" for c in answer.claims)
    assert "c) amenda." not in [c.text for c in answer.claims]


def test_a_missing_litera_is_refused_by_the_presupposition_check(ws: Workspace) -> None:
    answer = ask(ws, "Ce prevede art. 164 alin. (1) lit. f) din Legea nr. 98/2016?")
    assert answer.disposition == "refused" and not answer.claims
    assert answer.reason == (
        "Prevedere inexistentă: art. 164 alin. (1) din Legea nr. 98/2016 "
        "nu are lit. f); literele sale sunt a)–c)"
    )
