"""This computer's profile: one data directory, the SQLite store (source of truth) and
the indexes derived from it, as a :class:`letadesk.profile.Profile` composed of parts:

- :attr:`Workspace.matters` (:class:`~letadesk.workspace.matters.LocalMatters`),
- :attr:`Workspace.documents` (:class:`~letadesk.workspace.documents.LocalDocuments`:
  ingest too),
- :attr:`Workspace.audit` (:class:`~letadesk.workspace.audit.LocalAudit`),
- :attr:`Workspace.copies` (:class:`~letadesk.workspace.copies.LocalCopies`: what a copy
  to or from the firm server reads and writes),
- :attr:`Workspace.indexes` (:class:`~letadesk.index.sync.IndexSet`), opened on first use;

``search`` and ``ask`` are :class:`~letadesk.profile.Profile`'s, shared with the server.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from letadesk.config import Paths, Settings
from letadesk.generate.allowlist import ModelAllowList
from letadesk.generate.configured import generates, make_generator
from letadesk.generate.generator import Generator
from letadesk.ingest.currency import Clock, utc_now
from letadesk.ingest.currency import CurrencyReport as CurrencyReport  # the window's type
from letadesk.ports import CorpusReader
from letadesk.privacy import hold_private_umask, release_private_umask, secure_tree
from letadesk.profile import Profile
from letadesk.store.audit import AuditEntry as AuditEntry  # the window's type
from letadesk.store.corpus import LegalMeta as LegalMeta  # the window's type
from letadesk.store.database import copy_database, open_database
from letadesk.store.review_cells import ReviewCells
from letadesk.store.sqlite_corpus import SqliteCorpus
from letadesk.workspace.audit import LocalAudit
from letadesk.workspace.copies import LocalCopies
from letadesk.workspace.documents import LocalDocuments
from letadesk.workspace.matters import LocalMatters

if TYPE_CHECKING:
    from letadesk.index.doctor import DoctorReport
    from letadesk.index.sync import IndexSet


class Workspace(Profile):
    """One LetaDesk profile: its database and indexes. Not thread-safe; one per thread."""

    def __init__(
        self, paths: Paths, settings: Settings | None = None, *, clock: Clock = utc_now
    ) -> None:
        self._paths = paths
        hold_private_umask()  # everything this workspace creates is 0600/0700
        try:
            secure_tree(paths.root)  # a profile made before that was enforced
            self._settings = settings if settings is not None else Settings.load(paths)
            self._conn = open_database(paths.database, backups=paths.backups)
        except BaseException:
            release_private_umask()
            raise
        self.clock = clock  # now, as an aware UTC datetime (tests advance it)
        self._indexes: IndexSet | None = None
        self._generator: Generator | None = None
        self._closed = False
        self._matters = LocalMatters(self._conn, lambda: self.indexes, paths.backups)
        self._documents = LocalDocuments(self._conn, self._matters, self)
        self._audit = LocalAudit(self._conn, self._matters)
        self._copies = LocalCopies(self._conn, lambda: self.indexes)

    @classmethod
    def open(cls, data_dir: str | Path | None = None, *, clock: Clock = utc_now) -> Workspace:
        return cls(Paths.resolve(data_dir), clock=clock)

    @property
    def paths(self) -> Paths:
        return self._paths

    @property
    def settings(self) -> Settings:
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:  # the window's settings dialog
        self._settings = settings

    def today(self) -> date:
        """Today on this computer's calendar, by :attr:`clock`: the date a question with no
        as-of date is asked on (:func:`letadesk.answer.recorded.resolved_options`)."""
        return self.clock().astimezone().date()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            if self._indexes is not None:
                self._indexes.close()
            self._conn.close()
        finally:
            release_private_umask()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- the parts -----------------------------------------------------------------

    @property
    def matters(self) -> LocalMatters:
        return self._matters

    @property
    def documents(self) -> LocalDocuments:
        return self._documents

    @property
    def audit(self) -> LocalAudit:  # asks, searches and draft checks append here
        return self._audit

    @property
    def copies(self) -> LocalCopies:
        return self._copies

    @property
    def corpus(self) -> CorpusReader:
        return SqliteCorpus(self._conn)  # the stored documents, as the gates read them

    @property
    def review_cells(self) -> ReviewCells:
        return ReviewCells(self._conn)  # the review grid's cells (letadesk.review.grid)

    @property
    def indexes(self) -> IndexSet:
        if self._indexes is None:
            from letadesk.index.sync import IndexSet

            self._indexes = IndexSet(self._conn, self.paths, self.settings)
        return self._indexes

    # ---- the whole profile ---------------------------------------------------------

    def copy_database(self, target: Path) -> None:
        copy_database(self._conn, target)  # a consistent snapshot (SQLite's online backup)

    def doctor(self, *, repair: bool = False) -> DoctorReport:
        from letadesk.index.doctor import doctor

        return doctor(self._conn, self.indexes, repair=repair)

    def answering(self) -> AbstractContextManager[object]:
        return self.indexes.questions.answering()  # an ingest's embedding waits meanwhile

    def generates(self, generator: Generator | None = None) -> bool:
        """Whether a model drafts answers (:func:`letadesk.generate.configured.generates`)."""
        return generates(self.settings, generator)

    def generator(self) -> Generator:
        """The configured model: the firm's model server, or the local one (loaded once)."""
        if self._generator is None:
            known = ModelAllowList(self.paths.allowed_models)
            self._generator = make_generator(self.settings, known)
        return self._generator
