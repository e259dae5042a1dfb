"""The review grid's table: documents (rows) by questions (columns). Real contracts' file
names are up to 160 characters: as row headers they had made the header wider than the
pane, and not one cell showed. Here a row header is the document's file name elided in
its middle to at most :data:`HEADER_WIDTH` pixels, the full name and path in its tooltip;
the headers stay put while the cells scroll (a table's headers are frozen), and a
column is :data:`COLUMN_WIDTH` wide, so that at 1,024 pixels several cells show."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from letadesk.domain import Document
from letadesk.review.templates import Question
from letadesk.ui.text_fit import plain_tip

HEADER_WIDTH = 200  # the row headers' widest, in pixels
COLUMN_WIDTH = 190


def row_title(doc: Document) -> str:
    """What a row header says: the document's file name (two contracts often share a
    title such as "LICENSE AGREEMENT"; their files' names tell them apart)."""
    return Path(doc.path).name or doc.title


class ReviewTable(QTableWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(True)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        rows = self.verticalHeader()
        rows.setMaximumWidth(HEADER_WIDTH)
        rows.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)

    def lay_out(self, rows: list[Document], columns: list[Question], pending: str) -> None:
        """Rows and columns, every cell saying ``pending``."""
        self.clear()
        self.setRowCount(len(rows))
        self.setColumnCount(len(columns))
        for col, q in enumerate(columns):
            header = QTableWidgetItem(q.label)
            header.setToolTip(plain_tip(q.question))
            self.setHorizontalHeaderItem(col, header)
            self.setColumnWidth(col, COLUMN_WIDTH)
        for row, doc in enumerate(rows):
            header = QTableWidgetItem(row_title(doc))
            header.setToolTip(plain_tip(f"{doc.title}\n{doc.path}" if doc.title else doc.path))
            header.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            self.setVerticalHeaderItem(row, header)
            for col in range(len(columns)):
                self.setItem(row, col, QTableWidgetItem(pending))

    def header_text(self, row: int) -> str:
        """The row header's whole text (it shows elided)."""
        item = self.verticalHeaderItem(row)
        return item.text() if item is not None else ""

    def visible_columns(self) -> int:
        """How many columns show whole, without scrolling sideways (tests, a check)."""
        width = self.viewport().width()
        return sum(
            1
            for col in range(self.columnCount())
            if self.columnViewportPosition(col) >= 0
            and self.columnViewportPosition(col) + self.columnWidth(col) <= width
        )
