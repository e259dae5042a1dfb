"""Destroying a matter in the store for good: its rows, the text of its audit records,
the migration backups that hold it, and the free pages that kept its text.

The steps on either side of the derived indexes (which the caller updates in between:
the matter's lexical entries must be gone before the purge is sealed) are
:func:`erase_matter` and :func:`seal_purge`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from letadesk.domain import DocumentId, Matter
from letadesk.store import audit, matters
from letadesk.store.database import Connection, backup_holds, compact, secure_delete
from letadesk.store.transaction import transaction


@dataclass(frozen=True, slots=True)
class PurgeReport:
    documents: int
    audit_records: int
    backups_removed: list[str]

    def as_json(self) -> dict[str, object]:
        return {
            "documents": self.documents,
            "audit_records": self.audit_records,
            "backups_removed": self.backups_removed,
        }


def erase_matter(conn: Connection, matter: Matter) -> tuple[list[DocumentId], int]:
    """Delete the matter with its documents, pages, fragments and vectors, and replace the
    text of its audit records by hashes, in one transaction, after turning SQLite's
    secure delete on for the connection (freed pages are zeroed). Returns (its documents'
    ids, the audit records purged)."""
    secure_delete(conn)
    with transaction(conn):
        doc_ids = matters.delete_matter(conn, matter.id)
        records = audit.purge_matter(conn, matter.id)
    return doc_ids, records


def seal_purge(
    conn: Connection, backups: Path, matter: Matter, documents: int, records: int
) -> PurgeReport:
    """After :func:`erase_matter` and the indexes: delete the migration backups in
    ``backups`` that hold the matter, record the purge in the audit trail (by matter id,
    without its name), then VACUUM so that no freed page keeps its text."""
    removed = drop_backups_holding(backups, matter)
    audit.append(
        conn,
        {
            "event": "purge",
            "purged_matter_id": matter.id,
            "documents": documents,
            "audit_records": records,
            "backups_removed": len(removed),
        },
        audit_id=audit.new_audit_id(),
        matter_id=None,
    )
    compact(conn)
    return PurgeReport(
        documents=documents, audit_records=records, backups_removed=[str(p) for p in removed]
    )


def drop_backups_holding(folder: Path, matter: Matter) -> list[Path]:
    """Delete the migration backups in ``folder`` that hold anything of ``matter``
    (its row, documents or audit records); returns them."""
    removed = []
    candidates = [*folder.glob("*.sqlite3"), *folder.glob("*.partial")] if folder.is_dir() else []
    for path in sorted(candidates):
        if backup_holds(path, matter.id, matter.name):
            path.unlink()
            removed.append(path)
    return removed
