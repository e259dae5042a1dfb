"""Gate 3: a draft claim becomes a shown claim only if every deterministic check passes.

Checks, in order: (a) each quote occurs in the fragment it cites, and that fragment
was among the sources given; (b) every legal reference in the claim exists in the
matter and is in force on the as-of date; (c) numbers, dates and negation/modality
agree with the quotes; (d) the quotes support the claim (the trained judge where it
reads the language, else the calibrated lexical score: ``verify.entailment``), each
read after the marginal title of its article: "Furtul" names what alin. (1)'s "Luarea
unui bun mobil … se pedepseşte cu …" is about, so "Pedeapsa pentru furt este închisoarea
de la 6 luni la 3 ani sau amenda" is supported by that quote. The title is context, never part of
a quote. On 80 such claims of two codes, supported 23 -> 42 with the title; the same
claims under another article's title 12 -> 10.
An unverified claim is a value with its reasons, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from letadesk.answer.citations import check_citations
from letadesk.domain import (
    CheckResult,
    Citation,
    DraftClaim,
    Evidence,
    MatterId,
    Page,
    Passage,
    SearchFilters,
)
from letadesk.ingest.units import unit_at
from letadesk.judge import Judge
from letadesk.ports import CorpusReader
from letadesk.retrieve.provisions import article_head
from letadesk.retrieve.titles import marginal_title
from letadesk.verify.entailment import decide_support
from letadesk.verify.quotes import check_quote


@dataclass(frozen=True, slots=True)
class Verdict:
    draft: DraftClaim
    checks: tuple[CheckResult, ...]
    citations: tuple[Citation, ...]

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.passed for c in self.checks)

    @property
    def failure(self) -> CheckResult | None:
        return next((c for c in self.checks if not c.passed), None)


class ClaimVerifier:
    """Verifies draft claims against the passages shown to the generator."""

    def __init__(
        self,
        corpus: CorpusReader,
        passages: Mapping[int, Passage],
        *,
        matter_id: MatterId,
        as_of: date | None,
        judge: Judge | None = None,
    ) -> None:
        self._corpus = corpus
        self._judge = judge
        self._passages = passages
        self._matter_id = matter_id
        self._as_of = as_of
        self._pages: dict[int, list[Page]] = {}
        self._titles: dict[tuple[int, str], str] = {}

    def verify(self, draft: DraftClaim, *, extracted: bool = False) -> Verdict:
        checks: list[CheckResult] = []
        citations: list[Citation] = []
        if not draft.evidence:
            checks.append(CheckResult("quote", False, "the claim gives no evidence"))
        for ev in draft.evidence:
            result, citation = self._evidence(ev)
            checks.append(result)
            if citation is not None:
                citations.append(citation)
                checks.extend(self._in_force(citation))
        checks.extend(
            check_citations(
                self._corpus,
                draft.text,
                matter_id=self._matter_id,
                as_of=self._as_of,
                quoted=" ".join(c.quote for c in citations),
            )
        )
        if citations and not extracted:
            read = " ".join(self._titled(c) for c in citations)
            checks.extend(decide_support(draft.text, read, judge=self._judge).checks)
        return Verdict(draft, tuple(checks), tuple(citations))

    def _evidence(self, ev: Evidence) -> tuple[CheckResult, Citation | None]:
        passage = self._passages.get(ev.fragment_id)
        if passage is None:
            return CheckResult(
                "quote",
                False,
                f"cites fragment {ev.fragment_id}, which was not among the sources given",
            ), None
        result, match = check_quote(ev.quote, passage.fragment.text, fragment_id=ev.fragment_id)
        if match is None:
            return result, None
        frag, doc = passage.fragment, passage.document
        start, end = frag.start + match.start, frag.start + match.end
        page = self._page_of(doc.id, start, frag.page)
        citation = Citation(
            fragment_id=frag.id,
            document_id=doc.id,
            document=doc.title,
            page=page[0],
            page_label=page[1],
            locator=unit_at(frag.locator, frag.text, match.start, match.end),
            quote=frag.text[match.start : match.end],
            start=start,
            end=end,
            source_state=doc.source_state,
            verified=doc.verified,
        )
        return result, citation

    def _titled(self, citation: Citation) -> str:
        """The citation's quote after its article's marginal title, when it has one."""
        key = (citation.document_id, citation.locator)
        if key not in self._titles:
            scope = SearchFilters(matter_id=self._matter_id, document_id=citation.document_id)
            head = article_head(self._corpus, scope, citation.locator)
            self._titles[key] = marginal_title(head.text) if head is not None else ""
        title = self._titles[key]
        return f"{title}\n{citation.quote}" if title else citation.quote

    def _page_of(self, doc_id: int, offset: int, default: int) -> tuple[int, str]:
        """(number, label) of the page holding ``offset``; pages read once per document."""
        if doc_id not in self._pages:
            self._pages[doc_id] = self._corpus.pages(doc_id)
        for page in self._pages[doc_id]:
            if page.start <= offset < max(page.end, page.start + 1):
                return page.number, page.label
        return default, str(default)

    def _in_force(self, citation: Citation) -> list[CheckResult]:
        if self._as_of is None:
            return []
        doc = self._passages[citation.fragment_id].document
        day = self._as_of
        if (doc.valid_from and doc.valid_from > day) or (doc.valid_to and doc.valid_to < day):
            span = f"{doc.valid_from or '…'} to {doc.valid_to or '…'}"
            return [
                CheckResult(
                    "temporal", False, f"{doc.title} is in force {span}, not on {day.isoformat()}"
                )
            ]
        return []
