"""The source viewer as a lawyer works in it: find, zoom, fit and refit, the selectable
text of a PDF, and a matter switch clearing it (a real three-page PDF, ingested)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from PySide6.QtCore import QSize, Qt

from conftest import cite, wait_idle
from letadesk.domain import Citation

PAGES = [
    "Section 1. Definitions. Confidential Information means any information disclosed.",
    "Section 2. Indemnification. The Supplier shall indemnify the Customer.",
    "Section 3. Term. The obligations survive for five years; the Supplier shall notify.",
]


@pytest.fixture
def viewer_window(qtbot, window, tmp_path: Path):
    pdf = tmp_path / "three_pages.pdf"
    with pymupdf.open() as doc:
        for text in PAGES:
            doc.new_page().insert_textbox(pymupdf.Rect(72, 72, 520, 400), text, fontsize=12)
        doc.save(pdf)
    window.matters.create_matter("Viewer")
    assert window.add_paths([str(pdf)], "Viewer")
    wait_idle(qtbot, window)
    (doc,) = window.ws.documents.all("Viewer")
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(20)  # the layout settles, and any refit it started runs
    qtbot.waitUntil(lambda: not window.viewer._refit.isActive(), timeout=2000)
    window.viewer.show_document(doc.id)
    return window


def test_find_goes_to_the_page_of_each_match_highlighted(qtbot, viewer_window) -> None:
    viewer = viewer_window.viewer
    assert viewer.mode == "pdf" and viewer.current_page == 1
    field = viewer.toolbar.find_field
    qtbot.keyClicks(field, "the supplier")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert viewer.current_page == 2 and viewer.highlight_rects
    assert viewer.toolbar.find_status.text() == "1 of 2, page 2"
    hits = viewer.toolbar.find_status.toolTip().splitlines()  # the hits, listed
    assert [h.split(":")[0] for h in hits] == ["p. 2", "p. 3"]
    assert all("supplier" in h.lower() for h in hits)
    first = viewer.find_range
    assert viewer.find_next("the supplier")
    assert viewer.current_page == 3 and viewer.find_range != first
    assert viewer.find_next("the supplier")  # wraps to the first match
    assert viewer.find_range == first and viewer.current_page == 2
    assert not viewer.find_next("arbitration")
    assert viewer.toolbar.find_status.text() == "Not found"


def test_zoom_keys_work_without_clicking_the_page_first(qtbot, viewer_window) -> None:
    # before: Ctrl+- and Ctrl+0 did nothing until the page had been clicked
    win, viewer = viewer_window, viewer_window.viewer
    win.ask_panel.question.setFocus()
    qtbot.waitUntil(lambda: win.ask_panel.question.hasFocus(), timeout=2000)
    before = viewer.zoom
    qtbot.keyClick(win.ask_panel.question, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert viewer.zoom < before


def test_zoom_by_hand_then_fit_width_and_refit_on_resize(qtbot, viewer_window) -> None:
    viewer = viewer_window.viewer
    fitted = viewer.zoom
    viewer.toolbar.zoom_in_button.click()
    assert not viewer.fit_width
    assert viewer.zoom == pytest.approx(fitted * 1.25)
    assert viewer.page_image.pixmap().width() > 612 * fitted  # a US-letter page, wider
    viewer.toolbar.fit_button.click()
    assert viewer.fit_width and viewer.zoom == pytest.approx(fitted, abs=0.03)
    viewer_window.resize(QSize(1600, 800))
    qtbot.waitUntil(lambda: abs(viewer.zoom - fitted) > 0.05, timeout=3000)
    assert viewer.zoom > fitted


def test_the_text_of_a_pdf_page_can_be_selected_and_back(qtbot, viewer_window) -> None:
    viewer = viewer_window.viewer
    viewer.show_page(3)
    viewer.toolbar.text_button.click()
    assert viewer.mode == "text" and viewer.current_page == 3
    flags = viewer.text_view.textInteractionFlags()
    assert flags & Qt.TextInteractionFlag.TextSelectableByMouse
    cursor = viewer.text_view.textCursor()
    assert "Section 3. Term" in viewer.text_view.toPlainText()[cursor.position() :][:40]
    viewer.toolbar.text_button.click()
    assert viewer.mode == "pdf" and viewer.current_page == 3


def test_a_matter_switch_clears_the_viewer(qtbot, viewer_window) -> None:
    viewer = viewer_window.viewer
    assert viewer.document is not None
    viewer_window.matters.create_matter("Other")
    assert viewer.document is None and viewer.mode == ""
    assert viewer.page_image.pixmap().isNull()
    assert not viewer.toolbar.find_field.isEnabled()


def _cited(window) -> Citation:
    """A citation of the PDF's second page, as an answer's chip carries it."""
    (doc,) = window.ws.documents.all("Viewer")
    return cite(doc, next(f for f in window.ws.documents.fragments(doc) if f.page == 2))


def test_copy_the_citation_and_the_quote(qtbot, viewer_window) -> None:
    from PySide6.QtGui import QGuiApplication

    viewer = viewer_window.viewer
    assert not viewer.toolbar.copy_button.isEnabled()  # opened without a citation
    ref = _cited(viewer_window)
    viewer.show_source(ref)
    assert viewer.toolbar.copy_button.isEnabled()
    assert viewer.toolbar.copy_button.text() == "Copy"
    viewer.toolbar.copy_citation_action.trigger()
    citation = QGuiApplication.clipboard().text()
    assert citation == "Section 2 of the three_pages"  # the locator and the title
    assert viewer.toolbar.copy_button.text() == "Copied ✓"  # it says so (it said nothing)
    qtbot.waitUntil(lambda: viewer.toolbar.copy_button.text() == "Copy", timeout=4000)
    viewer.toolbar.copy_quote_action.trigger()
    copied = QGuiApplication.clipboard().text()
    assert copied == f"“{ref.quote}” ({citation})"


def test_open_in_the_system_viewer_at_the_page(qtbot, viewer_window, monkeypatch) -> None:
    from PySide6.QtGui import QDesktopServices

    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.url()) or True)
    viewer = viewer_window.viewer
    viewer.show_source(_cited(viewer_window))
    viewer.toolbar.open_button.click()
    assert len(opened) == 1
    assert opened[0].startswith("file://") and opened[0].endswith("three_pages.pdf#page=2")


def test_step_through_the_quotes_of_a_claim(qtbot, viewer_window) -> None:
    (doc,) = viewer_window.ws.documents.all("Viewer")
    first, *_, last = viewer_window.ws.documents.fragments(doc)
    citations = (cite(doc, first), cite(doc, last))
    viewer = viewer_window.viewer
    viewer.show_source(citations[0], citations, 0)
    bar = viewer.toolbar
    assert bar.quote_label.text() == "Quote 1 of 2" and viewer.current_page == first.page
    bar.next_quote_button.click()
    assert bar.quote_label.text() == "Quote 2 of 2"
    assert viewer.current_page == last.page and viewer.highlight_rects
    bar.next_quote_button.click()  # wraps
    assert bar.quote_label.text() == "Quote 1 of 2" and viewer.current_page == first.page
    viewer.show_source(_cited(viewer_window))  # a claim with one quote: no stepping
    assert bar.quote_label.isHidden()


def test_a_new_answer_clears_the_previous_document_and_find(qtbot, viewer_window) -> None:
    # before: the viewer kept the previous answer's document and find text
    from letadesk.domain import Answer

    viewer = viewer_window.viewer
    assert viewer.document is not None
    viewer.toolbar.find_field.setText("the supplier")
    viewer_window._answered(Answer("A new question?", "refused", "No source.", ()))
    assert viewer.document is None and viewer.toolbar.find_field.text() == ""
    assert viewer_window.answer_view.answer.question == "A new question?"
