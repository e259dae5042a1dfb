"""The sentences Gate 2 scores and the extractor may quote (``candidate_sentences``,
``scored_units``)."""

from __future__ import annotations

from collections.abc import Sequence

from corpus_factory import make_passage
from letadesk.answer.extract import extract_claims
from letadesk.answer.scoring import MAX_SENTENCE_CHARS, candidate_sentences, scored_units
from letadesk.domain import Passage

LEAD_IN = (
    "This Agreement may be terminated by either party upon written notice, if the other party:"
)
ITEM = "(a) commits a material breach of this Agreement and fails to cure it within thirty days;"
ITEM_B = "(b) becomes insolvent or makes an assignment for the benefit of its creditors."


def test_a_lead_in_is_quoted_with_its_first_item_verbatim() -> None:
    text = f"{LEAD_IN}\n{ITEM}\n{ITEM_B}"
    got = candidate_sentences(text)
    assert got[0] == f"{LEAD_IN}\n{ITEM}"  # the conditions travel with the lead-in
    assert got[0] in text  # a verbatim span of the fragment, so it can be highlighted
    assert LEAD_IN not in got  # never alone
    assert got[1:] == [ITEM, ITEM_B]  # the items stay candidates of their own


def test_a_romanian_alineat_lead_in_takes_its_first_litera() -> None:
    text = (
        "(1) Contractul poate fi denunțat unilateral:\na) de beneficiar, cu preaviz de 30 de zile;"
    )
    assert candidate_sentences(text)[0] == text


def test_a_lead_in_too_long_to_join_stays_alone_and_the_last_sentence_is_kept() -> None:
    long_item = "(a) " + "the Supplier shall deliver the goods on time " * 30 + "."
    assert len(LEAD_IN) + len(long_item) > MAX_SENTENCE_CHARS
    assert candidate_sentences(f"{LEAD_IN}\n{long_item}") == [LEAD_IN]
    assert candidate_sentences(f"Intro sentence that is long enough. {LEAD_IN}") == [
        "Intro sentence that is long enough.",
        LEAD_IN,
    ]


DEFINITION = (
    "“Confidential Information” means any and all information and know-how that the "
    "Discloser may from time to time disclose to the Recipient, whether orally, in writing "
    + "or in any other medium, including data, designs, drawings and notes, " * 20
    + "and computer software of the Discloser."
)


class ScriptedScorer:
    """Every unit scores 0.9 against a bar of 0.5: what Gate 2 passed."""

    name = "scripted"
    threshold = 0.5
    clause_types: tuple[str, ...] = ()

    def passage(self, passage: Passage) -> float:
        units = scored_units(passage.fragment.text)
        return max((self.sentence(passage, t) for t in units), default=0.0)

    def sentence(self, passage: Passage, text: str) -> float:
        return 0.9

    def prepare(self, passages: Sequence[Passage]) -> None:
        """Nothing to read ahead."""


def test_a_fragment_of_one_overlong_sentence_is_quoted_whole() -> None:
    """A definition longer than MAX_SENTENCE_CHARS has no candidate sentence; Gate 2
    scores the fragment's whole text, so the extractor must quote that text, not refuse
    ("no claim could be grounded") after Gate 2 passed it."""
    assert len(DEFINITION) > MAX_SENTENCE_CHARS and candidate_sentences(DEFINITION) == []
    assert scored_units(DEFINITION) == [DEFINITION]
    [claim] = extract_claims(ScriptedScorer(), [make_passage(7, DEFINITION, title="NDA")])
    assert claim.text == DEFINITION and claim.evidence[0].quote == DEFINITION


def test_a_lead_in_is_not_joined_across_a_consolidation_note() -> None:
    text = (
        "(1) Calitatea de deputat este incompatibilă cu următoarele funcții:\n"
        "(la 05-05-2017, Partea introductivă a Alineatului (1) din Articolul 82 a fost "
        "modificată de Punctul 1, ARTICOL UNIC din LEGEA nr. 87 din 28 aprilie 2017, publicată "
        "în MONITORUL OFICIAL nr. 313 din 02 mai 2017) a) funcția de președinte al societății;"
    )
    quotes = candidate_sentences(text)
    assert quotes == [
        "(1) Calitatea de deputat este incompatibilă cu următoarele funcții:",
        "a) funcția de președinte al societății;",
    ]


# A long consolidation note split from its alineat into a fragment of its own (as the
# chunker stores art. 82 alin. (1) of Legea nr. 303/2004, consolidated).
NOTE_ONLY = (
    "(la 18-10-2018, Alineatul (1) din Articolul 82, Titlul III a fost modificat de "
    "Punctul 142, Articolul I din LEGEA nr. 242 din 12 octombrie 2018, publicată în "
    "MONITORUL OFICIAL nr. 868 din 15 octombrie 2018) Notă Decizie de admitere: RIL nr. "
    "3/2024, publicată în Monitorul Oficial nr. 422 din 9 mai 2024: În interpretarea și "
    "aplicarea unitară a prevederilor art. 38 alin. (6) din Legea-cadru nr. 153/2017 "
    + "privind salarizarea personalului plătit din fonduri publice, " * 25
    + "stabilește că drepturile nu sunt incluse în cuantumul indemnizațiilor."
)


def test_a_fragment_of_notes_alone_gives_no_claim() -> None:
    """A fragment that holds only a consolidation note and the portal's editorial note
    has nothing to quote: it scores nothing and the extractor never quotes the note,
    however well its words match (a note is never the answer)."""
    assert len(NOTE_ONLY) > MAX_SENTENCE_CHARS
    assert scored_units(NOTE_ONLY) == []
    passages = [make_passage(8, NOTE_ONLY, title="LEGE nr. 303 din 28 iunie 2004")]
    assert extract_claims(ScriptedScorer(), passages) == []


def test_an_overlong_sentence_after_a_note_is_quoted_without_it() -> None:
    """The whole-text fallback quotes the text the fragment may quote, not its note."""
    note = "(la 13-07-2020, Alineatul (1) a fost modificat de Legea nr. 1/2020)\n"
    [unit] = scored_units(note + DEFINITION)
    assert unit == DEFINITION
