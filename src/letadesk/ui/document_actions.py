"""Managing a matter's documents in the window (the documents list's right-click menu):
mark verified or unverified by a person, re-index (read the file again and index it
anew), remove from the matter, resume an add that was cancelled. :func:`manage` is the
documents engine's work, in its thread; the menu is :func:`document_menu`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMenu, QWidget

from letadesk.domain import Document, IngestReport
from letadesk.errors import IngestError
from letadesk.workspace import LegalMeta, Workspace

ACTIONS = ("verify", "unverify", "reindex", "remove")
Progress = Callable[[int, int, str], None]  # (done, total, current path)


def manage(
    ws: Workspace,
    action: str,
    matter: str,
    document_ids: list[str],
    *,
    progress: Progress | None = None,
    embed_progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> IngestReport | None:
    """Do ``action`` ("verify", "unverify", "reindex", "remove") to the documents of
    ``matter`` with ``document_ids``; a re-index's ingest report, else None."""
    docs = [ws.documents.find(i, matter=matter) for i in document_ids]
    if action in ("verify", "unverify"):
        for doc in docs:
            ws.documents.set_legal_meta(doc, LegalMeta(), verified=action == "verify")
        return None
    if action == "remove":
        for doc in docs:
            ws.documents.remove(doc)
        return None
    if action != "reindex":
        raise ValueError(f"unknown document action {action!r}")
    gone = [d.path for d in docs if not Path(d.path).is_file()]
    if gone:
        raise IngestError(gone[0], "cannot re-index: the file is no longer there")
    for doc in docs:
        ws.documents.remove(doc, reread=True)
    return ws.documents.ingest(
        [d.path for d in docs],
        matter=matter,
        progress=progress,
        embed_progress=embed_progress,
        cancelled=cancelled,
    )


def _tr(text: str) -> str:
    return QCoreApplication.translate("DocumentsPanel", text)


def open_folder(doc: Document) -> bool:
    """Open the folder holding ``doc``'s file in the system's file manager."""
    folder = Path(doc.path).parent
    return folder.is_dir() and QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def document_menu(
    parent: QWidget,
    docs: list[Document],
    *,
    run: Callable[[str], None],
    ask_about: Callable[[Document], None],
    editable: bool,
) -> QMenu:
    """The right-click menu for the selected ``docs``: ``run`` takes an action of
    :data:`ACTIONS`; ``editable`` False (the firm server, or work under way) offers only
    what changes nothing."""
    menu = QMenu(parent)
    one = docs[0] if len(docs) == 1 else None
    if one is not None:
        menu.addAction(_tr("Ask about this document only")).triggered.connect(
            lambda: ask_about(one)
        )
        menu.addAction(_tr("Open containing folder")).triggered.connect(lambda: open_folder(one))
        menu.addSeparator()
    entries = (
        ("verify", _tr("Mark as verified by a person"), any(not d.verified for d in docs)),
        ("unverify", _tr("Mark as not verified"), any(d.verified for d in docs)),
        ("reindex", _tr("Re-index (read the file again)"), True),
        ("remove", _tr("Remove from the matter…"), True),
    )
    for action, text, useful in entries:
        item = menu.addAction(text)
        item.setEnabled(editable and useful)
        item.triggered.connect(lambda _=False, a=action: run(a))
    return menu
