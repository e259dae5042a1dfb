"""Tests for the legal reference parser (letadesk.references).

The first table is seeded by all 46 rows of shared/data/ro/citation_examples_curated.tsv
(citation strings copied here so the test runs without ../shared). Each expected entry
is ``"<locator_of(ref)> | <act kind> <number>/<year> code=<code> title=<title>"``.
"""

from __future__ import annotations

import pytest

from letadesk.references import ActRef, Reference, locator_of, parse_references, stored_locators


def describe(ref: Reference) -> str:
    """A compact, comparable rendering of one reference."""
    text = locator_of(ref) or "(act)"
    act = ref.act
    if act is None:
        return text
    bits = [act.kind]
    if act.number or act.year:
        bits.append(f"{act.number or ''}/{act.year or ''}")
    if act.code:
        bits.append(f"code={act.code}")
    if act.title:
        bits.append(f"title={act.title}")
    return f"{text} | {' '.join(bits)}"


def parsed(text: str) -> list[str]:
    return [describe(ref) for ref in parse_references(text)]


CURATED_TSV: list[tuple[str, list[str]]] = [
    (
        "art. 260 alin. (1) lit. a) din Legea nr. 53/2003",
        ["art. 260 alin. (1) lit. a) | lege 53/2003"],
    ),
    (
        "art. 221 alin. (1) lit. a) din Legea nr. 98/2016",
        ["art. 221 alin. (1) lit. a) | lege 98/2016"],
    ),
    ("art. 7 alin. (1) din Legea nr. 98/2016", ["art. 7 alin. (1) | lege 98/2016"]),
    (
        "art. 8 alin. (2) din Legea contenciosului administrativ nr. 554/2004",
        ["art. 8 alin. (2) | lege 554/2004"],
    ),
    (
        "art. 6 alin. (1) lit. f) din Regulamentul general privind protecția datelor",
        ["art. 6 alin. (1) lit. f) | regulament 679/2016 title=GDPR"],
    ),
    (
        "art. 83 alin. (4)-(6) din Regulamentul general privind protecția datelor",
        [
            "art. 83 alin. (4) | regulament 679/2016 title=GDPR",
            "art. 83 alin. (5) | regulament 679/2016 title=GDPR",
            "art. 83 alin. (6) | regulament 679/2016 title=GDPR",
        ],
    ),
    (
        (
            "art. 37-39, 42, 43, art. 83 alin. (7), art. 85 și ale art. 87-89 din "
            "Regulamentul (UE) 2016/679"
        ),
        [
            "art. 37 | regulament 679/2016",
            "art. 38 | regulament 679/2016",
            "art. 39 | regulament 679/2016",
            "art. 42 | regulament 679/2016",
            "art. 43 | regulament 679/2016",
            "art. 83 alin. (7) | regulament 679/2016",
            "art. 85 | regulament 679/2016",
            "art. 87 | regulament 679/2016",
            "art. 88 | regulament 679/2016",
            "art. 89 | regulament 679/2016",
        ],
    ),
    ("art. 2.335 din Codul civil", ["art. 2335 | cod code=civil"]),
    ("art. 160 alin. (2) din Codul civil", ["art. 160 alin. (2) | cod code=civil"]),
    (
        "art. 1.510-1.515",
        ["art. 1510", "art. 1511", "art. 1512", "art. 1513", "art. 1514", "art. 1515"],
    ),
    ("art. 154 alin. (1) lit. c) din Codul penal", ["art. 154 alin. (1) lit. c) | cod code=penal"]),
    ("art. 549^1", ["art. 549^1"]),
    ("art. 251^49", ["art. 251^49"]),
    (
        "art. 49 alin. (3)-(7)",
        [
            "art. 49 alin. (3)",
            "art. 49 alin. (4)",
            "art. 49 alin. (5)",
            "art. 49 alin. (6)",
            "art. 49 alin. (7)",
        ],
    ),
    (
        "art. 115 alin. (4) din Constituția României, republicată",
        ["art. 115 alin. (4) | constitutie code=constitutie"],
    ),
    ("art. 147 alin. (4) din Constituție", ["art. 147 alin. (4) | constitutie code=constitutie"]),
    (
        (
            "Legea nr. 53/2003 - Codul muncii, republicată, cu modificările și "
            "completările ulterioare"
        ),
        ["(act) | lege 53/2003 code=muncii"],
    ),
    ("Legea nr. 287/2009 privind Codul civil, republicată", ["(act) | lege 287/2009 code=civil"]),
    (
        "Legea nr. 134/2010 privind Codul de procedură civilă, republicată",
        ["(act) | lege 134/2010 code=proc_civ"],
    ),
    ("Legea nr. 227/2015 privind Codul fiscal", ["(act) | lege 227/2015 code=fiscal"]),
    (
        ("Ordonanța de urgență a Guvernului nr. 195/2002 privind circulația pe drumurile publice"),
        ["(act) | oug 195/2002"],
    ),
    (
        "Hotărârea Guvernului nr. 395/2016 pentru aprobarea Normelor metodologice",
        ["(act) | hg 395/2016"],
    ),
    ("Hotărârea Guvernului nr. 1.275/2005", ["(act) | hg 1275/2005"]),
    (
        "Decizia Curții Constituționale nr. 766 din 15 iunie 2011",
        ["(act) | other 766/2011 title=Decizia CCR"],
    ),
    ("Decizia Curții Constituționale nr. 195/2015", ["(act) | other 195/2015 title=Decizia CCR"]),
    (
        (
            "Decizia nr. 17 din 13 iunie 2016, pronunțată de Înalta Curte de "
            "Casație și Justiție - Completul pentru dezlegarea unor chestiuni de "
            "drept"
        ),
        ["(act) | other 17/2016 title=Decizia ICCJ"],
    ),
    (
        (
            "(la 13-07-2020, Alineatul (1) din Articolul 57, Sectiunea a 3-a, "
            "Capitolul II a fost modificat de Punctul 4, Articolul I din ORDONANȚA "
            "DE URGENȚĂ nr. 114 din 9 iulie 2020"
        ),
        ["art. 57 alin. (1)", "art. I pct. 4 | oug 114/2020"],
    ),
    (
        (
            "Regulamentul (UE) 2016/679 al Parlamentului European și al Consiliului "
            "din 27 aprilie 2016"
        ),
        ["(act) | regulament 679/2016"],
    ),
    ("Directivei 2009/81/CE", ["(act) | other 81/2009 title=Directiva"]),
    ("art. 1 alin. (1) pct. 4 din Legea nr", ["art. 1 alin. (1) pct. 4 | lege"]),
    ("alin. (2) teza I din Legea nr", []),
    ("Monitorul Oficial al României, Partea I, nr. 390 din 23 mai 2016", []),
    ("art. 9 alin. (4)", ["art. 9 alin. (4)"]),
    ("art. 83 alin. (1) lit. b) din Codul penal", ["art. 83 alin. (1) lit. b) | cod code=penal"]),
    ("art. 229 alin. (1) lit. e) din Codul penal", ["art. 229 alin. (1) lit. e) | cod code=penal"]),
    (
        "art. 272 alin. (1) lit. j) din Legea nr. 297/2004",
        ["art. 272 alin. (1) lit. j) | lege 297/2004"],
    ),
    ("OUG nr. 195/2002, art. 104 alin. (1)", ["art. 104 alin. (1) | oug 195/2002"]),
    (
        "art. 17 din O.G. nr. 2/2001 raportat la Decizia ÎCCJ nr. 22/2007 (RIL)",
        ["art. 17 | og 2/2001", "(act) | other 22/2007 title=Decizia ICCJ"],
    ),
    ("art. 181 C. proc. civ.", ["art. 181 | cod code=proc_civ"]),
    (
        "Art. 560-563 C. Civ. / Decizia ÎCCJ nr. 433/2006",
        [
            "art. 560 | cod code=civil",
            "art. 561 | cod code=civil",
            "art. 562 | cod code=civil",
            "art. 563 | cod code=civil",
            "(act) | other 433/2006 title=Decizia ICCJ",
        ],
    ),
    ("Decizia ÎCCJ nr. 74/2023 (M. Of. nr. 12/2024)", ["(act) | other 74/2023 title=Decizia ICCJ"]),
    ("Legea 53/2003, art. 16", ["art. 16 | lege 53/2003"]),
    ("Conform art. 2517 Cod Civil", ["art. 2517 | cod code=civil"]),
    ("Art. 1674-1676 - Obligația de predare", ["art. 1674", "art. 1675", "art. 1676"]),
    (
        "D.C.C. nr. 279/2015 publicată în M.Of. nr. 431 din 17 iunie 2015",
        ["(act) | other 279/2015 title=Decizia CCR"],
    ),
    ("art. 74 alin. (1) lit. d) din Codul munc i", ["art. 74 alin. (1) lit. d) | cod code=muncii"]),
]

