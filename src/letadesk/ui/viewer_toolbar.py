"""The source viewer's controls: pages, zoom, the text view of a PDF, find, copying the
citation, and opening the file in the system's viewer."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

ZOOM_STEP = 1.25


class ViewerToolbar(QWidget):
    """Two compact rows (the pane stays narrow): ◀ page ▶ · Fit width · Text · Copy ▾ ·
    Open; then the find field and − zoom +. It only emits what the user asked for;
    :class:`SourceViewer` acts and calls :meth:`update_state`."""

    page_requested = Signal(int)  # +1 or -1
    zoom_requested = Signal(float)  # a factor
    fit_requested = Signal()
    text_toggled = Signal(bool)
    find_requested = Signal(str)
    find_edited = Signal()
    copy_requested = Signal(str)  # "citation" | "quote"
    quote_requested = Signal(int)  # +1 or -1: the claim's next or previous quote
    open_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prev_button = self._button("\u25c0", self.tr("Previous page"))
        self.next_button = self._button("\u25b6", self.tr("Next page"))
        self.zoom_out_button = self._button("\u2212", self.tr("Zoom out (Ctrl+-)"))
        self.zoom_in_button = self._button("+", self.tr("Zoom in (Ctrl++)"))
        self.fit_button = self._button(
            self.tr("Fit width"), self.tr("Fit the page to the viewer's width (Ctrl+0)")
        )
        self.text_button = self._button(
            self.tr("Text"), self.tr("Show the page's text, to select and copy it")
        )
        self.text_button.setCheckable(True)
        self.copy_button = self._button(self.tr("Copy"), self.tr("Copy the citation"))
        self.copy_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.copy_button)
        self.copy_citation_action = menu.addAction(self.tr("Copy citation"))
        self.copy_quote_action = menu.addAction(self.tr("Copy quote with citation"))
        self.copy_button.setMenu(menu)
        self.open_button = self._button(
            "\u2197", self.tr("Open in the system viewer (at this page where it can)")
        )
        self.prev_quote_button = self._button("\u2039", self.tr("The claim's previous quote"))
        self.next_quote_button = self._button("\u203a", self.tr("The claim's next quote"))
        self.quote_label = QLabel()
        self.page_label = QLabel()
        self.zoom_label = QLabel()
        self.find_field = QLineEdit()
        self.find_field.setPlaceholderText(self.tr("Find in document (Ctrl+F)"))
        self.find_field.setClearButtonEnabled(True)
        self.find_status = QLabel()
        self._connect()
        self._lay_out()

    @staticmethod
    def _button(text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        return button

    def _connect(self) -> None:
        self.prev_button.clicked.connect(lambda: self.page_requested.emit(-1))
        self.next_button.clicked.connect(lambda: self.page_requested.emit(1))
        self.zoom_out_button.clicked.connect(lambda: self.zoom_requested.emit(1 / ZOOM_STEP))
        self.zoom_in_button.clicked.connect(lambda: self.zoom_requested.emit(ZOOM_STEP))
        self.fit_button.clicked.connect(self.fit_requested.emit)
        self.text_button.toggled.connect(self.text_toggled.emit)
        self.find_field.returnPressed.connect(
            lambda: self.find_requested.emit(self.find_field.text())
        )
        self.find_field.textChanged.connect(lambda _text: self.find_edited.emit())
        self.copy_citation_action.triggered.connect(lambda: self.copy_requested.emit("citation"))
        self.copy_quote_action.triggered.connect(lambda: self.copy_requested.emit("quote"))
        self.open_button.clicked.connect(self.open_requested.emit)
        self.prev_quote_button.clicked.connect(lambda: self.quote_requested.emit(-1))
        self.next_quote_button.clicked.connect(lambda: self.quote_requested.emit(1))

    def _lay_out(self) -> None:
        """Three short rows (pages and zoom; fit and the actions; the claim's quotes and
        find), so that the viewer pane never forces the window wider than 1024 pixels,
        in Romanian too (two rows made it 473 pixels wide)."""
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        pages = (self.prev_button, self.page_label, self.next_button)
        zoom = (self.zoom_out_button, self.zoom_label, self.zoom_in_button)
        actions = (self.text_button, self.copy_button, self.open_button)
        quotes = (self.prev_quote_button, self.quote_label, self.next_quote_button)
        for left, right in ((pages, zoom), ((self.fit_button,), actions)):
            row = QHBoxLayout()
            for widget in left:
                row.addWidget(widget)
            row.addStretch(1)
            for widget in right:
                row.addWidget(widget)
            rows.addLayout(row)
        find = QHBoxLayout()
        for item in quotes:
            find.addWidget(item)
        self.find_field.setMinimumWidth(120)
        find.addWidget(self.find_field, 1)
        find.addWidget(self.find_status)
        rows.addLayout(find)

    def add_shortcuts(self, owner: QWidget) -> None:
        """Ctrl+plus / Ctrl+minus / Ctrl+0 while ``owner`` has focus; Ctrl+F anywhere
        in the window."""
        for keys, slot in (
            (QKeySequence(QKeySequence.StandardKey.ZoomIn), self.zoom_in_button.click),
            (QKeySequence(QKeySequence.StandardKey.ZoomOut), self.zoom_out_button.click),
            (QKeySequence("Ctrl+0"), self.fit_button.click),
        ):
            shortcut = QShortcut(keys, owner)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)  # no click on the page first
            shortcut.activated.connect(slot)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), owner)
        find.setContext(Qt.ShortcutContext.WindowShortcut)
        find.activated.connect(self.focus_find)

    def show_copied(self) -> None:
        """Say on the Copy button, for two seconds, that the text is on the clipboard."""
        self.copy_button.setText(self.tr("Copied \u2713"))
        if not hasattr(self, "_copied"):
            self._copied = QTimer(self)  # dies with the toolbar
            self._copied.setSingleShot(True)
            self._copied.setInterval(2000)
            self._copied.timeout.connect(lambda: self.copy_button.setText(self.tr("Copy")))
        self._copied.start()

    def focus_find(self) -> None:
        self.find_field.setFocus()
        self.find_field.selectAll()

    def set_text_checked(self, on: bool) -> None:
        """Check or uncheck Text without emitting ``text_toggled``."""
        self.text_button.blockSignals(True)
        self.text_button.setChecked(on)
        self.text_button.blockSignals(False)

    def update_state(
        self,
        *,
        mode: str,
        page: int,
        pages: int,
        zoom: float,
        shown: bool,
        pdf_file: bool,
        cited: bool = False,
        quote: tuple[int, int] = (0, 0),
    ) -> None:
        """Show what applies to the document on screen (``mode`` "pdf", "text" or "";
        ``cited``: it was opened at a citation, which can be copied; ``quote``: which
        of the claim's quotes it shows, 1-based, and how many there are)."""
        pdf = mode == "pdf"
        for widget in (self.prev_button, self.next_button, self.page_label, self.fit_button):
            widget.setVisible(pdf)
        for control in (self.zoom_in_button, self.zoom_out_button, self.find_field):
            control.setEnabled(shown)
        self.text_button.setVisible(shown and pdf_file)
        self.open_button.setEnabled(shown)
        self.copy_button.setEnabled(cited)
        index, count = quote
        for item in (self.prev_quote_button, self.quote_label, self.next_quote_button):
            item.setVisible(count > 1)
        self.quote_label.setText(self.tr("Quote {n} of {total}").format(n=index, total=count))
        self.zoom_label.setText(f"{round(zoom * 100)}%" if pdf else "")
        if pdf:
            self.page_label.setText(self.tr("Page {n} of {total}").format(n=page, total=pages))
            self.prev_button.setEnabled(page > 1)
            self.next_button.setEnabled(page < pages)
