"""Reading and writing matters (a matter holds documents; deleting it deletes them).

Writers expect to run inside the caller's transaction (see
:func:`letadesk.store.transaction.transaction`).
"""

from __future__ import annotations

import apsw

from letadesk.domain import DocumentId, Matter, MatterId
from letadesk.errors import ConfigError, NotFoundError


def ensure_matter(conn: apsw.Connection, name: str) -> Matter:
    conn.execute("INSERT OR IGNORE INTO matters(name) VALUES (?)", (name,))
    return matter_by_name(conn, name)


def matter_by_name(conn: apsw.Connection, name: str) -> Matter:
    row = conn.execute("SELECT id, name FROM matters WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise NotFoundError(f"no matter named {name!r}")
    return Matter(MatterId(row[0]), row[1])


def list_matters(conn: apsw.Connection) -> list[Matter]:
    rows = conn.execute("SELECT id, name FROM matters ORDER BY name")
    return [Matter(MatterId(r[0]), r[1]) for r in rows]


def rename_matter(conn: apsw.Connection, matter_id: MatterId, new_name: str) -> None:
    """ConfigError when another matter already has ``new_name`` (names are unique)."""
    try:
        conn.execute("UPDATE matters SET name = ? WHERE id = ?", (new_name, matter_id))
    except apsw.ConstraintError as exc:
        raise ConfigError(
            f"cannot rename the matter to {new_name!r}: another matter already has that name"
        ) from exc


def delete_matter(conn: apsw.Connection, matter_id: MatterId) -> list[DocumentId]:
    """Delete a matter and everything in it; returns the ids of its documents."""
    ids = [
        DocumentId(r[0])
        for r in conn.execute("SELECT id FROM documents WHERE matter_id = ?", (matter_id,))
    ]
    conn.execute("DELETE FROM matters WHERE id = ?", (matter_id,))
    return ids


def matter_name(conn: apsw.Connection, matter_id: MatterId) -> str:
    """The matter's name (its id as text when there is no such matter)."""
    row = conn.execute("SELECT name FROM matters WHERE id = ?", (matter_id,)).fetchone()
    return str(row[0]) if row else str(matter_id)


def remove_document(conn: apsw.Connection, document_id: DocumentId, *, reread: bool) -> None:
    """Take a document's pages and passages out of its matter (the indexes follow the
    outbox). With ``reread`` it stays listed and the next ingest of its file reads it
    again; without, its row goes too (and its review cells with it)."""
    conn.execute("DELETE FROM fragments WHERE document_id = ?", (document_id,))
    conn.execute("DELETE FROM pages WHERE document_id = ?", (document_id,))
    conn.execute("INSERT INTO index_outbox(document_id, op) VALUES (?, 'delete')", (document_id,))
    if reread:
        conn.execute("UPDATE documents SET reader_version = 0 WHERE id = ?", (document_id,))
    else:
        conn.execute("DELETE FROM documents WHERE id = ?", (document_id,))
