"""Who holds a right: one party alone against every party, as Gate 3 reads it."""

from __future__ import annotations

import pytest

from letadesk.verify.consistency import check_consistency
from letadesk.verify.exclusive import exclusivity_problem

EITHER = "Either party may terminate this Agreement upon thirty (30) days written notice."
ORICARE = "Oricare parte poate denunța contractul cu un preaviz de 30 de zile."


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Only the Company may terminate this Agreement.", EITHER),
        ("The Company alone may terminate the Agreement.", EITHER),
        ("Numai prestatorul poate denunța contractul.", ORICARE),
        (
            "Doar beneficiarul are dreptul să rezilieze contractul.",
            "Fiecare parte are dreptul să rezilieze contractul pentru neexecutare.",
        ),
        # the converse: every party claimed, one reserved by the quote
        ("Either party may terminate this Agreement.", "Only the Company may terminate it."),
        ("Oricare dintre părți poate denunța contractul.", "Numai beneficiarul poate denunța."),
    ],
)
def test_one_party_against_every_party_is_a_contradiction(claim: str, quote: str) -> None:
    assert exclusivity_problem(claim, quote)
    assert not check_consistency(claim, quote).passed


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Either party may terminate this Agreement.", EITHER),  # the same right, alike
        ("Only the Company may assign this Agreement.", EITHER),  # another right
        ("Only upon written notice may a party terminate.", EITHER),  # "only" of a condition
        ("Only the Company may terminate.", "Either party may not terminate it before 2020."),
        ("The notice period is thirty (30) days.", EITHER),
    ],
)
def test_other_pairs_are_left_to_the_other_checks(claim: str, quote: str) -> None:
    assert exclusivity_problem(claim, quote) == ""
