"""Reading and writing documents, with their pages and fragments as one unit.

Functions take an open connection; writers expect to run inside the caller's
transaction (see :func:`letadesk.store.transaction.transaction`) so that one
document is always written or replaced atomically. Matters are in
:mod:`letadesk.store.matters`, the reads of pages and fragments in
:mod:`letadesk.store.fragments`, the files' currency in :mod:`letadesk.store.sources`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import apsw

from letadesk.domain import (
    Document,
    DocumentId,
    DocumentStatus,
    MatterId,
    ParsedDocument,
    SearchFilters,
    SourceState,
)
from letadesk.errors import NotFoundError
from letadesk.store.filters import document_filter_sql
from letadesk.store.matters import matter_name

_DOC_COLUMNS = (
    "id, matter_id, path, title, kind, language, sha256, size, status, failure_reason, "
    "jurisdiction, legal_force, valid_from, valid_to, verified, duplicate_of, source_state"
)


@dataclass(frozen=True, slots=True)
class FileFacts:
    """What is known of a file on disk before parsing it."""

    path: str
    sha256: str
    size: int
    mtime: float
    reader_version: int = 0  # the ingest readers' version that handles the file


META_FIELDS = ("jurisdiction", "legal_force", "valid_from", "valid_to")


@dataclass(frozen=True, slots=True)
class LegalMeta:
    """Human-set legal metadata of a document, as a change: only the fields given are
    written. ``None`` leaves a field as it is; ``clear`` names fields (of
    :data:`META_FIELDS`) to empty; a string field given as ``""`` is emptied too."""

    jurisdiction: str | None = None
    legal_force: str | None = None
    valid_from: date | None = None
    valid_to: date | None = None
    clear: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = self.clear - set(META_FIELDS)
        if unknown:
            raise ValueError(f"LegalMeta.clear: unknown fields {sorted(unknown)}")

    @property
    def empty(self) -> bool:
        """Whether this changes nothing."""
        return not _meta_values(self)


def _to_date(value: Any) -> date | None:
    return date.fromisoformat(value) if value else None


def _document(row: Sequence[Any]) -> Document:
    return Document(
        id=DocumentId(row[0]),
        matter_id=MatterId(row[1]),
        path=row[2],
        title=row[3],
        kind=row[4],
        language=row[5],
        sha256=row[6],
        size=row[7],
        status=DocumentStatus(row[8]),
        failure_reason=row[9],
        jurisdiction=row[10],
        legal_force=row[11],
        valid_from=_to_date(row[12]),
        valid_to=_to_date(row[13]),
        verified=bool(row[14]),
        duplicate_of=DocumentId(row[15]) if row[15] is not None else None,
        source_state=SourceState(row[16]),
    )


def document(conn: apsw.Connection, document_id: int) -> Document:
    row = conn.execute(
        f"SELECT {_DOC_COLUMNS} FROM documents WHERE id = ?", (document_id,)
    ).fetchone()
    if row is None:
        raise NotFoundError(f"no document with id {document_id}")
    return _document(row)


def find_document(conn: apsw.Connection, ref: str, matter_id: MatterId | None = None) -> Document:
    """A document by id, by file name (basename) or by full path, within the matter
    ``matter_id`` when given (an id of another matter's document is not found there);
    ambiguous names raise."""
    where = f" in matter {matter_name(conn, matter_id)!r}" if matter_id is not None else ""
    if ref.isdigit():
        row = conn.execute(
            f"SELECT {_DOC_COLUMNS} FROM documents WHERE id = ?", (int(ref),)
        ).fetchone()
        if row is None or (matter_id is not None and row[1] != matter_id):
            raise NotFoundError(f"no document {ref}{where}")
        return _document(row)
    clause, args = ("AND matter_id = ?", [matter_id]) if matter_id is not None else ("", [])
    rows = conn.execute(
        f"SELECT {_DOC_COLUMNS} FROM documents WHERE path = ? {clause}", (ref, *args)
    ).fetchall()
    if not rows:  # a bare file name: current documents only
        rows = conn.execute(
            f"SELECT {_DOC_COLUMNS} FROM documents WHERE path LIKE ? ESCAPE '\\' "
            f"AND status != 'retired' {clause}",
            ("%/" + ref.replace("%", "\\%").replace("_", "\\_"), *args),
        ).fetchall()
    if not rows:
        raise NotFoundError(f"no document named {ref!r}{where}")
    if len(rows) > 1:
        raise NotFoundError(f"{ref!r} names {len(rows)} documents{where}; use a document id")
    return _document(rows[0])


def list_documents(
    conn: apsw.Connection, matter_id: MatterId | None = None, *, failed_only: bool = False
) -> list[Document]:
    where, args = [], []
    if matter_id is not None:
        where.append("matter_id = ?")
        args.append(matter_id)
    if failed_only:
        where.append("status = 'failed'")
    clause = ("WHERE " + " AND ".join(where)) if where else ""
    rows = conn.execute(f"SELECT {_DOC_COLUMNS} FROM documents {clause} ORDER BY path", args)
    return [_document(r) for r in rows]


def document_text(conn: apsw.Connection, document_id: int) -> str:
    row = conn.execute("SELECT text FROM documents WHERE id = ?", (document_id,)).fetchone()
    if row is None:
        raise NotFoundError(f"no document with id {document_id}")
    return str(row[0])


def file_state(conn: apsw.Connection, matter_id: MatterId) -> dict[str, tuple[str, str, int]]:
    """path -> (sha256, status, reader version) for every document of a matter."""
    rows = conn.execute(
        "SELECT path, sha256, status, reader_version FROM documents WHERE matter_id = ?",
        (matter_id,),
    )
    return {r[0]: (r[1], r[2], int(r[3])) for r in rows}


def _upsert_row(
    conn: apsw.Connection, matter_id: MatterId, facts: FileFacts, values: dict[str, Any]
) -> DocumentId:
    existing = conn.execute(
        "SELECT id FROM documents WHERE matter_id = ? AND path = ?", (matter_id, facts.path)
    ).fetchone()
    cols = {
        "sha256": facts.sha256,
        "size": facts.size,
        "mtime": facts.mtime,
        "reader_version": facts.reader_version,
        "source_state": SourceState.CURRENT.value,
        **values,
    }
    if existing:
        sets = ", ".join(f"{k} = ?" for k in cols)
        conn.execute(
            f"UPDATE documents SET {sets}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') "
            "WHERE id = ?",
            (*cols.values(), existing[0]),
        )
        return DocumentId(existing[0])
    names = ", ".join(["matter_id", "path", *cols])
    marks = ", ".join("?" * (len(cols) + 2))
    conn.execute(
        f"INSERT INTO documents({names}) VALUES ({marks})", (matter_id, facts.path, *cols.values())
    )
    return DocumentId(conn.last_insert_rowid())


def _clear_content(conn: apsw.Connection, document_id: DocumentId) -> None:
    conn.execute("DELETE FROM fragments WHERE document_id = ?", (document_id,))
    conn.execute("DELETE FROM pages WHERE document_id = ?", (document_id,))
    conn.execute("INSERT INTO index_outbox(document_id, op) VALUES (?, 'delete')", (document_id,))


def store_parsed(
    conn: apsw.Connection,
    matter_id: MatterId,
    facts: FileFacts,
    parsed: ParsedDocument,
    meta: LegalMeta | None = None,
) -> tuple[DocumentId, bool]:
    """Write (or atomically replace) a parsed document with its pages and fragments.

    Returns the document id and whether its content changed (False for a re-read
    that produced exactly what was stored: only the file facts are updated)."""
    values: dict[str, Any] = {
        "title": parsed.title,
        "kind": parsed.kind.value,
        "language": parsed.language,
        "status": DocumentStatus.INDEXED.value,
        "failure_reason": "",
        "text": parsed.text,
        "duplicate_of": None,
    }
    meta_values = _meta_values(meta) if meta is not None else {}
    values.update(meta_values)  # only the fields given: the others keep their values
    if (same := _same_content(conn, matter_id, facts.path, parsed)) is not None:
        _upsert_row(conn, matter_id, facts, values)  # a re-read that changed nothing:
        if meta_values:  # keep the fragments (their ids, index entries and vectors)
            conn.execute("INSERT INTO index_outbox(document_id, op) VALUES (?, 'upsert')", (same,))
        return same, False
    # new content: a person's "verified" was of the old one; gone until verified again
    doc_id = _upsert_row(conn, matter_id, facts, values | {"verified": 0})
    _clear_content(conn, doc_id)
    conn.executemany(
        'INSERT INTO pages(document_id, number, label, start, "end", method, note) '
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(doc_id, p.number, p.label, p.start, p.end, p.method.value, p.note) for p in parsed.pages],
    )
    conn.executemany(
        'INSERT INTO fragments(document_id, matter_id, page, start, "end", locator, text) '
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(doc_id, matter_id, f.page, f.start, f.end, f.locator, f.text) for f in parsed.fragments],
    )
    conn.execute("INSERT INTO index_outbox(document_id, op) VALUES (?, 'upsert')", (doc_id,))
    return doc_id, True


def _same_content(
    conn: apsw.Connection, matter_id: MatterId, path: str, parsed: ParsedDocument
) -> DocumentId | None:
    """The id of the indexed document at ``path`` when it already holds exactly the
    text, pages and fragments of ``parsed``; else None."""
    row = conn.execute(
        "SELECT id, text FROM documents WHERE matter_id = ? AND path = ? AND status = 'indexed'",
        (matter_id, path),
    ).fetchone()
    if row is None or row[1] != parsed.text:
        return None
    doc_id = DocumentId(int(row[0]))
    pages = [(p.number, p.label, p.start, p.end, p.method.value, p.note) for p in parsed.pages]
    stored_pages = [
        tuple(r)
        for r in conn.execute(
            'SELECT number, label, start, "end", method, note FROM pages WHERE document_id = ? '
            "ORDER BY number",
            (doc_id,),
        )
    ]
    frags = [(f.page, f.start, f.end, f.locator, f.text) for f in parsed.fragments]
    stored_frags = [
        tuple(r)
        for r in conn.execute(
            'SELECT page, start, "end", locator, text FROM fragments WHERE document_id = ? '
            "ORDER BY start, id",
            (doc_id,),
        )
    ]
    return doc_id if pages == stored_pages and frags == stored_frags else None


def store_failure(
    conn: apsw.Connection, matter_id: MatterId, facts: FileFacts, reason: str
) -> DocumentId:
    doc_id = _upsert_row(
        conn,
        matter_id,
        facts,
        {
            "status": DocumentStatus.FAILED.value,
            "failure_reason": reason,
            "text": "",
            "verified": 0,
            "title": facts.path.rsplit("/", 1)[-1],
        },
    )
    _clear_content(conn, doc_id)
    return doc_id


def store_duplicate(
    conn: apsw.Connection, matter_id: MatterId, facts: FileFacts, twin: int
) -> DocumentId:
    doc_id = _upsert_row(
        conn,
        matter_id,
        facts,
        {
            "status": DocumentStatus.DUPLICATE.value,
            "failure_reason": "",
            "text": "",
            "verified": 0,
            "duplicate_of": twin,
            "title": facts.path.rsplit("/", 1)[-1],
        },
    )
    _clear_content(conn, doc_id)
    return doc_id


def retire(conn: apsw.Connection, document_id: DocumentId) -> None:
    """Mark a document whose file is gone; its fragments leave every index."""
    conn.execute("UPDATE documents SET status = 'retired', text = '' WHERE id = ?", (document_id,))
    _clear_content(conn, document_id)


def _meta_values(meta: LegalMeta) -> dict[str, Any]:
    """The columns ``meta`` changes, with their new values (only those)."""
    values: dict[str, Any] = {
        name: ("" if name in ("jurisdiction", "legal_force") else None)
        for name in META_FIELDS
        if name in meta.clear
    }
    for name in ("jurisdiction", "legal_force"):
        text = getattr(meta, name)
        if text is not None and name not in meta.clear:
            values[name] = text
    for name in ("valid_from", "valid_to"):
        day = getattr(meta, name)
        if day is not None and name not in meta.clear:
            values[name] = day.isoformat()
    return values


def set_legal_meta(
    conn: apsw.Connection, document_id: DocumentId, meta: LegalMeta, *, verified: bool | None = None
) -> None:
    """Change the fields ``meta`` gives (and ``verified`` when not None); the others
    keep their values."""
    values = _meta_values(meta)
    if verified is not None:
        values["verified"] = int(verified)
    if not values:
        return
    sets = ", ".join(f"{k} = ?" for k in values)
    conn.execute(f"UPDATE documents SET {sets} WHERE id = ?", (*values.values(), document_id))
    conn.execute("INSERT INTO index_outbox(document_id, op) VALUES (?, 'upsert')", (document_id,))


def refresh_source(conn: apsw.Connection, matter_id: MatterId, facts: FileFacts) -> None:
    """An ingest found the file unchanged: it is current, at its present time."""
    conn.execute(
        "UPDATE documents SET source_state = '', mtime = ? WHERE matter_id = ? "
        "AND path = ? AND (source_state != '' OR mtime != ?)",
        (facts.mtime, matter_id, facts.path, facts.mtime),
    )


def documents_admissible(conn: apsw.Connection, filters: SearchFilters) -> list[Document]:
    where, args = document_filter_sql(filters)
    cols = ", ".join(f"d.{c.strip()}" for c in _DOC_COLUMNS.split(","))
    return [
        _document(r) for r in conn.execute(f"SELECT {cols} FROM documents d WHERE {where}", args)
    ]


def counts(conn: apsw.Connection) -> dict[str, int]:
    def one(sql: str) -> int:
        row = conn.execute(sql).fetchone()
        return int(row[0]) if row else 0

    return {
        "matters": one("SELECT count(*) FROM matters"),
        "documents": one("SELECT count(*) FROM documents WHERE status = 'indexed'"),
        "pages": one("SELECT count(*) FROM pages"),
        "fragments": one("SELECT count(*) FROM fragments"),
        "failed": one("SELECT count(*) FROM documents WHERE status = 'failed'"),
        "ocr_pages": one("SELECT count(*) FROM pages WHERE method = 'ocr'"),
    }
