"""The audit trail: one hash-chained record per question.

Each record's hash is SHA-256 over the previous hash and the record's canonical
JSON, so editing, removing or reordering any record breaks the chain.
No document text or question is written to ordinary log files; it lives here only.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import apsw

from letadesk.store.database import transaction

GENESIS = "0" * 64


def _canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      default=str)


def _chain(prev_hash: str, record_json: str) -> str:
    return hashlib.sha256((prev_hash + record_json).encode("utf-8")).hexdigest()


def new_audit_id() -> str:
    return uuid.uuid4().hex


def append(conn: apsw.Connection, record: dict[str, Any], *, audit_id: str,
           matter_id: int | None) -> str:
    """Append a record (its ``id`` and ``created_at`` are added); returns its hash."""
    created = datetime.now(UTC).isoformat(timespec="milliseconds")
    body = {**record, "id": audit_id, "created_at": created}
    text = _canonical(body)
    with transaction(conn):
        row = conn.execute("SELECT hash FROM audit ORDER BY seq DESC LIMIT 1").fetchone()
        prev = str(row[0]) if row else GENESIS
        digest = _chain(prev, text)
        conn.execute(
            "INSERT INTO audit(id, created_at, matter_id, record, prev_hash, hash) "
            "VALUES (?, ?, ?, ?, ?, ?)", (audit_id, created, matter_id, text, prev, digest))
    return digest


@dataclass(frozen=True, slots=True)
class AuditEntry:
    seq: int
    id: str
    created_at: str
    matter_id: int | None
    record: dict[str, Any]
    hash: str


def entries(conn: apsw.Connection, *, matter_id: int | None = None,
            limit: int | None = None) -> list[AuditEntry]:
    where = "WHERE matter_id = ?" if matter_id is not None else ""
    args: list[Any] = [matter_id] if matter_id is not None else []
    tail = f"LIMIT {int(limit)}" if limit else ""
    rows = conn.execute(
        f"SELECT seq, id, created_at, matter_id, record, hash FROM audit {where} "
        f"ORDER BY seq DESC {tail}", args)
    return [AuditEntry(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]


def entry(conn: apsw.Connection, audit_id: str) -> AuditEntry | None:
    r = conn.execute("SELECT seq, id, created_at, matter_id, record, hash FROM audit "
                     "WHERE id = ?", (audit_id,)).fetchone()
    return AuditEntry(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) if r else None


def verify(conn: apsw.Connection) -> tuple[bool, list[str]]:
    """Recompute the whole chain; returns (intact, problems)."""
    problems: list[str] = []
    prev = GENESIS
    for seq, audit_id, record, prev_hash, digest in _all(conn):
        if prev_hash != prev:
            problems.append(f"record {seq} ({audit_id}): chain broken (a record before it "
                            "was removed, reordered or altered)")
        if _chain(prev_hash, record) != digest:
            problems.append(f"record {seq} ({audit_id}): content does not match its hash")
        prev = digest
    return not problems, problems


def _all(conn: apsw.Connection) -> Iterator[tuple[int, str, str, str, str]]:
    for r in conn.execute("SELECT seq, id, record, prev_hash, hash FROM audit ORDER BY seq"):
        yield int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4])


def export(conn: apsw.Connection, target: Path) -> int:
    """Write every record with its chain hashes as JSON lines; returns the count."""
    count = 0
    with target.open("w", encoding="utf-8") as fh:
        for seq, audit_id, record, prev_hash, digest in _all(conn):
            fh.write(_canonical({"seq": seq, "id": audit_id, "record": json.loads(record),
                                 "prev_hash": prev_hash, "hash": digest}) + "\n")
            count += 1
    return count
