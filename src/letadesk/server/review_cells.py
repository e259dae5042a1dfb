"""The review grid's cells on the firm server: each lawyer's own.

A cell is the JSON of one grounded answer (or refusal) for one document and one
question, stored under the key that decides whether it still holds
(:class:`~letadesk.store.review_cells.CellKey`), as the embedded profile stores it. On
the server a cell also names the role that computed it (``asked_by``), and a lawyer
reads and reuses only their own: the grid shows a cell as a grounded answer, and one
member of a matter cannot put words in front of another. Writes go through
``put_review_cell``, which checks that the caller may read the document's matter;
row-level security hides every other role's cells, and a revoked member's own.
"""

from __future__ import annotations

from typing import Any

import psycopg

from letadesk.errors import ConfigError
from letadesk.store.review_cells import CellKey, decode_cell, encode_cell


class PgReviewCells:
    """Read and write the session role's stored cells on the server."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def get(self, key: CellKey) -> dict[str, Any] | None:
        """The role's cell stored under ``key``; None when there is none."""
        _checked(key)
        return decode_cell(
            self._conn.execute(
                "SELECT cell FROM (SELECT review_cell(%s::bigint, %s::text, %s::text, %s::text, "
                "%s::text, %s::text) AS cell) c WHERE cell IS NOT NULL",
                key.row(),
            ).fetchone()
        )

    def put(self, key: CellKey, cell: dict[str, Any]) -> None:
        """Store ``cell`` under ``key`` for the session role, replacing its cell of the
        same document, question and options (older content, another judge or version)."""
        _checked(key)
        with self._conn.transaction():
            self._conn.execute(
                "SELECT put_review_cell(%s::bigint, %s::text, %s::text, %s::text, %s::text, "
                "%s::text, %s::text)",
                (*key.row(), encode_cell(cell)),
            )

    def count(self) -> int:
        row = self._conn.execute("SELECT review_cell_count()").fetchone()
        return int(row[0]) if row else 0


def _checked(key: CellKey) -> None:
    """A ConfigError for a question PostgreSQL cannot store (text holds no NUL)."""
    if "\x00" in key.question or "\x00" in key.options:
        raise ConfigError(
            f"the review question {key.question.replace(chr(0), '')[:60]!r} holds a NUL "
            "character: remove it from the template"
        )
