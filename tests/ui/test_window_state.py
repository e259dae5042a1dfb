"""A first run's window fits its screen (issue 10: on a fresh machine the window opened
1,480 px wide, past the edge of a 1,280 px screen, the source viewer cut off)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSize

from letadesk.ui.window_state import FIRST_SIZE, first_size

pytestmark = pytest.mark.ui
MINIMUM = QSize(943, 520)


@pytest.mark.parametrize(
    ("screen", "expected"),
    [
        (QSize(1920, 1040), FIRST_SIZE),  # room for the default
        (QSize(1280, 770), QSize(1216, 731)),  # 95% of the free area
        (QSize(1366, 728), QSize(1297, 691)),  # a law firm's laptop, less its task bar
        (QSize(800, 600), QSize(943, 570)),  # smaller than the window can be
    ],
)
def test_a_first_run_takes_the_default_size_or_what_the_screen_has(
    screen: QSize, expected: QSize
) -> None:
    assert first_size(screen, MINIMUM) == expected


def test_the_window_opens_within_its_screen_with_every_pane(qtbot, profile: Path) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    win = MainWindow(profile)
    qtbot.addWidget(win)
    win.show()
    qtbot.wait(50)
    available = win.screen().availableGeometry()
    assert win.width() <= max(available.width(), win.minimumSizeHint().width())
    assert win.height() <= available.height()
    assert all(width > 0 for width in win.splitter.sizes())
    win.shutdown()


def test_the_last_matter_is_open_again_and_a_prefilled_question_shows_its_start(
    qtbot, profile: Path
) -> None:
    # before: the next start opened the first matter of the list, and the sample's
    # prefilled question showed its end in the box (issue 40)
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    first = MainWindow(profile)
    qtbot.addWidget(first)
    for name in ("Alpha", "Beta", "Gamma"):
        first.matters.create_matter(name)
    first.matters.refresh(select="Beta")
    assert first.matter == "Beta"
    first.close()
    second = MainWindow(profile)
    qtbot.addWidget(second)
    assert second.matter == "Beta"
    long = "How long do the confidentiality obligations survive the termination of it all?"
    second.ask_panel.set_question(long)
    assert second.ask_panel.question.cursorPosition() == 0
    second.shutdown()
