"""This computer's witness of the firm server's audit trail: the counterpart of the
embedded profile's keyed head.

The server's owner can rewrite any table, so no head kept *in* the database can prove
that the newest records were not removed. Each LetaDesk that appends a record to the
server keeps, in its own profile (``server_witness.json``, 0600, out of the server's
reach), the last record it appended there: its position, id, time and hash. ``audit
--verify`` then checks that this record is still on the server, at the same position,
with the same hash. A trail cut back past it, the record deleted, or the chain recomputed
(which changes every hash after the first change), or its content edited under its
kept hash (the hash is recomputed from the content) is reported, by every lawyer's
computer for the records it wrote.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import psycopg

from letadesk.privacy import write_private
from letadesk.store.audit_chain import ChainRow

WITNESS_NAME = "server_witness.json"


@dataclass(frozen=True, slots=True)
class Witnessed:
    """The last record this computer appended to one server."""

    seq: int
    audit_id: str
    created_at: str
    hash: str


class ServerWitness:
    """The witness file at ``path``, for the server ``server`` (its host and database)."""

    def __init__(self, path: Path, server: str) -> None:
        self.path = path
        self.server = server

    def _all(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def last(self) -> Witnessed | None:
        entry = self._all().get(self.server)
        try:
            return Witnessed(**entry) if isinstance(entry, dict) else None
        except TypeError:  # a file from elsewhere: not a witness
            return None

    def keep(self, witnessed: Witnessed) -> None:
        """Witness the record this session has just appended (its position, time and
        hash as the server's ``append_record`` returned them)."""
        data = self._all()
        data[self.server] = asdict(witnessed)
        write_private(self.path, json.dumps(data, indent=1))

    def check(self, conn: psycopg.Connection[Any]) -> tuple[str, list[str]]:
        """What was checked ("" when this computer never appended here) and the problems.
        The record's hash is recomputed from its content (a text edited under a kept hash
        is seen), while this role may still read its matter."""
        seen = self.last()
        if seen is None:
            return "", []
        label = f"record {seen.seq} ({seen.audit_id}, {seen.created_at})"
        row = conn.execute(
            "SELECT seq, created_at, matter_id, record, prev_hash, hash, purged, readable, "
            "asked_by FROM audit_witness(%s)",
            (seen.audit_id,),
        ).fetchone()
        checked = f"the last record this computer appended, {label}, is on the server unchanged"
        if row is None:
            return checked, [
                f"{label}, which this computer appended, is gone from the server: its trail "
                "was cut back or the record deleted"
            ]
        if (int(row[0]), str(row[5])) != (seen.seq, seen.hash):
            return checked, [
                f"{label}, which this computer appended, has another position or hash on "
                "the server: its trail was rewritten"
            ]
        if not row[7]:  # no longer a member of its matter: position and hash only
            return (
                f"the last record this computer appended, {label}, is on the server at its "
                "position with its hash (its content is no longer readable by this role)"
            ), []
        if not _content_matches(seen, row):
            return checked, [
                f"{label}, which this computer appended, no longer matches its hash on the "
                "server: its content or time was edited"
            ]
        return checked, []


def _content_matches(seen: Witnessed, row: Any) -> bool:
    """Whether the stored record (``row``: seq, created_at, matter_id, record, prev_hash,
    hash, purged, readable, asked_by) hashes, from its content, to ``seen.hash``."""
    chain = ChainRow(
        seen.seq,
        seen.audit_id,
        str(row[1]),
        None if row[2] is None else int(row[2]),
        str(row[3]),
        str(row[4]),
        seen.hash,
        bool(row[6]),
        str(row[8]),
    )
    try:
        body = json.loads(chain.record)
    except ValueError:
        return False
    return (
        isinstance(body, dict)
        and body.get("id") == seen.audit_id
        and body.get("created_at") == chain.created_at
        and chain.expected_hash(body) == seen.hash
    )
