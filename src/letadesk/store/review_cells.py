"""The review grid's stored cells: each the JSON of one grounded answer (or refusal) for
one document and one question, under the key that decides whether it still holds."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from letadesk.domain import DocumentId
from letadesk.store.database import Connection
from letadesk.store.transaction import transaction


@dataclass(frozen=True, slots=True)
class CellKey:
    """What a stored cell was computed from: the document (its id and content), the
    question, the judge (name and weights), the LetaDesk version and the ask options."""

    document_id: DocumentId
    sha256: str
    question: str
    judge: str
    app_version: str
    options: str

    def row(self) -> tuple[object, ...]:
        """The key's values in the order of the columns: document_id, sha256, question,
        judge, app_version, options."""
        return (
            self.document_id,
            self.sha256,
            self.question,
            self.judge,
            self.app_version,
            self.options,
        )


def encode_cell(cell: dict[str, Any]) -> str:
    """A cell's stored text (JSON), as both stores keep it."""
    return json.dumps(cell, ensure_ascii=False, default=str)


def decode_cell(row: tuple[Any, ...] | None) -> dict[str, Any] | None:
    """The cell of a ``SELECT cell`` row; None for no row or text that is no cell."""
    value = None if row is None else json.loads(row[0])
    return value if isinstance(value, dict) else None


_WHERE = (
    "document_id = ? AND sha256 = ? AND question = ? AND judge = ? AND app_version = ? "
    "AND options = ?"
)


class ReviewCells:
    """Read and write the stored cells on one connection."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def get(self, key: CellKey) -> dict[str, Any] | None:
        """The cell stored under ``key``; None when there is none."""
        return decode_cell(
            self._conn.execute(
                f"SELECT cell FROM review_cells WHERE {_WHERE}", key.row()
            ).fetchone()
        )

    def put(self, key: CellKey, cell: dict[str, Any]) -> None:
        """Store ``cell`` under ``key`` (replacing one already there), and drop the
        document's cells of the same question computed from older content or another
        judge or version: they can no longer be shown."""
        with transaction(self._conn):
            self._conn.execute(
                "DELETE FROM review_cells WHERE document_id = ? AND question = ? AND options = ?",
                (key.document_id, key.question, key.options),
            )
            self._conn.execute(
                "INSERT INTO review_cells(document_id, sha256, question, judge, app_version, "
                "options, cell) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (*key.row(), encode_cell(cell)),
            )

    def count(self) -> int:
        row = self._conn.execute("SELECT count(*) FROM review_cells").fetchone()
        return int(row[0]) if row else 0