ROMANIAN_FORMS: list[tuple[str, list[str]]] = [
    # keyword spellings
    ("Articolul 57 din Legea 98/2016", ["art. 57 | lege 98/2016"]),
    ("potrivit articolului 1350 din Codul civil", ["art. 1350 | cod code=civil"]),
    ("art 1350 cod civil", ["art. 1350 | cod code=civil"]),
    ("art. 57 alineatul (3) litera b)", ["art. 57 alin. (3) lit. b)"]),
    ("art. 57 alin. 3", ["art. 57 alin. (3)"]),
    ("art. 1 alin. (1) punctul 4", ["art. 1 alin. (1) pct. 4"]),
    ("art. 5 alin. (1) și (2)", ["art. 5 alin. (1)", "art. 5 alin. (2)"]),
    (
        "art. 5 alin. (1) lit. a)-c)",
        ["art. 5 alin. (1) lit. a)", "art. 5 alin. (1) lit. b)", "art. 5 alin. (1) lit. c)"],
    ),
    # an act that letters "ș)" and "ț)" (Legea 303/2004 art. 99): its ranges run through them
    (
        "art. 99 lit. s)-ț)",
        ["art. 99 lit. s)", "art. 99 lit. ș)", "art. 99 lit. t)", "art. 99 lit. ț)"],
    ),
    (
        "art. 99 lit. ş)–u)",
        ["art. 99 lit. ș)", "art. 99 lit. t)", "art. 99 lit. ț)", "art. 99 lit. u)"],
    ),
    ("art. 5 lit. r)-t)", ["art. 5 lit. r)", "art. 5 lit. s)", "art. 5 lit. t)"]),
    # superscript article numbers
    ("art. 549¹ C. pen.", ["art. 549^1 | cod code=penal"]),
    ("art. 549 ind. 1", ["art. 549^1"]),
    ("art. 549 indice 1 Cod penal", ["art. 549^1 | cod code=penal"]),
    ("Articolul 11^1 din Legea nr. 544/2001", ["art. 11^1 | lege 544/2001"]),
    # dotted thousands, ranges
    ("articolul 1.350 din noul Cod civil", ["art. 1350 | cod code=civil"]),
    ("art. 1 - 100", ["art. 1", "art. 100"]),  # longer than 50: endpoints only
    # acts and codes, abbreviations
    ("art. 5 CPC", ["art. 5 | cod code=proc_civ"]),
    ("art. 188 NCP", ["art. 188 | cod code=penal"]),
    ("art. 1169 NCC", ["art. 1169 | cod code=civil"]),
    ("art. 10 C. proc. pen.", ["art. 10 | cod code=proc_pen"]),
    ("art. 10 C.proc.civ.", ["art. 10 | cod code=proc_civ"]),
    ("art. 7 C. fisc.", ["art. 7 | cod code=fiscal"]),
    ("art. 7 din Codul de procedură fiscală", ["art. 7 | cod code=proc_fiscal"]),
    ("art. 41 C. muncii", ["art. 41 | cod code=muncii"]),
    ("art. 3 din O.U.G. nr. 114/2020", ["art. 3 | oug 114/2020"]),
    ("art. 2 din OG nr. 2/2001", ["art. 2 | og 2/2001"]),
    ("art. 12 din HG nr. 395/2016", ["art. 12 | hg 395/2016"]),
    ("art. 4 din L. 98/2016", ["art. 4 | lege 98/2016"]),
    ("art. 5 din Regulamentul (UE) 2016/679", ["art. 5 | regulament 679/2016"]),
    # chains and precedence
    (
        "art. 104 alin. (1) din OUG 195/2002 si art. 5 CPC",
        ["art. 104 alin. (1) | oug 195/2002", "art. 5 | cod code=proc_civ"],
    ),
    ("art. 2 din Legea 1/2000, art. 6", ["art. 2 | lege 1/2000", "art. 6"]),
    (
        "art. 7 și art. 8 din Legea nr. 544/2001",
        ["art. 7 | lege 544/2001", "art. 8 | lege 544/2001"],
    ),
    ("lit. a) a art. 2", ["art. 2 lit. a)"]),
    # list items must be followed by citation-like text
    ("Art. 7, 10 zile", ["art. 7"]),
    ("art. 10, 2016", ["art. 10"]),
]

