"""Verifying the audit trail: every record against its hash and the chain, the chain
against its head, the head's HMAC against the key (see :mod:`letadesk.store.audit_chain`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import apsw

from letadesk.store.audit import chain_rows, read_head
from letadesk.store.audit_chain import GENESIS, ChainRow
from letadesk.store.audit_key import key_path, load_key


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


def check_records(rows: Iterable[ChainRow]) -> tuple[AuditCheck, ChainRow | None]:
    """Every record against its hash and the chain (in ``rows``' order); the report and
    the last record (None when there is none). The head is the caller's."""
    report = AuditCheck()
    last: ChainRow | None = None
    prev, purged = GENESIS, 0
    for row in rows:
        report.records += 1
        purged += row.purged
        label = f"record {row.seq} ({row.audit_id})"
        last = row
        try:
            body = json.loads(row.record)
        except ValueError:
            report.problems.append(f"{label}: its record is not JSON")
            prev = row.hash
            continue
        if body.get("id") != row.audit_id or body.get("created_at") != row.created_at:
            report.problems.append(f"{label}: its id or time differs from the record's own")
        if row.prev_hash != prev:
            report.problems.append(
                f"{label}: chain broken (a record before it was removed, reordered or altered)"
            )
        if row.expected_hash(body) != row.hash:
            report.problems.append(
                f"{label}: content (or its seq, id, time or matter) does not match its hash"
            )
        prev = row.hash
    report.checked.append(
        f"{report.records} records: each field's hash, the record hashes "
        f"and their chain" + (f" ({purged} purged to hashes)" if purged else "")
    )
    return report, last


def check(conn: apsw.Connection, key_file: Path | None = None) -> AuditCheck:
    """Check every record against its hash and the chain, then the count and last hash
    against the head, and the head's HMAC under the key (``key_file``, by default the
    one beside the database)."""
    report, last = check_records(chain_rows(conn))
    last_seq, prev = (last.seq, last.hash) if last else (0, GENESIS)
    head = read_head(conn)
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
