"""LetaDesk desktop window (PySide6). The only package that imports Qt; the core never
imports it."""

from letadesk.ui.qt_compat import pin_singletons

pin_singletons()
