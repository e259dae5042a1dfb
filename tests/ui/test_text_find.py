"""Find in a document's text (Qt-free): offsets, wrapping, case, diacritics, pages."""

from __future__ import annotations

from letadesk.domain import Page, PageMethod
from letadesk.ui.text_find import next_match, page_at

TEXT = "Art. 1 Obligațiile părților.\nPrestatorul păstrează\nconfidențialitatea. Obligatii."


def test_a_match_has_the_offsets_of_the_text() -> None:
    found = next_match(TEXT, "prestatorul", 0)
    assert found is not None
    assert TEXT[found[0] : found[1]] == "Prestatorul"


def test_case_diacritics_and_line_breaks_are_ignored() -> None:
    found = next_match(TEXT, "pastreaza confidentialitatea", 0)
    assert found is not None
    assert TEXT[found[0] : found[1]] == "păstrează\nconfidențialitatea"


def test_the_next_match_follows_the_last_and_wraps() -> None:
    first = next_match(TEXT, "obligatii", 0)
    assert first is not None and TEXT[first[0] : first[1]] == "Obligații"
    second = next_match(TEXT, "obligatii", first[1])
    assert second is not None and second[0] > first[0]
    assert TEXT[second[0] : second[1]] == "Obligatii"
    assert next_match(TEXT, "obligatii", second[1]) == first


def test_absent_or_blank_terms_find_nothing() -> None:
    assert next_match(TEXT, "arbitraj", 0) is None
    assert next_match(TEXT, "   ", 0) is None


def test_the_page_of_an_offset() -> None:
    pages = [
        Page(1, 1, "1", 0, 10, PageMethod.TEXT_LAYER),
        Page(1, 2, "2", 10, 20, PageMethod.TEXT_LAYER),
    ]
    assert page_at(pages, 0) == 1
    assert page_at(pages, 15) == 2
    assert page_at(pages, 99) == 1
