"""``server.matters``: the firm server's matters a session's role may read
(:class:`letadesk.profile.Matters`), and who may read them (IT's grant and revoke)."""

from __future__ import annotations

from typing import Any

import psycopg

from letadesk.domain import Matter, MatterId
from letadesk.errors import ConfigError, NotFoundError
from letadesk.server import members


def session_role(conn: psycopg.Connection[Any]) -> str:
    """The database role the session on ``conn`` runs as."""
    row = conn.execute("SELECT session_user").fetchone()
    return str(row[0]) if row else ""


class ServerMatters:
    """The matters on ``conn`` (the server ``where``) that its role may read: its own,
    every one for ``letadesk_admin``. They are made by the server's ingest, not here."""

    def __init__(self, conn: psycopg.Connection[Any], where: str) -> None:
        self._conn = conn
        self._where = where

    def all(self) -> list[Matter]:
        rows = self._conn.execute("SELECT id, name FROM visible_matters()")
        return [Matter(MatterId(int(r[0])), str(r[1])) for r in rows]

    def named(self, name: str) -> Matter:
        row = self._conn.execute(
            "SELECT id, name FROM visible_matters() WHERE name = %s", (name,)
        ).fetchone()
        if row is None:
            raise NotFoundError(
                f"no matter named {name!r} on {self._where} that role "
                f"{session_role(self._conn)!r} may read"
            )
        return Matter(MatterId(int(row[0])), str(row[1]))

    def create(self, name: str) -> Matter:
        raise ConfigError(
            f"matters on {self._where} are created by their ingest: "
            f"letadesk ingest --backend URL --matter {name!r} FOLDER"
        )

    def rename(self, name: str, new_name: str) -> Matter:
        raise ConfigError(f"matters on {self._where} are renamed by IT, not from a workstation")

    def grant(self, matter: str, role: str) -> bool:
        """Let ``role`` read ``matter`` (IT's account); False when it already could."""
        return members.grant(self._conn, int(self.named(matter).id), role)

    def revoke(self, matter: str, role: str) -> bool:
        return members.revoke(self._conn, int(self.named(matter).id), role)

    def members(self, matter: str) -> list[str]:
        """The roles that may read ``matter``."""
        return members.members(self._conn, int(self.named(matter).id))
