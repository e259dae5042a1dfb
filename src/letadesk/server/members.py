"""Ethical walls: who may read which matter (``letadesk matters grant/revoke``).

Membership rows are written by the server's ``set_member`` function
(:mod:`letadesk.server.walls`), which refuses any session that is not a member of
``letadesk_admin``: a lawyer's session that tries is refused by PostgreSQL itself,
whatever client it runs (no role but the owner holds a privilege on the table).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg

from letadesk.errors import ConfigError, NotFoundError, StoreError
from letadesk.server.schema import LAWYER


def grant(conn: psycopg.Connection[Any], matter_id: int, role: str) -> bool:
    """Make ``role`` a member of the matter; False when it already was. The role must
    exist and belong to ``letadesk_lawyer`` (else it could not read anyway)."""
    _check_role(conn, role)
    with _refused(role, "grant"), conn.transaction():
        row = conn.execute("SELECT set_member(%s, %s, true)", (matter_id, role)).fetchone()
    return bool(row and row[0])


def revoke(conn: psycopg.Connection[Any], matter_id: int, role: str) -> bool:
    """End ``role``'s membership of the matter; False when it was not a member."""
    with _refused(role, "revoke"), conn.transaction():
        row = conn.execute("SELECT set_member(%s, %s, false)", (matter_id, role)).fetchone()
    return bool(row and row[0])


def members(conn: psycopg.Connection[Any], matter_id: int) -> list[str]:
    """The matter's members this session may see (all of them for an admin, else itself)."""
    rows = conn.execute("SELECT * FROM members_of(%s)", (matter_id,))
    return [str(r[0]) for r in rows]


def _check_role(conn: psycopg.Connection[Any], role: str) -> None:
    row = conn.execute(
        "SELECT pg_has_role(%s, %s, 'MEMBER') FROM pg_roles WHERE rolname = %s",
        (role, LAWYER, role),
    ).fetchone()
    if row is None:
        raise NotFoundError(f"no database role named {role!r} on the firm server")
    if not row[0]:
        raise ConfigError(
            f"{role!r} is not a member of {LAWYER}: IT grants it first (GRANT {LAWYER} TO {role})"
        )


@contextmanager
def _refused(role: str, verb: str) -> Iterator[None]:
    """PostgreSQL's refusal (row-level security, missing privilege) as a StoreError."""
    try:
        yield
    except psycopg.errors.InsufficientPrivilege:
        raise StoreError(
            f"cannot {verb} {role!r}: only members of letadesk_admin manage a matter's members"
        ) from None
