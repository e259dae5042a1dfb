"""Presuppositions: a question that names a provision presumes the act has it.

:func:`missing_provision` checks each reference of a question that names an article of
an act identified without ambiguity (a code, or a number and a year) against the
locators the ingest chunker stored for the matter's documents of that act
(:func:`~letadesk.retrieve.acts.act_matches`), and returns the first one that fails:

* (a) ``"article"``: no document of the act has the article ("Codul penal nu are art.
  532; articolele sale sunt 1–446"); inserted articles (``113^1``) count as articles;
* (b) ``"paragraph"`` / ``"point"`` / ``"letter"``: the article (or alineat, punct)
  exists, not the alineat (punct, litera) named; ``have`` lists those it has; a punct
  named without its alineat ("art. 5 pct. 20") may be one of alineat (1). Alin. (1)
  of an existing article is never reported missing: a single-paragraph article is its
  own first paragraph;
* (c) ``"act"``: no document of the matter is the act named;
* (d) ``"not_in_force"``: with an as-of date, only versions of the act not in force on
  that date hold the provision (or no version is in force then).

Nothing is decided (``None``) for a reference without an act, an act named only by a
title or a bare ``Legea nr``, English locators (``Section 5.2``), a roman-numbered
article, or when no document of the act has article locators (text without structure).
:func:`unmet_presupposition` is the whole check for a question, as the lawyer reads it
(:func:`describe`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from letadesk.answer.messages import message
from letadesk.domain import Document, DocumentId, MatterId, SearchFilters
from letadesk.ports import CorpusReader
from letadesk.references import Reference, locator_of, parse_references
from letadesk.references.grammar import litera_span, litere_in, puncte_in
from letadesk.references.titles import act_title
from letadesk.retrieve.acts import act_matches, is_statute
from letadesk.text import fold_diacritics

Span = tuple[date | None, date | None]  # a version's validity: from, to (None: open)

MAX_INSERTED = 5  # inserted units (113^1) named in a range, then "…"
# A question about "the contract": its words, and a document titled as one (not a statute)
_PUNCT_THEN_LITERA = re.compile(r"pct\. (\S+) lit\. (\S+\))$")
_CONTRACT = re.compile(r"\b(?:contract\w*|agreement|nda|acord\w*|conventi\w*)\b")


@dataclass(frozen=True, slots=True)
class Missing:
    """A provision a question names that the matter does not have, and what it has."""

    kind: str  # "article" | "paragraph" | "point" | "letter" | "act" | "not_in_force"
    act: str  # the act as messages name it: "Codul penal", "Legea nr. 98/2016"
    provision: str  # what was asked: "art. 532", "art. 57 alin. (9)"
    within: str = ""  # the unit that exists (paragraph, letter): "art. 57"
    have: tuple[str, ...] = ()  # article numbers, alineate or litere it has instead
    as_of: date | None = None
    in_force: tuple[Span, ...] = ()  # not_in_force: the versions in force on ``as_of``
    held_by: tuple[Span, ...] = ()  # not_in_force: the versions that hold the provision


@dataclass(frozen=True, slots=True)
class _Gap:
    kind: str
    within: str
    have: tuple[str, ...]


def unmet_presupposition(
    corpus: CorpusReader, question: str, *, matter_id: MatterId, as_of: date | None, language: str
) -> str | None:
    """Why the question asks about a provision the matter lacks, in ``language``
    ("No such provision: …"); ``None`` when nothing it names is missing."""
    refs = parse_references(question)
    missing = missing_provision(corpus, refs, matter_id=matter_id, as_of=as_of)
    if missing is not None:
        return describe(missing, language)
    gaps = missing_in_contracts(corpus, refs, question, matter_id=matter_id)
    if not gaps:
        return None
    said = "; ".join(describe(gap, language, prefixed=False) for gap in gaps)
    return f"{message('no_provision', language)}: {said}"


def missing_in_contracts(
    corpus: CorpusReader, refs: Sequence[Reference], question: str, *, matter_id: MatterId
) -> list[Missing]:
    """A question about an article or section of "the contract" / "the agreement" that
    names no act: when no contract of the matter (a document titled as one) has it, one
    ``"article"`` (``"section"``) gap per contract with structure, saying what it has
    ("the contract has no art. 99; its articles are 1–6"); ``[]`` otherwise."""
    if not _CONTRACT.search(fold_diacritics(question.lower())):
        return []
    matter = SearchFilters(matter_id=matter_id)
    contracts = [d for d in corpus.documents_admissible(matter) if _is_contract(d)]
    for ref in refs:
        if not ref.article or not ref.article[:1].isdigit():
            continue
        if ref.act is not None and ref.act.kind != "agreement":
            continue
        asked = locator_of(ref)
        kind = "article" if asked.startswith("art. ") else "section"
        prefix = "art. " if kind == "article" else "Section "
        if kind == "section" and not asked.startswith(("Section ", "Clause ", "Article ")):
            continue
        have = [(d, _top_units(corpus.locators_of(d.id), prefix)) for d in contracts]
        have = [(d, units) for d, units in have if units]
        if have and all(ref.article not in units for _, units in have):
            return [Missing(kind, d.title, asked, have=units) for d, units in have]
    return []


def _is_contract(document: Document) -> bool:
    title = fold_diacritics(document.title.lower())
    return bool(_CONTRACT.search(title)) and not is_statute(document)


def _top_units(locators: Sequence[str], prefix: str) -> tuple[str, ...]:
    """The article (or top-level section) numbers of ``locators``: "Section 5.2" -> 5."""
    units = _units(locators, prefix, " ")
    return tuple(dict.fromkeys(u.split(".", 1)[0] for u in units))


def missing_provision(
    corpus: CorpusReader, refs: Sequence[Reference], *, matter_id: MatterId, as_of: date | None
) -> Missing | None:
    """The first of ``refs`` that names a provision the matter's documents of its act
    lack (on ``as_of``, when given), or ``None``. See the module docstring."""
    matter = SearchFilters(matter_id=matter_id)
    locators: dict[DocumentId, list[str]] = {}
    for ref in refs:
        if not _decidable(ref):
            continue
        assert ref.act is not None
        docs = [d for d in corpus.documents_admissible(matter) if act_matches(ref.act, d)]
        if not docs:
            return Missing("act", act_title(ref.act), locator_of(ref))
        for doc in docs:
            if doc.id not in locators:
                locators[doc.id] = corpus.locators_of(doc.id)
        if not any(loc.startswith("art. ") for d in docs for loc in locators[d.id]):
            continue  # no structure to judge by
        found = _check(corpus, ref, docs, locators, matter, as_of)
        if found is not None:
            return found
    return None


def _decidable(ref: Reference) -> bool:
    act = ref.act
    return (
        act is not None
        and ref.article is not None
        and ref.article[:1].isdigit()
        and act.kind != "agreement"
        and bool(act.code or (act.number and act.year))
        and locator_of(ref).startswith("art. ")
    )


def _check(
    corpus: CorpusReader,
    ref: Reference,
    docs: list[Document],
    locators: dict[DocumentId, list[str]],
    matter: SearchFilters,
    as_of: date | None,
) -> Missing | None:
    """Does the provision hold in ``docs`` (the act's documents), on ``as_of``?"""
    assert ref.act is not None
    act, asked = act_title(ref.act), locator_of(ref)
    everywhere = _gap(corpus, ref, docs, locators, matter)
    if as_of is None:
        return None if everywhere is None else _missing(everywhere, act, asked)
    dated = {
        d.id
        for d in corpus.documents_admissible(SearchFilters(matter_id=matter.matter_id, as_of=as_of))
    }
    current = [d for d in docs if d.id in dated]
    now = _gap(corpus, ref, current, locators, matter) if current else everywhere
    if current and now is None:
        return None
    if everywhere is None:  # only versions not in force on as_of hold it
        holding = [d for d in docs if _gap(corpus, ref, [d], locators, matter) is None]
        return Missing(
            "not_in_force",
            act,
            asked,
            as_of=as_of,
            in_force=_spans(current),
            held_by=_spans(holding),
        )
    assert now is not None
    return _missing(now, act, asked, as_of)


def _missing(gap: _Gap, act: str, asked: str, as_of: date | None = None) -> Missing:
    if gap.kind == "point" and gap.within.endswith(")"):  # a punct of a litera
        asked = _PUNCT_THEN_LITERA.sub(r"lit. \2 pct. \1", asked)
    return Missing(gap.kind, act, asked, gap.within, gap.have, as_of)


def _gap(
    corpus: CorpusReader,
    ref: Reference,
    docs: list[Document],
    locators: dict[DocumentId, list[str]],
    matter: SearchFilters,
) -> _Gap | None:
    """The first level of ``ref`` (article, alineat, punct, litera) that none of ``docs``
    has, with the units it has at that level instead; ``None`` when all exist."""
    locs = [loc for d in docs for loc in locators[d.id]]
    articles = _units(locs, "art. ", " ")
    if ref.article not in articles:
        return _Gap("article", "", articles)
    base = f"art. {ref.article}"
    if ref.paragraph is not None:
        paragraphs = _units(locs, f"{base} alin. (", ")")
        if ref.paragraph in paragraphs:
            base = f"{base} alin. ({ref.paragraph})"
        elif ref.paragraph != "1":
            return _Gap("paragraph", base, paragraphs)
    if ref.point is not None and ref.letter is not None:
        litera = f"{base} lit. {ref.letter})"
        inside = _units(locs, f"{litera} pct. ", " ")
        inside += _in_text(puncte_in, corpus, base, docs, matter, ref.letter)
        if "1" in inside:  # puncte written inside the litera (Codul fiscal, art. 278)
            return (
                None if ref.point in inside else _Gap("point", litera, tuple(dict.fromkeys(inside)))
            )
    text_base = ""  # where the litere are written when the punct has no fragment of its own
    if ref.point is not None:
        # "art. 5 pct. 20" may name a punct of the article's alineat (1)
        within = [base] if ref.paragraph is not None else [base, f"{base} alin. (1)"]
        points = {
            b: _units(locs, f"{b} pct. ", " ") + _in_text(puncte_in, corpus, b, docs, matter)
            for b in within
        }
        holder = next((b for b in within if ref.point in points[b]), None)
        if holder is None:
            return _Gap("point", base, tuple(dict.fromkeys(p for b in within for p in points[b])))
        base = f"{holder} pct. {ref.point}"
        if not any(loc.startswith(base) for loc in locs):  # written in its alineat's text
            text_base = holder
    if ref.letter is not None:
        letters = _units(locs, f"{base} lit. ", ")")
        letters += _in_text(litere_in, corpus, text_base or base, docs, matter)
        if ref.letter not in letters:
            return _Gap("letter", base, tuple(dict.fromkeys(letters)))
    return None


def _units(locators: Sequence[str], prefix: str, end: str) -> tuple[str, ...]:
    """The distinct values that follow ``prefix`` (up to ``end``) in ``locators``:
    ``_units(locs, "art. 57 alin. (", ")")`` gives ``("1", "2", …)``."""
    values = (loc[len(prefix) :].split(end, 1)[0] for loc in locators if loc.startswith(prefix))
    return tuple(dict.fromkeys(v for v in values if v))


def _in_text(
    units_in: Callable[[str], tuple[str, ...]],
    corpus: CorpusReader,
    base: str,
    docs: list[Document],
    matter: SearchFilters,
    litera: str | None = None,
) -> tuple[str, ...]:
    """Litere or puncte (``units_in``) written inside the fragments of ``base``: they
    stay in their alineat's fragment unless it is too long for one. With ``litera``:
    the puncte written inside that litera, in its own fragments or in those of ``base``."""
    found: list[str] = []
    locators = (base,) if litera is None else (f"{base} lit. {litera})", base)
    for doc in docs:
        scope = SearchFilters(matter_id=matter.matter_id, document_id=doc.id)
        for frag in (f for loc in locators for f in corpus.fragments_by_locator(scope, loc)):
            span = (0, len(frag.text)) if litera is None else litera_span(frag.text, litera)
            if span is not None:
                found += units_in(frag.text[span[0] : span[1]])
    return tuple(found)


def _spans(docs: Sequence[Document]) -> tuple[Span, ...]:
    """The validity spans of ``docs``, earliest first."""
    spans = {(d.valid_from, d.valid_to) for d in docs}
    return tuple(sorted(spans, key=lambda s: (s[0] or date.min, s[1] or date.max)))


# ---- what the lawyer reads ------------------------------------------------------------


def describe(missing: Missing, language: str, *, prefixed: bool = True) -> str:
    """ "No such provision: Codul penal has no art. 532; its articles are 1–446", in
    ``language`` ("en", "ro"; anything else reads English); without the "No such
    provision" head when not ``prefixed`` (a draft's reference to an act the matter
    lacks is unchecked, not missing)."""
    values: dict[str, object] = {
        "act": missing.act,
        "provision": missing.provision,
        "within": missing.within,
        "part": missing.provision[len(missing.within) :].strip(),
    }
    if missing.kind == "not_in_force":
        values["date"] = _date(missing.as_of, language)
        values["span"] = "; ".join(_span_text(s, language) for s in missing.in_force)
        values["held"] = f" {message('and', language)} ".join(
            _span_text(s, language) for s in missing.held_by
        )
        key = "not_in_force" if missing.in_force else "no_version"
    else:
        wrap = {"paragraph": "({})", "letter": "{})", "point": "{}"}.get(missing.kind, "{}")
        values["have"] = _ranges(missing.have, wrap, language)
        key = f"no_{missing.kind}"
        if missing.kind in ("paragraph", "letter", "point") and not missing.have:
            key += "s"
    said = message(key, language, **values)
    return f"{message('no_provision', language)}: {said}" if prefixed else said


def _ordinal(unit: str) -> int | None:
    """Position of an article, alineat or litera number (7; a=1, z=26, aa=27), else None."""
    if unit.isdigit():
        return int(unit)
    if unit.isalpha() and unit.islower() and len(set(unit)) == 1:
        return (len(unit) - 1) * 26 + ord(unit[0]) - 96
    return None


def _ranges(units: Sequence[str], wrap: str, language: str) -> str:
    """``1–446``, ``(1), (2), (4)–(6)``, ``a)–f)``; inserted units after them:
    ``1–240 (including 113^1, 222^1)``."""
    plain = sorted({(n, u) for u in units if "^" not in u and (n := _ordinal(u)) is not None})
    runs: list[list[tuple[int, str]]] = []
    for item in plain:
        if runs and item[0] == runs[-1][-1][0] + 1:
            runs[-1].append(item)
        else:
            runs.append([item])
    parts: list[str] = []
    for run in runs:
        ends = [wrap.format(run[0][1]), wrap.format(run[-1][1])]
        parts += ["–".join(ends)] if len(run) > 2 else [wrap.format(u) for _, u in run]
    text = ", ".join(parts)
    inserted = [wrap.format(u) for u in sorted({u for u in units if "^" in u}, key=_inserted_key)]
    if inserted:
        shown = ", ".join(inserted[:MAX_INSERTED]) + (", …" if len(inserted) > MAX_INSERTED else "")
        text += f" ({message('including', language)} {shown})"
    return text


def _inserted_key(unit: str) -> tuple[int, int]:
    """``113^1`` -> (113, 1), for ordering inserted units after the one they follow."""
    base, _, sup = unit.partition("^")
    return _ordinal(base) or 0, int(sup) if sup.isdigit() else 0


def _date(day: date | None, language: str) -> str:
    if day is None:
        return ""
    return day.strftime("%d.%m.%Y") if language == "ro" else day.isoformat()


def _span_text(span: Span, language: str) -> str:
    start, end = (_date(d, language) for d in span)
    if start and end:
        return f"{start} – {end}"
    if start or end:
        return message("since" if start else "until", language, date=start or end)
    return message("undated", language)
