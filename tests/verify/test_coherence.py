"""Gate 4 coherence: pairwise contradictions between the claims of one answer."""

from __future__ import annotations

import pytest

from letadesk.verify.coherence import Contradiction, find_contradictions, same_subject

CONTRADICTING = [
    # (claims as (text, quote), expected (i, j), reason substring) -- English
    (
        [
            ("The tenant may terminate the agreement.", "q1"),
            ("The tenant may not terminate the agreement.", "q2"),
        ],
        (0, 1),
        'claims 1 and 2 contradict: "may" vs "may not" on "terminate the agreement"',
    ),
    (
        [
            ("The tenant shall terminate the agreement on default.", "q1"),
            ("The tenant shall not terminate the agreement on default.", "q2"),
        ],
        (0, 1),
        '"shall" vs "shall not" on "terminate the agreement"',
    ),
    (
        [
            ("The tenant must give 30 days notice of termination.", "thirty (30) days"),
            ("The tenant must give 60 days notice of termination.", "sixty (60) days"),
        ],
        (0, 1),
        'claims 1 and 2 contradict: "30 days" vs "60 days" on "notice"',
    ),
    (
        [("The deposit is EUR 1,000.", "q1"), ("The deposit is EUR 2,000.", "q2")],
        (0, 1),
        '"EUR 1,000" vs "EUR 2,000" on "deposit"',
    ),
    (
        [
            ("The lease started on 1 May 2020.", "q"),
            ("The agreement ended in 2021.", "q"),
            ("The lease started on 2020-06-01.", "q"),
        ],
        (0, 2),
        'claims 1 and 3 contradict: "1 May 2020" vs "2020-06-01"',
    ),
    # Romanian
    (
        [
            ("Chiriașul poate rezilia contractul.", "q1"),
            ("Chiriaşul nu poate rezilia contractul.", "q2"),
        ],
        (0, 1),
        '"poate" vs "nu poate" on "rezilia contractul"',
    ),
    (
        [
            ("Termenul de preaviz este de 30 de zile.", "q1"),
            ("Termenul de preaviz este de 60 de zile.", "q2"),
        ],
        (0, 1),
        '"30 de zile" vs "60 de zile" on "preaviz"',
    ),
    (
        [
            ("Vânzătorul trebuie să predea bunul.", "q1"),
            ("Vânzătorul nu trebuie să predea bunul.", "q2"),
        ],
        (0, 1),
        '"trebuie" vs "nu trebuie" on "predea bunul"',
    ),
]


@pytest.mark.parametrize(("claims", "pair", "reason"), CONTRADICTING)
def test_contradictions_are_found(
    claims: list[tuple[str, str]], pair: tuple[int, int], reason: str
) -> None:
    found = find_contradictions(claims)
    assert [(c.i, c.j) for c in found] == [pair]
    assert reason in found[0].reason


COMPATIBLE = [
    # different subjects
    [
        ("The tenant may terminate the agreement.", "q1"),
        ("The landlord shall not sublet the premises.", "q2"),
    ],
    [
        ("The tenant must give 30 days notice.", "q1"),
        ("Payment is due within 60 days of invoice.", "q2"),
    ],
    [
        ("Chiriașul poate rezilia contractul.", "q1"),
        ("Proprietarul nu poate vinde imobilul.", "q2"),
    ],
    # same subject, agreeing
    [
        ("The tenant may terminate the agreement.", "q1"),
        ("The tenant may terminate the agreement by written notice.", "q2"),
    ],
    [
        ("The tenant must give 30 days notice.", "q1"),
        ("The tenant must give thirty days notice.", "q2"),
    ],
    [
        ("Termenul de preaviz este de 30 de zile.", "q1"),
        ("Termenul de preaviz este de treizeci de zile.", "q2"),
    ],
    # "shall" then "may" of the same act: weaker, not contradictory
    [
        ("The recipient shall return the documents.", "q1"),
        ("The recipient may return the documents.", "q2"),
    ],
    # two values, but one quote carries both: the source distinguishes the cases
    [
        (
            "The tenant must give 30 days notice.",
            "The tenant gives 30 days notice and the landlord 60 days notice.",
        ),
        (
            "The landlord must give 60 days notice.",
            "The tenant gives 30 days notice and the landlord 60 days notice.",
        ),
    ],
    # one claim only, or none
    [("The tenant may terminate the agreement.", "q1")],
    [],
]


@pytest.mark.parametrize("claims", COMPATIBLE)
def test_compatible_claims_are_not_flagged(claims: list[tuple[str, str]]) -> None:
    assert find_contradictions(claims) == []


def test_each_pair_reported_once_with_indices() -> None:
    claims = [
        ("The tenant may terminate the agreement.", "q"),
        ("The tenant may not terminate the agreement.", "q"),
        ("The tenant may terminate the agreement at will.", "q"),
    ]
    found = find_contradictions(claims)
    assert [(c.i, c.j) for c in found] == [(0, 1), (1, 2)]
    assert all(isinstance(c, Contradiction) for c in found)
    assert found[1].reason.startswith("claims 2 and 3 contradict: ")


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("The tenant must give 30 days notice.", "The tenant must give 60 days notice.", True),
        ("The tenant must give notice.", "The landlord must repair the roof.", False),
        ("Chiriașul poate rezilia contractul.", "Chiriaşul nu poate rezilia contractul.", True),
    ],
)
def test_same_subject(a: str, b: str, same: bool) -> None:
    assert same_subject(a, b) is same
