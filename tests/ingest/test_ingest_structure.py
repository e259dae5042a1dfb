"""Table-driven tests of the legal-structure chunker (Romanian laws, English contracts)."""

from __future__ import annotations

import pytest

from fragment_checks import assert_fragments
from letadesk.domain import ParsedPage
from letadesk.ingest.structure import split_fragments


def _one_page(text: str) -> tuple[ParsedPage, ...]:
    return (ParsedPage(number=1, label="1", start=0, end=len(text)),)


def locators(text: str, max_chars: int = 1500) -> list[str]:
    fragments = split_fragments(text, _one_page(text), max_chars=max_chars)
    assert_fragments(text, fragments, max_chars)
    return [f.locator for f in fragments]


RO_CASES = [
    pytest.param(
        "Titlul I Dispoziții\n\nArticolul 1\nObiectul legii\nTextul articolului.\n\n"
        "Articolul 2\n(1) Primul alineat.\n(2) Al doilea alineat.\n",
        ["art. 1", "art. 2 alin. (1)", "art. 2 alin. (2)"],
        id="headings-are-context",
    ),
    pytest.param(
        "Preambul: Parlamentul adoptă prezenta lege.\n\nArticolul 113^1\nText.\n",
        ["", "art. 113^1"],
        id="preamble-and-superscript",
    ),
    pytest.param(
        "Art. 2.335\nTitlu\n(1) Unu.\n(2) Doi.\nART.2.336\nText.\nART 2.337\nAlt text.\n",
        ["art. 2335 alin. (1)", "art. 2335 alin. (2)", "art. 2336", "art. 2337"],
        id="dotted-thousands-and-ART-forms",
    ),
    pytest.param(
        "Articolul 7\n(1) Prima.\n(2) Cumpărătorul are dreptul, potrivit art. 2.435-2.444. "
        "Cumpărarea de către creditor Art. 8. - (1) Un creditor nu poate cumpăra.\n"
        "(2) Poate depune creanța.\n",
        ["art. 7 alin. (1)", "art. 7 alin. (2)", "art. 8 alin. (1)", "art. 8 alin. (2)"],
        id="inline-article-header",
    ),
    pytest.param(
        "Articolul 3\n(1) Text, conform art. 5. - ceva.\n",
        ["art. 3 alin. (1)"],
        id="cross-reference-is-not-an-article",
    ),
    pytest.param(
        "Articolul 57\n(1) Text vechi.\n(la 13-07-2020, Alineatul (1) din Articolul 57 a fost "
        "modificat de Punctul 3, Articolul I din ORDONANȚA DE URGENȚĂ nr. 114/2020)\n"
        "(2) Text.\n",
        ["art. 57 alin. (1)", "art. 57 alin. (2)"],
        id="amendment-note-stays-with-alineat",
    ),
    pytest.param(
        "Statul român\tARTICOLUL 1\n(1) România este stat.\n(2) Forma este republica.\n",
        ["art. 1 alin. (1)", "art. 1 alin. (2)"],
        id="title-tab-header",
    ),
    pytest.param(
        "Articolul 2\n(1)\n \nScopul legii.\n(2)\n \nPrincipiile sunt:\na)\n \nnediscriminarea;\n",
        ["art. 2 alin. (1)", "art. 2 alin. (2)"],
        id="messy-portal-layout",
    ),
    pytest.param(
        "Articolul 228\nFurtul (1) Luarea unui bun mobil se pedepsește.\n(2) Fapta constituie "
        "furt.\n(3) Se consideră bunuri mobile.\n",
        ["art. 228 alin. (1)", "art. 228 alin. (2)", "art. 228 alin. (3)"],
        id="marginal-title-inline-before-first-alineat",
    ),
    pytest.param(
        "Art. 228. - Furtul (1) Luarea unui bun.\n(2) Fapta.\n"
        "Art. 228^1. - Furtul mic (1) Unu.\n(2) Doi.\n",
        [
            "art. 228 alin. (1)",
            "art. 228 alin. (2)",
            "art. 228^1 alin. (1)",
            "art. 228^1 alin. (2)",
        ],
        id="art-dash-title-inline",
    ),
    pytest.param(
        "## Titlul II - Infracțiuni\n\n### Articolul 37 {#art-37}\n\n(1) Unu.\n\n(2) Doi.\n\n"
        "ARTICOLUL 38\nTitlu\nText fără alineate.\n",
        ["art. 37 alin. (1)", "art. 37 alin. (2)", "art. 38"],
        id="markdown-heading-anchor-and-uppercase",
    ),
    pytest.param(
        "Articolul 22\nLipsa publicității. Sancțiuni (1) Dacă formalitatea nu a fost făcută.\n"
        "(2) Atunci când legea prevede.\n",
        ["art. 22 alin. (1)", "art. 22 alin. (2)"],
        id="marginal-title-with-full-stop",
    ),
    pytest.param(
        "Art. 5. - Text.\nArt. 5¹. - Titlu (1) Unu.\n(2) Doi.\nArticolul 5²\nAlt text.\n",
        ["art. 5", "art. 5^1 alin. (1)", "art. 5^1 alin. (2)", "art. 5^2"],
        id="unicode-superscript-article-numbers",
    ),
]


