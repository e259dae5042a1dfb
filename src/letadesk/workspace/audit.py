"""``workspace.audit``: this computer's audit trail (:class:`letadesk.profile.AuditLog`):
what asks, searches and draft checks append to, and what reads it back."""

from __future__ import annotations

from pathlib import Path

from letadesk.store import audit, audit_check
from letadesk.store.audit import AuditEntry, SqliteAuditTrail
from letadesk.store.audit_chain import ChainRow
from letadesk.store.audit_check import AuditCheck
from letadesk.store.database import Connection
from letadesk.workspace.matters import LocalMatters


class LocalAudit(SqliteAuditTrail):
    """The audit trail of the profile on ``conn`` (appends: :class:`SqliteAuditTrail`)."""

    def __init__(self, conn: Connection, matters: LocalMatters) -> None:
        super().__init__(conn)
        self._db = conn
        self._matters = matters

    def entries(self, *, matter: str | None = None, limit: int | None = None) -> list[AuditEntry]:
        """Audit records, newest first: every matter's, or ``matter``'s only."""
        return audit.entries(self._db, matter_id=self._matters.id_of(matter), limit=limit)

    def entry(self, audit_id: str) -> AuditEntry | None:
        return audit.entry(self._db, audit_id)

    def check(self) -> AuditCheck:
        """Every record against its hash and the chain, the chain against its keyed head."""
        return audit_check.check(self._db)

    def export(self, target: Path) -> int:
        """Every record with its chain hashes, as JSON lines in ``target``; the count."""
        return audit.export(self._db, target)

    def rows(self) -> list[ChainRow]:
        """Every record as chained (what a copy to the firm server carries)."""
        return list(audit.chain_rows(self._db))
