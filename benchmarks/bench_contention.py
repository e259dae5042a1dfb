"""Answer latency on a busy workstation: ``ask`` idle and beside CPU-bound competitors.

A lawyer's machine is never idle. This starts ``--competitors`` processes that each spin
one core (pure Python, like a browser tab or a virus scan), and times, in the same run:

* cold: ``letadesk ask`` as a fresh CLI process (models loaded from disk each time);
* warm: ``Workspace.ask`` repeated in one process (the window is such an engine), with
  the judge's scores and the query vector forgotten before each answer, so that each
  repeat computes what a new question would (models loaded, nothing cached);

for each question, idle first and then loaded, and prints the loaded/idle ratios and the
CPU-seconds each answer burnt (a thread pool that spins while it waits burns CPU time
far beyond its wall time). ``--generate always`` adds the local LLM to every answer (the
path that took 25 minutes under load before answers were extracted by default).

``--beside ingest`` loads the machine the way the window does instead: a thread of this
process, with its own workspace on the same profile (as the window's ingest engine),
adds CUAD PDFs to another matter, reading and embedding them, for as long as the
loaded answers take. The warm answers are then the window's question engine beside
its own ingest; the cold ones a CLI ``ask`` while the window ingests.

    .venv/bin/python benchmarks/bench_contention.py [--competitors 2] [--generate auto|always]
    .venv/bin/python benchmarks/bench_contention.py --beside ingest [--generate always]
    OMP_WAIT_POLICY=ACTIVE .venv/bin/python benchmarks/bench_contention.py   # the old default

Each run appends its table to results/contention.txt.
"""

# ruff: noqa: E402  (the imports follow prepare_environment(), on purpose)
from __future__ import annotations

# first, before numpy loads: the environment the app's entry point sets (numpy gets one
# BLAS thread, OpenMP threads wait passively); importing letadesk sets nothing itself
from letadesk.offline import prepare_environment  # isort: skip

prepare_environment()

import argparse
import multiprocessing as mp
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from _common import shared_data
from letadesk.answer.ask import AskOptions
from letadesk.index.questions_first import QuestionsFirst
from letadesk.judge import default_judge
from letadesk.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "resources" / "sample_matter"
MATTER = "Sample matter (fictional)"
QUESTIONS = (
    "How long do the confidentiality obligations survive termination?",
    "What can the Receiving Party disclose, and to whom?",
    "Care este durata contractului de prestări servicii?",
)
RESULTS = ROOT / "benchmarks" / "results" / "contention.txt"


def _spin() -> None:  # pragma: no cover - runs in the competitor processes
    while True:
        pass


@contextmanager
def competitors(n: int) -> Iterator[None]:
    procs = [mp.get_context("spawn").Process(target=_spin, daemon=True) for _ in range(n)]
    for p in procs:
        p.start()
    time.sleep(1.0)  # let them reach full speed
    try:
        yield
    finally:
        for p in procs:
            p.kill()
            p.join()


@contextmanager
def ingesting(data_dir: Path, pdfs: list[Path]) -> Iterator[None]:
    """A thread adding ``pdfs`` a few at a time to the matter "Archive", with its own
    workspace on ``data_dir`` (as the window's ingest engine), until the block ends. It
    goes on where the last block stopped, and starts a new matter "Archive N" when it
    has added them all."""
    stop, started = threading.Event(), threading.Event()

    def work() -> None:
        ws = Workspace.open(data_dir)
        try:
            while not stop.is_set():
                rounds, at = divmod(_added[0], len(pdfs))
                started.set()
                ws.documents.ingest(
                    pdfs[at : at + 4], matter=f"Archive {rounds + 1}", cancelled=stop.is_set
                )
                _added[0] += len(pdfs[at : at + 4])
        finally:
            ws.close()

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    started.wait()
    time.sleep(2.0)  # into the embedding of its first files
    try:
        yield
    finally:
        stop.set()
        thread.join()


