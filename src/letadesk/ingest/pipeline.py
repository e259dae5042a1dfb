"""Ingesting files into a matter: incremental, isolated, one transaction per document.

Crash safety comes from the order of work: a document is written (or replaced)
in a single transaction only after it was parsed, and an unchanged file (same
sha256, read by the current :data:`READER_VERSION`) is skipped, so re-running after
a kill continues where it stopped, and a better reader re-reads what it improves.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from letadesk.config import Settings
from letadesk.domain import DocumentStatus, IngestReport, Matter, ParsedDocument
from letadesk.files import sha256_of
from letadesk.ingest.discovery import discover, utf8_name
from letadesk.ingest.readers import READER_VERSION
from letadesk.ingest.worker import Outcome, ParserPool
from letadesk.store import corpus, sources
from letadesk.store.corpus import FileFacts, LegalMeta
from letadesk.store.database import Connection
from letadesk.store.transaction import transaction
from letadesk.text import printable

Progress = Callable[[int, int, str], None]  # (done, total, current path)
CancelCheck = Callable[[], bool]  # polled while parsing and embedding: True stops the batch


def ingest(
    conn: Connection,
    matter: Matter,
    paths: Iterable[Path],
    *,
    settings: Settings,
    meta: LegalMeta | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> IngestReport:
    """Bring the matter's documents in line with the files under ``paths``."""
    report = IngestReport()
    found = discover(paths)
    report.skipped_hidden = [str(p) for p in found.hidden]
    state = corpus.file_state(conn, matter.id)
    for path, reason in found.rejected:
        if utf8_name(str(path)):
            _fail(conn, matter, _facts(path, hashed=False), reason, report)
        else:  # reported by a printable name; no row can hold the name itself
            report.failed.append((printable(str(path)), reason))
    to_parse: dict[Path, FileFacts] = {}
    total, done = len(found.files), 0
    for path in found.files:
        if path in to_parse:
            continue  # already to be read: a stale twin of a file before it
        facts = _facts(path)
        wanted = _triage(conn, matter, facts, state, report, settings, meta)
        for again in wanted:
            if (read := Path(again.path)) not in to_parse:
                to_parse[read] = again
                total += read not in found.files
        if all(again.path != facts.path for again in wanted):
            done += 1
            _tick(progress, done, total, facts.path)
    if to_parse:
        _parse_all(
            conn,
            matter,
            to_parse,
            state,
            report,
            settings=settings,
            meta=meta,
            progress=progress,
            cancelled=cancelled,
            start=(done, total),
        )
    if not report.cancelled:
        _retire_missing(conn, matter, found.roots, set(map(str, found.files)), report)
    return report


def _facts(path: Path, *, hashed: bool = True) -> FileFacts:
    try:
        stat = path.lstat()
        digest = sha256_of(path) if hashed and path.is_file() else ""
    except OSError:
        return FileFacts(str(path), "", 0, 0.0)
    return FileFacts(str(path), digest, stat.st_size, stat.st_mtime, READER_VERSION)


def _triage(
    conn: Connection,
    matter: Matter,
    facts: FileFacts,
    state: dict[str, tuple[str, str, int]],
    report: IngestReport,
    settings: Settings,
    meta: LegalMeta | None,
) -> list[FileFacts]:
    """Handle what needs no parsing (an unchanged file still takes the legal metadata
    given); the files to parse: this one, or the twin it duplicates when an older reader
    read the twin (its copies must not keep that reading)."""
    known = state.get(facts.path)
    if (
        known
        and known[0] == facts.sha256
        and known[1] != DocumentStatus.RETIRED
        and known[2] == READER_VERSION
    ):
        with transaction(conn):
            corpus.refresh_source(conn, matter.id, facts)
            if meta is not None and not meta.empty:
                doc = corpus.find_document(conn, facts.path, matter.id)  # the exact path
                corpus.set_legal_meta(conn, doc.id, meta)
        report.unchanged += 1
        return []
    if facts.size > settings.max_file_mb * 1024 * 1024:
        _fail(
            conn,
            matter,
            facts,
            f"file too large ({facts.size / 2**20:.0f} MB > {settings.max_file_mb} MB limit)",
            report,
        )
        return []
    twin = sources.indexed_twin(conn, matter.id, facts.sha256, facts.path)
    if twin is None:
        return [facts]
    fresh = twin.reader_version == READER_VERSION
    reread = None if fresh or not Path(twin.path).is_file() else _facts(Path(twin.path))
    if reread is not None and reread.sha256 != facts.sha256:
        reread = None  # the twin's file changed since: its own ingest reads it
    # the copy holds the older reading until its twin is read
    stored = facts if fresh or reread else replace(facts, reader_version=twin.reader_version)
    with transaction(conn):
        moved = _duplicate_or_moved(conn, matter, stored, twin, report)
    if moved and not fresh:  # the document is now this file's: read it as an update
        state[facts.path] = (facts.sha256, DocumentStatus.INDEXED.value, twin.reader_version)
        return [facts]
    return [reread] if reread else []


