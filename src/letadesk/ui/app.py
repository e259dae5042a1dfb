"""Starting the desktop window: ``letadesk`` with no arguments calls :func:`run_app`."""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from letadesk.config import Paths, Settings
from letadesk.errors import LetaDeskError
from letadesk.ui.i18n import install_translator
from letadesk.ui.profile import FirmServer
from letadesk.ui.qt_compat import pin_singletons
from letadesk.ui.style import STYLE


def application(language: str = "en") -> QApplication:
    """The QApplication (created once), styled and translated."""
    pin_singletons()  # before the window's first Qt call: PySide6 6.12's reference leak
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName("LetaDesk")
    app.setOrganizationName("LetaDesk")
    app.setStyle("Fusion")
    app.setStyleSheet(STYLE)
    install_translator(app, language)
    return app


NO_DISPLAY = (
    "letadesk: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not "
    "set; over SSH, use the command line). The same work from the command line: "
    "letadesk ingest, ask, docs, review, check-document, search, audit, doctor "
    "(letadesk --help lists every verb)."
)


def no_display() -> bool:
    """True on Linux with neither an X nor a Wayland display and no Qt platform chosen:
    Qt would abort there (exit 134, "xcb-cursor0 is needed"), misleadingly."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_app(data_dir: str | None = None, server: FirmServer | None = None) -> int:
    """Open the main window on ``data_dir`` (or the default profile), or on the firm
    ``server`` beside it (:mod:`letadesk.ui.firm_mode`); the exit code (2, with a line
    that names the command line's verbs, where there is no display)."""
    if no_display() and QApplication.instance() is None:
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    try:
        paths = Paths.resolve(data_dir)
        language = Settings.load(paths).language
    except LetaDeskError as exc:
        application()
        QMessageBox.critical(None, "LetaDesk", str(exc))
        return exc.exit_code
    app = application(language)
    from letadesk.ui.main_window import MainWindow

    try:
        window = MainWindow(paths.root, server=server)
    except LetaDeskError as exc:
        QMessageBox.critical(None, "LetaDesk", str(exc))
        return exc.exit_code
    window.show()
    window.load_sample_matter()
    return int(app.exec())
