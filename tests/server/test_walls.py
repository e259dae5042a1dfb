"""The ethical walls against a lawyer with psql: no plan, estimate or statistic of another
matter's rows, revocation of every read, no lock that stalls the others, no forged record.
Each test is an attack of the red team's round, run as the lawyer would run it."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.server import audit, schema
from letadesk.server.connect import connect
from letadesk.server.workspace import ServerWorkspace
from letadesk.store.audit_chain import canonical
from letadesk.workspace import Workspace
from pg_server import PgServer

TABLES = (
    "matters",
    "matter_members",
    "documents",
    "pages",
    "fragments",
    "lexeme_stats",
    "matter_stats",
    "embedder",
    "audit",
    "review_cells",
    "schema_version",
    "audit_lock",
)


@pytest.fixture(scope="module")
def firm(pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Two matters: ana in "A" (the NDA), bogdan in "B" (the Romanian contract, which
    holds the word "zephyrion"); the database name."""
    root = tmp_path_factory.mktemp("walls")
    write_text(root / "a", "nda.txt", NDA_EN)
    write_text(root / "b", "contract.txt", CONTRACT_RO + "\nClauza zephyrion.\n")
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    with Workspace.open(root / "it") as it, ServerWorkspace(owner, it) as server:
        it.documents.ingest([root / "a"], matter="A")
        it.documents.ingest([root / "b"], matter="B")
        assert server.push().matches
        with ServerWorkspace(pg_server.url(database, "partner"), it) as partner:
            assert partner.matters.grant("A", "ana") and partner.matters.grant("B", "bogdan")
    with connect(owner, autocommit=True) as conn:
        conn.execute("ANALYZE")
    yield database


def _as(pg_server: PgServer, database: str, role: str) -> psycopg.Connection[Any]:
    return connect(pg_server.url(database, role), autocommit=True)


def _ids(pg_server: PgServer, database: str) -> tuple[int, int]:
    """The ids of matters A and B (read as the owner)."""
    with _as(pg_server, database, "it_owner") as owner:
        rows = dict(owner.execute("SELECT name, id FROM matters").fetchall())
    return int(rows["A"]), int(rows["B"])


