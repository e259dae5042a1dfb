"""Finding the files to ingest under the paths a user chose, safely.

Symbolic links are never followed, and nothing outside a chosen folder is read.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

SUPPORTED_SUFFIXES = frozenset({".pdf", ".docx", ".html", ".htm", ".txt", ".md"})


@dataclass
class Discovery:
    files: list[Path] = field(default_factory=list)
    rejected: list[tuple[Path, str]] = field(default_factory=list)  # (path, reason)
    roots: list[Path] = field(default_factory=list)  # folders walked (for retiring)


def discover(paths: Iterable[Path]) -> Discovery:
    """Every supported file under ``paths``; unsupported or unsafe entries are rejected
    with a reason. Hidden files and folders are skipped silently."""
    found = Discovery()
    for raw in paths:
        path = Path(os.path.abspath(raw))
        if path.is_symlink():
            found.rejected.append((path, "symbolic link not followed"))
        elif path.is_dir():
            found.roots.append(path)
            _walk(path, found)
        elif path.is_file():
            _consider(path, found)
        else:
            found.rejected.append((path, "no such file or folder"))
    found.files = sorted(dict.fromkeys(found.files))
    return found


def _walk(root: Path, found: Discovery) -> None:
    real_root = root.resolve()
    for folder, dirs, names in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.startswith("."):
                continue
            path = Path(folder) / name
            if path.is_symlink():
                found.rejected.append((path, "symbolic link not followed"))
            elif not path.resolve().is_relative_to(real_root):
                found.rejected.append((path, "path leads outside the chosen folder"))
            elif path.is_file():
                _consider(path, found)


def _consider(path: Path, found: Discovery) -> None:
    if path.suffix.lower() in SUPPORTED_SUFFIXES:
        found.files.append(path)
    else:
        found.rejected.append((path, f"unsupported file type {path.suffix or '(none)'}"))
