"""Questions first: background embedding pauses while a question is being answered.

A lawyer's question must not queue behind an archive being embedded on the same two
cores. Each answer in progress holds a marker file in the profile's ``asking/`` folder
(one per process and thread, so the window's question engine, a CLI ``ask`` and the
window's ingest engine all see each other); the embedding loop looks at the folder
after each batch of passages and waits while a marker is there. A marker left by a
process killed mid-answer is removed: at once on POSIX (its process id is gone),
elsewhere once it is older than ``STALE_S``; so a crash never stops indexing for good.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

STALE_S = 600.0  # longer than any answer: the LLM path's slowest, loaded, is ~110 s
POLL_S = 0.05


class QuestionsFirst:
    """The markers of the answers in progress on one profile (``folder``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @contextlib.contextmanager
    def answering(self) -> Iterator[None]:
        """Hold a marker for as long as the block runs. A folder that cannot be written
        (a read-only profile) only means the ingest will not yield: never an error."""
        marker = self.folder / f"{os.getpid()}-{threading.get_native_id()}"
        with contextlib.suppress(OSError):
            self.folder.mkdir(exist_ok=True)
            marker.touch()
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                marker.unlink(missing_ok=True)

    def asking(self) -> bool:
        """Whether an answer is in progress on this profile (stale markers removed)."""
        try:
            with os.scandir(self.folder) as found:
                entries = list(found)
        except OSError:
            return False
        now = time.time()
        live = False
        for entry in entries:
            try:
                if now - entry.stat().st_mtime < STALE_S and _alive(entry.name):
                    live = True
                else:
                    os.unlink(entry.path)
            except OSError:
                continue  # removed by its owner meanwhile
        return live

    def wait(self, cancelled: Callable[[], bool] | None = None) -> float:
        """Sleep while an answer is in progress (or until ``cancelled``); seconds waited."""
        waited = 0.0
        while self.asking() and not (cancelled and cancelled()):
            time.sleep(POLL_S)
            waited += POLL_S
        return waited


def _alive(marker: str) -> bool:
    """Whether the process that wrote ``marker`` ("pid-thread") still runs. Only POSIX
    can ask without side effects (on Windows ``os.kill(pid, 0)`` sends CTRL_C_EVENT)."""
    pid = marker.partition("-")[0]
    if os.name != "posix" or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: it exists
    return True
