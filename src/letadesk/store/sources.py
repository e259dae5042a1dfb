"""The currency of documents' files (:mod:`letadesk.ingest.currency`): what was
recorded of each file when it was indexed, its state now, and when the last full
re-hash ran; the indexed twin of a file (its content under another path) and a
document that follows its file to a new path (:func:`move_document`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

import apsw

from letadesk.domain import DocumentId, MatterId, SourceState
from letadesk.store.corpus import FileFacts


@dataclass(frozen=True, slots=True)
class SourceFacts:
    """What was recorded of a document's file when it was indexed, and its currency."""

    id: DocumentId
    path: str
    sha256: str
    size: int
    mtime: float
    state: SourceState


def source_facts(conn: apsw.Connection, matter_id: MatterId | None = None) -> list[SourceFacts]:
    """The file facts of every indexed or duplicate document (of ``matter_id``)."""
    clause, args = ("AND matter_id = ?", [matter_id]) if matter_id is not None else ("", [])
    rows = conn.execute(
        "SELECT id, path, sha256, size, mtime, source_state FROM documents "
        f"WHERE status IN ('indexed', 'duplicate') {clause} ORDER BY id",
        args,
    )
    return [
        SourceFacts(DocumentId(r[0]), r[1], r[2], int(r[3]), float(r[4]), SourceState(r[5]))
        for r in rows
    ]


def set_source_state(
    conn: apsw.Connection,
    document_id: DocumentId,
    state: SourceState,
    *,
    mtime: float | None = None,
) -> None:
    """Record a document's currency (and, when given, its file's unchanged-content time)."""
    conn.execute(
        "UPDATE documents SET source_state = ?, mtime = coalesce(?, mtime) WHERE id = ?",
        (state.value, mtime, document_id),
    )


def last_source_check(conn: apsw.Connection) -> datetime | None:
    """When the last full re-hash of the sources ran (aware UTC), None before the first."""
    row = conn.execute("SELECT checked_at FROM source_checks WHERE kind = 'full'").fetchone()
    return datetime.fromisoformat(row[0]) if row else None


def record_source_check(conn: apsw.Connection, at: datetime) -> None:
    conn.execute(
        "INSERT INTO source_checks(kind, checked_at) VALUES ('full', ?) "
        "ON CONFLICT(kind) DO UPDATE SET checked_at = excluded.checked_at",
        (at.isoformat(),),
    )


class Twin(NamedTuple):
    """An indexed document with the content of a file being ingested."""

    id: int
    path: str
    reader_version: int  # the reader that read it


def indexed_twin(conn: apsw.Connection, matter_id: MatterId, sha256: str, path: str) -> Twin | None:
    """The indexed document of the matter with the same content at another path."""
    row = conn.execute(
        "SELECT id, path, reader_version FROM documents WHERE matter_id = ? AND sha256 = ? "
        "AND path != ? AND status = 'indexed' ORDER BY id LIMIT 1",
        (matter_id, sha256, path),
    ).fetchone()
    return Twin(int(row[0]), str(row[1]), int(row[2])) if row else None


def move_document(
    conn: apsw.Connection, matter_id: MatterId, document_id: int, facts: FileFacts
) -> None:
    """The indexed document ``document_id`` is now the file ``facts`` (the same content,
    moved or renamed): its path and file facts follow, its passages stay; a record of
    the new path as a duplicate of it goes."""
    conn.execute(
        "DELETE FROM documents WHERE matter_id = ? AND path = ? AND id != ? "
        "AND status = 'duplicate'",
        (matter_id, facts.path, document_id),
    )
    conn.execute(
        "UPDATE documents SET path = ?, size = ?, mtime = ?, source_state = ?, "
        "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?",
        (facts.path, facts.size, facts.mtime, SourceState.CURRENT.value, document_id),
    )
