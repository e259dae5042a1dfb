"""Gate 3 quote check: verbatim location of a quote inside a fragment."""

from __future__ import annotations

import pytest

from letadesk.verify.quotes import QuoteMatch, check_quote, locate_quote

RO_FRAGMENT = (
    "Art. 5. —  Chiriaşul  poate rezilia\ncontractul prin notificare scrisă, "
    "cu un preaviz de 30 de zile."
)
EN_FRAGMENT = (
    "5.2 Termination. Either Party may terminate this Agreement by giving the other\n"
    "Party thirty (30) days\u00a0prior written notice."
)

FOUND = [
    # (quote, fragment, expected text of the span, minimum similarity)
    (
        "Chiriaşul poate rezilia contractul",
        RO_FRAGMENT,
        "Chiriaşul  poate rezilia\ncontractul",
        1.0,
    ),
    (
        "Chiriașul poate rezilia contractul",
        RO_FRAGMENT,  # comma-below vs cedilla
        "Chiriaşul  poate rezilia\ncontractul",
        1.0,
    ),
    (
        "chiriasul poate rezilia contractul",
        RO_FRAGMENT,  # no diacritics, lower case
        "Chiriaşul  poate rezilia\ncontractul",
        1.0,
    ),
    ("cu un preaviz de 30 de zile", RO_FRAGMENT, "cu un preaviz de 30 de zile", 1.0),
    (
        "Either Party may terminate this Agreement",
        EN_FRAGMENT,
        "Either Party may terminate this Agreement",
        1.0,
    ),
    (
        "Party thirty (30) days prior written notice",
        EN_FRAGMENT,  # NBSP, line break
        "Party thirty (30) days\u00a0prior written notice",
        1.0,
    ),
    (
        "“Either Party may terminate this Agreement”",
        EN_FRAGMENT,  # typographic quotes
        "Either Party may terminate this Agreement",
        0.95,
    ),
    (
        "Either Party may terminate this Agrement by giving",
        EN_FRAGMENT,  # one typo
        "Either Party may terminate this Agreement by giving",
        0.95,
    ),
]


@pytest.mark.parametrize(("quote", "fragment", "span", "min_sim"), FOUND)
def test_locate_quote_finds_span(quote: str, fragment: str, span: str, min_sim: float) -> None:
    match = locate_quote(quote, fragment)
    assert match is not None
    assert match.similarity >= min_sim
    assert fragment[match.start : match.end].strip(' \u201c\u201d"') == span


NOT_FOUND = [
    # (quote, fragment, reason substring)
    (
        "Proprietarul poate vinde imobilul oricând",
        RO_FRAGMENT,
        "quote not found in fragment 123 (best similarity",
    ),
    (
        "Either Party may terminate this Agreement at any time without notice whatsoever",
        EN_FRAGMENT,
        "< 0.95)",
    ),
    # 98% similar, but a negation slipped in: never a fuzzy match
    (
        "Neither Party may terminate this Agreement",
        EN_FRAGMENT,
        'quote differs from fragment 123 in "neither"',
    ),
    (
        "Either Party may terminate this Agreement by giving the other Party sixty (60) days",
        EN_FRAGMENT,
        'in "60" (similarity 0.96; negations, modals and numbers must match',
    ),
    (
        "Chiriaşul nu poate rezilia contractul prin notificare scrisă, cu un preaviz de 30 de zile",
        RO_FRAGMENT,
        'in "nu"',
    ),
    ("30 de zile", RO_FRAGMENT, "quote too short to ground a claim"),
    ("thirty days", EN_FRAGMENT, "need at least 12 characters and 3 words"),
    ("", EN_FRAGMENT, "quote too short"),
    ("Either Party may terminate", "", "quote not found in fragment 123"),
]


@pytest.mark.parametrize(("quote", "fragment", "reason"), NOT_FOUND)
def test_check_quote_fails_with_reason(quote: str, fragment: str, reason: str) -> None:
    result, match = check_quote(quote, fragment, fragment_id=123)
    assert result.check == "quote"
    assert not result.passed
    assert reason in result.reason
    assert match is None
    assert locate_quote(quote, fragment) is None


def test_check_quote_passes_and_returns_offsets() -> None:
    result, match = check_quote("Chiriașul poate rezilia contractul", RO_FRAGMENT, fragment_id=7)
    assert result.passed
    assert result.reason == "quote found in fragment 7 (exact)"
    assert match == QuoteMatch(
        RO_FRAGMENT.index("Chiria"), RO_FRAGMENT.index("contractul") + 10, 1.0
    )


def test_best_similarity_is_reported() -> None:
    result, _ = check_quote("Either Party may cancel this Agreement", EN_FRAGMENT)
    assert "quote not found in fragment (best similarity 0." in result.reason


def test_min_similarity_is_configurable() -> None:
    quote = "Eithr Prty may termnate ths Agrement by givng"  # 0.94
    assert locate_quote(quote, EN_FRAGMENT) is None
    loose = locate_quote(quote, EN_FRAGMENT, min_similarity=0.85)
    assert loose is not None
    assert EN_FRAGMENT[loose.start : loose.end].startswith("Either Party")
