"""One atomic unit of work on the database, and what a disk or file fault means.

Faults of the disk or the file (full, read-only, damaged, I/O) become a
:class:`StoreError` that says what happened; a transaction cut short by one leaves
everything committed before it intact.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import apsw

from letadesk.errors import StoreError

# apsw errors that are faults of the disk or of the file, not of LetaDesk's SQL
_FAULTS: tuple[tuple[type[apsw.Error], str], ...] = (
    (
        apsw.FullError,
        "the disk is full (or the database reached its size limit); what was "
        "saved before is intact: free some space and run the command again",
    ),
    (
        apsw.ReadOnlyError,
        "the profile is read-only: LetaDesk cannot write to its database; "
        "check the folder's permissions and that the disk is writable",
    ),
    (
        apsw.CorruptError,
        "the database file is damaged; run `letadesk doctor` and restore the profile from a backup",
    ),
    (apsw.NotADBError, "the file is not a LetaDesk database, or it is damaged"),
    (apsw.IOError, "the disk reported an I/O error (full, removed or failing)"),
    (apsw.CantOpenError, "the database file cannot be opened (missing folder or no permission)"),
    (
        apsw.BusyError,
        "another LetaDesk process kept the database locked for too long; "
        "try again when it has finished",
    ),
)


def fault_reason(exc: BaseException) -> str | None:
    """What a disk or file fault means for the user, or None when ``exc`` is not one."""
    for kind, reason in _FAULTS:
        if isinstance(exc, kind):
            return f"{reason} [{exc}]"
    return None


def fault_error(exc: BaseException, conn: apsw.Connection | None = None) -> StoreError | None:
    """The :class:`StoreError` for a disk or file fault, naming the database; None for
    an error that is not a fault (a bug in SQL, a constraint, not an SQLite error)."""
    reason = fault_reason(exc)
    if reason is None:
        return None
    name = conn.filename if conn is not None else "database"
    return StoreError(f"{name}: {reason}")


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
