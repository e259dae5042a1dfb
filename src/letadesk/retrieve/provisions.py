"""Where a named provision lives in the stored fragments: one rule for the retriever's
exact references and for Gate 3's check that a claim's references exist.

The chunker keeps a litera inside its alineat's fragment ("art. 2" holds "a) ..." and
"b) ..."), and a single-paragraph article is its own first alineat: "art. 2 lit. a)" or
"art. 7 alin. (1)" may have no fragment of its own. Such a provision is found in the
fragment of the nearest enclosing unit that holds it (:func:`holds`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from letadesk.domain import DocumentId, Fragment, SearchFilters
from letadesk.ports import CorpusReader
from letadesk.references import Reference, locator_of, stored_locators
from letadesk.references.grammar import litera_span, puncte_in

_ARTICLE = re.compile(r"^(art\. [\w^.]+)")


def article_head(corpus: CorpusReader, filters: SearchFilters, locator: str) -> Fragment | None:
    """The first fragment (its header and marginal title) of the article a Romanian
    ``locator`` belongs to ("art. 228 alin. (2)" -> that of art. 228), among the
    fragments ``filters`` admit; ``None`` for a locator of no article."""
    article = _ARTICLE.match(locator)
    if article is None:
        return None
    return next(iter(corpus.fragments_by_locator(filters, article.group(1))), None)


def enclosing_units(ref: Reference) -> list[Reference]:
    """``ref``, then the units that may hold it when it has no fragment of its own,
    nearest first: a litera's alineat (or article, when none is named) and, for alin.
    (1), its article; an English subsection's section ("Section 13(a)" -> "Section 13",
    the chunker's unit for a contract's numbered clauses); a Romanian punct's alineat
    (or article), whose fragment holds the puncte of a list too short to be cut."""
    units = [ref]
    if _subsection(ref) is not None:
        return [ref, replace(ref, paragraph=None, letter=None, point=None)]
    if not locator_of(ref).startswith("art. "):
        return units
    if ref.point is not None:  # a punct written inside its litera's or alineat's fragment
        litera = [replace(ref, point=None)] if ref.letter is not None else []
        return [ref, *litera, replace(ref, letter=None, point=None)]
    if ref.letter is not None:
        units.append(replace(ref, letter=None))
    if ref.paragraph == "1":
        units.append(replace(units[-1], paragraph=None))
    return units


def _subsection(ref: Reference) -> str | None:
    """The first mark of an English reference's subsection ("a" of "Section 13(a)(ii)",
    "1" of "Article 6(1)(f)"); None for a whole section or a Romanian reference."""
    if ref.article is None or locator_of(ref).startswith("art. "):
        return None
    return next((p for p in (ref.paragraph, ref.letter, ref.point) if p), None)


def holds(frag: Fragment, ref: Reference, unit: Reference) -> bool:
    """Whether ``frag``, found by ``unit`` (an enclosing unit of ``ref``), holds ``ref``:
    when alin. (1) was dropped, only the article's own fragments do (not its other
    alineate); when a punct or a litera is named, only fragments in which it is written; an
    English section holds a subsection whose mark ("(a)", "a)") opens a line or an item
    of it ("... as follows: (a) ...")."""
    mark = _subsection(ref)
    if mark is not None:
        return re.search(rf"(?:^|[\s:;])\(?{re.escape(mark)}\)\s", frag.text, re.M) is not None
    if ref.paragraph is not None and unit.paragraph is None and frag.locator != locator_of(unit):
        return False
    if ref.point is not None and unit.point is None:
        return ref.point in puncte_in(frag.text)
    return ref.letter is None or litera_span(frag.text, ref.letter) is not None


def _held(ref: Reference, unit: Reference) -> str:
    """The punct ``ref`` names, as held inside the fragment of its enclosing ``unit``:
    with its litera when the unit is the alineat ("lit. d) pct. 2": the punct may be
    written inside the litera, :func:`~letadesk.references.grammar.unit_span`)."""
    if ref.letter is None or unit.letter is not None:
        return f"pct. {ref.point}"
    return f"lit. {ref.letter}) pct. {ref.point}"


def provision_fragments(
    corpus: CorpusReader,
    filters: SearchFilters,
    ref: Reference,
    of_act: Callable[[Fragment], bool],
) -> list[tuple[Fragment, str | None]]:
    """The fragments of ``ref``'s act (``of_act``) whose locator is ``ref``'s (or starts
    with it); in a document with none, those of the nearest enclosing unit it has that
    hold ``ref``, each paired with the unit it holds inside its text: the litera named
    ("h"), or the punct ("pct. 20") when the punct has no fragment of its own (``None``
    when none is named or the fragment is the unit's own). Document order."""
    found: list[tuple[Fragment, str | None]] = []
    decided: set[DocumentId] = set()
    # a litera is carried for its text to be cut out; an English subsection is read whole
    letter = None if _subsection(ref) is not None else ref.letter
    for level, unit in enumerate(enclosing_units(ref)):
        frags = [
            f
            for loc in stored_locators(unit)
            for f in corpus.fragments_by_locator(filters, loc)
            if f.document_id not in decided and of_act(f)
        ]
        decided.update(f.document_id for f in frags)
        if level == 0:
            found += [(f, None) for f in frags]
        else:  # a punct without a fragment of its own is carried whole, its litere in it
            held = _held(ref, unit) if ref.point is not None and unit.point is None else letter
            found += [(f, held) for f in frags if holds(f, ref, unit)]
    return sorted(found, key=lambda pair: (pair[0].document_id, pair[0].start))
