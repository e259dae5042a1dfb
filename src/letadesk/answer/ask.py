"""``ask``: the four gates around generation, ending in an answer or a refusal.

scope (Gate 1) → retrieval (Gate 2) → generation (≤ 3 attempts, stricter each time)
→ grounding (Gate 3, per claim) → coherence (Gate 4, pairwise) → answer; when no
generated claim survives, verbatim extracted sentences; when none is relevant, a
refusal with the nearest sources. Every question leaves an audit record.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import partial

from letadesk.answer import semantic
from letadesk.answer.across import answer_across, asked_of_several
from letadesk.answer.build import AnswerBuilder
from letadesk.answer.citations import rejected_for
from letadesk.answer.exceptions import corpus_rules, rule_first
from letadesk.answer.extract import extract_claims
from letadesk.answer.gate2 import Gate2
from letadesk.answer.grounding import ClaimVerifier
from letadesk.answer.meaning_scope import has_legal_meaning
from letadesk.answer.messages import (
    clarifying_question,
    no_source,
    out_of_scope,
    question_language,
    ungrounded,
)
from letadesk.answer.presupposition import unmet_presupposition
from letadesk.answer.relevance import (
    Topic,
    passage_relevance,
    question_topic,
    rarity_weight,
    weighted,
)
from letadesk.answer.repealed import split_repealed
from letadesk.answer.scoring import JudgeScorer, LexicalScorer, Scorer
from letadesk.answer.settle import State, coherence, prefer_relevant, settled, sort
from letadesk.answer.titles import TitledScorer
from letadesk.answer.trace import AskTrace
from letadesk.domain import (
    DRAFT_FAILED,
    Answer,
    Claim,
    DraftClaim,
    Passage,
    RejectedClaim,
    SearchFilters,
)
from letadesk.errors import ModelError
from letadesk.generate.generator import DraftProgress, Generator, watched
from letadesk.generate.prompts import build_prompt
from letadesk.generate.schema import parse_output
from letadesk.judge import Judge
from letadesk.ports import CorpusReader
from letadesk.retrieve.cascade import Retriever
from letadesk.retrieve.kinds import without_kind
from letadesk.verify.scope import check_scope

Stage = Callable[[str], None]
log = logging.getLogger(__name__)


class AskCancelled(Exception):
    """Raised inside ``ask`` when the caller cancels; nothing is shown. (Not an error:
    the window says "Cancelled." and the audit trail records the question as cancelled.)"""


@dataclass(frozen=True, slots=True)
class AskOptions:
    # The date the answer must hold on: only documents in force on it are searched and
    # cited. None: today (Workspace.ask resolves it, recorded.resolved_options); an Asker
    # handed None searches every version, as ``every_version`` asks.
    as_of: date | None = None
    every_version: bool = False  # no date: every version searched (CLI ``--as-of any``)
    k: int = 6  # passages shown to the generator
    max_attempts: int = 3
    # Gate 2 without the judge: share of the question's topic words a source must hold
    # (with the judge, its stored threshold on calibrated relevance decides)
    min_relevance: float = 0.5
    judge: bool = True  # use the trained judge for the languages it was chosen for
    relevance_threshold: float | None = None  # Gate 2's bar with the judge (None: the card's)
    review: bool = False  # a review grid's cell: held to the judge's review bar, if any
    # Gate 1: a question without legal vocabulary is still in scope when a source of the
    # matter holds nearly all its topic words, or the judge finds a source that answers it
    # (the firm's own documents define the domain).
    corpus_scope: float = 0.8
    # Draft with the model? None: as the settings' generation mode says (Workspace.ask
    # decides; an Asker given None does not draft).
    generate: bool | None = None
    language: str = "en"
    # The language Gate 2 reads the question in, when not its own (an English question
    # read in Romanian words, or a Romanian one in English: Retriever.reading).
    reads: str = ""
    progress: DraftProgress | None = None  # told of each token the model drafts


class Asker:
    def __init__(
        self,
        corpus: CorpusReader,
        retriever: Retriever,
        generator: Callable[[], Generator] | None,
        *,
        judge: Callable[[], Judge] | None = None,
    ) -> None:
        self._corpus = corpus
        self._retriever = retriever
        self._generator = generator
        self._judge = judge

    def ask(
        self,
        question: str,
        filters: SearchFilters,
        options: AskOptions,
        trace: AskTrace,
        *,
        stage: Stage | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Answer:
        def stop() -> None:
            if cancelled and cancelled():
                raise AskCancelled

        def step(name: str) -> None:
            stop()
            trace.stage(name)
            if stage:
                stage(name)

        options = replace(
            options,
            language=question_language(question, options.language),
            progress=watched(options.progress, stop),
        )
        trace.language(options.language)
        build = AnswerBuilder(question, options.as_of, options.language)
        step("scope")
        scope = check_scope(question)
        step("searching")
        reading = self._retriever.reading(question, options.language, filters)
        read, reads = reading.text, reading.language
        if reads:
            trace.read_across(read)
        k = max(options.k, 10)
        retrieved = self._retriever.search(read, filters, k=k, named=reading.named)
        passages = retrieved.passages
        trace.retrieved(passages, retrieved.read_as)
        if unmet := unmet_presupposition(
            self._corpus,
            question,
            matter_id=filters.matter_id,
            as_of=options.as_of,
            language=options.language,
        ):
            return build.refuse(unmet, passages[:5])  # the act has no such provision
        judge, asked = self._loaded_judge(options, trace), retrieved.searched or read
        if retrieved.by_kind:  # the words that named the contract chose it
            asked = without_kind(asked)
        gate = self._gate2(asked, passages, filters, replace(options, reads=reads), trace, judge)
        if not gate.touched_by_matter(options.corpus_scope, scope) and not has_legal_meaning(
            scope, question, self._retriever
        ):
            # No legal meaning, and the matter's own documents do not cover it either.
            return build.refuse(out_of_scope(scope, options.language), ())
        if not passages:
            return build.refuse(no_source(options.language, "no_match"), ())
        named = any(p.via == "reference" for p in passages)
        if gate.best < gate.scorer.threshold and not named:
            bar, lang = gate.scorer.threshold, options.language
            return build.refuse(
                no_source(lang, "not_addressed"),
                gate.ranked[:5],
                clarify=clarifying_question(gate.offered, gate.nearest, bar, lang),
            )
        return self._answer(read, filters, options, gate, trace, step, build)

    def _gate2(
        self,
        question: str,
        passages: list[Passage],
        filters: SearchFilters,
        options: AskOptions,
        trace: AskTrace,
        judge: Judge | None,
    ) -> Gate2:
        """Relevance of each passage: the judge's where it reads the question's language,
        else the rarity-weighted topic's; recorded in the audit. ``judge``: the loaded
        judge (or None), carried on for Gates 3 and 4."""
        topic = self._by_rarity(question_topic(question), filters)
        language = options.reads or options.language  # the question's (Asker.ask)
        reads = judge if judge is not None and language in judge.card.relevance_languages else None
        scorer: Scorer = (
            JudgeScorer(
                reads,
                question,
                passages,
                threshold=options.relevance_threshold,
                topic=topic,
                review=options.review,
            )
            if reads is not None
            else LexicalScorer(topic, options.min_relevance)
        )
        meaning = semantic.meaning_weights(question, language)
        scorer = titled = TitledScorer(scorer, question, topic=topic, floor=meaning.floor)
        if meaning.reads:
            search = self._retriever
            cosines = partial(semantic.cosines_or_none, search.similarity, question)
            parts = partial(semantic.part_cosines_or_none, search.part_similarity, question)
            scorer = semantic.SemanticScorer(titled, passages, cosines, meaning, parts)
        relevance = {id(p): scorer.passage(p) for p in passages}
        trace.relevance(scorer.name, scorer.threshold, passages, relevance, scorer.clause_types)
        covered = max((passage_relevance(topic, p) for p in passages), default=0.0)
        ranked = prefer_relevant(passages, relevance)
        return Gate2(
            scorer,
            ranked,
            max(relevance.values(), default=0.0),
            covered,
            reads is not None,
            judge,
            max((titled.unfloored(p) for p in passages), default=0.0),
            [p for p in ranked if titled.offerable(p)],
        )

    def _answer(
        self,
        question: str,
        filters: SearchFilters,
        options: AskOptions,
        gate: Gate2,
        trace: AskTrace,
        step: Stage,
        build: AnswerBuilder,
    ) -> Answer:
        """Draft (when the mode says so) or extract, verify, and keep coherent claims;
        ``question`` as read (:meth:`Retriever.reading`), ``build`` the answer to the question
        as asked."""
        shown = gate.ranked[: options.k]
        judge = gate.judge
        given: dict[int, Passage] = {p.fragment.id: p for p in shown}  # claims may quote
        verifier = ClaimVerifier(
            self._corpus, given, matter_id=filters.matter_id, as_of=options.as_of, judge=judge
        )
        state = State()
        drafted = bool(options.generate) and self._generator is not None
        if drafted:
            self._generate(question, shown, verifier, options, state, trace, step)
        mode = "generated"
        if not state.kept:
            step("extracting")
            mode = DRAFT_FAILED if drafted else "extracted"
            across = self._across(question, filters, gate, options, state, trace, mode, build)
            if across is not None:
                return across
            named_only = [p for p in shown if p.via == "reference"]
            repealed, rest = split_repealed(named_only or shown, options.language)
            drafts, rules = rule_first(
                question,
                repealed + extract_claims(gate.scorer, rest),
                shown,
                corpus_rules(self._corpus, replace(filters, as_of=options.as_of)),
            )
            given.update((p.fragment.id, p) for p in rules)
            for draft in drafts:
                verdict = verifier.verify(draft, extracted=True)
                trace.checked(0, verdict)
                sort(verdict, state)
        step("coherence")
        coherence(state, judge)
        if not state.kept:
            unheld = rejected_for(self._corpus, state.rejected, matter_id=filters.matter_id)
            reason = ungrounded(options.language, unheld)
            return build.refuse(reason, shown[:5], rejected=state.rejected, mode=mode)
        kind = "generated" if mode == "generated" else "extracted"
        claims = tuple(Claim(v.draft.text, kind, v.citations, v.checks) for v in state.kept)
        return build.answer(claims, state.rejected, shown[:5], mode=mode)

    def _across(
        self,
        question: str,
        filters: SearchFilters,
        gate: Gate2,
        options: AskOptions,
        state: State,
        trace: AskTrace,
        mode: str,
        build: AnswerBuilder,
    ) -> Answer | None:
        """The answer over several documents when the question is asked of them and two
        or more answer (:mod:`letadesk.answer.across`); None otherwise."""
        documents = self._corpus.documents_admissible(filters)
        if not asked_of_several(question, filters, gate.ranked, documents):
            return None
        judge = gate.judge

        rules_of = corpus_rules(self._corpus, replace(filters, as_of=options.as_of))

        def settle(
            passages: Sequence[Passage], drafts: Sequence[DraftClaim]
        ) -> tuple[list[Claim], list[RejectedClaim]]:
            drafts, rules = rule_first(question, drafts, passages, rules_of)
            verifier = ClaimVerifier(
                self._corpus,
                {p.fragment.id: p for p in [*passages, *rules]},
                matter_id=filters.matter_id,
                as_of=options.as_of,
                judge=judge,
            )
            return settled(drafts, verifier, judge, trace)

        return answer_across(
            self._retriever,
            documents,
            question,
            filters,
            gate.ranked,
            gate.scorer,
            settle,
            trace,
            build,
            rejected=state.rejected,
            mode=mode,
        )

    def _loaded_judge(self, options: AskOptions, trace: AskTrace) -> Judge | None:
        """The judge when it is enabled and loads (else the lexical checks decide, and the
        audit record says why the judge was not used)."""
        if not options.judge or self._judge is None:
            return None
        try:
            return self._judge()
        except ModelError as exc:
            log.warning("judge unavailable, lexical checks decide: %s", exc)
            trace.unavailable("judge", str(exc))
            return None

    def _by_rarity(self, topic: Topic, filters: SearchFilters) -> Topic:
        """Each term weighted by its rarity among the matter's fragments: a word every
        contract uses ("damages") says less about the answer than a rare one
        ("liquidated"). Alternatives count as often as the most frequent of them."""
        matter = SearchFilters(matter_id=filters.matter_id)
        total = self._retriever.fragment_count(matter)
        return weighted(
            topic,
            lambda term: rarity_weight(
                max(self._retriever.fragment_count(matter, word) for word in term.words), total
            ),
        )

    def _generate(
        self,
        question: str,
        shown: list[Passage],
        verifier: ClaimVerifier,
        options: AskOptions,
        state: State,
        trace: AskTrace,
        step: Stage,
    ) -> None:
        assert self._generator is not None
        generator = self._generator()
        trace.model(generator.model_id)
        reasons: list[str] = []
        for attempt in range(1, options.max_attempts + 1):
            step("drafting")
            prompt = build_prompt(question, shown, attempt=attempt, rejections=reasons)
            output = generator.generate(prompt, options.progress)
            parsed = parse_output(output.raw)
            trace.attempt(attempt, output, parsed.problem)
            step("checking citations")
            failed = 0
            for draft in parsed.claims:
                verdict = verifier.verify(draft)
                trace.checked(attempt, verdict, output)
                failed += 0 if verdict.passed else 1
                sort(verdict, state)
                if verdict.failure is not None:
                    reasons.append(f"{verdict.failure.check}: {verdict.failure.reason}")
            if parsed.claims and not failed:
                return
            if not parsed.claims and not parsed.problem:
                return  # the model says the sources do not answer
