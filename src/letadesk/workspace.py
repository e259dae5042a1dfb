"""The facade every client (CLI, window, tests) uses: nouns in, verbs here.

A :class:`Workspace` owns one data directory: the SQLite store (source of truth)
and the indexes derived from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from letadesk.answer.ask import AskOptions
from letadesk.config import Paths, Settings
from letadesk.domain import (
    Answer,
    Document,
    Fragment,
    FragmentId,
    IngestReport,
    Matter,
    Page,
    Passage,
    SearchFilters,
)
from letadesk.generate.allowlist import ModelAllowList
from letadesk.generate.configured import generates, make_generator
from letadesk.generate.generator import Generator
from letadesk.ingest.currency import Clock, check_sources, utc_now
from letadesk.ingest.currency import CurrencyReport as CurrencyReport  # the window's type
from letadesk.ingest.pdf_reader import quote_rects, render_page_png
from letadesk.ingest.pipeline import CancelCheck, Progress, ingest
from letadesk.limits import checked_document_ref, checked_name
from letadesk.ports import CorpusReader
from letadesk.privacy import hold_private_umask, release_private_umask, secure_tree
from letadesk.store import audit, audit_check, corpus, fragments, imports, matters
from letadesk.store.audit import AuditEntry as AuditEntry  # the window's type
from letadesk.store.audit_chain import ChainRow
from letadesk.store.audit_check import AuditCheck
from letadesk.store.corpus import LegalMeta as LegalMeta  # the window's type
from letadesk.store.database import copy_database, open_database
from letadesk.store.imports import Copied
from letadesk.store.locks import file_lock
from letadesk.store.purge import PurgeReport, erase_matter, seal_purge
from letadesk.store.review_cells import ReviewCells
from letadesk.store.sqlite_corpus import SqliteCorpus
from letadesk.store.transaction import transaction

if TYPE_CHECKING:
    from letadesk.index.doctor import DoctorReport
    from letadesk.index.sync import IndexSet


class Workspace:
    """One LetaDesk profile: its database and indexes. Not thread-safe; one per thread."""

    def __init__(
        self, paths: Paths, settings: Settings | None = None, *, clock: Clock = utc_now
    ) -> None:
        self.paths = paths
        hold_private_umask()  # everything this workspace creates is 0600/0700
        try:
            secure_tree(paths.root)  # a profile made before that was enforced
            self.settings = settings if settings is not None else Settings.load(paths)
            self._conn = open_database(paths.database, backups=paths.backups)
        except BaseException:
            release_private_umask()
            raise
        self.clock = clock  # now, as an aware UTC datetime (tests advance it)
        self._indexes: IndexSet | None = None
        self._generator: Generator | None = None
        self._closed = False

    @classmethod
    def open(cls, data_dir: str | Path | None = None, *, clock: Clock = utc_now) -> Workspace:
        return cls(Paths.resolve(data_dir), clock=clock)

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

    # ---- matters -------------------------------------------------------------------

    def matters(self) -> list[Matter]:
        return matters.list_matters(self._conn)

    def matter(self, name: str) -> Matter:
        return matters.matter_by_name(self._conn, name)

    def create_matter(self, name: str) -> Matter:
        checked_name(name)
        with transaction(self._conn):
            return matters.ensure_matter(self._conn, name)

    def rename_matter(self, name: str, new_name: str) -> Matter:
        checked_name(new_name)
        with transaction(self._conn):
            matters.rename_matter(self._conn, self.matter(name).id, new_name)
        return self.matter(new_name)

    def delete_matter(self, name: str) -> None:
        matter = self.matter(name)
        with transaction(self._conn):
            doc_ids = matters.delete_matter(self._conn, matter.id)
        self.indexes.forget_documents(doc_ids)

    def purge_matter(self, name: str) -> PurgeReport:
        """Destroy a matter: its documents, pages, fragments and vectors, its lexical
        entries (the index is rebuilt so that no segment keeps them), the text of its
        audit records (replaced by hashes; the chain still verifies) and the migration
        backups that hold it; then VACUUM so that no freed page keeps its text. The
        purge itself is recorded in the audit trail (by matter id, without its name)."""
        matter = self.matter(name)
        doc_ids, records = erase_matter(self._conn, matter)
        self.indexes.forget_documents(doc_ids)
        self.indexes.rebuild_lexical()
        return seal_purge(self._conn, self.paths.backups, matter, len(doc_ids), records)

    # ---- documents -----------------------------------------------------------------

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
        target = self.create_matter(matter)
        with file_lock(
            self.paths.locks / f"matter-{target.id}.lock",
            busy=f"matter {target.name!r} is being ingested by another LetaDesk",
            wait=False,
        ):
            report = ingest(
                self._conn,
                target,
                [Path(p) for p in paths],
                settings=self.settings,
                meta=meta,
                progress=progress,
                cancelled=cancelled,
            )
            complete = self.indexes.sync(progress=embed_progress, cancelled=cancelled)
        pending = self.indexes.pending(target.id)
        paths_of = {int(d.id): d.path for d in corpus.list_documents(self._conn, target.id)}
        report.pending = sorted(paths_of[i] for i in pending if i in paths_of)
        report.pending_passages = sum(pending.values())
        waiting = set(report.pending)
        report.indexed = [p for p in report.indexed if p not in waiting]
        report.cancelled = report.cancelled or not complete
        return report

    def remove_document(self, document: Document, *, reread: bool = False) -> None:
        """Take ``document`` out of its matter and every index; ``reread``: it stays
        listed, and the next ingest of its file reads it again (a re-index)."""
        with transaction(self._conn):
            matters.remove_document(self._conn, document.id, reread=reread)
        self.indexes.forget_documents([int(document.id)])

    def pending(self, matter: str | None = None) -> dict[int, int]:
        """Document id -> how many of its passages are not yet in the index (a cancelled
        ingest stopped their indexing; the next ingest resumes them). {} when none."""
        matter_id = self.matter(matter).id if matter else None
        return self.indexes.pending(matter_id)

    def documents(self, matter: str | None = None, *, failed_only: bool = False) -> list[Document]:
        matter_id = self.matter(matter).id if matter else None
        return corpus.list_documents(self._conn, matter_id, failed_only=failed_only)

    def document(self, ref: str, *, matter: str | None = None) -> Document:
        matter_id = self.matter(matter).id if matter else None
        return corpus.find_document(self._conn, checked_document_ref(ref), matter_id)

    def fragments(self, document: Document) -> list[Fragment]:
        return fragments.fragments_of(self._conn, document.id)

    def pages(self, document: Document) -> list[Page]:
        return fragments.pages(self._conn, document.id)

    def text(self, document: Document) -> str:  # the document's stored text
        return corpus.document_text(self._conn, document.id)

    def page_image(self, document: Document, page: int, *, zoom: float = 1.5) -> bytes:
        """PNG of 1-based ``page`` of a PDF document, read from its file, at ``zoom``
        (1.0 = 72 dpi); an IngestError when the file or the page cannot be read."""
        return render_page_png(Path(document.path), page, zoom)

    def quote_rects(
        self, document: Document, page: int, quote: str
    ) -> list[tuple[float, float, float, float]]:
        """Where ``quote`` stands on 1-based ``page`` of a PDF document: (x0, y0, x1, y1)
        in PDF points (times the zoom: pixels of :meth:`page_image`); [] when not there."""
        return quote_rects(Path(document.path), page, quote)

    def check_sources(
        self, *, matter: str | None = None, full: bool | None = None
    ) -> CurrencyReport:
        """Mark documents whose file changed or disappeared since indexing as stale (and
        clear the mark of those matching again): size and time first, a full re-hash
        when ``source_check_days`` have passed since the last (``full`` forces either)."""
        matter_id = self.matter(matter).id if matter else None
        return check_sources(
            self._conn,
            now=self.clock(),
            every_days=self.settings.source_check_days,
            matter_id=matter_id,
            full=full,
        )

    def set_legal_meta(
        self, document: Document, meta: LegalMeta, *, verified: bool | None = None
    ) -> None:
        with transaction(self._conn):
            corpus.set_legal_meta(self._conn, document.id, meta, verified=verified)
        self.indexes.sync()

    def status(self) -> dict[str, int]:
        return corpus.counts(self._conn)

    @property
    def corpus(self) -> CorpusReader:
        return SqliteCorpus(self._conn)  # the stored documents, as the gates read them

    @property
    def review_cells(self) -> ReviewCells:
        return ReviewCells(self._conn)  # the review grid's cells (letadesk.review.grid)

    def copy_database(self, target: Path) -> None:
        copy_database(self._conn, target)  # a consistent snapshot (SQLite's online backup)

    # ---- the audit trail ------------------------------------------------------------

    def audit_entries(
        self, *, matter: str | None = None, limit: int | None = None
    ) -> list[AuditEntry]:
        """Audit records, newest first: every matter's, or ``matter``'s only."""
        matter_id = self.matter(matter).id if matter else None
        return audit.entries(self._conn, matter_id=matter_id, limit=limit)

    def audit_entry(self, audit_id: str) -> AuditEntry | None:
        return audit.entry(self._conn, audit_id)

    def audit_check(self) -> AuditCheck:
        """Every record against its hash and the chain, the chain against its keyed head."""
        return audit_check.check(self._conn)

    def audit_export(self, target: Path) -> int:
        """Every record with its chain hashes, as JSON lines in ``target``; the count."""
        return audit.export(self._conn, target)

    def import_copy(
        self, copied: Copied, audit_rows: Sequence[ChainRow], identity: tuple[str, int] | None
    ) -> None:
        """This empty profile filled from the firm server (store.imports), then indexed."""
        rows, vectors = imports.import_copy(self._conn, copied, audit_rows)
        self.indexes.sync(embed=False)
        if identity is not None and rows:
            self.indexes.import_vectors(identity, rows, vectors)
        self.indexes.sync()

    def audit_rows(self) -> list[ChainRow]:  # every record as chained (a copy to a server)
        return list(audit.chain_rows(self._conn))

    # ---- indexes -------------------------------------------------------------------

    @property
    def indexes(self) -> IndexSet:
        if self._indexes is None:
            from letadesk.index.sync import IndexSet

            self._indexes = IndexSet(self._conn, self.paths, self.settings)
        return self._indexes

    def fragments_by_ids(self, ids: Sequence[int]) -> dict[FragmentId, Fragment]:
        return fragments.fragments_by_ids(self._conn, ids)

    def doctor(self, *, repair: bool = False) -> DoctorReport:
        from letadesk.index.doctor import doctor

        return doctor(self._conn, self.indexes, repair=repair)

    # ---- retrieval and answers -----------------------------------------------------

    def filters(
        self, matter: str, *, document: str | None = None, as_of: date | None = None
    ) -> SearchFilters:
        m = self.matter(matter)
        doc_id = (
            corpus.find_document(self._conn, checked_document_ref(document), m.id).id
            if document
            else None
        )
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
        most ``k`` (1 to :data:`~letadesk.limits.MAX_K`); recorded in the audit trail
        (:func:`letadesk.retrieve.search.search_on`, which checks the query and ``k``)."""
        from letadesk.retrieve.search import search_on

        return search_on(
            self, self.trail, query, matter=matter, document=document, k=k, as_of=as_of, dense=dense
        )

    @property
    def trail(self) -> audit.SqliteAuditTrail:  # asks, searches and draft checks append here
        return audit.SqliteAuditTrail(self._conn)

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
        answering fails (a model that does not load, a cancel): the error is then recorded
        and raised. A question that is empty or over the cap
        (:func:`~letadesk.limits.checked_question`), or names no matter or document, is a
        usage error raised before anything is asked, and leaves none.

        Options that leave ``generate`` to the settings (None) follow
        :meth:`generates` for ``generator`` (a model handed in) or the configured one."""
        from letadesk.answer.recorded import ask_on

        with self.indexes.questions.answering():  # an ingest's embedding waits meanwhile
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

    def generates(self, generator: Generator | None = None) -> bool:
        """Whether a model drafts answers (:func:`letadesk.generate.configured.generates`)."""
        return generates(self.settings, generator)

    def generator(self) -> Generator:
        """The configured model: the firm's model server, or the local one (loaded once)."""
        if self._generator is None:
            known = ModelAllowList(self.paths.allowed_models)
            self._generator = make_generator(self.settings, known)
        return self._generator
