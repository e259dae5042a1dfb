"""A quote is cited by the smallest unit that holds it (alineat, literă, punct; section,
sub-clause), read from the fragment's own text and locator; structure and consolidation
notes are never part of what may be quoted."""

from __future__ import annotations

import pytest

from letadesk.domain import ParsedPage
from letadesk.ingest.structure import split_fragments
from letadesk.ingest.units import body_start, quotable_spans, unit_at
from letadesk.references.grammar import litera_span, unit_span

ART_229 = (
    "Articolul 229\n"
    "Furtul calificat\n"
    "(1) Furtul săvârşit în următoarele împrejurări:\n"
    "a) într-un mijloc de transport în comun;\n"
    "b) în timpul nopţii;\n"
    "(la 13-07-2020, Litera b) din Alineatul (1), Articolul 229 a fost modificată de Punctul 1, "
    "Articolul I din ORDONANȚA DE URGENȚĂ nr. 114 din 9 iulie 2020, publicată în MONITORUL "
    "OFICIAL nr. 614 din 13 iulie 2020) c) de o persoană mascată,\n"
    "se pedepseşte cu închisoarea de la unu la 5 ani.\n"
    "(2) Dacă furtul a fost săvârşit asupra unui bun care face parte din patrimoniul cultural."
)


def cite(locator: str, text: str, quote: str) -> str:
    start = text.index(quote)
    return unit_at(locator, text, start, start + len(quote))


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("Furtul săvârşit în următoarele", "art. 229 alin. (1)"),
        ("într-un mijloc de transport în comun;", "art. 229 alin. (1) lit. a)"),
        ("în timpul nopţii;", "art. 229 alin. (1) lit. b)"),
        ("de o persoană mascată,", "art. 229 alin. (1) lit. c)"),  # in-line, after a note
        ("se pedepseşte cu închisoarea de la unu la 5 ani.", "art. 229 alin. (1)"),  # list closes
        ("transport în comun;\nb) în timpul", "art. 229 alin. (1)"),  # two litere: alineat
        ("patrimoniul cultural", "art. 229 alin. (2)"),
        ("5 ani.\n(2) Dacă furtul", "art. 229"),  # two alineate: their article
    ],
)
def test_the_smallest_unit_holding_the_quote(quote: str, expected: str) -> None:
    # the fragment's locator is its last alineat's (as indexes made before stored it)
    assert cite("art. 229 alin. (2)", ART_229, quote) == expected
    assert cite("art. 229 alin. (1)", ART_229, quote) == expected


def test_a_table_row_number_is_no_punct_and_a_tariff_row_holds_its_values() -> None:
    # Codul fiscal art. 105 alin. (2): a table's rows numbered on lines of their own
    rows = (
        "(2) Veniturile sunt neimpozabile în limitele următoare:\n"
        "6.\nAlbine\npână la 75 de familii\n7.\nPăsări de curte\npână la 100\n"
    )
    assert cite("art. 105 alin. (2)", rows, "Păsări de curte\npână la 100") == (
        "art. 105 alin. (2)"
    )
    # art. 474 alin. (1): a litera's row, its value on the next lines
    tariff = (
        "(1) Taxa se stabilește conform tabelului următor:\n"
        "e) între 751 și 1.000 m², inclusiv\n12-14\n"
        "f) peste 1.000 m²\n14 + 0,01 lei/m²,\npentru fiecare m² care\ndepășește 1.000 m²\n"
        "(2) Taxa pentru eliberarea autorizației."
    )
    quote = "f) peste 1.000 m²\n14 + 0,01 lei/m²"
    assert cite("art. 474 alin. (1)", tariff, quote) == "art. 474 alin. (1) lit. f)"
    assert cite("art. 474 alin. (1)", tariff, "12-14") == "art. 474 alin. (1) lit. e)"


def test_inline_marginal_title_and_first_alineat() -> None:
    text = "Articolul 228\nFurtul (1) Luarea unui bun mobil.\n(2) Fapta constituie furt."
    assert cite("art. 228 alin. (2)", text, "Luarea unui bun mobil.") == "art. 228 alin. (1)"
    assert cite("art. 228 alin. (1)", text, "Fapta constituie furt.") == "art. 228 alin. (2)"


