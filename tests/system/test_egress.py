"""Egress: the whole suite runs with network sockets blocked (pytest-socket, configured in
pyproject.toml: ``--disable-socket --allow-unix-socket``). These tests fail if that guard
is ever switched off, so "no network call, ever" is checked on every run, not assumed.

Parser workers are separate interpreters (``spawn``) that pytest-socket does not reach;
``scripts/egress_check.sh`` runs ingest and ask inside a network namespace with no
interface for them (``unshare -rn``)."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from pytest_socket import SocketBlockedError


def blocked() -> Any:
    """pytest-socket warns, then raises SocketBlockedError; under this suite's
    ``filterwarnings = error`` the warning itself is raised. Either fails the test."""
    return pytest.raises((SocketBlockedError, UserWarning), match="tried to use socket")


@pytest.mark.parametrize("family", [socket.AF_INET, socket.AF_INET6])
@pytest.mark.parametrize("kind", [socket.SOCK_STREAM, socket.SOCK_DGRAM])
def test_opening_a_network_socket_fails_the_test(family: int, kind: int) -> None:
    with blocked():
        socket.socket(family, kind)


def test_connecting_to_any_host_fails_the_test() -> None:
    for host in ("127.0.0.1", "localhost", "1.1.1.1"):
        with blocked():
            socket.create_connection((host, 80), timeout=1)


def test_unix_sockets_stay_allowed() -> None:
    """Qt and multiprocessing talk over AF_UNIX; that never leaves the machine."""
    left, right = socket.socketpair(socket.AF_UNIX)
    with left, right:
        left.sendall(b"ping")
        assert right.recv(4) == b"ping"


@pytest.mark.enable_socket
def test_a_test_that_needs_loopback_opts_in_with_a_marker() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        with socket.create_connection(server.getsockname(), timeout=5) as client:
            peer, _ = server.accept()
            with peer:
                client.sendall(b"ok")
                assert peer.recv(2) == b"ok"
