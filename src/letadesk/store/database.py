"""Opening the LetaDesk database: pragmas, sqlite-vec, migrations with a backup first.

SQLite (through APSW, which bundles a current SQLite able to load extensions) is
the source of truth. Everything else (tantivy, vectors) is derived from it.

Any number of processes may open one profile at once: opening (creating the file,
switching to WAL, migrating) is serialised by a file lock beside the database, and
each migration step re-reads the schema version inside its own write transaction.
Faults of the disk or the file (full, read-only, damaged, I/O) become a
:class:`StoreError` that says what happened; a transaction cut short by one leaves
everything committed before it intact.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import apsw

from letadesk.errors import SchemaTooNewError, StoreError
from letadesk.index.vector_index import load_extension
from letadesk.store.locks import file_lock
from letadesk.store.schema import AUDIT_ANCHOR_VERSION, LATEST_VERSION, MIGRATIONS

# apsw errors that are faults of the disk or of the file, not of LetaDesk's SQL
_FAULTS: tuple[tuple[type[apsw.Error], str], ...] = (
    (apsw.FullError, "the disk is full (or the database reached its size limit); what was "
                     "saved before is intact: free some space and run the command again"),
    (apsw.ReadOnlyError, "the profile is read-only: LetaDesk cannot write to its database; "
                         "check the folder's permissions and that the disk is writable"),
    (apsw.CorruptError, "the database file is damaged; run `letadesk doctor` and restore "
                        "the profile from a backup"),
    (apsw.NotADBError, "the file is not a LetaDesk database, or it is damaged"),
    (apsw.IOError, "the disk reported an I/O error (full, removed or failing)"),
    (apsw.CantOpenError, "the database file cannot be opened (missing folder or no "
                         "permission)"),
    (apsw.BusyError, "another LetaDesk process kept the database locked for too long; "
                     "try again when it has finished"),
)


def open_database(path: Path, *, backups: Path | None = None) -> apsw.Connection:
    """Open (creating if needed) and migrate the database at ``path``.

    Raises :class:`SchemaTooNewError` for a database written by a newer LetaDesk,
    and :class:`StoreError` when the file is not a usable database.
    """
    with file_lock(path.with_name(path.name + ".lock")):
        conn: apsw.Connection | None = None
        try:
            conn = apsw.Connection(str(path))
            conn.set_busy_timeout(10_000)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            load_extension(conn)
            _migrate(conn, path, backups)
        except (apsw.Error, StoreError) as exc:
            if conn is not None:
                conn.close()
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"{path}: cannot open database ({fault_reason(exc) or exc})"
                             ) from exc
    return conn


def fault_reason(exc: BaseException) -> str | None:
    """What a disk or file fault means for the user, or None when ``exc`` is not one."""
    for kind, reason in _FAULTS:
        if isinstance(exc, kind):
            return f"{reason} [{exc}]"
    return None


def fault_error(exc: apsw.Error, conn: apsw.Connection | None = None) -> StoreError | None:
    """The :class:`StoreError` for a disk or file fault, naming the database; None for
    an error that is not a fault (a bug in SQL, a constraint)."""
    reason = fault_reason(exc)
    if reason is None:
        return None
    name = conn.filename if conn is not None else "database"
    return StoreError(f"{name}: {reason}")


def schema_version(conn: apsw.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0]) if row else 0


def _migrate(conn: apsw.Connection, path: Path, backups: Path | None) -> None:
    current = schema_version(conn)
    if current > LATEST_VERSION:
        raise SchemaTooNewError(
            f"{path}: database schema version {current} is newer than this LetaDesk "
            f"supports ({LATEST_VERSION}); install a newer LetaDesk"
        )
    if current == LATEST_VERSION:
        return
    if current > 0 and backups is not None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        copy_database(conn, backups / f"{path.stem}-v{current}-{stamp}.sqlite3")
    for version in range(current + 1, LATEST_VERSION + 1):
        with transaction(conn):
            if schema_version(conn) >= version:  # another process got there first
                continue
            conn.execute(MIGRATIONS[version - 1])
            if version == AUDIT_ANCHOR_VERSION:
                from letadesk.store import audit

                audit.anchor(conn, audit.key_path(conn))
            conn.execute(f"PRAGMA user_version={version}")


def copy_database(conn: apsw.Connection, target: Path) -> None:
    """Copy the whole database to ``target``: a consistent snapshot through SQLite's online
    backup API, safe while other connections write (before migrating; ``backup``)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".partial")
    dest = apsw.Connection(str(tmp))
    with dest.backup("main", conn, "main") as b:
        while not b.done:
            b.step(-1)
    dest.close()
    shutil.move(str(tmp), target)


@contextmanager
def transaction(conn: apsw.Connection) -> Iterator[apsw.Connection]:
    """One atomic unit: BEGIN IMMEDIATE … COMMIT, rolled back on any exception.

    A disk or file fault (see :func:`fault_error`) is raised as a :class:`StoreError`.
    SQLite may have rolled the transaction back itself (a full disk does that), so
    ROLLBACK is only sent while a transaction is still open."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    except apsw.Error as exc:
        fault = fault_error(exc, conn)
        if fault is None:
            raise
        raise fault from exc


def compact(conn: apsw.Connection) -> None:
    """VACUUM (rewrite the file without its free pages) and truncate the WAL, so that
    deleted content is left in neither; temporary copies stay in memory."""
    conn.execute("PRAGMA temp_store=MEMORY")
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def integrity_ok(conn: apsw.Connection) -> bool:
    row = conn.execute("PRAGMA integrity_check").fetchone()
    return row is not None and row[0] == "ok"
