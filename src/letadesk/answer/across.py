"""Answers over several documents: one group of claims per document that answers.

A question asked of a whole matter ("What is the governing law?" over a matter of
contracts) wants an answer from each document, not the three best sentences of the
matter. It is *asked of several documents* when the search is not limited to one
document, the question names no provision, act or document, and at least two documents
are admissible, not all of them acts of law (:func:`asked_of_several`): a question put
to a matter of codes and laws ("Ce este insolvența?") asks what the law says, and one
answer from the whole matter says it, not a group from each act that mentions it. Each
document is then searched on its own (:data:`PER_DOCUMENT_K` passages, plus its
passages from the matter-wide search) and gives its own best sentences
(``extract_claims`` over its passages). At most :data:`MAX_DOCUMENTS` are searched:
those the matter-wide search found, then the others as stored; any beyond are neither
grouped nor listed as unanswered. A document answers when one of its sentences passes
the scorer's threshold (Gate 2's bar): each document stands on its own, so a document
whose answer scores well below another's is still named with it rather than listed,
wrongly, as holding no answer.

When two or more documents answer, the answer has one group per document, most relevant
first, and names the documents searched that hold no answer. Each group's claims pass
Gate 3 and Gate 4 as any extracted claim does; Gate 4 compares claims within a document
only (two contracts choosing different laws do not contradict each other). When fewer
than two documents answer, the single-document answer decides, as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from letadesk.answer.build import AnswerBuilder
from letadesk.answer.extract import extract_claims
from letadesk.answer.messages import no_source
from letadesk.answer.scoring import Scorer
from letadesk.answer.trace import AskTrace
from letadesk.domain import (
    Answer,
    AnswerGroup,
    Claim,
    Document,
    DocumentId,
    DraftClaim,
    Passage,
    RejectedClaim,
    SearchFilters,
    UnansweredDocument,
)
from letadesk.references import parse_references
from letadesk.retrieve.acts import is_statute
from letadesk.retrieve.cascade import Retriever

MAX_DOCUMENTS = 30  # searched one by one; beyond, the matter-wide search alone
PER_DOCUMENT_K = 3  # passages searched in each document
# Gate 3 and Gate 4 on one document's drafts, given the passages they may cite: the
# claims kept, and those rejected.
Settle = Callable[
    [Sequence[Passage], Sequence[DraftClaim]], tuple[list[Claim], list[RejectedClaim]]
]


@dataclass(frozen=True, slots=True)
class Finding:
    """What one document, searched on its own, holds for the question."""

    document: Document
    passages: tuple[Passage, ...]  # its own search first, then its matter-wide passages
    drafts: tuple[DraftClaim, ...]  # its sentences that answer; () when none does
    score: float  # its best sentence's relevance (0 when none passes the threshold)


def asked_of_several(
    question: str,
    filters: SearchFilters,
    passages: Sequence[Passage],
    documents: Sequence[Document],
) -> bool:
    """True when ``question`` asks something of each of the admissible ``documents``:
    the search is not limited to one, at least two are admissible and not all of them
    are acts of law (a question put to a matter of laws asks the law, not each act),
    and the question names no provision or act (parsed references), and no document (no
    ``passages`` found by reference or inside a document the question named)."""
    if filters.document_id is not None or len(documents) < 2:
        return False
    if all(is_statute(d) for d in documents):
        return False
    if any(r.article is not None or r.act is not None for r in parse_references(question)):
        return False
    return not any(p.via in ("reference", "named") for p in passages)


def answer_across(
    retriever: Retriever,
    documents: Sequence[Document],
    question: str,
    filters: SearchFilters,
    ranked: Sequence[Passage],
    scorer: Scorer,
    settle: Settle,
    trace: AskTrace,
    build: AnswerBuilder,
    *,
    rejected: Sequence[RejectedClaim],
    mode: str,
) -> Answer | None:
    """The answer to ``question`` asked of ``documents`` (``ranked``: the matter-wide
    passages, best first): grouped by document when two or more keep a claim after Gate 3
    and Gate 4, plain when one does, a refusal when none does. None, with nothing
    checked, when fewer than two documents answer at all: the single-document answer
    then decides. ``rejected``: the claims rejected before (the model's drafts). Each
    document searched is recorded in ``trace``; the answer is made by ``build``."""
    findings = survey(retriever, documents, question, filters, ranked, scorer)
    trace.surveyed(
        [(f.document.id, [p.fragment.id for p in f.passages], bool(f.drafts)) for f in findings]
    )
    if sum(1 for f in findings if f.drafts) < 2:
        return None
    rejected = list(rejected)
    answering: list[tuple[Finding, list[Claim]]] = []
    for finding in (f for f in findings if f.drafts):
        found, refused = settle(finding.passages, finding.drafts)
        rejected.extend(refused)
        if found:
            answering.append((finding, found))
    nearest = ranked[:5]
    if not answering:
        reason = no_source(build.language, "ungrounded")
        return build.refuse(reason, nearest, rejected=rejected, mode=mode)
    claims, groups, unanswered = _grouped(answering, findings)
    return build.answer(claims, rejected, nearest, mode=mode, groups=groups, unanswered=unanswered)


def _grouped(
    answering: Sequence[tuple[Finding, list[Claim]]], findings: Sequence[Finding]
) -> tuple[list[Claim], list[AnswerGroup], list[UnansweredDocument]]:
    """The claims of the documents ``answering``, in order, with one group per document
    and the documents of ``findings`` that keep no claim; no groups when one answers."""
    claims: list[Claim] = []
    groups: list[AnswerGroup] = []
    name = _names([f.document for f in findings])
    for finding, found in answering:
        indices = tuple(range(len(claims), len(claims) + len(found)))
        groups.append(AnswerGroup(finding.document.id, name[finding.document.id], indices))
        claims.extend(found)
    if len(groups) < 2:
        return claims, [], []
    answered = {f.document.id for f, _ in answering}
    return (
        claims,
        groups,
        [
            UnansweredDocument(f.document.id, name[f.document.id])
            for f in findings
            if f.document.id not in answered
        ],
    )


def _names(documents: Sequence[Document]) -> dict[DocumentId, str]:
    """Each document's title, with its file's name after it where another document of
    the answer has the same title (three contracts named "SPONSORSHIP AGREEMENT")."""
    count = Counter(d.title for d in documents)
    return {
        d.id: d.title if count[d.title] == 1 else f"{d.title} ({d.file_name})" for d in documents
    }


def survey(
    retriever: Retriever,
    documents: Sequence[Document],
    question: str,
    filters: SearchFilters,
    ranked: Sequence[Passage],
    scorer: Scorer,
) -> list[Finding]:
    """One finding per document searched on its own: those of ``ranked`` (the
    matter-wide passages) first, in its order, then the others, :data:`MAX_DOCUMENTS` in
    all. Those that answer come first, most relevant first (ties: in that order), then
    the rest in that order."""
    looked = _search_order(documents, ranked)[:MAX_DOCUMENTS]
    passages = {
        d.id: _unique(
            [
                *retriever.search(
                    question, replace(filters, document_id=d.id), k=PER_DOCUMENT_K
                ).passages,
                *(p for p in ranked if p.document.id == d.id),
            ]
        )
        for d in looked
    }
    for ps in passages.values():  # each its own batch: the judge's shortlist is per document
        scorer.prepare(ps)
    findings = [_finding(d, passages[d.id], scorer) for d in looked]
    rank = {d.id: i for i, d in enumerate(looked)}
    return sorted(findings, key=lambda f: (not f.drafts, -round(f.score, 2), rank[f.document.id]))


def _search_order(documents: Sequence[Document], ranked: Sequence[Passage]) -> list[Document]:
    """The documents ``ranked`` holds, in its order, then the others as listed."""
    first: dict[DocumentId, None] = dict.fromkeys(p.document.id for p in ranked)
    by_id = {d.id: d for d in documents}
    return [by_id[i] for i in first if i in by_id] + [d for d in documents if d.id not in first]


def _unique(passages: Sequence[Passage]) -> tuple[Passage, ...]:
    seen: set[int] = set()
    out = []
    for p in passages:
        if p.fragment.id not in seen:
            seen.add(p.fragment.id)
            out.append(p)
    return tuple(out)


def _finding(document: Document, passages: Sequence[Passage], scorer: Scorer) -> Finding:
    drafts = extract_claims(scorer, passages)
    by_id = {p.fragment.id: p for p in passages}
    score = max(
        (scorer.sentence(by_id[d.evidence[0].fragment_id], d.text) for d in drafts), default=0.0
    )
    return Finding(document, tuple(passages), tuple(drafts), score)
