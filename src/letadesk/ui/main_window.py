"""The main window: matters and documents on the left, question and answer in the
middle, the cited source on the right. Long work runs in two engine threads, one for
documents and one for questions: a question is answered while documents are added, and
only what conflicts is disabled (a second add or a delete while one runs, a second
question, renaming or deleting the matter being worked on, settings while any runs).
On the firm server it is a lawyer's window onto the server's matters (ui.firm_mode)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow

from letadesk.config import Settings
from letadesk.domain import Answer, IngestReport
from letadesk.ui import window_messages
from letadesk.ui.answer_view import AnswerView
from letadesk.ui.ask_panel import AskPanel
from letadesk.ui.audit_view import AuditView
from letadesk.ui.conversation_view import Conversations, ConversationView
from letadesk.ui.documents_panel import DocumentsPanel
from letadesk.ui.draft_view import DraftView
from letadesk.ui.engine import EngineThread
from letadesk.ui.firm_mode import apply_firm_mode, open_window_profile
from letadesk.ui.matters_panel import MattersPanel
from letadesk.ui.profile import FirmServer
from letadesk.ui.resources import SAMPLE_MATTER, sample_matter_dir
from letadesk.ui.review_view import ReviewView
from letadesk.ui.source_viewer import SourceViewer
from letadesk.ui.window_build import (
    PaneFolder,
    build_layout,
    build_tabs,
    connect_panels,
    list_timer,
    status_bar,
)
from letadesk.ui.window_menu import build_menus
from letadesk.ui.window_state import last_matter, save_state
from letadesk.workspace import Workspace


def _when_open(method: Callable[..., None]) -> Callable[..., None]:
    """Engine events still queued when the window shuts down are dropped."""

    @functools.wraps(method)
    def handler(self: MainWindow, *args: object) -> None:
        if not self._closed:
            method(self, *args)

    return handler


class MainWindow(QMainWindow):
    _start_ingest = Signal(list, str)
    _start_ask = Signal(str, str, object, object, str)
    _start_delete = Signal(str)
    _start_manage = Signal(str, str, list)
    _start_check = Signal()

    def __init__(
        self, data_dir: str | Path | None = None, *, server: FirmServer | None = None
    ) -> None:
        super().__init__()
        self.local = Workspace.open(data_dir)  # ws: where it reads and asks (ui.firm_mode)
        self.ws, self.server_where = open_window_profile(self.local, server)
        self.work = ""  # the documents engine's task: "" | "ingest" | "delete"
        self.work_matter = ""  # the matter it works on
        self.asking = ""  # the matter a question is being answered in; "" when none
        self.last_error = ""
        self.last_report: IngestReport | None = None
        self._cancelled_paths: list[str] = []  # an add that was cancelled: Resume reads them
        self._adding: list[str] = []
        self._closed = False
        self.setWindowTitle(self.tr("LetaDesk"))
        self.matters = MattersPanel(self.ws)
        self.documents = DocumentsPanel(self.ws)
        self.ask_panel = AskPanel()
        self.answer_view = AnswerView()
        self.audit_view = AuditView(self.ws)
        self.viewer = SourceViewer(self.ws)
        self.review_view = ReviewView(self.ws, server=server)  # each its own engine
        self.draft_view = DraftView(self.ws, server=server)
        self.conversation = ConversationView(self.answer_view)
        self.conversations = Conversations(self.conversation, self.ask_panel, self.ask, self.ws)
        pages = (self.conversation, self.audit_view, self.review_view, self.draft_view)
        self.tabs = build_tabs(self, *pages)
        bar = status_bar(self, self.cancel)
        self.status_label, self.work_label, self.progress, self.cancel_button = bar
        self.splitter, self.side = build_layout(
            self,
            (self.matters, self.documents),
            (self.ask_panel, self.tabs),
            self.viewer,
            self.ws.paths.root,
        )
        self.folder = PaneFolder(self.tabs, self.review_view, self.side, self.viewer)
        self._list_timer = list_timer(self, lambda: self.documents.refresh(check=False))
        self.export_action, self.settings_action = build_menus(
            self,
            answers=self.answer_view,
            history=self.audit_view,
            open_settings=self.open_settings,
            refresh_documents=self.documents.refresh,
            profile=self.ws.paths.root,
        )
        self._documents_engine = EngineThread(self.ws.paths.root, self, name="documents")
        self._engine = EngineThread(self.ws.paths.root, self, name="answers", server=server)
        self._connect()
        apply_firm_mode(self)
        self.ask_panel.show_settings(self.ws.settings, self.ws.generates())
        self.matters.refresh(select=last_matter(self.ws.paths.root) or None)
        self.sources_checked = False  # the currency check on start has reported
        self._start_check.emit()

    # ---- construction ------------------------------------------------------------------

    def _connect(self) -> None:
        documents, answers = self._documents_engine.engine, self._engine.engine
        self._start_ingest.connect(documents.ingest)
        self._start_delete.connect(documents.delete_matter)
        self._start_check.connect(documents.check_sources)
        self._start_ask.connect(answers.ask)
        self._start_manage.connect(documents.manage)
        documents.managed.connect(self._managed)
        documents.sources_checked.connect(self._sources_checked)
        documents.ingest_progress.connect(self._ingest_progress)
        documents.embed_progress.connect(self._embed_progress)
        documents.ingest_done.connect(self._ingest_done)
        documents.matter_deleted.connect(self._matter_deleted)
        answers.stage.connect(self._stage)
        answers.answered.connect(self._answered)
        for engine in (documents, answers):
            engine.cancelled.connect(self._cancelled)
            engine.failed.connect(self._failed)
            engine.finished.connect(self._finished)
        connect_panels(self)

    @property
    def engine(self):  # the engine that answers questions
        return self._engine.engine

    @property
    def documents_engine(self):  # the engine that adds and deletes documents
        return self._documents_engine.engine

    @property
    def task(self) -> str:
        """What runs: "" when idle, else "ingest", "delete", "ask" or e.g. "ingest+ask"."""
        return "+".join(t for t in (self.work, "ask" if self.asking else "") if t)

    @property
    def matter(self) -> str:
        return self.matters.current()

    # ---- actions -----------------------------------------------------------------------

    def add_paths(self, paths: list[str], matter: str | None = None, resume: bool = False) -> bool:
        """Add ``paths`` to ``matter``; ``resume``: finish what a cancelled add left (its
        unread files, the passages not yet indexed)."""
        target = matter or self.matter
        if self.work or self.server_where or not target or not (paths or resume):
            return False
        message = self.tr("Resuming…") if resume else self.tr("Reading documents…")
        self._begin("ingest", message, target)
        self._adding = [str(p) for p in paths]
        self._start_ingest.emit(self._adding, target)
        return True

    def resume(self) -> bool:
        return self.add_paths(list(self._cancelled_paths), resume=True)

    def manage(self, action: str, document_ids: list[str]) -> bool:
        """Verify, un-verify, re-index or remove documents of the current matter."""
        if self.work or self.server_where or not self.matter or not document_ids:
            return False
        self._begin("manage", self.tr("Updating documents…"), self.matter)
        self._start_manage.emit(action, self.matter, list(document_ids))
        return True

    def ask(
        self,
        question: str,
        as_of: date | None = None,
        generate: bool | None = None,
        follow_up: bool = False,
    ) -> bool:
        """Start answering ``question`` (False while another question is answered, or with
        no matter); ``generate`` None follows the settings' generation mode; ``follow_up``:
        where the matter's last question was asked (:mod:`letadesk.ui.conversation`)."""
        if self.asking or not self.matter:
            return False
        documents = functools.partial(self.ws.documents.all, self.matter)
        scope = self.conversations.begin(self.matter, question, as_of, follow_up, documents)
        self._begin("ask", "", self.matter)
        self.answer_view.show_message(self.tr("Working on: {q}").format(q=question))
        self._start_ask.emit(question, self.matter, scope.as_of, generate, scope.document_id)
        return True

    def delete_matter(self, name: str) -> None:
        if not self.work and name != self.asking:
            self._begin("delete", self.tr("Deleting {name}…").format(name=name), name)
            self._start_delete.emit(name)

    def cancel(self) -> None:
        """Cancel adding documents (the status bar's Cancel)."""
        if self.work:
            self._documents_engine.cancel()
            self.work_label.setText(self.tr("Cancelling…"))

    def cancel_question(self) -> None:
        """Cancel the question being answered (the ask panel's Cancel)."""
        if self.asking:
            self._engine.cancel()
            self.status_label.setText(self.tr("Cancelling…"))

    def load_sample_matter(self) -> bool:
        """First run: the fictional sample matter, so a new user sees an answer at once."""
        folder = sample_matter_dir()
        if self.server_where or self.ws.matters.all() or not folder.is_dir():
            return False
        self.matters.create_matter(SAMPLE_MATTER)
        self.ask_panel.set_question(
            self.tr("How long do the confidentiality obligations survive termination?")
        )
        self.ask_panel.extract_only.setChecked(True)  # an answer within a second
        return self.add_paths([str(folder)], SAMPLE_MATTER)

    def open_settings(self) -> None:
        from letadesk.ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.ws.paths, self.ws.settings, self)
        if dialog.exec():
            self.apply_settings(dialog.settings)

    def apply_settings(self, settings: Settings) -> None:
        self.local.settings = settings  # a firm-server session reads the local settings
        self._documents_engine.reset()
        self._engine.reset()
        self.review_view.reset()
        self.draft_view.reset()
        self.ask_panel.show_settings(settings, self.ws.generates())
        self.status_label.setText(self.tr("Settings saved."))

    # ---- engine events -----------------------------------------------------------------

    def _begin(self, task: str, message: str, matter: str = "") -> None:
        self.last_error = ""
        if task == "ask":
            self.asking = matter or self.matter
        else:
            self.work, self.work_matter = task, matter
            self.progress.setRange(0, 0)
        self._report(task, message)
        self._update_controls()

    def _report(self, task: str, message: str) -> None:
        """Say how ``task`` is going or ended (documents work beside the progress bar,
        the rest on the left); the window is freed when the engine says it finished."""
        (self.status_label if task == "ask" else self.work_label).setText(message)

    def _update_controls(self) -> None:
        """Disable only what conflicts with the work under way."""
        working = bool(self.work)
        self.progress.setVisible(working)
        self.cancel_button.setVisible(self.work == "ingest")
        busy = {self.work_matter, self.asking} - {""}
        current = self.matter
        self.matters.set_locked(rename=current in busy, delete=working or current in busy)
        self.documents.set_busy(working)
        self.ask_panel.set_busy(bool(self.asking), asking=bool(self.asking))
        self.settings_action.setEnabled(not (working or self.asking))

    @_when_open
    def _finished(self, task: str) -> None:
        # The one place a task ends: the engine's last signal for it, after its result.
        # Ending on the result instead let that last signal arrive after the next
        # question had started and end it, so the window looked idle while working.
        if task == "ask":
            self.asking = ""
        else:
            self.work = self.work_matter = ""
        self._update_controls()

    @_when_open
    def _stage(self, name: str) -> None:
        self.ask_panel.show_stage(name)

    @_when_open
    def _ingest_progress(self, done: int, total: int, path: str) -> None:
        if self.work_matter == self.matter and not self._list_timer.isActive():
            self._list_timer.start()
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        if not self._cancelling():
            self.work_label.setText(window_messages.reading(done, total, path))

    def _cancelling(self) -> bool:
        """A cancel was asked for: "Cancelling…" stays until the engine stops."""
        return bool(self.documents_engine.cancel_event.is_set())

    @_when_open
    def _embed_progress(self, done: int, total: int, _what: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        if self._cancelling():
            return
        self.work_label.setText(window_messages.indexing(done, total))

    @_when_open
    def _ingest_done(self, report: IngestReport) -> None:
        self.last_report = report
        self._cancelled_paths = self._adding if report.cancelled else []
        self._list_timer.stop()
        self.documents.refresh()
        self.review_view.refresh_documents()
        self._report("ingest", window_messages.ingest_summary(report))

    @_when_open
    def _answered(self, answer: Answer) -> None:
        self.conversations.answered(answer)
        self.viewer.clear()  # the previous answer's document and find text go
        self.tabs.setCurrentWidget(self.conversation)
        self.audit_view.refresh()
        self.export_action.setEnabled(bool(answer.audit_id))
        self._report("ask", window_messages.answered(answer))

    @_when_open
    def _managed(self, _action: str) -> None:
        self.documents.refresh()
        self.review_view.refresh_documents()
        self._report("manage", self.tr("Documents updated."))

    @_when_open
    def _sources_checked(self, _report: object) -> None:
        self.sources_checked = True
        self.documents.refresh()

    @_when_open
    def _matter_deleted(self, name: str) -> None:
        self.matters.refresh()
        self._report("delete", self.tr("Deleted {name}.").format(name=name))

    @_when_open
    def _cancelled(self, task: str) -> None:
        if task == "ask":
            self.answer_view.show_message(self.tr("Cancelled."))
        self.documents.refresh()
        self._report(task, self.tr("Cancelled."))

    @_when_open
    def _failed(self, task: str, message: str) -> None:
        self.last_error = message
        if task == "ask":
            self.answer_view.show_message(
                self.tr("The question could not be answered: {m}").format(m=message)
            )
        self.documents.refresh()
        self.matters.refresh()
        self._report(task, self.tr("Error: {m}").format(m=message))

    def _matter_changed(self, matter: str) -> None:
        self._update_controls()
        self.documents.set_matter(matter)
        self.audit_view.set_matter(matter)
        self.review_view.set_matter(matter)
        self.draft_view.set_matter(matter)
        self.conversations.show(matter)
        self.answer_view.show_message(self.tr("Ask a question to see a grounded answer here."))
        self.viewer.clear()
        self.export_action.setEnabled(False)

    # ---- closing -----------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop the engine thread and close the workspace (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._documents_engine.stop()
        self._engine.stop()
        self.review_view.shutdown()
        self.draft_view.shutdown()
        self.ws.close()  # the firm server's session, or the profile itself
        self.local.close()  # (closing twice is harmless)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closed:
            save_state(self, self.splitter, self.ws.paths.root, matter=self.matter)
        self.shutdown()
        super().closeEvent(event)
