"""The engine's transport: a Unix-domain socket here (run for real), a named pipe on
Windows (the address chosen, checked here without Windows), and the key both sides must
hold before a question travels."""

from __future__ import annotations

import os
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from letadesk.cli import engine_transport as transport
from letadesk.errors import ConfigError

unix_only = pytest.mark.skipif(sys.platform == "win32", reason="the AF_UNIX path")


def test_windows_gets_a_named_pipe_named_after_the_profile_folder(tmp_path: Path) -> None:
    where = transport.endpoint(tmp_path / "profile", platform="win32")
    assert where.family == "AF_PIPE"
    assert where.address.startswith("\\\\.\\pipe\\letadesk-engine-")
    assert len(where.address) == len(transport.PIPE_PREFIX) + 32
    assert transport.endpoint(tmp_path / "profile", platform="win32") == where  # stable
    assert transport.endpoint(tmp_path / "other", platform="win32") != where  # per profile


def test_elsewhere_the_socket_file_in_the_profile_folder(tmp_path: Path) -> None:
    for platform in ("linux", "darwin"):
        where = transport.endpoint(tmp_path, platform=platform)
        assert where == transport.Endpoint("AF_UNIX", str(tmp_path / "engine.sock"))


@unix_only
def test_the_key_is_made_once_user_only_and_refused_when_others_can_read_it(
    tmp_path: Path,
) -> None:
    assert transport.read_key(tmp_path) is None
    key = transport.make_key(tmp_path)
    path = tmp_path / transport.KEY_NAME
    assert len(key) == transport.KEY_BYTES and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert transport.make_key(tmp_path) == key == transport.read_key(tmp_path)
    path.chmod(0o644)
    assert transport.read_key(tmp_path) is None  # a client does not use it
    with pytest.raises(ConfigError, match="not a usable engine key"):
        transport.make_key(tmp_path)


@contextmanager
def _server(
    tmp_path: Path, key: bytes, then: Callable[[Connection], None]
) -> Iterator[tuple[transport.Endpoint, list[str]]]:
    """A listener on the real socket; one connection accepted, greeted with ``key``,
    then handed to ``then``. Yields the endpoint and what happened."""
    where = transport.endpoint(tmp_path)
    seen: list[str] = []
    with transport.listening(where) as listener:

        def run() -> None:
            with listener.accept() as conn:
                try:
                    transport.greet(conn, key, timeout=5)
                    then(conn)
                    seen.append("served")
                except (transport.HandshakeError, EOFError) as exc:
                    seen.append(f"refused: {exc}")

        worker = threading.Thread(target=run)
        worker.start()
        try:
            yield where, seen
        finally:
            worker.join(timeout=10)
    assert not Path(where.address).exists()  # removed on the way out


def _echo(conn: Connection) -> None:
    conn.send_bytes(conn.recv_bytes(1024).upper())


@unix_only
def test_both_sides_holding_the_key_exchange_messages_on_a_user_only_socket(
    tmp_path: Path,
) -> None:
    key = os.urandom(transport.KEY_BYTES)
    with _server(tmp_path, key, _echo) as (where, seen):
        mode = Path(where.address).stat().st_mode
        assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
        with transport.connect(where, key) as conn:
            conn.send_bytes(b"question")
            assert conn.recv_bytes() == b"QUESTION"
    assert seen == ["served"]


@unix_only
def test_a_client_without_the_key_is_refused_before_it_can_ask(tmp_path: Path) -> None:
    with (
        _server(tmp_path, os.urandom(32), _echo) as (where, seen),
        pytest.raises(transport.HandshakeError),
    ):
        transport.connect(where, os.urandom(32))
    assert seen == ["refused: the client does not hold this profile's engine key"]


@unix_only
def test_a_listener_without_the_key_never_receives_the_question(tmp_path: Path) -> None:
    """What a squatter on the pipe's name (Windows) would be: the client does not send."""
    got: list[bytes] = []

    def squatter(tmp: Path) -> Iterator[None]:
        where = transport.endpoint(tmp)
        with transport.listening(where) as listener:

            def run() -> None:
                with listener.accept() as conn:
                    conn.send_bytes(os.urandom(transport.NONCE_BYTES))
                    conn.recv_bytes(1024)  # the client's proof and nonce
                    conn.send_bytes(os.urandom(32))  # it cannot prove it holds the key
                    with suppress(EOFError):  # the client hangs up instead
                        got.append(conn.recv_bytes(1024))  # the question, were it sent

            worker = threading.Thread(target=run)
            worker.start()
            yield
            worker.join(timeout=10)

    fake = contextmanager(squatter)
    with fake(tmp_path), pytest.raises(transport.HandshakeError, match="does not hold"):
        transport.connect(transport.endpoint(tmp_path), os.urandom(32))
    assert got == []
