"""``workspace.documents``: this computer's documents (:class:`letadesk.profile.Documents`),
and what only this computer does to them: ingest, remove, set their legal metadata."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from letadesk.config import Paths, Settings
from letadesk.domain import Document, Fragment, FragmentId, IngestReport, Page
from letadesk.ingest.currency import Clock, CurrencyReport, check_sources
from letadesk.ingest.pdf_reader import quote_rects, render_page_png
from letadesk.ingest.pipeline import CancelCheck, Progress, ingest
from letadesk.limits import checked_document_ref
from letadesk.store import corpus, fragments, matters
from letadesk.store.corpus import LegalMeta
from letadesk.store.database import Connection
from letadesk.store.locks import file_lock
from letadesk.store.transaction import transaction
from letadesk.workspace.matters import LocalMatters

if TYPE_CHECKING:
    from letadesk.index.sync import IndexSet


class Home(Protocol):
    """What the documents read of their profile (:class:`letadesk.workspace.Workspace`):
    its folders, its settings (which the window may replace) and its clock."""

    @property
    def paths(self) -> Paths: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def indexes(self) -> IndexSet: ...


class LocalDocuments:
    """The documents of the profile on ``conn``, in the matters of ``matters``."""

    def __init__(self, conn: Connection, matters: LocalMatters, home: Home) -> None:
        self._conn = conn
        self._matters = matters
        self._home = home

    def all(self, matter: str | None = None, *, failed_only: bool = False) -> list[Document]:
        matter_id = self._matters.id_of(matter)
        return corpus.list_documents(self._conn, matter_id, failed_only=failed_only)

    def find(self, ref: str, *, matter: str | None = None) -> Document:
        matter_id = self._matters.id_of(matter)
        return corpus.find_document(self._conn, checked_document_ref(ref), matter_id)

    def fragments(self, document: Document) -> list[Fragment]:
        return fragments.fragments_of(self._conn, document.id)

    def fragments_by_ids(self, ids: Sequence[int]) -> dict[FragmentId, Fragment]:
        return fragments.fragments_by_ids(self._conn, ids)

    def pages(self, document: Document) -> list[Page]:
        return fragments.pages(self._conn, document.id)

    def text(self, document: Document) -> str:  # the document's stored text
        return corpus.document_text(self._conn, document.id)

    def page_image(self, document: Document, page: int, *, zoom: float = 1.5) -> bytes:
        return render_page_png(Path(document.path), page, zoom)

    def quote_rects(
        self, document: Document, page: int, quote: str
    ) -> list[tuple[float, float, float, float]]:
        return quote_rects(Path(document.path), page, quote)

    def counts(self) -> dict[str, int]:
        """How many matters, documents, fragments, … the profile holds."""
        return corpus.counts(self._conn)

    def pending(self, matter: str | None = None) -> dict[int, int]:
        """Document id -> how many of its passages are not yet in the index (a cancelled
        ingest stopped their indexing; the next ingest resumes them). {} when none."""
        return self._home.indexes.pending(self._matters.id_of(matter))

    def check_sources(
        self, *, matter: str | None = None, full: bool | None = None
    ) -> CurrencyReport:
        """Mark documents whose file changed or disappeared since indexing as stale (and
        clear the mark of those matching again): size and time first, a full re-hash
        when ``source_check_days`` have passed since the last (``full`` forces either)."""
        return check_sources(
            self._conn,
            now=self._home.clock(),
            every_days=self._home.settings.source_check_days,
            matter_id=self._matters.id_of(matter),
            full=full,
        )

    def set_legal_meta(
        self, document: Document, meta: LegalMeta, *, verified: bool | None = None
    ) -> None:
        with transaction(self._conn):
            corpus.set_legal_meta(self._conn, document.id, meta, verified=verified)
        self._home.indexes.sync()

    def remove(self, document: Document, *, reread: bool = False) -> None:
        """Take ``document`` out of its matter and every index; ``reread``: it stays
        listed, and the next ingest of its file reads it again (a re-index)."""
        with transaction(self._conn):
            matters.remove_document(self._conn, document.id, reread=reread)
        self._home.indexes.forget_documents([int(document.id)])

    def ingest(
        self,
        paths: Iterable[str | Path],
        *,
        matter: str,
        meta: LegalMeta | None = None,
        progress: Progress | None = None,
        embed_progress: Progress | None = None,
        cancelled: CancelCheck | None = None,
    ) -> IngestReport:
        """Ingest files and folders into ``matter`` (created if new), then bring the
        lexical and vector indexes up to date, resuming what an earlier cancel left
        (:meth:`pending`).

        ``cancelled`` is polled while files are parsed and between embedding batches.
        A cancel keeps what was stored: the lexical index is still brought up to date
        (quick), the embedding stops, and the report says which documents are wholly
        indexed and which are pending.

        One ingest per matter at a time: while another process ingests into the same
        matter this raises :class:`BusyError` at once, naming that process."""
        target = self._matters.create(matter)
        indexes = self._home.indexes
        with file_lock(
            self._home.paths.locks / f"matter-{target.id}.lock",
            busy=f"matter {target.name!r} is being ingested by another LetaDesk",
            wait=False,
        ):
            report = ingest(
                self._conn,
                target,
                [Path(p) for p in paths],
                settings=self._home.settings,
                meta=meta,
                progress=progress,
                cancelled=cancelled,
            )
            complete = indexes.sync(progress=embed_progress, cancelled=cancelled)
        return _with_pending(
            report,
            indexes.pending(target.id),
            corpus.list_documents(self._conn, target.id),
            complete,
        )


def _with_pending(
    report: IngestReport, pending: dict[int, int], documents: list[Document], complete: bool
) -> IngestReport:
    """``report`` with the documents whose passages are not all indexed moved from
    ``indexed`` to ``pending`` (a cancel stopped their embedding)."""
    paths_of = {int(d.id): d.path for d in documents}
    report.pending = sorted(paths_of[i] for i in pending if i in paths_of)
    report.pending_passages = sum(pending.values())
    waiting = set(report.pending)
    report.indexed = [p for p in report.indexed if p not in waiting]
    report.cancelled = report.cancelled or not complete
    return report
