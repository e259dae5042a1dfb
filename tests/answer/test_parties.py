"""Who the parties are (letadesk.retrieve.parties): the question that asks it, the sentence
of a contract's opening that names them, and the answer on the sample matter (on real CUAD
contracts: tests/answer/test_opening.py), with who does what a question asks
(letadesk.answer.who, tests/answer/test_who.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus_factory import make_passage
from letadesk.answer.scoring import LexicalScorer
from letadesk.answer.short import asked_kinds, find_value
from letadesk.answer.titles import LIFT, TitledScorer
from letadesk.assets import resource
from letadesk.cli import main
from letadesk.domain import DocumentId, Fragment, FragmentId
from letadesk.retrieve.named import OPENING_CHARS
from letadesk.retrieve.parties import asked_role, asks_parties, naming_words, states_parties
from letadesk.workspace import Workspace

SAMPLE = resource("sample_matter")


def _at(start: int) -> Fragment:
    return Fragment(FragmentId(1), DocumentId(1), 1, start, start + 100, "", "")


@pytest.mark.parametrize(
    "question",
    [
        "Who are the parties to this agreement?",
        "Between whom is this contract made?",
        "Which companies signed this agreement?",
        "Cine sunt părțile contractului?",
        "Între cine s-a încheiat contractul?",
        "Care sunt partile contractului de prestari servicii?",
    ],
)
def test_questions_that_ask_who_the_parties_are(question: str) -> None:
    assert asks_parties(question)


@pytest.mark.parametrize(
    "question",
    [
        "What obligations do the parties have?",
        "Can either party terminate this agreement?",
        "Ce obligații au părțile contractului?",
        "Who pays the late fee?",
    ],
)
def test_questions_about_what_the_parties_do_do_not(question: str) -> None:
    assert not asks_parties(question)


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Who is the Licensee?", "licensee"),
        ("Who is the Licensee under this agreement?", "licensee"),
        ("Cine este beneficiarul?", "beneficiar"),
        ("Cine e Prestatorul?", "prestator"),
        # more than who the party is, a name the contract may not give, the parties
        ("Who is the owner of the intellectual property?", None),
        ("Who is the escrow agent?", None),
        ("Who is Heritage?", None),
        ("Who are the parties?", None),
    ],
)
def test_a_question_that_asks_who_one_party_is(question: str, role: str | None) -> None:
    assert asked_role(question) == role


def test_gate2_lifts_the_sentence_that_names_the_party_asked() -> None:
    supplier = make_passage(1, "Alfa Ltd, hereinafter referred to as the Supplier.")
    customer = make_passage(2, "Beta LLC, hereinafter referred to as the Customer.")
    asked = TitledScorer(LexicalScorer((), 0.5), "Who is the Customer?")
    assert asked.passage(customer) >= LIFT > asked.passage(supplier)


def test_a_sentence_of_the_opening_names_the_parties() -> None:
    preamble = (
        'This Agreement is made as of August 6, 2004 (the "Effective Date") by and between '
        "TEKNIK DIGITAL ARTS INC., a Nevada corporation with offices at 7377 E."
    )  # cut at "E." before the second name, as a sentence splitter does
    assert states_parties(_at(0), preamble)
    ro = "(1) SC Exemplu Consult SRL, cu sediul în București, denumită în continuare Prestatorul."
    assert states_parties(_at(120), ro)
    assert states_parties(_at(0), "Prezentul contract se încheie între SC Alfa SRL și SC Beta SA.")
    # the same words outside the opening, and "between the parties", name no one
    assert not states_parties(_at(OPENING_CHARS), preamble)
    whole = "This Agreement constitutes the entire understanding between the parties hereto."
    assert not states_parties(_at(0), whole)
    assert not states_parties(_at(0), "The Supplier shall deliver the goods within 30 days.")


def test_the_words_searched_for_an_opening_are_those_that_name_the_parties() -> None:
    opening = (
        "EXHIBIT 10.1 CONSULTING AGREEMENT This CONSULTING AGREEMENT is hereby entered into "
        'between Gunston Consulting, LLC ("CONSULTANT") and Medalist Diversified REIT, Inc.'
    )
    words = naming_words(opening)
    assert words.startswith("agreement this consulting agreement")
    assert "gunston" in words.split()
    assert naming_words("Article 1. Definitions. Terms used herein have their meaning.") == ""


def test_gate2_lifts_the_opening_that_names_the_parties() -> None:
    preamble = make_passage(1, "This Agreement is made by and between Alfa Ltd and Beta LLC.")
    other = make_passage(2, "Either party may terminate this Agreement on 30 days notice.")
    asked = TitledScorer(LexicalScorer((), 0.5), "Who are the parties to this agreement?")
    assert asked.passage(preamble) >= LIFT
    assert asked.passage(other) < LIFT
    plain = TitledScorer(LexicalScorer((), 0.5), "What law governs this agreement?")
    assert plain.passage(preamble) < LIFT


def test_the_short_answer_is_the_parties_a_preamble_names() -> None:
    kinds = asked_kinds("Who are the parties to this agreement?")
    assert kinds == ("parties",)
    quote = (
        "This agreement is entered into as of March 31, 1998, by and between Excite, Inc. "
        '("Excite"), and CyberShop, a Delaware corporation ("Client").'
    )
    found = find_value(kinds, quote)
    assert found is not None
    assert quote[found[1] : found[2]] == (
        'Excite, Inc. ("Excite"), and CyberShop, a Delaware corporation ("Client")'
    )
    ro = "Prezentul contract se încheie între SC Alfa SRL și SC Beta SA."
    found = find_value(asked_kinds("Între cine s-a încheiat contractul?"), ro)
    assert found is not None and ro[found[1] : found[2]] == "SC Alfa SRL și SC Beta SA"
    # "between the parties" names no one
    entire = "This Agreement is the entire agreement between the parties."
    assert find_value(kinds, entire) is None


@pytest.mark.model
def test_the_sample_matter_answers_who_the_parties_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "profile"
    with Workspace.open(profile) as ws:
        ws.documents.ingest([SAMPLE], matter="S")
    for question, document, held in (
        ("Who are the parties to the NDA?", "nda_example.pdf", "Example Holdings Ltd"),
        ("Cine sunt părțile contractului?", "contract_servicii.docx", "SC Exemplu Consult SRL"),
    ):
        args = ["--data-dir", str(profile), "ask", question, "--matter", "S"]
        assert main([*args, "--document", document, "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["disposition"] == "answered", question
        assert held in answer["claims"][0]["citations"][0]["quote"]
    # the NDA's preamble names both parties: its answer leads with them
    args = ["--data-dir", str(profile), "ask", "Who are the parties to the NDA?", "--matter", "S"]
    assert main([*args, "--document", "nda_example.pdf", "--json"]) == 0
    short = json.loads(capsys.readouterr().out)["short_answer"]
    assert "Example Holdings Ltd" in short["text"] and "Sample" in short["text"]
    # one party asked by the name the contract gives it: that party's sentence alone
    args = ["--data-dir", str(profile), "ask", "Cine este beneficiarul?", "--matter", "S"]
    assert main([*args, "--json"]) == 0
    claims = json.loads(capsys.readouterr().out)["claims"]
    assert [c["citations"][0]["locator"] for c in claims] == ["art. 1 alin. (2)"]
    # who does something: the party the quote puts before the verb leads the answer
    args = ["--data-dir", str(profile), "ask", "Cine plătește serviciile?", "--matter", "S"]
    assert main([*args, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["short_answer"]["text"] == "Beneficiarul"
    assert answer["short_answer"]["kind"] == "party"
    assert answer["claims"][0]["citations"][0]["locator"] == "art. 4 alin. (1)"
