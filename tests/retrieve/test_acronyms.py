"""Acronyms the documents spell out (:mod:`letadesk.retrieve.acronyms`), and the cascade
searching with their names (real SQLite and tantivy)."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import write_text
from letadesk.cli.answer_cmds import _print_answer as print_answer
from letadesk.retrieve.acronyms import acronyms, expanded, spelt_out
from letadesk.retrieve.cascade import Retriever
from letadesk.workspace import Workspace

LAW = """LEGE nr. 7/2016 privind remediile

Articolul 1
(1) Consiliul Național de Soluționare a Contestațiilor, denumit în continuare Consiliul,
este organism independent cu activitate administrativ-jurisdicțională.

Articolul 8
(1) Persoana care se consideră vătămată se poate adresa Consiliului în termen de 10 zile
de la data luării la cunoștință a actului.

Articolul 9
(1) Agenția Națională pentru Achiziții Publice monitorizează procedurile de atribuire.
"""


def test_acronyms_are_capitals_not_roman_numerals_nor_words() -> None:
    question = "Ce prevede Titlul II despre CNSC, ANAP și ANAP-ul din Legea nr. 7?"
    assert acronyms(question) == ["CNSC", "ANAP"]
    assert acronyms("Care este termenul?") == []


def test_the_name_is_the_run_of_capitalised_words_spelling_it() -> None:
    assert spelt_out("CNSC", [LAW]) == "Consiliul Național de Soluționare a Contestațiilor"
    assert spelt_out("ANAP", [LAW]) == "Agenția Națională pentru Achiziții Publice"
    assert spelt_out("ANAF", [LAW]) is None  # not spelt out: nothing guessed


def test_the_most_frequent_spelling_wins() -> None:
    texts = ["Curtea Constituțională decide.", "Codul Civil. Codul Civil. Codul Civil."]
    assert spelt_out("CC", texts) == "Codul Civil"


def test_the_question_keeps_the_acronym_and_gains_the_name() -> None:
    names = {"CNSC": "Consiliul Național de Soluționare a Contestațiilor"}
    assert expanded("În ce termen se depune contestația la CNSC?", names) == (
        "În ce termen se depune contestația la CNSC "
        "(Consiliul Național de Soluționare a Contestațiilor)?"
    )


def test_an_acronym_with_its_romanian_article_is_an_acronym() -> None:
    """Romanian joins the article by a hyphen: "CNP-ul", "ANAF-ului"."""
    assert acronyms("Cine prelucrează CNP-ul? Ce face ANAF-ului?") == ["CNP", "ANAF"]
    assert acronyms("Un X-RAY sau un CD-ROM?") == []
    names = {"ANAF": "Agenția Națională de Administrare Fiscală"}
    assert expanded("Ce termen are ANAF-ul?", names) == (
        "Ce termen are ANAF-ul (Agenția Națională de Administrare Fiscală)?"
    )


def test_the_cascade_searches_an_unknown_acronym_by_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    write_text(folder, "lege.txt", LAW)
    ws = Workspace.open(tmp_path / "ws")
    try:
        ws.documents.ingest([folder], matter="M")
        retriever = Retriever(ws.corpus, ws.indexes)
        found = retriever.search("Când mă pot adresa la CNSC?", ws.filters("M"), k=5)
        assert found.searched == (
            "Când mă pot adresa la CNSC (Consiliul Național de Soluționare a Contestațiilor)?"
        )
        assert found.read_as == {"CNSC": "Consiliul Național de Soluționare a Contestațiilor"}
        known = retriever.search("Ce face Consiliul?", ws.filters("M"), k=5)
        assert known.searched == "Ce face Consiliul?"
        assert known.read_as == {}
    finally:
        ws.close()


@pytest.mark.model
def test_the_answer_says_how_it_read_an_acronym(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    write_text(folder, "lege.txt", LAW)
    ws = Workspace.open(tmp_path / "ws")
    try:
        ws.documents.ingest([folder], matter="M")
        answer = ws.ask("În câte zile mă pot adresa la CNSC?", matter="M")
        note = (
            "CNSC citit ca „Consiliul Național de Soluționare a Contestațiilor”, "
            "cum îl scriu documentele acestui dosar"
        )
        assert answer.readings == (note,)  # in the question's language, answered or not
        print_answer(answer, "en")
        assert capsys.readouterr().out.splitlines()[0] == f"~ {note}"  # first, in the CLI
        (entry,) = ws.audit.entries(matter="M")
        record = entry.record
        assert record["read_as"] == {"CNSC": "Consiliul Național de Soluționare a Contestațiilor"}
        assert record["final"]["readings"] == [note]
        plain = ws.ask("În câte zile mă pot adresa Consiliului?", matter="M")
        assert plain.readings == ()
    finally:
        ws.close()
