"""The retrieval cascade on a real workspace: exact references first, then the
documents the question names, then the whole matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import ingested_matter, write_text
from letadesk.references import parse_references
from letadesk.retrieve.cascade import Retriever
from letadesk.retrieve.named import proper_names, title_initials, without_names
from letadesk.workspace import Workspace

BIRCH = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made between Birch Quartz Industries Ltd. and Mount
Halcyon Traders Inc.

1. Term. The term of this Agreement is two years from the effective date.

2. Law. This Agreement is governed by the laws of the State of New York.
"""

ZEPHYR = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made between Zephyr Lantern Corp. and Orchid Basalt LLC.

1. Governing law. The governing law of this Agreement is the law of Delaware; the
governing law clause governs the agreement and any dispute on which law governs it.

2. Term. The term of this Agreement is five years.
"""

LEGEA_544 = """LEGEA nr. 544 din 12 octombrie 2001 privind liberul acces la informațiile
de interes public

Articolul 7
(1) Autoritățile și instituțiile publice au obligația să răspundă în scris la solicitarea
informațiilor de interes public în termen de 10 zile.
"""

LEGEA_OTHER = """LEGEA nr. 77 din 3 mai 2010 privind petițiile

Articolul 8
(1) Autoritățile răspund în scris la petiții și la solicitarea informațiilor în termen de
10 zile, termen de răspuns la solicitarea informațiilor, răspuns în scris la solicitare.
"""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    root = tmp_path_factory.mktemp("cascade")
    return ingested_matter(
        root,
        {
            "birch_distribution.txt": BIRCH,
            "zephyr_distribution.txt": ZEPHYR,
            "legea_544-2001.txt": LEGEA_544,
            "legea_77-2010.txt": LEGEA_OTHER,
        },
    )


def _file(ws: Workspace, doc_id: int) -> str:
    return Path(ws.documents.find(str(doc_id)).path).name


def test_a_question_naming_the_parties_searches_no_other_contract(ws: Workspace) -> None:
    question = "Which law governs the agreement between Birch Quartz and Mount Halcyon?"
    retrieved = Retriever(ws.corpus, ws.indexes).search(question, ws.filters("M"), k=5)
    assert [_file(ws, d) for d in retrieved.named] == ["birch_distribution.txt"]
    first = retrieved.passages[0]
    assert first.via == "named" and "New York" in first.fragment.text
    # no other contract: Zephyr's governing-law clause, the better lexical match over
    # the matter, is not the law of the agreement asked about (the acts of law may follow)
    files = {_file(ws, p.document.id) for p in retrieved.passages}
    assert "zephyr_distribution.txt" not in files


def test_without_names_the_whole_matter_is_searched(ws: Workspace) -> None:
    retrieved = Retriever(ws.corpus, ws.indexes).search(
        "Which law governs the agreement?", ws.filters("M"), k=5
    )
    assert retrieved.named == []
    assert {p.via for p in retrieved.passages} == {"hybrid"}
    assert "Delaware" in retrieved.passages[0].fragment.text  # the better lexical match


def test_a_question_naming_an_act_searches_that_act_first(ws: Workspace) -> None:
    question = "În cât timp trebuie să răspundă instituția, potrivit Legii nr. 544/2001?"
    retrieved = Retriever(ws.corpus, ws.indexes).search(question, ws.filters("M"), k=5)
    assert [_file(ws, d) for d in retrieved.named] == ["legea_544-2001.txt"]
    assert retrieved.passages[0].via == "named"
    assert "544" in retrieved.passages[0].document.title


def test_an_exact_reference_still_comes_first(ws: Workspace) -> None:
    question = "Ce prevede art. 8 din Legea nr. 77/2010 despre răspuns?"
    passages = ws.search(question, matter="M", k=5)
    assert passages[0].via == "reference" and passages[0].fragment.locator.startswith("art. 8")


def test_names_not_in_the_matter_name_nothing(ws: Workspace) -> None:
    question = "Which law governs the agreement between Acme Rockets and Wile Coyote?"
    assert Retriever(ws.corpus, ws.indexes).search(question, ws.filters("M")).named == []


def test_a_search_limited_to_one_document_ignores_names(ws: Workspace) -> None:
    zephyr = next(d for d in ws.documents.all("M") if d.path.endswith("zephyr_distribution.txt"))
    question = "Which law governs the agreement between Birch Quartz and Mount Halcyon?"
    passages = ws.search(question, matter="M", document=str(zephyr.id), k=5)
    assert passages and all(p.document.id == zephyr.id for p in passages)


@pytest.mark.parametrize(
    ("query", "names"),
    [
        (
            "Consider the NDA between Oisair Project and Acme Corp.; what is confidential?",
            {"oisair", "project", "acme"},
        ),
        ("Birch Quartz: which law governs?", {"quartz"}),  # "Birch" starts the sentence
        ("Is the license irrevocable or perpetual?", set()),
        ("Care este termenul de preaviz potrivit Codului muncii?", {"codului"} - {"codului"}),
    ],
)
def test_proper_names(query: str, names: set[str]) -> None:
    assert proper_names(query) == names


@pytest.mark.parametrize(
    ("query", "stripped"),
    [
        (
            "Which law governs the agreement between Birch Quartz and Mount Halcyon?",
            "Which law governs the agreement between and",
        ),
        (
            "În cât timp răspunde instituția, potrivit Legii nr. 544/2001?",
            "În cât timp răspunde instituția, potrivit ?",
        ),
        ("Legea nr. 544/2001", "Legea nr. 544/2001"),  # nothing would be left
    ],
)
def test_without_names(query: str, stripped: str) -> None:
    assert without_names(query, parse_references(query)) == stripped


@pytest.mark.parametrize(
    ("title", "initials"),
    [
        ("Mutual Non-Disclosure Agreement (FICTIONAL)", ("MNDAF",)),
        ("MASTER SERVICES AGREEMENT", ("MSA",)),
        (
            "LEGE nr. 101 din 19 mai 2016 privind remediile ... pentru organizarea şi "
            "funcţionarea Consiliului Naţional de Soluţionare a Contestaţiilor",
            ("L", "CNSC"),
        ),
        ("CODUL PENAL din 17 iulie 2009", ("CP",)),
    ],
)
def test_title_initials(title: str, initials: tuple[str, ...]) -> None:
    assert title_initials(title) == initials


def test_an_acronym_of_a_title_names_its_document(tmp_path: Path) -> None:
    """ "the NDA" names the matter's one non-disclosure agreement; an acronym no title
    spells, or one that every document's title spells, names none."""
    docs = tmp_path / "docs"
    write_text(docs, "nda.txt", "MUTUAL NON-DISCLOSURE AGREEMENT\n\n" + BIRCH.split("\n", 2)[2])
    write_text(docs, "zephyr_distribution.txt", ZEPHYR)
    with Workspace.open(tmp_path / "ws") as workspace:
        workspace.documents.ingest([docs], matter="M")
        retriever = Retriever(workspace.corpus, workspace.indexes)
        named = retriever.search("Which law governs the NDA?", workspace.filters("M")).named
        assert [_file(workspace, d) for d in named] == ["nda.txt"]
        assert retriever.search("Which law governs the MSA?", workspace.filters("M")).named == []