@pytest.mark.parametrize(("text", "expected"), RO_CASES)
def test_romanian_structure(text: str, expected: list[str]) -> None:
    assert locators(text) == expected


EN_CASES = [
    pytest.param(
        'SERVICES AGREEMENT\n\n1. DEFINITIONS.\n\n(a) "Content" means content.\n\n'
        "2. TERM.\n\n2.1 Term. This Agreement lasts one year.\n\n2.2 Renewal. It renews.\n",
        ["", "Section 1", "Section 2.1", "Section 2.2"],
        id="numbered-clauses",
    ),
    pytest.param(
        "ARTICLE V\nCONFIDENTIALITY\n\nSection 5.2 Disclosure. No party shall disclose.\n\n"
        "Section 5.2(a) Exceptions. Except as required by law.\n",
        ["Section 5.2", "Section 5.2(a)"],
        id="article-and-sections",
    ),
    pytest.param(
        "Article 5\nThe Supplier shall deliver the goods.\n\nArticle 6\nPayment is due.\n",
        ["Article 5", "Article 6"],
        id="articles-without-sections",
    ),
    pytest.param(
        "The Licensee shall pay royalties as set forth in\n5.2 hereof and otherwise.\n",
        [""],
        id="wrapped-reference-is-not-a-clause",
    ),
]


@pytest.mark.parametrize(("text", "expected"), EN_CASES)
def test_english_structure(text: str, expected: list[str]) -> None:
    assert locators(text) == expected


def test_litere_split_only_when_alineat_too_long() -> None:
    items = "".join(f"{letter}) {'cuvânt ' * 12}text;\n" for letter in "abcdef")
    text = f"Articolul 57\n(1) Intro.\n(3) Condiții:\n{items}"
    assert locators(text) == ["art. 57 alin. (1)", "art. 57 alin. (3)"]
    short = locators(text, max_chars=200)
    assert short[:2] == ["art. 57 alin. (1)", "art. 57 alin. (3) lit. a)"]
    assert "art. 57 alin. (3) lit. f)" in short


def test_unstructured_text_packs_paragraphs() -> None:
    paragraphs = [f"Paragraph {i} " + "word " * 40 for i in range(10)]
    text = "\n\n".join(paragraphs)
    fragments = split_fragments(text, _one_page(text), max_chars=600)
    assert_fragments(text, fragments, 600)
    assert {f.locator for f in fragments} == {""}
    assert 3 <= len(fragments) < 10  # packed, not one per paragraph
    assert all(f.text.startswith("Paragraph") for f in fragments)


def test_long_fragment_keeps_locator_and_splits_at_sentences() -> None:
    body = " ".join(f"Sentence number {i} ends here." for i in range(200))
    text = f"Articolul 9\n{body}\n"
    fragments = split_fragments(text, _one_page(text), max_chars=300)
    assert_fragments(text, fragments, 300)
    assert {f.locator for f in fragments} == {"art. 9"}
    assert all(f.text.endswith(".") for f in fragments)


def test_page_is_the_page_of_start() -> None:
    first, second = "Articolul 1\nText unu.\n", "Articolul 2\nText doi.\n"
    text = first + "\f" + second
    pages = (ParsedPage(1, "i", 0, len(first)), ParsedPage(2, "ii", len(first) + 1, len(text)))
    fragments = split_fragments(text, pages)
    assert [(f.locator, f.page) for f in fragments] == [("art. 1", 1), ("art. 2", 2)]


