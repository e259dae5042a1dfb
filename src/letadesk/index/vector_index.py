"""The dense index: fragment embeddings in a sqlite-vec ``vec0`` table.

It works on an :class:`apsw.Connection` it is given, with sqlite-vec loaded into it
(:mod:`letadesk.store.vec_extension`, the only module that imports :mod:`sqlite_vec`),
and touches only its own tables: ``vector_meta`` (which embedder wrote the vectors),
``vector_cells`` (each clustered matter's centroids) and ``vec_fragments_<dim>`` (plus
the shadow tables sqlite-vec creates for it).

An inverted file (:mod:`letadesk.index.ivf`): ``matter_id`` then ``cell`` are the vec0
partition keys. A matter without centroids is one cell, 0, searched exactly; a
clustered one (:meth:`VectorIndex.recluster`) is searched in the cells nearest to the
query. Every KNN names its cells: over all partitions of the table it is far slower.

Promises:

* Every :class:`SearchFilters` restriction is applied inside the KNN query:
  ``matter_id`` is the vec0 partition key, the others are vec0 metadata columns.
  Nothing is filtered afterwards, so ``k`` results are ``k`` admissible results
  (the best ones of the cells probed: in a clustered matter they are approximate,
  recall@10 against the exact search >= 0.95 as measured, see ``ivf``).
* Scores are cosine similarities (``1 - cosine distance``), higher is better.
* Transactions: every writing method runs inside ``with conn:``. apsw turns that
  into a transaction when none is active and into a SAVEPOINT inside the
  caller's transaction, so the methods are atomic on their own and may also be
  called inside a larger transaction the caller commits or rolls back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import apsw
import numpy as np

from letadesk.domain import SearchFilters, VectorRow
from letadesk.errors import IndexError_
from letadesk.index import ivf, vector_layout
from letadesk.index.cell_scan import CellRow, day_number, shared_scan
from letadesk.store.vec_extension import load_extension

if TYPE_CHECKING:
    from letadesk.store.read_pool import ReadPool

OPEN_FROM = -(2**40)  # same open-validity sentinels as the lexical index
OPEN_TO = 2**40
MAX_K = 4096  # sqlite-vec's limit on k in a KNN query
FIRST_PER_CELL = 10  # rows first asked of each of several cells (see VectorIndex._knn)
_TABLE_PREFIX = "vec_fragments"
# a matter is clustered once it holds this many vectors, and again each time it doubles
RECLUSTER_AT = 50_000


def _hits(rows: list[CellRow]) -> list[tuple[int, float]]:
    """``(fragment_id, similarity)`` of ``(fragment_id, cell, similarity)`` rows."""
    return [(f, sim) for f, _cell, sim in rows]


def vectors_stored(conn: apsw.Connection) -> bool:
    """Whether ``conn``'s database holds a vector index (its ``vector_meta`` table); the
    sqlite-vec extension need not be loaded."""
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'vector_meta'").fetchone()
    return row is not None


def stored_identity(conn: apsw.Connection) -> tuple[str, int] | None:
    """``(embedder_name, dim)`` the vectors in ``conn``'s database were made with, or
    None when it holds none; the sqlite-vec extension need not be loaded."""
    if not vectors_stored(conn):
        return None
    row = conn.execute("SELECT embedder_name, dim FROM vector_meta").fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


class VectorIndex:
    """Embeddings of fragments, partitioned by matter.

    Call :meth:`ensure` once with the active embedder before any other method.
    The sqlite-vec extension must already be loaded (see :func:`load_extension`);
    the constructor loads it when it is not.
    """

    def __init__(
        self,
        conn: apsw.Connection,
        *,
        recluster_at: int = RECLUSTER_AT,
        readers: ReadPool | None = None,
    ) -> None:
        self._conn = conn
        self._readers = readers
        self._recluster_at = max(1, recluster_at)
        try:
            conn.execute("SELECT vec_version()").fetchall()
        except apsw.SQLError:
            load_extension(conn)
        self._dim: int | None = None

    # -- identity ----------------------------------------------------------------

    @property
    def table(self) -> str:
        if self._dim is None:
            raise IndexError_("vector index used before ensure()")
        return f"{_TABLE_PREFIX}_{self._dim}"

    def identity(self) -> tuple[str, int] | None:
        """``(embedder_name, dim)`` the stored vectors were made with, or None."""
        return stored_identity(self._conn)

    def ensure(self, embedder_name: str, dim: int) -> bool:
        """Prepare the tables for vectors from ``embedder_name`` (``dim`` wide).

        Returns True when the vector table was (re)created empty: first use, or
        the embedder identity or dimension changed (old vectors are dropped). The
        caller must then embed every fragment. Returns False when the stored
        vectors are still valid."""
        if dim <= 0:
            raise ValueError(f"invalid embedding dimension {dim}")
        self._dim = dim
        if self.identity() == (embedder_name, dim) and self._has_table(self.table):
            with self._conn:
                if not vector_layout.is_current(self._conn, self.table, dim):
                    vector_layout.migrate(self._conn, self.table, dim)
                    self._create_cells()
                vector_layout.index_chunks(self._conn, self.table)  # profiles made before it
            return False
        with self._conn:
            self._drop_vector_tables()
            vector_layout.create(self._conn, self.table, dim)
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS vector_meta("
                "embedder_name TEXT NOT NULL, dim INTEGER NOT NULL)"
            )
            self._create_cells()
            self._conn.execute("DELETE FROM vector_meta")
            self._conn.execute("INSERT INTO vector_meta VALUES (?, ?)", (embedder_name, dim))
        return True

    def _create_cells(self) -> None:
        """``vector_cells``: a clustered matter's centroids (float32, ``(cells, dim)``)
        and how many vectors it held when they were trained."""
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS vector_cells(matter_id INTEGER PRIMARY KEY, "
            "clustered_at INTEGER NOT NULL, centroids BLOB NOT NULL)"
        )
        self._conn.execute("DELETE FROM vector_cells")

    def _drop_vector_tables(self) -> None:
        rows = self._conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE "
            "'CREATE VIRTUAL TABLE%' AND name GLOB ?",
            (f"{_TABLE_PREFIX}_[0-9]*",),
        ).fetchall()
        for (name,) in rows:
            self._conn.execute(f'DROP TABLE "{name}"')  # drops the shadow tables too

    def _has_table(self, name: str) -> bool:
        row = self._conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        return row is not None

    def clear(self) -> None:
        """Delete every vector (the embedder identity is kept)."""
        with self._conn:
            self._conn.execute(f"DROP TABLE IF EXISTS {self.table}")
            vector_layout.create(self._conn, self.table, self._dim or 0)
            self._create_cells()

    # -- writing -----------------------------------------------------------------

    def upsert(self, rows: Sequence[VectorRow], vectors: np.ndarray) -> None:
        """Store (or replace) one vector per row; ``vectors`` is ``(len(rows), dim)``, each
        into the cell of its matter nearest to it (cell 0 in a matter not clustered)."""
        table = self.table
        matrix = np.ascontiguousarray(vectors, dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape != (len(rows), self._dim):
            raise ValueError(
                f"expected vectors of shape ({len(rows)}, {self._dim}), got {matrix.shape}"
            )
        if not rows:
            return
        cells = np.zeros(len(rows), dtype=np.int64)
        matters = np.array([r.matter_id for r in rows])
        for matter in set(matters.tolist()):
            centroids = self._centroids(matter)
            if centroids is not None:
                mine = matters == matter
                cells[mine] = ivf.assign(matrix[mine], centroids)
        params = [
            (
                r.fragment_id,
                r.matter_id,
                int(cells[i]),
                matrix[i].tobytes(),
                r.document_id,
                day_number(r.valid_from, OPEN_FROM),
                day_number(r.valid_to, OPEN_TO),
                r.jurisdiction,
                r.legal_force,
            )
            for i, r in enumerate(rows)
        ]
        with self._conn:
            self._conn.executemany(
                f"DELETE FROM {table} WHERE fragment_id = ?", [(p[0],) for p in params]
            )
            self._conn.executemany(f"INSERT INTO {table} VALUES ({vector_layout.MARKS})", params)

    def delete_documents(self, document_ids: Iterable[int]) -> None:
        """Delete the vectors of every fragment of these documents."""
        ids = [(int(d),) for d in set(document_ids)]
        if ids:
            with self._conn:
                self._conn.executemany(f"DELETE FROM {self.table} WHERE document_id = ?", ids)

    def delete_fragments(self, fragment_ids: Iterable[int]) -> None:
        """Delete the vectors of these fragments (unknown ids are ignored)."""
        ids = [(int(f),) for f in set(fragment_ids)]
        if ids:
            with self._conn:
                self._conn.executemany(f"DELETE FROM {self.table} WHERE fragment_id = ?", ids)

    # -- reading -----------------------------------------------------------------

    def search(
        self, query_vec: np.ndarray, filters: SearchFilters, k: int
    ) -> list[tuple[int, float]]:
        """Up to ``k`` (at most 4096) ``(fragment_id, cosine similarity)`` pairs,
        best first, every filter applied inside the KNN query."""
        vec = np.ascontiguousarray(query_vec, dtype=np.float32).reshape(-1)
        if vec.shape[0] != self._dim:
            raise ValueError(f"query vector has {vec.shape[0]} dims, index has {self._dim}")
        if k <= 0:
            return []
        centroids = self._centroids(int(filters.matter_id))
        if centroids is None:
            return self._knn(vec, filters, k, [0])
        first, further = ivf.probes(vec, centroids)
        hits = self._knn(vec, filters, k, first)
        if len(hits) < k and further:  # a narrow filter: look further
            hits = ivf.best(hits + self._knn(vec, filters, k, further), k)
        return hits

    def _knn(
        self, vec: np.ndarray, filters: SearchFilters, k: int, cells: Sequence[int]
    ) -> list[tuple[int, float]]:
        """The best ``k`` of ``cells``. sqlite-vec returns up to ``k`` rows per cell, and
        at 1M fragments (125 cells scanned) asking each for 50 costs a fifth of the KNN.
        So several cells are first asked for :data:`FIRST_PER_CELL` each; only a cell
        that gave that many, the last of them still among the best ``k`` so far, may
        hold more of the best, and it alone is asked again for ``k``. The result is the
        same as asking every cell for ``k``."""
        k = min(k, MAX_K)
        if len(cells) == 1:
            return _hits(self._cell_rows(vec, filters, k, cells))
        per = min(k, FIRST_PER_CELL)
        rows = self._cell_rows(vec, filters, per, cells)
        if per < k:
            found = ivf.best(_hits(rows), k)
            bar = found[-1][1] if len(found) == k else -np.inf
            count: dict[int, int] = {}
            worst: dict[int, float] = {}
            for _f, cell, sim in rows:
                count[cell] = count.get(cell, 0) + 1
                worst[cell] = min(worst.get(cell, np.inf), sim)
            again = [c for c in cells if count.get(c, 0) == per and worst[c] >= bar]
            if again:
                asked = set(again)
                rows = [r for r in rows if r[1] not in asked]
                rows += self._cell_rows(vec, filters, k, again)
        return ivf.best(_hits(rows), k)

    def _cell_rows(
        self, vec: np.ndarray, filters: SearchFilters, k: int, cells: Sequence[int]
    ) -> list[CellRow]:
        """Up to ``k`` rows of each of ``cells``, shared out to the read pool when many."""
        return shared_scan(self._conn, self._readers, self.table, vec, filters, k, cells)

    # -- cells -------------------------------------------------------------------

    def _centroids(self, matter_id: int) -> np.ndarray | None:
        row = self._conn.execute(
            "SELECT centroids FROM vector_cells WHERE matter_id = ?", (matter_id,)
        ).fetchone()
        if row is None:
            return None
        blob = row[0] if isinstance(row[0], bytes) else b""
        return np.frombuffer(blob, dtype=np.float32).reshape(-1, self._dim or 1)

    def cells(self, matter_id: int) -> int:
        """How many cells the matter's vectors are split into (1 until clustered)."""
        centroids = self._centroids(matter_id)
        return 1 if centroids is None else len(centroids)

    def recluster_due(self, matter_id: int, vectors: int) -> bool:
        """Whether a matter now holding ``vectors`` vectors should be (re)clustered: it
        has reached ``recluster_at`` and at least doubled since its last clustering."""
        row = self._conn.execute(
            "SELECT clustered_at FROM vector_cells WHERE matter_id = ?", (matter_id,)
        ).fetchone()
        return vectors >= (self._recluster_at if row is None else 2 * max(1, int(row[0])))

    def forget_empty_cells(self) -> list[int]:
        """Drop the centroids of matters left without a vector (a deleted or purged matter:
        centroids are averages of its passages' vectors); returns those matters."""
        clustered = [int(m) for (m,) in self._conn.execute("SELECT matter_id FROM vector_cells")]
        sql = f"SELECT 1 FROM {self.table} WHERE matter_id = ? LIMIT 1"
        empty = [m for m in clustered if self._conn.execute(sql, (m,)).fetchone() is None]
        with self._conn:
            self._conn.executemany(
                "DELETE FROM vector_cells WHERE matter_id = ?", [(m,) for m in empty]
            )
        return empty

    def recluster(self, matter_id: int) -> int:
        """Split the matter's vectors into cells: spherical k-means on a fixed-seed
        sample, then every row of the matter rewritten into its nearest cell, in one
        transaction (delete and insert: sqlite-vec 0.1.9 does not update a vector's
        partition in place; the rows go through a plain copy, to be inserted cell by
        cell). Returns the number of cells."""
        sql = f"SELECT fragment_id FROM {self.table} WHERE matter_id = ?"
        ids = [int(f) for (f,) in self._conn.execute(sql, (matter_id,))]
        if not ids:
            return 1
        sample = vector_layout.fetch(self._conn, self.table, ivf.sample(ids))[1]
        centroids = ivf.train(sample, ivf.cell_count(len(ids)))
        with self._conn:
            vector_layout.rewrite_cells(self._conn, self.table, ids, centroids)
            self._conn.execute(
                "INSERT OR REPLACE INTO vector_cells VALUES (?, ?, ?)",
                (matter_id, len(ids), centroids.astype(np.float32).tobytes()),
            )
        return len(centroids)

    def stored_fragment_ids(self) -> set[int]:
        """Ids of every fragment with a stored vector, whichever embedder made it (no
        :meth:`ensure` needed, so no embedder loaded); empty when there are none."""
        found = self.identity()
        table = f"{_TABLE_PREFIX}_{found[1]}" if found is not None else ""
        if not table or not self._has_table(table):
            return set()
        return {int(f) for (f,) in self._conn.execute(f"SELECT fragment_id FROM {table}")}

    def stored_vectors(self, fragment_ids: Iterable[int]) -> dict[int, np.ndarray]:
        """The stored vectors of these fragments (those that have one), whichever embedder
        made them (:meth:`identity`; no :meth:`ensure` needed)."""
        found = self.identity()
        table = f"{_TABLE_PREFIX}_{found[1]}" if found is not None else ""
        wanted = [int(f) for f in dict.fromkeys(fragment_ids)]
        if not table or not wanted or not self._has_table(table):
            return {}
        out: dict[int, np.ndarray] = {}
        for i in range(0, len(wanted), 500):
            chunk = wanted[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for fragment_id, blob in self._conn.execute(
                f"SELECT fragment_id, embedding FROM {table} WHERE fragment_id IN ({marks})",
                chunk,
            ):
                out[int(fragment_id)] = np.frombuffer(blob, dtype=np.float32)
        return out

    def embedded_fragment_ids(self) -> set[int]:
        """Ids of every fragment that has a vector (to resume an interrupted embedding)."""
        return {int(f) for (f,) in self._conn.execute(f"SELECT fragment_id FROM {self.table}")}

    def __len__(self) -> int:
        row = self._conn.execute(f"SELECT count(*) FROM {self.table}").fetchone()
        return 0 if row is None else int(row[0])


if TYPE_CHECKING:  # mypy holds the class to the port the layers above use
    from letadesk.ports import VectorIndexPort

    _PORT: type[VectorIndexPort] = VectorIndex
