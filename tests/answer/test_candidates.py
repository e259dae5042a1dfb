"""The sentences Gate 2 scores and the extractor may quote (``candidate_sentences``)."""

from __future__ import annotations

from letadesk.answer.scoring import MAX_SENTENCE_CHARS, candidate_sentences

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