def test_a_lawyer_can_plan_no_query_over_any_table(pg_server: PgServer, firm: str) -> None:
    """EXPLAIN (ANALYZE) counted the rows the policy removed, and EXPLAIN's estimates
    told B's size: now no table can be named in a lawyer's query at all."""
    with _as(pg_server, firm, "ana") as ana:
        ana.execute("SET enable_seqscan = off")
        for table in TABLES:
            for explain in ("EXPLAIN", "EXPLAIN (ANALYZE)"):
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    ana.execute(f"{explain} SELECT 1 FROM letadesk.{table} WHERE true")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            ana.execute(
                "EXPLAIN (ANALYZE) SELECT 1 FROM letadesk.lexeme_stats "
                "WHERE matter_id = 2 AND lexeme = 'zephyrion'"
            )
        stats = ana.execute(
            "SELECT count(*) FROM pg_stats WHERE schemaname = 'letadesk'"
        ).fetchone()
        assert stats == (0,)
        # what a lawyer may call reads nothing of B, whatever the arguments
        _a, b = _ids(pg_server, firm)
        for call in (
            f"SELECT * FROM plan_lexemes({b}, 'zephyrion')",
            f"SELECT * FROM matter_documents({b}, NULL)",
            "SELECT * FROM fragments_by_ids(ARRAY(SELECT generate_series(1, 10000)::bigint))"
            " WHERE text LIKE '%zephyrion%'",
        ):
            assert ana.execute(call).fetchall() == [], call
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            ana.execute(f"SELECT * FROM keyword_hits({b}, NULL, NULL, NULL, NULL, '{{x}}', 5)")
    with _as(pg_server, firm, "stranger") as stranger:  # no LetaDesk role: not even a call
        for call in ("SELECT letadesk.visible_matters()", "SELECT letadesk.embedder_identity()"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                stranger.execute(call)


def test_the_server_is_upgraded_from_schema_3_and_keeps_its_trail(
    pg_server: PgServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server made by the release before the walls (schema 3), with a lawyer's records
    appended by its append_audit: `server init` takes it to 4, the records still verify,
    the lawyer reads through the functions and her new records chain onto the old."""
    write_text(tmp_path / "a", "nda.txt", NDA_EN)
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    with Workspace.open(tmp_path / "it") as it:
        it.documents.ingest([tmp_path / "a"], matter="A")
        with monkeypatch.context() as release_3:
            release_3.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:3])
            release_3.setattr(schema, "LATEST_VERSION", 3)
            assert ServerWorkspace.initialise(owner) == 3
            with ServerWorkspace(owner, it) as server:
                assert server.push().pushed == 1
            with connect(owner, autocommit=True) as conn:
                conn.execute("INSERT INTO matter_members(matter_id, member) VALUES (1, 'ana')")
            with _as(pg_server, database, "ana") as ana:  # as release 3 appended
                ana.execute(
                    "SELECT append_audit('old-1', '2026-01-01T00:00:00.000+00:00', 1, %s, %s)",
                    *[_old_record("old-1", "2026-01-01T00:00:00.000+00:00")],
                )
                assert ana.execute("SELECT count(*) FROM audit").fetchone() == (1,)
        assert ServerWorkspace.initialise(owner) == schema.LATEST_VERSION == 4
        with (
            Workspace.open(tmp_path / "ana") as local,
            ServerWorkspace(pg_server.url(database, "ana"), local) as ana_ws,
        ):
            ana_ws.check()
            assert [m.name for m in ana_ws.matters.all()] == ["A"]
            assert ana_ws.search("confidential information", matter="A", k=2)
            audit.ServerAuditTrail(ana_ws._conn, ana_ws.witness).append(
                {"question": "new"}, audit_id="new-1", matter_id=1
            )
            asked = [e.id for e in ana_ws.audit.entries() if e.record.get("event") != "search"]
            assert asked == ["new-1", "old-1"]
            assert ana_ws.audit.check().intact
        with ServerWorkspace(owner, it) as server:
            report = server.audit.check()
        assert report.intact and report.records == 3, report.problems  # the search's too
    with (
        _as(pg_server, database, "ana") as ana,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        ana.execute("SELECT count(*) FROM audit")


def _old_record(audit_id: str, created: str) -> tuple[str, str]:
    from letadesk.store.audit_chain import content_digest

    body = {"question": "old", "id": audit_id, "created_at": created}
    return canonical(body), content_digest(audit_id, body)


def test_a_revoked_lawyer_reads_nothing_of_the_matter_not_even_her_own_records(
    pg_server: PgServer, firm: str, tmp_path: Path
) -> None:
    with Workspace.open(tmp_path / "carol") as local:
        pg_server.sql(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
            "'carol') THEN CREATE ROLE carol LOGIN IN ROLE letadesk_lawyer; END IF; "
            "END $$"
        )
        with ServerWorkspace(pg_server.url(firm, "partner"), local) as partner:
            assert partner.matters.grant("A", "carol")
        with ServerWorkspace(pg_server.url(firm, "carol"), local) as carol:
            a = int(carol.matters.named("A").id)
            trail = audit.ServerAuditTrail(carol._conn, carol.witness)
            for n in range(3):
                trail.append(
                    {"question": f"q{n}", "quote": "five (5) years"},
                    audit_id=f"carol-{n}",
                    matter_id=a,
                )
            assert len(carol.audit.entries()) >= 3
        with ServerWorkspace(pg_server.url(firm, "partner"), local) as partner:
            assert partner.matters.revoke("A", "carol")
        with ServerWorkspace(pg_server.url(firm, "carol"), local) as carol:
            assert carol.matters.all() == [] and carol.documents.all() == []
            assert carol.audit.entries() == []
            exported = tmp_path / "export.jsonl"
            assert carol.audit.export(exported) == 0
            assert "five (5) years" not in exported.read_text(encoding="utf-8")
            check = carol.audit.check()  # her witness: position and hash, not the content
            assert check.intact and "no longer readable" in check.checked[0]
    with _as(pg_server, firm, "it_owner") as owner:  # kept for the owner
        rows = owner.execute("SELECT count(*) FROM audit WHERE asked_by = 'carol'").fetchone()
        assert rows == (3,)


def test_a_lawyer_holding_the_old_advisory_lock_does_not_stall_anothers_ask(
    pg_server: PgServer, firm: str
) -> None:
    with _as(pg_server, firm, "bogdan") as bogdan, _as(pg_server, firm, "ana") as ana:
        bogdan.execute("SELECT pg_advisory_lock(hashtext('letadesk.audit'))")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bogdan.execute("SELECT 1 FROM letadesk.audit_lock FOR UPDATE")
        a, _b = _ids(pg_server, firm)
        done: list[float] = []

        def ask() -> None:
            start = time.monotonic()
            audit.ServerAuditTrail(ana).append({"question": "q"}, audit_id="lock-1", matter_id=a)
            done.append(time.monotonic() - start)

        worker = threading.Thread(target=ask)
        worker.start()
        worker.join(timeout=20)
        bogdan.execute("SELECT pg_advisory_unlock_all()")
        worker.join(timeout=20)
    assert done and done[0] < 5


def test_only_checked_records_enter_the_trail(pg_server: PgServer, firm: str) -> None:
    """Backdated, outside any matter, not JSON, not canonical: refused. A record as
    LetaDesk writes it (strings with controls, floats, nesting) is stored as sent,
    stamped with the server's time, and the owner's verify stays intact."""
    with _as(pg_server, firm, "ana") as ana:
        a, b = _ids(pg_server, firm)
        append = "SELECT * FROM append_record(%s, %s, %s)"
        for audit_id, matter, text, error in (
            (
                "f1",
                a,
                '{"created_at":"2019-01-01T00:00:00.000+00:00","question":"q"}',
                psycopg.errors.InvalidParameterValue,
            ),
            ("f2", None, '{"question":"q"}', psycopg.errors.InsufficientPrivilege),
            ("f3", b, '{"question":"q"}', psycopg.errors.InsufficientPrivilege),
            ("f4", a, "not json at all", psycopg.errors.InvalidParameterValue),
            ("f5", a, '{"question": "q"}', psycopg.errors.InvalidParameterValue),
            ("f6", a, '{"b":1,"a":2}', psycopg.errors.InvalidParameterValue),
            ("f7", a, '{"x":1.50}', psycopg.errors.InvalidParameterValue),
            ("f8", a, '{"x":1,"x":2}', psycopg.errors.InvalidParameterValue),
            ("f 9", a, '{"question":"q"}', psycopg.errors.InvalidParameterValue),
            ("f10", a, "[1]", psycopg.errors.InvalidParameterValue),
        ):
            with pytest.raises(error):
                ana.execute(append, (audit_id, matter, text))
        record = {
            "question": 'Ce "preaviz"?\n\tș \\ \x01 \u2028 😀',
            "scores": [0.1, 1e-05, 2.5e-07, 1.5e16, 123.456, -0.0, 3, -7, 10**20, 1e300],
            "nested": {"z": None, "a": [True, False, {}], "é": "ü", "A": []},
            "empty": "",
        }
        before = time.time()
        row = ana.execute(append, ("ok-1", a, canonical(record))).fetchone()
        assert row is not None
    with _as(pg_server, firm, "it_owner") as owner:
        stored = owner.execute("SELECT record, created_at FROM audit WHERE id = 'ok-1'").fetchone()
        check = audit.check(owner)
    assert stored is not None and stored[1] == row[1]
    body = json.loads(stored[0])
    assert body == {**record, "id": "ok-1", "created_at": row[1]}
    from datetime import datetime

    assert abs(datetime.fromisoformat(row[1]).timestamp() - before) < 60
    assert check.intact, check.problems
