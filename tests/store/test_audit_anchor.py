"""The audit trail is anchored: every field shown is hashed, and a head keyed outside
the database makes truncation and recomputation detectable (issue 15)."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import apsw
import pytest

from letadesk.errors import StoreError
from letadesk.store import audit, audit_chain, audit_check
from letadesk.store.database import open_database, schema_version
from letadesk.store.schema import LATEST_VERSION, MIGRATIONS


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[apsw.Connection]:
    c = open_database(tmp_path / "letadesk.sqlite3")
    for i, matter in enumerate([1, 1, 2, 1]):
        audit.append(
            c,
            {
                "question": f"Question {i} about clause {i}?",
                "matter": f"M{matter}",
                "final": {"disposition": "answered", "claims": [f"claim {i}"]},
            },
            audit_id=audit.new_audit_id(),
            matter_id=matter,
        )
    yield c
    c.close()


def _problems(conn: apsw.Connection) -> list[str]:
    report = audit_check.check(conn)
    assert report.intact == (not report.problems)
    return report.problems


def test_an_untampered_trail_passes_and_says_what_was_checked(conn: apsw.Connection) -> None:
    report = audit_check.check(conn)
    assert report.intact, report.problems
    assert report.records == 4
    said = " ".join(report.checked)
    assert "4 records" in said and "count" in said and "head" in said and "audit.key" in said


def test_the_key_lives_outside_the_database_and_is_private(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    key = tmp_path / "audit.key"
    assert key.is_file() and stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_text().strip()) == 64
    db = (tmp_path / "letadesk.sqlite3").read_bytes()
    assert key.read_text().strip().encode() not in db


def test_deleting_the_newest_record_is_detected(conn: apsw.Connection) -> None:
    conn.execute("DELETE FROM audit WHERE seq = (SELECT max(seq) FROM audit)")
    problems = _problems(conn)
    assert any("4 records expected, 3 found" in p for p in problems)


def test_deleting_every_record_is_detected(conn: apsw.Connection) -> None:
    conn.execute("DELETE FROM audit")
    assert any("expected, 0 found" in p for p in _problems(conn))


def test_deleting_the_head_too_is_detected(conn: apsw.Connection) -> None:
    conn.execute("DELETE FROM audit")
    conn.execute("DELETE FROM audit_head")
    assert any("head missing" in p for p in _problems(conn))


def test_a_truncation_stays_detected_after_later_questions(conn: apsw.Connection) -> None:
    conn.execute("DELETE FROM audit WHERE seq = (SELECT max(seq) FROM audit)")
    audit.append(conn, {"question": "later"}, audit_id=audit.new_audit_id(), matter_id=1)
    assert any("chain broken" in p for p in _problems(conn))


def test_recomputing_the_whole_chain_without_the_key_is_detected(conn: apsw.Connection) -> None:
    """The attacker knows the algorithm: edits a question, re-hashes every record and
    rewrites the head's count and last hash; only the HMAC gives it away."""
    prev = audit_chain.GENESIS
    rows = conn.execute(
        "SELECT seq, id, created_at, matter_id, record FROM audit ORDER BY seq"
    ).fetchall()
    for seq, audit_id, created, matter_id, text in rows:
        body = json.loads(text)
        body["question"] = "a different question"
        digest = audit_chain.record_hash(
            seq, audit_id, created, matter_id, prev, audit_chain.content_digest(audit_id, body)
        )
        conn.execute(
            "UPDATE audit SET record = ?, prev_hash = ?, hash = ? WHERE seq = ?",
            (audit_chain.canonical(body), prev, digest, seq),
        )
        prev = digest
    conn.execute("UPDATE audit_head SET last_hash = ?", (prev,))
    problems = _problems(conn)
    assert problems == [
        "head: its HMAC does not match the key (the head was rewritten "
        "without the key, or the key was missing when a record was added)"
    ]


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("created_at", "'2001-01-01T00:00:00.000+00:00'"),
        ("id", "'0123456789abcdef0123456789abcdef'"),
        ("matter_id", "2"),
    ],
)
def test_editing_a_shown_column_is_detected(conn: apsw.Connection, column: str, value: str) -> None:
    conn.execute(f"UPDATE audit SET {column} = {value} WHERE seq = 2")
    assert any(p.startswith("record 2 ") for p in _problems(conn))


def test_editing_a_field_of_the_record_is_detected(conn: apsw.Connection) -> None:
    conn.execute("UPDATE audit SET record = replace(record, 'claim 1', 'claim X') WHERE seq = 2")
    assert any("record 2 " in p and "does not match its hash" in p for p in _problems(conn))


