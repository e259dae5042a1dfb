"""Long work off the GUI thread: ingest, embedding, answering, filling a review grid,
checking a draft, matter deletion, the check of the sources on disk.

An :class:`Engine` lives in its own ``QThread`` and owns its own
:class:`~letadesk.workspace.Workspace` (an APSW connection is not thread-safe), opened
on first use on the same data directory as the window's. Requests arrive as queued
signals, callbacks leave as signals, and cancellation is a ``threading.Event`` that
the core's ``cancelled`` callbacks read.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMetaObject, QObject, Qt, QThread, Signal, Slot

from letadesk.answer.ask import AskCancelled, AskOptions
from letadesk.domain import Document
from letadesk.draft.check import check_draft
from letadesk.errors import LetaDeskError
from letadesk.profile import Profile
from letadesk.review.grid import ReviewCell, fill_grid
from letadesk.review.templates import Question
from letadesk.ui.document_actions import manage
from letadesk.ui.profile import FirmServer
from letadesk.workspace import Workspace

log = logging.getLogger(__name__)


class Engine(QObject):
    """Runs one task at a time in its thread; every outcome is a signal. Two engines may
    run side by side, each with its own workspace on the same profile (SQLite in WAL
    mode, the lexical index read by one while the other writes)."""

    finished = Signal(str)  # a task ended, whatever its outcome (after its result signal)
    ingest_progress = Signal(int, int, str)  # done, total, path
    embed_progress = Signal(int, int, str)
    ingest_done = Signal(object)  # IngestReport
    stage = Signal(str)
    drafting = Signal(int, str)  # tokens the model has drafted, its raw text so far
    answered = Signal(object)  # Answer
    cell_filled = Signal(int, int, object)  # done, total, ReviewCell
    reviewed = Signal(object)  # ReviewGrid (its ``cancelled`` says whether it stopped early)
    matter_deleted = Signal(str)
    cancelled = Signal(str)  # which task
    failed = Signal(str, str)  # which task, message
    sources_checked = Signal(object)  # CurrencyReport of the check on start
    draft_progress = Signal(int, int)  # clauses checked, clauses in all
    draft_checked = Signal(object)  # DraftReport (``cancelled`` when it stopped early)
    managed = Signal(str)  # a document action ended: "verify", "unverify", "reindex", "remove"

    def __init__(self, data_dir: str | Path, server: FirmServer | None = None) -> None:
        super().__init__()
        self.data_dir = str(data_dir)
        self.server = server  # questions go there when set (the window's firm-server mode)
        self.cancel_event = threading.Event()
        self.generator_factory: Callable[[], Any] | None = None  # tests: a scripted model
        self._ws: Workspace | None = None
        self._session: Profile | None = None

    def workspace(self) -> Workspace:
        if self._ws is None:
            self._ws = Workspace.open(self.data_dir)
        return self._ws

    def profile(self) -> Profile:
        """Where questions are answered: this thread's own session on the firm server,
        else the profile."""
        if self.server is None:
            return self.workspace()
        if self._session is None:
            self._session = self.server.open(self.workspace())
        return self._session

    def _cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def _read(self, done: int, total: int, path: str) -> None:
        self.ingest_progress.emit(done, total, path)

    def _embedded(self, done: int, total: int, what: str) -> None:
        self.embed_progress.emit(done, total, what)

    def _stage(self, name: str) -> None:
        self.stage.emit(name)

    def _run(self, task: str, work: Callable[[Workspace], None]) -> None:
        self._run_on(task, work, self.workspace)

    def _run_on(
        self, task: str, work: Callable[[Any], None], target: Callable[[], Profile]
    ) -> None:
        self.cancel_event.clear()
        try:
            work(target())
        except AskCancelled:
            self.cancelled.emit(task)
        except LetaDeskError as exc:
            self.failed.emit(task, str(exc))
        except Exception as exc:  # the window must survive any core failure
            log.exception("%s failed", task)
            self.failed.emit(task, f"{type(exc).__name__}: {exc}")
        finally:
            self.finished.emit(task)

    @Slot(list, str)
    def ingest(self, paths: list[str], matter: str) -> None:
        def work(ws: Workspace) -> None:
            report = ws.documents.ingest(
                paths,
                matter=matter,
                progress=self._read,
                embed_progress=self._embedded,
                cancelled=self._cancelled,
            )
            self.ingest_done.emit(report)

        self._run("ingest", work)

    @Slot(str, str, list)
    def manage(self, action: str, matter: str, document_ids: list[str]) -> None:
        """Verify, un-verify, re-index or remove documents of ``matter``
        (:func:`letadesk.ui.document_actions.manage`); a re-index reports as an add."""

        def work(ws: Workspace) -> None:
            report = manage(
                ws,
                action,
                matter,
                document_ids,
                progress=self._read,
                embed_progress=self._embedded,
                cancelled=self._cancelled,
            )
            if report is not None:
                self.ingest_done.emit(report)
            self.managed.emit(action)

        self._run("manage", work)

    @Slot(str, str, object, object, str)
    def ask(
        self,
        question: str,
        matter: str,
        as_of: date | None,
        generate: bool | None,
        document: str = "",
    ) -> None:
        """Answer ``question`` (of one ``document``, by id, when given); ``generate``
        None follows the settings' generation mode."""

        def work(ws: Profile) -> None:
            options = AskOptions(
                as_of=as_of,
                generate=generate,
                language=ws.settings.language,
                progress=self.drafting.emit,  # a cancel stops the draft at its next token
            )
            generator = self.generator_factory() if self.generator_factory else None
            answer = ws.ask(
                question,
                matter=matter,
                document=document or None,
                options=options,
                generator=generator,
                stage=self._stage,
                cancelled=self._cancelled,
            )
            self.answered.emit(answer)

        self._run_on("ask", work, self.profile)

    @Slot(str, object, object)
    def review(self, matter: str, questions: list[Question], documents: list[Document]) -> None:
        """Fill the review grid of ``documents`` by ``questions`` where questions are
        answered (the firm server when set); stored cells are reused, so a run after a
        cancel asks only the missing ones."""

        def filled(done: int, total: int, cell: ReviewCell) -> None:
            self.cell_filled.emit(done, total, cell)

        def work(ws: Profile) -> None:
            grid = fill_grid(
                ws, matter, questions, documents, progress=filled, cancelled=self._cancelled
            )
            self.reviewed.emit(grid)

        self._run_on("review", work, self.profile)

    @Slot(str, str, object)
    def check_draft(self, path: str, matter: str, as_of: date | None) -> None:
        """Check the draft at ``path`` against ``matter`` (clause by clause, cancellable),
        where questions are answered (the firm server when set)."""

        def work(ws: Profile) -> None:
            report = check_draft(
                ws,
                path,
                matter=matter,
                as_of=as_of,
                progress=self.draft_progress.emit,
                cancelled=self._cancelled,
            )
            self.draft_checked.emit(report)

        self._run_on("draft", work, self.profile)

    @Slot()
    def check_sources(self) -> None:
        """The currency check on start (a full re-hash when one is due). Not a task: the
        window stays usable, and a task asked meanwhile waits for it in this thread."""
        try:
            report = self.workspace().documents.check_sources()
        except Exception as exc:  # the window must survive any core failure
            log.warning("checking the sources on disk failed: %s", exc)
            return
        self.sources_checked.emit(report)

    @Slot(str)
    def delete_matter(self, name: str) -> None:
        def work(ws: Workspace) -> None:
            ws.matters.delete(name)
            self.matter_deleted.emit(name)

        self._run("delete", work)

    @Slot()
    def reset(self) -> None:
        """Forget the workspace (e.g. after settings changed); reopened on next use."""
        if self._session is not None:
            self._session.close()
            self._session = None
        if self._ws is not None:
            self._ws.close()
            self._ws = None


class EngineThread(QObject):
    """The engine with its thread; ``stop()`` cancels, closes the workspace, joins. The
    window runs two: one for documents (adding, deleting, the check of the sources) and
    one for questions, so that a question is answered while documents are indexed."""

    def __init__(
        self,
        data_dir: str | Path,
        parent: QObject | None = None,
        *,
        name: str = "engine",
        server: FirmServer | None = None,
    ) -> None:
        super().__init__(parent)
        self._thread = QThread()
        self._thread.setObjectName(f"letadesk-{name}")
        self.engine = Engine(data_dir, server)
        self.engine.moveToThread(self._thread)
        self._thread.start()

    def cancel(self) -> None:
        self.engine.cancel_event.set()

    def reset(self) -> None:
        QMetaObject.invokeMethod(self.engine, "reset", Qt.ConnectionType.QueuedConnection)

    def stop(self) -> None:
        if not self._thread.isRunning():
            return
        self.cancel()
        QMetaObject.invokeMethod(self.engine, "reset", Qt.ConnectionType.BlockingQueuedConnection)
        self._thread.quit()
        self._thread.wait()
