"""The warm engine (``letadesk engine``, issue 14): a running engine process answers
``ask`` over its user-only socket with the answer a cold ask gives, in the same audit
trail; ``--cold`` and a request for another backend are not its; a second engine on the
profile is refused; SIGTERM stops it and removes the socket; a socket left by a killed
engine is replaced."""

from __future__ import annotations

import argparse
import json
import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, Pipe
from pathlib import Path

import pytest

from letadesk.cli import engine, main
from letadesk.cli import engine_transport as transport
from letadesk.cli.engine_transport import NONCE_BYTES, endpoint
from letadesk.errors import ConfigError
from letadesk.workspace import Workspace

QUESTION = "What is the governing law?"
LIGHT_ASK = """
import sys
from letadesk.cli import main
code = main(["--data-dir", sys.argv[1], "ask", sys.argv[2], "--matter", "M", "--extract-only"])
heavy = ("letadesk.workspace", "apsw", "numpy", "onnxruntime", "tantivy", "llama_cpp")
print(f"exit {code}, heavy modules: {[m for m in heavy if m in sys.modules]}")
"""
unix_only = pytest.mark.skipif(not engine.unix_sockets(), reason="needs Unix-domain sockets")


def _letadesk(profile: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "letadesk.cli", "--data-dir", str(profile), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


@contextmanager
def running_engine(profile: Path) -> Iterator[subprocess.Popen[str]]:
    proc = _letadesk(profile, "engine")
    try:
        assert proc.stderr is not None
        for line in proc.stderr:  # the models load first, then it says it is ready
            if "answering ask on" in line:
                break
        else:
            pytest.fail(f"the engine never became ready: exit {proc.wait()}")
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()


def _ask(profile: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    argv = ["--data-dir", str(profile), "ask", QUESTION, "--matter", "M", "--extract-only"]
    assert main([*argv, "--json", *extra]) == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


def _records(profile: Path) -> int:
    with Workspace.open(profile) as ws:
        return len(ws.audit.entries())


@unix_only
@pytest.mark.slow
@pytest.mark.model  # the engine's process and the cold ask load the embedder and judge
def test_the_engine_answers_ask_as_a_cold_ask_does(
    profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sock = engine.socket_path(str(profile))
    before = _records(profile)
    with running_engine(profile) as proc:
        assert stat.S_ISSOCK(sock.stat().st_mode)
        assert stat.S_IMODE(sock.stat().st_mode) == 0o600  # its owner's alone
        warm = _ask(profile, capsys)
        cold = _ask(profile, capsys, "--cold")
        assert warm["disposition"] == cold["disposition"] == "answered"
        assert warm["claims"] == cold["claims"]
        assert warm["audit_id"] != cold["audit_id"]  # two questions, two records
        # the asking process imports none of the models' or stores' modules
        light = subprocess.run(
            [sys.executable, "-c", LIGHT_ASK, str(profile), QUESTION],
            capture_output=True,
            text=True,
            check=True,
        )
        assert light.stdout.splitlines()[-1] == "exit 0, heavy modules: []", light.stderr
        # a request for another backend is declined: the caller answers itself
        other = argparse.Namespace(
            data_dir=str(profile),
            question=QUESTION,
            matter="M",
            document=None,
            as_of=None,
            generate=False,
            json=True,
        )
        assert engine.ask_engine(other, "postgresql://elsewhere/letadesk") is None
        # one engine per profile
        second = _letadesk(profile, "engine")
        _, err = second.communicate(timeout=120)
        assert second.returncode == 2 and "another engine already answers" in err
        proc.terminate()
        _, log = proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert not sock.exists()
    assert log.count("letadesk engine: exit 0 in") == 2  # the warm asks; --cold was not its
    assert "declined: this engine serves another backend" in log
    assert _records(profile) == before + 3
    assert _ask(profile, capsys)["disposition"] == "answered"  # no engine: answered cold


@unix_only
def test_a_socket_left_by_a_killed_engine_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / engine.SOCKET_NAME
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(str(path))  # bound and closed, never unlinked: what a kill -9 leaves
    left.close()
    with engine._listening(endpoint(tmp_path)) as server:
        assert server.address == str(path)
        with pytest.raises(ConfigError, match="another engine already answers"):
            engine._remove_stale(path)
    assert not path.exists()


def test_no_engine_means_ask_answers_itself(tmp_path: Path) -> None:
    args = argparse.Namespace(data_dir=str(tmp_path / "p"), question=QUESTION, matter="M")
    assert engine.ask_engine(args, "") is None
    long = tmp_path / ("x" * engine.MAX_PATH)
    with pytest.raises(ConfigError, match="too long for a Unix-domain socket"):
        engine._listening(endpoint(long)).__enter__()


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "ask", "--matter", "M"],  # another verb
        ["ask", "q", "--matter", "M", "--cold"],
        ["ask", "q"],  # no --matter: the full CLI says so
        ["ask", "--help"],
        ["--version", "ask", "q", "--matter", "M"],
        ["ask", "q\x00", "--matter", "M"],  # refused by the full CLI, with the reason
        ["ask", "q\udcff", "--matter", "M"],
    ],
)
def test_the_fast_path_leaves_other_command_lines_to_the_full_cli(
    tmp_path: Path, argv: list[str]
) -> None:
    assert engine.fast_ask(["--data-dir", str(tmp_path / "p"), *argv]) is None


