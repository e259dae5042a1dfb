"""The inverted file of the dense index (cells of a matter), on real sqlite-vec tables."""

from __future__ import annotations

import shutil
import threading
from datetime import date
from pathlib import Path
from typing import Any

import apsw
import numpy as np
import pytest

from letadesk.domain import DocumentId, MatterId, SearchFilters, VectorRow
from letadesk.index import cell_scan, ivf
from letadesk.index.vector_index import VectorIndex
from letadesk.store.read_pool import ReadPool
from letadesk.store.vec_extension import load_extension

DIM = 16
N = 10_000
M1, M2 = MatterId(1), MatterId(2)


def clustered(rng: np.random.Generator, n: int, centres: np.ndarray) -> np.ndarray:
    """Unit vectors around ``centres``, all in a narrow cone like e5's."""
    picks = centres[rng.integers(0, len(centres), n)]
    v = picks + 0.25 * rng.standard_normal((n, DIM)).astype(np.float32) / np.sqrt(DIM)
    return ivf.normalised(v)


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    axis = np.zeros(DIM, dtype=np.float32)
    axis[0] = 3.0
    centres = ivf.normalised(axis + rng.standard_normal((300, DIM)).astype(np.float32))
    return clustered(rng, N, centres), clustered(rng, 60, centres)


def row(i: int, matter: int = 1) -> VectorRow:
    return VectorRow(
        i + 1,
        matter,
        100 + i // 50,  # documents of 50 fragments
        "US" if i % 10 == 0 else "RO",
        "law",
        date(2000, 1, 1) if i % 3 == 0 else None,
        date(2010, 12, 31) if i % 3 == 0 else None,
    )


@pytest.fixture
def conn(tmp_path: Path) -> apsw.Connection:
    c = apsw.Connection(str(tmp_path / "db.sqlite3"))
    load_extension(c)
    return c


def filled(conn: apsw.Connection, data: tuple[np.ndarray, np.ndarray]) -> VectorIndex:
    vi = VectorIndex(conn, recluster_at=1000)
    vi.ensure("test@1", DIM)
    vi.upsert([row(i) for i in range(N)], data[0])
    vi.upsert([row(N, matter=2)], data[0][:1])  # another matter, never clustered
    return vi


@pytest.fixture(autouse=True)
def _cells_of_100(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ivf, "CELL_SIZE", 100)  # 100 cells of 10,000 vectors, 32 probed


@pytest.fixture
def index(conn: apsw.Connection, data: tuple[np.ndarray, np.ndarray]) -> VectorIndex:
    """Matter 1's 10,000 vectors in one cell (not clustered yet), matter 2's one."""
    return filled(conn, data)


@pytest.fixture(scope="module")
def clustered_file(
    tmp_path_factory: pytest.TempPathFactory, data: tuple[np.ndarray, np.ndarray]
) -> Path:
    """:func:`index` after ``recluster(M1)``, built once: each test opens a copy."""
    path = tmp_path_factory.mktemp("cells") / "db.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ivf, "CELL_SIZE", 100)
        conn = apsw.Connection(str(path))
        load_extension(conn)
        assert filled(conn, data).recluster(M1) == 100
        conn.close()
    return path


@pytest.fixture
def clustered_index(clustered_file: Path, tmp_path: Path) -> VectorIndex:
    copy = tmp_path / "clustered.sqlite3"
    shutil.copyfile(clustered_file, copy)
    conn = apsw.Connection(str(copy))
    load_extension(conn)
    vi = VectorIndex(conn, recluster_at=1000)
    assert vi.ensure("test@1", DIM) is False and vi.cells(M1) == 100
    return vi


def exact(vectors: np.ndarray, q: np.ndarray, k: int, keep: np.ndarray | None = None) -> list[int]:
    sims = vectors @ q
    if keep is not None:
        sims = np.where(keep, sims, -np.inf)
    order = np.argsort(-sims, kind="stable")[:k]
    return [int(i) + 1 for i in order if np.isfinite(sims[i])]


def ids(hits: list[tuple[int, float]]) -> list[int]:
    return [f for f, _ in hits]


def test_one_cell_is_the_exact_search(
    index: VectorIndex, data: tuple[np.ndarray, np.ndarray]
) -> None:
    vectors, queries = data
    assert index.cells(M1) == 1
    us = np.array([row(i).jurisdiction == "US" for i in range(N)])
    for q in queries[:5]:
        assert ids(index.search(q, SearchFilters(M1), 10)) == exact(vectors, q, 10)
        found = ids(index.search(q, SearchFilters(M1, jurisdiction="US"), 10))
        assert found == exact(vectors, q, 10, us)


