"""One question asked and recorded, as both profiles ask it
(:class:`letadesk.workspace.Workspace` and the firm server's): the question checked, its
options resolved, the gates run (:class:`~letadesk.answer.ask.Asker`, which
:class:`~letadesk.answer.trace.AskTrace` follows), and the audit record appended under
the id the trail minted, also when answering fails (a model that does not load, a
cancel)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Protocol

from letadesk import judge
from letadesk.answer.ask import AskCancelled, Asker, AskOptions
from letadesk.answer.messages import question_readings
from letadesk.answer.record import answer_json, failure_json, record_json
from letadesk.answer.trace import AskTrace
from letadesk.config import Settings
from letadesk.domain import DRAFT_FAILED, Answer, SearchFilters
from letadesk.generate.generator import Generator
from letadesk.limits import checked_question
from letadesk.ports import AuditTrail, CorpusReader, IndexSearch
from letadesk.retrieve.cascade import Retriever
from letadesk.retrieve.search import SearchTarget

log = logging.getLogger(__name__)


class AskTarget(SearchTarget, Protocol):
    """Where a question is asked: this computer's profile or the firm server."""

    @property
    def settings(self) -> Settings: ...

    def today(self) -> date: ...

    def generates(self, generator: Generator | None = None) -> bool: ...

    def generator(self) -> Generator: ...


def ask_on(
    target: AskTarget,
    trail: AuditTrail,
    question: str,
    *,
    matter: str,
    document: str | None,
    options: AskOptions | None,
    generator: Generator | None,
    stage: Callable[[str], None] | None,
    cancelled: Callable[[], bool] | None,
) -> Answer:
    """``question`` checked (:func:`~letadesk.limits.checked_question`), its options
    resolved (:func:`resolved_options`; ``generate`` left to the settings follows
    ``target.generates`` for ``generator``, a model handed in, or the configured one),
    then asked of ``target`` and recorded in ``trail`` (:func:`ask_and_record`)."""
    question = checked_question(question)
    opts = resolved_options(
        options, target.settings, lambda: target.generates(generator), today=target.today()
    )
    return ask_and_record(
        trail,
        question,
        matter=matter,
        filters=target.filters(matter, document=document, as_of=opts.as_of),
        options=opts,
        corpus=target.corpus,
        indexes=target.indexes,
        generator=(lambda: generator) if generator is not None else target.generator,
        stage=stage,
        cancelled=cancelled,
    )


def resolved_options(
    options: AskOptions | None,
    settings: Settings,
    generates: Callable[[], bool],
    *,
    today: date,
) -> AskOptions:
    """``options``, or the settings' defaults (the as-of date, the language); a
    ``generate`` left to the settings (None) becomes ``generates()``. A question with no
    as-of date (``options.as_of`` None, or the setting's ``""``) is asked as of ``today``,
    so a version whose validity ended before today is neither searched nor cited; only
    ``every_version`` leaves it without a date."""
    if options is None:
        default = settings.default_as_of
        as_of = date.fromisoformat(default) if default else None
        options = AskOptions(as_of=as_of, language=settings.language)
    if options.every_version:
        options = replace(options, as_of=None)
    elif options.as_of is None:
        options = replace(options, as_of=today)
    return options if options.generate is not None else replace(options, generate=generates())


def ask_and_record(
    trail: AuditTrail,
    question: str,
    *,
    matter: str,
    filters: SearchFilters,
    options: AskOptions,
    corpus: CorpusReader,
    indexes: IndexSearch,
    generator: Callable[[], Generator],
    stage: Callable[[str], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Answer:
    """Answer ``question`` (already checked) in ``filters`` and append its audit record to
    ``trail``. When answering raises, the error is recorded (as a cancel for
    :class:`AskCancelled` and KeyboardInterrupt) and raised as it was; a record that
    cannot be written then is logged, and the question's own error still raised."""
    audit_id = trail.new_id()
    trace = AskTrace(question=question, matter=matter, as_of=options.as_of)
    asker = Asker(corpus, Retriever(corpus, indexes), generator, judge=judge.default_judge)
    try:
        answer = asker.ask(question, filters, options, trace, stage=stage, cancelled=cancelled)
    except BaseException as exc:  # recorded, then raised as it was
        trace.stop()
        cancel = isinstance(exc, (AskCancelled, KeyboardInterrupt))
        final = failure_json(exc, cancelled=cancel, audit_id=audit_id, as_of=options.as_of)
        try:
            trail.append(
                record_json(trace.facts, final), audit_id=audit_id, matter_id=filters.matter_id
            )
        except Exception as store_error:  # the question's own error is raised below
            log.error("the failed question's audit record was not written: %s", store_error)
        raise
    answer = stamped(answer, trace, audit_id)
    record = record_json(trace.facts, answer_json(answer))
    trail.append(record, audit_id=audit_id, matter_id=filters.matter_id)
    return answer


def stamped(answer: Answer, trace: AskTrace, audit_id: str) -> Answer:
    """``answer`` as its record holds it: under ``audit_id``, with the seconds each stage
    took (the trace stops here) and, when the model's draft gave way to extracted
    sentences, what became of it (:meth:`~letadesk.answer.trace.AskFacts.draft_failure`),
    and how it read the question (its acronyms, or its words in the documents' language:
    :func:`question_readings`)."""
    failure = trace.facts.draft_failure() if answer.mode == DRAFT_FAILED else ""
    facts = trace.facts
    readings = question_readings(facts.read_as, answer.language or "en", facts.read_in)
    return replace(
        answer, audit_id=audit_id, stages=trace.stop(), draft_failure=failure, readings=readings
    )
