"""Loading the interface language (Qt translations compiled from letadesk/resources/i18n)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from letadesk.ui.resources import translations_dir

LANGUAGES = {"en": "English", "ro": "Română"}
_LOCALES = {"en": QLocale.Language.English, "ro": QLocale.Language.Romanian}
_installed: list[QTranslator] = []
_catalogues: dict[str, QTranslator] = {}  # LetaDesk's own, by language, not installed
_numbers = [QLocale(QLocale.Language.English)]  # the interface language's number format


# LetaDesk's own catalogue, then Qt's strings (standard buttons, file dialogs, the edit
# menu): Qt ships no Romanian catalogue, so LetaDesk carries one (qt_ro.ts, by hand).
CATALOGUES = ("letadesk", "qt")


def install_translator(app: QCoreApplication, language: str) -> bool:
    """Install the translators for ``language`` (``"en"`` needs none); True when LetaDesk's
    own catalogue loaded (Qt's is optional: without it Qt's buttons stay in English).

    Any previously installed LetaDesk translator is removed first."""
    while _installed:
        app.removeTranslator(_installed.pop())
    _numbers[0] = QLocale(_LOCALES.get(language, QLocale.Language.English))
    if language == "en":
        return True
    loaded = []
    for catalogue in CATALOGUES:
        translator = QTranslator(app)
        if translator.load(f"{catalogue}_{language}", str(translations_dir())):
            app.installTranslator(translator)
            _installed.append(translator)
            loaded.append(catalogue)
    return "letadesk" in loaded


def count(n: int) -> str:
    """``n`` as the interface language writes it: 4,000 in English, 4.000 in Romanian."""
    return _numbers[0].toString(n)


def translate_in(language: str, context: str, text: str) -> str:
    """``text`` of ``context`` in ``language`` ("en", "ro") whatever the interface language:
    what an answer says of itself follows its question's language. An unknown or empty
    ``language``: the interface language."""
    if language not in LANGUAGES:
        return QCoreApplication.translate(context, text)
    if language == "en":
        return text
    if language not in _catalogues:
        translator = QTranslator()
        translator.load(f"letadesk_{language}", str(translations_dir()))
        _catalogues[language] = translator
    return _catalogues[language].translate(context, text) or text
