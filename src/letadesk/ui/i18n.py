"""Loading the interface language (Qt translations compiled from letadesk/resources/i18n)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator

from letadesk.ui.resources import translations_dir

LANGUAGES = {"en": "English", "ro": "Română"}
_installed: list[QTranslator] = []


def install_translator(app: QCoreApplication, language: str) -> bool:
    """Install the translator for ``language`` (``"en"`` needs none); True when loaded.

    Any previously installed LetaDesk translator is removed first."""
    while _installed:
        app.removeTranslator(_installed.pop())
    if language == "en":
        return True
    translator = QTranslator(app)
    if not translator.load(f"letadesk_{language}", str(translations_dir())):
        return False
    app.installTranslator(translator)
    _installed.append(translator)
    return True