_added = [0]  # PDFs the ingest thread has added so far, over every loaded block


def cold(data_dir: Path, question: str, generate: str) -> tuple[float, float]:
    """(wall s, CPU s of the child) of one ``letadesk ask`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    flag = ["--generate"] if generate == "always" else []
    subprocess.run(
        [
            sys.executable,
            "-m",
            "letadesk.cli",
            "--data-dir",
            str(data_dir),
            "ask",
            question,
            "--matter",
            MATTER,
            *flag,
        ],
        check=True,
        capture_output=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def warm(ws: Workspace, question: str, generate: str, repeats: int) -> tuple[float, float]:
    """(median wall s, median CPU s of this process) of ``repeats`` warm answers."""
    opts = AskOptions(generate={"auto": None, "always": True, "never": False}[generate])
    walls, cpus = [], []
    for _ in range(repeats):
        default_judge().clear_cache()
        ws.indexes.forget_last_query()
        t0, c0 = time.perf_counter(), time.process_time()
        ws.ask(question, matter=MATTER, options=opts)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), statistics.median(cpus)


def measure(label: str, fn: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    wall, cpu = fn()
    print(f"  {label}: {wall:.2f} s wall, {cpu:.2f} s CPU", flush=True)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--competitors", type=int, default=2)
    parser.add_argument("--generate", choices=("auto", "always"), default="auto")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--beside", choices=("spin", "ingest"), default="spin")
    parser.add_argument(
        "--no-yield",
        action="store_true",
        help="the ingest does not wait for answers (questions_first off: the before figure)",
    )
    args = parser.parse_args()
    if args.no_yield:
        QuestionsFirst.wait = lambda self, cancelled=None: 0.0  # type: ignore[method-assign]
    beside = (
        f"{args.competitors} CPU-bound competitors"
        if args.beside == "spin"
        else "an ingest of CUAD PDFs in this process (the window's ingest engine)"
        + (", not yielding to answers" if args.no_yield else ", yielding to answers")
    )
    lines = [
        f"# ask beside {beside} on {os.cpu_count()} cores "
        f"(generate={args.generate}, OMP_WAIT_POLICY={os.environ['OMP_WAIT_POLICY']})",
        "",
        "| question | mode | idle s | loaded s | ratio | idle CPU s | loaded CPU s |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "profile"
        ws = Workspace.open(data_dir)
        ws.documents.ingest([SAMPLE], matter=MATTER)
        ws.ask(QUESTIONS[0], matter=MATTER)  # load every model once
        pdfs = sorted((shared_data() / "cuad" / "pdf").iterdir()) if args.beside == "ingest" else []

        def loaded_by(loaded: bool) -> Any:
            if args.beside == "ingest":
                return ingesting(data_dir, pdfs) if loaded else nullcontext()
            return competitors(args.competitors if loaded else 0)

        for question in QUESTIONS:
            print(question, flush=True)
            runs: dict[str, dict[str, tuple[float, float]]] = {"cold": {}, "warm": {}}
            for load in ("idle", "loaded"):
                with loaded_by(load == "loaded"):
                    runs["cold"][load] = measure(
                        f"cold {load}", lambda q=question: cold(data_dir, q, args.generate)
                    )
                    runs["warm"][load] = measure(
                        f"warm {load}", lambda q=question: warm(ws, q, args.generate, args.repeats)
                    )
            for mode, r in runs.items():
                (iw, ic), (lw, lc) = r["idle"], r["loaded"]
                lines.append(
                    f"| {question} | {mode} | {iw:.2f} | {lw:.2f} | {lw / iw:.1f} | "
                    f"{ic:.2f} | {lc:.2f} |"
                )
        ws.close()
    text = "\n".join(lines) + "\n"
    print(text)
    with RESULTS.open("a", encoding="utf-8") as out:  # one section per run
        out.write(text + "\n")


if __name__ == "__main__":
    main()
