"""The dense index on a real sqlite-vec table through apsw."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import apsw
import numpy as np
import pytest

from letadesk.domain import DocumentId, MatterId, SearchFilters, VectorRow
from letadesk.index.vector_index import VectorIndex
from letadesk.store.vec_extension import load_extension

M1, M2 = MatterId(1), MatterId(2)
DIM = 8


def unit(*hot: float) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[: len(hot)] = hot
    return v / np.linalg.norm(v)


ROWS = [
    VectorRow(1, 1, 10, "RO", "law"),
    VectorRow(2, 1, 10, "RO", "law", date(2011, 10, 1), None),
    VectorRow(3, 2, 20, "RO", "law"),  # the canary in another matter
    VectorRow(4, 1, 11, "US", "contract", None, date(2019, 12, 31)),
    VectorRow(5, 1, 12, "RO", "law", date(2000, 1, 1), date(2010, 12, 31)),
]
VECS = np.stack([unit(1, 0.1), unit(1, 0.2), unit(1), unit(1, 0.3), unit(1, 0.4)])
Q = unit(1)


@pytest.fixture
def conn(tmp_path: Path) -> apsw.Connection:
    c = apsw.Connection(str(tmp_path / "db.sqlite3"))
    load_extension(c)
    c.execute("CREATE TABLE fragments(id INTEGER PRIMARY KEY)")  # the lead's table, untouched
    return c


@pytest.fixture
def index(conn: apsw.Connection) -> VectorIndex:
    vi = VectorIndex(conn)
    assert vi.ensure("test-embedder@1", DIM) is True
    vi.upsert(ROWS, VECS)
    return vi


def ids(hits: list[tuple[int, float]]) -> list[int]:
    return [fid for fid, _ in hits]


def test_partition_by_matter_and_cosine_scores(index: VectorIndex) -> None:
    hits = index.search(Q, SearchFilters(M1), 10)
    assert ids(hits) == [1, 2, 4, 5]
    assert hits[0][1] == pytest.approx(float(VECS[0] @ Q), abs=1e-5)
    assert ids(index.search(Q, SearchFilters(M2), 10)) == [3]


def test_k_counts_only_admissible_rows(index: VectorIndex) -> None:
    # fragment 3 is the nearest vector overall but in another matter
    assert ids(index.search(Q, SearchFilters(M1), 1)) == [1]


def test_metadata_filters(index: VectorIndex) -> None:
    assert ids(index.search(Q, SearchFilters(M1, document_id=DocumentId(10)), 10)) == [1, 2]
    assert ids(index.search(Q, SearchFilters(M1, jurisdiction="US"), 10)) == [4]
    assert ids(index.search(Q, SearchFilters(M1, legal_force="law"), 10)) == [1, 2, 5]


def test_as_of(index: VectorIndex) -> None:
    def found(day: date) -> set[int]:
        return set(ids(index.search(Q, SearchFilters(M1, as_of=day), 10)))

    assert found(date(2005, 6, 1)) == {1, 4, 5}
    assert found(date(2015, 6, 1)) == {1, 2, 4}
    assert found(date(2010, 12, 31)) == {1, 4, 5}
    assert found(date(2020, 1, 1)) == {1, 2}


def test_identity_unchanged_keeps_vectors(index: VectorIndex, conn: apsw.Connection) -> None:
    again = VectorIndex(conn)
    assert again.ensure("test-embedder@1", DIM) is False
    assert again.embedded_fragment_ids() == {1, 2, 3, 4, 5}


def test_identity_change_rebuilds(index: VectorIndex, conn: apsw.Connection) -> None:
    assert index.ensure("test-embedder@2", DIM) is True
    assert index.embedded_fragment_ids() == set()
    assert index.ensure("other", 4) is True
    assert index.identity() == ("other", 4)
    tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert not any(t.startswith(f"vec_fragments_{DIM}") for t in tables)
    assert "fragments" in tables


def test_upsert_replaces_and_delete(index: VectorIndex) -> None:
    index.upsert([ROWS[0]], unit(0, 1)[None, :])
    assert len(index) == 5
    assert ids(index.search(Q, SearchFilters(M1), 10))[-1] == 1
    index.delete_documents([10])
    assert index.embedded_fragment_ids() == {3, 4, 5}
    index.delete_fragments([4, 999])
    assert index.embedded_fragment_ids() == {3, 5}


def test_writes_join_the_callers_transaction(index: VectorIndex, conn: apsw.Connection) -> None:
    conn.execute("BEGIN")
    index.delete_documents([10, 11, 12])
    assert index.embedded_fragment_ids() == {3}
    conn.execute("ROLLBACK")
    assert index.embedded_fragment_ids() == {1, 2, 3, 4, 5}


def test_bad_shapes_raise(index: VectorIndex) -> None:
    with pytest.raises(ValueError):
        index.upsert(ROWS[:2], VECS[:1])
    with pytest.raises(ValueError):
        index.search(np.ones(3, dtype=np.float32), SearchFilters(M1), 3)


def test_clear(index: VectorIndex) -> None:
    index.clear()
    assert len(index) == 0
    assert index.search(Q, SearchFilters(M1), 5) == []
