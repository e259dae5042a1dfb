"""Extra read connections to one database, to split a long read across the cores.

APSW lets go of the GIL while SQLite runs a statement, so two connections to one
database, each on its own thread, read at once (WAL: readers never wait for each
other). The dense index uses this to scan a clustered matter's cells in parts
(:meth:`letadesk.index.vector_index.VectorIndex.search`): at 1M fragments a query
scans 125 cells, and one core did it all while the other waited for tantivy.

Each extra connection belongs to a thread of its own (a one-thread executor), so no
connection is ever used by two threads. They are opened on first use, refuse writes
(``PRAGMA query_only``) and have sqlite-vec loaded. Each statement reads the latest
committed state, as a statement on the workspace's own connection does.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import apsw

from letadesk.errors import StoreError
from letadesk.store.transaction import fault_reason
from letadesk.store.vec_extension import load_extension

T = TypeVar("T")
R = TypeVar("R")
MAX_HELPERS = 3  # past four parts the cells of one query are too few to share


def helpers_for(threads: int) -> int:
    """Extra connections for a process allowed ``threads`` threads (0: one per core):
    one fewer than the threads, at most :data:`MAX_HELPERS`; none on one core."""
    allowed = threads or os.cpu_count() or 1
    return max(0, min(MAX_HELPERS, allowed - 1))


def open_reader(path: Path) -> apsw.Connection:
    """A read-only connection to the (already created and migrated) database at ``path``,
    with sqlite-vec loaded."""
    try:
        conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READWRITE)
        conn.set_busy_timeout(10_000)
        conn.execute("PRAGMA query_only=ON")
        load_extension(conn)
    except apsw.Error as exc:
        raise StoreError(f"{path}: cannot open a reader ({fault_reason(exc) or exc})") from exc
    return conn


class ReadPool:
    """``size`` extra read connections to the database at ``path``, each on its thread."""

    def __init__(self, path: Path, size: int) -> None:
        self._path = path
        self._threads = [
            ThreadPoolExecutor(1, thread_name_prefix=f"letadesk-reader-{i}") for i in range(size)
        ]
        self._conns: list[apsw.Connection | None] = [None] * size

    @property
    def size(self) -> int:
        return len(self._threads)

    def submit(
        self, fn: Callable[[apsw.Connection, T], R], parts: Sequence[T]
    ) -> Callable[[], list[R]]:
        """Start ``fn(connection, part)`` for each of ``parts`` (at most :attr:`size`),
        each on its own connection and thread, and return at once: the caller works on
        its own share meanwhile, then calls the result, which waits for the parts and
        returns their results in the order of ``parts``."""
        if len(parts) > self.size:
            raise ValueError(f"{len(parts)} parts for {self.size} readers")
        futures = [self._threads[i].submit(self._call, i, fn, p) for i, p in enumerate(parts)]
        return lambda: [f.result() for f in futures]

    def _call(self, i: int, fn: Callable[[apsw.Connection, T], R], part: T) -> R:
        conn = self._conns[i]
        if conn is None:  # opened on the thread that will use it
            conn = self._conns[i] = open_reader(self._path)
        return fn(conn, part)

    def close(self) -> None:
        for i, thread in enumerate(self._threads):
            thread.submit(self._close, i).result()
            thread.shutdown()

    def _close(self, i: int) -> None:
        conn, self._conns[i] = self._conns[i], None
        if conn is not None:
            conn.close()