DIACRITIC_VARIANTS: list[tuple[str, list[str]]] = [
    ("art. 115 alin. (4) din Constituția", ["art. 115 alin. (4) | constitutie code=constitutie"]),
    ("art. 115 alin. (4) din Constituţia", ["art. 115 alin. (4) | constitutie code=constitutie"]),
    ("art. 115 alin. (4) din Constitutia", ["art. 115 alin. (4) | constitutie code=constitutie"]),
    ("art. 5 din Codul de procedură civilă", ["art. 5 | cod code=proc_civ"]),
    ("art. 5 din Codul de procedura civila", ["art. 5 | cod code=proc_civ"]),
    ("art. 5 din CODUL DE PROCEDURĂ CIVILĂ", ["art. 5 | cod code=proc_civ"]),
    ("Ordonanţa de urgenţă a Guvernului nr. 195/2002", ["(act) | oug 195/2002"]),
    ("Ordonanta de urgenta a Guvernului nr. 195/2002", ["(act) | oug 195/2002"]),
    ("Hotararea Guvernului nr. 395/2016", ["(act) | hg 395/2016"]),
    (
        "art. 6 alin. (1) lit. f) din Regulamentul general privind protectia datelor",
        ["art. 6 alin. (1) lit. f) | regulament 679/2016 title=GDPR"],
    ),
]

