"""Loading the interface language (Qt translations compiled from letadesk/resources/i18n)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from letadesk.ui.resources import translations_dir

LANGUAGES = {"en": "English", "ro": "Română"}
_LOCALES = {"en": QLocale.Language.English, "ro": QLocale.Language.Romanian}
_installed: list[QTranslator] = []
_numbers = [QLocale(QLocale.Language.English)]  # the interface language's number format


def install_translator(app: QCoreApplication, language: str) -> bool:
    """Install the translator for ``language`` (``"en"`` needs none); True when loaded.

    Any previously installed LetaDesk translator is removed first."""
    while _installed:
        app.removeTranslator(_installed.pop())
    _numbers[0] = QLocale(_LOCALES.get(language, QLocale.Language.English))
    if language == "en":
        return True
    translator = QTranslator(app)
    if not translator.load(f"letadesk_{language}", str(translations_dir())):
        return False
    app.installTranslator(translator)
    _installed.append(translator)
    return True


def count(n: int) -> str:
    """``n`` as the interface language writes it: 4,000 in English, 4.000 in Romanian."""
    return _numbers[0].toString(n)
