"""A draft cut into clauses: a heading is not a clause but names those under it (the
draft check's list read "✗ 1 · 2. 1. Conform…", a heading taken into the clause)."""

from __future__ import annotations

import pytest

from letadesk.draft.clauses import clauses, is_heading

DRAFT = """CONTRACT DE PRESTĂRI SERVICII

Capitolul I. Obiectul

1. Obiectul contractului
1. Conform art. 2 alin. (1) din Legea nr. 50/2020, prestatorul
livrează serviciile în termen de 10 zile.

Prestatorul păstrează confidențialitatea informațiilor primite de la beneficiar
pe durata contractului.

Clauza 2
Contractul poate fi reziliat în condițiile art. 9 din Legea nr. 50/2020

ARTICOLUL 3 - LITIGII
Litigiile se soluționează de instanțele competente.

Semnături
"""


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.heading, text[c.start : c.end]) for c in clauses(text, [(0, len(text))])]


def test_headings_name_the_clauses_under_them_and_are_not_clauses() -> None:
    assert _read(DRAFT) == [
        (
            "1. Obiectul contractului",
            "1. Conform art. 2 alin. (1) din Legea nr. 50/2020, prestatorul\n"
            "livrează serviciile în termen de 10 zile.",
        ),
        (
            "1. Obiectul contractului",  # the clause after it shares it
            "Prestatorul păstrează confidențialitatea informațiilor primite de la beneficiar\n"
            "pe durata contractului.",
        ),
        # short and without a final stop, but it cites an act's provision: a clause
        (
            "Clauza 2",
            "Contractul poate fi reziliat în condițiile art. 9 din Legea nr. 50/2020",
        ),
        ("ARTICOLUL 3 - LITIGII", "Litigiile se soluționează de instanțele competente."),
    ]  # "Semnături", a heading with nothing under it, is no clause


def test_a_heading_split_across_fragments_still_names_the_next_clause() -> None:
    text = "Capitolul II. Plata\n\nPlata se face lunar."
    cut = text.index("Plata se")
    found = clauses(text, [(0, cut), (cut, len(text))])
    assert [(c.heading, text[c.start : c.end]) for c in found] == [
        ("Capitolul II. Plata", "Plata se face lunar.")
    ]


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        ("Clauza 1", True),
        ("Art. 5 - Plata", True),
        ("1. Obiectul contractului", True),
        ("SECTION 4 CONFIDENTIALITY", True),
        ("Plata se face în termen de 10 zile de la primirea facturii,", False),  # a comma
        ("Prestatorul păstrează confidențialitatea informațiilor primite", False),
        ("2. Conform art. 5 din Legea nr. 50/2020 plata se face", False),  # cites an act
        ("1. Plata se face în termen de zece zile lucrătoare", False),  # too long to be one
    ],
)
def test_which_lines_open_a_paragraph_as_its_heading(line: str, heading: bool) -> None:
    assert is_heading(line) is heading