def test_malformed_requests_are_declined_before_anything_runs() -> None:
    def never(_profile: object, _args: argparse.Namespace) -> int:
        raise AssertionError("ran")

    ask = {name: None for name in engine.ASK_FIELDS} | {"question": "q", "matter": "M"}
    good = {"protocol": engine.PROTOCOL, "backend": "", **ask, "json": False}
    for line, why in [
        (b"not json", "not a request"),
        (json.dumps({**good, "protocol": 99}).encode(), "protocol"),
        (json.dumps({**good, "backend": "postgresql://x/y"}).encode(), "another backend"),
        (json.dumps({**good, "question": 7}).encode(), "malformed"),
        (json.dumps({**good, "json": "yes"}).encode(), "malformed"),
    ]:
        assert why in engine._reply(line, object(), "", never)["declined"]
    ran = engine._reply(json.dumps(good).encode(), object(), "", lambda _p, a: len(a.question))
    assert ran == {"code": 1, "stdout": "", "stderr": ""}


def _client_half(conn: Connection, key: bytes, request: bytes) -> None:
    """What engine_transport.connect does on its connection, then one request."""
    nonce = conn.recv_bytes(64)
    mine = os.urandom(NONCE_BYTES)
    conn.send_bytes(transport._mac(key, b"client", nonce) + mine)
    assert conn.recv_bytes(64) == transport._mac(key, b"engine", mine)
    conn.send_bytes(request)


def test_a_client_that_never_sends_is_dropped_and_the_next_one_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine serves one request at a time: a client that connects and sends nothing
    is let go after the request timeout (0.2 s here), and the next is answered."""
    monkeypatch.setattr(engine, "REQUEST_TIMEOUT_S", 0.2)
    key = os.urandom(32)
    ask = {name: None for name in engine.ASK_FIELDS} | {"question": "q", "matter": "M"}
    request = {"protocol": engine.PROTOCOL, "backend": "", **ask, "json": False}
    silent, _held_open = Pipe()
    with silent, _held_open:
        outcome = engine._handle(silent, object(), "", lambda _p, _a: 0, key=key)
    assert outcome == "refused: timed out"
    served, client = Pipe()
    with served, client:
        sender = threading.Thread(
            target=_client_half, args=(client, key, json.dumps(request).encode())
        )
        sender.start()
        outcome = engine._handle(served, object(), "", lambda _p, a: len(a.question), key=key)
        sender.join(timeout=10)
        assert outcome == "exit 1"
        assert json.loads(client.recv_bytes())["code"] == 1
