"""``text.detect_language`` on questions typed in a hurry: Romanian without diacritics
and with few of the function words a statute uses is still Romanian, so its answer,
refusal and notes are in Romanian and its words are read by their families."""

from __future__ import annotations

import pytest

from letadesk.text import detect_language


@pytest.mark.parametrize(
    "question",
    [
        "in cat timp pot face apel impotriva unei sentinte a judecatorului sindic?",
        "m-am casatorit fiindca am fost amenintata, in cat timp pot cere anularea casatoriei?",
        "cat e alocatia pt copil pana in 2 ani acum? s-a marit?",
        "Cât timp mă poate ține în delegație fără acordul meu?",
        "art 66 alin 1 legea 85/2014",  # a reference typed alone
        "codul muncii art 41",
    ],
)
def test_an_informal_romanian_question_is_romanian(question: str) -> None:
    assert detect_language(question, min_stopwords=1) == "ro"


@pytest.mark.parametrize(
    "question",
    [
        "Can a party end this agreement without cause?",
        "Which state's law governs this contract?",
        "How much must the buyer order at least each year?",
    ],
)
def test_an_english_question_stays_english(question: str) -> None:
    assert detect_language(question, min_stopwords=1) == "en"
