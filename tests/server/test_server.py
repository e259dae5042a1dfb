"""The firm server on a real PostgreSQL 18 + pgvector (started by the tests): the schema,
the copy of an embedded profile, and the ethical walls enforced by the database itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from corpus_factory import CONTRACT_RO, LEGEA_50_2020, NDA_EN, write_text
from letadesk.domain import MatterId, SearchFilters
from letadesk.errors import ConfigError, NotFoundError, StoreError
from letadesk.server import schema
from letadesk.server.connect import checked_conninfo, connect, redacted
from letadesk.server.search import ServerIndexes
from letadesk.server.workspace import ServerWorkspace
from letadesk.workspace import Workspace
from pg_server import PgServer


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    """An embedded profile with two matters: the NDA matter and the Romanian one."""
    root = tmp_path_factory.mktemp("profile")
    write_text(root / "nda", "nda.txt", NDA_EN)
    write_text(root / "ro", "contract.txt", CONTRACT_RO)
    write_text(root / "ro", "legea_50-2020.txt", LEGEA_50_2020)
    ws = Workspace.open(root / "ws")
    ws.documents.ingest([root / "nda"], matter="NDA")
    ws.documents.ingest([root / "ro"], matter="Contract RO")
    yield ws
    ws.close()


@pytest.fixture(scope="module")
def firm(pg_server: PgServer, profile: Workspace) -> Iterator[str]:
    """A firm server holding the profile: ana in the NDA matter, bogdan in the Romanian
    one; the database name."""
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    assert ServerWorkspace.initialise(owner) == schema.LATEST_VERSION
    with ServerWorkspace(owner, profile) as server:
        report = server.push()
        assert report.matches, report.as_json()
        partner = ServerWorkspace(pg_server.url(database, "partner"), profile)
        with partner:
            assert partner.matters.grant("NDA", "ana")
            assert partner.matters.grant("Contract RO", "bogdan")
    yield database


def _as(pg_server: PgServer, database: str, role: str) -> psycopg.Connection[Any]:
    return connect(pg_server.url(database, role), autocommit=True)


def test_the_push_copies_every_document_page_fragment_vector_and_record(
    pg_server: PgServer, profile: Workspace, firm: str
) -> None:
    with ServerWorkspace(pg_server.url(firm, "it_owner"), profile) as server:
        again = server.push()
        assert again.pushed == 0 and again.unchanged == 3 and again.deleted == 0
        counts = again.counts
    assert counts["documents"] == (3, 3)
    assert counts["fragments"][0] == counts["fragments"][1] > 10
    assert counts["vectors"] == counts["fragments"]
    assert counts["pages"][0] == counts["pages"][1] > 0


def test_a_changed_document_is_pushed_again_and_a_removed_one_deleted(
    pg_server: PgServer, tmp_path: Path
) -> None:
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    folder = tmp_path / "docs"
    write_text(folder, "a.txt", NDA_EN)
    write_text(folder, "b.txt", LEGEA_50_2020)
    with Workspace.open(tmp_path / "ws") as ws, ServerWorkspace(owner, ws) as server:
        ws.documents.ingest([folder], matter="M")
        assert server.push().pushed == 2
        write_text(folder, "a.txt", NDA_EN.replace("Delaware", "New York"))
        (folder / "b.txt").unlink()
        ws.documents.ingest([folder], matter="M")
        report = server.push()
        assert (report.pushed, report.unchanged) == (2, 0)  # a.txt changed, b.txt retired
        assert report.matches, report.as_json()
        found = server.search("governing law", matter="M", k=3)
    assert any("New York" in p.fragment.text for p in found)
    assert not any("Delaware" in p.fragment.text for p in found)


def test_a_lawyer_sees_only_the_matters_they_belong_to(
    pg_server: PgServer, profile: Workspace, firm: str
) -> None:
    with ServerWorkspace(pg_server.url(firm, "ana"), profile) as ana:
        assert [m.name for m in ana.matters.all()] == ["NDA"]
        assert [Path(d.path).name for d in ana.documents.all()] == ["nda.txt"]
        with pytest.raises(NotFoundError, match="may read"):
            ana.search("contract", matter="Contract RO")
        found = ana.search("confidentiality survive termination", matter="NDA", k=3)
        assert found and "five (5) years" in " ".join(p.fragment.text for p in found)


def test_raw_sql_under_a_lawyers_role_reads_no_row_of_another_matter(
    pg_server: PgServer, firm: str
) -> None:
    """Whatever query the client sends: row-level security, not LetaDesk, refuses."""
    with _as(pg_server, firm, "it_owner") as owner:
        nda = owner.execute("SELECT id FROM matters WHERE name = 'NDA'").fetchone()[0]  # type: ignore[index]
        held = owner.execute(
            "SELECT count(*) FROM fragments WHERE matter_id = %s", (nda,)
        ).fetchone()[0]  # type: ignore[index]
    assert held > 0
    with _as(pg_server, firm, "bogdan") as bogdan:
        found = bogdan.execute("SELECT text FROM fragments_by_ids(%s)", (list(range(1, 500)),))
        texts = [r[0] for r in found]
        assert texts and not any("Receiving Party" in t for t in texts)
        assert bogdan.execute("SELECT count(*) FROM visible_matters()").fetchone() == (1,)
        assert bogdan.execute(
            "SELECT count(*) FROM matter_documents(%s, NULL)", (nda,)
        ).fetchone() == (0,)
        for statement in (
            "SELECT count(*) FROM documents",
            "UPDATE fragments SET text = 'x'",
            "DELETE FROM documents",
            f"INSERT INTO matter_members(matter_id, member) VALUES ({nda}, 'bogdan')",
            "INSERT INTO audit(seq, id, created_at, record, prev_hash, hash) "
            "VALUES (999, 'x', 'x', '{}', 'x', 'x')",
            # the functions check membership themselves (they read as the owner)
            f"SELECT * FROM search_text({nda}, NULL, NULL, NULL, NULL, "
            "to_tsquery('simple', 'receiv'), to_tsquery('simple', 'receiv'), 5, NULL)",
            f"SELECT * FROM count_fragments({nda}, NULL, NULL, NULL, NULL)",
            f"SELECT * FROM append_record('x', {nda}, '{{}}')",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                bogdan.execute(statement)
    stranger = _as(pg_server, firm, "stranger")  # not a LetaDesk user at all
    with stranger, pytest.raises(psycopg.errors.InsufficientPrivilege):
        stranger.execute("SELECT count(*) FROM letadesk.fragments")


def test_only_an_admin_manages_members_and_set_role_does_not_cross_the_wall(
    pg_server: PgServer, profile: Workspace, firm: str
) -> None:
    ana = ServerWorkspace(pg_server.url(firm, "ana"), profile)
    with ana, pytest.raises(StoreError, match="letadesk_admin"):
        ana.matters.grant("NDA", "bogdan")
    with ServerWorkspace(pg_server.url(firm, "partner"), profile) as partner:
        assert sorted(m.name for m in partner.matters.all()) == ["Contract RO", "NDA"]
        assert partner.documents.all() == []  # an admin names matters, reads no document
        assert partner.matters.members("NDA") == ["ana"]
        assert partner.matters.grant("NDA", "bogdan") and not partner.matters.grant("NDA", "bogdan")
        with pytest.raises(ConfigError, match="letadesk_lawyer"):
            partner.matters.grant("NDA", "stranger")
        with ServerWorkspace(pg_server.url(firm, "bogdan"), profile) as bogdan:
            assert sorted(m.name for m in bogdan.matters.all()) == ["Contract RO", "NDA"]
        assert partner.matters.revoke("NDA", "bogdan") and not partner.matters.revoke(
            "NDA", "bogdan"
        )
    with _as(pg_server, firm, "bogdan") as bogdan:
        bogdan.execute("SET ROLE letadesk_lawyer")
        assert bogdan.execute("SELECT count(*) FROM visible_matters()").fetchone() == (1,)


def test_the_schema_is_versioned_and_initialising_twice_changes_nothing(
    pg_server: PgServer, profile: Workspace, firm: str
) -> None:
    owner = pg_server.url(firm, "it_owner")
    assert ServerWorkspace.initialise(owner) == schema.LATEST_VERSION
    with ServerWorkspace(owner, profile) as server:
        server.check()
        assert server.push().pushed == 0
    empty = pg_server.fresh_database()
    bare = ServerWorkspace(pg_server.url(empty, "it_owner"), profile)
    with bare, pytest.raises(StoreError, match="server init"):
        bare.check()


def test_a_connection_string_never_carries_a_password() -> None:
    with pytest.raises(ConfigError, match="pgpass"):
        checked_conninfo("postgresql://ana:s3cret@db.firm.local/letadesk")
    with pytest.raises(ConfigError, match="pgpass"):
        checked_conninfo("host=db.firm.local dbname=letadesk password=s3cret")
    with pytest.raises(ConfigError, match="not a PostgreSQL"):
        checked_conninfo("mysql://db/letadesk")
    assert checked_conninfo("postgresql://ana@db.firm.local/letadesk")["user"] == "ana"
    assert "s3cret" not in redacted("postgresql://ana:s3cret@db.firm.local/letadesk")


def test_an_unreachable_server_is_a_store_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot connect to the firm server"):
        connect(f"postgresql://ana@/letadesk?host={tmp_path}&connect_timeout=2")


def test_ingest_with_a_backend_stages_here_and_pushes_the_matter(
    pg_server: PgServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from letadesk.cli import main

    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    data = str(tmp_path / "staging")
    write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    assert main(["--data-dir", data, "--backend", owner, "server", "init"]) == 0
    argv = ["--data-dir", data, "--backend", owner, "ingest", str(tmp_path / "docs")]
    assert main([*argv, "--matter", "Precedents"]) == 0
    assert "pushed to local socket" in capsys.readouterr().out
    assert main([*argv, "--matter", "Precedents"]) == 0  # again: nothing to copy
    assert "0 documents copied, 1 unchanged" in capsys.readouterr().out
    with _as(pg_server, database, "it_owner") as conn:
        assert conn.execute("SELECT count(*) FROM documents").fetchone() == (1,)


def test_a_verb_without_a_server_form_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from letadesk.cli import main

    url = "postgresql://ana@db.firm.local/letadesk"
    assert main(["--data-dir", str(tmp_path / "p"), "--backend", url, "doctor"]) == 2
    assert "works on this computer's profile only" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path / "p"), "--backend", url, "matters", "grant", "M"]) == 2
    assert "expected MATTER ROLE" in capsys.readouterr().err


def test_the_server_copied_back_into_an_empty_profile_loses_nothing(
    pg_server: PgServer, profile: Workspace, firm: str, tmp_path: Path
) -> None:
    from letadesk.server.audit import ServerAuditTrail

    with _as(pg_server, firm, "ana") as ana:  # a record only the server has, naming ana
        nda = ana.execute("SELECT id FROM visible_matters() WHERE name = 'NDA'").fetchone()[0]  # type: ignore[index]
        ServerAuditTrail(ana).append({"question": "q?"}, audit_id="r1", matter_id=nda)
    with Workspace.open(tmp_path / "back") as back:
        with ServerWorkspace(pg_server.url(firm, "it_owner"), back) as server:
            report = server.pull()
        assert report.matches, report.as_json()
        assert report.counts["documents"] == (3, 3) and report.counts["audit records"][0] >= 1
        assert [m.name for m in back.matters.all()] == [m.name for m in profile.matters.all()]
        for theirs, mine in zip(profile.documents.all(), back.documents.all(), strict=True):
            assert (mine.path, mine.sha256, mine.status) == (
                theirs.path,
                theirs.sha256,
                theirs.status,
            )
            assert [f.text for f in back.documents.fragments(mine)] == [
                f.text for f in profile.documents.fragments(theirs)
            ]
        check = back.audit.check()
        assert check.intact, check.problems
        assert back.audit.entries()[0].record["asked_by"] == "ana"
        assert back.doctor().consistent
        query = "confidentiality survive termination"
        assert [p.fragment.text for p in back.search(query, matter="NDA", k=3)] == [
            p.fragment.text for p in profile.search(query, matter="NDA", k=3)
        ]
        again = ServerWorkspace(pg_server.url(firm, "it_owner"), back)
        with again, pytest.raises(StoreError, match="empty profile"):
            again.pull()


def test_a_search_ranks_the_fragments_of_the_rarer_terms_not_every_match(
    pg_server: PgServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every clause says "the agreement"; the question's rare words pick the candidates,
    and the common ones do not rank (ts_rank has no inverse document frequency)."""
    from letadesk.server import stats

    folder = tmp_path / "contracts"
    for i in range(30):
        clauses = [
            f"{n}. The agreement and the parties and the agreement, clause {i}-{n}."
            for n in range(1, 6)
        ]
        if i == 17:
            clauses.append(
                "6. The agreement may be terminated for convenience on thirty days notice."
            )
        write_text(folder, f"c{i:02}.txt", "SUPPLY AGREEMENT\n\n" + "\n\n".join(clauses) + "\n")
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    with Workspace.open(tmp_path / "ws") as ws, ServerWorkspace(owner, ws) as server:
        ws.documents.ingest([folder], matter="M")
        server.push()
        matter = int(server.matters.named("M").id)
        with _as(pg_server, database, "it_owner") as conn:
            planned = stats.plan(conn, matter, "the agreement may be terminated for convenience")
            assert planned is not None and not planned.fallback
            assert "'agreement'" not in planned.ranking and "'conveni'" in planned.candidates
            assert (
                conn.execute(
                    "SELECT fragments FROM matter_stats WHERE matter_id = %s", (matter,)
                ).fetchone()[0]
                > 150
            )  # type: ignore[index]
        found = server.search("Can the agreement be terminated for convenience?", matter="M", k=5)
        monkeypatch.setattr(stats, "CANDIDATE_BUDGET", 0)  # every term is now too common
        with _as(pg_server, database, "it_owner") as conn:
            narrow = stats.plan(conn, matter, "the agreement may be terminated for convenience")
        assert narrow is not None and " & " in narrow.candidates and narrow.fallback
        again = server.search("Can the agreement be terminated for convenience?", matter="M", k=5)
        with _as(pg_server, database, "it_owner") as conn:  # 150 fragments hold both words
            common = ServerIndexes(conn, None).search_lexical
            scope = SearchFilters(matter_id=MatterId(matter))
            monkeypatch.setattr(stats, "RANKED_MAX", 4)
            capped = common("Who are the parties to the agreement?", scope, 10)
            monkeypatch.setattr(stats, "RANKED_MAX", 1000)
            uncapped = common("Who are the parties to the agreement?", scope, 10)
    assert "terminated for convenience" in found[0].fragment.text
    assert again[0].fragment.id == found[0].fragment.id
    assert len(capped) == 4 and len(uncapped) == 10  # the ranked set is bounded


BLOCK_PSYCOPG = """
import builtins, sys
real = builtins.__import__
def guard(name, *args, **kwargs):
    if name.split(".")[0] == "psycopg":
        raise ImportError("no psycopg here", name="psycopg")
    return real(name, *args, **kwargs)
builtins.__import__ = guard
from letadesk.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_without_the_server_extra_the_cli_runs_and_backend_says_what_is_missing(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", BLOCK_PSYCOPG, "--data-dir", str(tmp_path / "p"), *argv],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    assert run("matters").returncode == 0
    missing = run("--backend", "postgresql://ana@db.firm.local/letadesk", "matters")
    assert missing.returncode == 2
    assert "letadesk[server]" in missing.stderr and "Traceback" not in missing.stderr
