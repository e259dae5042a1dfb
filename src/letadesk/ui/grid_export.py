"""Saving the review grid from the window: the save dialog, then Excel or Word
(:mod:`letadesk.export.grid`); a failure is shown, never raised into the event loop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from letadesk.errors import LetaDeskError
from letadesk.export.grid import write_grid_docx, write_grid_xlsx
from letadesk.review.grid import ReviewGrid


def save_grid(
    parent: QWidget,
    grid: ReviewGrid,
    kind: str,
    path: str | Path | None,
    default_name: str,
    language: str,
) -> Path | None:
    """Write ``grid`` as ``kind`` ("xlsx" or "docx") to ``path``, or to the file the
    lawyer picks (``default_name`` offered) when None; the file written, or None."""
    suffix = f".{kind}"
    title = QCoreApplication.translate("ReviewView", "Export the review grid")
    if path is None:
        chosen, _ = QFileDialog.getSaveFileName(
            parent, title, str(Path.home() / default_name), f"*{suffix}"
        )
        if not chosen:
            return None
        path = chosen if chosen.endswith(suffix) else chosen + suffix
    write = write_grid_xlsx if kind == "xlsx" else write_grid_docx
    try:
        return write(grid.as_json(), path, language=language)
    except (LetaDeskError, OSError) as exc:
        QMessageBox.warning(parent, title, str(exc))
        return None
