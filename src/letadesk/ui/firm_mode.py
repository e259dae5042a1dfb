"""The window on the firm server (``letadesk --backend postgresql://…``, or the
``backend`` setting): a lawyer's window onto the matters their role may read.

What changes against the window on this computer's profile:

* the matters and documents listed are the server's, under the lawyer's own database
  role, so row-level security decides what is seen (an ethical wall holds here too);
* questions are answered there and recorded in the server's audit trail, which names
  the role that asked; the History tab reads that trail;
* the viewer opens the cited passage from the text the server holds (a PDF's page image
  where this computer reaches the file's path, e.g. a share);
* nothing is added, renamed or deleted: documents reach the server through its ingest
  (``letadesk ingest --backend``, run by IT or a service account);
* the review grid is filled there, each lawyer's cells stored on the server as their own
  (``letadesk.server.review_cells``), and a draft is checked against the server's matter
  (the draft is read on this computer; its clauses go to the server as the queries of
  that search, as a question does).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QStatusBar

from letadesk.profile import Profile
from letadesk.ui.documents_panel import DocumentsPanel
from letadesk.ui.matters_panel import MattersPanel
from letadesk.ui.profile import FirmServer
from letadesk.workspace import Workspace


class _Window(Protocol):  # what of the main window this module sets up
    @property
    def server_where(self) -> str: ...

    @property
    def matters(self) -> MattersPanel: ...

    @property
    def documents(self) -> DocumentsPanel: ...

    def setWindowTitle(self, title: str) -> None: ...

    def statusBar(self) -> QStatusBar: ...


def open_window_profile(local: Workspace, server: FirmServer | None) -> tuple[Profile, str]:
    """Where the window reads and asks, and the server's name ("" for the profile). A
    server that cannot be reached is an error before any window opens (``local`` is then
    closed)."""
    if server is None:
        return local, ""
    try:
        return server.open(local), server.where
    except BaseException:
        local.close()
        raise


def apply_firm_mode(window: _Window) -> None:
    """Set the window up for the firm server (nothing when it is on the profile)."""
    where = window.server_where
    if not where:
        return
    window.setWindowTitle(
        QCoreApplication.translate("FirmMode", "LetaDesk — firm server {where}").format(where=where)
    )
    by_ingest = QCoreApplication.translate(
        "FirmMode",
        "Documents reach the firm server through its ingest (letadesk ingest --backend), "
        "run by IT; they are not added from this window.",
    )
    window.matters.set_read_only(
        QCoreApplication.translate(
            "FirmMode", "The matters your role may read on the firm server {where}."
        ).format(where=where)
    )
    window.documents.set_read_only(by_ingest)
    badge = QLabel(
        QCoreApplication.translate("FirmMode", "Firm server: {where}").format(where=where)
    )
    badge.setObjectName("firmServer")
    # appended, as Qt did with insertPermanentWidget(0) (index 0 is the message label's)
    window.statusBar().addPermanentWidget(badge)
