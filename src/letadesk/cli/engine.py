"""A warm engine for the command line: ``letadesk engine`` keeps a profile open, its
models loaded, and answers ``letadesk ask`` for it over a local socket (issue 14).

A cold ``letadesk ask`` starts Python, opens the profile and loads the embedder, the
judge and, when it drafts, the language model before it answers; the engine has done
that once (``benchmarks/bench_engine.py`` times both). The window is already such an
engine; this one serves the command line and scripts.

- **Local and user-only.** A Unix-domain socket, ``engine.sock`` in the profile folder,
  or on Windows a named pipe (:mod:`letadesk.cli.engine_transport`): no network port.
  The socket is made under umask 077 (``srw-------``); where the platform tells a
  connection's peer (``SO_PEERCRED``, Linux) the engine reads nothing from another
  user's; and on every platform each side proves it holds the profile's engine key
  (``engine.key``, the user's alone) before a question travels.
- **The same answer.** A request carries the ``ask`` verb's own arguments; the engine
  runs the verb as a cold ``ask`` would, on its open profile (the sources re-checked
  first), and returns what the verb printed and its exit code. The audit record is the
  engine's, in the same trail. One question at a time, in order of arrival.
- **Never in the way.** ``ask`` uses the engine only when one answers on the profile's
  socket or pipe for the same backend; with none (or a stale socket, an engine for
  another backend, no engine key) it answers itself. ``ask --cold`` never
  asks the engine.
- The engine reads the settings when it starts: restart it after changing them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import socket
import struct
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, Listener
from pathlib import Path
from typing import Any, NoReturn

from letadesk.cli.engine_transport import (
    SOCKET_NAME,
    Endpoint,
    HandshakeError,
    connect,
    endpoint,
    greet,
    listening,
    make_key,
    read_key,
)
from letadesk.config import Paths
from letadesk.errors import ConfigError, LetaDeskError

PROTOCOL = 2  # 2: multiprocessing.connection messages after the key exchange
MAX_PATH = 100  # AF_UNIX paths: 108 bytes on Linux, 104 on macOS, with the final NUL
MAX_REQUEST = 1 << 20  # a question is at most a few thousand characters (limits.py)
CONNECT_TIMEOUT_S = 2.0
REQUEST_TIMEOUT_S = 10.0  # a client sends its request as soon as it connects
# the ``ask`` arguments a request carries (argparse's dests), with their JSON types
ASK_FIELDS: dict[str, tuple[type, ...]] = {
    "question": (str,),
    "matter": (str,),
    "document": (str, type(None)),
    "as_of": (str, type(None)),
    "generate": (bool, type(None)),
    "json": (bool,),
}

Verb = Callable[[Any, argparse.Namespace], int]  # (profile, ask arguments) -> exit code


def socket_path(data_dir: str | None) -> Path:
    """The engine's socket for the profile at ``data_dir`` (as ``--data-dir`` names it);
    on Windows the pipe is named after its folder (engine_transport.endpoint)."""
    return Paths.resolve(data_dir).root / SOCKET_NAME


def unix_sockets() -> bool:
    return hasattr(socket, "AF_UNIX")


# ---- the client: ``letadesk ask`` -------------------------------------------------------


class _NotFast(Exception):
    """The command line is not one the fast path answers."""


class _QuietParser(argparse.ArgumentParser):
    """Says nothing and exits nowhere: anything it cannot take is the full CLI's."""

    def error(self, message: str) -> NoReturn:
        raise _NotFast(message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise _NotFast(message or "")


def fast_ask(argv: Sequence[str]) -> int | None:
    """``letadesk [--data-dir D] [--backend URL] ask ...`` answered by a running engine
    before the rest of LetaDesk is imported (most of what a CLI ``ask`` spends when the
    engine answers); None for any other command line, ``--cold``, text the full CLI
    refuses, or no engine: :func:`letadesk.cli.main` then runs as always."""
    from letadesk.cli.ask_args import add_ask_arguments, backend_url

    if "ask" not in argv:
        return None
    if any("\x00" in a or _undecodable(a) for a in argv):
        return None  # the full CLI says which argument and why
    parser = _QuietParser(prog="letadesk", add_help=False)
    parser.add_argument("--data-dir")
    parser.add_argument("--backend")
    add_ask_arguments(parser.add_subparsers(dest="verb").add_parser("ask", add_help=False))
    try:
        args = parser.parse_args(argv)
        if args.verb != "ask" or args.cold:
            return None
        return ask_engine(args, backend_url(args))
    except (_NotFast, LetaDeskError):  # a bad settings file, an unusable data folder
        return None


def _undecodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def ask_engine(args: argparse.Namespace, backend: str) -> int | None:
    """Have the engine serving this profile and ``backend`` answer ``args`` (the ``ask``
    verb's); its output is printed here and its exit code returned. None when no engine
    answers for them: the caller then answers itself."""
    path = socket_path(args.data_dir)
    where = endpoint(path.parent)
    if where.family == "AF_UNIX" and (len(os.fsencode(path)) > MAX_PATH or not path.exists()):
        return None
    key = read_key(path.parent)
    if key is None:  # no engine has run here, or the key is not the user's alone
        return None
    request = {"protocol": PROTOCOL, "backend": backend}
    request |= {name: getattr(args, name) for name in ASK_FIELDS}
    try:
        reply = _exchange(where, key, request)
    except (OSError, EOFError, ValueError):  # no engine listening, or one that went away
        return None
    if not isinstance(reply.get("code"), int):  # declined: another backend or protocol
        return None
    sys.stdout.write(str(reply.get("stdout", "")))
    sys.stderr.write(str(reply.get("stderr", "")))
    return int(reply["code"])


def _exchange(where: Endpoint, key: bytes, request: dict[str, Any]) -> dict[str, Any]:
    with contextlib.closing(connect(where, key)) as conn:
        conn.send_bytes(json.dumps(request).encode())
        line = conn.recv_bytes()  # no time limit: a drafted answer takes a while
    reply = json.loads(line) if line else None
    if not isinstance(reply, dict):
        raise ValueError("the engine closed the connection without a reply")
    return reply


# ---- the engine: ``letadesk engine`` ----------------------------------------------------


def serve(
    profile: Any,
    *,
    path: Path,
    backend: str,
    answer: Verb,
    log: Callable[[str], None] = lambda _line: None,
) -> int:
    """Answer ``ask`` requests on ``path`` with ``answer(profile, args)`` until
    interrupted (Ctrl-C, SIGTERM); the socket is removed on the way out. ``log`` gets
    a line when it is ready and one per request."""
    where = endpoint(path.parent)
    key = make_key(path.parent)
    with _listening(where) as server, _stopped_by_sigterm():
        log(f"letadesk engine: answering ask on {where.address} (Ctrl-C stops it)")
        try:
            while True:
                with server.accept() as conn:
                    if _same_user(conn):
                        start = time.perf_counter()
                        outcome = _handle(conn, profile, backend, answer, key=key)
                        log(f"letadesk engine: {outcome} in {time.perf_counter() - start:.2f} s")
        except KeyboardInterrupt:
            return 0


def _handle(conn: Connection, profile: Any, backend: str, answer: Verb, *, key: bytes) -> str:
    """What came of one connection, for the log. Every wait for the client is bounded:
    a client that never sends holds up no other."""
    try:
        greet(conn, key, REQUEST_TIMEOUT_S)
        if not conn.poll(REQUEST_TIMEOUT_S):
            return "client gone (timed out)"
        line = conn.recv_bytes(MAX_REQUEST)
        reply = _reply(line, profile, backend, answer)
        conn.send_bytes(json.dumps(reply, ensure_ascii=False).encode())
    except HandshakeError as exc:
        return f"refused: {exc}"
    except (OSError, EOFError) as exc:  # the client went away; the next one is served
        return f"client gone ({getattr(exc, 'strerror', None) or exc or 'closed'})"
    return f"declined: {reply['declined']}" if "declined" in reply else f"exit {reply['code']}"


def _reply(line: bytes, profile: Any, backend: str, answer: Verb) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except ValueError:
        return {"declined": "not a request"}
    if not isinstance(request, dict) or request.get("protocol") != PROTOCOL:
        return {"declined": f"protocol {PROTOCOL} only"}
    if request.get("backend") != backend:
        return {"declined": "this engine serves another backend"}
    fields = {name: request.get(name) for name in ASK_FIELDS}
    if any(not isinstance(fields[n], kinds) for n, kinds in ASK_FIELDS.items()):
        return {"declined": "malformed ask arguments"}
    return _run_captured(answer, profile, argparse.Namespace(**fields))


def _run_captured(answer: Verb, profile: Any, args: argparse.Namespace) -> dict[str, Any]:
    """Run the verb as ``letadesk ask`` would, its output and exit code captured."""
    from letadesk.cli.common import fail

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = answer(profile, args)
        except LetaDeskError as exc:
            code = fail(str(exc), exc.exit_code)
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


@contextlib.contextmanager
def _listening(where: Endpoint) -> Iterator[Listener]:
    if where.family == "AF_UNIX":
        path = Path(where.address)
        if len(os.fsencode(path)) > MAX_PATH:
            raise ConfigError(
                f"engine: the socket path {path} is longer than {MAX_PATH} bytes, too long "
                "for a Unix-domain socket; use a shorter --data-dir"
            )
        _remove_stale(path)
    try:
        with listening(where) as server:
            yield server
    except PermissionError as exc:  # a pipe whose first instance another engine holds
        if where.family != "AF_PIPE":
            raise
        raise ConfigError(f"engine: another engine already answers on {where.address}") from exc


def _remove_stale(path: Path) -> None:
    """A socket left by an engine that was killed is removed; a live one is an error."""
    if not path.exists() and not path.is_symlink():
        return
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(CONNECT_TIMEOUT_S)
        try:
            probe.connect(str(path))
        except OSError:
            path.unlink()
            return
    raise ConfigError(f"engine: another engine already answers on {path}")


def _same_user(conn: Connection) -> bool:
    """Whether the peer runs as this user; True where the platform cannot tell (the
    socket's mode and the engine key are then the guard)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    with socket.socket(fileno=os.dup(conn.fileno())) as peer:
        creds = peer.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return bool(uid == os.getuid())


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: only Ctrl-C stops it
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
