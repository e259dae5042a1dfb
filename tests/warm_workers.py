"""Parser workers kept warm between the ingests of a test session.

Every ingest (and every draft check) opens a :class:`letadesk.ingest.worker.ParserPool`,
which spawns a fresh Python process per worker; importing the readers (PyMuPDF,
python-docx, lxml) costs it half a second of CPU, then closing waits for it to exit. Most
tests ingest a few small files and test what is stored, not the workers, so here a pool
that closes hands its idle, live workers back to a stash, and the next pool with the same
limits (memory, fragment budget) takes them instead of spawning. A worker that is still
busy (a cancel) or has died is closed as the pool would close it, and a worker that
times out or crashes is still killed and replaced; only the spawn of the replacement may
be a warm worker. The tests of the workers themselves (``FRESH_WORKER_MODULES`` in
``tests/conftest.py``) get the pool unchanged.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from letadesk.ingest import worker

Key = tuple[int, int | None]  # (memory_mb, max_fragments): what a worker is started with

_MAX_IDLE = 2  # per key: a pool never has more workers (pipeline, draft.check)


class Stash:
    """Idle workers by :data:`Key`; thread-safe (the window ingests on a QThread)."""

    def __init__(self) -> None:
        self._idle: dict[Key, list[Any]] = {}
        self._lock = threading.Lock()

    def take(self, key: Key) -> Any | None:
        with self._lock:
            idle = self._idle.get(key, [])
            while idle:
                w = idle.pop()
                if w.process.is_alive():
                    return w
                w.conn.close()
        return None

    def give(self, key: Key, w: Any) -> bool:
        """Keep ``w`` for the next pool; False when the stash for ``key`` is full."""
        with self._lock:
            idle = self._idle.setdefault(key, [])
            if len(idle) >= _MAX_IDLE:
                return False
            idle.append(w)
            return True

    def close(self) -> None:
        """Close every stashed worker the way ParserPool.close closes an idle one."""
        with self._lock:
            workers = [w for idle in self._idle.values() for w in idle]
            self._idle = {}
        pool = worker.ParserPool()
        pool._workers = workers
        _REAL_CLOSE(pool)


_REAL_SPAWN: Callable[[worker.ParserPool], Any] = worker.ParserPool._spawn
_REAL_CLOSE: Callable[[worker.ParserPool], None] = worker.ParserPool.close


def _key(pool: worker.ParserPool) -> Key:
    return (pool._memory_mb, pool._max_fragments)


@contextmanager
def warm(stash: Stash) -> Iterator[None]:
    """ParserPool reuses ``stash``'s workers while inside."""

    def spawn(self: worker.ParserPool) -> Any:
        return stash.take(_key(self)) or _REAL_SPAWN(self)

    def close(self: worker.ParserPool) -> None:
        rest = [
            w
            for w in self._workers
            if w.path is not None or not w.process.is_alive() or not stash.give(_key(self), w)
        ]
        self._workers = rest
        _REAL_CLOSE(self)

    worker.ParserPool._spawn = spawn  # type: ignore[method-assign]
    worker.ParserPool.close = close  # type: ignore[method-assign]
    try:
        yield
    finally:
        worker.ParserPool._spawn = _REAL_SPAWN  # type: ignore[method-assign]
        worker.ParserPool.close = _REAL_CLOSE  # type: ignore[method-assign]
