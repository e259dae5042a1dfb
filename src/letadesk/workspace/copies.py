"""``workspace.copies``: what a copy to or from the firm server reads of this computer's
profile and writes into it (:mod:`letadesk.server.push`, :mod:`letadesk.server.pull`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from letadesk.store import imports
from letadesk.store.audit_chain import ChainRow
from letadesk.store.database import Connection
from letadesk.store.imports import Copied

if TYPE_CHECKING:
    from letadesk.index.sync import IndexSet


class LocalCopies:
    """The stored vectors of the profile on ``conn`` (read without loading the embedder),
    and the filling of an empty profile from the firm server."""

    def __init__(self, conn: Connection, indexes: Callable[[], IndexSet]) -> None:
        self._conn = conn
        self._indexes = indexes

    def vector_ids(self) -> set[int]:
        """The fragments that have a stored vector."""
        return self._indexes().stored_vector_ids()

    def vectors(
        self, fragment_ids: Sequence[int]
    ) -> tuple[tuple[str, int] | None, dict[int, np.ndarray]]:
        """The embedder identity of the stored vectors, and those of ``fragment_ids``."""
        return self._indexes().stored_vectors(fragment_ids)

    def fill(
        self, copied: Copied, audit_rows: Sequence[ChainRow], identity: tuple[str, int] | None
    ) -> None:
        """This empty profile filled from the firm server (:mod:`letadesk.store.imports`):
        the matters and their documents, the audit trail, then indexed; the server's
        vectors (made by the embedder ``identity``) are kept."""
        rows, vectors = imports.import_copy(self._conn, copied, audit_rows)
        indexes = self._indexes()
        indexes.sync(embed=False)
        if identity is not None and rows:
            indexes.import_vectors(identity, rows, vectors)
        indexes.sync()
