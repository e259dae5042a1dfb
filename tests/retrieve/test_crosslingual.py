"""A question asked of documents all of the other language, read in their words: the
glossary and its readings both ways, and the answers in a real workspace (real e5, real
judge): an English question answered in English with the Romanian provision quoted, a
Romanian one of an English contract answered in Romanian, an absent topic still refused,
and in a matter of both languages, a question read in the language of the documents it
names, and as before when it names none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus_factory import ingested_matter, write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.messages import message
from letadesk.domain import Answer
from letadesk.retrieve import crosslingual
from letadesk.retrieve.crosslingual import glossary, in_english, in_romanian, read_across
from letadesk.workspace import Workspace


@pytest.mark.parametrize(
    ("question", "holds"),
    [
        ("What is the penalty for theft?", ("pedeapsă", "furt")),
        # a phrase before its words; a plural and a past form by their base
        ("Is it a crime not to pay child support?", ("infracțiune", "pensie de întreținere")),
        ("Who punishes thefts?", ("pedepsi", "furt")),
        # a possessive is the word; a number and an acronym are kept as typed
        ("Can a person's CNP be processed for 30 days?", ("persoană", "CNP", "30", "zile")),
    ],
)
def test_a_question_is_written_in_romanian_words(question: str, holds: tuple[str, ...]) -> None:
    read = in_romanian(question)
    assert read is not None and read.endswith("?")
    for words in holds:
        assert words in read


def test_a_question_of_words_the_glossary_does_not_know_is_not_read() -> None:
    # none of "zoning", "variances", "bylaws", "grandfather" is known
    assert in_romanian("Which zoning variances do the bylaws grandfather?") is None
    assert in_romanian("What is it?") is None  # no content word at all


@pytest.mark.parametrize(
    ("question", "holds"),
    [
        # words by their family: "prelungește" a form of "prelungi", "contractul" of
        # "contract"; a function word without English ("se") left out
        ("Se prelungește contractul automat?", ("Renew", "contract", "automatic")),
        ("Ce lege guvernează acest contract?", ("law", "governs", "this contract")),
    ],
)
def test_a_romanian_question_is_written_in_english_words(
    question: str, holds: tuple[str, ...]
) -> None:
    read = in_english(question)
    assert read is not None and read.endswith("?")
    assert " se " not in f" {read} "
    for words in holds:
        assert words in read


@pytest.mark.parametrize(
    ("question", "holds"),
    [
        # a citation is kept whole, as Romanian writes it: the search finds it by it
        ("Under Law 50/1991, who issues building permits?", "Legea nr. 50/1991"),
        ("Under the Labour Code, how long can the probation period last?", "Codul muncii"),
        (
            "What is the penalty under art. 228(1) of the Criminal Code?",
            "art. 228 alin. (1) din Codul penal",
        ),
    ],
)
def test_a_citation_is_read_as_a_romanian_citation(question: str, holds: str) -> None:
    read = in_romanian(question)
    assert read is not None and holds in read


def test_a_citation_in_a_romanian_question_is_kept_whole() -> None:
    read = in_english("Potrivit art. 5 din Legea nr. 544/2001, care este termenul?")
    assert read is not None and "art. 5 din Legea nr. 544/2001" in read


def test_every_unit_of_a_list_or_range_of_citations_is_kept() -> None:
    read = in_romanian("What penalty do articles 228-230 of the Criminal Code set for theft?")
    assert read is not None
    assert all(f"art. {n} din Codul penal" in read for n in (228, 229, 230))
    # an English contract's section stays as written, not a Romanian "art."
    section = in_romanian("What does Section 3.1 say about the term?")
    assert section is not None and "Section 3.1" in section


def test_a_romanian_word_may_be_read_from_a_second_rendering() -> None:
    # "agreement = contract | acord": an English question reads "contract", a Romanian
    # "acordului" reads "agreement" (not "grant", whose "acorda" shares its stem)
    assert glossary()[("agreement",)] == ("contract", "acord")
    assert "contract" in (in_romanian("Who signed the agreement?") or "")
    read = in_english("Care este durata acordului?")
    assert read is not None and "agreement" in read and "grant" not in read


def test_a_question_is_read_across_only_where_every_document_is_of_the_other_language() -> None:
    theft = "What is the penalty for theft?"
    assert read_across(theft, "en", {"ro"}) == (in_romanian(theft), "ro")
    assert read_across(theft, "en", {"ro", ""}) is not None  # a document of no language
    assert read_across(theft, "en", {"ro", "en"}) is None  # a matter of both
    assert read_across(theft, "en", {"en"}) is None
    renewal = "Se prelungește contractul automat?"
    assert read_across(renewal, "ro", {"en"}) == (in_english(renewal), "en")
    assert read_across(renewal, "ro", {"ro"}) is None


def test_the_glossary_names_each_phrase_once_and_reads_every_line() -> None:
    path = Path(crosslingual.__file__).with_name("glossary_en_ro.txt")
    entries = [
        line.partition("=")[0].strip().lower()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert all(entries), "a line without an English phrase"
    assert len(entries) == len(set(entries)), "an English phrase written twice"
    assert len(glossary()) == len(entries)


CODE = """CODUL PENAL din 17 iulie 2009

