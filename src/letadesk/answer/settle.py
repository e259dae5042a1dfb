"""Sorting verified drafts into kept and rejected claims (Gate 3's verdicts), and Gate 4
among the kept ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from letadesk.answer.grounding import ClaimVerifier, Verdict
from letadesk.answer.trace import AskTrace
from letadesk.domain import Claim, DraftClaim, Passage, RejectedClaim
from letadesk.judge import Judge
from letadesk.verify.coherence import find_contradictions


@dataclass
class State:
    """The claims kept so far, and those rejected with their reasons."""

    kept: list[Verdict] = field(default_factory=list)
    rejected: list[RejectedClaim] = field(default_factory=list)


def sort(verdict: Verdict, state: State) -> None:
    """``verdict`` kept (once per text) when it passed, else rejected with its failure."""
    if verdict.passed:
        if all(v.draft.text != verdict.draft.text for v in state.kept):
            state.kept.append(verdict)
        return
    failure = verdict.failure
    assert failure is not None
    state.rejected.append(
        RejectedClaim(verdict.draft.text, failure.check, failure.reason, verdict.checks)
    )


def settled(
    drafts: Sequence[DraftClaim], verifier: ClaimVerifier, judge: Judge | None, trace: AskTrace
) -> tuple[list[Claim], list[RejectedClaim]]:
    """One document's extracted drafts through Gate 3 and Gate 4 among themselves: the
    claims kept, and those rejected."""
    group = State()
    for draft in drafts:
        verdict = verifier.verify(draft, extracted=True)
        trace.checked(0, verdict)
        sort(verdict, group)
    coherence(group, judge)
    kept = [Claim(v.draft.text, "extracted", v.citations, v.checks) for v in group.kept]
    return kept, group.rejected


def coherence(state: State, judge: Judge | None) -> None:
    """Gate 4: of two contradicting claims, the later one is dropped with the reason."""
    pairs = [(v.draft.text, " ".join(c.quote for c in v.citations)) for v in state.kept]
    dropped: set[int] = set()
    for contradiction in find_contradictions(pairs, judge=judge):
        if contradiction.i in dropped or contradiction.j in dropped:
            continue
        dropped.add(contradiction.j)
        v = state.kept[contradiction.j]
        state.rejected.append(
            RejectedClaim(v.draft.text, "coherence", contradiction.reason, v.checks)
        )
    state.kept = [v for i, v in enumerate(state.kept) if i not in dropped]


def prefer_relevant(passages: list[Passage], relevance: dict[int, float]) -> list[Passage]:
    """Named provisions first, then by relevance to the question (``relevance``: by
    ``id`` of each passage), ties by retrieval rank."""
    order = {id(p): i for i, p in enumerate(passages)}
    return sorted(
        passages, key=lambda p: (p.via != "reference", -round(relevance[id(p)], 2), order[id(p)])
    )
