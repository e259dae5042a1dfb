"""Parsing files in isolated worker processes with time and memory limits.

A hostile file (a decompression bomb, a parser crash, an endless loop) can only
take down its worker: the worker is killed and replaced, the file is reported as
failed with the reason, and the batch goes on.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path

from letadesk.domain import ParsedDocument

Outcome = ParsedDocument | str  # a parsed document, or the reason it failed
_POLL_S = 0.2  # how often a cancel is looked at while files are parsed


def _limit_memory(memory_mb: int) -> None:
    try:
        import resource
    except ImportError:  # Windows: no rlimits; the time limit still applies
        return
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _die_with_parent(parent_pid: int) -> None:
    """Make sure this worker never outlives the process that started it.

    On Linux the kernel sends SIGKILL when the parent dies (``PR_SET_PDEATHSIG``),
    even while a parser is stuck in C code. Everywhere a watchdog thread also waits
    on the parent's sentinel and exits when the parent is gone. The parent may have
    died before either was armed: then ``getppid()`` is no longer ``parent_pid`` (or
    the sentinel is already closed) and the worker exits at once."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watchdog below still applies
    parent = mp.parent_process()
    if os.getppid() != parent_pid or (parent is not None and not parent.is_alive()):
        os._exit(1)
    if parent is not None:
        threading.Thread(target=_exit_when_gone, args=(parent,), daemon=True).start()


def _exit_when_gone(parent: BaseProcess) -> None:
    parent.join()  # returns when the parent's sentinel closes: the parent is gone
    os._exit(1)


def _serve(conn: Connection, memory_mb: int, parent_pid: int, max_fragments: int | None) -> None:
    """Worker loop: receive a path, send back ("ok", ParsedDocument) or ("error", reason).

    A pool that closes (or whose process ends) while the worker is busy ends the
    worker quietly: there is nobody left to report to."""
    _die_with_parent(parent_pid)
    _limit_memory(memory_mb)
    while True:
        try:
            path = conn.recv()
        except (EOFError, OSError):
            return
        outcome = _parse(Path(path), memory_mb, max_fragments)
        try:
            conn.send(outcome)
        except OSError:
            return


def _parse(path: Path, memory_mb: int, max_fragments: int | None) -> tuple[str, object]:
    from letadesk.errors import IngestError
    from letadesk.ingest.readers import read_document

    try:
        return "ok", read_document(path, max_fragments=max_fragments)
    except IngestError as exc:
        return "error", exc.reason
    except MemoryError:
        return "error", f"out of memory while parsing (limit {memory_mb} MB)"
    except Exception as exc:  # a parser bug must not stop the batch
        return "error", f"parser error: {type(exc).__name__}: {exc}"


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    path: Path | None = None
    started: float = 0.0


class ParserPool:
    """A few worker processes parsing files; results come back in completion order."""

    def __init__(
        self,
        *,
        workers: int = 2,
        timeout_s: float = 120.0,
        memory_mb: int = 2048,
        max_fragments: int | None = None,
    ):
        self._ctx = mp.get_context("spawn")
        self._max_fragments = max_fragments
        self._n = max(1, workers)
        self._timeout = timeout_s
        self._memory_mb = memory_mb
        self._workers: list[_Worker] = []

    def __enter__(self) -> ParserPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        args = (child, self._memory_mb, os.getpid(), self._max_fragments)
        proc = self._ctx.Process(target=_serve, args=args, daemon=True)
        proc.start()
        child.close()
        return _Worker(proc, parent)

    def map(
        self, paths: Iterable[Path], *, cancelled: Callable[[], bool] | None = None
    ) -> Iterator[tuple[Path, Outcome]]:
        """Parse every path; yields (path, outcome) as each finishes. ``cancelled`` is
        polled every :data:`_POLL_S` while files are being parsed: once it says True
        nothing more is yielded (closing the pool then stops the busy workers)."""
        queue = deque(paths)
        if not self._workers:
            self._workers = [self._spawn() for _ in range(min(self._n, max(1, len(queue))))]
        while queue or any(w.path is not None for w in self._workers):
            if cancelled is not None and cancelled():
                return
            for w in self._workers:
                if w.path is None and queue:
                    w.path, w.started = queue.popleft(), time.monotonic()
                    w.conn.send(str(w.path))
            yield from self._collect(poll=cancelled is not None)

    def _collect(self, *, poll: bool = False) -> Iterator[tuple[Path, Outcome]]:
        busy = [w for w in self._workers if w.path is not None]
        deadline = min(w.started for w in busy) + self._timeout
        left = max(0.0, deadline - time.monotonic())
        ready = wait([w.conn for w in busy], timeout=min(left, _POLL_S) if poll else left)
        for w in busy:
            path = w.path
            assert path is not None
            if w.conn in ready:
                yield path, self._receive(w)
            elif time.monotonic() - w.started >= self._timeout:
                self._replace(w)
                yield path, f"timed out after {self._timeout:g} s"

    def _receive(self, w: _Worker) -> Outcome:
        try:
            status, payload = w.conn.recv()
        except (EOFError, OSError):
            w.process.join(timeout=5)
            code = w.process.exitcode
            self._replace(w)
            return f"parser crashed (exit code {code})"
        w.path = None
        return payload if status == "ok" else str(payload)

    def _replace(self, w: _Worker) -> None:
        w.process.kill()
        w.process.join(timeout=5)
        w.conn.close()
        fresh = self._spawn()
        w.process, w.conn, w.path = fresh.process, fresh.conn, None

    def close(self) -> None:
        for w in self._workers:
            w.conn.close()
            if w.path is not None:  # still parsing a file nobody waits for (a cancel)
                w.process.kill()
            w.process.join(timeout=2)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(timeout=2)
        self._workers = []
