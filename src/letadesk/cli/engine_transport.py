"""How ``letadesk ask`` reaches the warm engine, on every platform: a Unix-domain
socket (``engine.sock`` in the profile folder) where there is one, a named pipe on
Windows, both through :mod:`multiprocessing.connection` (length-prefixed messages).

Neither is a network port. Each side proves to the other that it holds the profile's
engine key (``engine.key``, 32 random bytes in the profile folder, made by the engine
with mode 0600: readable by its user alone; on Windows the profile folder under the
user's ``%LOCALAPPDATA%`` is the user's alone): the engine will not run a question from
a client without it, and a client will not send its question to a listener without it
(on Windows another user could create a pipe of the same name first). The exchange:
the engine sends a nonce; the client answers ``HMAC(key, "client" + nonce)`` and a
nonce of its own; the engine answers ``HMAC(key, "engine" + that nonce)``. Only then
does the question travel. Each wait of the engine's is bounded, so a client that
connects and says nothing holds up no other.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Client, Connection, Listener
from pathlib import Path

from letadesk.errors import ConfigError

SOCKET_NAME = "engine.sock"
KEY_NAME = "engine.key"
KEY_BYTES = 32
NONCE_BYTES = 32
PIPE_PREFIX = "\\\\.\\pipe\\letadesk-engine-"


class HandshakeError(OSError):
    """The other side does not hold the profile's engine key (or said nothing in time)."""


@dataclass(frozen=True, slots=True)
class Endpoint:
    """``family``: ``AF_UNIX`` or ``AF_PIPE`` (multiprocessing's names); ``address``: the
    socket's path or the pipe's name."""

    family: str
    address: str


def endpoint(root: Path, platform: str = sys.platform) -> Endpoint:
    """Where the engine of the profile at ``root`` listens: a named pipe on Windows,
    named after the profile folder (one engine per profile, as with the socket file),
    else the socket file in the folder."""
    if platform == "win32":
        folder = os.path.normcase(os.path.abspath(root))  # the same folder, the same pipe
        digest = hashlib.sha256(folder.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return Endpoint("AF_PIPE", PIPE_PREFIX + digest)
    return Endpoint("AF_UNIX", str(root / SOCKET_NAME))


def make_key(root: Path) -> bytes:
    """The profile's engine key, made (mode 0600) when there is none yet."""
    path = root / KEY_NAME
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    except FileExistsError:
        key = read_key(root)
        if key is None:
            raise ConfigError(f"engine: {path} is not a usable engine key; delete it") from None
        return key
    with os.fdopen(fd, "wb") as fh:
        fh.write(os.urandom(KEY_BYTES))
    return path.read_bytes()


def read_key(root: Path) -> bytes | None:
    """The engine key, or None when there is none, it is not the user's alone (a mode
    other than 0600 where modes mean something) or it is not a key."""
    path = root / KEY_NAME
    try:
        info = path.stat()
        key = path.read_bytes()
    except OSError:
        return None
    if sys.platform != "win32" and (
        stat.S_IMODE(info.st_mode) & 0o077 or info.st_uid != os.getuid()
    ):
        return None
    return key if len(key) == KEY_BYTES else None


@contextlib.contextmanager
def listening(where: Endpoint) -> Iterator[Listener]:
    """A listener on ``where``; a socket file is made user-only (umask 077, mode 0600)
    and removed on the way out. A second engine on a pipe fails to make it
    (``PermissionError``: the first instance is taken)."""
    old = os.umask(0o077)
    try:
        listener = Listener(where.address, where.family, backlog=8)
        if where.family == "AF_UNIX":
            os.chmod(where.address, 0o600)
    finally:
        os.umask(old)
    try:
        yield listener
    finally:
        listener.close()
        if where.family == "AF_UNIX":
            Path(where.address).unlink(missing_ok=True)


def connect(where: Endpoint, key: bytes) -> Connection:
    """A connection to the engine at ``where`` that has proved it holds ``key``. Raises
    :class:`OSError` (no engine there, or not one with the key)."""
    conn = Client(where.address, where.family)
    try:
        nonce = conn.recv_bytes(NONCE_BYTES + 1)
        mine = os.urandom(NONCE_BYTES)
        conn.send_bytes(_mac(key, b"client", nonce) + mine)
        if not hmac.compare_digest(conn.recv_bytes(64), _mac(key, b"engine", mine)):
            raise HandshakeError("the listener does not hold this profile's engine key")
    except EOFError as exc:
        conn.close()
        raise HandshakeError("the listener closed the connection") from exc
    except OSError:
        conn.close()
        raise
    return conn


def greet(conn: Connection, key: bytes, timeout: float) -> None:
    """The engine's half of the exchange. Raises :class:`HandshakeError` when the client
    does not hold ``key`` or says nothing for ``timeout`` seconds."""
    nonce = os.urandom(NONCE_BYTES)
    conn.send_bytes(nonce)
    if not conn.poll(timeout):
        raise HandshakeError("timed out")
    reply = conn.recv_bytes(64 + NONCE_BYTES)
    proof, theirs = reply[:32], reply[32:]
    if len(theirs) != NONCE_BYTES or not hmac.compare_digest(proof, _mac(key, b"client", nonce)):
        raise HandshakeError("the client does not hold this profile's engine key")
    conn.send_bytes(_mac(key, b"engine", theirs))


def _mac(key: bytes, role: bytes, nonce: bytes) -> bytes:
    return hmac.new(key, role + nonce, hashlib.sha256).digest()
