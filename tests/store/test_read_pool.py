"""The read pool: how many extra connections, and a reader that cannot open."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from letadesk.errors import StoreError
from letadesk.store.read_pool import ReadPool, helpers_for


def test_one_reader_fewer_than_the_threads_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    assert [helpers_for(n) for n in (1, 2, 3, 8, 64)] == [0, 1, 2, 3, 3]
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert helpers_for(0) == 1  # 0: one thread a core
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert helpers_for(0) == 0


def test_a_reader_that_cannot_open_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "absent" / "letadesk.sqlite3"
    pool = ReadPool(missing, 1)
    collect = pool.submit(lambda conn, _part: conn.execute("SELECT 1").fetchall(), [None])
    with pytest.raises(StoreError, match=r"absent/letadesk\.sqlite3: cannot open a reader"):
        collect()
    with pytest.raises(ValueError, match="2 parts for 1 readers"):
        pool.submit(lambda conn, part: part, [1, 2])
    pool.close()