def test_recluster_keeps_every_row_and_recall(
    index: VectorIndex, data: tuple[np.ndarray, np.ndarray]
) -> None:
    vectors, queries = data
    assert index.recluster_due(M1, N)
    cells = index.recluster(M1)
    assert cells == ivf.cell_count(N) == 100
    assert index.cells(M1) == 100 and index.cells(M2) == 1
    assert len(index) == N + 1
    assert index.embedded_fragment_ids() == set(range(1, N + 2))
    assert ivf.probe_count(cells) < cells  # the search below is really approximate
    recall = [
        len(set(ids(index.search(q, SearchFilters(M1), 10))) & set(exact(vectors, q, 10))) / 10
        for q in queries
    ]
    assert np.mean(recall) >= 0.95
    assert ids(index.search(queries[0], SearchFilters(M2), 10)) == [N + 1]
    assert not index.recluster_due(M1, 2 * N - 1)  # next time when it has doubled
    assert index.recluster_due(M1, 2 * N)


def test_filters_stay_inside_the_knn_of_the_cells(
    clustered_index: VectorIndex, data: tuple[np.ndarray, np.ndarray]
) -> None:
    vectors, queries = data
    rows = [row(i) for i in range(N)]
    keep = np.array([r.document_id == 137 for r in rows])
    in_doc = []
    for q in queries[:20]:
        us = clustered_index.search(q, SearchFilters(M1, jurisdiction="US"), 20)
        assert len(us) == 20 and all(rows[f - 1].jurisdiction == "US" for f in ids(us))
        day = date(2015, 1, 1)
        valid = clustered_index.search(q, SearchFilters(M1, as_of=day), 20)
        assert len(valid) == 20 and all(rows[f - 1].valid_to is None for f in ids(valid))
        # one document of 50 fragments, spread over many cells
        doc = ids(clustered_index.search(q, SearchFilters(M1, document_id=DocumentId(137)), 10))
        assert len(doc) == 10 and doc[0] == exact(vectors, q, 1, keep)[0]
        in_doc.append(len(set(doc) & set(exact(vectors, q, 10, keep))) / 10)
        scores = [s for _, s in clustered_index.search(q, SearchFilters(M1), 50)]
        assert scores == sorted(scores, reverse=True) and len(scores) == 50
    assert np.mean(in_doc) >= 0.8  # approximate: measured 0.87 (exact would be 1)


def test_writes_after_clustering(
    clustered_index: VectorIndex, data: tuple[np.ndarray, np.ndarray]
) -> None:
    vectors, queries = data
    clustered_index.delete_documents([100])  # fragments 1..50
    clustered_index.delete_fragments([51])
    assert len(clustered_index) == N + 1 - 51
    for q in queries[:5]:
        assert not set(ids(clustered_index.search(q, SearchFilters(M1), 50))) & set(range(1, 52))
    # a new vector goes to its nearest cell and is found by a query beside it
    clustered_index.upsert([row(N + 5)], queries[:1])
    assert ids(clustered_index.search(queries[0], SearchFilters(M1), 1)) == [N + 6]
    clustered_index.upsert([row(N + 5)], vectors[1000:1001])  # replaced, into another cell
    assert set(ids(clustered_index.search(vectors[1000], SearchFilters(M1), 2))) == {1001, N + 6}
    assert len(clustered_index) == N + 1 - 51 + 1


def test_a_new_embedder_drops_the_cells(clustered_index: VectorIndex) -> None:
    assert clustered_index.ensure("test@2", DIM) is True
    assert clustered_index.cells(M1) == 1 and len(clustered_index) == 0
    assert clustered_index.recluster_due(M1, 1000) and not clustered_index.recluster_due(M1, 999)


OLD_TABLE = (  # the layout before cells, as ensure() created it
    "CREATE VIRTUAL TABLE vec_fragments_8 USING vec0("
    "fragment_id INTEGER PRIMARY KEY, matter_id INTEGER PARTITION KEY, "
    "embedding float[8] distance_metric=cosine, "
    "document_id INTEGER, valid_from INTEGER, valid_to INTEGER, "
    "jurisdiction TEXT, legal_force TEXT)"
)


def test_a_table_without_cells_is_migrated_in_place(conn: apsw.Connection) -> None:
    rng = np.random.default_rng(3)
    vectors = ivf.normalised(rng.standard_normal((40, 8)).astype(np.float32))
    conn.execute(OLD_TABLE)
    conn.execute("CREATE TABLE vector_meta(embedder_name TEXT NOT NULL, dim INTEGER NOT NULL)")
    conn.execute("INSERT INTO vector_meta VALUES ('old@1', 8)")
    conn.executemany(
        "INSERT INTO vec_fragments_8 VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (i + 1, 1 + i % 2, vectors[i].tobytes(), 10 + i % 4, -(2**40), 2**40, "RO", "law")
            for i in range(40)
        ],
    )
    index = VectorIndex(conn)
    assert index.ensure("old@1", 8) is False  # the vectors are kept, not re-embedded
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'vec_fragments_8'").fetchone()
    assert sql is not None
    assert "cell INTEGER PARTITION KEY" in sql[0]
    assert index.embedded_fragment_ids() == set(range(1, 41))
    odd = np.array([i % 2 == 0 for i in range(40)])  # matter 1
    doc = np.array([i % 4 == 1 for i in range(40)])
    assert ids(index.search(vectors[7], SearchFilters(M1), 5)) == exact(vectors, vectors[7], 5, odd)
    found = ids(index.search(vectors[7], SearchFilters(M2, document_id=DocumentId(11)), 5))
    assert found == exact(vectors, vectors[7], 5, doc)
    assert not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE name = 'vector_migration'"
    ).fetchall()
    before = conn.total_changes()
    assert VectorIndex(conn).ensure("old@1", 8) is False
    assert conn.total_changes() == before  # migrated once: the new layout is recognised


