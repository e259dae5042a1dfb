"""What a contract's opening states beyond its parties (letadesk.retrieve.opening): when it
was made and when it takes effect. The question that asks it, the sentence that states
it, and the answers on real CUAD contracts (who the parties are, when the agreement was
made), whose preambles share no word the judge weighs with either question."""

from __future__ import annotations

import ast
import csv
from pathlib import Path

import pytest

from corpus_factory import make_passage
from letadesk.answer.relevance import question_topic
from letadesk.answer.scoring import LexicalScorer
from letadesk.answer.titles import LIFT, TitledScorer
from letadesk.domain import DocumentId, Fragment, FragmentId
from letadesk.retrieve.named import OPENING_CHARS
from letadesk.retrieve.opening import naming_words, opening_asked, states_asked, states_date
from letadesk.workspace import Workspace


def _at(start: int) -> Fragment:
    return Fragment(FragmentId(1), DocumentId(1), 1, start, start + 100, "", "")


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("When was this agreement signed?", "date"),
        ("When did the parties enter into this contract?", "date"),
        ("What is the date of this agreement?", "date"),
        ("Când a fost încheiat contractul?", "date"),
        ("What is the effective date?", "effective"),
        ("When does the contract take effect?", "effective"),
        ("Când intră în vigoare contractul?", "effective"),
        ("Who are the parties to this agreement?", "parties"),
        # other questions of time, and a law's entry into force, ask no opening
        ("When does the term end?", None),
        ("What is the date by which payment must be made?", None),
        ("Când intră în vigoare legea?", None),
        ("Can the agreement be terminated early?", None),
    ],
)
def test_questions_that_ask_what_an_opening_states(question: str, asked: str | None) -> None:
    assert opening_asked(question) == asked


PREAMBLE = (
    'This Agreement is made and entered into as of the 31st day of March, 1998 ("Effective '
    'Date"), by and between Excite, Inc. and CyberShop.'
)


def test_a_sentence_of_the_opening_that_holds_a_date_states_it() -> None:
    assert states_asked("date", _at(0), PREAMBLE)
    assert states_asked("date", _at(0), "SERVICES AGREEMENT entered into on October 1, 2019.")
    assert states_asked("date", _at(200), "Contract nr. 12 din 15.03.2024 încheiat între părți.")
    # the same sentence past the opening, and an opening sentence with no date, state none
    assert not states_asked("date", _at(OPENING_CHARS), PREAMBLE)
    assert not states_asked("date", _at(0), "This Agreement is made by and between A and B.")


def test_when_the_agreement_takes_effect_is_said_anywhere() -> None:
    anywhere = _at(OPENING_CHARS + 5000)
    assert states_asked("effective", anywhere, "This Agreement shall become effective on 1 May.")
    assert states_asked("effective", anywhere, 'The "Effective Date" means the Closing Date.')
    assert states_asked("effective", anywhere, "Prezentul contract intră în vigoare la semnare.")
    assert states_asked("effective", _at(0), PREAMBLE)
    # another instrument's effect, and a date past the opening, say nothing of it
    assert not states_asked("effective", anywhere, "Any amendment shall be effective upon signing.")
    assert not states_asked("effective", anywhere, "Payment is due on June 1, 2020.")


def test_the_words_searched_for_an_opening_are_those_of_its_dated_sentence() -> None:
    opening = "EXHIBIT 10.1\nCONSULTING AGREEMENT. " + PREAMBLE
    words = naming_words("date", opening)
    assert words.startswith("this agreement made and entered into")
    assert "1998" in words.split()
    assert naming_words("date", "Article 1. Definitions. Terms have their meaning.") == ""


def test_gate2_lifts_the_dated_opening_for_a_question_of_date_only() -> None:
    preamble = make_passage(1, PREAMBLE)
    other = make_passage(2, "Either party may terminate this Agreement on 30 days notice.")
    asked = TitledScorer(LexicalScorer((), 0.5), "When was this agreement signed?")
    assert asked.passage(preamble) >= LIFT > asked.passage(other)
    plain = TitledScorer(LexicalScorer((), 0.5), "What law governs this agreement?")
    assert plain.passage(preamble) < LIFT


def test_a_date_asked_is_answered_only_by_a_sentence_that_states_one() -> None:
    relative = "3.1 This Agreement remains in force for two (2) years from the effective date."
    assert not states_date("effective", _at(OPENING_CHARS), relative)
    assert states_date("effective", _at(OPENING_CHARS), "Payment is due on June 1, 2020.")
    assert states_date("date", _at(0), PREAMBLE)
    counted = make_passage(3, relative)
    for question in ("What is the effective date?", "When was this agreement signed?"):
        scorer = TitledScorer(LexicalScorer(question_topic(question), 0.0), question)
        assert scorer.unfloored(counted) > 0.0  # its words are the question's …
        assert scorer.passage(counted) == 0.0  # … but it states no date
        assert scorer.sentence(counted, relative) == 0.0
    # a question that asks no date reads the same sentence as before
    question = "How long does the agreement remain in force?"
    term = TitledScorer(LexicalScorer(question_topic(question), 0.0), question)
    assert term.passage(counted) == term.unfloored(counted) > 0.0


# Three real contracts whose preambles name their parties and date differently: "made
# and entered into … as of January 13, 2005", "entered into by and between … on October
# 1, 2019 and is made effective as of November 1, 2019", and an amendment.
CUAD_CONTRACTS = (
    "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt",
    "ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.txt",
    "2ThemartComInc_19990826_10-12G_EX-10.10_6700288_EX-10.10_Co-Branding Agreement_ "
    "Agency Agreement.txt",
)


@pytest.mark.model
def test_real_contracts_answer_from_their_preamble(shared_data: Path, tmp_path: Path) -> None:
    """Who the parties are and when the agreement was made, each quoted with CUAD's
    annotation of the contract (a party's name, the agreement's date)."""
    cuad = shared_data / "cuad"
    with (cuad / "master_clauses.csv").open(encoding="utf-8") as f:
        rows = {Path(row["Filename"]).stem: row for row in csv.DictReader(f)}
    asked = {
        "Who are the parties to this agreement?": "Parties",
        "When was this agreement signed?": "Agreement Date",
    }
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([cuad / "txt" / name for name in CUAD_CONTRACTS], matter="C")
        for doc in ws.documents.all("C"):
            for question, column in asked.items():
                answer = ws.ask(question, matter="C", document=str(doc.id))
                assert answer.answered, (doc.path, question)
                quote = answer.claims[0].citations[0].quote
                gold = ast.literal_eval(rows[Path(doc.path).stem][column])
                assert any(value in quote for value in gold), (question, quote)
