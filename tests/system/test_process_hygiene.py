"""Processes sharing a profile: parser workers die with their ingest, any number of
processes may open (create, migrate) a profile at once, and one matter takes one
ingest at a time."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corpus_factory import NDA_EN, write_text
from letadesk.errors import BusyError
from letadesk.store.database import open_database, schema_version
from letadesk.store.locks import file_lock
from letadesk.store.schema import LATEST_VERSION
from letadesk.workspace import Workspace

linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a live process, None when it is gone (or a zombie)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, ppid = raw.rsplit(")", 1)[1].split()[:2]
    return None if state in ("Z", "X") else (state, int(ppid))


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (st := _stat(int(entry.name))) and st[1] == pid:
            found.append(int(entry.name))
    return found


def _wait_until(check, timeout_s: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return check()


@linux_only
def test_kill_9_of_an_ingest_leaves_no_parser_running(tmp_path: Path) -> None:
    data, docs = tmp_path / "data", tmp_path / "docs"
    data.mkdir()
    # a file that keeps a parser busy for several seconds (~60 MB of text, one line)
    (data / "settings.json").write_text(
        json.dumps({"max_fragments_per_file": 10**7, "max_file_mb": 1024, "ingest_timeout_s": 600})
    )
    docs.mkdir()
    (docs / "huge.txt").write_bytes(b"lorem ipsum dolor sit amet " * 2_400_000)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "letadesk.cli",
            "--data-dir",
            str(data),
            "ingest",
            str(docs),
            "--matter",
            "M",
            "--json",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        assert _wait_until(lambda: _children(proc.pid), 60), "no parser worker started"
        time.sleep(2.0)  # the worker has imported the readers and is parsing
        workers = _children(proc.pid)
        assert workers and proc.poll() is None, "the ingest ended before it could be killed"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert _wait_until(lambda: not any(_stat(pid) for pid in workers), 5), (
        f"parser processes outlived their ingest: {[p for p in workers if _stat(p)]}"
    )


def _start_worker_under_a_wrong_parent(queue: mp.Queue) -> None:  # type: ignore[type-arg]
    """Starts a worker told its parent is another process (as if the parent had died
    before the worker ran): reports the exit code of the worker."""
    from letadesk.ingest import worker

    _parent, child = mp.get_context("spawn").Pipe()
    # the parent pid handed to the worker is not its parent: as if it had died first
    proc = mp.get_context("spawn").Process(
        target=worker._serve, args=(child, 512, os.getppid(), None)
    )
    proc.start()
    proc.join(timeout=30)
    queue.put(proc.exitcode)


def test_a_worker_whose_parent_is_already_gone_exits_at_once() -> None:
    queue: mp.Queue = mp.get_context("spawn").Queue()  # type: ignore[type-arg]
    runner = mp.get_context("spawn").Process(
        target=_start_worker_under_a_wrong_parent, args=(queue,)
    )
    runner.start()
    runner.join(timeout=60)
    assert queue.get(timeout=5) == 1  # exited by itself, not killed by join's timeout


def _open_fresh(path: str, start: float, queue: mp.Queue) -> None:  # type: ignore[type-arg]
    while time.time() < start:
        time.sleep(0.001)
    try:
        conn = open_database(Path(path))
        queue.put(schema_version(conn))
        conn.close()
    except Exception as exc:  # reported to the test, which fails on it
        queue.put(f"{type(exc).__name__}: {exc}")


@pytest.mark.slow  # starts many interpreters at once: tens of seconds on two cores
def test_many_processes_open_a_new_profile_at_once(tmp_path: Path) -> None:
    ctx = mp.get_context("spawn")
    for attempt in range(3):
        db = tmp_path / f"p{attempt}" / "letadesk.sqlite3"
        db.parent.mkdir()
        queue: mp.Queue = ctx.Queue()  # type: ignore[type-arg]
        start = time.time() + 3.0  # every process is imported and waiting by then
        procs = [ctx.Process(target=_open_fresh, args=(str(db), start, queue)) for _ in range(6)]
        for p in procs:
            p.start()
        results = [queue.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(timeout=10)
        assert results == [LATEST_VERSION] * len(procs)


def test_a_second_ingest_into_the_same_matter_fails_clearly(tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "a.txt", NDA_EN)
    ws = Workspace.open(tmp_path / "profile")
    ws.matters.create("M")
    other = Workspace.open(tmp_path / "profile")
    # another process holds the matter's lock (flock locks are per open file, so a
    # second handle in this process stands in for it)
    with file_lock(ws.paths.locks / f"matter-{ws.matters.named('M').id}.lock"):
        with pytest.raises(BusyError) as caught:
            other.documents.ingest([tmp_path / "docs"], matter="M")
        assert "matter 'M' is being ingested by another LetaDesk" in str(caught.value)
        assert f"process {os.getpid()}" in str(caught.value)
        assert other.documents.all("M") == []
    ws.close()
    other.close()
