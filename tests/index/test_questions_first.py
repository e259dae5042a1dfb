"""Questions first: an ingest's embedding waits while a question is being answered on
the same profile, from another thread (the window) or another process (the CLI)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from letadesk.index.questions_first import STALE_S, QuestionsFirst
from letadesk.workspace import Workspace


def test_a_marker_lives_as_long_as_the_answer(tmp_path: Path) -> None:
    flags = QuestionsFirst(tmp_path / "asking")
    assert not flags.asking()  # no folder yet
    with flags.answering():
        assert flags.asking()
        assert QuestionsFirst(tmp_path / "asking").asking()  # seen by any other reader
    assert not flags.asking()
    assert list((tmp_path / "asking").iterdir()) == []


def test_a_killed_answers_marker_goes_stale_and_is_removed(tmp_path: Path) -> None:
    flags = QuestionsFirst(tmp_path / "asking")
    (tmp_path / "asking").mkdir()
    left = tmp_path / "asking" / f"{os.getpid()}-678"  # as if this process were killed
    left.touch()
    assert flags.asking()
    old = time.time() - STALE_S - 1
    os.utime(left, (old, old))
    assert not flags.asking()
    assert not left.exists()


@pytest.mark.skipif(os.name != "posix", reason="process ids are checked on POSIX only")
def test_a_dead_processs_marker_is_removed_at_once(tmp_path: Path) -> None:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    (tmp_path / "asking").mkdir()
    left = tmp_path / "asking" / f"{child.stdout.strip()}-1"
    left.touch()
    assert not QuestionsFirst(tmp_path / "asking").asking()
    assert not left.exists()


def test_wait_ends_with_the_answer_or_a_cancel(tmp_path: Path) -> None:
    flags = QuestionsFirst(tmp_path / "asking")
    assert flags.wait() == 0.0
    with flags.answering():
        assert flags.wait(cancelled=lambda: True) == 0.0
        polls = iter(range(100))
        assert flags.wait(cancelled=lambda: next(polls) > 3) > 0.0


def test_an_unwritable_profile_answers_without_a_marker(tmp_path: Path) -> None:
    blocker = tmp_path / "asking"
    blocker.write_text("a file where the folder should be")
    flags = QuestionsFirst(blocker)
    with flags.answering():
        assert not flags.asking()


def test_embedding_pauses_while_a_question_is_answered(tmp_path: Path) -> None:
    """The window's ingest engine embeds in its own workspace; a question answered on the
    same profile holds it after its current batch, and it resumes when the answer ends."""
    root = tmp_path / "profile"
    text = tmp_path / "lege.txt"
    text.write_text(
        "\n\n".join(f"Articolul {i}\n" + f"Prevederea {i} a legii. " * 40 for i in range(1, 200)),
        encoding="utf-8",
    )
    ws = Workspace.open(root)
    started = threading.Event()
    ws.documents.ingest(
        [text],
        matter="M",
        embed_progress=lambda *_: started.set(),
        cancelled=started.is_set,  # stored and searchable by words; not embedded
    )
    pending = sum(ws.documents.pending().values())
    assert pending > 64  # more than one of the embedder's batches
    reports: list[int] = []

    def ingest_engine() -> None:
        other = Workspace.open(root)
        try:
            other.indexes.sync(progress=lambda done, _total, _title: reports.append(done))
        finally:
            other.close()

    with ws.indexes.questions.answering():
        engine = threading.Thread(target=ingest_engine)
        engine.start()
        time.sleep(1.5)
        assert max(reports, default=0) <= 64  # at most the batch it was in
        assert engine.is_alive()
    engine.join(timeout=30)
    assert not engine.is_alive()
    assert reports[-1] == pending and sum(ws.documents.pending().values()) == 0
    ws.close()
