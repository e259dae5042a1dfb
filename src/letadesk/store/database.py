"""Opening the LetaDesk database: pragmas, sqlite-vec, migrations with a backup first.

SQLite (through APSW, which bundles a current SQLite able to load extensions) is
the source of truth. Everything else (tantivy, vectors) is derived from it.
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
from letadesk.store.schema import AUDIT_ANCHOR_VERSION, LATEST_VERSION, MIGRATIONS


def open_database(path: Path, *, backups: Path | None = None) -> apsw.Connection:
    """Open (creating if needed) and migrate the database at ``path``.

    Raises :class:`SchemaTooNewError` for a database written by a newer LetaDesk,
    and :class:`StoreError` when the file is not a usable database.
    """
    try:
        conn = apsw.Connection(str(path))
        conn.set_busy_timeout(10_000)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        load_extension(conn)
        _migrate(conn, path, backups)
    except apsw.Error as exc:
        raise StoreError(f"{path}: cannot open database ({exc})") from exc
    return conn


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
    """One atomic unit: BEGIN IMMEDIATE … COMMIT, rolled back on any exception."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def compact(conn: apsw.Connection) -> None:
    """VACUUM (rewrite the file without its free pages) and truncate the WAL, so that
    deleted content is left in neither; temporary copies stay in memory."""
    conn.execute("PRAGMA temp_store=MEMORY")
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def integrity_ok(conn: apsw.Connection) -> bool:
    row = conn.execute("PRAGMA integrity_check").fetchone()
    return row is not None and row[0] == "ok"
