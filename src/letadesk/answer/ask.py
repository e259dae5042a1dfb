"""``ask``: the four gates around generation, ending in an answer or a refusal.

scope (Gate 1) → retrieval (Gate 2) → generation (≤ 3 attempts, stricter each time)
→ grounding (Gate 3, per claim) → coherence (Gate 4, pairwise) → answer; when no
generated claim survives, verbatim extracted sentences; when none is relevant, a
refusal with the nearest sources. Every question leaves an audit record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

import apsw

from letadesk.answer.extract import extract_claims
from letadesk.answer.grounding import ClaimVerifier, Verdict
from letadesk.answer.messages import no_source, out_of_scope
from letadesk.answer.record import AskTrace
from letadesk.answer.relevance import (
    Topic,
    passage_relevance,
    question_topic,
    rarity_weight,
    weighted,
)
from letadesk.domain import Answer, Claim, Passage, RejectedClaim, SearchFilters
from letadesk.generate.generator import Generator
from letadesk.generate.prompts import build_prompt
from letadesk.generate.schema import parse_output
from letadesk.retrieve.cascade import Retriever
from letadesk.verify.coherence import find_contradictions
from letadesk.verify.scope import check_scope

Stage = Callable[[str], None]


class Cancelled(Exception):
    """Raised inside ``ask`` when the caller cancels; nothing is shown."""


@dataclass(frozen=True, slots=True)
class AskOptions:
    as_of: date | None = None
    k: int = 6  # passages shown to the generator
    max_attempts: int = 3
    min_relevance: float = 0.5  # Gate 2: share of the question's topic words a source must hold
    # Gate 1: a question without legal vocabulary is still in scope when a source of the
    # matter holds nearly all its topic words (the firm's own documents define the domain).
    corpus_scope: float = 0.8
    # Draft with the model? None: as the settings' generation mode says (Workspace.ask
    # decides; an Asker given None does not draft).
    generate: bool | None = None
    language: str = "en"


@dataclass
class _State:
    kept: list[Verdict] = field(default_factory=list)
    rejected: list[RejectedClaim] = field(default_factory=list)


class Asker:
    def __init__(self, conn: apsw.Connection, retriever: Retriever,
                 generator: Callable[[], Generator] | None) -> None:
        self._conn = conn
        self._retriever = retriever
        self._generator = generator

    def ask(self, question: str, filters: SearchFilters, options: AskOptions, trace: AskTrace,
            *, stage: Stage | None = None, cancelled: Callable[[], bool] | None = None) -> Answer:
        def step(name: str) -> None:
            if cancelled and cancelled():
                raise Cancelled
            trace.stage(name)
            if stage:
                stage(name)

        step("scope")
        scope = check_scope(question)
        step("searching")
        passages = self._retriever.search(question, filters, k=max(options.k, 10)).passages
        trace.retrieved(passages)
        topic = self._by_rarity(question_topic(question), filters)
        relevance = {id(p): passage_relevance(topic, p) for p in passages}
        best = max(relevance.values(), default=0.0)
        if not scope.in_scope and best < options.corpus_scope:
            # Not legal vocabulary, and the matter's own documents do not cover it either.
            return trace.refuse(question, out_of_scope(scope, options.language), ())
        if not passages:
            return trace.refuse(question, no_source(options.language, "no_match"), ())
        named = any(p.via == "reference" for p in passages)
        if best < options.min_relevance and not named:
            return trace.refuse(question, no_source(
                options.language, "not_addressed", best=best, threshold=options.min_relevance),
                passages[:5])
        shown = _prefer_relevant(passages, relevance)[: options.k]
        verifier = ClaimVerifier(self._conn, {p.fragment.id: p for p in shown},
                                 matter_id=filters.matter_id, as_of=options.as_of)
        state = _State()
        drafted = bool(options.generate) and self._generator is not None
        if drafted:
            self._generate(question, shown, verifier, options, state, trace, step)
        mode = "generated"
        if not state.kept:
            step("extracting")
            mode = "extracted_after_generation_failed" if drafted else "extracted"
            named_only = [p for p in shown if p.via == "reference"]
            for draft in extract_claims(topic, named_only or shown,
                                        min_relevance=options.min_relevance):
                verdict = verifier.verify(draft, extracted=True)
                trace.checked(0, verdict)
                _sort(verdict, state)
        step("coherence")
        _coherence(state)
        if not state.kept:
            reason = no_source(options.language, "ungrounded")
            return trace.refuse(question, reason, shown[:5], rejected=state.rejected, mode=mode)
        kind = "generated" if mode == "generated" else "extracted"
        claims = tuple(Claim(v.draft.text, kind, v.citations, v.checks) for v in state.kept)
        return trace.answer(question, claims, state.rejected, shown[:5], mode=mode)

    def _by_rarity(self, topic: Topic, filters: SearchFilters) -> Topic:
        """Each term weighted by its rarity among the matter's fragments: a word every
        contract uses ("damages") says less about the answer than a rare one
        ("liquidated"). Alternatives count as often as the most frequent of them."""
        matter = SearchFilters(matter_id=filters.matter_id)
        total = self._retriever.fragment_count(matter)
        return weighted(topic, lambda term: rarity_weight(
            max(self._retriever.fragment_count(matter, word) for word in term.words), total))

    def _generate(self, question: str, shown: list[Passage], verifier: ClaimVerifier,
                  options: AskOptions, state: _State, trace: AskTrace, step: Stage) -> None:
        assert self._generator is not None
        generator = self._generator()
        trace.model(generator.model_id)
        reasons: list[str] = []
        for attempt in range(1, options.max_attempts + 1):
            step("drafting")
            prompt = build_prompt(question, shown, attempt=attempt, rejections=reasons)
            output = generator.generate(prompt)
            parsed = parse_output(output.raw)
            trace.attempt(attempt, output, parsed.problem)
            step("checking citations")
            failed = 0
            for draft in parsed.claims:
                verdict = verifier.verify(draft)
                trace.checked(attempt, verdict, output)
                failed += 0 if verdict.passed else 1
                _sort(verdict, state)
                if verdict.failure is not None:
                    reasons.append(f"{verdict.failure.check}: {verdict.failure.reason}")
            if parsed.claims and not failed:
                return
            if not parsed.claims and not parsed.problem:
                return  # the model says the sources do not answer


def _sort(verdict: Verdict, state: _State) -> None:
    if verdict.passed:
        if all(v.draft.text != verdict.draft.text for v in state.kept):
            state.kept.append(verdict)
        return
    failure = verdict.failure
    assert failure is not None
    state.rejected.append(RejectedClaim(verdict.draft.text, failure.check, failure.reason,
                                        verdict.checks))


def _coherence(state: _State) -> None:
    """Gate 4: of two contradicting claims, the later one is dropped with the reason."""
    pairs = [(v.draft.text, " ".join(c.quote for c in v.citations)) for v in state.kept]
    dropped: set[int] = set()
    for contradiction in find_contradictions(pairs):
        if contradiction.i in dropped or contradiction.j in dropped:
            continue
        dropped.add(contradiction.j)
        v = state.kept[contradiction.j]
        state.rejected.append(RejectedClaim(v.draft.text, "coherence", contradiction.reason,
                                            v.checks))
    state.kept = [v for i, v in enumerate(state.kept) if i not in dropped]


def _prefer_relevant(passages: list[Passage], relevance: dict[int, float]) -> list[Passage]:
    """Named provisions first, then by relevance to the question (``relevance``: by
    ``id`` of each passage), ties by retrieval rank."""
    order = {id(p): i for i, p in enumerate(passages)}
    return sorted(passages, key=lambda p: (p.via != "reference", -round(relevance[id(p)], 2),
                                           order[id(p)]))

