"""The profile is private at rest: its folders are 0700 and its files 0600 (POSIX).

While a :class:`letadesk.workspace.Workspace` is open the process umask is 077, so
that everything created under the profile (the database and its WAL, tantivy
segments, the audit key, settings, backups) is created private; profiles made by
an earlier LetaDesk are tightened when opened (:func:`secure_tree`). On Windows
these calls change nothing: the profile inherits the user folder's ACL.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PRIVATE_UMASK = 0o077
DIR_MODE = 0o700
FILE_MODE = 0o600

_lock = threading.Lock()
_holders = 0
_saved_umask = 0


@contextmanager
def private_umask() -> Iterator[None]:
    """Files and folders created inside are private (umask 077)."""
    hold_private_umask()
    try:
        yield
    finally:
        release_private_umask()


def hold_private_umask() -> None:
    """Set umask 077 until the matching :func:`release_private_umask` (counted, so that
    several open workspaces restore the process's own umask only when the last closes;
    each hold sets 077 again, whatever changed the umask meanwhile)."""
    global _holders, _saved_umask
    with _lock:
        previous = os.umask(PRIVATE_UMASK)
        if _holders == 0:
            _saved_umask = previous
        _holders += 1


def release_private_umask() -> None:
    global _holders
    with _lock:
        if _holders == 0:
            return
        _holders -= 1
        if _holders == 0:
            os.umask(_saved_umask)


def secure_tree(root: Path) -> None:
    """chmod ``root`` and every folder under it 0700 and every file 0600; links are
    not followed and entries this user may not change are left as they are."""
    _chmod(root, DIR_MODE)
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            _chmod(Path(folder) / name, DIR_MODE)
        for name in files:
            _chmod(Path(folder) / name, FILE_MODE)


def _chmod(path: Path, mode: int) -> None:
    try:
        st = path.lstat()
        if stat.S_ISLNK(st.st_mode) or stat.S_IMODE(st.st_mode) == mode:
            return
        path.chmod(mode)
    except OSError:
        pass


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` at once (a private temporary file, flushed to disk,
    then renamed over it): a reader sees the old file or the new one, never half."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(tmp, FILE_MODE)  # an existing temporary file keeps its mode through O_CREAT
    os.replace(tmp, path)
