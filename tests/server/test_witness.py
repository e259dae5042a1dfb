"""Each computer witnesses the last record it appended to the firm server's trail, so the
server's owner cannot cut the trail back, or rewrite and rehash its newest record, without
that computer's `audit --verify` saying so (the owner's own chain check cannot see it)."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus_factory import NDA_EN, write_text
from letadesk.server import audit, schema
from letadesk.server.connect import connect
from letadesk.server.witness import WITNESS_NAME
from letadesk.server.workspace import ServerWorkspace
from letadesk.store.audit_chain import canonical, content_digest, record_hash
from letadesk.workspace import Workspace
from pg_server import PgServer


@pytest.fixture
def firm(pg_server: PgServer, tmp_path: Path) -> Iterator[tuple[str, str, Path]]:
    """A server holding one matter that ana may read: (owner URL, ana's URL, the folder
    of ana's own, empty profile)."""
    write_text(tmp_path / "nda", "nda.txt", NDA_EN)
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    assert ServerWorkspace.initialise(owner) == schema.LATEST_VERSION
    with Workspace.open(tmp_path / "it") as it, ServerWorkspace(owner, it) as server:
        it.documents.ingest([tmp_path / "nda"], matter="NDA")
        assert server.push().matches
        with ServerWorkspace(pg_server.url(database, "partner"), it) as partner:
            assert partner.matters.grant("NDA", "ana")
    yield owner, pg_server.url(database, "ana"), tmp_path / "ana"


def _ask_twice(ana_url: str, ana_profile: Path) -> tuple[str, str]:
    """Two records appended by ana from her computer, as `ask` appends them; their ids."""
    with (
        Workspace.open(ana_profile) as local,
        ServerWorkspace(ana_url, local) as ana,
        connect(ana_url, autocommit=True) as conn,
    ):
        matter = int(ana.matters.named("NDA").id)
        trail = audit.ServerAuditTrail(conn, ana.witness)
        for audit_id in ("q-1", "q-2"):
            trail.append({"question": audit_id, "final": {}}, audit_id=audit_id, matter_id=matter)
    return "q-1", "q-2"


def _verify(url: str, profile: Path) -> tuple[bool, list[str], list[str]]:
    with Workspace.open(profile) as local, ServerWorkspace(url, local) as server:
        report = server.audit.check()
    return report.intact, report.checked, report.problems


def test_the_witness_is_the_last_record_and_a_lawyer_can_verify_it(
    firm: tuple[str, str, Path],
) -> None:
    _owner, ana_url, ana_profile = firm
    _ask_twice(ana_url, ana_profile)
    path = ana_profile / WITNESS_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    (entry,) = json.loads(path.read_text(encoding="utf-8")).values()
    assert entry["audit_id"] == "q-2"
    intact, checked, problems = _verify(ana_url, ana_profile)
    assert intact and not problems
    assert any("(q-2," in c and "unchanged" in c for c in checked)


def test_a_trail_cut_back_by_the_owner_is_seen_by_the_computer_that_wrote_it(
    firm: tuple[str, str, Path], tmp_path: Path
) -> None:
    owner, ana_url, ana_profile = firm
    _ask_twice(ana_url, ana_profile)
    with connect(owner, autocommit=True) as conn:
        conn.execute("DELETE FROM audit WHERE id = 'q-2'")
    # the owner's chain check cannot tell: the rest of the chain is whole
    intact, _, problems = _verify(owner, tmp_path / "it")
    assert intact, problems
    intact, _, problems = _verify(ana_url, ana_profile)
    assert not intact
    assert problems and "q-2" in problems[0] and "gone from the server" in problems[0]


def test_a_newest_record_rewritten_and_rehashed_is_seen_too(
    firm: tuple[str, str, Path], tmp_path: Path
) -> None:
    owner, ana_url, ana_profile = firm
    _ask_twice(ana_url, ana_profile)
    with connect(owner, autocommit=True) as conn:
        row = conn.execute(
            "SELECT seq, created_at, matter_id, record, prev_hash, asked_by FROM audit "
            "WHERE id = 'q-2'"
        ).fetchone()
        assert row is not None
        seq, created, matter, text, prev, asked_by = row
        body = {**json.loads(text), "question": "something ana never asked"}
        digest = content_digest("q-2", body)
        forged = record_hash(seq, "q-2", created, matter, prev, digest, asked_by)
        conn.execute(
            "UPDATE audit SET record = %s, hash = %s WHERE id = 'q-2'", (canonical(body), forged)
        )
    intact, _, problems = _verify(owner, tmp_path / "it")
    assert intact, problems  # a consistent forgery: the chain verifies
    intact, _, problems = _verify(ana_url, ana_profile)
    assert not intact and "has another position or hash" in problems[0]


def test_a_lawyer_who_never_asked_here_is_told_the_owner_checks_the_chain(
    firm: tuple[str, str, Path],
) -> None:
    _owner, ana_url, ana_profile = firm
    intact, checked, problems = _verify(ana_url, ana_profile)
    assert not intact and not checked
    assert "checked by the server's owner" in problems[0]


def test_a_record_edited_under_its_kept_hash_is_seen(
    firm: tuple[str, str, Path], tmp_path: Path
) -> None:
    """The owner changes what ana's last record says and leaves its hash: the witness
    recomputes the hash from the content, so ana's verify is no longer "unchanged"."""
    owner, ana_url, ana_profile = firm
    _ask_twice(ana_url, ana_profile)
    with connect(owner, autocommit=True) as conn:
        conn.execute(
            'UPDATE audit SET record = replace(record, \'"question":"q-2"\', '
            '\'"question":"Delaware"\') '
            "WHERE id = 'q-2'"
        )
        edited = conn.execute("SELECT record FROM audit WHERE id = 'q-2'").fetchone()
    assert edited is not None and "Delaware" in edited[0]
    intact, checked, problems = _verify(ana_url, ana_profile)
    assert not intact and not any("unchanged" in c and not problems for c in checked)
    assert "no longer matches its hash" in problems[0]