def test_an_inline_marginal_title_that_cites_other_provisions() -> None:
    text = (
        "Articolul 145\nBaza de calcul pentru persoanele prevăzute la art. 136 lit. f) "
        "(1) Pentru persoanele prevăzute la art. 136 alin. (1) lit. f), baza este:\n"
        "a) câștigul salarial brut lunar;\n(2) Alt alineat."
    )
    assert cite("art. 145", text, "Pentru persoanele prevăzute") == "art. 145 alin. (1)"
    assert cite("art. 145", text, "câștigul salarial brut") == "art. 145 alin. (1) lit. a)"
    spans = quotable_spans(text)
    assert not any("Baza de calcul" in text[s:e] for s, e in spans)  # the title is no text
    located = {f.locator for f in split_fragments(text, (ParsedPage(1, "1", 0, len(text)),))}
    assert "art. 145 alin. (1)" in located


def test_a_long_heading_that_ends_no_sentence_is_never_quoted() -> None:
    heading = "Capitolul VIII Prevederi comune " + "în cazul persoanelor fizice " * 12
    text = f"(3) Prevederile se aplică.\n\n{heading.strip()}\nArticolul 216\n(1) Text."
    spans = quotable_spans(text)
    assert not any("Capitolul VIII" in text[s:e] for s, e in spans)


def test_a_piece_of_a_long_litera_keeps_its_unit() -> None:
    text = "continuarea literei b), fără marcaj la început;\nc) litera următoare."
    locator = "art. 3 alin. (1) lit. b)"
    assert cite(locator, text, "continuarea literei b)") == locator
    assert cite(locator, text, "litera următoare.") == "art. 3 alin. (1) lit. c)"


def test_puncte_and_litere_under_them() -> None:
    text = "(1) Măsurile sunt:\n1. neprivative:\na) stagiul;\nb) supravegherea;\n2. privative."
    assert cite("art. 115 alin. (1)", text, "b) supravegherea;") == (
        "art. 115 alin. (1) pct. 1 lit. b)"
    )
    assert cite("art. 115 alin. (1)", text, "2. privative.") == "art. 115 alin. (1) pct. 2"


# Codul fiscal, art. 278 alin. (5): litere that introduce puncte of their own.
PLACE_OF_SERVICES = (
    "Articolul 278\n"
    "Locul prestării de servicii\n"
    "(5) Locul următoarelor servicii este considerat a fi:\n"
    "a) locul în care este efectuată operațiunea principală;\n"
    "d) locul în care se prestează efectiv serviciile, în cazul următoarelor:\n"
    "1. servicii constând în activități accesorii transportului;\n"
    "2. evaluări ale bunurilor mobile corporale;\n"
    "e) locul unde beneficiarul este stabilit, în cazul următoarelor servicii:\n"
    "1. închirierea bunurilor mobile corporale;\n"
    "2. serviciile de publicitate;\n"
    "(6) Alineatul următor."
)


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("servicii constând în activități", "art. 278 alin. (5) lit. d) pct. 1"),
        ("evaluări ale bunurilor", "art. 278 alin. (5) lit. d) pct. 2"),
        ("locul unde beneficiarul", "art. 278 alin. (5) lit. e)"),  # not "pct. 2 lit. e)"
        ("serviciile de publicitate;", "art. 278 alin. (5) lit. e) pct. 2"),
        ("Alineatul următor.", "art. 278 alin. (6)"),
    ],
)
def test_puncte_inside_the_litera_that_introduces_them(quote: str, expected: str) -> None:
    assert cite("art. 278 alin. (5)", PLACE_OF_SERVICES, quote) == expected


def test_the_chunker_names_puncte_under_their_litera() -> None:
    text = PLACE_OF_SERVICES
    pages = (ParsedPage(1, "1", 0, len(text)),)
    fragments = split_fragments(text, pages, max_chars=60)
    located = {f.locator for f in fragments}
    assert {
        "art. 278 alin. (5) lit. d)",
        "art. 278 alin. (5) lit. d) pct. 1",
        "art. 278 alin. (5) lit. d) pct. 2",
        "art. 278 alin. (5) lit. e)",
        "art. 278 alin. (5) lit. e) pct. 2",
    } <= located
    assert not any("pct. 2 lit." in loc for loc in located)
    for f in fragments:  # a punct's own fragment cites its text by its locator
        if "pct." in f.locator:
            assert unit_at(f.locator, f.text, 3, len(f.text)) == f.locator


def test_a_litera_named_by_a_romanian_letter() -> None:
    text = "(1) Sunt:\ns) unu;\nș) doi;\nt) trei;\nţ) patru;\nu) cinci."
    assert cite("art. 12 alin. (1)", text, "doi;") == "art. 12 alin. (1) lit. ș)"
    assert cite("art. 12 alin. (1)", text, "trei;") == "art. 12 alin. (1) lit. t)"
    assert cite("art. 12 alin. (1)", text, "patru;") == "art. 12 alin. (1) lit. ț)"  # cedilla
    assert cite("art. 12 alin. (1)", text, "cinci.") == "art. 12 alin. (1) lit. u)"
    span = litera_span(text, "ţ")
    assert span is not None and text[span[0] : span[1]] == "ţ) patru;"


