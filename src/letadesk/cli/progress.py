"""Terminal progress bars (rich) for long CLI work; silent when not on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from letadesk.ingest.pipeline import Progress as ProgressFn
from letadesk.text import printable


class Bars:
    def __init__(self, progress: Progress | None) -> None:
        self._progress = progress

    def task(self, label: str) -> ProgressFn | None:
        if self._progress is None:
            return None
        progress = self._progress
        task_id = progress.add_task(label, total=None, visible=False)

        def update(done: int, total: int, current: str) -> None:
            progress.update(
                task_id,
                completed=done,
                total=total,
                visible=True,
                description=f"{label} {escape(printable(Path(current).name[:40]))}",
            )

        return update


@contextmanager
def progress_bar(*, quiet: bool = False) -> Iterator[Bars]:
    if quiet or not sys.stderr.isatty():
        yield Bars(None)
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, transient=True) as progress:
        yield Bars(progress)
