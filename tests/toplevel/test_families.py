"""Romanian word families (simplemma's lexicon): a verb and its long infinitive, an
irregular form and its lemma, typed with diacritics or without."""

from __future__ import annotations

import pytest

from letadesk.families import (
    MARK,
    NEGATED,
    families,
    family,
    long_infinitive,
    negated_families,
    with_diacritics,
    with_family_forms,
)
from letadesk.text import fold_lower


@pytest.mark.parametrize(
    ("forms", "name"),
    [
        ("ucide ucis uciderea", "ucide"),
        ("lovește lovit lovirea loveste", "lovi"),
        ("concediat concediază concedierea", "concedia"),
        ("părăsește părăsirea", "parasi"),
        ("construiește construirea", "construi"),
    ],
)
def test_a_verb_its_forms_and_its_long_infinitive_are_one_family(forms: str, name: str) -> None:
    for form in forms.split():
        assert family(fold_lower(form)) == {MARK + name}, form


def test_an_unknown_word_is_its_own_family_and_common_verbs_join_nothing() -> None:
    assert family("cnsc") == {MARK + "cnsc"}
    assert family("este") == frozenset()  # a form of "a fi": in every sentence
    assert family("facut") == family("fost") == frozenset()
    assert families(["uciderea", "persoane"]) == {MARK + "ucide", MARK + "persoana"}


@pytest.mark.parametrize(
    ("verb", "noun"),
    [
        ("lovi", "lovire"),
        ("concedia", "concediere"),
        ("ucide", "ucidere"),
        ("pleca", "plecare"),
        ("putea", "putere"),
        ("omor", None),
    ],
)
def test_long_infinitive(verb: str, noun: str | None) -> None:
    assert long_infinitive(verb) == noun


def test_a_query_is_searched_with_its_families_forms_after_it() -> None:
    query = "Ce riscă cineva care lovește o persoană?"
    expanded = with_family_forms(query)
    assert expanded.startswith(query)
    assert expanded.split()[-2:] == ["lovi", "lovire"]
    assert with_family_forms("Ce face angajatorul care m-a concediat").endswith(
        "concedia concediere"
    )
    # English words, and words that are their own family, add nothing
    assert with_family_forms("What is the notice period?") == "What is the notice period?"
    assert with_family_forms("What is the Effective Date?") == "What is the Effective Date?"
    assert with_family_forms("Care este pedeapsa?") == "Care este pedeapsa?"


def test_a_noun_negated_by_ne_holds_the_negated_family_apart() -> None:
    """A law says "neplata", "nerespectarea"; a client "nu plătește", "nu respectă"."""
    negated = MARK + "respecta"
    assert negated_families(["nerespectarea"]) == {NEGATED + negated}
    assert negated not in family("nerespectarea")  # "respectă" alone is not held
    assert negated_families(["neplata"]) == {NEGATED + MARK + "plata"}
    # a "ne-" word that is no negation
    assert negated_families(["nepotul", "nevoie", "neaparat", "nebun"]) == set()


def test_a_romanian_question_typed_without_diacritics_is_read_with_them() -> None:
    typed = "pot sa subinchiriez apartamentul inchiriat fara sa-l intreb pe proprietar?"
    assert with_diacritics(typed) == (
        "pot sa subînchiriez apartamentul închiriat fără sa-l întreb pe proprietar?"
    )  # "sa" stays: it is a word as typed ("sa", "să" both are)
    heirs = "trebuie s-o platim noi mostenitorii?"
    assert with_diacritics(heirs) == "trebuie s-o plătim noi moștenitorii?"
    # written with diacritics, a capital, or in English: as typed
    assert with_diacritics("Care este pedeapsa pentru furt?") == "Care este pedeapsa pentru furt?"
    assert with_diacritics("Pot sa Inchiriez?").startswith("Pot sa Inchiriez")
    english = "Which law governs this agreement and its interpretation?"
    assert with_diacritics(english) == english
