"""The profile every client types against: one :class:`Profile`, composed of parts.

A profile is this computer's :class:`letadesk.workspace.Workspace` (SQLite and the local
indexes) or a session on the firm server
(:class:`letadesk.server.workspace.ServerWorkspace`). Both subclass :class:`Profile`, and
the CLI, the window, the review grid and the draft check see only it:

- ``profile.matters`` (:class:`Matters`): the matters, by name;
- ``profile.documents`` (:class:`Documents`): a matter's documents, their pages, text
  and page images, and their currency;
- ``profile.audit`` (:class:`AuditLog`): the audit trail every ask, search and draft check
  appends to, and what reads it back;
- ``profile.corpus`` and ``profile.indexes``: what the retrieval cascade and the gates
  read (:mod:`letadesk.ports`); ``profile.review_cells``: the review grid's cells;
- ``profile.search`` and ``profile.ask``: written once, here, for both backends.

What only one backend does stays on it: ingesting, removing and purging on this
computer's profile; granting and copying on the server.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from letadesk.answer.ask import AskOptions
from letadesk.answer.recorded import AskTarget, ask_on
from letadesk.config import Paths
from letadesk.domain import Answer, Document, Matter, Page, Passage, SearchFilters
from letadesk.generate.generator import Generator
from letadesk.ingest.currency import CurrencyReport
from letadesk.ports import AuditTrail
from letadesk.retrieve.search import search_on
from letadesk.store.audit import AuditEntry
from letadesk.store.audit_check import AuditCheck
from letadesk.store.review_cells import CellKey

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points (times the zoom)


class Matters(Protocol):
    """``profile.matters``: the matters this profile (or the server's role) may read."""

    def all(self) -> list[Matter]: ...

    def named(self, name: str) -> Matter:
        """The matter called ``name`` (a NotFoundError when there is none)."""
        ...

    def create(self, name: str) -> Matter: ...

    def rename(self, name: str, new_name: str) -> Matter: ...


class Documents(Protocol):
    """``profile.documents``: the documents of the matters, and what is read of them."""

    def all(self, matter: str | None = None, *, failed_only: bool = False) -> list[Document]:
        """Every matter's documents, or ``matter``'s (only those that failed)."""
        ...

    def find(self, ref: str, *, matter: str | None = None) -> Document:
        """By id, full path or file name, within ``matter``; by id alone without one."""
        ...

    def pages(self, document: Document) -> list[Page]: ...

    def text(self, document: Document) -> str: ...

    def page_image(self, document: Document, page: int, *, zoom: float = 1.5) -> bytes:
        """PNG of 1-based ``page`` of a PDF document, read from its file, at ``zoom``
        (1.0 = 72 dpi); an IngestError when the file or the page cannot be read."""
        ...

    def quote_rects(self, document: Document, page: int, quote: str) -> list[Rect]:
        """Where ``quote`` stands on 1-based ``page`` of a PDF document; [] when not there."""
        ...

    def pending(self, matter: str | None = None) -> dict[int, int]:
        """Document id -> how many of its passages are not in the index yet; {} when none."""
        ...

    def check_sources(
        self, *, matter: str | None = None, full: bool | None = None
    ) -> CurrencyReport:
        """Mark the documents whose file changed or disappeared since indexing as stale."""
        ...


class AuditLog(AuditTrail, Protocol):
    """``profile.audit``: the trail asks, searches and draft checks append to, and what
    reads it back."""

    def entries(self, *, matter: str | None = None, limit: int | None = None) -> list[AuditEntry]:
        """Audit records, newest first: every matter's, or ``matter``'s only."""
        ...

    def check(self) -> AuditCheck:
        """Every record against its hash and the chain, the chain against its head."""
        ...

    def export(self, target: Path) -> int:
        """The records with their chain hashes, as JSON lines in ``target``; the count."""
        ...


class CellStore(Protocol):
    """``profile.review_cells``: the review grid's stored cells."""

    def get(self, key: CellKey) -> dict[str, Any] | None: ...

    def put(self, key: CellKey, cell: dict[str, Any]) -> None: ...


class Profile(AskTarget, Protocol):
    """One profile: its parts, and the two verbs every client uses, :meth:`search` and
    :meth:`ask`, implemented here once for both backends."""

    @property
    def paths(self) -> Paths:
        """This computer's profile: settings, window state, models."""
        ...

    @property
    def matters(self) -> Matters: ...

    @property
    def documents(self) -> Documents: ...

    @property
    def audit(self) -> AuditLog: ...

    @property
    def review_cells(self) -> CellStore: ...

    def close(self) -> None: ...

    def answering(self) -> AbstractContextManager[object]:
        """Held while a question is answered (this computer's ingest waits for it)."""
        return nullcontext()

    def filters(
        self, matter: str, *, document: str | None = None, as_of: date | None = None
    ) -> SearchFilters:
        """The search filters of ``matter`` (and one of its documents, by reference)."""
        m = self.matters.named(matter)
        doc_id = self.documents.find(document, matter=matter).id if document else None
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
        """Ranked fragments for ``query`` (exact reference, hybrid, keyword fallback); at
        most ``k`` (1 to :data:`~letadesk.limits.MAX_K`); recorded in the audit trail."""
        return search_on(
            self, self.audit, query, matter=matter, document=document, k=k, as_of=as_of, dense=dense
        )

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
        """Answer with grounded claims or refuse; always leaves an audit record, also when
        answering fails (the error is then recorded and raised). A question that is empty
        or over the cap, or names no matter or document, is a usage error raised before
        anything is asked, and leaves none. Options that leave ``generate`` to the
        settings follow :meth:`generates` for ``generator`` or the configured model."""
        with self.answering():
            return ask_on(
                self,
                self.audit,
                question,
                matter=matter,
                document=document,
                options=options,
                generator=generator,
                stage=stage,
                cancelled=cancelled,
            )
