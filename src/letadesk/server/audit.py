"""The audit trail on the firm server: the same hash-chained records, and who asked.

A lawyer's session cannot touch ``audit``: it calls ``append_record`` (a SECURITY
DEFINER function, :mod:`letadesk.server.audit_sql`), which checks the record (canonical
JSON, a matter the caller may read), adds its id and the server's time, computes its
content digest as the embedded trail does (:mod:`letadesk.store.audit_chain`), takes the
chain's lock, links it to the last record and records ``session_user`` as ``asked_by``
inside the hash; so :func:`check` verifies both alike.

What the embedded profile adds, the keyed head (an HMAC under a key outside the
database), cannot live on the server, whose owner can rewrite any table. Its counterpart
is each computer's witness (:mod:`letadesk.server.witness`): the last record it appended,
kept in its own profile and checked by :func:`check`. Beyond that the server's
guarantees are PostgreSQL's (roles, WAL archiving, point-in-time recovery).
"""

from __future__ import annotations

from typing import Any

import psycopg

from letadesk.errors import ConfigError, StoreError
from letadesk.server.witness import ServerWitness, Witnessed
from letadesk.store.audit import AuditEntry, entry_from_row, new_audit_id
from letadesk.store.audit_chain import ChainRow, canonical
from letadesk.store.audit_check import AuditCheck, check_records

_ENTRY = "seq, id, created_at, matter_id, record, hash, purged, asked_by"


class ServerAuditTrail:
    """The :class:`~letadesk.ports.AuditTrail` of a server session: each append commits,
    then ``witness`` (when given) records it in this computer's profile."""

    def __init__(self, conn: psycopg.Connection[Any], witness: ServerWitness | None = None) -> None:
        self._conn = conn
        self._witness = witness

    def new_id(self) -> str:
        return new_audit_id()

    def append(
        self, record: dict[str, Any], *, audit_id: str | None = None, matter_id: int | None
    ) -> str:
        """``append_record`` (:mod:`letadesk.server.audit_sql`): the server adds the id
        (``audit_id``, or one minted here) and its own time, checks the record and the
        matter, and chains it."""
        audit_id = audit_id or new_audit_id()
        if matter_id is None:
            raise ConfigError("the firm server records only what is asked of one of its matters")
        text = canonical(record)
        if "\x00" in text or "\\u0000" in text:
            raise ConfigError("the record holds a NUL character, which the firm server refuses")
        with self._conn.transaction():
            row = self._conn.execute(
                "SELECT seq, created_at, hash FROM append_record(%s, %s, %s)",
                (audit_id, int(matter_id), text),
            ).fetchone()
        if row is None:  # pragma: no cover - the function returns its row or raises
            raise StoreError("the firm server did not record the audit record")
        if self._witness is not None:
            self._witness.keep(Witnessed(int(row[0]), audit_id, str(row[1]), str(row[2])))
        return str(row[2])


def entries(
    conn: psycopg.Connection[Any], *, matter_id: int | None = None, limit: int | None = None
) -> list[AuditEntry]:
    """The records this session may read (its matters'; every one for the owner), newest
    first."""
    rows = conn.execute(
        f"SELECT {_ENTRY} FROM audit_records(%s, %s) ORDER BY seq DESC", (matter_id, limit)
    )
    return [entry_from_row(r) for r in rows]


def chain_rows(conn: psycopg.Connection[Any], *, owner: bool = False) -> list[ChainRow]:
    """The records this session may read, oldest first; ``owner``: every one, read from
    the table as its owner (a push, a pull, the chain's check)."""
    source = (
        "(SELECT *, purged_at IS NOT NULL AS purged FROM audit) a"
        if owner
        else "audit_records(NULL, NULL)"
    )
    rows = conn.execute(
        "SELECT seq, id, created_at, matter_id, record, prev_hash, hash, purged, asked_by "
        f"FROM {source} ORDER BY seq"
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
    report, _last = check_records(chain_rows(conn, owner=True))
    report.checked += [witnessed] if witnessed else []
    report.problems += problems
    report.note = (
        "firm server: no keyed head in the database; each computer witnesses the last "
        "record it appended (server_witness.json in its profile), and PostgreSQL's "
        "backups (WAL archiving, point-in-time recovery) cover the rest"
    )
    return report