ENGLISH_FORMS: list[tuple[str, list[str]]] = [
    (
        "Section 5.2 of the Distribution Agreement",
        ["Section 5.2 | agreement title=Distribution Agreement"],
    ),
    ("Sec. 5.2(a)", ["Section 5.2(a)"]),
    ("§ 5.2", ["Section 5.2"]),
    ("Clause 12.1", ["Clause 12.1"]),
    ("see paragraph 3", ["paragraph 3"]),
    ("Article 5", ["Article 5"]),
    ("Art. 5(2)", ["Article 5(2)"]),
    ("Art. 5", ["art. 5"]),  # bare "Art. N" is read as Romanian style
    ("Article 6(1)(f) GDPR", ["Article 6(1)(f) | regulament 679/2016 title=GDPR"]),
    ("paragraph 3 of Article 5", ["Article 5(3)"]),
    ("Section 5.2(a)(iv)", ["Section 5.2(a)(iv)"]),
    (
        "Sections 3.1 and 3.2 of this Agreement",
        ["Section 3.1 | agreement title=Agreement", "Section 3.2 | agreement title=Agreement"],
    ),
    ("Articles 12-14", ["Article 12", "Article 13", "Article 14"]),
    (
        "clause 9 of the Master Services Agreement",
        ["Clause 9 | agreement title=Master Services Agreement"],
    ),
    ("Article 17 of Regulation (EU) 2016/679", ["Article 17 | regulament 679/2016"]),
]

NEGATIVE: list[str] = [
    "within 5 days",
    "in 2016",
    "a loan of $5.2 million",
    "Termenul este de 30 de zile de la 1.01.2016.",
    "Monitorul Oficial nr. 390 din 23 mai 2016",
    "plata de 2.335 lei",
    "Legea 98",  # no year, no nr.: not a citation
    "Legea nr",  # a bare act is only ever attached
    "this Agreement",
    "alin. (2) teza I",
    "the artist painted 5 canvases",
    "Section",
    "decizia de concediere nr. 12/2023",
    "The CP and NCC acronyms alone",
    "",
]


@pytest.mark.parametrize(("text", "expected"), CURATED_TSV, ids=range(len(CURATED_TSV)))
def test_curated_citations(text: str, expected: list[str]) -> None:
    assert parsed(text) == expected


def test_curated_table_has_all_46_rows() -> None:
    assert len(CURATED_TSV) == 46


@pytest.mark.parametrize(("text", "expected"), ROMANIAN_FORMS + DIACRITIC_VARIANTS + ENGLISH_FORMS)
def test_citation_forms(text: str, expected: list[str]) -> None:
    assert parsed(text) == expected


@pytest.mark.parametrize("text", NEGATIVE)
def test_no_reference_in_ordinary_text(text: str) -> None:
    assert parse_references(text) == []


