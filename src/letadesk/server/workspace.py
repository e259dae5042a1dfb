"""The firm server as the CLI sees it: matters, search, answers and the audit trail, under
the session's own database role.

The lawyer's local profile still holds their settings (language, model, embedder) and
their local model; the matters, documents, indexes and audit trail are the server's.
Answers run the same :func:`letadesk.answer.recorded.ask_and_record` as the embedded
profile: the retrieval cascade and the four gates over :class:`PgCorpus` and
:class:`ServerIndexes`, the record appended through :class:`ServerAuditTrail` (which
records who asked and mints the record's id).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import psycopg

from letadesk.answer.ask import AskOptions
from letadesk.answer.recorded import ask_on
from letadesk.config import Paths
from letadesk.domain import (
    Answer,
    Document,
    Matter,
    MatterId,
    Page,
    Passage,
    SearchFilters,
)
from letadesk.errors import ConfigError, NotFoundError
from letadesk.generate.generator import Generator
from letadesk.index.embedder import Embedder
from letadesk.ingest.currency import CurrencyReport
from letadesk.limits import checked_document_ref
from letadesk.retrieve.search import search_on
from letadesk.server import audit, members
from letadesk.server.connect import connect, describe, translated
from letadesk.server.corpus import DOC_COLUMNS, PgCorpus, document_from_row
from letadesk.server.pull import pull
from letadesk.server.push import Pusher, PushReport
from letadesk.server.review_cells import PgReviewCells
from letadesk.server.schema import check_version, migrate
from letadesk.server.search import ServerIndexes, check_embedder, embedder_identity
from letadesk.server.witness import WITNESS_NAME, ServerWitness
from letadesk.store.audit import AuditEntry, export_rows
from letadesk.store.audit_check import AuditCheck
from letadesk.workspace import Workspace


class ServerWorkspace:
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
        self.settings = local.settings
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
        row = self._conn.execute("SELECT session_user").fetchone()
        return str(row[0]) if row else ""

    # ---- matters and documents ----------------------------------------------------------

    def matters(self) -> list[Matter]:
        """The matters this role can see (its own; every one for letadesk_admin)."""
        rows = self._conn.execute("SELECT id, name FROM visible_matters()")
        return [Matter(MatterId(int(r[0])), str(r[1])) for r in rows]

    def matter(self, name: str) -> Matter:
        row = self._conn.execute(
            "SELECT id, name FROM visible_matters() WHERE name = %s", (name,)
        ).fetchone()
        if row is None:
            raise NotFoundError(
                f"no matter named {name!r} on {self.where} that role {self.role!r} may read"
            )
        return Matter(MatterId(int(row[0])), str(row[1]))

    def documents(self, matter: str | None = None, *, failed_only: bool = False) -> list[Document]:
        matter_id = int(self.matter(matter).id) if matter else None
        rows = self._conn.execute(
            f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, NULL)"
            + (" WHERE status = 'failed'" if failed_only else ""),
            (matter_id,),
        )
        return [document_from_row(r) for r in rows]

    def document(self, ref: str, *, matter: str | None = None) -> Document:
        """By id, full path or file name, within ``matter``; by id alone, without one
        (among the documents this role may read)."""
        ref = checked_document_ref(ref)
        if matter is None:
            if not ref.isdigit():
                raise NotFoundError(f"{ref!r}: name a matter, or give a document id")
            return self.corpus.document(int(ref))
        m = self.matter(matter)
        if ref.isdigit():
            rows = self._conn.execute(
                f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, %s)", (m.id, int(ref))
            ).fetchall()
        else:
            rows = self._conn.execute(
                f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, NULL) WHERE status != "
                "'retired' AND (path = %s OR right(path, %s) = %s)",
                (m.id, ref, len(ref) + 1, "/" + ref),
            ).fetchall()
        if len(rows) != 1:
            problem = "no document" if not rows else f"{len(rows)} documents (use an id)"
            raise NotFoundError(f"{ref!r} names {problem} in matter {matter!r}")
        return document_from_row(rows[0])

    def pages(self, document: Document) -> list[Page]:
        return self.corpus.pages(int(document.id))

    def text(self, document: Document) -> str:  # the document's text, as pushed
        row = self._conn.execute("SELECT document_text(%s)", (int(document.id),)).fetchone()
        if row is None or row[0] is None:
            raise NotFoundError(f"no document with id {document.id} on {self.where}")
        return str(row[0])

    def page_image(self, document: Document, page: int, *, zoom: float = 1.5) -> bytes:
        """As :meth:`Workspace.page_image`: from the file, where this computer reaches
        the path it was ingested from (a share); an IngestError otherwise."""
        return self.local.page_image(document, page, zoom=zoom)

    def quote_rects(
        self, document: Document, page: int, quote: str
    ) -> list[tuple[float, float, float, float]]:
        return self.local.quote_rects(document, page, quote)

    def pending(self, matter: str | None = None) -> dict[int, int]:
        """Fragments still without a vector, per document: none the window must wait
        for here (the server's ingest embeds them; search covers both lists)."""
        return {}

    def check_sources(
        self, *, matter: str | None = None, full: bool | None = None
    ) -> CurrencyReport:
        """Nothing to check from a lawyer's computer: the files are the server's ingest's
        (``letadesk ingest --backend`` re-checks them there)."""
        return CurrencyReport(full=bool(full))

    def create_matter(self, name: str) -> Matter:
        raise ConfigError(
            f"matters on {self.where} are created by their ingest: "
            f"letadesk ingest --backend URL --matter {name!r} FOLDER"
        )

    def rename_matter(self, name: str, new_name: str) -> Matter:
        raise ConfigError(f"matters on {self.where} are renamed by IT, not from a workstation")

    @property
    def paths(self) -> Paths:  # this computer's profile: settings, window state, witness
        return self.local.paths

    def generates(self, generator: Generator | None = None) -> bool:
        return self.local.generates(generator)

    def generator(self) -> Generator:  # this computer's configured model, as asks use it
        return self.local.generator()

    def today(self) -> date:  # this computer's calendar
        return self.local.today()

    def grant(self, matter: str, role: str) -> bool:
        return members.grant(self._conn, self._any_matter(matter), role)

    def revoke(self, matter: str, role: str) -> bool:
        return members.revoke(self._conn, self._any_matter(matter), role)

    def members(self, matter: str) -> list[str]:
        return members.members(self._conn, self._any_matter(matter))

    def _any_matter(self, name: str) -> int:
        return int(self.matter(name).id)

    # ---- search and answers -------------------------------------------------------------

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

    def filters(
        self, matter: str, *, document: str | None = None, as_of: date | None = None
    ) -> SearchFilters:
        m = self.matter(matter)
        doc_id = self.document(document, matter=matter).id if document else None
        return SearchFilters(matter_id=m.id, document_id=doc_id, as_of=as_of)

    def search(
        self,
        query: str,
        *,
        matter: str,
        document: str | None = None,
        k: int = 20,
        as_of: date | None = None,
        dense: bool = True,
    ) -> list[Passage]:
        """As :meth:`Workspace.search`, on the server's matter; recorded (naming the role)."""
        return search_on(
            self, self.trail, query, matter=matter, document=document, k=k, as_of=as_of, dense=dense
        )

    @property
    def trail(self) -> audit.ServerAuditTrail:  # asks, searches and draft checks append here
        return audit.ServerAuditTrail(self._conn, self.witness)

    def ask(
        self,
        question: str,
        *,
        matter: str,
        document: str | None = None,
        options: AskOptions | None = None,
        generator: Generator | None = None,
        stage: Callable[[str], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Answer:
        """As :meth:`Workspace.ask`, on the server's matter; the record names the role."""
        return ask_on(
            self,
            self.trail,
            question,
            matter=matter,
            document=document,
            options=options,
            generator=generator,
            stage=stage,
            cancelled=cancelled,
        )

    # ---- the audit trail and the copy from a profile --------------------------------------

    def audit_entries(
        self, *, matter: str | None = None, limit: int | None = None
    ) -> list[AuditEntry]:
        """The records this role may read (its matters' and its own), newest first."""
        matter_id = int(self.matter(matter).id) if matter else None
        return audit.entries(self._conn, matter_id=matter_id, limit=limit)

    def audit_check(self) -> AuditCheck:
        return audit.check(self._conn, self.witness)

    def audit_export(self, target: Path) -> int:
        """The records this role may read, with their chain hashes, as JSON lines."""
        return export_rows(audit.chain_rows(self._conn), target)

    def pull(self, matters: list[str] | None = None) -> PushReport:
        """Copy the server (or its ``matters``) into the empty local profile: .pull."""
        return pull(self._conn, self.local, matters)

    def push(self, matters: list[str] | None = None) -> PushReport:
        """Copy the local profile (or its ``matters``) here: :mod:`letadesk.server.push`."""
        return Pusher(self.local, self._conn).push(matters, audit=matters is None)
