"""Asking one question and recording it: the gates (:class:`~letadesk.answer.ask.Asker`)
over the retrieval cascade, and the audit record every question leaves, also when
answering fails (a model that does not load, a cancel).

:func:`ask_on` is both profiles' ``ask`` (:class:`letadesk.workspace.Workspace` and the
firm server's): it checks the question and resolves the matter, the document and the
options, then :func:`ask_and_record` asks and records.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Protocol

from letadesk import judge
from letadesk.answer.ask import AskCancelled, Asker, AskOptions
from letadesk.answer.record import AskTrace
from letadesk.config import Settings
from letadesk.domain import Answer, Passage, SearchFilters
from letadesk.generate.generator import Generator
from letadesk.limits import MAX_K, checked_count, checked_question
from letadesk.ports import AuditTrail, CorpusReader, IndexSearch
from letadesk.retrieve.cascade import Retriever
from letadesk.store.audit import new_audit_id

log = logging.getLogger(__name__)


class SearchTarget(Protocol):
    """Where a matter is searched: this computer's profile or the firm server."""

    @property
    def corpus(self) -> CorpusReader: ...

    @property
    def indexes(self) -> IndexSearch: ...

    def filters(
        self, matter: str, *, document: str | None = None, as_of: date | None = None
    ) -> SearchFilters: ...


class AskTarget(SearchTarget, Protocol):
    """Where a question is asked: this computer's profile or the firm server."""

    @property
    def settings(self) -> Settings: ...

    def today(self) -> date: ...

    def generates(self, generator: Generator | None = None) -> bool: ...

    def generator(self) -> Generator: ...


def search_on(
    target: SearchTarget,
    trail: AuditTrail | None,
    query: str,
    *,
    matter: str,
    document: str | None = None,
    k: int = 20,
    as_of: date | None = None,
    dense: bool = True,
) -> list[Passage]:
    """Both profiles' ``search``: ``query`` checked, the retrieval cascade run in the
    matter (or one document), and the search recorded in ``trail`` (what was asked and
    which fragments came back): a search probes a matter as a question does. ``trail``
    None: a search inside a verb that leaves its own record (the draft check)."""
    query = checked_question(query, "query")
    checked_count(k, "k", MAX_K)
    filters = target.filters(matter, document=document, as_of=as_of)
    passages = Retriever(target.corpus, target.indexes).search(query, filters, k=k, dense=dense)
    if trail is not None:
        record = {
            "event": "search",
            "question": query,
            "matter": matter,
            "document_id": filters.document_id,
            "as_of": None if as_of is None else as_of.isoformat(),
            "k": k,
            "results": [
                {"fragment_id": int(p.fragment.id), "document_id": int(p.document.id)}
                for p in passages.passages
            ],
        }
        trail.append(record, audit_id=new_audit_id(), matter_id=filters.matter_id)
    return passages.passages


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
    trace = AskTrace(
        audit_id=new_audit_id(),
        matter=matter,
        as_of=options.as_of,
        question=question,
        language=options.language,
    )
    asker = Asker(corpus, Retriever(corpus, indexes), generator, judge=judge.default_judge)
    try:
        answer = asker.ask(question, filters, options, trace, stage=stage, cancelled=cancelled)
    except BaseException as exc:  # recorded, then raised as it was
        trace.failed(exc, cancelled=isinstance(exc, (AskCancelled, KeyboardInterrupt)))
        try:
            trail.append(trace.record, audit_id=trace.audit_id, matter_id=filters.matter_id)
        except Exception as store_error:  # the question's own error is raised below
            log.error("the failed question's audit record was not written: %s", store_error)
        raise
    trail.append(trace.record, audit_id=trace.audit_id, matter_id=filters.matter_id)
    return answer
