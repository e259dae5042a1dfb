"""The Answer tab: the matter's conversation above the answer. Each question of the
session is a line of the thread (the question, then the answer's first words or that it
was refused); selecting one shows its answer again, "New conversation" starts afresh.
What a follow-up inherits is said in words (:func:`follow_up_note`) above its answer
and beside the ask panel's Follow-up box."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from letadesk.answer.from_record import answer_from_record
from letadesk.domain import Answer, Document
from letadesk.errors import LetaDeskError
from letadesk.profile import Profile
from letadesk.text import one_line, shorten
from letadesk.ui.answer_view import AnswerView
from letadesk.ui.ask_panel import AskPanel
from letadesk.ui.conversation import FollowUp, Scope, Thread, Turn
from letadesk.ui.text_fit import plain_tip
from letadesk.ui.window_state import set_thread_start, thread_start

KEPT = 20  # questions of a matter's conversation restored from the audit trail
_GIST = 90  # characters of an answer's first claim in its thread line
_NAME = 70  # characters of a document's name in a note (the whole name is in the list)


def _tr(text: str) -> str:
    return QCoreApplication.translate("ConversationView", text)


def scope_text(scope: Scope) -> str:
    """Where a question is asked, in words: "in <document>" or "in the whole matter",
    and "as of <date>" when one is set."""
    where = (
        _tr("in {document}").format(document=shorten(scope.document, _NAME))
        if scope.document_id
        else _tr("in the whole matter")
    )
    if scope.as_of is not None:
        where += " " + _tr("as of {date}").format(date=scope.as_of.isoformat())
    return where


def follow_up_note(follow: FollowUp, previous: str) -> str:
    """What a follow-up took from the previous question ``previous``, or named instead."""
    if follow.named:
        text = _tr("Follow-up to “{q}”: asked of {document}, which it names").format(
            q=shorten(previous, 80), document=shorten(follow.named, _NAME)
        )
        if follow.kept_date and follow.scope.as_of is not None:
            text += "; " + _tr("as of {date}").format(date=follow.scope.as_of.isoformat())
        return text + "."
    return _tr("Follow-up to “{q}”: asked {where}, as the previous question was.").format(
        q=shorten(previous, 80), where=scope_text(follow.scope)
    )


def only_note(document: str) -> str:
    return _tr("Asked of {document} only.").format(document=shorten(document, _NAME))


class ConversationView(QWidget):
    """The thread (a short list) over the :class:`AnswerView`."""

    new_requested = Signal()

    def __init__(self, answers: AnswerView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.answers = answers
        self.current = Thread()  # the thread on show
        self.list = QListWidget()
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentRowChanged.connect(self._show_turn)
        self.title = QLabel(_tr("Conversation"))
        self.title.setObjectName("hint")
        self.new_button = QPushButton(_tr("New conversation"))
        self.new_button.setToolTip(
            _tr("The next question starts afresh: it inherits no document and no date.")
        )
        self.new_button.clicked.connect(self.new_requested.emit)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.new_button)
        self.head = QWidget()
        head = QVBoxLayout(self.head)
        head.setContentsMargins(0, 0, 0, 0)
        head.addLayout(top)
        head.addWidget(self.list)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.head)
        layout.addWidget(answers, 1)
        self.show_thread(self.current)

    def show_thread(self, thread: Thread) -> None:
        """Show ``thread`` (a matter's): its lines, none selected."""
        self.current = thread
        self.list.blockSignals(True)
        self.list.clear()
        for turn in thread.turns:
            self.list.addItem(self._item(self.list.count() + 1, turn))
        self.list.blockSignals(False)
        self._fit()
        self.head.setVisible(bool(thread.turns))

    def add(self, turn: Turn) -> None:
        """A new answer: a line for it, selected (its answer is on show already)."""
        self.current.add(turn)
        self.list.blockSignals(True)
        self.list.addItem(self._item(len(self.current.turns), turn))
        self.list.setCurrentRow(self.list.count() - 1)
        self.list.blockSignals(False)
        self.list.scrollToBottom()
        self._fit()
        self.head.setVisible(True)

    def _fit(self) -> None:
        """As tall as its lines, up to four (the answer keeps the room)."""
        rows = max(1, min(4, self.list.count()))
        row = self.list.sizeHintForRow(0) if self.list.count() else 18
        self.list.setFixedHeight(rows * max(row, 18) + 2 * self.list.frameWidth() + 2)

    def _item(self, number: int, turn: Turn) -> QListWidgetItem:
        answer = turn.answer
        if answer.answered and answer.claims:
            gist = shorten(one_line(answer.claims[0].text), _GIST)
        else:
            gist = _tr("no answer")
        item = QListWidgetItem(f"{number}. {one_line(turn.question)} — {gist}")
        tip = [turn.question, scope_text(turn.scope)] + ([turn.note] if turn.note else [])
        item.setToolTip(plain_tip("\n".join(tip)))
        return item

    def _show_turn(self, row: int) -> None:
        if 0 <= row < len(self.current.turns):
            turn = self.current.turns[row]
            self.answers.show_answer(turn.answer, note=turn.note)


def scope_for(
    thread: Thread,
    question: str,
    as_of: date | None,
    *,
    follow_up: bool,
    pinned: Scope | None,
    documents: Callable[[], list[Document]],
) -> tuple[Scope, str]:
    """Where ``question`` is asked and the note that says so: of the ``pinned``
    document ("ask about this document only", a question back's provision), else as a
    follow-up of ``thread`` when ``follow_up`` (:meth:`Thread.follow_up`), else of the
    whole matter on ``as_of``."""
    if pinned is not None:
        scope = Scope(pinned.document_id, pinned.document, as_of or pinned.as_of)
        return scope, only_note(pinned.document) if pinned.document_id else ""
    if not (follow_up and thread.turns):
        return Scope(as_of=as_of), ""
    follow = thread.follow_up(question, as_of, documents())
    if not (follow.scope.document_id or follow.scope.as_of):
        return follow.scope, ""  # nothing inherited, nothing to say
    return follow.scope, follow_up_note(follow, thread.turns[-1].question)


class Conversations:
    """Each matter's thread, and the question being answered: where it is asked and the
    note that says so; the window hands each question and answer through here."""

    def __init__(
        self,
        view: ConversationView,
        panel: AskPanel,
        ask: Callable[..., bool],
        ws: Profile | None = None,
    ) -> None:
        """``ws``: where the matters' audit trails are read (a thread is restored from
        its matter's), None for none."""
        self.view, self.panel, self._ask, self._ws = view, panel, ask, ws
        self.threads: dict[str, Thread] = {}
        self.pinned: Scope | None = None  # "ask about this document only", for the next
        self.scope, self.note, self.question = Scope(), "", ""

    def thread(self, matter: str) -> Thread:
        if matter not in self.threads:
            self.threads[matter] = self._restored(matter)
        return self.threads[matter]

    def _restored(self, matter: str) -> Thread:
        """``matter``'s conversation as the audit trail keeps it: its last answers and
        refusals (at most :data:`KEPT`) since its last "New conversation"."""
        if self._ws is None or not matter:
            return Thread()
        start = thread_start(self._ws.paths.root, matter)
        try:
            entries = self._ws.audit.entries(matter=matter, limit=KEPT)
        except LetaDeskError:
            return Thread()
        turns = [
            Turn(str(e.record.get("question", "")), answer_from_record(e.record), Scope())
            for e in reversed(entries)  # oldest first
            if e.seq > start and _done(e.record)
        ]
        return Thread(turns)

    def begin(
        self,
        matter: str,
        question: str,
        as_of: date | None,
        follow_up: bool,
        documents: Callable[[], list[Document]],
    ) -> Scope:
        """Where ``question`` is asked (see :func:`scope_for`); kept for its answer."""
        self.scope, self.note = scope_for(
            self.thread(matter),
            question,
            as_of,
            follow_up=follow_up,
            pinned=self.pinned,
            documents=documents,
        )
        self.pinned, self.question = None, question
        return self.scope

    def answered(self, answer: Answer) -> None:
        """Show ``answer`` with its note, add it to the thread, offer a follow-up."""
        self.view.answers.show_answer(answer, note=self.note)
        previous: QWidget = self.panel.ask_button  # Tab from Ask reaches the chips at once
        for chip in self.view.answers.chips:
            QWidget.setTabOrder(previous, chip)
            previous = chip
        self.view.add(Turn(self.question, answer, self.scope, self.note))
        self.panel.set_follow_up(scope_text(self.view.current.inherited()))

    def ask_again(self, question: str, document_id: str, title: str) -> bool:
        """A question back's provision clicked: ``question`` again, of that document."""
        self.pin(document_id, title)
        return self._ask(question, self.panel.as_of(), None, True)

    def pin(self, document_id: str, title: str) -> None:
        self.pinned = Scope(document_id, title)
        self.panel.set_follow_up(scope_text(self.pinned))
        self.panel.focus_question()

    def show(self, matter: str, *, fresh: bool = False) -> None:
        """The thread of ``matter`` (a new one when ``fresh``), nothing pinned."""
        if fresh:
            self.threads[matter] = Thread()
            if self._ws is not None and matter:
                entries = self._ws.audit.entries(matter=matter, limit=1)
                last = entries[0].seq if entries else 0
                set_thread_start(self._ws.paths.root, matter, last)
        thread = self.thread(matter)
        self.pinned = None
        self.view.show_thread(thread)
        self.panel.set_follow_up(scope_text(thread.inherited()) if thread.turns else "")


def _done(record: dict[str, Any]) -> bool:
    """An answer or a refusal (not a cancelled or failed question)."""
    return (record.get("final") or {}).get("disposition") in ("answered", "refused")
