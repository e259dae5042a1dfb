"""The Review tab: a 2 x 2 grid (two text contracts by two questions from a template file)
filled in the background on a real profile (the real embedder and judge), cancelled after
its first cell and resumed (only the rest is asked), a cell's claims with chips that open
the source viewer, the Excel and Word exports, and the Romanian interface."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

import docx
import openpyxl
from PySide6.QtCore import Qt

from corpus_factory import GOVERNING_LAW_MATTER, write_text
from letadesk.review.grid import ReviewCell, ReviewGrid
from letadesk.review.templates import Question
from letadesk.workspace import Workspace

pytestmark = pytest.mark.ui

ROWS = ("license.txt", "services.txt")
LAW = {"label": "Governing Law", "question": "Which law governs this agreement?"}
NOTICE = {
    "label": "Notice",
    "question": "How much notice is needed to terminate this agreement?",
}
EXPECTED = {  # (row, column): words the cell's quotes hold
    (0, 0): "State of Washington",
    (0, 1): "thirty (30) days",
    (1, 0): "England and Wales",
    (1, 1): "ninety (90) days",
}
TIMEOUT = 180_000


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A profile with the two contracts indexed in matter "Acme" (built once)."""
    root = tmp_path_factory.mktemp("review_view")
    for name in ROWS:
        write_text(root / "docs", name, GOVERNING_LAW_MATTER[name])
    with Workspace.open(root / "profile") as ws:
        ws.documents.ingest([root / "docs"], matter="Acme")
    (root / "questions.json").write_text(
        json.dumps({"name": "two", "questions": [LAW, NOTICE]}), encoding="utf-8"
    )
    return root


@pytest.fixture
def review_window(qtbot, built: Path, tmp_path: Path) -> Iterator[object]:
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    root = tmp_path / "copy"
    shutil.copytree(built, root)
    application("en")
    win = MainWindow(root / "profile")
    qtbot.addWidget(win)
    win.matters.refresh(select="Acme")
    view = win.review_view
    assert view.matter == "Acme"
    assert view.use_template(str(root / "questions.json"))
    win.tabs.setCurrentWidget(view)
    yield win
    win.shutdown()


def _wait(qtbot, view) -> None:
    qtbot.waitUntil(lambda: not view.running, timeout=TIMEOUT)
    assert not view.last_error, view.last_error


def _quotes(view, row: int, col: int) -> str:
    cell = view._cells[(row, col)]
    return " ".join(c.quote for claim in cell.claims for c in claim.citations)


@pytest.mark.model
def test_fill_a_grid_select_a_cell_open_its_source_and_export(
    qtbot, review_window, tmp_path: Path
) -> None:
    win = review_window
    view = win.review_view
    assert win.tabs.tabText(win.tabs.indexOf(view)) == "Review"
    assert [view.documents_list.item(i).text() for i in range(2)] == list(ROWS)
    assert view.questions_label.text() == "2 questions · questions.json"
    assert not view.xlsx_button.isEnabled()  # nothing to export yet
    assert view.fill()
    assert view.cancel_button.isEnabled() and not view.fill_button.isEnabled()
    _wait(qtbot, view)
    grid = view.grid
    assert grid is not None and not grid.cancelled
    assert (grid.asked, grid.reused) == (4, 0)
    assert view.progress_label.text() == "Done: 4 cells (4 asked now, 0 kept from before)."
    table = view.table
    assert (table.rowCount(), table.columnCount()) == (2, 2)
    assert [table.horizontalHeaderItem(c).text() for c in range(2)] == ["Governing Law", "Notice"]
    assert [table.verticalHeaderItem(r).text() for r in range(2)] == list(ROWS)
    for (row, col), words in EXPECTED.items():
        cell = view._cells[(row, col)]
        assert cell.disposition == "answered", cell.reason
        assert words in _quotes(view, row, col)
        first = " ".join(cell.claims[0].text.split())
        shown = table.item(row, col).text()
        assert shown.startswith("answered: ")
        assert first.startswith(shown.removeprefix("answered: ").rstrip("…"))
    # selecting a cell shows its claims with chips; a chip opens the cited passage
    table.setCurrentCell(0, 0)
    detail = view.detail
    assert detail.claim_labels and detail.chips
    assert any("Washington" in label.text() for label in detail.claim_labels)
    ref = detail.chips[0].source
    qtbot.mouseClick(detail.chips[0], Qt.MouseButton.LeftButton)
    viewer = win.viewer
    assert viewer.mode == "text" and viewer.document.path.endswith("license.txt")
    assert viewer.selection_range == (ref.start, ref.end)
    # exports: the default name names the matter; the files hold the quotes and pages
    assert view.default_name(".xlsx") == "Acme - review.xlsx"
    xlsx = view.export("xlsx", tmp_path / "grid.xlsx")
    assert xlsx is not None and view.progress_label.text() == f"Saved {xlsx}."
    sheet = openpyxl.load_workbook(xlsx).worksheets[0]
    assert [c.value for c in sheet[1]] == ["Document", "Governing Law", "Notice"]
    assert sheet["A2"].value == "license.txt"
    assert "State of Washington" in sheet["B2"].value and "p. 1" in sheet["B2"].value
    assert "ninety (90) days" in sheet["C3"].value
    word = view.export("docx", tmp_path / "grid.docx")
    assert word is not None
    text = "\n".join(c.text for row in docx.Document(str(word)).tables[0].rows for c in row.cells)
    assert "England and Wales" in text


