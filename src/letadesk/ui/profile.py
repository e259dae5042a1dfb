"""What the window reads and asks through: this computer's :class:`Workspace`, or a
session on the firm server (``letadesk.server.workspace.ServerWorkspace``, which the CLI
opens: ``ui`` and ``server`` are sibling layers, so the window is handed an opener and
never imports the server itself).

On the firm server the window is a lawyer's window: it lists the matters the role may
read, answers questions there (the server's audit trail records who asked) and opens the
cited passages; it fills review grids there (each lawyer's cells their own) and checks
drafts against the server's matters. Documents are added to the server by its ingest
(``letadesk ingest --backend``), so adding, renaming and deleting are not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from letadesk.answer.ask import AskOptions
from letadesk.config import Paths, Settings
from letadesk.domain import Answer, Document, Matter, Page
from letadesk.draft.check import DraftTarget
from letadesk.generate.generator import Generator
from letadesk.review.grid import ReviewTarget
from letadesk.workspace import AuditEntry, CurrencyReport, Workspace


class WindowProfile(ReviewTarget, DraftTarget, Protocol):
    """The part of a workspace the window's panels and its engines use (a review grid's
    and a draft check's target, and more)."""

    settings: Settings

    @property
    def paths(self) -> Paths: ...

    def matters(self) -> list[Matter]: ...

    def create_matter(self, name: str) -> Matter: ...

    def rename_matter(self, name: str, new_name: str) -> Matter: ...

    def pages(self, document: Document) -> list[Page]: ...

    def text(self, document: Document) -> str: ...

    def page_image(self, document: Document, page: int, *, zoom: float = 1.5) -> bytes: ...

    def quote_rects(
        self, document: Document, page: int, quote: str
    ) -> list[tuple[float, float, float, float]]: ...

    def pending(self, matter: str | None = None) -> dict[int, int]: ...

    def check_sources(
        self, *, matter: str | None = None, full: bool | None = None
    ) -> CurrencyReport: ...

    def audit_entries(
        self, *, matter: str | None = None, limit: int | None = None
    ) -> list[AuditEntry]: ...

    def generates(self, generator: Generator | None = None) -> bool: ...

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
    ) -> Answer: ...

    def close(self) -> None: ...


class FirmServer(Protocol):
    """How the window reaches the firm server: ``where`` it is (host and database, safe
    to show) and ``open``, a session beside a local profile (one per thread: a
    connection is not shared between threads)."""

    where: str

    def open(self, local: Workspace) -> WindowProfile: ...
