"""The question box: question, optional "as of" date, Ask / Cancel, and the stage with
the time it has taken so far. Keyboard: Ctrl+L goes to the question, Enter asks, Esc
cancels the question being answered."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

from PySide6.QtCore import QElapsedTimer, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from letadesk.config import Settings
from letadesk.limits import MAX_QUESTION_CHARS
from letadesk.ui.as_of import AsOfField
from letadesk.ui.i18n import count
from letadesk.ui.text_fit import ElidedLabel


class AskPanel(QWidget):
    # question, as_of (date | None), generate, follow-up (inherits the last question's scope)
    ask_requested = Signal(str, object, bool, bool)
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = QLineEdit()
        self.question.setPlaceholderText(self.tr("Ask a question about this matter's documents…"))
        self.question.returnPressed.connect(self.submit)
        self.ask_button = QPushButton(self.tr("Ask"))
        self.ask_button.setDefault(True)
        self.ask_button.clicked.connect(self.submit)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(lambda: self.cancel_requested.emit())
        self._as_of = AsOfField(self.tr("As of"))
        self.as_of_check, self.as_of_date = self._as_of.check, self._as_of.date
        self.extract_only = QCheckBox(self.tr("Extract only (no model)"))
        self.extract_only.setToolTip(
            self.tr("Answer with verbatim sentences from the sources, without the language model.")
        )
        self.follow_up = QCheckBox(self.tr("Follow-up"))
        self.follow_up.setToolTip(
            self.tr(
                "Ask it of the previous question's document and date, unless it names "
                "another document or you set another date."
            )
        )
        self.follow_up_where = ElidedLabel("")
        self.follow_up_where.setObjectName("hint")
        self.set_follow_up("")
        self.experimental = QLabel(self.tr("drafting: experimental"))
        self.experimental.setObjectName("badge")
        self.experimental.setToolTip(
            self.tr(
                "Only the small built-in model can draft here: it is slow and its drafts "
                "are often rejected by the checks. Extract only gives verbatim passages; "
                "a model file or the firm's model server (Settings) drafts better."
            )
        )
        self.experimental.setVisible(False)
        self.server_label = QLabel()  # the firm's model server, when one drafts
        self.server_label.setObjectName("hint")
        self.server_label.setWordWrap(True)
        self.server_label.setVisible(False)
        self.stage_label = QLabel()
        self.stage_label.setObjectName("stage")
        self._stage = ""
        self._elapsed = QElapsedTimer()
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._show_elapsed)
        self._shortcuts()
        self._layout()

    def _shortcuts(self) -> None:
        for keys, slot in (
            (QKeySequence("Ctrl+L"), self.focus_question),
            (QKeySequence(Qt.Key.Key_Escape), self.cancel),
        ):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(slot)

    def focus_question(self) -> None:
        self.question.setFocus()
        self.question.selectAll()

    def cancel(self) -> None:
        """Cancel the question being answered (Esc); nothing when none is."""
        if self.cancel_button.isVisible():
            self.cancel_requested.emit()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.question, 1)
        top.addWidget(self.ask_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.stage_label)  # beside the question: the options row stays short
        options = QHBoxLayout()
        options.addWidget(self.as_of_check)
        options.addWidget(self.as_of_date)
        options.addSpacing(16)
        options.addWidget(self.extract_only)
        options.addWidget(self.server_label)
        options.addStretch(1)
        follow = QHBoxLayout()
        follow.addWidget(self.follow_up)
        follow.addWidget(self.follow_up_where, 1)
        follow.addWidget(self.experimental)  # not beside Extract only: the row stays short
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(options)
        layout.addLayout(follow)

    def set_question(self, text: str) -> None:
        """Put ``text`` in the question box, its start in view (a long prefilled
        question showed its end)."""
        self.question.setText(text)
        self.question.setCursorPosition(0)

    def set_follow_up(self, where: str) -> None:
        """Offer the next question as a follow-up asked ``where`` ("" : no thread yet,
        nothing to follow up on); ticked whenever offered anew."""
        self.follow_up.setVisible(bool(where))
        self.follow_up.setChecked(bool(where))
        self.follow_up_where.setVisible(bool(where))
        self.follow_up_where.set_full_text(where)

    def set_default_as_of(self, iso: str) -> None:
        if iso:
            self._as_of.set_iso(iso)

    def show_settings(self, settings: Settings, generates: bool) -> None:
        """The settings' default date and generation mode (``generates``: whether a model
        drafts by default); drafting is marked experimental when only the small built-in
        model can draft."""
        self.set_default_as_of(settings.default_as_of)
        self.set_generation(generates, settings.model_server)
        self.experimental.setVisible(not (settings.model_path or settings.model_server))

    def set_generation(self, on: bool, model_server: str = "") -> None:
        """Reflect the settings' generation mode: "Extract only" is ticked when the model
        would not be asked; the lawyer may still change it for a question. With the
        firm's ``model_server`` (its URL), a line names its host: questions and sources
        then leave this computer for it when the model drafts."""
        self.extract_only.setChecked(not on)
        host = (urlsplit(model_server).hostname or "") if model_server else ""
        text = self.tr("Drafts on the firm's model server {host}")
        self.server_label.setText(text.format(host=host))
        self.server_label.setToolTip(model_server)
        self.server_label.setVisible(bool(host))

    def as_of(self) -> date | None:
        return self._as_of.value()

    def submit(self) -> None:
        """Ask the question; an empty one is ignored, one over the cap is refused here
        with its length (the core refuses it too: :func:`letadesk.limits.checked_question`)."""
        text = self.question.text().strip()
        if not text or not self.ask_button.isEnabled():
            return
        if len(text) > MAX_QUESTION_CHARS:
            self.stage_label.setText(
                self.tr("The question is too long: {length} characters (at most {limit}).").format(
                    length=len(text), limit=MAX_QUESTION_CHARS
                )
            )
            return
        self.stage_label.clear()
        follow_up = not self.follow_up.isHidden() and self.follow_up.isChecked()
        self.ask_requested.emit(text, self.as_of(), not self.extract_only.isChecked(), follow_up)

    def set_busy(self, busy: bool, *, asking: bool = False) -> None:
        self.ask_button.setEnabled(not busy)
        self.question.setEnabled(not busy)
        self.cancel_button.setVisible(busy and asking)
        if busy and asking and not self._ticker.isActive():
            self._stage = ""
            self._elapsed.start()
            self._ticker.start()
        if not busy:
            self._ticker.stop()
            self.stage_label.clear()

    def elapsed_seconds(self) -> int:
        return int(self._elapsed.elapsed() // 1000) if self._elapsed.isValid() else 0

    def _show_elapsed(self) -> None:
        seconds = self.tr("{n} s").format(n=self.elapsed_seconds())
        self.stage_label.setText(f"{self._stage} · {seconds}" if self._stage else seconds)

    def show_stage(self, name: str) -> None:
        stages = {
            "scope": self.tr("Checking the question…"),
            "searching": self.tr("Searching the matter…"),
            # until its first token the model reads the prompt (most of the bundled
            # model's time); then show_drafting counts what it writes
            "drafting": self.tr("Drafting: the model is reading the sources…"),
            "checking citations": self.tr("Checking citations…"),
            "extracting": self.tr("Extracting sentences…"),
            "coherence": self.tr("Checking consistency…"),
        }
        self._stage = stages.get(name, name)
        self._show_stage()

    def show_drafting(self, tokens: int, _raw: str = "") -> None:
        """The model's progress while it drafts: the tokens (words or parts of words) it
        has written so far, beside the time."""
        self._stage = self.tr("Drafting… {n} tokens written").format(n=count(tokens))
        self._show_stage()

    def _show_stage(self) -> None:
        if self._ticker.isActive():
            self._show_elapsed()
        else:
            self.stage_label.setText(self._stage)
