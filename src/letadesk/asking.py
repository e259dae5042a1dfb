"""Asking one question and recording it: the gates (:class:`~letadesk.answer.ask.Asker`)
over the retrieval cascade, and the audit record every question leaves, also when
answering fails (a model that does not load, a cancel).

:meth:`letadesk.workspace.Workspace.ask` checks the question and resolves the matter,
the document and the options first; this module is what runs after that.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from letadesk import judge
from letadesk.answer.ask import AskCancelled, Asker, AskOptions
from letadesk.answer.record import AskTrace
from letadesk.config import Settings
from letadesk.domain import Answer, SearchFilters
from letadesk.generate.generator import Generator
from letadesk.ports import AuditTrail, CorpusReader, IndexSearch
from letadesk.retrieve.cascade import Retriever
from letadesk.store.audit import new_audit_id

log = logging.getLogger(__name__)


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
