"""The audit trail: one hash-chained record per question, anchored by a keyed head.

What is hashed (every field shown by ``letadesk audit``, the window and the export):

* each top-level field of a record's JSON is hashed on its own (salted with the
  record's random id), and the record's *content digest* is SHA-256 over those
  field hashes;
* the record hash is SHA-256 over its ``seq``, ``id``, ``created_at``,
  ``matter_id``, the previous record's hash and the content digest. Editing,
  removing or reordering any record, or any of those columns, breaks the chain.

A chain alone can be truncated or recomputed from scratch by anyone who can write
the database. The **head** (table ``audit_head``: the record count, the last
record's seq and hash) is authenticated by an HMAC-SHA256 under a key kept
*outside* the database, in the profile's ``audit.key`` file (0600): deleting the
newest records, deleting them all, or recomputing the chain without the key no
longer matches the head. Each append extends the head it finds, so a truncation
stays visible after later questions.

Purging a matter replaces the text fields of its records by their field hashes
(``purged:sha256:…``): the content digest, hence the chain, still verifies, and
the text is gone.

No document text or question is written to ordinary log files; it lives here only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import apsw

from letadesk.config import AUDIT_KEY_NAME
from letadesk.store.transaction import transaction

GENESIS = "0" * 64
PURGED_PREFIX = "purged:sha256:"
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


def _canonical(record: Any) -> str:
    return json.dumps(
        record, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str
    )


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _field_hash(audit_id: str, name: str, value: Any, *, purged: bool) -> str:
    if purged and isinstance(value, str) and value.startswith(PURGED_PREFIX):
        return value[len(PURGED_PREFIX) :]
    return _sha(_canonical([audit_id, name, value]))


def _content_digest(audit_id: str, body: dict[str, Any], *, purged: bool = False) -> str:
    return _sha(
        _canonical({k: _field_hash(audit_id, k, v, purged=purged) for k, v in body.items()})
    )


def _record_hash(
    seq: int, audit_id: str, created_at: str, matter_id: int | None, prev_hash: str, content: str
) -> str:
    return _sha(
        _canonical(
            {
                "seq": seq,
                "id": audit_id,
                "created_at": created_at,
                "matter_id": matter_id,
                "prev": prev_hash,
                "content": content,
            }
        )
    )


def _legacy_chain(prev_hash: str, record_json: str) -> str:
    """The record hash of schema versions before 4 (record JSON only)."""
    return hashlib.sha256((prev_hash + record_json).encode("utf-8")).hexdigest()


def new_audit_id() -> str:
    return uuid.uuid4().hex


# ---- the key ---------------------------------------------------------------------------


def key_path(conn: apsw.Connection) -> Path | None:
    """Where the audit key of ``conn``'s database lives (beside it, in the profile
    folder); None for an in-memory database."""
    name = conn.filename
    return Path(name).parent / AUDIT_KEY_NAME if name else None


def load_key(path: Path | None) -> bytes | None:
    """The key in ``path``; None when there is none or it is not a key."""
    if path is None:
        return None
    try:
        text = path.read_text(encoding="ascii").strip()
        return bytes.fromhex(text) if len(text) == 64 else None
    except (OSError, ValueError):
        return None


def ensure_key(path: Path) -> bytes | None:
    """The key in ``path``, created (0600, 256 random bits) when the file is absent."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another process may be writing it this instant
            if (key := load_key(path)) is not None:
                return key
            time.sleep(0.02)
        return None
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(secrets.token_hex(32) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    return load_key(path)


# ---- the head --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Head:
    count: int
    last_seq: int
    last_hash: str
    mac: str
    anchored_at: str
    anchored_note: str

    def payload(self) -> bytes:
        return _canonical(
            {
                "count": self.count,
                "last_seq": self.last_seq,
                "last_hash": self.last_hash,
                "anchored_at": self.anchored_at,
                "anchored_note": self.anchored_note,
            }
        ).encode("utf-8")

    def signed(self, key: bytes | None) -> Head:
        mac = hmac.new(key, self.payload(), hashlib.sha256).hexdigest() if key else ""
        return Head(
            self.count, self.last_seq, self.last_hash, mac, self.anchored_at, self.anchored_note
        )

    def authentic(self, key: bytes | None) -> bool:
        return bool(key) and bool(self.mac) and hmac.compare_digest(self.mac, self.signed(key).mac)


def _head(conn: apsw.Connection) -> Head | None:
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
        broken += prev_hash != prev or _legacy_chain(prev_hash, record) != digest
        prev = digest
    prev = GENESIS
    for seq, audit_id, created, matter_id, record, _p, _h in rows:
        digest = _record_hash(
            seq, audit_id, created, matter_id, prev, _content_digest(audit_id, json.loads(record))
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
    text = _canonical(body)
    content = _content_digest(audit_id, body)
    key = load_key(key_path(conn))
    with transaction(conn):
        head = _head(conn)
        last = conn.execute("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1").fetchone()
        seq = max(int(last[0]) if last else 0, head.last_seq if head else 0) + 1
        prev = head.last_hash if head else (str(last[1]) if last else GENESIS)
        digest = _record_hash(seq, audit_id, created, matter_id, prev, content)
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
            else PURGED_PREFIX + _field_hash(str(audit_id), k, v, purged=True)
            for k, v in body.items()
        }
        conn.execute(
            "UPDATE audit SET record = ?, purged_at = coalesce(purged_at, ?) WHERE seq = ?",
            (_canonical(redacted), _now(), seq),
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


_ENTRY_COLUMNS = "seq, id, created_at, matter_id, record, hash, purged_at IS NOT NULL"


def _entry(r: Any) -> AuditEntry:
    return AuditEntry(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], bool(r[6]))


def entries(
    conn: apsw.Connection, *, matter_id: int | None = None, limit: int | None = None
) -> list[AuditEntry]:
    where = "WHERE matter_id = ?" if matter_id is not None else ""
    args: list[Any] = [matter_id] if matter_id is not None else []
    tail = f"LIMIT {int(limit)}" if limit else ""
    rows = conn.execute(
        f"SELECT {_ENTRY_COLUMNS} FROM audit {where} ORDER BY seq DESC {tail}", args
    )
    return [_entry(r) for r in rows]


def entry(conn: apsw.Connection, audit_id: str) -> AuditEntry | None:
    r = conn.execute(f"SELECT {_ENTRY_COLUMNS} FROM audit WHERE id = ?", (audit_id,)).fetchone()
    return _entry(r) if r else None


# ---- verifying -------------------------------------------------------------------------


@dataclass
class AuditCheck:
    """What :func:`check` looked at (``checked``, in words) and what failed."""

    records: int = 0
    checked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    note: str = ""  # how the trail was anchored (a migration re-anchoring older records)

    @property
    def intact(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, object]:
        return {
            "intact": self.intact,
            "records": self.records,
            "checked": self.checked,
            "problems": self.problems,
            "note": self.note,
        }


def check(conn: apsw.Connection, key_file: Path | None = None) -> AuditCheck:
    """Check every record against its hash and the chain, then the count and last hash
    against the head, and the head's HMAC under the key (``key_file``, by default the
    one beside the database)."""
    report = AuditCheck()
    last_seq, prev, purged = 0, GENESIS, 0
    for seq, audit_id, created, matter_id, text, prev_hash, digest, is_purged in _all(conn):
        report.records += 1
        purged += is_purged
        label = f"record {seq} ({audit_id})"
        try:
            body = json.loads(text)
        except ValueError:
            report.problems.append(f"{label}: its record is not JSON")
            continue
        if body.get("id") != audit_id or body.get("created_at") != created:
            report.problems.append(f"{label}: its id or time differs from the record's own")
        if prev_hash != prev:
            report.problems.append(
                f"{label}: chain broken (a record before it was removed, reordered or altered)"
            )
        content = _content_digest(audit_id, body, purged=is_purged)
        if _record_hash(seq, audit_id, created, matter_id, prev_hash, content) != digest:
            report.problems.append(
                f"{label}: content (or its seq, id, time or matter) does not match its hash"
            )
        last_seq, prev = seq, digest
    report.checked.append(
        f"{report.records} records: each field's hash, the record hashes "
        f"and their chain" + (f" ({purged} purged to hashes)" if purged else "")
    )
    head = _head(conn)
    if head is None:
        report.problems.append(
            "head missing: the trail's count and last hash cannot be checked (the head was deleted)"
        )
        return report
    report.note = head.anchored_note
    report.checked.append(
        f"record count {report.records} and last hash against the head (count {head.count})"
    )
    if head.count != report.records:
        report.problems.append(
            f"head: {head.count} records expected, {report.records} found "
            "(records were deleted or added outside LetaDesk)"
        )
    if head.last_hash != prev or head.last_seq != last_seq:
        report.problems.append(
            "head: the last record is not the one the head names (the "
            "newest records were deleted or the chain recomputed)"
        )
    path = key_file if key_file is not None else key_path(conn)
    key = load_key(path)
    if key is None:
        report.problems.append(
            f"key: no usable audit key at {path}; the head cannot be "
            "authenticated (restore the key from a backup of the profile)"
        )
        return report
    report.checked.append(f"the head's HMAC under the key {path}")
    if not head.authentic(key):
        report.problems.append(
            "head: its HMAC does not match the key (the head was rewritten "
            "without the key, or the key was missing when a record was added)"
        )
    return report


def verify(conn: apsw.Connection) -> tuple[bool, list[str]]:
    """Check the whole trail (see :func:`check`); returns (intact, problems)."""
    report = check(conn)
    return report.intact, report.problems


def _all(conn: apsw.Connection) -> Iterator[tuple[int, str, str, int | None, str, str, str, bool]]:
    for r in conn.execute(
        "SELECT seq, id, created_at, matter_id, record, prev_hash, hash, "
        "purged_at IS NOT NULL FROM audit ORDER BY seq"
    ):
        yield (
            int(r[0]),
            str(r[1]),
            str(r[2]),
            None if r[3] is None else int(r[3]),
            str(r[4]),
            str(r[5]),
            str(r[6]),
            bool(r[7]),
        )


def export(conn: apsw.Connection, target: Path) -> int:
    """Write every record with its chain hashes as JSON lines; returns the count."""
    count = 0
    with target.open("w", encoding="utf-8") as fh:
        for seq, audit_id, created, matter_id, record, prev_hash, digest, purged in _all(conn):
            fh.write(
                _canonical(
                    {
                        "seq": seq,
                        "id": audit_id,
                        "created_at": created,
                        "matter_id": matter_id,
                        "record": json.loads(record),
                        "prev_hash": prev_hash,
                        "hash": digest,
                        "purged": purged,
                    }
                )
                + "\n"
            )
            count += 1
    return count
