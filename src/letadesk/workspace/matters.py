"""``workspace.matters``: this computer's matters (:class:`letadesk.profile.Matters`),
and what only this computer does to them: delete and purge."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from letadesk.domain import Matter, MatterId
from letadesk.limits import checked_name
from letadesk.store import matters
from letadesk.store.database import Connection
from letadesk.store.purge import PurgeReport, erase_matter, seal_purge
from letadesk.store.transaction import transaction

if TYPE_CHECKING:
    from letadesk.index.sync import IndexSet


class LocalMatters:
    """The matters of the profile on ``conn``; ``indexes`` gives its indexes (opened on
    first use), which forget what a delete or a purge takes away."""

    def __init__(self, conn: Connection, indexes: Callable[[], IndexSet], backups: Path) -> None:
        self._conn = conn
        self._indexes = indexes
        self._backups = backups

    def all(self) -> list[Matter]:
        return matters.list_matters(self._conn)

    def named(self, name: str) -> Matter:
        return matters.matter_by_name(self._conn, name)

    def id_of(self, name: str | None) -> MatterId | None:
        """The id of the matter called ``name``; None for None (every matter)."""
        return self.named(name).id if name else None

    def create(self, name: str) -> Matter:
        """The matter called ``name``, created when new."""
        checked_name(name)
        with transaction(self._conn):
            return matters.ensure_matter(self._conn, name)

    def rename(self, name: str, new_name: str) -> Matter:
        checked_name(new_name)
        with transaction(self._conn):
            matters.rename_matter(self._conn, self.named(name).id, new_name)
        return self.named(new_name)

    def delete(self, name: str) -> None:
        matter = self.named(name)
        with transaction(self._conn):
            doc_ids = matters.delete_matter(self._conn, matter.id)
        self._indexes().forget_matter(matter.id, doc_ids)

    def purge(self, name: str) -> PurgeReport:
        """Destroy a matter: its documents, pages, fragments and vectors, its lexical
        index (its folder removed, so that no segment keeps its entries), the text of its
        audit records (replaced by hashes; the chain still verifies) and the migration
        backups that hold it; then VACUUM so that no freed page keeps its text. The
        purge itself is recorded in the audit trail (by matter id, without its name)."""
        matter = self.named(name)
        doc_ids, records = erase_matter(self._conn, matter)
        self._indexes().forget_matter(matter.id, doc_ids)
        return seal_purge(self._conn, self._backups, matter, len(doc_ids), records)
