"""A review grid without an as-of date is filled as of today, and a stored cell is reused
on a later day only when that cannot change it: when every document of the matter is in
force on both days. A version that ended in between is asked again, not shown as
yesterday's answer."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

import letadesk.judge
from corpus_factory import LEGEA_50_2020, NDA_EN, write_text
from letadesk.config import Paths
from letadesk.errors import ModelError
from letadesk.review.grid import fill_grid
from letadesk.review.templates import Question
from letadesk.store.corpus import LegalMeta
from letadesk.workspace import Workspace

QUESTIONS = [Question("Termen", "Ce prevede art. 2 alin. (1) din Legea nr. 50/2020?")]
NOW = [datetime(2022, 6, 1, 12, 0, tzinfo=UTC)]  # the workspace's clock, moved by the tests


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Workspace]:
    def no_judge() -> object:  # scripted: the judge unavailable (the lexical checks decide)
        raise ModelError("judge.onnx: not loaded in this test")

    monkeypatch.setattr(letadesk.judge, "default_judge", no_judge)
    NOW[0] = datetime(2022, 6, 1, 12, 0, tzinfo=UTC)
    with Workspace(Paths.resolve(tmp_path / "profile"), clock=lambda: NOW[0]) as ws:
        docs = tmp_path / "docs"
        ws.documents.ingest(
            [write_text(docs, "legea_50-2020.txt", LEGEA_50_2020)],
            matter="Versions",
            meta=LegalMeta(
                legal_force="law", valid_from=date(2020, 3, 10), valid_to=date(2022, 12, 31)
            ),
        )
        ws.documents.ingest([write_text(tmp_path / "nda", "nda.txt", NDA_EN)], matter="Contracts")
        yield ws


def test_a_cell_is_reused_on_a_later_day_when_everything_stays_in_force(
    ws: Workspace,
) -> None:
    first = fill_grid(ws, "Contracts", QUESTIONS)
    assert first.asked == 1
    NOW[0] = datetime(2025, 1, 15, 12, 0, tzinfo=UTC)
    again = fill_grid(ws, "Contracts", QUESTIONS)
    assert (again.asked, again.reused) == (0, 1)


def test_a_version_that_ended_since_is_asked_again_not_reused(ws: Workspace) -> None:
    first = fill_grid(ws, "Versions", QUESTIONS)
    (cell,) = first.cells.values()
    assert first.asked == 1 and cell.claims  # in force on 2022-06-01: answered from it
    NOW[0] = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)  # its validity ended on 2022-12-31
    later = fill_grid(ws, "Versions", QUESTIONS)
    (cell,) = later.cells.values()
    assert (later.asked, later.reused) == (1, 0)
    assert not cell.claims  # nothing in force today to cite
    # the same later day again: that day's cell is reused
    assert fill_grid(ws, "Versions", QUESTIONS).reused == 1
