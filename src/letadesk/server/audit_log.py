"""``server.audit``: the firm server's audit trail as a session's role sees it
(:class:`letadesk.profile.AuditLog`): appends name the role, reads show what it may read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg

from letadesk.server import audit
from letadesk.server.audit import ServerAuditTrail
from letadesk.server.matters import ServerMatters
from letadesk.server.witness import ServerWitness
from letadesk.store.audit import AuditEntry, export_rows
from letadesk.store.audit_check import AuditCheck


class ServerAudit(ServerAuditTrail):
    """The trail on ``conn`` (appends: :class:`ServerAuditTrail`, which ``witness``
    records on this computer), read within the matters of ``matters``."""

    def __init__(
        self, conn: psycopg.Connection[Any], witness: ServerWitness, matters: ServerMatters
    ) -> None:
        super().__init__(conn, witness)
        self._db = conn
        self._seen = witness
        self._matters = matters

    def entries(self, *, matter: str | None = None, limit: int | None = None) -> list[AuditEntry]:
        """The records this role may read (its matters' and its own), newest first."""
        matter_id = int(self._matters.named(matter).id) if matter else None
        return audit.entries(self._db, matter_id=matter_id, limit=limit)

    def check(self) -> AuditCheck:
        return audit.check(self._db, self._seen)

    def export(self, target: Path) -> int:
        """The records this role may read, with their chain hashes, as JSON lines."""
        return export_rows(audit.chain_rows(self._db), target)
