"""Gate 2's topic model: terms, alternatives, rarity weights, words naming the document."""

from __future__ import annotations

from collections.abc import Iterator
from unittest import mock

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.relevance import (
    question_topic,
    rarity_weight,
    relevance,
    topic_within,
    weighted,
)
from letadesk.families import MARK
from letadesk.retrieve.cascade import Retriever
from letadesk.workspace import Workspace

SUPPLY = """SUPPLY AGREEMENT

1. Delivery. The Supplier shall deliver the Products within ten days of each order.
2. Delay. For each week of delay the Supplier shall pay liquidated damages of 1% of the
price of the late Products.
3. Warranty. The Supplier warrants that the Products are free from defects.
"""
SERVICES = """SERVICES AGREEMENT

1. Services. The Provider shall perform the consulting services described in Annex A.
2. Liability. The Provider is liable for direct damages caused by its negligence.
3. Exclusions. Neither party is liable for indirect damages or lost profits.
4. Indemnity. The Provider shall indemnify the Client against damages claimed by third
parties.
"""
EXTRA = """LICENCE AGREEMENT

1. Damages. The Licensee shall pay damages for any use beyond the licence.
2. Audit. The Licensor may audit the Licensee once a year; damages found are payable.
"""


def test_words_joined_by_or_are_alternatives() -> None:
    topic = question_topic("Is liability under this agreement capped or limited?")
    assert [len(t.words) for t in topic] == [1, 2]
    assert topic[1].words == ("capped", "limited")
    assert relevance(topic, "Liability shall not exceed the fees paid; it is limited.") == 1.0
    ro = question_topic("Contractul poate fi reziliat sau denunțat unilateral?")
    assert any(len(t.words) == 2 for t in ro)


def test_the_verb_of_how_long_is_no_topic_word() -> None:
    """ "How long does it last?" asks a duration: "last" frames it, as "how long" does,
    so "After this last ID check" holds nothing of it; "the last day" still asks "last"."""
    assert [t.words for t in question_topic("How long does this licence last?")] == [("licence",)]
    assert (
        relevance(question_topic("How long does this licence last?"), "After this last ID check.")
        == 0.0
    )
    assert ("last",) in [t.words for t in question_topic("What is the last day of the term?")]


def test_rare_terms_weigh_more() -> None:
    topic = question_topic("Does this agreement provide for liquidated damages?")
    common, rare = rarity_weight(900, 1000), rarity_weight(5, 1000)
    assert 0 < common < rare
    by_word = {t.words[0]: t for t in topic}
    heavy = weighted(topic, lambda t: rare if t is by_word["liquidated"] else common)
    assert relevance(heavy, "The Provider is liable for direct damages.") < 0.5
    assert relevance(heavy, "The Supplier shall pay liquidated damages of 1%.") == 1.0


def test_the_document_title_and_its_initials_are_not_asked_of_passages() -> None:
    topic = question_topic("How can the NDA be terminated?")
    within = topic_within(topic, "Mutual Non-Disclosure Agreement")
    assert [t.words for t in within] == [("terminated",)]
    # lower case "nda" is a word, not an acronym, and stays
    assert (
        len(
            topic_within(
                question_topic("how can the nda be terminated"), "Mutual Non-Disclosure Agreement"
            )
        )
        == 2
    )
    # a question made only of the title keeps its topic
    only = question_topic("What is the Supply Agreement?")
    assert topic_within(only, "Supply Agreement") == only


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("relevance")
    for name, text in (("supply.txt", SUPPLY), ("services.txt", SERVICES), ("licence.txt", EXTRA)):
        write_text(root / "docs", name, text)
    workspace = Workspace.open(root / "profile")
    workspace.documents.ingest([root / "docs"], matter="M")
    yield workspace
    workspace.close()