def test_a_missing_key_fails_the_check_and_names_the_key(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    (tmp_path / "audit.key").unlink()
    problems = _problems(conn)
    assert any(p.startswith("key: no usable audit key at ") and "audit.key" in p for p in problems)
    audit.append(conn, {"question": "q"}, audit_id=audit.new_audit_id(), matter_id=1)
    assert not (tmp_path / "audit.key").exists(), "appending never makes a new key"


def test_a_head_rewritten_without_the_key_is_not_laundered_by_an_append(
    conn: apsw.Connection,
) -> None:
    conn.execute("UPDATE audit_head SET count = count - 1")
    audit.append(conn, {"question": "q"}, audit_id=audit.new_audit_id(), matter_id=1)
    assert any("HMAC" in p for p in _problems(conn))


def test_purging_text_keeps_the_chain_verifiable(conn: apsw.Connection) -> None:
    assert audit.purge_matter(conn, 1) == 3
    assert audit_check.check(conn).intact, audit_check.check(conn).problems
    for e in audit.entries(conn, matter_id=1):
        assert e.purged and e.record["question"].startswith(audit_chain.PURGED_PREFIX)
        assert "Question" not in json.dumps(e.record)
    untouched = audit.entries(conn, matter_id=2)[0]
    assert not untouched.purged and untouched.record["question"] == "Question 2 about clause 2?"
    conn.execute("UPDATE audit SET created_at = 'x' WHERE matter_id = 1 AND seq = 1")
    assert any(p.startswith("record 1 ") for p in _problems(conn)), "purged records still count"


def _v3_profile(path: Path, records: list[dict[str, object]]) -> None:
    """A database as LetaDesk wrote it before schema 4 (the old chain: record JSON only)."""
    raw = apsw.Connection(str(path))
    for version, sql in enumerate(MIGRATIONS[:3], start=1):
        raw.execute(sql)
        raw.execute(f"PRAGMA user_version={version}")
    prev = audit_chain.GENESIS
    for i, record in enumerate(records):
        body = {**record, "id": f"id{i}", "created_at": f"2024-01-0{i + 1}T00:00:00.000+00:00"}
        text = audit_chain.canonical(body)
        digest = audit_chain.legacy_chain(prev, text)
        raw.execute(
            "INSERT INTO audit(id, created_at, matter_id, record, prev_hash, hash) "
            "VALUES (?, ?, 1, ?, ?, ?)",
            (body["id"], body["created_at"], text, prev, digest),
        )
        prev = digest
    raw.close()


def test_an_older_profile_is_re_anchored_once(tmp_path: Path) -> None:
    path = tmp_path / "letadesk.sqlite3"
    _v3_profile(path, [{"question": "one"}, {"question": "two"}])
    conn = open_database(path, backups=tmp_path / "backups")
    assert schema_version(conn) == LATEST_VERSION
    report = audit_check.check(conn)
    assert report.intact, report.problems
    assert report.records == 2
    assert report.note.startswith("2 records of the earlier format re-anchored")
    assert "intact" in report.note
    conn.execute("DELETE FROM audit WHERE seq = 2")
    assert not audit_check.check(conn).intact
    conn.close()


def test_a_broken_older_chain_is_reported_when_re_anchored(tmp_path: Path) -> None:
    path = tmp_path / "letadesk.sqlite3"
    _v3_profile(path, [{"question": "one"}, {"question": "two"}])
    raw = apsw.Connection(str(path))
    raw.execute("UPDATE audit SET record = replace(record, 'two', 'TWO')")
    raw.close()
    conn = open_database(path)
    assert "BROKEN at 1 records" in audit_check.check(conn).note
    conn.close()


def _downgrade(path: Path) -> None:
    """The red team's forgery without the key: set the schema back to 4, drop the head,
    the newer table and columns, edit a record and re-chain every record in the old format
    (record JSON only), which needs no key."""
    raw = apsw.Connection(str(path))
    raw.execute("DROP TABLE audit_head")
    raw.execute("DROP TABLE review_cells")
    for column in ("asked_by", "purged_at"):
        raw.execute(f"ALTER TABLE audit DROP COLUMN {column}")
    prev = audit_chain.GENESIS
    rows = list(raw.execute("SELECT seq, record FROM audit ORDER BY seq"))
    for seq, record in rows:
        body = json.loads(record)
        body["question"] = str(body.get("question", "")).replace("clause", "Delaware clause")
        text = audit_chain.canonical(body)
        digest = audit_chain.legacy_chain(prev, text)
        raw.execute(
            "UPDATE audit SET record = ?, prev_hash = ?, hash = ? WHERE seq = ?",
            (text, prev, digest, seq),
        )
        prev = digest
    raw.execute("PRAGMA user_version=4")
    raw.close()


def test_a_downgraded_trail_is_never_re_anchored_under_the_existing_key(tmp_path: Path) -> None:
    path = tmp_path / "letadesk.sqlite3"
    c = open_database(path)
    for i in range(3):
        audit.append(c, {"question": f"q {i} clause?"}, audit_id=audit.new_audit_id(), matter_id=1)
    c.close()
    assert (tmp_path / "audit.key").is_file()
    _downgrade(path)
    with pytest.raises(StoreError, match="cannot be verified against the key"):
        open_database(path, backups=tmp_path / "backups")
    raw = apsw.Connection(str(path))  # untouched: still the forged version 4, no head
    assert schema_version(raw) == 4
    assert not list(raw.execute("SELECT name FROM sqlite_master WHERE name = 'audit_head'"))
    raw.close()


def test_an_older_profile_without_a_key_still_migrates(tmp_path: Path) -> None:
    """The refusal needs the key: a genuine profile from before the key re-anchors once."""
    path = tmp_path / "letadesk.sqlite3"
    _v3_profile(path, [{"question": "one"}])
    assert not (tmp_path / "audit.key").exists()
    conn = open_database(path)
    assert audit_check.check(conn).intact
    conn.close()
