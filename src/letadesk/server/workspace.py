"""The firm server as the CLI and the window see it: a :class:`letadesk.profile.Profile`
whose matters, documents, indexes and audit trail are the server's, under the session's
own database role.

The lawyer's local profile still holds their settings (language, model, embedder) and
their local model. Searches and answers are :class:`~letadesk.profile.Profile`'s, as on
the embedded profile: the retrieval cascade and the four gates over :class:`PgCorpus` and
:class:`ServerIndexes`, the record appended through
:class:`~letadesk.server.audit_log.ServerAudit` (which records who asked and mints the
record's id).
"""

from __future__ import annotations

import time
from datetime import date
from typing import Any

import psycopg

from letadesk.config import Paths, Settings
from letadesk.errors import ConfigError
from letadesk.generate.generator import Generator
from letadesk.index.embedder import Embedder
from letadesk.profile import Profile
from letadesk.server.audit_log import ServerAudit
from letadesk.server.connect import connect, describe, translated
from letadesk.server.corpus import PgCorpus
from letadesk.server.documents import ServerDocuments
from letadesk.server.matters import ServerMatters, session_role
from letadesk.server.pull import pull
from letadesk.server.push import Pusher, PushReport
from letadesk.server.review_cells import PgReviewCells
from letadesk.server.schema import check_version, migrate
from letadesk.server.search import ServerIndexes, check_embedder, embedder_identity
from letadesk.server.witness import WITNESS_NAME, ServerWitness
from letadesk.workspace import Workspace


class ServerWorkspace(Profile):
    """One session on the firm server at ``url``, beside the local profile ``local``
    (which it does not close).

    A window keeps its session for hours, and servers restart and networks drop: the
    connection is checked (``SELECT 1``) before it is used after ``idle_check_s`` idle,
    and made again when it broke, so the next request works. A statement that fails on a
    connection lost in the middle of it is not retried (it may have been a write)."""

    idle_check_s = 30.0

    def __init__(self, url: str, local: Workspace) -> None:
        self.url = url
        self.where = describe(url)
        self.local = local
        self._connection: psycopg.Connection[Any] = connect(url, autocommit=True)
        self._used = time.monotonic()
        self._closed = False
        self._indexes: ServerIndexes | None = None
        self._embedder: Embedder | None = None  # kept across a new connection
        self.witness = ServerWitness(local.paths.root / WITNESS_NAME, self.where)

    @property
    def _conn(self) -> psycopg.Connection[Any]:
        """The live connection: this one, or a new one when it broke or fails its check."""
        conn, now = self._connection, time.monotonic()
        if self._closed or (now - self._used < self.idle_check_s and not conn.broken):
            self._used = now
            return conn
        if not conn.broken and not conn.closed:
            try:
                conn.execute("SELECT 1")
            except psycopg.OperationalError:
                pass  # dropped while idle: made again below
            else:
                self._used = now
                return conn
        conn.close()
        self._connection, self._indexes = connect(self.url, autocommit=True), None
        self._used = now
        return self._connection

    @classmethod
    def initialise(cls, url: str) -> int:
        """Create or upgrade the server's schema (run by IT's owner role); the version.
        A role that may not (a lawyer's) gets a ConfigError saying who may."""
        with connect(url) as conn:
            role = str(conn.info.user or "")
            try:
                return migrate(conn)
            except psycopg.errors.InsufficientPrivilege:
                raise ConfigError(
                    f"server init: role {role!r} may not create or upgrade LetaDesk's schema "
                    f"on {describe(url)}; IT runs it as the role that owns the database "
                    "(see docs/firm-server-runbook.md)"
                ) from None
            except psycopg.Error as exc:
                raise translated(exc, describe(url), role) from None

    def require_owner(self, verb: str) -> None:
        """A ConfigError unless this session owns the server's tables (IT's account)."""
        row = self._conn.execute("SELECT is_owner()").fetchone()
        if not (row and row[0]):
            raise ConfigError(
                f"{verb}: only the firm server's owner (IT's service account) writes its "
                f"matters; role {self.role!r} reads them (ask IT to ingest these files)"
            )

    def check(self) -> None:
        check_version(self._conn)

    def close(self) -> None:
        self._closed = True
        self._connection.close()

    def __enter__(self) -> ServerWorkspace:
        return self

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        self.close()
        if isinstance(exc, psycopg.Error):  # one line and exit 3, not a traceback
            raise translated(exc, self.where) from None

    @property
    def role(self) -> str:
        return session_role(self._conn)

    # ---- the parts ----------------------------------------------------------------------

    @property
    def matters(self) -> ServerMatters:
        """The matters this role can see (its own; every one for letadesk_admin)."""
        return ServerMatters(self._conn, self.where)

    @property
    def documents(self) -> ServerDocuments:
        return ServerDocuments(self._conn, self.matters, self.local.documents)

    @property
    def audit(self) -> ServerAudit:  # asks, searches and draft checks append here
        return ServerAudit(self._conn, self.witness, self.matters)

    @property
    def paths(self) -> Paths:  # this computer's profile: settings, window state, witness
        return self.local.paths

    @property
    def settings(self) -> Settings:  # this computer's: language, model, embedder
        return self.local.settings

    def generates(self, generator: Generator | None = None) -> bool:
        return self.local.generates(generator)

    def generator(self) -> Generator:  # this computer's configured model, as asks use it
        return self.local.generator()

    def today(self) -> date:  # this computer's calendar
        return self.local.today()

    @property
    def corpus(self) -> PgCorpus:
        return PgCorpus(self._conn)

    @property
    def review_cells(self) -> PgReviewCells:
        """The review grid's cells this role stored on the server (its own only)."""
        return PgReviewCells(self._conn)

    @property
    def indexes(self) -> ServerIndexes:
        conn = self._conn  # first: a new connection forgets the indexes of the old one
        if self._indexes is None:
            if self._embedder is None:
                from letadesk.index.embedder import make_embedder

                identity = embedder_identity(conn)
                if identity is not None:
                    embedder = make_embedder(
                        self.settings.embedder, threads=self.settings.threads, match=identity[0]
                    )
                    check_embedder(
                        identity, embedder.name, embedder.dim, "this LetaDesk embeds with"
                    )
                    self._embedder = embedder
            self._indexes = ServerIndexes(conn, self._embedder)
        return self._indexes

    # ---- the copy from and to a profile --------------------------------------------------

    def pull(self, matters: list[str] | None = None) -> PushReport:
        """Copy the server (or its ``matters``) into the empty local profile: .pull."""
        return pull(self._conn, self.local, matters)

    def push(self, matters: list[str] | None = None) -> PushReport:
        """Copy the local profile (or its ``matters``) here: :mod:`letadesk.server.push`."""
        return Pusher(self.local, self._conn).push(matters, audit=matters is None)
