"""What the derived indexes read from SQLite: fragments with their document's
metadata (:class:`~letadesk.domain.LexicalRow`), and the updates still pending."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import apsw

from letadesk.domain import LexicalRow

_ROW_SQL = (
    "SELECT f.id, f.matter_id, f.document_id, d.title, f.locator, f.text, d.jurisdiction, "
    "d.legal_force, d.valid_from, d.valid_to FROM fragments f "
    "JOIN documents d ON d.id = f.document_id WHERE d.status = 'indexed' "
)


def _row(r: tuple[object, ...]) -> LexicalRow:
    return LexicalRow(
        fragment_id=int(r[0]),  # type: ignore[call-overload]
        matter_id=int(r[1]),  # type: ignore[call-overload]
        document_id=int(r[2]),  # type: ignore[call-overload]
        title=str(r[3]),
        locator=str(r[4]),
        text=str(r[5]),
        jurisdiction=str(r[6]),
        legal_force=str(r[7]),
        valid_from=date.fromisoformat(str(r[8])) if r[8] else None,
        valid_to=date.fromisoformat(str(r[9])) if r[9] else None,
    )


def rows_of_document(conn: apsw.Connection, document_id: int) -> list[LexicalRow]:
    return [_row(r) for r in conn.execute(_ROW_SQL + "AND f.document_id = ?", (document_id,))]


def all_rows(conn: apsw.Connection) -> Iterator[LexicalRow]:
    for r in conn.execute(_ROW_SQL + "ORDER BY f.id"):
        yield _row(r)


def rows_by_ids(conn: apsw.Connection, ids: list[int]) -> list[LexicalRow]:
    out: list[LexicalRow] = []
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        marks = ",".join("?" * len(chunk))
        out.extend(_row(r) for r in conn.execute(_ROW_SQL + f"AND f.id IN ({marks})", chunk))
    return out


def pending_updates(conn: apsw.Connection) -> int:
    """How many changes (rows of ``index_outbox``) the indexes have not applied yet."""
    row = conn.execute("SELECT count(*) FROM index_outbox").fetchone()
    return int(row[0]) if row else 0


def queued_documents(conn: apsw.Connection) -> set[int]:
    """The documents with index updates not applied yet (their passages are pending)."""
    return {int(r[0]) for r in conn.execute("SELECT DISTINCT document_id FROM index_outbox")}


def has_indexed_fragments(conn: apsw.Connection) -> bool:
    """Whether any fragment of an indexed document is stored that the lexical index should
    already hold: documents still in the outbox are not (a first ingest killed before its
    index was made leaves only those; the next sync adds them)."""
    row = conn.execute(
        "SELECT 1 FROM fragments f JOIN documents d ON d.id = f.document_id "
        "WHERE d.status = 'indexed' "
        "AND d.id NOT IN (SELECT document_id FROM index_outbox) LIMIT 1"
    ).fetchone()
    return row is not None


def indexed_fragment_ids(conn: apsw.Connection) -> list[int]:
    """The fragments of indexed documents, in id order (so document by document)."""
    return [
        int(r[0])
        for r in conn.execute(
            "SELECT f.id FROM fragments f JOIN documents d ON d.id = f.document_id "
            "WHERE d.status = 'indexed' ORDER BY f.id"
        )
    ]


def indexed_fragments(conn: apsw.Connection, matter_id: int | None = None) -> list[tuple[int, int]]:
    """(fragment id, document id) of every fragment of an indexed document, of
    ``matter_id`` or of all matters."""
    sql = (
        "SELECT f.id, f.document_id FROM fragments f JOIN documents d "
        "ON d.id = f.document_id WHERE d.status = 'indexed'"
    )
    args: tuple[int, ...] = ()
    if matter_id is not None:
        sql, args = sql + " AND f.matter_id = ?", (matter_id,)
    return [(int(f), int(d)) for f, d in conn.execute(sql, args)]


def indexed_counts(conn: apsw.Connection) -> dict[int, int]:
    """Per matter, how many fragments of indexed documents it holds."""
    return {
        int(m): int(n)
        for m, n in conn.execute(
            "SELECT f.matter_id, count(*) FROM fragments f JOIN documents d "
            "ON d.id = f.document_id WHERE d.status = 'indexed' GROUP BY f.matter_id"
        )
    }


def fragment_ids(conn: apsw.Connection) -> set[int]:
    """Every stored fragment, whatever its document's status."""
    return {int(r[0]) for r in conn.execute("SELECT id FROM fragments")}


def outbox(conn: apsw.Connection) -> tuple[int, list[int]] | None:
    """The index updates not applied yet: (the last outbox row's id, the documents they
    concern, sorted); None when there are none."""
    row = conn.execute(
        "SELECT max(id), group_concat(DISTINCT document_id) FROM index_outbox"
    ).fetchone()
    if row is None or row[0] is None:
        return None
    return int(row[0]), sorted({int(x) for x in str(row[1]).split(",")})


def clear_outbox(conn: apsw.Connection, up_to: int | None = None) -> None:
    """Forget the applied index updates: rows up to id ``up_to``, or all of them."""
    if up_to is None:
        conn.execute("DELETE FROM index_outbox")
    else:
        conn.execute("DELETE FROM index_outbox WHERE id <= ?", (up_to,))
