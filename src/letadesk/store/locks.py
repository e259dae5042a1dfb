"""Advisory file locks between LetaDesk processes sharing one profile.

Promises of :func:`file_lock`: an exclusive lock on a small lock file, released
when the block ends or when the process dies (the OS drops it, so a ``kill -9``
never leaves a stale lock); ``wait=True`` blocks until the lock is free, otherwise
:class:`BusyError` is raised at once, naming what holds it. The lock file keeps
the pid of its last holder, for that message only.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from letadesk.errors import BusyError, StoreError

_POLL_S = 0.05


def _try_lock(handle: IO[bytes]) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(handle: IO[bytes]) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _holder(handle: IO[bytes]) -> str:
    handle.seek(0)
    pid = handle.read(32).decode("ascii", "replace").strip()
    return f"(process {pid})" if pid.isdigit() else "(another process)"


@contextmanager
def file_lock(path: Path, *, busy: str = "", wait: bool = True) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if needed) for the block.

    With ``wait`` False, a lock held by another process raises :class:`BusyError`
    with the message ``busy`` (e.g. "matter 'M' is being ingested by another
    LetaDesk"), the holder's pid and "try again". A lock file that cannot be
    created (a read-only profile) raises :class:`StoreError`."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+b")  # noqa: SIM115 - closed in the finally below
    except OSError as exc:
        raise StoreError(
            f"{path}: cannot create the lock file, is the profile read-only? "
            f"({exc.strerror or exc})"
        ) from exc
    try:
        handle.seek(0)
        while not _try_lock(handle):
            if not wait:
                raise BusyError(f"{busy or path} {_holder(handle)}; try again when it has finished")
            time.sleep(_POLL_S)
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(str(os.getpid()).encode("ascii"))
            handle.flush()
        except OSError:
            pass  # a read-only profile: the lock still holds, only the pid is missing
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        handle.close()
