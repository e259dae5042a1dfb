"""The audit trail's hashing scheme: what each record's hash covers, and the keyed head.

What is hashed (every field shown by ``letadesk audit``, the window and the export):

* each top-level field of a record's JSON is hashed on its own (salted with the
  record's random id), and the record's *content digest* is SHA-256 over those
  field hashes;
* the record hash is SHA-256 over its ``seq``, ``id``, ``created_at``,
  ``matter_id``, the previous record's hash and the content digest. Editing,
  removing or reordering any record, or any of those columns, breaks the chain.

The :class:`Head` (the record count, the last record's seq and hash) is authenticated
by an HMAC-SHA256 under the profile's audit key (:mod:`letadesk.store.audit_key`).
A purged field is stored as ``purged:sha256:`` and its field hash, so the content
digest of a purged record is still the one it was chained with.

Pure functions: no database, no files.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

GENESIS = "0" * 64
PURGED_PREFIX = "purged:sha256:"


def canonical(record: Any) -> str:
    return json.dumps(
        record, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str
    )


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def field_hash(audit_id: str, name: str, value: Any, *, purged: bool) -> str:
    if purged and isinstance(value, str) and value.startswith(PURGED_PREFIX):
        return value[len(PURGED_PREFIX) :]
    return sha(canonical([audit_id, name, value]))


def content_digest(audit_id: str, body: dict[str, Any], *, purged: bool = False) -> str:
    return sha(canonical({k: field_hash(audit_id, k, v, purged=purged) for k, v in body.items()}))


def record_hash(
    seq: int,
    audit_id: str,
    created_at: str,
    matter_id: int | None,
    prev_hash: str,
    content: str,
    asked_by: str | None = None,
) -> str:
    """``asked_by``: the database role that asked, on the firm server (its
    ``letadesk.append_audit`` computes this same hash in SQL); None in an embedded
    profile, whose records have one user, and then not part of the hash."""
    covered: dict[str, Any] = {
        "seq": seq,
        "id": audit_id,
        "created_at": created_at,
        "matter_id": matter_id,
        "prev": prev_hash,
        "content": content,
    }
    if asked_by is not None:
        covered["asked_by"] = asked_by
    return sha(canonical(covered))


def legacy_chain(prev_hash: str, record_json: str) -> str:
    """The record hash of schema versions before 4 (record JSON only)."""
    return hashlib.sha256((prev_hash + record_json).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class ChainRow:
    """One stored record as the chain sees it."""

    seq: int
    audit_id: str
    created_at: str
    matter_id: int | None
    record: str  # the record's JSON
    prev_hash: str
    hash: str
    purged: bool = False
    asked_by: str | None = None  # the firm server's role that asked; None when embedded

    @classmethod
    def of(cls, r: Any) -> ChainRow:
        """From a row (seq, id, created_at, matter_id, record, prev_hash, hash, purged
        [, asked_by])."""
        asked_by = r[8] if len(r) > 8 else None
        return cls(
            int(r[0]),
            str(r[1]),
            str(r[2]),
            None if r[3] is None else int(r[3]),
            str(r[4]),
            str(r[5]),
            str(r[6]),
            bool(r[7]),
            None if asked_by is None else str(asked_by),
        )

    def expected_hash(self, body: dict[str, Any]) -> str:
        """The hash this row must have, given its parsed ``record``."""
        content = content_digest(self.audit_id, body, purged=self.purged)
        return record_hash(
            self.seq,
            self.audit_id,
            self.created_at,
            self.matter_id,
            self.prev_hash,
            content,
            self.asked_by,
        )


@dataclass(frozen=True, slots=True)
class Head:
    count: int
    last_seq: int
    last_hash: str
    mac: str
    anchored_at: str
    anchored_note: str

    def payload(self) -> bytes:
        return canonical(
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
