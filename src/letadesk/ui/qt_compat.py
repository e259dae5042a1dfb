"""Work-around for a reference-counting defect of the pinned PySide6 (6.12.0).

On CPython 3.11 every call of a ``void`` Qt method from Python (``setText``,
``processEvents``, ``setEnabled``...) takes one reference from ``None`` without
having given it, and every ``Signal.emit()`` does the same to ``True``. After a few
thousand calls the interpreter aborts ("none_dealloc: deallocating None" /
"bool_dealloc"). CPython 3.12+ makes these singletons immortal, which hides the bug.

:func:`pin_singletons` raises the reference counts of ``None``, ``True`` and
``False`` by 2**40 once, so the leak can never bring them to zero in a process's
lifetime. It is harmless: those objects are never freed anyway. It runs when
``letadesk.ui`` is imported, before any Qt call.
"""

from __future__ import annotations

import ctypes
import sys

_BOOST = 1 << 40
_pinned = False


def _needed() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12)


def pin_singletons() -> bool:
    """Raise the singletons' reference counts (once); True when done now or before."""
    global _pinned
    if _pinned or not _needed():
        return _pinned
    cells = [ctypes.c_ssize_t.from_address(id(obj)) for obj in (None, True, False)]
    # ob_refcnt must be the object's first field (not a Py_TRACE_REFS build): check it
    # against sys.getrefcount before writing anything.
    for obj, cell in zip((None, True, False), cells, strict=True):
        if abs(cell.value - (sys.getrefcount(obj) - 1)) > 8:
            return False
    for cell in cells:
        cell.value += _BOOST
    _pinned = True
    return True
