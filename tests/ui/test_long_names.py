"""Real contracts' file names in the window (issue 40): CUAD's names (used here as
strings, on small generated contracts) are single words of up to 160 characters. Before,
a grouped answer's titles were unbreakable labels holding them, the answer was laid out
wider than its pane and the claims were cut at the right edge; the review grid's row
headers were wider than the pane and not one cell showed. At 1024×700 and 1280×800, in
both languages: no widget of the answer or of the grid is wider than its viewport,
every claim's text shows whole, the grid's cells show without scrolling sideways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QSize
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from conftest import wait_idle
from letadesk.config import Paths, Settings
from letadesk.domain import Answer, AnswerGroup, Citation, Claim, Passage, Scores
from letadesk.ui.review_table import HEADER_WIDTH

pytestmark = pytest.mark.ui

# real CUAD file names (ls ../shared/data/cuad/txt), the longest among them
CUAD = (
    "EhaveInc_20190515_20-F_EX-4.44_11678816_EX-4.44_License Agreement_ Reseller Agreement",
    "PlayboyEnterprisesInc_20090220_10-QA_EX-10.2_4091580_EX-10.2_Content License "
    "Agreement_ Marketing Agreement_ Sales-Purchase Agreement1",
    "EmeraldHealthBioceuticalsInc_20200218_1-A_EX1A-6 MAT CTRCT_11987205_EX1A-6 MAT "
    "CTRCT_Development Agreement",
    "ThriventVariableInsuranceAccountB_20190701_N-6_EX-99.D(IV)_11720968_EX-99.D(IV)_"
    "Endorsement Agreement",
    "PacificapEntertainmentHoldingsInc_20051115_8-KA_EX-1.01_4300894_EX-1.01_Content "
    "License Agreement",
    "2ThemartComInc_19990826_10-12G_EX-10.10_6700288_EX-10.10_Co-Branding Agreement_ "
    "Agency Agreement",
    "FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES "
    "AGREEMENT_SECONDAMENDMENT",
    "AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement",
)
STATES = ("Delaware", "New York", "California", "Texas", "Nevada", "Florida", "Ohio", "Utah")
SIZES = (QSize(1024, 700), QSize(1280, 800))


def contract(state: str, i: int) -> str:
    return (
        f"AGREEMENT NO. {i}\n\n"
        "1. Term. This Agreement commences on the Effective Date and continues for "
        f"{i + 1} years unless terminated earlier as provided herein.\n\n"
        f"2. Governing Law. This Agreement shall be governed by and construed in "
        f"accordance with the laws of the State of {state}, without regard to its "
        "conflict of laws principles.\n\n"
        "3. Confidentiality. Each party shall keep the other party's confidential "
        "information secret for five years after termination.\n"
    )


@pytest.fixture(params=["en", "ro"])
def cuad_window(qtbot, profile: Path, tmp_path: Path, request) -> Iterator[object]:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator
    from letadesk.ui.main_window import MainWindow

    folder = tmp_path / "contracts"
    folder.mkdir()
    for i, (name, state) in enumerate(zip(CUAD, STATES, strict=True)):
        (folder / f"{name}.txt").write_text(contract(state, i), encoding="utf-8")
    Settings(language=request.param).save(Paths.resolve(profile))
    app = application(request.param)
    win = MainWindow(profile)
    qtbot.addWidget(win)
    win.matters.create_matter("CUAD contracts")
    assert win.add_paths([str(folder)])
    wait_idle(qtbot, win)
    try:
        yield win
    finally:
        win.shutdown()
        install_translator(QApplication.instance() or app, "en")


def _show(qtbot, win, size: QSize) -> None:
    win.resize(size)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(150)


def overflowing(scroll: QScrollArea) -> list[str]:
    """The widgets of ``scroll``'s page that reach past its viewport's right edge."""
    page, right = scroll.widget(), scroll.viewport().width()
    out = []
    for w in [page, *page.findChildren(QWidget)]:
        if w.isVisibleTo(page) or w is page:
            x = w.mapTo(page, QPoint(w.width(), 0)).x()
            if x > right:
                out.append(f"{type(w).__name__}#{w.objectName()}: {x} > {right}")
    return out


def cut_off(labels: list[QLabel]) -> list[str]:
    """The labels whose text does not show whole (too short for their wrapped text, or
    a line wider than the label)."""
    return [
        label.text()[:60]
        for label in labels
        if label.heightForWidth(label.width()) > label.height()
        or label.minimumSizeHint().width() > label.width()
    ]


def _grouped_answer(win) -> Answer:
    """A grouped answer over every contract from the store, each titled by its file's
    CUAD name (as a PDF without a title of its own is)."""
    claims, groups = [], []
    for doc in win.ws.documents.all("CUAD contracts"):
        fragment = next(f for f in win.ws.documents.fragments(doc) if "Governing Law" in f.text)
        title = Path(doc.path).name
        cite = Citation(
            fragment.id,
            doc.id,
            title,
            fragment.page,
            fragment.printed_page,
            "Section 2",
            fragment.text,
            fragment.start,
            fragment.end,
            doc.source_state,
            doc.verified,
        )
        groups.append(AnswerGroup(doc.id, title, (len(claims),)))
        claims.append(Claim(fragment.text, "extracted", (cite,)))
    question = "What is the governing law?"
    return Answer(question, "answered", "", tuple(claims), groups=tuple(groups))


@pytest.mark.model  # a real question: the judge answers it
def test_a_grouped_answer_over_cuad_names_fits_and_shows_every_claim(qtbot, cuad_window) -> None:
    win = cuad_window
    assert win.ask("What is the governing law?", generate=False)
    wait_idle(qtbot, win)
    asked = win.answer_view.answer
    assert asked is not None and asked.answered, asked
    view = win.answer_view
    for size in SIZES:
        _show(qtbot, win, size)
        for answer in (_grouped_answer(win), asked):
            view.show_answer(answer)
            qtbot.wait(120)
            assert view.horizontalScrollBar().maximum() == 0
            assert overflowing(view) == [], (size, overflowing(view))
            assert cut_off(view.claim_labels) == [], size
            assert view.chips and all(c.full_text().startswith("[") for c in view.chips)
            for chip in view.chips:  # the page and article survive the elision
                ref = chip.source
                assert f"p. {ref.page_label or ref.page}" in chip.text(), chip.text()
                assert ref.locator in chip.text(), chip.text()
            titles = [label.full_text() for label in view.group_labels]
            assert titles == [g.document for g in answer.groups]
            assert all(label.toolTip() == label.full_text() for label in view.group_labels)


def test_a_refusal_over_cuad_names_fits(qtbot, cuad_window) -> None:
    win = cuad_window
    docs = win.ws.documents.all("CUAD contracts")
    nearest = tuple(
        Passage(win.ws.documents.fragments(d)[0], d, Scores(fused=0.1)) for d in docs[:3]
    )
    clarify = "Do you mean Section 2 of " + Path(docs[0].path).name + "?"
    refusal = Answer("Q?", "refused", "No source.", (), nearest_sources=nearest, clarify=clarify)
    view = win.answer_view
    for size in SIZES:
        _show(qtbot, win, size)
        view.show_answer(refusal)
        qtbot.wait(120)
        assert overflowing(view) == [], (size, overflowing(view))
        assert cut_off([*view.snippet_labels, view.clarify_label]) == []
        for snippet in view.snippet_labels:  # at the pane's width, not a column one word wide
            assert snippet.width() > view.viewport().width() * 0.6


@pytest.mark.model  # the grid's cells are real questions
def test_the_review_grid_over_cuad_names_shows_its_cells(qtbot, cuad_window) -> None:
    win = cuad_window
    view = win.review_view
    # the Romanian interface starts on the Romanian clause set (it started on CUAD's)
    assert view.template == {"en": "cuad", "ro": "ro"}[win.ws.settings.language]
    win.tabs.setCurrentWidget(view)
    view.use_questions(view.questions[:2], edited=True)
    assert view.fill()
    qtbot.waitUntil(lambda: not view.running, timeout=300_000)
    assert not view.last_error, view.last_error
    table = view.table
    assert table.rowCount() == len(CUAD)
    for size in SIZES:
        _show(qtbot, win, size)
        assert not win.viewer.isVisible() and not win.side.isVisible()  # folded away
        assert table.verticalHeader().width() <= HEADER_WIDTH
        assert table.visible_columns() >= 2, (size, table.viewport().width())
        right = table.mapTo(win, QPoint(table.width(), 0)).x()
        assert right <= win.width()
        detail = view.detail
        assert detail.isVisible()
        assert detail.mapTo(win, QPoint(detail.width(), 0)).x() <= win.width()
        table.setCurrentCell(0, 0)  # a cell's claims or refusal beside the grid
        qtbot.wait(100)
        assert detail.answer is not None and overflowing(detail) == [], overflowing(detail)
        assert cut_off(detail.claim_labels) == []
    names = {table.header_text(r) for r in range(table.rowCount())}
    assert names == {f"{n}.txt" for n in CUAD}
    tips = [table.verticalHeaderItem(r).toolTip() for r in range(table.rowCount())]
    assert all(tip.endswith(".txt") for tip in tips)
    win.tabs.setCurrentIndex(0)  # leaving Review unfolds the side panes
    assert win.viewer.isVisible() and win.side.isVisible()


def test_a_narrow_chip_keeps_its_page_and_article(qtbot) -> None:
    # before: "[1] LEGEA nr. 50 din 3 martie 202…" (the article and page cut off)
    from letadesk.ui.app import application
    from letadesk.ui.chip import Chip

    application("en")
    name = "LEGEA nr. 50 din 3 martie 2020 privind termenele de plată (fictivă)"
    marks = " · ⚠ unverified"
    text = f"[1] {name} · p. 1 · art. 2 alin. (1){marks}"
    ref = Citation(1, 1, name, 1, "1", "art. 2 alin. (1)", "q", 0, 1)
    chip = Chip(text, ref, name=name, optional=marks)
    qtbot.addWidget(chip)
    chip.show()
    for width in (420, 300, 230):
        chip.resize(width, chip.sizeHint().height())
        qtbot.wait(10)
        shown = chip.text()
        assert shown.startswith("[1] ") and "p. 1 · art. 2 alin. (1)" in shown, (width, shown)
        assert chip.fontMetrics().horizontalAdvance(shown) <= width
    assert chip.full_text() == text and chip.toolTip() == ""  # the view sets the tooltip
