"""A provision the question names whose text is "Abrogat." is answered as repealed:
when and by what act, as its consolidation note says ("art. 20 was repealed on
05-07-2019 by OUG nr. 57/2019"), quoting "Abrogat." with that note. A provision in force
gets nothing here (its text is the answer; its notes never are)."""

from __future__ import annotations

from collections.abc import Sequence

from letadesk.domain import DraftClaim, Evidence, Passage
from letadesk.ingest.units import body_start, unit_at
from letadesk.references.grammar import unit_span
from letadesk.references.notes import Repeal, repeal_of

_SAID = {
    "ro": ("{unit} a fost {abrogat} la {date}", " de {act}"),
    "en": ("{unit} was repealed on {date}", " by {act}"),
}


def split_repealed(
    passages: Sequence[Passage], language: str
) -> tuple[list[DraftClaim], list[Passage]]:
    """(one claim per repealed provision among the passages found by exact reference,
    in the question's ``language``; the passages left to answer from). A named litera
    counts on its own: its passage stays when another of its litere is in force."""
    claims: list[DraftClaim] = []
    rest: list[Passage] = []
    for passage in passages:
        found = _claims(passage, language) if passage.via == "reference" else []
        claims += found
        if not found or len(found) < len(passage.letters):
            rest.append(passage)
    return claims, rest


def _claims(passage: Passage, language: str) -> list[DraftClaim]:
    text = passage.fragment.text
    spans = [unit_span(text, x) for x in passage.letters] or [(0, len(text))]
    return [
        claim
        for span in spans
        if span is not None and (claim := _claim(passage, span, language)) is not None
    ]


def repeal_in(text: str, span: tuple[int, int] | None = None) -> tuple[int, Repeal] | None:
    """Where the body of the provision ``text`` holds (in ``span``, by default all of it)
    starts, and its repeal, when that body is "Abrogat." with its note; else None."""
    first, end = span or (0, len(text))
    start = first + body_start(text[first:end])
    repeal = repeal_of(text[start:end])
    return None if repeal is None else (start, repeal)


def _claim(passage: Passage, span: tuple[int, int], language: str) -> DraftClaim | None:
    frag = passage.fragment
    found = repeal_in(frag.text, span)
    if found is None:
        return None
    start, repeal = found
    quote_start = frag.text.find("Abrogat", start)
    quote = frag.text[quote_start : start + repeal.note.end]
    unit = unit_at(frag.locator, frag.text, quote_start, start + repeal.note.end)
    return DraftClaim(_sentence(unit, repeal, language), (Evidence(frag.id, quote),))


def _sentence(unit: str, repeal: Repeal, language: str) -> str:
    said, by = _SAID["ro" if language == "ro" else "en"]
    word = "abrogată" if unit.endswith(")") and " lit. " in unit else "abrogat"
    name = unit[:1].upper() + unit[1:]
    text = said.format(unit=name, abrogat=word, date=repeal.date)
    return text + (by.format(act=repeal.act) if repeal.act else "") + "."
