"""The audit trail: one hash-chained record per question, anchored by a keyed head.

The records live in table ``audit``; the head (the record count, the last record's
seq and hash, its HMAC) in ``audit_head``. What each hash covers is
:mod:`letadesk.store.audit_chain`; the key, kept *outside* the database, is
:mod:`letadesk.store.audit_key`; checking the whole trail is
:mod:`letadesk.store.audit_check`.

A chain alone can be truncated or recomputed from scratch by anyone who can write
the database. The head, authenticated under the key, makes deleting the newest
records, deleting them all, or recomputing the chain without the key visible. Each
append extends the head it finds, so a truncation stays visible after later
questions.

Purging a matter replaces the text fields of its records by their field hashes
(``purged:sha256:…``): the content digest, hence the chain, still verifies, and
the text is gone.

No document text or question is written to ordinary log files; it lives here only.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import apsw

from letadesk.errors import StoreError
from letadesk.store.audit_chain import (
    GENESIS,
    PURGED_PREFIX,
    ChainRow,
    Head,
    canonical,
    content_digest,
    field_hash,
    legacy_chain,
    record_hash,
)
from letadesk.store.audit_key import ensure_key, key_path, load_key
from letadesk.store.transaction import transaction

# Fields of a record kept verbatim when its matter is purged: ids, dates, versions,
# scores and timings, none of them client text.
PURGE_KEEPS = frozenset(
    {
        "id",
        "created_at",
        "as_of",
        "model",
        "prompt_version",
        "schema_version",
        "retrieved",
        "relevance",
        "across",
        "stages",
    }
)


def new_audit_id() -> str:
    return uuid.uuid4().hex


# ---- the head --------------------------------------------------------------------------


def read_head(conn: apsw.Connection) -> Head | None:
    """The stored head; None when there is none (a new trail, or it was deleted)."""
    r = conn.execute(
        "SELECT count, last_seq, last_hash, mac, anchored_at, anchored_note "
        "FROM audit_head WHERE id = 1"
    ).fetchone()
    return Head(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5])) if r else None


def _write_head(conn: apsw.Connection, head: Head) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO audit_head(id, count, last_seq, last_hash, mac, "
        "anchored_at, anchored_note) VALUES (1, ?, ?, ?, ?, ?, ?)",
        (head.count, head.last_seq, head.last_hash, head.mac, head.anchored_at, head.anchored_note),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def anchor(conn: apsw.Connection, key_file: Path | None) -> int:
    """Schema step 4, inside its transaction: re-hash every existing record under the
    current scheme (once; the old chain is checked first and what was found is kept in
    the head's note) and write the first keyed head. Returns the records re-anchored."""
    rows = [
        (int(r[0]), str(r[1]), str(r[2]), r[3], str(r[4]), str(r[5]), str(r[6]))
        for r in conn.execute(
            "SELECT seq, id, created_at, matter_id, record, prev_hash, hash FROM audit ORDER BY seq"
        )
    ]
    broken, prev = 0, GENESIS
    for _seq, _id, _created, _matter, record, prev_hash, digest in rows:
        broken += prev_hash != prev or legacy_chain(prev_hash, record) != digest
        prev = digest
    prev = GENESIS
    for seq, audit_id, created, matter_id, record, _p, _h in rows:
        digest = record_hash(
            seq, audit_id, created, matter_id, prev, content_digest(audit_id, json.loads(record))
        )
        conn.execute("UPDATE audit SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, seq))
        prev = digest
    note = (
        ""
        if not rows
        else (
            f"{len(rows)} records of the earlier format re-anchored; the earlier chain was "
            + ("intact" if not broken else f"BROKEN at {broken} records before re-anchoring")
        )
    )
    key = ensure_key(key_file) if key_file is not None else None
    _write_head(
        conn, Head(len(rows), rows[-1][0] if rows else 0, prev, "", _now(), note).signed(key)
    )
    return len(rows)


# ---- writing ---------------------------------------------------------------------------


def append(
    conn: apsw.Connection, record: dict[str, Any], *, audit_id: str, matter_id: int | None
) -> str:
    """Append a record (its ``id`` and ``created_at`` are added); returns its hash.

    The record extends the head (count and last hash) as stored: after a truncation
    the new record does not link to what remains, so the gap stays visible. A head
    that is not authentic (or a missing key) leaves the new head unsigned."""
    created = _now()
    body = {**record, "id": audit_id, "created_at": created}
    text = canonical(body)
    content = content_digest(audit_id, body)
    key = load_key(key_path(conn))
    with transaction(conn):
        head = read_head(conn)
        last = conn.execute("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1").fetchone()
        seq = max(int(last[0]) if last else 0, head.last_seq if head else 0) + 1
        prev = head.last_hash if head else (str(last[1]) if last else GENESIS)
        digest = record_hash(seq, audit_id, created, matter_id, prev, content)
        conn.execute(
            "INSERT INTO audit(seq, id, created_at, matter_id, record, prev_hash, hash) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (seq, audit_id, created, matter_id, text, prev, digest),
        )
        trusted = head is not None and head.authentic(key)
        new = Head(
            (head.count if head else 0) + 1,
            seq,
            digest,
            "",
            head.anchored_at if head else created,
            head.anchored_note if head else "",
        )
        _write_head(conn, new.signed(key if trusted else None))
    return digest


class SqliteAuditTrail:
    """The :class:`~letadesk.ports.AuditTrail` of an embedded profile: :func:`append`,
    under ids it mints (:func:`new_audit_id`)."""

    def __init__(self, conn: apsw.Connection) -> None:
        self._conn = conn

    def new_id(self) -> str:
        return new_audit_id()

    def append(
        self, record: dict[str, Any], *, audit_id: str | None = None, matter_id: int | None
    ) -> str:
        return append(self._conn, record, audit_id=audit_id or new_audit_id(), matter_id=matter_id)


def purge_matter(conn: apsw.Connection, matter_id: int) -> int:
    """Replace the text of the matter's records by field hashes (see the module notes);
    the chain still verifies. Runs in the caller's transaction. Returns the records
    purged."""
    count = 0
    rows = conn.execute(
        "SELECT seq, id, record FROM audit WHERE matter_id = ?", (matter_id,)
    ).fetchall()
    for seq, audit_id, text in rows:
        body = json.loads(str(text))
        redacted = {
            k: v
            if k in PURGE_KEEPS
            else PURGED_PREFIX + field_hash(str(audit_id), k, v, purged=True)
            for k, v in body.items()
        }
        conn.execute(
            "UPDATE audit SET record = ?, purged_at = coalesce(purged_at, ?) WHERE seq = ?",
            (canonical(redacted), _now(), seq),
        )
        count += 1
    return count


# ---- reading ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuditEntry:
    seq: int
    id: str
    created_at: str
    matter_id: int | None
    record: dict[str, Any]
    hash: str
    purged: bool = False


_ENTRY_COLUMNS = "seq, id, created_at, matter_id, record, hash, purged_at IS NOT NULL, asked_by"


def entry_from_row(r: Any) -> AuditEntry:
    """A record; one copied from the firm server names who asked (``asked_by``)."""
    record = json.loads(r[4])
    if r[7] is not None:
        record = {**record, "asked_by": str(r[7])}
    return AuditEntry(int(r[0]), r[1], r[2], r[3], record, r[5], bool(r[6]))


def entries(
    conn: apsw.Connection, *, matter_id: int | None = None, limit: int | None = None
) -> list[AuditEntry]:
    where = "WHERE matter_id = ?" if matter_id is not None else ""
    args: list[Any] = [matter_id] if matter_id is not None else []
    tail = f"LIMIT {int(limit)}" if limit else ""
    rows = conn.execute(
        f"SELECT {_ENTRY_COLUMNS} FROM audit {where} ORDER BY seq DESC {tail}", args
    )
    return [entry_from_row(r) for r in rows]


def entry(conn: apsw.Connection, audit_id: str) -> AuditEntry | None:
    r = conn.execute(f"SELECT {_ENTRY_COLUMNS} FROM audit WHERE id = ?", (audit_id,)).fetchone()
    return entry_from_row(r) if r else None


# ---- the chain as stored -----------------------------------------------------------------


def chain_rows(conn: apsw.Connection) -> Iterator[ChainRow]:
    """Every record, in seq order."""
    for r in conn.execute(
        "SELECT seq, id, created_at, matter_id, record, prev_hash, hash, "
        "purged_at IS NOT NULL, asked_by FROM audit ORDER BY seq"
    ):
        yield ChainRow.of(r)


def import_rows(conn: apsw.Connection, rows: list[ChainRow], key_file: Path | None) -> int:
    """Copy another trail's records (the firm server's) into this empty one, hashes and
    ``asked_by`` as they are, and anchor a keyed head on its last record; the count.
    Inside the caller's transaction."""
    if conn.execute("SELECT count(*) FROM audit").fetchone() != (0,):
        raise StoreError("the profile's audit trail is not empty: records are not merged")
    conn.executemany(
        "INSERT INTO audit(seq, id, created_at, matter_id, record, prev_hash, hash, "
        "purged_at, asked_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                r.seq,
                r.audit_id,
                r.created_at,
                r.matter_id,
                r.record,
                r.prev_hash,
                r.hash,
                _now() if r.purged else None,
                r.asked_by,
            )
            for r in rows
        ],
    )
    key = ensure_key(key_file) if key_file is not None else None
    last = rows[-1] if rows else None
    note = f"{len(rows)} records copied from the firm server" if rows else ""
    head = Head(
        len(rows), last.seq if last else 0, last.hash if last else GENESIS, "", _now(), note
    )
    _write_head(conn, head.signed(key))
    return len(rows)


def export_rows(rows: Iterable[ChainRow], target: Path) -> int:
    """Write every record with its chain hashes as JSON lines; returns the count."""
    count = 0
    with target.open("w", encoding="utf-8") as fh:
        for row in rows:
            line = {
                "seq": row.seq,
                "id": row.audit_id,
                "created_at": row.created_at,
                "matter_id": row.matter_id,
                "record": json.loads(row.record),
                "prev_hash": row.prev_hash,
                "hash": row.hash,
                "purged": row.purged,
            }
            if row.asked_by is not None:
                line["asked_by"] = row.asked_by
            fh.write(canonical(line) + "\n")
            count += 1
    return count


def export(conn: apsw.Connection, target: Path) -> int:
    """Write every record with its chain hashes as JSON lines; returns the count."""
    return export_rows(chain_rows(conn), target)