def test_the_chunk_table_is_indexed_by_partition(conn: apsw.Connection) -> None:
    # sqlite-vec finds each (matter, cell)'s chunks in its shadow table: unindexed, that
    # was ~8 ms a cell at 1M vectors (benchmarks/results/history/latency_1000000.txt)
    VectorIndex(conn).ensure("e@1", 8)
    conn.execute("DROP INDEX vec_fragments_8_chunks_by_partition")  # a profile made before it
    assert VectorIndex(conn).ensure("e@1", 8) is False
    plan = conn.execute(
        "EXPLAIN QUERY PLAN SELECT chunk_id FROM vec_fragments_8_chunks "
        "WHERE partition00 = 1 AND partition01 = 0"
    ).fetchall()
    assert "vec_fragments_8_chunks_by_partition" in str(plan)


def test_asking_cells_for_few_rows_first_changes_no_result(
    clustered_index: VectorIndex, data: tuple[np.ndarray, np.ndarray]
) -> None:
    """The two-pass KNN over several cells (10 rows from each, then k from the cells
    that may hold more) returns what asking every probed cell for k returns, also when
    one cell holds all of the best k (the query is a row, with its near copies)."""
    vectors, queries = data
    centroids = clustered_index._centroids(int(M1))
    assert centroids is not None
    filters = SearchFilters(M1)
    for q in [*queries[:10], vectors[42]]:
        cells = ivf.probes(q, centroids)[0]
        for k in (5, 10, 40, 200):
            rows = clustered_index._cell_rows(q, filters, k, cells)
            every_cell_k = ivf.best([(f, sim) for f, _cell, sim in rows], k)
            assert clustered_index._knn(q, filters, k, cells) == every_cell_k
    # a cell holding all of the best 40: 40 near copies of one row, in its cell
    dup = vectors[7] + 1e-4 * np.arange(1, 41, dtype=np.float32)[:, None]
    clustered_index.upsert([row(N + 1 + i) for i in range(40)], ivf.normalised(dup))
    best = clustered_index.search(vectors[7], filters, 40)
    assert len(best) == 40 and {f for f, _ in best} <= {8, *range(N + 2, N + 42)}


def test_a_knn_shared_with_the_read_pool_finds_the_same_rows(
    clustered_file: Path,
    tmp_path: Path,
    data: tuple[np.ndarray, np.ndarray],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a read pool the probed cells are scanned in parts on other connections and
    threads; every search returns what the index without a pool returns, filters and
    all, and the other connections really ran (and refuse writes)."""
    vectors, queries = data
    copy = tmp_path / "clustered.sqlite3"
    shutil.copyfile(clustered_file, copy)
    conn = apsw.Connection(str(copy))
    load_extension(conn)
    alone = VectorIndex(conn)
    alone.ensure("test@1", DIM)
    pool = ReadPool(copy, 2)
    shared = VectorIndex(conn, readers=pool)
    shared.ensure("test@1", DIM)
    assert ivf.probe_count(shared.cells(M1)) >= cell_scan.SPLIT_AT  # it is shared out
    threads: set[str] = set()
    scan = cell_scan.scan

    def watched(c: apsw.Connection, *args: Any) -> list[cell_scan.CellRow]:
        threads.add(threading.current_thread().name)
        return scan(c, *args)

    monkeypatch.setattr(cell_scan, "scan", watched)
    filter_sets = [
        SearchFilters(M1),
        SearchFilters(M1, jurisdiction="US"),
        SearchFilters(M1, as_of=date(2015, 1, 1)),
        SearchFilters(M1, document_id=DocumentId(137)),
    ]
    for q in [*queries[:10], vectors[42]]:
        for filters in filter_sets:
            for k in (10, 50):
                assert shared.search(q, filters, k) == alone.search(q, filters, k)
    assert threads == {"MainThread", "letadesk-reader-0_0", "letadesk-reader-1_0"}
    reader = pool._conns[0]
    assert reader is not None
    with pytest.raises(apsw.ReadOnlyError):
        reader.execute("DELETE FROM vector_cells")
    pool.close()
    assert pool._conns == [None, None]
