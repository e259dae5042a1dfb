"""Currency: does each indexed document's file still hold what was indexed?

Checked whenever a profile is opened (the CLI, the window): a cheap pass compares each
file's size and modification time with those recorded at ingest and re-hashes only the
files whose size is unchanged but whose time moved, or that were stale (a different
size is a change without reading the file). Every ``every_days`` days (the ``source_check_days``
setting) a full pass re-hashes every file, which also finds an edit that kept the size
and the time; when the last full pass ran is kept in the database.

A file whose content differs marks its document ``changed``, one that is gone or
unreadable ``missing`` (:class:`~letadesk.domain.SourceState`); answers citing such a
document say so. A file that matches again clears the mark, and so does re-ingesting it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from letadesk.domain import DocumentId, MatterId, SourceState
from letadesk.files import sha256_of
from letadesk.store import sources
from letadesk.store.database import Connection
from letadesk.store.sources import SourceFacts
from letadesk.store.transaction import transaction

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class CurrencyReport:
    full: bool  # every file re-hashed (the scheduled pass), else size and time first
    checked: int = 0
    rehashed: int = 0
    changed: list[str] = field(default_factory=list)  # paths found changed by this pass
    missing: list[str] = field(default_factory=list)
    current_again: list[str] = field(default_factory=list)  # stale before, matching now

    def as_json(self) -> dict[str, object]:
        return {
            "full": self.full,
            "checked": self.checked,
            "rehashed": self.rehashed,
            "changed": self.changed,
            "missing": self.missing,
            "current_again": self.current_again,
        }


def full_check_due(conn: Connection, now: datetime, every_days: int) -> bool:
    """True when no full pass ran yet, the last one is ``every_days`` days old or more,
    or it is dated after ``now`` (the clock was set back)."""
    last = sources.last_source_check(conn)
    return last is None or last > now or now - last >= timedelta(days=every_days)


def check_sources(
    conn: Connection,
    *,
    now: datetime,
    every_days: int,
    matter_id: MatterId | None = None,
    full: bool | None = None,
) -> CurrencyReport:
    """Re-check the files of every document (of ``matter_id`` only, when given) and
    store what changed. ``full`` None: a full pass when one is due (only for the whole
    profile), else the cheap pass; a full pass over the whole profile is recorded."""
    if full is None:
        full = matter_id is None and full_check_due(conn, now, every_days)
    report = CurrencyReport(full=full)
    updates: list[tuple[DocumentId, SourceState, float | None]] = []
    for facts in sources.source_facts(conn, matter_id):
        report.checked += 1
        state, mtime = _state_of(facts, full=full, report=report)
        if state != facts.state or mtime is not None:
            updates.append((facts.id, state, mtime))
        if state != facts.state:
            {
                SourceState.CHANGED: report.changed,
                SourceState.MISSING: report.missing,
                SourceState.CURRENT: report.current_again,
            }[state].append(facts.path)
    if updates or (full and matter_id is None):
        with transaction(conn):
            for doc_id, state, mtime in updates:
                sources.set_source_state(conn, doc_id, state, mtime=mtime)
            if full and matter_id is None:
                sources.record_source_check(conn, now)
    return report


def _state_of(
    facts: SourceFacts, *, full: bool, report: CurrencyReport
) -> tuple[SourceState, float | None]:
    """The file's state, and its new modification time when the content still matches
    under another time (recorded, so the next cheap pass need not re-read it)."""
    try:
        st = os.stat(facts.path)
    except OSError:
        return SourceState.MISSING, None
    if st.st_size != facts.size:
        return SourceState.CHANGED, None
    if not full and st.st_mtime == facts.mtime and facts.state == SourceState.CURRENT:
        return SourceState.CURRENT, None
    try:
        digest = sha256_of(Path(facts.path))
    except OSError:
        return SourceState.MISSING, None
    report.rehashed += 1
    if digest != facts.sha256:
        return SourceState.CHANGED, None
    return SourceState.CURRENT, (st.st_mtime if st.st_mtime != facts.mtime else None)
