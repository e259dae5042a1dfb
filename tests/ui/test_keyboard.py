"""The keyboard: Ctrl+L to the question, Esc cancels the question being answered, the
arrows move between source chips and Enter opens one; the stage line counts seconds."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt

from conftest import cite
from letadesk.domain import Answer, Claim
from letadesk.ui.ask_panel import AskPanel

pytestmark = pytest.mark.ui


@pytest.fixture
def panel(qtbot) -> AskPanel:
    from letadesk.ui.app import application

    application("en")
    widget = AskPanel()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitActive(widget)
    return widget


def test_ctrl_l_goes_to_the_question(qtbot, panel: AskPanel) -> None:
    panel.question.setText("What is the governing law?")
    panel.extract_only.setFocus()
    qtbot.keyClick(panel.extract_only, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert panel.question.hasFocus()
    assert panel.question.selectedText() == "What is the governing law?"


def test_escape_cancels_only_a_question_being_answered(qtbot, panel: AskPanel) -> None:
    cancelled: list[bool] = []
    panel.cancel_requested.connect(lambda: cancelled.append(True))
    qtbot.keyClick(panel.question, Qt.Key.Key_Escape)
    assert not cancelled  # nothing is being answered
    panel.set_busy(True, asking=True)
    qtbot.keyClick(panel.extract_only, Qt.Key.Key_Escape)
    assert cancelled == [True]


def test_the_stage_line_counts_the_seconds(qtbot, panel: AskPanel) -> None:
    panel.set_busy(True, asking=True)
    panel.show_stage("searching")
    assert panel.stage_label.text() == "Searching the matter… · 0 s"
    qtbot.waitUntil(lambda: panel.stage_label.text() == "Searching the matter… · 1 s", timeout=3000)
    panel.set_busy(False)
    assert panel.stage_label.text() == ""


def test_arrows_move_between_chips_and_enter_opens_one(qtbot, sample_window) -> None:
    win = sample_window
    doc = next(d for d in win.ws.documents.all() if d.kind == "pdf")
    first, second = win.ws.documents.fragments(doc)[:2]
    claims = tuple(Claim(f.text[:60], "extracted", (cite(doc, f),)) for f in (first, second))
    view = win.answer_view
    view.show_answer(Answer("", "answered", "", claims, mode="extracted"))
    win.show()
    win.activateWindow()
    qtbot.waitUntil(lambda: win.isActiveWindow() and view.chips[0].isVisible())
    assert len(view.chips) == 2
    view.chips[0].setFocus()
    assert view.chips[0].hasFocus()
    qtbot.keyClick(view.chips[0], Qt.Key.Key_Right)
    assert view.chips[1].hasFocus()
    qtbot.keyClick(view.chips[1], Qt.Key.Key_Right)  # wraps
    assert view.chips[0].hasFocus()
    qtbot.keyClick(view.chips[0], Qt.Key.Key_Left)
    qtbot.keyClick(view.chips[1], Qt.Key.Key_Return)
    assert win.viewer.document is not None and win.viewer.document.id == doc.id
    assert win.viewer.mode == "pdf" and win.viewer.current_page == second.page
    assert win.viewer.highlight_rects  # the second chip's quote


def test_the_ask_bar_names_the_firm_model_server_while_one_drafts(panel: AskPanel) -> None:
    panel.set_generation(True, "https://llm.firm.local:8443/v1")
    assert panel.server_label.isVisible() and not panel.extract_only.isChecked()
    assert panel.server_label.text() == "Drafts on the firm's model server llm.firm.local"
    panel.set_generation(False)  # the local model, or none
    assert not panel.server_label.isVisible() and panel.extract_only.isChecked()
