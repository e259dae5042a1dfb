"""The layout holds on a small screen: at 1024×700 nothing forces the window wider or
taller, and an answer's claims and chips wrap inside the answer pane (no sideways
scrolling)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSize

from conftest import cite, wait_idle
from letadesk.domain import Answer, Claim, Passage, Scores

pytestmark = pytest.mark.ui


def test_the_window_fits_1024_by_700(qtbot, sample_window) -> None:
    win = sample_window
    assert win.minimumSizeHint().width() <= 1024 and win.minimumSizeHint().height() <= 700
    doc = next(d for d in win.ws.documents.all() if d.kind == "pdf")
    fragments = win.ws.documents.fragments(doc)[:3]
    citation = cite(
        doc,
        fragments[0],
        document=doc.title * 3,  # a long title: the chip must still fit
        page=1,
        page_label="1",
        locator="Section 3.2",
    )
    claims = tuple(Claim(f.text, "extracted", (citation,) * 4) for f in fragments)
    win.answer_view.show_answer(Answer("", "answered", "", claims))
    win.resize(QSize(1024, 700))
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(100)
    view = win.answer_view
    assert view.horizontalScrollBar().maximum() == 0
    assert all(chip.geometry().right() <= view.viewport().width() for chip in view.chips)


def test_a_refusal_s_reason_and_nearest_sources_wrap_at_1024_by_700(qtbot, sample_window) -> None:
    # before: each nearest source's snippet was one unwrapped line of up to 160
    # characters, cut off at the pane's edge with no scrollbar (issue 10)
    win = sample_window
    doc = next(d for d in win.ws.documents.all() if d.kind == "pdf")
    long = max(win.ws.documents.fragments(doc), key=lambda f: len(f.text))
    assert len(long.text) > 160
    nearest = tuple(Passage(long, doc, Scores(fused=0.1)) for _ in range(3))
    reason = "I don't have a sufficient source: " + "the closest sources do not address it " * 6
    win.answer_view.show_answer(Answer("Q?", "refused", reason, (), nearest_sources=nearest))
    win.resize(QSize(1024, 700))
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(100)
    view = win.answer_view
    assert view.horizontalScrollBar().maximum() == 0
    right = view.viewport().width()
    assert view.refusal_label is not None and view.refusal_label.wordWrap()
    assert len(view.snippet_labels) == 3
    for label in [view.refusal_label, *view.snippet_labels]:
        assert label.wordWrap()
        assert label.mapTo(view.widget(), label.rect().topRight()).x() <= right
        assert label.heightForWidth(label.width()) <= label.height()  # all of it shows
    assert all(
        chip.mapTo(view.widget(), chip.rect().topRight()).x() <= right for chip in view.chips
    )


def test_selecting_history_records_keeps_the_panes(qtbot, sample_window) -> None:
    # the walkthrough saw the panes resize on selecting a history record (issue 10)
    win = sample_window
    for question in (
        "How long do the confidentiality obligations survive termination?",
        "What is the capital of France?",
        "Which court has jurisdiction over appeals against the arbitration award?",
    ):
        assert win.ask(question, generate=False)
        wait_idle(qtbot, win)
    win.resize(QSize(1024, 700))
    win.show()
    qtbot.waitExposed(win)
    win.tabs.setCurrentWidget(win.audit_view)
    qtbot.wait(100)
    history = win.audit_view.list
    assert history.topLevelItemCount() == 3
    panes = win.splitter.sizes()
    for row in (2, 1, 0):
        history.setCurrentItem(history.topLevelItem(row))
        qtbot.wait(50)
        assert win.splitter.sizes() == panes
        assert win.audit_view.detail.horizontalScrollBar().maximum() == 0