def test_alineate_written_on_one_line() -> None:
    text = "(1) Minorul se află în nevoie. (2) Cu toate acestea, instanța decide."
    assert cite("art. 525 alin. (1)", text, "Cu toate acestea") == "art. 525 alin. (2)"
    assert cite("art. 525 alin. (1)", text, "Minorul se află") == "art. 525 alin. (1)"


def test_a_cross_reference_is_not_a_litera() -> None:
    text = "(5) Sunt:\nc) cei prevăzuți la art. 13 alin. (1) lit. d) au obligația de a declara."
    assert cite("art. 41 alin. (5)", text, "au obligația de a declara") == (
        "art. 41 alin. (5) lit. c)"
    )


def test_english_sections_and_sub_clauses() -> None:
    text = "5.2 Payment.\n(a) within thirty days;\n(i) by wire;\n(ii) by cheque;\n(b) in USD."
    assert cite("Section 5.2", text, "within thirty days;") == "Section 5.2(a)"
    assert cite("Section 5.2", text, "by cheque;") == "Section 5.2(a)(ii)"
    assert cite("Section 5.2", text, "in USD.") == "Section 5.2(b)"
    assert cite("", "Some text (a) here.", "here.") == ""  # nothing to refine


def test_structure_and_notes_are_never_quotable() -> None:
    text = (
        "## Partea GENERALĂ | Titlul I - Legea penală\n"
        "Articolul 4\nFurtul (1) Luarea unui bun.\n"
        "(la 13-07-2020, Alineatul (1) din Articolul 4 a fost modificat de LEGEA nr. 5 din 1 "
        "martie 2020, publicată în MONITORUL OFICIAL nr. 1 din 2 martie 2020)\n(2) Fapta."
    )
    quotable = [text[s:e] for s, e in quotable_spans(text)]
    assert quotable == ["(1) Luarea unui bun.", "(2) Fapta."]


def test_art_dash_header_with_a_title_alone() -> None:
    text = "Art. 180. - Instrument de plată electronică\nPrin instrument se înţelege un card."
    assert [text[s:e] for s, e in quotable_spans(text)] == ["Prin instrument se înţelege un card."]


def test_a_short_last_line_is_text_not_a_title() -> None:
    text = "Articolul 6\nAbrogat"
    assert [text[s:e] for s, e in quotable_spans(text)] == ["Abrogat"]


def test_body_start_skips_header_title_and_marker() -> None:
    text = "Articolul 20\nAbrogat.\n(la 05-07-2019, ...)"
    assert text[body_start(text) :].startswith("Abrogat.")
    text = "(2) Abrogat."
    assert text[body_start(text) :] == " Abrogat."


def test_a_litera_ends_where_its_list_closes() -> None:
    text = "(1) Omorul săvârşit:\ng) asupra unui magistrat;\nh) prin cruzimi,\nse pedepseşte."
    span = litera_span(text, "h")
    assert span is not None and text[span[0] : span[1]] == "h) prin cruzimi,"
    span = litera_span(text, "g")
    assert span is not None and text[span[0] : span[1]] == "g) asupra unui magistrat;"


# Codul fiscal art. 76 alin. (4) and art. 291 alin. (3): paragraphs of a litera, and a
# litera's line that introduces its puncte.
LITERA_PARAGRAPHS = (
    "(4) Nu sunt incluse în veniturile salariale următoarele:\n"
    "a) ajutoarele de deces, acordate potrivit contractului de muncă.\n"
    "Cadourile oferite de angajatori salariaților nu sunt impozabile.\n"
    "b) sumele primite pentru acoperirea cheltuielilor de mutare.\n"
    "c) livrarea locuințelor ca parte a politicii sociale.\n"
    "În sensul prezentului titlu, prin locuință livrată se înțelege:\n"
    "1. livrarea de clădiri destinate a fi utilizate drept cămine;\n"
    "2. livrarea de locuințe cu o suprafață utilă de maximum 120 m²;\n"
    "d) prestările de servicii, în condițiile art. 100 lit. d) și\n"
    "e) ale prezentului articol,\n"
    "se supun cotei reduse.\n"
    "(5) Alt alineat."
)


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("Cadourile oferite de angajatori", "art. 76 alin. (4) lit. a)"),
        ("sumele primite pentru acoperirea", "art. 76 alin. (4) lit. b)"),
        ("În sensul prezentului titlu", "art. 76 alin. (4) lit. c)"),
        ("livrarea de clădiri destinate", "art. 76 alin. (4) lit. c) pct. 1"),
        ("se supun cotei reduse.", "art. 76 alin. (4)"),  # the list closes
    ],
)
def test_a_litera_keeps_its_paragraphs(quote: str, expected: str) -> None:
    assert cite("art. 76 alin. (4)", LITERA_PARAGRAPHS, quote) == expected


