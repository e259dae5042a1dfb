"""The Romanian interface's wording (issue 10): the file dialogs' filters and suggested
names are translated, and "dosar" names a matter only, never a folder (it read
"Adaugă dosar…" for "Add folder…", beside "Dosare" for the matters)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from letadesk.config import Paths, Settings

pytestmark = pytest.mark.ui

CATALOGUE = Path(__file__).resolve().parents[2] / "resources/i18n/letadesk_ro.ts"


@pytest.fixture
def ro_window(qtbot, profile: Path) -> Iterator[object]:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator
    from letadesk.ui.main_window import MainWindow

    Settings(language="ro").save(Paths.resolve(profile))
    app = application("ro")
    win = MainWindow(profile)
    qtbot.addWidget(win)
    try:
        yield win
    finally:
        win.shutdown()
        install_translator(QApplication.instance() or app, "en")


def test_the_file_dialogs_speak_romanian(ro_window) -> None:
    win = ro_window
    assert win.documents.file_filter() == (
        "Documente (*.pdf *.docx *.html *.htm *.txt *.md);;Toate fișierele (*)"
    )
    assert win.draft_view.file_filter() == (
        "Proiecte (*.docx *.pdf *.txt *.md *.html *.htm);;Toate fișierele (*)"
    )
    assert win.draft_view.default_name("/d/proiect.docx") == "proiect - verificare.docx"


def test_dosar_is_a_matter_and_a_folder_is_a_folder(ro_window) -> None:
    win = ro_window
    assert win.matters.title.text() == "Dosare"
    assert win.documents.add_folder_button.text() == "Adaugă folder…"
    assert win.documents.hint.text() == "Trageți aici fișiere sau foldere pentru a le adăuga."
    # and across the catalogue: no text about a folder says "dosar"
    folders = [
        (m.findtext("source"), m.findtext("translation"))
        for m in ET.parse(CATALOGUE).iter("message")
        if "folder" in (m.findtext("source") or "").lower()
    ]
    assert len(folders) >= 4
    assert [(s, t) for s, t in folders if "dosar" in (t or "").lower()] == []


def test_qt_own_buttons_dialogs_and_edit_menus_speak_romanian(ro_window) -> None:
    """Qt ships no Romanian catalogue, so its standard buttons, file dialog and edit menu
    stayed English in the Romanian window; LetaDesk carries their Romanian (qt_ro.ts)."""
    from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLineEdit, QMessageBox

    from letadesk.ui.settings_dialog import SettingsDialog

    win = ro_window
    settings = SettingsDialog(win.ws.paths, win.ws.settings, win)
    box = settings.findChild(QDialogButtonBox)
    assert box.button(QDialogButtonBox.StandardButton.Ok).text() == "OK"
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Anulează"
    question = QMessageBox(win)
    question.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    assert question.button(QMessageBox.StandardButton.Yes).text() == "&Da"
    assert question.button(QMessageBox.StandardButton.No).text() == "&Nu"
    menu = QLineEdit(win).createStandardContextMenu()
    assert [a.text().split("\t")[0] for a in menu.actions() if a.text()] == [
        "&Anulează",
        "&Refă",
        "&Taie",
        "&Copiază",
        "&Lipește",
        "Șterge",
        "Selectează tot",
    ]
    dialog = QFileDialog(win, "", "", win.documents.file_filter())
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    buttons = dialog.findChild(QDialogButtonBox)
    labels = {b.text() for b in buttons.buttons()}
    assert labels == {"&Deschide", "Anulează"}, labels
