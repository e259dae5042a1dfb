"""Faults and misuse on the firm server end in one error line and an exit code, never a
traceback: the server gone during an ask or a push (exit 3, nothing half-written), a
lawyer running IT's verbs (and no file staged in her profile), a NUL in a question."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from corpus_factory import LEGEA_50_2020, NDA_EN, write_text
from letadesk.cli import main
from letadesk.server.connect import connect
from letadesk.server.workspace import ServerWorkspace
from letadesk.workspace import Workspace
from pg_server import PgServer


@pytest.fixture(scope="module")
def firm(pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("faults")
    write_text(root / "nda", "nda.txt", NDA_EN)
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    with Workspace.open(root / "it") as it, ServerWorkspace(owner, it) as server:
        it.documents.ingest([root / "nda"], matter="NDA")
        assert server.push().matches
        with ServerWorkspace(pg_server.url(database, "partner"), it) as partner:
            assert partner.matters.grant("NDA", "ana")
    yield database


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("letadesk: error:")]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def _kill_sessions_of(pg_server: PgServer, role: str) -> None:
    """What a server stopped under a session does to it (AdminShutdown, 57P01)."""
    pg_server.sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE usename = '{role}' AND pid <> pg_backend_pid()"
    )


def _then_killed(pg_server: PgServer, role: str, real: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        _kill_sessions_of(pg_server, role)
        return real(*args, **kwargs)

    return wrapped


def test_the_server_gone_during_an_ask_is_one_line_and_exit_3(
    pg_server: PgServer,
    firm: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from letadesk.server.search import ServerIndexes

    before = _records(pg_server, firm)
    monkeypatch.setattr(
        ServerIndexes,
        "search_lexical",
        _then_killed(pg_server, "ana", ServerIndexes.search_lexical),
    )
    argv = ["--data-dir", str(tmp_path / "ana"), "--backend", pg_server.url(firm, "ana")]
    code = main([*argv, "ask", "--matter", "NDA", "Which law governs?", "--extract-only"])
    assert code == 3
    assert "lost the connection to the firm server" in _one_line(capsys)
    assert _records(pg_server, firm) == before  # no record half-written


def test_the_server_gone_during_a_push_is_one_line_and_exit_3(
    pg_server: PgServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from letadesk.server.push import Pusher

    write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    write_text(tmp_path / "docs", "legea.txt", LEGEA_50_2020)
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    data = str(tmp_path / "it")
    with Workspace.open(data) as it:
        it.documents.ingest([tmp_path / "docs"], matter="M")
    calls = {"n": 0}
    real = Pusher._insert_fragments

    def second_document_killed(self: Pusher, *args: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 2:  # in the middle of the second document's transaction
            _kill_sessions_of(pg_server, "it_owner")
        real(self, *args)

    monkeypatch.setattr(Pusher, "_insert_fragments", second_document_killed)
    assert main(["--data-dir", data, "migrate", "--to", owner]) == 3
    assert "lost the connection" in _one_line(capsys)
    with connect(owner, autocommit=True) as conn:
        docs = conn.execute("SELECT id FROM documents").fetchall()
        orphans = conn.execute(
            "SELECT count(*) FROM documents d WHERE d.status = 'indexed' AND NOT EXISTS "
            "(SELECT 1 FROM fragments f WHERE f.document_id = d.id)"
        ).fetchone()
    assert len(docs) == 1 and orphans == (0,)  # the first whole, the second not at all


def test_a_lawyer_running_it_verbs_is_told_who_may_and_stages_nothing(
    pg_server: PgServer, firm: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ana = pg_server.url(firm, "ana")
    data = str(tmp_path / "ana")
    assert main(["--data-dir", data, "--backend", ana, "server", "init"]) == 2
    assert "may not create or upgrade" in _one_line(capsys)
    write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    argv = ["--data-dir", data, "--backend", ana, "ingest", str(tmp_path / "docs")]
    assert main([*argv, "--matter", "Mine"]) == 2
    assert "only the firm server's owner" in _one_line(capsys)
    with Workspace.open(data) as profile:
        assert all(m.name != "Mine" for m in profile.matters.all())
        assert profile.documents.all() == []
    assert main(["--data-dir", data, "migrate", "--to", ana]) == 2
    assert "only the firm server's owner" in _one_line(capsys)


def test_a_nul_in_a_review_question_is_a_clear_error(
    pg_server: PgServer, firm: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "questions.json"
    template.write_text(
        json.dumps({"name": "t", "questions": [{"label": "law", "question": "Which\x00law?"}]}),
        encoding="utf-8",
    )
    argv = ["--data-dir", str(tmp_path / "ana"), "--backend", pg_server.url(firm, "ana")]
    code = main([*argv, "review", "--matter", "NDA", "--questions", str(template)])
    assert code == 2
    assert "NUL" in _one_line(capsys)


def _records(pg_server: PgServer, database: str) -> int:
    with connect(pg_server.url(database, "it_owner"), autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM audit").fetchone()
    return int(row[0]) if row else 0


def test_postgresql_stopped_during_a_push_is_one_line_and_exit_3(
    pg_server: PgServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The server itself stopped (pg_ctl stop) in the middle of a document's copy."""
    from letadesk.server.push import Pusher
    from pg_server import make_roles

    own = PgServer(tmp_path / "own")  # a server of this test's own, to stop
    try:
        make_roles(own)
        own.sql("CREATE EXTENSION IF NOT EXISTS vector", "template1")
        owner = own.url(own.fresh_database(), "it_owner")
        ServerWorkspace.initialise(owner)
        write_text(tmp_path / "docs", "nda.txt", NDA_EN)
        data = str(tmp_path / "it")
        with Workspace.open(data) as it:
            it.documents.ingest([tmp_path / "docs"], matter="M")
        real = Pusher._insert_fragments

        def stopped(self: Pusher, *args: Any) -> None:
            own.stop()
            real(self, *args)

        monkeypatch.setattr(Pusher, "_insert_fragments", stopped)
        assert main(["--data-dir", data, "migrate", "--to", owner]) == 3
        assert "lost the connection" in _one_line(capsys)
    finally:
        own.stop()
