"""The main window's status texts (letadesk.ui.window_messages), in both languages:
they keep the window's translation context ("MainWindow") now that they are written
outside the window class."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from letadesk.domain import Answer, IngestReport

pytestmark = pytest.mark.ui


def _answer(disposition: str) -> Answer:
    return Answer(
        question="q", disposition=disposition, reason="r", claims=(), stages={"total": 1.25}
    )


def test_status_texts_in_both_languages() -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui import window_messages as say
    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator

    app = application("en")
    added = IngestReport(added=3, updated=1, unchanged=2, failed=[("x.pdf", "broken")])
    cancelled = IngestReport(cancelled=True, indexed=["a"], pending=["b", "c"], not_read=["d"])
    try:
        assert say.ingest_summary(added) == "Added 3, updated 1, unchanged 2, failed 1."
        assert say.ingest_summary(cancelled) == (
            "Cancelled: 1 document(s) fully indexed, 2 pending (the next add resumes them), "
            "1 not read, 0 failed."
        )
        hidden = IngestReport(added=1, skipped_hidden=["/d/.git", "/d/sub/.DS_Store"])
        assert say.ingest_summary(hidden) == (
            "Added 1, updated 0, unchanged 0, failed 0. 2 hidden entries skipped (.git, .DS_Store)."
        )
        moved = IngestReport(moved=2)
        assert say.ingest_summary(moved) == (
            "Added 0, updated 0, unchanged 0, failed 0. "
            "2 document(s) followed their file to a new place."
        )
        assert say.answered(_answer("answered")) == "Answered in 1.2 s."
        assert say.answered(_answer("refused")) == "No answer (see the reason)."
        assert say.reading(2, 5, "/some/folder/nda.pdf") == "Reading 2/5: nda.pdf"
        assert say.indexing(512, 4000) == "Indexing passages 512/4,000"
        install_translator(QApplication.instance() or app, "ro")
        assert say.ingest_summary(added) == "Adăugate 3, actualizate 1, neschimbate 2, eșuate 1."
        assert say.ingest_summary(cancelled).startswith("Anulat: 1 document(e) indexat(e) complet")
        assert say.ingest_summary(hidden).endswith(" 2 intrări ascunse omise (.git, .DS_Store).")
        assert say.ingest_summary(moved).endswith(
            " 2 document(e) și-au urmat fișierul în noul loc."
        )
        assert say.answered(_answer("answered")) == "Răspuns în 1.2 s."
        assert say.reading(2, 5, "/some/folder/nda.pdf") == "Se citește 2/5: nda.pdf"
        assert say.indexing(512, 4000) == "Se indexează pasajele 512/4.000"
    finally:
        install_translator(QApplication.instance() or app, "en")
