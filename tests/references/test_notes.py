"""Consolidation notes: found with their date, action and act; a provision whose text is
"Abrogat." is repealed on the date, by the act, its note says."""

from __future__ import annotations

from letadesk.references.notes import act_short, editorial_spans, notes_in, repeal_of

NOTE_57 = (
    "(la 13-07-2020, Alineatul (1) din Articolul 57 a fost modificat de Punctul 1, Articolul I "
    "din ORDONANȚA DE URGENȚĂ nr. 114 din 9 iulie 2020, publicată în MONITORUL OFICIAL nr. 614 "
    "din 13 iulie 2020)"
)
REPEAL_20 = (
    "(la 05-07-2019, Articolul 20 a fost abrogat de Punctul 3, Articolul I din ORDONANȚA DE "
    "URGENȚĂ nr. 57 din 3 iulie 2019, publicată în MONITORUL OFICIAL nr. 555 din 5 iulie 2019)"
)


def test_notes_with_their_offsets_dates_and_acts() -> None:
    text = f"(1) Text nou.\n{NOTE_57} b) litera următoare;"
    [note] = notes_in(text)
    assert text[note.start : note.end] == NOTE_57
    assert (note.date, note.action, note.act) == ("13-07-2020", "modificat", "OUG nr. 114/2020")


def test_act_short_forms() -> None:
    assert act_short("de lit. e) a art. 354 din LEGEA nr. 207 din 20 iulie 2015") == (
        "Legea nr. 207/2015"
    )
    assert act_short("de ORDONANȚA nr. 3 din 25 august 2021") == "OG nr. 3/2021"
    assert act_short("de HOTĂRÂREA nr. 12 din 1 martie 2019") == "HG nr. 12/2019"
    assert act_short("de un act fără număr") == ""


def test_a_repealed_provision() -> None:
    repeal = repeal_of(f"Abrogat.\n{REPEAL_20}")
    assert repeal is not None
    assert (repeal.date, repeal.act) == ("05-07-2019", "OUG nr. 57/2019")
    assert repeal_of(f" Abrogată.\n{REPEAL_20}") is not None


def test_amended_or_unnoted_provisions_are_not_repealed() -> None:
    assert repeal_of(f"Text în vigoare.\n{NOTE_57}") is None
    assert repeal_of("Abrogat.") is None  # no note says when or by what


def test_a_provision_rewritten_as_abrogat_is_repealed_by_that_rewrite() -> None:
    """Legea 85/2014 art. 217 alin. (2): "Abrogat." and only a note that it "a fost
    modificat": that rewrite made it "Abrogat."; a later repeal note, if any, wins."""
    repeal = repeal_of(f"Abrogat.\n{NOTE_57}")
    assert repeal is not None
    assert (repeal.date, repeal.act) == ("13-07-2020", "OUG nr. 114/2020")
    later = repeal_of(f"Abrogat.\n{NOTE_57}\n{REPEAL_20}")
    assert later is not None and later.act == "OUG nr. 57/2019"


def test_a_note_ends_where_the_next_unit_or_text_starts() -> None:
    for after in ("b^2) abrogată;", "(i) ca urmare a unei clauze;", "– creanțe neafectate", "Notă"):
        text = f"{NOTE_57} {after}"
        [note] = notes_in(text)
        assert text[note.end :] == f" {after}"
    inner = (
        "(la 04-06-2018, Litera d) din Alineatul (1), Articolul 3 a fost modificată de "
        "LEGEA nr. 5 din 1 mai 2018)"
    )
    text = inner + " e) Abrogată."
    assert [text[n.start : n.end] for n in notes_in(text)] == [inner]


def test_editorial_notes() -> None:
    text = f"(1) Text.\n{NOTE_57} Notă Decizie de admitere: RIL nr. 11/2023.\n(2) Alt text."
    [(start, end)] = editorial_spans(text)
    assert text[start:end] == "Notă Decizie de admitere: RIL nr. 11/2023."


def test_an_editorial_note_after_the_provisions_last_sentence() -> None:
    # Legea 215/2001 art. 33 as the portal writes it: the note follows the text on its line.
    rule = "se vor organiza alegeri parțiale pentru completare, în termen de 90 de zile."
    note = "Notă Conform literei e) a alineatului (2) al articolului 597 din OUG nr. 57/2019."
    listed = "se completează după cum urmează: Notă *) Legea nr. 78/2000 a fost modificată."
    for text, kept in ((f"{rule} {note}", rule), (listed, "se completează după cum urmează:")):
        [(start, _)] = editorial_spans(text)
        assert text[:start].rstrip() == kept
    # A sentence that only mentions a note is the provision's text.
    assert editorial_spans("Se întocmește o notă. Nota se semnează.") == []


def test_an_editorial_note_ends_where_the_laws_list_resumes_on_its_line() -> None:
    # Legea 85/2014 art. 5 alin. (1): a decision's note between pct. 20 and pct. 21
    note = (
        "Notă Decizie de admitere: HP nr. 19/2020: în interpretarea art. 5 pct. 20 din Legea "
        "nr. 85/2014, renunțarea la compensație este compatibilă cu procedura insolvenței."
    )
    law = "21. creditor curent este acel creditor ce deține creanțe certe; 22. creditori"
    text = f"20. creditor îndreptățit este creditorul a cărui creanță este certă; {note} {law}"
    [(start, end)] = editorial_spans(text)
    assert text[start:end] == note
    # Legea 62/2011 art. 1: "q)" follows "p)" of an earlier line; "lit. p)" in the note
    # cites it, and "(iii)" is p)'s own item
    p = "p) conflict individual de muncă - următoarele: (iii) conflictele privind încetarea;"
    cited = "Notă Decizie: În interpretarea art. 1 lit. p) din Legea nr. 62/2011, competența."
    text = f"o) conflict colectiv;\n{p} {cited} q) părți îndreptățite să negocieze"
    [(start, end)] = editorial_spans(text)
    assert text[start:end] == cited
    # a number or letter that does not continue the list is the note's
    text = "20. creditor îndreptățit; Notă Decizie: pct. 1. Textul. 23. alt punct. b) alta."
    [(start, end)] = editorial_spans(text)
    assert text[end:] == ""
