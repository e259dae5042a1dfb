"""What the main window's status bar says about the work it runs: reading and indexing
progress, how an add ended, how long a question took. Translated in the window's own
context ("MainWindow"), as when the window wrote them itself."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication

from letadesk.domain import Answer, IngestReport
from letadesk.ui.i18n import count


def reading(done: int, total: int, path: str) -> str:
    return QCoreApplication.translate("MainWindow", "Reading {done}/{total}: {name}").format(
        done=done, total=total, name=Path(path).name
    )


def indexing(done: int, total: int) -> str:
    return QCoreApplication.translate("MainWindow", "Indexing passages {done}/{total}").format(
        done=count(done), total=count(total)
    )


def ingest_summary(report: IngestReport) -> str:
    """How an add ended: what was cancelled and is pending, or what was added; and the
    hidden entries (.git, .DS_Store) it skipped, if any."""
    return _ingest_counts(report) + _hidden(report)


def _ingest_counts(report: IngestReport) -> str:
    if report.cancelled:
        return QCoreApplication.translate(
            "MainWindow",
            "Cancelled: {i} document(s) fully indexed, {p} pending (the "
            "next add resumes them), {r} not read, {f} failed.",
        ).format(
            i=len(report.indexed),
            p=len(report.pending),
            r=len(report.not_read),
            f=len(report.failed),
        )
    counts = QCoreApplication.translate(
        "MainWindow", "Added {a}, updated {u}, unchanged {n}, failed {f}."
    ).format(a=report.added, u=report.updated, n=report.unchanged, f=len(report.failed))
    if not report.moved:
        return counts
    return (
        counts
        + " "
        + QCoreApplication.translate(
            "MainWindow", "{m} document(s) followed their file to a new place."
        ).format(m=report.moved)
    )


def _hidden(report: IngestReport) -> str:
    if not report.skipped_hidden:
        return ""
    return " " + QCoreApplication.translate(
        "MainWindow", "{h} hidden entries skipped ({names})."
    ).format(h=len(report.skipped_hidden), names=report.hidden_names())


def answered(answer: Answer) -> str:
    """How long the question took, or that it was refused."""
    if not answer.answered:
        return QCoreApplication.translate("MainWindow", "No answer (see the reason).")
    seconds = answer.stages.get("total", 0.0)
    return QCoreApplication.translate("MainWindow", "Answered in {s:.1f} s.").format(s=seconds)
