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

CATALOGUE = Path(__file__).resolve().parents[2] / "src/letadesk/resources/i18n/letadesk_ro.ts"


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