@pytest.mark.model
def test_a_cancelled_fill_keeps_its_cells_and_the_next_fill_asks_only_the_rest(
    qtbot, review_window
) -> None:
    view = review_window.review_view
    engine = view.engine

    def cancel_after_the_first(done: int, _total: int, _cell: object) -> None:
        if done == 1:
            engine.cancel_event.set()  # in the engine's thread, before the next cell

    engine.cell_filled.connect(cancel_after_the_first, Qt.ConnectionType.DirectConnection)
    assert view.fill()
    _wait(qtbot, view)
    engine.cell_filled.disconnect(cancel_after_the_first)
    grid = view.grid
    assert grid is not None and grid.cancelled and len(grid.cells) == 1
    assert view.progress_label.text() == (
        "Cancelled: 1 of 4 cells filled; Fill grid again computes only the rest."
    )
    texts = [view.table.item(r, c).text() for r in range(2) for c in range(2)]
    assert texts[0].startswith("answered: ")
    assert texts[1:] == ["not computed yet"] * 3
    view.table.setCurrentCell(1, 1)
    assert view.detail.claim_labels == []  # a pending cell has nothing to show yet
    assert view.xlsx_button.isEnabled()  # a partial grid can be exported
    assert view.fill()
    _wait(qtbot, view)
    grid = view.grid
    assert grid is not None and not grid.cancelled
    assert (grid.asked, grid.reused) == (3, 1)  # only the missing cells were asked
    assert all(view._cells[k].disposition == "answered" for k in EXPECTED)
    assert view.detail.claim_labels, "the selected cell shows its claim once filled"
    assert "ninety (90) days" in _quotes(view, 1, 1)


def test_unticked_documents_a_refused_cell_and_the_tab_in_romanian(qtbot, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator
    from letadesk.ui.review_view import ReviewView

    for name in ROWS:
        write_text(tmp_path / "docs", name, GOVERNING_LAW_MATTER[name])
    app = application("ro")
    try:
        with Workspace.open(tmp_path / "profile") as ws:
            ws.documents.ingest([tmp_path / "docs"], matter="Acme")  # the fast tier's fake embedder
            view = ReviewView(ws)
            qtbot.addWidget(view)
            try:
                assert view.fill_button.text() == "Completează grila"
                assert view.template_box.itemText(1) == "Clauze de contract românești"
                assert view.questions_label.text() == "15 întrebări"  # CUAD's, by default
                assert not view.fill()  # no matter yet
                view.set_matter("Acme")
                assert view.default_name(".docx") == "Acme - analiză.docx"
                view.documents_list.item(1).setCheckState(Qt.CheckState.Unchecked)
                view.refresh_documents()  # after an add: the lawyer's choice stays
                assert [d.path for d in view.checked_documents()] == [
                    str(tmp_path / "docs" / ROWS[0])
                ]
                # a refused cell (the outcome scripted): "fără răspuns", and its reason
                rows = view.checked_documents()
                question = Question("Insurance", "What insurance must a party maintain?")
                view._rows, view._columns = rows, [question]
                view._layout_table()
                refused = ReviewCell(ROWS[0], rows[0].id, question.question, "refused", "nothing")
                view._reviewed(
                    ReviewGrid("Acme", rows, [question], {(rows[0].id, question.question): refused})
                )
                assert view.table.item(0, 0).text() == "fără răspuns"
                view.table.setCurrentCell(0, 0)
                assert view.detail.refusal_label is not None
                assert view.detail.refusal_label.text() == "nothing"
                assert not view.use_template(str(tmp_path / "missing.json"))
                assert view.progress_label.text().startswith("Eroare: ")
                assert view.template == "cuad"  # the previous questions stay
            finally:
                view.shutdown()
    finally:
        install_translator(QApplication.instance() or app, "en")