Articolul 188 - Omorul
(1) Uciderea unei persoane se pedepseşte cu închisoare de la 10 la 20 de ani şi
interzicerea exercitării unor drepturi.

Articolul 228 - Furtul
(1) Luarea unui bun mobil din posesia sau detenţia altuia, fără consimţământul
acestuia, în scopul de a şi-l însuşi pe nedrept, se pedepseşte cu închisoare de la 6
luni la 3 ani sau cu amendă.

Articolul 295 - Delapidarea
(1) Însuşirea, folosirea sau traficarea de către un funcţionar public, în interesul
său ori pentru altul, de bani, valori sau alte bunuri pe care le gestionează sau le
administrează se pedepseşte cu închisoarea de la 2 la 7 ani.
"""

NDA = """MUTUAL NON-DISCLOSURE AGREEMENT

1. Term. This Agreement remains in force for three (3) years.

2. Law. This Agreement is governed by the laws of the State of New York.
"""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    root = tmp_path_factory.mktemp("crosslingual")
    workspace = ingested_matter(root, {"codul_penal.txt": CODE}, matter="RO")
    nda = write_text(root / "en", "nda.txt", NDA)
    workspace.documents.ingest([root / "docs" / "codul_penal.txt", nda], matter="MIXED")
    workspace.documents.ingest([nda], matter="EN")
    return workspace


@pytest.mark.model
def test_an_english_question_is_answered_from_the_romanian_code_in_english(
    ws: Workspace,
) -> None:
    answer = ws.ask("What is the penalty for theft?", matter="RO", options=AskOptions())
    assert answer.answered and answer.language == "en"
    citation = answer.claims[0].citations[0]
    assert re.match(r"art\. 228 alin\. \(1\)", citation.locator)
    assert "se pedepseşte cu închisoare de la 6" in citation.quote  # verbatim, Romanian
    # the answer says how the question was read
    assert answer.readings and "read in Romanian as" in answer.readings[0]
    assert "furt" in answer.readings[0]


@pytest.mark.model
def test_an_absent_topic_asked_in_english_is_refused_in_english(ws: Workspace) -> None:
    answer = ws.ask("What VAT rate applies to restaurant services?", matter="RO")
    assert not answer.answered
    assert answer.reason.startswith(message("no_source", "en"))


@pytest.mark.model
def test_a_matter_with_an_english_document_is_asked_as_before(ws: Workspace) -> None:
    answer = ws.ask("What is the penalty for theft?", matter="MIXED", options=AskOptions())
    assert not any("read in Romanian" in r for r in answer.readings)


@pytest.mark.model
def test_a_question_naming_documents_of_the_other_language_is_read_in_theirs(
    ws: Workspace,
) -> None:
    """In a matter of both languages, the documents a question names are those asked."""
    theft = ws.ask(
        "Under the Criminal Code, what is the penalty for theft?",
        matter="MIXED",
        options=AskOptions(),
    )
    assert theft.answered and theft.language == "en"
    assert theft.readings and "Codul penal" in theft.readings[0]
    assert re.match(r"art\. 228 alin\. \(1\)", theft.claims[0].citations[0].locator)
    term = ws.ask(
        "Care este durata acordului de confidențialitate?", matter="MIXED", options=AskOptions()
    )
    _answered_in_romanian_from_english(term, "three (3) years")


@pytest.mark.model
def test_a_romanian_question_of_an_english_contract_is_answered_in_romanian(
    ws: Workspace,
) -> None:
    answer = ws.ask("Ce lege guvernează acest contract?", matter="EN", options=AskOptions())
    _answered_in_romanian_from_english(answer, "laws of the State of New York")


def _answered_in_romanian_from_english(answer: Answer, quoted: str) -> None:
    """Answered in Romanian, quoting ``quoted`` of the English text, read in English."""
    assert answer.answered and answer.language == "ro"
    assert quoted in answer.claims[0].citations[0].quote
    assert answer.readings and "citită în engleză" in answer.readings[0]
