"""The vec0 table's layout, and the rewrites of its rows that a layout change or a
re-clustering needs: part of the sqlite-vec adapter (:mod:`letadesk.index.vector_index`
alone calls it), on the adapter's own tables, through the connection it is given.

sqlite-vec 0.1.9 cannot alter or rename a vec0 table, nor move a row to another
partition in place, so rows are rewritten: copied to a plain table (``vector_rewrite``,
inside the caller's transaction), deleted, and inserted back ordered by matter and cell,
so that each cell's chunks fill in turn.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from letadesk.index import ivf
from letadesk.store.database import Connection

COLUMNS = "document_id, valid_from, valid_to, jurisdiction, legal_force"
MARKS = ", ".join("?" * 9)  # a row: fragment_id, matter_id, cell, embedding, the metadata
# vectors per sqlite-vec chunk: each partition takes whole chunks; the default 1,024 left
# most of the file empty (20k vectors in 141 cells: 250 MB for 31 MB of vectors)
CHUNK = 256
_COPY = "vector_rewrite"
_REWRITE = 5000  # rows fetched and reassigned together by a re-clustering
_FETCH = 500  # fragment ids per point query


def layout(table: str, dim: int) -> str:
    """The statement that creates the vector table (as ``sqlite_master`` keeps it)."""
    return (
        f"CREATE VIRTUAL TABLE {table} USING vec0("
        "fragment_id INTEGER PRIMARY KEY, matter_id INTEGER PARTITION KEY, "
        f"cell INTEGER PARTITION KEY, embedding float[{dim}] distance_metric=cosine, "
        "document_id INTEGER, valid_from INTEGER, valid_to INTEGER, "
        f"jurisdiction TEXT, legal_force TEXT, chunk_size={CHUNK})"
    )


def create(conn: Connection, table: str, dim: int) -> None:
    """The vector table, with the index its chunk lookups need (:func:`index_chunks`)."""
    conn.execute(layout(table, dim))
    index_chunks(conn, table)


def index_chunks(conn: Connection, table: str) -> None:
    """Index sqlite-vec's chunk table by partition: it finds each (matter, cell)'s chunks
    there, and without an index read every chunk row per cell (about 8 ms a cell at 1M
    vectors; 0.6-1.5 ms with it)."""
    conn.execute(
        f"CREATE INDEX IF NOT EXISTS {table}_chunks_by_partition "
        f"ON {table}_chunks(partition00, partition01)"
    )


def is_current(conn: Connection, table: str, dim: int) -> bool:
    row = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    return row == (layout(table, dim),)


def migrate(conn: Connection, table: str, dim: int) -> None:
    """Rebuild a table of an older layout (before cells: every row into cell 0), with
    its vectors (nothing is re-embedded). The caller holds the transaction."""
    conn.execute(
        f"INSERT INTO {_copy(conn)} SELECT fragment_id, matter_id, 0, embedding, {COLUMNS} "
        f"FROM {table}"
    )
    conn.execute(f"DROP TABLE {table}")
    create(conn, table, dim)
    _reload(conn, table)


def rewrite_cells(conn: Connection, table: str, ids: Sequence[int], centroids: np.ndarray) -> None:
    """Move each of these rows into the cell of its nearest centroid. The caller holds
    the transaction."""
    copy = _copy(conn)
    for start in range(0, len(ids), _REWRITE):
        rows, matrix = fetch(conn, table, ids[start : start + _REWRITE])
        cells = ivf.assign(matrix, centroids).tolist()
        conn.executemany(
            f"INSERT INTO {copy} VALUES ({MARKS})",
            [(r[0], r[1], c, *r[2:]) for r, c in zip(rows, cells, strict=True)],
        )
    conn.executemany(f"DELETE FROM {table} WHERE fragment_id = ?", [(f,) for f in ids])
    _reload(conn, table)


def fetch(
    conn: Connection, table: str, ids: Sequence[int]
) -> tuple[list[tuple[object, ...]], np.ndarray]:
    """``(fragment_id, matter_id, embedding, *metadata)`` of these fragments, and their
    vectors as a matrix."""
    rows: list[tuple[object, ...]] = []
    for start in range(0, len(ids), _FETCH):
        chunk = ids[start : start + _FETCH]
        rows += conn.execute(
            f"SELECT fragment_id, matter_id, embedding, {COLUMNS} FROM {table} "
            f"WHERE fragment_id IN ({', '.join('?' * len(chunk))})",
            chunk,
        ).fetchall()
    blobs = b"".join(r[2] for r in rows if isinstance(r[2], bytes))
    return rows, np.frombuffer(blobs, dtype=np.float32).reshape(len(rows), -1)


def _copy(conn: Connection) -> str:
    """An empty plain table for rows on their way back into the vec0 table."""
    conn.execute(f"DROP TABLE IF EXISTS {_COPY}")
    conn.execute(
        f"CREATE TABLE {_COPY}(fragment_id INTEGER, matter_id INTEGER, cell INTEGER, "
        "embedding BLOB, document_id INTEGER, valid_from INTEGER, valid_to INTEGER, "
        "jurisdiction TEXT, legal_force TEXT)"
    )
    return _COPY


def _reload(conn: Connection, table: str) -> None:
    conn.execute(f"INSERT INTO {table} SELECT * FROM {_COPY} ORDER BY matter_id, cell, fragment_id")
    conn.execute(f"DROP TABLE {_COPY}")
