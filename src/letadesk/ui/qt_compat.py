"""Work-around for a reference-counting defect of the pinned PySide6 (6.12.0).

On CPython 3.11 every call of a ``void`` Qt method from Python (``setText``,
``processEvents``, ``setEnabled``...) takes one reference from ``None`` without having
given it, and every ``Signal.emit()`` does the same to ``True`` (measured: 100 calls, 100
references; ``False`` loses none). After a few thousand calls the interpreter aborts
("none_dealloc: deallocating None" / "bool_dealloc"): 10,000 ``setText`` calls are
enough. CPython 3.12+ makes these singletons immortal, which hides the bug; no PySide6
release after 6.12.0 is available to move to.

There is no Python-level fix: the references are dropped inside the bindings. So
:func:`pin_singletons`, which :func:`letadesk.ui.app.application` calls before it makes
the QApplication, first measures the leak (64 void calls on a probe QObject, 64
emissions of its signal) and raises the reference count of each singleton that leaked,
and only of those, by 2**40 once: the leak can then never bring it to zero in a
process's lifetime. Those objects are never freed anyway. Nothing happens at import, on
CPython 3.12+, on another interpreter, or with bindings that do not leak.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject

_BOOST = 1 << 40
_PROBE_CALLS = 64
_pinned: tuple[object, ...] | None = None


def _lost(singleton: object, call: Callable[[], object]) -> int:
    """References ``singleton`` lost over :data:`_PROBE_CALLS` calls of ``call``."""
    before = sys.getrefcount(singleton)
    for _ in range(_PROBE_CALLS):
        call()
    return before - sys.getrefcount(singleton)


def leaking_singletons() -> tuple[object, ...]:
    """The singletons whose references the Qt bindings drop, measured now."""
    probe = QObject()
    probes: tuple[tuple[object, Callable[[], object]], ...] = (
        (None, lambda: probe.setObjectName("probe")),  # a void method
        (True, lambda: probe.objectNameChanged.emit("probe")),  # a signal
        (False, lambda: probe.objectNameChanged.emit("probe")),
    )
    return tuple(obj for obj, call in probes if _lost(obj, call) >= _PROBE_CALLS // 2)


def _mortal() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12)


def pin_singletons() -> tuple[object, ...]:
    """Pin the singletons that leak (measured once a process); those pinned."""
    global _pinned
    if _pinned is None:
        _pinned = _pin(leaking_singletons()) if _mortal() else ()
    return _pinned


def _pin(leaking: tuple[object, ...]) -> tuple[object, ...]:
    cells = [ctypes.c_ssize_t.from_address(id(obj)) for obj in leaking]
    # ob_refcnt must be the object's first field (not a Py_TRACE_REFS build): check it
    # against sys.getrefcount before writing anything.
    for obj, cell in zip(leaking, cells, strict=True):
        if abs(cell.value - (sys.getrefcount(obj) - 1)) > 8:
            return ()
    for cell in cells:
        cell.value += _BOOST
    return leaking