def test_empty_and_whitespace_text() -> None:
    assert split_fragments("", ()) == ()
    assert split_fragments(" \n\n\t ", ()) == ()


def test_max_chars_must_be_sane() -> None:
    with pytest.raises(ValueError, match="max_chars"):
        split_fragments("text", (), max_chars=5)


def test_a_long_unit_is_cut_where_an_inline_note_begins_never_after_nr() -> None:
    # Legea 98/2016 art. 6: a litera, its consolidation note and the portal's notes on
    # one line, longer than a fragment; the cut fell inside "(UE) nr. 2023/2510", and
    # the piece that opened with "2023/2510, …" was quoted as the law's text.
    note = (
        "Notă În Jurnalul Oficial al Uniunii Europene au fost publicate Regulamentele "
        "delegate (UE) nr. 2023/2510, nr. 2023/2497 ale Comisiei Europene. "
        + "Aceste modificări sunt operate de către Comisia Europeană. "
        * 3
    )
    line = (
        "b) valoarea estimată a contractului este egală cu pragul prevăzut la art. 7; "
        "(la 04-06-2018, Litera b) a fost modificată de Punctul 1 din OUG nr. 45/2018) "
        + note
        + note
    )
    text = f"Articolul 6\n(3) Prezenta lege se aplică:\na) contractul este finanțat;\n{line}\n"
    fragments = split_fragments(text, _one_page(text), max_chars=420)
    assert_fragments(text, fragments, 420)
    pieces = [f.text for f in fragments if not f.text.startswith(("Articolul", "b)"))]
    assert len(pieces) >= 1 and all(p.startswith(("Notă", "(la ")) for p in pieces)
    plain = note[5:] * 4  # the same words, no note: cut at a sentence, never after "nr."
    for cut_at_nr in split_fragments(plain, _one_page(plain), max_chars=150):
        assert not cut_at_nr.text.startswith(("2023", "2497"))


def test_a_note_longer_than_a_fragment_is_one_fragment_that_names_it() -> None:
    # Legea 71/2011 art. 83: a portal note of 12,000 characters on one line. Cut into
    # pieces, every piece after the first opened with the note's middle ("… a fost
    # abrogat de …"), which nothing marked as a note: it was quoted as the law.
    note = "Notă Codul de procedură civilă a fost abrogat de lit. a) a art. 83. " + (
        "Textul articolului, în forma de la acea dată, este următorul: „Art. 1. Text.” " * 40
    )
    text = f"Articolul 83\n(1) Se abrogă Codul de procedură civilă. {note}\n(2) Alt alineat.\n"
    fragments = split_fragments(text, _one_page(text), max_chars=420)
    assert_fragments(text, fragments, 420)
    opening = [f.text[:12] for f in fragments]
    assert [o for o in opening if o.startswith("Notă")] == ["Notă Codul d"]
    assert all(o.startswith(("Articolul", "(1)", "Notă", "(2)")) for o in opening), opening
    assert fragments[-1].text == "(2) Alt alineat."


def test_a_note_that_fits_a_piece_is_never_cut_in_two() -> None:
    # Legea 85/2014 art. 41: the alineat's text runs into the portal's note on one line;
    # the cut fell inside the note, and the piece that opened with its middle ("În
    # interpretarea și aplicarea unitară …") was quoted as the law.
    note = (
        "Notă Decizie de admitere: RIL nr. 11/2023, publicată în Monitorul Oficial nr. 460. "
        "În interpretarea și aplicarea unitară a dispozițiilor art. 41 se stabilește că "
        "suspendarea operează de drept."
    )
    line = "(1) De la data deschiderii procedurii se suspendă de drept acțiunile. "
    text = f"Articolul 41\n{line}{note} {note[5:]}\n(2) Alt alineat.\n"
    fragments = split_fragments(text, _one_page(text), max_chars=420)
    assert_fragments(text, fragments, 420)
    opening = [f.text[:20] for f in fragments]
    assert any(o.startswith("Notă Decizie") for o in opening)
    assert not any(o.startswith(("În interpretarea", "suspendarea")) for o in opening)
