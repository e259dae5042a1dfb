"""The model option (issue 40): with only the small built-in model, drafting is marked
experimental beside "Extract only"; a model's draft that held nothing to check says so
instead of "Show rejected claims (0)"; an answer no model drafted shows no such box."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from letadesk.config import Settings
from letadesk.domain import Answer, Claim, RejectedClaim

pytestmark = pytest.mark.ui


def test_drafting_is_marked_experimental_with_the_built_in_model_only(qtbot) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.ask_panel import AskPanel

    application("en")
    panel = AskPanel()
    qtbot.addWidget(panel)
    panel.show_settings(Settings(), generates=False)
    assert not panel.experimental.isHidden()
    assert "built-in model" in panel.experimental.toolTip()
    panel.show_settings(Settings(model_path="/models/firm.gguf"), generates=True)
    assert panel.experimental.isHidden()


def test_a_draft_with_nothing_to_check_says_so(qtbot) -> None:
    from letadesk.ui.answer_view import AnswerView

    view = AnswerView()
    qtbot.addWidget(view)
    claim = Claim("The term is five years.", "extracted", ())
    failed = Answer("Q?", "answered", "", (claim,), mode="extracted_after_generation_failed")
    view.show_answer(failed)
    texts = [w.text() for w in view.widget().findChildren(type(view.mode_label))]
    assert any("held no claim with a quote" in t for t in texts)
    assert view.show_rejected.isHidden()  # no "Show rejected claims (0)"
    view.show_answer(Answer("Q?", "answered", "", (claim,), mode="extracted"))
    assert view.show_rejected.isHidden()  # no model asked: no box
    rejected = (RejectedClaim("It is ten years.", "quote", "quote not found"),)
    generated = Answer("Q?", "answered", "", (claim,), rejected=rejected, mode="generated")
    view.show_answer(generated)
    assert not view.show_rejected.isHidden() and view.show_rejected.text() == (
        "Show rejected claims (1)"
    )
    assert [label.text().splitlines()[1].strip() for label in view.rejected_labels] == [
        "Its quote is not, word for word, in the cited source."
    ]


@pytest.mark.parametrize("language", ["en", "ro"])
def test_settings_speak_plainly(qtbot, tmp_path, language: str) -> None:
    # before: "Model file (GGUF):", "Embedder:", "Threads:" and bare e5 / minilm
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QLabel

    from letadesk.config import Paths
    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator
    from letadesk.ui.settings_dialog import SettingsDialog

    app = application(language)
    try:
        dialog = SettingsDialog(Paths.resolve(tmp_path), Settings(language=language))
        qtbot.addWidget(dialog)
        labels = " ".join(w.text() for w in dialog.findChildren(QLabel))
        for jargon in ("GGUF", "Embedder", "Threads", "vectorizare", "Fire de execuție"):
            assert jargon not in labels
        tips = [
            dialog.embedder.itemData(i, Qt.ItemDataRole.ToolTipRole)
            for i in range(dialog.embedder.count())
        ]
        assert all(tips) and len(set(tips)) == len(tips)
    finally:
        install_translator(QApplication.instance() or app, "en")
