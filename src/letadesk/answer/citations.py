"""Gate 3(b): every legal reference inside a claim must exist in the matter's documents
(citation existence) and be in force on the question's date (temporal validity)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from letadesk.answer.repealed import repeal_in
from letadesk.domain import CheckResult, Fragment, MatterId, RejectedClaim, SearchFilters
from letadesk.ports import CorpusReader
from letadesk.references import Reference, parse_references
from letadesk.retrieve.acts import act_matches
from letadesk.retrieve.provisions import provision_fragments


def _provision_exists(corpus: CorpusReader, filters: SearchFilters, ref: Reference) -> bool:
    """Whether a document of the matter holds ``ref``: its act (when it names one) and
    its provision, found as the retriever finds an exact reference (a litera inside its
    alineat's fragment, alin. (1) of a single-paragraph article)."""
    if ref.article is None:
        docs = corpus.documents_admissible(filters)
        return ref.act is not None and any(act_matches(ref.act, d) for d in docs)
    return bool(provision_fragments(corpus, filters, ref, _of_act(corpus, ref)))


def _of_act(corpus: CorpusReader, ref: Reference) -> Callable[[Fragment], bool]:
    """Whether a fragment is of the act ``ref`` names (any act when it names none)."""
    act = ref.act

    def of_act(frag: Fragment) -> bool:
        return act is None or act_matches(act, corpus.document(frag.document_id))

    return of_act


def _article_repealed(corpus: CorpusReader, filters: SearchFilters, ref: Reference) -> bool:
    """Whether ``ref``'s article is in the matter with the text "Abrogat." (so none of
    its alineate or litere is)."""
    if ref.article is None:
        return False
    article = replace(ref, paragraph=None, letter=None, point=None)
    return any(
        repeal_in(frag.text) is not None
        for frag, _ in provision_fragments(corpus, filters, article, _of_act(corpus, ref))
    )


def _acts(text: str) -> set[tuple[str, str | None, str | None]]:
    return {(r.act.kind, r.act.number, r.act.year) for r in parse_references(text) if r.act}


def _references(claim: str, quoted: str) -> list[Reference]:
    """The references of ``claim`` to check: those naming a provision or an act, less an
    act named alone that ``quoted`` names too."""
    stated = _acts(quoted) if quoted else set()
    return [
        r
        for r in parse_references(claim)
        if (r.article is not None or r.act is not None)
        and not (r.article is None and r.act and (r.act.kind, r.act.number, r.act.year) in stated)
    ]


@dataclass(frozen=True, slots=True)
class Unheld:
    """A reference no document of the matter holds; ``repealed``: its article is in the
    matter, repealed ("Abrogat.")."""

    ref: Reference
    repealed: bool


def unheld_references(corpus: CorpusReader, claim: str, *, matter_id: MatterId) -> list[Unheld]:
    """The references of ``claim`` that no document of the matter holds: why its
    citation check failed."""
    anywhere = SearchFilters(matter_id=matter_id)
    return [
        Unheld(r, _article_repealed(corpus, anywhere, r))
        for r in _references(claim, "")
        if not _provision_exists(corpus, anywhere, r)
    ]


def rejected_for(
    corpus: CorpusReader, rejected: Sequence[RejectedClaim], *, matter_id: MatterId
) -> list[Unheld]:
    """The references that made the citation check reject the ``rejected`` claims, each
    once, in order."""
    unheld = (
        u
        for r in rejected
        if r.check == "citation"
        for u in unheld_references(corpus, r.text, matter_id=matter_id)
    )
    return list({u.ref.raw: u for u in unheld}.values())


def check_citations(
    corpus: CorpusReader,
    claim: str,
    *,
    matter_id: MatterId,
    as_of: date | None,
    quoted: str = "",
) -> list[CheckResult]:
    """One "citation" verdict, and one "temporal" verdict when a date is given.

    Fails when a reference in the claim names a provision or act that no document of
    the matter holds, or that only versions not in force on ``as_of`` hold. An act
    named alone that the claim's own verified quotes (``quoted``) name is the source's
    word, not the claim's ("repealed by OUG nr. 57/2019" quoting the repeal's note)."""
    refs = _references(claim, quoted)
    anywhere = SearchFilters(matter_id=matter_id)
    missing = [r.raw for r in refs if not _provision_exists(corpus, anywhere, r)]
    if missing:
        return [
            CheckResult(
                "citation",
                False,
                "cites "
                + ", ".join(f'"{m}"' for m in missing)
                + ", which is not in this matter's documents",
            )
        ]
    found = CheckResult(
        "citation",
        True,
        f"{len(refs)} legal references, all in the corpus"
        if refs
        else "no legal references in the claim",
    )
    if as_of is None:
        return [found]
    dated = replace(anywhere, as_of=as_of)
    stale = [r.raw for r in refs if not _provision_exists(corpus, dated, r)]
    if stale:
        return [
            found,
            CheckResult(
                "temporal",
                False,
                "cites "
                + ", ".join(f'"{s}"' for s in stale)
                + f", which is not in force on {as_of.isoformat()}",
            ),
        ]
    return [found, CheckResult("temporal", True, f"in force on {as_of.isoformat()}")]
