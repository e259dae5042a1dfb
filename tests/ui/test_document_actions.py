"""Documents managed in the window (issue 40): the right-click menu marks a document
verified or not (the answer's "unverified source" badge goes), re-indexes it, removes
it; Resume finishes a cancelled add; the list fills while a folder is being added.
Before, right-click did nothing and a cancelled add had no Resume."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt

from conftest import wait_idle
from letadesk.ui.document_actions import document_menu
from letadesk.workspace import Workspace

pytestmark = pytest.mark.ui


def _notes(folder: Path, count: int = 3, articles: int = 6) -> list[Path]:
    folder.mkdir(exist_ok=True)
    paths = []
    for i in range(count):
        path = folder / f"note_{i}.txt"
        path.write_text(
            "\n".join(
                f"Articolul {k}\nTermenul de plată al facturii {k} din nota {i} este de {k} zile."
                for k in range(1, articles + 1)
            ),
            encoding="utf-8",
        )
        paths.append(path)
    return paths


@pytest.fixture
def notes_window(qtbot, window, tmp_path: Path):
    _notes(tmp_path / "notes")
    window.matters.create_matter("Notes")
    assert window.add_paths([str(tmp_path / "notes")])
    wait_idle(qtbot, window)
    return window


def _doc(win, name: str):
    return next(d for d in win.ws.documents.all("Notes") if d.path.endswith(name))


def test_mark_verified_and_not_verified(qtbot, notes_window) -> None:
    win = notes_window
    doc = _doc(win, "note_0.txt")
    assert not doc.verified
    assert win.manage("verify", [str(doc.id)])
    wait_idle(qtbot, win)
    assert _doc(win, "note_0.txt").verified
    assert not _doc(win, "note_1.txt").verified  # only the one asked
    assert win.work_label.text() == "Documents updated."
    assert win.manage("unverify", [str(doc.id)])
    wait_idle(qtbot, win)
    assert not _doc(win, "note_0.txt").verified


def test_remove_and_reindex(qtbot, notes_window) -> None:
    win = notes_window
    gone, again = _doc(win, "note_1.txt"), _doc(win, "note_2.txt")
    before = [f.text for f in win.ws.documents.fragments(again)]
    assert win.manage("remove", [str(gone.id)])
    wait_idle(qtbot, win)
    assert [Path(d.path).name for d in win.ws.documents.all("Notes")] == [
        "note_0.txt",
        "note_2.txt",
    ]
    assert win.documents.status_of("note_1.txt") is None
    hits = win.ws.search("nota 1", matter="Notes", k=20)
    assert all(p.document.id != gone.id for p in hits)
    assert win.manage("reindex", [str(again.id)])
    wait_idle(qtbot, win)
    doc = _doc(win, "note_2.txt")
    assert doc.id == again.id and str(doc.status) == "indexed"
    assert [f.text for f in win.ws.documents.fragments(doc)] == before
    assert win.ws.documents.pending("Notes") == {}
    with Workspace.open(win.ws.paths.root) as fresh:  # the indexes as another reader sees them
        assert fresh.doctor().consistent


def test_reindex_of_a_file_that_is_gone_fails_and_keeps_the_document(
    qtbot, notes_window, tmp_path: Path
) -> None:
    win = notes_window
    doc = _doc(win, "note_0.txt")
    (tmp_path / "notes" / "note_0.txt").unlink()
    assert win.manage("reindex", [str(doc.id)])
    qtbot.waitUntil(lambda: win.task == "", timeout=60_000)
    assert "no longer there" in win.last_error
    assert win.ws.documents.fragments(_doc(win, "note_0.txt"))  # nothing was taken out


def test_the_menu_offers_what_fits_the_selection(qtbot, notes_window) -> None:
    win = notes_window
    docs = win.ws.documents.all("Notes")
    menu = document_menu(
        win, docs[:1], run=lambda _a: None, ask_about=lambda _d: None, editable=True
    )
    texts = {a.text(): a.isEnabled() for a in menu.actions() if a.text()}
    assert texts == {
        "Ask about this document only": True,
        "Open containing folder": True,
        "Mark as verified by a person": True,
        "Mark as not verified": False,  # none is verified
        "Re-index (read the file again)": True,
        "Remove from the matter…": True,
    }
    read_only = document_menu(
        win, docs, run=lambda _a: None, ask_about=lambda _d: None, editable=False
    )
    names = [a.text() for a in read_only.actions() if a.text()]
    assert "Open containing folder" not in names  # several selected: only the batch actions
    assert not any(a.isEnabled() for a in read_only.actions() if a.text())


def test_ask_about_one_document_asks_of_it_only(qtbot, notes_window) -> None:
    win = notes_window
    doc = _doc(win, "note_2.txt")
    win.documents.ask_about.emit(str(doc.id), doc.title)
    assert not win.ask_panel.follow_up.isHidden() and win.ask_panel.follow_up.isChecked()
    assert win.conversations.pinned is not None
    scope = win.conversations.begin("Notes", "termenul de plată", None, True, lambda: [])
    assert (scope.document_id, scope.document) == (str(doc.id), doc.title)
    assert win.conversations.note == f"Asked of {doc.title} only."
    assert win.conversations.pinned is None  # for one question


def test_the_list_fills_while_a_folder_is_added(qtbot, window, tmp_path: Path) -> None:
    # before: the documents list stayed empty until the whole add had ended
    _notes(tmp_path / "notes", count=3)
    window.matters.create_matter("Notes")
    inside, release = threading.Event(), threading.Event()

    def hold(*_: object) -> None:  # in the engine's thread, after the first file is stored
        inside.set()
        release.wait(30)

    window.documents_engine.ingest_progress.connect(hold, Qt.ConnectionType.DirectConnection)
    assert window.add_paths([str(tmp_path / "notes")])
    try:
        assert inside.wait(30)
        qtbot.waitUntil(lambda: window.documents.table.rowCount() >= 1, timeout=10_000)
        assert window.work == "ingest"  # still adding
    finally:
        release.set()
        window.documents_engine.ingest_progress.disconnect(hold)
    wait_idle(qtbot, window)
    assert window.documents.table.rowCount() == 3


def test_resume_finishes_a_cancelled_add(qtbot, window, tmp_path: Path) -> None:
    from letadesk.index.sync import EMBED_BATCH

    folder = tmp_path / "many"
    _notes(folder, count=3, articles=40)
    window.matters.create_matter("Notes")

    def cancel_after_a_batch(done: int, _total: int, _what: str) -> None:
        if done >= EMBED_BATCH:
            window._documents_engine.cancel()

    window.documents_engine.embed_progress.connect(
        cancel_after_a_batch, Qt.ConnectionType.DirectConnection
    )
    assert window.add_paths([str(folder)])
    wait_idle(qtbot, window)
    assert window.last_report is not None and window.last_report.cancelled
    panel = window.documents
    assert not panel.resume_button.isHidden()
    assert any(r.status == "pending" for r in panel.rows)
    window.documents_engine.embed_progress.disconnect(cancel_after_a_batch)
    panel.resume_button.click()
    wait_idle(qtbot, window)
    assert not window.last_report.cancelled and window.ws.documents.pending("Notes") == {}
    assert {r.status for r in panel.rows} == {"indexed"}
    assert panel.resume_button.isHidden()


def test_open_containing_folder(qtbot, notes_window, monkeypatch, tmp_path: Path) -> None:
    from PySide6.QtGui import QDesktopServices

    from letadesk.ui.document_actions import open_folder

    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True
    )
    assert open_folder(_doc(notes_window, "note_0.txt"))
    assert opened == [str(tmp_path / "notes")]
