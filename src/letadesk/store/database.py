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
from pathlib import Path
from typing import TypeAlias

import apsw

from letadesk.errors import SchemaTooNewError, StoreError
from letadesk.store.locks import file_lock
from letadesk.store.schema import AUDIT_ANCHOR_VERSION, LATEST_VERSION, MIGRATIONS
from letadesk.store.transaction import fault_reason, transaction
from letadesk.store.vec_extension import load_extension

Connection: TypeAlias = apsw.Connection
"""An open database, as the layers above hold it: only ``store`` (and the sqlite-vec
index) run SQL on it; the others hand it back to ``store`` functions."""


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
            raise StoreError(f"{path}: cannot open database ({fault_reason(exc) or exc})") from exc
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
    _refuse_downgrade(conn, path, current)
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
                from letadesk.store.audit_key import key_path

                audit.anchor(conn, key_path(conn))
            conn.execute(f"PRAGMA user_version={version}")


def _refuse_downgrade(conn: apsw.Connection, path: Path, current: int) -> None:
    """A trail from before the audit key (schema < AUDIT_ANCHOR_VERSION) would be
    re-anchored under the key, unverified; where the key already exists the database
    was set back (a forged chain in the old format, then migrated), or an older one was
    copied in. Either way LetaDesk will not vouch for it: the migration is refused."""
    if not 0 < current < AUDIT_ANCHOR_VERSION:
        return
    from letadesk.store.audit_key import key_path, load_key

    key = key_path(conn)
    if load_key(key) is None:
        return  # an older profile, from before the key: re-anchored once, as it says
    raise StoreError(
        f"{path}: its schema is version {current}, from before the audit key, but this "
        f"profile's key exists ({key}): the database was set back or copied in from an "
        "older profile, and its audit trail cannot be verified against the key. LetaDesk "
        "will not re-anchor it; restore the profile from a backup (letadesk restore), or "
        "open the older database in a new profile folder"
    )


def open_snapshot(path: Path) -> apsw.Connection:
    """The database file ``path`` (a snapshot no one writes, such as a backup's copy)
    opened read-only and immutable: nothing is written, not even a lock or WAL file."""
    return apsw.Connection(
        path.resolve().as_uri() + "?immutable=1",
        flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI,
    )


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


def compact(conn: apsw.Connection) -> None:
    """VACUUM (rewrite the file without its free pages) and truncate the WAL, so that
    deleted content is left in neither; temporary copies stay in memory."""
    conn.execute("PRAGMA temp_store=MEMORY")
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def damage(conn: apsw.Connection) -> str:
    """ "" when SQLite's quick check passes, else what it found, naming the file."""
    try:
        found = [str(r[0]) for r in conn.execute("PRAGMA quick_check(5)")]
    except apsw.Error as exc:
        found = [str(exc)]
    if found == ["ok"]:
        return ""
    return f"database {conn.filename} is damaged ({'; '.join(found)})"


def integrity_ok(conn: apsw.Connection) -> bool:
    row = conn.execute("PRAGMA integrity_check").fetchone()
    return row is not None and row[0] == "ok"


def backup_holds(path: Path, matter_id: int, matter_name: str) -> bool:
    """Whether the database file at ``path`` (a migration backup) holds anything of the
    matter: its row, documents or audit records. An unreadable file counts as holding it."""
    try:
        conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    except apsw.Error:
        return False
    try:
        tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master")}
        checks = [
            ("matters", "SELECT 1 FROM matters WHERE id = ? OR name = ?", (matter_id, matter_name)),
            ("documents", "SELECT 1 FROM documents WHERE matter_id = ?", (matter_id,)),
            ("audit", "SELECT 1 FROM audit WHERE matter_id = ?", (matter_id,)),
        ]
        return any(
            conn.execute(sql, args).fetchone() is not None
            for table, sql, args in checks
            if table in tables
        )
    except apsw.Error:
        return True  # unreadable: it may hold the matter, and it restores nothing
    finally:
        conn.close()


def secure_delete(conn: apsw.Connection) -> None:
    """From now on, overwrite deleted content with zeros (before a purge)."""
    conn.execute("PRAGMA secure_delete=ON")
