"""The embedded audit trail mints the ids of its records (store.audit.SqliteAuditTrail):
an answer names its record before the record is written, and a search or a draft check
leaves the id to the trail."""

from __future__ import annotations

import re
from pathlib import Path

from letadesk.store import audit, audit_check
from letadesk.store.database import open_database


def test_the_trail_mints_each_records_id(tmp_path: Path) -> None:
    conn = open_database(tmp_path / "letadesk.sqlite3")
    try:
        trail = audit.SqliteAuditTrail(conn)
        minted = [trail.new_id() for _ in range(50)]
        assert len(set(minted)) == 50
        assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in minted)
        trail.append({"question": "named before it was written"}, audit_id=minted[0], matter_id=1)
        trail.append({"event": "search", "question": "q"}, matter_id=1)  # the trail names it
        newest, first = audit.entries(conn)
        assert first.id == minted[0] and first.record["id"] == minted[0]
        assert re.fullmatch(r"[0-9a-f]{32}", newest.id) and newest.id not in minted
        assert newest.record["id"] == newest.id
        assert audit_check.check(conn).intact
    finally:
        conn.close()
