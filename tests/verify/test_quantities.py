"""Numbers written in words: as digits for the judge and the extract rule, as bare
numbers on the quote's side, and lists of numbers kept apart from compound numbers."""

from __future__ import annotations

import pytest

from letadesk.verify.quantities import canonical_numbers, quantities, word_numbers
from letadesk.verify.quantity_checks import quantity_problem


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Either party may terminate upon thirty (30) days written notice.",
            "Either party may terminate upon 30 days written notice.",
        ),
        ("within 30 (thirty) days", "within 30 days"),
        ("Termenul este de treizeci de zile.", "Termenul este de 30 de zile."),
        ("cel puțin douăzeci și unu de zile lucrătoare", "cel puțin 21 de zile lucrătoare"),
        ("Fifteen (15) Business Days", "15 Business Days"),
        ("interest of five percent per month", "interest of 5 percent per month"),
        ("one of the parties", "one of the parties"),  # a number word that counts nothing
        ("În termen de 15 zile", "În termen de 15 zile"),
    ],
)
def test_canonical_numbers_writes_counted_numbers_as_digits(text: str, expected: str) -> None:
    assert canonical_numbers(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("închisoare între doi și cinci ani", [("duration", "60", "month")]),  # 5 years, not 7
        ("between two and five years", [("duration", "60", "month")]),
        ("douăzeci și cinci de zile", [("duration", "25", "day")]),
        ("one hundred and five days", [("duration", "105", "day")]),
    ],
)
def test_and_joins_a_compound_number_not_a_list(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert [(q.kind, q.value, q.unit) for q in quantities(text)] == expected


def test_a_bare_number_may_be_written_in_words_in_the_quote() -> None:
    assert [q.value for q in word_numbers("de la trei la cinci ani")] == ["3", "5"]
    assert quantity_problem("de la 3 la 5 ani", "de la trei la cinci ani") == ""
    assert quantity_problem("de la 4 la 5 ani", "de la trei la cinci ani") != ""


def test_a_range_restated_in_other_words_keeps_its_numbers() -> None:
    claim = "Fapta este sancționată cu închisoare între doi și cinci ani."
    assert (
        quantity_problem(claim, "Fapta se pedepsește cu închisoare de la doi la cinci ani.") == ""
    )
    assert quantity_problem(claim, "Fapta se pedepsește cu închisoare de la doi la șapte ani.")


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        (
            "Concediul de odihnă anual este de cel mult 20 de zile lucrătoare.",
            "Salariatul are dreptul la un concediu de odihnă anual de cel puțin 20 de zile "
            "lucrătoare.",
        ),
        ("Notice of at least 30 days is required.", "upon not more than thirty (30) days notice"),
        ("Liability is capped at a minimum of $1,000,000.", "shall not exceed $1,000,000"),
    ],
)
def test_a_bound_turned_the_other_way_is_a_problem(claim: str, quote: str) -> None:
    assert "at least" in quantity_problem(claim, quote)


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Concediul este de minimum douăzeci de zile.", "de cel puțin 20 de zile"),
        ("Perioada de probă este de maximum 120 de zile.", "nu poate depăși 120 de zile"),
        ("The notice period is 30 days.", "at least 30 days"),  # no bound: no conflict
    ],
)
def test_a_bound_kept_or_left_unsaid_is_fine(claim: str, quote: str) -> None:
    assert quantity_problem(claim, quote) == ""