def test_a_common_word_alone_does_not_answer_a_question_about_a_rare_one(ws: Workspace) -> None:
    question = "Does this agreement provide for liquidated damages?"
    options = AskOptions(generate=False)
    # "damages" is in most fragments of the matter, "liquidated" in one: the services
    # agreement, which only speaks of damages, does not answer
    services = ws.ask(question, matter="M", document="services.txt", options=options)
    assert services.disposition == "refused"
    assert "do not address the question" in services.reason
    supply = ws.ask(question, matter="M", document="supply.txt", options=options)
    assert supply.disposition == "answered"
    assert "liquidated damages of 1%" in supply.claims[0].text


def test_fragment_counts_come_from_the_lexical_index(ws: Workspace) -> None:
    filters = ws.filters("M")
    retriever = Retriever(ws.corpus, ws.indexes)
    total = retriever.fragment_count(filters)
    assert total == sum(len(ws.documents.fragments(d)) for d in ws.documents.all("M"))
    damages = retriever.fragment_count(filters, "damages")
    assert 0 < retriever.fragment_count(filters, "liquidated") < damages < total
    assert retriever.fragment_count(filters, "zzzunknown") == 0


def test_a_verb_in_the_question_is_held_by_its_noun_in_the_text() -> None:
    # "lovește" and "lovirea", "ucide" and "uciderea": one family (letadesk.families)
    topic = question_topic("Ce pedeapsă primește cel care lovește o persoană?")
    text = "Lovirea sau orice acte de violență cauzatoare de suferințe fizice se pedepsesc."
    assert relevance(topic, text) > relevance(topic, "Amenda se aplică persoanei juridice.")
    assert relevance(question_topic("Ce riscă cel care ucide?"), "Uciderea unei persoane") == 1.0
    # an English question is read by its stems alone ("date" is a Romanian word too)
    english = question_topic("What is the Effective Date?")
    assert not any(s.startswith(MARK) for term in english for s in term.stems)


def test_a_romanian_question_s_own_frame_is_not_its_topic() -> None:
    # pronouns, "cât timp", wanting and being able: asked of no passage
    topic = question_topic("Vreau să știu în cât timp îmi poate cere mie chiria acum")
    assert [t.words[0] for t in topic] == ["stiu", "cere", "chiria"]


def test_an_english_question_never_reads_the_romanian_lexicon() -> None:
    # the lexicon takes about a second to read: an English question does without it
    with mock.patch("letadesk.families._lexicon", side_effect=AssertionError("read")):
        topic = question_topic("What is the notice period for termination?")
        assert relevance(topic, "The notice period for termination is thirty days.") == 1.0


def test_a_definition_asked_with_one_verb_is_held_by_another() -> None:
    # the code defines with "se înțelege", the lawyer asks "ce înseamnă"
    topic = question_topic("Ce înseamnă concediere colectivă?")
    defined = "Prin concediere colectivă se înţelege concedierea unui număr de salariaţi."
    mentioned = "Notificarea intenţiei de concediere colectivă se face în scris."
    assert relevance(topic, defined) == 1.0
    assert relevance(topic, mentioned) < relevance(topic, defined)
    english = question_topic("What does Confidential Information mean?")
    assert relevance(english, 'As defined herein, "Confidential Information" is any data.') == 1.0
    # an entry of a definition list defines by its dash, its lead-in in another sentence
    entry = "c) concediere colectivă - concedierea a cel puțin 10 salariați în 30 de zile;"
    assert relevance(topic, entry) == 1.0


def test_a_negated_question_is_held_by_the_ne_noun_and_only_it() -> None:
    """ "nu plătește" is held by "neplata"; "patrimoniale" is not by "nepatrimonial"."""
    unpaid = question_topic("Este infracțiune să nu plătești pensia de întreținere?")
    text = "c) neplata, cu rea-credinţă, a pensiei de întreţinere este infracțiune."
    assert relevance(unpaid, text) == 1.0
    paid = question_topic("Este infracțiune să plătești pensia de întreținere?")
    assert relevance(paid, text) < 1.0
    rights = question_topic("Cât timp sunt protejate drepturile patrimoniale de autor?")
    other = "Drepturile nepatrimoniale de autor sunt protejate pe durată nelimitată."
    assert relevance(rights, other) < relevance(rights, other.replace("nepat", "pat"))
