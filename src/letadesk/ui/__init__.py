"""LetaDesk desktop window (PySide6). The only package that imports Qt; the core never
imports it. Importing it changes nothing in the interpreter: the work-around for the
pinned PySide6's reference leak runs when the window's QApplication is made
(:mod:`letadesk.ui.qt_compat`)."""
