"""Legal synonyms: a question's word held by another word of its group, in its language."""

from __future__ import annotations

from letadesk.answer.relevance import question_topic, relevance
from letadesk.families import synonyms


def test_a_word_holds_its_group_in_its_own_language_only() -> None:
    assert synonyms("minte", "ro") >= synonyms("mincinoasa", "ro")
    assert synonyms("solutioneaza", "ro") >= synonyms("judeca", "ro")
    assert synonyms("contract", "ro") == frozenset()
    # English has no groups (measured, not shipped: see the module)
    assert synonyms("transfer", "en") == synonyms("assign", "en") == frozenset()


def test_romanian_groups_keep_employee_and_employer_apart() -> None:
    """The short Romanian stems would join "angajat" and "angajator"; families do not."""
    assert not synonyms("salariatul", "ro") & synonyms("angajatorul", "ro")
    assert synonyms("patronul", "ro") & synonyms("angajatorul", "ro")


def test_a_question_is_held_by_the_words_the_text_uses() -> None:
    witness = question_topic("Ce pedeapsă are martorul care minte în instanță?")
    article = "Mărturia mincinoasă a martorului în instanță se pedepsește cu închisoare."
    assert relevance(witness, article) == 1.0
    driver = question_topic("Ce riscă șoferul care pleacă de la locul accidentului?")
    leaving = "Părăsirea locului accidentului de către conducătorul vehiculului se pedepsește."
    assert relevance(driver, leaving) == 1.0
    # "Cât costă serviciile?": the contract states the price as a fee ("onorariu")
    cost = question_topic("Cât costă serviciile?")
    fee = "Beneficiarul plătește Prestatorului pentru servicii un onorariu lunar de 5.000 lei."
    assert relevance(cost, fee) == 1.0
    assert relevance(question_topic("Care este prețul serviciilor?"), fee) == 1.0