def _duplicate_or_moved(
    conn: Connection,
    matter: Matter,
    facts: FileFacts,
    twin: sources.Twin,
    report: IngestReport,
) -> bool:
    """``facts`` has the content of the indexed document ``twin``: where twin's own file
    is gone, the file moved (a folder renamed, a disk remounted) and twin follows it to
    its new path (True); otherwise it is a duplicate of twin (False)."""
    if Path(twin.path).exists():
        corpus.store_duplicate(conn, matter.id, facts, twin.id)
        report.duplicates += 1
        return False
    sources.move_document(conn, matter.id, twin.id, facts)
    report.moved += 1
    return True


def _parse_all(
    conn: Connection,
    matter: Matter,
    to_parse: dict[Path, FileFacts],
    state: dict[str, tuple[str, str, int]],
    report: IngestReport,
    *,
    settings: Settings,
    meta: LegalMeta | None,
    progress: Progress | None,
    cancelled: CancelCheck | None,
    start: tuple[int, int],
) -> None:
    """Parse and store ``to_parse``; a cancel stops it within a fraction of a second
    (busy parsers are killed) and leaves the unread files in ``report.not_read``."""
    done, total = start
    handled: set[Path] = set()
    if not (cancelled and cancelled()):
        workers = min(2, len(to_parse))  # the target workstations have few cores
        with ParserPool(
            workers=workers,
            timeout_s=settings.ingest_timeout_s,
            memory_mb=settings.ingest_memory_mb,
            max_fragments=settings.max_fragments_per_file,
        ) as pool:
            order = list(to_parse)
            for path, outcome in _in_order(pool.map(order, cancelled=cancelled), order):
                facts = to_parse[path]
                if isinstance(outcome, ParsedDocument):
                    _store(conn, matter, facts, outcome, state, report, meta)
                else:
                    _fail(conn, matter, facts, outcome, report)
                handled.add(path)
                done += 1
                _tick(progress, done, total, facts.path)
                if cancelled and cancelled():
                    break
    report.not_read = [str(p) for p in to_parse if p not in handled]
    report.cancelled = bool(report.not_read)  # only a cancel leaves files unread


def _in_order(
    results: Iterable[tuple[Path, Outcome]], order: list[Path]
) -> Iterator[tuple[Path, Outcome]]:
    """Results in submission order (workers finish out of order), so that which of two
    identical files becomes the duplicate does not depend on timing."""
    pending: dict[Path, Outcome] = {}
    position = 0
    for path, outcome in results:
        pending[path] = outcome
        while position < len(order) and order[position] in pending:
            yield order[position], pending.pop(order[position])
            position += 1


def _store(
    conn: Connection,
    matter: Matter,
    facts: FileFacts,
    parsed: ParsedDocument,
    state: dict[str, tuple[str, str, int]],
    report: IngestReport,
    meta: LegalMeta | None,
) -> None:
    twin = sources.indexed_twin(conn, matter.id, facts.sha256, facts.path)
    changed = True
    with transaction(conn):
        if twin is not None:  # the same content arrived under two names in this batch
            _duplicate_or_moved(conn, matter, facts, twin, report)
        else:
            _, changed = corpus.store_parsed(conn, matter.id, facts, parsed, meta)
    if twin is not None:
        return  # counted as a duplicate or a move
    if not changed:
        report.unchanged += 1  # re-read by a newer reader, same result
    elif facts.path in state:
        report.updated += 1
        report.indexed.append(facts.path)  # stored; the workspace drops the pending ones
    else:
        report.added += 1
        report.indexed.append(facts.path)


def _fail(
    conn: Connection, matter: Matter, facts: FileFacts, reason: str, report: IngestReport
) -> None:
    with transaction(conn):
        corpus.store_failure(conn, matter.id, facts, reason)
    report.failed.append((facts.path, reason))


def _retire_missing(
    conn: Connection,
    matter: Matter,
    roots: list[Path],
    present: set[str],
    report: IngestReport,
) -> None:
    """Retire the documents under ``roots`` whose files are gone; an indexed one with a
    duplicate still on disk moves to that file instead (its content stays indexed)."""
    if not roots:
        return
    prefixes = tuple(str(r) + "/" for r in roots)
    documents = corpus.list_documents(conn, matter.id)
    copies: dict[int, list[str]] = defaultdict(list)  # an indexed document's duplicates
    for d in documents:
        if d.status == DocumentStatus.DUPLICATE and d.duplicate_of:
            copies[d.duplicate_of].append(d.path)
    for doc in documents:
        if (
            doc.path.startswith(prefixes)
            and doc.path not in present
            and doc.status != DocumentStatus.RETIRED
            and not Path(doc.path).exists()
        ):
            heir = next((p for p in copies[doc.id] if Path(p).exists()), None)
            if heir is None:
                with transaction(conn):
                    corpus.retire(conn, doc.id)
                report.retired += 1
            else:
                with transaction(conn):
                    sources.move_document(conn, matter.id, doc.id, _facts(Path(heir), hashed=False))
                report.moved += 1


def _tick(progress: Progress | None, done: int, total: int, path: str) -> None:
    if progress is not None:
        progress(done, total, path)
