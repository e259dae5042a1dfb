"""Finding the files to ingest under the paths a user chose, safely.

Symbolic links are never followed, and nothing outside a chosen folder is read.
Every entry met that is not read is reported: with the reason, or (a hidden entry,
whose name starts with a dot) in the hidden list, not as a failure.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

SUPPORTED_SUFFIXES = frozenset({".pdf", ".docx", ".html", ".htm", ".txt", ".md"})
NOT_UTF8 = "its name is not valid UTF-8 text; rename it to ingest it"


@dataclass
class Discovery:
    files: list[Path] = field(default_factory=list)
    rejected: list[tuple[Path, str]] = field(default_factory=list)  # (path, reason)
    roots: list[Path] = field(default_factory=list)  # folders walked (for retiring)
    hidden: list[Path] = field(default_factory=list)  # dot-entries in them, not read


def discover(paths: Iterable[Path]) -> Discovery:
    """Every supported file under ``paths``; every other entry met is rejected with a
    reason (symbolic links, FIFOs, sockets, devices, unreadable folders, unsupported
    types). Hidden files and folders inside them (a leading dot: ``.git``, ``.DS_Store``)
    are not read either, and listed in ``hidden``: skipped by design, not failed."""
    found = Discovery()
    for raw in paths:
        path = Path(os.path.abspath(raw))
        try:
            _consider_given(path, found)
        except OSError as exc:  # a name too long, a folder on the way not searchable
            found.rejected.append((path, f"cannot be read ({exc.strerror or exc})"))
    found.files = sorted(dict.fromkeys(found.files))
    return found


def _consider_given(path: Path, found: Discovery) -> None:
    """One of the paths the user chose: a folder walked, a file considered, else why not."""
    if not utf8_name(str(path)):
        found.rejected.append((path, NOT_UTF8))
    elif path.is_symlink():
        found.rejected.append((path, "symbolic link not followed"))
    elif path.is_dir():
        found.roots.append(path)
        _walk(path, found)
    elif path.is_file():
        _consider(path, found)
    elif path.exists():
        found.rejected.append((path, _not_regular(path)))
    else:
        found.rejected.append((path, "no such file or folder"))


def _walk(root: Path, found: Discovery) -> None:
    real_root = root.resolve()

    def unreadable(exc: OSError) -> None:
        where = Path(exc.filename) if exc.filename else root
        found.rejected.append((where, f"folder not read ({exc.strerror or exc})"))

    for folder, dirs, names in os.walk(root, onerror=unreadable, followlinks=False):
        kept = []
        for name in sorted(dirs):
            sub = Path(folder) / name
            if name.startswith("."):
                found.hidden.append(sub)
                continue
            if not utf8_name(name):
                found.rejected.append((sub, f"folder not read: {NOT_UTF8}"))
            elif sub.is_symlink():  # os.walk lists it but does not enter it
                found.rejected.append((sub, "symbolic link to a folder not followed"))
            else:
                kept.append(name)
        dirs[:] = kept
        for name in sorted(names):
            path = Path(folder) / name
            if name.startswith("."):
                found.hidden.append(path)
                continue
            if not utf8_name(name):
                found.rejected.append((path, NOT_UTF8))
            elif path.is_symlink():
                found.rejected.append((path, "symbolic link not followed"))
            elif not path.resolve().is_relative_to(real_root):
                found.rejected.append((path, "path leads outside the chosen folder"))
            elif path.is_file():
                _consider(path, found)
            else:
                found.rejected.append((path, _not_regular(path)))


def utf8_name(name: str) -> bool:
    """Whether ``name`` is text: a name whose bytes are not UTF-8 reaches Python with
    surrogates (surrogateescape), which no database, index or export can hold."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _not_regular(path: Path) -> str:
    try:
        mode = path.lstat().st_mode
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    for test, what in (
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if test(mode):
            return f"not a regular file: {what}"
    return "not a regular file"


def _consider(path: Path, found: Discovery) -> None:
    if path.suffix.lower() in SUPPORTED_SUFFIXES:
        found.files.append(path)
    else:
        found.rejected.append((path, f"unsupported file type {path.suffix or '(none)'}"))
