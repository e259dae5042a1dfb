"""The audit key: 256 random bits in the profile's ``audit.key`` file (0600), beside the
database and *outside* it, under which the audit head is authenticated
(:mod:`letadesk.store.audit_chain`). Whoever can write the database but not read the key
cannot recompute a head that verifies."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

import apsw

from letadesk.config import AUDIT_KEY_NAME


def key_path(conn: apsw.Connection) -> Path | None:
    """Where the audit key of ``conn``'s database lives (beside it, in the profile
    folder); None for an in-memory database."""
    name = conn.filename
    return Path(name).parent / AUDIT_KEY_NAME if name else None


def load_key(path: Path | None) -> bytes | None:
    """The key in ``path``; None when there is none or it is not a key."""
    if path is None:
        return None
    try:
        text = path.read_text(encoding="ascii").strip()
        return bytes.fromhex(text) if len(text) == 64 else None
    except (OSError, ValueError):
        return None


def ensure_key(path: Path) -> bytes | None:
    """The key in ``path``, created (0600, 256 random bits) when the file is absent."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another process may be writing it this instant
            if (key := load_key(path)) is not None:
                return key
            time.sleep(0.02)
        return None
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(secrets.token_hex(32) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    return load_key(path)