def test_the_chunker_cuts_a_list_close_out_of_the_last_litera() -> None:
    text = "Articolul 76\n" + LITERA_PARAGRAPHS.replace("ajutoarele de deces", "ajutoare " * 40)
    fragments = split_fragments(text, (ParsedPage(1, "1", 0, len(text)),), max_chars=300)

    def located(words: str) -> str:
        return next(f.locator for f in fragments if words in f.text)

    assert located("se supun cotei reduse.") == "art. 76 alin. (4)"
    assert located("În sensul prezentului titlu") == "art. 76 alin. (4) lit. c)"
    assert located("livrarea de clădiri") == "art. 76 alin. (4) lit. c) pct. 1"
    # "e) ale prezentului articol" follows "lit. d)": a reference, not a litera
    assert "art. 76 alin. (4) lit. e)" not in {f.locator for f in fragments}


# Legea 85/2014 art. 5 as the portal prints it: each punct written after the text before
# it, on its line or after a consolidation note.
DEFINITIONS = (
    "Articolul 5\n"
    "(1) În înțelesul prezentei legi, termenii au următoarele semnificații: 1. acord de "
    "compensare reprezintă:\n"
    "a) orice acord master de netting;\n"
    "b) orice acord de garantare; 2. activități curente reprezintă acele activități; 3. Abrogat.\n"
    "(la 14-12-2015, Pct. 3 al alin. (1) al art. 5 a fost abrogat de pct. 1 al art. 630 din "
    "LEGEA nr. 312 din 4 decembrie 2015.) 4. administrator special este persoana desemnată; "
    "4^1. ansamblu independent reprezintă un grup de bunuri, potrivit art. 5. Altă frază.\n"
    "(2) Termenii se completează cu cei din Codul civil."
)


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("acord de compensare reprezintă:", "art. 5 alin. (1) pct. 1"),
        ("orice acord de garantare;", "art. 5 alin. (1) pct. 1 lit. b)"),
        ("activități curente reprezintă acele activități;", "art. 5 alin. (1) pct. 2"),
        ("Abrogat.", "art. 5 alin. (1) pct. 3"),
        ("administrator special este persoana desemnată;", "art. 5 alin. (1) pct. 4"),
        ("ansamblu independent reprezintă", "art. 5 alin. (1) pct. 4^1"),
        ("Altă frază.", "art. 5 alin. (1) pct. 4^1"),  # "art. 5." starts no punct
        ("Termenii se completează", "art. 5 alin. (2)"),
    ],
)
def test_puncte_written_on_one_line(quote: str, expected: str) -> None:
    assert cite("art. 5 alin. (1)", DEFINITIONS, quote) == expected


def test_the_chunker_cuts_a_long_alineat_at_its_inline_puncte() -> None:
    text = DEFINITIONS.replace("acele activități;", "acele activități " + "și altele " * 30 + ";")
    pages = (ParsedPage(1, "1", 0, len(text)),)
    locators = list(dict.fromkeys(f.locator for f in split_fragments(text, pages, max_chars=300)))
    assert locators[:6] == [  # the short lead-in joins its first punct
        "art. 5 alin. (1) pct. 1",
        "art. 5 alin. (1) pct. 1 lit. a)",
        "art. 5 alin. (1) pct. 1 lit. b)",
        "art. 5 alin. (1) pct. 2",
        "art. 5 alin. (1) pct. 3",
        "art. 5 alin. (1) pct. 4",
    ]
    assert "art. 5 alin. (1) pct. 4^1" in locators and locators[-1] == "art. 5 alin. (2)"


def test_a_punct_written_on_one_line_is_cut_out_of_its_alineat() -> None:
    text = DEFINITIONS[DEFINITIONS.index("(1)") :]
    for point, expected in [
        ("pct. 2", "2. activități curente reprezintă acele activități;"),
        ("pct. 4^1", "4^1. ansamblu independent reprezintă un grup de bunuri, potrivit art. 5."),
        (
            "pct. 1",
            "1. acord de compensare reprezintă:\na) orice acord master de netting;\n"
            "b) orice acord de garantare;",
        ),
    ]:
        span = unit_span(text, point)
        assert span is not None and text[span[0] : span[1]].startswith(expected), point
    assert unit_span(text, "pct. 9") is None
    assert unit_span(text, "b") is not None  # a litera, as before
