"""The audit trail on the firm server: the same hash-chained records, and who asked.

A lawyer's session cannot insert into ``audit``: it calls ``append_audit`` (a SECURITY
DEFINER function, :mod:`letadesk.server.migrations`), which takes the chain's lock, links the
record to the last one and records ``session_user`` as ``asked_by`` inside the hash. The
content digest is computed here, as the embedded trail computes it
(:mod:`letadesk.store.audit_chain`), so that :func:`check` verifies both alike.

What the embedded profile adds, the keyed head (an HMAC under a key outside the
database), cannot live on the server, whose owner can rewrite any table. Its counterpart
is each computer's witness (:mod:`letadesk.server.witness`): the last record it appended,
kept in its own profile and checked by :func:`check`. Beyond that the server's
guarantees are PostgreSQL's (roles, WAL archiving, point-in-time recovery).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import psycopg

from letadesk.server.witness import ServerWitness
from letadesk.store.audit import AuditEntry, entry_from_row
from letadesk.store.audit_chain import ChainRow, canonical, content_digest
from letadesk.store.audit_check import AuditCheck, check_records

_ENTRY = "seq, id, created_at, matter_id, record, hash, purged_at IS NOT NULL, asked_by"


class ServerAuditTrail:
    """The :class:`~letadesk.ports.AuditTrail` of a server session: each append commits,
    then ``witness`` (when given) records it in this computer's profile."""

    def __init__(self, conn: psycopg.Connection[Any], witness: ServerWitness | None = None) -> None:
        self._conn = conn
        self._witness = witness

    def append(self, record: dict[str, Any], *, audit_id: str, matter_id: int | None) -> str:
        created = datetime.now(UTC).isoformat(timespec="milliseconds")
        body = {**record, "id": audit_id, "created_at": created}
        with self._conn.transaction():
            row = self._conn.execute(
                "SELECT append_audit(%s, %s, %s, %s, %s)",
                (audit_id, created, matter_id, canonical(body), content_digest(audit_id, body)),
            ).fetchone()
        if self._witness is not None:
            self._witness.record(self._conn, audit_id)
        return str(row[0]) if row else ""


def entries(
    conn: psycopg.Connection[Any], *, matter_id: int | None = None, limit: int | None = None
) -> list[AuditEntry]:
    """The records this session may read (its matters', and its own), newest first."""
    where = "WHERE matter_id = %(m)s" if matter_id is not None else ""
    tail = "LIMIT %(limit)s" if limit else ""
    rows = conn.execute(
        f"SELECT {_ENTRY} FROM audit {where} ORDER BY seq DESC {tail}",
        {"m": matter_id, "limit": limit},
    )
    return [entry_from_row(r) for r in rows]


def chain_rows(conn: psycopg.Connection[Any]) -> list[ChainRow]:
    rows = conn.execute(
        "SELECT seq, id, created_at, matter_id, record, prev_hash, hash, "
        "purged_at IS NOT NULL, asked_by FROM audit ORDER BY seq"
    )
    return [ChainRow.of(r) for r in rows]


def check(conn: psycopg.Connection[Any], witness: ServerWitness | None = None) -> AuditCheck:
    """The owner (or a superuser): every record against its hash and the chain. Anyone:
    ``witness``, the last record this computer appended, still on the server as it was.
    A lawyer's session sees only part of the chain, so the chain is not checked there."""
    row = conn.execute(
        "SELECT session_user, pg_has_role(session_user, c.relowner, 'USAGE') OR r.rolsuper "
        "FROM pg_class c, pg_roles r WHERE c.oid = 'audit'::regclass AND r.rolname = session_user"
    ).fetchone()
    witnessed, problems = witness.check(conn) if witness is not None else ("", [])
    if row is None or not row[1]:
        whole = (
            f"role {row[0] if row else '?'} reads only its own matters' records; the "
            "whole chain is checked by the server's owner (IT)"
        )
        if not witnessed:  # nothing this computer can check
            return AuditCheck(problems=[whole])
        return AuditCheck(checked=[witnessed], problems=problems, note=whole)
    report, _last = check_records(chain_rows(conn))
    report.checked += [witnessed] if witnessed else []
    report.problems += problems
    report.note = (
        "firm server: no keyed head in the database; each computer witnesses the last "
        "record it appended (server_witness.json in its profile), and PostgreSQL's "
        "backups (WAL archiving, point-in-time recovery) cover the rest"
    )
    return report
