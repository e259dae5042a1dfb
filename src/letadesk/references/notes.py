"""Consolidation notes of the Portal Legislativ: "(la 13-07-2020, Alineatul (1) din
Articolul 57 a fost modificat de Punctul 1, Articolul I din ORDONANȚA DE URGENȚĂ nr. 114
din 9 iulie 2020, publicată în MONITORUL OFICIAL nr. 614 din 13 iulie 2020)".

A note is a note of the provision it follows, never its text: :func:`notes_in` finds
them (offsets in the text given), :func:`editorial_spans` the portal's "Notă ..." lines,
:func:`repeal_of` says whether a provision's text is only "Abrogat." and, from its note,
when and by what act it was repealed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from letadesk.references.grammar import (
    Marks,
    follows_letter,
    litera_marks,
    next_point,
    punct_marks,
)

__all__ = ["Note", "Repeal", "act_short", "editorial_spans", "notes_in", "repeal_of"]

# A note ends at the first ")" that no word of the note follows: one inside it is
# followed by a comma or a lower-case word ("Litera b) din Alineatul (1), ..."), the last
# by the line's end or the next unit written in-line ("... 2018) e) Abrogată.").
NOTE = re.compile(
    r"\(la (?P<date>\d{2}-\d{2}-\d{4}), (?P<what>[^\n]*?) (?:a|au) fost (?P<action>\w+)"
    r"(?P<by>[^\n]*?)\)(?![ \t]*(?:,|\.\)|[a-zăâîșşțţ]+\b(?!\)|\^)))"
)
# The portal's editorial notes ("Notă Decizie de admitere: RIL nr. 11/2023, ..."), to the
# end of their line: never the provision's text either. One starts a line, follows a unit's
# number, or follows the provision's last sentence on its line ("... în termen de 90 de
# zile. Notă Conform literei e) ...", "... după cum urmează: Notă *) Legea nr. 78/2000 ...").
EDITORIAL = re.compile(r"(?:^|(?<=\) ))Notă\b[^\n]*|(?<=[.;:] )Notă (?=[A-ZĂÂÎȘŞȚŢ*])[^\n]*", re.M)
_LOOK_BACK = 20_000  # how far before a note its article's last unit is looked for
_ACT = re.compile(
    r"(?P<kind>ORDONAN[ȚŢT](?:A|EI) DE URGEN[ȚŢT][ĂA]|ORDONAN[ȚŢT](?:A|EI)|LEGEA|LEGII|"
    r"HOT[ĂA]R[ÂA]REA|HOT[ĂA]R[ÂA]RII|DECIZIA|DECIZIEI|DECRETUL|DECRETULUI|ORDINUL|ORDINULUI)"
    r"\s+nr\.\s*(?P<num>\d+)(?:\s+din\s+\d{1,2}\s+\w+\s+(?P<year>\d{4}))?",
    re.IGNORECASE,
)
_SHORT = (
    ("ORDONAN", "URGEN", "OUG"),
    ("ORDONAN", "", "OG"),
    ("LEG", "", "Legea"),
    ("HOT", "", "HG"),
    ("DECIZI", "", "Decizia"),
    ("DECRET", "", "Decretul"),
    ("ORDIN", "", "Ordinul"),
)
_REPEALED = re.compile(r"(?:abrogat|eliminat)", re.IGNORECASE)
# A note that rewrote the provision: when none says it was repealed, the last such note
# wrote "Abrogat." ("(2) Abrogat. (la 14-12-2015, Alin. (2) al art. 217 a fost modificat
# de pct. 11 al art. 630 din LEGEA nr. 312 ...)").
_REWRITTEN = re.compile(r"(?:modificat|[îi]nlocuit)", re.IGNORECASE)
_ABROGAT = re.compile(r"Abrogat[ăa]?\s*\.?")


@dataclass(frozen=True, slots=True)
class Note:
    """One consolidation note: ``start``/``end`` its offsets (parentheses included),
    ``date`` as written (``"13-07-2020"``), ``action`` (``"modificat"``, ``"abrogat"``,
    ``"completat"``...), ``act`` the amending act in short (``"OUG nr. 114/2020"``, ""
    when the note names none)."""

    start: int
    end: int
    date: str
    action: str
    act: str


@dataclass(frozen=True, slots=True)
class Repeal:
    """A provision whose text is "Abrogat.": when and by what act, and its note."""

    date: str
    act: str
    note: Note


def act_short(text: str) -> str:
    """The first act ``text`` names, in short ("OUG nr. 57/2019", "Legea nr. 187/2012")."""
    m = _ACT.search(text)
    if m is None:
        return ""
    kind = m["kind"].upper()
    word = next(w for a, b, w in _SHORT if kind.startswith(a) and b in kind)
    return f"{word} nr. {m['num']}" + (f"/{m['year']}" if m["year"] else "")


def notes_in(text: str) -> list[Note]:
    """The consolidation notes written in ``text``, in order."""
    return [
        Note(m.start(), m.end(), m["date"], m["action"].lower(), act_short(m["by"]))
        for m in NOTE.finditer(text)
    ]


def editorial_spans(text: str) -> list[tuple[int, int]]:
    """Where the portal's editorial notes ("Notă ...") are written in ``text``: to the end
    of their line, or to where the law's own list resumes on it (:func:`_resumes`)."""
    spans = []
    for m in EDITORIAL.finditer(text):
        end = _resumes(text, m.start(), m.end())
        while end > m.start() and text[end - 1].isspace():
            end -= 1
        spans.append((m.start(), end))
    return spans


def _resumes(text: str, start: int, end: int) -> int:
    """Where, inside a note at [start, end), the law goes on: the first litera or punct
    written in-line that follows the last one of its article written before the note
    ("p) … (iii) … ; Notă Decizie … tribunalelor. q) părți îndreptățite …"; "20. … ;
    Notă … 21. creditor cu creanțe curente …"); ``end`` when none does."""
    window = max(start - _LOOK_BACK, 0)
    article = max(text.rfind("\nArticolul ", window, start), text.rfind("\nArt. ", window, start))
    since = max(article, window)
    found = [end]
    if litere := _in_order(litera_marks(text, since, start)):
        prev = litere[-1][0]
        after = _in_order(litera_marks(text, start, end))
        found += [at for name, at in after if follows_letter(prev, name)][:1]
    if puncte := punct_marks(text, since, start):
        prev = puncte[-1][1]
        after_p = punct_marks(text, start, end)
        found += [at for at, name in after_p if next_point(prev, name, after_colon=False)][:1]
    return min(found)


def _in_order(marks: tuple[Marks, Marks]) -> Marks:
    """The litere of :func:`litera_marks`, those starting a line and in-line, by offset."""
    return sorted((*marks[0], *marks[1]), key=lambda mark: mark[1])


def repeal_of(body: str) -> Repeal | None:
    """The repeal of a provision whose ``body`` (its text without header or title) is
    "Abrogat." / "Abrogată." followed by its notes; ``None`` for a provision in force.
    The note that says "a fost abrogat" gives the date and the act (the last such note,
    when the text was amended before it was repealed); when none says so, the last note
    that rewrote the provision, which made its text "Abrogat."."""
    notes = notes_in(body)
    first = notes[0].start if notes else len(body)
    if not _ABROGAT.fullmatch(body[:first].strip()):
        return None
    repeals = [n for n in notes if _REPEALED.match(n.action)] or [
        n for n in notes if _REWRITTEN.match(n.action)
    ]
    if not repeals:
        return None
    last = repeals[-1]
    return Repeal(last.date, last.act, last)
