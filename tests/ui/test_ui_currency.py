"""The window marks stale and unverified sources, in Romanian: the documents list after
the check on start and after a refresh, and each claim and chip of an answer citing them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from conftest import SAMPLE, wait_idle
from letadesk.config import Paths
from letadesk.workspace import Workspace

pytestmark = pytest.mark.ui

QUESTION = "How long do the confidentiality obligations survive termination?"


def _edit_keeping_size_and_time(path: Path, old: str, new: str) -> None:
    st = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size


@pytest.mark.model  # it asks: the judge
def test_stale_and_unverified_sources_are_marked_in_romanian(
    qtbot, profile: Path, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator
    from letadesk.ui.main_window import MainWindow

    folder = tmp_path / "docs"
    shutil.copytree(SAMPLE, folder)
    with Workspace(Paths.resolve(profile)) as ws:
        ws.documents.ingest([folder], matter="Dosar")
    # An edit that keeps the size and the time: only the full re-hash on start finds it.
    _edit_keeping_size_and_time(folder / "memo_intern.md", "five years", "nine years")
    app = application("ro")
    try:
        win = MainWindow(profile)
        qtbot.addWidget(win)
        qtbot.waitUntil(lambda: win.sources_checked, timeout=30_000)
        panel = win.documents
        memo = panel.status_of("memo_intern.md")
        assert (memo.status, memo.label) == ("stale", "Depășit")
        assert memo.detail.startswith("modificat pe disc după indexare")
        assert panel.status_of("nda_example.pdf").status == "indexed"

        for name in ("nda_example.pdf", "contract_servicii.docx"):  # every source stale
            (folder / name).write_bytes((folder / name).read_bytes() + b"\n")
        panel.refresh()  # size and time on refresh
        assert {r.status for r in panel.rows} == {"stale"}

        assert win.ask(QUESTION, generate=False)
        wait_idle(qtbot, win)
        view = win.answer_view
        assert view.answer.disposition == "answered", view.answer
        assert all(c.stale and c.unverified for c in view.answer.claims)
        assert view.chips
        assert all("⚠ depășită, neverificată" in chip.text() for chip in view.chips)
        assert all(chip.objectName() == "staleChip" for chip in view.chips)
        badges = [b.text() for b in view.badges]
        assert badges.count("sursă depășită") == len(view.claim_labels)
        assert badges.count("sursă neverificată") == len(view.claim_labels)
        notes = [label.text() for label in view.note_labels]
        assert notes[0].startswith("⚠ Sursă modificată sau absentă de pe disc")
        assert notes[1].startswith("⚠ Sursă neverificată de o persoană")
        win.shutdown()
    finally:
        install_translator(QApplication.instance() or app, "en")


def test_a_verified_current_source_carries_no_mark(qtbot, sample_window) -> None:
    win = sample_window
    for doc in win.ws.documents.all(win.matter):
        win.ws.documents.set_legal_meta(doc, _meta_of(doc), verified=True)
    assert win.ask(QUESTION, generate=False)
    wait_idle(qtbot, win)
    view = win.answer_view
    assert view.answer.disposition == "answered"
    assert not any(c.stale or c.unverified for c in view.answer.claims)
    assert view.badges == [b for b in view.badges if b.objectName() == "badge"]
    assert view.note_labels == [] and "⚠" not in view.chips[0].text()
    assert all(chip.objectName() == "chip" for chip in view.chips)


def _meta_of(doc):
    from letadesk.store.corpus import LegalMeta

    return LegalMeta(doc.jurisdiction, doc.legal_force, doc.valid_from, doc.valid_to)
