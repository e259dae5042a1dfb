"""Currency of the sources: files re-checked on open (size and time, then the hash) and
fully re-hashed every ``source_check_days``, on real files and a real database. The
clock is injected; nothing sleeps. Ingest without the index sync: no embedder needed."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.config import Paths, Settings
from letadesk.domain import SourceState
from letadesk.errors import ConfigError
from letadesk.ingest.pipeline import ingest
from letadesk.store import sources
from letadesk.workspace import Workspace

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def ws(tmp_path: Path, clock: Clock) -> Iterator[Workspace]:
    workspace = Workspace(Paths.resolve(tmp_path / "profile"), clock=clock)
    yield workspace
    workspace.close()


def _ingest(ws: Workspace, *paths: Path) -> None:
    """The pipeline alone (the store is what currency reads), not the index sync."""
    ingest(ws._conn, ws.matters.create("M"), list(paths), settings=ws.settings)


def _state(ws: Workspace, path: Path) -> SourceState:
    doc = ws.documents.find(path.name)
    return doc.source_state


def _edit_keeping_size_and_time(path: Path, old: str, new: str) -> None:
    assert len(old.encode()) == len(new.encode())
    st = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime == st.st_mtime


def test_first_open_runs_a_full_pass_and_records_when(
    ws: Workspace, clock: Clock, tmp_path: Path
) -> None:
    _ingest(ws, write_text(tmp_path / "docs", "nda.txt", NDA_EN))
    report = ws.documents.check_sources()
    assert report.full and report.checked == 1 and report.rehashed == 1
    assert sources.last_source_check(ws._conn) == T0
    clock.advance(days=1)
    report = ws.documents.check_sources()
    assert not report.full and report.rehashed == 0  # size and time unchanged: not read
    assert sources.last_source_check(ws._conn) == T0


def test_an_edit_that_keeps_size_and_time_is_found_by_the_scheduled_full_pass(
    ws: Workspace, clock: Clock, tmp_path: Path
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    _ingest(ws, nda)
    ws.documents.check_sources()
    _edit_keeping_size_and_time(nda, "five (5) years", "nine (9) years")
    clock.advance(days=6, hours=23)
    assert ws.documents.check_sources().changed == []  # the cheap pass cannot see it
    assert _state(ws, nda) == SourceState.CURRENT
    clock.advance(hours=1)  # source_check_days (7) since the last full pass
    report = ws.documents.check_sources()
    assert report.full and report.changed == [str(nda)]
    assert _state(ws, nda) == SourceState.CHANGED and ws.documents.find("nda.txt").stale
    assert sources.last_source_check(ws._conn) == clock.now


def test_the_interval_is_the_setting(tmp_path: Path, clock: Clock) -> None:
    paths = Paths.resolve(tmp_path / "profile")
    Settings(source_check_days=2).save(paths)
    with Workspace(paths, clock=clock) as ws:
        ws.documents.check_sources()
        clock.advance(days=2)
        assert ws.documents.check_sources().full


def test_a_clock_set_back_makes_the_full_pass_due(
    ws: Workspace, clock: Clock, tmp_path: Path
) -> None:
    _ingest(ws, write_text(tmp_path / "docs", "nda.txt", NDA_EN))
    ws.documents.check_sources()
    clock.advance(days=-30)
    assert ws.documents.check_sources().full


def test_a_changed_size_marks_the_document_without_reading_the_file(
    ws: Workspace, tmp_path: Path
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    _ingest(ws, nda)
    ws.documents.check_sources()
    nda.write_text(NDA_EN + "\nSection 9. Added later.\n", encoding="utf-8")
    report = ws.documents.check_sources()
    assert not report.full and report.rehashed == 0 and report.changed == [str(nda)]
    assert _state(ws, nda) == SourceState.CHANGED


def test_a_touched_file_is_read_once_then_its_new_time_is_kept(
    ws: Workspace, tmp_path: Path
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    _ingest(ws, nda)
    ws.documents.check_sources()
    os.utime(nda, (1_700_000_000, 1_700_000_000))
    first = ws.documents.check_sources()
    assert first.rehashed == 1 and first.changed == []
    assert ws.documents.check_sources().rehashed == 0
    assert _state(ws, nda) == SourceState.CURRENT


def test_a_missing_file_is_marked_and_restoring_it_clears_the_mark(
    ws: Workspace, tmp_path: Path
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    contract = write_text(tmp_path / "docs", "contract.txt", CONTRACT_RO)
    _ingest(ws, tmp_path / "docs")
    ws.documents.check_sources()
    saved = tmp_path / "saved.txt"
    nda.rename(saved)
    assert ws.documents.check_sources().missing == [str(nda)]
    assert _state(ws, nda) == SourceState.MISSING
    assert _state(ws, contract) == SourceState.CURRENT
    saved.rename(nda)
    assert ws.documents.check_sources().current_again == [str(nda)]
    assert _state(ws, nda) == SourceState.CURRENT


def test_reverting_an_edit_clears_the_mark(ws: Workspace, tmp_path: Path) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    _ingest(ws, nda)
    nda.write_text(NDA_EN.replace("five (5)", "ten (10)"), encoding="utf-8")
    ws.documents.check_sources()
    assert _state(ws, nda) == SourceState.CHANGED
    nda.write_text(NDA_EN, encoding="utf-8")
    assert ws.documents.check_sources(full=False).current_again == [str(nda)]


def test_re_ingesting_the_file_clears_the_mark(ws: Workspace, tmp_path: Path) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    _ingest(ws, nda)
    nda.write_text(NDA_EN.replace("five (5)", "ten (10)"), encoding="utf-8")
    ws.documents.check_sources()
    assert _state(ws, nda) == SourceState.CHANGED
    _ingest(ws, nda)
    assert _state(ws, nda) == SourceState.CURRENT


def test_an_unchanged_re_ingest_of_a_restored_file_clears_the_mark(
    ws: Workspace, tmp_path: Path
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    _ingest(ws, nda)
    saved = nda.rename(tmp_path / "saved.txt")
    ws.documents.check_sources()
    assert _state(ws, nda) == SourceState.MISSING
    saved.rename(nda)
    _ingest(ws, nda)  # "unchanged": not parsed again, but current again
    assert _state(ws, nda) == SourceState.CURRENT


def test_a_matter_scoped_check_leaves_other_matters_and_the_schedule_alone(
    ws: Workspace, tmp_path: Path
) -> None:
    nda = write_text(tmp_path / "a", "nda.txt", NDA_EN)
    contract = write_text(tmp_path / "b", "contract.txt", CONTRACT_RO)
    ingest(ws._conn, ws.matters.create("A"), [nda], settings=ws.settings)
    ingest(ws._conn, ws.matters.create("B"), [contract], settings=ws.settings)
    nda.write_text("changed", encoding="utf-8")
    contract.write_text("changed", encoding="utf-8")
    report = ws.documents.check_sources(matter="A")
    assert not report.full and report.checked == 1 and report.changed == [str(nda)]
    assert _state(ws, contract) == SourceState.CURRENT
    assert sources.last_source_check(ws._conn) is None


@pytest.mark.parametrize("value", ["abc", 0, -1, 1.5, True, 100_000])
def test_an_invalid_interval_is_refused_naming_the_setting(tmp_path: Path, value: object) -> None:
    paths = Paths.resolve(tmp_path / "profile")
    paths.settings_file.write_text(json.dumps({"source_check_days": value}), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"settings\.json: .source_check_days.: .* is not valid"):
        Settings.load(paths)
