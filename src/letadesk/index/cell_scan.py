"""The KNN query over some of a matter's cells in the sqlite-vec table, and sharing a
long one out across the cores.

A clustered matter's query scans 1/16 of its cells (at 1M fragments, 125 cells of
about 500 vectors). The scan is sqlite-vec's, inside SQLite, where APSW lets go of the
GIL; so the read pool's connections (:mod:`letadesk.store.read_pool`) each scan every
n-th cell on their own thread while the caller's connection scans its share, and the
rows are the same as one connection's.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

import apsw
import numpy as np

from letadesk.domain import SearchFilters

if TYPE_CHECKING:
    from letadesk.store.read_pool import ReadPool

SPLIT_AT = 16  # a KNN over this many cells or more is shared with the read pool
_EPOCH = date(1970, 1, 1)

CellRow = tuple[int, int, float]
"""``(fragment_id, cell, cosine similarity)``."""


def day_number(d: date | None, default: int) -> int:
    """Days since 1970-01-01 (how the table stores validity dates); ``default`` for None."""
    return default if d is None else (d - _EPOCH).days


def scan(
    conn: apsw.Connection,
    table: str,
    vec: np.ndarray,
    filters: SearchFilters,
    k: int,
    cells: Sequence[int],
) -> list[CellRow]:
    """Up to ``k`` rows of each of ``cells`` (best first when there is one), every
    filter inside the KNN query."""
    marks = ", ".join("?" * len(cells))
    where = ["embedding MATCH ?", "k = ?", "matter_id = ?", f"cell IN ({marks})"]
    params: list[object] = [vec.tobytes(), k, int(filters.matter_id), *cells]
    if filters.document_id is not None:
        where.append("document_id = ?")
        params.append(int(filters.document_id))
    if filters.jurisdiction is not None:
        where.append("jurisdiction = ?")
        params.append(filters.jurisdiction)
    if filters.legal_force is not None:
        where.append("legal_force = ?")
        params.append(filters.legal_force)
    if filters.as_of is not None:
        day = day_number(filters.as_of, 0)
        where += ["valid_from <= ?", "valid_to >= ?"]
        params += [day, day]
    # several cells: k rows each, merged by the caller (SQLite's sort costs more)
    order = " ORDER BY distance" if len(cells) == 1 else ""
    sql = f"SELECT fragment_id, cell, distance FROM {table} WHERE " + " AND ".join(where)
    return [(int(f), int(c), 1.0 - float(d)) for f, c, d in conn.execute(sql + order, params)]


def shared_scan(
    conn: apsw.Connection,
    readers: ReadPool | None,
    table: str,
    vec: np.ndarray,
    filters: SearchFilters,
    k: int,
    cells: Sequence[int],
) -> list[CellRow]:
    """:func:`scan`, with ``readers`` (when there are any and the cells are many)
    scanning every n-th cell on their threads while ``conn`` scans its own share."""
    if readers is None or readers.size == 0 or len(cells) < SPLIT_AT:
        return scan(conn, table, vec, filters, k, cells)
    parts = readers.size + 1
    shares = [list(cells[i::parts]) for i in range(parts)]
    collect = readers.submit(
        lambda reader, share: scan(reader, table, vec, filters, k, share), shares[1:]
    )
    try:
        rows = scan(conn, table, vec, filters, k, shares[0])
    finally:
        theirs = collect()
    return rows + [row for share in theirs for row in share]