@pytest.mark.parametrize("text", [t for t, _ in CURATED_TSV + ROMANIAN_FORMS + ENGLISH_FORMS])
def test_raw_is_the_span_of_the_input(text: str) -> None:
    for ref in parse_references(text):
        assert ref.raw == text[ref.span[0] : ref.span[1]]
        assert ref.raw.strip() == ref.raw


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("art. 2.335 din Codul civil", ("2335", None, None, None)),
        ("art. 57 alin. (3) lit. b)", ("57", "3", "b", None)),
        ("art. 1 alin. (1) pct. 4", ("1", "1", None, "4")),
        ("Sec. 5.2(a)", ("5.2", None, "a", None)),
        ("paragraph 3", (None, "3", None, None)),
        ("Articolul I din OUG nr. 114/2020", ("I", None, None, None)),
    ],
)
def test_structured_fields(text: str, fields: tuple[str | None, ...]) -> None:
    (ref,) = parse_references(text)
    assert (ref.article, ref.paragraph, ref.letter, ref.point) == fields


def test_references_in_a_question_keep_text_order_and_offsets() -> None:
    text = "Ce spune art. 7 alin. (1) din Legea nr. 98/2016 și Decizia CCR nr. 766/2011?"
    refs = parse_references(text)
    assert [r.raw for r in refs] == [
        "art. 7 alin. (1) din Legea nr. 98/2016",
        "Decizia CCR nr. 766/2011",
    ]
    assert refs[0].span == (9, 47)
    assert refs[0].act == ActRef("lege", "98", "2016")


@pytest.mark.parametrize(
    ("ref", "locator"),
    [
        (Reference("57", "3", "b", None, None, (0, 0), ""), "art. 57 alin. (3) lit. b)"),
        (Reference("57", None, None, None, None, (0, 0), ""), "art. 57"),
        (Reference(None, None, None, None, ActRef("lege", "98", "2016"), (0, 0), ""), ""),
        (Reference("5.2", None, None, None, None, (0, 7), "§ 5.2"), "Section 5.2"),
        (Reference("5.2", None, "a", None, None, (0, 11), "Sec. 5.2(a)"), "Section 5.2(a)"),
        (Reference("5", None, None, None, None, (0, 9), "Article 5"), "Article 5"),
        (Reference("12.1", None, None, None, None, (0, 11), "Clause 12.1"), "Clause 12.1"),
    ],
)
def test_locator_of(ref: Reference, locator: str) -> None:
    assert locator_of(ref) == locator


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("Clause 12.1", ("Clause 12.1", "Section 12.1")),
        ("clause 9(a)", ("Clause 9(a)", "Section 9(a)")),
        ("Section 5.2", ("Section 5.2",)),
        ("art. 57 alin. (3)", ("art. 57 alin. (3)",)),
    ],
)
def test_stored_locators_name_an_english_clause_as_the_chunker_does(
    raw: str, stored: tuple[str, ...]
) -> None:
    [ref] = parse_references(raw)
    assert stored_locators(ref) == stored


@pytest.mark.parametrize(
    ("text", "locator", "act"),
    [
        (
            "What does art. 5 pct. 20 of Law no. 85/2014 say?",
            "art. 5 pct. 20",
            ("lege", "85", "2014"),
        ),
        ("Article 66(1) of Law 85/2014", "art. 66 alin. (1)", ("lege", "85", "2014")),
        ("Article 1357 of the Civil Code", "art. 1357", ("cod", None, None)),
        ("art. 3 of Government Emergency Ordinance no. 57/2019", "art. 3", ("oug", "57", "2019")),
        ("art. 2 of GEO 57/2019", "art. 2", ("oug", "57", "2019")),
        (
            "Article 6(1)(f) of Regulation (EU) 2016/679",
            "Article 6(1)(f)",
            ("regulament", "679", "2016"),
        ),
    ],
)
def test_a_romanian_act_cited_in_english(
    text: str, locator: str, act: tuple[str, str | None, str | None]
) -> None:
    (ref,) = parse_references(text)
    assert locator_of(ref) == locator
    assert ref.act is not None and (ref.act.kind, ref.act.number, ref.act.year) == act


def test_a_foreign_law_without_its_year_is_no_romanian_act() -> None:
    assert parse_references("subject to Law No. 1234 of Brazil") == []
    assert parse_references("governed by the laws of the State of New York") == []
