"""The "as of" date control: a checkbox and a date (ISO format, with a calendar), the
date only when ticked. The ask panel, the draft check and Settings use it."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QCheckBox, QDateEdit

_FORMAT = "yyyy-MM-dd"


class AsOfField:
    """``check`` and ``date`` are the two widgets, laid out by the caller."""

    def __init__(self, label: str) -> None:
        self.check = QCheckBox(label)
        self.date = QDateEdit(QDate.currentDate())
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat(_FORMAT)
        self.date.setEnabled(False)
        self.check.toggled.connect(self.date.setEnabled)

    def set_iso(self, iso: str) -> None:
        """Tick and set ``iso`` ("YYYY-MM-DD"); "" leaves it unticked."""
        if iso:
            self.date.setDate(QDate.fromString(iso, _FORMAT))
        self.check.setChecked(bool(iso))

    def value(self) -> date | None:
        if not self.check.isChecked():
            return None
        d = self.date.date()
        return date(d.year(), d.month(), d.day())

    def iso(self) -> str:
        """The date as "YYYY-MM-DD", "" when unticked."""
        chosen = self.value()
        return chosen.isoformat() if chosen else ""
